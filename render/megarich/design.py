"""巨富豪∞'s design board (设计盘): a wonder's design with its preview, the design phase's public board and the
revealed wonders.

Drawn from the title's views only (duck-typed: a renderer imports no rules module): a design is an ``OwnView`` of
:mod:`games.megarich.designing` (``area`` and ``slot_cells`` relative to the area's top-left, the blocks with the
cells they cover once laid, the preview's stats), the public phase a ``DesignView`` (who is done) and the gathering
phase's public view (the blocks each player brought). A design appears only where the view carries it: the
viewer's own while designing, every design once all are done (rule 4.3); others are "designing" or "done".

- :func:`draw_design`: the 4×8 board with the slots attached (column letters and row numbers as the notation names
  the cells: ``place b1 c3``), the blocks laid in their tile's colour, the blocks still to place with their shapes,
  and the preview (S/A/D/F, aesthetics and its parts, the name's fit, the battle effects); with a ``focus`` (the
  placement menu's state) the anchor cells a block may take, or the block laid in each orientation that fits.
- :func:`draw_status`: the public design board: every seat, the blocks it brought, done or not.
- :func:`draw_wonders`: the revealed designs side by side, small.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from games.core.hexgrid import index_letters

from .. import palette as pal
from ..kit import DIRECT, Canvas, board_palette
from ..palette import RGB
from .common import GAP, MARGIN, names_for, pawn, seat_colour, tile_fill, tile_name, w

__all__ = ["CELL", "DESIGN_W", "design_image", "draw_design", "draw_grid", "draw_status", "draw_wonders",
           "status_image"]

CELL = 46                # a cell of the own design, in output pixels
MINI = 20                # a cell of a revealed design beside the others
SIDE_W = 380             # the preview column
DESIGN_W = 1180          # the own design's width (wider when slots stretch the area)
GUTTER = 22              # the column letters and row numbers
BOARD: RGB = (78, 86, 110)
SLOT: RGB = (44, 104, 112)
EDGE: RGB = (20, 22, 30)
STAT_COLOURS: dict[str, RGB] = {"S": (98, 200, 120), "A": (236, 96, 88), "D": (90, 150, 236), "F": (236, 184, 60)}
STATS = ("S", "A", "D", "F")

Cells = list[tuple[int, int]]


def _get(view: Any, name: str, default: Any = None) -> Any:
    return getattr(view, name, default)


def block_colour(block: Any) -> RGB:
    """A block's fill: its tile's colour (an inspiration block), its stat's (a generic one)."""
    if not block.block:
        return pal.mix(STAT_COLOURS.get(block.stat, pal.MUTED), (255, 255, 255), 0.25)
    return tile_fill(block.block.rsplit(".", 1)[0])


def block_title(block: Any, lang: str) -> str:
    """``b2 · Kyoto Lv 2``, or ``g1 · S +16`` for a generic block."""
    if not block.block:
        return f"{block.key} · {w('generic', lang, stat=w('stat_' + block.stat, lang))}"
    return f"{block.key} · {tile_name(block.block.rsplit('.', 1)[0], lang)} {w('level', lang, level=block.level)}"


def _extent(cells: Iterable[tuple[int, int]]) -> tuple[int, int]:
    listed = list(cells)
    if not listed:
        return 1, 1
    return max(x for x, _ in listed) + 1, max(y for _, y in listed) + 1


def _frame(own: Any, focus: Any = None) -> tuple[int, int, int, int]:
    """The cells a grid shows, ``(x0, y0, x1, y1)`` relative to the area's top-left (``x1``, ``y1`` past the end):
    the area, and around it the cells a slot's focus offers (slots attach outside the area)."""
    cells = [(x, y) for x, y in own.area] or [(0, 0)]
    if focus is not None and _get(focus, "slot", False):
        cells += [(x, y) for x, y in focus.anchors]
        cells += [(x, y) for option in focus.options for x, y in option.cells]
    return (min(x for x, _ in cells), min(y for _, y in cells), max(x for x, _ in cells) + 1,
            max(y for _, y in cells) + 1)


