"""The Landlord's Game result: the ranking by assets, broken down, and why the game ended."""

from __future__ import annotations

from collections.abc import Sequence

from games.core import Outcome
from games.landlords.board import card_label
from games.landlords.game import META
from games.landlords.view import LandlordsView

from .. import palette as pal
from ..kit import DIRECT, Canvas, seat_label
from ..palette import RGB
from .common import MARGIN, PARK, _money, _pawn, _signed, _t, _w

# ------------------------------------------------------------------------------------------------
# Result

_MEDAL: dict[int, RGB] = {1: (230, 182, 60), 2: (190, 196, 206), 3: (198, 128, 74)}
_COLUMNS = ("cash", "lots", "improvements", "franchises", "idle", "loans")


def result(outcome: Outcome, view: LandlordsView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The final ranking: each player's assets broken down, and why the game ended."""
    width = 1240
    return Canvas.fitted(width, lang, lambda cv: _result_body(cv, outcome, view, lang, names, width),
                         scale=DIRECT).png()


def _result_body(cv: Canvas, outcome: Outcome, view: LandlordsView, lang: str, names: Sequence[str] | None,
                 width: float) -> float:
    x0, x1 = MARGIN, width - MARGIN
    y: float = MARGIN
    title = META.names.get(lang) or META.names["en"]
    cv.text((x0 + 4, y + 20), _w("results", lang), 30, bold=True)
    cv.text((x0 + 4, y + 54), title, 16, fill=pal.MUTED)
    everybody = view.ended == "prosperity"
    winners = [seat_label(s, lang, names) for s in outcome.winners]
    if everybody:
        text = _w("everybody", lang)
    elif winners:
        text = _w("winners" if len(winners) > 1 else "winner", lang) + _w("colon", lang) + \
            _w("comma", lang).join(winners)
    else:
        text = ""
    if text:
        tw = min(cv.measure(text, 18, bold=True) + 36, (x1 - x0) * 0.55)
        cv.pill((x1 - tw, y + 30), text, 18, fill=PARK if everybody else _MEDAL[1], height=40, pad=18,
                max_width=tw)
    y += 80
    reason = outcome.reasons[0] if outcome.reasons else None
    if reason is not None:
        y += cv.paragraph((x0 + 4, y), _t(reason[0], dict(reason[1]), lang, names), 16, x1 - x0 - 8,
                          fill=pal.TEXT, bold=True) + 10

    col_w = 118
    name_w = x1 - x0 - 90 - col_w * (len(_COLUMNS) + 1)
    hx = x0 + 90 + name_w
    for key in (*_COLUMNS, "total"):
        cv.text((hx + col_w - 12, y + 12), _w(key, lang), 13, fill=pal.MUTED, bold=True, anchor="rm")
        hx += col_w
    y += 28
    row_h = 78
    for standing in outcome.standings:
        p = view.players[standing.seat]
        top = standing.rank == 1 and not p.bankrupt
        cv.panel((x0, y, x1, y + row_h), fill=pal.PANEL_HI if top else pal.PANEL, accent=_MEDAL[1] if top else None,
                 accent_width=2)
        medal = _MEDAL.get(standing.rank, pal.PANEL_ALT)
        cv.circle((x0 + 44, y + row_h / 2), 22, fill=medal, outline=pal.darken(medal, 0.3), width=2)
        cv.text((x0 + 44, y + row_h / 2), str(standing.rank), 20, bold=True, anchor="mm",
                fill=pal.TEXT_DARK if standing.rank <= 3 else pal.TEXT)
        nx = x0 + 90
        _pawn(cv, (nx + 11, y + 28), standing.seat, 11, jailed=p.in_jail)
        cv.text((nx + 30, y + 28), seat_label(standing.seat, lang, names), 20, bold=True, max_width=name_w - 40)
        sub = _w("bankrupt", lang) if p.bankrupt else _w("comma", lang).join(card_label(c, lang) for c in p.cards)
        cv.text((nx, y + 56), sub or _w("no_cards", lang), 12.5, fill=pal.MUTED, max_width=name_w - 12)
        hx = x0 + 90 + name_w
        for key in _COLUMNS:
            amount = standing.breakdown.get(key, 0)
            text = _signed(amount) if key == "loans" and amount else _money(amount)
            colour = pal.BAD if amount < 0 else (pal.TEXT if amount else pal.MUTED)
            cv.text((hx + col_w - 12, y + row_h / 2), text, 17, fill=colour, anchor="rm")
            hx += col_w
        cv.text((hx + col_w - 12, y + row_h / 2), _money(standing.score), 24, bold=True,
                fill=pal.ACCENT if top else pal.TEXT, anchor="rm")
        y += row_h + 10

    extra = list(outcome.reasons[1:])
    if extra:
        y += 4
        cv.text((x0 + 4, y + 10), _w("notes", lang), 15, fill=pal.MUTED, bold=True)
        y += 26
        for key, params in extra:
            y += cv.paragraph((x0 + 8, y), "• " + _t(key, dict(params), lang, names), 15, x1 - x0 - 16)
        y += 6
    return y + MARGIN - 10

