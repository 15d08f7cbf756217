"""18 Royal Gorge's images: valid PNGs under 1 MiB for 2 and 4 players in English and Chinese (the CJK font
drawing every Chinese string); tiles laid in the view appear on the map; station tokens in the company's colour;
each company's marker on its market space; the detail of a hex draws every offered tile in every offered
rotation; the private panel and the result.

Views come from real games: the private auction and the first stock round played with simple choices (the
lowest bid, the first par, the first purchase, else a pass) up to the first operating round. The map fields
(``laid``, ``tokens``, ``gold_cubes``, ``steel``) are filled in by :func:`mapped`.
"""

from __future__ import annotations

import io
import time
from functools import cache
from types import SimpleNamespace
from typing import Any

import msgspec
import pytest
from PIL import Image, ImageChops

from games.royal_gorge.content import content
from games.royal_gorge.game import GAME, META
from games.royal_gorge.moves import Bid, Buy, Par, Pass
from games.royal_gorge.state import RGState
from games.royal_gorge.view import RGView
from render import Renderer, fonts, recording, renderer_for
from render import royal_gorge as rg
from render.hexes import TILE_COLOURS
from render.kit import Canvas, is_cjk
from render.royal_gorge import map as rg_map

NAMES = ["Alice", "张伟", "Bob the Builder", "李娜"]
MIB = 1 << 20


# ---- game points ---------------------------------------------------------------------------------------


def _pick(state: RGState, moves: list[Any]) -> Any:
    """The lowest opening bid, the first par, the first plain purchase, else a pass."""
    bids = [m for m in moves if isinstance(m, Bid)]
    top = state.stack[-1]
    if bids and getattr(top, "high", 0) < 0:
        return bids[0]
    for kind in (Par, Buy):
        found = [m for m in moves if isinstance(m, kind) and not getattr(m, "using", "")]
        if found:
            return found[0]
    return next(m for m in moves if isinstance(m, Pass))


@cache
def played(players: int, until: str = "operating", seed: int = 1) -> RGState:
    """A game from its setup until ``until`` (``auction``: untouched; ``stock``: the first stock round has
    begun; ``operating``: the first operating round)."""
    state = GAME.setup(players, {}, seed=seed)
    for _ in range(800):
        if state.round == until:
            break
        acting = sorted(GAME.to_act(state))
        if not acting:
            break
        seat = acting[0]
        state = GAME.apply(state, seat, _pick(state, GAME.legal_moves(state, seat))).state
    return state


class _Stub:
    """A view with extra fields it does not declare (only while the engine's view lacks them)."""

    def __init__(self, view: Any, fields: dict[str, Any]) -> None:
        self._view = view
        self.__dict__.update(fields)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._view, name)


def mapped(view: RGView, **fields: Any) -> Any:
    """``view`` with map fields set: the view struct itself when it declares them, else a stub carrying them."""
    if set(fields) <= set(RGView.__struct_fields__):
        return msgspec.structs.replace(view, **fields)
    return _Stub(view, fields)


def operating_view(players: int = 4) -> Any:
    """The first operating round with a few tiles laid, station tokens, gold on the map and a used steel column."""
    state = played(players)
    v = GAME.view(state, None)
    started = [c.id for c in v.corps if c.kind == "rail" and c.price is not None]
    assert started, "the opening should start a railroad"
    tokens: dict[str, list[str | None]] = {"L14": ["PAV"]} if "PAV" in started else {}
    tokens["I7"] = [started[0]]
    steel = {col.id: sorted(col.cubes, reverse=True) for col in content().steel.column}
    steel["A"] = [30, 20]
    return mapped(v, laid={"L14": ("57", 0), "K13": ("8", 1), "I7": ("6", 2), "L12": ("4", 0)}, tokens=tokens,
                  gold_cubes={"I7": 2}, steel=steel)


def png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


