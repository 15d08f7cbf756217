"""Three Kingdoms (逐鹿): the engine object the registry exposes. Rules: docs/rules/three-kingdoms.md.

A rondel game for 2-4 lords of the late Han: play a talent to turn the two pointers, take the actions
where they stop, take 州, build, hire talents and climb 称霸 → 称王 → 称帝. The turn structure is the
flow of :mod:`.steps`; the components are data (:mod:`.content`).
"""

from __future__ import annotations

from collections import Counter
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
    rank_by_keys,
)

from . import bot, text
from .content import ACTIONS, TIERS, content
from .moves import Recall, Skip, read
from .rules import markers_in, markers_on_map, score
from .state import DraftF, LordF, Seat, TKState, copy_state
from .steps import FLOW
from .view import TKView, view

META = GameMeta(
    id="three-kingdoms",
    names={"en": "Three Kingdoms", "zh": "逐鹿"},
    min_players=2,
    max_players=4,
    rules_reference="docs/rules/three-kingdoms.md",
    rules_references={"zh": "docs/rules/zh/three-kingdoms.md"},
    renderer="render.three_kingdoms:RENDERER",
    variants=({"draft": True},),  # the talent draft (§6) is a step of its own
    engine_version="1",
    aliases=("threekingdoms", "tk", "逐鹿", "三国"),
    options=(
        # rules §6 变体规则: choose lord, starting talent and starting 州 in snake order
        OptionSpec("draft", "bool", False, {"en": "Variant: draft lord, talent and province",
                                             "zh": "变体：分别选择主公、初始人才和初始州"}),
    ),
    playouts=200,
)


