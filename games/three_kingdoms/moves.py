"""Moves of Three Kingdoms and their notation (``play nw03 2``, ``siege ji``, ``build ji lumber``).

:func:`read` is the whole grammar: it reads a verb (English or Chinese) and its arguments — card
ids or names, 州 ids or names, action words — without listing moves; whether a move is legal now
is for the engine's ``_apply`` to say.
"""

from __future__ import annotations

from games.core import MalformedMove, Move
from games.core.flow import First

from .content import ACTIONS, KINDS, RESOURCES, content

NUDGES = ("t+", "t-", "l+", "l-")


class PickLord(Move, frozen=True, tag="lord"):
    """Setup: take a lord (rules §3 个人设置 2; variant §6)."""

    lord: str

    def __str__(self) -> str:
        return f"lord {self.lord}"


class PickTalent(Move, frozen=True, tag="talent"):
    """Variant setup: take a starting talent (rules §6)."""

    card: str

    def __str__(self) -> str:
        return f"talent {self.card}"


class PickStart(Move, frozen=True, tag="start"):
    """Variant setup: take a starting edge 州 (rules §6)."""

    zhou: str

    def __str__(self) -> str:
        return f"start {self.zhou}"


class SetPointer(Move, frozen=True, tag="pointer"):
    """Setup: put the 韬 (``tao``) or 略 (``lue``) pointer on an action tile (rules §3 个人设置 3)."""

    pointer: str
    action: str

    def __str__(self) -> str:
        return f"{self.pointer} {self.action}"


class Recall(Move, frozen=True, tag="recall"):
    """Take every talent in front of you back into your hand (rules §4 选项 1)."""

    def __str__(self) -> str:
        return "recall"


class Play(Move, frozen=True, tag="play"):
    """Play a talent: its ``option``-th rondel movement (from 1), ``nudge`` with 诸葛亮 (ruling R19).
    The nudge is written before the option (``play sw01 t+ 1``), so no move's notation is the
    beginning of another's and menus can offer them token by token."""

    card: str
    option: int = 1
    nudge: str = ""

    def __str__(self) -> str:
        return " ".join(x for x in ("play", self.card, self.nudge, str(self.option)) if x)


class Usurp(Move, frozen=True, tag="usurp"):
    """Become the false emperor (伪帝, rules §4 称霸称王称帝 4)."""

    def __str__(self) -> str:
        return "usurp"


class Produce(Move, frozen=True, tag="produce"):
    """Take 销售/伐木/募兵 where a pointer stopped: 3 of its resource, then conversions."""

    action: str

    def __str__(self) -> str:
        return self.action


class Hire(Move, frozen=True, tag="hire"):
    """纳贤: buy a talent from a region's market."""

    card: str

    def __str__(self) -> str:
        return f"hire {self.card}"


class Siege(Move, frozen=True, tag="siege"):
    """攻城 on a 州: attack it (none of yours there) or add a marker (yours there); ``betray``:
    吕布's 义父 token against that player's lord (ruling R-lubu)."""

    zhou: str
    betray: str = ""

    def __str__(self) -> str:
        return f"siege {self.zhou}" + (f" betray {self.betray}" if self.betray else "")


class Build(Move, frozen=True, tag="build"):
    """建设: a building of ``kind`` in ``zhou``."""

    zhou: str
    kind: str

    def __str__(self) -> str:
        return f"build {self.zhou} {self.kind}"


class AnyAction(Move, frozen=True, tag="any"):
    """任意: pay 1 ``resource`` to take ``action``."""

    resource: str
    action: str

    def __str__(self) -> str:
        return f"any {self.resource} {self.action}"


class Skip(Move, frozen=True, tag="skip"):
    """Decline the action where a pointer stopped (rules §4: 允许玩家放弃行动)."""

    action: str

    def __str__(self) -> str:
        return f"skip {self.action}"


