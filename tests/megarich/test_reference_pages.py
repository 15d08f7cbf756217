"""Every page of Megarich∞'s rules reference (``docs/rules/megarich*.md``: the title's page and each
part's) quotes the rules text in its own words. That each page's Chinese twin keeps its headings,
entries, tests, code, tables and quotations is ``tests/core/test_rules_reference_zh.py``'s check for
every page of docs/rules; each part's own docs test checks its entries name its tests."""

from __future__ import annotations

import re

import pytest

from bench.shared import shared_dir
from tests.support.rules_docs import ROOT, chinese_quotations, reference

TEXT = shared_dir() / "rules" / "megarich.zh.md"
PAGES = sorted(p.stem for p in (ROOT / "docs" / "rules").glob("megarich*.md"))


def in_the_text(quote: str, source: str) -> bool:
    """Whether ``quote`` stands in ``source`` (both without blanks): "…" marks a gap (the pieces
    stand in order), and a footnote is left out of both (its number written ³ in a quote, its
    text "3Footnote 3.…。" in the rules text)."""
    position = 0
    for piece in re.sub(r"[⁰¹²³⁴⁵⁶⁷⁸⁹]", "", quote).split("…"):
        found = source.find(piece, position) if piece else position
        if found < 0:
            return False
        position = found + len(piece)
    return True


def without_footnotes(text: str) -> str:
    return re.sub(r"\d+Footnote\d+\.[^。]*。", "", re.sub(r"\s+", "", text))


@pytest.mark.skipif(not TEXT.is_file(), reason="the rules text is not beside this checkout")
@pytest.mark.parametrize("page", PAGES)
def test_every_quotation_is_the_rules_texts_own_words(page: str) -> None:
    raw = TEXT.read_text(encoding="utf-8")
    texts = (re.sub(r"\s+", "", raw), without_footnotes(raw))  # a footnote may be quoted itself
    quoted = {q for q in chinese_quotations(reference(page)) if re.search(r"[\u4e00-\u9fff]{4}", q)}
    assert quoted, f"{page} quotes nothing of the rules text"
    assert sorted(q for q in quoted if not any(in_the_text(q, text) for text in texts)) == []


def test_the_quotation_check_would_catch_a_paraphrase() -> None:
    source = without_footnotes(
        "进行一次标准移动需要支付200资金3Footnote 3.所持资金不足时无需支付。 ，且会导致实时时间流动2小时。")
    assert in_the_text("进行一次标准移动需要支付200资金³，且会导致实时时间流动2小时", source)
    assert in_the_text("进行一次…实时时间流动2小时", source)
    assert not in_the_text("进行一次标准移动需要支付300资金", source)
    assert not in_the_text("实时时间…进行一次", source)  # pieces out of order
