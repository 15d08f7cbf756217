"""巨富豪∞'s wonder (奇观建筑): its stats S/A/D/F from a design, its aesthetics and its name's fit.

Pure: a :class:`games.megarich.design.Design` says where each block lies; a mapping ``{key: Piece}`` says what each
placed key is (an inspiration block at a level, or a generic block with its stat). :func:`evaluate` adds, stat by
stat (rules and rulings of ``docs/rules/megarich-wonder.md``):

1. the foundation (``[foundation]`` of ``data/blocks.toml``, R36);
2. each inspiration block's flat stats at its level (rule 3.1, R32);
3. each generic block's bonus (rule 3.4: S+16, A+8, D+8 or F+3);
4. each bonus whose geometry relation holds, counted up to its cap (rules 3.5–3.8, R35);
5. F from the aesthetics (:func:`aesthetics`, rule 3.11, R39), the name and its fit (:func:`name_fit`, rule 3.12,
   R40).

Every addition is kept as a :class:`Line` so the preview can show where a number comes from. The battle's hooks are
collected, not interpreted (:attr:`Wonder.hooks`, R37).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from games.core.polyomino import Cell, bounding_box
from games.megarich.blocks import LEVELS, STATS, Block, Bonus, Hook, block, rulebook
from games.megarich.board import TAGS, atlas
from games.megarich.design import GENERIC_BONUS, Design, both, chain, inside, neighbours, outermost

__all__ = [
    "Aesthetics",
    "Line",
    "Piece",
    "PlacedHook",
    "Stats",
    "Wonder",
    "aesthetics",
    "bonus_count",
    "evaluate",
    "evoked_tags",
    "name_fit",
    "normalise_name",
]


class Stats(NamedTuple):
    """稳定性 S, 攻击力 A, 防御力 D, 支持度 F."""

    S: int
    A: int
    D: int
    F: int


@dataclass(frozen=True)
class Piece:
    """What a placed key stands for: inspiration block ``block`` at ``level``, or a generic block giving ``generic``
    (the stat fixed when it was bought)."""

    block: str | None = None
    level: int = 1
    generic: str | None = None

    def __post_init__(self) -> None:
        if (self.block is None) == (self.generic is None):
            raise ValueError("a piece is an inspiration block or a generic block")
        if self.generic is not None and self.generic not in GENERIC_BONUS:
            raise ValueError(f"a generic block gives S, A, D or F, not {self.generic!r}")
        if self.level not in LEVELS:
            raise ValueError(f"no level {self.level}")

    @classmethod
    def inspired(cls, block_id: str, level: int = 1) -> Piece:
        """An inspiration block at ``level``."""
        return cls(block=block_id, level=level)

    @classmethod
    def plain(cls, stat: str) -> Piece:
        """A generic 1×1 block giving ``stat``."""
        return cls(generic=stat)

    @property
    def spec(self) -> Block | None:
        """The inspiration block, or ``None`` for a generic one."""
        return None if self.block is None else block(self.block)

    @property
    def tag(self) -> str:
        """The place tag of an inspiration block; ``"generic"`` for a generic block."""
        spec = self.spec
        return "generic" if spec is None else spec.tag


@dataclass(frozen=True)
class Line:
    """One addition to the stats: where it comes from (``source``: a key or ``""``), what (``foundation``, ``flat``,
    ``generic``, ``bonus``, ``aesthetics``, ``name``, ``fit``), the stat, the amount, and how often a bonus held."""

    source: str
    what: str
    stat: str
    amount: int
    count: int = 1


@dataclass(frozen=True)
class PlacedHook:
    """A battle hook of the block on ``key``, at the block's level."""

    key: str
    hook: Hook

    def value(self, support: int) -> int:
        """Its value with the wonder's F counted (see :meth:`Hook.at`)."""
        return self.hook.at(support)


class Aesthetics(NamedTuple):
    """The aesthetics score (美观程度) and its three parts, each within its maximum in ``[aesthetics]``."""

    symmetry: int
    compactness: int
    variety: int

    @property
    def total(self) -> int:
        """0–100 with the shipped maxima (40 + 30 + 30)."""
        return self.symmetry + self.compactness + self.variety


@dataclass(frozen=True)
class Wonder:
    """A design's stats with their lines, its aesthetics, its name's fit (0–100) and its battle hooks."""

    stats: Stats
    lines: tuple[Line, ...]
    aesthetics: Aesthetics
    fit: int
    hooks: tuple[PlacedHook, ...]


# --------------------------------------------------------------------------------------------- bonuses


def _matches(word: str, own: str, other: str) -> bool:
    """Whether a block tagged ``other`` meets a bonus's ``tag`` word, for a block tagged ``own`` (R35)."""
    if word == "any":
        return True
    if word == "same":
        return other == own
    if word == "other":
        return other in TAGS and other != own
    return other == word


def bonus_count(design: Design, tags: Mapping[str, str], key: str, bonus: Bonus) -> int:
    """How many times ``bonus`` of the block on ``key`` holds on ``design`` (capped), ``tags`` being every placed
    key's tag (a place tag or ``generic``)."""
    solids = design.solids
    own = tags[key]

    def meets(k: str) -> bool:
        return _matches(bonus.tag, own, tags[k])

    def through(k: str) -> bool:
        return k == key or meets(k)

    found: int
    if bonus.when == "adjacent":
        found = sum(1 for k in neighbours(solids, key) if meets(k))
    elif bonus.when == "chain":
        found = len(chain(solids, key, both(through)))
    elif bonus.when == "outermost":
        if bonus.direction is None:
            raise ValueError("an outermost bonus needs a direction")
        found = 1 if outermost(solids, key, bonus.direction) else 0
    elif bonus.when == "inside":
        found = sum(1 for k in solids if k != key and meets(k) and inside(solids, key, k))
    elif bonus.when == "holds":
        found = sum(1 for k in solids if k != key and meets(k) and inside(solids, k, key))
    else:
        raise ValueError(f"no condition {bonus.when!r}")
    return found if bonus.cap is None else min(found, bonus.cap)


