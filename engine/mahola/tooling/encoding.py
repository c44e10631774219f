"""Mahola's numeric observation for the clients (see :mod:`rulebooks.adapters.encoding`)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Game, State
from rulebooks.adapters import Horizon
from rulebooks.adapters.encoding import Encoder, Layout, one_hot


class MaholaEncoder(Encoder):
    """Mahola: the viewer, round, turn, phase, Favor tokens, the Characters the viewer may
    see (their own; everyone's once revealed), the viewer's hand, hand sizes, every tableau
    (card per position), revealed cards, the draw pile's size and the last round's winner."""

    def __init__(self, game: Game, horizon: Horizon) -> None:
        from engine.mahola.components import CARD_TOTAL, CHARACTERS
        from engine.mahola.game import MaholaGame, MaholaState
        from engine.mahola.terms import MAX_TABLEAU, PHASES, TOKENS_TO_WIN, TURNS

        assert isinstance(game, MaholaGame)
        self.game = game
        self.state_type = MaholaState
        self.cards = CARD_TOTAL
        self.characters = CHARACTERS
        self.phases = PHASES
        self.max_tableau = MAX_TABLEAU
        players = game.num_players
        layout = Layout()
        layout.add("viewer", 1, players)
        layout.add("round", horizon.decisions + 1)
        layout.add("turn", TURNS)
        layout.add("phase", 1, len(PHASES))
        layout.add("favor tokens", TOKENS_TO_WIN, players)
        layout.add("character", 1, players * len(CHARACTERS))
        layout.add("hand", 1, CARD_TOTAL)
        layout.add("hand size", CARD_TOTAL, players)
        layout.add("tableau card", CARD_TOTAL, players * MAX_TABLEAU)
        layout.add("revealed card", CARD_TOTAL, players)
        layout.add("draw pile", CARD_TOTAL)
        layout.add("last round winner", 1, players + 1)
        super().__init__(layout)

    def values(self, state: State, player: int) -> Sequence[float]:
        assert isinstance(state, self.state_type)
        players = self.game.num_players
        values = one_hot(player, players)
        values += (state.round_number, state.turn)
        values += one_hot(self.phases.index(state.phase), len(self.phases))
        values += [state.tokens(p) for p in range(players)]
        revealed = state.characters_revealed
        for p in range(players):
            name = state.character(p) if (p == player or revealed) else None
            values += one_hot(None if name is None else self.characters.index(name), 4)
        values += one_hot(None, self.cards)
        for card in state.hand(player):
            values[-self.cards + card] = 1.0
        values += [len(state.hand(p)) for p in range(players)]
        for p in range(players):
            tableau = [card + 1 for card in state.tableau(p)]
            values += tableau + [0] * (self.max_tableau - len(tableau))
        values += [0 if (shown := state.played(p)) is None else shown + 1 for p in range(players)]
        values.append(state.deck_size)
        last = state.last_round
        if last is None:
            values += [0.0] * (players + 1)
        else:
            values += one_hot(players if last.winner is None else last.winner, players + 1)
        return values
