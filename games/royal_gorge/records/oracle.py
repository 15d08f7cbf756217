"""The 18xx.games engine's state after every action (``shared/fixtures/18RoyalGorge-oracle``), and comparing
two of them: :func:`decode_oracle` / :func:`load_oracle` read it into :class:`Snapshot` values, and
:func:`compare` names the first field where two snapshots differ (the check a replay runs after each kept
action).

Pure: msgspec and the standard library; reading a file is the caller's ``Path``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

import msgspec

from .actions import RecordPlayer

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


