"""Shared fixtures: database backends (SQLite and PostgreSQL) for storage and service tests."""

import pytest

from tests.e2e.notice import FIGURES
from tests.storage.conftest import db_url, engine, repo  # noqa: F401  (fixtures)
from tests.support.schedule import deal, workers

#: ``TABULA_TEST_CPU_LOG=FILE``: each test's CPU seconds, appended to FILE (tests/support/cpu_log.py).
pytest_plugins = ["tests.support.cpu_log"]


# The summary lives here, in the root conftest: under xdist the controlling process collects no
# tests, so it loads only the conftests of the paths it was given (``make test`` gives none).
def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Issue 19 §1: the notification figures the e2e tests recorded (``record_property`` with
    ``notice.FIGURES``), printed at the end of every run, also under xdist and without ``-s``."""
    figures = sorted({str(value) for reports in terminalreporter.stats.values() for report in reports
                      for key, value in getattr(report, "user_properties", ()) if key == FIGURES})
    if figures:
        terminalreporter.section("notifications and noise per title (issue 19; docs/discord.md)")
        for line in figures:
            terminalreporter.write_line(line)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under xdist, order the tests so every worker's slice is as costly as the others' and starts with its
    long tests (``tests/support/schedule.py``): ``make test`` then ends when its tests do, not one long test later."""
    if workers() > 1 and config.getoption("dist", "no") == "worksteal":
        items[:] = [items[i] for i in deal(items, workers())]
