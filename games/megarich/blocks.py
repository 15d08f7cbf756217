"""巨富豪∞'s inspiration blocks (灵感块): the effect vocabulary, the three candidates of every place, their levels.

Everything is read from ``data/blocks.toml`` (the source of truth) once; rules and rulings named below are those of
``docs/rules/megarich-wonder.md``. A block is data in a small vocabulary, never code of its own:

- **flat** stats: ``{stat: value}`` added to the wonder (rule 3.1);
- **bonuses** (:class:`Bonus`): ``+per`` of a stat each time a geometry relation of the design holds, up to ``cap``
  times — ``adjacent`` (per adjacent block of a tag), ``chain`` (per block chain-adjacent through blocks of its own
  tag), ``outermost`` (once, when on the most-``direction`` side), ``inside`` (per block whose bounding rectangle it
  lies inside), ``holds`` (per block inside its own bounding rectangle); tags are a place tag, ``generic``,
  ``same``, ``other`` or ``any`` (R35). :mod:`games.megarich.wonder` evaluates them;
- **hooks** (:class:`Hook`) the battle reads: ``regen``, ``haste``, ``summon`` and ``boost``, each a level-scaled
  ``value`` plus one unit per ``f_step`` of the wonder's F (R37).

Each number of a block is authored at level 1 from a template (``[archetypes]``) and the place's main stat, the
budget being the block's cells × the cp per cell of its kind (R33, R34); at level ``L`` it is
``(base × m + 50) // 100`` with ``m`` from ``[levels]`` (R32). Names and effect texts come from templates in both
languages (R38).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from games.megarich.board import TAGS, atlas
from games.megarich.design import DIRECTIONS, Direction, ShapeSpec, shape_library

__all__ = [
    "CONDITIONS",
    "HOOKS",
    "LEVELS",
    "STATS",
    "TAG_WORDS",
    "Block",
    "Bonus",
    "Hook",
    "Rulebook",
    "block",
    "blocks",
    "candidates",
    "cp_value",
    "rulebook",
    "scale",
]

DATA = Path(__file__).parent / "data"

#: The four stats (奇观基础属性): 稳定性, 攻击力, 防御力, 支持度.
STATS: tuple[str, ...] = ("S", "A", "D", "F")
#: What a bonus's ``tag`` may name: a place tag, a generic block, the block's own tag, another tag, any block.
TAG_WORDS: tuple[str, ...] = (*TAGS, "generic", "same", "other", "any")
#: The geometry relations a bonus reads (docs/rules/megarich-design.md rules 9–12).
CONDITIONS: tuple[str, ...] = ("adjacent", "chain", "outermost", "inside", "holds")
#: The battle's hooks: what 支持度 strengthens ("攻击速度、回复量、单次召唤数量、增幅量").
HOOKS: tuple[str, ...] = ("regen", "haste", "summon", "boost")
#: Levels 1 to 4: gathered at 1, "每一个灵感块最多可以升级3次".
LEVELS: tuple[int, ...] = (1, 2, 3, 4)


class BlockDataError(ValueError):
    """``data/blocks.toml`` disagrees with itself, the shapes or the places."""


@dataclass(frozen=True)
class Bonus:
    """``+per`` of ``stat`` each time ``when`` holds (with ``tag`` or ``direction``), counted at most ``cap`` times."""

    stat: str
    per: int
    when: str
    tag: str = "any"
    direction: Direction | None = None
    cap: int | None = None


@dataclass(frozen=True)
class Hook:
    """A battle effect: ``kind`` with a ``value`` (its unit in ``[hooks]``), one unit more per ``f_step`` of F;
    ``stat`` is the stat a ``boost`` raises."""

    kind: str
    value: int
    f_step: int
    stat: str | None = None

    def at(self, support: int) -> int:
        """The value once the wonder's F is counted: ``value + F // f_step`` (F below 0 counts as 0)."""
        return self.value + max(0, support) // self.f_step


