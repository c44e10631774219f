"""Step definitions for features/mahe: thin wrappers over the engine and the notation.

A scenario first describes a position (Given steps fill `MaheTable.setup`, which becomes a
state through the engine's validated `from_dict` the first time the state is needed), then
plays it (dice and cards are forced through the scripted driver, decisions are applied as
the player who must make them), then checks it (Then steps read the state).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

import engine
from engine.mahe import (
    ROLL,
    STOP,
    MaheGame,
    MaheState,
    card_action,
    die_action,
    first_action,
    reveal_action,
)
from engine.mahe.svg import describe, to_svg
from rulebooks.steps import notation
from rulebooks.steps.common import *  # noqa: F403  (the steps every game shares)
from rulebooks.steps.table import GameTable


class MaheTable(GameTable[MaheGame, MaheState]):
    """One scenario's game of Mahé (see `GameTable`)."""

    game_type = MaheGame
    state_type = MaheState

    def __init__(self) -> None:
        super().__init__()
        self.setup["spaces"] = {}

    def position(self, game: MaheGame) -> dict[str, Any]:
        data = {key: value for key, value in self.setup.items() if key != "raft"}
        data.setdefault("face_up", 3)
        return data

    def picture(self, state: MaheState) -> dict[str, str]:
        """The position and where the turn stands, players named as the scenario names them."""
        names = self.player_names()
        words = describe(state, names).removesuffix(".").split("; ")
        return {"text": "\n".join(words), "svg": to_svg(state, names=names)}

    # -- reading the notation ---------------------------------------------------------------
    def owners(self) -> dict[str, int]:
        """``the blue player`` is the owner of the blue turtle."""
        return {c: self.game.turtle_owner[t] for t, c in enumerate(self.game.colours)}

    def turtle(self, colour: str) -> int:
        return self.game.turtle(colour)

    # -- playing ------------------------------------------------------------------------------
    def move(self, colour: str, dice: list[int]) -> None:
        """Play one move: the first die, then more dice asked by whoever decides, then stop."""
        state = self.state
        if state.mover != self.turtle(colour):
            raise AssertionError(
                f"the {colour} turtle is not the one about to move ({state.mover})"
            )
        self.chance(f"die {dice[0]}")
        for face in dice[1:]:
            state.apply_action(ROLL)
            self.chance(f"die {face}")
        if state.phase == "decide":
            state.apply_action(STOP)


@pytest.fixture
def mahe() -> MaheTable:
    return MaheTable()


@pytest.fixture
def table(mahe: MaheTable) -> MaheTable:
    """The same table, for the steps every game shares (`rulebooks.steps.common`)."""
    return mahe


# -- Given: the game and the position ------------------------------------------------------
@given(parsers.parse("a {n:d}-player game of Mahé"))
def given_game(mahe: MaheTable, n: int) -> None:
    mahe.declare(n)


@given(parsers.parse("a {n:d}-player game of Mahé with the egg-card variant"))
def given_variant_game(mahe: MaheTable, n: int) -> None:
    mahe.declare(n, variant=True)


@given(parsers.parse("the players are {names}"))
def given_names(mahe: MaheTable, names: str) -> None:
    mahe.name_players(names)


@given(parsers.parse("the {colour} turtle is on {where}"))
def given_turtle(mahe: MaheTable, colour: str, where: str) -> None:
    place(mahe, notation.position(where), [colour])


@given(parsers.parse("the stack on space {space:d} is {turtles} from bottom to top"))
def given_stack(mahe: MaheTable, space: int, turtles: str) -> None:
    place(mahe, space, notation.colours(turtles))


def place(mahe: MaheTable, where: int, colours: list[str]) -> None:
    setup = mahe.describe()
    placed = [c for stack in setup["spaces"].values() for c in stack] + setup.get("raft", [])
    twice = [c for c in colours if c in placed]
    assert not twice, f"the scenario places the {', '.join(twice)} turtle twice"
    if where == 0:
        setup.setdefault("raft", []).extend(colours)  # the default place: recorded, not sent
    else:
        setup["spaces"].setdefault(str(where), []).extend(colours)


