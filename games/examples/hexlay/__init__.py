"""Tile Lay (铺轨): an example title with a huge move space (over 10,000 lays per turn). Rules: docs/rules/hexlay.md."""

from .game import HexlayGame

GAME = HexlayGame()

__all__ = ["GAME", "HexlayGame"]
