"""The clause-to-code map: which engine functions cite which rulebook clause.

Clauses are defined on ``docs/<game>/rules.md`` by ``clause`` directives (ID, ``:title:``
and, for a clause no engine code has to enforce, ``:no-code: <reason>``); rulings on
``docs/<game>/interpretations.md``. The engine cites them in docstrings: a function, method
or class whose docstring names ``GAME-3.3`` is code enforcing GAME-3.3. A range
``GAME-6.1..6.3`` cites 6.1, 6.2 and 6.3. The games and their clause prefixes are the
project's (:mod:`rulebooks.games.registry`).

``rulebooks trace`` prints the map both ways; ``tests/tooling/games/test_trace.py`` fails when code
cites an ID no page defines, or when a clause that needs code is cited by none. The mutation
campaign (:mod:`rulebooks.mutation.campaign`) scores each clause by the mutants of the functions
here.

This module reads files only: no engine import, so it works on a broken engine too.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_DIRECTIVE = re.compile(r"^```\{(clause|interpretation)\}[ \t]+(\S+)[ \t]*\n((?::[^\n]*\n)*)", re.M)
_OPTION = re.compile(r"^:([\w-]+):[ \t]*(.*)$")


def _games() -> tuple[str, ...]:
    from rulebooks.games import registry

    return tuple(sorted(registry.games()))


def __getattr__(name: str) -> tuple[str, ...]:
    """``GAMES``: the project's game names, sorted (:func:`rulebooks.games.registry.games`)."""
    if name == "GAMES":
        return _games()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@cache
def _citation(prefixes: tuple[str, ...]) -> re.Pattern[str]:
    """GAME-3.3, GAME-R4, GAME-6.1..6.3 (a range within one section), a bare section GAME-9
    (never defined, so reported), and more clauses of the same game after a comma:
    GAME-5.1, 5.5 -- for the given clause prefixes."""
    alternatives = "|".join(re.escape(prefix) for prefix in prefixes)
    return re.compile(
        rf"\b({alternatives})-(R\d+|\d+(?:\.\d+)?)(?:\.\.(\d+)\.(\d+))?\b((?:,\s*\d+\.\d+\b)*)"
    )


def _prefixes() -> tuple[str, ...]:
    from rulebooks.games import registry

    return tuple(spec.clause_prefix for spec in registry.games().values())


class TraceError(Exception):
    """A rules page that cannot be read into clauses."""


@dataclass(frozen=True)
class Clause:
    """A clause (or ruling) defined on a docs page."""

    id: str
    game: str
    title: str
    kind: str  # "clause" or "interpretation"
    no_code: str | None  # the reason, when the clause needs no engine code
    page: str
    line: int


@dataclass(frozen=True)
class CodeUnit:
    """A function, method or class of the engine and the IDs its docstring cites."""

    path: str  # POSIX, relative to the project root
    qualname: str  # ``function``, ``Class.method`` or ``Class``
    line: int
    end_line: int
    kind: str  # "function", "method" or "class"
    cites: tuple[str, ...]
    owner: str = ""
    """The game whose engine package holds the unit, when not ``engine/<game>/`` (a game's
    own project: ``dice_engine/``)."""

    @property
    def module(self) -> str:
        return self.path.removesuffix(".py").replace("/", ".")

    @property
    def game(self) -> str:
        if self.owner:
            return self.owner
        parts = self.path.split("/")
        return parts[1] if len(parts) > 2 else ""

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass
class TraceMap:
    """Clauses, code units, and the problems between them."""

    clauses: dict[str, Clause]
    units: list[CodeUnit]
    unknown: list[tuple[CodeUnit, str]] = field(default_factory=list)

    def code_of(self, clause_id: str) -> list[CodeUnit]:
        """The functions, methods and classes citing ``clause_id``."""
        return [unit for unit in self.units if clause_id in unit.cites]

    def functions_of(self, clause_id: str) -> list[CodeUnit]:
        """The functions and methods (not classes) citing ``clause_id``."""
        return [unit for unit in self.code_of(clause_id) if unit.kind != "class"]

    def rule_clauses(self, game: str | None = None) -> list[Clause]:
        """The ``clause`` definitions (not rulings), in page order."""
        return [
            c
            for c in self.clauses.values()
            if c.kind == "clause" and (game is None or c.game == game)
        ]

    def uncited(self, game: str | None = None) -> list[Clause]:
        """Clauses that need code (no ``:no-code:``) but no code cites."""
        cited = {ident for unit in self.units for ident in unit.cites}
        return [c for c in self.rule_clauses(game) if c.no_code is None and c.id not in cited]

    def needlessly_cited(self, game: str | None = None) -> list[Clause]:
        """Clauses marked ``:no-code:`` that code cites all the same (one of the two is wrong)."""
        cited = {ident for unit in self.units for ident in unit.cites}
        return [c for c in self.rule_clauses(game) if c.no_code is not None and c.id in cited]


