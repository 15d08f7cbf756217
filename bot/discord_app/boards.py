"""Public posts after each move, and each player's private panel.

Public posts are built from the spectator view and events visible to everyone; a private panel
(hand, draft, sealed bid, with the moves the player may make) only ever goes into an ephemeral
reply. Move buttons appear on public posts only for seats whose own view shows nothing the
spectator view does not (then their moves cannot give anything away).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord
import msgspec

from bot.render_worker import animation_extension
from games.core import MENU_LIMIT, Game, Option
from games.core.menu import GROUP_LIMIT, fold
from service import Loaded, MoveResult, TableRow
from service.ratings import change_line as rating_changes

from .components import TableButton, TableSelect, custom_id, make_view
from .direct import remind_by_dm
from .edits import Edit, Post, edits_of
from .i18n import t
from .present import (
    BUTTON_LABEL_LIMIT,
    CONTENT_LIMIT,
    LABEL_LIMIT,
    STATUS_LIMIT,
    acting_labels,
    clip,
    clip_lines,
    event_lines,
    newest_lines,
    pings,
    public_lang,
    ranking_lines,
    safe,
    seat_names,
    status_text,
    table_heading,
    who,
)

if TYPE_CHECKING:
    from .runtime import Runtime

log = logging.getLogger("tabula.discord")

QUIET = discord.AllowedMentions.none()
MAX_PUBLIC_BUTTONS = 20
MAX_PANEL_BUTTONS = 5


# ---- moves offered as components ----------------------------------------------------------------
def _plain(view: Any) -> Any:
    data = msgspec.to_builtins(view)
    if isinstance(data, dict):
        data.pop("viewer", None)
    return data


def keeps_nothing_secret(game: Game[Any, Any], state: Any, seat: int) -> bool:
    """Whether ``seat`` sees exactly what a spectator sees (so its moves reveal nothing)."""
    try:
        return bool(_plain(game.view(state, seat)) == _plain(game.view(state, None)))
    except Exception:  # an odd view is a reason for caution, not for failing the post
        log.exception("could not compare views of %s", game.meta.id)
        return False


def public_moves(loaded: Loaded, lang: str) -> list[tuple[str, str]]:
    """(notation, label) of moves safe to show to everyone, deduplicated, in legal-move order."""
    game, state = loaded.game, loaded.state
    if state is None or game.is_over(state):
        return []
    names = seat_names(loaded.seats)  # labels name players, not "#2" (issue 19 §6)
    out: dict[str, str] = {}
    for seat in sorted(game.to_act(state)):
        if seat in loaded.bot_seats:
            continue
        for move in game.public_moves(state, seat):  # the title's own choice, from public facts
            out.setdefault(str(move), game.move_label(state, seat, move, lang, names))
        if not keeps_nothing_secret(game, state, seat):
            continue
        if game.count_moves(state, seat, limit=MAX_PUBLIC_BUTTONS + 1) > MAX_PUBLIC_BUTTONS:
            continue  # too many for a post: "my view" opens the menus
        for move in game.suggested(state, seat):
            out.setdefault(str(move), game.move_label(state, seat, move, lang, names))
    return list(out.items())


def move_components(table: int, version: int, moves: Sequence[tuple[str, str]], *, first_row: int,
                    max_buttons: int, placeholder: str, style: discord.ButtonStyle) -> list[discord.ui.Item[Any]]:
    """Buttons when few moves fit, else one select of up to 25 moves."""
    fits = [m for m in moves if custom_id("tb", table, version, "play", m[0]) is not None]
    if fits and len(fits) == len(moves) and len(moves) <= max_buttons:
        return [TableButton(table, version, "play", notation, label=clip(label, BUTTON_LABEL_LIMIT), style=style,
                            row=first_row + i // 5) for i, (notation, label) in enumerate(moves)]
    options = [discord.SelectOption(label=clip(label, LABEL_LIMIT), value=notation)
               for notation, label in moves if len(notation) <= LABEL_LIMIT][:25]
    if not options:
        return []
    return [TableSelect(table, version, "play", options=options, placeholder=placeholder, row=first_row)]


def public_items(loaded: Loaded, lang: str, moves: Sequence[tuple[str, str]]) -> list[discord.ui.Item[Any]]:
    """Components of a public post: "my view" and, when safe (see :func:`public_moves`), moves."""
    table = loaded.table
    items: list[discord.ui.Item[Any]] = [
        TableButton(table.id, table.version, "view", label=t("bot.button.myview", lang), emoji="🃏",
                    style=discord.ButtonStyle.primary, row=0)]
    if moves:
        items += move_components(table.id, table.version, moves, first_row=1, max_buttons=MAX_PUBLIC_BUTTONS,
                                 placeholder=t("bot.panel.choose", lang), style=discord.ButtonStyle.secondary)
    return items


# ---- the private panel ----------------------------------------------------------------------------
@dataclass
class Panel:
    """One seat's private panel, computed off the event loop."""

    table: int
    version: int
    seat: int | None
    heading: str
    lines: list[str]
    moves: list[tuple[str, str]]
    view: Any
    names: list[str]
    game_id: str
    more: int = 0
    notes: list[str] = field(default_factory=list)
    #: Menu mode (too many moves for one list): the tokens chosen so far, the options for the
    #: next token (``Game.choices``), and which page of them is shown.
    path: tuple[str, ...] = ()
    menu: list[Option] | None = None
    page: int = 0