class Convert(Move, frozen=True, tag="convert"):
    """Use one built slot's conversion (slot number 1-3 of the row)."""

    slot: int

    def __str__(self) -> str:
        return f"convert {self.slot}"


class Done(Move, frozen=True, tag="done"):
    """No more conversions now."""

    def __str__(self) -> str:
        return "done"


class Choose(Move, frozen=True, tag="choose"):
    """Pick option ``index`` (from 1) of a card's choice; for a trade 1 is "trade", 2 "no"."""

    index: int

    def __str__(self) -> str:
        return f"choose {self.index}"


class Give(Move, frozen=True, tag="give"):
    """Give the card just played to the player of ``lord``."""

    lord: str

    def __str__(self) -> str:
        return f"give {self.lord}"


class Claim(Move, frozen=True, tag="claim"):
    """Reward of 称霸/称王: a special talent by id, or ``points`` for the 5-point token."""

    reward: str

    def __str__(self) -> str:
        return f"claim {self.reward}"


class Order(First, frozen=True, tag="first"):
    """Resolve the ``index``-th of one's simultaneous effects next (rules §4: 由他选择结算顺序)."""


VERBS: dict[str, str] = {
    "lord": "lord", "主公": "lord", "talent": "talent", "人才": "talent", "start": "start", "起始": "start",
    "tao": "tao", "韬": "tao", "韬针": "tao", "lue": "lue", "略": "lue", "略针": "lue",
    "recall": "recall", "收回": "recall", "play": "play", "打出": "play", "usurp": "usurp", "伪帝": "usurp",
    "称伪帝": "usurp", "hire": "hire", "纳贤": "hire", "siege": "siege", "攻城": "siege", "build": "build",
    "建设": "build", "any": "any", "任意": "any", "skip": "skip", "放弃": "skip", "convert": "convert",
    "兑换": "convert", "done": "done", "完成": "done", "choose": "choose", "选": "choose", "give": "give",
    "交给": "give", "claim": "claim", "领取": "claim", "first": "first", "先": "first",
}
ACTION_WORDS: dict[str, str] = {
    **{a: a for a in ACTIONS}, "销售": "sell", "伐木": "log", "募兵": "recruit", "纳贤": "hire", "攻城": "siege",
    "建设": "build", "任意": "any",
}
KIND_WORDS: dict[str, str] = {
    **{k: k for k in KINDS}, "伐木场": "lumber", "征兵营": "barracks", "木工坊": "workshop", "练武场": "drill",
    "工人坊": "works", "纳贤阁": "pavilion",
}
RESOURCE_WORDS: dict[str, str] = {**{r: r for r in RESOURCES}, "金": "gold", "木": "wood", "军": "troops"}
NUDGE_WORDS: dict[str, str] = {**{n: n for n in NUDGES}, "韬+": "t+", "韬-": "t-", "略+": "l+", "略-": "l-"}


def _key(text: str) -> str:
    return "".join(text.lower().split())


def card_id(text: str) -> str | None:
    """A talent card by id or by name (English or Chinese, spaces ignored)."""
    c = content()
    if text in c.talents:
        return text
    wanted = _key(text)
    for talent in c.talents.values():
        if wanted in {_key(talent.en), _key(talent.zh)}:
            return talent.id
    return None


def zhou_id(text: str) -> str | None:
    c = content()
    if text in c.zhou:
        return text
    wanted = _key(text)
    for zhou in c.zhou.values():
        if wanted in {_key(zhou.en), _key(zhou.zh), _key(zhou.zh.rstrip("州"))}:
            return zhou.id
    return None


def lord_id(text: str) -> str | None:
    c = content()
    if text in c.lords:
        return text
    wanted = _key(text)
    for lord in c.lords.values():
        if wanted in {_key(lord.en), _key(lord.zh), _key(lord.en.replace("ü", "u"))}:
            return lord.id
    return None


def _number(token: str, what: str) -> int:
    if not token.isdigit():
        raise MalformedMove("error.number", text=token, what=what)
    return int(token)