def pixel(canvas: Canvas, point: tuple[float, float]) -> tuple[int, ...]:
    assert canvas.image is not None
    value = canvas.image.getpixel((round(point[0] * canvas.scale), round(point[1] * canvas.scale)))
    assert isinstance(value, tuple)
    return value


def centre(image: rg.BoardImage, hex_id: str) -> tuple[float, float]:
    return image.layout.centre(content().hexes[hex_id].coord)


def texts_near(drawn: list[Any], point: tuple[float, float], reach: float) -> set[str]:
    return {d.text for d in drawn if abs(d.xy[0] - point[0]) <= reach and abs(d.xy[1] - point[1]) <= reach}


def chinese(drawn: list[Any]) -> list[Any]:
    """Drawn strings with Chinese in them, each checked to draw with the CJK font (no tofu, no "?")."""
    found = [d for d in drawn if any(is_cjk(ch) for ch in d.text)]
    face = fonts.font(24)
    for d in found:
        assert fonts.covers(face, d.text), f"{d.text!r} has characters the font cannot draw"
        for bold in (False, True):
            used, _stroke = fonts.font_for(d.text, 24, bold)
            assert fonts.covers(used, d.text), f"{d.text!r} would draw as tofu (bold={bold})"
    return found


# ---- the renderer ----------------------------------------------------------------------------------------


def test_the_renderer_has_the_three_drawings_a_detail_and_a_focus() -> None:
    assert isinstance(rg.RENDERER, Renderer) and rg.RENDERER.game_id == META.id
    assert callable(rg.RENDERER.detail) and callable(rg.RENDERER.focus)
    if META.renderer:
        assert renderer_for(META.id) is rg.RENDERER


# ---- the board -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("until", ["auction", "stock", "operating"])
def test_the_board_is_a_png_under_a_mebibyte(players: int, lang: str, until: str) -> None:
    v = operating_view(players) if until == "operating" else GAME.view(played(players, until), None)
    start = time.perf_counter()
    data = rg.RENDERER.board(v, lang, NAMES[:players])
    took = time.perf_counter() - start
    image = png(data)
    print(f"board {until} {players}p {lang}: {took * 1000:.0f} ms, {len(data) / 1024:.0f} KiB, {image.size}")
    assert len(data) < MIB
    assert image.width == rg.WIDTH and 900 <= image.height <= 1800


@pytest.mark.parametrize("image", ["board", "private", "result", "detail"])
def test_chinese_is_drawn_with_the_cjk_font(image: str) -> None:
    v = operating_view()
    with recording() as drawn:
        if image == "board":
            rg.board_image(v, "zh", NAMES)
        elif image == "private":
            rg.private(mapped(v, viewer=1), "zh", NAMES)
        elif image == "result":
            rg.result(GAME.force_end(played(4)), v, "zh", NAMES)
        else:
            rg.detail(v, "L12", [("3", 0), ("4", 0)], "zh", NAMES)
    found = chinese(drawn)
    shown = {d.text for d in found}
    if image == "board":
        assert len(found) > 40
        assert {"18 皇家峡谷", "张伟", "李娜", "股票市场", "普韦布洛"} <= shown
        assert any(t.startswith("CF&I 钢材") for t in shown)
    elif image == "detail":
        assert any(t.startswith("L12 伊登") for t in shown) and "3 剩 5 块" in shown
    else:
        assert len(found) > 5


def test_a_map_drawn_once_is_reused_until_it_changes() -> None:
    """Issue 13 §3: the same map is drawn once and pasted again (same pixels, same strings reported); a tile laid
    draws a new one."""
    v = operating_view()
    rg_map._MAPS.clear()
    with recording() as first_texts:
        first = rg.draw_board(v, "en", NAMES)
    assert rg_map._draw_map(v, "en", rg.HEX) is rg_map._draw_map(v, "en", rg.HEX)
    with recording() as again_texts:
        again = rg.draw_board(v, "en", NAMES)
    assert first.canvas.image is not None and again.canvas.image is not None
    assert ImageChops.difference(first.canvas.image, again.canvas.image).getbbox() is None
    assert [d.text for d in first_texts] == [d.text for d in again_texts]
    fewer = mapped(v, laid={"L14": ("57", 0), "K13": ("8", 1), "I7": ("6", 2)}, tokens=v.tokens,
                   gold_cubes=v.gold_cubes, steel=v.steel)
    assert rg_map._draw_map(fewer, "en", rg.HEX) is not rg_map._draw_map(v, "en", rg.HEX)


