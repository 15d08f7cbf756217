"""巨富豪∞ (Megarich∞), the fifth title (issue 20): gather inspiration on a wrapped map of real places, design a wonder
in secret, win the bidding battle.

The parts: the board (a wrapped hex map of real places), the tram's movement odds and the dice, the gathering phase,
the inspiration blocks and the wonder's stats, the design board and the design phase, the bidding battle;
:mod:`games.megarich.game` plays them end to end. ``docs/rules/megarich.md`` collects the rules and rulings.
"""

from .game import GAME

__all__ = ["GAME"]