@given(parsers.parse("the face-up egg card shows {eggs:d} eggs"))
def given_face_up(mahe: MaheTable, eggs: int) -> None:
    mahe.describe()["face_up"] = eggs


@given("no egg card is left face up or in the deck")
def given_deck_used_up(mahe: MaheTable) -> None:
    mahe.describe()["face_up"] = None


@given(parsers.parse("{who} has collected egg cards showing {eggs}"))
def given_collected(mahe: MaheTable, who: str, eggs: str) -> None:
    setup = mahe.describe()
    collected = setup.setdefault("collected", [[] for _ in range(mahe.params["players"])])
    collected[mahe.player(who)] = notation.numbers(eggs)


@given(parsers.parse("it is {who}'s turn"))
def given_turn(mahe: MaheTable, who: str) -> None:
    mahe.describe()["turn_player"] = mahe.player(who)


# -- When: playing -------------------------------------------------------------------------
@when(parsers.parse("the first die shows {face:d}"))
def first_die(mahe: MaheTable, face: int) -> None:
    mahe.chance(f"die {face}")


@when(parsers.parse("{who} rolls the next die, which shows {face:d}"))
def roll_next(mahe: MaheTable, who: str, face: int) -> None:
    mahe.decide(who, ROLL)
    mahe.chance(f"die {face}")


@when(parsers.parse("{who} stops"))
def stop(mahe: MaheTable, who: str) -> None:
    mahe.decide(who, STOP)


@when(parsers.parse("{who} plays the {eggs:d}-egg card as the next die"))
def play_card(mahe: MaheTable, who: str, eggs: int) -> None:
    mahe.decide(who, card_action(eggs))


@when(parsers.parse("{who} chooses to move the {colour} turtle first"))
def choose_first(mahe: MaheTable, who: str, colour: str) -> None:
    mahe.decide(who, first_action(mahe.turtle(colour)))


@when(parsers.parse("the {colour} turtle moves with dice {dice}"))
def move_with_dice(mahe: MaheTable, colour: str, dice: str) -> None:
    mahe.move(colour, notation.numbers(dice))


@when(parsers.parse("a {eggs:d}-egg card is turned face up"))
def reveal(mahe: MaheTable, eggs: int) -> None:
    mahe.chance(f"reveal {eggs}")


@when(parsers.parse("the first egg card turned face up shows {eggs:d} eggs"))
def first_reveal(mahe: MaheTable, eggs: int) -> None:
    mahe.chance(f"reveal {eggs}")


# -- When: requests the rules refuse --------------------------------------------------------
@when(parsers.parse("{who} asks for a fourth die"))
def ask_fourth_die(mahe: MaheTable, who: str) -> None:
    mahe.attempt(lambda: mahe.state.apply_action(ROLL))


@when(parsers.parse("a die showing {face:d} is given in place of {who}'s choice"))
def die_in_place_of_choice(mahe: MaheTable, face: int, who: str) -> None:
    mahe.attempt(lambda: mahe.state.apply_action(die_action(face)))


@when(parsers.parse("a {eggs:d}-egg card is turned up in place of the first die"))
@when(parsers.parse("a {eggs:d}-egg card is given as the card turned up"))
def reveal_in_place_of_die(mahe: MaheTable, eggs: int) -> None:
    mahe.attempt(lambda: mahe.state.apply_action(reveal_action(eggs)))


@when(parsers.parse("a die showing {face:d} is rolled in place of the next egg card"))
@when(parsers.parse("a die showing {face:d} is given as the first die"))
def die_in_place_of_reveal(mahe: MaheTable, face: int) -> None:
    mahe.attempt(lambda: mahe.state.apply_action(die_action(face)))


@when(parsers.parse("{who} rolls again and a die showing {face:d} is given"))
def die_given_next(mahe: MaheTable, who: str, face: int) -> None:
    mahe.decide(who, ROLL)
    mahe.attempt(lambda: mahe.state.apply_action(die_action(face)))


