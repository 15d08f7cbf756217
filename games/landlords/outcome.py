"""Final standings: by assets, then cash; bankrupt players last, latest out first (rules §1.2)."""

from __future__ import annotations

from typing import Any

from games.core import Outcome, Standing, rank_by_keys

from .money import assets, public_assets
from .state import LandlordsState


def outcome(state: LandlordsState) -> Outcome | None:
    if state.end is None:
        return None
    reason = state.end.reason
    keys: dict[int, tuple[int, ...]] = {}
    for seat, player in enumerate(state.seats):
        if player.bankrupt:
            keys[seat] = (0, player.out_turn, 0)
        elif reason == "prosperity":  # §11.12: everybody wins together
            keys[seat] = (1, 0, 0)
        else:
            keys[seat] = (1, assets(state, seat), player.cash)
    ranks = rank_by_keys(keys)
    standings = []
    for seat in sorted(keys, key=lambda s: (ranks[s], s)):
        breakdown = {"cash": state.seats[seat].cash, **public_assets(state, seat)}
        standings.append(Standing(seat, ranks[seat], assets(state, seat), breakdown,
                                  (state.seats[seat].cash,)))
    reasons: list[tuple[str, dict[str, Any]]] = [(f"outcome.{reason}", {"round": state.end.round})]
    active = [s for s in keys if not state.seats[s].bankrupt]
    for i, a in enumerate(active):
        for b in active[i + 1:]:
            if reason != "prosperity" and keys[a][1] == keys[b][1]:
                key = "outcome.tied" if keys[a] == keys[b] else "outcome.tiebreak_cash"
                reasons.append((key, {"seat": a, "player": b, "amount": keys[a][1]}))
    return Outcome(tuple(standings), tuple(reasons))
