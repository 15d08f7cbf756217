"""Tile Lay: one scenario test per rule of docs/rules/hexlay.md (``test_rule_<n>_…``), plus its notation."""

from __future__ import annotations

import pytest

from games.core import BadOptions, GameError, IllegalMove, MalformedMove, NotYourTurn
from games.core.hexgrid import FLAT_EDGES
from games.examples.hexlay import GAME
from games.examples.hexlay.board import IDS, board
from games.examples.hexlay.moves import Lay, Pass
from games.examples.hexlay.state import Score
from games.registry import game_ids, get_game

from .hexlay_helpers import kinds, neighbour, play, position


def refused(state: object, text: str, key: str, seat: int | None = None) -> GameError:
    with pytest.raises(GameError) as caught:
        play(state, text, seat)  # type: ignore[arg-type]
    assert caught.value.key == key, caught.value
    return caught.value


# ---- rule 1: the map ---------------------------------------------------------------------------------------------
def test_rule_1_the_map_has_99_hexes_named_by_letter_and_number() -> None:
    b = board()
    assert len(b.hexes) == 99 and len(set(b.hexes)) == 99
    assert b.hexes[0] == "A2" and "C4" in b.index and "K18" in b.index
    for h, coord in zip(b.hexes, b.coords, strict=True):
        assert IDS.format(coord) == h and IDS.parse(h.lower()) == coord
    # neighbours are mutual, across opposite sides, and one flat-top step away
    for i, row in enumerate(b.neighbours):
        for side, n in enumerate(row):
            if n >= 0:
                assert b.neighbours[n][(side + 3) % 6] == i
                assert b.coords[n] - b.coords[i] == FLAT_EDGES[side]
    assert neighbour("C4", 0) == "C6" and neighbour("C4", 5) == "D5" and neighbour("A2", 2) is None


# ---- rule 2: cities ----------------------------------------------------------------------------------------------
def test_rule_2_setup_draws_the_cities_from_the_seed() -> None:
    sites = {s.hex for s in board().sites}
    assert len(sites) == 10
    first = GAME.setup(2, {}, 7)
    assert len(first.cities) == 6 and set(first.cities) <= sites
    assert GAME.setup(4, {}, 7).cities == first.cities                     # the seed alone decides
    assert len({tuple(GAME.setup(2, {}, seed).cities) for seed in range(12)}) > 3
    assert len(GAME.setup(3, {"cities": 3}, 1).cities) == 3
    with pytest.raises(BadOptions):
        GAME.setup(2, {"cities": 7}, 1)
    with pytest.raises(BadOptions):
        GAME.setup(1, {}, 1)                                                 # 2-4 players
    # no two sites touch, so no two cities are linked without track
    for s in sites:
        assert not {neighbour(s, side) for side in range(6)} & sites


# ---- rule 3: the supply ------------------------------------------------------------------------------------------
def test_rule_3_a_sold_out_tile_cannot_be_laid() -> None:
    b = board()
    assert len(b.tiles) == 30 and sum(t.count for t in b.tiles) == 73
    assert {t.kind for t in b.tiles} == {"straight", "curve", "junction", "crossing", "town"}
    state = position()
    state.supply["s1"] = 0
    refused(state, "lay e8 s1 r0", "error.sold_out")
    after = play(state, "lay e8 s2 r0").state
    assert after.supply["s2"] == b.tile_by_id["s2"].count - 1 and after.laid["E8"].tile == "s2"
    moves = GAME.choices(state, 0, ["lay", "e8"], "en")
    assert "s1" not in {o.token for o in moves} and "s2" in {o.token for o in moves}


# ---- rule 4: a lay -----------------------------------------------------------------------------------------------
def test_rule_4_a_lay_goes_on_any_empty_hex_in_a_distinct_rotation() -> None:
    state = position()
    applied = play(state, "lay e8 s3 r2")
    assert applied.state.laid["E8"].tile == "s3" and applied.state.laid["E8"].rotation == 2
    assert applied.state.laid["E8"].owner == 0
    assert kinds(applied.events)["laid"] == {"seat": 0, "tile": "s3", "hex": "E8", "rotation": 2}
    far = play(state, "lay k10 s1 r0").state                              # anywhere: no need to connect
    assert far.laid["K10"].tile == "s1"
    assert {t.id: t.period for t in board().tiles if t.id in ("s1", "s2", "x1", "j10", "t7")} == \
        {"s1": 3, "s2": 6, "x1": 3, "j10": 2, "t7": 1}


