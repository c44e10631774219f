"""Tests of the Sphinx extension (``rulebooks.site.sphinxext``) on a small project built in
tmp_path.

The project has two feature files (a Rule, a Background, an outline, a data table, a doc
string, a scenario named ``<script>alert(1)</script>``), a third file with a syntax error,
MyST pages using every directive, and a results file written by hand.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace

from rulebooks.results.schema import SCHEMA, SCHEMA_FILE
from rulebooks.site.sphinxext import RulebooksError
from rulebooks.site.sphinxext.store import ClauseRecord, RulebooksStore
from tests.tooling.results.results_docs import results_document as shared_document

# --- the project ------------------------------------------------------------------------

DICE = '''\
@game:mahe
Feature: Dice
  The dice of Mahé.

  Background:
    Given a 4-player game

  @clause:MAHE-3.3
  Rule: MAHE-3.3 A total above 7 is a bust
    Busting is final.

    Scenario: First die 2, second 6: a bust
      Given the first die shows 2
      When the second die shows 6
      Then the player busts

  @clause:MAHE-3.5
  Rule: MAHE-3.5 Odd names are shown as text

    @ruling:MAHE-R4
    Scenario: <script>alert(1)</script>
      Given a table
        | a | b        |
        | 1 | <b>2</b> |
      Then a doc string
        """
        plain <i>doc</i>
        """
'''

ROLLS = """\
Feature: Rolls

  @clause:MAHE-3.4
  Scenario Outline: Rolling <n>
    When I roll <n>
    Then the total is <t>

    Examples:
      | n | t |
      | 1 | 1 |
      | 2 | 2 |

  @clause:MAHE-3.4
  Scenario: An undefined step
    Given a step nobody wrote

  @clause:MAHE-3.6
  Scenario: A skipped one
    Given something skipped

  @clause:MAHE-7.7
  Scenario: Tagged with an unknown clause
    Given anything
"""

BROKEN = """\
Feature: Broken
  Scenario: Bad table
    Given a table
      | a | b |
      | c |
"""

CONF = """\
extensions = ["myst_parser", "rulebooks.site.sphinxext"]
html_theme = "basic"
rulebooks_features_dir = "../features"
rulebooks_results_file = "../results/results.json"
rulebooks_project_root = ".."
"""

INDEX = """\
# Mahé

A page without rulebooks directives.

```{toctree}
rules
scenarios
verdict
```
"""

RULES = """\
# Rules

## Gameplay

```{clause} MAHE-3.3
:section: Gameplay
:title: A total above 7 is a bust

A player whose total goes **above 7** busts.
```

```{clause} MAHE-3.4
:section: Gameplay
:title: Rolls add up

The dice add up.
```

```{clause} MAHE-3.5
:section: Gameplay
:title: Odd names

Names are text.
```

```{clause} MAHE-3.6
:section: Gameplay
:title: Only skipped

Nothing ran.
```

```{clause} MAHE-9.1
:section: Scoring
:title: Nobody checks this

No scenario.
```

## Interpretations

```{interpretation} MAHE-R4
:title: Odd names
:clauses: MAHE-3.3

We read names as plain text.
```

```{interpretation} MAHE-R5
:title: Unpinned

No scenario pins this one.
```
"""

SCENARIOS = """\
# Scenarios

```{feature-scenarios} mahe
```
"""

VERDICT = """\
# Verdict

```{game-verdict} mahe
:title: Mahé at a glance
```
"""

DICE_PATH = "features/mahe/01_dice.feature"
ROLLS_PATH = "features/mahe/02_rolls.feature"
BROKEN_PATH = "features/mahe/03_broken.feature"


def line_of(text: str, fragment: str) -> int:
    """1-based line of the first line of ``text`` containing ``fragment``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if fragment in line:
            return number
    raise AssertionError(f"{fragment!r} not found")


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


