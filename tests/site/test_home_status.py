"""The home page's status on bad input: it still fits one screen and says what happened.

Issue 26: a game with no scenarios, a run with no results, results recorded on another
version of the code, a game whose every clause fails. Each is a small project of
tests/tooling/site/test_sphinxext.py (hand-written results, built in-process, in seconds)
whose home page holds the ``home-status`` directive; its words are read from the HTML, and
Chromium measures that the whole status lies within the first 800 px at 1280x800.
(Results of another *schema* stop the build instead: no page shows them, see
test_sphinxext's test_wrong_schema_stops_the_build.)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Browser

from tests.site.test_browser import browser, serve  # noqa: F401  (the browser fixture)
from tests.tooling.site.test_sphinxext import (
    BUST,
    OUTLINE,
    SCRIPT,
    SKIPPED,
    UNDEFINED,
    UNKNOWN,
    Build,
    Project,
    make_project,
    results_document,
)

HOME = (
    "# Home\n\n```{home-status}\n```\n\n"
    "```{toctree}\nrules\nscenarios\nverdict\nmore\ncoverage\nfailing\n```\n"
)
COVERAGE = "# Coverage\n\n```{coverage}\n```\n"
FAILING = "# What fails now\n\n```{coverage}\n:only-failing:\n```\n"
MORE = """\
# More

```{clause} MASAI-1.1
:section: Components
:title: A clause of a game no scenario checks yet

Written, not yet checked.
```
"""
EVERY_LINE = (BUST, SCRIPT, OUTLINE, UNDEFINED, SKIPPED, UNKNOWN)


def _standard(project: Project) -> None:
    project.write_results(results_document())


def _no_results(project: Project) -> None:
    pass


def _other_code(project: Project) -> None:
    project.write_results(results_document())
    project.write("engine/rules.py", "BUST_ABOVE = 7\n")  # code the run never saw


def _all_failing(project: Project) -> None:
    project.write_results(results_document(overrides=dict.fromkeys(EVERY_LINE, "failed")))


CASES: dict[str, Callable[[Project], None]] = {
    "standard": _standard,
    "no-results": _no_results,
    "other-code": _other_code,
    "all-failing": _all_failing,
}


@pytest.fixture(scope="module")
def homes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Build]]:
    """Each case built: its HTML folder and its pages. Every project also has a clause of a
    second game (Masai) with no scenario at all."""
    built: dict[str, tuple[Path, Build]] = {}
    for name, prepare in CASES.items():
        project = make_project(tmp_path_factory.mktemp(name))
        project.write("docs/index.md", HOME)
        project.write("docs/more.md", MORE)
        project.write("docs/coverage.md", COVERAGE)
        project.write("docs/failing.md", FAILING)
        prepare(project)
        built[name] = (project.docs / "_build" / "html", project.build())
    return built


def status_text(build: Build) -> str:
    return build.text("index", "status")


def test_a_game_with_no_scenario_says_so(homes: dict[str, tuple[Path, Build]]) -> None:
    text = status_text(homes["standard"][1])
    bar = homes["standard"][1].text("index", "status-masai")
    assert "1 clauses:" in bar and "no scenario yet" in bar, bar
    assert "Mahé" in text and "start reading" in text


def test_a_run_with_no_results_says_nothing_ran(homes: dict[str, tuple[Path, Build]]) -> None:
    text = status_text(homes["no-results"][1])
    assert text.startswith("No run recorded: there is no results file"), text
    assert "✔ 0 verified" in text and "○ 5 unverified" in text and "failing:" not in text


def test_results_of_other_code_say_stale(homes: dict[str, tuple[Path, Build]]) -> None:
    text = status_text(homes["other-code"][1])
    assert "stale: recorded before the code changed" in text, text
    assert "✔ 0 verified" in text and "⟳ 7 stale" in text


def test_the_failing_clauses_come_first_and_link(homes: dict[str, tuple[Path, Build]]) -> None:
    build = homes["standard"][1]
    text = status_text(build)
    assert text.startswith("2 failing: MAHE-3.4, MAHE-3.5 · what fails now"), text
    markup = build.markup("index", "status")
    first = markup[: markup.index("rulebooks-status-run")]
    assert 'href="rules.html#MAHE-3.4"' in first and 'href="rules.html#MAHE-3.5"' in first


def test_every_clause_failing_is_counted_and_linked(
    homes: dict[str, tuple[Path, Build]],
) -> None:
    text = status_text(homes["all-failing"][1])
    assert text.startswith("4 failing: "), text
    assert "✘ 4 failing" in text and "✔ 0 verified" in text


def test_every_count_links_to_what_it_counts(homes: dict[str, tuple[Path, Build]]) -> None:
    markup = homes["standard"][1].markup("index", "status-mahe")
    badges = re.findall(r"<a [^>]*>(?:(?!</a>).)*rulebooks-badge", markup, re.S)
    every = re.findall(r'class="rulebooks-badge', markup)
    assert len(badges) == len(every) >= 8, markup
    assert 'href="scenarios.html?status=failed"' in markup
    assert 'href="failing.html"><span class="rulebooks-badge rulebooks-verdict-failing">' in markup
    assert 'href="coverage.html#coverage-unverified-clauses"' in markup
    assert 'class="rulebooks-badge rulebooks-status-skipped"' in markup  # a non-zero status
    zero = re.search(r'class="rulebooks-badge [a-z-]+ rulebooks-badge-zero">⟳ 0 stale<', markup)
    assert zero is not None, "a zero count does not recede"


@pytest.fixture(scope="module")
def home_urls(homes: dict[str, tuple[Path, Build]]) -> Iterator[dict[str, str]]:
    servers = {name: serve(folder) for name, (folder, _) in homes.items()}  # generators
    urls = {name: next(server) for name, server in servers.items()}
    yield urls
    for server in servers.values():
        for _ in server:  # past its yield: the server shuts down
            pass


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_status_fits_the_first_screen(
    browser: Browser,  # noqa: F811
    home_urls: dict[str, str],
    case: str,
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(urljoin(home_urls[case], "index.html"))
        box = page.locator("#status").bounding_box()
    finally:
        page.close()
    assert box is not None and box["y"] + box["height"] <= 800, box
