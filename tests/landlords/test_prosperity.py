"""One scenario per Prosperity rule of docs/rules/landlords.md (§11)."""

from __future__ import annotations

from games.landlords import GAME
from games.landlords.board import board
from games.landlords.state import PUBLIC

from .helpers import give, own, place, table, turned_away


def test_rule_11_1_prosperity_adopted_by_vote() -> None:
    t = table(4)
    t.do(0, "vote prosperity yes")
    assert GAME.to_act(t.s) == {1, 2, 3} and GAME.view(t.s, None).vote is not None
    t.do(1, "vote prosperity yes")
    t.do(2, "vote prosperity no")
    assert t.s.mode == "landlord"
    t.do(3, "vote prosperity yes")
    assert t.s.mode == "prosperity" and "prosperity_adopted" in t.kinds()
    assert GAME.to_act(t.s) == {0} and "vote prosperity yes" not in t.legal(0)


def test_rule_11_1_failed_vote_and_one_call_per_turn() -> None:
    t = table(3)
    t.do(0, "vote prosperity yes")
    t.do(1, "no")  # "no" is read as the vote while one is open
    assert "vote_failed" in t.kinds() and t.s.mode == "landlord"
    assert "vote prosperity yes" not in t.legal(0)


def test_rule_11_1_prosperity_as_a_table_option() -> None:
    t = table(2, prosperity=True)
    assert t.s.mode == "prosperity" and "vote prosperity yes" not in t.legal(0)


def test_rule_11_2_taxes_abolished() -> None:
    t = table(2, prosperity=True)
    own(t, 0, 5)
    t.roll(0, 1, 1)  # land tax
    assert t.kinds()[-2] == "no_tax" and t.cash(0) == 350
    place(t, 1, 11)
    t.roll(1, 1, 2)  # personal property tax: no declaration
    assert "no_tax" in t.kinds() and GAME.to_act(t.s) == {0}


def test_rule_11_3_land_rent_to_the_fund_improvement_rent_to_the_landlord() -> None:
    t = table(2, prosperity=True)
    own(t, 1, 31)
    t.s.improved[31] = True
    place(t, 0, 29)
    t.roll(0, 1, 1)
    assert t.cash(0) == 150 and t.cash(1) == 450 and t.s.fund == 100


def test_rule_11_3_unimproved_lot_earns_its_landlord_nothing() -> None:
    t = table(2, prosperity=True)
    own(t, 1, 31)
    place(t, 0, 29)
    t.roll(0, 1, 1)
    assert t.cash(0) == 250 and t.cash(1) == 350 and t.s.fund == 100


def test_rule_11_4_own_and_unsold_lots_pay_the_fund() -> None:
    t = table(2, prosperity=True)
    own(t, 0, 31)
    place(t, 0, 29)
    t.roll(0, 1, 1)
    assert t.cash(0) == 250 and t.s.fund == 100
    place(t, 1, 1)
    t.roll(1, 1, 1)  # Lonely Lane, unsold: its land rent to the fund, and it is not for sale here
    assert t.cash(1) == 340 and t.s.fund == 110 and t.s.owner[3] == -1
    assert GAME.to_act(t.s) == {0}
    place(t, 0, 0)
    t.roll(0, 1, 3)  # lots are still sold at the offices under Prosperity (§7.4)
    assert "bid 3 for 100" in t.legal(0)


def test_rule_11_5_public_buys_the_utilities_in_turn_at_each_200() -> None:
    t = table(2, prosperity=True)
    own(t, 1, 6, 16, 26)
    own(t, 0, 31)
    t.s.fund = 150
    t.s.bank -= 150
    place(t, 0, 29)
    t.roll(0, 1, 1)  # his own Broadway: $100 land rent -> fund $250 -> Soakem bought
    soakem, slambang, _ = board().utilities
    assert t.s.owner[soakem] == PUBLIC and t.s.owner[slambang] == 1
    assert t.cash(1) == 550 and t.s.fund == 50
    assert t.event("utility_public").params == {"space": soakem, "holder": 1, "amount": 200}
    # the public Soakem now charges $25 to the treasury; Slambang's monopoly is broken
    place(t, 1, 3)
    t.roll(1, 1, 2)
    assert t.cash(1) == 525 and t.s.general == 25
    place(t, 0, 13)
    t.roll(0, 1, 2)
    assert t.cash(0) == 200 and t.cash(1) == 575  # $50, not $100


def test_rule_11_6_unsold_local_utilities_pay_25_and_are_not_sold() -> None:
    t = table(2, prosperity=True)
    place(t, 0, 3)
    t.roll(0, 1, 2)
    assert t.cash(0) == 325 and t.s.general == 25 and GAME.to_act(t.s) == {1}
    assert t.s.owner[6] == -1


