"""The engines as OpenSpiel games (``pip install 'rulebooks[openspiel]'``).

Importing this module registers every game of :data:`engine.GAMES` with ``pyspiel`` as a
Python game called ``python_rulebooks_<name>``::

    import pyspiel
    import rulebooks.adapters.openspiel  # registers the games

    game = pyspiel.load_game("python_rulebooks_<game>", {"players": 3})
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)

How a game maps (decided from the engine, never from a list of names):

* **parameters**: the engine's scalar parameters with their defaults (``players``, a
  variant flag, ...), plus the horizon: ``max_game_length`` (decisions) and
  ``max_chance_nodes`` (chance events) after which a play is truncated (see
  :mod:`rulebooks.adapters`);
* **dynamics**: SIMULTANEOUS when the game's states implement joint actions, else
  SEQUENTIAL; **chance mode**: EXPLICIT_STOCHASTIC (chance nodes with exact probabilities);
* **information**: PERFECT when every player sees everything (what nobody has seen comes by
  chance), IMPERFECT with hidden hands: as the game states it
  (:data:`rulebooks.adapters.PERFECT_INFORMATION`), with a probe for other games;
* **utility**: GENERAL_SUM in [0, 1]: 1 for each winner (wins may be shared), 0 otherwise,
  and 0 for everyone in a truncated play; reward model TERMINAL;
* **bounds**: ``num_distinct_actions`` and ``max_chance_outcomes`` are both the engine's
  bound on action ids. The engines number decisions and chance outcomes in one range, and
  OpenSpiel needs every chance outcome id below ``max_chance_outcomes``: the number of
  outcomes of one chance node is smaller (6 for a die). ``max_game_length`` is the
  horizon's decisions and ``max_chance_nodes_in_history`` its chance events.

Action ids are the engine's, unchanged. Observations: ``observation_string`` is the engine's
``observation_string(player)``, the observation tensor the game's encoder
(:mod:`rulebooks.adapters.encoding`). Perfect-information games also give an information
state string: the history.

**Serialisation.** ``state.serialize()`` writes the game string (its parameters) on the
first line and the action history below it, one action id per line::

    python_rulebooks_<game>(first_player=0,max_chance_nodes=10000,max_game_length=10000,...)
    21
    8

``game.deserialize_state(text)`` reads only that: it checks the game string against the
game's own, then replays the history from the initial state through ``apply_action`` /
``apply_actions``, so the engine validates every action. A malformed text (another game or
parameters, a line that is not an action id, an illegal action, a history past the end of
the play) raises :class:`engine.InvalidStateError` naming the line; nothing is unpickled.
:func:`deserialize_game_and_state` loads the game named by the first line, then the state.

OpenSpiel's own default for Python games, which ``state.serialize()`` and
``game.deserialize_state`` replace here, writes ``__dict__=`` followed by a pickle and
unpickles it on load: a crafted text would run code. OpenSpiel's C++ entry points
(``pyspiel.serialize_game_and_state`` / ``pyspiel.deserialize_game_and_state``, pickling a
``pyspiel.State``, ``random_sim_test(serialize=True)``) still use that default: a Python game
cannot override it (``PyGame::DeserializeState`` and ``PyState::Deserialize`` in OpenSpiel's
``python_games.cc`` call no Python hook before unpickling). Feed them only text this process
wrote; for anything else use :func:`deserialize_game_and_state` of this module. On that
path the wrapped engine state pickles as its game, parameters and history, replayed on
load, and copies itself with the engine's ``clone``.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
import pyspiel

import engine
from engine.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    IllegalActionError,
    InvalidGameError,
    InvalidStateError,
)

from . import (
    DEFAULT_MAX_CHANCE_NODES,
    DEFAULT_MAX_GAME_LENGTH,
    GameFactory,
    GameSpec,
    Horizon,
    Play,
    game_spec,
)
from .encoding import Encoder, encoder_for

PREFIX = "python_rulebooks_"

_OPENSPIEL_PLAYERS = (
    int(pyspiel.PlayerId.CHANCE),
    int(pyspiel.PlayerId.SIMULTANEOUS),
    int(pyspiel.PlayerId.TERMINAL),
)
if _OPENSPIEL_PLAYERS != (CHANCE, SIMULTANEOUS, TERMINAL):
    raise ImportError("the engine's chance, simultaneous and terminal ids differ from OpenSpiel's")

_SPECS: dict[str, GameSpec] = {}
_TYPES: dict[str, pyspiel.GameType] = {}
_CLASSES: list[type[RulebooksGame]] = []


def short_name(name: str) -> str:
    """The OpenSpiel name of a game: ``python_rulebooks_<name>``."""
    return PREFIX + name


def game_type(spec: GameSpec) -> pyspiel.GameType:
    """OpenSpiel's description of a game (see the module docstring for the mapping)."""
    Type = pyspiel.GameType
    return Type(
        short_name=short_name(spec.name),
        long_name=f"Rulebooks {spec.name}",
        dynamics=Type.Dynamics.SIMULTANEOUS if spec.simultaneous else Type.Dynamics.SEQUENTIAL,
        chance_mode=Type.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            Type.Information.PERFECT_INFORMATION
            if spec.perfect_information
            else Type.Information.IMPERFECT_INFORMATION
        ),
        utility=Type.Utility.GENERAL_SUM,
        reward_model=Type.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=spec.perfect_information,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            **spec.default_parameters,
            "max_game_length": DEFAULT_MAX_GAME_LENGTH,
            "max_chance_nodes": DEFAULT_MAX_CHANCE_NODES,
        },
    )


