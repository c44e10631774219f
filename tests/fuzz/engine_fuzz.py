"""Fuzzing the engines' entry points: random actions of every type, random corruptions of
``to_dict`` output.

Every try ends one of three ways, counted in a :class:`Tally`:

* **refused**: the engine raised its own error (``IllegalActionError`` for an action,
  ``InvalidStateError`` for a description) and the state is exactly as it was;
* **played**: the engine accepted a legal action or a possible position, and the game then
  plays to its end with random moves, the invariants of tests/invariants holding at every
  node (legal actions, chance odds, returns, conservation of components) and the position
  read back from JSON at the end;
* **corruption**: anything else (another exception, a refusal that changed the state, an
  illegal action or impossible position accepted, an invariant broken afterwards). Each is
  kept with a description to replay it.

Seeded: the same seed gives the same tries. ``tests/fuzz/test_fuzz_engines.py`` runs a
small campaign per game; ``benchmarks/fuzz_engines.py`` a large one, printing the counts.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

import engine
from engine import (
    SIMULTANEOUS,
    TERMINAL,
    IllegalActionError,
    InvalidStateError,
    RandomSampler,
    State,
    UnreadableStateError,
)
from tests.invariants.checks import (
    check_all,
    check_laws,
    check_legal_actions,
    check_playable,
    check_terminal,
)
from tests.invariants.laws import laws_for

MAX_PLAY = 20_000
"""Most actions played after an accepted try before the game must have ended."""
HUGE = 10**5000
"""An int too long for ``repr`` (Python refuses more than 4,300 digits by default)."""


class SubInt(int):
    """An int subclass: equal to an action id but not an int."""


@dataclass
class Tally:
    """The counts of one game's campaign."""

    tries: int = 0
    refused: int = 0
    played: int = 0
    corruptions: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)
    """Descriptions refused by the readers' safety net (`UnreadableStateError`) rather
    than by a check naming what is wrong: clean refusals, with a poorer message."""

    def add(self, other: Tally) -> None:
        self.tries += other.tries
        self.refused += other.refused
        self.played += other.played
        self.corruptions.extend(other.corruptions)
        self.unreadable.extend(other.unreadable)


# -- positions ------------------------------------------------------------------------------
def random_parameters(name: str, rng: random.Random) -> dict[str, Any]:
    """A random parameter set of the game (player count and each option of its laws)."""
    cls = type(engine.load_game(name))
    players = rng.randint(cls.min_players, cls.max_players)
    params: dict[str, Any] = {"players": players}
    for option, choices in laws_for(name).parameters.items():
        values = choices(players) if callable(choices) else choices
        params[option] = rng.choice(list(values))
    return params


def random_position(name: str, rng: random.Random) -> State:
    """A position reached by seeded random play from a new game (sometimes its start or end)."""
    state = engine.load_game(name, **random_parameters(name, rng)).new_initial_state()
    sampler = RandomSampler(rng.randrange(2**32))
    steps = rng.choice([0, rng.randrange(30), rng.randrange(400), rng.randrange(3000), -1])
    while steps != 0 and not state.is_terminal():
        sampler.step(state)
        steps -= 1
    return state


def play_to_end(name: str, state: State, seed: int, described: bool = False) -> None:
    """Random play to the end, checking the invariants at every node (all of them at the
    first and last; `described`: the state was read from a description, see
    :func:`tests.invariants.checks.check_laws`). Raises AssertionError naming what broke."""
    check_all(name, state, described)
    sampler = RandomSampler(seed)
    for _ in range(MAX_PLAY):
        if state.is_terminal():
            check_all(name, state, described)
            return
        sampler.step(state)
        check_playable(state)
        check_legal_actions(state)
        check_terminal(state)
        check_laws(name, state, described)
    raise AssertionError(f"the game has not ended after {MAX_PLAY} more actions")


# -- actions --------------------------------------------------------------------------------
def odd_values(rng: random.Random, legal: list[int], state: State) -> list[Any]:
    """Values that are not ints but look like actions (or are plainly not)."""
    near = rng.choice(legal) if legal else rng.randrange(state.game.num_distinct_actions)
    name = state.action_to_string(near) if legal and not isinstance(near, bool) else "x"
    return [
        float(near), near + 0.5, near - 0.5, True, False, None, str(near), name, [near],
        (near,), {near: near}, Fraction(near), Decimal(near), SubInt(near), complex(near),
        float("nan"), float("inf"), b"\x01", object(),
    ]  # fmt: skip


