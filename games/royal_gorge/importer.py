"""Replaying an 18xx.games record of 18 Royal Gorge, any record: the engine side of ``tabula import-18xx``.

* :func:`read_setup` takes the game's setup from the record itself: the seats (its ``players``, in order), the
  optional rules, and the railroads and privates in play. Those are drawn by 18xx.games from the record's seed
  (:func:`seed_draw` makes the same draw); what the actions name (pars, share trades, bids, railroads and
  privates acting) must agree with that draw. When they do not (a record from an older card list) and the
  actions alone do not name all five railroads or privates (a private nobody bid on), it says so, and the
  oracle's setup or the ``railroads``/``privates`` options settle it.
* :func:`replay` plays every kept action (18xx.games' undo/redo: :func:`records.kept_indices`; auto actions
  after the action carrying them: :func:`records.tabula_moves`) as Tabula moves by the seat that acts for the
  action's entity, and with an oracle compares the state with 18xx.games' after each one
  (:func:`records.compare`). It stops at the first action it cannot take, or the first divergence.

18xx.games does not check a recorded action again when it loads a game, so a record played under an older
map, or edited by hand, can hold actions our rules refuse or score otherwise. Like 18xx.games, the replay then
takes them as recorded (``strict=False``, the default) and notes each one: a run our rules refuse or score
differently keeps the revenue it was sent with (:class:`~games.royal_gorge.moves.RecordedRun`), a gold choice
where our map has no gold stands (:class:`~games.royal_gorge.moves.RecordedShip`), and a sale sent with a
smaller ``percent`` than its certificates is paid for that percent, as 18xx.games pays it
(:class:`~games.royal_gorge.moves.RecordedSell`). ``strict=True`` plays by our rules only.

:func:`import_record` reads a record (and its oracle) from files, replays it and says what it did, line by line
(:func:`failure_lines`, :func:`result_lines`); the caller stores the moves as a table with the service's generic
``TableService.import_game`` and draws what it likes (``tabula import-18xx`` in ``bot/cli.py``). Nothing here
stores, draws or prints.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import msgspec

from games.core import BadOptions, GameError, Move, Outcome

from . import records as R
from .content import content
from .ending import force_finish
from .game import GAME
from .moves import RecordedRun, RecordedSell, RecordedShip, Run, Sell, Ship
from .project import project
from .setup import POOLS, in_auction_order, named_privates, named_railroads
from .state import RGState

#: The record's ``title``.
TITLE: Final = "18RoyalGorge"
#: The optional rules of 18xx.games this engine plays (as the table option of the same name).
OPTIONAL_RULES: Final = frozenset({"shorter_game_end"})

#: Exit codes of an import: the record was replayed (to its end, or to ``until``); it stopped at an action it could
#: not take or at a divergence from the oracle; the record (or the oracle) could not be read or set up.
REPLAYED, STOPPED, UNREADABLE = 0, 1, 2

# 18xx.games draws with a linear congruential generator (Engine::Game::Base#rand), seeded with the game's seed.
_LCG_A, _LCG_C, _LCG_M = 1_103_515_245, 12_345, 2**31


class SetupError(ValueError):
    """The record does not say enough to set the game up, or says something this engine cannot play."""


@dataclass
class Setup:
    """A record's game as a Tabula table.

    Attributes:
        ids, names: the record's player ids and names, by seat.
        railroads, privates: content ids in play (by founding year; in auction order).
        options: the table options (``ruleset: 18xx``, the draws, the optional rules).
        notes: where each part came from, and what the replay plays without.
    """

    ids: list[int]
    names: list[str]
    railroads: list[str]
    privates: list[str]
    options: dict[str, Any]
    notes: list[str] = field(default_factory=list)


def seed_draw(seed: int) -> tuple[list[str], list[str]]:
    """The railroads and privates 18xx.games draws from ``seed``: each list shuffled by ``sort_by { rand }``,
    the privates first (two of the yellow pool, two green, one brown), then three railroads beside RG and SF.
    The pools are in 18xx.games' order (Y1-Y6, G1-G6, B1-B6; KP, SPP, PAV, NO, CM, S, FCC, CSCC, CS), which is
    ours. Returns (railroads by founding year, privates in auction order)."""
    c = content()
    value = seed % _LCG_M

    def shuffled(items: Sequence[str]) -> list[str]:
        nonlocal value
        keyed = []
        for item in items:
            value = (_LCG_A * value + _LCG_C) % _LCG_M
            keyed.append((value, item))
        return [item for _, item in sorted(keyed, key=lambda pair: pair[0])]

    privates: list[str] = []
    for pool in POOLS:
        privates += shuffled([p.id for p in c.privates_in(pool)])[: c.private_draw.of(pool)]
    others = shuffled([r.id for r in c.railroad_list if not r.always])[: c.draw.drawn]
    railroads = sorted([*c.draw.always, *others], key=lambda r: c.railroads[r].founded)
    return railroads, in_auction_order(privates)


def named_in(record: R.Record) -> tuple[set[str], set[str]]:
    """The railroads and privates the record's actions name, undone ones included (a bid later taken back
    still shows the private was on offer): pars, shares bought or sold, programmed buys, railroads and privates
    acting, bids, privates bought or used."""
    railroads: set[str] = set()
    privates: set[str] = set()
    for carrier in record.actions:
        for action in R.expand(carrier):
            if isinstance(action, R.RawAction):
                continue
            if action.entity_type == "corporation" and isinstance(action.entity, str):
                railroads.add(action.entity)
            elif action.entity_type == "company" and isinstance(action.entity, str):
                privates.add(action.entity)
            if isinstance(action, R.Par | R.ProgramBuyShares):
                railroads.add(action.corporation)
            elif isinstance(action, R.BuyShares | R.SellShares):
                railroads.update(R.share_corporation(s) for s in action.shares)
                if isinstance(action, R.BuyShares) and action.discounter:
                    privates.add(action.discounter)
            elif isinstance(action, R.Bid | R.BuyCompany):
                privates.add(action.company)
            elif isinstance(action, R.PlaceToken) and action.tokener:
                railroads.add(action.tokener)
    c = content()
    railroads -= set(c.metals) | {"DEBT"}
    privates -= {"RG-D", "SF-D"}
    return railroads, privates


def read_setup(record: R.Record, oracle: R.Oracle | None = None, railroads: Sequence[str] | None = None,
               privates: Sequence[str] | None = None) -> Setup:
    """The table a record is replayed on (see the module notes). ``railroads``/``privates`` (notation ids,
    ``["rg", "sf", …]``) and then the oracle's setup take precedence over what the record says; they must agree
    with what its actions name. Raises :class:`SetupError` saying what is missing or wrong."""
    if record.title != TITLE:
        raise SetupError(f"this is a record of {record.title!r}, not of {TITLE}")
    if not GAME.meta.min_players <= len(record.players) <= GAME.meta.max_players:
        raise SetupError(f"{len(record.players)} players: 18 Royal Gorge takes 2 to 4")
    if oracle is not None and (oracle.setup.seed != record.seed or oracle.action_count != len(record.actions)
                               or [p.id for p in oracle.setup.fixture_players] != [p.id for p in record.players]):
        raise SetupError("the oracle is not this record's (its seed, players or action count differ)")
    notes: list[str] = []
    unknown = [rule for rule in record.optional_rules if rule not in OPTIONAL_RULES]
    if unknown:
        notes.append(f"optional rules this engine does not play, replayed without them: {', '.join(unknown)}")
    if record.player_order not in (None, "", "as_listed"):
        notes.append(f"player order {record.player_order!r}: the seats follow the record's list of players")
    c = content()
    seen_railroads, seen_privates = named_in(record)
    strangers = sorted(seen_railroads - set(c.railroads)) + sorted(seen_privates - set(c.privates))
    if strangers:
        raise SetupError(f"the record names {', '.join(strangers)}, which 18 Royal Gorge does not have")
    drawn_railroads, drawn_privates = seed_draw(record.seed)
    chosen_railroads = _choose("railroads", seen_railroads, drawn_railroads, railroads,
                               oracle.setup.railroads if oracle else None, _complete_railroads, named_railroads,
                               notes)
    chosen_privates = _choose("privates", seen_privates, drawn_privates, privates,
                              [p.id for p in oracle.setup.privates] if oracle else None, _complete_privates,
                              named_privates, notes)
    options = {"ruleset": "18xx", "railroads": [R.tabula_id(r) for r in chosen_railroads],
               "privates": [R.tabula_id(p) for p in chosen_privates],
               "shorter_game_end": "shorter_game_end" in record.optional_rules}
    return Setup(ids=[p.id for p in record.players], names=[p.name for p in record.players],
                 railroads=chosen_railroads, privates=chosen_privates, options=options, notes=notes)


def _complete_railroads(found: set[str]) -> bool:
    c = content()
    return len(found) == len(c.draw.always) + c.draw.drawn and set(c.draw.always) <= found


def _complete_privates(found: set[str]) -> bool:
    c = content()
    return all(sum(1 for p in found if c.privates[p].pool == pool) == c.private_draw.of(pool) for pool in POOLS)


def _choose(what: str, seen: set[str], drawn: list[str], given: Sequence[str] | None, oracle: list[str] | None,
            complete: Any, check: Any, notes: list[str]) -> list[str]:
    """The railroads (or privates) in play: given, else the oracle's, else the seed's draw when the actions
    agree with it, else the actions' when they name them all; otherwise a :class:`SetupError`."""
    shown = ", ".join(sorted(seen)) or "none"
    source, chosen = "", None
    if given:
        try:
            chosen, source = check([R.tabula_id(x) for x in given]), "as given"
        except BadOptions as error:
            raise SetupError(f"--{what} {','.join(given)}: {GAME.error_text(error, 'en')}") from None
    elif oracle is not None:
        chosen, source = list(oracle), "from the oracle"
    elif seen <= set(drawn):
        chosen = list(drawn)
        source = f"drawn from the record's seed as 18xx.games draws them (the actions name {shown})"
    elif complete(seen):
        chosen, source = sorted(seen), f"named by the actions (the seed's draw, {', '.join(drawn)}, does not agree)"
    if chosen is None:
        raise SetupError(
            f"the record does not say which {what} are in play: its actions name {shown}, and 18xx.games' draw "
            f"from its seed ({', '.join(drawn)}) does not agree with them (a record from an older card list?). "
            f"Give the oracle (--oracle FILE) or name them all (--{what} a,b,…).")
    if not seen <= set(chosen):
        raise SetupError(f"the {what} {', '.join(chosen)} ({source}) leave out "
                         f"{', '.join(sorted(seen - set(chosen)))}, which the record's actions name")
    ordered = check([R.tabula_id(x) for x in chosen])
    notes.append(f"{what}: {', '.join(ordered)}, {source}")
    return list(ordered)


