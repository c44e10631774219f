"""The site's inputs: feature files and the results file, located from the Sphinx config.

Everything the directives show comes from here. Loading is cached on a fingerprint of the
inputs' contents, so the many directives of a build parse the features once.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import subprocess
import weakref
from dataclasses import dataclass, replace
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.errors import SphinxError

from rulebooks.results.fingerprint import checkout_fingerprint, file_digest
from rulebooks.results.gherkin_model import (
    Feature,
    FeatureSyntaxError,
    feature_files,
    load_feature,
    load_features,
    relative_name,
)
from rulebooks.results.join import Results, ResultsFileError, Verdicts, load_results_if_present
from rulebooks.results.schema import Fingerprint, ResultsFile
from rulebooks.site.guests import Guest, join_fingerprints, join_results

__all__ = [
    "CONFIG_VALUES",
    "RulebooksError",
    "SiteData",
    "SitePaths",
    "load_site_data",
    "make_paths_absolute",
    "refresh_site_data",
    "site_data_of",
    "slug",
]


class RulebooksError(SphinxError):
    """A problem with the site's inputs that stops the build (e.g. a malformed results file)."""

    category = "Rulebooks error"


@dataclass(frozen=True)
class SitePaths:
    """Absolute locations of the inputs, from the ``rulebooks_*`` config values."""

    features_dir: Path
    results_file: Path
    project_root: Path
    repository_url: str = ""
    """The web address of the repository (``https://github.com/o/r``); empty: no links."""
    guests: tuple[GuestSite, ...] = ()
    """The games shown whose files live in another project (:mod:`rulebooks.site.guests`)."""

    @classmethod
    def from_config(cls, config: Config) -> SitePaths:
        """Read the ``rulebooks_*`` config values (made absolute at ``config-inited``)."""
        return cls(
            features_dir=Path(config.rulebooks_features_dir),
            results_file=Path(config.rulebooks_results_file),
            project_root=Path(config.rulebooks_project_root),
            repository_url=str(config.rulebooks_repository_url or ""),
            guests=tuple(
                GuestSite(guest, Path(results)) for guest, results in config.rulebooks_guests or ()
            ),
        )

    def features_prefix(self) -> str:
        """The features folder relative to the project root, e.g. ``features``."""
        return _features_prefix(self.features_dir, self.project_root)


@functools.lru_cache(maxsize=64)
def _features_prefix(features_dir: Path, project_root: Path) -> str:
    """:meth:`SitePaths.features_prefix`, remembered: the pages ask it thousands of times."""
    try:
        return relative_name(features_dir, project_root)
    except ValueError:
        raise RulebooksError(
            f"rulebooks_features_dir {features_dir} is not inside "
            f"rulebooks_project_root {project_root}"
        ) from None


@dataclass(frozen=True)
class GuestSite:
    """A guest game's inputs: its project's files and the results file of its run."""

    guest: Guest
    results_file: Path

    def features(self, host_prefix: str) -> list[tuple[Path, str]]:
        """The guest's feature files, each with the path the host gives it."""
        root, own = self.guest.root, self.guest.features_base / self.guest.name
        if not own.is_dir():
            return []
        return [
            (file, self.guest.host_path(relative_name(file, root), host_prefix))
            for file in feature_files(own)
        ]

    def current(self) -> Fingerprint:
        """The guest checkout's fingerprint as it is now (over the files its run imported)."""
        return checkout_fingerprint(
            self.guest.root, self.guest.features_base, recorded_code(self.results_file)
        )


def slug(text: str) -> str:
    """Lower-case ``text`` keeping letters, digits and ``_``; anything else becomes ``-``."""
    return re.sub(r"[^a-z0-9_]+", "-", text.lower()).strip("-")


