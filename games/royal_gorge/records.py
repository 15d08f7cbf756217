"""Records of 18 Royal Gorge games played on 18xx.games, and the engine states that go with them.

The record-reading side of replaying real games (docs/royal-gorge-records.md):

* :func:`decode_record` / :func:`load_record` read an exported game (``actions``, ``settings``,
  ``players``, ``result``) into typed structs, one struct per action type; a type we do not know, or a
  known type of an unexpected shape, becomes a :class:`RawAction` holding the original fields.
* :func:`kept_actions` applies the 18xx.games undo/redo rules: what remains is the game's history.
* :func:`decode_oracle` / :func:`load_oracle` read the 18xx.games engine's state after every action
  (``shared/fixtures/18RoyalGorge-oracle``) into :class:`Snapshot` values, and :func:`compare` names
  the first field where two snapshots differ: the check a replay runs after each kept action.
* :func:`notation` writes each action as a line of Tabula move text (``bid y3 45``, ``lay l14 57 r5``,
  ``run 2+ o3-n4-m3``); :func:`tabula_moves` expands a record into the moves a seat would send, and
  :func:`summary` / :func:`report` count what a record holds.

Pure: msgspec and the standard library; reading a file is the caller's ``Path``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final, TypeAlias

import msgspec

# --------------------------------------------------------------------------------------------------
# Record actions
# --------------------------------------------------------------------------------------------------


class _ActionBase(msgspec.Struct, kw_only=True, omit_defaults=True, forbid_unknown_fields=True,
                  tag_field="type"):
    """Fields every recorded action has.

    Attributes:
        entity: who acts: a player id (int), a corporation symbol (``"SF"``) or a private (``"G2"``).
        entity_type: ``"player"``, ``"corporation"`` or ``"company"``.
        id: the action's id on 18xx.games. ``None`` only for auto actions nested in another action.
            Ids normally count up by one, but records can repeat them or go back (see :func:`kept_actions`).
        created_at: Unix time the action was sent.
        user: the player id who sent it, present when someone acted for another (hotseat, master mode).
    """

    entity: int | str
    entity_type: str
    id: int | None = None
    created_at: int | None = None
    user: int | None = None


class Bid(_ActionBase, tag="bid"):
    """A bid in the private auction: ``company`` (``"Y3"``) for ``price`` dollars."""

    company: str
    price: int


class Pass(_ActionBase, tag="pass"):
    """Pass: out of an auction lot, the stock turn, or the current operating step.

    ``percent`` appears once, on a stock-round pass right after a sale; the engine ignores it.
    ``auto_actions`` are programmed actions the engine ran right after this one (see :func:`expand`).
    """

    percent: int | None = None
    auto_actions: list[TypedAction] = []


class Par(_ActionBase, tag="par"):
    """Start ``corporation`` at ``share_price`` (``"80,0,9"`` = price 80, market row 0, column 9)."""

    corporation: str
    share_price: str
    auto_actions: list[TypedAction] = []


class BuyShares(_ActionBase, tag="buy_shares"):
    """A player buys ``shares`` (certificate ids ``"PAV_1"``: corporation, underscore, number).

    The record does not say whether a share came from the treasury or the open market; that is the
    state's business (:func:`notation` infers it). ``share_price`` and ``discounter`` appear when a
    private's power sets the price (B6 U.S. Mint Worker: VGC at half price).
    """

    shares: list[str]
    percent: int | None = None
    share_price: float | None = None
    discounter: str | None = None
    auto_actions: list[TypedAction] = []


class SellShares(_ActionBase, tag="sell_shares"):
    """A player sells ``shares`` to the open market.

    ``percent`` is what the client sent and is not reliable (three 10 % certificates sent as 10);
    count the certificates instead (:func:`share_percent`).
    """

    shares: list[str]
    percent: int | None = None


class LayTile(_ActionBase, tag="lay_tile"):
    """Lay or upgrade: tile ``tile`` (``"57-0"`` = tile 57, copy 0) on ``hex`` at ``rotation`` 0–5."""

    hex: str
    tile: str
    rotation: int


class PlaceToken(_ActionBase, tag="place_token"):
    """A station token in ``city`` (``"14-0-0"`` = tile 14 copy 0, city 0; a preprinted hex's tile is
    named after the hex: ``"F12-0-0"``), ``slot`` in that city, placed by ``tokener``."""

    city: str
    slot: int
    tokener: str | None = None


class Route(msgspec.Struct, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """One train's run as recorded.

    Attributes:
        train: the train's id (``"2+-0"``: train name, dash, copy).
        connections: the hex chains between consecutive stops, each from one stop to the next.
        hexes: the stops' hexes in order.
        revenue: the route's revenue as the engine computed it when the action was sent.
        revenue_str: the stops as text (``"O3-M3-L2"``).
        nodes: the stops as ``"<hex>-<node index>"``.
    """

    train: str
    connections: list[list[str]]
    hexes: list[str]
    revenue: int
    revenue_str: str
    nodes: list[str]


class RunRoutes(_ActionBase, tag="run_routes"):
    """Run trains: ``routes`` (possibly none), ``extra_revenue`` and ``subsidy`` as sent."""

    routes: list[Route]
    extra_revenue: int
    subsidy: int | None = None


class Dividend(_ActionBase, tag="dividend"):
    """Pay out or withhold the run's revenue: ``kind`` is ``"payout"`` or ``"withhold"``."""

    kind: str


