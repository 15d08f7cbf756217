"""The game state: plain msgspec data, JSON-serialisable to one canonical form.

The turn structure is explicit data: ``stack`` holds the open steps, the active one on top. Every
step is a small tagged struct (a *frame*); :mod:`games.landlords.steps` maps each to its step of
the flow kernel (:mod:`games.core.flow`), which says which seats act in it and which move kinds it
accepts. A turn starts with a :class:`TurnF`; when the stack is empty the turn is over and the next
player's begins.
"""

from __future__ import annotations

import typing

import msgspec

from games.core import BaseState, Rng

# Owners of a space (``owner`` list): a seat number, or
NOBODY = -1  # unowned: the general land office still holds the card
PUBLIC = -2  # a local utility bought by the public (rules §11.5)

# Where money goes (``Due.to``): a seat number, or
BANK = -1  # the general land office (lots, improvements, wages)
GENERAL = -2  # the public treasury's general fund (taxes, fines, auctions)
FUND = -3  # the Prosperity land-rent fund (rules §11.3)
LAND_RENT = -4  # wherever land rent goes under Prosperity at the moment of paying (§11.3, §11.11)

LANDLORD = "landlord"
PROSPERITY = "prosperity"

# Sealed bids (``SealedF.bids``, one per seat): ``UNANSWERED`` until the seat answers,
# ``PASSED`` if it declined to bid, else the amount.
UNANSWERED = -2
PASSED = -1


class Player(msgspec.Struct, kw_only=True):
    cash: int
    pos: int = 0
    in_jail: bool = False
    bankrupt: bool = False
    out_turn: int = 0  # turn number at which the player went bankrupt
    idle: dict[str, int] = {}  # idle-land card id -> turn it was acquired (rules §7.2)
    #: What the player could have done before rolling when he last rolled, by public facts
    #: (``turn.preroll_options``): the standing order ``auto-roll`` asks again only about the new
    #: (ruling R34).
    seen: list[str] = []


class Due(msgspec.Struct, frozen=True):
    """A payment the rules require; settled in order, a shortfall opens a :class:`DebtF`."""

    debtor: int
    to: int
    amount: int
    reason: str
    space: int = -1


# ---- frames (steps) -------------------------------------------------------------------------

class TurnF(msgspec.Struct, tag="turn"):
    """Before rolling (rules §2.1): improve, signs, deals, redeem, call a vote, then roll.
    ``acted``: the player has done something before rolling this turn (improved, redeemed,
    changed a sign, called a vote), so he rolls himself (the ``auto-roll`` order, ruling R34)."""

    acted: bool = False


class LotF(msgspec.Struct, tag="lot"):
    """Edition 1 (ruling R32): landed on an unowned lot, buy it at its price or pass."""

    space: int
    rent_on_pass: bool


class BidF(msgspec.Struct, tag="first_bid"):
    """Landed on an unowned franchise: the lander's open first bid (rules §5.1)."""

    space: int


class OfficeF(msgspec.Struct, tag="office"):
    """At a real-estate office (rules §7)."""

    space: int
    tried: list[str] = []


class SealedF(msgspec.Struct, tag="sealed"):
    """Sealed counter-bids of the other players, all at once (rules §5.2).

    ``seller`` is a seat auctioning his own card, or ``NOBODY`` for the land office. ``bids`` holds
    each seat's hidden answer until everyone in ``pending`` has answered.
    """

    item: str
    seller: int
    minimum: int
    first: int
    first_bid: int
    pending: list[int]
    bids: list[int]


class AwayF(msgspec.Struct, tag="away"):
    """Turned away from a signed lot under Prosperity: go on to one's own nearest lot or to the
    nearest lot (rules §11.13, ruling R19). ``choices`` are the two spaces (0: the wages corner)."""

    space: int
    choices: list[int]


class RideF(msgspec.Struct, tag="ride"):
    """On a railroad: ride on to the next one or stay (rules §6.2)."""

    space: int


class DeclareF(msgspec.Struct, tag="declare"):
    """Personal property tax: declare your cash (rules §8.2)."""

    space: int


class ChallengeF(msgspec.Struct, tag="challenge"):
    """The others may challenge a declaration, all at once (rules §8.2)."""

    declarer: int
    declared: int
    tax: int
    pending: list[int]
    challengers: list[int] = []


class OfferF(msgspec.Struct, tag="offer"):
    """A deal waiting for the other party's answer (rules §10.1)."""

    frm: int
    partner: int
    kind: str
    card: str
    other: str
    amount: int


