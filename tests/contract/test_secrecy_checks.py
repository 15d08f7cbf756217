"""Each secrecy check of the contract suite can fail: a throwaway subclass of a real title plants
one deliberate leak, and the check (called directly) must raise ``AssertionError``; the real
title passes the same check on the same state, so the failure is the plant's.

The plants are the audit's mutations that once passed every test (tests-audit-5bb1e9f, findings 1,
2 and 6) and the channels it found unwatched: summaries, move labels, refusals, legal moves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec
import pytest

from games.core import Event, Game, IllegalMove, Rng
from games.landlords import GAME as LANDLORDS
from games.landlords import LandlordsGame
from games.landlords.state import LandlordsState, OfferF, SealedF
from games.wonderful_world import GAME as WORLD
from games.wonderful_world import WonderfulWorld
from games.wonderful_world.moves import Pick, WorldMove
from games.wonderful_world.state import Phase, WorldState
from games.wonderful_world.view import CardView
from tests.e2e.titles import Pebbles
from tests.support.playout import play
from tests.support.secrecy import (
    check_hidden_choices,
    check_moves_both_ways,
    check_no_secret_means_nothing_private,
    check_public_surface,
    check_public_twins,
    check_scramble,
)


def find(game: Game[Any, Any], players: int, wanted: Callable[[Any], bool],
         options: dict[str, Any] | None = None) -> Any:
    """The first state of a seeded random playout (with ``options``) that is ``wanted``."""
    for seed in range(40):
        for state in play(game, players, seed, keep_states=True, options=options).states:
            if wanted(state):
                return state
    raise AssertionError("no playout reached such a state")


def draft(state: WorldState) -> bool:
    """A draft with cards in every hand and nobody's pick made yet."""
    return state.phase == Phase.DRAFT and all(e.hand and e.picked is None for e in state.empires)


def answered_sealed_round(state: LandlordsState) -> bool:
    """A sealed round still open in which seat 0 has answered with a bid and another must answer."""
    top = state.stack[-1] if state.stack else None
    return isinstance(top, SealedF) and top.bids[0] > 0 and len(top.pending) >= 1


def open_sealed_round(state: LandlordsState) -> bool:
    """A sealed round on top that two seats still have to answer."""
    top = state.stack[-1] if state.stack else None
    return isinstance(top, SealedF) and len(top.pending) >= 2


def open_buy_offer(state: LandlordsState) -> bool:
    top = state.stack[-1] if state.stack else None
    return isinstance(top, OfferF) and top.kind == "buy" and top.amount > 0


def passes(check: Callable[..., Any], *args: Any) -> None:
    """The real title passes ``check``: the positive control for each plant."""
    check(*args)


def fails(check: Callable[..., Any], *args: Any, match: str) -> None:
    with pytest.raises(AssertionError, match=match):
        check(*args)


# ---- check_scramble: a lazy or sloppy scramble ----------------------------------------------------

class WorldKeepsUids(WonderfulWorld):
    """The old scramble (audit finding 2): swaps card designs but keeps the hand's uids."""

    def scramble(self, state: WorldState, seat: int | None, rng: Rng) -> WorldState | None:
        out = self.copy(state)
        if seat is None:
            return super().scramble(state, seat, rng)
        empire = out.empires[seat]
        for uid in empire.hand + ([empire.picked] if empire.picked is not None else []):
            other = rng.choice(out.deck)
            out.cards[uid], out.cards[other] = out.cards[other], out.cards[uid]
        return out


class WorldScramblesTwoHands(WonderfulWorld):
    """Scrambling seat 0 also reshuffles seat 1's hand, which seat 1 sees."""

    def scramble(self, state: WorldState, seat: int | None, rng: Rng) -> WorldState | None:
        out = super().scramble(state, seat, rng)
        if out is not None and seat == 0:
            out.empires[1].hand = list(reversed(out.empires[1].hand))
        return out


class LandlordsKeepsBids(LandlordsGame):
    """Audit mutation 4: the sealed bids are not redrawn, only the cash is."""

    def scramble(self, state: LandlordsState, seat: int | None, rng: Rng) -> LandlordsState | None:
        out = super().scramble(state, seat, rng)
        if out is not None and seat is not None:
            for mine, real in zip(out.stack, state.stack, strict=True):
                if isinstance(mine, SealedF) and isinstance(real, SealedF):
                    mine.bids[seat] = real.bids[seat]
        return out


class LandlordsScramblesNothing(LandlordsGame):
    def scramble(self, state: LandlordsState, seat: int | None, rng: Rng) -> LandlordsState | None:
        return None


