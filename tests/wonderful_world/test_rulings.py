"""One scenario test per ruling R of docs/rules/wonderful-world.md, named after the ruling.

Each test plays the position the ruling decides and checks the choice made, so that playing it the
other way (the rules text's way, or the published game's) fails the test."""

from __future__ import annotations

import pytest

from games.core import GameError
from games.wonderful_world import GAME
from games.wonderful_world.cards import designs, empires
from games.wonderful_world.moves import Build, Done, Place, Recycle
from games.wonderful_world.scoring import score
from games.wonderful_world.state import Phase, WorldState
from games.wonderful_world.steps import SOLO_PILE
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


def _pick_all(state: WorldState, order: list[int]) -> WorldState:
    for seat in order:
        state, _ = play(state, seat, f"pick {state.empires[seat].hand[0]}")
    return state


def _produced(events: list, resource: str) -> dict[int, int]:
    return {e.params["seat"]: e.params["count"] for e in events
            if e.kind == "produced" and e.params["resource"] == resource}


# ---- R1 no start player, R2 empires at random, R3 unlimited supply --------------------------------
def test_ruling_R1_no_start_player_everyone_acts_at_once() -> None:
    state = fresh(4)
    assert GAME.to_act(state) == {0, 1, 2, 3}
    forwards, backwards = _pick_all(GAME.copy(state), [0, 1, 2, 3]), _pick_all(GAME.copy(state), [3, 2, 1, 0])
    assert GAME.dumps(forwards) == GAME.dumps(backwards)   # no seat's pick comes first
    state = planning(state)
    assert GAME.to_act(state) == {0, 1, 2, 3}
    for seat in range(4):
        state.empires[seat].empire = "aurora"               # materials 3 for everyone
        slate(state, seat, "st01")                          # materials 3
    state, _ = everyone_done(state)
    assert state.resource.value == "materials" and GAME.to_act(state) == {0, 1, 2, 3}


def test_ruling_R2_empire_cards_are_dealt_at_random() -> None:
    def dealt(seed: int) -> list[str]:
        return [e.empire for e in fresh(5, seed=seed).empires]

    assert sorted(dealt(1)) == sorted(empires())
    assert dealt(1) == dealt(1)
    assert len({tuple(dealt(seed)) for seed in range(8)}) > 1
    state = fresh(2)
    assert not [m for m in GAME.legal_moves(state, 0) if "empire" in str(m)]   # nothing to choose


def test_ruling_R3_the_supply_never_runs_out() -> None:
    state = planning(fresh(3))
    state.empires[0].empire, state.empires[1].empire, state.empires[2].empire = "aurora", "meridian", "sunspire"
    state.empires[0].financier = 40                        # all 40 financiers of the box
    state.empires[0].krystallium, state.empires[0].reserve = 15, 4   # all 15 krystallium of the box
    state.empires[0].pool = {"gold": 1}
    state, events = everyone_done(state)                    # stores the cube, then materials 3 vs 2 vs 2
    assert state.empires[0].krystallium == 16          # the 16th, beyond the box's 15
    assert state.empires[0].financier == 41
    assert "supremacy" in kinds(events)


# ---- R4 ten cards for two, R5 alternating direction ------------------------------------------------
def test_ruling_R4_two_players_are_dealt_ten_and_discard_three() -> None:
    assert [len(e.hand) for e in fresh(3).empires] == [7, 7, 7]
    state = fresh(2)
    assert [len(e.hand) for e in state.empires] == [10, 10]
    for _ in range(7):
        state = _pick_all(state, [0, 1])
    assert [len(e.drafted) for e in state.empires] == [7, 7]
    assert len(state.discard) == 6 and all(not e.hand for e in state.empires)


def test_ruling_R5_hands_pass_left_in_odd_rounds_and_right_in_even_rounds() -> None:
    for round_no, to in ((1, 1), (2, -1), (3, 1), (4, -1)):
        state = fresh(4)
        state.round = round_no
        rest = [list(e.hand[1:]) for e in state.empires]
        state = _pick_all(state, [0, 1, 2, 3])
        assert [state.empires[(s + to) % 4].hand for s in range(4)] == rest, round_no


# ---- R6 the recycled cube, R7 the empire card produces, R8 chains ----------------------------------
def test_ruling_R6_a_recycled_cube_is_placed_while_planning_or_stored() -> None:
    state = planning(fresh(2))
    target = slate(state, 0, "st01")                        # materials 3
    uid = take_card(state, design(lambda d: d.recycle.value == "materials").id)
    other = take_card(state, design(lambda d: d.recycle.value == "gold").id)
    state.empires[0].drafted = [uid, other]
    state, _ = play(state, 0, f"recycle {uid}")
    assert Place(target, "materials", 1) in GAME.legal_moves(state, 0)
    state, _ = play(state, 0, f"place {target} materials 1")
    state, _ = play(state, 0, f"recycle {other}")           # gold: no card takes it
    state, _ = play(state, 0, "done")
    assert state.empires[0].construction[0].paid == {"materials": 1}
    assert state.empires[0].reserve == 1 and state.empires[0].pool == {}


