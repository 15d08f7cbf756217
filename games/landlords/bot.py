"""A simple bot: buys what it can afford with a reserve (at the offices, the lot with the best rent
for its price), bids within its means, improves the lots its rivals are likely to land on, puts No
Trespassing signs on cheap lots in their path (and takes them off where they cost it rent), cashes
in idle land, accepts fair deals and proposes a fair price for the card that completes a monopoly,
pays its debts by auctioning its cheapest cards, and is a lenient creditor. It looks only at public
information and its own cash.

The default bot acts in its own interest only (issue 22). Under Prosperity land rent goes to the
fund and a landlord keeps only the improvement rent (§11.3), so it buys a lot there only to improve
it, and improves while keeping its own cash at the common goal (§11.12: it wins only if the poorest
player reaches $700, so it does not make itself the poorest). It does not sell cards above their
value to help another player: that habit is the *cooperative* :class:`Policy`, one of the field of
strategies the balance study (``bench/landlords.py``, ruling R24) plays against the default.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.core import GameError, Move, Rng

from .board import board, rules
from .deals import check_offer, offers_left, tradeable
from .money import assets, card_value, public_assets
from .moves import (
    Accept,
    Auction,
    Bid,
    Buy,
    Challenge,
    Declare,
    Decline,
    Go,
    Improve,
    LotBid,
    Offer,
    Pass,
    Plead,
    Redeem,
    Ride,
    Roll,
    Sell,
    Sign,
    Stay,
    Unsign,
    Vote,
)
from .state import (
    LANDLORD,
    NOBODY,
    PROSPERITY,
    AwayF,
    BidF,
    ChallengeF,
    DebtF,
    DeclareF,
    LandlordsState,
    LotF,
    OfferF,
    OfficeF,
    PleaF,
    RideF,
    SealedF,
    TurnF,
    VoteF,
)
from .steps import STEPS

RESERVE = 120  # cash the bot keeps back when buying
DEAL_CHANCE = 3  # proposes its monopoly deal on one turn in this many (so a "no" is not nagged)


@dataclass(frozen=True)
class Policy:
    """A bot's habits: the default bot, or one of the field of strategies of the balance study
    (ruling R24, ``bench/landlords.py``). Each still plays every move the rules force on it."""

    name: str = "default"
    #: Buys cards: lots at the offices, franchises and idle land at auction, cards offered in deals.
    buys: bool = True
    #: Buys improvements (§3.1).
    improves: bool = True
    #: Improves any lot it owns whenever it has the $250 and a small reserve, before anything else.
    eager: bool = False
    #: Cash kept back when buying.
    reserve: int = RESERVE
    #: Under Prosperity plays for the poorest player's cash (§11.12): sells its cards to the player
    #: with most property for what it lacks to reach $700, buys such cards far above their value,
    #: gives cards away, neither buys lots nor improves, and votes for Prosperity.
    cooperative: bool = False


DEFAULT = Policy()
NEVER_BUYER = Policy("never-buyer", buys=False, improves=False)
HOARDER = Policy("hoarder", improves=False, reserve=2 * RESERVE)
DEVELOPER = Policy("developer", eager=True, reserve=RESERVE // 3)
COOPERATIVE = Policy("cooperative", cooperative=True)
#: The field of strategies, by name.
POLICIES: dict[str, Policy] = {p.name: p for p in (DEFAULT, NEVER_BUYER, HOARDER, DEVELOPER, COOPERATIVE)}


def _best_bid(legal: list[Move], ceiling: int) -> Move | None:
    bids = [m for m in legal if isinstance(m, Bid) and m.amount <= ceiling]
    return max(bids, key=lambda m: m.amount) if bids else None


def _lowest_bid(legal: list[Move], ceiling: int) -> Move | None:
    bids = [m for m in legal if isinstance(m, Bid) and m.amount <= ceiling]
    return min(bids, key=lambda m: m.amount) if bids else None


def _group(space: int) -> tuple[int, ...]:
    """The franchises a monopoly is made of (rules §6): the utilities or the railroads."""
    b = board()
    if space in b.utilities:
        return b.utilities
    return b.railroads if space in b.railroads else ()


def _worth(state: LandlordsState, card: str) -> int:
    """What a card is worth to its holder: idle land near its sale value, lots a little above book
    value (less under Prosperity, where land earns its landlord nothing), franchises half above
    their price and double that in a monopoly under the landlord rules."""
    if card in board().idle:
        return board().idle[card].sale - 60
    space = board().spaces[int(card)]
    if space.kind.value in ("utility", "railroad"):
        holder = state.owner[space.index]
        monopoly = state.mode == LANDLORD and all(state.owner[s] == holder for s in _group(space.index))
        return space.price * (2 if monopoly else 3) // 2
    if state.mode == PROSPERITY:
        return card_value(state, card)
    return card_value(state, card) * 6 // 5


def _landing_odds(state: LandlordsState, seat: int, space: int) -> float:
    """The chance that some rival lands on ``space`` with his next roll of two dice."""
    miss = 1.0
    for rival in state.others(seat):
        distance = space - state.seats[rival].pos
        if 2 <= distance <= 12 and not state.seats[rival].in_jail:
            miss *= 1 - (6 - abs(distance - 7)) / 36
    return 1 - miss


def _keep(state: LandlordsState, policy: Policy) -> int:
    """Cash to keep back: under Prosperity, until it is achieved, enough to reach the common goal
    itself (§11.12: a player wins only when the poorest has $700, so nobody gains by being the
    poorest); otherwise the policy's reserve."""
    if _common_goal(state):
        return _target(state)
    return policy.reserve


