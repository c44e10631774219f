"""The terms of Mahola every module shares: the sizes of a round, the phases of a turn and
the record of a finished round.

The rules (:mod:`engine.mahola.game`), the state reader (:mod:`engine.mahola.state_io`) and
the pictures import it; it imports nothing of the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .scoring import DanceScore

HAND_SIZE = 5
"""MAHOLA-2.2: five Dance cards each."""
TURNS = 5
TOKENS_TO_WIN = 3
FAVOR_TOKENS = 9
MAX_TABLEAU = TURNS


class Phase(StrEnum):
    """Where the round stands (``to_dict`` writes the value; ``Phase(value)`` reads it back)."""

    DEAL_CHARACTERS = "deal characters"  # chance: the next player's Character
    DEAL_CARDS = "deal cards"  # chance: the next card of the starting hands
    PLAY = "play"  # simultaneous: choose a card to play
    PLACE = "place"  # simultaneous: left or right end of the tableau
    PASS = "pass"  # simultaneous: one card left, one card right
    DRAW = "draw"  # chance: the next player's draw
    HUNTER_DRAW = "hunter draw"  # chance: the Hunter's extra card
    ABILITIES = "abilities"  # simultaneous: every Character acts
    OVER = "over"


DEAL_CHARACTERS = Phase.DEAL_CHARACTERS
DEAL_CARDS = Phase.DEAL_CARDS
PLAY = Phase.PLAY
PLACE = Phase.PLACE
PASS = Phase.PASS
DRAW = Phase.DRAW
HUNTER_DRAW = Phase.HUNTER_DRAW
ABILITIES = Phase.ABILITIES
OVER = Phase.OVER
PHASES = tuple(Phase)


@dataclass(frozen=True)
class RoundRecord:
    """A finished round: the tableaux as scored, after the Characters acted."""

    number: int
    characters: tuple[int, ...]  # Character index per player
    tableaux: tuple[tuple[int, ...], ...]
    recoloured: tuple[tuple[int, int], ...]  # (card, Character colour index), sorted by card
    chief_dance: str | None
    scores: tuple[DanceScore, ...]
    winner: int | None
