"""Point an unmodified discord.py (2.x) at the loopback server.

discord.py builds every REST URL, including interaction callbacks and follow-up webhooks
(``discord/webhook/async_.py`` uses ``discord.http.Route``), from ``Route.BASE``. The gateway is
opened from ``DiscordWebSocket.DEFAULT_GATEWAY`` (``Client`` never calls ``GET /gateway``;
``AutoShardedClient`` calls ``GET /gateway/bot``, which the server answers with the same URL).
Those two class attributes are all that must change; this module only touches them.
"""

from __future__ import annotations

import os
import re
from typing import Any

ENV_VAR = "TABULA_DISCORD_API_BASE"
"""Environment variable holding the loopback API base (e.g. ``http://127.0.0.1:PORT/api/v10``)."""
PROCESS_ENV = "TABULA_LOOPBACK_PROCESS"
"""Environment variable naming the bot process in the header :data:`PROCESS_HEADER` of its requests."""
PROCESS_HEADER = "X-Loopback-Process"


def split_base_url(base_url: str) -> tuple[str, str]:
    """Return ``(rest_base, gateway_url)`` for a server root or API base URL.

    ``http://127.0.0.1:5000`` and ``http://127.0.0.1:5000/api/v10`` both give
    ``("http://127.0.0.1:5000/api/v10", "ws://127.0.0.1:5000/gateway")``.
    """
    match = re.fullmatch(r"(https?)://([^/]+)(/.*)?", base_url.strip().rstrip("/"))
    if match is None:
        raise ValueError(f"not an http(s) URL: {base_url!r}")
    scheme, host, path = match.group(1), match.group(2), match.group(3) or ""
    rest = f"{scheme}://{host}{path}" if path.startswith("/api") else f"{scheme}://{host}/api/v10"
    gateway = f"{'wss' if scheme == 'https' else 'ws'}://{host}/gateway"
    return rest, gateway


def patch_discord(base_url: str) -> None:
    """Make discord.py talk to the loopback server at ``base_url`` instead of discord.com.

    Call it before the client logs in (e.g. first thing in the bot's entry point). It sets
    ``discord.http.Route.BASE`` (REST, interaction callbacks and webhook follow-ups) and
    ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` (first connection and re-IDENTIFY
    after an invalidated session; RESUMEs use the ``resume_gateway_url`` from READY, which the
    server also points at itself).
    """
    import discord.gateway
    import discord.http
    import yarl

    rest, gateway = split_base_url(base_url)
    discord.http.Route.BASE = rest
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


def name_process(label: str) -> None:
    """Make every HTTP request of this process carry ``X-Loopback-Process: label`` (REST calls and
    interaction callbacks alike go through discord.py's one aiohttp session), so the server can
    tell which of several bot processes made it (``LoopbackDiscord.answers``)."""
    import aiohttp

    original = aiohttp.ClientSession.__init__

    def init(self: aiohttp.ClientSession, *args: Any, **kwargs: Any) -> None:
        kwargs["headers"] = {**dict(kwargs.get("headers") or {}), PROCESS_HEADER: label}
        original(self, *args, **kwargs)

    aiohttp.ClientSession.__init__ = init  # type: ignore[method-assign]


def patch_discord_from_env(env_var: str = ENV_VAR) -> bool:
    """Call :func:`patch_discord` with ``$TABULA_DISCORD_API_BASE`` if set; return whether it was.
    With ``$TABULA_LOOPBACK_PROCESS`` set, the process's requests are named (:func:`name_process`)."""
    value = os.environ.get(env_var)
    if not value:
        return False
    patch_discord(value)
    if os.environ.get(PROCESS_ENV):
        name_process(os.environ[PROCESS_ENV])
    return True
