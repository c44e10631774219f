"""What a Dask worker does for ``rulebooks mutate --dask`` / ``--scheduler``: judge one
mutmut mutant.

The campaign (:mod:`rulebooks.mutation.dask_runner`) sends every worker the same archive once:
mutmut's
``mutants/`` folder (the mutated engine, the scenarios, the feature files) with the
``rulebooks`` package beside it, so that every worker runs the code this machine runs. A
worker unpacks it once per machine, into a folder named by the archive's digest, and judges a
mutant as mutmut's own fork runner does, in a fresh Python process instead of a fork:
``MUTANT_UNDER_TEST`` names the mutant, pytest runs the tests mutmut chose for it, fastest
first, with ``-x``; the exit code is mutmut's verdict (0 survived, 1 killed, ...). The
scenarios that failed (written by :mod:`rulebooks.mutation.killers_plugin`) come back with it.

A hand-made rule mutation's suites run the same way (:func:`run_suite_job`), in an archive of
the project itself. The campaign's side is here too (:func:`archive`, :func:`judge_all`,
:func:`run_suites`, :func:`discard`), free of mutmut's modules, which read the project's
settings from the working folder when imported.
A worker imports this module alone; it uses the standard library only, and writes nothing
outside its own folder, in this user's private ``<tmp>/rulebooks-<uid>`` (mode 0700, checked
before each use), and trusts a folder found there only once it holds the archive's files.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import io
import math
import os
import resource
import shutil
import stat
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulebooks.campaigns.executors import DaskCluster

TIMEOUT = 36  # mutmut's exit code for a mutant stopped for taking too long
PYTEST = ["--rootdir=.", "--tb=native", "-x", "-q", "-p", "no:randomly", "-p", "no:random-order"]
"""pytest's options before the tests, as mutmut's PytestRunner gives them."""


class UnsafeFolder(RuntimeError):
    """The folder a worker would unpack into, or trust, is not this user's alone."""


_VERIFIED: set[Path] = set()
"""Folders this process found to hold their archive, file for file (checked once each)."""


def private_root() -> Path:
    """This user's folder for unpacked archives, ``<tmp>/rulebooks-<uid>``: created mode 0700,
    and refused unless it is a real folder (no link) owned by this user that no one else
    may enter; on a shared host another user cannot plant code in it."""
    root = Path(tempfile.gettempdir()) / f"rulebooks-{os.getuid()}"
    with contextlib.suppress(FileExistsError):
        os.mkdir(root, 0o700)
    info = os.lstat(root)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        raise UnsafeFolder(
            f"{root} is not a private folder of this user (owner {info.st_uid}, mode "
            f"{stat.filemode(info.st_mode)}): remove it, it is made anew"
        )
    return root


def folder_of(digest: str) -> Path:
    """Where a worker's machine keeps the archive of this digest, unpacked (in this user's
    :func:`private_root`)."""
    return private_root() / f"mutants-{digest[:32]}"


def holds(folder: Path, archive: bytes) -> bool:
    """True when every file of `archive` is in `folder` with the same bytes (files added
    since, byte-code and the scenarios' records, are the runs' own)."""
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r:gz") as tar:
        for member in tar:
            if not member.isfile():
                continue
            packed = tar.extractfile(member)
            path = folder / member.name
            if packed is None or path.is_symlink() or not path.is_file():
                return False
            if path.read_bytes() != packed.read():
                return False
    return True


def unpacked(archive: bytes, digest: str) -> Path:
    """The folder holding `archive` on this machine, unpacked by the first worker to ask
    (the others wait for nothing: each unpacks into a folder of its own and keeps the one
    renamed first). The archive must have `digest`; a folder found there is trusted only
    once it is checked to hold the archive's files (else it is unpacked anew)."""
    if hashlib.sha256(archive).hexdigest() != digest:
        raise UnsafeFolder(f"the archive sent does not have its digest {digest[:12]}...")
    folder = folder_of(digest)
    if folder in _VERIFIED and folder.is_dir():
        return folder
    if folder.is_dir() and not folder.is_symlink() and holds(folder, archive):
        _VERIFIED.add(folder)
        return folder
    staging = Path(tempfile.mkdtemp(prefix=folder.name + ".", dir=folder.parent))
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r:gz") as tar:
        tar.extractall(staging, filter="data")
    if folder.is_symlink() or folder.exists():  # not what the archive holds: replaced
        if folder.is_symlink() or not folder.is_dir():
            folder.unlink()
        elif not holds(folder, archive):  # (unless another worker just renamed a good one)
            shutil.rmtree(folder, ignore_errors=True)
    try:
        os.rename(staging, folder)
    except OSError:  # another worker of this machine was first
        shutil.rmtree(staging, ignore_errors=True)
    _VERIFIED.add(folder)
    return folder


