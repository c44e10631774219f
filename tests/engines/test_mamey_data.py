"""The Mamey component data files: what ships, and malformed files refused by name."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from engine.core import GameDataError
from engine.mamey import (
    RANKS,
    MameyGame,
    load_bean_cards,
    load_store_board,
    parse_bean_cards,
    parse_store_board,
)


def shipped(name: str) -> Any:
    return json.loads(resources.files("engine.mamey").joinpath(f"data/{name}").read_text("utf-8"))


# -- what ships ---------------------------------------------------------------------------------
def test_sixty_cards_of_four_colours() -> None:
    cards = load_bean_cards()
    assert len(cards.colours) == 4 and sum(cards.copies) == 60
    for colour in range(4):
        assert cards.copies[colour * 6 : colour * 6 + 6] == (2, 3, 4, 3, 2, 1)
    assert [cards.bonus(r) for r in range(6)] == [2, 1, 0, 1, 2, 0]
    assert cards.bonus_verified


def test_sprout_flags_are_placeholders() -> None:
    cards = load_bean_cards()
    assert not cards.sprouts_verified
    assert all(card["sprout"]["verified"] is False for card in shipped("bean_cards.json")["cards"])


def test_only_the_printed_store_cell_is_verified() -> None:
    board = load_store_board()
    front = board.side("3-4 players")
    verified = [(c.row, c.cards, c.squares) for c in front.cells if c.verified]
    assert verified == [("same number", 3, (6, 4))]
    back = board.side("2 players")
    assert not any(c.verified for c in back.cells)
    assert len(front.cell("run", 3).squares) == 2  # the placement example's two squares


def test_each_side_serves_its_player_counts() -> None:
    board = load_store_board()
    assert board.side_for(2).name == "2 players"
    assert board.side_for(3).name == board.side_for(4).name == "3-4 players"
    assert MameyGame(players=2).board.name == "2 players"


def test_with_cell_changes_one_cell_and_marks_it_unverified() -> None:
    board = load_store_board().with_cell("3-4 players", "run", 3, [5, 4])
    cell = board.side("3-4 players").cell("run", 3)
    assert cell.squares == (5, 4) and not cell.verified and cell.source == "set by the scenario"
    with pytest.raises(GameDataError, match="whole numbers >= 0"):
        board.with_cell("3-4 players", "run", 3, [-1])


# -- malformed bean-card files ---------------------------------------------------------------------
def cards_with(change: Any) -> Any:
    data = copy.deepcopy(shipped("bean_cards.json"))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["cards"].append({"colour": "red", "rank": "3",
                                      "sprout": {"value": False, "verified": False}}),
         "colour 'red' has 16 cards; the rulebook gives each colour 15"),
        (lambda d: d["cards"].pop(0), "colour 'red' has 14 cards"),
        (lambda d: d["cards"][0].update(rank="2"),
         "colour 'red' has 1 cards of rank 1; the rulebook gives 2"),
        (lambda d: d["cards"][0].update(colour="purple"), "cards[0] has colour 'purple'"),
        (lambda d: d["cards"][0].update(rank="X"), "cards[0] has rank 'X'"),
        (lambda d: d["cards"][0].update(sprout=True), "cards[0].sprout must be"),
        (lambda d: d["cards"][0]["sprout"].update(value="yes"),
         "cards[0].sprout.value must be true or false"),
        (lambda d: d.update(colours=["red", "red", "green", "blue"]),
         "'colours' must list 4 different one-word names"),
        (lambda d: d["bonus_icons"]["values"].update({"3": -1}),
         "bonus_icons['3'] must be a whole number >= 0"),
        (lambda d: d["bonus_icons"]["values"].pop("Joker"),
         "bonus_icons values must name the ranks"),
        (lambda d: d.pop("cards"), "'cards' must be a list of cards"),
        (lambda d: [c["sprout"].update(value=True) for c in d["cards"]],
         "only 0 cards are left without the sprout icon"),
    ],
)  # fmt: skip
def test_malformed_bean_card_data(change: Any, message: str) -> None:
    with pytest.raises(GameDataError) as caught:
        parse_bean_cards(cards_with(change), "cards.json")
    assert message in str(caught.value) and "cards.json" in str(caught.value)


def test_with_sprouts_refuses_more_sprouts_than_cards() -> None:
    with pytest.raises(GameDataError, match="3 on red 1 but the game has 2"):
        load_bean_cards().with_sprouts(["red 1", "red 1", "red 1"])


# -- malformed Store board files -------------------------------------------------------------------
def board_with(change: Any) -> Any:
    data = copy.deepcopy(shipped("store_board.json"))
    change(data)
    return data


FRONT = "3-4 players"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["sides"][FRONT]["cells"]["same number"]["3"].update(squares=[6, -4]),
         "cell same number / 3 cards: square values must be whole numbers >= 0, got -4"),
        (lambda d: d["sides"][FRONT]["cells"]["run"]["2"].update(squares=[]),
         "cell run / 2 cards: 'squares' must list at least one value"),
        (lambda d: d["sides"][FRONT]["cells"]["run"].pop("6"), "cell run / 6 cards is missing"),
        (lambda d: d["sides"][FRONT]["cells"]["same number"].update({"5": {"squares": [1]}}),
         "row 'same number' has no column '5': columns run from 2 to 4 cards"),
        (lambda d: d["sides"][FRONT]["cells"].pop("run"), "'cells' must have the rows"),
        (lambda d: d["sides"].pop("2 players"), "'sides' must be 3-4 players and 2 players"),
        (lambda d: d["sides"]["2 players"].update(players=[3]),
         "the sides must cover 2, 3 and 4 players once each"),
        (lambda d: d["sides"][FRONT]["cells"]["run"]["3"].update(verified="no"),
         "verified must be true or false"),
        (lambda d: d.pop("sides"), "expected a JSON object with 'sides'"),
    ],
)  # fmt: skip
def test_malformed_store_board_data(change: Any, message: str) -> None:
    with pytest.raises(GameDataError) as caught:
        parse_store_board(board_with(change), "board.json")
    assert message in str(caught.value) and "board.json" in str(caught.value)


@pytest.mark.parametrize("loader", [load_bean_cards, load_store_board])
def test_files_that_are_not_json(tmp_path: Path, loader: Any) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(GameDataError, match="not valid JSON") as caught:
        loader(path)
    assert str(path) in str(caught.value)


def test_a_file_path_is_read(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(shipped("bean_cards.json")))
    assert load_bean_cards(path).copies == load_bean_cards().copies
    assert RANKS[-1] == "Joker"
