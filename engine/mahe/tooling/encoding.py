"""Mahé's numeric observation for the clients (see :mod:`rulebooks.adapters.encoding`)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Game, State
from rulebooks.adapters import Horizon
from rulebooks.adapters.encoding import Encoder, Layout, acting, one_hot, tally, tally_list


class MaheEncoder(Encoder):
    """Mahé (all public): the viewer, who acts, each turtle's space and height in its stack,
    the face-up card, deck and unseen cards, each player's cards and the beach, the cards
    used as dice, the move in progress (mover, dice) and the phase."""

    def __init__(self, game: Game, horizon: Horizon) -> None:
        from engine.mahe.game import MaheGame, MaheState
        from engine.mahe.terms import BEACH, MAX_DICE, PHASES

        assert isinstance(game, MaheGame)
        self.game = game
        self.state_type = MaheState
        self.phases = PHASES
        self.beach = BEACH
        self.max_dice = MAX_DICE
        players, turtles = game.num_players, game.num_turtles
        counts = game.deck.counts[1:]
        layout = Layout()
        layout.add("viewer", 1, players)
        layout.add("to act", 1, players)
        layout.add("turn player", 1, players)
        for t in range(turtles):
            layout.add(f"turtle {t} space", BEACH)
            layout.add(f"turtle {t} height", turtles - 1)
        layout.add("face-up card", len(game.deck.counts) - 1)
        layout.add("deck", game.deck.total)
        layout.add_each("unseen", counts)
        for p in range(players):
            layout.add_each(f"player {p} cards", counts)
            layout.add(f"player {p} beach", 1)
        layout.add_each("used", counts)
        layout.add("mover", turtles)
        layout.add("die", 6, MAX_DICE)
        layout.add("phase", 1, len(PHASES))
        super().__init__(layout)

    def values(self, state: State, player: int) -> Sequence[float]:
        assert isinstance(state, self.state_type)
        game = self.game
        players = game.num_players
        values = one_hot(player, players) + acting(state, players)
        values += one_hot(state.turn_player, players)
        turtles = range(game.num_turtles)
        where = [state.position(t) for t in turtles]
        height = [0] * game.num_turtles
        for space in set(where) - {0}:  # the raft (0) is no stack
            for level, turtle in enumerate(state.stack(space)):
                height[turtle] = level
        for t in turtles:
            values += (where[t], height[t])
        values.append(state.face_up_card or 0)
        values.append(state.deck_size)
        values += tally(state.unseen_cards().items(), len(game.deck.counts))
        for p in range(players):
            values += tally_list(state.collected(p), len(game.deck.counts))
            values.append(1.0 if state.beach_player == p else 0.0)
        values += tally_list(state.used_cards, len(game.deck.counts))
        mover = state.mover
        values.append(0 if mover is None else mover + 1)
        dice = state.dice
        values += dice + [0] * (self.max_dice - len(dice))
        values += one_hot(self.phases.index(state.phase), len(self.phases))
        return values
