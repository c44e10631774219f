"""Masai's numeric observation for the clients (see :mod:`rulebooks.adapters.encoding`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from engine.core import Game, State
from rulebooks.adapters import Horizon
from rulebooks.adapters.encoding import Encoder, Layout, acting, one_hot


class MasaiEncoder(Encoder):
    """Masai (all public): the viewer, who acts, each die slot (colour, face), each seed slot
    (owner), keys, opened sectors, the bag by colour, pool and discard by kind of die, seeds
    in supply, special actions used, scores (no bound), round, order, phase and ending."""

    def __init__(self, game: Game, horizon: Horizon) -> None:
        from engine.masai.board import COLOURS
        from engine.masai.game import MasaiGame, MasaiState
        from engine.masai.terms import (
            DICE_PER_COLOUR,
            ENDINGS,
            FACES,
            KINDS,
            PHASES,
            SPECIAL_ACTIONS,
            die_name,
        )

        assert isinstance(game, MasaiGame)
        self.game = game
        self.state_type = MasaiState
        self.colour_names = COLOURS
        self.colours = len(COLOURS)
        self.kinds = KINDS
        self.phases = PHASES
        self.endings = ENDINGS
        self.specials = SPECIAL_ACTIONS
        self.kind = {die_name(k): k for k in range(KINDS)}
        board = game.board
        players = game.num_players
        layout = Layout()
        layout.add("viewer", 1, players)
        layout.add("to act", 1, players)
        for d in range(board.num_die_slots):
            layout.add(f"die slot {board.die_ids[d]} colour", len(COLOURS))
            layout.add(f"die slot {board.die_ids[d]} face", FACES)
        layout.add("seed slot owner", players, board.num_seed_slots)
        for s in range(len(COLOURS)):
            layout.add(f"key {COLOURS[s]} colour", len(COLOURS))
            layout.add(f"key {COLOURS[s]} face", FACES)
        layout.add("opened", 1, len(COLOURS))
        layout.add("bag", DICE_PER_COLOUR, len(COLOURS))
        layout.add("pool", DICE_PER_COLOUR, KINDS)
        layout.add("discard", DICE_PER_COLOUR, KINDS)
        layout.add("seeds in supply", game.seeds_each, players)
        layout.add("special uses", game.seeds_each, players * len(SPECIAL_ACTIONS))
        layout.add("score", np.inf, players)
        layout.add("round", horizon.decisions + 1)
        layout.add("place in order", players - 1, players)
        layout.add("phase", 1, len(PHASES))
        layout.add("ending", 1, len(ENDINGS))
        super().__init__(layout)

    def values(self, state: State, player: int) -> Sequence[float]:
        assert isinstance(state, self.state_type)
        game = self.game
        board = game.board
        players = game.num_players
        kind = self.kind
        values = one_hot(player, players) + acting(state, players)
        for d in range(board.num_die_slots):
            values += _die(state.die_on(d), kind)
        values += [(owner + 1) if (owner := state.seed_on(s)) is not None else 0
                   for s in range(board.num_seed_slots)]  # fmt: skip
        for sector in range(self.colours):
            values += _die(state.key_of(sector), kind)
        values += [1.0 if state.is_opened(s) else 0.0 for s in range(self.colours)]
        bag = state.bag()
        values += [bag.get(colour, 0) for colour in self.colour_names]
        for dice in (state.pool(), state.discard()):
            kinds = [0.0] * self.kinds
            for name in dice:
                kinds[kind[name]] += 1
            values += kinds
        values += [state.supply(p) for p in range(players)]
        values += [state.special_uses(p, a) for p in range(players) for a in self.specials]
        values += [state.score(p) for p in range(players)]
        values.append(state.round)
        order = state.order
        values += [order.index(p) for p in range(players)]
        values += one_hot(self.phases.index(state.phase), len(self.phases))
        ending = state.ending
        values += one_hot(None if ending is None else self.endings.index(ending), len(self.endings))
        return values


def _die(name: str | None, kind: Mapping[str, int]) -> tuple[float, float]:
    """(colour + 1, face) of a die called ``"green 2"``; (0, 0) for no die."""
    if name is None:
        return 0.0, 0.0
    colour, face = divmod(kind[name], 6)
    return colour + 1, face + 1
