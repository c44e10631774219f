"""The stages of ``rulebooks site`` (``make site``) and ``rulebooks scenarios``.

Run the scenarios whose inputs changed (the others' records reused from the scenario cache),
record the results, run the site's simulation campaign (reused while its inputs are
unchanged), run the guest games in their own projects, build the site with Sphinx (started
while the scenarios run), write the run's other formats and history, and judge the verdict.
A stage that crashes leaves no site at all, never an older one. The command line
(:mod:`rulebooks.cli`) only parses arguments and calls :func:`run_site`.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from rulebooks.formats import html_report
from rulebooks.site import sphinx_run

if TYPE_CHECKING:
    from rulebooks.formats.html_report import ReportJob
    from rulebooks.results.gherkin_model import Feature


DEFAULT_RESULTS = Path("results/results.json")
DEFAULT_HTML = Path("docs/_build/html")
SERVE_HTML = Path("docs/_build/serve")
"""Where ``rulebooks serve`` builds: never ``make site``'s folder, whose Sphinx cache is another."""
LOCK_WAIT_SECONDS = 900.0

EXIT_FAILED = 1
"""``verdict``/``site``: some scenario did not pass (or the simulation broke an invariant)."""
EXIT_UNTRUSTED = 2
"""``verdict``/``site``: the results cannot be trusted (missing, schema-invalid, stale,
partial, interrupted, self-contradictory) or a stage crashed: no site."""
EXIT_LOCKED = 3
"""``site``/``scenarios``: another build of this checkout held the lock too long."""


SCENARIO_TESTS = "tests/scenarios"
SCENARIOS: tuple[str, ...] = (SCENARIO_TESTS,)
"""What the scenario run collects; ``site --project`` sets the project's games' folders."""


def incremental() -> bool:
    """Are the caches of ``rulebooks site`` used? Only for a project laid out as this one
    (``engine/<game>``, ``tests/scenarios/<game>``: what their keys cover), not for another
    project's site (``site --project``), which always runs and builds in full."""
    return SCENARIOS == (SCENARIO_TESTS,)


UNUSED_PLUGINS = ("hypothesispytest", "anyio", "xdist", "xdist.looponfail")
"""pytest plugins installed for ``make test`` that a scenario run does not load."""


def scenario_arguments(results: Path, args: Sequence[str] | None = None) -> list[str]:
    """pytest's arguments for a run of the scenarios with the recorder into ``results``.

    ``args`` are pytest's paths and options: by default every scenario (:data:`SCENARIOS`);
    ``rulebooks site`` passes only the step folders of the games to rerun, and
    ``--rulebooks-reuse``."""
    arguments = [
        *(SCENARIOS if args is None else args), "-q", "--no-header",
        "-p", "no:cacheprovider", "--continue-on-collection-errors",
        "--rulebooks-results", str(results),
    ]  # fmt: skip
    if incremental():  # this project's scenarios use none of them: loading them took 0.5 s
        arguments += [option for plugin in UNUSED_PLUGINS for option in ("-p", f"no:{plugin}")]
    return arguments


def run_scenarios(results: Path, args: Sequence[str] | None = None) -> int:
    """Run the scenarios under pytest (:func:`scenario_arguments`) in a new process (ended
    at once when pytest is done: :mod:`rulebooks.run.pytest_run`); returns pytest's exit code."""
    arguments = scenario_arguments(results, args)
    print("$ pytest " + " ".join(arguments), flush=True)
    return subprocess.call([sys.executable, "-m", "rulebooks.run.pytest_run", *arguments])


@dataclass(frozen=True)
class Recorded:
    """How ``record_scenarios`` went: pytest's exit code (or the kept run's) and whether a
    new results file was written (False: nothing changed, the previous one was kept)."""

    code: int
    new: bool = True


