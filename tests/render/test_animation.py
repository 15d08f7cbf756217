"""Animations decode back to their frames and durations, and always fit the size limit they are given."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageDraw

from render.animation import encode_animation


def board_frames(count: int, size: tuple[int, int] = (320, 200)) -> list[Image.Image]:
    """Flat-colour frames with a token moving across, each different from the one before."""
    frames = []
    for i in range(count):
        image = Image.new("RGB", size, (24, 27, 35))
        draw = ImageDraw.Draw(image)
        draw.rectangle((10, 10, size[0] - 10, size[1] - 10), outline=(64, 70, 88), width=3)
        draw.ellipse((20 + i * 25, 80, 60 + i * 25, 120), fill=(255, 184, 48))
        frames.append(image)
    return frames


def noise_frames(count: int, size: tuple[int, int]) -> list[Image.Image]:
    rng = random.Random(7)
    return [Image.frombytes("RGB", size, rng.randbytes(size[0] * size[1] * 3)) for _ in range(count)]


def test_apng_decodes_to_every_frame_with_its_duration() -> None:
    data, ext = encode_animation(board_frames(8), [100, 200, 100, 200, 100, 200, 100, 500])
    assert ext == "png"
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.n_frames == 8 and image.size == (320, 200)
    durations = []
    for i in range(image.n_frames):
        image.seek(i)
        durations.append(image.info["duration"])
    assert durations == [100, 200, 100, 200, 100, 200, 100, 500]


def test_gif_when_asked() -> None:
    data, ext = encode_animation(board_frames(5), 120, formats=("gif",))
    assert ext == "gif"
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF" and image.n_frames == 5


def test_output_stays_under_max_bytes_by_shrinking_and_dropping_frames() -> None:
    frames = noise_frames(6, (560, 300))
    limit = 120_000
    data, ext = encode_animation(frames, 100, max_bytes=limit)
    assert len(data) <= limit
    image = Image.open(io.BytesIO(data))
    assert image.format == ("PNG" if ext == "png" else "GIF")
    assert 2 <= image.n_frames < 6
    assert image.width < 560
    total = 0
    for i in range(image.n_frames):
        image.seek(i)
        total += image.info["duration"]
    assert total == 600                              # dropped frames hand their time to the ones kept


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one frame"):
        encode_animation([], 100)
    with pytest.raises(ValueError, match="durations"):
        encode_animation(board_frames(2), [100])
    with pytest.raises(ValueError, match="same size"):
        encode_animation([*board_frames(1), *board_frames(1, (100, 100))], 100)
    with pytest.raises(ValueError, match="formats"):
        encode_animation(board_frames(2), 100, formats=("webp",))
    with pytest.raises(ValueError, match="cannot fit"):
        encode_animation(noise_frames(2, (64, 64)), 100, max_bytes=50)


def test_the_renderer_protocol_has_a_place_for_an_animation() -> None:
    """A renderer may animate what a move did; one without the method animates nothing."""
    from render import GenericRenderer, move_animation

    class Battle:
        def animation(self, view: object, events: list[object], lang: str,
                      names: object = None) -> tuple[bytes, str] | None:
            if not events:
                return None
            frames = [Image.new("RGB", (64, 32), (40 * n, 0, 0)) for n in range(len(events))]
            return encode_animation(frames, 100)

    made = move_animation(Battle(), None, ["hit", "miss", "hit"], "en")
    assert made is not None and made[1] in {"png", "gif"}
    with Image.open(io.BytesIO(made[0])) as image:
        assert getattr(image, "n_frames", 1) == 3
    assert move_animation(Battle(), None, [], "en") is None
    assert move_animation(GenericRenderer("x"), None, ["hit"], "en") is None
