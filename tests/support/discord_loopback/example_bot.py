"""A tiny, ordinary discord.py bot used to exercise the loopback server end to end.

Run as ``python -m tests.support.discord_loopback.example_bot`` with ``DISCORD_TOKEN`` and
``TABULA_DISCORD_API_BASE`` set (``LoopbackDiscord.bot_env()`` provides both). Apart from the
``patch_discord_from_env()`` call in :func:`main`, nothing here knows about the emulator.
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import re
import sys

import discord
from discord import app_commands
from PIL import Image

from tests.support.discord_loopback.patch import patch_discord_from_env

log = logging.getLogger("example_bot")

MOVES = ["pass", "pick", "pie", "pivot", "place", "play"]
COLOURS = {"red": (200, 40, 40), "green": (40, 160, 60), "blue": (30, 120, 200)}


def render_png(size: int, colour: str = "blue") -> bytes:
    """A small solid PNG (deterministic for given arguments)."""
    buffer = io.BytesIO()
    Image.new("RGB", (size, size), COLOURS[colour]).save(buffer, format="PNG")
    return buffer.getvalue()


class JoinButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"table:join:(?P<table>[0-9]+):(?P<joined>[0-9]+):(?P<seats>[0-9]+)",
):
    """Persistent "Join" button; all state lives in the custom_id, so it survives restarts."""

    def __init__(self, table: str, joined: int, seats: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Join ({joined}/{seats})",
                style=discord.ButtonStyle.primary,
                custom_id=f"table:join:{table}:{joined}:{seats}",
                disabled=joined >= seats,
            )
        )
        self.table = table
        self.joined = joined
        self.seats = seats

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> JoinButton:
        return cls(match["table"], int(match["joined"]), int(match["seats"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        joined = self.joined + 1
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(self.table, joined, self.seats))
        await interaction.response.edit_message(
            content=f"Table {self.table}: {joined}/{self.seats} seated, last {interaction.user.display_name} "
            f"[pid {os.getpid()}]",
            view=view,
        )


class PickView(discord.ui.View):
    """A persistent select menu."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="pick:colour",
        placeholder="Pick colours",
        min_values=1,
        max_values=2,
        options=[discord.SelectOption(label=name.title(), value=name) for name in COLOURS],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"You picked {', '.join(select.values)}", ephemeral=True)


class RenameModal(discord.ui.Modal, title="Rename table"):
    """Modal with a text input and a select inside a label."""

    new_name: discord.ui.TextInput = discord.ui.TextInput(label="New name", custom_id="name", max_length=40)
    colour: discord.ui.Label = discord.ui.Label(
        text="Colour",
        component=discord.ui.Select(
            custom_id="colour", options=[discord.SelectOption(label=n.title(), value=n) for n in COLOURS]
        ),
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        select = self.colour.component
        assert isinstance(select, discord.ui.Select)
        await interaction.response.send_message(f"Renamed to {self.new_name.value} ({select.values[0]})")


table = app_commands.Group(name="table", description="Game tables")
admin = app_commands.Group(name="admin", description="Table administration", parent=table)


@table.command(name="new", description="Open a new table")
@app_commands.describe(game="Game to play", seats="Number of seats")
async def table_new(
    interaction: discord.Interaction, game: str, seats: app_commands.Range[int, 2, 6]
) -> None:
    table_id = str(interaction.id)[-6:]
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(table_id, 0, seats))
    await interaction.response.send_message(f"New {game} table {table_id} with {seats} seats", view=view)


@table.command(name="hand", description="Show your secret hand")
async def table_hand(interaction: discord.Interaction) -> None:
    text = (
        "Votre main secrète : 7 cartes"
        if interaction.locale is discord.Locale.french
        else "Your hand: 7 cards"
    )
    await interaction.response.send_message(text, ephemeral=True)


