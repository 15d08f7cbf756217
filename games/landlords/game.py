"""The Landlord's Game with the Prosperity rules: the engine object the registry exposes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from games.core import (
    CORE_CATALOG,
    BadOptions,
    Catalog,
    Event,
    Game,
    GameMeta,
    Move,
    Option,
    OptionSpec,
    Outcome,
    Rng,
)

from . import bot, outcome, secrecy, turn
from .board import SPACES, board, card_label, rules
from .edition import CURRENT, stored_edition, text_rules
from .money import payee
from .moves import (
    Accept,
    Auction,
    Buy,
    Decline,
    Go,
    Improve,
    Offer,
    Pass,
    Redeem,
    Ride,
    Roll,
    Sell,
    Sign,
    Stay,
    Unsign,
    Vote,
    read,
)
from .state import (
    LANDLORD,
    NOBODY,
    PROSPERITY,
    UNANSWERED,
    AwayF,
    BidF,
    EndInfo,
    LandlordsState,
    LotF,
    Player,
    RideF,
    SealedF,
    TurnF,
    VoteF,
    copy_state,
)
from .steps import FLOW
from .view import LandlordsView, summary, view

REVERSIBLE = frozenset({"improved", "sign_placed", "sign_removed", "paid", "offer_sell",
                        "offer_buy", "offer_swap", "offer_mortgage"})
BANK_RESERVE = 1_000_000  # the land office's money; never shown (ruling R22)
SEAT_PARAMS = frozenset({"seat", "player", "holder", "winner"})
NAMED = SEAT_PARAMS | {"to", "from"}

#: The standing order "pass every sealed counter-bid" (ruling R31).
PASS_BIDS = "pass-bids"
#: The standing order "roll for me when rolling is all my turn asks" (ruling R34).
AUTO_ROLL = "auto-roll"

#: Plain wages at the corner, chosen by the balance study of ruling R24 (``python -m bench.landlords``).
PLAIN_WAGES = 200
#: A random move is a deal or a sign once in this many picks when it has other moves (random_move).
RANDOM_DEAL_ODDS = 8

META = GameMeta(
    id="landlords",
    names={"en": "The Landlord's Game", "zh": "地主游戏（繁荣规则）"},
    min_players=1,
    max_players=4,
    rules_reference="docs/rules/landlords.md",
    rules_references={"zh": "docs/rules/zh/landlords.md"},
    renderer="render.landlords:RENDERER",
    variants=({"edition": 1},),  # edition 1 sells a lot on landing: the "lot" step (ruling R32)
    engine_version="2",
    aliases=("landlord", "landlords-game", "prosperity", "地主游戏"),
    options=(
        OptionSpec("start_cash", "int", 350, {"en": "Starting cash", "zh": "初始现金"},
                   minimum=50, maximum=10_000),
        OptionSpec("win_assets", "int", 2000, {"en": "Assets to win", "zh": "获胜资产"},
                   minimum=100, maximum=1_000_000),
        OptionSpec("wages", "int", PLAIN_WAGES, {"en": "Plain wages", "zh": "普通工资"},
                   minimum=0, maximum=1000),
        OptionSpec("round_limit", "int", 0, {"en": "Round limit (0: none)", "zh": "回合上限（0：不限）"},
                   minimum=0, maximum=500),
        OptionSpec("prosperity", "bool", False,
                   {"en": "Prosperity rules from the start", "zh": "开局即用繁荣规则"}),
        OptionSpec("play_on", "bool", False,
                   {"en": "Play on after Prosperity is achieved", "zh": "实现繁荣后继续游戏"}),
        OptionSpec("edition", "int", CURRENT,
                   {"en": "Rulings edition (1: the first rulings)", "zh": "裁定版本（1：最初的裁定）"},
                   minimum=1, maximum=CURRENT),
    ),
)


class LandlordsGame(Game[LandlordsState, Move]):
    meta = META
    state_type = LandlordsState
    flow = FLOW
    catalog = Catalog.load(Path(__file__).with_name("messages.toml"), parent=CORE_CATALOG)
    #: Players' names also stand in for payees and holders ("to", "from").
    named_params = NAMED

    # ---- setup ---------------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, Any] | None = None,
              seed: int | str = 0) -> LandlordsState:
        """A new game; the stored options of a table created by engine 1 (no ``edition``) deal
        it under edition 1, the rules it started with (ruling R32)."""
        given = dict(options or {})
        first = stored_edition(given)
        if first is not None:
            given["edition"] = first
        return super().setup(players, given, seed)

    def check_options(self, players: int, options: dict[str, Any]) -> None:
        if options["win_assets"] <= options["start_cash"]:
            raise BadOptions("error.win_below_start", win=options["win_assets"],
                             start=options["start_cash"])

    def _setup(self, players: int, options: dict[str, Any], rng: Rng) -> LandlordsState:
        b = board()
        deck = sorted(b.idle)
        rng.shuffle(deck)
        cash = options["start_cash"]
        return LandlordsState(
            players=players, rng=rng, options=options,
            seats=[Player(cash=cash) for _ in range(players)],
            mode=PROSPERITY if options["prosperity"] else LANDLORD,
            owner=[NOBODY] * SPACES, improved=[False] * SPACES, signed=[False] * SPACES,
            lender=[NOBODY] * SPACES, loan=[0] * SPACES, deck=deck,
            bank=BANK_RESERVE - players * cash, stack=[TurnF()],
            last_bids=[UNANSWERED] * players, shown_cash=[-1] * players)

    def copy(self, state: LandlordsState) -> LandlordsState:
        return copy_state(state)

    # ---- who acts, what they may do: the flow kernel (games.landlords.steps) -----------------
    def to_act(self, state: LandlordsState) -> frozenset[int]:
        return FLOW.to_act(state)

    def may_act(self, state: LandlordsState) -> frozenset[int]:
        """Those who must act, plus anyone who may propose a deal during the turn (R12)."""
        return FLOW.may_act(state)

    def _legal_moves(self, state: LandlordsState, seat: int) -> list[Move]:
        return FLOW.legal(state, seat)

    def _apply(self, state: LandlordsState, seat: int, move: Move, events: list[Event]) -> None:
        """The step on top takes the move (an offer from anyone during the turn: §10.1, R12), then
        debts are paid, turns end and the end of the game is checked."""
        FLOW.apply(state, seat, move, events)

    def read_move(self, state: LandlordsState, seat: int, text: str, raw: str) -> Move | None:
        """Any well-formed move (any amount, names for cards); ``apply`` says why it is refused.
        ``yes`` / ``no`` (and ``accept`` / ``decline``) mean a vote while one is open."""
        move = read(text)
        if isinstance(move, Accept | Decline) and state.stack and isinstance(state.stack[-1], VoteF):
            return Vote(isinstance(move, Accept))
        return move

    # ---- views and results ---------------------------------------------------------------
    def view(self, state: LandlordsState, seat: int | None) -> LandlordsView:
        return view(state, seat, sorted(self.to_act(state)))

    def outcome(self, state: LandlordsState) -> Outcome | None:
        return outcome.outcome(state)

    def prompt(self, state: LandlordsState, seat: int, lang: str,
               names: Sequence[str] | None = None) -> str | None:
        """What the top step asks of ``seat`` (a step's frame tag names its prompt)."""
        if state.end is not None or not state.stack or seat not in self.to_act(state):
            return None
        top = state.stack[-1]
        tag = str(type(top).__struct_config__.tag)
        params = {name: getattr(top, name) for name in top.__struct_fields__
                  if name in {"space", "declarer", "proposer", "debtor", "amount", "item", "minimum"}}
        if "item" in params:
            params["card"] = params.pop("item")
        if "declarer" in params:
            params["player"] = params.pop("declarer")
        if "proposer" in params:
            params["player"] = params.pop("proposer")
        if "debtor" in params:
            params["player"] = params.pop("debtor")
        if isinstance(top, TurnF):
            return self._turn_prompt(state, seat, lang)
        key = f"prompt.{tag}"
        if isinstance(top, SealedF) and top.first >= 0 and text_rules(state):
            key = "prompt.sealed_over"  # a counter-bid must beat the open first bid: an equal one loses (R14)
        return self.text(key, params, lang, names) if self.catalog.has(key) else None

    def _turn_prompt(self, state: LandlordsState, seat: int, lang: str) -> str:
        """Before rolling: what is new since the player last rolled (the only turns on which the
        ``auto-roll`` order asks, R34), else the roll and a hint at that order."""
        new = turn.unseen_options(state, seat)
        if not new:
            return self.text("prompt.turn", {}, lang)
        cards = sorted({int(option.split()[1]) for option in new})
        listed = self.text("word.list_sep", {}, lang).join(board().spaces[c].label(lang) for c in cards)
        return self.text("prompt.turn_new", {"cards": listed}, lang)

    def stage(self, state: LandlordsState) -> str:
        """A player's turn, from his roll to the next player's: chat pings each player once in it
        and edits one post within it. Turns that ask nothing (a rent, a tax, a roll the
        ``auto-roll`` order made, R34) are played in the same commit as the move before them, so
        one post spans them up to the turn where someone must decide."""
        return "" if state.end is not None else f"{state.round}:{state.turn}"

    def public_moves(self, state: LandlordsState, seat: int) -> list[Move]:
        """Buttons for everyone to see, from public facts only (play experience §1): roll before
        a turn, buy or pass on an unowned lot (shown whether or not the player can afford it: a
        refusal is private), ride or stay on a railroad, pass on a first bid."""
        if state.end is not None or not state.stack or seat not in self.to_act(state):
            return []
        top = state.stack[-1]
        if isinstance(top, TurnF):
            return [Roll()]
        if isinstance(top, LotF):
            return [Buy(), Pass()]
        if isinstance(top, RideF):
            return [Ride(), Stay()]
        if isinstance(top, AwayF):
            return [Go(space) for space in top.choices]
        if isinstance(top, BidF):
            return [Pass()]
        return []

    def suggestion_rank(self, state: LandlordsState, seat: int, move: Move) -> int:
        """The step's own moves first (roll, buy, bid, pass...), then improvements and signs, then
        deals: a turn is mostly a roll, not one of twenty trade offers (play experience §5)."""
        if isinstance(move, Offer):
            return 2
        if isinstance(move, Improve | Sign | Unsign | Redeem | Sell | Auction):
            return 1
        return 0

    def force_end(self, state: LandlordsState) -> Outcome:
        """An admin ends the game early: ranked by assets, then cash, as at the round limit
        (ruling R30)."""
        ended = self.copy(state)
        ended.end = EndInfo("forced", ended.round)
        found = outcome.outcome(ended)
        assert found is not None
        return found

    def standing_orders(self, state: LandlordsState, seat: int, lang: str) -> list[Option]:
        """``auto-roll``: roll at the start of one's turn when rolling is all the turn asks
        (ruling R34), so a turn with nothing to decide costs its player no ping; ``pass-bids``:
        answer every sealed counter-bid with a pass (ruling R31), so a player who never
        counter-bids is not asked at every auction."""
        return [Option(AUTO_ROLL, self.catalog.text("order.auto_roll", None, lang)),
                Option(PASS_BIDS, self.catalog.text("order.pass_bids", None, lang))]

    def default_orders(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """Every person's seat starts with ``auto-roll`` (ruling R34): a turn that asks nothing
        but the roll costs its player no ping (play experience §6); he cancels it with /order."""
        return (AUTO_ROLL,)

    def auto_move(self, state: LandlordsState, seat: int, order: str) -> Move | None:
        top = state.stack[-1] if state.stack and state.end is None else None
        if order == PASS_BIDS and isinstance(top, SealedF) and seat in top.pending:
            return Pass()
        if order == AUTO_ROLL and turn.rolls_for(state, seat):
            return Roll()
        return None

    def bot_move(self, state: LandlordsState, seat: int, rng: Rng) -> Move:
        return bot.choose(state, seat, self.legal_moves(state, seat), rng)

    def random_move(self, state: LandlordsState, seat: int, rng: Rng) -> Move:
        """A random legal move that prefers the step's own moves (roll, bid, pass...) to what may be
        done aside (deals, signs): those once in :data:`RANDOM_DEAL_ODDS` picks, so random play
        moves on instead of spending its turns proposing and flipping signs (the contract's
        playouts end by the rules, with no round limit)."""
        if seat not in FLOW.to_act(state) and seat not in self.may_act(state):
            return rng.choice([])  # no legal move: refused as ``Game.random_move`` refuses it
        # The steps' moves, then the asides' (deals and signs, all Offer | Sign | Unsign): the same list
        # as ``_legal_moves``, drawn from in notation order (``legal_moves``'). The asides' moves, often
        # dozens of offers, are only listed (and sorted) when the draw picks among all moves: whether
        # there are any is whether an aside is open to the seat.
        steps = FLOW.step_legal(state, seat)
        own = sorted((m for m in steps if not isinstance(m, Offer | Sign | Unsign)), key=str)
        if own and (len(own) < len(steps) or FLOW.aside_open(state, seat)) and rng.below(RANDOM_DEAL_ODDS):
            return rng.choice(own)
        return rng.choice(sorted(steps + FLOW.aside_legal(state, seat), key=str))

    def scramble(self, state: LandlordsState, seat: int | None,
                 rng: Rng) -> LandlordsState | None:
        """Change only what ``seat`` hides (ruling R22): its cash, within what the others know of
        it, and its hidden sealed answers; ``None``: the idle-land pile under its top card
        (:mod:`games.landlords.secrecy`). Once the game is over nothing is left to scramble."""
        return secrecy.scramble(state, seat, rng)

    def secret_fields(self, state: LandlordsState, seat: int | None) -> dict[str, Any]:
        """Cash and each pending sealed answer of ``seat``; ``None``: the idle-land pile's order."""
        return secrecy.secret_fields(state, seat)

    def invariants(self, state: LandlordsState) -> list[str]:
        """Money is conserved between players, bank and funds; every card is in one place."""
        problems = []
        if state.money() != BANK_RESERVE:
            problems.append(f"money not conserved: {state.money()} != {BANK_RESERVE}")
        if any(p.cash < 0 for p in state.seats) or state.general < 0 or state.fund < 0:
            problems.append("negative cash or fund")
        idle = list(state.deck) + [c for p in state.seats for c in p.idle]
        if sorted(idle) != sorted(board().idle):
            problems.append(f"idle-land cards not conserved: {sorted(idle)}")
        if sum(state.signed) > rules().signs:
            problems.append("more signs than the box holds")
        for space in range(SPACES):
            owner = state.owner[space]
            if (state.signed[space] or state.improved[space]) and (
                    owner < 0 or space not in board().lots):
                problems.append(f"space {space}: sign or improvement without an owner")
            if state.lender[space] != NOBODY and (owner < 0 or state.lender[space] == owner):
                problems.append(f"space {space}: bad pledge")
        return problems

    def corruptions(self, state: LandlordsState) -> list[tuple[str, LandlordsState]]:
        """Money from nowhere; an idle-land card in two places."""
        money, card = self.copy(state), self.copy(state)
        money.seats[0].cash += 1
        card.deck.append(next(iter(board().idle)))
        return [("money from nowhere", money), ("an idle-land card in two places", card)]

    def irreversible(self, events: list[Event]) -> bool:
        """Only a player's own pre-roll housekeeping can be undone freely: improving, signs and
        proposing a deal. Dice, reveals and answers of other players need consent (DESIGN: undo)."""
        return any(e.kind not in REVERSIBLE for e in events)

    def summarize(self, view: Any, lang: str, names: Sequence[str] | None = None) -> list[str]:
        return summary(self, view, lang, names)

    # ---- text ----------------------------------------------------------------------------
    def param_text(self, name: str, value: Any, lang: str) -> str | None:
        if name in SEAT_PARAMS and isinstance(value, int):
            return f"#{value + 1}" if value >= 0 else self.text(f"payee.{payee(value)}", {}, lang)
        if name in {"to", "from"}:
            if isinstance(value, int):
                return f"#{value + 1}"
            return self.text(f"payee.{value}", {}, lang)
        if name == "space" and isinstance(value, int):
            return f"{board().spaces[value].label(lang)} ({value})"
        if name in {"card", "other"} and isinstance(value, str) and value:
            return card_label(value, lang) + (f" ({value})" if value.isdigit() else "")
        if name in {"reason", "why"} and isinstance(value, str):
            return self.text(f"reason.{value}", {}, lang)
        if name == "yes" and isinstance(value, bool):
            return self.text("word.yes" if value else "word.no", {}, lang)
        return super().param_text(name, value, lang)

    def move_label(self, state: LandlordsState, seat: int, move: Move, lang: str,
                   names: Sequence[str] | None = None) -> str:
        """The move in words, in the player's language, followed by its notation."""
        kind = type(move).__name__.lower()
        params = {name: getattr(move, name) for name in move.__struct_fields__}
        if isinstance(move, Offer):
            kind = f"offer_{move.kind}"
            params["player"] = params.pop("partner")
        if kind == "buy":
            space = state.seats[seat].pos
            params |= {"space": space, "price": board().spaces[space].price}
        if isinstance(move, Go) and move.space == 0:
            kind = "go_corner"
        key = f"move.{kind}"
        if not self.catalog.has(key):
            return str(move)
        return f"{self.text(key, params, lang, names)} · {move}"

