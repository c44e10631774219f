"""Reading a Mamey state from a dictionary (the inverse of `MameyState.to_dict`), with checks.

Scenarios set up positions this way ("Ana holds red 2 and red 3; field 1 holds blue 4 face
down"), so every check names what is wrong in the words of the game. Nothing is built until
every check has passed.

Conveniences for hand-written positions: without "deck", the deck holds every card not placed
elsewhere; without "cubes_in_stock", a player's stock holds whatever of their 7 cubes is not in
hand or on the board; without "cubes_in_hand", the hand holds the set-up number of cubes less
those on the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core import InvalidStateError, shown
from ..validation import MAX_COUNT, StateChecks
from .components import ROWS
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

if TYPE_CHECKING:  # annotations only: the rules import this reader, never the reverse
    from .game import MameyGame, MameyState

KNOWN = {
    "game", "players", "first_player", "hands", "fields", "deck", "discard", "sold",
    "cubes_in_hand", "cubes_in_stock", "board", "turn_player", "turns", "phase", "field",
    "draws", "final_turns", "history",
}  # fmt: skip
_HAND_TARGET = FIELDS


_checks = StateChecks("mamey", "Mamey")
_fail = _checks.fail
_int = _checks.whole_number
_list = _checks.list_of


def _per_player(game: MameyGame, value: Any, what: str) -> list[Any]:
    items = _list(value, what)
    if len(items) != game.num_players:
        raise _fail(f"{what} must have one entry for each of the {game.num_players} players")
    return items


class _Cards:
    """Card names read from the dictionary, and where each card was found."""

    def __init__(self, game: MameyGame) -> None:
        self.game = game
        self.placed = [0] * NUM_TYPES
        self.places: list[list[str]] = [[] for _ in range(NUM_TYPES)]

    def read(self, value: Any, where: str) -> list[int]:
        cards = []
        for name in _list(value, where):
            if not isinstance(name, str):
                raise _fail(f"a card in {where} must be a name like 'red 3', got {shown(name)}")
            try:
                card = self.game.card(name)
            except InvalidStateError as error:
                raise _fail(f"{where}: {error}") from None
            self.placed[card] += 1
            self.places[card].append(where)
            cards.append(card)
        return cards

    def check_not_twice(self) -> None:
        """MAMEY-1.1, MAMEY-2.1: no card is in more places than the game has copies."""
        counts = self.game.counts
        for card, placed in enumerate(self.placed):
            if placed > counts[card]:
                name = self.game.cards.name(card)
                found = ", ".join(sorted(set(self.places[card])))
                raise _fail(
                    f"card count does not add up: {name} appears {placed} times ({found}) but "
                    f"the {self.game.num_players}-player game has {counts[card]}"
                )

    def check_none_missing(self) -> None:
        """Every card of the game is somewhere: hands, fields, deck, discard or sold."""
        counts = self.game.counts
        missing = [
            f"{counts[c] - n} x {self.game.cards.name(c)}"
            for c, n in enumerate(self.placed)
            if n < counts[c]
        ]
        if missing:
            raise _fail(
                f"card count does not add up: cards missing from hands, fields, deck, discard "
                f"and sold piles: {', '.join(missing)}"
            )


def _read_fields(data: Mapping[str, Any], cards: _Cards) -> tuple[list[list[int]], list[int]]:
    raw = _list(data.get("fields", [{} for _ in range(FIELDS)]), "fields")
    if len(raw) != FIELDS:
        raise _fail(f"fields must list the {FIELDS} fields, got {len(raw)}")
    up: list[list[int]] = []
    down: list[int] = []
    for f, field in enumerate(raw):
        where = f"field {f + 1}"
        if not isinstance(field, Mapping) or set(field) - {"face_up", "face_down"}:
            raise _fail(f"{where} must be {{'face_up': [...], 'face_down': card or null}}")
        up.append(cards.read(field.get("face_up", []), f"{where} (face up)"))
        face_down = field.get("face_down")
        down.append(-1 if face_down is None else cards.read([face_down], f"{where} (face down)")[0])
    return up, down


def _read_board(game: MameyGame, data: Mapping[str, Any]) -> list[int]:
    """Cubes on the Store board: each on a square of a real cell, one cube per square."""
    owner = [-1] * len(game.square_values)
    for entry in _list(data.get("board", []), "board"):
        if not isinstance(entry, Mapping) or set(entry) != {"row", "cards", "square", "player"}:
            raise _fail(f"a board entry needs row, cards, square and player, got {shown(entry)}")
        row = entry["row"]
        if row not in ROWS:
            raise _fail(f"no Store row called {shown(row)}; rows: {', '.join(ROWS)}")
        try:
            cell_index = next(
                i
                for i, c in enumerate(game.board.cells)
                if c.row == row and c.cards == entry["cards"]
            )
        except StopIteration:
            raise _fail(
                f"the Store board has no cell {row} / {shown(entry['cards'])} cards"
            ) from None
        cell = game.board.cells[cell_index]
        index = _int(entry["square"], f"the square of {cell.label}", 1, len(cell.squares))
        player = _int(entry["player"], "a cube's player", 0, game.num_players - 1)
        square = game.cell_first_square[cell_index] + index - 1
        if owner[square] >= 0:
            raise _fail(f"MAMEY-5.4: {game.square_name(square)} holds two cubes")
        owner[square] = player
    return owner


def _read_cubes(
    game: MameyGame, data: Mapping[str, Any], owner: list[int]
) -> tuple[list[int], list[int]]:
    """MAMEY-2.4: each player's 7 cubes are in hand, in stock or on the board."""
    on_board = [owner.count(p) for p in range(game.num_players)]
    if "cubes_in_hand" in data:
        hand = [
            _int(n, f"player {p}'s cubes in hand", 0, CUBES_PER_PLAYER)
            for p, n in enumerate(_per_player(game, data["cubes_in_hand"], "cubes_in_hand"))
        ]
    else:
        hand = [max(game.start_cubes - n, 0) for n in on_board]
    if "cubes_in_stock" in data:
        stock = [
            _int(n, f"player {p}'s cubes in stock", 0, CUBES_PER_PLAYER)
            for p, n in enumerate(_per_player(game, data["cubes_in_stock"], "cubes_in_stock"))
        ]
    else:
        stock = [CUBES_PER_PLAYER - h - b for h, b in zip(hand, on_board, strict=True)]
    for p in range(game.num_players):
        if hand[p] + stock[p] + on_board[p] != CUBES_PER_PLAYER:
            raise _fail(
                f"cube count does not add up: player {p} has {hand[p]} cubes in hand, "
                f"{stock[p]} in stock and {on_board[p]} on the board, but each player has "
                f"{CUBES_PER_PLAYER}"
            )
    return hand, stock


