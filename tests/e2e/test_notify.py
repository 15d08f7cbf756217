"""Issue 19 §1: every turn of a title with strictly sequential turns notifies its player once.

Three people play 18 Royal Gorge by /move (the private auction, a stock round, an operating
round): before, the bot pinged each player once per stage, and a stage is a whole auction or
stock round (a 30-bid auction pinged each of three players once). Now each of a person's turns
notifies them; a person acting several times in a row is told once. Titles with simultaneous
steps keep the once-per-stage rule: their figures are printed beside, bounded by what they were
before the change (measured with these players and seeds), so they do not grow. The Landlord's
figures are printed by tests/e2e/test_noise.py."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable
from typing import Any

import pytest

from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import done, lobby_click, move, open_table, public_bot_messages, reply_text, slash_ok
from .notice import FIGURES, Notice, play_measured

#: Moves played by each test: the issue's 18 Royal Gorge count (70 moves).
MOVES = 70


async def measured(server: LoopbackDiscord, service: TableService, users: list[FakeUser], title: str,
                   round_of: Callable[[Any], Hashable], record: Callable[[str, object], None], moves: int = MOVES,
                   boards: bool = False, count_rounds: Callable[[Any], int] | None = None) -> Notice:
    """Open ``title`` for ``users``, play ``moves`` moves measured (:func:`.notice.play_measured`),
    print the figures and record them for the run's summary (tests/e2e/conftest.py)."""
    table = await open_table(server, users[0], title, seats=len(users))
    for user in users[1:]:
        await lobby_click(table, user, "join")
    notice = await play_measured(server, service, table, dict(enumerate(users)), moves=moves,
                                 round_of=round_of, seed=f"notify:{title}", boards=boards,
                                 count_rounds=count_rounds)
    print("\n" + notice.line())
    record(FIGURES, notice.line())
    return notice


def rg_round(state: Any) -> Hashable:
    return (state.round, state.turn, state.or_num)


def by_round(state: Any) -> Hashable:
    return state.round


@pytest.mark.slow  # tests/support/schedule.py: started first by make test
@pytest.mark.parametrize("title", ["royal-gorge", "three-kingdoms"])
async def test_every_turn_of_a_sequential_title_notifies_its_player_once(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser, title: str, record_property: Callable[[str, object], None]) -> None:
    """Before: 18 Royal Gorge 24 of 42 turns (57 %), Three Kingdoms 23 of 25 (92 %)."""
    notice = await measured(server, service, [alice, bob, carol], title,
                            rg_round if title == "royal-gorge" else by_round, record_property, boards=True)
    assert notice.moves == MOVES and len(notice.turns) > notice.rounds  # turns inside rounds
    missed = [(t.seat, t.start) for t, told in zip(notice.turns, notice.notified, strict=True) if not told]
    assert not missed, f"turns that told nobody: {missed[:10]} ({notice.line()})"
    # once per turn: no more pings than turns (a person acting several times in a row is told
    # once, even when their move opens a new round)
    assert sum(notice.pings.values()) <= len(notice.turns), notice.line()
    # each turn's new post inside a round shows the board as of its move (issue 19 §5)
    assert notice.boards_checked > 0 or title != "royal-gorge"


#: Before issue 19, with these players, seeds and moves (It's a Wonderful World: 70 moves over two
#: rounds): public posts and pings per player per round. A draft and its planning are simultaneous
#: steps: a person is told once per stage, and that must not grow.
WORLD_BEFORE = (2.50, 2.00)


async def test_a_title_with_simultaneous_steps_keeps_its_noise(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser, record_property: Callable[[str, object], None]) -> None:
    notice = await measured(server, service, [alice, bob, carol], "wonderful-world", by_round, record_property)
    posts, pings = WORLD_BEFORE
    assert notice.posts / notice.rounds <= posts and notice.mean_pings <= pings, notice.line()


@pytest.mark.slow  # tests/support/schedule.py: started first by make test
async def test_every_new_landlords_post_shows_its_board(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser, record_property: Callable[[str, object], None]) -> None:
    """Issue 19 §5: a new post inside a player's turn (a sealed-bid window, a trade offer, someone
    else asked to decide) carried no board: the board came only with the next move's edit. After
    every move the newest post must come to show the board as of that move."""
    notice = await measured(server, service, [alice, bob, carol], "landlords", by_round, record_property, boards=True,
                            count_rounds=lambda s: s.round)  # auto-roll plays whole rounds unasked
    assert notice.boards_checked > 0, "no new post inside a turn was made"


SEND = ("POST", "/channels/{channel_id}/messages")
#: Seconds Discord holds back a second post in the table's channel here (far longer than a reply takes).
HELD = 8.0


async def test_a_new_post_waits_in_the_queue_not_under_the_tables_lock(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser) -> None:
    """Issue 19 §5: a new post is queued like an edit, so no move waits for Discord to take
    another move's post. With one post per ``HELD`` seconds allowed in the thread, the other
    player's next move is applied while Discord still holds the post of the move before it
    back; each mover has their reply at once; then the posts come in order, with their mentions,
    the last one with the current board. Before, the post was sent under the table's
    lock: the next move could not be applied until it was out."""
    table = await open_table(server, alice, "pebbles", seats=2, options={"options": "pile=20"})
    await lobby_click(table, bob, "join")
    mark = server.checkpoint()
    await slash_ok(alice, "table start", table.thread)
    await server.wait_for_message(table.thread, lambda m: "Now:" in m.text, after=mark, timeout=15)

    def posts_after(mark: int) -> list[Any]:
        return [m for m in public_bot_messages(server, table.thread) if m.id > mark]

    def applied(count: int) -> Callable[[], bool]:
        return lambda: len(service.log(table.id)) == count

    await move(alice, table, "take 1")
    # from now on one post per HELD seconds, and this window's post is spent (as if by another post)
    server.limiter.set_limit(*SEND, limit=1, per=HELD, major="channel_id")
    assert server.limiter.exhaust(*SEND, table.thread.id) > HELD / 2
    held = server.checkpoint()
    bobs = await bob.slash("move", channel=table.thread, move="take 2")  # Discord holds its post back
    await server.wait_until(applied(2), timeout=15, description="bob's move")
    alices = await alice.slash("move", channel=table.thread, move="take 3")
    await server.wait_until(applied(3), timeout=HELD * 2, description="alice's next move")
    assert not posts_after(held), "the next move waited for the held post (the table's lock was held)"
    for res in (bobs, alices):  # each mover is answered at once, while Discord still holds the post (issue 25 §1)
        await done(res, timeout=HELD / 2)
        assert reply_text(res).startswith("✓"), reply_text(res)
    assert not posts_after(held), "a reply waited for its post"
    await server.wait_until(lambda: len(posts_after(held)) == 2, timeout=HELD * 4, description="both posts")
    second, third = posts_after(held)
    assert "takes 2" in second.text and "takes 3" in third.text and second.id < third.id
    assert alice.id in second.pinged and bob.id in third.pinged  # queued posts ping as written
    loaded = await asyncio.to_thread(service.load, table.id)
    name = f"board-t{table.id}-s{loaded.last_seq}.png"
    await server.wait_until(lambda: name in [a.filename for a in third.attachments], timeout=HELD * 2,
                            description=f"the last post to show {name}")
