"""The Landlord's Game (Elizabeth Magie) with the Prosperity rules. Rules: docs/rules/landlords.md."""

from .game import LandlordsGame

GAME = LandlordsGame()

__all__ = ["GAME", "LandlordsGame"]