def test_check_scramble_catches_a_scramble_that_keeps_the_hands_uids() -> None:
    state = find(WORLD, 3, draft)
    passes(check_scramble, WORLD, state, 0, 3, Rng(1))
    fails(check_scramble, WorldKeepsUids(), state, 0, 3, Rng(1), match=r"never varies .*hand\.0\.uid")


def test_check_scramble_catches_a_scramble_that_touches_another_seats_secrets() -> None:
    state = find(WORLD, 3, draft)
    fails(check_scramble, WorldScramblesTwoHands(), state, 0, 3, Rng(1), match="secrets of seat 1")


def test_check_scramble_catches_a_scramble_that_skips_the_sealed_bids() -> None:
    state = find(LANDLORDS, 4, answered_sealed_round)
    passes(check_scramble, LANDLORDS, state, 0, 4, Rng(1))
    fails(check_scramble, LandlordsKeepsBids(), state, 0, 4, Rng(1), match=r"never varies .*stack\.\d+\.bid")


def test_check_scramble_catches_a_title_that_declares_secrets_it_never_scrambles() -> None:
    state = find(LANDLORDS, 3, lambda s: s.turn > 3)
    fails(check_scramble, LandlordsScramblesNothing(), state, 1, 3, Rng(1), match="scramble returns None")


# ---- check_public_surface: views, summaries, labels, legal moves ------------------------------------

class WorldShowsHandUids(WonderfulWorld):
    """Audit mutation 7: every view lists the other hands' uids (each with one same design)."""

    def view(self, state: WorldState, seat: int | None) -> Any:
        shown = super().view(state, seat)
        masked = state.cards[0]
        empires = [e if e.hand is not None else
                   msgspec.structs.replace(e, hand=[CardView(u, masked) for u in state.empires[e.seat].hand])
                   for e in shown.empires]
        return msgspec.structs.replace(shown, empires=empires)


class LandlordsSummaryPeeks(LandlordsGame):
    """A summary that reads the state behind its view to print seat 0's cash."""

    def __init__(self) -> None:
        self.behind: dict[int, LandlordsState] = {}

    def view(self, state: LandlordsState, seat: int | None) -> Any:
        shown = super().view(state, seat)
        self.behind[id(shown)] = state
        return shown

    def summarize(self, view: Any, lang: str, names: Sequence[str] | None = None) -> list[str]:
        return [*super().summarize(view, lang), f"#1 ${self.behind[id(view)].seats[0].cash}"]


class LandlordsLabelPeeks(LandlordsGame):
    """Menu labels that tell how much cash seat 0 has, to the hundred."""

    def move_label(self, state: LandlordsState, seat: int, move: Any, lang: str,
                   names: Sequence[str] | None = None) -> str:
        return super().move_label(state, seat, move, lang) + f" (#1 has {state.seats[0].cash // 100} hundred)"


class WorldPicksPeek(WonderfulWorld):
    """A "no two alike" draft rule that looks into seat 0's hand to list another seat's picks."""

    def _legal_moves(self, state: WorldState, seat: int) -> list[WorldMove]:
        moves = super()._legal_moves(state, seat)
        if seat == 0 or state.phase != Phase.DRAFT:
            return moves
        theirs = {state.cards[u] for u in state.empires[0].hand}
        return [m for m in moves if not isinstance(m, Pick) or state.cards[m.uid] not in theirs] or moves


def _scrambled(game: Game[Any, Any], state: Any, owner: int | None, seed: int = 1) -> Any:
    other = game.scramble(state, owner, Rng(seed))
    assert other is not None
    return other


def test_check_public_surface_catches_a_view_that_shows_the_hands_uids() -> None:
    state = find(WORLD, 3, draft)
    passes(check_public_surface, WORLD, state, _scrambled(WORLD, state, 0), 0, 3)
    leaky = WorldShowsHandUids()
    fails(check_public_surface, leaky, state, _scrambled(leaky, state, 0), 0, 3, match="the view of")


def test_check_public_surface_catches_a_summary_that_prints_a_secret() -> None:
    state = find(LANDLORDS, 3, lambda s: s.turn > 3)
    passes(check_public_surface, LANDLORDS, state, _scrambled(LANDLORDS, state, 0), 0, 3)
    leaky = LandlordsSummaryPeeks()
    fails(check_public_surface, leaky, state, _scrambled(leaky, state, 0), 0, 3, match="summary")


def test_check_public_surface_catches_a_move_label_that_tells_a_secret() -> None:
    state = find(LANDLORDS, 3, lambda s: s.turn > 3 and s.current != 0)
    passes(check_public_surface, LANDLORDS, state, _scrambled(LANDLORDS, state, 0), 0, 3)
    leaky = LandlordsLabelPeeks()
    # a few scrambles of seat 0's cash change its hundreds
    with pytest.raises(AssertionError, match="label"):
        for seed in range(8):
            check_public_surface(leaky, state, _scrambled(leaky, state, 0, seed), 0, 3)