def _common_goal(state: LandlordsState) -> bool:
    """Under Prosperity, until it is achieved, every player wins together or nobody does (§11.12)."""
    return state.mode == PROSPERITY and not state.achieved


def _target(state: LandlordsState) -> int:
    return 2 * int(state.options["start_cash"])


def _property(state: LandlordsState, seat: int) -> int:
    return sum(public_assets(state, seat).values())


def _prosperity_deal(state: LandlordsState, seat: int, legal: list[Move]) -> Move | None:
    """The cooperative habit under Prosperity (§11.12), whose goal is shared: a bot short of the
    target offers its cheapest card to the player with the most property (the likeliest to have
    cash to spare) for what it lacks, trying the next one after a refusal; a bot with cash to spare
    gives a card to a player who has none, so that he has something to sell. Only public facts and
    its own cash are used. Not the default bot's: it sells cards far above their value."""
    if not _common_goal(state) or not offers_left(state, seat):
        return None
    made = rules().offers_per_turn - offers_left(state, seat)
    cash, target, mine = state.seats[seat].cash, _target(state), tradeable(state, seat)
    if not mine:
        return None
    card = min(mine, key=lambda c: (card_value(state, c), c))
    others = state.others(seat)
    if cash < target:
        buyers = sorted(others, key=lambda p: (-_property(state, p), p))
        if made < len(buyers):
            return Offer(buyers[made], "sell", card, target - cash + RESERVE)
        return None
    if cash >= target + 2 * RESERVE and made == 0:
        empty = [p for p in others if not tradeable(state, p)]
        if empty:
            return Offer(min(empty, key=lambda p: (_property(state, p), p)), "sell", card, 0)
    return None


def _improvement(state: LandlordsState, seat: int, legal: list[Move], policy: Policy) -> Move | None:
    """The improvement to buy now, if any (§3.1). Under Prosperity the landlord keeps the
    improvement rent (§11.3), so it pays there too, bought only with the common goal's cash kept
    (:func:`_keep`); the cooperative player buys none (the $250 leaves the players' hands)."""
    if not policy.improves or (policy.cooperative and _common_goal(state)):
        return None
    improve = [m for m in legal if isinstance(m, Improve) and not state.signed[m.space]]
    if not improve:
        return None
    cash, cost = state.seats[seat].cash, rules().improvement_cost
    if policy.eager:
        need = cost + (_target(state) if _common_goal(state) else policy.reserve)
    else:
        need = cost + policy.reserve + _keep(state, policy)
    if cash < need:
        return None
    return max(improve, key=lambda m: (_landing_odds(state, seat, m.space), board().spaces[m.space].rent))


