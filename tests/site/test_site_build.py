"""Build the real site the way `make site` does and read it as a visitor would.

The scenarios run in a subprocess with the recorder; Sphinx then builds `docs/` into a
temporary folder from that results file. A second, small project runs a scenario that
contradicts the engine through the same pipeline, to see it published red with its error.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from tests.site.conftest import build_site, text_of


def test_home_page_shows_the_recorded_totals(site: tuple[Path, dict[str, object]]) -> None:
    html_dir, results = site
    raw = (html_dir / "index.html").read_text("utf-8")
    scenarios = results["scenarios"]
    assert isinstance(scenarios, list)
    for status in ("passed", "failed", "undefined", "skipped"):
        count = sum(
            1
            for s in scenarios
            if s["feature"].startswith("features/mahe/") and s["status"] == status
        )
        row = raw[raw.index(f'id="verdict-mahe-runs-{status}"') :]
        assert f"<td><p>{count}</p></td>" in row[: row.index("</tr>")], status
    home = text_of(html_dir / "index.html")
    git = results["git"]
    assert isinstance(git, dict) and str(git["commit"])[:12] in home


def test_rules_page_shows_each_clause_with_its_scenarios(
    site: tuple[Path, dict[str, object]],
) -> None:
    html_dir, _ = site
    rules = (html_dir / "mahe" / "rules.html").read_text("utf-8")
    clause = rules[rules.index('id="MAHE-3.3"') :]
    clause = clause[: clause.index('<div class="rulebooks-clause ')]
    assert "✔ verified" in clause
    assert "The rulebook's bust: 2, then 6" in clause and "✔ passed" in clause
    assert text_of(html_dir / "mahe" / "rules.html").count("Verdict: ✔ verified") == 32


def test_examples_page_shows_rulebook_examples_step_by_step(
    site: tuple[Path, dict[str, object]],
) -> None:
    html_dir, _ = site
    page = text_of(html_dir / "mahe" / "examples.html")
    for name in [
        "The rulebook's bust: 2, then 6",
        "The rulebook's two dice: 4 and 2 move 12 spaces",
        "The rulebook's three dice: 2, 1 and 4 bring a turtle back to its space",
        "The rulebook's stack: red carries yellow 18 spaces and yellow's owner takes the "
        "5-egg card",
        "The rulebook's final scores: Marina 22, Evgeny 17, Darya 22, Andrei 20",
        "The rulebook's variant: a first die of 5 and a 2-egg card move 14 spaces",
    ]:
        assert name in page, name
    assert "And the yellow player rolls the next die, which shows 3" in page
    assert "✘ failed" not in page


def test_every_rulebook_example_shows_its_board_before_and_after(
    site: tuple[Path, dict[str, object]],
) -> None:
    html_dir, _ = site
    page = (html_dir / "mahe" / "examples.html").read_text("utf-8")
    examples = re.findall(r'<div class="rulebooks-scenario [^"]*" id="([^"]+)">', page)
    shown = 0
    for anchor in examples:
        block = page[page.index(f'id="{anchor}"') :]
        block = html.unescape(block[: block.find('<div class="rulebooks-scenario ', 10)])
        if "@example" not in block:
            continue
        shown += 1
        pictures = re.findall(r'<img src="\.\./_boards/(\w+\.svg)" width="\d+" height="\d+"', block)
        assert len(pictures) == 2, anchor
        assert all((html_dir / "_boards" / name).is_file() for name in pictures), anchor
        assert 'alt="Before the first action: ' in block and 'alt="After the last step: ' in block
        words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", block))
        assert "rulebooks replay features/mahe/" in words and "forced chance outcomes: die" in words
        assert "What differs (Before the first action → After the last step)" in words, anchor
    assert shown == 7
    stack = html.unescape(page)
    stack = stack[stack.index("The rulebook's stack") :][:20000]
    assert 'alt="Before the first action: space 18: blue, red, yellow' in stack
    assert "space 15: red, yellow" in stack
    changes = stack[stack.index('<div class="rulebooks-board-changes">') :]
    changes = changes[: changes.index("</div>")]
    assert "<del>space 18: blue, red, yellow (bottom to top)</del>" in changes  # moved away


def test_outline_rows_fold_their_boards(site: tuple[Path, dict[str, object]]) -> None:
    html_dir, _ = site
    page = html.unescape((html_dir / "mahe" / "examples.html").read_text("utf-8"))
    outline = page[page.index("From the raft, dice <dice> move <spaces> spaces") :]
    outline = outline[: outline.index('<div class="rulebooks-scenario ')]
    rows = re.findall(r"<summary>Boards of the row at line \d+ \(dice = ([\d, ]+), spaces", outline)
    assert len(rows) == 18 and rows[4] == "5"
    assert outline.count('alt="After the last step: space ') >= 18


def test_coverage_page_traces_every_clause(site: tuple[Path, dict[str, object]]) -> None:
    html_dir, _ = site
    raw = (html_dir / "coverage.html").read_text("utf-8")
    rows = re.findall(r'<tr class="[^"]*" id="coverage-(mahe-[\d-]+)">(.*?)</tr>', raw, re.S)
    assert len(rows) == 32
    assert all("✔ verified" in row for _, row in rows)
    mahe_3_3 = dict(rows)["mahe-3-3"]
    assert "The rulebook's bust: 2, then 6" in html.unescape(mahe_3_3)
    page = text_of(html_dir / "coverage.html")
    assert "None: every clause has a scenario with a verdict." in page
    assert "None: every scenario verifies a defined clause." in page


def test_clause_ids_are_in_the_search_index(site: tuple[Path, dict[str, object]]) -> None:
    html_dir, _ = site
    index = (html_dir / "searchindex.js").read_text("utf-8")
    assert '"mahe-3.3"' in index and '"mahe-r2"' in index
    assert "MAHE-3.3" in text_of(html_dir / "genindex.html")


def test_interpretations_page_lists_the_pinning_scenarios(
    site: tuple[Path, dict[str, object]],
) -> None:
    html_dir, _ = site
    page = text_of(html_dir / "mahe" / "interpretations.html")
    assert "MAHE-R2" in page and "Leaving space 21 is not crossing it" in page


def test_without_results_no_page_shows_green(tmp_path: Path) -> None:
    build = build_site(tmp_path / "missing.json", tmp_path / "html")
    assert build.returncode == 0, build.stderr
    home = text_of(tmp_path / "html" / "index.html")
    assert "No results" in home and "✔ passed 0" in home and "✔ verified 0" in home
    for page in ["mahe/rules.html", "mahe/examples.html"]:
        text = text_of(tmp_path / "html" / page)
        assert "No results" in text, page
        assert "✔ passed" not in text and "✔ verified" not in text, page
        assert "not run" in text, page


def test_a_failing_scenario_is_published_red_with_its_error(
    red_site: tuple[Path, dict[str, object]],
) -> None:
    project, recorded = red_site
    assert recorded["totals"] == {"passed": 1, "failed": 1, "skipped": 0, "undefined": 1}
    page = text_of(project / "html" / "index.html")
    assert "✘ failed" in page and "the blue turtle is on space 3, not space 4" in page
    raw = (project / "html" / "index.html").read_text("utf-8")
    # The step states one fact (a turtle's space): no "expected" position is made up, the
    # actual board is titled with what the step expected.
    assert "Expected by the failing step" not in raw
    assert (
        'alt="Actual, with what this step expected (Expected: Then the blue turtle is on '
        "space 4): space 3: blue"
    ) in html.unescape(raw)
    assert "Expected: Then the blue turtle is on space 4</span>" in html.unescape(raw)
    assert "? undefined" in page
    assert "Verdict: ✘ failing" in page  # MAHE-4.2: its one scenario failed
    untied = page[page.index("Scenarios tied to no clause") :]
    assert "A step nobody defined" in untied and "A die of 3 claimed" not in untied
    # The step after the failure is skipped, not failed.
    steps = re.findall(r"(✔ passed|✘ failed|↷ skipped|\? undefined) (Given|When|Then|And) ", page)
    assert [s for s, _ in steps] == [
        "✔ passed",
        "✔ passed",
        "✘ failed",
        "↷ skipped",
        "✔ passed",
        "? undefined",
        "↷ skipped",
        "✔ passed",
        "✔ passed",
    ]
    assert "<script>alert(1)</script>" in page  # shown as text
    assert "<script>alert(1)</script>" not in raw and "&lt;script&gt;alert(1)&lt;/script&gt;" in raw


def test_every_board_picture_is_a_file_with_its_intrinsic_size(
    site: tuple[Path, dict[str, object]],
) -> None:
    """No picture is inlined as a data URI; each is a file of ``_boards/`` whose width and
    height attributes are its viewBox's, so the page keeps its layout while they load."""
    html_dir, _ = site
    pictures = 0
    for page in sorted(html_dir.glob("*/examples.html")):
        text = page.read_text("utf-8")
        assert "data:image/svg+xml" not in text.split('class="rulebooks-simulation', 1)[0], page
        for src, width, height in re.findall(
            r'<figure class="rulebooks-board[^"]*"><div class="rulebooks-board-frame">'
            r'<img src="([^"]+)" width="(\d+)" height="(\d+)"',
            text,
        ):
            svg = (page.parent / src).resolve().read_text("utf-8")
            box = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
            assert box is not None, src
            assert (round(float(box[1])), round(float(box[2]))) == (int(width), int(height)), src
            pictures += 1
        assert len(re.findall(r'<figure class="rulebooks-board[ "]', text)) == len(
            re.findall(
                r'<figure class="rulebooks-board[^"]*"><div class="rulebooks-board-frame">'
                r'<img src="\.\./_boards/',
                text,
            )
        ), page
    assert pictures > 400


