"""The garbage collector of a long-running process after its start (issue 25 §1: the tail of a command's latency).

CPython's full (generation-2) collection walks every object the collector tracks. In the bot process that is
mostly what its start made and keeps for good — modules, every title's rules data, discord.py's command tree,
SQLAlchemy's mappers — and each full collection stalled the event loop for 176–214 ms (a 90-s load run on
PostgreSQL without the network model: three of them), which is the slowest commands' tail. Freezing what is alive
once the process has started moves it out of every later collection: the full collections of the same run took
39 and 97 ms. Objects made later are collected as before; a frozen object is still freed when nothing refers to
it (only a reference cycle among frozen objects would stay).
"""

from __future__ import annotations

import gc


def settle() -> None:
    """Collect the start-up's garbage once, then keep what is alive out of every later collection
    (``gc.freeze``). Call once, when a process has started and before it serves."""
    gc.collect()
    gc.freeze()
