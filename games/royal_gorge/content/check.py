""":func:`check`: what is wrong with the data, held against the counts and figures of the fact sheet
(``/work/shared/research/18rg.md`` §2.1, §2.2, §3, §4, §5, §6, §8, §11) and the rules text.
"""

from __future__ import annotations

from collections import Counter

from games.core.hexgrid import HexIdError

from .schema import (
    CLOSED_BY_FIRST_5,
    CLOSES,
    EXPECTED_HEX_COLOURS,
    EXPECTED_MINES,
    EXPECTED_PRIVATES,
    EXPECTED_TILES,
    EXPECTED_TRAINS,
    FINAL_STEPS,
    FORBIDDEN_UPGRADES,
    IDS,
    MARKET_SPACES,
    PHASE_EVENTS,
    PHASES,
    RAILROADS_IN_PLAY,
    RULESETS,
    SET_END_STEPS,
    STATION,
    STEEL_COLUMNS,
    TILE_COLOURS,
    TRAIN_EVENTS,
    BonusShares,
    CoalCreek,
    Content,
    DebtHolder,
    End,
    GorgeLease,
    MetalDiscount,
    MintDiscount,
    PhantomShares,
    RouteBonus,
    Stop,
    SulphurSprings,
    TerrainDiscount,
    standard_upgrades,
)


# ---- check -------------------------------------------------------------------------------------------------
def _duplicates(ids: list[str]) -> list[str]:
    return sorted(i for i, n in Counter(ids).items() if n > 1)


def _paths_ok(paths: tuple[tuple[End, End], ...], stops: tuple[Stop, ...]) -> bool:
    for path in paths:
        for end in path:
            if isinstance(end, str):
                if end != STATION or not stops:
                    return False
            elif not 0 <= end <= 5:
                return False
        if path[0] == path[1]:
            return False
    return True


def _stops_ok(stops: tuple[Stop, ...]) -> bool:
    return all((s.slots >= 1) if s.kind == "city" else s.slots == 0 for s in stops)


def check(c: Content) -> list[str]:
    """What is wrong with the data, against the counts and figures of the fact sheet."""
    out: list[str] = []
    out += _check_map(c)
    out += _check_tiles(c)
    out += _check_companies(c)
    out += _check_privates(c)
    out += _check_trains_phases(c)
    out += _check_market_steel(c)
    out += _check_rules(c)
    return out


def _check_map(c: Content) -> list[str]:
    out: list[str] = []
    ids = [h.id for h in c.hex_list]
    if dup := _duplicates(ids):
        out.append(f"duplicate hexes {dup}")
    if len(c.hex_list) != 105:
        out.append(f"{len(c.hex_list)} hexes, the sheet has 105")
    colours = dict(Counter(h.colour for h in c.hex_list))
    if colours != EXPECTED_HEX_COLOURS:
        out.append(f"hex colours {colours}, wanted {EXPECTED_HEX_COLOURS}")
    for h in c.hex_list:
        try:
            if IDS.format(IDS.parse(h.id)) != h.id:
                out.append(f"{h.id}: not a canonical hex id")
        except HexIdError as err:
            out.append(f"{h.id}: {err}")
            continue
        if (h.cost > 0) != bool(h.terrain):
            out.append(f"{h.id}: terrain and cost go together")
        if h.mines and h.colour != "white":
            out.append(f"{h.id}: mines only on white hexes")
        if not _paths_ok(h.paths, h.stops) or not _stops_ok(h.stops):
            out.append(f"{h.id}: bad printed track or stops")
        for edge in {e for p in h.paths for e in p if isinstance(e, int)}:
            n = c.neighbour(h.id, edge)
            if n is None or c.hexes[n].colour == "gray":
                out.append(f"{h.id}: track on edge {edge} leads nowhere")
        for edge in h.borders:
            n = c.neighbour(h.id, edge) if 0 <= edge <= 5 else None
            if n is None or (edge + 3) % 6 not in c.hexes[n].borders:
                out.append(f"{h.id}: outline on edge {edge} has no partner")
        for s in h.stops:
            if (s.kind == "offboard" or s.area) and h.colour != "red":
                out.append(f"{h.id}: off-board stops only on red hexes")
            if s.area and (s.area not in c.areas or h.id not in c.areas[s.area].hexes):
                out.append(f"{h.id}: not listed in area {s.area!r}")
        if h.colour == "red" and not any(s.area for s in h.stops):
            out.append(f"{h.id}: a red hex belongs to an area")
        if h.city_if and (h.city_if not in c.railroads or [s.kind for s in h.stops] != ["town"]):
            out.append(f"{h.id}: city_if needs a railroad and a printed town")
        if h.home and h.home not in c.railroads:
            out.append(f"{h.id}: home of unknown railroad {h.home}")
        for t in h.upgrades:
            if t not in c.tiles or c.tiles[t].hexes != (h.id,):
                out.append(f"{h.id}: upgrade tile {t} missing or not bound to this hex")
    mines = [h.mines for h in c.hex_list if h.mines]
    if (sum(mines), len(mines)) != EXPECTED_MINES:
        out.append(f"{sum(mines)} mine icons on {len(mines)} hexes, wanted {EXPECTED_MINES}")
    for a in c.areas.values():
        if set(a.revenue) != set(PHASES):
            out.append(f"area {a.id}: revenue for every phase")
        for hid in a.hexes:
            if hid not in c.hexes or not any(s.area == a.id for s in c.hexes[hid].stops):
                out.append(f"area {a.id}: {hid} has no stop of it")
    gorge = tuple(h.id for h in c.hex_list if h.gorge)
    if sorted(gorge) != sorted(c.rules.gorge.hexes):
        out.append(f"gorge hexes {gorge} differ from rules {c.rules.gorge.hexes}")
    for hid in gorge:
        h = c.hexes[hid]
        steps = [c.tiles[t].colour for t in h.upgrades if t in c.tiles]
        if h.colour != "yellow" or steps != ["green", "brown"]:
            out.append(f"{hid}: a gorge hex is yellow and takes one green then one brown RG tile")
    for wall in c.rules.gorge.walls:
        if wall not in c.hexes or c.hexes[wall].colour != "gray":
            out.append(f"gorge wall {wall} must be a gray hex")
    return out


