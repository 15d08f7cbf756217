"""Helpers for Three Kingdoms scenario tests: a table finished through real setup moves with chosen
lords, a known rondel and pointers, and small arrangements that keep the state consistent
(markers come out of a player's supply, buildings stand on squares where he has markers, cards are
taken from where they lie). Every state a :class:`Table` reaches is checked with ``GAME.invariants``.
"""

from __future__ import annotations

from typing import Any

from games.core import Event
from games.three_kingdoms import GAME
from games.three_kingdoms.content import ACTIONS, content, square_of
from games.three_kingdoms.state import ActF, Building, ConvertF, TKState, TurnF

#: The rondel used by every table here, space 0..6 clockwise (the data order of the actions).
RONDEL = list(ACTIONS)  # sell log recruit hire siege build any
#: A ladder nobody meets by accident (one card per pile): 称霸 6 points, 称王 6 buildings, 称帝 all 4
#: regions (a card that allows no 伪帝, so no "usurp" offers crowd the legal moves).
LADDER = {"ba": "c3", "wang": "b1", "di": "a3"}
SPACES = 7


def need(card: str, tier: str) -> int:
    """The threshold of condition ``card`` under ``tier`` (the data's balance figure)."""
    return content().conditions[card].threshold(tier)


def half(card: str) -> int:
    """Half the 称帝 threshold of ``card``, rounded up: where 伪帝 opens (rules §13)."""
    return -(-need(card, "di") // 2)


def consistent(state: TKState) -> TKState:
    broken = GAME.invariants(state)
    assert not broken, broken
    return state


def ready(*lords: str, seed: int = 1, ladder: dict[str, str] | None = None,
          tao: str = "sell", lue: str = "log") -> TKState:
    """A table of ``len(lords)`` players after a real setup: seat ``i`` chooses ``lords[i]`` (the
    offer is arranged to hold them and one more), the rondel is :data:`RONDEL`, the 韬 pointer on
    ``tao`` and the 略 pointer on ``lue``. Seat 0 is to play."""
    players = len(lords) or 2
    lords = lords or ("caocao", "yuanshao")
    state = GAME.setup(players, {}, seed=seed)
    spare = next(lord for lord in content().lords if lord not in lords)
    state.offered = [*lords, spare]
    state.rondel = list(RONDEL)
    state.ladder = dict(ladder or LADDER)
    for seat in range(players - 1, -1, -1):  # §2: the last player first
        assert GAME.to_act(state) == {seat}
        state = GAME.apply(state, seat, f"lord {lords[seat]}").state
    state = GAME.apply(state, (players - 2) % players, f"tao {tao}").state
    state = GAME.apply(state, players - 1, f"lue {lue}").state
    assert GAME.to_act(state) == {0} and isinstance(state.stack[-1], TurnF)
    return consistent(state)


# ---- arrangements ----------------------------------------------------------------------------------


def mark(state: TKState, seat: int, zhou: str, count: int = 1) -> None:
    """Put ``count`` of ``seat``'s markers from his supply on ``zhou``."""
    assert zhou in content().zhou
    for _ in range(count):
        state.markers.setdefault(zhou, []).append(seat)
        state.seats[seat].markers -= 1


def erect(state: TKState, seat: int, zhou: str, kind: str) -> None:
    """Stand a building of ``seat`` in ``zhou`` as if built earlier (the next slot of its row is
    used; the talent track is raised to the building count if below, as building needed it)."""
    squares = state.squares.setdefault(zhou, {})
    assert square_of(kind) not in squares, (zhou, kind)
    mine = sum(1 for b in squares.values() if b.seat == seat)
    assert state.markers.get(zhou, []).count(seat) > mine, f"no spare marker of {seat} in {zhou}"
    squares[square_of(kind)] = Building(seat, kind)
    player = state.seats[seat]
    player.built[kind] = player.count(kind) + 1
    player.talent = max(player.talent, player.buildings)  # a building needed the track above the count


def take(state: TKState, card: str) -> None:
    """Lift ``card`` from a market (refilled from its deck), a deck or the specials."""
    for region, cards in state.markets.items():
        if card in cards:
            cards.remove(card)
            if state.decks[region]:
                cards.append(state.decks[region].pop(0))
            return
    for deck in (*state.decks.values(), *state.specials.values()):
        if card in deck:
            deck.remove(card)
            return
    raise AssertionError(f"{card} is not on the table")


def to_hand(state: TKState, seat: int, *cards: str) -> None:
    for card in cards:
        take(state, card)
        state.seats[seat].hand.append(card)


def to_front(state: TKState, seat: int, *cards: str) -> None:
    for card in cards:
        if card in state.seats[seat].hand:
            state.seats[seat].hand.remove(card)
        else:
            take(state, card)
        state.seats[seat].front.append(card)


def to_market(state: TKState, card: str) -> None:
    """Make ``card`` face up in its region's market (it swaps places with the market's last card)."""
    region = content().talents[card].deck
    market, deck = state.markets[region], state.decks[region]
    if card in market:
        return
    at = deck.index(card)
    deck[at] = market.pop()
    market.append(card)


def claimed(state: TKState, seat: int, tier: str, reward: str = "points") -> None:
    """Record an earlier 称霸/称王 of ``seat`` with its reward (the 5-point token or a special)."""
    player = state.seats[seat]
    player.claims.append(tier)
    if reward == "points":
        assert state.five[tier]
        state.five[tier] = False
        player.points += 5
    else:
        state.specials[tier].remove(reward)
        player.hand.append(reward)
        player.talent += 1


def aim(state: TKState, card: str, option: int, first: str, second: str) -> None:
    """Set the pointers so that playing ``card`` with ``option`` stops 韬 on ``first`` and 略 on
    ``second``."""
    step_tao, step_lue = content().talents[card].moves[option - 1]
    state.tao = (state.rondel.index(first) - step_tao) % SPACES
    state.lue = (state.rondel.index(second) - step_lue) % SPACES


def at(state: TKState, action: str) -> int:
    return state.rondel.index(action)


# ---- a table ---------------------------------------------------------------------------------------


class Table:
    """A state plus the events of the last move, for readable scenarios."""

    def __init__(self, state: TKState) -> None:
        self.s = state
        self.events: list[Event] = []

    def do(self, seat: int, text: str) -> list[Event]:
        applied = GAME.apply(self.s, seat, text)
        self.s, self.events = consistent(applied.state), applied.events
        return self.events

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]

    def event(self, kind: str) -> Event:
        found = [e for e in self.events if e.kind == kind]
        assert found, f"no {kind} event in {self.kinds()}"
        return found[0]

    def said(self, lang: str = "en") -> list[str]:
        return [GAME.describe(e, lang) for e in self.events]

    def legal(self, seat: int) -> list[str]:
        return [str(m) for m in GAME.legal_moves(self.s, seat)]

    def acting(self) -> set[int]:
        return set(GAME.to_act(self.s))

    def pending(self) -> list[str]:
        top = self.s.stack[-1] if self.s.stack else None
        return list(top.pending) if isinstance(top, ActF) else []

    def top(self) -> Any:
        return self.s.stack[-1] if self.s.stack else None

    def seat(self, seat: int) -> Any:
        return self.s.seats[seat]

    def idle(self, seat: int) -> None:
        """``seat`` plays its turn doing nothing: it plays its first hand card (by notation) and
        declines every action and conversion, or recalls when its hand is empty."""
        assert self.acting() == {seat} and isinstance(self.top(), TurnF)
        legal = self.legal(seat)
        self.do(seat, next((m for m in legal if m.startswith("play")), "recall"))
        while self.acting() == {seat} and not isinstance(self.top(), TurnF):
            legal = self.legal(seat)
            if isinstance(self.top(), ConvertF):
                self.do(seat, "done")
            else:
                self.do(seat, next((m for m in legal if m.startswith("skip")), legal[-1]))


def table(*lords: str, **options: Any) -> Table:
    return Table(ready(*lords, **options))


def branch(t: Table) -> Table:
    """A second table from the same position (moves on it leave ``t`` alone)."""
    return Table(GAME.copy(t.s))
