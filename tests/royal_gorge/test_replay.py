"""The five 18xx.games records of 18 Royal Gorge replayed through the engine and checked against the oracle
(the 18xx.games engine's state after every action) step by step.

A table is set up as the record was (player order, the drawn railroads and privates as options, ruleset
``18xx``, the optional rules); every kept action goes through ``records.tabula_moves`` → our parser → our
``apply``, and ``project(state)`` must equal the oracle's snapshot after it (``records.compare``: the first
differing field). The records and the oracle are read from ``shared/fixtures`` at test time (``TABULA_SHARED``
overrides where); the tests skip when they are absent.

* From the start to the end of each record (:data:`STOP_BEFORE` is ``None``): the auction, stock rounds,
  operating rounds, ends of sets, train events, the game's end and its final net worth.
* Every later stock round also from the oracle's own state at its beginning (a check of the stock rounds
  alone): sales, presidencies, price drops, sold-out rises and priority.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.core import GameError, Rng
from games.royal_gorge import records as R
from games.royal_gorge.content import content
from games.royal_gorge.ending import force_finish
from games.royal_gorge.game import GAME
from games.royal_gorge.holdings import BANK, pay, total_money
from games.royal_gorge.project import project
from games.royal_gorge.state import Corp, Private, RGState, StockF
from games.royal_gorge.steps import FLOW

from .fixtures import NAMES, needs_records, oracle, record

#: The replay from the start stops before the first action taken in this round (``None``: every record is
#: replayed to its end).
STOP_BEFORE: str | None = None

#: Oracle fields not compared. Empty: every field matches.
OPERATING_ROUND_FIELDS: tuple[str, ...] = ()

#: Fields the later stock rounds cannot match because the state they start from is rebuilt from a snapshot
#: that holds operating-round things this engine does not model yet (the debt cards and RG's extra tokens after
#: the Treaty of Boston, the game-end countdown).
NOT_REBUILT = ("corporations.*.tokens_unplaced", "corporations.*.privates",
               "privates.SF-D", "privates.RG-D", "indebted", "game_end_trigger", "final_turn")

#: A recorded action the 18xx.games engine of today processes differently from its own rules, so the
#: oracle is not a reference there: stock_market i=150 sells three CF&I certificates sent as ``percent: 10``,
#: and the engine pays the seller for 10 % ($80) while moving all three certificates (docs/royal-gorge-records.md).
#: We pay for 30 % ($240). The rest of that stock round is not compared.
ORACLE_QUIRKS = {("18RoyalGorge_game_end_stock_market", 150): "players.1.cash"}
#: What the quirk leaves behind for the rest of that game: the oracle keeps player 1 as CF&I's president with
#: no share (our rebuilt state has no president there).
QUIRK_AFTERMATH = {"18RoyalGorge_game_end_stock_market": ("corporations.CF&I.president",)}

def _with_tiles(*lays: tuple[str, str, int]) -> tuple[Any, Any]:
    """Put tiles on the map for one action, and take them off after it."""
    def before(state: RGState) -> RGState:
        state = GAME.copy(state)
        for hex_id, tile, rotation in lays:
            state.laid[hex_id] = (tile, rotation)
        return state

    def after(state: RGState) -> RGState:
        for hex_id, _, _ in lays:
            del state.laid[hex_id]
        return state

    return before, after


def _eden_mine() -> tuple[Any, Any]:
    """Eden (L12) as it was when the game was played: a gold cube there."""
    def before(state: RGState) -> RGState:
        state = GAME.copy(state)
        state.gold_cubes["L12"] = 1
        return state

    return before, lambda state: state


def _in_phase(phase: str) -> tuple[Any, Any]:
    """The run scored in the phase it was played in (18xx.games keeps a loaded run's recorded revenue)."""
    kept: list[str] = []

    def before(state: RGState) -> RGState:
        state = GAME.copy(state)
        kept.append(state.phase)
        state.phase = phase
        return state

    def after(state: RGState) -> RGState:
        state.phase = kept.pop()
        return state

    return before, after


def _cfi_sale_paid_for_one() -> tuple[Any, Any]:
    """stock_market i=150: 18xx.games moves three CF&I certificates sent as ``percent: 10`` but pays for one
    ($80, not $240): the rest of the record was played on after that, so the replay does the same."""
    def after(state: RGState) -> RGState:
        pay(state, 1, BANK, 160)
        return state

    return lambda state: state, after


#: Records played under an older map or edited by hand, where 18xx.games (which does not check a recorded
#: action again when it loads a game) takes an action our engine refuses. For that one action the test puts
#: the board as the action saw it (docs/royal-gorge-records.md, tests/royal_gorge/test_routes.py
#: UNREPRODUCED): (record, index) → (patch before, undo after).
RECORD_QUIRKS = {
    # RG's 3+ runs over K5/K3, which the record lays only at i=141/142 (reordered by hand).
    ("18RoyalGorge_game_end_stock_market", 133): _with_tiles(("K5", "8", 1), ("K3", "4", 0)),
    # SF ships gold from Eden (L12), whose mine was removed from the map in October 2025.
    ("endgame_shorter_triggered_on_buy", 124): _eden_mine(),
    ("18RoyalGorge_game_end_stock_market", 150): _cfi_sale_paid_for_one(),
    # Played in Green; the replay is in Brown because i=148 (PAV's 4+) was inserted into the record later.
    ("18RoyalGorge_game_end_stock_market", 175): _in_phase("green"),
    ("endgame_triggered_on_buy", 124): _eden_mine(),
}

pytestmark = needs_records






def table_options(name: str) -> dict[str, Any]:
    """The table an import would create: the oracle's draws, ruleset 18xx, the record's optional rules."""
    setup = oracle(name).setup
    return {"ruleset": "18xx", "railroads": [R.tabula_id(r) for r in setup.railroads],
            "privates": [R.tabula_id(p.id) for p in setup.privates],
            "shorter_game_end": "shorter_game_end" in record(name).optional_rules}


def players(name: str) -> tuple[list[int], list[str]]:
    setup = oracle(name).setup
    return list(setup.player_order), [setup.player_names[i] for i in setup.player_order]


def seat_of(state: RGState, ids: list[int], entity: int | str) -> int:
    """A record entity as a seat: a player by id, a railroad by its president, a private by its owner."""
    if isinstance(entity, int):
        return ids.index(entity)
    if entity in state.corps:
        return state.corps[entity].president
    if entity.endswith("-D"):  # a debt card: the indebted railroad's president
        return state.corps[entity[:-2]].president
    owner = state.privates[entity].owner
    if isinstance(owner, str):  # a private of a railroad: its president
        return state.corps[owner].president
    assert isinstance(owner, int), entity
    return owner


def moves_by_index(name: str) -> dict[int, list[R.TabulaMove]]:
    """The Tabula moves of each kept action (the action, then the auto actions it carried)."""
    out: dict[int, list[R.TabulaMove]] = {}
    for move in R.tabula_moves(record(name)):
        out.setdefault(move.index, []).append(move)
    return out


def replay(name: str, state: RGState, indices: list[int], ignore: tuple[str, ...], until: str | None,
           quirks: dict[tuple[str, int], str] | None = None) -> tuple[RGState, int, bool]:
    """Apply the moves of the kept actions ``indices`` in order, comparing with the oracle after each, until
    the state is in round ``until``: the state reached, how many actions were checked, and whether a known
    oracle quirk (``quirks``: (record, index) → the field that differs there) stopped the comparison.

    A record's quirk (:data:`RECORD_QUIRKS`) patches the board around its action; an ``end_game`` action (an
    admin's end, not a move) ends the game as :func:`games.royal_gorge.ending.force_finish` does."""
    ids, names = players(name)
    moves, checked = moves_by_index(name), 0
    for index in indices:
        if until is not None and project(state, ids, names).round == until:
            break
        before, after = RECORD_QUIRKS.get((name, index), (None, None))
        if before is not None:
            state = before(state)
        for move in moves.get(index, []):
            seat = seat_of(state, ids, move.entity)
            assert seat in GAME.to_act(state), (name, index, move.text, seat, sorted(GAME.to_act(state)))
            try:
                state = GAME.apply(state, seat, move.text).state
            except GameError as error:
                pytest.fail(f"{name} i={index}: `{move.text}` refused ({GAME.error_text(error, 'en')}); "
                            f"record action {R.action_to_builtins(record(name).actions[index])}")
            assert GAME.invariants(state) == [], (name, index, GAME.invariants(state))
        if after is not None:
            state = after(state)
        if isinstance(record(name).actions[index], R.EndGame):
            state = GAME.copy(state)
            force_finish(state, [])
        quirk_seen = any(n == name and i <= index for n, i in ORACLE_QUIRKS)
        found = R.compare(project(state, ids, names), oracle(name).steps[index].state,
                          ignore + (QUIRK_AFTERMATH.get(name, ()) if quirk_seen else ()))
        if found is not None and quirks and quirks.get((name, index)) == found.path:
            return state, checked, True
        action = record(name).actions[index]
        assert found is None, (
            f"{name} i={index}: {found.path}: ours {found.ours!r}, theirs {found.theirs!r}; "
            f"record action {R.action_to_builtins(action)}; ours {[m.text for m in moves.get(index, [])]}")
        checked += 1
    return state, checked, False


# ---- from the start ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_the_initial_state_is_the_oracles(name: str) -> None:
    ids, names = players(name)
    state = GAME.setup(len(ids), table_options(name), seed=record(name).seed)
    assert R.compare(project(state, ids, names), oracle(name).setup.initial_state, OPERATING_ROUND_FIELDS) is None


@pytest.mark.parametrize("name", NAMES)
def test_the_record_replays_without_divergence_to_its_end(name: str) -> None:
    """Every kept action, auction to game end, matches the oracle's state after it; the game ends with the
    recorded net worth of every player and the recorded reason."""
    ids, names = players(name)
    state = GAME.setup(len(ids), table_options(name), seed=record(name).seed)
    state, checked, _ = replay(name, state, R.kept_indices(record(name)), OPERATING_ROUND_FIELDS, STOP_BEFORE)
    if STOP_BEFORE is not None:
        assert project(state, ids, names).round == STOP_BEFORE
        return
    assert checked == len(R.kept_indices(record(name)))
    assert state.finished
    final = project(state, ids, names)
    assert {p.id: p.net_worth for p in final.players} == record(name).result
    assert final.game_end_reason == record(name).game_end_reason
    outcome = GAME.outcome(state)
    assert outcome is not None
    best = max(record(name).result.values())
    assert {ids[s.seat] for s in outcome.standings if s.rank == 1} == \
        {pid for pid, worth in record(name).result.items() if worth == best}


@pytest.mark.parametrize("name", NAMES)
def test_the_records_notation_reads_back_as_the_same_moves(name: str) -> None:
    """Every move text of every record parses to a move whose notation is that text."""
    ids, _ = players(name)
    state = GAME.setup(len(ids), table_options(name), seed=record(name).seed)
    moves = moves_by_index(name)
    for index in R.kept_indices(record(name)):
        before, after = RECORD_QUIRKS.get((name, index), (None, None))
        if before is not None:
            state = before(state)
        for move in moves.get(index, []):
            seat = seat_of(state, ids, move.entity)
            parsed = GAME.parse(state, seat, move.text)
            assert str(parsed) == move.text
            state = GAME.apply(state, seat, parsed).state
        if after is not None:
            state = after(state)


# ---- the later stock rounds, from the oracle's state -------------------------------------------------------
def rebuild(name: str, snapshot: R.Snapshot) -> RGState:
    """Our state at the start of a stock round, from the oracle's snapshot there (test-only)."""
    setup = oracle(name).setup
    ids = list(setup.player_order)
    seat = {pid: i for i, pid in enumerate(ids)}
    cash = {p.id: p.cash for p in snapshot.players}
    held = {p.id: p.shares for p in snapshot.players}
    corps: dict[str, Corp] = {}
    for arrived, (cid, corp) in enumerate(snapshot.corporations.items()):
        if corp.kind == "debt":
            continue
        col = corp.market_cell[1] if corp.market_cell else -1
        president = seat[corp.president] if corp.president is not None else -1
        if president >= 0 and held[corp.president].get(cid, 0) == 0:
            president = -1  # a quirk's leftover (QUIRK_AFTERMATH)
        corps[cid] = Corp(
            id=cid, kind=corp.kind, cash=corp.cash, col=col, par_col=col, arrived=arrived,
            treasury=corp.treasury_shares_percent, market=snapshot.bank_pool.get(cid, 0),
            held=[held[pid].get(cid, 0) for pid in ids],
            president=president, floated=corp.floated,
            tranche=[0, 0, 1, 1, 2][setup.railroads.index(cid)] if cid in setup.railroads else 0,
            tokens=list(corp.tokens_placed), trains=list(corp.trains),
            stations=list(corp.tokens_placed) + [""] * (corp.tokens_unplaced or 0),
            station_costs=[0] * len(corp.tokens_placed)
            + list(content().railroad_rules.token_costs[len(corp.tokens_placed):])[:corp.tokens_unplaced or 0])
    privates = {pid: Private(id=pid, owner=seat[p.owner] if isinstance(p.owner, int) else p.owner,
                             closed=p.closed, revenue=p.revenue)
                for pid, p in snapshot.privates.items() if pid not in ("SF-D", "RG-D")}
    debt = snapshot.corporations["DEBT"].market_cell
    assert debt is not None
    state = RGState(
        players=len(ids), rng=Rng(), options=table_options(name), ruleset="18xx", railroads=list(setup.railroads),
        cash=[cash[pid] for pid in ids], order=[seat[pid] for pid in snapshot.player_order], corps=corps,
        privates=privates, phase=snapshot.phase.lower(), round="stock", turn=snapshot.turn,
        arrivals=len(snapshot.corporations), depot=dict(snapshot.depot.upcoming),
        pool_trains=list(snapshot.depot.pool_trains),
        steel={k: {c: list(v) for c, v in cols.items()} for k, cols in snapshot.available_steel.items()},
        gold_shipped=snapshot.gold_shipped, gold_cubes=dict(snapshot.gold_cubes), debt_col=debt[1],
        debt_cash=snapshot.debt_cash, treaty=snapshot.treaty_of_boston, jeweler=snapshot.local_jeweler_cash)
    state.money = total_money(state)
    state.stack.append(StockF(current=state.order[0], sold=[[] for _ in ids]))
    FLOW.settle(state, [])
    return state


def later_stock_rounds(name: str) -> list[int]:
    """The kept indices after which a later stock round has just begun."""
    out, previous = [], ""
    for index in R.kept_indices(record(name)):
        snapshot = oracle(name).steps[index].state
        if snapshot.round_type == "Stock" and snapshot.turn > 1 and snapshot.round != previous:
            out.append(index)
        previous = snapshot.round
    return out


@pytest.mark.parametrize("name", NAMES)
def test_every_later_stock_round_replays_without_divergence(name: str) -> None:
    """From the oracle's state at the start of each later stock round, every action of the round (and
    the opening of the operating round after it) matches the oracle."""
    kept = R.kept_indices(record(name))
    rounds = later_stock_rounds(name)
    assert rounds
    for start in rounds:
        snapshot = oracle(name).steps[start].state
        ids, names = players(name)
        state = rebuild(name, snapshot)
        quirk_before = any(n == name and i < start for n, i in ORACLE_QUIRKS)
        ignore = NOT_REBUILT + (QUIRK_AFTERMATH[name] if quirk_before else ())
        assert R.compare(project(state, ids, names), snapshot, ignore) is None
        after = kept[kept.index(start) + 1:]
        operating = snapshot.round.replace("Stock", "Operating") + ".1"
        state, checked, quirk = replay(name, state, after, ignore, operating, ORACLE_QUIRKS)
        assert checked > 0
        assert quirk or project(state, ids, names).round == operating, (name, snapshot.round)
