"""Three Kingdoms' private panel: one seat's lord board, hand and what it may do, from its own view."""

from __future__ import annotations

from collections.abc import Sequence

from games.three_kingdoms import GAME
from games.three_kingdoms.content import (
    ROW_ACTION,
    ROW_GAINS,
    ROW_PAYS,
    ROWS,
    SPECIAL_FOR,
    SPECIALS,
    Talent,
    content,
)
from games.three_kingdoms.game import META
from games.three_kingdoms.text import effect_text, gains_text, move_steps
from games.three_kingdoms.view import SeatView, TKView

from .. import palette as pal
from ..cards import card_frame
from ..kit import DIRECT, Canvas
from ..palette import RGB
from .board import _player_panel
from .common import (
    GOLD,
    INK,
    INK_MUTED,
    MARGIN,
    PRIVATE_W,
    _deck_colour,
    _names,
    _tier,
    _w,
    _word,
    prompt_text,
    seat_colour,
)

# ------------------------------------------------------------------------------------------------
# Private


def _hand_card(cv: Canvas, card: str, x: float, y: float, w: float, h: float | None, lang: str) -> float:
    """A talent card in full: name and points in the band, cost, rondel options, every effect."""
    talent = content().talents[card]
    colour = _deck_colour(card)
    badge = 30.0
    frame = card_frame(cv, (x, y, x + w, y + (h or 400)), colour, talent.name(lang),
                       subtitle=_w("sep", lang).join(x for x in (_w("card_cost", lang, n=talent.cost),
                                                                 _deck_tag(talent, lang)) if x), title_size=17,
                       max_title_lines=2, badge=lambda bx, by: cv.vp((bx, by), badge, talent.points),
                       badge_size=badge)
    frame_x0, frame_w, body_y = frame.x0, frame.x1 - frame.x0, frame.y0
    ty = body_y + 8
    for i, move in enumerate(talent.moves):
        label = _w("option", lang, n=i + 1)
        lw = cv.text((frame_x0, ty + 10), label, 12.5, fill=INK_MUTED, bold=True)
        cv.text((frame_x0 + lw + 8, ty + 10), move_steps(move, lang), 15, fill=INK, bold=True)
        ty += 22
    ty += 4
    effects = [effect_text(GAME, e, lang) for e in talent.effects] or [_w("no_effect", lang)]
    for text in effects:
        ty += cv.paragraph((frame_x0, ty), text, 13.5, frame_w, fill=INK if talent.effects else INK_MUTED,
                           line_height=18) + 4
    return ty - y + 8


def _deck_tag(talent: Talent, lang: str) -> str:
    c = content()
    if talent.deck in c.regions:
        return c.regions[talent.deck].name(lang)
    if talent.deck in ("ba", "wang"):
        return _tier(talent.deck, lang)
    return ""


def _lord_board(cv: Canvas, s: SeatView, x: float, y: float, w: float, lang: str) -> float:
    """The lord board's building rows: each slot's cost and conversion, built slots in the seat colour."""
    c = content()
    lord = c.lords.get(s.lord)
    if lord is None:
        return 0
    colour = seat_colour(s.seat)
    cv.text((x, y + 12), _w("lord_board", lang) + _w("colon", lang) + lord.name(lang), 18, bold=True)
    y0 = y
    y += 32
    label_w = 250.0
    slot_w = (w - label_w - 2 * 10) / 3
    for row in ROWS:
        built = s.built.get(row, 0)
        kind = _word("kind", row, lang)
        after = _w("row_after", lang, action=_word("action", ROW_ACTION[row], lang),
                   pay=_word("res", ROW_PAYS[row], lang), gain=_word("res", ROW_GAINS[row], lang))
        cv.text((x, y + 16), kind, 16, bold=True, max_width=label_w - 10)
        cv.text((x, y + 38), after, 12.5, fill=pal.MUTED, max_width=label_w - 10)
        for i, slot in enumerate(lord.row(row)):
            sx = x + label_w + i * (slot_w + 10)
            done = i < built
            cv.box((sx, y, sx + slot_w, y + 52), fill=pal.mix(pal.PANEL_ALT, colour, 0.45) if done else pal.PANEL_ALT,
                   outline=colour if done else pal.LINE, radius=8, width=2 if done else 1)
            pay = gains_text(GAME, {ROW_PAYS[row]: slot.pay}, lang)
            conv = f"{pay} → {gains_text(GAME, {ROW_GAINS[row]: slot.gain}, lang)}"
            cv.text((sx + 10, y + 16), _w("slot_cost", lang, n=slot.cost), 14, bold=True,
                    fill=pal.TEXT if not done else (255, 255, 255))
            if done:
                cv.text((sx + slot_w - 10, y + 16), "✓ " + _w("built", lang), 12.5, bold=True, fill=(255, 255, 255),
                        anchor="rm")
            cv.text((sx + 10, y + 38), conv, 14, fill=pal.TEXT, max_width=slot_w - 20)
        y += 62
    cv.text((x, y + 16), _word("kind", "special", lang), 16, bold=True, max_width=label_w - 10)
    for i, kind in enumerate(SPECIALS):
        sx = x + label_w + i * (slot_w + 10)
        done = s.built.get(kind, 0) > 0
        cv.box((sx, y, sx + slot_w, y + 52), fill=pal.mix(pal.PANEL_ALT, colour, 0.45) if done else pal.PANEL_ALT,
               outline=colour if done else pal.LINE, radius=8, width=2 if done else 1)
        cv.text((sx + 10, y + 16), _word("kind", kind, lang), 14, bold=True,
                fill=pal.TEXT if not done else (255, 255, 255), max_width=slot_w - (90 if done else 20))
        if done:
            cv.text((sx + slot_w - 10, y + 16), "✓ " + _w("built", lang), 12.5, bold=True, fill=(255, 255, 255),
                    anchor="rm")
        effect = _w("special_effect", lang, action=_word("action", SPECIAL_FOR[kind], lang))
        cv.text((sx + 10, y + 38), _w("slot_cost", lang, n=lord.special_cost(kind)) + _w("sep", lang) + effect, 13.5,
                fill=pal.TEXT, max_width=slot_w - 20)
    y += 62
    return y - y0


