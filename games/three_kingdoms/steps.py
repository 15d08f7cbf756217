"""The turn structure of Three Kingdoms as flow steps (games.core.flow): setup, turns, actions."""

from __future__ import annotations

from typing import Any, ClassVar

from games.core import Event, Move
from games.core.flow import Flow, Step, Trigger, close, need, trigger_steps

from .content import ACTIONS, RESOURCES, ROW_ACTION, ROW_GAINS, ROW_PAYS, ROWS, SPECIALS, TIERS, content, square_of
from .moves import (
    NUDGES,
    AnyAction,
    Build,
    Choose,
    Claim,
    Convert,
    Done,
    Give,
    Hire,
    Order,
    PickLord,
    PickStart,
    PickTalent,
    Play,
    Produce,
    Recall,
    SetPointer,
    Siege,
    Skip,
    Usurp,
)
from .rules import (
    ALL_BUILT,
    MAX_MARKERS,
    action_taken,
    build_base,
    buildings_in,
    can_pay,
    claim_bonus,
    cost_change,
    could_still_build,
    effects,
    front_effects,
    gain,
    held_regions,
    hire_cost,
    lord_of,
    lose_up_to,
    markers_in,
    markers_on_map,
    may_hire_in,
    priced,
    region_of_market,
    seat_of_lord,
    siege_base,
    standing,
    threshold,
    usurp_need,
)
from .state import (
    ActF,
    Building,
    ChoiceF,
    ClaimF,
    ConvertF,
    DraftF,
    GiveF,
    LastMove,
    LordF,
    PointerF,
    TKState,
    TurnF,
)

SPACES = 7
PRODUCE = {"sell": "gold", "log": "wood", "recruit": "troops"}
#: What 纳贤/攻城/建设 are paid in (rules §4): the one resource deciding whether each can be taken.
PAID_IN = {"hire": "gold", "siege": "troops", "build": "wood"}
BASE_GAIN = 3  # rules §4: 先获得3金 / 3木 / 3军


# ---- setup (rules §3 个人设置 2-3, variant §6) --------------------------------------------------------------

def seat_up(state: TKState, seat: int, events: list[Event]) -> None:
    """Give ``seat`` its lord's resources, starting talent and first marker (rules §3 个人设置 2)."""
    player = state.seats[seat]
    lord = content().lords[player.lord]
    player.start = player.start or lord.start
    player.talent_card = player.talent_card or lord.talent
    player.gold, player.wood, player.troops = lord.gold, lord.wood, lord.troops
    player.hand = [*content().deck("hand"), player.talent_card]
    player.yifu = lord.token == "yifu"
    place_marker(state, seat, player.start)
    events.append(Event("lord_taken", {"seat": seat, "lord": player.lord, "zhou": player.start}))


def open_pointers(state: TKState) -> None:
    """The second-to-last player sets 韬, then the last player sets 略 (rules §3 个人设置 3)."""
    n = state.players
    state.stack.append(PointerF((n - 1) % n, "lue"))
    state.stack.append(PointerF((n - 2) % n, "tao"))


class LordStep(Step[TKState, LordF]):
    accepts: ClassVar[tuple[type[Move], ...]] = (PickLord,)

    def actors(self, state: TKState, frame: LordF) -> frozenset[int]:
        return frozenset(frame.order[:1])

    def legal(self, state: TKState, frame: LordF, seat: int) -> list[Move]:
        return [PickLord(lord) for lord in state.offered]

    def apply(self, state: TKState, frame: LordF, seat: int, move: PickLord, events: list[Event]) -> None:
        need(move.lord in state.offered, "error.lord_not_offered", lord=move.lord)
        state.offered.remove(move.lord)
        state.seats[seat].lord = move.lord
        frame.order.pop(0)
        seat_up(state, seat, events)
        if not frame.order:
            close(state, frame)
            state.offered = []
            open_pointers(state)


