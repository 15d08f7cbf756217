"""The platform contract for 18 Royal Gorge alone (the shared suite in tests/contract runs it too, with
``GameMeta.playouts`` games): random and bot games end by the rules, keep the invariants, replay from their log,
read their own notation back, and word every event, refusal and label in both languages."""

from __future__ import annotations

import string

import pytest

from games.core import GameError, Rng
from games.registry import get_game
from games.royal_gorge.game import GAME
from tests.support.playout import play, replay


@pytest.mark.parametrize("seed", range(6))
def test_random_games_end_keep_the_invariants_and_replay_from_their_log(seed: int) -> None:
    result = play(GAME, 2 + seed % 3, seed, options={"ruleset": ("bga", "18xx")[seed % 2]})
    outcome = GAME.outcome(result.final)
    assert outcome is not None and sorted(s.seat for s in outcome.standings) == list(range(result.players))
    assert GAME.dumps(replay(GAME, result)) == GAME.dumps(result.final)


@pytest.mark.parametrize("seed", range(3))
def test_bot_games_end_by_the_rules(seed: int) -> None:
    result = play(GAME, 4 - seed % 3, 1000 + seed, bots=True)
    assert result.final.end_reason in ("final_train", "stock_market", "bankrupt")
    for lang in ("en", "zh"):
        assert GAME.summarize(GAME.view(result.final, None), lang)


def test_the_title_is_registered_with_its_renderer_and_rules_reference() -> None:
    game = get_game("royal-gorge")
    assert game is GAME and GAME.meta.renderer == "render.royal_gorge:RENDERER"
    assert GAME.meta.playouts >= 50
    assert get_game("18rg") is GAME


def test_events_refusals_and_labels_read_as_words_in_both_languages() -> None:
    result = play(GAME, 4, 1001, bots=True, keep_states=True)
    state = GAME.setup(result.players, result.options, result.seed)
    for seat, text in result.log:
        applied = GAME.apply(state, seat, text)
        for event in applied.events:
            for lang in ("en", "zh"):
                line = GAME.describe(event, lang)
                assert line and "{" not in line and not line.startswith("event."), (event, lang)
        state = applied.state
    rng = Rng.from_seed("garbage")
    alphabet = string.printable + "中文卡牌金币"
    for state in result.states[:: max(1, len(result.states) // 20)]:
        before = GAME.dumps(state)
        for seat in sorted(GAME.to_act(state)):
            legal = GAME.legal_moves(state, seat)
            for move in legal[:30]:
                for lang in ("en", "zh"):
                    label = GAME.move_label(state, seat, move, lang)
                    assert label.strip() and "{" not in label, label
            texts = {str(m) for m in legal}
            samples = ["lay a1 9 r0", "token z9", "run 2+ l2-l4", "train 9+", "ship", "private y9 10",
                       "pay-debt cfi", "steel z 0", "sell rg 9"]
            samples += ["".join(rng.choice(alphabet) for _ in range(rng.between(1, 20))) for _ in range(5)]
            for text in samples:
                if text in texts:
                    continue
                with pytest.raises(GameError) as caught:
                    GAME.apply(state, seat, text)
                for lang in ("en", "zh"):
                    message = GAME.error_text(caught.value, lang)
                    assert message and not message.startswith("error."), (text, message)
        assert GAME.dumps(state) == before
