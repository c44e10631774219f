"""Pig declares itself to the tooling: the entry point ``pig`` of the group
``rulebooks.games`` (this project's ``pyproject.toml``) names :data:`SPEC`."""

from __future__ import annotations

from pathlib import Path

from rulebooks.games.spec import GameSpec

from .game import PigGame
from .svg import to_svg

SPEC = GameSpec(
    name="pig",
    title="Pig",
    factory=PigGame,
    clause_prefix="PIG",
    renderer=to_svg,
    min_players=PigGame.min_players,
    max_players=PigGame.max_players,
    root=Path(__file__).resolve().parents[1],
    parameters={
        "target": "the score that wins (100)",
        "faces": "the die's faces (6)",
        "horizon": "decisions after which a play ends with no winner (none by the rules)",
    },
    score="score",
    score_name="points",
    perfect_information=True,
    glossary="docs/pig/glossary.md",
    scenarios_dir="tests",
)
"""Pig: everything the tooling needs to know about the game."""
