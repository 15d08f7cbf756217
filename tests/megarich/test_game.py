"""Megarich∞ end to end (games/megarich/game.py): rules 6.1–6.4 and rulings R61–R68 of ``docs/rules/megarich.md``,
and the title's place in the registry among the titles in development."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from games.core import BadOptions, Event, GameError, MalformedMove, Rng
from games.megarich import GAME, designing, gathering
from games.megarich.battle import EffectKind, fscale
from games.megarich.design import read_slot
from games.megarich.game import (
    BATTLE,
    DESIGN,
    DESIGN_STEP,
    GATHERING,
    OVER,
    MegaState,
    battle_wonder,
    replay_battle,
)
from games.megarich.items import catalogue
from games.megarich.moves import Buy, Done, Explore, Go
from games.registry import all_games, game_ids, get_game

Predicate = Callable[[MegaState], bool]


def _drive(state: MegaState, until: Predicate, seed: int = 0, *, last: int | None = None) -> MegaState:
    """Bots move (the acting seats in turn) until ``until`` holds; ``last`` keeps that seat's design for the end."""
    rng = Rng.from_seed(f"drive-{seed}")
    for _ in range(20_000):
        if until(state):
            return state
        acting = sorted(GAME.to_act(state))
        assert acting, "the game ended before the wanted state"
        movers = [s for s in acting if s != last] or acting
        seat = movers[0]
        state = GAME.apply(state, seat, GAME.bot_move(state, seat, rng)).state
    raise AssertionError("never reached")


def _design_state(players: int = 3, seed: int = 1, days: int = 2) -> MegaState:
    state = GAME.setup(players, {"days": days}, seed)
    return _drive(state, lambda s: s.phase == DESIGN, seed)


def _design(state: MegaState) -> designing.DesignState:
    assert state.design is not None
    return state.design


# ---- rules -------------------------------------------------------------------------------------------------------
def test_rule_6_1_the_phases_run_gathering_design_battle_in_order() -> None:
    state = GAME.setup(3, {"days": 2}, 5)
    rng = Rng.from_seed("phases")
    seen = [state.phase]
    while GAME.to_act(state):
        seat = sorted(GAME.to_act(state))[0]
        state = GAME.apply(state, seat, GAME.bot_move(state, seat, rng)).state
        if state.phase != seen[-1]:
            seen.append(state.phase)
        if state.phase == GATHERING:
            assert state.design is None and GAME.step_kind(state) in gathering.FLOW.kinds()
        if state.phase == DESIGN:
            assert state.gather.finished and GAME.step_kind(state) == DESIGN_STEP
    assert seen == [GATHERING, DESIGN, OVER]          # the battle takes no move: no state rests in it
    assert BATTLE not in seen and GAME.outcome(state) is not None


def test_rule_6_2_the_design_phase_begins_with_the_gathered_blocks_and_money() -> None:
    state = _design_state()
    design, gather = _design(state), state.gather
    assert gather.finished and design.money == gather.money() and design.bank == gather.bank
    for seat, player in enumerate(gather.seats):
        me = design.seats[seat]
        assert me.funds == player.funds and not me.done and not me.laid
        chosen = {t for t in player.blocks if gather.tiles[t].candidate >= 0}
        assert {h.tile for h in me.held} <= chosen
        assert all(h.level == player.blocks[h.tile] for h in me.held)
    assert GAME.to_act(state) == frozenset(range(state.players))     # everyone designs at once


def test_rule_6_3_the_battle_is_fought_when_the_last_design_is_done() -> None:
    state = _design_state(seed=2)
    state = _drive(state, lambda s: s.phase == DESIGN and len(GAME.to_act(s)) == 1, 2, last=2)
    assert GAME.to_act(state) == frozenset({2}) and state.battle is None
    design = _design(state)
    expected = [battle_wonder(design, seat) for seat in range(state.players)]
    applied = GAME.apply(state, 2, designing.Finish(bool(designing.missing(design, 2))))
    after = applied.state
    assert after.phase == OVER and after.battle is not None and GAME.to_act(after) == frozenset()
    kinds = [e.kind for e in applied.events]
    assert kinds.index("designing.revealed") < kinds.index("megarich.battle") < kinds.index("megarich.winner")
    record = after.battle
    assert [(e.seat, e.S, e.A, e.D, e.F) for e in record.entries] == [(w.seat, w.S, w.A, w.D, w.F) for w in expected]
    again = replay_battle(record)                     # the same wonders from the same generator: the same battle
    assert list(again.ranking) == record.ranking and again.ticks == record.ticks
    view = GAME.view(after, 0)
    assert view.design is not None and view.design.revealed and len(view.design.designs) == state.players


