"""Where a campaign's chunks of seeds are played: in this process, in a pool of local processes,
or on a Dask cluster.

Every executor maps a function over chunks lazily and in order: it takes a few chunks from the
iterator at a time (at most :attr:`Executor.ahead` in flight), and yields each chunk's result
in the order the chunks came, whatever finishes first. A campaign's results therefore depend on
its seeds only, never on the backend or the number of workers, and memory does not grow with
the number of chunks.

- :class:`InProcess`: one worker, no other process (``--workers 1``).
- :class:`ProcessPool`: ``--workers N`` local processes (the default backend). A process that
  dies has its chunks rerun in a new pool.
- :class:`DaskCluster`: ``--dask`` (a ``LocalCluster`` of ``--workers`` processes on this
  machine) or ``--scheduler ADDRESS`` (an existing ``dask.distributed`` cluster, whose workers
  must have the same version of ``rulebooks`` installed). A worker lost mid-campaign has its
  chunks rerun by the scheduler; each chunk's result is read once, so nothing counts twice.

Ctrl-C (``KeyboardInterrupt``) while results are awaited stops the workers of every backend
(the pool is terminated, the chunks in flight on a cluster are cancelled) and propagates.
A cluster that cannot be reached, or goes away mid-campaign, raises :class:`ClusterError`
with a message saying so.
"""

from __future__ import annotations

import abc
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import pkgutil
import signal
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures.process import BrokenProcessPool
from types import TracebackType
from typing import Any, Generic, Self, TypeVar

T = TypeVar("T")
R = TypeVar("R")

