"""The It's a Wonderful World bot: plans with production forecasts.

Every decision is scored by :class:`~.bot_plan.Forecast`, which plays the seat's own production
out to the end of the game (chain builds, bonuses, krystallium, supremacy it can count on) and
values the result in points plus the production left free for cards still to be drafted.

* Draft: the card whose slating (or, if better, recycling) adds most to the forecast, given what
  was drafted so far — engines early because their production frees cubes for later rounds,
  points late, multipliers by what feeds them (built cards, the empire card, expected cards).
* Planning: slate the set of drafted cards the forecast likes best (greedy, then improved by
  single changes and swaps), so only cards it can finish are slated; the rest is recycled and the
  cubes placed where they are needed.
* Production: cubes go first to cards they finish, then engines, then the card closest to
  completion; krystallium and characters finish cards this round's production would not; a card
  the forecast cannot finish is recycled when that is worth more (in planning, and in the last
  round); science supremacy takes the character worth more to the forecast.
* The last round is planned as a whole: the forecast plays it out exactly as the bot will place
  (a seat still acting in a step may finish cards with krystallium after its cubes are placed), so
  the cards it leaves unfinished are recycled before anything is put on them, and nothing is ever
  put on such a card.

Deterministic: the ``rng`` is not needed, ties go to the lowest card number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Rng

from .bot_plan import FIN, GEN, KRYST, RES, STEPS, Forecast, allocate, info, wild_target
from .moves import Build, Done, Pick, Place, Recycle, Take, WorldMove
from .state import Phase, WorldState
from .steps import ROUNDS

if TYPE_CHECKING:
    from .game import WonderfulWorld

EPSILON = 1e-6


def choose(game: WonderfulWorld, state: WorldState, seat: int, rng: Rng) -> WorldMove:
    legal = game.legal_moves(state, seat)
    if len(legal) == 1:
        return legal[0]
    empire = state.empires[seat]
    forecast = Forecast(state, seat)
    if state.phase == Phase.DRAFT:
        return _draft(forecast, legal)
    if empire.choose_character:
        gain = forecast.run(chars=(1, 0)) - forecast.run(chars=(0, 1))
        return _legal(Take("financier" if gain >= 0 else "general"), legal)
    if state.phase == Phase.PLANNING and empire.drafted:
        return _plan(forecast, legal)
    if state.phase == Phase.PLANNING or state.round >= ROUNDS:
        hopeless = _hopeless(forecast)
        if hopeless is not None:
            return _legal(Recycle(hopeless), legal)
    move = _placement(forecast)
    if move is not None and move in legal:
        return move
    return next((m for m in legal if isinstance(m, Done)), legal[0])


def _legal(move: WorldMove, legal: list[WorldMove]) -> WorldMove:
    return move if move in legal else next((m for m in legal if isinstance(m, Done)), legal[0])


def _cubes(uids: list[int] | tuple[int, ...], forecast: Forecast) -> list[int]:
    """The recycling cubes of ``uids``."""
    out = [0] * STEPS
    for uid in uids:
        out[info(forecast.state.cards[uid]).recycle] += 1
    return out


def plan(forecast: Forecast, candidates: list[int]) -> tuple[list[int], float]:
    """Which of the drafted ``candidates`` to slate (the rest recycled), and the forecast worth.

    Greedy (the cards in order of what each adds alone, kept while the worth grows), then
    improved by slating or recycling one card more, or swapping one for another, while that
    helps.
    """
    cards = forecast.state.cards
    everything = _cubes(candidates, forecast)

    def worth(chosen: frozenset[int]) -> float:
        rest = list(everything)
        for r, n in enumerate(_cubes(tuple(chosen), forecast)):
            rest[r] -= n
        return forecast.run(add=tuple(sorted(chosen)), extra=rest)

    best_set: frozenset[int] = frozenset()
    best = worth(best_set)
    alone: dict[str, float] = {}
    for uid in candidates:
        if cards[uid] not in alone:
            alone[cards[uid]] = worth(frozenset((uid,))) - best
    order = sorted(candidates, key=lambda u: (-alone[cards[u]], u))
    for uid in order:
        trial = best_set | {uid}
        value = worth(trial)
        if value > best + EPSILON:
            best_set, best = trial, value
    improved = True
    while improved:
        improved = False
        neighbours = [best_set ^ {u} for u in order]
        neighbours += [best_set - {a} | {b} for a in sorted(best_set) for b in order if b not in best_set]
        for trial in neighbours:
            value = worth(trial)
            if value > best + EPSILON:
                best_set, best, improved = trial, value, True
                break
    return [u for u in order if u in best_set], best


def _draft(forecast: Forecast, legal: list[WorldMove]) -> WorldMove:
    empire = forecast.empire
    cards = forecast.state.cards
    chosen, _ = plan(forecast, list(empire.drafted))
    recycled = [u for u in empire.drafted if u not in chosen]
    base_extra = _cubes(recycled, forecast)
    by_design: dict[str, float] = {}
    by_recycle: dict[int, float] = {}
    best: tuple[float, int] | None = None
    for move in legal:
        assert isinstance(move, Pick)
        uid = move.uid
        card = info(cards[uid])
        if cards[uid] not in by_design:
            by_design[cards[uid]] = forecast.run(add=(*chosen, uid), extra=base_extra)
        if card.recycle not in by_recycle:
            extra = list(base_extra)
            extra[card.recycle] += 1
            by_recycle[card.recycle] = forecast.run(add=tuple(chosen), extra=extra)
        worth = max(by_design[cards[uid]], by_recycle[card.recycle])
        if best is None or worth > best[0] + EPSILON or (worth > best[0] - EPSILON and uid < best[1]):
            best = (worth, uid)
    assert best is not None
    return Pick(best[1])


def _plan(forecast: Forecast, legal: list[WorldMove]) -> WorldMove:
    """Slate the planned cards first (the most valuable first), then recycle the others."""
    empire = forecast.empire
    chosen, _ = plan(forecast, list(empire.drafted))
    if chosen:
        return _legal(Build(chosen[0]), legal)
    return _legal(Recycle(min(empire.drafted)), legal)


def _hopeless(forecast: Forecast) -> int | None:
    """A waiting card the forecast cannot finish, if recycling it now is worth more."""
    worth, unfinished = forecast.play()
    best: tuple[float, int] | None = None
    for uid in sorted(unfinished):
        if uid not in {s.uid for s in forecast.slots}:
            continue
        gain = forecast.run(drop=(uid,)) - worth
        if gain > EPSILON and (best is None or gain > best[0]):
            best = (gain, uid)
    return best[1] if best else None


def _placement(forecast: Forecast) -> WorldMove | None:
    """The next cube, krystallium or character the bot puts on a card, if any: first what
    finishes a card whose cubes are all there, then the pool's cubes, then krystallium."""
    empire = forecast.empire
    late = forecast.round >= ROUNDS
    slots = forecast.slots
    if late:
        # The last round is planned as a whole (the forecast plays it out to the end, placing as
        # below): a card it leaves unfinished gets nothing, since what is put on it is lost
        # whether it is recycled or stays unfinished.
        _, unfinished = forecast.play()
        slots = [s for s in slots if s.uid not in unfinished]
    supply = (empire.krystallium, empire.financier, empire.general)
    for slot in slots:
        need = slot.need
        if not any(need[:STEPS]) and need[KRYST] <= supply[0] and need[FIN] <= supply[1] \
                and need[GEN] <= supply[2]:
            return _finish(slot.uid, need)
    moves = allocate(slots, list(forecast.pool), supply, late)
    if moves:
        slot, r, n = moves[0]
        return Place(slot.uid, RES[r], n)
    target = wild_target(slots, forecast.production(), forecast.step, supply, late)
    if target is not None:
        return _finish(target.uid, target.need)
    return None


def _finish(uid: int, need: list[int]) -> WorldMove | None:
    """Krystallium for every space left, then the characters (the last one builds the card)."""
    wild = sum(need[:KRYST + 1])
    if wild:
        return Place(uid, "krystallium", wild)
    if need[FIN]:
        return Place(uid, "financier", need[FIN])
    return Place(uid, "general", need[GEN]) if need[GEN] else None
