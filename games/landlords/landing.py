"""Moving pawns and what each space does when one lands there (rules §3–§9, §11)."""

from __future__ import annotations

from games.core import Event

from .board import CORNER, SPACES, Kind, board, rules
from .edition import text_rules
from .money import assets, receive, settle
from .state import (
    BANK,
    GENERAL,
    LAND_RENT,
    LANDLORD,
    NOBODY,
    PROSPERITY,
    PUBLIC,
    AwayF,
    BidF,
    DeclareF,
    Due,
    LandlordsState,
    LotF,
    OfficeF,
    RideF,
)


def roll(state: LandlordsState, seat: int, events: list[Event]) -> tuple[int, int]:
    """Two dice from the game's generator, shown as an event (rules §2.2)."""
    d1, d2 = state.rng.die(), state.rng.die()
    state.dice = [d1, d2]
    events.append(Event("rolled", {"seat": seat, "d1": d1, "d2": d2, "total": d1 + d2}))
    return d1, d2


def pay_wages(state: LandlordsState, seat: int, amount: int, exact: bool,
              events: list[Event]) -> None:
    state.seats[seat].pos = CORNER
    events.append(Event("moved", {"seat": seat, "space": CORNER}))
    receive(state, seat, amount, BANK, "wages_exact" if exact else "wages", events)


def advance(state: LandlordsState, seat: int, steps: int, events: list[Event],
            dice: tuple[int, int] | None = None) -> None:
    """Move forward; every pawn stops at the wages corner (rules §4.1, ruling R3)."""
    player = state.seats[seat]
    target = player.pos + steps
    if target >= SPACES:
        exact = dice is not None and target == SPACES
        amount = (rules().exact_wages(*dice) if exact and dice
                  else state.options["wages"])
        pay_wages(state, seat, amount, exact, events)
        return
    player.pos = target
    events.append(Event("moved", {"seat": seat, "space": target}))
    land(state, seat, events)


def go_back(state: LandlordsState, seat: int, steps: int, events: list[Event]) -> None:
    """Move backwards; the corner is passed without stopping or pay (ruling R4)."""
    player = state.seats[seat]
    player.pos = (player.pos - steps) % SPACES
    events.append(Event("moved_back", {"seat": seat, "space": player.pos}))
    if player.pos != CORNER:
        land(state, seat, events)


def send_to_jail(state: LandlordsState, seat: int, why: str, events: list[Event]) -> None:
    """Trespassers go to jail and pay the fine at once (rules §3.3, §9.1, §9.2)."""
    player = state.seats[seat]
    player.pos = board().jail
    player.in_jail = True
    events.append(Event("jailed", {"seat": seat, "why": why}))
    settle(state, [Due(seat, GENERAL, rules().jail_fine, "jail_fine")], events)


def land(state: LandlordsState, seat: int, events: list[Event]) -> None:
    """Apply the rules of the space ``seat`` just reached."""
    space = state.seats[seat].pos
    LANDING[board().spaces[space].kind](state, seat, space, events)


# ---- lots (rules §3, §11.3, §11.4, §11.13) -------------------------------------------------------

def _lot(state: LandlordsState, seat: int, space: int, events: list[Event]) -> None:
    owner, rent = state.owner[space], board().spaces[space].rent
    extra = rules().improvement_rent if state.improved[space] else 0
    sold_here = not text_rules(state)  # edition 1: the lander may buy an unowned lot (R32)
    if state.mode == LANDLORD:
        if owner == NOBODY and sold_here:
            state.stack.append(LotF(space, rent_on_pass=True))
        elif owner == NOBODY:  # §3.4: lots are sold at the offices; nothing is due here (R2)
            events.append(Event("vacant", {"seat": seat, "space": space}))
        elif owner != seat and state.signed[space]:
            send_to_jail(state, seat, "trespass", events)
        elif owner != seat:
            settle(state, [Due(seat, owner, rent + extra, "rent", space)], events)
        return
    if owner == NOBODY:  # §11.4: the land rent of an unsold lot goes to the fund
        if sold_here:  # edition 1: and then the lander may buy it
            state.stack.append(LotF(space, rent_on_pass=False))
        settle(state, [Due(seat, LAND_RENT, rent, "land_rent", space)], events)
    elif owner == seat:  # §11.4: a landlord on his own lot pays its land rent too
        settle(state, [Due(seat, LAND_RENT, rent, "land_rent", space)], events)
    elif state.signed[space]:
        if text_rules(state):
            _turned_away(state, seat, space, events)
        else:
            _turned_away_first(state, seat, space, events)
    else:  # §11.3: land rent to the fund, improvement rent to the landlord
        settle(state, [Due(seat, LAND_RENT, rent, "land_rent", space),
                       Due(seat, owner, extra, "improvement_rent", space)], events)