# --------------------------------------------------------------------------------------------- aesthetics


def _mirrors(cells: frozenset[Cell]) -> list[frozenset[Cell]]:
    box = bounding_box(cells)
    right, bottom = 2 * box.x + box.width - 1, 2 * box.y + box.height - 1
    return [frozenset((right - x, y) for x, y in cells),        # left-right
            frozenset((x, bottom - y) for x, y in cells),       # top-bottom
            frozenset((right - x, bottom - y) for x, y in cells)]  # a half turn


def aesthetics(design: Design, pieces: Mapping[str, Piece]) -> Aesthetics:
    """The aesthetics score computed from the design's shape (footnote 8; R39), all integer arithmetic:

    - symmetry: ``symmetry × m // |area|`` where ``m`` is the most solid cells that land on solid cells under one
      of the left-right mirror, the top-bottom mirror or the half turn of the solids' bounding rectangle;
    - compactness: ``compactness × solids // the solids' bounding rectangle``;
    - variety: ``min(variety, per_tag × distinct place tags + per_shape × distinct shapes)``, a generic block
      counting as one shape and no tag.
    An empty design scores 0."""
    table = rulebook().aesthetics
    cells = design.occupied
    if not cells:
        return Aesthetics(0, 0, 0)
    matched = max(len(cells & m) for m in _mirrors(cells))
    symmetry = table["symmetry"] * matched // max(len(design.area.cells), len(cells))
    box = bounding_box(cells)
    compactness = table["compactness"] * len(cells) // (box.width * box.height)
    tags = {pieces[b.key].tag for b in design.blocks} - {"generic"}
    shapes = {(s.shape.id if (s := pieces[b.key].spec) else "generic") for b in design.blocks}
    variety = min(table["variety"], table["per_tag"] * len(tags) + table["per_shape"] * len(shapes))
    return Aesthetics(symmetry, compactness, variety)


# --------------------------------------------------------------------------------------------- the name


def normalise_name(name: str) -> str:
    """The name as it is judged: NFKC, case-folded, blanks collapsed, cut to ``[name] max_length`` characters."""
    text = " ".join(unicodedata.normalize("NFKC", name).casefold().split())
    return text[: rulebook().name["max_length"]]


def _evokes(name: str, word: str) -> bool:
    if word.isascii():
        return re.search(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])", name) is not None
    return word in name


def evoked_tags(name: str) -> frozenset[str]:
    """The place tags the name's words evoke (``[name.keywords]``, either language; R40)."""
    text = normalise_name(name)
    return frozenset(t for t, words in rulebook().keywords.items() if any(_evokes(text, w) for w in words))


def _fits(text: str, tags: frozenset[str], spec: Block) -> bool:
    if spec.tag in tags:
        return True
    place = atlas().by_id[spec.place]
    return any(_evokes(text, normalise_name(place.name(lang))) for lang in ("en", "zh"))


def name_fit(name: str, design: Design, pieces: Mapping[str, Piece]) -> int:
    """How well the name fits the design, 0–100 (适配程度, R40): the share of the inspiration blocks' solid cells
    whose block the name evokes, by a tag keyword or by its place's name (in either language). Generic blocks are
    left out; no name or no inspiration block fits 0."""
    text = normalise_name(name)
    placed = [(b, s) for b in design.blocks if (s := pieces[b.key].spec) is not None]
    total = sum(len(b.cells) for b, _ in placed)
    if not text or not total:
        return 0
    tags = evoked_tags(text)
    fitting = sum(len(b.cells) for b, s in placed if _fits(text, tags, s))
    return 100 * fitting // total


# --------------------------------------------------------------------------------------------- the stats


def evaluate(design: Design, pieces: Mapping[str, Piece], name: str = "") -> Wonder:
    """The wonder of ``design`` named ``name``: its stats and where they come from (see the module's steps).

    ``pieces`` must say what every placed key is (``KeyError`` otherwise); pieces not placed are ignored."""
    book = rulebook()
    lines: list[Line] = [Line("", "foundation", s, book.foundation[s]) for s in STATS if book.foundation[s]]
    tags = {b.key: pieces[b.key].tag for b in design.blocks}
    hooks: list[PlacedHook] = []
    for placed in design.blocks:
        piece = pieces[placed.key]
        spec = piece.spec
        if spec is None:
            stat = str(piece.generic)
            lines.append(Line(placed.key, "generic", stat, GENERIC_BONUS[stat]))
            continue
        lines += [Line(placed.key, "flat", s, v) for s, v in spec.flat_at(piece.level).items() if v]
        for bonus in spec.bonuses_at(piece.level):
            times = bonus_count(design, tags, placed.key, bonus)
            if times:
                lines.append(Line(placed.key, "bonus", bonus.stat, bonus.per * times, times))
        hooks += [PlacedHook(placed.key, h) for h in spec.hooks_at(piece.level)]
    looks = aesthetics(design, pieces)
    fit = name_fit(name, design, pieces)
    table = book.name
    extra = [("aesthetics", looks.total // book.aesthetics["per_f"]),
             ("name", table["named_f"] if normalise_name(name) else 0),
             ("fit", table["fit_f"] * fit // 100)]
    lines += [Line("", what, "F", amount) for what, amount in extra if amount]
    totals = {s: sum(x.amount for x in lines if x.stat == s) for s in STATS}
    return Wonder(Stats(**totals), tuple(lines), looks, fit, tuple(hooks))