def test_tiles_laid_in_the_view_appear_on_the_map() -> None:
    v = operating_view()
    empty = rg.draw_board(GAME.view(played(4), None), "en", NAMES)
    with recording() as drawn:
        image = rg.draw_board(v, "en", NAMES)
    r = rg.HEX
    pueblo = centre(image, "L14")
    beside = (pueblo[0] + r * 0.4, pueblo[1])
    assert pixel(image.canvas, beside) == TILE_COLOURS["yellow"]          # tile 57 on L14 is yellow
    assert pixel(empty.canvas, beside) == TILE_COLOURS["white"]           # the bare map hex is not
    near = texts_near(drawn, pueblo, r)
    assert {"57", "20", "Pueblo"} <= near                                 # tile number, city revenue, name
    assert {"8"} <= texts_near(drawn, centre(image, "K13"), r)
    assert {"10", "4"} <= texts_near(drawn, centre(image, "L12"), r)      # the town tile pays 10
    with recording() as bare:
        rg.draw_board(GAME.view(played(4), None), "en", NAMES)
    # a terrain cost shows on an unbuilt hex only: Pueblo's $20 of water is paid once its tile is down
    assert "$20" in texts_near(bare, pueblo, r * 0.8) and "$20" not in texts_near(drawn, pueblo, r * 0.8)


def test_gold_cubes_and_walls_are_drawn() -> None:
    v = operating_view()
    plain = mapped(v, gold_cubes={})
    with_gold = rg.draw_board(v, "en", NAMES)
    without = rg.draw_board(plain, "en", NAMES)
    cx, cy = centre(with_gold, "I7")
    r = rg.HEX
    x0, y0, x1, y1 = (round(c * with_gold.canvas.scale) for c in (cx + r * 0.3, cy - r * 0.5, cx + r * 0.8, cy))
    box = (x0, y0, x1, y1)
    assert with_gold.canvas.image is not None and without.canvas.image is not None
    assert with_gold.canvas.image.crop(box).tobytes() != without.canvas.image.crop(box).tobytes()


def test_station_tokens_are_drawn_in_the_company_colour() -> None:
    v = operating_view()
    image = rg.draw_board(v, "en", NAMES)
    slot = rg.HEX * 0.25 * 0.86                                          # a one-slot city's token radius
    for hex_id, slots in v.tokens.items():
        corp = slots[0]
        x, y = centre(image, hex_id)
        assert pixel(image.canvas, (x, y + slot * 0.65)) == rg.corp_colour(corp), (hex_id, corp)
    # a home slot still empty is a faded ghost of its owner's colour, not a token
    ghost_hex = next(h.id for h in content().hex_list if h.reserved == "RG")
    x, y = centre(image, ghost_hex)
    assert pixel(image.canvas, (x, y + slot * 0.65)) != rg.corp_colour("RG")


def test_the_market_shows_each_company_on_its_space() -> None:
    v = operating_view()
    with recording() as drawn:
        image = rg.draw_board(v, "en", NAMES)
    started = [c for c in v.corps if c.column >= 0]
    assert len(started) >= 3                                             # two railroads and the metals
    for corp in started:
        x, y = image.markers[corp.id]
        x0, y0, x1, y1 = image.cells[corp.column]
        assert x0 <= x <= x1 and y0 <= y <= y1, corp.id
        assert pixel(image.canvas, (x, y + image.marker_radius * 0.7)) == rg.corp_colour(corp.id)
        assert any(d.text == corp.id and d.xy == (x, y) for d in drawn)
    prices = content().market.row[0].prices
    for col, box in image.cells.items():
        assert any(d.text == str(prices[col]) and box[0] <= d.xy[0] <= box[2] for d in drawn)


