"""巨富豪∞ (Megarich∞), being built (issue 20): not registered as a title yet.

The parts land one by one, each with its tests, before the game is offered in lobbies: the board
(a wrapped hex map of real places), the tram's movement odds and the dice, the design board's
geometry. ``docs/rules/megarich.md`` collects the rules and rulings as they land.
"""
