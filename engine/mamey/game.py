"""Mamey: harvest bean cards from three fields, sell sets of them at the Store, hire merchants.

The whole rulebook in one module (sizes and phases in :mod:`engine.mamey.terms`). Clause IDs
(``MAMEY-x.y``) name the rule each function implements; the site lists the same IDs with the
scenarios that verify them.

Cards: 4 colours x 15 (see :mod:`engine.mamey.components`). Identical cards are
interchangeable, so hands, the deck and the sold piles are counts by card type; a card type is
``colour * 6 + rank`` with rank 0..4 for the numbers 1..5 and 5 for the Joker.

Chance: every card taken from the deck is a chance node whose outcomes are the card types
still in the deck, each with probability (copies left) / (cards left), which is exactly a
shuffled deck. The set-up deals field 1, 2, 3, then two cards to each player in turn order.

A turn: the player harvests (then checks field 1, 2, 3 in order, receiving or returning each
until one is received), sells one set onto a free square of the Store board, or hires a
merchant. Cards drawn while harvesting are chance nodes in the same turn.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core import (
    CHANCE,
    TERMINAL,
    Game,
    IllegalActionError,
    InvalidGameError,
    InvalidStateError,
    State,
    player_label,
    shown,
)
from .components import (
    COLOUR_COUNT,
    COPIES,
    JOKER,
    LARGEST_SET,
    ROW_LABELS,
    ROWS,
    RUN,
    SAME_COLOUR,
    SAME_NUMBER,
    SMALLEST_SET,
    TYPES_PER_COLOUR,
    BeanCards,
    StoreBoard,
    StoreSide,
    colour_of,
    load_bean_cards,
    load_store_board,
    rank_of,
)
from .state_io import read_state
from .terms import (
    ACT,
    CHECK,
    CUBES_PER_PLAYER,
    DRAW,
    FIELDS,
    HAND_LIMIT,
    NUM_TYPES,
    OVER,
    Phase,
)

SALES_MEMO = 1 << 14
"""How many hands a game remembers the sales of (`MameyGame.sales_in_hand`)."""

# Action ids. Decisions first, chance outcomes, then sales.
HARVEST = 0
RECEIVE = 1
RETURN = 2
_HIRE = 3  # HIRE t = 3 + t: discard a card of type t
_DRAW = _HIRE + NUM_TYPES  # DRAW t = 27 + t: the card taken from the deck is of type t
_SELL = _DRAW + NUM_TYPES  # SELL = 51 + sale * squares_per_cell + square
_HIRES = range(_HIRE, _DRAW)
"""A card type -> the hire discarding it (`itertools.compress(_HIRES, hand)`: the hires a
hand allows)."""


_HAND = FIELDS  # a pending draw target: 0..2 is a field, 3 + p is player p's hand


def hire_action(card: int) -> int:
    """The action "hire a merchant, discarding a card of type `card`"."""
    return _HIRE + card


def draw_action(card: int) -> int:
    """The chance outcome "the card taken from the deck is of type `card`"."""
    return _DRAW + card


def start_cubes(players: int) -> int:
    """MAMEY-2.4: 5 Merchant cubes in hand, 4 in a 4-player game; the rest of 7 in stock."""
    return 4 if players == 4 else 5


# -- the sets that can be sold ------------------------------------------------------------------
@dataclass(frozen=True)
class Sale:
    """A set of cards sold together: its Store row and the card types (sorted, repeated)."""

    row: str
    cards: tuple[int, ...]
    jokers: int

    @property
    def size(self) -> int:
        return len(self.cards)


def _is_run(numbers: Sequence[int], jokers: int) -> bool:
    """MAMEY-5.1, MAMEY-6.1: distinct numbers that Jokers (1..6) can make consecutive."""
    if len(set(numbers)) != len(numbers):
        return False
    size = len(numbers) + jokers
    if not numbers:
        return size <= 6
    low, high = min(numbers), max(numbers)
    # the run spans `size` numbers within 1..6 containing low..high
    return high - low + 1 <= size <= 6


def _all_sales() -> tuple[Sale, ...]:
    """MAMEY-5.1, MAMEY-6.1, MAMEY-6.2: every set one may sell, in a fixed order (action numbers).

    Sets are card multisets: a Joker's stand-in number never changes what is sold, so a run
    "red 2, red 3, red Joker" is one sale whether the Joker plays 1 or 4.
    """
    sales: list[Sale] = []
    for colour in range(COLOUR_COUNT):
        base = colour * TYPES_PER_COLOUR
        joker = base + JOKER
        # MAMEY-5.1 runs: distinct numbers of one colour, with or without the colour's Joker
        for size in range(1, 6):
            for numbers in itertools.combinations(range(1, 6), size):
                for jokers in (0, 1):
                    if size + jokers >= SMALLEST_SET and _is_run(numbers, jokers):
                        cards = tuple(base + n - 1 for n in numbers) + (joker,) * jokers
                        sales.append(Sale(RUN, cards, jokers))
        # MAMEY-5.1 one colour and one number: copies of a number, with or without the Joker
        for rank in range(JOKER):
            for copies in range(1, COPIES[rank] + 1):
                for jokers in (0, 1):
                    if copies + jokers >= SMALLEST_SET:
                        cards = (base + rank,) * copies + (joker,) * jokers
                        sales.append(Sale(SAME_COLOUR, cards, jokers))
    # MAMEY-5.1 one number in different colours: per colour nothing, the number or the Joker
    for rank in range(JOKER):
        for choice in itertools.product((None, rank, JOKER), repeat=COLOUR_COUNT):
            chosen = [c * TYPES_PER_COLOUR + r for c, r in enumerate(choice) if r is not None]
            jokers = sum(1 for r in choice if r == JOKER)
            if len(chosen) >= SMALLEST_SET and jokers < len(chosen):
                sales.append(Sale(SAME_NUMBER, tuple(sorted(chosen)), jokers))
    # MAMEY-R7: Jokers of different colours alone, all standing for one number
    for size in range(SMALLEST_SET, COLOUR_COUNT + 1):
        for colours in itertools.combinations(range(COLOUR_COUNT), size):
            cards = tuple(c * TYPES_PER_COLOUR + JOKER for c in colours)
            sales.append(Sale(SAME_NUMBER, cards, size))
    return tuple(sales)


SALES = _all_sales()
_SALE_INDEX = {(s.row, tuple(sorted(s.cards))): i for i, s in enumerate(SALES)}
assert len(_SALE_INDEX) == len(SALES)
# For generating the sales a hand allows without scanning every sale.
_RUNS_BY_COLOUR = tuple(
    tuple(
        (
            sum(1 << rank_of(c) for c in s.cards if rank_of(c) != JOKER),
            s.jokers,
            i,
        )
        for i, s in enumerate(SALES)
        if s.row == RUN and colour_of(s.cards[0]) == colour
    )
    for colour in range(COLOUR_COUNT)
)
_SAME_COLOUR_INDEX = {
    (s.cards[0], len(s.cards) - s.jokers, s.jokers): i
    for i, s in enumerate(SALES)
    if s.row == SAME_COLOUR
}


def sales_in_hand(hand: Sequence[int]) -> list[int]:
    """Indices (in SALES) of every set that `hand` (counts by card type) can make: each
    colour's runs and same-colour sets (`colour_sales`), each number's sets across colours
    (`number_sales`), then the sets of Jokers alone (`joker_sales`)."""
    found: list[int] = []
    for colour in range(COLOUR_COUNT):
        base = colour * TYPES_PER_COLOUR
        found += colour_sales(colour, tuple(hand[base : base + TYPES_PER_COLOUR]))
    jokers = tuple(hand[JOKER::TYPES_PER_COLOUR])
    for rank in range(JOKER):
        found += number_sales(rank, tuple(hand[rank::TYPES_PER_COLOUR]), jokers)
    found += joker_sales(jokers)
    return found


def colour_sales(colour: int, own: tuple[int, ...]) -> tuple[int, ...]:
    """MAMEY-5.1, MAMEY-6.1: the runs and the same-colour sets of one colour that `own` (the
    hand's counts of that colour's types, the numbers 1..5 then the Joker) can make."""
    if sum(own) < SMALLEST_SET:
        return ()
    base = colour * TYPES_PER_COLOUR
    found: list[int] = []
    joker = own[JOKER]
    mask = 0
    for rank in range(JOKER):
        if own[rank]:
            mask |= 1 << rank
    for needed, jokers, index in _RUNS_BY_COLOUR[colour]:
        if not needed & ~mask and jokers <= joker:
            found.append(index)
    for rank in range(JOKER):
        for copies in range(1, own[rank] + 1):
            if copies >= SMALLEST_SET:
                found.append(_SAME_COLOUR_INDEX[base + rank, copies, 0])
            if joker:
                found.append(_SAME_COLOUR_INDEX[base + rank, copies, 1])
    return tuple(found)


def number_sales(rank: int, held: tuple[int, ...], jokers: tuple[int, ...]) -> tuple[int, ...]:
    """MAMEY-5.1, MAMEY-6.1: the sets of one number in different colours, from the hand's
    count of that number in each colour (`held`) and of each colour's Joker (`jokers`): per
    colour nothing, the number or the Joker, with at least one card that is not a Joker."""
    holders = sum(1 for count in held if count)
    if not holders or holders + sum(1 for count in jokers if count) < SMALLEST_SET:
        return ()
    options = []
    for colour in range(COLOUR_COUNT):
        base = colour * TYPES_PER_COLOUR
        option: list[int | None] = [None]
        if held[colour]:
            option.append(base + rank)
        if jokers[colour]:
            option.append(base + JOKER)
        options.append(option)
    found: list[int] = []
    for choice in itertools.product(*options):
        cards = [c for c in choice if c is not None]
        if len(cards) >= SMALLEST_SET and any(rank_of(c) != JOKER for c in cards):
            found.append(_SALE_INDEX[SAME_NUMBER, tuple(sorted(cards))])
    return tuple(found)


def joker_sales(jokers: tuple[int, ...]) -> tuple[int, ...]:
    """MAMEY-R7: Jokers of different colours alone, all standing for one number, from the
    hand's count of each colour's Joker."""
    held = [colour for colour, count in enumerate(jokers) if count]
    found: list[int] = []
    for size in range(SMALLEST_SET, len(held) + 1):
        for colours in itertools.combinations(held, size):
            only_jokers = tuple(c * TYPES_PER_COLOUR + JOKER for c in colours)
            found.append(_SALE_INDEX[SAME_NUMBER, only_jokers])
    return tuple(found)


class MameyGame(Game):
    """Mamey for 2..4 players.

    `cards` and `store` replace the shipped component data (scenarios set their own Store
    values and sprout flags this way); `first_player` is the start player (MAMEY-2.6).
    """

    short_name = "mamey"
    min_players = 2
    max_players = 4

    def __init__(
        self,
        players: int = 4,
        first_player: int = 0,
        cards: BeanCards | None = None,
        store: StoreBoard | None = None,
    ) -> None:
        super().__init__(players)
        if (
            not isinstance(first_player, int)
            or isinstance(first_player, bool)
            or not 0 <= first_player < players
        ):
            raise InvalidGameError(
                f"mamey: first_player must be a player index 0..{players - 1}, got {first_player!r}"
            )
        self.first_player = first_player
        self.cards = cards if cards is not None else load_bean_cards()
        self.store = store if store is not None else load_store_board()
        self.board: StoreSide = self.store.side_for(players)
        self.counts = self.cards.counts(players)
        self.deck_total = sum(self.counts)
        self.start_cubes = start_cubes(players)
        # Squares numbered across the board, cell by cell.
        self.square_values: tuple[int, ...] = tuple(v for c in self.board.cells for v in c.squares)
        self.square_cell: tuple[int, ...] = tuple(
            i for i, c in enumerate(self.board.cells) for _ in c.squares
        )
        first, total = [], 0
        for cell in self.board.cells:
            first.append(total)
            total += len(cell.squares)
        self.cell_first_square: tuple[int, ...] = tuple(first)
        self.squares_per_cell = max(len(c.squares) for c in self.board.cells)
        cell_index = {(c.row, c.cards): i for i, c in enumerate(self.board.cells)}
        self.sale_cell = tuple(cell_index[s.row, s.size] for s in SALES)
        self.sale_squares: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple(
                (self.cell_first_square[cell] + i, _SELL + sale * self.squares_per_cell + i)
                for i in range(len(self.board.cells[cell].squares))
            )
            for sale, cell in enumerate(self.sale_cell)
        )
        """A sale -> (square, the action selling it there) for each square of its cell."""
        self.num_actions = _SELL + len(SALES) * self.squares_per_cell
        self._sales: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._draw_rows: dict[int, tuple[tuple[tuple[int, float], ...], ...]] = {}
        self.sale_names = tuple(
            ", ".join(self.cards.name(c) for c in s.cards) + f" as {s.row}" for s in SALES
        )

    def parameters(self) -> dict[str, Any]:
        return {"players": self.num_players, "first_player": self.first_player}

    def draw_rows(self, size: int) -> tuple[tuple[tuple[int, float], ...], ...]:
        """For a deck of `size` cards: per card type, per number of copies left, the chance
        outcome of taking one (MAMEY-2.2: a shuffled deck, copies / size); worked out once per
        game for each size of the deck."""
        rows = self._draw_rows.get(size)
        if rows is None:
            rows = self._draw_rows[size] = tuple(
                tuple((_DRAW + card, n / size) for n in range(copies + 1))
                for card, copies in enumerate(self.counts)
            )
        return rows

    def sales_in_hand(self, hand: Sequence[int]) -> tuple[int, ...]:
        """`sales_in_hand(hand)`, remembered for the last hands met in this game (at most
        `SALES_MEMO` of them: the memo starts again empty when full)."""
        key = tuple(hand)
        sales = self._sales.get(key)
        if sales is None:
            if len(self._sales) >= SALES_MEMO:
                self._sales.clear()
            sales = self._sales[key] = tuple(sales_in_hand(hand))
        return sales

    @property
    def num_distinct_actions(self) -> int:
        return self.num_actions

    def new_initial_state(self) -> MameyState:
        """MAMEY-2.2, MAMEY-2.5: the deal starts: one card to each field, two to each player."""
        return MameyState(self)

    def _state_from_dict(self, data: Mapping[str, Any]) -> MameyState:
        return MameyState.from_dict(self, data)

    # -- naming things ----------------------------------------------------------------------
    def card(self, name: str) -> int:
        """The card type called `name`; InvalidStateError naming the choices otherwise."""
        try:
            return self.cards.card(name)
        except KeyError:
            raise InvalidStateError(
                f"no card called {name!r}: cards are '<colour> <1..5 or Joker>' with colours "
                f"{', '.join(self.cards.colours)}"
            ) from None

    def square_name(self, square: int) -> str:
        """``"the 6 of same number / 3 cards"`` (with its position if the value repeats)."""
        cell = self.board.cells[self.square_cell[square]]
        index = square - self.cell_first_square[self.square_cell[square]]
        value = cell.squares[index]
        where = f" (square {index + 1})" if cell.squares.count(value) > 1 else ""
        return f"the {value}{where} of {cell.label}"

    def sale_action(self, sale: int, index: int) -> int:
        """The action "sell SALES[sale] onto square `index` (0-based) of its cell"."""
        return _SELL + sale * self.squares_per_cell + index

    def find_sale(self, row: str, cards: Sequence[int]) -> int:
        """The index in SALES of this set; ValueError with the broken rule if it is no set."""
        index = _SALE_INDEX.get((row, tuple(sorted(cards))))
        if index is None:
            raise ValueError(self.why_not_a_set(row, cards))
        return index

    def why_not_a_set(self, row: str, cards: Sequence[int]) -> str:
        """MAMEY-5.1, MAMEY-6.1: why these cards are not a set of that row."""
        if row not in ROWS:
            return f"no kind of set is called {row!r}; kinds: {', '.join(ROWS)}"
        names = ", ".join(self.cards.name(c) for c in cards)
        for card in set(cards):
            if cards.count(card) > self.cards.copies[card]:
                return (
                    f"MAMEY-1.1: there are only {self.cards.copies[card]} "
                    f"{self.cards.name(card)} cards"
                )
        if len(cards) < SMALLEST_SET:
            return f"MAMEY-5.1: a set has at least {SMALLEST_SET} cards, not {len(cards)}"
        if len(cards) > LARGEST_SET[row]:
            return f"MAMEY-5.1: {ROW_LABELS[row]} number {LARGEST_SET[row]} at most"
        colours = [colour_of(c) for c in cards]
        numbers = [rank_of(c) + 1 for c in cards if rank_of(c) != JOKER]
        if row == SAME_NUMBER:
            for colour in set(colours):
                if colours.count(colour) > 1:
                    return (
                        f"MAMEY-5.1: {ROW_LABELS[row]} may not include two "
                        f"{self.cards.colours[colour]} cards ({names})"
                    )
        elif len(set(colours)) > 1:
            return f"MAMEY-5.1: {ROW_LABELS[row]} are all one colour, unlike {names}"
        if row != RUN and len(set(numbers)) > 1:
            return f"MAMEY-5.1: {ROW_LABELS[row]} all show one number, unlike {names}"
        if row == RUN:
            if len(set(numbers)) != len(numbers):
                return f"MAMEY-5.1: a run cannot hold one number twice ({names})"
            return (
                f"MAMEY-5.1, MAMEY-6.1: {names} cannot be made consecutive, "
                f"even with each Joker standing for any number 1 to 6"
            )
        return f"MAMEY-5.1: {names} are not {ROW_LABELS[row]}"  # pragma: no cover


class MameyState(State):
    """A position of Mamey. Build one with `MameyGame.new_initial_state` or `from_dict`."""

    __slots__ = (
        "_cubes_hand",
        "_cubes_stock",
        "_deck",
        "_deck_size",
        "_discard",
        "_draws",
        "_field",
        "_field_down",
        "_field_up",
        "_final_turns",
        "_hand_size",
        "_hands",
        "_history",
        "_owner",
        "_phase",
        "_sold",
        "_turn_player",
        "_turns",
        "game",
    )

    game: MameyGame

    def __init__(self, game: MameyGame, *, empty: bool = False) -> None:
        self.game = game
        self._history: list[int] = []
        if empty:
            return
        players = game.num_players
        self._hands: list[list[int]] = [[0] * NUM_TYPES for _ in range(players)]
        self._hand_size: list[int] = [0] * players
        self._field_up: list[list[int]] = [[] for _ in range(FIELDS)]
        self._field_down: list[int] = [-1] * FIELDS
        self._deck: list[int] = list(game.counts)
        self._deck_size = game.deck_total
        self._discard: list[int] = []
        self._sold: list[list[int]] = [[] for _ in range(players)]
        self._cubes_hand: list[int] = [game.start_cubes] * players
        self._cubes_stock: list[int] = [CUBES_PER_PLAYER - game.start_cubes] * players
        self._owner: list[int] = [-1] * len(game.square_values)
        self._turn_player = game.first_player
        self._turns = 0
        self._field = 0
        self._final_turns: int | None = None
        order = [(game.first_player + k) % players for k in range(players)]
        self._draws: list[int] = [0, 1, 2] + [_HAND + p for p in order for _ in range(2)]
        self._phase = DRAW

    # -- reading the position ---------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """Where the game stands."""
        return self._phase

    @property
    def turn_player(self) -> int:
        return self._turn_player

    @property
    def turns(self) -> int:
        """Turns begun so far: 0 while the set-up cards are dealt, then 1 for the first turn."""
        return self._turns

    @property
    def checking(self) -> int | None:
        """While harvesting, the field (0..2) whose cards the player has taken to check."""
        return self._field if self._phase == CHECK else None

    @property
    def deck_size(self) -> int:
        return self._deck_size

    def deck(self) -> dict[int, int]:
        """The cards in the deck, by type (their order is left to chance)."""
        return {t: n for t, n in enumerate(self._deck) if n}

    def hand(self, player: int) -> list[int]:
        """A player's cards, sorted by type."""
        return [t for t, n in enumerate(self._hands[player]) for _ in range(n)]

    def hand_size(self, player: int) -> int:
        return self._hand_size[player]

    def field(self, index: int) -> tuple[list[int], int | None]:
        """A field (0..2): its face-up cards and its face-down card (None if there is none)."""
        down = self._field_down[index]
        return list(self._field_up[index]), (None if down < 0 else down)

    def discard_pile(self) -> list[int]:
        return list(self._discard)

    def sold(self, player: int) -> list[int]:
        """The cards a player has sold, face down in front of them."""
        return list(self._sold[player])

    def cubes_in_hand(self, player: int) -> int:
        return self._cubes_hand[player]

    def cubes_in_stock(self, player: int) -> int:
        return self._cubes_stock[player]

    def square_owner(self, square: int) -> int | None:
        owner = self._owner[square]
        return None if owner < 0 else owner

    def squares_of(self, player: int) -> list[int]:
        """The squares (board-wide numbers) holding a player's cubes."""
        return [s for s, p in enumerate(self._owner) if p == player]

    @property
    def end_triggered(self) -> bool:
        return self._final_turns is not None

    @property
    def final_turns(self) -> int | None:
        """After the end is triggered: turns still to play after the current one."""
        return self._final_turns

    # -- scoring ------------------------------------------------------------------------------
    def score_parts(self, player: int) -> tuple[int, int, int]:
        """MAMEY-9.2..9.4: cubes in hand, values under own cubes, Bean Bonus icons sold."""
        values = self.game.square_values
        board = sum(values[s] for s, p in enumerate(self._owner) if p == player)
        icons = sum(self.game.cards.bonus(c) for c in self._sold[player])
        return self._cubes_hand[player], board, icons

    def mamey(self, player: int) -> int:
        """MAMEY-9.1..9.4: the Mamey a player scores (cards left in hand score nothing)."""
        return sum(self.score_parts(player))

    def winners(self) -> list[int]:
        """MAMEY-9.5: most Mamey; tie -> most cards sold; still tied -> all of them."""
        players = range(self.game.num_players)
        best = max((self.mamey(p), len(self._sold[p])) for p in players)
        return [p for p in players if (self.mamey(p), len(self._sold[p])) == best]

    # -- the protocol ---------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self._phase
        if phase in (ACT, CHECK):
            return self._turn_player
        if phase == DRAW:
            return CHANCE
        return TERMINAL

    def legal_actions(self, player: int | None = None) -> list[int]:
        actor = self.current_player()
        if player is not None and player != actor:
            return []
        phase = self._phase
        if phase == ACT:
            return self._choices()
        if phase == CHECK:
            return [RECEIVE, RETURN]
        if phase == DRAW:
            return [_DRAW + t for t, n in enumerate(self._deck) if n]
        return []

    def _choices(self) -> list[int]:
        """MAMEY-3.1: harvest (MAMEY-4.1: under 7 cards), sell on a square (MAMEY-5.2), or hire."""
        p = self._turn_player
        hand = self._hands[p]
        actions = []
        if self._hand_size[p] < HAND_LIMIT:
            actions.append(HARVEST)
        actions.extend(itertools.compress(_HIRES, hand))  # MAMEY-7.1: discard any card held
        cubes = self._cubes_hand[p]
        if cubes:
            owner = self._owner
            sale_squares = self.game.sale_squares
            for sale in self.game.sales_in_hand(hand):
                if SALES[sale].jokers < cubes:  # MAMEY-6.3: one cube more per Joker
                    actions += [
                        action for square, action in sale_squares[sale] if owner[square] < 0
                    ]
            actions.sort()
        return actions

    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]:
        if self._phase != DRAW:
            return []
        size = self._deck_size
        return [(_DRAW + t, Fraction(n, size)) for t, n in enumerate(self._deck) if n]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """As `chance_outcomes_exact`, in floats, without building fractions."""
        if self._phase != DRAW:
            return []
        rows = self.game.draw_rows(self._deck_size)
        return [rows[t][n] for t, n in enumerate(self._deck) if n]

    def _action_to_string(self, action: int, player: int | None) -> str:
        game = self.game
        if action == HARVEST:
            return "harvest"
        if action in (RECEIVE, RETURN):
            verb = "receive" if action == RECEIVE else "return"
            return f"{verb} field {self._field + 1}" if self._phase == CHECK else verb
        if _HIRE <= action < _DRAW:
            return f"hire, discarding {game.cards.name(action - _HIRE)}"
        if _DRAW <= action < _SELL:
            return f"draw {game.cards.name(action - _DRAW)}"
        if _SELL <= action < game.num_distinct_actions:
            sale, index = divmod(action - _SELL, game.squares_per_cell)
            cell = game.sale_cell[sale]
            if index >= len(game.board.cells[cell].squares):
                return f"sell {game.sale_names[sale]} on square {index + 1} (no such square)"
            square = game.cell_first_square[cell] + index
            return f"sell {game.sale_names[sale]} on {game.square_name(square)}"
        return f"unknown action {action}"

    # -- validation -------------------------------------------------------------------------
    def _plainly_legal(self, action: int) -> bool:
        """Checked directly by :meth:`_reason_illegal` (the same rules as `legal_actions`,
        without listing every sale), so validation stays cheap."""
        return self._reason_illegal(action) is None

    def why_illegal(self, action: int) -> str:
        return self._reason_illegal(action) or "the action is legal"

    def _reason_illegal(self, action: int) -> str | None:
        """None for a legal action, else the rule it breaks."""
        phase = self._phase
        if phase == OVER:
            return "the game is over"
        if not 0 <= action < self.game.num_distinct_actions:
            return f"{shown(action)} is not an action of Mamey"
        if phase == DRAW:
            if _DRAW <= action < _SELL:
                if self._deck[action - _DRAW]:
                    return None
                return f"MAMEY-1.1: no {self.game.cards.name(action - _DRAW)} is left in the deck"
            return "a card is taken from the deck next (chance), not a player's decision"
        if _DRAW <= action < _SELL:
            return "no card is being taken from the deck now"
        player = self._turn_player
        who = player_label(player)
        if phase == CHECK:
            if action in (RECEIVE, RETURN):
                return None
            return f"MAMEY-4.2: {who} is checking field {self._field + 1}: receive or return it"
        if action in (RECEIVE, RETURN):
            return "MAMEY-4.2: fields are received or returned only while harvesting"
        if action == HARVEST:
            if self._hand_size[player] >= HAND_LIMIT:
                return (
                    f"MAMEY-4.1: no harvesting with {HAND_LIMIT} or more cards in hand "
                    f"({who} holds {self._hand_size[player]})"
                )
            return None
        if action < _DRAW:
            card = action - _HIRE
            if self._hands[player][card]:
                return None
            return f"MAMEY-7.1: {who} holds no {self.game.cards.name(card)} to discard"
        return self._why_sale_illegal(action)

    def _why_sale_illegal(self, action: int) -> str | None:
        game = self.game
        player = self._turn_player
        who = player_label(player)
        sale_index, index = divmod(action - _SELL, game.squares_per_cell)
        sale = SALES[sale_index]
        cell_index = game.sale_cell[sale_index]
        cell = game.board.cells[cell_index]
        if index >= len(cell.squares):
            return f"MAMEY-5.2: the cell {cell.label} has {len(cell.squares)} square(s)"
        hand = self._hands[player]
        missing = [
            game.cards.name(c) for c in sorted(set(sale.cards)) if hand[c] < sale.cards.count(c)
        ]
        if missing:
            held = ", ".join(game.cards.name(c) for c in self.hand(player)) or "no cards"
            return (
                f"MAMEY-5.1: {who} does not hold the cards to sell: {', '.join(missing)} "
                f"missing (hand: {held})"
            )
        square = game.cell_first_square[cell_index] + index
        if self._owner[square] >= 0:
            return (
                f"MAMEY-5.4: {game.square_name(square)} already holds "
                f"{player_label(self._owner[square])}'s cube"
            )
        cubes = self._cubes_hand[player]
        if sale.jokers + 1 > cubes:
            if sale.jokers:
                return (
                    f"MAMEY-6.3: each Joker costs one more cube from hand: this sale needs "
                    f"{sale.jokers + 1} cubes ({sale.jokers} Joker(s) + 1 for the board), "
                    f"{who} has {cubes} in hand"
                )
            return f"MAMEY-5.3: {who} has no Merchant cube in hand to place"
        return None

    def sale_action(self, row: str, cards: Sequence[str], value: int) -> int:
        """The action selling `cards` as a set of `row` onto a square showing `value`.

        The first free square with that value is chosen. A set the rules do not allow, or a
        value that its cell does not show, raises IllegalActionError naming the rule.
        """
        game = self.game
        who = self.current_player()
        description = f"sell {', '.join(cards)} as {row} on the {value}"
        try:
            types = [game.card(name) for name in cards]
            sale = game.find_sale(row, types)
        except (ValueError, InvalidStateError) as error:
            raise IllegalActionError(
                str(error), action=description, player=who, legal=self.legal_action_strings()
            ) from None
        cell_index = game.sale_cell[sale]
        cell = game.board.cells[cell_index]
        first = game.cell_first_square[cell_index]
        options = [i for i, v in enumerate(cell.squares) if v == value]
        if not options:
            shown = " and ".join(map(str, cell.squares))
            raise IllegalActionError(
                f"MAMEY-5.2: the cell {cell.label} has the squares {shown}, no {value}",
                action=description, player=who, legal=self.legal_action_strings(),
            )  # fmt: skip
        free = [i for i in options if self._owner[first + i] < 0]
        return game.sale_action(sale, (free or options)[0])

    # -- playing --------------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        phase = self._phase
        if phase == DRAW:
            self._take_from_deck(action - _DRAW)
        elif phase == CHECK:
            if action == RECEIVE:
                self._receive()
            else:
                self._return()
        elif action == HARVEST:
            self._phase = CHECK
            self._field = 0
        elif action < _DRAW:
            self._hire(action - _HIRE)
        else:
            sale, index = divmod(action - _SELL, self.game.squares_per_cell)
            self._sell(sale, index)

    def _take_from_deck(self, card: int) -> None:
        """MAMEY-2.2, MAMEY-4.4, MAMEY-4.5: the top card of the deck goes where it is due."""
        self._deck[card] -= 1
        self._deck_size -= 1
        target = self._draws.pop(0)
        if target < _HAND:
            self._field_down[target] = card
            if self._turns and self._deck_size == 0:
                self._trigger_end()  # MAMEY-8.1: the deck runs out while replenishing
        else:
            player = target - _HAND
            self._hands[player][card] += 1
            self._hand_size[player] += 1
        self._continue_draws()

    def _continue_draws(self) -> None:
        """Draw while cards are due; once the deck is empty, due cards are not drawn.

        MAMEY-4.6: an empty deck leaves fields vacant. MAMEY-8.1: a field that cannot be
        replenished triggers the end (MAMEY-R5).
        """
        while self._draws:
            if self._deck_size:
                self._phase = DRAW
                return
            target = self._draws.pop(0)
            if target < _HAND and self._turns:
                self._trigger_end()
        if self._turns == 0:
            self._turns = 1  # MAMEY-2.6, MAMEY-3.1: the start player's first turn
            self._phase = ACT
        else:
            self._end_turn()

    def _receive(self) -> None:
        """MAMEY-4.2, MAMEY-4.3, MAMEY-4.5: take every card of the field; replenish fields 1..f."""
        f = self._field
        player = self._turn_player
        cards = self._field_up[f]
        if self._field_down[f] >= 0:
            cards.append(self._field_down[f])
        for card in cards:
            self._hands[player][card] += 1
        self._hand_size[player] += len(cards)
        self._field_up[f] = []
        self._field_down[f] = -1
        self._draws = list(range(f + 1))
        self._continue_draws()

    def _return(self) -> None:
        """MAMEY-4.2, MAMEY-4.4: the field's cards go back face up; check the next field, or
        after the third, draw one card from the deck and replenish all three fields."""
        f = self._field
        if self._field_down[f] >= 0:
            self._field_up[f].append(self._field_down[f])
            self._field_down[f] = -1
        if f + 1 < FIELDS:
            self._field = f + 1
            return
        self._draws = [_HAND + self._turn_player, 0, 1, 2]
        self._continue_draws()

    def _sell(self, sale_index: int, index: int) -> None:
        """MAMEY-5.3..5.6, MAMEY-6.3: cards face down to the seller, a cube on the square,
        one cube from hand to stock per Joker."""
        game = self.game
        player = self._turn_player
        sale = SALES[sale_index]
        hand = self._hands[player]
        for card in sale.cards:
            hand[card] -= 1
        self._hand_size[player] -= sale.size
        self._sold[player].extend(sale.cards)
        self._owner[game.cell_first_square[game.sale_cell[sale_index]] + index] = player
        self._cubes_hand[player] -= 1 + sale.jokers
        self._cubes_stock[player] += sale.jokers
        self._end_turn()

    def _hire(self, card: int) -> None:
        """MAMEY-7.1, MAMEY-7.2: discard one card face up; a cube from stock if one is left."""
        player = self._turn_player
        self._hands[player][card] -= 1
        self._hand_size[player] -= 1
        self._discard.append(card)
        if self._cubes_stock[player]:
            self._cubes_stock[player] -= 1
            self._cubes_hand[player] += 1
        self._end_turn()

    def _trigger_end(self) -> None:
        """MAMEY-8.1: after this turn, every player (this one included) plays one more turn."""
        if self._final_turns is None:
            self._final_turns = self.game.num_players

    def _end_turn(self) -> None:
        """MAMEY-3.1, MAMEY-8.1: the next player clockwise, or the end after the last turn."""
        if self._final_turns is not None:
            if self._final_turns == 0:
                self._phase = OVER
                return
            self._final_turns -= 1
        self._turn_player = (self._turn_player + 1) % self.game.num_players
        self._turns += 1
        self._phase = ACT

    def returns(self) -> list[float]:
        if self._phase != OVER:
            return [0.0] * self.game.num_players
        winners = self.winners()
        return [1.0 if p in winners else 0.0 for p in range(self.game.num_players)]

    # -- copies and serialisation ---------------------------------------------------------------
    def clone(self) -> MameyState:
        other = MameyState(self.game, empty=True)
        other._history = self._history[:]
        other._hands = [h[:] for h in self._hands]
        other._hand_size = self._hand_size[:]
        other._field_up = [f[:] for f in self._field_up]
        other._field_down = self._field_down[:]
        other._deck = self._deck[:]
        other._deck_size = self._deck_size
        other._discard = self._discard[:]
        other._sold = [s[:] for s in self._sold]
        other._cubes_hand = self._cubes_hand[:]
        other._cubes_stock = self._cubes_stock[:]
        other._owner = self._owner[:]
        other._turn_player = self._turn_player
        other._turns = self._turns
        other._field = self._field
        other._final_turns = self._final_turns
        other._draws = self._draws[:]
        other._phase = self._phase
        return other

    def _names(self, cards: Sequence[int]) -> list[str]:
        return [self.game.cards.name(c) for c in cards]

    def to_dict(self) -> dict[str, Any]:
        game = self.game
        board = []
        for square, player in enumerate(self._owner):
            if player >= 0:
                cell = game.board.cells[game.square_cell[square]]
                index = square - game.cell_first_square[game.square_cell[square]]
                board.append(
                    {"row": cell.row, "cards": cell.cards, "square": index + 1, "player": player}
                )
        return {
            "game": "mamey",
            **game.parameters(),
            "hands": [self._names(self.hand(p)) for p in range(game.num_players)],
            "fields": [
                {
                    "face_up": self._names(self._field_up[f]),
                    "face_down": None
                    if self._field_down[f] < 0
                    else game.cards.name(self._field_down[f]),
                }
                for f in range(FIELDS)
            ],
            "deck": self._names([t for t, n in enumerate(self._deck) for _ in range(n)]),
            "discard": self._names(self._discard),
            "sold": [self._names(s) for s in self._sold],
            "cubes_in_hand": self._cubes_hand[:],
            "cubes_in_stock": self._cubes_stock[:],
            "board": board,
            "turn_player": self._turn_player,
            "turns": self._turns,
            "phase": self._phase.value,
            "field": self._field + 1 if self._phase == CHECK else None,
            "draws": [
                f"field {t + 1}" if t < _HAND else f"player {t - _HAND}" for t in self._draws
            ],
            "final_turns": self._final_turns,
            "history": self._history[:],
        }

    @classmethod
    def from_dict(cls, game: MameyGame, data: Mapping[str, Any]) -> MameyState:
        """A validated state; see :func:`engine.mamey.state_io.read_state` for the checks."""
        return read_state(game, data, cls(game, empty=True))

    # -- what a player sees -------------------------------------------------------------------
    def view(self, player: int) -> dict[str, Any]:
        """What `player` may know now (MAMEY-R8), as data; `observation_string` prints it.

        Public: hand sizes, face-up field cards, the discard pile, cubes everywhere, the
        number of cards in the deck and in each sold pile. Private: the player's own hand,
        and the cards of the field they are checking. Hidden from everyone until the scoring:
        other hands, face-down field cards, sold cards (even from their seller) and the deck.
        """
        game = self.game
        self.check_player(player)
        over = self._phase == OVER
        checking = self._phase == CHECK and player == self._turn_player
        fields = []
        for f in range(FIELDS):
            down = self._field_down[f]
            seen = checking and f == self._field and down >= 0
            fields.append(
                {
                    "face_up": self._names(self._field_up[f]),
                    "face_down": 0 if down < 0 else 1,
                    "seen": game.cards.name(down) if seen else None,
                }
            )
        players = range(game.num_players)
        return {
            "player": player,
            "hand": self._names(self.hand(player)),
            "hand_sizes": self._hand_size[:],
            "fields": fields,
            "deck": self._deck_size,
            "discard": self._names(self._discard),
            "sold": [self._names(self._sold[p]) if over else None for p in players],
            "sold_counts": [len(s) for s in self._sold],
            "cubes_in_hand": self._cubes_hand[:],
            "cubes_in_stock": self._cubes_stock[:],
            "board": [
                (game.square_name(s), self._owner[s])
                for s in range(len(self._owner))
                if self._owner[s] >= 0
            ],
            "scores": [self.mamey(p) for p in players] if over else None,
            "turn_player": self._turn_player,
            "phase": self._phase.value,
            "checking": self._field + 1 if self._phase == CHECK else None,
            "final_turns": self._final_turns,
        }

    def observation_string(self, player: int) -> str:
        """What `player` sees, as text (see :meth:`view` for what is hidden)."""
        view = self.view(player)
        lines = [f"you are player {player}; deck: {view['deck']} cards"]
        for f, field in enumerate(view["fields"]):
            parts = []
            if field["face_up"]:
                parts.append("face up " + ", ".join(field["face_up"]))
            if field["seen"]:
                parts.append(f"face down {field['seen']} (you are checking it)")
            elif field["face_down"]:
                parts.append("1 face-down card")
            lines.append(f"field {f + 1}: " + ("; ".join(parts) or "vacant"))
        lines.append("discard pile: " + (", ".join(view["discard"]) or "empty"))
        board = ", ".join(f"{name}: player {p}" for name, p in view["board"])
        lines.append("Store board cubes: " + (board or "none"))
        for p in range(self.game.num_players):
            cards = (
                ", ".join(view["hand"]) or "no cards"
                if p == player
                else f"{view['hand_sizes'][p]} cards"
            )
            sold = view["sold"][p]
            sold_text = (
                ", ".join(sold) or "none"
                if sold is not None
                else f"{view['sold_counts'][p]} cards face down"
            )
            lines.append(
                f"player {p}: hand {cards}; cubes {view['cubes_in_hand'][p]} in hand, "
                f"{view['cubes_in_stock'][p]} in stock; sold {sold_text}"
            )
        if view["scores"] is not None:
            scores = ", ".join(f"player {p} {s}" for p, s in enumerate(view["scores"]))
            winners = ", ".join(f"player {p}" for p in self.winners())
            lines.append(f"game over; Mamey: {scores}; winners: {winners}")
        else:
            doing = {DRAW: "cards are being drawn", ACT: "to choose an action"}.get(
                self._phase, f"checking field {view['checking']}"
            )
            last = (
                "" if view["final_turns"] is None else f"; {view['final_turns']} turns after this"
            )
            lines.append(f"turn of player {view['turn_player']}: {doing}{last}")
        return "\n".join(lines)

    def __str__(self) -> str:
        """The whole position, hidden cards included (for debugging, not for players)."""
        data = self.to_dict()
        lines = [f"deck ({self._deck_size}): " + ", ".join(data["deck"])]
        for f, field in enumerate(data["fields"]):
            lines.append(f"field {f + 1}: up {field['face_up']} down {field['face_down']}")
        for p in range(self.game.num_players):
            lines.append(
                f"player {p}: hand {data['hands'][p]} sold {data['sold'][p]} cubes "
                f"{self._cubes_hand[p]}/{self._cubes_stock[p]} Mamey {self.mamey(p)}"
            )
        if self._phase == OVER:
            lines.append("game over; winners: " + ", ".join(f"player {p}" for p in self.winners()))
        else:
            lines.append(f"turn of player {self._turn_player}; phase {self._phase}")
        return "\n".join(lines)
