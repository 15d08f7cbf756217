"""Leagues and seasons (issue 23 §2; the rules: docs/leagues.md).

A league plays one title on one server in seasons of ``rounds`` rounds. Each round seats its
active members Swiss-style (``service.pairing``), opens one table per group (bot seats or byes
when the count does not divide) with the round's deadline, and when its last table has ended
gives each member league points by finishing place; the next round then opens, and after the
last one the season ends with its standings archived. A new season starts on request.

Rounds advance from the clock (:func:`tick`, a lease-guarded job per season: ``league:<id>``),
never only from a request, and every step is written once whoever does it (``storage.leagues``):
a round's seating is stored before its tables, each table is created with its link in one
transaction, a round ends and a season ends by conditional status changes.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Final

from games.registry import game_ids, get_game
from storage.leagues import LeagueExists, Leagues, NewSeat, NewTable
from storage.models import LIVE_STATUSES, LeagueMemberRow, LeagueRow, RoundRow, SeasonRow
from storage.ratings import Ratings, guild_key
from storage.types import utcnow

from . import limits, pairing
from .errors import NotInLobby, NotSeated, TableError
from .ratings import ordinal

if TYPE_CHECKING:
    from .jobs import Jobs
    from .tables import TableService

log = logging.getLogger(__name__)

#: Guards against a league nobody can run (docs/leagues.md "Creating a league").
MAX_MEMBERS: Final = 200
MAX_ROUNDS: Final = 30
MIN_ROUND_HOURS: Final = 1.0
MAX_NAME: Final = 40
#: Why a member scored nothing at a table (``RoundRow.results``: ``"note"``).
RESIGNED, ABANDONED, BYE = "resigned", "abandoned", "bye"


class LeagueError(TableError):
    """A league-level refusal (worded by ``messages.toml``'s ``league`` keys)."""

    default_key = "league.error"


# ---- rules (pure) ------------------------------------------------------------------------------------
def place_points(league: LeagueRow, place: int, size: int) -> int:
    """League points for finishing ``place`` (1 = first; shared places share the better one) at a
    table of ``size`` seats, bot seats included (docs/leagues.md "Points"): the league's list if it
    set one (``points[place − 1]``, 0 past its end), else 1st = ``size`` … last = 1."""
    return points_by_place(league.settings.get("points"), place, size)


def points_by_place(chosen: Sequence[int] | None, place: int, size: int) -> int:
    """Points for finishing ``place`` at a table of ``size`` seats by a chosen list (first to last,
    0 past its end), or by default 1st = ``size`` … last = 1 (docs/leagues.md "Points"; campaigns
    score by the same rule, docs/campaigns.md)."""
    if chosen:
        return int(chosen[place - 1]) if place <= len(chosen) else 0
    return max(0, size - place + 1)


def table_sizes(league: LeagueRow) -> str:
    """How many a table seats, as a reader says it: ``"3–4"``, or ``"4"`` when every table seats as many."""
    return str(league.seats) if league.min_seats == league.seats else f"{league.min_seats}–{league.seats}"


def bye_points(league: LeagueRow) -> int:
    """A bye's points (docs/leagues.md "Byes"): the league's ``bye_points`` if set, else the points of
    place ⌊seats/2⌋ + 1 at a full table (2 at tables of 3 or 4)."""
    chosen = league.settings.get("bye_points")
    if chosen is not None:
        return int(chosen)
    return place_points(league, league.seats // 2 + 1, league.seats)


@dataclass(frozen=True)
class Line:
    """One line of the standings: place (shared when points, first places and rating are all equal),
    member, name, points, tables played, first places, byes, rating shown."""

    place: int
    user: str
    name: str
    points: int
    games: int
    wins: int
    byes: int
    rating: int


def rank_lines(totals: Mapping[str, dict[str, Any]], names: Mapping[str, str],
               ratings: Mapping[str, int]) -> list[Line]:
    """Standings from each member's totals (docs/leagues.md "Tie-breaks"): more points, then more
    first places, then the higher rating shown; members equal on all three share the place."""
    def key(user: str) -> tuple[int, int, int]:
        total = totals[user]
        return -int(total["points"]), -int(total["wins"]), -ratings.get(user, ordinal(25.0, 25 / 3))

    lines: list[Line] = []
    for index, user in enumerate(sorted(totals, key=lambda u: (key(u), names.get(u, u), u))):
        total = totals[user]
        place = lines[-1].place if lines and key(lines[-1].user) == key(user) else index + 1
        lines.append(Line(place, user, names.get(user, user), int(total["points"]), int(total["games"]),
                          int(total["wins"]), int(total["byes"]), ratings.get(user, ordinal(25.0, 25 / 3))))
    return lines


def totals_of(rounds: Sequence[RoundRow]) -> dict[str, dict[str, Any]]:
    """Each member's points, tables, first places and byes over these rounds' results."""
    return tally(round_.results for round_ in rounds)


def tally(results: Iterable[Sequence[Mapping[str, Any]]]) -> dict[str, dict[str, Any]]:
    """Each member's points, tables, first places and byes over lists of results (a round's, or a
    campaign table's: ``{"user", "points", "place", "note"}``)."""
    out: dict[str, dict[str, Any]] = {}
    for listed in results:
        for result in listed:
            total = out.setdefault(result["user"], {"points": 0, "games": 0, "wins": 0, "byes": 0})
            total["points"] += int(result["points"])
            if result.get("note") == BYE:
                total["byes"] += 1
            else:
                total["games"] += 1
                total["wins"] += result.get("place") == 1 and not result.get("note")
    return out


# ---- creating and joining ----------------------------------------------------------------------------
def _store(service: TableService) -> Leagues:
    return Leagues(service.repo)


def create(service: TableService, guild_id: str | None, name: str, game_id: str, *, seats: int | None = None,
           min_seats: int | None = None, rounds: int = 3, round_hours: float = 72.0,
           options: Mapping[str, Any] | None = None, language: str = "en", points: Sequence[int] | None = None,
           fill: str = "bots", bye: int | None = None, creator: str | None = None,
           manager: bool = False, channel_id: str | None = None) -> LeagueRow:
    """Create a league (docs/leagues.md "Creating a league"): for a server's moderators only
    (``manager``; the console is trusted: ``creator=None``). Every setting is checked now; a bad one
    is refused with a message and nothing is stored. ``channel_id``: where a chat adapter opens the
    league's table threads (the channel it was created in)."""
    if creator is not None and not manager:
        raise LeagueError("league.managers_only")
    name = " ".join(name.split())
    if not 1 <= len(name) <= MAX_NAME:
        raise LeagueError("league.bad_name", high=MAX_NAME)
    try:
        game = get_game(game_id)
    except KeyError:
        raise TableError("table.unknown_game", game=game_id, games=", ".join(game_ids())) from None
    largest = seats if seats is not None else game.meta.max_players
    smallest = min_seats if min_seats is not None else largest
    if not game.meta.min_players <= smallest <= largest <= game.meta.max_players:
        raise LeagueError("league.bad_seats", low=game.meta.min_players, high=game.meta.max_players)
    if not 1 <= rounds <= MAX_ROUNDS:
        raise LeagueError("league.bad_rounds", high=MAX_ROUNDS)
    if not MIN_ROUND_HOURS <= round_hours <= limits.MAX_DEADLINE_HOURS:  # also NaN
        raise LeagueError("league.bad_hours", low=f"{MIN_ROUND_HOURS:g}", high=f"{limits.MAX_DEADLINE_HOURS:g}")
    if fill not in pairing.FILLS:
        raise LeagueError("league.bad_fill")
    if points is not None and (len(points) != largest or any(p < 0 for p in points)
                               or any(a < b for a, b in pairwise(points))):
        raise LeagueError("league.bad_points", seats=largest)
    if bye is not None and bye < 0:
        raise LeagueError("league.bad_points", seats=largest)
    resolved = game.meta.resolve_options(options)
    for size in {smallest, largest}:
        game.check_options(size, resolved)
    settings: dict[str, Any] = {"fill": fill}
    if points is not None:
        settings["points"] = [int(p) for p in points]
    if bye is not None:
        settings["bye_points"] = int(bye)
    if channel_id is not None:
        settings["channel_id"] = channel_id
    row = LeagueRow(guild_id=guild_key(guild_id), name=name, game_id=game.meta.id, seats=largest,
                    min_seats=smallest, rounds=rounds, round_hours=float(round_hours), options=resolved,
                    language=language, settings=settings, status="open", creator=creator)
    try:
        return _store(service).create(row)
    except LeagueExists:
        raise LeagueError("league.exists", name=name) from None


def find(service: TableService, guild_id: str | None, name: str) -> LeagueRow:
    """A server's league by name; refused with a message when there is none."""
    league = _store(service).named(guild_key(guild_id), " ".join(name.split()))
    if league is None:
        raise LeagueError("league.unknown", name=name)
    return league


def get(service: TableService, league_id: int) -> LeagueRow:
    """A league by id; refused with a message when there is none."""
    league = _store(service).get(league_id)
    if league is None:
        raise LeagueError("league.unknown", name=str(league_id))
    return league


def join(service: TableService, league_id: int, user_id: str, name: str,
         language: str | None = None) -> LeagueMemberRow:
    """Join a league, or come back to it (docs/leagues.md "Joining and leaving"): seated from the
    next round that opens. Refused when the league ended or is full, and with the caps of tables:
    a member with as many live tables as a server allows one member cannot take on a league."""
    league = get(service, league_id)
    store = _store(service)
    if league.status == "ended":
        raise LeagueError("league.ended", name=league.name)
    current = store.member(league_id, user_id)
    if current is not None and current.status == "active":
        raise LeagueError("league.already_member", name=league.name)
    if store.count_members(league_id) >= MAX_MEMBERS:
        raise LeagueError("league.full", name=league.name, limit=MAX_MEMBERS)
    if league.guild_id:
        cap = service.limits.merged(service.repo.server_settings(league.guild_id)).member_tables
        live = len(service.repo.list_tables(league.guild_id, LIVE_STATUSES, user_id=user_id, limit=cap))
        if live >= cap:
            raise LeagueError("league.too_many_tables", count=live, limit=cap)
    return store.put_member(league_id, user_id, name, language, "active")


def leave(service: TableService, league_id: int, user_id: str) -> LeagueMemberRow:
    """Leave a league: not seated from the next round on (a table of the round under way goes on;
    resigning it hands the seat to a bot and scores nothing, docs/leagues.md)."""
    league = get(service, league_id)
    current = _store(service).member(league_id, user_id)
    if current is None or current.status != "active":
        raise LeagueError("league.not_member", name=league.name)
    return _store(service).put_member(league_id, user_id, current.name, None, "left")


def member_left_server(service: TableService, guild_id: str, user_id: str) -> list[int]:
    """A member left the server (docs/leagues.md "Resignations"): in every league of it they are
    marked resigned (not seated again unless they join again) and their seats at the live tables of
    running rounds go to bots, so those tables go on; they score nothing there. Returns the tables
    handed over."""
    store, handed = _store(service), []
    for league, member in store.memberships(guild_key(guild_id), user_id):
        if member.status == "active":
            store.put_member(league.id, user_id, member.name, None, RESIGNED)
        season = store.season(league.id, league.season)
        if season is None or season.status != "running":
            continue
        for round_ in store.rounds(season.id):
            if round_.status == "ended":
                continue
            for link in store.round_tables(round_.id):
                if user_id not in link.players:
                    continue
                seat = link.players.index(user_id)
                try:
                    service.resign(link.table_id, user_id, f"Bot {seat + 1}")
                except (NotSeated, TableError):
                    continue  # not active (lobby: the deal seats them and the bot plays) or not theirs any more
                handed.append(link.table_id)
    return handed


def set_status(service: TableService, league_id: int, status: str, *, by_user: str | None = None,
               manager: bool = False) -> LeagueRow:
    """Pause (``paused``: no round opens or ends until resumed), resume (``open``) or end a league
    (``ended``: its running season ends now with the standings so far). Moderators only."""
    if by_user is not None and not manager:
        raise LeagueError("league.managers_only")
    league = get(service, league_id)
    if status not in ("open", "paused", "ended"):
        raise LeagueError("league.error")
    store = _store(service)
    store.set_status(league_id, status)
    if status == "ended":
        season = store.season(league_id, league.season)
        if season is not None and season.status == "running":
            store.end_season(season.id, [asdict(line) for line in standings(service, league, season)], utcnow())
    return get(service, league_id)


def season_of(service: TableService, league: LeagueRow, number: int | None = None) -> SeasonRow | None:
    """A league's season by number (default: its latest); ``None`` when it has none."""
    return _store(service).season(league.id, league.season if number is None else number)


# ---- seasons and rounds ------------------------------------------------------------------------------
def start_season(service: TableService, league_id: int, now: datetime | None = None, *,
                 by_user: str | None = None, manager: bool = False) -> SeasonRow:
    """Start the league's next season and open its first round (docs/leagues.md "Seasons").
    Refused while a season runs, and with fewer active members than a table needs."""
    if by_user is not None and not manager:
        raise LeagueError("league.managers_only")
    now = now or utcnow()
    league = get(service, league_id)
    store = _store(service)
    if league.status != "open":
        raise LeagueError("league.not_open", name=league.name)
    latest = store.season(league.id, league.season)
    if latest is not None and latest.status == "running":
        raise LeagueError("league.season_running", name=league.name, season=latest.number)
    needed = max(2, get_game(league.game_id).meta.min_players) if league.settings.get("fill") == "bots" \
        else league.min_seats
    if store.count_members(league.id) < needed:
        raise LeagueError("league.too_few", name=league.name, low=needed)
    season = store.start_season(league.id, league.season)
    if season is None:
        raise LeagueError("league.season_running", name=league.name, season=league.season + 1)
    open_round(service, get(service, league_id), season, 1, now)
    return season


def open_round(service: TableService, league: LeagueRow, season: SeasonRow, number: int, now: datetime) -> RoundRow:
    """Open round ``number`` (or finish opening it after a crash): its seating is stored once, then
    each table is created once and dealt (docs/leagues.md "Seating"); the round is then ``open``."""
    store = _store(service)
    round_ = store.round(season.id, number)
    if round_ is None:
        seating = _seat(service, league, season, number)
        round_ = store.put_round(season.id, number, seating, now, now + timedelta(hours=league.round_hours))
    if round_.status != "opening":
        return round_
    members = {m.user_id: m for m in store.members(league.id, status=None)}
    game = get_game(league.game_id)
    server = service.repo.server_settings(league.guild_id) if league.guild_id else {}
    base = limits.ServerDefaults.read(server).table_settings()
    for index, (players, bots) in enumerate(zip(round_.seating["tables"], round_.seating["bots"], strict=True)):
        seed = f"league:{league.id}:{season.number}:{number}:{index}"
        seats = [NewSeat(user, members[user].name if user in members else user,
                         members[user].language if user in members else None,
                         tuple(game.default_orders(league.options))) for user in players]
        seats += [NewSeat(None, f"Bot {n + 1}") for n in range(bots)]
        seats = seat_order(seed, seats)
        settings = {**base, "seats": len(seats),
                    "league": {"id": league.id, "season": season.number, "round": number,
                               "deadline": round_.deadline_at.isoformat()}}
        link, _ = store.open_table(round_.id, index, NewTable(
            league.game_id, seed, game.meta.engine_version,
            dict(league.options), league.guild_id or None, league.language, settings, seats))
        if service.repo.require_table(link.table_id).status == "lobby":
            with contextlib.suppress(NotInLobby):  # dealt by another process meanwhile
                service.start(link.table_id)
    store.move_round(round_.id, "opening", "open")
    return store.round(season.id, number) or round_


def seat_order(seed: str, seats: Sequence[NewSeat]) -> list[NewSeat]:
    """The seats in an order drawn from the table's seed (docs/leagues.md "Seating"): nobody always
    moves first (campaign tables too, docs/campaigns.md)."""
    return sorted(seats, key=lambda seat: hashlib.sha256(f"{seed}:seat:{seat.user_id or seat.name}".encode())
                  .hexdigest())


def _seat(service: TableService, league: LeagueRow, season: SeasonRow, number: int) -> dict[str, Any]:
    """A round's seating from the standings, ratings and this season's earlier tables."""
    store = _store(service)
    earlier = [r for r in store.rounds(season.id) if r.number < number]
    totals = totals_of(earlier)
    shown = _ratings(service, league)
    entrants = [pairing.Entrant(m.user_id, float(totals.get(m.user_id, {}).get("points", 0)),
                                float(shown.get(m.user_id, ordinal(25.0, 25 / 3))),
                                int(totals.get(m.user_id, {}).get("byes", 0)))
                for m in store.members(league.id)]
    met = pairing.meetings([t for r in earlier for t in r.seating.get("tables", [])])
    seating = pairing.seat(entrants, league.min_seats, league.seats, met=met,
                           seed=f"league:{league.id}:{season.number}:{number}",
                           fill=str(league.settings.get("fill") or "bots"))
    return {"tables": seating.tables, "bots": seating.bots, "byes": seating.byes}


def _ratings(service: TableService, league: LeagueRow) -> dict[str, int]:
    """Each member's rating shown for the league's title on its server."""
    rows = Ratings(service.repo).ratings(league.guild_id, league.game_id)
    return {row.user_id: ordinal(row.mu, row.sigma) for row in rows}


def round_results(service: TableService, league: LeagueRow, round_: RoundRow) -> list[dict[str, Any]] | None:
    """Each member's points for a round whose tables have all ended (``None`` while one is live;
    docs/leagues.md "Points"): by finishing place; nothing at an abandoned table or for a member
    whose seat was no longer theirs at the end (resigned, left the server, handed to a bot); a
    bye's points for a bye."""
    out: list[dict[str, Any]] = []
    for link in _store(service).round_tables(round_.id):
        scored = table_results(service, link.table_id, link.players,
                               lambda place, size: place_points(league, place, size))
        if scored is None:
            return None
        out += scored
    out += [{"user": user, "points": bye_points(league), "place": None, "table": None, "note": BYE}
            for user in round_.seating.get("byes", [])]
    return out


def table_results(service: TableService, table_id: int, players: Sequence[str | None],
                  points: Callable[[int, int], int]) -> list[dict[str, Any]] | None:
    """Each member's points at one ended table (``None`` while it is live; docs/leagues.md "Points",
    campaigns alike): ``points(place, seats)`` by finishing place; nothing at an abandoned table
    or for a member whose seat was no longer theirs at the end (resigned, left the server, handed
    to a bot). ``players``: the member seated at each seat (``None``: a bot seat)."""
    table = service.repo.require_table(table_id)
    if table.status in LIVE_STATUSES:
        return None
    seats = {s.seat: s for s in service.repo.seats(table_id)}
    ranks: dict[int, int] = {}
    if table.status == "finished":
        outcome = service.load(table_id).outcome
        ranks = {s.seat: s.rank for s in outcome.standings} if outcome is not None else {}
    out: list[dict[str, Any]] = []
    for seat, user in enumerate(players):
        if user is None:
            continue
        holder = seats.get(seat)
        mine = holder is not None and holder.user_id == user and not holder.is_bot
        if table.status != "finished" or seat not in ranks:
            out.append({"user": user, "points": 0, "place": None, "table": table_id, "note": ABANDONED})
        elif not mine:
            out.append({"user": user, "points": 0, "place": ranks[seat], "table": table_id, "note": RESIGNED})
        else:
            out.append({"user": user, "points": points(ranks[seat], len(players)), "place": ranks[seat],
                        "table": table_id})
    return out


def standings(service: TableService, league: LeagueRow, season: SeasonRow) -> list[Line]:
    """A season's standings: archived when it ended, else from its ended rounds so far."""
    store = _store(service)
    if season.status == "ended" and season.standings:
        return [Line(**line) for line in season.standings]
    totals = totals_of([r for r in store.rounds(season.id) if r.status == "ended"])
    names = {m.user_id: m.name for m in store.members(league.id, status=None)}
    return rank_lines(totals, names, _ratings(service, league))


def tick(service: TableService, now: datetime, *, jobs: Jobs | None = None,
         guild_ids: Sequence[str] | None = None) -> int:
    """The clock's league job: for each running season (of these servers), claimed as
    ``league:<season id>`` so one process does it, finish opening a round left half open, end a
    round whose tables all ended and open the next, or end the season after its last round.
    Returns how many seasons moved."""
    moved = 0
    for league, season in _store(service).running(guild_ids):
        key = f"league:{season.id}"
        if jobs is not None and not jobs.claim(key, now=now):
            continue
        try:
            moved += advance(service, league, season, now)
        except Exception:
            log.exception("league %s season %s: could not advance; the next tick tries again", league.id, season.number)
        finally:
            if jobs is not None:
                jobs.release(key)
    return moved


def advance(service: TableService, league: LeagueRow, season: SeasonRow, now: datetime) -> bool:
    """One step of a running season (see :func:`tick`); ``True`` if something changed."""
    store = _store(service)
    rounds = store.rounds(season.id)
    if not rounds:
        open_round(service, league, season, 1, now)
        return True
    last = rounds[-1]
    if last.status == "opening":
        open_round(service, league, season, last.number, now)
        return True
    if last.status == "open":
        results = round_results(service, league, last)
        if results is None or not store.move_round(last.id, "open", "ended", results=results, at=now):
            return False
    if last.number < league.rounds:
        open_round(service, league, season, last.number + 1, now)
    else:
        ended = store.season(league.id, season.number) or season
        store.end_season(season.id, [asdict(line) for line in standings(service, league, ended)], now)
    return True


@dataclass(frozen=True)
class OpenedTable:
    """A table of an open round that no chat channel shows yet: the adapter opens its thread."""

    league: LeagueRow
    season: int
    round: int
    index: int
    table_id: int
    players: list[str | None]


def unthreaded(service: TableService, guild_ids: Sequence[str]) -> list[OpenedTable]:
    """The dealt tables of the open rounds of these servers' running seasons that have no channel
    yet (a chat adapter opens a thread for each, pings its members once, and records the channel)."""
    store, out = _store(service), []
    for league, season in store.running(guild_ids):
        for round_ in store.rounds(season.id):
            if round_.status != "open":
                continue
            for link in store.round_tables(round_.id):
                table = service.repo.get_table(link.table_id)
                if table is not None and table.channel_id is None and table.status == "active":
                    out.append(OpenedTable(league, season.number, round_.number, link.index, link.table_id,
                                           list(link.players)))
    return out


# ---- words -------------------------------------------------------------------------------------------
def _words(key: str, lang: str, **params: Any) -> str:
    from .errors import SERVICE_CATALOG

    return SERVICE_CATALOG.text(f"league.{key}", params, lang)


def standings_lines(lines: Sequence[Line], league: LeagueRow, season: SeasonRow, lang: str,
                    game: str | None = None, name: str | None = None) -> list[str]:
    """Standings as text (the console and Discord alike): a heading, one line a member. ``game`` and
    ``name`` word the title and the league's name for the adapter's medium."""
    head = _words("standings_head", lang, name=name or league.name, game=game or league.game_id, season=season.number,
                  state=_words(f"state_{season.status}", lang))
    if not lines:
        return [head, _words("standings_none", lang)]
    return [head] + [_words("standings_line", lang, place=line.place, name=line.name, points=line.points,
                            games=line.games, wins=line.wins, rating=line.rating) for line in lines]
