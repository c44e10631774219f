"""Masai's component data files, with what depends on them (see
:mod:`rulebooks.provenance.labels`)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

from rulebooks.games.spec import DataFile

Variant = Callable[[Any], Any]


def _masai_natural_links_dropped(data: Any) -> Any:
    data["natural_links"] = []
    return data


def _masai_every_area_naturally_linked(data: Any) -> Any:
    """A natural link between each pair of neighbouring die slots of every area."""
    links = {tuple(link) for link in data["natural_links"]}
    for area in data["areas"]:
        slots = area["die_slots"]
        links |= set(pairwise(slots))
    data["natural_links"] = sorted(list(link) for link in links)
    return data


DATA_FILES: tuple[DataFile, ...] = (
    DataFile(
        "engine/masai/data/board.json", "masai", "the board's geometry: areas, slots and links",
        (_masai_natural_links_dropped, _masai_every_area_naturally_linked),
        (
            "features/masai/04_scoring.feature: The rulebook's example: Rennan scores "
            "1 + 1 + 3 = 5",
        ),
        ("docs/masai/interpretations.md", "MASAI-R1"),
        ("index.html", "coverage.html", "simulation.html", "masai/board.html",
        "masai/examples.html", "masai/interpretations.html", "masai/glossary.html",),
    ),
)  # fmt: skip
"""The game's data files: path, what it holds, variants, dependents, the claim, and the
built pages showing values computed from it."""