BUST = line_of(DICE, "Scenario: First die 2")
SCRIPT = line_of(DICE, "Scenario: <script>")
OUTLINE = line_of(ROLLS, "Scenario Outline")
ROW1, ROW2 = line_of(ROLLS, "| 1 | 1 |"), line_of(ROLLS, "| 2 | 2 |")
UNDEFINED = line_of(ROLLS, "Scenario: An undefined step")
SKIPPED = line_of(ROLLS, "Scenario: A skipped one")
UNKNOWN = line_of(ROLLS, "Scenario: Tagged with an unknown clause")

IMG_ERROR = "AssertionError: <img src=x onerror=alert(2)>"
ROW_ERROR = "AssertionError: 3 != 2"


def step(
    keyword: str, text: str, line: int, status: str, error: str | None = None
) -> dict[str, Any]:
    return {
        "keyword": keyword,
        "text": text,
        "line": line,
        "status": status,
        "duration": 0.001,
        "error": error,
    }


def record(
    feature: str,
    line: int,
    name: str,
    status: str,
    steps: list[dict[str, Any]],
    example: dict[str, Any] | None = None,
    error: str | None = None,
) -> dict[str, Any]:
    return {
        "nodeid": f"tests/scenarios/test_mahe.py::test_{line}",
        "feature": feature,
        "feature_name": "x",
        "line": line,
        "name": name,
        "rule": None,
        "tags": [],
        "example": example,
        "status": status,
        "duration": 0.01,
        "error": error,
        "steps": steps,
    }


def results_document(
    dice_sha: str = sha(DICE), overrides: dict[int, str] | None = None
) -> dict[str, Any]:
    """The hand-written results file; ``overrides`` maps a scenario line to a new status."""
    background = step("Given", "a 4-player game", line_of(DICE, "a 4-player game"), "passed")
    scenarios = [
        record(
            DICE_PATH,
            BUST,
            "First die 2, second 6: a bust",
            "passed",
            [
                background,
                step("Given", "the first die shows 2", line_of(DICE, "first die shows"), "passed"),
                step("When", "the second die shows 6", line_of(DICE, "second die"), "passed"),
                step("Then", "the player busts", line_of(DICE, "player busts"), "passed"),
            ],
        ),
        record(
            DICE_PATH,
            SCRIPT,
            "<script>alert(1)</script>",
            "failed",
            [
                background,
                step("Given", "a table", line_of(DICE, "Given a table"), "failed", IMG_ERROR),
                step("Then", "a doc string", line_of(DICE, "Then a doc string"), "skipped"),
            ],
            error=IMG_ERROR,
        ),
        record(
            ROLLS_PATH,
            OUTLINE,
            "Rolling 1",
            "passed",
            [
                step("When", "I roll 1", line_of(ROLLS, "When I roll"), "passed"),
                step("Then", "the total is 1", line_of(ROLLS, "Then the total"), "passed"),
            ],
            example={"line": ROW1, "index": 0, "values": {"n": "1", "t": "1"}},
        ),
        record(
            ROLLS_PATH,
            OUTLINE,
            "Rolling 2",
            "failed",
            [
                step("When", "I roll 2", line_of(ROLLS, "When I roll"), "passed"),
                step(
                    "Then", "the total is 2", line_of(ROLLS, "Then the total"), "failed", ROW_ERROR
                ),
            ],
            example={"line": ROW2, "index": 1, "values": {"n": "2", "t": "2"}},
            error=ROW_ERROR,
        ),
        record(
            ROLLS_PATH,
            UNDEFINED,
            "An undefined step",
            "undefined",
            [
                step(
                    "Given",
                    "a step nobody wrote",
                    UNDEFINED + 1,
                    "undefined",
                    "StepDefinitionNotFoundError: a step nobody wrote",
                )
            ],
        ),
        record(
            ROLLS_PATH,
            SKIPPED,
            "A skipped one",
            "skipped",
            [step("Given", "something skipped", SKIPPED + 1, "skipped")],
        ),
    ]
    for scenario in scenarios:
        new_status = (overrides or {}).get(scenario["line"])
        if new_status is not None:
            scenario["status"] = new_status
            scenario["error"] = None
            for each in scenario["steps"]:
                each["status"], each["error"] = new_status, None
    document = shared_document(scenarios, {DICE_PATH: dice_sha, ROLLS_PATH: sha(ROLLS)})
    document["totals"] = {"passed": 2, "failed": 2, "skipped": 1, "undefined": 1}
    return document


