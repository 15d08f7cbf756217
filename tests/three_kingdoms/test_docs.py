"""The rules reference and the tests agree: every rule and ruling names tests that exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[2]
DOC = (ROOT / "docs" / "rules" / "three-kingdoms.md").read_text(encoding="utf-8")
TESTS = "\n".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
DEFINED = set(re.findall(r"^def (test_\w+)", TESTS, re.M))


def _entries(marker: str) -> dict[str, str]:
    """Each ``- **§n …**`` / ``- **Rn …**`` bullet of the reference with its text."""
    out: dict[str, str] = {}
    for block in re.split(r"\n(?=- \*\*)", DOC):
        found = re.match(rf"- \*\*({marker})\b", block)
        if found:
            out[found[1]] = block
    return out


def test_every_rule_and_ruling_names_an_existing_test() -> None:
    rules, rulings = _entries(r"§\d+"), _entries(r"R\d+")
    assert sorted(rules, key=lambda x: int(x[1:])) == [f"§{n}" for n in range(1, 17)]
    assert sorted(rulings, key=lambda x: int(x[1:])) == [f"R{n}" for n in range(1, 24)]
    for name, text in {**rules, **rulings}.items():
        named = set(re.findall(r"`(test_\w+)`", text))
        assert named, f"{name} names no test"
        missing = named - DEFINED
        assert not missing, f"{name}: {missing}"


def test_every_scenario_test_is_documented() -> None:
    documented = set(re.findall(r"`(test_\w+)`", DOC))
    scenario = {t for t in DEFINED if t.startswith(("test_rule_", "test_ruling_"))}
    assert scenario <= documented, scenario - documented


def test_each_scenario_test_sits_under_its_own_rule() -> None:
    entries = {**_entries(r"§\d+"), **_entries(r"R\d+")}
    for test in DEFINED:
        found = re.match(r"test_rule_(\d+)_|test_ruling_(R\d+)_", test)
        if found:
            name = f"§{found[1]}" if found[1] else found[2]
            assert f"`{test}`" in entries[name], f"{test} is not named under {name}"
