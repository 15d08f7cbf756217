"""docs/rules/megarich-design.md (and its Chinese draft) and the design tests agree: every entry names tests that
exist, every design test is named, and the two languages keep the same entries, tests, code and quotations."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench.shared import shared_dir
from tests.support.rules_docs import (
    ROOT,
    chinese_quotations,
    code_spans,
    entry_ids,
    entry_tests,
    headings,
    named_tests,
)

EN = (ROOT / "docs" / "rules" / "megarich-design.md").read_text(encoding="utf-8")
#: Beside the English page, not in docs/rules/zh/: that folder holds only registered titles' references.
ZH = (ROOT / "docs" / "rules" / "zh" / "megarich-design.md").read_text(encoding="utf-8")
HERE = Path(__file__).parent
TEXT = shared_dir() / "rules" / "megarich.zh.md"


def _design_tests() -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_design*.py"))
    return set(re.findall(r"^def (test_d\d+_\w+)", text, re.M))


def test_every_entry_names_tests_that_exist_and_every_design_test_is_named() -> None:
    defined = _design_tests()
    tests = entry_tests(EN)
    assert entry_ids(EN) == [str(n) for n in range(1, 13)] + [f"R{n}" for n in range(1, 13)]
    assert all(tests[e] and tests[e] <= defined for e in tests), {e: t - defined for e, t in tests.items()}
    assert named_tests(EN) == defined


def test_the_chinese_draft_keeps_entries_tests_code_and_quotations() -> None:
    assert headings(ZH) == headings(EN)
    assert entry_ids(ZH) == entry_ids(EN)
    assert entry_tests(ZH) == entry_tests(EN)
    assert code_spans(ZH) == code_spans(EN)
    zh = re.sub(r"\s+", "", ZH)
    assert [q for q in chinese_quotations(EN) if q not in zh] == []


@pytest.mark.skipif(not TEXT.is_file(), reason="the rules text is not beside this checkout")
def test_every_quotation_is_the_rules_texts_own_words() -> None:
    source = re.sub(r"\s+", "", TEXT.read_text(encoding="utf-8"))
    quoted = {q for q in chinese_quotations(EN) if re.search(r"[\u4e00-\u9fff]{4}", q)}
    assert len(quoted) >= 12
    assert sorted(q for q in quoted if q not in source) == []