class DraftStep(Step[TKState, DraftF]):
    accepts: ClassVar[tuple[type[Move], ...]] = (PickLord, PickTalent, PickStart)

    def actors(self, state: TKState, frame: DraftF) -> frozenset[int]:
        return frozenset(frame.order[:1])

    def legal(self, state: TKState, frame: DraftF, seat: int) -> list[Move]:
        player, out = state.seats[seat], list[Move]()
        if not player.lord:
            out += [PickLord(lord) for lord in state.offered]
        if not player.talent_card:
            out += [PickTalent(card) for card in state.offered_talents]
        if not player.start:
            taken = {s.start for s in state.seats}
            out += [PickStart(z.id) for z in content().zhou.values() if z.edge and z.id not in taken]
        return out

    def apply(self, state: TKState, frame: DraftF, seat: int, move: Any, events: list[Event]) -> None:
        player = state.seats[seat]
        if isinstance(move, PickLord):
            need(not player.lord, "error.draft_have", what="lord")
            need(move.lord in state.offered, "error.lord_not_offered", lord=move.lord)
            state.offered.remove(move.lord)
            player.lord = move.lord
        elif isinstance(move, PickTalent):
            need(not player.talent_card, "error.draft_have", what="talent")
            need(move.card in state.offered_talents, "error.card_not_offered", card=move.card)
            state.offered_talents.remove(move.card)
            player.talent_card = move.card
        else:
            zhou = content().zhou[move.zhou]
            need(not player.start, "error.draft_have", what="start")
            need(zhou.edge and all(s.start != move.zhou for s in state.seats), "error.start_taken", zhou=move.zhou)
            player.start = move.zhou
        events.append(Event("drafted", {"seat": seat, "pick": str(move)}))
        frame.order.pop(0)
        if not frame.order:
            close(state, frame)
            state.offered, state.offered_talents = [], []
            for i in range(state.players):
                seat_up(state, i, events)
            open_pointers(state)


class PointerStep(Step[TKState, PointerF]):
    accepts: ClassVar[tuple[type[Move], ...]] = (SetPointer,)

    def actors(self, state: TKState, frame: PointerF) -> frozenset[int]:
        return frozenset({frame.seat})

    def legal(self, state: TKState, frame: PointerF, seat: int) -> list[Move]:
        taken = state.tao if frame.pointer == "lue" else -1
        return [SetPointer(frame.pointer, a) for i, a in enumerate(state.rondel) if i != taken]

    def apply(self, state: TKState, frame: PointerF, seat: int, move: SetPointer, events: list[Event]) -> None:
        need(move.pointer == frame.pointer, "error.wrong_pointer", pointer=frame.pointer)
        space = state.rondel.index(move.action)
        need(frame.pointer == "tao" or space != state.tao, "error.pointer_clash")  # 不可与韬针重合
        setattr(state, frame.pointer, space)
        events.append(Event("pointer_set", {"seat": seat, "pointer": frame.pointer, "action": move.action}))
        close(state, frame)


# ---- a turn (rules §4 在你的回合中) ----------------------------------------------------------------------------

def nudges(state: TKState, seat: int, card: str, front: bool | None = None) -> tuple[str, ...]:
    """The 诸葛亮 nudges open to ``seat`` playing ``card`` (ruling R-zhuge); ``front``: whether a
    talent in front of ``seat`` nudges (:func:`front_nudges`), when the caller has it already."""
    has = (front_nudges(state, seat) if front is None else front) or any(e.nudge for e in effects(card))
    return NUDGES if has else ()


def front_nudges(state: TKState, seat: int) -> bool:
    """Whether a talent in front of ``seat`` lets it nudge a pointer (ruling R-zhuge)."""
    return any(e.nudge for _, _, e in front_effects(state, seat))


