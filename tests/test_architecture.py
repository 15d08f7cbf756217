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


def test_the_adapters_never_import_the_benchmarks() -> None:
    """The benchmarks drive the adapters, not the other way round: ``tabula bench`` is added to the
    CLI through an entry point (issue 24 §4)."""
    assert _offenders("bot", {"bench"}) == {}


#: What the benchmarks may import of the adapters: their public entry point for programs that drive the
#: Discord adapter without Discord (issue 24 §4), never the adapter's modules themselves.
ADAPTER_ENTRY_POINTS = {"bot.discord_app.harness"}


def adapter_internals_imported(root: Path) -> list[str]:
    """The imports of ``bot`` modules by ``bench/`` other than :data:`ADAPTER_ENTRY_POINTS`."""
    found = []
    for path in (root / "bench").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module else \
                [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            found += [f"{path.relative_to(root)} imports {name}" for name in names
                      if name.split(".")[0] == "bot" and name not in ADAPTER_ENTRY_POINTS]
    return found


def test_the_benchmarks_drive_the_adapter_through_its_entry_point() -> None:
    assert adapter_internals_imported(ROOT) == []


def test_the_entry_point_check_would_catch_an_internal(tmp_path: Path) -> None:
    (tmp_path / "bench").mkdir()
    (tmp_path / "bench" / "bad.py").write_text(
        "from bot.discord_app.ext.play import Play\nimport bot.discord_app.runtime\n"
        "from bot.discord_app.harness import Harness\n", encoding="utf-8")
    assert [line.split(" imports ")[1] for line in adapter_internals_imported(tmp_path)] == \
        ["bot.discord_app.ext.play", "bot.discord_app.runtime"]


def test_no_product_code_imports_the_tests() -> None:
    """The loopback Discord is applied by the test launcher, not by the product."""
    for folder in ("bot", "service", "storage", "render", "games", "bench"):
        assert _offenders(folder, {"tests"}) == {}, folder


# ---- import loops (issue 24 §5) -----------------------------------------------------------------
PACKAGES = ("games", "service", "storage", "render", "bot", "bench")


def _module(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path, name: str, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``path`` (module ``name``) imports, at its top or inside a
    function (a lazy import hides a loop, it does not remove it); imports only for type checkers
    (``if TYPE_CHECKING:``) are not loops at run time and are left out."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join([*parent, *([node.module] if node.module else [])])
                for alias in node.names:
                    found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    visit([n for n in inner if isinstance(n, ast.stmt)] +
                          [s for h in inner if isinstance(h, ast.ExceptHandler) for s in h.body])

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return {m for m in found if m in known and m != name}


def import_loops(root: Path, packages: tuple[str, ...]) -> list[list[str]]:
    """The sets of modules that import each other round a loop (strongly connected components)."""
    paths = {_module(p, root): p for folder in packages for p in (root / folder).rglob("*.py")}
    graph = {name: _imported(path, name, set(paths)) for name, path in paths.items()}
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    loops: list[list[str]] = []

    def strong(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in order:
                strong(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], order[nxt])
        if low[node] == order[node]:
            members = []
            while True:
                member = stack.pop()
                members.append(member)
                if member == node:
                    break
            if len(members) > 1:
                loops.append(sorted(members))

    for name in sorted(graph):
        if name not in order:
            strong(name)
    return loops


def test_no_import_loop_between_modules() -> None:
    """Each module's dependencies point one way: no loop, not even through a lazy import."""
    assert import_loops(ROOT, PACKAGES) == []


def test_the_loop_check_would_catch_a_loop(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "a.py").write_text("from .b import x\n", encoding="utf-8")
    (package / "b.py").write_text("def f():\n    from .c import y\n", encoding="utf-8")
    (package / "c.py").write_text("from typing import TYPE_CHECKING\nimport pkg.a\n", encoding="utf-8")
    (package / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import z\n",
                                  encoding="utf-8")
    assert import_loops(tmp_path, ("pkg",)) == [["pkg.a", "pkg.b", "pkg.c"]]


# ---- file sizes (issue 24: "no product file over 800 lines without a reason written at its top") --
MAX_LINES = 800


def test_no_product_file_is_over_800_lines_without_a_reason_at_its_top() -> None:
    """A file that long says why at its top (its module docstring says why it is "over 800 lines");
    otherwise it splits along its seams."""
    offenders = []
    for folder in PACKAGES:
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if text.count("\n") <= MAX_LINES:
                continue
            docstring = ast.get_docstring(ast.parse(text)) or ""
            if "800 lines" not in docstring:
                offenders.append(f"{path.relative_to(ROOT)}: {text.count(chr(10))} lines")
    assert offenders == []


# ---- renderers draw views (issue 24 §4) -------------------------------------------------------------
#: What a renderer may read of a title: its views and results, its data and geometry, its words, and
#: from ``game`` its metadata, catalog and the ``GAME`` whose ``text`` words them. Never its rules
#: (steps, deals, operating, money…): what the rules decide reaches a renderer through the view.
RENDERABLE = {"view", "board", "content", "cards", "text", "records", "items", "battle", "game"}
GAME_NAMES = {"META", "CATALOG", "GAME"}


def rules_read_by_renderers(root: Path) -> list[str]:
    """The renderer imports of a title's rules modules (or of anything but its metadata from ``game``)."""
    found = []
    for path in (root / "render").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("games.")):
                continue
            parts = node.module.split(".")
            if parts[1] in ("core", "registry") or (parts[1] == "examples" and len(parts) < 4):
                continue
            module = parts[3] if parts[1] == "examples" else parts[2] if len(parts) > 2 else ""
            names = {alias.name for alias in node.names}
            if module and (module not in RENDERABLE or (module == "game" and names - GAME_NAMES)):
                found.append(f"{path.relative_to(root)} imports {node.module}: {sorted(names)}")
    return found


def test_renderers_read_views_data_and_words_never_rules() -> None:
    assert rules_read_by_renderers(ROOT) == []


def test_the_renderer_check_would_catch_rules(tmp_path: Path) -> None:
    (tmp_path / "render").mkdir()
    (tmp_path / "render" / "bad.py").write_text(
        "from games.landlords.deals import DEAL_STEPS\nfrom games.landlords.view import LandlordsView\n"
        "from games.royal_gorge.game import META, RoyalGorgeGame\n", encoding="utf-8")
    assert [line.split(" imports ")[1].split(":")[0] for line in rules_read_by_renderers(tmp_path)] == \
        ["games.landlords.deals", "games.royal_gorge.game"]