@dataclass(frozen=True)
class SiteData:
    """Parsed features, syntax errors and results, joined."""

    paths: SitePaths
    features: tuple[Feature, ...]
    errors: tuple[FeatureSyntaxError, ...]
    results: Results | None
    verdicts: Verdicts
    fingerprint: str

    def under_features(self, path: str) -> str:
        """A project-relative feature path made relative to the features folder."""
        prefix = self.paths.features_prefix()
        if prefix in ("", "."):
            return path
        return path.removeprefix(prefix + "/")

    def in_folder(self, path: str, folder: str) -> bool:
        """True when the feature at ``path`` lies under ``folder`` of the features dir."""
        folder = folder.strip("/")
        return folder in ("", ".") or self.under_features(path).startswith(folder + "/")

    def features_in(self, folder: str) -> list[Feature]:
        """Parsed features under ``folder`` (relative to the features dir)."""
        return [feature for feature in self.features if self.in_folder(feature.path, folder)]

    def errors_in(self, folder: str) -> list[FeatureSyntaxError]:
        """Syntax errors of feature files under ``folder``."""
        return [error for error in self.errors if self.in_folder(error.path, folder)]

    def folder_of(self, feature_path: str) -> str:
        """The feature folder (game) a project-relative feature path lies in."""
        return folder_of(self.under_features(feature_path))

    def game_of(self, feature_path: str) -> str:
        """The game a feature belongs to: its first folder under the features dir."""
        return self.under_features(feature_path).split("/", 1)[0]

    def absolute(self, feature_path: str) -> Path:
        """The absolute path of a project-relative feature path (a guest game's feature in
        its own project)."""
        guest = self._guest_of(feature_path)
        if guest is not None:
            rest = self.under_features(feature_path).removeprefix(guest.name + "/")
            return guest.features_base / guest.name / rest
        return self.paths.project_root / feature_path

    def _guest_of(self, feature_path: str) -> Guest | None:
        game = self.game_of(feature_path)
        for site in self.paths.guests:
            if site.guest.name == game:
                return site.guest
        return None

    def feature_anchor(self, feature_path: str) -> str:
        """Anchor of a feature, e.g. ``feature-game-01_dice``."""
        return "feature-" + slug(self.under_features(feature_path).removesuffix(".feature"))

    def scenario_anchor(self, feature_path: str, line: int) -> str:
        """Stable anchor of a scenario, e.g. ``scenario-game-01_dice-l12``."""
        stem = slug(self.under_features(feature_path).removesuffix(".feature"))
        return f"scenario-{stem}-l{line}"

    def source_url(self, path: str, line: int | None = None) -> str | None:
        """The address of a project file at the run's commit (and line), or None without a
        repository address or a recorded commit."""
        commit = self.results.git.commit if self.results is not None else None
        if not self.paths.repository_url or not commit:
            return None
        if self._guest_of(path) is not None:  # in the repository only if inside the project
            file = self.absolute(path)
            if not file.is_relative_to(self.paths.project_root):
                return None
            path = file.relative_to(self.paths.project_root).as_posix()
        anchor = f"#L{line}" if line else ""
        return f"{self.paths.repository_url}/blob/{commit}/{path}{anchor}"

    def commit_url(self) -> str | None:
        """The address of the run's commit, or None (no repository address, or no commit)."""
        commit = self.results.git.commit if self.results is not None else None
        if not self.paths.repository_url or not commit:
            return None
        return f"{self.paths.repository_url}/commit/{commit}"

    def stale_features(self) -> list[Feature]:
        """Features whose results were recorded on other inputs than the checkout's."""
        return self.verdicts.stale_features()


def checkout_digest(paths: SitePaths) -> str:
    """One hash of the checkout's code and library versions (the non-feature part of the
    fingerprint results are compared with, the files the run imported included): when it
    moves, staleness may change anywhere."""
    current = checkout_fingerprint(
        paths.project_root, paths.features_dir, recorded_code(paths.results_file)
    )
    digest = hashlib.sha256()
    for part in (current.code, current.versions):
        for key, value in sorted(part.items()):
            digest.update(f"{key}\0{value}\0".encode())
    return digest.hexdigest()


def recorded_code(results: Path) -> Fingerprint | None:
    """The code part of the fingerprint ``results`` recorded (None when it has none
    readable): which files the checkout's fingerprint must cover."""
    if not results.is_file():
        return None
    return _recorded_code(results, file_digest(results))