def grid_size(own: Any, cell: float, labels: bool = True, focus: Any = None) -> tuple[float, float]:
    """The width and height :func:`draw_grid` takes for ``own`` at ``cell`` pixels a cell."""
    x0, y0, x1, y1 = _frame(own, focus)
    pad = GUTTER if labels else 0
    return pad + (x1 - x0) * cell, pad + (y1 - y0) * cell


def _edges(cv: Canvas, cells: set[tuple[int, int]], x0: float, y0: float, cell: float, colour: RGB,
           width: float) -> None:
    """The outline of a set of cells: every cell edge with no neighbour of the set beyond it."""
    for x, y in cells:
        left, top = x0 + x * cell, y0 + y * cell
        if (x, y - 1) not in cells:
            cv.line([(left, top), (left + cell, top)], fill=colour, width=width)
        if (x, y + 1) not in cells:
            cv.line([(left, top + cell), (left + cell, top + cell)], fill=colour, width=width)
        if (x - 1, y) not in cells:
            cv.line([(left, top), (left, top + cell)], fill=colour, width=width)
        if (x + 1, y) not in cells:
            cv.line([(left + cell, top), (left + cell, top + cell)], fill=colour, width=width)


def _label_cell(cells: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The cell of a block nearest its centre (where its key is written)."""
    cx = sum(x for x, _ in cells) / len(cells)
    cy = sum(y for _, y in cells) / len(cells)
    return min(cells, key=lambda c: ((c[0] - cx) ** 2 + (c[1] - cy) ** 2, c[1], c[0]))


def draw_grid(cv: Canvas, own: Any, xy: tuple[float, float], cell: float, lang: str, *, labels: bool = True,
              focus: Any = None, marks: bool = True) -> tuple[float, float]:
    """``own``'s area at ``xy``: board and slot cells, the laid blocks, the cell names (``labels``: as the menu
    names them, the slot menu's names around the area for a slot's focus) and the focus's marks (``marks``);
    returns where the area's top-left cell is drawn."""
    fx0, fy0, fx1, fy1 = _frame(own, focus)
    pad = GUTTER if labels else 0
    gx, gy = xy[0] + pad - fx0 * cell, xy[1] + pad - fy0 * cell
    if labels:
        nx, ny = _get(focus, "names", (0, 0)) if focus is not None else (0, 0)
        for c in range(fx0, fx1):
            if c - nx >= 0:
                cv.text((gx + (c + 0.5) * cell, xy[1] + pad / 2), index_letters(c - nx).lower(), 11,
                        fill=pal.MUTED, anchor="mm")
        for r in range(fy0, fy1):
            if r - ny >= 0:
                cv.text((xy[0] + pad / 2, gy + (r + 0.5) * cell), str(r - ny + 1), 11, fill=pal.MUTED, anchor="mm")
    slots = [{(x, y) for x, y in group} for group in _get(own, "slot_cells", [])]
    in_slot = set().union(*slots) if slots else set()
    for x, y in own.area:
        fill = SLOT if (x, y) in in_slot else BOARD
        cv.box((gx + x * cell + 1, gy + y * cell + 1, gx + (x + 1) * cell - 1, gy + (y + 1) * cell - 1), fill=fill,
               radius=min(4.0, cell / 8))
    for group in slots:
        _edges(cv, group, gx, gy, cell, pal.lighten(SLOT, 0.35), max(1.0, cell / 20))
    for block in own.blocks:
        if not block.placed or not block.cells:
            continue
        cells = {(x, y) for x, y in block.cells}
        colour = block_colour(block)
        for x, y in cells:
            cv.box((gx + x * cell, gy + y * cell, gx + (x + 1) * cell, gy + (y + 1) * cell), fill=colour, radius=0)
        _edges(cv, cells, gx, gy, cell, EDGE, max(1.5, cell / 16))
        if cell >= 24:
            lx, ly = _label_cell(sorted(cells))
            cv.text((gx + (lx + 0.5) * cell, gy + (ly + 0.5) * cell), block.key, cell * 0.3, bold=True,
                    fill=pal.on_colour(colour), anchor="mm")
    _edges(cv, {(x, y) for x, y in own.area}, gx, gy, cell, pal.lighten(BOARD, 0.4), max(1.0, cell / 22))
    if focus is not None and marks:
        _draw_focus_marks(cv, focus, gx, gy, cell)
    return gx, gy