@dataclass
class Build:
    """The HTML pages of a build and the warnings it emitted."""

    pages: dict[str, str]
    warnings: str

    def text(self, page: str, element_id: str) -> str:
        """The text inside the element with this id (whitespace collapsed)."""
        return element_of(self.pages[page], element_id)[0]

    def markup(self, page: str, element_id: str) -> str:
        """The markup inside the element with this id (attributes as written)."""
        return element_of(self.pages[page], element_id)[1]


@dataclass
class Project:
    """A Sphinx project in a temporary folder."""

    root: Path

    @property
    def docs(self) -> Path:
        return self.root / "docs"

    @property
    def results_file(self) -> Path:
        return self.root / "results" / "results.json"

    def write_results(self, document: Any) -> None:
        self.results_file.parent.mkdir(parents=True, exist_ok=True)
        text = document if isinstance(document, str) else json.dumps(document, indent=1)
        self.results_file.write_text(text, encoding="utf-8")

    def write(self, relative: str, text: str) -> None:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    def build(self, *, fresh: bool = True, parallel: int = 0) -> Build:
        out = self.docs / "_build"
        warnings = StringIO()
        with docutils_namespace():
            app = Sphinx(
                srcdir=self.docs,
                confdir=self.docs,
                outdir=out / "html",
                doctreedir=out / "doctrees",
                buildername="html",
                status=StringIO(),
                warning=warnings,
                freshenv=fresh,
                parallel=parallel,
            )
            app.build()
        pages = {
            page.stem: page.read_text(encoding="utf-8") for page in (out / "html").glob("*.html")
        }
        return Build(pages, re.sub(r"\x1b\[[0-9;]*m", "", warnings.getvalue()))


def make_project(root: Path, results: Any = None) -> Project:
    project = Project(root)
    files = {
        "docs/conf.py": CONF,
        "docs/index.md": INDEX,
        "docs/rules.md": RULES,
        "docs/scenarios.md": SCENARIOS,
        "docs/verdict.md": VERDICT,
        DICE_PATH: DICE,
        ROLLS_PATH: ROLLS,
        BROKEN_PATH: BROKEN,
    }
    for relative, text in files.items():
        project.write(relative, text)
    if results is not None:
        project.write_results(results)
    return project


# --- reading the HTML -------------------------------------------------------------------

_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "wbr"}


class _Element(HTMLParser):
    """Collects the text and the start tags inside the element with a given id."""

    def __init__(self, element_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.element_id = element_id
        self.depth = 0
        self.found = False
        self.texts: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth == 0 and dict(attrs).get("id") == self.element_id:
            self.found = True
            self.depth = 1
            self.tags.append(self.get_starttag_text() or "")
            return
        if self.depth:
            self.tags.append(self.get_starttag_text() or "")
            if tag not in _VOID:
                self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag not in _VOID:
            self.depth -= 1
            if self.depth:
                self.tags.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.texts.append(data)
            self.tags.append(data)


def element_of(html: str, element_id: str) -> tuple[str, str]:
    parser = _Element(element_id)
    parser.feed(html)
    assert parser.found, f"no element with id {element_id!r}"
    return " ".join("".join(parser.texts).split()), "".join(parser.tags)


def count_in_row(build: Build, page: str, row_id: str) -> int:
    """The number in the second cell of a counts table row."""
    numbers = re.findall(r"\b\d+\b", build.text(page, row_id))
    assert numbers, f"no count in row {row_id}"
    return int(numbers[-1])


def scenario_id(path: str, line: int) -> str:
    stem = path.removeprefix("features/").removesuffix(".feature").replace("/", "-")
    return f"scenario-{stem}-l{line}"


# --- fixtures ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Build]:
    """The project with the standard results file, built once for the module."""
    project = make_project(tmp_path_factory.mktemp("site"), results_document())
    yield project.build()


# --- scenarios page ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "line", "badge"),
    [
        (DICE_PATH, BUST, "✔ passed"),
        (DICE_PATH, SCRIPT, "✘ failed"),
        (ROLLS_PATH, OUTLINE, "✘ failed"),
        (ROLLS_PATH, UNDEFINED, "? undefined"),
        (ROLLS_PATH, SKIPPED, "↷ skipped"),
        (ROLLS_PATH, UNKNOWN, "○ not run"),
    ],
)
def test_scenario_status_badge(built: Build, path: str, line: int, badge: str) -> None:
    text = built.text("scenarios", scenario_id(path, line))
    assert text.startswith(badge)
    status_class = "rulebooks-status-" + badge.split(" ", 1)[1].replace(" ", "-")
    assert f'class="rulebooks-badge {status_class}"' in built.markup(
        "scenarios", scenario_id(path, line)
    )


