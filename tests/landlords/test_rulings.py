"""One scenario per ruling (R1–R34) of docs/rules/landlords.md."""

from __future__ import annotations

import pytest

from bench import landlords_auto_roll as auto_roll_study
from bench.landlords import report, run
from games.core import Event, GameError, NotYourTurn, Rng
from games.landlords import GAME
from games.landlords.board import board
from games.landlords.edition import edition
from games.landlords.game import META, PLAIN_WAGES
from games.landlords.landing import go_back
from games.landlords.money import assets
from games.landlords.state import GENERAL, NOBODY, PUBLIC, TurnF
from service import TableService
from storage.repository import Repository
from tests.support.rules_docs import reference

from .helpers import Table, fresh, give, own, place, table


def test_ruling_R1_board_uses_period_names_in_two_languages() -> None:
    b = board()
    names = [b.spaces[u].name["en"] for u in b.utilities]
    assert names == ["Soakem Lighting System", "Slambang Trolley", "Ding Dong Telephone"]
    assert b.spaces[34].name["en"] == "Lord Blueblood's Estate"
    assert b.spaces[31].name["en"] == "Broadway" and b.spaces[31].rent == 100
    assert all(s.name["zh"] and s.name["en"] for s in b.spaces)
    assert [b.spaces[i].price for i in b.lots] == sorted(b.spaces[i].price for i in b.lots)


def test_ruling_R2_lots_open_at_their_price_one_purchase_a_visit_landing_costs_nothing() -> None:
    t = table(2)
    t.roll(0, 1, 2)  # Lonely Lane, unsold: no charge under the landlord rules (not the 1906 one)
    assert t.cash(0) == 350 and t.s.general == 0 and t.s.owner[3] == NOBODY
    t.roll(1, 1, 3)  # seat 1 at the office
    openings: dict[int, int] = {}
    for move in t.legal(1):
        if move.startswith("bid ") and " for " in move:
            space, amount = move[4:].split(" for ")
            openings[int(space)] = min(int(amount), openings.get(int(space), 10**9))
    assert openings == {lot: board().spaces[lot].price for lot in board().lots
                        if board().spaces[lot].price <= 350}
    with pytest.raises(GameError):
        t.do(1, "bid 3 for 90")
    t.s.seats[1].idle["y1"] = 0  # idle land held from before: it may be sold first
    t.s.deck.remove("y1")
    t.do(1, "sell y1")
    t.do(1, "bid 3 for 100")
    t.do(0, "pass")
    assert t.s.owner[3] == 1 and GAME.to_act(t.s) == {0}  # the purchase ended the visit


def test_ruling_R3_nobody_passes_the_corner_an_inexact_roll_pays_plain_wages() -> None:
    t = table(2)
    place(t, 0, 37)
    t.roll(0, 6, 6)
    assert t.s.seats[0].pos == 0 and t.cash(0) == 550
    t.roll(1, 1, 1)
    t.roll(0, 1, 2)  # next turn starts from the corner
    assert t.s.seats[0].pos == 3


def test_ruling_R4_moving_backwards_passes_the_corner_without_pay() -> None:
    s = fresh(2)
    s.seats[0].pos = 3
    events: list[Event] = []
    go_back(s, 0, 5, events)
    assert s.seats[0].pos == 38 and s.seats[0].cash == 350
    assert not any(e.kind == "received" for e in events)


def test_ruling_R5_riding_from_the_last_railroad_stops_at_the_corner() -> None:
    t = table(2)
    own(t, 1, 30)
    place(t, 0, 27)
    t.roll(0, 1, 2)
    t.do(0, "ride")
    assert t.s.seats[0].pos == 0 and t.cash(0) == 350 - 100 + 200


def test_ruling_R5_no_auction_at_the_railroad_one_rides_to() -> None:
    t = table(2)
    own(t, 1, 10)
    place(t, 0, 7)
    t.roll(0, 1, 2)
    t.do(0, "ride")  # P.D.Q. R.R. is unowned: no auction there
    assert t.s.seats[0].pos == 20 and GAME.to_act(t.s) == {1}