def test_the_debt_marker_joins_the_market_after_the_treaty() -> None:
    v = operating_view()
    assert "DEBT" not in rg.draw_board(v, "en", NAMES).markers
    after = mapped(v, treaty=True, debt_price=70)
    image = rg.draw_board(after, "en", NAMES)
    col = content().market.row[0].prices.index(70)
    x0, _y0, x1, _y1 = image.cells[col]
    assert x0 <= image.markers["DEBT"][0] <= x1


def test_charters_players_steel_gold_and_depot() -> None:
    v = operating_view()
    rails = [c for c in v.corps if c.kind == "rail" and c.price is not None]
    corp = rails[0]
    trained = mapped(v, corps=[msgspec.structs.replace(c, trains=["2+", "3+"], debt=2) if c.id == corp.id else c
                               for c in v.corps],
                     depot={"2+": 2, "3+": 4, "4+": 3, "5+": 2, "6x2": 1}, next_train="2+", gold_shipped=1)
    with recording() as drawn:
        rg.board_image(trained, "en", NAMES)
    texts = [d.text for d in drawn]
    assert texts.count("2+") >= 2 and "3+" in texts and "debt ×2" in texts
    assert "×2" in texts and "$650" in texts and "∞" in texts                      # the depot
    assert v.ruleset == "bga" and "$40" in texts                                   # steel fallback
    assert "shipped 1 this set · pays $50" in texts                                # gold: no cap a set (R15)
    with recording() as capped:
        rg.board_image(mapped(trained, ruleset="18xx"), "en", NAMES)
    assert "shipped 1 of 2 this set · pays $50" in [d.text for d in capped]       # 18xx: 2 a set in Yellow
    for seat in range(4):
        assert NAMES[seat] in texts
        assert f"${v.seats[seat].cash:,}" in texts
    assert any(t.startswith(f"{corp.id} ") and t.endswith("★") for t in texts)   # the president's chip
    assert "Operating round 1.1" in " ".join(texts)


def test_a_view_without_map_fields_draws_the_opening_map() -> None:
    v = GAME.view(played(2), None)
    old = SimpleNamespace(**{f: getattr(v, f) for f in RGView.__struct_fields__
                             if f not in {"laid", "tokens", "gold_cubes", "steel", "depot", "next_train",
                                          "gold_shipped", "gold_dividend", "debt_price", "treaty", "last_run"}})
    with recording() as drawn:
        data = rg.board_image(old, "en", NAMES[:2])
    assert len(data) < MIB and "Pueblo" in {d.text for d in drawn}


def test_the_last_move_is_highlighted_when_the_view_names_it() -> None:
    v = operating_view()
    marked = _Stub(v, {"last": SimpleNamespace(hex="K13", text="PAV lays 8 on K13")})
    image = rg.draw_board(marked, "en", NAMES)
    plain = rg.draw_board(v, "en", NAMES)
    corner = image.layout.corners(content().hexes["K13"].coord)[3]
    x, y = centre(image, "K13")
    inset = (x + (corner[0] - x) * 0.94, y + (corner[1] - y) * 0.94)
    assert pixel(image.canvas, inset) != pixel(plain.canvas, inset)
    with recording() as drawn:
        rg.board_image(marked, "en", NAMES)
    assert "Last: PAV lays 8 on K13" in {d.text for d in drawn}


# ---- the detail ------------------------------------------------------------------------------------------


