"""The site in a real headless browser, as a reader uses it.

Playwright drives Debian's Chromium (``make test`` installs it when missing; another browser
binary can be named with RULEBOOKS_CHROMIUM). The built sites are served over HTTP on the
loopback interface. Every page visited must load without a console error; every internal
link of the site must lead to an existing page and anchor.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import threading
from collections.abc import Iterator
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlencode, urljoin, urlparse

import pytest
from cucumber_tag_expressions import parse as parse_tags
from playwright.sync_api import Browser, ConsoleMessage, Page, sync_playwright

from rulebooks.results.gherkin_model import Scenario, load_features
from rulebooks.site.sphinxext.site import slug
from tests.site.conftest import ROOT
from tests.site.jumps import VIEWPORTS, clause_jumps, instant_landing, landing_offset

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def chromium_path() -> str:
    """The browser binary: RULEBOOKS_CHROMIUM, else Debian's chromium (or Chrome) on PATH."""
    named = os.environ.get("RULEBOOKS_CHROMIUM")
    if named:
        return named
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    raise RuntimeError(
        "no Chromium found: `make test` installs Debian's chromium; "
        "or set RULEBOOKS_CHROMIUM to a Chromium or Chrome binary"
    )


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def serve(folder: Path) -> Iterator[str]:
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def site_url(site: tuple[Path, dict[str, object]]) -> Iterator[str]:
    yield from serve(site[0])


@pytest.fixture(scope="module")
def red_url(red_site: tuple[Path, dict[str, object]]) -> Iterator[str]:
    yield from serve(red_site[0] / "html")


class Reader:
    """A browser tab that remembers every console error and uncaught exception."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        page.on("dialog", self._dialog)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console error at {self.page.url}: {message.text}")

    def _dialog(self, dialog: object) -> None:
        self.dialogs.append(str(getattr(dialog, "message", dialog)))
        getattr(dialog, "dismiss")()  # noqa: B009 - the Dialog type is not imported

    def visible_scenarios(self) -> list[str]:
        return [
            box.get_attribute("id") or ""
            for box in self.page.locator(".rulebooks-scenario").all()
            if box.is_visible()
        ]


@pytest.fixture
def reader(browser: Browser) -> Iterator[Reader]:
    page = browser.new_page()
    tab = Reader(page)
    yield tab
    page.close()
    assert tab.errors == [], tab.errors


def test_from_home_to_a_clause_and_an_example_board(reader: Reader, site_url: str) -> None:
    page = reader.page
    page.goto(site_url)
    assert "Rulebooks" in page.title()
    page.get_by_role("link", name="Mahé: the rules, clause by clause").first.click()
    page.wait_for_url(re.compile(r"mahe/rules\.html"))
    badge = page.locator('[id="MAHE-3.3"] .rulebooks-verdict .rulebooks-badge')
    assert badge.inner_text() == "✔ verified"
    page.get_by_role(
        "link", name="The rulebook's stack: red carries yellow 18 spaces"
    ).first.click()
    page.wait_for_url(re.compile(r"mahe/examples\.html#scenario-mahe-04_riding-l65"))
    boards = page.locator("#scenario-mahe-04_riding-l65 figure.rulebooks-board img")
    assert boards.count() == 2
    for index in range(2):
        image = boards.nth(index)
        image.scroll_into_view_if_needed()
        assert image.evaluate("img => img.decode().then(() => img.naturalWidth)") > 0
    assert "space 18: blue, red, yellow" in (boards.nth(0).get_attribute("alt") or "")
    small = boards.nth(0).bounding_box()
    boards.nth(0).click()
    large = boards.nth(0).bounding_box()
    assert small and large and large["width"] > 1.5 * small["width"]
    assert boards.nth(0).get_attribute("aria-pressed") == "true"
    assert "space 15: red, yellow" in (boards.nth(1).get_attribute("alt") or "")


def test_filter_by_tag_is_kept_in_the_url(reader: Reader, site_url: str) -> None:
    """Choosing a tag from the list puts it in the tag expression, and in the URL."""
    page = reader.page
    page.goto(urljoin(site_url, "mahe/examples.html"))
    everything = len(reader.visible_scenarios())
    page.select_option("#rulebooks-filter-tag", "@example")
    examples = reader.visible_scenarios()
    assert len(examples) == 7 < everything
    assert page.locator("#rulebooks-filter-tags").input_value() == "@example"
    assert "tags=%40example" in page.url
    page.goto(page.url)
    assert reader.visible_scenarios() == examples
    assert page.locator("#rulebooks-filter-tags").input_value() == "@example"
    assert "showing 7 of" in page.locator(".rulebooks-filter-count").inner_text()
    page.goto(urljoin(site_url, "mahe/examples.html?tag=example"))  # the older one-tag links
    assert reader.visible_scenarios() == examples


def mahe_runs(site: tuple[Path, dict[str, object]]) -> list[dict[str, Any]]:
    """The recorded runs of Mahé's scenarios (one per scenario or outline row)."""
    scenarios = site[1]["scenarios"]
    assert isinstance(scenarios, list)
    return [run for run in scenarios if str(run["feature"]).startswith("features/mahe/")]


