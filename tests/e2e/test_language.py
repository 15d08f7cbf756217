"""Issue 19 §6, language: at a table whose language was chosen (``/settings language
scope:table``) refusals, ``/rules`` and ``/table status`` answer in it rather than in the reader's
Discord language, unless the reader chose their own there (``scope:me``); and ``/settings`` works in
a direct message (a member's own choices), where the table's settings say where to use them."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.discord_app.i18n import t
from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .conftest import running_tabula
from .helpers import done, draft_and_slate, lobby_click, move, open_table, public_bot_messages, reply_text, slash_ok


def said(lang: str, key: str, **params: object) -> str:
    """A sentence of the bot's catalogs, as a reader of ``lang`` gets it."""
    return t(key, lang, **params)


async def test_a_tables_language_reaches_refusals_rules_and_status(
        server: LoopbackDiscord, tabula: BotProcess, alice: FakeUser, bob: FakeUser, carol: FakeUser) -> None:
    table = await open_table(server, alice, "pebbles", seats=2)
    await lobby_click(table, bob, "join")
    await slash_ok(alice, "table start", table.thread)
    await server.wait_for_message(table.thread, lambda m: bool(m.attachments))

    # nobody chose a language for the table: everyone reads their own client's (carol: English)
    res = await done(await carol.slash("move", channel=table.thread, move="take 1"))
    assert said("en", "table.not_seated") in reply_text(res)

    # the table's creator makes it a Chinese table
    res = await slash_ok(alice, "settings language", table.thread, language="zh", scope="table")
    assert reply_text(res)

    # carol (en-GB, not seated): the refusal, /rules and /table status now come in Chinese
    res = await done(await carol.slash("move", channel=table.thread, move="take 1"))
    assert res.message.ephemeral and said("zh", "table.not_seated") in reply_text(res), reply_text(res)
    res = await slash_ok(carol, "rules", table.thread)
    text = reply_text(res)
    assert said("zh", "bot.rules.notation") in text and said("zh", "bot.rules.players", low=2, high=4) in text, text
    res = await slash_ok(carol, "table status", table.thread)
    text = reply_text(res)
    assert said("zh", "bot.status.to_act") in text and said("en", "bot.status.to_act") not in text, text
    # ... and so does alice's own refusal of a move that is no move (she plays in English)
    res = await done(await alice.slash("move", channel=table.thread, move="fly away"))
    assert res.message.ephemeral and reply_text(res) and "not a move you can make now" not in reply_text(res)
    zh_refusal = reply_text(res)

    # a player's own choice at the table wins over the table's: alice reads English again
    await slash_ok(alice, "settings language", table.thread, language="en", scope="me")
    res = await slash_ok(alice, "table status", table.thread)
    text = reply_text(res)
    assert said("en", "bot.status.to_act") in text and said("zh", "bot.status.to_act") not in text, text
    res = await done(await alice.slash("move", channel=table.thread, move="fly away"))
    assert reply_text(res) != zh_refusal and "not a move you can make now" in reply_text(res), reply_text(res)
    res = await slash_ok(alice, "rules", table.thread)
    assert said("en", "bot.rules.notation") in reply_text(res)

    # back to everyone's own: carol reads English again
    await slash_ok(alice, "settings language", table.thread, language="auto", scope="table")
    res = await slash_ok(carol, "table status", table.thread)
    assert said("en", "bot.status.to_act") in reply_text(res), reply_text(res)


@pytest.fixture
async def global_tabula(server: LoopbackDiscord, bot_env: dict[str, str],
                        bot_errors: tuple[str, ...]) -> AsyncIterator[BotProcess]:
    """The bot with its commands synced globally, as in production: only global commands reach a
    direct message (the loopback Discord lists there those allowed in DMs, as Discord does)."""
    async with running_tabula(server, bot_env, bot_errors, global_commands=True) as proc:
        yield proc