def test_ruling_R6_landing_on_the_jail_jails_and_release_moves_by_that_roll() -> None:
    t = table(2)
    place(t, 0, 5)
    t.roll(0, 1, 2)
    assert t.s.seats[0].in_jail and t.cash(0) == 300
    t.roll(1, 1, 1)
    t.roll(0, 1, 5)
    assert t.s.seats[0].pos == 14 and t.step() == "declare"


def test_ruling_R7_hotel_counts_assets_not_cash_alone() -> None:
    t = table(2)
    give(t, 0, 500)
    own(t, 0, 31)
    t.s.improved[31] = True  # 500 + 300 + 250 = 1050 of assets
    place(t, 0, 25)
    t.roll(0, 1, 2)
    assert t.cash(0) == 475 and "hotel_back" not in t.kinds()


def test_ruling_R8_land_tax_counts_idle_land_cards() -> None:
    t = table(2)
    own(t, 0, 5)
    t.s.seats[0].idle = {"y1": 0, "y2": 0}
    t.roll(0, 1, 1)
    assert t.cash(0) == 335


def test_ruling_R9_evasion_is_judged_by_the_tax_and_a_wrong_challenge_is_free() -> None:
    t = table(2)
    give(t, 0, 450)
    place(t, 0, 11)
    t.roll(0, 1, 2)
    t.do(0, "declare 400")  # the same $40 as on $450
    t.do(1, "challenge")
    assert "honest" in t.kinds() and t.cash(0) == 410 and t.cash(1) == 350


def test_ruling_R9_the_declaration_is_asked_even_of_the_poor() -> None:
    t = table(2)
    give(t, 0, 50)
    place(t, 0, 11)
    t.roll(0, 1, 2)
    assert t.legal(0) == ["declare 0"]


def test_ruling_R10_the_land_office_covers_a_short_treasury() -> None:
    t = table(2)
    t.s.seats[0].idle = {"y8": 0}
    t.s.deck.remove("y8")
    t.s.general, t.s.bank = 100, t.s.bank - 100
    bank = t.s.bank
    t.roll(0, 1, 3)
    t.do(0, "sell y8")
    assert t.cash(0) == 850 and t.s.general == 0 and t.s.bank == bank - 400


def test_ruling_R11_two_players_both_must_vote_yes() -> None:
    t = table(2)
    t.do(0, "vote prosperity yes")
    assert t.s.mode == "landlord"
    t.do(1, "vote prosperity yes")
    assert t.s.mode == "prosperity"


def test_ruling_R11_a_solo_player_adopts_prosperity_alone() -> None:
    t = table(1)
    t.do(0, "vote prosperity yes")
    assert t.s.mode == "prosperity"


def test_ruling_R12_three_offers_a_turn_and_any_amount_typed() -> None:
    t = table(2)
    own(t, 0, 31)
    for amount in (777, 500, 400):
        t.do(0, f"offer 2 sell 31 for ${amount}")
        t.do(1, "decline")
    assert not any(m.startswith("offer") for m in t.legal(0))
    with pytest.raises(GameError):
        t.do(0, "offer 2 sell 31 for 300")


def test_ruling_R12_out_of_turn_only_deals_one_open_offer_three_a_turn_each() -> None:
    t = table(3)
    own(t, 1, 31)
    own(t, 2, 33)
    with pytest.raises(NotYourTurn):
        t.do(1, "roll")  # out of turn only deals
    t.do(1, "offer 3 sell 31 for 400")
    with pytest.raises(NotYourTurn):
        t.do(0, "offer 2 buy 31 for 100")  # one open offer at a time: it must be answered first
    t.do(2, "decline")
    for amount in (350, 300):
        t.do(1, f"offer 1 sell 31 for {amount}")
        t.do(0, "decline")
    t.s.touched.append(31)  # (and his sign on 31 was changed this turn: nothing else to do)
    assert 1 not in GAME.may_act(t.s) and GAME.legal_moves(t.s, 1) == []
    with pytest.raises(NotYourTurn):
        t.do(1, "offer 1 sell 31 for 250")
    assert GAME.may_act(t.s) == {0, 2}  # the others keep their own three
    t.roll(0, 1, 1)  # land tax; the turn passes to seat 1
    assert GAME.to_act(t.s) == {1} and 1 in GAME.may_act(t.s)
    t.do(1, "offer 1 sell 31 for 250")