def anchor(run: dict[str, Any]) -> str:
    """The anchor of a run's scenario on its examples page (SiteData.scenario_anchor)."""
    stem = slug(str(run["feature"]).removeprefix("features/").removesuffix(".feature"))
    return f"scenario-{stem}-l{run['line']}"


@pytest.mark.parametrize(
    "expression",
    [
        "@clause:MAHE-3.3 and not @example",
        "(@clause:MAHE-5.4 or @clause:MAHE-6.1) and not @example",
        "@game:mahe and not (@clause:MAHE-4.2 or @clause:MAHE-4.4)",  # a feature's own tag
    ],
)
def test_a_tag_expression_keeps_what_cucumber_keeps(
    reader: Reader, site: tuple[Path, dict[str, object]], site_url: str, expression: str
) -> None:
    """The filter keeps the scenarios, and counts the runs, that Cucumber's Python parser
    selects from the recorded tags (a run's tags: its feature's, rule's and scenario's)."""
    runs = mahe_runs(site)
    chosen = [r for r in runs if parse_tags(expression).evaluate([f"@{t}" for t in r["tags"]])]
    expected = sorted({anchor(r) for r in chosen})
    assert 0 < len(chosen) < len(runs)
    page = reader.page
    page.goto(urljoin(site_url, "mahe/examples.html?" + urlencode({"tags": expression})))
    assert page.locator("#rulebooks-filter-tags").input_value() == expression
    assert sorted(reader.visible_scenarios()) == expected
    count = page.locator(".rulebooks-filter-count").inner_text()
    assert f"showing {len(expected)} of" in count and f"({len(chosen)} of {len(runs)} runs" in count
    assert not page.locator(".rulebooks-filter-error").is_visible()


def test_a_tag_expression_typed_and_words_narrow_the_list(
    reader: Reader, site: tuple[Path, dict[str, object]], site_url: str
) -> None:
    """Typing an expression and words filters as the reader types, and the URL follows."""
    expression = "@clause:MAHE-3.3 and not @example"
    runs = mahe_runs(site)
    chosen = [r for r in runs if parse_tags(expression).evaluate([f"@{t}" for t in r["tags"]])]
    assert len({anchor(r) for r in chosen}) == 2, "the feature files changed: pick another"
    page = reader.page
    page.goto(urljoin(site_url, "mahe/examples.html"))
    page.fill("#rulebooks-filter-tags", expression)
    assert sorted(reader.visible_scenarios()) == sorted({anchor(r) for r in chosen})
    page.fill("#rulebooks-filter-text", "TOTAL")  # any case
    kept = reader.visible_scenarios()
    assert 1 <= len(kept) <= 2
    for box in kept:
        assert "total" in page.locator(f"#{box}").inner_text().lower()
    assert parse_qs(urlparse(page.url).query) == {
        "tags": ["@clause:MAHE-3.3 and not @example"], "q": ["TOTAL"]}  # fmt: skip


