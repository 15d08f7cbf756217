"""One scenario per rule of docs/rules/three-kingdoms.md (§1–§16), played through the engine."""

from __future__ import annotations

import msgspec
import pytest

from games.core import GameError, GameOver, IllegalMove, MalformedMove, NotYourTurn
from games.three_kingdoms import GAME
from games.three_kingdoms.content import ACTIONS, KINDS, RESOURCES, Effect, content
from games.three_kingdoms.state import ChoiceF, ClaimF, ConvertF, GiveF, OrderF, TKState, TurnF

from .helpers import (
    RONDEL,
    Table,
    aim,
    branch,
    claimed,
    erect,
    half,
    mark,
    need,
    ready,
    table,
    to_front,
    to_hand,
    to_market,
)


def refused(t: Table, seat: int, text: str, error: type[GameError] = IllegalMove) -> str:
    """The message key refusing ``text``; the position is left as it was."""
    before = GAME.dumps(t.s)
    with pytest.raises(error) as caught:
        GAME.apply(t.s, seat, text)
    assert GAME.dumps(t.s) == before
    return str(caught.value.key)


def sieges(t: Table, seat: int) -> list[str]:
    return [m for m in t.legal(seat) if m.startswith("siege")]


def resources(t: Table, seat: int) -> tuple[int, int, int]:
    player = t.seat(seat)
    return player.gold, player.wood, player.troops


# ---- §1–§3 setup -----------------------------------------------------------------------------------


def test_rule_1_setup_deals_markets_ladder_rondel_and_lords() -> None:
    c = content()
    s = GAME.setup(3, {}, seed=5)
    for region in c.regions:
        assert len(s.markets[region]) == 3 and len(s.decks[region]) == 13
        assert sorted(s.markets[region] + s.decks[region]) == sorted(c.deck(region))
    assert list(s.ladder) == ["ba", "wang", "di"]
    assert sorted(c.conditions[card].pile for card in s.ladder.values()) == ["a", "b", "c"]
    assert sorted(s.rondel) == sorted(ACTIONS)
    assert len(s.offered) == 4 == len(set(s.offered)) and set(s.offered) <= set(c.lords)
    assert [len(GAME.setup(n, {}, seed=5).offered) for n in (2, 4)] == [3, 5]
    assert (s.tao, s.lue) == (-1, -1) and not any(p.lord for p in s.seats)
    # the game's seeded generator: the same seed deals the same table, other seeds other tables
    assert GAME.dumps(GAME.setup(3, {}, seed=5)) == GAME.dumps(s)
    deals = [GAME.setup(3, {}, seed=n) for n in range(40)]
    assert len({tuple(d.rondel) for d in deals}) > 30
    assert len({tuple(d.markets["sw"]) for d in deals}) > 30
    assert len({tuple(d.offered) for d in deals}) > 30
    assert {card for d in deals for card in d.ladder.values()} == set(c.conditions)
    # the three drawn cards are shuffled onto the tiers: each pile's card lies under each tier
    placed = {(tier, c.conditions[card].pile) for d in deals for tier, card in d.ladder.items()}
    assert len(placed) == 9


def test_rule_2_lords_are_chosen_from_the_last_player_backwards() -> None:
    s = GAME.setup(4, {}, seed=3)
    offered = list(s.offered)
    absent = next(lord for lord in content().lords if lord not in offered)
    with pytest.raises(NotYourTurn):
        GAME.apply(s, 0, f"lord {offered[0]}")
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(s, 3, f"lord {absent}")
    assert caught.value.key == "error.lord_not_offered"
    for pick, seat in enumerate((3, 2, 1, 0)):
        assert GAME.to_act(s) == {seat}
        assert [str(m) for m in GAME.legal_moves(s, seat)] == sorted(f"lord {x}" for x in s.offered)
        s = GAME.apply(s, seat, f"lord {offered[pick]}").state
        assert s.seats[seat].lord == offered[pick]
        assert offered[pick] not in s.offered
    assert s.offered == [] and GAME.view(s, None).offered == []   # the fifth lord leaves the game
    assert offered[4] not in {p.lord for p in s.seats}


def test_rule_2_a_lord_brings_resources_cards_and_a_marker() -> None:
    c = content()
    s = GAME.setup(3, {}, seed=1)
    s.offered = ["lubu", "caocao", "sunce", "liubei"]
    s = GAME.apply(s, 2, "lord lubu").state
    s = GAME.apply(s, 1, "lord 曹操").state
    applied = GAME.apply(s, 0, "lord Sun Ce")
    s = applied.state
    assert GAME.describe(applied.events[0], "en") == "#1 takes Sun Ce, starting in Yang."
    assert [p.lord for p in s.seats] == ["sunce", "caocao", "lubu"]
    caocao = s.seats[1]
    assert (caocao.gold, caocao.wood, caocao.troops) == (4, 3, 4)
    assert caocao.hand == ["h1", "h2", "h3", "h4", "l-caocao"] and caocao.front == []
    assert s.markers["qing"] == [1] and caocao.markers == 12
    for seat, lord in enumerate(["sunce", "caocao", "lubu"]):
        player, board = s.seats[seat], c.lords[lord]
        assert (player.gold, player.wood, player.troops) == (board.gold, board.wood, board.troops)
        assert player.hand == [*c.deck("hand"), board.talent]
        assert s.markers[board.start] == [seat] and player.markers == 12
        assert (player.talent, player.points, player.buildings) == (1, 0, 0)
        assert player.yifu == (lord == "lubu")   # 吕布's 义父 token
    assert s.markers["bing"] == [2] and s.seats[2].yifu
    assert "liubei" not in {p.lord for p in s.seats} and s.markers.get("xu") is None