def record_scenarios(
    results: Path,
    root: Path,
    *,
    full: bool = False,
    meanwhile: Callable[[], object] | None = None,
    background_formats: bool = False,
    runner: Callable[[Path, Sequence[str]], int] | None = None,
) -> Recorded:
    """Run the scenarios of the feature files whose inputs changed (all with ``full``) into a
    fresh results file, reusing the cached records of the others
    (:mod:`rulebooks.run.scenario_cache`).

    The previous results file goes first, so an older run can never pass for this one;
    it is kept only when no input of any feature file changed since it was written by this
    command (the cache knows its sha256). When pytest ends without writing results (it
    crashed at start-up, a usage error), a results file saying so is written in their place:
    the site then shows the run broken.

    Only a project laid out as this one (``engine/<game>``, ``tests/scenarios/<game>``, what
    the keys cover) is run incrementally; another project's (``site --project``) always
    runs in full.

    Long: the order of its steps (retire the old file, select, run, join, cache) is the
    guarantee that no older run passes for this one; it reads best in one piece.

    ``runner`` runs pytest (its arguments as :func:`run_scenarios` takes them): by default
    :func:`run_scenarios`, in a new process; ``rulebooks serve`` runs it in a fork.
    """
    from rulebooks.formats.plugin import drop_formats_of_another_run
    from rulebooks.results.fingerprint import text_digest
    from rulebooks.results.join import load_results
    from rulebooks.results.schema import ResultsFileError
    from rulebooks.run import scenario_cache

    if not incremental() and not full:
        print(f"scenarios: {', '.join(SCENARIOS)} are not cached: every scenario runs")
        full = True
    cache_path = scenario_cache.cache_file(results)
    plan = scenario_cache.plan(root, cache_path, full=full)
    if plan.problem:
        print(plan.problem, flush=True)
    if plan.nothing_changed and results.is_file() and plan.cache.results_sha256:
        try:
            unchanged = text_digest(results.read_bytes()) == plan.cache.results_sha256
        except OSError:
            unchanged = False
        if unchanged:
            print(
                f"scenarios: no input of the {len(plan.keys)} feature files changed since the "
                f"run of {plan.cache.results_started}: {results} kept (rulebooks site --full "
                "reruns all)",
                flush=True,
            )
            return Recorded(plan.cache.results_exit_status or 0, new=False)
    results.unlink(missing_ok=True)
    drop_formats_of_another_run(results)  # a run that crashes must not show the last one's
    args: list[str] = list(SCENARIOS)
    if plan.reuse:
        folders = sorted({_scenario_folder(root, feature) for feature in plan.rerun})
        args = folders if folders and SCENARIO_TESTS not in folders else [SCENARIO_TESTS]
        reuse_file = cache_path.with_name("reuse.json")
        reuse_file.write_text(json.dumps(scenario_cache.reuse_payload(plan)), "utf-8")
        args += ["--rulebooks-reuse", str(reuse_file)]
        print(
            f"scenarios: {len(plan.rerun)} of {len(plan.keys)} feature files changed (or not "
            f"cached): rerunning them, reusing the others' records",
            flush=True,
        )
    if meanwhile is not None:
        meanwhile()  # what may start while the scenarios run
    if background_formats:  # the run ends while its other formats are written
        from rulebooks.formats.pending import marker_of

        marker_of(results).unlink(missing_ok=True)  # a killed writer's
        args = [*args, "--rulebooks-formats-background"]
    code = (runner or run_scenarios)(results, args)  # looked up now: tests replace it
    if not plan.rerun and code == 5:  # everything reused: pytest ran no test, as asked
        code = 0
    if not results.exists():
        write_crashed_results(results, root, code)
    try:
        written = load_results(results).file  # kept in memory for the verdict and history
    except ResultsFileError:
        written = None
    if written is None:
        for feature in plan.rerun:
            plan.cache.entries.pop(feature, None)
        plan.cache.results_sha256 = None
    else:
        plan.cache.update(root, written, plan.keys, plan.rerun)
        plan.cache.results_sha256 = text_digest(results.read_bytes())
        plan.cache.results_started = written.started
        plan.cache.results_exit_status = written.run.exit_status
    plan.cache.save(cache_path)
    return Recorded(code)


def _scenario_folder(root: Path, feature: str) -> str:
    """The step folder of a feature file's game (all scenarios when it has none)."""
    from rulebooks.run.scenario_cache import game_of

    game = game_of(feature)
    folder = f"{SCENARIO_TESTS}/{game}"
    return folder if game and (root / folder).is_dir() else SCENARIO_TESTS


def write_crashed_results(results: Path, root: Path, code: int) -> None:
    """A results file for a run that recorded nothing: no scenario, and why."""
    from rulebooks.results.fingerprint import checkout_fingerprint
    from rulebooks.results.schema import SCHEMA, ResultsFile, RunInfo, utc_now
    from rulebooks.run.output import git_state, write_results

    now = utc_now()
    problem = (
        f"the scenario run ended with pytest exit code {code} and recorded nothing: "
        "see its output in the terminal"
    )
    write_results(
        results,
        ResultsFile(
            schema=SCHEMA,
            started=now,
            finished=now,
            git=git_state(root),
            run=RunInfo(exit_status=code, interrupted=code == 2, partial=True, problems=(problem,)),
            fingerprint=checkout_fingerprint(root),
            totals={},
            scenarios=(),
        ),
    )


def simulation_file(results: Path) -> Path:
    """The simulation summary published beside a results file."""
    return results.with_name("simulation.json")


SIMULATION_INPUTS = (
    "engine",
    "rulebooks/campaigns/simulate.py",
    "rulebooks/campaigns/executors.py",
    "rulebooks/run/commands.py",
    "rulebooks/provenance/labels.py",
    "rulebooks/games/paths.py",
    "rulebooks/cli.py",
)
"""The code the site's campaign depends on: its key is their digests and its parameters."""

