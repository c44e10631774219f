"""Component data the rulebooks do not print, how much of it is verified, and what depends on it.

Every game reads component data from a JSON file shipped in its engine package; each value
(or table) carries a ``"verified"`` flag, false for a placeholder or a public figure nobody
here checked. This module is the one registry of those files:

- :data:`DATA_FILES` names each file, what it holds, its counterfactual *variants* (the
  same file with its unverified values changed, still valid data) and the scenarios that
  depend on it (:attr:`DataFile.dependents`);
- :func:`data_status` counts a file's verified and unverified flags; :func:`game_data` is
  what a results file records for a game (the recorder and the simulation summary write
  it, so the site labels placeholder data without ever reading the engine);
- :func:`dependent_scenarios` *computes* the dependents: it runs the game's scenarios once
  with the shipped data and once per variant (through :mod:`rulebooks.data_plugin`) and
  returns the scenarios whose status changes. A test compares that with the registry, so
  a page saying "these scenarios depend on the file" stays true;
- :data:`CONSUMERS` names the built pages that show values computed from each file; a site
  test checks that each of them carries the UNVERIFIED label.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Any

ENV = "RULEBOOKS_DATA_VARIANT"
"""``<data file path>#<variant index>``: the variant :mod:`rulebooks.data_plugin` loads."""
ROOT = Path(__file__).resolve().parents[1]
LABEL = "UNVERIFIED"

Variant = Callable[[Any], Any]


# --- variants: the same file with its unverified values changed ---------------------------
def _egg_counts(*counts: int) -> Variant:
    def variant(data: Any) -> Any:
        data["cards"] = {str(eggs): n for eggs, n in enumerate(counts, start=1)}
        return data

    return variant


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


@dataclass(frozen=True)
class DataFile:
    """One shipped data file: where it is, what it holds, and what depends on it."""

    path: str
    """Relative to the project root, e.g. ``engine/mahe/data/egg_cards.json``."""
    game: str
    what: str
    """What the file holds, for labels ("the egg-card distribution")."""
    variants: tuple[Variant, ...]
    dependents: tuple[str, ...]
    """``<feature path>: <scenario name>`` of every scenario whose verdict changes when the
    file's unverified values change (computed by :func:`dependent_scenarios`)."""
    claim: tuple[str, str]
    """The page and interpretation stating what depends on the file (kept true by a test)."""

    @property
    def package(self) -> str:
        return ".".join(Path(self.path).parent.parent.parts)

    @property
    def name(self) -> str:
        return "/".join(Path(self.path).parts[-2:])

    def shipped(self) -> Any:
        """The decoded JSON of the shipped file."""
        return json.loads(resources.files(self.package).joinpath(self.name).read_text("utf-8"))


