"""The order make test hands tests to its workers (tests/support/schedule.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.support import schedule
from tests.support.schedule import COSTS, SLOW, cost, deal, waits


@dataclass
class FakeItem:
    nodeid: str
    slow: bool = False

    def get_closest_marker(self, name: str) -> object | None:
        return object() if name == "slow" and self.slow else None


def collection() -> list[FakeItem]:
    """Files in collection order: the slow tests and the end-to-end ones bunch up, as they do in tests/."""
    items = [FakeItem(f"tests/core/test_a.py::t{i}") for i in range(40)]
    items += [FakeItem(f"tests/e2e/test_b.py::t{i}") for i in range(12)]
    items += [FakeItem(f"tests/e2e/test_c.py::slow{i}", slow=True) for i in range(4)]
    items += [FakeItem(f"tests/render/test_d.py::t{i}") for i in range(30)]
    return items


def slices(order: list[int], n: int, parts: int) -> list[list[int]]:
    sizes = [n // parts + (1 if i < n % parts else 0) for i in range(parts)]
    out, at = [], 0
    for size in sizes:
        out.append(order[at:at + size])
        at += size
    return out


def test_the_deal_is_a_permutation_in_slices_of_equal_size_and_nearly_equal_cost() -> None:
    items = collection()
    for parts in (2, 3, 4):
        order = deal(items, parts)
        assert sorted(order) == list(range(len(items)))
        totals = [sum(cost(items[i]) for i in part) for part in slices(order, len(items), parts)]
        assert max(totals) - min(totals) <= SLOW, totals  # within one slow test of each other
        # in collection order, the first slice would hold no end-to-end test and the third all slow ones
        assert all(any(items[i].slow for i in part) for part in slices(order, len(items), parts)[:4])


def test_each_slice_starts_with_its_slow_tests_and_half_of_them_run_the_waiting_ones_meanwhile() -> None:
    """Slow tests first everywhere; then even slices wait (end-to-end) while odd ones compute, and the other way
    round after: never every worker in an end-to-end test at once (tests/support/schedule.py)."""
    items = collection()
    order = deal(items, 4)
    for number, part in enumerate(slices(order, len(items), 4)):
        costs = [cost(items[i]) for i in part]
        slow = costs.count(SLOW)
        assert slow and costs[:slow] == [SLOW] * slow
        rest = [items[i] for i in part if cost(items[i]) < SLOW]
        kinds = [waits(item) for item in rest]
        assert True in kinds and False in kinds
        assert kinds == sorted(kinds, reverse=number % 2 == 0), (number, kinds)


def test_every_worker_deals_the_same_order() -> None:
    assert deal(collection(), 3) == deal(collection(), 3)


def test_a_measured_test_costs_its_wall_time_and_one_measured_long_goes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/support/durations.json (written by ``python -m tests.support.cpu_log --durations``) replaces the
    guess: an end-to-end test measured at 50 s is dealt as the longest and run first without a ``slow`` mark,
    one measured at 3 s is not guessed at 8."""
    items = collection()
    long_one, short_one = items[45].nodeid, items[46].nodeid  # end-to-end, unmarked
    monkeypatch.setattr(schedule, "measured", lambda: {long_one: 50.0, short_one: 3.0})
    assert cost(items[45]) == 50.0 and cost(items[46]) == 3.0
    assert cost(items[47]) == COSTS[0][1]  # not measured: the guess
    order = deal(items, 3)
    firsts = [part[0] for part in slices(order, len(items), 3)]
    assert 45 in firsts


def test_the_durations_file_names_tests_with_their_mean_wall_time() -> None:
    measured = schedule.measured()
    assert measured, "tests/support/durations.json is missing or empty"
    assert all(wall >= 1.0 for wall in measured.values())
    assert any(test.startswith("tests/e2e/") for test in measured)


def test_the_workers_are_told_the_controllers_dist() -> None:
    """A worker's own ``--dist`` is always "no" (xdist resets it): without being told, the workers never dealt."""
    from types import SimpleNamespace

    from tests import conftest

    node = SimpleNamespace(workerinput={}, config=SimpleNamespace(getoption=lambda name, default=None: "worksteal"))
    conftest.pytest_configure_node(node)
    assert node.workerinput[conftest.DIST_KEY] == "worksteal"
