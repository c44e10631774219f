"""Step definitions for features/mamey: thin wrappers over the engine and the notation.

A scenario first describes a position (Given steps fill `MameyTable.setup`, which becomes a
state through the engine's validated `from_dict` the first time the state is needed), then
plays it (cards from the deck are forced through the scripted driver, decisions are applied
as the player whose turn it is), then checks it (Then steps read the state, or a player's
view of it for hidden information).

Defaults for what a scenario does not describe: a field it does not mention holds one
face-down card (the first card, in colour and rank order, that the scenario has not placed);
the deck holds every other card unless the scenario lists it, in which case the cards left
over lie in the discard pile. The Store board and the sprout flags are the shipped ones
unless the scenario sets them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

import engine
from engine.mamey import (
    HARVEST,
    RECEIVE,
    RETURN,
    MameyGame,
    MameyState,
    hire_action,
    load_bean_cards,
    load_store_board,
)
from engine.mamey.svg import facts, to_svg
from rulebooks.steps import notation as shared
from rulebooks.steps.common import *  # noqa: F403  (the steps every game shares)
from rulebooks.steps.table import GameTable
from tests.scenarios.mamey import notation


class MameyTable(GameTable[MameyGame, MameyState]):
    """One scenario's game of Mamey (see `GameTable`)."""

    game_type = MameyGame
    state_type = MameyState

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[int, dict[str, Any]] = {}
        self.deck_only: list[str] | None = None
        self.cubes: list[tuple[str, int, str, int]] = []  # who, value, row, size
        self.store_cells: list[tuple[str, int, list[int]]] = []
        self.sprouts: list[str] | None = None

    # -- the game and its state -------------------------------------------------------------
    def game_parameters(self) -> dict[str, Any]:
        """The shipped cards and Store board, with the scenario's changes."""
        store = load_store_board()
        side = store.side_for(self.params["players"]).name
        for row, size, squares in self.store_cells:
            store = store.with_cell(side, row, size, squares)
        cards = load_bean_cards()
        if self.sprouts is not None:
            cards = cards.with_sprouts(self.sprouts)
        return {**self.params, "cards": cards, "store": store}

    def position(self, game: MameyGame) -> dict[str, Any]:
        data = dict(self.setup)
        players = game.num_players
        placed: Counter[str] = Counter()
        for key in ("hands", "sold"):
            for cards in data.get(key, []):
                placed.update(cards)
        placed.update(data.get("discard", []))
        placed.update(self.deck_only or [])
        for spec in self.fields.values():
            placed.update(spec["face_up"])
            if spec["face_down"] is not None:
                placed[spec["face_down"]] += 1
        left = Counter(
            {game.cards.name(t): n for t, n in enumerate(game.counts) if n}
        ) - placed  # fmt: skip
        fields = []
        for f in range(3):
            given = self.fields.get(f)
            if given is not None:
                spec = given
            else:
                spare = next(iter(left))
                left[spare] -= 1
                left += Counter()  # drop zero counts
                spec = {"face_up": [], "face_down": spare}
            fields.append(spec)
        data["fields"] = fields
        if self.deck_only is not None:
            data["deck"] = list(self.deck_only)
            data["discard"] = data.get("discard", []) + sorted(left.elements())
        data.setdefault("hands", [[] for _ in range(players)])
        board: list[dict[str, Any]] = []
        for who, value, row, size in self.cubes:
            cell = game.board.cell(row, size)
            taken = {(b["row"], b["cards"], b["square"]) for b in board}
            index = next(
                i + 1
                for i, v in enumerate(cell.squares)
                if v == value and (row, size, i + 1) not in taken
            )
            board.append({"row": row, "cards": size, "square": index, "player": self.player(who)})
        if board:
            data["board"] = board
        return data

    def per_player(self, key: str) -> list[Any]:
        players = self.params["players"]
        return self.describe().setdefault(key, [[] for _ in range(players)])  # type: ignore[no-any-return]

    # -- pictures for the site (the recorder's world protocol) -----------------------------
    def picture(self, state: MameyState) -> dict[str, str]:
        """What the site shows of a state: the public view (hands, face-down and sold cards
        as counts), in words and as SVG; the players are named as the scenario names them."""
        names = sorted(self.names, key=self.names.__getitem__) if self.names else None
        text = "\n".join(facts(state, names))
        return {"text": text, "svg": to_svg(state, names=names)}

    # -- reading the notation ---------------------------------------------------------------
    def card_types(self, names: list[str]) -> list[int]:
        return sorted(self.game.card(n) for n in names)

    def names_of(self, cards: list[int]) -> list[str]:
        return [self.game.cards.name(c) for c in sorted(cards)]

    # -- playing ------------------------------------------------------------------------------
    def draw(self, *cards: str) -> None:
        """Force the next cards from the deck; each must be used at once."""
        self.chance(*(f"draw {c}" for c in cards))

    def sale_squares(self, who: str, cards: list[str], kind: str) -> list[int]:
        """The values of the squares `who` may sell these cards onto now, as legal actions."""
        state = self.state
        assert state.current_player() == self.player(who), f"it is not {who}'s turn"
        sale = self.game.find_sale(kind, self.card_types(cards))
        per_cell = self.game.squares_per_cell
        cell_index = self.game.sale_cell[sale]
        first = self.game.cell_first_square[cell_index]
        values = []
        for action in state.legal_actions():
            index = action - self.game.sale_action(sale, 0)
            if 0 <= index < per_cell:
                values.append(self.game.square_values[first + index])
        return values


