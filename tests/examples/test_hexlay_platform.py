"""Tile Lay as a big title on the platform: over 10,000 lays per turn, menus that reach exactly the legal
moves, completions within Discord's 25, seeded playouts, and nothing that ever lists every move."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from games.core import Game, GameError, MalformedMove, Rng
from games.core.menu import MENU_LIMIT
from games.examples.hexlay import GAME, HexlayGame
from games.examples.hexlay.state import HexlayState
from games.registry import get_game
from tests.support.playout import play as playout

from .hexlay_helpers import position


def walk(game: Game[Any, Any], state: Any, seat: int, path: list[str]) -> set[str]:
    """Every move reached through ``choices`` below ``path``; each option's count is checked on the way."""
    found: set[str] = set()
    for option in game.choices(state, seat, path, "en"):
        here = [*path, option.token]
        if option.final:
            found.add(" ".join(here))
        else:
            below = walk(game, state, seat, here)
            assert len(below) == option.count, f"{here}: {option.count} announced, {len(below)} found"
            found |= below
    return found


def positions(seed: int, players: int, moves: tuple[int, ...]) -> list[HexlayState]:
    """The positions after each count in ``moves`` of seeded random moves."""
    state = GAME.setup(players, {}, seed)
    rng = Rng.from_seed(f"positions-{seed}")
    out = []
    for n in range(max(moves) + 1):
        if n in moves:
            out.append(state)
        if GAME.is_over(state):
            break
        state = GAME.apply(state, state.current, GAME.random_move(state, state.current, rng)).state
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("cities", [2, 4, 6])
def test_the_opening_offers_over_10000_lays(players: int, cities: int) -> None:
    for seed in range(3):
        state = GAME.setup(players, {"cities": cities}, seed)
        count = GAME.count_moves(state, 0)
        assert count >= 10_001                                         # 10,000 lays and pass
        assert count == len(GAME._legal_moves(state, 0)) == len(set(map(str, GAME._legal_moves(state, 0))))
        assert GAME.count_moves(state, 0, limit=25) == 25
        assert GAME.count_moves(state, 1) == 0                          # not your turn


def test_counts_match_the_full_list_along_a_game() -> None:
    """Perft-style: at every position of a seeded game the count, the list and the menu totals agree."""
    for state in positions(11, 3, tuple(range(0, 80, 4))):
        seat = state.current
        legal = GAME._legal_moves(state, seat)
        assert GAME.count_moves(state, seat) == len(legal)
        root = {o.token: o for o in GAME.choices(state, seat, [], "en")}
        assert root["pass"].final and (root["lay"].count if "lay" in root else 0) == len(legal) - 1
        assert sum(o.count for o in GAME.choices(state, seat, ["lay"], "en")) == len(legal) - 1


def test_walking_choices_reaches_exactly_the_legal_moves() -> None:
    """The whole menu tree, from the root, at the start (10,000+ lays), in the middle and late in a game."""
    sizes = []
    for state in positions(5, 2, (0, 25, 55)):
        seat = state.current
        legal = {str(m) for m in GAME._legal_moves(state, seat)}
        assert walk(GAME, state, seat, []) == legal
        sizes.append(len(legal))
    assert sizes[0] > 10_000 and sizes[2] > 1


def test_menu_labels_are_in_the_players_language() -> None:
    state = position()
    root = GAME.choices(state, 0, [], "zh")
    assert root[0].label.startswith("铺一块板块") and root[1].label == "跳过"
    tiles = {o.token: o.label for o in GAME.choices(state, 0, ["lay", "e8"], "zh")}
    assert tiles["s3"] == "急弯 (s3) · 剩 5 块"
    rotations = GAME.choices(state, 0, ["铺", "E8", "急弯"], "zh")
    assert [o.token for o in rotations] == [f"r{k}" for k in range(6)] and rotations[2].label == "在 E8 铺急弯 (s3)，r2"
    assert GAME.choices(state, 1, [], "en") == []                    # not this seat's turn
    assert GAME.choices(state, 0, ["pass"], "en") == [] and GAME.choices(state, 0, ["fly"], "en") == []


@pytest.mark.parametrize("text", ["", "l", "lay", "lay ", "lay c", "lay e8", "lay e8 ", "lay e8 s", "lay e8 s3 ",
                                  "lay e8 s3 r", "p", "pa", "铺 e8 ", "lay zz", "lay a2 s1 ", "lay e8 s3 r2 x"])
def test_complete_never_returns_more_than_25_and_each_completion_parses(text: str) -> None:
    for state in positions(3, 4, (0, 30)):
        seat = state.current
        options = GAME.complete(state, seat, text, "en")
        assert len(options) <= MENU_LIMIT
        for option in options:
            if option.final:
                move = GAME.parse(state, seat, option.token)
                assert str(move) == GAME.parse(state, seat, str(move)).__str__()
                GAME.apply(state, seat, move)                          # a final completion is a legal move
            else:
                assert GAME.complete(state, seat, option.token + " ", "en"), option
    assert len(GAME.complete(positions(3, 4, (0,))[0], 0, "lay ", "en")) == MENU_LIMIT


