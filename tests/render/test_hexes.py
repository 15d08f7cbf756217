"""Hex maps: track shows on the edges a tile's paths use (after rotation) and nowhere else, cities show their tokens,
and the detail view offers each candidate rotation by its r0…r5 label."""

from __future__ import annotations

import math

import pytest
from PIL import ImageChops

from games.core.hexgrid import Hex, Layout, LetterNumberIds, edge_direction
from render import palette as pal
from render.hexes import (
    CASING,
    TILE_COLOURS,
    Candidate,
    City,
    MapHex,
    Tile,
    Token,
    Town,
    draw_detail,
    draw_map,
    patch_map,
)
from render.kit import Canvas, recording

RED_TRACK = (220, 30, 40)
YELLOW = TILE_COLOURS["yellow"]
IDS = LetterNumberIds("flat")


def pixel(canvas: Canvas, point: tuple[float, float]) -> tuple[int, ...]:
    assert canvas.image is not None
    value = canvas.image.getpixel((int(point[0] * canvas.scale), int(point[1] * canvas.scale)))
    assert isinstance(value, tuple)
    return value


def near_edge(layout: Layout, h: Hex, edge: int, depth: float = 0.88) -> tuple[float, float]:
    """A point just inside ``h`` on the way from its centre to the middle of ``edge``."""
    cx, cy = layout.centre(h)
    mx, my = layout.edge_midpoint(h, edge_direction(edge, layout.orientation))
    return cx + (mx - cx) * depth, cy + (my - cy) * depth


def track_edges(tile: Tile, orientation: str = "flat") -> set[int]:
    """The edges on which a one-hex map of ``tile`` shows track colour."""
    image = draw_map([MapHex(Hex(0, 0), tile=tile)], size=50, orientation=orientation)  # type: ignore[arg-type]
    return {e for e in range(6) if pixel(image.canvas, near_edge(image.layout, Hex(0, 0), e)) == RED_TRACK}


@pytest.mark.parametrize("paths,rotation,expected", [
    (((0, 3),), 0, {0, 3}),                   # straight
    (((0, 3),), 1, {1, 4}),
    (((0, 1),), 0, {0, 1}),                   # sharp curve
    (((0, 1),), 2, {2, 3}),
    (((0, 2),), 0, {0, 2}),                   # gentle curve
    (((5, 1),), 3, {2, 4}),
    (((0, 2), (3, 5)), 1, {1, 3, 4, 0}),
])
def test_track_reaches_exactly_the_edges_of_its_paths(paths: tuple[tuple[int, int], ...], rotation: int,
                                                      expected: set[int]) -> None:
    assert track_edges(Tile(paths=paths, rotation=rotation, track=RED_TRACK)) == expected


def test_track_has_a_white_casing_and_curves_stay_off_the_middle_edge() -> None:
    image = draw_map([MapHex(Hex(0, 0), tile=Tile(paths=((0, 3),), track=RED_TRACK))], size=50)
    layout, canvas = image.layout, image.canvas
    cx, cy = layout.centre(Hex(0, 0))
    assert pixel(canvas, (cx, cy)) == RED_TRACK
    # flat-top edge 0 is south: the straight runs vertically; just beside the core lies the white casing
    assert pixel(canvas, (cx + 50 * 0.095, cy)) == CASING
    assert pixel(canvas, (cx + 50 * 0.3, cy)) == TILE_COLOURS["white"]
    gentle = draw_map([MapHex(Hex(0, 0), tile=Tile(paths=((0, 2),), track=RED_TRACK))], size=50)
    assert pixel(gentle.canvas, gentle.layout.centre(Hex(0, 0))) == TILE_COLOURS["white"]


def test_a_map_draws_each_hex_where_its_id_says() -> None:
    cells = [MapHex(IDS.parse("B2"), fill=TILE_COLOURS["red"], label="B2"),
             MapHex(IDS.parse("B4"), tile=Tile(paths=((3, 0),), colour=YELLOW, track=RED_TRACK), label="B4"),
             MapHex(IDS.parse("C3"), fill=TILE_COLOURS["green"], label="C3")]
    with recording() as drawn:
        image = draw_map(cells, size=40, ids=IDS, title="18 Royal Gorge")
    canvas, layout = image.canvas, image.layout
    b4 = IDS.parse("B4")
    assert pixel(canvas, near_edge(layout, b4, 3)) == RED_TRACK          # B4's track runs north towards B2 …
    assert pixel(canvas, near_edge(layout, IDS.parse("B2"), 0, 0.6)) == TILE_COLOURS["red"]   # … which has none
    assert pixel(canvas, near_edge(layout, b4, 4)) == YELLOW             # the tile's colour replaces the fill
    assert pixel(canvas, layout.centre(IDS.parse("C3"))) == TILE_COLOURS["green"]
    texts = [d.text for d in drawn]
    assert {"B2", "B4", "C3", "18 Royal Gorge", "B", "C", "2", "3", "4"} <= set(texts)
    assert canvas.width * 1.0 >= layout.bounding_box(c.hex for c in cells)[2]


