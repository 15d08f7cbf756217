"""Who is told of their turns, and how much the table posts and pings (issue 19 §1).

People play a table by ``/move`` (each move the title's bot would choose for them); after every move
the test reads who must act. A person's *turn* begins when they must act and were not acting before
the move, and lasts while they must act (a person acting several times in a row has one turn; in a
simultaneous step such as a draft, each pick round is a turn). The turn *notified* them if a public
post mentioning them (Discord notifies mentions in new messages only) or a direct message to them
arrived between the move that began the turn and their own first move in it. The figures per round
(the title's own round, ``round_of``) are printed by the e2e tests and written in docs/discord.md.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.core import Rng
from service import TableService
from tests.support.discord_loopback import FakeUser, LoopbackDiscord

from .helpers import Table, move, public_bot_messages, slash_ok

#: The ``record_property`` key of a test's figures, printed at the end of the run (conftest.py).
FIGURES = "notification figures"

#: How many times shorter than Discord's the loopback's rate-limit windows are while a stretch is
#: played measured (issue 25 §3): the limits per window stay and the bot still reads them and waits,
#: but the figures here are posts and pings, which the posting rule decides, not Discord's speed.
#: At Discord's 5 s windows the bot waited about 4.7 s every third move (the status post's edits).
QUICKER = 10


@dataclass
class Turn:
    """A person's turn: who, and the checkpoints between which a notification counts."""

    seat: int
    start: int
    end: int | None = None


@dataclass
class Notice:
    """What a played stretch of a table posted and whom it told of their turns."""

    title: str
    players: int
    moves: int
    rounds: int
    posts: int
    pings: dict[str, int]
    turns: list[Turn] = field(default_factory=list)
    notified: list[bool] = field(default_factory=list)
    #: New posts inside a stage whose board was awaited (``play_measured(boards=True)``).
    boards_checked: int = 0

    @property
    def share(self) -> float:
        """The share of people's turns that notified them (1.0: every one)."""
        return sum(self.notified) / len(self.notified) if self.notified else 1.0

    @property
    def mean_pings(self) -> float:
        """Pings per player per round."""
        return sum(self.pings.values()) / len(self.pings) / self.rounds

    def line(self, label: str = "") -> str:
        r = self.rounds
        return (f"{self.title} {self.players}p{' ' + label if label else ''}: {self.moves} moves by /move over {r} "
                f"rounds: turns that notified their player {sum(self.notified)}/{len(self.notified)} "
                f"({self.share:.0%}), {self.posts / r:.2f} public posts and {self.mean_pings:.2f} pings per "
                f"player per round ({sum(self.pings.values())} pings, {self.posts} posts)")


