"""One scenario test per rule of docs/rules/wonderful-world.md, named after the rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.core import BadOptions, GameError, IllegalMove
from games.wonderful_world import GAME
from games.wonderful_world.cards import designs, empires
from games.wonderful_world.scoring import production, score
from games.wonderful_world.state import Phase
from tests.support.playout import play as playout
from tests.wonderful_world.scenario import (
    build_now,
    design,
    everyone_done,
    fresh,
    kinds,
    planning,
    play,
    slate,
    take_card,
)

REFERENCE = Path(__file__).parents[2] / "docs" / "rules" / "wonderful-world.md"


def pick_all(state, seats=None):
    """Every seat that must pick takes the first card of its hand."""
    events = []
    for seat in sorted(seats if seats is not None else GAME.to_act(state)):
        state, more = play(state, seat, f"pick {state.empires[seat].hand[0]}")
        events += more
    return state, events


# ---- 1 setup and rounds -------------------------------------------------------------------------
def test_rule_1_1_setup_shuffles_the_deck_and_gives_distinct_empires() -> None:
    for players in range(1, 6):
        state = fresh(players)
        assert len({e.empire for e in state.empires}) == players
        dealt = sum(len(e.hand) + len(e.drafted) for e in state.empires)
        assert len(state.deck) + dealt == 150
    for bad in (0, 6):
        with pytest.raises(BadOptions):
            fresh(bad)
    assert fresh(3, seed=1).deck == fresh(3, seed=1).deck
    assert fresh(3, seed=1).deck != fresh(3, seed=2).deck
    assert fresh(2, side="b").side == "b"
    with pytest.raises(BadOptions):
        fresh(2, side="c")
    b_sides = {tuple(sorted(e.b.production.items())) for e in empires().values()}
    assert b_sides == {(("energy", 1), ("materials", 2), ("science", 1))}


def test_rule_1_2_the_game_lasts_four_rounds_of_draft_planning_production() -> None:
    result = playout(GAME, 3, 5, bots=True)
    state = GAME.setup(3, {}, 5)
    rounds = []
    for seat, text in result.log:
        applied = GAME.apply(state, seat, text)
        rounds += [e.params["round"] for e in applied.events if e.kind == "round"]
        state = applied.state
    assert rounds == [2, 3, 4]  # round 1 starts at setup
    assert state.phase == Phase.OVER and state.round == 4


# ---- 2 draft --------------------------------------------------------------------------------------
def test_rule_2_1_seven_cards_are_dealt_or_ten_with_two_players() -> None:
    assert [len(e.hand) for e in fresh(4).empires] == [7] * 4
    state = fresh(2)
    assert [len(e.hand) for e in state.empires] == [10, 10]
    for _ in range(7):
        state, _ = pick_all(state)
    assert state.phase == Phase.PLANNING
    assert [len(e.drafted) for e in state.empires] == [7, 7]
    assert len(state.discard) == 6  # the three leftovers of each hand


def test_rule_2_2_picks_are_hidden_until_everyone_has_picked() -> None:
    state = fresh(3)
    chosen = state.empires[0].hand[0]
    state, events = play(state, 0, f"pick {chosen}")
    other = GAME.view(state, 1).empires[0]
    assert other.has_picked and other.picked is None and other.hand is None
    assert GAME.view(state, 0).empires[0].picked.uid == chosen
    public = [e.for_viewer(1) for e in events]
    assert all("card" not in e.params for e in public if e is not None)
    assert "revealed" not in kinds(events)
    state, events = pick_all(state, [1, 2])
    reveals = [e for e in events if e.kind == "revealed"]
    revealed = {p["seat"]: p["uid"] for p in reveals[0].params["picks"]}
    assert len(reveals) == 1 and revealed[0] == chosen and len(revealed) == 3
    assert reveals[0].seats is None


def test_draft_reveal_is_one_line_and_a_picker_reads_their_pick_once() -> None:
    """Issue 10 §14: "You drafted X (hidden…)" at the pick, then one line for the whole reveal."""
    state = fresh(3)
    chosen = state.empires[0].hand[0]
    state, picked = play(state, 0, f"pick {chosen}")
    state, events = pick_all(state, [1, 2])
    card = GAME.param_text("card", state.cards[chosen], "en")
    own = [GAME.describe(e, "en", ["You", "Bob", "Carol"]) for e in picked + events
           if e.for_viewer(0) is not None and e.kind in {"picked", "revealed"}]
    assert sum(line.count(str(card)) for line in own) == 2  # the pick, then once in the reveal line
    reveal = GAME.describe(next(e for e in events if e.kind == "revealed"), "zh", ["甲", "乙", "丙"])
    assert reveal.startswith("轮抽翻开：甲：") and reveal.count("：") == 4


def test_rule_2_3_hands_pass_left_in_odd_rounds_and_right_in_even_rounds() -> None:
    state = fresh(3)
    before = [list(e.hand[1:]) for e in state.empires]
    state, _ = pick_all(state)
    assert [e.hand for e in state.empires] == [before[2], before[0], before[1]]
    state.round = 2
    before = [list(e.hand[1:]) for e in state.empires]
    state, _ = pick_all(state)
    assert [e.hand for e in state.empires] == [before[1], before[2], before[0]]


def test_rule_2_4_the_draft_ends_when_everyone_has_drafted_seven() -> None:
    state = fresh(4)
    for turn in range(7):
        assert state.phase == Phase.DRAFT, turn
        state, _ = pick_all(state)
    assert state.phase == Phase.PLANNING
    assert all(len(e.drafted) == 7 and not e.hand for e in state.empires)


# ---- 3 planning -----------------------------------------------------------------------------------
def test_rule_3_1_every_drafted_card_is_built_or_recycled_before_done() -> None:
    state = planning(fresh(2))
    a, b = take_card(state, "st01"), take_card(state, "st02")
    state.empires[0].drafted = [a, b]
    with pytest.raises(IllegalMove):
        play(state, 0, "done")
    state, _ = play(state, 0, f"build {a}")
    state, _ = play(state, 0, f"recycle {b}")
    assert [c.uid for c in state.empires[0].construction] == [a]
    state, events = play(state, 0, "done")
    assert state.empires[0].done and "finished" in kinds(events)
    assert GAME.to_act(state) == {1}  # the other player still plans


def test_rule_3_2_recycling_gives_one_cube_to_place_at_once_or_store() -> None:
    state = planning(fresh(2))
    target = slate(state, 0, design(lambda d: d.cost.get("materials", 0) >= 2 and len(d.cost) == 1).id)
    uid = take_card(state, design(lambda d: d.recycle.value == "materials").id)
    state.empires[0].drafted = [uid]
    state, events = play(state, 0, f"recycle {uid}")
    assert state.empires[0].pool == {"materials": 1} and uid in state.discard
    state, _ = play(state, 0, f"place {target} materials 1")
    assert state.empires[0].construction[0].paid == {"materials": 1}
    other = take_card(state, design(lambda d: d.recycle.value == "gold").id)
    state.empires[0].drafted = [other]
    state, _ = play(state, 0, f"recycle {other}")
    state, events = play(state, 0, "done")
    assert state.empires[0].pool == {} and state.empires[0].reserve == 1
    assert "stored" in kinds(events)


def test_rule_3_3_a_waiting_card_can_be_recycled_and_its_cubes_are_lost() -> None:
    state = planning(fresh(2))
    card = design(lambda d: sum(d.cost.values()) >= 3 and "materials" in d.cost)
    uid = slate(state, 0, card.id, materials=1)
    state, _ = play(state, 0, f"recycle {uid}")
    assert state.empires[0].construction == []
    assert state.empires[0].pool == {card.recycle.value: 1}
    assert uid in state.discard


# ---- 4 production ---------------------------------------------------------------------------------
def test_rule_4_1_resources_are_produced_in_a_fixed_order() -> None:
    state = planning(fresh(3))
    state, events = everyone_done(state)
    while state.phase == Phase.PRODUCTION:
        state, more = everyone_done(state)
        events += more
    order = [e.params["resource"] for e in events if e.kind == "production"]
    assert order == ["materials", "energy", "science", "gold", "exploration"]


def test_rule_4_2_production_counts_the_empire_and_built_cards() -> None:
    state = planning(fresh(2))
    empire = state.empires[0]
    base = production(state, empire, resource("materials"))
    side = empires()[empire.empire].a.production.get("materials", 0)
    assert base == side
    fixed = design(lambda d: d.production.get("materials", 0) > 0)
    build_now(state, 0, fixed.id)
    per = design(lambda d: d.production_per is not None and d.production_per.per.value == "structure"
                 and d.type.value == "structure")
    build_now(state, 0, per.id)
    structures = sum(1 for u in empire.built if state.design(u).type.value == "structure")
    extra = structures if per.production_per.resource.value == "materials" else 0
    assert production(state, empire, resource("materials")) == side + fixed.production["materials"] + extra


def resource(name: str):
    from games.wonderful_world.cards import Resource

    return Resource(name)


def test_rule_4_3_produced_cubes_are_placed_or_go_to_the_empire_card() -> None:
    state = planning(fresh(2))
    for e in state.empires:
        e.empire = "aurora"  # side A: materials 3, gold 1
    uid = slate(state, 0, design(lambda d: d.cost == {"materials": 3} or d.cost == {"materials": 4}).id)
    state, _ = everyone_done(state)
    assert state.resource.value == "materials" and GAME.to_act(state) == {0}
    assert state.empires[0].pool == {"materials": 3}
    assert state.empires[1].done and state.empires[1].reserve == 3  # nothing to build: stored
    state, _ = play(state, 0, f"place {uid} materials 2")
    state, events = play(state, 0, "done")
    stored = [e.params["count"] for e in events if e.kind == "stored" and e.params["seat"] == 0]
    assert stored[0] == 1  # the one materials cube left over; later steps store gold
    assert state.empires[0].construction[0].paid == {"materials": 2}


def test_rule_4_4_a_completed_card_is_built_at_once_takes_its_bonus_and_chains() -> None:
    state = planning(fresh(2))
    for e in state.empires:
        e.empire = "aurora"
    energy_maker = design(lambda d: d.cost == {"materials": 2} and d.production.get("energy", 0) > 0)
    uid = slate(state, 0, energy_maker.id)
    state, _ = everyone_done(state)
    state, events = play(state, 0, f"place {uid} materials 2")
    assert "built" in kinds(events) and uid in state.empires[0].built
    state, events = everyone_done(state)  # on to energy: the new card produces already
    energy = [e.params["count"] for e in events
              if e.kind == "produced" and e.params["seat"] == 0 and e.params["resource"] == "energy"]
    assert energy == [energy_maker.production["energy"]]  # aurora's side A makes no energy
    bonus_card = design(lambda d: d.bonus.get("krystallium", 0) > 0
                        and any(k in d.cost for k in ("materials", "energy", "science", "gold", "exploration")))
    last = next(k for k in ("materials", "energy", "science", "gold", "exploration") if k in bonus_card.cost)
    paid = dict(bonus_card.cost)
    paid[last] -= 1
    state2 = planning(fresh(2))
    uid2 = slate(state2, 0, bonus_card.id, **paid)
    state2.empires[0].pool = {last: 1}
    state2, events = play(state2, 0, f"place {uid2} {last} 1")
    assert "built" in kinds(events)
    assert state2.empires[0].krystallium == bonus_card.bonus["krystallium"]


def test_rule_4_4_ruling_a_card_built_in_its_own_step_does_not_produce_it_then() -> None:
    state = planning(fresh(2))
    for e in state.empires:
        e.empire = "aurora"
    maker = design(lambda d: d.cost == {"materials": 3} and d.production.get("materials", 0) > 0)
    uid = slate(state, 0, maker.id)
    state, _ = everyone_done(state)
    assert state.empires[0].pool == {"materials": 3}
    state, _ = play(state, 0, f"place {uid} materials 3")
    assert uid in state.empires[0].built
    assert state.empires[0].pool == {}  # no extra materials this step


def test_rule_4_5_supremacy_goes_to_a_strict_majority_only() -> None:
    state = planning(fresh(3))
    state.empires[0].empire, state.empires[1].empire, state.empires[2].empire = "aurora", "meridian", "sunspire"
    state, events = everyone_done(state)  # materials: 3 vs 2 vs 2
    sup = [e for e in events if e.kind == "supremacy" and e.params["resource"] == "materials"]
    assert [(e.params["seat"], e.params["character"]) for e in sup] == [(0, "financier")]
    assert state.empires[0].financier == 1
    tie = planning(fresh(2))
    tie.empires[0].empire = tie.empires[1].empire = "aurora"
    tie, events = everyone_done(tie)
    assert not [e for e in events if e.kind == "supremacy" and e.params["resource"] == "materials"]


def test_rule_4_5_science_supremacy_lets_the_winner_choose() -> None:
    state = planning(fresh(2))
    state.empires[0].empire, state.empires[1].empire = "sunspire", "aurora"  # science 2 vs 0
    while not (state.phase == Phase.PRODUCTION and state.resource.value == "science"):
        state, _ = everyone_done(state)
    assert GAME.to_act(state) == {0} and state.empires[0].choose_character
    with pytest.raises(IllegalMove):
        play(state, 0, "done")
    state, _ = play(state, 0, "take general")
    assert state.empires[0].general == 1 and not state.empires[0].choose_character


def test_rule_4_6_a_player_with_nothing_to_place_skips_the_step() -> None:
    state = planning(fresh(2))
    for e in state.empires:
        e.empire = "aurora"
    state, events = everyone_done(state)
    assert state.phase == Phase.PLANNING or GAME.to_act(state) == frozenset() or state.round == 2
    assert "stored" in kinds(events)


def test_rule_4_7_unbuilt_cards_stay_for_the_next_round() -> None:
    state = planning(fresh(2))
    big = design(lambda d: sum(d.cost.values()) >= 7)
    uid = slate(state, 0, big.id)
    while state.round == 1:
        state, _ = everyone_done(state)
    assert state.round == 2 and [c.uid for c in state.empires[0].construction] == [uid]


# ---- 5 krystallium and characters -----------------------------------------------------------------
def test_rule_5_1_five_cubes_on_the_empire_card_make_one_krystallium() -> None:
    state = planning(fresh(2))
    state.empires[0].reserve = 3
    state.empires[0].pool = {"gold": 4}
    state, events = play(state, 0, "done")
    assert (state.empires[0].krystallium, state.empires[0].reserve) == (1, 2)
    assert [e.params["krystallium"] for e in events if e.kind == "stored"] == [1]


def test_rule_5_2_krystallium_fills_resource_spaces_but_not_characters() -> None:
    state = planning(fresh(2))
    card = design(lambda d: "financier" in d.cost)
    uid = slate(state, 0, card.id)
    state.empires[0].krystallium = 20
    resources = sum(v for k, v in card.cost.items() if k not in {"financier", "general"})
    state, _ = play(state, 0, f"place {uid} krystallium {resources}")
    with pytest.raises(GameError):
        play(state, 0, f"place {uid} krystallium 1")
    assert uid not in state.empires[0].built


def test_rule_5_3_characters_fill_character_spaces() -> None:
    state = planning(fresh(2))
    card = design(lambda d: "general" in d.cost or "financier" in d.cost)
    who = "general" if "general" in card.cost else "financier"
    uid = slate(state, 0, card.id, **{k: v for k, v in card.cost.items() if k != who})
    setattr(state.empires[0], who, card.cost[who])
    state, _ = play(state, 0, f"place {uid} {who} {card.cost[who]}")
    assert uid in state.empires[0].built and getattr(state.empires[0], who) == card.bonus.get(who, 0)


def test_rule_5_4_krystallium_can_be_placed_while_planning() -> None:
    state = planning(fresh(2))
    uid = slate(state, 0, design(lambda d: d.cost == {"materials": 2}).id)
    state.empires[0].krystallium = 2
    moves = {str(m) for m in GAME.legal_moves(state, 0)}
    assert f"place {uid} krystallium 2" in moves
    state, _ = play(state, 0, f"place {uid} krystallium 2")
    assert uid in state.empires[0].built


# ---- 6 end and scoring ----------------------------------------------------------------------------
def test_rule_6_1_the_game_ends_after_the_fourth_production() -> None:
    state = planning(fresh(2))
    state.round = 4
    while state.phase != Phase.OVER:
        state, _ = everyone_done(state)
    assert GAME.to_act(state) == frozenset() and GAME.outcome(state) is not None
    with pytest.raises(GameError):
        play(state, 0, "done")


def test_rule_6_2_score_adds_points_multipliers_and_the_empire_multiplier() -> None:
    state = planning(fresh(2))
    state.empires[0].empire = "jadetide"  # side A: 2 per project
    flat = design(lambda d: d.points >= 2 and d.type.value == "project")
    per = design(lambda d: d.points_per is not None and d.points_per.per == "project")
    build_now(state, 0, flat.id)
    build_now(state, 0, per.id)
    projects = sum(1 for u in state.empires[0].built if state.design(u).type.value == "project")
    got = score(state, state.empires[0])
    assert got["cards"] == flat.points + per.points
    assert got["multipliers"] == per.points_per.points * projects
    assert got["empire"] == 2 * projects
    state.side = "b"
    assert score(state, state.empires[0])["empire"] == 0


def test_rule_6_3_each_unfinished_card_costs_a_point() -> None:
    state = planning(fresh(2))
    slate(state, 0, "st01")
    slate(state, 0, "st02")
    assert score(state, state.empires[0])["unfinished"] == -2
    free = planning(fresh(2, unfinished_penalty=0))
    slate(free, 0, "st01")
    assert score(free, free.empires[0])["unfinished"] == 0


def test_rule_6_4_leftover_cubes_and_characters_score_nothing() -> None:
    state = planning(fresh(2, side="b"))
    before = score(state, state.empires[0])["total"]
    e = state.empires[0]
    e.reserve, e.krystallium, e.financier, e.general = 4, 3, 2, 2
    assert score(state, e)["total"] == before


def test_rule_6_5_ties_break_on_built_cards_then_resources_else_shared() -> None:
    state = planning(fresh(3, side="b", unfinished_penalty=0))
    state.phase = Phase.OVER
    zero = [d.id for d in designs().values() if d.points == 0 and d.points_per is None][:2]
    build_now(state, 0, zero[0])
    build_now(state, 1, zero[1])
    state.empires[1].krystallium = 2
    outcome = GAME.outcome(state)
    ranks = {s.seat: s.rank for s in outcome.standings}
    assert ranks == {1: 1, 0: 2, 2: 3}
    assert [k for k, _ in outcome.reasons] == ["tiebreak.built"]
    state.empires[0].krystallium = 2
    assert {s.seat: s.rank for s in GAME.outcome(state).standings} == {0: 1, 1: 1, 2: 3}


# ---- 7 solo ---------------------------------------------------------------------------------------
def test_rule_7_1_solo_plans_two_piles_of_five_each_round() -> None:
    state = fresh(1)
    assert state.phase == Phase.PLANNING and len(state.empires[0].drafted) == 5
    for uid in list(state.empires[0].drafted):
        state, _ = play(state, 0, f"recycle {uid}")
    state, events = play(state, 0, "done")
    assert "solo_pile" in kinds(events) and len(state.empires[0].drafted) == 5
    assert state.empires[0].pool == {}  # first pile's cubes could not be saved


def test_rule_7_2_no_supremacy_in_solo() -> None:
    result = playout(GAME, 1, 3, bots=True)
    state = GAME.setup(1, {}, 3)
    for seat, text in result.log:
        applied = GAME.apply(state, seat, text)
        assert not {"supremacy", "supremacy_choice"} & set(kinds(applied.events))
        state = applied.state


# ---- 8 table rulings ------------------------------------------------------------------------------
def test_rule_8_1_moves_that_reveal_or_deal_are_irreversible() -> None:
    state = fresh(2)
    state, first = play(state, 0, f"pick {state.empires[0].hand[0]}")
    assert not GAME.irreversible(first)
    state, second = play(state, 1, f"pick {state.empires[1].hand[0]}")
    assert GAME.irreversible(second)


def test_every_rule_in_the_reference_has_a_scenario_test() -> None:
    rules = re.findall(r"^- \*\*(\d+)\.(\d+)\*\*", REFERENCE.read_text(encoding="utf-8"), re.M)
    names = {name for name in globals() if name.startswith("test_rule_")}
    missing = [f"{a}.{b}" for a, b in rules if not any(n.startswith(f"test_rule_{a}_{b}_") for n in names)]
    assert rules and missing == []
