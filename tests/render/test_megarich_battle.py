"""巨富豪∞'s battle replay and summary (render/megarich_battle.py): an animation far under Discord's upload limit
with two frames a tick, a summary image that ranks the wonders in Chinese with real glyphs, both from the result."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bench.megarich_battle import BUILDS, wonder
from games.core.rng import Rng
from games.megarich.battle import BattleResult, Effect, EffectKind, Wonder, fight
from render import fonts, recording
from render.animation import DISCORD_UPLOAD_LIMIT
from render.megarich_battle import ANIMATION_BYTES, battle_animation, battle_frames, battle_summary, summary_lines

NAMES = ["阿明", "Bea", "小红", "Dmitri", "Éloïse", "王五"]
WONDERS = ["天空之塔", "Sky Arch", "琉璃宫", "Iron Dome", "月光桥", "云梯"]


def six(seed: str = "render") -> BattleResult:
    builds = list(BUILDS.values())[:6]
    return fight([wonder(s, cp, name=WONDERS[s]) for s, cp in enumerate(builds)], Rng.from_seed(seed))


def walls() -> BattleResult:
    """A battle that runs to the 40-tick cap: the longest replay there is."""
    return fight([Wonder(s, 100_000, 10, 400, 5 * s, (Effect(EffectKind.REGEN, 30),)) for s in range(6)],
                 Rng.from_seed(1))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_ruling_R15_the_replay_is_an_animation_far_under_the_upload_limit(lang: str) -> None:
    result = six()
    frames, durations = battle_frames(result, lang, NAMES)
    assert len(frames) == len(durations) == 2 * result.ticks + 2
    data, ext = battle_animation(result, lang, NAMES)
    assert ext in {"png", "gif"}
    assert len(data) <= ANIMATION_BYTES < DISCORD_UPLOAD_LIMIT
    image = Image.open(io.BytesIO(data))
    assert image.is_animated and image.n_frames >= result.ticks + 2
    assert image.size == frames[0].size
    longest = walls()
    assert longest.timed_out and longest.ticks == 40
    data, _ = battle_animation(longest, lang, NAMES)
    assert len(data) <= ANIMATION_BYTES


def test_ruling_R15_the_replay_shows_each_tick_and_the_winner() -> None:
    result = six()
    with recording() as drawn:
        battle_frames(result, "zh", NAMES)
    shown = [d.text for d in drawn]
    assert {f"第 {n} 回合" for n in range(1, result.ticks + 1)} <= set(shown)
    assert f"{NAMES[result.winner]} 赢得竞标" in shown
    assert any(t.startswith("−") for t in shown)      # the damage of the hits


def test_ruling_R15_the_summary_ranks_the_wonders_in_chinese() -> None:
    result = six()
    with recording() as drawn:
        png = battle_summary(result, "zh", NAMES)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.width >= 600
    shown = [d.text for d in drawn]
    assert "竞标结果" in shown and "剩余稳定性" in shown
    rows = [d for d in drawn if d.text in NAMES]
    assert [d.text for d in sorted(rows, key=lambda d: d.xy[1]) if d.xy[1] > 100] == \
        [NAMES[s] for s in result.ranking]
    assert set(WONDERS) <= set(shown)
    face, _ = fonts.font_for("竞标结果剩余稳定性", 26)
    assert fonts.covers(face, "竞标结果剩余稳定性")
    lines = summary_lines(result, "zh", NAMES)
    assert lines[0].startswith(f"{NAMES[result.winner]} 赢得竞标") and len(lines) == 7
    assert summary_lines(result, "en")[1].startswith(f"1. Player {result.winner + 1}")
