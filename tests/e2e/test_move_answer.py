"""How ``/move`` answers the mover (issue 25 §1): a move applied within the acknowledgement budget
(``TABULA_ACK_BUDGET_MS``) is answered by its confirmation in one call, a slower one is acknowledged
("thinking") and confirmed by a follow-up; either way the reply does not wait for the public post,
and a refusal within the budget is one call too. The REST calls per move are what one bot token's
ceiling is made of (docs/performance.md)."""

from __future__ import annotations

import pytest

from tests.support.discord_loopback import CallbackType, FakeUser, LoopbackDiscord

from .conftest import running_tabula
from .helpers import done, move, public_bot_messages, reply_text
from .test_refusals import started


@pytest.mark.parametrize(("budget_ms", "callback", "followups"), [
    ("5000", CallbackType.CHANNEL_MESSAGE_WITH_SOURCE, 0),         # applied in time: one call
    ("0", CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE, 1),   # never in time: thinking, then a follow-up
])
async def test_a_move_is_confirmed_in_one_call_when_applied_within_the_budget(
        server: LoopbackDiscord, bot_env: dict[str, str], alice: FakeUser, bob: FakeUser,
        budget_ms: str, callback: CallbackType, followups: int) -> None:
    async with running_tabula(server, {**bot_env, "TABULA_ACK_BUDGET_MS": budget_ms}):
        table = await started(server, alice, bob, "pebbles")
        res = await move(alice, table, "take 1")  # waits for the public post too
        assert res.callback_type == callback
        assert len(res.followups) == followups
        assert reply_text(res).startswith("✓") and all(m.ephemeral for m in res.messages)
        assert res.ack_latency is not None and res.ack_latency < 3
        assert any("take" in m.text or "1" in m.text for m in public_bot_messages(server, table.thread))

        refused = await done(await bob.slash("move", channel=table.thread, move="fly away"))
        assert refused.callback_type == callback and len(refused.followups) == followups
        assert reply_text(refused) and not reply_text(refused).startswith("✓")
        assert all(m.ephemeral for m in refused.messages)
