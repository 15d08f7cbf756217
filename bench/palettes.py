"""Each title's fixed board palette (issue 25 §2): boards are mapped onto it instead of a palette chosen per board.

Run with ``python -m bench.palettes`` (how closely the palettes in ``render/palettes.toml`` map fresh boards) or
``python -m bench.palettes --update`` (draw the boards again and write the file). A title's palette is chosen
(Pillow's fast octree, 256 colours) from a third of the pixels across and down of its boards in English and
Chinese, at every seat count, at :data:`SHARES` of two seeded bot games each: every seat colour, phase and
language the boards show. Redo it after a renderer's colours change; ``tests/render/test_palettes.py`` fails
when a title's boards no longer map closely onto its palette.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageChops

from games.core import Rng
from games.registry import game_ids, get_game

from .engine import MAX_MOVES

#: Where in a game the boards the palette is chosen from are drawn: shares of the game's moves played.
SHARES = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)
#: The seeds of the bot games played at each seat count.
SEEDS = ("palette-1", "palette-2")
#: Every ``STRIDE``-th pixel across and down of each board goes into the sample.
STRIDE = 3
LANGS = ("en", "zh")


def boards(game_id: str, seeds: Sequence[str] = SEEDS, shares: Sequence[float] = SHARES,
           langs: Sequence[str] = LANGS, seats: Sequence[int] | None = None) -> list[Image.Image]:
    """The RGB images of ``game_id``'s boards (the spectator's view, before encoding) in seeded bot games at each
    of ``seats`` (default: every seat count), at each of ``shares`` of the game, in each language."""
    from render import renderer_for
    from render.kit import capturing

    game = get_game(game_id)
    renderer = renderer_for(game_id)
    counts = seats or range(game.meta.min_players, game.meta.max_players + 1)
    images: list[Image.Image] = []
    for players in counts:
        for seed in seeds:
            states = _game(game_id, players, seed)
            last = len(states) - 1
            for share in shares:
                view = game.view(states[round(share * last)], None)
                for lang in langs:
                    with capturing() as found:
                        renderer.board(view, lang)
                    image, scale = found[-1]
                    images.append(image.reduce(scale) if scale > 1 else image)
    return images


def _game(game_id: str, players: int, seed: str) -> list[object]:
    game = get_game(game_id)
    state = game.setup(players, {}, seed)
    rng = Rng.from_seed(seed)
    states = [state]
    while (acting := sorted(game.to_act(state))) and len(states) <= MAX_MOVES:
        seat = acting[rng.below(len(acting))]
        state = game.apply(state, seat, game.bot_move(state, seat, rng)).state
        states.append(state)
    return states


def choose(images: Sequence[Image.Image]) -> list[str]:
    """256 colours (``"rrggbb"``) chosen from a sample of ``images``' pixels."""
    samples = [image.resize((image.width // STRIDE, image.height // STRIDE), Image.Resampling.NEAREST)
               for image in images]
    montage = Image.new("RGB", (max(s.width for s in samples), sum(s.height for s in samples)))
    top = 0
    for sample in samples:
        montage.paste(sample, (0, top))
        top += sample.height
    chosen = montage.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    flat = chosen.getpalette() or []
    return [bytes(flat[i:i + 3]).hex() for i in range(0, min(len(flat), 768), 3)]


@dataclass(frozen=True)
class Fit:
    """How closely one board maps onto a palette: the share of pixels off by more than :data:`NEAR` in some
    channel, and the largest difference in a channel."""

    off: float
    worst: int


#: A pixel within this many levels per channel of its colour looks the same on a flat board.
NEAR = 8


def fit(image: Image.Image, palette: Image.Image) -> Fit:
    """Map ``image`` onto ``palette`` as :func:`render.kit.encode_png` does and compare."""
    mapped = image.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
    channels = ImageChops.difference(image, mapped).split()
    worst = 0
    off = Image.new("L", image.size, 0)
    for channel in channels:
        worst = max(worst, max(i for i, n in enumerate(channel.histogram()) if n))
        off = ImageChops.lighter(off, channel.point(lambda v: 255 if v > NEAR else 0))
    histogram = off.histogram()
    return Fit(histogram[255] / (image.width * image.height), worst)


def write(palettes: dict[str, list[str]]) -> str:
    """The text of ``render/palettes.toml`` for ``palettes`` (title id → colours)."""
    lines = ["# Each title's board palette (issue 25 §2): every board of the title is mapped onto these 256 colours",
             "# (render.kit.board_palette). Written by `python -m bench.palettes --update`; do not edit by hand.", ""]
    for game_id, colours in sorted(palettes.items()):
        lines.append(f"[{game_id}]")
        lines.append("colours = [")
        for i in range(0, len(colours), 8):
            lines.append("    " + ", ".join(f'"{c}"' for c in colours[i:i + 8]) + ",")
        lines.append("]")
        lines.append("")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None, echo: Callable[[str], object] = print) -> None:
    """``python -m bench.palettes``: see the module's docstring."""
    from render.kit import board_palette
    from render.kit.png import PALETTES_FILE, palette_table

    parser = argparse.ArgumentParser(prog="python -m bench.palettes", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="only this title (repeatable); default: every title")
    parser.add_argument("--update", action="store_true", help=f"choose the palettes again and write {PALETTES_FILE}")
    args = parser.parse_args(argv)
    chosen = args.game or game_ids(examples=True)
    if args.update:
        palettes = {key: value["colours"] for key, value in palette_table().items()}
        for game_id in chosen:
            images = boards(game_id)
            palettes[game_id] = choose(images)
            echo(f"{game_id}: {len(images)} boards sampled")
        PALETTES_FILE.write_text(write(palettes), encoding="utf-8")
        board_palette.cache_clear()
    for game_id in chosen:
        palette = board_palette(game_id)
        if palette is None:
            echo(f"{game_id}: no palette")
            continue
        fits = [fit(image, palette) for image in boards(game_id, seeds=("palette-check",), shares=(0.3, 0.7, 1.0))]
        echo(f"{game_id}: {len(fits)} fresh boards; pixels off by more than {NEAR} levels: "
             f"{max(f.off for f in fits) * 100:.3f} % at most; largest difference {max(f.worst for f in fits)}")


if __name__ == "__main__":
    main()