def build_panel(loaded: Loaded, seat: int | None, lang: str, path: Sequence[str] = (), page: int = 0) -> Panel:
    """Everything a panel shows (blocking: call through ``Runtime.call``). A seat with more moves
    than one select holds gets a menu, token by token from ``Game.choices`` (``path``: the tokens
    chosen so far); nothing ever lists every move of a big title."""
    game, state, table = loaded.game, loaded.state, loaded.table
    names = seat_names(loaded.seats)
    view = game.view(state, seat)
    moves: list[tuple[str, str]] = []
    menu: list[Option] | None = None
    if seat is not None and not game.is_over(state):
        if path or game.count_moves(state, seat, limit=MENU_LIMIT + 1) > MENU_LIMIT:
            menu = game.choices(state, seat, list(path), lang, names)
            if path:
                view = game.focus_view(state, seat, list(path), view)  # what the focus picture draws
        else:
            moves = [(str(m), game.move_label(state, seat, m, lang, names)) for m in game.suggested(state, seat)]
            # a big group among few moves (Three Kingdoms' 18 "any" moves) is one entry, opened level by level
            menu = fold(moves, game.choices(state, seat, (), lang, names)) if len(moves) > GROUP_LIMIT else None
            if menu is not None:
                moves = []
    if seat is None:
        heading = t("bot.panel.spectator", lang, table=table.id)
    else:
        heading = t("bot.panel.header", lang, table=table.id, seat=seat + 1, name=names[seat])
        acting = game.acting_label(state, seat, lang) if not game.is_over(state) else None
        if acting:
            heading += " · " + t("bot.panel.acting", lang, entity=acting)
    try:
        lines = list(game.summarize(view, lang, names))
    except Exception:
        log.exception("summarize failed for %s", game.meta.id)
        lines = []
    return Panel(table.id, table.version, seat, heading, lines, moves[:25], view, names, game.meta.id,
                 more=max(0, len(moves) - 25), path=tuple(path), menu=menu, page=page)


#: In menu mode, options per page (the 25th place of a select is "more…").
MENU_PAGE = MENU_LIMIT - 1


def menu_items(panel: Panel, lang: str) -> list[discord.ui.Item[Any]]:
    """A select for the next token (a final option plays its move), "more…" past a page, and a
    back button once a token is chosen. The select's id carries the path (≤ 100 characters)."""
    assert panel.menu is not None
    prefix = " ".join(panel.path)
    shown = panel.menu[panel.page * MENU_PAGE:(panel.page + 1) * MENU_PAGE]
    options = []
    for option in shown:
        notation = f"{prefix} {option.token}".strip()
        value = ("=" if option.final else ">") + (notation if option.final else option.token)
        if len(value) > LABEL_LIMIT:
            continue
        described = None if option.final else t("bot.menu.count", lang, count=option.count)
        options.append(discord.SelectOption(label=clip(option.label + ("" if option.final else " …"), LABEL_LIMIT),
                                            value=value, description=described))
    if len(panel.menu) > (panel.page + 1) * MENU_PAGE:
        options.append(discord.SelectOption(label=t("bot.menu.more", lang), value=f"»{panel.page + 1}", emoji="➡️"))
    items: list[discord.ui.Item[Any]] = []
    if options and custom_id("ts", panel.table, panel.version, "menu", prefix or "^") is not None:
        placeholder = clip(t("bot.menu.next", lang, path=prefix) if prefix else t("bot.panel.choose", lang), 150)
        items.append(TableSelect(panel.table, panel.version, "menu", prefix or "^", options=options,
                                 placeholder=placeholder, row=0))
    if panel.path:
        back = " ".join(panel.path[:-1]) or "^"
        items.append(TableButton(panel.table, panel.version, "menu", back, label=t("bot.menu.back", lang),
                                 emoji="⬅️", row=1))
    return items


