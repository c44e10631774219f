"""Drivers decide what the engines leave to chance.

The engines own no random generator. At a chance node a driver picks the outcome:

* :class:`RandomSampler` draws it with a seeded generator, for simulation and training;
* :class:`ScriptedDriver` takes it from a list given in advance ("the dice will show 2, 6"),
  refuses an outcome the state cannot produce, and reports outcomes left unused.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from .core import CHANCE, SIMULTANEOUS, TERMINAL, RulebooksError, State

S = TypeVar("S", bound=State)
T = TypeVar("T")


class ImpossibleOutcomeError(RulebooksError):
    """A forced chance outcome that the current chance node cannot produce."""


class UnusedOutcomesError(RulebooksError):
    """Forced chance outcomes that were never needed."""


def choose(getrandbits: Callable[[int], int], options: Sequence[T]) -> T:
    """A uniformly random element of `options`, drawn as CPython's ``random.choice`` draws it
    (rejection sampling on the bits of the length, ``Random._randbelow``): from the same
    generator, the same pick. Written out because a playout picks hundreds of times, and
    ``choice`` costs two Python calls a pick."""
    size = len(options)
    if not size:
        raise IndexError("cannot choose from an empty sequence")
    bits = size.bit_length()
    index = getrandbits(bits)
    while index >= size:
        index = getrandbits(bits)
    return options[index]


class RandomSampler:
    """Seeded random choices: the same seed always gives the same playout."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def chance_outcome(self, state: State) -> int:
        """An outcome of the chance node `state`, drawn with its exact probability."""
        return state.chance_outcome_at(self.rng.random())

    def random_action(self, state: State) -> int:
        """A uniformly random legal action of the player to act."""
        return choose(self.rng.getrandbits, state.legal_actions())

    def random_joint_action(self, state: State) -> list[int]:
        """At a SIMULTANEOUS node: a uniformly random legal action for every player."""
        getrandbits, legal_actions = self.rng.getrandbits, state.legal_actions
        return [choose(getrandbits, legal_actions(p)) for p in range(state.game.num_players)]

    def step(self, state: State) -> None:
        """Play one random move at `state`, which is not over: a chance outcome at a chance
        node, a joint action at a simultaneous one, else an action of the player to act."""
        player = state.current_player()
        if player == SIMULTANEOUS:
            state.apply_actions(self.random_joint_action(state))
        elif player == CHANCE:
            state.apply_action(self.chance_outcome(state))
        else:
            state.apply_action(self.random_action(state))

    def play_out(
        self, state: S, on_action: Callable[[S, int | list[int]], None] | None = None
    ) -> S:
        """Play `state` to its end with random actions and chance outcomes; returns it.

        `on_action(state, action)` is called before each action is applied (with the list
        of every player's action at a simultaneous node).
        """
        getrandbits, rand = self.rng.getrandbits, self.rng.random
        chance_outcome_at, legal_actions = state.chance_outcome_at, state.legal_actions
        if on_action is not None:
            while (player := state.current_player()) != TERMINAL:
                if player == SIMULTANEOUS:
                    joint = self.random_joint_action(state)
                    on_action(state, joint)
                    state.apply_actions(joint)
                    continue
                if player == CHANCE:  # as chance_outcome(), inlined
                    action = chance_outcome_at(rand())
                else:
                    action = choose(getrandbits, legal_actions())
                on_action(state, action)
                state.apply_action(action)
            return state
        # without a callback: the calls pig's lean loop in benchmarks/bench_clients.py makes
        # (the player to act asked once a step), nothing more
        players = range(state.game.num_players)
        while (player := state.current_player()) != TERMINAL:
            if player == CHANCE:
                state.apply_action(chance_outcome_at(rand()))
            elif player != SIMULTANEOUS:
                state.apply_action(choose(getrandbits, legal_actions()))
            else:  # as random_joint_action(), written out (a loop: no comprehension to call)
                joint = []
                for p in players:
                    joint.append(choose(getrandbits, legal_actions(p)))
                state.apply_actions(joint)
        return state


class ScriptedDriver:
    """Chance outcomes forced in advance, given by name (`"die 4"`, `"reveal 5"`)."""

    def __init__(self, outcomes: Iterable[str] = ()) -> None:
        self.pending: deque[str] = deque(outcomes)

    def force(self, *outcomes: str) -> None:
        """Queue more outcomes, used in order at the next chance nodes."""
        self.pending.extend(outcomes)

    def resolve(self, state: State) -> list[str]:
        """Apply forced outcomes while `state` is at a chance node and some are queued.

        Returns the outcomes applied. An outcome the node cannot produce raises
        :class:`ImpossibleOutcomeError`, leaving the state and the queue untouched.
        """
        applied = []
        while self.pending and state.current_player() == CHANCE:
            name = self.pending[0]
            possible = {
                state.action_to_string(a): a for a, p in state.chance_outcomes_exact() if p > 0
            }
            if name not in possible:
                raise ImpossibleOutcomeError(
                    f"forced outcome {name!r} cannot happen here; possible: {', '.join(possible)}"
                )
            state.apply_action(possible[name])
            applied.append(self.pending.popleft())
        return applied

    def finish(self) -> None:
        """Fail if forced outcomes were never used."""
        if self.pending:
            raise UnusedOutcomesError(f"forced outcomes never used: {', '.join(self.pending)}")