def test_rule_3_pointers_are_set_by_the_last_two_players_apart() -> None:
    s = GAME.setup(3, {}, seed=2)
    s.rondel = list(RONDEL)
    for seat in (2, 1, 0):
        s = GAME.apply(s, seat, f"lord {s.offered[0]}").state
    assert GAME.to_act(s) == {1}  # the second-to-last player places 韬
    assert [str(m) for m in GAME.legal_moves(s, 1)] == sorted(f"tao {a}" for a in ACTIONS)
    with pytest.raises(NotYourTurn):
        GAME.apply(s, 2, "lue hire")
    s = GAME.apply(s, 1, "tao siege").state
    assert (s.tao, s.lue) == (RONDEL.index("siege"), -1)
    assert GAME.to_act(s) == {2}  # then the last player places 略, not on 韬's space
    assert [str(m) for m in GAME.legal_moves(s, 2)] == sorted(f"lue {a}" for a in ACTIONS if a != "siege")
    for text, key in (("lue siege", "error.pointer_clash"), ("tao sell", "error.wrong_pointer")):
        with pytest.raises(IllegalMove) as caught:
            GAME.apply(s, 2, text)
        assert caught.value.key == key
    s = GAME.apply(s, 2, "略 纳贤").state
    assert (s.tao, s.lue) == (RONDEL.index("siege"), RONDEL.index("hire"))
    assert GAME.to_act(s) == {0}
    two = GAME.setup(2, {}, seed=2)
    for seat in (1, 0):
        two = GAME.apply(two, seat, f"lord {two.offered[0]}").state
    assert GAME.to_act(two) == {0}  # with two players: seat 0 is second to last
    two = GAME.apply(two, 0, "tao log").state
    assert GAME.to_act(two) == {1}


# ---- §4–§6 turns, playing, production -----------------------------------------------------------


def test_rule_4_a_turn_is_recall_or_play() -> None:
    t = table("caocao", "yuanshao", "liubei")
    legal = t.legal(0)
    assert legal and all(m.startswith("play") for m in legal)
    for seat in (0, 1, 2):  # clockwise from the start player
        assert t.acting() == {seat} and t.s.current == seat
        hand = len(t.seat(seat).hand)
        t.idle(seat)
        assert len(t.seat(seat).hand) == hand - 1 and len(t.seat(seat).front) == 1
    assert t.acting() == {0} and t.s.round == 2
    assert "recall" in t.legal(0)
    played = list(t.seat(0).front)
    pointers = (t.s.tao, t.s.lue)
    t.do(0, "recall")
    assert t.kinds() == ["recalled"]
    assert t.seat(0).front == [] and set(played) <= set(t.seat(0).hand) and len(t.seat(0).hand) == 5
    assert (t.s.tao, t.s.lue) == pointers   # a recall is the whole turn: nothing moves, no action
    assert t.acting() == {1} and isinstance(t.top(), TurnF)


def test_rule_5_playing_moves_both_pointers_and_offers_their_actions() -> None:
    t = table()  # rondel sell log recruit hire siege build any; 韬 on sell (0), 略 on log (1)
    to_market(t.s, "ne12")  # a 2-gold talent in the Northeast market, where Cao Cao holds Qing
    other = branch(t)
    t.do(0, "play h3 2")  # Adjutant, 2nd option: 韬 +1, 略 -2
    assert (t.s.tao, t.s.lue) == (1, 6)
    played = t.event("played").params
    assert (played["tao"], played["lue"], played["first"], played["second"]) == (1, -2, "log", "any")
    assert "h3" in t.seat(0).front and "h3" not in t.seat(0).hand
    assert t.pending() == ["log", "any"] and t.acting() == {0}
    legal = t.legal(0)
    assert {"log", "skip log", "skip any", "any gold siege"} <= set(legal)
    other.do(0, "play h3 1")  # 1st option: 韬 -1, 略 +2
    assert (other.s.tao, other.s.lue) == (6, 3) and other.pending() == ["any", "hire"]
    assert "hire ne12" in other.legal(0)


def test_rule_5_an_action_may_be_declined() -> None:
    t = table()
    before = resources(t, 0)
    aim(t.s, "h1", 1, "sell", "siege")
    t.do(0, "play h1")
    assert t.pending() == ["sell", "siege"]
    assert refused(t, 0, "skip hire") == "error.not_pending"
    t.do(0, "skip sell")
    assert t.kinds() == ["skipped"] and t.pending() == ["siege"]
    assert t.said() == ["#1 declines sell."]
    t.do(0, "放弃 攻城")
    assert resources(t, 0) == before and t.s.markers == {"qing": [0], "ji": [1]}
    assert t.acting() == {1} and isinstance(t.top(), TurnF)