def test_scenario_anchor_is_derived_from_path_and_line(built: Build) -> None:
    assert f'id="scenario-mahe-01_dice-l{BUST}"' in built.pages["scenarios"]
    assert f'id="scenario-mahe-02_rolls-l{OUTLINE}"' in built.pages["scenarios"]


def test_step_statuses_and_the_failed_step_error(built: Build) -> None:
    bust = built.text("scenarios", scenario_id(DICE_PATH, BUST))
    assert "✔ passed When the second die shows 6" in bust
    script = built.text("scenarios", scenario_id(DICE_PATH, SCRIPT))
    assert "✘ failed Given a table" in script
    assert "↷ skipped Then a doc string" in script
    assert IMG_ERROR in script
    undefined = built.text("scenarios", scenario_id(ROLLS_PATH, UNDEFINED))
    assert "? undefined Given a step nobody wrote" in undefined
    assert "StepDefinitionNotFoundError" in undefined


def test_outline_rows_have_their_own_status(built: Build) -> None:
    outline_id = scenario_id(ROLLS_PATH, OUTLINE)
    assert built.text("scenarios", f"{outline_id}-r{ROW1}") == "1 1 ✔ passed"
    assert built.text("scenarios", f"{outline_id}-r{ROW2}") == "2 2 ✘ failed"
    outline = built.text("scenarios", outline_id)
    assert "When I roll <n>" in outline
    assert f"Row at line {ROW2} (n = 2, t = 2), at step Then the total is 2" in outline
    assert ROW_ERROR in outline
    assert "Row at line " + str(ROW1) not in outline


def test_rule_background_and_description(built: Build) -> None:
    feature = built.text("scenarios", "feature-mahe-01_dice")
    assert feature.startswith("Feature: Dice")
    assert "The dice of Mahé." in feature
    assert "Background: Runs before each scenario" in feature
    assert "Given a 4-player game" in feature
    rule_id = f"rule-mahe-01_dice-l{line_of(DICE, 'Rule: MAHE-3.3')}"
    rule = built.text("scenarios", rule_id)
    assert rule.startswith("Rule: MAHE-3.3 A total above 7 is a bust")
    assert "Busting is final." in rule
    assert "@clause:MAHE-3.3" in rule


def test_data_table_and_doc_string_are_text(built: Build) -> None:
    html = built.pages["scenarios"]
    assert "&lt;b&gt;2&lt;/b&gt;" in html
    assert "<b>2</b>" not in html
    assert "plain &lt;i&gt;doc&lt;/i&gt;" in html
    script = built.text("scenarios", scenario_id(DICE_PATH, SCRIPT))
    assert "a b 1 <b>2</b>" in script


@pytest.mark.parametrize("page", ["scenarios", "rules"])
def test_user_text_is_escaped(built: Build, page: str) -> None:
    html = built.pages[page]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<script>alert" not in html
    assert "<img src=x" not in html


