"""The Landlord's Game images: valid PNGs at several game points in en and zh; the public board never
draws a seat's cash or sealed bid; the private image shows the seat's own cash and bid."""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from PIL import Image

from games.core import Rng
from games.landlords import GAME
from games.landlords.board import board
from games.landlords.state import LandlordsState, SealedF
from render import landlords as lr
from render import recording, renderer_for
from render.landlords import RENDERER
from tests.landlords.helpers import Table, give, own, place
from tests.support.playout import Playout, play

NAMES = ["Alice", "张伟", "Bob the Builder", "\U0001f3b2李娜"]


# ---- game points ---------------------------------------------------------------------------------


def estate(players: int = 4, **options: Any) -> Table:
    """A landlord game in its middle: deeds, franchises, idle land, improvements, signs, a loan,
    a prisoner, and the last auction's revealed bids."""
    t = Table(GAME.setup(players, options, seed=3))
    own(t, 0, 1, 3, 31, 33)
    own(t, 1, 10, 20, 16, 37)
    if players > 2:
        own(t, 2, 5, 7, 9, 26)
    if players > 3:
        own(t, 3, 39, 29, 21)
    for space in (31, 37) + ((9,) if players > 2 else ()):
        t.s.improved[space] = True
    t.s.signed[3] = t.s.signed[33] = True
    t.s.lender[37], t.s.loan[37] = 0, 165
    t.s.seats[1].idle["y8"] = 1
    t.s.deck.remove("y8")
    t.s.seats[0].idle["y2"] = 1
    t.s.deck.remove("y2")
    for seat, (pos, cash) in enumerate([(12, 420), (25, 415), (8, 95), (34, 860)][:players]):
        place(t, seat, pos)
        give(t, seat, cash)
    if players > 2:
        t.s.seats[2].in_jail = True
    t.s.round, t.s.turn = 7, 7 * players
    t.s.general = 340
    t.s.bank -= 340
    t.s.last_card, t.s.last_bids = "y2", [300, -1, 260, -2][:players]
    t.s.shown_cash[1] = 410
    t.s.dice = [4, 2]
    return t


def sealed() -> Table:
    """A land-office auction of Soakem with sealed bids pending; seat 1 has bid $385 in secret."""
    t = estate()
    t.s.owner[6] = -1
    place(t, 0, 3)
    t.roll(0, 1, 2)
    t.do(0, "bid 210")
    t.do(1, "bid 385")
    return t


def debt() -> Table:
    t = estate()
    give(t, 2, 30)
    t.s.seats[2].in_jail = False
    t.s.current = 2
    place(t, 2, 27)
    t.roll(2, 2, 2)  # to Broadway, improved: $200 rent on $30 of cash
    return t


def vote() -> Table:
    t = estate()
    t.do(0, "vote prosperity yes")
    t.do(1, "vote prosperity no")
    return t


def declaration() -> Table:
    t = estate()
    place(t, 0, 12)
    t.roll(0, 1, 1)  # personal property tax at 14
    t.do(0, "declare 400")
    t.do(3, "challenge")
    return t


def prosperity() -> Table:
    t = estate(prosperity=True)
    t.s.owner[6] = -2
    t.s.fund = 120
    t.s.bank -= 120
    t.s.seats[2].in_jail = False
    return t


@cache
def bot_game(players: int, prosperous: bool = False) -> Playout:
    options = {"prosperity": True} if prosperous else {}
    return play(GAME, players, 60 + players, bots=True, keep_states=True, options=options)


