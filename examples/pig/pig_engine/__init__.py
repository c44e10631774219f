"""Pig (one die, push your luck): an engine for the Rulebooks tooling, outside its core.

Pure rules, no I/O, no randomness: chance is a node whose outcomes the caller picks. The game
registers with the tooling through the entry point ``pig`` of the group ``rulebooks.games``
(:mod:`pig_engine.plugin`).
"""

from .game import HOLD, ROLL, Phase, PigGame, PigState, face_action

__all__ = ["HOLD", "ROLL", "Phase", "PigGame", "PigState", "face_action"]
