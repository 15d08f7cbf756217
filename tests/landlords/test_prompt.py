"""Play experience §4: the table says what is asked ("challenge Alice's tax declaration or let it stand")."""

from __future__ import annotations

from games.landlords import GAME
from games.landlords.board import board

from .helpers import own, place, table


def test_each_step_says_what_it_asks_in_both_languages() -> None:
    t = table(3)
    assert "roll the dice" in (GAME.prompt(t.s, 0, "en") or "")
    assert GAME.prompt(t.s, 1, "en") is None  # not asked
    place(t, 0, 3)
    t.roll(0, 1, 2)  # Soakem: the lander's open first bid
    asked = GAME.prompt(t.s, 0, "en", ["Ann", "Bo", "Cy"]) or ""
    assert asked.startswith("open the bidding for") and "Soakem" in asked
    t.do(0, "bid 200")
    sealed = GAME.prompt(t.s, 1, "zh") or ""
    assert "暗标" in sealed and "200" in sealed


def test_a_challenge_names_the_declarer() -> None:
    t = table(3)
    declare = next(n for n, space in enumerate(board().spaces) if space.kind == "personal_tax")
    place(t, 0, declare - 2)
    t.roll(0, 1, 1)
    assert "declare your cash" in (GAME.prompt(t.s, 0, "en") or "")
    t.do(0, "declare 100")
    asked = GAME.prompt(t.s, 1, "en", ["Ann", "Bo", "Cy"]) or ""
    assert asked == "challenge Ann's tax declaration or let it stand"


def test_suggestions_put_the_usual_move_first() -> None:
    """Play experience §5: roll before twenty trade offers, in completion and menus."""
    t = table(3)
    own(t, 0, 31)  # a lot to offer the others
    legal = [str(m) for m in GAME.legal_moves(t.s, 0)]
    assert any(m.startswith("offer") for m in legal) and legal[0] != "roll"  # notation order buries it
    suggested = [o.token for o in GAME.complete(t.s, 0, "", "en")]
    assert suggested[0] == "roll"
    offers = [n for n, m in enumerate(suggested) if m.startswith("offer")]
    others = [n for n, m in enumerate(suggested) if not m.startswith("offer")]
    assert not offers or max(others) < min(offers)