class BuyTrain(_ActionBase, tag="buy_train"):
    """Buy ``train`` (``"3+-1"``) for ``price``.

    ``variant`` (the train name) is sent for purchases from the depot; a train bought from another
    corporation carries no variant and usually an odd price. ``exchange`` (a train traded in) is part
    of the engine's action but does not occur in these records.
    """

    train: str
    price: int
    variant: str | None = None
    exchange: str | None = None


class BuyCompany(_ActionBase, tag="buy_company"):
    """A corporation buys private ``company`` from its owner for ``price``."""

    company: str
    price: int


class Choose(_ActionBase, tag="choose"):
    """A choice the game offers. ``choice`` is one of: a hex to ship gold from (``"M15"``); a steel
    cube, column and price (``"A-30"``), picked before a lay; ``"coal_depot/<train id>/<n>"``;
    ``"ghost_town"``. When ``entity`` is a private (G2 13LB Gold Nugget) its power is used."""

    choice: str


class ChooseAbility(_ActionBase, tag="choose_ability"):
    """A private's ability: here always the debt card (``"RG-D"``/``"SF-D"``) with ``"pay_debt"``."""

    choice: str


class ProgramSharePass(_ActionBase, tag="program_share_pass"):
    """Turn on auto-pass in stock rounds. The passes it causes are in ``auto_actions``."""

    unconditional: bool
    indefinite: bool
    auto_actions: list[TypedAction] = []


class ProgramBuyShares(_ActionBase, tag="program_buy_shares"):
    """Turn on auto-buy of ``corporation`` until ``until_condition`` (``from_market``, then
    ``auto_pass_after``). Changes no game state by itself; the buys appear as auto actions later."""

    corporation: str
    until_condition: int | str
    from_market: bool
    auto_pass_after: bool


class ProgramDisable(_ActionBase, tag="program_disable"):
    """The engine switched a player's program off (``reason``); only seen as an auto action."""

    reason: str


class Undo(_ActionBase, tag="undo"):
    """Undo the last action, or back to (not including) the action with id ``action_id``."""

    action_id: int | None = None


class Redo(_ActionBase, tag="redo"):
    """Re-apply what the latest undo removed."""


class Log(_ActionBase, tag="log"):
    """A line written into the game log (``message``); changes no state."""

    message: str


class Message(_ActionBase, tag="message"):
    """A chat message recorded as an action (none in these records; undo skips them)."""

    message: str


class Bankrupt(_ActionBase, tag="bankrupt"):
    """The president of ``entity`` goes bankrupt (the game ends at once in 18 Royal Gorge)."""


class EndGame(_ActionBase, tag="end_game"):
    """Someone ended the game from the tools menu; scores stand at current net worth."""


class RawAction(msgspec.Struct, kw_only=True):
    """An action we could not type: ``data`` is the whole JSON object as recorded, ``problem`` why."""

    type: str
    data: dict[str, Any]
    problem: str = ""

    @property
    def id(self) -> int | None:
        value = self.data.get("id")
        return value if isinstance(value, int) else None

    @property
    def entity(self) -> int | str:
        value = self.data.get("entity")
        return value if isinstance(value, int | str) else ""


TypedAction: TypeAlias = (
    Bid | Pass | Par | BuyShares | SellShares | LayTile | PlaceToken | RunRoutes | Dividend | BuyTrain
    | BuyCompany | Choose | ChooseAbility | ProgramSharePass | ProgramBuyShares | ProgramDisable | Undo | Redo
    | Log | Message | Bankrupt | EndGame
)
Action: TypeAlias = TypedAction | RawAction

#: Action type (the JSON ``type``) → struct.
ACTION_TYPES: Final[dict[str, type[TypedAction]]] = {
    cls.__struct_config__.tag: cls  # type: ignore[misc]
    for cls in (Bid, Pass, Par, BuyShares, SellShares, LayTile, PlaceToken, RunRoutes, Dividend, BuyTrain,
                BuyCompany, Choose, ChooseAbility, ProgramSharePass, ProgramBuyShares, ProgramDisable, Undo,
                Redo, Log, Message, Bankrupt, EndGame)
}


def action_type(action: Action) -> str:
    """The JSON ``type`` of an action."""
    if isinstance(action, RawAction):
        return action.type
    return str(type(action).__struct_config__.tag)


# --------------------------------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------------------------------


class RecordPlayer(msgspec.Struct, frozen=True):
    """A seat as the record lists it: 18xx.games user ``id`` and (anonymised) ``name``."""

    id: int
    name: str


class _Settings(msgspec.Struct):
    seed: int
    optional_rules: list[str] = []
    player_order: Any = None


class _RecordFile(msgspec.Struct):
    id: int | str
    title: str
    settings: _Settings
    players: list[RecordPlayer]
    actions: list[msgspec.Raw]
    result: dict[int, int] = {}
    game_end_reason: str | None = None
    status: str | None = None


class _Peek(msgspec.Struct):
    type: str


