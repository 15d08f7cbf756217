"""The printed components and constants of 18 Royal Gorge, read once from the data files.

Every figure comes from the fact sheet ``/work/shared/research/18rg.md`` (18xx.games) and the rules text
``/work/shared/rules/royal-gorge.zh.md`` (the spec); where the two differ the data keeps both, keyed by ruleset
(:data:`RULESETS`). Files and schema: ``data/README.md``. Hex ids and edge numbers are those of
:mod:`games.core.hexgrid` (flat-top, ``LetterNumberIds("flat", parity=0)``; edges 0 = S … 5 = SE, clockwise).
"""

from __future__ import annotations

import functools
import tomllib
from collections import Counter
from pathlib import Path
from typing import Generic, Literal, TypeVar

import msgspec

from games.core.hexgrid import FLAT_EDGES, Hex, HexIdError, LetterNumberIds

DATA = Path(__file__).with_name("data")
IDS = LetterNumberIds("flat", parity=0)

#: ``bga``: the rules text (as played on Board Game Arena); ``18xx``: 18xx.games (the fact sheet).
RULESETS = ("bga", "18xx")
#: Tile colours in upgrade order (the 4th phase, Silver, lays gray).
TILE_COLOURS = ("yellow", "green", "brown", "gray")
#: Phase ids in order.
PHASES = ("yellow", "green", "brown", "silver")
#: The station endpoint of a path (each tile and hex here has at most one stop).
STATION = "_0"
#: Why a private closes (``Private.closes``); none = never.
CLOSES = ("first_5+", "on_use", "debt_repaid")
TRAIN_EVENTS = ("phase", "treaty_of_boston", "close_privates", "end_game")
PHASE_EVENTS = ("st_cloud_moves", "private_income")
SET_END_STEPS = ("vgc_payout", "cfi_payout", "export", "steel_refill", "debt_move")
FINAL_STEPS = ("cfi_payout", "vgc_payout", "debt_penalty", "net_worth")

#: Counts the fact sheet gives (§2.1, §2.2, §3, §4, §5, §6, §11, §8); :func:`check` holds the data to them.
EXPECTED_HEX_COLOURS = {"white": 84, "yellow": 3, "gray": 7, "red": 11}
EXPECTED_TILES = {"yellow": 57, "green": 42, "brown": 21, "gray": 1}
EXPECTED_MINES = (19, 17)  # mine icons, hexes carrying them
EXPECTED_TRAINS = {"2+": 4, "3+": 4, "4+": 3, "5+": 2}  # 6x2: unlimited
EXPECTED_PRIVATES = {"yellow": 6, "green": 6, "brown": 6}  # enabled ones; Y8 is switched off
#: Upgrades the standard rule allows but the game forbids (§3: the 2-slot RG6 may not become the 1-slot RG7).
FORBIDDEN_UPGRADES = {("RG6", "RG7")}
CLOSED_BY_FIRST_5 = {"Y2", "Y3", "Y4", "Y5", "Y6", "G2", "G3", "G5", "G6", "B3", "B4", "B5"}
RAILROADS_IN_PLAY = 5
MARKET_SPACES = 28
STEEL_COLUMNS = "ABCDEFGHI"

T = TypeVar("T")
Colour = Literal["yellow", "green", "brown", "gray"]
HexColour = Literal["white", "yellow", "gray", "red"]
End = int | str
"""A path endpoint: an edge 0-5, or :data:`STATION`."""


