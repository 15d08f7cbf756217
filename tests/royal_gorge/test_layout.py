"""The title's house (issue 24): no import loop between its modules, deferred and type-only imports included;
no file over 800 lines without a reason written at its top; one module per step of a railroad's turn."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).parents[2]
TITLE = ROOT / "games" / "royal_gorge"
MAX_LINES = 800


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, modules: set[str]) -> set[str]:
    """The title's modules ``path`` imports anywhere in it (in functions and under TYPE_CHECKING too)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            target = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
            found |= {f"{target}.{alias.name}" for alias in node.names} & modules
            if node.module:  # ``from . import x`` loads x, its own package being loaded already
                found |= {target} & modules
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names} & modules
    return found - {name}


def loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def import_graph() -> dict[str, set[str]]:
    paths = sorted(TITLE.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): imported(p, modules) for p in paths}


def test_no_import_loop_between_the_titles_modules() -> None:
    assert loops(import_graph()) == []


def test_the_loop_check_would_catch_one() -> None:
    assert loops({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_file_over_800_lines_without_a_reason_at_its_top() -> None:
    long = {str(p.relative_to(ROOT)): n for p in TITLE.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
            and "one file" not in p.read_text(encoding="utf-8")[:1500]}
    assert long == {}


def test_one_module_per_step_of_a_railroads_turn() -> None:
    """As 18xx.games has them (lib/engine/step/): track, token, route, dividend, buy_train."""
    steps = {p.stem for p in (TITLE / "operating").glob("*.py")}
    assert {"track", "token", "route", "dividend", "lease", "buy_train", "company"} <= steps
