"""18 Royal Gorge router against the five 18xx.games records: revenue reproduced, auto-router revenue and time.

Run with ``python -m bench.royal_gorge_routes [--budget N]``. For every kept ``run_routes`` of the records in
``shared/fixtures/18RoyalGorge`` (``TABULA_SHARED`` overrides where ``shared`` is), it rebuilds the board from the
kept lays and tokens (:func:`replay`), scores the recorded routes (:func:`games.royal_gorge.routes.check_run`),
runs :func:`games.royal_gorge.routes.best_routes` and prints the recorded total, the router's, the time and the
search steps, then totals and p50/p99 times. Numbers are printed, never asserted; the tests
(``tests/royal_gorge/test_routes.py``) use :func:`replay` for the checks.

What the replay takes from the record itself: lays (``lay_tile``, the tile copy's hex remembered for tokens),
tokens (``place_token``; a home token when the railroad first acts, as 18xx.games places it when the railroad
first operates), gold (a yellow lay on a mine hex adds its icons' cubes; a shipment removes one), ghost towns
(the ``ghost_town`` choice marks the hex just shipped from), train extensions (``coal_depot``/``coal_mines``/
``engineer`` choices before the run). What it takes from the oracle (the 18xx.games state next to each record):
the phase, the Treaty of Boston's moment (the 2nd 3+ can leave by export, which no action shows), the trains
owned, the gold shipped this OR set, which privates each railroad owns, which railroads have closed. Tokens and
gold cubes are checked against the oracle at every run (``Position.problems``).
"""

from __future__ import annotations

import argparse
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from bench.shared import shared_dir
from games.royal_gorge import records as R
from games.royal_gorge.content import content
from games.royal_gorge.routes import DEFAULT_BUDGET, Extras, Run, TrainSpec, best_routes, extras_for
from games.royal_gorge.track import Board, Lay, lay_changes, lay_problem, treaty_lays

SHARED = shared_dir()
RECORDS = SHARED / "fixtures" / "18RoyalGorge"
ORACLES = SHARED / "fixtures" / "18RoyalGorge-oracle"
NAMES = ("18RoyalGorge_game_end_bankrupt", "18RoyalGorge_game_end_stock_market", "endgame_shorter_triggered_on_buy",
         "endgame_triggered_on_buy", "post_boston")
EXTENSIONS = ("coal_depot", "coal_mines", "engineer")
_HEX = re.compile(r"^[A-Z]\d+$")


@dataclass
class Position:
    """The board at one recorded ``run_routes`` and what the record says was run there.

    ``trains``: the railroad's trains as they run (recorded extensions applied); ``recorded``: ``(train, hex
    chain, revenue)`` per recorded route; ``total``: recorded routes + extra revenue + the gold shipped
    (``ship``, by the nugget when ``nugget``); ``extras``: gold, ghost towns, lease as the state stood;
    ``problems``: where the rebuilt tokens or gold differ from the oracle's."""

    record: str
    index: int
    corporation: str
    phase: str
    board: Board
    trains: list[TrainSpec]
    recorded: list[tuple[TrainSpec, list[str], int]]
    total: int
    ship: str | None
    nugget: bool
    extras: Extras
    problems: list[str] = field(default_factory=list)


@dataclass
class LayCheck:
    """A recorded lay and what :func:`lay_problem` says of it (``None``: legal)."""

    record: str
    index: int
    corporation: str
    lay: Lay
    problem: str | None


def available() -> bool:
    return RECORDS.is_dir() and ORACLES.is_dir()


def _ship_after(actions: list[tuple[int, R.Action]], start: int) -> tuple[str | None, bool]:
    """The gold shipped right after the run at ``actions[start]`` (before the dividend): hex and whether G2 did."""
    for _, a in actions[start + 1:]:
        if isinstance(a, R.Choose) and _HEX.match(a.choice):
            return a.choice, a.entity == "G2"
        if isinstance(a, R.Dividend | R.RunRoutes | R.LayTile):
            break
    return None, False