def odd_ints(rng: random.Random, state: State) -> list[int]:
    top = state.game.num_distinct_actions
    return [rng.randint(-3, top + 3), -1, top, HUGE, -HUGE, 2**63, rng.randrange(top)]


Try = tuple[str, Callable[[State], Any], bool]
"""What is tried, the try (on a copy of the state), and whether it may return an answer
(an action that is played, an int's name) rather than be refused."""


def _apply(value: Any) -> Try:
    return f"apply_action({_short(value)})", lambda s: s.apply_action(value), True


def _apply_joint(value: Any) -> Try:
    return f"apply_actions({_short(value)})", lambda s: s.apply_actions(value), True


def _name(value: Any) -> Try:
    return f"action_to_string({_short(value)})", lambda s: s.action_to_string(value), True


def _read_name(text: Any) -> Try:
    return f"string_to_action({_short(text)})", lambda s: s.string_to_action(text), False


def _refused(attempt: Try) -> Try:
    return attempt[0], attempt[1], False


def action_tries(rng: random.Random, state: State) -> Iterator[Try]:
    """The tries at `state`: each plays or reads something on a copy of it. An answer is
    checked afterwards: only a legal int action may be played, only an int named."""
    player = state.current_player()
    if player == SIMULTANEOUS:
        players = state.game.num_players
        each = [state.legal_actions(p) for p in range(players)]
        for value in [*odd_values(rng, each[0], state), *odd_ints(rng, state)]:
            joint: list[Any] = [rng.choice(actions) for actions in each]
            joint[rng.randrange(players)] = value
            yield _apply_joint(joint)
            yield _refused(_apply(value))
        good = [rng.choice(actions) for actions in each]
        odd: list[Any] = [iter(good), set(good), {0: good[0]}, "12", None, good[:-1],
                          [*good, good[0]]]  # fmt: skip
        yield from (_refused(_apply_joint(container)) for container in odd)
        yield _apply_joint(rng.choice([good, tuple(good)]))
        return
    legal = state.legal_actions() if player != TERMINAL else []
    values: list[Any] = [*odd_values(rng, legal, state), *odd_ints(rng, state)]
    values.extend(rng.sample(legal, min(3, len(legal))))
    for value in values:
        yield _apply(value) if type(value) is int else _refused(_apply(value))
        yield _name(value) if type(value) is int else _refused(_name(value))
    yield from (_read_name(text) for text in (None, 3, b"stop", ["stop"]))
    yield _refused(_apply_joint([0] * state.game.num_players))


def fuzz_actions(name: str, rng: random.Random, positions: int) -> Tally:
    """Random actions of every type at `positions` random positions of game `name`."""
    tally = Tally()
    for _ in range(positions):
        state = random_position(name, rng)
        legal = _legal_sets(state)
        for description, attempt, may_answer in action_tries(rng, state):
            tally.tries += 1
            copy_ = state.clone()
            before = copy_.to_dict()
            where = f"{name} {state.game!r} history {state.history()}: {description}"
            try:
                result = attempt(copy_)
            except IllegalActionError:
                if copy_.to_dict() != before:
                    tally.corruptions.append(f"refused but changed the state: {where}")
                else:
                    tally.refused += 1
                continue
            except Exception as error:
                tally.corruptions.append(f"{type(error).__name__}: {error!s:.200}: {where}")
                continue
            if not may_answer:
                tally.corruptions.append(f"answered {_short(result)}: {where}")
                continue
            if description.startswith("action_to_string"):
                if isinstance(result, str) and copy_.to_dict() == before:
                    tally.played += 1
                else:
                    tally.corruptions.append(f"named it {_short(result)}, or changed: {where}")
                continue
            if not _accepted_legal(copy_, state, legal):
                tally.corruptions.append(f"accepted an illegal action: {where}")
                continue
            try:
                play_to_end(name, copy_, rng.randrange(2**32))
            except Exception as error:
                tally.corruptions.append(f"broke later: {type(error).__name__}: {error!s:.300}: "
                                         f"{where}")  # fmt: skip
            else:
                tally.played += 1
    return tally


def _legal_sets(state: State) -> list[list[int]]:
    if state.current_player() == SIMULTANEOUS:
        return [state.legal_actions(p) for p in range(state.game.num_players)]
    return [state.legal_actions()]