def _turn(state: LandlordsState, frame: TurnF, seat: int, legal: list[Move], rng: Rng,
          policy: Policy) -> Move:
    """Before rolling: take off signs that cost it, improve, put up signs, redeem, deal, roll."""
    cash = state.seats[seat].cash
    r = rules()
    for move in legal:  # a sign costs rent on an improved lot, and under Prosperity always (R19)
        if isinstance(move, Unsign) and (state.mode == PROSPERITY or state.improved[move.space]):
            return move
    improvement = _improvement(state, seat, legal, policy)
    if improvement is not None:
        return improvement
    if state.mode == LANDLORD:  # jail a rival rather than collect a small rent from him (§3.3)
        signs = [m for m in legal if isinstance(m, Sign) and not state.improved[m.space]
                 and board().spaces[m.space].rent < r.jail_fine
                 and _landing_odds(state, seat, m.space) >= 0.1]
        if signs:
            return max(signs, key=lambda m: _landing_odds(state, seat, m.space))
    for move in legal:
        if isinstance(move, Redeem) and cash >= state.loan[move.space] + 3 * RESERVE:
            return move
    if policy.cooperative:
        helping = _prosperity_deal(state, seat, legal)
        if helping is not None and _allowed_deal(state, seat, helping, legal):
            return helping
    deal = _monopoly_deal(state, seat, legal, policy) or _loan_request(state, seat, legal)
    if deal is not None and rng.below(DEAL_CHANCE) == 0:
        return deal
    return Roll()


def _loan_request(state: LandlordsState, seat: int, legal: list[Move]) -> Move | None:
    """Short of cash, ask the rival with the most property for a loan on its best free card (R13)
    rather than risk selling it at a forced auction."""
    if state.seats[seat].cash >= RESERVE // 2 or offers_left(state, seat) < rules().offers_per_turn:
        return None
    loans = [m for m in legal if isinstance(m, Offer) and m.kind == "mortgage"]
    if not loans:
        return None
    b = board()
    rich = max(state.others(seat), key=lambda p: (sum(b.spaces[int(c)].price for c in tradeable(state, p)
                                                      if c.isdigit()), -p))
    mine = [m for m in loans if m.partner == rich]
    return max(mine, key=lambda m: (m.amount, m.card)) if mine else None


def _monopoly_deal(state: LandlordsState, seat: int, legal: list[Move], policy: Policy) -> Move | None:
    """Under the landlord rules, a fair offer for the one franchise missing from a monopoly."""
    if not policy.buys or state.mode != LANDLORD or offers_left(state, seat) < rules().offers_per_turn:
        return None  # one proposal a turn
    for group in (board().railroads, board().utilities):
        mine = [s for s in group if state.owner[s] == seat]
        rest = [s for s in group if state.owner[s] != seat]
        if len(mine) != len(group) - 1:
            continue
        space = rest[0]
        holder = state.owner[space]
        if holder < 0 or str(space) not in tradeable(state, holder):
            continue
        price = _worth(state, str(space))
        if state.seats[seat].cash < price + policy.reserve + _keep(state, policy):
            continue
        move = Offer(holder, "buy", str(space), price)
        if any(isinstance(m, Offer) and m.partner == holder for m in legal):
            return move
    return None


def _allowed_deal(state: LandlordsState, seat: int, move: Move, legal: list[Move]) -> bool:
    """A deal with an amount of the bot's choosing that the rules accept now."""
    if not isinstance(move, Offer) or not any(isinstance(m, Offer) for m in legal):
        return False
    try:
        check_offer(state, seat, move, raising=False)
    except GameError:
        return False
    return True


def _out_of_turn(state: LandlordsState, seat: int, legal: list[Move], rng: Rng, policy: Policy) -> Move:
    """Asked to move while another player is on turn, where only deals are legal (R12): the
    monopoly deal if there is one, else the cheapest card offered at its book value."""
    deal = _monopoly_deal(state, seat, legal, policy)
    if deal is not None and _allowed_deal(state, seat, deal, legal):
        return deal
    sales = [m for m in legal if isinstance(m, Offer) and m.kind == "sell"]
    if sales:
        return min(sales, key=lambda m: (m.amount, str(m)))
    return legal[0]