SIMULATION_CACHE_KIND = "rulebooks simulation cache"
SIMULATION_CACHE_VERSION = 1


def simulation_key(root: Path) -> str:
    """The key of the site's campaign: the engines' and the campaign code's digests, the
    campaign's parameters, the Python version."""
    import hashlib
    import platform

    from rulebooks.campaigns.simulate import SITE_CHECKS, SITE_GAMES
    from rulebooks.games import registry
    from rulebooks.results.fingerprint import code_digests
    from rulebooks.site.guests import guests

    lines = [
        f"cache {SIMULATION_CACHE_VERSION}",
        f"python {platform.python_version()}",
        f"games {sorted(registry.games())} x {SITE_GAMES} from seed 0",
        f"checks {SITE_CHECKS!r}",
    ]
    lines += [
        f"code {name} {digest}"
        for name, digest in sorted(code_digests(root, SIMULATION_INPUTS).items())
    ]
    for guest in guests(root):  # a game from another project: its engine package's code
        lines += [
            f"code {guest.name}:{name} {digest}"
            for name, digest in sorted(code_digests(guest.package, ("",)).items())
        ]
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()


def _holds(path: Path, text: str) -> bool:
    """Does the file at ``path`` hold ``text`` (UTF-8) already?"""
    try:
        return path.read_bytes() == text.encode("utf-8")
    except OSError:
        return False


def run_simulation(results: Path, *, full: bool = False) -> bool:
    """A small campaign of every registered game for the site; False on a violation.

    Reused from ``results/.cache/simulation.json`` when its key (:func:`simulation_key`) is
    the checkout's, unless ``full``; a cache that cannot be read is said and replaced."""
    from rulebooks.campaigns.simulate import site_campaign

    out = simulation_file(results)
    cache = results.parent / ".cache" / "simulation.json"
    key = simulation_key(Path.cwd())
    if not full and incremental() and cache.exists():
        try:
            data = json.loads(cache.read_text("utf-8"))
            if data["kind"] != SIMULATION_CACHE_KIND or data["version"] != SIMULATION_CACHE_VERSION:
                raise ValueError(f"not a simulation cache of version {SIMULATION_CACHE_VERSION}")
            cached_key, ok, summary = data["key"], data["ok"], data["summary"]
            if not (isinstance(ok, bool) and isinstance(summary, str)):
                raise ValueError("malformed entry")
            json.loads(summary)
        except (OSError, ValueError, KeyError, TypeError) as error:
            print(f"simulation cache {cache}: {error}; it is rebuilt", flush=True)
        else:
            if cached_key == key:
                out.parent.mkdir(parents=True, exist_ok=True)
                if not _holds(out, summary):  # rewritten, it would make Sphinx reread its page
                    out.write_text(summary, "utf-8")
                print("simulation: no engine or campaign code changed: the last campaign is "
                      f"reused ({out})", flush=True)  # fmt: skip
                return ok
    out.unlink(missing_ok=True)
    print("$ rulebooks simulate all (the site's campaign)", flush=True)
    ok = site_campaign(out)
    if key == simulation_key(Path.cwd()) and out.exists():  # not changed during the campaign
        cache.parent.mkdir(parents=True, exist_ok=True)
        entry = {
            "kind": SIMULATION_CACHE_KIND,
            "version": SIMULATION_CACHE_VERSION,
            "key": key,
            "ok": ok,
            "summary": out.read_text("utf-8"),
        }
        cache.write_text(json.dumps(entry), "utf-8")
    return ok


def staging_dir(html: Path) -> Path:
    """Where the site is built, incrementally, before it is published as ``html``."""
    return html.with_name(f".{html.name}.building")


def doctrees_dir(html: Path) -> Path:
    """Sphinx's doctree cache, kept beside (never inside) the published ``html``."""
    return html.with_name("doctrees")


BUILD_MARK = "rulebooks-build.pending"
"""A file in :func:`doctrees_dir` while Sphinx builds: left behind, it says the build was
killed or interrupted, when Sphinx's saved environment may already call pages current that
were never written."""


def forget_interrupted_build(html: Path) -> bool:
    """After an interrupted or crashed build (:data:`BUILD_MARK` left behind), drop Sphinx's
    environment and the half-written pages, so that the next build writes every page from
    the current inputs; True when there was one."""
    doctrees = doctrees_dir(html)
    if not (doctrees / BUILD_MARK).exists():
        return False
    print("site: the last build was interrupted: Sphinx's cache is dropped, every page rebuilt")
    shutil.rmtree(staging_dir(html), ignore_errors=True)
    shutil.rmtree(doctrees, ignore_errors=True)
    return True