def test_syntax_error_box_warning_and_the_other_features(built: Build) -> None:
    html = built.pages["scenarios"]
    assert re.search(rf"{re.escape(BROKEN_PATH)}:5: WARNING: syntax error", built.warnings)
    box = built.text("scenarios", "feature-mahe-03_broken")
    assert box.startswith("Syntax error in features/mahe/03_broken.feature:5")
    assert "inconsistent cell count" in box
    assert 'class="rulebooks-syntax-error error admonition"' in html
    positions = [html.index(f'id="feature-mahe-{name}"') for name in ("01_dice", "02_rolls")]
    assert positions[0] < positions[1] < html.index('id="feature-mahe-03_broken"')
    assert "Feature: Rolls" in built.text("scenarios", "feature-mahe-02_rolls")


def test_syntax_errors_listed_in_the_page_banner(built: Build) -> None:
    assert f"{BROKEN_PATH}:5" in built.text("rules", "rulebooks-syntax-errors")


# --- rules page -------------------------------------------------------------------------


def test_clause_block(built: Build) -> None:
    text = built.text("rules", "MAHE-3.3")
    assert text.startswith("MAHE-3.3 A total above 7 is a bust")
    assert "Rulebook section: Gameplay" in text
    assert "A player whose total goes above 7 busts." in text
    assert "Verdict: ✔ verified" in text
    assert "✔ passed First die 2, second 6: a bust" in text
    markup = built.markup("rules", "MAHE-3.3")
    assert "<strong>above 7</strong>" in markup
    assert f'href="scenarios.html#{scenario_id(DICE_PATH, BUST)}"' in markup


@pytest.mark.parametrize(
    ("anchor", "verdict"),
    [
        ("MAHE-3.3", "verified"),
        ("MAHE-3.4", "failing"),
        ("MAHE-3.5", "failing"),
        ("MAHE-3.6", "unverified"),
        ("MAHE-9.1", "unverified"),
    ],
)
def test_clause_verdicts(built: Build, anchor: str, verdict: str) -> None:
    assert re.search(rf"Verdict: \S {verdict}\b", built.text("rules", anchor))
    assert f'class="rulebooks-badge rulebooks-verdict-{verdict}"' in built.markup("rules", anchor)


def test_clause_without_scenario_says_unverified(built: Build) -> None:
    text = built.text("rules", "MAHE-9.1")
    assert "No scenario verifies this clause yet: it is unverified." in text
    assert "No scenario verifies" not in built.text("rules", "MAHE-3.6")


def test_interpretations(built: Build) -> None:
    pinned = built.text("rules", "MAHE-R4")
    assert "Pinned by: ✘ failed <script>alert(1)</script>" in pinned
    assert "Clauses read under it: MAHE-3.3" in pinned
    assert 'href="#MAHE-3.3"' in built.pages["rules"]  # a link to the clause it reads
    assert "Clauses read under it" not in built.text("rules", "MAHE-R5")
    assert "No scenario pins this reading yet." in built.text("rules", "MAHE-R5")


def test_unknown_clause_tag_warning(built: Build) -> None:
    warning = next(line for line in built.warnings.splitlines() if "@clause:MAHE-7.7" in line)
    assert f"{ROLLS_PATH}:{UNKNOWN}" in warning
    assert "Tagged with an unknown clause" in warning
    assert "@clause:MAHE-3.3" not in built.warnings


def test_no_results_or_stale_banner_when_results_are_fresh(built: Build) -> None:
    for page in ("rules", "scenarios", "verdict"):
        assert "rulebooks-banner-no-results" not in built.pages[page]
        assert "rulebooks-banner-stale" not in built.pages[page]
    assert "rulebooks-banner" not in built.pages["index"]


# --- verdict page -----------------------------------------------------------------------

STANDARD_RUNS = {"passed": 2, "failed": 2, "undefined": 1, "skipped": 1, "not-run": 1, "stale": 0}
STANDARD_CLAUSES = {"verified": 1, "failing": 2, "unverified": 2, "total": 5}


