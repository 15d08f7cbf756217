"""The gathering phase (取材): rules 2.1-2.20 and rulings R1-R14 of docs/rules/megarich-gathering.md, each with its
scenario, plus seeded random playouts that check the day's course and the conservation laws after every move."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from games.core.errors import GameError, IllegalMove
from games.core.events import Event
from games.core.i18n import CORE_CATALOG, Catalog
from games.core.rng import Rng
from games.megarich import board, gathering, tram
from games.megarich.events import card, deck, draw, eligible, gain_item, option_labels, random_item, result_text
from games.megarich.gathering import ECONOMY, FLOW, corruptions, cutoff, invariants, legal, play, setup, terms
from games.megarich.items import catalogue
from games.megarich.moves import (
    Buy,
    Choose,
    Done,
    Explore,
    Gather,
    Go,
    Portal,
    Train,
    Travel,
    Upgrade,
    Use,
    read,
)
from games.megarich.state import (
    FEVER,
    HOSPITAL,
    NOBODY,
    PARALLEL,
    CandidateF,
    ChanceF,
    FreeF,
    GatherState,
    MoveF,
    Offer,
    ShopF,
)

CATALOG = Catalog.load(Path(gathering.__file__).with_name("messages.toml"), parent=CORE_CATALOG)


# ---- helpers ----------------------------------------------------------------------------------------------------
def fresh(players: int = 2, seed: str = "gather") -> GatherState:
    return setup(players, Rng.from_seed(seed))


def cell_where(state: GatherState, ok: Callable[[board.Place], bool]) -> board.Cell:
    """A cell holding a regular place satisfying ``ok``, not next to a key city."""
    world = board.atlas()
    for cell in state.layout.cells():
        found = world.by_id[state.tile_at(cell)]
        if isinstance(found, board.Place) and ok(found) and board.next_to_key_city(cell) is None:
            return cell
    raise AssertionError("no such cell")


def free(state: GatherState, seat: int | None = None, cell: board.Cell | None = None, clock: int | None = None) -> int:
    """Open the free-action phase for ``seat`` (default: the current one), optionally on ``cell`` at ``clock``."""
    seat = state.current if seat is None else seat
    state.turn = state.order.index(seat)
    state.stack = [FreeF(seat)]
    if cell is not None:
        state.seats[seat].cell = cell
    if clock is not None:
        state.seats[seat].clock = clock
    return seat


def do(state: GatherState, seat: int, *moves: object) -> tuple[GatherState, list[Event]]:
    """Play moves (notation or typed) in turn; the final state and every event."""
    log: list[Event] = []
    for move in moves:
        typed = read(move) if isinstance(move, str) else move
        assert typed is not None, move
        state, events = play(state, seat, typed)  # type: ignore[arg-type]
        log += events
        assert invariants(state) == [], invariants(state)
    return state, log


def fund(state: GatherState, seat: int, amount: int) -> None:
    """Set a player's funds, the bank making up the difference (funds stay conserved)."""
    state.bank += state.seats[seat].funds - amount
    state.seats[seat].funds = amount


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def plain(state: GatherState) -> board.Cell:
    return cell_where(state, lambda p: True)


# ---- playouts ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_rule_2_1_a_round_is_a_day_of_turns_in_order(seed: int) -> None:
    """A seeded random playout of 4 days by random legal moves: each turn is one player's day in the turn
    order, every day ends at 22:00 or later plus 8 h of sleep, and the laws hold after every move."""
    state = setup(3 + seed % 3, Rng.from_seed(seed), days=4)
    pick = Rng.from_seed(f"moves {seed}")
    turns: list[tuple[int, int]] = []
    while not state.finished:
        (seat,) = FLOW.to_act(state)
        moves = legal(state, seat)
        assert moves and moves == sorted(moves, key=str)
        for move in moves:
            assert read(str(move)) == move
        before = state.seats[seat].clock
        round_before = state.round
        state, events = play(state, seat, pick.choice(moves))
        assert invariants(state) == []
        for event in events:
            if event.kind == "gather.turn":
                turns.append((event.params["round"], event.params["seat"]))
            if event.kind == "gather.slept":
                night = 24 * (round_before - 1) + ECONOMY.cutoff
                assert event.params["clock"] == max(night, state.seats[seat].clock - ECONOMY.sleep) + ECONOMY.sleep
                assert state.seats[seat].clock >= before
        for name, broken in corruptions(state):
            assert invariants(broken), name
    assert state.round == 5 and state.stack == []
    rounds = [r for r, _ in turns]
    assert rounds == sorted(rounds)
    for day in range(2, 5):
        assert [s for r, s in turns if r == day] == state.order
    assert all(p.clock >= 24 * 4 + 6 for p in state.seats)


