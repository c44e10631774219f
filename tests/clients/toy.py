"""A toy game with every kind of node the adapters must handle, written for their tests.

"Odds and evens, again": a die is rolled (chance); both players show 1 or 2 fingers at once
(simultaneous); die plus fingers even wins the round for player 0, odd for player 1. The
round's loser alone (a one-player node inside a simultaneous game) then concedes, ending the
game, or asks for another round. Nothing bounds the number of rounds: the adapters' horizon
is what ends a long play.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Self

from engine.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, State

CONCEDE, AGAIN = 0, 1
_FINGERS = 1  # FINGERS n = 1 + n (2, 3): show n fingers
_DIE = 3  # DIE f = 3 + f (4..9)
NUM_ACTIONS = 10


class AgainGame(Game):
    short_name = "again"
    min_players = 2
    max_players = 2

    def __init__(self, players: int = 2) -> None:
        super().__init__(players)

    def new_initial_state(self) -> AgainState:
        return AgainState(self)

    def _state_from_dict(self, data: Any) -> AgainState:
        state = AgainState(self)
        state.die, state.fingers = data["die"], list(data["fingers"])
        state.wins, state.loser, state.winner = list(data["wins"]), data["loser"], data["winner"]
        state._history = list(data["history"])
        return state

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def parameters(self) -> dict[str, Any]:
        return {"players": 2}


class AgainState(State):
    def __init__(self, game: AgainGame) -> None:
        self.game = game
        self._history: list[int] = []
        self.die: int | None = None
        self.fingers: list[int] = []
        self.wins = [0, 0]  # rounds won
        self.loser: int | None = None  # the round's loser, to concede or play again
        self.winner: int | None = None

    def current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        if self.loser is not None:
            return self.loser
        return CHANCE if self.die is None else SIMULTANEOUS

    def legal_actions(self, player: int | None = None) -> list[int]:
        current = self.current_player()
        if current == CHANCE:
            return [] if player not in (None, CHANCE) else [_DIE + f for f in range(1, 7)]
        if current == SIMULTANEOUS:
            return [_FINGERS + 1, _FINGERS + 2] if player in (0, 1) else []
        if current == TERMINAL or (player is not None and player != current):
            return []
        return [CONCEDE, AGAIN]

    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]:
        if self.current_player() != CHANCE:
            return []
        return [(a, Fraction(1, 6)) for a in self.legal_actions()]

    def _action_to_string(self, action: int, player: int | None) -> str:
        if action >= _DIE:
            return f"die {action - _DIE}"
        if action > _FINGERS:
            return f"{action - _FINGERS} finger(s)"
        return "again" if action == AGAIN else "concede"

    def _apply(self, action: int) -> None:
        if self.loser is None:
            self.die = action - _DIE
            return
        if action == CONCEDE:
            self.winner = 1 - self.loser
        self.loser, self.die, self.fingers = None, None, []

    def _apply_joint(self, actions: list[int]) -> None:
        assert self.die is not None
        self.fingers = [a - _FINGERS for a in actions]
        round_winner = 0 if (self.die + sum(self.fingers)) % 2 == 0 else 1
        self.wins[round_winner] += 1
        self.loser = 1 - round_winner

    def returns(self) -> list[float]:
        return [1.0 if p == self.winner else 0.0 for p in range(2)]

    def clone(self) -> Self:
        other = type(self)(self.game)  # type: ignore[arg-type]
        other._history, other.die, other.fingers = self._history[:], self.die, self.fingers[:]
        other.wins, other.loser, other.winner = self.wins[:], self.loser, self.winner
        return other

    def to_dict(self) -> dict[str, Any]:
        return {
            "die": self.die,
            "fingers": self.fingers[:],
            "wins": self.wins[:],
            "loser": self.loser,
            "winner": self.winner,
            "history": self._history[:],
        }

    def observation_string(self, player: int) -> str:
        return str(self)

    def __str__(self) -> str:
        data = self.to_dict()
        del data["history"]
        return str(data)