def panel_items(panel: Panel, lang: str) -> list[discord.ui.Item[Any]]:
    items: list[discord.ui.Item[Any]] = []
    if panel.menu is not None:
        items += menu_items(panel, lang)
    elif panel.moves:
        items += move_components(panel.table, panel.version, panel.moves, first_row=0,
                                 max_buttons=MAX_PANEL_BUTTONS, placeholder=t("bot.panel.choose", lang),
                                 style=discord.ButtonStyle.primary)
        if isinstance(items[-1] if items else None, TableSelect):
            quick = [(n, lab) for n, lab in panel.moves if " " not in n][:MAX_PANEL_BUTTONS]
            items += [TableButton(panel.table, panel.version, "play", n, label=clip(lab, BUTTON_LABEL_LIMIT),
                                  style=discord.ButtonStyle.success, row=1) for n, lab in quick
                      if custom_id("tb", panel.table, panel.version, "play", n)]
    items.append(TableButton(panel.table, panel.version, "view", label=t("bot.button.refresh", lang), emoji="🔄",
                             row=2))
    return items


def panel_message(panel: Panel, lang: str) -> dict[str, Any]:
    """Keyword arguments for sending or editing a panel: its content and components. Its image
    follows by an edit once drawn (:func:`panel_image`): the reply never waits for drawing
    (issue 19 §5, as posts since issue 13 §2)."""
    parts = [*panel.notes, f"**{panel.heading}**"]
    if panel.menu is not None:
        parts.append(t("bot.menu.chosen", lang, path=" ".join(panel.path)) if panel.path else
                     t("bot.menu.intro", lang))
    elif panel.seat is not None and not panel.moves:
        parts.append(t("bot.panel.nothing", lang))
    if panel.more:
        parts.append(t("bot.panel.more", lang, count=panel.more))
    head = "\n".join(parts)
    body = clip_lines(panel.lines, 1900 - len(head)) if panel.lines else ""
    content = head + (f"\n```\n{body}\n```" if body else "")
    return {"content": clip(content), "view": make_view(panel_items(panel, lang))}


async def panel_image(rt: Runtime, panel: Panel, lang: str) -> discord.File | None:
    """The panel's image: the public board for a spectator, the focus image of a move menu's
    path, else the seat's private image (``None``: none could be drawn)."""
    if panel.seat is None:
        data = await rt.images.board(panel.game_id, panel.view, lang, panel.names)
        name = f"board-t{panel.table}.png"
    elif panel.path and (focus := await rt.images.focus(panel.game_id, panel.view, panel.path, lang, panel.names)):
        data, name = focus, f"focus-t{panel.table}-seat{panel.seat + 1}.png"
    else:
        data = await rt.images.private(panel.game_id, panel.view, lang, panel.names)
        name = f"private-t{panel.table}-seat{panel.seat + 1}.png"
    return discord.File(io.BytesIO(data), filename=name) if data else None


def asked_of(loaded: Loaded, seats: set[int], lang: str) -> str:
    """What the seats that must act are asked (``Game.prompt``), when they are asked the same."""
    names = [safe(n) for n in seat_names(loaded.seats)]
    asked = {loaded.game.prompt(loaded.state, s, lang, names) for s in seats}
    return asked.pop() or "" if len(asked) == 1 else ""