def test_ruling_R12_no_deals_during_bids_answers_or_debts() -> None:
    t = table(3)
    own(t, 1, 31)
    place(t, 0, 3)
    t.roll(0, 1, 2)  # Soakem: the lander's first bid; deals are still open
    assert GAME.may_act(t.s) == {0, 1, 2}
    t.do(0, "bid 200")  # sealed counter-bids: everyone answers at once, no deals now
    assert GAME.may_act(t.s) == GAME.to_act(t.s) == {1, 2}
    assert not any(m.startswith("offer") for m in t.legal(1))
    with pytest.raises(GameError):
        t.do(1, "offer 1 buy 6 for 250")
    t2 = table(2)
    own(t2, 1, 31)
    give(t2, 0, 20)
    place(t2, 0, 29)
    t2.roll(0, 1, 1)  # Broadway's rent: a debt only the debtor may deal his way out of
    assert GAME.may_act(t2.s) == {0}


def test_ruling_R12_offers_by_card_name() -> None:
    t = table(2)
    own(t, 0, 31)
    t.do(0, "offer 2 sell broadway for 250")
    assert GAME.view(t.s, None).offer.card == "31"  # type: ignore[union-attr]


def test_ruling_R13_mortgage_limits_and_security() -> None:
    t = table(2)
    own(t, 0, 31)
    with pytest.raises(GameError):
        t.do(0, "offer 2 mortgage 31 for 151")  # more than half of $300
    t.do(0, "offer 2 mortgage 31 for 100")
    t.do(1, "accept")
    assert t.s.loan[31] == 110
    with pytest.raises(GameError):
        t.do(0, "offer 2 sell 31 for 300")  # held as security
    assert assets(t.s, 0) == 450 + 300 - 110 and assets(t.s, 1) == 250 + 110


def test_ruling_R13_the_public_pays_a_lender_first() -> None:
    t = table(2, prosperity=True)
    own(t, 1, 6)
    own(t, 0, 31)
    t.s.lender[6], t.s.loan[6] = 0, 110
    t.s.fund, t.s.bank = 150, t.s.bank - 150
    place(t, 0, 29)
    t.roll(0, 1, 1)
    assert t.s.owner[6] == PUBLIC and t.cash(0) == 350 - 100 + 110 and t.cash(1) == 350 + 90


def test_ruling_R14_a_lander_who_passes_opens_no_auction() -> None:
    t = table(3)
    place(t, 0, 3)
    t.roll(0, 1, 2)
    t.do(0, "pass")
    assert t.s.owner[6] == NOBODY and GAME.to_act(t.s) == {1}


def test_ruling_R14_an_equal_counter_bid_loses_and_equal_counter_bids_go_in_turn_order() -> None:
    t = table(4)
    place(t, 0, 3)
    t.roll(0, 1, 2)
    t.do(0, "bid 200")
    t.do(3, "bid 220")
    t.do(2, "bid 220")
    t.do(1, "bid 200")
    assert t.s.owner[6] == 2 and t.s.general == 220  # the earlier of two equal counter-bids
    t2 = table(2)
    place(t2, 0, 3)
    t2.roll(0, 1, 2)
    t2.do(0, "bid 200")
    t2.do(1, "bid 200")  # "价高者得": only equal, so the first bid stands
    assert t2.s.owner[6] == 0 and t2.cash(1) == 350


