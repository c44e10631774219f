"""The Masai notation of the feature files, parsed in one place.

* dice: ``green 2`` (colour, face); lists of dice: ``green 3, green 2 and red 1``;
* slots: ids of the board graph, ``G-in-d1`` (die slot), ``G-in-s1`` (seed slot);
* sectors: by colour, ``the green sector``;
* bag contents: ``8 red, 8 orange and 8 yellow dice``;
* probabilities: ``1/36``.
"""

from __future__ import annotations

import re
from fractions import Fraction

from engine.masai import COLOURS
from rulebooks.steps.notation import NotationError, split_list

_DIE = re.compile(r"(red|orange|yellow|green|blue|violet) ([1-6])")


def die(text: str) -> str:
    """``"green 2"``, checked."""
    text = text.strip()
    if not _DIE.fullmatch(text):
        raise NotationError(f"expected a die like 'green 2', got {text!r}")
    return text


def dice(text: str) -> list[str]:
    """``"green 3, green 2 and red 1"`` -> the dice, in order."""
    return [die(item) for item in split_list(text)]


def colour(text: str) -> str:
    text = text.strip()
    if text not in COLOURS:
        raise NotationError(f"expected a colour ({', '.join(COLOURS)}), got {text!r}")
    return text


def slots(text: str) -> list[str]:
    """``"G-in-s2, B-in-s1"`` -> the slot ids."""
    return split_list(text)


def bag(text: str) -> dict[str, int]:
    """``"8 red, 8 orange and 8 yellow"`` -> counts by colour."""
    counts = {}
    for item in split_list(text):
        match = re.fullmatch(r"(\d+) (\w+)", item)
        if not match:
            raise NotationError(f"expected 'N colour', got {item!r}")
        counts[colour(match.group(2))] = int(match.group(1))
    return counts


def probability(text: str) -> Fraction:
    """``"8/276"`` -> Fraction(2, 69)."""
    try:
        return Fraction(text.strip())
    except ValueError:
        raise NotationError(f"expected a fraction like 1/36, got {text!r}") from None