# --------------------------------------------------------------------------------------------------
# The replay
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Failure:
    """Where a replay stopped: the record's action ``index``, the action as recorded, our notation of it
    (``"-"`` when none), and ``reason``: the engine's refusal, or with an oracle the first differing field
    (``field``, ``ours``, ``theirs``)."""

    index: int
    action: dict[str, Any]
    notation: str
    reason: str
    field: str = ""
    ours: Any = None
    theirs: Any = None

    @property
    def diverged(self) -> bool:
        return bool(self.field)


@dataclass
class Replay:
    """A replayed record.

    Attributes:
        setup: the table it was replayed on.
        moves: (seat, move) in order: what a table stores.
        state: the state after the last action taken (before an admin's end: see ``ended``).
        final: the state to report: ``state``, or with ``ended`` the game as the admin's end leaves it.
        kept: how many kept actions the record has; ``taken``: how many were taken; ``checked``: how many
            were compared with the oracle.
        notes: (index, text) for the actions taken as recorded and for the setup.
        failure: the first action that could not be taken, or diverged; ``None`` when all were taken.
        ended: an admin ended the game (18xx.games' ``end_game``).
        until: the replay stopped before this index on request.
    """

    setup: Setup
    moves: list[tuple[int, Move]]
    state: RGState
    final: RGState
    kept: int
    taken: int = 0
    checked: int = 0
    notes: list[tuple[int, str]] = field(default_factory=list)
    failure: Failure | None = None
    ended: bool = False
    until: int | None = None

    @property
    def finished(self) -> bool:
        return self.final.finished

    def net_worth(self) -> dict[int, int]:
        """Player id → net worth as the game stands (after an end: the final standings)."""
        return {p.id: p.net_worth for p in project(self.final, self.setup.ids, self.setup.names).players}

    @property
    def end_reason(self) -> str | None:
        """Why the game ended, in 18xx.games' words (``stock_market``, ``final_train``, ``bankrupt``,
        ``manually_ended``); ``None`` while it goes on."""
        return project(self.final, self.setup.ids, self.setup.names).game_end_reason


