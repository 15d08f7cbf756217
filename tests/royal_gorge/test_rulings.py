"""The rulings of docs/rules/royal-gorge.md ("Rulings"): where the rules text and 18xx.games differ (R1-R6,
R14-R19) and where the text is silent (R7-R13, R20). Each test is named after its ruling (``test_ruling_R<n>_…``) and
fails if the engine decides the point the other way."""

from __future__ import annotations

from typing import Any

from games.core import Rng
from games.royal_gorge.content import content
from games.royal_gorge.ending import force_finish, red_zone, set_vgc_cash
from games.royal_gorge.game import GAME
from games.royal_gorge.holdings import BANK, cert_limit, certificates, col_of, net_worth, pay, price, worth_parts
from games.royal_gorge.moves import Accept, Decline
from games.royal_gorge.operating import (
    can_token,
    end_of_set,
    free_slot,
    make_board,
    must_buy,
    put_token,
    start_operating_round,
    take_from_depot,
    treaty_of_boston,
)
from games.royal_gorge.operating.round import end_operating_round
from games.royal_gorge.state import RGState, StockF, TrainOfferF
from games.royal_gorge.trains import close_private

from .test_auction import acting as auction_acting
from .test_auction import play as auction_play
from .test_auction import table
from .test_operating import frame, give_trains, now, operating, ran
from .test_stock import acting, give_private, hold, play, refused, stock


# ---- R1-R6: the text and 18xx.games differ -------------------------------------------------------------------
def test_ruling_R1_four_players_hold_12_certificates_under_bga_and_10_under_18xx() -> None:
    for ruleset, buys in (("bga", True), ("18xx", False)):
        state = stock(ruleset=ruleset)
        hold(state, "CF&I", {0: 50}, market=50)
        hold(state, "VGC", {0: 50}, market=50)
        assert certificates(state, 0) == 10 and cert_limit(state) == (12 if buys else 10), ruleset
        if buys:  # an 11th certificate is within the text's 12
            state = play(state, (0, "buy cfi market"))
            assert certificates(state, 0) == 11
        else:
            assert refused(state, 0, "buy cfi market") == "error.cert_limit"


def test_ruling_R2_under_bga_a_pass_before_any_bid_leaves_the_lot() -> None:
    state = auction_play(table(ruleset="bga"), (0, "pass"), (1, "bid y3 40"), (2, "pass"), (3, "pass"))
    assert state.privates["Y3"].owner == 1  # seat 0 passed first and is out


def test_ruling_R2_under_18xx_a_pass_before_any_bid_only_declines_and_a_bid_brings_the_decliner_back() -> None:
    """post_boston i=0-4: a player passes on an unbid lot and bids again after others have bid."""
    state = auction_play(table(), (0, "pass"), (1, "bid y3 40"), (2, "pass"), (3, "pass"))
    assert auction_acting(state) == 0
    state = auction_play(state, (0, "bid y3 45"))
    assert auction_acting(state) == 1


def test_ruling_R3_a_railroad_with_no_route_must_buy_a_train_under_18xx_only() -> None:
    for ruleset, must in (("bga", False), ("18xx", True)):
        state = operating(ruleset)
        assert must_buy(state, "RG") is must, ruleset  # RG's home station, no track out of Denver
        state = play(state, (0, "lay l4 9 r0"), (0, "lay l6 8 r1"))
        assert must_buy(state, "RG") is must, ruleset  # track, but no second stop yet
        state = play(state, (0, "lay k7 57 r1"))
        assert must_buy(state, "RG"), ruleset  # Denver-Colorado Springs: a route, both rulesets must buy


def test_ruling_R4_the_set_end_moves_the_debt_marker_under_bga_only() -> None:
    """bga: once a set, in the set-end settlement; 18xx: after every OR, never at the set's end."""
    for ruleset, moves in (("bga", 1), ("18xx", 0)):
        state = operating(ruleset)
        treaty_of_boston(state, [])
        start = state.debt_col
        end_of_set(state, [])
        assert state.debt_col - start == moves, ruleset


def test_ruling_R5_the_red_zone_ends_the_game_for_any_company_under_bga_and_railroads_only_under_18xx() -> None:
    from games.royal_gorge.ending import red_zone
    from games.royal_gorge.holdings import col_of

    red = col_of(310)
    assert red is not None
    for ruleset, ends in (("bga", True), ("18xx", False)):
        state = operating(ruleset)
        state.corps["CF&I"].col = red  # a metal in the red zone
        red_zone(state, "CF&I", [])
        assert (state.end_reason == "stock_market") is ends, ruleset
        state.corps["RG"].col = red  # a railroad: both rulesets
        red_zone(state, "RG", [])
        assert state.end_reason == "stock_market", ruleset


