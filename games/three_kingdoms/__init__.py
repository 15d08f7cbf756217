"""Three Kingdoms (逐鹿): a rondel game of late-Han lords. Rules: docs/rules/three-kingdoms.md."""

from .game import ThreeKingdomsGame

GAME = ThreeKingdomsGame()

__all__ = ["GAME", "ThreeKingdomsGame"]
