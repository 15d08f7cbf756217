"""Ruling R69: what the others read when a card goes to a hand (the hand is its owner's, ruling R68)."""

from __future__ import annotations

from games.core import Event, Rng
from games.core.events import visible_events
from games.megarich import GAME
from games.megarich.items import catalogue

HAND_TIMINGS = {"consumable", "permanent"}


def gains(kind: str, *, seeds: int = 60) -> list[tuple[int, Event]]:
    """``(players, event)`` for every ``kind`` event of seeded 4-bot games."""
    found = []
    for seed in range(seeds):
        state = GAME.setup(4, {"days": 3}, seed)
        rng = Rng.from_seed(f"r69:{seed}")
        while not GAME.is_over(state) and state.phase == "gathering":
            seat = sorted(GAME.to_act(state))[0]
            applied = GAME.apply(state, seat, GAME.bot_move(state, seat, rng))
            found += [(4, e) for e in applied.events if e.kind == kind]
            state = applied.state
    return found


def test_ruling_69_a_card_gained_into_a_hand_is_named_to_its_owner_only() -> None:
    seen = gains("gather.item")
    into_hand = [e for _, e in seen if catalogue()[e.params["item"]].timing in HAND_TIMINGS]
    openly = [e for _, e in seen if catalogue()[e.params["item"]].timing not in HAND_TIMINGS]
    assert into_hand and openly, "the games gained cards of both kinds"
    for event in into_hand:
        owner = event.params["seat"]
        assert visible_events([event], owner) == [Event(event.kind, event.params)]
        for viewer in [None, *(s for s in range(4) if s != owner)]:
            shown = visible_events([event], viewer)
            assert [e.kind for e in shown] == ["gather.item_hidden"] and "item" not in shown[0].params
            text = GAME.describe(shown[0], "en")
            assert catalogue()[event.params["item"]].name("en") not in text and "{" not in text
    for event in openly:  # a triggered item or a buff is played openly: everyone reads its name
        assert all(visible_events([event], viewer) == [event] for viewer in (None, 0, 1, 2, 3))


def test_ruling_69_a_card_bought_into_a_hand_shows_the_others_its_price_not_its_name() -> None:
    bought = [e for _, e in gains("gather.bought", seeds=120)]
    assert any(e.seats for e in bought) and any(e.seats is None for e in bought), "the bots shopped both kinds"
    for event in bought:
        owner = event.params["seat"]
        if catalogue()[event.params["item"]].timing not in HAND_TIMINGS:
            assert event.seats is None
            continue
        for viewer in [None, *(s for s in range(4) if s != owner)]:
            (shown,) = visible_events([event], viewer)
            assert shown.kind == "gather.bought_hidden" and shown.params == {"seat": owner,
                                                                            "price": event.params["price"]}
            assert "{" not in GAME.describe(shown, "zh")