def test_ruling_R6_the_end_of_a_set_settles_in_the_order_of_its_ruleset() -> None:
    """``bga``: Victor, CF&I, export, steel, DEBT; ``18xx``: CF&I and steel, Victor, export (DEBT per OR)."""
    for ruleset, metals in (("bga", ["VGC", "CF&I"]), ("18xx", ["CF&I", "VGC"])):
        state = operating(ruleset)
        state.gold_shipped = 1
        events: list[Any] = []
        end_of_set(state, events)
        assert [e.params["corp"] for e in events if e.kind == "metal_payout"] == metals, ruleset


# ---- R7-R13: the text is silent (both rulesets) ---------------------------------------------------------------
def test_ruling_R7_a_step_with_nothing_to_do_is_skipped_and_pass_ends_the_others() -> None:
    for ruleset in ("bga", "18xx"):
        state = operating(ruleset)
        assert frame(state).step == "track"
        state = play(state, (0, "lay l4 9 r0"), (0, "pass"))  # pass ends the track step
        # first turn: no station; no train: no run and $0 withheld; straight to the train step
        assert now(state) == "RG" and frame(state).step == "train", ruleset
        assert price(state, "RG") == 70
        state = play(state, (0, "train 2+"))
        assert refused(state, 0, "payout") == "error.not_step"
        state = play(state, (0, "pass"))  # pass ends the train step; the company step has nothing: skipped
        assert now(state) == "KP", ruleset
    state = operating()
    give_trains(state, "RG", "2+")
    state = play(state, (0, "lay l4 9 r0"), (0, "lay l6 8 r1"), (0, "lay k7 57 r1"), (0, "pass"))
    assert frame(state).step == "route" and refused(state, 0, "pass") == "error.cannot_pass"  # a run is never passed


def test_ruling_R8_a_railroad_in_debt_is_asked_for_a_pass_at_the_end_of_its_turn() -> None:
    state = operating()
    treaty_of_boston(state, [])
    state = play(state, (0, "pass"), (0, "train 2+"), (0, "train 2+"))
    assert now(state) == "RG" and frame(state).step == "company"  # Yellow: no private for sale, but debt
    assert [str(m) for m in GAME.legal_moves(state, 0)] == ["pass"]  # $20 left: less than a debt token
    state = play(state, (0, "pass"))
    assert now(state) == "KP"
    state = operating()
    treaty_of_boston(state, [])
    state = play(state, (0, "pay-debt rg"), (0, "pass"), (0, "train 2+"))
    assert now(state) == "KP"  # repaid this turn: nothing to ask at the end


def test_ruling_R9_after_the_dearest_chosen_cube_steel_costs_40() -> None:
    state = operating()
    pay(state, BANK, "RG", 200)
    cfi = state.corps["CF&I"].cash
    state = play(state, (0, "steel a 20"), (0, "lay l4 9 r0"))  # column A: 30, 20, 10, 0
    assert state.corps["CF&I"].cash == cfi + 20 and state.steel["yellow"]["A"] == [30, 10, 0]
    state = play(state, (0, "lay l6 8 r1"))  # the next dearer cube of the chosen column
    assert state.corps["CF&I"].cash == cfi + 50 and state.steel["yellow"]["A"] == [10, 0]
    state = play(state, (0, "lay k7 57 r1"))  # after the dearest: $40, not the cheaper cubes left
    assert state.corps["CF&I"].cash == cfi + 90 and state.steel["yellow"]["A"] == [10, 0]


def test_ruling_R10_trains_change_hands_only_between_railroads_whose_tracks_meet() -> None:
    state = operating()
    give_trains(state, "KP", "2+")
    state = play(state, (0, "lay l4 9 r0"), (0, "lay l6 8 r1"), (0, "lay k7 57 r1"), (0, "pass"))
    assert frame(state).step == "train"
    assert refused(state, 0, "train 2+ from kp 1") == "error.not_connected"
    slot = free_slot(state, make_board(state), "K7", "KP")
    assert slot is not None
    put_token(state, "KP", "K7", slot, cost=0)  # KP's station in Colorado Springs, on RG's track
    kp, cash = state.corps["KP"].cash, state.corps["RG"].cash
    state = play(state, (0, "train 2+ from kp 1"))
    assert state.corps["RG"].trains == ["2+"] and state.corps["KP"].trains == []
    assert state.corps["KP"].cash == kp + 1 and state.corps["RG"].cash == cash - 1  # paid to the seller