def _read_draws(game: MameyGame, data: Mapping[str, Any]) -> list[int]:
    draws = []
    for target in _list(data.get("draws", []), "draws"):
        if isinstance(target, str) and target.startswith("field "):
            draws.append(_int(int(target[6:]) if target[6:].isdigit() else -1,
                              "a field to draw for", 1, FIELDS) - 1)  # fmt: skip
        elif isinstance(target, str) and target.startswith("player "):
            player = int(target[7:]) if target[7:].isdigit() else -1
            draws.append(
                _HAND_TARGET + _int(player, "a player to draw for", 0, game.num_players - 1)
            )
        else:
            raise _fail(f"a draw goes to 'field N' or 'player N', not {shown(target)}")
    return draws


def _check_draws_land(draws: list[int], down: list[int]) -> None:
    """MAMEY-2.2, MAMEY-4.4, MAMEY-4.5: a card drawn for a field lands face down on it, so a
    field is due at most one card, and only while it has no face-down card (else one card
    would cover, and lose, the other)."""
    fields = [target for target in draws if target < _HAND_TARGET]
    for field in fields:
        if fields.count(field) > 1:
            raise _fail(f"draws names field {field + 1} twice: a field is due one card")
        if down[field] >= 0:
            raise _fail(
                f"draws names field {field + 1}, which already has a face-down card: "
                f"a field is replenished only once its face-down card has left it"
            )


def _draw_names(draws: list[int]) -> str:
    """Draw targets as `to_dict` writes them: 'field 1', 'player 0'."""
    names = [f"field {t + 1}" if t < _HAND_TARGET else f"player {t - _HAND_TARGET}" for t in draws]
    return ", ".join(names) or "nothing"


def _check_draws_made_by_play(
    game: MameyGame, draws: list[int], turns: int, turn_player: int, deck_size: int
) -> None:
    """The cards due from the deck are a list that play makes, and the set-up deck holds
    them all.

    MAMEY-2.2: during the set-up (turns 0) the deal is the three fields, then two cards to
    each player from the start player clockwise; what is due is the rest of that deal, and
    the deck holds enough for it (the game's deck always does). During play, only a harvest
    draws: receiving field f replenishes fields 1 to f (MAMEY-4.3, MAMEY-4.5), and
    returning all three gives the player one card, then replenishes fields 1 to 3
    (MAMEY-4.4); what is due is the rest of one of those lists.
    """
    if not draws:
        return
    if turns == 0:
        players = game.num_players
        order = [(game.first_player + k) % players for k in range(players)]
        deal = [*range(FIELDS), *(_HAND_TARGET + p for p in order for _ in range(2))]
        if len(draws) > len(deal) or draws != deal[len(deal) - len(draws) :]:
            raise _fail(
                f"MAMEY-2.2: during the set-up the cards due are the rest of the deal "
                f"({_draw_names(deal)}), not {_draw_names(draws)}"
            )
        if deck_size < len(draws):
            raise _fail(
                f"MAMEY-2.2: the set-up still deals {len(draws)} cards but the deck holds "
                f"{deck_size}: the deck is too small for the set-up"
            )
        return
    first = draws[0]
    replenish = draws == list(range(first, first + len(draws))) and draws[-1] < FIELDS
    after_return = [_HAND_TARGET + turn_player, *range(FIELDS)]
    if not replenish and draws != after_return:
        raise _fail(
            f"MAMEY-4.3..4.5: during play the cards due are fields in order up to the field "
            f"received, or a card to player {turn_player} (whose turn it is) then fields 1 to "
            f"3; no harvest leaves {_draw_names(draws)} due"
        )


