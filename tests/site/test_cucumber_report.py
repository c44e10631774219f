"""Cucumber's official consumer reads our messages: ``@cucumber/html-formatter`` renders the
project's own ``messages.ndjson`` and headless Chromium shows the same scenario counts as the
results file of the same run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from rulebooks.formats.html_report import boards_folder, render_html_report
from tests.site.test_browser import browser

__all__ = ["browser"]

# Our scenario statuses as the report names them.
REPORT_STATUS = {"passed": "PASSED", "failed": "FAILED", "undefined": "UNDEFINED",
                 "skipped": "SKIPPED"}  # fmt: skip


def report_counts(browser: Browser, report: Path) -> tuple[int, int, dict[str, int]]:
    """(passed, total, {STATUS: count}) as the rendered report shows them."""
    page = browser.new_page()
    try:
        page.goto(report.as_uri())
        summary = page.locator('[data-testid="cucumber.summary.status"]')
        summary.wait_for()
        text = summary.inner_text()
        body = page.inner_text("body")
    finally:
        page.close()
    found = re.search(r"\((\d+) / (\d+)\) passed", text)
    assert found is not None, text
    by_status = {m[1]: int(m[2]) for m in re.finditer(r"^([A-Z]+) (\d+)$", body, re.M)}
    return int(found[1]), int(found[2]), by_status


def our_counts(results: dict[str, object]) -> dict[str, int]:
    counts: dict[str, int] = {}
    scenarios = results["scenarios"]
    assert isinstance(scenarios, list)
    for scenario in scenarios:
        counts[scenario["status"]] = counts.get(scenario["status"], 0) + 1
    return counts


def test_the_html_formatter_counts_every_scenario_of_the_project(
    site: tuple[Path, dict[str, object]], browser: Browser, tmp_path: Path
) -> None:
    html, results = site
    report = tmp_path / "cucumber-report.html"
    render_html_report(html.parent / "messages.ndjson", report)
    passed, total, _ = report_counts(browser, report)
    ours = our_counts(results)
    assert total == sum(ours.values()) > 300
    assert passed == ours.get("passed", 0)


def test_the_html_formatter_counts_failures_and_undefined_steps(
    red_site: tuple[Path, dict[str, object]], browser: Browser, tmp_path: Path
) -> None:
    project, results = red_site
    report = tmp_path / "cucumber-report.html"
    render_html_report(project / "messages.ndjson", report)
    passed, total, by_status = report_counts(browser, report)
    ours = our_counts(results)
    assert total == sum(ours.values())
    assert passed == ours.get("passed", 0)
    assert by_status == {REPORT_STATUS[status]: n for status, n in ours.items()}
    assert {"FAILED", "UNDEFINED"} <= set(by_status)


def test_a_truncated_messages_file_is_refused_naming_the_line(tmp_path: Path) -> None:
    from rulebooks.formats.html_report import ReportError

    broken = tmp_path / "messages.ndjson"
    broken.write_text('{"meta": {}}\n{"source": {"uri": "a.feature", "da', "utf-8")
    with pytest.raises(ReportError, match=r"messages.ndjson:2: not JSON"):
        render_html_report(broken, tmp_path / "report.html")


def test_a_project_without_the_formatter_is_told_the_one_command_that_enables_it(
    tmp_path: Path,
) -> None:
    from rulebooks.formats.html_report import ENABLE, ReportError, start_html_report

    modules = tmp_path / "game" / ".node" / "node_modules"
    with pytest.raises(ReportError) as refused:
        start_html_report(tmp_path / "messages.ndjson", tmp_path / "report.html", modules)
    assert f"run `{ENABLE}` in {tmp_path / 'game'} " in str(refused.value)
    assert "RULEBOOKS_NODE_MODULES" in str(refused.value)
    assert not (tmp_path / "report.html").exists()


def test_the_set_up_installs_the_formatter_release_the_message_names() -> None:
    from rulebooks.formats.html_report import ENABLE, FORMATTER_PACKAGE
    from rulebooks.games.scaffold import REPORT_SETUP

    assert REPORT_SETUP == ENABLE  # what a new project's README and CI run
    bootstrap = (Path(__file__).resolve().parents[2] / "scripts" / "bootstrap.sh").read_text()
    version = FORMATTER_PACKAGE.rpartition("@")[2]
    assert f'html_formatter="{FORMATTER_PACKAGE}"' in bootstrap
    assert f'"version": "{version}"\' .node/node_modules/@cucumber/html-formatter' in bootstrap


REPORT_LIMIT = 5_000_000
"""Cucumber's report of today's run, at most (uncompressed): its boards are files beside it."""


def test_the_report_shows_the_boards_and_stays_small(
    site: tuple[Path, dict[str, object]], browser: Browser, tmp_path: Path
) -> None:
    """The report's viewer shows an image only when base64-encoded or external: the boards
    are files of the folder beside it, each linked, each displayed."""
    html, _ = site
    report = tmp_path / "cucumber-report.html"
    render_html_report(html.parent / "messages.ndjson", report)
    boards = boards_folder(report)
    print(f"report {report.stat().st_size / 1e6:.2f} MB, {len(list(boards.iterdir()))} boards")
    assert report.stat().st_size <= REPORT_LIMIT
    linked = set(re.findall(r"cucumber-report-boards/([0-9a-f]{20}\.svg)", report.read_text()))
    assert linked and linked == {p.name for p in boards.iterdir()}
    page = browser.new_page()
    try:
        page.goto(report.as_uri())
        page.locator('[data-testid="cucumber.summary.status"]').wait_for()
        page.locator("button[aria-expanded='false']").first.click()
        summaries = page.locator("details > summary")
        summaries.first.wait_for()
        assert summaries.count() > 1
        summaries.first.click()
        image = page.locator("details[open] img").first
        image.wait_for()
        page.wait_for_function("i => i.complete && i.naturalWidth > 0", arg=image.element_handle())
        assert "Couldn't display" not in page.inner_text("body")
    finally:
        page.close()