def test_check_public_surface_catches_legal_moves_that_depend_on_a_secret() -> None:
    state = find(WORLD, 3, draft)
    passes(check_public_surface, WORLD, state, _scrambled(WORLD, state, 0), 0, 3)
    leaky = WorldPicksPeek()
    with pytest.raises(AssertionError, match="legal moves of seat"):
        for seed in range(8):
            check_public_surface(leaky, state, _scrambled(leaky, state, 0, seed), 0, 3)


# ---- check_moves_both_ways: refusals and events of another seat's move ------------------------------

class LandlordsUnboundedScramble(LandlordsGame):
    """A scramble that ignores public bounds on cash (audit finding 6): the proposer of an open
    offer to buy is left with no cash, so his partner could no longer accept it."""

    def scramble(self, state: LandlordsState, seat: int | None, rng: Rng) -> LandlordsState | None:
        out = super().scramble(state, seat, rng)
        if out is not None and seat is not None:
            out.bank += out.seats[seat].cash
            out.seats[seat].cash = 0
        return out


class WorldRefusalNamesTheHolder(WonderfulWorld):
    """Refusing a pick of a card not in your hand says whose hand it is in."""

    def _apply(self, state: WorldState, seat: int, move: WorldMove, events: list[Event]) -> None:
        if isinstance(move, Pick) and move.uid not in state.empires[seat].hand:
            holder = next((s for s, e in enumerate(state.empires) if move.uid in e.hand), None)
            raise IllegalMove("error.not_in_hand", uid=move.uid, holder=holder)
        super()._apply(state, seat, move, events)


class LandlordsTellsTheTotal(LandlordsGame):
    """A public event after every move that tells the sum of everyone's cash."""

    def _apply(self, state: LandlordsState, seat: int, move: Any, events: list[Event]) -> None:
        super()._apply(state, seat, move, events)
        events.append(Event("audit", {"total": sum(p.cash for p in state.seats)}))


def test_check_moves_both_ways_catches_a_move_refused_only_on_the_scramble() -> None:
    state = find(LANDLORDS, 3, open_buy_offer)
    proposer = state.stack[-1].frm
    passes(check_moves_both_ways, LANDLORDS, state, _scrambled(LANDLORDS, state, proposer), proposer, 3, Rng(2))
    leaky = LandlordsUnboundedScramble()
    fails(check_moves_both_ways, leaky, state, _scrambled(leaky, state, proposer), proposer, 3, Rng(2),
          match="refused|allowed")


def test_check_moves_both_ways_catches_a_refusal_that_names_a_secret() -> None:
    state = find(WORLD, 3, draft)
    passes(check_moves_both_ways, WORLD, state, _scrambled(WORLD, state, 0), 0, 3, Rng(2))
    leaky = WorldRefusalNamesTheHolder()
    fails(check_moves_both_ways, leaky, state, _scrambled(leaky, state, 0), 0, 3, Rng(2), match="refusing")


def test_check_moves_both_ways_catches_events_that_depend_on_a_secret() -> None:
    state = find(LANDLORDS, 3, lambda s: s.turn > 3 and s.current != 0)
    passes(check_moves_both_ways, LANDLORDS, state, _scrambled(LANDLORDS, state, 0), 0, 3, Rng(2))
    leaky = LandlordsTellsTheTotal()
    fails(check_moves_both_ways, leaky, state, _scrambled(leaky, state, 0), 0, 3, Rng(2), match="events")


# ---- check_hidden_choices and check_public_twins: what a hidden move tells the others ---------------

def _with_public(events: list[Event], kind: str, extra: Callable[[Event], dict[str, Any]]) -> list[Event]:
    """``events`` with the public twin of each ``kind`` event given ``extra`` parameters."""
    out = []
    for event in events:
        if event.kind == kind and event.public is not None:
            public = Event(event.public.kind, {**event.public.params, **extra(event)})
            event = msgspec.structs.replace(event, public=public)
        out.append(event)
    return out


class LandlordsBidInPublic(LandlordsGame):
    """Audit mutation 3: the public "sealed_answer" carries the bid's amount."""

    def _apply(self, state: LandlordsState, seat: int, move: Any, events: list[Event]) -> None:
        super()._apply(state, seat, move, events)
        events[:] = _with_public(events, "sealed_bid", lambda e: {"amount": e.params["amount"]})


