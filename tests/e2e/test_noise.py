"""How much a 4-player Landlord's game posts and pings through Discord (issue 10 §6), under the
loopback's enforced rate limits (their windows shortened, :data:`.notice.QUICKER`). Four people play
by /move, each move the one the Landlord's bot would choose for them; the tests print public posts,
edits and pings per player per round.

**Today** is 5bb1e9f (`../shared/research/play-experience-5bb1e9f.md` §8): "about one post and one
board image per player turn (44 images in 80 moves; a 30-round game would be about 90 boards)",
each post mentioning whoever had to act — so about 4 posts per round at 4 players and at least one
ping per player per round. The report counts no Landlord's pings, so we measured 5bb1e9f's engine
with these players and 5bb1e9f's posting rule (a new post whenever someone not acting before must
act, mentioning them): over its 30-round game, seeds 0–19, **5.0 public posts per round and 1.61
pings per player per round** (1.57 over the first six rounds). The halving is asserted against
the lower of the two post figures (4 per round, so at most 2) and the measured pings (at most 0.8
per player per round).

What halves them is the standing order ``auto-roll`` (ruling R34 of docs/rules/landlords.md),
which every seat starts with: a turn that asks its player nothing but the roll is rolled by the
table, and a turn that then asks nothing (a rent, a tax) passes in the same commit, edited into the
status post of the stage where someone must decide. The players here keep the default. The same
players after each cancels it (``/order auto-roll on:False`` in the lobby) are measured too (six
rounds), and printed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord, Message

from .helpers import Table, lobby_click, open_table, public_bot_messages, slash_ok
from .notice import FIGURES, Notice, play_measured, settle

#: 5bb1e9f's Landlord's game ended at its round limit of 30 rounds.
GAME_ROUNDS = 30
#: 5bb1e9f: about one post per player turn (the report), 4 per round at 4 players.
TODAY_POSTS = 4.0
#: 5bb1e9f: pings per player per round, measured with these players (see the module's text).
TODAY_PINGS = 1.61
STATUS_KEY = "status_post"


def line(figures: Notice, label: str) -> str:
    return f"{figures.line(label)}; 5bb1e9f: {TODAY_POSTS:.1f} posts, {TODAY_PINGS:.2f} pings"


async def status_seq(server: LoopbackDiscord, service: TableService, table: Table, seen: dict[int, int]) -> None:
    """Note which post is the table's status post now and the last action it tells of."""
    await settle(server, service, table)  # a new post may still be queued (issue 19 §5)
    note, loaded = await asyncio.gather(asyncio.to_thread(service.note, table.id, STATUS_KEY),
                                        asyncio.to_thread(service.load, table.id))
    if isinstance(note, dict) and note.get("message"):
        seen[int(note["message"])] = loaded.last_seq


async def play(server: LoopbackDiscord, service: TableService, users: dict[int, FakeUser], *, rounds: int,
               cancel: tuple[str, ...] = ()) -> tuple[Notice, Table, dict[int, int]]:
    """Open a 4-seat table, let each player cancel the default orders ``cancel`` by /order in the
    lobby, start it, and play up to ``rounds`` rounds (or the end), the Landlord's bot choosing
    each /move; measured as in :mod:`.notice` (with the share of turns that told their player)."""
    alice = users[0]
    table = await open_table(server, alice, "landlords", seats=4)
    for user in list(users.values())[1:]:
        await lobby_click(table, user, "join")
    for order in cancel:
        for user in users.values():
            answer = await slash_ok(user, "order", table.thread, order=order, on=False)
            assert answer.message.ephemeral
    seats = await asyncio.to_thread(service.repo.seats, table.id)
    assert all(s.orders == [o for o in ("auto-roll",) if o not in cancel] for s in seats), [s.orders for s in seats]
    seen: dict[int, int] = {}

    async def start() -> None:
        await slash_ok(alice, "table start", table.thread)
        await status_seq(server, service, table, seen)

    figures = await play_measured(server, service, table, users, moves=3000, round_of=lambda s: s.round,
                                  seed="noise", start=start, stop=lambda s: s.round > rounds,
                                  each=lambda: status_seq(server, service, table, seen),
                                  count_rounds=lambda s: min(rounds, s.round))
    assert figures.moves < 3000
    everyone = {u.id for u in users.values()}
    assert all(m.pinged <= everyone for m in public_bot_messages(server, table.thread))
    return figures, table, seen


def board_seq(message: Message, table: Table) -> int | None:
    """The action the post's board image shows (its file is named after it), if it has one."""
    prefix = f"board-t{table.id}-s"
    names = [a.filename for a in message.attachments if a.filename.startswith(prefix)]
    return int(names[0].removeprefix(prefix).removesuffix(".png")) if names else None


@pytest.mark.slow  # tests/support/schedule.py: started first by make test
async def test_a_four_player_landlords_game_posts_and_pings_half_of_5bb1e9f(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser, record_property: Callable[[str, object], None]) -> None:
    users = {0: alice, 1: bob, 2: carol, 3: server.add_user("dave")}
    figures, table, seen = await play(server, service, users, rounds=GAME_ROUNDS)
    print("\n" + line(figures, "by default (auto-roll)"))
    record_property(FIGURES, line(figures, "by default (auto-roll)"))
    assert figures.rounds >= 10, "the game ended too early to measure"
    assert figures.posts / figures.rounds <= TODAY_POSTS / 2
    assert figures.mean_pings <= TODAY_PINGS / 2, figures.pings
    assert all(c / figures.rounds < TODAY_PINGS for c in figures.pings.values()), figures.pings

    # every public board is current as of its message: a status post shows the board of the last
    # action its text tells of, once the queued edits are made (a board that a newer one replaced
    # while it was drawn may be missing, never stale); the last post shows the board as it is now
    posts = {m.id: m for m in public_bot_messages(server, table.thread)}
    note = await asyncio.to_thread(service.note, table.id, STATUS_KEY)
    last = int(note["message"]) if isinstance(note, dict) else None  # none once the game is over

    def stale() -> list[tuple[int, int | None, int]]:
        shown = {m: board_seq(posts[m], table) for m in seen if m in posts}
        allowed = {m: {seen[m]} if m == last else {seen[m], None} for m in shown}
        return [(m, shown[m], seen[m]) for m in shown if shown[m] not in allowed[m]]

    await server.wait_until(lambda: not stale(), timeout=60,
                            description=lambda: f"every board current as of its post: {stale()[:5]}")


async def test_the_same_players_who_cancel_the_order_are_pinged_every_turn(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser,
        carol: FakeUser, record_property: Callable[[str, object], None]) -> None:
    """Without ``auto-roll`` each turn is still a post and a ping (printed for comparison); the
    bounds are 5bb1e9f's own, so a noisier change fails here too."""
    users = {0: alice, 1: bob, 2: carol, 3: server.add_user("dave")}
    figures, _, _ = await play(server, service, users, rounds=6, cancel=("auto-roll",))
    print("\n" + line(figures, "after /order auto-roll on:False"))
    record_property(FIGURES, line(figures, "after /order auto-roll on:False"))
    assert figures.posts / figures.rounds <= 5.0
    assert figures.mean_pings <= TODAY_PINGS, figures.pings
