"""The terms of Masai every module shares: the dice and their kinds, the special actions,
the phases of a turn and the ways the game ends.

The rules (:mod:`engine.masai.game`), the state reader (:mod:`engine.masai.state_io`) and the
pictures import it; it imports nothing of the rules.
"""

from __future__ import annotations

from enum import StrEnum

from ..core import InvalidStateError, shown
from .board import COLOURS

DICE_PER_COLOUR = 8
FACES = 6
KINDS = len(COLOURS) * FACES  # a kind of die: colour * 6 + face - 1
SPECIAL_ACTIONS = (1, 2, 3, 4)
ANY_KEY, CHANGE_FACE, MOVE_KEY, REPAIR = SPECIAL_ACTIONS
SPECIAL_NAMES = {
    ANY_KEY: "use any die as the key",
    CHANGE_FACE: "change the face of a newly rolled die",
    MOVE_KEY: "take a key die and allocate it to an empty slot",
    REPAIR: "repair an allocated die",
}
NO_SLOT = -1


class Phase(StrEnum):
    """Where the game stands (``to_dict`` writes the value; ``Phase(value)`` reads it back)."""

    DRAW = "draw"  # chance: the next die of the round's pool
    KEY = "key"  # start of a player's turn: a key (common action), special 3 or 4, or pass
    PLACE = "place"  # the common action's die goes into a slot of the sector entered
    SEED = "seed"  # the common action's optional seed
    OVER = "over"


DRAW = Phase.DRAW
KEY = Phase.KEY
PLACE = Phase.PLACE
SEED = Phase.SEED
OVER = Phase.OVER
PHASES = tuple(Phase)

# Why the game ends.
SLOTS_FULL = "slots full"
OUT_OF_SEEDS = "out of seeds"
BLOCKED = "blocked"
ENDINGS = (SLOTS_FULL, OUT_OF_SEEDS, BLOCKED)


def kind_of(colour: int, face: int) -> int:
    """The kind of die of a colour index and a face 1..6."""
    return colour * FACES + face - 1


def colour_of(kind: int) -> int:
    return kind // FACES


def face_of(kind: int) -> int:
    return kind % FACES + 1


def die_name(kind: int) -> str:
    """``"green 2"``."""
    return f"{COLOURS[colour_of(kind)]} {face_of(kind)}"


def parse_die(text: str) -> int:
    """The kind of a die named ``"green 2"``."""
    parts = text.split() if isinstance(text, str) else []
    if len(parts) != 2 or parts[0] not in COLOURS or parts[1] not in {"1", "2", "3", "4", "5", "6"}:
        raise InvalidStateError(f"masai: {shown(text)} is not a die like 'green 2' "
                                f"(colours: {', '.join(COLOURS)}; faces 1 to 6)")  # fmt: skip
    return kind_of(COLOURS.index(parts[0]), int(parts[1]))
