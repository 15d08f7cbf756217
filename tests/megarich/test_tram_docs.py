"""The movement rulings (docs/rules/megarich-movement.md, en + zh) cite tests that exist and draw the real cone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.megarich.tram import odds_text

ROOT = Path(__file__).parents[2]
DOCS = (ROOT / "docs/rules/megarich-movement.md", ROOT / "docs/rules/zh/megarich-movement.md")
TESTS = Path(__file__).parent


def defined_tests() -> set[str]:
    names: set[str] = set()
    for path in TESTS.glob("test_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.MULTILINE))
    return names


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.parent.name)
def test_every_ruling_names_tests_that_exist(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    rulings = [line for line in text.splitlines() if line.startswith("- **")]
    assert len(rulings) == 10
    cited = set(re.findall(r"`(test_\w+)`", text))
    assert cited and cited <= defined_tests(), cited - defined_tests()
    for block in text.split("\n- **")[1:]:
        assert "`test_" in block, block[:40]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.parent.name)
def test_the_docs_picture_is_the_engines(doc: Path) -> None:
    pictures = re.findall(r"```\n(.*?)\n```", doc.read_text(encoding="utf-8"), re.DOTALL)
    assert pictures == [odds_text(0, 3)]
