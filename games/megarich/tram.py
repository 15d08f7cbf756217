"""巨富豪∞: the tram's standard move (rules text, 移动阶段) — where the capsule tram lands, and what it costs.

The player picks one of the six directions (:data:`~games.core.hexgrid.DIRECTIONS`, counter-clockwise on screen; the
board is a pointy-top :class:`~games.core.hexgrid.HexTorus`, so 0 = E, 1 = NE, 2 = NW, 3 = W, 4 = SW, 5 = SE). The
tram rolls outward and stops at random in a **cone** facing that direction (docs/rules/megarich-movement.md):

* ring ``k`` (``k = 1 … limit``) of the cone holds the ``2k − 1`` hexes ``a·D[d] + b·D[d ± 1]`` with ``a ≥ 1`` and
  ``a + b = k`` — the hexes strictly inside the 120° wedge centred on the chosen side; ``limit²`` hexes in all;
* hexes nearer than the limit are **dark red**, those at the limit (the rim) **light red**;
* each hex weighs its shade's weight (``data/movement.toml``: dark 15, light 8) and lands with weight / total.

For the base limit 3 that is 4 dark-red hexes at exactly 15 % and 5 light-red ones at exactly 8 % (4·15 + 5·8 = 100),
the text's "约15%" and "约8%". Limit 1 is the one hex next door (100 %); limit 5 is 16 dark at 15/312 ≈ 4.8 % and 9
light at 8/312 ≈ 2.6 %.

Everything is computed on offsets from the starting hex, so the odds are the same from every tile of a torus;
:func:`tile_odds` and :func:`roll` map the offsets onto a :class:`~games.core.hexgrid.HexTorus` of any size (the
text: "电车在移动过程中穿过棋盘边界时，会出现在棋盘另一端的对应位置"). The only randomness is one
:meth:`~games.core.rng.Rng.below` draw per throw from the game state's seeded generator.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Literal

from games.core.hexgrid import DIRECTIONS, ORIGIN, Hex, HexTorus
from games.core.rng import Rng

__all__ = [
    "DARK",
    "DARK_WEIGHT",
    "DIRECTION_KEYS",
    "ITCHY_LIMIT",
    "LIGHT",
    "LIGHT_WEIGHT",
    "MOVE_COST",
    "MOVE_HOURS",
    "MOVE_LIMIT",
    "POD_LIMIT",
    "ConeHex",
    "Shade",
    "cone",
    "landing_odds",
    "limit_choices",
    "move_cost",
    "odds_labels",
    "odds_text",
    "percent",
    "roll",
    "roll_offset",
    "tile_odds",
]

DATA = Path(__file__).parent / "data"

Shade = Literal["dark", "light"]
"""A cone hex's colour in the rules' figure: ``dark`` (深红色) or ``light`` (浅红色) red."""

DARK: Shade = "dark"
LIGHT: Shade = "light"

DIRECTION_KEYS: tuple[str, ...] = ("e", "ne", "nw", "w", "sw", "se")
"""Message-key suffixes of the six directions, in :data:`~games.core.hexgrid.DIRECTIONS` order (pointy-top map)."""


def _load() -> dict[str, dict[str, int]]:
    raw = tomllib.loads((DATA / "movement.toml").read_text(encoding="utf-8"))
    return {table: {key: int(value) for key, value in raw[table].items()} for table in ("standard_move", "odds")}


_RAW = _load()
MOVE_COST: int = _RAW["standard_move"]["cost"]
"""Funds a standard move costs (200), unless the mover has fewer (:func:`move_cost`)."""
MOVE_HOURS: int = _RAW["standard_move"]["hours"]
"""Hours a standard move advances the mover's clock (2)."""
MOVE_LIMIT: int = _RAW["standard_move"]["limit"]
"""The base move limit (3)."""
POD_LIMIT: int = _RAW["standard_move"]["pod_limit"]
"""The limit the item 豆荚机车 lets the player choose instead (5)."""
ITCHY_LIMIT: int = _RAW["standard_move"]["itchy_limit"]
"""The limit under 痒痒怪变身卡 (1)."""
DARK_WEIGHT: int = _RAW["odds"]["dark_weight"]
"""Weight of a dark-red hex (15)."""
LIGHT_WEIGHT: int = _RAW["odds"]["light_weight"]
"""Weight of a light-red hex (8)."""


def move_cost(funds: int) -> int:
    """What a standard move costs a player holding ``funds``: :data:`MOVE_COST`, or 0 when the funds are short.

    "Short" means fewer funds than the cost (footnote 3: 所持资金不足时无需支付), so a player with exactly 200 pays
    and is left with 0; one with 199, or in debt, moves free.
    """
    return MOVE_COST if funds >= MOVE_COST else 0


def limit_choices(*, pod_locomotive: bool = False, itchy: bool = False) -> tuple[int, ...]:
    """The move limits a player may choose from, smallest first.

    The base limit; with 豆荚机车 the player "可以选择以5作为…上限", so the base or :data:`POD_LIMIT`; under
    痒痒怪变身卡 the limit "降低至1" whatever else is held.
    """
    if itchy:
        return (ITCHY_LIMIT,)
    if pod_locomotive:
        return tuple(sorted({MOVE_LIMIT, POD_LIMIT}))
    return (MOVE_LIMIT,)


def _check(direction: int, limit: int) -> None:
    if not isinstance(direction, int) or isinstance(direction, bool) or not 0 <= direction <= 5:
        raise ValueError(f"a direction is 0-5 (an index of DIRECTIONS), not {direction!r}")
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise ValueError(f"a move limit is a whole number ≥ 1, not {limit!r}")


