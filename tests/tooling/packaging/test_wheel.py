"""rulebooks builds as a wheel holding its packages and every data file they read at run time
(the scaffold's templates, dotfiles included; the site's static files; the schemas), built
from a copy of the sources in a temporary folder, so the checkout is left as it was."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DATA = ("rulebooks/games/templates", "rulebooks/site/sphinxext/static", "rulebooks/formats")


def test_the_wheel_holds_the_packages_and_their_data_files(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    ignored = shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules")
    for package in ("engine", "rulebooks"):
        shutil.copytree(ROOT / package, source / package, ignore=ignored)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         str(source), "-w", str(tmp_path / "dist")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    (wheel,) = (tmp_path / "dist").glob("rulebooks-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"rulebooks/cli.py", "engine/__init__.py", "rulebooks/games/scaffold.py"} <= names
    wanted = {
        path.relative_to(ROOT).as_posix()
        for folder in DATA
        for path in (ROOT / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".py"
    }
    assert "rulebooks/games/templates/.gitignore.tmpl" in wanted
    assert sorted(wanted - names) == []
