"""巨富豪∞: the gathering phase's shops — a key city's fixed options, the slots and generic blocks any shop sells out of
the box, what a traveller brings into the design phase (rulings R79–R82 of docs/rules/megarich-gathering.md)."""

from __future__ import annotations

import msgspec
import pytest

from games.core.errors import IllegalMove
from games.core.events import Event
from games.core.rng import Rng
from games.megarich import board, designing
from games.megarich.events import deck
from games.megarich.game import GAME, MegaState
from games.megarich.gathering import corruptions, invariants, legal, play, setup
from games.megarich.moves import Buy, Done, Shop, Train
from games.megarich.shops import shops, trade_offers
from games.megarich.state import GENERICS_IN_BOX, HOSPITAL, FreeF, GatherState, Offer, ShopF
from games.megarich.view import view

from .gathering_helpers import do

PRICES = designing.PRICES


def fresh(players: int = 2, seed: str = "shops") -> GatherState:
    return setup(players, Rng.from_seed(seed))


def at_city(state: GatherState, city: str, clock: int | None = None) -> int:
    """Open the current player's free-action phase in ``city`` (a key city's id)."""
    seat = state.current
    state.stack = [FreeF(seat)]
    state.seats[seat].cell = next(k.cell for k in board.atlas().key_cities if k.id == city)
    if clock is not None:
        state.seats[seat].clock = clock
    return seat


def offer_index(state: GatherState, *, slot: str = "", stat: str = "", item: str = "") -> int:
    top = state.stack[-1]
    assert isinstance(top, ShopF)
    return 1 + next(i for i, o in enumerate(top.offers) if (o.slot, o.stat, o.item) == (slot, stat, item))


def test_ruling_g79_a_key_citys_shop_takes_an_hour_once_a_day() -> None:
    state = fresh()
    seat = at_city(state, "yiwu")
    clock = state.seats[seat].clock
    assert Shop() in legal(state, seat)
    state, events = do(state, seat, "shop")
    assert state.seats[seat].clock == clock + shops().hours == clock + 1
    assert [e.kind for e in events] == ["gather.city_shop"]
    top = state.stack[-1]
    assert isinstance(top, ShopF) and top.card == "yiwu" and list(top.offers) == list(shops().cities["yiwu"])
    state, _ = do(state, seat, "done")
    free_phase = state.stack[-1]
    assert isinstance(free_phase, FreeF) and free_phase.shopped and free_phase.acted  # a free action: trains end
    assert Shop() not in legal(state, seat) and not any(isinstance(m, Train) for m in legal(state, seat))
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, Shop())
    assert refused.value.key == "error.gather.shopped_already"
    # not outside a key city, not in hospital, not at 22:00; a refusal changes nothing
    elsewhere = fresh()
    seat = at_city(elsewhere, "shishi")
    elsewhere.seats[seat].cell = next(c for c in elsewhere.layout.cells() if c not in board.atlas().key_cells)
    hospital = fresh()
    at_city(hospital, "huixing")
    hospital.seats[hospital.current].states[HOSPITAL] = 0
    late = fresh()
    at_city(late, "shishi", clock=22)
    for bad, key in ((elsewhere, "error.gather.no_shop"), (hospital, "error.gather.hospital_gathers"),
                     (late, "error.gather.too_late")):
        before = msgspec.json.encode(bad)
        assert Shop() not in legal(bad, bad.current)
        with pytest.raises(IllegalMove) as refused:
            play(bad, bad.current, Shop())
        assert refused.value.key == key and msgspec.json.encode(bad) == before
        for lang in ("en", "zh"):
            assert GAME.catalog.template(key, lang)
    # every key city has its shop, with slots, generic blocks and an item
    assert set(shops().cities) == {k.id for k in board.atlas().key_cities}
    for offers in shops().cities.values():
        assert any(o.slot for o in offers) and any(o.stat for o in offers) and any(o.item for o in offers)


