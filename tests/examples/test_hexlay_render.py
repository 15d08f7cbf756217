"""Tile Lay's images: the board shows each player's track in their colour, the private panel, the result and the
detail of one hex with its candidate tiles in their legal rotations; Chinese renders with the CJK font."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from games.core import Rng
from games.examples.hexlay import GAME
from games.examples.hexlay.board import board, count_at, lays_at
from games.examples.hexlay.state import HexlayState
from games.examples.hexlay.view import HexlayView
from render import Renderer, renderer_for
from render.hexes import CASING
from render.hexlay import RENDERER, SEAT_COLOURS, draw_board, draw_detail_canvas
from render.kit import Canvas, is_cjk, recording

from .hexlay_helpers import position

NAMES = ["Ann", "Bob", "Cat"]


def pixel(canvas: Canvas, point: tuple[float, float]) -> tuple[int, ...]:
    assert canvas.image is not None
    value = canvas.image.getpixel((round(point[0] * canvas.scale), round(point[1] * canvas.scale)))
    assert isinstance(value, tuple)
    return value


def png_size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as image:
        return image.size


def played(moves: int = 24, players: int = 3, seed: int = 4) -> object:
    state = GAME.setup(players, {}, seed)
    rng = Rng.from_seed(seed)
    for _ in range(moves):
        if GAME.is_over(state):
            break
        state = GAME.apply(state, state.current, GAME.bot_move(state, state.current, rng)).state
    return state


def chinese(drawn: list) -> list:  # type: ignore[type-arg]
    """Drawn strings with Chinese in them; each must be drawn as given (no "?" for a missing glyph)."""
    found = [d for d in drawn if any(is_cjk(ch) for ch in d.text)]
    for d in found:
        assert d.text == d.source or d.source.startswith(d.text.rstrip("…")), d
    return found


def test_the_title_declares_this_renderer() -> None:
    assert renderer_for("hexlay") is RENDERER and isinstance(RENDERER, Renderer)


def test_the_board_draws_track_in_the_layers_colour() -> None:
    state = position({"E8": ("s1", 0, 0), "H11": ("s1", 1, 1)}, players=3)
    image = draw_board(GAME.view(state, None), "en", NAMES)
    b = board()
    centre = image.layout.centre(b.coords[b.index["E8"]])
    assert pixel(image.canvas, centre) == SEAT_COLOURS[0]                         # seat 0's straight, N-S
    # its white casing: a band under 2 px wide at output size, so the palest pixel beside the core is near white
    beside = [pixel(image.canvas, (centre[0] + dx, centre[1])) for dx in range(2, 7)]
    palest = max(beside, key=sum)
    assert all(abs(a - b) <= 12 for a, b in zip(palest, CASING, strict=False)), beside
    assert pixel(image.canvas, image.layout.centre(b.coords[b.index["H11"]])) == SEAT_COLOURS[1]
    empty = image.layout.centre(b.coords[b.index["E12"]])
    assert pixel(image.canvas, (empty[0], empty[1] + 10)) != SEAT_COLOURS[0]
    with recording() as drawn:
        data = RENDERER.board(GAME.view(state, None), "en", NAMES)
    texts = {d.text for d in drawn}
    assert {"Tile Lay", "Ann", "Bob", "Cat", "Northgate", "Westhaven", "E12", "s1 ×4"} <= texts
    width, height = png_size(data)
    assert 1000 <= width <= 1400 and 600 <= height <= 900                     # readable in a chat preview


def test_chinese_renders_on_the_board_and_the_private_panel() -> None:
    state = played()
    with recording() as drawn:
        RENDERER.board(GAME.view(state, None), "zh", ["安", "博", "西"])
    found = chinese(drawn)
    assert {"铺轨", "安"} <= {d.text for d in found}
    cities = {board().site_by_hex[c].names["zh"] for c in state.cities}  # type: ignore[attr-defined]
    assert cities <= {d.text for d in found}
    with recording() as drawn:
        data = RENDERER.private(GAME.view(state, state.current), "zh", NAMES)  # type: ignore[attr-defined]
    texts = {d.text for d in chinese(drawn)}
    assert any(t.startswith("你有") and "种铺法" in t for t in texts)
    assert "s3  急弯" in {d.text for d in drawn} and "总站" in " ".join(texts)
    assert png_size(data)[0] == 980


def test_the_private_panel_shows_the_supply_and_the_viewers_lays() -> None:
    state = played(10)
    mine: HexlayView = GAME.view(state, state.current)  # type: ignore[arg-type]
    with recording() as drawn:
        RENDERER.private(mine, "en", NAMES)
    texts = [d.text for d in drawn]
    assert f"You can lay {mine.lays:,} ways, or pass" in texts
    assert sum(1 for t in texts if t.startswith(("s", "j", "x", "t")) and "  " in t) == 30
    waiting = GAME.view(state, (state.current + 1) % 3)  # type: ignore[attr-defined]
    with recording() as drawn:
        RENDERER.private(waiting, "en", NAMES)
    assert any(d.text.startswith("Waiting for") for d in drawn)


def test_the_result_ranks_the_players_and_shows_the_map() -> None:
    state = played(400)
    outcome = GAME.outcome(state)  # type: ignore[arg-type]
    assert outcome is not None
    for lang in ("en", "zh"):
        with recording() as drawn:
            data = RENDERER.result(outcome, GAME.view(state, None), lang, NAMES)  # type: ignore[arg-type]
        texts = {d.text for d in drawn}
        winner = NAMES[outcome.winners[0]]
        assert any(winner in t for t in texts)
        assert ("Results" if lang == "en" else "结果") in texts
        width, height = png_size(data)
        assert width >= 900 and height > 700
    assert chinese(drawn)


def focused(state: HexlayState, hex_id: str) -> HexlayView:
    """Seat 0's view beside the menu at ``lay <hex_id>``, as the adapter builds it (``Game.focus_view``)."""
    return GAME.focus_view(state, 0, ["lay", hex_id], GAME.view(state, 0))  # type: ignore[no-any-return]