def register_game(
    name: str, factory: GameFactory | None = None, *, perfect_information: bool | None = None
) -> pyspiel.GameType:
    """Register one game with pyspiel (once: later calls return the registered type).

    `factory(**params)` builds the engine game; by default ``engine.GAMES[name]``.
    """
    if name in _TYPES:
        return _TYPES[name]
    spec = game_spec(name, factory, perfect_information=perfect_information)
    gtype = game_type(spec)
    _SPECS[name] = spec
    _TYPES[name] = gtype
    # A class per game, as OpenSpiel's own Python games register: the registry outlives
    # the interpreter, and releasing a closure's last reference after shutdown aborts it.
    game_class = type(
        f"Rulebooks_{name}_Game",
        (RulebooksGame,),
        {"spec": spec, "gtype": gtype, "__module__": __name__},
    )
    _CLASSES.append(game_class)
    pyspiel.register_game(gtype, game_class)
    return gtype


def register_games() -> list[str]:
    """Register every game of :data:`engine.GAMES` not yet registered; their OpenSpiel names."""
    return [register_game(name).short_name for name in sorted(engine.GAMES)]


def load_game(name: str, **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game("python_rulebooks_<name>", params)``, registering it if needed."""
    register_game(name)
    return pyspiel.load_game(short_name(name), params)


class RulebooksGame(pyspiel.Game):  # type: ignore[misc]
    """An engine game seen by OpenSpiel; its parameters recreate it in ``load_game``.

    :func:`register_game` makes one subclass per game, setting `spec` and `gtype`.
    """

    spec: ClassVar[GameSpec]
    gtype: ClassVar[pyspiel.GameType]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = self.spec
        params = dict(params or {})
        horizon = Horizon.from_parameters(params)
        unknown = set(params) - set(spec.default_parameters) - {"max_game_length",
                                                                "max_chance_nodes"}  # fmt: skip
        if unknown:
            raise InvalidGameError(f"{spec.name}: unknown parameters {sorted(unknown)}")
        engine_params = {k: params.get(k, v) for k, v in spec.default_parameters.items()}
        game = spec.engine_game(engine_params)
        actions = game.num_distinct_actions
        info = pyspiel.GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=actions,
            num_players=game.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=horizon.decisions,
        )
        super().__init__(self.gtype, info, params)
        self.engine = game
        self.horizon = horizon
        self.encoder: Encoder = encoder_for(game, horizon)

    def new_initial_state(self, *args: Any) -> RulebooksState:
        if args:
            raise ValueError(
                f"{self.spec.name}: new_initial_state takes no arguments; a position is reached "
                "by playing from the initial state or by deserializing a state"
            )
        return RulebooksState(self, Play.start(self.spec.name, self.engine, self.horizon))

    def max_chance_nodes_in_history(self) -> int:
        return self.horizon.chance_nodes

    def deserialize_state(self, text: str) -> RulebooksState:
        """The state written by :meth:`RulebooksState.serialize`, replayed from the initial
        state through the validating API; :class:`engine.InvalidStateError` if malformed."""
        if not isinstance(text, str):
            raise InvalidStateError(f"a serialised state is text, not {type(text).__name__}")
        header, _, body = text.partition("\n")
        if header != str(self):
            raise InvalidStateError(_wrong_header(header, str(self)))
        lines = body.split("\n")
        if lines[-1] == "":
            lines.pop()
        # The longest history a play can have: a joint action takes one line per player.
        longest = self.horizon.decisions * self.num_players() + self.horizon.chance_nodes
        if len(lines) > longest:
            raise InvalidStateError(
                f"{len(lines)} actions: longer than any play of {self} ({longest} at most)"
            )
        state = self.new_initial_state()
        at = 0
        while at < len(lines):
            if state.is_terminal():
                raise InvalidStateError(f"line {at + 2}: the play is over, yet the history goes on")
            width = self.num_players() if state.is_simultaneous_node() else 1
            if at + width > len(lines):
                raise InvalidStateError(
                    f"line {at + 2}: a joint action needs {width} lines, one per player; "
                    f"the history ends after {len(lines) - at}"
                )
            actions = [self._action_id(lines[at + i], at + 2 + i) for i in range(width)]
            try:
                if state.is_simultaneous_node():
                    state.apply_actions(actions)
                else:
                    state.apply_action(actions[0])
            except IllegalActionError as error:
                raise InvalidStateError(f"line {at + 2}: {error}") from error
            at += width
        return state

    def _action_id(self, line: str, number: int) -> int:
        """An action id read from line `number` of a serialised state."""
        limit = self.num_distinct_actions()
        if not _ACTION_ID.fullmatch(line) or int(line) >= limit:
            raise InvalidStateError(
                f"line {number}: {line[:40]!r} is not an action id (a whole number from 0 "
                f"to {limit - 1})"
            )
        return int(line)

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: dict[str, Any] | None = None,
    ) -> RulebooksObserver:
        return RulebooksObserver(self, iig_obs_type, params)


class RulebooksState(pyspiel.State):  # type: ignore[misc]
    """A position: the engine state (inside a :class:`~rulebooks.adapters.Play`).

    **Speed.** OpenSpiel's C++ ``State`` answers ``legal_actions()``, ``is_chance_node()``
    or ``apply_action()`` by calling back into Python (``current_player``, then
    ``_legal_actions`` or ``_apply_action``), each call back costing as much as a simple
    move of an engine. Called from Python, these methods are answered here directly, with
    OpenSpiel's results.

    **The C++ history.** OpenSpiel's C++ state keeps its own copy of the history
    (``history_``, ``move_number_``), which C++ code reads. A move made from Python is not
    copied there at once: :meth:`_mirror` copies the moves it lacks, in order and with the
    player who made each, before the C++ side makes a move of its own (``ApplyAction`` from
    C++: a C++ bot, ``random_sim_test``, ``child``) and when Python asks for the C++ record
    (``full_history()``, pickling). So the C++ history is always a prefix of the play's, and
    the whole of it whenever C++ moves; what Python reads (``history()``, ``history_str()``,
    ``move_number()``, ``is_initial_state()``) is always the whole play. The moves the C++
    history lacks are those past its own move count (``move_number_``, which C++ copies,
    serialisations and pickles keep with it).
    """

    def __init__(self, game: RulebooksGame, play: Play) -> None:
        super().__init__(game)
        self.play = play

    @property
    def engine_state(self) -> engine.State:
        return self.play.state

    def current_player(self) -> int:
        return self.play.current

    def is_terminal(self) -> bool:
        return self.play.current == TERMINAL

    def is_chance_node(self) -> bool:
        return self.play.current == CHANCE

    def is_simultaneous_node(self) -> bool:
        return self.play.current == SIMULTANEOUS

    def is_player_node(self) -> bool:
        return self.play.current >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """As OpenSpiel's ``State::LegalActions``: none once over, the chance outcomes' ids
        at a chance node, the player's actions when they act (or anyone at a simultaneous
        node), none for a player who does not act; a pseudo-player is an error."""
        current = self.play.current
        if current == TERMINAL:
            return []
        if current == CHANCE:
            return [outcome for outcome, _ in self.play.state.chance_outcomes()]
        if player is None or player == current:
            return self.play.state.legal_actions()  # the player to act's
        if player >= 0 and current == SIMULTANEOUS:
            return self.play.state.legal_actions(player)
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def _legal_actions(self, player: int) -> list[int]:
        return self.play.state.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.play.state.chance_outcomes()

    # -- moves ------------------------------------------------------------------------------
    def apply_action(self, action: int) -> None:
        """A chance outcome or the player's action, validated by the engine: an illegal one
        raises :class:`engine.IllegalActionError` and changes nothing. Like pyspiel, takes
        any integer (a numpy one too), refuses a float or a string with TypeError."""
        self.play.apply(action if type(action) is int else _integer(action))

    def apply_actions(self, actions: Sequence[int]) -> None:
        """One action per player at a simultaneous node (validated whole by the engine)."""
        self.play.apply_joint([a if type(a) is int else _integer(a) for a in actions])

    def _apply_action(self, action: int) -> None:
        """OpenSpiel's C++ ``ApplyAction`` (which records the move once this returns)."""
        play = self.play
        if isinstance(play, _Recorded):  # a move already made, being mirrored
            return
        if pyspiel.State.move_number(self) < len(play.movers):
            self._mirror()
        play.apply(action)

    def _apply_actions(self, actions: list[int]) -> None:
        """OpenSpiel's C++ ``ApplyActions`` (which records the move once this returns)."""
        play = self.play
        if isinstance(play, _Recorded):
            return
        if pyspiel.State.move_number(self) < len(play.movers):
            self._mirror()
        play.apply_joint(actions)

    def _mirror(self) -> None:
        """Copy into OpenSpiel's C++ history the moves made from Python that it lacks.

        Each is replayed through the C++ ``ApplyAction`` (``ApplyActions`` for a joint
        action), which records it; meanwhile a :class:`_Recorded` stands in for the play,
        telling C++ who made the move and changing nothing.
        """
        play = self.play
        held = pyspiel.State.move_number(self)  # moves the C++ history holds
        if held >= len(play.movers):
            return
        history = play.state.history()
        width = play.state.game.num_players
        at = len(pyspiel.State.history(self))
        recorded = _Recorded()
        self.play = recorded  # type: ignore[assignment]  # only while mirroring
        try:
            for mover in play.movers[held:]:
                if mover == SIMULTANEOUS:
                    pyspiel.State.apply_actions(self, history[at : at + width])
                    at += width
                else:
                    recorded.current = mover
                    pyspiel.State.apply_action(self, history[at])
                    at += 1
        finally:
            self.play = play

    # -- the record -----------------------------------------------------------------------------
    def history(self) -> list[int]:
        return self.play.state.history()

    def history_str(self) -> str:
        return ", ".join(map(str, self.play.state.history()))

    def move_number(self) -> int:
        return len(self.play.movers)

    def is_initial_state(self) -> bool:
        return not self.play.movers

    def full_history(self) -> list[pyspiel.State.PlayerAction]:
        self._mirror()
        return list(pyspiel.State.full_history(self))

    def is_initial_non_chance_state(self) -> bool:
        self._mirror()
        return bool(pyspiel.State.is_initial_non_chance_state(self))

    def __getstate__(self) -> Any:
        self._mirror()
        return pyspiel.State.__getstate__(self)

    # -- copies -------------------------------------------------------------------------------
    def clone(self) -> RulebooksState:
        """An independent copy (the engine's ``clone``); its C++ history is mirrored when
        needed, like a state whose moves were made from Python."""
        return RulebooksState(self.get_game(), self.play.clone())

    def child(self, action: int) -> RulebooksState:
        other = self.clone()
        other.apply_action(action)
        return other

    # -- text ---------------------------------------------------------------------------------
    def _action_to_string(self, player: int, action: int) -> str:
        return self.play.state.action_to_string(action, player if player >= 0 else None)

    def returns(self) -> list[float]:
        return self.play.state.returns()

    def __str__(self) -> str:
        return str(self.play)

    def serialize(self) -> str:
        """The game string, then the history, one action id per line (no pickle)."""
        return "".join(f"{line}\n" for line in [str(self.get_game()), *self.history()])


