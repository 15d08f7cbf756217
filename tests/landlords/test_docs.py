"""The rules reference and the tests agree: every rule and ruling names tests that exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[2]
DOC = (ROOT / "docs" / "rules" / "landlords.md").read_text(encoding="utf-8")
TESTS = "\n".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
DEFINED = set(re.findall(r"^def (test_\w+)", TESTS, re.M))


def _entries(marker: str) -> dict[str, str]:
    """Each ``- **§x.y**`` / ``- **Rn …**`` bullet of the reference with its text."""
    out: dict[str, str] = {}
    for block in re.split(r"\n(?=- \*\*)", DOC):
        found = re.match(rf"- \*\*({marker})", block)
        if found:
            out[found[1]] = block
    return out


def test_every_rule_and_ruling_names_an_existing_test() -> None:
    rules, rulings = _entries(r"§\d+\.\d+"), _entries(r"R\d+")
    assert len(rules) == 45 and len(rulings) == 31
    for name, text in {**rules, **rulings}.items():
        named = set(re.findall(r"`(test_\w+)`", text))
        assert named, f"{name} names no test"
        missing = named - DEFINED
        assert not missing, f"{name}: {missing}"


def test_every_scenario_test_is_documented() -> None:
    documented = set(re.findall(r"`(test_\w+)`", DOC))
    scenario = {t for t in DEFINED if t.startswith(("test_rule_", "test_ruling_"))}
    assert scenario <= documented, scenario - documented
