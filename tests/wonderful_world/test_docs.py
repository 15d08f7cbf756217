"""The rules reference and the tests agree: every rule and ruling names tests that exist, every
ruling quotes the rules text truly (or says it has nothing), and every reference outside the
repository is plain text that names a file and section that exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench.shared import shared_dir
from tests.support.rules_docs import (
    ROOT,
    defined_tests,
    entries,
    reference,
    undocumented,
    unnamed_or_missing,
)

DOC = reference("wonderful-world")
DEFINED = defined_tests(Path(__file__).parent)
RULES = entries(DOC, r"\d+\.\d+")
RULINGS = entries(DOC, r"R\d+")
TEXT = shared_dir() / "rules" / "wonderful-world.zh.md"
RESEARCH = shared_dir() / "research" / "iaww.md"
needs_shared = pytest.mark.skipif(not (TEXT.is_file() and RESEARCH.is_file()),
                                  reason="the shared folder (rules text, research) is not beside the checkout")


QUOTE = re.compile(r'"([^"a-zA-Z]*[\u4e00-\u9fff][^"a-zA-Z]*)"')   # a quotation in Chinese


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_every_rule_and_ruling_names_an_existing_test() -> None:
    sections = {"1": 2, "2": 4, "3": 3, "4": 7, "5": 4, "6": 5, "7": 2, "8": 1}
    assert sorted(RULES) == sorted(f"{s}.{n}" for s, count in sections.items() for n in range(1, count + 1))
    assert sorted(RULINGS, key=lambda r: int(r[1:])) == [f"R{n}" for n in range(1, 20)]
    assert unnamed_or_missing({**RULES, **RULINGS}, DEFINED) == {}


def test_every_scenario_test_is_documented() -> None:
    assert undocumented(DOC, DEFINED) == set()


def test_each_scenario_test_sits_under_its_own_rule() -> None:
    for test in DEFINED:
        found = re.match(r"test_rule_(\d+)_(\d+)_|test_ruling_(R\d+)_", test)
        if found:
            name = found[3] or f"{found[1]}.{found[2]}"
            assert f"`{test}`" in {**RULES, **RULINGS}[name], f"{test} is not named under {name}"


def test_every_ruling_says_what_the_text_says_on_it() -> None:
    """A ruling quotes the rules text (a quotation in Chinese) or says the text has nothing on it."""
    for name, text in RULINGS.items():
        quotes = QUOTE.findall(text)
        assert quotes or re.search(r"text has no", _flat(text)), f"{name} neither quotes nor rules out the text"


@needs_shared
def test_quotations_are_the_texts_own_words() -> None:
    """Every Chinese quotation on the page is in the rules text (line breaks of this page aside)."""
    source = re.sub(r"\s+", "", TEXT.read_text(encoding="utf-8"))
    quotes = QUOTE.findall(DOC)
    assert len(quotes) > 20
    wrong = [q for q in quotes if re.sub(r"\s+", "", q) not in source]
    assert wrong == []


@needs_shared
def test_research_is_cited_by_sections_that_exist() -> None:
    headings = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", RESEARCH.read_text(encoding="utf-8"), re.M))
    cited: set[str] = set()
    for found in re.finditer(r"research ((?:§[\d.]*\d)(?:(?:, | and )§[\d.]*\d)*)", _flat(DOC), re.I):
        cited |= set(re.findall(r"§([\d.]*\d)", found[1]))
    assert {"2", "3", "4", "6", "7.1", "8"} <= cited
    assert cited <= headings, cited - headings


def test_no_link_leaves_the_repository() -> None:
    """Files beside the checkout are named in plain text ("shared/research/iaww.md §3"): a link to
    them would not resolve in a clone or on a forge. Links inside the repository must resolve."""
    assert "../" not in DOC
    for target in re.findall(r"\]\(([^)#\s]+)", DOC):
        assert "://" not in target or target.startswith("https://"), target
        if "://" not in target:
            path = (ROOT / "docs" / "rules" / target).resolve()
            assert path.is_relative_to(ROOT) and path.exists(), target
    for named in re.findall(r"\bshared/[\w./-]+\.md\b", DOC):
        assert not re.search(rf"[`(]{re.escape(named)}", DOC), f"{named} is written as a link or path"
        if shared_dir().is_dir():
            assert (shared_dir().parent / named).is_file(), named