def test_ruling_R14_the_prompt_says_more_than_and_the_log_says_why_a_bid_lost() -> None:
    """Issue 22: the sealed-bid prompt said "at least $X" where an equal counter-bid loses; the reveal now says why
    each counter-bid lost (below the price, equal to the first bid that stands, equal to an earlier bidder's)."""
    t = table(4)
    place(t, 0, 3)
    t.roll(0, 1, 2)
    t.do(0, "bid 200")
    asked = GAME.prompt(t.s, 1, "en")
    assert asked is not None and "more than $200" in asked and "at least" not in asked
    assert "须高于 $200" in (GAME.prompt(t.s, 1, "zh") or "")
    t.do(3, "bid 220")
    t.do(2, "bid 220")
    events = t.do(1, "bid 210")
    lost = {e.params["seat"]: e.kind for e in events if e.kind.startswith("bid_lost")}
    assert lost == {3: "bid_lost_earlier", 1: "bid_lost_lower"}
    lines = [GAME.describe(e, "en") for e in events if e.kind.startswith("bid_lost")]
    assert any("#4's $220 loses: #3 bid the same" in line for line in lines), lines
    t2 = table(2)
    place(t2, 0, 3)
    t2.roll(0, 1, 2)
    t2.do(0, "bid 200")
    events = t2.do(1, "bid 200")
    (why,) = [e for e in events if e.kind.startswith("bid_lost")]
    assert why.kind == "bid_lost_first_stands" and "first bid, which stands" in GAME.describe(why, "en")
    assert "{" not in GAME.describe(why, "zh")


def test_ruling_R14_no_bid_above_ones_cash() -> None:
    t = table(2)
    place(t, 0, 3)
    t.roll(0, 1, 2)
    with pytest.raises(GameError):
        t.do(0, "bid 351")


def test_ruling_R15_own_card_auctions_start_at_10_once_per_debt() -> None:
    t = table(2)
    own(t, 0, 5)
    own(t, 1, 31)
    give(t, 0, 50)
    place(t, 0, 29)
    t.roll(0, 1, 1)
    t.do(0, "auction 5")
    assert GAME.view(t.s, None).auction.minimum == 10  # type: ignore[union-attr]
    t.do(1, "pass")
    assert "auction 5" not in t.legal(0) and "plead" in t.legal(0)


def test_ruling_R16_refused_debtor_loses_cards_to_the_creditor_and_lenders() -> None:
    t = table(3)
    own(t, 0, 5, 7)
    own(t, 1, 31)
    t.s.lender[7], t.s.loan[7] = 2, 66
    give(t, 0, 20)
    place(t, 0, 29)
    t.roll(0, 1, 1)
    t.do(0, "auction 5")
    t.do(1, "pass")
    t.do(2, "pass")
    t.do(0, "plead")
    t.do(1, "decline")
    assert t.s.seats[0].bankrupt and t.s.owner[5] == 1 and t.s.owner[7] == 2
    assert t.s.lender[7] == NOBODY


def test_ruling_R17_signs_go_back_to_the_box_on_a_sale_change_once_a_turn_as_deals_do() -> None:
    t = table(3)
    own(t, 0, 31)
    own(t, 2, 33)
    t.do(0, "sign 31")
    assert "unsign 31" not in t.legal(0)
    t.do(0, "offer 2 sell 31 for 100")
    t.do(1, "accept")
    assert not t.s.signed[31] and GAME.view(t.s, None).signs_left == 4
    place(t, 0, 3)
    t.roll(0, 1, 2)  # Soakem: the first bid is the lander's own decision, signs are open
    assert "sign 33" in t.legal(2)
    t.do(0, "bid 200")  # sealed counter-bids: like deals, signs wait
    assert 2 in GAME.to_act(t.s) and "sign 33" not in t.legal(2)
    with pytest.raises(GameError):
        t.do(2, "sign 33")


def test_ruling_R18_utility_monopoly_lasts_until_the_first_public_purchase() -> None:
    t = table(2, prosperity=True)
    own(t, 1, 6, 16, 26)
    place(t, 0, 3)
    t.roll(0, 1, 2)
    assert t.cash(0) == 250  # the monopoly fare: no utility is public yet


