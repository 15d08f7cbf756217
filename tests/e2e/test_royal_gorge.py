"""18 Royal Gorge through Discord with no adapter changes: a person against a bot by /move, following the
completions word by word (labelled in words) through the private auction and a stock round; the status post
names the railroad its president acts for; a standing order; the board image posted; then a bot takes the
person's seat and the bots play on to the result post."""

from __future__ import annotations

import asyncio
from typing import Any

from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import Table, lobby_click, move, open_table, public_bot_messages, slash_ok

MOVES = 40  # the person's moves at most before the seat goes to a bot


async def completed(alice: FakeUser, table: Table, legal: set[str], first: str = "") -> str:
    """Follow /move's completions from ``first`` to a whole move, always taking the first suggestion (the
    cheapest bid, the first start): every suggestion is labelled in words and belongs to a legal move."""
    typed = first
    for _ in range(6):
        choices = await alice.autocomplete("move", option="move", value=typed, channel=table.thread)
        assert 0 < len(choices) <= 25, typed
        assert all(c.name and c.name != c.value for c in choices), f"completions of {typed!r} not in words"
        assert all(any(m == c.value or m.startswith(c.value + " ") for m in legal) for c in choices)
        typed = choices[0].value
        if typed in legal:
            return typed
        typed += " "
    raise AssertionError(f"no whole move after {typed!r}")


async def state_of(service: TableService, table: Table) -> Any:
    return await asyncio.to_thread(service.load, table.id)


async def test_a_royal_gorge_game_plays_through_slash_commands_and_ends(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser) -> None:
    table = await open_table(server, alice, "royal-gorge", seats=2)
    await lobby_click(table, alice, "addbot")
    await lobby_click(table, alice, "start")
    played: list[str] = []
    for _ in range(MOVES * 4):
        loaded = await state_of(service, table)
        state, game = loaded.state, loaded.game
        assert not game.is_over(state)
        if state.round == "operating" or len(played) == MOVES:
            break
        if 0 not in game.to_act(state):
            await asyncio.sleep(0.05)  # the bot answers inside the same commit; read again
            continue
        legal = {str(m) for m in game.legal_moves(state, 0)}
        if state.round == "auction":  # open the bidding on a lot nobody has bid on yet, else pass
            wanted = await completed(alice, table, legal) if state.stack[-1].high < 0 else "pass"
        elif not any(m.startswith("par") for m in played):
            wanted = await completed(alice, table, legal, "par")
        else:
            wanted = "pass"
        assert wanted in legal
        await move(alice, table, wanted)
        played.append(wanted)
    assert any(m.startswith("bid") for m in played) and any(m.startswith("par") for m in played)
    loaded = await state_of(service, table)
    assert loaded.state.round == "operating"
    started = next(m.split()[1].upper() for m in played if m.startswith("par"))
    boards = [m for m in public_bot_messages(server, table.thread)
              if any(a.filename.startswith("board") for a in m.attachments)]
    assert boards, "the board image is posted in the thread"
    # the person's railroad operates first (the seed is fixed): the status post names it, and /rules answers
    # with the rules reference, whose notation section explains every move
    assert 0 in loaded.game.to_act(loaded.state), "the person's railroad operates"
    named = loaded.game.acting_label(loaded.state, 0, "en")
    assert named and named.startswith(started)
    await server.wait_until(lambda: any(named in m.text and "<@" in m.text
                                        for m in public_bot_messages(server, table.thread)),
                            timeout=15, description="a post naming the railroad that operates and its president")
    rules = await slash_ok(alice, "rules", table.thread)
    assert any(a.filename == "royal-gorge.md" for m in rules.messages for a in m.attachments)
    # a standing order by /order: pass in the next stock round
    order = f"pass-stock-{loaded.state.turn + 1}"
    offered = await alice.autocomplete("order", option="order", value="", channel=table.thread)
    assert order in [c.value for c in offered]
    await slash_ok(alice, "order", table.thread, order=order)
    assert (await asyncio.to_thread(service.seats, table.id))[0].orders == [order]
    # hand the person's seat to a bot: the bots play on by the rules and the result is posted
    await slash_ok(alice, "mod sub", table.thread, seat=1)
    final = await server.wait_for_message(table.thread, lambda m: any(
        a.filename.startswith("result") for a in m.attachments), timeout=60)
    assert "1." in final.text
    loaded = await state_of(service, table)
    outcome = loaded.game.outcome(loaded.state)
    assert outcome is not None and {s.seat for s in outcome.standings} == {0, 1}
    assert loaded.state.end_reason in ("stock_market", "final_train", "bankrupt")
    print(f"\nroyal-gorge through Discord: {len(played)} moves by /move, then bots to the end "
          f"({loaded.state.end_reason}, set {loaded.state.turn})")
