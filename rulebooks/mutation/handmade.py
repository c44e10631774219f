"""Does the suite catch rule bugs? Hand-made rule mutations, each run against the suite.

A mutation changes one rule of one engine at run time: a few characters of one function's
source (``>=`` to ``>``, ``group[-1]`` to ``group[0]``), or the value of one constant. The
pytest plugin :mod:`rulebooks.mutation.handmade_plugin` applies the mutation named by the
environment variable ``RULEBOOKS_MUTATION`` before the tests run, so the engine on disk is
never touched. Each mutation is then run against its game's scenarios and, separately,
against the invariant tests of that game (tests/invariants); it is *killed* when either
fails, *survived* when both pass. The kill rate is killed / (killed + survived).

A mutation whose code no longer matches the engine (the engine changed) is reported as
*not applicable*, never as killed.

Each game declares its mutations in its own package (:class:`rulebooks.games.spec.GameSpec`).
``rulebooks mutate`` runs them all; ``--fast`` the few each game marks fast (as ``make test``
does).
"""

from __future__ import annotations
import __future__ as future

import importlib
import inspect
import os
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulebooks.games.spec import Mutation as Mutation  # re-exported: declared there

ENV = "RULEBOOKS_MUTATION"
ROOT = Path(__file__).resolve().parents[2]


class MutationError(Exception):
    """A mutation that cannot be applied to the engine as it is now."""


def _all() -> tuple[Mutation, ...]:
    from rulebooks.games import registry

    return tuple(m for spec in registry.games().values() for m in spec.mutations)


def _fast() -> tuple[str, ...]:
    from rulebooks.games import registry

    return tuple(i for spec in registry.games().values() for i in spec.fast_mutations)


def __getattr__(name: str) -> Any:
    """``MUTATIONS`` (every mutation of the project's games, declared by each game's package,
    :mod:`rulebooks.games.registry`) and ``FAST`` (the IDs `make test` runs), computed on use."""
    if name == "MUTATIONS":
        return _all()
    if name == "FAST":
        return _fast()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def find(identifier: str) -> Mutation:
    mutations = _all()
    for mutation in mutations:
        if mutation.id == identifier:
            return mutation
    raise MutationError(
        f"no mutation called {identifier!r}; mutations: {', '.join(m.id for m in mutations)}"
    )


# -- applying -----------------------------------------------------------------------------------
def _locate(target: str) -> tuple[Any, str, Any]:
    """(owner, attribute name, current value) of ``module:name`` or ``module:Class.name``."""
    module_name, _, qualname = target.partition(":")
    try:
        owner: Any = importlib.import_module(module_name)
        *path, name = qualname.split(".")
        for part in path:
            owner = getattr(owner, part)
        value = inspect.getattr_static(owner, name)
    except (ImportError, AttributeError, ValueError) as error:
        raise MutationError(f"{target}: not found in the engine ({error})") from None
    return owner, name, value


def mutated_function(mutation: Mutation) -> Callable[..., Any]:
    """The target function recompiled from its source with the mutation's edits."""
    _owner, name, original = _locate(mutation.target)
    if not inspect.isfunction(original):
        raise MutationError(f"{mutation.target} is not a plain function")
    source = textwrap.dedent(inspect.getsource(original))
    if "super()" in source or "__class__" in source:
        raise MutationError(f"{mutation.target} uses super(): it cannot be recompiled alone")
    for old, new in mutation.edits:
        found = source.count(old)
        if found != 1:
            raise MutationError(
                f"{mutation.id}: {old!r} occurs {found} times in {mutation.target} "
                f"(expected once): the engine changed, update the mutation"
            )
        source = source.replace(old, new)
    flags = future.annotations.compiler_flag
    code = compile(source, f"<mutation {mutation.id}>", "exec", flags=flags, dont_inherit=True)
    namespace: dict[str, Any] = {}
    exec(code, original.__globals__, namespace)
    function = namespace[name]
    if not callable(function):  # pragma: no cover - a def always is
        raise MutationError(f"{mutation.target} did not compile to a function")
    function.__qualname__ = original.__qualname__
    return function  # type: ignore[no-any-return]


def apply(mutation: Mutation) -> Callable[[], None]:
    """Install the mutation in the running interpreter; returns the function undoing it."""
    owner, name, original = _locate(mutation.target)
    if mutation.constant:
        if not isinstance(original, int | float | str | bool):
            raise MutationError(f"{mutation.target} is not a constant")
        replacement: Any = mutation.value
    else:
        replacement = mutated_function(mutation)
    setattr(owner, name, replacement)
    return lambda: setattr(owner, name, original)


@contextmanager
def applied(mutation: Mutation) -> Iterator[None]:
    undo = apply(mutation)
    try:
        yield
    finally:
        undo()


# -- running ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Suite:
    """A part of the test suite run against a mutation."""

    name: str
    arguments: tuple[str, ...]
    cwd: Path | None = None
    """Where it runs: the tooling's checkout (None), or the project of a game outside it."""


def suites(game: str) -> tuple[Suite, ...]:
    """The game's scenarios (its registered step folder) and, for a game of the tooling's
    checkout, its invariant tests; a game of another project has its scenarios run in that
    project, which holds no tests/invariants (nothing is run in the checkout)."""
    from rulebooks.games import registry

    spec = registry.spec(game)
    folder = spec.root / spec.scenarios_dir
    if not folder.is_relative_to(ROOT):
        return (Suite("scenarios", (str(folder.relative_to(spec.root)),), cwd=spec.root),)
    return (
        Suite("scenarios", (str(folder.relative_to(ROOT)),)),
        Suite(
            "invariants",
            ("tests/invariants", "-k", game, "--ignore", "tests/invariants/test_mutations.py"),
        ),
    )


