"""巨富豪∞: the bidding battle's replay (an APNG, or a GIF when that fits better) and its summary image.

Both are drawn from a :class:`games.megarich.battle.BattleResult` — plain data the battle returns (the wonders' stats,
the ranking, the timeline of hits), never the game state. The replay shows the 1:10 replica of 实事市 with the wonders
on a ring around the plaza: an opening frame, then two frames a tick (the hits fly as arrows with their damage; then
the stability bars fall, regeneration shows and the knocked-out wonders grey out), then the winner. The arena's
static parts (the plaza, the names, the stats) are drawn once and every frame starts from a copy of them.
:func:`battle_animation` returns ``(bytes, extension)`` from :func:`render.animation.encode_animation`, the shape of
a renderer's ``animation`` slot; :func:`battle_summary` is a PNG: the final ranking with stats, S left, the tick
each wonder fell and the damage it dealt. :func:`summary_lines` says the same in a few lines of text. The title's
renderer (:mod:`render.megarich`) uses :func:`game_animation` as its animation slot.
"""

from __future__ import annotations

import math
import tomllib
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec
from PIL import Image

from games.megarich.battle import BattleResult, Event, EventKind, Replay

from . import palette as pal
from .animation import encode_animation
from .kit import DIRECT, MARGIN_DEFAULT, Canvas, seat_label
from .palette import RGB

__all__ = ["ANIMATION_BYTES", "SEAT_COLOURS", "battle_animation", "battle_frames", "battle_summary", "game_animation",
           "summary_canvas", "summary_lines"]

SEAT_COLOURS: tuple[RGB, ...] = ((52, 118, 232), (220, 66, 122), (24, 160, 150), (232, 150, 40), (148, 96, 224),
                                 (120, 170, 60))
"""One colour per seat (six seats)."""

ANIMATION_BYTES = 1024 * 1024
"""The replay's size budget: far under Discord's 8 MiB (a typical battle is a few hundred KiB at most)."""

WIDTH, HEIGHT = 640, 440
ARENA = (214, 240, 150)        # centre x, centre y, ring radius of the wonders
OPENING_MS, HIT_MS, SETTLE_MS, CLOSING_MS = 1400, 650, 450, 3500

_WORDS: dict[str, dict[str, str]] = tomllib.loads(
    Path(__file__).with_name("megarich_battle.toml").read_text(encoding="utf-8"))


def _w(key: str, lang: str, **params: Any) -> str:
    text = _WORDS.get(lang, _WORDS["en"]).get(key) or _WORDS["en"][key]
    return text.format(**params) if params else text


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


@dataclass(frozen=True)
class _Tick:
    """One tick of the timeline: its hits, its regenerations and who fell."""

    n: int
    hits: tuple[Event, ...]
    regen: tuple[Event, ...]
    fallen: tuple[int, ...]


def _ticks(result: BattleResult) -> list[_Tick]:
    by_tick: dict[int, list[Event]] = defaultdict(list)
    for e in result.events:
        by_tick[e.tick].append(e)
    out = []
    for n in range(1, result.ticks + 1):
        events = by_tick.get(n, [])
        out.append(_Tick(n, tuple(e for e in events if e.kind is not EventKind.REGEN),
                         tuple(e for e in events if e.kind is EventKind.REGEN),
                         tuple(e.target for e in events if e.eliminated)))
    return out


def _places(result: BattleResult) -> dict[int, tuple[float, float]]:
    cx, cy, radius = ARENA
    seats = [w.seat for w in result.wonders]
    out = {}
    for i, seat in enumerate(seats):
        angle = -math.pi / 2 + 2 * math.pi * i / len(seats)
        out[seat] = (cx + radius * math.cos(angle), cy + radius * math.sin(angle))
    return out