def test_cities_show_tokens_and_empty_slots() -> None:
    blue = (40, 90, 210)
    tile = Tile(paths=((0, "_0"), ("_0", 3)), stops=(City(slots=2, tokens=(Token(blue, "SF"),), revenue=30),),
                colour=YELLOW, track=RED_TRACK)
    with recording() as drawn:
        image = draw_map([MapHex(Hex(0, 0), tile=tile)], size=60)
    cx, cy = image.layout.centre(Hex(0, 0))
    r = 60 * 0.21
    assert pixel(image.canvas, (cx - r, cy + r * 0.5)) == blue           # slot 0: the token disc (below its text)
    assert pixel(image.canvas, (cx + r, cy + r * 0.5)) == CASING         # slot 1: empty
    assert {"SF", "30"} <= {d.text for d in drawn}
    assert pixel(image.canvas, near_edge(image.layout, Hex(0, 0), 0)) == RED_TRACK


def test_towns_and_bad_endpoints() -> None:
    tile = Tile(paths=((1, "_0"), ("_0", 4)), stops=(Town(revenue=10),), track=RED_TRACK)
    image = draw_map([MapHex(Hex(0, 0), tile=tile)], size=60)
    cx, cy = image.layout.centre(Hex(0, 0))
    assert pixel(image.canvas, (cx, cy)) == RED_TRACK                     # the bar sits on the track
    assert pixel(image.canvas, near_edge(image.layout, Hex(0, 0), 1)) == RED_TRACK
    dot = draw_map([MapHex(Hex(0, 0), tile=Tile(stops=(Town(style="dot"),), track=RED_TRACK))], size=60)
    assert pixel(dot.canvas, dot.layout.centre(Hex(0, 0))) == RED_TRACK
    for paths in (((0, "_1"),), ((0, 6),), ((2, 2),), ((0, "x"),)):
        with pytest.raises(ValueError):
            draw_map([MapHex(Hex(0, 0), tile=Tile(paths=paths, stops=(Town(),)))])


def test_pointy_maps_use_pointy_edge_numbers() -> None:
    # pointy edge 1 is W and 4 is E: a straight between them runs horizontally through the centre
    assert track_edges(Tile(paths=((1, 4),), track=RED_TRACK), "pointy") == {1, 4}
    image = draw_map([MapHex(Hex(0, 0), tile=Tile(paths=((1, 4),), track=RED_TRACK))], size=50, orientation="pointy")
    cx, cy = image.layout.centre(Hex(0, 0))
    assert pixel(image.canvas, (cx - 40, cy)) == pixel(image.canvas, (cx + 40, cy)) == RED_TRACK
    assert pixel(image.canvas, (cx, cy - 40)) == TILE_COLOURS["white"]


def test_detail_view_offers_each_rotation_by_label() -> None:
    focus = IDS.parse("C5")
    cells = [MapHex(h, label=IDS.format(h)) for h in (focus, IDS.parse("C3"), IDS.parse("D6"))]
    candidates = [Candidate(Tile(paths=((0, 1),), colour=YELLOW, track=RED_TRACK), name="7"),
                  Candidate(Tile(paths=((0, 2),), colour=YELLOW), rotations=(0, 2, 4), name="8")]
    with recording() as drawn:
        image = draw_detail(cells, focus, candidates=candidates, size=60, title="C5")
    labels = [d.text for d in drawn if d.text.startswith("r") and d.text[1:].isdigit()]
    assert labels == ["r0", "r1", "r2", "r3", "r4", "r5", "r0", "r2", "r4"]
    texts = {d.text for d in drawn}
    assert {"C5", "C3", "7", "8"} <= texts
    canvas, layout = image.canvas, image.layout
    assert pixel(canvas, near_edge(layout, focus, 0, 0.6)) == TILE_COLOURS["white"]
    assert pixel(canvas, near_edge(layout, focus, 0, 0.97)) == pal.ACCENT      # the focus is highlighted
    below = layout.bounding_box([focus, *(focus + d for d in (Hex(0, 1),))])[3]
    assert canvas.height > below + 2 * 60 * math.sqrt(3) * 0.55                # two rows of candidates
    with pytest.raises(ValueError, match="focus"):
        draw_detail(cells, Hex(40, 40))