def test_free_text_matches_titles_and_steps(
    reader: Reader, site: tuple[Path, dict[str, object]], site_url: str
) -> None:
    """``?q=`` keeps the scenarios whose title or steps (with their tables) hold every word,
    whatever the case; background steps, which are not the scenario's, do not count."""
    features = load_features(ROOT / "features" / "mahe", ROOT).features
    words = ["raft", "bust"]

    def text(scenario: Scenario) -> str:
        parts = [scenario.name]
        for step in scenario.steps:
            parts += [step.keyword, step.text, *(cell for row in step.table for cell in row)]
            if step.doc_string is not None:
                parts.append(step.doc_string.content)
        return " ".join(parts).lower()

    expected = sorted(
        f"scenario-{slug(feature.path.removeprefix('features/').removesuffix('.feature'))}"
        f"-l{scenario.line}"
        for feature in features
        for scenario in [*feature.scenarios, *(s for rule in feature.rules for s in rule.scenarios)]
        if all(word in text(scenario) for word in words)
    )
    assert 0 < len(expected) < len(mahe_runs(site))
    page = reader.page
    page.goto(urljoin(site_url, "mahe/examples.html?q=Raft+BUST"))
    assert sorted(reader.visible_scenarios()) == expected


def test_a_bad_tag_expression_says_what_is_wrong(reader: Reader, site_url: str) -> None:
    """A malformed expression is named with Cucumber's reason, not turned into an empty list;
    a word without its @ is named too."""
    page = reader.page
    page.goto(urljoin(site_url, "mahe/examples.html?" + urlencode({"tags": "(@example or"})))
    error = page.locator(".rulebooks-filter-error")
    assert error.is_visible()
    message = error.inner_text()
    assert "Bad tag expression" in message and "(@example or" in message, message
    assert "Expected operand" in message or "Unmatched (" in message, message
    assert page.locator("#rulebooks-filter-tags").get_attribute("aria-invalid") == "true"
    assert len(reader.visible_scenarios()) > 0  # not applied, and said so
    assert not page.locator(".rulebooks-filter-empty").is_visible()
    page.fill("#rulebooks-filter-tags", "example and not @clause:MAHE-3.3")
    assert '"example" is not a tag' in error.inner_text()
    page.fill("#rulebooks-filter-tags", "@example")
    assert not error.is_visible()
    assert page.locator("#rulebooks-filter-tags").get_attribute("aria-invalid") == "false"


def test_a_tag_expression_matching_nothing_says_so(reader: Reader, site_url: str) -> None:
    page = reader.page
    query = urlencode({"tags": "@example and @clause:MAHE-99.9", "q": "raft"})
    page.goto(urljoin(site_url, "mahe/examples.html?" + query))
    assert reader.visible_scenarios() == []
    assert page.locator(".rulebooks-filter-empty").inner_text() == (
        "No scenario on this page matches this filter: none matches the tag expression "
        "@example and @clause:MAHE-99.9 (no scenario here is tagged @clause:MAHE-99.9); "
        'none has the words "raft" in its title or steps.'
    )
    assert "showing 0 of" in page.locator(".rulebooks-filter-count").inner_text()


def test_filter_to_failures(reader: Reader, red_url: str) -> None:
    page = reader.page
    page.goto(red_url)
    page.select_option("#rulebooks-filter-status", "failed")
    visible = reader.visible_scenarios()
    assert len(visible) == 1
    assert "A die of 3 claimed to move 4 spaces" in page.locator(f"#{visible[0]}").inner_text()
    assert "status=failed" in page.url


def test_search_finds_a_clause_by_id_and_by_words(reader: Reader, site_url: str) -> None:
    page = reader.page
    page.goto(urljoin(site_url, "search.html?q=MAHE-3.3"))
    page.get_by_text("Search finished").wait_for()
    first = page.locator("#search-results li a").first
    assert "mahe/rules.html#mahe-3-3" in (first.get_attribute("href") or "")
    page.goto(urljoin(site_url, "search.html?q=raft"))
    page.get_by_text("Search finished").wait_for()
    hrefs = [a.get_attribute("href") or "" for a in page.locator("#search-results li a").all()]
    assert any("mahe/rules.html" in href for href in hrefs)