def test_rule_6_production_gains_three_then_converts_per_building() -> None:
    t = table()  # Cao Cao's slots: workshops 1 wood → 2 gold, 2 wood → 3 gold; lumber camp 1 troop → 2 wood;
    #              barracks 1 gold → 2 troops
    s = t.s
    mark(s, 0, "qing")
    mark(s, 0, "ji", 2)
    erect(s, 0, "qing", "workshop")
    erect(s, 0, "ji", "workshop")
    erect(s, 0, "qing", "lumber")
    erect(s, 0, "ji", "barracks")
    s.seats[0].gold, s.seats[0].wood, s.seats[0].troops = 3, 3, 4
    aim(s, "h1", 1, "sell", "log")
    t.do(0, "play h1")
    t.do(0, "sell")
    assert t.event("produced").params["gains"] == {"gold": 3} and resources(t, 0) == (6, 3, 4)
    assert isinstance(t.top(), ConvertF) and t.legal(0) == ["convert 1", "convert 2", "done"]
    t.do(0, "convert 1")
    assert resources(t, 0) == (8, 2, 4) and t.legal(0) == ["convert 2", "done"]
    assert t.said() == ["#1's workshop turns 1 wood into 2 gold."]
    t.do(0, "兑换 2")
    assert resources(t, 0) == (11, 0, 4) and t.pending() == ["log"]  # every workshop used
    t.do(0, "log")
    assert resources(t, 0) == (11, 3, 4) and t.legal(0) == ["convert 1", "done"]
    t.do(0, "convert 1")  # the lumber camp: 1 troop → 2 wood
    assert resources(t, 0) == (11, 5, 3) and t.acting() == {1}
    t.idle(1)
    aim(t.s, "h2", 1, "recruit", "sell")
    t.do(0, "play h2")
    t.do(0, "recruit")
    assert resources(t, 0) == (11, 5, 6) and t.legal(0) == ["convert 1", "done"]
    t.do(0, "convert 1")  # the barracks: 1 gold → 2 troops
    assert resources(t, 0) == (10, 5, 8) and t.pending() == ["sell"]
    t.do(0, "sell")
    t.do(0, "done")  # converting is optional
    assert resources(t, 0) == (13, 5, 8) and t.acting() == {1}


# ---- §7–§10 the actions ------------------------------------------------------------------------------


def test_rule_7_hire_needs_a_marker_in_the_region_and_raises_the_talent_track() -> None:
    t = table()  # Cao Cao holds Qing (Northeast) only
    s = t.s
    to_market(s, "ne12")  # Guan Ning, 2 gold
    to_market(s, "se02")  # Chen Gui, 2 gold
    s.seats[0].gold = 6
    holds_xu = branch(t)
    aim(t.s, "h1", 1, "hire", "sell")
    t.do(0, "play h1")
    talents = content().talents
    hires = [m for m in t.legal(0) if m.startswith("hire")]
    assert hires == sorted(f"hire {c}" for c in t.s.markets["ne"] if talents[c].cost <= 6)
    assert "hire ne12" in hires
    assert refused(t, 0, "hire se02") == "error.no_marker_in_region"
    top = t.s.decks["ne"][0]
    t.do(0, "纳贤 管宁")
    assert t.event("hired").params == {"seat": 0, "card": "ne12", "cost": 2}
    assert t.seat(0).gold == 4 and t.seat(0).hand[-1] == "ne12" and t.seat(0).talent == 2
    assert "ne12" not in t.s.markets["ne"] and t.s.markets["ne"][-1] == top   # refilled from the deck
    assert len(t.s.markets["ne"]) == 3 and len(t.s.decks["ne"]) == 12
    mark(holds_xu.s, 0, "xu")  # a marker in the Southeast opens its market too
    aim(holds_xu.s, "h1", 1, "hire", "sell")
    holds_xu.do(0, "play h1")
    assert {"hire ne12", "hire se02"} <= set(holds_xu.legal(0))
    holds_xu.do(0, "hire se02")
    assert holds_xu.seat(0).talent == 2


def test_rule_7_the_talent_track_never_falls() -> None:
    t = table("caocao", "yuanshao", "liubei")
    to_market(t.s, "ne06")  # Xu You: 1 gold, given to a rival when played
    aim(t.s, "h1", 1, "hire", "sell")
    t.do(0, "play h1")
    t.do(0, "hire ne06")
    t.do(0, "skip sell")
    assert t.seat(0).talent == 2
    t.idle(1)
    t.idle(2)
    aim(t.s, "ne06", 1, "sell", "log")
    t.do(0, "play ne06")
    t.do(0, "skip sell")
    t.do(0, "skip log")
    assert isinstance(t.top(), GiveF)
    t.do(0, "give yuanshao")
    assert "ne06" in t.seat(1).front and "ne06" not in t.seat(0).hand + t.seat(0).front
    assert (t.seat(0).talent, t.seat(1).talent) == (2, 1)  # the hired card is gone, the track stays
    t.idle(1)
    t.idle(2)
    t.do(0, "recall")
    assert t.seat(0).talent == 2


