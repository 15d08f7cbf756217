"""The shared contract suite: every registered title must pass all of it (DESIGN: Tests §1).

``TABULA_PLAYOUTS`` sets the number of seeded random playouts per title (default 200).
"""

from __future__ import annotations

import os
import string
from typing import Any

import msgspec
import pytest

from games.core import Event, Game, GameError, NotYourTurn, Rng, visible_events
from games.registry import all_games
from tests.support.playout import play, replay, to_json

PLAYOUTS = int(os.environ.get("TABULA_PLAYOUTS", "200"))
CHUNK = 25
GAMES = all_games()
IDS = [g.meta.id for g in GAMES]


def player_counts(game: Game[Any, Any]) -> list[int]:
    return list(range(game.meta.min_players, game.meta.max_players + 1))


def seats_for(game: Game[Any, Any], seed: int) -> int:
    counts = player_counts(game)
    return counts[seed % len(counts)]


@pytest.mark.parametrize("chunk", range(0, PLAYOUTS, CHUNK))
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_random_playouts_reach_an_outcome(game: Game[Any, Any], chunk: int) -> None:
    """Seeded random playouts end; legal moves are sorted, non-empty and round-trip; invariants hold."""
    for seed in range(chunk, min(chunk + CHUNK, PLAYOUTS)):
        result = play(game, seats_for(game, seed), seed)
        outcome = game.outcome(result.final)
        assert outcome is not None
        assert sorted(s.seat for s in outcome.standings) == list(range(result.players))
        assert min(s.rank for s in outcome.standings) == 1
        assert game.to_act(result.final) == frozenset()
        for seat in range(result.players):
            assert game.legal_moves(result.final, seat) == []


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_bots_finish_games(game: Game[Any, Any]) -> None:
    for seed in range(6):
        result = play(game, seats_for(game, seed), 1000 + seed, bots=True)
        assert game.outcome(result.final) is not None


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_replay_from_log_equals_live_state(game: Game[Any, Any]) -> None:
    for seed in range(8):
        result = play(game, seats_for(game, seed), 500 + seed)
        assert game.dumps(replay(game, result)) == game.dumps(result.final)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_same_seed_same_game(game: Game[Any, Any]) -> None:
    a = play(game, game.meta.max_players, 77)
    b = play(game, game.meta.max_players, 77)
    assert a.log == b.log
    assert game.dumps(a.final) == game.dumps(b.final)
    c = play(game, game.meta.max_players, 78)
    assert game.dumps(c.final) != game.dumps(a.final)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_serialisation_round_trips(game: Game[Any, Any]) -> None:
    result = play(game, game.meta.max_players, 3, keep_states=True)
    for state in result.states[:: max(1, len(result.states) // 40)]:
        data = game.dumps(state)
        assert game.dumps(game.loads(data)) == data
        view = game.view(state, 0)
        assert msgspec.json.decode(to_json(view)) is not None


def _views_equal(game: Game[Any, Any], a: Any, b: Any, seat: int | None) -> bool:
    return to_json(game.view(a, seat)) == to_json(game.view(b, seat))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_no_view_or_event_leaks_another_seats_secrets(game: Game[Any, Any]) -> None:
    """Scramble one seat's secrets: nobody else's view, nor events they see, may change."""
    rng = Rng.from_seed("leaks")
    scrambled_any = 0
    for seed in range(3):
        players = max(2, game.meta.min_players) if seed else game.meta.max_players
        result = play(game, players, 900 + seed, keep_states=True)
        for index, state in enumerate(result.states[:: max(1, len(result.states) // 60)]):
            for secret_of in [None, *range(players)]:
                other = game.scramble(state, secret_of, rng)
                if other is None:
                    continue
                scrambled_any += 1
                if secret_of is not None:
                    assert not _views_equal(game, state, other, secret_of), \
                        "scramble changed nothing the owner can see"
                viewers = [v for v in [None, *range(players)] if v != secret_of]
                for viewer in viewers:
                    assert _views_equal(game, state, other, viewer), \
                        f"view of {viewer} depends on secrets of {secret_of} (state {index})"
                _check_events_do_not_leak(game, state, other, viewers, rng)
    assert scrambled_any, "the title never reported any hidden information to scramble"


def _check_events_do_not_leak(game: Game[Any, Any], state: Any, other: Any,
                              viewers: list[int | None], rng: Rng) -> None:
    acting = sorted(game.to_act(state))
    if not acting:
        return
    seat = acting[rng.below(len(acting))]
    legal = game.legal_moves(state, seat)
    move = legal[rng.below(len(legal))]
    try:
        mine = game.apply(state, seat, move)
        theirs = game.apply(other, seat, move)
    except GameError:
        return
    for viewer in viewers:
        if not _views_equal(game, mine.state, theirs.state, viewer):
            continue  # the move itself revealed the secret to this viewer
        seen_a = _event_json(visible_events(mine.events, viewer))
        seen_b = _event_json(visible_events(theirs.events, viewer))
        assert seen_a == seen_b, f"events seen by {viewer} leak a secret after {move}"


def _event_json(events: list[Event]) -> bytes:
    return to_json(events)


GARBAGE = ["", "   ", "🂡", "drop table tables;", "x" * 500, "0", "-1", "pick", "pick -3",
           "place", "build 99999999999999999999", "\x00\x01", "移动 9", "done done", "take nothing",
           "pass 3 4 5", "{'a': 1}", "１２３", "roll 999", "bid -50", "bid abc"]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_garbage_and_illegal_input_change_nothing(game: Game[Any, Any]) -> None:
    rng = Rng.from_seed("garbage")
    result = play(game, game.meta.max_players, 11, keep_states=True)
    alphabet = string.printable + "中文卡牌金币"
    for state in result.states[:: max(1, len(result.states) // 25)]:
        before = game.dumps(state)
        acting = sorted(game.to_act(state))
        allowed = game.may_act(state)
        assert set(acting) <= allowed, "a seat that must act is not allowed to"
        samples = list(GARBAGE) + [
            "".join(rng.choice(alphabet) for _ in range(rng.between(1, 30))) for _ in range(15)]
        for seat in range(result.players):
            legal_texts = {str(m) for m in game.legal_moves(state, seat)}
            for text in samples:
                if text.strip().lower() in legal_texts:
                    continue
                with pytest.raises(GameError) as caught:
                    game.apply(state, seat, text)
                assert caught.value.key
                for lang in ("en", "zh"):
                    message = game.error_text(caught.value, lang)
                    assert message and not message.startswith("error.")
                assert game.dumps(state) == before
            if seat not in allowed and acting:
                some = game.legal_moves(state, acting[0])
                if some and str(some[0]) not in legal_texts:
                    with pytest.raises(NotYourTurn):
                        game.apply(state, seat, some[0])
                    assert game.dumps(state) == before


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_event_and_error_key_has_text_in_both_languages(game: Game[Any, Any]) -> None:
    seen: set[str] = set()
    for seed in range(4):
        result = play(game, seats_for(game, seed), 300 + seed)
        state = game.setup(result.players, result.options, result.seed)
        for seat, text in result.log:
            applied = game.apply(state, seat, text)
            for event in applied.events:
                for shown in (event, event.public):
                    if shown is not None:
                        seen.add(f"event.{shown.kind}")
            state = applied.state
    for key in sorted(seen):
        for lang in ("en", "zh"):
            assert game.catalog.template(key, lang) is not None, f"{key} has no {lang} text"
            assert key in game.catalog.keys(lang), f"{key} missing in {lang}"
    en = {k for k in game.catalog.keys("en") if k.startswith(("event.", "error."))}
    zh = {k for k in game.catalog.keys("zh") if k.startswith(("event.", "error."))}
    assert en == zh, f"keys only in one language: {sorted(en ^ zh)}"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_metadata_is_complete(game: Game[Any, Any]) -> None:
    meta = game.meta
    assert meta.names.get("en") and meta.names.get("zh")
    assert 1 <= meta.min_players <= meta.max_players
    for option in meta.options:
        assert option.names.get("en") and option.names.get("zh")
        assert option.coerce(option.default) == option.default
    assert os.path.exists(meta.rules_reference), meta.rules_reference


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_move_labels_read_as_words_in_both_languages(game: Game[Any, Any]) -> None:
    """Menus and autocomplete show labels: never a raw message key or an unfilled {placeholder}."""
    result = play(game, game.meta.max_players, 21, keep_states=True)
    checked = 0
    for state in result.states[:: max(1, len(result.states) // 30)]:
        for seat in sorted(game.may_act(state)):
            for move in game.legal_moves(state, seat)[:40]:
                for lang in ("en", "zh"):
                    label = game.move_label(state, seat, move, lang)
                    assert label.strip() and "{" not in label and "move." not in label, label
                    checked += 1
    assert checked
