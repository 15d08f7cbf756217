"""巨富豪∞'s gathering view (games/megarich/view.py): what a seat and a spectator may see. Hands stay with their
seat, a chance card's results stay hidden from everyone until chosen, a shop's offers stay with the shopper, the
tram's odds are tram.py's and only the acting seat's own view shows the limits its hand allows."""

from __future__ import annotations

from fractions import Fraction

import msgspec

from games.core.rng import Rng
from games.megarich import board, tram
from games.megarich.events import deck
from games.megarich.gathering import setup
from games.megarich.state import ChanceF, FreeF, GatherState, MoveF, Offer, ShopF, TileRecord
from games.megarich.view import GatherView, view


def fresh(players: int = 3, seed: str = "view") -> GatherState:
    return setup(players, Rng.from_seed(seed))


def dump(v: GatherView) -> str:
    return msgspec.json.encode(v).decode()


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others() -> None:
    state = fresh()
    state.seats[0].items = ["energy_bar", "pod_locomotive"]
    state.seats[1].items = ["first_aid"]
    state.seats[1].buffs = {"itchy_card": 2}
    own, other, spectator = view(state, 0), view(state, 1), view(state, None)
    assert own.players[0].items == ["energy_bar", "pod_locomotive"] and own.players[1].items is None
    assert other.players[0].items is None and other.players[0].item_count == 2
    assert spectator.players[0].items is None and spectator.players[1].items is None
    assert "pod_locomotive" not in dump(other) and "energy_bar" not in dump(spectator)
    assert "first_aid" not in dump(own)
    assert own.players[1].buffs == {"itchy_card": 2}          # a buff lies open in the player's area


def test_a_chance_cards_results_are_in_no_view_until_chosen() -> None:
    state = fresh()
    chance = next(c for c in deck().values() if c.kind == "chance")
    seat = state.current
    state.stack = [FreeF(seat, acted=True), ChanceF(seat, chance.id)]
    for viewer in (None, *range(state.players)):
        v = view(state, viewer)
        assert v.step == "chance" and v.chance is not None
        assert v.chance.options["en"] == [o.en for o in chance.choice]
        text = dump(v)
        for option in chance.choice:
            assert option.result_en not in text and option.result_zh not in text


def test_a_shops_offers_are_the_shoppers_alone() -> None:
    state = fresh()
    trade = next(c for c in deck().values() if c.kind == "trade")
    seat = state.current
    state.stack = [FreeF(seat, acted=True), ShopF(seat, trade.id, [Offer("lucky_cat", 500)])]
    mine = view(state, seat)
    assert mine.shop is not None and mine.shop.offers == [("lucky_cat", 500, 1)]
    for viewer in (None, (seat + 1) % state.players):
        v = view(state, viewer)
        assert v.shop is not None and v.shop.offers is None and v.shop.offer_count == 1
        assert "lucky_cat" not in dump(v)


def test_the_odds_are_the_trams_for_each_direction_while_the_player_must_move() -> None:
    state = fresh()
    seat = state.current
    assert isinstance(state.stack[-1], MoveF)
    v = view(state, None)
    assert v.step == "move" and v.limits == [tram.MOVE_LIMIT] and len(v.odds) == 6
    start = board.hex_of(state.seats[seat].cell)
    for cone in v.odds:
        exact = tram.tile_odds(start, cone.direction, cone.limit, board.atlas().torus)
        assert {board.hex_of(c.cell): Fraction(c.weight, cone.total) for c in cone.cells} == exact
        assert sum(Fraction(c.weight, cone.total) for c in cone.cells) == 1
        assert {c.label for c in cone.cells} == {"15%", "8%"}
    state.stack = [FreeF(seat)]
    assert view(state, None).odds == []


def test_only_the_movers_own_view_shows_the_limits_of_its_hand() -> None:
    state = fresh()
    seat = state.current
    state.seats[seat].items = ["pod_locomotive"]
    assert view(state, seat).limits == [3, 5] and len(view(state, seat).odds) == 12
    assert view(state, None).limits == [3] and view(state, (seat + 1) % 3).limits == [3]
    state.seats[seat].buffs = {"itchy_card": 2}
    assert view(state, None).limits == [1] and view(state, seat).limits == [1]


def test_patents_and_positions_are_public() -> None:
    state = fresh()
    tile = state.tile_at((3, 3))
    state.tiles[tile] = TileRecord(candidate=1, patent=2, holders=[2, 0])
    state.seats[2].blocks[tile] = 3
    state.seats[0].blocks[tile] = 1
    state.seats[1].cell = (3, 3)
    v = view(state, None)
    (patent,) = v.patents
    assert (patent.tile, patent.cell, patent.patent, patent.holders, patent.levels) == (tile, (3, 3), 2, [2, 0],
                                                                                        [3, 1])
    assert v.players[2].patents == [tile] and v.players[1].tile == tile and v.tile_at((3, 3)) == tile
    assert v.players[0].day == 1 and v.players[0].hour == 6 and not v.players[0].late
