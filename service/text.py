"""Words every adapter shares: seat names, event lines, the ranking and refusals, in the reader's
language. The console prints them as they are; the Discord adapter adds its own decoration (bold
names, medals, escaping) on top, so both say the same things."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from games.core import Event, Game, GameError, Outcome, visible_events
from storage.models import SeatRow

from .errors import SERVICE_CATALOG
from .tables import HistoryEntry

#: Longest name shown (Discord's own limit for display names).
NAME_LIMIT = 32
#: Combining marks kept after one character ("zalgo" text stacks dozens).
MARKS_PER_CHARACTER = 2


def plain_name(name: str) -> str:
    """A player's name made safe to show anywhere: no invisible or direction-changing characters
    (zero-width, bidi overrides), at most two combining marks per letter, blanks collapsed, at
    most :data:`NAME_LIMIT` characters ("…" when cut), never empty. Adapters escape it for their
    own markup on top (Discord: markdown and mentions)."""
    out: list[str] = []
    marks = 0
    for char in name:
        category = unicodedata.category(char)
        if category in {"Cf", "Cc", "Cs", "Co", "Zl", "Zp"}:
            continue
        if category.startswith("M"):
            marks += 1
            if marks > MARKS_PER_CHARACTER or not out:
                continue
        else:
            marks = 0
        out.append(char)
    text = " ".join("".join(out).split())
    if len(text) > NAME_LIMIT:
        text = text[: NAME_LIMIT - 1] + "…"
    return text or "?"


def seat_names(seats: Sequence[SeatRow]) -> list[str]:
    """Display names by seat number (what images and summaries call the players), made plain."""
    out = [f"#{n + 1}" for n in range(max((s.seat for s in seats), default=-1) + 1)]
    for seat in seats:
        out[seat.seat] = plain_name(seat.name)
    return out


_YOU_VERB = re.compile(r"(^|[.;:!?]\s+|,\s+and\s+)You (\w+)\b")
_YOU_OBJECT = re.compile(r"(?<=[a-z,] )You\b")
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}


def _base_form(verb: str) -> str:
    """The verb of "he slates" as "you slate": takes → take, passes → pass, carries → carry."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if not verb.endswith("s") or verb.endswith("ss") or len(verb) < 3:
        return verb
    if verb.endswith(("sses", "ches", "shes", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    return verb[:-1]


def second_person(line: str) -> str:
    """An English line about the reader, named "You", in the second person: "You slates" → "You
    slate", "You has" → "You have", "You's crown" → "Your crown". Catalog sentences are written in
    the third person ("{seat} slates …") for every other reader; the console names its player
    "You"."""
    line = line.replace(" You's ", " your ").replace("You's ", "Your ")
    line = _YOU_VERB.sub(lambda m: f"{m[1]}You {_base_form(m[2])}", line)
    return _YOU_OBJECT.sub("you", line)


def event_lines(game: Game[Any, Any], events: Iterable[Event], viewer: int | None, lang: str,
                names: Sequence[str]) -> list[str]:
    """What ``viewer`` (``None``: everyone) may read about ``events``, one line each."""
    return [game.describe(e, lang, names) for e in visible_events(list(events), viewer)]


@dataclass(frozen=True)
class Placing:
    """One line of the final ranking, with the score's parts named in the reader's language."""

    rank: int
    seat: int
    name: str
    score: int
    parts: list[tuple[str, int]]


def standings(game: Game[Any, Any], outcome: Outcome, names: Sequence[str], lang: str) -> list[Placing]:
    """The ranking in order, each score broken down (``score.<part>`` of the title's catalog names
    a part; an unnamed part keeps its key)."""
    out = []
    for st in outcome.standings:
        name = names[st.seat] if st.seat < len(names) else f"#{st.seat + 1}"
        parts = [(score_part(game, key, lang), value) for key, value in st.breakdown.items() if key != "total"]
        out.append(Placing(st.rank, st.seat, name, st.score, parts))
    return out


def score_part(game: Game[Any, Any], key: str, lang: str) -> str:
    """A score part's name in ``lang`` (the title's ``score.<key>``), else the key itself."""
    wanted = f"score.{key}"
    return game.text(wanted, None, lang) if game.catalog.has(wanted) else key


def reasons(game: Game[Any, Any], outcome: Outcome, names: Sequence[str], lang: str) -> list[str]:
    """Why the game ended and how ties were broken, one line each."""
    return [game.text(key, params, lang, names) for key, params in outcome.reasons]


def refusal(error: GameError, lang: str, game: Game[Any, Any] | None = None,
            names: Sequence[str] | None = None) -> str:
    """A refusal in the reader's language: the title's own catalog first, then the service's;
    ``names`` (per seat) name the players it mentions."""
    if game is not None and not error.key.startswith("table.") and game.catalog.has(error.key):
        return game.error_text(error, lang, names)
    return SERVICE_CATALOG.text(error.key, error.params, lang)


def seat_change_line(entry: HistoryEntry, lang: str, *, by: str, name: str, previous: str) -> str:
    """A change of seat in the history (``entry.kind``: ``sub``, ``kick`` or ``resign``) as one sentence; the
    adapter passes the names as it shows them (``by``: who made the change, ``name``: who got the
    seat or was removed from it, ``previous``: who held it before)."""
    if entry.kind == "kick":
        key = "table.log_kick"
    elif entry.kind == "resign":
        key = "table.log_resign"
    else:
        key = "table.log_sub" if entry.by is not None else "table.log_sub_auto"
    return SERVICE_CATALOG.text(key, {"seat": entry.seat + 1, "name": name, "by": by, "previous": previous}, lang)