def test_ruling_R11_a_bankrupt_presidents_shares_go_to_the_market_and_his_cash_to_the_bank() -> None:
    state = operating()
    hold(state, "CF&I", {0: 10}, market=90)
    pay(state, "RG", BANK, 160)
    pay(state, 0, BANK, state.cash[0] - 5)  # $5 and a $45 CF&I share: less than a $70 2+
    cfi_market, bank, cfi_cash = state.corps["CF&I"].market, state.bank, state.corps["CF&I"].cash
    state = play(state, (0, "pass"), (0, "bankrupt"))
    assert state.finished and state.end_reason == "bankrupt" and state.bankrupt == [0]
    assert state.corps["CF&I"].held[0] == 0 and state.corps["CF&I"].market == cfi_market + 10
    assert state.cash[0] == 0 and state.bank == bank - 45 + 50  # paid $45 for the share, takes his $50
    assert state.corps["RG"].held[0] == 20  # the president's certificate cannot be sold: it stays
    assert state.corps["CF&I"].cash == cfi_cash  # no final payout after a bankruptcy
    assert net_worth(state, 0) == 20 * price(state, "RG") // 10


def test_ruling_R12_an_admins_end_applies_the_debt_penalty_but_no_final_payouts() -> None:
    state = operating()
    treaty_of_boston(state, [])
    hold(state, "CF&I", {2: 30}, market=70)
    pay(state, BANK, "CF&I", 250)
    cfi, cash, rg = state.corps["CF&I"].cash, state.cash[2], state.corps["RG"].col
    outcome = GAME.force_end(state)
    force_finish(state, [])
    assert state.finished and state.end_reason == "manually_ended"
    assert state.corps["CF&I"].cash == cfi and state.cash[2] == cash  # CF&I does not pay
    assert state.corps["RG"].col == rg - 8  # four unpaid tokens: eight spaces left
    assert {s.seat: s.score for s in outcome.standings} == {s: net_worth(state, s) for s in range(4)}


def test_ruling_R13_a_closed_private_keeps_its_printed_income_paid_to_nobody() -> None:
    state = stock()
    give_private(state, "Y2", 3)
    close_private(state, "Y2", [])
    assert state.privates["Y2"].revenue == 15 and state.privates["Y2"].owner is None
    cash, bank = list(state.cash), state.bank
    start_operating_round(state, 1, [])
    assert state.cash == cash and state.bank == bank
    assert GAME.invariants(state) == []


# ---- R14-R19: the text and 18xx.games differ (issue 21) ---------------------------------------------------------
def test_ruling_R14_privates_count_in_net_worth_under_18xx_only() -> None:
    for ruleset, counted in (("bga", False), ("18xx", True)):
        state = stock(ruleset=ruleset)
        before = net_worth(state, 3)
        give_private(state, "Y3", 3)
        face = content().privates["Y3"].value
        assert net_worth(state, 3) - before == (face if counted else 0), ruleset
        assert worth_parts(state, 3)["privates"] == (face if counted else 0), ruleset
        outcome = GAME.force_end(state)
        assert {s.seat: s.score for s in outcome.standings}[3] == net_worth(state, 3), ruleset


def ran_past_stations(ruleset: str) -> RGState:
    """RG's first turn at its route step (two 2+, track L2-L4-L6-K7); under ``bga`` it passes the station."""
    state = ran(operating(ruleset))
    return play(state, (0, "pass")) if frame(state).step == "token" else state


def test_ruling_R15_one_gold_shipment_a_turn_and_a_cap_per_set_under_18xx_only() -> None:
    last = len(content().rules.gold.dividends)
    for ruleset, shipped, ships in (("18xx", 2, False), ("bga", 2, True), ("bga", last, True)):
        state = ran_past_stations(ruleset)
        state.gold_cubes["L4"] = 2  # (no mine there: cubes put for the test)
        state.gold_shipped = shipped  # Yellow: 18xx.games allows 2 a set, all railroads together
        set_vgc_cash(state)
        state = play(state, (0, "run 2+ l2-l4-l6-k7"))
        if not ships:
            assert refused(state, 0, "ship l4") == "error.no_gold", ruleset
            continue
        state = play(state, (0, "ship l4"))
        assert frame(state).extra == 50 and state.gold_shipped == shipped + 1, ruleset
        # Victor pays the lowest uncovered slot, the last one once all are covered
        assert state.corps["VGC"].cash == content().rules.gold.dividends[min(shipped + 1, last - 1)], ruleset
        assert refused(state, 0, "ship l4") == "error.no_gold", ruleset  # one shipment in the turn