@pytest.fixture
def mamey() -> MameyTable:
    return MameyTable()


@pytest.fixture
def table(mamey: MameyTable) -> MameyTable:
    """The same table, for the steps every game shares (`rulebooks.steps.common`)."""
    return mamey


# -- Given: the game --------------------------------------------------------------------------
@given(parsers.parse("a {n:d}-player game of Mamey"))
def given_game(mamey: MameyTable, n: int) -> None:
    mamey.declare(n)


@given(parsers.parse("a {n:d}-player game of Mamey where the sprout icon is on {cards}"))
def given_sprouts(mamey: MameyTable, n: int, cards: str) -> None:
    mamey.declare(n)
    mamey.sprouts = notation.cards(cards)


@given(parsers.parse("the players are {names}"))
def given_names(mamey: MameyTable, names: str) -> None:
    mamey.name_players(names)


@given(parsers.parse("{who} is the start player"))
def given_start_player(mamey: MameyTable, who: str) -> None:
    mamey.params["first_player"] = mamey.player(who)


@given(parsers.parse('the Store cell "{cell}" holds the squares {values}'))
def given_store_cell(mamey: MameyTable, cell: str, values: str) -> None:
    assert mamey._game is None, "set the Store board before anything reads the game"
    row, size = notation.cell(cell)
    mamey.store_cells.append((row, size, notation.values(values)))


# -- Given: the position -----------------------------------------------------------------------
@given(parsers.parse("{who} holds {cards} in hand"))
def given_hand(mamey: MameyTable, who: str, cards: str) -> None:
    mamey.per_player("hands")[mamey.player(who)] = notation.cards(cards)


@given(parsers.parse("{who} has sold {cards}"))
def given_sold(mamey: MameyTable, who: str, cards: str) -> None:
    mamey.per_player("sold")[mamey.player(who)] = notation.cards(cards)


@given(parsers.parse("field {f:d} holds {content}"))
def given_field(mamey: MameyTable, f: int, content: str) -> None:
    mamey.describe()
    up, down = notation.field_content(content)
    mamey.fields[f - 1] = {"face_up": up, "face_down": down}


@given(parsers.parse("field {f:d} is vacant"))
def given_field_vacant(mamey: MameyTable, f: int) -> None:
    mamey.describe()
    mamey.fields[f - 1] = {"face_up": [], "face_down": None}


