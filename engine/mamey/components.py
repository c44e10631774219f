"""The components of Mamey, read from the data files shipped with the package.

``data/bean_cards.json`` lists the 60 bean cards one by one (colour, rank, and the bean-sprout
flag that removes a card from a 2-player game) with the Bean Bonus icons of each rank.
``data/store_board.json`` gives both sides of the Store board: for each kind of set and each
number of cards, the numbered squares a Merchant cube can take.

The rulebook prints the card composition and one Store cell; the rest (the sprout flags and
every other Store value) is placeholder data marked ``"verified": false``. Files are read and
validated once per game object (never per state); every error names the file and the field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core import GameDataError
from ..data_files import data_parser, read_json

COLOUR_COUNT = 4
RANKS = ("1", "2", "3", "4", "5", "Joker")
"""Rank names by rank index; index 5 is the Joker (printed "X")."""
JOKER = 5
COPIES = (2, 3, 4, 3, 2, 1)
"""MAMEY-1.1: copies of each rank in one colour (15 cards) [text]."""
CARDS_PER_COLOUR = sum(COPIES)
TYPES_PER_COLOUR = len(RANKS)

RUN = "run"
SAME_COLOUR = "same colour"
SAME_NUMBER = "same number"
ROWS = (RUN, SAME_COLOUR, SAME_NUMBER)
"""MAMEY-5.2: the rows of the Store board, top to bottom."""
ROW_LABELS = {
    RUN: "consecutive cards of one colour",
    SAME_COLOUR: "cards of one colour and one number",
    SAME_NUMBER: "cards of one number in different colours",
}
LARGEST_SET = {RUN: 6, SAME_COLOUR: max(COPIES[:JOKER]) + 1, SAME_NUMBER: COLOUR_COUNT}
"""MAMEY-R4: the largest set each row allows: a run 1..6 (the Joker as 6), four 3s and the
Joker, one card of each of the four colours."""
SMALLEST_SET = 2
SIDES = ("3-4 players", "2 players")


# -- bean cards -------------------------------------------------------------------------------
@dataclass(frozen=True)
class BeanCards:
    """The bean cards: colours, copies per card type, sprout flags and Bean Bonus icons.

    A card type is ``colour_index * 6 + rank_index``; rank index 5 is the Joker.
    """

    colours: tuple[str, ...]
    copies: tuple[int, ...]  # by card type
    sprouts: tuple[int, ...]  # by card type: copies carrying the bean-sprout icon
    bonus_icons: tuple[int, ...]  # by rank index
    sprouts_verified: bool
    bonus_verified: bool
    _by_name: Mapping[str, int] = field(repr=False, compare=False, hash=False)

    @property
    def num_types(self) -> int:
        return len(self.copies)

    def counts(self, players: int) -> tuple[int, ...]:
        """MAMEY-2.1: copies in play by card type; with 2 players the sprout cards stay out."""
        if players == 2:
            return tuple(c - s for c, s in zip(self.copies, self.sprouts, strict=True))
        return self.copies

    def name(self, card: int) -> str:
        """``"red 3"``, ``"blue Joker"``."""
        colour, rank = divmod(card, TYPES_PER_COLOUR)
        return f"{self.colours[colour]} {RANKS[rank]}"

    def card(self, name: str) -> int:
        """The card type called `name` (``"red 3"``, ``"blue Joker"``); KeyError if none."""
        return self._by_name[name]

    def bonus(self, card: int) -> int:
        """MAMEY-1.2: the Bean Bonus icons on a card."""
        return self.bonus_icons[card % TYPES_PER_COLOUR]

    def with_sprouts(self, names: Sequence[str]) -> BeanCards:
        """The same cards with the sprout icon on exactly the cards named (a name may repeat)."""
        sprouts = [0] * self.num_types
        for name in names:
            card = self.card(name)
            sprouts[card] += 1
            if sprouts[card] > self.copies[card]:
                raise GameDataError(
                    f"sprout icons: {sprouts[card]} on {name} but the game has "
                    f"{self.copies[card]} such cards"
                )
        return BeanCards(
            self.colours, self.copies, tuple(sprouts), self.bonus_icons, False,
            self.bonus_verified, self._by_name,
        )  # fmt: skip


def colour_of(card: int) -> int:
    return card // TYPES_PER_COLOUR


def rank_of(card: int) -> int:
    """0..4 for the numbers 1..5, 5 (JOKER) for the Joker."""
    return card % TYPES_PER_COLOUR


def _bool(value: Any, what: str, origin: str) -> bool:
    if not isinstance(value, bool):
        raise GameDataError(f"{origin}: {what} must be true or false, got {value!r}")
    return value


def _whole(value: Any, what: str, origin: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise GameDataError(f"{origin}: {what} must be a whole number >= 0, got {value!r}")
    return value


def _breakdown() -> str:
    return ", ".join(f"{n} x {r}" for r, n in zip(RANKS, COPIES, strict=True))


@data_parser
def parse_bean_cards(data: Any, origin: str = "bean card data") -> BeanCards:
    """Validate the decoded JSON of a bean-card file."""
    if not isinstance(data, dict):
        raise GameDataError(f"{origin}: expected a JSON object, got {type(data).__name__}")
    colours = data.get("colours")
    if (
        not isinstance(colours, list)
        or len(colours) != COLOUR_COUNT
        or not all(isinstance(c, str) and c.strip() and " " not in c for c in colours)
        or len(set(colours)) != COLOUR_COUNT
    ):
        raise GameDataError(
            f"{origin}: 'colours' must list {COLOUR_COUNT} different one-word names, "
            f"got {colours!r}"
        )
    bonus = data.get("bonus_icons")
    if not isinstance(bonus, dict) or not isinstance(bonus.get("values"), dict):
        raise GameDataError(f"{origin}: 'bonus_icons' must hold 'values' mapping each rank")
    values = bonus["values"]
    if sorted(values) != sorted(RANKS):
        raise GameDataError(
            f"{origin}: bonus_icons values must name the ranks {', '.join(RANKS)}, "
            f"got {', '.join(map(str, values))}"
        )
    icons = tuple(_whole(values[r], f"bonus_icons[{r!r}]", origin) for r in RANKS)
    bonus_verified = _bool(bonus.get("verified", False), "bonus_icons.verified", origin)
    cards = data.get("cards")
    if not isinstance(cards, list):
        raise GameDataError(f"{origin}: 'cards' must be a list of cards")
    copies = [0] * (COLOUR_COUNT * TYPES_PER_COLOUR)
    sprouts = [0] * len(copies)
    verified = True
    for i, card in enumerate(cards):
        where = f"cards[{i}]"
        if not isinstance(card, dict):
            raise GameDataError(f"{origin}: {where} must be an object, got {card!r}")
        colour, rank = card.get("colour"), card.get("rank")
        if colour not in colours:
            raise GameDataError(
                f"{origin}: {where} has colour {colour!r}; colours: {', '.join(colours)}"
            )
        if rank not in RANKS:
            raise GameDataError(f"{origin}: {where} has rank {rank!r}; ranks: {', '.join(RANKS)}")
        sprout = card.get("sprout")
        if not isinstance(sprout, dict):
            raise GameDataError(
                f"{origin}: {where}.sprout must be {{'value': ..., 'verified': ...}}"
            )
        kind = colours.index(colour) * TYPES_PER_COLOUR + RANKS.index(rank)
        copies[kind] += 1
        sprouts[kind] += _bool(sprout.get("value"), f"{where}.sprout.value", origin)
        verified &= _bool(sprout.get("verified", False), f"{where}.sprout.verified", origin)
    for c, colour in enumerate(colours):
        own = copies[c * TYPES_PER_COLOUR : (c + 1) * TYPES_PER_COLOUR]
        if sum(own) != CARDS_PER_COLOUR:
            raise GameDataError(
                f"{origin}: colour {colour!r} has {sum(own)} cards; the rulebook gives each colour "
                f"{CARDS_PER_COLOUR} ({_breakdown()})"
            )
        for rank, (have, want) in enumerate(zip(own, COPIES, strict=True)):
            if have != want:
                raise GameDataError(
                    f"{origin}: colour {colour!r} has {have} cards of rank {RANKS[rank]}; "
                    f"the rulebook gives {want} ({_breakdown()})"
                )
    by_name = {
        f"{colour} {rank}": c * TYPES_PER_COLOUR + r
        for c, colour in enumerate(colours)
        for r, rank in enumerate(RANKS)
    }
    result = BeanCards(
        tuple(colours), tuple(copies), tuple(sprouts), icons, verified, bonus_verified, by_name
    )
    left = sum(result.counts(2))
    if left < 3 + 2 * 2 + 1:
        raise GameDataError(
            f"{origin}: only {left} cards are left without the sprout icon: too few to set up "
            f"a 2-player game"
        )
    return result


# -- the Store board --------------------------------------------------------------------------
@dataclass(frozen=True)
class Cell:
    """One cell of the Store board: a row (kind of set), a number of cards, its squares."""

    row: str
    cards: int
    squares: tuple[int, ...]
    verified: bool
    source: str = ""

    @property
    def label(self) -> str:
        return f"{self.row} / {self.cards} cards"


@dataclass(frozen=True)
class StoreSide:
    """MAMEY-5.2: one side of the Store board: a cell for every row and every number of cards."""

    name: str
    players: tuple[int, ...]
    cells: tuple[Cell, ...]  # in row order, then by number of cards

    def cell(self, row: str, cards: int) -> Cell:
        for cell in self.cells:
            if cell.row == row and cell.cards == cards:
                return cell
        raise KeyError((row, cards))

    def with_cell(self, row: str, cards: int, squares: Sequence[int]) -> StoreSide:
        """The same side with one cell's squares replaced (scenarios set their own values)."""
        self.cell(row, cards)  # must exist
        if not squares or any(
            not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in squares
        ):
            raise GameDataError(
                f"Store cell {row} / {cards} cards: squares must be whole numbers >= 0, "
                f"got {list(squares)!r}"
            )
        cells = tuple(
            Cell(row, cards, tuple(squares), False, "set by the scenario")
            if c.row == row and c.cards == cards
            else c
            for c in self.cells
        )
        return StoreSide(self.name, self.players, cells)


