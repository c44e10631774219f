"""Steps for the mechanics many games share, which a game opts into by naming its concepts.

A game's step module declares its table with :class:`Concepts` (its title, its decisions by
their engine names, its dice, the position's keys of the scores and of whose turn it is) and
calls :func:`use_mechanics` once, at module level; that defines the ``table`` fixture and
these steps, worded with the game's own names::

    Given a 2-player game of Pig                  When player 1 rolls a 3
    Given the players are Ana and Bo              When player 1 rolls 6, 5 and 4
    Given the scores are 30 and 20                When player 1 holds
    Given it is player 2's turn                   When player 1 tries to roll
    When a 11-player game of Pig is requested     Then player 1 can roll or hold
    Then the scores are 45 and 20                 Then player 1 can only hold
    Then every score is 0                         Then player 2 can neither roll nor hold
    Then it is player 2's turn                    Then each face from 1 to 6 comes up with
    Then the game is over                              probability 1/6
    Then player 1 wins / Ana and Bo win / nobody wins

Every phrase is read through :mod:`rulebooks.steps.notation`. A step is only defined for a
concept the game names (no ``scores``: no score steps), so the game's own steps can word the
rest. The shared steps of :mod:`rulebooks.steps.common` are separate: star-import them too.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, TypeVar

import pytest
from pytest_bdd import given, parsers, then, when

from engine.core import Game, State
from rulebooks.steps import notation
from rulebooks.steps.table import GameTable

G = TypeVar("G", bound=Game)
S = TypeVar("S", bound=State)


class ConceptError(ValueError):
    """Concepts that name no usable mechanic (an unknown action, an empty title)."""


@dataclass(frozen=True)
class Dice:
    """Chance outcomes named after a die's face: ``player 1 rolls a 3``."""

    outcome: str = "die {face}"
    """The engine's name (``action_to_string``) of the chance outcome showing ``{face}``."""
    decision: str | None = "roll"
    """The decision that throws the die, one of the game's actions; None when the die is
    thrown by the rules alone (the step then only forces the outcome)."""
    verb: str = "rolls"
    noun: str = "face"


@dataclass(frozen=True)
class Concepts:
    """What a game's scenarios speak of, in the game's words."""

    title: str
    """``a 2-player game of <title>``."""
    actions: tuple[str, ...] = ()
    """Decisions by their engine names (``hold``): ``X holds``, ``X tries to hold``, ``X can
    hold or roll``."""
    verbs: Mapping[str, str] = field(default_factory=dict)
    """The third person of an action when it is not the name with an ``s`` (``pass``:
    ``passes``)."""
    dice: Dice | None = None
    scores: str | None = None
    """The position's key (``to_dict``) listing every player's score."""
    turn: str | None = None
    """The position's key naming the player whose turn it is (from 0)."""
    renderer: Callable[[Any], str] | None = None
    """The board picture (SVG) of a state; None: the site shows the state's text alone."""

    def __post_init__(self) -> None:
        if not self.title.strip():
            raise ConceptError("the game's title is empty: it words 'a 2-player game of ...'")
        for action in self.actions:
            if not re.fullmatch(r"[a-z][a-z0-9 -]*", action.strip()) or action != action.strip():
                raise ConceptError(f"action {action!r}: name actions in lower case words")
        if len(set(self.actions)) != len(self.actions):
            raise ConceptError(f"an action is named twice in {list(self.actions)}")
        unknown = sorted(set(self.verbs) - set(self.actions))
        if unknown:
            raise ConceptError(f"verbs for {unknown}, which are not among the actions")
        if self.dice and self.dice.decision and self.dice.decision not in self.actions:
            raise ConceptError(
                f"the dice are thrown by {self.dice.decision!r}, which is not among the "
                f"actions {list(self.actions)}: add it, or Dice(decision=None)"
            )

    def third_person(self, action: str) -> str:
        """``hold`` -> ``holds``; ``pass the dice`` -> ``passes the dice`` with a verb given."""
        if action in self.verbs:
            return self.verbs[action]
        first, _, rest = action.partition(" ")
        return f"{first}s {rest}".strip()


