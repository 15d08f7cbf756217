"""巨富豪∞'s renderer across the three phases (render/megarich RENDERER), from seeded bot playouts: every phase's
images draw in both languages (Chinese with the CJK font, no tofu), no public image (nor another seat's own image)
changes when a seat's secrets are scrambled (the hand while gathering, the design before the reveal), the design
board draws the viewer's own preview and nobody else's, the placement menu's focus shows the cells and then the
orientations that fit, and the battle's replay comes after the last ``done``. CPU times are printed, not asserted.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from PIL import Image

from games.core import Rng
from games.megarich import GAME
from games.megarich.game import DESIGN, GATHERING, OVER, MegaState
from render import focus_image, fonts, move_animation, recording, renderer_for
from render.animation import DISCORD_UPLOAD_LIMIT
from render.kit import DrawnText, is_cjk
from render.megarich import RENDERER
from render.megarich_battle import ANIMATION_BYTES

NAMES = ["阿明", "Bea", "小红", "Dmitri"]
LANGS = ("en", "zh")


class Playout:
    """A seeded 4-bot game of two days, with the states the tests look at (a hand held; a hand held while the tram
    must be thrown; the design phase's start; two designs under way; the end) and the events of its last move."""

    def __init__(self) -> None:
        state = GAME.setup(4, {"days": 2}, seed=1)
        rng = Rng.from_seed("bots1")
        self.points: dict[str, MegaState] = {}
        self.last_events: list[Any] = []
        while not GAME.is_over(state):
            if state.phase == GATHERING and "hand" not in self.points \
                    and any(p.items for p in state.gather.seats):
                self.points["hand"] = state
            if state.phase == GATHERING and "move" not in self.points and any(p.items for p in state.gather.seats) \
                    and GAME.view(state, None).gathering.odds:
                self.points["move"] = state
            if state.phase == DESIGN and "design" not in self.points:
                self.points["design"] = state
            if state.phase == DESIGN and "designing" not in self.points and state.design is not None \
                    and state.design.seats[0].laid and state.design.seats[1].laid:
                self.points["designing"] = state
            seat = min(GAME.to_act(state))
            applied = GAME.apply(state, seat, GAME.bot_move(state, seat, rng))
            state, self.last_events = applied.state, list(applied.events)
        self.points["over"] = state


@cache
def playout() -> Playout:
    return Playout()


def point(name: str) -> MegaState:
    found = playout().points.get(name)
    assert found is not None, f"the playout never reached {name!r}"
    return found


def png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


def drawn_by(draw: Callable[[], bytes]) -> tuple[list[str], float]:
    """The strings an image draws, and the CPU seconds it took."""
    with recording() as drawn:
        start = time.process_time()
        png(draw())
        took = time.process_time() - start
    return [d.text for d in drawn], took


def no_tofu(drawn: list[DrawnText] | list[str]) -> int:
    """How many Chinese strings were drawn, each checked to draw with the CJK font in both weights."""
    texts = [d if isinstance(d, str) else d.text for d in drawn]
    found = [t for t in texts if any(is_cjk(ch) for ch in t)]
    for text in found:
        for bold in (False, True):
            used, _stroke = fonts.font_for(text, 24, bold)
            assert fonts.covers(used, text), f"{text!r} would draw as tofu (bold={bold})"
    return len(found)


def test_the_title_declares_this_renderer() -> None:
    assert GAME.meta.renderer == "render.megarich:RENDERER"
    assert renderer_for("megarich") is RENDERER


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["hand", "move", "design", "designing", "over"])
def test_every_phase_draws_its_images_in_both_languages(name: str, lang: str) -> None:
    state = point(name)
    public = GAME.view(state, None)
    texts, took = drawn_by(lambda: RENDERER.board(public, lang, NAMES))
    print(f"\n{name} {lang}: board {took * 1000:.0f} ms CPU", end="")
    for seat in range(state.players):
        mine, took = drawn_by(lambda seat=seat: RENDERER.private(GAME.view(state, seat), lang, NAMES))
        texts += mine
        print(f", seat {seat + 1} {took * 1000:.0f} ms", end="")
    outcome = GAME.outcome(state)
    if outcome is not None:
        shown, _ = drawn_by(lambda: RENDERER.result(outcome, public, lang, NAMES))
        assert {"en": "Final results", "zh": "最终结果"}[lang] in shown
        winner = NAMES[outcome.winners[0]]
        assert {"en": f"{winner} wins the bid", "zh": f"{winner} 赢得竞标"}[lang] in shown
        texts += shown
    if lang == "zh":
        assert no_tofu(texts) > 0
    heading = {GATHERING: {"en": "Megarich∞", "zh": "巨富豪∞"}, DESIGN: {"en": "Design phase", "zh": "设计阶段"},
               OVER: {"en": "Bidding result", "zh": "竞标结果"}}[state.phase][lang]
    assert heading in texts


