"""The import graph of the project's own modules, read from the source (lazy imports included).

Every ``import`` and ``from ... import`` statement counts, wherever it is (module level,
inside a function, under ``TYPE_CHECKING``): an edge from the importing module to the module
it names. ``graph(run_time=True)`` leaves out the imports under ``if TYPE_CHECKING:``, which
only a type checker reads: the imports that can run. ``from package import name`` names
``package.name`` when that is a module, else ``package``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "rulebooks")


def module_name(path: Path, root: Path = ROOT) -> str:
    """``rulebooks/results/join.py`` -> ``rulebooks.results.join`` (a package: its folder)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the project's packages: dotted name -> file."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            if "vendor" not in path.parts:
                found[module_name(path, root)] = path
    return found


def _absolute(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute name of a relative import's ``from`` part."""
    if level == 0:
        return target or ""
    base = module.split(".")
    if not is_package:
        base.pop()
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def imports(
    module: str, path: Path, known: set[str], nodes: Iterable[ast.AST] | None = None
) -> Iterator[tuple[str, int]]:
    """The project modules ``module`` imports, with the line of each import (``nodes``: the
    statements to read, by default every node of the file)."""
    if nodes is None:
        nodes = ast.walk(ast.parse(path.read_text("utf-8"), str(path)))
    is_package = path.name == "__init__.py"
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(module, is_package, node.level, node.module)
            for alias in node.names:
                candidate = f"{base}.{alias.name}"
                if candidate in known:
                    yield candidate, node.lineno
                elif base in known:
                    yield base, node.lineno


def run_time_nodes(path: Path) -> list[ast.AST]:
    """Every node of the file but those under an ``if TYPE_CHECKING:`` block."""
    kept: list[ast.AST] = []
    pending: list[ast.AST] = [ast.parse(path.read_text("utf-8"), str(path))]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            pending.extend(node.orelse)
            continue
        kept.append(node)
        pending.extend(ast.iter_child_nodes(node))
    return kept


def graph(root: Path = ROOT, run_time: bool = False) -> dict[str, set[str]]:
    """Module -> the project modules it imports (never itself); with `run_time`, only the
    imports that can run (annotations-only imports left out)."""
    found = modules(root)
    known = set(found)
    return {
        name: {
            target
            for target, _ in imports(name, path, known, run_time_nodes(path) if run_time else None)
            if target != name
        }
        for name, path in found.items()
    }


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)
