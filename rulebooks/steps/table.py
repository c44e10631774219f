"""The scenario world of every game: a set-up being described, then a state being played.

A scenario first describes a game and a position (Given steps fill `GameTable.params` and
`GameTable.setup`); the position becomes a state through the engine's validated `from_dict`
the first time the state is needed. The scenario then plays it (chance outcomes are forced
through the scripted driver, decisions are applied as the player who must make them) and
checks it (Then steps read the state).

The table is also the recorder's world (`ScenarioWorld` in rulebooks/run/world.py): it draws
the state for the site, records the chance outcomes it forced, and keeps a picture of the
board a failed comparison expected when the step stated a whole position.

Each game subclasses `GameTable` with only what that game knows: how its set-up becomes a
`from_dict` description (`position`), what its game is created with (`game_parameters`), its
picture of a state (`picture`) and the players its notation knows by colour (`owners`).
"""

from __future__ import annotations

import abc
import json
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import engine
from engine.core import SIMULTANEOUS, Game, RulebooksError, State
from engine.drivers import ScriptedDriver
from rulebooks.steps import notation

G = TypeVar("G", bound=Game)
S = TypeVar("S", bound=State)

UNREACHABLE: tuple[type[Exception], ...] = (RulebooksError, ValueError, KeyError)
"""What an edit of an expected position raises when it describes no position: the engine's
refusal, or an edit that cannot be made (a card the deck does not hold)."""


