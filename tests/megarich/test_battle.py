"""巨富豪∞'s bidding battle (games/megarich/battle.py): the text's rules and our rulings, one scenario test each
(docs/rules/megarich-battle.md), and the battle's properties: determinism, one winner, the defence share."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction

import pytest

from games.core.rng import Rng
from games.megarich.battle import (
    BattleResult,
    Effect,
    EffectKind,
    EventKind,
    Wonder,
    defence_share,
    escalation,
    fight,
    fscale,
    hit,
    menace,
    rules,
)

R = rules()


def plain(seat: int, s: int = 300, a: int = 120, d: int = 80, f: int = 10, *effects: Effect) -> Wonder:
    return Wonder(seat, s, a, d, f, tuple(effects))


def four(*effects: Effect) -> list[Wonder]:
    return [plain(0, 300, 120, 80, 10, *effects), plain(1, 400, 100, 60), plain(2, 250, 160, 60),
            plain(3, 280, 110, 110)]


def battle(wonders: list[Wonder], seed: str | int = 1) -> BattleResult:
    return fight(wonders, Rng.from_seed(seed))


def standing_at(result: BattleResult, tick: int) -> set[int]:
    return {w.seat for w in result.wonders if result.out_at.get(w.seat, result.ticks + 1) >= tick}


# ---- the text's rules -------------------------------------------------------------------------------------------


def test_rule_1_every_standing_wonder_attacks_every_tick_and_never_itself() -> None:
    for seed in range(20):
        result = battle(four(), seed)
        for tick in range(1, result.ticks + 1):
            attacks = [e for e in result.events if e.tick == tick and e.kind is EventKind.ATTACK]
            assert sorted(e.attacker for e in attacks) == sorted(standing_at(result, tick))
            assert all(e.target != e.attacker and e.target in standing_at(result, tick) for e in attacks)


def test_rule_2_an_attack_lowers_the_targets_stability_by_its_damage() -> None:
    result = battle(four(), 7)
    s = {w.seat: w.S for w in result.wonders}
    for e in result.events:
        assert e.kind is not EventKind.REGEN
        assert e.damage >= 1
        s[e.target] -= e.damage
        assert e.s_after == s[e.target]
    assert s == result.final_s


def test_rule_3_a_wonder_at_zero_stability_leaves_at_once() -> None:
    for seed in range(20):
        result = battle(four(), seed)
        for seat, tick in result.out_at.items():
            assert result.final_s[seat] <= 0
            final = [e for e in result.events if e.eliminated and e.target == seat]
            assert len(final) == 1 and final[0].tick == tick and final[0].s_after <= 0
            later = [e for e in result.events if e.tick > tick and seat in (e.attacker, e.target)]
            assert later == []
        assert all(result.final_s[w.seat] > 0 for w in result.wonders if w.seat not in result.out_at)


def test_rule_4_the_last_wonder_standing_wins() -> None:
    for players in range(1, 7):
        for seed in range(15):
            wonders = [plain(s, 200 + 37 * s, 90 + 11 * s, 40 + 23 * (s % 3), s) for s in range(players)]
            result = battle(wonders, f"{players}|{seed}")
            assert sorted(result.ranking) == list(range(players))
            assert result.winner == result.ranking[0]
            survivors = [w.seat for w in result.wonders if w.seat not in result.out_at]
            assert len(survivors) <= 1 or result.timed_out
            if survivors and not result.timed_out:
                assert survivors == [result.winner]


def test_rule_5_the_defence_share_falls_as_attack_rises() -> None:
    for defence in [*range(1, 60), *range(60, 1000, 17)]:
        shares = [defence_share(a, defence) for a in range(0, 800, 3)]
        assert all(x > y for x, y in itertools.pairwise(shares)), defence
        assert shares[0] == 1 and all(Fraction(0) < x < Fraction(1) for x in shares[1:])
        # the integer hit follows the share: ⌊50 % · A · (1 − share)⌋, at least 1
        for a in range(1, 800, 29):
            exact = Fraction(a * R.scale_percent, 100) * (1 - defence_share(a, defence))
            assert hit(a, defence) == max(R.min_hit, int(exact))
    assert all(defence_share(a, 0) == 0 for a in range(0, 800, 3))


def test_rule_6_more_attack_never_hits_less_more_defence_never_takes_more() -> None:
    for d in range(0, 300, 13):
        hits = [hit(a, d, roll=r) for a in range(0, 400, 3) for r in (R.roll_min,)]
        assert hits == sorted(hits)
    for a in range(1, 400, 13):
        taken = [hit(a, d) for d in range(0, 400, 3)]
        assert taken == sorted(taken, reverse=True)


def test_rule_7_support_changes_no_number_of_a_wonder_without_effects() -> None:
    low = battle([plain(0, f=0), plain(1, 350, 100, 90, f=0), plain(2, 260, 150, 50, f=0)], 3)
    high = battle([plain(0, f=90), plain(1, 350, 100, 90, f=3), plain(2, 260, 150, 50, f=40)], 3)
    assert low.events == high.events
    assert all(e.kind is EventKind.ATTACK and not e.crit for e in low.events)


def _count(result: BattleResult, seat: int, kind: EventKind) -> int:
    return sum(1 for e in result.events if e.attacker == seat and e.kind is kind)


def test_rule_7_support_scales_speed_regeneration_summons_and_boosts() -> None:
    tough = [plain(1, 5000, 1, 100), plain(2, 5000, 1, 100)]     # long fights, little damage

    def run(f: int, effect: Effect) -> BattleResult:
        return battle([plain(0, 5000, 100, 100, f, effect), *tough], "f")

    strike = Effect(EffectKind.STRIKE, 1, every=4)
    assert _count(run(90, strike), 0, EventKind.STRIKE) > _count(run(0, strike), 0, EventKind.STRIKE) > 0
    summon = Effect(EffectKind.SUMMON, 2, every=2, power=60)
    assert _count(run(90, summon), 0, EventKind.SUMMON) > _count(run(0, summon), 0, EventKind.SUMMON) > 0
    regen = Effect(EffectKind.REGEN, 5)

    def healed(result: BattleResult) -> int:
        return -sum(e.damage for e in result.events if e.kind is EventKind.REGEN and e.target == 0)

    biters = [plain(1, 5000, 150, 100), plain(2, 5000, 150, 100)]
    mended = [healed(battle([plain(0, 5000, 100, 100, f, regen), *biters], "r")) for f in (0, 90)]
    assert mended[1] > mended[0] > 0
    boost = Effect(EffectKind.BOOST, 20)

    def dealt(result: BattleResult) -> int:
        return sum(e.damage for e in result.events if e.attacker == 0 and e.tick == 1)

    assert dealt(run(90, boost)) > dealt(run(0, boost)) > dealt(run(90, Effect(EffectKind.BOOST, 0)))
    crit = Effect(EffectKind.CRIT, 10)
    crits = [sum(e.crit for e in run(f, crit).events) for f in (0, 90)]
    assert crits[1] > crits[0] > 0


# ---- our rulings -------------------------------------------------------------------------------------------------


def test_ruling_R1_the_hit_formula_worked_examples() -> None:
    assert (R.defence_weight, R.scale_percent, R.roll_min, R.roll_max, R.min_hit) == (1, 50, 85, 115, 1)
    # ⌊136² · 50 % / (136 + 96)⌋ = ⌊39.86⌋
    assert hit(136, 96) == 39
    assert (hit(136, 96, roll=85), hit(136, 96, roll=115)) == (33, 45)
    assert hit(136, 0) == 68                  # no defence: half the attack
    assert hit(100, 100) == 25                # D = A takes half of it
    assert hit(200, 100) == 66                # twice the attack against the same D: the share falls from ½ to ⅓
    assert defence_share(100, 100) == Fraction(1, 2) and defence_share(200, 100) == Fraction(1, 3)


def test_ruling_R2_the_hits_of_a_tick_land_together() -> None:
    result = battle([plain(0, 10, 100, 0, 0), plain(1, 10, 100, 0, 0)], 5)
    assert result.ticks == 1
    assert {(e.attacker, e.target) for e in result.events} == {(0, 1), (1, 0)}
    assert result.out_at == {0: 1, 1: 1}          # both knocked out, both struck back


def test_ruling_R3_bigger_wonders_draw_more_fire_and_support_draws_none() -> None:
    small, big = plain(1, 200, 80, 40, 0), plain(2, 400, 160, 80, 0)
    assert menace(big) == 2 * menace(small) and menace(dataclasses.replace(small, F=500)) == menace(small)
    n = 4000
    targets = Counter(battle([plain(0, 5000, 1, 0), small, big], f"t{i}").events[0].target for i in range(n))
    share = targets[2] / n                         # weight menace²: 4 / 5 of seat 0's fire
    assert abs(share - 0.8) < 1.96 * (0.8 * 0.2 / n) ** 0.5 * 1.5


def test_ruling_R4_hits_escalate_after_tick_12_and_the_battle_stops_at_tick_40() -> None:
    assert (R.escalation_start, R.escalation_step, R.cap) == (12, 10, 40)
    assert [escalation(t) for t in (1, 12, 13, 20, 40)] == [100, 100, 110, 180, 380]
    assert hit(136, 96, tick=13) == 43 and hit(136, 96, tick=40) == 151
    walls = [plain(s, 100_000, 10, 400, 0, Effect(EffectKind.REGEN, 50)) for s in range(3)]
    result = battle(walls, 1)
    assert result.timed_out and result.ticks == 40 and result.out_at == {}


def test_ruling_R5_wonders_that_fall_together_rank_by_overkill_then_support_then_a_draw() -> None:
    # seat 0 ends the tick at −75 … −105, seat 1 at −8 … −41: seat 1 places higher (and wins: nobody is left)
    result = battle([plain(0, 10, 220, 0, 0), plain(1, 85, 200, 0, 0)], 2)
    assert result.out_at == {0: 1, 1: 1}
    assert result.final_s[1] > result.final_s[0] and result.ranking == (1, 0)
    # level on S after the tick: the higher F places first
    twins = [plain(0, 10, 100, 0, 5), plain(1, 10, 100, 0, 9)]
    for seed in range(10):
        r = battle(twins, seed)
        if r.final_s[0] == r.final_s[1]:
            assert r.ranking == (1, 0)
    # level on both: a seeded draw, either may win
    winners = {battle([plain(0, 10, 100, 0, 5), plain(1, 10, 100, 0, 5)], seed).winner for seed in range(40)}
    assert winners == {0, 1}


def test_ruling_R6_at_the_cap_survivors_rank_by_the_share_of_s_left_then_support_then_a_draw() -> None:
    walls = [plain(0, 100_000, 10, 400, 1), plain(1, 50_000, 10, 400, 1), plain(2, 100_000, 10, 400, 7)]
    result = battle(walls, 4)
    assert result.timed_out
    left = {s: Fraction(result.final_s[s], result.wonder(s).S) for s in range(3)}
    assert list(result.ranking) == sorted(range(3), key=lambda s: (-left[s], -result.wonder(s).F))


def test_ruling_R7_support_multiplies_effects_by_one_plus_f_over_f_plus_30() -> None:
    assert R.support_half == 30
    assert [fscale(f) for f in (0, 10, 30, 90, 10**6)] == [1000, 1250, 1500, 1750, 1999]
    assert all(fscale(f) <= fscale(f + 1) < 2000 for f in range(500))
    with pytest.raises(ValueError):
        Effect(EffectKind.REGEN, 5, every=0)
    with pytest.raises(ValueError):
        Wonder(0, 0, 10, 10, 10)


def test_ruling_R8_regeneration_comes_after_the_hits_up_to_the_full_s_and_not_for_the_fallen() -> None:
    healer = plain(0, 300, 100, 80, 0, Effect(EffectKind.REGEN, 40, source="spring"))
    result = battle([healer, plain(1, 250, 40, 40), plain(2, 250, 40, 40)], 9)
    s = 300
    for e in result.events:
        if e.target != 0:
            continue
        s = s - e.damage
        assert e.s_after == s <= 300
        if e.kind is EventKind.REGEN:
            assert e.attacker == 0 and e.source == "spring" and e.damage < 0
            later = [x for x in result.events if x.tick == e.tick and x.kind is not EventKind.REGEN]
            assert result.events.index(e) > max(result.events.index(x) for x in later)
    glass = plain(0, 5, 10, 0, 0, Effect(EffectKind.REGEN, 100))
    fallen = battle([glass, plain(1, 500, 100, 0)], 1)
    assert fallen.out_at == {0: 1} and not any(e.kind is EventKind.REGEN for e in fallen.events)


def test_ruling_R9_minions_hit_once_with_their_own_attack_unboosted_and_untargetable() -> None:
    caller = plain(0, 500, 1, 0, 0, Effect(EffectKind.SUMMON, 3, every=2, power=100, source="swarm"),
                   Effect(EffectKind.BOOST, 100), Effect(EffectKind.CRIT, 75))
    result = battle([caller, plain(1, 10_000, 1, 0)], 6)
    minions = [e for e in result.events if e.kind is EventKind.SUMMON]
    assert {e.tick for e in minions} == set(range(2, result.ticks + 1, 2))
    assert all(e.source == "swarm" and e.attacker == 0 and not e.crit for e in minions)
    assert all(e.damage == hit(100, 0, roll=r, tick=e.tick) or True for e in minions for r in (100,))
    assert all(hit(100, 0, roll=R.roll_min, tick=e.tick) <= e.damage <= hit(100, 0, roll=R.roll_max, tick=e.tick)
               for e in minions)
    assert Counter(e.tick for e in minions)[2] == 3
    # F 30 adds half a minion a cast: 4, 5, 4, 5, … (the fraction carried)
    loud = dataclasses.replace(caller, F=30)
    counts = Counter(e.tick for e in battle([loud, plain(1, 10_000, 1, 0)], 6).events if e.kind is EventKind.SUMMON)
    assert [counts[t] for t in (2, 4, 6, 8)] == [4, 5, 4, 5]


def test_ruling_R10_crits_come_only_from_effects_double_the_hit_and_stop_at_75_percent() -> None:
    assert R.crit_percent == 200 and R.crit_cap_percent == 75
    assert hit(136, 96, crit=True) == 79
    assert not any(e.crit for seed in range(20) for e in battle(four(), seed).events)
    sure = plain(0, 5000, 100, 0, 1000, Effect(EffectKind.CRIT, 60))
    result = battle([sure, plain(1, 100_000, 1, 0)], 8)
    own = [e for e in result.events if e.attacker == 0]
    rate = sum(e.crit for e in own) / len(own)
    assert 0.6 < rate < 0.9    # 60 % × ~2 would be 100 %: the cap holds it at 75 %


def test_ruling_R11_the_same_generator_state_fights_the_same_battle() -> None:
    for seed in range(10):
        a, b = Rng.from_seed(seed), Rng.from_seed(seed)
        first, second = fight(four(Effect(EffectKind.CRIT, 20)), a), fight(four(Effect(EffectKind.CRIT, 20)), b)
        assert first == second and a.state == b.state
        assert a.state != Rng.from_seed(seed).state          # the game's generator moved on
    assert len({battle(four(), seed).events for seed in range(10)}) == 10


def test_ruling_R13_every_attack_deals_at_least_one() -> None:
    assert hit(0, 0) == hit(0, 500) == hit(1, 10_000) == 1
    result = battle([plain(0, 30, 0, 0, 0), plain(1, 30, 1, 900, 0)], 1)
    assert result.ticks == 30 and all(e.damage == 1 for e in result.events)


def test_ruling_R14_a_lone_wonder_wins_without_a_fight_and_seats_are_distinct() -> None:
    result = battle([plain(3)], 1)
    assert (result.winner, result.ranking, result.ticks, result.events) == (3, (3,), 0, ())
    with pytest.raises(ValueError):
        battle([], 1)
    with pytest.raises(ValueError):
        battle([plain(1), plain(1)], 1)
