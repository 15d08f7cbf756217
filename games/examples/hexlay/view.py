"""What a seat (or a spectator) sees of Tile Lay: everything, and the same for everyone, since nothing is hidden
(the contract suite checks that every seat's view equals a spectator's but for ``viewer``). :func:`summary` puts a
view in a few lines of text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from .board import board
from .state import HexlayState

if TYPE_CHECKING:
    from .game import HexlayGame


class PlacedView(msgspec.Struct, frozen=True):
    """A laid tile: where, which, how turned, by whom."""

    hex: str
    tile: str
    rotation: int
    owner: int


class PlayerView(msgspec.Struct, frozen=True):
    """One seat's score (rules 9-10) and tiles laid."""

    seat: int
    score: int
    links: int
    extension: int
    tiles: int


class LastView(msgspec.Struct, frozen=True):
    """The latest move: a lay (``hex`` set) or a pass."""

    seat: int
    hex: str
    tile: str
    rotation: int
    points: int


class HexlayView(msgspec.Struct, frozen=True):
    """The public table; ``lays`` is how many lays the seat to act has now (``None`` once the game is over)."""

    viewer: int | None
    round: int
    round_limit: int
    current: int
    to_act: list[int]
    cities: list[str]
    laid: list[PlacedView]
    supply: dict[str, int]
    players: list[PlayerView]
    passes: int
    last: LastView | None = None
    ended: str | None = None
    lays: int | None = None
    #: Beside a menu at ``lay <hex>``: the tiles offered on that hex, hex → [(tile id, its legal rotations)]
    #: (``Game.focus_view`` puts them here, so the renderer's detail runs no rules).
    fits: dict[str, list[tuple[str, list[int]]]] = {}


def view(state: HexlayState, viewer: int | None, to_act: list[int], lays: int | None) -> HexlayView:
    """The view of ``viewer`` (``None``: a spectator); ``lays`` is the acting seat's count of lays."""
    order = board().index
    laid = [PlacedView(h, p.tile, p.rotation, p.owner)
            for h, p in sorted(state.laid.items(), key=lambda item: order[item[0]])]
    players = [PlayerView(seat, s.total, s.links, s.extension, s.tiles) for seat, s in enumerate(state.scores)]
    last = None
    if state.last is not None:
        last = LastView(state.last.seat, state.last.hex, state.last.tile, state.last.rotation, state.last.points)
    return HexlayView(viewer, state.round, state.options.get("round_limit", 0), state.current, to_act,
                      list(state.cities), laid, dict(state.supply), players, state.passes, last,
                      state.end or None, lays)


def summary(game: HexlayGame, v: HexlayView, lang: str) -> list[str]:
    """A view as a few lines: the turn, the scores, the cities, the latest move and the supply."""
    b = board()

    def say(key: str, **params: Any) -> str:
        return game.text(f"summary.{key}", params, lang)

    lines = []
    if v.ended:
        lines.append(say("ended", reason=v.ended))
    else:
        limit = say("of_rounds", limit=v.round_limit) if v.round_limit else ""
        lines.append(say("turn", round=v.round, limit=limit, seat=v.current))
    for p in sorted(v.players, key=lambda p: -p.score):
        you = say("you") if p.seat == v.viewer else ""
        lines.append(say("player", seat=p.seat, score=p.score, links=p.links, extension=p.extension,
                         tiles=p.tiles, you=you))
    lines.append(say("cities", cities=", ".join(f"{b.site_by_hex[c].name(lang)} ({c})" for c in v.cities)))
    if v.last is not None:
        if v.last.hex:
            lines.append(say("last_lay", seat=v.last.seat, tile=v.last.tile, hex=v.last.hex,
                             rotation=v.last.rotation, points=v.last.points))
        else:
            lines.append(say("last_pass", seat=v.last.seat))
    left = sum(v.supply.values())
    empty = len(b.hexes) - len(v.cities) - len(v.laid)
    lines.append(say("supply", left=left, kinds=sum(1 for n in v.supply.values() if n), empty=empty))
    if v.lays is not None and v.viewer is not None and v.viewer in v.to_act:
        lines.append(say("your_lays", count=v.lays))
    return lines
