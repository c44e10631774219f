"""rulebooks builds as a wheel holding its packages and every data file they read at run time
(the scaffold's templates, dotfiles included; the site's static files; the schemas), built
from a copy of the sources in a temporary folder, so the checkout is left as it was."""

from __future__ import annotations

import zipfile
from pathlib import Path

from tests.tooling.games.scaffolded import tooling_wheel

ROOT = Path(__file__).resolve().parents[3]
DATA = ("rulebooks/games/templates", "rulebooks/site/sphinxext/static", "rulebooks/formats")


def test_the_wheel_holds_the_packages_and_their_data_files(tmp_path: Path) -> None:
    wheel = tooling_wheel(tmp_path)
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
