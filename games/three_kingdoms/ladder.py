"""What the 称霸/称王/称帝 ladder is worth to a seat: the bot-side reading of the condition cards (issue 22 §1).

The three condition cards lie face up (rules §1: 正面朝上), so every seat may read them; this module reads only
them, the seat's own pieces and what is public on the table (markers, buildings, points, resources, crowns,
seals, the round) — never another seat's hand or the decks (ruling R8).

* :func:`deltas` says how a move changes the measures the cards read (ruling R11), the seat's own only.
* :func:`gain` turns those changes into value on the bot's scale (a resource is worth about 1, a point 1.5):
  the reward of a tier the move completes, and partial credit for coming closer, more the closer it gets.
* :func:`usurp_value` weighs becoming 伪帝 (rules §13): the crown's points for the rest of the game against
  what the 玉玺 add to every 攻城/建设/纳贤 until the real condition is met (ruling R13 returns them), and the
  rivals' crowns its seals deny (:func:`denied`).

A crown is valued as a point a turn against every other player (:func:`crown_value`), and under a resources
card a crown within reach is not spent away (:func:`saving`; from further out while a crowned rival is level or
ahead, :func:`chased`): a seat that hardly spends is otherwise crowned first and its crown outscores the bots
(docs/three-kingdoms-balance.md, "Against a random seat").
"""

from __future__ import annotations

from games.core import Move

from .content import TIERS, content
from .moves import AnyAction, Build, Claim, Convert, Hire, Play, Produce, Recall, Siege
from .rules import (
    build_base,
    claim_bonus,
    hire_cost,
    lord_of,
    markers_in,
    priced,
    public_score,
    siege_base,
    standing,
    threshold,
    usurp_need,
)
from .state import TKState

#: The bot's value of a point on the score track (resources are worth 1).
POINT = 1.5
#: Rounds a game lasts, about (docs/three-kingdoms-balance.md: 33 on average at every player count).
ROUNDS = 34
#: A marker's share of a building: about 2.7 rounds pass per building of the leader.
ROUNDS_PER_BUILDING = 2.7
#: Resources a seat that stops spending gains a round, about (a 销售/伐木/募兵 gives 3, conversions more).
INCOME = 4
#: Under a resources card the crown is within reach when the gap can be saved in this share of the rounds
#: left at :data:`INCOME` a round, or in two 销售/伐木/募兵 (:data:`REACH`), whichever is more (:func:`saving`).
#: A quarter put every seat at c2's 33 (100 % of four-player seats, 5,000 games: over the 90 % bar); 0.12
#: leaves 76 / 69 / 50 % of the seats at 4 / 3 / 2 players (60 c2 games a count, tuning runs).
SAVING_SHARE = 0.12
#: The share when a crowned rival stands level with the seat or ahead on the public score (:func:`chased`): his
#: crown scores a point off it each turn it stays uncrowned. Seeds 30009, 30069 (four players) and 30170
#: (three): a random seat that hardly spent was crowned first on c2 and finished ahead of a ladder seat that never
#: saved. 0.2 in every game put 87.6 % of four-player seats at c2's 33 (1,000 games), near the 90 % bar.
SAVING_SHARE_CHASED = 0.2
REACH = 8
#: What a spend costs while the crown is within reach: more than any building is worth to the bot
#: (100 + the 12th building's 78, bot.py), so it saves.
SAVING_COST = 200.0
#: A crown worth less than this (the last rounds) is not saved for.
SAVING_MIN = 20.0
#: Partial credit for coming closer to a tier, as a share of its reward (see :func:`gain`).
PROGRESS = 0.6


def rounds_left(state: TKState) -> float:
    """How many rounds the game has left, from what everyone sees: the leader's buildings (the game ends
    at 12, rules §14) and the round (games last about :data:`ROUNDS`)."""
    most = max(p.buildings for p in state.seats)
    return max(1.0, min((12 - most) * ROUNDS_PER_BUILDING, ROUNDS - state.round + 2.0))


def _costed_left(state: TKState, seat: int) -> float:
    """How many 攻城/建设/纳贤 ``seat`` will still pay for, about: one a round at most, and no more than
    its buildings to go, each with about one marker and one talent."""
    player = state.seats[seat]
    return min(rounds_left(state) * 1.2, 2.5 * (12 - player.buildings) + 1)


