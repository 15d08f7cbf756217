"""Rule helpers shared by the steps: costs, metrics, effects and scoring (docs/rules/three-kingdoms.md)."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping

from games.core import Event
from games.core.flow import Trigger, fire

from .content import ROWS, SPECIAL_FOR, SPECIALS, Effect, Lord, content, square_of
from .state import TKState

#: Points for the n-th building (rules §5.2): 1/3/6/10/15/21/28/36/45/55/66/78.
BUILDING_POINTS = tuple(n * (n + 1) // 2 for n in range(13))
MAX_MARKERS = 4          # rules §4 攻城: 一个州最多拥有四个占领标记
ALL_BUILT = 12           # rules §4 游戏流程: 建设完了全部的12个建筑


def lord_of(state: TKState, seat: int) -> Lord:
    return content().lords[state.seats[seat].lord]


def seat_of_lord(state: TKState, lord: str) -> int | None:
    return next((i for i, s in enumerate(state.seats) if s.lord == lord), None)


def markers_in(state: TKState, zhou: str, seat: int) -> int:
    return state.markers.get(zhou, []).count(seat)


def buildings_in(state: TKState, zhou: str, seat: int) -> int:
    return sum(1 for b in state.squares.get(zhou, {}).values() if b.seat == seat)


def held(state: TKState, seat: int) -> list[str]:
    """The 州 holding at least one of ``seat``'s markers, in data order."""
    return [z for z in content().zhou if seat in state.markers.get(z, [])]


def markers_on_map(state: TKState, seat: int) -> int:
    return sum(m.count(seat) for m in state.markers.values())


def order_from(state: TKState, seat: int) -> list[int]:
    """Seats in turn order starting with ``seat`` (rules §4: 从当前回合玩家开始依次结算)."""
    return [(seat + i) % state.players for i in range(state.players)]


def effects(card: str) -> tuple[Effect, ...]:
    return content().talents[card].effects


def front_effects(state: TKState, seat: int) -> Iterator[tuple[str, int, Effect]]:
    """(card, index, effect) of every talent in front of ``seat`` (在面前时)."""
    for card in state.seats[seat].front:
        for index, effect in enumerate(effects(card)):
            yield card, index, effect


def turn_effects(state: TKState, seat: int) -> Iterator[tuple[str, int, Effect]]:
    """The "本回合若为" effects of the card ``seat`` played this turn."""
    if seat == state.current and state.turn_card:
        for index, effect in enumerate(effects(state.turn_card)):
            if effect.when == "turn":
                yield state.turn_card, index, effect


def cost_change(state: TKState, seat: int, action: str) -> int:
    """What ``seat`` pays more (+) or less (-) for ``action``: its special building (-1), talents'
    discounts (在面前时 and 本回合若为) and its 玉玺 (+1 each, rules §4 伪帝)."""
    player = state.seats[seat]
    change = player.seals
    for kind in SPECIALS:
        if SPECIAL_FOR[kind] == action and player.count(kind):
            change -= 1
    talents = content().talents
    for card in player.front:
        for effect in talents[card].effects:
            if effect.when == "front" and effect.action == action:
                change -= effect.discount
    for _, _, effect in turn_effects(state, seat):
        if effect.action == action:
            change -= effect.discount
    return change


def priced(state: TKState, seat: int, action: str, base: int) -> int:
    return max(0, base + cost_change(state, seat, action))


def hire_cost(state: TKState, seat: int, card: str) -> int:
    return priced(state, seat, "hire", content().talents[card].cost)


def region_of_market(state: TKState, card: str) -> str | None:
    return next((r for r, cards in state.markets.items() if card in cards), None)


def may_hire_in(state: TKState, seat: int, region: str) -> bool:
    """rules §4 纳贤: a market of a region where the player has an occupation marker."""
    return region in held_regions(state, seat)


def held_regions(state: TKState, seat: int) -> set[str]:
    """The regions where ``seat`` has an occupation marker (rules §4 纳贤: whose markets it may hire from)."""
    zhou = content().zhou
    return {zhou[z].region for z in held(state, seat)}


