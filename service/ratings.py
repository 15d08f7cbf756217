"""Ratings (issue 23 §1; the rules: docs/ratings.md): one rating per member per title per server,
moved by each ended table's final ranking with openskill's Plackett–Luce model (Weng–Lin).

The rules are pure functions (:func:`credit_seats`, :func:`placings`, :func:`rate`,
:func:`replay`); :func:`settle` applies them to a table that ended and stores the result once
(``storage.ratings``), :func:`recompute` replays a server's stored results in end order.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

from openskill.models import PlackettLuce

from games.core import Outcome
from storage.log import effective_actions
from storage.models import ActionRow, RatedResultRow, RatingRow, SeatRow, TableRow
from storage.ratings import NewResult, Ratings, Standing, guild_key

if TYPE_CHECKING:
    from .tables import Loaded, TableService

log = logging.getLogger(__name__)

#: The model with openskill's defaults (μ 25, σ 25/3, β 25/6): docs/ratings.md "The model".
MODEL: Final = PlackettLuce()
#: The rating shown: openskill's ordinal μ − 3σ (a conservative estimate: the member is better
#: than this with about 99.7% confidence), scaled as ``BASE + SCALE × (μ − 3σ)`` so a newcomer
#: starts at 1000 (docs/ratings.md "The number shown").
SCALE: Final = 40.0
BASE: Final = 1000.0

#: Ended tables without a result read at a time when a recompute rates what was missed.
MISSED_BATCH: Final = 200

#: Credit rules (docs/ratings.md "A seat that changed hands"), stored with each placing.
ONLY, MOST, LATEST, HOLDER = "only", "most", "latest", "holder"
#: Why an ended table rated nobody (``RatedResultRow.skipped``).
ABANDONED, MODERATOR, TOO_FEW, NEVER_STARTED = "abandoned", "moderator", "too_few", "never_started"


@dataclass(frozen=True)
class Credit:
    """Who a seat's result counts for, and by which rule."""

    user: str
    rule: str


def ordinal(mu: float, sigma: float) -> int:
    """The rating shown for ``mu``/``sigma``: ``BASE + SCALE × (μ − 3σ)``, rounded (openskill's
    ordinal with ``alpha=SCALE, target=BASE``)."""
    return round(MODEL.rating(mu=mu, sigma=sigma).ordinal(z=3.0, alpha=SCALE, target=BASE))


def credit_seats(seats: Sequence[SeatRow], rows: Sequence[ActionRow]) -> dict[int, Credit]:
    """Who each seat counts for (docs/ratings.md "A seat that changed hands"): the member who
    played most of the seat's moves that stand (undone moves do not count); moves with no member
    (a bot's, or the clock's for a missed deadline) count for nobody. A tie goes to whichever of
    the tied members moved last on the seat. A seat with moves but none by a member is a bot seat
    (absent from the result: a member seated at the last moment does not take a bot's result); a
    seat nobody moved at all counts for its holder at the end if that is a member."""
    counts: dict[int, dict[str, int]] = {}
    last: dict[tuple[int, str], int] = {}
    moved: set[int] = set()
    for row in effective_actions(list(rows)):
        if row.kind != "move" or row.seat is None:
            continue
        moved.add(row.seat)
        if not row.user_id:
            continue
        mine = counts.setdefault(row.seat, {})
        mine[row.user_id] = mine.get(row.user_id, 0) + 1
        last[row.seat, row.user_id] = row.seq
    credits: dict[int, Credit] = {}
    for seat in seats:
        played = counts.get(seat.seat)
        if not played:
            if seat.seat not in moved and not seat.is_bot and seat.user_id:
                credits[seat.seat] = Credit(seat.user_id, HOLDER)
            continue
        most = max(played.values())
        tied = [user for user, count in played.items() if count == most]
        best = max(tied, key=lambda user: last[seat.seat, user])
        rule = ONLY if len(played) == 1 else MOST if len(tied) == 1 else LATEST
        credits[seat.seat] = Credit(best, rule)
    return credits


