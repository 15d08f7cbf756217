"""What one seat (or a spectator) may see: everything but other players' cash and sealed bids.

Cash is private to its owner (rules §1.1): a view shows each player's *public* assets (cards,
improvements, loans) and the viewer's own cash only. The bank's balance is never shown, since with
the public funds it would give away the sum of everyone's cash (ruling R22).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import msgspec

from .board import board, card_label
from .deals import deals_open, signs_left
from .edition import edition, round_limit
from .money import assets, cards_of, public_assets
from .state import (
    NOBODY,
    PASSED,
    PUBLIC,
    UNANSWERED,
    AwayF,
    ChallengeF,
    DebtF,
    LandlordsState,
    OfferF,
    PleaF,
    SealedF,
    VoteF,
)


class SpaceView(msgspec.Struct):
    index: int
    kind: str
    colour: str
    owner: int | None  # seat, or None
    public: bool  # a local utility owned by the public (§11.5)
    improved: bool
    sign: bool
    pledged_to: int | None
    pawns: list[int]


class PlayerView(msgspec.Struct):
    seat: int
    position: int
    in_jail: bool
    bankrupt: bool
    cards: list[str]
    public_assets: int
    breakdown: dict[str, int]
    cash: int | None = None  # only in the player's own view (everyone's once the game is over)
    assets: int | None = None  # likewise
    revealed_cash: int | None = None  # cash last made public by a challenge or a debt


class AuctionView(msgspec.Struct):
    card: str
    seller: int | None
    minimum: int
    first_bidder: int | None
    first_bid: int
    waiting: list[int]
    answered: list[int]
    my_bid: int | None = None  # the viewer's own sealed bid (0: passed)


class BidView(msgspec.Struct):
    seat: int
    amount: int | None  # None: passed


class LastAuctionView(msgspec.Struct):
    """The sealed bids of the latest auction, public once revealed (§5.2)."""

    card: str
    bids: list[BidView]


class OfferView(msgspec.Struct):
    frm: int
    partner: int
    kind: str
    card: str
    other: str
    amount: int


class DebtView(msgspec.Struct):
    debtor: int
    to: int | str
    amount: int
    reason: str
    plea: bool


class VoteView(msgspec.Struct):
    proposer: int
    yes: list[int]
    no: list[int]
    waiting: list[int]


class DeclarationView(msgspec.Struct):
    declarer: int
    declared: int
    tax: int
    waiting: list[int]
    #: Who challenged so far: the answers are public (ruling R9), as their events say.
    challengers: list[int] = msgspec.field(default_factory=list)


class LandlordsView(msgspec.Struct):
    viewer: int | None
    mode: str
    round: int
    round_limit: int  # 0: no round limit (§1.5)
    current: int
    step: str
    to_act: list[int]
    dice: list[int]
    spaces: list[SpaceView]
    players: list[PlayerView]
    general_fund: int
    prosperity_fund: int
    idle_next: str | None
    idle_left: int
    signs_left: int
    start_cash: int
    win_assets: int
    prosperity_achieved: bool
    wages: int = 200  # plain wages at the corner (table option, R24)
    edition: int = 2  # the rulings the table plays by (R32)
    away: list[int] | None = None  # where a visitor turned away may go (§11.13, R19)
    auction: AuctionView | None = None
    offer: OfferView | None = None
    debt: DebtView | None = None
    vote: VoteView | None = None
    declaration: DeclarationView | None = None
    last_auction: LastAuctionView | None = None
    ended: str | None = None
    #: Whether deals may be proposed now (rules §9: during a turn, while the current player alone acts).
    deals_open: bool = False


@cache
def _faces() -> tuple[tuple[int, str, str], ...]:
    """Each space's index, kind and colour: printed on the board, the same in every view."""
    return tuple((space.index, space.kind.value, space.colour) for space in board().spaces)


def _spaces(state: LandlordsState) -> list[SpaceView]:
    pawns: dict[int, list[int]] = {}
    for seat, player in enumerate(state.seats):
        if not player.bankrupt:
            pawns.setdefault(player.pos, []).append(seat)
    out = []
    for i, kind, colour in _faces():
        owner = state.owner[i]
        out.append(SpaceView(i, kind, colour,
                             owner if owner >= 0 else None, owner == PUBLIC, state.improved[i],
                             state.signed[i], state.lender[i] if state.lender[i] != NOBODY else None,
                             pawns.get(i, [])))
    return out


def _players(state: LandlordsState, viewer: int | None) -> list[PlayerView]:
    out = []
    for seat, player in enumerate(state.seats):
        breakdown = public_assets(state, seat)
        own = seat == viewer or state.end is not None
        shown = state.shown_cash[seat]
        out.append(PlayerView(seat, player.pos, player.in_jail, player.bankrupt,
                              cards_of(state, seat), sum(breakdown.values()), breakdown,
                              player.cash if own else None,
                              assets(state, seat) if own else None,
                              shown if shown >= 0 else None))
    return out