def judge(
    archive: bytes,
    digest: str,
    mutant: str,
    tests: list[str],
    pytest_args: list[str],
    cpu_limit: int,
    wall_limit: float,
    killers: str,
) -> tuple[int, float, list[str]]:
    """(mutmut's exit code, seconds, the tests that failed) for `mutant` against `tests`.

    `cpu_limit` seconds of CPU (then SIGXCPU, mutmut's timeout) and `wall_limit` seconds of
    wall time (then :data:`TIMEOUT`), the allowance for starting a fresh process included.
    Rerunning it (a worker lost, its task sent elsewhere) gives the same answer.
    """
    folder = unpacked(archive, digest)
    record = folder / killers / mutant
    record.unlink(missing_ok=True)
    path = [str(folder), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {**os.environ, "MUTANT_UNDER_TEST": mutant, "PYTHONPATH": os.pathsep.join(path)}

    def limit_cpu() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit + 1))

    command = [sys.executable, "-m", "pytest", *PYTEST, *tests, *pytest_args]
    began = time.monotonic()
    try:
        done = subprocess.run(
            command, cwd=folder, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            timeout=wall_limit, preexec_fn=limit_cpu,
        )  # fmt: skip
        code = done.returncode
    except subprocess.TimeoutExpired:
        code = TIMEOUT
    failed = record.read_text("utf-8").splitlines() if record.exists() else []
    record.unlink(missing_ok=True)
    return code, time.monotonic() - began, failed


def judge_job(
    job: tuple[bytes, str, str, list[str], list[str], int, float, str],
) -> tuple[int, float, list[str]]:
    """:func:`judge` of one tuple of its arguments (a campaign's map over jobs)."""
    return judge(*job)


def discard(digest: str) -> None:
    """Remove this machine's copy of the archive of `digest` (and any left half unpacked by a
    worker killed meanwhile): run on every worker when the campaign is done."""
    folder = folder_of(digest)
    _VERIFIED.discard(folder)
    for path in folder.parent.glob(folder.name + "*"):
        shutil.rmtree(path, ignore_errors=True)


def run_suite_job(job: tuple[bytes, str, dict[str, str], list[str]]) -> tuple[int, str]:
    """(exit code, output) of pytest run with `arguments` and the variables `env` in the
    project of the archive (:func:`project_archive`): a hand-made mutation's suite."""
    archive, digest, env, arguments = job
    folder = unpacked(archive, digest)
    path = [str(folder), *filter(None, [os.environ.get("PYTHONPATH")])]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", *arguments], cwd=folder, capture_output=True, text=True,
        env={**os.environ, **env, "PYTHONPATH": os.pathsep.join(path)},
    )  # fmt: skip
    return done.returncode, done.stdout + done.stderr


# -- the campaign's side ------------------------------------------------------------------------
def archive(mutants: Path) -> bytes:
    """mutmut's ``mutants/`` folder with the ``rulebooks`` package beside it, as a gzipped
    tar (without byte-code or the scenarios that killed earlier mutants); the same files
    always give the same bytes."""
    import rulebooks

    return _packed({".": mutants, "rulebooks": Path(rulebooks.__file__).parent})


PROJECT = ("engine", "rulebooks", "tests", "features", "docs", "examples", "pyproject.toml")
"""What a hand-made mutation's suites read of the project (docs: the pages some invariant
tests check; its built site is left out)."""


def project_archive(root: Path) -> bytes:
    """The project at `root` (:data:`PROJECT`), packed as :func:`archive` packs mutmut's."""
    return _packed({name: root / name for name in PROJECT if (root / name).exists()})


def _packed(parts: dict[str, Path]) -> bytes:
    from rulebooks.mutation.killers_plugin import KILLERS

    def keep(info: tarfile.TarInfo) -> tarfile.TarInfo | None:
        path = Path(info.name).parts
        skipped = "__pycache__" in path or KILLERS in path or path[:2] == ("docs", "_build")
        return None if skipped else info

    buffer = io.BytesIO()
    # gzip's header time fixed: the same files give the same bytes, hence the same digest
    with (
        gzip.GzipFile(fileobj=buffer, mode="wb", compresslevel=6, mtime=0) as packed,
        tarfile.open(fileobj=packed, mode="w") as tar,
    ):
        for name, path in parts.items():
            tar.add(path, arcname=name, filter=keep)
    return buffer.getvalue()


def run_suites(
    cluster: DaskCluster, root: Path, jobs: Sequence[tuple[dict[str, str], list[str]]]
) -> list[tuple[int, str]]:
    """Each (variables, pytest arguments) run on `cluster` in the project at `root`, in the
    order given: (exit code, output) each. The workers' copies are removed afterwards."""
    return _on_cluster(cluster, project_archive(root), run_suite_job, [list(j) for j in jobs])


def _on_cluster(
    cluster: DaskCluster, data: bytes, function: Any, jobs: Sequence[list[Any]]
) -> list[Any]:
    """`function` of (archive, digest, *job) for each job, on `cluster`, in order: the
    archive sent to each worker once, its copies removed at the end."""
    digest = hashlib.sha256(data).hexdigest()
    client: Any = cluster._client
    shipped = client.scatter(data, broadcast=True, hash=False)
    try:
        return list(cluster.map(function, ((shipped, digest, *job) for job in jobs)))
    finally:  # not over the error of a cluster gone mid-campaign
        with contextlib.suppress(Exception):
            client.run(discard, digest)


def judge_all(
    cluster: DaskCluster,
    mutants: Path,
    jobs: Sequence[tuple[str, list[str], float]],
    pytest_args: Sequence[str],
) -> list[tuple[int, float, list[str]]]:
    """Each (mutant, tests, seconds allowed) judged on `cluster` from the folder `mutants`,
    in the order given: (exit code, seconds, the tests that failed) each. The workers' copies
    of the folder are removed afterwards."""
    from rulebooks.mutation.killers_plugin import KILLERS

    args = list(pytest_args)
    items = [[name, tests, args, math.ceil(wall), wall, KILLERS] for name, tests, wall in jobs]
    return _on_cluster(cluster, archive(mutants), judge_job, items)