def _check_tiles(c: Content) -> list[str]:
    out: list[str] = []
    if dup := _duplicates([t.id for t in c.tile_list]):
        out.append(f"duplicate tiles {dup}")
    totals = {colour: sum(t.count for t in c.tiles_of(colour)) for colour in TILE_COLOURS}
    if totals != EXPECTED_TILES:
        out.append(f"tile totals {totals}, wanted {EXPECTED_TILES}")
    for t in c.tile_list:
        if t.count < 1 or not t.paths or not _paths_ok(t.paths, t.stops) or not _stops_ok(t.stops):
            out.append(f"tile {t.id}: bad count, track or stops")
        if len(t.stops) > 1:
            out.append(f"tile {t.id}: at most one stop")
        if any(h not in c.hexes for h in t.hexes):
            out.append(f"tile {t.id}: unknown hex in {t.hexes}")
        missing = [u for u in (*t.upgrades, *t.not_to) if u not in c.tiles]
        if missing:
            out.append(f"tile {t.id}: unknown upgrades {missing}")
            continue
        forbidden = [u for u in t.upgrades if (t.id, u) in FORBIDDEN_UPGRADES]
        if forbidden:
            out.append(f"tile {t.id}: may not upgrade to {forbidden}")
        standard = standard_upgrades(c, t)
        if set(t.not_to) - set(standard):
            out.append(f"tile {t.id}: not_to {t.not_to} is not a standard upgrade anyway")
        wanted = [u for u in standard if u not in t.not_to]
        if sorted(t.upgrades) != sorted(wanted):
            out.append(f"tile {t.id}: upgrades {list(t.upgrades)}, the standard rule gives {wanted}")
    return out


def _check_companies(c: Content) -> list[str]:
    out: list[str] = []
    if dup := _duplicates([r.id for r in c.railroad_list]):
        out.append(f"duplicate railroads {dup}")
    if len(c.railroad_list) != 11:
        out.append(f"{len(c.railroad_list)} railroads, the sheet has 11")
    always = sorted(r.id for r in c.railroad_list if r.always)
    if always != sorted(c.draw.always) or always != ["RG", "SF"]:
        out.append(f"always-in railroads {always}, wanted RG and SF")
    in_play = len(c.draw.always) + c.draw.drawn
    if in_play != RAILROADS_IN_PLAY or sum(c.draw.tranches) != in_play:
        out.append(f"{in_play} railroads per game in tranches {c.draw.tranches}, wanted {RAILROADS_IN_PLAY}")
    if len(c.railroad_list) - len(always) < c.draw.drawn:
        out.append("not enough optional railroads to draw from")
    if len({r.founded for r in c.railroad_list}) != len(c.railroad_list):
        out.append("founding years must differ (they order the tranches)")
    rr = c.railroad_rules
    if sum(rr.shares) != 100 or rr.shares[0] != rr.float_percent:
        out.append("railroad shares must total 100 % and float with the president's certificate")
    for r in c.railroad_list:
        h = c.hexes.get(r.home)
        if h is None or h.home != r.id:
            out.append(f"{r.id}: home {r.home} is not marked as its home on the map")
        elif not (any(s.kind == "city" for s in h.stops) or h.city_if == r.id):
            out.append(f"{r.id}: home {r.home} has no city")
        if not 1 <= r.tokens <= len(rr.token_costs):
            out.append(f"{r.id}: {r.tokens} tokens")
        for hid in r.reserved:
            if hid not in c.hexes or c.hexes[hid].reserved != r.id:
                out.append(f"{r.id}: reservation {hid} not on the map")
    reserved = {(h.id, h.reserved) for h in c.hex_list if h.reserved}
    if reserved != {(hid, r.id) for r in c.railroad_list for hid in r.reserved}:
        out.append("map reservations and railroad reservations differ")
    if sorted(c.metals) != ["CF&I", "VGC"]:
        out.append("metal companies are CF&I and VGC")
    for m in c.metals.values():
        cell = c.market.cell(0, m.start_column)
        if sum(m.shares) != 100 or cell is None or cell.price != 45:
            out.append(f"{m.id}: 10 × 10 % shares starting at $45")
    debt_cell = c.market.cell(0, c.debt.start_column)
    if debt_cell is None or debt_cell.price != 60 or c.debt.start_column != c.rules.debt.start_column:
        out.append("the DEBT marker starts at $60")
    return out


