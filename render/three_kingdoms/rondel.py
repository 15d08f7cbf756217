"""Three Kingdoms' rondel (the printed spaces pasted, then the 韬 and 略 pointers) and the 称霸/称王/称帝 ladder."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from games.three_kingdoms.content import (
    content,
)
from games.three_kingdoms.text import card_name
from games.three_kingdoms.view import TierView, TKView

from .. import palette as pal
from ..kit import Canvas
from ..static_layer import Layer, draw_layer, paste_layer
from .common import (
    ACTION_COLOURS,
    DECK_COLOURS,
    LUE,
    RONDEL_R,
    TAO,
    _crown,
    _disc_row,
    _pointer_badge,
    _seal,
    _tier,
    _w,
    _word,
    _zh,
)

# ------------------------------------------------------------------------------------------------
# The rondel and the ladder


def _angle(space: int) -> float:
    """The middle of rondel space ``space`` in degrees clockwise from 3 o'clock; space 0 at the top."""
    return -90 + space * 360 / 7


_RONDEL_INNER = 54.0


def _rondel_space(cv: Canvas, space: int, action: str, cx: float, cy: float, lang: str) -> None:
    """A rondel space's action name and its number."""
    outer, inner = RONDEL_R, _RONDEL_INNER
    rad = math.radians(_angle(space))
    r = (outer + inner) / 2 + 2
    pos = (cx + r * math.cos(rad), cy + r * math.sin(rad))
    cv.text(pos, _word("action", action, lang), 18 if _zh(lang) else 15.5, fill=(255, 255, 255), bold=True,
            anchor="mm", max_width=(outer - inner) * 1.05)
    cv.text((cx + (outer - 14) * math.cos(rad), cy + (outer - 14) * math.sin(rad)), str(space), 10,
            fill=pal.lighten(ACTION_COLOURS.get(action, pal.PANEL_ALT), 0.45), anchor="mm")


def _rondel_base(cv: Canvas, rondel: Sequence[str], cx: float, cy: float, lang: str) -> None:
    """The rondel's seven action spaces and its hub, without names (drawn over the pointers' bands)."""
    outer, inner = RONDEL_R, _RONDEL_INNER
    half = 180 / 7
    for space, action in enumerate(rondel):
        mid = _angle(space)
        colour = ACTION_COLOURS.get(action, pal.PANEL_ALT)
        cv.wedge((cx, cy), outer, mid - half, mid + half, fill=colour, outline=pal.BACKGROUND, width=2.5,
                 inner_radius=inner)
    cv.circle((cx, cy), inner - 4, fill=pal.PANEL, outline=pal.LINE, width=1.5)
    cv.text((cx, cy - 9), _w("rondel", lang) if _zh(lang) else "韬略", 15, fill=pal.TEXT, bold=True, anchor="mm")
    cv.text((cx, cy + 12), "+ ↻", 14, fill=pal.MUTED, bold=True, anchor="mm")


@lru_cache(maxsize=4)
def _rondel_layer(rondel: tuple[str, ...], cx: float, cy: float, lang: str, scale: int) -> Layer:
    """The rondel's spaces and hub, drawn once per order of actions and language (issue 13 §3)."""
    reach = RONDEL_R + 4
    return draw_layer((cx - reach, cy - reach, cx + reach, cy + reach), lang,
                      lambda cv: _rondel_base(cv, rondel, cx, cy, lang), scale=scale)


def _rondel(cv: Canvas, view: TKView, cx: float, cy: float, lang: str) -> None:
    outer, inner = RONDEL_R, _RONDEL_INNER
    half = 180 / 7
    paste_layer(cv, _rondel_layer(tuple(view.rondel), cx, cy, lang, cv.scale))
    for pointer, at in (("tao", view.tao), ("lue", view.lue)):
        if at < 0:
            continue
        mid = _angle(at)
        colour = TAO if pointer == "tao" else LUE
        ring = outer - 6 if pointer == "tao" else inner + 6
        cv.arc((cx, cy), ring - 4.5, mid - half + 2.5, mid + half - 2.5, width=9, fill=colour)
    for space, action in enumerate(view.rondel):
        _rondel_space(cv, space, action, cx, cy, lang)
    same = view.tao == view.lue and view.tao >= 0
    for pointer, at in (("tao", view.tao), ("lue", view.lue)):
        if at < 0:
            continue
        shift = (-9 if pointer == "tao" else 9) if same else 0
        rad = math.radians(_angle(at) + shift)
        tip = (cx + (outer + 3) * math.cos(rad), cy + (outer + 3) * math.sin(rad))
        base = outer + 20
        normal = rad + math.pi / 2
        left = (cx + base * math.cos(rad) + 8 * math.cos(normal), cy + base * math.sin(rad) + 8 * math.sin(normal))
        right = (cx + base * math.cos(rad) - 8 * math.cos(normal), cy + base * math.sin(rad) - 8 * math.sin(normal))
        colour = TAO if pointer == "tao" else LUE
        cv.polygon([tip, left, right], fill=colour)
        _pointer_badge(cv, (cx + (outer + 32) * math.cos(rad), cy + (outer + 32) * math.sin(rad)), pointer, 15)


