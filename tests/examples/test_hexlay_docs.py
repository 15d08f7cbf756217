"""docs/rules/hexlay.md and the tests agree: every numbered rule names tests that exist, every rule test is
documented, and the tile table matches the data."""

from __future__ import annotations

import re
from pathlib import Path

from games.examples.hexlay.board import board

ROOT = Path(__file__).parents[2]
DOC = (ROOT / "docs" / "rules" / "hexlay.md").read_text(encoding="utf-8")
TESTS = "\n".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_hexlay_*.py"))
DEFINED = set(re.findall(r"^def (test_\w+)", TESTS, re.M))


def rules() -> dict[str, str]:
    """Each ``- **n. …**`` bullet of the reference with its text."""
    out: dict[str, str] = {}
    for block in re.split(r"\n(?=- \*\*)", DOC):
        found = re.match(r"- \*\*(\d+)\.", block)
        if found:
            out[found[1]] = block.split("\n\n")[0]
    return out


def test_every_rule_names_an_existing_test_named_after_it() -> None:
    found = rules()
    assert list(found) == [str(n) for n in range(1, 14)]
    for number, text in found.items():
        named = set(re.findall(r"`(test_\w+)`", text))
        assert named, f"rule {number} names no test"
        assert named <= DEFINED, f"rule {number}: {named - DEFINED}"
        assert all(name.startswith(f"test_rule_{number}_") for name in named)


def test_every_rule_test_and_every_named_test_is_documented() -> None:
    documented = set(re.findall(r"`(test_\w+)`", DOC))
    assert {t for t in DEFINED if t.startswith("test_rule_")} <= documented
    assert documented <= DEFINED


def test_the_tile_table_matches_the_data() -> None:
    rows = re.findall(r"^\| `(\w+)` \| ([^|]+) \| ([^|]+) \| [^|]+ \| (\d) \| (\d) \|$", DOC, re.M)
    assert [(r[0], r[1].strip(), r[2].strip(), int(r[3]), int(r[4])) for r in rows] == \
        [(t.id, t.names["en"], t.names["zh"], t.period, t.count) for t in board().tiles]