def test_rule_8_siege_attacks_a_neighbour_or_reinforces_at_the_dearest_border() -> None:
    t = table()  # Cao Cao in Qing: borders Ji 1, Xu 2, Yan 3
    t.s.seats[0].troops = 5
    aim(t.s, "h1", 1, "siege", "sell")
    t.do(0, "play h1")
    assert sieges(t, 0) == ["siege ji", "siege qing", "siege xu", "siege yan"]
    for zhou, cost, kind in (("ji", 1, "attacked"), ("xu", 2, "attacked"), ("yan", 3, "attacked"),
                             ("qing", 3, "reinforced")):  # reinforcing Qing: its dearest border, Yan's 3
        trial = branch(t)
        trial.do(0, f"siege {zhou}")
        assert trial.event(kind).params["cost"] == cost and trial.seat(0).troops == 5 - cost
        assert trial.s.markers[zhou][-1] == 0 and trial.seat(0).markers == 11
    assert refused(t, 0, "siege liang") == "error.not_adjacent"
    poor = branch(t)
    poor.s.seats[0].troops = 2
    assert sieges(poor, 0) == ["siege ji", "siege xu"]
    assert refused(poor, 0, "siege yan") == "error.short"
    t.do(0, "攻城 冀州")
    assert t.said() == ["#1 takes Ji for 1 troop."]
    assert t.s.markers["ji"] == [1, 0]  # Yuan Shao's marker stays: a 州 is shared


def test_rule_8_a_province_holds_at_most_four_markers() -> None:
    t = table()
    mark(t.s, 1, "ji", 3)  # Ji: four markers of Yuan Shao
    mark(t.s, 0, "qing", 3)  # Qing: four of Cao Cao
    t.s.seats[0].troops = 10
    aim(t.s, "h1", 1, "siege", "sell")
    t.do(0, "play h1")
    assert sieges(t, 0) == ["siege xu", "siege yan"]
    assert refused(t, 0, "siege ji") == "error.zhou_full"
    assert refused(t, 0, "siege qing") == "error.zhou_full"
    t.do(0, "siege yan")
    assert t.s.markers["yan"] == [0]


def test_rule_9_build_needs_talent_markers_and_a_free_square() -> None:
    t = table()
    s = t.s
    s.seats[0].wood = 20
    mark(s, 0, "ji")  # Cao Cao's spare marker in Ji, where Yuan Shao's lumber camp stands
    erect(s, 1, "ji", "lumber")
    aim(s, "h1", 1, "build", "sell")
    t.do(0, "play h1")
    builds = [m for m in t.legal(0) if m.startswith("build")]
    assert builds == sorted([f"build qing {k}" for k in KINDS] + [f"build ji {k}" for k in KINDS if k != "lumber"])
    assert refused(t, 0, "build ji lumber") == "error.square_taken"
    assert refused(t, 0, "build yan lumber") == "error.markers_short"
    t.do(0, "build qing lumber")
    assert t.event("built").params["count"] == 1 and t.seat(0).talent == 1
    t.do(0, "skip sell")
    t.idle(1)
    again = branch(t)
    aim(t.s, "h2", 1, "build", "sell")
    t.do(0, "play h2")  # 1 building, talent track 1: no more, though Ji has a marker and free squares
    assert t.event("cannot").params["action"] == "build" and t.pending() == ["sell"]
    again.s.seats[0].talent = 2  # one step higher: Ji (spare marker) but not Qing (1 marker, 1 building)
    aim(again.s, "h2", 1, "build", "sell")
    again.do(0, "play h2")
    builds = [m for m in again.legal(0) if m.startswith("build")]
    assert builds == sorted(f"build ji {k}" for k in KINDS if k != "lumber")
    assert refused(again, 0, "build qing barracks") == "error.markers_short"


def test_rule_9_special_buildings_lower_costs() -> None:
    t = table()
    s = t.s
    mark(s, 0, "qing")
    mark(s, 0, "xu")
    mark(s, 0, "yan")
    to_market(s, "ne12")  # Guan Ning, 2 gold
    player = s.seats[0]
    player.gold = player.wood = player.troops = 20
    player.talent = 5
    plain = branch(t)
    erect(s, 0, "qing", "drill")  # 练武场: 攻城 -1
    erect(s, 0, "xu", "works")  # 工人坊: 建设 -1
    erect(s, 0, "yan", "pavilion")  # 纳贤阁: 纳贤 -1

    def costs(t: Table) -> dict[str, int]:
        out = {}
        war = branch(t)
        aim(war.s, "h1", 1, "siege", "build")
        war.do(0, "play h1")
        war.do(0, "siege ji")
        out["siege"] = war.event("attacked").params["cost"]
        war.do(0, "build qing lumber")
        out["build"] = war.event("built").params["cost"]
        assert resources(war, 0) == (20, 20 - out["build"], 20 - out["siege"])
        court = branch(t)
        aim(court.s, "h1", 1, "hire", "sell")
        court.do(0, "play h1")
        court.do(0, "hire ne12")
        out["hire"] = court.event("hired").params["cost"]
        assert court.seat(0).gold == 20 - out["hire"]
        return out

    assert costs(plain) == {"siege": 1, "build": 2, "hire": 2}
    assert costs(t) == {"siege": 0, "build": 1, "hire": 1}