def seat_of(state: RGState, ids: Sequence[int], entity: int | str) -> int:
    """The seat acting for a record's entity: a player by id, a railroad by its president, a debt card by the
    indebted railroad's president, a private by its owner (a railroad's private: that railroad's president).
    Raises :class:`ValueError` for an entity nobody acts for."""
    if isinstance(entity, int):
        if entity not in ids:
            raise ValueError(f"player {entity} is not one of the record's players")
        return list(ids).index(entity)
    corp = state.corps.get(entity.removesuffix("-D") if entity.endswith("-D") else entity)
    if corp is not None:
        if corp.president < 0:
            raise ValueError(f"{entity} has no president to act for it")
        return corp.president
    private = state.privates.get(entity)
    if private is None:
        raise ValueError(f"{entity} is not in this game")
    owner = private.owner
    if isinstance(owner, str) and owner in state.corps and state.corps[owner].president >= 0:
        return state.corps[owner].president
    if isinstance(owner, int):
        return owner
    raise ValueError(f"{entity} has no owner to act for it")


def oracle_state(snapshot: R.Snapshot) -> R.Snapshot:
    """The oracle's snapshot as the replay compares it: a metal company whose president holds none of its
    shares has no president (18xx.games leaves the seller of a whole metal holding as its president when it
    paid the sale for less than it moved: stock_market i=150)."""
    holdings = {p.id: p.shares for p in snapshot.players}
    corporations = dict(snapshot.corporations)
    for symbol, corp in corporations.items():
        if corp.kind == "metal" and corp.president is not None and not holdings.get(corp.president, {}).get(symbol):
            corporations[symbol] = msgspec.structs.replace(corp, president=None)
    return msgspec.structs.replace(snapshot, corporations=corporations)


