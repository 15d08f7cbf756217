"""The board data is validated at load time (rules §1.3, ruling R1)."""

from __future__ import annotations

import msgspec
import pytest

from games.landlords import board as board_module
from games.landlords.board import Kind, Space, board, rules


def _spaces() -> list[Space]:
    return list(board().spaces)


def test_board_data_loads_and_validates() -> None:
    b = board()
    assert len(b.offices) == 5 and b.jail == 8 and len(b.names) > 20
    assert rules().exact_wages(6, 6) == 800 and rules().exact_wages(1, 1) == 500


@pytest.mark.parametrize("breakage", ["colour", "count", "railroad", "utility_order", "name"])
def test_broken_board_data_is_refused(breakage: str) -> None:
    spaces = _spaces()
    if breakage == "colour":
        spaces[1] = msgspec.structs.replace(spaces[1], colour="purple")
    elif breakage == "count":
        spaces[1] = msgspec.structs.replace(spaces[1], kind=Kind.OFFICE, colour="yellow",
                                            price=0, rent=0)
    elif breakage == "railroad":
        spaces[10], spaces[11] = (msgspec.structs.replace(spaces[11], index=10),
                                  msgspec.structs.replace(spaces[10], index=11))
    elif breakage == "utility_order":
        spaces[6] = msgspec.structs.replace(spaces[6], buyout_order=9)
    else:
        spaces[3] = msgspec.structs.replace(spaces[3], name={"en": "Lonely Lane"})
    with pytest.raises(ValueError):
        board_module._validate(spaces, rules())