def test_ruling_R19_turned_away_to_his_own_lot_the_nearest_lot_or_the_corner() -> None:
    t = table(2, prosperity=True)
    own(t, 1, 31)
    own(t, 0, 33)
    t.s.signed[31] = True
    t.s.signed[33] = True  # his own sign does not bar him
    place(t, 0, 29)
    t.roll(0, 1, 1)  # his own lot is also the nearest: no choice to make
    assert t.s.seats[0].pos == 33 and t.cash(0) == 350 - 105 and t.cash(1) == 250
    three = table(3, prosperity=True)
    own(three, 1, 31, 35)
    own(three, 2, 33)
    own(three, 0, 39)
    three.s.signed[31] = three.s.signed[33] = True  # another's signed lot is no place to stay
    place(three, 0, 29)
    three.roll(0, 1, 1)
    assert GAME.view(three.s, None).away == [35, 39]
    t2 = table(2, prosperity=True)
    own(t2, 1, 39)
    t2.s.signed[39] = True
    place(t2, 0, 37)
    t2.roll(0, 1, 1)  # no lot in use before the corner: he reaches it, with wages
    assert t2.s.seats[0].pos == 0 and t2.cash(0) == 550 and t2.cash(1) == 220


def test_ruling_R20_idle_land_is_still_traded_under_prosperity() -> None:
    t = table(2, prosperity=True)
    t.roll(0, 1, 3)
    assert "bid 100" in t.legal(0)


def test_ruling_R21_fund_remainder_joins_the_general_fund() -> None:
    t = table(2, prosperity=True)
    own(t, 0, 31)
    t.s.owner[6] = t.s.owner[16] = PUBLIC
    t.s.fund, t.s.bank = 150, t.s.bank - 150
    place(t, 0, 29)
    t.roll(0, 1, 1)
    assert t.s.owner[26] == PUBLIC and t.s.fund == 0 and t.s.general == 50
    assert "all_public" in t.kinds()


def test_ruling_R22_scramble_moves_only_hidden_cash_and_the_bank_is_never_shown() -> None:
    s = fresh(3)
    other = GAME.scramble(s, 1, Rng(5))
    assert other is not None and other.money() == s.money() and other.seats[1].cash != s.seats[1].cash
    assert [p.cash for i, p in enumerate(other.seats) if i != 1] == [350, 350]
    assert GAME.view(other, 0) == GAME.view(s, 0) and GAME.view(other, 1) != GAME.view(s, 1)
    assert "bank" not in GAME.view(s, None).__struct_fields__


def test_ruling_R23_prosperity_is_measured_on_cash() -> None:
    t = table(2, prosperity=True)
    give(t, 0, 700)
    own(t, 1, 39)  # $400 of land but $350 of cash
    t.roll(0, 1, 1)
    assert t.s.end is None


def test_ruling_R24_plain_wages_of_200_chosen_by_the_balance_study() -> None:
    t = table(2)
    assert t.s.options["wages"] == 200 == PLAIN_WAGES
    place(t, 0, 39)
    t.roll(0, 3, 4)
    assert t.cash(0) == 550
    study = run([PLAIN_WAGES], games=1, players=4, jobs=1)  # the command of the study, in small
    assert [(s.mix.strategy, s.prosperity) for s in study][:2] == [("default", False), ("never-buyer", False)]
    assert all(g.reason in ("won", "prosperity", "last", "stopped") for s in study for g in s.games)
    assert report(study)[-1].startswith("wages meeting both targets:")
    assert "python -m bench.landlords" in reference("landlords") and "landlords-balance.md" in reference("landlords")


