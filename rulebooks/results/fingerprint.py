"""What a run's verdicts depend on, as a fingerprint the site and `verdict` can recompute.

A verdict is only as current as its inputs. The recorder writes a :class:`Fingerprint` into
the results file; the site and ``rulebooks verdict`` compute one from the checkout with
:func:`checkout_fingerprint` and compare with :func:`compare`. Three parts:

- ``features``: one key per feature file (its project-relative path), the sha256 of the text
  pytest-bdd parsed (the recorder takes it from :mod:`rulebooks.run.binding` at parse time, not
  from the disk at the end of the run). These keys are per file so that a later change can
  reuse or invalidate results one feature file at a time.
- ``code``: the sha256 of every file in :data:`CODE_INPUTS` that exists: the step modules and
  conftests (``tests/scenarios``, the step library ``rulebooks/steps``, conftests up to the
  root), the engine package with its data files (``engine``), the recorder's
  modules (:mod:`rulebooks.run`), and ``pyproject.toml`` (pytest's configuration), with what a
  project adds in ``[tool.rulebooks] code`` (:func:`code_inputs`). Hidden files and
  ``__pycache__`` are left
  out.
- ``versions``: the Python interpreter's minor version (``python``: ``3.11``, as the scenario
  cache keys on it) and the installed versions of :data:`VERSIONED` (pytest, pytest-bdd,
  gherkin-official).

Besides these, the recorder lists every project file the run imported, as imported
(:mod:`rulebooks.run.imports`); :func:`checkout_fingerprint` given the recorded fingerprint
recomputes those too.

Not covered: the interpreter's patch release, every other installed package, environment
variables, files outside these sets (docs, the site code, the simulation), and anything
nondeterministic in the steps themselves.
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from rulebooks.results.schema import Fingerprint

__all__ = [
    "CODE_INPUTS",
    "FEATURES_DIR",
    "VERSIONED",
    "Changes",
    "checkout_fingerprint",
    "code_digests",
    "code_inputs",
    "compare",
    "feature_digests",
    "file_digest",
    "installed_versions",
    "text_digest",
]

FEATURES_DIR = "features"
"""Where the feature files live, relative to the project root."""

CODE_INPUTS = (
    "conftest.py",
    "tests/conftest.py",
    "tests/scenarios",
    "rulebooks/steps",
    "engine",
    *(
        f"rulebooks/run/{name}.py"
        for name in (
            *("recorder", "binding", "world", "items", "outcome", "feature_index"),
            *("reuse", "output", "asserts", "imports"),
        )
    ),
    "pyproject.toml",
)
"""Files and folders (relative to the project root) whose contents the verdicts depend on."""

PYTHON = "python"
"""The key of the interpreter's version among the versions: no distribution has that name."""

VERSIONED = (PYTHON, "pytest", "pytest-bdd", "gherkin-official")
"""What the verdicts depend on by version: the interpreter (its minor version) and these
installed distributions."""

NOT_INSTALLED = "not installed"
NOT_RECORDED = "unrecorded"
"""A version the run did not record (a results file written before it was fingerprinted)."""


def text_digest(data: bytes) -> str:
    """The sha256 of some bytes, in hex."""
    return hashlib.sha256(data).hexdigest()


_DIGESTS: dict[Path, tuple[int, int, int, str]] = {}


def file_digest(path: Path) -> str:
    """The sha256 of a file's contents; remembered while its size and times are unchanged."""
    stat = path.stat()
    stamp = (stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns)
    known = _DIGESTS.get(path)
    if known is not None and known[:3] == stamp:
        return known[3]
    digest = text_digest(path.read_bytes())
    _DIGESTS[path] = (*stamp, digest)
    return digest


def _files_under(root: Path, entry: str, suffix: str = "") -> Iterator[Path]:
    path = root / entry
    if path.is_file():
        yield path
        return
    if not path.is_dir():
        return
    for folder, dirs, files in os.walk(path):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in sorted(files):
            if not name.startswith(".") and name.endswith(suffix) and not name.endswith(".pyc"):
                yield Path(folder) / name


def _relative(path: Path, root: Path) -> str:
    """``path`` relative to ``root`` (absolute when it lies elsewhere), POSIX style."""
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else path.as_posix()


