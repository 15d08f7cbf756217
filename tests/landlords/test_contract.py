"""Contract checks on seeded random and bot playouts: money is conserved at every step, replay
from the notation log reproduces the state, views hide other seats' cash and bids, garbage input
changes nothing, and every game reaches a result."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

from games.core import Applied, Event, GameError, Rng, visible_events
from games.landlords import GAME
from games.landlords.state import LandlordsState

Check = Callable[[LandlordsState, int, Any, list[Event]], None]
MAX_MOVES = 20_000
BOT_ROUND_LIMIT = 150


def _options(seed: int) -> tuple[int, dict[str, Any]]:
    """Default options mostly (no round limit: games end by the rules); some Prosperity tables,
    some with a round limit, and play-on tables, which need one (playing on ends when the players
    agree to stop or at the limit, §11.12), and a few tables of edition 1 (R32)."""
    players = 1 + seed % 4
    options: dict[str, Any] = {}
    if seed % 5 == 1:
        options["prosperity"] = True
    if seed % 7 == 2:
        options["play_on"] = True
        options["round_limit"] = 20
    if seed % 3 == 0:
        options["round_limit"] = 12
    if seed % 11 == 4:
        options["edition"] = 1
    return players, options


def for_bots(options: dict[str, Any]) -> dict[str, Any]:
    """Bots acting in their own interest may never bring the poorest player to $700 once the
    Prosperity rules are in force (issue 22: bench/landlords.py, ruling R24), so a table of bots
    gets a round limit (§1.5) far beyond the 60 rounds the $2,000 win takes, if it has none."""
    return options if options.get("round_limit") else {**options, "round_limit": BOT_ROUND_LIMIT}


def playout(seed: int, players: int, options: dict[str, Any], bots: bool = False,
            check: Check | None = None,
            anyone: bool = False) -> tuple[LandlordsState, list[tuple[int, str]]]:
    """Play to the end with random (or bot) moves; returns the final state and the notation log.

    ``anyone``: the mover is drawn from every seat that *may* act, so out-of-turn deals happen.
    """
    if bots:
        options = for_bots(options)
    state = GAME.setup(players, options, seed)
    rng = Rng.from_seed(f"driver-{seed}")
    total = state.money()
    log: list[tuple[int, str]] = []
    for _ in range(MAX_MOVES):
        acting = sorted(GAME.to_act(state))
        if not acting:
            break
        seat = rng.choice(sorted(GAME.may_act(state)) if anyone else acting)
        legal = GAME.legal_moves(state, seat)
        assert legal, f"seat {seat} must act but has no legal move"
        move = GAME.bot_move(state, seat, rng) if bots else rng.choice(legal)
        applied = GAME.apply(state, seat, move)
        log.append((seat, str(move)))
        state = applied.state
        assert state.money() == total, "money must be conserved"
        assert all(p.cash >= 0 for p in state.seats)
        if check:
            check(state, seat, move, applied.events)
    else:  # pragma: no cover
        pytest.fail(f"seed {seed} did not end")
    assert state.end is not None and GAME.outcome(state) is not None
    return state, log


def _round_trip(state: LandlordsState, seat: int, move: Any, events: list[Event]) -> None:
    assert GAME.loads(GAME.dumps(state)) == state


@pytest.mark.parametrize("seed", range(60))
def test_random_playouts_conserve_money_and_end(seed: int) -> None:
    players, options = _options(seed)
    state, _ = playout(seed, players, options, check=_round_trip)
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.standings) == players
    assert min(s.rank for s in outcome.standings) == 1


@pytest.mark.parametrize("seed", range(12))
def test_playouts_with_out_of_turn_deals_conserve_money_replay_and_end(seed: int) -> None:
    players, options = _options(seed)
    bots = seed % 2 == 1
    live, log = playout(seed, players, options, check=_round_trip, anyone=True, bots=bots)
    replay = GAME.setup(players, for_bots(options) if bots else options, seed)
    out_of_turn = 0
    for seat, text in log:
        out_of_turn += seat not in GAME.to_act(replay)
        replay = GAME.apply(replay, seat, text).state
    assert GAME.dumps(replay) == GAME.dumps(live)
    assert players == 1 or out_of_turn > 0


@pytest.mark.parametrize("seed", range(0, 60, 6))
def test_replay_from_the_notation_log_equals_the_live_state(seed: int) -> None:
    players, options = _options(seed)
    live, log = playout(seed, players, options)
    replay = GAME.setup(players, options, seed)
    for seat, text in log:
        move = GAME.parse(replay, seat, text)
        assert str(move) == text
        replay = GAME.apply(replay, seat, move).state
    assert GAME.dumps(replay) == GAME.dumps(live)


def _views_hide_cash(state: LandlordsState, seat: int, move: Any, events: list[Event]) -> None:
    if state.end is not None:  # everything is revealed at the end: nothing to scramble
        assert GAME.scramble(state, 0, Rng(1)) is None
        return
    rng = Rng.from_seed(GAME.dumps(state).hex()[:16])
    for secret in range(state.players):
        other = GAME.scramble(state, secret, rng)
        assert other is not None and other.money() == state.money()
        assert GAME.view(other, secret) != GAME.view(state, secret)
        viewers = [v for v in [None, *range(state.players)] if v != secret]
        for viewer in viewers:
            assert GAME.view(state, viewer).players[secret].cash is None
            assert GAME.view(other, viewer) == GAME.view(state, viewer)
        _same_events_unless_revealed(state, other, secret, viewers)
    hidden = GAME.scramble(state, None, rng)
    assert (hidden is None) == (len(state.deck) < 3)  # the pile's order under its top card
    for viewer in [None, *range(state.players)]:
        assert hidden is None or GAME.view(hidden, viewer) == GAME.view(state, viewer)
    for event in events:
        for viewer in range(state.players):
            seen = event.for_viewer(viewer)
            if event.kind in ("sealed_bid", "sealed_pass") and viewer not in (event.seats or ()):
                assert seen is None or (seen.kind == "sealed_answer" and set(seen.params) == {"seat"})


def _attempt(state: LandlordsState, seat: int, move: Any) -> Applied[LandlordsState] | GameError:
    try:
        return GAME.apply(state, seat, move)
    except GameError as error:
        return error


def _same_events_unless_revealed(state: LandlordsState, other: LandlordsState, secret: int,
                                 viewers: list[int | None]) -> None:
    """The same move on the scrambled state shows every viewer the same events, unless the move
    revealed the secret — and then that viewer's view shows it (ruling R22). Another seat's move
    succeeds on both states or on neither (the owner's own choices may depend on his cash)."""
    for seat in sorted(GAME.to_act(state)):
        for move in GAME.legal_moves(state, seat):
            mine, theirs = _attempt(state, seat, move), _attempt(other, seat, move)
            if seat != secret:
                assert isinstance(mine, GameError) == isinstance(theirs, GameError), \
                    f"{move} by {seat} depends on the cash of {secret}"
            if isinstance(mine, GameError) or isinstance(theirs, GameError):
                continue
            for viewer in viewers:
                if GAME.view(mine.state, viewer) != GAME.view(theirs.state, viewer):
                    continue
                assert visible_events(mine.events, viewer) == visible_events(theirs.events, viewer)


@pytest.mark.parametrize("seed", range(8))
def test_no_view_shows_another_seats_cash_or_sealed_bid(seed: int) -> None:
    playout(100 + seed, 2 + seed % 3, {"round_limit": 8}, check=_views_hide_cash)


GARBAGE = ["", "   ", "xyzzy", "bid", "bid -5", "bid 999999999", "bid 10", "improve 99",
           "offer 9 sell 1 for 5", "offer 2 swap 1 for 99", "roll roll", "sell y9", "sell 31",
           "declare 99999999", "auction 0", "vote prosperity maybe", "redeem 31", "unsign 1",
           "challenge", "plead", "ride", "buy", "\u6295\u7968", "declare -1"]


def _garbage(state: LandlordsState, seat: int, move: Any, events: list[Event]) -> None:
    if state.end is not None or state.turn % 3:
        return
    before = GAME.dumps(state)
    acting = GAME.to_act(state)
    legal = {str(m) for s in acting for m in GAME.legal_moves(state, s)}
    for text in GARBAGE:
        for who in range(state.players):
            if who in acting and text in legal:
                continue
            with pytest.raises(GameError):
                GAME.apply(state, who, text)
    assert GAME.dumps(state) == before


@pytest.mark.parametrize("seed", range(4))
def test_garbage_input_raises_and_changes_nothing(seed: int) -> None:
    playout(200 + seed, 3, {"round_limit": 6}, check=_garbage)


def test_bots_play_to_a_result() -> None:
    """`tabula play landlords --players 4 --bots 4 --seed 1` in engine terms."""
    state, _ = playout(1, 4, {}, bots=True)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners


@pytest.mark.parametrize("seed", range(20))
def test_bot_games_end(seed: int) -> None:
    players, options = _options(seed)
    playout(seed, players, options, bots=True)


def _texts(state: LandlordsState, seat: int, move: Any, events: list[Event]) -> None:
    for event in events:
        for lang in ("en", "zh"):
            assert GAME.catalog.template(f"event.{event.kind}", lang) is not None, event.kind
            text = GAME.describe(event, lang)
            assert "{" not in text, text


def test_every_event_has_an_english_and_chinese_text() -> None:
    for seed in range(6):
        playout(300 + seed, 4, {"round_limit": 10}, check=_texts)
    en, zh = GAME.catalog.messages["en"], GAME.catalog.messages["zh"]
    assert set(en) == set(zh)


def test_every_error_key_has_a_text() -> None:
    source = Path(__file__).parents[2] / "games" / "landlords"
    keys = set()
    for path in source.glob("*.py"):
        keys |= set(re.findall(r'"(error\.[a-z_]+)"', path.read_text(encoding="utf-8")))
    for key in keys:
        for lang in ("en", "zh"):
            assert GAME.catalog.messages[lang].get(key), (key, lang)


def test_engine_imports_no_io_libraries() -> None:
    source = Path(__file__).parents[2] / "games" / "landlords"
    for path in source.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert name.split(".")[0] not in {"discord", "sqlmodel", "sqlalchemy", "PIL"}


def test_legal_moves_from_fixed_positions() -> None:
    state = GAME.setup(2, {}, 1)
    assert [str(m) for m in GAME.legal_moves(state, 0)] == ["roll", "vote prosperity yes"]
    assert GAME.legal_moves(state, 1) == []
    state.owner[31] = 0
    moves = [str(m) for m in GAME.legal_moves(state, 0)]
    assert moves == ["improve 31", "offer 2 mortgage 31 for 150", "offer 2 sell 31 for 300",
                     "roll", "sign 31", "vote prosperity yes"]


def test_moves_round_trip_through_json_and_notation() -> None:
    state = GAME.setup(3, {}, 5)
    state.owner[31] = 0
    for move in GAME.legal_moves(state, 0):
        assert msgspec.json.decode(msgspec.json.encode(move), type=type(move)) == move
        assert GAME.parse(state, 0, str(move)) == move


def test_invariants_hold_and_catch_breakage() -> None:
    state = GAME.setup(3, {}, 2)
    assert GAME.invariants(state) == []
    state.seats[0].cash += 1
    state.deck.pop()
    assert len(GAME.invariants(state)) == 2


def test_only_pre_roll_housekeeping_is_reversible() -> None:
    state = GAME.setup(2, {}, 2)
    state.owner[31] = 0
    improved = GAME.apply(state, 0, "improve 31")
    assert not GAME.irreversible(improved.events)
    assert GAME.irreversible(GAME.apply(improved.state, 0, "roll").events)


def test_summary_and_names_in_both_languages() -> None:
    state, _ = playout(5, 3, {"round_limit": 3})
    live = GAME.setup(3, {}, 5)
    for lang in ("en", "zh"):
        lines = GAME.summarize(GAME.view(live, 1), lang)
        assert len(lines) >= 5 and not any("{" in line for line in lines)
        assert GAME.summarize(GAME.view(state, None), lang)
    event = Event("paid", {"seat": 0, "amount": 5, "to": 1, "reason": "rent"})
    assert GAME.describe(event, "en", ["Ann", "Bob"]) == "Ann pays $5 to Bob (rent)."