@given(parsers.parse("the deck holds only {cards}, every other card being in the discard pile"))
def given_deck(mamey: MameyTable, cards: str) -> None:
    mamey.describe()
    mamey.deck_only = notation.cards(cards)


@given("the deck is empty, every other card being in the discard pile")
def given_deck_empty(mamey: MameyTable) -> None:
    mamey.describe()
    mamey.deck_only = []


@given(parsers.parse("the discard pile holds {cards}"))
def given_discard(mamey: MameyTable, cards: str) -> None:
    mamey.describe()["discard"] = notation.cards(cards)


@given(parsers.parse("{who} has {hand:d} Merchant cubes in hand and {stock:d} in stock"))
@given(parsers.parse("{who} has {hand:d} Merchant cube in hand and {stock:d} in stock"))
def given_cubes(mamey: MameyTable, who: str, hand: int, stock: int) -> None:
    players = mamey.params["players"]
    setup = mamey.describe()
    p = mamey.player(who)
    setup.setdefault("cubes_in_hand", [None] * players)[p] = hand
    setup.setdefault("cubes_in_stock", [None] * players)[p] = stock
    _fill_default_cubes(mamey)


def _fill_default_cubes(mamey: MameyTable) -> None:
    """Players the scenario does not mention keep their set-up cubes (less any on the board)."""
    setup = mamey.setup
    game_cubes = 4 if mamey.params["players"] == 4 else 5
    for p in range(mamey.params["players"]):
        if setup["cubes_in_hand"][p] is None:
            on_board = sum(1 for who, *_ in mamey.cubes if mamey.player(who) == p)
            setup["cubes_in_hand"][p] = max(game_cubes - on_board, 0)
            setup["cubes_in_stock"][p] = 7 - setup["cubes_in_hand"][p] - on_board


@given(parsers.parse('{who}\'s cube is on the {value:d} of "{cell}"'))
def given_cube(mamey: MameyTable, who: str, value: int, cell: str) -> None:
    assert "cubes_in_hand" not in mamey.describe(), "place cubes on the board before cube counts"
    row, size = notation.cell(cell)
    mamey.cubes.append((who, value, row, size))


@given(parsers.parse("it is {who}'s turn"))
def given_turn(mamey: MameyTable, who: str) -> None:
    mamey.describe()["turn_player"] = mamey.player(who)


@given(parsers.parse("the end has been triggered and {n:d} more turns follow this one"))
def given_final_turns(mamey: MameyTable, n: int) -> None:
    mamey.describe()["final_turns"] = n


# -- When: playing -------------------------------------------------------------------------------
@when(parsers.parse("the cards dealt are {cards}"))
def deal(mamey: MameyTable, cards: str) -> None:
    mamey.draw(*notation.cards(cards))


@when(parsers.parse("the next card from the deck is {cards}"))
@when(parsers.parse("the next cards from the deck are {cards}"))
def next_cards(mamey: MameyTable, cards: str) -> None:
    mamey.draw(*notation.cards(cards))


@when(parsers.parse("{who} harvests"))
def harvest(mamey: MameyTable, who: str) -> None:
    mamey.decide(who, HARVEST)


@when(parsers.parse("{who} returns field {f:d}"))
def return_field(mamey: MameyTable, who: str, f: int) -> None:
    assert mamey.state.checking == f - 1, f"{who} is checking field {mamey.state.checking}"
    mamey.decide(who, RETURN)


@when(parsers.parse("{who} receives field {f:d}"))
def receive_field(mamey: MameyTable, who: str, f: int) -> None:
    assert mamey.state.checking == f - 1, f"{who} is checking field {mamey.state.checking}"
    mamey.decide(who, RECEIVE)


@when(parsers.parse("{who} sells {cards} as {kind} on the {value:d}"))
def sell(mamey: MameyTable, who: str, cards: str, kind: str, value: int) -> None:
    action = mamey.state.sale_action(notation.set_kind(kind), notation.cards(cards), value)
    mamey.decide(who, action)


