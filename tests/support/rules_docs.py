"""Reading a title's rules reference (``docs/rules/<title>.md``, its Chinese translation
``docs/rules/zh/<title>.md``) for the tests that keep it and the scenario tests in step: each
``- **§n …**`` / ``- **Rn …**`` bullet names the tests that check it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[2]


#: The languages a reference is translated into, each in its own folder (issue 10 §8).
TRANSLATIONS = ("zh",)


def reference_path(name: str, lang: str = "en") -> Path:
    """``docs/rules/<name>.md`` (English), or its translation ``docs/rules/<lang>/<name>.md``."""
    folder = ROOT / "docs" / "rules"
    return folder / f"{name}.md" if lang == "en" else folder / lang / f"{name}.md"


def reference(name: str, lang: str = "en") -> str:
    """The text of ``docs/rules/<name>.md``, or of its translation into ``lang``."""
    return reference_path(name, lang).read_text(encoding="utf-8")


#: A numbered entry's id at the start of a bullet: ``§1.2``, ``§3``, ``R7``, ``4.1``, ``12``.
ENTRY_ID = re.compile(r"^\s*- \*\*(§[\d.]*\d|R\d+|\d+(?:\.\d+)*)(?!\d)", re.M)


def headings(doc: str) -> list[tuple[int, str]]:
    """Each heading's level, with its rule number if it has one (``### §3 Lots`` → ``(3, "§3")``):
    a translation keeps the levels and numbers and translates the words."""
    out = []
    for found in re.finditer(r"^(#+) (.*)$", doc, re.M):
        number = re.match(r"(§[\d.]*\d|R\d+|\d+(?:\.\d+)*)\b", found[2])
        out.append((len(found[1]), number[1] if number else ""))
    return out


def entry_ids(doc: str) -> list[str]:
    """The numbered entries (rules, rulings) in the order the page gives them."""
    return ENTRY_ID.findall(doc)


def entry_tests(doc: str) -> dict[str, set[str]]:
    """Each numbered entry's id with the tests it names (an entry runs to the next bullet or heading)."""
    out: dict[str, set[str]] = {}
    for block in re.split(r"\n(?=\s*- \*\*|#)", doc):
        found = ENTRY_ID.match(block)
        if found:
            out.setdefault(found[1], set()).update(named_tests(block))
    return out


def code_spans(doc: str) -> set[str]:
    """Everything written in backticks (a span may wrap onto the next line): test names, notation,
    options, paths, identifiers."""
    return {" ".join(span.split()) for span in doc.split("`")[1::2]}


def chinese_quotations(doc: str) -> set[str]:
    """The quotations in Chinese (``"…"`` or ``“…”``), spaces and line breaks removed: the words of
    the Chinese rules texts, which a translation quotes as they are."""
    found = re.findall(r'"([^"a-zA-Z]*[\u4e00-\u9fff][^"a-zA-Z]*)"', doc)
    return {re.sub(r"\s+", "", q) for q in found}


def table_rows(doc: str) -> int:
    """How many table rows the page has (a translation keeps every row)."""
    return len(re.findall(r"^\s*\|", doc, re.M))


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
