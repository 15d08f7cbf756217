"""One scenario per ruling of docs/rules/three-kingdoms.md (R1–R23), played through the engine."""

from __future__ import annotations

import msgspec
import pytest

from games.core import IllegalMove
from games.three_kingdoms import GAME
from games.three_kingdoms.content import content
from games.three_kingdoms.state import ActF, ChoiceF, ClaimF, ConvertF, GiveF, TurnF

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
)


def refused(t: Table, seat: int, text: str) -> str:
    """The message key refusing ``text``; the position is left as it was."""
    before = GAME.dumps(t.s)
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(t.s, seat, text)
    assert GAME.dumps(t.s) == before
    return str(caught.value.key)


def moves(t: Table, seat: int, verb: str) -> list[str]:
    return [m for m in t.legal(seat) if m.split()[0] == verb]


def resources(t: Table, seat: int) -> tuple[int, int, int]:
    player = t.seat(seat)
    return player.gold, player.wood, player.troops


def test_ruling_R1_a_square_taken_by_anyone_is_taken() -> None:
    t = table()
    s = t.s
    mark(s, 0, "ji", 2)  # Cao Cao's two spare markers in Ji
    mark(s, 1, "ji")
    erect(s, 1, "ji", "lumber")  # Yuan Shao's lumber camp and 练武场 in Ji
    erect(s, 1, "ji", "drill")
    s.seats[0].wood, s.seats[0].talent = 20, 3
    aim(s, "h1", 1, "build", "sell")
    t.do(0, "play h1")
    assert [m for m in moves(t, 0, "build") if " ji " in m] == ["build ji barracks", "build ji workshop"]
    assert refused(t, 0, "build ji lumber") == "error.square_taken"
    assert refused(t, 0, "build ji works") == "error.square_taken"  # one square for any special
    t.do(0, "build ji barracks")
    ji = next(z for z in GAME.view(t.s, None).zhou if z.id == "ji")
    assert ji.squares == {"lumber": (1, "lumber"), "special": (1, "drill"), "barracks": (0, "barracks")}


def test_ruling_R2_rows_are_built_left_to_right_with_the_slot_costs() -> None:
    board = content().lords["mateng"]
    assert board.lumber[0].cost != board.lumber[1].cost and board.drill != board.pavilion, \
        "the scenario needs slots and specials of different costs"
    t = table("mateng", "caocao")  # Ma Teng in Liang
    s = t.s
    mark(s, 0, "liang")
    mark(s, 0, "bing")
    player = s.seats[0]
    player.wood, player.troops, player.talent = 30, 10, 4
    aim(s, "h1", 1, "build", "build")
    t.do(0, "play h1")
    t.do(0, "build liang lumber")
    assert t.event("built").params["cost"] == board.lumber[0].cost
    t.do(0, "build bing lumber")  # the second lumber camp is the row's second slot
    assert t.event("built").params["cost"] == board.lumber[1].cost
    assert t.seat(0).built == {"lumber": 2} and t.seat(0).wood == 30 - board.lumber[0].cost - board.lumber[1].cost
    t.idle(1)
    aim(t.s, "h2", 1, "build", "log")
    t.do(0, "play h2")
    t.do(0, "build liang pavilion")  # a special needs no other special first
    assert t.event("built").params["cost"] == board.pavilion
    wood, troops = t.seat(0).wood, t.seat(0).troops
    t.do(0, "log")
    assert t.legal(0) == ["convert 1", "convert 2", "done"]
    t.do(0, "convert 2")
    slot = board.lumber[1]
    assert (t.seat(0).wood, t.seat(0).troops) == (wood + 3 + slot.gain, troops - slot.pay)
    assert t.event("converted").params["gain"] == slot.gain


