"""The engine contract every title implements (see DESIGN.md, "The engine contract").

A title subclasses :class:`Game` and fills in the ``_underscored`` hooks. The public methods
around them enforce what every title must guarantee: moves are validated before anything changes
(``apply`` works on a copy and only returns it on success), legal moves are sorted, notation
round-trips, and errors are :class:`~games.core.errors.GameError` with message keys.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar, Union

import msgspec

from .errors import GameError, GameOver, MalformedMove, NotYourTurn
from .events import Event
from .i18n import CORE_CATALOG, Catalog
from .menu import MENU_LIMIT, Option, group_by_next_token
from .meta import GameMeta
from .outcome import Outcome, Standing
from .rng import Rng


class Move(msgspec.Struct, frozen=True, tag=True):
    """Base of every title's moves: a small hashable value with one canonical notation.

    ``str(move)`` is the canonical text; ``Game.parse(state, seat, str(move)) == move``.
    """

    def __str__(self) -> str:  # pragma: no cover - every title overrides
        raise NotImplementedError


class BaseState(msgspec.Struct, kw_only=True):
    """Fields every title's state has: the seeded generator and the seat count."""

    players: int
    rng: Rng
    options: dict[str, Any] = {}


S = TypeVar("S", bound=BaseState)
M = TypeVar("M", bound=Move)

_SPACES = re.compile(r"\s+")


def normalise_notation(text: str) -> str:
    """Lower-case, trim and collapse blanks; full-width digits and spaces become ASCII."""
    text = text.translate({0x3000: " ", **{0xFF10 + d: ord("0") + d for d in range(10)}})
    return _SPACES.sub(" ", text.strip().lower())


_DECODERS: dict[type, msgspec.json.Decoder[Any]] = {}
_COPY_ENCODER = msgspec.msgpack.Encoder(order="sorted")
_COPY_DECODERS: dict[type, msgspec.msgpack.Decoder[Any]] = {}
_MOVE_TYPES: dict[type, tuple[type[Move], ...]] = {}


def _subclasses(cls: type) -> list[type]:
    out: list[type] = []
    subs: list[type] = cls.__subclasses__()
    for sub in subs:
        out += [sub, *_subclasses(sub)]
    return out


def _title_move_types(game_cls: type) -> tuple[type[Move], ...]:
    found = _MOVE_TYPES.get(game_cls)
    if found is None:
        package = game_cls.__module__.rpartition(".")[0] or game_cls.__module__
        found = tuple(sorted((c for c in _subclasses(Move)
                              if c.__module__ == package or c.__module__.startswith(package + ".")),
                             key=lambda c: c.__qualname__))
        if not found:
            raise TypeError(f"{game_cls.__name__}: no Move subclasses in {package}; set move_types")
        _MOVE_TYPES[game_cls] = found
    return found


class Applied(msgspec.Struct, Generic[S]):
    """Result of a successful move: the new state and what happened."""

    state: S
    events: list[Event]


