"""Tile Lay (铺轨): the engine object the registry exposes. Rules: docs/rules/hexlay.md.

A big title on purpose: the opening offers over 10,000 lays (rule 4), so nothing here lists them except
``_legal_moves`` (kept for the contract suite and perft-style tests). Reading a move is grammar only
(:func:`~games.examples.hexlay.moves.read`), ``_apply`` checks a lay against the hex's six sides, and menus,
counts and random moves go hex by hex through the cached fit table of :mod:`games.examples.hexlay.board`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from games.core import (
    CORE_CATALOG,
    Catalog,
    Event,
    Game,
    GameMeta,
    IllegalMove,
    MalformedMove,
    Move,
    NotYourTurn,
    Option,
    OptionSpec,
    Outcome,
    Rng,
    Standing,
    complete_by_tokens,
    rank_by_keys,
)
from games.core.menu import MENU_LIMIT

from . import bot
from .board import (
    OFF_MAP,
    board,
    constraints,
    count_at,
    lays_at,
    mask_of,
    open_hexes,
    opposite,
    try_hex_id,
)
from .moves import LAY_WORDS, Lay, Pass, read
from .network import Network
from .state import (
    END_MAP,
    END_PASSES,
    END_ROUNDS,
    END_SUPPLY,
    HexlayState,
    LastLay,
    Placed,
    Score,
)
from .view import HexlayView, summary, view

META = GameMeta(
    id="hexlay",
    names={"en": "Tile Lay", "zh": "铺轨"},
    min_players=2,
    max_players=4,
    rules_reference="docs/rules/hexlay.md",
    rules_references={"zh": "docs/rules/zh/hexlay.md"},
    renderer="render.hexlay:RENDERER",
    engine_version="1",
    hidden_information=False,  # open information: every seat sees the whole game
    aliases=("tile-lay", "tilelay", "铺轨"),
    options=(
        # rule 2: at most 6 cities, so that the opening keeps over 10,000 lays whichever sites are drawn
        OptionSpec("cities", "int", 6, {"en": "Cities in play", "zh": "参与的城市数"}, minimum=2, maximum=6),
        # rule 12: 0 means no round limit
        OptionSpec("round_limit", "int", 0, {"en": "Round limit (0: none)", "zh": "回合上限（0：不限）"},
                   minimum=0, maximum=200),
    ),
)

class HexlayGame(Game[HexlayState, Move]):
    """Tile Lay: lay track tiles on a hex map, link cities, extend your own track."""

    meta = META
    state_type = HexlayState
    catalog = Catalog.load(Path(__file__).with_name("messages.toml"), parent=CORE_CATALOG)

    # ---- setup (rules 1-3) -------------------------------------------------------------------------------
    def _setup(self, players: int, options: dict[str, Any], rng: Rng) -> HexlayState:
        b = board()
        sites = [s.hex for s in b.sites]
        rng.shuffle(sites)                                   # rule 2: the seeded draw of the cities
        cities = sorted(sites[:options["cities"]], key=b.index.__getitem__)
        return HexlayState(players=players, rng=rng, options=options, cities=cities,
                           supply={t.id: t.count for t in b.tiles}, scores=[Score() for _ in range(players)])

    # ---- who acts ----------------------------------------------------------------------------------------
    def to_act(self, state: HexlayState) -> frozenset[int]:
        """The seat whose turn it is (rule 11), nobody once the game is over."""
        return frozenset() if state.end else frozenset({state.current})

    def stage(self, state: HexlayState) -> str:
        """Every turn is its own stage: the board is reposted after each lay or pass."""
        return "over" if state.end else f"{state.round}:{state.current}"

    # ---- moves: the full list, for tests only ------------------------------------------------------------
    def _legal_moves(self, state: HexlayState, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        b = board()
        cities = frozenset(state.cities)
        moves: list[Move] = [Pass()]
        for i in open_hexes(state.laid, cities):
            for tile, rotations in lays_at(i, state.laid, cities, state.supply):
                moves.extend(Lay(b.hexes[i], tile.id, k) for k in rotations)
        return moves

    def read_move(self, state: HexlayState, seat: int, text: str, raw: str) -> Move | None:
        """The grammar of :func:`~games.examples.hexlay.moves.read`; text it cannot read is refused here,
        never looked up in a list of legal moves."""
        move = read(text)
        if move is None:
            raise MalformedMove("error.unknown_move", text=raw[:80], hint=self.hint(state, seat))
        return move

    # ---- applying ----------------------------------------------------------------------------------------
    def _apply(self, state: HexlayState, seat: int, move: Move, events: list[Event]) -> None:
        if state.end or seat != state.current:
            raise NotYourTurn(waiting=sorted(self.to_act(state)))
        if isinstance(move, Pass):                           # rule 11
            state.passes += 1
            state.last = LastLay(seat)
            events.append(Event("passed", {"seat": seat}))
        elif isinstance(move, Lay):
            self._lay(state, seat, move, events)
        else:
            raise IllegalMove("error.not_a_move", move=str(move))
        self._advance(state, events)

    def _lay(self, state: HexlayState, seat: int, move: Lay, events: list[Event]) -> None:
        """Check the lay against rules 3-6 on the hex's six sides, then score it (rules 9-10)."""
        b = board()
        where = b.index.get(move.hex)
        if where is None:
            raise IllegalMove("error.no_hex", hex=move.hex)
        if move.hex in state.cities:
            raise IllegalMove("error.city_hex", hex=move.hex, city=move.hex)
        if move.hex in state.laid:
            raise IllegalMove("error.occupied", hex=move.hex)
        tile = b.tile_by_id.get(move.tile)
        if tile is None:
            raise MalformedMove("error.unknown_tile", tile=move.tile)
        if state.supply.get(tile.id, 0) <= 0:                # rule 3
            raise IllegalMove("error.sold_out", tile=tile.id)
        if not 0 <= move.rotation < tile.period:             # rule 4
            raise IllegalMove("error.rotation", tile=tile.id, last=tile.period - 1)
        mask = tile.masks[move.rotation]
        for side, n in enumerate(b.neighbours[where]):
            has_track = bool(mask >> side & 1)
            if n == OFF_MAP:
                if has_track:                                # rule 5
                    raise IllegalMove("error.off_map", hex=move.hex, side=side)
                continue
            other = state.laid.get(b.hexes[n])
            if other is not None and has_track != bool(mask_of(other) >> opposite(side) & 1):  # rule 6
                raise IllegalMove("error.mismatch", hex=move.hex, side=side, other=b.hexes[n])
        gain = Network(state.laid, state.cities).gain(where, tile, move.rotation, seat)
        state.laid[move.hex] = Placed(tile.id, move.rotation, seat)
        state.supply[tile.id] -= 1
        score = state.scores[seat]
        score.links += gain.links
        score.extension += gain.extension
        score.tiles += 1
        state.passes = 0
        state.last = LastLay(seat, move.hex, tile.id, move.rotation, gain.points)
        events.append(Event("laid", {"seat": seat, "tile": tile.id, "hex": move.hex, "rotation": move.rotation}))
        if gain.links:
            events.append(Event("linked", {"seat": seat, "points": gain.links, "pairs": gain.pairs}))
        if gain.extension:
            events.append(Event("extended", {"seat": seat, "points": gain.extension}))

    def _advance(self, state: HexlayState, events: list[Event]) -> None:
        """Next seat (rule 11), a new round after the last seat, then the end of the game (rule 12)."""
        state.turn += 1
        state.current = (state.current + 1) % state.players
        if state.current == 0:
            state.round += 1
        limit = state.options.get("round_limit", 0)
        if not any(state.supply.values()):
            state.end = END_SUPPLY
        elif len(state.laid) + len(state.cities) == len(board().hexes):
            state.end = END_MAP
        elif state.passes >= state.players:
            state.end = END_PASSES
        elif limit and state.round > limit:
            state.end = END_ROUNDS
        if state.end:
            events.append(Event("ended", {"reason": state.end}))

    # ---- menus instead of lists --------------------------------------------------------------------------
    def count_moves(self, state: HexlayState, seat: int, limit: int | None = None) -> int:
        """Pass plus every lay, hex by hex from the fit table; stops at ``limit``."""
        if seat not in self.to_act(state):
            return 0
        cities = frozenset(state.cities)
        total = 1                                            # rule 11: pass is always there
        for i in open_hexes(state.laid, cities):
            if limit is not None and total >= limit:
                return limit
            total += count_at(i, state.laid, cities, state.supply)
        return total if limit is None else min(total, limit)

    def has_moves(self, state: HexlayState, seat: int) -> bool:
        """The seat to act always may pass (rule 11)."""
        return seat in self.to_act(state)

    def random_move(self, state: HexlayState, seat: int, rng: Rng) -> Move:
        """A hex with a lay (or, as one more choice, pass), then a tile that fits there, then one of its legal
        rotations: three draws from the Rng, never the full list."""
        b = board()
        cities = frozenset(state.cities)
        hexes = [i for i in open_hexes(state.laid, cities) if count_at(i, state.laid, cities, state.supply)]
        pick = rng.below(len(hexes) + 1)
        if pick == len(hexes):
            return Pass()
        tiles = lays_at(hexes[pick], state.laid, cities, state.supply)
        tile, rotations = tiles[rng.below(len(tiles))]
        return Lay(b.hexes[hexes[pick]], tile.id, rotations[rng.below(len(rotations))])

    def bot_move(self, state: HexlayState, seat: int, rng: Rng) -> Move:
        return bot.choose(state, seat, rng)

    def timeout_move(self, state: HexlayState, seat: int, rng: Rng) -> Move:
        """A missed deadline passes (rule 11)."""
        return Pass()

    def choices(self, state: HexlayState, seat: int, path: Sequence[str], lang: str,
                names: Sequence[str] | None = None) -> list[Option]:
        """``lay`` → empty hexes with a lay → tiles that fit there → their rotations; or ``pass``.

        Each level is answered directly: the hexes from the fit table, the tiles of one hex, the rotations of
        one tile (labelled with the points they score)."""
        if seat not in self.to_act(state):
            return []
        b = board()
        cities = frozenset(state.cities)
        words = [p.lower() for p in path]
        if not words:
            lays = self.count_moves(state, seat) - 1
            out = [Option("lay", self.text("menu.lay", {"count": lays}, lang), False, lays)] if lays else []
            return [*out, Option("pass", self.move_label(state, seat, Pass(), lang))]
        if words[0] not in LAY_WORDS:
            return []
        if len(words) == 1:
            out = []
            for i in open_hexes(state.laid, cities):
                count = count_at(i, state.laid, cities, state.supply)
                if count:
                    out.append(Option(b.hexes[i].lower(), self.text("menu.hex", {"hex": b.hexes[i], "count": count},
                                                                     lang), False, count))
            return out
        where = try_hex_id(words[1])
        if where is None or where not in b.index or where in cities or where in state.laid:
            return []
        i = b.index[where]
        found = lays_at(i, state.laid, cities, state.supply)
        if len(words) == 2:
            return [Option(t.id, self.text("menu.tile", {"tile": t.id, "left": state.supply[t.id]}, lang), False,
                           len(rots)) for t, rots in found]
        tile = b.tile(words[2])
        if len(words) > 3 or tile is None:
            return []
        rotations = next((rots for t, rots in found if t is tile), ())
        net = Network(state.laid, cities)
        out = []
        for k in rotations:
            move = Lay(where, tile.id, k)
            points = net.gain(i, tile, k, seat).points
            label = self.move_label(state, seat, move, lang)
            if points:
                label += self.text("menu.points", {"points": points}, lang)
            out.append(Option(f"r{k}", label))
        return out

    def complete(self, state: HexlayState, seat: int, text: str, lang: str, limit: int = MENU_LIMIT,
                 names: Sequence[str] | None = None) -> list[Option]:
        """Token by token over :meth:`choices` (at most ``limit``)."""
        return complete_by_tokens(lambda path: self.choices(state, seat, path, lang), text, limit)

    def prompt(self, state: HexlayState, seat: int, lang: str,
               names: Sequence[str] | None = None) -> str | None:
        """Rule 4: lay a tile or pass."""
        return self.text("prompt.lay", None, lang) if seat in self.to_act(state) else None

    def hint(self, state: HexlayState, seat: int, limit: int = 8) -> str:
        """A few lays on the first hex that has any, the count of the rest, and ``pass``."""
        if seat not in self.to_act(state):
            return ""
        b = board()
        cities = frozenset(state.cities)
        shown: list[str] = []
        for i in open_hexes(state.laid, cities):
            for tile, rotations in lays_at(i, state.laid, cities, state.supply):
                shown.extend(str(Lay(b.hexes[i], tile.id, k)) for k in rotations[:2])
                if len(shown) >= min(limit, 3):
                    break
            if shown:
                break
        shown = shown[:min(limit, 3)]
        total = self.count_moves(state, seat) - 1
        more = f" (+{total - len(shown):,})" if total > len(shown) else ""
        return ", ".join([*shown, "pass"]) if not more else ", ".join(shown) + more + ", pass"

    # ---- views and results -------------------------------------------------------------------------------
    def view(self, state: HexlayState, seat: int | None) -> HexlayView:
        """Everything (nothing is hidden), with the acting seat's count of lays."""
        acting = sorted(self.to_act(state))
        lays = self.count_moves(state, acting[0]) - 1 if acting else None
        return view(state, seat, acting, lays)

    def focus_view(self, state: HexlayState, seat: int, path: Sequence[str], view_: Any) -> Any:
        """Beside a menu at ``lay <hex>`` (or deeper): the view with the tiles and rotations that fit that empty hex
        (``HexlayView.fits``), which the renderer's detail draws; nothing added elsewhere."""
        if len(path) < 2 or path[0].lower() not in LAY_WORDS or not isinstance(view_, HexlayView):
            return view_
        b = board()
        where = try_hex_id(path[1])
        cities = frozenset(state.cities)
        if where is None or where not in b.index or where in state.laid or where in cities:
            return view_
        found = lays_at(b.index[where], state.laid, cities, state.supply)
        return msgspec.structs.replace(view_, fits={where: [(tile.id, list(rots)) for tile, rots in found]})

    def outcome(self, state: HexlayState) -> Outcome | None:
        """Most points wins; a tie goes to more points for links (rule 13)."""
        if not state.end:
            return None
        return self._ranking(state, f"outcome.{state.end}")

    def force_end(self, state: HexlayState) -> Outcome:
        """An admin's end ranks the points scored so far, as rule 13 would."""
        return self._ranking(state, "outcome.force_ended")

    def _ranking(self, state: HexlayState, reason: str) -> Outcome:
        keys = {seat: (s.total, s.links) for seat, s in enumerate(state.scores)}
        ranks = rank_by_keys(keys)
        standings = tuple(
            Standing(seat, ranks[seat], state.scores[seat].total,
                     {"links": state.scores[seat].links, "extension": state.scores[seat].extension,
                      "tiles": state.scores[seat].tiles}, (state.scores[seat].links,))
            for seat in sorted(keys, key=lambda s: (ranks[s], s)))
        reasons: list[tuple[str, dict[str, Any]]] = [(reason, {"round": state.round})]
        seats = sorted(keys)
        for n, a in enumerate(seats):
            for other in seats[n + 1:]:
                if keys[a][0] == keys[other][0]:
                    key = "outcome.tied" if keys[a] == keys[other] else "outcome.tiebreak_links"
                    reasons.append((key, {"seat": a, "player": other, "points": keys[a][0]}))
        return Outcome(standings, tuple(reasons))

    def invariants(self, state: HexlayState) -> list[str]:
        """Every tile is in the supply or on the map; laid tiles sit on empty map hexes at a legal rotation,
        keep track on the map (rule 5) and match every laid neighbour (rule 6); scores add up."""
        b = board()
        problems = []
        for t in b.tiles:
            on_map = sum(1 for p in state.laid.values() if p.tile == t.id)
            if state.supply.get(t.id, 0) + on_map != t.count or state.supply.get(t.id, 0) < 0:
                problems.append(f"tile {t.id} not conserved")
        for h, placed in state.laid.items():
            if h not in b.index or h in state.cities:
                problems.append(f"{h}: a tile off the map or on a city")
                continue
            if not 0 <= placed.rotation < b.tile_by_id[placed.tile].period:
                problems.append(f"{h}: rotation r{placed.rotation} is not a distinct rotation")
                continue
            required, forbidden = constraints(b.index[h], state.laid, frozenset(state.cities))
            mask = mask_of(placed)
            if mask & forbidden or mask & required != required:
                problems.append(f"{h}: {placed.tile} r{placed.rotation} does not fit its neighbours")
        if sum(s.tiles for s in state.scores) != len(state.laid):
            problems.append("tiles laid do not add up")
        return problems

    def corruptions(self, state: HexlayState) -> list[tuple[str, HexlayState]]:
        """A tile from nowhere in the supply; a score that counts a tile never laid."""
        extra, scored = self.copy(state), self.copy(state)
        tile = next(iter(board().tiles)).id
        extra.supply[tile] = extra.supply.get(tile, 0) + 1
        scored.scores[0].tiles += 1
        return [("a tile from nowhere", extra), ("a tile scored but not laid", scored)]

    def irreversible(self, events: list[Event]) -> bool:
        """Nothing is hidden and nothing is drawn after setup: only the move that ends the game needs the
        others' consent to undo."""
        return any(e.kind == "ended" for e in events)

    def summarize(self, view: Any, lang: str, names: Sequence[str] | None = None) -> list[str]:
        return summary(self, view, lang)

    # ---- text --------------------------------------------------------------------------------------------
    def param_text(self, name: str, value: Any, lang: str) -> str | None:
        b = board()
        if name == "tile" and isinstance(value, str):
            tile = b.tile_by_id.get(value)
            return f"{tile.name(lang)} ({tile.id})" if tile is not None else value
        if name == "rotation" and isinstance(value, int):
            return f"r{value}"
        if name == "side" and isinstance(value, int):
            return self.text(f"side.{value}", {}, lang)
        if name == "city" and isinstance(value, str) and value in b.site_by_hex:
            return b.site_by_hex[value].name(lang)
        if name == "reason" and isinstance(value, str):
            return self.text(f"reason.{value}", {}, lang)
        if name == "count" and isinstance(value, int):
            return f"{value:,}"
        return super().param_text(name, value, lang)

    def move_label(self, state: HexlayState, seat: int, move: Move, lang: str,
                   names: Sequence[str] | None = None) -> str:
        """``Sharp curve (s3) on C4, r2`` / ``在 C4 铺急弯（s3），r2``; ``Pass`` / ``跳过``."""
        if isinstance(move, Lay):
            return self.text("move.lay", {"tile": move.tile, "hex": move.hex, "rotation": move.rotation}, lang)
        return self.text("move.pass", {}, lang)

