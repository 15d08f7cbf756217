"""巨富豪∞ (Megarich∞) as one title: the gathering phase, the design phase and the bidding battle, end to end.

The top-level state (:class:`MegaState`) holds the phase and wraps the parts' states: ``gather``
(:class:`~games.megarich.state.GatherState`, played on the flow kernel of :mod:`games.megarich.gathering`),
``design`` (:class:`~games.megarich.designing.DesignState`, built by :func:`~games.megarich.designing.from_gathering`
once the last day is over) and ``battle`` (:class:`BattleRecord`, what :func:`~games.megarich.battle.fight` produced
once every design is done). The phases run ``gathering → design → battle → over``; the battle takes no move, so a
state rests in ``battle`` never: the last ``done`` of the design phase fights it and ends the game (rules 6.x of
``docs/rules/megarich.md``).

One generator: the state's ``rng`` is the game's; a part's state keeps a copy in its own ``rng`` field (the parts are
``BaseState`` s), relinked to the top-level one before every delegated call (:func:`_link`).

The design phase's placement space is never listed outside tests: menus, completion, counts, random moves and
refusals are the design part's level-by-level answers (:func:`games.megarich.designing.choices` …).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from games.core import (
    CORE_CATALOG,
    BaseState,
    Catalog,
    Event,
    Game,
    GameMeta,
    IllegalMove,
    Move,
    Option,
    OptionSpec,
    Outcome,
    Rng,
    Standing,
)
from games.core.errors import GameOver
from games.core.menu import MENU_LIMIT, complete_by_tokens
from games.core.outcome import rank_by_keys

from . import battle, board, designing, gathering
from . import view as gather_views
from .blocks import blocks
from .dice import CoinFace
from .events import deck, option_labels, result_text
from .focus import FocusView, focus
from .items import catalogue
from .moves import Buy, Choose, Done, Explore, Gather, Go, Sell, Shop, Train, Upgrade, Use
from .moves import read as read_gather
from .state import STATES, CandidateF, ChanceF, GatherState, ShopF, Traveller
from .view import GatherView

GATHERING = "gathering"
DESIGN = "design"
BATTLE = "battle"
OVER = "over"
PHASES: tuple[str, ...] = (GATHERING, DESIGN, BATTLE, OVER)
#: The design phase's kind of step (the gathering phase's are its flow kernel's frame tags).
DESIGN_STEP = "mr_design"
#: The move kinds of the design phase that change only the designer's own secret design and draw nothing.
REVERSIBLE = frozenset({"designing.placed", "designing.removed", "designing.slot", "designing.bought",
                        "designing.named"})
#: An event nobody sees, recording that a move drew from the game's generator (undo then needs consent).
DREW = "megarich.drew"
#: How many percent of its own D a ``boost`` of D adds, per unit of the hook's value (ruling R61).
SUMMON_EVERY = 3
HASTE_PER = 100

CATALOG = Catalog.load(Path(__file__).with_name("messages.toml"), parent=CORE_CATALOG)
#: The default bot's kit: the slots and generic blocks it buys in the gathering phase, and the funds it keeps.
KIT_SLOTS = 2
KIT_GENERICS = 4
KIT_RESERVE = 900


def _wants_kit(player: Traveller, funds: int, slot: bool | None = None) -> bool:
    """Whether the bot still wants a slot (``slot``), a generic block (``not slot``) or either (``None``), with
    more than ``funds`` in hand."""
    if player.funds <= funds:
        return False
    want_slot = len(player.slots) < KIT_SLOTS
    want_generic = sum(player.generics.values()) < KIT_GENERICS
    return (want_slot or want_generic) if slot is None else want_slot if slot else want_generic

META = GameMeta(
    id="megarich",
    names={"en": "Megarich∞", "zh": "巨富豪∞"},
    min_players=2,
    max_players=6,
    rules_reference="docs/rules/megarich.md",
    rules_references={"zh": "docs/rules/zh/megarich.md"},
    engine_version="1",
    renderer="render.megarich:RENDERER",
    hidden_information=True,  # designs are secret until every design is done (rule 4.3)
    aliases=("巨富豪", "megarich-infinity"),
    # a random playout takes well under a second: 50 of them cost the suite a few seconds
    playouts=50,
    options=(
        OptionSpec("days", "int", gathering.ECONOMY.days, {"en": "Days of gathering", "zh": "取材天数"},
                   minimum=1, maximum=14),
    ),
    variants=({"days": 2},),
)


# ---- state ------------------------------------------------------------------------------------------------------
class Entry(msgspec.Struct, frozen=True):
    """A wonder as it entered the battle: its seat, name, stats and effects (``kind:amount:every:power:source``)."""

    seat: int
    name: str
    S: int
    A: int
    D: int
    F: int
    effects: list[str] = []


class BattleRecord(msgspec.Struct, frozen=True):
    """What the battle produced: the entries, the ranking (first place first), the ticks, whether the cap stopped it;
    by seat the final S, the tick the wonder left (0: still standing) and the damage dealt; and the generator's state
    before the battle (``seed``: the replay fights it again from there, :func:`replay_battle`)."""

    entries: list[Entry]
    winner: int
    ranking: list[int]
    ticks: int
    timed_out: bool
    final_s: list[int]
    out_at: list[int]
    damage: list[int]
    seed: int


class MegaState(BaseState, kw_only=True):
    """One game of Megarich∞: the phase and the parts' states."""

    phase: str = GATHERING
    gather: GatherState
    design: designing.DesignState | None = None
    battle: BattleRecord | None = None