def image_texts(state: MegaState, viewer: int | None, lang: str) -> list[str]:
    """What ``viewer``'s image draws: the public board (``None``) or the seat's own image."""
    seen = GAME.view(state, viewer)
    texts, _ = drawn_by(lambda: RENDERER.board(seen, lang, NAMES) if viewer is None else
                        RENDERER.private(seen, lang, NAMES))
    return texts


@pytest.mark.parametrize("name", ["hand", "move", "design", "designing"])
def test_no_image_but_its_owners_changes_with_a_seats_secrets(name: str) -> None:
    """Scramble each seat's declared secrets (its hand, its design): the public board and every other seat's own
    image draw the same strings; the owner's own image is the only one that may differ."""
    state = point(name)
    scrambled = 0
    for owner in range(state.players):
        if not GAME.secret_fields(state, owner):
            continue
        for salt in range(2):
            other = GAME.scramble(state, owner, Rng(salt + 17 * owner))
            assert other is not None
            scrambled += 1
            for viewer in [None, *(s for s in range(state.players) if s != owner)]:
                for lang in LANGS:
                    assert image_texts(state, viewer, lang) == image_texts(other, viewer, lang), \
                        f"{name}: the image of {viewer} depends on seat {owner}'s secrets"
    assert scrambled, f"{name}: no seat holds a secret there"


def test_the_design_board_shows_the_own_preview_only() -> None:
    """Seat 1 sees its own design and preview; the public board only who is done and what each brought; seat 2
    its own design, never seat 1's (designs are secret until all are done, rule 4.3)."""
    state = point("designing")
    assert state.design is not None
    me = state.design.seats[0]
    own = GAME.view(state, 0).design.own
    mine, _ = drawn_by(lambda: RENDERER.private(GAME.view(state, 0), "en", NAMES))
    assert "Stability" in mine and f"{own.preview.S:,}" in mine and f"{own.preview.A:,}" in mine
    assert f"Aesthetics {own.preview.aesthetics}" in mine
    assert me.laid[0].key in mine                                    # a laid block's key on its cells
    assert "阿明's wonder" in mine
    public, _ = drawn_by(lambda: RENDERER.board(GAME.view(state, None), "en", NAMES))
    assert not any(t.startswith(("Aesthetics", "Stability", "Name fit")) for t in public)
    assert "Design phase" in public and any(t.endswith("inspiration blocks brought") for t in public)
    theirs, _ = drawn_by(lambda: RENDERER.private(GAME.view(state, 1), "en", NAMES))
    assert "Bea's wonder" in theirs and "阿明's wonder" not in theirs
    if me.name:
        assert me.name not in public and me.name not in theirs


def test_the_design_board_names_the_cells_as_the_notation_does() -> None:
    state = point("design")
    texts, _ = drawn_by(lambda: RENDERER.private(GAME.view(state, 0), "en", NAMES))
    assert {"a", "h", "1", "4"} <= set(texts)                      # place b1 a1 … h4 on the standard board


