"""The Mahola picture of a scenario's position names players and cards as the steps do."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tests.scenarios.mahola import steps


def table() -> steps.MaholaTable:
    """Ana's tableau of two blank cards T1, T2, as a scenario's Given steps would say."""
    world = steps.MaholaTable()
    steps.given_game(world, 3)
    steps.given_names(world, "Ana, Ben and Cal")
    steps.given_blank_cards(world, "T1, T2 and N")
    steps.given_turn(world, 3)
    steps.given_tableau(world, "Ana", "T1, T2")
    return world


def test_players_and_cards_carry_the_scenarios_names_and_blank_cards_read_blank() -> None:
    picture = table().snapshot()
    assert picture is not None
    svg = picture["svg"]
    ET.fromstring(svg)
    assert "Ana: " in svg and "Ben: " in svg and "P0 " not in svg
    assert ">T1<" in svg and ">T2<" in svg  # the labels the steps use, not "#0 Bear"
    assert "Buffalo" not in svg and "Bear" not in svg  # blank cards print no made-up data
    assert ">blank<" in svg
    assert "Cards: T1 = card 0, T2 = card 1, N = card 2" in svg
    assert "every player acts at once" in svg  # who the game waits for
    assert "player 0 = Ana" in picture["text"] and "card 0 = T1" in picture["text"]
