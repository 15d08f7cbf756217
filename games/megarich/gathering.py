"""巨富豪∞: the gathering phase (取材) as pure rules on a :class:`~games.megarich.state.GatherState`.

A round is one day; a turn is one player's day: the move phase (:class:`MoveStep`, skipped under 入院 and
平行现实), the free-action phase (:class:`FreeStep`: 取材, 探索, the special moves 城际列车 / 门径交通 / 旅行,
items) and the settlement (automatic: the clock jumps to 22:00 if earlier, then 8 h of sleep; abnormal states
end). Turn structure runs on the flow kernel (:data:`FLOW`), with sub-steps for the first gatherer's choice of
candidate block (:class:`CandidateStep`), a chance event's options (:class:`ChanceStep`) and a trade event's
shop (:class:`ShopStep`). Figures are ``data/economy.toml``'s (the standard move's are ``data/movement.toml``'s);
rulings are in ``docs/rules/megarich-gathering.md``.

A later ``Game`` subclass wraps it: ``to_act``/``_legal_moves``/``_apply`` are :data:`FLOW`'s, ``_setup`` is
:func:`setup`, ``invariants``/``corruptions`` are this module's.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import msgspec

from games.core.errors import GameError, IllegalMove, NotYourTurn
from games.core.events import Event
from games.core.flow import Flow, Step, close, need
from games.core.game import Move
from games.core.rng import Rng

from . import board, shops, tram
from .dice import Die
from .dice import roll as roll_die
from .events import apply_effects, card, draw, leave
from .items import catalogue
from .moves import Buy, Choose, Done, Explore, Gather, Go, Portal, Sell, Shop, Train, Travel, Upgrade, Use
from .state import (
    FEVER,
    HOSPITAL,
    NOBODY,
    PARALLEL,
    CandidateF,
    ChanceF,
    FreeF,
    GatherState,
    MoveF,
    ShopF,
    Traveller,
    grant_block,
    pay_bank,
    pay_player,
    state_refusal,
)

DATA = Path(__file__).with_name("data")
CANDIDATES = 3
"""Each tile has three candidate inspiration blocks ("三个备选灵感块")."""
MAX_LEVEL = 4
"""A block starts at level 1 and "最多可以升级3次"."""


@dataclass(frozen=True)
class Level:
    """One row of the patent table: the level, the price of the block at level 1 (first gatherer), the holder's
    upgrade cost to reach it, the fee another player pays the holder for a block of that level."""

    level: int
    price: int
    upgrade: int
    fee: int


@dataclass(frozen=True)
class Economy:
    """The figures of ``data/economy.toml``."""

    start_funds: int
    start_hour: int
    days: int
    cutoff: int
    sleep: int
    gather_hours: int
    train_hours: int
    portal_hours: int
    return_hours: int
    levels: tuple[Level, ...]
    hospital_percent: int
    hospital_die: int
    hospital_success: int
    hospital_skips: int
    parallel_return: int
    fever_moves: int
    weights: dict[str, int]
    sell: dict[str, int]

    def level(self, level: int) -> Level:
        """The row of ``level`` (1–4)."""
        return self.levels[level - 1]


def _economy() -> Economy:
    raw: dict[str, Any] = tomllib.loads((DATA / "economy.toml").read_text(encoding="utf-8"))
    levels = tuple(Level(int(r["level"]), int(r.get("price", 0)), int(r.get("upgrade", 0)), int(r["fee"]))
                   for r in raw["level"])
    if [lv.level for lv in levels] != list(range(1, MAX_LEVEL + 1)):
        raise ValueError("economy.toml: one [[level]] row per level 1-4, in order")
    start, clock, actions = raw["start"], raw["clock"], raw["actions"]
    return Economy(
        start_funds=int(start["funds"]), start_hour=int(start["hour"]), days=int(start["days"]),
        cutoff=int(clock["cutoff"]), sleep=int(clock["sleep"]),
        gather_hours=int(actions["gather_hours"]), train_hours=int(actions["train_hours"]),
        portal_hours=int(actions["portal_hours"]), return_hours=int(actions["return_hours"]),
        levels=levels,
        hospital_percent=int(raw["hospital"]["cost_percent"]), hospital_die=int(raw["hospital"]["die"]),
        hospital_success=int(raw["hospital"]["success_at"]), hospital_skips=int(raw["hospital"]["skipped_moves"]),
        parallel_return=int(raw["parallel"]["return_percent"]), fever_moves=int(raw["fever"]["moves"]),
        weights={k: int(v) for k, v in raw["explore"].items()},
        sell={k: int(v) for k, v in raw["sell"].items()},
    )


ECONOMY = _economy()


# ---- the clock --------------------------------------------------------------------------------------------------
def cutoff(state: GatherState) -> int:
    """The clock reading of 22:00 on this round's day ("当日22时")."""
    return 24 * (state.round - 1) + ECONOMY.cutoff