class _Recorded:
    """Stands in for a state's play while :meth:`RulebooksState._mirror` copies its moves
    into OpenSpiel's C++ history: answers ``current_player`` with the player who made the
    move being copied."""

    __slots__ = ("current",)

    def __init__(self) -> None:
        self.current = CHANCE


def _integer(action: object) -> int:
    """An action given as another integer type (numpy's, a bool) as an int, as pybind reads
    it; TypeError for anything else (a float, a string), as pybind refuses it."""
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"an action is an integer, not {type(action).__name__}") from None


_ACTION_ID = re.compile(r"[0-9]{1,18}")


def _wrong_header(header: str, expected: str) -> str:
    if header.startswith("history="):
        return (
            "this is OpenSpiel's default serialisation of Python games (history=, "
            "move_number=, __dict__= holding a pickle), which this game never reads: "
            "unpickling can run code. Write states with state.serialize()"
        )
    return f"the state was serialised for {header[:200]!r}, not for this game {expected!r}"


def deserialize_game_and_state(text: str) -> tuple[RulebooksGame, RulebooksState]:
    """The game named by the first line of `text` (written by ``state.serialize()``) and
    the state its history reaches; unlike ``pyspiel.deserialize_game_and_state``, nothing
    is unpickled. :class:`engine.InvalidStateError` if `text` is malformed."""
    if not isinstance(text, str):
        raise InvalidStateError(f"a serialised state is text, not {type(text).__name__}")
    header = text.partition("\n")[0]
    name = header.partition("(")[0]
    if not name.startswith(PREFIX) or name.removeprefix(PREFIX) not in _SPECS:
        raise InvalidStateError(_wrong_header(header, "python_rulebooks_<game>(...)"))
    try:
        game = pyspiel.load_game(header)
    except (pyspiel.SpielError, InvalidGameError) as error:
        raise InvalidStateError(f"line 1: {header[:200]!r} is not a game: {error}") from None
    return game, game.deserialize_state(text)