class LandlordsBidHinted(LandlordsGame):
    """The public "sealed_answer" of a bid (not of a pass) says how many digits the bid has: no
    copied parameter, so only the comparison of two hidden choices sees it."""

    def _apply(self, state: LandlordsState, seat: int, move: Any, events: list[Event]) -> None:
        super()._apply(state, seat, move, events)
        events[:] = _with_public(events, "sealed_bid", lambda e: {"digits": len(str(e.params["amount"]))})


class WorldPickInPublic(WonderfulWorld):
    """Audit mutation 8: the public "picked_hidden" carries the picked card's uid."""

    def _apply(self, state: WorldState, seat: int, move: WorldMove, events: list[Event]) -> None:
        super()._apply(state, seat, move, events)
        events[:] = _with_public(events, "picked", lambda e: {"uid": e.params["uid"]})


def test_check_public_twins_catches_a_twin_that_copies_the_bid() -> None:
    state = find(LANDLORDS, 4, open_sealed_round)
    mover = min(state.stack[-1].pending)
    bid = next(m for m in LANDLORDS.legal_moves(state, mover) if str(m).startswith("bid"))
    applied = LANDLORDS.apply(state, mover, bid)
    passes(check_public_twins, LANDLORDS, applied.state, applied.events)
    leaky = LandlordsBidInPublic().apply(state, mover, bid)
    fails(check_public_twins, LANDLORDS, leaky.state, leaky.events, match="carries the secret amount")


def test_check_public_twins_catches_a_twin_that_copies_the_pick() -> None:
    state = find(WORLD, 3, draft)
    pick = WORLD.legal_moves(state, 0)[0]
    applied = WORLD.apply(state, 0, pick)
    passes(check_public_twins, WORLD, applied.state, applied.events)
    leaky = WorldPickInPublic().apply(state, 0, pick)
    fails(check_public_twins, WORLD, leaky.state, leaky.events, match="carries the secret uid")


def test_check_hidden_choices_catches_a_public_event_that_depends_on_the_bid() -> None:
    state = find(LANDLORDS, 4, open_sealed_round)
    passes(check_hidden_choices, LANDLORDS, state, 4, Rng(3))
    fails(check_hidden_choices, LandlordsBidHinted(), state, 4, Rng(3), match="different events")
    fails(check_hidden_choices, LandlordsBidInPublic(), state, 4, Rng(3), match="secret amount|different events")


def test_check_hidden_choices_catches_a_public_event_that_depends_on_the_pick() -> None:
    state = find(WORLD, 3, draft)
    passes(check_hidden_choices, WORLD, state, 3, Rng(3))
    fails(check_hidden_choices, WorldPickInPublic(), state, 3, Rng(3), match="secret uid|different events")


# ---- a title that hides something it does not declare ---------------------------------------------

class WorldDeclaresNothing(WonderfulWorld):
    def secret_fields(self, state: WorldState, seat: int | None) -> dict[str, Any]:
        return {}

    def scramble(self, state: WorldState, seat: int | None, rng: Rng) -> WorldState | None:
        return None


def test_a_title_without_declared_secrets_must_show_every_seat_what_a_spectator_sees() -> None:
    pebbles = Pebbles()
    passes(check_no_secret_means_nothing_private, pebbles, play(pebbles, 3, 1, keep_states=True).states, 3)
    state = find(WORLD, 3, draft)
    fails(check_no_secret_means_nothing_private, WorldDeclaresNothing(), [state], 3, match="sees more")



class LandlordsBuyButtonPeeks(LandlordsGame):
    """Shows a public Buy button only when the lander can afford the lot (it reveals their cash)."""

    def public_moves(self, state: LandlordsState, seat: int) -> list[Any]:
        return [m for m in super().public_moves(state, seat)
                if str(m) != "buy" or m in self.legal_moves(state, seat)]


def lot_to_buy(state: LandlordsState) -> bool:
    """The lander stands on an unowned lot (buy or pass)."""
    top = state.stack[-1] if state.stack else None
    return type(top).__name__ == "LotF"


def test_check_public_surface_catches_public_buttons_that_depend_on_a_secret() -> None:
    # a table of the first edition (buying an unowned lot on landing, ruling R32) still plays so
    state = find(LANDLORDS, 3, lot_to_buy, options={"edition": 1})
    lander = state.current
    passes(check_public_surface, LANDLORDS, state, _scrambled(LANDLORDS, state, lander), lander, 3)
    leaky = LandlordsBuyButtonPeeks()
    with pytest.raises(AssertionError, match="public buttons"):
        for seed in range(12):
            check_public_surface(leaky, state, _scrambled(leaky, state, lander, seed), lander, 3)