def test_the_detail_offers_each_fitting_tile_in_its_legal_rotations() -> None:
    state = position({"E8": ("s1", 0, 1)})
    v = focused(state, "e10")
    b = board()
    expected = lays_at(b.index["E10"], state.laid, frozenset(state.cities), state.supply)
    with recording() as drawn:
        canvas = draw_detail_canvas(v, "e10", "en", NAMES)
    labels = [d.text for d in drawn if d.text[:1] == "r" and d.text[1:].isdigit()]
    assert labels == [f"r{k}" for _, rotations in expected for k in rotations]
    assert len(labels) == count_at(b.index["E10"], state.laid, frozenset(state.cities), state.supply)
    texts = {d.text for d in drawn}
    assert f"E10 · {len(labels)} lays" in texts and "s1 Straight  ×5" in texts and "E8" not in texts
    assert canvas.width <= 1100
    with recording() as drawn:
        zh = RENDERER.detail(v, "E10", "zh", NAMES)  # type: ignore[attr-defined]
    assert any(d.text.startswith("s1 直轨") for d in chinese(drawn)) and png_size(zh)[0] > 300
    with recording() as drawn:
        draw_detail_canvas(focused(GAME.setup(2, {}, 1), "E8"), "E8", "en")      # an open hex: every tile fits
    assert sum(1 for d in drawn if d.text[:1] == "r" and d.text[1:].isdigit()) == 156 > len(labels)
    with recording() as drawn:
        draw_detail_canvas(focused(state, "C4"), "C4", "en")                      # a city: nothing to lay
    assert not [d for d in drawn if d.text == "r0"] and "C4 · Northgate" in {d.text for d in drawn}
    with pytest.raises(ValueError):
        draw_detail_canvas(v, "Z41", "en")


def test_the_detail_draws_only_what_the_view_offers_the_renderer_runs_no_rules() -> None:
    """The fitting lays come from ``Game.focus_view`` (issue 24 §4): a view without them draws none, and
    the focus view offers them for the chosen hex only."""
    state = position({"E8": ("s1", 0, 1)})
    with recording() as drawn:
        draw_detail_canvas(GAME.view(state, 0), "E10", "en", NAMES)
    assert not [d for d in drawn if d.text[:1] == "r" and d.text[1:].isdigit()]
    assert set(focused(state, "E10").fits) == {"E10"}
    assert focused(state, "E8").fits == {} and focused(state, "C4").fits == {}
    assert GAME.focus_view(state, 0, ["lay"], GAME.view(state, 0)).fits == {}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_patched_map_is_the_map_drawn_whole_with_the_same_strings(lang: str,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A map drawn after another is patched where they differ (issue 25 §2): over a seeded four-seat game, every
    third position's map, patched from the maps before (3–10 hexes apart), is the map drawn whole, pixel for pixel,
    with the same strings."""
    from PIL import ImageChops

    from render import hexlay

    state = GAME.setup(4, {}, "patch")
    rng = Rng.from_seed("patch")
    states = [state]
    while acting := sorted(GAME.to_act(state)):
        seat = acting[rng.below(len(acting))]
        state = GAME.apply(state, seat, GAME.bot_move(state, seat, rng)).state
        states.append(state)
    hexlay._BASES.clear()
    patches: list[int] = []
    patch_map = hexlay.patch_map

    def counted(*args: Any, **kwargs: Any) -> Any:
        patches.append(1)
        return patch_map(*args, **kwargs)

    monkeypatch.setattr(hexlay, "patch_map", counted)
    for state in states[::3]:
        view = GAME.view(state, None)
        hexlay._MAPS.clear()
        with recording() as pasted:
            drawn = hexlay._map(view, lang, hexlay.HEX)
        with recording() as whole_texts:
            whole = hexlay._draw_map(view, lang, hexlay.HEX, labels=True)
        assert drawn.canvas.image is not None and whole.canvas.image is not None
        assert ImageChops.difference(drawn.canvas.image, whole.canvas.image).getbbox() is None
        key = lambda t: (t.text, round(t.xy[0], 4), round(t.xy[1], 4))  # noqa: E731
        assert sorted(map(key, pasted)) == sorted(map(key, whole_texts))
    assert len(patches) == len(states[::3]) - 1            # every map but the first is patched