def test_ruling_g13_the_starting_player_is_the_highest_d12_ties_throw_again() -> None:
    for seed in range(40):
        events: list[Event] = []
        state = setup(4, Rng.from_seed(seed), events=events)
        throws = [e for e in events if e.kind == "gather.first_throws"]
        last = throws[-1].params
        best = max(last["throws"])
        assert last["throws"].count(best) == 1
        assert state.order[0] == last["seats"][last["throws"].index(best)]
        for earlier, later in itertools.pairwise(throws):
            top = max(earlier.params["throws"])
            assert later.params["seats"] == [s for s, t in zip(earlier.params["seats"], earlier.params["throws"],
                                                               strict=True) if t == top]
        assert state.order == [(state.order[0] + k) % 4 for k in range(4)]
        assert all(p.cell == board.atlas().centre and p.funds == ECONOMY.start_funds for p in state.seats)


# ---- the move phase and the clock ---------------------------------------------------------------------------------
def test_rule_2_2_the_move_phase_is_one_standard_move() -> None:
    state = fresh()
    seat = state.current
    assert isinstance(state.stack[-1], MoveF)
    assert legal(state, seat) == sorted([Go(d) for d in range(6)], key=str)
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, Done())
    assert refused.value.key == "error.gather.move_first"
    with pytest.raises(IllegalMove):
        play(state, seat, Go(6))
    start = state.seats[seat]
    after, events = do(state, seat, "move 0")
    moved = after.seats[seat]
    assert moved.funds == start.funds - tram.MOVE_COST and moved.clock == start.clock + tram.MOVE_HOURS
    assert board.distance(start.cell, moved.cell) in {1, 2, 3}
    assert isinstance(after.stack[-1], FreeF) and kinds(events) == ["gather.moved"]
    fund(state, seat, 150)  # short: moves free (footnote 3)
    after, _ = do(state, seat, "move 3")
    assert after.seats[seat].funds == 150 and after.bank == state.bank


def test_rule_2_3_no_new_action_after_22_but_the_current_one_finishes() -> None:
    state = fresh()
    seat = free(state, cell=plain(fresh()))
    state.seats[seat].clock = cutoff(state) - 1  # 21:00: one gather may still start, and runs to 03:00
    state, events = do(state, seat, "gather", "choose 1")
    assert state.seats[seat].clock == cutoff(state) - 1 + ECONOMY.gather_hours + ECONOMY.sleep  # no jump back
    assert "gather.slept" in kinds(events) and "gather.to_night" not in kinds(events)
    assert state.current != seat


def test_ruling_g2_the_cutoff_is_at_22_00_sharp_and_the_move_phase_always_happens() -> None:
    state = fresh()
    seat = state.current
    state.seats[seat].clock = cutoff(state) + 3  # a day that began late (ruling R1)
    after, events = do(state, seat, "move 1")
    assert "gather.moved" in kinds(events) and "gather.slept" in kinds(events)  # moved, then straight to sleep
    assert after.seats[seat].clock == cutoff(state) + 3 + tram.MOVE_HOURS + ECONOMY.sleep
    state = fresh()
    seat = free(state, cell=plain(state))
    state.seats[seat].clock = cutoff(state) - 1
    assert Explore() in legal(state, seat) and Gather() in legal(state, seat)
    state.seats[seat].clock = cutoff(state)
    state.stack = [FreeF(seat)]
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, Explore())
    assert refused.value.key == "error.gather.too_late"


def test_rule_2_4_settlement_jumps_to_22_and_sleeps_8_hours() -> None:
    state = fresh()
    seat = free(state, cell=plain(state))
    state.seats[seat].clock = 10
    state, events = do(state, seat, "done")
    assert kinds(events)[:2] == ["gather.to_night", "gather.slept"]
    assert state.seats[seat].clock == 22 + 8


