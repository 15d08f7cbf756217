"""One scenario per rule of docs/rules/landlords.md (the landlord rules, §1–§10)."""

from __future__ import annotations

import pytest

from games.core import BadOptions, GameError, NotYourTurn
from games.landlords import GAME
from games.landlords.board import board
from games.landlords.state import NOBODY, DebtF, PleaF

from .helpers import fresh, give, own, place, table

# ---- §1 the game --------------------------------------------------------------------------------


def test_rule_1_1_players_start_with_350_private_cash() -> None:
    s = fresh(4)
    assert [p.cash for p in s.seats] == [350] * 4
    mine = GAME.view(s, 2)
    assert mine.players[2].cash == 350
    assert [p.cash for i, p in enumerate(mine.players) if i != 2] == [None] * 3
    assert all(p.cash is None for p in GAME.view(s, None).players)
    assert [p.cash for p in fresh(3, start_cash=500).seats] == [500] * 3
    with pytest.raises(BadOptions):
        GAME.setup(5, {}, 1)


def test_rule_1_2_assets_of_2000_win() -> None:  # under the landlord rules (§11.7)
    t = table(2)
    own(t, 0, 39)  # Wall Street, $400
    give(t, 0, 1600)
    t.do(0, "sign 39")  # any move: the goal is checked after every move
    assert t.s.end is not None and t.s.end.reason == "won"
    outcome = GAME.outcome(t.s)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.standings[0].score == 2000
    small = table(2, win_assets=600)
    own(small, 1, 31)
    small.roll(0, 1, 1)  # seat 1: $350 + Broadway $300 = $650
    outcome = GAME.outcome(small.s)
    assert outcome is not None and outcome.winners == (1,)


def test_rule_1_3_board_has_the_counts_and_colours_of_the_text() -> None:
    b = board()
    kinds = [s.kind.value for s in b.spaces]
    assert len(b.spaces) == 40
    assert kinds.count("lot") == 20 and kinds.count("utility") == 3
    assert b.railroads == (10, 20, 30) and b.spaces[0].kind.value == "wages"
    assert {s.colour for s in b.spaces if s.kind.value.endswith("tax")} == {"blue"}
    assert {kinds.count(k) for k in ("hotel", "jail", "estate")} == {1}
    assert {"land_tax", "personal_tax", "improvement_tax", "office"} <= set(kinds)


def test_rule_1_4_cards_and_signs() -> None:
    b = board()
    assert len(b.idle) == 8 and sorted(c.sale for c in b.idle.values()) == [300] * 7 + [500]
    s = fresh(2)
    assert sorted(s.deck) == sorted(b.idle) and GAME.view(s, None).signs_left == 4


def test_rule_1_5_round_limit_off_by_default_richest_wins_at_a_limit() -> None:
    free = table(2)
    assert free.s.options["round_limit"] == 0 and GAME.view(free.s, None).round_limit == 0
    free.s.round = 500  # far beyond any limit: the round ends and the next one starts
    free.roll(0, 1, 1)
    free.roll(1, 1, 1)
    assert free.s.end is None and free.s.round == 501
    t = table(2, round_limit=1)
    give(t, 1, 400)
    t.roll(0, 1, 1)  # land tax with nothing held: $0
    t.roll(1, 1, 1)
    assert t.s.end is not None and t.s.end.reason == "rounds"
    outcome = GAME.outcome(t.s)
    assert outcome is not None and outcome.winners == (1,)


# ---- §2 the turn --------------------------------------------------------------------------------


def test_rule_2_1_improvements_before_rolling_only() -> None:
    t = table(2)
    own(t, 0, 31, 33)
    give(t, 0, 1000)
    legal = t.legal(0)
    assert {"roll", "improve 31", "sign 31", "offer 2 sell 31 for 300"} <= set(legal)
    place(t, 0, 1)
    t.roll(0, 1, 2)  # to the office at 4
    assert t.step() == "office" and "improve 33" not in t.legal(0)
    with pytest.raises(GameError):
        t.do(0, "improve 33")
    assert {"sign 33", "offer 2 sell 31 for 300"} <= set(t.legal(0))  # signs and deals stay open


