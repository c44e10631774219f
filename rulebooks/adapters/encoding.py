"""Numeric observations: what one player sees, as a fixed-length vector of small numbers.

Both clients need a tensor: PettingZoo's observation spaces and OpenSpiel's observation
tensors. Each game of the project has an encoder here that reads only what its player may
see (public accessors of the state, or the engine's own view of a player); every feature has
a declared range, so the vector always lies in ``Box(low, high)``. Counts and indices are
stored as they are (a turtle's space is 0..21, a card held is 0 or 1), as float32.

A game with no encoder here gets :class:`TextEncoder`: the UTF-8 bytes of
``observation_string(player)``, zero-padded to a fixed length; a longer observation raises
rather than being cut.

Some features have no bound that the rules give (Masai's scores): their ``high`` is
infinite. Round counters are bounded by the horizon's decisions (a round takes at least one).
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from engine.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, RulebooksError, State

from . import Horizon

Vector = npt.NDArray[np.float32]


class Layout:
    """The features of an encoding, in order, each with its upper bound (lower bound 0)."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.high: list[float] = []

    def add(self, name: str, high: float, count: int = 1) -> None:
        for i in range(count):
            self.names.append(f"{name}[{i}]" if count > 1 else name)
            self.high.append(float(high))

    def add_each(self, name: str, highs: Sequence[float]) -> None:
        for i, high in enumerate(highs):
            self.names.append(f"{name}[{i}]")
            self.high.append(float(high))


class Encoder(abc.ABC):
    """Turns a state into what `player` sees, as a vector in ``[low, high]``."""

    def __init__(self, layout: Layout) -> None:
        self.names = tuple(layout.names)
        self.size = len(self.names)
        self.low: Vector = np.zeros(self.size, dtype=np.float32)
        self.high: Vector = np.asarray(layout.high, dtype=np.float32)

    @abc.abstractmethod
    def values(self, state: State, player: int) -> Sequence[float]:
        """The features in layout order."""

    def encode(self, state: State, player: int) -> Vector:
        vector = np.asarray(self.values(state, player), dtype=np.float32)
        if vector.shape != (self.size,):
            raise RulebooksError(
                f"{type(self).__name__}: {vector.shape[0]} features, the layout has {self.size}"
            )
        return vector


def one_hot(index: int | None, size: int) -> list[float]:
    """`size` zeros with a 1 at `index` (all zeros for None)."""
    values = [0.0] * size
    if index is not None:
        values[index] = 1.0
    return values


def _acting(state: State, players: int) -> list[float]:
    """One-hot of the player to act; every player at a simultaneous node; none otherwise."""
    current = state.current_player()
    if current == SIMULTANEOUS:
        return [1.0] * players
    if current in (CHANCE, TERMINAL):
        return [0.0] * players
    return one_hot(current, players)


class TextEncoder(Encoder):
    """The generic fallback: the observation string's UTF-8 bytes, zero-padded."""

    def __init__(self, game: Game, horizon: Horizon, length: int = 4096) -> None:
        layout = Layout()
        layout.add("byte", 255, length)
        super().__init__(layout)
        self.length = length

    def values(self, state: State, player: int) -> Sequence[float]:
        data = state.observation_string(player).encode("utf-8")
        if len(data) > self.length:
            raise RulebooksError(
                f"the observation of player {player} takes {len(data)} bytes, more than the "
                f"{self.length} of the text encoding"
            )
        return list(data) + [0] * (self.length - len(data))


