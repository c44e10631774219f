"""``rulebooks new GAME``: the skeleton of a game's own project, ready to install.

The skeleton is a separate distribution (``rulebooks-<game>``) registering the game through
the entry point ``<game>`` of the group ``rulebooks.games``, with:

- ``<game>_engine/``: a small engine on the state protocol of :mod:`engine.core` (players
  take turns adding 1 or 2 to a shared count; whoever reaches the target wins -- replace
  it with your game), its board renderer and its declaration (``plugin.py``);
- ``docs/``: the project's site (``conf.py``, a home page), the rules page
  ``<game>/rules.md`` with one placeholder clause ``<GAME>-1.1`` and the scenarios page
  ``<game>/examples.md`` (``rulebooks site --project <game>`` builds it);
- ``features/<game>/``: one ``Rule:`` per clause, with no scenario yet, so the clause shows
  *unverified* until you write one;
- ``<game>_steps.py``: the step module, on the step library :mod:`rulebooks.steps`;
- ``tests/``: the scenario binding and a test of the engine;
- ``docs/<game>/interpretations.md`` (one ruling, ``<GAME>-R1``) and ``docs/simulation.md``
  (the campaign's report);
- ``README.md`` with its two commands (install, build the site) and the one that enables
  Cucumber's HTML report, a ``.gitignore`` of what the commands write and
  ``.github/workflows/ci.yml`` running those two commands.

Installed (:data:`INSTALL`), its suite passes and its site builds out of
the box, the clause shown *unverified*; ``rulebooks site`` and ``rulebooks verdict`` exit 1
until the clause has a scenario (the gate counts clauses, :func:`rulebooks.site.pipeline.
clauses_without_scenarios`), as the tutorial shows.
"""

from __future__ import annotations

import keyword
import re
import shutil
import tempfile
from pathlib import Path
from string import Template

NAME = re.compile(r"[a-z][a-z0-9_]*")
"""A game's name, whole (``fullmatch``): it names packages, modules and entry points."""

INSTALL = "pip install --no-deps --no-build-isolation -e ./{name}"
"""The one install command of a new game's project, run from the folder holding it: what
``rulebooks new`` prints, the project's README and the tutorial say (a test checks)."""

REPORT_SETUP = "npm install --prefix .node --no-audit --no-fund @cucumber/html-formatter@24.2.0"
"""The command that enables Cucumber's HTML report in the project, as its README and CI run
it: :data:`rulebooks.formats.html_report.ENABLE` (the formats sit above the games in the
layout, so the text is repeated here; a test checks the two agree)."""

MAX_NAME = 40
"""Longest name taken: the skeleton's paths hold it twice, and ``<name>_engine`` must stay a
folder name every file system takes."""


def install_command(name: str) -> str:
    """:data:`INSTALL` for the game ``name``."""
    return INSTALL.format(name=name)


class ScaffoldError(ValueError):
    """A game name or a target folder the skeleton cannot be written to."""


TEMPLATES = Path(__file__).with_name("templates")
"""The skeleton's files, one template each (``string.Template``: ``${name}``, ``${title}``,
``${prefix}``, ``${cls}``, ``${engine}``, ``${install}``, ``${report}``: the command that
enables Cucumber's report); in their paths ``ENGINE`` is the
engine package and ``GAME`` the game's name; the ``.tmpl`` suffix keeps linters and pytest
off them."""


def _files(name: str) -> dict[str, str]:
    """The skeleton of the game ``name``: path relative to its folder -> text."""
    values = {
        "name": name,
        "title": name.replace("_", " ").title(),
        "prefix": name.upper().replace("_", ""),
        "cls": "".join(part.title() for part in name.split("_")),
        "engine": f"{name}_engine",
        "install": install_command(name),
        "report": REPORT_SETUP,
    }
    files = {}
    for template in sorted(TEMPLATES.rglob("*.tmpl")):
        relative = template.relative_to(TEMPLATES).as_posix().removesuffix(".tmpl")
        relative = relative.replace("ENGINE", values["engine"]).replace("GAME", name)
        files[relative] = Template(template.read_text("utf-8")).substitute(values)
    return files


def name_problem(name: str) -> str | None:
    """What is wrong with ``name`` as a game's name, in a phrase (None: nothing)."""
    if not NAME.fullmatch(name):
        return f"{name!r} is not a game name: lower case letters, digits and '_', from a letter"
    if keyword.iskeyword(name):
        return f"{name!r} is a Python keyword: the game's name is used in its Python code"
    if len(name) > MAX_NAME:
        return f"a game name of {len(name)} characters is too long (at most {MAX_NAME})"
    return None


def new_game(name: str, where: Path) -> Path:
    """Write the skeleton of the game `name` into ``where/<name>``; returns that folder.

    Written into a new hidden folder of ``where`` first, then renamed: a failure on the way
    (disk full, a folder one cannot write to) leaves no half skeleton behind."""
    problem = name_problem(name)
    if problem:
        raise ScaffoldError(problem)
    folder = where / name
    if folder.exists():
        raise ScaffoldError(f"{folder} already exists: choose another name or folder")
    if where.exists() and not where.is_dir():
        raise ScaffoldError(f"{where} is not a folder: --dir names the folder to create it in")
    try:
        where.mkdir(parents=True, exist_ok=True)
        draft = Path(tempfile.mkdtemp(prefix=f".{name}.", dir=where))
    except OSError as error:
        raise ScaffoldError(f"cannot create {folder}: {error.strerror or error}") from None
    try:
        for relative, text in _files(name).items():
            path = draft / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8")
        draft.chmod(0o777 & ~_umask())
        draft.rename(folder)
    except OSError as error:
        shutil.rmtree(draft, ignore_errors=True)
        raise ScaffoldError(f"cannot create {folder}: {error.strerror or error}") from None
    return folder


def _umask() -> int:
    """The process's umask (mkdtemp makes its folder 0700; the skeleton's is as mkdir's)."""
    import os

    mask = os.umask(0)
    os.umask(mask)
    return mask