def test_rule_10_any_pays_one_resource_for_any_action_and_triggers_as_it() -> None:
    t = table()
    to_hand(t.s, 0, "nw03")  # Pang De: 本回合若为攻城, +2 points
    aim(t.s, "nw03", 1, "any", "sell")
    t.do(0, "play nw03")
    assert t.pending() == ["any", "sell"]
    anys = [m for m in t.legal(0) if m.startswith("any")]
    assert {f"any {r} siege" for r in RESOURCES} | {"any gold sell", "any troops recruit"} <= set(anys)
    assert not any(m.endswith(" any") for m in anys)
    assert refused(t, 0, "any gold any", MalformedMove) == "error.any_grammar"
    produce = branch(t)
    t.do(0, "任意 军 攻城")
    assert t.event("any_paid").params == {"seat": 0, "resource": "troops", "action": "siege"}
    assert resources(t, 0) == (4, 3, 3) and t.pending() == ["siege", "sell"]
    t.do(0, "siege ji")
    assert resources(t, 0) == (4, 3, 2)
    assert t.event("effect_gain").params == {"seat": 0, "card": "nw03", "gains": {"points": 2}}
    assert t.seat(0).points == 2
    produce.do(0, "any wood sell")
    produce.do(0, "sell")
    assert resources(produce, 0) == (7, 2, 4) and produce.pending() == ["sell"]
    # 1 paid must leave the action possible: 2 wood pay for 任意 or for a lumber camp (2), not both
    short = table()
    short.s.seats[0].wood = 2
    aim(short.s, "h1", 1, "any", "sell")
    short.do(0, "play h1")
    assert {"any gold build", "any troops build"} <= set(short.legal(0)) and "any wood build" not in short.legal(0)
    assert refused(short, 0, "any wood build") == "error.not_now"
    short.do(0, "any gold build")
    short.do(0, "build qing lumber")
    assert resources(short, 0) == (3, 0, 4)


# ---- §11 effects ------------------------------------------------------------------------------------


def test_rule_11_effects_fire_by_their_timing() -> None:
    t = table("mateng", "caocao")  # Ma Teng in Liang: Sili 3, Bing 4, Yi 4
    s = t.s
    s.seats[0].troops = 20
    to_hand(s, 0, "nw03", "sw16")  # Pang De: 本回合若为攻城 +2 points; Xue Zong: when played +1 gold +1 wood
    to_front(s, 1, "nw02")  # Han Sui before Cao Cao: when another player takes 攻城, +1 troop

    aim(s, "l-mateng", 1, "siege", "sell")  # Ma Chao: 在面前时, each 攻城 +1 troop — also this turn
    t.do(0, "play l-mateng")
    t.do(0, "siege sili")
    gains = [(e.params["seat"], e.params["card"], e.params["gains"]) for e in t.events if e.kind == "effect_gain"]
    assert gains == [(0, "l-mateng", {"troops": 1}), (1, "nw02", {"troops": 1})]
    assert (t.seat(0).troops, t.seat(1).troops) == (18, 5)
    t.do(0, "skip sell")

    aim(t.s, "h1", 1, "siege", "sell")
    t.do(1, "play h1")
    t.do(1, "siege ji")  # Han Sui pays only for others' sieges; Ma Chao only for his holder's
    assert "effect_gain" not in t.kinds() and (t.seat(0).troops, t.seat(1).troops) == (18, 4)
    t.do(1, "skip sell")

    aim(t.s, "nw03", 1, "siege", "sell")
    t.do(0, "play nw03")
    t.do(0, "siege bing")  # across Sili's border, 3 (R6)
    assert t.seat(0).points == 2 and t.seat(0).troops == 18 - 3 + 1
    t.do(0, "skip sell")
    t.idle(1)

    aim(t.s, "sw16", 1, "siege", "sell")
    gold, wood = t.seat(0).gold, t.seat(0).wood
    t.do(0, "play sw16")
    assert (t.seat(0).gold, t.seat(0).wood) == (gold + 1, wood + 1)  # when played: at once
    t.do(0, "siege yi")  # Pang De still lies in front, but his 本回合若为 was last turn's
    assert t.seat(0).points == 2 and t.seat(0).troops == 16 - 4 + 1
    assert [e.params["card"] for e in t.events if e.kind == "effect_gain"] == ["l-mateng", "nw02"]


def test_rule_11_a_player_orders_his_simultaneous_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    # No authored card gives one player two choices at the same moment (a card has at most one
    # choice or trade, and only the card played this turn has them), so for this scenario Wen Chou
    # (ne04: 本回合若为攻城, you may pay 2 gold for 3 troops) gets a second, choice effect.
    talents = content().talents
    wen_chou = talents["ne04"]
    choice = Effect(when="turn", action="siege", choose=({"points": 2}, {"wood": 2}))
    monkeypatch.setitem(talents, "ne04", msgspec.structs.replace(wen_chou, effects=(*wen_chou.effects, choice)))
    t = table()
    to_hand(t.s, 0, "ne04")
    aim(t.s, "ne04", 1, "siege", "sell")
    t.do(0, "play ne04")
    t.do(0, "siege ji")
    assert isinstance(t.top(), OrderF) and t.acting() == {0}
    assert t.legal(0) == ["first 1", "first 2"]
    assert refused(t, 0, "skip sell") == "error.not_now"
    t.do(0, "先 2")  # the choice first
    assert isinstance(t.top(), ChoiceF) and t.top().options == [{"points": 2}, {"wood": 2}]
    t.do(0, "choose 2")
    assert t.seat(0).wood == 5
    assert isinstance(t.top(), ChoiceF) and t.top().pay == {"gold": 2}  # then the trade, by itself
    t.do(0, "choose 1")
    assert resources(t, 0) == (2, 5, 4 - 1 + 3) and t.pending() == ["sell"]