# ---- public posts ---------------------------------------------------------------------------------
def channel_of(rt: Runtime, channel_id: str | None) -> discord.abc.Messageable | None:
    if channel_id is None:
        return None
    return rt.bot.get_channel(int(channel_id)) or rt.bot.get_partial_messageable(int(channel_id))  # type: ignore[return-value]


#: The table note that remembers the current step's status post (see :func:`publish`).
STATUS_KEY = "status_post"


def status_record(table: TableRow, record: Any, to_act: set[int]) -> dict[str, Any] | None:
    """The current step's status post (the ``record`` noted), if it is for the table's channel
    and was about (a superset of) the seats that must act now."""
    if not isinstance(record, dict) or record.get("channel") != table.channel_id:
        return None
    try:
        int(record["message"])
    except (KeyError, TypeError, ValueError):
        return None
    if not to_act <= set(record.get("to_act") or ()):
        return None
    return record


def live_record(rt: Runtime, record: Any) -> Any:
    """The status note ``record``, unless it names a queued post of a process that is gone (a
    provisional id this process does not know): then there is no status post to go on with."""
    if isinstance(record, dict):
        try:
            if not edits_of(rt).known(int(record["message"])):
                return None
        except (KeyError, TypeError, ValueError):
            return record
    return record


def last_stage(table: TableRow, record: Any) -> str:
    """The game stage whose board image was posted last in the table's channel ("" if none)."""
    if not isinstance(record, dict) or record.get("channel") != table.channel_id:
        return ""
    return str(record.get("stage") or "")


def now_line(loaded: Loaded, to_act: set[int], ping: set[int], acting: dict[int, str], lang: str) -> str:
    """"Now: @Bob — pick a card to keep": who must act (mentions for ``ping``) and what is asked."""
    line = t("bot.turn.now", lang, who=who(loaded.seats, to_act, ping=ping, acting=acting))
    asked = asked_of(loaded, to_act, lang)
    return line + " — " + asked if asked else line


def pinged_in_stage(table: TableRow, record: Any, stage: str) -> set[int] | None:
    """The seats already pinged in ``stage`` (by the status post noted), or ``None`` when the
    noted post is of another stage, another channel, or the title names no stages."""
    if not stage or not isinstance(record, dict) or record.get("channel") != table.channel_id \
            or record.get("stage") != stage:
        return None
    return {int(s) for s in record.get("pinged") or ()}


def new_turn(game: Game[Any, Any], state: Any, table: TableRow, noted: Any, before: frozenset[int] | None,
             to_act: set[int], humans: set[int], last_actor: int | None) -> set[int] | None:
    """Who is told of a new turn (issue 19 §1); ``None`` when the turns are not strictly
    sequential now (``Game.sequential``): then a person is told once per stage. In sequential
    turns, the person who becomes the one seat to act and was not the actor of the previous move
    (``last_actor``, a bot's or a standing order's move too) has a new turn and is told of it,
    inside a stage too; a seat acting several times in a row is not told again, not even when its
    move opens a new stage. Without a previous move (a deal, an undo), whoever was not acting at
    the table's last post (or, without one, before) is told."""
    if not game.sequential(state):
        return None
    if len(to_act) != 1 or not to_act <= humans:
        return set()
    if last_actor is not None:
        return set(to_act) - {last_actor}
    if status_record(table, noted, set()) is not None:
        previous: set[int] | None = {int(s) for s in noted.get("to_act") or ()}
    else:
        previous = None if before is None else set(before)
    return set(to_act) if previous is None else to_act - previous


