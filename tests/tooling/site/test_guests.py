"""Guest games (rulebooks.site.guests): a game from another project joined to a host's site."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rulebooks.results.join import Results, Verdicts
from rulebooks.results.schema import Fingerprint, ResultsFile, from_json
from rulebooks.site.guests import (
    MIRROR_MARK,
    Guest,
    GuestError,
    join_fingerprints,
    join_results,
    mirror_pages,
)
from tests.tooling.results.results_docs import results_document


def guest_at(root: Path, name: str = "dice") -> Guest:
    (root / "features" / name).mkdir(parents=True)
    (root / "docs" / name).mkdir(parents=True)
    return Guest(
        name=name,
        root=root,
        features_base=root / "features",
        pages=root / "docs" / name,
        scenarios=root / "tests",
        package=root / "dice_engine",
    )


def record(feature: str, status: str = "passed") -> dict[str, Any]:
    return {
        "nodeid": "tests/test_dice.py::test_a_roll", "feature": feature, "feature_name": "Dice",
        "line": 3, "name": "A roll", "rule": None, "tags": ["clause:DICE-1"], "example": None,
        "status": status, "duration": 0.1, "error": None,
        "steps": [{"keyword": "Given", "text": "a roll", "line": 4, "status": status,
                   "duration": 0.1, "error": None}],
    }  # fmt: skip


def results(scenarios: list[dict[str, Any]], features: dict[str, str], **run: Any) -> ResultsFile:
    document = results_document(scenarios, features, **run)
    document["totals"] = {"passed": sum(1 for s in scenarios if s["status"] == "passed")}
    return from_json(ResultsFile, document)


def test_a_guests_feature_paths_are_read_under_the_hosts_features_folder(tmp_path: Path) -> None:
    guest = guest_at(tmp_path)
    assert guest.host_path("features/dice/01.feature", "features") == "features/dice/01.feature"
    assert guest.host_path("features/dice/a/02.feature", "specs") == "specs/dice/a/02.feature"
    assert guest.host_path("elsewhere/03.feature", "features") == "elsewhere/03.feature"


def test_joined_results_hold_both_projects_records_totals_and_fingerprints(
    tmp_path: Path,
) -> None:
    guest = guest_at(tmp_path / "guest")
    host = results([record("features/main/01.feature")], {"features/main/01.feature": "a"})
    visiting = results(
        [record("features/dice/01.feature", "failed")],
        {"features/dice/01.feature": "b"},
        exit_status=1,
        problems=["one problem"],
    )
    joined = join_results(host, [(guest, visiting)], "specs")
    assert [s.feature for s in joined.scenarios] == [
        "features/main/01.feature",
        "specs/dice/01.feature",
    ]
    assert joined.totals["passed"] == 1 and joined.run.exit_status == 1
    assert joined.run.problems == ("dice: one problem",)
    assert joined.fingerprint.features == {
        "features/main/01.feature": "a",
        "specs/dice/01.feature": "b",
    }


def test_a_guest_without_results_makes_the_run_partial_and_says_why(tmp_path: Path) -> None:
    guest = guest_at(tmp_path / "guest")
    host = results([record("features/main/01.feature")], {"features/main/01.feature": "a"})
    joined = join_results(host, [(guest, None)], "features")
    assert joined.run.partial
    assert joined.run.problems == ("dice: the guest game's scenarios have no results file",)


def test_a_change_to_a_guests_code_makes_the_joined_results_stale(tmp_path: Path) -> None:
    guest = guest_at(tmp_path / "guest")
    host = results([], {})
    recorded = Fingerprint(features={}, code={"engine/x.py": "1"}, versions={})
    joined = join_results(host, [(guest, replace(host, fingerprint=recorded))], "features")
    assert joined.fingerprint.code["dice:engine/x.py"] == "1"
    same = join_fingerprints(host.fingerprint, [(guest, recorded)], "features")
    assert not Verdicts.join(Results("r.json", joined), (), same).changes.code
    moved = Fingerprint(features={}, code={"engine/x.py": "2"}, versions={})
    now = join_fingerprints(host.fingerprint, [(guest, moved)], "features")
    assert Verdicts.join(Results("r.json", joined), (), now).changes.code == ("dice:engine/x.py",)


def test_pages_are_copied_marked_and_removed_when_the_guest_is_no_longer_listed(
    tmp_path: Path,
) -> None:
    guest = guest_at(tmp_path / "guest")
    (guest.pages / "rules.md").write_text("# Dice rules\n")
    docs = tmp_path / "docs"
    docs.mkdir()
    assert mirror_pages(docs, [guest]) == ["dice"]
    copy = docs / "dice"
    assert (copy / "rules.md").read_text() == "# Dice rules\n"
    assert (copy / MIRROR_MARK).is_file() and (copy / ".gitignore").read_text() == "*\n"
    (guest.pages / "rules.md").unlink()
    (guest.pages / "examples.md").write_text("# Dice examples\n")
    mirror_pages(docs, [guest])
    assert sorted(p.name for p in copy.iterdir()) == [
        ".gitignore", MIRROR_MARK, "examples.md",
    ]  # fmt: skip
    mirror_pages(docs, [])
    assert not copy.exists()


def test_a_hosts_own_folder_is_never_overwritten(tmp_path: Path) -> None:
    guest = guest_at(tmp_path / "guest")
    (guest.pages / "rules.md").write_text("# Dice rules\n")
    own = tmp_path / "docs" / "dice"
    own.mkdir(parents=True)
    (own / "rules.md").write_text("# The host's own dice\n")
    with pytest.raises(GuestError, match=r"guest game 'dice' .* would overwrite .*docs/dice"):
        mirror_pages(tmp_path / "docs", [guest])
    assert (own / "rules.md").read_text() == "# The host's own dice\n"
    mirror_pages(tmp_path / "docs", [])  # unlisted: the host's folder stays too
    assert (own / "rules.md").is_file()


def test_the_sites_campaign_is_rerun_when_a_guests_engine_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rulebooks.site.guests
    from rulebooks.games.project import ROOT
    from rulebooks.site.pipeline import simulation_key

    guest = guest_at(tmp_path / "guest")
    guest.package.mkdir()
    (guest.package / "game.py").write_text("TARGET = 100\n")
    monkeypatch.setattr(rulebooks.site.guests, "guests", lambda root: [guest])
    before = simulation_key(ROOT)
    assert simulation_key(ROOT) == before
    (guest.package / "game.py").write_text("TARGET = 50\n")
    assert simulation_key(ROOT) != before


def test_a_project_names_the_code_its_verdicts_depend_on(tmp_path: Path) -> None:
    from rulebooks.results.fingerprint import code_digests

    (tmp_path / "dice_engine").mkdir()
    (tmp_path / "dice_engine" / "game.py").write_text("TARGET = 10\n")
    (tmp_path / "dice_steps.py").write_text("STEPS = 1\n")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.rulebooks]\ngames = ["dice"]\ncode = ["dice_engine", "dice_steps.py"]\n'
    )
    assert sorted(code_digests(tmp_path)) == [
        "dice_engine/game.py", "dice_steps.py", "pyproject.toml",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        ('"dice_engine"', "must be a list of paths"),
        ('["../elsewhere"]', "'../elsewhere' is not a path inside the project"),
        ('["/etc"]', "'/etc' is not a path inside the project"),
    ],
)
def test_code_outside_the_project_or_not_a_list_is_refused(
    tmp_path: Path, code: str, problem: str
) -> None:
    from rulebooks.games.project import ProjectError, configured_code

    (tmp_path / "pyproject.toml").write_text(f"[tool.rulebooks]\ncode = {code}\n")
    with pytest.raises(ProjectError, match=re.escape(problem)):
        configured_code(tmp_path)