@when(parsers.parse("{who} hires a merchant, discarding {card}"))
def hire(mamey: MameyTable, who: str, card: str) -> None:
    mamey.decide(who, hire_action(mamey.game.card(notation.card(card))))


# -- When: requests the rules refuse ----------------------------------------------------------
@when(parsers.parse("{who} tries to harvest"))
def try_harvest(mamey: MameyTable, who: str) -> None:
    mamey.attempt(lambda: mamey.decide(who, HARVEST))


@when(parsers.parse("{who} tries to sell {cards} as {kind} on the {value:d}"))
def try_sell(mamey: MameyTable, who: str, cards: str, kind: str, value: int) -> None:
    def request() -> None:
        state = mamey.state
        action = state.sale_action(notation.set_kind(kind), notation.cards(cards), value)
        mamey.decide(who, action)

    mamey.attempt(request)


@when(parsers.parse("{who} tries to hire a merchant, discarding {card}"))
def try_hire(mamey: MameyTable, who: str, card: str) -> None:
    mamey.attempt(lambda: mamey.decide(who, hire_action(mamey.game.card(notation.card(card)))))


@when(parsers.parse("{card} is forced as the next card from the deck"))
def force_draw(mamey: MameyTable, card: str) -> None:
    mamey.attempt(lambda: mamey.draw(notation.card(card)))


@when(parsers.parse("a {n:d}-player game of Mamey is requested"))
def request_game(mamey: MameyTable, n: int) -> None:
    mamey.request(lambda: engine.load_game("mamey", players=n))


# -- Then: cards -------------------------------------------------------------------------------
@then(parsers.parse("{who} holds {cards} in hand"))
def holds(mamey: MameyTable, who: str, cards: str) -> None:
    p = mamey.player(who)
    actual = mamey.names_of(mamey.state.hand(p))
    expected = mamey.names_of(mamey.card_types(notation.cards(cards)))
    if actual != expected:
        mamey.expect(lambda data: set_cards(data, data["hands"], p, expected))
    assert actual == expected, f"{who} holds {', '.join(actual) or 'no cards'}"
    shown = mamey.state.hand_size(p)  # MAMEY-4.1: the number of cards in a hand is public
    assert shown == len(actual), f"{who} holds {len(actual)} cards, but {shown} are shown"


@then(parsers.parse("{who} has {n:d} cards in hand"))
def hand_count(mamey: MameyTable, who: str, n: int) -> None:
    p = mamey.player(who)
    actual = mamey.state.hand_size(p)
    if actual != n:
        mamey.expect(lambda data: set_count(data, data["hands"], p, n))
    assert actual == n, f"{who} has {actual} cards in hand"


@then(parsers.parse("field {f:d} holds {content}"))
def field_holds(mamey: MameyTable, f: int, content: str) -> None:
    field_is(mamey, f, *notation.field_content(content))


@then(parsers.parse("field {f:d} is vacant"))
def field_vacant(mamey: MameyTable, f: int) -> None:
    field_is(mamey, f, [], None)


def field_is(mamey: MameyTable, f: int, up: list[str], down: str | None) -> None:
    actual_up, actual_down = mamey.state.field(f - 1)
    shown_down = None if actual_down is None else mamey.game.cards.name(actual_down)
    expected_up = mamey.names_of(mamey.card_types(up))
    if (mamey.names_of(actual_up), shown_down) != (expected_up, down):

        def change(data: dict[str, Any]) -> None:
            field = data["fields"][f - 1]
            set_cards(data, field, "face_up", expected_up)
            field["face_down"] = [field["face_down"]] if field["face_down"] else []
            set_cards(data, field, "face_down", [down] if down else [])
            field["face_down"] = (field["face_down"] or [None])[0]

        mamey.expect(change)
    assert (mamey.names_of(actual_up), shown_down) == (expected_up, down), (
        f"field {f} holds {mamey.names_of(actual_up)} face up and {shown_down} face down"
    )