def test_ruling_g1_day_one_begins_at_six_and_the_clock_never_goes_back() -> None:
    state = fresh(3)
    assert [p.clock for p in state.seats] == [ECONOMY.start_hour] * 3 == [6] * 3
    seat = free(state, cell=plain(state))
    state.seats[seat].clock = 23
    state, _ = do(state, seat, "done")
    assert state.seats[seat].clock == 31  # 07:00 of day 2: a late night makes a late morning
    assert gathering.clock_text(31) == "day 2 07:00"


# ---- gathering and patents ----------------------------------------------------------------------------------------
def test_rule_2_5_gather_takes_6_hours_once_per_phase() -> None:
    state = fresh()
    seat = free(state, cell=plain(state))
    clock = state.seats[seat].clock
    state, _ = do(state, seat, "gather", "choose 2")
    assert state.seats[seat].clock == clock + 6
    assert Gather() not in legal(state, seat) and Upgrade() not in legal(state, seat)
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, Upgrade())
    assert refused.value.key == "error.gather.gathered_already"
    state.stack = [FreeF(seat)]
    state.seats[seat].cell = board.atlas().centre
    assert Gather() not in legal(state, seat)
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, Gather())
    assert refused.value.key == "error.gather.key_city"


def test_rule_2_6_the_first_gatherer_chooses_the_candidate() -> None:
    state = fresh()
    cell = plain(state)
    tile = state.tile_at(cell)
    seat = free(state, cell=cell)
    state, events = do(state, seat, "gather")
    assert isinstance(state.stack[-1], CandidateF) and legal(state, seat) == [Choose(1), Choose(2), Choose(3)]
    with pytest.raises(IllegalMove):
        play(state, seat, Choose(4))
    state, events = do(state, seat, "choose 3")
    assert state.tiles[tile].candidate == 2
    other = 1 - seat
    state.stack = [FreeF(other)]
    state.turn = state.order.index(other)
    state.seats[other].cell = cell
    state, events = do(state, other, "gather")
    assert "gather.candidate" not in kinds(events) and state.tiles[tile].candidate == 2


def test_rule_2_7_the_first_successful_gatherer_takes_the_patent() -> None:
    state = fresh()
    cell = plain(state)
    tile = state.tile_at(cell)
    seat = free(state, cell=cell)
    fund(state, seat, ECONOMY.level(1).price - 1)
    state, events = do(state, seat, "gather", "choose 1")
    assert "gather.failed" in kinds(events)
    assert state.tiles[tile].candidate == 0 and state.tiles[tile].patent == NOBODY  # chose, but did not succeed
    assert state.seats[seat].funds == ECONOMY.level(1).price - 1 and tile not in state.seats[seat].blocks
    other = free(state, 1 - seat, cell)
    state, events = do(state, other, "gather")
    assert state.tiles[tile].patent == other and state.seats[other].blocks == {tile: 1}
    assert state.seats[other].funds == ECONOMY.start_funds - ECONOMY.level(1).price
    assert state.bank == ECONOMY.start_funds - (ECONOMY.level(1).price - 1) + ECONOMY.level(1).price


def test_rule_2_8_the_holder_upgrades_at_most_three_times() -> None:
    state = fresh()
    cell = plain(state)
    tile = state.tile_at(cell)
    seat = free(state, cell=cell)
    fund(state, seat, 10_000)
    state, _ = do(state, seat, "gather", "choose 1")
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, Gather())
    assert refused.value.key == "error.gather.gathered_already"
    spent = ECONOMY.level(1).price
    for level in (2, 3, 4):
        free(state, seat, cell)
        state.seats[seat].clock = 8
        assert Upgrade() in legal(state, seat) and Gather() not in legal(state, seat)
        state, _events = do(state, seat, "upgrade")
        spent += ECONOMY.level(level).upgrade
        assert state.seats[seat].blocks[tile] == level and state.seats[seat].funds == 10_000 - spent
    free(state, seat, cell)
    state.seats[seat].clock = 8
    assert Upgrade() not in legal(state, seat)
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, Upgrade())
    assert refused.value.key == "error.gather.nothing_to_gain"