@dataclass(frozen=True, slots=True)
class ConeHex:
    """One hex the tram can stop on: its ``offset`` from the start, its ``distance`` (ring), shade and weight."""

    offset: Hex
    distance: int
    shade: Shade
    weight: int


def cone(direction: int, limit: int) -> tuple[ConeHex, ...]:
    """The hexes the tram can stop on, nearest ring first, each ring from the clockwise side to the other.

    Ring ``k`` holds ``(k − |b|)·D[d] + |b|·D[d ∓ 1]`` for ``b = −(k−1) … k−1`` (``b < 0``: the clockwise
    neighbour direction ``d − 1``); rings below ``limit`` are dark red, the ring at ``limit`` light red.
    """
    _check(direction, limit)
    return _cone(direction, limit)


@cache
def _cone(direction: int, limit: int) -> tuple[ConeHex, ...]:
    main = DIRECTIONS[direction]
    found: list[ConeHex] = []
    for k in range(1, limit + 1):
        shade, weight = (LIGHT, LIGHT_WEIGHT) if k == limit else (DARK, DARK_WEIGHT)
        for b in range(-(k - 1), k):
            side = DIRECTIONS[(direction + (1 if b > 0 else -1)) % 6]
            found.append(ConeHex(main.scale(k - abs(b)) + side.scale(abs(b)), k, shade, weight))
    return tuple(found)


def landing_odds(direction: int, limit: int) -> dict[Hex, Fraction]:
    """The exact chance of stopping on each offset from the start (they sum to exactly 1), in :func:`cone` order."""
    hexes = cone(direction, limit)
    total = sum(h.weight for h in hexes)
    return {h.offset: Fraction(h.weight, total) for h in hexes}


def tile_odds(start: Hex, direction: int, limit: int, torus: HexTorus) -> dict[Hex, Fraction]:
    """The landing odds as canonical tiles of ``torus``, wrapping across its edges.

    On a torus too small for the cone (a wrap of ``2 × limit`` steps or fewer) two offsets, or an offset and the start,
    can name one tile; their odds add up. On Megarich's 16 × 16 board the shortest wrap is 16 steps, more than twice
    the largest limit (5), so the cone's tiles stay distinct and never include the start.
    """
    odds: dict[Hex, Fraction] = {}
    for offset, p in landing_odds(direction, limit).items():
        tile = torus.wrap(start + offset)
        odds[tile] = odds.get(tile, Fraction(0)) + p
    return odds


def roll_offset(rng: Rng, direction: int, limit: int) -> Hex:
    """Throw the tram: one draw from ``rng`` picks a cone hex by weight; its offset from the start."""
    hexes = cone(direction, limit)
    pick = rng.below(sum(h.weight for h in hexes))
    for h in hexes:
        if pick < h.weight:
            return h.offset
        pick -= h.weight
    raise AssertionError("unreachable: the pick lies below the total weight")  # pragma: no cover


def roll(rng: Rng, start: Hex, direction: int, limit: int, torus: HexTorus) -> Hex:
    """The canonical tile of ``torus`` where a tram thrown from ``start`` toward ``direction`` stops."""
    return torus.wrap(start + roll_offset(rng, direction, limit))


# ---- what the UI shows: the odds per hex ----------------------------------------------------------------------------
def percent(p: Fraction, digits: int = 1) -> str:
    """``p`` as a percentage rounded half up to ``digits`` decimals, without trailing zeros: ``15%``, ``4.8%``."""
    scale = 10**digits
    tenths = (p * 100 * scale * 2 + 1) // 2  # round half up, exactly
    whole, frac = divmod(int(tenths), scale)
    if frac == 0:
        return f"{whole}%"
    return f"{whole}.{frac:0{digits}d}".rstrip("0") + "%"


def odds_labels(direction: int, limit: int) -> dict[Hex, str]:
    """A percentage label per cone offset (``{Hex(1, 0): "15%", …}``) for a map renderer to print on the hexes."""
    return {offset: percent(p) for offset, p in landing_odds(direction, limit).items()}


_CELL = 6  # characters per hex in :func:`odds_text`; neighbouring rows shift by half a cell


def odds_text(direction: int, limit: int) -> str:
    """The cone drawn in text, in pointy-top rows as on the board: ``@`` is the start, each cone hex shows its odds
    (a trailing ``*`` marks dark red), ``·`` the other hexes within the limit between them. It holds no words, so it
    reads the same in every language. Direction 0 (E), limit 1 gives ``@    100%``.
    """
    odds = landing_odds(direction, limit)
    shades = {h.offset: h.shade for h in cone(direction, limit)}
    shown = [ORIGIN, *odds]
    xs = [2 * h.q + h.r for h in shown]
    rows = range(min(h.r for h in shown), max(h.r for h in shown) + 1)
    frame = [Hex(q, r) for r in rows for q in range(-limit - abs(r), limit + abs(r) + 1)
             if Hex(q, r).length() <= limit and min(xs) <= 2 * q + r <= max(xs)]
    x0 = min(2 * h.q + h.r for h in frame)
    lines: list[str] = []
    for r in rows:
        line = ""
        for h in sorted((h for h in frame if h.r == r), key=lambda h: h.q):
            if h == ORIGIN:
                text = "@"
            elif h in odds:
                text = percent(odds[h]) + ("*" if shades[h] == DARK else "")
            else:
                text = "·"
            line = line.ljust((2 * h.q + h.r - x0) * _CELL // 2) + text.center(_CELL)
        lines.append(line.rstrip())
    indent = min(len(line) - len(line.lstrip(" ")) for line in lines)
    return "\n".join(line[indent:] for line in lines)
