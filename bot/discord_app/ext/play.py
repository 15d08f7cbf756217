"""Playing: ``/move`` (autocomplete from the legal moves), ``/hand``, ``/undo``, and the buttons
and selects that play moves or open one's private panel."""

from __future__ import annotations

import asyncio
import itertools
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from games.core import StaleVersion
from service import MoveResult

from ..boards import build_panel, panel_image, panel_message, publish
from ..components import Click, TableButton, make_view, on_action
from ..edits import edits_of
from ..errors import BotError, describe, log, report
from ..i18n import interaction_lang, t
from ..interactions import runtime_of
from ..present import clip, clip_lines, event_lines, pings, public_lang, seat_names, who
from ..runtime import Runtime, Seated

if TYPE_CHECKING:
    from ..client import TabulaBot



async def play(interaction: discord.Interaction[Any], table_id: int, text: str,
               expected_version: int | None = None, *, wait_post: bool = True) -> MoveResult:
    """Apply a move for the person, then announce it publicly (in order, per table); returns once
    the announcement is out (or refused), or with ``wait_post=False`` once it is queued."""
    rt = runtime_of(interaction)
    async with rt.lock(table_id):
        before, result = await rt.act(table_id, str(interaction.user.id), text, expected_version=expected_version)
        post = await publish(rt, result, before)
    if post is not None and wait_post:  # the post is not made under the lock (issue 19 §5)
        await edits_of(rt).wait_posted(post)
    return result


def confirmation(result: MoveResult, lang: str) -> str:
    """What the mover reads privately: their move and what they alone may see of it."""
    first = result.steps[0]
    names = seat_names(result.loaded.seats)
    lines = event_lines(result.loaded.game, first.events, first.seat, lang, names)
    head = t("bot.moved", lang, move=first.notation)
    return clip(head + ("\n" + clip_lines(lines, 1800) if lines else ""))


#: The latest panel drawn into each private message (by message id), so that an image drawn
#: for an older panel never lands on a newer one (the newest of a few hundred messages).
_PANEL_LATEST: OrderedDict[int, int] = OrderedDict()
_PANEL_SERIAL = itertools.count(1)


async def send_panel(interaction: discord.Interaction[Any], seated: Seated, *, edit: bool,
                     notes: list[str] | None = None, path: list[str] | None = None, page: int = 0) -> None:
    """The person's private panel: a new ephemeral reply, or an edit of the panel they clicked
    (``path``/``page``: where they are in a move menu). Its text and buttons go out at once and
    its image follows by an edit when drawn (issue 19 §5: a panel opened by a button never waits
    on drawing); until then it shows no image rather than the one of an older state."""
    rt = runtime_of(interaction)
    if seated.loaded.state is None:
        raise BotError("table.not_active", status=seated.table.status)
    panel = await rt.call(build_panel, seated.loaded, seated.seat, seated.lang, path or (), page)
    panel.notes = list(notes or [])
    kwargs = panel_message(panel, seated.lang)
    serial = next(_PANEL_SERIAL)
    message: discord.InteractionMessage | discord.WebhookMessage
    if edit:
        message = await interaction.edit_original_response(attachments=[], **kwargs)
    else:
        message = await interaction.followup.send(ephemeral=True, wait=True, **kwargs)
    _PANEL_LATEST[message.id] = serial
    _PANEL_LATEST.move_to_end(message.id)
    while len(_PANEL_LATEST) > 512:
        _PANEL_LATEST.popitem(last=False)
    image = await panel_image(rt, panel, seated.lang)
    if image is None or _PANEL_LATEST.get(message.id) != serial:
        return  # nothing drawn, or a newer panel took this message's place meanwhile
    try:
        await message.edit(attachments=[image])
    except discord.HTTPException as error:  # dismissed, or its 15 minutes are over
        log.info("could not attach the image of panel %s: %s", message.id, error)