def test_search_finds_a_scenario_by_its_title(reader: Reader, site_url: str) -> None:
    """Words of a scenario's title lead to the scenario itself, not only to its page."""
    page = reader.page
    page.goto(urljoin(site_url, "search.html?q=red+carries+yellow"))
    page.get_by_text("Search finished").wait_for()
    links = {
        (link.get_attribute("href") or ""): link.inner_text()
        for link in page.locator("#search-results li a").all()
    }
    found = [title for href, title in links.items() if href.endswith(
        "mahe/examples.html#scenario-mahe-04_riding-l65")]  # fmt: skip
    assert found and "red carries yellow 18 spaces" in found[0], links


def test_a_script_in_a_scenario_name_stays_text(reader: Reader, red_url: str) -> None:
    page = reader.page
    page.goto(red_url)
    page.wait_for_load_state("load")
    assert reader.dialogs == []
    assert page.get_by_text("<script>alert(1)</script>").count() >= 1


def test_every_page_loads_cleanly(
    reader: Reader, site: tuple[Path, dict[str, object]], site_url: str
) -> None:
    for page_file in sorted(site[0].rglob("*.html")):
        reader.page.goto(urljoin(site_url, page_file.relative_to(site[0]).as_posix()))
        reader.page.wait_for_load_state("load")
    # the reader fixture fails the test on any console error collected here


class LinkParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(str(values["id"]))
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))


def test_no_internal_link_is_broken(site: tuple[Path, dict[str, object]]) -> None:
    root = site[0]
    parsed: dict[Path, LinkParser] = {}

    def parse(file: Path) -> LinkParser:
        if file not in parsed:
            parser = LinkParser()
            parser.feed(file.read_text("utf-8"))
            parsed[file] = parser
        return parsed[file]

    broken = []
    for page_file in sorted(root.rglob("*.html")):
        for href in parse(page_file).links:
            url = urlparse(href)
            if url.scheme or url.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            target = (page_file.parent / unquote(url.path)).resolve() if url.path else page_file
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{page_file.relative_to(root)} -> {href}: no such page")
            elif (
                url.fragment and target.suffix == ".html" and url.fragment not in parse(target).ids
            ):
                broken.append(f"{page_file.relative_to(root)} -> {href}: no such anchor")
    assert broken == []


@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
def test_a_clause_link_lands_on_its_scenario(
    browser: Browser, site: tuple[Path, dict[str, object]], site_url: str, viewport: str
) -> None:
    """Three clauses per game, spread over the rules page: following the link to the
    clause's first scenario leaves it at the top of the screen, below the sticky bars, once
    the pictures have loaded (benchmarks/bench_jumps.py sweeps every clause)."""
    jumps = clause_jumps(site[0], per_game=3)
    assert len(jumps) == 12
    page = browser.new_page(viewport=VIEWPORTS[viewport])
    try:
        missed = [
            f"{jump.clause} -> {jump.href}: {landing}"
            for jump in jumps
            if not (landing := landing_offset(page, urljoin(site_url, jump.href))).lands
        ]
    finally:
        page.close()
    assert missed == []


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
def test_a_jump_is_instant(
    browser: Browser,
    site: tuple[Path, dict[str, object]],
    site_url: str,
    viewport: str,
    motion: str,
) -> None:
    """No animated scroll (the theme scrolls smoothly; reduced motion or not): the moment the
    page has loaded, the clause's first scenario is already within 50 px of the top."""
    jumps = clause_jumps(site[0], per_game=3)
    page = browser.new_page(viewport=VIEWPORTS[viewport], reduced_motion=motion)  # type: ignore[arg-type]
    try:
        missed = [
            f"{jump.clause} -> {jump.href}: {landing}"
            for jump in jumps
            if not (landing := instant_landing(page, urljoin(site_url, jump.href))).lands
        ]
        page.goto(urljoin(site_url, "mahe/rules.html"))
        behaviours = page.evaluate(
            """() => [document.documentElement, ...document.querySelectorAll(
                 '.sidebar-scroll, .toc-scroll')].map((e) => getComputedStyle(e).scrollBehavior)"""
        )
    finally:
        page.close()
    assert missed == []
    assert set(behaviours) == {"auto"}, behaviours


