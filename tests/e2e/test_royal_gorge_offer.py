"""Issue 21 ("Done when"): four people play 18 Royal Gorge through the loopback Discord, and a president offers for a
train of another president's railroad twice (R25): the first offer is declined and both railroads stay as they were;
the second is accepted and the train and the price change hands. The offer is public and pings the seller's
president, whom the engine asks to answer. Then the bots take the four seats and play to the result post.

The moves before and between the offers (193, the bot's choice for each seat) are not what this test checks: they are
applied by the table service on the bot's database, as the bot would apply them, and only the offers, their answers
and the refused answer are played by /move (issue 25 §3: the suite stays fast; each /move through the loopback pays
Discord's rate limits). The clicks, posts and pings of the people's part are printed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from games.core import GameError, Rng
from games.royal_gorge.content import content
from games.royal_gorge.operating.buy_train import needs_consent
from games.royal_gorge.records import tabula_id
from games.royal_gorge.state import OperatingF, RGState, TrainOfferF
from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import Table, lobby_click, move, open_table, public_bot_messages, slash_ok

MAX_MOVES = 700  # a whole 4-bot game takes about 430 moves; the second offer comes well before


@dataclass
class Offer:
    """An offer the test made: who offers for which train, and what both railroads held before it."""

    buyer: str
    seller: str
    train: str
    price: int
    before: dict[str, tuple[int, list[str]]]  # railroad -> (cash, trains)


def possible_offer(game: Any, state: RGState, seat: int) -> str | None:
    """An offer ``seat``'s railroad may make now for a train of a railroad with another president (the engine
    says which by applying it; nothing is mocked): face value when the treasury has it, else $1."""
    top = state.stack[-1]
    if not isinstance(top, OperatingF) or top.step != "train" or top.index >= len(top.order):
        return None
    buyer = top.order[top.index]
    cash = state.corps[buyer].cash
    for seller in state.corps.values():
        if seller.id == buyer or seller.kind != "rail" or not needs_consent(state, buyer, seller.id):
            continue
        for train in dict.fromkeys(seller.trains):
            face = content().trains[train].price
            for price in (face, 1):
                if not 1 <= price <= cash:
                    continue
                notation = f"train {train} from {tabula_id(seller.id)} {price}"
                try:
                    applied = game.apply(state, seat, game.parse(state, seat, notation))
                except GameError:
                    continue
                if isinstance(applied.state.stack[-1], TrainOfferF):
                    return notation
    return None


def told(server: LoopbackDiscord, table: Table, since: int, words: str, pinged: int) -> Callable[[], bool]:
    """Whether the public posts after the first ``since`` say ``words`` and one of them pings user ``pinged``."""
    def check() -> bool:
        fresh = public_bot_messages(server, table.thread)[since:]
        return any(words in m.text for m in fresh) and any(pinged in m.pinged for m in fresh)
    return check


def holdings(state: RGState, *corps: str) -> dict[str, tuple[int, list[str]]]:
    return {c: (state.corps[c].cash, list(state.corps[c].trains)) for c in corps}


@pytest.mark.timeout(600)  # a whole game of bots after the offers
async def test_four_presidents_play_and_a_train_offer_is_declined_then_accepted(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService,
        alice: FakeUser, bob: FakeUser, carol: FakeUser) -> None:
    dave = server.add_user("dave")
    table = await open_table(server, alice, "royal-gorge", seats=4)
    for user in (bob, carol, dave):
        await lobby_click(table, user, "join")
    await slash_ok(alice, "table start", table.thread)
    # a newcomer reads which private is on offer and its face value (issue 21)
    await server.wait_until(lambda: any("face value $" in m.text for m in public_bot_messages(server, table.thread)),
                            timeout=15, description="the lot on offer posted with its face value")
    users = {0: alice, 1: bob, 2: carol, 3: dave}
    offers: list[Offer] = []
    mark = 0  # the public posts before the latest offer
    answers: list[str] = []
    count = 0
    state: RGState | None = None
    game: Any = None
    while len(answers) < 2:
        assert count < MAX_MOVES, f"no two offers between presidents in {count} moves (answers: {answers})"
        loaded = await asyncio.to_thread(service.load, table.id)
        game, state = loaded.game, loaded.state
        assert state is not None and not game.is_over(state), "the game ended before two offers were answered"
        seat = sorted(game.to_act(state))[0]
        top = state.stack[-1]
        if isinstance(top, TrainOfferF):  # the seller's president answers: decline the first, accept the second
            offer = offers[-1]
            assert seat == top.to == state.corps[offer.seller].president != top.frm
            await server.wait_until(  # a public post since the offer tells of it and pings the seller's president
                told(server, table, mark, f"offers ${offer.price}", users[seat].id),
                timeout=15, description="the offer posted, pinging the seller's president")
            notation = "decline" if not answers else "accept"
            # nobody else answers for him: the buyer's president is refused
            refused = await users[top.frm].slash("move", channel=table.thread, move=notation)
            await refused.wait_done(15)
            assert not "\n".join(m.text for m in refused.messages).startswith("✓")
            await move(users[seat], table, notation)
            answers.append(notation)
            count += 1
            after = await asyncio.to_thread(service.load, table.id)
            now = holdings(after.state, offer.buyer, offer.seller)
            (buyer_cash, buyer_trains), (seller_cash, seller_trains) = (offer.before[offer.buyer],
                                                                        offer.before[offer.seller])
            if notation == "decline":  # R25: both railroads stay as they were
                assert now == offer.before
            else:  # the train and the price change hands ("资金转入卖方公司金库")
                assert now[offer.buyer] == (buyer_cash - offer.price, [*buyer_trains, offer.train])
                left = list(seller_trains)
                left.remove(offer.train)
                assert now[offer.seller] == (seller_cash + offer.price, left)
            continue
        wanted = possible_offer(game, state, seat) if len(offers) == len(answers) else None
        if wanted is not None:
            frame = state.stack[-1]
            assert isinstance(frame, OperatingF)
            _, train, _, seller_id, price = wanted.split()
            buyer = frame.order[frame.index]
            seller = next(c for c in state.corps if tabula_id(c) == seller_id)
            offers.append(Offer(buyer, seller, train, int(price), holdings(state, buyer, seller)))
            mark = len(public_bot_messages(server, table.thread))
            await move(users[seat], table, wanted)
        else:  # a prepared position: the service applies the move the bot would choose, as /move would
            notation = str(game.bot_move(state, seat, Rng.from_seed(f"e2e:{count}")))
            await asyncio.to_thread(service.act, table.id, str(users[seat].id), notation, seat=seat)
        count += 1
    assert state is not None
    sets = state.turn
    played = list(public_bot_messages(server, table.thread))  # what the people's part posted
    edits = sum(len(m.revisions) for m in played)
    # the offers are public: everyone reads who offered what to whom and the answers
    texts = "\n".join(m.text for m in public_bot_messages(server, table.thread))
    assert "declines to sell" in texts and "accepts:" in texts, texts[-2000:]
    # each person hands their seat to a bot (a holder gives their own seat), and the bots play on to the result
    for seat, user in users.items():
        await slash_ok(user, "mod sub", table.thread, seat=seat + 1)
    final = await server.wait_for_message(table.thread, lambda m: any(
        a.filename.startswith("result") for a in m.attachments), timeout=120)
    assert "1." in final.text
    loaded = await asyncio.to_thread(service.load, table.id)
    outcome = loaded.game.outcome(loaded.state)
    assert outcome is not None and {s.seat for s in outcome.standings} == {0, 1, 2, 3}
    # what the people's part cost: public posts, edits and pings per operating set (the bots' part and the moves
    # the service applied are not counted)
    posts = public_bot_messages(server, table.thread)
    pings = {u.name: sum(u.id in m.pinged for m in played) for u in users.values()}
    per = max(1, sets)
    made = [f"{o.buyer} for {o.seller}'s {o.train} ${o.price}" for o in offers]
    by_move = len(offers) + 2 * len(answers)
    print(f"\nroyal-gorge, 4 people ({by_move} by /move): {count} moves over {sets} sets, offers {made} {answers}; "
          f"per set: {len(played) / per:.1f} public posts, {edits / per:.1f} edits, pings per player "
          f"{', '.join(f'{n} {c / per:.1f}' for n, c in pings.items())}; then bots to the end "
          f"({loaded.state.end_reason}, set {loaded.state.turn})")
    everyone = {u.id for u in users.values()}
    assert all(m.pinged <= everyone for m in posts), "a post pinged someone who is not playing"
