"""The private auction of 18 Royal Gorge, rule by rule (games/royal_gorge/auction.py; 18rg.md §13, the rules
text's 私人资产拍卖), in both rulesets where they differ."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import BadOptions, GameError, IllegalMove, MalformedMove, NotYourTurn
from games.royal_gorge.content import content
from games.royal_gorge.game import GAME
from games.royal_gorge.moves import Bid, Pass
from games.royal_gorge.state import AuctionF, RGState, StockF

RAILROADS = ["kp", "rg", "sf", "no", "fcc"]
PRIVATES = ["y3", "y2", "g6", "g1", "b2"]  # lots: Y3 40, Y2 45, G6 10, G1 55, B2 50


def table(players: int = 4, ruleset: str = "18xx", **options: Any) -> RGState:
    opts: dict[str, Any] = {"ruleset": ruleset, "railroads": RAILROADS, "privates": PRIVATES, **options}
    return GAME.setup(players, opts, seed=1)


def play(state: RGState, *moves: tuple[int, str]) -> RGState:
    for seat, text in moves:
        state = GAME.apply(state, seat, text).state
        assert GAME.invariants(state) == []
    return state


def set_cash(state: RGState, seat: int, amount: int) -> None:
    """Give ``seat`` exactly ``amount``, the difference going to or from the bank (money stays conserved)."""
    state.bank += state.cash[seat] - amount
    state.cash[seat] = amount


def auction(state: RGState) -> AuctionF:
    top = state.stack[-1]
    assert isinstance(top, AuctionF)
    return top


def acting(state: RGState) -> int:
    (seat,) = GAME.to_act(state)
    return seat


def refused(state: RGState, seat: int, text: str, error: type[GameError] = IllegalMove) -> str:
    before = GAME.dumps(state)
    with pytest.raises(error) as caught:
        GAME.apply(state, seat, text)
    assert GAME.dumps(state) == before
    return caught.value.key


# ---- the lots ----------------------------------------------------------------------------------------------
def test_rule_1_lots_come_yellow_then_green_then_brown_each_colour_by_face_value() -> None:
    state = table(privates=["b2", "g1", "y2", "g6", "y3"])
    assert auction(state).lots == ["Y3", "Y2", "G6", "G1", "B2"]


@pytest.mark.parametrize("seed", range(12))
def test_rule_1_a_seeded_draw_takes_rg_sf_three_railroads_and_two_yellow_two_green_one_brown(seed: int) -> None:
    state = GAME.setup(3, {}, seed=seed)
    c = content()
    assert {"RG", "SF"} <= set(state.railroads) and len(set(state.railroads)) == 5
    assert state.railroads == sorted(state.railroads, key=lambda r: c.railroads[r].founded)
    assert [state.corps[r].tranche for r in state.railroads] == [0, 0, 1, 1, 2]
    pools = [c.privates[p].pool for p in state.privates]
    assert pools == ["yellow", "yellow", "green", "green", "brown"]
    assert all(c.privates[p].enabled for p in state.privates)


def test_the_same_seed_draws_the_same_game_and_named_draws_are_kept() -> None:
    assert GAME.dumps(GAME.setup(4, {}, seed=9)) == GAME.dumps(GAME.setup(4, {}, seed=9))
    state = table()
    assert state.railroads == ["KP", "RG", "SF", "NO", "FCC"]


@pytest.mark.parametrize("options", [{"railroads": ["rg", "kp", "no", "fcc", "pav"]},
                                     {"railroads": ["rg", "sf", "kp"]},
                                     {"privates": ["y1", "y2", "y3", "g1", "b1"]},
                                     {"privates": ["y1", "y2", "g1", "g2"]},
                                     {"railroads": ["rg", "sf", "kp", "no", "xx"]}])
def test_named_draws_must_be_a_whole_legal_draw(options: dict[str, Any]) -> None:
    with pytest.raises(BadOptions):
        GAME.setup(4, options, seed=1)


def test_rule_1_starting_cash_is_by_player_count() -> None:
    assert table(2).cash == [800, 800]
    assert table(3).cash == [550] * 3
    assert table(4).cash == [400] * 4


# ---- bidding -----------------------------------------------------------------------------------------------
def test_rule_2_the_first_bid_is_at_least_the_face_value() -> None:
    state = table()
    assert refused(state, 0, "bid y3 35") == "error.bid_low"
    state = play(state, (0, "bid y3 40"))
    assert auction(state).price == 40 and auction(state).high == 0


def test_rule_2_a_raise_is_at_least_five_dollars_and_may_be_any_amount_above() -> None:
    state = play(table(), (0, "bid y3 40"))
    assert refused(state, 1, "bid y3 44") == "error.bid_low"
    state = play(state, (1, "bid y3 47"))
    assert auction(state).price == 47


def test_a_bid_cannot_exceed_the_bidders_cash() -> None:
    assert refused(table(), 0, "bid y3 401") == "error.bid_cash"


def test_only_the_lot_on_offer_may_be_bid_on() -> None:
    assert refused(table(), 0, "bid g1 60") == "error.not_on_offer"


def test_rule_2_bidding_goes_round_the_table_and_a_pass_after_a_bid_leaves_the_lot() -> None:
    state = play(table(), (0, "bid y3 40"), (1, "pass"), (2, "bid y3 45"), (3, "pass"))
    assert acting(state) == 0
    state = play(state, (0, "bid y3 50"))
    assert acting(state) == 2  # seat 1 left the lot
    assert refused(state, 1, "bid y3 55", NotYourTurn) == "error.not_your_turn"


def test_rule_2_the_last_bidder_left_pays_the_bank_and_takes_the_private() -> None:
    state = play(table(), (0, "bid y3 40"), (1, "bid y3 45"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert state.privates["Y3"].owner == 1 and state.cash[1] == 355 and state.bank == 45
    assert auction(state).lots[0] == "Y2"


def test_rule_3_the_next_lot_opens_with_the_player_after_the_winner() -> None:
    state = play(table(), (0, "bid y3 40"), (1, "bid y3 45"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert acting(state) == 2


def test_bga_a_player_left_alone_on_an_unbid_lot_may_still_take_it() -> None:
    state = play(table(ruleset="bga"), (0, "pass"), (1, "pass"), (2, "pass"))
    assert acting(state) == 3
    state = play(state, (3, "bid y3 40"))
    assert state.privates["Y3"].owner == 3 and state.cash[3] == 360


@pytest.mark.parametrize("ruleset", ["18xx", "bga"])
def test_rule_3_a_lot_nobody_bids_on_leaves_the_game(ruleset: str) -> None:
    state = play(table(ruleset=ruleset), (0, "pass"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert state.privates["Y3"].owner is None and state.privates["Y3"].closed
    assert auction(state).lots[0] == "Y2"


def test_after_a_lot_leaves_the_game_the_next_opens_with_the_same_player() -> None:
    """stock_market i=2-4: Y2 removed, G6 opens with the player who opened Y2."""
    state = play(table(), (0, "bid y3 40"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert acting(state) == 1
    state = play(state, (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert auction(state).lots[0] == "G6" and acting(state) == 1


def test_a_player_who_cannot_pay_the_next_bid_drops_out_of_the_lot() -> None:
    state = table(2)
    set_cash(state, 1, 44)
    state = play(state, (0, "bid y3 40"))
    assert state.privates["Y3"].owner == 0  # seat 1 cannot pay $45


def test_a_player_who_cannot_pay_the_face_value_is_not_offered_the_lot() -> None:
    state = table(3)
    set_cash(state, 0, 30)
    state = play(state, (0, "pass"), (1, "pass"), (2, "pass"))  # Y3 leaves the game; Y2 ($45) opens
    assert auction(state).lots[0] == "Y2" and auction(state).active == [1, 2]
    assert acting(state) == 1


def test_g6_coal_depot_gets_a_coal_cube_per_ten_dollars_of_the_winning_bid() -> None:
    state = play(table(2, privates=["y3", "y2", "g6", "g1", "b2"]), (0, "pass"), (1, "pass"), (0, "pass"),
                 (1, "pass"), (0, "bid g6 37"), (1, "pass"))
    assert state.privates["G6"].owner == 0 and state.privates["G6"].cubes == 3


def test_y4_william_palmer_brings_a_share_of_rg_and_a_share_of_cfi() -> None:
    state = play(table(2, privates=["y4", "y3", "g6", "g1", "b2"]), (0, "pass"), (1, "pass"),
                 (0, "pass"), (1, "bid y4 75"), (0, "pass"))
    assert state.corps["RG"].held[1] == 10 and state.corps["RG"].treasury == 90
    assert state.corps["CF&I"].held[1] == 10 and state.corps["CF&I"].market == 90
    assert state.corps["CF&I"].president == 1 and state.corps["RG"].president == -1


# ---- the end of the auction --------------------------------------------------------------------------------
def finish_auction(state: RGState, winners: dict[str, tuple[int, int]]) -> RGState:
    """Play the lots: ``winners[lot] = (seat, price)`` takes it at that price; other lots are passed out."""
    while isinstance(state.stack[-1], AuctionF):
        lot = auction(state).lots[0]
        seat = acting(state)
        if lot in winners and winners[lot][0] == seat and auction(state).high != seat:
            state = play(state, (seat, f"bid {lot.lower()} {winners[lot][1]}"))
        else:
            state = play(state, (seat, "pass"))
    return state


def test_rule_4_after_the_auction_the_richest_player_has_priority_and_seating_is_kept() -> None:
    state = finish_auction(table(), {"Y3": (0, 40), "Y2": (1, 45), "G6": (2, 10), "G1": (2, 55), "B2": (3, 50)})
    assert state.round == "stock" and isinstance(state.stack[-1], StockF)
    assert state.order == [0, 1, 2, 3]  # seat 0 (360) is richest
    assert acting(state) == 0


def test_a_tie_for_most_cash_goes_to_the_first_of_them_after_the_last_winner() -> None:
    state = finish_auction(table(), {"Y3": (0, 40), "B2": (1, 50)})
    # cash: 360, 350, 400, 400; the last winner is seat 1, so seat 2 comes before seat 3
    assert state.order == [2, 3, 0, 1]


def test_a_tie_counts_from_the_opener_of_a_last_lot_nobody_bought() -> None:
    state = finish_auction(table(), {"Y3": (0, 40)})
    # B2 was passed out; it opened with seat 1 (after Y3's winner), so 1, 2, 3 tie and 1 comes first
    assert state.order == [1, 2, 3, 0]


# ---- notation, labels, menus -------------------------------------------------------------------------------
def test_bid_and_pass_notation_round_trips() -> None:
    state = table()
    assert GAME.parse(state, 0, "bid y3 45") == Bid("Y3", 45)
    assert GAME.parse(state, 0, "BID Y3 $45") == Bid("Y3", 45)
    assert GAME.parse(state, 0, "出价 y3 45") == Bid("Y3", 45)
    assert GAME.parse(state, 0, "pass") == Pass() and str(Pass()) == "pass"
    assert str(Bid("Y3", 45)) == "bid y3 45"


@pytest.mark.parametrize("text", ["bid y3", "bid zz 40", "bid y3 lots", "pass now"])
def test_malformed_bids_are_refused_with_what_is_wrong(text: str) -> None:
    key = refused(table(), 0, text, MalformedMove)
    assert key.startswith("error.") and GAME.catalog.has(key)


def test_bid_labels_and_prompts_in_english_and_chinese() -> None:
    state = table()
    assert GAME.move_label(state, 0, Bid("Y3", 45), "en") == "Bid $45 for Y3 Coal Creek Mines"
    assert "竞拍" in GAME.move_label(state, 0, Bid("Y3", 45), "zh")
    assert "Coal Creek Mines" in GAME.move_label(state, 0, Pass(), "en")
    assert GAME.prompt(state, 0, "en") == "bid on Y3 Coal Creek Mines (face value $40, income $5; at least $40) or pass"
    assert "至少 $40" in (GAME.prompt(state, 0, "zh") or "")
    assert GAME.prompt(state, 1, "en") is None


def test_the_bid_menu_offers_every_five_dollar_step_up_to_the_cash_and_completion_the_first_25() -> None:
    state = table()
    assert [o.token for o in GAME.choices(state, 0, [], "en")] == ["bid", "pass"]
    assert [o.token for o in GAME.choices(state, 0, ["bid"], "en")] == ["y3"]
    amounts = [o.token for o in GAME.choices(state, 0, ["bid", "y3"], "en")]
    assert amounts[:3] == ["40", "45", "50"] and amounts[-1] == str(state.cash[0] - state.cash[0] % 5)
    assert len(GAME.complete(state, 0, "bid y3 ", "en")) == 25  # the panel pages the rest
    assert all(o.final for o in GAME.choices(state, 0, ["bid", "y3"], "en"))
    assert [o.token for o in GAME.complete(state, 0, "bid y3 4", "en")] == ["bid y3 40", "bid y3 45", "bid y3 400"]
