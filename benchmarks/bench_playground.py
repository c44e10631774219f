"""The "Try it" playground in headless Chromium: how long a reader waits, what it weighs,
and how fast the engines play in the browser beside this Python.

Not a test: it prints figures. It reads the site `make site` built (with its playground/
folder) and serves it on the loopback interface:

    python benchmarks/bench_playground.py                 # docs/_build/html
    python benchmarks/bench_playground.py --seconds 5     # longer engine runs

Figures: the time from "Try it" to the scenario's text (the runtime's boot) and from "Run" to
its first result, cold (a fresh tab) and warm (the same panel again); bytes a page loads when
no panel is opened and when one is; every scenario run of the four games in the page's
worker; random games per second of each engine in Pyodide beside natively (the same code:
engine.RandomSampler over the public API, one core).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urljoin

from playwright.sync_api import Page, Response, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_jumps import served  # noqa: E402 - after the path set-up
from tests.site.test_browser import CHROMIUM_ARGS, chromium_path  # noqa: E402

SCENARIO = ("features/mahe/02_dice.feature", "After one die the player may stop or roll again")

GAMES_PER_SECOND = """
import json, time
import engine
from engine import RandomSampler

def games_per_second(seconds):
    found = {}
    for name in sorted(engine.GAMES):
        game = engine.load_game(name)
        games, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            RandomSampler(games).play_out(game.new_initial_state())
            games += 1
        found[name] = games / (time.perf_counter() - start)
    return json.dumps(found)
"""


def page_of(html: Path, feature: str, line: int) -> str:
    marker = f'data-feature="{feature}" data-line="{line}"'
    for page in sorted(html.rglob("*.html")):
        if marker in page.read_text("utf-8"):
            return page.relative_to(html).as_posix()
    sys.exit(f"no page of {html} has the Try it of {feature}:{line}: rebuild the site")


def scenario_line(feature: str, name: str) -> int:
    for number, text in enumerate((ROOT / feature).read_text("utf-8").splitlines(), 1):
        if text.strip() == f"Scenario: {name}":
            return number
    sys.exit(f"no scenario {name!r} in {feature}")


def weigh(page: Page) -> list[Response]:
    found: list[Response] = []
    page.on("response", lambda response: found.append(response))
    return found


def bytes_of(responses: list[Response], inside: str | None = None) -> int:
    return sum(len(r.body()) for r in responses if inside is None or inside in r.url)


def wait_run(page: Page, holder: str) -> float:
    """Click Run in the panel and wait for its result; seconds taken."""
    status = page.locator(f"{holder} .rulebooks-try-status")
    start = time.perf_counter()
    page.locator(f"{holder} .rulebooks-try-run").click()
    page.wait_for_function(
        "s => s.textContent && !s.textContent.startsWith('running')",
        arg=status.element_handle(), timeout=120_000,
    )  # fmt: skip
    return time.perf_counter() - start


def try_it(page: Page, url: str, holder: str) -> tuple[float, float, list[float]]:
    """(Try it -> text, first Run -> result, five more runs) in a fresh tab."""
    page.goto(url, wait_until="load")
    start = time.perf_counter()
    page.locator(f"{holder} .rulebooks-try-open").click()
    page.locator(f"{holder} .rulebooks-try-text").wait_for(timeout=120_000)
    ready = time.perf_counter() - start
    first = wait_run(page, holder)
    return ready, first, [wait_run(page, holder) for _ in range(5)]


def in_browser_games(page: Page, url: str, seconds: float) -> dict[str, float]:
    """Random games per second of each engine, in Pyodide on the page's thread."""
    page.goto(url + "index.html", wait_until="load")
    text = page.evaluate(
        """async ([base, code, seconds]) => {
            const { loadPyodide } = await import(base + "pyodide/pyodide.mjs");
            const pyodide = await loadPyodide({ indexURL: base + "pyodide/" });
            const project = await (await fetch(base + "project.zip")).arrayBuffer();
            pyodide.FS.mkdirTree("/home/pyodide/project");
            pyodide.unpackArchive(project, "zip", { extractDir: "/home/pyodide/project" });
            pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/project')");
            pyodide.runPython(code);
            return pyodide.runPython(`games_per_second(${seconds})`);
        }""",
        [url + "playground/", GAMES_PER_SECOND, seconds],
    )
    return dict(json.loads(text))


def native_games(seconds: float) -> dict[str, float]:
    code = GAMES_PER_SECOND + f"\nprint(games_per_second({seconds}))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True)  # fmt: skip
    return dict(json.loads(done.stdout.splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("html", nargs="?", default=str(ROOT / "docs" / "_build" / "html"))
    parser.add_argument("--seconds", type=float, default=3.0, help="per engine and side")
    args = parser.parse_args()
    html = Path(args.html)
    if not (html / "playground" / "manifest.json").is_file():
        sys.exit(f"no playground in {html}: run `make site` first")
    feature, name = SCENARIO
    line = scenario_line(feature, name)
    relative = page_of(html, feature, line)
    holder = f'.rulebooks-try[data-feature="{feature}"][data-line="{line}"]'
    with served(html) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = browser.new_page()
        responses = weigh(page)
        ready, first, later = try_it(page, urljoin(url, relative), holder)
        print(f"cold: Try it -> text {ready:.1f} s, first run {first:.2f} s, "
              f"later runs median {statistics.median(later):.2f} s")  # fmt: skip
        loaded = bytes_of(responses, "/playground/")
        page.close()
        page = browser.new_page()
        ready, first, later = try_it(page, urljoin(url, relative), holder)
        print(f"warm (browser cache): Try it -> text {ready:.1f} s, first run {first:.2f} s")
        page.close()
        page = browser.new_page()
        responses = weigh(page)
        page.goto(urljoin(url, relative), wait_until="networkidle")
        script = bytes_of(responses, "rulebooks-playground")
        print(f"{relative}: {bytes_of(responses) / 1e6:.2f} MB without a panel, of which "
              f"{script / 1e3:.1f} KB the playground's script; opening a panel loads "
              f"{loaded / 1e6:.1f} MB more (runtime, packages, project)")  # fmt: skip
        start = time.perf_counter()
        reply = page.evaluate(
            """async () => {
                const root = new URL(document.documentElement.dataset.content_root || "./",
                                     location.href);
                const worker = new Worker(new URL("_static/rulebooks-playground-worker.mjs",
                                                  root), {type: "module"});
                return await new Promise((resolve) => {
                    worker.onmessage = (event) => { worker.terminate(); resolve(event.data); };
                    worker.postMessage({id: 1, kind: "all",
                                        base: new URL("playground/", root).href});
                });
            }"""
        )
        runs = reply.get("found") or {}
        print(f"all {len(runs)} scenario runs in the browser: {reply.get('seconds', 0):.1f} s "
              f"running, {time.perf_counter() - start:.1f} s with the boot")  # fmt: skip
        browser_rates = in_browser_games(page, url, args.seconds)
        browser.close()
    for game, native in native_games(args.seconds).items():
        there = browser_rates.get(game, 0.0)
        print(f"{game}: {there:,.0f} games/s in the browser, {native:,.0f} natively "
              f"({there / native:.2f}x)")  # fmt: skip


if __name__ == "__main__":
    main()