def _patch_scene(laid: bool) -> list[MapHex]:
    """A 4 × 4 map with a city, a town, terrain, names and labels; ``laid`` lays a two-city tile with revenue bubbles
    pushed out towards the edges and moves the highlight there."""
    cells = []
    for q in range(4):
        for r in range(4):
            h = Hex(q, r - q // 2)
            cells.append(MapHex(h, label=IDS.format(h), terrain="mountain" if (q, r) == (1, 1) else None,
                                cost=40 if (q, r) == (1, 1) else None, name="Denver" if (q, r) == (2, 2) else "",
                                highlight=pal.ACCENT if (q, r) == ((2, 1) if laid else (0, 0)) else None))
    if laid:
        tile = Tile(paths=((0, "_0"), (3, "_1"), ("_0", "_1")), rotation=1, colour=YELLOW, name="59",
                    stops=(City(1, (Token((30, 80, 200), "DR"),), revenue=40, edge=0), City(1, revenue=30, edge=3)))
        cells[9] = MapHex(cells[9].hex, tile=tile, label=cells[9].label, highlight=pal.ACCENT)
    return cells


def test_a_patched_map_is_the_map_drawn_whole_with_the_same_strings() -> None:
    """Issue 13 §3: redrawing only the hexes that changed (and what reaches into them) gives the pixels and the strings
    of drawing the whole map again."""
    before, after = _patch_scene(False), _patch_scene(True)
    changed = [a.hex for a, b in zip(after, before, strict=True) if a != b]
    assert len(changed) == 2                                      # the highlight left A1; C2 got a tile
    with recording() as base_texts:
        base = draw_map(before, size=44, ids=IDS)
    with recording() as whole_texts:
        whole = draw_map(after, size=44, ids=IDS)
    with recording() as reported:
        patched, texts = patch_map(base, after, changed, ids=IDS, texts=base_texts, pad=44 * 0.3)
    assert reported == []                                         # the caller reports the strings returned
    assert whole.canvas.image is not None and patched.canvas.image is not None and base.canvas.image is not None
    assert ImageChops.difference(whole.canvas.image, patched.canvas.image).getbbox() is None
    assert ImageChops.difference(base.canvas.image, patched.canvas.image).getbbox() is not None
    assert sorted((t.text, round(t.xy[0], 6), round(t.xy[1], 6)) for t in texts) == \
        sorted((t.text, round(t.xy[0], 6), round(t.xy[1], 6)) for t in whole_texts)
    assert {"40", "30", "59", "DR"} <= {t.text for t in texts} and "59" not in {t.text for t in base_texts}


def test_inner_hexes_filled_plainly_look_like_masked_fills_and_the_rim_stays_anti_aliased(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25 §2: a hex with a neighbour on every side is filled plainly under its anti-aliased outline (half the
    blending of a masked fill); its edge lies under outlines, so the map looks as with masked fills, and a hex on
    the map's rim keeps its anti-aliased edge against the background."""
    import render.hexes as hexes

    cells = _patch_scene(True)
    cells = [MapHex(c.hex, fill=YELLOW if i % 3 else TILE_COLOURS["green"], tile=c.tile) for i, c in enumerate(cells)]
    inner = hexes._inner(cells)
    assert 0 < len(inner) < len(cells)
    plain = draw_map(cells, size=44.3)
    monkeypatch.setattr(hexes, "_inner", lambda _cells: frozenset())
    masked = draw_map(cells, size=44.3)
    assert plain.canvas.image is not None and masked.canvas.image is not None
    difference = ImageChops.difference(plain.canvas.image, masked.canvas.image).convert("L")
    assert difference.getbbox() is not None                      # the inner fills are drawn another way
    counts = difference.histogram()
    assert sum(counts[1:]) < 0.01 * plain.canvas.width * plain.canvas.height
    assert not any(counts[40:]), "an edge pixel moved by more than 40 levels"
    near_inner = set()                                             # the rim's pixels are the masked fill's
    for h in inner:
        corners = plain.layout.corners(h)
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        near_inner |= {(x, y) for x in range(math.floor(min(xs)) - 2, math.ceil(max(xs)) + 3)
                       for y in range(math.floor(min(ys)) - 2, math.ceil(max(ys)) + 3)}
    pixels = difference.load()
    assert all((x, y) in near_inner for x in range(difference.width) for y in range(difference.height)
               if pixels[x, y])
