"""What images show and cost, for tests and the benchmark: :func:`recording` collects every string drawn,
:func:`replay` reports strings pasted from elsewhere, :func:`counting` adds up encoding time and text work."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(frozen=True)
class DrawnText:
    """One string drawn on an image: what was shown (``text``), what it was cut from, where, and its font ``size``
    (canvas units, as the image's width; 0 when not known)."""

    text: str
    source: str
    xy: tuple[float, float]
    size: float = 0.0


_recorder: ContextVar[list[DrawnText] | None] = ContextVar("tabula_render_recorder", default=None)


@contextmanager
def recording() -> Iterator[list[DrawnText]]:
    """Collect every string drawn inside the ``with`` block (per thread / task)."""
    found: list[DrawnText] = []
    token = _recorder.set(found)
    try:
        yield found
    finally:
        _recorder.reset(token)


def replay(texts: Sequence[DrawnText]) -> None:
    """Report ``texts`` (strings drawn elsewhere: a kept layer or sprite pasted onto this image) to the active
    :func:`recording`, as if drawn here; nothing when no recording is active."""
    recorder = _recorder.get()
    if recorder is not None:
        recorder.extend(texts)


@dataclass
class RenderCounters:
    """What the images drawn inside :func:`counting` cost: CPU seconds spent in :func:`encode_png`
    (down-scaling, palette, compression), and how many strings were measured and drawn."""

    encode_seconds: float = 0.0
    measures: int = 0
    texts: int = 0


_counters: ContextVar[RenderCounters | None] = ContextVar("tabula_render_counters", default=None)


@contextmanager
def counting() -> Iterator[RenderCounters]:
    """Count the cost of the images drawn inside the ``with`` block (per thread / task); the
    benchmark ``bench.render`` splits drawing from encoding with it."""
    found = RenderCounters()
    token = _counters.set(found)
    try:
        yield found
    finally:
        _counters.reset(token)