class Record(msgspec.Struct, kw_only=True):
    """One exported 18xx.games game.

    Attributes:
        name: the file's stem (``"post_boston"``); ``""`` when decoded from bytes without a name.
        game_id: the game's id on 18xx.games (an int, or a hotseat id string).
        title: ``"18RoyalGorge"``.
        seed: the seed that drew the railroads and privates (Tabula takes the draw from the oracle instead).
        optional_rules: e.g. ``["shorter_game_end"]``.
        player_order: the ``settings.player_order`` option as recorded (``None`` in all five records:
            seats in the order of ``players``).
        players: the seats in record order, which is the engine's starting order.
        result: player id → final net worth as 18xx.games recorded it.
        game_end_reason: ``"bankrupt"``, ``"stock_market"``, ``"final_train"``, ``"manually_ended"``.
        status: ``"finished"`` for these records.
        actions: every action in recorded order, undone ones, undos and redos included.
    """

    name: str = ""
    game_id: int | str
    title: str
    seed: int
    optional_rules: list[str]
    player_order: Any
    players: list[RecordPlayer]
    result: dict[int, int]
    game_end_reason: str | None
    status: str | None
    actions: list[Action]


def decode_action(raw: bytes | msgspec.Raw) -> Action:
    """One action from its JSON; a :class:`RawAction` when the type is unknown or the shape unexpected."""
    kind = msgspec.json.decode(raw, type=_Peek).type
    cls = ACTION_TYPES.get(kind)
    if cls is None:
        return RawAction(type=kind, data=msgspec.json.decode(raw), problem="unknown action type")
    try:
        return msgspec.json.decode(raw, type=cls)
    except msgspec.ValidationError as error:
        return RawAction(type=kind, data=msgspec.json.decode(raw), problem=str(error))


def decode_record(data: bytes | str, name: str = "") -> Record:
    """A record from the JSON that 18xx.games exports (``public/fixtures/<title>/*.json``)."""
    file = msgspec.json.decode(data, type=_RecordFile)
    return Record(name=name, game_id=file.id, title=file.title, seed=file.settings.seed,
                  optional_rules=list(file.settings.optional_rules), player_order=file.settings.player_order,
                  players=list(file.players), result=dict(file.result), game_end_reason=file.game_end_reason,
                  status=file.status, actions=[decode_action(raw) for raw in file.actions])


def load_record(path: Path) -> Record:
    """:func:`decode_record` of a file, named after its stem."""
    return decode_record(path.read_bytes(), name=path.stem)


def action_to_builtins(action: Action) -> dict[str, Any]:
    """The action as plain JSON data again, the same fields as recorded."""
    if isinstance(action, RawAction):
        return dict(action.data)
    built = msgspec.to_builtins(action)
    assert isinstance(built, dict)
    return built


# --------------------------------------------------------------------------------------------------
# Undo and redo
# --------------------------------------------------------------------------------------------------


def live_indices(actions: Sequence[Action], through: int | None = None) -> list[int]:
    """Indices of the actions that stand after ``actions[0..through]`` are filtered for undo/redo.

    The rules of 18xx.games (``Engine::Game::Base.filtered_actions``), which the oracle's ``kept``
    flags follow exactly:

    * ``undo`` without ``action_id`` removes the newest standing action that is not a chat ``message``,
      whoever sent it and whatever it was (``program_*``, ``log`` and ``end_game`` are ordinary here).
    * ``undo`` with ``action_id`` removes every standing action after the *first* action in the record
      carrying that id (``0`` = everything). Ids are looked up, not counted: records can repeat ids or
      go back (post_boston i=18..27, the bankrupt game i=285).
    * Each undo pushes the block it removed; ``redo`` restores the whole latest block at once (after an
      ``action_id`` undo that can be many actions), and redo again restores the block before it.
    * Any other action clears the redo stack; ``message`` actions are never removed and keep it.
    * An undo or redo itself never stands. An action the engine rejects still stands until undone.

    ``through`` (an index) filters a prefix: what the engine's history is at that point of the record,
    which is what the oracle's ``steps[through].state`` shows.
    """
    end = len(actions) if through is None else through + 1
    standing: list[bool] = [False] * end
    first_index: dict[int, int] = {}
    for index, action in enumerate(actions):
        if action.id is not None:
            first_index.setdefault(action.id, index)
    undone: list[list[int]] = []
    for index in range(end):
        action = actions[index]
        kind = action_type(action)
        if kind == "undo":
            target = action.action_id if isinstance(action, Undo) else None
            if target is None:
                start = next((i for i in range(index - 1, -1, -1)
                              if standing[i] and action_type(actions[i]) != "message"), 0)
            elif target == 0:
                start = 0
            elif target in first_index:
                start = first_index[target] + 1
            else:
                raise ValueError(f"undo at index {index} names action id {target}, which the record lacks")
            block = [i for i in range(start, index) if standing[i] and action_type(actions[i]) != "message"]
            for i in block:
                standing[i] = False
            undone.append(block)
        elif kind == "redo":
            if not undone:
                raise ValueError(f"redo at index {index} with nothing to redo")
            for i in undone.pop():
                standing[i] = True
        else:
            if kind != "message":
                undone.clear()
            standing[index] = True
    return [i for i in range(end) if standing[i]]


def kept_indices(record: Record) -> list[int]:
    """Indices (into ``record.actions``) of the actions that belong to the final history."""
    return live_indices(record.actions)


def kept_actions(record: Record) -> list[tuple[int, Action]]:
    """The final history: ``(index, action)`` for each kept action, in record order."""
    return [(i, record.actions[i]) for i in kept_indices(record)]


def loaded_indices(actions: Sequence[Action], at_action: int) -> list[int]:
    """Indices the engine walks when it loads a record "at action ``at_action``" (an id).

    ``Engine::Game::Base#process_to_action`` stops at the first action whose id is greater than
    ``at_action``. With out-of-order ids, the id of a prefix's last action can stop it early; the
    oracle therefore loads each prefix at the greatest id in it.
    """
    walked: list[int] = []
    for index, action in enumerate(actions):
        if action.id is not None and action.id > at_action:
            break
        walked.append(index)
    return walked