def test_a_filter_matching_nothing_says_so(reader: Reader, site_url: str) -> None:
    """On a green build, ``?status=failed`` shows no scenario and says none failed."""
    page = reader.page
    page.goto(urljoin(site_url, "mahe/examples.html?status=failed"))
    assert reader.visible_scenarios() == []
    message = page.locator(".rulebooks-filter-empty")
    assert message.is_visible()
    assert message.inner_text() == "No scenario on this page matches this filter: none is failed."
    assert page.locator("#rulebooks-filter-status").input_value() == "failed"


def test_the_filter_counts_runs_as_the_home_page_does(
    reader: Reader, site: tuple[Path, dict[str, object]], site_url: str
) -> None:
    """The home page counts runs (an outline row is a run); the filter gives that count."""
    home = (site[0] / "index.html").read_text("utf-8")
    row = home[home.index('id="verdict-mahe-runs-total"') :]
    total = int(re.findall(r"<p>(\d+)</p>", row)[0])
    page = reader.page
    page.goto(urljoin(site_url, "mahe/examples.html"))
    count = page.locator(".rulebooks-filter-count").inner_text()
    assert f"of {total} runs" in count, count


def test_a_board_is_drawn_at_its_readable_width_within_the_column(
    reader: Reader, site_url: str
) -> None:
    """Each board is drawn at the width its ``data-readable-width`` names (where its smallest
    text is 12 px), never shrunk to a thumbnail; a board wider than the column scrolls
    sideways in its frame, which stays within the column."""
    page = reader.page
    page.set_viewport_size({"width": 1280, "height": 800})
    for game in ("masai", "mahe"):
        page.goto(urljoin(site_url, f"{game}/examples.html"))
        image = page.locator("figure.rulebooks-board img").first
        image.scroll_into_view_if_needed()
        box = image.bounding_box()
        assert box is not None, game
        readable = int(image.get_attribute("data-readable-width") or 0)
        frame, column = page.evaluate(
            """el => [el.closest('.rulebooks-board-frame').getBoundingClientRect().width,
                      el.closest('.rulebooks-boards').clientWidth]""",
            image.element_handle(),
        )
        assert readable > 320, (game, readable)
        assert abs(box["width"] - readable) <= 1, (game, box, readable)
        assert frame <= column + 1, (game, frame, column)


def test_the_expected_fact_is_outlined_on_the_actual_board(reader: Reader, red_url: str) -> None:
    """The failed "Then the blue turtle is on space 4": in the browser, the actual board's
    blue turtle and space 4 are drawn with the thick magenta outline, other spaces are not."""
    page = reader.page
    page.goto(red_url)
    figure = page.locator("figure.rulebooks-board", has_text="Actual, with what this step expected")
    assert "Outlined in magenta on the picture: blue turtle, space 4" in figure.inner_text()
    source = figure.locator("img").get_attribute("src") or ""
    # the picture opened as its own document (its stylesheet applies as in the <img>); the
    # browser would ask the server for a favicon, which the site does not have at its root
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(urljoin(red_url, source))
    outline = """(selector) => {
        const shape = document.querySelector(selector);
        const style = getComputedStyle(shape);
        return [style.stroke, style.strokeWidth];
    }"""
    magenta = ["rgb(214, 0, 143)", "4px"]
    assert page.evaluate(outline, '[data-fact="space 4"] circle') == magenta
    assert page.evaluate(outline, '[data-fact="blue turtle"] ellipse') == magenta
    assert page.evaluate(outline, '[data-fact="space 3"] circle') != magenta
    assert page.evaluate(outline, '[data-fact="red turtle"] ellipse') != magenta


