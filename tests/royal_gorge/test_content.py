"""The 18 Royal Gorge data files against the fact sheet (/work/shared/research/18rg.md) and the rules text."""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec
import pytest

from games.core.hexgrid import FLAT_EDGES, LetterNumberIds, edge_towards
from games.royal_gorge.content import (
    PHASES,
    RULESETS,
    TILE_COLOURS,
    Content,
    PerRuleset,
    SulphurSprings,
    check,
    content,
    load,
    standard_upgrades,
)

IDS = LetterNumberIds("flat", parity=0)


@pytest.fixture(scope="module")
def c() -> Content:
    return content()


def test_the_data_has_no_problems() -> None:
    assert check(load()) == []
    assert content() is content()  # cached


# ---- counts of the fact sheet -------------------------------------------------------------------------------------
def test_map_counts(c: Content) -> None:
    assert len(c.hex_list) == len(c.hexes) == 105
    assert Counter(h.colour for h in c.hex_list) == {"white": 84, "yellow": 3, "gray": 7, "red": 11}
    mines = {h.id: h.mines for h in c.hex_list if h.mines}
    assert sum(mines.values()) == 19 and len(mines) == 17
    assert mines["B6"] == mines["I7"] == 2
    assert sorted(a.id for a in c.areas.values()) == ["Denver", "KitCarson", "LaJunta", "Leadville", "Silverton"]


def test_tile_totals(c: Content) -> None:
    totals = {colour: sum(t.count for t in c.tiles_of(colour)) for colour in TILE_COLOURS}
    assert totals == {"yellow": 57, "green": 42, "brown": 21, "gray": 1}
    assert c.tile("8").count == c.tile("9").count == 12
    assert c.tile("171").stops[0].slots == 3 and c.tile("171").stops[0].revenue == 60


def test_train_counts_and_prices(c: Content) -> None:
    assert {t.id: (t.count, t.price) for t in c.train_list if not t.unlimited} == {
        "2+": (4, 80), "3+": (4, 180), "4+": (3, 400), "5+": (2, 500)}
    six = c.trains["6x2"]
    assert six.unlimited and six.price == 650 and six.multiplier == 2 and six.towns == "counted"
    assert (c.trains["2+"].rusts_on, c.trains["2+"].salvage) == ("4+", 20)
    assert (c.trains["3+"].rusts_on, c.trains["3+"].salvage) == ("6x2", 45)
    assert all(p.train_limit == 2 and p.operating_rounds == 2 for p in c.phase_list)


def test_railroads_and_draw(c: Content) -> None:
    assert len(c.railroads) == 11
    assert sorted(r.id for r in c.railroad_list if r.always) == ["RG", "SF"]
    assert len(c.draw.always) + c.draw.drawn == sum(c.draw.tranches) == 5
    assert c.draw.tranches == (2, 2, 1)
    assert {r.id: r.home for r in c.railroad_list} == {
        "KP": "O5", "RG": "L2", "SPP": "B6", "PAV": "L14", "SF": "O15", "NO": "L8", "CM": "B2", "S": "C17",
        "FCC": "I13", "CSCC": "K7", "CS": "J2"}
    assert c.railroads["RG"].reserved == ("D12", "F12") and c.railroads["RG"].treaty_tokens == 2
    assert {r.id: r.tokens for r in c.railroad_list if r.tokens == 2} == {"FCC": 2, "CSCC": 2, "CS": 2}
    assert sorted(c.metals) == ["CF&I", "VGC"]


def test_privates(c: Content) -> None:
    assert {pool: len(c.privates_in(pool)) for pool in ("yellow", "green", "brown")} == {
        "yellow": 6, "green": 6, "brown": 6}
    assert not c.privates["Y8"].enabled
    assert (c.private_draw.yellow, c.private_draw.green, c.private_draw.brown) == (2, 2, 1)
    assert sum("first_5+" in p.closes for p in c.private_list) == 12
    assert c.privates["G4"].income("yellow") == 0 and c.privates["G4"].income("silver") == 25
    assert c.privates["B1"].income("green") == 0 and c.privates["B1"].income("brown") == 25
    assert not c.privates["B4"].cert
    for p in c.private_list:
        assert p.name("en") and p.name("zh-CN") != p.name("en")
        assert p.description("en") and p.description("zh-CN")


# ---- references ---------------------------------------------------------------------------------------------------
def test_every_tile_the_map_and_rules_name_exists(c: Content) -> None:
    named = [t for h in c.hex_list for t in h.upgrades] + list(c.rules.treaty.green_tiles)
    named += [t for p in c.private_list if isinstance(p.ability, SulphurSprings) for t in p.ability.tiles]
    assert named and all(t in c.tiles for t in named)
    assert {c.tiles[t].colour for h in c.hex_list for t in h.upgrades} == {"green", "brown"}


