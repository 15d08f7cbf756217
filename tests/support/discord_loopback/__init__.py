"""A Discord server emulated on 127.0.0.1 for end-to-end tests of an unmodified discord.py bot.

See ``README.md`` in this package. Main entry points:

* :class:`LoopbackDiscord` — REST + gateway server, guild/channel/user model, message store.
* :class:`FakeUser` — acts as a member: ``slash``, ``autocomplete``, ``click``, ``submit_modal``.
* :class:`InteractionResult` — awaitable record of what the bot did for one interaction.
* :class:`BotProcess` — runs the bot as a subprocess with the right environment.
* :func:`patch_discord` — what the bot calls (when ``TABULA_DISCORD_API_BASE`` is set).
"""

from .interactions import CallbackType, Choice, InteractionResult, InteractionType, LoopbackTimeout
from .model import Attachment, Channel, ChannelType, Guild, Message, Role, UserRecord
from .patch import ENV_VAR, patch_discord, patch_discord_from_env, split_base_url
from .process import BotProcess
from .server import LoopbackDiscord, UploadedFile
from .users import FakeUser, FileUpload

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
