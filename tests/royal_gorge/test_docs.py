"""docs/rules/royal-gorge.md and the tests agree: every numbered rule names tests that exist, each named after
its rule (``test_rule_<n>_…``), and every ``test_rule_*`` test is documented."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.rules_docs import ROOT, defined_tests, entries, named_tests, reference

DOC = reference("royal-gorge")
DEFINED = defined_tests(Path(__file__).parent)


def rules() -> dict[str, str]:
    out: dict[str, str] = {}
    for block in re.split(r"\n(?=- \*\*)", DOC):
        found = re.match(r"- \*\*(\d+)\.", block)
        if found:
            out[found[1]] = block.split("\n\n")[0]
    return out


def test_every_rule_names_an_existing_test_of_its_own_number() -> None:
    found = rules()
    assert len(found) >= 30
    assert {str(n) for n in range(1, 12)} <= set(found), "the auction and stock rules 1-11"
    for number, text in found.items():
        named = named_tests(text)
        assert named, f"rule {number} names no test"
        assert named <= DEFINED, f"rule {number}: {named - DEFINED}"
        assert all(name.startswith(f"test_rule_{number}_") for name in named), f"rule {number}: {sorted(named)}"


def test_every_rule_test_is_documented() -> None:
    assert {t for t in DEFINED if t.startswith("test_rule_")} <= named_tests(DOC)


def test_every_test_the_reference_names_exists() -> None:
    """The rulings, the standing orders and the import name tests outside the numbered rules too."""
    elsewhere = (ROOT / "tests" / "bot" / "test_import_18xx.py").read_text(encoding="utf-8")
    defined = DEFINED | set(re.findall(r"^(?:async )?def (test_\w+)", elsewhere, re.M))
    named = set(re.findall(r"`(test_\w+)`", DOC))
    assert named - defined == set()


def rulings() -> dict[str, str]:
    """Each numbered ruling (``- **R<n>. …**``) and its text."""
    return entries(DOC.split("## Rulings", 1)[1].split("\n## ", 1)[0], r"R\d+")


def test_every_ruling_names_an_existing_test_of_its_own() -> None:
    found = rulings()
    assert len(found) >= 13 and list(found) == [f"R{n}" for n in range(1, len(found) + 1)]
    for number, text in found.items():
        named = set(re.findall(r"`(test_\w+)`", text))
        own = {name for name in named if name.startswith(f"test_ruling_{number}_")}
        assert own, f"ruling {number} names no test of its own"
        assert named <= DEFINED, f"ruling {number}: {named - DEFINED}"
        assert '"' in text or "has none" in text, f"ruling {number} quotes no sentence of the text"


def test_every_ruling_test_is_documented_under_its_ruling() -> None:
    found = rulings()
    for test in (t for t in DEFINED if t.startswith("test_ruling_")):
        number = re.match(r"test_ruling_(R\d+)_", test)
        assert number and number[1] in found and f"`{test}`" in found[number[1]], test


def test_every_difference_row_and_text_part_names_a_ruling_or_rule() -> None:
    section = DOC.split("## Rulings", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| Point")]
    assert len(rows) >= 6 and all(re.search(r"\| R\d+ \|$", row) for row in rows), rows
    found, numbered = rulings(), rules()
    table = DOC.split("## The rules text, part by part", 1)[1].split("\n## ", 1)[0]
    parts = [line for line in table.splitlines() if line.startswith("| ") and not line.startswith("| Part")]
    headings = ("游戏整体循环", "优先权规则", "拍卖", "股票轮 1", "股票轮 2.1", "股票轮 2.2", "股票轮 3", "股票轮 4",
                *(f"步骤{n}" for n in range(1, 8)), "双运营轮结束全局自动结算", "全局随机事件", "游戏结束触发条件",
                "计分与获胜规则")
    for heading in headings:
        assert any(heading in line for line in parts), heading
    for line in parts:
        cover = line.rstrip(" |").rsplit("|", 1)[1]
        cover = re.sub(r"\(.*?\)", "", cover)
        names = re.findall(r"R\d+|\d+", cover)
        assert names, line
        for name in names:
            assert name in found or name in numbered, (name, line)
