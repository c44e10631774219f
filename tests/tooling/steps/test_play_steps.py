"""The shared steps that name an action as the engine does (what "play on" records):
``the action "..." is played`` and ``the actions "...", ... are played together``."""

from __future__ import annotations

import pytest

from engine.core import IllegalActionError
from engine.drivers import ImpossibleOutcomeError
from tests.scenarios.mahe.steps import MaheTable
from tests.scenarios.mahola.steps import MaholaTable


def mahe() -> MaheTable:
    """A 4-player game of Mahé, its egg card face up: the first die is next."""
    table = MaheTable()
    table.declare(4)
    return table


def test_a_chance_outcome_is_forced_by_name_and_recorded() -> None:
    table = mahe()
    table.play("die 3")
    assert table.forced_outcomes == ["die 3"]
    assert table.state.legal_action_strings() == ["stop", "roll"]


def test_a_decision_is_played_by_its_name() -> None:
    table = mahe()
    table.play("die 3")
    table.play("roll")
    assert table.state.is_chance_node()


def test_an_action_the_rules_refuse_fails_with_the_engines_message() -> None:
    table = mahe()
    table.play("die 3")
    before = table.state.to_dict()
    with pytest.raises(IllegalActionError, match=r"no legal action is called 'fly'.*stop, roll"):
        table.play("fly")
    assert table.state.to_dict() == before


def test_an_impossible_chance_outcome_is_named() -> None:
    table = mahe()
    with pytest.raises(ImpossibleOutcomeError, match=r"'die 7' cannot happen here.*die 6"):
        table.play("die 7")


def mahola_choosing() -> MaholaTable:
    """A 3-player Mahola game played on until every player chooses at once."""
    table = MaholaTable()
    table.declare(3)
    table.set_up()
    while table.state.is_chance_node():
        outcome, _ = table.state.chance_outcomes()[0]
        table.play(table.state.action_to_string(outcome))
    return table


def test_players_who_choose_at_once_play_together_in_player_order() -> None:
    table = mahola_choosing()
    choices = [table.state.legal_action_strings(p)[0] for p in range(3)]
    with pytest.raises(AssertionError, match="every player chooses at once"):
        table.play(choices[0])
    with pytest.raises(AssertionError, match="2 actions for 3 players"):
        table.play_together(choices[:2])
    table.play_together(choices)
    assert [table.state.action_to_string(a) for a in table.state.history()[-3:]] == choices


def test_playing_together_when_one_player_acts_is_refused() -> None:
    table = mahe()
    table.play("die 3")
    with pytest.raises(AssertionError, match="do not choose at once"):
        table.play_together(["stop"])