@dataclass(frozen=True)
class StoreBoard:
    """Both sides of the Store board: the front for 3 or 4 players, the back for 2."""

    sides: tuple[StoreSide, ...]

    def side(self, name: str) -> StoreSide:
        for side in self.sides:
            if side.name == name:
                return side
        raise KeyError(name)

    def side_for(self, players: int) -> StoreSide:
        """MAMEY-2.3: the side whose player icons show this player count."""
        for side in self.sides:
            if players in side.players:
                return side
        raise GameDataError(f"no Store board side is for {players} players")

    def with_cell(self, side: str, row: str, cards: int, squares: Sequence[int]) -> StoreBoard:
        return StoreBoard(
            tuple(s.with_cell(row, cards, squares) if s.name == side else s for s in self.sides)
        )


def _parse_cell(raw: Any, row: str, cards: int, where: str, origin: str) -> Cell:
    if not isinstance(raw, dict):
        raise GameDataError(f"{origin}: {where} must be an object with 'squares'")
    squares = raw.get("squares")
    if not isinstance(squares, list) or not squares:
        raise GameDataError(f"{origin}: {where}: 'squares' must list at least one value")
    for value in squares:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise GameDataError(
                f"{origin}: {where}: square values must be whole numbers >= 0, got {value!r}"
            )
    verified = _bool(raw.get("verified", False), f"{where}.verified", origin)
    return Cell(row, cards, tuple(squares), verified, str(raw.get("source", "")))