def _static(result: BattleResult, lang: str, names: Sequence[str] | None) -> Canvas:
    """The arena without anything that changes: the plaza and streets, the panel's names and stats."""
    cv = Canvas(WIDTH, HEIGHT, lang, scale=DIRECT)
    cx, cy, radius = ARENA
    plaza = radius + 30
    cv.circle((cx, cy), plaza, fill=pal.PANEL, outline=pal.LINE, width=2)
    for k in range(6):    # the replica's avenues
        a = math.pi / 6 + k * math.pi / 3
        cv.line([(cx, cy), (cx + plaza * math.cos(a), cy + plaza * math.sin(a))], fill=pal.PANEL_ALT, width=6)
    cv.circle((cx, cy), radius * 0.42, outline=pal.PANEL_ALT, width=4)
    cv.circle((cx, cy), 16, fill=pal.PANEL_ALT)
    cv.text((448, HEIGHT - 20), _w("arena", lang), 11, fill=pal.MUTED)
    x = 448
    cv.text((x, 24), _w("title", lang), 20, bold=True)
    for i, w in enumerate(result.wonders):
        y = 84 + i * 52
        cv.circle((x + 7, y), 7, fill=seat_colour(w.seat))
        label = seat_label(w.seat, lang, names) + (f" · {w.name}" if w.name else "")
        cv.text((x + 20, y), label, 13, bold=True, max_width=WIDTH - x - 32)
        cv.text((x + 20, y + 17), f"S {w.S}  A {w.A}  D {w.D}  F {w.F}", 11, fill=pal.MUTED)
    return cv


def _frame(base: Canvas, lang: str) -> Canvas:
    """A new frame starting from the static layer."""
    cv = Canvas(WIDTH, HEIGHT, lang, scale=DIRECT)
    cv.paste(base, (0, 0))
    return cv


def _wonder(cv: Canvas, xy: tuple[float, float], seat: int, s: int, full: int, out: bool, winner: bool) -> None:
    """A wonder on the ring: a tower as tall as its S share, its seat number, its stability bar."""
    x, y = xy
    colour = pal.mix(seat_colour(seat), pal.BACKGROUND, 0.65) if out else seat_colour(seat)
    share = max(0.0, min(1.0, s / full))
    if winner:
        cv.circle((x, y - 6), 34, outline=pal.ACCENT, width=3)
    h = 14 + 30 * share
    cv.box((x - 13, y + 12 - h, x + 13, y + 12), fill=colour, outline=pal.darken(colour, 0.3), radius=3)
    cv.polygon([(x - 16, y + 12 - h), (x, y + 2 - h), (x + 16, y + 12 - h)], fill=pal.lighten(colour, 0.2))
    cv.text((x, y + 4), str(seat + 1), 12, bold=True, fill=pal.on_colour(colour), anchor="mm")
    cv.box((x - 24, y + 18, x + 24, y + 24), fill=pal.BACKGROUND, outline=pal.LINE)
    if share > 0:
        cv.box((x - 23, y + 19, x - 23 + 46 * share, y + 23), fill=pal.GOOD if share > 0.35 else pal.BAD)
    if out:
        cv.line([(x - 14, y - 14), (x + 14, y + 14)], fill=pal.BAD, width=4)
        cv.line([(x - 14, y + 14), (x + 14, y - 14)], fill=pal.BAD, width=4)


def _panel_state(cv: Canvas, result: BattleResult, s: dict[int, int], out: set[int], lang: str) -> None:
    x = 448
    for i, w in enumerate(result.wonders):
        y = 84 + i * 52
        text = _w("out", lang) if w.seat in out else f"{max(0, s[w.seat])} / {w.S}"
        cv.text((x + 20, y + 33), text, 11, fill=pal.BAD if w.seat in out else pal.TEXT)


def _arrow(cv: Canvas, a: tuple[float, float], b: tuple[float, float], colour: RGB, bend: float) -> None:
    (x0, y0), (x1, y1) = a, b
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    mx, my = (x0 + x1) / 2 - uy * bend, (y0 + y1) / 2 + ux * bend
    start = (x0 + ux * 22, y0 + uy * 22)
    end = (x1 - ux * 28, y1 - uy * 28)
    points = [start, (mx, my), end]
    cv.line(points, fill=colour, width=3)
    hx, hy = end[0] - mx, end[1] - my
    hl = math.hypot(hx, hy) or 1.0
    hx, hy = hx / hl, hy / hl
    cv.polygon([end, (end[0] - hx * 10 - hy * 6, end[1] - hy * 10 + hx * 6),
                (end[0] - hx * 10 + hy * 6, end[1] - hy * 10 - hx * 6)], fill=colour)


