"""docs/rules/royal-gorge.md and the tests agree: every numbered rule names tests that exist, each named after
its rule (``test_rule_<n>_…``), and every ``test_rule_*`` test is documented."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[2]
DOC = (ROOT / "docs" / "rules" / "royal-gorge.md").read_text(encoding="utf-8")
TESTS = "\n".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
DEFINED = set(re.findall(r"^def (test_\w+)", TESTS, re.M))


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
        named = set(re.findall(r"`(test_\w+)`", text))
        assert named, f"rule {number} names no test"
        assert named <= DEFINED, f"rule {number}: {named - DEFINED}"
        assert all(name.startswith(f"test_rule_{number}_") for name in named), f"rule {number}: {sorted(named)}"


def test_every_rule_test_is_documented() -> None:
    documented = set(re.findall(r"`(test_\w+)`", DOC))
    assert {t for t in DEFINED if t.startswith("test_rule_")} <= documented


def test_every_test_the_reference_names_exists() -> None:
    """The rulings, the standing orders and the import name tests outside the numbered rules too."""
    elsewhere = (ROOT / "tests" / "bot" / "test_import_18xx.py").read_text(encoding="utf-8")
    defined = DEFINED | set(re.findall(r"^(?:async )?def (test_\w+)", elsewhere, re.M))
    named = set(re.findall(r"`(test_\w+)`", DOC))
    assert named - defined == set()