ATTEMPTS = 3
"""How many times a chunk is started before its worker dying is blamed on the chunk."""
INSTALL_HINT = "pip install 'rulebooks[cluster]'"
CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a Dask scheduler to answer."""


class ClusterError(RuntimeError):
    """A cluster cannot be reached, went away, or cannot run the chunks; the message says which."""


class WorkerLost(RuntimeError):
    """A chunk killed its worker process every time it was started."""


class Executor(abc.ABC):
    """Runs a function over chunks, lazily and in order (see the module's documentation)."""

    name = "executor"
    largest_chunk = 50
    """Games per chunk at most: small enough for a lively progress bar and a quick stop."""

    @abc.abstractmethod
    def slots(self) -> int:
        """How many chunks run at once."""

    @property
    def ahead(self) -> int:
        """Chunks in flight at most (so that workers never wait for the next chunk)."""
        return 4 * self.slots()

    def chunk_size(self, games: int) -> int:
        """Games per chunk for a campaign of `games`: about 8 chunks per slot, at most
        :attr:`largest_chunk`."""
        return max(1, min(self.largest_chunk, games // (self.slots() * 8)))

    @abc.abstractmethod
    def map(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """``function(item)`` for each item, in the items' order."""

    def close(self) -> None:  # noqa: B027 - optional: only executors with workers stop them
        """Stop the workers (nothing to do when there are none)."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class InProcess(Executor):
    """Every chunk in this process, one after the other."""

    name = "this process"

    def slots(self) -> int:
        return 1

    def map(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        return map(function, items)


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it stops the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class ProcessPool(Executor):
    """`workers` local processes; a chunk whose process dies is rerun in a new pool."""

    name = "local processes"

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError(f"a process pool has at least 1 worker, got {workers}")
        self.workers = workers
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def slots(self) -> int:
        return self.workers

    def _started(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.workers, multiprocessing.get_context(), initializer=_ignore_interrupts
            )
        return self._pool

    def map(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        source = iter(items)
        flight: deque[_Chunk[T, R]] = deque()
        try:
            while True:
                for chunk in flight:  # those waiting since a worker died, then new ones
                    if chunk.future is None:
                        chunk.future = self._started().submit(function, chunk.item)
                while len(flight) < self.ahead and (item := next(source, _END)) is not _END:
                    flight.append(_Chunk(item, self._started().submit(function, item)))
                if not flight:
                    return
                try:
                    result = _future(flight[0]).result()
                except BrokenProcessPool:
                    self._rerun_alone(function, flight)
                    continue
                flight.popleft()
                yield result
        except BaseException:  # Ctrl-C, an error, or the caller closing the iterator
            self.close()
            raise

    def _rerun_alone(self, function: Callable[[T], R], flight: deque[_Chunk[T, R]]) -> None:
        """A worker died while the first chunk waited: a new pool reruns that chunk alone,
        so that a chunk dying again is the culprit (blamed after :data:`ATTEMPTS` deaths);
        the other unfinished chunks wait for it."""
        self.close()
        for chunk in flight:
            if chunk.future is not None and not _finished(chunk.future):
                chunk.future = None
        head = flight[0]
        head.deaths += 1
        if head.deaths >= ATTEMPTS:
            raise WorkerLost(
                f"a worker process died each of the {ATTEMPTS} times this chunk ran: {head.item}"
            )
        head.future = self._started().submit(function, head.item)

    def close(self) -> None:
        """Stop at once: the chunks running are not awaited, their results are not wanted."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(Exception):
                process.terminate()
        for process in processes:  # gone, and reaped, when close returns
            with contextlib.suppress(Exception):
                process.join(timeout=10)


_END: Any = object()


class _Chunk(Generic[T, R]):
    """A chunk in flight: its item, its future (None while it waits to be rerun), how many
    times a worker died while it ran first in line."""

    def __init__(self, item: T, future: concurrent.futures.Future[R] | None) -> None:
        self.item, self.future, self.deaths = item, future, 0


def _future(chunk: _Chunk[T, R]) -> concurrent.futures.Future[R]:
    assert chunk.future is not None, "submitted before it is awaited"
    return chunk.future


def _finished(future: concurrent.futures.Future[Any]) -> bool:
    return future.done() and not future.cancelled() and future.exception() is None


class DaskCluster(Executor):
    """Chunks as tasks on a Dask cluster: a LocalCluster of `workers` processes when no
    `scheduler` address is given, else the cluster at that address."""

    name = "Dask"
    largest_chunk = 500
    """Bigger chunks than local ones: a task costs the scheduler about a millisecond."""

    def __init__(self, scheduler: str | None = None, workers: int = 1) -> None:
        try:
            import distributed
        except ImportError as error:
            message = f"the Dask backend needs dask.distributed ({INSTALL_HINT})"
            raise ClusterError(message) from error
        self._distributed: Any = distributed
        self._cluster: Any = None
        if scheduler is None:
            if workers < 1:
                raise ValueError(f"a LocalCluster has at least 1 worker, got {workers}")
            self._cluster = _local_cluster(distributed, workers)
            self.address = str(self._cluster.scheduler_address)
            self.name = f"Dask LocalCluster at {self.address}"
        else:
            self.address = scheduler
            self.name = f"Dask scheduler at {scheduler}"
        try:
            if scheduler is not None:
                _check_reachable(distributed, scheduler)
            self._client: Any = self._distributed.Client(
                self._cluster or scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False
            )
        except (OSError, TimeoutError, ValueError) as error:
            self._stop_cluster()
            raise ClusterError(
                f"no Dask scheduler answers at {scheduler!r}: {error}. Give the address the "
                "scheduler prints (tcp://HOST:8786), or --dask for a LocalCluster here"
            ) from error
        self._slots = 1
        self._counted = 0.0

    def slots(self) -> int:
        """The cluster's worker threads (asked again every few seconds: clusters scale)."""
        if time.monotonic() - self._counted > 5:
            with contextlib.suppress(Exception):
                self._slots = max(1, sum(self._client.nthreads().values()))
            self._counted = time.monotonic()
        return self._slots

    def chunk_size(self, games: int) -> int:
        self._counted = 0.0  # the cluster as it is now
        return super().chunk_size(games)

    def check_workers(self, *names: str, hint: str = "") -> None:
        """Refuse, with a :class:`ClusterError` naming it, a module or object the cluster's
        workers cannot import (``"package.module"`` or ``"package.module:name"``).

        Asked of every worker before a campaign's first chunk is sent: a worker that cannot
        unpickle a task fails inside Dask's messaging, where the task never ends, so a
        campaign would wait for ever instead of saying why. (Workers that join later are not
        asked.)
        """
        for name in names:
            try:
                self._client.run(pkgutil.resolve_name, name)
            except (ImportError, AttributeError) as error:
                missing = getattr(error, "name", None) or name
                hint = hint or f"install this version of rulebooks on every worker ({INSTALL_HINT})"
                raise ClusterError(
                    f"the Dask workers cannot import {missing!r} ({type(error).__name__}: "
                    f"{error}): {hint}"
                ) from error
            except (OSError, TimeoutError) as error:
                raise self._lost(error) from error

    def map(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        if "<" not in function.__qualname__ and function.__module__ != "__main__":
            self.check_workers(f"{function.__module__}:{function.__qualname__}")
        source = iter(items)
        flight: deque[tuple[T, Any]] = deque()
        try:
            with _interrupts_deferred() as interrupted:
                while True:
                    while len(flight) < self.ahead and (item := next(source, _END)) is not _END:
                        flight.append((item, self._submit(function, item)))
                    if not flight:
                        return
                    item, future = flight[0]
                    result: R = self._result(item, future, interrupted)
                    flight.popleft()
                    yield result
        except BaseException:  # Ctrl-C, an error, or the caller closing the iterator
            with contextlib.suppress(Exception):
                self._client.cancel([future for _, future in flight])
            raise

    def _submit(self, function: Callable[[T], R], item: T) -> Any:
        try:
            return self._client.submit(function, item, pure=False)
        except Exception as error:
            raise self._lost(error) from error

    def _result(self, item: object, future: Any, interrupted: threading.Event) -> Any:
        done = threading.Event()
        future.add_done_callback(lambda _: done.set())
        while not done.wait(0.1):
            if interrupted.is_set():
                raise KeyboardInterrupt
        try:
            result = future.result()
        except self._distributed.KilledWorker as error:
            allowed = error.allowed_failures
            raise WorkerLost(
                f"Dask workers died {allowed + 1} times while this chunk was on them (the "
                f"scheduler's allowed-failures is {allowed}): it kills them, or it waited on "
                f"a worker beside the chunk that does: {item}"
            ) from error
        except (concurrent.futures.CancelledError, OSError, TimeoutError) as error:
            raise self._lost(error) from error
        return result

    def _lost(self, error: BaseException) -> ClusterError:
        return ClusterError(
            f"lost the Dask cluster at {self.address} mid-campaign "
            f"({type(error).__name__}: {error}); the games already counted are reported"
        )

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._client.close(timeout=5)
        self._stop_cluster()

    def _stop_cluster(self) -> None:
        cluster, self._cluster = self._cluster, None
        if cluster is not None:
            with contextlib.suppress(Exception):
                cluster.close(timeout=10)


def _local_cluster(distributed: Any, workers: int) -> Any:
    """A LocalCluster of `workers` single-threaded processes, quiet, without a dashboard.

    Its processes are started with Ctrl-C ignored (they inherit that), so that a Ctrl-C in
    the terminal reaches this process only, which then stops them in order.
    """
    previous = signal.getsignal(signal.SIGINT)
    main = _in_main_thread()
    if main:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            # CRITICAL, not ERROR: while the cluster closes in order, a worker's heartbeat
            # may find the scheduler gone and log a traceback at ERROR. A task's own error
            # still reaches this process as the exception it raised; a lost worker is
            # reported by the campaign itself.
            silence_logs=logging.CRITICAL,
        )
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def _interrupts_deferred() -> Iterator[threading.Event]:
    """Ctrl-C sets the event instead of raising at once: the Dask map raises KeyboardInterrupt
    itself while it waits. (Raised inside one of Dask's own waits, it makes Dask's event loop
    print an error, which a clean stop should not show.) Only in the main thread."""
    interrupted = threading.Event()
    if not _in_main_thread():
        yield interrupted
        return
    previous = signal.signal(signal.SIGINT, lambda number, frame: interrupted.set())
    try:
        yield interrupted
    finally:
        signal.signal(signal.SIGINT, previous)


def _check_reachable(distributed: Any, address: str) -> None:
    """Refuse an address of no known kind, or a TCP address where nothing listens, before a
    Client is made (a Client failing to connect prints noise when it is collected)."""
    scheme, location = distributed.comm.parse_address(address)
    distributed.comm.registry.get_backend(scheme)  # ValueError: unknown address scheme
    if scheme in ("tcp", "tls"):
        host, port = distributed.comm.parse_host_port(location)
        with socket.create_connection((host, port), timeout=CONNECT_TIMEOUT):
            pass


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


WORKERS_PER_CORE = 4
WORKERS_CAP = 64


def max_workers() -> int:
    """The most local worker processes a campaign starts: :data:`WORKERS_PER_CORE` per core of
    this machine, never more than :data:`WORKERS_CAP` (past the cores, more processes only
    share them, and thousands exhaust the machine before the first game)."""
    return min(WORKERS_CAP, WORKERS_PER_CORE * (os.cpu_count() or 1))


def workers_problem(workers: int) -> str | None:
    """Why ``--workers`` cannot be ``workers`` (None: it can)."""
    if workers < 1:
        return f"--workers {workers}: at least 1"
    bound = max_workers()
    if workers > bound:
        return (
            f"--workers {workers} is more than {bound}, the bound on this machine "
            f"({WORKERS_PER_CORE} per core, {WORKERS_CAP} at most)"
        )
    return None


def executor(workers: int = 1, dask: bool = False, scheduler: str | None = None) -> Executor:
    """The backend the options ask for: ``scheduler`` (an address) or ``dask`` (a LocalCluster
    of `workers`) for Dask, else local processes (this one alone when `workers` is 1)."""
    if scheduler is not None or dask:
        return DaskCluster(scheduler, workers)
    return InProcess() if workers <= 1 else ProcessPool(workers)
