"""Images for It's a Wonderful World: the public board, a player's private hand, the final result.

Drawn from a :class:`~games.wonderful_world.view.WorldView` (what one seat or a spectator may see)
plus the public card and empire data; never from the game state.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games.core import Outcome, Standing
from games.wonderful_world.cards import PRODUCTION_ORDER, CardDesign, PerPoints, designs, empires
from games.wonderful_world.game import CATALOG, META
from games.wonderful_world.view import CardView, EmpireView, SlotView, WorldView

from . import palette as pal
from .cards import CARD_MUTED, CARD_TEXT, card_frame, chip, chip_width
from .kit import DIRECT, MARGIN_DEFAULT, Canvas, Flow, TitleRenderer, board_palette, seat_label
from .palette import RGB
from .result import Cell, Column, ResultScreen, result_png
from .static_layer import Sprites

__all__ = ["RENDERER", "TYPE_COLOUR", "board", "private", "result"]

RESOURCES = tuple(r.value for r in PRODUCTION_ORDER)
TYPES = ("structure", "vehicle", "research", "project", "discovery")
TYPE_COLOUR: dict[str, RGB] = {
    "structure": (150, 156, 166),
    "vehicle": (56, 58, 66),
    "research": (62, 155, 79),
    "project": (222, 172, 40),
    "discovery": (47, 127, 208),
}
ROUNDS = 4
KRYSTALLIUM_RATE = 5

MARGIN = MARGIN_DEFAULT
GAP = 16
BOARD_WIDTH = 1400
CARD_W, CARD_H = 176, 226

# Display words live in a data file next to this module, one table per language.
_WORDS: dict[str, dict[str, str]] = tomllib.loads(
    Path(__file__).with_name("wonderful_world.toml").read_text(encoding="utf-8"))


def _w(key: str, lang: str, **params: Any) -> str:
    table = _WORDS.get(lang, _WORDS["en"])
    text = table.get(key) or _WORDS["en"][key]
    return text.format(**params) if params else text


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _word(key: str, lang: str) -> str:
    """A catalog word (resource, character) in ``lang``, capitalised for display."""
    return _cap(CATALOG.text(f"word.{key}", None, lang))


def _phase(phase: str, lang: str) -> str:
    return _cap(CATALOG.text(f"phase.{phase}", None, lang))


def _design(card: str) -> CardDesign:
    return designs()[card]


def _name(card: str, lang: str) -> str:
    return _design(card).label(lang)


def _empire_name(empire: str, lang: str) -> str:
    found = empires().get(empire)
    return found.label(lang) if found else empire


def _type_colour(card: str) -> RGB:
    return TYPE_COLOUR[_design(card).type.value]


def _sorted_cards(cards: Sequence[CardView]) -> list[CardView]:
    """Cards grouped by type in the game's order, then by name id."""
    return sorted(cards, key=lambda c: (TYPES.index(_design(c.card).type.value), c.card, c.uid))


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def _num(n: int) -> str:
    """A number with a typographic minus."""
    return f"−{-n}" if n < 0 else str(n)


# ------------------------------------------------------------------------------------------------
# Shared pieces


def _per_icon(cv: Canvas, xy: tuple[float, float], per: str, size: float) -> float:
    """The icon for a points/production multiplier target (a card type or a character)."""
    if per in TYPE_COLOUR:
        cv.card_icon((xy[0], xy[1] - size / 2), size, TYPE_COLOUR[per])
    else:
        cv.token((xy[0], xy[1] - size / 2), size, per)
    return size


def _points_per(cv: Canvas, xy: tuple[float, float], pp: PerPoints, size: float, ink: RGB) -> float:
    """``[VP n] × [icon]``; returns the width."""
    x, y = xy
    cv.vp((x, y - size / 2), size, pp.points)
    x += size + 4
    x += cv.text((x, y), "×", size * 0.8, fill=ink) + 4
    x += _per_icon(cv, (x, y), pp.per, size)
    return x - xy[0]


def _section_title(cv: Canvas, x: float, y: float, text: str, count: int | None = None,
                   size: float = 14) -> float:
    """A small uppercase-ish section heading; returns the height used."""
    h = cv.line_height(size) + 4
    w = cv.text((x, y + h / 2), text, size, fill=pal.MUTED, bold=True)
    if count is not None:
        cv.pill((x + w + 8, y + h / 2), str(count), size * 0.8, fill=pal.PANEL_ALT, text_fill=pal.MUTED,
                height=size * 1.3)
    return h


