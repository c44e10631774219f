"""Throughput of the engines through their clients: random full games on one core.

Not a test: it prints figures. For every registered game (4 players unless --players says
otherwise), random full games are played for about --seconds each

* **native**: the engine's own API, with the seeded sampler (:class:`engine.RandomSampler`);
* **floor**: the same driver playing back recorded games of the engine (:class:`Replay`): every
  call native makes, answered from the record with no rule work, so that native's distance
  above it is what the rules cost (its "vs pig" the most any engine of the game could reach
  through this protocol);
* **openspiel**: the OpenSpiel adapter, through ``pyspiel`` states, by :func:`pyspiel_loop`;
* **pettingzoo**: the AEC environment (the Parallel one for games with simultaneous moves),
  agents sampling their action spaces with the action mask, as PettingZoo's examples do;

and, beside each game in the same run, OpenSpiel's C++ ``pig`` (a dice game of the same
family: roll or stop, a bust loses the turn) with as many players, driven twice: by the very
same :func:`pyspiel_loop`, and by :func:`pyspiel_lean_loop`, which makes the calls the native
driver makes (the player to act asked once a step, the same draws). "vs pig" compares with the
faster of the two, so that the native driver's leaner loop is no advantage over pig. Each
figure is the best of --repeat interleaved measurements.

An action is one entry of the history: a chance outcome, a player's action, or one player's
part of a joint action::

    python benchmarks/bench_clients.py              # every game, 4 players, best of 3 x 1 s
    python benchmarks/bench_clients.py --games mahe --seconds 10
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Self

import pyspiel

import engine
from engine import RandomSampler
from engine.core import CHANCE as NATIVE_CHANCE
from engine.core import SIMULTANEOUS as NATIVE_SIMULTANEOUS
from engine.core import State, outcome_at
from engine.drivers import choose
from rulebooks.adapters import has_simultaneous_moves
from rulebooks.adapters import openspiel as openspiel_adapter
from rulebooks.adapters.pettingzoo import env as aec_env
from rulebooks.adapters.pettingzoo import parallel_env

Runner = Callable[[int], int]  # plays one game from a seed; returns its number of actions


def native_runner(game: engine.Game) -> Runner:
    def run(seed: int) -> int:
        return len(RandomSampler(seed).play_out(game.new_initial_state()).history())

    return run


# One step of a recorded game: the player to act, and what the driver is answered there (the
# chance outcome drawn; the legal actions; each player's legal actions at a joint node).
Step = tuple[int, Any]


def record(game: engine.Game, seed: int) -> list[Step]:
    """The steps of the seeded native game `seed`, the last one the end (the terminal player)."""
    steps: list[Step] = []
    players = range(game.num_players)

    def note(state: State, action: int | list[int]) -> None:
        player = state.current_player()
        if player == NATIVE_CHANCE:
            steps.append((player, action))
        elif player == NATIVE_SIMULTANEOUS:
            steps.append((player, [state.legal_actions(p) for p in players]))
        else:
            steps.append((player, state.legal_actions()))

    end = RandomSampler(seed).play_out(game.new_initial_state(), note)
    steps.append((end.current_player(), None))
    return steps


class Replay(State):
    """A recorded game played back: each call the native driver makes is answered from the
    record (a fresh list of legal actions, as an engine builds one) and an action is checked
    to be an int and kept in the history, as every engine does, with no rule work at all.
    Whatever the driver picks, the game goes on as recorded: the floor under the engine."""

    __slots__ = ("_at", "_history", "_steps", "game")

    def __init__(self, game: engine.Game, steps: list[Step]) -> None:
        self.game, self._steps, self._at = game, steps, 0
        self._history: list[int] = []

    def current_player(self) -> int:
        player: int = self._steps[self._at][0]
        return player

    def legal_actions(self, player: int | None = None) -> list[int]:
        who, answer = self._steps[self._at]
        if who == NATIVE_CHANCE:
            return [answer]
        return list(answer if player is None else answer[player])

    def chance_outcome_at(self, pick: float) -> int:
        outcome: int = self._steps[self._at][1]
        return outcome

    def apply_action(self, action: int) -> None:
        if type(action) is not int:
            self.check_action(action)
        self._at += 1
        self._history.append(action)

    def apply_actions(self, actions: Sequence[int]) -> None:
        self._at += 1
        self._history.extend(actions)

    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]:
        return [(self.chance_outcome_at(0.0), Fraction(1))]

    def _action_to_string(self, action: int, player: int | None) -> str:
        return str(action)

    def _apply(self, action: int) -> None:
        self.apply_action(action)

    def returns(self) -> list[float]:
        return [0.0] * self.game.num_players

    def clone(self) -> Self:
        other = type(self)(self.game, self._steps)
        other._at, other._history = self._at, self._history[:]
        return other

    def to_dict(self) -> dict[str, Any]:
        return {"history": self._history[:]}

    def observation_string(self, player: int) -> str:
        return ""


def floor_runner(game: engine.Game, recorded: int = 64) -> Runner:
    """Plays back `recorded` seeded games of `game` in turn (recorded before the clock starts)."""
    games = [record(game, seed) for seed in range(recorded)]

    def run(seed: int) -> int:
        replay = Replay(game, games[seed % recorded])
        return len(RandomSampler(seed).play_out(replay).history())

    return run


def pyspiel_loop(game: pyspiel.Game, rng: random.Random) -> int:
    """One random game through pyspiel's state API: chance by its probabilities, a uniformly
    random legal action at decisions (one per player at simultaneous nodes)."""
    state = game.new_initial_state()
    players = game.num_players()
    choice = rng.choice
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(outcome_at(state.chance_outcomes(), rng.random()))
        elif state.is_simultaneous_node():
            state.apply_actions([choice(state.legal_actions(p)) for p in range(players)])
        else:
            state.apply_action(choice(state.legal_actions()))
    return len(state.history())


TERMINAL, CHANCE, SIMULTANEOUS = (
    int(pyspiel.PlayerId.TERMINAL),
    int(pyspiel.PlayerId.CHANCE),
    int(pyspiel.PlayerId.SIMULTANEOUS),
)


def pyspiel_lean_loop(game: pyspiel.Game, rng: random.Random) -> int:
    """One random game as :func:`pyspiel_loop` plays it (the same draws), with the calls of
    :meth:`engine.RandomSampler.play_out`: the player to act asked once a step, a legal action
    drawn by :func:`engine.drivers.choose`."""
    state = game.new_initial_state()
    players = range(game.num_players())
    getrandbits, rand = rng.getrandbits, rng.random
    while (player := state.current_player()) != TERMINAL:
        if player == CHANCE:
            state.apply_action(outcome_at(state.chance_outcomes(), rand()))
        elif player == SIMULTANEOUS:
            state.apply_actions([choose(getrandbits, state.legal_actions(p)) for p in players])
        else:
            state.apply_action(choose(getrandbits, state.legal_actions()))
    return len(state.history())


def pyspiel_runner(game: pyspiel.Game, loop: Callable[..., int] = pyspiel_loop) -> Runner:
    def run(seed: int) -> int:
        return loop(game, random.Random(seed))

    return run


def pettingzoo_runner(name: str, players: int) -> Runner:
    if has_simultaneous_moves(engine.load_game(name, players=players)):
        par = parallel_env(name, players=players)

        def run_parallel(seed: int) -> int:
            observations, _ = par.reset(seed=seed)
            for p, agent in enumerate(par.possible_agents):
                par.action_space(agent).seed(seed + p)
            while par.agents:
                actions = {
                    agent: par.action_space(agent).sample(observations[agent]["action_mask"])
                    for agent in par.agents
                }
                observations, *_ = par.step(actions)
            return len(par.play.state.history())

        return run_parallel

    aec = aec_env(name, players=players)

    def run_aec(seed: int) -> int:
        aec.reset(seed=seed)
        for p, agent in enumerate(aec.possible_agents):
            aec.action_space(agent).seed(seed + p)
        for agent in aec.agent_iter():
            observation, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
            else:
                aec.step(aec.action_space(agent).sample(observation["action_mask"]))
        return len(aec.play.state.history())

    return run_aec


def measure(run: Runner, seconds: float) -> tuple[float, float, float]:
    """Games/s, actions/s and actions/game of seeded random games for about `seconds`."""
    games = actions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        actions += run(games)
        games += 1
    return games / elapsed, actions / elapsed, actions / games


def best(runs: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    """The fastest of several measurements (the others lost time to the machine's load)."""
    return max(runs, key=lambda run: run[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(sorted(engine.GAMES)))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=1.0, help="per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="measurements; the best counts")
    args = parser.parse_args()
    pig_game = pyspiel.load_game("pig", {"players": args.players})
    pigs = {
        "pig (C++)": pyspiel_runner(pig_game),
        "pig, lean": pyspiel_runner(pig_game, pyspiel_lean_loop),
    }
    header = f"{'game':8} {'client':12} {'games/s':>9} {'actions/s':>11} {'actions/game':>13}"
    print(header + f" {'vs native':>10} {'vs pig':>7}")
    print("-" * (len(header) + 19))
    for name in args.games.split(","):
        params = {"players": args.players}
        runners = {
            "native": native_runner(engine.load_game(name, **params)),
            "floor": floor_runner(engine.load_game(name, **params)),
            "openspiel": pyspiel_runner(openspiel_adapter.load_game(name, **params)),
            "pettingzoo": pettingzoo_runner(name, args.players),
            **pigs,  # measured beside each game: the same load, as many times
        }
        runs: dict[str, list[tuple[float, float, float]]] = {client: [] for client in runners}
        for _ in range(args.repeat):  # interleaved, so that load spikes hit every client
            for client, runner in runners.items():
                runs[client].append(measure(runner, args.seconds))
        results = {client: best(r) for client, r in runs.items()}
        native, pig_actions = results["native"][1], max(results[pig][1] for pig in pigs)
        for client, (games, actions, length) in results.items():
            print(
                f"{name if client == 'native' else '':8} {client:12} {games:9.0f} {actions:11.0f}"
                f" {length:13.1f} {actions / native:10.2f} {actions / pig_actions:7.2f}"
            )
        rules = 1e6 / native - 1e6 / results["floor"][1]  # µs an action
        at_pig = 1e6 / pig_actions - 1e6 / results["floor"][1]
        print(
            f"{'':8} the rules take {rules:.3f} µs an action, {rules * native / 1e6:.0%} of"
            f" native's time; native matches pig at {at_pig:.3f} µs"
        )


if __name__ == "__main__":
    main()