def test_ruling_R16_a_station_in_a_railroads_first_turn_under_bga_only() -> None:
    for ruleset, allowed in (("bga", True), ("18xx", False)):
        state = ran(operating(ruleset))
        assert not state.corps["RG"].operated
        assert can_token(state, "RG") is allowed, ruleset
        if not allowed:
            assert frame(state).step == "route" and refused(state, 0, "token k7") == "error.not_step"
            continue
        cash = state.corps["RG"].cash
        state = play(state, (0, "token k7"))
        assert state.corps["RG"].tokens == ["L2", "K7"] and state.corps["RG"].cash == cash - 40


def test_ruling_R17_every_private_counts_against_the_certificate_limit_under_bga_and_b4_not_under_18xx() -> None:
    for ruleset in ("bga", "18xx"):
        state = stock(ruleset=ruleset, privates=["y3", "y2", "g5", "g1", "b4"])
        give_private(state, "B4", 0)
        give_private(state, "Y3", 0)
        assert certificates(state, 0) == (2 if ruleset == "bga" else 1), ruleset
    for miner in (False, True):
        state = stock(ruleset="bga", privates=["y3", "y2", "g5", "g1", "b4"])
        if miner:
            give_private(state, "B4", 0)
        hold(state, "CF&I", {0: 60}, market=40)
        hold(state, "VGC", {0: 50}, market=50)
        assert certificates(state, 0) == 11 + miner and cert_limit(state) == 12
        if miner:  # the Gold Miner is the 12th certificate
            assert refused(state, 0, "buy vgc market") == "error.cert_limit"
        else:
            assert certificates(play(state, (0, "buy vgc market")), 0) == 12


def test_ruling_R18_the_priority_holder_opens_every_lot_under_bga_and_the_player_after_the_winner_under_18xx() -> None:
    for ruleset, opener in (("bga", 0), ("18xx", 2)):
        state = auction_play(table(ruleset=ruleset), (0, "bid y3 40"), (1, "bid y3 45"), (2, "pass"), (3, "pass"),
                             (0, "pass"))
        assert state.privates["Y3"].owner == 1, ruleset
        assert auction_acting(state) == opener, ruleset


def test_ruling_R19_cfi_keeps_50_of_its_own_cash_under_bga_and_is_reset_to_50_under_18xx() -> None:
    for ruleset in ("bga", "18xx"):
        state = operating(ruleset)
        hold(state, "CF&I", {2: 30}, market=70)
        pay(state, BANK, "CF&I", 250)
        cfi, cash = state.corps["CF&I"].cash, state.cash[2]
        end_of_set(state, [])
        paid = (cfi - 50 if ruleset == "bga" else cfi) // 10 * 3  # seat 2's three shares
        assert state.cash[2] - cash == paid and state.corps["CF&I"].cash == 50, ruleset
        assert GAME.invariants(state) == [], ruleset


# ---- R20: the text is silent (issue 21) -------------------------------------------------------------------------
def test_ruling_R20_a_trigger_that_brings_the_end_forward_names_it() -> None:
    red = col_of(310)
    assert red is not None
    trains = ("2+",) * 4 + ("3+",) * 4 + ("4+",) * 3 + ("5+",) * 2 + ("6x2",)
    for ruleset in ("bga", "18xx"):
        state = operating(ruleset)
        for name in trains:  # the first 6x2: the game ends one set after this one
            take_from_depot(state, name, [], bought=False)
        assert (state.end_reason, state.final_turn) == ("final_train", state.turn + 1), ruleset
        state.corps["RG"].col = red
        red_zone(state, "RG", [])  # brings the end forward to this set: the red zone names it
        assert (state.end_reason, state.final_turn) == ("stock_market", state.turn), ruleset
        state = operating(ruleset)
        state.corps["RG"].col = red
        red_zone(state, "RG", [])
        for name in trains:  # a 6x2 after the red zone would end the game later: nothing changes
            take_from_depot(state, name, [], bought=False)
        assert (state.end_reason, state.final_turn) == ("stock_market", state.turn), ruleset