async def publish(rt: Runtime, result: MoveResult, before: frozenset[int] | None,
                  notes: Sequence[str] = ()) -> int | None:
    """Announce what a move led to: visible events, who must act, the board, and the ranking at
    the end. ``before`` is who had to act before the move (``None``: unknown).

    A player is pinged once per stage they must act in (``Game.stage``: a draft's seven picks, a
    production phase, a player's turn), and where the turns are strictly sequential
    (``Game.sequential``: 18 Royal Gorge's bids and stock turns) once per turn (:func:`new_turn`,
    issue 19 §1): a new post, with the board and mentions, comes only when the stage changes or
    someone must act who is to be told. Otherwise the stage's
    status post is edited: its event lines grow, it says who must act now and what is asked, and
    its board image is replaced (edits never ping). A title without stages falls back to "new
    seats must act". The post is remembered in a table note (:data:`STATUS_KEY`), so a
    restarted bot edits it too; if it cannot be edited (deleted, say), a new one is posted, and
    the post it replaces stops saying who must act. Callers hold ``rt.lock(table)``, so the
    posts of one table never interleave; edits are queued per message and coalesced, and new
    posts are queued too, each after the edits of the post it replaces (:mod:`.edits`, issue 19
    §5), so the lock is never held while Discord answers. The text never waits for drawing
    (issue 13 §2): the board is attached by an edit once drawn, and only while the post's text
    is still of this version; every post, a new step's inside a stage too, shows the board
    (issue 19 §5). Returns the id of the status post, provisional (negative) while it is queued
    (``None``: nothing was posted).
    """
    loaded = result.loaded
    table, game = loaded.table, loaded.game
    channel = channel_of(rt, table.channel_id)
    if channel is None:
        return None
    lang = public_lang(table)
    names = seat_names(loaded.seats)
    lines = [*notes, *event_lines(game, result.events(), None, lang, names)]
    to_act = set(result.to_act)
    humans = to_act - set(loaded.bot_seats)
    noted = live_record(rt, await rt.call(rt.service.note, table.id, STATUS_KEY))
    stage = "" if result.finished else game.stage(loaded.state)
    if stage:  # the title names its stages: ping each player once per stage
        already = pinged_in_stage(table, noted, stage)
        new_stage = already is None
        pinged = already or set()
        turn = new_turn(game, loaded.state, table, noted, before, to_act, humans,
                        result.steps[-1].seat if result.steps else None)
        fresh = humans - pinged if turn is None else turn
        new_step = new_stage or bool(fresh)
    else:
        pinged, fresh = set(), to_act - (before or set())
        new_step = result.finished or before is None or not to_act <= before
    earlier = 0
    view = None
    if not result.finished:
        view = make_view(public_items(loaded, lang, await rt.call(public_moves, loaded, lang)))
    acting = acting_labels(loaded, to_act, lang)
    public = await rt.call(game.view, loaded.state, None)
    quiet_tail = ""
    if not new_step:
        noted_to_act = {int(x) for x in noted.get("to_act") or ()} if isinstance(noted, dict) else set()
        if to_act <= noted_to_act:  # the step's list shrinks
            quiet_tail = t("bot.turn.waiting", lang, who=who(loaded.seats, to_act, ping=set(), acting=acting))
        else:  # the stage goes on with new seats to act, all pinged in it already
            quiet_tail = now_line(loaded, to_act, set(), acting, lang)
        quiet_tail = clip(quiet_tail, 900)
        record = noted if stage else status_record(table, noted, to_act)
        if record is not None and status_record(table, record, set()) is not None:
            tail = quiet_tail
            lines, dropped = newest_lines([*record.get("lines", []), *lines], STATUS_LIMIT)
            earlier = int(record.get("earlier") or 0) + dropped
            # The edit is queued, not awaited: the table's lock is not held while Discord makes it
            # wait, and a newer edit of the post replaces this one if it is still waiting.
            status_id = int(record["message"])
            if record.get("reposting"):  # a bot process died while it posted the status anew
                adopted = await replacement_of(rt, channel, table.id, status_id)
                status_id = adopted.id if adopted is not None else status_id
            edited = edit_status(rt, channel, table.id, status_id,
                                 content=status_text(lines, earlier, tail, lang, STATUS_LIMIT), view=view,
                                 version=table.version, images=True)
            await remember_status(rt, table, edited, lines, earlier, to_act, stage or last_stage(table, noted),
                                  pinged)
            # The post shows the board as of its latest edit: a player who rolled sees where they
            # landed, one who moved on into the next stage alone sees it (play experience, §2);
            # it is attached when drawn, the text does not wait for it (issue 13 §2).
            attach_images(rt, channel, edited, loaded, public, lang, board=True)
            return edited
    ping: set[int] = set()
    if result.finished:
        outcome = loaded.outcome
        tail = "\n".join(ranking_lines(game, outcome, names, lang)) if outcome else t("table.finished", lang)
        # what the table did to its members' ratings (issue 23 §1; rated in the move's own call)
        changed = rating_changes(await rt.call(rt.service.rating_result, table.id), lang, name=safe)
        tail += f"\n{changed}" if changed else ""
    elif not new_step:  # the stage's post could not be edited (deleted): say the same in a new one
        tail = quiet_tail
    else:
        ping = fresh if stage else (fresh or to_act)
        tail = now_line(loaded, to_act, ping, acting, lang)
        pinged |= ping
    tail = clip(tail, 900)
    content = status_text(lines, earlier, tail, lang, STATUS_LIMIT if not result.finished else CONTENT_LIMIT)
    # The post the new one replaces is retired first (the new post waits for its queued edits),
    # so whoever sees the new post sees the old one no longer asking anyone.
    retired = retire_status(rt, channel, table, noted, lang)
    components = view or discord.utils.MISSING
    queue = edits_of(rt)
    key = queue.provisional()
    dm = clip(now_line(loaded, to_act, set(), acting, lang), 900) if ping else ""

    async def posted(message: discord.Message) -> None:
        later(note_posted(rt, table.id, key, message.id), f"post-noted-{message.id}")  # shutdown waits for it
        if ping:  # members who asked for it hear of the new step by DM too (issue 10 §10)
            remind_by_dm(rt, table, loaded.seats, ping, dm, getattr(message, "jump_url", None))

    async def failed(error: discord.HTTPException) -> None:
        if isinstance(error, discord.Forbidden):  # a server took a permission away: theirs to fix, not a bug
            log.warning("missing a permission to post in the channel of table %s (%s): %s (docs/discord.md lists "
                        "what the bot needs)", table.id, table.channel_id, error.text)
        else:
            log.exception("could not post the board of table %s in %s", table.id, table.channel_id)
        later(note_posted(rt, table.id, key, None), f"post-refused-{table.id}")

    # The post is queued, not sent here: the table's lock is not held while Discord answers
    # (issue 19 §5); its provisional id stands for it in the note and in edits until then.
    lost = None if result.finished else repost_status(rt, channel, table.id, key)
    queue.post(channel, Post(Edit(content, view=components, lost=lost, version=table.version, images=True),
                             mentions=pings(tail) if new_step else QUIET, after=retired, posted=posted,
                             failed=failed), key=key)
    # The text goes out at once; the board (and the ranking) are attached when drawn (issue 13 §2).
    # Every new post shows the board it tells of, a new step inside a stage too (a sealed-bid
    # window, a trade offer, a turn): issue 19 §5.
    attach_images(rt, channel, key, loaded, public, lang, board=True, result=result.finished,
                  events=result.events() if result.finished else ())
    if result.finished:
        await rt.call(rt.service.set_note, table.id, STATUS_KEY, None)
        return key
    await remember_status(rt, table, key, newest_lines(lines, STATUS_LIMIT)[0], earlier, to_act, stage, pinged)
    return key  # the turn deadline was restarted by the service, in the move's own commit


