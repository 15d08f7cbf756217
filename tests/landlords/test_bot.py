"""The bot: signs and improvements where they pay, fair deals accepted, unfair ones declined, the
best lot bid for at an office, and under Prosperity play for the shared goal."""

from __future__ import annotations

from games.core import Rng
from games.landlords import GAME
from games.landlords.moves import Offer

from .helpers import Table, give, own, place, table, turned_away


def bot(t: Table, seat: int) -> str:
    return str(GAME.bot_move(t.s, seat, Rng(1)))


def test_bot_signs_a_cheap_lot_in_a_rivals_path_and_not_an_expensive_one() -> None:
    t = table(2)
    own(t, 0, 5, 31)
    give(t, 0, 100)
    place(t, 1, 0)  # the rival stands at the corner: The Pike (5) is a likely landing
    assert bot(t, 0) == "sign 5"
    t.do(0, "sign 5")
    assert bot(t, 0) == "roll"  # Broadway's $100 rent is worth more than jailing him


def test_bot_takes_signs_off_improved_lots_and_under_prosperity() -> None:
    t = table(2)
    own(t, 0, 5)
    t.s.signed[5] = True
    t.s.improved[5] = True
    assert bot(t, 0) == "unsign 5"
    p = table(2, prosperity=True)
    own(p, 0, 5)
    p.s.signed[5] = True
    assert bot(p, 0) == "unsign 5"


def test_bot_improves_where_rivals_are_likely_to_land() -> None:
    t = table(3)
    own(t, 0, 9, 37)
    give(t, 0, 1000)
    place(t, 1, 30)
    place(t, 2, 31)  # both within a roll of Grand Boulevard (37), far from Boomtown (9)
    assert bot(t, 0) == "improve 37"


def test_bot_accepts_fair_offers_and_declines_unfair_ones() -> None:
    t = table(2)
    own(t, 1, 31)
    give(t, 0, 1000)
    t.do(0, "offer 2 buy 31 for 200")  # below the book value of $300
    assert bot(t, 1) == "decline"
    t.do(1, "decline")
    t.do(0, "offer 2 buy 31 for 360")  # book value and a premium for the rent it earns
    assert bot(t, 1) == "accept"
    t.do(1, "decline")
    own(t, 0, 33)
    t.do(0, "offer 2 sell 33 for 320")  # at book value, and the bot has cash to spare
    give(t, 1, 500)
    assert bot(t, 1) == "accept"


def test_bot_offers_a_fair_price_for_the_last_railroad_and_the_holder_bot_accepts() -> None:
    t = table(2)
    own(t, 0, 10, 20)
    own(t, 1, 30)
    give(t, 0, 900)
    moves = {str(GAME.bot_move(t.s, 0, Rng(seed))) for seed in range(12)}
    deal = str(Offer(1, "buy", "30", 375))
    assert deal in moves and "roll" in moves  # proposed on some turns only, not nagged
    t.do(0, deal)
    assert bot(t, 1) == "accept"


def test_bot_out_of_turn_only_deals() -> None:
    t = table(2)
    own(t, 1, 5)
    move = GAME.bot_move(t.s, 1, Rng(1))
    assert isinstance(move, Offer) and move in GAME.legal_moves(t.s, 1)


def test_bot_bids_at_an_office_for_the_lot_with_the_best_rent_for_its_price() -> None:
    t = table(2)
    give(t, 0, 450)
    t.roll(0, 1, 3)  # the office: Broadway's $100 on $300 is the best it can afford with a reserve
    assert bot(t, 0) == "bid 31 for 300"
    p = table(2, prosperity=True)
    give(p, 0, 2000)
    p.roll(0, 1, 3)  # under Prosperity land earns its landlord nothing: idle land, not lots
    assert not bot(p, 0).startswith("bid 3") and bot(p, 0).startswith(("bid", "pass"))
    assert " for " not in bot(p, 0)


def test_bot_turned_away_goes_where_it_pays_least() -> None:
    t = turned_away()
    assert t.step() == "away" and bot(t, 0) == "go 35"  # another's lot is free, its own is not


def test_bot_under_prosperity_asks_the_richest_looking_player_to_buy_a_card_when_short() -> None:
    """The goal is shared (§11.12): a bot short of $700 sells a card to the player with the most
    property for what it lacks; a bot with cash to spare accepts, and gives a card to a player
    with none, so that he has something to sell. No improvements under Prosperity."""
    t = table(3, prosperity=True)
    own(t, 0, 1)
    own(t, 1, 31, 33)
    give(t, 0, 200)
    assert bot(t, 0) == str(Offer(1, "sell", "1", 700 - 200 + 120))
    t.do(0, bot(t, 0))
    give(t, 1, 2000)
    assert bot(t, 1) == "accept"
    t.do(1, "accept")
    assert t.cash(0) == 820 and t.s.owner[1] == 1
    rich = table(3, prosperity=True)
    own(rich, 0, 31, 33)
    give(rich, 0, 2000)
    assert bot(rich, 0) == str(Offer(1, "sell", "31", 0))  # seat 1 holds nothing: a gift
    rich.do(0, bot(rich, 0))
    give(rich, 1, 10)
    assert bot(rich, 1) == "accept"
    improve = table(2, prosperity=True)
    own(improve, 0, 31)
    give(improve, 0, 5000)
    improve.s.owner[33] = 1
    assert not bot(improve, 0).startswith("improve")
