"""Pieces of boards drawn once and pasted (issue 25 §2) give the same pixels as drawn in place, are reused, and
a change of what they show still shows."""

from __future__ import annotations

import io
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pytest
from msgspec.structs import replace
from PIL import Image

import render.wonderful_world as ww
from games.registry import get_game
from render.kit import Canvas, canvas, capturing, recording
from render.landlords import board_image as landlords_board
from render.landlords import spaces
from render.static_layer import Sprites


def _positions(game_id: str, moves: Sequence[int], seed: str = "sprites") -> list[Any]:
    from games.core import Rng

    game = get_game(game_id)
    state = game.setup(game.meta.max_players, {}, seed)
    rng = Rng.from_seed(seed)
    found = []
    for n in range(max(moves) + 1):
        if n in moves:
            found.append(state)
        acting = sorted(game.to_act(state))
        if not acting:
            break
        seat = acting[rng.below(len(acting))]
        state = game.apply(state, seat, game.bot_move(state, seat, rng)).state
    return found


def _in_place(monkeypatch: pytest.MonkeyPatch, *sprites: Sprites) -> None:
    """Make ``sprites`` and the kit's icons draw in place instead of pasting."""
    def paste(cv: Canvas, key: Hashable, rect: Sequence[float], draw: Callable[[Canvas, float, float], object],
              *, background: Any = None) -> None:
        draw(cv, rect[0], rect[1])

    def icon(cv: Canvas, kind: Any, xy: tuple[float, float], size: float, background: Any,
             draw: Callable[[Canvas, tuple[float, float]], object]) -> None:
        draw(cv, xy)

    for sprite in sprites:
        monkeypatch.setattr(sprite, "paste", paste)
    monkeypatch.setattr(Canvas, "_sprite", icon)


def _drawn(draw: Callable[..., bytes], view: Any, lang: str = "zh") -> tuple[bytes, list[str]]:
    with capturing() as images, recording() as texts:
        draw(view, lang)
    return images[-1][0].tobytes(), sorted(t.text for t in texts)


@pytest.mark.parametrize("kind", ["board", "private"])
def test_wonderful_worlds_slot_frames_and_icons_paste_the_pixels_drawn_in_place(
        kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("wonderful-world")
    states = _positions("wonderful-world", [60, 140, 200])
    views = [game.view(state, None if kind == "board" else 0) for state in states]
    draw = ww.board if kind == "board" else ww.private
    canvas._ICONS.clear()
    ww._FRAMES.clear()
    pasted = [_drawn(draw, view) for view in views]
    assert len(canvas._ICONS._found) > 10 and ww._FRAMES._kept._found
    again = [_drawn(draw, view) for view in views]     # from the kept sprites
    _in_place(monkeypatch, ww._FRAMES)
    in_place = [_drawn(draw, view) for view in views]
    assert pasted == in_place
    assert again == in_place
    assert any(view.empires[0].construction for view in views)


def test_a_kept_icon_is_reused_and_a_paid_cube_still_shows() -> None:
    game = get_game("wonderful-world")
    state = next(s for s in _positions("wonderful-world", list(range(60, 400, 10)))
                 if any(slot.paid for e in game.view(s, None).empires for slot in e.construction))
    view = game.view(state, None)
    canvas._ICONS.clear()
    ww.board(view, "en")
    kept = dict(canvas._ICONS._found)
    ww.board(view, "en")
    assert dict(canvas._ICONS._found).keys() == kept.keys()       # nothing new drawn: every icon pasted again
    assert all(canvas._ICONS._found[k] is kept[k] for k in kept)
    empire = next(e for e in view.empires if any(slot.paid for slot in e.construction))
    slot = next(slot for slot in empire.construction if slot.paid)
    unpaid = replace(slot, paid={}, missing=dict(_design_cost(slot.card)))
    changed = replace(empire, construction=[unpaid if s is slot else s for s in empire.construction])
    other = replace(view, empires=[changed if e is empire else e for e in view.empires])
    before = Image.open(io.BytesIO(ww.board(view, "en"))).convert("RGB").tobytes()
    after = Image.open(io.BytesIO(ww.board(other, "en"))).convert("RGB").tobytes()
    assert before != after


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_landlords_spaces_paste_the_pixels_drawn_in_place(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("landlords")
    views = [game.view(state, None) for state in _positions("landlords", [0, 40, 120, 300])]
    spaces._TILES.clear()
    spaces._PAWN_AREAS.clear()
    pasted = [_drawn(landlords_board, view, lang) for view in views]
    assert len(spaces._TILES._kept._found) >= 40
    again = [_drawn(landlords_board, view, lang) for view in views]
    spaces._PAWN_AREAS.clear()                   # faces kept, their pawn areas laid out again
    relaid = [_drawn(landlords_board, view, lang) for view in views]

    def in_place(cv: Canvas, key: Hashable, rect: Sequence[float], draw: Callable[[Canvas, float, float], object]
                 ) -> None:
        draw(cv, rect[0], rect[1])

    monkeypatch.setattr(spaces._TILES, "paste_exact", in_place)
    drawn = [_drawn(landlords_board, view, lang) for view in views]
    assert pasted == drawn and again == drawn and relaid == drawn
    assert any(sv.owner is not None for sv in views[-1].spaces)
    assert any(sv.pawns for sv in views[-1].spaces)


def test_a_landlords_space_bought_or_stepped_on_still_shows() -> None:
    game = get_game("landlords")
    view = game.view(_positions("landlords", [0])[0], None)
    free = next(sv for sv in view.spaces if sv.kind == "lot" and sv.owner is None and not sv.pawns)
    before = Image.open(io.BytesIO(landlords_board(view, "en"))).convert("RGB").tobytes()
    kept = len(spaces._TILES._kept._found)
    free.owner = 1
    owned = Image.open(io.BytesIO(landlords_board(view, "en"))).convert("RGB").tobytes()
    assert owned != before and len(spaces._TILES._kept._found) == kept + 1
    free.owner = None
    free.pawns = [2]
    stepped = Image.open(io.BytesIO(landlords_board(view, "en"))).convert("RGB").tobytes()
    assert stepped not in (before, owned) and len(spaces._TILES._kept._found) == kept + 1


def _design_cost(card: str) -> dict[str, int]:
    return dict(ww._design(card).cost)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_megarichs_cones_paste_the_pixels_drawn_in_place_and_show_each_movers_hex(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25 §2: a cone's panel, hexes and chances are one sprite per direction and limit; the mover's hex and
    pawn, the patent rims and the key cities' dots are drawn over it for each board."""
    from render.megarich import board as mr_board

    game = get_game("megarich")
    views = [v for v in (game.view(s, None) for s in _positions("megarich", list(range(0, 400, 7)), "cones"))
             if v.gathering is not None and v.gathering.odds][:3]
    assert len(views) >= 2
    movers = {v.gathering.players[v.gathering.current].tile for v in views}
    assert len(movers) >= 2                                     # different hexes under one kept cone
    mr_board._CONES.clear()

    def draw(view: Any, lang_: str) -> bytes:
        return mr_board.board_image(view.gathering, lang_)

    pasted = [_drawn(draw, view, lang) for view in views]
    assert 6 <= len(mr_board._CONES._kept._found) <= 12
    again = [_drawn(draw, view, lang) for view in views]
    _in_place(monkeypatch, mr_board._CONES)
    in_place = [_drawn(draw, view, lang) for view in views]
    assert pasted == in_place and again == in_place
    assert all({"15%", "8%"} <= set(texts) for _pixels, texts in pasted)