# -- reading -----------------------------------------------------------------------------------
def read_clauses(root: Path = ROOT, games: Iterable[str] | None = None) -> dict[str, Clause]:
    """Every clause and ruling defined on the games' rules and interpretations pages (by
    default the project's games)."""
    found: dict[str, Clause] = {}
    for game in _games() if games is None else games:
        for page in ("rules.md", "interpretations.md"):
            path = root / "docs" / game / page
            if not path.exists():
                continue
            text = path.read_text("utf-8")
            for match in _DIRECTIVE.finditer(text):
                kind, ident, block = match.groups()
                options: dict[str, str] = {}
                for raw in block.splitlines():
                    option = _OPTION.match(raw)
                    if option:
                        options[option.group(1)] = option.group(2).strip()
                line = text.count("\n", 0, match.start()) + 1
                where = f"docs/{game}/{page}:{line}"
                if "no-code" in options and not options["no-code"]:
                    raise TraceError(f"{where}: {ident} has :no-code: without a reason")
                if ident in found:
                    raise TraceError(f"{where}: {ident} is defined twice")
                found[ident] = Clause(
                    id=ident,
                    game=game,
                    title=options.get("title", ""),
                    kind=kind,
                    no_code=options.get("no-code"),
                    page=f"docs/{game}/{page}",
                    line=line,
                )
    return found


def citations(text: str) -> list[str]:
    """The IDs a docstring cites, ranges expanded, in order, each once."""
    out: list[str] = []
    for match in _citation(_prefixes()).finditer(text):
        prefix, first, range_section, range_end, more = match.groups()
        idents = [f"{prefix}-{first}"]
        if range_end is not None:
            section, _, start = first.partition(".")
            if section == range_section and start.isdigit():
                idents = [f"{prefix}-{section}.{n}" for n in range(int(start), int(range_end) + 1)]
            else:
                idents = [match.group(0)]  # a malformed range: reported as unknown
        idents += [f"{prefix}-{n}" for n in re.findall(r"\d+\.\d+", more)]
        out += [ident for ident in idents if ident not in out]
    return out


def _units_of(tree: ast.Module, path: str) -> Iterator[CodeUnit]:
    def unit(node: ast.AST, qualname: str, kind: str) -> CodeUnit:
        assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        doc = ast.get_docstring(node) or ""
        start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        return CodeUnit(
            path, qualname, start, node.end_lineno or node.lineno, kind, tuple(citations(doc))
        )

    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield unit(node, node.name, "function")
        elif isinstance(node, ast.ClassDef):
            yield unit(node, node.name, "class")
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    yield unit(item, f"{node.name}.{item.name}", "method")


