"""The engines' fast paths agree with their plain rules, on the positions random games reach.

Every game states legality once, in ``legal_actions`` (the legal list, built from the named
rule functions). For speed, each game also recognises the common legal actions without
building that list (``_plainly_legal``, ``_plainly_legal_joint``) and some play them with
the move written in (Mahé's and Mahola's ``apply_action``), so a clause can be restated in
a fast path. These tests hold every fast path to the plain rule, for every action id of the
game at every sampled position:

* a fast test never accepts an action the legal list leaves out (Mamey's, which is the whole
  check, says yes exactly for the listed actions);
* ``apply_action`` accepts every listed action, playing it to the same state as the plain
  ``_apply`` does (Mahé's dice, stop, roll and revealed cards are played only by its
  ``apply_action``, so there is no second version to compare), and refuses any other id
  with ``IllegalActionError`` and a reason, changing nothing;
* at a simultaneous node, ``apply_actions`` agrees with ``_apply_joint`` for legal joint
  actions and refuses a joint action with any illegal part.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import engine
from engine import IllegalActionError, RandomSampler
from engine.core import SIMULTANEOUS, TERMINAL, State

from .helpers import parameter_set_id

PER_PHASE: dict[str, int | None] = {"mahe": None, "mamey": None, "mahola": 15, "masai": 15}
"""Positions sampled per phase of a game and parameter set from random games of several
seeds (each fast path serves some phases: a rare phase gets as many as a common one), or
None for every position visited: Mahé's and Mamey's few action ids allow it, and a limit
such as Mamey's hand of 7 is reached in only one position of 25."""

ILLEGAL_TRIES = 25
"""Illegal action ids played per position (every id is put to the fast tests)."""

MOVES_ONLY_IN_APPLY_ACTION = frozenset({"mahe"})
"""Games whose `_apply` plays only some actions, `apply_action` playing the others."""

CASES = [
    ("mahe", {"players": 2}), ("mahe", {"players": 5, "variant": True}),
    ("mamey", {"players": 2}), ("mamey", {"players": 4}),
    ("mahola", {"players": 3}), ("mahola", {"players": 4, "adjacency": "any_card"}),
    ("masai", {"players": 2}), ("masai", {"players": 4}),
]  # fmt: skip


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    return f"{case[0]}-{parameter_set_id(case[1])}"


def positions(name: str, params: dict[str, Any]) -> list[State]:
    """The states random games visit (terminal ones left out), as copies: up to
    `PER_PHASE` of each phase, or all of them."""
    by_phase: dict[object, list[State]] = {}
    for seed in range(3):
        game = engine.load_game(name, **params)
        RandomSampler(seed).play_out(
            game.new_initial_state(),
            lambda s, a: by_phase.setdefault(s._phase, []).append(s.clone()),  # type: ignore[attr-defined]
        )
    rng = random.Random(3)
    limit = PER_PHASE[name]
    return [
        state
        for states in by_phase.values()
        for state in (states if limit is None else rng.sample(states, min(limit, len(states))))
        if state.current_player() != TERMINAL
    ]


@pytest.fixture(scope="module", params=CASES, ids=case_id)
def sampled(request: pytest.FixtureRequest) -> tuple[str, list[State]]:
    name, params = request.param
    return name, positions(name, params)


def played_plainly(state: State, action: int) -> State:
    """`state` after `action` played by the plain rule (`_apply`), without any fast path."""
    after = state.clone()
    after._apply(action)
    after._history.append(action)
    return after


def action_ids(state: State) -> range:
    """Every action id of the game, and the ids just outside them."""
    return range(-2, state.game.num_distinct_actions + 2)


def near_misses(legal: list[int], ids: range, rng: random.Random, tries: int) -> list[int]:
    """Illegal ids to play: every neighbour of a legal id that is not legal itself (where an
    off-by-one in a fast path would show), and `tries` others at random."""
    allowed = set(legal)
    neighbours = {a + step for a in legal for step in (-1, 1)} - allowed
    others = [a for a in ids if a not in allowed and a not in neighbours]
    return sorted(neighbours & set(ids)) + rng.sample(others, min(tries, len(others)))


def test_a_fast_legality_test_never_accepts_an_unlisted_action(
    sampled: tuple[str, list[State]],
) -> None:
    name, states = sampled
    for state in states:
        if state.current_player() == SIMULTANEOUS:
            continue
        fresh = state.clone()  # no legal list cached yet: the fast test works alone
        legal = set(state.legal_actions())
        for action in action_ids(state):
            fast = fresh._plainly_legal(action)
            cached = state._plainly_legal(action)
            assert not fast or action in legal, (state, action, "accepted without the list")
            assert not cached or action in legal, (state, action, "accepted with the list")
            if name == "mamey":  # its fast test is the whole check: it must say yes too
                assert fast == (action in legal), (state, state.action_to_string(action))


def test_apply_action_plays_as_the_plain_rule_and_refuses_the_rest(
    sampled: tuple[str, list[State]],
) -> None:
    name, states = sampled
    rng = random.Random(7)
    for state in states:
        if state.current_player() == SIMULTANEOUS:
            continue
        legal = state.legal_actions()
        for action in legal:
            fast = state.clone()
            fast.apply_action(action)
            if name not in MOVES_ONLY_IN_APPLY_ACTION:
                assert fast == played_plainly(state, action), (state, action)
        for action in near_misses(legal, action_ids(state), rng, ILLEGAL_TRIES):
            refused = state.clone()
            with pytest.raises(IllegalActionError) as error:
                refused.apply_action(action)
            assert refused == state, (state, action, "changed by a refused action")
            assert str(error.value).strip(), (state, action, "refused without a reason")


def joint_actions(state: State, rng: random.Random) -> Iterator[tuple[list[int], bool]]:
    """Joint actions at a simultaneous node, each with whether it is legal: a few made of
    legal parts, and for each player the same with one part replaced by an illegal id (each
    near miss of that player's legal ids, and a few others)."""
    players = state.game.num_players
    legal = [state.legal_actions(p) for p in range(players)]
    for _ in range(4):
        yield [rng.choice(options) for options in legal], True
    ids = action_ids(state)
    for player in range(players):
        base = [rng.choice(options) for options in legal]
        for wrong in near_misses(legal[player], ids, rng, 5):
            yield [*base[:player], wrong, *base[player + 1 :]], False


def test_a_joint_action_plays_as_the_plain_rule_and_an_illegal_part_is_refused(
    sampled: tuple[str, list[State]],
) -> None:
    name, states = sampled
    rng = random.Random(11)
    joint = [state for state in states if state.current_player() == SIMULTANEOUS]
    if name != "mahola":
        assert not joint, f"{name} has simultaneous nodes: give them the Mahola checks"
        return
    assert joint, "no simultaneous node sampled in Mahola"
    for state in joint:
        for actions, legal in joint_actions(state, rng):
            assert not state._plainly_legal_joint(actions) or legal, (state, actions)
            fast = state.clone()
            if legal:
                fast.apply_actions(list(actions))
                plain = state.clone()
                plain._apply_joint(list(actions))
                plain._history.extend(actions)
                assert fast == plain, (state, actions)
            else:
                with pytest.raises(IllegalActionError):
                    fast.apply_actions(list(actions))
                assert fast == state, (state, actions, "changed by a refused joint action")