def _check_privates(c: Content) -> list[str]:
    out: list[str] = []
    if dup := _duplicates([p.id for p in c.private_list]):
        out.append(f"duplicate privates {dup}")
    pools = {pool: len(c.privates_in(pool)) for pool in EXPECTED_PRIVATES}
    if pools != EXPECTED_PRIVATES:
        out.append(f"privates per pool {pools}, wanted {EXPECTED_PRIVATES}")
    draw = {pool: c.private_draw.of(pool) for pool in EXPECTED_PRIVATES}
    if draw != {"yellow": 2, "green": 2, "brown": 1}:
        out.append(f"private draw {draw}, wanted 2 yellow, 2 green, 1 brown")
    first5 = {p.id for p in c.private_list if "first_5+" in p.closes}
    if first5 != CLOSED_BY_FIRST_5:
        out.append(f"privates closed by the first 5+ {sorted(first5)}, wanted {sorted(CLOSED_BY_FIRST_5)}")
    corporations = {*c.railroads, *c.metals}
    for p in c.private_list:
        if any(x not in CLOSES for x in p.closes) or any(ph not in PHASES for ph in p.revenue_from):
            out.append(f"{p.id}: bad closes or revenue_from")
        if not p.en or not p.zh or not p.desc_en or not p.desc_zh:
            out.append(f"{p.id}: names and descriptions in en and zh")
        a = p.ability
        hexes: list[str] = []
        corps: list[str] = []
        tiles: list[str] = []
        phases: list[str] = []
        if isinstance(a, RouteBonus):
            hexes += [a.hex, *([a.moves_to] if a.moves_to else [])]
            phases += [a.moves_at] if a.moves_at else []
        elif isinstance(a, CoalCreek):
            hexes.append(a.hex)
        elif isinstance(a, BonusShares):
            corps += [s.corporation for s in a.shares]
        elif isinstance(a, TerrainDiscount):
            hexes += a.mountain_hexes
        elif isinstance(a, DebtHolder):
            corps.append(a.debtor)
        elif isinstance(a, GorgeLease):
            corps.append(a.payee)
        elif isinstance(a, MetalDiscount):
            corps += a.corporations
        elif isinstance(a, SulphurSprings):
            hexes.append(a.hex)
            tiles += a.tiles
            phases.append(a.player_revenue_from)
        elif isinstance(a, PhantomShares | MintDiscount):
            corps.append(a.corporation)
        bad = ([h for h in hexes if h not in c.hexes] + [x for x in corps if x not in corporations]
               + [t for t in tiles if t not in c.tiles] + [ph for ph in phases if ph not in PHASES])
        if bad:
            out.append(f"{p.id}: ability refers to unknown {bad}")
    return out


