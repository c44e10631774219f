"""Mahé's component data files, with what depends on them (see
:mod:`rulebooks.provenance.labels`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulebooks.games.spec import DataFile

Variant = Callable[[Any], Any]


def _egg_counts(*counts: int) -> Variant:
    def variant(data: Any) -> Any:
        data["cards"] = {str(eggs): n for eggs, n in enumerate(counts, start=1)}
        return data

    return variant


DATA_FILES: tuple[DataFile, ...] = (
    DataFile(
        "engine/mahe/data/egg_cards.json", "mahe",
        "the egg-card distribution: cards per number of eggs",
        (_egg_counts(4, 4, 4, 4, 4, 4), _egg_counts(5, 5, 3, 3, 3, 5)),
        (
            "features/mahe/01_setup.feature: A card no longer in the deck cannot be given as "
            "the card turned up",
            "features/mahe/01_setup.feature: A card no longer in the deck cannot be turned up",
            "features/mahe/05_egg_cards.feature: The last card of the deck is turned face up too",
            "features/mahe/06_end.feature: A group ends the game: the owner of its top turtle "
            "takes the beach space",
            "features/mahe/06_end.feature: Equal eggs and equal cards: a shared win",
            "features/mahe/06_end.feature: Taking the last card does not end the game; "
            "the next lap does",
            "features/mahe/06_end.feature: The game ends in the middle of a two-turtle turn",
            "features/mahe/06_end.feature: The rulebook's final scores: Marina 22, Evgeny 17, "
            "Darya 22, Andrei 20",
        ),
        ("docs/mahe/interpretations.md", "MAHE-R4"),
        ("index.html", "coverage.html", "simulation.html", "mahe/rules.html",
        "mahe/interpretations.html", "mahe/glossary.html",),
    ),
)  # fmt: skip
"""The game's data files: path, what it holds, variants, dependents, the claim, and the
built pages showing values computed from it."""
