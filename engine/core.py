"""The state protocol every game follows, in the style of OpenSpiel's Python games.

A game object (:class:`Game`) holds what never changes during a play: player count,
parameters, component data loaded once. A state (:class:`State`) is one position and the
only thing that changes. Chance (dice, draws, shuffles) is part of the tree: at a chance
node :meth:`State.current_player` is :data:`CHANCE` and :meth:`State.chance_outcomes`
lists every outcome with its exact probability. The engine never rolls or shuffles; a
driver (see :mod:`engine.drivers`) picks the outcome.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Protocol, Self, TypeVar

CHANCE = -1
"""`current_player()` at a chance node (same value as OpenSpiel's kChancePlayerId)."""
SIMULTANEOUS = -2
"""`current_player()` at a node where every player acts at once."""
TERMINAL = -4
"""`current_player()` once the game is over."""

PLAYER_NAMES = {CHANCE: "chance", SIMULTANEOUS: "simultaneous", TERMINAL: "terminal"}


def shown(value: object, limit: int = 80) -> str:
    """`repr(value)` for a message, shortened to `limit` characters; never raises (an int of
    thousands of digits or a deeply nested list has no repr Python will make)."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"<{type(value).__name__} too large to show>"
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


class RulebooksError(ValueError):
    """Base class of every error the engines raise for bad input."""


class IllegalActionError(RulebooksError):
    """An action that the rules do not allow in this state. The state is left untouched."""

    def __init__(self, message: str, *, action: int | str, player: int, legal: Sequence[str]):
        self.action = action
        self.player = player
        self.legal = tuple(legal)
        who = PLAYER_NAMES.get(player, f"player {player}")
        super().__init__(
            f"{message} (action {shown(action)} by {who}; legal: {', '.join(legal) or 'none'})"
        )


class InvalidStateError(RulebooksError):
    """A state description (for `from_dict`) that no play of the game can reach."""


class UnreadableStateError(InvalidStateError):
    """A state description so malformed that a check written for it is missing: the reader
    failed on it with a Python error (a type it did not expect, a value too large, nesting
    too deep), reported as this :class:`InvalidStateError`."""


class GameDataError(RulebooksError):
    """A malformed component data file."""


class InvalidGameError(RulebooksError):
    """A game asked for with parameters the rules do not allow (player count, options)."""


def player_label(player: int) -> str:
    """`"player 2"`, or the name of a special node (chance, simultaneous, terminal)."""
    return PLAYER_NAMES.get(player, f"player {player}")


S_co = TypeVar("S_co", bound="State", covariant=True)
S = TypeVar("S", bound="State")


class _Reader(Protocol[S_co]):
    """A game's reader of state descriptions (the type `state_from_dict` returns)."""

    short_name: ClassVar[str]

    def _state_from_dict(self, data: Mapping[str, Any]) -> S_co: ...


class Game(abc.ABC):
    """A game with fixed parameters; creates initial states.

    Subclasses set :attr:`short_name` and implement :meth:`new_initial_state`,
    :meth:`state_from_dict` and :attr:`num_distinct_actions`.
    """

    short_name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    def __init__(self, players: int) -> None:
        if not isinstance(players, int) or isinstance(players, bool):
            raise InvalidGameError(
                f"{self.short_name}: player count must be a whole number, got {players!r}"
            )
        if not self.min_players <= players <= self.max_players:
            raise InvalidGameError(
                f"{self.short_name} is played by {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )
        self.num_players = players

    @abc.abstractmethod
    def new_initial_state(self) -> State:
        """The state before the first chance event or move."""

    def state_from_dict(self: _Reader[S], data: Mapping[str, Any]) -> S:
        """A state from :meth:`State.to_dict` output, validated against the rules.

        Whatever `data` holds, the only error is :class:`InvalidStateError` (or a subclass),
        naming what is wrong; a description that breaks the reader in a way no check foresaw
        raises :class:`UnreadableStateError` saying so.
        """
        try:
            return self._state_from_dict(data)
        except RulebooksError:
            raise
        except (
            ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError,
            OverflowError, MemoryError,
        ) as error:  # fmt: skip
            raise UnreadableStateError(
                f"{self.short_name} state: cannot be read "
                f"({type(error).__name__}: {shown(str(error), 200)})"
            ) from None

    @abc.abstractmethod
    def _state_from_dict(self, data: Mapping[str, Any]) -> State:
        """The game's reader (its ``state_io.read_state``): checks then builds the state."""

    @property
    @abc.abstractmethod
    def num_distinct_actions(self) -> int:
        """Upper bound (exclusive) of every action id, chance outcomes included."""

    @abc.abstractmethod
    def parameters(self) -> dict[str, Any]:
        """The parameters that, with the game name, recreate this game via `load_game`."""

    def __repr__(self) -> str:
        params = ", ".join(f"{k}={v!r}" for k, v in self.parameters().items())
        return f"load_game({self.short_name!r}, {params})"


def outcome_at(outcomes: Sequence[tuple[int, float]], pick: float) -> int:
    """The outcome a uniform draw `pick` (0 <= pick < 1) selects among `outcomes`
    (`[(outcome, probability)]`): going through them in order, the first whose cumulative
    probability (summed in floats, in that order) exceeds `pick`; the last one when rounding
    leaves the whole sum at or below `pick`."""
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if pick < total:
            return action
    return outcomes[-1][0]


class State(abc.ABC):
    """One position of a game. See the module docstring for the protocol."""

    __slots__ = ()  # a game's state lists its fields in its own __slots__: no __dict__
    game: Game

    # -- whose move ---------------------------------------------------------------------
    @abc.abstractmethod
    def current_player(self) -> int:
        """A player index, or CHANCE, SIMULTANEOUS or TERMINAL."""

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        """True when the next event is decided by chance."""
        return self.current_player() == CHANCE

    # -- actions ------------------------------------------------------------------------
    @abc.abstractmethod
    def legal_actions(self, player: int | None = None) -> list[int]:
        """Sorted legal action ids for `player` (default: the player to act).

        At a chance node, the ids of the possible outcomes.
        """

    @abc.abstractmethod
    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]:
        """`[(outcome, probability)]` at a chance node, probabilities as exact fractions."""

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """`[(outcome, probability)]` at a chance node, as floats (OpenSpiel's signature)."""
        return [(a, float(p)) for a, p in self.chance_outcomes_exact()]

    def chance_outcome_at(self, pick: float) -> int:
        """The outcome a uniform draw `pick` (0 <= pick < 1) selects at a chance node, by
        :func:`outcome_at` over :meth:`chance_outcomes`.

        Drivers sample chance through this. A game may answer faster (a table of the
        cumulative sums, say), but only with the outcome this definition gives.
        """
        return outcome_at(self.chance_outcomes(), pick)

    def action_to_string(self, action: int, player: int | None = None) -> str:
        """A readable name of `action`, unique among the actions of this state.

        An action that is not an int is refused (:meth:`check_action_type`).
        """
        self.check_action_type(action)
        if not 0 <= action < self.game.num_distinct_actions:
            return f"unknown action {shown(action)}"
        return self._action_to_string(action, player)

    @abc.abstractmethod
    def _action_to_string(self, action: int, player: int | None) -> str:
        """The name of an int `action` (games implement this)."""

    def string_to_action(self, text: str, player: int | None = None) -> int:
        """The legal action whose name is `text` (inverse of :meth:`action_to_string`)."""
        who = self.current_player() if player is None else player
        if not isinstance(text, str):
            raise IllegalActionError(
                f"an action's name is a string, got {type(text).__name__}",
                action=shown(text), player=who, legal=self.legal_action_strings(player),
            )  # fmt: skip
        for action in self.legal_actions(who):
            if self.action_to_string(action, who) == text:
                return action
        raise IllegalActionError(
            f"no legal action is called {text!r}",
            action=text,
            player=who,
            legal=self.legal_action_strings(who),
        )

    def legal_action_strings(self, player: int | None = None) -> list[str]:
        """Names of the legal actions, in action order."""
        return [self.action_to_string(a, player) for a in self.legal_actions(player)]

    def check_action_type(self, action: object, player: int | None = None) -> None:
        """Refuse an action that is not an int (a bool, a float, a string, None, ...).

        Every entry point taking an action (`apply_action`, `apply_actions`,
        `action_to_string`) refuses a non-int through this before anything else: a float
        equal to a legal id (17.0) or a bool (True == 1) would pass the legality checks,
        which compare by value, and then reach arithmetic and the history that expect ints.
        """
        if type(action) is not int:
            who = self.current_player() if player is None else player
            legal = self.legal_action_strings(None if who == SIMULTANEOUS else who)
            raise IllegalActionError(
                f"an action is an int, not {type(action).__name__}",
                action=shown(action), player=who, legal=legal,
            )  # fmt: skip

    def check_action(self, action: object, player: int | None = None) -> None:
        """Refuse an action that is not an int (:meth:`check_action_type`) or not an action id
        of this game at all (from 0 to ``num_distinct_actions - 1``)."""
        self.check_action_type(action, player)
        assert isinstance(action, int)
        top = self.game.num_distinct_actions
        if not 0 <= action < top:
            who = self.current_player() if player is None else player
            legal = self.legal_action_strings(None if who == SIMULTANEOUS else who)
            raise IllegalActionError(
                f"{shown(action)} is not an action of {self.game.short_name} "
                f"(actions are 0 to {top - 1})",
                action=shown(action), player=who, legal=legal,
            )  # fmt: skip

    def apply_action(self, action: int) -> None:
        """Play `action`: validated first, so an illegal one changes nothing.

        An action that is not an int is refused here, for every game. A game's
        :meth:`_plainly_legal` accepts the common legal actions cheaply; anything else is
        checked against :meth:`legal_actions` and, when illegal, refused with the rule it
        breaks (:meth:`why_illegal`).
        """
        if type(action) is not int or not self._plainly_legal(action):
            self.check_action(action)
            self._refuse_unless_legal(action)
        self._apply(action)
        self._history.append(action)

    def _plainly_legal(self, action: int) -> bool:
        """True when `action` is certainly legal here, known without listing the legal
        actions (games override this for their most frequent actions); False means "check it
        against legal_actions()". `action` is an int, possibly outside the game's ids."""
        return False

    def _refuse_unless_legal(self, action: int) -> None:
        """Raise `IllegalActionError` unless `action` is a legal action of the player to act."""
        player = self.current_player()
        if player == TERMINAL:
            raise IllegalActionError("the game is over", action=action, player=player, legal=[])
        if player == SIMULTANEOUS:
            raise IllegalActionError(
                "every player acts at once here: use apply_actions",
                action=action,
                player=player,
                legal=[],
            )
        if action not in self.legal_actions():
            raise IllegalActionError(
                self.why_illegal(action),
                action=self.describe_action(action),
                player=player,
                legal=self.legal_action_strings(),
            )

    def why_illegal(self, action: int) -> str:
        """The rule an illegal `action` breaks, in words (games override this)."""
        return "not a legal action"

    def describe_action(self, action: int) -> int | str:
        """The action's name when it has one in this game, else the raw id."""
        if type(action) is int and 0 <= action < self.game.num_distinct_actions:
            return self.action_to_string(action)
        return action

    @abc.abstractmethod
    def _apply(self, action: int) -> None:
        """Play a legal action (the caller has validated it)."""

    def apply_actions(self, actions: Sequence[int]) -> None:
        """At a SIMULTANEOUS node, play one action per player, in player order.

        Every action is checked before any is applied: something other than a list or tuple
        of ints, a missing player, an extra one or an illegal action raises
        `IllegalActionError` and leaves the state untouched. The caller's list is read once,
        into a copy that is both checked and played: a list that changes afterwards (or
        between two reads) cannot get an unchecked action played.
        """
        if isinstance(actions, list | tuple):
            actions = list(actions)
        self._apply_joint_copy(actions)

    def _apply_joint_copy(self, actions: Sequence[int]) -> None:
        """`apply_actions` on the state's own copy of the joint action."""
        if (
            type(actions) is list
            and self.current_player() == SIMULTANEOUS
            and len(actions) == self.game.num_players
            and all(type(action) is int for action in actions)
            and self._plainly_legal_joint(actions)
        ):
            self._apply_joint(actions)
            self._history.extend(actions)
            return
        self._refuse_joint_unless_legal(actions)
        assert isinstance(actions, list)
        self._apply_joint(actions)
        self._history.extend(actions)

    def _refuse_joint_unless_legal(self, actions: Sequence[int]) -> None:
        """Raise `IllegalActionError` unless `actions` is a list or tuple of ints, one legal
        action for each player at a SIMULTANEOUS node."""
        if not isinstance(actions, list | tuple):
            raise IllegalActionError(
                f"a joint action is a list of ints, one per player, not {type(actions).__name__}",
                action=shown(actions), player=self.current_player(), legal=[],
            )  # fmt: skip
        if self.current_player() != SIMULTANEOUS:
            raise IllegalActionError(
                "apply_actions is for nodes where every player acts at once",
                action=shown(list(actions)), player=self.current_player(),
                legal=self.legal_action_strings(),
            )  # fmt: skip
        players = self.game.num_players
        if len(actions) != players:
            raise IllegalActionError(
                f"a joint action needs one action for each of the {players} players, "
                f"got {len(actions)}",
                action=shown(list(actions)), player=SIMULTANEOUS, legal=[],
            )  # fmt: skip
        for player, action in enumerate(actions):
            self.check_action(action, player)
            if action not in self.legal_actions(player):
                raise IllegalActionError(
                    self.why_illegal_for(player, action),
                    action=self.describe_action(action), player=player,
                    legal=self.legal_action_strings(player),
                )  # fmt: skip

    def _plainly_legal_joint(self, actions: Sequence[int]) -> bool:
        """True when the joint action (one int per player, each possibly outside the game's
        ids) is certainly legal, known without listing every player's legal actions; False
        means "check each against legal_actions(player)" (games with joint actions may
        override this)."""
        return False

    def why_illegal_for(self, player: int, action: int) -> str:
        """The rule a player's illegal action in a joint action breaks (games override this)."""
        return "not a legal action for this player"

    def _apply_joint(self, actions: list[int]) -> None:
        """Play a validated joint action (games with simultaneous moves override this).

        Only reached when `current_player()` says SIMULTANEOUS, so a game without such nodes
        never calls it; one that has them and forgets to override it is a broken engine.
        """
        raise TypeError(
            f"{type(self).__name__} reaches a SIMULTANEOUS node but defines no _apply_joint"
        )

    def history(self) -> list[int]:
        """Every action and chance outcome applied since the initial state."""
        return list(self._history)

    _history: list[int]

    # -- outcome ------------------------------------------------------------------------
    @abc.abstractmethod
    def returns(self) -> list[float]:
        """Per player: 1.0 for a (possibly shared) win, 0.0 otherwise; all 0.0 mid-game."""

    # -- copies and serialisation ---------------------------------------------------------
    @abc.abstractmethod
    def clone(self) -> Self:
        """An independent copy (hand-written: no deepcopy)."""

    @abc.abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """A JSON-compatible description; `game.state_from_dict` reads it back."""

    @abc.abstractmethod
    def observation_string(self, player: int) -> str:
        """What `player` sees: public information and their own secrets only."""

    def check_player(self, player: int) -> None:
        """Refuse a seat that is not a player of this game (for observations and views)."""
        players = self.game.num_players
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < players:
            raise InvalidStateError(f"no player {player!r} in a {players}-player game")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return False
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]
