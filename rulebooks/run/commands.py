"""The commands the site and the terminal print for rerunning something, shell-quoted
(:func:`shlex.join`), so that a path or a parameter value with spaces, quotes or ``$(...)``
is pasted back as one word. No engine is imported: the site uses this module too."""

from __future__ import annotations

import json
import shlex
from collections.abc import Mapping
from typing import Any


def scenario_replay(location: str) -> str:
    """``rulebooks replay FEATURE:LINE``: rerun one scenario, printing each state."""
    return shlex.join(["rulebooks", "replay", location])


def simulation_replay(game: str, parameters: Mapping[str, Any], seed: int | str) -> str:
    """The command playing only the game of `seed`, with every invariant after every action."""
    parts = ["rulebooks", "simulate", game, "--games", "1", "--seed", str(seed), "--workers", "1"]
    for name, value in parameters.items():
        if name == "players":
            parts += ["--players", str(value)]
        else:
            parts += ["--param", f"{name}={json.dumps(value)}"]
    return shlex.join([*parts, "--check-every", "1"])


__all__ = ["scenario_replay", "simulation_replay"]
