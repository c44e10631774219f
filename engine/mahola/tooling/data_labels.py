"""Mahola's component data files, with what depends on them (see
:mod:`rulebooks.provenance.labels`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulebooks.games.spec import DataFile

Variant = Callable[[Any], Any]


def _mahola_values_changed(data: Any) -> Any:
    for card in data["cards"]["table"]:
        card["value"] = card["value"] % 5 + 1
    return data


def _mahola_characters_rotated(data: Any) -> Any:
    table = data["characters"]["table"]
    names = list(table)
    looks = [dict(table[name]) for name in names]
    for name, look in zip(names, looks[1:] + looks[:1], strict=True):
        table[name] = look
    return data


def _mahola_icons_rotated(data: Any) -> Any:
    cards = data["cards"]["table"]
    icons = [card["icons"] for card in cards]
    for card, moved in zip(cards, icons[1:] + icons[:1], strict=True):
        card["icons"] = moved
    return data


DATA_FILES: tuple[DataFile, ...] = (
    DataFile(
        "engine/mahola/data/components.json", "mahola",
        "every Dance card's data and the Character colours",
        (_mahola_values_changed, _mahola_characters_rotated, _mahola_icons_rotated), (),
        ("docs/mahola/interpretations.md", "MAHOLA-R1"),
        ("index.html", "coverage.html", "simulation.html", "mahola/rules.html",
        "mahola/examples.html", "mahola/interpretations.html", "mahola/glossary.html",),
    ),
)  # fmt: skip
"""The game's data files: path, what it holds, variants, dependents, the claim, and the
built pages showing values computed from it."""
