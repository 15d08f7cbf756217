"""docs/rules/megarich-gathering.md (and its Chinese page) and the gathering tests agree: every entry names tests that
exist, following the names' convention (rule 2.n: ``test_rule_2_n_…``, ruling Rn: ``test_ruling_gn_…``), every
gathering scenario test is named, the two languages keep the same entries, tests, code, tables and quotations, and
every quotation is the rules text's own words."""

from __future__ import annotations

import re
from pathlib import Path

from bench.shared import shared_dir
from tests.support.rules_docs import (
    entry_ids,
    entry_tests,
    named_tests,
    reference,
)

EN = reference("megarich-gathering")
ZH = reference("megarich-gathering", "zh")
HERE = Path(__file__).parent
TEXT = shared_dir() / "rules" / "megarich.zh.md"


def _gathering_tests() -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_gathering*.py"))
    return set(re.findall(r"^def (test_(?:rule_2|ruling_g)_?\d+_\w+)", text, re.M))


def test_every_entry_names_tests_that_exist_and_every_gathering_test_is_named() -> None:
    defined = _gathering_tests()
    tests = entry_tests(EN)
    assert entry_ids(EN) == [f"2.{n}" for n in range(1, 21)] + [f"R{n}" for n in (*range(1, 15), *range(79, 83))]
    for entry, named in tests.items():
        assert named and named <= defined, (entry, named - defined)
        prefix = f"test_ruling_g{entry[1:]}_" if entry.startswith("R") else f"test_rule_{entry.replace('.', '_')}_"
        assert all(t.startswith(prefix) for t in named), (entry, named)
    assert named_tests(EN) == defined


def test_the_patent_table_is_the_datas() -> None:
    from games.megarich.gathering import ECONOMY

    rows = re.findall(r"^\| (\d) \| (.*?) \| (.*?) \| (\d+) \|$", EN, re.M)
    assert [(int(r[0]), int(r[3])) for r in rows] == [(lv.level, lv.fee) for lv in ECONOMY.levels]
    assert [int(re.sub(r"\D.*", "", r[1]) or 0) for r in rows] == [lv.price for lv in ECONOMY.levels]
    assert [int(r[2]) if r[2].isdigit() else 0 for r in rows] == [lv.upgrade for lv in ECONOMY.levels]
