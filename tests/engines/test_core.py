"""The shared state protocol and drivers, on a tiny game written for the purpose.

"Odds and evens": a die is rolled (chance); then both players show 1 or 2 fingers at once
(simultaneous); player 0 wins when the die plus the fingers is even.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Self

import pytest

import engine
from engine.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    IllegalActionError,
    InvalidStateError,
    State,
)
from engine.drivers import (
    ImpossibleOutcomeError,
    RandomSampler,
    ScriptedDriver,
    UnusedOutcomesError,
    choose,
)


class OddsGame(Game):
    short_name = "odds"
    min_players = 2
    max_players = 2

    def new_initial_state(self) -> OddsState:
        return OddsState(self)

    def _state_from_dict(self, data: Any) -> OddsState:
        state = OddsState(self)
        state.die, state.fingers = data["die"], list(data["fingers"])
        return state

    @property
    def num_distinct_actions(self) -> int:
        return 9

    def parameters(self) -> dict[str, Any]:
        return {"players": 2}


class OddsState(State):
    def __init__(self, game: OddsGame) -> None:
        self.game = game
        self._history: list[int] = []
        self.die: int | None = None
        self.fingers: list[int] = []

    def current_player(self) -> int:
        if self.die is None:
            return CHANCE
        return TERMINAL if self.fingers else SIMULTANEOUS

    def legal_actions(self, player: int | None = None) -> list[int]:
        if self.die is None:
            return [3, 4, 5, 6, 7, 8]  # die faces 1..6
        return [] if self.fingers else [1, 2]

    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]:
        return [(a, Fraction(1, 6)) for a in range(3, 9)] if self.die is None else []

    def _action_to_string(self, action: int, player: int | None) -> str:
        return f"die {action - 2}" if action > 2 else f"{action} finger(s)"

    def _apply(self, action: int) -> None:
        self.die = action - 2

    def _apply_joint(self, actions: list[int]) -> None:
        self.fingers = actions

    def returns(self) -> list[float]:
        if not self.fingers or self.die is None:
            return [0.0, 0.0]
        even = (self.die + sum(self.fingers)) % 2 == 0
        return [1.0, 0.0] if even else [0.0, 1.0]

    def clone(self) -> Self:
        other = type(self)(self.game)  # type: ignore[arg-type]
        other._history, other.die, other.fingers = self._history[:], self.die, self.fingers[:]
        return other

    def to_dict(self) -> dict[str, Any]:
        return {"die": self.die, "fingers": self.fingers[:], "history": self._history[:]}

    def observation_string(self, player: int) -> str:
        return str(self.to_dict())


def test_joint_action_is_checked_whole_before_any_part_applies() -> None:
    state = OddsGame(2).new_initial_state()
    state.apply_action(5)
    assert state.current_player() == SIMULTANEOUS
    with pytest.raises(IllegalActionError, match="one action for each of the 2 players, got 1"):
        state.apply_actions([1])
    with pytest.raises(IllegalActionError, match=r"'die 5' by player 1; legal: 1 finger\(s\)"):
        state.apply_actions([1, 7])
    with pytest.raises(IllegalActionError, match="every player acts at once"):
        state.apply_action(1)
    assert state.fingers == [] and state.history() == [5]
    state.apply_actions([2, 1])
    assert state.is_terminal() and state.history() == [5, 2, 1] and state.returns() == [1.0, 0.0]


def test_apply_actions_outside_a_simultaneous_node() -> None:
    with pytest.raises(IllegalActionError, match="nodes where every player acts at once"):
        OddsGame(2).new_initial_state().apply_actions([1, 1])


def test_player_count_is_checked() -> None:
    with pytest.raises(ValueError, match="odds is played by 2 to 2 players, not 3"):
        OddsGame(3)


def test_random_sampler_plays_simultaneous_nodes_and_repeats_with_its_seed() -> None:
    runs = [RandomSampler(5).play_out(OddsGame(2).new_initial_state()).history() for _ in range(2)]
    assert runs[0] == runs[1] and len(runs[0]) == 3
    seen = {
        tuple(RandomSampler(seed).play_out(OddsGame(2).new_initial_state()).history())
        for seed in range(60)
    }
    assert {h[0] for h in seen} == {3, 4, 5, 6, 7, 8}


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_play_out_plays_the_same_game_with_and_without_a_callback(name: str) -> None:
    """play_out has a loop of its own for no `on_action`: the same draws, the same games."""
    game = engine.load_game(name, players=4)
    seen: list[int | list[int]] = []
    for seed in range(3):
        seen.clear()
        watched = RandomSampler(seed).play_out(
            game.new_initial_state(), lambda state, action: seen.append(action)
        )
        plain = RandomSampler(seed).play_out(game.new_initial_state())
        assert plain.history() == watched.history() and plain.to_dict() == watched.to_dict()
        assert [a for x in seen for a in (x if isinstance(x, list) else [x])] == plain.history()


def test_the_sampler_picks_as_random_choice_does() -> None:
    ours, theirs = random.Random(9), random.Random(9)
    for size in [*range(1, 70), 1000, 2**20 + 1]:
        options = list(range(size))
        for _ in range(20):
            assert choose(ours.getrandbits, options) == theirs.choice(options)
    with pytest.raises(IndexError):
        choose(ours.getrandbits, [])


def test_scripted_driver_refuses_impossible_outcomes_untouched() -> None:
    state = OddsGame(2).new_initial_state()
    driver = ScriptedDriver(["die 7", "die 2"])
    with pytest.raises(
        ImpossibleOutcomeError, match="'die 7' cannot happen here; possible: die 1, die 2"
    ):
        driver.resolve(state)
    assert state.history() == [] and list(driver.pending) == ["die 7", "die 2"]


def test_scripted_driver_reports_unused_outcomes() -> None:
    state = OddsGame(2).new_initial_state()
    driver = ScriptedDriver(["die 2", "die 3"])
    assert driver.resolve(state) == ["die 2"]
    with pytest.raises(UnusedOutcomesError, match="never used: die 3"):
        driver.finish()
    empty = ScriptedDriver()
    empty.finish()


def test_string_to_action_and_equality() -> None:
    state = OddsGame(2).new_initial_state()
    assert state.string_to_action("die 6") == 8
    copy = state.clone()
    assert copy == state
    copy.apply_action(8)
    assert copy != state and state.history() == []


class ForgetfulState(OddsState):
    """A broken engine: it reaches a simultaneous node but never says how to play one."""

    _apply_joint = State._apply_joint


def test_a_simultaneous_node_without_apply_joint_is_a_broken_engine() -> None:
    state = ForgetfulState(OddsGame(2))
    state.apply_action(5)
    with pytest.raises(TypeError, match="ForgetfulState reaches a SIMULTANEOUS node"):
        state.apply_actions([1, 2])


def test_a_seat_outside_the_game_is_refused() -> None:
    state = OddsGame(2).new_initial_state()
    for seat in (-1, 2, True, "0"):
        with pytest.raises(InvalidStateError, match="in a 2-player game"):
            state.check_player(seat)  # type: ignore[arg-type]
    state.check_player(1)
