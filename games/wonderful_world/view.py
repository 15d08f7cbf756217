"""What one seat (or a spectator) may see of an It's a Wonderful World game.

Hidden: the deck order, every hand and every face-down pick except the viewer's own.
Everything else on the table is public, as it is at a real table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import msgspec

from .cards import PRODUCTION_ORDER
from .costs import missing
from .scoring import production, score
from .state import Phase, WorldState

if TYPE_CHECKING:
    from .game import WonderfulWorld


class CardView(msgspec.Struct, frozen=True):
    uid: int
    card: str


class SlotView(msgspec.Struct, frozen=True):
    uid: int
    card: str
    paid: dict[str, int]
    missing: dict[str, int]


class EmpireView(msgspec.Struct, frozen=True):
    seat: int
    empire: str
    built: list[CardView]
    construction: list[SlotView]
    drafted: list[CardView]
    production: dict[str, int]
    reserve: int
    krystallium: int
    financier: int
    general: int
    pool: dict[str, int]
    score: dict[str, int]
    hand_size: int
    has_picked: bool
    to_act: bool
    choose_character: bool
    hand: list[CardView] | None = None      # only in the owner's view
    picked: CardView | None = None          # only in the owner's view


class WorldView(msgspec.Struct, frozen=True):
    game: str
    viewer: int | None
    players: int
    side: str
    round: int
    phase: str
    resource: str | None
    deck_size: int
    discard_size: int
    to_act: list[int]
    empires: list[EmpireView]


def build_view(game: WonderfulWorld, state: WorldState, seat: int | None) -> WorldView:
    acting = game.to_act(state)
    empires = []
    for s, e in enumerate(state.empires):
        own = s == seat
        empires.append(EmpireView(
            seat=s, empire=e.empire,
            built=[CardView(u, state.cards[u]) for u in e.built],
            construction=[SlotView(c.uid, state.cards[c.uid], dict(c.paid),
                                   missing(state.design(c.uid), c.paid)) for c in e.construction],
            drafted=[CardView(u, state.cards[u]) for u in e.drafted],
            production={r.value: production(state, e, r) for r in PRODUCTION_ORDER},
            reserve=e.reserve, krystallium=e.krystallium, financier=e.financier, general=e.general,
            pool=dict(e.pool), score=score(state, e), hand_size=len(e.hand),
            has_picked=e.picked is not None, to_act=s in acting, choose_character=e.choose_character,
            hand=[CardView(u, state.cards[u]) for u in e.hand] if own else None,
            picked=CardView(e.picked, state.cards[e.picked]) if own and e.picked is not None else None,
        ))
    return WorldView(
        game=game.meta.id, viewer=seat, players=state.players, side=state.side, round=state.round,
        phase=state.phase.value,
        resource=state.resource.value if state.phase == Phase.PRODUCTION else None,
        deck_size=len(state.deck), discard_size=len(state.discard), to_act=sorted(acting),
        empires=empires,
    )


def summary_lines(game: WonderfulWorld, view: WorldView, lang: str,
                  names: Sequence[str] | None = None) -> list[str]:
    """The view as text (console, private panels): round and phase, the viewer's empire in full
    (hand, pick, drafted, construction), then the other empires briefly; a spectator sees all.
    ``names`` (per seat) name the empires' players instead of "#2" (issue 19 §6)."""
    from .cards import designs, empires

    def word(key: str) -> str:
        return game.catalog.text(f"word.{key}", None, lang)

    def counted(count: int, key: str) -> str:
        """``2 materials``, ``1 material`` (the title's singular words, as its events say it)."""
        one = game.param_text("what", f"one:{key}", lang) if count == 1 else None
        return f"{count} {one or word(key)}"

    def who(seat: int) -> str:
        return names[seat] if names is not None and 0 <= seat < len(names) else f"#{seat + 1}"

    def label(key: str) -> str:
        return game.catalog.text(f"summary.{key}", None, lang)

    def cards(items: list[CardView]) -> str:
        return ", ".join(f"{designs()[c.card].label(lang)} [{c.uid}]" for c in items) or "-"

    phase = game.catalog.text(f"phase.{view.phase}", None, lang)
    head = f"R{view.round}/4 · {phase}" + (f" · {word(view.resource)}" if view.resource else "")
    lines = [head]
    # A seat's own empire comes first and in full; the others follow in two lines each.
    ordered = sorted(view.empires, key=lambda e: (e.seat != view.viewer, e.seat))
    for e in ordered:
        mark = "*" if e.to_act else " "
        made = ("、" if lang.startswith("zh") else ", ").join(
            counted(v, k) for k, v in e.production.items() if v) or "-"
        prod = label("produces") + made
        lines.append(f"{mark}{who(e.seat)} {empires()[e.empire].label(lang)} — {e.score['total']} {label('vp')}"
                     f" · {prod} · {word('krystallium')} {e.krystallium} · {word('financier')} {e.financier}"
                     f" · {word('general')} {e.general} · {label('reserve')} {e.reserve}/5")
        lines.append("    " + label("built") + cards(e.built))
        if view.viewer is not None and e.seat != view.viewer:
            continue
        slots = "; ".join(
            f"{designs()[s.card].label(lang)} [{s.uid}] " + label("needs")
            + " ".join(counted(n, k) for k, n in s.missing.items())
            for s in e.construction)
        lines.append("    " + label("building") + (slots or "-"))
        if e.pool:
            lines.append("    " + label("to_place") + " ".join(counted(n, k) for k, n in e.pool.items()))
        if e.drafted:
            lines.append("    " + label("drafted") + cards(e.drafted))
        if e.hand is not None and e.hand:
            lines.append("    " + label("hand") + cards(e.hand))
        if e.picked is not None:
            lines.append("    " + label("picked") + cards([e.picked]))
    return lines
