"""What one seat (or a spectator) may see: everything but the other hands and the decks' order.

Resources, the score track, talents in front, the map, markets and the ladder are public; a hand is
its owner's (others see its size), the face-down decks are nobody's (their sizes are public).
"""

from __future__ import annotations

import msgspec

from .content import content
from .rules import claim_bonus, held, markers_on_map, score, standing, threshold, usurp_need
from .state import ActF, ChoiceF, ClaimF, ConvertF, DraftF, GiveF, LordF, PointerF, TKState, TurnF


class SeatView(msgspec.Struct):
    seat: int
    lord: str                       # lord id ("" before choosing)
    start: str
    gold: int
    wood: int
    troops: int
    points: int                     # the score track
    talent: int                     # the talent track
    front: list[str]                # talents in front (public)
    hand_size: int
    built: dict[str, int]           # lumber/barracks/workshop → slots built; drill/works/pavilion → 0/1
    buildings: int
    markers_on_map: int
    markers_left: int
    claims: list[str]               # ba/wang/di claimed
    crown: bool
    usurper: bool
    seals: int
    yifu: bool
    toward: dict[str, int]          # tier → value toward its condition now
    hand: list[str] | None = None   # only in the player's own view
    score: dict[str, int] | None = None  # final score parts, once the game is over
    #: The starting talent (public: the chosen lord's own, §3 个人设置 2, or picked openly in the
    #: §16 draft), shown so the drafted pick a public event names is on the table too.
    starting_talent: str = ""


class ZhouView(msgspec.Struct):
    id: str
    markers: list[int]              # seats, in order placed (at most 4)
    squares: dict[str, tuple[int, str]]  # square (lumber/barracks/workshop/special) → (seat, kind)


class TierView(msgspec.Struct):
    tier: str                       # ba / wang / di
    condition: str                  # condition card id
    threshold: int
    claimed: list[int]              # seats that claimed it
    specials: list[str]             # special talents left (ba, wang)
    five: bool                      # the 5-point token still there (ba, wang)


class AskView(msgspec.Struct):
    """What the game waits for: the step kind and who; details of the viewer's own step."""

    kind: str                       # lord draft pointer turn act convert choice give claim order
    seat: int
    pending: list[str] = []         # act: actions still to take or decline
    options: list[dict[str, int]] = []  # choice: the gains to choose from (a trade: [gain, {}])
    pay: dict[str, int] = {}        # choice: what a trade costs
    detail: str = ""                # pointer tao/lue; convert row; claim tier; choice/give card


class TKView(msgspec.Struct):
    players: int
    viewer: int | None
    rondel: list[str]               # action ids on spaces 0..6, clockwise
    tao: int                        # -1 until placed
    lue: int
    markets: dict[str, list[str]]   # region → face-up card ids
    deck_sizes: dict[str, int]
    zhou: list[ZhouView]
    ladder: list[TierView]
    seats: list[SeatView]
    offered: list[str]              # lords on offer during setup
    offered_talents: list[str]
    crowns: int
    seals: int
    current: int
    round: int
    turn_card: str                  # the card played this turn
    ending: bool
    over: bool
    ask: AskView | None
    last_seat: int | None = None
    last_kind: str = ""
    last_where: str = ""
    usurp_seals: int | None = None  # viewer: seals a 伪帝 claim would cost now (None: not open)


def _ask(state: TKState) -> AskView | None:
    if not state.stack:
        return None
    top = state.stack[-1]
    if isinstance(top, LordF | DraftF):
        return AskView("lord" if isinstance(top, LordF) else "draft", top.order[0])
    if isinstance(top, PointerF):
        return AskView("pointer", top.seat, detail=top.pointer)
    if isinstance(top, TurnF):
        return AskView("turn", top.seat)
    if isinstance(top, ActF):
        return AskView("act", top.seat, pending=list(top.pending))
    if isinstance(top, ConvertF):
        return AskView("convert", top.seat, detail=top.row)
    if isinstance(top, ChoiceF):
        options = top.options or [top.gain, {}]
        return AskView("choice", top.seat, options=[dict(o) for o in options], pay=dict(top.pay), detail=top.card)
    if isinstance(top, GiveF):
        return AskView("give", top.seat, detail=top.card)
    if isinstance(top, ClaimF):
        return AskView("claim", top.seat, detail=top.tier)
    seat = getattr(top, "seat", state.current)
    return AskView("order", seat)


def view(state: TKState, seat: int | None) -> TKView:
    """The view of ``seat`` (``None``: a spectator)."""
    seats = []
    for i, player in enumerate(state.seats):
        ready = state.tao >= 0 and state.lue >= 0 and player.lord
        bonus = claim_bonus(state, i) if ready else 0
        seats.append(SeatView(
            seat=i, lord=player.lord, start=player.start, gold=player.gold, wood=player.wood,
            troops=player.troops, points=player.points, talent=player.talent, front=list(player.front),
            hand_size=len(player.hand), built=dict(player.built), buildings=player.buildings,
            markers_on_map=markers_on_map(state, i), markers_left=player.markers, claims=list(player.claims),
            crown=player.crown, usurper=player.usurper, seals=player.seals, yifu=player.yifu,
            toward={t: standing(state, i, t, bonus) for t in state.ladder} if ready else {},
            hand=list(player.hand) if seat == i or state.over else None,
            score=score(state, i) if state.over else None, starting_talent=player.talent_card))
    zhou = [ZhouView(z, list(state.markers.get(z, [])),
                     {sq: (b.seat, b.kind) for sq, b in state.squares.get(z, {}).items()})
            for z in content().zhou]
    ladder = [TierView(t, state.ladder[t], threshold(state, t),
                       [i for i, p in enumerate(state.seats) if t in p.claims],
                       list(state.specials.get(t, [])), state.five.get(t, False)) for t in ("ba", "wang", "di")]
    last = state.last
    usurp = None
    if seat is not None and state.tao >= 0 and state.lue >= 0 and not state.over and held(state, seat):
        usurp = usurp_need(state, seat)
    return TKView(
        players=state.players, viewer=seat, rondel=list(state.rondel), tao=state.tao, lue=state.lue,
        markets={r: list(c) for r, c in state.markets.items()},
        deck_sizes={r: len(d) for r, d in state.decks.items()}, zhou=zhou, ladder=ladder, seats=seats,
        offered=list(state.offered), offered_talents=list(state.offered_talents), crowns=state.crowns,
        seals=state.seals, current=state.current, round=state.round, turn_card=state.turn_card,
        ending=state.ending, over=state.over, ask=_ask(state),
        last_seat=last.seat if last else None, last_kind=last.kind if last else "",
        last_where=last.where if last else "", usurp_seals=usurp)