def read_units(root: Path = ROOT, folder: str = "engine") -> list[CodeUnit]:
    """Every top-level function, class and method of the engine, with its citations."""
    units: list[CodeUnit] = []
    for file in sorted((root / folder).rglob("*.py")):
        path = file.relative_to(root).as_posix()
        units += _units_of(ast.parse(file.read_text("utf-8"), path), path)
    return units


def project_units(root: Path) -> list[CodeUnit]:
    """The code units of the games of a project other than the tooling's checkout: each
    game's engine package (the folder of its factory's module) inside ``root``."""
    import inspect
    from dataclasses import replace

    from rulebooks.games import registry

    units: list[CodeUnit] = []
    for name, spec in sorted(registry.games().items()):
        package = Path(inspect.getfile(spec.factory)).resolve().parent
        if package.is_relative_to(root.resolve()):
            folder = package.relative_to(root.resolve()).as_posix()
            units += [replace(unit, owner=name) for unit in read_units(root, folder)]
    return units


def build(root: Path = ROOT) -> TraceMap:
    """The map of the project at ``root``: its ``engine/`` when it has one (as the tooling's
    checkout does), else its games' engine packages; ``unknown`` lists citations no page
    defines."""
    clauses = read_clauses(root)
    units = read_units(root) if (root / "engine").is_dir() else project_units(root)
    trace = TraceMap(clauses, units)
    trace.unknown = [(u, ident) for u in units for ident in u.cites if ident not in clauses]
    return trace


# -- printing ------------------------------------------------------------------------------
def by_clause(trace: TraceMap, game: str | None = None) -> list[str]:
    """Lines: each clause, then the code citing it (or why none is needed)."""
    lines: list[str] = []
    for clause in trace.clauses.values():
        if game is not None and clause.game != game:
            continue
        label = "ruling " if clause.kind == "interpretation" else ""
        lines.append(f"{label}{clause.id}  {clause.title}".rstrip())
        code = trace.code_of(clause.id)
        for unit in code:
            lines.append(f"    {unit.where:34} {unit.qualname}")
        if clause.no_code is not None:
            lines.append(f"    (no code needed: {clause.no_code})")
        elif not code and clause.kind == "clause":
            lines.append("    NOT CITED by any engine code")
    return lines


def by_function(trace: TraceMap, game: str | None = None) -> list[str]:
    """Lines: each function, method or class citing a clause, with its clauses."""
    return [
        f"{unit.where:34} {unit.qualname}: {', '.join(unit.cites)}"
        for unit in trace.units
        if unit.cites and (game is None or unit.game == game)
    ]


def problems(trace: TraceMap, game: str | None = None) -> list[str]:
    """What makes the map untrue: unknown citations, uncited clauses, contradictions."""
    out = [
        f"{unit.where} {unit.qualname} cites {ident}, which no docs page defines"
        for unit, ident in trace.unknown
        if game is None or unit.game == game
    ]
    out += [
        f"{c.page}:{c.line} {c.id} is cited by no engine code "
        f"(cite it in the docstring of the code enforcing it, or mark it :no-code: <reason>)"
        for c in trace.uncited(game)
    ]
    out += [
        f"{c.page}:{c.line} {c.id} is marked :no-code: but "
        f"{', '.join(u.qualname for u in trace.code_of(c.id))} cites it"
        for c in trace.needlessly_cited(game)
    ]
    return out


def main(by: str = "clause", game: str | None = None, root: Path = ROOT) -> int:
    """``rulebooks trace``: print the map; exit 1 when it has problems."""
    try:
        trace = build(root)
    except TraceError as error:
        print(f"error: {error}")
        return 2
    if game is not None and game not in _games():
        print(f"error: no game {game!r}; games: {', '.join(_games())}")
        return 2
    lines = by_clause(trace, game) if by == "clause" else by_function(trace, game)
    print("\n".join(lines))
    found = problems(trace, game)
    if found:
        print(f"\n{len(found)} problem(s):")
        print("\n".join(f"  {p}" for p in found))
        return 1
    return 0