@functools.lru_cache(maxsize=4)
def _recorded_code(results: Path, digest: str) -> Fingerprint | None:
    try:
        code = json.loads(results.read_bytes())["fingerprint"]["code"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(code, dict):
        return None
    return Fingerprint(features={}, code={str(k): str(v) for k, v in code.items()}, versions={})


def guest_digest(paths: SitePaths, guest: GuestSite) -> str:
    """One hash of a guest's feature files, results file and code."""
    digest = hashlib.sha256()
    prefix = paths.features_prefix()
    for file, name in guest.features(prefix):
        digest.update(f"{name}\0{file_digest(file)}\0".encode())
    current = guest.current()
    for key, value in sorted({**current.code, **current.versions}.items()):
        digest.update(f"{key}\0{value}\0".encode())
    results = guest.results_file
    digest.update(file_digest(results).encode() if results.is_file() else b"absent")
    return digest.hexdigest()


def input_fingerprint(paths: SitePaths) -> str:
    """A hash of the names and contents of every feature file and of the results file."""
    digest = hashlib.sha256()
    if paths.features_dir.is_dir():
        for file in feature_files(paths.features_dir):
            digest.update(file.relative_to(paths.features_dir).as_posix().encode())
            digest.update(file_digest(file).encode())
    for guest in paths.guests:
        digest.update(b"\0guest\0" + guest_digest(paths, guest).encode())
    digest.update(b"\0code\0" + checkout_digest(paths).encode())
    digest.update(b"\0results\0")
    if paths.results_file.is_file():  # remembered while its size and times are unchanged
        digest.update(file_digest(paths.results_file).encode())
    else:
        digest.update(b"absent")
    return digest.hexdigest()


RESULTS_KEY = "@results"
"""What of the results file every page depends on: how the run went (banners), the recorded
code fingerprint and versions (staleness anywhere), the data files; and the checkout's code."""
PROVENANCE_KEY = "@provenance"
"""What only the summary pages show: when and on which commit the run was, the totals."""
FOLDER_RESULTS = "@results:"
"""Prefix of the key of one feature folder's records (and recorded feature hashes), as the
pages show them: without the durations, which no game page shows, nor which run a reused
record comes from (:data:`FOLDER_REUSED`)."""
FOLDER_REUSED = "@reused:"
"""Prefix of the key of which earlier run each of a feature folder's records was reused from:
only the pages showing the folder's feature files (their *reused* notes) depend on it, so
that the first incremental run after a full one, which marks every other game's records
reused, re-reads those pages only."""
_UNSHOWN = ("duration", "reused")
"""What of a record no page showing its game depends on through :data:`FOLDER_RESULTS`."""
_PROVENANCE = ("started", "finished", "git", "totals")


def folder_of(relative: str) -> str:
    """The top folder (game) of a path relative to the features dir (``.`` at the top)."""
    head, _, rest = relative.partition("/")
    return head if rest else "."


def input_fingerprints(paths: SitePaths) -> dict[str, str]:
    """A content hash per feature folder (game) and one for the results file."""
    digests: dict[str, hashlib._Hash] = {}
    if paths.features_dir.is_dir():
        for file in feature_files(paths.features_dir):
            relative = file.relative_to(paths.features_dir).as_posix()
            digest = digests.setdefault(folder_of(relative), hashlib.sha256())
            digest.update(relative.encode())
            digest.update(hashlib.sha256(file.read_bytes()).digest())
    prints = {folder: digest.hexdigest() for folder, digest in digests.items()}
    results = paths.results_file
    raw = results.read_bytes() if results.is_file() else None
    split = _split_results(raw, paths) if raw is not None else None
    if split is None:  # absent or unreadable: every page says so
        recorded = hashlib.sha256(raw).hexdigest() if raw is not None else "absent"
        prints[RESULTS_KEY] = f"{recorded} {checkout_digest(paths)}"
        return prints
    prints |= split
    prints[RESULTS_KEY] += f" {checkout_digest(paths)}"  # staleness may move anywhere
    for guest in paths.guests:  # its pages, the summaries and, by its run, the banners
        prints[guest.guest.name] = guest_digest(paths, guest)
        prints[PROVENANCE_KEY] += f" {guest.guest.name}:{prints[guest.guest.name]}"
        prints[RESULTS_KEY] += f" {guest.guest.name}:{_guest_run_digest(guest.results_file)}"
    return prints


def _guest_run_digest(results: Path) -> str:
    """A hash of what a guest's results file says about its run as a whole (the banners)."""
    try:
        data = json.loads(results.read_bytes())
    except (OSError, ValueError):
        return "unreadable"
    if not isinstance(data, dict):
        return "malformed"
    fingerprint = data.get("fingerprint")
    code = fingerprint.get("code") if isinstance(fingerprint, dict) else None
    return _digest({"run": data.get("run"), "code": code, "data": data.get("data")})


def _digest(value: object) -> str:
    text = json.dumps(value, sort_keys=True)  # ASCII: encoded twice as fast as UTF-8
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _split_results(raw: bytes, paths: SitePaths) -> dict[str, str] | None:
    """The results file's digests: :data:`RESULTS_KEY`, :data:`PROVENANCE_KEY` and one per
    feature folder (None when the file is not a JSON object with a list of records: then
    every page depends on all of it)."""
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("scenarios"), list):
        return None
    fingerprint = data.get("fingerprint")
    if not isinstance(fingerprint, dict):
        return None
    features = fingerprint.get("features")
    if not isinstance(features, dict) or not all(isinstance(r, dict) for r in data["scenarios"]):
        return None
    prefix = paths.features_prefix().rstrip("/") + "/"
    folders: dict[str, list[object]] = {}

    def folder(path: object) -> str:
        text = str(path)
        return folder_of(text[len(prefix) :] if text.startswith(prefix) else text)

    reused: dict[str, list[object]] = {}
    for record in data["scenarios"]:
        name = folder(record.get("feature"))
        folders.setdefault(name, []).append(_as_shown(record))
        reused.setdefault(name, []).append([record.get("feature"), record.get("reused")])
    for path, digest in sorted(features.items()):
        folders.setdefault(folder(path), []).append({"fingerprint": [path, digest]})
    rest = {key: value for key, value in data.items() if key not in ("scenarios", *_PROVENANCE)}
    rest["fingerprint"] = {**fingerprint, "features": None}
    prints = {f"{FOLDER_RESULTS}{name}": _digest(records) for name, records in folders.items()}
    prints |= {f"{FOLDER_REUSED}{name}": _digest(marks) for name, marks in reused.items()}
    prints[PROVENANCE_KEY] = _digest({key: data.get(key) for key in _PROVENANCE})
    prints[RESULTS_KEY] = _digest(rest)
    return prints