#: Work started by a post's worker that must outlive it (noting the posted message).
_LATER: set[asyncio.Task[None]] = set()


def later(work: Coroutine[Any, Any, None], name: str) -> None:
    """Run ``work`` in the background as task ``name``, keeping a reference until it is done."""
    task = asyncio.get_running_loop().create_task(work, name=name)
    _LATER.add(task)
    task.add_done_callback(_LATER.discard)


async def note_posted(rt: Runtime, table_id: int, key: int, message_id: int | None) -> None:
    """The queued post ``key`` is out as ``message_id`` (``None``: refused): note the real id in
    the status note if it still names the post (under the table's lock, taken here and not by the
    post's worker, which a publish holding the lock may wait for)."""
    async with rt.lock(table_id):
        noted = await rt.call(rt.service.note, table_id, STATUS_KEY)
        if not isinstance(noted, dict) or str(noted.get("message")) != str(key):
            return
        await rt.call(rt.service.set_note, table_id, STATUS_KEY,
                      None if message_id is None else {**noted, "message": str(message_id)})


def retire_status(rt: Runtime, channel: discord.abc.Messageable, table: TableRow, record: Any,
                  lang: str) -> int | None:
    """The status post a new post replaces keeps its lines and buttons (a stale move button is
    refused as such; "my view" still opens the current view) but no longer says who must act.
    The edit replaces any edit of the old post still waiting; it is queued, and the new post is
    made after it (:class:`.edits.Post` ``after``), so nothing waits for it under the table's
    lock (issue 19 §5). Returns the old post's id (``None``: there is none); if the old post is
    gone, nothing is posted instead."""
    old = status_record(table, record, set())
    if old is None:
        return None
    content = status_text(list(old.get("lines") or []), int(old.get("earlier") or 0), "", lang, STATUS_LIMIT).rstrip()
    # A board older than the post's text is taken off (issue 19 §5: never a stale board): the
    # board of its text gave way to the new post's before it was drawn, or is still on its way.
    stale = edits_of(rt).stale_images(int(old["message"]))
    return edit_status(rt, channel, table.id, int(old["message"]), content=content or "…",
                       view=discord.utils.MISSING, repost=False, files=[] if stale else None)