def _rondel_block(cv: Canvas, view: TKView, x: float, y: float, w: float, lang: str) -> float:
    """The rondel with its pointers and, below, where each pointer stands in words."""
    reach = RONDEL_R + 50
    if cv.dry:
        return 2 * reach + 8 + 24
    cx, cy = x + w / 2, y + reach
    _rondel(cv, view, cx, cy, lang)
    ly = y + 2 * reach + 8
    lx = x + 4
    for pointer, at in (("tao", view.tao), ("lue", view.lue)):
        name = _word("pointer", pointer, lang)
        text = (_w("pointer_at", lang, pointer=name, action=_word("action", view.rondel[at], lang)) if at >= 0
                else _w("pointer_unset", lang, pointer=name))
        _pointer_badge(cv, (lx + 11, ly + 11), pointer, 11)
        lx += 28 + cv.text((lx + 28, ly + 11), text, 14.5, fill=pal.TEXT, bold=True, max_width=w / 2 - 40) + 18
    cv.text((x + w - 4, ly + 11), _w("clockwise", lang), 12.5, fill=pal.MUTED, anchor="rm")
    return 2 * reach + 8 + 24


def _tier_tile(cv: Canvas, view: TKView, tv: TierView, x: float, y: float, w: float, h: float | None,
               lang: str) -> float:
    """One 称霸/称王/称帝 tile: its condition, who claimed it, specials and the 5-point token left."""
    c = content()
    cond = c.conditions.get(tv.condition)
    colour = DECK_COLOURS.get(tv.tier, (150, 120, 40)) if tv.tier != "di" else (176, 132, 28)
    if h is not None:
        cv.panel((x, y, x + w, y + h), radius=12)
        cv.box((x, y, x + w, y + 34), fill=colour, radius=12)
        cv.box((x, y + 20, x + w, y + 34), fill=colour, radius=0)
    cv.text((x + 10, y + 17), _tier(tv.tier, lang), 17, fill=(255, 255, 255), bold=True, max_width=w - 20)
    ty = y + 44
    metric = _word("metric", cond.metric, lang) if cond else tv.condition
    lines = cv.wrap(metric, 13, w - 20, max_lines=2)
    for line in lines:
        cv.text((x + 10, ty + 8), line, 13, fill=pal.MUTED, source=metric)
        ty += 17
    cv.text((x + 10, ty + 16), f"≥ {tv.threshold}", 26, fill=pal.TEXT, bold=True)
    ty += 40
    cv.text((x + 10, ty + 8), _w("claimed", lang), 12, fill=pal.MUTED, bold=True)
    ty += 18
    if tv.claimed:
        _disc_row(cv, x + 10, ty + 11, tv.claimed, 11)
    else:
        cv.text((x + 10, ty + 11), _w("nobody", lang), 13, fill=pal.MUTED)
    ty += 30
    if tv.tier in ("ba", "wang"):
        cv.text((x + 10, ty + 8), _w("specials", lang), 12, fill=pal.MUTED, bold=True)
        ty += 18
        if tv.specials:
            for card in tv.specials:
                cv.box((x + 10, ty + 3, x + 16, ty + 15), fill=DECK_COLOURS.get(tv.tier, pal.MUTED), radius=2)
                cv.text((x + 22, ty + 9), card_name(card, lang), 13.5, fill=pal.TEXT, max_width=w - 32)
                ty += 19
        else:
            cv.text((x + 10, ty + 9), _w("none_left", lang), 13, fill=pal.MUTED)
            ty += 19
        ty += 6
        if tv.five:
            cv.vp((x + 10, ty), 24, 5)
            cv.text((x + 40, ty + 12), _w("five", lang), 13, fill=pal.TEXT, max_width=w - 50)
        else:
            cv.circle((x + 22, ty + 12), 11, outline=pal.LINE, width=1.5)
            cv.text((x + 40, ty + 12), _w("five_gone", lang), 13, fill=pal.MUTED, max_width=w - 50)
        ty += 30
    else:
        for i in range(view.crowns):
            _crown(cv, (x + 20 + i * 26, ty + 10), 20)
        cv.text((x + 10, ty + 32), _w("crowns", lang, n=view.crowns), 13, fill=pal.TEXT)
        ty += 48
        for i in range(view.seals):
            _seal(cv, (x + 18 + i * 22, ty + 8), 17)
        cv.text((x + 10, ty + 30), _w("seals", lang, n=view.seals), 13, fill=pal.TEXT)
        ty += 44
        usurp = cond is None or cond.usurp
        cv.text((x + 10, ty + 8), _w("usurp_ok" if usurp else "no_usurp", lang), 12.5,
                fill=pal.MUTED if usurp else pal.BAD, max_width=w - 20)
        ty += 22
    return ty - y + 6


def _ladder(cv: Canvas, view: TKView, x: float, y: float, w: float, lang: str) -> float:
    gap = 10
    tw = (w - gap * (len(view.ladder) - 1)) / max(1, len(view.ladder))
    dry = cv.measuring(tw)
    h = max((_tier_tile(dry, view, tv, 0, 0, tw, None, lang) for tv in view.ladder), default=0)
    if cv.dry:                      # measuring the board: the height is known
        return h
    for i, tv in enumerate(view.ladder):
        _tier_tile(cv, view, tv, x + i * (tw + gap), y, tw, h, lang)
    return h