def member_names(seats: Sequence[SeatRow], rows: Sequence[ActionRow]) -> dict[str, str]:
    """The name each member went by at the table: their seat's now, else the one the log's last
    change of seat recorded for them (a member who handed their seat on or resigned)."""
    names: dict[str, str] = {}
    for row in rows:
        if row.kind != "system" or not row.move:
            continue
        try:
            change = json.loads(row.move)
        except ValueError:
            continue
        if isinstance(change, dict):
            for user, name in ((change.get("previous_user"), change.get("previous")),
                               (change.get("user"), change.get("name"))):
                if user and name:
                    names[str(user)] = str(name)
    names.update({seat.user_id: seat.name for seat in seats if seat.user_id and not seat.is_bot})
    return names


def placings(outcome: Outcome, credits: Mapping[int, Credit], names: Mapping[str, str]) -> list[dict[str, Any]]:
    """The ranking the table rates, best first: each credited seat's member with the seat's place
    (shared places are ties). Bot seats are left out; a member credited with several seats counts
    once, at their best place (docs/ratings.md)."""
    found: dict[str, dict[str, Any]] = {}
    for standing in sorted(outcome.standings, key=lambda s: (s.rank, s.seat)):
        credit = credits.get(standing.seat)
        if credit is None or credit.user in found:
            continue
        found[credit.user] = {"user": credit.user, "name": names.get(credit.user, credit.user),
                              "seat": standing.seat, "rank": standing.rank, "credit": credit.rule}
    return list(found.values())


def rate(ranking: Sequence[Mapping[str, Any]], before: Mapping[str, Standing | None]) -> dict[str, tuple[float, float]]:
    """Each member's μ and σ after a table: openskill's Plackett–Luce update of the ranking
    (``rank``: lower is better, equal ranks tie), each member a team of one, starting from
    their rating before (the model's default for a first table)."""
    teams = []
    for placing in ranking:
        old = before.get(placing["user"])
        teams.append([MODEL.rating() if old is None else MODEL.rating(mu=old.mu, sigma=old.sigma)])
    new = MODEL.rate(teams, ranks=[float(p["rank"]) for p in ranking])
    return {p["user"]: (team[0].mu, team[0].sigma) for p, team in zip(ranking, new, strict=True)}


def replay(results: Sequence[RatedResultRow]) -> tuple[dict[int, list[dict[str, Any]]],
                                                       dict[tuple[str, str], tuple[Standing, str]]]:
    """Every rating from nothing, the rated results taken in the order given (end order): each
    result's placings with their ratings before and after, and each member's rating per title."""
    ratings: dict[tuple[str, str], tuple[Standing, str]] = {}
    rewritten: dict[int, list[dict[str, Any]]] = {}
    for result in results:
        if result.skipped is not None or not result.placings:
            continue
        before = {p["user"]: (ratings[result.game_id, p["user"]][0] if (result.game_id, p["user"]) in ratings
                              else None) for p in result.placings}
        after = rate(result.placings, before)
        out = []
        for placing in result.placings:
            user, old = placing["user"], before[placing["user"]]
            mu, sigma = after[user]
            ratings[result.game_id, user] = (Standing(mu, sigma, (old.games if old else 0) + 1),
                                             str(placing.get("name") or user))
            out.append({**placing, "before": None if old is None else [old.mu, old.sigma], "after": [mu, sigma]})
        rewritten[result.id] = out
    return rewritten, ratings


def _store(service: TableService) -> Ratings:
    return Ratings(service.repo)