class TurnStep(Step[TKState, TurnF]):
    accepts: ClassVar[tuple[type[Move], ...]] = (Recall, Play, Usurp)

    def actors(self, state: TKState, frame: TurnF) -> frozenset[int]:
        return frozenset() if frame.done else frozenset({frame.seat})

    def legal(self, state: TKState, frame: TurnF, seat: int) -> list[Move]:
        player = state.seats[seat]
        out: list[Move] = [Recall()] if player.front else []
        talents, front = content().talents, front_nudges(state, seat)  # the same for every card
        for card in dict.fromkeys(player.hand):
            nudged = nudges(state, seat, card, front)
            for option in range(1, len(talents[card].moves) + 1):
                out.append(Play(card, option))
                out += [Play(card, option, n) for n in nudged]
        if usurp_need(state, seat) is not None:
            out.append(Usurp())
        return out

    def apply(self, state: TKState, frame: TurnF, seat: int, move: Any, events: list[Event]) -> None:
        player = state.seats[seat]
        if isinstance(move, Usurp):
            seals = usurp_need(state, seat)
            need(seals is not None, "error.cannot_usurp")
            assert seals is not None
            player.crown, player.usurper, player.seals = True, True, seals
            state.crowns -= 1
            state.seals -= seals
            events.append(Event("usurped", {"seat": seat, "seals": seals}))
            state.last = LastMove(seat, "usurp")
            return
        if isinstance(move, Recall):
            need(bool(player.front), "error.nothing_to_recall")
            events.append(Event("recalled", {"seat": seat, "count": len(player.front)}))
            player.hand += player.front
            player.front = []
            frame.done = True
            state.last = LastMove(seat, "recall")
            return
        talent = content().talents[move.card]
        need(move.card in player.hand, "error.not_in_hand", card=move.card)
        need(1 <= move.option <= len(talent.moves), "error.no_option", card=move.card, count=len(talent.moves))
        need(not move.nudge or move.nudge in nudges(state, seat, move.card), "error.no_nudge")
        player.hand.remove(move.card)
        player.front.append(move.card)
        state.turn_card = move.card
        frame.done = True
        step_tao, step_lue = talent.moves[move.option - 1]
        if move.nudge:
            delta = 1 if move.nudge.endswith("+") else -1
            step_tao, step_lue = (step_tao + delta, step_lue) if move.nudge[0] == "t" else (step_tao, step_lue + delta)
        state.tao = (state.tao + step_tao) % SPACES
        state.lue = (state.lue + step_lue) % SPACES
        pending = [state.rondel[state.tao], state.rondel[state.lue]]
        events.append(Event("played", {"seat": seat, "card": move.card, "tao": step_tao, "lue": step_lue,
                                       "first": pending[0], "second": pending[1]}))
        state.last = LastMove(seat, "play", move.card)
        for effect in talent.effects:
            if effect.when != "play":
                continue
            if effect.gain:
                gain(state, seat, effect.gain)
                events.append(Event("effect_gain", {"seat": seat, "card": move.card, "gains": dict(effect.gain)}))
            for other in range(state.players):
                if other != seat and effect.others_lose:
                    taken = lose_up_to(state, other, effect.others_lose)
                    if taken:
                        events.append(Event("effect_loss", {"seat": other, "card": move.card, "gains": taken}))
            if effect.give and state.players > 1:
                state.stack.append(GiveF(seat, move.card, effect.give))
        state.stack.append(ActF(seat, pending))

    def advance(self, state: TKState, frame: TurnF, events: list[Event]) -> bool:
        if not frame.done:
            return False
        close(state, frame)
        end_turn(state, frame.seat, events)
        return True


def end_turn(state: TKState, seat: int, events: list[Event]) -> None:
    """The crown's points (rules §4 称帝 3) and, once someone has built 12, the end of the game
    after the last player's turn (rules §4 游戏流程)."""
    player = state.seats[seat]
    if player.crown:
        uncrowned = sum(1 for s in state.seats if not s.crown)
        if uncrowned:
            player.points += uncrowned
            events.append(Event("crown_points", {"seat": seat, "points": uncrowned}))
    state.turn_card = ""
    state.turns += 1
    if not state.ending and seat == state.players - 1 \
            and not any(could_still_build(state, s) for s in range(state.players)):
        state.ending = True  # ruling R16: nobody can build any more, so nobody can reach 12
        events.append(Event("stalemate", {}))
    if state.ending and seat == state.players - 1:
        state.over = True
        state.stack.clear()
        events.append(Event("game_over", {}))


# ---- the actions where the pointers stopped ------------------------------------------------------------------

