"""The Mamey notation of the feature files, parsed in one place.

* cards: ``red 2, red 3 and red Joker`` (colour, then 1..5 or Joker); ``no cards`` is empty;
* kinds of set: ``a run`` (consecutive cards of one colour), ``a same-colour set`` (cards of
  one colour and one number), ``a same-number set`` (one number in different colours);
* Store cells: ``"run / 3 cards"``, ``"same colour / 2 cards"``, ``"same number / 3 cards"``
  (the labels of the Store board table on the site);
* squares: ``the 6``, and lists of values ``6 and 4`` / ``the 6 or the 4``;
* fields: ``field 1`` .. ``field 3``.

Player references (names, ``player N``) come from the shared :mod:`rulebooks.steps.notation`.
"""

from __future__ import annotations

import re

from engine.mamey import ROWS, RUN, SAME_COLOUR, SAME_NUMBER
from rulebooks.steps.notation import NotationError, split_list

SET_KINDS = {
    "a run": RUN,
    "a same-colour set": SAME_COLOUR,
    "a same-number set": SAME_NUMBER,
}
_CARD = re.compile(r"(\w+) ([1-5]|Joker)")
_CELL = re.compile(r'"?(run|same colour|same number) / (\d) cards"?')


def cards(text: str) -> list[str]:
    """``"red 2, red 3 and red Joker"`` -> ``["red 2", "red 3", "red Joker"]``."""
    text = text.strip()
    if text in {"no cards", "nothing", "none"}:
        return []
    found = split_list(text)
    for card in found:
        if not _CARD.fullmatch(card):
            raise NotationError(f"{card!r} is not a card: write '<colour> <1..5 or Joker>'")
    return found


def card(text: str) -> str:
    """A single card."""
    found = cards(text)
    if len(found) != 1:
        raise NotationError(f"expected one card, got {text!r}")
    return found[0]


def set_kind(text: str) -> str:
    """``"a run"`` -> the engine's row name."""
    try:
        return SET_KINDS[text.strip()]
    except KeyError:
        raise NotationError(
            f"unknown kind of set {text!r}; kinds: {', '.join(SET_KINDS)}"
        ) from None


def cell(text: str) -> tuple[str, int]:
    """``'"run / 3 cards"'`` -> ``("run", 3)``."""
    match = _CELL.fullmatch(text.strip())
    if match is None or match.group(1) not in ROWS:
        raise NotationError(f'expected a Store cell like "run / 3 cards", got {text!r}')
    return match.group(1), int(match.group(2))


def values(text: str) -> list[int]:
    """``"6 and 4"`` / ``"the 6 or the 4"`` -> ``[6, 4]``; ``"no square"`` -> ``[]``."""
    text = text.strip()
    if text in {"no square", "none"}:
        return []
    items = re.split(r"\s*(?:,|\bor\b|\band\b)\s*", text)
    try:
        return [int(item.removeprefix("the ").strip()) for item in items if item.strip()]
    except ValueError:
        raise NotationError(f"expected square values like '6 and 4', got {text!r}") from None


def field_content(text: str) -> tuple[list[str], str | None]:
    """A field's cards: ``blue 4 face down``, ``red 2 face up and blue 4 face down``,
    ``only red 2 face up`` -> (face-up cards, face-down card or None)."""
    text = text.strip()
    match = re.fullmatch(r"only (.+) face up", text)
    if match:
        return cards(match.group(1)), None
    match = re.fullmatch(r"(?:(.+) face up and )?(\w+ (?:[1-5]|Joker)) face down", text)
    if match is None:
        raise NotationError(
            f"cannot read field contents {text!r}: write 'X face down', "
            f"'A and B face up and X face down' or 'only A face up'"
        )
    return cards(match.group(1)) if match.group(1) else [], card(match.group(2))


def field(text: str) -> int:
    """``"field 2"`` or ``"2"`` -> 1 (0-based)."""
    match = re.fullmatch(r"(?:field )?([1-3])", text.strip())
    if match is None:
        raise NotationError(f"expected field 1, 2 or 3, got {text!r}")
    return int(match.group(1)) - 1