def test_every_hex_id_parses_with_the_platform_grid(c: Content) -> None:
    for h in c.hex_list:
        assert IDS.format(IDS.parse(h.id)) == h.id
        assert h.coord == IDS.parse(h.id)
    # the Royal Gorge runs C11 – D12 – E13 – F12 – G11 across the printed edges of §2.4
    assert c.neighbour("D12", 2) == "C11" and c.neighbour("D12", 5) == "E13"
    assert c.neighbour("F12", 1) == "E13" and c.neighbour("F12", 4) == "G11"
    assert edge_towards(IDS.parse("E13"), IDS.parse("D12")) == 2
    assert c.neighbour("K1", 3) is None


def test_printed_track_and_outlines_are_consistent(c: Content) -> None:
    for h in c.hex_list:
        for edge in {e for p in h.paths for e in p if isinstance(e, int)}:
            other = c.neighbour(h.id, edge)
            assert other is not None and c.hexes[other].colour != "gray", (h.id, edge)
        for edge in h.borders:
            other = c.neighbour(h.id, edge)
            assert other is not None and (edge + 3) % 6 in c.hexes[other].borders, (h.id, edge)
    assert len(FLAT_EDGES) == 6


def test_every_upgrade_goes_up_one_colour(c: Content) -> None:
    for t in c.tile_list:
        for u in c.upgrades(t.id):
            assert TILE_COLOURS.index(u.colour) == TILE_COLOURS.index(t.colour) + 1, (t.id, u.id)
            assert u.label == t.label and u.kind == t.kind


def test_upgrade_lists_follow_the_standard_rule_with_the_sheets_exceptions(c: Content) -> None:
    assert [u.id for u in c.upgrades("7")] == ["26", "27", "28", "29", "30", "31"]
    assert [u.id for u in c.upgrades("57")] == ["14", "15"]
    assert [u.id for u in c.upgrades("63")] == ["171"]
    assert [u.id for u in c.upgrades("RG4")] == ["RG5", "RG6"]
    assert "RG7" in standard_upgrades(c, c.tile("RG6")) and [u.id for u in c.upgrades("RG6")] == ["RG8"]
    assert [u.id for u in c.upgrades("RG-A")] == ["RG-D"]  # never 63: the gorge takes only its own tiles
    assert c.upgrades("911") == [] and c.upgrades("RG-F") == []


def test_the_royal_gorge(c: Content) -> None:
    assert [h.id for h in c.hex_list if h.gorge] == ["D12", "E13", "F12"]
    assert {h: c.hexes[h].upgrades for h in ("D12", "E13", "F12")} == {
        "D12": ("RG-A", "RG-D"), "E13": ("RG-B", "RG-E"), "F12": ("RG-C", "RG-F")}
    assert c.tile("RG-B").kind == "town" and c.tile("RG-B").stops[0].revenue == 40
    assert all(c.hexes[w].colour == "gray" for w in c.rules.gorge.walls)


def test_home_towns_become_cities_only_with_their_railroad(c: Content) -> None:
    assert [s.kind for s in c.stops_of("I13")] == ["town"]
    assert [s.kind for s in c.stops_of("I13", {"FCC", "RG", "SF"})] == ["city"]
    assert [s.kind for s in c.stops_of("L8", {"FCC"})] == ["town"]


def test_off_board_revenue_by_phase(c: Content) -> None:
    silverton = c.hexes["C17"].stops[0]
    assert [c.stop_revenue(silverton, p) for p in PHASES] == [70, 60, 50, 40]
    denver = c.hexes["K1"].stops[0]
    assert [c.stop_revenue(denver, p) for p in PHASES] == [30, 40, 60, 90]


# ---- market, steel ------------------------------------------------------------------------------------------------
def test_market_and_par_cells_match_the_sheet(c: Content) -> None:
    cells = c.market.cells()
    assert len(cells) == 28 and cells[0].price == 30 and cells[-1].price == 460
    assert [x.price for x in c.par_cells("yellow")] == [60, 65, 70, 80]
    assert [(x.col, x.colour) for x in c.par_cells("yellow")] == [(6, "yellow"), (7, "yellow"), (8, "yellow"),
                                                                   (9, "yellow")]
    assert c.par_values("green") == [60, 65, 70, 80, 90, 100, 110, 120]
    assert c.par_values("brown") == [60, 65, 70, 80, 90, 100, 110, 120, 130, 145, 160, 180]
    assert [x.colour for x in cells if 14 <= x.col <= 17] == ["brown"] * 4
    assert [x.price for x in cells if x.zone == "endgame"] == [310, 340, 380, 420, 460]
    assert {x.colour for x in cells if x.zone == "endgame"} == {"red"}
    metal = c.cell(0, c.metals["CF&I"].start_column)
    debt = c.cell(0, c.debt.start_column)
    assert metal is not None and metal.price == 45 and debt is not None and debt.price == 60
    assert c.cell(0, 28) is None and c.cell(1, 0) is None


