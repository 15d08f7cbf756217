"""Every title's boards are mapped onto the title's fixed palette (issue 25 §2: no palette is chosen per board),
and that palette still maps fresh boards closely: a renderer that starts drawing colours the palette lacks fails
here until ``python -m bench.palettes --update`` chooses the palettes again."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bench.palettes import boards, fit
from games.registry import game_ids, get_game
from render import renderer_for
from render.kit import board_palette, capturing, encode_png
from render.kit.png import palette_table

TITLES = game_ids(examples=True)


def test_every_title_has_a_palette_of_256_colours() -> None:
    table = palette_table()
    assert set(TITLES) <= set(table)
    for game_id in TITLES:
        colours = table[game_id]["colours"]
        assert len(colours) == 256, game_id
        assert all(len(c) == 6 and int(c, 16) >= 0 for c in colours), game_id
    assert board_palette("no-such-title") is None


@pytest.mark.parametrize("game_id", TITLES)
def test_a_board_is_drawn_in_its_titles_palette_and_looks_as_drawn(game_id: str) -> None:
    game = get_game(game_id)
    state = game.setup(game.meta.max_players, {}, "palette-test")
    palette = board_palette(game_id)
    assert palette is not None
    with capturing() as found:
        data = renderer_for(game_id).board(game.view(state, None), "zh")
    with Image.open(io.BytesIO(data)) as png:
        assert png.mode == "P"
        assert png.getpalette() == palette.getpalette()
        shown = png.convert("RGB")
    drawn, scale = found[-1]
    assert scale == 1 and shown.size == drawn.size
    measured = fit(drawn, palette)
    assert measured.off < 0.02 and measured.worst <= 64, measured


@pytest.mark.parametrize("game_id", ["royal-gorge", "megarich"])
def test_the_palette_maps_boards_of_a_game_it_was_not_chosen_from(game_id: str) -> None:
    palette = board_palette(game_id)
    assert palette is not None
    game = get_game(game_id)
    fits = [fit(image, palette) for image in boards(game_id, seeds=("palette-test",), shares=(0.5, 1.0),
                                                    langs=("en",), seats=(game.meta.max_players,))]
    # Measured when the palettes were chosen: at most 1.5 % of a fresh board's pixels are off by more than 8
    # levels (bench.palettes.NEAR; with a palette chosen per board: 1.3 %), on anti-aliased edges.
    assert max(f.off for f in fits) < 0.02, fits
    assert max(f.worst for f in fits) <= 64, fits


def test_a_palette_colour_comes_out_exactly_and_other_images_choose_their_own() -> None:
    palette = board_palette("landlords")
    assert palette is not None
    flat = palette.getpalette() or []
    colours = [tuple(flat[i:i + 3]) for i in (0, 3 * 17, 3 * 200)]
    image = Image.new("RGB", (300, 30))
    for n, colour in enumerate(colours):
        image.paste(colour, (100 * n, 0, 100 * n + 100, 30))
    mapped = Image.open(io.BytesIO(encode_png(image, palette=palette)))
    assert mapped.getpalette() == palette.getpalette()
    assert [mapped.convert("RGB").getpixel((100 * n + 50, 15)) for n in range(3)] == colours
    own = Image.open(io.BytesIO(encode_png(image)))
    assert own.getpalette() != palette.getpalette()
    assert own.convert("RGB").tobytes() == image.tobytes()


def test_an_image_over_the_board_budget_at_the_fast_level_is_compressed_harder(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import render.kit.png as png

    noisy = Image.effect_noise((200, 200), 64).convert("RGB")
    fast = encode_png(noisy)
    monkeypatch.setattr(png, "_DENSE_BYTES", len(fast) - 1)
    dense = encode_png(noisy)
    assert len(dense) < len(fast)
    with Image.open(io.BytesIO(fast)) as a, Image.open(io.BytesIO(dense)) as b:
        assert a.tobytes() == b.tobytes() and a.getpalette() == b.getpalette()