def too_late(state: GatherState, seat: int) -> bool:
    """Whether ``seat`` may start no new action: its clock is at or past 22:00 of the day."""
    return state.seats[seat].clock >= cutoff(state)


def clock_text(clock: int) -> str:
    """A clock reading as ``day 2 07:00`` (day 1 begins at 00:00 hour 0)."""
    return f"day {clock // 24 + 1} {clock % 24:02d}:00"


# ---- setup ------------------------------------------------------------------------------------------------------
def first_player(rng: Rng, players: int, events: list[Event]) -> int:
    """"每名玩家轮流投掷一枚12面骰，由点数最大的玩家作为起始玩家": the tied highest throw again among themselves."""
    contenders = list(range(players))
    while True:
        throws = [roll_die(rng, Die.D12) for _ in contenders]
        events.append(Event("gather.first_throws", {"seats": contenders, "throws": throws}))
        best = max(throws)
        contenders = [s for s, t in zip(contenders, throws, strict=True) if t == best]
        if len(contenders) == 1:
            return contenders[0]


def setup(players: int, rng: Rng, days: int | None = None, events: list[Event] | None = None) -> GatherState:
    """A new gathering phase: the seeded map (:func:`board.setup_board`), every pawn on 实事市 at 06:00 of day 1
    with the starting funds, the starting player by d12, and the first turn open."""
    log = events if events is not None else []
    layout = board.setup_board(rng)
    start = first_player(rng, players, log)
    centre = board.atlas().centre
    state = GatherState(
        players=players, rng=rng, layout=layout,
        seats=[Traveller(cell=centre, funds=ECONOMY.start_funds, clock=ECONOMY.start_hour) for _ in range(players)],
        order=[(start + k) % players for k in range(players)],
        days=days or ECONOMY.days, start_funds=ECONOMY.start_funds,
    )
    FLOW.settle(state, log)
    return state


# ---- turns ------------------------------------------------------------------------------------------------------
def begin_turn(state: GatherState, events: list[Event]) -> None:
    """The current player's day begins: the move phase, or straight to the free actions when 入院 or 平行现实
    skips it (入院 counts the skip)."""
    if state.finished:
        return
    seat = state.current
    player = state.seats[seat]
    events.append(Event("gather.turn", {"seat": seat, "round": state.round, "clock": player.clock}))
    if HOSPITAL in player.states or PARALLEL in player.states:
        if HOSPITAL in player.states:
            player.states[HOSPITAL] += 1
        events.append(Event("gather.move_skipped", {"seat": seat}))
        state.stack.append(FreeF(seat))
    else:
        state.stack.append(MoveF(seat))


def settle_turn(state: GatherState, frame: FreeF, events: list[Event]) -> None:
    """The settlement: jump to 22:00 if earlier, sleep 8 h, end the abnormal states whose time is up, and pass
    the day to the next player (the next round after the last; the phase ends after the last day)."""
    close(state, frame)
    seat = frame.seat
    player = state.seats[seat]
    player.halted = False
    player.used.clear()
    if player.clock < cutoff(state):
        player.clock = cutoff(state)
        events.append(Event("gather.to_night", {"seat": seat}))
    player.clock += ECONOMY.sleep
    if player.states.get(HOSPITAL, 0) >= ECONOMY.hospital_skips:
        leave(state, seat, HOSPITAL, events)
    if player.states.get(FEVER, 0) >= ECONOMY.fever_moves:
        leave(state, seat, FEVER, events)
    events.append(Event("gather.slept", {"seat": seat, "clock": player.clock}))
    state.turn += 1
    if state.turn == len(state.order):
        state.turn = 0
        state.round += 1
        if state.round > state.days:
            state.finished = True
            events.append(Event("gather.finished", {"days": state.days}))


