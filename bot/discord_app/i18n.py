"""The bot's own sentences (``messages.toml``), the reader's language, and command localisation."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from games.core import Catalog, GameError, normalise_lang
from service import SERVICE_CATALOG

BOT_CATALOG = Catalog.load(Path(__file__).with_name("messages.toml"), parent=SERVICE_CATALOG)

#: Discord locales that get the Chinese command names and descriptions.
ZH_LOCALES = frozenset({discord.Locale.chinese, discord.Locale.taiwan_chinese})


def t(key: str, lang: str, /, **params: Any) -> str:
    """The bot sentence ``key`` in ``lang`` (bot, table and core keys all resolve here)."""
    return BOT_CATALOG.text(key, params, lang)


def error_text(error: GameError, lang: str, game: Any = None, names: Sequence[str] | None = None) -> str:
    """A refusal in the reader's language: the title's own catalog first, then ours; ``names``
    (per seat) name the players it mentions instead of "#2"."""
    if game is not None and not error.key.startswith(("table.", "bot.")) and game.catalog.has(error.key):
        return str(game.error_text(error, lang, names))
    return BOT_CATALOG.text(error.key, error.params, lang)


def interaction_lang(interaction: discord.Interaction[Any], chosen: str | None = None) -> str:
    """The language to answer one person in: ``chosen`` (see :func:`reader_lang`), else their client's."""
    if chosen:
        return normalise_lang(chosen)
    return normalise_lang(str(interaction.locale)) if interaction.locale else "en"


def reader_lang(interaction: discord.Interaction[Any], own: str | None, table: str | None) -> str:
    """A private answer at a table (issue 19 §6): the member's own choice there (``/settings
    language scope:me``, kept on their seat) wins; else the table's, when one was chosen for it
    (``/settings language scope:table``); else their Discord client's language."""
    return interaction_lang(interaction, own or table)


def answer_lang(interaction: discord.Interaction[Any]) -> str:
    """The language already chosen for this interaction (:func:`reader_lang` once its table was
    found, else the client's)."""
    return str(interaction.extras.get("lang") or interaction_lang(interaction))


def guild_lang(interaction: discord.Interaction[Any], default: str) -> str:
    """The language for a new table's public messages: the server's, else the configured default."""
    if interaction.guild_locale is not None:
        found = str(interaction.guild_locale)
        if found.split("-")[0].lower() in {"zh", "en"}:
            return normalise_lang(found)
    return normalise_lang(default)


def command_key(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalog key for a piece of command metadata, derived from where it sits."""
    where = context.location
    data: Any = context.data
    loc = app_commands.TranslationContextLocation
    if where in (loc.command_name, loc.group_name):
        return f"cmd.{data.qualified_name.replace(' ', '.')}.name"
    if where in (loc.command_description, loc.group_description):
        return f"cmd.{data.qualified_name.replace(' ', '.')}.desc"
    if where in (loc.parameter_name, loc.parameter_description):
        suffix = "name" if where == loc.parameter_name else "desc"
        return f"cmd.{data.command.qualified_name.replace(' ', '.')}.opt.{data.name}.{suffix}"
    if where == loc.choice_name:
        return f"choice.{data.value}"
    return None


@functools.cache
def _traditional() -> Any:
    import opencc  # loaded only when a zh-TW name is asked for (command sync)
    return opencc.OpenCC("s2twp")


def traditional(text: str) -> str:
    """``text`` (Simplified Chinese) in Traditional characters with Taiwan's usual words (OpenCC
    ``s2twp``: 设置 → 設定), as a zh-TW client shows command names."""
    return str(_traditional().convert(text))


class CommandTranslator(app_commands.Translator):
    """Chinese names and descriptions for every command, option and choice (from ``[zh.cmd]``),
    in Traditional characters for zh-TW clients."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if locale not in ZH_LOCALES:
            return None
        key = string.extras.get("key") or command_key(context)
        if key is None:
            return None
        text = BOT_CATALOG.messages.get("zh", {}).get(key)
        if text is None or locale != discord.Locale.taiwan_chinese:
            return text
        return traditional(text)