def _nearest(state: LandlordsState, seat: int, space: int, own: bool) -> int | None:
    """The first lot after ``space`` and before the corner where ``seat`` may stay: his own
    (``own``) or any lot in use that no other player's sign bars (ruling R19)."""
    for target in range(space + 1, SPACES):
        owner = state.owner[target]
        if target not in board().lots or owner < 0:
            continue
        if owner == seat or (not own and not state.signed[target]):
            return target
    return None


def _turned_away(state: LandlordsState, seat: int, space: int, events: list[Event]) -> None:
    """A No Trespassing sign under Prosperity turns the visitor away (§11.13, ruling R19): the
    sign's owner pays the signed lot's land rent at once, and the visitor goes on to his own
    nearest lot or to the nearest lot, his choice when they differ."""
    owner = state.owner[space]
    events.append(Event("turned_away", {"seat": seat, "space": space, "player": owner}))
    sign_rent = Due(owner, LAND_RENT, board().spaces[space].rent, "sign_rent", space)
    nearest = _nearest(state, seat, space, own=False)
    mine = _nearest(state, seat, space, own=True)
    # No lot in use before the corner: he reaches the corner (and its wages). His own nearest lot
    # is a choice only when he has one before the corner, where every pawn stops (R3).
    choices = sorted({CORNER if nearest is None else nearest} | ({mine} if mine is not None else set()),
                     key=lambda t: t or SPACES)
    if len(choices) > 1:  # he chooses once the sign's owner has paid
        state.stack.append(AwayF(space, choices))
        settle(state, [sign_rent], events)
        return
    go_on(state, seat, choices[0], events, [sign_rent])


def go_on(state: LandlordsState, seat: int, target: int, events: list[Event],
          dues: list[Due] | None = None) -> None:
    """A visitor turned away reaches ``target`` (R19): free on another's lot, the land rent on
    his own, wages at the corner. ``dues`` are paid first (the sign's owner's land rent)."""
    dues = list(dues or [])
    if target == CORNER:
        settle(state, dues, events)
        pay_wages(state, seat, state.options["wages"], False, events)
        return
    state.seats[seat].pos = target
    events.append(Event("moved", {"seat": seat, "space": target}))
    if state.owner[target] == seat:
        dues.append(Due(seat, LAND_RENT, board().spaces[target].rent, "land_rent", target))
    settle(state, dues, events)


def _turned_away_first(state: LandlordsState, seat: int, space: int, events: list[Event]) -> None:
    """Edition 1 (R32): the visitor goes on to the nearest owned, unsigned lot."""
    b, owner = board(), state.owner[space]
    events.append(Event("turned_away", {"seat": seat, "space": space, "player": owner}))
    dues = [Due(owner, LAND_RENT, b.spaces[space].rent, "sign_rent", space)]
    for target in range(space + 1, SPACES):
        if target in b.lots and state.owner[target] >= 0 and not state.signed[target]:
            state.seats[seat].pos = target
            events.append(Event("moved", {"seat": seat, "space": target}))
            if state.owner[target] == seat:
                dues.append(Due(seat, LAND_RENT, b.spaces[target].rent, "land_rent", target))
            settle(state, dues, events)
            return
    settle(state, dues, events)
    pay_wages(state, seat, state.options["wages"], False, events)


# ---- franchises (rules §5, §6, §11.5–§11.7) ------------------------------------------------------

def _utility(state: LandlordsState, seat: int, space: int, events: list[Event]) -> None:
    r, owner = rules(), state.owner[space]
    if owner == PUBLIC or (owner == NOBODY and state.mode == PROSPERITY):
        # §11.5 public utilities and §11.6 unsold ones under Prosperity: $25 to the treasury
        settle(state, [Due(seat, GENERAL, r.public_fare, "public_fare", space)], events)
    elif owner == NOBODY:
        state.stack.append(BidF(space))
    elif owner != seat:
        monopoly = all(state.owner[u] == owner for u in board().utilities)
        fare = r.utility_monopoly_fare if monopoly else r.utility_fare
        settle(state, [Due(seat, owner, fare, "fare", space)], events)