def action_moves(state: TKState, seat: int, action: str) -> list[Move]:
    """Every way ``seat`` can take ``action`` now (not counting the decline)."""
    player = state.seats[seat]
    if action in PRODUCE:
        return [Produce(action)]
    if action == "hire":
        change, talents = cost_change(state, seat, "hire"), content().talents  # hire_cost, once
        regions = held_regions(state, seat)  # may_hire_in, the 州 held read once
        return [Hire(card) for region, cards in state.markets.items() if region in regions
                for card in cards if max(0, talents[card].cost + change) <= player.gold]
    if action == "siege":
        return siege_moves(state, seat)
    if action == "build":
        return build_moves(state, seat)
    # 任意: 1 of any resource for one of the other actions, still possible once the 1 is paid. An
    # action reads only the resource it is paid in (PAID_IN), so paying another changes nothing.
    unpaid: dict[str, bool] = {}
    out: list[Move] = []
    for resource in RESOURCES:
        if getattr(player, resource) < 1:
            continue
        for other in ACTIONS[:-1]:
            if other in PRODUCE:
                possible = True
            elif PAID_IN[other] == resource:
                possible = _after_paying(state, seat, resource, other)
            else:
                if other not in unpaid:
                    unpaid[other] = may_take(state, seat, other)
                possible = unpaid[other]
            if possible:
                out.append(AnyAction(resource, other))
    return out


def may_take(state: TKState, seat: int, action: str) -> bool:
    """Whether :func:`action_moves` lists anything, found without listing it: the first way found is
    enough (asked after every move of an action step, for each action still pending)."""
    player = state.seats[seat]
    if action in PRODUCE:
        return True
    if action == "hire":
        change, talents, regions = cost_change(state, seat, "hire"), content().talents, held_regions(state, seat)
        return any(max(0, talents[card].cost + change) <= player.gold
                   for region, cards in state.markets.items() if region in regions for card in cards)
    if action == "siege":
        return _may_siege(state, seat)
    if action == "build":
        return _may_build(state, seat)
    # 任意, as action_moves lists it: a resource to pay and another action still possible once paid
    unpaid: dict[str, bool] = {}
    for resource in RESOURCES:
        if getattr(player, resource) < 1:
            continue
        for other in ACTIONS[:-1]:
            if other in PRODUCE:
                return True
            if PAID_IN[other] == resource:
                if _after_paying(state, seat, resource, other):
                    return True
                continue
            if other not in unpaid:
                unpaid[other] = may_take(state, seat, other)
            if unpaid[other]:
                return True
    return False


def _after_paying(state: TKState, seat: int, resource: str, action: str) -> bool:
    player = state.seats[seat]
    setattr(player, resource, getattr(player, resource) - 1)
    try:
        return may_take(state, seat, action)
    finally:
        setattr(player, resource, getattr(player, resource) + 1)


def siege_moves(state: TKState, seat: int) -> list[Move]:
    player, out = state.seats[seat], list[Move]()
    if player.markers == 0:
        return out
    change = cost_change(state, seat, "siege")  # priced(…, "siege", base), the change found once
    for zhou in content().zhou:
        base = siege_base(state, seat, zhou)
        if base is None:
            continue
        if len(state.markers.get(zhou, [])) < MAX_MARKERS and max(0, base + change) <= player.troops:
            out.append(Siege(zhou))
        if player.yifu and not markers_in(state, zhou, seat):
            out += [Siege(zhou, state.seats[o].lord) for o in set(state.markers.get(zhou, []))
                    if betrayable(state, o, zhou)]
    return out


def _may_siege(state: TKState, seat: int) -> bool:
    """Whether :func:`siege_moves` lists anything (its loop, stopped at the first move)."""
    player = state.seats[seat]
    if player.markers == 0:
        return False
    change = cost_change(state, seat, "siege")
    for zhou in content().zhou:
        base = siege_base(state, seat, zhou)
        if base is None:
            continue
        if len(state.markers.get(zhou, [])) < MAX_MARKERS and max(0, base + change) <= player.troops:
            return True
        if player.yifu and not markers_in(state, zhou, seat) and any(
                betrayable(state, o, zhou) for o in set(state.markers.get(zhou, []))):
            return True
    return False


def betrayable(state: TKState, other: int, zhou: str) -> bool:
    """吕布 may take one of ``other``'s markers in ``zhou`` (ruling R-lubu): one its buildings
    there do not need, and never its last marker on the map."""
    return markers_in(state, zhou, other) > buildings_in(state, zhou, other) and markers_on_map(state, other) > 1