def test_rule_4_symmetric_rotations_are_one_lay() -> None:
    state = position()
    assert GAME.parse(state, 0, "lay e8 s1 r4") == Lay("E8", "s1", 1)     # a straight turned 180° is itself
    assert GAME.parse(state, 0, "lay e8 t7") == Lay("E8", "t7", 0)        # the same every way round
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(state, 0, Lay("E8", "s1", 4))
    assert caught.value.key == "error.rotation"
    rotations = [o.token for o in GAME.choices(state, 0, ["lay", "e8", "s1"], "en")]
    assert rotations == ["r0", "r1", "r2"]


def test_rule_4_cities_and_laid_hexes_take_no_tile() -> None:
    state = position({"E8": ("s1", 0, 1)})
    refused(state, "lay c4 s1 r0", "error.city_hex")
    refused(state, "lay e8 s1 r0", "error.occupied")
    refused(state, "lay z41 s1 r0", "error.no_hex")
    assert GAME.choices(state, 0, ["lay", "c4"], "en") == []
    assert "c4" not in {o.token for o in GAME.choices(state, 0, ["lay"], "en")}


# ---- rule 5: the map edge ----------------------------------------------------------------------------------------
def test_rule_5_no_track_runs_off_the_map_edge() -> None:
    state = position()
    error = refused(state, "lay a2 s1 r0", "error.off_map")               # A2's north side is the map edge
    assert GAME.error_text(error, "en") == "That lay runs track off the map edge on the N side of A2."
    refused(state, "lay a2 s1 r1", "error.off_map")
    refused(state, "lay a2 s1 r2", "error.off_map")
    assert play(state, "lay a2 s2 r4").state.laid["A2"].rotation == 4     # S to NE stays on the map
    assert "s1" not in {o.token for o in GAME.choices(state, 0, ["lay", "a2"], "en")}


# ---- rule 6: matching sides --------------------------------------------------------------------------------------
def test_rule_6_sides_facing_laid_tiles_must_match() -> None:
    state = position({"E8": ("s1", 0, 1)})                                 # a straight S-N on E8
    assert neighbour("E8", 0) == "E10" and neighbour("E8", 5) == "F9"
    refused(state, "lay e10 s1 r1", "error.mismatch")                      # E8's track would end on a blank side
    assert "e10" in {o.token for o in GAME.choices(state, 0, ["lay"], "en")}
    assert play(state, "lay e10 s1 r0").state.laid["E10"].rotation == 0    # track meets track
    error = refused(state, "lay f9 s1 r2", "error.mismatch")               # track would run into E8's blank side
    assert GAME.error_text(error, "zh") == "这样铺与 F9 西北边的 E8 不吻合：轨道必须接轨道，空边必须接空边。"
    assert play(state, "lay f9 s1 r1").state.laid["F9"].rotation == 1      # blank meets blank
    rotations = {o.token for o in GAME.choices(state, 0, ["lay", "e10", "s1"], "en")}
    assert rotations == {"r0"}


# ---- rule 7: cities ----------------------------------------------------------------------------------------------
def test_rule_7_track_may_run_into_a_city_or_not() -> None:
    state = position()
    assert neighbour("C6", 3) == "C4"
    into = play(state, "lay c6 s1 r0")                                     # track runs north into Northgate
    beside = play(state, "lay c6 s1 r1")                                   # a blank side faces it
    assert into.state.laid["C6"].rotation == 0 and beside.state.laid["C6"].rotation == 1
    assert {o.token for o in GAME.choices(state, 0, ["lay", "c6", "s1"], "en")} == {"r0", "r1", "r2"}


# ---- rule 8: pieces of track -------------------------------------------------------------------------------------
@pytest.mark.parametrize("move,points", [
    ("lay h15 s1 r2", 4),     # a straight NW-SE joins Redhill and Lakeside: one pair of cities, 2 + 2
    ("lay h15 x1 r2", 4),     # a crossing: its NW-SE straight joins them
    ("lay h15 x2 r2", 0),     # two curves crossing, one to each city: they do not meet
    ("lay h15 x3 r1", 0),     # two sharp curves on opposite corners: no link
    ("lay h15 t2 r2", 10),    # a town between them: three stations, 4 + 3 + 3
])
def test_rule_8_crossings_do_not_join_junctions_and_towns_do(move: str, points: int) -> None:
    crossings = {t.id for t in board().tiles if t.kind == "crossing"}
    assert {t.id for t in board().tiles if t.pieces == 2} == crossings          # every other tile is one piece
    state = position(cities=("G14", "I16"))
    assert neighbour("H15", 2) == "G14" and neighbour("H15", 5) == "I16"
    applied = play(state, move)
    assert applied.state.scores[0].links == points
    assert kinds(applied.events).get("linked", {}).get("points", 0) == points


