"""Mamey's numeric observation for the clients (see :mod:`rulebooks.adapters.encoding`)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Game, State
from rulebooks.adapters import Horizon
from rulebooks.adapters.encoding import Encoder, Layout, acting, one_hot


class MameyEncoder(Encoder):
    """Mamey, from the engine's own view of a player (``MameyState.view``, MAMEY-R8): the
    viewer, who acts, own hand by card type, hand sizes, each field (face-up cards, a
    face-down card, the one being checked), deck, discard, sold piles (sizes; their cards
    once the game is over), cubes, the Store board, turn, phase and the last turns."""

    def __init__(self, game: Game, horizon: Horizon) -> None:
        from engine.mamey.game import MameyGame, MameyState
        from engine.mamey.terms import CUBES_PER_PLAYER, FIELDS, NUM_TYPES, PHASES

        assert isinstance(game, MameyGame)
        self.game = game
        self.state_type = MameyState
        self.phases = PHASES
        self.types = NUM_TYPES
        self.fields = FIELDS
        self.card_type = {game.cards.name(t): t for t in range(NUM_TYPES)}
        squares = len(game.square_values)
        self.square = {game.square_name(s): s for s in range(squares)}
        players = game.num_players
        counts = list(game.counts)
        total = game.deck_total
        layout = Layout()
        layout.add("viewer", 1, players)
        layout.add("to act", 1, players)
        layout.add_each("hand", counts)
        layout.add("hand size", total, players)
        for f in range(FIELDS):
            layout.add_each(f"field {f + 1} face up", counts)
            layout.add(f"field {f + 1} face down", 1)
            layout.add(f"field {f + 1} checked card", 1, NUM_TYPES)
        layout.add("deck", total)
        layout.add_each("discard", counts)
        layout.add("sold", total, players)
        for p in range(players):
            layout.add_each(f"player {p} sold cards (game over)", counts)
        layout.add("cubes in hand", CUBES_PER_PLAYER, players)
        layout.add("cubes in stock", CUBES_PER_PLAYER, players)
        layout.add("square owner", players, squares)
        layout.add("turn player", 1, players)
        layout.add("phase", 1, len(PHASES))
        layout.add("checking field", FIELDS)
        layout.add("turns left after this one", players + 1)
        super().__init__(layout)

    def _cards(self, names: Sequence[str]) -> list[float]:
        counts = [0.0] * self.types
        for name in names:
            counts[self.card_type[name]] += 1
        return counts

    def values(self, state: State, player: int) -> Sequence[float]:
        assert isinstance(state, self.state_type)
        players = self.game.num_players
        view = state.view(player)
        values = one_hot(player, players) + acting(state, players)
        values += self._cards(view["hand"])
        values += view["hand_sizes"]
        for field in view["fields"]:
            values += self._cards(field["face_up"])
            values.append(field["face_down"])
            seen = field["seen"]
            values += one_hot(None if seen is None else self.card_type[seen], self.types)
        values.append(view["deck"])
        values += self._cards(view["discard"])
        values += view["sold_counts"]
        for sold in view["sold"]:
            values += self._cards(sold or [])
        values += view["cubes_in_hand"] + view["cubes_in_stock"]
        owners = [0.0] * len(self.square)
        for name, owner in view["board"]:
            owners[self.square[name]] = owner + 1
        values += owners
        values += one_hot(view["turn_player"], players)
        values += one_hot(self.phases.index(view["phase"]), len(self.phases))
        values.append(view["checking"] or 0)
        final = view["final_turns"]
        values.append(0 if final is None else final + 1)
        return values