class RulebooksObserver:
    """OpenSpiel's Python observer: the engine's observation of one player (string) and the
    game's encoder (tensor); for perfect-information games, the history as information state.
    """

    def __init__(
        self,
        game: RulebooksGame,
        iig_obs_type: pyspiel.IIGObservationType | None,
        params: dict[str, Any] | None,
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        if iig_obs_type is not None and not game.spec.perfect_information:
            default = (
                iig_obs_type.public_info
                and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
            )
            if perfect_recall or not default:
                raise ValueError(
                    f"{game.spec.name}: only the default observation (public information and "
                    "the player's own) is available, not perfect recall or other partitions"
                )
        self.history = perfect_recall
        self.encoder = game.encoder
        self.tensor: np.ndarray[Any, Any] | None = (
            None if perfect_recall else np.zeros(game.encoder.size, dtype=np.float32)
        )
        self.dict = {} if self.tensor is None else {"observation": self.tensor}

    def set_from(self, state: RulebooksState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = self.encoder.encode(state.play.state, player)

    def string_from(self, state: RulebooksState, player: int) -> str:
        if self.history:
            return str(state.history_str())
        return state.play.state.observation_string(player)


register_games()

__all__ = [
    "PREFIX",
    "RulebooksGame",
    "RulebooksObserver",
    "RulebooksState",
    "deserialize_game_and_state",
    "game_type",
    "load_game",
    "register_game",
    "register_games",
    "short_name",
]
