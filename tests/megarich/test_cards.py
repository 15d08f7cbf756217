"""巨富豪∞'s items and event cards (``games/megarich/data/items.toml``, ``events.toml``): rules 5.1-5.10 and rulings
R71-R78 of docs/rules/megarich-content.md, each with its scenario, the counts and spreads read from the data, every
verb of the effect vocabulary used by a card and exercised, both languages through the title's text function, and a
seeded playout set that draws every kind and most cards (its coverage printed)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

import msgspec
import pytest

from games.core.errors import GameError
from games.core.events import Event, visible_events
from games.core.rng import Rng
from games.megarich import board, gathering
from games.megarich.events import (
    KINDS,
    OPS,
    EventDataError,
    _check,
    apply_effects,
    card,
    deck,
    eligible,
    gain_item,
    random_item,
)
from games.megarich.game import GAME, MegaState
from games.megarich.gathering import ECONOMY, FLOW, invariants, legal, play, setup
from games.megarich.items import ITEM_TAGS, RARITIES, TIMINGS, Effect, ItemDataError, catalogue, matching
from games.megarich.items import _check as check_item
from games.megarich.moves import Done, Explore, Sell, Use, read
from games.megarich.state import (
    FEVER,
    HOSPITAL,
    PARALLEL,
    ChanceF,
    FreeF,
    GatherState,
    MoveF,
    Offer,
    ShopF,
    grant_block,
    pay_bank,
)

from .gathering_helpers import do_unchecked as do


# ---- helpers ----------------------------------------------------------------------------------------------------
def fresh(players: int = 3, seed: str = "cards") -> GatherState:
    return setup(players, Rng.from_seed(seed))


def free(state: GatherState, seat: int | None = None) -> int:
    """Open the current (or ``seat``'s) free-action phase at the start of its day."""
    seat = state.current if seat is None else seat
    state.turn = state.order.index(seat)
    state.stack = [FreeF(seat)]
    return seat


def copy(state: GatherState) -> GatherState:
    return msgspec.json.decode(msgspec.json.encode(state), type=GatherState)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def run(state: GatherState, seat: int, *effects: Effect) -> list[Event]:
    events: list[Event] = []
    apply_effects(state, seat, tuple(effects), events)
    return events


def patent(state: GatherState, seat: int, tile: str, level: int = 1) -> None:
    """``seat`` holds ``tile``'s block at ``level`` with its patent."""
    grant_block(state, seat, tile, level)
    record = state.record(tile)
    record.patent, record.candidate = seat, 0


def all_effects() -> Iterator[Effect]:
    for item in catalogue().values():
        yield from item.effects
    for c in deck().values():
        yield from c.effects
        for option in c.choice:
            yield from option.effects


def tile_cell(state: GatherState, tile: str) -> board.Cell:
    return next(c for c in state.layout.cells() if state.tile_at(c) == tile)


def place_on(state: GatherState, seat: int, ok: object) -> str:
    """Put ``seat`` on a regular place satisfying ``ok``; its id."""
    world = board.atlas()
    for cell in state.layout.cells():
        found = world.by_id[state.tile_at(cell)]
        if isinstance(found, board.Place) and ok(found):  # type: ignore[operator]
            state.seats[seat].cell = cell
            return found.id
    raise AssertionError("no such place on this map")


# ---- rules of the text ----------------------------------------------------------------------------------------------
def test_rule_5_1_the_pool_depends_on_the_round_the_tile_and_the_holdings() -> None:
    state = fresh(3, "pool")
    seat = free(state)
    place_on(state, seat, lambda p: p.tag == "metropolis")
    ids = lambda: {c.id for c, _ in eligible(state, seat, ECONOMY.weights)}  # noqa: E731
    first = ids()
    assert "rush_hour" in first and "curators_invitation" not in first        # the tile
    assert "tax_inspector" not in first and "stray_dog" not in first         # the round, the holdings
    assert "welcome_pack" in first
    state.round = 3
    assert "welcome_pack" not in ids()                                       # until day 2 only
    for tile in ("beijing", "shanghai"):
        patent(state, seat, tile)
    assert "tax_inspector" in ids() and "stock_exchange" in ids()           # day 3, two blocks held
    state.seats[seat].items.append("energy_bar")
    assert "stray_dog" in ids()                                              # a food item held
    state.seats[seat].states[PARALLEL] = 0
    assert {card(i).kind for i in ids()} == {"parallel"}


def test_rule_5_2_a_chance_cards_results_stay_hidden_in_every_view_until_chosen() -> None:
    game_state = GAME.setup(3, {}, seed="hidden")
    assert isinstance(game_state, MegaState)
    gather = game_state.gather
    seat = gather.current
    for chance in (c for c in deck().values() if c.kind == "chance"):
        gather.stack = [FreeF(seat, acted=True), ChanceF(seat, chance.id)]
        for viewer in (None, *range(3)):
            shown = msgspec.json.encode(GAME.view(game_state, viewer)).decode()
            lines = "\n".join(GAME.summarize(GAME.view(game_state, viewer), "zh")
                              + GAME.summarize(GAME.view(game_state, viewer), "en"))
            labels = " ".join(GAME.move_label(game_state, seat, m, lang) for m in GAME.legal_moves(game_state, seat)
                              for lang in ("en", "zh")) if viewer == seat else ""
            for option in chance.choice:
                for secret in (option.result_en, option.result_zh):
                    assert secret not in shown and secret not in lines and secret not in labels, (chance.id, viewer)
    gather.stack = [FreeF(seat, acted=True), ChanceF(seat, "night_market")]
    applied = GAME.apply(game_state, seat, "choose 1")                        # once chosen: shown to the chooser
    told = {viewer: " ".join(GAME.describe(e, lang) for e in visible_events(applied.events, viewer)
                             for lang in ("en", "zh")) for viewer in (None, *range(3))}
    result = card("night_market").choice[0]
    assert result.result_en in told[seat] and result.result_zh in told[seat]
    assert all(result.result_en not in text for viewer, text in told.items() if viewer != seat)


def test_rule_5_3_trade_events_are_rarer_shops_of_fewer_kinds() -> None:
    weights = ECONOMY.weights
    assert weights["trade"] < weights["fate"] and weights["trade"] < weights["chance"]
    trades = [c for c in deck().values() if c.kind == "trade"]
    assert all(1 <= len(c.offers) <= 3 for c in trades)
    state = fresh(2, "market")
    found: set[str] = set()
    for k in range(40):                    # a shop's goods are drawn by rarity and tag when it opens (explore)
        trial = copy(state)
        trial.rng = Rng.from_seed(k)
        for goods in card("pet_market").offers:
            item_id = random_item(trial, goods.rarity, goods.tag)
            assert item_id is not None and "animal" in catalogue()[item_id].tags
            assert catalogue()[item_id].rarity == goods.rarity
            found.add(item_id)
    assert len(found) > 2


def test_rule_5_4_items_are_used_or_sold_only_in_the_gathering_phase() -> None:
    state = fresh(2, "sell")
    seat = state.current
    assert isinstance(state.stack[-1], MoveF)
    state.seats[seat].items = ["energy_bar", "lucky_cat"]
    assert Sell("energy_bar") in legal(state, seat) and Sell("lucky_cat") in legal(state, seat)
    state, events = do(state, seat, "sell lucky_cat")                          # in the move phase too
    assert state.seats[seat].funds == ECONOMY.start_funds + ECONOMY.sell["legendary"]
    assert kinds(events) == ["gather.sold"] and state.seats[seat].items == ["energy_bar"]
    game_state = GAME.setup(2, {"days": 1}, seed="sell later")
    while game_state.phase == "gathering":
        mover = sorted(GAME.to_act(game_state))[0]
        game_state = GAME.apply(game_state, mover, GAME.bot_move(game_state, mover, Rng.from_seed(1))).state
    mover = sorted(GAME.to_act(game_state))[0]
    before = GAME.dumps(game_state)
    with pytest.raises(GameError) as refused:                                   # the design phase sells nothing
        GAME.apply(game_state, mover, "sell energy_bar")
    assert all("{" not in GAME.error_text(refused.value, lang) for lang in ("en", "zh"))
    assert GAME.dumps(game_state) == before


def test_rule_5_5_a_unique_passed_up_or_sold_is_gone_for_good() -> None:
    uniques = [i for i in catalogue().values() if i.rarity == "unique"]
    assert len(uniques) == 8
    state = fresh(2, "uniques")
    seat = free(state)
    state.stack.append(ShopF(seat, "auction_house", [Offer("dutyford_ledger", 1300)]))
    state, events = do(state, seat, "done")                                   # passed up in a shop
    assert "dutyford_ledger" in state.gone and "gather.unique_gone" in kinds(events)
    pay_bank(state, seat, -2000)
    state.stack.append(ShopF(seat, "auction_house", [Offer("sages_dumpling", 1300)]))
    state, _ = do(state, seat, "buy 1", "done", "sell sages_dumpling")           # bought, then sold
    assert "sages_dumpling" not in state.seats[seat].items and "sages_dumpling" in state.gone
    for k in range(200):
        trial = copy(state)
        trial.rng = Rng.from_seed(k)
        assert random_item(trial, "unique") not in {"dutyford_ledger", "sages_dumpling"}
    before = len(state.seats[1 - seat].items)
    gain_item(state, 1 - seat, "sages_dumpling", [])
    assert len(state.seats[1 - seat].items) == before
    assert invariants(state) == []


def test_rule_5_6_the_four_timings() -> None:
    state = fresh(2, "timings")
    seat = free(state)
    player = state.seats[seat]
    events: list[Event] = []
    gain_item(state, seat, "tea_eggs", events)                                 # consumable: to the hand
    assert player.items == ["tea_eggs"]
    gain_item(state, seat, "treasure_map", events)                             # triggered: at once, discarded
    assert "treasure_map" not in player.items and player.portal is not None
    clock = player.clock
    gain_item(state, seat, "monthly_tram_pass", events)                        # buff: shown while it lasts
    assert player.buffs == {"monthly_tram_pass": 3}
    gain_item(state, seat, "sugar_rush", events)                               # buff: happens, then shown
    assert player.buffs == {"monthly_tram_pass": 3, "sugar_rush": 1} and player.clock == clock - 1
    clock = player.clock
    gain_item(state, seat, "golden_goose", events)                             # permanent: kept, used again
    state, _ = do(state, seat, "use tea_eggs", "use golden_goose")
    player = state.seats[seat]
    assert "tea_eggs" not in player.items and player.clock == clock - 1
    assert "golden_goose" in player.items or "gather.worn_out" in kinds(_)


def test_rule_5_7_tags_only_find_items() -> None:
    assert {t for i in catalogue().values() for t in i.tags} == set(ITEM_TAGS)
    state = fresh(2, "tags")
    seat = free(state)
    for tag in ITEM_TAGS:
        pool = set(matching(tag=tag))
        assert pool and all(tag in catalogue()[i].tags and catalogue()[i].rarity != "unique" for i in pool)
        for k in range(30):
            trial = copy(state)
            trial.rng = Rng.from_seed(k)
            events = run(trial, seat, Effect("item", tag=tag))
            gained = [e.params["item"] for e in events if e.kind == "gather.item"]
            assert gained and gained[0] in pool
    lamp, plain = catalogue()["wishing_lamp"], catalogue()["hot_spring_voucher"]
    assert "arcane" in lamp.tags and not plain.tags  # a tag changes nothing an item does by itself


def test_rule_5_8_the_named_items_keep_the_texts_effects() -> None:
    pod, itchy = catalogue()["pod_locomotive"], catalogue()["itchy_card"]
    assert (pod.zh, pod.flag, pod.timing) == ("豆荚机车", "pod", "permanent")
    assert (itchy.zh, itchy.flag, itchy.timing) == ("痒痒怪变身卡", "itchy", "buff")
    state = fresh(2, "named")
    seat = state.current
    state.seats[seat].items = ["pod_locomotive"]
    assert gathering.limits(state.seats[seat]) == (3, 5)
    gain_item(state, seat, "itchy_card", [])
    assert gathering.limits(state.seats[seat]) == (1,)


def test_rule_5_9_only_tile_cards_rivals_items_and_backfire_send_to_the_parallel_reality() -> None:
    for c in deck().values():
        effects = [*c.effects, *(e for o in c.choice for e in o.effects)]
        if any(e.op in {"enter", "curse"} and e.state == PARALLEL for e in effects):
            assert c.kind == "tile", c.id
    senders = [i for i in catalogue().values() if any(e.state == PARALLEL and e.op != "leave" for e in i.effects)]
    assert senders and all(e.op == "curse" for i in senders for e in i.effects if e.state == PARALLEL)
    assert all("arcane" in i.tags for i in catalogue().values() if any(e.op == "backfire" for e in i.effects))
    bad = msgspec.structs.replace(card("scratch_ticket"), effects=(Effect("enter", state=PARALLEL),))
    with pytest.raises(EventDataError, match="parallel"):
        _check(bad)


def test_rule_5_10_rarer_items_matter_more_and_reusables_are_mostly_rare() -> None:
    prices = [ECONOMY.sell[r] for r in RARITIES]
    assert prices == sorted(prices) and len(set(prices)) == len(prices)
    reusable = [i for i in catalogue().values() if i.reusable]
    assert sum(i.rarity != "common" for i in reusable) > len(reusable) / 2


# ---- rulings ------------------------------------------------------------------------------------------------------
def test_ruling_71_the_authored_counts_and_spreads() -> None:
    items = catalogue().values()
    rarity = Counter(i.rarity for i in items)
    assert sum(n for r, n in rarity.items() if r != "unique") >= 40 and rarity["unique"] == 8
    assert all(rarity[r] >= 5 for r in RARITIES)
    assert rarity["common"] >= rarity["uncommon"] >= rarity["rare"] >= rarity["legendary"]  # as the box's 36/32/28/24
    assert set(Counter(i.timing for i in items)) == set(TIMINGS) and min(Counter(i.timing for i in items).values()) >= 4
    assert min(Counter(t for i in items for t in i.tags).values()) >= 8
    cards = Counter(c.kind for c in deck().values())
    assert sum(cards.values()) >= 60 and set(cards) == set(KINDS) and min(cards.values()) >= 8
    assert cards["fate"] >= cards["trade"] and cards["chance"] >= cards["trade"]         # as the box's 40/40/20
    tiled = [c for c in deck().values() if c.where is not None and c.where.tiles]
    assert len(tiled) >= 6 and all(t in board.atlas().by_id for c in tiled for t in c.where.tiles)  # type: ignore


def test_ruling_72_every_verb_is_used_by_a_card_and_does_what_it_says() -> None:
    assert {e.op for e in all_effects()} == set(OPS)
    state = fresh(3, "verbs")
    seat = free(state)
    other = [s for s in range(3) if s != seat]
    me = state.seats[seat]
    run(state, seat, Effect("funds", 250), Effect("hours", -2))
    assert me.funds == 3250 and me.clock == 4
    run(state, seat, Effect("go", to="top"))
    assert me.cell == board.atlas().key_city("top").cell
    run(state, seat, Effect("portal", to="bottom"))
    assert me.portal == board.atlas().key_city("bottom").cell
    run(state, seat, Effect("enter", state=FEVER))
    assert FEVER in me.states
    run(state, seat, Effect("leave", state=FEVER))
    assert FEVER not in me.states
    run(state, seat, Effect("item", item="energy_bar"), Effect("item", rarity="rare", tag="animal"))
    assert me.items[0] == "energy_bar" and catalogue()[me.items[1]].tags == ("animal",)
    patent(state, seat, "beijing")
    patent(state, seat, "shanghai", 4)
    funds = me.funds
    run(state, seat, Effect("per_block", 70))
    assert me.funds == funds + 140
    run(state, seat, Effect("upgrade_block"), Effect("upgrade_block"), Effect("upgrade_block"),
        Effect("upgrade_block"))
    assert me.blocks == {"beijing": 4, "shanghai": 4}                       # level 4 is the top
    events = run(state, seat, Effect("collect", 100))
    assert me.funds == funds + 140 + 200 and [e.params["player"] for e in events] == [seat, seat]
    run(state, seat, Effect("collect", -50))
    assert [state.seats[s].funds for s in other] == [2950, 2950]
    faces: Counter[int] = Counter()
    for k in range(40):
        trial = copy(state)
        trial.rng = Rng.from_seed(k)
        before = trial.seats[seat].funds
        (coin,) = run(trial, seat, Effect("coin", 300))
        faces[trial.seats[seat].funds - before] += 1
        assert coin.params["amount"] == (300 if coin.params["face"] == "head" else -300)
    assert set(faces) == {300, -300}
    fell = sum(PARALLEL in t.seats[seat].states for t in _trials(state, seat, Effect("backfire", 25), 200))
    assert 25 < fell < 80
    run(state, seat, Effect("curse", state=PARALLEL))
    assert sum(PARALLEL in state.seats[s].states for s in other) == 1 and PARALLEL not in me.states
    run(state, seat, Effect("lose_item"))
    assert len(me.items) == 1
    run(state, seat, Effect("lose_block"))
    assert len(me.blocks) == 1
    assert invariants(state) == []


def _trials(state: GatherState, seat: int, effect: Effect, n: int) -> Iterator[GatherState]:
    for k in range(n):
        trial = copy(state)
        trial.rng = Rng.from_seed(f"trial {k}")
        run(trial, seat, effect)
        yield trial


def test_ruling_73_selling_to_the_bank() -> None:
    state = fresh(2, "selling")
    seat = free(state)
    state.seats[seat].items = ["golden_goose", "tip_jar", "tip_jar"]
    clock, money = state.seats[seat].clock, state.money()
    assert [m for m in legal(state, seat) if isinstance(m, Sell)] == [Sell("golden_goose"), Sell("tip_jar")]
    state, _ = do(state, seat, "sell tip_jar", "sell golden_goose")
    player = state.seats[seat]
    assert player.items == ["tip_jar"] and player.clock == clock and state.money() == money
    assert player.funds == ECONOMY.start_funds + ECONOMY.sell["common"] + ECONOMY.sell["rare"]
    assert isinstance(FLOW.top(state), FreeF) and not state.stack[-1].acted  # type: ignore[union-attr]
    shop = {"common": 150, "uncommon": 350, "rare": 700}                      # the first set's shop prices
    assert all(ECONOMY.sell[r] * 2 < price for r, price in shop.items())      # buying to sell never pays
    before = msgspec.json.encode(state)
    for text in ("sell lucky_cat", "sell nothing_here"):
        move = read(text)
        assert move is not None
        with pytest.raises(Exception) as refused:
            play(state, seat, move)
        assert getattr(refused.value, "key", "") == "error.gather.no_item"
        for lang in ("en", "zh"):
            assert "{" not in GAME.error_text(refused.value, lang)  # type: ignore[arg-type]
    assert msgspec.json.encode(state) == before


def test_ruling_74_a_reusable_item_works_once_a_day_and_may_wear_out() -> None:
    state = fresh(2, "reuse")
    seat = free(state)
    state.seats[seat].items = ["tip_jar"]
    worn = kept = 0
    for k in range(60):
        trial = copy(state)
        trial.rng = Rng.from_seed(k)
        trial, events = do(trial, seat, "use tip_jar")
        assert trial.seats[seat].funds == ECONOMY.start_funds + 80
        if "gather.worn_out" in kinds(events):
            worn += 1
            assert trial.seats[seat].items == []
        else:
            kept += 1
            assert trial.seats[seat].items == ["tip_jar"] and Use("tip_jar") not in legal(trial, seat)
            with pytest.raises(Exception) as refused:
                play(trial, seat, Use("tip_jar"))
            assert getattr(refused.value, "key", "") == "error.gather.used_today"
            assert Sell("tip_jar") in legal(trial, seat)
    assert worn and kept and 0.1 < worn / 60 < 0.5                            # breaks = 30 %
    state, _ = do(state, seat, "done")
    assert state.seats[seat].used == []                                      # a new day, a new use
    bad = msgspec.structs.replace(catalogue()["energy_bar"], breaks=10)
    with pytest.raises(ItemDataError):
        check_item(bad)


def test_ruling_75_curse_picks_a_rival_not_yet_there_and_backfire_is_the_users() -> None:
    state = fresh(3, "curse")
    seat = free(state)
    others = [s for s in range(3) if s != seat]
    state.seats[others[0]].states[PARALLEL] = 0
    run(state, seat, Effect("curse", state=PARALLEL))
    assert PARALLEL in state.seats[others[1]].states and PARALLEL not in state.seats[seat].states
    assert run(state, seat, Effect("curse", state=PARALLEL)) == []            # nobody left to curse
    state.seats[seat].items = ["hex_doll"]
    fell = 0
    for k in range(100):
        trial = copy(state)
        trial.rng = Rng.from_seed(k)
        trial, events = do(trial, seat, "use hex_doll")
        fell += "gather.backfire" in kinds(events)
        assert ("gather.backfire" in kinds(events)) == (PARALLEL in trial.seats[seat].states)
    assert 10 < fell < 45                                                     # backfire 25 %
    rival = fresh(2, "hospital curse")
    me = free(rival)
    run(rival, me, Effect("curse", state=HOSPITAL))
    assert not rival.seats[1 - me].halted                                     # not their day: nothing halts


def test_ruling_76_collect_never_pushes_a_payer_below_zero() -> None:
    state = fresh(3, "collect")
    seat = free(state)
    poor, rich = [s for s in range(3) if s != seat]
    pay_bank(state, poor, ECONOMY.start_funds - 40)
    events = run(state, seat, Effect("collect", 300))
    assert state.seats[poor].funds == 0 and state.seats[rich].funds == ECONOMY.start_funds - 300
    assert sorted(e.params["amount"] for e in events) == [40, 300] and invariants(state) == []
    pay_bank(state, seat, state.seats[seat].funds + 10)
    assert run(state, seat, Effect("collect", -100)) == []                    # in debt: pays nobody
    assert invariants(state) == []


def test_ruling_77_buffs_count_standard_moves_and_free_ride_waives_the_fare() -> None:
    state = fresh(2, "buffs")
    seat = state.current
    gain_item(state, seat, "tram_tokens", [])
    gain_item(state, seat, "itchy_card", [])
    state, events = do(state, seat, "move 0")
    player = state.seats[seat]
    assert player.funds == ECONOMY.start_funds and player.buffs == {"itchy_card": 1}
    assert next(e for e in events if e.kind == "gather.moved").params["cost"] == 0
    state.seats[seat].items = ["infinity_token"]                             # a permanent flag: every move
    state.stack = [MoveF(seat)]
    state, _ = do(state, seat, "move 1")
    assert state.seats[seat].funds == ECONOMY.start_funds and state.seats[seat].buffs == {}


def test_ruling_78_when_and_where_conditions() -> None:
    state = fresh(2, "where")
    seat = free(state)
    vegas = "las_vegas"
    state.seats[seat].cell = tile_cell(state, vegas) if vegas in set(map(state.tile_at, state.layout.cells())) \
        else state.seats[seat].cell
    ids = {c.id for c, _ in eligible(state, seat, ECONOMY.weights)}
    on_vegas = state.tile_at(state.seats[seat].cell) == vegas
    assert ("casino_night" in ids) == on_vegas
    place_on(state, seat, lambda p: p.id not in {"las_vegas"} and p.tag == "metropolis")
    assert "casino_night" not in {c.id for c, _ in eligible(state, seat, ECONOMY.weights)}
    state.seats[seat].cell = board.atlas().centre
    assert all(c.kind != "tile" for c, _ in eligible(state, seat, ECONOMY.weights))  # key cities: no tile card
    late = card("late_night_call")
    assert late.when is not None and late.when.from_round == 4
    assert "late_night_call" not in {c.id for c, _ in eligible(state, seat, ECONOMY.weights)}
    state.round = 4
    assert "late_night_call" in {c.id for c, _ in eligible(state, seat, ECONOMY.weights)}


# ---- words --------------------------------------------------------------------------------------------------------
def test_every_item_and_card_has_both_languages_and_renders_through_the_text_function() -> None:
    han = re.compile(r"[\u4e00-\u9fff]")
    for item in catalogue().values():
        assert han.search(item.zh) and han.search(item.text_zh) and item.en and item.text_en, item.id
        for lang in ("en", "zh"):
            line = GAME.describe(Event("gather.item", {"seat": 0, "item": item.id}), lang)
            assert item.name(lang) in line and "{" not in line and item.id not in line
            assert item.name(lang) in GAME.move_label(GAME.setup(2, {}, seed=1), 0, Sell(item.id), lang)
    texts: list[str] = []
    for c in deck().values():
        texts += [c.zh, c.en, c.text_zh, c.text_en]
        texts += [t for o in c.choice for t in (o.zh, o.en, o.result_zh, o.result_en)]
        assert han.search(c.zh) and han.search(c.text_zh) and c.en and c.text_en, c.id
        for lang in ("en", "zh"):
            line = GAME.describe(Event("gather.event", {"seat": 0, "card": c.id}), lang)
            assert (c.zh if lang == "zh" else c.en) in line and "{" not in line and c.id not in line
    for item in catalogue().values():
        texts += [item.text_zh, item.text_en]
    assert all(t.strip() and "{" not in t and "}" not in t for t in texts)
    for kind in ("paid", "coin", "backfire", "block_up", "item_lost", "sold", "worn_out"):
        params = {"seat": 0, "player": 1, "amount": 5, "face": "head", "tile": "beijing", "level": 2,
                  "item": "tip_jar", "price": 60}
        for lang in ("en", "zh"):
            line = GAME.describe(Event(f"gather.{kind}", params), lang)
            assert not line.startswith("event.") and "{" not in line, (kind, lang)
    assert "人像" in GAME.describe(Event("gather.coin", {"seat": 0, "face": "head", "amount": 5}), "zh")


# ---- a seeded playout set -------------------------------------------------------------------------------------------
def _explorer(state: GatherState, seat: int, rng: Rng) -> object:
    """A player that explores whenever it may, buys what it can afford, uses every item and otherwise moves on."""
    moves = legal(state, seat)
    for kind in (Explore, Use):
        found = [m for m in moves if isinstance(m, kind)]
        if found and rng.below(5):
            return found[rng.below(len(found))]
    others = [m for m in moves if not isinstance(m, Sell | Done)]
    if others and rng.below(2):
        return others[rng.below(len(others))]
    return Done() if Done() in moves else moves[rng.below(len(moves))]


def test_seeded_playouts_draw_every_kind_and_most_cards() -> None:
    drawn: Counter[str] = Counter()
    items: set[str] = set()
    for seed in range(12):
        state = setup(4, Rng.from_seed(f"coverage {seed}"), days=7)
        rng = Rng.from_seed(seed)
        while not state.finished:
            (seat,) = FLOW.to_act(state)
            state, events = play(state, seat, _explorer(state, seat, rng))  # type: ignore[arg-type]
            assert invariants(state) == []
            for e in events:
                if e.kind == "gather.event":
                    drawn[e.params["card"]] += 1
                elif e.kind in {"gather.item", "gather.bought"}:
                    items.add(e.params["item"])
    cards = deck()
    seen = {card(c).kind for c in drawn}
    coverage, item_coverage = len(drawn) / len(cards), len(items) / len(catalogue())
    print(f"\nMegarich∞ seeded playouts: {sum(drawn.values())} cards drawn, {len(drawn)}/{len(cards)} kinds of card "
          f"({coverage:.0%}), {len(items)}/{len(catalogue())} item kinds gained ({item_coverage:.0%}); "
          f"never drawn: {sorted(set(cards) - set(drawn))}")
    assert seen == set(KINDS)
    assert coverage >= 0.75 and item_coverage >= 0.6