@when(parsers.parse("{who} tries to stop"))
def try_stop(mahe: MaheTable, who: str) -> None:
    mahe.attempt(lambda: mahe.state.apply_action(STOP))


@when(parsers.parse("{who} tries to play the {eggs:d}-egg card as the next die"))
def try_card(mahe: MaheTable, who: str, eggs: int) -> None:
    mahe.attempt(lambda: mahe.state.apply_action(card_action(eggs)))


@when(parsers.parse("the first die is forced to show {face}"))
def force_impossible_die(mahe: MaheTable, face: str) -> None:
    mahe.attempt(lambda: mahe.chance(f"die {face}"))


@when(parsers.parse("the next egg card is forced to show {eggs:d} eggs"))
def force_reveal(mahe: MaheTable, eggs: int) -> None:
    mahe.attempt(lambda: mahe.chance(f"reveal {eggs}"))


@when(parsers.parse("a {n:d}-player game of Mahé is requested"))
def request_game(mahe: MaheTable, n: int) -> None:
    mahe.request(lambda: engine.load_game("mahe", players=n))


@when(parsers.parse("a {n:d}-player game of Mahé starting with player {first:d} is requested"))
def request_game_first(mahe: MaheTable, n: int, first: int) -> None:
    mahe.request(lambda: engine.load_game("mahe", players=n, first_player=first - 1))


# -- Then: the position ----------------------------------------------------------------------
@then(parsers.parse("the {colour} turtle is on {where}"))
def turtle_is_on(mahe: MaheTable, colour: str, where: str) -> None:
    actual = mahe.state.position(mahe.turtle(colour))
    expected = notation.position(where)
    if actual != expected:
        mahe.expect(lambda data: move_in_dict(data, [colour], expected))
    assert actual == expected, f"the {colour} turtle is on {describe_position(actual)}, not {where}"


@then(parsers.parse("the stack on space {space:d} is {turtles} from bottom to top"))
def stack_is(mahe: MaheTable, space: int, turtles: str) -> None:
    actual = [mahe.game.colours[t] for t in mahe.state.stack(space)]
    expected = notation.colours(turtles)
    if actual != expected:
        mahe.expect(lambda data: set_stack_in_dict(data, space, expected))
    shown = notation.describe_stack
    assert actual == expected, f"space {space} holds {shown(actual)}, not {shown(expected)}"


@then(parsers.parse("there are {n:d} turtles on the raft"))
def raft_count(mahe: MaheTable, n: int) -> None:
    assert len(mahe.state.stack(0)) == n, f"the raft holds {len(mahe.state.stack(0))} turtles"


@then(parsers.parse("{who} races the {turtles} turtles"))
def races(mahe: MaheTable, who: str, turtles: str) -> None:
    game = mahe.game
    actual = [game.colours[t] for t in game.turtles_of[mahe.player(who)]]
    assert actual == notation.colours(turtles), f"{who} races {', '.join(actual)}"


@then(parsers.parse("the turtles on the raft are {turtles}"))
def raft_is(mahe: MaheTable, turtles: str) -> None:
    actual = sorted(mahe.game.colours[t] for t in mahe.state.stack(0))
    assert actual == sorted(notation.colours(turtles)), (
        f"the raft holds {', '.join(actual) or 'nothing'}"
    )


def move_in_dict(data: dict[str, Any], colours: list[str], where: int) -> None:
    """Edit a `to_dict` description: put `colours` on `where` (0: the raft), on top."""
    data["raft"] = [c for c in data["raft"] if c not in colours]
    for key in list(data["spaces"]):
        data["spaces"][key] = [c for c in data["spaces"][key] if c not in colours]
        if not data["spaces"][key]:
            del data["spaces"][key]
    if where == 0:
        data["raft"].extend(colours)
    else:
        data["spaces"].setdefault(str(where), []).extend(colours)


