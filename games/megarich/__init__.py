"""巨富豪∞ (Megarich∞), being built (issue 20): listed in ``games/registry.py`` among the titles in development
(playable by id, run by the contract suite, not offered in lobbies).

The parts: the board (a wrapped hex map of real places), the tram's movement odds and the dice, the gathering phase,
the inspiration blocks and the wonder's stats, the design board and the design phase, the bidding battle;
:mod:`games.megarich.game` plays them end to end. ``docs/rules/megarich.md`` collects the rules and rulings.
"""

from .game import GAME

__all__ = ["GAME"]