def _check_trains_phases(c: Content) -> list[str]:
    out: list[str] = []
    if dup := _duplicates([t.id for t in c.train_list]):
        out.append(f"duplicate trains {dup}")
    counts = {t.id: t.count for t in c.train_list if not t.unlimited}
    if counts != EXPECTED_TRAINS or [t.id for t in c.train_list if t.unlimited] != ["6x2"]:
        out.append(f"train counts {counts}, wanted {EXPECTED_TRAINS} and an unlimited 6x2")
    triggers: dict[str, tuple[str, int]] = {}
    for t in c.train_list:
        if t.rusts_on and t.rusts_on not in c.trains:
            out.append(f"{t.id}: rusts on unknown train {t.rusts_on}")
        for e in t.events:
            if e.event not in TRAIN_EVENTS or (e.event == "phase") != bool(e.phase):
                out.append(f"{t.id}: bad event {e.event}")
            if not t.unlimited and not 1 <= e.nth <= t.count:
                out.append(f"{t.id}: event on train {e.nth} of {t.count}")
            if e.event == "phase":
                triggers[e.phase] = (t.id, e.nth)
    if any(t not in c.trains for t in c.export.whole_type):
        out.append("export names an unknown train")
    if [p.id for p in c.phase_list] != list(PHASES):
        out.append(f"phases {[p.id for p in c.phase_list]}, wanted {list(PHASES)}")
    zones = {s.zone for s in c.market.par}
    for n, p in enumerate(c.phase_list):
        if p.colour not in p.tiles or any(x not in TILE_COLOURS for x in p.tiles):
            out.append(f"phase {p.id}: bad tile colours")
        if (p.on is None) != (n == 0) or (p.on and triggers.get(p.id) != (p.on.train, p.on.nth)):
            out.append(f"phase {p.id}: its trigger differs from trains.toml")
        if any(z not in zones for z in p.par) or not 1 <= p.tranches <= len(c.draw.tranches):
            out.append(f"phase {p.id}: bad par groups or tranches")
        if any(e not in PHASE_EVENTS for e in p.events) or not p.en or not p.zh:
            out.append(f"phase {p.id}: bad events or names")
    if set(triggers) - set(c.phases):
        out.append(f"trains start unknown phases {set(triggers) - set(c.phases)}")
    return out


def _check_market_steel(c: Content) -> list[str]:
    out: list[str] = []
    m = c.market
    cells = m.cells()
    if len(m.row) != 1 or len(cells) != MARKET_SPACES:
        out.append(f"the market is one row of {MARKET_SPACES} spaces")
    for line in m.row:
        if len(line.prices) != len(line.zones) or list(line.prices) != sorted(set(line.prices)):
            out.append("market prices rise left to right, one zone each")
    for zone in {x.zone for x in cells if x.zone}:
        if zone not in m.colours:
            out.append(f"market zone {zone!r} has no colour")
    if not any(x.zone == "endgame" for x in cells):
        out.append("the market needs its red endgame zone")
    for s in m.par:
        if sorted(x.price for x in cells if x.zone == s.zone) != sorted(s.prices) or s.phase not in c.phases:
            out.append(f"par set {s.zone}: prices {s.prices} differ from the grid")
    if [col.id for col in c.steel.column] != list(STEEL_COLUMNS):
        out.append(f"steel columns {[col.id for col in c.steel.column]}, wanted {list(STEEL_COLUMNS)}")
    return out


def _check_rules(c: Content) -> list[str]:
    out: list[str] = []
    r = c.rules
    counts = set(range(r.players.min, r.players.max + 1))
    if (r.players.min, r.players.max) != (2, 4) or set(r.starting_cash) != counts:
        out.append("2-4 players, starting cash for each count")
    for name, table in (("cert_limit", r.cert_limit), ("max_holding", r.max_holding)):
        for ruleset in RULESETS:
            if set(table.get(ruleset)) != counts:
                out.append(f"{name}.{ruleset}: a figure for each player count")
    g = r.gold
    if len(g.dividends) != len(g.slot_colours) or set(g.ship_limit) != set(PHASES):
        out.append("gold: one colour per dividend slot and a ship limit per phase")
    if max(g.ship_limit.values(), default=0) >= len(g.dividends):
        out.append("gold: ship limits must leave a slot uncovered")
    owed = {"RG": r.treaty.rg_owes_sf, "SF": r.treaty.sf_owes_holder}
    if {k: len(v) - 1 for k, v in r.debt.penalty.items()} != owed:
        out.append(f"debt penalty tables must cover 0..owed tokens {owed}")
    if sorted(r.treaty.free_tokens) != sorted(c.railroads["RG"].reserved if "RG" in c.railroads else ()):
        out.append("the Treaty's free tokens go on RG's reserved hexes")
    if [c.tiles[t].colour for t in r.treaty.green_tiles if t in c.tiles] != ["green"] * len(r.gorge.hexes):
        out.append("the Treaty lays one green RG tile per gorge hex")
    for ruleset in RULESETS:
        if any(s not in SET_END_STEPS for s in r.set_end.get(ruleset)):
            out.append(f"set_end.{ruleset}: unknown step")
    if any(s not in FINAL_STEPS for s in r.end.final):
        out.append("end: unknown final step")
    if r.end.train not in c.trains or not any(e.event == "end_game" for e in c.trains[r.end.train].events):
        out.append(f"end: train {r.end.train!r} carries no end_game event")
    tr = next((e for t in c.train_list for e in t.events if e.event == "treaty_of_boston"), None)
    if tr is None:
        out.append("no train triggers the Treaty of Boston")
    return out