# ---- R21-R24: the stock round (issue 21) -------------------------------------------------------------------------
def test_ruling_R21_selling_in_the_first_stock_round_under_bga_only() -> None:
    for ruleset in ("bga", "18xx"):
        state = stock(ruleset=ruleset, turn=1)
        hold(state, "CF&I", {0: 20, 1: 40}, market=40)
        if ruleset == "bga":
            state = play(state, (0, "sell cfi 1"))
            assert state.corps["CF&I"].held[0] == 10 and state.corps["CF&I"].market == 50
        else:
            assert refused(state, 0, "sell cfi 1") == "error.no_first_round_sales"


def test_ruling_R22_the_metals_under_the_50_percent_market_limit_and_a_presidents_sale_under_bga_only() -> None:
    for ruleset in ("bga", "18xx"):
        state = stock(ruleset=ruleset, turn=2)
        hold(state, "VGC", {0: 30, 1: 20}, market=50)  # seat 0 is VGC's president
        assert state.corps["VGC"].president == 0
        if ruleset == "bga":  # the market may not hold more than 50 % after a sale
            assert refused(state, 0, "sell vgc 1") == "error.market_full"
        else:
            state = play(state, (0, "sell vgc 3"))
            assert state.corps["VGC"].market == 80 and price(state, "VGC") == 45  # metals never move
        state = stock(ruleset=ruleset, turn=2)
        hold(state, "VGC", {0: 40, 1: 30}, market=30)
        col = state.corps["VGC"].col
        state = play(state, (0, "sell vgc 2"))  # the president sells two: two spaces left under bga
        assert state.corps["VGC"].market == 50, ruleset
        assert state.corps["VGC"].col == (col - 2 if ruleset == "bga" else col), ruleset


def test_ruling_R23_a_company_sold_out_at_the_end_of_a_stock_round_rises_under_both_rulesets() -> None:
    for ruleset in ("bga", "18xx"):
        state = stock(ruleset=ruleset, turn=2)
        hold(state, "VGC", {0: 50, 2: 50})
        hold(state, "RG", {0: 20, 1: 60, 2: 20}, at=70)
        hold(state, "KP", {0: 20, 1: 30}, at=70, market=50)
        state = play(state, (0, "pass"), (1, "pass"), (2, "pass"), (3, "pass"))
        assert (price(state, "VGC"), price(state, "RG"), price(state, "KP")) == (50, 80, 70), ruleset


def test_ruling_R24_one_purchase_or_start_a_stock_turn_under_both_rulesets() -> None:
    for ruleset in ("bga", "18xx"):
        state = stock(ruleset=ruleset, turn=2)
        hold(state, "CF&I", {0: 20, 1: 50}, market=30)
        state = play(state, (0, "sell cfi 1"), (0, "buy vgc market"))  # sell first, then one buy ends the turn
        assert acting(state) == 1, ruleset
        state = stock(ruleset=ruleset, turn=2)
        state.stack[-1] = StockF(current=0, sold=[[] for _ in range(4)], bought=True, acted=True)
        assert refused(state, 0, "buy vgc market") == "error.one_buy", ruleset
        assert refused(state, 0, "par rg 70") == "error.one_buy", ruleset


# ---- R25: the text and 18xx.games differ (issue 21) ------------------------------------------------------------
def _trade_table(ruleset: str) -> RGState:
    """OR 1.1: RG (seat 0) at its train step, its track reaching KP's station in Colorado Springs; KP (seat 1) owns a
    2+."""
    state = operating(ruleset)
    give_trains(state, "KP", "2+")
    state = play(state, (0, "lay l4 9 r0"), (0, "lay l6 8 r1"), (0, "lay k7 57 r1"))
    while frame(state).step != "train":
        state = play(state, (0, "pass"))
    slot = free_slot(state, make_board(state), "K7", "KP")
    assert slot is not None
    put_token(state, "KP", "K7", slot, cost=0)
    return state