def run_counts(build: Build) -> dict[str, int]:
    return {
        key: count_in_row(build, "verdict", f"verdict-mahe-runs-{key}") for key in STANDARD_RUNS
    }


def clause_counts(build: Build) -> dict[str, int]:
    return {
        key: count_in_row(build, "verdict", f"verdict-mahe-clauses-{key}")
        for key in STANDARD_CLAUSES
    }


def test_game_verdict_counts(built: Build) -> None:
    assert run_counts(built) == STANDARD_RUNS
    assert count_in_row(built, "verdict", "verdict-mahe-runs-total") == 7
    assert clause_counts(built) == STANDARD_CLAUSES


def test_game_verdict_provenance_and_links(built: Build) -> None:
    text = built.text("verdict", "verdict-mahe")
    assert text.startswith("Mahé at a glance")
    assert (
        "Results recorded 2026-11-30T02:30:04+00:00 (the run took 4.0 s) on commit 4f1cabcdef01."
        in text
    )
    assert "✘ failing: MAHE-3.4, MAHE-3.5" in text
    assert "○ unverified: MAHE-3.6, MAHE-9.1" in text
    markup = built.markup("verdict", "verdict-mahe")
    assert 'href="rules.html"' in markup
    assert 'href="rules.html#MAHE-3.4"' in markup
    assert 'href="scenarios.html"' in markup


# --- other inputs -----------------------------------------------------------------------


def test_no_results_file(tmp_path: Path) -> None:
    build = make_project(tmp_path, results=None).build()
    for page in ("rules", "scenarios", "verdict"):
        banner = build.text(page, "rulebooks-no-results")
        assert banner == "No results No results: these pages show no verdict. Run make site."
    assert "rulebooks-banner-no-results" not in build.pages["index"]
    assert build.text("scenarios", scenario_id(DICE_PATH, BUST)).startswith("○ not run")
    assert "Verdict: ○ unverified" in build.text("rules", "MAHE-3.3")
    assert "No results file" in build.text("verdict", "verdict-mahe")
    assert clause_counts(build) == {"verified": 0, "failing": 0, "unverified": 5, "total": 5}


def test_stale_feature(tmp_path: Path) -> None:
    build = make_project(tmp_path, results_document(dice_sha="0" * 64)).build()
    for page in ("rules", "scenarios", "verdict"):
        banner = build.text(page, "rulebooks-stale")
        assert "results are older than feature features/mahe/01_dice.feature." in banner
        assert "02_rolls" not in banner
    bust = build.text("scenarios", scenario_id(DICE_PATH, BUST))
    assert bust.startswith("⟳ stale")
    assert "passed" not in bust
    assert "⟳ stale When the second die shows 6" in bust
    assert IMG_ERROR not in build.text("scenarios", scenario_id(DICE_PATH, SCRIPT))
    outline_id = scenario_id(ROLLS_PATH, OUTLINE)
    assert build.text("scenarios", f"{outline_id}-r{ROW1}") == "1 1 ✔ passed"
    assert "Verdict: ○ unverified" in build.text("rules", "MAHE-3.3")
    assert count_in_row(build, "verdict", "verdict-mahe-runs-stale") == 2


def test_a_code_change_makes_every_page_stale_and_names_it(tmp_path: Path) -> None:
    project = make_project(tmp_path, results_document())
    project.write("engine/rules.py", "BUST_ABOVE = 7\n")  # an engine file the run never saw
    build = project.build()
    for page in ("rules", "scenarios", "verdict"):
        banner = build.text(page, "rulebooks-stale")
        assert "recorded before a change to engine/rules.py" in banner
        assert "Every scenario shows “stale”" in banner
    assert count_in_row(build, "verdict", "verdict-mahe-runs-stale") == 7
    assert count_in_row(build, "verdict", "verdict-mahe-runs-passed") == 0  # no green anywhere
    assert build.text("scenarios", scenario_id(DICE_PATH, BUST)).startswith("⟳ stale")
    row = build.text("scenarios", f"{scenario_id(ROLLS_PATH, OUTLINE)}-r{ROW1}")
    assert row == "1 1 ⟳ stale"
    assert "Verdict: ○ unverified" in build.text("rules", "MAHE-3.3")


