"""Operating rounds, ends of sets and of the game, rule by rule (docs/rules/royal-gorge.md, R20-R45): each test
is named after the rule it checks. The five 18xx.games records replay through all of it in test_replay.py."""

from __future__ import annotations

from typing import Any

from games.core import Rng
from games.royal_gorge.ending import finish, trigger
from games.royal_gorge.game import GAME
from games.royal_gorge.holdings import BANK, col_of, pay, place, price
from games.royal_gorge.moves import BuyTrain, Run
from games.royal_gorge.operating import (
    auto_run,
    can_token,
    end_of_set,
    make_board,
    next_token_cost,
    take_from_depot,
    tokenable,
    treaty_of_boston,
)
from games.royal_gorge.state import OperatingF, RGState, StockF

from .test_stock import acting, play, refused, stock


def operating(ruleset: str = "18xx", rg: int = 80, kp: int = 70, **options: Any) -> RGState:
    """OR 1.1 of a 4-player table: seat 0 started RG, seat 1 KP; RG operates first."""
    state = play(stock(ruleset=ruleset, **options), (0, f"par rg {rg}"), (1, f"par kp {kp}"), (2, "pass"),
                 (3, "pass"), (0, "pass"), (1, "pass"))
    assert isinstance(state.stack[-1], OperatingF)
    return state


def frame(state: RGState) -> OperatingF:
    top = state.stack[-1]
    assert isinstance(top, OperatingF)
    return top


def now(state: RGState) -> str:
    top = frame(state)
    return top.order[top.index]


def give_trains(state: RGState, corp: str, *trains: str) -> None:
    for name in trains:
        state.corps[corp].trains.append(name)
        take_from_depot(state, name, [], bought=True)


# ---- R20-R22: order, acting railroad, privates' income -------------------------------------------------------
def test_rule_20_railroads_operate_by_price_then_arrival() -> None:
    state = operating(rg=70, kp=80)
    assert frame(state).order == ["KP", "RG"]
    state = operating(rg=70, kp=70)  # same space: RG got there first
    assert frame(state).order == ["RG", "KP"]


def test_rule_21_the_president_acts_for_the_railroad_named_in_every_prompt() -> None:
    state = operating()
    assert GAME.to_act(state) == frozenset({0}) and now(state) == "RG"
    assert GAME.acting_label(state, 0, "en") == "RG (Denver & Rio Grande Western)"
    assert "RG" in (GAME.prompt(state, 0, "en") or "") and "RG" in (GAME.prompt(state, 0, "zh") or "")
    assert state.corps["RG"].tokens == ["L2"]  # the home station, free


