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


def _drawn(draw: Callable[..., bytes], view: Any) -> tuple[bytes, list[str]]:
    with capturing() as images, recording() as texts:
        draw(view, "zh")
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


def _design_cost(card: str) -> dict[str, int]:
    return dict(ww._design(card).cost)