def _need(value: str | None, text: str, key: str) -> str:
    if value is None:
        raise MalformedMove(key, text=text)
    return value


def read(text: str) -> Move | None:
    """A move from normalised ``text`` (lower case, single blanks), or ``None`` when the first word
    is no verb of this title. A known verb with a bad argument raises :class:`MalformedMove`."""
    words = text.split()
    if not words:
        return None
    verb = VERBS.get(words[0])
    rest = words[1:]
    if verb is None:
        action = ACTION_WORDS.get(words[0])
        if action in {"sell", "log", "recruit"} and not rest:
            return Produce(action)
        return None
    arg = " ".join(rest)
    if verb in {"recall", "usurp", "done"}:
        return None if rest else {"recall": Recall(), "usurp": Usurp(), "done": Done()}[verb]
    if not rest:
        raise MalformedMove("error.missing", verb=words[0])
    if verb == "lord":
        return PickLord(_need(lord_id(arg), arg, "error.no_lord"))
    if verb == "talent":
        return PickTalent(_need(card_id(arg), arg, "error.no_card"))
    if verb == "start":
        return PickStart(_need(zhou_id(arg), arg, "error.no_zhou"))
    if verb in {"tao", "lue"}:
        return SetPointer(verb, _need(ACTION_WORDS.get(arg), arg, "error.no_action"))
    if verb == "play":
        return _play(rest)
    if verb == "hire":
        return Hire(_need(card_id(arg), arg, "error.no_card"))
    if verb == "siege":
        if "betray" in rest or "背叛" in rest:
            at = rest.index("betray") if "betray" in rest else rest.index("背叛")
            where, who = " ".join(rest[:at]), " ".join(rest[at + 1:])
            return Siege(_need(zhou_id(where), where, "error.no_zhou"), _need(lord_id(who), who, "error.no_lord"))
        return Siege(_need(zhou_id(arg), arg, "error.no_zhou"))
    if verb == "build":
        kind = KIND_WORDS.get(rest[-1])
        where = " ".join(rest[:-1])
        if kind is None or not where:
            raise MalformedMove("error.build_grammar")
        return Build(_need(zhou_id(where), where, "error.no_zhou"), kind)
    if verb == "any":
        if len(rest) != 2:
            raise MalformedMove("error.any_grammar")
        resource, action = RESOURCE_WORDS.get(rest[0]), ACTION_WORDS.get(rest[1])
        if resource is None or action is None or action == "any":
            raise MalformedMove("error.any_grammar")
        return AnyAction(resource, action)
    if verb == "skip":
        return Skip(_need(ACTION_WORDS.get(arg), arg, "error.no_action"))
    if verb == "convert":
        return Convert(_number(arg, "slot"))
    if verb == "choose":
        return Choose(_number(arg, "option"))
    if verb == "first":
        return Order(_number(arg, "effect"))
    if verb == "give":
        return Give(_need(lord_id(arg), arg, "error.no_lord"))
    # claim
    if arg in {"points", "5", "分", "5分"}:
        return Claim("points")
    return Claim(_need(card_id(arg), arg, "error.no_card"))


def _play(rest: list[str]) -> Play:
    """``play <card> [t+|t-|l+|l-] [option]`` (the nudge also after the option); the card may be a
    name of several words."""
    nudge = ""
    if rest and rest[-1] in NUDGE_WORDS:
        nudge = NUDGE_WORDS[rest[-1]]
        rest = rest[:-1]
    option = 1
    if len(rest) > 1 and rest[-1].isdigit():
        option = int(rest[-1])
        rest = rest[:-1]
    if not nudge and rest and rest[-1] in NUDGE_WORDS:
        nudge = NUDGE_WORDS[rest[-1]]
        rest = rest[:-1]
    name = " ".join(rest)
    if not name:
        raise MalformedMove("error.missing", verb="play")
    return Play(_need(card_id(name), name, "error.no_card"), option, nudge)
