"""巨富豪∞: the bidding battle (rules text, 竞标) — every wonder fights every other at once until one is left.

The text: "所有玩家将以自己设计的奇观建筑作为武器，与其余玩家展开无限制的建筑大乱斗", a wonder whose 稳定性 reaches
zero leaves ("当一座建筑的稳定性归零时，这座建筑以及它的设计师就会立即退场"), and "最后一名持有奇观建筑的玩家将成为
本场竞标的最终胜者". What the text leaves out is authored here and ruled on in ``docs/rules/megarich-battle.md``;
the figures are data, ``data/battle.toml``.

**A tick.** Every standing wonder, in seat order, makes its attacks against the wonders standing at the start of
the tick: one base attack, then any extra attacks its :class:`Effect` s of kind ``strike`` have charged, then the
hits of the minions its ``summon`` effects call. Each attack draws a target among the others (weight menace²,
:func:`menace`: 2S + 3A + 3D of the full stats), a roll of 85–115 % and, only when the attacker has a crit effect, a
crit check. All hits land at once: a wonder knocked out in a tick
still makes its attacks in that tick. Then wonders at S ≤ 0 leave; then the survivors' ``regen`` effects restore S
(never above the full S). The battle stops when at most one wonder stands, or after ``cap`` ticks.

**The hit** (:func:`hit`): ⌊A² · 50 % · roll · escalation · (100 + boost) % / (A + D)⌋, at least 1. Defence takes
the share D / (A + D) of A's raw ½A (:func:`defence_share`), smaller the larger A is. From tick 13 every hit grows
by 10 % a tick (:func:`escalation`), so battles end; the cap is 40 ticks.

**支持度 F** "不会直接影响建筑的‘数值’，但会影响部分灵感块提供的特殊效果在包括攻击速度、回复量、单次召唤数量、增幅量在内
的多个方面的表现": F changes no hit, no S, no target weight. It multiplies what block effects do by
:func:`fscale` (1 + F/(F + 30)): the speed of extra attacks, the amount regenerated, the minions per summon, the
size of a boost and the chance of a crit. A wonder with no effects gets nothing from F but the tie-break.

**Ranking.** Wonders leave in order; those that leave in the same tick rank among themselves by S after the tick's
hits (the least overkilled first), then F, then a seeded draw. Should the last wonders all fall in one tick, the
first of them wins (the text wants one winner). At the cap the survivors rank by the share of their full S left,
then F, then a seeded draw. Randomness is only the :class:`~games.core.rng.Rng` the caller passes (the game
state's), so a battle replays exactly from the same generator state.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import cache
from pathlib import Path

import msgspec

from games.core.rng import Rng

__all__ = [
    "BattleResult",
    "Effect",
    "EffectKind",
    "Event",
    "EventKind",
    "Rules",
    "Wonder",
    "defence_share",
    "fight",
    "fscale",
    "hit",
    "menace",
    "rules",
]

DATA = Path(__file__).parent / "data"
PERMILLE = 1000


@dataclass(frozen=True)
class Rules:
    """The battle's constants (``data/battle.toml``)."""

    defence_weight: int
    scale_percent: int
    roll_min: int
    roll_max: int
    min_hit: int
    crit_percent: int
    escalation_start: int
    escalation_step: int
    cap: int
    s_weight: int
    a_weight: int
    d_weight: int
    exponent: int
    support_half: int
    crit_cap_percent: int


@cache
def rules() -> Rules:
    """The constants read from ``data/battle.toml``."""
    raw = tomllib.loads((DATA / "battle.toml").read_text(encoding="utf-8"))
    d, e, t, g, s = raw["damage"], raw["escalation"], raw["ticks"], raw["targeting"], raw["support"]
    return Rules(
        defence_weight=int(d["defence_weight"]), scale_percent=int(d["scale_percent"]),
        roll_min=int(d["roll_min"]), roll_max=int(d["roll_max"]), min_hit=int(d["min_hit"]),
        crit_percent=int(d["crit_percent"]), escalation_start=int(e["start"]), escalation_step=int(e["step"]),
        cap=int(t["cap"]), s_weight=int(g["s_weight"]), a_weight=int(g["a_weight"]), d_weight=int(g["d_weight"]),
        exponent=int(g["exponent"]), support_half=int(s["half"]), crit_cap_percent=int(s["crit_cap_percent"]),
    )