def _railroad(state: LandlordsState, seat: int, space: int, events: list[Event]) -> None:
    r, owner = rules(), state.owner[space]
    state.stack.append(RideF(space))
    if owner == NOBODY:
        state.stack.append(BidF(space))
    elif owner != seat:
        # §6.2 monopoly fare; §11.7 no monopolies under Prosperity (ruling R18)
        monopoly = state.mode == LANDLORD and all(state.owner[t] == owner for t in board().railroads)
        fare = r.railroad_monopoly_fare if monopoly else r.railroad_fare
        settle(state, [Due(seat, owner, fare, "fare", space)], events)


def ride_on(state: LandlordsState, seat: int, space: int, events: list[Event]) -> None:
    """Ride to the next railroad; past the last one the pawn stops at the corner (ruling R5)."""
    later = [t for t in board().railroads if t > space]
    if not later:
        events.append(Event("rode", {"seat": seat, "space": CORNER}))
        pay_wages(state, seat, state.options["wages"], False, events)
        return
    state.seats[seat].pos = later[0]
    events.append(Event("rode", {"seat": seat, "space": later[0]}))


# ---- offices, taxes and the rest (rules §7–§9, §11.2, §11.9, §11.10) -----------------------------

def _office(state: LandlordsState, seat: int, space: int, events: list[Event]) -> None:
    state.stack.append(OfficeF(space))


def _tax(state: LandlordsState, seat: int, space: int, events: list[Event]) -> None:
    if state.mode == PROSPERITY:
        events.append(Event("no_tax", {"seat": seat, "space": space}))
        return
    r, kind = rules(), board().spaces[space].kind
    if kind == Kind.PERSONAL_TAX:
        state.stack.append(DeclareF(space))
        return
    mine = [i for i, owner in enumerate(state.owner) if owner == seat]
    if kind == Kind.LAND_TAX:  # §8.1 $5 a deed (ruling R8: idle-land cards are deeds too)
        deeds = sum(1 for i in mine if i in board().lots) + len(state.seats[seat].idle)
        amount = r.land_tax_per_deed * deeds
    else:  # §8.3 $25 an improvement and $25 a franchise card
        amount = (r.improvement_tax * sum(1 for i in mine if state.improved[i])
                  + r.franchise_tax * sum(1 for i in mine if board().is_franchise(i)))
    events.append(Event("tax", {"seat": seat, "space": space, "amount": amount}))
    settle(state, [Due(seat, GENERAL, amount, "tax", space)], events)


def _hotel(state: LandlordsState, seat: int, space: int, events: list[Event]) -> None:
    """§9.3: $25 with $1,000 of assets, else roll again and go back (ruling R7)."""
    r = rules()
    if assets(state, seat) >= r.hotel_threshold:
        settle(state, [Due(seat, GENERAL, r.hotel_fee, "hotel", space)], events)
        return
    events.append(Event("hotel_back", {"seat": seat}))
    d1, d2 = roll(state, seat, events)
    go_back(state, seat, d1 + d2, events)


def _jail(state: LandlordsState, seat: int, space: int, events: list[Event]) -> None:
    if state.mode == PROSPERITY:  # §11.10 the jail is no longer used
        return
    send_to_jail(state, seat, "landed", events)  # ruling R6


def _estate(state: LandlordsState, seat: int, space: int, events: list[Event]) -> None:
    if state.mode == PROSPERITY:  # §11.9 a public park
        events.append(Event("park", {"seat": seat}))
        return
    send_to_jail(state, seat, "estate", events)  # §9.1


def _nothing(state: LandlordsState, seat: int, space: int, events: list[Event]) -> None:
    """The corner reached backwards (ruling R4)."""


LANDING = {
    Kind.WAGES: _nothing, Kind.LOT: _lot, Kind.UTILITY: _utility, Kind.RAILROAD: _railroad,
    Kind.OFFICE: _office, Kind.LAND_TAX: _tax, Kind.PERSONAL_TAX: _tax,
    Kind.IMPROVEMENT_TAX: _tax, Kind.HOTEL: _hotel, Kind.JAIL: _jail, Kind.ESTATE: _estate,
}