POINTS: dict[str, Callable[[], LandlordsState]] = {
    "start": lambda: GAME.setup(3, {}, 5),
    "estate": lambda: estate().s,
    "estate-2": lambda: estate(2).s,
    "sealed": lambda: sealed().s,
    "debt": lambda: debt().s,
    "vote": lambda: vote().s,
    "declaration": lambda: declaration().s,
    "prosperity": lambda: prosperity().s,
    "bots-mid": lambda: bot_game(4).states[len(bot_game(4).states) // 2],
    "bots-prosperity": lambda: bot_game(3, True).states[len(bot_game(3, True).states) // 2],
    "over": lambda: bot_game(4).final,
    "solo": lambda: play(GAME, 1, 9, bots=True, keep_states=True).states[40],
}


def check_png(data: bytes, max_width: int = 1600, max_height: int = 2400,
              max_bytes: int = 900_000) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) < max_bytes, f"PNG is {len(data)} bytes"
    image = Image.open(io.BytesIO(data))
    image.verify()
    image = Image.open(io.BytesIO(data))
    assert 400 <= image.width <= max_width and 250 <= image.height <= max_height, image.size
    return image


def shown(drawn: list[Any]) -> str:
    return "\n".join(d.source for d in drawn) + "\n" + "\n".join(d.text for d in drawn)


# ---- sanity ----------------------------------------------------------------------------------------


def test_registered_for_landlords() -> None:
    assert renderer_for("landlords") is RENDERER


@pytest.mark.parametrize("point", sorted(POINTS))
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_board_private_and_result_are_sane_pngs(point: str, lang: str) -> None:
    state = POINTS[point]()
    names = NAMES[:state.players]
    renderer = renderer_for("landlords")
    check_png(renderer.board(GAME.view(state, None), lang, names))
    for seat in range(state.players):
        check_png(renderer.private(GAME.view(state, seat), lang, names), max_width=1000)
    outcome = GAME.outcome(state)
    if outcome is not None:
        check_png(renderer.result(outcome, GAME.view(state, None), lang, names))


def test_names_default_and_chinese_draw() -> None:
    state = estate().s
    with recording() as drawn:
        lr.board_image(GAME.view(state, None), "zh")
    text = shown(drawn)
    assert "玩家 1" in text and "百老汇" in text and "地主规则" in text
    with recording() as drawn:
        lr.board_image(GAME.view(state, None), "en", NAMES)
    text = shown(drawn)
    assert "张伟" in text and "李娜" in text and "Broadway" in text


def test_private_needs_a_seat() -> None:
    with pytest.raises(ValueError, match="viewer"):
        lr.private(GAME.view(estate().s, None), "en")


# ---- what the public board shows and never shows ---------------------------------------------------


@pytest.mark.parametrize("point", ["estate", "sealed", "debt", "vote", "declaration", "prosperity",
                                   "bots-mid", "bots-prosperity"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_public_board_never_draws_a_seats_cash_or_sealed_bid(point: str, lang: str) -> None:
    """Scramble every seat's hidden cash and sealed bid: the public board draws the same strings."""
    state = POINTS[point]()
    with recording() as drawn:
        lr.board_image(GAME.view(state, None), lang, NAMES[:state.players])
    base = [d.text for d in drawn]
    for secret in range(state.players):
        for salt in range(2):
            other = GAME.scramble(state, secret, Rng(salt + 17 * secret))
            assert other is not None
            with recording() as drawn:
                lr.board_image(GAME.view(other, None), lang, NAMES[:state.players])
            assert [d.text for d in drawn] == base, f"the board depends on seat {secret}'s secrets"


def test_public_board_hides_the_pending_sealed_bid_and_labels_no_cash() -> None:
    state = sealed().s
    assert isinstance(state.stack[-1], SealedF) and state.stack[-1].bids[1] == 385
    with recording() as drawn:
        lr.board_image(GAME.view(state, None), "en", NAMES)
    text = shown(drawn)
    assert "$385" not in text and "Cash $" not in text
    assert "Sealed bids: Soakem Lighting System" in text and "$210" in text  # the open first bid


def test_board_shows_owners_funds_turn_and_whats_in_progress() -> None:
    t = debt()
    with recording() as drawn:
        lr.board_image(GAME.view(t.s, None), "en", NAMES)
    text = shown(drawn)
    assert "Round 7" in text and "Round 7 of" not in text  # no round limit by default (§1.5)
    assert "Bob the Builder" in text and "$340" in text  # treasury
    assert "must raise the money" in text and "Debt" in text
    assert "cash shown: $410" in text  # revealed by the rules (R22), so public
    for p in GAME.view(t.s, None).players:
        for card in p.cards:
            label = board().spaces[int(card)].label("en") if card.isdigit() else board().idle[card].label("en")
            assert label in text
    with recording() as drawn:
        lr.board_image(GAME.view(vote().s, None), "zh", NAMES)
    assert "繁荣规则投票" in shown(drawn)
    with recording() as drawn:
        lr.board_image(GAME.view(declaration().s, None), "en", NAMES)
    assert "declares $400 of cash" in shown(drawn)
    with recording() as drawn:
        lr.board_image(GAME.view(prosperity().s, None), "en", NAMES)
    text = shown(drawn)
    assert "Prosperity rules" in text and "abolished" in text and "Public park" in text and "$120" in text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_board_tells_the_rules_a_player_needs_at_a_glance(lang: str) -> None:
    """Tax rates on the tax offices, the jail's fine and roll, the hotel rule, the exact-roll wage
    table at the wages corner, labelled public-utility boxes, the estate and the corner in the
    legend; the round shows its limit only when the table has one."""
    with recording() as drawn:
        lr.board_image(GAME.view(estate().s, None), lang, NAMES)
    text = shown(drawn)
    expected = {
        "en": ["$5 a deed", "$10 per $100", "of declared cash", "$25 each", "impr., franchise",
               "fine $50", "roll 6+ to leave", "$25 if $1,000+", "else roll back",
               "6-6 $800 · 5-5 $700", "4-4 3-3 2-2 $600", "other exact $500", "not exact $200",
               "Soakem", "Slambang", "Ding Dong", "Lord Blueblood's Estate", "Wages corner",
               "lots, idle land", "by auction", "trespass: jail"],
        "zh": ["每张地契 $5", "每 $100 缴 $10", "每项 $25", "罚款 $50", "掷 6 点以上出狱", "资产满 $1,000",
               "双6 $800 · 双5 $700", "其他恰好 $500", "未恰好 $200", "索肯照明", "砰砰电车", "叮咚电话",
               "蓝血勋爵庄园", "工资角", "拍卖出售"],
    }[lang]
    missing = [item for item in expected if item not in text]
    assert not missing, missing
    limited = estate(round_limit=30)
    with recording() as drawn:
        lr.board_image(GAME.view(limited.s, None), lang, NAMES)
    assert ("Round 7 of 30" if lang == "en" else "第 7 / 30 轮") in shown(drawn)
    with recording() as drawn:
        lr.board_image(GAME.view(prosperity().s, None), lang, NAMES)
    text = shown(drawn)
    assert ("Goal:" not in text) if lang == "en" else ("目标" not in text)  # no individual win


def test_out_of_turn_offer_and_open_deals_are_shown() -> None:
    t = estate()
    with recording() as drawn:
        lr.board_image(GAME.view(t.s, None), "en", NAMES)
    assert "Deals open: any player may propose" in shown(drawn)
    t.do(3, "offer 1 buy 33 for 300")  # out of turn
    with recording() as drawn:
        lr.board_image(GAME.view(t.s, None), "en", NAMES)
    text = shown(drawn)
    assert "李娜 offers Alice $300 for Madison Square" in text
    assert "Deals open" not in text


# ---- private and result ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_private_image_shows_own_cash_and_sealed_bid_only(lang: str) -> None:
    state = sealed().s
    with recording() as drawn:
        lr.private(GAME.view(state, 1), lang, NAMES)
    text = shown(drawn)
    assert "$415" in text and "$385" in text  # seat 1's cash after... and its sealed bid
    assert "$420" not in text and "$860" not in text  # nobody else's cash
    with recording() as drawn:
        lr.private(GAME.view(state, 2), lang, NAMES)
    text = shown(drawn)
    assert "$95" in text and "$385" not in text
    assert ("is due" in text) if lang == "en" else ("请对" in text)


def test_result_shows_ranking_breakdown_and_reason() -> None:
    final = bot_game(4).final
    outcome = GAME.outcome(final)
    assert outcome is not None
    with recording() as drawn:
        lr.result(outcome, GAME.view(final, None), "en", NAMES)
    text = shown(drawn)
    assert "Final results" in text
    assert GAME.text(outcome.reasons[0][0], outcome.reasons[0][1], "en") in text
    for standing in outcome.standings:
        assert f"${standing.score:,}" in text
        assert f"${standing.breakdown['cash']:,}" in text