@dataclass(frozen=True)
class Block:
    """One candidate block of a place, at level 1 (see :meth:`flat_at`, :meth:`bonuses_at`, :meth:`hooks_at`)."""

    id: str
    place: str
    number: int
    tag: str
    shape: ShapeSpec
    archetype: str
    flat: Mapping[str, int]
    bonuses: tuple[Bonus, ...]
    hooks: tuple[Hook, ...]
    names: Mapping[str, str]

    @property
    def main(self) -> str:
        """The block's main stat (主属性): its place tag's."""
        return rulebook().main[self.tag]

    @property
    def cells(self) -> int:
        """Solid cells."""
        return self.shape.shape.size

    def name(self, lang: str) -> str:
        """The block's name in ``lang`` (``"en"`` or ``"zh"``)."""
        return self.names[lang]

    def flat_at(self, level: int) -> dict[str, int]:
        """The flat stats at ``level``."""
        return {s: scale(v, level) for s, v in self.flat.items()}

    def bonuses_at(self, level: int) -> tuple[Bonus, ...]:
        """The bonuses at ``level`` (``per`` scaled; caps and conditions unchanged)."""
        return tuple(Bonus(b.stat, scale(b.per, level), b.when, b.tag, b.direction, b.cap) for b in self.bonuses)

    def hooks_at(self, level: int) -> tuple[Hook, ...]:
        """The hooks at ``level`` (``value`` scaled; ``f_step`` unchanged)."""
        return tuple(Hook(h.kind, scale(h.value, level), h.f_step, h.stat) for h in self.hooks)

    def text(self, lang: str, level: int = 1) -> str:
        """The short effect text at ``level`` in ``lang``, made from ``[texts]``, ``[conditions]`` and ``[hooks]``."""
        book = rulebook()
        t = book.texts
        parts = [t[f"flat_{lang}"].format(stat=book.stat_names[s][lang], value=v)
                 for s, v in self.flat_at(level).items() if v]
        for b in self.bonuses_at(level):
            where = book.conditions[b.when][lang].format(
                tag=book.tag_names[b.tag][lang], direction=book.directions[b.direction][lang] if b.direction else "")
            part = t[f"bonus_{lang}"].format(condition=where, stat=book.stat_names[b.stat][lang], value=b.per)
            if b.cap is not None:
                part += t[f"cap_{lang}"].format(cap=b.cap)
            parts.append(part)
        for h in self.hooks_at(level):
            parts.append(book.hooks[h.kind][lang].format(
                value=h.value, f_step=h.f_step, stat=book.stat_names[h.stat][lang] if h.stat else ""))
        return t[f"join_{lang}"].join(parts)


@dataclass(frozen=True)
class Rulebook:
    """The tables of ``data/blocks.toml`` other than the blocks: what :mod:`games.megarich.wonder` reads."""

    stat_cp: Mapping[str, int]
    stat_names: Mapping[str, Mapping[str, str]]
    main: Mapping[str, str]
    tag_names: Mapping[str, Mapping[str, str]]
    multipliers: tuple[int, ...]
    per_cell: Mapping[str, float]
    tolerance: float
    foundation: Mapping[str, int]
    conditions: Mapping[str, Mapping[str, Any]]
    directions: Mapping[str, Mapping[str, str]]
    hooks: Mapping[str, Mapping[str, Any]]
    archetypes: Mapping[str, Mapping[str, Any]]
    aesthetics: Mapping[str, int]
    name: Mapping[str, int]
    keywords: Mapping[str, tuple[str, ...]]
    names: Mapping[str, str]
    texts: Mapping[str, str]


@cache
def _raw() -> dict[str, Any]:
    return tomllib.loads((DATA / "blocks.toml").read_text(encoding="utf-8"))


@cache
def rulebook() -> Rulebook:
    """The parameters of ``data/blocks.toml``, read once (treat as read-only)."""
    raw = _raw()
    name = {k: int(v) for k, v in raw["name"].items() if k != "keywords"}
    book = Rulebook(
        stat_cp={s: int(raw["stats"][s]["cp"]) for s in STATS},
        stat_names={s: {"en": raw["stats"][s]["en"], "zh": raw["stats"][s]["zh"]} for s in STATS},
        main=dict(raw["tags"]),
        tag_names=raw["tag_names"],
        multipliers=tuple(int(m) for m in raw["levels"]["multipliers"]),
        per_cell={k: float(raw["budget"][k]) for k in ("ordinary", "special")},
        tolerance=float(raw["budget"]["tolerance"]),
        foundation={s: int(raw["foundation"][s]) for s in STATS},
        conditions=raw["conditions"],
        directions=raw["directions"],
        hooks=raw["hooks"],
        archetypes=raw["archetypes"],
        aesthetics={k: int(v) for k, v in raw["aesthetics"].items()},
        name=name,
        keywords={t: tuple(str(w).casefold() for w in ws) for t, ws in raw["name"]["keywords"].items()},
        names=raw["names"],
        texts=raw["texts"],
    )
    if set(book.main) != set(TAGS) or sorted(book.main.values()) != sorted(set(book.main.values())):
        raise BlockDataError("blocks.toml: [tags] gives each place tag a different main stat")
    if len(book.multipliers) != len(LEVELS) or book.multipliers[0] != 100:
        raise BlockDataError("blocks.toml: [levels] has four multipliers, the first 100")
    if set(book.conditions) != set(CONDITIONS) or set(book.hooks) != set(HOOKS):
        raise BlockDataError("blocks.toml: [conditions] and [hooks] are the vocabulary's")
    return book