def feature_digests(root: Path, features_dir: Path | None = None) -> dict[str, str]:
    """Every ``.feature`` file under the features folder: project-relative path -> sha256."""
    folder = features_dir if features_dir is not None else root / FEATURES_DIR
    return {
        _relative(path, root): file_digest(path) for path in _files_under(folder, "", ".feature")
    }


def code_inputs(root: Path) -> tuple[str, ...]:
    """:data:`CODE_INPUTS` and what the project at ``root`` adds in ``[tool.rulebooks] code``
    (:func:`rulebooks.games.project.configured_code`)."""
    from rulebooks.games.project import configured_code

    return (*CODE_INPUTS, *configured_code(root))


def code_digests(root: Path, inputs: Iterable[str] | None = None) -> dict[str, str]:
    """Every file of ``inputs`` (default: :func:`code_inputs`) under ``root``:
    project-relative path -> sha256."""
    if inputs is None:
        inputs = code_inputs(root)
    return {
        _relative(path, root): file_digest(path)
        for entry in inputs
        for path in _files_under(root, entry)
    }


def installed_versions(names: Iterable[str] = VERSIONED) -> dict[str, str]:
    """The installed version of each distribution (``not installed`` when absent); read once
    per process, as what a process has imported does not change under it."""
    return {name: _version(name) for name in names}


@functools.cache
def _version(name: str) -> str:
    if name == PYTHON:
        return f"{sys.version_info.major}.{sys.version_info.minor}"
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return NOT_INSTALLED


def checkout_fingerprint(
    root: Path, features_dir: Path | None = None, recorded: Fingerprint | None = None
) -> Fingerprint:
    """The fingerprint of the checkout at ``root`` as it is now; with the ``recorded`` one, of
    every code file it lists too (the project modules that run imported,
    :mod:`rulebooks.run.imports`): one gone or changed since makes the results stale."""
    inputs = code_inputs(root)
    if recorded is not None:
        inputs = (*inputs, *(path for path in recorded.code if path not in inputs))
    return Fingerprint(
        features=feature_digests(root, features_dir),
        code=code_digests(root, inputs),
        versions=installed_versions(),
    )


@dataclass(frozen=True)
class Changes:
    """How a recorded fingerprint differs from the checkout's.

    ``code`` and ``versions`` name every changed, added or removed input: any of them makes
    every result stale. ``features`` names the feature files whose text changed (their own
    results are stale); ``new_features`` were not fingerprinted at all (their scenarios were
    never run), ``gone_features`` no longer exist (their results are not shown).
    """

    code: tuple[str, ...] = ()
    versions: tuple[str, ...] = ()
    features: tuple[str, ...] = ()
    new_features: tuple[str, ...] = ()
    gone_features: tuple[str, ...] = ()

    @property
    def everything_stale(self) -> bool:
        """True when a change outside the feature files makes every result stale."""
        return bool(self.code or self.versions)

    def feature_is_stale(self, path: str) -> bool:
        """True when the results of the feature at ``path`` are stale."""
        return self.everything_stale or path in self.features

    def named(self) -> list[str]:
        """What changed, in words, one item per input (``engine/<game>/game.py``,
        ``pytest-bdd 9.0.1 -> 9.1.0``)."""
        return [*self.code, *self.versions, *self.features]

    def __bool__(self) -> bool:
        return bool(self.code or self.versions or self.features)


def _moved(recorded: Mapping[str, str], current: Mapping[str, str]) -> list[str]:
    return sorted(
        key for key in recorded.keys() | current.keys() if recorded.get(key) != current.get(key)
    )


def compare(recorded: Fingerprint, current: Fingerprint) -> Changes:
    """What changed between the fingerprint a run recorded and the checkout's."""
    versions = [
        f"{name} {recorded.versions.get(name, NOT_RECORDED)} -> "
        f"{current.versions.get(name, NOT_INSTALLED)}"
        for name in _moved(recorded.versions, current.versions)
    ]
    return Changes(
        code=tuple(_moved(recorded.code, current.code)),
        versions=tuple(versions),
        features=tuple(
            path
            for path in _moved(recorded.features, current.features)
            if path in recorded.features and path in current.features
        ),
        new_features=tuple(sorted(current.features.keys() - recorded.features.keys())),
        gone_features=tuple(sorted(recorded.features.keys() - current.features.keys())),
    )
