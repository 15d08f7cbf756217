"""A Discord server emulated on 127.0.0.1 for end-to-end tests of an unmodified discord.py bot.

See ``README.md`` in this package. Main entry points:

* :class:`LoopbackDiscord` — REST + gateway server, guild/channel/user model, message store.
* :class:`FakeUser` — acts as a member: ``slash``, ``autocomplete``, ``click``, ``submit_modal``.
* :class:`InteractionResult` — awaitable record of what the bot did for one interaction.
* :class:`BotProcess` — runs the bot as a subprocess with the right environment.
* :func:`patch_discord` — what the bot calls (when ``TABULA_DISCORD_API_BASE`` is set).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .interactions import CallbackType, Choice, InteractionResult, InteractionType, LoopbackTimeout
    from .model import Attachment, Channel, ChannelType, Guild, Message, Role, UserRecord
    from .patch import ENV_VAR, patch_discord, patch_discord_from_env, split_base_url
    from .process import BotProcess
    from .server import LoopbackDiscord, UploadedFile
    from .users import FakeUser, FileUpload

#: Where each name lives. The package imports a module at the first use of one of its names: a bot process
#: started through :mod:`.launch` needs only :mod:`.patch`, not the server (aiohttp's web half and the model:
#: 0.2-0.3 s of every e2e bot's start; issue 25 §3).
_MODULES = {
    "CallbackType": "interactions", "Choice": "interactions", "InteractionResult": "interactions",
    "InteractionType": "interactions", "LoopbackTimeout": "interactions",
    "Attachment": "model", "Channel": "model", "ChannelType": "model", "Guild": "model", "Message": "model",
    "Role": "model", "UserRecord": "model",
    "ENV_VAR": "patch", "patch_discord": "patch", "patch_discord_from_env": "patch", "split_base_url": "patch",
    "BotProcess": "process",
    "LoopbackDiscord": "server", "UploadedFile": "server",
    "FakeUser": "users", "FileUpload": "users",
}


def __getattr__(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value

__all__ = [
    "ENV_VAR",
    "Attachment",
    "BotProcess",
    "CallbackType",
    "Channel",
    "ChannelType",
    "Choice",
    "FakeUser",
    "FileUpload",
    "Guild",
    "InteractionResult",
    "InteractionType",
    "LoopbackDiscord",
    "LoopbackTimeout",
    "Message",
    "Role",
    "UploadedFile",
    "UserRecord",
    "patch_discord",
    "patch_discord_from_env",
    "split_base_url",
]
