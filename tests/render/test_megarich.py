"""巨富豪∞'s gathering images (render/megarich/): the board (a wrapped window of the map around the player to act,
the minimap, the travellers, the tram's cones) and the player panel, in English and Chinese. Checked through the
strings the images draw (render.kit.recording): Chinese with the CJK font (no tofu), the window wrapping across
the map's edges, the odds drawn only while the player must move, another seat's hand and a chance card's results
never drawn. Sizes and a rough CPU time are printed, not asserted."""

from __future__ import annotations

import io
import time
from collections.abc import Callable

import pytest
from PIL import Image

from games.core.rng import Rng
from games.megarich import board
from games.megarich.events import deck
from games.megarich.gathering import setup
from games.megarich.state import ChanceF, FreeF, GatherState, TileRecord
from games.megarich.view import GatherView, view
from render import fonts, recording
from render.kit import DrawnText, is_cjk
from render.megarich import board_image, draw_board, panel_image, private
from render.megarich.board import MAP_H, MAP_W, WIDTH, window
from render.megarich.common import item_name, tile_name

NAMES = ["Alice", "张伟", "Bob the Builder", "李娜"]
KIB = 1024


def table(players: int = 4) -> GatherState:
    """A gathering with pawns apart, two patents (one shared), states, buffs and hands."""
    state = setup(players, Rng.from_seed("render"))
    for seat, cell in enumerate([(8, 8), (9, 7), (6, 9), (0, 0)][:players]):
        state.seats[seat].cell = cell
    venice = state.tile_at((9, 7))
    state.tiles[venice] = TileRecord(candidate=0, patent=1, holders=[1, 0])
    state.seats[1].blocks[venice] = 3
    state.seats[0].blocks[venice] = 1
    state.seats[0].items = ["energy_bar", "pod_locomotive"]
    state.seats[1].items = ["first_aid"]
    if players > 2:
        state.seats[2].states = {"hospital": 1}
        state.seats[2].buffs = {"itchy_card": 2}
    return state


def png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


def chinese_ok(drawn: list[DrawnText]) -> list[str]:
    """The Chinese strings drawn, each checked to draw with the CJK font in both weights (no tofu)."""
    found = [d.text for d in drawn if any(is_cjk(ch) for ch in d.text)]
    face = fonts.font(24)
    for text in found:
        assert fonts.covers(face, text), f"{text!r} would draw as tofu"
        for bold in (False, True):
            used, _stroke = fonts.font_for(text, 24, bold)
            assert fonts.covers(used, text), f"{text!r} would draw as tofu (bold={bold})"
    return found


def timed(draw: Callable[[], bytes]) -> tuple[bytes, float]:
    start = time.process_time()
    data = draw()
    return data, time.process_time() - start


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_board_is_a_small_png_in_both_languages(players: int, lang: str) -> None:
    v = view(table(players), None)
    board_image(v, lang, NAMES)                       # warm the caches, as a running bot is
    data, took = timed(lambda: board_image(v, lang, NAMES))
    image = png(data)
    print(f"megarich board {players}p {lang}: {took * 1000:.0f} ms CPU, {len(data) / KIB:.0f} KiB, {image.size}")
    assert image.width == WIDTH and len(data) <= 200 * KIB


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_panel_is_a_small_png_in_both_languages(lang: str) -> None:
    v = view(table(), 0)
    data, took = timed(lambda: private(v, lang, NAMES))
    image = png(data)
    print(f"megarich panel {lang}: {took * 1000:.0f} ms CPU, {len(data) / KIB:.0f} KiB, {image.size}")
    assert len(data) <= 200 * KIB


def test_chinese_is_drawn_with_the_cjk_font() -> None:
    state = table()
    with recording() as drawn:
        draw_board(view(state, None), "zh", NAMES)
        private(view(state, 0), "zh", NAMES)
    shown = set(chinese_ok(drawn))
    assert {"巨富豪∞", "张伟", "李娜", "实事市", "入院"} <= shown
    assert tile_name(state.tile_at((9, 7)), "zh") in shown
    assert len(shown) > 80


def test_the_window_wraps_across_the_edges_of_the_map() -> None:
    corner = window((0, 0))
    cells = corner.visible()
    assert (15, 15) in cells and (15, 0) in cells and (0, 15) in cells and (0, 0) in cells
    assert len(corner.cells) == len(window((8, 8)).cells)
    state = table()
    with recording() as drawn:
        draw_board(view(state, None), "en", NAMES, focus=3)          # seat 3 stands on (0, 0)
    texts = {d.text for d in drawn}
    world = board.atlas()
    for cell in [(15, 15), (1, 0), (0, 1), (15, 1)]:
        name = tile_name(state.tile_at(cell), "en")
        assert any(t and name.startswith(t.rstrip("…").split()[0]) for t in texts), name
    assert world.torus.width == 16 and MAP_W > 10 * 44 and MAP_H > 7 * 44