def set_stack_in_dict(data: dict[str, Any], space: int, colours: list[str]) -> None:
    """Edit a `to_dict` description: space `space` holds exactly `colours`, bottom first."""
    displaced = [c for c in data["spaces"].get(str(space), []) if c not in colours]
    move_in_dict(data, colours, space)
    move_in_dict(data, displaced, 0)


def describe_position(position: int) -> str:
    return "the raft" if position == 0 else f"space {position}"


@then(parsers.parse("{who} has collected egg cards showing {eggs}"))
def has_collected(mahe: MaheTable, who: str, eggs: str) -> None:
    actual = sorted(mahe.state.collected(mahe.player(who)))
    expected = sorted(notation.numbers(eggs))
    assert actual == expected, f"{who} holds cards {actual}, not {expected}"


@then(parsers.parse("each player can see {who}'s egg cards: {eggs}"))
def everyone_sees(mahe: MaheTable, who: str, eggs: str) -> None:
    owner = mahe.player(who)
    shown = f"player {owner}: cards {' '.join(eggs.replace(',', ' ').split())}"
    for viewer in range(mahe.game.num_players):
        view = mahe.state.observation_string(viewer)
        assert shown in view, f"player {viewer} does not see {shown!r}: {view}"


@then(parsers.parse("the face-up egg card shows {eggs:d} eggs"))
def face_up_is(mahe: MaheTable, eggs: int) -> None:
    assert mahe.state.face_up_card == eggs, f"the face-up card is {mahe.state.face_up_card}"


@then("no egg card lies face up")
def no_face_up(mahe: MaheTable) -> None:
    assert mahe.state.face_up_card is None, f"a {mahe.state.face_up_card}-egg card lies face up"


@then(parsers.parse("the deck holds {n:d} cards"))
def deck_holds(mahe: MaheTable, n: int) -> None:
    assert mahe.state.deck_size == n, f"the deck holds {mahe.state.deck_size} cards"


@then(parsers.parse("the cards nobody has seen number {n:d}"))
def unseen_count(mahe: MaheTable, n: int) -> None:
    assert sum(mahe.state.unseen_cards().values()) == n, mahe.state.unseen_cards()


@then("the next egg card is turned face up by chance")
def next_is_reveal(mahe: MaheTable) -> None:
    assert mahe.state.phase == "reveal", f"next comes {mahe.state.phase}, not a card reveal"
    drawn_as_defined(mahe.state)
    assert mahe.state.mover is None, f"the {mahe.state.mover} turtle is still moving"
    assert mahe.state.dice == [], f"dice still on the table: {mahe.state.dice}"


@then(parsers.parse("the {eggs:d}-egg card has left the game"))
def card_left_game(mahe: MaheTable, eggs: int) -> None:
    assert eggs in mahe.state.used_cards, f"cards out of the game: {mahe.state.used_cards}"


# -- Then: whose move ------------------------------------------------------------------------
@then(parsers.parse("it is {who}'s turn"))
def turn_is(mahe: MaheTable, who: str) -> None:
    assert mahe.state.turn_player == mahe.player(who), (
        f"it is player {mahe.state.turn_player + 1}'s turn"
    )
    assert mahe.state.phase in {"first die", "order"}, f"the turn is under way: {mahe.state.phase}"


@then(parsers.parse("the {colour} turtle is about to move"))
def about_to_move(mahe: MaheTable, colour: str) -> None:
    assert mahe.state.phase == "first die", f"next comes {mahe.state.phase}"
    assert mahe.state.mover == mahe.turtle(colour), (
        f"the turtle about to move is {mahe.state.mover}"
    )


@then(parsers.parse("{who} decides whether to roll again"))
def decides(mahe: MaheTable, who: str) -> None:
    assert mahe.state.phase == "decide", f"next comes {mahe.state.phase}"
    assert mahe.state.current_player() == mahe.player(who), (
        f"player {mahe.state.current_player() + 1} decides, not {who}"
    )


@then(parsers.parse("{who} must choose which turtle moves first"))
def must_choose(mahe: MaheTable, who: str) -> None:
    assert mahe.state.phase == "order", f"next comes {mahe.state.phase}"
    assert mahe.state.current_player() == mahe.player(who)
    assert mahe.state.mover is None, f"the {mahe.state.mover} turtle is already moving"
    assert mahe.state.dice == [], f"dice already rolled: {mahe.state.dice}"