def test_rule_2_2_dice_come_from_the_state_and_show_as_events() -> None:
    a, b = fresh(2), fresh(2)
    ea, eb = GAME.apply(a, 0, "roll").events, GAME.apply(b, 0, "roll").events
    assert ea[0].kind == "rolled" and ea[0] == eb[0]
    t = table(2)
    t.roll(0, 3, 4)
    assert t.event("rolled").params == {"seat": 0, "d1": 3, "d2": 4, "total": 7}


# ---- §3 lots ------------------------------------------------------------------------------------


def test_rule_3_1_improvement_costs_250_one_per_lot() -> None:
    t = table(2)
    own(t, 0, 31)
    bank = t.s.bank
    t.do(0, "improve 31")
    assert t.s.improved[31] and t.cash(0) == 100 and t.s.bank == bank + 250
    with pytest.raises(GameError):
        t.do(0, "improve 31")


def test_rule_3_1_improvement_adds_100_rent() -> None:
    t = table(2)
    own(t, 1, 31)
    t.s.improved[31] = True
    place(t, 0, 29)
    t.roll(0, 1, 1)
    assert t.cash(0) == 150 and t.cash(1) == 550


def test_rule_3_1_improvement_stays_with_the_lot_on_sale() -> None:
    t = table(2)
    own(t, 0, 31)
    t.s.improved[31] = True
    t.do(0, "offer 2 sell 31 for 300")
    t.do(1, "accept")
    assert t.s.owner[31] == 1 and t.s.improved[31]


def test_rule_3_2_rent_to_the_owner() -> None:
    t = table(2)
    own(t, 1, 31)
    place(t, 0, 29)
    t.roll(0, 1, 1)
    assert t.cash(0) == 250 and t.cash(1) == 450
    assert t.event("paid").params["reason"] == "rent"


def test_rule_3_3_no_trespassing_sends_to_jail() -> None:
    t = table(2)
    own(t, 1, 31)
    t.s.signed[31] = True
    place(t, 0, 29)
    t.roll(0, 1, 1)
    assert t.s.seats[0].pos == board().jail and t.s.seats[0].in_jail
    assert t.cash(0) == 300 and t.cash(1) == 350 and t.s.general == 50


def test_rule_3_3_signs_change_at_any_time_even_out_of_turn() -> None:
    t = table(3)
    own(t, 1, 31)
    own(t, 2, 33)
    assert GAME.to_act(t.s) == {0} and {1, 2} <= GAME.may_act(t.s)
    assert "sign 31" in t.legal(1) and "roll" not in t.legal(1)
    t.do(1, "sign 31")  # during seat 0's turn, before he rolls
    place(t, 0, 27)
    t.roll(0, 1, 3)  # onto the signed Broadway: trespass
    assert t.s.seats[0].in_jail and t.cash(1) == 350
    t.roll(1, 1, 1)
    place(t, 2, 1)
    t.roll(2, 1, 2)  # seat 2 at the office: seat 1 may take his sign down now, out of turn
    assert t.step() == "office"
    t.do(1, "unsign 31")
    assert not t.s.signed[31]
    with pytest.raises(GameError):
        t.do(1, "sign 31")  # each lot's sign changes once a turn (R17)


def test_rule_3_3_four_signs_only_and_owner_removes_them() -> None:
    t = table(2)
    own(t, 0, 1, 3, 5, 7, 9)
    for lot in (1, 3, 5, 7):
        t.do(0, f"sign {lot}")
    assert "sign 9" not in t.legal(0)
    with pytest.raises(GameError):
        t.do(0, "sign 9")
    t.s.touched = []
    t.do(0, "unsign 1")
    assert not t.s.signed[1] and "sign 9" in t.legal(0)


def test_rule_3_4_an_unsold_lot_is_not_bought_by_landing_on_it() -> None:
    t = table(2)
    t.roll(0, 1, 2)  # Lonely Lane, unsold: nothing to buy, nothing to pay (R2)
    assert "vacant" in t.kinds() and t.s.owner[3] == NOBODY and t.cash(0) == 350
    assert GAME.to_act(t.s) == {1} and t.s.general == 0
    with pytest.raises(GameError):
        t.do(1, "buy")


