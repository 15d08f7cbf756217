"""Typed events an engine reports after a move, each with who may see it."""

from __future__ import annotations

from typing import Any

import msgspec


class Event(msgspec.Struct, frozen=True):
    """Something that happened, as a message key plus parameters.

    ``seats`` is ``None`` when everyone (spectators too) may see the event; otherwise only those
    seats do, and everyone else sees ``public`` instead (``None``: nothing at all). A private
    draw is ``Event("drew", {"card": ...}, seats=(2,), public=Event("drew_hidden", {...}))``.
    """

    kind: str
    params: dict[str, Any] = {}
    seats: tuple[int, ...] | None = None
    public: Event | None = None

    def for_viewer(self, seat: int | None) -> Event | None:
        """The version of this event ``seat`` (``None``: a spectator) may see, if any."""
        if self.seats is None:
            return self
        if seat is not None and seat in self.seats:
            return Event(self.kind, self.params)
        return self.public


def visible_events(events: list[Event], seat: int | None) -> list[Event]:
    """Filter and redact ``events`` for one viewer."""
    out = []
    for event in events:
        seen = event.for_viewer(seat)
        if seen is not None:
            out.append(seen)
    return out