def _as_shown(record: dict[str, object]) -> dict[str, object]:
    """A results record without what :data:`_UNSHOWN` names (its steps' durations too)."""
    shown = {key: value for key, value in record.items() if key not in _UNSHOWN}
    steps = shown.get("steps")
    if isinstance(steps, list):
        shown["steps"] = [
            {key: value for key, value in step.items() if key != "duration"}
            if isinstance(step, dict)
            else step
            for step in steps
        ]
    return shown


CONFIG_VALUES = {
    "rulebooks_features_dir": "../features",
    "rulebooks_results_file": "../results/results.json",
    "rulebooks_project_root": "..",
}


def make_paths_absolute(confdir: Path, config: Config) -> None:
    """Resolve the ``rulebooks_*`` paths against the Sphinx confdir, in place; an unset
    ``rulebooks_repository_url`` becomes the git remote's web address (or empty)."""
    for name in CONFIG_VALUES:
        setattr(config, name, str((confdir / str(getattr(config, name))).resolve()))
    if config.rulebooks_repository_url is None:
        config.rulebooks_repository_url = git_remote_url(Path(config.rulebooks_project_root))


def web_address(remote: str) -> str:
    """A git remote as a web address: ``git@github.com:o/r.git`` -> ``https://github.com/o/r``;
    empty when it is not one (a local path)."""
    remote = remote.strip().removesuffix("/").removesuffix(".git")
    ssh = re.match(r"^(?:ssh://)?git@([^:/]+)[:/](.+)$", remote)
    if ssh:
        return f"https://{ssh.group(1)}/{ssh.group(2)}"
    if re.match(r"^https?://", remote):
        return re.sub(r"^(https?://)[^@/]*@", r"\1", remote)  # drop any credentials
    return ""


