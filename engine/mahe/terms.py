"""The terms of Mahé every module shares: the island's positions, the dice limits, the
turtles' colours and the phases of a turn.

A leaf: the rules (:mod:`engine.mahe.game`), the state reader (:mod:`engine.mahe.state_io`)
and the pictures import it; it imports nothing of the game.
"""

from __future__ import annotations

from enum import StrEnum

RAFT = 0
"""MAHE-2.1: where every turtle starts (not a space, never a stack)."""
BEACH = 21
"""MAHE-6.1: the last space of the loop, where eggs are laid."""
SPACES = 21
"""MAHE-4.3: the loop has 21 spaces; 1 follows 21."""
MAX_TOTAL = 7
"""MAHE-3.3: a total above 7 busts."""
MAX_DICE = 3
"""MAHE-3.2: three dice at most."""
BEACH_BONUS = 7
"""The beach space counts 7 eggs for the player who holds it at the end."""
TURTLE_COLOURS = ("blue", "red", "yellow", "green", "purple", "orange", "pink")


class Phase(StrEnum):
    """Where a turn stands (``to_dict`` writes the value; ``Phase(value)`` reads it back)."""

    REVEAL = "reveal"  # chance: turn the next egg card face up
    ORDER = "order"  # the player picks which of their two turtles moves first
    FIRST_DIE = "first die"  # chance: the first die, always rolled
    DECIDE = "decide"  # the top turtle's owner: stop, roll again, or play a card
    NEXT_DIE = "next die"  # chance: the second or third die
    OVER = "over"


REVEAL = Phase.REVEAL
ORDER = Phase.ORDER
FIRST_DIE = Phase.FIRST_DIE
DECIDE = Phase.DECIDE
NEXT_DIE = Phase.NEXT_DIE
OVER = Phase.OVER
PHASES = tuple(Phase)
