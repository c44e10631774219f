"""``rulebooks serve`` (what ``make serve`` runs): the site on http://127.0.0.1:8000, rebuilt
on every save of the docs, feature files, engines, step definitions or site code, the
browser reloading once the new pages are written.

A rebuild is what ``rulebooks scenarios`` then an incremental sphinx-build did, run warm: this
process loads Sphinx, MyST, the theme and pytest once, at start, and each rebuild runs in a
process forked from it (:class:`Rebuild`), so that no rebuild pays for those imports again:

1. the scenarios whose inputs changed rerun (the others' records reused, as in ``make
   site``), pytest running in a fork of its own; the verdict is printed, and a run that
   dies is recorded as such (:func:`rulebooks.site.pipeline.record_scenarios`), so the site
   shows it;
2. Sphinx rebuilds the pages whose inputs changed, in place; its application (configuration,
   extensions, the last build's environment) is made while pytest runs
   (:class:`rulebooks.site.sphinx_run.PreparedBuild`).

The project's own modules (``rulebooks``, ``engine``, the step definitions) are never kept
from a build to the next: each rebuild imports them afresh, so an edit to them is what
runs. Only an edit to this module needs the server restarted.

The watching, the serving and the reload script are sphinx-autobuild's.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path

WATCHED = ("docs", "features", "engine", "tests/scenarios", "rulebooks")
"""The folders whose changes rebuild the site (relative to the checkout)."""

IGNORED = (".git", ".venv", "results", "docs/_build", ".mypy_cache", ".ruff_cache")
"""Folders inside those (or beside them) whose changes do not: the run's own output."""

IGNORED_PATTERNS = (r"/__pycache__/", r"\.pyc$", r"/\.[^/]*\.tmp$", r"~$", r"\.sw[px]$")
"""Files whose changes do not rebuild either: compiled modules, editors' and writers'
temporary files."""

PROJECT_MODULES = ("rulebooks", "engine", "tests")
"""Top-level packages of the project: imported afresh by every rebuild."""

DOCTREES = "doctrees-serve"
"""Sphinx's pickles of the served site, beside the site's folder (apart from ``make site``'s)."""


def preload() -> None:
    """Import what every rebuild needs and no edit of the project changes: Sphinx, MyST,
    the theme, docutils and pytest (each rebuild is forked from this process)."""
    import docutils.parsers.rst  # noqa: F401
    import furo  # type: ignore[import-untyped]  # noqa: F401
    import gherkin.parser  # noqa: F401
    import myst_parser.parsers.sphinx_
    import myst_parser.sphinx_ext.main  # noqa: F401
    import pytest  # noqa: F401
    import sphinx.builders.html
    import sphinx.cmd.build  # noqa: F401


def forget_project_modules() -> None:
    """Drop the project's modules from this process, so that the next import reads them
    from the checkout as it is now (this module, running, stays as it was loaded)."""
    for name in list(sys.modules):
        if name.split(".", 1)[0] in PROJECT_MODULES and name != __name__:
            del sys.modules[name]


def forget_plugin_modules() -> None:
    """Drop the modules of pytest's plugins (``pytest11`` entry points) from this process:
    pytest rewrites their asserts when it imports them, and warns about one imported before
    it (anyio, which the server's web framework loads)."""
    from importlib.metadata import entry_points

    tops = {point.module.split(".", 1)[0] for point in entry_points(group="pytest11")}
    tops.discard("pytest")
    for name in list(sys.modules):
        if name.split(".", 1)[0] in tops and name != __name__:
            del sys.modules[name]


def forked(work: Callable[[], int]) -> int:
    """Start ``work()`` in a fork of this process; returns the fork's process ID (its exit
    code is what ``work`` returns, 1 if it raises: :func:`exit_code` waits for it)."""
    sys.stdout.flush()
    sys.stderr.flush()
    child = os.fork()
    if child == 0:
        code = 1
        try:
            code = work()
        except BaseException:  # said here: the fork's end hides it otherwise
            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)  # no atexit handler of the parent runs in the fork
    return child


def exit_code(child: int) -> int:
    """Wait for the fork ``child``; its exit code."""
    return os.waitstatus_to_exitcode(os.waitpid(child, 0)[1])


def run_pytest_forked(argv: Sequence[str], meanwhile: Callable[[], object] | None = None) -> int:
    """``pytest ARGV`` in a fork of this process (its imports done), ``meanwhile()`` in this
    one while it runs; returns pytest's exit code."""

    def run() -> int:
        forget_plugin_modules()
        import pytest

        return int(pytest.main(list(argv)))

    child = forked(run)
    try:
        if meanwhile is not None:
            meanwhile()
    finally:
        code = exit_code(child)
    return code


