"""Every command of the tutorial page (docs/tutorial.md) runs, in order, and does what the
page says: a new game's project installs, registers, passes its suite with its clause
unverified, and with the page's scenario added, verified."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.tooling.games.scaffolded import layered_venv

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "tutorial.md"
_BLOCK = re.compile(r"^(`{3,})sh\n(.*?)^\1$", re.M | re.S)
"""A ``sh`` block; four backticks fence one that holds a three-backtick directive."""


def commands() -> list[str]:
    return [block for _, block in _BLOCK.findall(PAGE.read_text("utf-8"))]


def test_the_page_has_the_commands_from_new_to_a_verified_clause() -> None:
    blocks = commands()
    assert blocks[0].strip() == "rulebooks new dice"
    assert len(blocks) == 12


@pytest.fixture(scope="module")
def tutorial_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    where = tmp_path_factory.mktemp("tutorial")
    script = "set -euo pipefail\n" + "".join(commands())
    bin_dir = str(layered_venv(where))
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", "")}
    env.pop("RULEBOOKS_GAMES", None)
    work = where / "work"
    work.mkdir()
    done = subprocess.run(
        ["bash", "-c", script], cwd=work, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return work, done.stdout


def _clause_scenarios(results: Path, clause: str = "DICE-1.1") -> list[str]:
    return list(_clause_statuses(results, clause).values())


def _clause_statuses(results: Path, clause: str) -> dict[str, str]:
    """Each scenario tagged with ``clause`` in ``results``, by name, with its status."""
    recorded = json.loads(results.read_text("utf-8"))
    return {
        scenario["name"]: scenario["status"]
        for scenario in recorded["scenarios"]
        if f"clause:{clause}" in scenario["tags"]
    }


def test_the_new_game_registers_and_its_clause_is_unverified(
    tutorial_run: tuple[Path, str],
) -> None:
    where, output = tutorial_run
    assert re.search(r"^  dice +Dice +2-4 players +rulebooks-dice ", output, re.M), output
    assert "problem:" not in output
    assert _clause_scenarios(where / "dice" / "results" / "unverified.json") == []
    # the site of the unverified clause exits 1 (the tutorial accepts only that code), naming it
    assert "no scenario: DICE-1.1 needs code, yet no scenario is tagged @clause:DICE-1.1" in (
        output
    )


def test_the_pages_scenario_verifies_the_clause(tutorial_run: tuple[Path, str]) -> None:
    where, _ = tutorial_run
    assert _clause_scenarios(where / "dice" / "results" / "verified.json") == ["passed"]


def _clause_verdict(page: Path, clause: str = "DICE-1.1") -> str:
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.read_text("utf-8")))
    found = re.search(rf"{re.escape(clause)} .*?Verdict: (\S+ \w+)", text)
    assert found, f"no verdict for {clause} on {page}"
    return found.group(1)


def test_the_new_games_site_shows_the_clause_unverified_then_verified(
    tutorial_run: tuple[Path, str],
) -> None:
    where, _ = tutorial_run
    site = where / "dice"
    assert (
        _clause_verdict(site / "docs" / "_build" / "unverified" / "dice" / "rules.html")
        == "○ unverified"
    )
    assert _clause_verdict(site / "docs" / "_build" / "html" / "dice" / "rules.html") == (
        "✔ verified"
    )
    examples = (site / "docs" / "_build" / "html" / "dice" / "examples.html").read_text("utf-8")
    assert "A game for four players can be set up" in examples


def test_the_second_clause_needs_no_step_code_and_is_cited(
    tutorial_run: tuple[Path, str],
) -> None:
    where, output = tutorial_run
    assert "def " not in (where / "dice" / "dice_steps.py").read_text("utf-8")
    assert re.search(r"^DICE-2\.1  Whoever brings the count to 10 wins\n.*DiceState\._apply",
                     output, re.M | re.S), output  # fmt: skip


def test_the_broken_rule_shows_red_then_verified_once_fixed(
    tutorial_run: tuple[Path, str],
) -> None:
    where, output = tutorial_run
    site = where / "dice"
    assert _clause_statuses(site / "results" / "broken.json", "DICE-2.1") == {
        "The player who reaches 10 wins": "failed",
        "At 9 of 10 a player can only add 1": "passed",
    }
    assert _clause_scenarios(site / "results" / "broken.json") == ["passed"]
    assert set(_clause_statuses(site / "results" / "fixed.json", "DICE-2.1").values()) == {"passed"}
    assert "winners: player 2" in output
    assert "DICE-2.1 is red, as it should be" in output
    page = site / "docs" / "_build" / "html" / "dice" / "rules.html"
    assert _clause_verdict(page, "DICE-2.1") == "✔ verified"


def _text(page: Path) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.read_text("utf-8")))


def test_the_ruling_is_named_by_its_clause_and_pinned_by_a_scenario(
    tutorial_run: tuple[Path, str],
) -> None:
    where, _ = tutorial_run
    html = where / "dice" / "docs" / "_build" / "html" / "dice"
    rules, rulings = _text(html / "rules.html"), _text(html / "interpretations.html")
    assert re.search(r"DICE-2\.1 .*?Verdict: ✔ verified under ruling DICE-R1", rules), rules
    ruling = rulings[rulings.index("DICE-R1") :]
    assert "A move may not pass the target" in ruling
    assert "At 9 of 10 a player can only add 1" in ruling


def test_the_finished_site_has_the_simulation_and_cucumbers_report(
    tutorial_run: tuple[Path, str],
) -> None:
    where, output = tutorial_run
    html = where / "dice" / "docs" / "_build" / "html"
    assert re.search(r"dice .*200 games", _text(html / "simulation.html"))
    report = html / "downloads" / "cucumber-report.html"
    assert report.is_file() and "At 9 of 10 a player can only add 1" in report.read_text("utf-8")
    from rulebooks.formats.html_report import ENABLE

    # the earlier builds, before the page's npm command, printed that very command
    assert "Cucumber's HTML report: not made: @cucumber/html-formatter is not installed" in output
    assert f"run `{ENABLE}` in " in output and commands()[-1].startswith(f"{ENABLE}\n")


def test_what_the_commands_wrote_stays_out_of_git_status(
    tutorial_run: tuple[Path, str],
) -> None:
    """The page says the skeleton's .gitignore keeps everything the commands wrote out of
    `git status`: what git sees is the skeleton's files, as the reader edited them."""
    from rulebooks.games.scaffold import _files

    project = tutorial_run[0] / "dice"
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"],
                            cwd=project, capture_output=True, text=True, check=True)  # fmt: skip
    seen = {line[3:] for line in status.stdout.splitlines()}
    assert seen == set(_files("dice")), sorted(seen ^ set(_files("dice")))


def test_a_bad_name_or_an_existing_folder_is_refused(tmp_path: Path) -> None:
    from rulebooks.games.scaffold import ScaffoldError, new_game

    with pytest.raises(ScaffoldError, match="'Dice!' is not a game name"):
        new_game("Dice!", tmp_path)
    new_game("dice", tmp_path)
    with pytest.raises(ScaffoldError, match="already exists"):
        new_game("dice", tmp_path)
