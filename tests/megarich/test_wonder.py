"""The wonder's stats (docs/rules/megarich-wonder.md): hand-drawn designs against hand computation, each bonus of the
vocabulary, the generic blocks, levels, the aesthetics and the name's fit."""

from __future__ import annotations

import random

import pytest

from games.megarich.blocks import Hook, block, blocks, rulebook, scale
from games.megarich.board import atlas
from games.megarich.design import Design, shape_library
from games.megarich.wonder import (
    Aesthetics,
    Piece,
    Stats,
    aesthetics,
    evaluate,
    evoked_tags,
    name_fit,
)


def fillers(tag: str, n: int) -> list[str]:
    """``n`` candidate ids of ``tag`` with flat stats only (no bonus, no hook)."""
    found = [b.id for b in blocks().values() if b.tag == tag and not b.bonuses and not b.hooks]
    return found[:n]


def pick(archetype: str, tag: str = "metropolis", shape: str | None = None) -> str:
    """The first ordinary candidate of template ``archetype`` with ``tag`` (and ``shape``): the tests read the
    templates and the budget, not which place the draft gave a template."""
    return next(b.id for b in blocks().values() if b.archetype == archetype and b.tag == tag
                and b.shape.kind == "ordinary" and (shape is None or b.shape.id == shape))


#: Metropolis blocks (main stat A), one per template the tests need.
LINTEL = pick("steady", shape="lintel")
NEIGHBOURLY, ALLIANCE, SKYLINE, NESTED, EMBRACE, CROSSROADS, PATRON = (
    pick(a) for a in ("neighbourly", "alliance", "skyline", "nested", "embrace", "crossroads", "patron"))
SPRING, RALLY = pick("spring"), pick("rally")


def bonus_lines(design: Design, pieces: dict[str, Piece]) -> dict[str, tuple[str, int, int]]:
    return {x.source: (x.stat, x.amount, x.count) for x in evaluate(design, pieces).lines if x.what == "bonus"}


# --------------------------------------------------------------------------------------------- rules


def test_rule_3_1_blocks_add_their_flat_stats_to_the_foundation() -> None:
    # LINTEL is a metropolis Lintel "steady": 2 cells × 1.2 cp × 8 A per cp = 19.2 → A+19.
    assert block(LINTEL).flat == {"A": 19}
    design = Design.parse(["aa......", "........", "........", "........"])
    wonder = evaluate(design, {"a": Piece.inspired(LINTEL)})
    # Aesthetics: symmetry 40 × 2 // 32 = 2, compactness 30 × 2 // 2 = 30, variety 6 × 1 tag + 3 × 1 shape = 9:
    # 41 points → F+4. No name.
    assert wonder.aesthetics == Aesthetics(2, 30, 9)
    assert wonder.stats == Stats(S=100, A=40 + 19, D=0, F=5 + 4)
    assert [(x.what, x.stat, x.amount) for x in wonder.lines] == [
        ("foundation", "S", 100), ("foundation", "A", 40), ("foundation", "F", 5),
        ("flat", "A", 19), ("aesthetics", "F", 4)]


def test_rule_3_1_a_worked_design_by_hand() -> None:
    brook = pick("steady", "nature", "lintel")                              # nature Lintel: 2 × 1.2 × 16 → S+38
    assert block(brook).flat == {"S": 38} and block(NEIGHBOURLY).flat == {"A": 34}
    design = Design.parse([".aab....",
                           "aa.b....",
                           "gan.....",
                           "..n....."])
    pieces = {"a": Piece.inspired(NEIGHBOURLY), "b": Piece.inspired(LINTEL), "n": Piece.inspired(brook),
              "g": Piece.plain("S")}
    wonder = evaluate(design, pieces, "Garden Tower")
    # S: 100 + 16 (g) + 38 (n). A: 40 + 34 (a) + 19 (b) + 10 (a's one metropolis neighbour, b; n is nature and g
    # generic). Aesthetics: 10 solid cells in a 4×4 rectangle, each mirror keeps 6: symmetry 40 × 6 // 32 = 7,
    # compactness 30 × 10 // 16 = 18, variety 6 × 2 tags + 3 × 3 shapes = 21; 46 → F+4. The name evokes nature and
    # the metropolis: every inspiration cell fits (100) → F+6, and F+2 for a name. F: 5 + 4 + 2 + 6.
    assert wonder.aesthetics == Aesthetics(7, 18, 21) and wonder.fit == 100
    assert wonder.stats == Stats(S=154, A=103, D=0, F=17)
    assert [(x.source, x.what, x.stat, x.amount, x.count) for x in wonder.lines if x.what == "bonus"] == [
        ("a", "bonus", "A", 10, 1)]