def git_remote_url(root: Path) -> str:
    """The web address of the ``origin`` remote of the checkout at ``root`` (or empty)."""
    try:
        found = subprocess.run(
            ["git", "-C", str(root), "remote", "get-url", "origin"],
            capture_output=True, text=True, check=False, timeout=10,
        )  # fmt: skip
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return web_address(found.stdout) if found.returncode == 0 else ""


_CACHE: dict[SitePaths, SiteData] = {}
_BUILDS: weakref.WeakKeyDictionary[BuildEnvironment, SiteData] = weakref.WeakKeyDictionary()


def site_data_of(env: BuildEnvironment) -> SiteData:
    """The features and results of the build ``env`` belongs to: loaded (or checked against
    the inputs' fingerprint) once per build, not once per directive, so every page of a
    build shows the same inputs."""
    data = _BUILDS.get(env)
    if data is None:
        data = _BUILDS[env] = load_site_data(SitePaths.from_config(env.config))
    return data


def refresh_site_data(app: Sphinx, env: BuildEnvironment, *_: object) -> None:
    """At the start of each build's reading (``env-before-read-docs``): take the inputs as
    they are now (a Sphinx application may build more than once)."""
    _BUILDS[env] = load_site_data(SitePaths.from_config(env.config))


def load_site_data(paths: SitePaths) -> SiteData:
    """Load (or reuse) the features and results; a malformed results file -> RulebooksError."""
    fingerprint = input_fingerprint(paths)
    cached = _CACHE.get(paths)
    if cached is not None and cached.fingerprint == fingerprint:
        return cached
    data = _load(paths, fingerprint)
    _CACHE[paths] = data
    return data


def _load(paths: SitePaths, fingerprint: str) -> SiteData:
    paths.features_prefix()  # fail early on a features dir outside the project root
    if paths.features_dir.is_dir():
        loaded = load_features(paths.features_dir, paths.project_root)
        features, errors = loaded.features, loaded.errors
    else:
        features, errors = (), ()
    try:
        results = load_results_if_present(paths.results_file)
    except ResultsFileError as error:
        raise RulebooksError(str(error)) from error
    current = checkout_fingerprint(
        paths.project_root, paths.features_dir, results.fingerprint if results else None
    )
    if paths.guests:
        features, errors, results, current = _with_guests(
            paths, (features, errors, results, current)
        )
    verdicts = Verdicts.join(results, features, current)
    return SiteData(paths, features, errors, results, verdicts, fingerprint)


_Inputs = tuple[tuple[Feature, ...], tuple[FeatureSyntaxError, ...], Results | None, Fingerprint]


def _with_guests(paths: SitePaths, host: _Inputs) -> _Inputs:
    """The host's features, syntax errors, results and fingerprint with every guest's
    joined (:mod:`rulebooks.site.guests`): the guests' features under the host's features
    folder, their records and recorded fingerprints added to the host's results."""
    features, errors, results, current = list(host[0]), list(host[1]), host[2], host[3]
    prefix = paths.features_prefix()
    found: list[tuple[Guest, ResultsFile | None]] = []
    currents: list[tuple[Guest, Fingerprint]] = []
    for site in paths.guests:
        for file, name in site.features(prefix):
            try:
                features.append(load_feature(file, name))
            except FeatureSyntaxError as error:
                errors.append(error)
        try:
            loaded = load_results_if_present(site.results_file)
        except ResultsFileError as error:
            raise RulebooksError(f"guest game {site.guest.name}: {error}") from error
        found.append((site.guest, loaded.file if loaded is not None else None))
        currents.append((site.guest, site.current()))
    if results is not None:
        joined = join_results(results.file, found, prefix)
        results = replace(results, file=joined)
    features.sort(key=lambda feature: feature.path)
    return (
        tuple(features),
        tuple(errors),
        results,
        join_fingerprints(current, currents, prefix),
    )