class Game(ABC, Generic[S, M]):
    """One title. Stateless: every method takes the state it works on."""

    meta: ClassVar[GameMeta]
    state_type: ClassVar[type]
    catalog: ClassVar[Catalog] = CORE_CATALOG
    #: Message parameters holding a seat number, shown as the player's name when names are known.
    named_params: ClassVar[frozenset[str]] = frozenset({"seat", "player"})
    #: The title's turn structure (a :class:`games.core.flow.Flow`), if it runs on the flow kernel:
    #: :meth:`step_kinds` and :meth:`step_kind` read it.
    flow: ClassVar[Any] = None
    #: :meth:`copy` goes through MessagePack instead of canonical JSON: the same value with its
    #: dicts in the same (sorted) key order, several times faster (``apply`` copies every move).
    #: Only for states whose dict keys are all text and whose fields are all typed: JSON turns
    #: other keys into text, and an ``Any`` field may come back different.
    msgpack_copy: ClassVar[bool] = False

    # ---- setup ---------------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, Any] | None = None,
              seed: int | str = 0) -> S:
        """A new game for ``players`` seats (numbered from 0) with validated ``options``."""
        self.meta.check_players(players)
        resolved = self.meta.resolve_options(options)
        self.check_options(players, resolved)
        return self._setup(players, resolved, Rng.from_seed(seed))

    def check_options(self, players: int, options: dict[str, Any]) -> None:
        """Hook: refuse option combinations that make no sense (raise ``BadOptions``)."""

    @abstractmethod
    def _setup(self, players: int, options: dict[str, Any], rng: Rng) -> S: ...

    # ---- who acts ------------------------------------------------------------------------
    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]:
        """Seats that must move now; several at once for simultaneous steps; empty once over."""

    def may_act(self, state: S) -> frozenset[int]:
        """Seats that *may* move now: everyone in :meth:`to_act`, plus seats with optional
        out-of-turn moves (offering a trade during another player's turn). Nobody waits for them.
        """
        return self.to_act(state)

    def stage(self, state: S) -> str:
        """A short label of the public stage (round, phase, step). Chat adapters repost the board
        image only when it changes; within a stage (a draft's picks) a line is enough.
        The default ``""`` means "unknown": repost whenever new seats must act."""
        return ""

    def step_kinds(self) -> frozenset[str]:
        """Every kind of step the title's turn structure knows (a bid, a turn, a debt…): the
        contract suite samples states until it has seen each. Default: the flow kernel's frame
        tags (:attr:`flow`), none without it."""
        return self.flow.kinds() if self.flow is not None else frozenset()

    def step_kind(self, state: S) -> str:
        """The kind of step that takes moves now (one of :meth:`step_kinds`; ``""``: none)."""
        return str(self.flow.kind(state)) if self.flow is not None else ""

    def sequential(self, state: S) -> bool:
        """Hook: whether the turns are strictly sequential now: one seat decides at a time, and
        whoever becomes the deciding seat after another one's move has a new turn to be told of,
        even inside one :meth:`stage` (an 18xx stock round or private auction is one stage of
        many turns). Chat adapters then notify a person once per turn, not once per stage; a
        seat that acts several times in a row is told once. Default ``False``: steps may be
        simultaneous (a draft, a sealed bid), and a person is told once per stage."""
        return False

    def is_over(self, state: S) -> bool:
        return self.outcome(state) is not None

    def prompt(self, state: S, seat: int, lang: str, names: Sequence[str] | None = None) -> str | None:
        """Hook: what is asked of ``seat`` now, as a short phrase in ``lang`` ("challenge Alice's tax
        declaration or let it stand"); adapters say it after the mention. ``None``: nothing to add."""
        return None

    def acting_label(self, state: S, seat: int, lang: str) -> str | None:
        """Hook: the entity ``seat`` acts for now, for status lines and prompts ("Rio Grande" when
        a railroad is run by its president); ``None`` when a seat acts for itself."""
        return None

    # ---- a real table's hooks: standing orders, missed deadlines, an admin's end -------------
    def standing_orders(self, state: S, seat: int, lang: str) -> list[Option]:
        """Hook: standing orders ``seat`` may set now ("pass this stock round", "pass every
        auction"), as options whose ``token`` names the order. Default: none."""
        return []

    def default_orders(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """Hook: the standing orders a person's seat starts with at a table with ``options``
        (tokens of :meth:`standing_orders`); the player cancels any of them. Default: none."""
        return ()

    def auto_move(self, state: S, seat: int, order: str) -> M | None:
        """Hook: the move a standing ``order`` plays for ``seat`` now, or ``None`` when it does not
        apply (the service then asks the player). The service plays it next to bots, and drops the
        order once it no longer applies (the round it was for is over)."""
        return None

    def order_applies(self, state: S, seat: int, order: str) -> bool:
        """Hook: whether a standing ``order`` still stands (default: while it yields moves or the
        seat is not asked); the service forgets an order once this is false."""
        return True

    def timeout_move(self, state: S, seat: int, rng: Rng) -> M:
        """What a missed deadline plays for ``seat`` (separate from the bot: a title may rule
        "pass" or "the cheapest safe move"). Default: the bot's move."""
        return self.bot_move(state, seat, rng)

    def force_end(self, state: S) -> Outcome:
        """The standings when an admin ends an unfinished game now, by the title's rule for it.

        The default ranks nobody above anybody: every seat shares first place with score 0 and
        the reason ``outcome.force_ended``; titles with a running score override it."""
        return Outcome(tuple(Standing(seat, 1, 0) for seat in range(state.players)),
                       (("outcome.force_ended", {}),))

    # ---- moves ---------------------------------------------------------------------------
    @abstractmethod
    def _legal_moves(self, state: S, seat: int) -> list[M]: ...

    def legal_moves(self, state: S, seat: int) -> list[M]:
        """Every move ``seat`` may make now, sorted by notation (empty if it may not act)."""
        if seat not in self.may_act(state):
            return []
        return sorted(self._legal_moves(state, seat), key=str)

    def parse(self, state: S, seat: int, text: str) -> M:
        """Read ``text`` as a move of ``seat``. Raises ``MalformedMove`` / ``IllegalMove``.

        Grammar first, without listing every move (like python-chess's ``Move.from_uci``): the
        title's :meth:`read_move` reads the notation. Only text the grammar cannot read falls
        back to the list of legal moves (canonical notation, then :meth:`_parse_alias`: names
        instead of numbers, short forms), which small titles afford and big titles avoid by
        reading everything in their grammar. Legality is :meth:`apply`'s job (it validates
        fully on a copy), so a well-formed move that is not legal now is refused there with
        the exact reason ("decide every drafted card first").
        """
        raw = text.strip()
        wanted = normalise_notation(text)
        if not wanted:
            raise MalformedMove("error.empty")
        self._check_can_act(state, seat)
        move = self.read_move(state, seat, wanted, raw)
        if move is not None:
            return move
        legal = self._legal_moves(state, seat)
        for candidate in legal:
            if normalise_notation(str(candidate)) == wanted:
                return candidate
        alias = self._parse_alias(state, seat, wanted, legal)
        if alias is not None:
            return alias
        raise MalformedMove("error.unknown_move", text=raw[:80], hint=self.hint(state, seat))

    def read_move(self, state: S, seat: int, text: str, raw: str) -> M | None:
        """Hook: read notation without enumerating legal moves; ``None`` if it is not notation.

        ``text`` is normalised (lower case, single blanks), ``raw`` is what was typed (a wonder's
        name keeps its case). The default is the context-free :meth:`_parse_grammar`; a title
        overrides this to read words whose meaning depends on the moment ("yes" in a vote)."""
        return self._parse_grammar(text)

    def _parse_alias(self, state: S, seat: int, text: str, legal: list[M]) -> M | None:
        """Hook: accept other spellings of a legal move. ``text`` is normalised."""
        return None

    def _parse_grammar(self, text: str) -> M | None:
        """Hook: read ``text`` as a move of this title without asking whether it is legal.

        Returning a move lets :meth:`apply` refuse it with the precise reason ("decide every
        drafted card first") instead of a generic "not a move you can make now".
        """
        return None

    # ---- typed moves ------------------------------------------------------------------------
    @property
    def move_types(self) -> tuple[type[Move], ...]:
        """The title's move classes (the default: every :class:`Move` subclass defined in the
        title's package). Their msgspec tags must be distinct; stored moves decode to these."""
        return _title_move_types(type(self))

    def encode_move(self, move: M) -> str:
        """The move as tagged JSON, as the log stores it beside its notation."""
        return msgspec.json.encode(move).decode()

    def decode_move(self, data: str | bytes) -> M:
        """A stored move back from :meth:`encode_move`'s JSON (no parsing, no enumeration)."""
        decoder = _DECODERS.get(type(self))
        if decoder is None:
            types = self.move_types
            decoder = msgspec.json.Decoder(Union[types] if len(types) > 1 else types[0])  # noqa: UP007
            _DECODERS[type(self)] = decoder
        move: M = decoder.decode(data)
        return move

    def replay(self, state: S, seat: int, move: M, events: list[Event] | None = None) -> S:
        """Play a stored move on ``state`` in place and return it: the trusted path for loading,
        undo, history and export. It never parses and never lists moves; the move was valid
        when it was stored, so it is not validated again beyond what ``_apply`` checks anyway.
        ``events`` (if given) receives what happened."""
        self._apply(state, seat, move, events if events is not None else [])
        return state

    def hint(self, state: S, seat: int, limit: int = 8) -> str:
        """A short list of legal moves for error messages (notation is language-neutral)."""
        moves = [str(m) for m in self.legal_moves(state, seat)]
        if not moves:
            return ""
        more = f" (+{len(moves) - limit})" if len(moves) > limit else ""
        return ", ".join(moves[:limit]) + more

    def _check_can_act(self, state: S, seat: int) -> None:
        if self.is_over(state):
            raise GameOver()
        if seat not in self.to_act(state) and seat not in self.may_act(state):  # to_act is in may_act,
            acting = self.to_act(state)                                            # and often cheaper
            raise NotYourTurn(waiting=sorted(acting))

    def apply(self, state: S, seat: int, move: M | str) -> Applied[S]:
        """Validate and play ``move`` for ``seat`` on a copy of ``state``.

        The given state is never modified: on any error it stays as it was, on success the
        caller gets the new state. Text is parsed first, so adapters may pass notation.
        """
        if isinstance(move, str):
            move = self.parse(state, seat, move)
        self._check_can_act(state, seat)
        work = self.copy(state)
        events: list[Event] = []
        self._apply(work, seat, move, events)
        return Applied(work, events)

    @abstractmethod
    def _apply(self, state: S, seat: int, move: M, events: list[Event]) -> None:
        """Validate fully, then change ``state`` (a private copy) and append events.

        Raise a :class:`GameError` for anything illegal; the copy is then thrown away.
        """

    # ---- views and results -----------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> Any:
        """What ``seat`` (``None``: a spectator) may see, as a msgspec Struct."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Final standings once the game is over, else ``None``."""

    def bot_move(self, state: S, seat: int, rng: Rng) -> M:
        """A reasonable move for a bot seat. Default: :meth:`random_move`."""
        return self.random_move(state, seat, rng)

    # ---- menus instead of lists (games.core.menu) --------------------------------------------
    def public_moves(self, state: S, seat: int) -> list[M]:
        """Hook: moves of ``seat`` that may be offered as buttons on a public post (a roll, a pass),
        chosen from public information only: which buttons show must not tell anyone a secret
        (a Buy button shown only when the player can afford it would reveal their cash). A click
        by anyone else is refused privately. Default: none (adapters still offer every move of a
        seat whose own view shows nothing more than a spectator's)."""
        return []

    def suggested(self, state: S, seat: int) -> list[M]:
        """The legal moves in the order a player most likely wants them (menus, completion,
        buttons): the usual move first, rarer ones (twenty trade offers) after. Default: notation
        order; a title overrides :meth:`suggestion_rank`."""
        return sorted(self.legal_moves(state, seat), key=lambda m: self.suggestion_rank(state, seat, m))

    def suggestion_rank(self, state: S, seat: int, move: M) -> int:
        """Hook: lower comes first among suggestions (ties keep notation order). Default: 0."""
        return 0

    def random_move(self, state: S, seat: int, rng: Rng) -> M:
        """A uniformly random legal move (bots, playouts). Big titles override this to draw a
        move without building the full list (e.g. a hex, then a tile, then a rotation)."""
        return rng.choice(self.legal_moves(state, seat))

    def count_moves(self, state: S, seat: int, limit: int | None = None) -> int:
        """How many legal moves ``seat`` has (at most ``limit`` when given: "+N more" in panels)."""
        count = len(self._legal_moves(state, seat)) if seat in self.may_act(state) else 0  # unsorted
        return count if limit is None else min(count, limit)

    def has_moves(self, state: S, seat: int) -> bool:
        """Whether ``seat`` has any legal move now."""
        return self.count_moves(state, seat, limit=1) > 0

    def choices(self, state: S, seat: int, path: Sequence[str], lang: str,
                names: Sequence[str] | None = None) -> list[Option]:
        """The next notation tokens after ``path`` (e.g. ``lay`` → hexes → tiles → rotations),
        with labels in ``lang``; an option is ``final`` when it completes a move. The default
        groups :meth:`legal_moves` by token; big titles answer each level directly. ``names`` (per
        seat) name the players labels mention, as in :meth:`move_label`."""
        return group_by_next_token(
            ((str(m), self.move_label(state, seat, m, lang, names)) for m in self.legal_moves(state, seat)), path)

    def unavailable(self, state: S, seat: int, typed: str, lang: str,
                    names: Sequence[str] | None = None) -> str | None:
        """Hook: why no move starting with ``typed`` can be played now, in words ("track is laid in
        operating rounds"), when :meth:`complete` finds none; the console's ``moves`` says it.
        Default: ``None`` (the caller says only that nothing matches)."""
        return None

    def focus_view(self, state: S, seat: int, path: Sequence[str], view: Any) -> Any:
        """The view a renderer's focus picture (``render.focus_image``) draws beside a menu at ``path``:
        ``view`` (the seat's own) with what the menu offers there, so that the renderer runs no rules (18 Royal
        Gorge adds the lays of the chosen hex). Default: ``view`` unchanged."""
        return view

    def complete(self, state: S, seat: int, text: str, lang: str, limit: int = MENU_LIMIT,
                 names: Sequence[str] | None = None) -> list[Option]:
        """Completions of a partly typed move, at most ``limit``, each a whole notation with a label.

        The default suits titles with a few dozen moves: every move whose notation or label
        contains all typed words (``pick zeppelin`` finds the card by name). Big titles complete
        token by token from :meth:`choices` (:func:`games.core.menu.complete_by_tokens`)."""
        words = normalise_notation(text).split()
        out: list[Option] = []
        for move in self.suggested(state, seat):
            notation = str(move)
            label = self.move_label(state, seat, move, lang, names)
            haystack = f"{notation} {label}".lower()
            if all(w in haystack for w in words):
                out.append(Option(notation, label))
                if len(out) == limit:
                    break
        return out

    def scramble(self, state: S, seat: int | None, rng: Rng) -> S | None:
        """A state differing from ``state`` only in what ``seat`` keeps hidden from the others
        (``None``: what nobody sees, e.g. the deck order). ``None`` when nothing is hidden.

        The contract suite uses it to prove that no other seat's view depends on those secrets.
        """
        return None

    def secret_fields(self, state: S, seat: int | None) -> dict[str, Any]:
        """Every value ``seat`` keeps hidden from the others now (``None``: what nobody sees),
        keyed by a stable path: ``{"cash": 420}``, ``{"hand.0.uid": 37, "hand.0.card": "zeppelin"}``.

        The keys are public (a hand's size is), the values are the secrets; a value the others
        can work out (a forced pass, a cash figure pinned by public bounds) is no secret. Empty
        when nothing is hidden, and then :meth:`scramble` returns ``None``; otherwise the
        contract suite checks that :meth:`scramble` varies every value and nothing public.
        """
        return {}

    def invariants(self, state: S) -> list[str]:
        """Hook: broken conservation laws (cards, money...) as messages; empty when all hold.

        The contract suite checks this after every move of every playout.
        """
        return []

    def corruptions(self, state: S) -> list[tuple[str, S]]:
        """Hook: copies of ``state`` that each break one conservation law :meth:`invariants`
        checks (a card duplicated, money from nowhere), named. The contract suite asserts the
        invariants notice every one, so gutted invariants cannot pass. Empty when there is
        nothing to corrupt in this state; a title with invariants returns some in most states."""
        return []

    def irreversible(self, events: list[Event]) -> bool:
        """Whether a move with these events revealed hidden information or drew randomness.

        Such a move can only be undone with the other players' consent (DESIGN: undo). The
        default is the safe answer: every move is irreversible.
        """
        return True

    # ---- text ------------------------------------------------------------------------------
    def param_text(self, name: str, value: Any, lang: str) -> str | None:
        """Hook: display text for an event/error parameter (card ids to names...)."""
        if name in {"seat", "player"} and isinstance(value, int):
            return f"#{value + 1}"
        if name == "waiting" and isinstance(value, list | tuple):
            return ", ".join(f"#{v + 1}" for v in value)
        if name == "hint" and isinstance(value, str):
            return self.catalog.text("hint.legal" if value else "hint.none", {"moves": value}, lang)
        return None

    def text(self, key: str, params: Mapping[str, Any] | None, lang: str,
             names: Sequence[str] | None = None) -> str:
        """The message ``key`` in ``lang``; ``names`` (per seat) replace "#2" with a player's name."""
        def shown(name: str, value: Any, language: str) -> str | None:
            if names is not None and name in self.named_params and isinstance(value, int) \
                    and 0 <= value < len(names):
                return names[value]
            if names is not None and name == "waiting" and isinstance(value, list | tuple):
                return ", ".join(names[v] if 0 <= v < len(names) else f"#{v + 1}" for v in value)
            return self.param_text(name, value, language)

        return self.catalog.text(key, params, lang, shown)

    def describe(self, event: Event, lang: str, names: Sequence[str] | None = None) -> str:
        """One line for an event, in ``lang``."""
        return self.text(f"event.{event.kind}", event.params, lang, names)

    def error_text(self, error: GameError, lang: str, names: Sequence[str] | None = None) -> str:
        """A refusal in ``lang``; ``names`` (per seat) name the players it mentions ("waiting for Bob")."""
        return self.text(error.key, error.params, lang, names)

    def summarize(self, view: Any, lang: str, names: Sequence[str] | None = None) -> list[str]:
        """Hook: the view as a few lines of text (console, accessibility); ``names`` (per seat) name
        the players it mentions instead of "#2" (issue 19 §6). Default: JSON."""
        return [msgspec.json.encode(view).decode()]

    def move_label(self, state: S, seat: int, move: M, lang: str, names: Sequence[str] | None = None) -> str:
        """Human label for a move in menus; defaults to its notation. ``names`` (per seat) name the
        players it mentions ("Offer Bob …", not "Offer #2 …"; issue 19 §6) when the caller knows them."""
        return str(move)

    # ---- serialisation ---------------------------------------------------------------------
    def dumps(self, state: S) -> bytes:
        """Canonical JSON: same state, same bytes."""
        return msgspec.json.encode(state, order="sorted")

    def loads(self, data: bytes | str) -> S:
        return msgspec.json.decode(data, type=self.state_type)

    def copy(self, state: S) -> S:
        """A deep copy, as :meth:`loads` of :meth:`dumps` gives it (see :attr:`msgpack_copy`)."""
        if not self.msgpack_copy:
            return self.loads(self.dumps(state))
        decoder = _COPY_DECODERS.get(self.state_type)
        if decoder is None:
            decoder = _COPY_DECODERS[self.state_type] = msgspec.msgpack.Decoder(self.state_type)
        copied: S = decoder.decode(_COPY_ENCODER.encode(state))
        return copied