def test_ruling_g80_shops_sell_slots_and_generic_blocks_each_up_to_its_stock() -> None:
    state = fresh()
    seat = at_city(state, "huixing")
    funds, bank = state.seats[seat].funds, state.bank
    state, _ = do(state, seat, "shop")
    a = offer_index(state, stat="A")
    j = offer_index(state, slot="J")
    stock = shops().cities["huixing"][a - 1].stock
    state, events = do(state, seat, *[f"buy {a}"] * stock, f"buy {j}")
    price_a, price_j = shops().cities["huixing"][a - 1].price, shops().cities["huixing"][j - 1].price
    player = state.seats[seat]
    assert player.generics == {"A": stock} and player.slots == ["J"]
    assert player.funds == funds - stock * price_a - price_j and state.bank == bank + stock * price_a + price_j
    assert [e.kind for e in events] == ["gather.bought_generic"] * stock + ["gather.bought_slot"]
    assert Buy(a) not in legal(state, seat) and Buy(j) not in legal(state, seat)
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, Buy(a))
    assert refused.value.key == "error.gather.bought_already"
    # a trade card sells one slot or generic block, cheaper than any city: "价格与稀有度方面同样具有一定优势"
    city_prices = [o.price for offers in shops().cities.values() for o in offers if o.slot or o.stat]
    trade = [(c.id, g) for c in deck().values() for g in c.offers if g.slot or g.stat]
    assert len(trade) >= 3
    assert all(g.price < min(p for p in city_prices) for _, g in trade if g.stat)
    assert all(g.price < min(o.price for offers in shops().cities.values() for o in offers if o.slot)
               for _, g in trade if g.slot)
    merchant = deck()["wandering_merchant"]
    drawn = trade_offers(state, merchant.offers)
    assert any(o.slot for o in drawn) and all(o.stock == 1 for o in drawn)


def test_ruling_g81_bought_slots_and_generic_blocks_are_public_and_go_into_the_design() -> None:
    state = fresh(3)
    seat = at_city(state, "shishi")
    state, _ = do(state, seat, "shop")
    state, _ = do(state, seat, f"buy {offer_index(state, slot='T')}", f"buy {offer_index(state, stat='F')}",
                  f"buy {offer_index(state, stat='S')}")
    other = (seat + 1) % 3
    seen = view(state, other).players[seat]
    assert seen.slots == ["T"] and seen.generics == {"F": 1, "S": 1} and seen.items is None
    assert view(state, None).players[seat].slots == ["T"]
    # into the design phase: the slot attaches free, the generic blocks lie ready, the bought allowance untouched
    state.finished = True
    design = designing.from_gathering(state)
    me = design.seats[seat]
    assert me.spare == ["T"]
    assert [(g.key, g.stat, g.bought) for g in me.generics] == [("g1", "S", False), ("g2", "F", False)]
    assert design.slot_allowance == PRICES.slots and design.generic_allowance == PRICES.generics
    funds = me.funds
    events: list[Event] = []
    free_t = next(m for m in designing.every_move(design, seat)
                  if isinstance(m, designing.SlotMove) and m.kind == "T")
    designing.apply(design, seat, free_t, events)
    assert design.seats[seat].funds == funds and design.seats[seat].slots[0].bought is False
    events = []
    designing.apply(design, seat, designing.BuyGeneric("D"), events)
    assert [g.key for g in design.seats[seat].generics] == ["g1", "g2", "g3"]
    assert design.seats[seat].bought_generics == 1
    placements = [m for m in designing.every_move(design, seat) if isinstance(m, designing.Place) and m.block == "g1"]
    assert placements                                              # a brought generic block is laid like a bought one
    assert designing.invariants(design) == []


