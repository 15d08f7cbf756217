"""Helpers for scenario tests: a fresh table, rigged dice, short-hand moves."""

from __future__ import annotations

from typing import Any

from games.core import Event, Rng
from games.landlords import GAME
from games.landlords.state import LandlordsState


def fresh(players: int = 2, **options: Any) -> LandlordsState:
    return GAME.setup(players, options, seed=7)


def rig(state: LandlordsState, *dice: int) -> None:
    """Set the game's generator so that the next die rolls are ``dice``."""
    for candidate in range(1, 10_000_000):
        probe = Rng(candidate)
        if all(probe.die() == d for d in dice):
            state.rng = Rng(candidate)
            return
    raise AssertionError(f"no generator state gives {dice}")


class Table:
    """A state plus the events of the last move, for readable scenarios."""

    def __init__(self, state: LandlordsState) -> None:
        self.s = state
        self.events: list[Event] = []

    def do(self, seat: int, text: str) -> list[Event]:
        applied = GAME.apply(self.s, seat, text)
        self.s, self.events = applied.state, applied.events
        return self.events

    def roll(self, seat: int, *dice: int) -> list[Event]:
        rig(self.s, *dice)
        return self.do(seat, "roll")

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]

    def event(self, kind: str) -> Event:
        found = [e for e in self.events if e.kind == kind]
        assert found, f"no {kind} event in {self.kinds()}"
        return found[0]

    def cash(self, seat: int) -> int:
        return self.s.seats[seat].cash

    def step(self) -> str:
        return GAME.view(self.s, None).step

    def legal(self, seat: int) -> list[str]:
        return [str(m) for m in GAME.legal_moves(self.s, seat)]


def table(players: int = 2, **options: Any) -> Table:
    return Table(fresh(players, **options))


def place(t: Table, seat: int, space: int) -> None:
    t.s.seats[seat].pos = space


def own(t: Table, seat: int, *spaces: int) -> None:
    for space in spaces:
        t.s.owner[space] = seat


def give(t: Table, seat: int, cash: int) -> None:
    """Set a player's cash, taking the difference from the bank so money stays conserved."""
    t.s.bank -= cash - t.s.seats[seat].cash
    t.s.seats[seat].cash = cash


def turned_away() -> Table:
    """Prosperity, two players: seat 0 rolls 1+1 from space 29 onto seat 1's signed lot 31 and is
    turned away; seat 1 also owns 35, seat 0 owns 37 (the "away" step, rule 11.13)."""
    t = table(2, prosperity=True)
    own(t, 1, 31, 35)
    own(t, 0, 37)
    t.s.signed[31] = True
    place(t, 0, 29)
    t.roll(0, 1, 1)
    return t
