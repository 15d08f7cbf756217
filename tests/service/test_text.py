"""Shared wording: names are made plain once for every adapter (security review, finding 3)."""

from __future__ import annotations

from service.text import NAME_LIMIT, plain_name


def test_invisible_and_direction_changing_characters_are_dropped() -> None:
    assert plain_name("A\u202eLICE\u200b\u2066") == "ALICE"
    assert plain_name("\u200b\u200d") == "?"


def test_zalgo_keeps_at_most_two_marks_per_letter() -> None:
    shown = plain_name("Z" + "\u0336\u0321\u0322\u031b\u0317" * 3 + "al")
    assert shown == "Z\u0336\u0321al"


def test_long_names_are_cut_and_blanks_collapse() -> None:
    assert len(plain_name("x" * 200)) == NAME_LIMIT and plain_name("x" * 200).endswith("…")
    assert plain_name("  Ann \n  Lee ") == "Ann Lee"
    assert plain_name("王小明") == "王小明"
