"""18 Royal Gorge (18RoyalGorge): an 18xx railroad game of Fremont County, Colorado. Data: content/, data/;
rules reference: docs/rules/royal-gorge.md."""

from .game import GAME

__all__ = ["GAME"]