def settle(service: TableService, table_id: int, loaded: Loaded | None = None) -> RatedResultRow | None:
    """Rate a table that ended, once (docs/ratings.md "When a table counts"): a finished game
    by its final ranking; an abandoned table, a game a moderator ended (``/mod end``) and one
    with fewer than two rated members are recorded as rating nobody, with why. ``None`` when
    the table has not ended or was recorded already (by this or another process)."""
    store = _store(service)
    table = service.repo.get_table(table_id)  # as committed: when it ended
    if table is None or table.status not in ("finished", "abandoned") or store.result(table_id) is not None:
        return None
    skipped: str | None = None
    ranking: list[dict[str, Any]] = []
    if table.status == "abandoned":
        skipped = ABANDONED if service.repo.latest_snapshot(table_id) is not None else NEVER_STARTED
    elif any(row.notation == "end" for row in service.repo.system_actions(table_id)):
        skipped = MODERATOR
    else:
        loaded = loaded or service.load(table_id)
        outcome = loaded.outcome
        rows = service.repo.actions(table_id)
        names = member_names(loaded.seats, rows)
        ranking = placings(outcome, credit_seats(loaded.seats, rows), names) if outcome is not None else []
        if len(ranking) < 2:
            skipped, ranking = TOO_FEW, []
    return store.record(_new_result(table, skipped, ranking), lambda before: rate(ranking, before))


def _new_result(table: TableRow, skipped: str | None, ranking: list[dict[str, Any]]) -> NewResult:
    return NewResult(table.id, guild_key(table.guild_id), table.game_id, table.updated_at, skipped, ranking)


def settle_quietly(service: TableService, table_id: int, loaded: Loaded | None = None) -> None:
    """:func:`settle` on the move path: a failure to rate never fails the move that ended the
    game (it is logged; ``recompute`` rates what was missed)."""
    try:
        settle(service, table_id, loaded)
    except Exception:
        log.exception("table %s: rating failed; `ratings recompute` will rate it", table_id)


def settle_missed(service: TableService, guild_id: str | None = None) -> int:
    """Rate the ended tables of a server (``""``: outside any server; ``None``: all) that have
    no result yet (a process died between the last move and rating). Returns how many."""
    done, store, seen = 0, _store(service), set[int]()
    while batch := [t for t in store.unrecorded(guild_id, limit=MISSED_BATCH) if t.id not in seen]:
        # each is recorded (rated or not), so the next batch holds others (``seen`` guards the loop)
        seen.update(table.id for table in batch)
        done += sum(settle(service, table.id) is not None for table in batch)
    return done


def settle_recent(service: TableService, guild_ids: Iterable[str], now: datetime, *,
                  horizon: timedelta = timedelta(days=1), settled: timedelta = timedelta(seconds=5),
                  limit: int = 20) -> int:
    """Rate the tables of these servers that ended between ``horizon`` and ``settled`` ago and
    have no result yet (the bot's clock runs it: a process that died between a table's last move
    and its rating leaves it to the next tick of any process). Returns how many were recorded."""
    done = 0
    for table in _store(service).unrecorded(guild_ids=guild_ids, ended_after=now - horizon,
                                            ended_before=now - settled, limit=limit):
        if settle(service, table.id) is not None:
            done += 1
    return done


def recompute(service: TableService, guild_id: str | None, game_id: str | None = None) -> int:
    """Recompute a server's ratings (of one title, or all) from its stored results in end order,
    after rating any ended table that was missed. Returns how many results were replayed."""
    key = guild_key(guild_id)
    settle_missed(service, key)
    return _store(service).rebuild(key, game_id, replay)


def leaderboard(service: TableService, guild_id: str | None, game_id: str, limit: int = 20) -> list[RatingRow]:
    """A title's ratings on a server, best shown rating first."""
    return _store(service).ratings(guild_key(guild_id), game_id, limit=limit)


def rated_games(service: TableService, guild_id: str | None) -> list[str]:
    """The titles someone has a rating of on a server, by id."""
    return sorted({row.game_id for row in _store(service).ratings(guild_key(guild_id))})


def member_ratings(service: TableService, guild_id: str | None, user_id: str,
                   game_id: str | None = None) -> list[RatingRow]:
    """A member's ratings on a server (one title's, or every title's), best first."""
    return _store(service).ratings(guild_key(guild_id), game_id, user_id=user_id)