def test_the_detail_draws_every_option() -> None:
    v = operating_view()
    options = [("3", 0), ("3", 5), ("4", 0), ("58", 0), ("58", 4)]
    with recording() as drawn:
        canvas = rg.draw_detail_canvas(v, "l12", options, "en", NAMES)
    labels = [d.text for d in drawn if d.text[:1] == "r" and d.text[1:].isdigit()]
    assert labels == [f"r{k}" for _, k in options]
    texts = {d.text for d in drawn}
    assert {"L12 Eden · 5 lay(s)", "3 ×5 left", "4 ×4 left", "58 ×5 left"} <= texts   # one 4 is on L12
    assert [d.text for d in drawn].count("10") >= len(options)            # each candidate pays 10
    assert 300 < canvas.width < 1000
    data = rg.RENDERER.detail(v, "L12", options, "en")
    assert len(png(data).tobytes()) > 0 and len(data) < MIB


def test_the_detail_takes_track_lays_and_shows_the_tiles_left() -> None:
    from games.royal_gorge.track import Board, legal_lays

    v = operating_view()
    board = Board(v.laid, v.tokens, [c.id for c in v.corps if c.kind == "rail"], v.phase)
    lays = legal_lays(board, "PAV", "L16") if "PAV" in v.tokens.get("L14", []) else []
    with recording() as drawn:
        rg.draw_detail_canvas(v, "L16", lays, "en")
    labels = [d.text for d in drawn if d.text[:1] == "r" and d.text[1:].isdigit()]
    assert len(labels) == len(lays)
    with recording() as drawn:
        rg.draw_detail_canvas(v, "K15", [("57", 0), ("57", 1)], "en")
    assert "57 ×4 left" in {d.text for d in drawn}                          # one 57 is on L14
    with recording() as drawn:
        rg.draw_detail_canvas(v, "M15", [], "en")
    assert "No tile may be laid here now." in {d.text for d in drawn}
    with pytest.raises(ValueError):
        rg.draw_detail_canvas(v, "Z99", [], "en")


def test_focus_zooms_on_the_hex_a_lay_names() -> None:
    v = operating_view()
    assert rg.RENDERER.focus(v, ["buy"], "en") is None
    assert rg.RENDERER.focus(v, ["lay"], "en") is None
    assert rg.RENDERER.focus(v, ["lay", "zz9"], "en") is None
    data = rg.RENDERER.focus(v, ["lay", "l12"], "en", NAMES)
    assert data is not None and len(data) < MIB and png(data).width > 300


def test_focus_draws_the_lays_the_view_offers_and_runs_no_rules() -> None:
    """The lays come in the view (``RGView.lays``, which ``Game.focus_view`` fills from the menu); a view
    offering none draws none, whoever operates."""
    from games.royal_gorge.track import Board, legal_lays

    bare = operating_view()
    assert bare.operating_now and bare.tokens.get("L14") == [bare.operating_now]
    board = Board(bare.laid, bare.tokens, [c.id for c in bare.corps if c.kind == "rail"], bare.phase)
    lays = legal_lays(board, bare.operating_now, "L16")
    assert {lay.tile for lay in lays} >= {"7", "8"}
    with recording() as drawn:
        rg.RENDERER.focus(bare, ["lay", "L16"], "en")
    assert not [d.text for d in drawn if d.text[:1] == "r" and d.text[1:].isdigit()]
    v = msgspec.structs.replace(bare, lays={"L16": [(lay.tile, lay.rotation) for lay in lays]})
    with recording() as drawn:
        rg.RENDERER.focus(v, ["lay", "L16"], "en")
    labels = [d.text for d in drawn if d.text[:1] == "r" and d.text[1:].isdigit()]
    assert labels == [f"r{lay.rotation}" for lay in lays]
    with recording() as drawn:
        rg.RENDERER.focus(v, ["lay", "l16", "8"], "en")                    # a tile chosen: its rotations only
    labels = [d.text for d in drawn if d.text[:1] == "r" and d.text[1:].isdigit()]
    assert labels == [f"r{lay.rotation}" for lay in lays if lay.tile == "8"]


