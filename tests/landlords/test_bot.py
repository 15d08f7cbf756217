"""The bot: signs and improvements where they pay, fair deals accepted, unfair ones declined."""

from __future__ import annotations

from games.core import Rng
from games.landlords import GAME
from games.landlords.moves import Offer

from .helpers import Table, give, own, place, table


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
