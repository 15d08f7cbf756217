"""It's a Wonderful World images: valid PNGs for 1–5 players at every phase, in en and zh, and no
hidden card ever drawn on a public board."""

from __future__ import annotations

import io
from functools import cache
from typing import Any

import pytest
from PIL import Image

from games.wonderful_world import GAME
from games.wonderful_world.cards import designs
from render import recording, renderer_for
from render import wonderful_world as ww
from tests.support.playout import Playout, play

PHASES = ("draft", "planning", "production", "over")
NAMES = ["Alice", "张伟", "Bob the Builder", "李娜", "\U0001f3b2Émile"]


@cache
def game(players: int) -> Playout:
    return play(GAME, players, 40 + players, bots=True, keep_states=True)


def sample(players: int, phase: str) -> Any:
    """A state part-way through ``phase`` (solo games have no draft: use planning instead)."""
    states = [s for s in game(players).states if s.phase.value == phase and s.round == (4 if phase == "over" else 2)]
    if not states:
        states = [s for s in game(players).states if s.phase.value == "planning"]
    return states[len(states) // 2]


def check_png(data: bytes, max_width: int = 1600, max_height: int = 4000, max_bytes: int = 500_000) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) < max_bytes, f"PNG is {len(data)} bytes"
    image = Image.open(io.BytesIO(data))
    image.verify()
    image = Image.open(io.BytesIO(data))
    assert 300 <= image.width <= max_width and 200 <= image.height <= max_height, image.size
    return image


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("phase", PHASES)
def test_board_is_a_sane_png(players: int, phase: str) -> None:
    lang = "zh" if (players + PHASES.index(phase)) % 2 else "en"
    view = GAME.view(sample(players, phase), None)
    check_png(ww.board(view, lang, NAMES[:players]))


@pytest.mark.parametrize("players", [1, 3, 5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_private_and_result_are_sane_pngs(players: int, lang: str) -> None:
    state = sample(players, "draft")
    check_png(ww.private(GAME.view(state, 0), lang, NAMES[:players]))
    final = game(players).final
    outcome = GAME.outcome(final)
    assert outcome is not None
    check_png(ww.result(outcome, GAME.view(final, None), lang, NAMES[:players]))


def test_five_player_board_stays_small() -> None:
    view = GAME.view(sample(5, "production"), None)
    image = check_png(ww.board(view, "zh", NAMES), max_bytes=500_000)
    assert image.width <= 1400


def test_private_needs_a_seat() -> None:
    with pytest.raises(ValueError, match="viewer"):
        ww.private(GAME.view(sample(3, "draft"), None), "en")


def sources(drawn: list[Any]) -> str:
    return "\n".join(d.source for d in drawn) + "\n" + "\n".join(d.text for d in drawn)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_private_image_shows_the_seats_hand_and_pick(lang: str) -> None:
    state = next(s for s in game(4).states
                 if s.phase.value == "draft" and s.empires[0].hand and s.empires[0].picked is not None)
    view = GAME.view(state, 0)
    with recording() as drawn:
        ww.private(view, lang, NAMES[:4])
    shown = sources(drawn)
    mine = [state.cards[uid] for uid in state.empires[0].hand] + [state.cards[state.empires[0].picked]]
    for card in mine:
        assert designs()[card].label(lang) in shown
    for uid in state.empires[0].hand:
        assert f"#{uid}" in shown


def hidden_only_names(state: Any, lang: str) -> set[str]:
    """Names of cards that are in some hand or face-down pick and nowhere public."""
    hidden: set[str] = set()
    public: set[str] = set()
    for e in state.empires:
        hidden |= {state.cards[u] for u in e.hand}
        if e.picked is not None:
            hidden.add(state.cards[e.picked])
        public |= {state.cards[u] for u in e.built + e.drafted + [c.uid for c in e.construction]}
    return {designs()[c].label(lang) for c in hidden - public}


@pytest.mark.parametrize("players", [2, 4, 5])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_public_board_never_draws_hidden_cards(players: int, lang: str) -> None:
    draft = [s for s in game(players).states if s.phase.value == "draft"]
    checked = 0
    for state in draft[:: max(1, len(draft) // 4)]:
        secret = hidden_only_names(state, lang)
        if not secret:
            continue
        for seat in (None, 0):          # spectator board and a seat's own board
            with recording() as drawn:
                ww.board(GAME.view(state, seat), lang, NAMES[:players])
            shown = sources(drawn)
            leaked = sorted(name for name in secret if name in shown)
            assert not leaked, f"board for seat {seat} shows hidden cards {leaked}"
            checked += 1
    assert checked


def test_private_image_does_not_show_other_hands() -> None:
    state = next(s for s in game(4).states if s.phase.value == "draft" and s.empires[1].hand)
    others = hidden_only_names(state, "en") - {designs()[state.cards[u]].label("en") for u in state.empires[0].hand}
    if state.empires[0].picked is not None:
        others.discard(designs()[state.cards[state.empires[0].picked]].label("en"))
    with recording() as drawn:
        ww.private(GAME.view(state, 0), "en")
    shown = sources(drawn)
    assert not [name for name in others if name in shown]


def test_board_shows_round_phase_and_who_acts() -> None:
    state = sample(4, "production")
    view = GAME.view(state, None)
    with recording() as drawn:
        ww.board(view, "en", NAMES[:4])
    shown = sources(drawn)
    assert "Round 2 of 4" in shown
    assert "Production" in shown
    assert view.resource is not None and view.resource.capitalize() in shown
    for seat in view.to_act:
        assert NAMES[seat] in shown
    for empire in view.empires:
        for slot in empire.construction:
            assert designs()[slot.card].label("en") in shown


def test_chinese_board_uses_chinese_words() -> None:
    view = GAME.view(sample(3, "planning"), None)
    with recording() as drawn:
        ww.board(view, "zh")
    shown = sources(drawn)
    assert "玩家 1" in shown and "规划" in shown and "已完成" in shown
    assert "Player 1" not in shown


def test_registry_returns_this_renderer() -> None:
    renderer = renderer_for("wonderful-world")
    assert renderer is ww.RENDERER
    view = GAME.view(sample(2, "draft"), None)
    check_png(renderer.board(view, "en"))


def test_no_card_face_hides_its_points_under_the_cost_strip() -> None:
    """Issue 10 §7: on a card with a long name and many sections the points slipped under the cost strip;
    the sections now shrink to fit above it, for every card in both languages."""
    from render.cards import card_frame
    from render.kit import Canvas

    shrunk = 0
    for lang in ("en", "zh"):
        cv = Canvas(400, 400, lang, dry=True)
        for design in designs().values():
            frame = card_frame(cv, (0, 0, ww.CARD_W, ww.CARD_H), (90, 90, 90), design.label(lang),
                               subtitle=ww._w(design.type.value, lang), tag="#100")
            room = frame.y1 - 44 - frame.y0
            scale, content = ww.section_scale(ww.face_sections(design), room)
            assert content <= room - 8 + 1e-6, (design.label(lang), lang)
            shrunk += scale < 1
    assert shrunk  # some cards did not fit at full size: the case the issue saw