def test_ruling_R3_actions_in_either_order_and_twice_on_one_tile() -> None:
    t = table("sunce", "caocao")
    either = branch(t)
    aim(either.s, "h1", 1, "sell", "log")
    either.do(0, "play h1")
    either.do(0, "log")  # the 略 pointer's action first
    either.do(0, "sell")
    assert resources(either, 0)[:2] == (t.seat(0).gold + 3, t.seat(0).wood + 3)
    twice = branch(t)
    aim(twice.s, "h1", 1, "sell", "sell")
    twice.do(0, "play h1")
    assert twice.pending() == ["sell", "sell"]
    twice.do(0, "sell")
    assert twice.pending() == ["sell"]
    twice.do(0, "sell")
    assert twice.seat(0).gold == t.seat(0).gold + 6 and twice.acting() == {1}
    still = branch(t)  # Zhou Yu (Sun Ce's talent): 韬 +3, 略 0
    still.s.tao, still.s.lue = RONDEL.index("siege"), RONDEL.index("log")
    still.do(0, "play l-sunce 1")
    assert still.s.lue == RONDEL.index("log") and still.pending() == ["sell", "log"]


def test_ruling_R4_an_impossible_action_is_declined_for_the_player() -> None:
    t = table()
    player = t.seat(0)
    player.gold = player.wood = player.troops = 0
    aim(t.s, "h1", 1, "hire", "any")  # nothing to hire with, nothing to pay 任意 with
    t.do(0, "play h1")
    cannot = [e.params["action"] for e in t.events if e.kind == "cannot"]
    assert cannot == ["hire", "any"]
    assert t.said()[-2:] == ["#1 cannot take hire now.", "#1 cannot take any now."]
    assert t.acting() == {1} and isinstance(t.top(), TurnF)  # nobody was asked to decline
    t.idle(1)
    aim(t.s, "h2", 1, "build", "sell")  # no wood: 建设 is declined for him, 销售 is his to take
    t.do(0, "play h2")
    assert [e.params["action"] for e in t.events if e.kind == "cannot"] == ["build"]
    assert t.pending() == ["sell"] and t.acting() == {0}


def test_ruling_R5_each_building_converts_once_per_action() -> None:
    t = table()  # Cao Cao's workshops: 2 wood: 1→2, 2→3, 2→4
    s = t.s
    mark(s, 0, "ji")
    mark(s, 0, "you")
    for zhou in ("qing", "ji", "you"):
        erect(s, 0, zhou, "workshop")
    slots = content().lords["caocao"].workshop
    s.seats[0].gold, s.seats[0].wood = 0, 5
    one_wood = branch(t)
    aim(s, "h1", 1, "sell", "log")
    t.do(0, "play h1")
    t.do(0, "sell")
    assert isinstance(t.top(), ConvertF) and t.legal(0) == ["convert 1", "convert 2", "convert 3", "done"]
    t.do(0, "convert 3")  # any order
    t.do(0, "convert 1")
    assert refused(t, 0, "convert 3") == "error.no_slot"  # once per action
    assert t.legal(0) == ["convert 2", "done"]
    t.do(0, "convert 2")
    assert t.seat(0).gold == 3 + slots[2].gain + slots[0].gain + slots[1].gain
    assert t.seat(0).wood == 5 - slots[2].pay - slots[0].pay - slots[1].pay
    assert t.pending() == ["log"]  # all three used: the conversions end by themselves
    one_wood.s.seats[0].wood = 1
    aim(one_wood.s, "h1", 1, "sell", "log")
    one_wood.do(0, "play h1")
    one_wood.do(0, "sell")
    assert one_wood.legal(0) == ["convert 1", "done"]  # only what he can pay
    one_wood.do(0, "done")
    assert one_wood.pending() == ["log"] and one_wood.seat(0).wood == 1


def test_ruling_R6_an_attack_uses_the_cheapest_border() -> None:
    t = table("caocao", "sunce")
    t.seat(0).troops = 10
    holds_xu = branch(t)
    mark(holds_xu.s, 0, "xu")
    for trial, cost in ((t, 3), (holds_xu, 2)):  # Yan: from Qing 3, from Xu 2
        aim(trial.s, "h1", 1, "siege", "sell")
        trial.do(0, "play h1")
        trial.do(0, "siege yan")
        assert trial.event("attacked").params["cost"] == cost and trial.seat(0).troops == 10 - cost


