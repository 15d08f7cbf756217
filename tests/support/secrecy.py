"""The contract suite's secrecy checks, one function per leak channel (DESIGN: Tests §1).

A title declares what each seat hides (:meth:`Game.secret_fields`) and builds states that differ
only there (:meth:`Game.scramble`). Each check below raises ``AssertionError`` on a leak:

* :func:`check_scramble`: ``scramble`` varies every declared secret, keeps the declared keys (they
  are public) and leaves every other seat's secrets alone; the owner sees the change;
* :func:`check_public_surface`: everything shown to another viewer is the same on both states:
  the view, its summary (en, zh), who acts, the stage, that seat's legal moves and their labels;
* :func:`check_moves_both_ways`: a move by another seat succeeds on both states or is refused on
  both with the same message, and shows every viewer whose view agrees the same events;
* :func:`check_hidden_choices`: different moves of one seat that leave another viewer's view the
  same show that viewer the same events (a sealed bid's amount, a face-down pick);
* :func:`check_public_twins`: the public twin of a private event copies no declared secret;
* :func:`check_reveals_need_consent`, :func:`check_draws_need_consent`: a move that reveals a
  secret or draws randomness is irreversible (undo needs the other players' consent).

``tests/contract/test_contract.py`` runs them on sampled states of every registered title;
``tests/contract/test_secrecy_checks.py`` plants a leak for each and expects the check to fail.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import msgspec

from games.core import Event, Game, GameError, Rng, visible_events
from tests.support.playout import to_json

LANGS = ("en", "zh")
DRAWS = 3  # scrambles per state and owner: every declared secret must vary in at least one
IDENTITY = frozenset({"seat", "player"})  # who acted: public even for a hidden move
Viewer = int | None


def viewers(players: int, *, besides: Viewer) -> list[Viewer]:
    """The spectator and every seat, except ``besides`` (the owner of a secret, a mover)."""
    return [v for v in [None, *range(players)] if v is None or v != besides]


def _seats(players: int, besides: Viewer) -> list[int]:
    return [s for s in range(players) if s != besides]


def _who(viewer: Viewer) -> str:
    return "the spectator" if viewer is None else f"seat {viewer}"


def _secrets(owner: Viewer) -> str:
    return "what nobody sees" if owner is None else f"the secrets of seat {owner}"


def _view(game: Game[Any, Any], state: Any, viewer: Viewer) -> bytes:
    return to_json(game.view(state, viewer))


def _once(memo: dict[Any, Any] | None, key: Any, make: Callable[..., Any], *args: Any) -> Any:
    """``make(*args)``, kept in ``memo`` under ``key`` when a memo is given (what one unscrambled
    state shows and does is the same for every owner and twin it is compared with)."""
    if memo is None:
        return make(*args)
    if key not in memo:
        memo[key] = make(*args)
    return memo[key]


def _move_key(move: Any) -> tuple[str, str]:
    return type(move).__name__, str(move)


def _events(events: list[Event], viewer: Viewer) -> bytes:
    return to_json(visible_events(events, viewer))


# ---- states worth checking --------------------------------------------------------------------

def _shape(game: Game[Any, Any], state: Any, players: int) -> tuple[Any, ...]:
    """What kinds of secret are held (``hand.#.uid``, ``stack.#.bid``…), how many seats act, the
    kind of step, and the kinds of move its seats are offered (a buy-or-pass, a bid)."""
    kinds = frozenset(re.sub(r"\d+", "#", key)
                      for seat in [None, *range(players)] for key in game.secret_fields(state, seat))
    acting = sorted(game.to_act(state))
    offered = frozenset(o.token for seat in acting[:1] for o in game.choices(state, seat, (), "en"))
    return kinds, len(acting), game.step_kind(state), offered


def sample_states(game: Game[Any, Any], states: Sequence[Any], players: int, count: int = 25,
                  per_shape: int = 2) -> list[Any]:
    """About ``count`` states spread over the game, plus the first ``per_shape`` states of every
    new combination of secrets and simultaneous movers (a pending sealed answer is rare)."""
    chosen = dict.fromkeys(range(0, len(states), max(1, len(states) // count)))
    seen: dict[tuple[Any, ...], int] = {}
    for index, state in enumerate(states):
        shape = _shape(game, state, players)
        if seen.get(shape, 0) < per_shape:
            seen[shape] = seen.get(shape, 0) + 1
            chosen[index] = None
    return [states[i] for i in sorted(chosen)]


def sample_moves(moves: Sequence[Any], rng: Rng, per_kind: int = 3, limit: int = 12) -> list[Any]:
    """A few moves of each kind (type): two different sealed bids, two different picks…"""
    by_kind: dict[type, list[Any]] = {}
    for move in moves:
        by_kind.setdefault(type(move), []).append(move)
    out: list[Any] = []
    for group in by_kind.values():
        group = list(group)
        rng.shuffle(group)
        out += group[:per_kind]
    rng.shuffle(out)
    return out[:limit]


# ---- the checks -------------------------------------------------------------------------------

def check_scramble(game: Game[Any, Any], state: Any, owner: Viewer, players: int, rng: Rng,
                   draws: int = DRAWS) -> list[Any]:
    """Scramble ``owner``'s secrets ``draws`` times and return the scrambled states (none when the
    title declares no secret there).

    Fails unless: ``scramble`` returns ``None`` exactly when nothing is declared; the declared
    keys stay the same; every declared value differs from the real one in some draw; no other
    seat's secrets change (the deck, ``None``'s secrets, may: nobody sees it); the conservation
    laws still hold; and the owner's view changes whenever a secret did.
    """
    secrets = game.secret_fields(state, owner)
    others = {seat: game.secret_fields(state, seat) for seat in _seats(players, owner)}
    out: list[Any] = []
    for _ in range(draws):
        other = game.scramble(state, owner, rng)
        if not secrets:
            assert other is None, f"scrambling {_secrets(owner)} changes a state that declares no secret"
            return []
        assert other is not None, f"{_secrets(owner)} are {sorted(secrets)} but scramble returns None"
        assert game.invariants(other) == [], f"scrambling {_secrets(owner)} breaks {game.invariants(other)}"
        now = game.secret_fields(other, owner)
        assert sorted(now) == sorted(secrets), \
            f"scrambling {_secrets(owner)} changed which secrets there are: {sorted(set(now) ^ set(secrets))}"
        for seat, theirs in others.items():
            assert game.secret_fields(other, seat) == theirs, \
                f"scrambling {_secrets(owner)} changed the secrets of seat {seat}"
        if owner is not None and now != secrets:
            assert _view(game, other, owner) != _view(game, state, owner), \
                f"scramble of seat {owner} changed nothing its owner sees"
        out.append(other)
    fixed = [key for key, value in secrets.items()
             if all(game.secret_fields(other, owner)[key] == value for other in out)]
    assert not fixed, f"scrambling {_secrets(owner)} never varies the declared secrets {fixed}"
    return out


def check_public_surface(game: Game[Any, Any], state: Any, other: Any, owner: Viewer, players: int,
                         labels: int = 40, shown: dict[Any, Any] | None = None) -> None:
    """Everything another viewer is shown is the same on ``state`` and its scramble ``other``.

    Both are compared as stored (:meth:`Game.copy`), since a scramble is a copy: a live state's
    dicts keep the order things happened in, a stored one's are sorted.

    ``shown``, a dict the caller keeps per ``state`` (empty at first), holds what ``state`` itself
    shows once computed, for the next owner or twin of the same state: each twin is still compared
    in full (issue 25 §3: the summaries of the unscrambled state were most of the check's time)."""
    def once(key: Any, make: Callable[..., Any], *args: Any) -> Any:
        return _once(shown, key, make, *args)

    state, other = once("copy", game.copy, state), game.copy(other)
    for viewer in viewers(players, besides=owner):
        mine, theirs = once(("view", viewer), game.view, state, viewer), game.view(other, viewer)
        assert once(("json", viewer), to_json, mine) == to_json(theirs), \
            f"the view of {_who(viewer)} depends on {_secrets(owner)}"
        for lang in LANGS:
            assert once(("summary", viewer, lang), game.summarize, mine, lang) == \
                game.summarize(theirs, lang), f"the {lang} summary for {_who(viewer)} depends on {_secrets(owner)}"
    assert once("to_act", game.to_act, state) == game.to_act(other), f"who acts depends on {_secrets(owner)}"
    assert once("may_act", game.may_act, state) - {owner} == game.may_act(other) - {owner}, \
        f"who else may act depends on {_secrets(owner)}"
    assert once("stage", game.stage, state) == game.stage(other), f"the stage depends on {_secrets(owner)}"
    for seat in range(players):  # public buttons are shown to everyone, the owner's included
        public = once(("public", seat), game.public_moves, state, seat)
        assert [str(m) for m in public] == [str(m) for m in game.public_moves(other, seat)], \
            f"the public buttons of seat {seat} depend on {_secrets(owner)}"
        for move in public:  # and so are their labels, the owner's own too (issue 24, mutation 2)
            for lang in LANGS:
                assert once(("label", seat, str(move), lang), game.move_label, state, seat, move, lang) == \
                    game.move_label(other, seat, move, lang), \
                    f"the {lang} label of the public button {move} of seat {seat} depends on {_secrets(owner)}"
    for seat in _seats(players, owner):
        legal = once(("legal", seat), game.legal_moves, state, seat)
        assert [str(m) for m in legal] == [str(m) for m in game.legal_moves(other, seat)], \
            f"the legal moves of seat {seat} depend on {_secrets(owner)}"
        for move in legal[:labels]:
            for lang in LANGS:
                assert once(("label", seat, str(move), lang), game.move_label, state, seat, move, lang) == \
                    game.move_label(other, seat, move, lang), \
                    f"the {lang} label of {move} for seat {seat} depends on {_secrets(owner)}"


def _attempt(game: Game[Any, Any], state: Any, seat: int, move: Any) -> Any:
    """The applied move, or the :class:`GameError` refusing it."""
    try:
        return game.apply(state, seat, move)
    except GameError as error:
        return error


def check_moves_both_ways(game: Game[Any, Any], state: Any, other: Any, owner: Viewer, players: int,
                          rng: Rng, shown: dict[Any, Any] | None = None) -> None:
    """Moves of seats other than ``owner`` (a sample of their legal moves, and of the moves other
    seats could make, which they may try) behave alike on ``state`` and its scramble ``other``:
    both succeed or both are refused with the same message; after success, every viewer whose
    view is the same on both sees the same events (unless the move revealed the secret to him,
    his view tells him only what it shows). ``shown``: as for :func:`check_public_surface`, the
    legal moves of ``state``, the moves tried on it and what they show are computed once per state."""
    legal = {seat: _once(shown, ("legal-live", seat), game.legal_moves, state, seat) for seat in range(players)}
    for mover in sorted(game.may_act(state)):
        if mover == owner:
            check_reveals_need_consent(game, state, other, owner, players, mover, sample_moves(legal[mover], rng),
                                       shown)
            continue
        tried = sample_moves(legal[mover], rng)
        for seat in _seats(players, mover):  # moves he may type although they are not his
            tried += sample_moves(legal[seat], rng, 1, 2)
        for move in tried:
            tried_key = ("tried", mover, _move_key(move))
            mine = _once(shown, tried_key, _attempt, game, state, mover, move)
            theirs = _attempt(game, other, mover, move)
            refused = isinstance(mine, GameError), isinstance(theirs, GameError)
            assert refused[0] == refused[1], \
                f"{move} by seat {mover} is {'refused' if refused[0] else 'allowed'} on the real state " \
                f"but not on a scramble of {_secrets(owner)}"
            if isinstance(mine, GameError):
                assert (mine.key, mine.params) == (theirs.key, theirs.params), \
                    f"refusing {move} by seat {mover} tells of {_secrets(owner)}"
                continue
            check_public_twins(game, mine.state, mine.events)
            for viewer in viewers(players, besides=owner):
                if _once(shown, (*tried_key, "view", viewer), _view, game, mine.state, viewer) != \
                        _view(game, theirs.state, viewer):
                    _need_consent(game, mine, theirs, f"{move} by seat {mover} reveals {_secrets(owner)} "
                                                      f"to {_who(viewer)}")
                    continue  # the move revealed the secret to this viewer
                assert _once(shown, (*tried_key, "events", viewer), _events, mine.events, viewer) == \
                    _events(theirs.events, viewer), \
                    f"events {_who(viewer)} sees after {move} by seat {mover} leak {_secrets(owner)}"


def _need_consent(game: Game[Any, Any], mine: Any, theirs: Any, what: str) -> None:
    assert game.irreversible(mine.events) and game.irreversible(theirs.events), \
        f"{what}, yet it is marked reversible: its player could undo it without consent and try again"


def check_reveals_need_consent(game: Game[Any, Any], state: Any, other: Any, owner: Viewer, players: int,
                               mover: int, moves: Sequence[Any], shown: dict[Any, Any] | None = None) -> None:
    """A move whose outcome differs between ``state`` and its scramble ``other`` for anyone but
    ``owner`` (a view or an event: the move revealed a secret, or what a deck hid) is
    irreversible on both (issue 24, mutation 6): undoing it freely would let its player look
    and try again. Moves legal on one twin only are the other checks' business. ``shown``: as for
    :func:`check_moves_both_ways`."""
    for move in moves:
        tried_key = ("tried", mover, _move_key(move))
        mine = _once(shown, tried_key, _attempt, game, state, mover, move)
        theirs = _attempt(game, other, mover, move)
        if isinstance(mine, GameError) or isinstance(theirs, GameError):
            continue
        for viewer in viewers(players, besides=owner):
            if _once(shown, (*tried_key, "view", viewer), _view, game, mine.state, viewer) != \
                    _view(game, theirs.state, viewer) or \
                    _once(shown, (*tried_key, "events", viewer), _events, mine.events, viewer) != \
                    _events(theirs.events, viewer):
                _need_consent(game, mine, theirs, f"{move} by seat {mover} shows {_who(viewer)} {_secrets(owner)}")
                break


def check_draws_need_consent(game: Game[Any, Any], state: Any, mover: int, applied: Any, move: Any) -> None:
    """A move that drew from the state's generator (dice, a shuffle) is irreversible: undone, it
    could be played again for another draw (issue 24, mutation 6)."""
    if to_json(applied.state.rng) != to_json(state.rng):
        assert game.irreversible(applied.events), \
            f"{move} by seat {mover} draws randomness, yet it is marked reversible"


def check_hidden_choices(game: Game[Any, Any], state: Any, players: int, rng: Rng) -> None:
    """For each seat to act, play a few of its legal moves (several of each kind); any other
    viewer left with the same view after two of them must see the same events, and the same
    undo policy (:meth:`Game.irreversible`), whichever was played."""
    for mover in sorted(game.to_act(state)):
        played = [(move, game.apply(state, mover, move))
                  for move in sample_moves(game.legal_moves(state, mover), rng)]
        for move, applied in played:
            check_public_twins(game, applied.state, applied.events)
            check_draws_need_consent(game, state, mover, applied, move)
        for viewer in viewers(players, besides=mover):
            first: dict[bytes, tuple[Any, tuple[bytes, bool]]] = {}
            for move, applied in played:
                seen = _events(applied.events, viewer), game.irreversible(applied.events)
                was, before = first.setdefault(_view(game, applied.state, viewer), (move, seen))
                assert before == seen, \
                    f"{_who(viewer)} sees the same table after {was} and after {move} by seat {mover} " \
                    f"but different events: they tell which hidden choice was made"


def _secret_values(game: Game[Any, Any], state: Any, seats: Iterable[int]) -> list[Any]:
    return [value for seat in seats for value in game.secret_fields(state, seat).values()]


def check_public_twins(game: Game[Any, Any], state: Any, events: list[Event]) -> None:
    """The public twin of a private event (``Event.public``) copies no parameter of the private
    event whose value is now a declared secret of its seats (``state`` is after the move): a
    "sealed_answer" may name the bidder, not the amount; a "picked_hidden", not the card."""
    for event in events:
        if event.seats is None or event.public is None:
            continue
        secrets = _secret_values(game, state, event.seats)
        for key, value in event.public.params.items():
            if key in IDENTITY or key not in event.params or event.params[key] != value:
                continue
            assert not any(type(value) is type(s) and value == s for s in secrets), \
                f"the public twin {event.public.kind!r} of {event.kind!r} carries the secret {key}={value!r}"


def check_no_secret_means_nothing_private(game: Game[Any, Any], states: Sequence[Any], players: int) -> None:
    """A title that declares no secret must show every seat what a spectator sees (but the
    ``viewer`` field): otherwise it hides something it never declared, and nothing tests it."""
    for state in states:
        spectator = _plain(game.view(state, None))
        for seat in range(players):
            assert _plain(game.view(state, seat)) == spectator, \
                f"seat {seat} sees more than a spectator, but the title declares no secret"


def _plain(view: Any) -> Any:
    data = msgspec.to_builtins(view)
    if isinstance(data, dict):
        data.pop("viewer", None)
    return data