def _auction(frame: SealedF, viewer: int | None) -> AuctionView:
    mine = frame.bids[viewer] if viewer is not None else UNANSWERED
    answered = [seat for seat, bid in enumerate(frame.bids) if bid != UNANSWERED]
    return AuctionView(frame.item, frame.seller if frame.seller >= 0 else None, frame.minimum,
                       frame.first if frame.first >= 0 else None, frame.first_bid,
                       list(frame.pending), answered,
                       None if mine == UNANSWERED else (0 if mine == PASSED else mine))


def view(state: LandlordsState, viewer: int | None, to_act: list[int]) -> LandlordsView:
    from .money import payee

    top = state.stack[-1] if state.stack else None
    result = LandlordsView(
        viewer=viewer, mode=state.mode, round=state.round,
        round_limit=round_limit(state), current=state.current,
        step=str(type(top).__struct_config__.tag) if top is not None else "over", deals_open=deals_open(state),
        to_act=to_act, dice=list(state.dice), spaces=_spaces(state),
        players=_players(state, viewer), general_fund=state.general,
        prosperity_fund=state.fund, idle_next=state.deck[0] if state.deck else None,
        idle_left=len(state.deck), signs_left=signs_left(state),
        start_cash=state.options["start_cash"],
        win_assets=state.options["win_assets"],
        prosperity_achieved=state.achieved, wages=state.options["wages"], edition=edition(state),
        ended=state.end.reason if state.end else None)
    if state.last_card:
        bids = [BidView(seat, None if bid == PASSED else bid)
                for seat, bid in enumerate(state.last_bids) if bid != UNANSWERED]
        result.last_auction = LastAuctionView(state.last_card, bids)
    for frame in state.stack:
        if isinstance(frame, SealedF):
            result.auction = _auction(frame, viewer)
        elif isinstance(frame, OfferF):
            result.offer = OfferView(frame.frm, frame.partner, frame.kind, frame.card,
                                     frame.other, frame.amount)
        elif isinstance(frame, DebtF):
            result.debt = DebtView(frame.debtor, payee(frame.to), frame.amount, frame.reason, False)
        elif isinstance(frame, PleaF) and result.debt is not None:
            result.debt.plea = True
        elif isinstance(frame, VoteF):
            result.vote = VoteView(frame.proposer, list(frame.yes), list(frame.no),
                                   list(frame.pending))
        elif isinstance(frame, AwayF):
            result.away = list(frame.choices)
        elif isinstance(frame, ChallengeF):
            result.declaration = DeclarationView(frame.declarer, frame.declared, frame.tax,
                                                 list(frame.pending), list(frame.challengers))
    return result


def summary(game: Any, view: LandlordsView, lang: str, names: Sequence[str] | None = None) -> list[str]:
    """A few lines of text for the console and for accessibility; ``names`` (per seat) name the
    players instead of "#2" (issue 19 §6)."""
    b = board()

    def say(key: str, **params: Any) -> str:
        return str(game.text(f"summary.{key}", params, lang, names))

    def seat_name(seat: int) -> str:
        return names[seat] if names is not None and 0 <= seat < len(names) else f"#{seat + 1}"

    lines = [say("head" if view.round_limit else "head_open", round=view.round,
                 limit=view.round_limit, mode=say(f"mode_{view.mode}"), general=view.general_fund,
                 fund=view.prosperity_fund)]
    for p in view.players:
        cards = ", ".join(card_label(c, lang) + ("*" if c.isdigit() and view.spaces[int(c)].improved
                                                  else "") for c in p.cards) or "-"
        where = say("bankrupt") if p.bankrupt else b.spaces[p.position].label(lang)
        cash = say("cash", amount=p.cash) if p.cash is not None else ""
        jail = say("in_jail") if p.in_jail else ""
        extra = "".join(f" {part}" for part in (cash, jail) if part)
        lines.append(say("player", seat=p.seat, where=where, assets=p.public_assets,
                         extra=extra, cards=cards))
    if view.auction is not None:
        lines.append(say("auction", card=view.auction.card, amount=view.auction.minimum))
    if view.offer is not None:
        lines.append(say("offer", seat=view.offer.frm, player=view.offer.partner))
    if view.debt is not None:
        lines.append(say("debt", seat=view.debt.debtor, amount=view.debt.amount))
    if view.vote is not None:
        lines.append(say("vote", yes=len(view.vote.yes), no=len(view.vote.no)))
    if view.to_act:
        lines.append(say("waiting", step=say(f"step_{view.step}"),
                         seats=", ".join(seat_name(s) for s in view.to_act)))
    return lines