def crown_value(state: TKState, seat: int) -> float:
    """A crown's worth to ``seat`` from now, against the other players: at the end of each of its turns it
    scores the players without a crown (rules §12, ruling R14) — a point a turn on each uncrowned rival — and
    it stops each crowned rival scoring a point a turn off ``seat`` — a point a turn on him. Either way one
    point a turn against every other player, crowned or not: so a rival's crown is answered by one's own."""
    return POINT * (state.players - 1) * rounds_left(state)


def reward(state: TKState, seat: int, tier: str) -> float:
    """What claiming ``tier`` brings ``seat``: the best of the rewards left (a special talent or the 5-point
    token, rules §12) for 称霸/称王; the crown for 称帝, or the seals back for a 伪帝 (ruling R13)."""
    player = state.seats[seat]
    if tier == "di":
        if player.usurper:
            return 1.5 * player.seals * _costed_left(state, seat)
        return 0.0 if player.crown else crown_value(state, seat)
    talents = content().talents
    best = 5 * POINT if state.five[tier] else 0.0
    for card in state.specials[tier]:
        best = max(best, talents[card].points * POINT + 4)
    return best


def open_tiers(state: TKState, seat: int) -> list[str]:
    """The tiers ``seat`` has still to claim and would gain by (a real emperor has nothing left to win)."""
    player = state.seats[seat]
    return [t for t in TIERS if t not in player.claims]


def deltas(state: TKState, seat: int, move: Move) -> dict[str, int]:
    """How ``move`` changes ``seat``'s measures (ruling R11's list), ``bonus`` being the condition modifiers
    of its talents in front (rules §13: 卡牌的效果修正)."""
    c = content()
    player = state.seats[seat]
    if isinstance(move, Siege):
        own = markers_in(state, move.zhou, seat)
        region = c.zhou[move.zhou].region
        new_region = not any(c.zhou[z].region == region and markers_in(state, z, seat) for z in c.zhou)
        base = siege_base(state, seat, move.zhou)
        cost = 0 if move.betray or base is None else priced(state, seat, "siege", base)
        return {"markers": 1, "zhou": int(own == 0), "fortified": int(own == 1), "regions": int(new_region),
                "resources": -cost}
    if isinstance(move, Build):
        base = build_base(state, seat, move.kind)
        cost = 0 if base is None else priced(state, seat, "build", base)
        return {"buildings": 1, "kinds": int(player.count(move.kind) == 0), "resources": -cost}
    if isinstance(move, Hire):
        return {"talent": 1, "resources": -hire_cost(state, seat, move.card)}
    if isinstance(move, Produce):
        return {"resources": 3}
    if isinstance(move, Convert):
        top = state.stack[-1]
        slot = lord_of(state, seat).row(getattr(top, "row", "lumber"))[move.slot - 1]
        return {"resources": slot.gain - slot.pay}
    if isinstance(move, AnyAction):
        return {"resources": -1}
    if isinstance(move, Claim):
        return {"points": 5} if move.reward == "points" else {"talent": 1}
    if isinstance(move, Play):
        talent = c.talents[move.card]
        out = {"front": 1, "bonus": sum(e.claim for e in talent.effects if e.when == "front")}
        for effect in talent.effects:
            if effect.when == "play":
                for key, amount in effect.gain.items():
                    name = "points" if key == "points" else "resources"
                    out[name] = out.get(name, 0) + amount
        return out
    if isinstance(move, Recall):
        return {"front": -len(player.front), "bonus": -claim_bonus(state, seat)}
    return {}


def _progress(value: float, need: int, linear: bool = False) -> float:
    """How far along a condition ``value`` is, 0..1, growing faster near the end (squared) — or ``linear``."""
    share = max(0.0, min(1.0, value / max(1, need)))
    return share if linear else share * share


