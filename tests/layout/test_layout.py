"""The layout holds: the engine stands alone, arrows run one way, and every module or file
the project names by string exists (so that a move cannot leave one dangling)."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import itertools
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from .imports import ROOT, cycles, graph, imports, modules

ENGINE_RULES = sorted(
    (name, path) for name, path in modules().items()
    if name.split(".")[0] == "engine" and "tooling" not in name.split(".")
)  # fmt: skip


def unit(module: str) -> str:
    """The package a module belongs to, for the package graph: ``rulebooks.<concern>``, the
    command line ``rulebooks.cli``, a game's ``engine.<game>.tooling``, else ``engine``."""
    parts = module.split(".")
    if parts[0] == "rulebooks":
        return ".".join(parts[:2])
    if len(parts) > 2 and parts[2] == "tooling":
        return ".".join(parts[:3])
    return "engine"


def package_graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for source, targets in graph().items():
        edges.setdefault(unit(source), set())
        edges[unit(source)] |= {unit(t) for t in targets if unit(t) != unit(source)}
    return edges


def module_level_graph() -> dict[str, set[str]]:
    """Imports run when a module is imported: top-level statements, TYPE_CHECKING aside."""
    found = modules()
    known = set(found)
    edges: dict[str, set[str]] = {}
    for name, path in found.items():
        tree = ast.parse(path.read_text("utf-8"))
        top: list[ast.AST] = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
        top += [  # try/except ImportError and if-blocks at module level (not TYPE_CHECKING)
            child
            for n in tree.body
            if isinstance(n, ast.Try) or (
                isinstance(n, ast.If) and "TYPE_CHECKING" not in ast.unparse(n.test)
            )
            for child in ast.walk(n)
            if isinstance(child, ast.Import | ast.ImportFrom)
        ]  # fmt: skip
        edges[name] = {t for t, _ in imports(name, path, known, top) if t != name}
    return edges


def test_no_import_cycle_between_packages() -> None:
    """Lazy imports included: the package graph runs one way."""
    assert cycles(package_graph()) == []


def documented_layers() -> list[set[str]]:
    """The dependency line of the layout page, left to right, as package units."""
    page = (ROOT / "docs/guide/layout.md").read_text("utf-8")
    line = next(line for line in page.splitlines() if line.startswith("engine <- games"))
    names = {"engine": "engine", "cli": "rulebooks.cli", "<game>/tooling": "<game>/tooling"}
    return [
        {names.get(item.strip(), f"rulebooks.{item.strip()}") for item in layer.split(",")}
        for layer in line.split("<-")
    ]


def test_every_import_runs_left_along_the_layout_pages_line() -> None:
    layers = documented_layers()
    rank = {unit: i for i, layer in enumerate(layers) for unit in layer}
    edges = package_graph()
    assert edges.pop("rulebooks") == set(), "the package's __init__ imports nothing"
    wrong = []
    for source, targets in sorted(edges.items()):
        key = "<game>/tooling" if source.endswith(".tooling") else source
        assert key in rank, f"{source} is not on the layout page's line"
        for target in sorted(targets - {"rulebooks"}):
            target_key = "<game>/tooling" if target.endswith(".tooling") else target
            if rank[target_key] >= rank[key]:
                wrong.append(f"{source} -> {target}")
    assert wrong == []


def test_no_import_cycle_when_modules_load() -> None:
    assert cycles(module_level_graph()) == []


def test_no_import_cycle_between_modules_lazy_imports_included() -> None:
    """No module reaches back, even on use, into a module that imports it. A game's rules
    import its state reader, which names the rules' types for annotations only."""
    assert cycles(graph(run_time=True)) == []


def test_the_graph_sees_lazy_imports(tmp_path: Path) -> None:
    """The checks above can fail: a lazy import back into a package is an edge."""
    (tmp_path / "rulebooks" / "a").mkdir(parents=True)
    (tmp_path / "engine").mkdir()
    (tmp_path / "rulebooks" / "__init__.py").write_text("")
    (tmp_path / "rulebooks" / "a" / "__init__.py").write_text("")
    (tmp_path / "rulebooks" / "a" / "x.py").write_text("from rulebooks.b import y\n")
    (tmp_path / "rulebooks" / "b.py").write_text("def f():\n    from rulebooks.a import x\n")
    (tmp_path / "engine" / "__init__.py").write_text("")
    assert cycles(graph(tmp_path)) == [["rulebooks.a.x", "rulebooks.b"]]
    assert cycles(graph(tmp_path, run_time=True)) == [["rulebooks.a.x", "rulebooks.b"]]