def replay(record: R.Record, setup: Setup, oracle: R.Oracle | None = None, *, strict: bool = False,
           until: int | None = None, lang: str = "en") -> Replay:
    """Play the record's kept actions (those before index ``until``) on a new table; see the module notes."""
    state = GAME.setup(len(setup.ids), setup.options, seed=str(record.seed))  # as a table stores its seed
    done = Replay(setup=setup, moves=[], state=state, final=state, kept=0, until=until,
                  notes=[(-1, note) for note in setup.notes])
    try:
        kept = R.kept_indices(record)
        lines = R.tabula_moves(record)
    except ValueError as error:  # an undo naming an id the record lacks, a redo with nothing to redo
        done.failure = Failure(-1, {}, "-", f"the record's undo/redo cannot be followed: {error}")
        return done
    done.kept = len(kept)
    by_index: dict[int, list[R.TabulaMove]] = {}
    for line in lines:
        by_index.setdefault(line.index, []).append(line)
    for index in kept:
        if until is not None and index >= until:
            break
        action = record.actions[index]
        texts = [line.text for line in by_index.get(index, [])]
        failure = _take(done, index, action, by_index.get(index, []), strict, lang)
        if failure is not None:
            done.failure = failure
            return done
        done.taken += 1
        if oracle is not None:
            theirs = oracle_state(oracle.steps[index].state)
            found = R.compare(project(done.final, setup.ids, setup.names), theirs)
            if found is not None:
                done.failure = Failure(index, R.action_to_builtins(action), "; ".join(texts) or "-",
                                       "the state differs from 18xx.games'", found.path, found.ours, found.theirs)
                return done
            done.checked += 1
        if done.ended:
            break
    return done


