"""The Mahola notation of the feature files, parsed in one place.

* cards: a label the scenario defines in its card table (``F3``, ``Sun``) or names as a
  blank card (``A1 to A5``), or ``card 17``
  (the engine's number, for cards whose data the scenario does not rely on); lists of cards
  as in ``F3, G2 and R1`` or ``nothing``;
* card tables: ``| card | dance | value | colour | animal | icons | special |`` with icons
  written ``War, Rain`` or ``-`` and special ``yes`` / ``no`` (optional column);
* abilities: ``names Fire``, ``swaps H1 for T2``, ``moves T3 to position 1``,
  ``makes T2 blue``, ``leaves the tableau as it is``;
* ends of the tableau: ``left`` / ``right``, or ``position 3`` for a place between cards.

Players are read with the shared helpers of :mod:`rulebooks.steps.notation`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rulebooks.steps.notation import NotationError, split_list

BLANK_CARD = {"dance": "Buffalo", "value": 0, "animal": "Bear", "icons": [], "special": False}
"""What every card the scenario does not describe becomes: worth nothing, matching nothing."""


def card(text: str, labels: Mapping[str, int]) -> int:
    """``"F3"`` (a label of the scenario) or ``"card 17"`` -> the engine's card number."""
    text = text.strip()
    if text in labels:
        return labels[text]
    match = re.fullmatch(r"card (\d+)", text)
    if match:
        return int(match.group(1))
    raise NotationError(
        f"unknown card {text!r}; this scenario defines {', '.join(labels) or 'no card labels'}"
    )


def cards(text: str, labels: Mapping[str, int]) -> list[int]:
    """``"F3, G2 and R1"`` -> their numbers; ``"nothing"`` -> []."""
    if text.strip() in {"nothing", "empty", "-"}:
        return []
    return [card(item, labels) for item in split_list(text)]


def labels(text: str) -> list[str]:
    """``"A1 to A3 and N"`` -> ``["A1", "A2", "A3", "N"]``."""
    names: list[str] = []
    for item in split_list(text):
        match = re.fullmatch(r"([A-Za-z]+)(\d+) to \1(\d+)", item)
        if match:
            prefix, first, last = match.group(1), int(match.group(2)), int(match.group(3))
            names.extend(f"{prefix}{n}" for n in range(first, last + 1))
        else:
            names.append(item)
    return names


def card_name(number: int, labels: Mapping[str, int]) -> str:
    """The scenario's label of a card number, or ``card N``."""
    for label, value in labels.items():
        if value == number:
            return label
    return f"card {number}"


def card_names(numbers: Sequence[int], labels: Mapping[str, int]) -> str:
    return ", ".join(card_name(n, labels) for n in numbers) or "nothing"


def table_rows(datatable: Sequence[Sequence[str]]) -> list[dict[str, str]]:
    """A Gherkin data table as dictionaries keyed by its header row."""
    if not datatable:
        raise NotationError("the step needs a table")
    header = [h.strip() for h in datatable[0]]
    return [dict(zip(header, (c.strip() for c in row), strict=True)) for row in datatable[1:]]


def card_data(row: Mapping[str, str]) -> dict[str, Any]:
    """One row of a card table -> the engine's card description."""
    icons = row.get("icons", "-")
    special = row.get("special", "no")
    if special not in {"yes", "no"}:
        raise NotationError(f"special must be yes or no, got {special!r}")
    try:
        value = int(row["value"])
    except (KeyError, ValueError):
        raise NotationError(f"a card needs a whole-number value: {dict(row)}") from None
    return {
        "dance": row["dance"],
        "value": value,
        "colour": row["colour"],
        "animal": row["animal"],
        "icons": [] if icons in {"-", ""} else split_list(icons),
        "special": special == "yes",
    }


def end(text: str, tableau_length: int) -> int:
    """``left`` -> 0, ``right`` -> the tableau length, ``position N`` -> N - 1."""
    text = text.strip()
    if text in {"left", "the left end"}:
        return 0
    if text in {"right", "the right end"}:
        return tableau_length
    match = re.fullmatch(r"position (\d+)", text)
    if match:
        return int(match.group(1)) - 1
    raise NotationError(f"expected left, right or position N, got {text!r}")


def ability(text: str, labels: Mapping[str, int]) -> tuple[str, tuple[Any, ...]]:
    """An ability in words -> (kind, arguments) for the step to turn into an action."""
    text = text.strip()
    if text in {"leaves the tableau as it is", "does nothing"}:
        return "keep", ()
    if match := re.fullmatch(r"names (\w+)", text):
        return "name", (match.group(1),)
    if match := re.fullmatch(r"swaps (.+) for (.+)", text):
        return "swap", (card(match.group(1), labels), card(match.group(2), labels))
    if match := re.fullmatch(r"moves (.+) to position (\d+)", text):
        return "move", (card(match.group(1), labels), int(match.group(2)) - 1)
    if match := re.fullmatch(r"makes (.+) (\w+)", text):
        return "recolour", (card(match.group(1), labels), match.group(2))
    raise NotationError(
        f"unknown ability {text!r}: names D, swaps X for Y, moves X to position N, makes X "
        f"<colour>, or leaves the tableau as it is"
    )