def _lot(state: LandlordsState, frame: LotF, seat: int, legal: list[Move], rng: Rng,
         policy: Policy) -> Move:
    if not policy.buys or (policy.cooperative and _common_goal(state)):
        return Pass()
    price = board().spaces[frame.space].price
    if state.mode == PROSPERITY:  # land earns its owner nothing now: buy only to improve it
        price += rules().improvement_cost
    return Buy() if Buy() in legal and state.seats[seat].cash >= price + _keep(state, policy) else Pass()


def _first_bid(state: LandlordsState, frame: BidF, seat: int, legal: list[Move],
               rng: Rng, policy: Policy) -> Move:
    price = board().spaces[frame.space].price
    if policy.buys and state.seats[seat].cash >= price + policy.reserve:
        return _lowest_bid(legal, price) or Pass()
    return Pass()


def _lot_bid(state: LandlordsState, seat: int, legal: list[Move], policy: Policy) -> Move | None:
    """The opening bid for the unsold lot worth most to the bot (rules §7.4). Under the landlord
    rules: the best land rent for its price it can afford with a reserve. Under Prosperity land
    earns its landlord nothing but improvement rent (§11.3) and every lot's improvement earns the
    same $100, so the cheapest lot, only with the cash to improve it too while keeping the common
    goal's cash (a player who lands on his own or an unsold lot pays its land rent to the fund
    either way, §11.4); the cooperative player buys none."""
    if not policy.buys:
        return None
    opening: dict[int, LotBid] = {}
    for move in legal:
        if isinstance(move, LotBid) and (move.space not in opening
                                         or move.amount < opening[move.space].amount):
            opening[move.space] = move
    cash, b = state.seats[seat].cash, board()
    if state.mode == PROSPERITY:
        if policy.cooperative or not policy.improves:
            return None
        spare = cash - rules().improvement_cost - policy.reserve - _keep(state, policy)
        fits = [m for m in opening.values() if spare >= m.amount]
        return min(fits, key=lambda m: (m.amount, m.space)) if fits else None
    fits = [m for m in opening.values() if cash >= m.amount + policy.reserve]
    return max(fits, key=lambda m: (b.spaces[m.space].rent / m.amount, m.space)) if fits else None