def gain(state: TKState, seat: int, change: dict[str, int]) -> float:
    """The ladder's value of ``change`` (from :func:`deltas`) to ``seat``: each open tier's reward if the change
    meets its condition, else :data:`PROGRESS` of the reward times the progress made (negative when the change
    moves away, as spending resources does under a resources card)."""
    if not change:
        return 0.0
    conditions = content().conditions
    total = 0.0
    for tier in open_tiers(state, seat):
        card = conditions[state.ladder[tier]]
        moved = change.get(card.metric, 0) + change.get("bonus", 0)
        if not moved:
            continue
        need, have = threshold(state, tier), standing(state, seat, tier)
        value = reward(state, seat, tier)
        if moved < 0 and tier == "di" and saving(state, seat, need - have, value):
            total -= SAVING_COST
            continue
        if have + moved >= need > have:
            total += value
        else:
            linear = card.metric == "resources"
            total += PROGRESS * value * (_progress(have + moved, need, linear) - _progress(have, need, linear))
    return total


def saving(state: TKState, seat: int, gap: int, value: float) -> bool:
    """Whether ``seat`` saves for the 称帝 tier: the card under it counts resources (rules §12; gold, wood and
    troops are public, ruling R8, so the race is in plain sight), its crown is still worth
    :data:`SAVING_MIN`, and the ``gap`` can be saved in :data:`SAVING_SHARE` of the rounds left
    (:data:`SAVING_SHARE_CHASED` when :func:`chased`), or is at most :data:`REACH`. A spend then puts the crown
    off by a round or more, each worth a point against every rival (:func:`crown_value`)."""
    card = content().conditions[state.ladder["di"]]
    if card.metric != "resources" or gap <= 0 or value < SAVING_MIN:
        return False
    share = SAVING_SHARE_CHASED if chased(state, seat) else SAVING_SHARE
    return gap <= max(REACH, share * INCOME * rounds_left(state))


def chased(state: TKState, seat: int) -> bool:
    """Whether a crowned rival stands level with ``seat`` or ahead on the public score: his crown scores a point
    off ``seat`` every turn it stays uncrowned (rules §12), in a race ``seat`` is not winning."""
    mine = sum(public_score(state, seat).values())
    return any(other.crown and sum(public_score(state, i).values()) >= mine
               for i, other in enumerate(state.seats) if i != seat)


def usurp_value(state: TKState, seat: int) -> float:
    """Net worth of becoming 伪帝 now (rules §13), ``-inf`` when not allowed: the crown's points for the
    rounds left, less 1.5 a seal for each 攻城/建设/纳贤 still to pay until the condition is met
    (ruling R13 returns the seals then; the gap closes by about one a few rounds, so the seals stay
    about half the game left at most), plus what the seals taken deny the rivals (:func:`denied`)."""
    seals = usurp_need(state, seat)
    if seals is None:
        return float("-inf")
    gain_ = crown_value(state, seat) + denied(state, seat, seals)
    # the seals cost on every costed action until the gap closes; a larger gap stays longer
    staying = min(1.0, 0.25 + 0.15 * seals) * _costed_left(state, seat)
    metric = content().conditions[state.ladder["di"]].metric
    if metric == "points":  # the crown closes the gap itself: a point a turn for each player without one
        staying = min(staying, seals / max(1, sum(1 for i, s in enumerate(state.seats) if i != seat and not s.crown)))
    elif metric == "resources":  # saved for (:func:`saving`)
        staying = min(staying, seals / INCOME)
    cost = 1.5 * seals * staying + 4.0 * seals
    return gain_ - cost


def denied(state: TKState, seat: int, seals: int) -> float:
    """What ``seat`` taking ``seals`` 玉玺 now denies its rivals: each uncrowned rival who could become 伪帝 now
    (rules §13; ruling R12: his gap within the seals left) but not with the seals left after ``seat``'s loses a
    crown that would score a point a turn on every player without one — :data:`POINT` a round left against
    ``seat`` in the standings. In seeds 30120 (four players), 10272 and 30056 (three) a random seat was crowned
    with the seals a ladder seat, at half the condition, had declined, and finished ahead of it."""
    left = state.seals - seals
    rivals = sum(1 for other in range(state.players)
                 if other != seat and (need := usurp_need(state, other)) is not None and need > left)
    return POINT * rounds_left(state) * rivals