def test_steel_market(c: Content) -> None:
    columns = {col.id: (col.colour, col.cubes) for col in c.steel.column}
    assert columns["A"] == ("yellow", (0, 10, 20, 30)) and columns["E"] == ("green", (20, 30))
    assert columns["H"] == ("brown", (30,)) and columns["I"] == ("gray", ())
    assert (c.steel.fallback_price, c.steel.cash_reset) == (40, 50)


# ---- rules and rulesets -------------------------------------------------------------------------------------------
def test_starting_cash_and_limits(c: Content) -> None:
    assert [c.starting_cash(n) for n in (2, 3, 4)] == [800, 550, 400]
    assert [c.cert_limit(n, "18xx") for n in (2, 3, 4)] == [20, 14, 10]
    assert [c.cert_limit(n, "bga") for n in (2, 3, 4)] == [20, 14, 12]
    assert c.max_holding(2, "bga") == c.max_holding(2, "18xx") == 70
    assert c.max_holding(4, "bga") == 60
    with pytest.raises(ValueError):
        c.starting_cash(5)
    with pytest.raises(ValueError):
        c.cert_limit(3, "1830")


def _per_ruleset(value: Any, path: str = "rules") -> list[tuple[str, PerRuleset[Any]]]:
    if isinstance(value, PerRuleset):
        return [(path, value)]
    if isinstance(value, msgspec.Struct):
        return [x for f in msgspec.structs.fields(value) for x in _per_ruleset(getattr(value, f.name),
                                                                                 f"{path}.{f.name}")]
    return []


def test_figures_that_differ_are_kept_for_both_rulesets(c: Content) -> None:
    keyed = dict(_per_ruleset(c.rules))
    assert {"rules.cert_limit", "rules.debt.moves", "rules.operating.must_own_train", "rules.end.red_zone_who",
            "rules.set_end"} <= set(keyed)
    for path, figure in keyed.items():
        for ruleset in RULESETS:
            assert figure.get(ruleset) is not None, (path, ruleset)
    assert (c.rules.debt.moves.get("bga"), c.rules.debt.moves.get("18xx")) == ("set", "or")
    assert c.rules.cert_limit.get("bga")[4] != c.rules.cert_limit.get("18xx")[4]


def test_gold_debt_and_end(c: Content) -> None:
    assert c.rules.gold.dividends == (50, 90, 140, 200, 270, 350)
    assert c.rules.gold.ship_limit == {"yellow": 2, "green": 4, "brown": 5, "silver": 5}
    assert c.rules.debt.penalty == {"RG": (0, 2, 3, 5, 8), "SF": (0, 1, 3)}
    assert (c.rules.treaty.rg_owes_sf, c.rules.treaty.sf_owes_holder) == (4, 2)
    assert [e.event for e in c.trains["3+"].events] == ["treaty_of_boston"]
    assert c.rules.end.train == "6x2" and c.rules.end.extra_sets == 1
    assert [c.phase_trigger(p) for p in PHASES] == [None, ("2+", 4), ("4+", 3), ("5+", 2)]


# ---- check catches mistakes ---------------------------------------------------------------------------------------
def test_check_reports_broken_data(c: Content) -> None:
    replace = msgspec.structs.replace
    fewer = replace(c, hex_list=c.hex_list[:-1])
    assert any("104 hexes" in p for p in check(fewer))
    tiles = {**c.tiles, "9": replace(c.tiles["9"], count=11)}
    assert any("tile totals" in p for p in check(replace(c, tiles=tiles, tile_list=tuple(tiles.values()))))
    wrong = {**c.tiles, "RG6": replace(c.tiles["RG6"], upgrades=("RG7", "RG8"), not_to=())}
    assert any("RG6" in p for p in check(replace(c, tiles=wrong, tile_list=tuple(wrong.values()))))
    bad_home = {**c.railroads, "KP": replace(c.railroads["KP"], home="N2")}
    assert any("KP" in p for p in check(replace(c, railroads=bad_home, railroad_list=tuple(bad_home.values()))))
