"""Production forecasts for the It's a Wonderful World bot.

A :class:`Forecast` is one seat's public position turned into small integer vectors. :meth:`play`
plays that seat's own production out to the end of the game — every remaining step of every
remaining round, with chain builds, construction bonuses, krystallium from stored cubes and the
supremacy it can count on — placing cubes exactly as the bot does (:func:`allocate`,
:func:`wild_target`). It returns a worth: the points the empire would score, plus the production
left free in rounds whose cards are still to be drafted (that is what new cards will be built
with), plus what its multipliers can expect from cards still to come.

Nothing here looks at hidden information: only the seat's own cards and hand, and the other
empires' public production.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import NamedTuple

from .cards import PRODUCTION_ORDER, CardType, designs, empires
from .costs import missing
from .state import Empire, Phase, WorldState
from .steps import DRAFTED_PER_ROUND, KRYSTALLIUM_RATE, ROUNDS

RES = tuple(r.value for r in PRODUCTION_ORDER)        # resources 0..4, in production order
KRYST, FIN, GEN = 5, 6, 7                             # further slots of a need vector
NEED_KEYS = (*RES, "krystallium", "financier", "general")
STEPS = len(RES)
TYPES = tuple(t.value for t in CardType)              # multiplier kinds 0..4 (5, 6: characters)
MULT_KIND = {**{t: i for i, t in enumerate(TYPES)}, "financier": 5, "general": 6}

# Worth of one cube of production left free in a round whose cards are still to be drafted.
FREE_CUBE = (0.45, 0.55, 0.8, 0.8, 0.8)
# Cards of each type an empire can expect to build per round still to be drafted, characters too;
# a multiplier is credited with MULTIPLIER_HOPE of that expectation.
EXPECTED_PER_ROUND = (0.9, 0.6, 0.6, 0.5, 0.3)
EXPECTED_CHARACTERS_PER_ROUND = 0.6
MULTIPLIER_HOPE = 0.6
KRYSTALLIUM_LEFT = 0.15    # krystallium left at the end breaks ties (and may yet finish a card)
RESERVE_LEFT = 0.02
# Per built card: ties go to most built cards, and every built card feeds multipliers still to come.
BUILT = 0.6
ENGINE_FIRST = 2.5         # placement: an engine counts as this many cubes closer to completion


@dataclass(frozen=True, slots=True)
class Info:
    """A card design as vectors."""

    cost: tuple[int, ...]          # 8: resources, krystallium, financier, general
    prod: tuple[int, ...]          # 5
    per_res: int                   # production_per: resource, or -1
    per_type: int                  # production_per: card type
    bonus: tuple[int, int, int]    # krystallium, financier, general
    points: int
    mult_kind: int                 # -1, card type 0..4, 5 financier, 6 general
    mult_points: int
    type: int
    recycle: int
    engine: bool                   # produces something or gives a bonus


@cache
def info(design_id: str) -> Info:
    d = designs()[design_id]
    per = d.production_per
    return Info(
        cost=tuple(d.cost.get(k, 0) for k in NEED_KEYS),
        prod=tuple(d.production.get(r, 0) for r in RES),
        per_res=RES.index(per.resource.value) if per else -1,
        per_type=TYPES.index(per.per.value) if per else -1,
        bonus=(d.bonus.get("krystallium", 0), d.bonus.get("financier", 0), d.bonus.get("general", 0)),
        points=d.points,
        mult_kind=MULT_KIND[d.points_per.per] if d.points_per else -1,
        mult_points=d.points_per.points if d.points_per else 0,
        type=TYPES.index(d.type.value),
        recycle=RES.index(d.recycle.value),
        engine=bool(d.production or per or d.bonus),
    )


@cache
def side_info(empire_id: str, side: str) -> tuple[tuple[int, ...], int, int]:
    """An empire card side: production vector, multiplier kind (-1: none), multiplier points."""
    s = getattr(empires()[empire_id], side)
    prod = tuple(s.production.get(r, 0) for r in RES)
    if s.points_per:
        return prod, MULT_KIND[s.points_per.per], s.points_per.points
    return prod, -1, 0


def production_vector(state: WorldState, empire: Empire) -> list[int]:
    """What ``empire`` produces of each resource (as :func:`.scoring.production`)."""
    out = list(side_info(empire.empire, state.side)[0])
    cards = [info(state.cards[u]) for u in empire.built]
    counts = [0] * len(TYPES)
    for card in cards:
        counts[card.type] += 1
        for r in range(STEPS):
            out[r] += card.prod[r]
    for card in cards:
        if card.per_res >= 0:
            out[card.per_res] += counts[card.per_type]
    return out


class Slot:
    """A card being paid for, in a forecast or now: its design and what it still needs."""

    __slots__ = ("info", "need", "uid")

    def __init__(self, uid: int, info_: Info, need: list[int]) -> None:
        self.uid = uid
        self.info = info_
        self.need = need

    def copy(self) -> Slot:
        return Slot(self.uid, self.info, list(self.need))


def slot_for(state: WorldState, uid: int, paid: dict[str, int]) -> Slot:
    left = missing(designs()[state.cards[uid]], paid)
    return Slot(uid, info(state.cards[uid]), [left.get(k, 0) for k in NEED_KEYS])


def ordered(slots: list[Slot], late: bool) -> list[Slot]:
    """Placement order: the card closest to completion first, engines counting as closer while
    their production still matters; ties to the lowest card number."""
    def key(slot: Slot) -> tuple[float, int]:
        need = slot.need
        left = need[0] + need[1] + need[2] + need[3] + need[4] + need[KRYST]
        return (left - ENGINE_FIRST if slot.info.engine and not late else left, slot.uid)
    return sorted(slots, key=key)


def allocate(slots: list[Slot], pool: list[int], supply: list[int] | tuple[int, ...],
             late: bool) -> list[tuple[Slot, int, int]]:
    """How the bot places the cubes in ``pool``: (slot, resource, count), in order.

    First on every card the cubes finish outright (with the krystallium spaces and characters it
    still needs in hand), then on cards in placement order. ``pool`` is consumed.
    """
    wanted = [s for s in slots if any(s.need[r] and pool[r] for r in range(STEPS))]
    if not wanted:
        return []
    kryst, fin, gen = supply
    out: list[tuple[Slot, int, int]] = []
    rest: list[Slot] = []
    for slot in ordered(wanted, late):
        need = slot.need
        if (need[FIN] <= fin and need[GEN] <= gen and need[KRYST] <= kryst
                and all(need[r] <= pool[r] for r in range(STEPS))):
            for r in range(STEPS):
                if need[r]:
                    out.append((slot, r, need[r]))
                    pool[r] -= need[r]
            fin -= need[FIN]
            gen -= need[GEN]
            kryst -= need[KRYST]
        else:
            rest.append(slot)
    for slot in rest:
        need = slot.need
        for r in range(STEPS):
            n = min(need[r], pool[r])
            if n > 0:
                out.append((slot, r, n))
                pool[r] -= n
    return out


def allocate_one(slots: list[Slot], r: int, amount: int, supply: list[int] | tuple[int, ...],
                 late: bool) -> tuple[list[tuple[Slot, int, int]], int]:
    """:func:`allocate` for a pool of ``amount`` cubes of resource ``r`` only; also what is left."""
    wanted = [s for s in slots if s.need[r]]
    if not wanted:
        return [], amount
    kryst, fin, gen = supply
    out: list[tuple[Slot, int, int]] = []
    rest: list[Slot] = []
    for slot in ordered(wanted, late) if len(wanted) > 1 else wanted:
        need = slot.need
        if (need[r] <= amount and need[FIN] <= fin and need[GEN] <= gen and need[KRYST] <= kryst
                and need[0] + need[1] + need[2] + need[3] + need[4] == need[r]):
            out.append((slot, r, need[r]))
            amount -= need[r]
            fin -= need[FIN]
            gen -= need[GEN]
            kryst -= need[KRYST]
        else:
            rest.append(slot)
    for slot in rest:
        if not amount:
            break
        n = min(slot.need[r], amount)
        out.append((slot, r, n))
        amount -= n
    return out, amount


def stuck(need: list[int], prod: list[int], step: int) -> bool:
    """This round's production still to come (steps after ``step``) cannot finish the card."""
    return any(need[r] > (prod[r] if r > step else 0) for r in range(STEPS))