class Rebuild:
    """The rebuild sphinx-autobuild's watcher calls (in a process forked from the server,
    hence a plain class: it is pickled to get there). Each call forks once more, so that
    nothing a build loads, the first build's included, stays in the server."""

    def __init__(self, results: Path, html: Path, wait: float) -> None:
        self.results, self.html, self.wait = results, html, wait

    def __call__(self, *, changed_paths: Sequence[Path] = ()) -> None:
        start = time.perf_counter()
        names = [_shown(path) for path in changed_paths[:5]]
        print(f"\n[serve] {'changed: ' + ', '.join(names) if names else 'first build'}")
        code = exit_code(forked(self.build))
        took = time.perf_counter() - start
        if code == 0:
            print(f"[serve] site rebuilt in {took:.1f} s: the browser reloads", flush=True)
        else:
            print(f"[serve] the rebuild failed (exit code {code}) after {took:.1f} s: the pages "
                  "served are the last ones built; fix the error above", flush=True)  # fmt: skip

    def build(self) -> int:
        """Record the scenarios (:meth:`record`), then rebuild the pages while the verdict is
        printed (in a fork: the browser need not wait for it); Sphinx's exit code (or
        :meth:`record`'s, when it failed)."""
        start = time.perf_counter()
        forget_project_modules()
        from sphinx.cmd.build import build_main

        from rulebooks.results.gherkin_model import load_features
        from rulebooks.site import pipeline
        from rulebooks.site.sphinx_run import PreparedBuild

        if Path("features").is_dir():  # parsed once, for the forks below and for Sphinx
            load_features(Path("features"), Path.cwd())
        argv = ["-q", "-b", "html", "-d", str(self.html.parent / DOCTREES), "docs", str(self.html)]
        prepared: list[PreparedBuild] = []

        def prepare() -> None:  # while pytest runs: the application, from the last build
            os.environ.update(pipeline.sphinx_env(self.results))
            prepared.append(PreparedBuild(argv))

        code = self.record(lambda results, args: run_scenarios(results, args, meanwhile=prepare))
        if code != 0:
            for build in prepared:
                build.close()
            return code
        print(f"[serve] scenarios recorded in {time.perf_counter() - start:.1f} s", flush=True)
        verdict = forked(self.print_verdict)
        os.environ.update(pipeline.sphinx_env(self.results))
        code = prepared[0].run() if prepared else build_main(argv)
        exit_code(verdict)
        return code

    def record(self, runner: Callable[[Path, Sequence[str]], int] | None = None) -> int:
        """Rerun the scenarios whose inputs changed into the results file, under the build
        lock, with ``runner`` (:func:`run_scenarios` by default); 0, or
        :data:`rulebooks.site.pipeline.EXIT_LOCKED` when another build holds the checkout (a
        run that dies is recorded as such: the pages show it)."""
        from rulebooks.run.lock import BuildLockTimeout, build_lock
        from rulebooks.site import pipeline

        try:
            with build_lock(self.results.parent, timeout=self.wait):
                # the last rebuild's formats, still being written
                pipeline.wait_for_run_formats(self.results)
                pipeline.record_scenarios(
                    self.results, Path.cwd(), background_formats=True,
                    runner=runner or run_scenarios,
                )  # fmt: skip
        except BuildLockTimeout as error:
            print(f"error: {error}", file=sys.stderr)
            return pipeline.EXIT_LOCKED
        return 0

    def print_verdict(self) -> int:
        """Print the counts of every status, and why the results cannot be trusted, if so."""
        from rulebooks.site import pipeline

        print()
        pipeline.print_verdict(self.results)
        return 0


def run_scenarios(
    results: Path,
    args: Sequence[str] | None = None,
    meanwhile: Callable[[], object] | None = None,
) -> int:
    """:func:`rulebooks.site.pipeline.run_scenarios`, in a fork (:func:`run_pytest_forked`), doing
    ``meanwhile()`` while it runs."""
    from rulebooks.site import pipeline

    argv = pipeline.scenario_arguments(results, args)
    print("$ pytest " + " ".join(argv), flush=True)
    return run_pytest_forked(argv, meanwhile)


def _shown(path: Path) -> str:
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return str(path)


def address_problem(host: str, port: int) -> str | None:
    """Why the site could not be served on ``host``:``port`` (None: it can): checked by
    binding it once, before the first build, as the server binds it after."""
    import socket

    if not 1 <= port <= 65535:
        return f"--port {port} is no TCP port: give one from 1 to 65535"
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
            probe.bind((host, port))
    except OSError as error:  # in use, not allowed, unknown host
        return f"cannot serve on {host}:{port}: {error.strerror or error}"
    return None


def serve(results: Path, html: Path, *, host: str, port: int, wait: float) -> int:
    """Build the site, serve it and rebuild it on every change until Ctrl-C; 2 with the
    reason, before any build, when the address cannot be served or `html` is the folder of
    ``rulebooks site`` (built from another Sphinx cache)."""
    from rulebooks.site.pipeline import DEFAULT_HTML, SERVE_HTML

    if html.resolve() == DEFAULT_HTML.resolve():
        print(f"error: --html {html} is the folder of rulebooks site, built from another "
              f"Sphinx cache; serve builds into {SERVE_HTML} or a folder of its own",
              file=sys.stderr)  # fmt: skip
        return 2
    problem = address_problem(host, port)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    import uvicorn
    from sphinx_autobuild.filter import IgnoreFilter
    from sphinx_autobuild.middleware import JavascriptInjectorMiddleware
    from sphinx_autobuild.server import RebuildServer
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.routing import Mount, WebSocketRoute
    from starlette.staticfiles import StaticFiles

    preload()
    root = Path.cwd()
    rebuild = Rebuild(results, html, wait)
    rebuild()
    html.mkdir(parents=True, exist_ok=True)
    ignored = IgnoreFilter(
        [str(root / folder) for folder in IGNORED] + [str(results.parent.resolve()), str(html)],
        list(IGNORED_PATTERNS),
    )
    watched = [root / folder for folder in WATCHED if (root / folder).is_dir()]
    watcher = RebuildServer(watched, ignored, change_callback=rebuild)
    app = Starlette(
        routes=[
            WebSocketRoute("/websocket-reload", watcher, name="reload"),
            Mount("/", app=StaticFiles(directory=html, html=True), name="static"),
        ],
        middleware=[Middleware(JavascriptInjectorMiddleware, ws_url=f"{host}:{port}")],
        lifespan=watcher.lifespan,
    )
    print(f"[serve] serving {html} on http://{host}:{port} (Ctrl-C stops)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: the end asked for
        uvicorn.run(app, host=host, port=port, log_level="warning")
    return 0
