"""Reading a title's rules reference (``docs/rules/<title>.md``) for the tests that keep it and the
scenario tests in step: each ``- **§n …**`` / ``- **Rn …**`` bullet names the tests that check it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[2]


def reference(name: str) -> str:
    """The text of ``docs/rules/<name>.md``."""
    return (ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8")


def defined_tests(folder: Path) -> set[str]:
    """The test functions defined at module level in ``folder``'s ``test_*.py`` files."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in folder.glob("test_*.py"))
    return set(re.findall(r"^def (test_\w+)", text, re.M))


def entries(doc: str, marker: str) -> dict[str, str]:
    """Each bullet of ``doc`` starting ``- **<marker>`` (a regex such as ``§\\d+`` or ``R\\d+``),
    keyed by what the marker matched, with the bullet's text."""
    out: dict[str, str] = {}
    for block in re.split(r"\n(?=- \*\*)", doc):
        found = re.match(rf"- \*\*({marker})\b", block)
        if found:
            out[found[1]] = block
    return out


def named_tests(text: str) -> set[str]:
    """The test names a piece of the reference names in backticks."""
    return set(re.findall(r"`(test_\w+)`", text))


def unnamed_or_missing(found: dict[str, str], defined: set[str]) -> dict[str, set[str]]:
    """The entries that name no test (an empty set) or name tests that do not exist (those names)."""
    out: dict[str, set[str]] = {}
    for name, text in found.items():
        named = named_tests(text)
        if not named or named - defined:
            out[name] = named - defined
    return out


def undocumented(doc: str, defined: set[str]) -> set[str]:
    """Scenario tests (``test_rule_…``, ``test_ruling_…``) the reference never names."""
    return {t for t in defined if t.startswith(("test_rule_", "test_ruling_"))} - named_tests(doc)
