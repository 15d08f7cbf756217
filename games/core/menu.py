"""Menus instead of lists: a move offered token by token, for titles whose moves are too many to list.

A move's canonical notation is a sequence of tokens (``lay l14 57 r5``). A menu level offers the
next tokens after a path already chosen (``lay`` → hexes → tiles → rotations), each with a label in
the player's language; chat adapters build select menus and autocomplete from it, never from the
full list. The defaults in :class:`~games.core.game.Game` derive menus from ``legal_moves``, so
small titles get them for free; big titles override ``choices`` and keep the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import msgspec

#: Discord's limit for select options and autocomplete choices (and a sane menu size anywhere).
MENU_LIMIT = 25


class Option(msgspec.Struct, frozen=True):
    """One entry of a menu level or a completion.

    ``token`` is the next notation token (for :meth:`Game.choices`) or the whole notation typed so
    far plus the completion (for :meth:`Game.complete`); ``final`` says that choosing it completes
    a move; ``count`` is how many moves lie under it (1 for a final option)."""

    token: str
    label: str
    final: bool = True
    count: int = 1


def tokens(notation: str) -> list[str]:
    """The notation split into tokens (single blanks, as canonical notation is written)."""
    return notation.split()


def group_by_next_token(notations: Iterable[tuple[str, str]], path: Sequence[str]) -> list[Option]:
    """Options for the token after ``path`` among ``(notation, label)`` pairs, in first-seen order.

    A final option carries the move's label; an intermediate one its token and the count below it."""
    depth = len(path)
    wanted = list(path)
    found: dict[str, Option] = {}
    for notation, label in notations:
        parts = tokens(notation)
        if len(parts) <= depth or parts[:depth] != wanted:
            continue
        token = parts[depth]
        final = len(parts) == depth + 1
        known = found.get(token)
        if known is None:
            found[token] = Option(token, label if final else token, final, 1)
        else:
            found[token] = Option(token, label if final else known.label, known.final or final, known.count + 1)
    return list(found.values())


#: Moves sharing their first word beyond this many fold into one entry of a panel's short list (:func:`fold`).
GROUP_LIMIT = 6


def fold(moves: Sequence[tuple[str, str]], groups: Sequence[Option], limit: int = GROUP_LIMIT) -> list[Option] | None:
    """A short list of ``(notation, label)`` moves with its big groups folded: the moves whose first word has more
    than ``limit`` moves become one entry, the title's group of that word among ``groups`` (:meth:`Game.choices` at
    the first level), opened level by level; the others stay whole moves (``token`` their whole notation), in the
    list's order. ``None`` when nothing folds, or when everything would fold into one entry (a click for nothing):
    Three Kingdoms' 18 "any" moves are one entry beside its builds (issue 22 §4)."""
    firsts = [tokens(notation)[0] if notation.strip() else "" for notation, _ in moves]
    sizes: dict[str, int] = {}
    for first in firsts:
        sizes[first] = sizes.get(first, 0) + 1
    by_token = {o.token: o for o in groups if not o.final}
    big = {first for first, size in sizes.items() if size > limit and first in by_token}
    if not big or len(sizes) == 1:
        return None
    out: list[Option] = []
    for (notation, label), first in zip(moves, firsts, strict=True):
        if first not in big:
            out.append(Option(notation, label, True, 1))
        elif first not in {o.token for o in out}:
            out.append(by_token[first])
    return out


def split_typed(text: str) -> tuple[list[str], str]:
    """Typed text as (completed tokens, the partial last token): ``"lay l1"`` → (["lay"], "l1");
    a trailing blank means the last token is complete: ``"lay "`` → (["lay"], "")."""
    parts = text.lower().split()
    if not parts or text.endswith((" ", "\u3000")):
        return parts, ""
    return parts[:-1], parts[-1]


def complete_by_tokens(choices: Callable[[Sequence[str]], list[Option]], text: str,
                       limit: int = MENU_LIMIT) -> list[Option]:
    """Completions of ``text`` one token at a time from a ``choices(path)`` menu: each option's
    ``token`` becomes the whole notation up to and including the completed token."""
    path, partial = split_typed(text)
    options = [o for o in choices(path) if o.token.lower().startswith(partial)]
    prefix = " ".join(path)
    return [Option(f"{prefix} {o.token}".strip(), o.label if o.final else f"{prefix} {o.label}".strip(),
                   o.final, o.count) for o in options[:limit]]