def test_ruling_R25_round_limit_ties_broken_by_cash_bankrupt_last() -> None:
    t = table(3, round_limit=1)
    own(t, 1, 3)  # 250 cash + 100 land = 350, like seat 2's 350 cash
    give(t, 1, 250)
    t.s.seats[0].bankrupt = True
    t.s.seats[0].out_turn = 1
    t.s.bank += t.s.seats[0].cash
    t.s.seats[0].cash = 0
    t.s.current = 1
    place(t, 1, 20)
    place(t, 2, 20)
    t.roll(1, 1, 1)  # the improvement tax: nothing to pay
    t.roll(2, 1, 1)
    outcome = GAME.outcome(t.s)
    assert outcome is not None
    assert [(s.seat, s.rank) for s in outcome.standings] == [(2, 1), (1, 2), (0, 3)]
    assert any(key == "outcome.tiebreak_cash" for key, _ in outcome.reasons)


def test_ruling_R26_passing_an_owned_lot_costs_nothing() -> None:
    t = table(2)
    own(t, 1, 31, 33)
    place(t, 0, 29)
    t.roll(0, 3, 4)  # over Broadway and Madison Square to 36
    assert t.s.seats[0].pos == 36 and t.cash(0) == 350 and t.cash(1) == 350


def test_ruling_R16_a_public_creditor_always_consents() -> None:
    t = table(2)
    give(t, 0, 10)
    place(t, 0, 31)
    t.roll(0, 1, 2)  # the estate: jail and a $50 fine
    assert t.s.stack[-1].to == GENERAL  # type: ignore[union-attr]
    t.do(0, "plead")  # a public body always consents (R16)
    assert t.s.general == 10 and GAME.to_act(t.s) == {1}


def test_ruling_R27_assets_are_cash_plus_book_values() -> None:
    t = table(2)
    own(t, 0, 31, 6)
    t.s.improved[31] = True
    t.s.seats[0].idle = {"y8": 0}
    assert assets(t.s, 0) == 350 + 300 + 250 + 200 + 100
    view = GAME.view(t.s, 1).players[0]
    assert view.cash is None and view.public_assets == 850


def test_ruling_R28_solo_auctions_resolve_at_once() -> None:
    t = table(1)
    place(t, 0, 3)
    t.roll(0, 1, 2)
    t.do(0, "bid 200")
    assert t.s.owner[6] == 0 and GAME.to_act(t.s) == {0} and t.s.turn == 2


def test_ruling_R29_the_office_offers_its_top_card_face_up() -> None:
    t = table(2)
    assert GAME.view(t.s, None).idle_next == t.s.deck[0]
    t.s.seats[0].idle = {t.s.deck.pop(0): 0}
    card = next(iter(t.s.seats[0].idle))
    t.roll(0, 1, 3)
    t.do(0, f"sell {card}")
    assert t.s.deck[-1] == card


def test_ruling_R22_amounts_revealed_by_rules_stay_in_every_view() -> None:
    t = table(3)
    own(t, 1, 31)
    give(t, 0, 20)
    place(t, 0, 29)
    t.roll(0, 1, 1)
    t.do(0, "plead")
    t.do(1, "accept")  # the debtor hands over all his cash: now public
    assert GAME.view(t.s, 2).players[0].revealed_cash == 20
    t2 = table(3)
    place(t2, 0, 3)
    t2.roll(0, 1, 2)
    t2.do(0, "bid 200")
    t2.do(1, "bid 230")
    t2.do(2, "pass")
    last = GAME.view(t2.s, None).last_auction
    assert last is not None and [(b.seat, b.amount) for b in last.bids] == [(1, 230), (2, None)]


def test_ruling_R30_a_game_ended_early_ranks_by_assets() -> None:
    t = table(3)
    own(t, 2, 31, 34)
    give(t, 1, 900)
    forced = GAME.force_end(t.s)
    assert GAME.outcome(t.s) is None  # the state itself is not over
    ranks = {s.seat: s.rank for s in forced.standings}
    assert ranks[1] == 1 and ranks[2] == 2 and ranks[0] == 3
    assert forced.reasons[0][0] == "outcome.forced"
    assert "ended early" in GAME.text(*forced.reasons[0], "en")


OLD_OPTIONS = {"start_cash": 350, "win_assets": 2000, "wages": 200, "round_limit": 30,
               "prosperity": False, "play_on": False}  # what every engine-1 table stored