def test_ruling_R7_costs_add_discounts_and_seals_but_stay_at_least_zero() -> None:
    # 称帝: points (伪帝 allowed); Liu Bei in Xu: borders Qing 2, Yan 2, Yu 2, Yang 3
    t = table("liubei", "caocao", ladder={"ba": "a2", "wang": "b2", "di": "c3"})
    s = t.s
    erect(s, 0, "xu", "drill")  # 练武场: 攻城 -1
    to_front(s, 0, "l-liubei")  # Guan Yu, in front: 攻城 -1
    to_hand(s, 0, "ne03")  # Yan Liang, 本回合若为攻城: 攻城 -2
    s.seats[0].troops = 10
    s.seats[0].points = need("c3", "di") - 2
    assert s.seats[0].points >= half("c3")
    sealed = branch(t)
    aim(s, "ne03", 1, "siege", "sell")
    t.do(0, "play ne03")
    t.do(0, "siege xu")  # reinforcing Xu: 3 - 4 → 0, not -1
    assert t.event("reinforced").params["cost"] == 0 and t.seat(0).troops == 10
    sealed.do(0, "usurp")  # two 玉玺: +2
    assert sealed.seat(0).seals == 2
    aim(sealed.s, "ne03", 1, "siege", "sell")
    sealed.do(0, "play ne03")
    sealed.do(0, "siege xu")  # 3 - 4 + 2 = 1: the sum, then the floor
    assert sealed.event("reinforced").params["cost"] == 1 and sealed.seat(0).troops == 9


def test_ruling_R8_a_hand_is_private_and_resources_public() -> None:
    s = ready()
    decked = [card for deck in s.decks.values() for card in deck]
    for viewer in (0, 1, None):
        view = GAME.view(s, viewer)
        for seat in (0, 1):
            shown = view.seats[seat]
            player = s.seats[seat]
            assert (shown.gold, shown.wood, shown.troops, shown.points, shown.talent) == \
                (player.gold, player.wood, player.troops, player.points, player.talent)
            assert shown.hand_size == 5 and shown.front == player.front
            assert shown.hand == (player.hand if viewer == seat else None)
        text = msgspec.json.encode(view).decode()
        assert not any(f'"{card}"' in text for card in decked)  # the decks: nobody
        # Yuan Shao's starting talent is his lord's own, so everyone knows it: shown as such; in hand, his only
        assert view.seats[1].starting_talent == "l-yuanshao"
        assert text.count('"l-yuanshao"') == (2 if viewer == 1 else 1)
        assert view.deck_sizes == {r: 13 for r in s.decks}


def test_ruling_R9_plain_gains_resolve_at_once_choices_wait_in_order() -> None:
    t = table("mateng", "caocao")
    s = t.s
    to_front(s, 0, "l-mateng")  # Ma Chao: each 攻城 +1 troop
    to_front(s, 1, "nw02")  # Han Sui (Cao Cao): another's 攻城 +1 troop
    to_hand(s, 0, "ne11", "ne04")  # Taishi Ci: 2 points or 3 troops; Wen Chou: pay 2 gold for 3 troops
    s.seats[0].troops = 10
    trade = branch(t)
    aim(s, "ne11", 1, "siege", "sell")
    t.do(0, "play ne11")
    t.do(0, "siege sili")
    gains = [(e.params["seat"], e.params["card"]) for e in t.events if e.kind == "effect_gain"]
    assert gains == [(0, "l-mateng"), (1, "nw02")]  # in the same move as the siege
    assert (t.seat(0).troops, t.seat(1).troops) == (10 - 3 + 1, 5)
    assert isinstance(t.top(), ChoiceF) and t.acting() == {0} and t.legal(0) == ["choose 1", "choose 2"]
    ask = GAME.view(t.s, 0).ask
    assert ask is not None and ask.kind == "choice" and ask.options == [{"points": 2}, {"troops": 3}]
    assert refused(t, 0, "skip sell") == "error.not_now"
    t.do(0, "choose 1")
    assert t.seat(0).points == 2 and t.pending() == ["sell"]
    poor = branch(trade)
    for table_, gold in ((trade, 2), (poor, 1)):
        table_.s.seats[0].gold = gold
        aim(table_.s, "ne04", 1, "siege", "sell")
        table_.do(0, "play ne04")
        table_.do(0, "siege sili")
    assert isinstance(trade.top(), ChoiceF) and trade.top().pay == {"gold": 2}
    trade.do(0, "choose 1")
    assert resources(trade, 0) == (0, trade.seat(0).wood, 10 - 3 + 1 + 3)
    assert isinstance(poor.top(), ActF) and poor.pending() == ["sell"]  # a trade he cannot pay: not asked