@table.command(name="peek", description="Deferred ephemeral answer, then a second follow-up")
async def table_peek(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    await interaction.followup.send("Top card: 7 of cups", ephemeral=True)
    await interaction.followup.send("Second card: queen of coins", ephemeral=True)


@table.command(name="render", description="Render the board")
@app_commands.describe(size="Image size in pixels", colour="Board colour")
@app_commands.choices(colour=[app_commands.Choice(name=n.title(), value=n) for n in COLOURS])
async def table_render(
    interaction: discord.Interaction, size: app_commands.Range[int, 1, 64] = 8, colour: str = "blue"
) -> None:
    await interaction.response.defer(thinking=True)
    png = await asyncio.to_thread(render_png, size, colour)
    await interaction.followup.send(
        f"Board {size}x{size}", file=discord.File(io.BytesIO(png), filename="board.png")
    )


@table.command(name="snapshot", description="Reply with an image directly (multipart callback)")
async def table_snapshot(interaction: discord.Interaction) -> None:
    png = render_png(4, "green")
    await interaction.response.send_message(
        "Snapshot", file=discord.File(io.BytesIO(png), filename="snap.png")
    )


@table.command(name="redraw", description="Reply, edit the reply with a file, post and delete a follow-up")
async def table_redraw(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("Drawing...")
    png = render_png(6, "red")
    await interaction.edit_original_response(
        content="Board redrawn", attachments=[discord.File(io.BytesIO(png), filename="board.png")]
    )
    temporary = await interaction.followup.send("temporary note", wait=True)
    await temporary.delete()


@table.command(name="rename", description="Rename the table (modal)")
async def table_rename(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(RenameModal())


@admin.command(name="close", description="Close a table")
async def admin_close(interaction: discord.Interaction, table_id: str, reason: str | None = None) -> None:
    await interaction.response.send_message(f"Closed table {table_id}" + (f": {reason}" if reason else ""))


@app_commands.command(name="move", description="Play a move")
@app_commands.describe(move="The move")
async def move(interaction: discord.Interaction, move: str) -> None:
    await interaction.response.send_message(f"{interaction.user.display_name} plays {move}")


@move.autocomplete("move")
async def move_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=m, value=m) for m in MOVES if m.startswith(current.lower())][:25]


@app_commands.command(name="thread", description="Open a thread for a table")
async def make_thread(interaction: discord.Interaction, name: str) -> None:
    await interaction.response.defer()
    channel = interaction.channel
    assert isinstance(channel, discord.TextChannel)
    thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
    await thread.add_user(interaction.user)
    await thread.send(f"Welcome to {name}, {interaction.user.mention}!")
    await interaction.followup.send(f"Created thread {thread.mention}")


@app_commands.command(name="channel", description="Create a text channel next to this one")
async def make_channel(interaction: discord.Interaction, name: str) -> None:
    await interaction.response.defer(ephemeral=True)
    channel = interaction.channel
    assert isinstance(channel, discord.TextChannel) and interaction.guild is not None
    created = await interaction.guild.create_text_channel(name, category=channel.category)
    await created.send("Channel ready")
    await interaction.followup.send(f"Created {created.mention} in {created.category}")


@app_commands.command(name="pick", description="Pick colours")
async def pick(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("Choose:", view=PickView())


@app_commands.command(name="poke", description="Poke someone")
async def poke(interaction: discord.Interaction, user: discord.Member) -> None:
    await interaction.response.send_message(f"{interaction.user.display_name} pokes {user.display_name}")


@app_commands.command(name="whisper", description="DM yourself")
async def whisper(interaction: discord.Interaction, text: str) -> None:
    await interaction.user.send(f"psst: {text}")
    await interaction.response.send_message("sent", ephemeral=True)


@app_commands.command(name="slow", description="Answer after a delay")
async def slow(interaction: discord.Interaction, seconds: float) -> None:
    await asyncio.sleep(seconds)
    await interaction.response.send_message("finally")


class ExampleBot(discord.Client):
    """The example client: registers commands, the persistent views, and syncs in ``setup_hook``."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.1)
        self.tree = app_commands.CommandTree(self)
        for command in (table, move, make_thread, make_channel, pick, poke, whisper, slow):
            self.tree.add_command(command)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton)
        self.add_view(PickView())
        synced = await self.tree.sync()
        log.info("synced %d commands", len(synced))

    async def on_ready(self) -> None:
        log.info("READY as %s in %d guild(s), pid %d", self.user, len(self.guilds), os.getpid())


def main() -> None:
    """Entry point."""
    logging.basicConfig(
        level=logging.INFO, stream=sys.stdout, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    if patch_discord_from_env():
        log.info("talking to loopback Discord at %s", os.environ["TABULA_DISCORD_API_BASE"])
    ExampleBot().run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()