# ---- private and result ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_private_panel_shows_the_seats_holdings(players: int, lang: str) -> None:
    state = played(players)
    for seat in range(players):
        v = GAME.view(state, seat)
        with recording() as drawn:
            data = rg.RENDERER.private(v, lang, NAMES[:players])
        image = png(data)
        assert len(data) < MIB and image.width == rg.PRIVATE_W
        texts = {d.text for d in drawn}
        me = v.seats[seat]
        assert any(t.startswith("18 ") and NAMES[seat] in t for t in texts)
        assert f"${me.cash:,}" in texts
        for corp, pct in me.shares.items():
            assert any(t.startswith(f"{corp} {pct}%") for t in texts)
        for pid in me.privates:
            assert pid in texts
        if lang == "zh":
            assert chinese(drawn)


def test_a_private_panel_of_the_seat_to_act_says_what_to_do() -> None:
    state = played(4, "stock")
    seat = sorted(GAME.to_act(state))[0]
    with recording() as drawn:
        rg.private(GAME.view(state, seat), "en", NAMES)
    prompt = GAME.prompt(state, seat, "en")
    assert prompt and any(prompt in d.source for d in drawn)
    other = (seat + 1) % 4
    with recording() as drawn:
        rg.private(GAME.view(state, other), "en", NAMES)
    assert any(d.text.startswith("Waiting for") for d in drawn)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_result_ranks_by_net_worth(lang: str) -> None:
    state = played(4)
    outcome = GAME.force_end(state)
    v = operating_view()
    with recording() as drawn:
        data = rg.RENDERER.result(outcome, v, lang, NAMES)
    assert len(data) < MIB and png(data).width >= rg.RESULT_W
    texts = [d.text for d in drawn]
    assert ("Results" if lang == "en" else "结果") in texts
    ranked = [s.seat for s in outcome.standings]
    rows = [t for t in texts if t in {NAMES[s] for s in ranked}]
    assert rows[: len(ranked)] == [NAMES[s] for s in ranked]
    for standing in outcome.standings:
        assert f"${standing.score:,}" in texts
    winner = NAMES[outcome.winners[0]]
    assert any(winner in t and t != winner for t in texts)                 # the winner's banner


def test_a_map_changed_by_a_move_is_patched_and_matches_the_map_drawn_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 13 §3: when a move changes a few hexes, only those are drawn again over the last map; the result has the
    pixels and strings of the whole map drawn afresh, move after move of a seeded bot game."""
    from games.core import Rng

    patched: list[int] = []
    patch = rg_map.patch_map

    def counted(*args: Any, **kwargs: Any) -> Any:
        patched.append(len(args[2]))
        return patch(*args, **kwargs)

    monkeypatch.setattr(rg_map, "patch_map", counted)
    rng = Rng.from_seed("patch")
    state = played(4)
    rg_map._MAPS.clear()
    rg_map._BASES.clear()
    compared = 0
    for _ in range(120):
        acting = sorted(GAME.to_act(state))
        if not acting or compared >= 6:
            break
        seat = acting[rng.below(len(acting))]
        state = GAME.apply(state, seat, GAME.bot_move(state, seat, rng)).state
        view = GAME.view(state, None)
        before = len(patched)
        with recording() as texts:
            drawn = rg_map._draw_map(view, "en", rg.HEX)
        if len(patched) == before:
            continue                                              # the map was kept, or drawn whole
        kept = dict(rg_map._BASES)
        rg_map._BASES.clear()
        rg_map._MAPS.clear()
        with recording() as whole_texts:
            whole = rg_map._draw_map(view, "en", rg.HEX)
        rg_map._BASES.update(kept)
        assert drawn.canvas.image is not None and whole.canvas.image is not None
        assert ImageChops.difference(drawn.canvas.image, whole.canvas.image).getbbox() is None
        assert sorted(t.text for t in texts) == sorted(t.text for t in whole_texts)
        compared += 1
    assert compared >= 3 and all(0 < n <= rg_map._PATCH_MOST for n in patched)
