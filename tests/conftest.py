"""Shared fixtures: database backends (SQLite and PostgreSQL) for storage and service tests."""

from typing import Any

import pytest

from tests.e2e.notice import FIGURES
from tests.storage.conftest import db_url, engine, repo  # noqa: F401  (fixtures)
from tests.support.schedule import deal, workers

#: What the controller's ``--dist`` is, as the workers are told (:func:`pytest_configure_node`).
DIST_KEY = "tabula_dist"

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


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """(xdist, in the controller) Tell each worker how the tests are distributed: a worker's own ``--dist`` is
    always "no", so without this the order below was never applied under ``make test``."""
    node.workerinput[DIST_KEY] = node.config.getoption("dist", "no")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under xdist, order the tests so every worker's slice is as costly as the others' and starts with its
    long tests (``tests/support/schedule.py``): ``make test`` then ends when its tests do, not one long test later.
    The workers collect, so the order is made there, from the controller's ``--dist``."""
    dist = getattr(config, "workerinput", {}).get(DIST_KEY) or config.getoption("dist", "no")
    if workers() > 1 and dist == "worksteal":
        items[:] = [items[i] for i in deal(items, workers())]
