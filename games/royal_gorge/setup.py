"""A new game (18rg.md §1, §4, §5, §8, §13): the railroads and privates in play, cash, the market.

Five railroads: RG and SF plus three drawn from the other nine, sorted by founding year (the two oldest
may start in Yellow, the next two from Green, the last from Brown). Five privates: two yellow, two green,
one brown, each pair offered in ascending face value. Table options may name both draws (an imported game
takes them from its record); otherwise the state's seeded generator draws them.
"""

from __future__ import annotations

from typing import Any

from games.core import BadOptions, Event, Rng

from .auction import open_lot
from .content import content
from .holdings import place, total_money
from .records import tabula_id
from .state import AuctionF, Corp, Private, RGState

POOLS = ("yellow", "green", "brown")


def railroad_choices() -> tuple[str, ...]:
    return tuple(tabula_id(r.id) for r in content().railroad_list)


def private_choices() -> tuple[str, ...]:
    return tuple(tabula_id(p.id) for p in content().private_list if p.enabled)


def named_railroads(names: list[str]) -> list[str]:
    """The railroads an option names (notation ids), checked: RG, SF and three others."""
    c = content()
    by_id = {tabula_id(r.id): r.id for r in c.railroad_list}
    chosen = [by_id[n] for n in names if n in by_id]
    wanted = len(c.draw.always) + c.draw.drawn
    if len(chosen) != len(names) or len(set(chosen)) != wanted or not set(c.draw.always) <= set(chosen):
        raise BadOptions("error.option_railroads", count=wanted, always=", ".join(c.draw.always))
    return sorted(chosen, key=lambda r: c.railroads[r].founded)


def named_privates(names: list[str]) -> list[str]:
    """The privates an option names, checked: two yellow, two green, one brown."""
    c = content()
    by_id = {tabula_id(p.id): p.id for p in c.private_list if p.enabled}
    chosen = [by_id[n] for n in names if n in by_id]
    counts = {pool: sum(1 for p in chosen if c.privates[p].pool == pool) for pool in POOLS}
    if len(chosen) != len(names) or len(set(chosen)) != len(chosen) \
            or counts != {pool: c.private_draw.of(pool) for pool in POOLS}:
        raise BadOptions("error.option_privates")
    return in_auction_order(chosen)


def in_auction_order(privates: list[str]) -> list[str]:
    """Yellow, green, brown; ascending face value within each colour."""
    c = content()
    return sorted(privates, key=lambda p: (POOLS.index(c.privates[p].pool), c.privates[p].value))


def check_options(players: int, options: dict[str, Any]) -> None:
    if options.get("railroads"):
        named_railroads(options["railroads"])
    if options.get("privates"):
        named_privates(options["privates"])


def draw_railroads(rng: Rng) -> list[str]:
    c = content()
    others = [r.id for r in c.railroad_list if not r.always]
    rng.shuffle(others)
    chosen = [*c.draw.always, *others[: c.draw.drawn]]
    return sorted(chosen, key=lambda r: c.railroads[r].founded)


def draw_privates(rng: Rng) -> list[str]:
    c = content()
    chosen: list[str] = []
    for pool in POOLS:
        offered = [p.id for p in c.privates_in(pool)]
        rng.shuffle(offered)
        chosen += offered[: c.private_draw.of(pool)]
    return in_auction_order(chosen)


def new_state(players: int, options: dict[str, Any], rng: Rng) -> RGState:
    c = content()
    railroads = named_railroads(options["railroads"]) if options.get("railroads") else draw_railroads(rng)
    privates = named_privates(options["privates"]) if options.get("privates") else draw_privates(rng)
    tranches = [t for t, size in enumerate(c.draw.tranches) for _ in range(size)]
    corps: dict[str, Corp] = {}
    for position, rid in enumerate(railroads):
        count = c.railroads[rid].tokens
        corps[rid] = Corp(id=rid, kind="rail", held=[0] * players, tranche=tranches[position],
                          stations=[""] * count, station_costs=list(c.railroad_rules.token_costs[:count]))
    state = RGState(
        players=players, rng=rng, options=options, ruleset=options.get("ruleset", "bga"), railroads=railroads,
        cash=[c.starting_cash(players)] * players, order=list(range(players)), corps=corps,
        privates={p: Private(id=p, revenue=c.privates[p].revenue) for p in privates},
        depot={t.id: 1 if t.unlimited else t.count for t in c.train_list},
        steel={colour: {col.id: sorted(col.cubes, reverse=True) for col in c.steel.column if col.colour == colour}
               for colour in ("yellow", "green", "brown", "gray")},
        debt_col=c.debt.start_column, debt_cash=c.cell(0, c.debt.start_column).price,  # type: ignore[union-attr]
    )
    for metal in c.metals.values():
        corp = Corp(id=metal.id, kind="metal", cash=metal.cash, treasury=0, market=100, held=[0] * players,
                    floated=True)
        state.corps[metal.id] = corp
        corp.par_col = metal.start_column
        place(state, corp, metal.start_column)
    state.money = total_money(state)
    frame = AuctionF(lots=list(privates))
    state.stack.append(frame)
    events: list[Event] = []
    open_lot(state, frame, events)
    return state
