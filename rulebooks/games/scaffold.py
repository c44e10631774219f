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
- ``tests/``: the scenario binding and a test of the engine.

Installed (``pip install --no-deps -e <game>``), its suite passes and its site builds out of
the box, the clause shown *unverified*.
"""

from __future__ import annotations

import re
from pathlib import Path
from string import Template

NAME = re.compile(r"^[a-z][a-z0-9_]*$")


class ScaffoldError(ValueError):
    """A game name or a target folder the skeleton cannot be written to."""


TEMPLATES = Path(__file__).with_name("templates")
"""The skeleton's files, one template each (``string.Template``: ``${name}``, ``${title}``,
``${prefix}``, ``${cls}``, ``${engine}``); in their paths ``ENGINE`` is the engine package
and ``GAME`` the game's name; the ``.tmpl`` suffix keeps linters and pytest off them."""


def _files(name: str) -> dict[str, str]:
    """The skeleton of the game ``name``: path relative to its folder -> text."""
    values = {
        "name": name,
        "title": name.replace("_", " ").title(),
        "prefix": name.upper().replace("_", ""),
        "cls": "".join(part.title() for part in name.split("_")),
        "engine": f"{name}_engine",
    }
    files = {}
    for template in sorted(TEMPLATES.rglob("*.tmpl")):
        relative = template.relative_to(TEMPLATES).as_posix().removesuffix(".tmpl")
        relative = relative.replace("ENGINE", values["engine"]).replace("GAME", name)
        files[relative] = Template(template.read_text("utf-8")).substitute(values)
    return files


def new_game(name: str, where: Path) -> Path:
    """Write the skeleton of the game `name` into ``where/<name>``; returns that folder."""
    if not NAME.match(name):
        raise ScaffoldError(
            f"{name!r} is not a game name: lower case letters, digits and '_', from a letter"
        )
    folder = where / name
    if folder.exists():
        raise ScaffoldError(f"{folder} already exists: choose another name or folder")
    for relative, text in _files(name).items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    return folder
