"""Deliberate bugs the contract suite must catch, for every registered and example title (issue 24).

Each :class:`Mutation` makes a *mutant* of a title (a subclass with one hook broken, so nothing on
disk changes) and names the contract tests that must fail on it. ``python -m tests.contract.mutants``
applies every mutation to every title and prints caught / missed / not applicable (and why);
``tests/contract/test_mutations.py`` asserts that every applicable one is caught, in ``make test``.
``docs/testing.md`` lists them.
"""

from __future__ import annotations

import sys
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from games.core import Game, Option
from games.registry import all_games

from . import test_contract as suite

Check = Callable[[Game[Any, Any]], None]


def _subclass(game: Game[Any, Any], name: str, **hooks: Any) -> Game[Any, Any]:
    """``game``'s title with ``hooks`` replaced: a mutant sharing everything else."""
    title = type(game)
    mutant: Game[Any, Any] = type(f"{title.__name__}_{name}", (title,), {**hooks, "__module__": title.__module__})()
    return mutant


def _secret_parity(game: Game[Any, Any], state: Any, seat: int) -> bool:
    """A bit of ``seat``'s secrets: what a leak of them might depend on."""
    secrets = game.secret_fields(state, seat)
    return bool(secrets) and zlib.crc32(repr(sorted(secrets.items())).encode()) % 2 == 0


# ---- the mutations ------------------------------------------------------------------------------

def gutted_invariants(game: Game[Any, Any]) -> Game[Any, Any] | str:
    """1. ``invariants()`` returns ``[]``."""
    return _subclass(game, "gutted", invariants=lambda self, state: [])


def public_label_leak(game: Game[Any, Any]) -> Game[Any, Any] | str:
    """2. A public button's label shows its owner's secret ("Buy … for $<my cash>")."""
    if type(game).public_moves is Game.public_moves:
        return "the title chooses no public buttons (Game.public_moves)"
    real = type(game).move_label

    def move_label(self: Game[Any, Any], state: Any, seat: int, move: Any, lang: str, *args: Any,
                   **kwargs: Any) -> str:
        label = real(self, state, seat, move, lang, *args, **kwargs)
        if any(str(m) == str(move) for m in type(game).public_moves(self, state, seat)):
            secrets = game.secret_fields(state, seat)
            return f"{label} ({sorted(secrets.values())[:1]})" if secrets else label
        return label
    return _subclass(game, "label", move_label=move_label)


def lossy_stored_move(game: Game[Any, Any]) -> Game[Any, Any] | str:
    """3. A typed move loses a field in the log (an 18 Royal Gorge ``Lay`` stored without ``using``):
    the stored JSON drops each move's last field."""
    def encode_move(self: Game[Any, Any], move: Any) -> str:
        data = msgspec.to_builtins(move)
        fields = [key for key in data if key != "type"]
        if fields:
            del data[fields[-1]]
        return msgspec.json.encode(data).decode()
    return _subclass(game, "lossy", encode_move=encode_move)


def rare_step_button_leak(game: Game[Any, Any]) -> Game[Any, Any] | str:
    """4. A public button shown only when its owner can afford it, in the title's rarest kind of
    step where a seat holds secrets (the Landlord's buy-or-pass): a leak where few states are."""
    kind = _rarest_secret_kind(game)
    if kind is None:
        return "no seat holds a secret while it acts"
    real = type(game).public_moves

    def public_moves(self: Game[Any, Any], state: Any, seat: int) -> list[Any]:
        shown = list(real(self, state, seat))
        if game.step_kind(state) == kind and _secret_parity(game, state, seat):
            shown += game.legal_moves(state, seat)[:1]
        return shown
    return _subclass(game, f"button_{kind}", public_moves=public_moves)


