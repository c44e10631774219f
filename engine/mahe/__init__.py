"""Mahé (turtles, three dice, egg cards): see :mod:`engine.mahe.game`."""

from .cards import EggDeck, load_egg_deck, parse_egg_deck
from .game import (
    ROLL,
    STOP,
    MaheGame,
    MaheState,
    card_action,
    destination,
    die_action,
    first_action,
    is_bust,
    move_length,
    passes_beach,
    reveal_action,
)
from .terms import BEACH, RAFT, TURTLE_COLOURS

__all__ = [
    "BEACH", "RAFT", "ROLL", "STOP", "TURTLE_COLOURS", "EggDeck", "MaheGame", "MaheState",
    "card_action", "destination", "die_action", "first_action", "is_bust", "load_egg_deck",
    "move_length", "parse_egg_deck", "passes_beach", "reveal_action",
]  # fmt: skip