async def play_measured(server: LoopbackDiscord, service: TableService, table: Table, users: dict[int, FakeUser],
                        *, moves: int, round_of: Callable[[Any], Hashable], seed: str = "notice",
                        start: Callable[[], Any] | None = None,
                        stop: Callable[[Any], bool] = lambda state: False,
                        each: Callable[[], Awaitable[None]] | None = None, boards: bool = False,
                        count_rounds: Callable[[Any], int] | None = None) -> Notice:
    """Start ``table`` (``/table start`` by the first user, or ``start``), then play up to
    ``moves`` moves (or the end, or ``stop``), every seat a person in ``users``, calling ``each``
    after every move; measure. With ``boards``, after each move the newest post must come to show
    the board as of that move (issue 19 §5), a new post inside a stage too. Discord's rate-limit
    windows are :data:`QUICKER` times shorter from here on."""
    server.limiter.quicken(QUICKER)
    first = server.checkpoint()
    if start is None:
        await slash_ok(users[0], "table start", table.thread)
    else:
        await start()
    await dealt(server, service, table)  # a person reads the deal's post before moving (as after every move)
    loaded = await asyncio.to_thread(service.load, table.id)
    game = loaded.game
    open_turns: dict[int, Turn] = {s: Turn(s, first) for s in game.to_act(loaded.state)}
    turns = list(open_turns.values())
    rounds: set[Hashable] = set()
    played = checked = 0
    while played < moves:
        state = loaded.state
        if game.is_over(state) or stop(state):
            break
        rounds.add(round_of(state))
        seat = sorted(game.to_act(state))[0]
        notation = str(game.bot_move(state, seat, Rng.from_seed(f"{seed}:{played}")))
        mark = server.checkpoint()
        current = open_turns.get(seat)
        if current is not None and current.end is None:
            current.end = mark  # told in time only if before their first move of the turn
        await move(users[seat], table, notation)
        played += 1
        await settle(server, service, table)  # a person reads the post before moving on
        loaded = await asyncio.to_thread(service.load, table.id)
        after = game.to_act(loaded.state)
        for s in sorted(set(open_turns) - after):  # the turn is over
            del open_turns[s]
        for s in sorted(after - set(open_turns)):  # a turn begins: acting now, not just before
            open_turns[s] = Turn(s, mark)
            turns.append(open_turns[s])
        if boards:
            checked += await new_posts_show_the_board(server, table, mark, loaded.last_seq,
                                                      game.stage(state) == game.stage(loaded.state))
        if each is not None:
            await each()
    await settle(server, service, table)
    posts = [m for m in public_bot_messages(server, table.thread) if m.id > first]
    notified = [told(server, users[t.seat], t, posts) for t in turns]
    # the rounds played in, or as many as ``count_rounds`` says from the last state (a round can
    # pass without anyone asked: the Landlord's auto-roll plays whole rounds in one commit)
    count = len(rounds) if count_rounds is None else count_rounds(loaded.state)
    return Notice(game.meta.id, len(users), played, max(1, count), len(posts),
                  {u.name: sum(u.id in m.pinged for m in posts) for u in users.values()}, turns, notified,
                  checked)


def told(server: LoopbackDiscord, user: FakeUser, turn: Turn, posts: Sequence[Any]) -> bool:
    """Whether ``user`` was notified during ``turn``: a post mentioning them, or a DM."""
    def within(message: Any) -> bool:
        return message.id > turn.start and (turn.end is None or message.id < turn.end)
    return any(within(m) and user.id in m.pinged for m in posts) or any(within(m) for m in user.dm_messages())


async def settle(server: LoopbackDiscord, service: TableService, table: Table) -> None:
    """Wait until the table's status post is out (posts may be queued, issue 19 §5)."""
    def out() -> bool:
        note = service.note(table.id, "status_post")
        if not isinstance(note, dict) or not note.get("message"):
            return True
        return any(str(m.id) == str(note["message"]) for m in public_bot_messages(server, table.thread))
    await server.wait_until(out, timeout=30, description="the table's status post to be out")


async def dealt(server: LoopbackDiscord, service: TableService, table: Table) -> None:
    """Wait until the deal's status post is out: unlike :func:`settle`, also while the deal's handler
    has not noted a post yet (a lobby click is answered before the deal is posted)."""
    def out() -> bool:
        note = service.note(table.id, "status_post")
        if not isinstance(note, dict) or not note.get("message"):
            return False
        return any(str(m.id) == str(note["message"]) for m in public_bot_messages(server, table.thread))
    await server.wait_until(out, timeout=30, description="the deal's status post to be out")


async def new_posts_show_the_board(server: LoopbackDiscord, table: Table, mark: int, seq: int,
                                   same_stage: bool) -> int:
    """Wait until the table's newest post shows the board as of action ``seq``, the last one (the
    board follows the text by an edit, issue 13 §2), a new post inside a stage too (issue 19 §5).
    Returns 1 when the move made a new post inside a stage."""
    def newest() -> Any:
        return public_bot_messages(server, table.thread)[-1]
    name = f"board-t{table.id}-s{seq}.png"
    await server.wait_until(lambda: name in [a.filename for a in newest().attachments], timeout=30,
                            description=f"the newest post ({newest().text[-120:]!r}) to show {name}")
    return int(same_stage and newest().id > mark)