class MechanicsTable(GameTable[G, S]):
    """A game's table whose steps come from :func:`use_mechanics`."""

    concepts: ClassVar[Concepts]

    def position(self, game: G) -> dict[str, Any]:
        """The game's initial position with what the scenario described written over it."""
        return {**game.new_initial_state().to_dict(), **self.setup}

    def picture(self, state: S) -> dict[str, str]:
        render = self.concepts.renderer
        return {"text": str(state), "svg": render(state) if render else ""}

    def action(self, name: str) -> int:
        """The action id the engine names `name` in the current state."""
        state = self.state
        for action in range(state.game.num_distinct_actions):
            if state.action_to_string(action) == name:
                return action
        raise AssertionError(f"the engine names no action {name!r}")

    def winners(self) -> list[int]:
        """The players the ended game gives a win (a return of 1.0)."""
        assert self.state.is_terminal(), f"the game goes on: {self.state}"
        return [p for p, value in enumerate(self.state.returns()) if value == 1.0]

    def position_value(self, key: str) -> Any:
        return self.state.to_dict()[key]


Table = MechanicsTable[Any, Any]
Step = tuple[Callable[..., Any], Any, Callable[..., None]]


def use_mechanics(table_type: type[MechanicsTable[Any, Any]]) -> None:
    """Define the ``table`` fixture and the steps of ``table_type.concepts`` in the module
    calling this (a game's step module, at module level), as pytest-bdd's decorators do."""
    caller = sys._getframe(1)
    if caller.f_locals is not caller.f_globals:
        raise ConceptError("use_mechanics(...) is called at the top level of a step module")
    concepts = getattr(table_type, "concepts", None)
    if not isinstance(concepts, Concepts):
        raise ConceptError(f"{table_type.__name__}.concepts is not a Concepts(...)")

    def table() -> Table:
        return table_type()

    caller.f_globals["table"] = pytest.fixture(name="table")(table)
    for decorator, parser, function in _steps(concepts):
        decorator(parser, stacklevel=2)(function)


def _steps(concepts: Concepts) -> list[Step]:
    steps = _players(concepts) + _decisions(concepts) + _ending()
    if concepts.dice:
        steps += _dice(concepts, concepts.dice)
    if concepts.scores:
        steps += _scores(concepts.scores)
    if concepts.turn:
        steps += _turn(concepts.turn)
    return steps


def _players(concepts: Concepts) -> list[Step]:
    title = re.escape(concepts.title)

    def a_game(table: Table, players: str) -> None:
        table.declare(int(players))

    def name_players(table: Table, names: str) -> None:
        if not table.declared:
            table.declare(len(notation.split_list(names)))
        table.name_players(names)

    def requested(table: Table, players: str) -> None:
        table.request(lambda: table.game_type(players=int(players)))

    return [
        (given, parsers.re(rf"an? (?P<players>\d+)-player game of {title}"), a_game),
        (given, parsers.re(r"the players are (?P<names>.+)"), name_players),
        (when, parsers.re(rf"an? (?P<players>\d+)-player game of {title} is requested"), requested),
    ]  # fmt: skip


def _decisions(concepts: Concepts) -> list[Step]:
    if not concepts.actions:
        return []
    by_verb = {concepts.third_person(a): a for a in concepts.actions}
    verbs = "|".join(re.escape(v) for v in sorted(by_verb, key=len, reverse=True))
    names = "|".join(re.escape(a) for a in sorted(concepts.actions, key=len, reverse=True))

    def decides(table: Table, who: str, verb: str) -> None:
        table.decide(who, table.action(by_verb[verb]))

    def tries(table: Table, who: str, action: str) -> None:
        current = table.state.current_player()
        assert current == table.player(who), f"it is not {who}'s turn: {table.state}"
        table.attempt(lambda: table.state.apply_action(table.action(action)))

    def legal(table: Table, who: str) -> list[str]:
        state: State = table.state
        return state.legal_action_strings(table.player(who))

    def can_choose(table: Table, who: str, listed: str) -> None:
        expected = notation.alternatives(listed)
        assert sorted(legal(table, who)) == sorted(expected), f"{who} can: {legal(table, who)}"

    def can_only(table: Table, who: str, action: str) -> None:
        assert legal(table, who) == [action], f"{who} can: {legal(table, who)}"

    def can_neither(table: Table, who: str, first: str, second: str) -> None:
        allowed = set(legal(table, who)) & {first, second}
        assert not allowed, f"{who} can: {legal(table, who)}"

    one = f"(?:{names})"
    return [
        (when, parsers.re(rf"(?P<who>.+?) (?P<verb>{verbs})"), decides),
        (when, parsers.re(rf"(?P<who>.+?) tries to (?P<action>{names})"), tries),
        (then, parsers.re(rf"(?P<who>.+?) can (?P<listed>{one}(?:, {one})* or {one})"), can_choose),
        (then, parsers.re(rf"(?P<who>.+?) can only (?P<action>{names})"), can_only),
        (then, parsers.re(rf"(?P<who>.+?) can neither (?P<first>{one}) nor (?P<second>{one})"),
         can_neither),
    ]  # fmt: skip