def retire_site(html: Path) -> None:
    """Take the published site down, keeping its files as the next build's starting point
    (the next build rewrites only the pages whose inputs changed)."""
    staging = staging_dir(html)
    if html.is_dir():
        shutil.rmtree(staging, ignore_errors=True)
        html.rename(staging)
    else:
        shutil.rmtree(html, ignore_errors=True)


SITE_INPUTS = ("docs", "rulebooks", "features", "engine", "mutation", "pyproject.toml")
"""What the site is built from, beside the run's files (see :func:`site_key`)."""

SITE_KEY_FILE = "rulebooks-site.key"
REPORT = html_report.REPORT
"""Cucumber's HTML report of the run, beside the results file."""


def site_key(root: Path, results: Path) -> str:
    """A digest of every input of the site build: :data:`SITE_INPUTS` (``docs/_build`` and
    hidden files left out), every file beside the results file but Cucumber's report (made
    from the messages, which are in), the ``RULEBOOKS_*`` environment, Python's and the
    documentation packages' versions."""
    import hashlib
    import platform

    from rulebooks.results.fingerprint import file_digest, installed_versions

    lines = [f"python {platform.python_version()}"]
    versions = installed_versions(("sphinx", "myst-parser", "furo", "docutils"))
    lines += [f"version {name} {version}" for name, version in sorted(versions.items())]
    lines += [f"env {k}={v}" for k, v in sorted(os.environ.items()) if k.startswith("RULEBOOKS_")]
    from rulebooks.site.guests import guests
    from rulebooks.site.guests import results_file as guest_results

    files: list[Path] = []
    package = Path(__file__).resolve().parent  # the rulebooks package in use (the site's code)
    others = [  # the games from other projects: their pages, features and results
        path
        for guest in guests(root)
        for path in (guest.pages, guest.features_base, guest_results(results, guest.name))
    ]
    for path in [*(root / entry for entry in SITE_INPUTS), package, *others]:
        if path.is_file():
            files.append(path)
        for folder, dirs, names in os.walk(path):
            dirs[:] = sorted(
                d for d in dirs if not d.startswith(".") and d not in ("__pycache__", "_build")
            )
            files += [Path(folder) / name for name in sorted(names) if not name.startswith(".")]
    if results.parent.is_dir():
        files += sorted(  # not Cucumber's report: made from the messages, after the build
            p
            for p in results.parent.iterdir()
            if p.is_file() and not p.name.startswith(".") and p.name != REPORT
        )
    lines += [f"file {path} {file_digest(path)}" for path in files if path.suffix != ".pyc"]
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()


