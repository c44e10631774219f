"""``rulebooks mutate``: the mutation campaign, with mutmut over the engine's rule code.

What is mutated: the functions and methods that cite a clause in their docstring (the trace
map, :mod:`rulebooks.games.trace`), in the engine files ``[tool.mutmut]`` in pyproject.toml lets
mutmut mutate (the SVG renderers and the position readers/writers are left out: they draw
and serialise, no rule lives there). The test suite: the scenarios (``tests/scenarios``).

Incremental: the results file records a hash of each function's code (its docstring left
out) and, per game, of its suite (the game's feature files and step modules, the steps and
notation all games share, the invariant tests, mutmut's settings). A function whose hash is
unchanged keeps its mutants' results, unless its game's suite changed; the others are rerun
(mutmut, ``--max-children`` = every core by default). ``--full`` reruns every mutant of
the games chosen (all by default) and keeps the other games' results.

Functions that run while their module is imported (a sales table built once) are
out of reach of mutmut's forked workers, which import the engine once before a mutant is
chosen: their mutants, and any mutant mutmut found no test for, are rerun each in a fresh
Python process running the game's scenarios (:func:`rerun_fresh`).

The hand-made rule mutations (:mod:`rulebooks.mutation.handmade`) run too (each against its game's
scenarios and invariant tests) and stay on the report; they are reused on the same terms
(their target's file and the suite unchanged).

One results file, ``mutation/results.json``, written atomically once everything ran; an
interrupted campaign (Ctrl-C) leaves the previous file as it was, and says so.
"""

from __future__ import annotations

import ast
import contextlib
import fnmatch
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebooks.campaigns.executors import ClusterError, DaskCluster, WorkerLost, workers_problem
from rulebooks.games import trace
from rulebooks.mutation import results as mutate_results
from rulebooks.mutation.dask_worker import TIMEOUT
from rulebooks.mutation.killers_plugin import KILLERS

if TYPE_CHECKING:
    from rulebooks.mutation.handmade import Mutation, Outcome

ROOT = Path(__file__).resolve().parents[2]
MUTANTS = "mutants"  # mutmut's work folder (git-ignored)
SHARED_SUITE_GLOBS = (
    "tests/scenarios/*.py", "rulebooks/steps/*.py", "tests/invariants/**/*.py", "tests/__init__.py"
)  # fmt: skip
GAME_SUITE_GLOBS = ("features/{game}/**/*.feature", "tests/scenarios/{game}/**/*.py")
SCENARIOS = "tests/scenarios/{game}"  # what a fresh rerun of a game's mutant runs


class CampaignError(Exception):
    """A campaign that cannot run (the message says why)."""


# -- what to mutate ------------------------------------------------------------------------------
def mutmut_settings(root: Path = ROOT) -> dict[str, Any]:
    data = tomllib.loads((root / "pyproject.toml").read_text("utf-8"))
    settings: dict[str, Any] = data.get("tool", {}).get("mutmut", {})
    if not settings:
        raise CampaignError("pyproject.toml has no [tool.mutmut] table")
    return settings


def mutated(path: str, settings: dict[str, Any]) -> bool:
    """Does mutmut mutate this project-relative ``.py`` file (same rule as mutmut's)?"""
    only = settings.get("only_mutate", [])
    if only and not any(fnmatch.fnmatch(path, p) for p in only):
        return False
    return not any(fnmatch.fnmatch(path, p) for p in settings.get("do_not_mutate", []))


def mangled(unit: trace.CodeUnit) -> str:
    """mutmut's name of a function's mutants without the ``__mutmut_N`` suffix."""
    if "." in unit.qualname:
        cls, name = unit.qualname.split(".", 1)
        return f"{unit.module}.x\u01c1{cls}\u01c1{name}"
    return f"{unit.module}.x_{unit.qualname}"


