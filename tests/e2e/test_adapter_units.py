"""Small checks of the adapter's pure helpers (no Discord, no bot process)."""

from __future__ import annotations

import asyncio

import discord
import pytest
from discord import app_commands

from bot.discord_app.components import CUSTOM_ID_LIMIT, custom_id
from bot.discord_app.config import BotConfig
from bot.discord_app.errors import BotError
from bot.discord_app.i18n import BOT_CATALOG, CommandTranslator, command_key
from bot.discord_app.lobby import parse_options
from bot.discord_app.present import CONTENT_LIMIT, clip, clip_lines, newest_lines, status_text


def test_clipping_respects_discord_limits() -> None:
    assert len(clip("x" * 5000)) == CONTENT_LIMIT
    text = clip_lines([f"line {n}" for n in range(1000)], 300)
    assert len(text) <= 300 and text.startswith("…") and text.endswith("line 999")


def test_status_posts_keep_the_newest_lines_and_count_the_rest() -> None:
    lines = [f"**Seat {n}** has picked a card." for n in range(200)]
    kept, dropped = newest_lines(lines, 500)
    assert kept[-1] == lines[-1] and dropped == 200 - len(kept) and len("\n".join(kept)) <= 500
    tail = "Still to act: Bob, Carol"
    text = status_text(lines, 3, tail, "en")
    assert len(text) <= CONTENT_LIMIT and text.endswith(lines[-1] + "\n" + tail)
    shown = text.count("has picked")
    assert text.startswith(f"… {200 - shown + 3} earlier\n")
    assert status_text(lines[:2], 0, tail, "en") == "\n".join([*lines[:2], tail])
    assert status_text([], 0, tail, "zh") == tail
    assert "之前还有" in status_text(lines, 0, tail, "zh")


def test_custom_ids_never_exceed_100_characters() -> None:
    assert custom_id("tb", 12, 34, "play", "take 1") == "tb:12:34:play:take 1"
    assert custom_id("tb", 1, 1, "play", "x" * CUSTOM_ID_LIMIT) is None


def test_options_are_key_value_pairs() -> None:
    assert parse_options("side=b, unfinished_penalty=2") == {"side": "b", "unfinished_penalty": "2"}
    assert parse_options(None) == {}
    with pytest.raises(BotError):
        parse_options("side")


def test_every_command_and_option_has_chinese_names_and_descriptions() -> None:
    from bot.discord_app import build_bot

    async def collect() -> list[str]:
        bot = build_bot(BotConfig(database_url="sqlite:///:memory:", sync_commands=False))
        bot.runtime.close()
        for name in ("tables", "play", "info", "admin"):
            await bot.load_extension(f"bot.discord_app.ext.{name}")
        missing = []
        translator = CommandTranslator()
        for command in bot.tree.walk_commands():
            payload = await command.get_translated_payload(bot.tree, translator)
            for item in [payload, *payload.get("options", [])]:
                if "name_localizations" not in item or "zh-CN" not in item.get("description_localizations", {}):
                    missing.append(f"{command.qualified_name}:{item['name']}")
        assert len(list(bot.tree.walk_commands())) > 20
        return missing

    assert asyncio.run(collect()) == []


def test_taiwan_clients_see_command_names_in_traditional_characters() -> None:
    """zh-TW gets Traditional characters and Taiwan's words; zh-CN keeps Simplified (issue 10 §8)."""
    from bot.discord_app import build_bot

    async def names() -> dict[str, dict[str, str]]:
        bot = build_bot(BotConfig(database_url="sqlite:///:memory:", sync_commands=False))
        bot.runtime.close()
        for name in ("tables", "play", "info", "admin"):
            await bot.load_extension(f"bot.discord_app.ext.{name}")
        translator = CommandTranslator()
        out: dict[str, dict[str, str]] = {}
        for command in bot.tree.walk_commands():
            payload = await command.get_translated_payload(bot.tree, translator)
            out[command.qualified_name] = {**payload["name_localizations"],
                                           "desc-zh-TW": payload["description_localizations"]["zh-TW"]}
        return out

    found = asyncio.run(names())
    assert found["move"]["zh-CN"] == "行动" and found["move"]["zh-TW"] == "行動"
    assert found["board"]["zh-TW"] == "版圖" and found["log"]["zh-TW"] == "記錄"
    for command, names in found.items():
        assert names["zh-TW"] == names["zh-TW"].strip() and len(names["zh-TW"]) <= 32, command
        assert not set("这个们开设选择设置规则记录") & set(names["zh-TW"] + names["desc-zh-TW"]), command


def test_chinese_texts_name_commands_as_the_chinese_client_shows_them() -> None:
    """Every "/command" in a Chinese text is a command's Chinese name (the client shows /行动, not /move),
    and every one in an English text is an English command name."""
    import re

    from games.core import CORE_CATALOG

    zh_names = {v for k, v in BOT_CATALOG.messages["zh"].items() if re.fullmatch(r"cmd\.\w+\.name", k)}
    en_names = {k.split(".")[1] for k in BOT_CATALOG.messages["zh"] if re.fullmatch(r"cmd\.\w+\.name", k)}
    assert {"行动", "手牌", "版图"} <= zh_names and {"move", "hand", "board"} <= en_names
    for catalog in (BOT_CATALOG, CORE_CATALOG):
        for lang, names in (("zh", zh_names), ("en", en_names)):
            for key, text in catalog.messages.get(lang, {}).items():
                if key.startswith("cmd."):
                    continue
                for found in re.findall(r"(?<![\w/])/([\w\u4e00-\u9fff]+)", text):
                    assert found in names, f"{lang} {key}: /{found} is not a command a {lang} client shows"


def test_command_keys_follow_the_command_path() -> None:
    group = app_commands.Group(name="table", description="d")

    @group.command(name="new", description="d")
    async def new(interaction: discord.Interaction, game: str) -> None: ...

    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name, new)
    assert command_key(context) == "cmd.table.new.name"
    assert BOT_CATALOG.messages["zh"][command_key(context)] == "新建"


def test_a_seat_acting_for_an_entity_is_named_with_it() -> None:
    """Status lines say "Rio Grande (@Alice)" when the title says the seat acts for a railroad."""
    from bot.discord_app.present import who
    from service import SeatRow

    seats = [SeatRow(table_id=1, seat=0, user_id="11", name="Alice"),
             SeatRow(table_id=1, seat=1, user_id="22", name="Bob")]
    assert who(seats, [0, 1], ping={0}, acting={0: "Rio Grande"}) == "Rio Grande (<@11>), Bob"
    assert who(seats, [1], ping=set()) == "Bob"