def test_rule_2_9_others_pay_the_fee_for_the_block() -> None:
    state = fresh()
    cell = plain(state)
    tile = state.tile_at(cell)
    holder = free(state, cell=cell)
    other = 1 - holder
    fund(state, holder, 10_000)
    state, _ = do(state, holder, "gather", "choose 1")
    free(state, other, cell)
    with pytest.raises(IllegalMove) as refused:
        play(state, other, Upgrade())
    assert refused.value.key == "error.gather.not_holder"
    state, _ = do(state, other, "gather")
    fee1 = ECONOMY.level(1).fee
    assert state.seats[other].blocks == {tile: 1} and state.seats[other].funds == ECONOMY.start_funds - fee1
    assert state.seats[holder].funds == 10_000 - ECONOMY.level(1).price + fee1
    assert state.tiles[tile].holders == [holder, other]


def test_ruling_g4_a_licensee_rises_to_one_level_below_the_holder() -> None:
    state = fresh()
    cell = plain(state)
    tile = state.tile_at(cell)
    holder = free(state, cell=cell)
    other = 1 - holder
    fund(state, holder, 10_000)
    fund(state, other, 10_000)
    state, _ = do(state, holder, "gather", "choose 1")
    free(state, other, cell)
    state, _ = do(state, other, "gather")
    free(state, other, cell)
    assert Gather() not in legal(state, other)  # the holder is at 1: 次一级 with a floor of 1 is 1
    for _ in range(3):
        free(state, holder, cell, clock=8)
        state, _ = do(state, holder, "upgrade")
    paid = state.seats[other].funds
    for level in (2, 3):
        free(state, other, cell, clock=8)
        state, _ = do(state, other, "gather")
        assert state.seats[other].blocks[tile] == level
        paid -= ECONOMY.level(level).fee
        assert state.seats[other].funds == paid
    free(state, other, cell, clock=8)
    assert terms(state, other, tile).kind == "none" and Gather() not in legal(state, other)


def test_rule_2_10_a_lost_block_passes_the_patent_to_the_next_acquirer() -> None:
    state = fresh(3)
    cell = plain(state)
    tile = state.tile_at(cell)
    first, second, third = state.order
    fund(state, first, 10_000)
    for seat in (first, second, third):
        free(state, seat, cell)
        state, _ = do(state, seat, "gather", *(["choose 1"] if seat == first else []))
    assert state.tiles[tile].holders == [first, second, third]
    stolen = card("stolen_sketchbook")
    free(state, first, cell)
    work = msgspec.json.decode(msgspec.json.encode(state), type=GatherState)
    events: list[Event] = []
    gathering.apply_effects(work, first, stolen.effects, events)
    assert work.tiles[tile].patent == second and work.tiles[tile].holders == [second, third]
    assert events[-1] == Event("gather.block_lost", {"seat": first, "tile": tile, "patent": second})
    for seat in (second, third):
        gathering.apply_effects(work, seat, stolen.effects, events)
    assert work.tiles[tile].patent == NOBODY and work.tiles[tile].holders == []
    assert invariants(work) == []
    free(work, first, cell)
    assert terms(work, first, tile).kind == "buy"  # back on the board: the next successful gatherer takes it


# ---- explore and special moves -------------------------------------------------------------------------------------
def test_rule_2_11_explore_draws_an_event_repeatably_but_not_in_debt() -> None:
    state = fresh()
    seat = free(state, cell=plain(state))
    drawn = 0
    for _ in range(3):
        state.stack = [FreeF(seat, acted=True)]
        state.seats[seat].clock = 8
        state.seats[seat].states.clear()
        state, events = play(state, seat, Explore())
        drawn += kinds(events).count("gather.event")
    assert drawn == 3
    state.stack = [FreeF(seat)]
    state.seats[seat].states.clear()
    state.seats[seat].clock = 8
    fund(state, seat, -1)
    assert Explore() not in legal(state, seat)
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, Explore())
    assert refused.value.key == "error.gather.in_debt"


def test_rule_2_12_special_moves_only_before_other_actions() -> None:
    state = fresh()
    world = board.atlas()
    seat = free(state, cell=world.centre)
    assert any(isinstance(m, Train) for m in legal(state, seat))
    state, events = do(state, seat, "explore")
    assert "gather.event" in kinds(events)
    state.stack = [FreeF(seat, acted=True)]
    state.seats[seat].cell = world.centre
    assert not any(isinstance(m, Train) for m in legal(state, seat))
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, Train(board.key_city_neighbours()["shishi"][0]))
    assert refused.value.key == "error.gather.special_first"