def build_moves(state: TKState, seat: int) -> list[Move]:
    """Every (州, kind) ``seat`` may build now, 州 in data order then kind (rules §4 建设): a
    building left on the lord board whose price it can pay in wood (found once, not per 州), in
    a 州 where it has more markers than buildings and that kind's square is empty."""
    player = state.seats[seat]
    if player.buildings >= player.talent:
        return []
    change = cost_change(state, seat, "build")  # priced(…, "build", base), the change found once
    kinds = [kind for kind in (*ROWS, *SPECIALS)
             if (base := build_base(state, seat, kind)) is not None and max(0, base + change) <= player.wood]
    out: list[Move] = []
    if not kinds:
        return out
    for zhou in content().zhou:
        if zhou not in state.markers or markers_in(state, zhou, seat) <= buildings_in(state, zhou, seat):
            continue
        squares = state.squares.get(zhou, {})
        out += [Build(zhou, kind) for kind in kinds if square_of(kind) not in squares]
    return out


def _may_build(state: TKState, seat: int) -> bool:
    """Whether :func:`build_moves` lists anything (its loops, stopped at the first move)."""
    player = state.seats[seat]
    if player.buildings >= player.talent:
        return False
    change = cost_change(state, seat, "build")
    kinds = [kind for kind in (*ROWS, *SPECIALS)
             if (base := build_base(state, seat, kind)) is not None and max(0, base + change) <= player.wood]
    if not kinds:
        return False
    for zhou in content().zhou:
        if zhou not in state.markers or markers_in(state, zhou, seat) <= buildings_in(state, zhou, seat):
            continue
        squares = state.squares.get(zhou, {})
        if any(square_of(kind) not in squares for kind in kinds):
            return True
    return False


def place_marker(state: TKState, seat: int, zhou: str) -> None:
    state.markers.setdefault(zhou, []).append(seat)
    state.seats[seat].markers -= 1


class ActStep(Step[TKState, ActF]):
    accepts: ClassVar[tuple[type[Move], ...]] = (Produce, Hire, Siege, Build, AnyAction, Skip)

    def actors(self, state: TKState, frame: ActF) -> frozenset[int]:
        return frozenset({frame.seat}) if frame.pending else frozenset()

    def legal(self, state: TKState, frame: ActF, seat: int) -> list[Move]:
        out: list[Move] = []
        for action in dict.fromkeys(frame.pending):
            out += action_moves(state, seat, action)
            out.append(Skip(action))
        return out

    def apply(self, state: TKState, frame: ActF, seat: int, move: Any, events: list[Event]) -> None:
        if isinstance(move, Skip):
            need(move.action in frame.pending, "error.not_pending", action=move.action)
            frame.pending.remove(move.action)
            events.append(Event("skipped", {"seat": seat, "action": move.action}))
            return
        action = "any" if isinstance(move, AnyAction) else _action_of(move)
        need(action in frame.pending, "error.not_pending", action=action)
        player = state.seats[seat]
        if isinstance(move, AnyAction):
            need(move.action in ACTIONS[:-1] and move.resource in RESOURCES, "error.not_now", move=str(move))
            need(getattr(player, move.resource) >= 1, "error.short", resource=move.resource, need=1)
            need(move.action in PRODUCE or _after_paying(state, seat, move.resource, move.action),
                 "error.not_now", move=str(move))  # never pay for an action that cannot then be taken
            setattr(player, move.resource, getattr(player, move.resource) - 1)
            frame.pending[frame.pending.index("any")] = move.action
            events.append(Event("any_paid", {"seat": seat, "resource": move.resource, "action": move.action}))
            return
        if isinstance(move, Produce):
            frame.pending.remove(action)
            produce(state, seat, move.action, events)
            return
        if isinstance(move, Hire):
            hire(state, seat, move.card, events)
        elif isinstance(move, Siege):
            siege(state, seat, move, events)
        else:
            build(state, seat, move.zhou, move.kind, events)
        frame.pending.remove(action)
        action_taken(state, seat, action, events)

    def advance(self, state: TKState, frame: ActF, events: list[Event]) -> bool:
        for action in list(dict.fromkeys(frame.pending)):
            if not may_take(state, frame.seat, action):  # nothing possible: declined for the player
                frame.pending = [a for a in frame.pending if a != action]
                events.append(Event("cannot", {"seat": frame.seat, "action": action}))
        if frame.pending:
            return False
        close(state, frame)
        return True