def test_ruling_R10_claims_are_checked_for_everyone_after_every_move() -> None:
    # Everyone, from the active player on: Liu Bei sells, Cao Cao's Mi Zhu pays 1 gold: both reach 称霸.
    ladder = {"ba": "c2", "wang": "a2", "di": "b2"}  # 称霸: gold + wood + troops
    t = table("caocao", "yuanshao", "liubei", ladder=ladder)
    goal = need("c2", "ba")
    to_front(t.s, 0, "se04")
    for seat, short in ((0, 1), (2, 3)):
        player = t.seat(seat)
        player.gold = goal - short - player.wood - player.troops
    t.idle(0)
    t.idle(1)
    aim(t.s, "h1", 1, "sell", "siege")
    t.do(2, "play h1")
    t.do(2, "sell")
    assert [e.params for e in t.events if e.kind == "claimed"] == [{"seat": 2, "tier": "ba"}]
    assert t.seat(0).claims == [] and t.acting() == {2}
    t.do(2, "claim points")
    assert [e.params for e in t.events if e.kind == "claimed"] == [{"seat": 0, "tier": "ba"}]
    assert isinstance(t.top(), ClaimF) and t.acting() == {0}
    t.do(0, "claim ba1")
    assert t.acting() == {2} and t.pending() == ["siege"]
    # Two at once, in ladder order: 称霸 (points) before 称王 (markers), whatever met them.
    ladder = {"ba": "c3", "wang": "a1", "di": "b2"}
    u = table("caocao", "sunce", ladder=ladder)
    spread = ["qing"] * 3 + ["ji"] * 4 + ["yan"] * 4 + ["yu"] * 4  # with his start in 青州: one marker short
    for zhou in spread[:need("a1", "wang") - 2]:
        mark(u.s, 0, zhou)
    assert sum(m.count(0) for m in u.s.markers.values()) == need("a1", "wang") - 1
    to_front(u.s, 0, "nw13")  # Huangfu Song: each 攻城 +1 point
    u.s.seats[0].points = need("c3", "ba") - 1
    u.s.seats[0].troops = 10
    aim(u.s, "h1", 1, "siege", "sell")
    u.do(0, "play h1")
    u.do(0, "siege xu")
    assert u.seat(0).points == need("c3", "ba") and len(u.seat(0).claims) == 1
    assert u.seat(0).claims == ["ba"] and u.top().tier == "ba"
    u.do(0, "claim points")
    assert u.seat(0).claims == ["ba", "wang"] and u.top().tier == "wang"
    u.do(0, "claim points")
    assert u.seat(0).points == need("c3", "ba") + 10 and u.pending() == ["sell"]


def test_ruling_R11_a_condition_reads_its_tier_threshold_and_card_modifiers() -> None:
    c = content()
    t = table()
    s = t.s
    mark(s, 0, "qing")
    mark(s, 0, "xu")
    erect(s, 0, "qing", "lumber")
    erect(s, 0, "qing", "drill")
    to_front(s, 0, "h4")
    player = s.seats[0]
    player.talent, player.points = 4, 4
    measured = {"markers": 3, "zhou": 2, "regions": 2, "fortified": 1, "buildings": 2, "talent": 4, "kinds": 2,
                "front": 1, "resources": 11, "points": 4}
    assert {x.metric for x in c.conditions.values()} <= set(measured)
    for triple in (("a1", "b1", "c1"), ("b2", "c2", "a2"), ("c3", "a3", "b3")):
        s.ladder = dict(zip(("ba", "wang", "di"), triple, strict=True))  # any card under any tier
        view = GAME.view(s, 0)
        for shown in view.ladder:
            condition = c.conditions[shown.condition]
            assert shown.threshold == getattr(condition, shown.tier)
            assert view.seats[0].toward[shown.tier] == measured[condition.metric]
    thresholds = []
    for tier, ladder in (("ba", {"ba": "b2", "wang": "a2", "di": "c3"}),  # one card, three thresholds
                         ("wang", {"ba": "c3", "wang": "b2", "di": "a2"}),
                         ("di", {"ba": "a2", "wang": "c3", "di": "b2"})):
        s.ladder = ladder
        thresholds.append(next(x.threshold for x in GAME.view(s, 0).ladder if x.tier == tier))
    assert thresholds == [need("b2", "ba"), need("b2", "wang"), need("b2", "di")]
    assert thresholds[0] < thresholds[1] < thresholds[2]
    # Liu Xie in front counts one more toward every condition: a talent track one short of 称霸
    u = table("caocao", "sunce", ladder={"ba": "b2", "wang": "a2", "di": "c3"})
    u.s.seats[0].talent = need("b2", "ba") - 1
    to_hand(u.s, 0, "nw15")
    before = GAME.view(u.s, 0).seats[0].toward
    assert before["ba"] == need("b2", "ba") - 1
    aim(u.s, "nw15", 1, "sell", "log")
    u.do(0, "play nw15")
    assert GAME.view(u.s, 0).seats[0].toward == {tier: value + 1 for tier, value in before.items()}
    assert u.event("claimed").params == {"seat": 0, "tier": "ba"} and isinstance(u.top(), ClaimF)