def test_the_focus_shows_the_cells_then_the_orientations() -> None:
    state = point("design")
    first = GAME.choices(state, 0, ["place"], "en")
    assert first, "seat 1 has a block to place"
    key = first[0].token
    cells = GAME.choices(state, 0, ["place", key], "en")
    view = GAME.focus_view(state, 0, ["place", key], GAME.view(state, 0))
    assert view.focus is not None and len(view.focus.anchors) == len(cells)
    with recording() as drawn:
        assert focus_image(RENDERER, view, ["place", key], "en", NAMES) is not None
    assert any(f"its anchor fits on {len(cells)} cells" in d.text for d in drawn)
    cell = cells[0].token
    turns = GAME.choices(state, 0, ["place", key, cell], "en")
    view = GAME.focus_view(state, 0, ["place", key, cell], GAME.view(state, 0))
    assert [o.tokens for o in view.focus.options] == [o.token for o in turns]
    with recording() as drawn:
        png(focus_image(RENDERER, view, ["place", key, cell], "zh", NAMES) or b"")
    assert any(f"放在 {cell}：{len(turns)} 种朝向" in d.text for d in drawn)
    assert {o.token for o in turns} <= {d.text for d in drawn}
    # nothing beside other menus, another seat's view or the gathering phase
    assert GAME.focus_view(state, 0, ["slot"], GAME.view(state, 0)).focus is None
    assert GAME.focus_view(state, 0, ["remove", key], GAME.view(state, 0)).focus is None
    assert GAME.focus_view(state, 0, ["place", key], GAME.view(state, 1)).focus is None
    assert focus_image(RENDERER, GAME.view(state, 0), ["done"], "en") is None
    hand = point("hand")
    assert focus_image(RENDERER, GAME.focus_view(hand, 0, ["place", key], GAME.view(hand, 0)),
                       ["place", key], "en") is None


def test_the_focus_of_the_slot_menu_shows_its_anchors_around_the_area() -> None:
    state = point("design")
    kind = GAME.choices(state, 0, ["slot"], "en")[0].token
    cells = GAME.choices(state, 0, ["slot", kind], "en")
    view = GAME.focus_view(state, 0, ["slot", kind], GAME.view(state, 0))
    assert view.focus is not None and view.focus.slot and len(view.focus.anchors) == len(cells)
    assert any(x < 0 or y < 0 for x, y in view.focus.anchors)        # slots attach outside the area
    with recording() as drawn:
        png(focus_image(RENDERER, view, ["slot", kind], "zh", NAMES) or b"")
    texts = {d.text for d in drawn}
    assert any(f"锚点可放在 {len(cells)} 个格" in t for t in texts)
    assert {c.token[0] for c in cells} <= texts                       # the columns named as the slot menu names them
    cell = cells[-1].token
    turns = GAME.choices(state, 0, ["slot", kind, cell], "en")
    view = GAME.focus_view(state, 0, ["slot", kind, cell], GAME.view(state, 0))
    assert [o.tokens for o in view.focus.options] == [o.token for o in turns]
    assert all(len(o.cells) == 4 for o in view.focus.options)          # a slot is a tetromino
    with recording() as drawn:
        png(focus_image(RENDERER, view, ["slot", kind, cell], "en", NAMES) or b"")
    assert {o.token for o in turns} <= {d.text for d in drawn}


def test_the_battle_replay_follows_the_last_done_within_the_upload_limit() -> None:
    state = point("over")
    events = playout().last_events
    assert any(e.kind == "megarich.battle" for e in events)
    start = time.process_time()
    made = move_animation(RENDERER, GAME.view(state, None), events, "zh", NAMES)
    print(f"\nbattle replay: {(time.process_time() - start) * 1000:.0f} ms CPU", end="")
    assert made is not None
    data, extension = made
    assert extension in {"png", "gif"} and len(data) <= ANIMATION_BYTES <= DISCORD_UPLOAD_LIMIT
    with Image.open(io.BytesIO(data)) as image:
        assert image.is_animated and image.n_frames > 2
    assert move_animation(RENDERER, GAME.view(point("design"), None), [], "en", NAMES) is None
