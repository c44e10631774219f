"""``rulebooks serve`` (``make serve``): a saved feature file's new verdicts reach the served
pages, and each rebuild imports the project afresh (a fork of the server, which keeps only
libraries loaded)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from rulebooks.formats.pending import marker_of
from rulebooks.site import serve
from tests.tooling.results.test_tamper import make_sandbox
from tests.tooling.site.serving import fetched, rebuilds, serving, wait_until

ROOT = Path(__file__).resolve().parents[3]
DICE = Path("features/mahe/02_dice.feature")
PASSING = "outcomes are 1, 2, 3, 4, 5, 6 with"
FAILING = "outcomes are 1, 2, 3, 4, 5, 7 with"  # the same step, now false: the scenario fails
TITLE = "A turn starts with the first die, before any decision"


def sandbox_site(root: Path) -> Path:
    """A checkout with Mahé's engine, steps and features, and a site of Mahé's pages."""
    make_sandbox(root)
    docs = root / "docs"
    (docs / "mahe").mkdir(parents=True)
    shutil.copy(ROOT / "docs" / "conf.py", docs / "conf.py")
    shutil.copytree(ROOT / "docs" / "_static", docs / "_static")
    pages = sorted(path.stem for path in (ROOT / "docs" / "mahe").glob("*.md"))
    for page in pages:
        shutil.copy(ROOT / "docs" / "mahe" / f"{page}.md", docs / "mahe" / f"{page}.md")
    toctree = "".join(f"mahe/{page}\n" for page in pages)
    (docs / "index.md").write_text(f"# Sandbox\n\n```{{toctree}}\n{toctree}```\n", "utf-8")
    return root


def wait_for(condition: Callable[[], bool], what: str, log: Path, timeout: float = 240) -> None:
    if not wait_until(condition, timeout):
        pytest.fail(f"{what} after {timeout:.0f} s; the server said:\n{log.read_text()[-4000:]}")


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, int, Path]]:
    """A sandbox served by ``rulebooks serve`` on a free port, its first build done."""
    root, log = sandbox_site(tmp_path / "checkout"), tmp_path / "serve.log"
    path = os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))
    with serving(root, log, {**os.environ, "PYTHONPATH": path}) as port:
        yield root, port, log


def test_a_saved_feature_files_new_verdict_is_served(served: tuple[Path, int, Path]) -> None:
    root, port, log = served
    page = fetched(port, "mahe/examples.html")
    assert "/websocket-reload" in page, "the page has no reload script"
    assert "[serve] first build" in log.read_text("utf-8")
    first = text_of(page)
    assert TITLE in first and PASSING in first and FAILING not in first
    assert "failed" not in scenario_text(first).lower()

    feature = root / DICE
    feature.write_text(feature.read_text("utf-8").replace(PASSING, FAILING, 1), "utf-8")
    wait_for(lambda: FAILING in text_of(fetched(port, "mahe/examples.html")), "no rebuild", log)
    wait_for(lambda: rebuilds(log) == 2, "the rebuild never ended", log)
    said = log.read_text("utf-8").split("[serve] changed:")[-1]
    assert "features/mahe/02_dice.feature" in said.splitlines()[0]
    assert "1 of 8 feature files changed" in said  # the others' records reused
    assert re.search(r"scenarios: \d+ passed, 1 failed", said), said
    scenario = scenario_text(text_of(fetched(port, "mahe/examples.html")))
    assert "failed" in scenario.lower(), scenario


def scenario_text(page: str) -> str:
    """The text of the scenario TITLE on the examples page, up to the next one's title."""
    start = page.index(TITLE)
    return page[start : page.index("Scenario", start + len(TITLE))]


def test_a_rebuild_imports_the_project_afresh() -> None:
    """The server's own copies of the project's modules never reach a rebuild: an edited
    step or engine module is what runs."""
    import rulebooks.cli as before

    def fresh() -> int:
        serve.forget_project_modules()
        import engine
        import rulebooks.cli as after

        return 0 if after is not before and "engine.core" in sys.modules and engine else 1

    assert serve.exit_code(serve.forked(fresh)) == 0
    import rulebooks.cli as still

    assert still is before, "the server's own modules are kept"


def test_a_rebuild_waits_for_the_formats_the_last_one_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last rebuild's messages and JUnit XML, still being written in the background,
    are written before the scenarios run again: an older writer never ends last."""
    results = tmp_path / "results" / "results.json"
    results.parent.mkdir()
    marker = marker_of(results)
    marker.write_text("0\n", "utf-8")  # being written (a writer's ID follows)
    done, seen = tmp_path / "done", tmp_path / "seen"
    script = (
        f"import pathlib, time; time.sleep(1); pathlib.Path({str(done)!r}).touch(); "
        f"pathlib.Path({str(marker)!r}).unlink()"
    )
    writer = subprocess.Popen([sys.executable, "-c", script])
    marker.write_text(f"{writer.pid}\n", "utf-8")

    def runner(path: Path, args: object = ()) -> int:
        seen.write_text("written" if done.exists() else "still being written", "utf-8")
        return 4

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(serve, "run_scenarios", runner)
    try:
        code = serve.exit_code(serve.forked(serve.Rebuild(results, tmp_path / "html", 5).record))
    finally:
        writer.wait()
    assert code == 0
    assert seen.read_text("utf-8") == "written"


@pytest.mark.parametrize("port", ["99999", "0", "-1"])
def test_serve_refuses_a_port_that_is_none_before_any_build(
    port: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from rulebooks import cli

    def no_build(*args: object, **kwargs: object) -> None:
        raise AssertionError("a build started before the port was checked")

    monkeypatch.setattr(serve, "preload", no_build)
    monkeypatch.setattr(serve, "Rebuild", no_build)
    assert cli.main(["serve", "--port", port]) == 2
    err = capsys.readouterr().err
    assert err == f"error: --port {port} is no TCP port: give one from 1 to 65535\n"


def test_serve_refuses_a_port_in_use_before_any_build(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    from rulebooks import cli

    monkeypatch.setattr(serve, "preload", lambda: pytest.fail("a build started"))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["serve", "--port", str(port)]) == 2
    assert capsys.readouterr().err.startswith(f"error: cannot serve on 127.0.0.1:{port}: ")
