"""The game notation of the feature files, parsed in one place.

Step definitions call these helpers and nothing else to read the scenario language:

* lists: ``2, 6`` / ``2, 1 and 4`` / ``blue, red, yellow``; choices: ``roll or hold``;
* players: ``Marina`` (a name given by the scenario), ``the blue player`` (the owner of the
  blue turtle), ``player 2`` (counting from 1 as players do; the engine and its printed
  states count seats from 0, so scenario "player 2" is the engine's player 1);
* positions: ``space 18`` / ``the raft``;
* players with numbers (scores, tokens): ``Rennan 7, Bia 3``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

_SEPARATORS = re.compile(r"\s*(?:,\s*and\s+|,|\s+and\s+)\s*")


class NotationError(ValueError):
    """Text in a step that the scenario language does not define."""


def split_list(text: str) -> list[str]:
    """``"blue, red and yellow"`` -> ``["blue", "red", "yellow"]``."""
    items = [item.strip() for item in _SEPARATORS.split(text.strip())]
    if not all(items):
        raise NotationError(f"cannot read the list {text!r}")
    return items


def alternatives(text: str) -> list[str]:
    """``"roll, hold or pass"`` -> ``["roll", "hold", "pass"]`` (choices: ``or`` ends the list)."""
    items = [item.strip() for item in re.split(r"\s*(?:,\s*or\s+|,|\s+or\s+)\s*", text.strip())]
    if not all(items):
        raise NotationError(f"cannot read the choices {text!r}")
    return items


def numbers(text: str) -> list[int]:
    """``"2, 1 and 4"`` -> ``[2, 1, 4]``; ``"none"`` -> ``[]``."""
    if text.strip() in {"none", "no cards", ""}:
        return []
    try:
        return [int(item) for item in split_list(text)]
    except ValueError:
        raise NotationError(f"expected whole numbers, got {text!r}") from None


def colours(text: str) -> list[str]:
    """``"blue, red, yellow"`` -> ``["blue", "red", "yellow"]`` (bottom to top for stacks)."""
    return [c.lower() for c in split_list(text)]


def position(text: str) -> int:
    """``"the raft"`` -> 0, ``"space 18"`` -> 18."""
    text = text.strip()
    if text in {"the raft", "raft"}:
        return 0
    match = re.fullmatch(r"(?:space )?(\d+)", text)
    if match is None:
        raise NotationError(f"expected 'the raft' or 'space N', got {text!r}")
    return int(match.group(1))


def player(text: str, names: Mapping[str, int], owners: Mapping[str, int]) -> int:
    """A player reference: a name, ``the <colour> player`` or ``player N`` (from 1)."""
    text = text.strip()
    if text in names:
        return names[text]
    match = re.fullmatch(r"(?:the )?(\w+) player", text)
    if match and match.group(1).lower() in owners:
        return owners[match.group(1).lower()]
    match = re.fullmatch(r"player (\d+)", text)
    if match:
        return int(match.group(1)) - 1
    known = [*names, *(f"the {c} player" for c in owners)]
    raise NotationError(f"unknown player {text!r}; this scenario knows {', '.join(known)}")


def players(text: str, names: Mapping[str, int], owners: Mapping[str, int]) -> list[int]:
    """``"Marina and Darya"`` -> their indices."""
    return [player(item, names, owners) for item in split_list(text)]


def named_numbers(text: str) -> list[tuple[str, int]]:
    """``"Rennan 7, Bia 3"`` -> ``[("Rennan", 7), ("Bia", 3)]`` (scores, tokens: a player
    reference, then a whole number)."""
    pairs = []
    for item in split_list(text):
        who, _, number = item.rpartition(" ")
        if not who or not number.isdigit():
            raise NotationError(f"expected 'name number', got {item!r}")
        pairs.append((who, int(number)))
    return pairs


def describe_stack(turtles: Sequence[str]) -> str:
    """The notation of a stack, bottom to top, as steps write it."""
    return ", ".join(turtles) if turtles else "empty"