def test_rule_22_privates_pay_their_owners_at_the_start_of_each_operating_round() -> None:
    state = stock()
    state.privates["Y2"].owner, state.privates["Y2"].closed = 3, False
    cash = state.cash[3]
    state = play(state, (0, "par rg 80"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert state.round == "operating" and state.cash[3] == cash + 15


# ---- R23-R26: track and steel --------------------------------------------------------------------------------
def test_rule_23_each_lay_buys_the_cheapest_steel_cube_and_one_column_serves_a_colour_for_the_turn() -> None:
    state = operating()
    state = play(state, (0, "lay l4 9 r0"))
    assert state.steel["yellow"]["A"] == [30, 20, 10] and state.corps["CF&I"].cash == 50
    state = play(state, (0, "lay l6 8 r1"))  # the same column, next cube $10; L6 is a $10 mountain
    assert state.steel["yellow"]["A"] == [30, 20] and state.corps["CF&I"].cash == 60
    assert state.corps["RG"].cash == 160 - 20


def test_rule_24_the_first_tile_on_a_hex_pays_its_terrain_to_the_bank() -> None:
    state = operating()
    bank = state.bank
    state = play(state, (0, "lay l4 9 r0"), (0, "lay l6 8 r1"))
    assert state.bank == bank + 10  # the steel went to CF&I, the mountain to the bank


def test_rule_25_a_steel_choice_picks_the_column_and_cube_and_an_empty_column_costs_40() -> None:
    state = operating()
    state = play(state, (0, "steel c 30"), (0, "lay l4 9 r0"))
    assert state.steel["yellow"]["C"] == [20, 10, 0] and state.corps["CF&I"].cash == 80
    # after the dearest cube the next lay of the colour takes $40 (18xx.games)
    state = play(state, (0, "lay l6 8 r1"))
    assert state.corps["CF&I"].cash == 120 and state.steel["yellow"]["C"] == [20, 10, 0]
    assert refused(state, 0, "steel e 20") == "error.steel_column"  # green is not open in Yellow


def test_rule_26_up_to_six_lays_then_the_track_step_ends() -> None:
    state = operating()
    pay(state, BANK, "RG", 840)
    for lay in ("lay l4 9 r0", "lay l6 8 r1", "lay k7 57 r1", "lay j8 8 r2", "lay i7 5 r4", "lay j6 9 r1"):
        state = play(state, (0, lay))
    assert now(state) != "RG" or frame(state).step != "track"
    assert state.gold_cubes == {"J8": 1, "I7": 2}  # yellow on mine hexes puts gold there


def test_rule_26_a_lay_must_connect_and_fit() -> None:
    state = operating()
    assert refused(state, 0, "lay b4 9 r0") == "error.bad_lay"
    assert refused(state, 0, "lay l4 14 r0") == "error.bad_lay"  # green in Yellow


# ---- R27: stations -------------------------------------------------------------------------------------------
def test_rule_27_no_station_in_a_first_turn_then_40_60_80() -> None:
    state = operating()
    assert next_token_cost(state, "RG") == 40 and not can_token(state, "RG")
    state.corps["RG"].operated = True
    state = play(state, (0, "lay l4 9 r0"), (0, "lay l6 8 r1"), (0, "lay k7 57 r1"), (0, "pass"))
    assert frame(state).step == "token" and tokenable(state, make_board(state), "RG") == ["K7"]
    state = play(state, (0, "token k7"))
    assert state.corps["RG"].tokens == ["L2", "K7"] and next_token_cost(state, "RG") == 60
    assert state.tokens["K7"] == ["RG"]


# ---- R28-R31: running, gold, dividends -----------------------------------------------------------------------
def ran(state: RGState) -> RGState:
    """RG with two 2+ trains and track L2-L4-L6-K7, at its route step."""
    give_trains(state, "RG", "2+", "2+")
    return play(state, (0, "lay l4 9 r0"), (0, "lay l6 8 r1"), (0, "lay k7 57 r1"), (0, "pass"))


def test_rule_28_a_run_is_checked_and_run_auto_is_stored_as_explicit_routes() -> None:
    state = ran(operating())
    assert frame(state).step == "route"
    assert refused(state, 0, "run 2+ l2-l4-l6-k7-j8") == "error.bad_route"
    move = GAME.parse(state, 0, "run auto")
    assert isinstance(move, Run) and str(move) == "run 2+ l2-l4-l6-k7"
    assert move == auto_run(state, frame(state), "RG")
    state = play(state, (0, str(move)))
    assert frame(state).revenue == 50 and frame(state).step == "dividend"  # Denver $30 + Colorado Springs $20


def test_rule_29_one_gold_shipment_adds_50_and_raises_victors_dividend() -> None:
    state = operating()
    state.gold_cubes["L4"] = 1  # (no mine there: a cube put for the test)
    state = ran(state)
    state = play(state, (0, "run 2+ l2-l4-l6-k7"), (0, "ship l4"))
    assert frame(state).extra == 50 and state.gold_shipped == 1 and state.corps["VGC"].cash == 90
    assert "L4" not in state.gold_cubes
    assert refused(state, 0, "ship l4") == "error.no_gold"


def test_rule_30_payout_moves_right_by_revenue_over_price_and_withhold_one_left() -> None:
    state = ran(operating())
    state = play(state, (0, "run 2+ l2-l4-l6-k7"))
    before = state.cash[0]
    state = play(state, (0, "payout"))
    assert state.cash[0] == before + 10  # $50: $5 a share, 20 %
    assert price(state, "RG") == 80  # 50 < 80: no move
    state = ran(operating())
    state = play(state, (0, "run 2+ l2-l4-l6-k7"), (0, "withhold"))
    assert price(state, "RG") == 70 and state.corps["RG"].cash == 160 - 40 + 50  # lays cost $40


def test_rule_31_a_railroad_that_does_not_run_withholds_nothing_and_drops() -> None:
    state = operating()
    state = play(state, (0, "pass"))  # no train: no run, $0 withheld
    assert price(state, "RG") == 70


# ---- R32-R35: trains -----------------------------------------------------------------------------------------
def test_rule_32_a_railroad_without_a_train_must_buy_one() -> None:
    state = operating()
    state = play(state, (0, "pass"))
    assert frame(state).step == "train" and refused(state, 0, "pass") == "error.must_buy"
    state = play(state, (0, "train 2+"), (0, "train 2+"))
    assert state.corps["RG"].trains == ["2+", "2+"] and now(state) == "KP"  # at the limit the turn ends


def test_rule_32_under_bga_a_railroad_without_a_route_need_not_buy() -> None:
    state = operating("bga")
    state = play(state, (0, "pass"))
    assert frame(state).step == "train" or now(state) == "KP"
    if frame(state).step == "train" and now(state) == "RG":
        state = play(state, (0, "pass"))
    assert now(state) == "KP"


def test_rule_33_the_president_pays_what_the_treasury_lacks_for_the_cheapest_train() -> None:
    state = operating()
    pay(state, "RG", BANK, 150)  # RG has $10
    state = play(state, (0, "pass"))
    cash = state.cash[0]
    assert refused(state, 0, "train 2+ from kp 5") in ("error.no_such_train",)
    state = play(state, (0, "train 2+"))
    assert state.cash[0] == cash - 70 and state.corps["RG"].cash == 0


def test_rule_34_the_president_sells_shares_or_goes_bankrupt_when_he_cannot_pay() -> None:
    state = operating()
    pay(state, "RG", BANK, 160)
    pay(state, 0, BANK, state.cash[0])
    state = play(state, (0, "pass"))
    moves = [str(m) for m in GAME.legal_moves(state, 0)]
    assert "bankrupt" in moves  # RG's president holds nothing he may sell
    state = play(state, (0, "bankrupt"))
    assert state.finished and state.end_reason == "bankrupt" and GAME.outcome(state) is not None
    assert GAME.to_act(state) == frozenset()


def test_rule_35_trains_change_hands_between_connected_railroads_at_any_price() -> None:
    state = operating()
    give_trains(state, "KP", "2+")
    state = play(state, (0, "pass"))
    assert refused(state, 0, "train 2+ from kp 1") == "error.not_connected"
    assert state.corps["RG"].trains == []


# ---- R36-R38: privates, debt ---------------------------------------------------------------------------------
def test_rule_36_railroads_buy_privates_from_green_at_half_to_double_face() -> None:
    state = operating()
    state.privates["Y3"].owner, state.privates["Y3"].closed = 2, False
    assert refused(state, 0, "private y3 40") == "error.no_private_buys"
    state.phase = "green"
    assert refused(state, 0, "private y3 10") == "error.private_price"
    cash = state.cash[2]
    state = play(state, (0, "private y3 40"))
    assert state.privates["Y3"].owner == "RG" and state.cash[2] == cash + 40


def test_rule_37_the_treaty_of_boston_brings_debt_the_green_gorge_and_rgs_free_stations() -> None:
    state = operating()
    events: list[Any] = []
    treaty_of_boston(state, events)
    assert state.debt == {"RG": 4, "SF": 2} and state.creditor == {"RG": "SF", "SF": "bank"}
    assert {h: state.laid[h][0] for h in ("D12", "E13", "F12")} == {"D12": "RG-A", "E13": "RG-B", "F12": "RG-C"}
    assert state.corps["RG"].tokens == ["L2", "D12", "F12"] and state.tokens["F12"] == ["RG"]


def test_rule_38_a_debt_token_is_repaid_once_a_turn_at_the_debt_price() -> None:
    state = operating()
    treaty_of_boston(state, [])
    sf = state.corps["SF"].cash
    state = play(state, (0, "pay-debt rg"))
    assert state.debt["RG"] == 3 and state.corps["RG"].cash == 160 - 60 and state.corps["SF"].cash == sf + 60
    assert refused(state, 0, "pay-debt rg") == "error.debt_paid"


# ---- R39-R41: trains leaving the depot -----------------------------------------------------------------------
def test_rule_39_the_first_of_a_type_rusts_older_trains_with_salvage() -> None:
    state = operating()
    give_trains(state, "KP", "2+", "2+", "2+", "2+", "3+", "3+", "3+", "3+")
    cash = state.corps["KP"].cash
    state.corps["RG"].trains.append("4+")
    take_from_depot(state, "4+", [], bought=True)
    assert "2+" not in state.corps["KP"].trains and state.corps["KP"].cash == cash + 4 * 20
    assert state.phase == "green"


def test_rule_40_the_first_5_plus_closes_most_privates() -> None:
    state = operating()
    state.privates["Y3"].owner, state.privates["Y3"].closed = 2, False
    for name in ("2+",) * 4 + ("3+",) * 4 + ("4+",) * 3 + ("5+",):
        take_from_depot(state, name, [], bought=True)
    assert state.privates["Y3"].closed and state.phase == "brown"


def test_rule_41_the_export_takes_every_2_plus_left_then_one_train_a_set() -> None:
    state = operating()
    end_of_set(state, [])
    assert state.depot["2+"] == 0 and state.phase == "green"
    end_of_set(state, [])
    assert state.depot["3+"] == 3


# ---- R42-R45: the end of a set and of the game -------------------------------------------------------------
def test_rule_42_cfi_pays_out_all_its_cash_then_keeps_50_and_the_steel_refills() -> None:
    state = operating()
    state.corps["CF&I"].held[2], state.corps["CF&I"].market = 30, 70
    pay(state, BANK, "CF&I", 250)  # $300 in all
    state.steel["yellow"]["A"] = []
    cash = state.cash[2]
    end_of_set(state, [])
    assert state.cash[2] == cash + 90 and state.corps["CF&I"].cash == 50
    assert state.steel["yellow"]["A"] == [30, 20, 10, 0] and price(state, "CF&I") == 60  # 300 // 45 = 6 → 3


def test_rule_43_the_debt_marker_moves_per_or_in_18xx_and_per_set_in_bga() -> None:
    for ruleset, moves in (("18xx", 2), ("bga", 1)):
        state = operating(ruleset)
        treaty_of_boston(state, [])
        start = state.debt_col
        for _ in range(2):  # two operating rounds: every railroad passes through
            while state.round == "operating" and not state.finished:
                seat = acting(state)
                legal = [str(m) for m in GAME.legal_moves(state, seat)]
                move = next((m for m in ("pass", "run none", "withhold", "train 2+") if m in legal), legal[0])
                state = play(state, (seat, move))
            break
        assert state.debt_col - start == moves, ruleset


def test_rule_44_the_red_zone_ends_the_game_after_the_set_and_a_6x2_one_set_later() -> None:
    state = operating()
    place(state, state.corps["RG"], col_of(280) or 0)
    state.corps["RG"].col = 22
    trigger(state, "final_train", "one_more_full_or_set", [], extra=1)
    assert state.final_turn == state.turn + 1
    trigger(state, "stock_market", "full_or", [])
    assert state.final_turn == state.turn and state.end_reason == "stock_market"  # brought forward (R20)
    short = operating(shorter_game_end=True)
    for name in ("2+",) * 4 + ("3+",) * 4 + ("4+",) * 3 + ("5+",) * 2 + ("6x2",):
        take_from_depot(short, name, [], bought=True)
    assert short.final_turn == short.turn and short.end_reason == "final_train"


def test_rule_45_at_the_end_debt_lowers_prices_and_players_rank_by_net_worth() -> None:
    state = operating()
    treaty_of_boston(state, [])
    rg = state.corps["RG"].col
    finish(state, [])
    assert state.corps["RG"].col == rg - 8 and state.finished
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.standings) == 4
    assert outcome.standings[0].score >= outcome.standings[-1].score


# ---- whole games -----------------------------------------------------------------------------------------------
def test_bots_play_whole_games_to_an_end_by_the_rules_quickly() -> None:
    import time

    for seed in range(3):
        state = GAME.setup(2 + seed, {}, seed=seed)
        rng = Rng.from_seed(seed)
        started = time.process_time()
        moves = 0
        while GAME.to_act(state):
            (seat,) = sorted(GAME.to_act(state))[:1]
            state = GAME.apply(state, seat, GAME.bot_move(state, seat, rng)).state
            moves += 1
        assert GAME.outcome(state) is not None and state.end_reason in ("final_train", "stock_market", "bankrupt")
        assert time.process_time() - started < 4.0, "a bot game should take about a second of engine time"
        assert isinstance(state.stack, list) and not any(isinstance(f, StockF) for f in state.stack)


def test_every_seat_sees_what_a_spectator_sees() -> None:
    state = ran(operating())
    spectator = GAME.view(state, None)
    for seat in range(4):
        view = GAME.view(state, seat)
        view.viewer = None
        assert view == spectator
    assert spectator.laid["K7"] == ("57", 1) and spectator.tokens["L2"] == ["RG"]
    assert spectator.steel["A"] == [30] and GAME.secret_fields(state, 0) == {}


def test_lays_complete_token_by_token() -> None:
    state = operating()
    hexes = [o.token for o in GAME.choices(state, 0, ["lay"], "en")]
    assert "l4" in hexes
    tiles = [o.token for o in GAME.choices(state, 0, ["lay", "l4"], "en")]
    assert "9" in tiles
    rotations = [o.token for o in GAME.choices(state, 0, ["lay", "l4", "9"], "en")]
    assert "r0" in rotations
    assert any(o.token.startswith("lay l4 9") for o in GAME.complete(state, 0, "lay l4 9", "en"))
    assert isinstance(GAME.parse(state, 0, "train 2+"), BuyTrain)


# ---- R12: the cycle of rounds; more of R36 and R45 (the text's 游戏整体循环, 步骤7, 计分与获胜规则) -----------------
def test_rule_12_the_auction_once_then_stock_round_two_operating_rounds_and_the_set_end_in_a_loop() -> None:
    state = GAME.setup(4, {}, seed=3)
    rng = Rng.from_seed(3)
    seen: list[tuple[str, int, int]] = []
    while GAME.to_act(state) and state.turn <= 3:
        key = (state.round, state.turn, state.or_num if state.round == "operating" else 0)
        if not seen or seen[-1] != key:
            seen.append(key)
        (seat,) = sorted(GAME.to_act(state))[:1]
        state = GAME.apply(state, seat, GAME.bot_move(state, seat, rng)).state
    assert seen[0][0] == "auction" and [k[0] for k in seen].count("auction") == 1
    assert seen[1:7] == [("stock", 1, 0), ("operating", 1, 1), ("operating", 1, 2),
                         ("stock", 2, 0), ("operating", 2, 1), ("operating", 2, 2)]


def test_rule_36_only_privates_marked_for_railroads_may_be_bought() -> None:
    state = operating()
    state.phase = "green"
    state.privates["G5"].owner, state.privates["G5"].closed = 2, False  # G5 Metals Investor: no train icon
    assert refused(state, 0, "private g5 30") == "error.not_for_sale"


def test_rule_45_company_treasuries_do_not_count_and_equal_net_worths_share_a_place() -> None:
    state = operating()
    pay(state, BANK, "RG", 500)  # a rich treasury adds nothing to its president's score
    finish(state, [])
    outcome = GAME.outcome(state)
    assert outcome is not None
    scores = {s.seat: (s.rank, s.score) for s in outcome.standings}
    assert scores[0][1] == state.cash[0] + 2 * price(state, "RG")
    assert scores[2] == scores[3] and scores[2][0] == 1  # $600 each, nothing else: they share first place