class EffectKind(StrEnum):
    """What a block's special effect does in the battle; F scales each one (:func:`fscale`)."""

    REGEN = "regen"
    """Every ``every`` ticks, restore ``amount`` S (×fscale: 回复量), after the tick's hits, up to the full S."""
    STRIKE = "strike"
    """``amount`` extra attacks per ``every`` ticks (×fscale: 攻击速度), charged a little each tick."""
    SUMMON = "summon"
    """Every ``every`` ticks, call ``amount`` minions (×fscale: 单次召唤数量), each hitting once with attack
    ``power``."""
    BOOST = "boost"
    """The wonder's own attacks deal ``amount`` % more (×fscale: 增幅量)."""
    CRIT = "crit"
    """Each of the wonder's own attacks is critical with chance ``amount`` % (×fscale, at most the cap)."""


@dataclass(frozen=True)
class Effect:
    """One special effect a block gives its wonder in the battle (a later part reads them off the design).

    ``amount`` is the effect's size at F = 0 (see :class:`EffectKind`); ``every`` the ticks between activations
    (regen, strike, summon); ``power`` a summoned minion's attack; ``source`` names the block for the timeline.
    """

    kind: EffectKind
    amount: int
    every: int = 1
    power: int = 0
    source: str = ""

    def __post_init__(self) -> None:
        if self.amount < 0 or self.every < 1 or self.power < 0:
            raise ValueError(f"an effect needs amount ≥ 0, every ≥ 1, power ≥ 0: {self!r}")


@dataclass(frozen=True)
class Wonder:
    """A wonder as it enters the battle: its seat, its base stats and its blocks' effects."""

    seat: int
    S: int
    A: int
    D: int
    F: int
    effects: tuple[Effect, ...] = ()
    name: str = ""

    def __post_init__(self) -> None:
        if self.S < 1 or min(self.A, self.D, self.F) < 0:
            raise ValueError(f"a wonder needs S ≥ 1 and A, D, F ≥ 0: {self!r}")


class EventKind(StrEnum):
    """A line of the timeline."""

    ATTACK = "attack"
    """A wonder's base attack."""
    STRIKE = "strike"
    """An extra attack from a ``strike`` effect."""
    SUMMON = "summon"
    """A summoned minion's hit (the attacker is the wonder that called it)."""
    REGEN = "regen"
    """S restored by a ``regen`` effect: ``attacker == target``, ``damage`` is the negative amount."""


@dataclass(frozen=True)
class Event:
    """One line of the timeline, in the order the tick resolves: ``s_after`` is the target's S once this event is
    counted (hits land together, but are listed one by one); ``eliminated`` marks the last hit on a wonder that
    ends the tick at S ≤ 0."""

    tick: int
    kind: EventKind
    attacker: int
    target: int
    damage: int
    crit: bool
    eliminated: bool
    s_after: int
    source: str = ""


@dataclass(frozen=True)
class BattleResult:
    """What a battle produced: plain data, the view a renderer draws and a summary describes."""

    wonders: tuple[Wonder, ...]
    winner: int
    """The winning wonder's seat."""
    ranking: tuple[int, ...]
    """Seats, first place first."""
    events: tuple[Event, ...]
    ticks: int
    """Ticks fought."""
    timed_out: bool
    """True when the cap stopped the battle with more than one wonder standing."""
    out_at: dict[int, int] = field(default_factory=dict)
    """Seat → the tick its wonder left (absent for the survivors)."""
    final_s: dict[int, int] = field(default_factory=dict)
    """Seat → S at the end (≤ 0 for a wonder that left)."""
    damage_dealt: dict[int, int] = field(default_factory=dict)
    """Seat → total damage its attacks and minions dealt."""

    def wonder(self, seat: int) -> Wonder:
        return next(w for w in self.wonders if w.seat == seat)


def defence_share(attack: int, defence: int, r: Rules | None = None) -> Fraction:
    """The share of a hit the defence removes: k·D / (A + k·D) (0 when both are 0). For D > 0 it falls as A rises."""
    r = r or rules()
    k = r.defence_weight * defence
    return Fraction(k, attack + k) if attack + k else Fraction(0)


def escalation(tick: int, r: Rules | None = None) -> int:
    """The escalation percentage at ``tick``: 100 until the start, then ``step`` more per tick."""
    r = r or rules()
    return 100 + r.escalation_step * max(0, tick - r.escalation_start)


