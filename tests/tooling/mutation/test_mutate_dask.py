"""``rulebooks mutate --dask`` / ``--scheduler`` (rulebooks.mutation.dask_runner): mutmut's mutants
judged on a Dask cluster get the verdicts mutmut's own fork runner gives them, and a cluster
that cannot be used is named before any mutant is made.

Real mutmut runs, in a copy of the project narrowed to Mahé (its files mutated, its scenarios
for the stats run), so that the two runs take about 15 s together.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import distributed
import pytest
from mutmut.runners.harness import ListAllTestsResult
from mutmut.state import state
from mutmut.workers.isolation import MutantResult, MutantRunner

from rulebooks import cli
from rulebooks.campaigns import executors
from rulebooks.campaigns.executors import DaskCluster
from rulebooks.mutation import campaign as mutate
from rulebooks.mutation import dask_runner as mutate_dask
from rulebooks.mutation import dask_worker as mutant_worker
from rulebooks.mutation import handmade as mutations
from rulebooks.mutation.campaign import DaskBackend
from rulebooks.mutation.dask_runner import DaskMutantRunner
from rulebooks.mutation.dask_worker import judge_all

ROOT = Path(__file__).resolve().parents[3]
BENCH = ROOT / "benchmarks" / "bench_mutate_dask.py"
FUNCTIONS = ("is_bust", "passes_beach")  # MAHE-3.3/3.4 and MAHE-6.1: 9 mutants, 1 survivor


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What mutmut reads of the project, its scenarios narrowed to Mahé's (as the benchmark
    benchmarks/bench_mutate_dask.py copies it)."""
    spec = importlib.util.spec_from_file_location("bench_mutate_dask", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    copy: Path = bench.narrowed_copy(tmp_path_factory.mktemp("project"), "mahe")
    return copy


def verdicts(project: Path, dask: DaskBackend | None) -> dict[str, tuple[str, list[str]]]:
    chosen = [t for t in mutate.targets() if t.unit.qualname in FUNCTIONS]
    patterns = [mutate.mangled(t.unit) + "__mutmut_*" for t in chosen]
    mutate.run_mutmut(patterns, 2, root=project, dask=dask)
    records = mutate.collect(chosen, root=project)
    return {r["name"]: (r["status"], r["killed_by"]) for rs in records.values() for r in rs}


def test_a_local_dask_cluster_gives_the_verdicts_of_mutmuts_fork_runner(project: Path) -> None:
    forked = verdicts(project, None)
    on_dask = verdicts(project, DaskBackend(workers=2))
    assert len(forked) >= 9
    assert {name: status for name, (status, _) in on_dask.items()} == {
        name: status for name, (status, _) in forked.items()
    }
    assert {status for status, _ in forked.values()} == {"killed", "survived"}
    for name, (status, killers) in on_dask.items():
        # -x: one scenario kills; which one may differ (mutmut orders a mutant's scenarios by
        # the durations its stats run measured, so either backend may start with another)
        if status == "killed":
            assert len(killers) == 1 and killers[0].startswith("tests/scenarios/mahe/"), name
            assert "::" in killers[0], killers
        else:
            assert killers == [], name


@pytest.mark.usefixtures("sigint_as_in_a_terminal")
def test_ctrl_c_stops_mutmut_on_dask_cleanly(project: Path) -> None:
    """As in a terminal: SIGINT to the whole process group once mutants are being judged.
    mutmut stops, the command exits 130 without a traceback, and no process of the group
    (the LocalCluster's included) is left."""
    command = [
        sys.executable, "-m", "rulebooks.mutation.dask_runner", "--local", "2", "run",
        "--max-children",
        "2", "engine.mahe.game.x_passes_beach__mutmut_*",
    ]  # fmt: skip
    process = subprocess.Popen(
        command, cwd=project, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,
    )  # fmt: skip
    assert process.stdout is not None
    try:
        for line in process.stdout:
            if "mutants judged on the Dask LocalCluster" in line:
                break
        else:
            raise AssertionError("mutmut never sent a mutant to the cluster")
        time.sleep(1)
        os.killpg(process.pid, signal.SIGINT)
        rest = process.communicate(timeout=120)[0]
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130, rest
    assert "Traceback" not in rest, rest
    for _ in range(100):  # the workers see their parent gone
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        raise AssertionError("processes of the campaign outlived it")


def test_an_unknown_scheduler_stops_the_campaign_before_any_mutant(
    project: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(mutate.CampaignError, match=r"Dask cluster at tcp://127\.0\.0\.1:9"):
        mutate.run_mutmut(["x*"], 1, root=project, dask=DaskBackend("tcp://127.0.0.1:9"))
    assert "no Dask scheduler answers at 'tcp://127.0.0.1:9'" in capfd.readouterr().err
    assert not (project / "mutants").exists(), "no mutant was made"


def test_workers_without_the_test_tools_stop_mutmut_before_any_mutant(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # where mutmut would make its mutants/ folder
    monkeypatch.setattr(mutate_dask, "WORKER_NEEDS", (*mutate_dask.WORKER_NEEDS, "no_such_tool"))
    assert mutate_dask.main(["--local", "1", "run"]) == 3
    error = capsys.readouterr().err
    assert "the Dask workers cannot import 'no_such_tool'" in error
    assert mutate_dask.WORKER_HINT in error
    assert not (tmp_path / "mutants").exists(), "mutmut never started"


def test_a_cluster_gone_mid_judging_is_named_and_the_results_file_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _failing_folder(tmp_path / "mutants", sleep=1.0)
    elsewhere = distributed.LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0"
    )
    cluster = DaskCluster(str(elsewhere.scheduler_address))
    jobs = [(f"m.x_f__mutmut_{n}", ["tests"], 60.0) for n in range(1, 9)]
    closing = threading.Timer(2.0, elsewhere.close)  # while the second mutant is judged
    closing.start()
    try:
        with pytest.raises(executors.ClusterError, match=r"lost the Dask cluster .* mid-campaign"):
            judge_all(cluster, folder, jobs, ["-p", "no:cacheprovider"])
    finally:
        closing.join()
        cluster.close()
        mutant_worker.discard(hashlib.sha256(mutant_worker.archive(folder)).hexdigest())

    def gone(**options: Any) -> None:
        raise executors.ClusterError("lost the Dask cluster at tcp://h:8786 mid-campaign")

    monkeypatch.setattr(mutate, "campaign", gone)
    assert mutate.main(workers=1, dask=DaskBackend("tcp://h:8786")) == 3
    error = capsys.readouterr().err
    assert "lost the Dask cluster at tcp://h:8786" in error and "was not touched" in error


def test_the_options_choose_where_mutants_are_judged(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    chosen: list[DaskBackend | None] = []

    def campaign(**options: Any) -> int:
        chosen.append(options["dask"])
        return 0

    monkeypatch.setattr(mutate, "main", campaign)
    assert cli.main(["mutate", "--dask", "--workers", "3"]) == 0
    assert cli.main(["mutate", "--scheduler", "tcp://h:8786"]) == 0
    assert cli.main(["mutate", "--workers", "2"]) == 0
    cores = os.cpu_count() or 1
    assert chosen == [DaskBackend(None, 3), DaskBackend("tcp://h:8786", cores), None]
    assert DaskBackend(None, 3).arguments() == ["--local", "3"]
    assert DaskBackend("tcp://h:8786").arguments() == ["--scheduler", "tcp://h:8786"]
    assert cli.main(["mutate", "--fast", "--dask"]) == 2
    assert "hand-made mutations of --fast and --only run here" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["mutate", "--dask", "--scheduler", "tcp://h:8786"])


def test_a_worker_judges_a_mutant_from_the_archive_and_unpacks_it_once(tmp_path: Path) -> None:
    """The worker's side alone: an archive of a folder whose one test fails when the mutant
    under test is named, as a mutant kills a scenario."""
    folder = _failing_folder(tmp_path / "mutants")
    data = _archive(folder)
    digest = hashlib.sha256(data).hexdigest()
    plugin = ["-p", "no:cacheprovider", "-p", "rulebooks.mutation.killers_plugin"]
    killed = mutant_worker.judge(data, digest, "m.x_f__mutmut_1", ["tests"], plugin, 60, 60.0,
                                 "rulebooks-killers")  # fmt: skip
    survived = mutant_worker.judge(data, digest, "m.x_f__mutmut_2", ["tests"], plugin, 60, 60.0,
                                   "rulebooks-killers")  # fmt: skip
    assert killed[0] == 1 and killed[2] == ["tests/test_it.py::test_rule[1]"]
    assert survived[0] == 0 and survived[2] == []
    unpacked = mutant_worker.unpacked(data, digest)
    assert unpacked.is_dir() and (unpacked / "tests" / "test_it.py").exists()
    assert not (unpacked / "rulebooks-killers" / "m.x_f__mutmut_1").exists(), "left clean"
    mutant_worker.discard(digest)


def test_a_killed_worker_has_its_mutant_judged_again_and_read_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The runner alone, on a LocalCluster of 2: a worker killed while it judges has its
    mutants judged by another, and each verdict is read once."""
    folder = _failing_folder(tmp_path / "mutants", sleep=0.5)
    test = "tests/test_it.py::test_rule[1]"
    monkeypatch.setitem(state().duration_by_test, test, 0.5)
    cluster = DaskCluster(workers=2)
    try:
        runner = DaskMutantRunner(cluster, NotLocal(), folder)
        runner.startup()
        names = [f"m.x_f__mutmut_{n}" for n in range(1, 7)]
        for name in names:
            runner.submit(name, [test], cpu_time_limit=60, estimated_time=0.5)
        client = cluster._client
        for _ in range(100):
            busy = [worker for worker, keys in client.processing().items() if keys]
            if busy:
                break
            time.sleep(0.1)
        killed = client.run(os.getpid)[busy[0]]
        os.kill(killed, signal.SIGKILL)
        results = [runner.wait_for_result() for _ in names]
        assert runner.pending_count() == 0
        assert killed not in client.run(os.getpid).values(), "the worker was killed mid-run"
        copies = mutant_worker.folder_of(runner._digest)
        assert copies.is_dir()
        runner.shutdown()
        assert not list(copies.parent.glob(copies.name + "*")), "the workers' copies removed"
    finally:
        cluster.close()
    assert sorted(r.mutant_name for r in results) == names, "each mutant's verdict read once"
    codes = {r.mutant_name: r.exit_code for r in results}
    assert codes == {name: 1 if name.endswith("_1") else 0 for name in names}
    assert mutate.killers_of(folder, names[0]) == [test]


def test_mutants_rerun_fresh_are_judged_on_the_cluster_in_order(tmp_path: Path) -> None:
    """What `rulebooks mutate --dask` sends for the mutants mutmut cannot judge in a fork."""
    folder = _failing_folder(tmp_path / "mutants")
    plugin = ["-p", "no:cacheprovider", "-p", "rulebooks.mutation.killers_plugin"]
    jobs = [(f"m.x_f__mutmut_{n}", ["tests"], 60.0) for n in (2, 1, 3)]
    with DaskCluster(workers=2) as cluster:
        verdicts = judge_all(cluster, folder, jobs, plugin)
    archive = mutant_worker.archive(folder)
    assert archive == mutant_worker.archive(folder), "the same files, the same archive"
    left = mutant_worker.folder_of(hashlib.sha256(archive).hexdigest())
    assert not list(left.parent.glob(left.name + "*")), "the workers' copies removed"
    assert [(code, failed) for code, _, failed in verdicts] == [
        (0, []), (1, ["tests/test_it.py::test_rule[1]"]), (0, []),
    ]  # fmt: skip
    assert [mutate.fresh_status(code) for code, _, _ in verdicts] == [
        "survived", "killed", "survived",
    ]  # fmt: skip
    assert mutate.fresh_status(mutant_worker.TIMEOUT) == mutate.fresh_status(None) == "timeout"
    assert mutate.fresh_status(-signal.SIGXCPU) == "timeout"


def test_hand_made_mutations_on_the_cluster_get_the_local_verdicts() -> None:
    """Their suites run on the cluster in a copy of the project; read as run_mutation reads
    them here (which suites killed each, in order)."""
    chosen = [m for m in mutations.MUTATIONS if m.game == "mahe"][:1]
    here = [mutations.run_mutation(m, m.game) for m in chosen]
    with DaskCluster(workers=2) as cluster:
        there = mutate.rule_mutations_on(cluster, chosen, ROOT)
    assert [(o.verdict, o.killed_by, o.passed) for o in there] == [
        (o.verdict, o.killed_by, o.passed) for o in here
    ]
    assert {o.verdict for o in there} == {"killed"}


def test_hand_made_mutations_wait_for_suites_that_pass_on_the_cluster(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A suite failing on the workers without any mutation would make every mutation look
    killed: the campaign stops instead, saying so."""
    broken = mutations.Suite("scenarios", ("tests/scenarios/not_here",))
    monkeypatch.setattr(mutations, "suites", lambda game: (broken,))
    with (
        DaskCluster(workers=1) as cluster,
        pytest.raises(mutate.CampaignError, match=r"mahe scenarios fail without any mutation"),
    ):
        mutate.rule_mutations_on(cluster, mutations.MUTATIONS[:1], ROOT)


class NotLocal(MutantRunner):
    """The runner mutmut would use here: never asked for a mutant."""

    def startup(self) -> None: ...
    def submit(self, mutant_name: str, tests: list[str], cpu: int, estimate: float) -> None:
        raise AssertionError("a mutant judged here, not on the cluster")

    def has_capacity(self) -> bool:
        return True

    def wait_for_result(self, timeout: float | None = None) -> MutantResult:
        raise AssertionError("no mutant is judged here")

    def pending_count(self) -> int:
        return 0

    def signal_work_complete(self) -> None: ...
    def shutdown(self) -> None: ...
    def collect_stats(self, tests: Iterable[str] | None) -> int:
        return 0

    def run_clean_tests(self, tests: Iterable[str]) -> int:
        return 0

    def run_forced_fail(self) -> int:
        return 1

    def list_all_tests(self) -> ListAllTestsResult:
        return ListAllTestsResult(ids=set())


def _failing_folder(folder: Path, sleep: float = 0.0) -> Path:
    """A folder whose one test fails when the mutant under test is number 1."""
    (folder / "tests").mkdir(parents=True)
    (folder / "tests" / "test_it.py").write_text(
        "import os\nimport time\n\nimport pytest\n\n\n@pytest.mark.parametrize('n', [1])\n"
        f"def test_rule(n):\n    time.sleep({sleep})\n"
        "    assert 'mutmut_1' not in os.environ['MUTANT_UNDER_TEST']\n",
        "utf-8",
    )
    (folder / "pyproject.toml").write_text("[tool.pytest.ini_options]\n", "utf-8")
    return folder


def _archive(folder: Path) -> bytes:
    import io
    import tarfile

    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        tar.add(folder, arcname=".")
    return buffer.getvalue()