def siege_base(state: TKState, seat: int, zhou: str) -> int | None:
    """Troops for 攻城 on ``zhou`` before changes: the 州's dearest border when ``seat`` holds it
    (option 2), the cheapest border from a 州 it holds (option 1), ``None`` when not adjacent."""
    borders = content().neighbours[zhou]
    if markers_in(state, zhou, seat):
        return max(borders.values())
    costs = [cost for z, cost in borders.items() if markers_in(state, z, seat)]
    return min(costs) if costs else None


def build_base(state: TKState, seat: int, kind: str) -> int | None:
    """Wood for the next building of ``kind`` on the lord board, ``None`` when none is left."""
    lord, player = lord_of(state, seat), state.seats[seat]
    if kind in SPECIALS:
        return None if player.count(kind) else lord.special_cost(kind)
    built = player.count(kind)
    return None if built >= 3 else lord.row(kind)[built].cost


def may_build_in(state: TKState, seat: int, zhou: str, kind: str) -> bool:
    """rules §4 建设: fewer buildings than the talent track, fewer of yours in the 州 than your
    markers there, and its square for that kind empty."""
    player = state.seats[seat]
    return (player.buildings < player.talent and markers_in(state, zhou, seat) > buildings_in(state, zhou, seat)
            and square_of(kind) not in state.squares.get(zhou, {}))


def could_still_build(state: TKState, seat: int) -> bool:
    """Whether ``seat`` could ever build again, resources aside (ruling R16): a building left on its
    lord board, room under its talent track or a talent left in a market, and a free square for it in a
    州 where it has a spare marker, or could still place one (a 州 with room, reached from its own
    through 州 with room)."""
    player, lord = state.seats[seat], lord_of(state, seat)
    kinds = [k for k in SPECIALS if not player.count(k)] + [r for r in ROWS if player.count(r) < len(lord.row(r))]
    if not kinds:
        return False
    if player.buildings >= player.talent and not any(state.markets.values()):
        return False  # no talent left to hire (a special not yet earned is not counted on)
    room = {z for z in content().zhou if len(state.markers.get(z, [])) < MAX_MARKERS}
    reach: set[str] = set()
    if player.markers > 0:
        frontier = [z for z in held(state, seat)]
        seen = set(frontier)
        while frontier:
            zhou = frontier.pop()
            for other in content().neighbours[zhou]:
                if other in room and other not in seen:
                    seen.add(other)
                    frontier.append(other)
        reach = seen & room
    for zhou in content().zhou:
        spare = markers_in(state, zhou, seat) > buildings_in(state, zhou, seat) or zhou in reach
        if spare and any(square_of(k) not in state.squares.get(zhou, {}) for k in kinds):
            return True
    return False


def gain(state: TKState, seat: int, gains: Mapping[str, int]) -> None:
    player = state.seats[seat]
    for key, amount in gains.items():
        setattr(player, key, getattr(player, key) + amount)


def can_pay(state: TKState, seat: int, cost: Mapping[str, int]) -> bool:
    player = state.seats[seat]
    return all(getattr(player, key) >= amount for key, amount in cost.items())


def lose_up_to(state: TKState, seat: int, losses: Mapping[str, int]) -> dict[str, int]:
    """Take up to ``losses`` from ``seat`` (never below zero); what was taken."""
    player, taken = state.seats[seat], {}
    for key, amount in losses.items():
        have = getattr(player, key)
        take = min(have, amount) if key != "points" else amount
        setattr(player, key, have - take)
        if take:
            taken[key] = take
    return taken


