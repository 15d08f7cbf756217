"""CPU time and peak memory of this process and of its child processes (a render pool's workers), read from
``/proc`` and ``resource`` for the load benchmark (issue 13 §1: CPU per command, peak RSS of the bot process
with its pool workers listed separately). Linux only; elsewhere the children read as none."""

from __future__ import annotations

import os
import resource
import time
from dataclasses import dataclass, field
from pathlib import Path

_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
PROC = Path("/proc")


def _stat_fields(pid: int) -> list[str] | None:
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    # the command name (field 2) may hold spaces: the fields after it follow the last ')'
    return text[text.rindex(")") + 2:].split()


#: Whether the kernel lists each thread's children (``/proc/<pid>/task/<tid>/children``): then only this
#: process's tree is read, not every process of the machine.
_LISTS_CHILDREN = (PROC / str(os.getpid()) / "task" / str(os.getpid()) / "children").exists()


def _children(pid: int) -> list[int]:
    found: list[int] = []
    try:
        for task in (PROC / str(pid) / "task").iterdir():
            found += [int(child) for child in (task / "children").read_text().split()]
    except OSError:  # the process or a thread ended meanwhile
        pass
    return sorted(found)


def descendants(pid: int | None = None) -> list[int]:
    """The live processes below ``pid`` (default: this one), children first."""
    root = os.getpid() if pid is None else pid
    if _LISTS_CHILDREN:
        found, queue = [], _children(root)
        while queue:
            child = queue.pop(0)
            found.append(child)
            queue += _children(child)
        return found
    parents: dict[int, list[int]] = {}
    try:
        entries = [int(p.name) for p in PROC.iterdir() if p.name.isdigit()]
    except OSError:
        return []
    for child in entries:
        fields = _stat_fields(child)
        if fields is not None:
            parents.setdefault(int(fields[1]), []).append(child)
    found, queue = [], [root]
    while queue:
        for child in sorted(parents.get(queue.pop(0), [])):
            found.append(child)
            queue.append(child)
    return found


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` (its threads included), ``None`` if it is gone."""
    fields = _stat_fields(pid)
    if fields is None:
        return None
    return (int(fields[11]) + int(fields[12])) / _TICKS  # utime, stime (fields 14 and 15 of stat)


def peak_rss_mib(pid: int) -> float | None:
    """Peak resident set (``VmHWM``) of process ``pid`` in MiB, ``None`` if it is gone."""
    return _status_mib(pid, "VmHWM:")


def rss_mib(pid: int) -> float | None:
    """Resident set (``VmRSS``) of process ``pid`` in MiB now, ``None`` if it is gone."""
    return _status_mib(pid, "VmRSS:")


def _status_mib(pid: int, field: str) -> float | None:
    """A kB line ``field`` of ``/proc/<pid>/status`` in MiB, ``None`` if the process is gone."""
    try:
        for line in (PROC / str(pid) / "status").read_text().splitlines():
            if line.startswith(field):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def own_peak_rss_mib() -> float:
    """This process's peak resident set in MiB (``ru_maxrss``: KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _reaped_children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Usage:
    """CPU and memory from :meth:`start` to the last :meth:`sample`: this process's CPU, its children's
    (live ones from ``/proc``, ended and reaped ones from ``RUSAGE_CHILDREN``) and each child's peak RSS."""

    process_cpu: float = 0.0
    children_cpu: float = 0.0
    #: Peak RSS (MiB) of each child process seen, by pid.
    children_peak: dict[int, float] = field(default_factory=dict)
    _process_start: float = 0.0
    _reaped_start: float = 0.0
    _children_start: dict[int, float] = field(default_factory=dict)
    _children_last: dict[int, float] = field(default_factory=dict)

    def start(self) -> None:
        """Zero the counters: CPU from now on (children alive now count from their CPU now)."""
        self._process_start = time.process_time()
        self._reaped_start = _reaped_children_cpu()
        self._children_start = {pid: cpu for pid in descendants() if (cpu := cpu_seconds(pid)) is not None}
        self._children_last = dict(self._children_start)
        self.sample()

    def sample(self) -> None:
        """Read the counters now. A live child counts from ``/proc``; one that has ended and been reaped
        counts through ``RUSAGE_CHILDREN`` instead (so call this now and then, and last before the pool
        is shut down)."""
        self.process_cpu = time.process_time() - self._process_start
        self._children_last = {}
        for pid in descendants():
            cpu = cpu_seconds(pid)
            if cpu is not None:
                self._children_last[pid] = cpu
            peak = peak_rss_mib(pid)
            if peak is not None:
                self.children_peak[pid] = max(peak, self.children_peak.get(pid, 0.0))
        live = sum(cpu - self._children_start.get(pid, 0.0) for pid, cpu in self._children_last.items())
        self.children_cpu = live + max(0.0, _reaped_children_cpu() - self._reaped_start)
