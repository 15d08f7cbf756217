"""Reading the data files: :func:`load` decodes them, :func:`content` also checks them (:func:`check`) and
keeps them for the process.
"""

from __future__ import annotations

import functools
import tomllib

import msgspec

from .check import check
from .schema import (
    DATA,
    Area,
    Content,
    CorpDraw,
    DebtMarker,
    Export,
    MapHex,
    Market,
    Metal,
    Phase,
    Private,
    PrivateDraw,
    Railroad,
    RailroadRules,
    Rules,
    Steel,
    T,
    Tile,
    Train,
    _Data,
)


# ---- the files ---------------------------------------------------------------------------------------------
class _MapFile(_Data, frozen=True, kw_only=True):
    area: tuple[Area, ...]
    hex: tuple[MapHex, ...]


class _TilesFile(_Data, frozen=True, kw_only=True):
    tile: tuple[Tile, ...]


class _CompaniesFile(_Data, frozen=True, kw_only=True):
    draw: CorpDraw
    railroad_rules: RailroadRules
    railroad: tuple[Railroad, ...]
    metal: tuple[Metal, ...]
    debt: DebtMarker


class _PrivatesFile(_Data, frozen=True, kw_only=True):
    draw: PrivateDraw
    private: tuple[Private, ...]


class _TrainsFile(_Data, frozen=True, kw_only=True):
    train: tuple[Train, ...]
    export: Export


class _PhasesFile(_Data, frozen=True, kw_only=True):
    phase: tuple[Phase, ...]


def _read(name: str, kind: type[T]) -> T:
    raw = tomllib.loads((DATA / name).read_text(encoding="utf-8"))
    try:
        return msgspec.convert(raw, kind, str_keys=True)
    except msgspec.ValidationError as err:
        raise ValueError(f"royal-gorge data {name}: {err}") from None


def load() -> Content:
    """Read and decode the data files, without :func:`check` (tests use it to see the problems)."""
    board = _read("map.toml", _MapFile)
    tiles = _read("tiles.toml", _TilesFile)
    companies = _read("companies.toml", _CompaniesFile)
    privates = _read("privates.toml", _PrivatesFile)
    trains = _read("trains.toml", _TrainsFile)
    phases = _read("phases.toml", _PhasesFile)
    return Content(
        areas={a.id: a for a in board.area},
        hex_list=board.hex,
        hexes={h.id: h for h in board.hex},
        tile_list=tiles.tile,
        tiles={t.id: t for t in tiles.tile},
        draw=companies.draw,
        railroad_rules=companies.railroad_rules,
        railroad_list=companies.railroad,
        railroads={r.id: r for r in companies.railroad},
        metals={m.id: m for m in companies.metal},
        debt=companies.debt,
        private_draw=privates.draw,
        private_list=privates.private,
        privates={p.id: p for p in privates.private},
        train_list=trains.train,
        trains={t.id: t for t in trains.train},
        export=trains.export,
        phase_list=phases.phase,
        phases={p.id: p for p in phases.phase},
        market=_read("market.toml", Market),
        steel=_read("steel.toml", Steel),
        rules=_read("rules.toml", Rules),
    )


@functools.cache
def content() -> Content:
    """The data files, validated (:func:`check`), loaded once per process."""
    out = load()
    problems = check(out)
    if problems:
        raise ValueError("royal-gorge data: " + "; ".join(problems))
    return out