# ---- §12–§13 the ladder ------------------------------------------------------------------------------


def test_rule_12_a_met_condition_is_claimed_at_once_in_any_order() -> None:
    ladder = {"ba": "b2", "wang": "c2", "di": "a1"}  # 称霸: talent track; 称王: gold + wood + troops
    t = table("caocao", "sunce", ladder=ladder)
    player = t.seat(0)
    player.gold = need("c2", "wang") - 3 - player.wood - player.troops  # one 销售 short of 称王
    player.talent = need("b2", "ba") - 1  # one 纳贤 short of 称霸
    to_market(t.s, "ne12")
    aim(t.s, "h1", 1, "sell", "hire")
    t.do(0, "play h1")
    t.do(0, "sell")  # 称王 at once, before any 称霸
    assert t.event("claimed").params == {"seat": 0, "tier": "wang"} and t.seat(0).claims == ["wang"]
    assert isinstance(t.top(), ClaimF) and t.acting() == {0}
    assert t.legal(0) == ["claim points", "claim wang1", "claim wang2", "claim wang3"]
    assert refused(t, 0, "skip hire") == "error.not_now"  # the claim cannot wait
    t.do(0, "claim points")
    assert t.seat(0).points == 5 and t.pending() == ["hire"]
    t.do(0, "hire ne12")
    assert [e.params for e in t.events if e.kind == "claimed"] == [{"seat": 0, "tier": "ba"}]
    t.do(0, "claim ba3")
    assert t.seat(0).claims == ["wang", "ba"]
    t.idle(1)
    aim(t.s, "h2", 1, "sell", "sell")
    t.do(0, "play h2")
    t.do(0, "sell")
    t.do(0, "sell")  # still above both conditions: each is claimed once
    assert "claimed" not in t.kinds() and t.seat(0).claims == ["wang", "ba"]


def test_rule_12_hegemon_and_king_take_a_special_or_five_points() -> None:
    t = table("caocao", "yuanshao", "liubei", ladder={"ba": "c2", "wang": "a2", "di": "b2"})  # 称霸: resources
    for seat in range(3):
        player = t.seat(seat)
        player.gold = need("c2", "ba") - 3 - player.wood - player.troops
        assert sum(resources(t, seat)) == need("c2", "ba") - 3  # a 销售's 3 gold short
    for seat, reward in ((0, "ba2"), (1, "points"), (2, "ba1")):
        aim(t.s, "h1", 1, "sell", "siege")
        t.do(seat, "play h1")
        t.do(seat, "sell")
        assert t.event("claimed").params == {"seat": seat, "tier": "ba"}
        if seat == 0:
            assert t.legal(0) == ["claim ba1", "claim ba2", "claim ba3", "claim points"]
        if seat == 2:  # the 5-point token is gone
            assert t.legal(2) == ["claim ba1", "claim ba3"]
            assert refused(t, 2, "claim points") == "error.five_gone"
            assert refused(t, 2, "claim ba2") == "error.special_gone"
        t.do(seat, f"claim {reward}")
        t.do(seat, "skip siege")
    first, second, third = t.seat(0), t.seat(1), t.seat(2)
    assert "ba2" in first.hand and first.talent == 2 and first.points == 0
    assert second.points == 5 and second.talent == 1 and t.s.five["ba"] is False
    assert "ba1" in third.hand and t.s.specials["ba"] == ["ba3"]
    assert t.s.five["wang"] is True


def test_rule_12_the_crown_scores_each_turn() -> None:
    t = table("caocao", "yuanshao", "liubei", ladder={"ba": "a2", "wang": "b2", "di": "c2"})  # 称帝: resources
    player = t.seat(0)
    player.gold = need("c2", "di") - 3 - player.wood - player.troops
    aim(t.s, "h1", 1, "sell", "siege")
    t.do(0, "play h1")
    t.do(0, "sell")  # 称帝: a crown, no reward to choose
    assert t.event("claimed").params == {"seat": 0, "tier": "di"}
    assert t.seat(0).crown and t.s.crowns == 3 and not isinstance(t.top(), ClaimF)
    assert t.seat(0).points == 0
    t.do(0, "skip siege")  # the end of his turn: 1 point per player without a crown
    assert t.event("crown_points").params == {"seat": 0, "points": 2} and t.seat(0).points == 2
    t.idle(1)
    t.idle(2)
    assert (t.seat(1).points, t.seat(2).points) == (0, 0)
    t.idle(0)
    assert t.seat(0).points == 4 and t.seat(0).claims == ["di"]