def _slot(cv: Canvas, xy: tuple[float, float], slot: SlotView, lang: str, width: float,
          background: RGB = pal.PANEL) -> float:
    """A card under construction on ``background``: name plus each cost space, paid or empty. Returns the height.

    Its frame and cost icons are drawn once per process and pasted (issue 25 §2: a quarter of a board's
    drawing was slots)."""
    design = _design(slot.card)
    colour = TYPE_COLOUR[design.type.value]
    x, y = xy
    icon = 15
    gap = 3
    spaces: list[tuple[str, bool]] = []     # (what is shown, paid?)
    for key, need in design.cost.items():
        direct = min(slot.paid.get(key, 0), need)
        covered = need - slot.missing.get(key, 0)       # including wild krystallium
        for i in range(need):
            if i < direct:
                spaces.append((key, True))
            elif i < covered:
                spaces.append(("krystallium", True))
            else:
                spaces.append((key, False))
    per_row = max(1, int((width - 22 - 34 + gap) // (icon + gap)))
    rows = (len(spaces) + per_row - 1) // per_row
    done = sum(1 for _, paid in spaces if paid)
    tally = f"{done}/{len(spaces)}"
    tally_w = cv.measure(tally, 12, bold=True)
    name = _name(slot.card, lang)
    lines = cv.wrap(name, 13.5, width - 30 - tally_w, bold=True, max_lines=2)
    step = cv.line_height(13.5) - 1
    h = 9 + step * len(lines) + 5 + rows * (icon + gap) + 6
    _FRAMES.paste(cv, (colour, width, h), (x, y, x + width, y + h),
                  lambda c, fx, fy: _slot_frame(c, fx, fy, width, h, colour), background=background)
    cv.text((x + width - 8 - tally_w, y + 9 + step / 2), tally, 12, fill=pal.GOOD if done else pal.MUTED,
            bold=True)
    for i, line in enumerate(lines):
        cv.text((x + 14, y + 9 + step * i + step / 2), line, 13.5, bold=True, source=name)
    sy = y + 9 + step * len(lines) + 5
    cv.text((x + width - 8, sy + icon / 2), f"#{slot.uid}", 11, fill=pal.MUTED, anchor="rm")
    for i, (key, paid) in enumerate(spaces):
        row, col = divmod(i, per_row)
        cv.thing((x + 14 + col * (icon + gap), sy + row * (icon + gap)), icon, key, hollow=not paid,
                 background=pal.PANEL_ALT)
    return h


def _slot_frame(cv: Canvas, x: float, y: float, width: float, h: float, colour: RGB) -> None:
    cv.box((x, y, x + width, y + h), fill=pal.PANEL_ALT, outline=pal.LINE, radius=8)
    cv.box((x, y, x + 6, y + h), fill=colour, radius=3)


#: Construction slots' frames drawn once and pasted: a few sizes and five colours, 40-60 KB each.
_FRAMES = Sprites(48)


def _chips(cv: Canvas, flow: Flow, cards: Sequence[CardView], lang: str, size: float = 13) -> None:
    for card in _sorted_cards(cards):
        name = _name(card.card, lang)
        w = chip_width(cv, name, size, max_width=flow.width)
        pos = flow.place(round(w), 24)
        chip(cv, pos, name, _type_colour(card.card), size=size, max_width=flow.width)


# ------------------------------------------------------------------------------------------------
# Board


def _header(cv: Canvas, view: WorldView, lang: str, names: Sequence[str] | None, width: float) -> float:
    """Title, round and phase track, deck and discard. Returns the height used.

    On a narrow image the phase track moves to a second row.
    """
    x0: float = MARGIN
    y0: float = MARGIN
    x1 = width - MARGIN
    title = META.names.get(lang) or META.names["en"]
    sub = _w("round", lang, round=view.round, rounds=ROUNDS)
    if view.players == 1:
        sub += " · " + ("Solo" if lang == "en" else "单人")
    left_w = max(cv.measure(title, 26, bold=True), cv.measure(sub, 16)) + 40
    deck_w = 210
    steps = [k for k in ("draft", "planning", "production") if not (k == "draft" and view.players == 1)]
    if view.phase == "over":
        steps.append("over")
    labels = [_phase(k, lang) for k in steps]
    items_w = [cv.measure(label, 15, bold=True) + 28 for label in labels]
    show_cubes = view.phase != "over"
    cubes_w = 5 * 30 if show_cubes else 0
    track_w = sum(items_w) + len(steps) * 22 + cubes_w
    stacked = x0 + 20 + left_w + track_w + 20 + deck_w > x1
    top_h = 118
    h = top_h + (64 if stacked else 0)
    cv.panel((x0, y0, x1, y0 + h), fill=pal.PANEL)
    cv.text((x0 + 20, y0 + 30), title, 26, bold=True)
    cv.text((x0 + 20, y0 + 62), sub, 16, fill=pal.MUTED)

    # Round track.
    rx = x0 + 20
    for r in range(1, ROUNDS + 1):
        is_now = r == view.round
        fill = pal.ACCENT if is_now else (pal.LINE if r < view.round else pal.PANEL_ALT)
        cv.circle((rx + 11, y0 + 94), 11, fill=fill, outline=pal.LINE)
        cv.text((rx + 11, y0 + 94), str(r), 12, fill=pal.TEXT_DARK if is_now else pal.MUTED, bold=True,
                anchor="mm")
        rx += 30

    # Phase track: right-aligned before the deck counts, or on its own row.
    current = view.phase
    if stacked:
        x = x0 + 20
        cy = y0 + top_h + 18
        cv.line([(x0 + 18, y0 + top_h - 6), (x1 - 18, y0 + top_h - 6)], fill=pal.LINE)
    else:
        x = x1 - deck_w - 20 - track_w
        cy = y0 + top_h / 2
    for key, label, iw in zip(steps, labels, items_w, strict=True):
        past = current in steps and steps.index(key) < steps.index(current)
        now = key == current
        fill = pal.ACCENT if now else (pal.PANEL_ALT if not past else pal.mix(pal.PANEL_ALT, pal.GOOD, 0.25))
        cv.pill((x, cy), label, 15, fill=fill, text_fill=pal.TEXT_DARK if now else
                (pal.TEXT if past else pal.MUTED), height=32, pad=14)
        x += iw
        if key != steps[-1]:
            cv.text((x + 11, cy), "›", 20, fill=pal.MUTED, anchor="mm")
        x += 22
    step_index = RESOURCES.index(view.resource) if view.resource in RESOURCES else -1
    for i, res in enumerate(RESOURCES if show_cubes else ()):
        size = 24 if i == step_index else 18
        cx = x + i * 30 + 15
        if i == step_index:
            cv.circle((cx, cy), 16, fill=pal.PANEL_ALT, outline=pal.ACCENT, width=2.5)
        dim = current != "production" or i < step_index
        cv.cube((cx - size / 2, cy - size / 2), size,
                pal.mix(pal.RESOURCE[res], pal.PANEL, 0.55) if dim else pal.RESOURCE[res])
    if view.resource:
        cv.text((x + cubes_w / 2, cy + 30), _word(view.resource, lang), 13, fill=pal.ACCENT, anchor="mm")

    # Deck and discard.
    dx = x1 - deck_w
    dcy = y0 + top_h / 2
    cv.line([(dx - 4, y0 + 18), (dx - 4, y0 + top_h - 18)], fill=pal.LINE)
    for i, (label, count) in enumerate(((_w("deck", lang), view.deck_size),
                                        (_w("discard", lang), view.discard_size))):
        bx = dx + 14 + i * 100
        for k in range(3):
            cv.box((bx + k * 3, dcy - 22 - k * 3, bx + 26 + k * 3, dcy + 14 - k * 3),
                   fill=pal.mix(pal.PANEL_ALT, pal.TEXT, 0.1 + 0.08 * k) if i == 0 else pal.PANEL_ALT,
                   outline=pal.LINE, radius=4)
        cv.text((bx + 40, dcy - 10), str(count), 20, bold=True)
        cv.text((bx + 40, dcy + 14), label, 12, fill=pal.MUTED)
    return h


def _waiting_bar(cv: Canvas, view: WorldView, lang: str, names: Sequence[str] | None, y: float,
                 width: float) -> float:
    h = 40
    x: float = MARGIN + 4
    cy = y + h / 2
    x += cv.text((x, cy), _w("waiting", lang) + _w("colon", lang), 15, fill=pal.MUTED) + 10
    if not view.to_act:
        cv.text((x, cy), _w("nobody", lang), 15, fill=pal.MUTED)
        return h
    for i, seat in enumerate(view.to_act):
        room = width - MARGIN - x - (0 if i == len(view.to_act) - 1 else 40)
        if room < 70:
            cv.text((x, cy), "…", 15, fill=pal.MUTED)
            break
        label = seat_label(seat, lang, names)
        x += cv.pill((x, cy), label, 14, fill=pal.ACCENT, height=28, pad=12, max_width=min(260, room)) + 8
    return h


def _status_row(cv: Canvas, x: float, y: float, empire: EmpireView, lang: str, width: float,
                background: RGB = pal.PANEL) -> float:
    """Production per resource, krystallium progress, tokens, on ``background``. Returns the height."""
    h = 34
    cy = y + h / 2
    icon = 20
    for res in RESOURCES:
        x += cv.counted((x, cy), res, empire.production.get(res, 0), icon, background=background) + 12
    x += 4
    cv.line([(x, y + 6), (x, y + h - 6)], fill=pal.LINE)
    x += 14
    x += cv.counted((x, cy), "krystallium", empire.krystallium, icon, dim_zero=False, background=background) + 8
    # Reserve: cubes on the empire card, five make a krystallium.
    for i in range(KRYSTALLIUM_RATE):
        filled = i < empire.reserve
        cv.box((x + i * 9, cy - 6, x + i * 9 + 7, cy + 6), radius=2,
               fill=pal.lighten(pal.RESOURCE["krystallium"], 0.15) if filled else pal.PANEL_ALT,
               outline=None if filled else pal.LINE)
    x += KRYSTALLIUM_RATE * 9 + 14
    cv.line([(x, y + 6), (x, y + h - 6)], fill=pal.LINE)
    x += 14
    x += cv.counted((x, cy), "financier", empire.financier, icon, dim_zero=False, background=background) + 10
    cv.counted((x, cy), "general", empire.general, icon, dim_zero=False, background=background)
    return h


def _score_line(cv: Canvas, x: float, y: float, score: dict[str, int], lang: str) -> float:
    h = 22
    parts = [(_w(k, lang), score.get(k, 0)) for k in ("cards", "multipliers", "empire", "unfinished")]
    cy = y + h / 2
    for i, (label, value) in enumerate(parts):
        if i:
            x += cv.text((x, cy), "·", 13, fill=pal.LINE) + 8
        x += cv.text((x, cy), label, 13, fill=pal.MUTED) + 5
        colour = pal.BAD if value < 0 else pal.TEXT
        x += cv.text((x, cy), _signed(value) if i else str(value), 13, fill=colour, bold=True) + 8
    return h


def _empire_bonus(cv: Canvas, x: float, cy: float, empire: str, side: str, lang: str) -> float:
    found = empires().get(empire)
    pp = getattr(found, side).points_per if found else None
    if pp is None:
        return 0
    w = cv.text((x, cy), _w("empire_bonus", lang), 12, fill=pal.MUTED) + 6
    return w + _points_per(cv, (x + w, cy), pp, 18, pal.MUTED)


def _empire_panel(cv: Canvas, x: float, y: float, w: float, height: float | None, view: WorldView,
                  empire: EmpireView, lang: str, names: Sequence[str] | None) -> float:
    """One player's tableau. With ``height`` the panel background is drawn that tall."""
    acting = empire.seat in view.to_act
    if height is not None:
        cv.panel((x, y, x + w, y + height), fill=pal.PANEL, accent=pal.ACCENT if acting else None)
    pad = 18
    ix, iw = x + pad, w - 2 * pad
    cy = y + pad + 16

    # Name row: name, empire, to-act pill; score at the right.
    score = empire.score.get("total", 0)
    score_w = cv.measure(_num(score), 30, bold=True)
    vp_w = cv.measure(_w("vp", lang), 13)
    right = ix + iw - score_w - vp_w - 8
    cv.text((right, cy + 2), _num(score), 30, bold=True)
    cv.text((right + score_w + 5, cy + 8), _w("vp", lang), 13, fill=pal.MUTED)
    nx = ix
    name = seat_label(empire.seat, lang, names)
    nx += cv.text((nx, cy), name, 21, bold=True, max_width=iw * 0.45) + 10
    if empire.seat == view.viewer:
        nx += cv.pill((nx, cy), _w("you", lang), 12, fill=pal.PANEL_ALT, text_fill=pal.TEXT, height=22, pad=9) + 8
    if acting:
        label = _w("to_act", lang)
        if view.phase == "draft":
            label = _w("choosing", lang)
        nx += cv.pill((nx, cy), label, 12, fill=pal.ACCENT, height=22, pad=9) + 8
    elif view.phase == "draft" and empire.has_picked:
        nx += cv.pill((nx, cy), "✓ " + _w("picked", lang), 12, fill=pal.mix(pal.PANEL_ALT, pal.GOOD, 0.35),
                      text_fill=pal.TEXT, height=22, pad=9) + 8
    elif view.phase in ("planning", "production"):
        nx += cv.pill((nx, cy), "✓ " + _w("done", lang), 12, fill=pal.PANEL_ALT, text_fill=pal.MUTED,
                      height=22, pad=9) + 8
    cy += 26
    empire_name = _empire_name(empire.empire, lang)
    ew = cv.text((ix, cy), empire_name, 14, fill=pal.MUTED, max_width=iw * 0.5)
    _empire_bonus(cv, ix + ew + 14, cy, empire.empire, view.side, lang)
    cy += 14

    cy += _status_row(cv, ix, cy, empire, lang, iw) + 2
    cy += _score_line(cv, ix, cy, empire.score, lang)

    # Notices: cubes waiting to be placed, a character to choose, cards in hand.
    notes: list[str] = []
    if empire.choose_character:
        notes.append(_w("character_choice", lang))
    if view.phase == "draft" and empire.hand_size:
        notes.append(_w("hand", lang, n=empire.hand_size))
    pool = {k: v for k, v in empire.pool.items() if v}
    if pool or notes:
        cy += 6
        nh = 30
        ncy = cy + nh / 2
        nx = ix
        cv.box((ix - 6, cy, ix + iw + 6, cy + nh), fill=pal.PANEL_ALT, radius=8)
        if pool:
            nx += cv.text((nx + 4, ncy), _w("unplaced", lang), 13, fill=pal.ACCENT) + 14
            for key in (*RESOURCES, "krystallium"):
                if pool.get(key):
                    nx += cv.counted((nx, ncy), key, pool[key], 17, background=pal.PANEL_ALT) + 10
        for note in notes:
            nx += cv.text((nx + 4, ncy), note, 13, fill=pal.ACCENT if "choice" in note else pal.MUTED) + 18
        cy += nh

    # Built cards, grouped by type.
    cy += 12
    counts = Counter(_design(c.card).type.value for c in empire.built)
    head = _section_title(cv, ix, cy, _w("built", lang), len(empire.built))
    tx = ix + iw
    for t in reversed(TYPES):
        if counts[t]:
            label = str(counts[t])
            tw = cv.measure(label, 13, bold=True)
            tx -= tw
            cv.text((tx, cy + head / 2), label, 13, bold=True, fill=pal.MUTED)
            tx -= 18
            cv.card_icon((tx, cy + head / 2 - 8), 16, TYPE_COLOUR[t])
            tx -= 10
    cy += head + 2
    if empire.built:
        flow = Flow(round(ix), round(cy), round(iw), gap_x=6, gap_y=6)
        _chips(cv, flow, empire.built, lang)
        cy = flow.bottom
    else:
        cv.text((ix, cy + 10), _w("no_cards", lang), 13, fill=pal.LINE)
        cy += 20

    # Construction area.
    if empire.construction:
        cy += 12
        cy += _section_title(cv, ix, cy, _w("construction", lang), len(empire.construction)) + 2
        cols = 3 if iw > 560 else 2
        sw = (iw - (cols - 1) * 8) / cols
        row_h = 0.0
        for i, slot in enumerate(empire.construction):
            col = i % cols
            if col == 0 and i:
                cy += row_h + 8
                row_h = 0
            row_h = max(row_h, _slot(cv, (ix + col * (sw + 8), cy), slot, lang, sw))
        cy += row_h

    # Drafted cards (public once revealed).
    if empire.drafted:
        cy += 12
        cy += _section_title(cv, ix, cy, _w("drafted", lang), len(empire.drafted)) + 2
        flow = Flow(round(ix), round(cy), round(iw), gap_x=6, gap_y=6)
        _chips(cv, flow, empire.drafted, lang)
        cy = flow.bottom
    return cy + pad - y


def _legend(cv: Canvas, y: float, width: float, lang: str) -> float:
    """Icon legend along the bottom (wraps on narrow images); returns the height used."""
    flow = Flow(MARGIN + 4, round(y), round(width - 2 * MARGIN - 8), gap_x=14, gap_y=6)
    items: list[tuple[str, str]] = [(k, _word(k, lang)) for k in (*RESOURCES, "krystallium", "financier",
                                                                     "general")]
    items += [(t, _w(t, lang)) for t in TYPES]
    for key, label in items:
        w = 21 + cv.measure(label, 12)
        x, top = flow.place(round(w), 22)
        cy = top + 11
        if key in TYPE_COLOUR:
            cv.card_icon((x, cy - 8), 16, TYPE_COLOUR[key])
        else:
            cv.thing((x, cy - 8), 16, key, background=cv.background)
        cv.text((x + 21, cy), label, 12, fill=pal.MUTED)
    return flow.bottom - y


def board(view: WorldView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The public table as a PNG: every empire, the round and phase, who must act, deck counts.

    Draws only what ``view`` shows; hands are never drawn, even in a seat's own view.
    """
    return _board_canvas(view, lang, names).png(board_palette("wonderful-world"))


def _board_canvas(view: WorldView, lang: str, names: Sequence[str] | None) -> Canvas:
    players = len(view.empires)
    cols = 1 if players == 1 else 2
    width = 900 if cols == 1 else BOARD_WIDTH
    pw = (width - 2 * MARGIN - (cols - 1) * GAP) / cols
    dry = Canvas(width, 1, lang, dry=True, scale=DIRECT)
    heights = [_empire_panel(dry, 0, 0, pw, None, view, e, lang, names) for e in view.empires]
    rows = [heights[i:i + cols] for i in range(0, players, cols)]
    row_heights = [max(r) for r in rows]
    top = MARGIN + _header(dry, view, lang, names, width) + 4
    top += _waiting_bar(dry, view, lang, names, top, width) + 8
    legend_y = top + sum(row_heights) + GAP * (len(rows) - 1) + 12
    total = legend_y + _legend(dry, legend_y, width, lang) + MARGIN
    cv = Canvas(width, round(total), lang, scale=DIRECT)
    y = MARGIN + _header(cv, view, lang, names, width) + 4
    y += _waiting_bar(cv, view, lang, names, y, width) + 8
    for r, row_h in enumerate(row_heights):
        for c in range(cols):
            i = r * cols + c
            if i >= players:
                break
            _empire_panel(cv, MARGIN + c * (pw + GAP), y, pw, row_h, view, view.empires[i], lang, names)
        y += row_h + GAP
    _legend(cv, y - GAP + 12, width, lang)
    return cv


# ------------------------------------------------------------------------------------------------
# Card faces (private image)


def face_sections(design: Any) -> list[tuple[str, float]]:
    """The sections of a card face between its title band and its cost strip, with their full
    heights: production, bonus, points."""
    sections: list[tuple[str, float]] = []
    if design.production or design.production_per:
        sections.append(("produces", 20))
    if design.bonus:
        sections.append(("bonus", 20))
    if design.points or design.points_per:
        sections.append(("points", 24 if design.points_per else 30))
    return sections


def section_scale(sections: Sequence[tuple[str, float]], room: float) -> tuple[float, float]:
    """How much the sections shrink to fit ``room`` above the cost strip (1: not at all), and the
    height they then take: a long title leaves less room, and the points must never slip under
    the cost strip (issue 10 §7)."""
    full = sum(15 + h + 8 for _, h in sections) - (8 if sections else 0)
    scale = min(1.0, max(0.5, (room - 8) / full)) if full else 1.0
    return scale, full * scale


def card_face(cv: Canvas, xy: tuple[float, float], card: str, lang: str, *, uid: int | None = None,
              highlight: RGB | None = None, w: float = CARD_W, h: float = CARD_H) -> None:
    """A full card face: name, type, points, production, bonus, end scoring, cost and recycling.

    ``uid`` (the number moves use: ``pick 37``) is printed in the title band.
    """
    design = _design(card)
    colour = TYPE_COLOUR[design.type.value]
    x, y = xy
    frame = card_frame(cv, (x, y, x + w, y + h), colour, design.label(lang), subtitle=_w(design.type.value, lang),
                       tag=f"#{uid}" if uid is not None else None, highlight=highlight)
    ix = frame.x0
    strip_h = 44
    sections = face_sections(design)
    room = frame.y1 - strip_h - frame.y0
    scale, content = section_scale(sections, room)
    icon = 20 * scale
    label_size = 11 * min(1.0, scale + 0.15)
    cy = frame.y0 + max(8.0 * scale, (room - content) / 2)
    for key, full in sections:
        hh = full * scale
        cv.text((ix, cy + 6 * scale), _w(key, lang).upper() if lang == "en" else _w(key, lang), label_size,
                fill=CARD_MUTED, bold=True)
        cy += 15 * scale
        mid = cy + hh / 2
        x0 = ix
        if key == "produces":
            for res in RESOURCES:
                if design.production.get(res):
                    x0 += cv.counted((x0, mid), res, design.production[res], icon, fill=CARD_TEXT) + 8
            if design.production_per:
                pp = design.production_per
                cv.cube((x0, cy), icon, pal.RESOURCE[pp.resource.value])
                x0 += icon + 4
                x0 += cv.text((x0, mid), "×", 14, fill=CARD_TEXT) + 4
                _per_icon(cv, (x0, mid), pp.per.value, icon)
        elif key == "bonus":
            for bonus in ("krystallium", "financier", "general"):
                if design.bonus.get(bonus):
                    x0 += cv.counted((x0, mid), bonus, f"+{design.bonus[bonus]}", icon, fill=CARD_TEXT) + 8
        else:
            if design.points:
                cv.vp((x0, mid - hh / 2), hh, design.points)
                x0 += hh + 6
                if design.points_per:
                    x0 += cv.text((x0, mid), "+", 16, fill=CARD_TEXT, bold=True) + 6
            if design.points_per:
                _points_per(cv, (x0, mid), design.points_per, hh, CARD_TEXT)
        cy += hh + 8 * scale

    # Cost strip along the bottom, recycling bonus at the right.
    sy = frame.y1 - strip_h + 4
    cv.box((x + 5, sy, x + w - 5, y + h - 5), fill=pal.mix(pal.TEXT_DARK, (246, 243, 235), 0.88), radius=8)
    cv.text((ix + 2, sy + 10), _w("cost", lang).upper() if lang == "en" else _w("cost", lang), label_size,
            fill=CARD_MUTED, bold=True)
    rx = x + w - 9 - 38
    cv.line([(rx - 6, sy + 6), (rx - 6, y + h - 11)], fill=pal.mix(CARD_MUTED, (246, 243, 235), 0.6))
    cv.recycle((rx, sy + 4), 16, CARD_MUTED)
    cv.cube((rx + 18, sy + 5), 15, pal.RESOURCE[design.recycle.value])
    cv.text((rx + 19, sy + 30), _w("recycle", lang), 9, fill=CARD_MUTED, anchor="mm")
    x0 = ix + 2
    small = 14
    for key, need in design.cost.items():
        if x0 + small * 2 > rx - 8:
            break
        x0 += cv.counted((x0, sy + 27), key, need, small, fill=CARD_TEXT) + 5


def _card_row(cv: Canvas, x: float, y: float, width: float, cards: Sequence[tuple[CardView, RGB | None]],
              lang: str) -> float:
    """Card faces in rows; returns the height used."""
    if not cards:
        return 0.0
    per_row = max(1, int((width + 14) // (CARD_W + 14)))
    rows = (len(cards) + per_row - 1) // per_row
    for i, (card, highlight) in enumerate(cards):
        row, col = divmod(i, per_row)
        card_face(cv, (x + col * (CARD_W + 14), y + row * (CARD_H + 16)), card.card, lang, uid=card.uid,
                  highlight=highlight)
    return rows * (CARD_H + 16) - 16


def private(view: WorldView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """One player's private image: their hand, their face-down pick and drafted cards, as card faces.

    ``view`` must be that seat's own view (``view.viewer`` set); it is an error otherwise.
    """
    return _private_canvas(view, lang, names).png()


def _private_body(cv: Canvas, view: WorldView, empire: EmpireView, lang: str, names: Sequence[str] | None,
                  width: float) -> float:
    x0, x1 = MARGIN, width - MARGIN
    y: float = MARGIN
    h = 84
    cv.panel((x0, y, x1, y + h))
    cv.text((x0 + 20, y + 28), seat_label(empire.seat, lang, names), 24, bold=True, max_width=(x1 - x0) * 0.5)
    sub = f"{_empire_name(empire.empire, lang)} · {_w('round', lang, round=view.round, rounds=ROUNDS)} · " \
          f"{_phase(view.phase, lang)}"
    if view.resource:
        sub += f" · {_word(view.resource, lang)}"
    cv.text((x0 + 20, y + 60), sub, 15, fill=pal.MUTED, max_width=(x1 - x0) * 0.6)
    note = _w("private_note", lang)
    nw = cv.measure(note, 13, bold=True) + 24
    cv.pill((x1 - 20 - nw, y + 28), note, 13, fill=pal.mix(pal.PANEL_ALT, pal.ACCENT, 0.2),
            text_fill=pal.ACCENT, height=28, pad=12)
    score = empire.score.get("total", 0)
    st = f"{_num(score)} {_w('vp', lang)}"
    cv.text((x1 - 20 - cv.measure(st, 18, bold=True), y + 60), st, 18, bold=True)
    y += h + 12
    _status_row(cv, x0 + 8, y, empire, lang, x1 - x0, cv.background)
    y += 34 + 10

    inner = x1 - x0
    hand = empire.hand or []
    sections: list[tuple[str, list[tuple[CardView, RGB | None]]]] = []
    if empire.picked is not None:
        sections.append((_w("your_pick", lang), [(empire.picked, pal.ACCENT)]))
    if hand or view.phase == "draft":
        sections.append((_w("your_hand", lang), [(c, None) for c in _sorted_cards(hand)]))
    if empire.drafted:
        sections.append((_w("your_drafted", lang), [(c, None) for c in _sorted_cards(empire.drafted)]))
    for title, cards in sections:
        y += _section_title(cv, x0 + 4, y, title, len(cards), size=16) + 8
        if cards:
            y += _card_row(cv, x0 + 6, y, inner - 12, cards, lang) + 22
        else:
            cv.text((x0 + 4, y + 10), _w("no_cards", lang), 14, fill=pal.MUTED)
            y += 30
    if empire.construction:
        y += _section_title(cv, x0 + 4, y, _w("your_construction", lang), len(empire.construction), size=16) + 6
        cols = 4
        sw = (inner - 12 - (cols - 1) * 10) / cols
        row_h = 0.0
        for i, slot in enumerate(empire.construction):
            col = i % cols
            if col == 0 and i:
                y += row_h + 10
                row_h = 0
            row_h = max(row_h, _slot(cv, (x0 + 6 + col * (sw + 10), y), slot, lang, sw, cv.background))
        y += row_h + 16
    return y + MARGIN - 16


def _private_canvas(view: WorldView, lang: str, names: Sequence[str] | None) -> Canvas:
    if view.viewer is None or not 0 <= view.viewer < len(view.empires):
        raise ValueError("private() needs a seat's own view (view.viewer is None)")
    empire = view.empires[view.viewer]
    width = BOARD_WIDTH
    return Canvas.fitted(width, lang, lambda cv: _private_body(cv, view, empire, lang, names, width), scale=DIRECT)


# ------------------------------------------------------------------------------------------------
# Result


_COLUMNS = (("cards", 110), ("multipliers", 120), ("empire", 100), ("unfinished", 110), ("total", 110),
            ("built_cards", 130), ("leftover", 130))


def result(outcome: Outcome, view: WorldView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The final ranking: each player's score broken down, tie-break counts and notes."""
    return result_png(result_screen(outcome, view, lang, names), outcome, lang)


def result_screen(outcome: Outcome, view: WorldView, lang: str, names: Sequence[str] | None) -> ResultScreen:
    """It's a Wonderful World's result screen (:mod:`render.result`): the score's parts, the total, then the two
    tie-break counts (in bold where scores tie); under each name the empire and the cards built by type."""
    winners = [seat_label(s, lang, names) for s in outcome.winners]
    banner = _w("winners" if len(winners) > 1 else "winner", lang) + _w("colon", lang) + \
        _w("comma", lang).join(winners) if winners else ""
    by_seat = {e.seat: e for e in view.empires}
    tie_scores = {s.score for s in outcome.standings
                  if sum(1 for t in outcome.standings if t.score == s.score) > 1}

    def player(cv: Canvas, standing: Standing, x: float, y: float, w: float, h: float) -> None:
        cv.text((x, y + 27), seat_label(standing.seat, lang, names), 20, bold=True, max_width=w - 12)
        empire = by_seat.get(standing.seat)
        if empire is None:
            return
        cv.text((x, y + 52), _empire_name(empire.empire, lang), 13, fill=pal.MUTED, max_width=w - 12)
        counts = Counter(_design(c.card).type.value for c in empire.built)
        tx: float = x
        for t in TYPES:
            if counts[t]:
                cv.card_icon((tx, y + 66), 15, TYPE_COLOUR[t])
                tx += 17 + cv.text((tx + 17, y + 74), str(counts[t]), 12, fill=pal.MUTED) + 9

    def cells(standing: Standing) -> list[Cell]:
        b = standing.breakdown
        unfinished = b.get("unfinished", 0)
        tie = standing.score in tie_scores
        tb = [*standing.tiebreak, 0, 0]
        return [Cell(_num(b.get("cards", 0))), Cell(_signed(b.get("multipliers", 0))),
                Cell(_signed(b.get("empire", 0))), Cell(_signed(unfinished), pal.BAD if unfinished < 0 else pal.TEXT),
                Cell(_num(standing.score), pal.ACCENT if standing.rank == 1 else pal.TEXT, 26, bold=True),
                *(Cell(str(n), pal.TEXT if tie else pal.MUTED, bold=tie) for n in tb[:2])]

    return ResultScreen(
        title=_w("results", lang), subtitle=META.names.get(lang) or META.names["en"],
        player=player, cells=cells, columns=[Column(_w(key, lang), w) for key, w in _COLUMNS],
        banner=banner, row_h=96, medal_r=24, notes_title=_w("tiebreaks", lang),
        notes=[CATALOG.text(key, params, lang) for key, params in outcome.reasons])


#: The renderer registered for ``wonderful-world``.
RENDERER = TitleRenderer("wonderful-world", board, private, result)
