"""The actions of an 18xx.games record, the record itself, and its undo/redo (docs/royal-gorge-records.md).

:func:`decode_record` / :func:`load_record` read an exported game (``actions``, ``settings``, ``players``,
``result``) into typed structs, one struct per action type; a type we do not know, or a known type of an
unexpected shape, becomes a :class:`RawAction` holding the original fields. :func:`kept_actions` applies the
18xx.games undo/redo rules: what remains is the game's history.

Pure: msgspec and the standard library; reading a file is the caller's ``Path``.
"""

from __future__ import annotations

from collections.abc import Sequence
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