def _dice(concepts: Concepts, dice: Dice) -> list[Step]:
    verb = re.escape(dice.verb)

    def throw(table: Table, who: str, face: int) -> None:
        if dice.decision:
            table.decide(who, table.action(dice.decision))
        table.chance(dice.outcome.format(face=face))

    def rolls_a(table: Table, who: str, face: str) -> None:
        throw(table, who, int(face))

    def rolls_several(table: Table, who: str, faces: str) -> None:
        for face in notation.numbers(faces):
            throw(table, who, face)

    def equally_likely(table: Table, faces: str, share: str) -> None:
        state = table.state
        actual = [(state.action_to_string(a), p) for a, p in state.chance_outcomes_exact()]
        expected = [
            (dice.outcome.format(face=face), Fraction(1, int(share)))
            for face in range(1, int(faces) + 1)
        ]
        assert actual == expected, f"outcomes: {actual}"

    noun = re.escape(dice.noun)
    return [
        (when, parsers.re(rf"(?P<who>.+?) {verb} an? (?P<face>\d+)"), rolls_a),
        (when, parsers.re(rf"(?P<who>.+?) {verb} (?P<faces>\d+(?:, \d+)* and \d+)"), rolls_several),
        (then, parsers.re(rf"each {noun} from 1 to (?P<faces>\d+) comes up with probability "
                          r"1/(?P<share>\d+)"), equally_likely),
    ]  # fmt: skip


def _scores(key: str) -> list[Step]:
    def given_scores(table: Table, scores: str) -> None:
        table.describe()[key] = notation.numbers(scores)

    def then_scores(table: Table, scores: str) -> None:
        expected = notation.numbers(scores)
        table.expect(lambda data: data.__setitem__(key, expected))
        actual = table.position_value(key)
        assert actual == expected, f"scores: {actual}"

    def every_score_zero(table: Table) -> None:
        actual = table.position_value(key)
        assert actual == [0] * table.player_count, f"scores: {actual}"

    return [
        (given, parsers.re(r"the scores are (?P<scores>.+)"), given_scores),
        (then, parsers.re(r"the scores are (?P<scores>.+)"), then_scores),
        (then, parsers.re(r"every score is 0"), every_score_zero),
    ]


def _turn(key: str) -> list[Step]:
    def given_turn(table: Table, who: str) -> None:
        table.describe()[key] = table.player(who)

    def then_turn(table: Table, who: str) -> None:
        current = table.state.current_player()
        assert current == table.player(who), f"it is not {who}'s turn: {table.state}"

    return [
        (given, parsers.re(r"it is (?P<who>.+?)'s turn"), given_turn),
        (then, parsers.re(r"it is (?P<who>.+?)'s turn"), then_turn),
    ]


def _ending() -> list[Step]:
    def over(table: Table) -> None:
        assert table.state.is_terminal(), f"the game goes on: {table.state}"

    def wins(table: Table, who: str) -> None:
        expected = [] if who == "nobody" else [table.player(who)]
        assert table.winners() == expected, f"winners: {_named(table, table.winners())}"

    def win_together(table: Table, who: str) -> None:
        expected = sorted(table.players(who))
        assert table.winners() == expected, f"winners: {_named(table, table.winners())}"

    return [
        (then, parsers.re(r"the game is over"), over),
        (then, parsers.re(r"(?P<who>.+?) wins"), wins),
        (then, parsers.re(r"(?P<who>.+ and .+) win"), win_together),
    ]


def _named(table: Table, players: list[int]) -> str:
    return ", ".join(table.name(p) for p in players) or "nobody"