class SphinxRun:
    """The site's sphinx-build, started early (:mod:`rulebooks.site.sphinx_run`): it loads Sphinx
    while the scenarios run, and builds when :meth:`build` says so. With ``prepare``, it also
    makes the Sphinx application meanwhile, from the last build's doctrees: only when they
    are not deleted before the build (not for a full build)."""

    def __init__(self, html: Path, results: Path, *, prepare: bool = False) -> None:
        self.command = sphinx_command(html)
        ahead = [sphinx_run.PREPARE] if prepare else []
        self.process = subprocess.Popen(
            [sys.executable, "-m", "rulebooks.site.sphinx_run", *ahead, *self.command[3:]],
            stdin=subprocess.PIPE,
            text=True,
            env=sphinx_env(results),
        )

    def start_build(self) -> subprocess.Popen[str]:
        """Build now (:meth:`subprocess.Popen.wait` gives sphinx-build's exit code)."""
        assert self.process.stdin is not None
        with contextlib.suppress(BrokenPipeError):
            self.process.stdin.write(f"{sphinx_run.BUILD}\n")
            self.process.stdin.close()
        return self.process

    def build(self) -> int:
        """Build now; returns sphinx-build's exit code."""
        return self.start_build().wait()

    def stop(self) -> None:
        """End it without building, if it has not built (it has only loaded modules)."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


def sphinx_command(html: Path) -> list[str]:
    """The sphinx-build command of the site (into :func:`staging_dir`)."""
    return [
        sys.executable, "-m", "sphinx", "-q", "-b", "html", "-d", str(doctrees_dir(html)),
        "docs", str(staging_dir(html)),
    ]  # fmt: skip


def sphinx_env(results: Path) -> dict[str, str]:
    """The environment of the site's sphinx-build: where the run's files are."""
    return dict(
        os.environ,
        RULEBOOKS_RESULTS=str(results.resolve()),
        RULEBOOKS_SIMULATION=str(simulation_file(results).resolve()),
        RULEBOOKS_HISTORY=str(history_file(results).resolve()),
    )


def build_site(
    html: Path,
    results: Path,
    *,
    full: bool = False,
    sphinx: SphinxRun | None = None,
    meanwhile: Callable[[], object] | None = None,
) -> int:
    """Build the HTML site into a folder beside ``html`` (incrementally: Sphinx rereads only
    the pages whose inputs changed, its doctrees kept in :func:`doctrees_dir`), then put it
    in ``html``'s place; returns sphinx-build's exit code (``html`` is absent on failure,
    and the next build starts from scratch). When no input of the site changed since the
    last build (:func:`site_key`), its pages are published again without running Sphinx.
    ``sphinx``: a sphinx-build started beforehand (:class:`SphinxRun`), to use;
    ``meanwhile``: what to do while it builds (after it, the site's inputs are as the key of
    the build will say: the run's formats written in the background, say)."""
    forget_interrupted_build(html)
    building, doctrees = staging_dir(html), doctrees_dir(html)
    if full:
        shutil.rmtree(building, ignore_errors=True)
        shutil.rmtree(doctrees, ignore_errors=True)
    shutil.rmtree(building / ".doctrees", ignore_errors=True)  # older builds kept them there
    key_file = doctrees / SITE_KEY_FILE
    key = site_key(Path.cwd(), results)
    with contextlib.suppress(OSError):
        kept = incremental() and (building / "index.html").is_file()
        if kept and key_file.read_text("utf-8") == key:
            print("site: no input of the site changed since the last build: pages kept")
            write_playground_files(building)
            shutil.rmtree(html, ignore_errors=True)
            building.replace(html)
            return 0
    key_file.unlink(missing_ok=True)
    mark = doctrees / BUILD_MARK
    mark.parent.mkdir(parents=True, exist_ok=True)
    mark.write_text("a build of this site is running or was interrupted\n", "utf-8")
    command = sphinx_command(html)
    print("$ " + " ".join(command[2:]), flush=True)
    if sphinx is not None:
        build = sphinx.start_build()
    else:
        build = subprocess.Popen(command, env=sphinx_env(results), text=True)
    if meanwhile is not None:
        meanwhile()
        key = site_key(Path.cwd(), results)
    code = build.wait()
    shutil.rmtree(html, ignore_errors=True)
    mark.unlink(missing_ok=True)  # the build ended by itself: its outcome is known
    if code == 0:
        if key == site_key(Path.cwd(), results):  # nothing changed during the build
            key_file.write_text(key, "utf-8")
        write_playground_files(building)
        building.replace(html)
    else:
        shutil.rmtree(building, ignore_errors=True)
        shutil.rmtree(doctrees, ignore_errors=True)
    return code


def write_playground_files(site: Path) -> None:
    """The in-browser playground's files into the built site (:mod:`rulebooks.site.playground`);
    without its runtime installed, the site is built all the same and says why in its panels."""
    from rulebooks.games.paths import ROOT
    from rulebooks.site.playground import PlaygroundError, write_playground

    if Path.cwd().resolve() != ROOT.resolve():
        print("playground: not built: it packs the engine and scenarios of Rulebooks' own "
              "checkout, which a game's own project does not have")  # fmt: skip
        return
    try:
        manifest = write_playground(site, Path.cwd())
    except PlaygroundError as error:
        print(f"playground: not built: {error}")
        return
    sizes = manifest["sizes"]
    assert isinstance(sizes, dict)
    print(f"playground: project {sizes['project.zip'] // 1024} KB, packages "
          f"{sizes['packages.zip'] // 1024} KB, Pyodide {manifest['pyodide']}")  # fmt: skip


@dataclass
class Verdict:
    """What ``rulebooks verdict`` says about a results file, checked against the checkout."""

    counts: dict[str, int] = field(default_factory=dict)
    untrusted: list[str] = field(default_factory=list)
    """Why the results cannot be trusted (each makes the gate fail)."""
    unscenarioed: list[str] = field(default_factory=list)
    """Clauses that need code and have no scenario, not listed as allowed (the gate fails)."""

    @property
    def all_passed(self) -> bool:
        total = sum(self.counts.values())
        return total > 0 and self.counts.get("passed", 0) == total

    @property
    def exit_code(self) -> int:
        if self.untrusted:
            return EXIT_UNTRUSTED
        return 0 if self.all_passed and not self.unscenarioed else EXIT_FAILED


def judge(results_path: Path, root: Path) -> Verdict:
    """Load ``results_path`` and join it to the checkout at ``root``: counts of every status
    and every reason not to trust it (schema, staleness, partial or interrupted run,
    contradictions, unreadable feature files)."""
    from rulebooks.results.fingerprint import FEATURES_DIR, checkout_fingerprint
    from rulebooks.results.gherkin_model import load_features
    from rulebooks.results.join import ResultsFileError, Status, Verdicts, load_results

    verdict = Verdict()
    try:
        results = load_results(results_path)
    except ResultsFileError as error:
        verdict.untrusted.append(str(error))
        return verdict
    features_dir = root / FEATURES_DIR
    loaded = load_features(features_dir, root) if features_dir.is_dir() else None
    features = loaded.features if loaded else ()
    current = checkout_fingerprint(root, features_dir, results.fingerprint)
    verdicts = Verdicts.join(results, features, current)
    verdict.counts = {str(status): count for status, count in verdicts.totals(features).items()}
    changes = verdicts.changes
    if changes:
        named = changes.named()
        more = f" and {len(named) - 8} more" if len(named) > 8 else ""
        verdict.untrusted.append(
            "stale: the results were recorded before a change to " + ", ".join(named[:8]) + more
        )
    run = results.run
    if run.interrupted:
        verdict.untrusted.append("interrupted: the run was stopped before its end")
    if run.partial:
        verdict.untrusted.append("partial: not every scenario was run")
    verdict.untrusted += [f"  {problem}" for problem in run.problems]
    verdict.untrusted += [f"contradiction: {problem}" for problem in verdicts.problems()]
    for unreadable in loaded.errors if loaded else ():
        verdict.untrusted.append(f"unreadable feature file: {unreadable}")
    if verdict.counts.get(Status.STALE, 0) and not changes:
        verdict.untrusted.append("stale: some feature files changed since the run")
    verdict.unscenarioed, problems = clauses_without_scenarios(root, features)
    verdict.untrusted += problems
    return verdict


def clauses_without_scenarios(
    root: Path, features: Iterable[Feature]
) -> tuple[list[str], list[str]]:
    """The clauses of the rules pages under ``root`` that need code (no ``:no-code:``) and
    that no scenario of ``features`` is tagged with, one sentence each, save those
    ``[tool.rulebooks.no-scenario]`` allows; and the problems of that list (an ID no page
    defines, a clause it allows that has scenarios after all, a page or list unreadable).
    The pages of guest games (another project's, copied here) are not counted: their
    clauses are judged in their own project (:func:`run_guests`)."""
    from rulebooks.games import registry
    from rulebooks.games.project import ProjectError, configured_no_scenario
    from rulebooks.games.trace import TraceError, read_clauses
    from rulebooks.site.guests import guests

    try:
        visiting = {guest.name for guest in guests(root)}  # judged in their own project
        own = [name for name in sorted(registry.games()) if name not in visiting]
        clauses = read_clauses(root, own)
        allowed = configured_no_scenario(root)
    except (TraceError, ProjectError) as error:
        return [], [f"clauses: {error}"]
    tagged = {
        tag.removeprefix("clause:")
        for feature in features
        for _, scenario in feature.all_scenarios()
        for tag in scenario.all_tags()
        if tag.startswith("clause:")
    }
    missing = [
        f"no scenario: {clause.id} needs code, yet no scenario is tagged @clause:{clause.id} "
        f"({clause.page}:{clause.line})"
        for clause in clauses.values()
        if clause.kind == "clause"
        and clause.no_code is None
        and clause.id not in tagged
        and clause.id not in allowed
    ]
    problems = [
        f"[tool.rulebooks.no-scenario] lists {ident}, which no rules page defines"
        for ident in allowed
        if ident not in clauses
    ] + [
        f"[tool.rulebooks.no-scenario] lists {ident}, which has scenarios: remove it"
        for ident in allowed
        if ident in tagged
    ]
    return missing, problems


def print_verdict(
    results: Path, root: Path | None = None, judged: Verdict | None = None
) -> Verdict:
    """Print the counts of every status and why the results cannot be trusted, if so
    (``judged``: the verdict on them, when already taken)."""
    from rulebooks.run.output import summary_line

    verdict = judged or judge(results, root or Path.cwd())
    if verdict.counts:
        print(f"scenarios: {summary_line(verdict.counts)}")
    for reason in verdict.untrusted:
        print(reason)
    for clause in verdict.unscenarioed:
        print(clause)
    return verdict


def enter_project(root: Path, *, site: bool = False, check: bool = True) -> None:
    """Work on the project at ``root`` (:func:`rulebooks.games.project.project_root`): its
    folder becomes the working directory, its ``[tool.rulebooks] games`` the games (every
    installed one when it names none), and, for a project other than the tooling's own
    checkout, their scenario folders what the run collects. ``site``: the command builds
    its site, so the project needs ``docs/conf.py``. ``check``: refuse a project whose own
    games cannot run (:func:`game_problems`), before anything is written."""
    global SCENARIOS
    from rulebooks.games import registry
    from rulebooks.games.paths import ROOT
    from rulebooks.games.project import ENV, ProjectError, configured_games

    if site and not (root / "docs" / "conf.py").is_file():
        raise ProjectError(
            f"{root} has no docs/conf.py, so no site to build: add one "
            "(`rulebooks new GAME` writes a project with its site)"
        )
    os.chdir(root)
    if root == ROOT.resolve():  # the tooling's own checkout: laid out as the tooling expects
        return
    games = configured_games(root)
    if games is None:
        games = tuple(registry.installed().games)
    os.environ[ENV] = ",".join(games) or ","  # "," names no game: not every one
    problems = game_problems(root, games) if check else []
    if problems:
        raise ProjectError("; ".join(problems))
    folders = []
    for spec in registry.games().values():
        scenarios = spec.root.resolve() / spec.scenarios_dir
        if scenarios.is_relative_to(root):
            folders.append(str(scenarios.relative_to(root)))
    SCENARIOS = tuple(dict.fromkeys(folders)) or SCENARIOS


def game_problems(root: Path, games: Sequence[str]) -> list[str]:
    """Why the games the project at ``root`` lists cannot run, each with what to do: a game
    no installed package declares in full (a GameSpec lacking a piece, an entry point that
    does not load), and, for a game of this project, a features folder that no test module
    binds or whose scenario folder has no conftest.py making the steps visible."""
    from rulebooks.games import registry
    from rulebooks.run.binding import binding_problem

    found = registry.games(root)
    wrong = []
    for name in games:
        if name not in found:
            about = [p for p in registry.problems(root) if f"{name!r}" in p]
            why = [p for p in about if not p.startswith("the project lists")] or [
                f"no installed package registers {name!r}"
            ]
            wrong.append(
                f"game {name!r} cannot run: {' / '.join(why)}: complete its GameSpec (the "
                "entry point of the group rulebooks.games) and reinstall the project; "
                "`rulebooks games` lists every problem"
            )
            continue
        spec = found[name]
        if spec.root.resolve().is_relative_to(root):
            problem = binding_problem(spec, root)
            if problem:
                wrong.append(problem)
    return wrong


def print_failures(results: Path, lines: list[str] | None = None) -> None:
    """The failed runs by clause ID, each as FEATURE:LINE with its error (nothing if none;
    ``lines``: :func:`failure_lines`, when already taken)."""
    lines = failure_lines(results) if lines is None else lines
    if lines:
        print("failures by clause (FEATURE:LINE, error [where]):")
        print("\n".join(lines))


def failure_lines(results: Path) -> list[str]:
    """The lines of :func:`print_failures` (none when the results cannot be read: the
    verdict says why)."""
    from rulebooks.results.failures import summary_by_clause
    from rulebooks.results.join import ResultsFileError, load_results_if_present

    try:
        loaded = load_results_if_present(results)
    except ResultsFileError:
        return []
    return summary_by_clause(loaded.scenarios) if loaded is not None else []


def site_folder_problem(html: Path, results: Path) -> str | None:
    """Why `html` cannot be the site's folder, which is deleted and rebuilt: it would hold the
    project or the results file."""
    for path in (Path.cwd(), results):
        if path.resolve().is_relative_to(html.resolve()):
            return (f"--html {html} would hold {path}: the site folder is deleted and rebuilt, "
                    "so it must be a folder of its own")  # fmt: skip
    return None


def run_site(results: Path, html: Path, *, full: bool = False) -> int:
    retire_site(html)  # no older site may outlive a failed stage
    forget_interrupted_build(html)  # before Sphinx starts, reading its cache
    started: list[SphinxRun] = []
    try:
        return _site_stages(results, html, started, full=full)
    finally:
        for sphinx in started:
            sphinx.stop()
        wait_for_run_formats(results)  # written before the build lock is let go


def wait_for_run_formats(results: Path) -> None:
    """Wait for the run's formats written in the background (saying so if they never are)."""
    from rulebooks.formats.pending import marker_of, wait_for_formats

    if not wait_for_formats(results):
        print(f"formats: still being written after 10 minutes ({marker_of(results)})")


def _site_stages(results: Path, html: Path, started: list[SphinxRun], *, full: bool) -> int:
    """The stages of ``rulebooks site``. When scenarios run, Sphinx is started with them
    (into ``started``) so that it loads meanwhile, and the run's Cucumber Messages and JUnit
    XML are written in the background (:mod:`rulebooks.formats.pending`) while Sphinx
    reads; Cucumber's HTML report of the messages is then made while Sphinx writes."""
    recorded = record_scenarios(
        results,
        Path.cwd(),
        full=full,
        meanwhile=lambda: started.append(SphinxRun(html, results, prepare=not full)),
        background_formats=True,
    )
    reports: list[ReportJob] = []
    # The report replaces the one the pages list; with none listed yet (a first build), the
    # pages wait for it.
    listed = results.with_name(REPORT).is_file()
    if recorded.new:
        record_history(results)
        if not listed:
            wait_for_run_formats(results)
            record_report(results)

    judged: list[tuple[Verdict, list[str]]] = []

    def while_building() -> None:
        if recorded.new and listed:
            wait_for_run_formats(results)
            reports.extend(job for job in [start_report(results)] if job is not None)
        # the verdict and the failures, printed once the site is built
        judged.append((judge(results, Path.cwd()), failure_lines(results)))

    guests_passed = run_guests(results)
    try:
        simulation_ok = run_simulation(results, full=full)
    except Exception as error:
        print(f"error: the site's simulation campaign crashed ({type(error).__name__}: {error}); "
              "no site was built")  # fmt: skip
        shutil.rmtree(staging_dir(html), ignore_errors=True)
        shutil.rmtree(doctrees_dir(html), ignore_errors=True)
        return EXIT_UNTRUSTED
    build_code = build_site(
        html,
        results,
        full=full,
        sphinx=started[0] if started else None,
        meanwhile=while_building,
    )
    for job in reports:
        finish_report(job, html)
    print()
    verdict = print_verdict(results, judged=judged[0][0] if judged else None)
    print_failures(results, judged[0][1] if judged else None)
    if build_code != 0:
        print(f"the site build failed (sphinx-build exit code {build_code}): no site was built")
        return EXIT_UNTRUSTED
    print(f"site built: open {html / 'index.html'}")
    if verdict.untrusted:
        print("the results cannot be trusted (see above): the site says so at the top")
        return EXIT_UNTRUSTED
    # a project whose games all live elsewhere (guests) has no scenario of its own to run
    ran_none = recorded.code in (0, 5) and not any(verdict.counts.values())
    own_passed = (verdict.all_passed and recorded.code == 0) or ran_none
    if not own_passed or not guests_passed:
        print("some scenarios did not pass: they are shown in red on the site")
        return EXIT_FAILED
    if verdict.unscenarioed:
        print("some clauses that need code have no scenario (see above): they are unverified")
        return EXIT_FAILED
    if not simulation_ok:
        print("the simulation broke an invariant: see the simulation report on the site")
        return EXIT_FAILED
    return 0


def run_guests(results: Path) -> bool:
    """Run the scenarios of the project's guest games (:mod:`rulebooks.site.guests`), each in its
    own project, beside ``results``; True when every one passed (or there is none)."""
    from rulebooks.site import guests

    passed = True
    for guest in guests.guests(Path.cwd()):
        where = guests.results_file(results, guest.name)
        print(f"scenarios of {guest.name}, a game of another project ({guest.root}):")
        code = guests.run_guest(guest, where)
        verdict = print_verdict(where, guest.root)
        passed = passed and code in (0, 5) and verdict.exit_code == 0
    return passed


# --- run history and other formats (rulebooks.results.history, rulebooks.formats) ---------------


def history_file(results: Path) -> Path:
    """The history of runs kept beside a results file."""
    return results.with_name("history.jsonl")


def record_run(results: Path) -> None:
    """Append the run to the history and render Cucumber's HTML report of its messages;
    say what went wrong with either without stopping the site build."""
    record_history(results)
    record_report(results)


def record_report(results: Path) -> None:
    """Render Cucumber's HTML report of the run's messages beside ``results`` now."""
    job = start_report(results)
    if job is not None:
        finish_report(job)


def record_history(results: Path) -> None:
    """Append the run to the history (saying why not, when it cannot be read)."""
    from rulebooks.results.diff import load_summary
    from rulebooks.results.history import append_run
    from rulebooks.results.join import ResultsFileError

    try:
        history = append_run(history_file(results), load_summary(results))
    except (ResultsFileError, ValueError) as error:
        print(f"history: not recorded: {error}")
    else:
        print(f"history: {len(history.runs)} run(s) in {history.path}")
        for problem in history.problems:
            print(f"history: {problem}")


def start_report(results: Path) -> ReportJob | None:
    """Start rendering Cucumber's HTML report of the run's messages beside ``results``
    (None, having said why, when it cannot be made)."""
    from rulebooks.formats.html_report import ReportError, start_html_report

    messages = results.with_name("messages.ndjson")
    try:
        return start_html_report(messages, results.with_name(REPORT))
    except ReportError as error:
        print(f"Cucumber's HTML report: not made: {error}")
        return None


def finish_report(job: ReportJob, html: Path | None = None) -> None:
    """Wait for the report; when the site ``html`` publishes it (in ``downloads/``, copied
    while the report was being made), publish this one."""
    from rulebooks.formats.html_report import ReportError

    try:
        job.finish()
    except ReportError as error:
        print(f"Cucumber's HTML report: not made: {error}")
        return
    from rulebooks.site.sphinxext.history import publish_file
    from rulebooks.site.sphinxext.render import DOWNLOADS_FOLDER

    published = html / DOWNLOADS_FOLDER / job.report.name if html is not None else None
    if published is not None and published.is_file():
        publish_file(job.report, published)
