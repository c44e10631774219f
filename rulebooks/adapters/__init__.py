"""The engines as environments of the clients researchers already use.

* :mod:`rulebooks.adapters.openspiel` registers every game of :data:`engine.GAMES` with
  ``pyspiel`` as a Python game (``python_rulebooks_<game>``): install the ``openspiel``
  extra.
* :mod:`rulebooks.adapters.pettingzoo` gives an AEC environment for turn-based games and a
  Parallel environment for games with simultaneous moves: install the ``pettingzoo`` extra.

This module holds what both share and needs neither client: what a game is like (turns or
simultaneous moves, perfect or imperfect information, its scalar parameters), the horizon
that bounds a play, and :class:`Play`, an engine state that counts its moves against that
horizon. The adapters ask nothing of an engine beyond the state protocol of
:mod:`engine.core`.

**The horizon.** OpenSpiel needs a finite ``max_game_length``, and a random play of a race
game where a piece can be sent back for ever, or of one whose round can end with no winner,
has no bound. So both adapters stop a play after ``max_game_length`` decisions (a player's
action, or one joint action) or ``max_chance_nodes`` chance events, whichever comes first.
A play stopped there is *truncated*: terminal for OpenSpiel with the engine's mid-game
returns (0 for everyone), ``truncations`` for PettingZoo. The defaults (10,000 each) are 15
to 80 times the longest of thousands of random plays of each game (a few hundred
decisions), so a random play practically never meets them; both are game parameters.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Self

import engine
from engine.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, IllegalActionError, State
from engine.drivers import RandomSampler

Scalar = bool | int | float | str
GameFactory = Callable[..., Game]

DEFAULT_MAX_GAME_LENGTH = 10_000
"""Decisions (a player's action or a joint action) after which a play is truncated."""
DEFAULT_MAX_CHANCE_NODES = 10_000
"""Chance events after which a play is truncated."""
HORIZON_PARAMETERS = ("max_game_length", "max_chance_nodes")


def __getattr__(name: str) -> dict[str, bool]:
    """``PERFECT_INFORMATION``: the games whose information type is stated rather than probed
    (``GameSpec.perfect_information`` of each registered game that states it)."""
    if name == "PERFECT_INFORMATION":
        from rulebooks.games import registry

        every = {**registry.installed().games, **registry.games()}
        return {
            game: spec.perfect_information
            for game, spec in sorted(every.items())
            if spec.perfect_information is not None
        }
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def stated_information(name: str) -> bool | None:
    """The information type the game states (``GameSpec.perfect_information``), or None when
    it states none or is not registered (then :func:`probe_information` decides)."""
    from rulebooks.games import registry

    try:
        return registry.spec(name).perfect_information
    except registry.RegistryError:
        return None


class Horizon(NamedTuple):
    """The bound on one play: at most this many decisions and this many chance events."""

    decisions: int = DEFAULT_MAX_GAME_LENGTH
    chance_nodes: int = DEFAULT_MAX_CHANCE_NODES

    @classmethod
    def from_parameters(cls, params: Mapping[str, Any]) -> Horizon:
        decisions = params.get("max_game_length", DEFAULT_MAX_GAME_LENGTH)
        chance_nodes = params.get("max_chance_nodes", DEFAULT_MAX_CHANCE_NODES)
        for name, value in (("max_game_length", decisions), ("max_chance_nodes", chance_nodes)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise engine.InvalidGameError(f"{name} must be a whole number >= 1, got {value!r}")
        return cls(decisions, chance_nodes)


@dataclass(frozen=True)
class GameSpec:
    """What the adapters need to know about a game, found once per game name."""

    name: str
    factory: GameFactory
    default_parameters: dict[str, Scalar]
    """The engine's scalar parameters with their defaults (players first)."""
    min_players: int
    max_players: int
    simultaneous: bool
    """True when some node lets every player act at once (the state overrides
    `_apply_joint`, the protocol's hook for joint actions)."""
    perfect_information: bool

    def engine_game(self, params: Mapping[str, Any]) -> Game:
        """The engine game for these parameters (engine ones only; defaults fill the rest)."""
        return engine_game(self.name, _key(self.default_parameters | dict(params)))


_FACTORIES: dict[str, GameFactory] = {}


def game_spec(
    name: str, factory: GameFactory | None = None, *, perfect_information: bool | None = None
) -> GameSpec:
    """Describe a registered game (:mod:`rulebooks.games.registry`), or any game built by
    `factory(**params)`.

    `perfect_information` overrides the game's stated type and the probe.
    """
    if factory is None:
        from rulebooks.games import registry

        try:
            factory = registry.spec(name).factory
        except registry.RegistryError as error:
            raise engine.InvalidGameError(str(error)) from None
    _FACTORIES[name] = factory
    default = factory()
    params = {k: v for k, v in default.parameters().items() if isinstance(v, Scalar)}
    clash = set(params) & set(HORIZON_PARAMETERS)
    if clash:
        raise engine.GameDataError(f"{name}: parameter names reserved by the adapters: {clash}")
    if perfect_information is None:
        perfect_information = stated_information(name)
    if perfect_information is None:
        perfect_information = probe_information(default)
    return GameSpec(
        name=name,
        factory=factory,
        default_parameters=params,
        min_players=type(default).min_players,
        max_players=type(default).max_players,
        simultaneous=has_simultaneous_moves(default),
        perfect_information=perfect_information,
    )


def has_simultaneous_moves(game: Game) -> bool:
    """Does the game have SIMULTANEOUS nodes? Its states implement joint actions."""
    state_type = type(game.new_initial_state())
    return getattr(state_type, "_apply_joint", None) is not State._apply_joint


def probe_information(game: Game, seeds: int = 3, steps: int = 3000) -> bool:
    """Perfect information, judged from a few seeded random plays: True when every player's
    observation string is the same at every state reached.

    A necessary condition only: a game that dealt a card nobody sees would pass. Games of
    this project state their type (:data:`PERFECT_INFORMATION`); the probe is the fallback
    for others (and a test checks that it agrees with the table).
    """
    players = range(game.num_players)
    for seed in range(seeds):
        state, sampler = game.new_initial_state(), RandomSampler(seed)
        for _ in range(steps):
            if len({state.observation_string(p) for p in players}) > 1:
                return False
            if state.is_terminal():
                break
            sampler.step(state)
    return True


ParamsKey = tuple[tuple[str, Any], ...]


def _key(params: Mapping[str, Any]) -> ParamsKey:
    return tuple(sorted(params.items()))


@functools.lru_cache(maxsize=256)
def engine_game(name: str, params: ParamsKey) -> Game:
    """One engine game object per name and parameters (its tables are built once)."""
    factory = _FACTORIES.get(name) or engine.GAMES.get(name)
    if factory is None:
        raise engine.InvalidGameError(f"no game called {name!r} is known to the adapters")
    try:
        return factory(**dict(params))
    except TypeError as error:
        raise engine.InvalidGameError(f"{name}: {error}") from None


class Play:
    """An engine state played within a :class:`Horizon`.

    :meth:`current_player` is TERMINAL once the game is over *or* the horizon is reached
    (:attr:`truncated`). It is kept in :attr:`current`, found once per move (clients ask for
    it several times per move): change the engine state only through :meth:`apply` and
    :meth:`apply_joint`.
    :attr:`movers` records who made each move (a player, CHANCE, or SIMULTANEOUS for a joint
    action). Copies (`copy.deepcopy`, as OpenSpiel's Python states do) use the engine's
    `clone`; pickles hold the game's name, parameters and history, replayed on load.
    """

    __slots__ = (
        "chance_nodes", "current", "decisions", "horizon", "movers", "name", "state", "stopped",
    )  # fmt: skip

    def __init__(self, name: str, state: State, horizon: Horizon) -> None:
        self.name = name
        self.state = state
        self.horizon = horizon
        self.decisions = 0
        self.chance_nodes = 0
        self.stopped = False
        self.movers: list[int] = []
        self.current = state.current_player()
        """Whose move: a player, CHANCE, SIMULTANEOUS, or TERMINAL when over or stopped."""

    @classmethod
    def start(cls, name: str, game: Game, horizon: Horizon) -> Play:
        return cls(name, game.new_initial_state(), horizon)

    # -- whose move ---------------------------------------------------------------------------
    def current_player(self) -> int:
        return self.current

    def is_over(self) -> bool:
        """Terminal: the game is over or the horizon is reached."""
        return self.current == TERMINAL

    @property
    def truncated(self) -> bool:
        """Stopped at the horizon before the game was over."""
        return self.stopped

    # -- moves ----------------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        """A chance outcome or a player's action; an illegal one raises, changing nothing."""
        if self.stopped:
            self._refuse(action)
        mover, state = self.current, self.state
        state.apply_action(action)
        self.movers.append(mover)
        if mover == CHANCE:
            self.chance_nodes += 1
        else:
            self.decisions += 1
        horizon, current = self.horizon, state.current_player()  # as _next(), written in
        if self.decisions >= horizon.decisions or self.chance_nodes >= horizon.chance_nodes:
            self.stopped = current != TERMINAL
            current = TERMINAL
        self.current = current

    def apply_joint(self, actions: Sequence[int]) -> None:
        """One action per player at a SIMULTANEOUS node (validated whole by the engine)."""
        if self.stopped:
            self._refuse(str(list(actions)))
        self.state.apply_actions(list(actions))
        self.movers.append(SIMULTANEOUS)
        self.decisions += 1
        self._next()

    def _next(self) -> None:
        """After a move: stop at the horizon unless the game is over; whose move next."""
        horizon, current = self.horizon, self.state.current_player()
        if self.decisions >= horizon.decisions or self.chance_nodes >= horizon.chance_nodes:
            self.stopped = current != TERMINAL
            current = TERMINAL
        self.current = current

    def _refuse(self, action: int | str) -> None:
        raise IllegalActionError(
            f"the play was stopped at its horizon ({self.horizon.decisions} decisions, "
            f"{self.horizon.chance_nodes} chance events)",
            action=action,
            player=TERMINAL,
            legal=[],
        )

    def resolve_chance(self, sampler: RandomSampler) -> None:
        """Draw chance outcomes until a player acts or the play is over."""
        state = self.state
        while self.current_player() == CHANCE:
            self.apply(sampler.chance_outcome(state))

    # -- text ------------------------------------------------------------------------------------
    def __str__(self) -> str:
        text = str(self.state)
        if self.truncated:
            text += (
                f"\ntruncated after {self.decisions} decisions and "
                f"{self.chance_nodes} chance events"
            )
        return text

    # -- copies -----------------------------------------------------------------------------------
    def clone(self) -> Self:
        other = type(self)(self.name, self.state.clone(), self.horizon)
        other.decisions = self.decisions
        other.chance_nodes = self.chance_nodes
        other.stopped = self.stopped
        other.movers = self.movers[:]
        other.current = self.current
        return other

    def __copy__(self) -> Self:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        params = _key(self.state.game.parameters())
        return (_restore, (self.name, params, self.state.history(), tuple(self.horizon)))


def replay(name: str, game: Game, history: Sequence[int], horizon: Horizon) -> Play:
    """The play reached by `history` from the initial state (a joint action is one entry per
    player, in player order, as :meth:`engine.core.State.history` records it)."""
    play = Play.start(name, game, horizon)
    players = game.num_players
    at = 0
    while at < len(history):
        if play.state.current_player() == SIMULTANEOUS:
            play.apply_joint(history[at : at + players])
            at += players
        else:
            play.apply(history[at])
            at += 1
    return play


def _restore(name: str, params: ParamsKey, history: list[int], horizon: tuple[int, int]) -> Play:
    return replay(name, engine_game(name, params), history, Horizon(*horizon))


__all__ = [
    "DEFAULT_MAX_CHANCE_NODES",
    "DEFAULT_MAX_GAME_LENGTH",
    "PERFECT_INFORMATION",
    "GameSpec",
    "Horizon",
    "Play",
    "engine_game",
    "game_spec",
    "has_simultaneous_moves",
    "probe_information",
    "replay",
]