def battle_frames(result: BattleResult, lang: str, names: Sequence[str] | None = None
                  ) -> tuple[list[Image.Image], list[int]]:
    """The replay's frames and their durations in milliseconds (opening, two per tick, closing)."""
    base = _static(result, lang, names)
    places = _places(result)
    full = {w.seat: w.S for w in result.wonders}
    s = dict(full)
    out: set[int] = set()
    frames: list[Image.Image] = []
    durations: list[int] = []

    def draw(caption: str, *, winner: int | None = None) -> Canvas:
        cv = _frame(base, lang)
        for seat, xy in places.items():
            _wonder(cv, xy, seat, s[seat], full[seat], seat in out, seat == winner)
        _panel_state(cv, result, s, out, lang)
        cv.text((24, 24), caption, 16, bold=True)
        return cv

    cv = draw(_w("start", lang))
    assert cv.image is not None
    frames.append(cv.image)
    durations.append(OPENING_MS)
    for tick in _ticks(result):
        cv = draw(_w("tick", lang, n=tick.n))
        taken: dict[int, int] = defaultdict(int)
        crit: set[int] = set()
        for k, e in enumerate(tick.hits):
            if e.attacker in places and e.target in places:
                bend = 10 + 6 * (k % 3) if e.kind is EventKind.ATTACK else -14
                _arrow(cv, places[e.attacker], places[e.target], seat_colour(e.attacker), bend)
            taken[e.target] += e.damage
            if e.crit:
                crit.add(e.target)
        for target, damage in taken.items():
            x, y = places[target]
            cv.pill((x + 20, y - 34), f"−{damage}", 12, fill=pal.BAD)
            if target in crit:
                cv.text((x - 20, y - 34), _w("crit", lang), 11, bold=True, fill=pal.ACCENT, anchor="rm")
        assert cv.image is not None
        frames.append(cv.image)
        durations.append(HIT_MS)
        for e in tick.hits:
            s[e.target] = e.s_after
        out |= set(tick.fallen)
        for e in tick.regen:
            s[e.target] = e.s_after
        last = tick.n == result.ticks
        cv = draw(_w("tick", lang, n=tick.n), winner=result.winner if last else None)
        for e in tick.regen:
            x, y = places[e.target]
            cv.pill((x + 20, y - 34), _w("regen", lang, n=-e.damage), 12, fill=pal.GOOD)
        if tick.fallen:
            text = "、".join(seat_label(f, lang, names) for f in tick.fallen) if lang == "zh" else \
                ", ".join(seat_label(f, lang, names) for f in tick.fallen)
            cv.text((24, 50), f"{_w('eliminated', lang)}: {text}", 12, fill=pal.BAD, max_width=400)
        assert cv.image is not None
        frames.append(cv.image)
        durations.append(SETTLE_MS)
    cv = draw(_w("wins", lang, name=seat_label(result.winner, lang, names)), winner=result.winner)
    if result.timed_out:
        cv.text((24, 50), _w("capped", lang), 11, fill=pal.MUTED, max_width=400)
    assert cv.image is not None
    frames.append(cv.image)
    durations.append(CLOSING_MS)
    return frames, durations


def battle_animation(result: BattleResult, lang: str, names: Sequence[str] | None = None, *,
                     max_bytes: int = ANIMATION_BYTES) -> tuple[bytes, str]:
    """The replay encoded (APNG, else GIF) within ``max_bytes``: ``(data, "png" | "gif")``."""
    frames, durations = battle_frames(result, lang, names)
    return encode_animation(frames, durations, max_bytes=max_bytes)