def test_rule_13_half_the_emperor_condition_allows_a_false_emperor_with_seals() -> None:
    t = table("caocao", "sunce", ladder={"ba": "a2", "wang": "b2", "di": "c3"})  # 称帝: points
    gap = need("c3", "di") - half("c3")
    assert 1 <= gap <= 5, "the scenario needs a 称帝 threshold of points whose half is at most 5 short"
    s = t.s
    player = s.seats[0]
    player.gold = player.wood = player.troops = 10
    player.points = half("c3") - 1
    to_market(s, "ne12")
    short = branch(t)  # one point below half
    assert "usurp" not in short.legal(0) and GAME.view(short.s, 0).usurp_seals is None
    assert refused(short, 0, "usurp") == "error.cannot_usurp"
    player.points = half("c3")  # half the condition, rounded up
    assert "usurp" in t.legal(0) and GAME.view(t.s, 0).usurp_seals == gap
    t.do(0, "称伪帝")
    assert t.event("usurped").params == {"seat": 0, "seals": gap}
    player = t.seat(0)
    assert player.crown and player.usurper and player.seals == gap
    assert (t.s.seals, t.s.crowns) == (5 - gap, 3)
    assert isinstance(t.top(), TurnF) and t.acting() == {0} and "usurp" not in t.legal(0)
    court = branch(t)
    aim(t.s, "h1", 1, "siege", "build")
    t.do(0, "play h1")
    t.do(0, "siege qing")  # reinforcing Qing: its dearest border, 3, + the seals
    assert t.event("reinforced").params["cost"] == 3 + gap
    t.do(0, "build qing lumber")  # 2 wood + the seals
    assert t.event("built").params["cost"] == 2 + gap
    assert resources(t, 0) == (10, 8 - gap, 7 - gap)
    aim(court.s, "h1", 1, "hire", "sell")
    court.do(0, "play h1")
    court.do(0, "hire ne12")  # 2 gold + the seals
    assert court.event("hired").params["cost"] == 2 + gap


def test_rule_13_some_conditions_forbid_the_false_emperor() -> None:
    # The same position under two 称帝 cards of pile B: seven buildings of four kinds.
    t = table("caocao", "sunce", ladder={"ba": "c3", "wang": "a2", "di": "b3"})  # 称帝: kinds, no 伪帝
    for zhou in ("qing", "yan", "xu"):
        mark(t.s, 0, zhou, 3 - t.s.markers.get(zhou, []).count(0))
        erect(t.s, 0, zhou, "lumber" if zhou != "xu" else "workshop")
        erect(t.s, 0, zhou, "barracks" if zhou != "qing" else "workshop")
    erect(t.s, 0, "yan", "drill")
    assert t.seat(0).buildings == 7 and len(t.seat(0).built) == 4
    assert half("b3") <= 4 < need("b3", "di"), "the scenario needs four kinds to reach half of 称帝"
    assert "usurp" not in t.legal(0) and GAME.view(t.s, 0).usurp_seals is None
    assert refused(t, 0, "usurp") == "error.cannot_usurp"
    allowed = branch(t)
    allowed.s.ladder["di"] = "b1"  # 称帝: buildings, 伪帝 allowed
    assert half("b1") <= 7 < need("b1", "di") <= 12, "the scenario needs seven buildings to reach half of 称帝"
    assert "usurp" in allowed.legal(0) and GAME.view(allowed.s, 0).usurp_seals == need("b1", "di") - 7


# ---- §14–§16 the end, scoring, the variant -----------------------------------------------------------


def eleven_buildings(s: TKState, seat: int, zhou: tuple[str, str, str]) -> None:
    """Give ``seat`` (whose start is ``zhou[0]``) four markers in each of three 州 and every building
    but the 纳贤阁: the three rows and the 练武场, 工人坊; the first 州 keeps its special square free."""
    home, second, third = zhou
    assert s.markers[home] == [seat]
    mark(s, seat, home, 3)
    mark(s, seat, second, 4)
    mark(s, seat, third, 4)
    for where in zhou:
        for kind in ("lumber", "barracks", "workshop"):
            erect(s, seat, where, kind)
    erect(s, seat, second, "drill")
    erect(s, seat, third, "works")
    s.seats[seat].talent = 12
    assert s.seats[seat].buildings == 11 and s.seats[seat].markers == 1


def test_rule_14_twelve_buildings_end_the_game_after_the_round() -> None:
    ladder = {"ba": "b1", "wang": "c3", "di": "a3"}
    t = table("liubei", "caocao", "sunce", ladder=ladder)
    eleven_buildings(t.s, 1, ("qing", "you", "ji"))
    claimed(t.s, 1, "ba")  # 3 buildings long ago: 称霸, with the 5-point token
    t.s.seats[1].wood = 4  # Cao Cao's 纳贤阁 costs 4
    t.idle(0)
    aim(t.s, "h1", 1, "build", "sell")
    t.do(1, "play h1")
    t.do(1, "build qing pavilion")
    assert t.event("built").params["count"] == 12 and "ending" in t.kinds()
    assert t.s.ending and not t.s.over and GAME.outcome(t.s) is None
    t.do(1, "skip sell")
    assert t.acting() == {2}  # the round goes on to its last player
    t.idle(2)
    assert t.s.over and "game_over" in t.kinds() and GAME.to_act(t.s) == frozenset()
    outcome = GAME.outcome(t.s)
    assert outcome is not None and outcome.winners == (1,)
    with pytest.raises(GameOver):
        GAME.apply(t.s, 0, "play h2")


