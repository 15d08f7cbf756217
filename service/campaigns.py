"""Campaigns (issue 23 §3; the rules: docs/campaigns.md).

A campaign is a fixed group of members playing an ordered series of tables, possibly of different
titles (the ``pentathlon`` preset plays all five), with one cumulative scoreboard. The first table
opens when the campaign is created; when a table ends, each member gets points by finishing place
(the leagues' rule, :func:`service.leagues.points_by_place`) and the next title's table opens; after
the last one the campaign ends with its final scoreboard archived.

Tables advance from the clock (:func:`tick`, a lease-guarded job per campaign: ``campaign:<id>``),
as league rounds do, and every step is written once whoever does it (``storage.campaigns``): each
stage's table is created with its link in one transaction (unique per campaign and index), its
points and the campaign's end are conditional status changes.
"""

from __future__ import annotations

import contextlib
import logging
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from games.registry import game_ids, get_game
from storage.campaigns import CampaignExists, Campaigns
from storage.leagues import NewSeat, NewTable
from storage.models import CampaignRow, CampaignTableRow
from storage.ratings import guild_key
from storage.types import utcnow

from . import limits
from .errors import NotInLobby, NotSeated, TableError
from .leagues import RESIGNED, Line, points_by_place, rank_lines, seat_order, table_results, tally

if TYPE_CHECKING:
    from .jobs import Jobs
    from .tables import TableService

log = logging.getLogger(__name__)

#: Guards (docs/campaigns.md "Creating a campaign"): no title seats more than 6, so neither can a group.
MIN_MEMBERS: Final = 2
MAX_MEMBERS: Final = 10
MAX_STAGES: Final = 20
MAX_NAME: Final = 40
#: The presets, by name: their titles in playing order (rule data: ``campaigns.toml``).
PRESETS: Final[dict[str, tuple[str, ...]]] = {
    name: tuple(titles) for name, titles in
    tomllib.loads(Path(__file__).with_name("campaigns.toml").read_text(encoding="utf-8"))["presets"].items()}


class CampaignError(TableError):
    """A campaign-level refusal (worded by ``messages.toml``'s ``campaign`` keys)."""

    default_key = "campaign.error"


@dataclass(frozen=True)
class Member:
    """A member of the group: id, name shown, language (``None``: the campaign's)."""

    user: str
    name: str
    language: str | None = None


def _store(service: TableService) -> Campaigns:
    return Campaigns(service.repo)


def stages_of(games: Sequence[str]) -> list[str]:
    """The titles to play, in order: a preset's name (``pentathlon``) stands for its titles."""
    out: list[str] = []
    for game in games:
        out += PRESETS.get(game.strip().lower(), (game.strip(),))
    return out