def test_ruling_R32_a_table_created_before_edition_2_keeps_its_rules() -> None:
    old = Table(GAME.setup(2, dict(OLD_OPTIONS), seed=7))
    assert old.s.options["edition"] == 1 and old.s.options["round_limit"] == 30
    old.roll(0, 1, 2)  # Lonely Lane: bought by landing on it, as before
    assert old.step() == "lot" and [m for m in old.legal(0) if not m.startswith("offer")] == \
        ["buy", "pass"]
    old.do(0, "pass")  # passed up: its land rent to the treasury (the old R2)
    assert old.cash(0) == 340 and old.s.general == 10
    place(old, 1, 3)
    old.roll(1, 1, 2)
    old.do(1, "bid 200")
    old.do(0, "bid 200")  # an equal counter-bid still wins (the old R14)
    assert old.s.owner[6] == 0
    saved = GAME.loads(GAME.dumps(old.s))  # a snapshot of engine 1 has no edition at all
    del saved.options["edition"]
    assert edition(saved) == 1 and GAME.view(saved, None).edition == 1
    new = table(2)
    assert new.s.options["edition"] == 2 and new.s.options["round_limit"] == 0
    new.roll(0, 1, 2)
    assert "vacant" in new.kinds() and new.step() == "turn"
    assert META.resolve_options(OLD_OPTIONS)["edition"] == 2  # a rematch is a new table
    assert META.engine_version == "2"


def test_ruling_R32_the_service_deals_a_stored_engine_1_table_under_its_rules(repo: Repository) -> None:
    service = TableService(repo)
    stored = repo.create_table("landlords", seed="old", engine_version="1", options=dict(OLD_OPTIONS))
    fresh_table = service.create("landlords", seats=2, seed="new")
    for table_id in (stored.id, fresh_table.id):
        service.join(table_id, "u1", "Ann")
        service.join(table_id, "u2", "Bo")
        service.start(table_id)
    old, new = service.load(stored.id), service.load(fresh_table.id)
    assert old.state is not None and new.state is not None
    assert edition(old.state) == 1 and edition(new.state) == 2
    assert new.table.options["edition"] == 2 and "edition" not in old.table.options


def test_ruling_R33_playing_on_ends_at_the_round_limit_or_when_the_players_stop() -> None:
    t = table(2, prosperity=True, play_on=True, round_limit=2)
    give(t, 0, 700)
    give(t, 1, 2500)  # well past $2,000: no Big Landlord under Prosperity either
    t.roll(0, 1, 1)
    assert t.s.achieved and t.s.end is None
    assert GAME.force_end(t.s).reasons[0][0] == "outcome.forced"  # the players stop (R30)
    for seat in (1, 0, 1):
        place(t, seat, 0)
        t.roll(seat, 1, 1)  # the land tax, abolished
    assert t.s.end is not None and t.s.end.reason == "rounds"
    outcome = GAME.outcome(t.s)
    assert outcome is not None and outcome.winners == (1,)


def test_ruling_R31_pass_bids_order_answers_sealed_bids() -> None:
    t = table(3)
    place(t, 0, 3)
    t.roll(0, 1, 2)  # Soakem: the lander's open first bid
    assert GAME.auto_move(t.s, 1, "pass-bids") is None  # nothing to answer yet
    t.do(0, "bid 200")
    assert GAME.to_act(t.s) == {1, 2}
    move = GAME.auto_move(t.s, 1, "pass-bids")
    assert str(move) == "pass"
    assert GAME.auto_move(t.s, 0, "pass-bids") is None  # the bidder is not asked
    assert GAME.auto_move(t.s, 1, "something-else") is None
    t.do(1, str(move))
    assert GAME.auto_move(t.s, 1, "pass-bids") is None  # already answered
    assert "pass-bids" in [o.token for o in GAME.standing_orders(t.s, 1, "zh")]