def end_check(state: GatherState, events: list[Event]) -> bool:
    """The flow stops once the last day is over."""
    return state.finished


# ---- the standard move (also 旅行) -------------------------------------------------------------------------------
def flags(player: Traveller) -> set[str]:
    """The passive flags of the items held and the buffs running."""
    items = catalogue()
    return {items[i].flag for i in [*player.items, *player.buffs] if items[i].flag}


def limits(player: Traveller) -> tuple[int, ...]:
    """The move limits the player may choose from (the first is the one ``move D`` means)."""
    held = flags(player)
    choices = tram.limit_choices(pod_locomotive="pod" in held, itchy="itchy" in held)
    return choices


def move_options(player: Traveller, kind: type[Go] | type[Travel]) -> list[Move]:
    """Every standard move (or 旅行) the player may make: six directions, and a second limit when offered."""
    choices = limits(player)
    out: list[Move] = []
    for d in range(6):
        out.append(kind(d))
        out += [kind(d, lim) for lim in choices[1:]]
    return out


def check_move(player: Traveller, direction: int, limit: int) -> int:
    """Validate a direction and limit; the limit the move uses."""
    need(0 <= direction <= 5, "error.gather.direction", direction=direction)
    choices = limits(player)
    chosen = limit or choices[0]
    need(chosen in choices, "error.gather.limit", limit=limit, limits=", ".join(map(str, choices)))
    return chosen


def count_move(player: Traveller) -> None:
    """A move (standard or special) made: 旅行狂热 counts it."""
    if FEVER in player.states:
        player.states[FEVER] += 1


def standard_move(state: GatherState, seat: int, direction: int, limit: int, events: list[Event]) -> None:
    """Throw the tram toward ``direction``: pay 200 (free when short, or under ``free_ride``), +2 h, land at
    random in the cone; every buff counts the move."""
    player = state.seats[seat]
    world = board.atlas()
    cost = 0 if "free_ride" in flags(player) else tram.move_cost(player.funds)
    pay_bank(state, seat, cost)
    player.clock += tram.MOVE_HOURS
    landed = tram.roll(state.rng, board.hex_of(player.cell), direction, limit, world.torus)
    player.cell = board.cell_of(landed)
    for buff in list(player.buffs):             # every buff lasts some standard moves (ruling R77)
        player.buffs[buff] -= 1
        if player.buffs[buff] <= 0:
            del player.buffs[buff]
    count_move(player)
    events.append(Event("gather.moved", {"seat": seat, "direction": direction, "limit": limit, "cost": cost,
                                         "tile": state.tile_at(player.cell)}))


# ---- gathering --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Terms:
    """What a gather on a tile would do: ``kind`` is ``buy`` (no patent holder: the block at level 1 from the
    bank, and the patent), ``upgrade`` (the holder raises its block), ``license`` (another player pays the
    holder's fee for a block of ``level``) or ``none`` (nothing to gain); ``cost`` and who is paid (``payee``,
    ``NOBODY``: the bank)."""

    kind: str
    level: int = 0
    cost: int = 0
    payee: int = NOBODY