def wild_target(slots: list[Slot], prod: list[int], step: int, supply: list[int] | tuple[int, ...],
                late: bool) -> Slot | None:
    """A card to finish now with krystallium and the characters it needs: one with nothing else
    missing, or one this round's production will not finish; in placement order."""
    kryst, fin, gen = supply
    for slot in ordered(slots, late):
        need = slot.need
        wants = need[0] + need[1] + need[2] + need[3] + need[4] + need[KRYST]
        if need[FIN] > fin or need[GEN] > gen or wants > kryst:
            continue
        if need[KRYST] == wants or stuck(need, prod, step):
            return slot
    return None


class Forecast:
    """One seat's position as vectors, ready to be played out many times."""

    def __init__(self, state: WorldState, seat: int) -> None:
        empire = state.empires[seat]
        self.state = state
        self.seat = seat
        self.empire = empire
        self.round = state.round
        self.step = state.step if state.phase == Phase.PRODUCTION else -1
        self.slots = [slot_for(state, c.uid, c.paid) for c in empire.construction]
        self.pool = [empire.pool.get(r, 0) for r in RES]
        solo = state.players == 1
        others = [production_vector(state, e) for s, e in enumerate(state.empires) if s != seat]
        others_max = tuple(max((p[r] for p in others), default=0) for r in range(STEPS))
        # Part of this round whose cards are still to come (draft; solo: the second pile).
        if state.phase == Phase.DRAFT:
            drafting_now = max(0, DRAFTED_PER_ROUND - len(empire.drafted)) / DRAFTED_PER_ROUND
        else:
            drafting_now = 0.5 if solo and state.phase == Phase.PLANNING and state.solo_pile == 0 else 0.0
        self.drafting_now = drafting_now
        self.context = Context(
            round=state.round, step=self.step, drafting_now=drafting_now,
            penalty=state.options.get("unfinished_penalty", 1),
            empire=empire.empire, side=state.side, built=tuple(sorted(state.cards[u] for u in empire.built)),
            others_max=others_max, solo=solo, krystallium=empire.krystallium, financier=empire.financier,
            general=empire.general, reserve=empire.reserve)

    def production(self) -> list[int]:
        return production_vector(self.state, self.empire)

    def run(self, add: tuple[int, ...] = (), drop: tuple[int, ...] = (), extra: list[int] | None = None,
            chars: tuple[int, int] = (0, 0)) -> float:
        """Worth of the position with drafted cards ``add`` slated, waiting cards ``drop``
        recycled (their cubes added to the pool), ``extra`` cubes in the pool and ``chars`` more
        financiers and generals."""
        return self.play(add, drop, extra, chars)[0]

    def play(self, add: tuple[int, ...] = (), drop: tuple[int, ...] = (), extra: list[int] | None = None,
             chars: tuple[int, int] = (0, 0)) -> tuple[float, tuple[int, ...]]:
        """:meth:`run`, also returning the cards left unfinished at the end."""
        cards = self.state.cards
        slots = [(s.uid, cards[s.uid], tuple(s.need)) for s in self.slots if s.uid not in drop]
        slots += [(u, cards[u], info(cards[u]).cost) for u in add]
        pool = list(self.pool)
        if extra:
            for r in range(STEPS):
                pool[r] += extra[r]
        for u in drop:
            pool[info(cards[u]).recycle] += 1
        return simulate(self.context, tuple(sorted(slots)), tuple(pool), chars)