def edit_status(rt: Runtime, channel: discord.abc.Messageable, table_id: int, message_id: int, *,
                content: str, view: Any, version: int | None = None, repost: bool = True,
                files: list[tuple[str, bytes]] | None = None, images: bool = False) -> int:
    """Queue an edit of a step's status post (no pings; the buttons move to the table's new
    version; its text is of table ``version``, ``None``: the same as before) and return the
    post's id. The edit is made in the background (:mod:`.edits`): while it waits, a newer edit
    of the post replaces it. If Discord refuses it (the post was deleted...), the newest content
    is posted anew with ``repost`` (see :func:`repost_status`). ``files`` replace the post's
    attachments (``[]``: none; ``None``: kept); ``images``: the board of this text is being drawn
    (the edit waits a short grace for it, :attr:`.edits.MessageEdits.grace`)."""
    queue = edits_of(rt)
    current = queue.current_id(message_id)
    lost = repost_status(rt, channel, table_id, current) if repost else None
    queue.submit(channel, current, Edit(content, view=view, files=files, lost=lost, version=version, images=images))
    return current


def attach_images(rt: Runtime, channel: discord.abc.Messageable, message_id: int, loaded: Loaded, public: Any,
                  lang: str, *, board: bool, result: bool = False, events: Sequence[Any] = ()) -> None:
    """Draw the public board (and, at the end, the ranking, and the animation of the last move's
    ``events`` when the title draws one: Megarich's battle replay) of ``loaded`` in the background and
    attach them to ``message_id`` by an edit once drawn, if its text is still of this version
    (:meth:`.edits.MessageEdits.attach`). Newest version wins: a board of the table still
    waiting for a worker gives way to this one (:class:`.images.Images`)."""
    if not board and not result:
        return
    table, game = loaded.table, loaded.game
    names = seat_names(loaded.seats)

    async def drawn() -> list[tuple[str, bytes]]:
        outcome = loaded.outcome
        wanted = [rt.images.board(game.meta.id, public, lang, names, key=(table.id, "board", lang))
                  if board else _nothing(),
                  rt.images.result(game.meta.id, outcome, public, lang, names, key=(table.id, "result", lang))
                  if result else _nothing(),
                  rt.images.animation(game.meta.id, public, events, lang, names, key=(table.id, "animation", lang))
                  if result and events else _nothing()]
        image, ranking, animation = await asyncio.gather(*wanted)
        files = [(f"board-t{table.id}-s{loaded.last_seq}.png", image)] if image else []
        files += [(f"result-t{table.id}.png", ranking)] if ranking else []
        return files + ([(f"replay-t{table.id}.{animation_extension(animation)}", animation)] if animation else [])

    edits_of(rt).attach_later(channel, message_id, table.version, drawn())


async def _nothing() -> None:
    return None