def test_ruling_R12_false_emperor_is_a_turn_start_choice_limited_by_seals() -> None:
    ladder = {"ba": "a3", "wang": "c3", "di": "b2"}  # 称帝: the talent track
    goal = need("b2", "di")
    t = table("caocao", "yuanshao", "liubei", "sunce", ladder=ladder)
    for seat, gap in enumerate((4, 3, 1, 6)):
        t.seat(seat).talent = goal - gap
        assert goal - gap >= half("b2")
    assert "usurp" in t.legal(0)
    late = branch(t)
    aim(late.s, "h1", 1, "sell", "log")
    late.do(0, "play h1")
    assert "usurp" not in late.legal(0) and refused(late, 0, "usurp") == "error.not_now"
    t.do(0, "usurp")
    assert t.seat(0).seals == 4 and t.s.seals == 1 and "usurp" not in t.legal(0)
    assert isinstance(t.top(), TurnF) and t.acting() == {0}  # and now he plays or recalls
    t.idle(0)
    assert "usurp" not in t.legal(1) and refused(t, 1, "usurp") == "error.cannot_usurp"  # 3 short, 1 seal
    t.idle(1)
    assert "usurp" in t.legal(2) and GAME.view(t.s, 2).usurp_seals == 1
    t.idle(2)
    assert "usurp" not in t.legal(3)  # 6 short: more than the 5 seals there are
    at_goal = branch(t)
    at_goal.s.seats[3].talent = goal
    at_goal.idle(3)  # standing at the condition: 称帝, never 伪帝
    assert at_goal.seat(3).claims == ["di"] and not at_goal.seat(3).usurper


def test_ruling_R13_a_false_emperor_who_meets_the_condition_returns_the_seals() -> None:
    t = table(ladder={"ba": "a3", "wang": "b1", "di": "c3"})  # 称帝: points
    to_hand(t.s, 0, "nw03")  # Pang De: 本回合若为攻城 +2 points
    t.seat(0).points = need("c3", "di") - 2
    t.seat(0).troops = 10
    t.do(0, "usurp")
    assert (t.seat(0).seals, t.s.seals, t.s.crowns) == (2, 3, 3)
    aim(t.s, "nw03", 1, "siege", "siege")
    t.do(0, "play nw03")
    t.do(0, "siege ji")  # 1 + 2 seals; +2 points: the condition is met
    assert t.event("attacked").params["cost"] == 3
    assert t.event("claimed").params == {"seat": 0, "tier": "di"}
    player = t.seat(0)
    assert (player.claims, player.crown, player.usurper, player.seals) == (["di"], True, False, 0)
    assert (t.s.seals, t.s.crowns) == (5, 3)  # the seals go back, the crown stays
    t.do(0, "siege xu")  # Qing–Xu 2, no seals any more
    assert t.event("attacked").params["cost"] == 2