# ---- §4 wages -----------------------------------------------------------------------------------


def test_rule_4_1_every_pawn_stops_at_the_wages_corner() -> None:
    t = table(2)
    place(t, 0, 35)
    t.roll(0, 6, 5)
    assert t.s.seats[0].pos == 0 and t.cash(0) == 350 + 200


@pytest.mark.parametrize(("start", "d1", "d2", "wages"), [
    (28, 6, 6, 800), (30, 5, 5, 700), (32, 4, 4, 600), (34, 3, 3, 600), (36, 2, 2, 600),
    (38, 1, 1, 500), (33, 3, 4, 500),
])
def test_rule_4_2_exact_roll_wages(start: int, d1: int, d2: int, wages: int) -> None:
    t = table(2)
    place(t, 0, start)
    t.roll(0, d1, d2)
    assert t.s.seats[0].pos == 0 and t.cash(0) == 350 + wages
    assert t.event("received").params["reason"] == "wages_exact"


def test_rule_4_3_plain_wages_for_an_inexact_roll() -> None:
    t = table(2, wages=150)
    place(t, 0, 39)
    t.roll(0, 2, 3)
    assert t.cash(0) == 500 and t.event("received").params["reason"] == "wages"


# ---- §5 auctions --------------------------------------------------------------------------------


def test_rule_5_1_lander_opens_the_auction_with_a_first_bid() -> None:
    t = table(2)
    place(t, 0, 3)
    t.roll(0, 1, 2)  # Soakem Lighting, opening price $200
    assert t.step() == "first_bid" and "bid 200" in t.legal(0) and "pass" in t.legal(0)
    with pytest.raises(GameError):
        t.do(0, "bid 150")


def test_rule_5_2_sealed_counter_bids_are_hidden_until_revealed() -> None:
    t = table(3)
    give(t, 1, 600)
    place(t, 0, 3)
    t.roll(0, 1, 2)
    t.do(0, "bid 200")
    assert GAME.to_act(t.s) == {1, 2}
    events = t.do(1, "bid 250")
    assert events[0].kind == "sealed_bid" and events[0].seats == (1,)
    assert events[0].public is not None and events[0].public.kind == "sealed_answer"
    assert GAME.view(t.s, 1).auction.my_bid == 250  # type: ignore[union-attr]
    other = GAME.view(t.s, 2).auction
    assert other is not None and other.my_bid is None and other.answered == [1]
    with pytest.raises(GameError):
        t.do(2, "bid 150")  # no lower than the first bid
    t.do(2, "pass")
    assert "revealed_bid" in t.kinds() and t.s.owner[6] == 1
    assert t.cash(1) == 350 and t.s.general == 250


def test_rule_5_3_an_equal_counter_bid_does_not_beat_the_first_bid() -> None:
    t = table(3)
    place(t, 0, 3)
    t.roll(0, 1, 2)
    t.do(0, "bid 200")
    assert "bid 200" not in t.legal(1) and "bid 210" in t.legal(1)  # the menu starts above it
    t.do(1, "bid 200")  # no lower than the first bid, but not higher either
    t.do(2, "pass")
    assert t.s.owner[6] == 0 and t.cash(0) == 150 and t.cash(1) == 350


def test_rule_5_3_uncontested_first_bid_wins_and_pays_the_treasury() -> None:
    t = table(2)
    place(t, 0, 3)
    t.roll(0, 1, 2)
    t.do(0, "bid 210")
    t.do(1, "pass")
    assert t.s.owner[6] == 0 and t.cash(0) == 140 and t.s.general == 210


# ---- §6 utilities -------------------------------------------------------------------------------


def test_rule_6_1_orange_fare_50_or_100_for_all_three() -> None:
    t = table(2)
    own(t, 1, 6)
    place(t, 0, 3)
    t.roll(0, 1, 2)
    assert t.cash(0) == 300
    t2 = table(2)
    own(t2, 1, 6, 16, 26)
    place(t2, 0, 3)
    t2.roll(0, 1, 2)
    assert t2.cash(0) == 250 and t2.cash(1) == 450


