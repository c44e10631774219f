"""The PettingZoo adapters: PettingZoo's API and seed tests on every registered game and
parameter set (AEC for turn-based games, Parallel for games with simultaneous moves and a toy
game), and the environments against the engine they wrap."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium.spaces import Discrete
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import engine
from engine.core import IllegalActionError
from rulebooks.adapters.pettingzoo import (
    LegalDiscrete,
    RulebooksAECEnv,
    RulebooksParallelEnv,
    env,
    parallel_env,
)
from tests.clients.cases import case_id, sequential_cases, simultaneous_cases
from tests.clients.toy import AGAIN, AgainGame


@pytest.mark.parametrize("case", sequential_cases(), ids=case_id)
# Observations are {"observation", "action_mask"} dicts, PettingZoo's convention for action
# masks: api_test warns about every such environment outside its own list of classic games.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
def test_aec_api_and_seed_tests(case: tuple[str, dict[str, Any]]) -> None:
    name, params = case
    api_test(env(name, **params), num_cycles=2000)
    seed_test(lambda: env(name, **params), num_cycles=2000)


def _parallel_cases() -> list[tuple[str | AgainGame, dict[str, Any]]]:
    return [(AgainGame(), {}), *simultaneous_cases()]


def _parallel_id(case: tuple[str | AgainGame, dict[str, Any]]) -> str:
    game, params = case
    return "toy" if isinstance(game, AgainGame) else case_id((game, params))


@pytest.mark.parametrize("case", _parallel_cases(), ids=_parallel_id)
def test_parallel_api_and_seed_tests(case: tuple[str | AgainGame, dict[str, Any]]) -> None:
    game, params = case
    parallel_api_test(parallel_env(game, **params), num_cycles=2000)
    parallel_seed_test(lambda: parallel_env(game, **params), num_cycles=2000)


def test_the_toy_game_really_has_every_kind_of_node() -> None:
    """The Parallel environment meets chance, joint and one-player nodes in the toy game."""
    par = parallel_env(AgainGame())
    seen = set()
    for seed in range(10):
        par.reset(seed=seed)
        while par.agents:
            seen.add(par.play.current_player())
            par.step({a: par.action_space(a).sample() for a in par.agents})
    assert seen == {-2, 0, 1}


def test_the_aec_environment_refuses_games_with_simultaneous_moves() -> None:
    with pytest.raises(TypeError, match="simultaneous moves: use parallel_env"):
        env(AgainGame())


def _seed_spaces(aec: RulebooksAECEnv, seed: int) -> None:
    for p, agent in enumerate(aec.possible_agents):
        aec.action_space(agent).seed(seed + p)


def _play_aec(aec: RulebooksAECEnv, seed: int) -> tuple[list[int], dict[str, float]]:
    """A whole play: chance seeded by `reset(seed)`, actions by the seeded action spaces."""
    aec.reset(seed=seed)
    _seed_spaces(aec, seed)
    rewards = dict.fromkeys(aec.agents, 0.0)
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        rewards[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        legal = aec.play.state.legal_actions()
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        assert aec.play.state.current_player() == int(agent.removeprefix("player_"))
        aec.step(aec.action_space(agent).sample(obs["action_mask"]))
    return aec.play.state.history(), rewards


@pytest.mark.parametrize("name", sorted({name for name, _ in sequential_cases()}))
def test_aec_masks_rewards_and_seeds_follow_the_engine(name: str) -> None:
    aec = env(name)
    history, rewards = _play_aec(aec, seed=11)
    assert aec.play.state.is_terminal()
    assert rewards == {f"player_{p}": r for p, r in enumerate(aec.play.state.returns())}
    assert _play_aec(env(name), seed=11)[0] == history
    assert _play_aec(env(name), seed=12)[0] != history


def test_reset_without_a_seed_continues_the_same_generator() -> None:
    histories = []
    for _ in range(2):
        aec = env("mahe")
        first = _play_aec(aec, seed=4)[0]
        aec.reset()
        histories.append(aec.play.state.history())
    assert histories[0] == histories[1] and histories[0] != first[: len(histories[0])]


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    aec = env("mahe", players=3)
    aec.reset(seed=2)
    agent = aec.agent_selection
    history = aec.play.state.history()
    illegal = int(np.flatnonzero(aec.observe(agent)["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        aec.step(illegal)
    assert aec.play.state.history() == history and aec.agent_selection == agent

    par = parallel_env(AgainGame())
    par.reset(seed=1)
    history = par.play.state.history()
    with pytest.raises(IllegalActionError):
        par.step(dict.fromkeys(par.agents, 0))  # concede is not a number of fingers
    with pytest.raises(ValueError, match="no action for player_1"):
        par.step({"player_0": 2})
    assert par.play.state.history() == history


def test_a_play_stopped_at_the_horizon_is_truncated() -> None:
    aec = env("mahe", max_game_length=7)
    aec.reset(seed=0)
    steps = 0
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.0
            aec.step(None)
            continue
        steps += 1
        aec.step(aec.action_space(agent).sample(obs["action_mask"]))
    assert steps == 7 and not aec.play.state.is_terminal()

    par = parallel_env(AgainGame(), max_game_length=3)
    par.reset(seed=0)
    fingers = {"player_0": 2, "player_1": 2}
    par.step(fingers)
    loser = f"player_{par.play.current_player()}"
    par.step({loser: AGAIN})  # the other agent's action is not needed at a one-player node
    _, rewards, terminations, truncations, _ = par.step(fingers)
    assert all(truncations.values()) and not any(terminations.values())
    assert set(rewards.values()) == {0.0} and par.agents == []
    assert par.play.decisions == 3 and not par.play.state.is_terminal()


def test_spaces_are_built_once_and_sample_legal_actions() -> None:
    aec = env("mamey", players=2)
    aec.reset(seed=3)
    agent = aec.agent_selection
    space = aec.action_space(agent)
    assert isinstance(space, LegalDiscrete) and isinstance(space, Discrete)
    assert space is aec.action_space(agent)
    assert int(space.n) == engine.load_game("mamey", players=2).num_distinct_actions
    for _ in range(20):
        assert aec.action_mask(agent)[space.sample()] == 1
    mask = np.zeros(int(space.n), dtype=np.int8)
    mask[5] = 1
    assert space.sample(mask) == 5
    observation = aec.observe(agent)
    assert aec.observation_space(agent).contains(observation)


def test_the_parallel_environment_ends_with_the_engine_returns() -> None:
    for case in _parallel_cases():
        game, params = case
        par: RulebooksParallelEnv = parallel_env(game, **params)
        par.reset(seed=5)
        while par.agents:
            _, rewards, terminations, _, _ = par.step(
                {a: par.action_space(a).sample() for a in par.agents}
            )
        assert all(terminations.values())
        assert list(rewards.values()) == par.play.state.returns()


def legal_ids(aec: Any) -> list[int]:
    return [int(a) for a in np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])]


def test_an_action_that_is_not_an_int_is_refused_as_the_engines_refuse_it() -> None:
    """``int()`` would have played 8.9 and "8" as action 8, and True as action 1."""
    aec = env("mahe", players=3)
    aec.reset(seed=2)
    for _ in range(50):  # on to a position where action 1 (roll) is legal, for True
        if 1 in legal_ids(aec):
            break
        aec.step(legal_ids(aec)[0])
    legal = legal_ids(aec)
    assert 1 in legal, legal
    history = aec.play.state.history()
    for wrong in (legal[-1] + 0.9, str(legal[-1]), True, float(legal[-1])):
        refusal = f"an action is an int, not {type(wrong).__name__}"
        with pytest.raises(IllegalActionError, match=refusal):
            aec.step(wrong)  # type: ignore[arg-type]
        assert aec.play.state.history() == history, wrong
    aec.step(np.int64(legal[-1]))  # type: ignore[arg-type]  # what Discrete.sample() gives
    assert aec.play.state.history()[len(history)] == legal[-1]

    par = parallel_env(AgainGame())
    par.reset(seed=1)
    history = par.play.state.history()
    with pytest.raises(IllegalActionError, match="an action is an int, not float"):
        par.step({agent: 2.0 for agent in par.agents})  # type: ignore[misc]
    assert par.play.state.history() == history
