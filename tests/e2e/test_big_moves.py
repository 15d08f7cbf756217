"""A title with over 10,000 legal moves per turn (the example title hexlay) plays through Discord:
one player types moves with /move, completing token by token; the other builds them in the private
panel's menus. No completion list and no menu level offers more than Discord's 25 choices."""

from __future__ import annotations

import asyncio
from typing import Any

from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord
from tests.support.discord_loopback._util import walk_components
from tests.support.discord_loopback.model import Message

from .helpers import Table, done, lobby_click, move, open_table, slash_ok

ROUNDS = 3


async def typed_move(user: FakeUser, table: Table, sizes: list[int]) -> str:
    """Complete a lay token by token from /move's suggestions (the first hex, tile and rotation)."""
    typed = ""
    for _ in range(6):
        choices = await user.autocomplete("move", option="move", value=typed, channel=table.thread)
        sizes.append(len(choices))
        assert 0 < len(choices) <= 25, (typed, len(choices))
        lays = [c for c in choices if c.value.startswith("lay")]
        value = (lays or choices)[0].value
        if value.count(" ") == 3 or value == "pass":  # lay <hex> <tile> r<k>: a whole move
            await move(user, table, value)
            return value
        typed = value + " "
    raise AssertionError(f"no whole move after {typed!r}")


def menu_select(message: Message) -> dict[str, Any]:
    found = [c for c in walk_components(message.components)
             if c.get("type") == 3 and ":menu:" in c.get("custom_id", "")]
    assert found, f"no move menu on the panel: {message.custom_ids}"
    return found[0]


async def menu_move(server: LoopbackDiscord, user: FakeUser, table: Table, sizes: list[int]) -> str:
    """Open /hand and build a lay in its select menus, one token per level."""
    res = await slash_ok(user, "hand", table.thread)
    panel = res.message
    for _ in range(8):
        select = menu_select(panel)
        options = select["options"]
        sizes.append(len(options))
        assert 0 < len(options) <= 25
        finals = [o["value"] for o in options if o["value"].startswith("=lay")]
        deeper = [o["value"] for o in options if o["value"].startswith(">")]
        value = finals[0] if finals else deeper[0]
        before = panel.text
        await done(await user.select(panel, select["custom_id"], [value]))
        # its text changes at once, its image follows by another edit (issue 19 §5)
        await server.wait_until(lambda p=panel, b=before: p.text != b, timeout=10,
                                description="the panel to change")
        if value.startswith("="):
            assert "✓" in panel.text
            return value[1:]
    raise AssertionError("the menu never reached a whole move")


async def test_a_ten_thousand_move_title_plays_through_completion_and_menus(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser) -> None:
    table = await open_table(server, alice, "hexlay", seats=2, options={"options": f"round_limit={ROUNDS}"})
    await lobby_click(table, bob, "join")
    await lobby_click(table, alice, "start")
    loaded = await asyncio.to_thread(service.load, table.id)
    assert loaded.game.count_moves(loaded.state, 0) >= 10_000
    completions: list[int] = []
    menus: list[int] = []
    played = []
    for _ in range(2 * ROUNDS + 2):
        loaded = await asyncio.to_thread(service.load, table.id)
        if loaded.game.is_over(loaded.state):
            break
        seat = min(loaded.game.to_act(loaded.state))
        if seat == 0:
            played.append(await typed_move(alice, table, completions))
        else:
            played.append(await menu_move(server, bob, table, menus))
    loaded = await asyncio.to_thread(service.load, table.id)
    assert loaded.game.is_over(loaded.state), played
    assert [str(r.notation) for r in await asyncio.to_thread(service.log, table.id)][:len(played)] == played
    final = await server.wait_for_message(table.thread, lambda m: any("result" in a.filename for a in m.attachments))
    assert "1." in final.text
    print(f"\nhexlay through Discord: {len(played)} moves; completion lists {completions}; menu levels {menus}")
