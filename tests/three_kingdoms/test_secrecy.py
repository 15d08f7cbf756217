"""Hands are private (ruling R8), also a card a talent puts into another player's hand (R20): the shared
secrecy checks of the contract suite, run on the very position after such a card changed hands."""

from __future__ import annotations

from games.core import Rng
from games.three_kingdoms import GAME
from tests.support.secrecy import check_moves_both_ways, check_public_surface, check_scramble

from .helpers import aim, table, to_hand


def test_a_card_given_into_a_hand_is_seen_by_its_new_owner_only() -> None:
    t = table("caocao", "yuanshao", "liubei")
    to_hand(t.s, 0, "se05")  # Mi Fang: played, then put into another player's hand
    aim(t.s, "se05", 1, "sell", "log")
    t.do(0, "play se05")
    t.do(0, "skip sell")
    t.do(0, "skip log")
    t.do(0, "give liubei")
    assert "se05" in t.seat(2).hand
    assert GAME.view(t.s, 2).seats[2].hand == t.seat(2).hand
    for viewer in (None, 0, 1):
        assert GAME.view(t.s, viewer).seats[2].hand is None  # others see the size only
    rng = Rng.from_seed("give-secrecy")
    for owner in (2, None):
        for other in check_scramble(GAME, t.s, owner, 3, rng):
            check_public_surface(GAME, t.s, other, owner, 3)
            check_moves_both_ways(GAME, t.s, other, owner, 3, rng)