def replay(name: str, lays: list[LayCheck] | None = None) -> Iterator[Position]:
    """The positions at each kept ``run_routes`` of a record, in order (``lays`` collects a :class:`LayCheck` per
    kept lay)."""
    c = content()
    record = R.load_record(RECORDS / f"{name}.json")
    oracle = R.load_oracle(ORACLES / f"{name}.oracle.json")
    railroads = list(oracle.setup.railroads)
    mines = {h.id: h.mines for h in c.hex_list if h.mines}
    laid: dict[str, tuple[str, int]] = {}
    tile_hex: dict[str, str] = {}
    tokens: dict[str, list[str | None]] = {}
    gold: dict[str, int] = {}
    ghost: set[str] = set()
    acted: set[str] = set()
    extension: dict[str, int] = {}
    last_ship: str | None = None
    treaty = False
    state = oracle.setup.initial_state
    kept = R.kept_actions(record)

    def board(phase: str) -> Board:
        return Board(laid, tokens, railroads, phase)

    def put_token(hex_id: str, corp: str, slot: int | None = None) -> None:
        slots = tokens.setdefault(hex_id, [])
        if slot is None:
            slot = slots.index(None) if None in slots else len(slots)
        while len(slots) <= slot:
            slots.append(None)
        slots[slot] = corp

    for position, (index, action) in enumerate(kept):
        phase = state.phase.lower()
        entity = str(action.entity)
        if entity in railroads and entity not in acted:
            acted.add(entity)
            home = c.railroads[entity].home
            if entity not in tokens.get(home, []):
                put_token(home, entity)
        if isinstance(action, R.LayTile):
            tile = R.tile_name(action.tile)
            lay = Lay(action.hex, tile, action.rotation)
            before = board(phase)
            if lays is not None:
                lays.append(LayCheck(name, index, entity, lay,
                                     lay_problem(before, entity, lay.hex, lay.tile, lay.rotation)))
            for hex_id, placed in lay_changes(before, lay).items():
                laid[hex_id] = placed
            tile_hex[action.tile] = action.hex
            if c.tiles[tile].colour == "yellow" and mines.get(action.hex):
                gold[action.hex] = gold.get(action.hex, 0) + mines[action.hex]
        elif isinstance(action, R.PlaceToken):
            copy = action.city.rsplit("-", 1)[0]
            hex_id = tile_hex.get(copy) or R.ROYAL_GORGE_TILE_HEX.get(R.tile_name(copy)) or R.tile_name(copy)
            put_token(hex_id, action.tokener or entity, action.slot)
        elif isinstance(action, R.Choose):
            choice = action.choice
            if _HEX.match(choice):
                if gold.get(choice, 0) > 0:
                    gold[choice] -= 1
                    if not gold[choice]:
                        del gold[choice]
                last_ship = choice
            elif choice == "ghost_town" and last_ship:
                ghost.add(last_ship)
            elif choice.split("/")[0] in EXTENSIONS:
                _, train_id, amount = choice.split("/")
                if train_id != "skip":
                    extension[train_id] = extension.get(train_id, 0) + int(amount)
        elif isinstance(action, R.RunRoutes):
            yield _position(name, index, entity, phase, board(phase), state, action, extension, gold, ghost,
                            tokens, _ship_after(kept, position))
            extension = {}
        after = oracle.steps[index].state
        if after.treaty_of_boston and not treaty:
            treaty = True
            laid.update(treaty_lays(c))
            for hex_id in c.rules.treaty.free_tokens:
                tokens[hex_id] = ["RG"]
        for sym, corp in after.corporations.items():
            if corp.closed and sym in railroads:
                for slots in tokens.values():
                    for n, holder in enumerate(slots):
                        if holder == sym:
                            slots[n] = None
        state = after


def _position(name: str, index: int, corp: str, phase: str, board: Board, state: R.Snapshot, action: R.RunRoutes,
              extension: dict[str, int], gold: dict[str, int], ghost: set[str],
              tokens: dict[str, list[str | None]], shipped: tuple[str | None, bool]) -> Position:
    ship, nugget = shipped
    owned = [pid for pid, p in state.privates.items() if p.owner == corp and not p.closed]
    extras = extras_for(corp, owned, phase, gold=gold, gold_shipped=state.gold_shipped, ghost_towns=ghost,
                        use_nugget=nugget)
    recorded = [(TrainSpec(R.train_name(r.train), extension.get(r.train, 0)), R.route_path(r), r.revenue)
                for r in action.routes]
    # the oracle names an extended train by its variant for the run ("4*+"): put the base train back, extended
    known = [t for t in state.corporations[corp].trains if t in content().trains]
    trains = [TrainSpec(t) for t in known]
    for train_id, extra in sorted(extension.items()):
        trains.append(TrainSpec(R.train_name(train_id), extra))
    total = sum(r.revenue for r in action.routes) + action.extra_revenue + (action.subsidy or 0)
    problems: list[str] = []
    if ship:
        total += extras.gold_bonus
        if gold.get(ship, 0) <= 0:
            problems.append(f"gold shipped from {ship}, which holds no cube on the current map")
    for sym, cs in state.corporations.items():
        if cs.kind != "rail":
            continue
        mine = sorted(h for h, slots in tokens.items() for holder in slots if holder == sym)
        if mine != sorted(cs.tokens_placed):
            problems.append(f"{sym} tokens {mine} but the oracle has {sorted(cs.tokens_placed)}")
    if dict(gold) != dict(state.gold_cubes):
        problems.append(f"gold {dict(sorted(gold.items()))} but the oracle has "
                        f"{dict(sorted(state.gold_cubes.items()))}")
    return Position(name, index, corp, phase, board, trains, recorded, total, ship, nugget, extras, problems)


