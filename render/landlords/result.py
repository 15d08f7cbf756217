"""The Landlord's Game result: the ranking by assets, broken down, and why the game ended, on the shared
result screen (:mod:`render.result`)."""

from __future__ import annotations

from collections.abc import Sequence

from games.core import Outcome, Standing
from games.landlords.board import card_label
from games.landlords.game import META
from games.landlords.view import LandlordsView

from .. import palette as pal
from ..kit import Canvas, seat_label
from ..result import GOLD, Cell, Column, ResultScreen, amount_colour, result_png
from .common import PARK, _money, _pawn, _signed, _t, _w

_COLUMNS = ("cash", "lots", "improvements", "franchises", "idle", "loans")
COLUMN_W = 118


def result(outcome: Outcome, view: LandlordsView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The final ranking: each player's assets broken down, and why the game ended."""
    return result_png(screen(outcome, view, lang, names), outcome, lang)


def screen(outcome: Outcome, view: LandlordsView, lang: str, names: Sequence[str] | None) -> ResultScreen:
    """The Landlord's Game's result screen: assets in six columns and the total; the whole table wins
    together when Prosperity's goal is reached."""
    everybody = view.ended == "prosperity"
    winners = [seat_label(s, lang, names) for s in outcome.winners]
    if everybody:
        banner = _w("everybody", lang)
    elif winners:
        banner = _w("winners" if len(winners) > 1 else "winner", lang) + _w("colon", lang) + \
            _w("comma", lang).join(winners)
    else:
        banner = ""

    def top(standing: Standing) -> bool:
        return standing.rank == 1 and not view.players[standing.seat].bankrupt

    def player(cv: Canvas, standing: Standing, x: float, y: float, w: float, h: float) -> None:
        p = view.players[standing.seat]
        _pawn(cv, (x + 11, y + 28), standing.seat, 11, jailed=p.in_jail)
        cv.text((x + 30, y + 28), seat_label(standing.seat, lang, names), 20, bold=True, max_width=w - 40)
        sub = _w("bankrupt", lang) if p.bankrupt else _w("comma", lang).join(card_label(c, lang) for c in p.cards)
        cv.text((x, y + 56), sub or _w("no_cards", lang), 12.5, fill=pal.MUTED, max_width=w - 12)

    def cells(standing: Standing) -> list[Cell]:
        shown = []
        for key in _COLUMNS:
            amount = standing.breakdown.get(key, 0)
            shown.append(Cell(_signed(amount) if key == "loans" and amount else _money(amount), amount_colour(amount)))
        shown.append(Cell(_money(standing.score), pal.ACCENT if top(standing) else pal.TEXT, 24, bold=True))
        return shown

    reasons = [_t(key, dict(params), lang, names) for key, params in outcome.reasons]
    return ResultScreen(
        title=_w("results", lang), subtitle=META.names.get(lang) or META.names["en"],
        player=player, cells=cells, columns=[Column(_w(key, lang), COLUMN_W) for key in (*_COLUMNS, "total")],
        banner=banner, banner_fill=PARK if everybody else GOLD,
        intro=reasons[:1], intro_bold=True, row_h=78, medal_r=22, top=top,
        notes_title=_w("notes", lang), notes=reasons[1:])
