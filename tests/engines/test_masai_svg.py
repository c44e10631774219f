"""The Masai position picture: every die and seed drawn once, nothing by colour alone, words
alongside."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

import engine
from engine.masai import MasaiGame, MasaiState, parse_board, shipped_board_data
from engine.masai.svg import describe, to_svg

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["Rennan", "Bia"]


def game(players: int = 2) -> MasaiGame:
    loaded = engine.load_game("masai", players=players)
    assert isinstance(loaded, MasaiGame)
    return loaded


def position() -> MasaiState:
    """Rennan's example after his turn, with a few more dice and seeds about."""
    return game().state_from_dict(
        {
            "slots": {"Y-in-d3": "yellow 4", "G-in-d2": "blue 6", "G-in-d1": "green 2",
                      "R-out-d1": "red 5"},
            "keys": {"green": "green 3", "red": "red 1"},
            "seeds": {"G-in-s1": 0, "G-in-s3": 1, "R-out-s2": 1},
            "pool": ["red 1", "red 5", "blue 1", "blue 2"],
            "discard": ["violet 4", "violet 4"],
            "scores": [5, 2],
            "special_uses": [[0, 1, 0, 0], [0, 0, 0, 0]],
            "supply": [18, 17],
            "turn": 1,
        }
    )  # fmt: skip


def groups(svg: str, role: str) -> list[str]:
    """The die or seed groups of one role, as their <title> texts."""
    return re.findall(rf'<g class="{role}[ "][^>]*><title>([^<]*)</title>', svg)


def test_svg_is_well_formed_with_title_and_description() -> None:
    state = position()
    root = ET.fromstring(to_svg(state, title="A <title> & more", names=NAMES))
    title = "A <title> & more (board UNVERIFIED)"  # the shipped board is an unverified reading
    assert root.find(f"{SVG}title").text == title  # type: ignore[union-attr]
    desc = root.find(f"{SVG}desc").text  # type: ignore[union-attr]
    said = " The board's geometry (default) is an UNVERIFIED reading (MASAI-R1)."
    assert desc == describe(state, NAMES) + said


def test_the_description_lists_the_facts() -> None:
    desc = describe(position(), NAMES)
    for fact in [
        "Round 1 (order P0 Rennan, P1 Bia), next P1 Bia: a key",
        "Green sector: key green 3; G-in (inner line): G-in-d1 green 2, G-in-d2 blue 6, "
        "G-in-s1 seed of P0 Rennan, G-in-s3 seed of P1 Bia; G-out (outer line): empty.",
        "Red sector: key red 1; R-in (inner line): empty; R-out (outer line): R-out-d1 red 5, "
        "R-out-s2 seed of P1 Bia.",
        "Yellow sector: no key; Y-in (inner line): Y-in-d3 yellow 4;",
        "Orange sector: not opened;",
        "Pool: red 1, red 5, blue 1, blue 2.",
        "Discard: violet 4, violet 4.",
        "Bag: 36 dice (4 red, 8 orange, 7 yellow, 6 green, 5 blue, 6 violet).",
        "P0 Rennan: score 5, 18 seeds left, special actions used 0, 1, 0, 0.",
        "P1 Bia: score 2, 17 seeds left, special actions used 0, 0, 0, 0.",
    ]:
        assert fact in desc, fact


def test_every_die_drawn_once_where_it_lies() -> None:
    state = position()
    svg = to_svg(state)
    board = state.game.board
    on_slots = [state.die_on(d) for d in range(board.num_die_slots) if state.die_on(d)]
    keys = [state.key_of(s) for s in range(6) if state.key_of(s)]
    assert Counter(groups(svg, "die slot-die")) == Counter(on_slots)
    assert Counter(groups(svg, "die key-die")) == Counter(keys)
    assert groups(svg, "die pool-die") == state.pool()
    assert groups(svg, "die discard-die") == state.discard()


def test_every_seed_drawn_once_with_its_owner() -> None:
    state = position()
    svg = to_svg(state, names=NAMES)
    seeds = re.findall(r'<g class="seed seed-p(\d)">.*?>P(\d)</text></g>', svg)
    assert sorted(seeds) == [("0", "0"), ("1", "1"), ("1", "1")]  # marked, not only coloured
    swatches = re.findall(r'<g class="swatch swatch-p(\d)">', svg)
    assert swatches == ["0", "1"]  # one per player in the key below the necklace