def scale(base: int, level: int) -> int:
    """A level-1 number at ``level``: ``(base × m + 50) // 100`` (R32)."""
    if level not in LEVELS:
        raise ValueError(f"no level {level}")
    return (base * rulebook().multipliers[level - 1] + 50) // 100


def _round(x: float) -> int:
    return int(x + 0.5) if x >= 0 else -int(-x + 0.5)


def _stat(word: str, main: str) -> str:
    stat = main if word == "main" else word
    if stat not in STATS:
        raise BlockDataError(f"blocks.toml: no stat {word!r}")
    return stat


def _expand(place: str, number: int, tag: str, spec: str, place_names: Mapping[str, str]) -> Block:
    """A candidate from ``"<shape> <archetype>"``: the template's shares of the budget turned into numbers."""
    book = rulebook()
    try:
        shape_id, archetype = spec.split()
        shape = shape_library()[shape_id]
        template = book.archetypes[archetype]
    except (ValueError, KeyError) as err:
        raise BlockDataError(f"blocks.toml: {place} candidate {number} {spec!r}: {err}") from err
    shares = [*template.get("flat", {}).values(), *(template[k]["share"] for k in ("bonus", "hook") if k in template)]
    if abs(sum(float(s) for s in shares) - 1) > 1e-9:
        raise BlockDataError(f"blocks.toml: the shares of {archetype} do not add up to 1")
    main = book.main[tag]
    budget = shape.shape.size * book.per_cell[shape.kind]
    flat: dict[str, int] = {}
    for word, share in template.get("flat", {}).items():
        stat = _stat(word, main)
        flat[stat] = flat.get(stat, 0) + _round(budget * float(share) * book.stat_cp[stat])
    bonuses: list[Bonus] = []
    if "bonus" in template:
        b = template["bonus"]
        stat = _stat(b["stat"], main)
        when = str(b["when"])
        expect = float(book.conditions[when]["expect"])
        direction = b.get("direction")
        if direction is not None and direction not in DIRECTIONS:
            raise BlockDataError(f"blocks.toml: {archetype} has no direction {direction!r}")
        tag_word = str(b.get("tag", "any"))
        if tag_word not in TAG_WORDS:
            raise BlockDataError(f"blocks.toml: {archetype} has no tag {tag_word!r}")
        per = _round(budget * float(b["share"]) * book.stat_cp[stat] / expect)
        cap = b.get("cap")
        bonuses.append(Bonus(stat, per, when, tag_word, direction, None if cap is None else int(cap)))
    hooks: list[Hook] = []
    if "hook" in template:
        h = template["hook"]
        kind = str(h["kind"])
        table = book.hooks[kind]
        value = max(1, _round(budget * float(h["share"]) / float(table["cp"])))
        stat = h.get("stat")
        hooks.append(Hook(kind, value, int(table["f_step"]), None if stat is None else _stat(stat, main)))
    names = {lang: book.names[lang].format(place=place_names[lang], shape=getattr(shape, lang))
             for lang in ("en", "zh")}
    return Block(f"{place}.{number}", place, number, tag, shape, archetype, flat, tuple(bonuses), tuple(hooks),
                 names)


@cache
def blocks() -> dict[str, Block]:
    """Every candidate block by id (``"<place>.<n>"``), in places.toml order, three per place (R34)."""
    raw = _raw()["candidates"]
    places = atlas().places
    missing = sorted({p.id for p in places} ^ set(raw))
    if missing:
        raise BlockDataError(f"blocks.toml: [candidates] and places.toml differ on {missing[:5]}")
    out: dict[str, Block] = {}
    for place in places:
        specs = raw[place.id]
        if len(specs) != 3:
            raise BlockDataError(f"blocks.toml: {place.id} has {len(specs)} candidates, not 3")
        for n, spec in enumerate(specs, 1):
            found = _expand(place.id, n, place.tag, str(spec), place.names)
            out[found.id] = found
    return out


def block(block_id: str) -> Block:
    """The candidate ``block_id`` (``KeyError`` when there is none)."""
    return blocks()[block_id]


def candidates(place: str) -> tuple[Block, Block, Block]:
    """The three candidates (备选灵感块) of ``place``, in order."""
    found = blocks()
    return found[f"{place}.1"], found[f"{place}.2"], found[f"{place}.3"]


def cp_value(b: Block, level: int = 1) -> float:
    """What ``b`` is worth in cell-points at ``level`` (R33): flat stats at their cp rate, each bonus at ``per``
    × its condition's ``expect``, each hook at its units × ``cp``. The content test holds it to the budget."""
    book = rulebook()
    total = sum(v / book.stat_cp[s] for s, v in b.flat_at(level).items())
    total += sum(x.per * float(book.conditions[x.when]["expect"]) / book.stat_cp[x.stat] for x in b.bonuses_at(level))
    total += sum(h.value * float(book.hooks[h.kind]["cp"]) for h in b.hooks_at(level))
    return total
