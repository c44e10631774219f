"""The Mahola components that the rulebook does not print, read from the package's data file.

The rulebook lists 44 Dance cards and 4 Character cards but prints no card's value, colour,
spirit animal or secondary dance icons, and does not name the Characters' colours. Every one
of those values lives in ``data/components.json``, marked ``"verified": false`` per table,
and is an invented placeholder (MAHOLA-R1). The file is read and validated once per game
object, never per state.

What the rulebook does print is fixed here: the four Characters, the eight dances it names,
the four spirit animals and the eight secondary dance icons of its icon list (MAHOLA-1.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import GameDataError
from ..data_files import data_parser, read_json, shipped_json

CARD_TOTAL = 44
CHARACTERS = ("Chief", "Hunter", "Maiden", "Shaman")
"""MAHOLA-1.1, MAHOLA-7: the four Character cards, in the rulebook's order."""
DANCES = ("Buffalo", "Chicken", "Eagle", "Horse", "Fire", "Grass", "Rain", "Sun")
"""MAHOLA-8.1: the dances the rulebook names on its Dance cards."""
RULE_LINE_DANCES = ("Fire", "Grass", "Rain", "Sun")
"""MAHOLA-4.5: the dances whose card prints "+1 point for each adjacent …"."""
ANIMALS = ("Bear", "Wolf", "Snake", "Raven")
"""MAHOLA-8.1: the spirit animals of the rulebook's icon list."""
ICONS = ("War", "Spirit", "Fire", "Rain", "Gourd", "Hoop", "Grass", "Sun")
"""MAHOLA-8.1: the secondary dance icons of the rulebook's icon list, in its order."""


@dataclass(frozen=True)
class DanceCard:
    """MAHOLA-8.1: one Dance card's printed data (all of it placeholder in the shipped file)."""

    dance: str
    value: int
    colour: str
    animal: str
    icons: tuple[str, ...]
    special: bool

    def shows(self, dance: str) -> bool:
        """Does the card show `dance`, as its own dance or as a secondary icon?"""
        return self.dance == dance or dance in self.icons

    def describe(self) -> str:
        """``"Fire 3 red Bear [War, Rain]"`` (``*`` marks a Special Dance card)."""
        icons = f" [{', '.join(self.icons)}]" if self.icons else ""
        special = " *special*" if self.special else ""
        return f"{self.dance} {self.value} {self.colour} {self.animal}{icons}{special}"


@dataclass(frozen=True)
class Character:
    """A Character card's colour and spirit animal (placeholders in the shipped file)."""

    name: str
    colour: str
    animal: str


@dataclass(frozen=True)
class Components:
    """The 44 Dance cards (card id = index) and the 4 Characters, with their provenance."""

    cards: tuple[DanceCard, ...]
    characters: tuple[Character, ...]  # in CHARACTERS order
    colours: tuple[str, ...]  # the Characters' colours, in CHARACTERS order
    cards_verified: bool
    characters_verified: bool
    origin: str

    def character(self, name: str) -> Character:
        """The Character called `name` (one of CHARACTERS)."""
        return self.characters[CHARACTERS.index(name)]


def _fail(origin: str, message: str) -> GameDataError:
    return GameDataError(f"{origin}: {message}")


def _name(value: Any, allowed: tuple[str, ...], what: str, origin: str) -> str:
    if value not in allowed:
        raise _fail(origin, f"{what} must be one of {', '.join(allowed)}, got {value!r}")
    return str(value)


def _verified(table: Mapping[str, Any], what: str, origin: str) -> bool:
    verified = table.get("verified")
    if not isinstance(verified, bool):
        raise _fail(origin, f"{what}.verified must be true or false, got {verified!r}")
    return verified


