"""Issue 21, newcomers: what a first-time player reads. The lot on offer with its face value and income; players
by name, not ``#1``; a move of another round refused with the round it is played in; a stock prompt that offers
selling exactly when a sale is legal (stock round 1 under ``18xx``: never); each railroad's last run in the view.
The console's side is tests/bot/test_console_newcomers.py, the board's tests/render/test_royal_gorge_labels.py."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import GameError, Rng
from games.royal_gorge import GAME
from games.royal_gorge.content import content
from games.royal_gorge.moves import Sell
from games.royal_gorge.state import AuctionF, RGState, StockF

from .test_rulings import _trade_table
from .test_stock import play

NAMES = ["Ann", "Bo", "Cy", "Di"]


def played(players: int, seed: int, ruleset: str = "bga") -> list[tuple[RGState, int, Any]]:
    """A bot game: (state, seat, move) before every move, and the final state with seat -1."""
    state = GAME.setup(players, {"ruleset": ruleset}, seed)
    rng = Rng.from_seed(f"newcomers-{seed}")
    out: list[tuple[RGState, int, Any]] = []
    while GAME.to_act(state):
        seat = sorted(GAME.to_act(state))[0]
        move = GAME.bot_move(state, seat, rng)
        out.append((state, seat, move))
        state = GAME.apply(state, seat, move).state
    out.append((state, -1, None))
    return out


@pytest.mark.parametrize("lang, face, income", [("en", "face value ${}", "income ${}"), ("zh", "面值 ${}", "收入 ${}")])
def test_the_lot_on_offer_is_named_with_its_face_value_and_income(lang: str, face: str, income: str) -> None:
    state = GAME.setup(3, {}, 4)
    top = state.stack[-1]
    assert isinstance(top, AuctionF)
    lot = content().privates[top.lots[0]]
    prompt = GAME.prompt(state, sorted(GAME.to_act(state))[0], lang, NAMES)
    summary = GAME.summarize(GAME.view(state, 0), lang, NAMES)[0]
    for text in (prompt, summary):
        assert text is not None and lot.name(lang) in text
        assert face.format(lot.value) in text and income.format(lot.revenue) in text, text


def test_players_are_named_in_the_summary_not_numbered() -> None:
    states = played(4, 2)
    stock = next(s for s, _, _ in states if isinstance(s.stack[-1], StockF))
    operating = next(s for s, _, _ in states if s.round == "operating")
    for state in (states[0][0], stock, operating):
        lines = GAME.summarize(GAME.view(state, None), "en", NAMES)
        text = "\n".join(lines)
        assert "#1" not in text and "#2" not in text, text
        assert all(any(line.startswith(f"{name}:") for line in lines) for name in NAMES)
    started = [c for c in operating.corps.values() if c.kind == "rail" and c.president >= 0]
    lines = GAME.summarize(GAME.view(operating, None), "en", NAMES)
    assert any(f"president {NAMES[started[0].president]}" in line for line in lines)


@pytest.mark.parametrize("notation, round_", [("lay l14 57 r5", "operating round"), ("sell rg 1", "stock round"),
                                              ("accept", "train is offered")])
def test_a_move_of_another_round_is_refused_with_the_round_it_is_played_in(notation: str, round_: str) -> None:
    state = GAME.setup(3, {}, 1)  # the private auction
    seat = sorted(GAME.to_act(state))[0]
    before = GAME.dumps(state)
    with pytest.raises(GameError) as refused:
        GAME.apply(state, seat, notation)
    text = GAME.error_text(refused.value, "en", NAMES)
    assert round_ in text and "private auction" in text, text
    assert "运营轮" in GAME.error_text(refused.value, "zh", NAMES) or round_ != "operating round"
    assert GAME.dumps(state) == before


def test_a_pass_is_no_move_of_another_round() -> None:
    """Every round has a pass; where a step takes none (a train offer), it is refused as not playable there."""
    state = GAME.setup(3, {}, 1)
    seat = sorted(GAME.to_act(state))[0]
    assert GAME.unavailable(state, seat, "pass", "en", NAMES) is None
    offer = play(_trade_table("bga"), (0, "train 2+ from kp 40"))  # KP's president (seat 1) answers
    with pytest.raises(GameError) as refused:
        GAME.apply(offer, 1, "pass")
    assert GAME.error_text(refused.value, "en", NAMES) == "“pass” cannot be played at this step."


def test_a_prefix_of_another_round_says_why_nothing_matches() -> None:
    state = GAME.setup(3, {}, 1)
    seat = sorted(GAME.to_act(state))[0]
    assert GAME.complete(state, seat, "lay", "en") == []
    why = GAME.unavailable(state, seat, "lay", "en", NAMES)
    assert why is not None and "operating round" in why and "private auction" in why
    assert GAME.unavailable(state, seat, "bid", "en", NAMES) is None  # bids are played now


@pytest.mark.parametrize("ruleset", ["bga", "18xx"])
def test_the_stock_prompt_offers_selling_exactly_when_a_sale_is_legal(ruleset: str) -> None:
    """Stock round 1 under ``18xx`` has no sales (rules.toml first_round_sales); under ``bga`` a player may sell in
    it what he holds. Every stock turn of two bot games: "sell" is in the prompt iff a Sell is legal."""
    seen = {True: 0, False: 0}
    first_round_sales = 0
    for seed in (1, 2):
        for state, seat, _ in played(4, seed, ruleset):
            if seat < 0 or not isinstance(state.stack[-1], StockF):
                continue
            legal = any(isinstance(m, Sell) for m in GAME.legal_moves(state, seat))
            prompt = GAME.prompt(state, seat, "en", NAMES)
            assert prompt is not None and ("sell" in prompt) == legal, (state.turn, prompt)
            assert ("卖出" in (GAME.prompt(state, seat, "zh", NAMES) or "")) == legal
            seen[legal] += 1
            first_round_sales += legal and state.turn == 1
    assert seen[True] and seen[False]
    if ruleset == "18xx":
        assert first_round_sales == 0


def test_each_railroad_shows_its_last_run_paid_out_or_withheld() -> None:
    """The view carries each railroad's latest run (gold included) and whether it was paid, as the events said."""
    last: dict[str, tuple[int, bool]] = {}
    checked = 0
    for state, seat, move in played(4, 3):
        view = {c.id: c for c in GAME.view(state, None).corps}
        for corp, (amount, paid) in last.items():
            assert (view[corp].last_revenue, view[corp].last_paid) == (amount, paid)
            checked += 1
        never = [c for c in view.values() if c.kind == "rail" and c.id not in last]
        assert all(c.last_revenue is None for c in never)
        if last and state.round == "operating":  # the console's summary says it too
            text = "\n".join(GAME.summarize(GAME.view(state, None), "en", NAMES))
            for corp, (amount, paid) in last.items():
                assert f"{corp} ({content().railroads[corp].name('en')}): " in text
                assert f"last run ${amount}, {'paid out' if paid else 'withheld'}." in text, (corp, text)
        if seat < 0:
            break
        for event in GAME.apply(state, seat, move).events:
            if event.kind in ("payout", "withheld", "no_run"):
                last[event.params["corp"]] = (event.params["amount"], event.kind == "payout")
    assert checked > 50 and any(paid for _, paid in last.values())
