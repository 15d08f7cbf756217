"""Animated images for chat: frames encoded as APNG (or GIF when that is what fits) under an upload size limit.

Frames share one 256-colour palette, so flat board art stays crisp and compresses well. Both encoders store only the
part of a frame that changed, and merge a frame identical to the one before it into that one (their durations add).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

from PIL import Image

__all__ = ["DISCORD_UPLOAD_LIMIT", "encode_animation"]

DISCORD_UPLOAD_LIMIT = 8 * 1024 * 1024
"""Discord's attachment limit for bots without boosts."""

_READABLE_WIDTH = 480      # shrink below this only once frames can no longer be dropped
_SMALLEST_WIDTH = 16
_FORMATS = {"apng": ("PNG", "png"), "gif": ("GIF", "gif")}


def encode_animation(frames: Sequence[Image.Image], duration_ms: int | Sequence[int], *,
                     max_bytes: int = DISCORD_UPLOAD_LIMIT, loop: int = 0,
                     formats: Sequence[str] = ("apng", "gif")) -> tuple[bytes, str]:
    """Encode ``frames`` as an animation of at most ``max_bytes``; returns the bytes and the file extension.

    ``duration_ms`` is one duration for every frame or one per frame; ``loop`` 0 repeats forever. Formats are tried
    in the order of ``formats``: APNG, then GIF when the APNG is too large (but not more than twice too large, as GIF
    is never that much smaller). While nothing fits, the frames shrink (down to a readable width of 480 px), then
    every other frame is dropped (its time goes to the frame kept before it; the first and last frames stay), then
    the frames shrink further. Returns ``(data, "png")`` for APNG, ``(data, "gif")`` for GIF.
    """
    if not frames:
        raise ValueError("an animation needs at least one frame")
    unknown = [f for f in formats if f not in _FORMATS]
    if unknown or not formats:
        raise ValueError(f"formats are chosen from {sorted(_FORMATS)}, not {list(formats)!r}")
    durations = [int(duration_ms)] * len(frames) if isinstance(duration_ms, int) else [int(d) for d in duration_ms]
    if len(durations) != len(frames):
        raise ValueError(f"{len(durations)} durations for {len(frames)} frames")
    if any(d <= 0 for d in durations):
        raise ValueError("frame durations must be positive")
    size = frames[0].size
    if any(f.size != size for f in frames):
        raise ValueError("every frame must have the same size")
    images = [f.convert("RGB") for f in frames]
    scale = 1.0
    while True:
        shown = images if scale == 1.0 else [_resized(im, scale) for im in images]
        palette = _palette(shown)
        quantized = [im.quantize(palette=palette, dither=Image.Dither.NONE) for im in shown]
        smallest = math.inf
        for name in formats:
            if smallest < math.inf and smallest > 2 * max_bytes:   # no format halves another: shrink instead
                break
            data = _encode(quantized, durations, loop, _FORMATS[name][0])
            if len(data) <= max_bytes:
                return data, _FORMATS[name][1]
            smallest = min(smallest, len(data))
        width = size[0] * scale
        if width > _READABLE_WIDTH + 0.5 or (len(images) <= 2 and width > _SMALLEST_WIDTH):
            # aim for the limit in one step (bytes grow roughly with area), but never jump too far at once
            scale *= max(0.5, min(0.9, math.sqrt(max_bytes / smallest) * 0.95))
            if len(images) > 2:
                scale = max(scale, _READABLE_WIDTH / size[0])
            continue
        if len(images) > 2:
            images, durations = _drop_every_other(images, durations)
            continue
        raise ValueError(f"cannot fit the animation in {max_bytes} bytes")


def _resized(image: Image.Image, scale: float) -> Image.Image:
    width = max(1, round(image.width * scale))
    height = max(1, round(image.height * scale))
    return image.resize((width, height), Image.Resampling.LANCZOS)


def _palette(images: Sequence[Image.Image]) -> Image.Image:
    """One 256-colour palette for all frames, built from a strip of (at most 12) sampled frames."""
    step = max(1, len(images) // 12)
    sample = list(images[::step])[:12]
    width = max(im.width for im in sample)
    strip = Image.new("RGB", (width, sum(im.height for im in sample)))
    y = 0
    for im in sample:
        strip.paste(im, (0, y))
        y += im.height
    return strip.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def _encode(frames: Sequence[Image.Image], durations: Sequence[int], loop: int, fmt: str) -> bytes:
    out = io.BytesIO()
    first, rest = frames[0], list(frames[1:])
    if fmt == "PNG":
        first.save(out, format="PNG", save_all=True, append_images=rest, duration=list(durations), loop=loop,
                   compress_level=7)
    else:
        first.save(out, format="GIF", save_all=True, append_images=rest, duration=list(durations), loop=loop,
                   optimize=False, disposal=1)
    return out.getvalue()


def _drop_every_other(images: list[Image.Image], durations: list[int]) -> tuple[list[Image.Image], list[int]]:
    """Keep frames 0, 2, 4, … and the last one; a dropped frame's time goes to the kept frame before it."""
    keep = set(range(0, len(images), 2)) | {len(images) - 1}
    kept: list[Image.Image] = []
    times: list[int] = []
    for i, (image, duration) in enumerate(zip(images, durations, strict=True)):
        if i in keep:
            kept.append(image)
            times.append(duration)
        else:
            times[-1] += duration
    return kept, times
