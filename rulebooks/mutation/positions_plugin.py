"""pytest plugin for the equivalence check: record the positions the scenarios read.

Loaded by :func:`rulebooks.mutation.equivalence.scenario_positions` (``-p``) with the
environment variable :data:`OUT` naming a file: every description a game's
``state_from_dict`` accepts during the run is appended to it as a JSON line (the game's
name, its parameters, the description), when the parameters and the description are
plain JSON. Without :data:`OUT` it does nothing.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any

import pytest

OUT = "RULEBOOKS_POSITIONS_OUT"


def pytest_configure(config: pytest.Config) -> None:
    target = os.environ.get(OUT)
    if not target:
        return
    from engine.core import Game

    reader = Game.state_from_dict

    def recording(self: Any, data: Mapping[str, Any]) -> Any:
        try:  # as given: the reader might fill in what the description leaves out
            line: str | None = json.dumps(
                {"game": self.short_name, "params": self.parameters(), "data": data},
                sort_keys=True,
            )
        except (TypeError, ValueError):  # parameters or data that are not plain JSON
            line = None
        state = reader(self, data)
        if line is not None:
            with open(target, "a", encoding="utf-8") as out:
                out.write(line + "\n")
        return state

    Game.state_from_dict = recording  # type: ignore[method-assign]
