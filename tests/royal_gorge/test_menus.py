"""18 Royal Gorge's menus without the full list (issue 21): ``lay`` → hexes → tiles → rotations and ``run`` →
the router's best run answered level by level, the same answers the full list gives, and nothing that lists
every move (``_legal_moves`` trapped) while completing, opening panels, refusing and playing whole games."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from games.core import GameError, MalformedMove, Rng
from games.core.menu import MENU_LIMIT, group_by_next_token
from games.royal_gorge import bot, text
from games.royal_gorge.game import GAME, RoyalGorgeGame
from games.royal_gorge.moves import Lay
from games.royal_gorge.state import OperatingF, RGState
from games.royal_gorge.steps import FLOW
from games.royal_gorge.view import RGView
from render import focus_image
from render.royal_gorge import RENDERER


def full_list_choices(state: RGState, seat: int, path: list[str]) -> list[Any]:
    """The menu level as it was built from the full list (grouped suggestions), to compare with."""
    moves = sorted(GAME.legal_moves(state, seat), key=lambda m: GAME.suggestion_rank(state, seat, m))
    labelled = ((str(m), GAME.move_label(state, seat, m, "en")) for m in moves)
    return [o if o.final else msgspec.structs.replace(o, label=text.token_label(GAME, path, o.token, "en"))
            for o in group_by_next_token(labelled, path)]


def full_list_hint(state: RGState, seat: int, limit: int = 8) -> str:
    moves = [str(m) for m in sorted(GAME.legal_moves(state, seat), key=lambda m: GAME.suggestion_rank(state, seat, m))]
    if "pass" in moves:
        moves = ["pass", *(m for m in moves if m != "pass")]
    return ", ".join(moves[:limit]) + (f" (+{len(moves) - limit})" if len(moves) > limit else "")


def walk(state: RGState, seat: int, path: list[str], choices: Any) -> list[tuple[tuple[str, ...], Any]]:
    out: list[tuple[tuple[str, ...], Any]] = []
    for option in choices(state, seat, path):
        out.append((tuple(path), option))
        if not option.final:
            out += walk(state, seat, [*path, option.token], choices)
    return out


def positions(seed: int, ruleset: str, moves: int = 400) -> list[RGState]:
    """The positions of a seeded game the bot plays (a random move every seventh), in order."""
    state = GAME.setup(4, {"ruleset": ruleset}, seed)
    rng = Rng.from_seed(f"menus-{seed}")
    out = []
    for n in range(moves):
        if GAME.is_over(state):
            break
        out.append(state)
        seat = sorted(GAME.to_act(state))[0]
        move = GAME.random_move(state, seat, rng) if n % 7 == 0 else GAME.bot_move(state, seat, rng)
        state = GAME.apply(state, seat, move).state
    return out


def at_track(states: list[RGState]) -> list[RGState]:
    """Positions where a railroad lays track with more than a menu's worth of lays."""
    out = []
    for state in states:
        top = FLOW.top(state)
        if isinstance(top, OperatingF) and top.step == "track":
            seat = sorted(GAME.to_act(state))[0]
            if GAME.count_moves(state, seat) > MENU_LIMIT:
                out.append(state)
    return out


@pytest.mark.parametrize(("seed", "ruleset"), [(3, "bga"), (4, "18xx")])
def test_level_by_level_answers_what_the_full_list_answers(seed: int, ruleset: str) -> None:
    """Perft-style: counts, the whole menu tree, the hint and the random draw agree with the full list."""
    states = positions(seed, ruleset)
    assert at_track(states), "the game never reaches a track step with many lays"
    for number, state in enumerate(states):
        for seat in sorted(GAME.may_act(state)):
            legal = GAME.legal_moves(state, seat)
            assert GAME.count_moves(state, seat) == len(legal)
            assert GAME.count_moves(state, seat, limit=MENU_LIMIT + 1) == min(len(legal), MENU_LIMIT + 1)
            assert GAME.has_moves(state, seat) == bool(legal)
            assert GAME.hint(state, seat) == full_list_hint(state, seat)
            if number % 4 == 0:
                assert walk(state, seat, [], lambda s, x, p: GAME.choices(s, x, p, "en")) == \
                    walk(state, seat, [], full_list_choices)
            for draw in range(2):
                mine, theirs = Rng.from_seed(f"{number}-{draw}"), Rng.from_seed(f"{number}-{draw}")
                assert GAME.random_move(state, seat, mine) == bot.random_move(state, seat, theirs, legal)
                assert mine.below(1 << 30) == theirs.below(1 << 30)          # the same draws were made


