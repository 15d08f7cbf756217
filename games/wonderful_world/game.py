"""It's a Wonderful World as a Tabula title (rules: ``docs/rules/wonderful-world.md``)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from games.core import (
    CORE_CATALOG,
    Catalog,
    Event,
    Game,
    GameMeta,
    OptionSpec,
    Outcome,
    Rng,
    Standing,
    rank_by_keys,
)

from .actions import KRYSTALLIUM_RATE
from .cards import deck_list, designs, empires
from .moves import Build, Done, Pick, Place, Recycle, Take, WorldMove
from .scoring import leftover_resources, score
from .state import Empire, Phase, WorldState, copy_state
from .steps import FLOW, start_round
from .view import build_view, summary_lines

CATALOG = Catalog.load(Path(__file__).with_name("messages.toml"), parent=CORE_CATALOG)

META = GameMeta(
    id="wonderful-world",
    names={"en": "It's a Wonderful World", "zh": "美丽新世界"},
    min_players=1,
    max_players=5,
    rules_reference="docs/rules/wonderful-world.md",
    rules_references={"zh": "docs/rules/zh/wonderful-world.md"},
    renderer="render.wonderful_world:RENDERER",
    engine_version="1.0.0",
    aliases=("iaww", "wonderful", "美丽新世界"),
    options=(
        OptionSpec("side", "choice", "a", {"en": "Empire card side (a or b)", "zh": "帝国卡牌面（a 或 b）"},
                   choices=("a", "b")),
        OptionSpec("unfinished_penalty", "int", 1,
                   {"en": "Points lost per unfinished card at the end",
                    "zh": "终局每张未完成卡牌扣分"}, minimum=0, maximum=5),
    ),
)

# Words players may type instead of the canonical English ones.
WORDS: dict[str, str] = {
    "材料": "materials", "能源": "energy", "科学": "science", "金钱": "gold", "黄金": "gold",
    "探索": "exploration", "超能": "krystallium", "氪晶": "krystallium", "金融家": "financier",
    "将军": "general", "拿": "take", "选": "pick", "选择": "pick", "建造": "build", "建设": "build",
    "回收": "recycle", "放置": "place", "完成": "done", "结束": "done", "pass": "done",
    "end": "done", "k": "krystallium", "mat": "materials", "nrg": "energy", "sci": "science",
    "exp": "exploration",
}
_TOKEN = re.compile(r"\s+")


class WonderfulWorld(Game[WorldState, WorldMove]):
    """Four rounds of draft, planning and production; most points wins (rules §2)."""

    meta: ClassVar[GameMeta] = META
    state_type: ClassVar[type] = WorldState
    flow = FLOW
    catalog: ClassVar[Catalog] = CATALOG

    # ---- setup -----------------------------------------------------------------------------
    def copy(self, state: WorldState) -> WorldState:
        return copy_state(state)

    def _setup(self, players: int, options: dict[str, Any], rng: Rng) -> WorldState:
        cards = list(deck_list())
        deck = list(range(len(cards)))
        rng.shuffle(deck)
        empire_ids = sorted(empires())
        rng.shuffle(empire_ids)
        state = WorldState(players=players, rng=rng, options=options, side=options["side"],
                           deck=deck, cards=cards,
                           empires=[Empire(empire=empire_ids[s]) for s in range(players)])
        start_round(state, [])
        return state

    def stage(self, state: WorldState) -> str:
        """Round and phase: the draft's seven picks are one stage, planning one, and the five
        production steps one (chat pings a player once per stage and edits one post within it)."""
        return f"{state.round}:{state.phase.value}"

    def prompt(self, state: WorldState, seat: int, lang: str,
               names: Sequence[str] | None = None) -> str | None:
        """The phase's task: pick a card; build or recycle the drafted cards; place this step's cubes."""
        if seat not in self.to_act(state):
            return None
        if state.phase == Phase.PRODUCTION:
            resource = self.text(f"word.{state.resource.value}", None, lang)
            return self.text("prompt.production", {"resource": resource}, lang)
        key = f"prompt.{state.phase.value}"
        return self.text(key, None, lang) if self.catalog.has(key) else None

    # ---- who acts, legal moves: the flow kernel (games.wonderful_world.steps) -------------------
    def to_act(self, state: WorldState) -> frozenset[int]:
        return FLOW.to_act(state)

    def _legal_moves(self, state: WorldState, seat: int) -> list[WorldMove]:
        return FLOW.legal(state, seat)  # type: ignore[return-value]  # only WorldMoves

    # ---- notation aliases ------------------------------------------------------------------
    def _parse_alias(self, state: WorldState, seat: int, text: str,
                     legal: list[WorldMove]) -> WorldMove | None:
        words = [WORDS.get(w, w) for w in _TOKEN.split(text)]
        if not words:
            return None
        verb, args = words[0], words[1:]
        if verb == "done" and not args:
            return next((m for m in legal if isinstance(m, Done)), None)
        if verb == "take" and len(args) == 1:
            return next((m for m in legal if isinstance(m, Take) and m.character == args[0]), None)
        kinds: dict[str, type[Pick | Build | Recycle]] = {"pick": Pick, "build": Build, "recycle": Recycle}
        if verb in kinds and args:
            kind = kinds[verb]
            uid = self._card_ref(state, " ".join(args), [m.uid for m in legal if isinstance(m, kind)])
            return kind(uid) if uid is not None else None
        if verb == "place" and len(args) >= 2:
            count = 1
            if args[-1].isdigit() and len(args) >= 3:
                count = int(args[-1])
                args = args[:-1]
            what = args[-1]
            places = [m for m in legal if isinstance(m, Place) and m.what == what]
            uid = self._card_ref(state, " ".join(args[:-1]), sorted({m.uid for m in places}))
            return next((m for m in places if m.uid == uid and m.count == count), None)
        return None

    _GRAMMAR = re.compile(r"^(pick|build|recycle) (\d{1,6})$|^place (\d{1,6}) ([a-z]+) (\d{1,3})$|"
                          r"^take ([a-z]+)$|^(done)$")

    def _parse_grammar(self, text: str) -> WorldMove | None:
        found = self._GRAMMAR.match(text)
        if found is None:
            return None
        verb, uid, p_uid, what, count, character, done = found.groups()
        if verb:
            kinds: dict[str, type[Pick | Build | Recycle]] = {"pick": Pick, "build": Build, "recycle": Recycle}
            return kinds[verb](int(uid))
        if p_uid:
            return Place(int(p_uid), what, int(count))
        if character:
            return Take(character)
        return Done() if done else None

    @staticmethod
    def _card_ref(state: WorldState, ref: str, candidates: list[int]) -> int | None:
        """A card among ``candidates`` by uid or by (a unique prefix of) its name."""
        if ref.isdigit():
            return int(ref) if int(ref) in candidates else None
        found = {uid for uid in candidates
                 if any(name.lower().startswith(ref) for name in state.design(uid).name.values())}
        return found.pop() if len(found) == 1 else None

    # ---- apply ---------------------------------------------------------------------------
    def _apply(self, state: WorldState, seat: int, move: WorldMove, events: list[Event]) -> None:
        """The phase's step takes the move (a move of another phase is refused), then the phase
        moves on once everyone is done (:mod:`games.wonderful_world.steps`)."""
        FLOW.apply(state, seat, move, events)

    # ---- views and results -----------------------------------------------------------------
    def view(self, state: WorldState, seat: int | None) -> Any:
        return build_view(self, state, seat)

    def outcome(self, state: WorldState) -> Outcome | None:
        """Rules §5 胜负判定: points, then built cards, then leftover resources, else shared."""
        if state.phase != Phase.OVER:
            return None
        return self._standings(state, ())

    def force_end(self, state: WorldState) -> Outcome:
        """An admin's end (ruling R19): the final scoring of rules §5 on the empires as they
        stand — built cards, multipliers, the unfinished penalty — with its tie-breaks."""
        return self._standings(state, (("outcome.force_ended", {}),))

    def _standings(self, state: WorldState, first: tuple[tuple[str, dict[str, Any]], ...]) -> Outcome:
        """Rules §5 胜负判定 on ``state``; ``first`` are reasons that come before the tie-breaks."""
        scores = {s: score(state, e) for s, e in enumerate(state.empires)}
        keys = {s: (scores[s]["total"], len(e.built), leftover_resources(e))
                for s, e in enumerate(state.empires)}
        ranks = rank_by_keys(keys)
        standings = tuple(sorted(
            (Standing(seat=s, rank=ranks[s], score=scores[s]["total"], breakdown=scores[s],
                      tiebreak=keys[s][1:]) for s in keys),
            key=lambda st: (st.rank, st.seat)))
        reasons: list[tuple[str, dict[str, Any]]] = list(first)
        by_score: dict[int, list[int]] = {}
        for s, key in keys.items():
            by_score.setdefault(key[0], []).append(s)
        for total, seats in sorted(by_score.items(), reverse=True):
            if len(seats) < 2:
                continue
            built = {keys[s][1] for s in seats}
            left = {keys[s][2] for s in seats}
            if len(built) > 1:
                reasons.append(("tiebreak.built", {"score": total}))
            elif len(left) > 1:
                reasons.append(("tiebreak.resources", {"score": total}))
            else:
                reasons.append(("tiebreak.shared", {"score": total}))
        return Outcome(standings, tuple(reasons))

    def summarize(self, view: Any, lang: str, names: Sequence[str] | None = None) -> list[str]:
        return summary_lines(self, view, lang, names)

    def bot_move(self, state: WorldState, seat: int, rng: Rng) -> WorldMove:
        from .bot import choose
        return choose(self, state, seat, rng)

    def secret_fields(self, state: WorldState, seat: int | None) -> dict[str, Any]:
        """Each card in ``seat``'s hand and its face-down pick, by uid and design; ``None``: the
        order of the deck (its uids fix the designs, the physical deck being in data-file order)."""
        if seat is None:
            return {f"deck.{i}": uid for i, uid in enumerate(state.deck)} if len(state.deck) > 1 else {}
        empire = state.empires[seat]
        out: dict[str, Any] = {}
        for i, uid in enumerate(empire.hand):
            out[f"hand.{i}.uid"], out[f"hand.{i}.card"] = uid, state.cards[uid]
        if empire.picked is not None:
            out["picked.uid"], out["picked.card"] = empire.picked, state.cards[empire.picked]
        return out

    def scramble(self, state: WorldState, seat: int | None, rng: Rng) -> WorldState | None:
        """Swap a seat's hand and face-down pick with other cards from the deck (uids and designs:
        a card of another design where the deck has one); ``None``: reorder the deck so that every
        position holds another card. The designs of the uids never change (``cards`` is public)."""
        if not self.secret_fields(state, seat):
            return None
        out = self.copy(state)
        if seat is None:
            while True:
                order = list(out.deck)
                rng.shuffle(order)
                if all(a != b for a, b in zip(order, out.deck, strict=True)):
                    out.deck = order
                    return out
        empire = out.empires[seat]
        taken: set[int] = set()

        def swap(uid: int) -> int:
            free = [i for i in range(len(out.deck)) if i not in taken]
            other = [i for i in free if out.cards[out.deck[i]] != out.cards[uid]]
            at = rng.choice(other or free)
            taken.add(at)
            out.deck[at], uid = uid, out.deck[at]
            return uid

        empire.hand = [swap(uid) for uid in empire.hand]
        if empire.picked is not None:
            empire.picked = swap(empire.picked)
        return out

    def invariants(self, state: WorldState) -> list[str]:
        """Every physical card is in exactly one place; no negative supplies."""
        places: list[int] = list(state.deck) + list(state.discard)
        for e in state.empires:
            places += e.hand + e.drafted + e.built + [c.uid for c in e.construction]
            places += [e.picked] if e.picked is not None else []
        problems = []
        if sorted(places) != list(range(len(state.cards))):
            problems.append(f"cards not conserved: {len(places)} placed of {len(state.cards)}")
        for seat, e in enumerate(state.empires):
            values = [e.reserve, e.krystallium, e.financier, e.general, *e.pool.values()]
            if min(values) < 0 or e.reserve >= KRYSTALLIUM_RATE:
                problems.append(f"seat {seat}: bad supplies {values}")
        return problems

    def corruptions(self, state: WorldState) -> list[tuple[str, WorldState]]:
        """A card in two places; a supply below zero."""
        doubled, negative = self.copy(state), self.copy(state)
        doubled.discard.append(0)
        negative.empires[0].reserve = -1
        return [("a card in two places", doubled), ("a supply below zero", negative)]

    def irreversible(self, events: list[Event]) -> bool:
        """Moves that revealed or dealt cards, or ended a step for everyone, need consent to undo
        (rules reference §8.1)."""
        return any(e.kind in {"revealed", "dealt", "solo_pile", "planning", "production", "round"}
                   for e in events)

    # ---- text --------------------------------------------------------------------------------
    def text(self, key: str, params: Mapping[str, Any] | None, lang: str,
             names: Sequence[str] | None = None) -> str:
        """As :meth:`Game.text`, with "1 material" (not "1 materials"): a resource counted once
        is named by its singular (``word_one.<resource>``)."""
        if params and params.get("count") == 1:
            params = {k: (f"one:{v}" if k in {"what", "resource"} and isinstance(v, str) else v)
                      for k, v in params.items()}
        return super().text(key, params, lang, names)

    def describe(self, event: Event, lang: str, names: Sequence[str] | None = None) -> str:
        """As :meth:`Game.describe`; the reveal of a draft turn is one line naming every pick."""
        if event.kind == "revealed" and "picks" in event.params:
            sep = self.text("event.revealed_sep", None, lang)
            picks = sep.join(self.text("event.revealed_one", {"seat": p["seat"], "card": p["card"]}, lang, names)
                             for p in event.params["picks"])
            return self.text("event.revealed", {"picks": picks}, lang, names)
        return super().describe(event, lang, names)

    def param_text(self, name: str, value: Any, lang: str) -> str | None:
        if name in {"resource", "what"} and isinstance(value, str) and value.startswith("one:"):
            value = value[4:]
            if lang == "en" and self.catalog.has(f"word_one.{value}"):
                return self.catalog.text(f"word_one.{value}", None, lang)
        if name == "card" and isinstance(value, str) and value in designs():
            return designs()[value].label(lang)
        if name in {"resource", "what", "character", "direction"} and isinstance(value, str):
            return self.catalog.text(f"word.{value}", None, lang) if self.catalog.has(f"word.{value}") else value
        if name == "phase" and isinstance(value, str):
            return self.catalog.text(f"phase.{value}", None, lang)
        return super().param_text(name, value, lang)

    def move_label(self, state: WorldState, seat: int, move: WorldMove, lang: str,
                   names: Sequence[str] | None = None) -> str:
        params: dict[str, Any] = {}
        uid = getattr(move, "uid", None)
        if uid is not None:
            params["card"] = state.cards[uid]
        if isinstance(move, Place):
            params |= {"what": move.what, "count": move.count}
        if isinstance(move, Take):
            params["character"] = move.character
        kind = type(move).__struct_config__.tag
        label = self.text(f"move.{kind}", params, lang)
        return f"{label} · {move}"