def test_rule_15_final_scoring_adds_the_five_parts() -> None:
    t = table("caocao", "liubei", ladder={"ba": "b1", "wang": "c3", "di": "a3"})
    s = t.s
    eleven_buildings(s, 0, ("qing", "you", "ji"))
    claimed(s, 0, "ba")
    s.seats[0].gold, s.seats[0].wood, s.seats[0].troops = 5, 4, 2
    mark(s, 1, "xu")
    mark(s, 1, "yu", 2)
    erect(s, 1, "xu", "lumber")
    erect(s, 1, "xu", "barracks")
    to_hand(s, 1, "ne12")  # Guan Ning, 3 points, in hand
    to_front(s, 1, "se15")  # Gu Yong, 5 points, in front
    s.seats[1].points = 3
    s.seats[1].gold, s.seats[1].wood, s.seats[1].troops = 7, 1, 3
    aim(s, "h1", 1, "build", "sell")
    t.do(0, "play h1")
    t.do(0, "build qing pavilion")  # the twelfth building, for all 4 wood
    t.do(0, "skip sell")
    aim(t.s, "h1", 1, "sell", "log")
    t.do(1, "play h1")
    t.do(1, "skip sell")
    t.do(1, "skip log")
    outcome = GAME.outcome(t.s)
    assert outcome is not None
    first, second = outcome.standings
    assert (first.seat, first.rank, second.seat, second.rank) == (0, 1, 1, 2)
    # track 5; Xiahou Dun 1; 12 buildings 78; 12 markers on 12 buildings 0; 7 resources 2
    assert first.breakdown == {"track": 5, "talents": 1, "buildings": 78, "markers": 0, "resources": 2}
    assert first.score == 86
    # track 3; Guan Yu 1 + Guan Ning 3 (hand) + Gu Yong 5 (front); 2 buildings 3; 2 markers beyond 6; 11 → 3
    assert second.breakdown == {"track": 3, "talents": 9, "buildings": 3, "markers": 6, "resources": 3}
    assert second.score == 24


def test_rule_15_ties_break_by_markers_talent_buildings() -> None:
    even = ready()  # Cao Cao 1 + 3 + 9 resources → 3; Yuan Shao 1 + 3 + 8 → 2
    even.seats[1].gold = 5  # now 9 resources: 7 points each

    def standings(s: TKState) -> list[tuple[int, int, int]]:
        outcome = GAME.force_end(s)
        return [(x.seat, x.rank, x.score) for x in outcome.standings]

    assert standings(even) == [(0, 1, 7), (1, 1, 7)]  # all equal: a shared win
    markers = GAME.copy(even)
    mark(markers, 1, "you")  # +3 points…
    markers.seats[1].gold = markers.seats[1].wood = markers.seats[1].troops = 0  # …−3
    markers.seats[0].talent = 3
    assert standings(markers) == [(1, 1, 7), (0, 2, 7)]  # more markers beat a higher talent track
    talent = GAME.copy(even)
    erect(talent, 0, "qing", "lumber")  # +1 for the building, −3 for the marker now under it…
    talent.seats[0].points = 2  # …+2
    talent.seats[1].talent = 2
    assert standings(talent) == [(1, 1, 7), (0, 2, 7)]  # a higher track beats more buildings
    talent.seats[1].talent = 1
    assert standings(talent) == [(0, 1, 7), (1, 2, 7)]  # the last tie-break: more buildings


def test_rule_16_the_variant_drafts_lord_talent_and_province_in_snake_order() -> None:
    c = content()
    s = GAME.setup(3, {"draft": True}, seed=4)
    lords, talents = list(s.offered), list(s.offered_talents)
    assert len(lords) == 4 and len(talents) == 4 and all(c.talents[x].deck == "lord" for x in talents)
    picks = [(2, f"lord {lords[0]}"), (1, f"talent {talents[0]}"), (0, "start liang"),
             (0, f"lord {lords[1]}"), (1, "start yi"), (2, f"talent {talents[1]}"),
             (2, "start jiao"), (1, f"lord {lords[2]}"), (0, f"talent {talents[2]}")]
    has: dict[int, set[str]] = {0: set(), 1: set(), 2: set()}
    for seat, pick in picks:
        assert GAME.to_act(s) == {seat}
        open_kinds = {m.split()[0] for m in map(str, GAME.legal_moves(s, seat))}
        assert open_kinds == {"lord", "talent", "start"} - has[seat]
        if "start" in has[seat]:  # one pick of each kind
            with pytest.raises(IllegalMove) as caught:
                GAME.apply(s, seat, "start xu")
            assert caught.value.key == "error.draft_have"
        s = GAME.apply(s, seat, pick).state
        has[seat].add(pick.split()[0])
    chosen = {0: (lords[1], talents[2], "liang"), 1: (lords[2], talents[0], "yi"), 2: (lords[0], talents[1], "jiao")}
    for seat, (lord, talent, start) in chosen.items():
        player, board = s.seats[seat], c.lords[lord]
        assert (player.lord, player.talent_card, player.start) == (lord, talent, start)
        assert player.hand == [*c.deck("hand"), talent]
        assert s.markers[start] == [seat] and player.markers == 12
        assert (player.gold, player.wood, player.troops) == (board.gold, board.wood, board.troops)
    assert s.offered == [] and s.offered_talents == []
    assert GAME.to_act(s) == {1}  # then the pointers, as in §3