def _link(state: MegaState) -> None:
    """Point the parts' generators at the game's (they are copies after a round trip through JSON)."""
    state.gather.rng = state.rng
    if state.design is not None:
        state.design.rng = state.rng


def stored(gather: GatherState) -> GatherState:
    """``gather`` as storage keeps it (JSON with sorted keys): the design phase numbers the blocks from it, so a game
    played live, replayed in place or loaded from storage numbers them alike, in tile-id order (ruling R63)."""
    return msgspec.json.decode(msgspec.json.encode(gather, order="sorted"), type=GatherState)


def _design(state: MegaState) -> designing.DesignState:
    if state.design is None:
        raise GameOver()
    return state.design


# ---- the battle's inputs (ruling R61) ---------------------------------------------------------------------------
def effect_text(effect: battle.Effect) -> str:
    return f"{effect.kind.value}:{effect.amount}:{effect.every}:{effect.power}:{effect.source}"


def battle_wonder(design: designing.DesignState, seat: int) -> battle.Wonder:
    """``seat``'s wonder as it enters the battle (ruling R61): the preview's stats (S at least 1, the others at least
    0) and its blocks' hooks at their level as battle effects — ``regen`` v → regen v each tick, ``haste`` v →
    v extra attacks per 100 ticks, ``summon`` v → v minions every 3 ticks with a tenth of A each, ``boost`` of A →
    own attacks v % stronger, ``boost`` of D → D raised by v % (scaled by F like every effect). F scales them in the
    battle (``battle.fscale``), so the hooks' values are taken at F = 0."""
    wonder = designing.preview(design, seat)
    s = wonder.stats
    hp, attack, defence, support = max(1, s.S), max(0, s.A), max(0, s.D), max(0, s.F)
    effects: list[battle.Effect] = []
    raise_d = 0
    for placed in wonder.hooks:
        hook, value, source = placed.hook, max(0, placed.hook.value), placed.key
        if hook.kind == "regen":
            effects.append(battle.Effect(battle.EffectKind.REGEN, value, source=source))
        elif hook.kind == "haste":
            effects.append(battle.Effect(battle.EffectKind.STRIKE, value, every=HASTE_PER, source=source))
        elif hook.kind == "summon":
            effects.append(battle.Effect(battle.EffectKind.SUMMON, value, every=SUMMON_EVERY,
                                         power=max(1, attack // 10), source=source))
        elif hook.kind == "boost" and hook.stat == "D":
            raise_d += value
        elif hook.kind == "boost":
            effects.append(battle.Effect(battle.EffectKind.BOOST, value, source=source))
    if raise_d:
        defence += defence * raise_d * battle.fscale(support) // (100 * battle.PERMILLE)
    name = design.seats[seat].name
    return battle.Wonder(seat, hp, attack, defence, support, tuple(effects), name)


def entry(w: battle.Wonder) -> Entry:
    return Entry(w.seat, w.name, w.S, w.A, w.D, w.F, [effect_text(e) for e in w.effects])


def wonder_of(e: Entry) -> battle.Wonder:
    """An entry back as the battle's wonder."""
    effects = []
    for text in e.effects:
        kind, amount, every, power, source = text.split(":", 4)
        effects.append(battle.Effect(battle.EffectKind(kind), int(amount), int(every), int(power), source))
    return battle.Wonder(e.seat, e.S, e.A, e.D, e.F, tuple(effects), e.name)


def replay_battle(record: BattleRecord) -> battle.BattleResult:
    """The battle again, tick by tick (for the replay animation): the same wonders, the same generator state."""
    return battle.fight([wonder_of(e) for e in record.entries], Rng(record.seed))


def run_battle(state: MegaState, events: list[Event]) -> None:
    """Every design is done (rule 6.3): the wonders enter the battle and fight it with the game's generator."""
    design = _design(state)
    state.phase = BATTLE
    wonders = [battle_wonder(design, seat) for seat in range(state.players)]
    seed = state.rng.state
    result = battle.fight(wonders, state.rng)
    state.battle = BattleRecord(
        [entry(w) for w in result.wonders], result.winner, list(result.ranking), result.ticks, result.timed_out,
        [result.final_s.get(s, 0) for s in range(state.players)],
        [result.out_at.get(s, 0) for s in range(state.players)],
        [result.damage_dealt.get(s, 0) for s in range(state.players)], seed)
    events.append(Event("megarich.battle", {"ticks": result.ticks}))
    events.append(Event("megarich.winner", {"seat": result.winner, "name": design.seats[result.winner].name}))
    state.phase = OVER


# ---- views ------------------------------------------------------------------------------------------------------
class BattleView(msgspec.Struct, frozen=True):
    """The battle's result (public once fought)."""

    winner: int
    ranking: list[int]
    ticks: int
    timed_out: bool
    entries: list[Entry]
    final_s: list[int]
    damage: list[int]
    seed: int
    #: The battle tick by tick (the same fight again from its seed, worked out here so that the
    #: renderer draws the replay without running the battle: renderers never run rules).
    replay: battle.Replay | None = None


def replay_view(fought: BattleView) -> battle.BattleResult:
    """The battle again from its public record (the replay animation draws it): the same wonders, the same generator
    state, so the same ticks, hits and ranking."""
    return battle.fight([wonder_of(e) for e in fought.entries], Rng(fought.seed))


class MegaView(msgspec.Struct, frozen=True):
    """What one viewer sees: the phase, the gathering phase (:func:`games.megarich.view.view`: public but for the
    hands and a shop's offers, the viewer's own only; no chance card's results), the design phase (the viewer's own
    design, the others' only once all are done) and the battle once fought."""

    viewer: int | None
    phase: str
    gathering: GatherView
    design: designing.DesignView | None
    battle: BattleView | None
    #: Beside a placement or slot menu (``place b3 …``, ``slot t …``): what its picture shows
    #: (:meth:`MegarichGame.focus_view`).
    focus: FocusView | None = None


# ---- the game ---------------------------------------------------------------------------------------------------
class MegarichGame(Game[MegaState, Move]):
    """巨富豪∞: gather inspiration on a wrapped map of real places, design a wonder in secret, win the battle."""

    meta = META
    state_type = MegaState
    catalog = CATALOG

    # ---- setup ------------------------------------------------------------------------------------------------
    def _setup(self, players: int, options: dict[str, Any], rng: Rng) -> MegaState:
        events: list[Event] = []
        gather = gathering.setup(players, rng, days=int(options["days"]), events=events)
        state = MegaState(players=players, rng=rng, options=options, gather=gather)
        _link(state)
        return state

    # ---- who acts ---------------------------------------------------------------------------------------------
    def to_act(self, state: MegaState) -> frozenset[int]:
        if state.phase == GATHERING:
            return gathering.FLOW.to_act(state.gather)
        if state.phase == DESIGN:
            return designing.actors(_design(state))
        return frozenset()

    def stage(self, state: MegaState) -> str:
        """The public stage: a gathering day and whose turn, the design phase, the end."""
        if state.phase == GATHERING:
            g = state.gather
            return f"gathering:{g.round}:{g.current}"
        return state.phase

    def step_kinds(self) -> frozenset[str]:
        return gathering.FLOW.kinds() | {DESIGN_STEP}

    def step_kind(self, state: MegaState) -> str:
        if state.phase == GATHERING:
            return gathering.FLOW.kind(state.gather)
        return DESIGN_STEP if state.phase == DESIGN else ""

    # ---- moves ------------------------------------------------------------------------------------------------
    def _legal_moves(self, state: MegaState, seat: int) -> list[Move]:
        """The gathering phase's moves; in the design phase every menu move, listed — for tests only: nothing on the
        play path calls it there (menus, counts, random moves and refusals answer level by level)."""
        if state.phase == GATHERING:
            return gathering.FLOW.legal(state.gather, seat) if seat in self.to_act(state) else []
        if state.phase == DESIGN and seat in self.to_act(state):
            return list(designing.every_move(_design(state), seat))
        return []

    def read_move(self, state: MegaState, seat: int, text: str, raw: str) -> Move | None:
        if state.phase == DESIGN:
            return designing.read_move(_design(state), seat, text, raw)
        return read_gather(text)

    def _parse_grammar(self, text: str) -> Move | None:
        return read_gather(text) or designing.read(text)

    def _apply(self, state: MegaState, seat: int, move: Move, events: list[Event]) -> None:
        _link(state)
        before = state.rng.state
        if state.phase == GATHERING:
            gathering.FLOW.apply(state.gather, seat, move, events)
            if state.gather.finished:
                state.design = designing.from_gathering(stored(state.gather))
                state.phase = DESIGN
                events.append(Event("megarich.design_begins", {}))
        elif state.phase == DESIGN:
            if not isinstance(move, designing.DesignMove):
                raise IllegalMove("error.megarich.not_now", move=str(move))
            design = _design(state)
            designing.apply(design, seat, move, events)
            if design.finished:
                run_battle(state, events)
        else:
            raise GameOver()
        _link(state)
        if state.rng.state != before:
            events.append(Event(DREW, {}, seats=()))

    # ---- menus without listing the design's placements -------------------------------------------------------
    def choices(self, state: MegaState, seat: int, path: Sequence[str], lang: str,
                names: Sequence[str] | None = None) -> list[Option]:
        if state.phase == DESIGN:
            return designing.choices(_design(state), seat, path, lang) if seat in self.to_act(state) else []
        return super().choices(state, seat, path, lang, names)

    def complete(self, state: MegaState, seat: int, text: str, lang: str, limit: int = MENU_LIMIT,
                 names: Sequence[str] | None = None) -> list[Option]:
        if state.phase == DESIGN:
            return complete_by_tokens(lambda path: self.choices(state, seat, path, lang), text, limit)
        return super().complete(state, seat, text, lang, limit, names)

    def count_moves(self, state: MegaState, seat: int, limit: int | None = None) -> int:
        if state.phase == DESIGN:
            if seat not in self.to_act(state):
                return 0
            return designing.count_moves(_design(state), seat, limit)
        return super().count_moves(state, seat, limit)

    def has_moves(self, state: MegaState, seat: int) -> bool:
        return self.count_moves(state, seat, limit=1) > 0

    def random_move(self, state: MegaState, seat: int, rng: Rng) -> Move:
        if state.phase == DESIGN:
            return designing.random_move(_design(state), seat, rng)
        return super().random_move(state, seat, rng)

    def hint(self, state: MegaState, seat: int, limit: int = 8) -> str:
        """In the design phase the first level of the menu (``place``, ``slot``… ``done``), never the placements."""
        if state.phase == DESIGN:
            if seat not in self.to_act(state):
                return ""
            return ", ".join(o.token for o in designing.choices(_design(state), seat, (), "en")[:limit])
        return super().hint(state, seat, limit)

    def bot_move(self, state: MegaState, seat: int, rng: Rng) -> Move:
        """Gather where it stands when it can, use an item now and then, explore while the funds allow, then end the
        day; design as the design part's bot does (the largest blocks first, a name, done)."""
        if state.phase == DESIGN:
            return designing.bot_move(_design(state), seat, rng)
        return self._gather_bot(state, seat, rng)

    def _gather_bot(self, state: MegaState, seat: int, rng: Rng) -> Move:
        legal = sorted(self._legal_moves(state, seat), key=str)
        player = state.gather.seats[seat]
        kinds = {type(m) for m in legal}
        step = gathering.FLOW.kind(state.gather)
        if step == "mr_candidate":
            return Choose(1 + rng.below(gathering.CANDIDATES))
        top = gathering.FLOW.top(state.gather)
        if isinstance(top, ShopF):
            return self._shop_bot(top, player, legal, rng)
        if Go in kinds:
            goes = [m for m in legal if isinstance(m, Go)]
            return goes[rng.below(len(goes))]
        if _wants_kit(player, KIT_RESERVE):               # a key city's slots and generic blocks, by train if near
            if Shop in kinds:
                return Shop()
            trains = [m for m in legal if isinstance(m, Train) and m.cell in board.atlas().key_cells]
            if trains:
                return trains[0]
        uses = [m for m in legal if isinstance(m, Use)]
        if uses and rng.below(3) == 0:                # now and then an item from the hand
            return uses[rng.below(len(uses))]
        for kind in (Gather, Upgrade):
            if kind in kinds and player.funds > 0:
                return next(m for m in legal if isinstance(m, kind))
        if Explore in kinds and player.funds > gathering.ECONOMY.level(1).price and rng.below(3):
            return Explore()
        if Done in kinds:
            return Done()
        return legal[rng.below(len(legal))]

    @staticmethod
    def _shop_bot(top: ShopF, player: Traveller, legal: list[Move], rng: Rng) -> Move:
        """A slot or two and some generic blocks while the funds stay above a reserve (ruling R81); else one item
        a shop while the funds are ample."""
        buys = [m for m in legal if isinstance(m, Buy)]
        for m in buys:
            offer = top.offers[m.index - 1]
            if (offer.slot or offer.stat) and _wants_kit(player, KIT_RESERVE + offer.price, slot=bool(offer.slot)):
                return m
        items = [m for m in buys if top.offers[m.index - 1].item]
        ample = player.funds > 3 * gathering.ECONOMY.level(1).price
        return items[rng.below(len(items))] if items and ample and not top.bought else Done()

    def timeout_move(self, state: MegaState, seat: int, rng: Rng) -> Move:
        """A missed deadline: the design is locked as it stands (R57); in the gathering phase the day ends (``done``),
        a choice takes the first option and the move phase throws toward direction 0."""
        if state.phase == DESIGN:
            return designing.timeout_move(_design(state), seat)
        legal = sorted(self._legal_moves(state, seat), key=str)
        if Done() in legal:
            return Done()
        return legal[0]

    # ---- results ----------------------------------------------------------------------------------------------
    def outcome(self, state: MegaState) -> Outcome | None:
        """The battle's winner wins; every seat ranks where the battle ranked it (rule 6.4)."""
        record = state.battle
        if state.phase != OVER or record is None:
            return None
        standings = tuple(Standing(seat, rank, max(0, record.final_s[seat]),
                                   {"damage": record.damage[seat]})
                          for rank, seat in enumerate(record.ranking, 1))
        return Outcome(standings, (("outcome.megarich.battle", {"seat": record.winner}),))

    def force_end(self, state: MegaState) -> Outcome:
        """An admin's early end (ruling R62): in the gathering phase by funds plus the blocks held (each level worth
        a first gather's price), in the design phase by the preview's S + A + D + F; after the battle, its result."""
        done = self.outcome(state)
        if done is not None:
            return done
        score: dict[int, int] = {}
        if state.phase == GATHERING:
            price = gathering.ECONOMY.level(1).price
            for seat, p in enumerate(state.gather.seats):
                score[seat] = p.funds + price * sum(p.blocks.values())
        else:
            design = _design(state)
            for seat in range(state.players):
                s = designing.preview(design, seat).stats
                score[seat] = s.S + s.A + s.D + s.F
        ranks = rank_by_keys({seat: (value,) for seat, value in score.items()})
        order = sorted(score, key=lambda s: (ranks[s], s))
        standings = tuple(Standing(seat, ranks[seat], score[seat]) for seat in order)
        return Outcome(standings, (("outcome.force_ended", {}),))

    # ---- views ------------------------------------------------------------------------------------------------
    def view(self, state: MegaState, seat: int | None) -> MegaView:
        design = designing.view(state.design, seat) if state.design is not None else None
        record = state.battle
        fought = None if record is None else BattleView(record.winner, record.ranking, record.ticks,
                                                        record.timed_out, record.entries, record.final_s,
                                                        record.damage, record.seed)
        if fought is not None:
            fought = msgspec.structs.replace(fought, replay=battle.Replay.of(replay_view(fought)))
        return MegaView(seat, state.phase, gather_views.view(state.gather, seat), design, fought)

    def focus_view(self, state: MegaState, seat: int, path: Sequence[str], view: Any) -> Any:
        """``view`` with the placement (or slot) menu's cells at ``path`` (:func:`games.megarich.focus.focus`): the
        anchors a chosen block may take, then the orientations that fit on a chosen cell; only on the seat's own
        view (designs are secret, rule 4.3)."""
        if state.phase != DESIGN or not isinstance(view, MegaView) or view.viewer != seat:
            return view
        found = focus(_design(state), seat, path)
        return view if found is None else msgspec.structs.replace(view, focus=found)

    def summarize(self, view: Any, lang: str, names: Sequence[str] | None = None) -> list[str]:
        if not isinstance(view, MegaView):
            return super().summarize(view, lang, names)

        def who(seat: int) -> str:
            return names[seat] if names is not None and 0 <= seat < len(names) else f"#{seat + 1}"

        g = view.gathering
        lines = [self.text(f"summary.megarich.{view.phase}", {"round": g.round, "days": g.days}, lang)]
        if view.phase == GATHERING:
            step = self.text(f"summary.megarich.step_{g.step}", None, lang)
            lines.append(self.text("summary.megarich.turn", {"player": who(g.current), "step": step}, lang))
        for t in g.players:
            lines.append(self.text("summary.megarich.traveller", {
                "player": who(t.seat), "tile": t.tile, "funds": t.funds if view.phase == GATHERING else "-",
                "blocks": len(t.blocks), "slots": len(t.slots), "generics": sum(t.generics.values()),
                "clock": gathering.clock_text(t.clock)}, lang))
        d = view.design
        if d is not None:
            for s in d.seats:
                lines.append(self.text("summary.megarich.designer", {
                    "player": who(s.seat), "state": self.text(
                        "summary.megarich.done" if s.done else "summary.megarich.designing", {}, lang)}, lang))
            for own in ([d.own] if d.own is not None and not d.revealed else []) + d.designs:
                p = own.preview
                lines.append(self.text("summary.megarich.wonder", {
                    "player": who(own.seat), "name": own.name or "-", "S": p.S, "A": p.A, "D": p.D, "F": p.F,
                    "funds": own.funds}, lang))
        b = view.battle
        if b is not None:
            lines.append(self.text("summary.megarich.result", {"player": who(b.winner), "ticks": b.ticks}, lang))
            lines.append(self.text("summary.megarich.ranking",
                                   {"ranking": ", ".join(who(s) for s in b.ranking)}, lang))
        return lines

    def move_label(self, state: MegaState, seat: int, move: Move, lang: str,
                   names: Sequence[str] | None = None) -> str:
        if isinstance(move, designing.DesignMove) and state.design is not None:
            return designing.label(state.design, seat, move, lang)
        top = gathering.FLOW.top(state.gather) if state.phase == GATHERING else None
        if isinstance(move, Choose) and isinstance(top, ChanceF):     # the option's words, never its result
            options = option_labels(top.card, lang)
            if 1 <= move.index <= len(options):
                return f"{options[move.index - 1]} ({move})"
        if isinstance(move, Buy) and isinstance(top, ShopF) and 1 <= move.index <= len(top.offers):
            offer = top.offers[move.index - 1]                        # the shopper's menu names the goods
            goods = self.text("menu.megarich.slot_goods", {"kind": offer.slot}, lang) if offer.slot else \
                self.text("menu.megarich.generic_goods", {"stat": offer.stat}, lang) if offer.stat else \
                catalogue()[offer.item].name(lang)
            card = f" — {catalogue()[offer.item].text(lang)}" if offer.item in catalogue() \
                and not offer.slot and not offer.stat else ""
            return f"{goods} ${offer.price:,} ({move}){card}"
        if isinstance(move, Use | Sell) and move.item in catalogue():  # a newcomer reads what the card does
            verb = self.text(f"menu.megarich.{type(move).__name__.lower()}", {"item": move.item}, lang)
            return f"{verb} — {catalogue()[move.item].text(lang)}"
        if isinstance(move, Choose) and isinstance(top, CandidateF):  # the candidate block by name
            found = blocks().get(f"{top.tile}.{move.index}")
            if found is not None:
                return f"{found.name(lang)} ({move})"
        key = f"menu.megarich.{type(move).__name__.lower()}"
        if self.catalog.template(key, lang) is None:
            return str(move)
        return self.text(key, msgspec.structs.asdict(move) if isinstance(move, msgspec.Struct) else {}, lang) \
            + f" ({move})"

    def prompt(self, state: MegaState, seat: int, lang: str, names: Sequence[str] | None = None) -> str | None:
        if seat not in self.to_act(state):
            return None
        step = self.step_kind(state)
        return self.text(f"prompt.megarich.{step}", None, lang)

    def param_text(self, name: str, value: Any, lang: str) -> str | None:
        """Tiles, items, event cards and abnormal states by name in ``lang`` (events and errors carry ids)."""
        if isinstance(value, str):
            if name == "tile" and value in board.atlas().by_id:
                return board.atlas().by_id[value].name(lang)
            if name == "item" and value in catalogue():
                return catalogue()[value].name(lang)
            if name == "card" and value in deck():
                found = deck()[value]
                return found.zh if lang == "zh" else found.en
            if name == "state" and value in STATES:
                return self.text(f"name.megarich.{value}", None, lang)
            if name == "result" and "/" in value:                      # a chance option's result, once chosen
                card_id, _, option = value.partition("/")
                if card_id in deck() and option.isdigit() and 1 <= int(option) <= len(deck()[card_id].choice):
                    return result_text(card_id, int(option), lang)
            if name == "face" and value in {f.value for f in CoinFace}:
                return CoinFace(value).zh if lang == "zh" else value
        return super().param_text(name, value, lang)

    # ---- secrecy ----------------------------------------------------------------------------------------------
    def secret_fields(self, state: MegaState, seat: int | None) -> dict[str, Any]:
        """In the gathering phase a seat's hand (others see how many cards it holds, ruling R68); in the design phase
        its design until every design is done (rule 4.3)."""
        if state.phase == GATHERING:
            items = state.gather.seats[seat].items if seat is not None else []
            return {"items": list(items)} if items else {}
        if state.phase != DESIGN or state.design is None:
            return {}
        return designing.secret_fields(state.design, seat)

    def scramble(self, state: MegaState, seat: int | None, rng: Rng) -> MegaState | None:
        if state.phase == GATHERING:
            return self._scramble_hand(state, seat, rng)
        if state.phase != DESIGN or state.design is None:
            return None
        other = designing.scramble(state.design, seat, rng)
        if other is None:
            return None
        out = self.copy(state)
        out.design = other
        _link(out)
        return out

    def _scramble_hand(self, state: MegaState, seat: int | None, rng: Rng) -> MegaState | None:
        """A copy whose ``seat`` holds as many other cards (common ones, so no unique is held twice)."""
        if seat is None or not state.gather.seats[seat].items:
            return None
        out = self.copy(state)
        hand = out.gather.seats[seat].items
        pool = sorted(i for i, found in catalogue().items() if found.rarity == "common")
        scrambled = [pool[rng.below(len(pool))] for _ in hand]
        if scrambled == hand:
            scrambled = [next(i for i in pool if i != hand[0]), *scrambled[1:]]
        out.gather.seats[seat].items = scrambled
        _link(out)
        return out

    def irreversible(self, events: list[Event]) -> bool:
        """A move that drew from the generator (a tram throw, an explore, the battle) or locked a design is
        irreversible; laying, removing, buying and naming on one's own secret design may be undone."""
        return not events or any(e.kind not in REVERSIBLE for e in events)

    # ---- invariants -------------------------------------------------------------------------------------------
    def invariants(self, state: MegaState) -> list[str]:
        out: list[str] = []
        if state.phase not in PHASES or state.phase == BATTLE:
            out.append(f"the game rests in phase {state.phase!r}")
        if state.phase == GATHERING:
            out += gathering.invariants(state.gather)
            if state.design is not None or state.battle is not None:
                out.append("a design or battle during the gathering phase")
            return out
        if not state.gather.finished:
            out.append("the gathering phase is not over")
        design = state.design
        if design is None:
            return [*out, "no design phase after the gathering"]
        out += designing.invariants(design)
        for seat, (traveller, me) in enumerate(zip(state.gather.seats, design.seats, strict=True)):
            brought = sorted([*me.spare, *(x.kind for x in me.slots if not x.bought)])
            stats = sorted(g.stat for g in me.generics if not g.bought)
            if brought != sorted(traveller.slots) or stats != sorted(
                    stat for stat, n in traveller.generics.items() for _ in range(n)):
                out.append(f"seat {seat}: the slots or generic blocks brought are not those bought (ruling R81)")
        if design.money != state.gather.money():
            out.append(f"the design phase holds {design.money}, the gathering ended with {state.gather.money()}")
        if state.phase == DESIGN and (design.finished or state.battle is not None):
            out.append("every design is done, yet no battle")
        if state.phase == OVER:
            record = state.battle
            if record is None or not design.finished:
                out.append("over without a battle or with a design in progress")
            elif sorted(record.ranking) != list(range(state.players)) or record.winner != record.ranking[0]:
                out.append(f"the battle's ranking {record.ranking} is not every seat once, winner first")
        return out

    def corruptions(self, state: MegaState) -> list[tuple[str, MegaState]]:
        out: list[tuple[str, MegaState]] = []
        if state.phase == GATHERING:
            for name, bad in gathering.corruptions(state.gather):
                copy = self.copy(state)
                copy.gather = bad
                out.append((name, copy))
        elif state.design is not None:
            for name, bad_design in designing.corruptions(state.design):
                copy = self.copy(state)
                copy.design = bad_design
                out.append((name, copy))
            smuggled = self.copy(state)
            assert smuggled.design is not None
            smuggled.design.seats[0].generics.append(designing.Generic("g99", "S", bought=False))
            out.append(("a generic block brought from nowhere", smuggled))
        if state.battle is not None:
            copy = self.copy(state)
            assert copy.battle is not None
            copy.battle = msgspec.structs.replace(copy.battle, ranking=[copy.battle.ranking[0]] * state.players)
            out.append(("a seat ranked twice", copy))
        bad_phase = self.copy(state)
        bad_phase.phase = BATTLE
        out.append(("resting in the battle", bad_phase))
        return out


GAME = MegarichGame()