def test_ruling_g7_special_moves_may_follow_one_another() -> None:
    state = fresh()
    world = board.atlas()
    seat = free(state, cell=world.centre)
    near = board.key_city_neighbours()["huixing"][0]
    state, _ = do(state, seat, Train(near), Train(world.key_city("top").cell))
    assert state.seats[seat].cell == world.key_city("top").cell
    assert state.seats[seat].clock == ECONOMY.start_hour + 2 * ECONOMY.train_hours


def test_rule_2_13_the_intercity_train_takes_an_hour() -> None:
    state = fresh()
    world = board.atlas()
    near = board.key_city_neighbours()["yiwu"][2]
    seat = free(state, cell=near)
    trains = [m for m in legal(state, seat) if isinstance(m, Train)]
    assert trains == [Train(world.key_city("bottom").cell)]
    state, _events = do(state, seat, trains[0])
    assert state.seats[seat].cell == world.key_city("bottom").cell
    assert state.seats[seat].clock == ECONOMY.start_hour + 1
    free(state, seat, plain(state))
    assert not any(isinstance(m, Train) for m in legal(state, seat))
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, Train(world.centre))
    assert refused.value.key == "error.gather.no_train"


def test_rule_2_14_the_portal_goes_to_its_preset_tile_in_no_time() -> None:
    state = fresh()
    seat = free(state, cell=plain(state))
    assert Portal() not in legal(state, seat)
    with pytest.raises(IllegalMove):
        play(state, seat, Portal())
    target = board.atlas().key_city("top").cell
    state.seats[seat].portal = target
    clock = state.seats[seat].clock
    state, _ = do(state, seat, "portal")
    assert state.seats[seat].cell == target and state.seats[seat].clock == clock
    assert state.seats[seat].portal is None


def test_rule_2_15_travel_only_under_travel_fever() -> None:
    state = fresh()
    seat = free(state, cell=plain(state))
    assert not any(isinstance(m, Travel) for m in legal(state, seat))
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, Travel(0))
    assert refused.value.key == "error.gather.no_fever"
    state.seats[seat].states[FEVER] = 0
    assert sorted((m for m in legal(state, seat) if isinstance(m, Travel)), key=str) == [Travel(d) for d in range(6)]
    funds, clock = state.seats[seat].funds, state.seats[seat].clock
    state, _events = do(state, seat, "travel 2", "travel 4")
    assert state.seats[seat].funds == funds - 2 * tram.MOVE_COST
    assert state.seats[seat].clock == clock + 2 * tram.MOVE_HOURS and state.seats[seat].states[FEVER] == 2


# ---- abnormal states ---------------------------------------------------------------------------------------------
def test_rule_2_16_hospital_skips_moves_gathers_at_80_percent_on_d12_4_and_ends_after_two_skips() -> None:
    state = fresh(2, "hospital")
    cell = plain(state)
    tile = state.tile_at(cell)
    seat = state.current
    state.seats[seat].cell = cell
    state.stack = [FreeF(seat)]
    events: list[Event] = []
    gathering.apply_effects(state, seat, card("rockfall").effects, events)  # hospitalised mid-turn
    assert state.seats[seat].halted
    FLOW.settle(state, events)
    assert "gather.slept" in kinds(events) and state.current != seat  # the phase ended at once
    state, _ = do(state, state.current, "done") if isinstance(state.stack[-1], FreeF) else do(
        state, state.current, "move 0", "done")
    assert state.current == seat and isinstance(state.stack[-1], FreeF)  # the move phase is skipped
    assert state.seats[seat].states[HOSPITAL] == 1
    assert legal(state, seat) == [Done(), Gather()]
    assert terms(state, seat, tile).cost == ECONOMY.level(1).price * 80 // 100
    throws: Counter[bool] = Counter()
    for k in range(60):
        trial = msgspec.json.decode(msgspec.json.encode(state), type=GatherState)
        trial.rng = Rng.from_seed(k)
        trial, events = do(trial, seat, "gather", "choose 1")
        throw = next(e.params["throw"] for e in events if e.kind == "gather.hospital_throw")
        won = "gather.gathered" in kinds(events)
        assert won == (throw >= 4)
        if won:
            assert trial.seats[seat].funds == ECONOMY.start_funds - ECONOMY.level(1).price * 80 // 100
        throws[won] += 1
    assert throws[True] > throws[False] > 0
    state, _ = do(state, seat, "done")
    assert HOSPITAL in state.seats[seat].states  # one skip so far
    while state.current != seat:
        other = state.current
        state, _ = do(state, other, *(["move 0"] if isinstance(state.stack[-1], MoveF) else []), "done")
    assert state.seats[seat].states[HOSPITAL] == 2
    state, events = do(state, seat, "done")
    assert HOSPITAL not in state.seats[seat].states and "gather.left" in kinds(events)