def expand(action: Action) -> list[Action]:
    """The action followed by the auto actions the engine ran after it (programmed passes and buys)."""
    autos: list[Action] = list(getattr(action, "auto_actions", []))
    return [action, *autos]


# --------------------------------------------------------------------------------------------------
# Oracle: the 18xx.games engine's state after every action
# --------------------------------------------------------------------------------------------------


class _Strict(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    pass


class PlayerState(_Strict):
    """A player.

    Attributes:
        id: the 18xx.games user id (the record's ``players[].id``).
        name: the seat's name.
        cash: cash in hand.
        shares: corporation symbol → percent held, non-zero holdings only (railroads, ``CF&I``, ``VGC``).
        privates: ids of the privates the player owns.
        certificates: certificates counted against the limit; B4 Gold Miner counts one fewer (oracle ``certs``).
        net_worth: cash + shares at market price + privates at face value (oracle ``value``).
        bankrupt: the player has gone bankrupt.
    """

    id: int
    name: str
    cash: int
    shares: dict[str, int]
    privates: list[str]
    certificates: int = msgspec.field(name="certs")
    net_worth: int = msgspec.field(name="value")
    bankrupt: bool


class CorporationState(_Strict):
    """A railroad, a metal company (``CF&I``, ``VGC``) or the ``DEBT`` marker.

    Attributes:
        kind: ``"rail"``, ``"metal"`` or ``"debt"`` (oracle ``type``).
        cash: the corporation's treasury cash.
        share_price: current market price; ``None`` before it is parred.
        market_cell: ``[row, column]`` of the price on the one-row market (oracle ``share_price_coord``).
        par_price: the price it was started at.
        parred: a par price has been set (oracle ``ipoed``; metals and DEBT start parred).
        floated: it has floated.
        closed: it has closed.
        president: the president's player id, or ``None``.
        treasury_shares_percent: unsold shares still in the corporation's treasury (the engine's "IPO").
        trains: train names it owns, in the order acquired (railroads).
        tokens_placed: hexes of its placed station tokens, in token order (railroads).
        tokens_unplaced: station tokens still on its charter (railroads; ``None`` for others).
        privates: privates it owns, plus the ``SF-D``/``RG-D`` debt cards after the Treaty (oracle ``companies``).
        holds_shares: corporation symbol → percent this railroad holds of another (rarely present).
    """

    kind: str = msgspec.field(name="type")
    cash: int
    share_price: int | float | None
    market_cell: list[int] | None = msgspec.field(name="share_price_coord")
    par_price: int | float | None
    parred: bool = msgspec.field(name="ipoed")
    floated: bool
    closed: bool
    president: int | None
    treasury_shares_percent: int
    trains: list[str] = []
    tokens_placed: list[str] = []
    tokens_unplaced: int | None = None
    privates: list[str] = msgspec.field(default_factory=list, name="companies")
    holds_shares: dict[str, int] = {}


class PrivateState(_Strict):
    """A private company (or a debt card).

    Attributes:
        owner: a player id, a corporation symbol, ``"bank"``, or ``None`` (not yet sold / removed).
        closed: it has closed.
        value: face value.
        revenue: income it pays each operating round.
    """

    owner: int | str | None
    closed: bool
    value: int
    revenue: int


class DepotState(_Strict):
    """The train depot.

    Attributes:
        upcoming: train name → how many remain in the depot, including those on sale now.
        next_train: the name of the next train on sale (oracle ``next``).
        pool_trains: trains discarded to the bank pool, by name (oracle ``discarded``).
    """

    upcoming: dict[str, int]
    next_train: str | None = msgspec.field(name="next")
    pool_trains: list[str] = msgspec.field(name="discarded")


class MetalState(_Strict):
    """A metal company's ``cash`` and share ``price`` (repeats its :class:`CorporationState`)."""

    cash: int
    price: int | float


class DebtState(_Strict):
    """What a corporation still owes: ``amount`` debt tokens to ``creditor`` (a corporation symbol, a
    player id, or ``"bank"``)."""

    creditor: int | str
    amount: int


class Snapshot(_Strict, kw_only=True):
    """The whole comparable state of an 18 Royal Gorge game at one moment.

    The oracle writes one after every action; a Tabula engine builds one from its own state to be
    checked against it with :func:`compare`. Field names are ours; where the oracle's key differs it is
    given in brackets, and decoding maps it.

    Attributes:
        round: ``"Auction"``, ``"Stock <turn>"`` or ``"Operating <turn>.<n>"``.
        round_type: ``"Auction"``, ``"Stock"`` or ``"Operating"``.
        turn: the stock-round number (a set of operating rounds shares it).
        round_num: the operating round within its set (1 in other rounds).
        operating_rounds_in_set: operating rounds in this set; ``None`` outside operating rounds.
        phase: ``"Yellow"``, ``"Green"``, ``"Brown"`` or ``"Silver"``.
        acting: who must act now: player ids and/or corporation symbols.
        players: every player, in the engine's current seating order (compared by id).
        player_order: the seating order as player ids.
        corporations: symbol → state, for the 5 railroads drawn, ``CF&I``, ``VGC`` and ``DEBT``.
        bank_pool: corporation symbol → percent in the open market, non-zero only.
        privates: private id → state, including ``SF-D``/``RG-D`` after the Treaty [companies].
        depot: the train depot.
        metals: ``"CF&I"``/``"VGC"`` → cash and price.
        debt_price: the DEBT marker's price: the cost of paying back one debt token.
        debt_cash: the DEBT pseudo-corporation's cash.
        gold_shipped: gold cubes shipped this operating-round set (the gold dividend track).
        gold_cubes: hex → gold cubes lying on it, hexes with cubes only.
        available_steel: tile colour → steel column → prices of the cubes left, cheapest last.
        treaty_of_boston: the Treaty of Boston has happened.
        indebted: corporation symbol → what it still owes.
        local_jeweler_cash: money banked on Y6 Local Jeweler.
        cert_limit: the certificate limit.
        finished: the game is over.
        game_end_reason: why it ended (``None`` until then).
        game_end_trigger: ``[reason, timing]`` once the end is triggered (``["final_train", "one_more_full_or_set"]``).
        final_turn: the turn the game will end in, once known.
    """

    round: str
    round_type: str
    turn: int
    round_num: int
    operating_rounds_in_set: int | None = None
    phase: str
    acting: list[int | str]
    players: list[PlayerState]
    player_order: list[int]
    corporations: dict[str, CorporationState]
    bank_pool: dict[str, int]
    privates: dict[str, PrivateState] = msgspec.field(name="companies")
    depot: DepotState
    metals: dict[str, MetalState]
    debt_price: int | float
    debt_cash: int
    gold_shipped: int
    gold_cubes: dict[str, int]
    available_steel: dict[str, dict[str, list[int]]]
    treaty_of_boston: bool
    indebted: dict[str, DebtState]
    local_jeweler_cash: int
    cert_limit: int
    finished: bool
    game_end_reason: str | None
    game_end_trigger: list[str] | None
    final_turn: int | None


class OracleCorporation(_Strict):
    """A corporation in the setup: ``sym`` and ``type`` (``rail``/``metal``/``debt``)."""

    sym: str
    type: str


class OraclePrivate(_Strict):
    """A private drawn for the game: ``id``, ``name``, face ``value``, ``revenue``."""

    id: str
    name: str
    value: int
    revenue: int


class OracleSetup(_Strict):
    """The game as the engine set it up.

    Attributes:
        title, seed, optional_rules, fixture_players: copied from the record.
        player_order: the engine's starting seat order (player ids); equals the record's ``players``.
        player_names: player id → name.
        starting_cash: player id → starting cash ($400 with 4 players, $800 with 2).
        cert_limit: the certificate limit.
        railroads: the 5 railroads the seed drew, by founding year: 0–1 Yellow, 2–3 Green, 4 Brown.
        corporations_all: those 5 plus ``CF&I``, ``VGC`` and ``DEBT``.
        privates: the 5 privates drawn: 2 Yellow, 2 Green (each by value), 1 Brown.
        initial_state: the state before any action.
    """

    title: str
    seed: int
    optional_rules: list[str]
    fixture_players: list[RecordPlayer]
    player_order: list[int]
    player_names: dict[int, str]
    starting_cash: dict[int, int]
    cert_limit: int
    railroads: list[str]
    corporations_all: list[OracleCorporation]
    privates: list[OraclePrivate]
    initial_state: Snapshot


class OracleStep(_Strict, kw_only=True):
    """The state after the record's action ``i``.

    Attributes:
        i: the index in the record; ``id``, ``type``, ``entity`` are the action's.
        kept: the action belongs to the final history (survives undo/redo over the whole record).
        rejected, error, state_unchanged: the engine refused the action (``error`` says why); the
            state is the one before it.
        state: the state after actions ``0..i`` in record order, undos and redos included.
    """

    i: int
    id: int
    type: str
    entity: int | str
    kept: bool
    rejected: bool = False
    error: str | None = None
    state_unchanged: bool = False
    state: Snapshot


class OracleFinal(_Strict):
    """The end: ``state``, the engine's ``result`` (player id → net worth) and end reason, and the
    checks the oracle made (result and reason match the record; incremental = full load; bank cash)."""

    state: Snapshot
    result: dict[int, int]
    game_end_reason: str | None
    finished: bool
    fixture_result: dict[int, int]
    fixture_game_end_reason: str | None
    result_matches_fixture: bool
    game_end_reason_matches_fixture: bool
    incremental_equals_full_load: bool
    rejected_action_indices: list[int]
    bank_cash_accounted: bool


class OracleEngine(_Strict):
    """Which engine produced the oracle: ``repo``, ``commit``, ``strict`` mode."""

    repo: str
    commit: str
    strict: bool


class Oracle(_Strict):
    """One ``<record>.oracle.json``: the setup, the state after every action, the end."""

    fixture: str
    engine: OracleEngine
    state_encoding: str
    action_count: int
    setup: OracleSetup
    steps: list[OracleStep]
    final: OracleFinal


def decode_oracle(data: bytes | str) -> Oracle:
    """An oracle file's JSON; unknown fields are an error, so nothing in it goes uncompared."""
    return msgspec.json.decode(data, type=Oracle)


def load_oracle(path: Path) -> Oracle:
    """:func:`decode_oracle` of a file."""
    return decode_oracle(path.read_bytes())


# --------------------------------------------------------------------------------------------------
# Comparing snapshots
# --------------------------------------------------------------------------------------------------

#: Shown for a dictionary key or list entry that one side lacks.
ABSENT: Final = "<absent>"

#: List fields whose order carries no meaning: compared as sorted multisets.
UNORDERED: Final = frozenset({"acting", "trains", "privates", "pool_trains"})


class Divergence(msgspec.Struct, frozen=True):
    """The first difference between two snapshots: the field ``path`` and the two values there.

    Paths use our field names: ``corporations.SF.cash``, ``players.14142.shares.KP`` (players are
    matched by id), ``available_steel.yellow.A[2]``.
    """

    path: str
    ours: Any
    theirs: Any

    def __str__(self) -> str:
        return f"{self.path}: ours {self.ours!r}, theirs {self.theirs!r}"


def compare(ours: Snapshot, theirs: Snapshot, ignore: Iterable[str] = ()) -> Divergence | None:
    """The first field (in declaration order) where ``ours`` differs from ``theirs``, or ``None``.

    ``ignore`` lists paths not to compare, an entry covering everything under it; ``*`` stands for one
    path segment (``"players.*.certificates"``), for parts an engine does not model yet.
    """
    patterns = [_pattern(entry) for entry in ignore]
    return _diff(ours, theirs, "", patterns)


def _pattern(entry: str) -> re.Pattern[str]:
    body = "".join("[^.\\[]+" if part == "*" else re.escape(part) for part in re.split(r"(\*)", entry))
    return re.compile(body + r"(?:$|[.\[])")


def _diff(ours: Any, theirs: Any, path: str, ignore: list[re.Pattern[str]]) -> Divergence | None:
    if path and any(p.match(path) for p in ignore):
        return None
    if isinstance(ours, msgspec.Struct) or isinstance(theirs, msgspec.Struct):
        if type(ours) is not type(theirs):
            return Divergence(path, ours, theirs)
        for field in ours.__struct_fields__:
            found = _diff(getattr(ours, field), getattr(theirs, field), _join(path, field), ignore)
            if found:
                return found
        return None
    if isinstance(ours, dict) and isinstance(theirs, dict):
        for key in [*ours, *(k for k in theirs if k not in ours)]:
            found = _diff(ours.get(key, ABSENT), theirs.get(key, ABSENT), _join(path, str(key)), ignore)
            if found:
                return found
        return None
    if isinstance(ours, list) and isinstance(theirs, list):
        if _by_id(ours) and _by_id(theirs):
            return _diff({item.id: item for item in ours}, {item.id: item for item in theirs}, path, ignore)
        if path.rsplit(".", 1)[-1] in UNORDERED:
            mine, other = sorted(ours, key=repr), sorted(theirs, key=repr)
            return None if mine == other else Divergence(path, mine, other)
        for index in range(max(len(ours), len(theirs))):
            found = _diff(ours[index] if index < len(ours) else ABSENT,
                          theirs[index] if index < len(theirs) else ABSENT, f"{path}[{index}]", ignore)
            if found:
                return found
        return None
    if (ours == theirs and type(ours) is type(theirs)) or _same_number(ours, theirs):
        return None
    return Divergence(path, ours, theirs)


def _by_id(items: list[Any]) -> bool:
    return bool(items) and all(isinstance(item, msgspec.Struct) and hasattr(item, "id") for item in items)


def _same_number(a: Any, b: Any) -> bool:
    numbers = (int, float)
    return (isinstance(a, numbers) and isinstance(b, numbers) and not isinstance(a, bool)
            and not isinstance(b, bool) and a == b)


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


# --------------------------------------------------------------------------------------------------
# Tabula notation
# --------------------------------------------------------------------------------------------------

#: The metal companies: every share starts in the open market, all certificates are 10 %.
METALS: Final = frozenset({"CF&I", "VGC"})
#: Lines that are not moves start with this (undo, redo, programs, log lines, admin actions).
NOT_A_MOVE: Final = "# "

_HEX = re.compile(r"^[A-Z]\d+$")
#: The Royal Gorge tiles the engine lays itself (green at the Treaty; one brown lay upgrades all
#: three), so no action says where they lie (S-game ``ROYAL_GORGE_TILES_TO_HEXES``).
ROYAL_GORGE_TILE_HEX: Final = {"RG-A": "D12", "RG-B": "E13", "RG-C": "F12", "RG-D": "D12", "RG-E": "E13",
                               "RG-F": "F12"}


def tabula_id(symbol: str) -> str:
    """A corporation, private or tile name as Tabula writes it: lower case, letters, digits, ``+``
    and ``-`` kept, anything else dropped (``"CF&I"`` → ``"cfi"``, ``"RG-A"`` → ``"rg-a"``)."""
    return re.sub(r"[^a-z0-9+\-]", "", symbol.lower())


def share_corporation(share: str) -> str:
    """``"CF&I_3"`` → ``"CF&I"``."""
    return share.rsplit("_", 1)[0]


def share_percent(share: str) -> int:
    """A certificate's size: a railroad's ``_0`` is the 20 % president's certificate; everything else,
    metal presidents included, is 10 %."""
    corporation, number = share.rsplit("_", 1)
    return 20 if number == "0" and corporation not in METALS else 10


def train_name(train_id: str) -> str:
    """``"2+-0"`` → ``"2+"``, ``"6x2-1"`` → ``"6x2"``."""
    return train_id.rsplit("-", 1)[0]


def tile_name(tile_id: str) -> str:
    """``"57-0"`` → ``"57"``, ``"RG-A-0"`` → ``"RG-A"``."""
    return tile_id.rsplit("-", 1)[0]


def route_path(route: Route) -> list[str]:
    """The route as one hex chain, stop to stop: its ``connections`` joined end to end (a chain is
    turned round when it meets the path at its far end)."""
    path: list[str] = []
    for chain in route.connections:
        if not chain:
            continue
        if not path:
            path = list(chain)
            continue
        if chain[0] == path[-1]:
            path.extend(chain[1:])
        elif chain[-1] == path[-1]:
            path.extend(reversed(chain[:-1]))
        elif chain[0] == path[0] or chain[-1] == path[0]:
            path.reverse()
            path.extend(chain[1:] if chain[0] == path[-1] else list(reversed(chain[:-1])))
        else:
            path.extend(chain)
    return path or list(route.hexes)


class _Tracker:
    """What :func:`notation` needs to know of the history so far, read off the kept actions alone:
    where each laid tile lies, who owns each bought train, and which certificates have been in a
    player's hands (only those can be in the open market)."""

    def __init__(self) -> None:
        self.tile_hex: dict[str, str] = {}
        self.train_owner: dict[str, str] = {}
        self.shares_seen: set[str] = set()

    def apply(self, action: Action) -> None:
        """Take in a kept action and its auto actions."""
        for step in expand(action):
            self.apply_one(step)

    def apply_one(self, step: Action) -> None:
        """Take in one action, without its auto actions."""
        if isinstance(step, LayTile):
            self.tile_hex[step.tile] = step.hex
        elif isinstance(step, BuyTrain):
            self.train_owner[step.train] = str(step.entity)
        elif isinstance(step, Par):
            self.shares_seen.add(f"{step.corporation}_0")
        elif isinstance(step, BuyShares | SellShares):
            self.shares_seen.update(step.shares)

    def share_source(self, shares: Sequence[str]) -> str:
        """``"market"`` or ``"treasury"`` for a purchase of ``shares``."""
        if not shares:
            return "treasury"
        if share_corporation(shares[0]) in METALS or any(s in self.shares_seen for s in shares):
            return "market"
        return "treasury"

    def city_hex(self, city: str) -> tuple[str, int]:
        """``"14-0-0"`` → (hex where tile 14 copy 0 lies, city 0); a preprinted ``"F12-0-0"`` → F12;
        a Royal Gorge tile → its fixed hex. ``"?<tile>"`` when none of these applies."""
        tile, number = city.rsplit("-", 1)
        name = tile_name(tile)
        if tile in self.tile_hex:
            return self.tile_hex[tile], int(number)
        if name in ROYAL_GORGE_TILE_HEX:
            return ROYAL_GORGE_TILE_HEX[name], int(number)
        return (name if _HEX.match(name) else f"?{tile}"), int(number)

    def train_seller(self, action: BuyTrain) -> str | None:
        owner = self.train_owner.get(action.train)
        return owner if owner is not None and owner != str(action.entity) else None


def _position(record: Record, action: Action) -> int:
    for index, candidate in enumerate(record.actions):
        if candidate is action or any(auto is action for auto in expand(candidate)[1:]):
            return index
    raise ValueError("the action is not one of the record's")


def notation(action: Action, record: Record) -> str:
    """The action as one line of Tabula text.

    A move reads like ``bid y3 45``, ``buy pav treasury``, ``lay l14 57 r5``, ``run 2+ o3-n4-m3``. Actions
    that are not moves (undo, redo, programs, log lines, ``end_game``) give a line starting with
    ``"# "``. What the record leaves to the state (a share's source, a train's seller, a token's hex)
    is read off the kept actions before this one.
    """
    position = _position(record, action)
    tracker = _Tracker()
    for index in kept_indices(record):
        if index >= position:
            break
        tracker.apply(record.actions[index])
    carrier = record.actions[position]
    if carrier is not action:
        for step in expand(carrier):
            if step is action:
                break
            tracker.apply_one(step)
    return _format(action, tracker)


def _format(action: Action, tracker: _Tracker) -> str:
    if isinstance(action, Bid):
        return f"bid {tabula_id(action.company)} {action.price}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Par):
        return f"par {tabula_id(action.corporation)} {action.share_price.split(',')[0]}"
    if isinstance(action, BuyShares):
        text = f"buy {tabula_id(share_corporation(action.shares[0]))}" if action.shares else "buy ?"
        if len(action.shares) > 1:
            text += f" {len(action.shares)}"
        if action.discounter:
            text += f" with {tabula_id(action.discounter)}"
        return text + (" market" if tracker.share_source(action.shares) == "market" else " treasury")
    if isinstance(action, SellShares):
        units = sum(share_percent(s) for s in action.shares) // 10
        corporation = share_corporation(action.shares[0]) if action.shares else "?"
        return f"sell {tabula_id(corporation)} {units}"
    if isinstance(action, LayTile):
        return f"lay {action.hex.lower()} {tabula_id(tile_name(action.tile))} r{action.rotation}"
    if isinstance(action, PlaceToken):
        hex_id, city = tracker.city_hex(action.city)
        return f"token {hex_id.lower()}" + (f" c{city}" if city else "")
    if isinstance(action, RunRoutes):
        if not action.routes:
            return "run none"
        return "run " + "; ".join(f"{train_name(r.train)} {'-'.join(h.lower() for h in route_path(r))}"
                                  for r in action.routes)
    if isinstance(action, Dividend):
        return action.kind
    if isinstance(action, BuyTrain):
        seller = tracker.train_seller(action)
        if seller is None:
            return f"train {train_name(action.train)}"
        return f"train {train_name(action.train)} from {tabula_id(seller)} {action.price}"
    if isinstance(action, BuyCompany):
        return f"private {tabula_id(action.company)} {action.price}"
    if isinstance(action, Choose):
        return _format_choice(action)
    if isinstance(action, ChooseAbility):
        if action.choice == "pay_debt":
            return f"pay-debt {tabula_id(str(action.entity).removesuffix('-D'))}"
        return f"ability {tabula_id(str(action.entity))} {action.choice}"
    if isinstance(action, Bankrupt):
        return "bankrupt"
    return NOT_A_MOVE + _describe(action)


def _format_choice(action: Choose) -> str:
    choice = action.choice
    by_private = action.entity_type == "company"
    suffix = f" with {tabula_id(str(action.entity))}" if by_private else ""
    if _HEX.match(choice):
        return f"ship {choice.lower()}{suffix}"
    steel = re.match(r"^([A-Z])-(\d+)$", choice)
    if steel:
        return f"steel {steel.group(1).lower()} {steel.group(2)}{suffix}"
    if choice.startswith("coal_depot/"):
        _, train, count = choice.split("/")
        return f"coal-depot {train_name(train)} {count}{suffix}"
    if choice == "ghost_town":
        return "ghost-town" + suffix
    return f"choose {choice.lower()}{suffix}"


def _describe(action: Action) -> str:
    if isinstance(action, Undo):
        return "undo" + (f" to {action.action_id}" if action.action_id is not None else "")
    if isinstance(action, Redo):
        return "redo"
    if isinstance(action, ProgramSharePass):
        flags = [flag for flag in ("unconditional", "indefinite") if getattr(action, flag)]
        return " ".join(["program share-pass", *flags])
    if isinstance(action, ProgramBuyShares):
        text = f"program buy {tabula_id(action.corporation)} until {action.until_condition}"
        return text + (" market" if action.from_market else "") + (" then pass" if action.auto_pass_after else "")
    if isinstance(action, ProgramDisable):
        return f"program off: {action.reason}"
    if isinstance(action, Log | Message):
        return f"{action_type(action)}: {action.message}"
    if isinstance(action, EndGame):
        return "end-game"
    return f"unmapped {action_type(action)}"


def is_move(text: str) -> bool:
    """Whether a :func:`notation` line is a move a seat sends (not a ``"# "`` note)."""
    return not text.startswith(NOT_A_MOVE)


class TabulaMove(msgspec.Struct, frozen=True):
    """One move of an imported game.

    Attributes:
        index: the record index of the action (for an auto action, of the action carrying it).
        auto: it is an auto action the engine ran after the action at ``index``.
        entity: who acts as the record says (a player id, corporation symbol or private id); the
            importer resolves it to a seat (a corporation's or private's owner).
        text: the move in Tabula notation.
    """

    index: int
    auto: bool
    entity: int | str
    text: str


def _kept_lines(record: Record) -> Iterator[tuple[int, bool, Action, str]]:
    tracker = _Tracker()
    for index in kept_indices(record):
        for number, step in enumerate(expand(record.actions[index])):
            yield index, number > 0, step, _format(step, tracker)
            tracker.apply_one(step)


def tabula_moves(record: Record) -> list[TabulaMove]:
    """The moves a replay sends, in order: each kept action that is a move, then its auto actions."""
    return [TabulaMove(index, auto, step.entity, text)
            for index, auto, step, text in _kept_lines(record) if is_move(text)]


class RecordSummary(msgspec.Struct, frozen=True):
    """What a record holds.

    Attributes:
        name: the record's name.
        actions: all actions; ``kept``: those in the final history.
        undos, redos: how many of each the record has.
        kept_types: action type → count, kept actions only.
        lines: ``(index, type, notation)`` for each kept action.
        moves: how many Tabula moves the kept actions make, auto actions included.
    """

    name: str
    actions: int
    kept: int
    undos: int
    redos: int
    kept_types: dict[str, int]
    lines: list[tuple[int, str, str]]
    moves: int


def summary(record: Record) -> RecordSummary:
    """Counts per action type among the kept actions, and each kept action's notation."""
    kept = kept_actions(record)
    types = Counter(action_type(a) for a in record.actions)
    lines = [(index, action_type(step), text) for index, auto, step, text in _kept_lines(record) if not auto]
    return RecordSummary(
        name=record.name, actions=len(record.actions), kept=len(kept), undos=types["undo"], redos=types["redo"],
        kept_types=dict(Counter(action_type(a) for _, a in kept).most_common()), lines=lines,
        moves=len(tabula_moves(record)))


def report(records: Iterable[Record]) -> str:
    """A Markdown report: per record, the counts, then an example notation per kept action type."""
    out: list[str] = []
    for record in records:
        info = summary(record)
        out.append(f"## {info.name or '(unnamed record)'}")
        out.append(f"{info.actions} actions ({info.undos} undo, {info.redos} redo), {info.kept} kept, "
                   f"{info.moves} Tabula moves")
        out.append("")
        out.append("| type | kept | example |")
        out.append("|---|---|---|")
        examples: dict[str, tuple[int, str]] = {}
        for index, kind, text in info.lines:
            examples.setdefault(kind, (index, text))
        for kind, count in info.kept_types.items():
            index, text = examples[kind]
            out.append(f"| {kind} | {count} | `{text}` (i={index}) |")
        out.append("")
    return "\n".join(out)
