"""A long table played through the table service, as a real table is: every move is an ``act`` with its own
commit (snapshots every ``SNAPSHOT_EVERY`` moves, as the service writes them), on the database the bench uses.

Every seat is a person whose moves the title's bot chooses (``Game.bot_move``), so each ``act`` is one move
and one commit, never a chain of bot replies. The table stops after ``moves`` moves or one move before its
game would end (a finished table can be neither played nor undone), whichever comes first. Measured on it:
every act, loads right after the first moves and at the end, act plus board render for a few acts spread over
the game, and undo of the last move at the end (each undo is followed by the same move again, so every undo
takes back the last move of a table of the same length).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from games.core import Rng
from games.registry import get_game

from .engine import LegalMovesCounter
from .timing import Timing, timed

#: Options that make a title's games long enough for a 1,000-move table. The Landlord's Game ends within a few
#: hundred moves when someone reaches 2,000 in assets or Prosperity is achieved: play on, for 200 rounds.
LONG_OPTIONS: dict[str, dict[str, Any]] = {
    "landlords": {"round_limit": 200, "win_assets": 1_000_000, "play_on": True},
}


@dataclass(frozen=True)
class TableNumbers:
    """What :func:`long_table` measured, with what the table was."""

    players: int
    options: dict[str, Any]
    #: Moves stored on the table when loads and undos were measured.
    moves: int
    #: The move that would have ended the game (the table stopped just before it); ``None`` if it did not end.
    ends_at: int | None
    #: The database dialect (``sqlite``, ``postgresql``).
    backend: str
    #: Every act that built the table (one move, one commit).
    acts: Timing
    #: Calls of the title's ``_legal_moves`` during those acts.
    act_legal_move_lists: int
    #: A few of those acts plus the render of the board after each (the two timed one after the other).
    act_renders: Timing
    renders: Timing
    png_sizes: tuple[int, ...]
    load_early: Timing
    load_end: Timing
    #: A seated player's history (``/log``) read after the first moves and at the end: each move's
    #: events are stored with it (issue 24 §2), so it reads rows and replays nothing.
    history_early: Timing
    history_end: Timing
    #: The table's export (``/export``: seed, players and every action) after the first moves and at the end.
    export_early: Timing
    export_end: Timing
    undos: Timing
    #: Undos that needed the other players' consent (the move revealed something or drew randomness).
    undo_consents: int


def long_table(game_id: str, url: str, *, moves: int, renders: int, repeats: int,
               options: dict[str, Any] | None = None, seed: str = "bench") -> TableNumbers:
    """Play a table of ``game_id`` with the most seats to ``moves`` moves through the service on ``url``.

    ``renders`` acts spread over the game also have their board rendered (the spectator's view, as the chat
    adapters post it); ``repeats`` loads are timed right after the first moves and at the end, and
    ``repeats`` undos of the last move at the end."""
    from render import renderer_for
    from service import TableService
    from service.errors import CannotUndo
    from storage.db import make_engine, migrate
    from storage.repository import Repository

    game = get_game(game_id)
    chosen = dict(LONG_OPTIONS.get(game_id, {}) if options is None else options)
    engine = make_engine(url)
    try:
        migrate(engine)
        service = TableService(Repository(engine))
        players = game.meta.max_players
        table = service.create(game_id, seats=players, options=chosen, seed=seed, creator="u0")
        for seat in range(players):
            service.join(table.id, f"u{seat}", f"P{seat + 1}")
            for order in game.default_orders(chosen):  # every move is the bench's: none played for a seat
                service.set_order(table.id, f"u{seat}", order, on=False)
        state = service.start(table.id, "u0").loaded.state
        rng = Rng.from_seed(f"{seed}:moves")
        acts: list[float] = []
        states: list[Any] = []
        played: list[tuple[int, str]] = []
        early: list[float] = []
        logs_early: list[float] = []
        exports_early: list[float] = []
        ends_at = None
        counter = LegalMovesCounter(game)
        while len(played) < moves and (acting := sorted(game.to_act(state))):
            seat = acting[rng.below(len(acting))]
            move = game.bot_move(state, seat, rng)
            if game.is_over(game.apply(state, seat, move).state):
                ends_at = len(played) + 1
                break
            with counter:
                seconds, result = timed(partial(service.act, table.id, f"u{seat}", str(move)))
            acts.append(seconds)
            state = result.loaded.state
            states.append(state)
            played.append((seat, str(move)))
            if len(played) <= repeats:
                early.append(timed(lambda: service.load(table.id))[0])
                logs_early.append(timed(lambda: service.history(table.id, "u0"))[0])
                exports_early.append(timed(lambda: service.export(table.id))[0])
        end = [timed(lambda: service.load(table.id))[0] for _ in range(repeats)]
        logs_end = [timed(lambda: service.history(table.id, "u0"))[0] for _ in range(repeats)]
        exports_end = [timed(lambda: service.export(table.id))[0] for _ in range(repeats)]

        renderer = renderer_for(game_id)
        wanted = min(renders, len(states))
        picked = sorted({(2 * k + 1) * len(states) // (2 * wanted) for k in range(wanted)})

        def draw(shown: Any) -> bytes:
            """The board as chat adapters post it: the spectator's view, rendered."""
            return renderer.board(game.view(shown, None), "en")

        drawn = [timed(partial(draw, states[n])) for n in picked]

        undos: list[float] = []
        consents = 0
        if played:
            seat, notation = played[-1]
            for _ in range(repeats):
                try:
                    seconds, _ = timed(partial(service.undo, table.id, f"u{seat}"))
                except CannotUndo:
                    seconds, _ = timed(partial(service.undo, table.id, f"u{seat}", approved=True))
                    consents += 1
                undos.append(seconds)
                service.act(table.id, f"u{seat}", notation)
    finally:
        engine.dispose()
    return TableNumbers(
        players=players, options=chosen, moves=len(played), ends_at=ends_at, backend=url.split(":", 1)[0],
        acts=Timing.of(acts), act_legal_move_lists=counter.calls,
        act_renders=Timing.of([acts[n] + s for n, (s, _) in zip(picked, drawn, strict=True)]),
        renders=Timing.of([s for s, _ in drawn]), png_sizes=tuple(len(png) for _, png in drawn),
        load_early=Timing.of(early), load_end=Timing.of(end), history_early=Timing.of(logs_early),
        history_end=Timing.of(logs_end), export_early=Timing.of(exports_early), export_end=Timing.of(exports_end),
        undos=Timing.of(undos), undo_consents=consents)