def drawn_as_defined(state: MaheState) -> None:
    """As a driver draws chance (`chance_outcome_at`, a uniform pick from 0 to 1): each
    outcome, in order, takes its share of the range, up to the highest pick below 1."""
    outcomes = state.chance_outcomes_exact()
    picks, expected, below = [0.0], [outcomes[0][0]], Fraction(0)
    for action, chance in outcomes:
        picks.append(float(below + chance / 2))
        expected.append(action)
        below += chance
    picks.append(1 - 2**-53)
    expected.append(outcomes[-1][0])
    drawn = [state.chance_outcome_at(pick) for pick in picks]
    assert drawn == expected, drawn


@then(parsers.parse("the possible first-die outcomes are {faces} with probability 1/6 each"))
def first_die_outcomes(mahe: MaheTable, faces: str) -> None:
    outcomes = mahe.state.chance_outcomes_exact()
    names = [mahe.state.action_to_string(a) for a, _ in outcomes]
    assert names == [f"die {f}" for f in notation.numbers(faces)], names
    assert {str(p) for _, p in outcomes} == {"1/6"}
    drawn_as_defined(mahe.state)


@then(parsers.parse("the choices are {choices}"))
def choices_are(mahe: MaheTable, choices: str) -> None:
    actual = mahe.state.legal_action_strings()
    assert actual == notation.split_list(choices), f"the choices are {', '.join(actual)}"


# -- Then: the end and the score --------------------------------------------------------------
@then("the game is over")
def game_over(mahe: MaheTable) -> None:
    """MAHE-7.1: the game ends at once: no move or turtle is left in progress, and the
    position saved and read back is over too."""
    state = mahe.state
    assert state.is_terminal(), f"the game goes on: next comes {state.phase}"
    saved = state.to_dict()
    in_progress = {k: saved[k] for k in ("mover", "pending", "dice") if saved[k]}
    assert not in_progress, f"the game is over with a move in progress: {in_progress}"
    assert state.mover is None and state.dice == [], (state.mover, state.dice)
    again = mahe.game.state_from_dict(json.loads(json.dumps(saved)))
    assert again.is_terminal() and again.returns() == state.returns(), "read back, it goes on"


@then(parsers.parse("{who} holds the beach space"))
def holds_beach(mahe: MaheTable, who: str) -> None:
    assert mahe.state.beach_player == mahe.player(who), (
        f"the beach went to {mahe.state.beach_player}"
    )


@then(parsers.parse("{who} has {eggs:d} eggs"))
def has_eggs(mahe: MaheTable, who: str, eggs: int) -> None:
    assert mahe.state.eggs(mahe.player(who)) == eggs, (
        f"{who} has {mahe.state.eggs(mahe.player(who))} eggs"
    )


@then(parsers.parse("{who} has {n:d} egg cards, the beach counting as one"))
def has_cards(mahe: MaheTable, who: str, n: int) -> None:
    assert mahe.state.card_count(mahe.player(who)) == n, mahe.state.card_count(mahe.player(who))


@then(parsers.parse("the scores are {entries}"))
def scores_are(mahe: MaheTable, entries: str) -> None:
    for who, eggs in notation.named_numbers(entries):
        has_eggs(mahe, who, eggs)


@then(parsers.parse("{who} wins alone"))
def wins_alone(mahe: MaheTable, who: str) -> None:
    assert mahe.state.winners() == [mahe.player(who)], f"winners: {mahe.state.winners()}"
    returns = mahe.state.returns()
    assert returns[mahe.player(who)] == 1.0 and sum(returns) == 1.0, returns


@then(parsers.parse("{who} share the win"))
def share_win(mahe: MaheTable, who: str) -> None:
    expected = sorted(mahe.players(who))
    assert mahe.state.winners() == expected, f"winners: {mahe.state.winners()}"