class DebtF(msgspec.Struct, tag="debt"):
    """A payment the debtor cannot make yet (rules §10.2)."""

    debtor: int
    to: int
    amount: int
    reason: str
    rest: list[Due] = []
    tried: list[str] = []
    offers: int = 0
    voted: bool = False


class PleaF(msgspec.Struct, tag="plea"):
    """The creditor consents to let a broke debtor play on, or refuses (rules §10.3)."""

    debtor: int
    to: int
    amount: int


class VoteF(msgspec.Struct, tag="vote"):
    """Vote on adopting the Prosperity rules (rules §11.1)."""

    proposer: int
    pending: list[int]
    yes: list[int] = []
    no: list[int] = []


Frame = (TurnF | LotF | BidF | OfficeF | SealedF | AwayF | RideF | DeclareF | ChallengeF | OfferF
         | DebtF | PleaF | VoteF)


class EndInfo(msgspec.Struct):
    """Why the game ended: ``won`` (§1.2), ``prosperity`` (§11.12), ``rounds`` (§1.5), ``last``."""

    reason: str
    round: int


class LandlordsState(BaseState, kw_only=True):
    seats: list[Player]
    current: int = 0
    round: int = 1
    turn: int = 1
    mode: str = LANDLORD
    owner: list[int]
    improved: list[bool]
    signed: list[bool]
    lender: list[int]  # seat holding a card as security for a loan, or NOBODY (R13)
    loan: list[int]  # amount to redeem that card
    deck: list[str]  # idle-land cards at the office; deck[0] is offered next (rules §7.1)
    bank: int
    general: int = 0
    fund: int = 0
    stack: list[Frame] = []
    dice: list[int] = []
    offered: list[int] = []  # deals each seat has proposed this turn (R12); empty: none yet
    vote_called: list[int] = []
    touched: list[int] = []  # lots whose sign changed this turn (R17)
    achieved: bool = False
    end: EndInfo | None = None
    # What hidden amounts were last revealed, shown in every view (ruling R22):
    last_card: str = ""  # the card of the latest sealed round
    last_bids: list[int] = []  # that round's bids per seat (UNANSWERED / PASSED / amount)
    shown_cash: list[int] = []  # per seat, cash last revealed by a challenge or a debt, or -1

    def active(self) -> list[int]:
        """Seats still in the game, in seat order."""
        return [s for s, p in enumerate(self.seats) if not p.bankrupt]

    def others(self, seat: int) -> list[int]:
        """The other seats still in, in turn order after ``seat``."""
        n = len(self.seats)
        return [(seat + k) % n for k in range(1, n) if not self.seats[(seat + k) % n].bankrupt]

    def money(self) -> int:
        """All the money in the game: players, bank and funds. Constant (contract invariant)."""
        return sum(p.cash for p in self.seats) + self.bank + self.general + self.fund


def _list_fields(kind: type) -> tuple[str, ...]:
    """The fields of a frame type holding a list (lists of numbers, text or frozen :class:`Due`)."""
    return tuple(field.name for field in msgspec.structs.fields(kind) if typing.get_origin(field.type) is list)


_FRAME_LISTS: dict[type, tuple[str, ...]] = {kind: _list_fields(kind) for kind in typing.get_args(Frame)}


def _copy_frame(frame: Frame) -> Frame:
    replace = msgspec.structs.replace
    lists = _FRAME_LISTS[type(frame)]
    return replace(frame, **{name: getattr(frame, name).copy() for name in lists})


def copy_state(state: LandlordsState) -> LandlordsState:
    """A deep copy equal to the canonical JSON round trip (``Game.copy``), dicts in sorted key order
    as that gives them, built field by field: faster than through MessagePack, and ``apply`` copies
    every move. A new mutable field must be copied here (tests/landlords/test_copy.py notices)."""
    replace = msgspec.structs.replace
    return replace(
        state, rng=Rng(state.rng.state), options=dict(sorted(state.options.items())),
        seats=[replace(p, idle=dict(sorted(p.idle.items())), seen=p.seen.copy()) for p in state.seats],
        owner=state.owner.copy(), improved=state.improved.copy(), signed=state.signed.copy(),
        lender=state.lender.copy(), loan=state.loan.copy(), deck=state.deck.copy(),
        stack=[_copy_frame(frame) for frame in state.stack], dice=state.dice.copy(),
        offered=state.offered.copy(), vote_called=state.vote_called.copy(), touched=state.touched.copy(),
        end=None if state.end is None else replace(state.end), last_bids=state.last_bids.copy(),
        shown_cash=state.shown_cash.copy())
