"""When each kind of move is played (18rg.md §1: a private auction, then stock rounds and operating rounds): the
reason given for a move, or a ``moves`` prefix, that belongs to another round ("lay" during the auction)."""

from __future__ import annotations

from games.core import GameError, IllegalMove, Move

from .moves import VERBS
from .state import AuctionF, OperatingF, RGState, StockF, TrainOfferF

#: The rounds a verb is played in (the first one is named in the reason); a verb not listed is an operating move.
#: ``sell`` in an operating round is the president's emergency sale. ``pass`` belongs to no round: every round has
#: one, and a train offer, which takes none, refuses it as any step does.
ROUNDS: dict[str, tuple[str, ...]] = {
    "bid": ("auction",),
    "par": ("stock",), "buy": ("stock",), "sell": ("stock", "operating"),
    "accept": ("offer",), "decline": ("offer",),
}


def round_now(state: RGState) -> str:
    """What is being played now: ``auction``, ``stock``, ``operating`` or ``offer`` (a train offer's answer)."""
    top = state.stack[-1] if state.stack else None
    if isinstance(top, TrainOfferF):
        return "offer"
    if isinstance(top, AuctionF):
        return "auction"
    if isinstance(top, StockF):
        return "stock"
    if isinstance(top, OperatingF):
        return "operating"
    return state.round


def out_of_round(state: RGState, word: str) -> IllegalMove | None:
    """The refusal for a move (or a typed prefix) starting with ``word`` when its round is not the one played
    now; ``None`` when it is, or when ``word`` is no verb."""
    verb = VERBS.get(word.lower())
    if verb is None or verb == "pass":
        return None
    rounds = ROUNDS.get(verb, ("operating",))
    now = round_now(state)
    if now in rounds:
        return None
    return IllegalMove("error.only_in", move=word, when=rounds[0], now=now)


def refusal(state: RGState, move: Move) -> GameError:
    """A step's refusal of a move it does not accept: the round the move is played in, else "not at this step"."""
    return out_of_round(state, str(move).split()[0]) or IllegalMove("error.not_now", move=str(move))