def _accepted_legal(after: State, before: State, legal: list[list[int]]) -> bool:
    """The actions `after` added to the history are ints, and legal at `before`."""
    added = after.history()[len(before.history()) :]
    if not all(type(a) is int for a in added):
        return False
    if before.current_player() == SIMULTANEOUS:
        return len(added) == len(legal) and all(a in ok for a, ok in zip(added, legal, strict=True))
    return len(added) == 1 and added[0] in legal[0]


# -- descriptions ---------------------------------------------------------------------------
def _paths(tree: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The paths of every node of a JSON tree (down to 8 levels)."""
    yield path
    if len(path) >= 8:
        return
    if isinstance(tree, dict):
        for key, value in tree.items():
            yield from _paths(value, (*path, key))
    elif isinstance(tree, list):
        for index, value in enumerate(tree):
            yield from _paths(value, (*path, index))


def _get(tree: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        tree = tree[step]
    return tree


def _deep(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def weird_value(rng: random.Random, old: Any, data: Any) -> Any:
    """A replacement for `old`: of another type, out of range, or taken from elsewhere."""
    others = [_get(data, p) for p in _paths(data)]
    choices: list[Any] = [
        None, True, False, 0, -1, 1, 2, 7, 10**9, HUGE, -HUGE, 1.5, 2.0, float("nan"), "", "x",
        "red", "blue", [], {}, [[]], [None], _deep(5000), {"a": [1]}, [[1, 2]], [{"x": 1}],
        rng.choice(others), rng.choice(others), rng.choice(others),
    ]  # fmt: skip
    if type(old) is int:
        choices += [old + 1, old - 1, old * 2, -old, old + 10**9]
        if abs(old) < 10**15:
            choices += [float(old), str(old)]
    if isinstance(old, str):
        choices += [old.upper(), old + " ", old[:-1], [old]]
    if isinstance(old, list) and old:
        choices += [
            [*old, old[0]], old[1:], old[::-1], [old[0]] * len(old), old + old,
            [*old[:-1], rng.choice(others)],
        ]  # fmt: skip
    if isinstance(old, dict) and old:
        key = rng.choice(list(old))
        choices += [{k: v for k, v in old.items() if k != key}, {**old, key: rng.choice(others)},
                    {**old, "surplus": 1}, list(old.values())]  # fmt: skip
    return rng.choice(choices)


def corrupt(rng: random.Random, data: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """A copy of `data` with one to three random changes; and what they were."""
    data = copy.deepcopy(data)
    changes = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = rng.choice(paths)
        parent = _get(data, path[:-1])
        if isinstance(parent, dict) and rng.random() < 0.15:
            del parent[path[-1]]
            changes.append(f"deleted {list(path)}")
            continue
        new = weird_value(rng, parent[path[-1]], data)
        parent[path[-1]] = new
        changes.append(f"{list(path)} = {_short(new)}")
    if rng.random() < 0.05:
        data[rng.choice(["surplus", "Phase", "history "])] = 1
        changes.append("an unknown field")
    return data, "; ".join(changes)


def _short(value: Any) -> str:
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"<{type(value).__name__} too big to show>"
    return text if len(text) <= 80 else text[:77] + "..."


def fuzz_descriptions(name: str, rng: random.Random, positions: int, per_position: int) -> Tally:
    """Random corruptions of ``to_dict`` output read back with ``state_from_dict``."""
    tally = Tally()
    for _ in range(positions):
        state = random_position(name, rng)
        original = state.to_dict()
        for _ in range(per_position):
            tally.tries += 1
            data, changes = corrupt(rng, original)
            where = f"{name} {state.game!r} history {state.history()}: {changes}"
            try:
                again = state.game.state_from_dict(data)
            except InvalidStateError as error:
                tally.refused += 1
                if isinstance(error, UnreadableStateError):
                    tally.unreadable.append(f"{error}: {where}")
                continue
            except Exception as error:
                tally.corruptions.append(f"{type(error).__name__}: {_short(str(error))}: {where}")
                continue
            try:
                json.loads(json.dumps(again.to_dict()))
                play_to_end(name, again, rng.randrange(2**32), described=True)
            except Exception as error:
                tally.corruptions.append(
                    f"accepted, then {type(error).__name__}: {error!s:.300}: {where}"
                )
            else:
                tally.played += 1
    return tally


def campaign(name: str, seed: int, positions: int, per_position: int) -> Tally:
    """Actions at `positions` positions, and `per_position` corruptions at as many."""
    rng = random.Random(f"{name}-{seed}")
    tally = fuzz_actions(name, rng, positions)
    tally.add(fuzz_descriptions(name, rng, positions, per_position))
    return tally
