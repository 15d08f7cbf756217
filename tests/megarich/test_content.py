"""The board's data files (``games/megarich/data/places.toml`` and ``map.toml``) against the rules text's
counts: tiles per continent and tag, both languages, unique ids and names, regions that fill the map."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from games.megarich import board
from games.megarich.board import CONTINENTS, TAGS, TEXT_COUNTS, BoardDataError, atlas

ENGINE = Path(board.__file__).parent


def test_the_box_holds_the_texts_counts_per_continent() -> None:
    counts = Counter(p.continent for p in atlas().places)
    assert counts == {"asia": 83, "europe": 44, "ocean": 30, "africa": 22, "north_america": 48,
                      "south_america": 24, "polar": 4}
    assert dict(counts) == dict(TEXT_COUNTS)
    assert len(atlas().key_cities) == 3
    assert len(atlas().hubs) == 8
    assert len(atlas().places) + 3 + 8 == 266


@pytest.mark.parametrize("continent", CONTINENTS)
def test_tags_are_balanced_within_each_continent(continent: str) -> None:
    """As near a third each as the count allows: the counts of two tags differ by at most one (Polar's four
    tiles: one metropolis, one culture, two nature)."""
    tags = Counter(p.tag for p in atlas().continent_places(continent))
    assert set(tags) == set(TAGS)
    assert max(tags.values()) - min(tags.values()) <= 1, tags


def test_every_tile_has_both_languages_and_unique_ids_and_names() -> None:
    items = list(atlas().by_id.values())
    assert len(items) == 266
    assert len({i.id for i in items}) == 266
    for lang in ("en", "zh"):
        names = [i.names[lang] for i in items]
        assert all(n.strip() == n and n for n in names)
        assert len(set(names)) == 266, [n for n, c in Counter(names).items() if c > 1]
    for item in items:
        assert re.fullmatch(r"[a-z0-9_]+", item.id), item.id
        assert re.search(r"[\u4e00-\u9fff]", item.names["zh"]), item.names
        assert re.search(r"[A-Za-z]", item.names["en"]), item.names


def test_key_cities_and_hubs_are_named_as_the_text_and_invented() -> None:
    keys = {k.position: k.names["zh"] for k in atlas().key_cities}
    assert keys == {"centre": "实事市", "bottom": "义务市", "top": "绘星城"}
    assert all(k.names["en"] for k in atlas().key_cities)


def test_continent_and_tag_names_in_both_languages() -> None:
    assert [atlas().continent_names[c]["zh"] for c in CONTINENTS] == ["亚洲", "欧洲", "大洋", "非洲", "北美洲",
                                                                    "南美洲", "极地"]
    assert [atlas().tag_names[t]["zh"] for t in TAGS] == ["都市", "人文", "自然"]


def test_every_hex_is_in_one_region_or_a_key_citys() -> None:
    world = atlas()
    owners = Counter(world.region_of(c) for c in world.cells)
    assert owners[None] == 3
    assert sum(owners.values()) == 256
    seen = [c for cells in world.regions.values() for c in cells]
    assert len(seen) == len(set(seen)) == 253
    assert not set(seen) & set(world.key_cells)


def test_the_places_schema_is_open_for_later_keys(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A later step adds keys to a ``[[place]]`` (its candidate blocks); the loader keeps them in ``extra``."""
    text = (ENGINE / "data" / "places.toml").read_text(encoding="utf-8")
    text = text.replace('id = "beijing"\n', 'id = "beijing"\nblocks = ["b1", "b2", "b3"]\n', 1)
    (tmp_path / "places.toml").write_text(text, encoding="utf-8")
    (tmp_path / "map.toml").write_text((ENGINE / "data" / "map.toml").read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(board, "DATA", tmp_path)
    loaded = board._load()
    assert loaded.by_id["beijing"].extra == {"blocks": ["b1", "b2", "b3"]}  # type: ignore[union-attr]


def test_the_loader_refuses_data_that_breaks_the_texts_counts(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    text = (ENGINE / "data" / "places.toml").read_text(encoding="utf-8")
    text = text.replace('continent = "polar"', 'continent = "asia"', 1)
    (tmp_path / "places.toml").write_text(text, encoding="utf-8")
    (tmp_path / "map.toml").write_text((ENGINE / "data" / "map.toml").read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(board, "DATA", tmp_path)
    with pytest.raises(BoardDataError, match="asia has 84"):
        board._load()


def test_the_engine_draws_no_global_randomness_and_keeps_rule_data_in_files() -> None:
    source = (ENGINE / "board.py").read_text(encoding="utf-8")
    assert not re.search(r"^\s*(import|from)\s+random\b", source, re.M)
    assert "北京" not in source and "Beijing" not in source