def test_rule_3_2_each_place_tag_gives_its_own_main_stat() -> None:
    mains = {b.tag: b.main for b in blocks().values()}
    assert len(set(mains.values())) == 3
    cp = rulebook().stat_cp
    for b in blocks().values():
        # The main stat takes the largest share of the flat budget (counted in cp, 16 S = 8 A = 8 D = 3 F).
        assert b.flat[b.main] / cp[b.main] == max(v / cp[s] for s, v in b.flat.items()), b.id


def test_rule_3_3_every_place_has_three_candidates_with_valid_shapes() -> None:
    from games.megarich.blocks import candidates
    from games.megarich.board import atlas

    places = atlas().places
    assert len(places) == 255 and len(blocks()) == 765
    library = shape_library()
    for place in places:
        three = candidates(place.id)
        assert [b.number for b in three] == [1, 2, 3]
        assert len({b.shape.id for b in three}) == 3, place.id
        for b in three:
            assert b.place == place.id and b.tag == place.tag
            assert library[b.shape.id] == b.shape


def test_rule_3_4_generic_blocks_add_their_fixed_bonus() -> None:
    design = Design.parse(["ab......", "cd......", "........", "........"])
    pieces = {"a": Piece.plain("S"), "b": Piece.plain("A"), "c": Piece.plain("D"), "d": Piece.plain("F")}
    wonder = evaluate(design, pieces)
    generic = [(x.source, x.stat, x.amount) for x in wonder.lines if x.what == "generic"]
    assert generic == [("a", "S", 16), ("b", "A", 8), ("c", "D", 8), ("d", "F", 3)]
    # Aesthetics: a 2×2 square is its own mirror (40 × 4 // 32 = 5), compact (30), one shape and no tag (3): F+3.
    assert wonder.aesthetics == Aesthetics(5, 30, 3)
    assert wonder.stats == Stats(116, 48, 8, 5 + 3 + 3)
    with pytest.raises(ValueError):
        Piece.plain("X")


def test_rule_3_5_an_adjacent_bonus_counts_edge_neighbours_of_its_tag_up_to_its_cap() -> None:
    # NEIGHBOURLY: metropolis, A+10 for each adjacent same-tag block, at most 3.
    assert block(NEIGHBOURLY).bonuses[0].per == 10
    m = fillers("metropolis", 5)
    c = fillers("culture", 1)
    design = Design.parse(["bb.c....", "aaa.....", "dd.e....", "ff......"])
    pieces = {"a": Piece.inspired(NEIGHBOURLY), "b": Piece.inspired(m[0]), "c": Piece.inspired(m[1]),
              "d": Piece.inspired(m[2]), "e": Piece.inspired(m[3]), "f": Piece.inspired(m[4])}
    # b and d share an edge with a; c and e only touch a corner; f is beyond d.
    assert bonus_lines(design, pieces) == {"a": ("A", 20, 2)}
    # A culture neighbour does not count; four metropolis neighbours count three.
    design = Design.parse(["bbc.....", "aaag....", "dde.....", "........"])
    pieces |= {"g": Piece.inspired(c[0])}
    assert bonus_lines(design, pieces)["a"] == ("A", 30, 3)


