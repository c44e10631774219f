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

NAME = re.compile(r"^[a-z][a-z0-9_]*$")


class ScaffoldError(ValueError):
    """A game name or a target folder the skeleton cannot be written to."""


def _files(name: str) -> dict[str, str]:
    title = name.replace("_", " ").title()
    prefix = name.upper().replace("_", "")
    cls = "".join(part.title() for part in name.split("_"))
    engine = f"{name}_engine"
    return {
        "pyproject.toml": f'''[build-system]
requires = ["setuptools>=77"]
build-backend = "setuptools.build_meta"

[project]
name = "rulebooks-{name}"
version = "0.1.0"
description = "{title}, verified rule by rule with Rulebooks."
requires-python = ">=3.11"
dependencies = ["rulebooks"]

# The engine finds the game's class (engine.load_game), the tooling its declaration.
[project.entry-points."engine.games"]
{name} = "{engine}:{cls}Game"

[project.entry-points."rulebooks.games"]
{name} = "{engine}.plugin:SPEC"

[tool.setuptools.packages.find]
include = ["{engine}*"]

[tool.rulebooks]
games = ["{name}"]
# what the verdicts depend on besides conftests and pyproject.toml: a change makes them stale
code = ["{engine}", "{name}_steps.py"]

[tool.pytest.ini_options]
testpaths = ["tests"]
pythonpath = ["."]
addopts = "-ra -p rulebooks.run.recorder"
bdd_features_base_dir = "features"
''',
        f"{engine}/__init__.py": f'''"""{title}: the engine (pure rules, no I/O, no randomness)."""

from .game import {cls}Game, {cls}State

__all__ = ["{cls}Game", "{cls}State"]
''',
        f"{engine}/game.py": f'''"""The rules of {title} (replace this placeholder game with yours).

Players take turns adding 1 or 2 to a shared count; whoever brings it to the target wins.
Actions: ``0`` adds 1, ``1`` adds 2.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Self

from engine.core import TERMINAL, Game, InvalidStateError, State

STEPS = (1, 2)


class {cls}Game(Game):
    """{prefix}-1.1: two to four players."""

    short_name = "{name}"
    min_players = 2
    max_players = 4

    def __init__(self, players: int = 2, target: int = 10) -> None:
        super().__init__(players)
        self.target = target

    @property
    def num_distinct_actions(self) -> int:
        return len(STEPS)

    def parameters(self) -> dict[str, Any]:
        return {{"players": self.num_players, "target": self.target}}

    def new_initial_state(self) -> {cls}State:
        return {cls}State(self)

    def _state_from_dict(self, data: Mapping[str, Any]) -> {cls}State:
        count, player = data.get("count"), data.get("player")
        if not isinstance(count, int) or not 0 <= count <= self.target:
            raise InvalidStateError(f"{name} state: count must be 0 to {{self.target}}")
        if not isinstance(player, int) or not 0 <= player < self.num_players:
            raise InvalidStateError(f"{name} state: no player {{player!r}}")
        state = {cls}State(self)
        state.count, state.player = count, player
        return state


class {cls}State(State):
    """The shared count and whose turn it is."""

    game: {cls}Game

    def __init__(self, game: {cls}Game) -> None:
        self.game = game
        self._history: list[int] = []
        self.count = 0
        self.player = 0
        self.winner: int | None = None

    @property
    def phase(self) -> str:
        return "over" if self.winner is not None or self.count >= self.game.target else "add"

    def current_player(self) -> int:
        return TERMINAL if self.phase == "over" else self.player

    def legal_actions(self, player: int | None = None) -> list[int]:
        if self.phase == "over" or (player is not None and player != self.player):
            return []
        return [a for a, step in enumerate(STEPS) if self.count + step <= self.game.target]

    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]:
        return []

    def _action_to_string(self, action: int, player: int | None) -> str:
        return f"add {{STEPS[action]}}"

    def _apply(self, action: int) -> None:
        self.count += STEPS[action]
        if self.count >= self.game.target:
            self.winner = self.player
        else:
            self.player = (self.player + 1) % self.game.num_players

    def returns(self) -> list[float]:
        return [1.0 if p == self.winner else 0.0 for p in range(self.game.num_players)]

    def clone(self) -> Self:
        copy = type(self)(self.game)
        copy._history = list(self._history)
        copy.count, copy.player, copy.winner = self.count, self.player, self.winner
        return copy

    def to_dict(self) -> dict[str, Any]:
        return {{"count": self.count, "player": self.player}}

    def observation_string(self, player: int) -> str:
        self.check_player(player)
        return str(self)

    def __str__(self) -> str:
        return f"count {{self.count}} of {{self.game.target}}, player {{self.player + 1}} to play"
''',
        f"{engine}/svg.py": f'''"""The board renderer of {title}."""

from __future__ import annotations

from html import escape

from .game import {cls}State


def to_svg(state: {cls}State) -> str:
    """The position as an SVG document."""
    text = escape(str(state))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="30" viewBox="0 0 320 30" '
        'role="img" '
        f'aria-label="{{text}}"><text x="4" y="20" font-size="12">{{text}}</text></svg>'
    )
''',
        f"{engine}/plugin.py": f'''\
"""{title} declares itself to the tooling (entry point ``{name}``, group
``rulebooks.games``)."""

from __future__ import annotations

from pathlib import Path

from rulebooks.games.spec import GameSpec

from .game import {cls}Game
from .svg import to_svg

SPEC = GameSpec(
    name="{name}",
    title="{title}",
    factory={cls}Game,
    clause_prefix="{prefix}",
    renderer=to_svg,
    min_players={cls}Game.min_players,
    max_players={cls}Game.max_players,
    root=Path(__file__).resolve().parents[1],
    parameters={{"target": "the count that wins"}},
    score=None,
    scenarios_dir="tests",
)
''',
        f"docs/{name}/rules.md": f"""# {title}: the rules, clause by clause

Write each rule of your rulebook here in your own words, one clause per ID.

```{{clause}} {prefix}-1.1
:section: Players
:title: Two to four players take part

Replace this placeholder with the first rule of {title}.
```
""",
        f"docs/{name}/examples.md": f"""# {title}: scenarios

Every scenario of `features/{name}/`, step by step, with the verdict of the last run.

```{{feature-scenarios}} {name}
```
""",
        "docs/index.md": f"""# {title}, verified with Rulebooks

Every rule of {title} in this project's own words, with the verdict of the scenarios that
check it, from the last run recorded in a results file.

<!-- rulebooks:games -->

```{{toctree}}
:maxdepth: 2
:caption: {title}

{name}/rules
{name}/examples
```
""",
        "docs/conf.py": f'''"""Sphinx configuration of {title}'s Rulebooks site
(``rulebooks site --project .``)."""

import os

project = "{title}, verified with Rulebooks"
extensions = ["myst_parser", "rulebooks.site.sphinxext"]
myst_enable_extensions = ["colon_fence", "deflist"]
html_title = project
exclude_patterns = ["_build", "README.md"]
smartquotes = False

rulebooks_features_dir = "../features"
rulebooks_results_file = os.environ.get("RULEBOOKS_RESULTS", "../results/results.json")
rulebooks_project_root = ".."
rulebooks_simulation_file = os.environ.get("RULEBOOKS_SIMULATION", "../results/simulation.json")
rulebooks_history_file = os.environ.get("RULEBOOKS_HISTORY", "../results/history.jsonl")
''',
        f"features/{name}/01_rules.feature": f"""@game:{name}
Feature: {title} — the rules
  One Rule per clause of docs/{name}/rules.md; a clause with no scenario is unverified.

  Rule: {prefix}-1.1 Two to four players take part
""",
        f"{name}_steps.py": f'''\
"""Step definitions for features/{name}, on the step library (:mod:`rulebooks.steps`)."""

from __future__ import annotations

from typing import Any

import pytest
from pytest_bdd import given, parsers

from {engine}.game import {cls}Game, {cls}State
from {engine}.svg import to_svg
from rulebooks.steps.common import *  # noqa: F403  (the steps every game shares)
from rulebooks.steps.table import GameTable


class {cls}Table(GameTable[{cls}Game, {cls}State]):
    """One scenario's game of {title}."""

    game_type = {cls}Game
    state_type = {cls}State

    def picture(self, state: {cls}State) -> dict[str, str]:
        return {{"text": str(state), "svg": to_svg(state)}}

    def position(self, game: {cls}Game) -> dict[str, Any]:
        return {{"count": 0, "player": 0, **self.setup}}


@pytest.fixture
def table() -> {cls}Table:
    return {cls}Table()


@given(parsers.parse("a {{players:d}}-player game of {title}"))
def a_game(table: {cls}Table, players: int) -> None:
    table.declare(players)
''',
        "tests/conftest.py": f'''\
"""The {title} steps and the shared ones, visible to the scenarios."""

from {name}_steps import *  # noqa: F403
from rulebooks.steps.tags import pytest_bdd_apply_tag  # noqa: F401
''',
        f"tests/test_{name}.py": f'''\
"""Binds every scenario of features/{name} to the step definitions."""

from rulebooks.run.binding import bind_features

bind_features("{name}", globals())
''',
        "tests/test_engine.py": f'''\
"""The engine loads through the registry and plays to the end."""

import engine
from engine import RandomSampler


def test_the_game_loads_by_name_and_plays_to_a_winner() -> None:
    game = engine.load_game("{name}", players=2)
    final = RandomSampler(seed=1).play_out(game.new_initial_state())
    assert final.is_terminal() and sorted(final.returns()) == [0.0, 1.0]
    assert game.state_from_dict(final.to_dict()) == final
''',
    }


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
