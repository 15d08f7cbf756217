"""巨富豪∞: the dice in the box (rules text, 配件: 骰子 × 15) thrown with the game state's seeded generator.

The box holds three of each: 硬币（人像面/数字面） — a coin with a portrait side and a number side — 六面骰, 十面骰,
十二面骰 and 二十面骰. A coin shows a :class:`CoinFace`; a die shows a whole number from 1 to its sides (a d10 reads
1–10: a face printed 0 counts as 10). Each throw is one :meth:`~games.core.rng.Rng.below` draw, so a game that saves
its :class:`~games.core.rng.Rng` replays the same throws.
"""

from __future__ import annotations

from enum import Enum, IntEnum

from games.core.rng import Rng

__all__ = ["DICE_IN_BOX", "CoinFace", "Die", "faces", "flip", "roll", "roll_many"]

DICE_IN_BOX = 3
"""Copies of each kind in the box (3 coins, 3 d6, 3 d10, 3 d12, 3 d20: 骰子 × 15)."""


class CoinFace(Enum):
    """The side a coin shows: ``HEAD`` is 人像面 (the portrait), ``NUMBER`` 数字面 (the number)."""

    HEAD = "head"
    NUMBER = "number"

    @property
    def zh(self) -> str:
        """The face's name in the rules text: 人像 or 数字."""
        return "人像" if self is CoinFace.HEAD else "数字"


class Die(IntEnum):
    """A die of the box, valued by its number of sides."""

    D6 = 6
    D10 = 10
    D12 = 12
    D20 = 20

    @property
    def zh(self) -> str:
        """The die's name in the rules text: 六面骰, 十面骰, 十二面骰, 二十面骰."""
        return {6: "六面骰", 10: "十面骰", 12: "十二面骰", 20: "二十面骰"}[self.value]


_COIN = (CoinFace.HEAD, CoinFace.NUMBER)


def flip(rng: Rng) -> CoinFace:
    """Toss the coin: :attr:`CoinFace.HEAD` or :attr:`CoinFace.NUMBER`, each with chance ½."""
    return _COIN[rng.below(2)]


def roll(rng: Rng, die: Die) -> int:
    """Throw one ``die``: a whole number from 1 to its sides, each equally likely."""
    return 1 + rng.below(int(Die(die)))


def roll_many(rng: Rng, die: Die, count: int) -> tuple[int, ...]:
    """Throw ``count`` dice of one kind (in order: the first value is the first draw)."""
    if count < 0:
        raise ValueError(f"cannot throw {count} dice")
    return tuple(roll(rng, die) for _ in range(count))


def faces(die: Die) -> tuple[int, ...]:
    """Every value ``die`` can show, smallest first."""
    return tuple(range(1, int(Die(die)) + 1))