def test_rule_3_6_a_chain_bonus_counts_the_blocks_chained_through_its_own_tag() -> None:
    # ALLIANCE: metropolis, A+7 for each same-tag block chain-adjacent through same-tag blocks, at most 4.
    assert block(ALLIANCE).bonuses[0].per == 7
    m = fillers("metropolis", 4)
    c = fillers("culture", 1)
    design = Design.parse(["aabbcdd.", "e.......", "ef......", "........"])
    pieces = {"a": Piece.inspired(ALLIANCE), "b": Piece.inspired(m[0]), "c": Piece.inspired(c[0]),
              "d": Piece.inspired(m[1]), "e": Piece.inspired(m[2]), "f": Piece.inspired(m[3])}
    # b (adjacent), e (adjacent), f (through e) count; d is reached only through the culture block c.
    assert bonus_lines(design, pieces) == {"a": ("A", 21, 3)}


def test_rule_3_7_an_outermost_bonus_holds_when_no_block_lies_beyond_its_front() -> None:
    # SKYLINE: metropolis, A+18 when topmost in the wonder.
    assert block(SKYLINE).bonuses[0].per == 18
    m = fillers("metropolis", 1)
    pieces = {"a": Piece.inspired(SKYLINE), "b": Piece.inspired(m[0])}
    hidden = Design.parse(["........", "..b.....", "........", "aaa....."])
    assert bonus_lines(hidden, pieces) == {}
    clear = Design.parse(["...b....", "........", "........", "aaa....."])
    assert bonus_lines(clear, pieces) == {"a": ("A", 18, 1)}


def test_rule_3_8_inside_and_holds_bonuses_read_bounding_rectangles() -> None:
    # NESTED: A+14 per block whose bounding rectangle it lies inside (any tag, at most 2);
    # EMBRACE: F+5 per block inside its own bounding rectangle (any tag, at most 2).
    assert block(NESTED).bonuses[0].per == 14 and block(EMBRACE).bonuses[0].per == 5
    design = Design.parse(["haa.....", "hbd.....", "hhh.....", "........"])
    pieces = {"h": Piece.inspired(EMBRACE), "a": Piece.inspired(NESTED),
              "b": Piece.plain("S"), "d": Piece.plain("A")}
    # a, b and d lie in h's rectangle: h holds 3, capped at 2. a lies inside h only (b's and d's are one cell).
    assert bonus_lines(design, pieces) == {"h": ("F", 10, 2), "a": ("A", 14, 1)}


def test_rule_3_9_support_strengthens_the_battle_hooks() -> None:
    # SPRING (six cells): regen 3 S per tick at level 1, +1 per 10 F.
    assert block(SPRING).hooks == (Hook("regen", 3, 10),)
    design = Design.parse(["aa......", "aa......", "aa......", "........"])
    wonder = evaluate(design, {"a": Piece.inspired(SPRING, level=2)})
    (placed,) = wonder.hooks
    assert placed.key == "a" and placed.hook == Hook("regen", 4, 10)        # (3 × 125 + 50) // 100 = 4
    assert [placed.value(f) for f in (0, 9, 10, 25, -4)] == [4, 4, 5, 6, 4]
    assert placed.value(wonder.stats.F) == 4 + wonder.stats.F // 10


def test_rule_3_10_a_block_is_upgraded_at_most_three_times() -> None:
    b = block(LINTEL)
    assert [b.flat_at(level)["A"] for level in (1, 2, 3, 4)] == [19, 24, 29, 34]
    design = Design.parse(["aa......", "........", "........", "........"])
    a4 = evaluate(design, {"a": Piece.inspired(LINTEL, 4)}).stats.A
    assert a4 == 40 + 34
    with pytest.raises(ValueError):
        Piece.inspired(LINTEL, 5)
    with pytest.raises(ValueError):
        scale(10, 0)


