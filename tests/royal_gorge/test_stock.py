"""Stock rounds of 18 Royal Gorge, rule by rule (games/royal_gorge/stock.py; 18rg.md §1, §4, §4.1, §11, the
rules text's 股票轮), and the opening of the first operating round."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from games.core import CORE_CATALOG as CORE
from games.core import GameError, IllegalMove, MalformedMove, NotYourTurn, Rng
from games.core.menu import MENU_LIMIT
from games.royal_gorge.game import GAME
from games.royal_gorge.holdings import certificates, col_of, net_worth, place, price
from games.royal_gorge.moves import Buy, Par, Pass, Sell
from games.royal_gorge.state import MARKET, TREASURY, AuctionF, OperatingF, RGState, StockF

RAILROADS = ["kp", "rg", "sf", "no", "fcc"]  # Yellow tranche: KP and RG
PRIVATES = ["y3", "y2", "g5", "g1", "b6"]


def stock(players: int = 4, ruleset: str = "18xx", turn: int = 1, **options: Any) -> RGState:
    """A table at the start of stock round ``turn``: every lot passed out, seat 0 has priority."""
    opts: dict[str, Any] = {"ruleset": ruleset, "railroads": RAILROADS, "privates": PRIVATES, **options}
    state = GAME.setup(players, opts, seed=1)
    while isinstance(state.stack[-1], AuctionF):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, "pass").state
    state.turn = turn
    assert frame(state).current == 0
    return state


def frame(state: RGState) -> StockF:
    top = state.stack[-1]
    assert isinstance(top, StockF)
    return top


def hold(state: RGState, corp: str, holdings: dict[int, int], at: int = 70, market: int = 0) -> None:
    """Set a company up directly: started at price ``at`` (railroads), ``holdings`` per seat, ``market`` %
    in the open market; the largest holder (first listed on a tie) is president. No money moves."""
    c = state.corps[corp]
    if c.kind == "rail":
        col = col_of(at)
        assert col is not None
        c.par_col, c.floated = col, True
        place(state, c, col)
    source = c.market - market if c.kind == "metal" else None
    for seat, percent in holdings.items():
        c.held[seat] += percent
    if c.kind == "rail":
        c.treasury -= sum(holdings.values()) + market
        c.market += market
    else:
        assert source is not None
        c.market = market
        assert c.market + sum(c.held) == 100
    top = max(c.held)
    c.president = next(s for s in holdings if c.held[s] == top) if top else -1


def give_private(state: RGState, private: str, seat: int) -> None:
    """Hand ``seat`` a private (the lots were passed out, so it is back in play)."""
    state.privates[private].owner, state.privates[private].closed = seat, False


def play(state: RGState, *moves: tuple[int, str]) -> RGState:
    for seat, text in moves:
        state = GAME.apply(state, seat, text).state
        assert GAME.invariants(state) == [], GAME.invariants(state)
    return state


def refused(state: RGState, seat: int, text: str, error: type[GameError] = IllegalMove) -> str:
    before = GAME.dumps(state)
    with pytest.raises(error) as caught:
        GAME.apply(state, seat, text)
    assert GAME.dumps(state) == before
    return caught.value.key


def acting(state: RGState) -> int:
    (seat,) = GAME.to_act(state)
    return seat


# ---- starting a railroad --------------------------------------------------------------------------------------
def test_rule_5_par_buys_the_presidents_20_percent_for_twice_par_into_the_treasury() -> None:
    state = play(stock(), (0, "par rg 70"))
    rg = state.corps["RG"]
    assert rg.held[0] == 20 and rg.treasury == 80 and rg.president == 0 and rg.floated
    assert rg.cash == 140 and state.cash[0] == 260 and price(state, "RG") == 70
    assert acting(state) == 1  # a start ends the turn


def test_par_values_are_the_phases_and_cost_twice_par_in_cash() -> None:
    state = stock()
    assert refused(state, 0, "par rg 90") == "error.par_value"  # a Green par value
    assert refused(state, 0, "par rg 75") == "error.par_value"
    state.bank += state.cash[0] - 150
    state.cash[0] = 150
    assert refused(state, 0, "par rg 80") == "error.par_cash"
    assert [str(m) for m in GAME.legal_moves(state, 0) if isinstance(m, Par) and m.corp == "RG"] == \
        ["par rg 60", "par rg 65", "par rg 70"]


def test_rule_5_only_the_railroads_of_open_tranches_may_be_started() -> None:
    state = stock()
    assert refused(state, 0, "par sf 70") == "error.not_yet"  # SF is in the Green tranche here
    state.phase = "green"
    state = play(state, (0, "par sf 90"))
    assert refused(state, 1, "par fcc 90") == "error.not_yet"  # FCC opens in Brown


def test_a_started_railroad_cannot_be_started_again_and_metals_are_never_started() -> None:
    state = play(stock(), (0, "par rg 70"))
    assert refused(state, 1, "par rg 70") == "error.already_started"
    assert refused(state, 1, "par cfi 60") == "error.not_in_game"


# ---- buying ------------------------------------------------------------------------------------------------------
def test_rule_6_a_treasury_share_pays_the_railroad_incremental_capitalisation() -> None:
    state = play(stock(), (0, "par rg 70"), (1, "buy rg"))
    assert state.corps["RG"].cash == 210 and state.cash[1] == 330 and state.corps["RG"].held[1] == 10


def test_rule_6_a_market_share_pays_the_bank() -> None:
    state = stock(turn=2)
    hold(state, "RG", {0: 20, 1: 10}, market=10)
    state = play(state, (0, "buy rg market"))
    assert state.corps["RG"].cash == 0 and state.bank == 70 and state.corps["RG"].market == 0


def test_treasury_shares_cost_the_current_market_price_not_par() -> None:
    state = stock()
    hold(state, "RG", {1: 20}, at=70)
    state.corps["RG"].col = col_of(100) or 0
    state = play(state, (0, "buy rg"))
    assert state.cash[0] == 300 and state.corps["RG"].cash == 100


def test_metal_shares_all_start_in_the_market_at_45() -> None:
    state = stock()
    for metal in ("CF&I", "VGC"):
        corp = state.corps[metal]
        assert corp.market == 100 and corp.treasury == 0 and price(state, metal) == 45 and corp.cash == 50
    state = play(state, (0, "buy cfi market"))
    assert state.corps["CF&I"].held[0] == 10 and state.corps["CF&I"].president == 0 and state.bank == 45


def test_rule_6_one_purchase_ends_the_turn() -> None:
    state = play(stock(), (0, "buy cfi market"))
    assert acting(state) == 1
    assert refused(state, 0, "buy cfi market", NotYourTurn) == "error.not_your_turn"


def test_rule_7_a_player_may_hold_at_most_60_percent_of_a_company() -> None:
    state = stock()
    hold(state, "CF&I", {0: 60}, market=40)
    assert refused(state, 0, "buy cfi market") == "error.holding_cap"


def test_with_two_players_the_cap_is_70_percent() -> None:
    state = stock(players=2)
    hold(state, "CF&I", {0: 60}, market=40)
    state = play(state, (0, "buy cfi market"))
    assert state.corps["CF&I"].held[0] == 70


@pytest.mark.parametrize(("ruleset", "limit"), [("18xx", 10), ("bga", 12)])
def test_rule_7_the_four_player_certificate_limit_depends_on_the_ruleset(ruleset: str, limit: int) -> None:
    state = stock(ruleset=ruleset)
    hold(state, "CF&I", {0: 50}, market=50)
    hold(state, "VGC", {0: limit * 10 - 50 - 10}, market=100 - (limit * 10 - 60))
    give_private(state, "Y3", 0)
    assert certificates(state, 0) == limit
    assert refused(state, 0, "buy cfi market") == "error.cert_limit"


def test_the_presidents_certificate_counts_once_and_privates_count() -> None:
    state = play(stock(), (0, "par rg 70"))
    give_private(state, "Y3", 0)
    assert certificates(state, 0) == 2  # RG 20 % is one certificate, plus Y3


def test_rule_9_whoever_holds_more_than_the_president_takes_over_at_once() -> None:
    state = stock()
    hold(state, "RG", {0: 20, 1: 20})
    state.corps["RG"].president = 0
    frame(state).current = 1
    state = play(state, (1, "buy rg"))
    assert state.corps["RG"].president == 1


# ---- selling ---------------------------------------------------------------------------------------------------------
def test_rule_8_nobody_may_sell_in_the_first_stock_round() -> None:
    state = stock(turn=1)
    hold(state, "CF&I", {0: 20}, market=80)
    assert refused(state, 0, "sell cfi 1") == "error.no_first_round_sales"


def test_a_sale_pays_the_market_price_and_the_turn_goes_on() -> None:
    state = stock(turn=2)
    hold(state, "CF&I", {0: 20}, market=80)
    state = play(state, (0, "sell cfi 2"))
    assert state.cash[0] == 490 and state.corps["CF&I"].market == 100 and acting(state) == 0


def test_rule_8_sell_before_buy() -> None:
    state = stock(turn=2)
    hold(state, "CF&I", {0: 20}, market=80)
    state.stack[-1] = StockF(current=0, sold=[[] for _ in range(4)], bought=True, acted=True)
    assert refused(state, 0, "sell cfi 1") == "error.sell_before_buy"


def test_a_companys_shares_are_sold_in_one_block_per_turn() -> None:
    state = stock(turn=2)
    hold(state, "CF&I", {0: 30}, market=70)
    state = play(state, (0, "sell cfi 1"))
    assert refused(state, 0, "sell cfi 1") == "error.sell_in_blocks"


def test_rule_8_a_company_sold_this_round_cannot_be_bought_back_until_the_next() -> None:
    state = stock(turn=2)
    hold(state, "CF&I", {0: 30}, market=70)
    state = play(state, (0, "sell cfi 1"), (0, "pass"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert acting(state) == 0
    assert refused(state, 0, "buy cfi market") == "error.sold_this_round"


def test_at_most_half_a_railroad_may_lie_in_the_market_but_all_of_a_metal() -> None:
    state = stock(turn=2)
    hold(state, "RG", {1: 20, 0: 30}, market=30)
    assert refused(state, 0, "sell rg 3") == "error.market_full"
    state = play(state, (0, "sell rg 2"))
    assert state.corps["RG"].market == 50
    hold(state, "CF&I", {1: 20}, market=80)
    frame(state).current = 1
    state = play(state, (1, "sell cfi 2"))
    assert state.corps["CF&I"].market == 100


def test_rule_8_a_presidents_sale_moves_the_price_one_space_left_per_share() -> None:
    """18xx.games (bankrupt i=209: 50 % sold, KP 110 → 65) and the rules text agree: per share."""
    state = stock(turn=2)
    hold(state, "RG", {0: 50, 1: 30}, at=110)
    state = play(state, (0, "sell rg 3"))
    assert price(state, "RG") == 80 and state.cash[0] == 730


def test_a_sale_by_another_player_does_not_move_the_price() -> None:
    state = stock(turn=2)
    hold(state, "RG", {1: 40, 0: 20}, at=110)
    state = play(state, (0, "sell rg 2"))
    assert price(state, "RG") == 110


def test_metal_prices_never_move_on_a_sale() -> None:
    state = stock(turn=2)
    hold(state, "VGC", {0: 30}, market=70)
    state = play(state, (0, "sell vgc 3"))
    assert price(state, "VGC") == 45


def test_a_president_may_drop_below_20_only_if_another_player_holds_20() -> None:
    state = stock(turn=2)
    hold(state, "RG", {0: 30, 1: 10})
    assert refused(state, 0, "sell rg 2") == "error.president_cert"
    state = play(state, (0, "sell rg 1"))
    assert state.corps["RG"].president == 0


def test_the_presidency_passes_to_the_largest_holder_soonest_after_the_old_president() -> None:
    state = stock(turn=2)
    hold(state, "RG", {1: 40, 3: 30, 0: 30})
    frame(state).current = 1
    state = play(state, (1, "sell rg 4"))
    assert state.corps["RG"].president == 3  # seats 3 and 0 tie; after seat 1 come 2, 3, 0


def test_a_tie_with_the_president_keeps_the_president() -> None:
    state = stock(turn=2)
    hold(state, "RG", {0: 40, 1: 30})
    state = play(state, (0, "sell rg 1"))
    assert state.corps["RG"].president == 0


def test_a_metal_sold_off_entirely_has_no_president_until_someone_buys() -> None:
    """bankrupt i=107 (VGC) and i=331."""
    state = stock(turn=2)
    hold(state, "VGC", {0: 10}, market=90)
    state = play(state, (0, "sell vgc 1"))
    assert state.corps["VGC"].president == -1
    state = play(state, (0, "pass"), (1, "buy vgc market"))
    assert state.corps["VGC"].president == 1


def test_a_metal_presidency_follows_the_largest_holder() -> None:
    """endgame_triggered i=349: VGC 40/30 → the 40 % holder becomes president."""
    state = stock(turn=2)
    hold(state, "VGC", {0: 40, 1: 40}, market=20)
    state = play(state, (0, "sell vgc 1"))
    assert state.corps["VGC"].president == 1


# ---- privates with share powers ------------------------------------------------------------------------------------
def test_rule_11_b6_mint_worker_buys_two_vgc_at_half_price_rounded_up_and_closes() -> None:
    """stock_market i=26: two VGC at $45 for $45 in all."""
    state = stock()
    give_private(state, "B6", 0)
    state = play(state, (0, "buy vgc 2 market with b6"))
    assert state.corps["VGC"].held[0] == 20 and state.cash[0] == 355
    assert state.privates["B6"].closed and state.privates["B6"].owner is None
    state = play(state, (1, "pass"), (2, "pass"), (3, "pass"))
    assert refused(state, 0, "buy vgc market with b6") == "error.not_owner"


def test_b6_buys_one_vgc_for_half_the_price_rounded_up() -> None:
    state = stock()
    give_private(state, "B6", 0)
    state = play(state, (0, "buy vgc market with b6"))
    assert state.cash[0] == 377  # 45 / 2 = 22.5 → 23
    assert refused(stock(), 0, "buy vgc market with b6") == "error.not_owner"


def test_rule_11_g5_metals_investor_buys_a_metal_one_step_cheaper_once_a_round_and_keeps_it() -> None:
    state = stock(turn=2)
    give_private(state, "G5", 0)
    state = play(state, (0, "buy cfi market with g5"))
    assert state.cash[0] == 360 and state.corps["CF&I"].held[0] == 10  # $40: one space left of $45
    state = play(state, (1, "pass"), (2, "pass"), (3, "pass"))
    assert refused(state, 0, "buy cfi market with g5") == "error.power_used"
    assert refused(state, 0, "sell cfi 1") == "error.investor_hold"
    state = play(state, (0, "buy vgc market with g5"))
    assert state.corps["VGC"].held[0] == 10


def test_powers_need_the_right_company_and_the_market() -> None:
    state = stock()
    give_private(state, "B6", 0)
    give_private(state, "G5", 0)
    assert refused(state, 0, "buy cfi market with b6") == "error.power_corp"
    assert refused(state, 0, "buy vgc 3 market with b6") == "error.power_count"
    assert refused(state, 0, "buy cfi market with y3") == "error.no_power"


# ---- the round's end, priority and the first operating round ---------------------------------------------------
def test_rule_10_the_round_ends_only_when_everyone_has_passed_in_a_row() -> None:
    state = play(stock(), (0, "pass"), (1, "pass"), (2, "buy cfi market"), (3, "pass"), (0, "pass"), (1, "pass"))
    assert state.round == "stock" and acting(state) == 2
    state = play(state, (2, "pass"))
    # nobody started a railroad: the operating rounds pass at once, the set ends (all 2+ exported: Green)
    assert state.round == "stock" and state.turn == 2 and state.phase == "green"


def test_a_pass_after_selling_ends_the_turn_without_counting_as_a_pass() -> None:
    state = stock(turn=2)
    hold(state, "CF&I", {0: 20}, market=80)
    state = play(state, (0, "sell cfi 1"), (0, "pass"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert state.round == "stock" and acting(state) == 0
    assert GAME.move_label(state, 0, Pass(), "en") == "Pass"


def test_players_with_nothing_they_could_do_pass_by_themselves() -> None:
    """stock_market i=35-36: a player with $5 and no shares is skipped in the first stock round."""
    state = stock()
    state.bank += state.cash[1] - 5
    state.cash[1] = 5
    state = play(state, (0, "pass"))
    assert acting(state) == 2
    state = play(state, (2, "pass"), (3, "pass"))
    assert state.turn == 2 and state.round == "stock"


def test_rule_10_priority_goes_to_the_player_after_the_last_to_buy_start_or_sell() -> None:
    state = play(stock(), (0, "par rg 70"), (1, "buy rg"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass"))
    assert state.order == [2, 3, 0, 1]


def test_with_nothing_bought_priority_stays() -> None:
    state = play(stock(), (0, "pass"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert state.order == [0, 1, 2, 3]


def test_rule_10_a_company_sold_out_at_the_end_of_the_round_rises_a_space() -> None:
    """bankrupt i=58: CF&I all in players' hands, 45 → 50."""
    state = stock(turn=2)
    hold(state, "CF&I", {0: 60, 1: 40})
    hold(state, "RG", {0: 20, 1: 60, 2: 20}, at=70)
    state = play(state, (0, "pass"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert price(state, "CF&I") == 50 and price(state, "RG") == 80


def test_the_first_operating_round_pays_the_privates_and_the_top_railroad_lays_its_home_station() -> None:
    state = stock()
    give_private(state, "Y2", 1)
    state = play(state, (0, "par rg 65"), (1, "par kp 70"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass"))
    top = state.stack[-1]
    assert isinstance(top, OperatingF) and top.order == ["KP", "RG"]
    assert state.cash[1] == 400 - 140 + 15 and state.corps["KP"].tokens == ["O5"]
    assert state.corps["RG"].tokens == []
    assert GAME.to_act(state) == frozenset({1})
    assert GAME.acting_label(state, 1, "en") == "KP (Kansas Pacific Railway)"
    assert GAME.prompt(state, 1, "zh") == "为 KP (堪萨斯太平洋铁路) 铺轨（最多 6 次），或 Pass"


def test_railroads_at_the_same_price_operate_in_the_order_they_got_there() -> None:
    """stock_market i=36: PAV and RG both at $80, PAV started first and operates first."""
    state = play(stock(), (0, "par rg 70"), (1, "par kp 70"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass"))
    top = state.stack[-1]
    assert isinstance(top, OperatingF) and top.order == ["RG", "KP"]


# ---- notation, labels, menus, whole rounds ----------------------------------------------------------------------
@pytest.mark.parametrize(("text", "move"), [
    ("par pav 80", Par("PAV", 80)), ("buy pav treasury", Buy("PAV")), ("buy pav market", Buy("PAV", 1, True)),
    ("buy cfi market", Buy("CF&I", 1, True)), ("buy vgc 2 with b6 market", Buy("VGC", 2, True, "B6")),
    ("sell vgc 3", Sell("VGC", 3)), ("pass", Pass())])
def test_notation_is_the_records_and_reads_back(text: str, move: Any) -> None:
    assert str(move) == text
    assert GAME.parse(stock(), 0, text) == move


def test_other_spellings_read_as_the_same_moves() -> None:
    state = stock()
    assert GAME.parse(state, 0, "buy CF&I") == Buy("CF&I", 1, True)  # metals are always bought from the market
    assert GAME.parse(state, 0, "买 rg") == Buy("RG")
    assert GAME.parse(state, 0, "卖 vgc") == Sell("VGC", 1)


@pytest.mark.parametrize("text", ["buy", "buy zz", "buy rg many", "sell rg x", "par rg", "buy vgc market with zz"])
def test_malformed_share_moves_say_what_is_wrong(text: str) -> None:
    key = refused(stock(), 0, text, MalformedMove)
    assert GAME.catalog.has(key)


def test_share_labels_in_english_and_chinese() -> None:
    state = play(stock(), (0, "par rg 70"))
    assert GAME.move_label(state, 1, Buy("RG"), "en") == \
        "Buy a share of RG (Denver & Rio Grande Western) from its treasury for $70"
    assert GAME.move_label(state, 1, Buy("CF&I", 1, True), "zh") == \
        "从市场买入 CF&I (科罗拉多燃料钢铁公司) 一股，支付 $45"
    assert GAME.move_label(state, 1, Par("KP", 65), "en") == "Start KP (Kansas Pacific Railway) at $65 (pay $130)"
    assert GAME.prompt(state, 1, "en") == "buy a share or start a railroad, or pass"


def test_the_menu_offers_the_legal_moves_token_by_token() -> None:
    state = play(stock(), (0, "par rg 70"))
    root = [o.token for o in GAME.choices(state, 1, [], "en")]
    assert set(root) == {"par", "buy", "pass"}
    walked: list[str] = []

    def walk(path: list[str]) -> None:
        for option in GAME.choices(state, 1, path, "en"):
            if option.final:
                walked.append(" ".join([*path, option.token]))
            if option.count > 1 or not option.final:
                walk([*path, option.token])

    walk([])
    assert sorted(walked) == sorted(str(m) for m in GAME.legal_moves(state, 1))
    assert len(GAME.choices(state, 1, ["buy"], "en")) <= MENU_LIMIT
    assert [o.token for o in GAME.complete(state, 1, "buy r", "en")] == ["buy rg"]


@pytest.mark.parametrize("seed", range(30))
def test_random_play_through_the_auction_and_first_stock_round_keeps_the_invariants(seed: int) -> None:
    """Money conserved, 100 % per company, presidents holding their certificate, every move's notation
    reading back, in random games up to the first operating round, in both rulesets."""
    players = 2 + seed % 3
    state = GAME.setup(players, {"ruleset": ("bga", "18xx")[seed % 2]}, seed=seed)
    rng = Rng.from_seed(seed)
    for _ in range(400):
        if state.round == "operating":
            break
        (seat,) = GAME.to_act(state)
        move = GAME.random_move(state, seat, rng)
        assert GAME.parse(state, seat, str(move)) == move
        assert GAME.decode_move(GAME.encode_move(move)) == move
        applied = GAME.apply(state, seat, move)
        assert GAME.dumps(GAME.replay(GAME.copy(state), seat, move)) == GAME.dumps(applied.state)
        state = applied.state
        assert GAME.invariants(state) == []
        for event in applied.events:
            for lang in ("en", "zh"):
                assert GAME.catalog.messages[lang].get(f"event.{event.kind}") or event.kind == "auto_passed"
                assert "{" not in GAME.describe(event, lang), (event, lang)
        assert all(GAME.move_label(state, s, m, "zh") for s in GAME.to_act(state) for m in GAME.legal_moves(state, s))
    assert state.round == "operating"
    assert GAME.summarize(GAME.view(state, None), "en") and GAME.summarize(GAME.view(state, 0), "zh")


def test_force_end_ranks_by_net_worth() -> None:
    state = play(stock(), (0, "par rg 80"))
    give_private(state, "Y3", 2)
    assert net_worth(state, 2) == 440
    outcome = GAME.force_end(state)
    assert outcome.standings[0].seat == 2 and outcome.standings[0].score == 440


def test_sources_of_shares_are_named_in_events() -> None:
    applied = GAME.apply(play(stock(), (0, "par rg 70")), 1, "buy rg")
    assert any(e.kind == "bought" and e.params["source"] == TREASURY for e in applied.events)
    applied = GAME.apply(stock(), 0, "buy cfi market")
    assert any(e.kind == "bought" and e.params["source"] == MARKET for e in applied.events)
    assert "the market" in GAME.describe(next(e for e in applied.events if e.kind == "bought"), "en")


def test_every_message_key_the_engine_uses_is_worded_in_english_and_chinese() -> None:
    """Errors and events named anywhere in the engine's modules, and the labels and prompts of text.py."""
    root = Path(__file__).parents[2] / "games" / "royal_gorge"
    keys: set[str] = set()
    for path in root.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r"\"(error\.[a-z_]+)\"", source))
        keys |= {f"event.{k}" for k in re.findall(r"Event\(\"([a-z_]+)\"", source)}
    keys |= {f"label.{k}" for k in ("bid", "pass_lot", "pass", "done", "par", "buy_treasury", "buy_market",
                                    "buy_with", "sell")}
    keys |= {f"prompt.{k}" for k in ("bid", "raise", "stock_buy", "stock", "stock_more", "stock_more_buy", "operate")}
    assert len(keys) > 60
    for lang in ("en", "zh"):
        missing = sorted(k for k in keys if k not in GAME.catalog.messages[lang] and not CORE.has(k))
        assert missing == [], (lang, missing)