def test_ruling_R25_a_train_from_another_presidents_railroad_is_an_offer_he_answers_under_bga_only() -> None:
    rng = Rng.from_seed(1)
    # 18xx: the buyer's president takes the train at once.
    state = _trade_table("18xx")
    kp = state.corps["KP"].cash
    state = play(state, (0, "train 2+ from kp 40"))
    assert state.corps["RG"].trains == ["2+"] and state.corps["KP"].cash == kp + 40
    # bga: an offer; KP's president must answer, nothing moves until he does.
    state = _trade_table("bga")
    rg, kp = state.corps["RG"].cash, state.corps["KP"].cash
    offer = play(state, (0, "train 2+ from kp 40"))
    assert isinstance(offer.stack[-1], TrainOfferF) and GAME.to_act(offer) == frozenset({1})
    assert offer.corps["KP"].trains == ["2+"] and offer.corps["RG"].cash == rg
    assert GAME.view(offer, None).train_offer is not None  # public
    assert sorted(map(str, GAME.legal_moves(offer, 1))) == ["accept", "decline"]
    assert GAME.timeout_move(offer, 1, rng) == Decline()  # a missed deadline declines
    assert GAME.bot_move(offer, 1, rng) == Decline()  # $40 for an $80 train is not fair
    # decline: both railroads as they were, RG goes on with its step and may not offer for that train again
    declined = play(offer, (1, "decline"))
    assert GAME.to_act(declined) == frozenset({0}) and frame(declined).step == "train"
    assert declined.corps["KP"].trains == ["2+"] and declined.corps["RG"].trains == []
    assert (declined.corps["RG"].cash, declined.corps["KP"].cash) == (rg, kp)
    assert refused(declined, 0, "train 2+ from kp 80") == "error.offer_declined"
    assert not any(str(m).startswith("train 2+ from") for m in GAME.legal_moves(declined, 0))
    # accept: the train moves, the price goes into the seller's treasury
    offer = play(state, (0, "train 2+ from kp 80"))
    assert GAME.bot_move(offer, 1, rng) == Accept()  # face value: fair
    accepted = play(offer, (1, "accept"))
    assert accepted.corps["RG"].trains == ["2+"] and accepted.corps["KP"].trains == []
    assert (accepted.corps["RG"].cash, accepted.corps["KP"].cash) == (rg - 80, kp + 80)
    assert not isinstance(accepted.stack[-1], TrainOfferF)
    # the same president on both sides needs no consent
    state = _trade_table("bga")
    kp_corp = state.corps["KP"]
    kp_corp.held[0], kp_corp.held[1], kp_corp.president = kp_corp.held[1], 0, 0
    state = play(state, (0, "train 2+ from kp 1"))
    assert state.corps["RG"].trains == ["2+"] and state.corps["KP"].cash == kp + 1


# ---- R26: the metals' last payout (issue 21) ---------------------------------------------------------------------
def _last_or(ruleset: str) -> RGState:
    """The last OR of a set, its railroads done; Victor holds $350 at $280 (a payout that enters the red zone)."""
    state = operating(ruleset)
    hold(state, "VGC", {2: 30}, market=70)
    vgc = state.corps["VGC"]
    vgc.col = col_of(280) or 0
    pay(state, BANK, "VGC", 350 - vgc.cash)
    top = frame(state)
    state.or_num = state.ors_in_set
    top.index = len(top.order)
    return state


def _payouts(events: list[Any]) -> list[str]:
    return sorted(e.params["corp"] for e in events if e.kind == "metal_payout")


def test_ruling_R26_the_metals_pay_once_at_the_end_of_the_last_set() -> None:
    for ruleset in ("bga", "18xx"):
        # an end set earlier: the last set's settlement is the metals' last payout, once each, then the scoring
        state = _last_or(ruleset)
        state.corps["RG"].col = col_of(310) or 0
        red_zone(state, "RG", [])
        events: list[Any] = []
        end_operating_round(state, frame(state), events)
        assert state.finished and _payouts(events) == ["CF&I", "VGC"], ruleset
        assert GAME.invariants(state) == [], ruleset
    # bga: Victor's own payout enters the red zone ("任意公司股价抵达股票市场红色封顶区域 | 完成当前整套 SR+OR1+OR2
    # 后结算"): the set is complete, its settlement paid; the game ends without paying the metals again
    state = _last_or("bga")
    events = []
    end_operating_round(state, frame(state), events)
    assert state.finished and state.end_reason == "stock_market"
    assert _payouts(events) == ["CF&I", "VGC"]
    assert GAME.invariants(state) == []
    # 18xx: a metal's price does not end the game (R5); the next stock round begins
    state = _last_or("18xx")
    end_operating_round(state, frame(state), events := [])
    assert not state.finished and isinstance(state.stack[-1], StockF)