# ---- creating ----------------------------------------------------------------------------------------
def create(service: TableService, guild_id: str | None, name: str, games: Sequence[str], members: Sequence[Member],
           *, options: Mapping[str, Mapping[str, Any]] | None = None, language: str = "en",
           points: Sequence[int] | None = None, creator: str | None = None, manager: bool = False,
           channel_id: str | None = None, now: datetime | None = None) -> CampaignRow:
    """Create a campaign and open its first table at once (docs/campaigns.md "Creating a campaign"):
    for a server's moderators only (``manager``; the console is trusted: ``creator=None``). ``games``:
    titles or presets in playing order; ``options``: table options per title id. Every setting is
    checked now (each title must seat the group, with its options); a bad one is refused with a
    message and nothing is stored. ``channel_id``: where a chat adapter opens the tables' threads."""
    if creator is not None and not manager:
        raise CampaignError("campaign.managers_only")
    name = " ".join(name.split())
    if not 1 <= len(name) <= MAX_NAME:
        raise CampaignError("campaign.bad_name", high=MAX_NAME)
    users = [m.user for m in members]
    if not MIN_MEMBERS <= len(members) <= MAX_MEMBERS or len(set(users)) != len(users):
        raise CampaignError("campaign.bad_group", low=MIN_MEMBERS, high=MAX_MEMBERS)
    titles = stages_of(games)
    if not 1 <= len(titles) <= MAX_STAGES:
        raise CampaignError("campaign.bad_stages", high=MAX_STAGES)
    stages: list[dict[str, Any]] = []
    for title in titles:
        try:
            game = get_game(title)
        except KeyError:
            raise TableError("table.unknown_game", game=title[:50], games=", ".join(game_ids())) from None
        # every table seats the whole group: a title that cannot is refused by name (docs/campaigns.md)
        if not game.meta.min_players <= len(members) <= game.meta.max_players:
            raise CampaignError("campaign.bad_seats", game=game.meta.id, low=game.meta.min_players,
                                high=game.meta.max_players, count=len(members))
        resolved = game.meta.resolve_options((options or {}).get(game.meta.id))
        game.check_options(len(members), resolved)
        stages.append({"game": game.meta.id, "options": resolved})
    if points is not None and (len(points) != len(members) or any(p < 0 for p in points)
                               or any(a < b for a, b in pairwise(points))):
        raise CampaignError("campaign.bad_points", seats=len(members))
    settings: dict[str, Any] = {}
    if points is not None:
        settings["points"] = [int(p) for p in points]
    if channel_id is not None:
        settings["channel_id"] = channel_id
    row = CampaignRow(guild_id=guild_key(guild_id), name=name, stages=stages, language=language, settings=settings,
                      members=[{"user": m.user, "name": m.name, "language": m.language, "status": "active"}
                               for m in members], status="running", creator=creator)
    try:
        row = _store(service).create(row)
    except CampaignExists:
        raise CampaignError("campaign.exists", name=name) from None
    open_stage(service, row, 0)
    return row


def find(service: TableService, guild_id: str | None, name: str) -> CampaignRow:
    """A server's campaign by name; refused with a message when there is none."""
    row = _store(service).named(guild_key(guild_id), " ".join(name.split()))
    if row is None:
        raise CampaignError("campaign.unknown", name=name)
    return row


def get(service: TableService, campaign_id: int) -> CampaignRow:
    """A campaign by id; refused with a message when there is none."""
    row = _store(service).get(campaign_id)
    if row is None:
        raise CampaignError("campaign.unknown", name=str(campaign_id))
    return row


def tables(service: TableService, campaign_id: int) -> list[CampaignTableRow]:
    """A campaign's stage tables so far, in order."""
    return _store(service).tables(campaign_id)


# ---- tables ------------------------------------------------------------------------------------------
def open_stage(service: TableService, campaign: CampaignRow, index: int) -> CampaignTableRow:
    """Open the table of stage ``index`` (or finish opening it after a crash): created once with its
    seats, then dealt. Every member of the group is seated; a resigned member's seat is a bot seat
    (docs/campaigns.md "Resignations"). The seat order is drawn from the table's seed."""
    stage = campaign.stages[index]
    game = get_game(stage["game"])
    seed = f"campaign:{campaign.id}:{index}"
    seats = [NewSeat(m["user"], m["name"], m.get("language"), tuple(game.default_orders(stage["options"])))
             if m.get("status", "active") == "active" else NewSeat(None, f"Bot {n + 1}")
             for n, m in enumerate(campaign.members)]
    server = service.repo.server_settings(campaign.guild_id) if campaign.guild_id else {}
    settings = {**limits.ServerDefaults.read(server).table_settings(), "seats": len(seats),
                "campaign": {"id": campaign.id, "stage": index + 1, "stages": len(campaign.stages)}}
    link, _ = _store(service).open_table(campaign.id, index, NewTable(
        game.meta.id, seed, game.meta.engine_version, dict(stage["options"]), campaign.guild_id or None,
        campaign.language, settings, seat_order(seed, seats)))
    if service.repo.require_table(link.table_id).status == "lobby":
        with contextlib.suppress(NotInLobby):  # dealt by another process meanwhile
            service.start(link.table_id)
    return link