class ThreeKingdomsGame(Game[TKState, Move]):
    """Three Kingdoms: a rondel of seven actions, talents, 州 and the road to the throne."""

    meta = META
    state_type = TKState
    flow = FLOW
    catalog = Catalog.load(Path(__file__).with_name("messages.toml"), parent=CORE_CATALOG)

    def copy(self, state: TKState) -> TKState:
        return copy_state(state)

    # ---- setup (rules §3) ---------------------------------------------------------------------------------
    def _setup(self, players: int, options: dict[str, Any], rng: Rng) -> TKState:
        c = content()
        rondel = list(ACTIONS)
        rng.shuffle(rondel)                                   # §3 公共设置 4
        decks: dict[str, list[str]] = {}
        markets: dict[str, list[str]] = {}
        for region in c.regions:                              # §3 公共设置 2
            deck = c.deck(region)
            rng.shuffle(deck)
            markets[region], decks[region] = deck[:3], deck[3:]
        drawn = []
        for pile in "abc":                                    # §3 公共设置 3
            cards = sorted(x.id for x in c.conditions.values() if x.pile == pile)
            drawn.append(cards[rng.below(len(cards))])
        rng.shuffle(drawn)
        lords = list(c.lords)
        rng.shuffle(lords)                                    # §3 公共设置 5: 玩家人数+1
        offered = lords[:players + 1]
        state = TKState(
            players=players, rng=rng, options=options, seats=[Seat() for _ in range(players)],
            offered=offered, rondel=rondel, markets=markets, decks=decks,
            ladder=dict(zip(TIERS, drawn, strict=True)), specials={"ba": c.deck("ba"), "wang": c.deck("wang")},
            five={"ba": True, "wang": True})
        reverse = list(range(players - 1, -1, -1))            # §3 个人设置 2: 从末位玩家开始逆时针
        if options.get("draft"):
            talents = [c.lords[lord].talent for lord in c.lords]
            rng.shuffle(talents)
            state.offered_talents = talents[:players + 1]
            state.stack.append(DraftF(reverse + reverse[::-1] + reverse))  # §6 snake order
        else:
            state.stack.append(LordF(reverse))
        return state

    # ---- who acts -----------------------------------------------------------------------------------------
    def to_act(self, state: TKState) -> frozenset[int]:
        return FLOW.to_act(state)

    def stage(self, state: TKState) -> str:
        """Every turn is a stage (the board is reposted once per turn); setup is one stage."""
        if state.over:
            return "over"
        if state.tao < 0 or state.lue < 0:
            return "setup"
        return f"{state.round}:{state.current}"

    def sequential(self, state: TKState) -> bool:
        """Always: one seat decides at a time; a player whose turn resumes after another answered
        inside it is told again (issue 19 §1)."""
        return True

    def acting_label(self, state: TKState, seat: int, lang: str) -> str | None:
        lord = state.seats[seat].lord
        return content().lords[lord].name(lang) if lord else None

    def prompt(self, state: TKState, seat: int, lang: str, names: Sequence[str] | None = None) -> str | None:
        return text.prompt(self, state, seat, lang, names)

    # ---- moves --------------------------------------------------------------------------------------------
    def _legal_moves(self, state: TKState, seat: int) -> list[Move]:
        return FLOW.legal(state, seat)

    def read_move(self, state: TKState, seat: int, text_: str, raw: str) -> Move | None:
        move = read(text_)
        if move is None:
            raise MalformedMove("error.unknown_move", text=raw[:80], hint=self.hint(state, seat))
        return move

    def _apply(self, state: TKState, seat: int, move: Move, events: list[Event]) -> None:
        FLOW.apply(state, seat, move, events)

    def suggestion_rank(self, state: TKState, seat: int, move: Move) -> Any:
        """Actions before declines, playing before recalling."""
        return (isinstance(move, Skip | Recall), str(move))

    def random_move(self, state: TKState, seat: int, rng: Rng) -> Move:
        """A random legal move that declines an action or recalls only when nothing else is left
        half of the time, so random games move on (every move stays possible)."""
        legal = self.legal_moves(state, seat)
        eager = [m for m in legal if not isinstance(m, Skip | Recall)]
        if eager and rng.below(2):
            return rng.choice(eager)
        return rng.choice(legal)

    def bot_move(self, state: TKState, seat: int, rng: Rng) -> Move:
        return bot.choose(self, state, seat, rng)

    # ---- views and results ----------------------------------------------------------------------------------
    def view(self, state: TKState, seat: int | None) -> TKView:
        return view(state, seat)

    def outcome(self, state: TKState) -> Outcome | None:
        if not state.over:
            return None
        return self._standings(state, ())

    def force_end(self, state: TKState) -> Outcome:
        """An admin's end: the final scoring of rules §5 on the board as it stands (ruling R15)."""
        return self._standings(state, (("outcome.force_ended", {}),))

    def _standings(self, state: TKState, reasons: tuple[tuple[str, dict[str, Any]], ...]) -> Outcome:
        parts = {seat: score(state, seat) for seat in range(state.players)}
        keys = {seat: (sum(parts[seat].values()), markers_on_map(state, seat), state.seats[seat].talent,
                       state.seats[seat].buildings) for seat in range(state.players)}   # rules §5 tie-breaks
        ranks = rank_by_keys(keys)
        standings = tuple(sorted((Standing(seat, ranks[seat], keys[seat][0], parts[seat], keys[seat][1:])
                                  for seat in range(state.players)), key=lambda s: (s.rank, s.seat)))
        return Outcome(standings, reasons)

    def secret_fields(self, state: TKState, seat: int | None) -> dict[str, Any]:
        """A hand's cards (its owner's, ruling R8); ``None``: the order of the face-down decks.
        A lone card with every deck empty is not declared: nothing could stand in for it."""
        if seat is None:
            return {f"deck.{r}.{i}": card for r, deck in state.decks.items() if len(set(deck)) > 1
                    for i, card in enumerate(deck)}
        hand = state.seats[seat].hand
        if state.over or (len(hand) < 2 and not any(state.decks.values())):
            return {}
        return {f"hand.{i}": card for i, card in enumerate(hand)}

    def scramble(self, state: TKState, seat: int | None, rng: Rng) -> TKState | None:
        """Swap a hand's cards with face-down deck cards, and reorder those the decks cannot cover
        (``None``: rotate every deck)."""
        if not self.secret_fields(state, seat):
            return None
        out = self.copy(state)
        if seat is None:
            for region, deck in out.decks.items():
                if len(set(deck)) > 1:
                    out.decks[region] = deck[1:] + deck[:1]
            return out
        pool = [(r, i) for r, deck in out.decks.items() for i in range(len(deck))]
        rng.shuffle(pool)
        hand = out.seats[seat].hand
        swapped, rest = [], []
        for i, card in enumerate(hand):
            if pool:
                region, at = pool.pop()
                hand[i], out.decks[region][at] = out.decks[region][at], card
                swapped.append(i)
            else:
                rest.append(i)
        if len(rest) == 1:  # trade places with a swapped card: both positions change
            j = swapped[0]
            hand[rest[0]], hand[j] = hand[j], hand[rest[0]]
        elif rest:
            cards = [hand[i] for i in rest]
            for i, card in zip(rest, cards[1:] + cards[:1], strict=True):
                hand[i] = card
        return out

    def invariants(self, state: TKState) -> list[str]:
        """Every talent in exactly one place; 13 markers a player; squares match lord boards."""
        c, broken = content(), []
        places: Counter[str] = Counter()
        for player in state.seats:
            places.update(player.hand)
            places.update(player.front)
        for region in c.regions:
            places.update(state.markets[region])
            places.update(state.decks[region])
        for tier in ("ba", "wang"):
            places.update(state.specials[tier])
        decks: dict[str, list[str]] = {}   # c.deck(name) for every deck, in one pass over the talents
        for talent in c.talents.values():
            decks.setdefault(talent.deck, []).append(talent.id)
        own = set(decks.get("hand", []))   # every player has their own copy of the four hand cards
        seated = sum(1 for p in state.seats if p.hand or p.front)
        doubled = [card for card, n in places.items() if n > 1 and card not in own]
        doubled += [card for card in own if places[card] not in {0, seated}]
        if doubled:
            broken.append(f"cards in two places: {doubled}")
        for region in c.regions:
            if len(places) and sum(places[x] for x in decks.get(region, [])) != 16:
                broken.append(f"region {region} lost cards")
        owners = {z: [b.seat for b in squares.values()] for z, squares in state.squares.items()}
        for i, player in enumerate(state.seats):
            if player.lord and player.markers + markers_on_map(state, i) != 13:
                broken.append(f"seat {i} markers do not add up")
            if min(player.gold, player.wood, player.troops) < 0:
                broken.append(f"seat {i} below zero")
            on_board = sum(seats.count(i) for seats in owners.values())
            if on_board != player.buildings:
                broken.append(f"seat {i} buildings do not match the map")
            for z, seats in owners.items():
                if seats.count(i) > markers_in(state, z, i):
                    broken.append(f"seat {i} has more buildings than markers in {z}")
        for z, markers in state.markers.items():
            if len(markers) > 4:
                broken.append(f"{z} holds {len(markers)} markers")
        if state.seals + sum(p.seals for p in state.seats) != 5:
            broken.append("seals do not add up")
        return broken

    def corruptions(self, state: TKState) -> list[tuple[str, TKState]]:
        """A seal from nowhere; gold below zero; a marker lost."""
        seal, gold, marker = self.copy(state), self.copy(state), self.copy(state)
        seal.seals += 1
        gold.seats[0].gold = -1
        out = [("a seal from nowhere", seal), ("gold below zero", gold)]
        if marker.seats[0].lord:
            marker.seats[0].markers += 1
            out.append(("a marker from nowhere", marker))
        return out

    def irreversible(self, events: list[Event]) -> bool:
        """Hiring turns up a deck card; claims and setups are public choices but change the race."""
        return any(e.kind in {"hired", "lord_taken", "drafted", "rewarded", "game_over"} for e in events)

    # ---- text ---------------------------------------------------------------------------------------------
    def param_text(self, name: str, value: Any, lang: str) -> str | None:
        shown = text.param_text(self, name, value, lang)
        return shown if shown is not None else super().param_text(name, value, lang)

    def move_label(self, state: TKState, seat: int, move: Move, lang: str, names: Sequence[str] | None = None) -> str:
        return text.move_label(self, state, seat, move, lang)

    def summarize(self, view_: Any, lang: str, names: Sequence[str] | None = None) -> list[str]:
        return text.summarize(self, view_, lang)

    def choices(self, state: TKState, seat: int, path: Sequence[str], lang: str,
                names: Sequence[str] | None = None) -> list[Option]:
        """The moves grouped token by token (``any`` → the resource → the action), each group labelled in words
        (issue 22 §4: the 任意 action's 18 moves were one flat list)."""
        return [option if option.final else msgspec.structs.replace(
                    option, label=text.group_label(self, path, option.token, lang))
                for option in super().choices(state, seat, path, lang, names)]