def action_taken(state: TKState, seat: int, action: str, events: list[Event]) -> None:
    """The effects an action triggers (rules §4 纳贤 note): plain gains at once (their order cannot
    matter), choices and trades queued owner by owner from the active player (ruling R9)."""
    queued: list[Trigger] = []

    def run(owner: int, card: str, index: int, effect: Effect) -> None:
        if effect.gain:
            gain(state, owner, effect.gain)
            events.append(Event("effect_gain", {"seat": owner, "card": card, "gains": dict(effect.gain)}))
        if effect.choose or effect.trade is not None:
            queued.append(Trigger(owner, "card", f"{card}#{index}"))

    for owner in order_from(state, state.current):
        if owner == seat:
            for card, index, effect in turn_effects(state, seat):
                if effect.action == action:
                    run(owner, card, index, effect)
        for card, index, effect in front_effects(state, owner):
            if effect.action != action:
                continue
            if (effect.when == "front" and owner == seat) or (effect.when == "others" and owner != seat):
                run(owner, card, index, effect)
    fire(state, queued, order_from(state, state.current))


@functools.cache
def _card_claim(card: str) -> int:
    """What ``card`` in front of its owner adds to his claim conditions (在面前时, 伪帝 note), from the data."""
    return sum(effect.claim for effect in content().talents[card].effects if effect.when == "front")


def claim_bonus(state: TKState, seat: int) -> int:
    """What the talents in front of ``seat`` add to its claim conditions (read after every move)."""
    return sum(_card_claim(card) for card in state.seats[seat].front)


def metric(state: TKState, seat: int, name: str) -> int:
    """A condition card's measure of ``seat`` (data/README.md, conditions)."""
    player = state.seats[seat]
    if name == "markers":
        return markers_on_map(state, seat)
    if name == "zhou":
        return len(held(state, seat))
    if name == "regions":
        return len({content().zhou[z].region for z in held(state, seat)})
    if name == "fortified":
        return sum(1 for markers in state.markers.values() if markers.count(seat) >= 2)
    if name == "buildings":
        return player.buildings
    if name == "talent":
        return player.talent
    if name == "kinds":
        return sum(1 for n in player.built.values() if n)
    if name == "front":
        return len(player.front)
    if name == "resources":
        return player.gold + player.wood + player.troops
    return player.points


def standing(state: TKState, seat: int, tier: str, bonus: int | None = None) -> int:
    """``seat``'s value toward ``tier``'s condition, with its talents' modifications (伪帝 note);
    ``bonus``: its :func:`claim_bonus`, when the caller has it already."""
    condition = content().conditions[state.ladder[tier]]
    return metric(state, seat, condition.metric) + (claim_bonus(state, seat) if bonus is None else bonus)


def threshold(state: TKState, tier: str) -> int:
    return content().conditions[state.ladder[tier]].threshold(tier)


def usurp_need(state: TKState, seat: int) -> int | None:
    """玉玺 a 伪帝 claim would take now, or ``None`` when ``seat`` may not usurp (rules §4 伪帝:
    half the emperor condition rounded up, the gap in seals; ruling R12: the seals must be there)."""
    player = state.seats[seat]
    condition = content().conditions[state.ladder["di"]]
    if player.crown or "di" in player.claims or not condition.usurp or state.crowns == 0:
        return None
    need, have = threshold(state, "di"), standing(state, seat, "di")
    if have < -(-need // 2) or have >= need:
        return None
    gap = need - have
    return gap if gap <= state.seals else None


def card_points(state: TKState, seat: int) -> int:
    player = state.seats[seat]
    talents = content().talents
    return sum(talents[c].points for c in (*player.hand, *player.front))


def public_score(state: TKState, seat: int) -> dict[str, int]:
    """The final score parts everyone can count now (rules §5): track, buildings, markers beyond buildings,
    resources — all but the talents, whose hand is hidden (ruling R8)."""
    player = state.seats[seat]
    built = player.buildings
    return {
        "track": player.points,
        "buildings": BUILDING_POINTS[built],
        "markers": 3 * max(0, markers_on_map(state, seat) - built),
        "resources": (player.gold + player.wood + player.troops) // 3,
    }


def score(state: TKState, seat: int) -> dict[str, int]:
    """Final score parts (rules §5): track, talents in hand and in front, buildings, markers beyond
    buildings, resources."""
    seen = public_score(state, seat)
    return {"track": seen["track"], "talents": card_points(state, seat), "buildings": seen["buildings"],
            "markers": seen["markers"], "resources": seen["resources"]}
