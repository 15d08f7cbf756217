"""Issue 21, newcomers in the console: ``rules`` shows the rules reference itself (every title), ``moves bid`` and
``moves par rg`` list the amounts and par values of 18 Royal Gorge, and ``moves lay`` outside an operating round
says why nothing is listed."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bot.console import start_local_table
from games.registry import all_games, get_game
from games.royal_gorge.content import content
from service import TableService

ROOT = Path(__file__).parents[2]


def play(service: TableService, game: str, lines: list[str], *, lang: str = "en", players: int = 2) -> str:
    """Type ``lines`` at a fresh table (one person, the rest bots), then quit; what the console printed."""
    out = io.StringIO()
    script = iter([*lines, "quit"])
    code = start_local_table(service, game, players=players, bots=players - 1, seed=1, lang=lang, out=None,
                             read=lambda prompt: next(script), write=out)
    assert code == 0
    return out.getvalue()


@pytest.mark.parametrize("game", sorted(g.meta.id for g in all_games()))
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_rules_shows_the_rules_reference_itself(service: TableService, game: str, lang: str) -> None:
    meta = get_game(game).meta
    reference = (ROOT / meta.reference(lang)).read_text(encoding="utf-8").splitlines()
    text = play(service, game, ["rules"], lang=lang, players=max(2, meta.min_players))
    lines = [line for line in reference if line.strip()]
    heading, middle = lines[0], lines[len(lines) // 2]
    assert heading in text and middle in text, (heading, middle)


def test_moves_bid_lists_the_amounts_of_a_bid_for_the_lot(service: TableService) -> None:
    text = play(service, "royal-gorge", ["moves bid"], players=3)
    lot = next(p for p in content().privates.values() if f"for {p.id} {p.name('en')}" in text)
    bids = [line for line in text.splitlines() if line.startswith(f"  bid {lot.id.lower()} ")]
    amounts = [int(line.split()[2]) for line in bids]
    assert amounts[:3] == [lot.value, lot.value + 5, lot.value + 10], bids
    assert all(f"Bid ${a} for {lot.id} {lot.name('en')}" in line for a, line in zip(amounts, bids, strict=True))


def test_moves_par_lists_the_par_values_of_a_railroad(service: TableService) -> None:
    text = play(service, "royal-gorge", ["order pass-auction", "moves par rg"], players=3)
    pars = [line for line in text.splitlines() if line.startswith("  par rg ")]
    values = [int(line.split()[2]) for line in pars]
    assert values == content().par_values(content().phase_list[0].id), pars  # every par open in the first phase
    times = content().railroad_rules.par_cash_multiple
    assert all(f"at ${v} (pay ${times * v})" in line for v, line in zip(values, pars, strict=True)), pars


@pytest.mark.parametrize("lang, why", [("en", r"“lay” is played in an operating round.*now it is the private auction"),
                                       ("zh", r"“lay” 只能在运营轮中.*现在是私卡拍卖")])
def test_moves_lay_in_the_auction_says_why_nothing_is_listed(service: TableService, lang: str, why: str) -> None:
    text = play(service, "royal-gorge", ["moves lay"], lang=lang, players=3)
    assert re.search(why, text), text
    assert not [line for line in text.splitlines() if line.startswith("  lay ")]


def test_moves_with_nothing_to_match_says_so(service: TableService) -> None:
    text = play(service, "landlords", ["moves zzz"])
    assert "No move you can play now starts with “zzz”." in text