def hit(attack: int, defence: int, *, roll: int = 100, tick: int = 1, boost: int = 0, crit: bool = False,
        r: Rules | None = None) -> int:
    """Damage of one attack: ⌊A² · scale · roll · escalation · (100 + boost) · crit / (A + k·D)⌋, at least min_hit."""
    r = r or rules()
    if attack <= 0:
        return r.min_hit
    numerator = attack * attack * r.scale_percent * roll * escalation(tick, r) * (100 + boost)
    numerator *= r.crit_percent if crit else 100
    denominator = (attack + r.defence_weight * defence) * 100 ** 5
    return max(r.min_hit, numerator // denominator)


def fscale(support: int, r: Rules | None = None) -> int:
    """How much F multiplies block effects, in permille: 1000 · (1 + F / (F + half)) — 1000 at F = 0, 1500 at
    F = half, under 2000 always."""
    r = r or rules()
    return PERMILLE + PERMILLE * support // (support + r.support_half)


def menace(w: Wonder, r: Rules | None = None) -> int:
    """How much fire a wonder draws: s·S + a·A + d·D of its full stats (F never counts)."""
    r = r or rules()
    return r.s_weight * w.S + r.a_weight * w.A + r.d_weight * w.D


@dataclass
class _Live:
    wonder: Wonder
    s: int
    scale: int
    boost: int
    crit: int
    charge: dict[int, int] = field(default_factory=dict)    # effect index → permille charge (strike, summon)


_Hit = tuple[int, EventKind, int, int, bool, str]
"""attacker, kind, target, damage, crit, source"""


@dataclass
class _Turn:
    tick: int
    standing: list[int]
    weight: dict[int, int]
    live: dict[int, _Live]
    hits: list[_Hit]
    rng: Rng
    r: Rules

    def attack(self, seat: int, power: int, kind: EventKind, source: str, *, own: bool) -> None:
        """One attack by ``seat`` (or its minion): draw the target, the roll and (own attacks with a crit effect) the
        crit; the hit is collected to land with the tick's others."""
        others = [s for s in self.standing if s != seat]
        pick = self.rng.below(sum(self.weight[s] for s in others))
        target = others[-1]
        for s in others:
            pick -= self.weight[s]
            if pick < 0:
                target = s
                break
        roll = self.rng.between(self.r.roll_min, self.r.roll_max)
        me = self.live[seat]
        crit = own and me.crit > 0 and self.rng.below(100) < me.crit
        damage = hit(power, self.live[target].wonder.D, roll=roll, tick=self.tick, boost=me.boost if own else 0,
                     crit=crit, r=self.r)
        self.hits.append((seat, kind, target, damage, crit, source))


def _crit_chance(w: Wonder, scale: int, r: Rules) -> int:
    base = sum(e.amount for e in w.effects if e.kind is EffectKind.CRIT)
    return min(r.crit_cap_percent, base * scale // PERMILLE)


def fight(wonders: list[Wonder] | tuple[Wonder, ...], rng: Rng, r: Rules | None = None) -> BattleResult:
    """Fight the battle of ``wonders`` (distinct seats) with the game's generator ``rng`` (advanced in place)."""
    r = r or rules()
    if not wonders:
        raise ValueError("a battle needs at least one wonder")
    if len({w.seat for w in wonders}) != len(wonders):
        raise ValueError("every wonder needs its own seat")
    order = sorted(wonders, key=lambda w: w.seat)
    live: dict[int, _Live] = {}
    for w in order:
        scale = fscale(w.F, r)
        boost = sum(e.amount for e in w.effects if e.kind is EffectKind.BOOST) * scale // PERMILLE
        live[w.seat] = _Live(w, w.S, scale, boost, _crit_chance(w, scale, r))
    weight = {w.seat: menace(w, r) ** r.exponent for w in order}
    events: list[Event] = []
    dealt = {w.seat: 0 for w in order}
    out_at: dict[int, int] = {}
    final_s: dict[int, int] = {}
    leaving: list[list[int]] = []    # groups of seats in the order they left
    tick = 0
    while len(live) > 1 and tick < r.cap:
        tick += 1
        standing = sorted(live)
        hits: list[_Hit] = []
        turn = _Turn(tick, standing, weight, live, hits, rng, r)
        for seat in standing:
            me = live[seat]
            turn.attack(seat, me.wonder.A, EventKind.ATTACK, "", own=True)
            for i, effect in enumerate(me.wonder.effects):
                if effect.kind is EffectKind.STRIKE:
                    # amount attacks per `every` ticks at F = 0, F making them come faster
                    me.charge[i] = me.charge.get(i, 0) + effect.amount * me.scale
                    while me.charge[i] >= PERMILLE * effect.every:
                        me.charge[i] -= PERMILLE * effect.every
                        turn.attack(seat, me.wonder.A, EventKind.STRIKE, effect.source, own=True)
                elif effect.kind is EffectKind.SUMMON and tick % effect.every == 0:
                    # amount minions per cast at F = 0; the fraction F adds is carried to the next cast
                    me.charge[i] = me.charge.get(i, 0) + effect.amount * me.scale
                    while me.charge[i] >= PERMILLE:
                        me.charge[i] -= PERMILLE
                        turn.attack(seat, effect.power, EventKind.SUMMON, effect.source, own=False)
        # all hits land together; list them in order with the S each leaves
        s_now = {s: live[s].s for s in standing}
        last_hit: dict[int, int] = {}
        tick_events: list[Event] = []
        for attacker, kind, target, damage, crit, source in hits:
            s_now[target] -= damage
            dealt[attacker] += damage
            last_hit[target] = len(tick_events)
            tick_events.append(Event(tick, kind, attacker, target, damage, crit, False, s_now[target], source))
        fallen = [s for s in standing if s_now[s] <= 0]
        for s in fallen:
            i = last_hit[s]
            e = tick_events[i]
            tick_events[i] = Event(e.tick, e.kind, e.attacker, e.target, e.damage, e.crit, True, e.s_after,
                                   e.source)
        events.extend(tick_events)
        for s in standing:
            live[s].s = s_now[s]
        if fallen:
            leaving.append(_tie_order(fallen, lambda s: (live[s].s, live[s].wonder.F), rng))
            for s in fallen:
                out_at[s] = tick
                final_s[s] = live.pop(s).s
        # the survivors regenerate (a whole point per 1000 permille charged; what the full S cuts off is lost)
        for s in sorted(live):
            me = live[s]
            for i, effect in enumerate(me.wonder.effects):
                if effect.kind is not EffectKind.REGEN or tick % effect.every:
                    continue
                charged = me.charge.get(i, 0) + effect.amount * me.scale
                me.charge[i] = charged % PERMILLE
                healed = min(charged // PERMILLE, me.wonder.S - me.s)
                if healed > 0:
                    me.s += healed
                    events.append(Event(tick, EventKind.REGEN, s, s, -healed, False, False, me.s, effect.source))
    for s, me in live.items():
        final_s[s] = me.s
    survivors = _tie_order(sorted(live), lambda s: (Fraction(live[s].s, live[s].wonder.S), live[s].wonder.F), rng)
    ranking = [*survivors]
    for group in reversed(leaving):
        ranking.extend(group)
    return BattleResult(
        wonders=tuple(order), winner=ranking[0], ranking=tuple(ranking), events=tuple(events), ticks=tick,
        timed_out=len(live) > 1, out_at=out_at, final_s=final_s, damage_dealt=dealt,
    )


def _tie_order(seats: list[int], key: Callable[[int], tuple[Fraction | int, int]], rng: Rng) -> list[int]:
    """``seats`` best first by ``key`` (higher first); seats still level are put in order by a seeded draw."""
    if len(seats) <= 1:
        return list(seats)
    drawn = list(seats)
    rng.shuffle(drawn)
    draw = {s: i for i, s in enumerate(drawn)}
    return sorted(seats, key=lambda s: (tuple(-v for v in key(s)), draw[s]))


class Replay(msgspec.Struct, frozen=True):
    """A :class:`BattleResult` as a view carries it (JSON: seats index the lists, no int-keyed dicts), so a
    renderer draws the replay from the view without fighting the battle again (renderers never run rules)."""

    wonders: list[Wonder]
    winner: int
    ranking: list[int]
    events: list[Event]
    ticks: int
    timed_out: bool
    out_at: list[int]
    final_s: list[int]
    damage_dealt: list[int]

    @classmethod
    def of(cls, result: BattleResult) -> Replay:
        seats = range(max((w.seat for w in result.wonders), default=-1) + 1)
        return cls(list(result.wonders), result.winner, list(result.ranking), list(result.events), result.ticks,
                   result.timed_out, [result.out_at.get(s, 0) for s in seats],
                   [result.final_s.get(s, 0) for s in seats], [result.damage_dealt.get(s, 0) for s in seats])

    def result(self) -> BattleResult:
        """The battle's result again (the renderer's input)."""
        fought = {w.seat for w in self.wonders}
        return BattleResult(tuple(self.wonders), self.winner, tuple(self.ranking), tuple(self.events), self.ticks,
                            self.timed_out, {s: t for s, t in enumerate(self.out_at) if t and s in fought},
                            {s: v for s, v in enumerate(self.final_s) if s in fought},
                            {s: v for s, v in enumerate(self.damage_dealt) if s in fought})