def test_rule_6_2_red_fare_100_or_200_for_all_three() -> None:
    t = table(2)
    own(t, 1, 10)
    place(t, 0, 7)
    t.roll(0, 1, 2)
    assert t.cash(0) == 250 and t.step() == "ride"
    t2 = table(2)
    own(t2, 1, 10, 20, 30)
    place(t2, 0, 7)
    t2.roll(0, 1, 2)
    assert t2.cash(0) == 150


def test_rule_6_2_ride_on_to_the_next_railroad() -> None:
    t = table(2)
    own(t, 1, 10, 20)
    place(t, 0, 7)
    t.roll(0, 1, 2)
    t.do(0, "ride")
    assert t.s.seats[0].pos == 20 and t.cash(0) == 250  # no second fare
    assert GAME.to_act(t.s) == {1}


# ---- §7 real-estate offices ------------------------------------------------------------------------


def test_rule_7_1_idle_land_bought_at_auction_from_100() -> None:
    t = table(2)
    top = t.s.deck[0]
    t.roll(0, 1, 3)  # office at 4
    assert "bid 100" in t.legal(0)
    t.do(0, "bid 100")
    t.do(1, "pass")
    assert top in t.s.seats[0].idle and t.cash(0) == 250 and t.s.general == 100
    assert top not in t.s.deck


@pytest.mark.parametrize(("card", "sale"), [("y1", 300), ("y8", 500)])
def test_rule_7_2_idle_land_sold_on_a_later_visit(card: str, sale: int) -> None:
    t = table(2)
    t.s.deck.remove(card)
    t.s.seats[0].idle[card] = 0  # acquired before this turn
    t.roll(0, 1, 3)
    t.do(0, f"sell {card}")
    assert t.cash(0) == 350 + sale and card in t.s.deck and card not in t.s.seats[0].idle
    t.s.seats[0].idle["y2"] = t.s.turn  # acquired this turn: not yet
    t.s.deck.remove("y2")
    assert "sell y2" not in t.legal(0)


def test_rule_7_3_auction_own_card_at_the_office() -> None:
    t = table(2)
    own(t, 0, 31)
    t.roll(0, 1, 3)
    t.do(0, "auction 31")
    t.do(1, "bid 150")
    assert t.s.owner[31] == 1 and t.cash(0) == 500 and t.step() == "office"
    assert "auction 31" not in t.legal(0)


def test_rule_7_4_green_lots_are_sold_at_the_offices_by_auction() -> None:
    t = table(3)
    give(t, 1, 600)
    t.roll(0, 1, 3)  # the office at 4
    assert {"bid 31 for 300", "bid 1 for 100", "bid 100", "pass"} <= set(t.legal(0))
    with pytest.raises(GameError):
        t.do(0, "bid 31 for 250")  # the opening bid is at least the lot's price
    t.do(0, "bid broadway for 300")
    assert GAME.to_act(t.s) == {1, 2} and GAME.view(t.s, None).auction.card == "31"  # type: ignore[union-attr]
    t.do(1, "bid 350")  # sealed
    t.do(2, "pass")
    assert t.s.owner[31] == 1 and t.cash(1) == 250 and t.cash(0) == 350 and t.s.general == 350
    assert GAME.to_act(t.s) == {1}  # one purchase a visit: the bid ended seat 0's visit
    place(t, 1, 0)
    t.roll(1, 1, 3)  # seat 1 at the office at 4 too: a lot already sold is not offered
    assert t.step() == "office" and "bid 23 for 240" in t.legal(1)
    assert not any(m.startswith("bid 31 ") for m in t.legal(1))
    with pytest.raises(GameError):
        t.do(1, "bid 31 for 400")


# ---- §8 taxes -----------------------------------------------------------------------------------


def test_rule_8_1_land_tax_5_per_deed() -> None:
    t = table(2)
    own(t, 0, 5, 7, 6)  # two lots and a utility
    t.roll(0, 1, 1)
    assert t.cash(0) == 340 and t.s.general == 10


