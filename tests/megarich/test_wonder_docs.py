"""docs/rules/megarich-wonder.md (and its Chinese twin) and the wonder's tests agree: every entry names tests that
exist with its own number, every test of the wonder and the blocks is named, the two languages keep the same
entries, tests, code, tables and quotations, and every quotation is the rules text's own words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench.shared import shared_dir
from tests.support.rules_docs import (
    chinese_quotations,
    code_spans,
    entry_ids,
    entry_tests,
    headings,
    named_tests,
    reference,
    table_rows,
)

EN = reference("megarich-wonder")
ZH = reference("megarich-wonder", "zh")
HERE = Path(__file__).parent
TEXT = shared_dir() / "rules" / "megarich.zh.md"


def _tests() -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8") for pattern in ("test_wonder*.py", "test_blocks*.py")
                     for p in HERE.glob(pattern))
    return set(re.findall(r"^def (test_(?:rule|ruling)_\w+)", text, re.M))


def test_every_entry_names_its_own_tests_and_every_scenario_test_is_named() -> None:
    defined = _tests()
    found = entry_tests(EN)
    assert entry_ids(EN) == [f"3.{n}" for n in range(1, 13)] + [f"R{n}" for n in range(31, 42)]
    for entry, tests in found.items():
        assert tests and tests <= defined, (entry, tests - defined)
        own = f"test_ruling_{entry[1:]}_" if entry.startswith("R") else f"test_rule_{entry.replace('.', '_')}_"
        assert any(t.startswith(own) for t in tests), (entry, tests)
    assert named_tests(EN) == defined


def test_the_chinese_page_keeps_in_step() -> None:
    assert headings(ZH) == headings(EN)
    assert entry_ids(ZH) == entry_ids(EN)
    assert entry_tests(ZH) == entry_tests(EN)
    assert code_spans(ZH) == code_spans(EN)
    assert table_rows(ZH) == table_rows(EN)
    zh = re.sub(r"\s+", "", ZH)
    assert [q for q in chinese_quotations(EN) if q not in zh] == []


@pytest.mark.skipif(not TEXT.is_file(), reason="the rules text is not beside this checkout")
def test_every_quotation_is_the_rules_texts_own_words() -> None:
    source = re.sub(r"\s+", "", TEXT.read_text(encoding="utf-8"))
    quoted = {q for q in chinese_quotations(EN) if re.search(r"[\u4e00-\u9fff]{4}", q)}
    assert len(quoted) >= 12
    assert sorted(q for q in quoted if q not in source) == []