def test_dice_carry_their_colour_initial_and_face_as_text() -> None:
    svg = to_svg(position())
    dice = re.findall(
        r'<g class="die [\w-]+ die-(\w+)"><title>(\w+) (\d)</title><rect[^>]*/>'
        r"<text[^>]*>(\w)</text><text[^>]*>(\d)</text></g>",
        svg,
    )
    assert len(dice) == 4 + 2 + 4 + 2  # slots, keys, pool, discard
    for colour, named, face, initial, shown in dice:
        assert colour == named and initial == colour[0].upper() and shown == face


def test_lines_sectors_and_what_comes_next_are_written() -> None:
    state = position()
    svg = to_svg(state, names=NAMES)
    assert "inner line (dotted)" in svg and "outer line (solid)" in svg
    assert svg.count(">not opened</text>") == 3  # orange, blue, violet
    assert "next P1 Bia: a key, special action 3 or 4, or a pass" in svg
    assert "P0 Rennan: score 5 · 18 seeds left" in svg
    assert "UNVERIFIED board default" in svg
    dotted = re.findall(r'<line [^>]*stroke-dasharray="3 3"/>', svg)
    assert dotted  # inner-line joins are dashed, outer-line joins solid


def test_names_are_escaped() -> None:
    svg = to_svg(position(), names=["<script>", "A & B"])
    ET.fromstring(svg)
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "A &amp; B" in svg


def test_a_verified_board_drops_the_warning() -> None:
    data = shipped_board_data()
    data["verified"] = True
    verified = MasaiGame(players=2, board=parse_board(data))
    assert "UNVERIFIED" not in to_svg(verified.new_initial_state())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_draw_at_every_step(players: int) -> None:
    state = game(players).new_initial_state()
    sampler = engine.RandomSampler(players)
    step = 0
    while not state.is_terminal():
        if step % 9 == 0:
            svg = to_svg(state)
            ET.fromstring(svg)
            dice = sum(
                len(groups(svg, f"die {role}"))
                for role in ("slot-die", "key-die", "pool-die", "discard-die")
            )
            assert dice + sum(state.bag().values()) == 48  # every die once, or in the bag
        sampler.step(state)
        step += 1
    svg = to_svg(state)
    assert "game over after round" in svg and "winner P" in svg


# -- the scenario world: what the recorder asks the Masai steps for ----------------------------
def test_the_world_has_no_board_before_a_game_is_declared() -> None:
    from tests.scenarios.masai.steps import MasaiTable

    table = MasaiTable()
    assert table.snapshot() is None
    table.declared = True
    table.setup["pool"] = ["green 3"]
    picture = table.snapshot()
    assert picture is not None and "pool: green 3" in picture["text"]
    assert "<svg" in picture["svg"] and table.forced_outcomes == []


def test_forced_draws_are_recorded_and_a_failed_comparison_keeps_the_expected_board() -> None:
    from tests.scenarios.masai.steps import MasaiTable, put_die_in_dict, put_seeds_in_dict

    table = MasaiTable()
    table.declared = True
    table.names = {"Rennan": 0, "Bia": 1}
    table.params["players"] = 2
    table.setup.update(phase="draw", slots={"G-in-d1": "green 2"})
    table.chance("draw red 2", "draw green 5")
    assert table.forced_outcomes == ["draw red 2", "draw green 5"]
    table.expect(lambda data: put_die_in_dict(table, data, "G-in-d3", "green 2"), whole=True)
    assert table.expected_board is not None
    expected = table.expected_board["text"]
    assert "G-in-d1 -" in expected and "G-in-d3 green 2" in expected  # moved, not copied
    table.expect(lambda data: put_seeds_in_dict(data, 1, ["G-in-s2"]), whole=True)
    assert table.expected_board is not None
    assert "G-in-s2 P1" in table.expected_board["text"]
    assert "player 1: score 0, seeds 19" in table.expected_board["text"]
    table.expect(lambda data: put_die_in_dict(table, data, "G-in-d3", "green 5"), whole=True)
    assert table.expected_board is not None and "pool: red 2\n" in table.expected_board["text"]

    def two_twos(data: dict[str, Any]) -> None:
        put_die_in_dict(table, data, "G-in-d3", "green 2")
        put_die_in_dict(table, data, "G-in-d2", "red 2")

    table.expect(two_twos, whole=True)
    assert table.expected_board is None  # two dice showing 2 in one sector: no position