def test_ruling_R7_the_empire_card_produces() -> None:
    state = planning(fresh(2))
    state.empires[0].empire, state.empires[1].empire = "aurora", "meridian"
    assert not any(e.built for e in state.empires)
    state, events = everyone_done(state)
    assert _produced(events, "materials") == {0: 3, 1: 2}
    side_b = planning(fresh(2, side="b"))
    side_b, events = everyone_done(side_b)
    assert _produced(events, "materials") == {0: 2, 1: 2}


def test_ruling_R8_a_card_built_in_its_own_step_produces_from_the_next_step() -> None:
    state = planning(fresh(2))
    for e in state.empires:
        e.empire = "aurora"                                 # materials 3, gold 1
    foundry = slate(state, 0, "st01")                       # materials 3, produces materials 2
    state, _ = everyone_done(state)
    state, _ = play(state, 0, f"place {foundry} materials 3")
    assert foundry in state.empires[0].built and state.empires[0].pool == {}
    while state.round == 1:
        state, _ = everyone_done(state)
    state = planning(state)
    state, events = everyone_done(state)
    assert _produced(events, "materials")[0] == 3 + 2


# ---- R9 supremacy, R10 nothing to place -------------------------------------------------------------
def test_ruling_R9_supremacy_hands_out_characters_with_nothing_built() -> None:
    state = planning(fresh(2))
    state.empires[0].empire, state.empires[1].empire = "aurora", "meridian"   # M3 G1 vs M2 E1 S1
    events: list = []
    while state.round == 1:
        state, more = everyone_done(state)
        events += more
    won = [(e.params["seat"], e.params["resource"], e.params["character"])
           for e in events if e.kind == "supremacy"]
    assert won == [(0, "materials", "financier"), (1, "energy", "general"), (1, "science", "financier"),
                   (0, "gold", "financier")]
    assert not any(e.built for e in state.empires)


def test_ruling_R10_a_seat_with_nothing_to_place_does_not_act() -> None:
    state = planning(fresh(2))
    for e in state.empires:
        e.empire = "aurora"
    slate(state, 0, "di06")                                 # exploration only
    slate(state, 1, "st01")                                 # materials
    state, events = everyone_done(state)
    assert state.resource.value == "materials" and GAME.to_act(state) == {1}
    assert state.empires[0].done and state.empires[0].reserve == 3
    assert [e.params["count"] for e in events if e.kind == "stored" and e.params["seat"] == 0] == [3]
    assert GAME.legal_moves(state, 0) == []


# ---- R11 kept cubes, R12 krystallium, R13 when wild pieces are placed ------------------------------
def test_ruling_R11_kept_cubes_lose_their_colour_and_only_count_towards_krystallium() -> None:
    state = planning(fresh(2))
    gold_card = slate(state, 0, "pr17")                     # gold 4
    state.empires[0].pool = {"gold": 4}
    state, _ = play(state, 0, "done")                       # kept on the empire card, not placed
    assert state.empires[0].reserve == 4 and state.empires[0].pool == {}
    state.round = 2
    state = planning(state)
    assert not [m for m in GAME.legal_moves(state, 0) if isinstance(m, Place)]
    state.empires[0].pool = {"materials": 1}
    state, _ = play(state, 0, "done")
    assert (state.empires[0].krystallium, state.empires[0].reserve) == (1, 0)
    state = planning(state)
    places = [m for m in GAME.legal_moves(state, 0) if isinstance(m, Place)]
    assert places == [Place(gold_card, "krystallium", 1)]


def test_ruling_R12_krystallium_is_a_sixth_wild_cube() -> None:
    state = planning(fresh(2))
    card = designs()["re19"]                                # science 4, krystallium 1
    uid = slate(state, 0, card.id, science=4)
    state.empires[0].pool = {r: 1 for r in ("materials", "energy", "science", "gold", "exploration")}
    assert not [m for m in GAME.legal_moves(state, 0) if isinstance(m, Place)]   # no colour fits
    state.empires[0].krystallium = 1
    state, _ = play(state, 0, f"place {uid} krystallium 1")
    assert uid in state.empires[0].built
    general = slate(state, 0, design(lambda d: "general" in d.cost).id)
    state.empires[0].krystallium = 20
    assert all(m.what != "general" for m in GAME.legal_moves(state, 0)
               if isinstance(m, Place) and m.uid == general)
    with pytest.raises(GameError):
        play(state, 0, f"place {general} general 1")


def test_ruling_R13_krystallium_and_characters_are_placed_only_while_acting() -> None:
    state = planning(fresh(2))
    uid = slate(state, 0, "st02")
    state.empires[0].krystallium = 5
    assert any(isinstance(m, Place) and m.what == "krystallium" for m in GAME.legal_moves(state, 0))
    state, _ = play(state, 0, "done")                       # seat 1 still plans
    assert GAME.to_act(state) == {1} and GAME.legal_moves(state, 0) == []
    with pytest.raises(GameError):
        play(state, 0, f"place {uid} krystallium 1")