@dataclass
class Result:
    """One position benchmarked."""

    position: Position
    run: Run
    seconds: float


def bench(budget: int = DEFAULT_BUDGET) -> list[Result]:
    out: list[Result] = []
    for name in NAMES:
        for pos in replay(name):
            start = time.perf_counter()
            run = best_routes(pos.board, pos.corporation, pos.trains, extras=pos.extras, budget=budget)
            out.append(Result(pos, run, time.perf_counter() - start))
    return out


def stress_boards() -> list[tuple[str, Board]]:
    """Synthetic worst cases far denser than any real game (RG with tokens in L2, K7 and I7, Silver phase): every
    white hex a 6-exit city, and every city hex a 6-exit city with every other white hex a 5-exit town."""
    c = content()
    railroads = ["RG", "SF", "NO", "CM", "CSCC"]
    tokens: dict[str, list[str | None]] = {"L2": ["RG"], "K7": ["RG"], "I7": ["RG"]}
    cities = {h.id: ("63", 0) for h in c.hex_list if h.colour == "white"}
    mixed = {h.id: ("63", 0) if any(s.kind == "city" for s in c.stops_of(h.id, set(railroads))) else ("911", 0)
             for h in c.hex_list if h.colour == "white"}
    return [("every hex a city", Board(cities, tokens, railroads, "silver")),
            ("cities + 5-exit towns", Board(mixed, tokens, railroads, "silver"))]


def main() -> None:
    from bench.timing import Timing, ms

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="search steps per call")
    args = parser.parse_args()
    if not available():
        print(f"records not found under {SHARED}")
        return
    results = bench(args.budget)
    print(f"{'record':36} {'i':>4} {'corp':5} {'phase':7} {'trains':18} {'recorded':>8} {'router':>7} "
          f"{'time':>11} {'nodes':>8}")
    for r in results:
        p = r.position
        trains = ",".join(t.label() for t in p.trains)
        flag = "" if r.run.complete else "  (budget)"
        flag += "  +" if r.run.total > p.total else ("  LESS" if r.run.total < p.total else "")
        print(f"{p.record:36} {p.index:>4} {p.corporation:5} {p.phase:7} {trains:18} {p.total:>8} "
              f"{r.run.total:>7} {ms(r.seconds)} {r.run.nodes:>8}{flag}")
    timing = Timing.of([r.seconds for r in results])
    better = sum(r.run.total > r.position.total for r in results)
    less = sum(r.run.total < r.position.total for r in results)
    print()
    print(f"{len(results)} runs: recorded total {sum(r.position.total for r in results)}, "
          f"router {sum(r.run.total for r in results)}; router better in {better}, worse in {less}, "
          f"incomplete {sum(not r.run.complete for r in results)}")
    print(f"time {timing.text()}   max {ms(max(timing.samples, default=0.0))}   "
          f"total {ms(sum(timing.samples))}   nodes max {max((r.run.nodes for r in results), default=0)}")
    print()
    print(f"synthetic worst cases (RG 5+ and 6x2, budget {args.budget}):")
    for label, board in stress_boards():
        board.connections()
        start = time.perf_counter()
        run = best_routes(board, "RG", ["5+", "6x2"], budget=args.budget)
        seconds = time.perf_counter() - start
        print(f"  {label:24} total {run.total:5}  complete {run.complete!s:5}  nodes {run.nodes:>8}  {ms(seconds)}")


if __name__ == "__main__":
    main()