def _draw_focus_marks(cv: Canvas, focus: Any, gx: float, gy: float, cell: float) -> None:
    """The anchors a chosen block may take (rings), and the first fitting orientation laid as a ghost."""
    for x, y in focus.anchors:
        cv.circle((gx + (x + 0.5) * cell, gy + (y + 0.5) * cell), cell * 0.22, outline=pal.ACCENT,
                  width=max(1.5, cell / 16))
    if focus.options:
        ghost = {(x, y) for x, y in focus.options[0].cells}
        for x, y in ghost:
            cv.box((gx + x * cell + 4, gy + y * cell + 4, gx + (x + 1) * cell - 4, gy + (y + 1) * cell - 4),
                   outline=pal.ACCENT, width=2, radius=4)
        _edges(cv, ghost, gx, gy, cell, pal.ACCENT, 3)


def _shape(cv: Canvas, cells: Cells, xy: tuple[float, float], size: float, colour: RGB) -> float:
    """A block's shape, small, at ``xy``; returns its width."""
    x0, y0 = xy
    for x, y in cells:
        cv.box((x0 + x * size, y0 + y * size, x0 + (x + 1) * size - 1, y0 + (y + 1) * size - 1), fill=colour,
               outline=EDGE, radius=0)
    cols, _rows = _extent(cells)
    return cols * size


# ---- the preview column ----------------------------------------------------------------------------------------
def _stat_tiles(cv: Canvas, preview: Any, x0: float, y: float, width: float, lang: str) -> float:
    tile_w = (width - 3 * 8) / 4
    for i, stat in enumerate(STATS):
        x = x0 + i * (tile_w + 8)
        colour = STAT_COLOURS[stat]
        cv.box((x, y, x + tile_w, y + 66), fill=pal.PANEL_ALT, outline=colour, radius=8, width=2)
        cv.text((x + tile_w / 2, y + 16), w("stat_" + stat, lang), 11.5, fill=colour, bold=True, anchor="mm",
                max_width=tile_w - 8)
        cv.text((x + tile_w / 2, y + 44), f"{getattr(preview, stat):,}", 22, bold=True, anchor="mm",
                max_width=tile_w - 8)
    return y + 66


def _bar(cv: Canvas, x0: float, y: float, width: float, label: str, value: int, top: int, colour: RGB) -> float:
    cv.text((x0, y + 8), label, 12, fill=pal.MUTED, max_width=width * 0.4)
    bx = x0 + width * 0.42
    bw = width * 0.46
    cv.box((bx, y + 3, bx + bw, y + 13), fill=pal.PANEL_ALT, radius=5)
    share = max(0.0, min(1.0, value / top)) if top else 0.0
    if share:
        cv.box((bx, y + 3, bx + bw * share, y + 13), fill=colour, radius=5)
    cv.text((x0 + width, y + 8), str(value), 12, bold=True, anchor="rm")
    return y + 20


def _hook_text(hook: Any, lang: str) -> str:
    key = f"hook_{hook.kind}"
    stat = w("stat_" + hook.stat, lang) if hook.stat in STATS else ""
    try:
        return w(key, lang, v=hook.value, stat=stat)
    except KeyError:
        return f"{hook.kind} {hook.value}"