class _Data(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


class Named(_Data, frozen=True, kw_only=True):
    id: str
    en: str = ""
    zh: str = ""

    def name(self, lang: str = "en") -> str:
        """The player-visible name (``zh`` for Chinese languages; the id when the hex has no name)."""
        text = self.zh if lang.startswith("zh") else self.en
        return text or self.en or self.id


class PerRuleset(msgspec.Struct, Generic[T], frozen=True, forbid_unknown_fields=True):
    """A figure that differs between the rules text (``bga``) and 18xx.games (``18xx``)."""

    bga: T
    xx: T = msgspec.field(name="18xx")

    def get(self, ruleset: str) -> T:
        if ruleset == "bga":
            return self.bga
        if ruleset == "18xx":
            return self.xx
        raise ValueError(f"unknown ruleset {ruleset!r}: one of {', '.join(RULESETS)}")


# ---- map.toml ----------------------------------------------------------------------------------------------
class Stop(_Data, frozen=True, kw_only=True):
    """A revenue centre printed on a hex or a tile."""

    kind: Literal["city", "town", "offboard"]
    revenue: int = 0
    slots: int = 0          # token slots (cities)
    area: str = ""          # an off-board area: revenue by phase from map.toml [[area]]
    hidden: bool = False    # the area's revenue is printed on its partner hex


class Area(Named, frozen=True, kw_only=True):
    """An off-board area (red); a route may use one stop of it."""

    hexes: tuple[str, ...]
    revenue: dict[str, int]


class MapHex(Named, frozen=True, kw_only=True):
    colour: HexColour
    terrain: Literal["", "mountain", "water"] = ""
    cost: int = 0
    mines: int = 0
    label: str = ""
    stops: tuple[Stop, ...] = ()
    paths: tuple[tuple[End, End], ...] = ()
    borders: tuple[int, ...] = ()
    home: str = ""
    reserved: str = ""
    city_if: str = ""
    gorge: bool = False
    upgrades: tuple[str, ...] = ()

    @property
    def coord(self) -> Hex:
        return IDS.parse(self.id)


# ---- tiles.toml --------------------------------------------------------------------------------------------
class Tile(_Data, frozen=True, kw_only=True):
    id: str
    colour: Colour
    count: int
    stops: tuple[Stop, ...] = ()
    paths: tuple[tuple[End, End], ...]
    label: str = ""
    hexes: tuple[str, ...] = ()
    upgrades: tuple[str, ...] = ()
    not_to: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        """``city``, ``town`` or ``track`` (plain track)."""
        return self.stops[0].kind if self.stops else "track"

    def exits(self, rotation: int = 0) -> frozenset[int]:
        """Edges the tile's track reaches when laid at ``rotation``."""
        return frozenset((e + rotation) % 6 for p in self.paths for e in p if isinstance(e, int))

    def rotated_paths(self, rotation: int) -> frozenset[frozenset[End]]:
        """The tile's paths at ``rotation``, each as the set of its two endpoints."""
        return frozenset(frozenset((e + rotation) % 6 if isinstance(e, int) else e for e in p) for p in self.paths)


# ---- companies.toml ----------------------------------------------------------------------------------------
class CorpDraw(_Data, frozen=True, kw_only=True):
    always: tuple[str, ...]
    drawn: int
    tranches: tuple[int, ...]


class RailroadRules(_Data, frozen=True, kw_only=True):
    shares: tuple[int, ...]
    float_percent: int
    token_costs: tuple[int, ...]
    capitalisation: str
    treasury_sales: str
    market_limit: int
    par_cash_multiple: int
    treasury_name: dict[str, str]


class Railroad(Named, frozen=True, kw_only=True):
    founded: int
    home: str
    tokens: int
    colour: str
    always: bool = False
    reserved: tuple[str, ...] = ()
    treaty_tokens: int = 0


class Metal(Named, frozen=True, kw_only=True):
    role: Literal["steel", "gold"]
    shares: tuple[int, ...]
    start_column: int
    cash: int
    colour: str


class DebtMarker(Named, frozen=True, kw_only=True):
    start_column: int
    colour: str


# ---- privates.toml: abilities ------------------------------------------------------------------------------
class _Ability(_Data, frozen=True, kw_only=True, tag_field="kind"):
    pass


class RouteBonus(_Ability, frozen=True, kw_only=True, tag="route_bonus"):
    """The owning railroad earns ``bonus`` on a route stopping at ``hex``; from phase ``moves_at`` the marker
    stands on ``moves_to`` and pays ``moved_bonus``."""

    hex: str
    bonus: int
    moves_at: str = ""
    moves_to: str = ""
    moved_bonus: int = 0


class GhostTowns(_Ability, frozen=True, kw_only=True, tag="ghost_towns"):
    markers: int
    bonus: int


class CoalCreek(_Ability, frozen=True, kw_only=True, tag="coal_creek"):
    """A cube to the owning railroad from ``supply`` whenever any run passes ``hex``; ≤ ``per_run`` per run,
    one extra stop each."""

    hex: str
    supply: int
    per_run: int


class CoalDepot(_Ability, frozen=True, kw_only=True, tag="coal_depot"):
    """One cube per ``dollars_per_cube`` of the winning auction bid (rounded down); ≤ ``per_run`` per run."""

    dollars_per_cube: int
    per_run: int


class ShareGrant(_Data, frozen=True, kw_only=True):
    corporation: str
    percent: int


class BonusShares(_Ability, frozen=True, kw_only=True, tag="bonus_shares"):
    shares: tuple[ShareGrant, ...]


class TerrainDiscount(_Ability, frozen=True, kw_only=True, tag="terrain_discount"):
    """Terrain costs divided by ``divisor``: mountains only on ``mountain_hexes``, water everywhere if ``water``."""

    divisor: int
    water: bool
    mountain_hexes: tuple[str, ...]


class GoldCommission(_Ability, frozen=True, kw_only=True, tag="gold_commission"):
    per_shipment: int


class DebtHolder(_Ability, frozen=True, kw_only=True, tag="debt_holder"):
    debtor: str
    tokens: int


class GoldBonus(_Ability, frozen=True, kw_only=True, tag="gold_bonus"):
    bonus: int
    uses: int


class GorgeLease(_Ability, frozen=True, kw_only=True, tag="gorge_lease"):
    payee: str
    percent: int


class Income(_Ability, frozen=True, kw_only=True, tag="income"):
    """Only income (``Private.revenue_from``); ``no_voluntary_close``: the owner may not close it (G4)."""

    no_voluntary_close: bool = False


class MetalDiscount(_Ability, frozen=True, kw_only=True, tag="metal_discount"):
    corporations: tuple[str, ...]
    shares: int
    steps_left: int


class SulphurSprings(_Ability, frozen=True, kw_only=True, tag="sulphur_springs"):
    hex: str
    tiles: tuple[str, ...]
    player_revenue: int
    player_revenue_from: str


class SteelDepot(_Ability, frozen=True, kw_only=True, tag="steel_depot"):
    cubes: int
    per_or: int
    colours: tuple[Colour, ...]


class PhantomShares(_Ability, frozen=True, kw_only=True, tag="phantom_shares"):
    corporation: str
    shares: int


class TrainBoost(_Ability, frozen=True, kw_only=True, tag="train_boost"):
    trains: int
    stops: int


class MintDiscount(_Ability, frozen=True, kw_only=True, tag="mint_discount"):
    corporation: str
    min_shares: int
    max_shares: int
    divisor: int


Ability = (RouteBonus | GhostTowns | CoalCreek | CoalDepot | BonusShares | TerrainDiscount | GoldCommission
           | DebtHolder | GoldBonus | GorgeLease | Income | MetalDiscount | SulphurSprings | SteelDepot
           | PhantomShares | TrainBoost | MintDiscount)


class PrivateDraw(_Data, frozen=True, kw_only=True):
    yellow: int
    green: int
    brown: int

    def of(self, pool: str) -> int:
        count: int = getattr(self, pool)
        return count


class Private(Named, frozen=True, kw_only=True):
    pool: Literal["yellow", "green", "brown"]
    value: int
    revenue: int
    revenue_from: dict[str, int] = {}
    closes: tuple[str, ...] = ()
    corp_buy: bool = True
    cert: bool = True
    enabled: bool = True
    ability: Ability
    desc_en: str
    desc_zh: str

    def description(self, lang: str = "en") -> str:
        return self.desc_zh if lang.startswith("zh") else self.desc_en

    def income(self, phase: str) -> int:
        """Income per OR in ``phase`` (the latest ``revenue_from`` reached, else ``revenue``)."""
        reached = [p for p in PHASES[: PHASES.index(phase) + 1] if p in self.revenue_from]
        return self.revenue_from[reached[-1]] if reached else self.revenue


# ---- trains.toml, phases.toml ------------------------------------------------------------------------------
class TrainEvent(_Data, frozen=True, kw_only=True):
    nth: int
    event: str
    phase: str = ""


class Train(_Data, frozen=True, kw_only=True):
    id: str
    distance: int
    towns: Literal["free", "counted"]
    multiplier: int = 1
    price: int
    count: int = 0
    unlimited: bool = False
    rusts_on: str = ""
    salvage: int = 0
    events: tuple[TrainEvent, ...] = ()


class Export(_Data, frozen=True, kw_only=True):
    whole_type: tuple[str, ...]
    otherwise: int


class PhaseTrigger(_Data, frozen=True, kw_only=True):
    train: str
    nth: int


class Phase(Named, frozen=True, kw_only=True):
    colour: Colour
    on: PhaseTrigger | None = None
    tiles: tuple[Colour, ...]
    train_limit: int
    operating_rounds: int
    par: tuple[str, ...]
    tranches: int
    corp_buy_privates: bool = False
    events: tuple[str, ...] = ()


# ---- market.toml, steel.toml -------------------------------------------------------------------------------
class MarketRow(_Data, frozen=True, kw_only=True):
    prices: tuple[int, ...]
    zones: tuple[str, ...]


class ParSet(_Data, frozen=True, kw_only=True):
    zone: str
    phase: str
    prices: tuple[int, ...]


class Movement(_Data, frozen=True, kw_only=True):
    withhold: int
    payout_max: int
    president_sale: int
    sold_out: int


class MarketCell(msgspec.Struct, frozen=True):
    row: int
    col: int
    price: int
    zone: str
    colour: str


class Market(_Data, frozen=True, kw_only=True):
    row: tuple[MarketRow, ...]
    colours: dict[str, str]
    par: tuple[ParSet, ...]
    movement: Movement

    def cell(self, row: int, col: int) -> MarketCell | None:
        """The space at ``(row, col)``, or ``None`` off the grid."""
        if not 0 <= row < len(self.row) or not 0 <= col < len(self.row[row].prices):
            return None
        zone = self.row[row].zones[col]
        return MarketCell(row, col, self.row[row].prices[col], zone, self.colours.get(zone, ""))

    def cells(self) -> list[MarketCell]:
        return [c for r, line in enumerate(self.row) for col in range(len(line.prices))
                if (c := self.cell(r, col)) is not None]


class SteelColumn(_Data, frozen=True, kw_only=True):
    id: str
    colour: Colour
    cubes: tuple[int, ...]


class Steel(_Data, frozen=True, kw_only=True):
    fallback_price: int
    cash_reset: int
    column: tuple[SteelColumn, ...]


# ---- rules.toml --------------------------------------------------------------------------------------------
class PlayerRange(_Data, frozen=True, kw_only=True):
    min: int
    max: int


class StockRules(_Data, frozen=True, kw_only=True):
    sell_then_buy: bool
    sell_in_blocks: bool
    first_round_sales: bool
    rebuy_same_round: bool


class OperatingRules(_Data, frozen=True, kw_only=True):
    track_actions: int
    dividends: tuple[str, ...]
    first_turn_tokens: PerRuleset[bool]
    must_own_train: PerRuleset[Literal["route", "always"]]
    train_trade_connected: bool


class GoldRules(_Data, frozen=True, kw_only=True):
    per_mine: int
    ship_per_turn: int
    ship_revenue: int
    dividends: tuple[int, ...]
    slot_colours: tuple[str, ...]
    ship_limit: dict[str, int]
    set_limit: PerRuleset[bool]


class GorgeRules(_Data, frozen=True, kw_only=True):
    hexes: tuple[str, ...]
    walls: tuple[str, ...]
    lay_before_treaty: bool
    brown_upgrades_all: bool


class TreatyRules(_Data, frozen=True, kw_only=True):
    rg_owes_sf: int
    sf_owes_holder: int
    green_tiles: tuple[str, ...]
    free_tokens: tuple[str, ...]
    returned_token_prices: tuple[int, ...]


class DebtRules(_Data, frozen=True, kw_only=True):
    start_column: int
    per_turn: int
    moves: PerRuleset[Literal["or", "set"]]
    penalty: dict[str, tuple[int, ...]]


class EndRules(_Data, frozen=True, kw_only=True):
    bankruptcy: str
    red_zone: str
    red_zone_who: PerRuleset[Literal["any", "railroad"]]
    worth_privates: PerRuleset[bool]
    train: str
    extra_sets: int
    short_option_extra_sets: int
    final: tuple[str, ...]


class AuctionRules(_Data, frozen=True, kw_only=True):
    min_raise: int
    unsold_removed: bool
    priority: str
    lot_opens: PerRuleset[Literal["priority", "after_winner"]]


class MetalRules(_Data, frozen=True, kw_only=True):
    cfi_base: PerRuleset[Literal["kept", "reset"]]


class Rules(_Data, frozen=True, kw_only=True):
    players: PlayerRange
    bank: str
    currency: str
    starting_cash: dict[int, int]
    cert_limit: PerRuleset[dict[int, int]]
    cert_privates: PerRuleset[Literal["all", "certificates"]]
    max_holding: PerRuleset[dict[int, int]]
    stock: StockRules
    operating: OperatingRules
    gold: GoldRules
    gorge: GorgeRules
    treaty: TreatyRules
    debt: DebtRules
    set_end: PerRuleset[tuple[str, ...]]
    metals: MetalRules
    end: EndRules
    auction: AuctionRules


# ---- the files ---------------------------------------------------------------------------------------------
class _MapFile(_Data, frozen=True, kw_only=True):
    area: tuple[Area, ...]
    hex: tuple[MapHex, ...]


class _TilesFile(_Data, frozen=True, kw_only=True):
    tile: tuple[Tile, ...]


class _CompaniesFile(_Data, frozen=True, kw_only=True):
    draw: CorpDraw
    railroad_rules: RailroadRules
    railroad: tuple[Railroad, ...]
    metal: tuple[Metal, ...]
    debt: DebtMarker


class _PrivatesFile(_Data, frozen=True, kw_only=True):
    draw: PrivateDraw
    private: tuple[Private, ...]


class _TrainsFile(_Data, frozen=True, kw_only=True):
    train: tuple[Train, ...]
    export: Export


class _PhasesFile(_Data, frozen=True, kw_only=True):
    phase: tuple[Phase, ...]


class Content(msgspec.Struct, frozen=True, kw_only=True):
    """Everything the data files hold; the ``*_list`` fields keep file order (and any duplicate ids)."""

    areas: dict[str, Area]
    hex_list: tuple[MapHex, ...]
    hexes: dict[str, MapHex]
    tile_list: tuple[Tile, ...]
    tiles: dict[str, Tile]
    draw: CorpDraw
    railroad_rules: RailroadRules
    railroad_list: tuple[Railroad, ...]
    railroads: dict[str, Railroad]
    metals: dict[str, Metal]
    debt: DebtMarker
    private_draw: PrivateDraw
    private_list: tuple[Private, ...]
    privates: dict[str, Private]
    train_list: tuple[Train, ...]
    trains: dict[str, Train]
    export: Export
    phase_list: tuple[Phase, ...]
    phases: dict[str, Phase]
    market: Market
    steel: Steel
    rules: Rules

    # -- lookups
    def hex(self, hex_id: str) -> MapHex:
        """The map hex with this id (``KeyError`` if none)."""
        return self.hexes[hex_id]

    def tile(self, tile_id: str) -> Tile:
        """The tile with this number/id (``KeyError`` if none)."""
        return self.tiles[tile_id]

    def upgrades(self, tile_id: str) -> list[Tile]:
        """The tiles that may replace ``tile_id`` (tiles.toml ``upgrades``)."""
        return [self.tiles[t] for t in self.tiles[tile_id].upgrades]

    def neighbour(self, hex_id: str, edge: int) -> str | None:
        """The id of the map hex across ``edge`` of ``hex_id``, or ``None`` off the map."""
        try:
            other = IDS.format(IDS.parse(hex_id) + FLAT_EDGES[edge])
        except HexIdError:
            return None
        return other if other in self.hexes else None

    def stops_of(self, hex_id: str, railroads: frozenset[str] | set[str] = frozenset()) -> tuple[Stop, ...]:
        """What is printed on a hex for a game with these railroads drawn (I13 and L8 are cities only when their
        railroad is in the game)."""
        h = self.hexes[hex_id]
        if h.city_if and h.city_if in railroads:
            return tuple(Stop(kind="city", revenue=s.revenue, slots=1) for s in h.stops)
        return h.stops

    def stop_revenue(self, stop: Stop, phase: str) -> int:
        """A stop's revenue in ``phase`` (off-board areas pay by phase)."""
        return self.areas[stop.area].revenue[phase] if stop.area else stop.revenue

    def tiles_of(self, colour: str) -> list[Tile]:
        return [t for t in self.tile_list if t.colour == colour]

    def privates_in(self, pool: str) -> list[Private]:
        """The enabled privates of one pool (``yellow``, ``green``, ``brown``), in file order."""
        return [p for p in self.private_list if p.pool == pool and p.enabled]

    # -- the market
    def cell(self, row: int, col: int) -> MarketCell | None:
        return self.market.cell(row, col)

    def par_values(self, phase: str = "silver") -> list[int]:
        """The par prices open in ``phase`` (every par by default), ascending."""
        zones = set(self.phases[phase].par)
        return sorted(p for s in self.market.par if s.zone in zones for p in s.prices)

    def par_cells(self, phase: str = "silver") -> list[MarketCell]:
        zones = set(self.phases[phase].par)
        return [c for c in self.market.cells() if c.zone in zones]

    # -- per player count / ruleset
    def starting_cash(self, players: int) -> int:
        return self.rules.starting_cash[_players(self, players)]

    def cert_limit(self, players: int, ruleset: str) -> int:
        return self.rules.cert_limit.get(ruleset)[_players(self, players)]

    def ship_limit(self, phase: str, ruleset: str) -> int | None:
        """Gold shipments allowed per OR set in ``phase`` (18xx.games); None under the rules text, which
        caps them per railroad and OR only (rules 步骤3: "本轮可运输1块黄金")."""
        gold = self.rules.gold
        return gold.ship_limit[phase] if gold.set_limit.get(ruleset) else None

    def max_holding(self, players: int, ruleset: str) -> int:
        """Most of one railroad, in %, a player may hold."""
        return self.rules.max_holding.get(ruleset)[_players(self, players)]

    # -- trains and phases
    def phase_trigger(self, phase: str) -> tuple[str, int] | None:
        """``(train, nth)`` whose leaving the depot starts ``phase`` (``None`` for the first)."""
        on = self.phases[phase].on
        return (on.train, on.nth) if on else None


def _players(c: Content, players: int) -> int:
    if not c.rules.players.min <= players <= c.rules.players.max:
        raise ValueError(f"18 Royal Gorge is for {c.rules.players.min}-{c.rules.players.max} players, not {players}")
    return players


def _read(name: str, kind: type[T]) -> T:
    raw = tomllib.loads((DATA / name).read_text(encoding="utf-8"))
    try:
        return msgspec.convert(raw, kind, str_keys=True)
    except msgspec.ValidationError as err:
        raise ValueError(f"royal-gorge data {name}: {err}") from None


def load() -> Content:
    """Read and decode the data files, without :func:`check` (tests use it to see the problems)."""
    board = _read("map.toml", _MapFile)
    tiles = _read("tiles.toml", _TilesFile)
    companies = _read("companies.toml", _CompaniesFile)
    privates = _read("privates.toml", _PrivatesFile)
    trains = _read("trains.toml", _TrainsFile)
    phases = _read("phases.toml", _PhasesFile)
    return Content(
        areas={a.id: a for a in board.area},
        hex_list=board.hex,
        hexes={h.id: h for h in board.hex},
        tile_list=tiles.tile,
        tiles={t.id: t for t in tiles.tile},
        draw=companies.draw,
        railroad_rules=companies.railroad_rules,
        railroad_list=companies.railroad,
        railroads={r.id: r for r in companies.railroad},
        metals={m.id: m for m in companies.metal},
        debt=companies.debt,
        private_draw=privates.draw,
        private_list=privates.private,
        privates={p.id: p for p in privates.private},
        train_list=trains.train,
        trains={t.id: t for t in trains.train},
        export=trains.export,
        phase_list=phases.phase,
        phases={p.id: p for p in phases.phase},
        market=_read("market.toml", Market),
        steel=_read("steel.toml", Steel),
        rules=_read("rules.toml", Rules),
    )


@functools.cache
def content() -> Content:
    """The data files, validated (:func:`check`), loaded once per process."""
    out = load()
    problems = check(out)
    if problems:
        raise ValueError("royal-gorge data: " + "; ".join(problems))
    return out


# ---- the standard upgrade rule -----------------------------------------------------------------------------
def standard_upgrade(old: Tile, new: Tile) -> bool:
    """Whether ``new`` may replace ``old`` by the standard 18xx rules (fact sheet §3): the next colour, the same
    label, the same stops (town for town, city for city), every old path kept by some rotation of the new tile;
    tiles bound to hexes (the RG tiles) only replace tiles bound to the same hexes."""
    if TILE_COLOURS.index(new.colour) != TILE_COLOURS.index(old.colour) + 1:
        return False
    if new.label != old.label or new.hexes != old.hexes:
        return False
    if sorted(s.kind for s in new.stops) != sorted(s.kind for s in old.stops):
        return False
    kept = old.rotated_paths(0)
    return any(kept <= new.rotated_paths(k) for k in range(6))


def standard_upgrades(c: Content, tile: Tile) -> list[str]:
    return [t.id for t in c.tile_list if standard_upgrade(tile, t)]


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
