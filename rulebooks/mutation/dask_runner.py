"""``mutmut run`` with its mutants judged on a Dask cluster (``rulebooks mutate --dask`` or
``--scheduler ADDRESS``).

mutmut 3.8 asks ``get_mutant_runner`` for the object that runs its mutants; this module runs
mutmut's own command line with that function answering a :class:`DaskMutantRunner`. Everything
else is mutmut's: it makes the mutants, measures which scenarios reach each function (its
stats run, on this machine), runs the clean scenarios, picks each mutant's scenarios and its
time limits, and records the verdicts in ``mutants/``, where
:func:`rulebooks.mutation.campaign.collect`
reads them as after a local run.

The runner sends each mutant as a Dask task (:func:`rulebooks.mutation.dask_worker.judge`): the
worker runs the mutant's scenarios in a fresh process, as mutmut's fork runner does in a fork,
with the same scenarios in the same order, so a mutant's verdict is the same on either backend
(the scenario named as its killer may differ, as between two local runs). A fresh process
costs a worker under a second a mutant more than a fork; a large cluster repays it. The
code comes with the tasks (one archive of ``mutants/`` and the ``rulebooks`` package, sent
once to every worker); the workers need Python, the test tools (``rulebooks[dev]``) and
``rulebooks`` itself installed, which is checked before the first mutant is made.

Run as ``python -m rulebooks.mutation.dask_runner (--local N | --scheduler ADDRESS) run ...`` by
:func:`rulebooks.mutation.campaign.run_mutmut`. Exit code 3: the cluster could not be used (the
message
says why).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import hashlib
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import click
from mutmut.configuration import config
from mutmut.runners.harness import ListAllTestsResult
from mutmut.state import state
from mutmut.workers.isolation import MutantResult, MutantRunner

from rulebooks.campaigns import executors
from rulebooks.mutation import dask_worker as mutant_worker
from rulebooks.mutation.killers_plugin import KILLERS

STARTUP = 60
"""Seconds of allowance, CPU and wall, for starting a fresh Python and pytest (under a second
on the 2-core machine of this project's tests; generous, as a busy worker may be slow)."""
NO_TESTS = 33  # mutmut's exit code for a mutant that no scenario reaches
WORKER_NEEDS = (
    "rulebooks.mutation.dask_worker:judge",
    "pytest",
    "pytest_bdd",
    "mutmut.mutation.trampoline",
)
WORKER_HINT = "pip install 'rulebooks[dev]' on every worker, the version of this machine"


class DaskMutantRunner(MutantRunner):
    """mutmut's runner interface with mutants judged as Dask tasks, the rest (stats, clean
    run, forced failure, listing the tests) left to `local`, mutmut's own runner."""

    def __init__(self, cluster: executors.DaskCluster, local: MutantRunner, mutants: Path) -> None:
        self.cluster, self.local, self.mutants = cluster, local, mutants
        self._client: Any = cluster._client
        self._shipped: Any = None
        self._digest = ""
        self._running: dict[Any, str] = {}  # future -> mutant
        self._without_tests: list[MutantResult] = []
        self._completed: Any = None
        self.interrupted = False

    def startup(self) -> None:
        """Send every worker the archive of the code it judges, once."""
        from distributed import as_completed

        data = mutant_worker.archive(self.mutants)
        self._digest = hashlib.sha256(data).hexdigest()
        self._shipped = self._client.scatter(data, broadcast=True, hash=False)
        self._completed = as_completed(loop=self._client.loop)  # type: ignore[no-untyped-call]
        print(f"    mutants judged on the {self.cluster.name} "
              f"({len(data) / 1e6:.1f} MB of code sent to each worker)", flush=True)  # fmt: skip

    def submit(
        self, mutant_name: str, tests: list[str], cpu_time_limit: int, estimated_time: float
    ) -> None:
        """As mutmut's fork runner: the mutant's scenarios fastest first, its CPU limit and
        its wall-time limit (estimate plus timeout_constant, times timeout_multiplier), each
        with the allowance for a fresh process."""
        if not tests:
            self._without_tests.append(MutantResult(mutant_name, NO_TESTS, 0.0))
            return
        ordered = sorted(tests, key=lambda test: state().duration_by_test[test])
        settings = config()
        wall = (estimated_time + settings.timeout_constant) * settings.timeout_multiplier
        future = self._client.submit(
            mutant_worker.judge, self._shipped, self._digest, mutant_name, ordered,
            list(settings.pytest_add_cli_args), cpu_time_limit + STARTUP, wall + STARTUP,
            KILLERS, pure=False,
        )  # fmt: skip
        self._running[future] = mutant_name
        self._completed.add(future)

    def has_capacity(self) -> bool:
        """Two mutants per worker thread in flight: a worker never waits for the next."""
        return len(self._running) < 2 * self.cluster.slots()

    def wait_for_result(self, timeout: float | None = None) -> MutantResult:
        if self._without_tests:
            return self._without_tests.pop(0)
        future = next(self._completed)
        mutant = self._running.pop(future)
        try:
            code, seconds, failed = future.result()
        except self.cluster._distributed.KilledWorker as error:
            raise executors.WorkerLost(
                f"Dask workers died {error.allowed_failures + 1} times while judging {mutant} "
                "(the scheduler's allowed-failures): see the workers' logs"
            ) from error
        except (concurrent.futures.CancelledError, OSError, TimeoutError) as error:
            raise self.cluster._lost(error) from error
        # where mutmut's workers would have written them (rulebooks.mutation.killers_plugin)
        if failed:
            folder = self.mutants / KILLERS
            folder.mkdir(exist_ok=True)
            with (folder / mutant).open("a", encoding="utf-8") as out:
                out.writelines(f"{test}\n" for test in failed)
        return MutantResult(mutant_name=mutant, exit_code=code, duration=seconds)

    def pending_count(self) -> int:
        return len(self._running) + len(self._without_tests)

    def signal_work_complete(self) -> None:
        """Nothing to signal: results are awaited one by one."""

    def stop_all_workers(self) -> None:
        """Ctrl-C (mutmut calls this, then carries on as if done): cancel the mutants in
        flight and remember it, so that the command's exit code says so."""
        self.interrupted = True
        self._cancel()

    def _cancel(self) -> None:
        running, self._running = list(self._running), {}
        self._client.cancel(running)

    def shutdown(self) -> None:
        """Cancel what is left; remove the workers' copies of the code."""
        with contextlib.suppress(Exception):  # a cluster gone: its error is already raised
            self._cancel()
            if self._digest:
                self._client.run(mutant_worker.discard, self._digest)

    def collect_stats(self, tests: Iterable[str] | None) -> int:
        return self.local.collect_stats(tests)

    def run_clean_tests(self, tests: Iterable[str]) -> int:
        return self.local.run_clean_tests(tests)

    def run_forced_fail(self) -> int:
        return self.local.run_forced_fail()

    def list_all_tests(self) -> ListAllTestsResult:
        return self.local.list_all_tests()


def main(argv: list[str] | None = None) -> int:
    """``mutmut`` with its arguments after ``--local N`` or ``--scheduler ADDRESS``."""
    parser = argparse.ArgumentParser(prog="python -m rulebooks.mutation.dask_runner")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--local", type=int, metavar="N", help="a LocalCluster of N workers")
    where.add_argument("--scheduler", metavar="ADDRESS", help="the cluster at ADDRESS")
    args, mutmut_args = parser.parse_known_args(argv)
    import mutmut.__main__ as mutmut_main
    from mutmut.workers import isolation

    try:
        cluster = executors.DaskCluster(args.scheduler, args.local or 1)
    except (executors.ClusterError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 3
    try:
        cluster.check_workers(*WORKER_NEEDS, hint=WORKER_HINT)
        local_runner = isolation.get_mutant_runner
        made: list[DaskMutantRunner] = []

        def dask_runner(max_workers: int = 1) -> MutantRunner:
            mutants = Path("mutants").resolve()
            made.append(DaskMutantRunner(cluster, local_runner(max_workers), mutants))
            return made[-1]

        mutmut_main.get_mutant_runner = dask_runner  # type: ignore[attr-defined]
        mutmut_main.cli.main(args=mutmut_args, prog_name="mutmut", standalone_mode=False)
        if any(runner.interrupted for runner in made):
            return 130
    except (executors.ClusterError, executors.WorkerLost) as error:
        print(f"error: {error}", file=sys.stderr)
        return 3
    except (KeyboardInterrupt, click.exceptions.Abort):  # click's name for Ctrl-C
        return 130
    finally:
        cluster.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