def illegal_menu_option(game: Game[Any, Any]) -> Game[Any, Any] | str:
    """5. A menu offers an illegal move: every level below the first that completes moves also
    offers one more (``… 999999``)."""
    real = type(game).choices

    def choices(self: Game[Any, Any], state: Any, seat: int, path: Sequence[str], lang: str, *args: Any,
                **kwargs: Any) -> list[Option]:
        options = list(real(self, state, seat, path, lang, *args, **kwargs))
        if path and any(o.final for o in options):
            options.append(Option("999999", "999999"))
        return options
    return _subclass(game, "menu", choices=choices)


def reversible_reveals(game: Game[Any, Any]) -> Game[Any, Any] | str:
    """6. Every move is marked reversible, those that reveal or draw too (an undo without consent
    would let a player look and try again)."""
    if not (game.meta.hidden_information or _draws(game)):
        return "no move reveals a secret or draws randomness"
    return _subclass(game, "reversible", irreversible=lambda self, events: False)


# ---- what the mutations need to know of a title -------------------------------------------------

def _rarest_secret_kind(game: Game[Any, Any]) -> str | None:
    """The kind of step, among the secrecy checks' samples, with the fewest states in which an
    acting seat holds a secret."""
    counts: dict[str, int] = {}
    for _, states in suite.secrecy_games(game):
        for state in states:
            if any(game.secret_fields(state, seat) for seat in game.to_act(state)):
                kind = game.step_kind(state)
                counts[kind] = counts.get(kind, 0) + 1
    return min(sorted(counts), key=lambda k: counts[k]) if counts else None


def _draws(game: Game[Any, Any]) -> bool:
    """Whether any move of a short random game draws from the state's generator."""
    from tests.support.playout import play, to_json

    result = play(game, game.meta.max_players, 7, keep_states=True, check=False)
    return any(to_json(a.rng) != to_json(b.rng) for a, b in zip(result.states, result.states[1:], strict=False))


@dataclass(frozen=True)
class Mutation:
    """A deliberate bug: how to make the mutant, and the contract tests that must catch it."""

    name: str
    make: Callable[[Game[Any, Any]], Game[Any, Any] | str]
    checks: tuple[Check, ...]


MUTATIONS = (
    Mutation("gutted invariants", gutted_invariants, (suite.test_invariants_notice_every_corruption,)),
    Mutation("public label shows its owner's secret", public_label_leak,
             (suite.test_scramble_varies_every_declared_secret_and_nothing_anyone_else_is_shown,)),
    Mutation("stored move loses a field", lossy_stored_move, (suite.test_replay_from_log_equals_live_state,)),
    Mutation("public button by a secret in a rare step", rare_step_button_leak,
             (suite.test_scramble_varies_every_declared_secret_and_nothing_anyone_else_is_shown,)),
    Mutation("menu offers an illegal move", illegal_menu_option, (suite.test_menus_offer_only_legal_moves,)),
    Mutation("reveals and draws marked reversible", reversible_reveals,
             (suite.test_hidden_choices_show_everyone_else_the_same_events,
              suite.test_scramble_varies_every_declared_secret_and_nothing_anyone_else_is_shown)),
)


def verdict(mutation: Mutation, game: Game[Any, Any]) -> tuple[str, str]:
    """("caught" | "missed" | "n/a", the failing test and its message, or why not applicable)."""
    mutant = mutation.make(game)
    if isinstance(mutant, str):
        return "n/a", mutant
    for check in mutation.checks:
        try:
            check(mutant)
        except AssertionError as caught:
            first = str(caught).splitlines()[0] if str(caught) else "assertion failed"
            return "caught", f"{check.__name__}: {first[:160]}"
    return "missed", ", ".join(check.__name__ for check in mutation.checks)


def main(argv: Sequence[str] = ()) -> int:
    """Apply every mutation to every title (or those named) and print what the suite made of it."""
    games = [g for g in all_games(examples=True) if not argv or g.meta.id in argv]
    missed = 0
    for mutation in MUTATIONS:
        print(f"{mutation.name}:")
        for game in games:
            started = time.process_time()
            result, why = verdict(mutation, game)
            missed += result == "missed"
            print(f"  {game.meta.id:16} {result:7} {time.process_time() - started:5.1f} s  {why}")
    print(f"{missed} missed")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