def _take(done: Replay, index: int, action: R.Action, lines: Iterable[R.TabulaMove],
          strict: bool, lang: str) -> Failure | None:
    """Take one kept action (its moves, then its auto actions); a :class:`Failure` when one is refused."""
    def failed(text: str, reason: str) -> Failure:
        return Failure(index, R.action_to_builtins(action), text, reason)

    if isinstance(action, R.RawAction):
        return failed("-", f"an action this replay cannot read ({action.problem})")
    if isinstance(action, R.EndGame):  # an admin ended the game there: not a move, the table is ended
        if not done.state.finished:
            done.final = GAME.copy(done.state)
            force_finish(done.final, [])
            done.ended = True
        return None
    names = done.setup.names
    for line in lines:
        state = done.state
        try:
            seat = seat_of(state, done.setup.ids, line.entity)
        except ValueError as error:
            return failed(line.text, str(error))
        try:
            move = GAME.parse(state, seat, line.text)
            move, applied, note = _apply(state, seat, move, action, strict, lang, names)
        except GameError as error:
            return failed(line.text, GAME.error_text(error, lang, names))
        if note:
            done.notes.append((index, note))
        done.moves.append((seat, move))
        done.state = done.final = applied
    return None


def _apply(state: RGState, seat: int, move: Move, action: R.Action, strict: bool, lang: str,
           names: Sequence[str]) -> tuple[Move, RGState, str]:
    """Apply ``move``; what our rules refuse or score otherwise than 18xx.games did is taken as recorded unless
    ``strict`` (see the module notes). Returns the move played, the state after it and a note (or ``""``)."""
    if isinstance(action, R.SellShares) and isinstance(move, Sell) and action.percent \
            and action.percent % 10 == 0 and action.percent // 10 < move.count and not strict:
        paid = action.percent // 10
        sale = RecordedSell(move.corp, move.count, paid)
        return sale, GAME.apply(state, seat, sale).state, \
            f"`{move}` taken as recorded: sent as {action.percent} %, and 18xx.games pays for {paid} unit(s)"
    try:
        applied = GAME.apply(state, seat, move)
    except GameError as refusal:
        alternative = None if strict else _as_recorded(action, move)
        if alternative is None:
            raise
        try:
            applied = GAME.apply(state, seat, alternative)
        except GameError:
            raise refusal from None
        return alternative, applied.state, \
            f"`{move}` taken as recorded: our rules refuse it ({GAME.error_text(refusal, lang, names)})"
    if isinstance(action, R.RunRoutes) and isinstance(move, Run) and action.routes:
        ours = sum(int(e.params.get("revenue", 0)) for e in applied.events if e.kind == "ran")
        theirs = sum(route.revenue for route in action.routes)
        if ours != theirs:
            if strict:
                return move, applied.state, f"`{move}` scores ${ours}; the record has ${theirs}"
            recorded = _as_recorded(action, move)
            assert recorded is not None
            return recorded, GAME.apply(state, seat, recorded).state, \
                f"`{move}` taken as recorded: our rules score it ${ours}, the record ${theirs}"
    return move, applied.state, ""


def _as_recorded(action: R.Action, move: Move) -> Move | None:
    """The move as 18xx.games takes it from the record, for a run or a gold choice; ``None`` for anything else."""
    if isinstance(action, R.RunRoutes) and isinstance(move, Run) and len(move.routes) == len(action.routes):
        return RecordedRun(move.routes, tuple(route.revenue for route in action.routes))
    if isinstance(action, R.Choose) and isinstance(move, Ship):
        return RecordedShip(move.hex, move.using)
    return None


# --------------------------------------------------------------------------------------------------
# Importing a file, and what to say about it
# --------------------------------------------------------------------------------------------------


@dataclass
class Imported:
    """A record file read and replayed, ready to be stored as a table (``TableService.import_game`` with
    ``game_id``, ``setup.names``, ``replay.moves``, ``setup.options``, ``seed`` and ``end``).

    Attributes:
        lines: what to say so far (the record, the setup's notes, how much was replayed, the failure).
        code: :data:`REPLAYED`, :data:`STOPPED` or :data:`UNREADABLE` (then nothing else is set).
        record, setup, replay: the record read, its setup, its replay.
        checked: whether an oracle was compared with.
    """

    lines: list[str] = field(default_factory=list)
    code: int = REPLAYED
    record: R.Record | None = None
    setup: Setup | None = None
    replay: Replay | None = None
    checked: bool = False
    game_id: str = GAME.meta.id

    @property
    def seed(self) -> str:
        """The table's seed: the record's, as 18xx.games draws with it."""
        assert self.record is not None
        return str(self.record.seed)

    @property
    def end(self) -> bool:
        """An admin ended the recorded game there (and the replay reached it): the table ends too."""
        return self.replay is not None and self.replay.ended and self.replay.failure is None


