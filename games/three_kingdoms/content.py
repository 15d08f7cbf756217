"""The authored components of Three Kingdoms (逐鹿), read once from the data files.

The rules text lists the components without describing them (map, lords, 64 talents, 6 specials,
9 condition cards); ours are original and live in ``data/*.toml`` (schema: ``data/README.md``).
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path

import msgspec

DATA = Path(__file__).with_name("data")

RESOURCES = ("gold", "wood", "troops")
GAINS = (*RESOURCES, "points")
#: Actions on the rondel (rules §4 标准回合流程 1), in the order the data and menus use.
ACTIONS = ("sell", "log", "recruit", "hire", "siege", "build", "any")
#: The action that each converting building row follows and what it converts (rules §4 销售/伐木/募兵).
ROW_ACTION = {"workshop": "sell", "lumber": "log", "barracks": "recruit"}
ROW_PAYS = {"workshop": "wood", "lumber": "troops", "barracks": "gold"}
ROW_GAINS = {"workshop": "gold", "lumber": "wood", "barracks": "troops"}
ROWS = ("lumber", "barracks", "workshop")
SPECIALS = ("drill", "works", "pavilion")
#: Which special lowers which action's cost by 1 (rules §4 建设).
SPECIAL_FOR = {"drill": "siege", "works": "build", "pavilion": "hire"}
KINDS = (*ROWS, *SPECIALS)
#: The four kinds of square a 州 holds, one building each (rules §4 建设: 每个州可以容纳四种类型的建筑各一个).
SQUARES = ("lumber", "barracks", "workshop", "special")
TIERS = ("ba", "wang", "di")
METRICS = ("markers", "zhou", "regions", "fortified", "buildings", "talent", "kinds", "front", "resources", "points")


def square_of(kind: str) -> str:
    """The square a building of ``kind`` stands on."""
    return "special" if kind in SPECIALS else kind


class Named(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    zh: str
    en: str

    def name(self, lang: str) -> str:
        return self.zh if lang.startswith("zh") else self.en


class Region(Named, frozen=True, kw_only=True):
    pass


class Zhou(Named, frozen=True, kw_only=True):
    region: str
    edge: bool
    pos: tuple[int, int]


class Border(msgspec.Struct, frozen=True):
    zhou: tuple[str, str]
    cost: int


class Slot(msgspec.Struct, frozen=True):
    """One building slot of a converting row: its wood cost and the conversion it allows."""

    cost: int
    pay: int
    gain: int


class Lord(Named, frozen=True, kw_only=True):
    start: str
    gold: int
    wood: int
    troops: int
    talent: str
    token: str = ""
    lumber: tuple[Slot, ...]
    barracks: tuple[Slot, ...]
    workshop: tuple[Slot, ...]
    drill: int
    works: int
    pavilion: int

    def row(self, row: str) -> tuple[Slot, ...]:
        slots: tuple[Slot, ...] = getattr(self, row)
        return slots

    def special_cost(self, kind: str) -> int:
        cost: int = getattr(self, kind)
        return cost


class Trade(msgspec.Struct, frozen=True):
    pay: dict[str, int]
    gain: dict[str, int]


class Effect(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One effect of a talent card (data/README.md lists the forms)."""

    when: str                       # play | turn | front | others
    action: str = ""
    gain: dict[str, int] = {}
    discount: int = 0
    choose: tuple[dict[str, int], ...] = ()
    trade: Trade | None = None
    others_lose: dict[str, int] = {}
    give: str = ""                  # front | hand
    claim: int = 0
    nudge: int = 0


class Talent(Named, frozen=True, kw_only=True):
    deck: str
    cost: int
    points: int
    moves: tuple[tuple[int, int], ...]
    effects: tuple[Effect, ...] = ()