def test_rule_11_7_no_individual_win_under_prosperity() -> None:
    t = table(2, prosperity=True)
    own(t, 0, 39)
    give(t, 0, 1700)  # $2,100 of assets: no Big Landlord under Prosperity
    t.roll(0, 1, 1)
    assert t.s.end is None
    give(t, 1, 700)  # the poorest now holds double the starting money: all win together
    t.roll(1, 1, 1)
    assert t.s.end is not None and t.s.end.reason == "prosperity"
    outcome = GAME.outcome(t.s)
    assert outcome is not None and outcome.winners == (0, 1)
    voted = table(2)
    own(voted, 0, 39)
    give(voted, 0, 1500)
    voted.do(0, "vote prosperity yes")
    voted.do(1, "vote prosperity yes")  # adopted mid-game: the goal no longer ends it either
    give(voted, 0, 1700)
    voted.roll(0, 1, 1)
    assert voted.s.end is None and voted.s.mode == "prosperity"


def test_rule_11_7_no_monopolies() -> None:
    t = table(2, prosperity=True)
    own(t, 1, 10, 20, 30)
    place(t, 0, 7)
    t.roll(0, 1, 2)
    assert t.cash(0) == 250


def test_rule_11_8_office_sells_deeds_between_players() -> None:
    t = table(2, prosperity=True)
    own(t, 0, 31)
    t.roll(0, 1, 3)
    t.do(0, "auction 31")
    t.do(1, "bid 200")
    assert t.s.owner[31] == 1 and t.cash(0) == 550


def test_rule_11_9_lord_bluebloods_estate_is_a_park() -> None:
    t = table(2, prosperity=True)
    place(t, 0, 31)
    t.roll(0, 1, 2)
    assert "park" in t.kinds() and not t.s.seats[0].in_jail and t.cash(0) == 350


def test_rule_11_10_no_trespass_no_jail() -> None:
    t = table(2)
    t.s.seats[1].pos, t.s.seats[1].in_jail = board().jail, True
    t.do(0, "vote prosperity yes")
    t.do(1, "vote prosperity yes")
    assert not t.s.seats[1].in_jail and "freed" in t.kinds()
    place(t, 0, 5)
    t.roll(0, 1, 2)  # onto the jail space: nothing happens
    assert not t.s.seats[0].in_jail and t.cash(0) == 350


def test_rule_11_11_after_all_utilities_are_public_land_rent_to_the_general_fund() -> None:
    t = table(2, prosperity=True)
    for u in board().utilities:
        t.s.owner[u] = PUBLIC
    own(t, 1, 31)
    place(t, 0, 29)
    t.roll(0, 1, 1)
    assert t.s.general == 100 and t.s.fund == 0


def test_rule_11_12_prosperity_achieved_when_the_poorest_holds_double() -> None:
    t = table(2, prosperity=True)
    give(t, 0, 700)
    give(t, 1, 700)
    t.roll(0, 1, 1)
    assert t.s.end is not None and t.s.end.reason == "prosperity"
    outcome = GAME.outcome(t.s)
    assert outcome is not None and outcome.winners == (0, 1)


def test_rule_11_12_play_on_after_prosperity() -> None:
    t = table(2, prosperity=True, play_on=True)
    give(t, 0, 700)
    give(t, 1, 700)
    t.roll(0, 1, 1)
    assert t.s.end is None and t.s.achieved and "prosperity_achieved" in t.kinds()
    assert GAME.view(t.s, None).prosperity_achieved


def test_rule_11_13_no_trespassing_sign_turns_the_visitor_away() -> None:
    t = table(2, prosperity=True)
    own(t, 1, 31, 35)
    t.s.signed[31] = True
    place(t, 0, 29)
    t.roll(0, 1, 1)
    # he owns no lot ahead: on to the nearest lot in use (Fifth Avenue, 35), free as it is not his
    assert t.s.seats[0].pos == 35 and not t.s.seats[0].in_jail
    assert t.cash(0) == 350 and t.cash(1) == 250 and t.s.fund == 100  # the sign's owner pays
    assert "turned_away" in t.kinds() and GAME.to_act(t.s) == {1}


def test_rule_11_13_the_visitor_chooses_his_own_nearest_lot_or_the_nearest_lot() -> None:
    t = turned_away()
    assert t.step() == "away" and t.cash(1) == 250  # the sign's owner has paid at once
    assert [m for m in t.legal(0) if m.startswith("go")] == ["go 35", "go 37"]
    assert GAME.view(t.s, None).away == [35, 37]
    assert "own nearest lot" in (GAME.prompt(t.s, 0, "en") or "")
    t.do(0, "go 37")  # his own Grand Boulevard: he pays its land rent to the fund
    assert t.s.seats[0].pos == 37 and t.cash(0) == 350 - 120
    assert t.event("paid").params == {"seat": 0, "amount": 120, "to": "fund", "reason": "land_rent",
                                      "space": 37}
    assert GAME.to_act(t.s) == {1}
