"""The egg-card deck of Mahé, read from the data file shipped with the package.

The rulebook prints "24 egg-laying cards with 1-6 eggs" but not how many show each number;
the distribution lives in ``data/egg_cards.json`` and is validated when a game is created
(once per game object, never per state).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import GameDataError
from ..data_files import data_parser, read_json

CARD_TOTAL = 24
EGG_VALUES = range(1, 7)


@dataclass(frozen=True)
class EggDeck:
    """How many cards show each egg count, and how many leave the game unseen at setup."""

    counts: tuple[int, ...]  # index = eggs (0 unused)
    removed_unseen: int
    source: str
    verified: bool

    @property
    def total(self) -> int:
        return sum(self.counts)

    @property
    def in_play(self) -> int:
        """Cards that can come face up during a game (MAHE-2.2: 24 - 4 = 20)."""
        return self.total - self.removed_unseen


@data_parser
def parse_egg_deck(data: Any, origin: str = "egg card data") -> EggDeck:
    """Validate the decoded JSON of an egg-card file; errors name the file and the field."""
    if not isinstance(data, dict):
        raise GameDataError(f"{origin}: expected a JSON object, got {type(data).__name__}")
    cards = data.get("cards")
    if not isinstance(cards, dict):
        raise GameDataError(f"{origin}: 'cards' must map egg counts 1..6 to numbers of cards")
    counts = [0] * 7
    for key, number in cards.items():
        if key not in {str(v) for v in EGG_VALUES}:
            raise GameDataError(f"{origin}: 'cards' has key {key!r}; egg counts run from 1 to 6")
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            raise GameDataError(
                f"{origin}: cards[{key!r}] must be a whole number >= 0, got {number!r}"
            )
        counts[int(key)] = number
    if sum(counts) != CARD_TOTAL:
        raise GameDataError(
            f"{origin}: the cards add up to {sum(counts)}, the game has {CARD_TOTAL}"
        )
    removed = data.get("removed_unseen")
    if not isinstance(removed, int) or isinstance(removed, bool) or not 0 <= removed < CARD_TOTAL:
        raise GameDataError(
            f"{origin}: 'removed_unseen' must be a whole number 0..23, got {removed!r}"
        )
    verified = data.get("verified", False)
    if not isinstance(verified, bool):
        raise GameDataError(f"{origin}: 'verified' must be true or false, got {verified!r}")
    return EggDeck(tuple(counts), removed, str(data.get("source", "")), verified)


def load_egg_deck(path: str | Path | None = None) -> EggDeck:
    """The deck from `path`, or the one shipped in the package."""
    data, origin = read_json(path, "engine.mahe", "data/egg_cards.json")
    return parse_egg_deck(data, origin)
