"""One /move loads the table once: the service parses once, applies, commits and hands the adapter
everything it needs (who acted before and after). The bot logs each load at DEBUG (TABULA_LOG)."""

from __future__ import annotations

import re

from tests.support.discord_loopback import FakeUser, LoopbackDiscord

from .conftest import running_tabula
from .helpers import lobby_click, move, open_table


def loads_of(output: str, table: int) -> int:
    return len(re.findall(rf"service\.tables: load table {table}\b", output))


async def test_one_move_loads_the_table_once(server: LoopbackDiscord, bot_env: dict[str, str],
                                             alice: FakeUser, bob: FakeUser) -> None:
    async with running_tabula(server, {**bot_env, "TABULA_LOG": "service.tables=DEBUG"}) as proc:
        table = await open_table(server, alice, "pebbles", seats=2)
        await lobby_click(table, bob, "join")
        await lobby_click(table, alice, "start")
        counts = []
        for user in (alice, bob, alice):
            before = loads_of(proc.output(), table.id)
            await move(user, table, "take 1")
            counts.append(loads_of(proc.output(), table.id) - before)
        print(f"\ntable loads per /move: {counts}")
        assert counts == [1, 1, 1]