@then(parsers.parse("the cards left in the deck are {cards}"))
def deck_cards_are(mamey: MameyTable, cards: str) -> None:
    actual = [t for t, n in mamey.state.deck().items() for _ in range(n)]
    expected = mamey.card_types(notation.cards(cards))
    assert actual == expected, f"the deck holds {', '.join(mamey.names_of(actual))}"
    size = mamey.state.deck_size
    assert size == len(actual), f"the deck holds {len(actual)} cards, but counts {size}"


@then(parsers.parse("the deck holds {n:d} cards"))
def deck_holds(mamey: MameyTable, n: int) -> None:
    if mamey.state.deck_size != n:
        mamey.expect(lambda data: resize_deck(data, n))
    assert mamey.state.deck_size == n, f"the deck holds {mamey.state.deck_size} cards"


@then(parsers.parse("the discard pile holds {cards}"))
def discard_holds(mamey: MameyTable, cards: str) -> None:
    actual = mamey.names_of(mamey.state.discard_pile())
    expected = mamey.names_of(mamey.card_types(notation.cards(cards)))
    if actual != expected:
        mamey.expect(lambda data: set_cards(data, data, "discard", expected))
    assert actual == expected, actual


@then(parsers.parse("{who} has sold {cards}"))
def has_sold(mamey: MameyTable, who: str, cards: str) -> None:
    p = mamey.player(who)
    actual = mamey.names_of(mamey.state.sold(p))
    expected = mamey.names_of(mamey.card_types(notation.cards(cards)))
    if actual != expected:
        mamey.expect(lambda data: set_cards(data, data["sold"], p, expected))
    assert actual == expected, f"{who} has sold {', '.join(actual) or 'nothing'}"


@then(parsers.parse("the next card from the deck is one of {n:d}, {card} with probability {p}"))
def draw_probability(mamey: MameyTable, n: int, card: str, p: str) -> None:
    """Exact fractions; the floats that random play samples from must say the same."""
    state = mamey.state
    assert state.is_chance_node(), f"no card is being drawn: phase {state.phase}"
    assert state.deck_size == n, f"the deck holds {state.deck_size} cards"
    exact = state.chance_outcomes_exact()
    outcomes = {state.action_to_string(a): str(q) for a, q in exact}
    assert outcomes.get(f"draw {notation.card(card)}", "0") == p, outcomes
    assert sum(q for _, q in exact) == 1
    floats = state.chance_outcomes()
    assert [a for a, _ in floats] == [a for a, _ in exact], "the float outcomes differ"
    for (_, q), (_, f) in zip(exact, floats, strict=True):
        assert f == pytest.approx(float(q)), f"probability {f} in floats, {q} exact"


# -- Expected positions: edits of a `to_dict` description --------------------------------------
def set_cards(data: dict[str, Any], holder: Any, key: Any, expected: list[str]) -> None:
    """Make `holder[key]` hold exactly `expected`: cards it loses go to the deck, cards it
    gains come from the deck (ValueError if the deck has none of them)."""
    current = list(holder[key])
    for card in expected:
        if card in current:
            current.remove(card)
        else:
            data["deck"].remove(card)
    data["deck"].extend(current)
    holder[key] = list(expected)


def set_count(data: dict[str, Any], holder: Any, key: Any, n: int) -> None:
    """Make `holder[key]` hold `n` cards, giving the last ones back to the deck or taking
    the deck's first ones."""
    cards = holder[key]
    while len(cards) > n:
        data["deck"].append(cards.pop())
    while len(cards) < n:
        if not data["deck"]:
            raise ValueError("the deck cannot give that many cards")
        cards.append(data["deck"].pop(0))


def resize_deck(data: dict[str, Any], n: int) -> None:
    """Make the deck hold `n` cards, moving cards between it and the discard pile."""
    deck, discard = data["deck"], data["discard"]
    while len(deck) > n:
        discard.append(deck.pop())
    while len(deck) < n:
        if not discard:
            raise ValueError("the discard pile cannot fill the deck")
        deck.append(discard.pop())


