"""The personal property tax: a self-declared cash figure others may challenge (rules §8.2).

Cash is private (rules §1.1), so the tax is paid on what the player declares. After the
declaration the others answer at once, challenge or pass; if anyone challenges, the cash the
player held is revealed, and an evader — one whose declaration paid less tax than his cash owed —
pays the full tax again on top (ruling R9).
"""

from __future__ import annotations

from games.core import Event, Move
from games.core.flow import Step, Window, need

from .board import rules
from .deals import DEALS
from .money import settle
from .moves import Challenge, Declare, Pass
from .state import GENERAL, ChallengeF, DeclareF, Due, LandlordsState


def tax_on(cash: int) -> int:
    """$10 for each full $100 (rules §8.2); under $100 nothing is due."""
    return rules().personal_tax_per_100 * (cash // 100)


class DeclareStep(Step[LandlordsState, DeclareF]):
    """Declare your cash and pay the tax on it (rules §8.2)."""

    accepts = (Declare,)
    asides = (DEALS,)

    def actors(self, state: LandlordsState, frame: DeclareF) -> frozenset[int]:
        return frozenset({state.current})

    def legal(self, state: LandlordsState, frame: DeclareF, seat: int) -> list[Move]:
        return [Declare(a) for a in range(0, state.seats[seat].cash + 1, 100)]

    def apply(self, state: LandlordsState, frame: DeclareF, seat: int, move: Declare,
              events: list[Event]) -> None:
        need(0 <= move.amount <= state.seats[seat].cash, "error.declare_range")
        state.stack.pop()
        tax = tax_on(move.amount)
        events.append(Event("declared", {"seat": seat, "amount": move.amount, "tax": tax}))
        settle(state, [Due(seat, GENERAL, tax, "personal_tax", frame.space)], events)
        # §8.2: the others may challenge, all at once (a window; with nobody else, it closes at once)
        CHALLENGE.open(state, ChallengeF(seat, move.amount, tax, pending=state.others(seat)), events)


class ChallengeStep(Window[LandlordsState, ChallengeF]):
    """The others challenge the declaration or pass, all at once (rules §8.2, ruling R9)."""

    accepts = (Challenge, Pass)

    def legal(self, state: LandlordsState, frame: ChallengeF, seat: int) -> list[Move]:
        return [Challenge(), Pass()]

    def apply(self, state: LandlordsState, frame: ChallengeF, seat: int, move: Move,
              events: list[Event]) -> None:
        if isinstance(move, Challenge):
            frame.challengers.append(seat)
            events.append(Event("challenged", {"seat": seat, "player": frame.declarer}))
        else:
            events.append(Event("no_challenge", {"seat": seat}))
        self.answered(state, frame, seat, events)

    def resolve(self, state: LandlordsState, frame: ChallengeF, events: list[Event]) -> None:
        """Everyone has answered: with a challenge, the declarer's cash is revealed (R9)."""
        if not frame.challengers:
            return
        held = state.seats[frame.declarer].cash + frame.tax  # cash when he declared
        state.shown_cash[frame.declarer] = held
        owed = tax_on(held)
        evaded = owed > frame.tax
        events.append(Event("evader" if evaded else "honest",
                            {"seat": frame.declarer, "cash": held, "amount": owed}))
        if evaded:
            settle(state, [Due(frame.declarer, GENERAL, owed, "evasion")], events)


CHALLENGE = ChallengeStep()
