"""The content of data/blocks.toml (docs/rules/megarich-wonder.md): three candidates per place, each worth its
cells' budget at every level, with names and effect texts in both languages made from the templates."""

from __future__ import annotations

import re
from collections import Counter

from games.megarich.blocks import CONDITIONS, HOOKS, LEVELS, TAG_WORDS, blocks, candidates, cp_value, rulebook
from games.megarich.board import atlas
from games.megarich.design import block_fault, shape_library

HAN = re.compile(r"[\u4e00-\u9fff]")


def test_ruling_33_every_block_is_worth_its_cells_budget_at_every_level() -> None:
    book = rulebook()
    assert book.per_cell == {"ordinary": 1.2, "special": 1.3} and book.tolerance == 0.15
    offs = []
    for b in blocks().values():
        for level in LEVELS:
            target = book.per_cell[b.shape.kind] * book.multipliers[level - 1] / 100
            off = abs(cp_value(b, level) / b.cells - target)
            offs.append(off)
            assert off <= book.tolerance, (b.id, level, cp_value(b, level), b.cells)
    assert sum(offs) / len(offs) < 0.03                                # the mean is about 0.02 cp per cell


def test_ruling_34_candidates_are_a_small_a_five_cell_and_a_large_block() -> None:
    library = shape_library()
    sizes = Counter()
    for place in atlas().places:
        small, medium, large = candidates(place.id)
        assert 2 <= small.cells <= 4 and medium.cells == 5 and (large.cells == 6 or large.shape.kind == "special")
        assert not small.bonuses and not small.hooks
        assert medium.bonuses and not medium.hooks
        assert large.hooks and not large.bonuses
        for b in (small, medium, large):
            assert block_fault(b.shape.shape, b.shape.kind) is None
            sizes[b.shape.id] += 1
    assert set(sizes) == set(library)                                   # every shape of the library is used
    assert sum(n for s, n in sizes.items() if library[s].kind == "special") == 12
    assert max(sizes[s] for s in library if library[s].kind == "ordinary") <= 37


def test_ruling_35_the_vocabulary_is_the_data_files() -> None:
    book = rulebook()
    assert set(book.conditions) == set(CONDITIONS) and set(book.hooks) == set(HOOKS)
    used = {(x.when, x.tag) for b in blocks().values() for x in b.bonuses}
    assert {w for w, _ in used} == set(CONDITIONS)
    assert {t for _, t in used} <= set(TAG_WORDS)
    assert all(x.direction for b in blocks().values() for x in b.bonuses if x.when == "outermost")


def test_ruling_38_every_block_has_names_and_effect_text_in_both_languages() -> None:
    seen: dict[str, set[str]] = {"en": set(), "zh": set()}
    for b in blocks().values():
        place = atlas().by_id[b.place]
        assert b.name("en") == f"{place.name('en')} {b.shape.en}"
        assert b.name("zh") == f"{place.name('zh')}{b.shape.zh}"
        for lang in ("en", "zh"):
            assert b.name(lang) not in seen[lang]
            seen[lang].add(b.name(lang))
        for level in LEVELS:
            en, zh = b.text("en", level), b.text("zh", level)
            assert en and zh and not HAN.search(en), (b.id, en)
            assert not re.search(r"[A-Za-z]", zh), (b.id, zh)
            # The same numbers in both languages.
            assert sorted(re.findall(r"\d+", en)) == sorted(re.findall(r"\d+", zh)), (b.id, en, zh)
            for stat, value in b.flat_at(level).items():
                assert f"{rulebook().stat_names[stat]['zh']}+{value}" in zh
