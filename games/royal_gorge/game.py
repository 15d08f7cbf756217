"""18 Royal Gorge: the engine object. Rules: the rules text (shared/rules/royal-gorge.zh.md) and the fact
sheet of 18xx.games (shared/research/18rg.md); the figures are data (content/, data/).

The whole game: the private auction (auction.py), stock rounds (stock.py), operating rounds (operating/, which
also ends a set and fires what a train leaving the depot does), the settlements and the end of the game
(ending.py), trains and phases (trains.py); a bot (bot.py). Two rulesets:
``bga`` (the rules text, as played on Board Game Arena) and ``18xx`` (18xx.games, which the imported records
follow and which the five records replay against action by action); the data keeps their different figures.
docs/rules/royal-gorge.md lists the rules, the rulings and every difference between the rulesets.

Rulings (checked against the 18xx.games oracle where the records reach; tests/royal_gorge):

* Auction, before any bid: ``18xx`` a pass only declines until someone bids (post_boston i=0-4); ``bga`` a
  pass leaves the lot ("Pass：退出当前这张私卡的竞拍"). After a bid both agree. A lot everyone passes leaves
  the game; the next lot opens with the same player; after a win, ``18xx`` with the player after the winner,
  ``bga`` with the priority holder again ("持有优先权玩家先手", R18).
* Priority after the auction: the richest player, ties broken from the player who opens the next lot.
* A president's sale moves the price one space left per 10 % sold (the text, 18rg.md §11 and the oracle agree:
  bankrupt i=209, 50 % sold, $110 → $65); metals never move.
* The 50 % market limit applies to railroads only (metals start with all their shares in the market), the
  60 %/70 % holding cap to every company, in both rulesets; sold-out companies rise a space at the end of a
  stock round in both (the text is silent). Players with nothing they could do pass by themselves.
* B6 halves the total price of its one or two VGC shares, rounded up (stock_market i=26); G5's discounted
  metal may not be sold off entirely in the same round (18xx.games; the card says "not sold until the next").
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from games.core import (
    CORE_CATALOG,
    Catalog,
    Event,
    Game,
    GameMeta,
    MalformedMove,
    Move,
    Option,
    OptionSpec,
    Outcome,
    Rng,
    Standing,
    complete_by_tokens,
    rank_by_keys,
)
from games.core.menu import MENU_LIMIT, group_by_next_token

from . import bot, menus, text
from .auction import RAISE, min_bid
from .content import RULESETS, content
from .ending import force_finish
from .holdings import net_worth, total_money, worth_parts
from .moves import Bid, Decline, Lay, Pass, private_ids, read
from .operating import auto_run
from .records import tabula_id
from .setup import check_options, new_state, private_choices, railroad_choices
from .state import AuctionF, LastMove, OperatingF, RGState, StockF, TrainOfferF
from .steps import FLOW
from .stock import may_pass
from .view import RGView, view
from .when import out_of_round

#: Standing orders: pass on every lot of the auction; pass for the rest of stock round <n> (``pass-stock-2``).
PASS_AUCTION = "pass-auction"
PASS_STOCK = "pass-stock-"

META = GameMeta(
    id="royal-gorge",
    names={"en": "18 Royal Gorge", "zh": "18 皇家峡谷"},
    min_players=2,
    max_players=4,
    rules_reference="docs/rules/royal-gorge.md",
    rules_references={"zh": "docs/rules/zh/royal-gorge.md"},
    engine_version="1",
    hidden_information=False,  # open information: every seat sees the whole game
    aliases=("18rg", "18royalgorge", "royalgorge", "皇家峡谷"),
    options=(
        OptionSpec("ruleset", "choice", "bga",
                   {"en": "Rules: bga (the rules text) or 18xx (18xx.games)",
                    "zh": "规则：bga（规则文本）或 18xx（18xx.games）"}, choices=RULESETS),
        OptionSpec("railroads", "list", [],
                   {"en": "Railroads in play (RG, SF and three more); empty: drawn",
                    "zh": "参与游戏的铁路公司（RG、SF 另加三家）；留空则随机抽取"}, choices=railroad_choices()),
        OptionSpec("privates", "list", [],
                   {"en": "Privates in play (two yellow, two green, one brown); empty: drawn",
                    "zh": "参与游戏的私人资产（两张黄、两张绿、一张棕）；留空则随机抽取"}, choices=private_choices()),
        OptionSpec("shorter_game_end", "bool", False,
                   {"en": "Shorter game end: the first 6x2 bought ends the game after this set",
                    "zh": "缩短终局：首列 6x2 被购买后，本轮组结束即终局"}),
    ),
    renderer="render.royal_gorge:RENDERER",
    playouts=60,
    variants=({"ruleset": "18xx"},),  # the contract suite plays the records' ruleset too
)


class RoyalGorgeGame(Game[RGState, Move]):
    """18 Royal Gorge."""

    meta = META
    state_type = RGState
    flow = FLOW
    catalog = Catalog.load(Path(__file__).with_name("messages.toml"), parent=CORE_CATALOG)

    # ---- setup ------------------------------------------------------------------------------------------
    def check_options(self, players: int, options: dict[str, Any]) -> None:
        check_options(players, options)

    def _setup(self, players: int, options: dict[str, Any], rng: Rng) -> RGState:
        return new_state(players, options, rng)

    # ---- who acts ---------------------------------------------------------------------------------------
    def to_act(self, state: RGState) -> frozenset[int]:
        return FLOW.to_act(state)

    def stage(self, state: RGState) -> str:
        """The round: the board is reposted once per round (an auction lot, a stock round, an operating round)."""
        top = FLOW.top(state)
        if isinstance(top, AuctionF):
            return f"auction:{len(top.lots)}"
        return f"{state.round}:{state.turn}.{state.or_num}"

    def sequential(self, state: RGState) -> bool:
        """Always: one seat decides at a time (a bid, a stock turn, a railroad's operating turn), and a round
        is one stage of many turns; chat tells each person of each of their turns (issue 19 §1)."""
        return True

    def acting_label(self, state: RGState, seat: int, lang: str) -> str | None:
        corp = FLOW.entity(state, seat)
        return text.corp_name(corp, lang) if corp else None

    def prompt(self, state: RGState, seat: int, lang: str, names: Sequence[str] | None = None) -> str | None:
        return text.prompt(self, state, seat, lang)

    # ---- standing orders --------------------------------------------------------------------------------
    def standing_orders(self, state: RGState, seat: int, lang: str) -> list[Option]:
        """``pass-auction``: pass on every lot of the private auction (while it lasts). ``pass-stock-<n>``: pass
        for the rest of stock round ``n`` (this one, or during the auction and operating rounds the next one);
        the round is in the order's name, so an order never outlives its round even when bots play on past it
        in one commit. A player who must sell first (over a limit) is still asked."""
        if state.finished:
            return []
        out = []
        if state.round == "auction":
            out.append(Option(PASS_AUCTION, self.catalog.text("order.pass_auction", None, lang)))
        turn = state.turn if state.round in ("auction", "stock") else state.turn + 1
        key = "order.pass_stock" if state.round == "stock" else "order.pass_next_stock"
        out.append(Option(f"{PASS_STOCK}{turn}", self.catalog.text(key, {"turn": turn}, lang)))
        return out

    def auto_move(self, state: RGState, seat: int, order: str) -> Move | None:
        if state.finished or seat not in self.to_act(state):
            return None
        top = FLOW.top(state)
        if order == PASS_AUCTION and isinstance(top, AuctionF):
            return Pass()
        if stock_order_turn(order) == state.turn and isinstance(top, StockF) and may_pass(state, top, seat):
            return Pass()
        return None

    def order_applies(self, state: RGState, seat: int, order: str) -> bool:
        """An order stands until its auction or stock round is over."""
        if state.finished:
            return False
        if order == PASS_AUCTION:
            return state.round == "auction"
        turn = stock_order_turn(order)
        return turn is not None and (state.turn < turn or (state.turn == turn and state.round != "operating"))

    # ---- moves ------------------------------------------------------------------------------------------
    def _legal_moves(self, state: RGState, seat: int) -> list[Move]:
        return FLOW.legal(state, seat)

    def read_move(self, state: RGState, seat: int, text_: str, raw: str) -> Move | None:
        """The grammar; ``run auto`` becomes the best run the router finds now (the log stores the routes).
        Text the grammar cannot read is refused here with the hint, never looked up in the full list."""
        if text_ in ("run auto", "运行 auto", "run best"):
            top = FLOW.top(state)
            if isinstance(top, OperatingF) and top.index < len(top.order) and top.step == "route":
                return auto_run(state, top, top.order[top.index])
        move = read(text_)
        if move is None:
            raise MalformedMove("error.unknown_move", text=raw[:80], hint=self.hint(state, seat))
        return move

    def _apply(self, state: RGState, seat: int, move: Move, events: list[Event]) -> None:
        FLOW.apply(state, seat, move, events)
        where = getattr(move, "hex", None)
        touched = [where] if isinstance(where, str) else []
        state.last = LastMove(seat, str(move), touched)  # the image highlights it

    def bot_move(self, state: RGState, seat: int, rng: Rng) -> Move:
        """A bot that plays on purpose (bot.py): floats railroads, lays connecting track, runs, buys trains."""
        return bot.bot_move(state, seat, rng, lambda: sorted(self.listing(state, seat).all_moves(), key=str))

    def timeout_move(self, state: RGState, seat: int, rng: Rng) -> Move:
        """A missed deadline declines a train offer (R25: both railroads stay as they were); else the bot's move."""
        if isinstance(FLOW.top(state), TrainOfferF):
            return Decline()
        return self.bot_move(state, seat, rng)

    def random_move(self, state: RGState, seat: int, rng: Rng) -> Move:
        """The draw of ``bot.random_move`` over the sorted legal moves, a lay found by its index hex by hex
        (menus.random_move): the same move from the same Rng, without the list."""
        return menus.random_move(self.listing(state, seat), state, rng)

    # ---- menus without the full list (menus.py) ----------------------------------------------------------
    def listing(self, state: RGState, seat: int, *, moves_too: bool = True) -> menus.Listing:
        """What ``seat`` may do now: the moves but the lays (the router asked at most once), the lays hex by hex
        (``moves_too=False``: the lays only)."""
        return menus.listing(state, seat, self.may_act(state), moves_too=moves_too)

    def count_moves(self, state: RGState, seat: int, limit: int | None = None) -> int:
        """The listed moves plus the lays counted hex by hex (stopping at ``limit``)."""
        return self.listing(state, seat).count(limit)

    def has_moves(self, state: RGState, seat: int) -> bool:
        """Whether ``seat`` has a move: the first one counted is enough."""
        return self.count_moves(state, seat, limit=1) > 0

    def suggested(self, state: RGState, seat: int) -> list[Move]:
        """Every legal move in suggestion order (panels ask only when a few moves fit a select)."""
        moves = self.listing(state, seat).all_moves()
        return sorted(moves, key=lambda m: (self.suggestion_rank(state, seat, m), str(m)))

    def suggestion_rank(self, state: RGState, seat: int, move: Move) -> Any:
        """The cheapest bid first; passing last."""
        return (str(move) == "pass", move.price if isinstance(move, Bid) else 0)

    def hint(self, state: RGState, seat: int, limit: int = 8) -> str:
        """A few legal moves for refusals: a pass first, then the cheapest bids or the share moves."""
        if seat not in self.may_act(state):
            return ""
        shown, total = menus.ordered(self.listing(state, seat), lambda m: self.suggestion_rank(state, seat, m), limit)
        more = f" (+{total - limit})" if total > limit else ""
        return ", ".join(shown) + more

    def choices(self, state: RGState, seat: int, path: Sequence[str], lang: str,
                names: Sequence[str] | None = None) -> list[Option]:
        """Token by token, never from the full list: ``lay`` → the hexes with a lay → the tiles that fit one hex →
        their rotations (menus.lay_choices); the other moves (a few, the route step's best run) grouped by token.
        A bid's amounts run from the minimum up in $5 steps to the player's cash (any whole amount above the
        minimum may still be typed). Menus page long levels ("more…"); completion shows the first 25."""
        top = FLOW.top(state)
        if len(path) == 2 and path[0] == "bid" and isinstance(top, AuctionF) and seat in self.to_act(state):
            lot = top.lots[0]
            if private_ids().get(tabula_id(path[1])) != lot:
                return []
            low = min_bid(top)
            amounts = range(low, state.cash[seat] + 1, RAISE)
            return [Option(str(a), self.move_label(state, seat, Bid(lot, a), lang)) for a in amounts]
        lays_only = bool(path) and path[0].lower() == menus.LAY
        found = self.listing(state, seat, moves_too=not lays_only)

        def rank(move: Move) -> Any:
            return self.suggestion_rank(state, seat, move)

        def label(move: Move) -> str:
            return self.move_label(state, seat, move, lang)

        def token_label(where: Sequence[str], token: str) -> str:
            return text.token_label(self, where, token, lang)

        if not path:
            return menus.root_choices(found, rank, label, token_label)
        if lays_only:
            return menus.lay_choices(found, [p.lower() for p in path], label, token_label)
        moves = sorted(found.moves, key=lambda m: (rank(m), str(m)))
        labelled = ((str(m), label(m)) for m in moves)
        return [option if option.final else msgspec.structs.replace(option, label=token_label(path, option.token))
                for option in group_by_next_token(labelled, path)]

    def unavailable(self, state: RGState, seat: int, typed: str, lang: str,
                    names: Sequence[str] | None = None) -> str | None:
        """A prefix of another round's move (``lay`` in the auction): when that move is played (when.py)."""
        words = typed.split()
        refused = out_of_round(state, words[0]) if words else None
        return self.error_text(refused, lang, names) if refused is not None else None

    def focus_view(self, state: RGState, seat: int, path: Sequence[str], view_: Any) -> Any:
        """Beside a menu at ``lay <hex>`` (``lay <hex> <tile>``): the view with the lays the menu offers on that hex
        (``RGView.lays``), which the renderer's focus draws; the renderer runs no rules."""
        if len(path) < 2 or path[0].lower() != menus.LAY or not isinstance(view_, RGView):
            return view_
        space = self.listing(state, seat, moves_too=False).lays
        lays: list[Lay] = space.at(path[1]) if space is not None else []
        return msgspec.structs.replace(view_, lays={path[1].upper(): [(lay.tile, lay.rotation) for lay in lays]})

    def complete(self, state: RGState, seat: int, text_: str, lang: str, limit: int = MENU_LIMIT,
                 names: Sequence[str] | None = None) -> list[Option]:
        return complete_by_tokens(lambda p: self.choices(state, seat, p, lang), text_, limit)

    # ---- views and results ------------------------------------------------------------------------------
    def view(self, state: RGState, seat: int | None) -> RGView:
        return view(state, seat)

    def summarize(self, view_: Any, lang: str, names: Sequence[str] | None = None) -> list[str]:
        return text.summarize(self, view_, lang, names)

    def outcome(self, state: RGState) -> Outcome | None:
        """Once the game is over: players ranked by net worth (ties share a place)."""
        if not state.finished:
            return None
        worth = {seat: net_worth(state, seat) for seat in range(state.players)}
        ranks = rank_by_keys({seat: (value,) for seat, value in worth.items()})
        standings = tuple(sorted((Standing(seat, ranks[seat], worth[seat], worth_parts(state, seat)) for seat in worth),
                                 key=lambda s: (s.rank, s.seat)))
        return Outcome(standings, ((f"outcome.{state.end_reason or 'force_ended'}", {}),))

    def force_end(self, state: RGState) -> Outcome:
        """An admin's end (18xx.games' "end game"): unpaid debt lowers RG's and SF's prices, then players
        rank by net worth (cash, shares at market; ``18xx``: privates at face value, R14)."""
        state = self.copy(state)
        force_finish(state, [])
        worth = {seat: net_worth(state, seat) for seat in range(state.players)}
        ranks = rank_by_keys({seat: (value,) for seat, value in worth.items()})
        standings = tuple(sorted((Standing(seat, ranks[seat], worth[seat], worth_parts(state, seat)) for seat in worth),
                                 key=lambda s: (s.rank, s.seat)))
        return Outcome(standings, (("outcome.force_ended", {}),))

    def invariants(self, state: RGState) -> list[str]:
        """Money is conserved among players, companies, the DEBT marker and the bank; every company's
        shares add up to 100 %; presidents hold their certificate."""
        broken = []
        if total_money(state) != state.money:
            broken.append(f"money {total_money(state)} != {state.money}")
        for corp in state.corps.values():
            if corp.treasury + corp.market + sum(corp.held) != 100:
                broken.append(f"{corp.id}: shares add up to {corp.treasury + corp.market + sum(corp.held)} %")
            need = 20 if corp.kind == "rail" else 10
            if corp.president >= 0 and corp.held[corp.president] < need:
                broken.append(f"{corp.id}: the president holds {corp.held[corp.president]} %")
            if corp.kind == "rail" and corp.col >= 0 and corp.president < 0:
                broken.append(f"{corp.id}: started without a president")
        if any(cash < 0 for cash in state.cash):
            broken.append("a player's cash is below 0")
        return broken

    def corruptions(self, state: RGState) -> list[tuple[str, RGState]]:
        """Money from nowhere; a share from nowhere (a company's shares over 100 %)."""
        money, share = self.copy(state), self.copy(state)
        money.cash[0] += 10
        corp = next(iter(share.corps.values()))
        corp.treasury += 10
        return [("money from nowhere", money), ("a share from nowhere", share)]

    def irreversible(self, events: list[Event]) -> bool:
        """Nothing is hidden and no move draws randomness (the draws happen at setup)."""
        return False

    # ---- text -------------------------------------------------------------------------------------------
    def param_text(self, name: str, value: Any, lang: str) -> str | None:
        shown = text.param_text(name, value, lang)
        return shown if shown is not None else super().param_text(name, value, lang)

    def move_label(self, state: RGState, seat: int, move: Move, lang: str, names: Sequence[str] | None = None) -> str:
        return text.move_label(self, state, seat, move, lang)


def stock_order_turn(order: str) -> int | None:
    """The stock round a ``pass-stock-<n>`` order is for (``None``: another order)."""
    number = order.removeprefix(PASS_STOCK)
    return int(number) if order.startswith(PASS_STOCK) and number.isdigit() else None


GAME = RoyalGorgeGame()

__all__ = ["GAME", "META", "RoyalGorgeGame", "content"]
