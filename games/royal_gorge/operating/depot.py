"""Trains leaving the depot (18rg.md §6, §7, §9, §12; the rules text's 全局随机事件): bought in step 6
(buy_train.py) or exported at the end of an OR set (round.py). The nth copy of a type leaving may start a
phase, the Treaty of Boston (debt.py), close privates or trigger the end of the game (trains.toml ``events``);
the first copy of a type rusts every train that ``rusts_on`` it (trains.py).
"""

from __future__ import annotations

from games.core import Event

from ..content import content
from ..ending import trigger
from ..state import RGState
from ..trains import close_privates, left_depot, next_train, rust, start_phase
from .debt import treaty_of_boston


def take_from_depot(state: RGState, name: str, events: list[Event], *, bought: bool) -> None:
    """One ``name`` train leaves the depot (bought, or exported when ``bought`` is false): events fire."""
    t = content().trains[name]
    if t.unlimited:
        state.sixes += 1
    else:
        state.depot[name] -= 1
    nth = left_depot(state, name)
    if nth == 1:
        rust(state, name, events)
    for event in t.events:
        if event.nth != nth:
            continue
        if event.event == "phase":
            start_phase(state, event.phase, events)
        elif event.event == "treaty_of_boston":
            treaty_of_boston(state, events)
        elif event.event == "close_privates":
            close_privates(state, events)
        elif event.event == "end_game":
            short = bought and bool(state.options.get("shorter_game_end"))
            trigger(state, "final_train", "one_more_full_or_set", events,
                    extra=content().rules.end.short_option_extra_sets if short else content().rules.end.extra_sets)


def export(state: RGState, events: list[Event]) -> None:
    """End of an OR set: the next train leaves the depot unbought; a 2+ takes every 2+ left with it."""
    name = next_train(state)
    if name is None:
        return
    count = state.depot.get(name, 0) if name in content().export.whole_type else content().export.otherwise
    for _ in range(max(1, count)):
        events.append(Event("exported", {"train": name}))
        take_from_depot(state, name, events, bought=False)