_OVERFLOW = """() => {
  const wide = document.scrollingElement.scrollWidth - innerWidth;
  const errors = Array.from(document.querySelectorAll('.rulebooks-error pre')).map((pre) => {
    const box = pre.getBoundingClientRect();
    return { text: pre.textContent, cut: pre.scrollWidth - pre.clientWidth,
             right: box.right, tabindex: pre.getAttribute('tabindex') };
  });
  const scrollers = Array.from(document.querySelectorAll('pre, .table-wrapper'))
    .filter((el) => el.scrollWidth > el.clientWidth + 1)
    .filter((el) => getComputedStyle(el).overflowX !== 'visible')
    .filter((el) => el.tabIndex < 0 || !(el.getAttribute('aria-label') || '').trim())
    .map((el) => el.outerHTML.slice(0, 80));
  return { wide, errors, scrollers };
}"""


def test_on_a_phone_an_error_is_read_in_full(reader: Reader, red_url: str) -> None:
    """At 390 px the failing step's error wraps: every character of it, the expected value
    included, is inside the screen's width; the page itself does not scroll sideways, and a
    block that does scroll sideways can be reached and scrolled by keyboard, and is named."""
    page = reader.page
    page.set_viewport_size(VIEWPORTS["phone"])
    page.goto(red_url)
    measured = page.evaluate(_OVERFLOW)
    assert measured["wide"] <= 0, measured["wide"]
    errors = measured["errors"]
    assert errors and any("space 4" in error["text"] for error in errors), errors
    for error in errors:
        assert error["cut"] <= 0 and error["right"] <= 390, error
    assert measured["scrollers"] == []


@pytest.mark.parametrize(
    "path", ["index.html", "mahe/rules.html", "mahe/examples.html", "coverage.html"]
)
def test_no_page_scrolls_sideways_on_a_phone(reader: Reader, site_url: str, path: str) -> None:
    """Each page kind at 390 px: nothing wider than the screen, and what scrolls inside the
    page (a wide table or code block) takes the keyboard's focus and has a name."""
    page = reader.page
    page.set_viewport_size(VIEWPORTS["phone"])
    page.goto(urljoin(site_url, path))
    measured = page.evaluate(_OVERFLOW)
    assert measured["wide"] <= 0, measured["wide"]
    assert measured["scrollers"] == []


HOME_STATUS = """() => {
  const status = document.getElementById("status");
  if (!status) return null;
  const bottom = (element) => element.getBoundingClientRect().bottom;
  return {
    bottom: bottom(status), scrolled: window.scrollY,
    height: document.documentElement.scrollHeight,
    first: status.firstElementChild.className,
    run: bottom(status.querySelector(".rulebooks-status-run")),
    games: Array.from(status.querySelectorAll(".rulebooks-status-game"), (bar) => ({
      id: bar.id, bottom: bottom(bar),
      start: Array.from(bar.querySelectorAll("a"), (a) => a.textContent.includes("start reading")
        ? new URL(a.href).pathname : null).filter(Boolean),
    })),
  };
}"""


@pytest.mark.parametrize("build", ["passing", "failing"])
def test_the_home_status_fits_the_first_screen(
    browser: Browser, request: pytest.FixtureRequest, build: str
) -> None:
    """Issue 26, home on one screen: at 1280x800 the whole status, every game's bar and the
    run's line, lies within the first 800 px, with no scrolling; each bar has its "start
    reading" link to the game's rules page; on a failing build the failing clauses come
    first (tests/site/test_home_status.py: the same on bad input)."""
    url = request.getfixturevalue("site_url" if build == "passing" else "red_url")
    page = browser.new_page(viewport=VIEWPORTS["desktop"])
    try:
        page.goto(url)
        page.wait_for_load_state("load")
        found = page.evaluate(HOME_STATUS)
    finally:
        page.close()
    assert found is not None and found["scrolled"] == 0
    assert found["bottom"] <= 800 and found["run"] <= 800, found
    assert all(game["bottom"] <= 800 for game in found["games"]), found
    if build == "passing":
        assert [game["id"] for game in found["games"]] == [f"status-{g}" for g in sorted(GAMES)]
        assert all(game["start"] == [f"/{game['id'][7:]}/rules.html"] for game in found["games"])
        assert "rulebooks-status-run" in found["first"]
    else:
        assert [game["id"] for game in found["games"]] == ["status-mahe"]
        assert "rulebooks-status-failing" in found["first"], found


