"""The invariants checked after every action of the random games, for any game.

Each check raises AssertionError naming the game, the position's history and what broke.
"""

from __future__ import annotations

import json
from typing import Any

from engine import CHANCE, SIMULTANEOUS, TERMINAL, IllegalActionError, RandomSampler, State

from .laws import conservation_problems, leaked_secrets


def where(state: State) -> str:
    """The game and the actions so far: enough to rebuild the position."""
    history = state.history()
    tail = history if len(history) <= 40 else ["...", *history[-40:]]
    return f"{state.game!r} after {len(history)} actions (history {tail})"


def check_legal_actions(state: State) -> None:
    """Non-empty unless terminal, sorted, unique, with unique names that read back."""
    player = state.current_player()
    if player == TERMINAL:
        assert state.legal_actions() == [], f"legal actions at a terminal node: {where(state)}"
        return
    players = range(state.game.num_players) if player == SIMULTANEOUS else [player]
    for actor in players:
        asked = actor if player == SIMULTANEOUS else None
        actions = state.legal_actions(asked)
        assert actions, f"no legal action for {actor} although the game is not over: {where(state)}"
        assert actions == sorted(set(actions)), (
            f"legal actions of {actor} are not sorted and unique ({actions}): {where(state)}"
        )
        assert all(0 <= a < state.game.num_distinct_actions for a in actions), (
            f"legal action ids outside 0..num_distinct_actions-1: {actions}: {where(state)}"
        )
        names = [state.action_to_string(a, asked) for a in actions]
        assert len(set(names)) == len(names), f"two actions share a name {names}: {where(state)}"
        if player != SIMULTANEOUS:  # a few names read back (each lookup scans them all)
            for index in {0, len(actions) // 2, len(actions) - 1}:
                assert state.string_to_action(names[index]) == actions[index], (
                    f"action name {names[index]!r} does not read back: {where(state)}"
                )
    if player == CHANCE:
        outcomes = state.chance_outcomes_exact()
        assert [a for a, _ in outcomes] == state.legal_actions(), (
            f"chance outcomes {outcomes} are not the legal actions: {where(state)}"
        )
        assert all(p > 0 for _, p in outcomes) and sum(p for _, p in outcomes) == 1, (
            f"chance probabilities {[str(p) for _, p in outcomes]} do not sum to 1: {where(state)}"
        )
    else:
        assert state.chance_outcomes_exact() == [], (
            f"chance outcomes off a chance node: {where(state)}"
        )


def check_playable(state: State) -> None:
    """The cheapest check: someone can act unless the game is over."""
    player = state.current_player()
    if player == SIMULTANEOUS:
        assert all(state.legal_actions(p) for p in range(state.game.num_players)), where(state)
    else:
        assert bool(state.legal_actions()) == (player != TERMINAL), where(state)


def check_clone(state: State) -> None:
    """A clone equals its origin, and playing on it leaves the origin untouched."""
    before = state.to_dict()
    copy = state.clone()
    assert copy is not state and type(copy) is type(state)
    assert copy.to_dict() == before, f"clone differs from its origin: {where(state)}"
    assert copy.history() == state.history() and copy.current_player() == state.current_player()
    player = copy.current_player()
    if player == SIMULTANEOUS:
        copy.apply_actions([copy.legal_actions(p)[-1] for p in range(copy.game.num_players)])
    elif player != TERMINAL:
        copy.apply_action(copy.legal_actions()[-1])
    assert state.to_dict() == before, f"playing on a clone changed its origin: {where(state)}"


def check_round_trip(state: State, steps: int = 3) -> None:
    """to_dict is JSON, and from_dict (which revalidates the position) reads the JSON text
    back into a state that plays on exactly like the original (`steps` seeded actions)."""
    data = state.to_dict()
    text = json.dumps(data)
    assert json.loads(text) == data, f"to_dict is not plain JSON: {where(state)}"
    again = state.game.state_from_dict(json.loads(text))
    assert again.to_dict() == data, f"from_dict(to_dict()) differs: {where(state)}"
    check_plays_alike(state.clone(), again, seed=len(state.history()), steps=steps)


def observable(state: State) -> list[Any]:
    """What the protocol shows of a position: whose move, the legal actions (of every player
    at a joint node), the chance outcomes, the returns and the description."""
    player = state.current_player()
    seats = range(state.game.num_players) if player == SIMULTANEOUS else [None]
    return [
        player,
        [state.legal_actions(seat) for seat in seats],
        state.chance_outcomes_exact(),
        state.returns(),
        state.to_dict(),
    ]


def check_plays_alike(state: State, again: State, seed: int, steps: int | None = None) -> None:
    """`state` and `again` (its copy read back) play on identically: the same seeded random
    actions give the same legal actions, chance outcomes and returns at every node, for
    `steps` actions or (None) to the end of the game. Both states are played on."""
    first, second = RandomSampler(seed), RandomSampler(seed)
    played = 0
    while steps is None or played < steps:
        seen = observable(state)
        assert observable(again) == seen, (
            f"the position read back from JSON plays differently {played} action(s) on: "
            f"{where(state)}"
        )
        if seen[0] == TERMINAL:
            return
        first.step(state)
        second.step(again)
        played += 1


def check_laws(name: str, state: State, described: bool = False) -> None:
    """Conservation of components (tests/invariants/laws.py; `described`: the state comes
    from a description, held to the game's law for descriptions)."""
    problems = conservation_problems(name, state, described)
    assert not problems, f"components not conserved: {'; '.join(problems)}: {where(state)}"


def check_observations(name: str, state: State) -> None:
    """No observation shows another player's hidden cards."""
    for viewer in range(state.game.num_players):
        leaked = leaked_secrets(name, state, viewer)
        assert not leaked, (
            f"player {viewer}'s observation shows other players' secrets {leaked}: "
            f"{where(state)}\n{state.observation_string(viewer)}"
        )


def check_terminal(state: State) -> None:
    returns = state.returns()
    assert len(returns) == state.game.num_players
    if state.is_terminal():
        assert max(returns) == 1.0 and set(returns) <= {0.0, 1.0}, (
            f"a finished game without a winner: {returns}: {where(state)}"
        )
    else:
        assert set(returns) == {0.0}, f"returns {returns} before the end: {where(state)}"


def check_all(name: str, state: State, described: bool = False) -> None:
    """Every invariant of a position (`described`: see :func:`check_laws`)."""
    check_legal_actions(state)
    check_terminal(state)
    check_laws(name, state, described)
    check_clone(state)
    check_round_trip(state)
    check_observations(name, state)


def check_rejected(state: State, play: Any, description: str) -> None:
    """`play()` must raise IllegalActionError and leave the state exactly as it was."""
    before = state.to_dict()
    try:
        play()
    except IllegalActionError:
        pass
    else:
        raise AssertionError(f"{description} was accepted: {where(state)}")
    assert state.to_dict() == before, f"{description} was rejected but changed the state"