def _preview_column(cv: Canvas, own: Any, x0: float, y0: float, width: float, lang: str) -> float:
    """The wonder's name, stats, aesthetics, fit, battle effects and what is left to spend; returns the bottom."""
    p = own.preview
    cv.panel((x0, y0, x0 + width, y0 + 58), accent=pal.ACCENT if own.name else None, accent_width=2)
    cv.text((x0 + 14, y0 + 17), w("wonder_name", lang), 11.5, fill=pal.MUTED, bold=True)
    cv.text((x0 + 14, y0 + 40), own.name or w("unnamed", lang), 18, bold=True,
            fill=pal.TEXT if own.name else pal.MUTED, max_width=width - 28)
    y = _stat_tiles(cv, p, x0, y0 + 70, width, lang) + 12
    cv.text((x0, y + 8), w("aesthetics", lang, n=p.aesthetics), 13.5, bold=True)
    cv.text((x0 + width, y + 8), w("fit", lang, n=p.fit), 13, fill=pal.ACCENT, bold=True, anchor="rm")
    y += 22
    top = max(1, p.symmetry, p.compactness, p.variety)
    for key in ("symmetry", "compactness", "variety"):
        y = _bar(cv, x0, y, width, w(key, lang), getattr(p, key), top, STAT_COLOURS["F"])
    y += 6
    cv.text((x0, y + 8), w("hooks", lang), 13.5, bold=True)
    y += 22
    if not p.hooks:
        cv.text((x0, y + 8), w("hooks_none", lang), 12, fill=pal.MUTED)
        y += 20
    for hook in p.hooks[:6]:
        cv.text((x0 + 8, y + 8), f"{hook.key}: {_hook_text(hook, lang)}", 12, max_width=width - 8)
        y += 18
    if len(p.hooks) > 6:
        cv.text((x0 + 8, y + 8), w("more", lang, n=len(p.hooks) - 6), 12, fill=pal.MUTED)
        y += 18
    y += 8
    bits = [w("design_funds", lang, n=f"{own.funds:,}"), w("slots_left", lang, n=own.slots_left),
            w("generics_left", lang, n=own.generics_left)]
    for bit in bits:
        cv.text((x0, y + 8), bit, 12.5, fill=pal.MUTED, max_width=width)
        y += 19
    return y


