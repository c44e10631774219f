"""Builds shared by the site tests: the real site, and a small red one.

Both run scenarios through the recorder in a subprocess and build with Sphinx into a
temporary folder, as `make site` does; each is built once per test session.
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.markers import pytest_collection_modifyitems  # noqa: F401  (marks slow tests)

ROOT = Path(__file__).resolve().parents[2]


def run(command: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=cwd, env={**os.environ, **env}, capture_output=True, text=True, check=False
    )


def text_of(page: Path) -> str:
    """The visible text of an HTML page, entities decoded, whitespace folded."""
    body = page.read_text("utf-8")
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def build_site(
    results: Path, out: Path, docs: Path = ROOT / "docs", simulation: Path | None = None
) -> subprocess.CompletedProcess[str]:
    extra = {} if simulation is None else {"RULEBOOKS_SIMULATION": str(simulation)}
    return run(
        [sys.executable, "-m", "sphinx", "-N", "-E", "-q", "-b", "html", str(docs), str(out)],
        ROOT, RULEBOOKS_RESULTS=str(results), **extra,
    )  # fmt: skip


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    tmp = tmp_path_factory.mktemp("site")
    results = tmp / "results.json"
    scenarios = run(
        [sys.executable, "-m", "pytest", "tests/scenarios", "-q", "-p", "no:cacheprovider",
         "--continue-on-collection-errors", "--rulebooks-results", str(results)],
        ROOT,
    )  # fmt: skip
    assert results.exists(), scenarios.stdout + scenarios.stderr
    simulation = tmp / "simulation.json"  # a small campaign of every game, as `make site` runs
    campaign = run(
        [sys.executable, "-m", "rulebooks.cli", "simulate", "all", "--games", "3",
         "--workers", "1", "--out", str(simulation)],
        ROOT,
    )  # fmt: skip
    assert simulation.exists(), campaign.stdout + campaign.stderr
    build = build_site(results, tmp / "html", simulation=simulation)
    assert build.returncode == 0, build.stderr
    return tmp / "html", json.loads(results.read_text("utf-8"))


CONTRADICTION = """\
@game:mahe
Feature: Mahé — a scenario that contradicts the engine
  Rule: MAHE-4.2 One die moves its face

    @clause:MAHE-4.2
    Scenario: A die of 3 claimed to move 4 spaces
      Given a 4-player game of Mahé
      When the blue turtle moves with dice 3
      Then the blue turtle is on space 4
      And the blue turtle is on space 3

    @clause:MAHE-99.9
    Scenario: A step nobody defined
      Given a 4-player game of Mahé
      When the blue turtle flies to space 9
      Then the blue turtle is on space 9

    @clause:MAHE-4.2
    Scenario: <script>alert(1)</script>
      Given a 4-player game of Mahé
      Then the blue turtle is on the raft
"""


@pytest.fixture(scope="session")
def red_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    """A project whose one scenario contradicts the engine, one has an undefined step, and
    one is named like an attack on the page; built to `<project>/html`."""
    project = tmp_path_factory.mktemp("red") / "project"
    (project / "features" / "mahe").mkdir(parents=True)
    (project / "features" / "mahe" / "contradiction.feature").write_text(CONTRADICTION, "utf-8")
    (project / "tests").mkdir()
    (project / "tests" / "conftest.py").write_text(
        "from tests.scenarios.mahe.steps import *  # noqa: F403\n"
        "from tests.scenarios.conftest import pytest_bdd_apply_tag  # noqa: F401\n",
        "utf-8",
    )
    (project / "tests" / "test_contradiction.py").write_text(
        "from pytest_bdd import scenarios\nscenarios('../features/mahe')\n", "utf-8"
    )
    results = project / "results.json"
    run(
        [sys.executable, "-m", "pytest", str(project / "tests"), "-q", "-p", "no:cacheprovider",
         "--rootdir", str(project), "-c", os.devnull, "-p", "rulebooks.run.recorder",
         "--rulebooks-results", str(results)],
        project, PYTHONPATH=str(ROOT),
    )  # fmt: skip
    recorded = json.loads(results.read_text("utf-8"))

    docs = project / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(
        "extensions = ['myst_parser', 'rulebooks.site.sphinxext']\n"
        "rulebooks_features_dir = '../features'\n"
        f"rulebooks_results_file = {str(results)!r}\n"
        "rulebooks_project_root = '..'\n"
        f"html_favicon = {str(ROOT / 'docs' / '_static' / 'favicon.svg')!r}\n",
        "utf-8",
    )
    (docs / "index.md").write_text(
        "# Check\n\n```{home-status}\n```\n\n"
        "```{clause} MAHE-4.2\n:title: Move length\n\nOne die moves its face.\n```\n\n"
        "```{feature-scenarios} mahe\n```\n\n```{coverage}\n```\n",
        "utf-8",
    )
    build = build_site(results, project / "html", docs)
    assert build.returncode == 0, build.stderr
    return project, recorded