FIRST_CONTENT = """(selector) => {
  const first = document.querySelector(selector);
  if (!first) return null;
  const box = first.getBoundingClientRect();
  return { top: box.top, scrolled: window.scrollY, text: first.innerText.slice(0, 80) };
}"""
FIRST_OF = {"rules": ".rulebooks-clause", "examples": ".rulebooks-scenario"}


@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
@pytest.mark.parametrize("kind", sorted(FIRST_OF))
def test_the_first_clause_or_scenario_is_in_the_first_screen(
    browser: Browser, site_url: str, kind: str, viewport: str
) -> None:
    """Issue 26, content first: on every game's rules page the first clause, on its
    examples page the first scenario, starts inside the first screen once the page has
    loaded, with no scrolling, at 1280x800 and on a 390x844 phone (the UNVERIFIED caveat
    and the page's reading notes are one line each, the filter folded on a phone)."""
    page = browser.new_page(viewport=VIEWPORTS[viewport])
    try:
        found = {}
        for game in GAMES:
            page.goto(urljoin(site_url, f"{game}/{kind}.html"))
            page.wait_for_load_state("load")
            found[game] = page.evaluate(FIRST_CONTENT, FIRST_OF[kind])
    finally:
        page.close()
    height = VIEWPORTS[viewport]["height"]
    late = {
        game: at
        for game, at in found.items()
        if at is None or at["scrolled"] != 0 or not 0 <= at["top"] < height
    }
    assert late == {}, late


def test_on_a_phone_the_filter_folds_behind_a_button(reader: Reader, site_url: str) -> None:
    """At 390 px the filter's controls are folded: the button opens them; a filter asked for
    in the URL shows them open."""
    page = reader.page
    page.set_viewport_size(VIEWPORTS["phone"])
    page.goto(urljoin(site_url, "mahe/examples.html"))
    toggle = page.locator(".rulebooks-filter-toggle")
    status = page.locator("#rulebooks-filter-status")
    assert toggle.is_visible() and not status.is_visible()
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    assert status.is_visible() and toggle.get_attribute("aria-expanded") == "true"
    page.goto(urljoin(site_url, "mahe/examples.html?status=passed"))
    assert page.locator("#rulebooks-filter-status").is_visible()
    page.set_viewport_size(VIEWPORTS["desktop"])
    assert not toggle.is_visible() and status.is_visible()


# One page of each kind the site has; the red build's page (a failing scenario, its error
# and boards) is checked too.
AXE_PAGES = [
    "index.html", "mahe/rules.html", "mahe/examples.html", "mahe/glossary.html",
    "mahe/interpretations.html", "mahe/odds.html", "mamey/store.html", "masai/board.html",
    "masai/examples.html", "coverage.html", "failing.html", "history.html", "simulation.html",
    "clusters.html", "cck.html", "mechanics.html", "tutorial.html", "guide/reading.html",
    "results-schema.html", "genindex.html", "search.html?q=beach",
]  # fmt: skip
AXE_RUN = """async () => {
  const found = await axe.run(document, { resultTypes: ['violations'] });
  return found.violations.map((v) => ({
    id: v.id, impact: v.impact, nodes: v.nodes.length,
    first: v.nodes[0].target.join(' ') + ': ' + (v.nodes[0].failureSummary || '').slice(0, 200),
  }));
}"""


@pytest.fixture(scope="module")
def axe_source() -> str:
    """axe-core's browser script, which `make .venv/.installed` puts into .node/ with npm."""
    from rulebooks.formats.html_report import node_modules

    script = node_modules() / "axe-core" / "axe.min.js"
    if not script.is_file():
        raise RuntimeError(f"{script} is missing: run `make .venv/.installed` (npm axe-core)")
    return script.read_text("utf-8")


