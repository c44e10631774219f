"""The terms of Mamey every module shares: the sizes of the table and the phases of a turn.

The rules (:mod:`engine.mamey.game`), the state reader (:mod:`engine.mamey.state_io`) and the
pictures import it; it imports nothing of the rules.
"""

from __future__ import annotations

from enum import StrEnum

from .components import COLOUR_COUNT, TYPES_PER_COLOUR

FIELDS = 3
HAND_LIMIT = 7
"""MAMEY-4.1: no harvesting with this many cards or more in hand."""
CUBES_PER_PLAYER = 7
NUM_TYPES = COLOUR_COUNT * TYPES_PER_COLOUR


class Phase(StrEnum):
    """Where the game stands (``to_dict`` writes the value; ``Phase(value)`` reads it back)."""

    DRAW = "draw"  # chance: the next card from the deck goes where `draws` says
    ACT = "act"  # the player to move chooses harvest, sell or hire
    CHECK = "check"  # harvesting: the player has taken a field's cards: receive or return
    OVER = "over"


DRAW = Phase.DRAW
ACT = Phase.ACT
CHECK = Phase.CHECK
OVER = Phase.OVER
PHASES = tuple(Phase)
