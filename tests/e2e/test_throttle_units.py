"""Issue 12 (2), the adapter's pure parts: token buckets, cooldowns, the bounded render queue and
what Discord's refusals to open a table become (no Discord, no bot process)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
import pytest

from bot.discord_app.images import Images
from bot.discord_app.lobby import open_refusal
from bot.discord_app.throttle import PRUNE_AT, Cooldowns, TokenBuckets


def test_a_bucket_allows_a_burst_then_one_per_refill() -> None:
    buckets = TokenBuckets(3, 3.0)  # three at once, then one a second
    assert [buckets.take("m", now=0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert buckets.take("m", now=0.0) == pytest.approx(1.0)
    assert buckets.take("m", now=0.5) == pytest.approx(0.5)  # a refusal spends nothing
    assert buckets.take("m", now=1.0) == 0.0
    assert buckets.take("other", now=1.0) == 0.0  # per key
    assert [buckets.take("m", now=10.0) for _ in range(4)][:3] == [0.0, 0.0, 0.0]  # refilled, capped


def test_a_refunded_token_is_back_and_never_past_the_burst() -> None:
    buckets = TokenBuckets(2, 20.0)
    assert [buckets.take("m", now=0.0) for _ in range(2)] == [0.0, 0.0]
    buckets.refund("m")                       # the second action was refused after all
    assert buckets.take("m", now=0.0) == 0.0
    assert buckets.take("m", now=0.0) > 0.0
    buckets.refund("m")
    buckets.refund("m")
    buckets.refund("m")
    assert [buckets.take("m", now=0.0) for _ in range(3)][2] > 0.0  # capped at the burst
    buckets.refund("unknown")                 # nothing to give back: nothing happens
    assert "unknown" not in buckets._buckets


def test_resting_buckets_are_forgotten() -> None:
    buckets = TokenBuckets(2, 1.0)
    for n in range(PRUNE_AT):
        buckets.take(n, now=0.0)
    buckets.take("late", now=5.0)
    assert len(buckets._buckets) == 1


def test_a_cooldown_starts_once_and_can_be_called_off() -> None:
    cooldowns = Cooldowns(30.0)
    assert cooldowns.start("m", now=0.0) == 0.0
    assert cooldowns.start("m", now=10.0) == pytest.approx(20.0)
    assert cooldowns.start("n", now=10.0) == 0.0
    assert cooldowns.start("m", now=30.0) == 0.0
    cooldowns.cancel("m")
    assert cooldowns.start("m", now=31.0) == 0.0
    assert Cooldowns(0).start("m") == 0.0 and Cooldowns(0).start("m") == 0.0


class _Slow:
    def board(self, view: Any, lang: str, names: list[str]) -> bytes:
        return b"png"


async def test_the_render_queue_is_bounded(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    import render

    monkeypatch.setattr(render, "renderer_for", lambda game_id: _Slow())
    images = Images(workers=0, delay=0.3, queue=1, wait=0.05)  # threads: the patch reaches them
    try:
        with caplog.at_level(logging.INFO, logger="tabula.discord.images"):
            drawn = await asyncio.gather(*(images.board("pebbles", None, "en", []) for _ in range(3)))
        # one drawn; one waited for a place and gave up; one found the queue full and did not wait
        assert drawn.count(b"png") == 1 and drawn.count(None) == 2 and images.skipped == 2
        assert all(r.levelno == logging.INFO for r in caplog.records)
        assert not any("could not draw" in r.getMessage() for r in caplog.records)
        assert await images.board("pebbles", None, "en", []) == b"png"  # the place is free again
    finally:
        images.close()
    eager = Images(workers=0, queue=1, wait=0)  # no waiting at all: a free place is still taken
    try:
        assert await eager.board("pebbles", None, "en", []) == b"png"
    finally:
        eager.close()


def _http_error(status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> discord.HTTPException:
    class Response:
        reason = "refused"

    response: Any = Response()
    response.status = status
    body = {"code": code, "message": message, **({"errors": errors} if errors else {})}
    kind = discord.Forbidden if status == 403 else discord.HTTPException
    return kind(response, body)


@pytest.mark.parametrize(("status", "code", "errors", "key"), [
    (403, 50013, None, "bot.missing_permissions"),
    (403, 50001, None, "bot.missing_permissions"),
    (400, 30013, None, "bot.open.channel_limit"),
    (400, 50035, {"parent_id": {"_errors": [{"code": "CHANNEL_PARENT_MAX_CHANNELS",
                                             "message": "Maximum number of channels in category reached (50)"}]}},
     "bot.open.channel_limit"),
    (400, 160006, None, "bot.open.thread_limit"),
    (400, 50024, None, "bot.cannot_open_here"),
    (400, 50035, {"name": {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH", "message": "Too long"}]}}, "bot.open.invalid"),
    (500, 0, None, "bot.open.failed"),
])
def test_discord_refusals_become_clear_refusals(status: int, code: int, errors: dict[str, Any] | None,
                                                key: str) -> None:
    assert open_refusal(_http_error(status, code, "refused", errors)).key == key


def test_every_new_refusal_is_worded_in_both_languages() -> None:
    from bot.discord_app.i18n import BOT_CATALOG

    keys = ["bot.slow_down", "bot.board.players_only", "bot.settings.server", "table.managers_only",
            "table.bad_limit", *(f"bot.cooldown.{k}" for k in ("new_table", "share")),
            *(f"bot.open.{k}" for k in ("channel_limit", "thread_limit", "invalid", "failed")),
            *(f"table.limit.{k}" for k in ("member_lobbies", "member_tables", "guild_tables"))]
    params = {"seconds": 3, "code": 1, "count": 2, "limit": 2, "setting": "x", "low": 1, "high": 2,
              "member_lobbies": 1, "member_tables": 2, "guild_tables": 3}
    for key in keys:
        en, zh = BOT_CATALOG.text(key, params, "en"), BOT_CATALOG.text(key, params, "zh")
        assert en and zh and en != zh and "{" not in en + zh, key
