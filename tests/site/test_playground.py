"""The in-browser playground ("Try it"), in a real headless Chromium, as a reader uses it.

The site of the ``site`` fixture, with the playground's files written into it as ``make
site`` writes them (:func:`rulebooks.site.playground.write_playground`), is served on the
loopback interface; every request to any other host fails the test.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from gherkin.parser import Parser
from playwright.sync_api import Browser, Locator, Page, Request, sync_playwright

from rulebooks.site import playground_runner
from rulebooks.site.playground import (
    FOLDER,
    PROJECT_FILES,
    PROJECT_FOLDERS,
    write_playground,
)
from tests.site.conftest import ROOT
from tests.site.test_browser import CHROMIUM_ARGS, chromium_path

RUN_TIMEOUT_MS = 120_000
"""How long a test waits for a panel (the page's own limit on a run is 5 s)."""


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def playground_site(
    site: tuple[Path, dict[str, object]], tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """A copy of the built site (hard links), with the playground's files."""
    copy = tmp_path_factory.mktemp("playground") / "html"
    shutil.copytree(site[0], copy, copy_function=os.link)
    write_playground(copy, ROOT)
    return copy


@pytest.fixture(scope="module")
def base_url(playground_site: Path) -> Iterator[str]:
    handler = functools.partial(QuietHandler, directory=str(playground_site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium, as the other browser tests launch it."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


class Visit:
    """A page of the site, noting every request it makes and every console error."""

    def __init__(self, browser: Browser, base_url: str, path: str) -> None:
        self.page: Page = browser.new_page()
        self.requests: list[str] = []
        self.elsewhere: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", self._request)
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("dialog", lambda d: self.errors.append(f"dialog: {d.message}"))
        self.page.goto(base_url + path)

    def _request(self, request: Request) -> None:
        self.requests.append(request.url)
        if urlparse(request.url).hostname not in ("127.0.0.1", None):
            self.elsewhere.append(request.url)

    def close(self) -> None:
        self.page.close()


def scenario_line(feature: str, name: str) -> int:
    """The line of the scenario called ``name`` in ``feature`` (so that edits above it in
    the feature file do not break the test)."""
    text = (ROOT / feature).read_text("utf-8")
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip() == f"Scenario: {name}":
            return number
    raise AssertionError(f"no scenario {name!r} in {feature}")


def page_of(site: Path, feature: str, line: int) -> str:
    """The site page holding the scenario's "Try it"."""
    marker = f'data-feature="{feature}" data-line="{line}"'
    for page in sorted(site.rglob("*.html")):
        if marker in page.read_text("utf-8"):
            return page.relative_to(site).as_posix()
    raise AssertionError(f"no page has the Try it of {feature}:{line}")


class Panel:
    """The "Try it" panel of one scenario."""

    def __init__(self, visit: Visit, feature: str, line: int) -> None:
        self.page = visit.page
        self.holder = self.page.locator(
            f'.rulebooks-try[data-feature="{feature}"][data-line="{line}"]'
        )
        self.holder.locator(".rulebooks-try-open").click()
        self.holder.locator(".rulebooks-try-text").wait_for(timeout=RUN_TIMEOUT_MS)
        self.text = self.holder.locator(".rulebooks-try-text")

    def edit(self, old: str, new: str) -> None:
        value = self.text.input_value()
        assert old in value, value
        self.text.fill(value.replace(old, new))

    def run(self) -> tuple[str, str]:
        """(the status line, the run's output) once the run has ended."""
        return self.after(self.holder.locator(".rulebooks-try-run"))

    def play(self, name: str) -> tuple[str, str]:
        """Play on with the button called ``name``; what :meth:`run` gives."""
        play = self.holder.locator(".rulebooks-try-play")
        return self.after(play.get_by_role("button", name=name, exact=True))

    def after(self, button: Locator) -> tuple[str, str]:
        status = self.holder.locator(".rulebooks-try-status")
        button.click()
        self.page.wait_for_function(
            "s => !s.textContent.startsWith('running')", arg=status.element_handle(),
            timeout=RUN_TIMEOUT_MS,
        )  # fmt: skip
        return status.inner_text(), self.holder.locator(".rulebooks-try-output").inner_text()


EDITS = {
    # game: (feature, scenario, the edit (old, new), what the output then shows)
    "mahe": ("features/mahe/02_dice.feature", "After one die the player may stop or roll again",
             ("the first die shows 3", "the first die shows 5"), "dice this move: 5"),
    "mamey": ("features/mamey/03_harvest.feature", "With 6 cards in hand Ana may harvest",
              ("red 5 and blue 1 in hand", "red 5, blue 1 and blue 2 in hand"),
              "✘ Then Ana may harvest"),
    "masai": ("features/masai/03_common_action.feature",
              "The die may go to either area of the sector entered",
              ("green 6, red 2, red 3", "green 6, red 2, red 4"), "red 4"),
    "mahola": ("features/mahola/03_scoring.feature",
               "The purple Raven Shaman's three cards score -3, +2 and 0",
               ("| Eagle   | 3 ", "| Eagle   | 4 "), "✘ Then the dances are worth"),
}  # fmt: skip


@pytest.mark.parametrize("game", sorted(EDITS))
def test_an_edited_rulebook_example_runs_in_the_browser(
    game: str, browser: Browser, base_url: str, playground_site: Path
) -> None:
    """Each game: the scenario runs green as written, an edit of a forced outcome, a card or
    a position changes what the run shows, and Reset brings the scenario back."""
    feature, name, (old, new), shown = EDITS[game]
    line = scenario_line(feature, name)
    visit = Visit(browser, base_url, page_of(playground_site, feature, line))
    try:
        panel = Panel(visit, feature, line)
        original = panel.text.input_value()
        assert original == playground_runner.source(str(ROOT / feature), line)
        status, output = panel.run()
        assert status.startswith("passed"), output
        assert f"=== {name}" in output
        panel.edit(old, new)
        status, output = panel.run()
        assert shown in output, output
        if game in ("mamey", "mahola"):
            assert status.startswith("failed"), status
        panel.holder.locator(".rulebooks-try-reset").click()
        assert panel.text.input_value() == original
        assert visit.elsewhere == [] and visit.errors == []
    finally:
        visit.close()


@pytest.fixture
def mahe_visit(browser: Browser, base_url: str, playground_site: Path) -> Iterator[Visit]:
    """The page of Mahé's example of :data:`EDITS`, its panel not yet open."""
    feature, name = EDITS["mahe"][:2]
    line = scenario_line(feature, name)
    visit = Visit(browser, base_url, page_of(playground_site, feature, line))
    yield visit
    visit.close()


def mahe_panel(visit: Visit) -> Panel:
    feature, name = EDITS["mahe"][:2]
    return Panel(visit, feature, scenario_line(feature, name))


def test_a_failing_then_shows_the_engines_message_and_copy_gives_gherkin(mahe_visit: Visit) -> None:
    visit = mahe_visit
    panel = mahe_panel(visit)
    panel.edit("And the choices are stop, roll", "And the choices are stop")
    status, output = panel.run()
    assert status.startswith("failed"), status
    assert "✘ And the choices are stop" in output and "stop, roll" in output
    text = panel.text.input_value()
    assert text.startswith("@clause:MAHE-3.2\nScenario: ")
    parsed: dict[str, Any] = dict(Parser().parse(f"Feature: pasted\n{text}\n"))
    (child,) = parsed["feature"]["children"]
    assert [tag["name"] for tag in child["scenario"]["tags"]] == ["@clause:MAHE-3.2"]


def natively(call: str) -> Any:
    """``call`` on :mod:`playground_runner` (as ``r``) under this Python, in a process of its
    own, as JSON."""
    done = subprocess.run(
        [sys.executable, "-c", f"import json; from rulebooks.site import playground_runner "
         f"as r; print(json.dumps({call}))"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return json.loads(done.stdout.splitlines()[-1])


def test_play_on_two_legal_actions_and_copy_records_what_was_played(mahe_visit: Visit) -> None:
    """From the position a run ends on, a decision and a sampled die, each applied by the
    engine and shown; the copied text records them, parses, and passes here too."""
    feature, name = EDITS["mahe"][:2]
    line = scenario_line(feature, name)
    panel = mahe_panel(mahe_visit)
    status, _ = panel.run()
    assert status.startswith("passed")
    boards = panel.holder.locator(".rulebooks-try-board img")
    assert boards.count() == 2 and "dice this move: 3" in str(boards.nth(1).get_attribute("alt"))
    status, output = panel.play("roll")
    assert status.startswith("passed"), output
    assert '✔ When the action "roll" is played' in output
    assert boards.count() == 3
    text = panel.text.input_value()
    expected = natively(f"(r.run({feature!r}, {line}, {text!r}), r.position(1))[1]")["sampled"]
    status, output = panel.play(f"sample with seed 1: {expected}")
    assert status.startswith("passed"), output
    assert f'✔ When the action "{expected}" is played' in output
    text = panel.text.input_value()
    assert text.endswith(f'  # sampled with seed 1\n  When the action "{expected}" is played')
    parsed: dict[str, Any] = dict(Parser().parse(f"Feature: pasted\n{text}\n"))
    (child,) = parsed["feature"]["children"]
    assert [step["text"] for step in child["scenario"]["steps"]][-2:] == [
        'the action "roll" is played',
        f'the action "{expected}" is played',
    ]
    assert natively(f"r.run({feature!r}, {line}, {text!r})[0]") == 0
    # from an earlier board: the scenario up to it, and the choices there
    second = panel.holder.locator(".rulebooks-try-board").nth(1)
    assert "after: When the first die shows 3" in second.inner_text()
    status, output = panel.after(second.get_by_role("button", name="play on from here"))
    assert status.startswith("passed"), output
    assert panel.text.input_value().endswith("When the first die shows 3")
    play = panel.holder.locator(".rulebooks-try-play")
    assert play.get_by_role("button", name="roll", exact=True).count() == 1
    assert mahe_visit.elsewhere == [] and mahe_visit.errors == []


def test_an_illegal_action_played_shows_the_engines_error(mahe_visit: Visit) -> None:
    panel = mahe_panel(mahe_visit)
    panel.edit("And the choices are stop, roll", 'When the action "fly" is played')
    status, output = panel.run()
    assert status.startswith("failed")
    assert "no legal action is called 'fly'" in output and "legal: stop, roll" in output


MAHOLA_TOGETHER = "A player sees their own Character and not the others'"
"""A Mahola scenario that ends where every player chooses a card at once."""


def test_mahola_players_choose_together_when_playing_on(
    browser: Browser, base_url: str, playground_site: Path
) -> None:
    feature, name = "features/mahola/01_setup.feature", MAHOLA_TOGETHER
    line = scenario_line(feature, name)
    visit = Visit(browser, base_url, page_of(playground_site, feature, line))
    try:
        panel = Panel(visit, feature, line)
        status, _ = panel.run()
        assert status.startswith("passed")
        selects = panel.holder.locator(".rulebooks-try-play select")
        assert selects.count() == 4
        chosen = [selects.nth(i).locator("option").nth(1).inner_text() for i in range(4)]
        for i, choice in enumerate(chosen):
            selects.nth(i).select_option(choice)
        status, output = panel.play("play together")
        assert status.startswith("passed"), output
        names = ", ".join(f'"{choice}"' for choice in chosen)
        assert f"✔ When the actions {names} are played together" in output
        assert visit.elsewhere == [] and visit.errors == []
    finally:
        visit.close()


def test_bad_input_is_named_and_shown_as_text(mahe_visit: Visit) -> None:
    """An undefined step says so; a payload typed into a step is shown, never run."""
    visit = mahe_visit
    panel = mahe_panel(visit)
    payload = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
    panel.edit("And the choices are stop, roll", f"And the turtle flies {payload}")
    status, output = panel.run()
    assert status.startswith("failed"), status
    assert payload in output and "undefined" in output.lower(), output
    assert panel.holder.locator("script, img:not(.rulebooks-try-board img)").count() == 0
    for src in panel.holder.locator("img").evaluate_all("els => els.map(e => e.src)"):
        assert src.startswith("data:image/svg+xml"), src  # the boards, drawn by the engine
    panel.text.fill("Given a 4-player game of Mahé")
    status, _ = panel.run()
    assert "no 'Scenario:' line" in status + panel.holder.inner_text()
    assert [e for e in visit.errors if "dialog" in e] == []


def test_a_page_loads_nothing_of_the_runtime_until_a_panel_opens(mahe_visit: Visit) -> None:
    visit = mahe_visit
    visit.page.wait_for_load_state("networkidle")
    assert visit.page.locator(".rulebooks-try-open").count() > 1
    assert [url for url in visit.requests if f"/{FOLDER}/" in url] == []
    script = ROOT / "rulebooks/site/sphinxext/static/rulebooks-playground.js"
    assert script.stat().st_size < 20_000  # what a page that never opens a panel adds


def all_in_browser(browser: Browser, url: str) -> dict[str, str]:
    """Every scenario run of the playground served at ``url`` (a site's root), run in the
    page's worker: node id -> outcome (:func:`playground_runner.run_all`)."""
    visit = Visit(browser, url, "index.html")
    try:
        started = time.monotonic()
        found = visit.page.evaluate(
            """async () => {
                const worker = new Worker(
                    "_static/rulebooks-playground-worker.mjs", {type: "module"});
                const reply = await new Promise((resolve) => {
                    worker.onmessage = (event) => resolve(event.data);
                    const base = new URL("playground/", location.href).href;
                    worker.postMessage({id: 1, kind: "all", base});
                });
                worker.terminate();
                return reply;
            }"""
        )
        print(f"all scenarios in the browser: {time.monotonic() - started:.1f} s, "
              f"{found.get('seconds', 0):.1f} s running")  # fmt: skip
        assert found["ok"], found.get("error")
        assert visit.elsewhere == []
        return dict(found["found"])
    finally:
        visit.close()


def all_natively(root: Path) -> dict[str, str]:
    """The same, under this Python, on the project at ``root`` (its own engine first)."""
    native = subprocess.run(
        [sys.executable, "-c", "import json; from rulebooks.site import playground_runner "
         "as r; print(json.dumps(r.run_all()))"],
        cwd=root, capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"},
    )  # fmt: skip
    return dict(json.loads(native.stdout.splitlines()[-1]))


def test_every_scenario_runs_in_the_browser_as_it_runs_here(
    browser: Browser, base_url: str, site: tuple[Path, dict[str, Any]]
) -> None:
    """Conformance: every scenario run of the four games, executed in the page, has the
    outcome the same code gives under this Python, and the recorded run's outcomes."""
    in_browser = all_in_browser(browser, base_url)
    assert len(in_browser) >= 400
    assert all_natively(ROOT) == in_browser
    recorded = site[1]["scenarios"]
    assert isinstance(recorded, list) and len(in_browser) == len(recorded)
    assert {str(r["status"]) for r in recorded} == {"passed"}
    assert set(in_browser.values()) == {"passed"}


BROKEN = ("engine/mahe/game.py", "return len(dice) > 1 and sum(dice) > MAX_TOTAL",
          "return len(dice) > 1 and sum(dice) >= MAX_TOTAL")  # fmt: skip
"""A rule broken on purpose (MAHE-3.3: a total of exactly 7 now busts)."""


@pytest.fixture(scope="module")
def broken_url(
    playground_site: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, Path]]:
    """A site whose playground is built from a copy of the project with :data:`BROKEN`."""
    root = tmp_path_factory.mktemp("broken")
    for name in PROJECT_FOLDERS + PROJECT_FILES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, root / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, root / name)
    (root / ".node").symlink_to(ROOT / ".node")
    path, old, new = BROKEN
    text = (root / path).read_text("utf-8")
    assert text.count(old) == 1
    (root / path).write_text(text.replace(old, new), "utf-8")
    site = tmp_path_factory.mktemp("broken-site")
    shutil.copy(playground_site / "index.html", site)
    shutil.copytree(playground_site / "_static", site / "_static", copy_function=os.link)
    write_playground(site, root)
    handler = functools.partial(QuietHandler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", root
    server.shutdown()


def test_a_broken_engine_built_into_the_site_fails_there_as_it_fails_here(
    browser: Browser, broken_url: tuple[str, Path]
) -> None:
    """The same conformance on a deliberately broken engine: the browser and this Python
    disagree with the green run in the same way, the same scenarios failing at the same
    steps."""
    url, root = broken_url
    in_browser = all_in_browser(browser, url)
    failed = {test: outcome for test, outcome in in_browser.items() if outcome != "passed"}
    assert failed and all(outcome.startswith("failed at: ") for outcome in failed.values())
    assert any("mahe" in test for test in failed)
    assert not any("mahe" not in test for test in failed)
    assert all_natively(root) == in_browser


def test_the_manifest_names_what_runs(playground_site: Path) -> None:
    manifest = json.loads((playground_site / FOLDER / "manifest.json").read_text("utf-8"))
    assert manifest["pyodide"] == "314.0.8" and len(manifest["project_sha256"]) == 64