def _notice(cv: Canvas, x: float, y: float, w: float, text: str, colour: RGB, size: float = 16) -> float:
    lines = cv.wrap(text, size, w - 40, bold=True, max_lines=4)
    step = cv.line_height(size)
    h = 18 + step * len(lines)
    cv.box((x, y, x + w, y + h), fill=pal.PANEL_ALT, radius=10)
    cv.box((x, y, x + 6, y + h), fill=colour, radius=3)
    for i, line in enumerate(lines):
        cv.text((x + 20, y + 9 + step * (i + 0.5)), line, size, fill=pal.TEXT, bold=True, source=text)
    return h


def _private_body(cv: Canvas, view: TKView, lang: str, names: Sequence[str], width: float) -> float:
    assert view.viewer is not None
    s = view.seats[view.viewer]
    x0, x1 = MARGIN, width - MARGIN
    w = x1 - x0
    y: float = MARGIN
    # the seat's public board, as on the board, then the private note
    note = _w("private_note", lang)
    cv.text((x0, y + 14), f"{META.name(lang)} · {_w('round', lang, round=view.round)}", 16, fill=pal.MUTED, bold=True)
    nw = cv.measure(note, 13, True) + 24
    cv.pill((x1 - nw, y + 14), note, 13, fill=pal.mix(pal.PANEL_ALT, pal.ACCENT, 0.2), text_fill=pal.ACCENT, height=28,
            pad=12)
    y += 38
    dry = cv.measuring(w)
    h = _player_panel(dry, view, s, 0, 0, w, None, lang, names)
    _player_panel(cv, view, s, x0, y, w, h, lang, names)
    y += h + 12
    ask = view.ask
    if ask is not None and not view.over and ask.seat != s.seat:
        y += _notice(cv, x0, y, w, _w("waiting", lang, name=names[ask.seat]) + _w("colon", lang) +
                     prompt_text(ask, lang, names), pal.MUTED, 15) + 10
    if view.usurp_seals is not None:
        y += _notice(cv, x0, y, w, _w("usurp_offer", lang, n=view.usurp_seals), GOLD, 15) + 10
    # the hand
    hand = s.hand or []
    y += 6
    title = _w("your_hand", lang)
    cv.text((x0, y + 12), title, 19, bold=True)
    cv.pill((x0 + cv.measure(title, 19, True) + 10, y + 12), str(len(hand)), 13, fill=pal.PANEL_ALT,
            text_fill=pal.TEXT, height=22)
    y += 34
    if not hand:
        cv.text((x0, y + 10), _w("empty_hand", lang), 15, fill=pal.MUTED)
        y += 34
    else:
        per_row, gap = 3, 14
        cw = (w - gap * (per_row - 1)) / per_row
        for start in range(0, len(hand), per_row):
            row = hand[start:start + per_row]
            rh = max(_hand_card(dry, card, 0, 0, cw, None, lang) for card in row)
            for i, card in enumerate(row):
                _hand_card(cv, card, x0 + i * (cw + gap), y, cw, rh, lang)
            y += rh + gap
    y += 8
    if s.lord:
        cv.panel((x0, y, x1, y + _lord_board(dry, s, 0, 0, w - 32, lang) + 24))
        y += _lord_board(cv, s, x0 + 16, y + 12, w - 32, lang) + 24
    return y + MARGIN


def private(view: TKView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """One seat's own image: their hand in full, their lord board, and what they may do now."""
    if view.viewer is None or not 0 <= view.viewer < len(view.seats):
        raise ValueError("private() needs a seat's own view (view.viewer is None)")
    shown = _names(names, lang)
    return Canvas.fitted(PRIVATE_W, lang, lambda cv: _private_body(cv, view, lang, shown, PRIVATE_W),
                         scale=DIRECT).png()
