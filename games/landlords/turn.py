"""A player's turn, the end of turns and rounds, and the end of the game (rules §1.2, §1.5, §2)."""

from __future__ import annotations

from games.core import Event, Move
from games.core.flow import Step, need

from .board import board, rules
from .deals import DEALS, change_sign, own_lots, redeem, sign_moves
from .edition import individual_win, round_limit, text_rules
from .landing import advance, go_on, ride_on, roll
from .money import assets, pay, settle
from .moves import Buy, Go, Improve, Pass, Redeem, Ride, Roll, Sign, Stay, Unsign, Vote
from .prosperity import call_vote
from .state import (
    BANK,
    GENERAL,
    LANDLORD,
    NOBODY,
    PROSPERITY,
    AwayF,
    Due,
    EndInfo,
    LandlordsState,
    LotF,
    RideF,
    TurnF,
)


class TurnStep(Step[LandlordsState, TurnF]):
    """Before rolling (rules §2.1): improvements, redemptions, a vote; then roll. Deals and signs
    are open to everyone at this step (:mod:`games.landlords.deals`); in edition 1 signs were the
    current player's, before rolling only (R17, R32)."""

    accepts = (Roll, Improve, Sign, Unsign, Redeem, Vote)
    asides = (DEALS,)

    def actors(self, state: LandlordsState, frame: TurnF) -> frozenset[int]:
        return frozenset({state.current})

    def legal(self, state: LandlordsState, frame: TurnF, seat: int) -> list[Move]:
        r, cash = rules(), state.seats[seat].cash
        moves: list[Move] = [Roll()]
        for lot in own_lots(state, seat):
            if not state.improved[lot] and cash >= r.improvement_cost:
                moves.append(Improve(lot))
        if not text_rules(state):  # edition 1: signs before rolling only (R17)
            moves += sign_moves(state, seat)
        moves += [Redeem(i) for i, lender in enumerate(state.lender)
                  if lender != NOBODY and state.owner[i] == seat and cash >= state.loan[i]]
        if state.mode == LANDLORD and seat not in state.vote_called:
            moves.append(Vote(True))
        return moves

    def apply(self, state: LandlordsState, frame: TurnF, seat: int, move: Move,
              events: list[Event]) -> None:
        r = rules()
        if isinstance(move, Roll):
            state.stack.pop()
            state.seats[seat].seen = preroll_options(state, seat)
            _roll(state, seat, events)
            return
        frame.acted = True
        if isinstance(move, Improve):  # §3.1
            need(move.space in own_lots(state, seat), "error.not_owner", space=move.space)
            need(not state.improved[move.space], "error.improved", space=move.space)
            need(state.seats[seat].cash >= r.improvement_cost, "error.no_cash")
            pay(state, seat, BANK, r.improvement_cost, "improvement", events, move.space)
            state.improved[move.space] = True
            events.append(Event("improved", {"seat": seat, "space": move.space}))
        elif isinstance(move, Sign | Unsign):  # §3.3, R17
            change_sign(state, seat, move, events)
        elif isinstance(move, Redeem):  # R13
            need(0 <= move.space < len(state.owner) and state.owner[move.space] == seat
                 and state.lender[move.space] != NOBODY, "error.not_pledged", space=move.space)
            need(state.seats[seat].cash >= state.loan[move.space], "error.no_cash")
            redeem(state, seat, move.space, events)
        else:
            assert isinstance(move, Vote)
            need(move.yes and state.mode == LANDLORD and seat not in state.vote_called,
                 "error.vote")
            call_vote(state, seat, events)


def preroll_options(state: LandlordsState, seat: int) -> list[str]:
    """What the rules let ``seat`` do only before rolling, by public facts (cash aside, so that
    what the table sees of the ``auto-roll`` order tells nothing of it, R22): improve each of its
    unimproved lots (§2.1), redeem each pledged card (R13) and, in edition 1, change the sign of
    each of its lots (R17, R32). Deals, edition 2's signs and the Prosperity vote are not among
    them (ruling R34)."""
    lots = own_lots(state, seat)
    options = [f"improve {lot}" for lot in lots if not state.improved[lot]]
    options += [f"redeem {space}" for space, lender in enumerate(state.lender)
                if lender != NOBODY and state.owner[space] == seat]
    if not text_rules(state):
        options += [f"sign {lot}" for lot in lots]
    return sorted(options)


def unseen_options(state: LandlordsState, seat: int) -> list[str]:
    """The pre-roll options ``seat`` did not have when it last rolled: the standing order
    ``auto-roll`` holds the roll for them, once (ruling R34)."""
    seen = set(state.seats[seat].seen)
    return [option for option in preroll_options(state, seat) if option not in seen]


def rolls_for(state: LandlordsState, seat: int) -> bool:
    """Whether the standing order ``auto-roll`` rolls for ``seat`` now (ruling R34): it is his
    turn, before rolling, nothing he may do only before rolling is new since he last rolled, and
    he has not begun his turn himself (a move before rolling, a deal he proposed, a sign he
    changed: then he rolls when he is done)."""
    top = state.stack[-1] if state.stack and state.end is None else None
    if not isinstance(top, TurnF) or seat != state.current or top.acted:
        return False
    proposed = state.offered[seat] if seat < len(state.offered) else 0
    if proposed or any(state.owner[lot] == seat for lot in state.touched):
        return False
    return not unseen_options(state, seat)