def _action_of(move: Move) -> str:
    if isinstance(move, Produce):
        return move.action
    return {Hire: "hire", Siege: "siege", Build: "build"}[type(move)]


def produce(state: TKState, seat: int, action: str, events: list[Event]) -> None:
    """销售/伐木/募兵: 3 of the resource, then the row's conversions, then triggered effects."""
    resource = PRODUCE[action]
    gain(state, seat, {resource: BASE_GAIN})
    events.append(Event("produced", {"seat": seat, "action": action, "gains": {resource: BASE_GAIN}}))
    state.last = LastMove(seat, action)
    action_taken(state, seat, action, events)
    row = next(r for r, a in ROW_ACTION.items() if a == action)
    built = state.seats[seat].count(row)
    if built:
        state.stack.append(ConvertF(seat, row, list(range(1, built + 1))))


def hire(state: TKState, seat: int, card: str, events: list[Event]) -> None:
    """纳贤 (rules §4): pay, take the card, talent track +1, refill the market."""
    region = region_of_market(state, card)
    need(region is not None, "error.not_in_market", card=card)
    assert region is not None
    need(may_hire_in(state, seat, region), "error.no_marker_in_region", region=region)
    cost = hire_cost(state, seat, card)
    player = state.seats[seat]
    need(player.gold >= cost, "error.short", resource="gold", need=cost)
    player.gold -= cost
    player.hand.append(card)
    player.talent += 1
    state.markets[region].remove(card)
    if state.decks[region]:
        state.markets[region].append(state.decks[region].pop(0))
    events.append(Event("hired", {"seat": seat, "card": card, "cost": cost}))
    state.last = LastMove(seat, "hire", card)


def siege(state: TKState, seat: int, move: Siege, events: list[Event]) -> None:
    """攻城 (rules §4): attack a neighbour or reinforce a 州 you hold; at most 4 markers a 州."""
    player = state.seats[seat]
    base = siege_base(state, seat, move.zhou)
    need(base is not None, "error.not_adjacent", zhou=move.zhou)
    assert base is not None
    need(player.markers > 0, "error.no_markers")
    if move.betray:
        other = seat_of_lord(state, move.betray)
        need(player.yifu, "error.no_yifu")
        need(other is not None and other != seat, "error.no_lord", text=move.betray)
        assert other is not None
        need(not markers_in(state, move.zhou, seat) and betrayable(state, other, move.zhou),
             "error.cannot_betray", zhou=move.zhou)
        markers = state.markers[move.zhou]
        del markers[len(markers) - 1 - markers[::-1].index(other)]
        state.seats[other].markers += 1
        player.yifu = False
        place_marker(state, seat, move.zhou)
        events.append(Event("betrayed", {"seat": seat, "player": other, "zhou": move.zhou}))
        state.last = LastMove(seat, "siege", move.zhou)
        return
    need(len(state.markers.get(move.zhou, [])) < MAX_MARKERS, "error.zhou_full", zhou=move.zhou)
    cost = priced(state, seat, "siege", base)
    need(player.troops >= cost, "error.short", resource="troops", need=cost)
    player.troops -= cost
    reinforce = markers_in(state, move.zhou, seat) > 0
    place_marker(state, seat, move.zhou)
    events.append(Event("reinforced" if reinforce else "attacked", {"seat": seat, "zhou": move.zhou, "cost": cost}))
    state.last = LastMove(seat, "siege", move.zhou)


def build(state: TKState, seat: int, zhou: str, kind: str, events: list[Event]) -> None:
    """建设 (rules §4)."""
    player = state.seats[seat]
    base = build_base(state, seat, kind)
    need(base is not None, "error.none_left", kind=kind)
    assert base is not None
    need(player.buildings < player.talent, "error.talent_short", talent=player.talent)
    need(markers_in(state, zhou, seat) > buildings_in(state, zhou, seat), "error.markers_short", zhou=zhou)
    need(square_of(kind) not in state.squares.get(zhou, {}), "error.square_taken", zhou=zhou, kind=kind)
    cost = priced(state, seat, "build", base)
    need(player.wood >= cost, "error.short", resource="wood", need=cost)
    player.wood -= cost
    player.built[kind] = player.count(kind) + 1
    state.squares.setdefault(zhou, {})[square_of(kind)] = Building(seat, kind)
    events.append(Event("built", {"seat": seat, "zhou": zhou, "kind": kind, "cost": cost,
                                  "count": player.buildings}))
    state.last = LastMove(seat, "build", zhou)
    if player.buildings >= ALL_BUILT and not state.ending:
        state.ending = True
        events.append(Event("ending", {"seat": seat}))


