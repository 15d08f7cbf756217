"""Step 4, ``dividend`` (18rg.md §10 gold, §11 price moves): ship one gold cube from a hex of the run (once a turn;
``18xx``: within the set's limit, R15; +$50; G2 +$130 once; Y2 may then mark an emptied hex a ghost town), then
``payout`` (a tenth of the revenue per share to the holders and for the treasury's shares to the railroad; price
right ⌊revenue ÷ price⌋, at most 3) or ``withhold`` (all to the railroad; price one left). A railroad that does not
run withholds $0."""

from __future__ import annotations

from games.core import Event
from games.core.flow import need

from ..content import content
from ..ending import red_zone, set_vgc_cash
from ..holdings import BANK, JEWELER, move_price, pay, price_at
from ..moves import RecordedShip, Ship
from ..state import OperatingF, RGState
from ..trains import close_private
from .common import next_step, operating, owns


def shippable(state: RGState, frame: OperatingF) -> list[str]:
    """The hexes of this turn's run with gold cubes left, in map order."""
    hexes = {h.upper() for line in frame.routes for h in line.split(" ", 1)[1].split("-")}
    order = content().hex_list
    return [h.id for h in order if h.id in hexes and state.gold_cubes.get(h.id, 0) > 0]


def can_ship(state: RGState, frame: OperatingF) -> bool:
    """One shipment in the railroad's turn (rules 步骤3: "本轮可运输1块黄金"), within the set's limit under 18xx."""
    limit = content().ship_limit(state.phase, state.ruleset)
    under = limit is None or state.gold_shipped < limit
    return frame.choose == "gold" and under and bool(shippable(state, frame))


def do_ship(state: RGState, frame: OperatingF, corp: str, move: Ship, events: list[Event]) -> None:
    """``ship``: one gold cube of the run goes to Victor: +$50 to the run (G2: $130, once), the jeweler's $5 banked for
    Y6; Y2's owner may then mark the emptied hex."""
    if isinstance(move, RecordedShip):  # an imported shipment our map has no gold for (moves.RecordedShip)
        need(frame.step == "dividend" and frame.choose == "gold", "error.no_gold")
    else:
        need(frame.step == "dividend" and can_ship(state, frame), "error.no_gold")
        need(move.hex in shippable(state, frame), "error.no_gold_here", hex=move.hex)
    bonus = content().rules.gold.ship_revenue
    if move.using:
        need(move.using == "G2" and owns(state, corp, "G2"), "error.not_owner", private=move.using)
        bonus = 130
        close_private(state, "G2", events)
    frame.extra += bonus
    state.gold_shipped += 1
    set_vgc_cash(state)
    if state.gold_cubes.get(move.hex):
        state.gold_cubes[move.hex] -= 1
        if not state.gold_cubes[move.hex]:
            del state.gold_cubes[move.hex]
    jeweler = state.privates.get("Y6")
    if jeweler is not None and isinstance(jeweler.owner, int) and not jeweler.closed:
        pay(state, BANK, JEWELER, 5)
    frame.shipped = move.hex
    events.append(Event("shipped", {"corp": corp, "hex": move.hex, "amount": bonus}))
    ghosts = state.privates.get("Y2")
    if ghosts is not None and owns(state, corp, "Y2") and ghosts.used < 4 and move.hex not in state.gold_cubes \
            and not isinstance(move, RecordedShip):
        frame.choose = "ghost"
    else:
        frame.choose = "done"


def do_ghost(state: RGState, frame: OperatingF, corp: str, events: list[Event]) -> None:
    """``ghost-town``: Y2 marks the hex just emptied of gold as a ghost town."""
    need(frame.step == "dividend" and frame.choose == "ghost", "error.no_ghost")
    state.ghost_towns.append(frame.shipped)
    state.privates["Y2"].used += 1
    frame.choose = "done"
    events.append(Event("ghost_town", {"corp": corp, "hex": frame.shipped}))


def dividend(state: RGState, frame: OperatingF, kind: str, events: list[Event]) -> None:
    """Pay out or withhold the run (a railroad that did not run withholds $0)."""
    corp = operating(state, frame)
    revenue = frame.revenue + frame.extra
    if kind == "payout" and revenue:
        per_share = revenue // 10
        for seat in range(state.players):
            if corp.held[seat] and per_share:
                pay(state, BANK, seat, corp.held[seat] // 10 * per_share)
        if corp.treasury and per_share:
            pay(state, BANK, corp.id, corp.treasury // 10 * per_share)
        moved = revenue
    else:
        if revenue:
            pay(state, BANK, corp.id, revenue)
        moved = 0
    events.append(Event("payout" if moved else ("withheld" if revenue else "no_run"),
                        {"corp": corp.id, "amount": revenue}))
    before = corp.col
    steps = content().market.movement.withhold if not moved else min(moved // price_at(corp.col),
                                                                       content().market.movement.payout_max)
    if steps and move_price(state, corp.id, steps):
        events.append(Event("price_up" if steps > 0 else "price_down",
                            {"corp": corp.id, "from": price_at(before), "to": price_at(corp.col)}))
        red_zone(state, corp.id, events)
    corp.operated = True
    corp.last_revenue, corp.last_paid = revenue, bool(moved)  # shown on the board beside the charter
    frame.revenue, frame.extra = 0, 0
    next_step(frame)
