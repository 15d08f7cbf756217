"""Step 3, ``route`` (18rg.md §2.3 off-board areas, §5 extenders, §6 trains): run the trains (``run``; ``run auto``
picks the best run), checked by routes.check_run; G6/Y3 coal cubes and B5 lengthen a train first (``boost``). An
imported run the record sent with its revenue stands as recorded (moves.RecordedRun)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.core import Event, IllegalMove
from games.core.flow import need

from ..moves import Boost, RecordedRun, Run
from ..routes import RouteError, TrainSpec, best_routes, boosts_for, check_run, extras_for
from ..state import OperatingF, RGState
from .common import make_board, next_step, owned, owns


def route_available(state: RGState, corp: str) -> bool:
    """Some track joins one of ``corp``'s stations to another stop."""
    board = make_board(state)
    tokens = set(board.token_hexes(corp))
    return any(cn.a in tokens or cn.b in tokens for cn in board.connections())


def run_extras(state: RGState, corp: str) -> Any:
    """What ``corp``'s privates and the board add to its runs now (bonuses, gold, ghost towns)."""
    return extras_for(corp, owned(state, corp), state.phase, gold=state.gold_cubes,
                      gold_shipped=state.gold_shipped, ghost_towns=state.ghost_towns, ruleset=state.ruleset)


def specs(state: RGState, frame: OperatingF, trains: Iterable[str]) -> list[TrainSpec]:
    """The trains as they run, the extensions of this turn put on the first train of each name."""
    left = dict(frame.boosts)
    out = []
    for name in trains:
        extra = left.pop(name, 0)
        out.append(TrainSpec(name, extra))
    return out


def check_routes(state: RGState, frame: OperatingF, corp: str, move: Run) -> Any:
    """Check and score the run; an extension of this turn goes on whichever train of its name makes the
    run legal (the first such)."""
    need(frame.step == "route", "error.not_step", step=frame.step)
    owned_trains = list(state.corps[corp].trains)
    for name, _ in move.routes:
        need(name in owned_trains, "error.no_such_train", train=name)
        owned_trains.remove(name)
    names = [name for name, _ in move.routes]
    board, extras = make_board(state), run_extras(state, corp)
    error: RouteError | None = None
    for train_specs in placements(names, frame.boosts):
        try:
            return check_run(board, corp, [(spec, list(path)) for spec, (_, path)
                                           in zip(train_specs, move.routes, strict=True)],
                             extras=extras, ship=False)
        except RouteError as err:
            error = error or err
    raise IllegalMove("error.bad_route", reason=str(error))


def placements(names: list[str], boosts: dict[str, int]) -> list[list[TrainSpec]]:
    """The ways to put this turn's extensions on the routes' trains (each on one train of its name)."""
    out: list[list[TrainSpec]] = [[TrainSpec(n) for n in names]]
    for name, extra in boosts.items():
        grown = []
        for specs_ in out:
            spots = [i for i, s in enumerate(specs_) if s.name == name and not s.extra]
            if not spots:
                grown.append(specs_)
            for i in spots:
                copy = list(specs_)
                copy[i] = TrainSpec(name, extra)
                grown.append(copy)
        out = grown
    return out


def do_run(state: RGState, frame: OperatingF, corp: str, move: Run, events: list[Event]) -> None:
    """``run``: score the run (or take an imported one as recorded); G3's lease falls due on a run through E13;
    a run through H14 gives the railroad holding Y3 a coal cube (12 at most)."""
    if isinstance(move, RecordedRun):
        ran = recorded_run(state, frame, corp, move)
    else:
        run = check_routes(state, frame, corp, move)
        ran = [(r.text(), r.stops, r.hexes, r.revenue) for r in run.routes]
    frame.ran = True
    frame.revenue = sum(revenue for *_, revenue in ran)
    frame.routes = [text for text, *_ in ran]
    frame.boosts = {}
    if owns(state, corp, "G3") and corp != "RG":
        through = next((revenue for _, stops, _, revenue in ran if "E13" in stops), None)
        frame.lease_due = through // 10 if through is not None else 0
    mines = state.privates.get("Y3")
    if mines is not None and not mines.closed and isinstance(mines.owner, str) \
            and any("H14" in hexes for _, _, hexes, _ in ran) and mines.used < 12:
        mines.used += 1
        state.corps[mines.owner].coal += 1
    events.append(Event("ran", {"corp": corp, "revenue": frame.revenue, "routes": "; ".join(frame.routes) or "-"}))
    next_step(frame)


def recorded_run(state: RGState, frame: OperatingF, corp: str,
                 move: RecordedRun) -> list[tuple[str, tuple[str, ...], tuple[str, ...], int]]:
    """An imported run as its record has it (moves.RecordedRun): the railroad's own trains, each route earning
    its recorded revenue; the route is not checked, and every hex of it counts as a stop (G3's lease)."""
    need(frame.step == "route", "error.not_step", step=frame.step)
    need(len(move.revenues) == len(move.routes) and all(r >= 0 for r in move.revenues), "error.bad_route",
         reason="revenues")
    owned_trains = list(state.corps[corp].trains)
    for name, _ in move.routes:
        need(name in owned_trains, "error.no_such_train", train=name)
        owned_trains.remove(name)
    return [(f"{name} {'-'.join(h.lower() for h in path)}", path, path, revenue)
            for (name, path), revenue in zip(move.routes, move.revenues, strict=True)]


def do_boost(state: RGState, frame: OperatingF, corp: str, move: Boost) -> None:
    """``boost``: lengthen a train for this run with B5 (one stop) or coal cubes (G6/Y3: one or two)."""
    need(frame.step == "route", "error.not_step", step=frame.step)
    need(owns(state, corp, move.source), "error.not_owner", private=move.source)
    need(move.source not in frame.boosted_by, "error.power_used", private=move.source, corp=corp)
    need(move.train in state.corps[corp].trains and move.train not in frame.boosts, "error.no_such_train",
         train=move.train)
    if move.source == "B5":
        need(move.count == 1, "error.power_count", private=move.source)
    else:
        need(1 <= move.count <= 2 and move.count <= state.corps[corp].coal, "error.power_count", private=move.source)
        state.corps[corp].coal -= move.count
    frame.boosts[move.train] = move.count
    frame.boosted_by.append(move.source)


def auto_run(state: RGState, frame: OperatingF, corp: str) -> Run:
    """The best run the router finds now, as explicit routes."""
    c = state.corps[corp]
    boosts = () if frame.boosts else boosts_for([p for p in owned(state, corp) if p == "B5"])
    run = best_routes(make_board(state), corp, specs(state, frame, c.trains), extras=run_extras(state, corp),
                      boosts=boosts)
    return Run(tuple((r.train.name, tuple(r.hexes)) for r in run.routes))