def test_an_incomplete_run_says_so_at_the_top(tmp_path: Path) -> None:
    document = results_document()
    document["run"] |= {
        "interrupted": True,
        "partial": True,
        "problems": ["the run was interrupted (Ctrl-C)"],
    }
    bust = next(record for record in document["scenarios"] if record["line"] == BUST)
    bust["steps"][1]["status"] = "failed"  # its steps say failed, the record "passed"
    build = make_project(tmp_path, document).build()
    banner = build.text("verdict", "rulebooks-run-problems")
    assert "the run was interrupted (Ctrl-C)" in banner
    assert "recorded passed but its steps say failed" in banner
    assert build.text("scenarios", scenario_id(DICE_PATH, BUST)).startswith("✘ failed")


def test_the_results_schema_page_shows_its_version(tmp_path: Path) -> None:
    project = make_project(tmp_path, results_document())
    project.write("docs/schema.md", "# Schema\n\n```{results-schema}\n```\n")
    build = project.build()
    assert build.text("schema", "results-schema-version").startswith(f"Schema version {SCHEMA}")
    assert f'"const": {SCHEMA}' in build.text("schema", "results-schema-json")
    published = project.docs / "_build" / "html" / "results.schema.json"
    assert published.read_text("utf-8") == SCHEMA_FILE.read_text("utf-8")


def test_malformed_results_file_stops_the_build(tmp_path: Path) -> None:
    project = make_project(tmp_path, results="{not json")
    with pytest.raises(RulebooksError) as caught:
        project.build()
    assert str(project.results_file) in str(caught.value)
    assert "not valid JSON" in str(caught.value)


def test_wrong_schema_stops_the_build(tmp_path: Path) -> None:
    project = make_project(tmp_path, results_document() | {"schema": 1})
    with pytest.raises(RulebooksError, match="unsupported schema 1"):
        project.build()


def test_malformed_results_file_from_the_command_line(tmp_path: Path) -> None:
    project = make_project(tmp_path, results=json.dumps(results_document() | {"scenarios": "no"}))
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-N",
            "-q",
            "-E",
            "-b",
            "html",
            "docs",
            "docs/_build/html",
        ],
        cwd=project.root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode != 0
    assert "Rulebooks error" in run.stderr
    assert "results.json: scenarios: expected an array, got a string" in run.stderr


def test_incremental_build_follows_the_results_file(tmp_path: Path) -> None:
    project = make_project(tmp_path, results_document())
    first = project.build()
    assert "Verdict: ✘ failing" in first.text("rules", "MAHE-3.5")
    project.write_results(results_document(overrides={SCRIPT: "passed", OUTLINE: "passed"}))
    second = project.build(fresh=False)
    assert "Verdict: ✔ verified" in second.text("rules", "MAHE-3.5")
    assert clause_counts(second)["verified"] == 2
    assert count_in_row(second, "verdict", "verdict-mahe-runs-passed") == 4


def test_incremental_build_follows_a_new_clause_page(tmp_path: Path) -> None:
    project = make_project(tmp_path, results_document())
    project.build()
    project.write(
        "docs/more.md", "# More\n\n```{clause} MAHE-7.7\n:title: Now defined\n\nX.\n```\n"
    )
    second = project.build(fresh=False)
    assert clause_counts(second)["total"] == 6
    assert "@clause:MAHE-7.7" not in second.warnings


def test_incremental_build_notices_a_new_feature_file(tmp_path: Path) -> None:
    project = make_project(tmp_path, results_document())
    project.build()
    project.write(
        "features/mahe/04_new.feature",
        "Feature: New\n\n  @clause:MAHE-9.1\n  Scenario: Now checked\n    Given a check\n",
    )
    second = project.build(fresh=False)
    assert "○ not run Now checked" in second.text("rules", "MAHE-9.1")
    assert "Feature: New" in second.text("scenarios", "feature-mahe-04_new")