def test_the_odds_are_drawn_only_while_the_player_must_move() -> None:
    state = table()
    moving = view(state, None)
    assert moving.step == "move" and moving.odds
    with recording() as drawn:
        draw_board(moving, "en", NAMES)
    texts = [d.text for d in drawn]
    assert texts.count("15%") == 6 * 4 and texts.count("8%") == 6 * 5
    assert {f"move {d}" for d in range(6)} <= set(texts)
    state.stack = [FreeF(state.current)]
    with recording() as drawn:
        draw_board(view(state, None), "en", NAMES)
    assert "15%" not in {d.text for d in drawn}


def test_a_pod_holders_own_view_draws_both_limits() -> None:
    state = table()
    mover = state.current
    state.seats[mover].items = ["pod_locomotive"]
    with recording() as drawn:
        draw_board(view(state, mover), "en", NAMES)
    texts = {d.text for d in drawn}
    assert {"move 0", "move 0 5"} <= texts
    assert any("4.8%" in t and "2.6%" in t for t in texts)
    with recording() as drawn:
        draw_board(view(state, None), "en", NAMES)
    assert "move 0 5" not in {d.text for d in drawn}


def test_another_seats_hand_is_never_drawn() -> None:
    state = table()
    hand = {item_name(i, lang) for i in ("energy_bar", "pod_locomotive") for lang in ("en", "zh")}
    for v, seat in ((view(state, None), 0), (view(state, 1), 0), (view(state, 0), 1)):
        for lang in ("en", "zh"):
            with recording() as drawn:
                draw_board(v, lang, NAMES)
                panel_image(v, seat, lang, NAMES)
            texts = " ".join(d.text for d in drawn)
            assert not any(name in texts for name in hand)
            assert item_name("first_aid", lang) not in texts
    with recording() as drawn:
        private(view(state, 0), "en", NAMES)
    own = {d.text for d in drawn}
    assert {item_name("energy_bar", "en"), item_name("pod_locomotive", "en")} <= own


def test_a_chance_cards_options_are_drawn_but_never_its_results() -> None:
    state = table()
    seat = state.current
    chance = next(c for c in deck().values() if c.kind == "chance")
    state.stack = [FreeF(seat, acted=True), ChanceF(seat, chance.id)]
    for viewer in (None, seat):
        v: GatherView = view(state, viewer)
        for lang in ("en", "zh"):
            with recording() as drawn:
                draw_board(v, lang, NAMES)
                panel_image(v, seat, lang, NAMES)
            texts = " ".join(d.text for d in drawn)
            assert (chance.en if lang == "en" else chance.zh) in texts
            for option in chance.choice:
                assert (option.en if lang == "en" else option.zh) in texts
                assert option.result_en not in texts and option.result_zh not in texts


def test_private_needs_a_seat() -> None:
    with pytest.raises(ValueError):
        private(view(table(), None), "en", NAMES)


def test_every_step_of_seeded_playouts_draws() -> None:
    """Random legal moves through short games: every kind of step (move, free, candidate, chance, shop) draws for a
    spectator and for the seat to act, the public images never name the acting seat's hand, and the finished
    phase draws too."""
    from games.megarich.gathering import legal, play

    seen: set[str] = set()
    for seed in ("draws", "a"):
        rng = Rng.from_seed(f"playout{seed}")
        state = setup(3, Rng.from_seed(seed), days=3)
        steps: set[str] = set()
        for _ in range(1000):
            if state.finished:
                break
            seat = getattr(state.stack[-1], "seat", state.current)
            v = view(state, None)
            if v.step not in steps:
                steps.add(v.step)
                with recording() as drawn:
                    draw_board(v, "zh", NAMES)
                    panel_image(v, seat, "zh", NAMES)
                texts = " ".join(d.text for d in drawn)
                assert not any(item_name(i, "zh") in texts for i in state.seats[seat].items)
                private(view(state, seat), "en", NAMES)
            moves = legal(state, seat)
            state, _events = play(state, seat, moves[rng.below(len(moves))])
        assert state.finished and view(state, None).step == "finished"
        draw_board(view(state, None), "en", NAMES)
        seen |= steps
    assert seen == {"move", "free", "candidate", "chance", "shop"}
