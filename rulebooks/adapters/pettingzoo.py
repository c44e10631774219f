"""The engines as PettingZoo environments (``pip install 'rulebooks[pettingzoo]'``).

* :func:`env` (:class:`RulebooksAECEnv`): an AEC environment for turn-based games; one
  agent acts at a time.
* :func:`parallel_env` (:class:`RulebooksParallelEnv`): a Parallel environment, for games
  with simultaneous moves and any other: at a node where one player acts, only that
  agent's action is used (the others' action masks are all zeros).

::

    from rulebooks.adapters.pettingzoo import env, parallel_env

    aec = env("<game>", players=3)
    aec.reset(seed=1)
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, info = aec.last()
        aec.step(None if terminated or truncated else
                 aec.action_space(agent).sample(obs["action_mask"]))

Agents are ``player_0``, ``player_1``, ... (the engine's player indices). Chance nodes are
resolved inside the environment with its own generator, seeded by ``reset(seed=...)`` (a
reset without a seed continues the same generator). Actions are the engine's action ids;
``action_space(agent)`` is one fixed ``Discrete(num_distinct_actions)`` per agent, built once.
Its ``sample()`` without a mask draws among the agent's legal actions at the current node
(:class:`LegalDiscrete`); with a mask it is gymnasium's. An illegal action raises
:class:`engine.IllegalActionError` and changes nothing.

Observations are ``{"observation": vector, "action_mask": int8 vector}``: the vector is the
game's encoding of what the agent sees (:mod:`rulebooks.adapters.encoding`), the mask marks
the agent's legal actions now. Rewards are 0 until the end, then the engine's returns (1 for
each winner). A play stopped at the horizon (``max_game_length`` decisions or
``max_chance_nodes`` chance events, see :mod:`rulebooks.adapters`) ends with ``truncations``
set and rewards 0; a finished game sets ``terminations``.
"""

from __future__ import annotations

import weakref
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.spaces import Box, Dict, Discrete
from gymnasium.spaces.space import MaskNDArray
from pettingzoo import AECEnv, ParallelEnv

import engine
from engine.core import SIMULTANEOUS, TERMINAL, Game
from engine.drivers import RandomSampler

from . import (
    DEFAULT_MAX_CHANCE_NODES,
    DEFAULT_MAX_GAME_LENGTH,
    Horizon,
    Play,
    has_simultaneous_moves,
)
from .encoding import encoder_for

Observation = dict[str, npt.NDArray[Any]]
# Class-level metadata; each environment extends it with its game's name.
_AEC_METADATA: dict[str, Any] = {"render_modes": ["ansi", "human"], "is_parallelizable": False}
_PARALLEL_METADATA: dict[str, Any] = {"render_modes": ["ansi", "human"]}
Mask = npt.NDArray[np.int8]


def as_action(action: object) -> Any:
    """An agent's action as the engine takes it: a NumPy integer (what a ``Discrete`` space's
    ``sample()`` gives) becomes its int; anything else goes to the engine as it is, which
    refuses what is not an int (8.9, "8", True) as it does for every caller, where ``int()``
    would have played action 8, 8 or 1."""
    return int(action) if isinstance(action, np.integer) else action


class LegalDiscrete(Discrete):
    """``Discrete(n)`` whose ``sample()`` without a mask or probabilities draws a legal action
    of its agent at the environment's current node (uniformly: as ``sample(mask)`` with the
    agent's action mask). An agent with no legal action gets ``start`` (0), as gymnasium
    does for an all-zero mask."""

    def __init__(self, n: int, env: _Base, agent: str) -> None:
        super().__init__(n)
        self._env = weakref.ref(env)
        self._agent = agent

    def sample(
        self, mask: MaskNDArray | None = None, probability: MaskNDArray | None = None
    ) -> np.int64:
        if mask is None and probability is None:
            env = self._env()
            if env is not None:
                mask = env.action_mask(self._agent)
        return super().sample(mask=mask, probability=probability)


