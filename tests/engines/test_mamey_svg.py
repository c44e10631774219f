"""The Mamey picture: the public view, every field and cube drawn once, words alongside."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from typing import Any

import pytest

import engine
from engine.core import RulebooksError
from engine.mamey import MameyGame, MameyState
from engine.mamey.svg import (
    colour_letters,
    data_caveat,
    describe,
    facts,
    player_letters,
    to_svg,
    unverified_cells,
)
from tests.scenarios.mamey import steps

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["Ana", "Ben", "Cal", "Dee"]


def game(players: int = 4) -> MameyGame:
    made = engine.load_game("mamey", players=players)
    assert isinstance(made, MameyGame)
    return made


def position() -> MameyState:
    """Hidden cards are all Jokers or 5s, visible ones never are: any of them in the picture
    would be a leak."""
    data: dict[str, Any] = {
        "hands": [["red Joker", "blue 5"], ["yellow Joker"], [], ["green 5", "green 5"]],
        "fields": [
            {"face_up": ["blue 4", "red 2"], "face_down": "green Joker"},
            {"face_up": [], "face_down": "yellow 5"},
            {"face_up": ["yellow 3"], "face_down": None},
        ],
        "sold": [["red 3", "yellow 3", "blue 3"], [], ["red 5", "yellow 5"], []],
        "discard": ["green 1", "green 2"],
        "board": [
            {"row": "same number", "cards": 3, "square": 1, "player": 0},
            {"row": "same number", "cards": 2, "square": 2, "player": 2},
        ],
        "turn_player": 1,
    }
    return game().state_from_dict(data)


def classes(svg: str, kind: str) -> list[str]:
    """The class lists of every group of `kind` (``cube``, ``field``, ``card`` ...)."""
    return [c for c in re.findall(r'<g class="([^"]+)"', svg) if c.split()[0] == kind]


def test_svg_is_well_formed_with_title_and_description() -> None:
    state = position()
    svg = to_svg(state, title="A <title> & more", names=NAMES)
    root = ET.fromstring(svg)
    title = "A <title> & more (Store values UNVERIFIED)"
    assert root.find(f"{SVG}title").text == title  # type: ignore[union-attr]
    desc = root.find(f"{SVG}desc").text  # type: ignore[union-attr]
    assert desc == f"{describe(state, NAMES)} {data_caveat(state)}"
    assert "<script" not in svg


def test_the_text_alternative_lists_the_public_facts() -> None:
    said = facts(position(), NAMES)
    assert said[:5] == [
        "deck: 43 cards",
        "field 1: blue 4, red 2 face up and 1 card face down",
        "field 2: 1 card face down",
        "field 3: yellow 3 face up",
        "discard pile: 2 cards, green 2 on top",
    ]
    assert said[5] == (
        "Store board (3-4 players side): player 2 (Cal) on the 1 of same number / 2 cards, "
        "player 0 (Ana) on the 6 of same number / 3 cards"
    )
    assert (
        said[6] == "player 0 (Ana): 2 cards in hand, 3 cubes in hand and 3 in stock, 3 cards sold"
    )
    assert (
        said[8] == "player 2 (Cal): 0 cards in hand, 3 cubes in hand and 3 in stock, 2 cards sold"
    )
    assert said[-1] == "turn of player 1 (Ben): to choose an action"
    assert "player 3: 2 cards in hand" in describe(position())  # without names


def test_each_field_once_with_its_face_up_cards_backs_and_vacancy() -> None:
    svg = to_svg(position())
    fields = re.findall(r'<g class="field" data-field="(\d)">(.*?)</g>(?=<g class="field"|<text)',
                        svg)  # fmt: skip
    assert [f for f, _ in fields] == ["1", "2", "3"]
    body = dict(fields)
    assert body["1"].count('class="card back field-face-down"') == 1
    assert re.findall(r'data-card="([^"]+)"', body["1"]) == ["blue 4", "red 2"]
    assert ">B4<" in body["1"] and ">R2<" in body["1"]  # the colour letter, not only colour
    assert "face-down" in body["2"] and "data-card" not in body["2"]
    assert "face-down" not in body["3"] and re.findall(r'data-card="([^"]+)"', body["3"]) == [
        "yellow 3"
    ]
    vacant = to_svg(game().new_initial_state())
    assert vacant.count(">vacant<") == 3


def test_a_crowded_field_counts_the_cards_it_cannot_draw() -> None:
    up = [f"{c} {n}" for c in ("red", "yellow", "green") for n in (1, 2, 3, 4)] + ["blue 1"]
    state = game().state_from_dict(
        {
            "fields": [
                {"face_up": up, "face_down": "blue 2"},
                {"face_down": "blue 3"},
                {"face_down": "blue 4"},
            ]
        }
    )
    svg = to_svg(state)
    ET.fromstring(svg)
    field = svg[svg.index('data-field="1"') : svg.index('data-field="2"')]
    drawn = len(re.findall(r'class="card face-up"', field))
    extra = re.findall(r'<g class="more-cards">.*?>\+(\d+)</text></g>', field)
    assert drawn + int(extra[0]) == 13 and field.count("field-face-down") == 1
    assert "13 up, 1 face down" in field
    assert facts(state)[1] == f"field 1: {', '.join(up)} face up and 1 card face down"


def test_each_cube_is_drawn_once_where_it_is() -> None:
    state = position()
    svg = to_svg(state, names=NAMES)
    cubes = classes(svg, "cube")
    for p in range(4):
        mine = [c.split()[2] for c in cubes if c.split()[1] == f"cube-p{p}"]
        assert mine.count("in-hand") == state.cubes_in_hand(p)
        assert mine.count("in-stock") == state.cubes_in_stock(p)
        assert mine.count("on-board") == len(state.squares_of(p))
        assert len(mine) == 7
    # every cube shows its player's letter, so the picture does not rely on colour
    letters = re.findall(r'<g class="cube cube-p0 [^"]+">.*?>(\w)</text></g>', svg)
    assert letters and set(letters) == {"A"}


def test_the_store_board_shows_every_square_and_the_cubes_on_it() -> None:
    state = position()
    svg = to_svg(state)
    cells = re.findall(r'<g class="cell" data-cell="([^"]+)">', svg)
    assert cells == [c.label for c in state.game.board.cells]
    assert svg.count('<g class="square">') == len(state.game.square_values)
    six = svg[svg.index('data-cell="same number / 3 cards"') :]
    six = six[: six.index('<g class="cell"')]
    assert re.search(r">6</text><g class=\"cube cube-p0 on-board\".*?>0</text>", six)


def test_placeholder_store_values_are_marked_unverified() -> None:
    """Every unverified cell's values carry the mark, the printed cell's do not; the picture
    says UNVERIFIED in its legend, title and description."""
    state = position()
    svg = to_svg(state)
    for cell in state.game.board.cells:
        drawn = svg[svg.index(f'data-cell="{cell.label}"') :]
        end = drawn.find('<g class="cell"', 1)
        drawn = drawn if end < 0 else drawn[:end]
        values = re.findall(r'font-weight="bold"[^>]*>(\d+\*?)</text>', drawn)[: len(cell.squares)]
        mark = "" if cell.verified else "*"
        assert values == [f"{v}{mark}" for v in cell.squares], cell.label
    assert 'class="unverified-label"' in svg and "UNVERIFIED" in svg
    unverified = len(unverified_cells(state))
    assert 0 < unverified < len(state.game.board.cells)
    assert f"{unverified} of {len(state.game.board.cells)} cells" in data_caveat(state)


def test_a_fully_verified_store_board_carries_no_label() -> None:
    shipped = game()
    sides = tuple(
        replace(side, cells=tuple(replace(c, verified=True) for c in side.cells))
        for side in shipped.store.sides
    )
    verified = MameyGame(players=4, store=replace(shipped.store, sides=sides))
    svg = to_svg(verified.new_initial_state())
    assert "UNVERIFIED" not in svg and "*</text>" not in svg


def test_no_hidden_card_is_revealed() -> None:
    """Hands, face-down field cards, sold cards and the deck are hidden: only the face-up
    field cards and the top of the discard pile are drawn face up."""
    state = position()
    svg = to_svg(state, names=NAMES)
    shown = re.findall(r'<g class="card face-up" data-card="([^"]+)">', svg)
    assert sorted(shown) == ["blue 4", "green 2", "red 2", "yellow 3"]
    words = " ".join(re.findall(r">([^<]+)<", svg))
    hidden = ["red Joker", "blue 5", "yellow Joker", "green 5", "green Joker", "yellow 5",
              "red 3", "blue 3", "red 5", "green 1"]  # fmt: skip
    for name in hidden:
        assert name not in words, name
    labels = re.findall(r'<g class="card face-up"[^>]*>.*?>(\w+)</text></g>', svg)
    assert sorted(labels) == ["B4", "G2", "R2", "Y3"]
    assert "hand: 2 cards" in svg and "sold: 3 cards face down" in svg


def test_the_checking_player_is_marked_but_the_card_stays_hidden() -> None:
    state = position()
    state.apply_action(0)  # Ben harvests: he looks at field 1
    svg = to_svg(state)
    assert "checked by" in svg and "being checked by player 1" in describe(state)
    assert "green Joker" not in svg and "GX" not in svg


def test_the_end_shows_the_scores_and_the_winners() -> None:
    final = engine.RandomSampler(4).play_out(game().new_initial_state())
    assert isinstance(final, MameyState)
    svg = to_svg(final, names=NAMES)
    ET.fromstring(svg)
    for p in range(4):
        hand, board, icons = final.score_parts(p)
        assert f"{final.mamey(p)} Mamey" in svg
        assert f"{hand} cubes + {board} board + {icons} icons" in svg
    assert svg.count("— wins") == len(final.winners())
    said = describe(final, NAMES)
    assert "game over" in said and "winners: " in said and "to play" not in svg


def test_pictures_of_random_play_stay_well_formed_and_count_every_cube() -> None:
    for players in (2, 3):
        state = game(players).new_initial_state()
        sampler = engine.RandomSampler(players)
        for step in range(400):
            if state.is_terminal():
                break
            sampler.step(state)
            if step % 25 == 0:
                svg = to_svg(state)
                ET.fromstring(svg)
                assert len(classes(svg, "cube")) == 7 * players
                assert len(classes(svg, "field")) == 3


def test_labels_for_colours_and_players() -> None:
    assert colour_letters(["red", "yellow", "green", "blue"]) == {
        "red": "R", "yellow": "Y", "green": "G", "blue": "B",
    }  # fmt: skip
    assert colour_letters(["red", "rose", "green", "blue"])["rose"] == "RO"
    assert player_letters(4, NAMES) == ["A", "B", "C", "D"]
    assert player_letters(2, ["Ana", "Abe"]) == ["0", "1"]
    assert player_letters(2, None) == ["0", "1"]


# -- the scenario world: what the recorder asks of the Mamey steps ---------------------------------
def table() -> steps.MameyTable:
    """Ana to play with three greens, as a scenario's Given steps would describe."""
    world = steps.MameyTable()
    steps.given_game(world, 4)
    steps.given_names(world, "Ana, Ben, Cal and Dee")
    steps.given_hand(world, "Ana", "green 2, green 3 and green 4")
    steps.given_field(world, 1, "blue 4 face down")
    steps.given_turn(world, "Ana")
    return world