# ---- rule 9: links -----------------------------------------------------------------------------------------------
def test_rule_9_linking_stations_scores_each_new_pair() -> None:
    # Northgate (C4) - C6 - B7 - Westhaven (A8): seat 1 laid the curve on C6, seat 0 closes the line on B7
    state = position({"C6": ("s2", 1, 1)})
    assert neighbour("B7", 1) == "A8" and neighbour("B7", 4) == "C6"
    applied = play(state, "lay b7 s1 r1")
    assert kinds(applied.events)["linked"] == {"seat": 0, "points": 4, "pairs": 1}
    assert applied.state.scores[0].links == 4 and applied.state.scores[1].links == 0
    assert GAME.describe(applied.events[1], "en", ["Ann", "Bob"]) == \
        "Ann links 1 new pair(s) of stations: +4."
    # a second route between the same cities links nothing new
    again = position({"C6": ("s2", 1, 1), "B7": ("s1", 1, 1), "B5": ("s1", 1, 1)})
    assert neighbour("A6", 4) == "B5" and neighbour("A6", 0) == "A8"
    assert play(again, "lay a6 s2 r4").state.scores[0].links == 0
    # a town on the line: Northgate, Westhaven and the town are three stations, (3 - 1) × (2 + 2 + 1)
    town = play(state, "lay b7 t2 r1")
    assert kinds(town.events)["linked"] == {"seat": 0, "points": 10, "pairs": 3}
    # the rotation menu shows what each lay scores
    labels = {o.token: o.label for o in GAME.choices(state, 0, ["lay", "b7", "s1"], "en")}
    assert labels == {"r1": "Lay Straight (s1) on B7, r1 · +4"}


# ---- rule 10: extending your own track ---------------------------------------------------------------------------
def test_rule_10_extending_your_own_track_scores_a_point_per_side() -> None:
    state = position({"E8": ("s1", 0, 0), "E12": ("s1", 0, 1)})           # seat 0's straight on E8
    mine = play(state, "lay e10 s1 r0")                                    # meets seat 0's E8 and seat 1's E12
    assert kinds(mine.events)["extended"] == {"seat": 0, "points": 1}
    assert mine.state.scores[0].extension == 1
    theirs = play(position({"E8": ("s1", 0, 1)}), "lay e10 s1 r0")         # another's track: no point
    assert "extended" not in kinds(theirs.events) and theirs.state.scores[0].extension == 0
    both = play(position({"E8": ("s1", 0, 0), "E12": ("s1", 0, 0)}), "lay e10 s1 r0")
    assert both.state.scores[0].extension == 2


# ---- rule 11: turns and passing ----------------------------------------------------------------------------------
def test_rule_11_turns_go_round_and_pass_is_always_allowed() -> None:
    state = GAME.setup(3, {}, 4)
    assert GAME.to_act(state) == {0}
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1, "pass")
    state = GAME.apply(state, 0, "pass").state
    assert GAME.to_act(state) == {1} and state.round == 1
    assert Pass() in GAME._legal_moves(state, 1)
    assert [o.token for o in GAME.choices(state, 1, [], "en")] == ["lay", "pass"]
    state = GAME.apply(state, 1, "lay e8 s1 r0").state
    state = GAME.apply(state, 2, "跳过").state
    assert GAME.to_act(state) == {0} and state.round == 2
    # a seat with no lay at all still has its pass
    stuck = position({"E8": ("s1", 0, 1)})
    stuck.supply = {t: 0 for t in stuck.supply} | {"t7": 1}
    stuck.laid.update({h: stuck.laid["E8"] for h in board().hexes if h not in ("E8", "C4", "A8", "K10")})
    assert GAME.count_moves(stuck, 0) == 1 and GAME.has_moves(stuck, 0)
    assert GAME.random_move(stuck, 0, stuck.rng) == Pass() and GAME.bot_move(stuck, 0, stuck.rng) == Pass()


# ---- rule 12: the end --------------------------------------------------------------------------------------------
def test_rule_12_the_game_ends_when_the_supply_runs_out() -> None:
    state = position()
    state.supply = {t: 0 for t in state.supply} | {"s2": 1}
    applied = play(state, "lay e8 s2 r0")
    assert applied.state.end == "supply" and GAME.to_act(applied.state) == frozenset()
    assert kinds(applied.events)["ended"] == {"reason": "supply"}
    assert GAME.outcome(applied.state) is not None
    with pytest.raises(GameError):
        GAME.apply(applied.state, 1, "pass")