async def test_settings_work_in_a_direct_message(server: LoopbackDiscord, global_tabula: BotProcess,
                                                 service: TableService, alice: FakeUser, bob: FakeUser) -> None:
    dm = server.dm_channel(alice.record)

    # a member's own choice on every server: set and shown in a DM
    res = await slash_ok(alice, "settings dm", dm, on=True)
    assert res.message.ephemeral and reply_text(res) == said("en", "bot.dm.on")
    assert await asyncio.to_thread(service.wants_dm, [str(alice.id)]) == {str(alice.id)}
    on, off = said("en", "bot.settings_dm.on"), said("en", "bot.settings.off")
    res = await slash_ok(alice, "settings show", dm)
    assert reply_text(res) == said("en", "bot.settings_dm.mine", dm=on, invites=on)
    res = await slash_ok(alice, "settings dm", dm, on=False)
    assert reply_text(res) == said("en", "bot.dm.off")
    res = await slash_ok(alice, "settings invites", dm, on=False)          # issue 19 §2, in a DM too
    assert reply_text(res) == said("en", "bot.invites.off")
    res = await slash_ok(alice, "settings show", dm)
    assert reply_text(res) == said("en", "bot.settings_dm.mine", dm=off, invites=off)
    await slash_ok(alice, "settings invites", dm, on=True)

    # a table's (or the server's) setting has no table in a DM: the member reads where to use it,
    # in their language, and nothing is stored
    bob_dm = server.dm_channel(bob.record)
    for command, options in (("settings reminders", {"hours": 2.0}), ("settings deadline", {"hours": 5.0}),
                             ("settings language", {"language": "zh", "scope": "me"}),
                             ("settings server", {"deadline": 5.0})):
        res = await slash_ok(bob, command, bob_dm, **options)
        assert res.message.ephemeral and reply_text(res) == said("zh", "bot.settings_dm.table_only"), command
    res = await slash_ok(bob, "settings show", bob_dm)
    assert reply_text(res) == said("zh", "bot.settings_dm.mine", dm=said("zh", "bot.settings.off"),
                                   invites=said("zh", "bot.settings_dm.on"))

    # commands about a table stay out of DMs, as before
    with pytest.raises(LookupError):
        await alice.slash("move", channel=dm, move="take 1")


async def test_the_landlords_autocomplete_and_private_view_name_players(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser) -> None:
    """Offers name their partner ("Offer Bot … for $…", not "Offer #2 …") in ``/move``'s
    suggestions, and the private view names every player ("Alice at …", "Waiting for Alice")."""
    table = await open_table(server, alice, "landlords", seats=2)
    await lobby_click(table, alice, "addbot")
    await lobby_click(table, alice, "start")
    seats = await asyncio.to_thread(service.seats, table.id)
    names = {s.seat: s.name for s in seats}
    for _ in range(300):  # alice buys what she may, until she holds a card she may offer
        loaded = await asyncio.to_thread(service.load, table.id)
        assert not loaded.game.is_over(loaded.state)
        if 0 not in loaded.game.to_act(loaded.state):
            await asyncio.sleep(0.05)
            continue
        legal = [str(m) for m in loaded.game.legal_moves(loaded.state, 0)]
        if any(m.startswith("offer") for m in legal):
            break
        await move(alice, table, next((m for m in legal if m.startswith("buy")), legal[0]))
    else:
        raise AssertionError("alice never held a card to offer")

    offers = await alice.autocomplete("move", option="move", value="offer", channel=table.thread)
    assert offers and all(c.value.startswith("offer 2 ") for c in offers), offers
    for choice in offers:
        assert names[1] in choice.name and "#2" not in choice.name.split(" · ")[0], choice.name

    own = await slash_ok(alice, "hand", table.thread)
    text = reply_text(own)
    assert f"{names[0]} " in text and f"{names[1]} " in text, text
    assert not any(line.startswith(("#1 ", "#2 ")) for line in text.splitlines()), text


async def test_english_counts_read_right_in_the_thread(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser) -> None:
    """"stores 1 cube", not "1 cubes": alice drafts, slates every card but one, recycles that one
    (one cube) and places nothing, so the cube goes to her empire card."""
    table = await open_table(server, alice, "wonderful-world", seats=2)
    await lobby_click(table, alice, "addbot")
    await lobby_click(table, alice, "start")
    await draft_and_slate(service, alice, table, 0,
                          lambda drafted: f"build {drafted[0]}" if len(drafted) > 1 else f"recycle {drafted[0]}")
    answers = [reply_text(await move(alice, table, "done"))]

    def said_anywhere(text: str) -> bool:
        return any(text in m.text for m in public_bot_messages(server, table.thread)) or any(text in a for a in answers)

    await server.wait_until(lambda: said_anywhere("stores 1 cube on the empire card"), timeout=15,
                            description="the stored cube announced in the singular")
    assert not said_anywhere("1 cubes") and not said_anywhere("for 1 materials")
