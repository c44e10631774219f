"""The backends of `rulebooks simulate` (rulebooks.campaigns.executors): this process, local
processes,
a Dask cluster. Same results for the same seeds whatever the backend and the worker count;
chunks taken lazily; a lost worker's chunk rerun and counted once; Ctrl-C stops the workers;
a cluster that cannot be reached or goes away is named."""

from __future__ import annotations

import collections
import importlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dask
import distributed
import pytest

from rulebooks import cli
from rulebooks.campaigns import executors, simulate
from rulebooks.campaigns.executors import DaskCluster, Executor, InProcess, ProcessPool

ROOT = Path(__file__).resolve().parents[3]
GAME = "mahola"
CHECKS = simulate.Checks(clone_every=5, round_trip_every=20)


def square_logged(item: tuple[str, int]) -> int:
    """A chunk's stand-in: notes each start in a file (reruns show), takes a moment."""
    log, number = item
    with open(log, "a", encoding="utf-8") as file:
        file.write(f"{number}\n")
    time.sleep(0.2)
    return number * number


def dies_on_three(number: int) -> int:
    if number == 3:
        os._exit(1)  # the worker process dies, as on a crash or an out-of-memory kill
    return number


def worker_pids(pool: ProcessPool) -> list[int]:
    assert pool._pool is not None
    return list(pool._pool._processes)


def interrupt_soon() -> None:
    """Ctrl-C in a moment, while the main thread waits for a result."""
    threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()


def starts(log: Path) -> collections.Counter[int]:
    return collections.Counter(int(line) for line in log.read_text("utf-8").split())


def campaign(executor: Executor | None, workers: int = 1, games: int = 60) -> dict[str, Any]:
    params = simulate.campaign_parameters(GAME, 3, {})
    results = simulate.run_games(GAME, params, range(7, 7 + games), workers, CHECKS, None, executor)
    assert [r.seed for r in results] == list(range(7, 7 + games)), "each seed once, in order"
    return simulate.summarize(GAME, params, results)


@pytest.fixture(scope="module")
def reference() -> dict[str, Any]:
    """The campaign played in this process, one game after the other."""
    return campaign(None, workers=1)


@pytest.fixture(scope="module")
def cluster() -> Iterator[DaskCluster]:
    """A LocalCluster of 2 worker processes (the kill tests restart its workers)."""
    dask = DaskCluster(workers=2)
    try:
        yield dask
    finally:
        dask.close()


# -- the same results whatever the backend ----------------------------------------------------
def test_the_process_pool_plays_what_one_process_plays(reference: dict[str, Any]) -> None:
    with ProcessPool(2) as pool:
        assert campaign(pool) == reference


def test_a_local_dask_cluster_plays_what_the_process_pool_plays(
    reference: dict[str, Any], cluster: DaskCluster
) -> None:
    assert cluster.slots() == 2
    assert campaign(cluster) == reference
    assert cluster.chunk_size(10**7) == DaskCluster.largest_chunk > ProcessPool.largest_chunk


@pytest.mark.parametrize("backend", ["in-process", "pool", "dask"])
def test_chunks_are_taken_lazily_and_results_come_in_order(
    backend: str, cluster: DaskCluster, tmp_path: Path
) -> None:
    executor = {"in-process": InProcess(), "pool": ProcessPool(2), "dask": cluster}[backend]
    taken = 0

    def items() -> Iterator[tuple[str, int]]:
        nonlocal taken
        for number in range(10**9):  # far more than memory could hold as a list
            taken += 1
            yield str(tmp_path / "log"), number

    results = executor.map(square_logged, items())
    first = [next(results) for _ in range(3)]
    assert first == [0, 1, 4]
    assert taken <= 3 + executor.ahead
    getattr(results, "close", lambda: None)()  # the caller stops: the chunks in flight are dropped
    if executor is not cluster:
        executor.close()


# -- a lost worker ----------------------------------------------------------------------------
def test_a_dead_pool_process_has_its_chunks_rerun_once_counted(tmp_path: Path) -> None:
    log = tmp_path / "log"
    with ProcessPool(2) as pool:
        results = pool.map(square_logged, ((str(log), n) for n in range(12)))
        got = [next(results)]
        time.sleep(0.1)  # both processes are now inside a chunk
        os.kill(next(iter(worker_pids(pool))), signal.SIGKILL)
        got += list(results)
    assert got == [n * n for n in range(12)]
    assert max(starts(log).values()) == 2, "the chunks of the dead process ran again"