class ConvertStep(Step[TKState, ConvertF]):
    accepts: ClassVar[tuple[type[Move], ...]] = (Convert, Done)

    def actors(self, state: TKState, frame: ConvertF) -> frozenset[int]:
        return frozenset({frame.seat})

    def usable(self, state: TKState, frame: ConvertF) -> list[int]:
        lord = lord_of(state, frame.seat)
        have = getattr(state.seats[frame.seat], ROW_PAYS[frame.row])
        return [i for i in frame.left if lord.row(frame.row)[i - 1].pay <= have]

    def legal(self, state: TKState, frame: ConvertF, seat: int) -> list[Move]:
        return [*(Convert(i) for i in self.usable(state, frame)), Done()]

    def apply(self, state: TKState, frame: ConvertF, seat: int, move: Any, events: list[Event]) -> None:
        if isinstance(move, Done):
            frame.left = []
            return
        need(move.slot in self.usable(state, frame), "error.no_slot", slot=move.slot)
        slot = lord_of(state, seat).row(frame.row)[move.slot - 1]
        gain(state, seat, {ROW_PAYS[frame.row]: -slot.pay, ROW_GAINS[frame.row]: slot.gain})
        frame.left.remove(move.slot)
        events.append(Event("converted", {"seat": seat, "kind": frame.row, "pay": slot.pay,
                                          "paid": ROW_PAYS[frame.row], "gain": slot.gain,
                                          "got": ROW_GAINS[frame.row]}))

    def advance(self, state: TKState, frame: ConvertF, events: list[Event]) -> bool:
        if self.usable(state, frame):
            return False
        close(state, frame)
        return True


class ChoiceStep(Step[TKState, ChoiceF]):
    accepts: ClassVar[tuple[type[Move], ...]] = (Choose,)

    def actors(self, state: TKState, frame: ChoiceF) -> frozenset[int]:
        return frozenset({frame.seat})

    def legal(self, state: TKState, frame: ChoiceF, seat: int) -> list[Move]:
        return [Choose(i) for i in range(1, (len(frame.options) or 2) + 1)]

    def apply(self, state: TKState, frame: ChoiceF, seat: int, move: Choose, events: list[Event]) -> None:
        count = len(frame.options) or 2
        need(1 <= move.index <= count, "error.no_choice", count=count)
        if frame.options:
            picked = frame.options[move.index - 1]
        elif move.index == 1:
            need(can_pay(state, seat, frame.pay), "error.cannot_trade")
            gain(state, seat, {k: -v for k, v in frame.pay.items()})
            picked = frame.gain
        else:
            picked = {}
        if picked:
            gain(state, seat, picked)
            events.append(Event("effect_gain", {"seat": seat, "card": frame.card, "gains": dict(picked)}))
        close(state, frame)


class GiveStep(Step[TKState, GiveF]):
    accepts: ClassVar[tuple[type[Move], ...]] = (Give,)

    def actors(self, state: TKState, frame: GiveF) -> frozenset[int]:
        return frozenset({frame.seat})

    def legal(self, state: TKState, frame: GiveF, seat: int) -> list[Move]:
        return [Give(s.lord) for i, s in enumerate(state.seats) if i != seat]

    def apply(self, state: TKState, frame: GiveF, seat: int, move: Give, events: list[Event]) -> None:
        other = seat_of_lord(state, move.lord)
        need(other is not None and other != seat, "error.give_whom")
        assert other is not None
        giver = state.seats[seat]
        if frame.card in giver.front:  # still there (a recall cannot come between)
            giver.front.remove(frame.card)
            target = state.seats[other]
            (target.front if frame.to == "front" else target.hand).append(frame.card)
            events.append(Event("given", {"seat": seat, "player": other, "card": frame.card, "to": frame.to}))
        close(state, frame)