def import_record(path: Path, *, oracle: Path | None = None, railroads: Sequence[str] | None = None,
                  privates: Sequence[str] | None = None, strict: bool = False, until: int | None = None,
                  lang: str = "en") -> Imported:
    """Read the record at ``path`` and replay it (see the module notes); ``oracle``: compare with 18xx.games'
    states after every action; ``railroads``/``privates``: the draws, when the record cannot tell;
    ``strict``: take nothing as recorded that our rules refuse; ``until``: stop before that action."""
    out = Imported()
    say = out.lines.append
    try:
        record = R.load_record(path)
        loaded_oracle = R.load_oracle(oracle) if oracle is not None else None
        setup = read_setup(record, loaded_oracle, railroads, privates)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError, SetupError) as error:
        say(f"! {path.name}: {error}")
        out.code = UNREADABLE
        return out
    done = replay(record, setup, loaded_oracle, strict=strict, until=until, lang=lang)
    out.record, out.setup, out.replay, out.checked = record, setup, done, loaded_oracle is not None
    say(f"{path.name}: 18 Royal Gorge on 18xx.games (game {record.game_id}), {len(setup.ids)} players: "
        + ", ".join(setup.names))
    for index, note in done.notes:
        say(f"  {'' if index < 0 else f'i={index}: '}{note}")
    checked = f", each checked against the oracle ({done.checked})" if loaded_oracle is not None else ""
    say(f"Replayed {done.taken} of the record's {done.kept} kept actions ({len(record.actions)} in all, "
        f"{len(done.moves)} moves){checked}.")
    if done.failure is not None:
        out.code = STOPPED
        out.lines += failure_lines(done.failure)
    elif until is not None and not done.finished:
        say(f"Stopped before action {until}, as asked.")
    return out


def failure_lines(failure: Failure) -> list[str]:
    """The first action that could not be taken (or diverged): index, the action as recorded, our notation, why."""
    action = json.dumps(failure.action, ensure_ascii=False, sort_keys=True)
    where = "the record" if failure.index < 0 else f"action {failure.index}"
    if failure.diverged:
        return [f"! Diverged from 18xx.games after {where}: {failure.field}: ours {failure.ours!r}, "
                f"18xx.games {failure.theirs!r}",
                f"  action: {action}", f"  ours:   {failure.notation}"]
    lines = [f"! Could not take {where}: {failure.reason}"]
    if failure.action:
        lines += [f"  action: {action}", f"  ours:   {failure.notation}"]
    return lines


def result_lines(imported: Imported, outcome: Outcome | None, lang: str) -> list[str]:
    """Every player's net worth (the final standings once the stored table's game is over: ``outcome``) beside
    the record's result, and the end reason beside the record's."""
    done, record = imported.replay, imported.record
    assert done is not None and record is not None
    worth = done.net_worth()
    lines = ["Final net worth:" if outcome is not None else "Net worth so far:"]
    width = max(len(name) for name in done.setup.names)
    ranks = {st.seat: st.rank for st in outcome.standings} if outcome is not None else {}
    for seat, (pid, name) in enumerate(zip(done.setup.ids, done.setup.names, strict=True)):
        recorded = record.result.get(pid)
        tail = f"   (18xx.games: ${recorded})" if recorded is not None and outcome is not None else ""
        place = f"   place {ranks[seat]}" if seat in ranks else ""
        lines.append(f"  {name:<{width}}  ${worth[pid]}{tail}{place}")
    if outcome is not None:
        reasons = "; ".join(GAME.text(key, params, lang, done.setup.names) for key, params in outcome.reasons)
        recorded_reason = f"   (18xx.games: {record.game_end_reason})" if record.game_end_reason else ""
        lines.append(f"End: {done.end_reason} — {reasons}{recorded_reason}")
    return lines