def test_rule_8_2_personal_property_tax_on_declared_cash() -> None:
    t = table(2)
    place(t, 0, 11)
    t.roll(0, 1, 2)
    assert t.step() == "declare" and "declare 300" in t.legal(0)
    t.do(0, "declare 300")
    assert t.cash(0) == 320 and t.step() == "challenge" and GAME.to_act(t.s) == {1}
    t.do(1, "pass")
    assert "honest" not in t.kinds() and GAME.to_act(t.s) == {1}  # next turn


def test_rule_8_2_challenge_catches_the_evader_who_pays_again() -> None:
    t = table(2)
    give(t, 0, 650)
    place(t, 0, 11)
    t.roll(0, 1, 2)
    t.do(0, "declare 300")  # pays $30
    t.do(1, "challenge")
    assert t.event("evader").params == {"seat": 0, "cash": 650, "amount": 60}
    assert t.cash(0) == 650 - 30 - 60 and t.s.general == 90


def test_rule_8_2_honest_declaration_survives_a_challenge() -> None:
    t = table(2)
    place(t, 0, 11)
    t.roll(0, 1, 2)
    t.do(0, "declare 350")
    t.do(1, "challenge")
    assert t.event("honest").params["cash"] == 350 and t.cash(0) == 320


def test_rule_8_3_improvement_tax_per_improvement_and_franchise() -> None:
    t = table(2)
    own(t, 0, 31, 33, 6, 10)
    t.s.improved[31] = True
    place(t, 0, 19)
    t.roll(0, 1, 2)
    assert t.cash(0) == 350 - 25 - 50


# ---- §9 other spaces ------------------------------------------------------------------------------


def test_rule_9_1_lord_bluebloods_estate_sends_to_jail() -> None:
    t = table(2)
    place(t, 0, 31)
    t.roll(0, 1, 2)
    assert t.s.seats[0].in_jail and t.event("jailed").params["why"] == "estate"


def test_rule_9_2_jail_fine_and_a_roll_of_6_to_leave() -> None:
    t = table(2)
    t.s.seats[0].pos, t.s.seats[0].in_jail = board().jail, True
    t.roll(0, 2, 3)
    assert t.s.seats[0].in_jail and t.s.seats[0].pos == 8 and "jail_stays" in t.kinds()
    t.roll(1, 1, 1)
    t.roll(0, 4, 3)
    assert not t.s.seats[0].in_jail and t.s.seats[0].pos == 15


def test_rule_9_3_hotel_charges_25_to_the_rich() -> None:
    t = table(2)
    give(t, 0, 1000)
    place(t, 0, 25)
    t.roll(0, 1, 2)
    assert t.cash(0) == 975 and t.s.general == 25


def test_rule_9_3_hotel_sends_the_poor_back_by_a_new_roll() -> None:
    t = table(2)
    place(t, 0, 25)
    t.roll(0, 1, 2, 2, 1)  # to the hotel, then 3 back to Fairhope Avenue
    assert t.s.seats[0].pos == 25 and "hotel_back" in t.kinds()
    assert t.event("vacant").params["space"] == 25  # the rules of the space reached apply


# ---- §10 deals and debt ---------------------------------------------------------------------------


def test_rule_10_1_offers_are_answered_by_the_other_party_out_of_turn() -> None:
    t = table(2)
    own(t, 0, 31)
    own(t, 1, 33)
    t.do(0, "offer 2 sell 31 for 250")
    assert GAME.to_act(t.s) == {1}
    with pytest.raises(NotYourTurn):
        t.do(0, "roll")
    t.do(1, "accept")
    assert t.s.owner[31] == 1 and t.cash(0) == 600 and t.cash(1) == 100
    t.do(0, "offer 2 buy 31 for 300")
    t.do(1, "decline")
    assert t.s.owner[31] == 1
    t.s.seats[0].idle["y1"] = 0
    t.s.deck.remove("y1")
    t.do(0, "offer 2 swap y1 for 33")
    t.do(1, "accept")
    assert t.s.owner[33] == 0 and "y1" in t.s.seats[1].idle