def _tray(cv: Canvas, own: Any, x0: float, y: float, width: float, lang: str) -> float:
    """The blocks not laid yet: shape, name and level, and how many placements each has."""
    waiting = [b for b in own.blocks if not b.placed]
    if not waiting:
        return y
    cv.text((x0, y + 9), w("to_place", lang, n=len(waiting)), 14, bold=True, fill=pal.MUTED)
    y += 24
    size = 11.0
    col_w = (width - 12) / 2
    row_h = 58
    for i, block in enumerate(waiting):
        x = x0 + (i % 2) * (col_w + 12)
        top = y + (i // 2) * (row_h + 6)
        cv.panel((x, top, x + col_w, top + row_h), radius=8)
        shape_w = _shape(cv, [(a, b) for a, b in block.shape_cells], (x + 8, top + 8), size, block_colour(block))
        tx = x + 16 + max(shape_w, 3 * size)
        cv.text((tx, top + 18), block_title(block, lang), 12.5, bold=True, max_width=x + col_w - tx - 8)
        count = w("placements", lang, n=block.placements) if block.placements else w("fits_nowhere", lang)
        cv.text((tx, top + 40), count, 11.5, fill=pal.MUTED if block.placements else pal.BAD,
                max_width=x + col_w - tx - 8)
    return y + ((len(waiting) + 1) // 2) * (row_h + 6)


def _status_pills(cv: Canvas, seats: Sequence[Any], x0: float, x1: float, y: float, lang: str,
                  names: Sequence[str]) -> float:
    """Every seat's done flag (public) as pills from ``x0``, wrapping at ``x1``; returns the bottom of the last row."""
    x = x0
    for seat in seats:
        text = f"{names[seat.seat]} · {w('done' if seat.done else 'designing', lang)}"
        width = min(cv.measure(text, 12, True) + 24, x1 - x0)
        if x + width > x1 and x > x0:
            x, y = x0, y + 30
        cv.pill((x, y), text, 12, fill=seat_colour(seat.seat) if seat.done else pal.PANEL_ALT,
                text_fill=(255, 255, 255) if seat.done else pal.MUTED, height=24, pad=12, max_width=width)
        x += width + 6
    return y + 12


def draw_design(design: Any, own: Any, lang: str, names: Sequence[str] | None = None, *, focus: Any = None,
                players: int = 0) -> Canvas:
    """One design on its own: the board, the blocks still to place and the preview (see the module's notes).
    ``design`` is the phase's ``DesignView`` (for the done flags), ``own`` the design drawn."""
    seats = list(_get(design, "seats", []))
    shown = names_for(names, lang, max(players, len(seats), own.seat + 1))
    grid_w, grid_h = grid_size(own, CELL, focus=focus)
    width = max(DESIGN_W, round(MARGIN + grid_w + GAP + SIDE_W + MARGIN))
    left_w = width - 2 * MARGIN - GAP - SIDE_W

    def body(cv: Canvas) -> float:
        title = w("design_title", lang, seat=shown[own.seat])
        cv.text((MARGIN, MARGIN + 14), title, 22, bold=True, max_width=left_w)
        note = w("private_design", lang) if not own.done or not _get(design, "revealed", False) else \
            w("revealed_design", lang)
        cv.text((MARGIN, MARGIN + 42), note, 12.5, fill=pal.ACCENT if not own.done else pal.MUTED)
        top = _status_pills(cv, seats, MARGIN, width - MARGIN, MARGIN + 68, lang, shown) + 22
        cv.panel((MARGIN - 6, top - 6, MARGIN + left_w + 6, top + grid_h + 34))
        gx = MARGIN + (left_w - grid_w) / 2
        draw_grid(cv, own, (gx, top), CELL, lang, focus=focus)
        legend_y = top + grid_h + 16
        x: float = MARGIN + 8
        for colour, word in ((BOARD, w("board_legend", lang)), (SLOT, w("slot_legend", lang))):
            cv.box((x, legend_y - 7, x + 14, legend_y + 7), fill=colour, radius=3)
            x += 22 + cv.text((x + 20, legend_y), word, 11.5, fill=pal.MUTED) + 12
        y = top + grid_h + 44
        if focus is not None:
            y = _focus_strip(cv, own, focus, MARGIN, y, left_w, lang)
        y = _tray(cv, own, MARGIN, y, left_w, lang)
        side = _preview_column(cv, own, width - MARGIN - SIDE_W, top - 6, SIDE_W, lang)
        return max(y, side) + MARGIN

    return Canvas.fitted(width, lang, body, scale=DIRECT)


def _focus_strip(cv: Canvas, own: Any, focus: Any, x0: float, y: float, width: float, lang: str) -> float:
    """Under the board: what the placement (or slot) menu offers now, and each fitting orientation laid, small."""
    slot = bool(_get(focus, "slot", False))
    block = None if slot else next((b for b in own.blocks if b.key == focus.block), None)
    name = w("slot_kind", lang, kind=focus.block) if slot else \
        block_title(block, lang) if block is not None else focus.block
    if not focus.cell:
        cv.text((x0, y + 9), w("focus_anchors", lang, block=name, n=len(focus.anchors)), 14, bold=True,
                fill=pal.ACCENT, max_width=width)
        return y + 30
    cv.text((x0, y + 9), w("focus_cell", lang, block=name, cell=focus.cell, n=len(focus.options)), 14, bold=True,
            fill=pal.ACCENT, max_width=width)
    y += 26
    if not focus.options:
        cv.text((x0, y + 8), w("focus_none", lang), 12.5, fill=pal.MUTED)
        return y + 26
    small = 12.0
    gw, gh = grid_size(own, small, labels=False, focus=focus)
    x = x0
    colour = SLOT if slot else block_colour(block) if block is not None else pal.ACCENT
    for option in focus.options:
        if x + gw > x0 + width and x > x0:
            x, y = x0, y + gh + 28
        ox, oy = draw_grid(cv, own, (x, y), small, lang, labels=False, focus=focus, marks=False)
        for cx, cy in option.cells:
            cv.box((ox + cx * small, oy + cy * small, ox + (cx + 1) * small, oy + (cy + 1) * small), fill=colour,
                   radius=0)
        _edges(cv, {(a, b) for a, b in option.cells}, ox, oy, small, pal.ACCENT, 2)
        cv.text((x + gw / 2, y + gh + 11), option.tokens, 12, bold=True, anchor="mm")
        x += gw + 16
    return y + gh + 30


def design_image(view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The viewer's own design (``view`` a seat's view in the design phase or after), as PNG bytes."""
    design = view.design
    if design is None or design.own is None:
        raise ValueError("design_image() needs a seat's own view once the design phase has begun")
    return draw_design(design, design.own, lang, names, focus=_get(view, "focus"),
                       players=len(view.gathering.players)).png()


# ---- the public design board -------------------------------------------------------------------------------------
def draw_status(view: Any, lang: str, names: Sequence[str] | None = None) -> Canvas:
    """The design phase as everyone sees it: each seat, the blocks it brought from the gathering, done or not (the
    designs themselves stay secret until every design is done, rule 4.3)."""
    design = view.design
    players = view.gathering.players
    shown = names_for(names, lang, len(players))
    width = DESIGN_W

    def body(cv: Canvas) -> float:
        cv.text((MARGIN, MARGIN + 14), w("design_phase", lang), 22, bold=True)
        cv.text((MARGIN, MARGIN + 42), w("designs_secret", lang), 13, fill=pal.MUTED)
        y = MARGIN + 66
        card_w = (width - 2 * MARGIN - GAP) / 2
        for i, seat in enumerate(design.seats):
            x = MARGIN + (i % 2) * (card_w + GAP)
            top = y + (i // 2) * 112
            player = players[seat.seat]
            cv.panel((x, top, x + card_w, top + 100), accent=seat_colour(seat.seat) if seat.done else None,
                     accent_width=2, radius=10)
            pawn(cv, (x + 24, top + 26), seat.seat, 12)
            cv.text((x + 46, top + 26), shown[seat.seat], 16, bold=True, max_width=card_w - 190)
            status = w("done" if seat.done else "designing", lang)
            cv.pill((x + card_w - 14 - cv.measure(status, 13, True) - 24, top + 26), status, 13,
                    fill=seat_colour(seat.seat) if seat.done else pal.PANEL_ALT,
                    text_fill=(255, 255, 255) if seat.done else pal.MUTED, height=26, pad=12)
            tiles = sorted(player.blocks.items(), key=lambda kv: (-kv[1], kv[0]))
            cv.text((x + 14, top + 56), w("brought", lang, n=len(tiles)), 12.5, fill=pal.MUTED, bold=True)
            bx: float = x + 14
            for tile, level in tiles:
                label = f"{tile_name(tile, lang)} {w('level', lang, level=level)}"
                need = cv.measure(label, 11, True) + 18
                if bx + need > x + card_w - 14:
                    cv.text((bx, top + 80), "…", 12, fill=pal.MUTED)
                    break
                bx += cv.pill((bx, top + 80), label, 11, fill=tile_fill(tile), height=20, pad=8) + 5
        return y + ((len(design.seats) + 1) // 2) * 112 + MARGIN - 12

    return Canvas.fitted(width, lang, body, scale=DIRECT)


def status_image(view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
    """:func:`draw_status` as PNG bytes."""
    return draw_status(view, lang, names).png(board_palette("megarich"))


# ---- the revealed wonders ----------------------------------------------------------------------------------------
def draw_wonders(designs: Sequence[Any], lang: str, names: Sequence[str], width: int) -> Canvas:
    """Every revealed design small, with its name and stats, in rows across ``width``."""

    def body(cv: Canvas) -> float:
        cv.text((MARGIN, MARGIN + 10), w("revealed", lang), 18, bold=True)
        y0 = MARGIN + 32
        x: float = MARGIN
        y: float = y0
        row_h = 0.0
        for own in designs:
            gw, gh = grid_size(own, MINI, labels=False)
            card_w = max(gw + 24, 250)
            card_h = gh + 84
            if x + card_w > width - MARGIN and x > MARGIN:
                x, y = MARGIN, y + row_h + 12
                row_h = 0
            cv.panel((x, y, x + card_w, y + card_h), radius=10, accent=seat_colour(own.seat), accent_width=2)
            cv.text((x + 12, y + 16), names[own.seat], 13.5, bold=True, max_width=card_w - 24)
            cv.text((x + 12, y + 36), own.name or w("unnamed", lang), 12.5, fill=pal.ACCENT, max_width=card_w - 24)
            draw_grid(cv, own, (x + (card_w - gw) / 2, y + 50), MINI, lang, labels=False)
            p = own.preview
            stats = "  ".join(f"{s} {getattr(p, s)}" for s in STATS)
            cv.text((x + 12, y + card_h - 16), stats, 12, fill=pal.MUTED, bold=True, max_width=card_w - 24)
            x += card_w + 12
            row_h = max(row_h, card_h)
        return y + row_h + MARGIN

    return Canvas.fitted(width, lang, body, scale=DIRECT)
