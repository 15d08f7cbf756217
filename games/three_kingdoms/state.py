"""The state of a Three Kingdoms game: plain msgspec data with one canonical JSON form.

The turn structure is explicit data (games.core.flow): ``stack`` holds the open steps, the active
one on top — the setup choices, a turn, the actions where the pointers stopped, a building's
conversions, a card's choice, a claim's reward, and the core's ordered triggers. What is hidden:
each player's hand (rules §3 个人设置: 手牌) and the order of the four talent decks.
"""

from __future__ import annotations

from typing import Any

import msgspec

from games.core import BaseState, Rng
from games.core.flow import OrderF, TriggersF


class Building(msgspec.Struct, frozen=True):
    """A building on a 州's square: whose it is and which kind."""

    seat: int
    kind: str


class Seat(msgspec.Struct, kw_only=True):
    """One player: lord, resources, score track, talent track, cards and ladder claims."""

    lord: str = ""
    start: str = ""                 # starting 州 (the variant lets a player choose it, rules §6)
    talent_card: str = ""           # starting talent (rules §6 variant: chosen apart from the lord)
    gold: int = 0
    wood: int = 0
    troops: int = 0
    points: int = 0
    talent: int = 1                 # rules §3 个人设置 1: 人才轨 starts at 1 and never falls
    hand: list[str] = []
    front: list[str] = []
    built: dict[str, int] = {}      # lumber/barracks/workshop → slots built; drill/works/pavilion → 0/1
    claims: list[str] = []          # tiers claimed, in order: ba, wang, di
    crown: bool = False             # 称帝 or 伪帝 (rules §4 称霸称王称帝 3-4)
    usurper: bool = False           # 伪帝
    seals: int = 0                  # 玉玺 held: +1 to every 攻城/建设/纳贤 cost each
    yifu: bool = False              # 吕布's 义父 token, unspent (ruling R-lubu)
    markers: int = 13               # occupation markers still in the player's supply (rules §2)

    def count(self, kind: str) -> int:
        return self.built.get(kind, 0)

    @property
    def buildings(self) -> int:
        return sum(self.built.values())


class LordF(msgspec.Struct, tag="lord"):
    """Setup: the seats still to choose a lord, in choosing order (rules §3 个人设置 2)."""

    order: list[int]


class DraftF(msgspec.Struct, tag="draft"):
    """Variant setup: picks of a lord, a starting talent and a starting 州, snake order (rules §6)."""

    order: list[int]


class PointerF(msgspec.Struct, tag="pointer"):
    """Setup: ``seat`` places the 韬 (``tao``) or 略 (``lue``) pointer (rules §3 个人设置 3)."""

    seat: int
    pointer: str


class TurnF(msgspec.Struct, tag="turn"):
    """A player's turn: recall or play (rules §4 在你的回合中); ``done`` once one of them is made."""

    seat: int
    done: bool = False


class ActF(msgspec.Struct, tag="act"):
    """The actions where the pointers stopped, still to take or decline, in any order."""

    seat: int
    pending: list[str]
    paid: list[str] = []            # actions chosen through 任意 (their resource already paid)


class ConvertF(msgspec.Struct, tag="convert"):
    """After 销售/伐木/募兵: each built slot of the row may convert once (rules §4)."""

    seat: int
    row: str
    left: list[int]                 # slot numbers (1-3) not used yet


class ChoiceF(msgspec.Struct, tag="choice"):
    """A card's choice: one of ``options`` (a gain each), or a trade (``pay`` → ``gain``) or not."""

    seat: int
    card: str
    options: list[dict[str, int]] = []
    pay: dict[str, int] = {}
    gain: dict[str, int] = {}


class GiveF(msgspec.Struct, tag="give"):
    """A card that goes to another player after its turn's actions: ``seat`` chooses who."""

    seat: int
    card: str
    to: str                         # front | hand


class ClaimF(msgspec.Struct, tag="claim"):
    """``seat`` has just 称霸/称王 and picks a special talent or the 5-point token (rules §4)."""

    seat: int
    tier: str


Frame = LordF | DraftF | PointerF | TurnF | ActF | ConvertF | ChoiceF | GiveF | ClaimF | TriggersF | OrderF


class LastMove(msgspec.Struct, frozen=True):
    """The latest visible change, for the image's highlight and the status line."""

    seat: int
    kind: str
    where: str = ""                 # a 州 or a card id


class TKState(BaseState, kw_only=True):
    """The whole game: map, rondel, markets, ladder, players and the open steps."""

    seats: list[Seat]
    offered: list[str] = []                     # lords (and, in the variant, talents/州) on offer
    offered_talents: list[str] = []
    rondel: list[str]                           # the 7 action tiles, space 0..6 clockwise
    tao: int = -1                               # space of the 韬 pointer (-1: not placed yet)
    lue: int = -1
    markets: dict[str, list[str]]               # region → face-up cards (3)
    decks: dict[str, list[str]]                 # region → face-down cards, top first (secret)
    markers: dict[str, list[int]] = {}          # 州 → seats of its markers, in order placed
    squares: dict[str, dict[str, Building]] = {}  # 州 → square → building
    ladder: dict[str, str]                      # tier → condition card id
    specials: dict[str, list[str]]              # ba/wang → special talents left
    five: dict[str, bool]                       # ba/wang → the 5-point token still there
    crowns: int = 4
    seals: int = 5
    yifu_given: bool = False
    current: int = 0
    turn_card: str = ""                         # the card played this turn ("本回合若为")
    round: int = 1
    turns: int = 0
    ending: bool = False                        # someone built 12 (rules §4: finish the round)
    over: bool = False
    stack: list[Frame] = []
    last: LastMove | None = None


def _deep(value: Any) -> Any:
    """``value`` deep-copied as the canonical JSON round trip gives it back (text-keyed dicts in sorted
    key order); frozen structs and scalars are shared, being immutable."""
    if isinstance(value, list):
        return [_deep(item) for item in value]
    if isinstance(value, dict):
        return {key: _deep(value[key]) for key in sorted(value)}
    if isinstance(value, msgspec.Struct) and not value.__struct_config__.frozen:
        return msgspec.structs.replace(value, **{name: _deep(getattr(value, name))
                                                 for name in value.__struct_fields__})
    return value


def _lists(values: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return {key: values[key].copy() for key in sorted(values)}


def copy_state(state: TKState) -> TKState:
    """A deep copy equal to the canonical JSON round trip (``Game.copy``), dicts in sorted key order
    as that gives them, built field by field (the few frames of the stack generically): faster than
    through MessagePack, and ``apply`` copies every move. A new mutable field must be copied here
    (tests/three_kingdoms/test_copy.py notices)."""
    replace = msgspec.structs.replace
    return replace(
        state, rng=Rng(state.rng.state), options=dict(sorted(state.options.items())),
        seats=[replace(s, hand=s.hand.copy(), front=s.front.copy(), built=dict(sorted(s.built.items())),
                       claims=s.claims.copy()) for s in state.seats],
        offered=state.offered.copy(), offered_talents=state.offered_talents.copy(), rondel=state.rondel.copy(),
        markets=_lists(state.markets), decks=_lists(state.decks), markers=_lists(state.markers),
        squares={key: dict(sorted(state.squares[key].items())) for key in sorted(state.squares)},
        ladder=dict(sorted(state.ladder.items())), specials=_lists(state.specials),
        five=dict(sorted(state.five.items())), stack=[_deep(frame) for frame in state.stack])