def test_rule_12_the_game_ends_when_everyone_passes_in_a_row() -> None:
    state = GAME.setup(3, {}, 2)
    state = GAME.apply(state, 0, "pass").state
    state = GAME.apply(state, 1, "pass").state
    state = GAME.apply(state, 2, "lay e8 s1 r0").state                      # a lay starts the count again
    for seat in (0, 1):
        state = GAME.apply(state, seat, "pass").state
    assert not state.end
    applied = GAME.apply(state, 2, "pass")
    assert applied.state.end == "passes" and GAME.describe(applied.events[-1], "en") == \
        "The game is over: every player passed in a row."


def test_rule_12_the_game_ends_at_the_round_limit() -> None:
    state = GAME.setup(2, {"round_limit": 2}, 3)
    for text in ("lay e8 s1 r0", "pass", "lay e10 s1 r0"):
        state = GAME.apply(state, state.current, text).state
        assert not state.end
    applied = GAME.apply(state, 1, "pass")
    assert applied.state.end == "rounds" and applied.state.round == 3
    unlimited = GAME.setup(2, {}, 3)
    assert unlimited.options["round_limit"] == 0


def test_rule_12_the_game_ends_when_the_map_is_full() -> None:
    # every hex but E8 holds a grand station, so E8 must take track on all six sides: the last grand station
    state = position({h: ("t7", 0, 1) for h in board().hexes if h not in ("E8", "C4", "A8")})
    state.supply = {t: 0 for t in state.supply} | {"t7": 1, "s1": 1}
    refused(state, "lay e8 s1 r0", "error.mismatch")
    applied = play(state, "lay e8 t7")
    assert applied.state.end == "map"


# ---- rule 13: the winner -----------------------------------------------------------------------------------------
def test_rule_13_most_points_win_and_links_break_ties() -> None:
    state = GAME.setup(4, {}, 5)
    state.scores = [Score(links=8, extension=2, tiles=4), Score(links=4, extension=6, tiles=5),
                    Score(links=12, extension=0, tiles=3), Score(links=4, extension=6, tiles=6)]
    assert GAME.outcome(state) is None
    state.end = "rounds"
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert [(s.seat, s.rank, s.score) for s in outcome.standings] == [(2, 1, 12), (0, 2, 10), (1, 3, 10),
                                                                       (3, 3, 10)]
    assert outcome.standings[0].breakdown == {"links": 12, "extension": 0, "tiles": 3}
    notes = [key for key, _ in outcome.reasons]
    assert notes[0] == "outcome.rounds" and notes.count("outcome.tiebreak_links") == 2 and "outcome.tied" in notes
    assert GAME.text(*outcome.reasons[1], "en", ["Ann", "Bob", "Cat", "Dan"]) == \
        "Ann and Bob both have 10 points; more points for links break the tie."
    forced = GAME.force_end(GAME.setup(2, {}, 1))
    assert forced.reasons[0][0] == "outcome.force_ended" and {s.rank for s in forced.standings} == {1}


# ---- notation ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text,move", [
    ("lay c6 s3 r2", Lay("C6", "s3", 2)),
    ("LAY C6 S3 R2", Lay("C6", "s3", 2)),
    ("c6 s3 r2", Lay("C6", "s3", 2)),
    ("lay c6 sharp curve r2", Lay("C6", "s3", 2)),
    ("lay c06 Sharp Curve 2", Lay("C6", "s3", 2)),
    ("铺 c6 急弯 转2", Lay("C6", "s3", 2)),
    ("lay c6 gentle crossing r5", Lay("C6", "x2", 5)),
    ("pass", Pass()),
    ("跳过", Pass()),
])
def test_notation_reads_ids_names_chinese_and_any_case(text: str, move: object) -> None:
    state = position()
    assert GAME.parse(state, 0, text) == move
    assert GAME.parse(state, 0, str(move)) == move


@pytest.mark.parametrize("text,key", [
    ("lay c5 s1 r0", "error.bad_hex"),
    ("lay c6 zz r0", "error.unknown_tile"),
    ("lay c6 s1", "error.rotation_missing"),
    ("lay c6 s1 r6", "error.rotation_range"),
    ("lay c6", "error.lay_grammar"),
    ("lay", "error.lay_grammar"),
    ("fly to the moon", "error.unknown_move"),
])
def test_notation_errors_say_what_is_wrong(text: str, key: str) -> None:
    state = position()
    with pytest.raises(MalformedMove) as caught:
        GAME.parse(state, 0, text)
    assert caught.value.key == key
    for lang in ("en", "zh"):
        assert not GAME.error_text(caught.value, lang).startswith("error.")


def test_the_title_is_an_example_listed_by_id() -> None:
    assert get_game("hexlay") is GAME
    assert "hexlay" in game_ids(examples=True) and "hexlay" not in game_ids()
    assert GAME.meta.renderer == "render.hexlay:RENDERER"
    assert GAME.meta.name("zh") == "铺轨" and GAME.meta.name("en") == "Tile Lay"