def test_rule_2_17_parallel_reality_explores_its_own_pool_and_frees_its_patents() -> None:
    state = fresh(2, "parallel")
    cell = plain(state)
    tile = state.tile_at(cell)
    holder = free(state, cell=cell)
    other = 1 - holder
    state, _ = do(state, holder, "gather", "choose 1")
    state.seats[holder].states[PARALLEL] = 0
    assert {c.kind for c, _ in eligible(state, holder, ECONOMY.weights)} == {"parallel"}
    fund(state, holder, -500)
    free(state, holder, cell)
    assert legal(state, holder) == [Done(), Explore()]  # no funds floor, nothing but explore
    free(state, other, cell)
    funds = state.seats[other].funds
    state, events = do(state, other, "gather")
    assert state.seats[other].funds == funds and state.seats[other].blocks == {tile: 1}  # no fee to pay
    state.stack = [MoveF(holder)]
    state.turn = state.order.index(holder)
    state.stack = []
    events = []
    gathering.begin_turn(state, events)
    assert kinds(events) == ["gather.turn", "gather.move_skipped"] and isinstance(state.stack[-1], FreeF)


def test_ruling_g10_about_12_percent_of_explores_find_the_way_back() -> None:
    state = fresh(2, "way back")
    seat = free(state, cell=plain(state))
    back = 0
    trials = 2000
    for k in range(trials):
        trial = msgspec.json.decode(msgspec.json.encode(state), type=GatherState)
        trial.rng = Rng.from_seed(f"back {k}")
        trial.seats[seat].states[PARALLEL] = 0
        trial, events = play(trial, seat, Explore())
        if "gather.way_back" in kinds(events):
            back += 1
            assert PARALLEL not in trial.seats[seat].states and "gather.event" not in kinds(events)
        else:
            assert card(next(e.params["card"] for e in events if e.kind == "gather.event")).kind == "parallel"
    assert 0.10 < back / trials < 0.14


def test_rule_2_18_travel_fever_allows_only_special_moves_and_ends_after_five_moves() -> None:
    state = fresh(2, "fever")
    seat = free(state, cell=plain(state))
    state.seats[seat].states[FEVER] = 0
    assert all(isinstance(m, Travel | Done | Train | Portal | Use) for m in legal(state, seat))
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, Gather())
    assert refused.value.key == "error.gather.fever_travels"
    state, _ = do(state, seat, "travel 0", "travel 0", "travel 0", "travel 0")
    assert state.seats[seat].states[FEVER] == 4
    state, events = do(state, seat, "done")
    assert FEVER in state.seats[seat].states  # 4 moves: not yet
    while state.current != seat:
        state, _ = do(state, state.current, "move 0", "done")
    state, events = do(state, seat, "move 0")  # the fifth move: the move phase's
    assert state.seats[seat].states[FEVER] == 5
    state, events = do(state, seat, "done")
    assert FEVER not in state.seats[seat].states and "gather.left" in kinds(events)


def test_ruling_g8_fever_counts_every_move_but_not_an_events_move() -> None:
    state = fresh(2, "fever count")
    world = board.atlas()
    seat = free(state, cell=world.centre)
    state.seats[seat].states[FEVER] = 0
    state.seats[seat].portal = plain(state)
    state, _ = do(state, seat, Train(board.key_city_neighbours()["shishi"][1]), "portal")
    assert state.seats[seat].states[FEVER] == 2
    gathering.apply_effects(state, seat, card("missed_bus").effects, [])
    assert state.seats[seat].states[FEVER] == 2


def test_ruling_g11_states_stack_and_done_is_always_there() -> None:
    state = fresh(2, "stack")
    seat = free(state, cell=plain(state))
    state.seats[seat].states = {HOSPITAL: 0, PARALLEL: 0}
    assert legal(state, seat) == [Done()]