def _office(state: LandlordsState, frame: OfficeF, seat: int, legal: list[Move],
            rng: Rng, policy: Policy) -> Move:
    for move in legal:
        if isinstance(move, Sell):
            return move
    lot = _lot_bid(state, seat, legal, policy)
    if lot is not None:
        return lot
    if policy.buys and any(isinstance(m, Bid) for m in legal) and state.deck:
        ceiling = min(_worth(state, state.deck[0]) // 2, state.seats[seat].cash - policy.reserve)
        return _best_bid(legal, ceiling) or Pass()
    return Pass()


def _sealed(state: LandlordsState, frame: SealedF, seat: int, legal: list[Move],
            rng: Rng, policy: Policy) -> Move:
    if not policy.buys:
        return Pass()
    worth = _worth(state, frame.item)
    if frame.seller >= 0:
        worth = worth * 3 // 4  # a forced sale: bid below value
    ceiling = min(worth, state.seats[seat].cash - policy.reserve)
    if ceiling < frame.minimum or rng.below(3) == 0:
        return Pass()
    return _best_bid(legal, ceiling) or Pass()


def _away(state: LandlordsState, frame: AwayF, seat: int, legal: list[Move], rng: Rng,
          policy: Policy) -> Move:
    """Turned away (rules §11.13): the cheaper place to go — another's lot is free, one's own
    costs its land rent, the corner pays wages."""
    def cost(move: Go) -> int:
        if move.space == 0:
            return -int(state.options["wages"])
        return board().spaces[move.space].rent if state.owner[move.space] == seat else 0

    return min((m for m in legal if isinstance(m, Go)), key=lambda m: (cost(m), m.space))


def _ride(state: LandlordsState, frame: RideF, seat: int, legal: list[Move], rng: Rng,
          policy: Policy) -> Move:
    last = frame.space == board().railroads[-1]
    return Ride() if last or rng.below(2) else Stay()


def _declare(state: LandlordsState, frame: DeclareF, seat: int, legal: list[Move],
             rng: Rng, policy: Policy) -> Move:
    return max((m for m in legal if isinstance(m, Declare)), key=lambda m: m.amount)


def _challenge(state: LandlordsState, frame: ChallengeF, seat: int, legal: list[Move],
               rng: Rng, policy: Policy) -> Move:
    return Challenge() if rng.below(4) == 0 else Pass()


def _offer(state: LandlordsState, frame: OfferF, seat: int, legal: list[Move], rng: Rng,
           policy: Policy) -> Move:
    """Accept a fair deal: one that leaves the bot no worse off by its own valuation, with cash
    to spare. The cooperative player under Prosperity accepts gifts and pays what a poorer player
    asks while it keeps the common goal's cash; a never-buyer buys nothing and lends nothing."""
    if Accept() not in legal:
        return Decline()
    cash = state.seats[seat].cash
    spare = cash - frame.amount - policy.reserve
    if not policy.buys and frame.kind in ("sell", "swap", "mortgage"):
        good = False
    elif frame.kind == "sell" and policy.cooperative and _common_goal(state):  # a gift, or help
        good = frame.amount == 0 or cash - frame.amount >= _target(state) + RESERVE
    elif frame.kind == "sell":  # the bot would buy
        good = frame.amount <= _worth(state, frame.card) and spare >= _keep(state, policy) - policy.reserve
    elif frame.kind == "buy":  # the bot would sell
        good = frame.amount >= _worth(state, frame.card)
    elif frame.kind == "swap":  # the bot gets ``card`` for its ``other``
        good = _worth(state, frame.card) >= _worth(state, frame.other)
    else:  # a loan secured on the card, repaid with interest (R13)
        good = spare >= _keep(state, policy) and state.lender[int(frame.card)] == NOBODY
    return Accept() if good else Decline()


def _debt(state: LandlordsState, frame: DebtF, seat: int, legal: list[Move], rng: Rng,
          policy: Policy) -> Move:
    auctions = [m for m in legal if isinstance(m, Auction)]
    if auctions:
        return min(auctions, key=lambda m: card_value(state, m.card))
    if Vote(True) in legal and rng.below(2):
        return Vote(True)
    return Plead()


def _plea(state: LandlordsState, frame: PleaF, seat: int, legal: list[Move], rng: Rng,
          policy: Policy) -> Move:
    return Accept()


def _vote(state: LandlordsState, frame: VoteF, seat: int, legal: list[Move], rng: Rng,
          policy: Policy) -> Move:
    poor = assets(state, seat) < state.options["start_cash"]
    return Vote(policy.cooperative or poor or rng.below(5) == 0)


BOTS: dict[type, Callable[..., Move]] = {
    TurnF: _turn, LotF: _lot, BidF: _first_bid, OfficeF: _office, SealedF: _sealed,
    AwayF: _away, RideF: _ride, DeclareF: _declare, ChallengeF: _challenge, OfferF: _offer, DebtF: _debt,
    PleaF: _plea, VoteF: _vote,
}


def choose(state: LandlordsState, seat: int, legal: list[Move], rng: Rng, policy: Policy = DEFAULT) -> Move:
    """The bot's move, played by ``policy`` (the default bot unless a balance study says otherwise):
    one of ``legal``, or a deal at an amount of its own (menus list only book values, R12) that the
    rules allow now."""
    top = state.stack[-1]
    if seat not in STEPS[type(top)].actors(state, top):
        return _out_of_turn(state, seat, legal, rng, policy)
    move = BOTS[type(top)](state, top, seat, legal, rng, policy)
    if move in legal or _allowed_deal(state, seat, move, legal):
        return move
    for fallback in (Roll(), Pass(), Decline(), Stay(), Plead()):
        if fallback in legal:
            return fallback
    return legal[0]