def code_hashes(path: Path) -> dict[str, str]:
    """``{qualname: hash}`` of each top-level function and method, docstrings left out."""
    tree = ast.parse(path.read_text("utf-8"))
    out: dict[str, str] = {}

    def digest(node: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
        if ast.get_docstring(node, clean=False) is not None:
            node.body = node.body[1:] or [ast.Pass()]
        return hashlib.sha256(ast.unparse(node).encode()).hexdigest()[:16]

    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            out[node.name] = digest(node)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    out[f"{node.name}.{item.name}"] = digest(item)
    return out


@dataclass(frozen=True)
class Target:
    unit: trace.CodeUnit
    hash: str

    @property
    def key(self) -> str:
        return f"{self.unit.path}:{self.unit.qualname}"


def targets(root: Path = ROOT) -> list[Target]:
    """The functions and methods citing a clause, in files mutmut mutates."""
    settings = mutmut_settings(root)
    the_map = trace.build(root)
    hashes: dict[str, dict[str, str]] = {}
    found: list[Target] = []
    for unit in the_map.units:
        if unit.kind == "class" or unit.game not in trace.GAMES:
            continue
        clauses = [c for c in unit.cites if the_map.clauses.get(c, None) is not None]
        if not any(the_map.clauses[c].kind == "clause" for c in clauses):
            continue
        if not mutated(unit.path, settings):
            continue
        if unit.path not in hashes:
            hashes[unit.path] = code_hashes(root / unit.path)
        found.append(Target(unit, hashes[unit.path][unit.qualname]))
    return found


def suite_hashes(root: Path = ROOT) -> dict[str, str]:
    """Per game, a hash of what decides a mutant's fate besides its function: the game's
    scenarios and steps, what every game's tests share, and mutmut's settings."""
    settings = json.dumps(mutmut_settings(root), sort_keys=True).encode()

    def digest(patterns: Iterable[str]) -> str:
        out = hashlib.sha256(settings)
        files = sorted({p for pattern in patterns for p in root.glob(pattern) if p.is_file()})
        for path in files:
            out.update(path.relative_to(root).as_posix().encode() + b"\0")
            out.update(path.read_bytes() + b"\0")
        return out.hexdigest()

    return {
        game: digest([*SHARED_SUITE_GLOBS, *(g.format(game=game) for g in GAME_SUITE_GLOBS)])
        for game in trace.GAMES
    }


def import_time_functions(path: Path) -> set[str]:
    """Module-level functions run when the module at ``path`` is imported: called by its
    top-level statements, directly or through one another (by plain name)."""
    tree = ast.parse(path.read_text("utf-8"))
    defined = {
        node.name: node
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }

    def called(nodes: Iterable[ast.AST]) -> set[str]:
        return {
            call.func.id
            for node in nodes
            for call in ast.walk(node)
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
            and call.func.id in defined
        }  # fmt: skip

    top = [n for n in tree.body if not isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef
                                                      | ast.ClassDef)]  # fmt: skip
    found: set[str] = set()
    todo = called(top)
    while todo:
        name = todo.pop()
        if name not in found:
            found.add(name)
            todo |= called(defined[name].body)
    return found


def git_state(root: Path = ROOT) -> dict[str, Any]:
    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True)
        return done.stdout.strip() if done.returncode == 0 else ""

    return {"commit": git("rev-parse", "HEAD") or None, "dirty": bool(git("status", "--porcelain"))}


# -- running mutmut -----------------------------------------------------------------------------
@dataclass(frozen=True)
class DaskBackend:
    """mutmut's mutants judged on Dask (:mod:`rulebooks.mutation.dask_runner`): a LocalCluster of
    `workers` processes here, or the cluster whose scheduler is at `scheduler`."""

    scheduler: str | None = None
    workers: int = 1

    def arguments(self) -> list[str]:
        if self.scheduler is not None:
            return ["--scheduler", self.scheduler]
        return ["--local", str(self.workers)]

    def __str__(self) -> str:
        if self.scheduler is not None:
            return f"the Dask cluster at {self.scheduler}"
        return f"a Dask LocalCluster of {self.workers} worker(s)"

    def start(self) -> DaskCluster:
        """The cluster, connected (and started, for a LocalCluster): a context manager."""
        try:
            return DaskCluster(self.scheduler, self.workers)
        except ClusterError as error:
            raise CampaignError(str(error)) from error


def run_mutmut(
    patterns: Sequence[str], workers: int, root: Path = ROOT, dask: DaskBackend | None = None
) -> None:
    """``mutmut run`` on the mutants matching ``patterns``, in a fresh ``mutants/`` folder;
    with `dask`, its mutants judged on that cluster."""
    shutil.rmtree(root / MUTANTS, ignore_errors=True)
    executable = Path(sys.executable).with_name("mutmut")
    if not executable.exists():
        raise CampaignError("mutmut is not installed in this environment: pip install -e '.[dev]'")
    command = [str(executable), "run", "--max-children", str(workers), *patterns]
    where = ""
    if dask is not None:
        command[:1] = [sys.executable, "-m", "rulebooks.mutation.dask_runner", *dask.arguments()]
        where = f", the mutants judged on {dask}"
    print(f"$ mutmut run --max-children {workers} <{len(patterns)} function(s)>{where}",
          flush=True)  # fmt: skip
    done = subprocess.run(command, cwd=root)
    if dask is not None and done.returncode == 3:
        raise CampaignError(f"{dask} could not judge the mutants (the error is above)")
    if done.returncode != 0:
        raise CampaignError(
            f"mutmut stopped with exit code {done.returncode} (a scenario failing without any "
            f"mutation stops it: run `pytest tests/scenarios` first)"
        )