def test_the_world_has_no_board_before_a_game_is_declared() -> None:
    world = steps.MameyTable()
    assert world.snapshot() is None and world.forced_outcomes == []
    assert world.expected_board is None
    picture = table().snapshot()
    assert picture is not None
    assert "player 0 (Ana): 3 cards in hand, 4 cubes" in picture["text"]
    assert "green 2" not in picture["text"] and "green 2" not in picture["svg"]
    ET.fromstring(picture["svg"])


def test_the_world_records_the_cards_it_forces() -> None:
    world = table()
    steps.harvest(world, "Ana")
    for field in (1, 2, 3):
        steps.return_field(world, "Ana", field)  # then a card to Ana and one to each field
    with pytest.raises(RulebooksError):
        world.draw("red 5", "red 5", "red 5")  # the game has two red 5s
    assert world.forced_outcomes == ["draw red 5", "draw red 5"]
    steps.next_cards(world, "blue 1 and blue 2")
    assert world.forced_outcomes == ["draw red 5", "draw red 5", "draw blue 1", "draw blue 2"]


def test_a_step_stating_one_fact_leaves_no_expected_board() -> None:
    """The actual board with one fact patched is no position play reaches: not drawn."""
    world = table()
    steps.sell(world, "Ana", "green 2, green 3 and green 4", "a run", 4)
    with pytest.raises(AssertionError):
        steps.cube_is_on(world, "Ana", 3, '"run / 3 cards"')
    assert world.expected_board is None
    world = table()
    steps.harvest(world, "Ana")
    steps.return_field(world, "Ana", 1)
    with pytest.raises(AssertionError):
        steps.field_holds(world, 1, "only red 4 face up")
    assert world.expected_board is None


def test_a_whole_expected_position_is_drawn() -> None:
    world = table()
    steps.sell(world, "Ana", "green 2, green 3 and green 4", "a run", 4)
    world.expect(lambda data: steps.place_cube(data, world.game, 0, "run", 3, 3), whole=True)
    expected = world.expected_board
    assert expected is not None
    assert "player 0 (Ana) on the 3 of run / 3 cards" in expected["text"]
    assert "on the 4 of run / 3 cards" not in expected["text"]  # the cube moved, not added
    snapshot = world.snapshot()
    assert snapshot is not None and "on the 4 of run / 3 cards" in snapshot["text"]


def test_an_expectation_no_position_allows_leaves_no_picture() -> None:
    world = table()
    with pytest.raises(AssertionError):
        steps.holds(world, "Ana", "red Joker, red Joker and green 2")  # one red Joker exists
    assert world.expected_board is None