def test_a_chunk_that_kills_its_process_every_time_is_named() -> None:
    with ProcessPool(2) as pool, pytest.raises(executors.WorkerLost, match=r"3 times.*: 3$"):
        list(pool.map(dies_on_three, range(8)))


def test_a_chunk_that_kills_its_dask_worker_every_time_is_named() -> None:
    """After the scheduler's allowed-failures (1 here, to be quick) the campaign stops with a
    message naming a chunk, and says it may be one that only waited beside the killer."""
    with dask.config.set({"distributed.scheduler.allowed-failures": 1}):
        dask_cluster = DaskCluster(workers=2)
    try:
        with pytest.raises(executors.WorkerLost, match=r"died 2 times .* allowed-failures is 1"):
            list(dask_cluster.map(dies_on_three, range(8)))
        assert list(dask_cluster.map(abs, [-1, -2])) == [1, 2], "the cluster is still usable"
    finally:
        dask_cluster.close()


def test_a_killed_dask_worker_has_its_chunk_rerun_and_nothing_counted_twice(
    cluster: DaskCluster, tmp_path: Path
) -> None:
    log = tmp_path / "log"
    client = cluster._client
    results = cluster.map(square_logged, ((str(log), n) for n in range(24)))
    got = [next(results)]
    time.sleep(0.1)  # both workers are now inside a chunk
    busy = [worker for worker, keys in client.processing().items() if keys]
    assert busy, "a worker was running a chunk when it was killed"
    os.kill(client.run(os.getpid)[busy[0]], signal.SIGKILL)
    got += list(results)
    assert got == [n * n for n in range(24)]
    assert max(starts(log).values()) == 2, "the killed worker's chunk ran again"


def test_a_campaign_survives_a_killed_dask_worker(
    reference: dict[str, Any], cluster: DaskCluster
) -> None:
    client = cluster._client
    killed: list[int] = []

    def kill_once(count: int) -> None:
        busy = [worker for worker, keys in client.processing().items() if keys]
        if not killed and busy:
            killed.append(client.run(os.getpid)[busy[0]])
            os.kill(killed[0], signal.SIGKILL)

    params = simulate.campaign_parameters(GAME, 3, {})
    seeds = range(7, 67)
    results = simulate.run_games(GAME, params, seeds, 1, CHECKS, kill_once, cluster)
    assert killed
    assert [r.seed for r in results] == list(seeds)
    assert simulate.summarize(GAME, params, results) == reference


# -- Ctrl-C -----------------------------------------------------------------------------------
@pytest.mark.usefixtures("sigint_as_in_a_terminal")
def test_ctrl_c_stops_the_process_pool(tmp_path: Path) -> None:
    pool = ProcessPool(2)
    results = pool.map(square_logged, ((str(tmp_path / "log"), n) for n in range(100)))
    assert next(results) == 0
    pids = worker_pids(pool)
    interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        list(results)
    for pid in pids:  # stopped and reaped
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


@pytest.mark.usefixtures("sigint_as_in_a_terminal")
def test_ctrl_c_cancels_the_chunks_in_flight_on_dask(cluster: DaskCluster, tmp_path: Path) -> None:
    results = cluster.map(square_logged, ((str(tmp_path / "log"), n) for n in range(100)))
    assert next(results) == 0
    interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        list(results)
    client = cluster._client
    for _ in range(100):  # the cancellations reach the scheduler
        if not any(client.processing().values()):
            break
        time.sleep(0.1)
    assert not any(client.processing().values())
    assert list(cluster.map(abs, [-1, -2])) == [1, 2], "the cluster is still usable"


@pytest.mark.usefixtures("sigint_as_in_a_terminal")
def test_ctrl_c_in_a_terminal_stops_a_dask_campaign_cleanly(tmp_path: Path) -> None:
    """As in a terminal: SIGINT to the whole process group, the LocalCluster's included."""
    command = [
        *(sys.executable, "-m", "rulebooks.cli", "simulate", "mahe", "--games", "3000"),
        *("--clone-every", "100", "--check-every", "100", "--dask", "--workers", "2"),
    ]
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip
    assert process.stderr is not None
    line = process.stderr.readline()  # the progress bar's first line: games are being played
    assert "games/s" in line, line
    os.killpg(process.pid, signal.SIGINT)
    try:
        _, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130, stderr
    assert "interrupted" in stderr and "Traceback" not in stderr, stderr


