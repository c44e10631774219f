"""The Store board and bean-card tables of docs/mamey/store.md are the shipped data files.

The page's tables were written from the data files; this test reads them back, cell by cell,
with their labels (known / derived / UNVERIFIED), so the page cannot drift from what the
engine loads.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.data_files import shipped_json
from engine.mamey import RANKS, ROWS, load_bean_cards, load_store_board

PAGE = Path(__file__).resolve().parents[3] / "docs" / "mamey" / "store.md"
RULES = PAGE.with_name("rules.md")
_CELL = re.compile(r"^(\*\*)?([\d, ]+) \((known|UNVERIFIED)\)(\*\*)?$")


def tables() -> dict[str, list[list[str]]]:
    """Each table of the page under its ``### `` heading, as rows of stripped cells."""
    found: dict[str, list[list[str]]] = {}
    heading = ""
    for line in PAGE.read_text("utf-8").splitlines():
        if line.startswith("### "):
            heading = line[4:].strip()
        elif line.startswith("|") and not line.startswith("|---"):
            found.setdefault(heading, []).append([c.strip() for c in line.strip("|").split("|")])
    return found


def read_cell(text: str) -> tuple[tuple[int, ...], bool] | None:
    """``"6, 4 (UNVERIFIED)"`` -> ((6, 4), False); ``"**6, 4 (known)**"`` -> ((6, 4), True)."""
    if text == "—":
        return None
    match = _CELL.match(text)
    assert match, f"cannot read table cell {text!r}"
    bold = bool(match.group(1)) and bool(match.group(4))
    known = match.group(3) == "known"
    assert bold == known, f"a known cell is bold and only a known cell: {text!r}"
    return tuple(int(v) for v in match.group(2).split(",")), known


@pytest.mark.parametrize("side_name", ["3-4 players", "2 players"])
def test_store_tables_equal_the_data_file(side_name: str) -> None:
    side = load_store_board().side(side_name)
    rows = tables()[f"The `{side_name}` side"]
    assert rows[0] == ["Kind of set", "2 cards", "3 cards", "4 cards", "5 cards", "6 cards"]
    assert len(rows) == 1 + len(ROWS)
    for row_name, cells in zip(ROWS, rows[1:], strict=True):
        assert cells[0].endswith(f"(`{row_name}`)"), cells[0]
        for size, text in zip(range(2, 7), cells[1:], strict=True):
            try:
                cell = side.cell(row_name, size)
            except KeyError:
                assert read_cell(text) is None, f"{row_name} / {size}: {text}"
                continue
            assert read_cell(text) == (cell.squares, cell.verified), f"{row_name} / {size}"


def test_sprout_table_equals_the_data_file() -> None:
    cards = load_bean_cards()
    rows = tables()["Sprout flags"]
    assert rows[0] == ["Colour", *RANKS]
    assert [r[0] for r in rows[1:]] == list(cards.colours)
    for colour, row in enumerate(rows[1:]):
        for rank, text in enumerate(row[1:]):
            card = colour * 6 + rank
            label = "known" if cards.sprouts_verified else "UNVERIFIED"
            assert text == f"{cards.sprouts[card]} of {cards.copies[card]} ({label})"


def test_bonus_table_equals_the_data_file() -> None:
    """Printed values say known, values the project derived say derived (the 3 and Joker)."""
    cards = load_bean_cards()
    rows = tables()["Bean Bonus icons"]
    derived = set(shipped_json("engine.mamey", "data/bean_cards.json")["bonus_icons"]["derived"])
    assert derived == {"3", "Joker"}

    def label(rank: str) -> str:
        if not cards.bonus_verified:
            return "UNVERIFIED"
        return "derived" if rank in derived else "known"

    assert rows[0] == ["Card", *RANKS]
    assert rows[1] == [
        "Icons",
        *(f"{n} ({label(rank)})" for n, rank in zip(cards.bonus_icons, RANKS, strict=True)),
    ]


def test_rules_page_warns_about_unverified_data() -> None:
    """Before the first clause, a line saying UNVERIFIED, its details (the Store page) a
    click away."""
    text = RULES.read_text("utf-8")
    start = ":::{fold} **Component data is UNVERIFIED.**\n:class: rulebooks-data-note\n"
    warning = text.split(start, 1)[1].split(":::", 1)[0]
    assert "store.md" in warning
    assert text.index(start) < text.index("```{clause}")