def test_rule_10_1_anyone_may_propose_a_deal_during_the_current_players_turn() -> None:
    t = table(3)
    own(t, 1, 31)
    own(t, 2, 33)
    assert GAME.to_act(t.s) == {0} and GAME.may_act(t.s) == {0, 1, 2}
    assert "offer 2 buy 31 for 300" in t.legal(2) and "roll" not in t.legal(2)
    t.do(2, "offer 2 buy 31 for 300")  # out of turn, to another player who is not on turn either
    assert GAME.to_act(t.s) == {1} and GAME.may_act(t.s) == {1}
    with pytest.raises(NotYourTurn):
        t.do(0, "roll")  # the open offer holds the game until it is answered
    t.do(1, "accept")
    assert t.s.owner[31] == 2 and t.cash(1) == 650 and t.cash(2) == 50
    place(t, 0, 1)
    t.roll(0, 1, 2)  # to the office: deals stay open while the current player alone decides
    assert t.step() == "office" and GAME.may_act(t.s) == {0, 1, 2}
    t.do(2, "offer 1 sell 33 for 240")
    t.do(0, "decline")
    assert t.step() == "office" and t.s.owner[33] == 2


def test_rule_10_1_mortgage_between_players() -> None:
    t = table(2)
    own(t, 0, 31)
    t.do(0, "offer 2 mortgage 31 for 150")
    t.do(1, "accept")
    assert t.s.lender[31] == 1 and t.s.loan[31] == 165 and t.cash(0) == 500
    t.do(0, "redeem 31")
    assert t.s.lender[31] == NOBODY and t.cash(0) == 335 and t.cash(1) == 365


def test_rule_10_2_debtor_sells_cards_to_pay() -> None:
    t = table(2)
    own(t, 0, 5)
    own(t, 1, 31)
    give(t, 0, 50)
    place(t, 0, 29)
    t.roll(0, 1, 1)
    assert isinstance(t.s.stack[-1], DebtF) and "auction 5" in t.legal(0)
    assert "plead" not in t.legal(0)
    t.do(0, "auction 5")
    t.do(1, "bid 120")
    assert t.s.owner[5] == 1 and t.cash(0) == 70 and GAME.to_act(t.s) == {1}


def test_rule_10_3_creditor_consents_and_the_debtor_plays_on() -> None:
    t = table(2)
    own(t, 1, 31)
    give(t, 0, 20)
    place(t, 0, 29)
    t.roll(0, 1, 1)
    t.do(0, "plead")
    assert isinstance(t.s.stack[-1], PleaF) and GAME.to_act(t.s) == {1}
    t.do(1, "accept")
    assert t.cash(0) == 0 and t.cash(1) == 370 and not t.s.seats[0].bankrupt
    assert "forgiven" in t.kinds()


def test_rule_10_3_creditor_refuses_and_the_debtor_is_out() -> None:
    t = table(3)
    own(t, 1, 31)
    own(t, 0, 6)
    give(t, 0, 20)
    place(t, 0, 29)
    t.roll(0, 1, 1)
    t.do(0, "auction 6")
    t.do(1, "pass")
    t.do(2, "pass")
    t.do(0, "plead")
    t.do(1, "decline")
    assert t.s.seats[0].bankrupt and t.s.owner[6] == 1 and t.cash(1) == 370
    assert GAME.to_act(t.s) == {1}


def test_rule_10_4_debtor_combines_into_prosperity_with_two_others() -> None:
    t = table(4)
    own(t, 1, 31)
    give(t, 0, 20)
    place(t, 0, 29)
    t.roll(0, 1, 1)
    t.do(0, "vote prosperity yes")
    t.do(2, "vote prosperity yes")
    assert t.s.mode == "landlord" and GAME.to_act(t.s) == {1, 3}
    t.do(3, "vote prosperity yes")  # the debtor and any two others
    assert t.s.mode == "prosperity" and t.cash(0) == 0 and "forgiven" in t.kinds()
    assert GAME.to_act(t.s) == {1} and t.cash(1) == 370
