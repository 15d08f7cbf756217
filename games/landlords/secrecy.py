"""What each seat keeps hidden, and states that differ only there (ruling R22, design notes §3).

A seat hides its cash and its answers to sealed auctions still pending; nobody sees the order of
the idle-land pile under its top card. Public knowledge bounds a seat's cash, and a scrambled state
must respect those bounds, or the other players could tell it from the real one by what the rules
let them do (accepting an offer the proposer could no longer pay, a debt that pays itself):

* at least what he has publicly put on the table: an open offer to buy, his open first bid;
* at least his tax declaration less the tax paid while it may still be challenged;
* less than a debt he is raising money for (he could not pay it);
* less than what would make him win ($2,000 of assets, rules §1.2) while that goal ends the game,
  and under the Prosperity rules less than the target when every other player has reached it
  (§11.12).
"""

from __future__ import annotations

from typing import Any

import msgspec

from games.core import Rng

from .edition import individual_win
from .money import public_assets
from .state import (
    PASSED,
    PROSPERITY,
    UNANSWERED,
    ChallengeF,
    DebtF,
    LandlordsState,
    OfferF,
    SealedF,
)

SPREAD = 500  # how far above the real cash (or the lower bound) a scrambled figure may go, if unbounded


def cash_range(state: LandlordsState, seat: int) -> tuple[int, int | None]:
    """The cash figures ``seat`` may hold as far as the others know: ``[low, high)``; ``high`` is
    ``None`` when nothing public bounds it from above."""
    player = state.seats[seat]
    low, high = 0, None
    for frame in state.stack:
        if isinstance(frame, OfferF) and frame.kind == "buy" and frame.frm == seat:
            low = max(low, frame.amount)
        elif isinstance(frame, SealedF) and frame.first == seat:
            low = max(low, frame.first_bid)
        elif isinstance(frame, ChallengeF) and frame.declarer == seat:
            low = max(low, frame.declared - frame.tax)
        elif isinstance(frame, DebtF) and frame.debtor == seat:
            high = _below(high, frame.amount)
    if not player.bankrupt:
        if individual_win(state):
            high = _below(high, state.options["win_assets"] - sum(public_assets(state, seat).values()))
        target = 2 * state.options["start_cash"]
        if state.mode == PROSPERITY and not state.achieved and all(
                state.seats[other].cash >= target for other in state.others(seat)):
            high = _below(high, target)
    return low, high


def _below(high: int | None, bound: int) -> int:
    return bound if high is None else min(high, bound)


def _may_vary(low: int, high: int | None) -> bool:
    return high is None or high - low > 1


def _may_bid(high: int | None, minimum: int) -> bool:
    """Whether a bid of at least ``minimum`` fits under the cash (else a pass is forced)."""
    return high is None or high - 1 >= minimum


def _answered(state: LandlordsState, seat: int) -> list[tuple[int, SealedF]]:
    """Sealed rounds ``seat`` has answered, still hidden, by stack index."""
    return [(i, f) for i, f in enumerate(state.stack)
            if isinstance(f, SealedF) and f.bids[seat] != UNANSWERED]


def secret_fields(state: LandlordsState, seat: int | None) -> dict[str, Any]:
    """Cash (unless public bounds pin it) and each hidden sealed answer (unless a pass is forced:
    no bid fits under his cash); ``None``: the idle-land pile under its top card."""
    if state.end is not None:
        return {}
    if seat is None:
        rest = state.deck[1:]
        return {f"deck.{i}": card for i, card in enumerate(rest, start=1)} if len(rest) > 1 else {}
    low, high = cash_range(state, seat)
    out: dict[str, Any] = {}
    if _may_vary(low, high):
        out["cash"] = state.seats[seat].cash
    for index, frame in _answered(state, seat):
        if _may_bid(high, frame.minimum):
            out[f"stack.{index}.bid"] = frame.bids[seat]
    return out


def _other_than(rng: Rng, low: int, high: int, current: int) -> int:
    """A value in ``[low, high)`` other than ``current`` when there is one."""
    if not low <= current < high:
        return low + rng.below(high - low)
    if high - low < 2:
        return current
    value = low + rng.below(high - low - 1)
    return value + 1 if value >= current else value


def _derange(items: list[Any], rng: Rng) -> list[Any]:
    """``items`` shuffled so that no position keeps its item (``items`` are distinct)."""
    if len(items) < 2:
        return list(items)
    while True:
        out = list(items)
        rng.shuffle(out)
        if all(a != b for a, b in zip(out, items, strict=True)):
            return out


def scramble(state: LandlordsState, seat: int | None, rng: Rng) -> LandlordsState | None:
    """Change every secret :func:`secret_fields` lists, within public bounds, and nothing else.

    Cash moves between the seat and the bank, whose balance nobody sees, so money is conserved.
    Each hidden sealed answer is redrawn: a pass becomes a bid, a bid another bid or a pass.
    """
    secrets = secret_fields(state, seat)
    if not secrets:
        return None
    out = msgspec.json.decode(msgspec.json.encode(state), type=LandlordsState)
    if seat is None:
        out.deck[1:] = _derange(out.deck[1:], rng)
        return out
    player = out.seats[seat]
    low, bound = cash_range(out, seat)
    answered = _answered(out, seat)
    # A pass turns into a bid, so the new cash must reach that round's minimum when it can.
    for _, frame in answered:
        if frame.bids[seat] == PASSED and _may_bid(bound, frame.minimum):
            low = max(low, frame.minimum)
    high = bound if bound is not None else max(low, player.cash) + SPREAD
    if "cash" in secrets:
        new_cash = _other_than(rng, low, high, player.cash)
        out.bank -= new_cash - player.cash
        player.cash = new_cash
    for index, frame in answered:
        if f"stack.{index}.bid" not in secrets:
            continue
        # Answers in order: a pass, then every bid from the minimum up to the cash.
        answers = max(0, player.cash - frame.minimum + 1) + 1
        now = 0 if frame.bids[seat] == PASSED else frame.bids[seat] - frame.minimum + 1
        pick = _other_than(rng, 0, answers, now)
        frame.bids[seat] = PASSED if pick == 0 else frame.minimum + pick - 1
    return out