def test_rule_3_11_the_aesthetics_are_computed_from_the_design_deterministic_and_bounded() -> None:
    m = fillers("metropolis", 2)
    n = fillers("nature", 1)
    # A symmetric row of three blocks: the whole design is its own left-right mirror.
    design = Design.parse(["........", "aabbbcc.", "........", "........"])
    pieces = {"a": Piece.inspired(m[0]), "b": Piece.inspired(n[0]), "c": Piece.inspired(m[1])}
    shapes = {block(m[0]).shape.id, block(n[0]).shape.id, block(m[1]).shape.id}
    assert aesthetics(design, pieces) == Aesthetics(40 * 7 // 32, 30, min(30, 6 * 2 + 3 * len(shapes)))
    assert aesthetics(Design(), {}) == Aesthetics(0, 0, 0)
    rng = random.Random(20)
    ids = list(blocks())
    library = shape_library()
    for _ in range(60):
        d = Design()
        pieces = {}
        for key in "abcdefg":
            bid = rng.choice(ids)
            shape = library[block(bid).shape.id].shape
            total = d.count(shape)
            if total:
                r, mirror, at = d.nth(shape, rng.randrange(total))
                d = d.place(key, shape, r, mirror, at, block(bid).shape.kind)
                pieces[key] = Piece.inspired(bid, rng.randint(1, 4))
        first = aesthetics(d, pieces)
        assert first == aesthetics(d, pieces)
        table = rulebook().aesthetics
        assert 0 <= first.symmetry <= table["symmetry"] and 0 <= first.compactness <= table["compactness"]
        assert 0 <= first.variety <= table["variety"] and 0 <= first.total <= 100
        fit = name_fit("Tower Garden 宫", d, pieces)
        assert 0 <= fit <= 100
        assert evaluate(d, pieces, "Tower Garden 宫") == evaluate(d, pieces, "Tower Garden 宫")


def test_rule_3_12_the_name_and_its_fit_add_support() -> None:
    m = fillers("metropolis", 1)
    n = fillers("nature", 1)
    design = Design.parse(["aa......", "bbb.....", "g.......", "........"])
    pieces = {"a": Piece.inspired(n[0]), "b": Piece.inspired(m[0]), "g": Piece.plain("S")}

    def f_parts(name: str) -> dict[str, int]:
        return {x.what: x.amount for x in evaluate(design, pieces, name).lines if x.what in ("name", "fit")}

    # 5 inspiration cells: the nature block 2, the metropolis block 3 (the generic block is left out).
    assert f_parts("") == {}
    assert f_parts("Gardenia") == {"name": 2}                                   # no whole keyword
    assert name_fit("Garden", design, pieces) == 40 and f_parts("Garden") == {"name": 2, "fit": 2}
    assert name_fit("Garden Tower", design, pieces) == 100 and f_parts("Garden Tower") == {"name": 2, "fit": 6}
    assert name_fit("山之塔", design, pieces) == 100
    assert name_fit("GARDEN", design, pieces) == name_fit("园", design, pieces) == 40


# --------------------------------------------------------------------------------------------- rulings


def test_ruling_31_nature_gives_s_metropolis_a_culture_d() -> None:
    assert rulebook().main == {"nature": "S", "metropolis": "A", "culture": "D"}
    assert {b.tag: b.main for b in blocks().values()} == {"nature": "S", "metropolis": "A", "culture": "D"}


def test_ruling_32_levels_scale_every_number_by_the_table() -> None:
    assert rulebook().multipliers == (100, 125, 150, 180)
    assert [scale(18, level) for level in (1, 2, 3, 4)] == [18, 23, 27, 32]
    b = block(SKYLINE)
    assert b.bonuses_at(4)[0].per == (18 * 180 + 50) // 100 and b.bonuses_at(4)[0].cap == b.bonuses[0].cap


def test_ruling_35_tag_words_same_other_generic_and_any() -> None:
    # CROSSROADS: metropolis, F+4 for each adjacent block of another place tag (at most 3); PATRON: A+10 for each
    # adjacent generic block (at most 3).
    assert block(CROSSROADS).bonuses[0].tag == "other" and block(PATRON).bonuses[0].tag == "generic"
    m = fillers("metropolis", 1)
    c = fillers("culture", 1)
    n = fillers("nature", 1)
    design = Design.parse(["bcn.....", "aaa.....", "gm......", "........"])
    pieces = {"a": Piece.inspired(CROSSROADS), "b": Piece.plain("D"), "c": Piece.inspired(c[0]),
              "n": Piece.inspired(n[0]), "g": Piece.plain("S"), "m": Piece.inspired(m[0])}
    assert bonus_lines(design, pieces) == {"a": ("F", 8, 2)}                  # c and n; not b, g (generic), m
    pieces["a"] = Piece.inspired(PATRON)
    assert bonus_lines(design, pieces) == {"a": ("A", 20, 2)}                  # b and g


def test_ruling_36_an_empty_design_has_the_foundation_stats() -> None:
    wonder = evaluate(Design(), {})
    assert wonder.stats == Stats(100, 40, 0, 5) and wonder.fit == 0 and wonder.hooks == ()
    assert evaluate(Design(), {}, "Tower").stats == Stats(100, 40, 0, 5 + 2)


def test_ruling_37_hooks_are_collected_with_their_level_and_f_step() -> None:
    kinds = {h.kind for b in blocks().values() for h in b.hooks}
    assert kinds == {"regen", "haste", "summon", "boost"}
    for b in blocks().values():
        for h in b.hooks:
            assert h.value >= 1 and h.f_step == rulebook().hooks[h.kind]["f_step"]
            assert (h.stat is not None) == (h.kind == "boost")
    design = Design.parse(["aaa.....", "a.......", "aa......", "bb......"])
    pieces = {"a": Piece.inspired(RALLY, 3), "b": Piece.inspired(LINTEL)}
    (placed,) = evaluate(design, pieces).hooks
    assert placed.hook == Hook("boost", (18 * 150 + 50) // 100, 5, "A")


def test_ruling_40_the_name_fits_by_tag_words_or_place_names_in_either_language() -> None:
    for words in rulebook().keywords.values():
        assert sum(w.isascii() for w in words) == sum(not w.isascii() for w in words) == 10
    assert evoked_tags("Temple of the Falls") == evoked_tags("瀑泉之庙") == frozenset({"culture", "nature"})
    assert evoked_tags("Electricity") == frozenset()
    design = Design.parse(["aa......", "bbb.....", "........", "........"])
    pieces = {"a": Piece.inspired(LINTEL), "b": Piece.inspired(fillers("culture", 1)[0])}
    # LINTEL (2 cells) fits a name holding its place's name in either language.
    place = atlas().by_id[block(LINTEL).place]
    assert place.name("en") == "Beijing" and place.name("zh") == "北京"
    assert name_fit("Beijing Dreams", design, pieces) == name_fit("北京之梦", design, pieces) == 40


def test_ruling_39_the_aesthetics_by_hand() -> None:
    m = fillers("metropolis", 1)
    design = Design.parse(["aaa.....", "a.......", "........", "........"])
    pieces = {"a": Piece.inspired(m[0])}
    # An L of 4 cells in a 3×2 rectangle: the left-right mirror keeps 3 cells, the top-bottom mirror and the half
    # turn 2. Symmetry 40 × 3 // 32 = 3; compactness 30 × 4 // 6 = 20; variety 6 × 1 + 3 × 1 = 9.
    looks = aesthetics(design, pieces)
    assert looks == Aesthetics(3, 20, 9) and looks.total == 32
    assert [x.amount for x in evaluate(design, pieces).lines if x.what == "aesthetics"] == [3]
    # The same drawing on an area of 8 columns by 8 rows: symmetry is a share of the area, 40 × 3 // 64 = 1.
    tall = Design.parse(["aaa.....", "a.......", *["........"] * 6])
    assert aesthetics(tall, pieces).symmetry == 1


def test_ruling_41_the_wonder_reads_the_design_as_drawn() -> None:
    design = Design.parse(["aa......", "........", "........", "........"])
    with pytest.raises(KeyError):
        evaluate(design, {})
    extra = {"a": Piece.inspired(LINTEL), "z": Piece.plain("S")}
    assert evaluate(design, extra) == evaluate(design, {"a": Piece.inspired(LINTEL)})
    with pytest.raises(ValueError):
        Piece()
    with pytest.raises(ValueError):
        Piece(block=LINTEL, generic="S")
    # A drawing's cells are what count, whatever the block's shape: geometry is the design board's to check.
    long = Design.parse(["aaaa....", "........", "........", "........"])
    assert evaluate(long, {"a": Piece.inspired(LINTEL)}).stats.A == 40 + 19