# ---- R14 unfinished cards, R15 leftovers -------------------------------------------------------------
def test_ruling_R14_an_unfinished_card_costs_one_point_by_default() -> None:
    for penalty, expected in ((None, -1), (0, 0), (5, -5)):
        options = {} if penalty is None else {"unfinished_penalty": penalty}
        state = planning(fresh(2, **options))
        slate(state, 0, "re17")
        assert score(state, state.empires[0])["unfinished"] == expected


def test_ruling_R15_leftover_characters_and_cubes_score_nothing() -> None:
    state = planning(fresh(2, side="b"))
    build_now(state, 0, "st01")
    before = score(state, state.empires[0])["total"]
    e = state.empires[0]
    e.financier, e.general, e.krystallium, e.reserve = 5, 5, 2, 4
    assert score(state, e)["total"] == before


# ---- R16–R18 solo --------------------------------------------------------------------------------
def test_ruling_R16_solo_plans_two_piles_of_five_a_round() -> None:
    state = fresh(1)
    deck = len(state.deck)
    assert deck == 150 - SOLO_PILE and not state.empires[0].hand
    assert state.phase == Phase.PLANNING and len(state.empires[0].drafted) == SOLO_PILE
    first, *rest = state.empires[0].drafted
    for uid in rest:
        state, _ = play(state, 0, f"recycle {uid}")
    state, _ = play(state, 0, f"build {first}")
    state, events = play(state, 0, "done")
    assert state.empires[0].pool == {} and state.empires[0].reserve == 4   # not saved for pile 2
    assert "solo_pile" in kinds(events) and state.phase == Phase.PLANNING
    assert len(state.empires[0].drafted) == SOLO_PILE and len(state.deck) == deck - SOLO_PILE
    for uid in list(state.empires[0].drafted):
        state, _ = play(state, 0, f"recycle {uid}")
    state, events = play(state, 0, "done")
    assert "production" in kinds(events)                    # the round's planning is over


def test_ruling_R17_solo_has_no_discard_two_draw_five_option() -> None:
    result = playout(GAME, 1, 7, bots=True)
    state = GAME.setup(1, {}, 7)
    deck = {1: len(state.deck)}
    for seat, text in result.log:
        if state.phase == Phase.PLANNING:
            kinds_now = {type(m) for m in GAME.legal_moves(state, seat)}
            assert kinds_now <= {Build, Recycle, Place, Done}
        state = GAME.apply(state, seat, text).state
        deck.setdefault(state.round, len(state.deck))     # a new round: its first pile dealt
    assert deck[1] == 150 - SOLO_PILE
    assert [deck[r - 1] - deck[r] for r in (2, 3, 4)] == [2 * SOLO_PILE] * 3


def test_ruling_R18_solo_has_no_supremacy_threshold_and_no_medals() -> None:
    state = planning(fresh(1))
    state.solo_pile = 1                                     # the round's second pile, planned
    state.empires[0].empire = "aurora"                      # materials 3
    build_now(state, 0, "st01")
    build_now(state, 0, "st01")                             # + 2 + 2 = materials 7
    events: list = []
    while state.round == 1:
        state, more = everyone_done(state)
        events += more
    assert _produced(events, "materials") == {0: 7}
    assert not {"supremacy", "supremacy_choice"} & set(kinds(events))
    assert (state.empires[0].financier, state.empires[0].general) == (0, 0)
    state.phase = Phase.OVER
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.standings) == 1 and outcome.reasons == ()


# ---- R19 an admin's end --------------------------------------------------------------------------
def test_ruling_R19_an_admins_end_ranks_by_the_running_score() -> None:
    state = planning(fresh(3, side="b"))
    scoring = design(lambda d: d.points >= 2 and not d.points_per)
    build_now(state, 1, scoring.id)                         # seat 1 leads on card points
    build_now(state, 0, design(lambda d: d.points == 0 and not d.points_per).id)
    slate(state, 2, scoring.id)                             # seat 2: an unfinished card costs 1 (R14)
    assert GAME.outcome(state) is None                      # the game is not over
    forced = GAME.force_end(state)
    assert forced.reasons[0] == ("outcome.force_ended", {})
    totals = {s.seat: s.score for s in forced.standings}
    assert totals == {seat: score(state, e)["total"] for seat, e in enumerate(state.empires)}
    assert totals[1] > totals[0] > totals[2]
    assert [(s.seat, s.rank) for s in forced.standings] == [(1, 1), (0, 2), (2, 3)]
    assert forced.standings[0].breakdown == score(state, state.empires[1])   # per-part scoring shown
    assert state.phase == Phase.PLANNING                    # the state itself is untouched