def terms(state: GatherState, seat: int, tile: str) -> Terms:
    """The terms of ``seat`` gathering on ``tile`` now (入院: 80 % of the cost)."""
    player = state.seats[seat]
    record = state.tiles.get(tile)
    holder = record.patent if record is not None else NOBODY
    if holder == NOBODY:
        found = Terms("buy", 1, ECONOMY.level(1).price)
    elif holder == seat:
        level = player.blocks[tile] + 1
        if level > MAX_LEVEL:
            return Terms("none")
        found = Terms("upgrade", level, ECONOMY.level(level).upgrade)
    else:
        cap = max(1, state.seats[holder].blocks[tile] - 1)
        level = player.blocks.get(tile, 0) + 1
        if level > cap:
            return Terms("none")
        fee = 0 if PARALLEL in state.seats[holder].states else ECONOMY.level(level).fee
        found = Terms("license", level, fee, holder)
    if HOSPITAL in player.states:
        return Terms(found.kind, found.level, found.cost * ECONOMY.hospital_percent // 100, found.payee)
    return found


def hour_or_state_refusal(state: GatherState, seat: int, *forbidding: str) -> str | None:
    """What stops a free action before anything particular to it: the hour (no new action at or after 22:00), then
    the first of the ``forbidding`` abnormal states ``seat`` is in; ``None`` when neither does."""
    if too_late(state, seat):
        return "error.gather.too_late"
    return state_refusal(state.seats[seat], *forbidding)


def gather_blocked(state: GatherState, frame: FreeF, seat: int) -> str | None:
    """Why ``seat`` may not gather (or upgrade) now, as an error key; ``None`` when it may."""
    tile = state.tile_at(state.seats[seat].cell)
    refused = hour_or_state_refusal(state, seat, PARALLEL, FEVER)
    if refused is not None:
        return refused
    if frame.gathered:
        return "error.gather.gathered_already"
    if isinstance(board.atlas().by_id[tile], board.KeyCity):
        return "error.gather.key_city"
    if terms(state, seat, tile).kind == "none":
        return "error.gather.nothing_to_gain"
    return None


def resolve_gather(state: GatherState, seat: int, tile: str, events: list[Event]) -> None:
    """The gather itself (6 h): success when the player can pay (and, in hospital, throws d12 ≥ 4); the first
    successful gatherer takes the patent."""
    player = state.seats[seat]
    deal = terms(state, seat, tile)
    player.clock += ECONOMY.gather_hours
    success = player.funds >= deal.cost
    if HOSPITAL in player.states:
        throw = roll_die(state.rng, Die(ECONOMY.hospital_die))
        events.append(Event("gather.hospital_throw", {"seat": seat, "throw": throw}))
        success = success and throw >= ECONOMY.hospital_success
    if not success:
        events.append(Event("gather.failed", {"seat": seat, "tile": tile, "cost": deal.cost}))
        return
    if deal.payee == NOBODY:
        pay_bank(state, seat, deal.cost)
    else:
        pay_player(state, seat, deal.payee, deal.cost)
    grant_block(state, seat, tile, deal.level)
    record = state.record(tile)
    if deal.kind == "buy":
        record.patent = seat
    events.append(Event("gather.gathered", {"seat": seat, "tile": tile, "kind": deal.kind, "level": deal.level,
                                            "cost": deal.cost, "payee": deal.payee}))


# ---- the steps --------------------------------------------------------------------------------------------------
def use_item(state: GatherState, seat: int, move: Use, events: list[Event]) -> None:
    """Use an item from the hand (takes no time and is no free action): a consumable leaves the hand; a reusable
    permanent item stays, once a day, and wears out with its ``breaks`` % (ruling R74)."""
    player = state.seats[seat]
    need(move.item in player.items, "error.gather.no_item", item=move.item)
    kind = catalogue()[move.item]
    need(kind.usable, "error.gather.not_usable", item=move.item)
    need(move.item not in player.used, "error.gather.used_today", item=move.item)
    events.append(Event("gather.used", {"seat": seat, "item": move.item}))
    if kind.reusable:
        player.used.append(move.item)
        if kind.breaks and state.rng.below(100) < kind.breaks:
            player.items.remove(move.item)
            events.append(Event("gather.worn_out", {"seat": seat, "item": move.item}))
    else:
        player.items.remove(move.item)
    apply_effects(state, seat, kind.effects, events)


def sell_item(state: GatherState, seat: int, move: Sell, events: list[Event]) -> None:
    """Sell an item from the hand to the bank at its rarity's price (``economy.toml`` [sell]; ruling R73). A
    unique item sold stays out of the game ("将自己持有的一件唯一道具售卖之后…永久移出本局游戏的道具池")."""
    player = state.seats[seat]
    need(move.item in player.items, "error.gather.no_item", item=move.item)
    price = ECONOMY.sell[catalogue()[move.item].rarity]
    player.items.remove(move.item)
    pay_bank(state, seat, -price)
    if move.item in player.used and move.item not in player.items:
        player.used.remove(move.item)
    events.append(Event("gather.sold", {"seat": seat, "item": move.item, "price": price}))


def usable(player: Traveller) -> list[Move]:
    """``use`` moves for the items in hand that may be used now, and ``sell`` moves for every kind in hand."""
    items = catalogue()
    held = sorted(set(player.items))
    return [*(Use(i) for i in held if items[i].usable and i not in player.used), *(Sell(i) for i in held)]


def item_move(state: GatherState, seat: int, move: Any, events: list[Event]) -> bool:
    """Carry out a ``use`` or ``sell`` (whichever step is open); whether ``move`` was one."""
    if isinstance(move, Use):
        use_item(state, seat, move, events)
    elif isinstance(move, Sell):
        sell_item(state, seat, move, events)
    else:
        return False
    return True


class MoveStep(Step[GatherState, MoveF]):
    """The move phase: one standard move (it cannot be skipped); items may be used first."""

    accepts: ClassVar[tuple[type[Move], ...]] = (Go, Use, Sell)

    def actors(self, state: GatherState, frame: MoveF) -> frozenset[int]:
        return frozenset({frame.seat})

    def legal(self, state: GatherState, frame: MoveF, seat: int) -> list[Move]:
        player = state.seats[seat]
        return [*move_options(player, Go), *usable(player)]

    def apply(self, state: GatherState, frame: MoveF, seat: int, move: Any, events: list[Event]) -> None:
        if item_move(state, seat, move, events):
            return
        limit = check_move(state.seats[seat], move.direction, move.limit)
        standard_move(state, seat, move.direction, limit, events)
        close(state, frame)
        state.stack.append(FreeF(seat))

    def refuse(self, state: GatherState, frame: MoveF, seat: int, move: Move) -> GameError:
        return IllegalMove("error.gather.move_first", move=str(move))


def special_blocked(state: GatherState, frame: FreeF, seat: int) -> str | None:
    """Why ``seat`` may take no special move now; ``None`` when it may."""
    refused = hour_or_state_refusal(state, seat, HOSPITAL, PARALLEL)
    if refused is not None:
        return refused
    if frame.acted:
        return "error.gather.special_first"
    return None


def explore_blocked(state: GatherState, seat: int) -> str | None:
    """Why ``seat`` may not explore now; ``None`` when it may."""
    player = state.seats[seat]
    refused = hour_or_state_refusal(state, seat, HOSPITAL, FEVER)
    if refused is not None:
        return refused
    if player.funds < 0 and PARALLEL not in player.states:
        return "error.gather.in_debt"
    return None


class FreeStep(Step[GatherState, FreeF]):
    """The free-action phase: any number of actions until ``done`` or 22:00, each started before 22:00."""

    accepts: ClassVar[tuple[type[Move], ...]] = (Gather, Upgrade, Explore, Train, Portal, Travel, Shop, Use, Sell,
                                                 Done)

    def actors(self, state: GatherState, frame: FreeF) -> frozenset[int]:
        return frozenset({frame.seat})

    def legal(self, state: GatherState, frame: FreeF, seat: int) -> list[Move]:
        player = state.seats[seat]
        out: list[Move] = []
        if special_blocked(state, frame, seat) is None:
            out += [Train(c) for c in board.train_destinations(player.cell)]
            if player.portal is not None:
                out.append(Portal())
            if FEVER in player.states:
                out += move_options(player, Travel)
        if gather_blocked(state, frame, seat) is None:
            tile = state.tile_at(player.cell)
            out.append(Upgrade() if terms(state, seat, tile).kind == "upgrade" else Gather())
        if explore_blocked(state, seat) is None:
            out.append(Explore())
        if shops.shop_blocked(state, frame, seat, too_late(state, seat)) is None:
            out.append(Shop())
        return [*out, *usable(player), Done()]

    def apply(self, state: GatherState, frame: FreeF, seat: int, move: Any, events: list[Event]) -> None:
        player = state.seats[seat]
        if item_move(state, seat, move, events):
            return
        if isinstance(move, Done):
            settle_turn(state, frame, events)
        elif isinstance(move, Gather | Upgrade):
            self._gather(state, frame, seat, move, events)
        elif isinstance(move, Shop):
            blocked = shops.shop_blocked(state, frame, seat, too_late(state, seat))
            need(blocked is None, blocked or "")
            shops.open_city_shop(state, frame, seat, events)
        elif isinstance(move, Explore):
            blocked = explore_blocked(state, seat)
            need(blocked is None, blocked or "")
            frame.acted = True
            explore(state, seat, events)
        else:
            blocked = special_blocked(state, frame, seat)
            need(blocked is None, blocked or "")
            if isinstance(move, Train):
                need(move.cell in board.train_destinations(player.cell), "error.gather.no_train", move=str(move))
                player.clock += ECONOMY.train_hours
                player.cell = move.cell
                count_move(player)
                events.append(Event("gather.train", {"seat": seat, "tile": state.tile_at(player.cell)}))
            elif isinstance(move, Portal):
                need(player.portal is not None, "error.gather.no_portal")
                assert player.portal is not None
                player.cell, player.portal = player.portal, None
                player.clock += ECONOMY.portal_hours
                count_move(player)
                events.append(Event("gather.portal", {"seat": seat, "tile": state.tile_at(player.cell)}))
            else:
                need(FEVER in player.states, "error.gather.no_fever")
                limit = check_move(player, move.direction, move.limit)
                standard_move(state, seat, move.direction, limit, events)

    def _gather(self, state: GatherState, frame: FreeF, seat: int, move: Gather | Upgrade,
                events: list[Event]) -> None:
        blocked = gather_blocked(state, frame, seat)
        need(blocked is None, blocked or "")
        tile = state.tile_at(state.seats[seat].cell)
        upgrading = terms(state, seat, tile).kind == "upgrade"
        need(upgrading == isinstance(move, Upgrade), "error.gather.upgrade_own" if upgrading
             else "error.gather.not_holder")
        frame.gathered = frame.acted = True
        record = state.record(tile)
        if record.candidate == NOBODY:
            events.append(Event("gather.first_on_tile", {"seat": seat, "tile": tile}))
            state.stack.append(CandidateF(seat, tile))
        else:
            resolve_gather(state, seat, tile, events)

    def advance(self, state: GatherState, frame: FreeF, events: list[Event]) -> bool:
        """The phase ends by itself once the player is hospitalised or the clock reached 22:00."""
        if state.seats[frame.seat].halted or too_late(state, frame.seat):
            settle_turn(state, frame, events)
            return True
        return False


def explore(state: GatherState, seat: int, events: list[Event]) -> None:
    """探索: in the parallel reality first a 12 % chance to find the way back; else draw a card and carry it out
    (a chance card opens its choice, a trade card its shop)."""
    player = state.seats[seat]
    if PARALLEL in player.states:
        if state.rng.below(100) < ECONOMY.parallel_return:
            player.clock += ECONOMY.return_hours
            events.append(Event("gather.way_back", {"seat": seat}))
            leave(state, seat, PARALLEL, events)
            return
        player.states[PARALLEL] += 1
    drawn = draw(state, seat, ECONOMY.weights)
    events.append(Event("gather.event", {"seat": seat, "card": drawn.id}))
    player.clock += drawn.hours
    apply_effects(state, seat, drawn.effects, events)
    if drawn.kind == "chance":
        state.stack.append(ChanceF(seat, drawn.id))
    elif drawn.kind == "trade":
        offers = shops.trade_offers(state, drawn.offers)
        if offers:
            state.stack.append(ShopF(seat, drawn.id, offers))


class CandidateStep(Step[GatherState, CandidateF]):
    """The first gatherer on a tile picks one of its three candidate blocks for the game; the gather follows."""

    accepts: ClassVar[tuple[type[Move], ...]] = (Choose,)

    def actors(self, state: GatherState, frame: CandidateF) -> frozenset[int]:
        return frozenset({frame.seat})

    def legal(self, state: GatherState, frame: CandidateF, seat: int) -> list[Move]:
        return [Choose(i) for i in range(1, CANDIDATES + 1)]

    def apply(self, state: GatherState, frame: CandidateF, seat: int, move: Any, events: list[Event]) -> None:
        need(1 <= move.index <= CANDIDATES, "error.gather.candidate", index=move.index)
        close(state, frame)
        state.record(frame.tile).candidate = move.index - 1
        events.append(Event("gather.candidate", {"seat": seat, "tile": frame.tile, "index": move.index}))
        resolve_gather(state, seat, frame.tile, events)


class ChanceStep(Step[GatherState, ChanceF]):
    """A chance event: the player picks an option; only then is its result shown and carried out."""

    accepts: ClassVar[tuple[type[Move], ...]] = (Choose,)

    def actors(self, state: GatherState, frame: ChanceF) -> frozenset[int]:
        return frozenset({frame.seat})

    def legal(self, state: GatherState, frame: ChanceF, seat: int) -> list[Move]:
        return [Choose(i) for i in range(1, len(card(frame.card).choice) + 1)]

    def apply(self, state: GatherState, frame: ChanceF, seat: int, move: Any, events: list[Event]) -> None:
        options = card(frame.card).choice
        need(1 <= move.index <= len(options), "error.gather.option", index=move.index, count=len(options))
        close(state, frame)
        option = options[move.index - 1]
        events.append(Event("gather.chose", {"seat": seat, "card": frame.card, "option": move.index}))
        # the result is shown once chosen ("在完成选择之前，选择支后的内容将被隐藏"), to the chooser: the others
        # see what it does (rule 5.2)
        events.append(Event("gather.result", {"seat": seat, "result": f"{frame.card}/{move.index}"}, seats=(seat,)))
        state.seats[seat].clock += option.hours
        apply_effects(state, seat, option.effects, events)


class ShopStep(Step[GatherState, ShopF]):
    """A shop, a trade event's or a key city's (rulings R79, R80): buy any offer up to its stock if the funds allow,
    then leave; a unique item passed up leaves the game."""

    accepts: ClassVar[tuple[type[Move], ...]] = (Buy, Done)

    def actors(self, state: GatherState, frame: ShopF) -> frozenset[int]:
        return frozenset({frame.seat})

    def legal(self, state: GatherState, frame: ShopF, seat: int) -> list[Move]:
        return [*(Buy(i + 1) for i in range(len(frame.offers)) if shops.may_buy(state, frame, seat, i)), Done()]

    def apply(self, state: GatherState, frame: ShopF, seat: int, move: Any, events: list[Event]) -> None:
        if isinstance(move, Done):
            close(state, frame)
            for i, offer in enumerate(frame.offers):
                if offer.item and i not in frame.bought and catalogue()[offer.item].rarity == "unique" \
                        and offer.item not in state.gone:
                    state.gone.append(offer.item)
                    events.append(Event("gather.unique_gone", {"item": offer.item}))
            events.append(Event("gather.shop_left", {"seat": seat}))
            return
        need(1 <= move.index <= len(frame.offers), "error.gather.offer", index=move.index)
        offer = frame.offers[move.index - 1]
        need(frame.bought.count(move.index - 1) < offer.stock, "error.gather.bought_already", index=move.index)
        need(shops.in_stock(state, offer), "error.gather.sold_out", index=move.index)
        need(state.seats[seat].funds >= offer.price, "error.gather.cannot_afford", price=offer.price)
        frame.bought.append(move.index - 1)
        shops.deliver(state, seat, offer, events)


STEPS: dict[type, Step[GatherState, Any]] = {
    MoveF: MoveStep(), FreeF: FreeStep(), CandidateF: CandidateStep(), ChanceF: ChanceStep(), ShopF: ShopStep(),
}
FLOW: Flow[GatherState] = Flow(STEPS, checks=end_check, empty=begin_turn)
"""The gathering phase's turn structure."""


# ---- playing without a Game subclass (tests, bots) --------------------------------------------------------------
def legal(state: GatherState, seat: int) -> list[Move]:
    """Every move ``seat`` may make now, sorted by notation (empty when it is not ``seat``'s to act)."""
    if seat not in FLOW.to_act(state):
        return []
    return sorted(FLOW.legal(state, seat), key=str)


def play(state: GatherState, seat: int, move: Move) -> tuple[GatherState, list[Event]]:
    """Validate and play ``move`` for ``seat`` on a copy of ``state``; the new state and what happened."""
    if seat not in FLOW.to_act(state):
        raise NotYourTurn(waiting=sorted(FLOW.to_act(state)))
    work = msgspec.json.decode(msgspec.json.encode(state), type=GatherState)
    events: list[Event] = []
    FLOW.apply(work, seat, move, events)
    return work, events


# ---- conservation laws --------------------------------------------------------------------------------------------
def invariants(state: GatherState) -> list[str]:
    """Broken conservation laws, as messages (empty when all hold): funds with the bank; every tile's holders
    are exactly the players holding its block, in no duplicate, with levels 1–4; a patent only with a holder
    of the block, and on the board only when nobody holds it; a block only on a tile whose candidate was
    chosen; a unique item held by at most one player and out of the pool; the turn's frames in order; the box's
    slots and generic blocks (:func:`games.megarich.shops.invariants`)."""
    out: list[str] = []
    if state.money() != state.start_funds * state.players:
        out.append(f"funds: {state.money()} in the game, {state.start_funds * state.players} dealt")
    for seat, player in enumerate(state.seats):
        for tile, level in player.blocks.items():
            record = state.tiles.get(tile)
            if record is None or seat not in record.holders:
                out.append(f"seat {seat} holds {tile}'s block but is not among its holders")
            if not 1 <= level <= MAX_LEVEL:
                out.append(f"seat {seat}'s block of {tile} is at level {level}")
    for tile, record in state.tiles.items():
        if len(set(record.holders)) != len(record.holders):
            out.append(f"{tile}: a holder listed twice")
        if {s for s, p in enumerate(state.seats) if tile in p.blocks} != set(record.holders):
            out.append(f"{tile}: holders {record.holders} are not the players holding its block")
        if record.patent != NOBODY and record.patent not in record.holders:
            out.append(f"{tile}: the patent is with seat {record.patent}, who does not hold the block")
        if record.patent == NOBODY and record.holders:
            out.append(f"{tile}: the patent is on the board while {record.holders} hold the block")
        if record.holders and record.candidate == NOBODY:
            out.append(f"{tile}: blocks held but no candidate chosen")
    held: list[str] = [i for p in state.seats for i in [*p.items, *p.buffs] if catalogue()[i].rarity == "unique"]
    for item_id in held:
        if held.count(item_id) > 1 or item_id not in state.gone:
            out.append(f"unique item {item_id} is held twice or still in the pool")
    if not state.finished and (not state.stack or not isinstance(state.stack[0], MoveF | FreeF)
                               or state.stack[0].seat != state.current):
        out.append("the turn's bottom frame is not the current player's move or free phase")
    return out + shops.invariants(state)


def corruptions(state: GatherState) -> list[tuple[str, GatherState]]:
    """Copies of ``state`` that each break one law :func:`invariants` checks."""
    def copy() -> GatherState:
        return msgspec.json.decode(msgspec.json.encode(state), type=GatherState)

    out: list[tuple[str, GatherState]] = []
    bad = copy()
    bad.seats[0].funds += 100
    out.append(("funds from nowhere", bad))
    for tile, record in state.tiles.items():
        if record.holders:
            bad = copy()
            bad.tiles[tile].holders.append(record.holders[0])
            out.append(("holder listed twice", bad))
            bad = copy()
            del bad.seats[record.holders[0]].blocks[tile]
            out.append(("block vanished", bad))
            bad = copy()
            bad.tiles[tile].patent = NOBODY
            out.append(("patent back on the board while held", bad))
            break
    found = next(((tile, seat) for tile, record in state.tiles.items() if record.holders
                  for seat in range(state.players) if seat not in record.holders), None)
    if found is not None:
        bad = copy()
        bad.tiles[found[0]].patent = found[1]
        out.append(("patent with a non-holder", bad))
    if not state.finished:
        bad = copy()
        bad.stack.clear()
        out.append(("no turn open", bad))
    return out + shops.corruptions(state, copy)