# -- clusters that cannot be reached or go away -----------------------------------------------
def test_an_unknown_scheduler_address_is_named(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", 1.0)
    code = cli.main(["simulate", GAME, "--games", "3", "--scheduler", "tcp://127.0.0.1:9"])
    assert code == 3
    error = capsys.readouterr().err
    assert "no Dask scheduler answers at 'tcp://127.0.0.1:9'" in error
    code = cli.main(["simulate", GAME, "--games", "3", "--scheduler", "nowhere://x"])
    assert code == 3
    assert "unknown address scheme 'nowhere'" in capsys.readouterr().err


def test_a_cluster_that_goes_away_mid_campaign_is_named(tmp_path: Path) -> None:
    elsewhere = distributed.LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0"
    )
    dask = DaskCluster(str(elsewhere.scheduler_address))
    try:
        with pytest.raises(executors.ClusterError, match=r"lost the Dask cluster .* mid-campaign"):
            for _ in dask.map(square_logged, ((str(tmp_path / "log"), n) for n in range(50))):
                elsewhere.close()
    finally:
        dask.close()
        elsewhere.close()


def test_code_the_workers_cannot_import_is_named_before_any_chunk_is_sent(
    cluster: DaskCluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker that cannot unpickle a task fails inside Dask's messaging and the task never
    ends: the workers are asked first, and the campaign stops at once with the module named."""
    (tmp_path / "only_here.py").write_text("def plus_one(x):\n    return x + 1\n", "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))  # this process has it, the workers do not
    only_here = importlib.import_module("only_here")
    raised: list[BaseException] = []

    def first_chunk() -> None:
        try:
            next(cluster.map(only_here.plus_one, range(3)))
        except BaseException as error:  # handed to the test's thread
            raised.append(error)

    waiting = threading.Thread(target=first_chunk, daemon=True)  # a hang fails, not hangs
    waiting.start()
    waiting.join(60)
    assert raised, "the campaign waited for a task the workers cannot unpickle"
    assert isinstance(raised[0], executors.ClusterError)
    assert "cannot import 'only_here'" in str(raised[0])
    with pytest.raises(executors.ClusterError, match=r"cannot import 'rulebooks\.nowhere'"):
        cluster.check_workers("rulebooks.nowhere")
    with pytest.raises(executors.ClusterError, match=r"'rulebooks\.campaigns\.simulate:nothing'"):
        cluster.check_workers("rulebooks.campaigns.simulate:nothing")
    cluster.check_workers("rulebooks.campaigns.simulate:iter_games")
    assert list(cluster.map(abs, [-1, -2])) == [1, 2], "the cluster is still usable"


def test_without_dask_installed_the_message_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(executors.ClusterError, match=r"pip install 'rulebooks\[cluster\]'"):
        DaskCluster(workers=1)


def test_the_options_choose_the_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(executors.executor(1), InProcess)
    assert isinstance(executors.executor(3), ProcessPool)
    chosen: list[tuple[str | None, int]] = []
    monkeypatch.setattr(executors, "DaskCluster", lambda s, w: chosen.append((s, w)))
    executors.executor(2, dask=True)
    executors.executor(1, scheduler="tcp://h:8786")
    assert chosen == [(None, 2), ("tcp://h:8786", 1)]


def test_the_cluster_page_names_options_that_exist() -> None:
    page = (ROOT / "docs" / "clusters.md").read_text("utf-8")
    help_text = subprocess.run(
        [sys.executable, "-m", "rulebooks.cli", "simulate", "--help"],
        capture_output=True, text=True, check=True, cwd=ROOT,
    ).stdout  # fmt: skip
    for option in ("--dask", "--scheduler", "--workers", "--clone-every", "--check-every"):
        assert option in page and option in help_text
    assert "rulebooks[cluster]" in page and executors.INSTALL_HINT in page.replace('"', "'")
    mutate_help = subprocess.run(
        [sys.executable, "-m", "rulebooks.cli", "mutate", "--help"],
        capture_output=True, text=True, check=True, cwd=ROOT,
    ).stdout  # fmt: skip
    assert "rulebooks mutate" in page and "--dask" in mutate_help and "--scheduler" in mutate_help
    for script in ("bench_executors.py", "bench_mutate_dask.py"):
        assert f"benchmarks/{script}" in page and (ROOT / "benchmarks" / script).exists()
    assert "clusters\n" in (ROOT / "docs" / "index.md").read_text("utf-8")