def table_points(service: TableService, campaign: CampaignRow, link: CampaignTableRow) -> list[dict[str, Any]] | None:
    """Each member's points at a stage's ended table (``None`` while it is live): the leagues' rule
    (docs/leagues.md "Points", :func:`service.leagues.table_results`) with the campaign's points."""
    chosen = campaign.settings.get("points")
    return table_results(service, link.table_id, link.players,
                         lambda place, size: points_by_place(chosen, place, size))


def tick(service: TableService, now: datetime, *, jobs: Jobs | None = None,
         guild_ids: Sequence[str] | None = None) -> int:
    """The clock's campaign job: for each running campaign (of these servers), claimed as
    ``campaign:<id>`` so one process does it, score a table that ended and open the next title's,
    or end the campaign after its last table. Returns how many campaigns moved."""
    moved = 0
    for campaign in _store(service).running(guild_ids):
        key = f"campaign:{campaign.id}"
        if jobs is not None and not jobs.claim(key, now=now):
            continue
        try:
            moved += advance(service, campaign, now)
        except Exception:
            log.exception("campaign %s: could not advance; the next tick tries again", campaign.id)
        finally:
            if jobs is not None:
                jobs.release(key)
    return moved


def advance(service: TableService, campaign: CampaignRow, now: datetime) -> bool:
    """One step of a running campaign (see :func:`tick`); ``True`` if something changed."""
    store = _store(service)
    links = store.tables(campaign.id)
    if not links:
        open_stage(service, campaign, 0)
        return True
    last = links[-1]
    if last.status == "open":
        if service.repo.require_table(last.table_id).status == "lobby":  # a crash between creating and dealing
            open_stage(service, campaign, last.index)
            return True
        results = table_points(service, campaign, last)
        if results is None or not store.end_table(last.id, results, now):
            return False
    current = store.get(campaign.id) or campaign
    # a table with no member left to play for is not opened: the campaign ends (docs/campaigns.md "Resignations")
    if last.index + 1 < len(campaign.stages) and any(m.get("status", "active") == "active" for m in current.members):
        open_stage(service, current, last.index + 1)
    else:
        store.end(campaign.id, [asdict(line) for line in scoreboard(service, campaign)], now)
    return True


# ---- the scoreboard ----------------------------------------------------------------------------------
def scoreboard(service: TableService, campaign: CampaignRow) -> list[Line]:
    """The cumulative scoreboard (docs/campaigns.md "Scoreboard and tie-breaks"): archived when the
    campaign ended, else every member of the group with the points of the tables ended so far,
    ordered by more points, then more first places; members equal on both share the place (no
    rating breaks a tie: a campaign spans titles, each rated apart)."""
    if campaign.status == "ended" and campaign.scoreboard:
        return [Line(**line) for line in campaign.scoreboard]
    totals = tally(link.results for link in _store(service).tables(campaign.id) if link.status == "ended")
    for member in campaign.members:
        totals.setdefault(member["user"], {"points": 0, "games": 0, "wins": 0, "byes": 0})
    names = {m["user"]: m["name"] for m in campaign.members}
    return rank_lines(totals, names, {})


# ---- members and ending ------------------------------------------------------------------------------
def member_left_server(service: TableService, guild_id: str, user_id: str) -> list[int]:
    """A member left the server: treated as resigned, the leagues' rule (docs/leagues.md
    "Resignations", docs/campaigns.md "Resignations"): in every running campaign of the server they
    are marked resigned, their seat at the table under way goes to a bot ("Bot n") and scores 0, and
    later tables seat a bot in their place; points won before stay. Returns the tables handed over."""
    store, handed = _store(service), []
    for campaign in store.running([guild_key(guild_id)]):
        if not any(m["user"] == user_id and m.get("status", "active") == "active" for m in campaign.members):
            continue
        store.set_members(campaign.id, [{**m, "status": RESIGNED} if m["user"] == user_id else m
                                        for m in campaign.members])
        for link in store.tables(campaign.id):
            if link.status != "open" or user_id not in link.players:
                continue
            seat = link.players.index(user_id)
            try:
                service.resign(link.table_id, user_id, f"Bot {seat + 1}")
            except (NotSeated, TableError):
                continue  # not theirs any more
            handed.append(link.table_id)
    return handed