class Condition(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    pile: str
    metric: str
    ba: int
    wang: int
    di: int
    usurp: bool = True

    def threshold(self, tier: str) -> int:
        value: int = getattr(self, tier)
        return value


class Content(msgspec.Struct, frozen=True):
    """Everything the data files hold, indexed by id."""

    regions: dict[str, Region]
    zhou: dict[str, Zhou]
    borders: tuple[Border, ...]
    lords: dict[str, Lord]
    talents: dict[str, Talent]
    conditions: dict[str, Condition]
    #: 州 → adjacent 州 → the troop cost on their border (rules §4 攻城).
    neighbours: dict[str, dict[str, int]]

    def deck(self, name: str) -> list[str]:
        """Card ids of one deck (a region, ``hand``, ``lord``, ``ba`` or ``wang``) in data order."""
        return [t.id for t in self.talents.values() if t.deck == name]

    def zhou_of(self, region: str) -> list[str]:
        return [z.id for z in self.zhou.values() if z.region == region]


class _MapFile(msgspec.Struct):
    region: list[Region]
    zhou: list[Zhou]
    border: list[Border]


class _LordsFile(msgspec.Struct):
    lord: list[Lord]


class _TalentsFile(msgspec.Struct):
    talent: list[Talent]


class _ConditionsFile(msgspec.Struct):
    condition: list[Condition]


def _neighbours(board: _MapFile) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {z.id: {} for z in board.zhou}
    for border in board.border:
        a, b = border.zhou
        out[a][b] = out[b][a] = border.cost
    return out


def _read(name: str, kind: type) -> object:
    raw = tomllib.loads((DATA / name).read_text(encoding="utf-8"))
    return msgspec.convert(raw, kind)


@functools.cache
def content() -> Content:
    """The data files, validated (:func:`check`), loaded once per process."""
    board = _read("map.toml", _MapFile)
    lords = _read("lords.toml", _LordsFile)
    talents = _read("talents.toml", _TalentsFile)
    conditions = _read("conditions.toml", _ConditionsFile)
    assert isinstance(board, _MapFile) and isinstance(lords, _LordsFile)
    assert isinstance(talents, _TalentsFile) and isinstance(conditions, _ConditionsFile)
    out = Content(
        regions={r.id: r for r in board.region},
        zhou={z.id: z for z in board.zhou},
        borders=tuple(board.border),
        lords={lord.id: lord for lord in lords.lord},
        talents={t.id: t for t in talents.talent},
        conditions={c.id: c for c in conditions.condition},
        neighbours=_neighbours(board),
    )
    problems = check(out)
    if problems:
        raise ValueError("three-kingdoms data: " + "; ".join(problems))
    return out


def check(c: Content) -> list[str]:
    """What is wrong with the data, against the counts of the rules text (§2 游戏配件)."""
    out: list[str] = []
    if len(c.regions) != 4:
        out.append("4 regions expected")
    if len(c.zhou) != 13:
        out.append("13 州 expected")
    for region in c.regions:
        if not 3 <= len(c.zhou_of(region)) <= 4:
            out.append(f"region {region} needs 3 or 4 州")
    for border in c.borders:
        if any(z not in c.zhou for z in border.zhou) or border.cost < 1:
            out.append(f"bad border {border.zhou}")
    if len(c.lords) != 9:
        out.append("9 lords expected")
    starts = [lord.start for lord in c.lords.values()]
    if len(set(starts)) != len(starts) or any(not c.zhou[s].edge for s in starts if s in c.zhou):
        out.append("lords start on distinct edge 州")
    for lord in c.lords.values():
        if lord.talent not in c.talents or c.talents[lord.talent].deck != "lord":
            out.append(f"{lord.id}: starting talent {lord.talent} missing")
        if any(len(lord.row(row)) != 3 for row in ROWS):
            out.append(f"{lord.id}: three slots per row")
    counts = {deck: len(c.deck(deck)) for deck in (*c.regions, "hand", "lord", "ba", "wang")}
    wanted = {**{r: 16 for r in c.regions}, "hand": 4, "lord": 9, "ba": 3, "wang": 3}
    if counts != wanted:
        out.append(f"talent counts {counts}, wanted {wanted}")
    for talent in c.talents.values():
        if not talent.moves or any(m == (0, 0) or not all(-3 <= s <= 3 for s in m) for m in talent.moves):
            out.append(f"{talent.id}: bad moves")
        for effect in talent.effects:
            if effect.when not in {"play", "turn", "front", "others"}:
                out.append(f"{talent.id}: bad timing {effect.when}")
            if effect.action and effect.action not in ACTIONS[:-1]:
                out.append(f"{talent.id}: bad action {effect.action}")
            bad = [k for k in (*effect.gain, *effect.others_lose) if k not in GAINS]
            if bad:
                out.append(f"{talent.id}: bad resource {bad}")
    if len(c.conditions) != 9 or sorted(x.pile for x in c.conditions.values()) != list("aaabbbccc"):
        out.append("9 conditions, 3 per pile")
    for cond in c.conditions.values():
        if cond.metric not in METRICS or not cond.ba <= cond.wang <= cond.di:
            out.append(f"condition {cond.id}: bad metric or thresholds")
    return out