def table_result(service: TableService, table_id: int) -> RatedResultRow | None:
    """How a table counted for ratings (``None``: not recorded, or not ended)."""
    return _store(service).result(table_id)


# ---- what a reader is shown (the console and Discord alike) ----------------------------------------
@dataclass(frozen=True)
class Place:
    """One line of a leaderboard: the place (equal ratings shown share it), the member, the rating
    shown (:func:`ordinal`), their rated tables, μ and σ."""

    place: int
    user: str
    name: str
    rating: int
    games: int
    mu: float
    sigma: float


def places(rows: Sequence[RatingRow]) -> list[Place]:
    """Ratings (best first) as places: a competition ranking ("1224") by the rating shown. Names
    are as stored: adapters make them plain (``service.text.plain_name``) for their medium."""
    out: list[Place] = []
    for index, row in enumerate(rows):
        shown = ordinal(row.mu, row.sigma)
        place = out[-1].place if out and out[-1].rating == shown else index + 1
        out.append(Place(place, row.user_id, row.name or row.user_id, shown, row.games, row.mu, row.sigma))
    return out


def standings(service: TableService, guild_id: str | None, game_id: str, limit: int = 20) -> list[Place]:
    """A title's leaderboard on a server (the best ``limit``)."""
    return places(leaderboard(service, guild_id, game_id, limit))


def _words(key: str, lang: str, **params: Any) -> str:
    from .errors import SERVICE_CATALOG

    return SERVICE_CATALOG.text(f"ratings.{key}", params, lang)


def detail(mu: float, sigma: float, lang: str) -> str:
    """μ and σ, as shown on request."""
    return _words("detail", lang, mu=f"{mu:.2f}", sigma=f"{sigma:.2f}")


def leaderboard_lines(board: Sequence[Place], game: str, lang: str, *, details: bool = False,
                      name: Any = None) -> list[str]:
    """A leaderboard as text (for screen readers and the console): a heading, one line a member.
    ``name`` (a callable of the place) words a member's name (Discord: a mention-safe name)."""
    if not board:
        return [_words("none", lang, game=game)]
    lines = [_words("head", lang, game=game)]
    for place in board:
        line = _words("line", lang, place=place.place, name=name(place) if name else place.name,
                      rating=place.rating, games=place.games)
        lines.append(line + (f" · {detail(place.mu, place.sigma, lang)}" if details else ""))
    return lines


def change_line(result: RatedResultRow | None, lang: str, *, name: Any = None) -> str | None:
    """What a table that just ended did to its members' ratings, on one line ("Ratings: Ann 1000 →
    1085 (+85), Ben 1000 → 923 (−77)"); ``None`` when it rated nobody. ``name`` (a callable of a
    placing's name) words a name for the adapter's medium."""
    if result is None or result.skipped is not None or not result.placings:
        return None
    first = MODEL.rating()
    parts = []
    for placing in result.placings:
        before = placing.get("before") or [first.mu, first.sigma]
        after = placing.get("after") or before
        old, new = ordinal(*before), ordinal(*after)
        label = str(placing.get("name") or placing["user"])
        parts.append(_words("change", lang, name=name(label) if name else label, before=old, after=new,
                            delta=f"+{new - old}" if new >= old else f"−{old - new}"))
    return _words("changes", lang, changes=_words("separator", lang).join(parts))


def rating_lines(rows: Sequence[RatingRow], who: str, lang: str, game_name: Any, *, details: bool = True) -> list[str]:
    """A member's ratings (one title's or every title's) as text; ``game_name`` words a title id."""
    if not rows:
        return [_words("mine_none", lang, name=who)]
    lines = [_words("mine_head", lang, name=who)]
    for row in rows:
        line = _words("mine_line", lang, game=game_name(row.game_id), rating=ordinal(row.mu, row.sigma),
                      games=row.games)
        lines.append(line + (f" · {detail(row.mu, row.sigma, lang)}" if details else ""))
    return lines