def _read_turn(
    game: MameyGame,
    data: Mapping[str, Any],
    deck_size: int,
    fields: tuple[list[list[int]], list[int]],
    hand_sizes: list[int],
) -> dict[str, Any]:
    """Whose turn, which phase, what is due from the deck and how many turns are left."""
    players = game.num_players
    turn_player = _int(data.get("turn_player", game.first_player), "turn_player", 0, players - 1)
    phase = _checks.member(data.get("phase", ACT), "phase", Phase)
    draws = _read_draws(game, data)
    turns = _int(data.get("turns", 1), "turns", 0, MAX_COUNT)
    if turns == 0 and phase != DRAW:
        raise _fail("turns is 0 only while the set-up cards are dealt (phase 'draw')")
    if phase == DRAW and not (draws and deck_size):
        raise _fail("phase 'draw' needs cards due ('draws') and a deck to take them from")
    if phase != DRAW and draws:
        raise _fail(f"cards are due from the deck only in phase 'draw', not '{phase}'")
    final = data.get("final_turns")
    if final is not None:
        final = _int(final, "final_turns", 0, players)
    if phase == OVER and final != 0:
        raise _fail("the game is over only after the last of the final turns (final_turns 0)")
    if deck_size == 0 and final is None and turns and phase != DRAW:
        raise _fail(
            "MAMEY-8.1: the deck is empty, so the end has been triggered: final_turns must say "
            "how many turns are left after this one"
        )
    up, down = fields
    _check_draws_land(draws, down)
    _check_draws_made_by_play(game, draws, turns, turn_player, deck_size)
    if phase in (ACT, CHECK) and deck_size:
        for f in range(FIELDS):
            if not up[f] and down[f] < 0:
                raise _fail(
                    f"MAMEY-4.5: field {f + 1} is vacant but the deck still holds {deck_size} "
                    f"cards: fields are replenished while the deck lasts"
                )
    field = data.get("field")
    if phase == CHECK:
        field = _int(field, "field (the field being checked)", 1, FIELDS) - 1
        for earlier in range(field):
            if down[earlier] >= 0:
                raise _fail(
                    f"MAMEY-4.2: field {earlier + 1} was returned face up before field "
                    f"{field + 1} is checked, so it has no face-down card"
                )
        if hand_sizes[turn_player] >= HAND_LIMIT:
            raise _fail(
                f"MAMEY-4.1: player {turn_player} holds {hand_sizes[turn_player]} cards and "
                f"cannot be harvesting"
            )
    elif field is not None:
        raise _fail("field names the field being checked, only in phase 'check'")
    return {
        "turn_player": turn_player, "phase": phase, "draws": draws, "turns": turns,
        "final_turns": final, "field": field or 0,
    }  # fmt: skip


def read_state(game: MameyGame, data: Mapping[str, Any], state: MameyState) -> MameyState:
    """Fill `state`, an empty state of `game`, from `data` once every check of it against the
    rules has passed (a description that fails one leaves `state` as it was)."""
    data = _checks.description(data, KNOWN, game.parameters())
    cards = _Cards(game)
    players = game.num_players
    hands_raw = _per_player(game, data.get("hands", [[] for _ in range(players)]), "hands")
    hand_lists = [cards.read(h, f"player {p}'s hand") for p, h in enumerate(hands_raw)]
    fields = _read_fields(data, cards)
    discard = cards.read(data.get("discard", []), "the discard pile")
    sold_raw = _per_player(game, data.get("sold", [[] for _ in range(players)]), "sold")
    sold = [cards.read(s, f"player {p}'s sold cards") for p, s in enumerate(sold_raw)]
    cards.check_not_twice()
    if "deck" in data:
        deck_list = cards.read(data["deck"], "the deck")
        cards.check_not_twice()
        cards.check_none_missing()
        deck = [0] * NUM_TYPES
        for card in deck_list:
            deck[card] += 1
    else:
        deck = [n - p for n, p in zip(game.counts, cards.placed, strict=True)]
    owner = _read_board(game, data)
    cubes_hand, cubes_stock = _read_cubes(game, data, owner)
    hands = [[0] * NUM_TYPES for _ in range(players)]
    for p, listed in enumerate(hand_lists):
        for card in listed:
            hands[p][card] += 1
    hand_sizes = [len(h) for h in hand_lists]
    turn = _read_turn(game, data, sum(deck), fields, hand_sizes)
    history = _checks.history(data, game.num_distinct_actions)

    state._hands = hands
    state._hand_size = hand_sizes
    state._field_up, state._field_down = fields
    state._deck = deck
    state._deck_size = sum(deck)
    state._discard = discard
    state._sold = sold
    state._cubes_hand = cubes_hand
    state._cubes_stock = cubes_stock
    state._owner = owner
    state._turn_player = turn["turn_player"]
    state._turns = turn["turns"]
    state._phase = turn["phase"]
    state._field = turn["field"]
    state._draws = turn["draws"]
    state._final_turns = turn["final_turns"]
    state._history = history
    return state
