"""The lock files agree with pyproject.toml (issue 12, point 7): ``make test`` and CI install
``requirements-dev.lock`` and the Docker image ``requirements.lock``, both refreshed by ``make lock``.
A dependency added to or re-ranged in pyproject.toml without ``make lock`` fails here, instead of
a fresh machine installing something other than what the project asks for."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")


def pins(name: str) -> dict[str, str]:
    """The versions a lock file pins, by canonical package name; every pin carries hashes."""
    text = (ROOT / name).read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for block in re.split(r"\n(?=\S)", text):
        match = PIN.match(block)
        if match:
            assert "--hash=sha256:" in block, f"{name}: {match[1]} is pinned without hashes"
            found[canonicalize_name(match[1])] = match[2]
    return found


RUNTIME = [Requirement(r) for r in PROJECT["dependencies"]]
DEV = [Requirement(r) for r in PROJECT["optional-dependencies"]["dev"]]


@pytest.mark.parametrize(("lock", "wanted"), [("requirements.lock", RUNTIME),
                                              ("requirements-dev.lock", RUNTIME + DEV)])
def test_every_dependency_is_pinned_within_its_range(lock: str, wanted: list[Requirement]) -> None:
    pinned = pins(lock)
    for requirement in wanted:
        version = pinned.get(canonicalize_name(requirement.name))
        assert version is not None, f"{requirement.name} is missing from {lock}: run make lock"
        assert requirement.specifier.contains(version, prereleases=True), \
            f"{lock} pins {requirement.name}=={version}, outside {requirement.specifier}: run make lock"


def test_the_image_runs_the_versions_the_tests_ran() -> None:
    runtime, dev = pins("requirements.lock"), pins("requirements-dev.lock")
    assert {name: dev.get(name) for name in runtime} == runtime


def test_floors_past_known_security_fixes_and_bounds_on_young_apis() -> None:
    by_name = {canonicalize_name(r.name): r.specifier for r in RUNTIME}
    assert not by_name["aiohttp"].contains("3.14.3") and not by_name["pillow"].contains("12.3.0")
    for young in ("sqlmodel", "msgspec", "typer"):
        assert not by_name[young].contains("1.0.0"), f"{young} (0.x) needs an upper bound"