@data_parser
def parse_store_board(data: Any, origin: str = "Store board data") -> StoreBoard:
    """Validate the decoded JSON of a Store board file: both sides, every cell present."""
    if not isinstance(data, dict) or not isinstance(data.get("sides"), dict):
        raise GameDataError(f"{origin}: expected a JSON object with 'sides'")
    raw_sides = data["sides"]
    if sorted(raw_sides) != sorted(SIDES):
        raise GameDataError(
            f"{origin}: 'sides' must be {' and '.join(SIDES)}, got {', '.join(map(str, raw_sides))}"
        )
    sides = []
    for name in SIDES:
        raw = raw_sides[name]
        if not isinstance(raw, dict):
            raise GameDataError(f"{origin}: side {name!r} must be an object")
        players = raw.get("players")
        if not isinstance(players, list) or not all(p in (2, 3, 4) for p in players):
            raise GameDataError(f"{origin}: side {name!r}: 'players' must list counts 2..4")
        cells_raw = raw.get("cells")
        if not isinstance(cells_raw, dict) or sorted(cells_raw) != sorted(ROWS):
            raise GameDataError(
                f"{origin}: side {name!r}: 'cells' must have the rows {', '.join(ROWS)}"
            )
        cells = []
        for row in ROWS:
            columns = cells_raw[row]
            if not isinstance(columns, dict):
                raise GameDataError(f"{origin}: side {name!r}, row {row!r} must be an object")
            sizes = range(SMALLEST_SET, LARGEST_SET[row] + 1)
            extra = sorted(set(columns) - {str(n) for n in sizes})
            if extra:
                raise GameDataError(
                    f"{origin}: side {name!r}, row {row!r} has no column {extra[0]!r}: "
                    f"columns run from {sizes[0]} to {sizes[-1]} cards"
                )
            for size in sizes:
                where = f"side {name!r}, cell {row} / {size} cards"
                if str(size) not in columns:
                    raise GameDataError(f"{origin}: {where} is missing")
                cells.append(_parse_cell(columns[str(size)], row, size, where, origin))
        sides.append(StoreSide(name, tuple(players), tuple(cells)))
    counts = sorted(p for side in sides for p in side.players)
    if counts != [2, 3, 4]:
        raise GameDataError(f"{origin}: the sides must cover 2, 3 and 4 players once each")
    return StoreBoard(tuple(sides))


# -- loading ----------------------------------------------------------------------------------
def load_bean_cards(path: str | Path | None = None) -> BeanCards:
    """The bean cards from `path`, or the ones shipped in the package."""
    data, origin = read_json(path, "engine.mamey", "data/bean_cards.json")
    return parse_bean_cards(data, origin)


def load_store_board(path: str | Path | None = None) -> StoreBoard:
    """The Store board from `path`, or the one shipped in the package."""
    data, origin = read_json(path, "engine.mamey", "data/store_board.json")
    return parse_store_board(data, origin)