def test_ruling_R14_the_crown_scores_the_players_without_a_crown() -> None:
    t = table("caocao", "yuanshao", "liubei", "sunce", ladder={"ba": "a3", "wang": "b1", "di": "c3"})
    goal = need("c3", "di")
    emperor = t.seat(0)
    emperor.points, emperor.crown, emperor.claims = goal, True, ["di"]  # 称帝 earlier
    t.s.crowns = 3
    t.seat(1).points = goal - 3
    t.idle(0)
    assert t.event("crown_points").params == {"seat": 0, "points": 3}
    t.do(1, "usurp")
    t.idle(1)  # a 伪帝's crown scores too, and he counts as crowned
    assert t.event("crown_points").params == {"seat": 1, "points": 2}
    t.idle(2)
    t.idle(3)
    assert (t.seat(2).points, t.seat(3).points) == (0, 0)
    t.idle(0)
    assert t.event("crown_points").params == {"seat": 0, "points": 2}
    assert t.seat(0).points == goal + 5 and t.seat(1).points == goal - 1


def test_ruling_R15_force_end_scores_the_board() -> None:
    t = table()
    aim(t.s, "h1", 1, "sell", "siege")
    t.do(0, "play h1")
    t.do(0, "sell")  # mid-turn: 销售 done, 攻城 still open
    before = GAME.dumps(t.s)
    outcome = GAME.force_end(t.s)
    assert GAME.dumps(t.s) == before and GAME.outcome(t.s) is None
    assert outcome.reasons == (("outcome.force_ended", {}),)
    first, second = outcome.standings
    # Cao Cao: Xiahou Dun 1, one marker 3, 12 resources 4; Yuan Shao: Tian Feng 1, one marker 3, 8 → 2
    assert (first.seat, first.rank, first.score) == (0, 1, 8)
    assert first.breakdown == {"track": 0, "talents": 1, "buildings": 0, "markers": 3, "resources": 4}
    assert (second.seat, second.rank, second.score) == (1, 2, 6)


def boxed_in(spare: bool) -> Table:
    """A two-player board where nobody can ever build again (``spare``: Gongsun Zan still can).

    Gongsun Zan's four markers fill You, whose only neighbours, Ji and Bing, are full of Cao Cao's;
    Cao Cao has all 13 markers on the map and lacks only his third workshop, and the 州 where he has
    a spare marker (Ji, Bing) have their workshop squares built."""
    t = table("caocao", "gongsunzan", ladder={"ba": "b1", "wang": "c3", "di": "a2"})
    s = t.s
    mark(s, 0, "qing", 2)
    mark(s, 0, "ji", 4)
    mark(s, 0, "bing", 4)
    mark(s, 0, "yan")
    mark(s, 0, "sili")
    for zhou in ("ji", "bing"):
        for kind in ("lumber", "barracks", "workshop"):
            erect(s, 0, zhou, kind)
    for zhou, kind in (("qing", "lumber"), ("qing", "barracks"), ("qing", "drill"), ("yan", "works"),
                       ("sili", "pavilion")):
        erect(s, 0, zhou, kind)
    mark(s, 1, "you", 3)
    for kind in ("lumber", "barracks", "workshop", *(() if spare else ("drill",))):
        erect(s, 1, "you", kind)
    assert s.seats[0].markers == 0 and s.seats[0].buildings == 11 and len(s.markers["you"]) == 4
    claimed(s, 0, "ba")  # 称霸 long ago, when his buildings reached the condition
    if s.seats[1].buildings >= need("b1", "ba"):
        claimed(s, 1, "ba", "ba1")
    return t


def test_ruling_R16_the_game_ends_when_nobody_can_build() -> None:
    t = boxed_in(spare=False)
    t.idle(0)
    assert not t.s.over and t.acting() == {1}
    t.idle(1)  # the end of the round
    assert t.kinds()[-2:] == ["stalemate", "game_over"] and t.s.over
    outcome = GAME.outcome(t.s)
    assert outcome is not None and outcome.winners == (0,)
    open_square = boxed_in(spare=True)  # You's special square is free for Gongsun Zan
    open_square.idle(0)
    open_square.idle(1)
    assert not open_square.s.over and "stalemate" not in open_square.kinds() and open_square.acting() == {0}


def test_ruling_R17_resources_are_unlimited() -> None:
    t = table()
    for seat in (0, 1):
        t.seat(seat).gold = 500
    aim(t.s, "h1", 1, "sell", "sell")
    t.do(0, "play h1")
    t.do(0, "sell")
    t.do(0, "sell")
    assert t.seat(0).gold == 506
    aim(t.s, "h1", 1, "sell", "log")
    t.do(1, "play h1")
    t.do(1, "sell")
    assert t.seat(1).gold == 503 and t.seat(0).gold == 506