def test_parallel_read_merges_the_clause_records(tmp_path: Path) -> None:
    project = make_project(tmp_path, results_document())
    for number in range(6):
        project.write(f"docs/extra{number}.md", f"# Extra {number}\n\nFiller.\n")
    build = project.build(parallel=2)
    assert clause_counts(build) == STANDARD_CLAUSES
    assert f'href="scenarios.html#{scenario_id(DICE_PATH, BUST)}"' in build.pages["rules"]


def test_duplicate_clause_warning(tmp_path: Path) -> None:
    project = make_project(tmp_path, results_document())
    project.write("docs/more.md", "# More\n\n```{clause} MAHE-3.3\n:title: Again\n\nX.\n```\n")
    build = project.build()
    assert re.search(
        r"(more|rules)\.md:\d+: WARNING: clause MAHE-3\.3 is defined twice "
        r"\(first in (more|rules)\)",
        build.warnings,
    )
    assert clause_counts(build)["total"] == 5


def test_feature_scenarios_of_an_unknown_folder_is_an_error(tmp_path: Path) -> None:
    project = make_project(tmp_path, results_document())
    project.write("docs/scenarios.md", "# Scenarios\n\n```{feature-scenarios} nowhere\n```\n")
    build = project.build()
    assert "feature-scenarios: no folder 'nowhere'" in build.warnings


# --- env store ----------------------------------------------------------------------------


def clause(clause_id: str, docname: str) -> ClauseRecord:
    return ClauseRecord(clause_id, "", "", "mahe", docname, clause_id.lower(), 1)


def test_store_purge_forgets_a_document() -> None:
    store = RulebooksStore()
    store.add_clause(clause("MAHE-1.1", "a"))
    store.add_clause(clause("MAHE-1.2", "b"))
    store.add_scenarios("b", "mahe", ["scenario-x-l1"])
    store.purge("b")
    assert [record.clause_id for record in store.all_clauses()] == ["MAHE-1.1"]
    assert store.page_of_anchor("scenario-x-l1") is None
    assert store.pages == {"a"}


def test_store_merge_takes_the_read_documents() -> None:
    main, other = RulebooksStore(), RulebooksStore()
    main.add_clause(clause("MAHE-1.1", "a"))
    other.add_clause(clause("MAHE-2.1", "b"))
    other.add_clause(clause("MAHE-3.1", "c"))
    other.add_scenarios("b", "mahe", ["scenario-x-l1"])
    main.merge(["b"], other)
    assert [record.clause_id for record in main.all_clauses()] == ["MAHE-1.1", "MAHE-2.1"]
    assert main.page_of_anchor("scenario-x-l1") == "b"
    assert main.pages_of_folder("mahe") == ["b"]


def test_a_boards_size_comes_from_its_view_box_or_else_its_width_and_height() -> None:
    from rulebooks.site.sphinxext.render import intrinsic_size

    assert intrinsic_size('<svg viewBox="0 0 1040.4 1250" width="50%">') == (1040, 1250)
    assert intrinsic_size('<svg xmlns="x" width="320px" height="30" role="img">') == (320, 30)
    with pytest.raises(ValueError, match="neither a viewBox nor a width and height"):
        intrinsic_size('<svg width="100%">')


def test_a_board_is_shown_wide_enough_for_its_smallest_text_to_read_12_px() -> None:
    from rulebooks.site.sphinxext.render import readable_width, smallest_text

    svg = (
        '<svg viewBox="0 0 520 592"><style>text{font-size:9px}text.big{font-size: 15px}'
        '</style><text font-size="11">a</text><text style="font-size:13.5px">b</text></svg>'
    )
    assert smallest_text(svg) == 9
    assert readable_width(svg) == 694  # 520 x 12 / 9, rounded up
    assert smallest_text('<svg viewBox="0 0 400 300"><text>a</text></svg>') == 16
    assert readable_width('<svg viewBox="0 0 400 300"><text>a</text></svg>') == 400  # never less
