"""Mamey's component data files, with what depends on them (see
:mod:`rulebooks.provenance.labels`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from rulebooks.games.spec import DataFile

Variant = Callable[[Any], Any]


def _unverified_store_cells(data: Any) -> Iterator[dict[str, Any]]:
    for side in data["sides"].values():
        for row in side["cells"].values():
            for cell in row.values():
                if not cell.get("verified", False):
                    yield cell


def _store_values_plus_20(data: Any) -> Any:
    for cell in _unverified_store_cells(data):
        cell["squares"] = [value + 20 for value in cell["squares"]]
    return data


def _sprouts_moved(data: Any) -> Any:
    """Sprouts on one 1, one 3 and one 5 of each colour instead of one 2, 3 and 4."""
    seen: set[tuple[str, str]] = set()
    for card in data["cards"]:
        key = (card["colour"], card["rank"])
        card["sprout"]["value"] = card["rank"] in {"1", "3", "5"} and key not in seen
        seen.add(key)
    return data


DATA_FILES: tuple[DataFile, ...] = (
    DataFile(
        "engine/mamey/data/store_board.json", "mamey", "the Store board values",
        (_store_values_plus_20,), (), ("docs/mamey/interpretations.md", "MAMEY-R3"),
        ("index.html", "coverage.html", "simulation.html", "mamey/store.html",
        "mamey/examples.html", "mamey/rules.html", "mamey/interpretations.html",),
    ),
    DataFile(
        "engine/mamey/data/bean_cards.json", "mamey", "the bean-sprout flags of the bean cards",
        (_sprouts_moved,), (), ("docs/mamey/interpretations.md", "MAMEY-R2"),
        ("index.html", "coverage.html", "simulation.html", "mamey/store.html",
        "mamey/interpretations.html",),
    ),
)  # fmt: skip
"""The game's data files: path, what it holds, variants, dependents, the claim, and the
built pages showing values computed from it."""