def test_a_seeded_game_through_random_move_ends_with_an_outcome() -> None:
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        result = playout(GAME, players, seed, list_moves=False)       # parse(str(m)) == m and invariants, each move
        outcome = GAME.outcome(result.final)
        assert outcome is not None and sorted(s.seat for s in outcome.standings) == list(range(players))
        assert playout(GAME, players, seed, list_moves=False).log == result.log
        assert any(text.startswith("lay ") for _, text in result.log)
    sampled = positions(8, 2, tuple(range(0, 70, 7)))
    rng = Rng.from_seed("sampled")
    for state in sampled:
        for _ in range(20):
            move = GAME.random_move(state, state.current, rng)
            assert GAME.parse(state, state.current, str(move)) == move
            assert GAME.decode_move(GAME.encode_move(move)) == move


def test_random_move_is_deterministic_given_the_rng() -> None:
    state = GAME.setup(3, {}, 9)
    a = [GAME.random_move(state, 0, Rng.from_seed(s)) for s in range(30)]
    b = [GAME.random_move(state, 0, Rng.from_seed(s)) for s in range(30)]
    assert a == b and len(set(a)) > 25


def test_bots_finish_games_and_beat_random_play() -> None:
    wins = 0
    for seed in range(6):
        state = GAME.setup(2, {}, 40 + seed)
        rng = Rng.from_seed(seed)
        while not GAME.is_over(state):
            seat = state.current
            move = GAME.bot_move(state, seat, rng) if seat == seed % 2 else GAME.random_move(state, seat, rng)
            state = GAME.apply(state, seat, move).state
            assert not GAME.invariants(state)
        outcome = GAME.outcome(state)
        assert outcome is not None
        wins += seed % 2 in outcome.winners
    assert wins >= 5


def test_nothing_lists_every_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``_legal_moves`` raising, a whole game is parsed, applied, completed, counted, drawn at random,
    played by bots and replayed from its stored moves."""
    def forbidden(self: HexlayGame, state: HexlayState, seat: int) -> list[Any]:
        raise AssertionError("_legal_moves was called")

    monkeypatch.setattr(HexlayGame, "_legal_moves", forbidden)
    game = get_game("hexlay")
    assert game is GAME
    for seed, players in ((21, 2), (22, 4)):
        start = game.setup(players, {}, seed)
        state = start
        rng = Rng.from_seed(seed)
        stored: list[tuple[int, str]] = []
        while not game.is_over(state):
            seat = state.current
            assert game.has_moves(state, seat) and game.count_moves(state, seat, limit=50) >= 1
            game.count_moves(state, seat)
            game.hint(state, seat)
            for text in ("", "lay ", "lay e", "pass"):
                game.complete(state, seat, text, "zh")
            hexes = game.choices(state, seat, ["lay"], "en")
            if hexes:
                tiles = game.choices(state, seat, ["lay", hexes[0].token], "en")
                game.choices(state, seat, ["lay", hexes[0].token, tiles[0].token], "en")
            with pytest.raises(MalformedMove):
                game.parse(state, seat, "fly to the moon")
            with pytest.raises(GameError):
                game.apply(state, seat, "lay z41 s1 r0")
            game.summarize(game.view(state, seat), "en")
            move = game.bot_move(state, seat, rng) if len(stored) % 3 == 0 else game.random_move(state, seat, rng)
            move = game.parse(state, seat, str(move))
            state = game.apply(state, seat, move).state
            stored.append((seat, game.encode_move(move)))
        replayed = game.setup(players, {}, seed)
        for seat, data in stored:
            replayed = game.replay(replayed, seat, game.decode_move(data))
        assert game.dumps(replayed) == game.dumps(state)
        assert game.outcome(replayed) == game.outcome(state)


def test_a_timeout_passes_and_undo_needs_consent_only_at_the_end() -> None:
    state = GAME.setup(2, {}, 1)
    assert str(GAME.timeout_move(state, 0, Rng.from_seed(1))) == "pass"
    lay = GAME.apply(state, 0, "lay e8 s1 r0")
    assert not GAME.irreversible(lay.events)
    state.supply = {t: 0 for t in state.supply} | {"s1": 1}
    assert GAME.irreversible(GAME.apply(state, 0, "lay e8 s1 r0").events)


def test_stage_changes_every_turn_and_views_count_the_viewers_lays() -> None:
    state = GAME.setup(2, {}, 1)
    stages = [GAME.stage(state)]
    for text in ("lay e8 s1 r0", "pass", "lay e10 s1 r0"):
        state = GAME.apply(state, state.current, text).state
        stages.append(GAME.stage(state))
    assert len(set(stages)) == 4
    mine = GAME.view(state, state.current)
    assert mine.lays == GAME.count_moves(state, state.current) - 1
    other = GAME.view(state, 1 - state.current)
    assert GAME.view(state, None) == msgspec.structs.replace(other, viewer=None)    # nothing is hidden
    lines = GAME.summarize(mine, "zh")
    assert any("回合" in line for line in lines) and any("种铺法" in line for line in lines)
    assert not any("种铺法" in line for line in GAME.summarize(other, "zh"))