def test_only_annotations_only_imports_are_left_out_at_run_time(tmp_path: Path) -> None:
    """An import under ``if TYPE_CHECKING:`` never runs; one in its ``else`` does."""
    (tmp_path / "rulebooks").mkdir()
    (tmp_path / "engine").mkdir()
    (tmp_path / "rulebooks" / "__init__.py").write_text("")
    (tmp_path / "engine" / "__init__.py").write_text("")
    (tmp_path / "rulebooks" / "a.py").write_text("from rulebooks import b\n")
    (tmp_path / "rulebooks" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from rulebooks import a\n"
    )
    (tmp_path / "rulebooks" / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    pass\nelse:\n"
        "    from rulebooks import d\n"
    )
    (tmp_path / "rulebooks" / "d.py").write_text("def f():\n    from rulebooks import c\n")
    assert cycles(graph(tmp_path)) == [
        ["rulebooks.a", "rulebooks.b"],
        ["rulebooks.c", "rulebooks.d"],
    ]
    assert cycles(graph(tmp_path, run_time=True)) == [["rulebooks.c", "rulebooks.d"]]


@pytest.mark.parametrize(("name", "path"), ENGINE_RULES, ids=[n for n, _ in ENGINE_RULES])
def test_engine_rules_import_only_the_standard_library_and_the_engine(
    name: str, path: Path
) -> None:
    outside = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            tops = [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            tops = [node.module.split(".")[0]]
        else:
            continue
        outside += [
            f"line {node.lineno}: {top}"
            for top in tops
            if top != "engine" and top not in sys.stdlib_module_names
        ]
    assert outside == [], f"{name} imports outside the standard library and engine"


STANDALONE = r"""
import importlib.abc, sys

class NoTooling(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("rulebooks", "numpy", "pytest"):
            raise ImportError(f"{name} is not importable here")
        return None

sys.meta_path.insert(0, NoTooling())
import engine
for name in sorted(engine.GAMES):
    game = engine.load_game(name)
    final = engine.RandomSampler(seed=3).play_out(game.new_initial_state())
    assert final.is_terminal(), name
    print(name, final.returns())
print("tooling loaded:", sorted(m for m in sys.modules if m.split(".")[0] == "rulebooks"))
"""


def test_the_engine_plays_every_game_with_the_tooling_unimportable() -> None:
    done = subprocess.run(
        [sys.executable, "-c", STANDALONE], capture_output=True, text=True, check=False,
        cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines[:-1]] == sorted(["mahe", "mamey", "masai", "mahola"])
    assert lines[-1] == "tooling loaded: []"


def test_an_unknown_game_names_the_installed_ones() -> None:
    import engine
    from engine.games import names

    with pytest.raises(engine.InvalidGameError, match=r"no game called 'chess'; installed games:"):
        engine.load_game("chess")
    assert {"mahe", "mamey", "masai", "mahola"} <= set(names())


# --- module paths and file paths named by string -------------------------------------------

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
PIG = tomllib.loads((ROOT / "examples/pig/pyproject.toml").read_text("utf-8"))
DOTTED = re.compile(r"(?<![\w./-])((?:rulebooks|engine)(?:\.[a-z_][a-z0-9_]*)+)(?![\w-])")
PATHS = re.compile(r"(?<![\w./-])((?:rulebooks|engine)/[\w/.*<>-]*\w)")
TEXTS = sorted(
    [*ROOT.glob("rulebooks/**/*.py"), *ROOT.glob("engine/**/*.py"), *ROOT.glob("tests/**/*.py"),
     *ROOT.glob("docs/**/*.md"), ROOT / "README.md", ROOT / "pyproject.toml",
     *ROOT.glob("rulebooks/**/*.tmpl"),
     ROOT / "Makefile", *ROOT.glob("rulebooks/**/README.md"), *ROOT.glob("examples/pig/**/*.py"),
     ROOT / "docs/conf.py", *ROOT.glob("benchmarks/*.py")]
)  # fmt: skip
TEXTS = [p for p in TEXTS if "_build" not in p.parts and "vendor" not in p.parts]


def resolves(dotted: str) -> bool:
    """A module, or an attribute of one (``rulebooks.site.pipeline.run_site``)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        name = ".".join(parts[:cut])
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            found = False
        if found:
            value: object = importlib.import_module(name)
            for attribute in parts[cut:]:
                if not hasattr(value, attribute):
                    return False
                value = getattr(value, attribute)
            return True
    return False


NOT_MODULES = re.compile(
    r"__mutmut|\.x_|\.game\.x$|^engine\.(parent|write_text)"  # mutants' names, a variable
    r"|^rulebooks\.css$"  # a file
    # the tests' fakes
    r"|^rulebooks\.(a|b|c|d|a\.x|nowhere|recorder|site\.pipeline\.no_such_stage)$"
)


def named_modules() -> dict[str, set[str]]:
    """Every dotted ``rulebooks.*`` / ``engine.*`` name in the project's text -> where."""
    found: dict[str, set[str]] = {}
    for path in TEXTS:
        for match in DOTTED.finditer(path.read_text("utf-8")):
            name = match.group(1).rstrip(".")
            if name.endswith((".py", ".md", ".json", ".toml")) or NOT_MODULES.search(name):
                continue
            found.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    return found


def test_every_module_named_in_the_project_text_resolves() -> None:
    """Plugin options, extension lists, entry points, docstrings, pages: a moved module
    cannot leave its old name behind."""
    dangling = {name: sorted(where) for name, where in named_modules().items()
                if not resolves(name)}  # fmt: skip
    assert dangling == {}


def test_every_file_path_named_in_the_project_text_exists() -> None:
    """Outside the tests (whose fixtures name made-up files on purpose)."""
    dangling: dict[str, list[str]] = {}
    for path in TEXTS:
        if path.is_relative_to(ROOT / "tests"):
            continue
        for match in PATHS.finditer(path.read_text("utf-8")):
            named = match.group(1)
            if "<" in named or named.endswith(("/", ".")):
                continue
            if not any(ROOT.glob(named)) and not (ROOT / named).exists():
                dangling.setdefault(named, []).append(str(path.relative_to(ROOT)))
    assert dangling == {}


def test_the_check_finds_a_dangling_name() -> None:
    assert resolves("rulebooks.site.pipeline.run_site")
    assert not resolves("rulebooks.recorder")
    assert not resolves("rulebooks.site.pipeline.no_such_stage")


def entry_points() -> list[str]:
    return [
        value
        for project in (PYPROJECT, PIG)
        for group in project["project"].get("entry-points", {}).values()
        for value in group.values()
    ]


@pytest.mark.parametrize("value", entry_points())
def test_every_entry_point_loads(value: str) -> None:
    module, _, attribute = value.partition(":")
    assert hasattr(importlib.import_module(module), attribute), value


def plugin_options() -> list[str]:
    options = PYPROJECT["tool"]["pytest"]["ini_options"]["addopts"].split()
    options += PYPROJECT["tool"]["mutmut"]["pytest_add_cli_args"]
    return [b for a, b in itertools.pairwise(options) if a == "-p" and "no:" not in b]


@pytest.mark.parametrize("plugin", plugin_options())
def test_every_plugin_option_names_a_module(plugin: str) -> None:
    assert importlib.util.find_spec(plugin) is not None


def test_every_sphinx_extension_is_importable() -> None:
    tree = ast.parse((ROOT / "docs/conf.py").read_text("utf-8"))
    assigned = [n for n in tree.body if isinstance(n, ast.Assign)
                and any(getattr(t, "id", "") == "extensions" for t in n.targets)]  # fmt: skip
    extensions = ast.literal_eval(assigned[0].value)
    assert extensions
    for extension in extensions:
        assert importlib.util.find_spec(extension) is not None, extension


@pytest.mark.parametrize("key", ["only_mutate", "do_not_mutate"])
def test_every_mutmut_pattern_matches_a_file(key: str) -> None:
    for pattern in PYPROJECT["tool"]["mutmut"][key]:
        assert any(ROOT.glob(pattern)), f"[tool.mutmut] {key}: {pattern} matches nothing"


LONG = 80
"""Lines a function may take without saying why (``Long:`` in its docstring)."""


def long_functions() -> list[tuple[str, int, bool]]:
    """Every function of engine and rulebooks over :data:`LONG` lines: where, its length,
    and whether its docstring gives the reason."""
    found = []
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > LONG:
                    reason = "\nLong:" in "\n" + (ast.get_docstring(node) or "")
                    found.append((f"{name}.{node.name} (line {node.lineno})", length, reason))
    return found


def test_no_function_over_80_lines_without_a_reason() -> None:
    unexplained = [(where, length) for where, length, reason in long_functions() if not reason]
    assert unexplained == []


def test_every_module_the_recorder_builds_records_with_is_fingerprinted() -> None:
    """An edit to any part of the recorder makes the results stale: each module of
    ``rulebooks.run`` the plugin imports, directly or not, is one of the code inputs."""
    from rulebooks.results.fingerprint import CODE_INPUTS

    edges = graph()
    reached, todo = set(), ["rulebooks.run.recorder"]
    while todo:
        module = todo.pop()
        if module not in reached:
            reached.add(module)
            todo += [t for t in edges.get(module, ()) if t.startswith("rulebooks.run.")]
    paths = {modules()[name].relative_to(ROOT).as_posix() for name in reached}
    assert len(paths) >= 8, paths
    assert paths - {"rulebooks/run/replay.py", "rulebooks/run/scenario_cache.py"} <= set(
        CODE_INPUTS
    ), sorted(paths - set(CODE_INPUTS))


def test_the_command_line_only_parses_and_calls_commands() -> None:
    """``rulebooks/cli.py`` stays small (under 400 lines), and each ``command_*`` function
    only turns arguments into one call of the package that does the work (25 lines at most:
    checks, errors and exit codes live with the work)."""
    path = ROOT / "rulebooks/cli.py"
    source = path.read_text("utf-8")
    assert len(source.splitlines()) < 400
    long = {
        node.name: node.end_lineno - node.lineno + 1
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef) and node.name.startswith("command_")
        and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > 25
    }  # fmt: skip
    assert long == {}
