"""Issue 10 §8: Chinese readers get the Chinese rules reference. Every title's English reference
(``docs/rules/<title>.md``) has a Chinese one (``docs/rules/zh/<title>.md``) that the title's
``GameMeta`` names, and the two cannot drift apart silently: the same headings and numbered rules
and rulings in the same order, each naming the same tests, the same notation and code, the same
tables, and the Chinese rules texts quoted in the same words."""

from __future__ import annotations

import re

import pytest

from games.core.meta import GameMeta
from games.registry import all_games, get_game
from tests.support.rules_docs import (
    ROOT,
    chinese_quotations,
    code_spans,
    entry_ids,
    entry_tests,
    headings,
    reference,
    reference_path,
    table_rows,
)

#: The translated references, by file name (``docs/rules/<name>.md``): every English page there —
#: every title's reference, and the parts of a title being built (issue 24 §6: no list kept by hand).
TRANSLATED = tuple(sorted(p.stem for p in (ROOT / "docs" / "rules").glob("*.md")))


def _titles() -> list[GameMeta]:
    """The titles with a reference in ``docs/rules`` (the example titles too; not titles tests add)."""
    return [g.meta for g in all_games(examples=True) if g.meta.rules_reference.startswith("docs/rules/")]


def _name(path: str) -> str:
    return path.removeprefix("docs/rules/").removesuffix(".md")


@pytest.mark.parametrize("title", sorted(meta.id for meta in _titles()))
def test_every_title_gives_a_chinese_reader_the_chinese_reference(title: str) -> None:
    meta = get_game(title).meta
    name = _name(meta.rules_reference)
    assert name in TRANSLATED, f"{meta.rules_reference} has no Chinese translation"
    assert meta.reference("zh") == f"docs/rules/zh/{name}.md"
    assert (ROOT / meta.reference("zh")).is_file()
    assert meta.reference("en") == meta.rules_reference, "an English reader keeps the English reference"


def test_every_english_page_has_its_chinese_twin_and_every_title_its_reference() -> None:
    """Every page of docs/rules has its translation in docs/rules/zh and nothing else is there, and
    every title's reference is one of them."""
    on_disk = {p.stem for p in (ROOT / "docs" / "rules" / "zh").glob("*.md")}
    assert on_disk == set(TRANSLATED)
    assert {_name(meta.rules_reference) for meta in _titles()} <= set(TRANSLATED)


@pytest.mark.parametrize("name", TRANSLATED)
def test_the_translation_has_the_same_headings_and_numbered_entries(name: str) -> None:
    en, zh = reference(name), reference(name, "zh")
    assert headings(zh) == headings(en)
    assert entry_ids(zh) == entry_ids(en)
    assert table_rows(zh) == table_rows(en)


@pytest.mark.parametrize("name", TRANSLATED)
def test_each_entry_names_the_same_tests_in_both_languages(name: str) -> None:
    en, zh = reference(name), reference(name, "zh")
    assert entry_tests(zh) == entry_tests(en)
    assert set(re.findall(r"test_\w+", zh)) == set(re.findall(r"test_\w+", en))


@pytest.mark.parametrize("name", TRANSLATED)
def test_notation_and_code_are_kept_exactly(name: str) -> None:
    assert code_spans(reference(name, "zh")) == code_spans(reference(name))


@pytest.mark.parametrize("name", TRANSLATED)
def test_the_chinese_rules_text_is_quoted_in_its_own_words(name: str) -> None:
    """What the English page quotes from the Chinese rules text, the Chinese page quotes as it is."""
    zh = re.sub(r"\s+", "", reference(name, "zh"))
    missing = [q for q in chinese_quotations(reference(name)) if q not in zh]
    assert missing == []


@pytest.mark.parametrize("name", TRANSLATED)
def test_the_translation_is_in_chinese(name: str) -> None:
    """Prose in Chinese: most letters outside code are Han characters, not English left untranslated."""
    text = re.sub(r"`[^`\n]+`", "", reference(name, "zh"))
    han = len(re.findall(r"[\u4e00-\u9fff]", text))
    latin = len(re.findall(r"[A-Za-z]", text))
    assert han > latin, (han, latin)


def test_the_drift_checks_can_fail() -> None:
    """A translation that loses a ruling, moves a test or changes notation is caught."""
    en = reference_path("landlords").read_text(encoding="utf-8")  # it has R3, R4 and `roll`
    zh = reference("landlords", "zh")
    lost = re.sub(r"\n- \*\*R3 .*?(?=\n- \*\*R4 )", "", zh, flags=re.S)
    assert entry_ids(lost) != entry_ids(en)
    first = sorted(entry_tests(zh).items())[0]
    moved = zh.replace(f"`{sorted(first[1])[0]}`", "`test_elsewhere`", 1)
    assert entry_tests(moved) != entry_tests(en)
    assert code_spans(zh.replace("`roll`", "`掷骰`", 1)) != code_spans(en)
