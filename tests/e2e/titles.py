"""Two tiny titles that exist only in the tests, registered in the bot process through the
``TABULA_EXTRA_GAMES=tests.e2e.titles:TITLES`` hook: proof that a title added to the registry is
playable in Discord with no adapter change.

- ``pebbles``: players take 1–3 pebbles in turn; who takes the last one wins (turn-based).
- ``snap``: everyone may act at once; the first to snap wins the round; two rounds win the game
  (a shared button that two players press at the same moment).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import msgspec

from games.core import (
    CORE_CATALOG,
    BaseState,
    Catalog,
    Event,
    Game,
    GameMeta,
    IllegalMove,
    Move,
    OptionSpec,
    Outcome,
    Rng,
    Standing,
)

CATALOG = Catalog({
    "en": {"event.took": "{seat} takes {count}; {left} left.", "event.won": "{seat} wins!",
           "event.snapped": "{seat} snaps first ({points} points).", "move.take": "Take {count}",
           "move.snap": "Snap!"},
    "zh": {"event.took": "{seat} 拿走 {count} 颗，还剩 {left} 颗。", "event.won": "{seat} 获胜！",
           "event.snapped": "{seat} 抢先拍下（{points} 分）。", "move.take": "拿 {count} 颗",
           "move.snap": "拍！"},
}, parent=CORE_CATALOG)


#: ``take 13`` trips a deliberate bug in the engine (to test the adapter's apology path).
BUGGY_COUNT = 13


# ---- pebbles ------------------------------------------------------------------------------------
class Take(Move, frozen=True, tag="take"):
    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


class PebblesState(BaseState, kw_only=True):
    pile: int
    turn: int = 0
    winner: int | None = None


class PebblesView(msgspec.Struct, frozen=True):
    game: str
    viewer: int | None
    pile: int
    turn: int
    winner: int | None


class Pebbles(Game[PebblesState, Take]):
    meta: ClassVar[GameMeta] = GameMeta(
        id="pebbles", names={"en": "Pebbles", "zh": "捡石子"}, min_players=2, max_players=4,
        rules_reference="tests/e2e/titles.py", engine_version="1",
        options=(OptionSpec("pile", "int", 7, {"en": "Pebbles at the start", "zh": "初始石子数"},
                            minimum=3, maximum=50),))
    state_type: ClassVar[type] = PebblesState
    move_types: ClassVar[tuple[type[Move], ...]] = (Take,)  # type: ignore[misc]
    catalog: ClassVar[Catalog] = CATALOG

    def _setup(self, players: int, options: dict[str, Any], rng: Rng) -> PebblesState:
        return PebblesState(players=players, rng=rng, options=options, pile=options["pile"])

    def to_act(self, state: PebblesState) -> frozenset[int]:
        return frozenset() if state.winner is not None else frozenset({state.turn})

    def _legal_moves(self, state: PebblesState, seat: int) -> list[Take]:
        return [Take(n) for n in range(1, min(3, state.pile) + 1)]

    def _parse_grammar(self, text: str) -> Take | None:
        parts = text.split()
        if len(parts) == 2 and parts[0] == "take" and parts[1].isdigit():
            return Take(int(parts[1]))
        return None

    def _apply(self, state: PebblesState, seat: int, move: Take, events: list[Event]) -> None:
        if move.count == BUGGY_COUNT:
            raise RuntimeError("a deliberate engine bug: the bot must apologise, not show this")
        if not 1 <= move.count <= min(3, state.pile):
            raise IllegalMove()
        state.pile -= move.count
        events.append(Event("took", {"seat": seat, "count": move.count, "left": state.pile}))
        if state.pile == 0:
            state.winner = seat
            events.append(Event("won", {"seat": seat}))
        else:
            state.turn = (state.turn + 1) % state.players

    def view(self, state: PebblesState, seat: int | None) -> PebblesView:
        return PebblesView("pebbles", seat, state.pile, state.turn, state.winner)

    def outcome(self, state: PebblesState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome(tuple(sorted((Standing(seat=s, rank=1 if s == state.winner else 2,
                                              score=int(s == state.winner)) for s in range(state.players)),
                                    key=lambda st: (st.rank, st.seat))))

    def irreversible(self, events: list[Event]) -> bool:
        return False  # nothing hidden, no dice: a move can always be taken back

    def move_label(self, state: PebblesState, seat: int, move: Take, lang: str,
                   names: Sequence[str] | None = None) -> str:
        return self.text("move.take", {"count": move.count}, lang)


# ---- snap ---------------------------------------------------------------------------------------
class Snap(Move, frozen=True, tag="snap"):
    def __str__(self) -> str:
        return "snap"


class SnapState(BaseState, kw_only=True):
    points: list[int]
    target: int = 2


class SnapView(msgspec.Struct, frozen=True):
    game: str
    viewer: int | None
    points: list[int]


class SnapGame(Game[SnapState, Snap]):
    meta: ClassVar[GameMeta] = GameMeta(
        id="snap", names={"en": "Snap", "zh": "抢拍"}, min_players=2, max_players=4,
        rules_reference="tests/e2e/titles.py", engine_version="1")
    state_type: ClassVar[type] = SnapState
    move_types: ClassVar[tuple[type[Move], ...]] = (Snap,)  # type: ignore[misc]
    catalog: ClassVar[Catalog] = CATALOG

    def _setup(self, players: int, options: dict[str, Any], rng: Rng) -> SnapState:
        return SnapState(players=players, rng=rng, options=options, points=[0] * players)

    def to_act(self, state: SnapState) -> frozenset[int]:
        return frozenset() if max(state.points) >= state.target else frozenset(range(state.players))

    def _legal_moves(self, state: SnapState, seat: int) -> list[Snap]:
        return [Snap()]

    def _apply(self, state: SnapState, seat: int, move: Snap, events: list[Event]) -> None:
        state.points[seat] += 1
        events.append(Event("snapped", {"seat": seat, "points": state.points[seat]}))
        if state.points[seat] >= state.target:
            events.append(Event("won", {"seat": seat}))

    def view(self, state: SnapState, seat: int | None) -> SnapView:
        return SnapView("snap", seat, list(state.points))

    def outcome(self, state: SnapState) -> Outcome | None:
        if max(state.points) < state.target:
            return None
        order = sorted(range(state.players), key=lambda s: -state.points[s])
        return Outcome(tuple(Standing(seat=s, rank=1 + sum(p > state.points[s] for p in state.points),
                                      score=state.points[s]) for s in order))

    def move_label(self, state: SnapState, seat: int, move: Snap, lang: str, names: Sequence[str] | None = None) -> str:
        return self.text("move.snap", None, lang)


PEBBLES = Pebbles()
SNAP = SnapGame()
TITLES = [PEBBLES, SNAP]
