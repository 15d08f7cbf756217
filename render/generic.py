"""A fallback renderer: any view drawn as a tidy text summary, so a new title always gets an image.

The view is turned into plain data (``msgspec.to_builtins``) and laid out as panels: top-level
scalars in a header grid, each list of records (players, empires, seats…) as one panel per record,
other values as labelled lines. Only the view is drawn, so nothing hidden can appear.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from . import palette as pal
from .kit import DIRECT, MARGIN_DEFAULT, Canvas, seat_label
from .result import Cell, Column, ResultScreen, result_png

__all__ = ["GenericRenderer", "summary_board", "summary_result"]

WIDTH = 1000
MAX_ITEMS = 40
MAX_TEXT = 400

_WORDS: dict[str, dict[str, str]] = tomllib.loads(Path(__file__).with_name("generic.toml").read_text(encoding="utf-8"))


def _w(key: str, lang: str, **params: Any) -> str:
    text = _WORDS.get(lang, _WORDS["en"])[key]
    return text.format(**params) if params else text


def _plain(value: Any) -> Any:
    def hook(obj: Any) -> Any:
        if hasattr(obj, "__dict__"):
            return {k: v for k, v in vars(obj).items() if not k.startswith("_")}
        return str(obj)
    try:
        return msgspec.to_builtins(value, enc_hook=hook, str_keys=True)
    except (TypeError, msgspec.EncodeError):
        return str(value)


def _humanise(key: str) -> str:
    return key.replace("_", " ").strip().capitalize() or key


def _scalar(value: Any, lang: str) -> str:
    if isinstance(value, bool):
        return _w("yes" if value else "no", lang)
    if value is None:
        return "—"
    text = str(value)
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + "…"


def _inline(value: Any, lang: str, depth: int = 0) -> str:
    """A compact one-paragraph rendering of nested data."""
    if isinstance(value, Mapping):
        parts = [f"{_humanise(str(k))} {_inline(v, lang, depth + 1)}" for k, v in value.items()
                 if v not in (None, [], {})]
        return (" · " if depth == 0 else ", ").join(parts) if parts else _w("nothing", lang)
    if isinstance(value, list):
        if not value:
            return _w("nothing", lang)
        shown = [_inline(v, lang, depth + 1) for v in value[:MAX_ITEMS]]
        more = f" {_w('more', lang, n=len(value) - MAX_ITEMS)}" if len(value) > MAX_ITEMS else ""
        joiner = "  |  " if _is_records(value) else ", "
        return joiner.join(shown) + more
    return _scalar(value, lang)


def _is_records(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)


def _title(game_id: str, lang: str) -> str:
    try:
        from games.registry import get_game
        names = get_game(game_id).meta.names
        return names.get(lang) or names.get("en") or game_id
    except Exception:
        return game_id


def _record_title(record: Mapping[str, Any], index: int, lang: str, names: Sequence[str] | None) -> str:
    for key in ("seat", "player"):
        if isinstance(record.get(key), int) and not isinstance(record.get(key), bool):
            return seat_label(record[key], lang, names)
    for key in ("name", "id", "title"):
        value = record.get(key)
        if isinstance(value, str):
            return value
    return f"#{index + 1}"


def _lines(cv: Canvas, x: float, y: float, width: float, data: Mapping[str, Any], lang: str,
           skip: frozenset[str] = frozenset()) -> float:
    """``key  value`` rows; returns the height used."""
    key_w = min(220.0, width * 0.32)
    start = y
    for key, value in data.items():
        if key in skip or value in (None, [], {}):
            continue
        text = _inline(value, lang)
        cv.text((x, y + 11), _humanise(str(key)), 14, fill=pal.MUTED, max_width=key_w - 10)
        y += max(22.0, cv.paragraph((x + key_w, y), text, 14, width - key_w, max_lines=6, line_height=22))
        y += 2
    return y - start


def _summary_body(cv: Canvas, data: Any, lang: str, title: str, names: Sequence[str] | None,
                  private: bool) -> float:
    x0, x1 = MARGIN_DEFAULT, WIDTH - MARGIN_DEFAULT
    y: float = MARGIN_DEFAULT
    cv.text((x0 + 4, y + 20), title, 28, bold=True, max_width=x1 - x0 - 320)
    if private:
        note = _w("private", lang)
        cv.pill((x1 - cv.measure(note, 13, bold=True) - 24, y + 20), note, 13,
                fill=pal.mix(pal.PANEL_ALT, pal.ACCENT, 0.2), text_fill=pal.ACCENT, height=28, pad=12)
    y += 52
    if not isinstance(data, Mapping):
        data = {"view": data}
    scalars = {k: v for k, v in data.items() if not isinstance(v, (Mapping, list))}
    nested = {k: v for k, v in data.items() if isinstance(v, (Mapping, list))}
    if scalars:
        dry = cv.measuring()
        h = _lines(dry, 0, 0, x1 - x0 - 40, scalars, lang)
        cv.panel((x0, y, x1, y + h + 28))
        _lines(cv, x0 + 20, y + 14, x1 - x0 - 40, scalars, lang)
        y += h + 28 + 14
    for key, value in nested.items():
        cv.text((x0 + 4, y + 12), _humanise(str(key)), 16, fill=pal.MUTED, bold=True)
        y += 30
        if _is_records(value):
            for i, record in enumerate(value[:MAX_ITEMS]):
                name = _record_title(record, i, lang, names)
                dry = cv.measuring()
                h = _lines(dry, 0, 0, x1 - x0 - 40, record, lang)
                cv.panel((x0, y, x1, y + h + 56))
                cv.text((x0 + 20, y + 24), name, 18, bold=True, max_width=x1 - x0 - 40)
                _lines(cv, x0 + 20, y + 44, x1 - x0 - 40, record, lang)
                y += h + 56 + 10
        elif isinstance(value, Mapping):
            dry = cv.measuring()
            h = _lines(dry, 0, 0, x1 - x0 - 40, value, lang)
            cv.panel((x0, y, x1, y + h + 28))
            _lines(cv, x0 + 20, y + 14, x1 - x0 - 40, value, lang)
            y += h + 28 + 10
        else:
            h = cv.paragraph((x0 + 8, y), _inline(value, lang), 14, x1 - x0 - 16, max_lines=12)
            y += h + 10
    return y + MARGIN_DEFAULT


def summary_board(view: Any, lang: str, names: Sequence[str] | None = None, *, game_id: str | None = None,
                  private: bool = False) -> bytes:
    """Any view as a readable summary image (PNG)."""
    data = _plain(view)
    gid = game_id or (data.get("game") if isinstance(data, Mapping) and isinstance(data.get("game"), str)
                      else "")
    title = _title(gid, lang) if gid else "Tabula"
    return Canvas.fitted(WIDTH, lang, lambda cv: _summary_body(cv, data, lang, title, names, private),
                         scale=DIRECT).png()


def summary_result(outcome: Any, view: Any, lang: str, names: Sequence[str] | None = None, *,
                   game_id: str | None = None) -> bytes:
    """Any title's outcome as a ranking image: rank, seat, score and breakdown, tie-break notes."""
    data = _plain(view)
    gid = game_id or (data.get("game") if isinstance(data, Mapping) and isinstance(data.get("game"), str)
                      else "")
    title = _title(gid, lang) if gid else "Tabula"
    reasons: list[str] = []
    game = None
    if gid:
        try:
            from games.registry import get_game
            game = get_game(gid)
        except Exception:
            game = None
    for key, params in getattr(outcome, "reasons", ()):
        reasons.append(game.text(key, params, lang) if game is not None else key)

    def detail(standing: Any) -> str:
        breakdown = getattr(standing, "breakdown", {}) or {}
        return " · ".join(f"{_humanise(k)} {v}" for k, v in breakdown.items() if k != "total")

    def player(cv: Canvas, standing: Any, x: float, y: float, w: float, h: float) -> None:
        parts = detail(standing)
        cv.text((x, y + (22 if parts else h / 2)), seat_label(standing.seat, lang, names), 18, bold=True,
                max_width=w - 12)
        if parts:
            cv.text((x, y + 46), parts, 13, fill=pal.MUTED, max_width=w - 12)

    screen = ResultScreen(
        title=_w("results", lang), subtitle=title, width=WIDTH, player=player,
        cells=lambda standing: [Cell(str(standing.score), size=24, bold=True)], columns=[Column("", 120)],
        row_h=64 if any(map(detail, getattr(outcome, "standings", ()))) else 48, medal_r=18, row_gap=8, notes=reasons)
    return result_png(screen, outcome, lang)


class GenericRenderer:
    """Draws any title's views as text summaries (the fallback for titles without a renderer)."""

    def __init__(self, game_id: str | None = None) -> None:
        self.game_id = game_id

    def board(self, view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
        """The public view as a summary image."""
        return summary_board(view, lang, names, game_id=self.game_id)

    def private(self, view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
        """A seat's own view as a summary image, marked private."""
        return summary_board(view, lang, names, game_id=self.game_id, private=True)

    def result(self, outcome: Any, view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
        """The final ranking."""
        return summary_result(outcome, view, lang, names, game_id=self.game_id)
