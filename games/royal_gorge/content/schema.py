"""The shape of 18 Royal Gorge's data files (``data/*.toml``, schema in ``data/README.md``) as typed structs, the
constants the rules name (rulesets, colours, phases, the fact sheet's counts), :class:`Content` with its
look-ups, and the standard upgrade rule (fact sheet §3).
"""

from __future__ import annotations

from pathlib import Path
from typing import Generic, Literal, TypeVar

import msgspec

from games.core.hexgrid import FLAT_EDGES, Hex, HexIdError, LetterNumberIds

DATA = Path(__file__).parent.with_name("data")
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
    first_round_sales: PerRuleset[bool]
    rebuy_same_round: bool
    metal_market_limit: PerRuleset[int]
    metal_sale_moves_price: PerRuleset[bool]


class OperatingRules(_Data, frozen=True, kw_only=True):
    track_actions: int
    dividends: tuple[str, ...]
    first_turn_tokens: PerRuleset[bool]
    must_own_train: PerRuleset[Literal["route", "always"]]
    train_trade_connected: bool
    train_trade_consent: PerRuleset[bool]


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
