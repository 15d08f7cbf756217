"""Trains, phases and the events trains carry (18rg.md §6, §7, §9; the rules text's 全局随机事件).

A train leaves the depot when a railroad buys it or when it is exported at the end of an OR set
(operating/depot.py fires what that does). The nth copy of a type leaving may start a phase
(:func:`start_phase`), the Treaty of Boston, close privates (:func:`close_privates`) or trigger the end of the
game (trains.toml ``events``); the first copy of a type rusts every train that ``rusts_on`` it (:func:`rust`),
the bank paying its owner the salvage. The depot shows one type at a time: the first type with copies left.
"""

from __future__ import annotations

from games.core import Event

from .content import PHASES, content
from .holdings import BANK, pay
from .state import RGState

GORGE_TOKEN_HEXES = ("D12", "F12")


def next_train(state: RGState) -> str | None:
    """The train type on sale in the depot (the first with copies left)."""
    return next((t.id for t in content().train_list if state.depot.get(t.id, 0) > 0), None)


def train_price(name: str) -> int:
    return content().trains[name].price


def left_depot(state: RGState, name: str) -> int:
    """How many copies of ``name`` have left the depot (6x2: counted in ``state.depot``'s negative
    tally is not kept, so 6x2 counts as its own ``sold``)."""
    t = content().trains[name]
    if t.unlimited:
        return state.sixes
    return t.count - state.depot.get(name, 0)


def rust(state: RGState, name: str, events: list[Event]) -> None:
    """Every train that rusts on ``name`` goes; the bank pays each owner the salvage."""
    c = content()
    old = {t.id for t in c.train_list if t.rusts_on == name}
    if not old:
        return
    for corp in state.corps.values():
        gone = [t for t in corp.trains if t in old]
        if not gone:
            continue
        corp.trains = [t for t in corp.trains if t not in old]
        salvage = sum(c.trains[t].salvage for t in gone)
        if salvage:
            pay(state, BANK, corp.id, salvage)
        events.append(Event("rusted", {"corp": corp.id, "trains": ", ".join(gone), "amount": salvage}))
    state.pool_trains = [t for t in state.pool_trains if t not in old]


def start_phase(state: RGState, phase: str, events: list[Event]) -> None:
    """A new phase: new tiles and pars, privates' incomes change, St. Cloud Hotel moves (by phase)."""
    if PHASES.index(phase) <= PHASES.index(state.phase):
        return
    state.phase = phase
    events.append(Event("phase", {"phase": phase}))
    update_incomes(state)


def update_incomes(state: RGState) -> None:
    """Privates whose income depends on the phase (G4 from Green, B1 from Brown, B2 held by a player from
    Brown once a tile lies on Sulphur Springs)."""
    c = content()
    for private in state.privates.values():
        data = c.privates[private.id]
        if data.revenue_from:
            private.revenue = data.income(state.phase)
        if private.id == "B2" and isinstance(private.owner, int) and state.sulphur_connected \
                and PHASES.index(state.phase) >= PHASES.index("brown"):
            private.revenue = 50


def close_privates(state: RGState, events: list[Event]) -> None:
    """The first 5+: every private that closes then closes."""
    for private in state.privates.values():
        if not private.closed and "first_5+" in content().privates[private.id].closes:
            close_private(state, private.id, events)


def close_private(state: RGState, private_id: str, events: list[Event]) -> None:
    private = state.privates[private_id]
    if private.closed:
        return
    private.closed = True
    private.owner = None
    events.append(Event("private_closed", {"private": private_id}))
