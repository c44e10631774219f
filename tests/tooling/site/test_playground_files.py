"""The playground's files (rulebooks.site.playground): the pinned runtime refused when it is
missing, another release or not the one the project pins; the zips hold what the page runs."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from rulebooks.site import playground
from rulebooks.site.playground import PlaygroundError, runtime_folder

ROOT = Path(__file__).resolve().parents[3]


def fake_runtime(root: Path, version: str, integrity: str) -> None:
    folder = root / ".node" / "node_modules" / "pyodide"
    folder.mkdir(parents=True)
    (folder / "package.json").write_text(json.dumps({"version": version}))
    for name in playground.RUNTIME_FILES:
        (folder / name).write_text("x")
    lock = {"packages": {"node_modules/pyodide": {"version": version, "integrity": integrity}}}
    (root / ".node" / "package-lock.json").write_text(json.dumps(lock))


def test_a_missing_runtime_says_how_to_install_it(tmp_path: Path) -> None:
    with pytest.raises(PlaygroundError, match=r"npm install --prefix \.node pyodide@314\.0\.8"):
        runtime_folder(tmp_path)


def test_another_release_is_refused(tmp_path: Path) -> None:
    fake_runtime(tmp_path, "314.0.7", playground.PYODIDE_INTEGRITY)
    with pytest.raises(PlaygroundError, match=r"found 314\.0\.7"):
        runtime_folder(tmp_path)


def test_a_runtime_npm_did_not_check_against_the_pin_is_refused(tmp_path: Path) -> None:
    fake_runtime(tmp_path, playground.PYODIDE_VERSION, "sha512-somethingelse")
    with pytest.raises(PlaygroundError, match="not installed from the release the project pins"):
        runtime_folder(tmp_path)
    (tmp_path / ".node" / "package-lock.json").unlink()
    fake = tmp_path / "other"
    fake_runtime(fake, playground.PYODIDE_VERSION, playground.PYODIDE_INTEGRITY)
    assert runtime_folder(fake) == fake / ".node" / "node_modules" / "pyodide"


def test_the_packages_are_pure_and_hold_pytest_and_pytest_bdd() -> None:
    names = zipfile.ZipFile(io.BytesIO(playground.packages_zip())).namelist()
    assert {"pytest/__init__.py", "pytest_bdd/__init__.py", "gherkin/parser.py"} <= set(names)
    assert not [n for n in names if n.endswith((".so", ".pyd", ".pyc")) or "__pycache__" in n]
    assert any(n.endswith(".dist-info/METADATA") for n in names)


def test_the_project_zip_holds_the_engine_the_steps_the_features_and_the_games() -> None:
    archive = zipfile.ZipFile(io.BytesIO(playground.project_zip(ROOT)))
    names = set(archive.namelist())
    wanted = {"engine/mahe/game.py", "tests/scenarios/mahe/steps.py", "pyproject.toml",
              "features/mahe/02_dice.feature", "rulebooks/site/playground_runner.py"}  # fmt: skip
    assert wanted <= names
    entry_points = archive.read("rulebooks-0.dist-info/entry_points.txt").decode()
    assert "mahe = engine.mahe.tooling:SPEC" in entry_points
    assert not [n for n in names if "__pycache__" in n]
