"""Megarich∞ through Discord with no adapter changes (issue 20): a person and three bots play a whole game — the
gathering days, the secret design, the battle — by /move, following the completions; the result post carries the
ranking and the battle's replay. Printed: public posts and the person's pings per day (the title's round). The
person's design stays out of every public post until every design is done (rule 4.3)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from games.core import Rng
from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import Table, lobby_click, move, open_table, public_bot_messages
from .notice import FIGURES, QUICKER, Turn, dealt, settle, told

#: The person's wonder: a name no bot draws, to find in public posts.
WONDER = "Zephyr Quillmoor"
#: Moves the person plays at most (a 4-player game takes about 30 of theirs).
PERSON_MOVES = 120


async def completed(alice: FakeUser, table: Table, wanted: str) -> None:
    """The completions of the move's first word list ``wanted``'s word, labelled in words, at most 25."""
    first = wanted.split()[0]
    choices = await alice.autocomplete("move", option="move", value="", channel=table.thread)
    assert 0 < len(choices) <= 25
    assert all(c.name and c.name != c.value for c in choices), "completions are labelled in words"
    assert any(c.value.split()[0] == first for c in choices), (wanted, [c.value for c in choices])


def day_of(state: Any) -> int:
    """The title's round: a gathering day, then the design phase and the battle as one day more."""
    return int(state.gather.round) if state.phase == "gathering" else int(state.gather.days) + 1


async def test_a_megarich_game_plays_through_all_three_phases_by_slash_commands(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser,
        record_property: Callable[[str, object], None]) -> None:
    table = await open_table(server, alice, "megarich", seats=4)
    for _ in range(3):
        await lobby_click(table, alice, "addbot")
    # what is measured is posts and pings, which the posting rule decides: Discord's windows shortened (notice.QUICKER)
    server.limiter.quicken(QUICKER)
    first = server.checkpoint()
    await lobby_click(table, alice, "start")  # a click is answered at once; the deal's post follows
    await dealt(server, service, table)  # a person reads the deal's post before moving (as after every move)
    rng = Rng.from_seed("e2e-megarich")
    played: list[str] = []
    turns: list[Turn] = []
    days: set[int] = set()
    design_done_at: int | None = None
    loaded = await asyncio.to_thread(service.load, table.id)
    game = loaded.game
    acting = 0 in game.to_act(loaded.state)
    if acting:
        turns.append(Turn(0, first))
    for _ in range(PERSON_MOVES * 4):
        state = loaded.state
        if game.is_over(state):
            break
        days.add(day_of(state))
        if 0 not in game.to_act(state):
            await asyncio.sleep(0.05)  # the bots answer inside the same commit; read again
            loaded = await asyncio.to_thread(service.load, table.id)
            continue
        wanted = str(game.bot_move(state, 0, rng))
        if wanted.startswith("name "):
            wanted = f"name {WONDER}"
        await completed(alice, table, wanted)
        mark = server.checkpoint()
        if turns and turns[-1].end is None:
            turns[-1].end = mark
        await move(alice, table, wanted)
        played.append(wanted)
        if wanted == "done" and state.phase == "design":
            design_done_at = mark
        await settle(server, service, table)
        loaded = await asyncio.to_thread(service.load, table.id)
        now_acting = 0 in game.to_act(loaded.state)
        if now_acting and (not acting or game.stage(loaded.state) != game.stage(state)):
            turns.append(Turn(0, mark))
        elif not now_acting and turns and turns[-1].end is None:
            turns[-1].end = server.checkpoint()
        acting = now_acting
    else:
        raise AssertionError("the game did not end")
    assert len(played) <= PERSON_MOVES
    phases = {m.split()[0] for m in played}
    assert {"move", "gather", "done"} <= phases and any(m.startswith("place") for m in played), phases
    assert design_done_at is not None, "the person finished a design"
    # the result post: the ranking, and the battle's replay animated (issue 20: Discord attaches it)
    final = await server.wait_for_message(table.thread, lambda m: any(
        a.filename.startswith("replay") for a in m.attachments), timeout=120)
    names = [a.filename for a in final.attachments]
    assert any(n.startswith("result") for n in names) and "1." in final.text, names
    replay = next(a for a in final.attachments if a.filename.startswith("replay"))
    assert replay.filename.endswith((".png", ".gif")) and 0 < len(replay.data) <= 8 * 1024 * 1024
    assert replay.data[:4] in (b"\x89PNG", b"GIF8") and (replay.data[:4] != b"\x89PNG" or b"acTL" in replay.data)
    posts = [m for m in public_bot_messages(server, table.thread) if m.id > first]
    # rule 4.3: the person's design is secret until every design is done — its name is in no public post before
    secret = [m.text for m in posts if m.id < design_done_at and WONDER in m.text]
    assert not secret, secret
    outcome = game.outcome(loaded.state)
    assert outcome is not None and {s.seat for s in outcome.standings} == {0, 1, 2, 3}
    notified = [told(server, alice, t, posts) for t in turns]
    pings = sum(alice.id in m.pinged for m in posts)
    line = (f"megarich 4p (1 person, 3 bots): {len(played)} moves by /move over {len(days)} days: turns that "
            f"notified the person {sum(notified)}/{len(notified)}, {len(posts) / len(days):.2f} public posts and "
            f"{pings / len(days):.2f} pings of the person per day ({pings} pings, {len(posts)} posts)")
    print("\n" + line)
    record_property(FIGURES, line)
    assert all(notified), line
    assert pings <= len(turns), line  # once per turn, never more
