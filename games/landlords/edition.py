"""Which rulings a table plays by (ruling R32): the table option ``edition``.

Edition 2 (engine 2, the default) follows the rules text where the first rulings departed from it:
green lots are sold at the real-estate offices by auction (§3.4, §7.4, R2), there is no individual
win under Prosperity (§11.7, R27), an equal counter-bid does not beat the first bid (R14), signs
change at any time deals may be made (§3.3, R17), a visitor turned away by a sign chooses where to
go (§11.13, R19) and the round limit is off by default (§1.5).

Edition 1 is the rulings of engine 1. A table stores its options when it is created (the service
keeps the resolved dict); one created by engine 1 has exactly the six options of that engine and no
``edition``, so it is read as edition 1 and continues under the rules it started with: by
:func:`stored_edition` when it is dealt or replayed from its options, and by :func:`edition` when a
snapshot's state is loaded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .state import LANDLORD, LandlordsState

CURRENT = 2
FIRST = 1
#: The options every table created by engine 1 stored (and nothing else).
FIRST_EDITION_KEYS = frozenset({"start_cash", "win_assets", "wages", "round_limit", "prosperity",
                                "play_on"})


def stored_edition(options: Mapping[str, Any]) -> int | None:
    """The edition of stored options without one: 1 for an engine-1 table's options (all six of
    its keys and no ``edition``), else ``None`` (the option's default applies)."""
    if "edition" not in options and set(options) >= FIRST_EDITION_KEYS:
        return FIRST
    return None


def edition(state: LandlordsState) -> int:
    """The edition a game plays by; a state saved by engine 1 has none in its options: 1."""
    return int(state.options.get("edition", FIRST))


def text_rules(state: LandlordsState) -> bool:
    """Edition 2 or later: the rulings of this engine."""
    return edition(state) >= CURRENT


def round_limit(state: LandlordsState) -> int:
    """The round limit (§1.5); 0 means none."""
    return int(state.options.get("round_limit", 0))


def individual_win(state: LandlordsState) -> bool:
    """Whether the $2,000 goal ends the game now (§1.2): always in edition 1, and in edition 2
    only under the landlord rules ("繁荣规则中没有垄断", §11.7, R27)."""
    return state.mode == LANDLORD or not text_rules(state)
