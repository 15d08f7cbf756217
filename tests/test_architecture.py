"""Layering rules from DESIGN.md, checked on the source: pure engines, renderers that draw views."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).parents[1]
IO_LIBRARIES = {"discord", "sqlmodel", "sqlalchemy", "PIL", "aiohttp", "psycopg", "alembic", "requests",
                "socket", "storage", "service", "render", "bot", "random"}


def imports(path: Path) -> set[str]:
    """Top-level module names imported by a source file (relative imports excluded)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_engines_import_no_io_and_no_global_random() -> None:
    offenders = {str(p.relative_to(ROOT)): sorted(imports(p) & IO_LIBRARIES)
                 for p in (ROOT / "games").rglob("*.py") if imports(p) & IO_LIBRARIES}
    assert offenders == {}


def test_renderers_never_read_engine_state_modules() -> None:
    offenders = []
    for path in (ROOT / "render").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("games.") \
                    and node.module.endswith(".state"):
                offenders.append(f"{path.relative_to(ROOT)} imports {node.module}")
    assert offenders == []


def test_the_checks_would_catch_an_offender(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import random\nfrom PIL import Image\nfrom .ok import x\n", encoding="utf-8")
    assert imports(bad) & IO_LIBRARIES == {"random", "PIL"}


def _offenders(folder: str, banned: set[str]) -> dict[str, list[str]]:
    return {str(p.relative_to(ROOT)): sorted(imports(p) & banned)
            for p in (ROOT / folder).rglob("*.py") if imports(p) & banned}


def test_adapters_go_through_the_service_never_storage() -> None:
    """The service owns table rules; bot/ (console, CLI, Discord) never touches storage itself."""
    assert _offenders("bot", {"storage", "sqlmodel", "sqlalchemy", "alembic"}) == {}


def test_no_product_code_imports_the_tests() -> None:
    """The loopback Discord is applied by the test launcher, not by the product."""
    for folder in ("bot", "service", "storage", "render", "games", "bench"):
        assert _offenders(folder, {"tests"}) == {}, folder