async def move_autocomplete(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
    """Up to 25 of the person's legal moves, filtered by what they typed, in their language."""
    try:
        return await _move_choices(interaction, current)
    except Exception:  # an answer must go out within 3 s; an empty list is better than none
        log.exception("move autocomplete failed: %s", describe(interaction))
        return []


async def _move_choices(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
    rt = runtime_of(interaction)
    if interaction.channel_id is None:
        return []
    row = await rt.call(rt.service.table_in_channel, str(interaction.channel_id))
    if row is None or row.status != "active":
        return []
    seated = await rt.seated_cached(interaction, row)
    seat = seated.seat
    if seat is None:
        return []

    def choices() -> list[app_commands.Choice[str]]:
        game, state = seated.loaded.game, seated.loaded.state
        names = seat_names(seated.loaded.seats)  # "Offer Bob …", not "Offer #2 …" (issue 19 §6)
        return [app_commands.Choice(name=clip(o.label, 100), value=o.token[:100])
                for o in game.complete(state, seat, current, seated.lang, limit=25, names=names)]

    return await rt.call(choices)


async def order_autocomplete(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
    """The standing orders the title offers the person now (in the lobby: the ones every seat
    starts with), marked ✓ when set."""
    try:
        rt = runtime_of(interaction)
        row = await rt.call(rt.service.table_in_channel, str(interaction.channel_id))
        if row is None or row.status not in ("lobby", "active"):
            return []
        seated = await rt.seated_cached(interaction, row)
        seat = seated.seat
        if seat is None:
            return []
        seats = await rt.call(rt.service.seats, row.id)  # orders are not in the cached state's version
        mine = next(s for s in seats if s.seat == seat).orders
        offered = await rt.call(rt.service.offered_orders, seated.loaded, seat, seated.lang)
        return [app_commands.Choice(name=clip(("✓ " if o.token in mine else "") + o.label, 100), value=o.token[:100])
                for o in offered if current.lower() in f"{o.token} {o.label}".lower()][:25]
    except Exception:  # an answer must go out within 3 s; an empty list is better than none
        log.exception("order autocomplete failed: %s", describe(interaction))
        return []


class Play(commands.Cog):
    """Moves, private views and undo."""

    def __init__(self, bot: TabulaBot) -> None:
        self.bot = bot

    @app_commands.command(name=_("move"), description=_("Play a move at this channel's table"))
    @app_commands.rename(move=_("move"))
    @app_commands.describe(move=_("The move: pick one from the list, or type its notation"))
    @app_commands.autocomplete(move=move_autocomplete)
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction[Any], move: str) -> None:
        interaction.extras["lang"] = interaction_lang(interaction)
        rt = runtime_of(interaction)

        async def applied() -> MoveResult:
            row = await rt.table_here(interaction)
            # the service refuses a person not seated; the post is queued, not awaited
            return await play(interaction, row.id, move, wait_post=False)

        # A move applied within the acknowledgement budget is answered by its confirmation (or
        # refusal) in one call; a slower one is acknowledged ("thinking") when the budget runs out
        # and confirmed by a follow-up (issue 25 §1: 2.3 instead of 3.3 REST calls a move). The
        # confirmation no longer waits for the public post: the mover reads it at once.
        work = asyncio.create_task(applied())
        try:
            result = await asyncio.wait_for(asyncio.shield(work), rt.config.ack_budget_ms / 1000)
        except TimeoutError:
            await interaction.response.defer(ephemeral=True, thinking=True)
            result = await work
        lang = rt.seated_from(interaction, result.loaded).lang
        if interaction.response.is_done():
            await interaction.followup.send(confirmation(result, lang), ephemeral=True)
        else:
            await interaction.response.send_message(confirmation(result, lang), ephemeral=True)

    @app_commands.command(name=_("turns"), description=_("Your games waiting for you, on every server, with links"))
    async def turns(self, interaction: discord.Interaction[Any]) -> None:
        """Every table where the member must act now, the nearest deadline first, each with a link
        to its thread and what is asked there (issue 10 §10)."""
        lang = interaction_lang(interaction)
        interaction.extras["lang"] = lang
        await interaction.response.defer(ephemeral=True, thinking=True)
        rt = runtime_of(interaction)
        waiting = await rt.call(rt.service.pending_turns, str(interaction.user.id))
        lines = []
        for turn in waiting:
            table = turn.table
            where = f"<#{table.channel_id}>" if table.channel_id else f"#{table.id}"
            asked = await rt.call(turn.prompt, lang)
            due = f" · {discord.utils.format_dt(table.deadline_at, 'R')}" if table.deadline_at else ""
            lines.append(t("bot.turns.line", lang, table=table.id, game=turn.game.meta.name(lang), channel=where,
                           asked=asked or t("bot.turns.your_move", lang), due=due))
        text = "\n".join([t("bot.turns.head", lang, count=len(lines)), *lines]) if lines else t("bot.turns.none", lang)
        await interaction.followup.send(clip(text), ephemeral=True)

    @app_commands.command(name=_("hand"), description=_("Your private view: hand, draft, sealed bids, your moves"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        interaction.extras["lang"] = interaction_lang(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        rt = runtime_of(interaction)
        row = await rt.table_here(interaction, ended_ok=True)
        await send_panel(interaction, await rt.seated(interaction, row.id), edit=False)

    @app_commands.command(name=_("order"),
                          description=_("Standing orders: let the table answer for you (e.g. pass every sealed bid)"))
    @app_commands.rename(order=_("order"), on=_("on"))
    @app_commands.describe(order=_("The standing order to set or cancel"), on=_("True: set it; false: cancel it"))
    @app_commands.autocomplete(order=order_autocomplete)
    @app_commands.guild_only()
    async def order(self, interaction: discord.Interaction[Any], order: str, on: bool = True) -> None:
        interaction.extras["lang"] = interaction_lang(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        rt = runtime_of(interaction)
        row = await rt.table_here(interaction)
        async with rt.lock(row.id):
            result = await rt.call(rt.service.set_order, row.id, str(interaction.user.id), order.strip(), on=on)
            if result is not None:
                await publish(rt, result, frozenset(result.acted_before))
        lang = str(interaction.extras["lang"])
        await interaction.followup.send(t("bot.order.set" if on else "bot.order.cancelled", lang), ephemeral=True)

    @app_commands.command(name=_("undo"), description=_("Take back your last move (or ask the others to allow it)"))
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        interaction.extras["lang"] = interaction_lang(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        rt = runtime_of(interaction)
        row = await rt.table_here(interaction)
        user = str(interaction.user.id)
        async with rt.lock(row.id):
            request = await rt.call(rt.service.request_undo, row.id, user)
            seated = await rt.seated(interaction, row.id)
            if request.result is None:
                await ask_consent(rt, seated, request.ask, request.version, interaction)
                await interaction.followup.send(t("bot.undo.asked", seated.lang), ephemeral=True)
                return
            await publish(rt, request.result, None)
        await interaction.followup.send(t("bot.undo.done", seated.lang), ephemeral=True)


# ---- undo with consent (the rule lives in service.consent) -----------------------------------------
async def ask_consent(rt: Runtime, seated: Seated, others: list[str], version: int,
                      interaction: discord.Interaction[Any]) -> None:
    table = seated.table
    lang = public_lang(table)
    view = make_view([
        TableButton(table.id, version, "undoyes", label=t("bot.button.approve", lang),
                    style=discord.ButtonStyle.success),
        TableButton(table.id, version, "undono", label=t("bot.button.deny", lang),
                    style=discord.ButtonStyle.danger)])
    text = t("bot.undo.request", lang, name=interaction.user.mention, others=", ".join(f"<@{u}>" for u in others))
    if table.channel_id:
        await rt.bot.get_partial_messageable(int(table.channel_id)).send(clip(text), view=view,
                                                                          allowed_mentions=pings(text))


async def consent_click(interaction: discord.Interaction[Any], click: Click) -> None:
    """Approve or refuse someone's undo request."""
    interaction.extras["lang"] = interaction_lang(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    rt = runtime_of(interaction)
    row = await rt.table_by_id(interaction, click.table)
    async with rt.lock(click.table):
        answer = await rt.call(rt.service.answer_undo, click.table, str(interaction.user.id),
                               yes=click.action == "undoyes", version=click.version)
        seated = await rt.seated(interaction, click.table)
        if answer.denied:
            if row.channel_id:
                await rt.bot.get_partial_messageable(int(row.channel_id)).send(
                    t("bot.undo.denied", public_lang(row), name=interaction.user.mention),
                    allowed_mentions=discord.AllowedMentions.none())
        elif answer.result is None:
            await interaction.followup.send(t("bot.undo.waiting", seated.lang,
                                              who=who(seated.loaded.seats, answer.waiting, ping=set())),
                                            ephemeral=True)
            return
        else:
            await publish(rt, answer.result, None)
    await interaction.followup.send(t("bot.undo.recorded", seated.lang), ephemeral=True)


on_action("undoyes")(consent_click)
on_action("undono")(consent_click)


# ---- panels and move components ---------------------------------------------------------------------
def _on_ephemeral(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    return bool(message is not None and message.flags.ephemeral)


@on_action("view")
async def view_click(interaction: discord.Interaction[Any], click: Click) -> None:
    """"My view" on a public post (a new private panel) or "refresh" on a panel (redrawn)."""
    interaction.extras["lang"] = interaction_lang(interaction)
    edit = _on_ephemeral(interaction)
    if edit:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    rt = runtime_of(interaction)
    await rt.table_by_id(interaction, click.table)
    await send_panel(interaction, await rt.seated(interaction, click.table), edit=edit)


@on_action("play")
async def play_click(interaction: discord.Interaction[Any], click: Click) -> None:
    """A move button or select: on a private panel the panel is redrawn; on a public post the
    public announcement is the answer. A click on an out-of-date board is refused."""
    interaction.extras["lang"] = interaction_lang(interaction)
    on_panel = _on_ephemeral(interaction)
    await interaction.response.defer()
    rt = runtime_of(interaction)
    await rt.table_by_id(interaction, click.table)
    text = click.arg or (click.values[0] if click.values else "")
    if not on_panel:  # the service refuses a person who is not seated
        await play(interaction, click.table, text, expected_version=click.version)
        return
    await play_on_panel(interaction, click, text)


async def play_on_panel(interaction: discord.Interaction[Any], click: Click, text: str) -> None:
    """Play a move chosen on a private panel, then redraw the panel with what it led to (or, if
    the table moved on meanwhile, say so and redraw it as it is now)."""
    rt = runtime_of(interaction)
    try:
        result = await play(interaction, click.table, text, expected_version=click.version)
    except StaleVersion as error:
        await report(interaction, error)
        await send_panel(interaction, await rt.seated(interaction, click.table), edit=True)
        return
    fresh = rt.seated_from(interaction, result.loaded)
    await send_panel(interaction, fresh, edit=True, notes=[confirmation(result, fresh.lang)])


@on_action("menu")
async def menu_click(interaction: discord.Interaction[Any], click: Click) -> None:
    """A step of a move menu on a private panel: a token leads one level deeper, "more…" to the
    next page, "back" one level up, and a final option plays the move it completes."""
    interaction.extras["lang"] = interaction_lang(interaction)
    await interaction.response.defer()
    rt = runtime_of(interaction)
    await rt.table_by_id(interaction, click.table)
    path = [] if click.arg in (None, "^") else str(click.arg).split()
    value = click.values[0] if click.values else ""
    page = 0
    if value.startswith("="):
        await play_on_panel(interaction, click, value[1:])
        return
    if value.startswith(">"):
        path.append(value[1:])
    elif value.startswith("»"):
        page = int(value[1:]) if value[1:].isdigit() else 0
    await send_panel(interaction, await rt.seated(interaction, click.table), edit=True, path=path, page=page)


async def setup(bot: TabulaBot) -> None:
    await bot.add_cog(Play(bot))
