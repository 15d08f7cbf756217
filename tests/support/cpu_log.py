"""Where ``make test``'s CPU goes, test by test (issue 25 §3: ``make test`` within 10 minutes on two cores).

With ``TABULA_TEST_CPU_LOG=FILE`` set, each test's CPU seconds are appended to FILE as JSON lines: the test
process's own (user + system) and its children's (the bot and drawing processes an end-to-end test starts and
reaps: ``RUSAGE_CHILDREN`` counts a child once it has been waited for, with the children it waited for), and the
wall time. Every xdist worker appends to the same file (one short ``write`` per line). ``python -m
tests.support.cpu_log FILE`` sums it by folder and lists the costliest tests; ``--durations`` writes the mean wall
time of every test that took a second or more to ``tests/support/durations.json``, from which ``make test`` deals
the tests to its workers (:mod:`tests.support.schedule`).

CPU seconds, unlike wall time, barely depend on what else runs, so a change is measured on the tests it touches
and the whole suite's total tells how far two cores are from the goal (total CPU / 2 is the least wall time).
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ENV = "TABULA_TEST_CPU_LOG"


def _cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    """Time the whole protocol of ``item``: setup, call and teardown (fixtures start and stop bots)."""
    path = os.environ.get(ENV)
    if not path:
        yield
        return
    own, children, wall = _cpu(resource.RUSAGE_SELF), _cpu(resource.RUSAGE_CHILDREN), time.perf_counter()
    yield
    line = json.dumps({"test": item.nodeid, "own": round(_cpu(resource.RUSAGE_SELF) - own, 3),
                       "children": round(_cpu(resource.RUSAGE_CHILDREN) - children, 3),
                       "wall": round(time.perf_counter() - wall, 3)})
    with open(path, "a", encoding="utf-8") as log:
        log.write(line + "\n")


def _folder(test: str) -> str:
    return "/".join(test.split("::")[0].split("/")[:2])


def summary(lines: list[dict[str, Any]], top: int = 25) -> str:
    """The CPU by top-level folder (``tests/e2e``…) and the ``top`` costliest tests, in seconds."""
    by_folder: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
    for entry in lines:
        totals = by_folder[_folder(entry["test"])]
        for index, key in enumerate(("own", "children", "wall")):
            totals[index] += float(entry[key])
        totals[3] += 1
    out = [f"{'folder':24} {'tests':>5} {'own CPU':>9} {'children':>9} {'wall':>9}"]
    for folder, (own, children, wall, count) in sorted(by_folder.items(), key=lambda kv: -(kv[1][0] + kv[1][1])):
        out.append(f"{folder:24} {count:5.0f} {own:9.1f} {children:9.1f} {wall:9.1f}")
    cpu = sum(t[0] + t[1] for t in by_folder.values())
    out.append(f"{'all':24} {len(lines):5d}   CPU {cpu / 60:.1f} min: at least {cpu / 120:.1f} min on two cores")
    out.append(f"\nthe {top} costliest tests (CPU s: all = own + children; wall s):")
    rows = sorted(lines, key=lambda e: -(float(e["own"]) + float(e["children"])))
    for entry in rows[:top]:
        own, children, wall = float(entry["own"]), float(entry["children"]), float(entry["wall"])
        out.append(f"  {own + children:7.1f} = {own:6.1f} + {children:6.1f}   wall {wall:6.1f}  {entry['test']}")
    return "\n".join(out)


#: Tests quicker than this are left out of the durations file: the schedule's rough costs place them well enough.
DURATION_FLOOR = 1.0


def durations(lines: list[dict[str, Any]]) -> dict[str, float]:
    """Each test's mean wall time over ``lines`` (several runs may be given), in seconds to a tenth, for the tests
    that took :data:`DURATION_FLOOR` or more."""
    walls: dict[str, list[float]] = defaultdict(list)
    for entry in lines:
        walls[entry["test"]].append(float(entry["wall"]))
    means = {test: round(sum(w) / len(w), 1) for test, w in walls.items()}
    return {test: mean for test, mean in sorted(means.items()) if mean >= DURATION_FLOOR}


def read(paths: list[str]) -> list[dict[str, Any]]:
    """The lines of the logs at ``paths``."""
    return [json.loads(line) for path in paths
            for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]


def main(argv: list[str]) -> None:
    """``python -m tests.support.cpu_log FILE... [--top N] [--durations OUT]``."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m tests.support.cpu_log")
    parser.add_argument("logs", nargs="+", help="logs written under TABULA_TEST_CPU_LOG")
    parser.add_argument("--top", type=int, default=25, help="how many of the costliest tests to list")
    parser.add_argument("--durations", metavar="OUT",
                        help="write the tests' mean wall times there (tests/support/durations.json)")
    args = parser.parse_args(argv)
    lines = read(args.logs)
    print(summary(lines, args.top))
    if args.durations:
        Path(args.durations).write_text(json.dumps(durations(lines), indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
