"""Guest games: games a project's site shows whose files live in another project.

A project lists its games in ``[tool.rulebooks] games`` (:mod:`rulebooks.games.project`). A listed
game whose package was installed from elsewhere (``examples/pig``, or a publisher's own
repository) keeps its feature files, rules pages and scenario tests in *its* project, the
folder its :class:`~rulebooks.games.spec.GameSpec` names as ``root``. Such a game is a *guest*
of the project building the site, the *host*. Nothing of the tooling or of the host's own
games changes to show it:

- ``rulebooks site`` runs the guest's scenarios in the guest's project, under the guest's
  own pytest configuration, into a results file of its own beside the host's
  (``results/guests/<name>/results.json``, see :func:`results_file`);
- the site extension reads the guest's feature files and results file and joins them to the
  host's (:func:`join_results`, :func:`join_fingerprints`): the guest's features appear under
  the host's features folder, as ``features/<name>/...``, and its code fingerprint under
  ``<name>:`` (so that a change to either project's code is seen);
- the guest's pages are copied into the host's documentation folder (:func:`mirror_pages`),
  into a folder named after the game that the copy marks as its own, so that an unlisted
  guest's copy can be removed and a host's own folder is never overwritten.
"""

from __future__ import annotations

import inspect
import shutil
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from rulebooks.games import registry
from rulebooks.games.project import configured_games
from rulebooks.games.registry import GameSpec
from rulebooks.results.schema import Fingerprint, ResultsFile, RunInfo, ScenarioResult

__all__ = [
    "MIRROR_MARK",
    "Guest",
    "GuestError",
    "guests",
    "join_fingerprints",
    "join_results",
    "mirror_pages",
    "results_file",
    "run_guest",
]

MIRROR_MARK = ".rulebooks-guest"
"""The file marking a folder of the host's documentation as a copy of a guest's pages."""


class GuestError(ValueError):
    """A guest game that cannot be shown (its pages would overwrite the host's own)."""


@dataclass(frozen=True)
class Guest:
    """A game of the project whose files live in another project."""

    name: str
    root: Path
    """The guest's project: its pytest rootdir, against which its results name features."""
    features_base: Path
    """The folder holding the game's feature folder (``<root>/features``)."""
    pages: Path
    """The folder of the game's documentation pages (``<root>/docs/<name>``)."""
    scenarios: Path
    """What the guest's scenario run collects (its step module and scenario tests)."""
    package: Path
    """The folder of the guest's engine package (the module of its game factory)."""

    @classmethod
    def of(cls, spec: GameSpec) -> Guest:
        return cls(
            name=spec.name,
            root=spec.root.resolve(),
            features_base=spec.features.resolve().parent,
            pages=spec.docs.resolve(),
            scenarios=(spec.root / spec.scenarios_dir).resolve(),
            package=Path(inspect.getfile(spec.factory)).resolve().parent,
        )

    @property
    def features_prefix(self) -> str:
        """The guest's features folder relative to its root (``features``)."""
        return self.features_base.relative_to(self.root).as_posix()

    def host_path(self, path: str, host_prefix: str) -> str:
        """A feature path recorded by the guest's run, as the host names it: the game's
        folder under the host's features folder (other paths are kept as they are)."""
        own = f"{self.features_prefix}/{self.name}/"
        if not path.startswith(own):
            return path
        return f"{host_prefix.rstrip('/')}/{self.name}/{path.removeprefix(own)}"


def guests(root: Path) -> list[Guest]:
    """The games the project at ``root`` lists (:func:`rulebooks.games.project.configured_games`)
    whose project is another, in its order; none for a folder that lists no games."""
    if configured_games(root) is None:
        return []
    here = root.resolve()
    return [Guest.of(spec) for spec in registry.games().values() if spec.root.resolve() != here]


def results_file(results: Path, name: str) -> Path:
    """Where the guest ``name``'s results are kept, beside the host's ``results`` file."""
    return results.parent / "guests" / name / "results.json"


def run_guest(guest: Guest, results: Path) -> int:
    """Run the guest's scenarios in its own project into ``results``; pytest's exit code."""
    results.parent.mkdir(parents=True, exist_ok=True)
    results.unlink(missing_ok=True)
    command = [
        sys.executable, "-m", "pytest", str(guest.scenarios), "-q", "--no-header",
        "-p", "no:cacheprovider", "-p", "rulebooks.run.recorder",
        "--rulebooks-results", str(results.resolve()),
    ]  # fmt: skip
    print(f"$ (in {guest.root}) " + " ".join(command[2:]), flush=True)
    return subprocess.call(command, cwd=guest.root)