def test_ruling_R18_lu_bu_betrays_once_with_the_adoptive_father_token() -> None:
    t = table("lubu", "yuanshao", "caocao")  # Lü Bu in Bing, next to Ji
    s = t.s
    guarded = branch(t)
    mark(s, 1, "ji")
    erect(s, 1, "ji", "lumber")  # Yuan Shao: two markers in Ji, one under his lumber camp
    mark(s, 2, "ji", 2)  # Cao Cao: two in Ji, one in Qing; Ji is full
    s.seats[0].troops = 0
    aim(s, "h1", 1, "siege", "sell")
    t.do(0, "play h1")
    assert moves(t, 0, "siege") == ["siege ji betray caocao", "siege ji betray yuanshao"]
    assert refused(t, 0, "siege ji") == "error.zhou_full"
    t.do(0, "siege ji betray yuanshao")
    assert t.event("betrayed").params == {"seat": 0, "player": 1, "zhou": "ji"}
    assert sorted(t.s.markers["ji"]) == [0, 1, 2, 2] and t.s.markers["ji"][-1] == 0
    assert (t.seat(1).markers, t.seat(0).markers) == (12, 11)  # the marker went home
    assert t.s.squares["ji"]["lumber"].seat == 1 and t.seat(0).troops == 0 and not t.seat(0).yifu
    t.do(0, "skip sell")
    t.idle(1)
    t.idle(2)
    t.seat(0).troops = 1
    aim(t.s, "h2", 1, "siege", "sell")
    t.do(0, "play h2")
    assert moves(t, 0, "siege") == ["siege qing"]  # Ji–Qing 1; the token is spent
    assert refused(t, 0, "siege qing betray caocao") == "error.no_yifu"
    # Never a marker a building needs, never a player's last marker on the map
    mark(guarded.s, 2, "ji", 2)
    erect(guarded.s, 2, "ji", "barracks")
    erect(guarded.s, 2, "ji", "workshop")
    guarded.s.seats[0].troops = 3
    aim(guarded.s, "h1", 1, "siege", "sell")
    guarded.do(0, "play h1")
    assert "betray" not in " ".join(moves(guarded, 0, "siege")) and "siege ji" in moves(guarded, 0, "siege")
    assert refused(guarded, 0, "siege ji betray yuanshao") == "error.cannot_betray"
    assert refused(guarded, 0, "siege ji betray caocao") == "error.cannot_betray"


def test_ruling_R19_zhuge_liang_nudges_a_pointer() -> None:
    t = table()  # 韬 on space 0, 略 on space 1
    to_hand(t.s, 0, "sw01")  # Zhuge Liang: 韬 +1 略 +2
    plays = moves(t, 0, "play")
    assert {"play sw01 t+ 1", "play sw01 t- 1", "play sw01 l+ 1", "play sw01 l- 1"} <= set(plays)
    assert not any(m.startswith("play h1 1 ") for m in plays)  # in hand he nudges only himself
    assert refused(t, 0, "play h1 t+ 1") == "error.no_nudge"
    t.do(0, "play sw01 t+ 1")
    assert (t.s.tao, t.s.lue) == (2, 3) and t.event("played").params["tao"] == 2
    while t.acting() == {0}:
        t.do(0, f"skip {t.pending()[0]}")
    assert not any(len(m.split()) == 4 for m in moves(t, 1, "play"))
    assert refused(t, 1, "play h1 l- 1") == "error.no_nudge"
    t.idle(1)
    tao, lue = t.s.tao, t.s.lue
    assert "play h1 l- 1" in moves(t, 0, "play")  # in front: every play may nudge
    t.do(0, "打出 h1 1 略-")
    assert (t.s.tao, t.s.lue) == ((tao + 1) % 7, lue)