def test_home_shows_zero_counts_neutral_and_a_total_of_every_game(
    site: tuple[Path, dict[str, object]],
) -> None:
    html_dir, recorded = site
    page = (html_dir / "index.html").read_text("utf-8")
    failed_row = page[page.index('id="verdict-mahe-runs-failed"') :].split("</tr>")[0]
    assert "rulebooks-badge-zero" in failed_row  # "0 failed" wears no red
    passed_row = page[page.index('id="verdict-mahe-runs-passed"') :].split("</tr>")[0]
    assert "rulebooks-badge-zero" not in passed_row
    text = text_of(html_dir / "index.html")
    runs = len(recorded["scenarios"])  # type: ignore[arg-type]
    assert f"All games: {runs} scenario runs ({runs} passed);" in text
    assert re.search(r"clauses \(\d+ verified\)\. The run took (\d+\.\d s|\d+ min \d+ s)\.", text)


def test_rules_page_counts_the_passed_rows_of_an_outline(
    site: tuple[Path, dict[str, object]],
) -> None:
    text = text_of(site[0] / "mahe" / "rules.html")
    counts = re.findall(r"✔ passed (\d+) of (\d+) rows passed", text)
    assert counts and all(passed == rows for passed, rows in counts)
    assert "✔ passed 18 of 18 rows passed From the raft, dice <dice> move <spaces>" in text


