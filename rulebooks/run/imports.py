"""What a scenario run imported from the project, hashed as it was compiled.

The recorder's fingerprint lists every source file of every project module the run had
imported by its end (``sys.modules``: files under the project root, outside virtual
environments and hidden folders), not only the inputs :data:`rulebooks.results.fingerprint.
CODE_INPUTS` names. While an :class:`ImportLog` is active, a project module imported through
Python's source loader is compiled from its source, never from ``__pycache__`` (a pyc of the
same size and time could stand for other source), and the bytes compiled are hashed then:
an edit saved after the import no longer matches the file at the end of the run. pytest
compiles test modules and conftests itself, checking its pycs against the source's hash.

Not covered: modules imported before the recorder plugin loads (``rulebooks.run`` itself
and what it imports, ``rulebooks.formats.plugin`` among them) are hashed from the disk at the
start of the session and checked at its end, but may have been loaded from a pyc.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from importlib.machinery import SourceFileLoader
from pathlib import Path
from types import CodeType
from typing import Any

from rulebooks.results.fingerprint import text_digest

__all__ = ["ImportLog", "project_files"]

_SKIPPED = ("site-packages", "dist-packages", "node_modules", "__pycache__")

_ACTIVE: list[ImportLog] = []
_path_stats = SourceFileLoader.path_stats
_source_to_code = SourceFileLoader.source_to_code


def _under(root: Path, path: Path) -> str | None:
    """``path`` relative to ``root`` (POSIX) when it is a project source file, else None."""
    if not path.is_relative_to(root):
        return None
    parts = path.relative_to(root).parts
    if any(part.startswith(".") or part in _SKIPPED for part in parts[:-1]):
        return None
    return "/".join(parts)


class ImportLog:
    """The digest of the source of every project module compiled since :meth:`start`."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.compiled: dict[str, str] = {}
        """Project-relative path -> sha256 of the source bytes compiled (the first time)."""
        self.recompiled: set[str] = set()
        """Paths compiled again from other bytes during the run (a reload after an edit)."""

    def relative(self, path: str | Path) -> str | None:
        return _under(self.root, Path(path).resolve())

    def start(self) -> None:
        _install()
        _ACTIVE.append(self)

    def stop(self) -> None:
        if self in _ACTIVE:
            _ACTIVE.remove(self)

    def note(self, data: bytes, path: str) -> None:
        relative = self.relative(path)
        if relative is None:
            return
        digest = text_digest(data)
        if self.compiled.setdefault(relative, digest) != digest:
            self.recompiled.add(relative)


def _covered(path: str) -> bool:
    return any(log.relative(path) is not None for log in _ACTIVE)


def _source_only_stats(self: SourceFileLoader, path: str) -> Any:
    """No pyc for a project file: importlib compiles it from the source it then reads."""
    if _covered(path):
        raise OSError("a project file is compiled from its source during a recorded run")
    return _path_stats(self, path)


def _hashed_source_to_code(
    self: SourceFileLoader, data: Any, path: Any, *, _optimize: int = -1
) -> CodeType:
    if isinstance(data, bytes) and isinstance(path, str):
        for log in _ACTIVE:
            log.note(data, path)
    return _source_to_code(self, data, path, _optimize=_optimize)


def _install() -> None:
    SourceFileLoader.path_stats = _source_only_stats  # type: ignore[method-assign]
    SourceFileLoader.source_to_code = _hashed_source_to_code  # type: ignore[method-assign,assignment]


def project_files(root: Path, modules: Iterable[object] | None = None) -> set[str]:
    """The project-relative source files of the imported ``modules`` (default: every module
    in ``sys.modules``) that lie under ``root``."""
    root = root.resolve()
    found: set[str] = set()
    for module in list(sys.modules.values()) if modules is None else modules:
        origin = getattr(module, "__file__", None)
        if not isinstance(origin, str) or not origin.endswith(".py"):
            continue
        relative = _under(root, Path(origin).resolve())
        if relative is not None:
            found.add(relative)
    return found