def repost_status(rt: Runtime, channel: discord.abc.Messageable, table_id: int,
                  message_id: int) -> Callable[[Edit], Awaitable[int | None]]:
    """What to do when the status post ``message_id`` cannot be edited: post the edit's content
    anew (quietly), and note the new post as the status post, unless a newer post took its place
    meanwhile. It takes the table's lock, so the new post cannot interleave with a move's."""

    async def lost(edit: Edit) -> int | None:
        async with rt.lock(table_id):
            noted = await rt.call(rt.service.note, table_id, STATUS_KEY)
            names = {str(message_id), str(edits_of(rt).current_id(message_id))}  # a queued post: either id
            if not isinstance(noted, dict) or str(noted.get("message")) not in names:
                return None  # a newer status post replaced it
            adopted = await replacement_of(rt, channel, table_id, edits_of(rt).current_id(message_id))
            if adopted is not None:  # posted by a bot process that died before it noted it
                log.info("status post %s of table %s is gone; going on with %s", message_id, table_id, adopted.id)
                await rt.call(rt.service.set_note, table_id, STATUS_KEY, {**noted, "message": str(adopted.id)})
                try:
                    await edit.make(adopted)
                except discord.HTTPException as error:
                    log.info("could not edit status post %s of table %s (%s)", adopted.id, table_id, error)
                return adopted.id
            log.info("status post %s of table %s is gone; posting a new one", message_id, table_id)
            # noted first: a process that dies before it notes the new post leaves the next one a hint
            await rt.call(rt.service.set_note, table_id, STATUS_KEY, {**noted, "reposting": True})
            try:
                message = await channel.send(edit.content, files=edit.discord_files(),
                                             view=edit.view or discord.utils.MISSING, allowed_mentions=QUIET)
            except discord.HTTPException:
                log.exception("could not post the board of table %s again", table_id)
                await rt.call(rt.service.set_note, table_id, STATUS_KEY, None)
                return None
            await rt.call(rt.service.set_note, table_id, STATUS_KEY, {**noted, "message": str(message.id)})
            return message.id

    return lost


async def replacement_of(rt: Runtime, channel: discord.abc.Messageable, table_id: int,
                         message_id: int) -> discord.Message | None:
    """The post that already replaced the lost status post ``message_id``: the newest post of the
    table by the bot after it (with its board, or its buttons: the board follows a post by an
    edit, issue 13 §2). A bot process that reposted a lost status post and died before it noted
    the new one leaves such a post; the next process goes on with it rather than posting yet
    another one."""
    me = rt.bot.user
    found = None
    try:
        async for message in channel.history(after=discord.Object(message_id), limit=20, oldest_first=True):
            if me is not None and message.author.id == me.id and shows_table(message, table_id):
                found = message
    except discord.HTTPException as error:
        log.info("could not read the posts after %s (%s)", message_id, error)
    return found


def shows_table(message: discord.Message, table_id: int) -> bool:
    """Whether ``message`` is a post of table ``table_id``: it has the table's board, or buttons."""
    if any(a.filename.startswith(f"board-t{table_id}-") for a in message.attachments):
        return True
    prefixes = (f"tb:{table_id}:", f"ts:{table_id}:")
    return any(str(getattr(item, "custom_id", None) or "").startswith(prefixes)
               for row in message.components for item in getattr(row, "children", ()))


async def remember_status(rt: Runtime, table: TableRow, message_id: int, lines: Sequence[str],
                          earlier: int, to_act: set[int], stage: str, pinged: set[int] | None = None) -> None:
    """Note the current step's status post and its event lines, for the next edit, the stage
    whose board was last posted (kept across edits) and who was pinged in it."""
    record = {"channel": table.channel_id, "message": str(message_id), "lines": list(lines),
              "earlier": earlier, "to_act": sorted(to_act), "stage": stage, "pinged": sorted(pinged or ())}
    await rt.call(rt.service.set_note, table.id, STATUS_KEY, record)


async def post_board(rt: Runtime, loaded: Loaded, lang: str) -> dict[str, Any]:
    """Keyword arguments for a message showing the current public board."""
    names = seat_names(loaded.seats)
    public = await rt.call(loaded.game.view, loaded.state, None)
    image = await rt.images.board(loaded.game.meta.id, public, lang, names)
    files = [discord.File(io.BytesIO(image), filename=f"board-t{loaded.table.id}-s{loaded.last_seq}.png")] \
        if image else []
    to_act = loaded.game.to_act(loaded.state)
    tail = t("bot.turn.waiting", lang, who=who(loaded.seats, to_act, ping=set(),
                                               acting=acting_labels(loaded, to_act, lang))) if to_act else ""
    return {"content": clip(f"**{table_heading(loaded, lang)}**\n{tail}"), "files": files}