class ClaimStep(Step[TKState, ClaimF]):
    accepts: ClassVar[tuple[type[Move], ...]] = (Claim,)

    def actors(self, state: TKState, frame: ClaimF) -> frozenset[int]:
        return frozenset({frame.seat})

    def legal(self, state: TKState, frame: ClaimF, seat: int) -> list[Move]:
        out: list[Move] = [Claim(card) for card in state.specials[frame.tier]]
        return [*out, Claim("points")] if state.five[frame.tier] else out

    def apply(self, state: TKState, frame: ClaimF, seat: int, move: Claim, events: list[Event]) -> None:
        player = state.seats[seat]
        if move.reward == "points":
            need(state.five[frame.tier], "error.five_gone")
            state.five[frame.tier] = False
            player.points += 5
        else:
            need(move.reward in state.specials[frame.tier], "error.special_gone", card=move.reward)
            state.specials[frame.tier].remove(move.reward)
            player.hand.append(move.reward)
            player.talent += 1  # rules §4 纳贤 note: 获得特殊人才牌 raises the talent track
        events.append(Event("rewarded", {"seat": seat, "tier": frame.tier, "reward": move.reward}))
        close(state, frame)


# ---- ordered triggers: a card's choice or trade (rules §4 纳贤 note; ruling R9) -------------------------------

def resolve(state: TKState, trigger: Trigger, events: list[Event]) -> None:
    card, _, index = trigger.arg.partition("#")
    effect = effects(card)[int(index)]
    if effect.choose:
        state.stack.append(ChoiceF(trigger.seat, card, options=[dict(o) for o in effect.choose]))
    elif effect.trade is not None and can_pay(state, trigger.seat, effect.trade.pay):
        state.stack.append(ChoiceF(trigger.seat, card, pay=dict(effect.trade.pay), gain=dict(effect.trade.gain)))


# ---- between moves: claims, the next turn ------------------------------------------------------------------

def checks(state: TKState, events: list[Event]) -> bool:
    """Claims as soon as a condition is met (rules §4: 必须称霸/王/帝), active player first; the
    end of the game stops the flow."""
    if state.over:
        return True
    top = state.stack[-1] if state.stack else None
    if isinstance(top, LordF | DraftF | PointerF | ClaimF) or state.tao < 0 or state.lue < 0:
        return False
    needs = {tier: threshold(state, tier) for tier in TIERS}  # claims change neither the ladder
    for seat in range(state.players):
        seat = (state.current + seat) % state.players
        player = state.seats[seat]
        if all(tier in player.claims for tier in TIERS):
            continue                                          # every tier claimed: nothing to check
        bonus = claim_bonus(state, seat)                      # nor the talents in front of anyone
        for tier in TIERS:
            if tier in player.claims or standing(state, seat, tier, bonus) < needs[tier]:
                continue
            player.claims.append(tier)
            events.append(Event("claimed", {"seat": seat, "tier": tier}))
            if tier == "di":
                if player.usurper:  # ruling R13: a 伪帝 who meets the condition is emperor, seals go back
                    state.seals += player.seals
                    player.seals, player.usurper = 0, False
                elif not player.crown and state.crowns:
                    player.crown = True
                    state.crowns -= 1
                continue
            if state.specials[tier] or state.five[tier]:
                state.stack.append(ClaimF(seat, tier))
                return False
    return False


def next_turn(state: TKState, events: list[Event]) -> None:
    """The next player clockwise (rules §4); a new round starts with the start player (seat 0)."""
    if state.turns:
        state.current = (state.current + 1) % state.players
        if state.current == 0:
            state.round += 1
    state.stack.append(TurnF(state.current))


FLOW: Flow[TKState] = Flow(
    {LordF: LordStep(), DraftF: DraftStep(), PointerF: PointerStep(), TurnF: TurnStep(), ActF: ActStep(),
     ConvertF: ConvertStep(), ChoiceF: ChoiceStep(), GiveF: GiveStep(), ClaimF: ClaimStep(),
     **trigger_steps(resolve, Order)},
    checks=checks, empty=next_turn)

