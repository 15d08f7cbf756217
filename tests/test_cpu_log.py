"""The per-test CPU log of ``make test`` (tests/support/cpu_log.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.support.cpu_log import ENV, durations, summary

ROOT = Path(__file__).resolve().parents[1]


def test_the_log_counts_a_tests_own_cpu_and_its_childrens(tmp_path: Path) -> None:
    """A test that burns CPU itself and in a child process it waits for is logged with both."""
    test_file = tmp_path / "test_burn.py"
    test_file.write_text(
        "import subprocess, sys, time\n"
        "def burn(seconds):\n"
        "    end = time.process_time() + seconds\n"
        "    while time.process_time() < end: pass\n"
        "def test_burn():\n"
        "    burn(0.3)\n"
        "    subprocess.run([sys.executable, '-c', 'import time\\nend = time.process_time() + 0.3\\n"
        "while time.process_time() < end: pass'], check=True)\n"
        "def test_idle():\n"
        "    pass\n", encoding="utf-8")
    log = tmp_path / "cpu.jsonl"
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "tests.support.cpu_log", "-p", "no:cacheprovider",
                    str(test_file)], cwd=ROOT, check=True, capture_output=True,
                   env={**os.environ, ENV: str(log), "PYTHONPATH": str(ROOT)})
    entries = {entry["test"].split("::")[1]: entry for entry in map(json.loads, log.read_text().splitlines())}
    assert entries["test_burn"]["own"] >= 0.25
    assert entries["test_burn"]["children"] >= 0.25
    assert entries["test_idle"]["own"] < 0.1 and entries["test_idle"]["children"] == 0


def test_the_summary_adds_up_by_folder_and_lists_the_costliest_first() -> None:
    lines = [{"test": "tests/e2e/test_a.py::t1", "own": 1.0, "children": 9.0, "wall": 12.0},
             {"test": "tests/e2e/test_b.py::t2", "own": 2.0, "children": 3.0, "wall": 6.0},
             {"test": "tests/core/test_c.py::t3", "own": 4.0, "children": 0.0, "wall": 4.0}]
    text = summary(lines, top=2)
    e2e = next(line for line in text.splitlines() if line.startswith("tests/e2e"))
    assert e2e.split()[1:] == ["2", "3.0", "12.0", "18.0"]
    assert "CPU 0.3 min" in text  # 19 s
    costliest = text.split("costliest tests")[1].splitlines()[1:]
    assert [line.split()[-1] for line in costliest] == ["tests/e2e/test_a.py::t1", "tests/e2e/test_b.py::t2"]


def test_durations_are_the_mean_wall_of_the_tests_of_a_second_or_more() -> None:
    lines = [{"test": "a", "own": 0.1, "children": 0.0, "wall": 2.0},
             {"test": "a", "own": 0.1, "children": 0.0, "wall": 4.0},
             {"test": "b", "own": 0.1, "children": 0.0, "wall": 0.4}]
    assert durations(lines) == {"a": 3.0}