def end(service: TableService, campaign_id: int, *, by_user: str | None = None, manager: bool = False,
        now: datetime | None = None) -> CampaignRow:
    """End a campaign now (moderators only): its scoreboard is archived with the tables ended so
    far; a table under way goes on as an ordinary table and no further table opens."""
    if by_user is not None and not manager:
        raise CampaignError("campaign.managers_only")
    campaign = get(service, campaign_id)
    if campaign.status == "ended":
        raise CampaignError("campaign.ended", name=campaign.name)
    _store(service).end(campaign.id, [asdict(line) for line in scoreboard(service, campaign)], now or utcnow())
    return get(service, campaign_id)


@dataclass(frozen=True)
class OpenedStage:
    """A campaign table no chat channel shows yet: the adapter opens its thread."""

    campaign: CampaignRow
    index: int
    table_id: int
    players: list[str | None]


def unthreaded(service: TableService, guild_ids: Sequence[str]) -> list[OpenedStage]:
    """The dealt tables of these servers' running campaigns that have no channel yet (a chat adapter
    opens a thread for each, pings the group once, and records the channel)."""
    store, out = _store(service), []
    for campaign in store.running(guild_ids):
        for link in store.tables(campaign.id):
            if link.status != "open":
                continue
            table = service.repo.get_table(link.table_id)
            if table is not None and table.channel_id is None and table.status == "active":
                out.append(OpenedStage(campaign, link.index, link.table_id, list(link.players)))
    return out


# ---- words -------------------------------------------------------------------------------------------
def _words(key: str, lang: str, **params: Any) -> str:
    from .errors import SERVICE_CATALOG

    return SERVICE_CATALOG.text(f"campaign.{key}", params, lang)


def scoreboard_lines(lines: Sequence[Line], campaign: CampaignRow, played: int, lang: str,
                     name: str | None = None) -> list[str]:
    """The scoreboard as text (the console and Discord alike): a heading (tables ended of all, state),
    one line a member. ``name`` words the campaign's name for the adapter's medium."""
    head = _words("board_head", lang, name=name or campaign.name, played=played, total=len(campaign.stages),
                  state=_words(f"state_{campaign.status}", lang))
    return [head] + [_words("board_line", lang, place=line.place, name=line.name, points=line.points,
                            games=line.games, wins=line.wins) for line in lines]


# ---- playing a whole campaign with bots (the console) ------------------------------------------------
#: A guard on a campaign's ticks (each table is guarded by ``league_run.MAX_TABLE_MOVES``).
MAX_TICKS: Final = 1_000


def run_campaign(service: TableService, campaign_id: int, now: Callable[[], datetime], *,
                 on_table: Callable[[int, str], None] | None = None) -> CampaignRow:
    """Play a campaign to its end with bots choosing every member's moves, as ``tabula league run``
    does (:func:`service.league_run.play_for_members`: moves are played as the member, so tables are
    rated for them), the next table opened by the same clock job the bot runs (:func:`tick`).
    ``on_table`` is told each table's number (1-based) and title as it is played. Returns the
    ended campaign."""
    from .league_run import play_for_members

    store = _store(service)
    campaign = get(service, campaign_id)
    seen = 0
    for _ in range(MAX_TICKS):
        for link in store.tables(campaign.id):
            if link.status != "open":
                continue
            if link.index + 1 > seen:
                seen = link.index + 1
                if on_table is not None:
                    on_table(seen, link.game_id)
            play_for_members(service, link.table_id)
        tick(service, now(), guild_ids=[campaign.guild_id])
        campaign = get(service, campaign_id)
        if campaign.status == "ended":
            break
    return campaign
