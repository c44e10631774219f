"""requirements.lock is in step with pyproject.toml: what `make test` installs on a fresh clone
is what pyproject.toml asks for, pinned.

Every requirement pyproject.toml names (the dependencies, every extra that `dev` pulls in, the
build backend) is pinned in the lock at a version it allows, and every pin is still wanted: asked
for by pyproject.toml, or by another pin (uv's ``# via`` notes). A change of the dependencies
without `make lock` fails here.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[3]
PROJECT = "rulebooks (pyproject.toml)"
"""How uv's ``# via`` notes name pyproject.toml."""


@dataclass
class Pin:
    name: str
    version: str
    via: set[str] = field(default_factory=set)


def read_lock(text: str) -> list[Pin]:
    """The pins of a `uv pip compile` output: ``name==version [; marker] \\`` then hashes and
    ``# via X`` or ``# via`` followed by ``#   X`` lines."""
    pins: list[Pin] = []
    in_via = False
    for line in text.splitlines():
        pinned = re.match(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)", line)
        if pinned:
            pins.append(Pin(canonicalize_name(pinned[1]), pinned[2]))
            in_via = False
        elif pins and (via := re.match(r"\s+# via(?: (.+))?$", line)):
            in_via = via[1] is None
            if via[1]:
                pins[-1].via.add(via[1].strip())
        elif pins and in_via and (more := re.match(r"\s+#\s{3}(.+)$", line)):
            pins[-1].via.add(more[1].strip())
        else:
            in_via = False
    return pins


def requirements(pyproject: Mapping[str, Any]) -> tuple[list[Requirement], list[Requirement]]:
    """(what the project needs with extra `dev`, self-references expanded; the build backend)."""
    project = pyproject["project"]
    name = canonicalize_name(project["name"])
    extras: Mapping[str, list[str]] = project.get("optional-dependencies", {})
    found: list[Requirement] = []
    seen: set[str] = set()

    def walk(texts: list[str]) -> None:
        for text in texts:
            requirement = Requirement(text)
            if canonicalize_name(requirement.name) == name:
                for extra in sorted(requirement.extras - seen):
                    seen.add(extra)
                    walk(extras[extra])
            else:
                found.append(requirement)

    seen.add("dev")
    walk([*project.get("dependencies", []), *extras.get("dev", [])])
    build = [Requirement(text) for text in pyproject["build-system"]["requires"]]
    return found, build


def problems(pyproject: Mapping[str, Any], lock_text: str) -> Iterator[str]:
    """Every way the lock and pyproject.toml disagree."""
    wanted, build = requirements(pyproject)
    pins = read_lock(lock_text)
    by_name: dict[str, list[Pin]] = {}
    for pin in pins:
        by_name.setdefault(pin.name, []).append(pin)
    direct = {canonicalize_name(r.name) for r in wanted}
    backend = {canonicalize_name(r.name) for r in build}
    for requirement in [*wanted, *build]:
        name = canonicalize_name(requirement.name)
        if name not in by_name:
            yield f"{requirement} is not pinned in the lock"
            continue
        for pin in by_name[name]:
            if not requirement.specifier.contains(pin.version, prereleases=True):
                yield f"the lock pins {pin.name}=={pin.version}, outside {requirement}"
    for pin in pins:
        if PROJECT in pin.via and pin.name not in direct:
            yield f"the lock pins {pin.name} for pyproject.toml, which no longer asks for it"
        if not pin.via and pin.name not in backend:
            yield f"the lock pins {pin.name} for nothing"
    wanted_names: set[str] = direct | backend
    grew = True
    while grew:  # the pins reachable from pyproject.toml's requirements through `# via`
        more = {p.name for p in pins if p.name not in wanted_names and p.via & wanted_names}
        wanted_names |= more
        grew = bool(more)
    for pin in pins:
        if pin.name not in wanted_names:
            yield f"the lock pins {pin.name}=={pin.version}, which nothing needs any more"


def test_the_lock_is_in_step_with_pyproject() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    lock = (ROOT / "requirements.lock").read_text("utf-8")
    assert list(problems(pyproject, lock)) == [], "run `make lock` after changing dependencies"
    assert len(read_lock(lock)) > 20, "the lock holds the whole dependency tree"


def test_every_pin_is_hashed_and_the_lock_says_how_it_is_made() -> None:
    lock = (ROOT / "requirements.lock").read_text("utf-8")
    assert "#    make lock" in lock
    entries = re.split(r"\n(?=[A-Za-z0-9])", lock.split("\n", 2)[2])
    assert entries and all("--hash=sha256:" in entry for entry in entries)


def test_the_makefile_reinstalls_when_the_lock_changes() -> None:
    makefile = (ROOT / "Makefile").read_text("utf-8")
    assert re.search(r"^\$\(STAMP\):.*\$\(LOCK\)", makefile, re.M)
    assert re.search(r"^LOCK\s*:= requirements\.lock$", makefile, re.M)
    bootstrap = (ROOT / "scripts" / "bootstrap.sh").read_text("utf-8")
    assert '--require-hashes -r "$lock"' in bootstrap and "lock=requirements.lock" in bootstrap


SMALL_PYPROJECT: dict[str, Any] = {
    "build-system": {"requires": ["setuptools>=77"]},
    "project": {
        "name": "rulebooks",
        "dependencies": ["gherkin-official>=42,<43"],
        "optional-dependencies": {"test": ["pytest>=9"], "dev": ["rulebooks[test]", "ruff"]},
    },
}
SMALL_LOCK = """# This file was autogenerated by uv via the following command:
#    make lock
gherkin-official==42.0.1 \\
    --hash=sha256:00
    # via rulebooks (pyproject.toml)
iniconfig==2.3.1 \\
    --hash=sha256:01
    # via pytest
pytest==9.2.0 \\
    --hash=sha256:02
    # via
    #   rulebooks (pyproject.toml)
    #   pytest-bdd
ruff==0.17.6 \\
    --hash=sha256:03
    # via rulebooks (pyproject.toml)
setuptools==84.2.1 \\
    --hash=sha256:04
"""


def test_a_lock_in_step_has_no_problem() -> None:
    assert list(problems(SMALL_PYPROJECT, SMALL_LOCK)) == []
    pins = {pin.name: pin for pin in read_lock(SMALL_LOCK)}
    assert pins["pytest"].via == {PROJECT, "pytest-bdd"}


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("ruff==0.17.6", "rough==0.17.6", "ruff is not pinned in the lock"),
        ("pytest==9.2.0", "pytest==8.4.0", "the lock pins pytest==8.4.0, outside pytest>=9"),
        ("setuptools==84.2.1", "setuptools==70.0", "outside setuptools>=77"),
        ("# via pytest", "# via rulebooks (pyproject.toml)", "iniconfig for pyproject.toml"),
        ("# via pytest", "# via pluggy", "pins iniconfig==2.3.1, which nothing needs any more"),
    ],
)
def test_a_lock_out_of_step_is_named(old: str, new: str, problem: str) -> None:
    assert old in SMALL_LOCK
    found = list(problems(SMALL_PYPROJECT, SMALL_LOCK.replace(old, new)))
    assert any(problem in p for p in found), found


def test_a_requirement_added_to_pyproject_without_relocking_is_named() -> None:
    pyproject = {**SMALL_PYPROJECT, "project": {**SMALL_PYPROJECT["project"]}}
    pyproject["project"]["dependencies"] = ["gherkin-official>=42,<43", "dask[distributed]"]
    assert list(problems(pyproject, SMALL_LOCK)) == ["dask[distributed] is not pinned in the lock"]
