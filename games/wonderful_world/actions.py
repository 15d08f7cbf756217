"""What each move does to an empire: draft, slate, recycle, place, take a character, finish.

The steps of :mod:`games.wonderful_world.steps` decide which of these a phase accepts and when;
these functions validate the move's own conditions, change the state and report events.
"""

from __future__ import annotations

from games.core import Event, IllegalMove

from .cards import Resource
from .costs import CHARACTER_KEYS, KRYSTALLIUM, is_complete, open_resource_spaces, room_for
from .moves import Place, WorldMove
from .state import Empire, InConstruction, Phase, WorldState

KRYSTALLIUM_RATE = 5       # research §3: five cubes on the empire card make one krystallium


def supply(empire: Empire) -> dict[str, int]:
    """What a player can put on cards now: pooled cubes, krystallium, characters."""
    out = {k: v for k, v in empire.pool.items() if v}
    for key, have in ((KRYSTALLIUM, empire.krystallium), ("financier", empire.financier),
                      ("general", empire.general)):
        if have:
            out[key] = have
    return out


def placements(state: WorldState, empire: Empire) -> list[WorldMove]:
    """Every placement of what the player holds on cards under construction, 1..n at a time."""
    have = supply(empire)
    out: list[WorldMove] = []
    for slot in empire.construction:
        card = state.design(slot.uid)
        open_spaces = open_resource_spaces(card, slot.paid)
        for what, count in have.items():
            fits = min(count, room_for(card, slot.paid, what, open_spaces))
            out += [Place(slot.uid, what, n) for n in range(1, fits + 1)]
    return out


def may_finish(state: WorldState, empire: Empire) -> bool:
    """``done`` needs every drafted card decided in planning (rules §3 阶段二) and the science
    supremacy character chosen in production."""
    if state.phase == Phase.PLANNING:
        return not empire.drafted
    return not empire.choose_character


def can_place_pool(state: WorldState, empire: Empire) -> bool:
    """Whether any pooled cube fits a card under construction."""
    return any(
        count and room_for(state.design(c.uid), c.paid, what) > 0
        for what, count in empire.pool.items()
        for c in empire.construction
    )


def store_pool(empire: Empire, seat: int, events: list[Event]) -> None:
    """Unplaced cubes go to the empire card; every five become one krystallium (research §3)."""
    stored = sum(empire.pool.values())
    empire.pool = {}
    if not stored:
        return
    empire.reserve += stored
    made = empire.reserve // KRYSTALLIUM_RATE
    empire.reserve %= KRYSTALLIUM_RATE
    empire.krystallium += made
    events.append(Event("stored", {"seat": seat, "count": stored, "krystallium": made}))


# ---- the moves ---------------------------------------------------------------------------------

def pick(state: WorldState, seat: int, uid: int, events: list[Event]) -> None:
    """Draft a card face down (rules §3 阶段一); the picks are revealed once everyone has one."""
    empire = state.empires[seat]
    if empire.picked is not None:
        raise IllegalMove("error.already_picked")
    if uid not in empire.hand:
        raise IllegalMove("error.not_in_hand", uid=uid)
    empire.hand.remove(uid)
    empire.picked = uid
    events.append(Event("picked", {"seat": seat, "card": state.cards[uid], "uid": uid},
                        seats=(seat,), public=Event("picked_hidden", {"seat": seat})))


def build(state: WorldState, seat: int, uid: int, events: list[Event]) -> None:
    """Slate a drafted card for construction (rules §3 阶段二)."""
    empire = state.empires[seat]
    if uid not in empire.drafted:
        raise IllegalMove("error.not_drafted", uid=uid)
    empire.drafted.remove(uid)
    empire.construction.append(InConstruction(uid=uid, paid={}))
    events.append(Event("slated", {"seat": seat, "card": state.cards[uid], "uid": uid}))


def recycle(state: WorldState, seat: int, uid: int, events: list[Event]) -> None:
    """Rules §4 回收奖励: discard the card, take its cube (placed like produced cubes)."""
    empire = state.empires[seat]
    if uid in empire.drafted and state.phase == Phase.PLANNING:
        empire.drafted.remove(uid)
    else:
        slot = next((c for c in empire.construction if c.uid == uid), None)
        if slot is None:
            raise IllegalMove("error.not_yours", uid=uid)
        empire.construction.remove(slot)   # cubes on it are lost (research §4)
    resource = state.design(uid).recycle.value
    state.discard.append(uid)
    empire.pool[resource] = empire.pool.get(resource, 0) + 1
    events.append(Event("recycled", {"seat": seat, "card": state.cards[uid], "uid": uid,
                                     "resource": resource, "count": 1}))   # "1 material" (issue 19 §6)


def place(state: WorldState, seat: int, move: Place, events: list[Event]) -> None:
    """Put cubes, krystallium or characters on a card under construction (rules §3 阶段三)."""
    empire = state.empires[seat]
    uid, what, count = move.uid, move.what, move.count
    slot = next((c for c in empire.construction if c.uid == uid), None)
    if slot is None:
        raise IllegalMove("error.not_in_construction", uid=uid)
    have = supply(empire).get(what, 0)
    if count < 1 or count > have:
        raise IllegalMove("error.not_enough", what=what, have=have)
    card = state.design(uid)
    if count > room_for(card, slot.paid, what):
        raise IllegalMove("error.no_room", what=what, card=state.cards[uid])
    if what in empire.pool:
        empire.pool[what] -= count
        if not empire.pool[what]:
            del empire.pool[what]
    else:
        setattr(empire, what, getattr(empire, what) - count)
    slot.paid[what] = slot.paid.get(what, 0) + count
    events.append(Event("placed", {"seat": seat, "card": state.cards[uid], "uid": uid,
                                   "what": what, "count": count}))
    if is_complete(card, slot.paid):
        complete(state, seat, slot.uid, events)


def complete(state: WorldState, seat: int, uid: int, events: list[Event]) -> None:
    """Rules §3 阶段三: a fully paid card is built at once and its bonus taken."""
    empire = state.empires[seat]
    empire.construction = [c for c in empire.construction if c.uid != uid]
    empire.built.append(uid)
    card = state.design(uid)
    for key, amount in card.bonus.items():
        setattr(empire, key, getattr(empire, key) + amount)
    events.append(Event("built", {"seat": seat, "card": card.id, "uid": uid}))


def take(state: WorldState, seat: int, character: str, events: list[Event]) -> None:
    """Science supremacy: the winner chooses a financier or a general (research §2)."""
    empire = state.empires[seat]
    if not empire.choose_character or character not in CHARACTER_KEYS:
        raise IllegalMove("error.no_choice")
    empire.choose_character = False
    setattr(empire, character, getattr(empire, character) + 1)
    events.append(Event("supremacy", {"seat": seat, "resource": Resource.SCIENCE.value,
                                      "character": character}))


def finish(state: WorldState, seat: int, events: list[Event]) -> None:
    """``done``: unplaced cubes go to the empire card and the seat waits for the others."""
    empire = state.empires[seat]
    if not may_finish(state, empire):
        raise IllegalMove("error.cannot_finish_draft" if state.phase == Phase.PLANNING
                          else "error.choose_first")
    store_pool(empire, seat, events)
    empire.done = True
    events.append(Event("finished", {"seat": seat}))
