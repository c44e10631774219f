"""A game's own project, as a user makes it: ``rulebooks new``, installed into a throwaway
environment of its own, outside the clone (for the tests of the tutorial and of the commands
run from such a project)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

SCENARIO = """
    @clause:{prefix}-1.1
    Scenario: A game for four players can be set up
      Given a 4-player game of {title}
      And the game is set up
      Then the game is not over
"""
"""The tutorial's first scenario, for a game made by ``rulebooks new``."""


ROOT = Path(__file__).resolve().parents[3]


def tooling_wheel(where: Path) -> Path:
    """The ``rulebooks`` wheel, built from a copy of the sources in ``where/source`` (so the
    checkout is left as it was) into ``where/dist``."""
    source = where / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    ignored = shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules")
    for package in ("engine", "rulebooks"):
        shutil.copytree(ROOT / package, source / package, ignore=ignored)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         str(source), "-w", str(where / "dist")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    (wheel,) = (where / "dist").glob("rulebooks-*.whl")
    return wheel


def layered_venv(where: Path) -> Path:
    """A throwaway environment seeing every package of this one (Rulebooks, pytest, ...) and
    installing into its own folder, so the tutorial's ``pip install`` touches nothing shared;
    its ``python``, ``pip`` and ``rulebooks`` come first on PATH."""
    venv = where / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    ours = sysconfig.get_paths()["purelib"]
    (Path(purelib) / "layered.pth").write_text(f"import site; site.addsitedir({ours!r})\n")
    (venv / "bin" / "pip").write_text(f'#!/bin/sh\nexec "{python}" -m pip "$@"\n')
    (venv / "bin" / "rulebooks").write_text(
        f"#!{python}\nimport sys\nfrom rulebooks.cli import main\nsys.exit(main())\n"
    )
    for script in ("pip", "rulebooks"):
        (venv / "bin" / script).chmod(0o755)
    return venv / "bin"


def environment(bin_dir: Path) -> dict[str, str]:
    """This process's environment with ``bin_dir`` first on PATH and no game list forced."""
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("RULEBOOKS_GAMES", None)
    return env


def installed_project(
    where: Path, name: str, *, wheel: Path | None = None, game: list[str] | None = None
) -> tuple[Path, dict[str, str]]:
    """``rulebooks new NAME`` in ``where`` with the tutorial's scenario added, committed in a
    git repository of its own, and installed by its README's command into a layered
    environment: its folder and the environment to run commands in.

    ``wheel``: the tooling is installed from that wheel into the environment's own folder
    (its dependencies still come from this one), not used from this checkout. ``game``:
    shell commands run in the project instead of adding the scenario (the tutorial's)."""
    bin_dir = layered_venv(where)
    env = environment(bin_dir)
    if wheel is not None:
        pip = ["pip", "install", "--quiet", "--no-deps", "--no-build-isolation", str(wheel)]
        subprocess.run(pip, cwd=where, env=env, check=True)
    subprocess.run(["rulebooks", "new", name], cwd=where, env=env, check=True)
    project = where / name
    feature = project / "features" / name / "01_rules.feature"
    title = name.replace("_", " ").title()
    prefix = name.upper().replace("_", "")
    if game is None:
        with feature.open("a", encoding="utf-8") as out:
            out.write(SCENARIO.format(prefix=prefix, title=title))
    for commands in game or []:
        script = f"set -euo pipefail\n{commands}"
        subprocess.run(["bash", "-c", script], cwd=project, env=env, check=True)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    subprocess.run(["git", "add", "-A"], cwd=project, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "new"], cwd=project, check=True)
    install = readme_commands(project)[0]  # the README's, run from the folder holding it
    subprocess.run(["bash", "-c", f"set -e\n{install}"], cwd=where, env=env, check=True)
    return project, env


def readme_commands(project: Path) -> list[str]:
    """The ``sh`` blocks of a project's README, in order."""
    text = (project / "README.md").read_text("utf-8")
    return re.findall(r"^```sh\n(.*?)^```", text, re.M | re.S)
