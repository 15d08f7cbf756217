"""Three Kingdoms (逐鹿) through Discord with no adapter changes: a person against a bot by /move, in
both languages of the commands' completions, then a bot takes the person's seat and the game ends."""

from __future__ import annotations

import asyncio

import pytest

from games.core import Rng
from service import TableService
from tests.support.discord_loopback import BotProcess, FakeUser, LoopbackDiscord

from .helpers import done, lobby_click, move, open_table, public_bot_messages, slash_ok

PERSON_MOVES = 30


@pytest.mark.slow  # tests/support/schedule.py: started first by make test
async def test_a_three_kingdoms_game_plays_through_slash_commands_and_ends(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser) -> None:
    table = await open_table(server, alice, "three-kingdoms", seats=2)
    await lobby_click(table, alice, "addbot")
    await lobby_click(table, alice, "start")
    rng = Rng.from_seed("e2e-three-kingdoms")
    played: list[str] = []
    for _ in range(PERSON_MOVES * 4):
        loaded = await asyncio.to_thread(service.load, table.id)
        assert not loaded.game.is_over(loaded.state)
        if 0 not in loaded.game.to_act(loaded.state):
            await asyncio.sleep(0.05)  # the bot seat answers inside the same commit; just re-read
            continue
        choices = await alice.autocomplete("move", option="move", value="", channel=table.thread)
        legal = {str(m) for m in loaded.game.legal_moves(loaded.state, 0)}
        assert 0 < len(choices) <= 25 and {c.value for c in choices} <= legal
        assert all(c.name and c.name != c.value for c in choices), "completions are labelled in words"
        wanted = str(loaded.game.bot_move(loaded.state, 0, rng))  # typed as notation, like a regular
        await move(alice, table, wanted)
        played.append(wanted)
        if len(played) == PERSON_MOVES:
            break
    assert any(m.startswith("play") for m in played) and any(m.startswith("lord") for m in played)
    boards = [m for m in public_bot_messages(server, table.thread) if any(
        a.filename.startswith("board") for a in m.attachments)]
    assert boards, "the board image is posted in the thread"
    own = await slash_ok(alice, "hand", table.thread)
    assert own.message.ephemeral
    seat = (await asyncio.to_thread(service.load, table.id)).state.seats[0]
    posts = public_bot_messages(server, table.thread)
    # A card in hand that was public once may be named: the starting talent (ruling R8: the lord's own, or
    # drafted openly), and a card played or hired in view (then back in hand by a recall).
    shown = [m.text for m in posts]
    names = [name for card in seat.hand if card != seat.talent_card
             and (name := loaded.game.param_text("card", card, "en"))
             and not any(f"plays {name}" in text or f"hires {name}" in text for text in shown)]
    for text in shown:
        assert not any(name in text for name in names), f"a hand card is named in public: {text!r}"
    # hand the person's seat to a bot: the bots finish the game and the result is posted
    await slash_ok(alice, "mod sub", table.thread, seat=1)
    final = await server.wait_for_message(table.thread, lambda m: any(
        a.filename.startswith("result") for a in m.attachments), timeout=120)
    assert "1." in final.text
    loaded = await asyncio.to_thread(service.load, table.id)
    outcome = loaded.game.outcome(loaded.state)
    assert outcome is not None and {s.seat for s in outcome.standings} == {0, 1}
    print(f"\nthree-kingdoms through Discord: {len(played)} moves by /move, then bots to the end "
          f"(round {loaded.state.round})")


async def test_the_any_action_is_one_entry_of_the_panel_opened_level_by_level(
        server: LoopbackDiscord, tabula: BotProcess, service: TableService, alice: FakeUser, bob: FakeUser) -> None:
    """Issue 22 §4: the 18 "any" moves (pay 1 of 3 resources → 6 actions) were 18 lines of the panel's list; they
    are one entry ("Any action, paying 1 resource", 18 moves) beside the few other moves, opened resource, then
    action. Printed: the clicks it takes."""
    from .test_big_moves import menu_select

    table = await open_table(server, alice, "three-kingdoms", seats=2)
    await lobby_click(table, bob, "join")
    await lobby_click(table, alice, "start")
    users = {0: alice, 1: bob}
    rng = Rng.from_seed("e2e-any")
    for _ in range(150):
        loaded = await asyncio.to_thread(service.load, table.id)
        game, state = loaded.game, loaded.state
        seat = sorted(game.to_act(state))[0]
        legal = [str(m) for m in game.legal_moves(state, seat)]
        if seat == 0 and sum(m.startswith("any ") for m in legal) > 6 and len(legal) <= 25:
            break
        await move(users[seat], table, str(game.bot_move(state, seat, rng)))
    else:
        raise AssertionError("no turn offered the any action")
    panel = (await slash_ok(alice, "hand", table.thread)).message
    options = menu_select(panel)["options"]
    values = [o["value"] for o in options]
    assert ">any" in values and not any(v.startswith("=any ") for v in values), values
    assert len(values) == len(legal) - sum(m.startswith("any ") for m in legal) + 1
    clicks = 0
    for wanted in (">any", None, None):
        select = menu_select(panel)
        value = wanted or next(o["value"] for o in select["options"] if o["value"].startswith(("=any", ">")))
        before = panel.text
        await done(await alice.select(panel, select["custom_id"], [value]))
        clicks += 1
        await server.wait_until(lambda p=panel, b=before: p.text != b, timeout=10, description="the panel to change")
        if value.startswith("="):
            break
    assert "✓" in panel.text and clicks == 3
    log = await asyncio.to_thread(service.log, table.id)
    assert log[-1].notation.startswith("any ")
    print(f"\nthree-kingdoms panel: {len(values)} entries instead of {len(legal)}; the any action in {clicks} clicks")