def place_cube(
    data: dict[str, Any], game: MameyGame, player: int, row: str, size: int, value: int
) -> None:
    """Put a cube of `player` on the square of that value (a cube already there goes back
    to its owner's hand). A cube of theirs on another square of the cell moves there (the
    likeliest meaning: the right cell, the wrong square); otherwise the cube comes from
    their hand, else from their stock."""
    square = game.board.cell(row, size).squares.index(value) + 1  # ValueError: no such value
    board = data["board"]
    for entry in list(board):
        if (entry["row"], entry["cards"], entry["square"]) == (row, size, square):
            board.remove(entry)
            data["cubes_in_hand"][entry["player"]] += 1
    moved = next(
        (e for e in board if (e["row"], e["cards"], e["player"]) == (row, size, player)), None
    )
    if moved is not None:
        moved["square"] = square
        return
    board.append({"row": row, "cards": size, "square": square, "player": player})
    pool = "cubes_in_hand" if data["cubes_in_hand"][player] else "cubes_in_stock"
    data[pool][player] -= 1


# -- Then: cubes and the Store board --------------------------------------------------------------
@then(parsers.parse("{who} has {hand:d} Merchant cubes in hand and {stock:d} in stock"))
@then(parsers.parse("{who} has {hand:d} Merchant cube in hand and {stock:d} in stock"))
def cubes_are(mamey: MameyTable, who: str, hand: int, stock: int) -> None:
    p = mamey.player(who)
    actual = (mamey.state.cubes_in_hand(p), mamey.state.cubes_in_stock(p))
    if actual != (hand, stock):

        def change(data: dict[str, Any]) -> None:
            data["cubes_in_hand"][p], data["cubes_in_stock"][p] = hand, stock

        mamey.expect(change)
    assert actual == (hand, stock), f"{who} has {actual[0]} cubes in hand and {actual[1]} in stock"


@then(parsers.parse("{who} has {n:d} Merchant cubes on the Store board"))
@then(parsers.parse("{who} has {n:d} Merchant cube on the Store board"))
def cubes_on_board(mamey: MameyTable, who: str, n: int) -> None:
    actual = len(mamey.state.squares_of(mamey.player(who)))
    assert actual == n, f"{who} has {actual} cubes on the board"


@then(parsers.parse('{who}\'s cube is on the {value:d} of "{cell}"'))
def cube_is_on(mamey: MameyTable, who: str, value: int, cell: str) -> None:
    row, size = notation.cell(cell)
    game = mamey.game
    squares = [
        (game.board.cells[game.square_cell[s]].row, game.board.cells[game.square_cell[s]].cards,
         game.square_values[s])
        for s in mamey.state.squares_of(mamey.player(who))
    ]  # fmt: skip
    if (row, size, value) not in squares:
        mamey.expect(lambda data: place_cube(data, mamey.game, mamey.player(who), row, size, value))
    assert (row, size, value) in squares, f"{who}'s cubes are on {squares}"


@then(parsers.parse("{who} may sell {cards} as {kind} on {squares}"))
def may_sell_on(mamey: MameyTable, who: str, cards: str, kind: str, squares: str) -> None:
    actual = mamey.sale_squares(who, notation.cards(cards), notation.set_kind(kind))
    expected = notation.values(squares)
    assert sorted(actual) == sorted(expected), f"{who} may place the cube on {actual}"


@then(parsers.parse("{who} may not sell {cards} as {kind}"))
def may_not_sell(mamey: MameyTable, who: str, cards: str, kind: str) -> None:
    actual = mamey.sale_squares(who, notation.cards(cards), notation.set_kind(kind))
    assert actual == [], f"{who} may sell them onto {actual}"


@then(parsers.parse("{who} may sell nothing"))
def may_sell_nothing(mamey: MameyTable, who: str) -> None:
    sales = [s for s in mamey.state.legal_action_strings() if s.startswith("sell ")]
    assert mamey.state.current_player() == mamey.player(who)
    assert sales == [], f"{who} may {sales[0]}"