def test_the_lay_menu_goes_hex_tile_rotation() -> None:
    state = at_track(positions(3, "bga"))[0]
    seat = sorted(GAME.to_act(state))[0]
    root = {o.token: o for o in GAME.choices(state, seat, [], "en")}
    assert not root["lay"].final and sum(o.count for o in root.values()) == GAME.count_moves(state, seat)
    hexes = GAME.choices(state, seat, ["lay"], "en")
    assert hexes and all(not o.final and o.count > 0 for o in hexes)
    assert sum(o.count for o in hexes) == root["lay"].count
    tiles = GAME.choices(state, seat, ["lay", hexes[0].token], "en")
    assert sum(o.count for o in tiles) == hexes[0].count
    rotations = GAME.choices(state, seat, ["LAY", hexes[0].token.upper(), tiles[0].token], "en")
    assert rotations and all(o.final and o.token.startswith("r") for o in rotations)
    assert GAME.choices(state, seat, ["lay", "zz99"], "en") == []
    assert GAME.choices(state, seat, ["lay", hexes[0].token, tiles[0].token, "r0", "x"], "en") == []


def test_the_focus_draws_the_lays_the_menu_offers() -> None:
    """The renderer runs no rules: the focused hex's lays come in the view (``Game.focus_view``)."""
    state = at_track(positions(3, "bga"))[0]
    seat = sorted(GAME.to_act(state))[0]
    hexes = GAME.choices(state, seat, ["lay"], "en")
    path = ["lay", hexes[0].token]
    view = GAME.focus_view(state, seat, path, GAME.view(state, seat))
    assert isinstance(view, RGView) and GAME.view(state, seat).lays == {}
    offered = view.lays[hexes[0].token.upper()]
    assert len(offered) == hexes[0].count
    assert {(t, r) for t, r in offered} == {(m.tile, m.rotation) for m in GAME.legal_moves(state, seat)
                                            if isinstance(m, Lay) and m.hex == hexes[0].token.upper()}
    assert GAME.focus_view(state, seat, ["pass"], GAME.view(state, seat)) == GAME.view(state, seat)
    assert focus_image(RENDERER, view, path, "en") is not None


def test_nothing_lists_every_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``_legal_moves`` raising: completing, opening panels (count, choices or suggestions, the focus view),
    refusing a bad lay and garbage, and whole seeded games played with random_move and the bot, replayed."""
    def forbidden(self: RoyalGorgeGame, state: RGState, seat: int) -> list[Any]:
        raise AssertionError("_legal_moves was called")

    monkeypatch.setattr(RoyalGorgeGame, "_legal_moves", forbidden)
    tracks = 0
    for seed, ruleset in ((31, "bga"), (32, "18xx")):
        state = GAME.setup(4, {"ruleset": ruleset}, seed)
        rng = Rng.from_seed(seed)
        stored: list[tuple[int, str]] = []
        while not GAME.is_over(state):
            seat = sorted(GAME.to_act(state))[0]
            assert GAME.has_moves(state, seat)
            many = GAME.count_moves(state, seat, limit=MENU_LIMIT + 1) > MENU_LIMIT   # a panel: a menu or a select
            if many:
                GAME.choices(state, seat, [], "en")
                hexes = GAME.choices(state, seat, ["lay"], "zh")
                if hexes:
                    tracks += 1
                    tiles = GAME.choices(state, seat, ["lay", hexes[0].token], "en")
                    GAME.choices(state, seat, ["lay", hexes[0].token, tiles[0].token], "en")
                    GAME.focus_view(state, seat, ["lay", hexes[0].token], GAME.view(state, seat))
            else:
                GAME.suggested(state, seat)
            for typed in ("", "l", "lay ", "lay l1", "run ", "pass"):
                assert len(GAME.complete(state, seat, typed, "en")) <= MENU_LIMIT
            with pytest.raises(MalformedMove):
                GAME.parse(state, seat, "fly to the moon")
            with pytest.raises(GameError):
                GAME.apply(state, seat, "lay a1 57 r0")
            move = GAME.random_move(state, seat, rng) if len(stored) % 3 else GAME.bot_move(state, seat, rng)
            move = GAME.parse(state, seat, str(move))
            state = GAME.apply(state, seat, move).state
            stored.append((seat, GAME.encode_move(move)))
        replayed = GAME.setup(4, {"ruleset": ruleset}, seed)
        for seat, data in stored:
            replayed = GAME.replay(replayed, seat, GAME.decode_move(data))
        assert GAME.dumps(replayed) == GAME.dumps(state) and GAME.outcome(state) is not None
    assert tracks