class _Base:
    """What both environments share: the game, its spaces, the play and its chance driver."""

    metadata: dict[str, Any]
    possible_agents: list[str]
    agents: list[str]

    def _setup(
        self,
        game: str | Game,
        render_mode: str | None,
        max_game_length: int,
        max_chance_nodes: int,
        params: dict[str, Any],
    ) -> None:
        if isinstance(game, Game):
            if params:
                raise engine.InvalidGameError(
                    f"parameters {sorted(params)} given with a game object: set them on the game"
                )
            self.game = game
        else:
            self.game = engine.load_game(game, **params)
        self.name = self.game.short_name
        self.horizon = Horizon.from_parameters(
            {"max_game_length": max_game_length, "max_chance_nodes": max_chance_nodes}
        )
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"rulebooks_{self.name}_v0"}
        players = self.game.num_players
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.agents = []
        self._index = {agent: p for p, agent in enumerate(self.possible_agents)}
        self.encoder = encoder_for(self.game, self.horizon)
        actions = self.game.num_distinct_actions
        self._actions = actions
        self.observation_spaces = {
            agent: Dict(
                {
                    "observation": Box(self.encoder.low, self.encoder.high, dtype=np.float32),
                    "action_mask": Box(0, 1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: LegalDiscrete(actions, self, agent) for agent in self.possible_agents
        }
        self.play = Play.start(self.name, self.game, self.horizon)
        self._sampler: RandomSampler | None = None

    # -- spaces ------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- what an agent sees --------------------------------------------------------------------
    def action_mask(self, agent: str) -> Mask:
        """1 for each action the agent may take now, 0 elsewhere (all 0 when not acting)."""
        mask = np.zeros(self._actions, dtype=np.int8)
        play = self.play
        player = self._index[agent]
        current = play.current_player()
        if current in (player, SIMULTANEOUS):
            mask[play.state.legal_actions(player)] = 1
        return mask

    def observe(self, agent: str) -> Observation:
        player = self._index[agent]
        return {
            "observation": self.encoder.encode(self.play.state, player),
            "action_mask": self.action_mask(agent),
        }

    # -- shared steps ------------------------------------------------------------------------------
    def _new_play(self, seed: int | None) -> None:
        if seed is not None or self._sampler is None:
            self._sampler = RandomSampler(seed)
        self.play = Play.start(self.name, self.game, self.horizon)
        self.play.resolve_chance(self._sampler)

    def _resolve_chance(self) -> None:
        assert self._sampler is not None, "reset() comes before step()"
        self.play.resolve_chance(self._sampler)

    def _final_rewards(self) -> dict[str, float]:
        returns = self.play.state.returns()
        return {agent: float(returns[p]) for agent, p in self._index.items()}

    def render(self) -> str | None:
        text = str(self.play)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class RulebooksAECEnv(_Base, AECEnv[str, Observation, int]):  # type: ignore[misc]
    """A turn-based game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = _AEC_METADATA

    def __init__(
        self,
        game: str | Game,
        *,
        render_mode: str | None = None,
        max_game_length: int = DEFAULT_MAX_GAME_LENGTH,
        max_chance_nodes: int = DEFAULT_MAX_CHANCE_NODES,
        **params: Any,
    ) -> None:
        AECEnv.__init__(self)
        self._setup(game, render_mode, max_game_length, max_chance_nodes, params)
        if has_simultaneous_moves(self.game):
            raise TypeError(
                f"{self.name} has simultaneous moves: use parallel_env({self.name!r}), "
                "not the turn-based AEC environment"
            )
        self.agent_selection = self.possible_agents[0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._new_play(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._after_move()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for agents whose play is over")
        self._cumulative_rewards[agent] = 0.0
        self.play.apply(as_action(action))
        self._resolve_chance()
        self._after_move()
        self._accumulate_rewards()

    def _after_move(self) -> None:
        play = self.play
        if play.is_over():
            self.rewards = self._final_rewards()
            truncated = play.truncated
            self.terminations = dict.fromkeys(self.agents, not truncated)
            self.truncations = dict.fromkeys(self.agents, truncated)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[play.current_player()]


class RulebooksParallelEnv(_Base, ParallelEnv[str, Observation, int]):  # type: ignore[misc]
    """A game as a PettingZoo Parallel environment (see the module docstring)."""

    metadata = _PARALLEL_METADATA

    def __init__(
        self,
        game: str | Game,
        *,
        render_mode: str | None = None,
        max_game_length: int = DEFAULT_MAX_GAME_LENGTH,
        max_chance_nodes: int = DEFAULT_MAX_CHANCE_NODES,
        **params: Any,
    ) -> None:
        self._setup(game, render_mode, max_game_length, max_chance_nodes, params)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self._new_play(seed)
        self.agents = self.possible_agents[:]
        return {a: self.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        play = self.play
        if play.is_over() or not self.agents:
            raise engine.IllegalActionError(
                "the play is over: reset() first", action=str(actions), player=TERMINAL, legal=[]
            )
        current = play.current_player()
        acting = self.agents if current == SIMULTANEOUS else [self.possible_agents[current]]
        missing = [agent for agent in acting if agent not in actions]
        if missing:
            raise ValueError(f"no action for {', '.join(missing)}, who act now")
        if current == SIMULTANEOUS:
            play.apply_joint([as_action(actions[agent]) for agent in self.agents])
        else:
            play.apply(as_action(actions[acting[0]]))
        self._resolve_chance()
        agents = self.agents
        observations = {a: self.observe(a) for a in agents}
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        if play.is_over():
            rewards = self._final_rewards()
            truncated = play.truncated
            terminations = dict.fromkeys(agents, not truncated)
            truncations = dict.fromkeys(agents, truncated)
            self.agents = []
        else:
            rewards = dict.fromkeys(agents, 0.0)
            terminations = dict.fromkeys(agents, False)
            truncations = dict.fromkeys(agents, False)
        return observations, rewards, terminations, truncations, infos


def env(game: str | Game, **kwargs: Any) -> RulebooksAECEnv:
    """An AEC environment: ``env("<game>", players=3)``."""
    return RulebooksAECEnv(game, **kwargs)


def parallel_env(game: str | Game, **kwargs: Any) -> RulebooksParallelEnv:
    """A Parallel environment: ``parallel_env("<game>", players=3)``."""
    return RulebooksParallelEnv(game, **kwargs)


__all__ = [
    "LegalDiscrete",
    "RulebooksAECEnv",
    "RulebooksParallelEnv",
    "env",
    "parallel_env",
]
