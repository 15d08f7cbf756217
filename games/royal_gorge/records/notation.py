"""An 18xx.games action as Tabula move text: :func:`notation` writes each action as a line (``bid y3 45``,
``lay l14 57 r5``, ``run 2+ o3-n4-m3``); :func:`tabula_moves` expands a record into the moves a seat would
send, and :func:`summary` / :func:`report` count what a record holds.

Pure: msgspec and the standard library.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

import msgspec

from .actions import (
    Action,
    Bankrupt,
    Bid,
    BuyCompany,
    BuyShares,
    BuyTrain,
    Choose,
    ChooseAbility,
    Dividend,
    EndGame,
    LayTile,
    Log,
    Message,
    Par,
    Pass,
    PlaceToken,
    ProgramBuyShares,
    ProgramDisable,
    ProgramSharePass,
    Record,
    Redo,
    Route,
    RunRoutes,
    SellShares,
    Undo,
    action_type,
    expand,
    kept_actions,
    kept_indices,
)

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
