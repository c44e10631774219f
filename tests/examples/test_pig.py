"""The example game added from outside (examples/pig): installed as its own distribution,
registered through its entry point, its scenarios and its differential test against
OpenSpiel's pig run by its own pytest, every clause of its rules page verified."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from rulebooks.games import registry

ROOT = Path(__file__).resolve().parents[2]
PIG = ROOT / "examples" / "pig"
_CLAUSE = re.compile(r"^```\{clause\}\s+(PIG-[\d.]+)", re.M)


def test_pig_registers_through_its_own_distribution() -> None:
    spec = registry.installed().games.get("pig")
    assert spec is not None, f"pig is not installed: {registry.installed().problems}"
    assert spec.package == "rulebooks-pig"
    assert spec.root == PIG
    assert spec.missing() == []


def test_pig_loads_by_name_but_stays_off_this_projects_list() -> None:
    assert type(engine.load_game("pig")).__module__ == "pig_engine.game"
    assert "pig" not in registry.games() and "pig" not in engine.GAMES


@pytest.fixture(scope="module")
def pig_run(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[subprocess.CompletedProcess[str], dict[str, object]]:
    results = tmp_path_factory.mktemp("pig") / "results.json"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider",
         "--rulebooks-results", str(results)],
        cwd=PIG, capture_output=True, text=True, check=False,
    )  # fmt: skip
    recorded = json.loads(results.read_text("utf-8")) if results.is_file() else {}
    return done, recorded


def test_the_pig_project_passes_its_own_suite(
    pig_run: tuple[subprocess.CompletedProcess[str], dict[str, object]],
) -> None:
    done, _ = pig_run
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    last = done.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"=* \d+ passed in .*", last), f"not every test passed: {last}"
    differential = re.findall(
        r"test_openspiel_pig\.py::test_both_engines_agree\S* PASSED", done.stdout
    )
    assert len(differential) == 6, "the differential test against OpenSpiel did not run in full"


def test_every_pig_clause_is_verified_by_a_passing_scenario(
    pig_run: tuple[subprocess.CompletedProcess[str], dict[str, object]],
) -> None:
    _, recorded = pig_run
    scenarios = recorded.get("scenarios")
    assert isinstance(scenarios, list) and scenarios, "the pig run recorded no scenario"
    clauses = _CLAUSE.findall((PIG / "docs" / "pig" / "rules.md").read_text("utf-8"))
    assert len(clauses) == 9
    verified: set[str] = set()
    for scenario in scenarios:
        assert scenario["status"] == "passed", f"{scenario['name']}: {scenario['status']}"
        verified |= {t.removeprefix("clause:") for t in scenario["tags"] if t.startswith("clause:")}
    assert sorted(verified) == sorted(clauses)


def test_the_pig_runs_results_go_stale_when_its_engine_or_steps_change(
    pig_run: tuple[subprocess.CompletedProcess[str], dict[str, object]],
) -> None:
    _, recorded = pig_run
    fingerprint = recorded["fingerprint"]
    assert isinstance(fingerprint, dict)
    assert {"pig_engine/game.py", "pig_steps.py"} <= set(fingerprint["code"])


def test_rulebooks_site_builds_the_pig_projects_site_alone(tmp_path: Path) -> None:
    results, html = tmp_path / "results" / "results.json", tmp_path / "html"
    done = subprocess.run(
        [sys.executable, "-m", "rulebooks.cli", "site", "--project", str(PIG),
         "--results", str(results), "--html", str(html)],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "scenarios: 25 passed, 0 failed" in done.stdout
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", (html / "index.html").read_text("utf-8")))
    assert "✔ verified 9 ✘ failing 0 ○ unverified 0 total 9" in page
    assert sorted(p.name for p in (html / "pig").iterdir()) == [
        "examples.html", "glossary.html", "interpretations.html", "rules.html",
    ]  # fmt: skip
    folders = {p.name for p in html.iterdir() if p.is_dir() and p.name[0] not in "_."}
    assert folders == {"downloads", "pig"}, "the site holds another game's pages"
    simulation = json.loads(results.with_name("simulation.json").read_text("utf-8"))
    assert [c["game"] for c in simulation["campaigns"]] == ["pig"]


HOST_CONF = """\
import os

project = "A host of other projects' games"
extensions = ["myst_parser", "rulebooks.site.sphinxext"]
exclude_patterns = ["_build"]
rulebooks_features_dir = "../features"
rulebooks_results_file = os.environ.get("RULEBOOKS_RESULTS", "../results/results.json")
rulebooks_project_root = ".."
rulebooks_simulation_file = os.environ.get("RULEBOOKS_SIMULATION", "../results/simulation.json")
rulebooks_history_file = os.environ.get("RULEBOOKS_HISTORY", "../results/history.jsonl")
"""


def build_host(host: Path, games: list[str]) -> tuple[subprocess.CompletedProcess[str], Path]:
    """A project holding no game of its own, listing ``games``, built by ``rulebooks site``."""
    (host / "docs").mkdir(parents=True, exist_ok=True)
    (host / "tests" / "scenarios").mkdir(parents=True, exist_ok=True)
    (host / "pyproject.toml").write_text(
        '[project]\nname = "host"\nversion = "0"\n\n'
        f"[tool.rulebooks]\ngames = {json.dumps(games)}\n\n"
        '[tool.pytest.ini_options]\naddopts = "-p rulebooks.run.recorder"\n'
        'bdd_features_base_dir = "features"\n'
    )
    (host / "docs" / "conf.py").write_text(HOST_CONF)
    (host / "docs" / "index.md").write_text(
        "# Host\n\n<!-- rulebooks:games -->\n\n<!-- rulebooks:guest-pages -->\n"
    )
    html = host / f"html-{len(games)}"
    done = subprocess.run(
        [sys.executable, "-m", "rulebooks.cli", "site", "--project", str(host),
         "--results", str(host / "results" / "results.json"), "--html", str(html)],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    return done, html


def words(page: Path) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.read_text("utf-8")))


def test_a_site_shows_pig_from_its_own_project_only_when_listed(tmp_path: Path) -> None:
    host = tmp_path / "host"
    done, html = build_host(host, ["pig"])
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert f"(in {PIG})" in done.stdout, "pig's scenarios did not run in its own project"
    home = words(html / "index.html")
    assert "✔ verified 9 ✘ failing 0 ○ unverified 0 total 9" in home
    assert "✔ passed 25 ✘ failed 0" in home
    rules = words(html / "pig" / "rules.html")
    assert rules.count("Verdict: ✔ verified") == 9 and "○ unverified" not in rules
    examples = words(html / "pig" / "examples.html")
    assert "Feature: Pig — a turn" in examples and "✔ passed" in examples
    copied = host / "docs" / "pig"
    assert (copied / ".gitignore").read_text() == "*\n", "the copied pages would be committed"

    done, html = build_host(host, [])  # the same tooling, Pig no longer listed
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert not (html / "pig").exists() and not copied.exists()
    assert "Pig" not in words(html / "index.html")
    assert "(in " not in done.stdout, "an unlisted game's scenarios ran"