def test_ruling_R34_auto_roll_rolls_unless_a_pre_roll_choice_is_new(repo: Repository) -> None:
    t = table(2)
    assert "auto-roll" in [o.token for o in GAME.standing_orders(t.s, 0, "en")]
    assert str(GAME.auto_move(t.s, 0, "auto-roll")) == "roll"  # nothing to decide before rolling
    assert GAME.auto_move(t.s, 1, "auto-roll") is None  # not his turn
    assert "auto-roll" in (GAME.prompt(t.s, 0, "en") or "")  # the roll prompt names the order
    own(t, 0, 31)
    give(t, 0, 0)  # new: Broadway could be improved; his cash does not matter (R22)
    assert GAME.auto_move(t.s, 0, "auto-roll") is None
    assert "Broadway" in (GAME.prompt(t.s, 0, "en") or "") and "百老汇" in (GAME.prompt(t.s, 0, "zh") or "")
    t.roll(0, 1, 2)  # he rolls himself, passing the improvement over
    t.roll(1, 1, 2)
    give(t, 0, 900)
    assert str(GAME.auto_move(t.s, 0, "auto-roll")) == "roll"  # asked once, not every turn
    t.s.lender[31], t.s.loan[31] = 1, 110  # new: a pledged card he could redeem
    assert GAME.auto_move(t.s, 0, "auto-roll") is None
    t.s.lender[31], t.s.loan[31] = NOBODY, 0
    own(t, 1, 33)
    t.do(1, "offer 1 buy 31 for 300")  # an offer made to him is his to answer
    assert GAME.to_act(t.s) == {0} and GAME.auto_move(t.s, 0, "auto-roll") is None
    t.do(0, "decline")
    assert str(GAME.auto_move(t.s, 0, "auto-roll")) == "roll"
    own(t, 0, 35)  # new: Fifth Avenue; he improves it, beginning his turn himself
    t.do(0, "improve 35")
    assert GAME.auto_move(t.s, 0, "auto-roll") is None  # nothing new is left, but he rolls himself
    old = table(2, edition=1)  # edition 1: signs only before rolling (R17), so a lot is new too
    own(old, 0, 31)
    old.s.improved[31] = True
    assert GAME.auto_move(old.s, 0, "auto-roll") is None
    # Through the service: every person's seat starts with the order, so the deal's first turn is
    # rolled by it; a player who cancels it is asked to roll himself.
    service = TableService(repo)
    created = service.create("landlords", seats=2, seed="r34")
    service.join(created.id, "u1", "Ann")
    service.join(created.id, "u2", "Bo")
    assert [s.orders for s in service.seats(created.id)] == [["auto-roll"], ["auto-roll"]]
    assert service.set_order(created.id, "u2", "auto-roll", on=False) is None  # before the deal too
    dealt = service.start(created.id)
    assert dealt.steps[0].seat == 0 and dealt.steps[0].notation == "roll" and dealt.steps[0].order == "auto-roll"
    loaded = dealt.loaded
    for step in range(50):  # Ann's turn (and an auction of what she passed over), as the bot plays it
        seat = min(GAME.to_act(loaded.state))
        if seat == 1 and isinstance(loaded.state.stack[-1], TurnF):
            break
        bot_move = GAME.bot_move(loaded.state, seat, Rng.from_seed(f"r34:{step}"))
        loaded = service.act(created.id, f"u{seat + 1}", str(bot_move)).loaded
    assert GAME.to_act(loaded.state) == {1} and isinstance(loaded.state.stack[-1], TurnF)  # Bo rolls himself
    assert [s.orders for s in loaded.seats] == [["auto-roll"], []]


def test_ruling_R34_the_balance_study_plays_each_seed_with_and_without_the_order() -> None:
    without, ordered = auto_roll_study.run(games=4, players=4, jobs=1)
    assert [g.ordered for g in without] == [0] * 4  # nobody under the order
    assert all(0 < g.ordered <= g.turns for g in ordered)  # it rolled for the followed seat
    lines = auto_roll_study.report(without, ordered, 4)
    assert any("under auto-roll" in line for line in lines) and any("fair share" in line for line in lines)
