"""The Mahé board picture: every turtle drawn once, stacks bottom to top, words alongside."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import engine
from engine.mahe import MaheState
from engine.mahe.svg import describe, to_svg

SVG = "{http://www.w3.org/2000/svg}"


def position() -> MaheState:
    game = engine.load_game("mahe", players=4)
    return game.state_from_dict(
        {"spaces": {"18": ["blue", "red", "yellow"]}, "face_up": 5, "collected": [[2], [], [], []]}
    )


def test_svg_is_well_formed_with_title_and_description() -> None:
    state = position()
    root = ET.fromstring(to_svg(state, title="A <title> & more"))
    title, description = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and description is not None
    assert title.text == "A <title> & more"
    desc = description.text or ""
    assert desc == describe(state)
    assert "space 18: blue, red, yellow (bottom to top)" in desc
    assert "raft: green" in desc and "face-up egg card: 5 eggs" in desc


def test_each_turtle_once_and_stacks_drawn_upwards() -> None:
    svg = to_svg(position())
    turtles = re.findall(r'<g class="turtle turtle-(\w+)"><ellipse cx="[\d.]+" cy="([\d.]+)"', svg)
    assert sorted(c for c, _ in turtles) == ["blue", "green", "red", "yellow"]
    heights = {colour: float(y) for colour, y in turtles}
    assert heights["blue"] > heights["red"] > heights["yellow"]  # bottom first, drawn lowest


def test_every_space_is_labelled_and_the_beach_marked() -> None:
    svg = to_svg(position())
    labels = re.findall(r'fill="#333">(\d+)</text>', svg)
    assert sorted(map(int, labels)) == list(range(1, 22))
    assert "5 eggs" in svg and "deck: 18 cards" in svg


def test_the_end_shows_the_beach_space() -> None:
    game = engine.load_game("mahe", players=4)
    final = engine.RandomSampler(4).play_out(game.new_initial_state())
    svg = to_svg(final)
    assert "beach: 7 eggs" in svg and "+ beach" in svg


def test_a_card_waiting_to_be_turned_up_is_not_the_beach() -> None:
    game = engine.load_game("mahe", players=4)
    state = game.new_initial_state()
    assert "to turn up" in to_svg(state) and "beach: 7 eggs" not in to_svg(state)


def test_the_picture_shows_the_turn_the_dice_and_the_pending_decision_with_names() -> None:
    game = engine.load_game("mahe", players=4)
    state = game.state_from_dict(
        {
            "spaces": {"18": ["blue", "red", "yellow"]},
            "face_up": 5,
            "phase": "decide",
            "mover": "blue",
            "dice": [2, 3],
            "turn_player": 0,
        }
    )
    names = ["Ana", "Ben", "Cal", "Dee"]
    svg = to_svg(state, names=names)
    ET.fromstring(svg)
    band = svg[svg.index('<g class="mahe-turn">') :]
    assert "turn of Ana; moving the blue turtle" in band
    assert "dice this move: 2, 3, total 5 (moves 10 spaces)" in band
    decider = names[state.decider()]  # the owner of the top turtle (yellow) decides
    assert f"next: {decider} decides (stop, roll again or play a card)" in band
    assert "Ana: 0 eggs" in svg and "player 0" not in svg
    assert "turn of Ana" in describe(state, names)


def test_without_names_players_count_from_one_as_the_steps_do() -> None:
    svg = to_svg(position())
    assert "player 1: 2 eggs" in svg and "player 0" not in svg
    assert "next: the first die is rolled" in svg


def test_what_differs_between_two_boards_is_listed_fact_by_fact() -> None:
    from rulebooks.site.sphinxext.render import board_changes

    before = "space 3: blue\nraft: red\ndeck: 18 cards"
    after = "space 5: blue\nraft: red\ndeck: 18 cards\nplayer 1: 1 cards"
    assert board_changes(before, after) == [
        ("space 3: blue", ""),  # space 3 emptied, space 5 filled: two facts
        ("", "space 5: blue"),
        ("", "player 1: 1 cards"),
    ]
    assert board_changes(before, before) == []
    moved = board_changes(
        "raft: blue, red\nturn of player 1", "space 3: blue\nraft: red\nturn of player 2"
    )
    assert moved == [
        ("raft: blue, red", "raft: red"),  # the same fact, changed
        ("turn of player 1", "turn of player 2"),
        ("", "space 3: blue"),  # a new fact
    ]
