"""Moves of The Landlord's Game and their canonical notation.

Players are written 1-based in notation (``offer 2 …`` is seat 1, shown as “#2”), cards by space
number (``12``) or idle-land id (``y3``). :func:`read` understands any amount and card names, so a
player may type ``bid 137`` or ``improve broadway`` even though the menus list round figures.
"""

from __future__ import annotations

import re

from games.core import Move

from .board import SPACES, board

OFFER_KINDS = ("sell", "buy", "swap", "mortgage")


class Roll(Move, frozen=True):
    def __str__(self) -> str:
        return "roll"


class Buy(Move, frozen=True):
    def __str__(self) -> str:
        return "buy"


class Pass(Move, frozen=True):
    def __str__(self) -> str:
        return "pass"


class Bid(Move, frozen=True):
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


class LotBid(Move, frozen=True):
    """At a real-estate office: the open first bid for an unsold green lot (rules §7.4)."""

    space: int
    amount: int

    def __str__(self) -> str:
        return f"bid {self.space} for {self.amount}"


class Go(Move, frozen=True):
    """Turned away by a sign under Prosperity: go on to ``space`` (rules §11.13, ruling R19)."""

    space: int

    def __str__(self) -> str:
        return f"go {self.space}"


class Improve(Move, frozen=True):
    space: int

    def __str__(self) -> str:
        return f"improve {self.space}"


class Sign(Move, frozen=True):
    space: int

    def __str__(self) -> str:
        return f"sign {self.space}"


class Unsign(Move, frozen=True):
    space: int

    def __str__(self) -> str:
        return f"unsign {self.space}"


class Redeem(Move, frozen=True):
    space: int

    def __str__(self) -> str:
        return f"redeem {self.space}"


class Ride(Move, frozen=True):
    def __str__(self) -> str:
        return "ride"


class Stay(Move, frozen=True):
    def __str__(self) -> str:
        return "stay"


class Sell(Move, frozen=True):
    """Sell an idle-land card back to the office (rules §7.2)."""

    card: str

    def __str__(self) -> str:
        return f"sell {self.card}"


class Auction(Move, frozen=True):
    """Put one of your own cards up for sealed bids (rules §7.3, §10.2)."""

    card: str

    def __str__(self) -> str:
        return f"auction {self.card}"


class Declare(Move, frozen=True):
    amount: int

    def __str__(self) -> str:
        return f"declare {self.amount}"


class Challenge(Move, frozen=True):
    def __str__(self) -> str:
        return "challenge"


class Offer(Move, frozen=True):
    """A deal with ``partner`` (rules §10.1).

    ``sell``: my ``card`` for ``amount``; ``buy``: his ``card`` for ``amount``; ``swap``: my
    ``card`` for his ``other``; ``mortgage``: he lends me ``amount`` on my ``card`` (R13).
    """

    partner: int
    kind: str
    card: str
    amount: int = 0
    other: str = ""

    def __str__(self) -> str:
        tail = self.other if self.kind == "swap" else str(self.amount)
        return f"offer {self.partner + 1} {self.kind} {self.card} for {tail}"


class Accept(Move, frozen=True):
    def __str__(self) -> str:
        return "accept"


class Decline(Move, frozen=True):
    def __str__(self) -> str:
        return "decline"


class Plead(Move, frozen=True):
    """Ask the creditor's consent to play on with nothing left (rules §10.3)."""

    def __str__(self) -> str:
        return "plead"


class Vote(Move, frozen=True):
    yes: bool

    def __str__(self) -> str:
        return f"vote prosperity {'yes' if self.yes else 'no'}"


# ---- reading typed text ----------------------------------------------------------------------

_WORDS: dict[str, str] = {
    "掷骰": "roll", "掷骰子": "roll", "购买": "buy", "买": "buy", "跳过": "pass", "放弃": "pass",
    "不买": "pass", "乘车": "ride", "留下": "stay", "接受": "accept", "同意": "accept",
    "拒绝": "decline", "质疑": "challenge", "求情": "plead", "r": "roll", "yes": "accept",
    "no": "decline",
}
_SIMPLE: dict[str, Move] = {
    "roll": Roll(), "buy": Buy(), "pass": Pass(), "ride": Ride(), "stay": Stay(),
    "accept": Accept(), "decline": Decline(), "challenge": Challenge(), "plead": Plead(),
}
_ONE_SPACE = {"improve": Improve, "改良": Improve, "sign": Sign, "unsign": Unsign,
              "redeem": Redeem, "赎回": Redeem}
_AMOUNT = r"\$?(\d{1,9})"


def read_card(text: str) -> str | None:
    """A card id from a number, an idle-land id or a (unique) space or card name."""
    text = text.strip().strip("#")
    b = board()
    if text.isdigit() and int(text) < SPACES:
        return str(int(text))
    if text in b.idle:
        return text
    if text in b.names:
        return str(b.names[text])
    for card in b.idle.values():
        if text in (card.name["en"].lower(), card.name["zh"]):
            return card.id
    return None


def read(text: str) -> Move | None:
    """Parse normalised ``text`` into a move, or ``None`` if it is no move of this game."""
    text = _WORDS.get(text, text)
    if text in _SIMPLE:
        return _SIMPLE[text]
    if m := re.fullmatch(rf"(?:bid|出价) {_AMOUNT}", text):
        return Bid(int(m[1]))
    if m := re.fullmatch(rf"(?:bid|出价) (.+?) for {_AMOUNT}", text):
        card = read_card(m[1])
        return LotBid(int(card), int(m[2])) if card is not None and card.isdigit() else None
    if m := re.fullmatch(r"(?:go|前往) (.+)", text):
        card = read_card(m[1])
        return Go(int(card)) if card is not None and card.isdigit() else None
    if m := re.fullmatch(rf"(?:declare|申报) {_AMOUNT}", text):
        return Declare(int(m[1]))
    if m := re.fullmatch(r"vote(?: prosperity)? (yes|no)", text):
        return Vote(m[1] == "yes")
    if m := re.fullmatch(r"(\S+) (.+)", text):
        verb, rest = m[1], m[2]
        card = read_card(rest)
        if verb in _ONE_SPACE and card is not None and card.isdigit():
            return _ONE_SPACE[verb](int(card))
        if verb in ("sell", "卖") and card is not None:
            return Sell(card)
        if verb in ("auction", "拍卖") and card is not None:
            return Auction(card)
    if m := re.fullmatch(r"offer #?(\d) (sell|buy|mortgage) (.+?) for \$?(\d{1,9})", text):
        card = read_card(m[3])
        return None if card is None else Offer(int(m[1]) - 1, m[2], card, int(m[4]))
    if m := re.fullmatch(r"offer #?(\d) swap (.+?) for (.+)", text):
        mine, theirs = read_card(m[2]), read_card(m[3])
        if mine is None or theirs is None:
            return None
        return Offer(int(m[1]) - 1, "swap", mine, 0, theirs)
    return None