def test_ruling_R20_a_given_card_changes_hands_with_its_points() -> None:
    t = table("caocao", "yuanshao", "liubei")
    to_hand(t.s, 0, "nw06", "se05")  # Dong Zhuo (-2, 攻城 +1, into a front); Mi Fang (into a hand)
    t.seat(0).troops = 10
    aim(t.s, "nw06", 1, "siege", "sell")
    t.do(0, "play nw06")
    assert isinstance(t.top(), ActF) and isinstance(t.s.stack[-2], GiveF)  # the actions first
    t.do(0, "siege ji")
    assert t.event("attacked").params["cost"] == 2  # 1, +1 while Dong Zhuo is in front
    t.do(0, "skip sell")
    assert t.legal(0) == ["give liubei", "give yuanshao"]
    assert refused(t, 0, "give caocao") == "error.give_whom"
    t.do(0, "交给 袁绍")
    assert t.event("given").params == {"seat": 0, "player": 1, "card": "nw06", "to": "front"}
    assert "nw06" in t.seat(1).front and "nw06" not in t.seat(0).front
    talents = {x.seat: x.breakdown["talents"] for x in GAME.force_end(t.s).standings}
    assert talents == {0: 1 - 2, 1: 1 - 2, 2: 1}  # Cao Cao still holds Mi Fang (-2) in hand
    t.seat(1).troops = 10
    aim(t.s, "h1", 1, "siege", "sell")
    t.do(1, "play h1")
    t.do(1, "siege qing")  # Ji–Qing 1, +1: Dong Zhuo's surcharge went with him
    assert t.event("attacked").params["cost"] == 2
    t.do(1, "skip sell")
    t.idle(2)
    aim(t.s, "se05", 1, "sell", "log")
    t.do(0, "play se05")
    t.do(0, "skip sell")
    t.do(0, "skip log")
    hand = len(t.seat(2).hand)
    t.do(0, "give liubei")
    assert "se05" in t.seat(2).hand and len(t.seat(2).hand) == hand + 1 and "se05" not in t.seat(0).front
    talents = {x.seat: x.breakdown["talents"] for x in GAME.force_end(t.s).standings}
    assert talents == {0: 1, 1: 1 - 2, 2: 1 - 2}


def test_ruling_R21_the_first_seat_starts() -> None:
    s = GAME.setup(4, {}, seed=9)
    for seat in (3, 2, 1, 0):
        s = GAME.apply(s, seat, f"lord {s.offered[0]}").state
    s = GAME.apply(s, 2, f"tao {s.rondel[0]}").state
    s = GAME.apply(s, 3, f"lue {s.rondel[1]}").state
    assert GAME.to_act(s) == {0} and isinstance(s.stack[-1], TurnF) and s.stack[-1].seat == 0
    view = GAME.view(s, None)
    assert (view.current, view.round) == (0, 1)


def test_ruling_R22_recall_needs_a_card_in_front() -> None:
    t = table()
    assert "recall" not in t.legal(0)
    assert refused(t, 0, "recall") == "error.nothing_to_recall"
    to_front(t.s, 0, *list(t.seat(0).hand))
    assert t.legal(0) == ["recall"]
    t.do(0, "收回")
    assert t.event("recalled").params["count"] == 5 and len(t.seat(0).hand) == 5 and t.acting() == {1}


def test_ruling_R23_variant_starts_are_distinct_edge_provinces() -> None:
    c = content()
    edges = sorted(z.id for z in c.zhou.values() if z.edge)
    s = GAME.setup(2, {"draft": True}, seed=1)
    s.offered = ["caocao", "yuanshao", "liubei"]
    assert sorted(str(m)[6:] for m in GAME.legal_moves(s, 1) if str(m).startswith("start")) == edges
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(s, 1, "start sili")  # an inner 州
    assert caught.value.key == "error.start_taken"
    s = GAME.apply(s, 1, "start qing").state  # Cao Cao's usual start
    assert "start qing" not in [str(m) for m in GAME.legal_moves(s, 0)]
    with pytest.raises(IllegalMove):
        GAME.apply(s, 0, "start qing")
    for seat, pick in ((0, "lord caocao"), (0, "start liang"), (1, "lord yuanshao")):
        s = GAME.apply(s, seat, pick).state
    s = GAME.apply(s, 1, f"talent {s.offered_talents[0]}").state
    s = GAME.apply(s, 0, f"talent {s.offered_talents[0]}").state
    assert (s.seats[0].lord, s.seats[0].start, s.seats[1].lord, s.seats[1].start) == \
        ("caocao", "liang", "yuanshao", "qing")
    assert s.markers == {"liang": [0], "qing": [1]}  # neither lord's usual 州