class GameTable(abc.ABC, Generic[G, S]):
    """One scenario's game: the set-up being described, then the state being played."""

    game_type: type[G]
    """The game's class; its `short_name` is the name `engine.load_game` knows it by."""
    state_type: type[S]

    def __init__(self) -> None:
        self.params: dict[str, Any] = {"players": 4}
        self.names: dict[str, int] = {}
        self.setup: dict[str, Any] = {}
        self.fresh = False
        self.declared = False
        self._game: G | None = None
        self._state: S | None = None
        self.driver = ScriptedDriver()
        self.error: Exception | None = None
        self.before_error: dict[str, Any] | None = None
        self.forced_outcomes: list[str] = []
        self.expected_board: dict[str, str] | None = None

    # -- the game and its state ---------------------------------------------------------------
    def declare(self, players: int, **params: Any) -> None:
        """The scenario's game: its player count and any other parameters of `load_game`."""
        self.params.update(players=players, **params)
        self.declared = True

    def set_up(self) -> None:
        """Play from the game's initial state rather than from a described position."""
        self.fresh = True
        self.declared = True

    @property
    def player_count(self) -> int:
        return int(self.params["players"])

    @property
    def game(self) -> G:
        """The declared game, created the first time it is needed."""
        if self._game is None:
            game = engine.load_game(self.game_type.short_name, **self.game_parameters())
            assert isinstance(game, self.game_type)
            self._game = game
        return self._game

    def game_parameters(self) -> dict[str, Any]:
        """The keywords `load_game` creates the game with: the declared parameters (a game
        adds the components a scenario changed)."""
        return dict(self.params)

    @property
    def state(self) -> S:
        """The state being played: the initial one, or the described position."""
        if self._state is None:
            game = self.game
            self._state = self._own(
                game.new_initial_state()
                if self.fresh
                else game.state_from_dict(self.position(game))
            )
        return self._state

    def read_back(self) -> None:
        """Go on from the state's description, saved as JSON and read back (``to_dict``,
        ``state_from_dict``): what a position must survive to be shared or resumed."""
        saved = json.loads(json.dumps(self.state.to_dict()))
        self._state = self._own(self.game.state_from_dict(saved))

    def _own(self, state: State) -> S:
        assert isinstance(state, self.state_type)
        return state

    def position(self, game: G) -> dict[str, Any]:
        """The described set-up as a `from_dict` description (a game fills in what the
        scenario leaves out)."""
        return self.setup

    def describe(self) -> dict[str, Any]:
        """Set-up edits must come before the first action."""
        if self._state is not None:
            raise AssertionError("the position is already in play: describe it before any action")
        return self.setup

    # -- pictures for the site (the recorder's world protocol) ----------------------------------
    def snapshot(self) -> dict[str, str] | None:
        """The state as text and SVG; None when the scenario declared no game."""
        if self._state is None and not self.declared:
            return None
        return self.picture(self.state)

    @abc.abstractmethod
    def picture(self, state: S) -> dict[str, str]:
        """What the site shows of a state: ``{"text": ..., "svg": ...}``."""

    def expect(self, change: Callable[[dict[str, Any]], None], *, whole: bool = False) -> None:
        """Before failing a comparison, keep a picture of the board the step expected, but
        only when the step states a whole position (`whole`).

        `change` edits the state's `to_dict` into the expected position. A step that states
        one fact of a position (a turtle's space, a hand, a count) leaves no picture: the
        actual board with that one fact patched would be a position no play reaches (a bust
        that laid eggs), so the site shows the actual board titled with the step's
        expectation instead. An edit that is no valid position (see `UNREACHABLE`) leaves no
        picture either.
        """
        self.expected_board = None
        if not whole:
            return
        data = self.state.to_dict()
        try:
            change(data)
            self.expected_board = self.picture(self._own(self.game.state_from_dict(data)))
        except UNREACHABLE:
            self.expected_board = None

    # -- reading the notation -------------------------------------------------------------------
    def owners(self) -> dict[str, int]:
        """Colours that name their player (``the blue player``); none unless a game has them."""
        return {}

    def player(self, text: str) -> int:
        return notation.player(text, self.names, self.owners())

    def players(self, text: str) -> list[int]:
        return notation.players(text, self.names, self.owners())

    def name_players(self, text: str) -> None:
        """The players' names, in seating order: the first is player 1."""
        listed = notation.split_list(text)
        assert len(listed) == self.player_count, (
            f"{len(listed)} names for {self.player_count} players"
        )
        self.names = {name: i for i, name in enumerate(listed)}

    def name(self, player: int) -> str:
        """The scenario's name of a player (the engine's index), or ``player N`` from 1."""
        for name, index in self.names.items():
            if index == player:
                return name
        return f"player {player + 1}"

    def player_names(self) -> list[str] | None:
        """The scenario's names in player order, for pictures; None when it named nobody."""
        if not self.names:
            return None
        return [self.name(p) for p in range(self.player_count)]

    def engine_wording(self, text: str) -> str:
        """An error text as the engine would say it (a game whose messages name players
        rewrites the scenario's names)."""
        return text

    # -- playing --------------------------------------------------------------------------------
    def chance(self, *outcomes: str) -> None:
        """Force chance outcomes now, by name; each must be used at once. The outcomes applied
        are recorded, those left over dropped."""
        self.driver.force(*outcomes)
        try:
            self.driver.resolve(self.state)
        finally:
            left = list(self.driver.pending)
            self.driver.pending.clear()
            self.forced_outcomes.extend(outcomes[: len(outcomes) - len(left)])
        if left:
            raise AssertionError(
                f"forced {', '.join(left)} but the game is not waiting for chance: "
                f"{phase_of(self.state)} (player to act: {self.state.current_player()})"
            )

    def decide(self, who: str, action: int) -> None:
        """Apply a decision as `who`, who must be the player the rules ask."""
        expected = self.player(who)
        actual = self.state.current_player()
        if actual != expected:
            raise AssertionError(
                f"{who} cannot act now: the next decision belongs to {self.name(actual)}"
                if actual >= 0
                else f"{who} cannot act now: the next event is {phase_of(self.state)}"
            )
        self.state.apply_action(action)

    def play(self, name: str) -> None:
        """Apply the action the engine calls `name` (:meth:`~engine.core.State.action_to_string`)
        for whoever acts now: a chance outcome is forced by name, as the scenario's other
        forced outcomes are; a decision must be one of the legal actions, or the engine's
        refusal, which names it, fails the step. What "play on" in the browser records."""
        state = self.state
        if state.is_chance_node():
            self.chance(name)
        elif state.current_player() == SIMULTANEOUS:
            raise AssertionError(
                f"every player chooses at once here ({phase_of(state)}): "
                f"name one action per player, played together"
            )
        else:
            state.apply_action(state.string_to_action(name))

    def play_together(self, names: Sequence[str]) -> None:
        """Apply one action per player, in player order, chosen at once (a simultaneous
        decision)."""
        state = self.state
        if state.current_player() != SIMULTANEOUS:
            raise AssertionError(f"the players do not choose at once here: {phase_of(state)}")
        if len(names) != self.player_count:
            raise AssertionError(
                f"{len(names)} actions for {self.player_count} players: name one per player"
            )
        state.apply_actions([state.string_to_action(name, p) for p, name in enumerate(names)])

    def attempt(self, action: Callable[[], object]) -> None:
        """Try something that may be refused; keep the error and the state before it."""
        self._try(action, self.state.to_dict())

    def request(self, action: Callable[[], object]) -> None:
        """Try something outside the state (a game, a board, a position); keep the error."""
        self._try(action, None)

    def _try(self, action: Callable[[], object], before: dict[str, Any] | None) -> None:
        self.before_error = before
        try:
            action()
        except RulebooksError as error:
            self.error = error
        else:
            self.error = None


@runtime_checkable
class _Phased(Protocol):
    @property
    def phase(self) -> str: ...


def phase_of(state: State) -> str:
    """What comes next, in the engine's words (every game's state names its phase)."""
    assert isinstance(state, _Phased)
    return state.phase