def _parse_characters(raw: Any, origin: str) -> tuple[tuple[Character, ...], bool]:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("table"), Mapping):
        raise _fail(origin, "'characters' must be an object with a 'table' of the 4 Characters")
    verified = _verified(raw, "characters", origin)
    table = raw["table"]
    if sorted(table) != sorted(CHARACTERS):
        raise _fail(
            origin,
            f"characters.table must describe exactly {', '.join(CHARACTERS)}, "
            f"got {', '.join(map(str, table)) or 'nothing'}",
        )
    characters = []
    for name in CHARACTERS:
        entry = table[name]
        if not isinstance(entry, Mapping):
            raise _fail(origin, f"the {name} must be an object with a colour and an animal")
        colour = entry.get("colour")
        if not isinstance(colour, str) or not colour:
            raise _fail(origin, f"the {name}'s colour must be a name, got {colour!r}")
        animal = _name(entry.get("animal"), ANIMALS, f"the {name}'s animal", origin)
        characters.append(Character(name, colour, animal))
    colours = [c.colour for c in characters]
    if len(set(colours)) != len(colours):
        raise _fail(origin, f"each Character has its own colour, got {', '.join(colours)}")
    return tuple(characters), verified


def _parse_card(index: int, raw: Any, colours: tuple[str, ...], origin: str) -> DanceCard:
    where = f"card {index}"
    if not isinstance(raw, Mapping):
        raise _fail(origin, f"{where} must be an object, got {raw!r}")
    unknown = sorted(set(raw) - {"dance", "value", "colour", "animal", "icons", "special"})
    if unknown:
        raise _fail(origin, f"{where} has unknown field(s) {', '.join(unknown)}")
    dance = _name(raw.get("dance"), DANCES, f"{where}'s dance", origin)
    value = raw.get("value")
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise _fail(origin, f"{where}'s value must be a whole number >= 0, got {value!r}")
    colour = _name(raw.get("colour"), colours, f"{where}'s colour (a Character colour)", origin)
    animal = _name(raw.get("animal"), ANIMALS, f"{where}'s animal", origin)
    icons = raw.get("icons", [])
    if not isinstance(icons, list):
        raise _fail(origin, f"{where}'s icons must be a list, got {icons!r}")
    for icon in icons:
        _name(icon, ICONS, f"an icon of {where}", origin)
    if len(set(icons)) != len(icons):
        raise _fail(origin, f"{where} shows an icon twice: {icons}")
    special = raw.get("special", False)
    if not isinstance(special, bool):
        raise _fail(origin, f"{where}'s special must be true or false, got {special!r}")
    return DanceCard(dance, value, colour, animal, tuple(icons), special)


@data_parser
def parse_components(data: Any, origin: str = "Mahola component data") -> Components:
    """Validate decoded JSON of a component file; errors name the file and the field."""
    if not isinstance(data, Mapping):
        raise _fail(origin, f"expected a JSON object, got {type(data).__name__}")
    characters, characters_verified = _parse_characters(data.get("characters"), origin)
    colours = tuple(c.colour for c in characters)
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, Mapping) or not isinstance(raw_cards.get("table"), list):
        raise _fail(origin, "'cards' must be an object with a 'table' listing the Dance cards")
    cards_verified = _verified(raw_cards, "cards", origin)
    table = raw_cards["table"]
    if len(table) != CARD_TOTAL:
        raise _fail(origin, f"the game has {CARD_TOTAL} Dance cards, the table lists {len(table)}")
    cards = tuple(_parse_card(i, raw, colours, origin) for i, raw in enumerate(table))
    return Components(cards, characters, colours, cards_verified, characters_verified, origin)


def shipped_data() -> dict[str, Any]:
    """The decoded JSON of the shipped file, freshly read: callers may edit it."""
    data: dict[str, Any] = shipped_json("engine.mahola", "data/components.json")
    return data


def load_components(path: str | Path | None = None) -> Components:
    """The components from `path`, or the placeholders shipped in the package."""
    data, origin = read_json(path, "engine.mahola", "data/components.json")
    return parse_components(data, origin)
