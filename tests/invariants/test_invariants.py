"""Invariants under random play, for every game registered in ``engine.GAMES``.

A Hypothesis state machine per game: it creates a game with random parameters (any player
count the game allows, each option of tests/invariants/laws.py), then plays random legal
actions, random chance outcomes (uniform over the possible ones, or weighted by their
probabilities), random joint actions at simultaneous nodes, and random illegal actions.
After every action it checks (tests/invariants/checks.py): legal actions non-empty unless
terminal, sorted, unique and uniquely named; chance probabilities exact and summing to 1;
a clone equal to its origin and independent of it; the to_dict/from_dict round trip;
conservation of every component; no observation showing another player's hidden cards; an
illegal action rejected with IllegalActionError, leaving the state unchanged.

Settings: tests/invariants/profiles.py (``HYPOTHESIS_PROFILE=thorough`` for long runs).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import engine
from engine import CHANCE, SIMULTANEOUS, TERMINAL, Game, RandomSampler, State

from . import profiles
from .checks import check_all, check_legal_actions, check_playable, check_rejected
from .laws import LAWS, laws_for

GAME_NAMES = sorted(engine.GAMES)
WARM_UP = 2000
"""Most random actions played before the checked play starts (longer than most games)."""
STARTS = ("beginning", "beginning", "later", "later", "later", "end")
"""Where the checked play starts: a new game, a random later position, or the game's end."""


def game_class(name: str) -> type[Game]:
    return type(engine.load_game(name))


@st.composite
def parameters(draw: st.DrawFn, name: str) -> dict[str, Any]:
    """A random parameter set: a player count within the game's limits and each option."""
    cls = game_class(name)
    players = draw(st.integers(cls.min_players, cls.max_players), label="players")
    params: dict[str, Any] = {"players": players}
    for option, choices in laws_for(name).parameters.items():
        values = choices(players) if callable(choices) else choices
        params[option] = draw(st.sampled_from(list(values)), label=option)
    return params


def random_step(state: State, data: st.DataObject) -> None:
    """One random action: a legal move, a chance outcome, or a joint action."""
    player = state.current_player()
    if player == SIMULTANEOUS:
        joint = [
            data.draw(st.sampled_from(state.legal_actions(p)), label=f"player {p}")
            for p in range(state.game.num_players)
        ]
        state.apply_actions(joint)
    elif player == CHANCE:
        outcomes = [(a, p) for a, p in state.chance_outcomes_exact() if p > 0]
        if data.draw(st.booleans(), label="weighted by probability"):
            pick = data.draw(st.floats(0, 1, exclude_max=True), label="chance pick")
            total, chosen = 0.0, outcomes[-1][0]
            for action, probability in outcomes:
                total += float(probability)
                if pick < total:
                    chosen = action
                    break
            state.apply_action(chosen)
        else:
            state.apply_action(data.draw(st.sampled_from([a for a, _ in outcomes]), label="chance"))
    else:
        state.apply_action(data.draw(st.sampled_from(state.legal_actions()), label="action"))


def play_one(state: State, sampler: RandomSampler) -> bool:
    """One seeded random action; False (nothing played) once the game is over."""
    player = state.current_player()
    if player == TERMINAL:
        return False
    sampler.step(state)
    return True


class GameMachine(RuleBasedStateMachine):
    """Random play of one game (`name`, set by :func:`machine_for`)."""

    name = ""

    def __init__(self) -> None:
        super().__init__()
        self.state: State | None = None

    @initialize(data=st.data())
    def new_game(self, data: st.DataObject) -> None:
        """A new game, often fast-forwarded by random play to a later position or its end."""
        params = data.draw(parameters(self.name), label="parameters")
        self.state = state = engine.load_game(self.name, **params).new_initial_state()
        start = data.draw(st.sampled_from(STARTS), label="start")
        if start != "beginning":
            sampler = RandomSampler(data.draw(st.integers(0, 2**32 - 1), label="seed"))
            actions = (
                data.draw(st.integers(0, WARM_UP), label="actions") if start == "later" else -1
            )
            while actions != 0 and play_one(state, sampler):
                actions -= 1
                check_playable(state)
        check_all(self.name, state)

    def playing(self) -> bool:
        return self.state is not None and not self.state.is_terminal()

    @precondition(playing)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        assert self.state is not None
        random_step(self.state, data)
        check_all(self.name, self.state)

    @precondition(playing)
    @rule(seed=st.integers(0, 2**32 - 1), count=st.integers(1, profiles.leap()))
    def leap(self, seed: int, count: int) -> None:
        """Many random actions at once (seeded), to reach mid- and end-game positions."""
        state = self.state
        assert state is not None
        sampler = RandomSampler(seed)
        for _ in range(count):
            if not play_one(state, sampler):
                break
            check_all(self.name, state)

    @rule(data=st.data())
    def illegal(self, data: st.DataObject) -> None:
        """An action outside the legal set (chance nodes included) is refused, changing nothing."""
        state = self.state
        assert state is not None
        player = state.current_player()
        top = state.game.num_distinct_actions
        if player == SIMULTANEOUS:
            players = state.game.num_players
            seat = data.draw(st.integers(0, players - 1), label="seat")
            legal = set(state.legal_actions(seat))
            bad = data.draw(st.integers(-2, top + 2).filter(lambda a: a not in legal), label="bad")
            joint = [state.legal_actions(p)[0] for p in range(players)]
            joint[seat] = bad
            check_rejected(state, lambda: state.apply_actions(joint), f"joint action {joint}")
            short = [state.legal_actions(p)[0] for p in range(players - 1)]
            check_rejected(state, lambda: state.apply_actions(short), f"joint action {short}")
            first = state.legal_actions(0)[0]
            check_rejected(state, lambda: state.apply_action(first), "apply_action at a joint node")
            return
        legal = set(state.legal_actions())
        bad = data.draw(st.integers(-2, top + 2).filter(lambda a: a not in legal), label="bad")
        what = "chance outcome" if player == CHANCE else "action"
        check_rejected(state, lambda: state.apply_action(bad), f"illegal {what} {bad}")
        if player not in (SIMULTANEOUS, TERMINAL):
            joint = [bad] * state.game.num_players
            check_rejected(
                state, lambda: state.apply_actions(joint), "apply_actions off a joint node"
            )

    @invariant()
    def legal_actions_make_sense(self) -> None:
        if self.state is not None:
            check_legal_actions(self.state)


def machine_for(name: str) -> type[GameMachine]:
    return type(f"{name.title()}Machine", (GameMachine,), {"name": name})


@pytest.mark.parametrize("name", GAME_NAMES)
def test_invariants_under_random_play(name: str) -> None:
    laws_for(name)  # fails with what to add when a registered game has no laws yet
    run_state_machine_as_test(machine_for(name), settings=profiles.active())


def test_every_registered_game_is_covered() -> None:
    """New games join the parametrized test by registering in engine.GAMES; each needs laws."""
    assert GAME_NAMES, "engine.GAMES is empty"
    missing = [name for name in GAME_NAMES if name not in LAWS]
    assert not missing, f"no laws in tests/invariants/laws.py for {missing}"