@then(parsers.parse('the Store board in use is the "{side}" side'))
def board_side(mamey: MameyTable, side: str) -> None:
    assert mamey.game.board.name == side, f"the board shows its {mamey.game.board.name!r} side"


# -- Then: whose move -----------------------------------------------------------------------------
@then(parsers.parse("it is {who}'s turn"))
def turn_is(mamey: MameyTable, who: str) -> None:
    state = mamey.state
    if state.phase != "act" or state.turn_player != mamey.player(who):

        def change(data: dict[str, Any]) -> None:
            data.update(turn_player=mamey.player(who), phase="act", field=None, draws=[])

        mamey.expect(change)
    assert state.phase == "act", f"the game is at {state.phase}, not the start of a turn"
    assert state.turn_player == mamey.player(who), f"it is player {state.turn_player}'s turn"


@then(parsers.parse("{who} is checking field {f:d}"))
def is_checking(mamey: MameyTable, who: str, f: int) -> None:
    state = mamey.state
    assert state.checking == f - 1 and state.current_player() == mamey.player(who), (
        f"phase {state.phase}, field {state.checking}, player {state.current_player()}"
    )


@then(parsers.parse("the choices are {choices}"))
def choices_are(mamey: MameyTable, choices: str) -> None:
    actual = mamey.state.legal_action_strings()
    assert actual == [c.strip() for c in choices.split(";")], f"the choices are {'; '.join(actual)}"


@then(parsers.parse("{who} may harvest"))
def may_harvest(mamey: MameyTable, who: str) -> None:
    assert mamey.state.current_player() == mamey.player(who)
    assert HARVEST in mamey.state.legal_actions(), mamey.state.legal_action_strings()


@then(parsers.parse("{who} may not harvest"))
def may_not_harvest(mamey: MameyTable, who: str) -> None:
    assert mamey.state.current_player() == mamey.player(who)
    assert HARVEST not in mamey.state.legal_actions(), mamey.state.legal_action_strings()


@then("the start of play is the next card from the deck")
def setup_continues(mamey: MameyTable) -> None:
    assert mamey.state.is_chance_node(), f"next comes {mamey.state.phase}"


# -- Then: hidden information ----------------------------------------------------------------------
@then(parsers.parse("{who} sees that {other} holds {n:d} cards, but not which"))
def sees_hand_size(mamey: MameyTable, who: str, other: str, n: int) -> None:
    view = mamey.state.view(mamey.player(who))
    assert view["hand_sizes"][mamey.player(other)] == n, view["hand_sizes"]
    text = mamey.state.observation_string(mamey.player(who))
    assert f"player {mamey.player(other)}: hand {n} cards;" in text, text
    for card in mamey.names_of(mamey.state.hand(mamey.player(other))):
        line = next(x for x in text.splitlines() if x.startswith(f"player {mamey.player(other)}:"))
        assert card not in line, f"{who} sees {card} in {other}'s hand: {line}"


@then(parsers.parse("{who} sees {cards} in their own hand"))
def sees_own_hand(mamey: MameyTable, who: str, cards: str) -> None:
    view = mamey.state.view(mamey.player(who))
    assert sorted(view["hand"]) == sorted(notation.cards(cards)), view["hand"]


@then(parsers.parse("{who} sees field {f:d} as {up} face up and one face-down card"))
def sees_field(mamey: MameyTable, who: str, f: int, up: str) -> None:
    field = mamey.state.view(mamey.player(who))["fields"][f - 1]
    expected = [] if up == "nothing" else notation.cards(up)
    assert (sorted(field["face_up"]), field["face_down"], field["seen"]) == (
        sorted(expected), 1, None
    ), field  # fmt: skip


@then(parsers.parse("{who} sees the face-down card of field {f:d}: {card}"))
def sees_face_down(mamey: MameyTable, who: str, f: int, card: str) -> None:
    field = mamey.state.view(mamey.player(who))["fields"][f - 1]
    assert field["seen"] == notation.card(card), field
    assert f"face down {notation.card(card)}" in mamey.state.observation_string(mamey.player(who))