def join_fingerprints(host: Fingerprint, parts: Iterable[tuple[Guest, Fingerprint]],
                      host_prefix: str) -> Fingerprint:  # fmt: skip
    """One fingerprint of the host's and its guests' inputs: guests' features under the
    host's features folder, their code under ``<name>:``, the host's versions."""
    features = dict(host.features)
    code = dict(host.code)
    for guest, print_ in parts:
        features |= {guest.host_path(p, host_prefix): d for p, d in print_.features.items()}
        code |= {f"{guest.name}:{path}": digest for path, digest in print_.code.items()}
    return Fingerprint(features=features, code=code, versions=dict(host.versions))


def join_results(host: ResultsFile, parts: Sequence[tuple[Guest, ResultsFile | None]],
                 host_prefix: str) -> ResultsFile:  # fmt: skip
    """The host's results with its guests' scenarios, totals, problems and data added.

    A guest without a results file adds a problem saying so (its scenarios then show as not
    run, and the run as partial)."""
    scenarios: list[ScenarioResult] = list(host.scenarios)
    totals = dict(host.totals)
    problems = list(host.run.problems)
    data = dict(host.data) if host.data is not None else None
    partial, interrupted = host.run.partial, host.run.interrupted
    exit_status = host.run.exit_status
    started, finished = host.started, host.finished
    fingerprints: list[tuple[Guest, Fingerprint]] = []
    for guest, found in parts:
        if found is None:
            problems.append(f"{guest.name}: the guest game's scenarios have no results file")
            partial = True
            continue
        scenarios += [
            replace(s, feature=guest.host_path(s.feature, host_prefix)) for s in found.scenarios
        ]
        for status, count in found.totals.items():
            totals[status] = totals.get(status, 0) + count
        problems += [f"{guest.name}: {problem}" for problem in found.run.problems]
        partial = partial or found.run.partial
        interrupted = interrupted or found.run.interrupted
        if found.run.exit_status not in (None, 0, 5) and exit_status in (None, 0, 5):
            exit_status = found.run.exit_status
        if data is not None and found.data is not None:
            data |= dict(found.data)
        started, finished = min(started, found.started), max(finished, found.finished)
        fingerprints.append((guest, found.fingerprint))
    return replace(
        host,
        started=started,
        finished=finished,
        run=RunInfo(exit_status, interrupted, partial, tuple(problems)),
        fingerprint=join_fingerprints(host.fingerprint, fingerprints, host_prefix),
        totals=totals,
        scenarios=tuple(scenarios),
        data=data,
    )


def mirror_pages(docs: Path, chosen: Sequence[Guest]) -> list[str]:
    """Copy each guest's pages into ``docs/<name>/`` (only the files that differ, so that an
    incremental build rereads only those), remove the copies of games no longer listed;
    returns the names of the folders copied. A folder of ``docs`` not made by this function
    is never touched: a guest named like one raises :class:`GuestError`."""
    wanted = {guest.name: guest for guest in chosen}
    for folder in sorted(docs.iterdir()) if docs.is_dir() else ():
        if (folder / MIRROR_MARK).is_file() and folder.name not in wanted:
            shutil.rmtree(folder)
    copied: list[str] = []
    for name, guest in wanted.items():
        target = docs / name
        if target.exists() and not (target / MIRROR_MARK).is_file():
            raise GuestError(
                f"the guest game {name!r} (from {guest.root}) would overwrite {target}, a "
                "folder of this project's own pages: rename one of them"
            )
        if not guest.pages.is_dir():
            raise GuestError(f"the guest game {name!r} has no pages folder {guest.pages}")
        target.mkdir(parents=True, exist_ok=True)
        (target / MIRROR_MARK).write_text(f"a copy of {guest.pages}; rebuilt by every build\n")
        (target / ".gitignore").write_text("*\n")
        sources = {p.relative_to(guest.pages) for p in guest.pages.rglob("*") if p.is_file()}
        for relative in sorted(sources):
            source, copy = guest.pages / relative, target / relative
            if not copy.is_file() or copy.read_bytes() != source.read_bytes():
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, copy)
        keep = {*sources, Path(MIRROR_MARK), Path(".gitignore")}
        for old in sorted(target.rglob("*"), reverse=True):
            if old.is_file() and old.relative_to(target) not in keep:
                old.unlink()
            elif old.is_dir() and not any(old.iterdir()):
                old.rmdir()
        copied.append(name)
    return copied