def battle_summary(result: BattleResult, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The final ranking as a PNG: rank, player, wonder, stats, S left, the tick each fell, damage dealt."""
    return summary_canvas(result, lang, names).png()


def summary_canvas(result: BattleResult, lang: str, names: Sequence[str] | None = None) -> Canvas:
    """:func:`battle_summary` as a canvas (the title's result screen puts the revealed designs under it)."""
    columns = [(_w("rank", lang), 0), (_w("player", lang), 48), (_w("wonder", lang), 170), ("S / A / D / F", 300),
               (_w("left", lang), 450), (_w("fell", lang), 560), (_w("dealt", lang), 650)]
    width = 740 + 2 * MARGIN_DEFAULT

    def draw(cv: Canvas) -> float:
        m = MARGIN_DEFAULT
        cv.text((m, m + 12), _w("summary", lang), 22, bold=True)
        cv.text((m, m + 44), _w("wins", lang, name=seat_label(result.winner, lang, names)) + " · "
                + _w("ticks", lang, n=result.ticks), 14, fill=pal.ACCENT)
        y = m + 78
        if result.timed_out:
            cv.text((m, y), _w("capped", lang), 12, fill=pal.MUTED)
            y += 24
        for title, dx in columns:
            cv.text((m + dx, y), title, 12, bold=True, fill=pal.MUTED)
        y += 22
        for rank, seat in enumerate(result.ranking, 1):
            w = result.wonder(seat)
            if rank == 1:
                cv.panel((m - 8, y - 4, width - m + 8, y + 28), accent=pal.ACCENT, radius=8)
            cv.circle((m + 10, y + 12), 9, fill=seat_colour(seat))
            cv.text((m + 10, y + 12), str(rank), 11, bold=True, fill=pal.on_colour(seat_colour(seat)), anchor="mm")
            cells = [seat_label(seat, lang, names), w.name or "—", f"{w.S} / {w.A} / {w.D} / {w.F}",
                     f"{max(0, result.final_s.get(seat, 0))} / {w.S}",
                     str(result.out_at[seat]) if seat in result.out_at else _w("survived", lang),
                     str(result.damage_dealt.get(seat, 0))]
            for (_, dx), (_, nx), text in zip(columns[1:], [*columns[2:], ("", 740)], cells, strict=True):
                cv.text((m + dx, y + 12), text, 13, bold=rank == 1, max_width=nx - dx - 10)
            y += 36
        return y + m

    return Canvas.fitted(width, lang, draw, scale=DIRECT)


def summary_lines(result: BattleResult, lang: str, names: Sequence[str] | None = None) -> list[str]:
    """The result in words, first place first: who won, then each wonder's place and when it fell."""
    lines = [_w("wins", lang, name=seat_label(result.winner, lang, names)) + " · " + _w("ticks", lang, n=result.ticks)]
    for rank, seat in enumerate(result.ranking, 1):
        w = result.wonder(seat)
        how = _w("fell_at", lang, n=result.out_at[seat]) if seat in result.out_at else _w("stood", lang)
        wonder = _w("with", lang, wonder=w.name) if w.name else ""
        lines.append(_w("line", lang, rank=rank, name=seat_label(seat, lang, names), wonder=wonder, how=how))
    return lines


def game_animation(view: Any, events: Sequence[Any], lang: str,
                   names: Sequence[str] | None = None) -> tuple[bytes, str] | None:
    """A renderer's ``animation`` slot for the whole game (:func:`render.move_animation`): the battle's replay after
    the move that fought it (an event ``megarich.battle``), drawn from the view's public record (the view as a
    struct, or as the JSON builtins the drawing processes receive); ``None`` after any other move."""
    if not any(getattr(e, "kind", None) == "megarich.battle" for e in events):
        return None
    data = msgspec.to_builtins(view)
    fought = data.get("battle") if isinstance(data, dict) else None
    replay = fought.get("replay") if isinstance(fought, dict) else None
    if replay is None:
        return None
    return battle_animation(msgspec.convert(replay, Replay).result(), lang, names)