def _roll(state: LandlordsState, seat: int, events: list[Event]) -> None:
    player = state.seats[seat]
    d1, d2 = roll(state, seat, events)
    if player.in_jail:  # §9.2 leave on a roll of 6 or more, moving by that roll (R6)
        if d1 + d2 < rules().jail_release_roll:
            events.append(Event("jail_stays", {"seat": seat}))
            return
        player.in_jail = False
        events.append(Event("jail_leaves", {"seat": seat}))
    advance(state, seat, d1 + d2, events, (d1, d2))


class RideStep(Step[LandlordsState, RideF]):
    """Ride on to the next railroad, or stay (rules §6.2)."""

    accepts = (Ride, Stay)
    asides = (DEALS,)

    def actors(self, state: LandlordsState, frame: RideF) -> frozenset[int]:
        return frozenset({state.current})

    def legal(self, state: LandlordsState, frame: RideF, seat: int) -> list[Move]:
        return [Ride(), Stay()]

    def apply(self, state: LandlordsState, frame: RideF, seat: int, move: Move,
              events: list[Event]) -> None:
        state.stack.pop()
        if isinstance(move, Ride):
            ride_on(state, seat, frame.space, events)


class AwayStep(Step[LandlordsState, AwayF]):
    """Turned away by a sign under Prosperity: on to one's own nearest lot or to the nearest lot
    (rules §11.13, ruling R19)."""

    accepts = (Go,)
    asides = (DEALS,)

    def actors(self, state: LandlordsState, frame: AwayF) -> frozenset[int]:
        return frozenset({state.current})

    def legal(self, state: LandlordsState, frame: AwayF, seat: int) -> list[Move]:
        return [Go(space) for space in frame.choices]

    def apply(self, state: LandlordsState, frame: AwayF, seat: int, move: Move,
              events: list[Event]) -> None:
        assert isinstance(move, Go)
        need(move.space in frame.choices, "error.go", space=move.space)
        state.stack.pop()
        go_on(state, seat, move.space, events)


class LotStep(Step[LandlordsState, LotF]):
    """Edition 1 (R32): an unowned lot, bought at its price from the land office or passed up."""

    accepts = (Buy, Pass)
    asides = (DEALS,)

    def actors(self, state: LandlordsState, frame: LotF) -> frozenset[int]:
        return frozenset({state.current})

    def legal(self, state: LandlordsState, frame: LotF, seat: int) -> list[Move]:
        price = board().spaces[frame.space].price
        return [Pass(), Buy()] if state.seats[seat].cash >= price else [Pass()]

    def apply(self, state: LandlordsState, frame: LotF, seat: int, move: Move,
              events: list[Event]) -> None:
        space = board().spaces[frame.space]
        if isinstance(move, Buy):
            need(state.seats[seat].cash >= space.price, "error.no_cash")
            state.stack.pop()
            pay(state, seat, BANK, space.price, "lot", events, frame.space)
            state.owner[frame.space] = seat
            events.append(Event("bought", {"seat": seat, "space": frame.space}))
            return
        state.stack.pop()
        events.append(Event("declined", {"seat": seat, "card": str(frame.space)}))
        if frame.rent_on_pass:  # R2: the land rent of an unsold lot goes to the treasury
            settle(state, [Due(seat, GENERAL, space.rent, "land_rent", frame.space)], events)


# ---- flow between moves (run by the flow kernel, games.core.flow.Flow.settle) ----------------

def next_turn(state: LandlordsState, events: list[Event]) -> None:
    """Pass the turn to the next player still in; a new round may hit the limit (§1.5)."""
    active = state.active()
    later = [s for s in active if s > state.current]
    nxt = later[0] if later else active[0]
    if not later:
        limit = round_limit(state)
        if limit and state.round >= limit:  # §1.5: a table option, off by default
            finish(state, "rounds", events)
            return
        state.round += 1
    state.current, state.turn = nxt, state.turn + 1
    state.offered, state.vote_called, state.touched = [0] * len(state.seats), [], []
    state.stack.append(TurnF())
    events.append(Event("turn", {"seat": nxt, "round": state.round}))


def finish(state: LandlordsState, reason: str, events: list[Event]) -> None:
    state.stack.clear()
    state.end = EndInfo(reason, state.round)
    events.append(Event(f"end_{reason}", {"round": state.round}))


def check_end(state: LandlordsState, events: list[Event]) -> bool:
    """The game ends at $2,000 of assets under the landlord rules (§1.2; in edition 1 under
    Prosperity too), at Prosperity (§11.12) or with one player left."""
    active = state.active()
    if not active or (len(state.seats) > 1 and len(active) == 1):
        finish(state, "last", events)
        return True
    goal = state.options["win_assets"]
    rich = [s for s in active if assets(state, s) >= goal] if individual_win(state) else []
    if rich:
        for seat in rich:
            events.append(Event("big_landlord", {"seat": seat, "amount": assets(state, seat)}))
        finish(state, "won", events)
        return True
    if state.mode == PROSPERITY and not state.achieved:
        target = 2 * state.options["start_cash"]
        poorest = min(state.seats[s].cash for s in active)
        if poorest >= target:
            events.append(Event("prosperity_achieved", {"amount": target}))
            if not state.options["play_on"]:
                finish(state, "prosperity", events)
                return True
            state.achieved = True
    return False


def end_checks(state: LandlordsState, events: list[Event]) -> bool:
    """The checks after every move (the flow's ``checks``): stop once the game is over."""
    return state.end is not None or check_end(state, events)
