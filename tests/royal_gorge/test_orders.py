"""Standing orders of 18 Royal Gorge (docs/rules/royal-gorge.md, "Standing orders"): ``pass-auction`` passes on
every lot of the private auction, ``pass-stock-<n>`` passes for the rest of stock round ``n``. Played by the
service next to bots (``Game.auto_move``), dropped once their round is over (``Game.order_applies``)."""

from __future__ import annotations

from typing import Any

from games.royal_gorge.auction import min_bid
from games.royal_gorge.game import GAME, PASS_AUCTION
from games.royal_gorge.moves import Pass
from games.royal_gorge.state import AuctionF, StockF
from service import TableService
from storage.repository import Repository

from .test_stock import hold, stock

OPTIONS: dict[str, Any] = {"ruleset": "18xx", "railroads": ["kp", "rg", "sf", "no", "fcc"],
                           "privates": ["y3", "y2", "g5", "g1", "b6"]}


def table(service: TableService, people: int, bots: int = 0) -> int:
    """A started table: ``people`` seats held by u0, u1, … then ``bots`` bot seats."""
    row = service.create("royal-gorge", seats=people + bots, options=OPTIONS, seed=3, creator="u0")
    for seat in range(people):
        service.join(row.id, f"u{seat}", f"P{seat + 1}")
    for _ in range(bots):
        service.add_bot(row.id)
    service.start(row.id, "u0")
    return row.id


def acting(service: TableService, table_id: int) -> int:
    loaded = service.load(table_id)
    return min(loaded.game.to_act(loaded.state))


def test_the_orders_offered_name_their_round() -> None:
    state = GAME.setup(3, OPTIONS, seed=1)
    assert [o.token for o in GAME.standing_orders(state, 0, "en")] == ["pass-auction", "pass-stock-1"]
    state = stock(3, turn=2)
    offered = GAME.standing_orders(state, 0, "en")
    assert [(o.token, o.label) for o in offered] == [("pass-stock-2", "Pass for the rest of stock round 2")]
    assert GAME.standing_orders(state, 0, "zh")[0].label == "第 2 股票轮余下的回合都放弃"


def test_pass_auction_passes_every_lot_for_its_player_and_ends_with_the_auction(repo: Repository) -> None:
    service = TableService(repo)
    table_id = table(service, 3)
    assert acting(service, table_id) == 0
    result = service.set_order(table_id, "u0", PASS_AUCTION)  # applies at once: seat 0 opens the first lot
    assert result is not None and [(s.seat, s.notation, s.order) for s in result.steps] == [(0, "pass", PASS_AUCTION)]
    while isinstance(service.load(table_id).state.stack[-1], AuctionF):
        seat = acting(service, table_id)
        assert seat != 0, "a seat with pass-auction is never asked during the auction"
        frame = service.load(table_id).state.stack[-1]
        opening = seat == 1 and frame.high < 0
        service.act(table_id, f"u{seat}", f"bid {frame.lots[0].lower()} {min_bid(frame)}" if opening else "pass")
    log = [r for r in service.log(table_id) if r.kind == "move"]
    assert {r.notation for r in log if r.seat == 0} == {"pass"}
    assert any(r.notation.startswith("bid") for r in log if r.seat == 1)
    assert service.seats(table_id)[0].orders == []  # the auction is over: the order is gone


def test_pass_stock_passes_for_the_rest_of_its_round_only(repo: Repository) -> None:
    service = TableService(repo)
    table_id = table(service, 2)
    while isinstance(service.load(table_id).state.stack[-1], AuctionF):
        service.act(table_id, f"u{acting(service, table_id)}", "pass")
    loaded = service.load(table_id)
    assert isinstance(loaded.state.stack[-1], StockF) and loaded.state.turn == 1
    first = acting(service, table_id)
    other = 1 - first
    service.set_order(table_id, f"u{other}", "pass-stock-1")
    result = service.act(table_id, f"u{first}", "par kp 70")  # one purchase ends the turn; the other passes
    assert [(s.seat, s.notation, s.order) for s in result.steps] == \
        [(first, "par kp 70", None), (other, "pass", "pass-stock-1")]
    assert acting(service, table_id) == first
    result = service.act(table_id, f"u{first}", "pass")  # everyone has passed in a row: the round is over
    assert result.loaded.state.round == "operating"
    assert service.seats(table_id)[other].orders == []


def test_pass_stock_does_not_outlive_its_round_when_bots_play_on_past_it(repo: Repository) -> None:
    """One person who presides over nothing, one bot: after the person's order for stock round 1 the bot plays
    the rest of that round and the operating rounds in one commit; stock round 2 asks the person again."""
    service = TableService(repo)
    table_id = table(service, 1, bots=1)
    service.set_order(table_id, "u0", PASS_AUCTION)
    result = service.set_order(table_id, "u0", "pass-stock-1")
    loaded = result.loaded if result is not None else service.load(table_id)
    while loaded.state.turn < 2 and not loaded.game.is_over(loaded.state):
        assert 0 not in loaded.game.to_act(loaded.state) or not isinstance(loaded.state.stack[-1], StockF)
        loaded = service.act(table_id, "u0", "pass").loaded  # an operating step of a railroad of his, if any
    state = loaded.state
    assert isinstance(state.stack[-1], StockF) and state.turn == 2
    assert 0 in GAME.to_act(state)
    assert service.seats(table_id)[0].orders == []


def test_a_player_who_must_sell_is_asked_despite_the_order() -> None:
    state = stock(2, turn=2)
    hold(state, "KP", {0: 80})  # over the 70 % cap of a two-player game
    assert GAME.auto_move(state, 0, "pass-stock-2") is None
    hold(state, "KP", {0: -20})
    assert GAME.auto_move(state, 0, "pass-stock-2") == Pass()
    assert GAME.auto_move(state, 0, "pass-stock-3") is None and GAME.auto_move(state, 1, "pass-stock-2") is None
    assert GAME.order_applies(state, 0, "pass-stock-2") and GAME.order_applies(state, 0, "pass-stock-3")
    assert not GAME.order_applies(state, 0, "pass-stock-1") and not GAME.order_applies(state, 0, PASS_AUCTION)
