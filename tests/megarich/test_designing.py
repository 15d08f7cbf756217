"""The design phase (docs/rules/megarich-designing.md): the state built from the gathering phase, the moves and their
checks, the menus level by level against brute force, secrecy until every design is done, and seeded playouts."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from games.core import Event, GameError, IllegalMove, Rng, normalise_notation
from games.megarich import designing as dz
from games.megarich.blocks import blocks
from games.megarich.board import Hub, atlas
from games.megarich.board import Place as PlaceTile
from games.megarich.design import GENERIC_BONUS, Design, shape_library
from games.megarich.gathering import setup as gather_setup
from games.megarich.state import grant_block
from games.megarich.wonder import evaluate

PRICES = dz.PRICES


def by_shape(shape: str, n: int = 4) -> list[str]:
    """``n`` candidate ids with library shape ``shape``."""
    return [b.id for b in blocks().values() if b.shape.id == shape][:n]


DOMINO = "lintel"          # 2 cells, 2×1
BIG = "granary"            # 6 cells, 2×3
STRAIGHT = "colonnade"     # 3 cells, 3×1


def state(holdings: list[list[tuple[str, int]]], funds: int = 2000, seed: int = 1,
          slots: list[list[str]] | None = None) -> dz.DesignState:
    return dz.start(len(holdings), Rng.from_seed(seed), [funds] * len(holdings), holdings, 0, slots or [])


def play(s: dz.DesignState, seat: int, text: str) -> list[Event]:
    move = dz.read(normalise_notation(text), text)
    assert move is not None, text
    events: list[Event] = []
    dz.apply(s, seat, move, events)
    return events


def refused(s: dz.DesignState, seat: int, text: str) -> str:
    before = msgspec.json.encode(s)
    work = dz.copy_state(s)
    with pytest.raises(GameError) as err:
        play(work, seat, text)
    assert msgspec.json.encode(s) == before
    return err.value.key


def two_seats() -> dz.DesignState:
    return state([[(by_shape(DOMINO)[0], 1), (by_shape(BIG)[0], 2)], [(by_shape(DOMINO)[1], 3)]])


# --------------------------------------------------------------------------------------------- rules


def test_rule_4_1_the_phase_starts_from_the_blocks_each_player_gathered() -> None:
    g = gather_setup(3, Rng.from_seed(5))
    places = [t for t in g.layout.tiles if isinstance(atlas().by_id[t], PlaceTile)][:4]
    for i, tile in enumerate(places):
        g.record(tile).candidate = i % 3
    grant_block(g, 0, places[1], 1)
    grant_block(g, 0, places[0], 3)
    grant_block(g, 2, places[2], 2)
    grant_block(g, 2, places[0], 1)
    g.seats[1].funds = 777
    s = dz.from_gathering(g)
    assert [(h.key, h.block, h.level) for h in s.seats[0].held] == [
        ("b1", f"{places[1]}.2", 1), ("b2", f"{places[0]}.1", 3)]
    assert [(h.key, h.block, h.level) for h in s.seats[2].held] == [
        ("b1", f"{places[2]}.3", 2), ("b2", f"{places[0]}.1", 1)]
    assert s.seats[1].held == [] and s.seats[1].funds == 777
    assert s.money == g.money() and s.bank == g.bank
    assert all(d.laid == [] and d.slots == [] and not d.done for d in s.seats)
    assert dz.design_of(s, 0) == Design()                     # the standard 4×8 board, empty


def test_rule_4_2_the_phase_ends_when_every_design_is_done() -> None:
    s = two_seats()
    events = play(s, 0, "done confirm")
    assert [e.kind for e in events] == ["designing.done"] and not s.finished
    events = play(s, 1, "done confirm")
    assert [e.kind for e in events] == ["designing.done", "designing.revealed"] and s.finished
    assert all(e.seats is None for e in events)               # everyone learns it


def test_rule_4_3_another_seat_never_sees_a_design_before_all_are_done() -> None:
    s = two_seats()
    blank = dz.view(s, 1)
    events = play(s, 0, "place b1 a1") + play(s, 0, "buy s") + play(s, 0, "name Hidden Spire")
    assert all(e.seats == (0,) and e.public is None for e in events)
    assert dz.view(s, 1).own == blank.own and dz.view(s, 1).designs == []
    assert "Hidden" not in msgspec.json.encode(dz.view(s, 1)).decode()
    assert "Hidden" not in msgspec.json.encode(dz.view(s, None)).decode()
    play(s, 0, "done confirm")
    assert [x.done for x in dz.view(s, 1).seats] == [True, False]
    assert "Hidden" not in msgspec.json.encode(dz.view(s, 1)).decode()
    play(s, 1, "done confirm")
    shown = dz.view(s, 1)
    assert shown.revealed and shown.designs[0].name == "Hidden Spire"
    assert [b.key for b in shown.designs[0].blocks if b.placed] == ["b1"]


def test_rule_4_4_a_generic_block_gives_the_stat_chosen_when_bought() -> None:
    s = two_seats()
    play(s, 0, "buy d")
    play(s, 0, "buy f")
    assert [(g.key, g.stat) for g in s.seats[0].generics] == [("g1", "D"), ("g2", "F")]
    before = dz.preview(s, 0).stats
    play(s, 0, "place g1 h4")
    after = dz.preview(s, 0).stats
    assert after.D - before.D == GENERIC_BONUS["D"] == 8
    assert refused(s, 0, "place g2 h4 r1") == "error.designing.overlap"
    play(s, 0, "place g2 a1 r3")                               # a 1×1 block turned is itself
    assert s.seats[0].laid[-1].rotation == 0


def test_rule_4_5_blocks_are_placed_turned_and_flipped_inside_the_area() -> None:
    s = two_seats()
    design = dz.design_of(s, 0)
    shape = shape_library()[BIG].shape
    rotation, mirror, at = design.nth(shape, design.count(shape) - 1)
    text = f"place b2 {design.area.name(at)} r{rotation}" + (" m" if mirror else "")
    play(s, 0, text)
    assert dz.design_of(s, 0).block("b2").cells <= dz.design_of(s, 0).area.cells
    assert refused(s, 0, "place b1 h4 r0") in ("error.designing.outside", "error.designing.overlap")
    assert refused(s, 0, "place b1 h5") == "error.designing.outside"
    assert refused(s, 0, "place b2 a1") == "error.designing.placed"
    assert refused(s, 0, "place b9 a1") == "error.designing.no_block"
    assert refused(s, 1, "place b2 a1") == "error.designing.no_block"   # seat 1 holds only b1
    play(s, 0, "remove b2")
    assert s.seats[0].laid == []
    assert refused(s, 0, "remove b2") == "error.designing.not_placed"


def test_rule_4_6_a_slot_is_attached_edge_to_edge_and_grows_the_area() -> None:
    s = two_seats()
    area = dz.design_of(s, 0).area
    # Slot names are read 4 cells up and left of the board: the board's a1 is the slot name e5.
    assert area.slot_name((0, 0)) == "e5"
    assert refused(s, 0, "slot o e5") == "error.designing.slot_overlap"
    assert refused(s, 0, "slot o a1") == "error.designing.slot_detached"
    play(s, 0, "slot o m5")                                    # the square right of the board's top-right cell
    grown = dz.design_of(s, 0).area
    assert len(grown.cells) == 32 + 4 and {(8, 0), (9, 0), (8, 1), (9, 1)} <= grown.cells
    assert s.seats[0].funds == 2000 - PRICES.slot


def test_rule_4_7_the_name_counts_for_support() -> None:
    s = two_seats()
    unnamed = dz.preview(s, 0).stats.F
    play(s, 0, "name Towering Hall")
    assert s.seats[0].name == "Towering Hall"
    assert unnamed < dz.preview(s, 0).stats.F
    assert any(x.what == "name" for x in dz.preview(s, 0).lines)


def test_rule_4_8_the_preview_is_the_wonder_of_the_design() -> None:
    s = two_seats()
    play(s, 0, "place b1 a1")
    play(s, 0, "buy a")
    play(s, 0, "place g1 h4")
    play(s, 0, "name Twin")
    wonder = evaluate(dz.design_of(s, 0), dz.pieces_of(s, 0), "Twin")
    shown = dz.view(s, 0).own
    assert shown is not None
    p = shown.preview
    assert tuple(wonder.stats) == (p.S, p.A, p.D, p.F)
    assert (p.symmetry, p.compactness, p.variety, p.aesthetics) == (*wonder.aesthetics, wonder.aesthetics.total)
    assert p.fit == wonder.fit and len(p.lines) == len(wonder.lines)
    assert [(h.key, h.kind, h.value) for h in p.hooks] == [(h.key, h.hook.kind, h.value(p.F)) for h in wonder.hooks]
    placed = {b.key: b for b in shown.blocks}
    assert placed["b1"].placed and placed["g1"].cells == [(7, 3)] and not placed["b2"].placed
    assert placed["b2"].placements == dz.design_of(s, 0).count(shape_library()[BIG].shape)


# --------------------------------------------------------------------------------------------- rulings


def test_ruling_51_placements_are_stored_folded_with_absolute_cells() -> None:
    block_id = by_shape(STRAIGHT)[0]
    s = state([[(block_id, 1)]])
    assert dz.canonical(s, 0, dz.Place(block_id, "a1", 2, False)) == dz.Place("b1", "a1", 0, False)
    play(s, 0, f"place {block_id} b2 r3")                       # the block's id reads as its key; r3 is r1
    assert s.seats[0].laid == [dz.Laid("b1", 1, False, 1, 1)]
    before = dz.design_of(s, 0).block("b1").cells
    play(s, 0, "slot i e1 r1")                                  # a straight slot standing above column a
    design = dz.design_of(s, 0)
    assert design.block("b1").cells == before                  # the block did not move …
    assert design.area.name((1, 1)) == "b6"                    # … its cell was renamed (4 rows above it now)


def test_ruling_52_what_the_gathering_phase_hands_over() -> None:
    g = gather_setup(2, Rng.from_seed(9))
    places = [t for t in g.layout.tiles if isinstance(atlas().by_id[t], PlaceTile)][:2]
    hub = next((t for t in g.layout.tiles if isinstance(atlas().by_id[t], Hub)), None)
    g.record(places[0]).candidate = 2
    grant_block(g, 0, places[0], 4)
    grant_block(g, 0, places[1], 1)                            # no candidate chosen: nothing handed over
    assert hub is not None                                     # every map has 1–5 flow hubs
    g.record(hub).candidate = 0
    grant_block(g, 1, hub, 1)                                  # a hub has no candidate block
    s = dz.from_gathering(g)
    assert [(h.key, h.block, h.level) for h in s.seats[0].held] == [("b1", f"{places[0]}.3", 4)]
    assert s.seats[1].held == []
    # The slots and generic blocks a traveller bought come along: the slots spare (attached for free), the generic
    # blocks ready to lay, before any bought here.
    g.seats[1].slots, g.slot_box["O"] = ["O"], g.slot_box["O"] - 1
    g.seats[1].generics, g.generic_box = {"F": 1, "A": 2}, g.generic_box - 3
    s = dz.from_gathering(g)
    assert s.seats[1].spare == ["O"] and [(x.key, x.stat, x.bought) for x in s.seats[1].generics] == [
        ("g1", "A", False), ("g2", "A", False), ("g3", "F", False)]
    play(s, 1, "buy d")
    assert [x.key for x in s.seats[1].generics][-1] == "g4" and s.seats[1].bought_generics == 1
    s2 = state([[]], slots=[["O"]])
    play(s2, 0, "slot o m5")
    assert s2.seats[0].funds == 2000 and s2.seats[0].spare == [] and s2.seats[0].bought_slots == 0


def test_ruling_53_slots_are_bought_within_an_allowance() -> None:
    s = state([[]], funds=PRICES.slot * 3)
    assert PRICES.slots * 6 <= 7 * 4                           # six players never exceed the box's 28 slots
    play(s, 0, "slot o m5")
    play(s, 0, "slot o m7")
    assert s.seats[0].funds == PRICES.slot
    assert refused(s, 0, "slot i e1 r1") == "error.designing.no_slots_left"
    poor = state([[]], funds=PRICES.slot - 1)
    assert refused(poor, 0, "slot o m5") == "error.designing.funds"
    assert "slot" not in [o.token for o in dz.choices(poor, 0, [], "en")]
    # the share of what the gathering phase left in the box: 3 slots among 2 players is 1 each
    short = dz.start(2, Rng.from_seed(1), [PRICES.slot * 3] * 2, [[], []], box=(3, 40))
    assert short.slot_allowance == 1
    play(short, 0, "slot o m5")
    assert refused(short, 0, "slot o m7") == "error.designing.no_slots_left"


def test_ruling_54_generic_blocks_are_bought_within_an_allowance() -> None:
    s = state([[]], funds=PRICES.generic * (PRICES.generics + 1))
    assert PRICES.generics * 6 <= 40                           # six players never exceed the box's 40
    for i in range(PRICES.generics):
        play(s, 0, "buy " + "sadf"[i % 4])
    assert [g.key for g in s.seats[0].generics] == [f"g{i}" for i in range(1, PRICES.generics + 1)]
    assert refused(s, 0, "buy s") == "error.designing.no_generics_left"
    assert dz.read("buy x") is None
    # A generic block bought but not laid gives nothing.
    assert not any(x.what == "generic" for x in dz.preview(s, 0).lines)
    # the share of what the gathering phase left in the box: 5 generic blocks among 2 players is 2 each
    short = dz.start(2, Rng.from_seed(1), [2000] * 2, [[], []], generics=[["S"] * 3, []], box=(28, 5))
    assert short.generic_allowance == 2
    play(short, 0, "buy a")
    play(short, 0, "buy a")
    assert refused(short, 0, "buy a") == "error.designing.no_generics_left"
    assert len(short.seats[0].generics) == 5 and dz.invariants(short) == []


def walk(s: dz.DesignState, seat: int, path: list[str]) -> set[str]:
    found: set[str] = set()
    for option in dz.choices(s, seat, path, "en"):
        here = [*path, option.token]
        if option.final:
            found.add(" ".join(here))
        else:
            below = walk(s, seat, here)
            assert len(below) == option.count, (here, option.count, len(below))
            found |= below
    return found


def small_position() -> dz.DesignState:
    s = state([[(by_shape(DOMINO)[0], 1), (by_shape(BIG)[0], 1), (by_shape(DOMINO)[2], 2)]],
              funds=PRICES.slot + PRICES.generic)
    play(s, 0, "place b1 c2 r1")
    play(s, 0, "buy s")
    return s


def test_ruling_55_menus_are_answered_level_by_level_and_equal_brute_force() -> None:
    for s in (two_seats(), small_position()):
        for seat in range(s.players):
            listed = {str(m) for m in dz.every_move(s, seat)}
            assert walk(s, seat, []) == listed
            assert dz.count_moves(s, seat) == len(listed)
            assert dz.count_moves(s, seat, limit=10) == 10
            for text in listed:                                  # every menu move reads back and applies
                work = dz.copy_state(s)
                move = dz.read(normalise_notation(text), text)
                assert move is not None and str(move) == text
                dz.apply(work, seat, move, [])
    # Brute force on the placements themselves: every cell × orientation tried by hand.
    s = small_position()
    design = dz.design_of(s, 0)
    for key, shape_id in (("b2", BIG), ("b3", DOMINO)):
        shape = shape_library()[shape_id].shape
        brute = set()
        for cell in design.area.cells:
            for o in shape.orientations():
                if design.fault(shape, o.rotation, o.mirror, cell) is None:
                    brute.add(f"place {key} {design.area.name(cell)} r{o.rotation}" + (" m" if o.mirror else ""))
        assert {t for t in walk(s, 0, ["place", key])} == {f"place {key} {t}" for t in
                                                           {x.split(" ", 2)[2] for x in brute}}


def test_ruling_55_a_random_placement_is_uniform_over_the_legal_ones() -> None:
    s = state([[(by_shape(DOMINO)[0], 1), (by_shape(DOMINO)[1], 1)]])
    play(s, 0, "place b1 a1")
    design = dz.design_of(s, 0)
    total = sum(design.count(shape_library()[DOMINO].shape) for _ in (0,))
    rng = Rng.from_seed("uniform")
    seen: dict[str, int] = {}
    for _ in range(total * 40):
        found = dz._random_placement(s, 0, design, rng)
        assert found is not None
        seen[str(found)] = seen.get(str(found), 0) + 1
    assert len(seen) == total
    assert max(seen.values()) < 3 * min(seen.values())


def test_ruling_55_nothing_lists_the_placement_space(monkeypatch: pytest.MonkeyPatch) -> None:
    def trap(*_: Any, **__: Any) -> Any:
        raise AssertionError("the placement space was listed")

    monkeypatch.setattr(dz, "every_move", trap)
    monkeypatch.setattr(Design, "placements", trap)
    s = state([[(b, 1) for b in by_shape(BIG, 3)], [(b, 2) for b in by_shape(DOMINO, 4)]], seed=3)
    rng = Rng.from_seed("trap")
    for _ in range(400):
        seats = [i for i in range(s.players) if not s.seats[i].done]
        if not seats:
            break
        seat = seats[rng.below(len(seats))]
        assert dz.count_moves(s, seat) > 0
        for path in ([], ["place"], ["slot"]):
            for option in dz.choices(s, seat, path, "zh")[:2]:
                dz.choices(s, seat, [*path, option.token], "en")
        move = dz.random_move(s, seat, rng) if rng.below(2) else dz.bot_move(s, seat, rng)
        parsed = dz.read(normalise_notation(str(move)), str(move))
        assert parsed is not None
        dz.apply(s, seat, parsed, [])
    assert s.finished


def test_ruling_56_a_name_is_cleaned_and_limited() -> None:
    assert dz.clean_name("  **Sky\u200b  Tower** @everyone\n") == "Sky Tower everyone"
    assert dz.clean_name("ＳＫＹ　塔") == "SKY 塔"
    s = two_seats()
    move = dz.read(normalise_notation("name Sky `Tower`"), "name Sky `Tower`")
    assert move == dz.Name("Sky Tower") and str(move) == "name Sky Tower"
    assert refused(s, 0, "name " + "x" * (PRICES.name_length + 1)) == "error.designing.name_long"
    assert refused(s, 0, "name ***") == "error.designing.name_empty"
    play(s, 0, "name " + "塔" * PRICES.name_length)
    assert len(s.seats[0].name) == PRICES.name_length
    assert dz.suggested_names(s, 0) and all(len(n) <= PRICES.name_length for n in dz.suggested_names(s, 0))


def test_ruling_57_done_locks_and_asks_for_a_confirmation_when_something_is_missing() -> None:
    s = two_seats()
    assert dz.missing(s, 0) == ["unplaced", "unnamed"]
    assert refused(s, 0, "done") == "error.designing.confirm"
    assert [o.token for o in dz.choices(s, 0, ["done"], "en")] == ["confirm"]
    s1 = state([[(by_shape(DOMINO)[0], 1)]])
    play(s1, 0, "place b1 a1")
    play(s1, 0, "name Tiny")
    assert dz.missing(s1, 0) == [] and dz.choices(s1, 0, [], "en")[-1].final
    play(s1, 0, "done")
    assert s1.seats[0].done and s1.finished
    assert refused(s1, 0, "remove b1") == "error.designing.locked"
    assert dz.choices(s1, 0, [], "en") == [] and dz.count_moves(s1, 0) == 0


def test_ruling_58_money_is_conserved_and_spending_stays_secret() -> None:
    s = two_seats()
    play(s, 0, "buy s")
    play(s, 0, "slot o m5")
    assert s.bank == PRICES.generic + PRICES.slot and dz.invariants(s) == []
    secrets = dz.secret_fields(s, 0)
    assert set(secrets) == {"funds", "slots", "generics", "laid", "name"}
    other = dz.scramble(s, 0, Rng.from_seed(2))
    assert other is not None and dz.invariants(other) == []
    changed = dz.secret_fields(other, 0)
    assert all(changed[k] != secrets[k] for k in secrets), (secrets, changed)
    assert dz.view(other, 1) == dz.view(s, 1) and dz.view(other, None) == dz.view(s, None)
    assert dz.secret_fields(s, None) == {}
    names = [n for n, _ in dz.corruptions(s)]
    assert names and all(dz.invariants(bad) for _, bad in dz.corruptions(s)), names


# --------------------------------------------------------------------------------------------- playouts


@pytest.mark.parametrize("seed", range(6))
def test_a_seeded_design_phase_fills_every_design_until_all_are_done(seed: int) -> None:
    rng = Rng.from_seed(f"phase-{seed}")
    ids = list(blocks())
    players = 2 + seed % 5
    holdings = [[(ids[rng.below(len(ids))], 1 + rng.below(4)) for _ in range(rng.below(7))] for _ in range(players)]
    holdings = [list(dict.fromkeys(h)) for h in holdings]
    s = dz.start(players, Rng.from_seed(seed), [rng.below(2500) for _ in range(players)], holdings)
    steps = 0
    while not s.finished:
        seat = rng.below(players)
        if s.seats[seat].done:
            continue
        hidden = {o: dz.view(s, o) for o in range(players) if o != seat}
        secret = dz.scramble(s, seat, Rng.from_seed(steps))
        assert secret is not None
        for o, shown in hidden.items():
            assert dz.view(secret, o) == shown
        move = dz.bot_move(s, seat, rng) if seed % 2 else dz.random_move(s, seat, rng)
        events: list[Event] = []
        dz.apply(s, seat, move, events)
        assert dz.invariants(s) == []
        for o, shown in hidden.items():
            if not s.finished:
                assert dz.view(s, o).own == shown.own
        steps += 1
        assert steps < 5000
    bots_filled = [len(d.laid) for d in s.seats]
    assert all(d.done for d in s.seats) and dz.view(s, None).revealed
    if seed % 2:
        assert sum(bots_filled) >= sum(1 for h in holdings for _ in h) // 2


def test_the_catalog_says_every_designing_key_in_both_languages() -> None:
    import re
    from pathlib import Path

    text = Path(dz.__file__).read_text(encoding="utf-8")
    keys = set(re.findall(r'"(error\.designing\.\w+)"', text))
    keys |= {f"error.designing.{k}" for k in ("outside", "overlap", "placed", "slot_kind", "slot_overlap",
                                               "slot_detached", "illegal")}
    keys |= {f"event.designing.{k}" for k in ("placed", "removed", "slot", "bought", "named", "done", "revealed")}
    keys |= {f"menu.designing.{k}" for k in re.findall(r'_say\("(\w+)"', text)}
    keys |= {f"menu.designing.{k}" for k in ("place", "remove", "slot", "buy", "name", "done_confirm")}
    for key in keys:
        for lang in ("en", "zh"):
            assert key in dz.CATALOG.messages[lang], (lang, key)
    with pytest.raises(IllegalMove):
        dz.apply(two_seats(), 5, dz.Finish(), [])


def test_the_game_hooks_read_canonically_and_time_out_by_locking() -> None:
    s = two_seats()
    block_id = s.seats[0].held[0].block
    assert dz.read_move(s, 0, f"place {block_id} a1 r2", f"place {block_id} a1 r2") == dz.Place("b1", "a1", 0)
    with pytest.raises(GameError) as err:
        dz.read_move(s, 0, "fly away", "fly away")
    assert err.value.key == "error.designing.unknown_move"
    assert dz.actors(s) == {0, 1}
    assert dz.timeout_move(s, 0) == dz.Finish(True)
    dz.apply(s, 0, dz.timeout_move(s, 0), [])
    assert dz.actors(s) == {1}


def test_a_bot_grows_the_area_when_a_block_fits_nowhere() -> None:
    s = state([[(b, 1) for b in by_shape(BIG, 8)]], funds=PRICES.slot * 2)
    rng = Rng.from_seed("grow")
    for _ in range(60):
        if s.finished:
            break
        dz.apply(s, 0, dz.bot_move(s, 0, rng), [])
        assert dz.invariants(s) == []
    assert s.finished and s.seats[0].bought_slots == PRICES.slots and len(s.seats[0].laid) >= 4