@dataclass
class Outcome:
    mutation: Mutation | None
    game: str
    killed_by: list[str] = field(default_factory=list)
    passed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def verdict(self) -> str:
        if self.errors:
            return "error"
        return "killed" if self.killed_by else "survived"


PYTEST = ("-q", "--no-header", "-p", "no:cacheprovider", "-p", "rulebooks.mutation.handmade_plugin")
"""pytest's options for a suite run against a mutation (here, or on a Dask worker)."""


def run_suite(
    suite: Suite, mutation: Mutation | None, *, stop_early: bool = True
) -> tuple[int, str]:
    """Run a suite in a subprocess (the mutation applied by the plugin); (exit code, output)."""
    command = [sys.executable, "-m", "pytest", *PYTEST, *suite.arguments]
    if stop_early:
        command.append("-x")
    env = {k: v for k, v in os.environ.items() if k != ENV}
    if mutation is not None:
        env[ENV] = mutation.id
    done = subprocess.run(
        command, cwd=suite.cwd or ROOT, env=env, capture_output=True, text=True, check=False
    )
    return done.returncode, done.stdout + done.stderr


def run_mutation(mutation: Mutation | None, game: str, *, fast: bool = False) -> Outcome:
    """Every suite of the game against the mutation (None: the engine as it is).

    `fast` stops at the first suite that kills the mutation.
    """
    outcome = Outcome(mutation, game)
    start = time.perf_counter()
    for suite in suites(game):
        code, output = run_suite(suite, mutation)
        if not judged(outcome, suite, code, output, fast=fast):
            break
    outcome.seconds = time.perf_counter() - start
    return outcome


def judged(outcome: Outcome, suite: Suite, code: int, output: str, *, fast: bool = False) -> bool:
    """Note in `outcome` what `suite`'s exit code says (0 passed, 1 killed, else an error
    with the end of its output); whether the next suite is to be run."""
    if code == 0:
        outcome.passed.append(suite.name)
        return True
    if code == 1:
        outcome.killed_by.append(suite.name)
        return not fast
    tail = "\n".join(output.strip().splitlines()[-5:])
    outcome.errors.append(f"{suite.name}: pytest exit code {code}: {tail}")
    return False


def select(fast: bool, only: Sequence[str], games: Sequence[str]) -> list[Mutation]:
    chosen = [find(i) for i in only] if only else list(_all())
    if fast and not only:
        chosen = [find(i) for i in _fast()]
    if games:
        chosen = [m for m in chosen if m.game in games]
    return chosen


def main(
    *, fast: bool = False, only: Sequence[str] = (), games: Sequence[str] = (), jobs: int = 0
) -> int:
    """Run the baseline, then every selected mutation; print verdicts and the kill rate."""
    try:
        chosen = select(fast, only, games)
    except MutationError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not chosen:
        print("no mutation selected: a game declares its hand-made mutations in its GameSpec "
              "(`mutations=`, see the reference page)")  # fmt: skip
        return 2
    jobs = jobs or min(2, os.cpu_count() or 1)
    involved = sorted({m.game for m in chosen})
    print(f"baseline: the suites of {', '.join(involved)} without any mutation", flush=True)
    with ThreadPoolExecutor(jobs) as pool:
        baselines = list(pool.map(lambda g: run_mutation(None, g), involved))
    broken = [b for b in baselines if b.killed_by or b.errors]
    for base in broken:
        print(
            f"  {base.game}: the suite fails without a mutation ({base.killed_by or base.errors})"
        )
    if broken:
        print("the baseline must pass before mutations mean anything")
        return 2
    print(f"{len(chosen)} mutation(s), {jobs} at a time", flush=True)
    with ThreadPoolExecutor(jobs) as pool:
        outcomes = list(pool.map(lambda m: run_mutation(m, m.game, fast=fast), chosen))
    for outcome in outcomes:
        mutation = outcome.mutation
        assert mutation is not None
        how = {
            "killed": f"KILLED by {' and '.join(outcome.killed_by)}",
            "survived": "SURVIVED",
            "error": "NOT APPLICABLE / ERROR",
        }[outcome.verdict]
        print(f"{how:32} {mutation.id:28} {mutation.clause:11} {mutation.description}")
        for problem in outcome.errors:
            print(textwrap.indent(problem, "    "))
    killed = sum(1 for o in outcomes if o.verdict == "killed")
    survived = [o for o in outcomes if o.verdict == "survived"]
    errors = sum(1 for o in outcomes if o.verdict == "error")
    counted = killed + len(survived)
    rate = f"{killed / counted:.0%}" if counted else "n/a"
    print(f"kill rate: {killed}/{counted} = {rate} "
          f"({len(survived)} survived, {errors} not applicable)")  # fmt: skip
    for outcome in survived:
        assert outcome.mutation is not None
        print(f"  survivor {outcome.mutation.id}: add a scenario for {outcome.mutation.clause} "
              f"in features/{outcome.game}/")  # fmt: skip
    return 0 if not survived and not errors else 1