def grave_violations(page: Page, url: str, scheme: str, axe: str) -> list[dict[str, Any]]:
    """axe-core's critical and serious findings on the page at ``url`` in the colour scheme
    ``scheme`` (the theme follows the system's, as it does by default)."""
    page.emulate_media(color_scheme="dark" if scheme == "dark" else "light")
    page.goto(url)
    page.wait_for_load_state("load")
    page.add_script_tag(content=axe)
    found: list[dict[str, Any]] = page.evaluate(AXE_RUN)
    return [v for v in found if v["impact"] in ("critical", "serious")]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", AXE_PAGES)
def test_axe_finds_nothing_grave(
    reader: Reader, site_url: str, axe_source: str, path: str, scheme: str
) -> None:
    """axe-core (WCAG 2 A and AA rules and best practices) finds no critical or serious
    violation on each kind of page, in the light theme and in the dark one."""
    assert grave_violations(reader.page, urljoin(site_url, path), scheme, axe_source) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_grave_on_a_failing_build(
    reader: Reader, red_url: str, axe_source: str, scheme: str
) -> None:
    """The same on a page showing a failed scenario: its error, its boards, the outline."""
    assert grave_violations(reader.page, red_url, scheme, axe_source) == []


SMALLEST_BOARD_TEXT = """async () => {
  /* The smallest text of every board picture of the page as the reader sees it: each
     picture's SVG drawn inline at the picture's rendered width (the page's CSS kept off
     it), each <text>'s font size times its scale on the screen. */
  const host = document.createElement("div");
  host.style.cssText = "position:absolute;left:0;top:0;visibility:hidden";
  document.body.appendChild(host);
  let smallest = Infinity, where = "", boards = 0;
  const seen = new Set();
  for (const image of document.querySelectorAll(".rulebooks-board img")) {
    const width = image.getBoundingClientRect().width;
    if (seen.has(image.src + " " + width)) continue;
    seen.add(image.src + " " + width);
    boards += 1;
    host.innerHTML = await (await fetch(image.src)).text();
    const svg = host.querySelector("svg");
    svg.removeAttribute("class");
    svg.removeAttribute("height");
    svg.style.cssText = "max-width:none;height:auto;width:" + width + "px";
    for (const text of svg.querySelectorAll("text")) {
      if (!text.textContent.trim()) continue;
      const size = parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a;
      if (size < smallest) {
        smallest = size;
        where = JSON.stringify(text.textContent.trim()) + " in " + image.src;
      }
    }
  }
  host.remove();
  return {smallest, where, boards};
}"""

GAMES = ("mahe", "mamey", "mahola", "masai")


@pytest.mark.parametrize("game", GAMES)
def test_every_board_text_is_readable_at_the_default_size(
    browser: Browser, site_url: str, game: str
) -> None:
    """Issue 26, point 1: on desktop, no text of any board of a game's examples page renders
    smaller than 12 CSS px, the pictures shown as the reader gets them (no click)."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(urljoin(site_url, f"{game}/examples.html"))
    found = page.evaluate(SMALLEST_BOARD_TEXT)
    page.close()
    assert found["boards"] > 0
    assert found["smallest"] >= 12 - 0.01, found


@pytest.mark.parametrize("width", [1280, 390])
def test_a_board_of_every_game_zooms_and_shrinks_back(
    browser: Browser, site_url: str, width: int
) -> None:
    """A click shows a board twice as large (its frame scrolling sideways, never the page),
    a second click shows it as before: on desktop and on a 390 px phone, every game."""
    page = browser.new_page(viewport={"width": width, "height": 844})
    for game in GAMES:
        page.goto(urljoin(site_url, f"{game}/examples.html"))
        image = page.locator(".rulebooks-board img:visible").first
        image.scroll_into_view_if_needed()
        before = image.bounding_box()
        image.click()
        zoomed = image.bounding_box()
        assert image.get_attribute("aria-pressed") == "true"
        assert before and zoomed and zoomed["width"] >= 1.9 * before["width"], game
        overflow = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, (game, overflow)
        image.press("Enter")
        back = image.bounding_box()
        assert back and abs(back["width"] - before["width"]) < 1, game
        assert image.get_attribute("aria-pressed") == "false"
    page.close()