# ---- events and items ----------------------------------------------------------------------------------------------
def test_rule_2_19_fate_chance_and_trade_events() -> None:
    state = fresh(2, "events")
    seat = free(state, cell=plain(state))
    funds = state.seats[seat].funds
    events: list[Event] = []
    gathering.apply_effects(state, seat, card("scratch_ticket").effects, events)
    assert state.seats[seat].funds == funds + 500
    state.stack.append(ChanceF(seat, "night_market"))
    assert legal(state, seat) == [Choose(1), Choose(2)]
    assert option_labels("night_market", "en") == ("Have a taste", "Eat your fill")
    hidden = msgspec.json.encode(state).decode()
    assert all(o.result_en not in hidden and o.result_zh not in hidden for o in card("night_market").choice)
    state, events = do(state, seat, "choose 1")
    assert result_text("night_market", events[0].params["option"], "zh").startswith("摊主")
    assert kinds(events) == ["gather.chose", "gather.result", "gather.funds", "gather.item"]
    assert "energy_bar" in state.seats[seat].items
    state.stack.append(ShopF(seat, "wandering_merchant", [Offer("mirror_compass", 700),
                                                          Offer("mayors_card", 1200)]))
    assert legal(state, seat) == [Buy(1), Buy(2), Done()]
    state, events = do(state, seat, "buy 1")
    assert "mirror_compass" in state.seats[seat].items and Buy(1) not in legal(state, seat)
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, Buy(1))
    assert refused.value.key == "error.gather.bought_already"
    state, events = do(state, seat, "done")
    assert state.gone == ["mayors_card"] and "gather.unique_gone" in kinds(events)  # passed up: out of the game


def test_ruling_g9_cards_are_drawn_by_weight_tile_cards_only_on_their_tiles() -> None:
    state = fresh(2, "draws")
    seat = free(state, cell=cell_where(state, lambda p: p.tag == "culture"))
    ids = {c.id for c, _ in eligible(state, seat, ECONOMY.weights)}
    assert "curators_invitation" in ids and "strange_mist" not in ids and "rush_hour" not in ids
    assert {card(i).kind for i in ids} == {"fate", "chance", "trade", "tile"}
    state.seats[seat].cell = board.atlas().centre
    assert {c.kind for c, _ in eligible(state, seat, ECONOMY.weights)} == {"fate", "chance", "trade"}
    counts: Counter[str] = Counter()
    for _ in range(3000):
        counts[card(draw(state, seat, ECONOMY.weights).id).kind] += 1
    assert 0.35 < counts["fate"] / 3000 < 0.45 and 0.15 < counts["trade"] / 3000 < 0.25


def test_ruling_g12_items_take_no_time_and_their_flags_work() -> None:
    state = fresh(2, "items")
    seat = state.current
    state.seats[seat].items = ["pod_locomotive", "lucky_cat"]
    assert Go(0, 5) in legal(state, seat) and Use("lucky_cat") in legal(state, seat)
    assert Use("pod_locomotive") not in legal(state, seat)
    clock = state.seats[seat].clock
    state, _ = do(state, seat, "use lucky_cat", "move 0 5")
    assert state.seats[seat].funds == ECONOMY.start_funds + 800 - tram.MOVE_COST
    assert state.seats[seat].clock == clock + tram.MOVE_HOURS
    with pytest.raises(IllegalMove) as refused:
        play(state, seat, Use("lucky_cat"))
    assert refused.value.key == "error.gather.no_item"
    events: list[Event] = []
    gain_item(state, seat, "itchy_card", events)
    assert state.seats[seat].buffs == {"itchy_card": 2}
    assert gathering.limits(state.seats[seat]) == (1,)


def test_rule_2_20_items_by_rarity_and_timing_uniques_once() -> None:
    items = catalogue()
    assert len(items) >= 8
    assert {i.rarity for i in items.values()} == {"common", "uncommon", "rare", "legendary", "unique"}
    assert {i.timing for i in items.values()} == {"consumable", "triggered", "buff", "permanent"}
    state = fresh(2, "unique")
    events: list[Event] = []
    gain_item(state, 0, "mayors_card", events)
    gain_item(state, 1, "mayors_card", events)
    assert state.seats[0].items == ["mayors_card"] and state.seats[1].items == []
    assert all(random_item(state, "unique") != "mayors_card" for _ in range(60))
    gain_item(state, 0, "coin_purse", events)  # triggered: carried out, then discarded
    assert "coin_purse" not in state.seats[0].items and state.seats[0].funds == ECONOMY.start_funds + 300


