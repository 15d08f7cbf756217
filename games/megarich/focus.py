"""巨富豪∞: what the design board's focus picture shows beside a placement menu (``Game.focus_view``).

Once a block is chosen (``place b3``) the picture marks the cells its anchor may take; once a cell is chosen too
(``place b3 c2``) it shows the block laid there in each orientation that fits (``r0`` … ``r3``, ``m``), or only the
typed one (``place b3 c2 r1``). Attaching a slot (``slot t``, ``slot t k2``) is shown the same way, around the area.
The cells come from the design's masks (rule 4.5, R55), one level at a time: the renderer draws them and runs no
rules. Only the designer's own view ever carries them (designs are secret, rule 4.3).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from .design import orientation_tokens
from .designing import DesignState, _shape, _unplaced, choices, design_of

__all__ = ["FocusOption", "FocusView", "focus"]

#: At most this many orientations are drawn (a block has at most 8).
MOST = 8


class FocusOption(msgspec.Struct, frozen=True):
    """One orientation offered at the chosen cell: its tokens (``r1 m``) and the solid cells it covers (relative to
    the area's top-left, like :class:`games.megarich.designing.OwnView`'s ``area``)."""

    tokens: str
    cells: list[tuple[int, int]]


class FocusView(msgspec.Struct, frozen=True):
    """The menu's state for the picture: the block (or the slot's kind), the anchor cells offered (block chosen),
    the chosen cell's name and the orientations that fit there (cell chosen). ``slot``: attaching a slot, whose
    cells lie outside the area (negative coordinates too) and are named from ``names`` (the cell named ``a1``,
    relative to the area's top-left: ``(-4, -4)`` for slots, R11 of the design board)."""

    block: str
    anchors: list[tuple[int, int]]
    cell: str = ""
    options: list[FocusOption] = []
    slot: bool = False
    names: tuple[int, int] = (0, 0)


def focus(state: DesignState, seat: int, path: Sequence[str]) -> FocusView | None:
    """What the picture beside ``place …`` or ``slot …`` shows for ``seat`` at menu ``path``; ``None`` elsewhere."""
    words = [w.lower() for w in path]
    if len(words) < 2 or words[0] not in ("place", "slot") or not 0 <= seat < state.players \
            or state.seats[seat].done:
        return None
    if words[0] == "slot":
        return _slot_focus(state, seat, words)
    key = words[1]
    found = _shape(state, seat, key) if key in _unplaced(state, seat) else None
    if found is None:
        return None
    shape = found[0]
    design = design_of(state, seat)
    ox, oy = design.area.origin
    if len(words) == 2:
        return FocusView(key, [(x - ox, y - oy) for x, y in design.cells_for(shape)])
    at = design.area.read_cell(words[2])
    if at is None:
        return None
    typed = " ".join(words[3:])
    options = []
    for rotation, mirror in design.orientations_at(shape, at):
        tokens = " ".join(orientation_tokens(rotation, mirror))
        if typed and not tokens.startswith(typed):
            continue
        cells = shape.turned(rotation, mirror).at(at)
        options.append(FocusOption(tokens, sorted((x - ox, y - oy) for x, y in cells)))
    return FocusView(key, [(at[0] - ox, at[1] - oy)], words[2], options[:MOST])


def _slot_focus(state: DesignState, seat: int, words: list[str]) -> FocusView | None:
    """``slot <kind>``: the anchors where the kind may be attached; ``slot <kind> <cell>``: its rotations there,
    each with the cells it would add (rule 3, R11). Only the kinds the slot menu offers."""
    kind = words[1].upper()
    if kind not in {o.token.upper() for o in choices(state, seat, ["slot"], "en")}:
        return None
    area = design_of(state, seat).area
    ox, oy = area.origin
    sx, sy = area.slot_origin
    names = (sx - ox, sy - oy)
    if len(words) == 2:
        return FocusView(kind, [(x - ox, y - oy) for x, y in area.slot_cells(kind)], slot=True, names=names)
    at = area.read_slot_cell(words[2])
    if at is None:
        return None
    typed = " ".join(words[3:])
    options = [FocusOption(f"r{r}", sorted((x - ox, y - oy) for x, y in area.slot_cells_at(kind, r, at)))
               for r in area.slot_rotations_at(kind, at) if not typed or f"r{r}".startswith(typed)]
    return FocusView(kind, [(at[0] - ox, at[1] - oy)], words[2], options[:MOST], slot=True, names=names)