class Context(NamedTuple):
    """What a forecast starts from besides the cards under construction and the pool."""

    round: int
    step: int                       # production step now, -1 before production (draft, planning)
    drafting_now: float             # part of this round's cards still to be drafted
    penalty: int
    empire: str
    side: str
    built: tuple[str, ...]
    others_max: tuple[int, ...]     # the best production of each resource among the others
    solo: bool
    krystallium: int
    financier: int
    general: int
    reserve: int


@lru_cache(maxsize=1 << 12)   # a few MB; recent forecasts are the ones asked again
def simulate(ctx: Context, start: tuple[tuple[int, str, tuple[int, ...]], ...], start_pool: tuple[int, ...],
             chars: tuple[int, int]) -> tuple[float, tuple[int, ...]]:
    """Play the seat's production out to the end of the game; its worth and the unfinished cards.

    A pure function of its arguments (cached): ``start`` is (uid, design, still needed) of every
    card under construction, ``start_pool`` the cubes to place now.
    """
    base_prod, emp_kind, emp_points = side_info(ctx.empire, ctx.side)
    slots = [Slot(uid, info(design), list(need)) for uid, design, need in start]
    pool = list(start_pool)
    supply = [ctx.krystallium, ctx.financier + chars[0], ctx.general + chars[1]]
    reserve = ctx.reserve
    built = [info(d) for d in ctx.built]
    counts = [0] * len(TYPES)
    fixed = list(base_prod)
    for card in built:
        counts[card.type] += 1
        for r in range(STEPS):
            fixed[r] += card.prod[r]
    pers = [c for c in built if c.per_res >= 0]

    def finish(slot: Slot) -> None:
        need = slot.need
        supply[0] -= need[0] + need[1] + need[2] + need[3] + need[4] + need[KRYST]
        supply[1] -= need[FIN]
        supply[2] -= need[GEN]
        slots.remove(slot)
        card = slot.info
        built.append(card)
        counts[card.type] += 1
        for r in range(STEPS):
            fixed[r] += card.prod[r]
        if card.per_res >= 0:
            pers.append(card)
        supply[0] += card.bonus[0]
        supply[1] += card.bonus[1]
        supply[2] += card.bonus[2]

    def act(pool: list[int], step: int, late: bool, now: bool = False) -> None:
        """Place the pool and finish what it completes, then finish cards with krystallium.
        Outside planning only if a cube fits (rules reference 4.6, R10: otherwise the seat does not act), or
        ``now``: the step the seat is acting in, asked for its move even with nothing left to
        place (it may still finish cards with krystallium and characters)."""
        acting = step < 0 or now
        if step >= 0 and pool[step] == sum(pool):
            moves, pool[step] = allocate_one(slots, step, pool[step], supply, late)
        else:
            moves = allocate(slots, pool, supply, late) if any(pool) else []
        if moves:
            acting = True
            for slot, r, n in moves:
                slot.need[r] -= n
            for slot, _, _ in moves:
                need = slot.need
                if (slot in slots and not (need[0] or need[1] or need[2] or need[3] or need[4])
                        and need[FIN] <= supply[1] and need[GEN] <= supply[2] and need[KRYST] <= supply[0]):
                    finish(slot)
        if acting and supply[0] + supply[1] + supply[2]:
            while (target := wild_target(slots, prod, step, supply, late)) is not None:
                finish(target)

    def prod_now() -> list[int]:
        out = list(fixed)
        for card in pers:
            out[card.per_res] += counts[card.per_type]
        return out

    prod = prod_now()
    free = 0.0
    first = True
    for rnd in range(ctx.round, ROUNDS + 1):
        late = rnd >= ROUNDS
        capacity = 1.0 if rnd > ctx.round else ctx.drafting_now
        if first and ctx.step >= 0:
            steps = range(ctx.step, STEPS)
        else:
            if first:       # planning now: the recycled cubes in the pool
                act(pool, -1, late)
                reserve += sum(pool)
                supply[0] += reserve // KRYSTALLIUM_RATE
                reserve %= KRYSTALLIUM_RATE
            elif supply[0] + supply[1] + supply[2]:
                act([0] * STEPS, -1, late)
            steps = range(STEPS)
        for s in steps:
            if not (first and s == ctx.step):
                amount = prod[s]
                pool = [0] * STEPS
                pool[s] = amount
                if amount > 0 and not ctx.solo and amount > ctx.others_max[s] + (rnd - ctx.round):
                    if s == 2:
                        general = emp_kind == MULT_KIND["general"] or any(sl.need[GEN] for sl in slots)
                        supply[2 if general else 1] += 1
                    else:
                        supply[1 if s in (0, 3) else 2] += 1
            now = first and s == ctx.step
            if any(pool) or now:
                act(pool, s, late, now)
                left = sum(pool)
                if left:
                    if capacity:
                        for r in range(STEPS):
                            free += pool[r] * FREE_CUBE[r] * capacity
                    else:
                        reserve += left
                        supply[0] += reserve // KRYSTALLIUM_RATE
                        reserve %= KRYSTALLIUM_RATE
                prod = prod_now()
        first = False
    points = 0.0
    hope = (ROUNDS - ctx.round + ctx.drafting_now) * MULTIPLIER_HOPE
    kryst, fin, gen = supply
    for card in built:
        points += card.points
        if card.mult_kind >= 0:
            points += card.mult_points * _per(card.mult_kind, counts, fin, gen, hope)
    if emp_kind >= 0:
        points += emp_points * _per(emp_kind, counts, fin, gen, hope)
    points += BUILT * len(built) - ctx.penalty * len(slots)
    points += free + KRYSTALLIUM_LEFT * kryst + RESERVE_LEFT * reserve
    return points, tuple(sorted(s.uid for s in slots))


def _per(kind: int, counts: list[int], fin: int, gen: int, hope: float) -> float:
    """What a multiplier of ``kind`` counts at the end, with cards still to come hoped for."""
    if kind < len(TYPES):
        return counts[kind] + hope * EXPECTED_PER_ROUND[kind]
    return (fin if kind == MULT_KIND["financier"] else gen) + hope * EXPECTED_CHARACTERS_PER_ROUND
