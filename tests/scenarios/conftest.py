"""Shared by the scenario tests of every game.

Each game has its own folder here (`tests/scenarios/<game>/`) with its step definitions in
`steps.py`, bound to `features/<game>/` by `test_<game>.py`. Separate folders keep the step
fixtures of one game out of another's scenarios: pytest-bdd names step fixtures after the step
text, so two games sharing a sentence must not share a namespace. What every game's steps have
in common is the step library, :mod:`rulebooks.steps`: the scenario world
(`rulebooks/steps/table.py`, subclassed by each game's table), the steps every game shares
word for word (`rulebooks/steps/common.py`, star-imported by each game's `steps.py`), the
notation (`rulebooks/steps/notation.py`) and the tag hook below (`rulebooks/steps/tags.py`).
"""

from rulebooks.steps.tags import pytest_bdd_apply_tag  # noqa: F401  (metadata tags)
