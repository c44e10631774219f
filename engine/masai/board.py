"""The Masai necklace as a graph, read from a data file and validated once per game object.

The rulebook says what a board holds (MASAI-3.1): six sectors, one per dice colour, each made
of two areas; every area has 3 die slots (squares) and 3 seed slots (ellipses); the slots lie
on an inner (dotted) or an outer (solid) line. It does not print the geometry: which seed
slot joins which die slots, and which die slots are joined by the line itself ("natural
links"). Those come from ``data/board.json`` (an unverified reading, see MASAI-R1) or from
any file in the same format:

``sectors``
    ``[{"colour": "red", "key": {"id": "R-key", "at": [a, r]}}, ...]``: the six colours in
    order round the necklace, each with the position of its key die.
``areas``
    ``[{"id": "R-in", "sector": "red", "die_slots": [3 ids], "seed_slots": [3 ids]}, ...]``.
``die_slots``
    ``[{"id": "R-in-d1", "line": "inner", "at": [a, r]}, ...]``.
``seed_slots``
    ``[{"id": "R-in-s1", "line": "inner", "joins": ["V-in-d3", "R-in-d1"], "at": [a, r]}]``:
    a seed of a player in this slot joins these die slots for that player.
``natural_links``
    ``[["R-in-d1", "R-in-d2"], ...]``: die slots joined for everyone, with no seed.

``at`` is ``[degrees clockwise from the top, radius]``, used only to draw the board.
Slots are numbered in file order; the engine works on those numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import GameDataError
from ..data_files import data_parser, read_json, shipped_json

COLOURS = ("red", "orange", "yellow", "green", "blue", "violet")
"""The six dice colours; a sector has the index of its colour in this tuple."""
LINES = ("inner", "outer")
INNER = 0
OUTER = 1
AREAS_PER_SECTOR = 2
DIE_SLOTS_PER_AREA = 3
SEED_SLOTS_PER_AREA = 3
SHIPPED_BOARD = "data/board.json"


@dataclass(frozen=True)
class Board:
    """MASAI-3.1, 3.2: a validated necklace. Slots are referred to by index, named by ``*_ids``."""

    name: str
    verified: bool
    about: str
    necklace: tuple[int, ...]  # sector (colour) indices in order round the necklace
    key_ids: tuple[str, ...]  # per sector (colour index)
    key_at: tuple[tuple[float, float], ...]
    area_ids: tuple[str, ...]
    area_sector: tuple[int, ...]
    area_dice: tuple[tuple[int, ...], ...]
    area_seeds: tuple[tuple[int, ...], ...]
    die_ids: tuple[str, ...]
    die_line: tuple[int, ...]
    die_area: tuple[int, ...]
    die_sector: tuple[int, ...]
    die_at: tuple[tuple[float, float], ...]
    seed_ids: tuple[str, ...]
    seed_line: tuple[int, ...]
    seed_area: tuple[int, ...]
    seed_joins: tuple[tuple[int, ...], ...]
    seed_at: tuple[tuple[float, float], ...]
    natural_links: tuple[tuple[int, int], ...]
    # Derived tables (built once by `parse_board`).
    die_natural: tuple[tuple[int, ...], ...]  # die slot -> naturally linked die slots
    die_seeds: tuple[tuple[int, ...], ...]  # die slot -> seed slots joined to it
    sector_dice: tuple[tuple[int, ...], ...]  # sector -> its die slots
    sector_areas: tuple[tuple[int, ...], ...]
    die_index: Mapping[str, int]
    seed_index: Mapping[str, int]
    area_index: Mapping[str, int]

    @property
    def num_die_slots(self) -> int:
        return len(self.die_ids)

    @property
    def num_seed_slots(self) -> int:
        return len(self.seed_ids)

    def die_slot(self, name: str) -> int:
        """The index of a die slot by its id, with an error listing a few valid ids."""
        try:
            return self.die_index[name]
        except KeyError:
            raise GameDataError(
                f"no die slot {name!r} on board {self.name!r} (die slots look like "
                f"{self.die_ids[0]!r})"
            ) from None

    def seed_slot(self, name: str) -> int:
        """The index of a seed slot by its id."""
        try:
            return self.seed_index[name]
        except KeyError:
            raise GameDataError(
                f"no seed slot {name!r} on board {self.name!r} (seed slots look like "
                f"{self.seed_ids[0]!r})"
            ) from None

    def to_data(self) -> dict[str, Any]:
        """The board in the file format (what `parse_board` reads back)."""
        return {
            "about": self.about,
            "name": self.name,
            "verified": self.verified,
            "sectors": [
                {
                    "colour": COLOURS[s],
                    "key": {"id": self.key_ids[s], "at": list(self.key_at[s])},
                }
                for s in self.necklace
            ],
            "areas": [
                {
                    "id": self.area_ids[a],
                    "sector": COLOURS[self.area_sector[a]],
                    "die_slots": [self.die_ids[d] for d in self.area_dice[a]],
                    "seed_slots": [self.seed_ids[s] for s in self.area_seeds[a]],
                }
                for a in range(len(self.area_ids))
            ],
            "die_slots": [
                {"id": self.die_ids[d], "line": LINES[self.die_line[d]], "at": list(self.die_at[d])}
                for d in range(self.num_die_slots)
            ],
            "seed_slots": [
                {
                    "id": self.seed_ids[s],
                    "line": LINES[self.seed_line[s]],
                    "joins": [self.die_ids[d] for d in self.seed_joins[s]],
                    "at": list(self.seed_at[s]),
                }
                for s in range(self.num_seed_slots)
            ],
            "natural_links": [[self.die_ids[a], self.die_ids[b]] for a, b in self.natural_links],
        }


class _Reader:
    """Checks one board description; every error names the file and what is wrong."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.taken: dict[str, str] = {}  # every id -> what it names, to refuse an id used twice

    def claim(self, ident: str, what: str) -> None:
        """Record that ``ident`` names ``what``; an id names one thing on the whole board."""
        if ident in self.taken:
            raise self.fail(f"the id {ident!r} is used twice ({self.taken[ident]} and {what})")
        self.taken[ident] = what

    def fail(self, message: str) -> GameDataError:
        return GameDataError(f"{self.origin}: {message}")

    def mapping(self, value: Any, what: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(f"{what} must be a JSON object, got {value!r}")
        return value

    def items(self, value: Any, what: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(f"{what} must be a list, got {value!r}")
        return value

    def ident(self, value: Any, what: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{what} must be a non-empty string, got {value!r}")
        return value

    def line(self, value: Any, what: str) -> int:
        if value not in LINES:
            raise self.fail(f"{what}: line must be 'inner' or 'outer', got {value!r}")
        return LINES.index(value)

    def position(self, value: Any, what: str) -> tuple[float, float]:
        ok = (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        )
        if not ok:
            raise self.fail(f"{what}: 'at' must be [degrees, radius], got {value!r}")
        return float(value[0]), float(value[1])


@data_parser
def parse_board(data: Any, origin: str = "board data") -> Board:
    """Validate the decoded JSON of a board file (see the module docstring for the format)."""
    read = _Reader(origin)
    top = read.mapping(data, "the board")
    known = {"about", "name", "source", "verified", "sectors", "areas", "die_slots",
             "seed_slots", "natural_links"}  # fmt: skip
    unknown = sorted(set(top) - known)
    if unknown:
        raise read.fail(f"unknown field(s) {', '.join(unknown)}")
    verified = top.get("verified", False)
    if not isinstance(verified, bool):
        raise read.fail(f"'verified' must be true or false, got {verified!r}")
    name = read.ident(top.get("name", "custom"), "'name'")
    necklace, key_ids, key_at = _read_sectors(read, top)
    dice = _read_die_slots(read, top)
    seeds = _read_seed_slots(read, top, dice)
    areas = _read_areas(read, top, dice, seeds)
    natural = _read_natural_links(read, top, dice)
    return _board(top, name, verified, (necklace, key_ids, key_at), dice, seeds, areas, natural)


@dataclass(frozen=True)
class _Slots:
    """The slots of one kind as read: ids, line, position (and, for seed slots, the die
    slots each joins), with the index of each id."""

    ids: list[str]
    line: list[int]
    at: list[tuple[float, float]]
    index: dict[str, int]
    joins: list[tuple[int, ...]]


@dataclass(frozen=True)
class _Areas:
    ids: list[str]
    sector: list[int]
    dice: list[tuple[int, ...]]
    seeds: list[tuple[int, ...]]
    die_area: dict[int, int]
    seed_area: dict[int, int]


def _read_sectors(
    read: _Reader, top: Mapping[str, Any]
) -> tuple[list[int], list[str], list[tuple[float, float]]]:
    # Sectors: the six colours once each, in necklace order, each with a key position.
    sectors = read.items(top.get("sectors"), "'sectors'")
    necklace: list[int] = []
    key_ids = [""] * len(COLOURS)
    key_at = [(0.0, 0.0)] * len(COLOURS)
    for n, entry in enumerate(sectors):
        entry = read.mapping(entry, f"sector {n + 1}")
        colour = entry.get("colour")
        if colour not in COLOURS:
            raise read.fail(f"sector {n + 1}: colour must be one of {', '.join(COLOURS)}, "
                            f"got {colour!r}")  # fmt: skip
        sector = COLOURS.index(colour)
        if sector in necklace:
            raise read.fail(f"there are two {colour} sectors")
        necklace.append(sector)
        key = read.mapping(entry.get("key"), f"the {colour} sector's key")
        key_ids[sector] = read.ident(key.get("id"), f"the {colour} sector's key id")
        read.claim(key_ids[sector], f"the {colour} key")
        key_at[sector] = read.position(key.get("at"), f"the {colour} sector's key")
    missing = [c for i, c in enumerate(COLOURS) if i not in necklace]
    if missing:
        raise read.fail(f"no sector for {', '.join(missing)}: the necklace has one per colour")
    return necklace, key_ids, key_at


def _read_die_slots(read: _Reader, top: Mapping[str, Any]) -> _Slots:
    die_ids: list[str] = []
    die_line: list[int] = []
    die_at: list[tuple[float, float]] = []
    for n, entry in enumerate(read.items(top.get("die_slots"), "'die_slots'")):
        entry = read.mapping(entry, f"die slot {n + 1}")
        ident = read.ident(entry.get("id"), f"die slot {n + 1}'s id")
        read.claim(ident, "a die slot")
        die_ids.append(ident)
        die_line.append(read.line(entry.get("line"), f"die slot {ident}"))
        die_at.append(read.position(entry.get("at"), f"die slot {ident}"))
    die_index = {ident: i for i, ident in enumerate(die_ids)}
    return _Slots(die_ids, die_line, die_at, die_index, [])


def _read_seed_slots(read: _Reader, top: Mapping[str, Any], dice: _Slots) -> _Slots:
    die_index, die_line = dice.index, dice.line
    seed_ids: list[str] = []
    seed_line: list[int] = []
    seed_at: list[tuple[float, float]] = []
    seed_joins: list[tuple[int, ...]] = []
    for n, entry in enumerate(read.items(top.get("seed_slots"), "'seed_slots'")):
        entry = read.mapping(entry, f"seed slot {n + 1}")
        ident = read.ident(entry.get("id"), f"seed slot {n + 1}'s id")
        read.claim(ident, "a seed slot")
        seed_ids.append(ident)
        line = read.line(entry.get("line"), f"seed slot {ident}")
        seed_line.append(line)
        seed_at.append(read.position(entry.get("at"), f"seed slot {ident}"))
        joins = read.items(entry.get("joins", []), f"seed slot {ident}'s 'joins'")
        if not joins:
            raise read.fail(f"seed slot {ident} is joined to no die slot: a seed there "
                            f"could never link anything")  # fmt: skip
        joined: list[int] = []
        for target in joins:
            if target not in die_index:
                raise read.fail(f"seed slot {ident} joins {target!r}, which is not a die slot")
            d = die_index[target]
            if die_line[d] != line:
                raise read.fail(f"seed slot {ident} is on the {LINES[line]} line but joins die "
                                f"slot {target} on the {LINES[die_line[d]]} line")  # fmt: skip
            if d in joined:
                raise read.fail(f"seed slot {ident} joins die slot {target} twice")
            joined.append(d)
        seed_joins.append(tuple(joined))
    seed_index = {ident: i for i, ident in enumerate(seed_ids)}
    return _Slots(seed_ids, seed_line, seed_at, seed_index, seed_joins)


def _read_areas(
    read: _Reader, top: Mapping[str, Any], die_slots: _Slots, seed_slots: _Slots
) -> _Areas:
    die_ids, die_index = die_slots.ids, die_slots.index
    seed_ids, seed_index = seed_slots.ids, seed_slots.index
    # Areas: two per sector; three die slots and three seed slots each; a slot in one area.
    area_ids: list[str] = []
    area_sector: list[int] = []
    area_dice: list[tuple[int, ...]] = []
    area_seeds: list[tuple[int, ...]] = []
    die_area: dict[int, int] = {}
    seed_area: dict[int, int] = {}
    for n, entry in enumerate(read.items(top.get("areas"), "'areas'")):
        entry = read.mapping(entry, f"area {n + 1}")
        ident = read.ident(entry.get("id"), f"area {n + 1}'s id")
        read.claim(ident, "an area")
        colour = entry.get("sector")
        if colour not in COLOURS:
            raise read.fail(f"area {ident}: sector must be a colour, got {colour!r}")
        area = len(area_ids)
        dice = _area_slots(read, entry, ident, "die_slots", die_index, die_area, area_ids, area)
        seeds = _area_slots(read, entry, ident, "seed_slots", seed_index, seed_area, area_ids, area)
        if len(dice) != DIE_SLOTS_PER_AREA or len(seeds) != SEED_SLOTS_PER_AREA:
            raise read.fail(f"area {ident} has {len(dice)} die slots and {len(seeds)} seed "
                            f"slots; every area has 3 of each")  # fmt: skip
        area_ids.append(ident)
        area_sector.append(COLOURS.index(colour))
        area_dice.append(dice)
        area_seeds.append(seeds)
    for sector, colour in enumerate(COLOURS):
        count = area_sector.count(sector)
        if count != AREAS_PER_SECTOR:
            raise read.fail(f"the {colour} sector has {count} areas; every sector has 2")
    for names, index, where in [(die_ids, die_index, die_area), (seed_ids, seed_index, seed_area)]:
        for slot in names:
            if index[slot] not in where:
                raise read.fail(f"slot {slot} is in no area")
    return _Areas(area_ids, area_sector, area_dice, area_seeds, die_area, seed_area)


def _read_natural_links(
    read: _Reader, top: Mapping[str, Any], dice: _Slots
) -> list[tuple[int, int]]:
    die_index, die_line = dice.index, dice.line
    # Natural links: pairs of different die slots on one line, each pair once.
    natural: list[tuple[int, int]] = []
    for n, pair in enumerate(read.items(top.get("natural_links", []), "'natural_links'")):
        pair = read.items(pair, f"natural link {n + 1}")
        if len(pair) != 2 or not all(p in die_index for p in pair):
            raise read.fail(f"natural link {n + 1} must name two die slots, got {pair!r}")
        a, b = die_index[pair[0]], die_index[pair[1]]
        if a == b:
            raise read.fail(f"natural link {n + 1} joins die slot {pair[0]} to itself")
        if die_line[a] != die_line[b]:
            raise read.fail(f"natural link {pair[0]}-{pair[1]} joins the inner and the outer line")
        link = (min(a, b), max(a, b))
        if link in natural:
            raise read.fail(f"natural link {pair[0]}-{pair[1]} is listed twice")
        natural.append(link)
    return natural


def _board(
    top: Mapping[str, Any],
    name: str,
    verified: bool,
    keys: tuple[list[int], list[str], list[tuple[float, float]]],
    dice: _Slots,
    seeds: _Slots,
    areas: _Areas,
    natural: list[tuple[int, int]],
) -> Board:
    """The board, with the tables the rules look up precomputed."""
    necklace, key_ids, key_at = keys
    die_ids, die_line, die_at, die_index = dice.ids, dice.line, dice.at, dice.index
    seed_ids, seed_line, seed_at, seed_index = seeds.ids, seeds.line, seeds.at, seeds.index
    seed_joins = seeds.joins
    area_ids, area_sector, area_dice, area_seeds = areas.ids, areas.sector, areas.dice, areas.seeds
    die_area, seed_area = areas.die_area, areas.seed_area
    die_sector = tuple(area_sector[die_area[d]] for d in range(len(die_ids)))
    return Board(
        name=name,
        verified=verified,
        about=str(top.get("about", "")),
        necklace=tuple(necklace),
        key_ids=tuple(key_ids),
        key_at=tuple(key_at),
        area_ids=tuple(area_ids),
        area_sector=tuple(area_sector),
        area_dice=tuple(area_dice),
        area_seeds=tuple(area_seeds),
        die_ids=tuple(die_ids),
        die_line=tuple(die_line),
        die_area=tuple(die_area[d] for d in range(len(die_ids))),
        die_sector=die_sector,
        die_at=tuple(die_at),
        seed_ids=tuple(seed_ids),
        seed_line=tuple(seed_line),
        seed_area=tuple(seed_area[s] for s in range(len(seed_ids))),
        seed_joins=tuple(seed_joins),
        seed_at=tuple(seed_at),
        natural_links=tuple(natural),
        die_natural=tuple(
            tuple(b if a == d else a for a, b in natural if d in (a, b))
            for d in range(len(die_ids))
        ),
        die_seeds=tuple(
            tuple(s for s, joined in enumerate(seed_joins) if d in joined)
            for d in range(len(die_ids))
        ),
        sector_dice=tuple(
            tuple(d for d in range(len(die_ids)) if die_sector[d] == s) for s in range(6)
        ),
        sector_areas=tuple(
            tuple(a for a, sec in enumerate(area_sector) if sec == s) for s in range(6)
        ),
        die_index=die_index,
        seed_index=seed_index,
        area_index={ident: i for i, ident in enumerate(area_ids)},
    )


def _area_slots(
    read: _Reader,
    entry: Mapping[str, Any],
    area_id: str,
    field: str,
    index: Mapping[str, int],
    owner: dict[int, int],
    area_ids: Sequence[str],
    area: int,
) -> tuple[int, ...]:
    """The slots an area lists, each a known slot of the right kind and in no other area."""
    kind = "die slot" if field == "die_slots" else "seed slot"
    slots: list[int] = []
    for name in read.items(entry.get(field), f"area {area_id}'s {field!r}"):
        if name not in index:
            raise read.fail(f"area {area_id} lists {name!r}, which is not a {kind}")
        slot = index[name]
        if slot in owner:
            if owner[slot] == area:
                raise read.fail(f"area {area_id} lists {kind} {name} twice")
            first = area_ids[owner[slot]]
            raise read.fail(f"{kind} {name} is in two areas: {first} and {area_id}")
        owner[slot] = area
        slots.append(slot)
    return tuple(slots)


def shipped_board_data() -> dict[str, Any]:
    """The decoded JSON of the board shipped with the package (a fresh copy each call)."""
    data: dict[str, Any] = shipped_json("engine.masai", SHIPPED_BOARD)
    return data


def load_board(path: str | Path | None = None) -> Board:
    """The board from `path`, or the one shipped in the package."""
    data, origin = read_json(path, "engine.masai", SHIPPED_BOARD)
    return parse_board(data, origin)