def test_what_fails_now_says_nothing_fails_on_a_green_build(
    site: tuple[Path, dict[str, object]],
) -> None:
    text = text_of(site[0] / "failing.html")
    assert "Failing clauses None: no clause has a failing scenario." in text
    assert "Failures by cause" not in text
    coverage = text_of(site[0] / "coverage.html")
    assert "Failing clauses None: no clause has a failing scenario." in coverage


def test_one_title_per_clause_on_every_page(site: tuple[Path, dict[str, object]]) -> None:
    """A clause's title on its rules page is the one its `Rule:` heading shows on the
    examples page, and the one the coverage page gives it."""
    html_dir, _ = site
    coverage = text_of(html_dir / "coverage.html")
    checked = 0
    for rules in sorted(html_dir.glob("*/rules.html")):
        titles = dict(
            re.findall(
                r'<p class="rulebooks-clause-title"[^>]*><strong>([^<]+)</strong> ([^<]+?) <a',
                rules.read_text("utf-8"),
            )
        )
        examples = text_of(rules.parent / "examples.html")
        for clause, title in titles.items():
            title = html.unescape(title)
            headings = re.findall(rf"Rule: {re.escape(clause)} ((?:(?!Rule: ).)+?) ¶", examples)
            assert all(heading == title for heading in headings), (clause, headings, title)
            assert f"{clause} {title}" in coverage, clause
            checked += 1
    assert checked > 100