def test_ruling_g82_the_boxs_slots_and_generic_blocks_are_conserved() -> None:
    state = fresh()
    assert sum(state.slot_box.values()) == 28 and state.generic_box == GENERICS_IN_BOX == 40
    seat = at_city(state, "shishi")
    state.slot_box["O"] = 0                          # the box's O slots are all bought (by an earlier player)
    state.seats[(seat + 1) % 2].slots = ["O"] * 4
    state.generic_box = 1
    state.seats[(seat + 1) % 2].generics = {"D": GENERICS_IN_BOX - 1}
    assert invariants(state) == []
    state, _ = do(state, seat, "shop")
    top = state.stack[-1]
    assert isinstance(top, ShopF) and not any(o.slot == "O" for o in top.offers)   # none left: not offered
    s = offer_index(state, stat="S")
    state, _ = do(state, seat, f"buy {s}")
    assert state.generic_box == 0 and Buy(s) not in legal(state, seat)
    a = offer_index(state, stat="A")
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, Buy(a))
    assert refused.value.key == "error.gather.sold_out"
    for lang in ("en", "zh"):
        assert GAME.catalog.template("error.gather.sold_out", lang)
    assert not any(o.stat for o in trade_offers(state, deck()["flea_market"].offers))  # nor does a trade card
    # every broken law is caught
    for name, bad in corruptions(state):
        assert invariants(bad), name
    assert {"a slot from nowhere", "a generic block from nowhere", "a generic block vanished from the box"} \
        <= {name for name, _ in corruptions(state)}
    # the design phase's purchases share what is left, equally and in advance (R53, R54)
    state, _ = do(state, seat, "done")
    state.finished = True
    design = designing.from_gathering(state)
    assert design.generic_allowance == 0 and design.slot_allowance == min(PRICES.slots, 24 // 2)
    with pytest.raises(IllegalMove) as refused_design:
        designing.apply(design, seat, designing.BuyGeneric("S"), [])
    assert refused_design.value.key == "error.designing.no_generics_left"


def test_the_default_bot_buys_slots_and_generic_blocks_and_games_finish() -> None:
    bought = 0
    for seed in range(3):
        state: MegaState = GAME.setup(4, {}, seed)
        rng = Rng.from_seed(f"shop bot {seed}")
        while GAME.outcome(state) is None:
            seat = min(GAME.to_act(state))
            state = GAME.apply(state, seat, GAME.bot_move(state, seat, rng)).state
            if state.phase == "design" and state.design is not None and not any(d.laid for d in state.design.seats):
                assert GAME.invariants(state) == []                  # what was brought is what was bought (R81)
                smuggled = dict(GAME.corruptions(state))["a generic block brought from nowhere"]
                assert GAME.invariants(smuggled)
        bought += sum(len(p.slots) + sum(p.generics.values()) for p in state.gather.seats)
        assert GAME.invariants(state) == []
    print(f"slots and generic blocks the bots bought in 3 games: {bought}")
    assert bought > 0


def test_a_shop_refuses_an_offer_it_does_not_have_and_changes_nothing() -> None:
    state = fresh()
    seat = at_city(state, "shishi")
    state.stack.append(ShopF(seat, "shishi", [Offer("", 100, stat="S")]))
    before = msgspec.json.encode(state)
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, Buy(2))
    assert refused.value.key == "error.gather.offer" and msgspec.json.encode(state) == before
    assert legal(state, seat) == [Buy(1), Done()]


def test_the_menu_names_the_goods_and_the_panel_lists_what_was_bought() -> None:
    from render.megarich.panel import private

    state = fresh()
    seat = at_city(state, "shishi")
    state, _ = do(state, seat, "shop")
    mega = GAME.setup(2, {}, "menu")
    mega.gather = state
    top = state.stack[-1]
    assert isinstance(top, ShopF)
    slot = offer_index(state, slot="I")
    price = top.offers[slot - 1].price
    assert GAME.move_label(mega, seat, Buy(slot), "en") == f"An expansion slot I ${price} (buy {slot})"
    assert GAME.move_label(mega, seat, Buy(1), "zh").startswith("通用灵感块 S")
    before = private(view(state, seat), "en")
    state, _ = do(state, seat, f"buy {slot}")
    assert private(view(state, seat), "en") != before