def test_rule_6_4_the_battle_ranks_the_players() -> None:
    state = GAME.setup(4, {"days": 1}, 8)
    state = _drive(state, lambda s: s.phase == OVER, 8)
    record = state.battle
    assert record is not None
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (record.winner,)
    assert [s.seat for s in outcome.standings] == record.ranking
    assert [s.rank for s in outcome.standings] == list(range(1, state.players + 1))


# ---- rulings -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("block_id", "kind"), [("beijing.3", "regen"), ("shenzhen.3", "haste"),
                                               ("shanghai.3", "summon"), ("guangzhou.3", "boost A"),
                                               ("hong_kong.3", "boost D")])
def test_ruling_61_design_hooks_enter_the_battle_as_effects(block_id: str, kind: str) -> None:
    design = designing.start(2, Rng.from_seed(1), [500, 500], [[(block_id, 2)], []])
    place = next(m for m in designing.every_move(design, 0) if isinstance(m, designing.Place))
    designing.apply(design, 0, place, [])
    wonder = designing.preview(design, 0)
    hook = wonder.hooks[0].hook
    entered = battle_wonder(design, 0)
    stats = wonder.stats
    assert (max(1, stats.S), max(0, stats.A), max(0, stats.F)) == (entered.S, entered.A, entered.F)
    if kind == "boost D":
        assert entered.effects == ()
        assert stats.D + stats.D * hook.value * fscale(stats.F) // 100_000 == entered.D
        return
    assert entered.D == stats.D
    (effect,) = entered.effects
    assert effect.amount == hook.value and effect.source == "b1"       # the battle scales it by F, not the hook
    expected = {"regen": (EffectKind.REGEN, 1, 0), "haste": (EffectKind.STRIKE, 100, 0),
                "summon": (EffectKind.SUMMON, 3, max(1, stats.A // 10)), "boost A": (EffectKind.BOOST, 1, 0)}
    assert (effect.kind, effect.every, effect.power) == expected[kind]
    # a seat with nothing laid still enters, with S at least 1
    assert battle_wonder(design, 1).S >= 1


def test_ruling_62_an_early_end_ranks_by_funds_and_blocks_or_by_the_preview() -> None:
    state = GAME.setup(3, {"days": 2}, 3)
    state = _drive(state, lambda s: s.gather.round == 2, 3)
    price = gathering.ECONOMY.level(1).price
    ended = GAME.force_end(state)
    scores = {s.seat: s.score for s in ended.standings}
    assert scores == {seat: p.funds + price * sum(p.blocks.values()) for seat, p in enumerate(state.gather.seats)}
    assert [s.score for s in ended.standings] == sorted(scores.values(), reverse=True)
    designed = _drive(_design_state(seed=3), lambda s: any(d.laid for d in _design(s).seats), 3)
    ended = GAME.force_end(designed)
    for standing in ended.standings:
        stats = designing.preview(_design(designed), standing.seat).stats
        assert standing.score == stats.S + stats.A + stats.D + stats.F
    assert ended.reasons == (("outcome.force_ended", {}),)


def test_ruling_63_blocks_are_numbered_in_tile_order_live_and_replayed() -> None:
    live = GAME.setup(3, {"days": 2}, 4)
    replayed = GAME.setup(3, {"days": 2}, 4)
    rng = Rng.from_seed("numbering")
    while live.phase == GATHERING:
        seat = sorted(GAME.to_act(live))[0]
        move = GAME.bot_move(live, seat, rng)
        live = GAME.apply(live, seat, move).state            # on a copy, as the service plays
        replayed = GAME.replay(replayed, seat, move)          # in place, as loading does
    assert GAME.dumps(live) == GAME.dumps(replayed)
    for me in _design(live).seats:
        assert [h.tile for h in me.held] == sorted(h.tile for h in me.held)
        assert [h.key for h in me.held] == [f"b{i}" for i in range(1, len(me.held) + 1)]


def test_ruling_64_draws_and_locks_are_irreversible_design_edits_are_not() -> None:
    state = GAME.setup(2, {}, 6)
    seat = sorted(GAME.to_act(state))[0]
    thrown = GAME.apply(state, seat, next(m for m in GAME.legal_moves(state, seat) if isinstance(m, Go)))
    assert thrown.state.rng != state.rng and GAME.irreversible(thrown.events)
    free = thrown.state
    if Explore() in GAME.legal_moves(free, seat):
        explored = GAME.apply(free, seat, Explore())
        assert GAME.irreversible(explored.events)
    design_state = _design_state(players=2, seed=6)
    design = _design(design_state)
    edits = [designing.BuyGeneric("S"), designing.Name("Tower")]
    for move in edits:
        applied = GAME.apply(design_state, 0, move)
        assert applied.events and not GAME.irreversible(applied.events)
        assert applied.state.rng == design_state.rng
    locked = GAME.apply(design_state, 0, designing.Finish(bool(designing.missing(design, 0))))
    assert GAME.irreversible(locked.events)
    assert GAME.irreversible([Event("megarich.drew", {}, seats=())])


def test_ruling_65_the_days_option_sets_the_gathering_length() -> None:
    assert GAME.setup(2, {}, 1).gather.days == gathering.ECONOMY.days
    state = GAME.setup(2, {"days": 1}, 1)
    assert state.gather.days == 1
    state = _drive(state, lambda s: s.phase != GATHERING, 1)
    assert state.phase == DESIGN and state.gather.finished
    assert state.gather.round == 2            # the day counter has moved past the last (and only) day
    for bad in (0, 15):
        with pytest.raises(BadOptions):
            GAME.setup(2, {"days": bad}, 1)


def test_ruling_66_a_missed_deadline_ends_the_day_or_locks_the_design() -> None:
    state = GAME.setup(2, {}, 9)
    seat = sorted(GAME.to_act(state))[0]
    throw = GAME.timeout_move(state, seat, Rng.from_seed(0))
    assert isinstance(throw, Go)
    state = GAME.apply(state, seat, throw).state
    state = _drive(state, lambda s: GAME.step_kind(s) == "mr_free", 9)
    assert GAME.timeout_move(state, sorted(GAME.to_act(state))[0], Rng.from_seed(0)) == Done()
    design_state = _design_state(players=2, seed=9)
    move = GAME.timeout_move(design_state, 1, Rng.from_seed(0))
    assert move == designing.Finish(bool(designing.missing(_design(design_state), 1)))
    assert _design(GAME.apply(design_state, 1, move).state).seats[1].done


def test_ruling_67_the_design_phase_is_never_listed_on_the_play_path(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _design_state(players=3, seed=11)

    def trap(*args: Any) -> Any:
        raise AssertionError("the design phase's moves were listed")

    monkeypatch.setattr(designing, "every_move", trap)
    rng = Rng.from_seed("trap")
    while GAME.to_act(state):
        seat = sorted(GAME.to_act(state))[rng.below(len(GAME.to_act(state)))]
        assert GAME.has_moves(state, seat)
        first = GAME.choices(state, seat, (), "en")
        assert sum(o.count for o in first) == GAME.count_moves(state, seat)
        GAME.complete(state, seat, "place b", "en")
        GAME.hint(state, seat)
        with pytest.raises(GameError):
            GAME.apply(state, seat, "place nowhere at all")
        with pytest.raises(MalformedMove):
            GAME.parse(state, seat, "lay it somewhere")
        move = GAME.random_move(state, seat, rng) if rng.below(2) else GAME.bot_move(state, seat, rng)
        state = GAME.apply(state, seat, str(move)).state
    assert state.phase == OVER


def test_ruling_68_a_hand_is_seen_by_its_owner_only() -> None:
    state = GAME.setup(4, {"days": 2}, 1)
    owner = 1
    hand = sorted(i for i, found in catalogue().items() if found.rarity == "common")[:2]
    state.gather.seats[owner].items = list(hand)
    assert GAME.view(state, owner).gathering.players[owner].items == hand
    for viewer in [None, *(s for s in range(4) if s != owner)]:
        seen = GAME.view(state, viewer).gathering.players[owner]
        assert seen.items is None and seen.item_count == len(hand)
    assert GAME.secret_fields(state, owner) == {"items": hand}
    assert all(GAME.secret_fields(state, s) == {} for s in range(4) if not state.gather.seats[s].items)
    other = GAME.scramble(state, owner, Rng.from_seed("hand"))
    assert other is not None and other.gather.seats[owner].items != hand
    assert len(other.gather.seats[owner].items) == len(hand) and GAME.invariants(other) == []
    for viewer in [None, *(s for s in range(4) if s != owner)]:
        assert msgspec.json.encode(GAME.view(state, viewer)) == msgspec.json.encode(GAME.view(other, viewer))
    assert GAME.view(other, owner) != GAME.view(state, owner)


# ---- the registry and notation ----------------------------------------------------------------------------------
def test_megarich_is_offered_in_lobbies_and_playable_by_its_aliases() -> None:
    assert "megarich" in game_ids() and "megarich" in game_ids(examples=True)
    assert get_game("megarich") is GAME and get_game("巨富豪") is GAME
    assert GAME in all_games()
    assert GAME.meta.names == {"en": "Megarich∞", "zh": "巨富豪∞"}
    assert (GAME.meta.min_players, GAME.meta.max_players) == (2, 6) and GAME.meta.hidden_information


def test_a_slot_cell_in_column_r_reads() -> None:
    found = read_slot("slot j r3 r1")
    assert found is not None and (found.kind, found.cell, found.rotation) == ("J", "r3", 1)


def test_the_summary_says_what_the_player_to_act_is_doing_in_words() -> None:
    state = GAME.setup(3, {"days": 2}, 4)
    assert GAME.summarize(GAME.view(state, None), "en")[1].endswith("(the standard move).")
    assert GAME.summarize(GAME.view(state, None), "zh")[1].endswith("（标准移动）。")


def test_views_round_trip_as_json() -> None:
    state = _design_state(players=2, seed=12)
    for viewer in (None, 0, 1):
        data = msgspec.json.encode(GAME.view(state, viewer))
        assert data
    assert GAME.summarize(GAME.view(state, 0), "zh")


def test_the_renderer_animates_the_battle_after_the_move_that_fought_it() -> None:
    from render import move_animation, renderer_for

    state = _design_state(players=2, seed=13)
    state = _drive(state, lambda s: len(GAME.to_act(s)) == 1, 13)
    seat = sorted(GAME.to_act(state))[0]
    applied = GAME.apply(state, seat, designing.Finish(bool(designing.missing(_design(state), seat))))
    renderer = renderer_for("megarich")
    public = GAME.view(applied.state, None)
    made = move_animation(renderer, public, applied.events, "en")
    assert made is not None and made[1] in {"png", "gif"} and made[0]
    as_json = msgspec.json.decode(msgspec.json.encode(public))       # the drawing processes get JSON
    assert move_animation(renderer, as_json, applied.events, "zh") is not None
    assert move_animation(renderer, public, [Event("designing.done", {"seat": seat})], "en") is None


def test_the_menus_say_what_a_card_does_when_it_is_used_sold_or_bought() -> None:
    """A newcomer reads the card's text where they decide (use, sell, a shop's offer), in both languages."""
    from games.megarich.moves import Sell, Use
    from games.megarich.state import Offer, ShopF

    state = GAME.setup(3, {}, 1)
    card = catalogue()["energy_bar"]
    for lang in ("en", "zh"):
        for move in (Use("energy_bar"), Sell("energy_bar")):
            label = GAME.move_label(state, 0, move, lang)
            assert card.name(lang) in label and card.text(lang) in label, label
    seat = state.gather.current
    state.gather.stack.append(ShopF(seat=seat, card="", offers=[Offer("energy_bar", 120)]))
    label = GAME.move_label(state, seat, Buy(1), "en")
    assert "Energy Bar $120" in label and card.text("en") in label
