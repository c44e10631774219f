"""The rules of Pig, clause by clause (``docs/pig/rules.md``).

Actions share one range: ``0`` roll, ``1`` hold, and ``2 + (face - 1)`` for the die showing
``face`` (chance outcomes). A decision node belongs to the player whose turn it is; after
"roll" a chance node decides the face.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Self

from engine.core import (
    CHANCE,
    TERMINAL,
    Game,
    InvalidGameError,
    InvalidStateError,
    State,
)

ROLL = 0
HOLD = 1
FIRST_FACE = 2
"""The action id of the face 1; face ``f`` is ``FIRST_FACE + f - 1``."""


class Phase(enum.StrEnum):
    """What comes next."""

    DECIDE = "decide"
    """The turn's player rolls or holds."""
    ROLLING = "rolling"
    """The die is in the air (a chance node)."""
    OVER = "over"


def face_action(face: int) -> int:
    """The chance outcome id of the die showing `face` (1..faces)."""
    return FIRST_FACE + face - 1


def _whole(name: str, value: object, low: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise InvalidGameError(f"pig: {name} must be a whole number >= {low}, got {value!r}")
    return value


class PigGame(Game):
    """PIG-1.1: 2 to 10 players; PIG-4.1: the first to `target` points wins.

    `faces` is the die's number of faces (6); `horizon`, when not None, ends a play after that
    many decisions with no winner (a bound clients need, not a rule: PIG-R2).
    """

    short_name = "pig"
    min_players = 2
    max_players = 10

    def __init__(
        self, players: int = 2, target: int = 100, faces: int = 6, horizon: int | None = None
    ) -> None:
        super().__init__(players)
        self.target = _whole("target", target, 1)
        self.faces = _whole("faces", faces, 2)
        self.horizon = None if horizon is None else _whole("horizon", horizon, 1)

    @property
    def num_distinct_actions(self) -> int:
        return FIRST_FACE + self.faces

    def parameters(self) -> dict[str, Any]:
        return {
            "players": self.num_players,
            "target": self.target,
            "faces": self.faces,
            "horizon": self.horizon,
        }

    def new_initial_state(self) -> PigState:
        """PIG-1.2: every score starts at 0 and the first player begins."""
        return PigState(self)

    def _state_from_dict(self, data: Mapping[str, Any]) -> PigState:
        return read_state(self, data)


class PigState(State):
    """One position: the scores, whose turn it is, the turn total and what comes next."""

    game: PigGame

    def __init__(self, game: PigGame) -> None:
        self.game = game
        self._history: list[int] = []
        self.scores = [0] * game.num_players
        self.turn_player = 0
        self.turn_total = 0
        self.rolling = False
        self.decisions = 0
        self.last_face: int | None = None

    # -- whose move -------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        if self.is_over():
            return Phase.OVER
        return Phase.ROLLING if self.rolling else Phase.DECIDE

    def is_over(self) -> bool:
        """PIG-4.1: a score reached the target; PIG-R2: or the horizon's decisions were made."""
        if self.winner is not None:
            return True
        return self.game.horizon is not None and self.decisions >= self.game.horizon

    @property
    def winner(self) -> int | None:
        """PIG-4.1: the player whose score reached the target, if any."""
        for player, score in enumerate(self.scores):
            if score >= self.game.target:
                return player
        return None

    def current_player(self) -> int:
        if self.is_over():
            return TERMINAL
        return CHANCE if self.rolling else self.turn_player

    def score(self, player: int) -> int:
        """A player's banked points."""
        self.check_player(player)
        return self.scores[player]

    # -- actions ------------------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> list[int]:
        """PIG-2.1: roll or hold; PIG-4.2: only hold once the turn would reach the target."""
        current = self.current_player()
        if current == TERMINAL or (player is not None and player != current):
            return []
        if current == CHANCE:
            return [face_action(face) for face in range(1, self.game.faces + 1)]
        if self.scores[self.turn_player] + self.turn_total >= self.game.target:
            return [HOLD]
        return [ROLL, HOLD]

    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]:
        """PIG-2.2: every face of the die is equally likely."""
        if not self.is_chance_node():
            return []
        share = Fraction(1, self.game.faces)
        return [(face_action(face), share) for face in range(1, self.game.faces + 1)]

    def _action_to_string(self, action: int, player: int | None) -> str:
        if action == ROLL:
            return "roll"
        if action == HOLD:
            return "hold"
        return f"die {action - FIRST_FACE + 1}"

    def why_illegal(self, action: int) -> str:
        if self.is_chance_node():
            return "the die is rolling: only a face can come next"
        if action == ROLL:
            return "the turn already reaches the target: the player can only hold (PIG-4.2)"
        return "not a decision of Pig"

    def _apply(self, action: int) -> None:
        if action == ROLL:
            self.rolling = True
            self.decisions += 1
        elif action == HOLD:
            self._hold()
        else:
            self._land(action - FIRST_FACE + 1)

    def _hold(self) -> None:
        """PIG-2.4: holding banks the turn total and ends the turn."""
        self.scores[self.turn_player] += self.turn_total
        self.decisions += 1
        self._next_turn()

    def _land(self, face: int) -> None:
        """PIG-2.2: a 2 or more adds its face to the turn total; PIG-2.3: a 1 loses the turn
        total and ends the turn."""
        self.rolling = False
        self.last_face = face
        if face == 1:
            self._next_turn()
        else:
            self.turn_total += face

    def _next_turn(self) -> None:
        """PIG-3.1: the turn passes to the next player in seating order."""
        self.turn_total = 0
        self.turn_player = (self.turn_player + 1) % self.game.num_players

    # -- outcome -------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """PIG-4.1: 1.0 for the winner; 0.0 for everyone else, and for all mid-game or when the
        horizon ended the play (PIG-R2)."""
        winner = self.winner
        return [1.0 if player == winner else 0.0 for player in range(self.game.num_players)]

    # -- copies and serialisation ----------------------------------------------------------------
    def clone(self) -> Self:
        copy = type(self)(self.game)
        copy._history = list(self._history)
        copy.scores = list(self.scores)
        copy.turn_player = self.turn_player
        copy.turn_total = self.turn_total
        copy.rolling = self.rolling
        copy.decisions = self.decisions
        copy.last_face = self.last_face
        return copy

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "turn_player": self.turn_player,
            "turn_total": self.turn_total,
            "rolling": self.rolling,
            "decisions": self.decisions,
        }

    def observation_string(self, player: int) -> str:
        """Everything is public."""
        self.check_player(player)
        return str(self)

    def __str__(self) -> str:
        scores = ", ".join(f"player {p + 1}: {s}" for p, s in enumerate(self.scores))
        if self.is_over():
            winner = self.winner
            end = "no winner (horizon)" if winner is None else f"player {winner + 1} wins"
            return f"Scores: {scores}. Game over: {end}."
        doing = "rolling" if self.rolling else "to decide"
        return (
            f"Scores: {scores}. Player {self.turn_player + 1}'s turn, turn total "
            f"{self.turn_total}, {doing}."
        )


def _count(data: Mapping[str, Any], key: str, low: int = 0) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise InvalidStateError(f"pig state: {key} must be a whole number >= {low}, got {value!r}")
    return value


def read_state(game: PigGame, data: Mapping[str, Any]) -> PigState:
    """A position from :meth:`PigState.to_dict` output, checked against the rules."""
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"pig state: expected a mapping, got {type(data).__name__}")
    unknown = sorted(set(data) - {"scores", "turn_player", "turn_total", "rolling", "decisions"})
    if unknown:
        raise InvalidStateError(f"pig state: unknown keys {unknown}")
    scores = data.get("scores")
    if not isinstance(scores, list) or len(scores) != game.num_players:
        raise InvalidStateError(
            f"pig state: scores must list {game.num_players} scores, got {scores!r}"
        )
    if not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in scores):
        raise InvalidStateError(f"pig state: a score is a whole number >= 0, got {scores!r}")
    if sum(1 for s in scores if s >= game.target) > 1:
        raise InvalidStateError("pig state: two scores reached the target; the game ends at one")
    state = PigState(game)
    state.scores = list(scores)
    state.turn_player = data.get("turn_player", 0)
    if (
        not isinstance(state.turn_player, int)
        or isinstance(state.turn_player, bool)
        or not (0 <= state.turn_player < game.num_players)
    ):
        raise InvalidStateError(f"pig state: no player {state.turn_player!r} to take the turn")
    state.turn_total = _count(data, "turn_total") if "turn_total" in data else 0
    if state.turn_total == 1:
        raise InvalidStateError("pig state: a turn total of 1 cannot happen (a 1 loses it)")
    rolling = data.get("rolling", False)
    if not isinstance(rolling, bool):
        raise InvalidStateError(f"pig state: rolling is true or false, got {rolling!r}")
    state.rolling = rolling
    state.decisions = _count(data, "decisions") if "decisions" in data else 0
    return state