def test_ruling_g3_the_patent_table() -> None:
    rows = [(lv.level, lv.price, lv.upgrade, lv.fee) for lv in ECONOMY.levels]
    assert rows == [(1, 300, 0, 100), (2, 0, 300, 200), (3, 0, 500, 350), (4, 0, 800, 550)]
    assert (ECONOMY.start_funds, ECONOMY.start_hour, ECONOMY.days) == (3000, 6, 7)


def test_ruling_g5_a_gather_that_cannot_pay_takes_time_and_nothing_else() -> None:
    state = fresh(2, "poor")
    cell = plain(state)
    seat = free(state, cell=cell)
    fund(state, seat, 0)
    clock = state.seats[seat].clock
    state, events = do(state, seat, "gather", "choose 2")
    assert "gather.failed" in kinds(events) and state.seats[seat].clock == clock + 6
    assert state.seats[seat].funds == 0 and state.bank == ECONOMY.start_funds
    assert state.tiles[state.tile_at(cell)].candidate == 1


def test_ruling_g6_a_failed_hospital_throw_pays_nothing_and_hospital_ends_the_turn() -> None:
    state = fresh(2, "hospital throw")
    cell = plain(state)
    seat = free(state, cell=cell)
    state.seats[seat].states[HOSPITAL] = 1
    for k in range(40):
        trial = msgspec.json.decode(msgspec.json.encode(state), type=GatherState)
        trial.rng = Rng.from_seed(k)
        trial, events = do(trial, seat, "gather", "choose 1")
        if "gather.failed" in kinds(events):
            assert trial.seats[seat].funds == ECONOMY.start_funds and trial.bank == 0
            break
    else:
        raise AssertionError("no failed throw in 40 tries")
    state.stack = [FreeF(seat)]
    state.seats[seat].states.clear()
    state.stack.append(ChanceF(seat, "night_market"))
    state, events = do(state, seat, "choose 2")
    assert "gather.entered" in kinds(events) and "gather.slept" in kinds(events)


def test_ruling_g14_funds_are_conserved_with_the_bank() -> None:
    state = fresh(3, "bank")
    assert state.money() == 3 * ECONOMY.start_funds and state.bank == 0
    for name, broken in corruptions(state):
        assert invariants(broken), name
    assert {n for n, _ in corruptions(state)} >= {"funds from nowhere", "no turn open"}


# ---- data and wording ------------------------------------------------------------------------------------------------
def test_the_content_is_enough_to_play() -> None:
    cards = deck()
    assert len(cards) >= 12
    assert Counter(c.kind for c in cards.values()).keys() == {"fate", "chance", "trade", "tile", "parallel"}
    for c in cards.values():
        assert c.zh and c.en and c.text_zh and c.text_en
        for option in c.choice:
            assert option.result_zh and option.result_en


def test_every_event_and_error_has_words_in_both_languages() -> None:
    text = Path(gathering.__file__).read_text(encoding="utf-8") + \
        Path(gathering.__file__).with_name("events.py").read_text(encoding="utf-8")
    import re

    keys = set(re.findall(r'"(error\.gather\.\w+)"', text)) | {f"event.{k}" for k in
                                                               re.findall(r'Event\("(gather\.\w+)"', text)}
    assert len(keys) > 40
    for key in keys:
        for lang in ("en", "zh"):
            assert key in CATALOG.messages[lang], (lang, key)


def test_notation_reads_back() -> None:
    moves = [Go(3), Go(3, 5), Travel(2), Gather(), Upgrade(), Choose(2), Explore(), Train((8, 3)), Portal(),
             Buy(1), Use("energy_bar"), Done()]
    for move in moves:
        assert read(str(move)) == move
    assert read("train 8, 3") == Train((8, 3)) and read("move") is None and read("fly 3") is None


def test_errors_are_game_errors_and_leave_the_state_alone() -> None:
    state = fresh()
    before = msgspec.json.encode(state)
    with pytest.raises(GameError):
        play(state, 1 - state.current, Go(0))
    with pytest.raises(GameError):
        play(state, state.current, Go(0, 9))
    assert msgspec.json.encode(state) == before