# -- Mahé ----------------------------------------------------------------------------------------
class MaheEncoder(Encoder):
    """Mahé (all public): the viewer, who acts, each turtle's space and height in its stack,
    the face-up card, deck and unseen cards, each player's cards and the beach, the cards
    used as dice, the move in progress (mover, dice) and the phase."""

    def __init__(self, game: Game, horizon: Horizon) -> None:
        from engine.mahe.game import BEACH, MAX_DICE, PHASES, MaheGame, MaheState

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
        values = one_hot(player, players) + _acting(state, players)
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
        values += _tally(state.unseen_cards().items(), len(game.deck.counts))
        for p in range(players):
            values += _tally_list(state.collected(p), len(game.deck.counts))
            values.append(1.0 if state.beach_player == p else 0.0)
        values += _tally_list(state.used_cards, len(game.deck.counts))
        mover = state.mover
        values.append(0 if mover is None else mover + 1)
        dice = state.dice
        values += dice + [0] * (self.max_dice - len(dice))
        values += one_hot(self.phases.index(state.phase), len(self.phases))
        return values


def _tally(items: Iterable[tuple[int, int]], size: int) -> list[float]:
    """Counts by value 1..size-1 from (value, count) pairs."""
    counts = [0.0] * size
    for value, n in items:
        counts[value] += n
    return counts[1:]


def _tally_list(values: Sequence[int], size: int) -> list[float]:
    """Counts by value 1..size-1 of a list of values."""
    counts = [0.0] * size
    for value in values:
        counts[value] += 1
    return counts[1:]


# -- Mamey ---------------------------------------------------------------------------------------
class MameyEncoder(Encoder):
    """Mamey, from the engine's own view of a player (``MameyState.view``, MAMEY-R8): the
    viewer, who acts, own hand by card type, hand sizes, each field (face-up cards, a
    face-down card, the one being checked), deck, discard, sold piles (sizes; their cards
    once the game is over), cubes, the Store board, turn, phase and the last turns."""

    def __init__(self, game: Game, horizon: Horizon) -> None:
        from engine.mamey.game import (
            CUBES_PER_PLAYER,
            FIELDS,
            NUM_TYPES,
            PHASES,
            MameyGame,
            MameyState,
        )

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
        values = one_hot(player, players) + _acting(state, players)
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


# -- Masai ---------------------------------------------------------------------------------------
class MasaiEncoder(Encoder):
    """Masai (all public): the viewer, who acts, each die slot (colour, face), each seed slot
    (owner), keys, opened sectors, the bag by colour, pool and discard by kind of die, seeds
    in supply, special actions used, scores (no bound), round, order, phase and ending."""

    def __init__(self, game: Game, horizon: Horizon) -> None:
        from engine.masai.board import COLOURS
        from engine.masai.game import (
            DICE_PER_COLOUR,
            ENDINGS,
            FACES,
            KINDS,
            PHASES,
            SPECIAL_ACTIONS,
            MasaiGame,
            MasaiState,
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
        values = one_hot(player, players) + _acting(state, players)
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


# -- Mahola --------------------------------------------------------------------------------------
class MaholaEncoder(Encoder):
    """Mahola: the viewer, round, turn, phase, Favor tokens, the Characters the viewer may
    see (their own; everyone's once revealed), the viewer's hand, hand sizes, every tableau
    (card per position), revealed cards, the draw pile's size and the last round's winner."""

    def __init__(self, game: Game, horizon: Horizon) -> None:
        from engine.mahola.components import CARD_TOTAL, CHARACTERS
        from engine.mahola.game import (
            MAX_TABLEAU,
            PHASES,
            TOKENS_TO_WIN,
            TURNS,
            MaholaGame,
            MaholaState,
        )

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


ENCODERS: dict[str, Callable[[Game, Horizon], Encoder]] = {
    "mahe": MaheEncoder,
    "mamey": MameyEncoder,
    "masai": MasaiEncoder,
    "mahola": MaholaEncoder,
}
"""Encoder per game name; other games get :class:`TextEncoder`."""


def encoder_for(game: Game, horizon: Horizon) -> Encoder:
    """The encoder of `game` (by its short name), or the text fallback."""
    factory = ENCODERS.get(game.short_name, TextEncoder)
    return factory(game, horizon)