DATA_FILES: tuple[DataFile, ...] = (
    DataFile(
        "engine/mahe/data/egg_cards.json", "mahe",
        "the egg-card distribution: cards per number of eggs",
        (_egg_counts(4, 4, 4, 4, 4, 4), _egg_counts(5, 5, 3, 3, 3, 5)),
        (
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
    ),
    DataFile(
        "engine/mamey/data/store_board.json", "mamey", "the Store board values",
        (_store_values_plus_20,), (), ("docs/mamey/interpretations.md", "MAMEY-R3"),
    ),
    DataFile(
        "engine/mamey/data/bean_cards.json", "mamey", "the bean-sprout flags of the bean cards",
        (_sprouts_moved,), (), ("docs/mamey/interpretations.md", "MAMEY-R2"),
    ),
    DataFile(
        "engine/mahola/data/components.json", "mahola",
        "every Dance card's data and the Character colours",
        (_mahola_values_changed, _mahola_characters_rotated, _mahola_icons_rotated), (),
        ("docs/mahola/interpretations.md", "MAHOLA-R1"),
    ),
    DataFile(
        "engine/masai/data/board.json", "masai", "the board's geometry: areas, slots and links",
        (_masai_natural_links_dropped, _masai_every_area_naturally_linked),
        (
            "features/masai/04_scoring.feature: The rulebook's example: Rennan scores "
            "1 + 1 + 3 = 5",
        ),
        ("docs/masai/interpretations.md", "MASAI-R1"),
    ),
)  # fmt: skip

CONSUMERS: dict[str, tuple[str, ...]] = {
    "engine/mahe/data/egg_cards.json": (
        "index.html", "simulation.html", "mahe/rules.html", "mahe/interpretations.html",
        "mahe/glossary.html",
    ),
    "engine/mamey/data/store_board.json": (
        "index.html", "simulation.html", "mamey/store.html", "mamey/examples.html",
        "mamey/rules.html", "mamey/interpretations.html",
    ),
    "engine/mamey/data/bean_cards.json": (
        "index.html", "simulation.html", "mamey/store.html", "mamey/interpretations.html",
    ),
    "engine/mahola/data/components.json": (
        "index.html", "simulation.html", "mahola/rules.html", "mahola/examples.html",
        "mahola/interpretations.html", "mahola/glossary.html",
    ),
    "engine/masai/data/board.json": (
        "index.html", "simulation.html", "masai/board.html", "masai/examples.html",
        "masai/interpretations.html", "masai/glossary.html",
    ),
}  # fmt: skip
"""Built pages (relative to the HTML root) showing values computed from each data file."""


def data_file(path: str) -> DataFile:
    """The registered file at ``path`` (KeyError naming the known ones otherwise)."""
    for found in DATA_FILES:
        if found.path == path:
            return found
    known = ", ".join(f.path for f in DATA_FILES)
    raise KeyError(f"no registered data file {path!r}; known: {known}")


def flags(data: Any) -> tuple[int, int]:
    """How many ``"verified"`` flags of the decoded JSON are true, and how many false."""
    true = false = 0
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "verified" and isinstance(value, bool):
                true, false = true + value, false + (not value)
            else:
                more = flags(value)
                true, false = true + more[0], false + more[1]
    elif isinstance(data, list):
        for item in data:
            more = flags(item)
            true, false = true + more[0], false + more[1]
    return true, false


def data_status(found: DataFile) -> dict[str, Any]:
    """What a results file records for one data file."""
    verified, unverified = flags(found.shipped())
    return {
        "path": found.path,
        "what": found.what,
        "verified_values": verified,
        "unverified_values": unverified,
        "verified": unverified == 0,
        "dependents": list(found.dependents),
    }


def game_data(game: str) -> list[dict[str, Any]]:
    """The status of every data file the game reads (empty for an unknown game)."""
    return [data_status(found) for found in DATA_FILES if found.game == game]


def all_data() -> dict[str, list[dict[str, Any]]]:
    """:func:`game_data` of every game with a data file, by game."""
    return {game: game_data(game) for game in sorted({found.game for found in DATA_FILES})}


def variant_data(spec: str) -> tuple[DataFile, Any]:
    """The file and the decoded variant named by ``<path>#<index>`` (ValueError if unknown)."""
    path, _, index = spec.partition("#")
    try:
        found = data_file(path)
        variant = found.variants[int(index)]
    except (KeyError, ValueError, IndexError) as error:
        raise ValueError(f"{ENV}={spec!r}: not a data file variant ({error})") from None
    return found, variant(copy.deepcopy(found.shipped()))


# --- computing the dependents ---------------------------------------------------------------
@cache
def _statuses(game: str, variant: str | None, root: Path) -> dict[str, str]:
    """``<feature>: <name>`` -> worst status over its runs (rows), for one run of the game."""
    with tempfile.TemporaryDirectory() as tmp:
        results = Path(tmp) / "results.json"
        env = {k: v for k, v in os.environ.items() if k != ENV}
        if variant is not None:
            env[ENV] = variant
        subprocess.run(
            [sys.executable, "-m", "pytest", f"tests/scenarios/{game}", "-q",
             "-p", "no:cacheprovider", "-p", "rulebooks.data_plugin",
             "--rulebooks-results", str(results)],
            cwd=root, env=env, capture_output=True, text=True, check=False,
        )  # fmt: skip
        if not results.is_file():
            raise RuntimeError(f"the {game} scenarios wrote no results (variant {variant})")
        recorded = json.loads(results.read_text("utf-8"))
    statuses: dict[str, str] = {}
    for scenario in recorded["scenarios"]:
        key = f"{scenario['feature']}: {scenario['name']}"
        if statuses.get(key, "passed") == "passed":
            statuses[key] = scenario["status"]
    return statuses


def dependent_scenarios(found: DataFile, root: Path = ROOT) -> list[str]:
    """The scenarios whose status changes under any variant of the file, sorted."""
    baseline = _statuses(found.game, None, root)
    changed: set[str] = set()
    for index in range(len(found.variants)):
        varied = _statuses(found.game, f"{found.path}#{index}", root)
        changed |= {key for key, status in varied.items() if baseline.get(key) != status}
    return sorted(changed)