def _mutant_line(diff: str, path: Path, unit: trace.CodeUnit) -> int:
    """The file line of the first line the diff changes (the function's line if not found)."""
    removed = [ln[1:] for ln in diff.splitlines() if ln[:1] == "-" and ln[:3] != "---"]
    if not removed:
        return unit.line
    lines = path.read_text("utf-8").splitlines()
    for number in range(unit.line, min(unit.end_line, len(lines)) + 1):
        if lines[number - 1].strip() == removed[0].strip():
            return number
    return unit.line


def killers_of(mutants: Path, name: str) -> list[str]:
    """The scenarios that failed under mutant `name` (node IDs, sorted, each once), as
    :mod:`rulebooks.mutation.killers_plugin` wrote them in mutmut's folder `mutants`: a line each,
    as
    a node ID may hold spaces (``test_move[3, 3-12]``)."""
    killers = mutants / KILLERS / name
    return sorted(set(killers.read_text("utf-8").splitlines())) if killers.exists() else []


def collect(chosen: Sequence[Target], root: Path = ROOT) -> dict[str, list[dict[str, Any]]]:
    """``{target key: [mutant records]}`` read from mutmut's ``mutants/`` folder."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant
    from mutmut.stats import status_by_exit_code

    meta: dict[str, dict[str, Any]] = {}
    out: dict[str, list[dict[str, Any]]] = {}
    old_cwd = Path.cwd()
    os.chdir(root)  # mutmut reads mutants/ relative to the working directory
    try:
        for target in chosen:
            path = target.unit.path
            if path not in meta:
                meta_file = root / MUTANTS / (path + ".meta")
                meta[path] = json.loads(meta_file.read_text("utf-8")) if meta_file.exists() else {}
            codes: dict[str, int | None] = meta[path].get("exit_code_by_key", {})
            prefix = mangled(target.unit) + "__mutmut_"
            names = [n for n in codes if n.startswith(prefix) and n[len(prefix) :].isdigit()]
            names.sort(key=lambda n: int(n[len(prefix) :]))
            records = []
            for name in names:
                diff = get_diff_for_mutant(name, path=path)
                killed_by = killers_of(root / MUTANTS, name)
                records.append(
                    {
                        "name": name,
                        "line": _mutant_line(diff, root / path, target.unit),
                        "status": status_by_exit_code[codes[name]],
                        "diff": diff,
                        "killed_by": killed_by,
                    }
                )
            out[target.key] = records
    finally:
        os.chdir(old_cwd)
    return out


def fresh_status(code: int | None) -> str:
    """The verdict of a mutant from the exit code of its fresh pytest run (None: too long).

    pytest's exit codes: 1 tests failed, 2 collection errors (the engine would not even
    import), 3 an internal error, 4 a conftest that failed to import (the same command passed
    without the mutant, so the mutant broke the engine's import): each a kill, as for mutmut;
    5 no test ran. Stopped for its time (:data:`rulebooks.mutation.dask_worker.TIMEOUT`, or SIGXCPU
    at its CPU limit on a Dask worker): a timeout.
    """
    return {
        0: "survived", 1: "killed", 2: "killed", 3: "killed", 4: "killed", 5: "no tests",
        None: "timeout", TIMEOUT: "timeout", -signal.SIGXCPU: "timeout",
    }.get(code, "suspicious")  # fmt: skip


def rerun_fresh(
    chosen: Sequence[Target],
    records: dict[str, list[dict[str, Any]]],
    workers: int,
    root: Path = ROOT,
    cluster: DaskCluster | None = None,
) -> None:
    """Give a real verdict to the mutants mutmut's forked workers cannot judge: those of
    functions run at import (:func:`import_time_functions`) and those mutmut found no test
    for. Each runs in a fresh ``python -m pytest`` of its game's scenarios, in mutmut's
    ``mutants/`` folder with the mutant chosen before anything is imported (here, or on the
    Dask `cluster`); ``records`` is updated in place (status, the scenarios that killed it)."""
    at_import: dict[str, set[str]] = {}
    jobs: list[tuple[dict[str, Any], str]] = []
    for target in chosen:
        path = target.unit.path
        if path not in at_import:
            at_import[path] = import_time_functions(root / path)
        for record in records.get(target.key, []):
            if target.unit.qualname in at_import[path] or record["status"] == "no tests":
                jobs.append((record, target.unit.game))
    if not jobs:
        return
    folder = root / MUTANTS
    clean: dict[str, float] = {}
    for game in sorted({game for _, game in jobs}):
        began = time.monotonic()
        if _fresh_pytest("", game, folder, timeout=None) != 0:
            raise CampaignError(
                f"the {game} scenarios fail in a fresh process without any mutation: run "
                f"`pytest {SCENARIOS.format(game=game)}` first"
            )
        clean[game] = time.monotonic() - began
    where = f"on the {cluster.name}" if cluster is not None else "here"
    print(f"{len(jobs)} mutant(s) run at import or found no test: each rerun in a fresh "
          f"process, {where}", flush=True)  # fmt: skip
    if cluster is not None:
        from rulebooks.mutation.dask_worker import judge_all

        tests = [(r["name"], [SCENARIOS.format(game=g)], max(60.0, 10 * clean[g])) for r, g in jobs]
        verdicts = judge_all(cluster, folder, tests, mutmut_settings(root)["pytest_add_cli_args"])
        for (record, _), (code, _, failed) in zip(jobs, verdicts, strict=True):
            record["status"] = fresh_status(code)
            record["killed_by"] = sorted(set(failed))
        return

    def judge(job: tuple[dict[str, Any], str]) -> None:
        record, game = job
        code = _fresh_pytest(record["name"], game, folder, timeout=max(60.0, 10 * clean[game]))
        record["status"] = fresh_status(code)
        record["killed_by"] = killers_of(folder, record["name"])

    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(judge, jobs))


def _fresh_pytest(mutant: str, game: str, folder: Path, timeout: float | None) -> int | None:
    """Exit code of the game's scenarios run with ``mutant`` active (None: timed out)."""
    env = {**os.environ, "MUTANT_UNDER_TEST": mutant}
    env["PYTHONPATH"] = os.pathsep.join(
        [str(folder), *filter(None, [os.environ.get("PYTHONPATH")])]
    )
    command = [
        sys.executable, "-m", "pytest", "--rootdir=.", "-x", "-q", "-p", "no:randomly",
        "-p", "no:cacheprovider", "-p", "rulebooks.mutation.killers_plugin",
        SCENARIOS.format(game=game),
    ]  # fmt: skip
    try:
        done = subprocess.run(command, cwd=folder, env=env, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    return done.returncode


# -- the hand-made mutations ---------------------------------------------------------------------
def rule_mutations(
    previous: dict[str, dict[str, Any]],
    reusable: set[str],
    workers: int,
    root: Path = ROOT,
    cluster: DaskCluster | None = None,
) -> list[dict[str, Any]]:
    """Run (or reuse) every hand-made rule mutation, here or on the Dask `cluster`; one
    record each."""
    from rulebooks.mutation.handmade import MUTATIONS, run_mutation

    def target_file(mutation: Mutation) -> str:
        return mutation.target.split(":")[0].replace(".", "/") + ".py"

    def record(mutation: Mutation, verdict: str, killed_by: Iterable[str]) -> dict[str, Any]:
        path = target_file(mutation)
        return {
            "id": mutation.id, "game": mutation.game, "clause": mutation.clause,
            "description": mutation.description, "target": mutation.target,
            "verdict": verdict, "killed_by": list(killed_by),
            "file_sha256": mutate_results.file_sha256(root / path),
        }  # fmt: skip

    out: list[dict[str, Any]] = []
    todo: list[Mutation] = []
    for mutation in MUTATIONS:
        old = previous.get(mutation.id)
        same_file = old and old.get("file_sha256") == mutate_results.file_sha256(
            root / target_file(mutation)
        )
        reuse = mutation.game in reusable
        if reuse and old and same_file and old.get("description") == mutation.description:
            out.append(old)
        else:
            todo.append(mutation)
    if todo:
        print(f"hand-made rule mutations: {len(todo)} to run, {len(out)} kept", flush=True)
        if cluster is not None:
            outcomes = rule_mutations_on(cluster, todo, root)
        else:
            with ThreadPoolExecutor(workers) as pool:
                outcomes = list(pool.map(lambda m: run_mutation(m, m.game), todo))
        for mutation, outcome in zip(todo, outcomes, strict=True):
            out.append(record(mutation, outcome.verdict, outcome.killed_by))
    order = {m.id: i for i, m in enumerate(MUTATIONS)}
    return sorted(out, key=lambda r: order[r["id"]])


def rule_mutations_on(
    cluster: DaskCluster, chosen: Sequence[Mutation], root: Path = ROOT
) -> list[Outcome]:
    """Every suite of each mutation run on `cluster` at once, in a copy of the project; the
    verdicts read in each mutation's suite order, as
    :func:`rulebooks.mutation.handmade.run_mutation`
    reads them (an error ends a mutation's reading)."""
    from rulebooks.mutation.dask_worker import run_suites
    from rulebooks.mutation.handmade import ENV, PYTEST, Outcome, judged, suites

    games = sorted({m.game for m in chosen})
    baselines = [(game, suite) for game in games for suite in suites(game)]
    runs = [(m, suite) for m in chosen for suite in suites(m.game)]
    print(f"  on the {cluster.name}: {len(runs)} suite runs, after the suites of "
          f"{', '.join(games)} without any mutation", flush=True)  # fmt: skip
    jobs: list[tuple[dict[str, str], list[str]]] = [
        ({}, [*PYTEST, *s.arguments, "-x"]) for _, s in baselines
    ]
    jobs += [({ENV: m.id}, [*PYTEST, *s.arguments, "-x"]) for m, s in runs]
    results = iter(run_suites(cluster, root, jobs))
    for (game, suite), (code, output) in zip(baselines, results, strict=False):  # then runs
        if code != 0:  # then every mutation would seem killed
            tail = "\n".join(output.strip().splitlines()[-5:])
            raise CampaignError(
                f"on the {cluster.name}, the {game} {suite.name} fail without any mutation "
                f"(pytest exit code {code}); are the workers' packages this machine's?\n{tail}"
            )
    outcomes = []
    for mutation in chosen:
        outcome = Outcome(mutation, mutation.game)
        reading = True
        for suite in suites(mutation.game):
            code, output = next(results)
            reading = reading and judged(outcome, suite, code, output)
        outcomes.append(outcome)
    return outcomes


# -- the campaign --------------------------------------------------------------------------------
def write_atomically(path: Path, data: dict[str, Any]) -> None:
    """Write JSON to a temporary file beside ``path``, then rename it over ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1, ensure_ascii=False, sort_keys=False)
            out.write("\n")
        os.chmod(temporary, 0o644)  # mkstemp makes it private; the file is published
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def read_previous(path: Path) -> dict[str, Any] | None:
    """The last campaign's data, or None (with a message) when it cannot be reused."""
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text("utf-8"))
        mutate_results.parse(data, {}, str(path))
    except (OSError, json.JSONDecodeError, mutate_results.MutationResultsError) as error:
        print(f"{path}: cannot reuse the last campaign ({error}); running everything")
        return None
    return data if isinstance(data, dict) else None


@dataclass(frozen=True)
class _Plan:
    """What a campaign reruns and what it keeps from the last results file."""

    reusable: set[str]
    """The games whose scenarios and steps are unchanged since the last campaign."""
    current: list[Target]
    """Every function citing a clause, as the code is now."""
    to_run: list[Target]
    kept: dict[str, dict[str, Any]]
    """Function key -> its record in the last results file, kept as it is."""
    old_functions: dict[str, dict[str, Any]]


def _plan(
    previous: dict[str, Any] | None,
    suite: dict[str, str],
    root: Path,
    *,
    full: bool,
    games: Sequence[str],
    mutant: str | None,
) -> _Plan:
    """Which functions to mutate: those whose code or whose game's suite changed (all of
    the chosen games with `full`, one function with `mutant`); the others keep their records."""
    old_suite = (previous or {}).get("suite_sha256")
    old_suite = old_suite if isinstance(old_suite, dict) else {}
    reusable = {game for game in trace.GAMES if previous and old_suite.get(game) == suite[game]}
    if full:
        reusable -= set(games or trace.GAMES)
    changed = sorted(set(trace.GAMES) - reusable)
    if previous is not None and changed and not full:
        print(f"scenarios or steps changed since the last campaign ({', '.join(changed)}): "
              f"every mutant of those games reruns")  # fmt: skip
    old_functions = {
        f"{f['path']}:{f['qualname']}": f for f in (previous or {}).get("functions", [])
    }
    current = targets(root)
    if games:
        unknown = sorted(set(games) - set(trace.GAMES))
        if unknown:
            raise CampaignError(f"no game {unknown}; games: {', '.join(trace.GAMES)}")
    selected = [t for t in current if not games or t.unit.game in games]
    if mutant is not None:
        selected = [t for t in current if mutant.startswith(mangled(t.unit) + "__mutmut_")]
        if not selected:
            raise CampaignError(f"{mutant}: no mutant of a function citing a clause has this name")
    kept: dict[str, dict[str, Any]] = {}
    to_run: list[Target] = []
    for target in current:
        old = old_functions.get(target.key)
        reuse = target.unit.game in reusable
        up_to_date = reuse and old is not None and old.get("hash") == target.hash
        if target in selected and (not up_to_date or mutant is not None):
            to_run.append(target)
        elif old is not None and (reuse or target not in selected):
            kept[target.key] = old
    return _Plan(reusable, current, to_run, kept, old_functions)


def _run_mutants(
    plan: _Plan, mutant: str | None, workers: int, root: Path, cluster: Any
) -> dict[str, list[dict[str, Any]]]:
    """mutmut over the functions to run (on the cluster when there is one), then the
    mutants of functions run at import rerun in a fresh process; their records by function."""
    to_run = plan.to_run
    if not to_run:
        return {}
    patterns = [mutant] if mutant else [mangled(t.unit) + "__mutmut_*" for t in to_run]
    # mutmut's process judges its mutants on the very cluster: started once, here
    on_cluster = DaskBackend(cluster.address) if cluster is not None else None
    run_mutmut(patterns, workers, root, on_cluster)
    fresh = collect(to_run, root)
    rerun_fresh(
        to_run,
        {k: [r for r in v if mutant in (None, r["name"])] for k, v in fresh.items()},
        workers,
        root,
        cluster,
    )
    if mutant is not None:  # the other mutants of that function keep their results
        old_records = {r["name"]: r for r in plan.kept.get(to_run[0].key, {}).get("mutants", [])}
        old_records = old_records or {
            r["name"]: r for r in plan.old_functions.get(to_run[0].key, {}).get("mutants", [])
        }
        fresh = {to_run[0].key: [
            r if r["name"] == mutant else old_records.get(r["name"], r)
            for r in fresh[to_run[0].key]
        ]}  # fmt: skip
    return fresh


def _function_records(
    plan: _Plan, fresh: dict[str, list[dict[str, Any]]], root: Path
) -> list[dict[str, Any]]:
    """The results file's functions: the fresh records, else the kept ones."""
    functions: list[dict[str, Any]] = []
    for target in plan.current:
        unit = target.unit
        if target.key in fresh:
            records, code_hash = fresh[target.key], target.hash
        elif target.key in plan.kept:
            records, code_hash = plan.kept[target.key]["mutants"], plan.kept[target.key]["hash"]
        else:
            continue
        for record in records:  # the code may have moved since (docstrings, other functions)
            record["line"] = _mutant_line(record["diff"], root / unit.path, unit)
        functions.append(
            {
                "path": unit.path, "qualname": unit.qualname, "line": unit.line,
                "game": unit.game, "clauses": list(unit.cites), "hash": code_hash,
                "mutants": records,
            }
        )  # fmt: skip
    return functions


def _engine_files(
    plan: _Plan, functions: list[dict[str, Any]], previous: dict[str, Any] | None, root: Path
) -> dict[str, str | None]:
    """Each engine file's hash when every function of it has fresh records, else the last."""
    engine_files: dict[str, str | None] = {}
    by_file: dict[str, list[Target]] = {}
    for target in plan.current:
        by_file.setdefault(target.unit.path, []).append(target)
    recorded = {f"{f['path']}:{f['qualname']}": f["hash"] for f in functions}
    old_files: dict[str, str | None] = (previous or {}).get("engine_files", {})
    for path, its in sorted(by_file.items()):
        fresh_file = all(recorded.get(t.key) == t.hash for t in its)
        engine_files[path] = (
            mutate_results.file_sha256(root / path) if fresh_file else old_files.get(path)
        )
    return engine_files


def campaign(
    *,
    workers: int,
    full: bool = False,
    games: Sequence[str] = (),
    mutant: str | None = None,
    hand_made: bool = True,
    out: Path | None = None,
    root: Path = ROOT,
    dask: DaskBackend | None = None,
) -> dict[str, Any]:
    """Run what changed, merge with the last results, write the file; returns its data.

    With `dask`, mutmut's mutants, the mutants rerun in a fresh process and the hand-made
    mutations' suites run on that cluster (started once for all); mutmut's stats run and the
    clean runs run here.
    """
    out = out or root / mutate_results.RESULTS_FILE
    started = datetime.now(UTC)
    clock = time.monotonic()
    previous = read_previous(out)  # --full reruns the games chosen, keeps the others
    suite = suite_hashes(root)
    plan = _plan(previous, suite, root, full=full, games=games, mutant=mutant)
    print(
        f"{len(plan.current)} functions cite a clause: {len(plan.to_run)} to mutate, "
        f"{len(plan.kept)} keep their results", flush=True,
    )  # fmt: skip
    with contextlib.ExitStack() as stack:  # the campaign's Dask cluster, if any, for all
        cluster = stack.enter_context(dask.start()) if dask is not None else None
        fresh = _run_mutants(plan, mutant, workers, root, cluster)
        functions = _function_records(plan, fresh, root)
        previous_rules = {r["id"]: r for r in (previous or {}).get("rule_mutations", [])}
        rules = (
            rule_mutations(previous_rules, plan.reusable, workers, root, cluster)
            if hand_made
            else list(previous_rules.values())
        )
    data = {
        "schema": mutate_results.SCHEMA,
        "tool": f"mutmut {_mutmut_version()}",
        "started": started.isoformat(timespec="seconds"),
        "finished": datetime.now(UTC).isoformat(timespec="seconds"),
        "wall_seconds": round(time.monotonic() - clock, 1),
        "workers": workers,
        "git": git_state(root),
        "suite_sha256": suite,
        "engine_files": _engine_files(plan, functions, previous, root),
        "ran_functions": len(plan.to_run),
        "kept_functions": len(functions) - len(fresh),
        "functions": functions,
        "rule_mutations": rules,
    }
    write_atomically(out, data)
    return data


def _mutmut_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mutmut")
    except PackageNotFoundError:
        return "(not installed)"


# -- the report printed at the end -------------------------------------------------------------
def report(results: mutate_results.MutationResults, root: Path = ROOT) -> list[str]:
    lines = [f"mutation results of commit {results.commit[:12]} ({results.finished})"]
    for game in trace.GAMES:
        s = results.game_strength(game)
        ratio = f" = {s.ratio:.0%}" if s.ratio is not None else ""
        lines.append(f"  {game:7} {s.text()}{ratio}")
    weak = [
        (c, results.clause_strength(c))
        for c in results.clauses()
        if (results.clause_strength(c).ratio or 0) < 0.9
    ]
    if weak:
        lines.append("clauses below 90%:")
        lines += [f"  {c:12} {s.text()}" for c, s in sorted(weak, key=lambda x: x[1].ratio or 0)]
    rules = results.rule_mutations
    killed = sum(1 for r in rules if r["verdict"] == "killed")
    lines.append(f"hand-made rule mutations: {killed} of {len(rules)} killed")
    lines += [f"  {r['verdict'].upper()}: {r['id']} ({r['clause']})" for r in rules
              if r["verdict"] != "killed"]  # fmt: skip
    lines += mutate_results.stale_equivalent_messages(
        results, root / mutate_results.EQUIVALENT_FILE
    )
    stale = results.stale_files(root)
    if stale:
        lines.append(f"STALE: engine files changed since this campaign: {', '.join(stale)}")
    return lines


def survivors_markdown(results: mutate_results.MutationResults) -> str:
    """Every survivor as Markdown, by game then clause: location, function, diff, rerun."""
    lines = [
        "# Mutation survivors",
        "",
        f"Campaign of commit {results.commit[:12]} ({results.finished}), "
        f"{results.data.get('tool', 'mutmut')}. A survivor: a change of the engine code citing "
        "the clause that no scenario notices. Kill it with a scenario transcribing what the "
        "rulebook says (never by changing the engine); rerun it with the command given.",
    ]
    for game in trace.GAMES:
        mine = results.survivors(game)
        s = results.game_strength(game)
        lines += ["", f"## {game}: {len(mine)} survivor(s); {s.text()}"]
        for clause in sorted({c for m in mine for c in m.clauses}):
            of_clause = [m for m in mine if clause in m.clauses]
            cs = results.clause_strength(clause)
            lines += ["", f"### {clause}: {cs.text()}", ""]
            for m in of_clause:
                others = [c for c in m.clauses if c != clause]
                also = f" (also cited for {', '.join(others)})" if others else ""
                lines += [
                    f"- `{m.path}:{m.line}` `{m.function}` {m.status}{also}: `{m.rerun}`",
                    "",
                    "  ```diff",
                    *(f"  {d}" for d in m.diff.splitlines()),
                    "  ```",
                ]
    return "\n".join(lines) + "\n"


_NAME = re.compile(r"^engine\.[\w.]+\.x[_\u01c1][\w\u01c1]+__mutmut_\d+$")


def command(
    *,
    fast: bool,
    only: Sequence[str],
    games: Sequence[str],
    workers: int | None,
    dask: bool,
    scheduler: str | None,
    full: bool,
    mutant: str | None,
    hand_made: bool,
    report_only: bool,
    survivors: Path | None,
    root: Path | None = None,
) -> int:
    """``rulebooks mutate``: the hand-made mutations alone (``fast``, ``only``: run here), else
    the mutmut campaign (:func:`main`), locally or on Dask; 2 for arguments that do not go
    together or a bad worker count.

    ``root``: the project the command serves. mutmut's campaign is laid out on the tooling's
    own checkout (its ``[tool.mutmut]``, its scenario folders, its results file); in any other
    project the command runs that project's games' hand-made mutations (their ``GameSpec``'s
    ``mutations``) and writes nothing, and refuses the campaign's options, saying so."""
    if root is not None and root.resolve() != ROOT.resolve():
        campaign_options = [
            name for name, given in (
                ("--full", full), ("--mutant", mutant), ("--dask", dask),
                ("--scheduler", scheduler), ("--no-hand-made", not hand_made),
                ("--report", report_only), ("--survivors", survivors), ("--workers", workers),
            ) if given
        ]  # fmt: skip
        if campaign_options:
            print(f"error: {', '.join(campaign_options)}: options of mutmut's campaign, which "
                  f"runs in Rulebooks' own checkout only; in {root}, `rulebooks mutate` runs "
                  "the games' hand-made mutations (all, --fast or --only ID)",
                  file=sys.stderr)  # fmt: skip
            return 2
        from rulebooks.mutation.handmade import main as run_mutations

        if not (fast or only):
            print(f"hand-made mutations of the games of {root} (mutmut's campaign over every "
                  "rule function runs in Rulebooks' own checkout)", flush=True)  # fmt: skip
        return run_mutations(fast=fast, only=only, games=games)
    if fast or only:
        if dask or scheduler:
            print("error: --dask and --scheduler judge mutmut's mutants; the hand-made "
                  "mutations of --fast and --only run here", file=sys.stderr)  # fmt: skip
            return 2
        from rulebooks.mutation.handmade import main as run_mutations

        return run_mutations(fast=fast, only=only, games=games)
    problem = None if workers is None or scheduler else workers_problem(workers)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    backend = DaskBackend(scheduler, workers or os.cpu_count() or 1) if dask or scheduler else None
    return main(
        workers=workers, full=full, games=games, mutant=mutant, hand_made=hand_made,
        report_only=report_only, survivors=survivors, dask=backend,
    )  # fmt: skip


def main(
    *,
    workers: int | None = None,
    full: bool = False,
    games: Sequence[str] = (),
    mutant: str | None = None,
    hand_made: bool = True,
    report_only: bool = False,
    survivors: Path | None = None,
    root: Path = ROOT,
    dask: DaskBackend | None = None,
) -> int:
    """``rulebooks mutate``: 0 when it ran (survivors are findings, not errors)."""
    results_path = root / mutate_results.RESULTS_FILE
    if mutant is not None and not _NAME.match(mutant):
        print(f"error: {mutant!r} is not a mutmut mutant name (engine.<module>.x_<f>__mutmut_N)")
        return 2
    if not report_only:
        jobs = workers or os.cpu_count() or 1
        try:
            campaign(
                workers=jobs, full=full, games=games, mutant=mutant, hand_made=hand_made,
                root=root, dask=dask,
            )  # fmt: skip
        except KeyboardInterrupt:
            print(f"\ninterrupted: {results_path} was not touched (it still holds the last "
                  f"complete campaign)", file=sys.stderr)  # fmt: skip
            return 130
        except CampaignError as error:
            print(f"error: {error}\n{results_path} was not touched", file=sys.stderr)
            return 2
        except (ClusterError, WorkerLost) as error:  # the Dask cluster failed mid-campaign
            print(f"error: {error}\n{results_path} was not touched", file=sys.stderr)
            return 3
    try:
        results = mutate_results.load(results_path, root / mutate_results.EQUIVALENT_FILE)
    except mutate_results.MutationResultsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if results is None:
        print(f"no mutation results at {results_path}: run `rulebooks mutate`")
        return 1
    print("\n".join(report(results, root)))
    if survivors is not None:
        survivors.write_text(survivors_markdown(results), "utf-8")
        print(f"survivors written to {survivors}")
    if results.data.get("wall_seconds") is not None and not report_only:
        print(f"wall time: {results.data['wall_seconds']} s on {results.data['workers']} worker(s)")
    return 0