@then(parsers.parse("{who} sees that {other} has sold {n:d} cards, but not which"))
def sees_sold_count(mamey: MameyTable, who: str, other: str, n: int) -> None:
    view = mamey.state.view(mamey.player(who))
    o = mamey.player(other)
    assert view["sold_counts"][o] == n and view["sold"][o] is None, (
        view["sold"],
        view["sold_counts"],
    )
    line = next(
        x for x in mamey.state.observation_string(mamey.player(who)).splitlines()
        if x.startswith(f"player {o}:")
    )  # fmt: skip
    assert f"sold {n} cards face down" in line, line


@then(parsers.parse("{who} sees the cards {other} has sold: {cards}"))
def sees_sold(mamey: MameyTable, who: str, other: str, cards: str) -> None:
    view = mamey.state.view(mamey.player(who))
    assert sorted(view["sold"][mamey.player(other)] or []) == sorted(notation.cards(cards)), view


@then(parsers.parse("{who} sees {cards} in the discard pile"))
def sees_discard(mamey: MameyTable, who: str, cards: str) -> None:
    view = mamey.state.view(mamey.player(who))
    assert sorted(view["discard"]) == sorted(notation.cards(cards)), view["discard"]


@then(parsers.parse("{who} sees {n:d} cards in the deck and nothing of their order"))
def sees_deck(mamey: MameyTable, who: str, n: int) -> None:
    text = mamey.state.observation_string(mamey.player(who))
    assert f"deck: {n} cards" in text, text
    for card in mamey.state.deck():
        name = mamey.game.cards.name(card)
        assert not any(name in line for line in text.splitlines() if line.startswith("deck")), text


# -- Then: the end and the score -------------------------------------------------------------------
@then("the game is over")
def game_over(mamey: MameyTable) -> None:
    assert mamey.state.is_terminal(), f"the game goes on: next comes {mamey.state.phase}"


@then("the end of the game has not been triggered")
def not_triggered(mamey: MameyTable) -> None:
    assert not mamey.state.end_triggered, f"final turns: {mamey.state.final_turns}"


@then(parsers.parse("the end of the game is triggered: {n:d} more turns follow this one"))
def triggered(mamey: MameyTable, n: int) -> None:
    assert mamey.state.final_turns == n, f"final turns: {mamey.state.final_turns}"


@then(
    parsers.parse(
        "{who} scores {total:d} Mamey: {cubes:d} for cubes in hand, {board:d} on the Store "
        "board and {icons:d} for Bean Bonus icons"
    )
)
def scores(mamey: MameyTable, who: str, total: int, cubes: int, board: int, icons: int) -> None:
    p = mamey.player(who)
    assert mamey.state.score_parts(p) == (cubes, board, icons), mamey.state.score_parts(p)
    assert mamey.state.mamey(p) == total, mamey.state.mamey(p)


@then(parsers.parse("the scores are {entries}"))
def scores_are(mamey: MameyTable, entries: str) -> None:
    for who, points in shared.named_numbers(entries):
        actual = mamey.state.mamey(mamey.player(who))
        assert actual == points, f"{who} scores {actual}"


@then(parsers.parse("{who} wins alone"))
def wins_alone(mamey: MameyTable, who: str) -> None:
    assert mamey.state.winners() == [mamey.player(who)], f"winners: {mamey.state.winners()}"
    returns = mamey.state.returns()
    assert returns[mamey.player(who)] == 1.0 and sum(returns) == 1.0, returns


@then(parsers.parse("{who} share the win"))
def share_win(mamey: MameyTable, who: str) -> None:
    expected = sorted(mamey.players(who))
    assert mamey.state.winners() == expected, f"winners: {mamey.state.winners()}"
    assert [p for p, r in enumerate(mamey.state.returns()) if r == 1.0] == expected
