"""Step definitions for features/mahola: thin wrappers over the engine and the notation.

A scenario first describes a game and a position: the players, the Characters' colours and
animals and the Dance cards it relies on (every card it does not describe becomes a blank
value-0 card, so no scenario depends on the placeholder data), then who holds what. Hands
and tableaux it leaves out are filled with blank cards. The position becomes a state through
the engine's validated `from_dict` the first time it is needed. Chance (deals, draws) is
forced through the scripted driver; simultaneous choices are written as a table with one
row per player and applied as one joint action.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

import engine
from engine.core import SIMULTANEOUS
from engine.mahola import (
    CHARACTERS,
    KEEP,
    MaholaGame,
    MaholaState,
    RoundRecord,
    move_action,
    name_action,
    parse_components,
    pass_action,
    place_action,
    play_action,
    recolour_action,
    shipped_data,
    swap_action,
)
from engine.mahola.svg import to_svg
from rulebooks.steps import notation as shared
from rulebooks.steps.common import *  # noqa: F403  (the steps every game shares)
from rulebooks.steps.table import GameTable
from tests.scenarios.mahola import notation

PHASE_WORDS = {
    "the Characters are dealt": "deal characters",
    "the Dance cards are dealt": "deal cards",
    "every player chooses a card to play": "play",
    "every player places their revealed card": "place",
    "every player passes two cards": "pass",
    "the players draw": "draw",
    "the Hunter draws": "hunter draw",
    "the Characters act": "abilities",
}


class MaholaTable(GameTable[MaholaGame, MaholaState]):
    """One scenario's game of Mahola (see `GameTable`)."""

    game_type = MaholaGame
    state_type = MaholaState

    def __init__(self) -> None:
        super().__init__()
        self.labels: dict[str, int] = {}
        self.card_rows: list[dict[str, Any] | None] | None = None
        self.character_rows: dict[str, dict[str, str]] | None = None

    # -- the game and its state ---------------------------------------------------------
    def game_parameters(self) -> dict[str, Any]:
        """The shipped components, or the scenario's Characters and cards."""
        params = super().game_parameters()
        if self.card_rows is not None or self.character_rows is not None:
            params["components"] = parse_components(self._component_data(), "scenario")
        return params

    def _component_data(self) -> dict[str, Any]:
        data = shipped_data()
        if self.character_rows is not None:
            data["characters"]["table"] = self.character_rows
        # Scenario-defined Characters or cards: every card the scenario does not describe
        # is blank, so nothing depends on the placeholder card data.
        first_colour = next(iter(data["characters"]["table"].values()))["colour"]
        blank = {**notation.BLANK_CARD, "colour": first_colour}
        table: list[dict[str, Any]] = [dict(blank) for _ in range(len(data["cards"]["table"]))]
        for number, row in enumerate(self.card_rows or []):
            if row is not None:  # None: a blank card the scenario only names
                table[number] = row
        data["cards"]["table"] = table
        return data

    def position(self, game: MaholaGame) -> dict[str, Any]:
        """The described position, with Characters, hands and tableaux filled in."""
        players = self.player_count
        data = {k: v for k, v in self.setup.items() if k not in {"hands", "tableaux", "played"}}
        phase = data.setdefault("phase", "play")
        turn = data.setdefault("turn", {"place": 2, "hunter draw": 5, "abilities": 5}.get(phase, 1))
        given_characters = self.setup.get("characters", {})
        free = [c for c in CHARACTERS if c not in given_characters.values()]
        data["characters"] = [
            given_characters[p] if p in given_characters else free.pop(0) for p in range(players)
        ]
        hunter = data["characters"].index("Hunter") if "Hunter" in data["characters"] else None
        hand_size, tableau_size = {
            "play": (5, turn - 1), "place": (4, turn - 1), "pass": (4, turn),
            "hunter draw": (5, 5), "abilities": (5, 5),
        }[phase]  # fmt: skip
        hands = self.setup.get("hands", {})
        tableaux = self.setup.get("tableaux", {})
        played = self.setup.get("played", {})
        used = {c for group in (*hands.values(), *tableaux.values()) for c in group}
        used |= set(played.values())
        spare = (
            c for c in range(44) if c not in used and c not in self.labels.values()
        )  # blank cards (every card is blank unless the scenario describes it)
        data["hands"], data["tableaux"] = [], []
        for p in range(players):
            size = hand_size + (1 if phase == "abilities" and p == hunter else 0)
            data["hands"].append(hands[p] if p in hands else [next(spare) for _ in range(size)])
            data["tableaux"].append(
                tableaux[p] if p in tableaux else [next(spare) for _ in range(tableau_size)]
            )
        if phase == "place":
            data["played"] = [played[p] if p in played else next(spare) for p in range(players)]
        tokens = data.get("tokens", [0] * players)
        data.setdefault("round", sum(tokens) + 1)
        return data

    # -- pictures for the site (the recorder's world protocol) -----------------------------
    def picture(self, state: MaholaState) -> dict[str, str]:
        """The whole position as text and SVG, players and cards named as the scenario names
        them (blank cards drawn as blank), with a legend of those names under the text."""
        names = self.player_names()
        labels = {number: label for label, number in self.labels.items()}
        svg = to_svg(state, names=names, labels=labels, blank=self.blank_cards(state))
        legend = []
        if names:
            legend.append("players: " + ", ".join(f"player {p} = {n}" for p, n in enumerate(names)))
        if labels:
            legend.append(
                "cards: " + ", ".join(f"card {n} = {label}" for n, label in sorted(labels.items()))
            )
        return {"text": "\n".join([str(state), *legend]), "svg": svg}

    def blank_cards(self, state: MaholaState) -> set[int]:
        """The cards with no printed data: every card the scenario did not describe, once it
        describes cards or Characters (none with the shipped components)."""
        if self.card_rows is None and self.character_rows is None:
            return set()
        described = {n for n, row in enumerate(self.card_rows or []) if row is not None}
        return set(range(len(state.game.cards))) - described

    # -- reading the notation ---------------------------------------------------------------
    def card(self, text: str) -> int:
        return notation.card(text, self.labels)

    def cards(self, text: str) -> list[int]:
        return notation.cards(text, self.labels)

    def shown(self, cards: list[int]) -> str:
        return notation.card_names(cards, self.labels)

    # -- playing ------------------------------------------------------------------------------
    def joint(self, datatable: list[list[str]], *, complete: bool = True) -> list[int]:
        """The joint action of a table with one row per player (in any order)."""
        rows = notation.table_rows(datatable)
        chosen: dict[int, int] = {}
        for row in rows:
            player = self.player(row["player"])
            chosen[player] = self.action(player, row)
        if complete:
            missing = [p + 1 for p in range(self.player_count) if p not in chosen]
            assert not missing, f"the table gives no choice for player(s) {missing}"
        return [chosen[p] for p in sorted(chosen)]

    def action(self, player: int, row: dict[str, str]) -> int:
        """One player's choice, read from the columns the table has."""
        if "plays" in row:
            return play_action(self.card(row["plays"]))
        if "places at" in row:
            return place_action(notation.end(row["places at"], len(self.state.tableau(player))))
        if "passes left" in row:
            return pass_action(self.card(row["passes left"]), self.card(row["passes right"]))
        if "ability" in row:
            kind, args = notation.ability(row["ability"], self.labels)
            if kind == "keep":
                return KEEP
            if kind == "name":
                return name_action(args[0])
            if kind == "swap":
                return swap_action(*args)
            if kind == "move":
                return move_action(*args)
            return recolour_action(args[0], self.game.colours.index(args[1]))
        raise AssertionError(f"the table has no column of choices: {sorted(row)}")


@pytest.fixture
def mahola() -> MaholaTable:
    return MaholaTable()


@pytest.fixture
def table(mahola: MaholaTable) -> MaholaTable:
    """The same table, for the steps every game shares (`rulebooks.steps.common`)."""
    return mahola


# -- Given: the game ---------------------------------------------------------------------------
@given(parsers.parse("a {n:d}-player game of Mahola"))
def given_game(mahola: MaholaTable, n: int) -> None:
    mahola.declare(n)


@given(parsers.parse("the {name} reading is {value}"))
def given_reading(mahola: MaholaTable, name: str, value: str) -> None:
    key = {"secondary dance": "secondary", "secondary dance points": "secondary_points",
           "adjacency": "adjacency", "Chief's count": "chief_count"}  # fmt: skip
    assert name in key, f"readings: {', '.join(key)}"
    mahola.params[key[name]] = value


@given(parsers.parse("the players, in seating order, are {names}"))
def given_names(mahola: MaholaTable, names: str) -> None:
    mahola.name_players(names)


@given("the Characters are:")
def given_characters(mahola: MaholaTable, datatable: list[list[str]]) -> None:
    rows = notation.table_rows(datatable)
    mahola.character_rows = {
        row["character"]: {"colour": row["colour"], "animal": row["animal"]} for row in rows
    }


@given("the Dance cards are, every other card being blank:")
def given_cards(mahola: MaholaTable, datatable: list[list[str]]) -> None:
    rows = notation.table_rows(datatable)
    mahola.card_rows = mahola.card_rows or []
    for row in rows:
        mahola.labels[row["card"]] = len(mahola.card_rows)
        mahola.card_rows.append(notation.card_data(row))


@given(parsers.parse("blank cards named {names}"))
def given_blank_cards(mahola: MaholaTable, names: str) -> None:
    mahola.card_rows = mahola.card_rows or []
    for name in notation.labels(names):
        assert name not in mahola.labels, f"card {name} is named twice"
        mahola.labels[name] = len(mahola.card_rows)
        mahola.card_rows.append(None)


# -- Given: the position -----------------------------------------------------------------------
@given(parsers.parse("turn {turn:d} begins"))
def given_turn(mahola: MaholaTable, turn: int) -> None:
    mahola.describe().update(phase="play", turn=turn)


@given(parsers.parse("the players are about to place their revealed cards on turn {turn:d}"))
def given_place(mahola: MaholaTable, turn: int) -> None:
    mahola.describe().update(phase="place", turn=turn)


@given(parsers.parse("the players are about to pass cards on turn {turn:d}"))
def given_pass(mahola: MaholaTable, turn: int) -> None:
    mahola.describe().update(phase="pass", turn=turn)


@given("the five turns are over and the Characters are about to act")
def given_abilities(mahola: MaholaTable) -> None:
    mahola.describe().update(phase="abilities", turn=5)


@given("the five turns are over and the Hunter is about to draw")
def given_hunter_draw(mahola: MaholaTable) -> None:
    mahola.describe().update(phase="hunter draw", turn=5)


@given(parsers.parse("{who} is the {character}"))
def given_character(mahola: MaholaTable, who: str, character: str) -> None:
    assert character in CHARACTERS, f"Characters: {', '.join(CHARACTERS)}"
    mahola.describe().setdefault("characters", {})[mahola.player(who)] = character


@given(parsers.parse("{who}'s hand is {cards}"))
def given_hand(mahola: MaholaTable, who: str, cards: str) -> None:
    mahola.describe().setdefault("hands", {})[mahola.player(who)] = mahola.cards(cards)


@given(parsers.parse("{who}'s tableau is {cards} from left to right"))
def given_tableau(mahola: MaholaTable, who: str, cards: str) -> None:
    mahola.describe().setdefault("tableaux", {})[mahola.player(who)] = mahola.cards(cards)


@given(parsers.parse("{who} has revealed {card}"))
def given_revealed(mahola: MaholaTable, who: str, card: str) -> None:
    mahola.describe().setdefault("played", {})[mahola.player(who)] = mahola.card(card)


@given(parsers.parse("the Favor tokens are {entries}"))
def given_tokens(mahola: MaholaTable, entries: str) -> None:
    tokens = [0] * mahola.player_count
    for who, count in shared.named_numbers(entries):
        tokens[mahola.player(who)] = count
    mahola.describe()["tokens"] = tokens


# -- When: chance -----------------------------------------------------------------------------
@when(parsers.parse("the Characters are dealt in order: {characters}"))
def deal_characters(mahola: MaholaTable, characters: str) -> None:
    mahola.chance(*(f"deal the {c}" for c in shared.split_list(characters)))


@when("the Dance cards are dealt one at a time round the table:")
def deal_cards(mahola: MaholaTable, datatable: list[list[str]]) -> None:
    hands = {
        mahola.player(row["player"]): mahola.cards(row["cards"])
        for row in notation.table_rows(datatable)
    }
    for round_ in range(5):
        for p in range(mahola.player_count):
            mahola.chance(f"deal card {hands[p][round_]}")


@when(parsers.parse("the players draw {cards} in turn"))
def draw_cards(mahola: MaholaTable, cards: str) -> None:
    mahola.chance(*(f"draw card {c}" for c in mahola.cards(cards)))


@when(parsers.parse("the Hunter draws {card}"))
def hunter_draws(mahola: MaholaTable, card: str) -> None:
    mahola.chance(f"the Hunter draws card {mahola.card(card)}")


@when(parsers.parse("{card} is forced as the next card {dealt_or_drawn}"))
def force_card(mahola: MaholaTable, card: str, dealt_or_drawn: str) -> None:
    verb = {"dealt": "deal", "drawn": "draw"}[dealt_or_drawn]
    name = f"{verb} card {mahola.card(card)}"
    mahola.attempt(lambda: mahola.chance(name))


@when(parsers.parse("the {character} is forced as the next Character dealt"))
def force_character(mahola: MaholaTable, character: str) -> None:
    mahola.attempt(lambda: mahola.chance(f"deal the {character}"))


# -- When: the players' choices ----------------------------------------------------------------
@when("the players choose at the same time:")
def choose(mahola: MaholaTable, datatable: list[list[str]]) -> None:
    assert mahola.state.current_player() == SIMULTANEOUS, f"next comes {mahola.state.phase}"
    mahola.state.apply_actions(mahola.joint(datatable))


@when("the players try to choose at the same time:")
def try_choose(mahola: MaholaTable, datatable: list[list[str]]) -> None:
    actions = mahola.joint(datatable, complete=False)
    mahola.attempt(lambda: mahola.state.apply_actions(actions))


@when(parsers.parse("a {n:d}-player game of Mahola is requested"))
def request_game(mahola: MaholaTable, n: int) -> None:
    mahola.request(lambda: engine.load_game("mahola", players=n))


@when("the Dance card table is read:")
def read_card_table(mahola: MaholaTable, datatable: list[list[str]]) -> None:
    rows: list[dict[str, Any] | None] = [
        notation.card_data(row) for row in notation.table_rows(datatable)
    ]
    mahola.card_rows = rows
    mahola.request(lambda: parse_components(mahola._component_data(), "scenario cards"))


# -- Then: hands, tableaux, phases ------------------------------------------------------------
@then(parsers.parse("{who}'s hand is {cards}"))
def hand_is(mahola: MaholaTable, who: str, cards: str) -> None:
    actual = mahola.state.hand(mahola.player(who))
    expected = sorted(mahola.cards(cards))
    assert actual == expected, f"{who}'s hand is {mahola.shown(actual)}"


@then(parsers.parse("{who}'s hand holds {n:d} cards"))
def hand_holds(mahola: MaholaTable, who: str, n: int) -> None:
    actual = mahola.state.hand(mahola.player(who))
    assert len(actual) == n, f"{who}'s hand holds {mahola.shown(actual)}"


@then(parsers.parse("every hand holds {n:d} cards"))
def every_hand_holds(mahola: MaholaTable, n: int) -> None:
    sizes = [len(mahola.state.hand(p)) for p in range(mahola.player_count)]
    assert sizes == [n] * mahola.player_count, f"the hands hold {sizes} cards"


@then(parsers.parse("{who}'s tableau is {cards} from left to right"))
def tableau_is(mahola: MaholaTable, who: str, cards: str) -> None:
    actual = mahola.state.tableau(mahola.player(who))
    assert actual == mahola.cards(cards), f"{who}'s tableau is {mahola.shown(actual)}"


@then(parsers.parse("every tableau holds {n:d} cards"))
def every_tableau_holds(mahola: MaholaTable, n: int) -> None:
    sizes = [len(mahola.state.tableau(p)) for p in range(mahola.player_count)]
    assert sizes == [n] * mahola.player_count, f"the tableaux hold {sizes} cards"


@then(parsers.parse("{who}'s final tableau was {cards} from left to right"))
def final_tableau(mahola: MaholaTable, who: str, cards: str) -> None:
    last = mahola.state.last_round
    assert last is not None, "no round has finished"
    actual = list(last.tableaux[mahola.player(who)])
    assert actual == mahola.cards(cards), f"{who}'s final tableau was {mahola.shown(actual)}"


@then(parsers.parse("next, {what}"))
def next_is(mahola: MaholaTable, what: str) -> None:
    assert what in PHASE_WORDS, f"phases: {', '.join(PHASE_WORDS)}"
    assert mahola.state.phase == PHASE_WORDS[what], f"next comes {mahola.state.phase}"


@then(parsers.parse("it is turn {turn:d} of round {number:d}"))
def turn_is(mahola: MaholaTable, turn: int, number: int) -> None:
    actual = (mahola.state.turn, mahola.state.round_number)
    assert actual == (turn, number), f"it is turn {actual[0]} of round {actual[1]}"


@then(parsers.parse("the draw pile holds {n:d} cards"))
def pile_holds(mahola: MaholaTable, n: int) -> None:
    assert mahola.state.deck_size == n, f"the draw pile holds {mahola.state.deck_size} cards"


@then(parsers.parse("{who} holds the {character}"))
def holds_character(mahola: MaholaTable, who: str, character: str) -> None:
    actual = mahola.state.character(mahola.player(who))
    assert actual == character, f"{who} holds the {actual}"


@then(parsers.parse("the {character} stays out of the round"))
def nobody_holds(mahola: MaholaTable, character: str) -> None:
    holder = mahola.state.player_of(character)
    assert holder is None, f"player {holder} holds the {character}"


@then(parsers.parse("{who} may play {cards}"))
def may_play(mahola: MaholaTable, who: str, cards: str) -> None:
    legal = mahola.state.legal_actions(mahola.player(who))
    assert legal == sorted(play_action(c) for c in mahola.cards(cards)), (
        mahola.state.legal_action_strings(mahola.player(who))
    )


@then(parsers.parse("{who}'s choices are {choices}"))
def choices_are(mahola: MaholaTable, who: str, choices: str) -> None:
    actual = mahola.state.legal_action_strings(mahola.player(who))
    assert actual == shared.split_list(choices), f"{who}'s choices are {', '.join(actual)}"


@then(parsers.parse('{who}\'s choices include "{choice}"'))
def choices_include(mahola: MaholaTable, who: str, choice: str) -> None:
    actual = mahola.state.legal_action_strings(mahola.player(who))
    assert choice in actual, f"{who}'s choices are {', '.join(actual)}"


@then(parsers.parse("{who} has {n:d} choices"))
def choice_count(mahola: MaholaTable, who: str, n: int) -> None:
    actual = mahola.state.legal_action_strings(mahola.player(who))
    assert len(actual) == n, f"{who} has {len(actual)} choices: {', '.join(actual)}"


@then(parsers.parse("each card of the draw pile comes next with probability 1/{n:d}"))
def pile_odds(mahola: MaholaTable, n: int) -> None:
    outcomes = mahola.state.chance_outcomes_exact()
    assert len(outcomes) == n == mahola.state.deck_size, f"{len(outcomes)} possible cards"
    assert {p for _, p in outcomes} == {Fraction(1, n)}, outcomes
    drawn_evenly(mahola.state, n)


@then(parsers.parse("each Character left comes next with probability 1/{n:d}"))
def character_odds(mahola: MaholaTable, n: int) -> None:
    outcomes = mahola.state.chance_outcomes_exact()
    assert len(outcomes) == n and {p for _, p in outcomes} == {Fraction(1, n)}, outcomes
    drawn_evenly(mahola.state, n)


def drawn_evenly(state: MaholaState, n: int) -> None:
    """As a driver draws chance (`chance_outcome_at`, a uniform pick from 0 to 1): each of the
    n outcomes, in order, takes one n-th of the range, up to the highest pick below 1."""
    outcomes = [a for a, _ in state.chance_outcomes_exact()]
    picks = [0.0, *((i + 0.5) / n for i in range(n)), 1 - 2**-53]
    drawn = [state.chance_outcome_at(pick) for pick in picks]
    assert drawn == [outcomes[0], *outcomes, outcomes[-1]], drawn


# -- Then: what each player sees ---------------------------------------------------------------
def view(mahola: MaholaTable, who: str) -> str:
    """What a player sees now: the engine's observation string for that player."""
    return mahola.state.observation_string(mahola.player(who))


@then(parsers.parse('{who} sees "{text}"'))
def sees(mahola: MaholaTable, who: str, text: str) -> None:
    shown = view(mahola, who)
    assert text in shown, f"{who} sees:\n{shown}"


@then(parsers.parse('{who} does not see "{text}"'))
def does_not_see(mahola: MaholaTable, who: str, text: str) -> None:
    shown = view(mahola, who)
    assert text not in shown, f"{who} sees:\n{shown}"


@then(parsers.parse("{who} sees {cards} in {owner}'s hand"))
def sees_cards(mahola: MaholaTable, who: str, cards: str, owner: str) -> None:
    line = block_line(view(mahola, who), mahola.player(owner), "hand:")
    for card in mahola.cards(cards):
        assert f"card {card} (" in line, f"{who} sees {owner}'s hand as: {line}"


@then(parsers.parse("{who} sees how many cards {owner} holds, not which"))
def sees_hand_size(mahola: MaholaTable, who: str, owner: str) -> None:
    line = block_line(view(mahola, who), mahola.player(owner), "hand:")
    assert line.endswith(" cards") and "(" not in line, f"{who} sees {owner}'s hand as: {line}"


@then(parsers.parse("{who} sees {owner}'s revealed card {card}"))
def sees_revealed(mahola: MaholaTable, who: str, owner: str, card: str) -> None:
    line = block_line(view(mahola, who), mahola.player(owner), "revealed:")
    assert f"card {mahola.card(card)} (" in line, f"{who} sees {owner}'s revealed card: {line}"


@then(parsers.parse("{who} sees no card revealed by {owner}"))
def sees_no_revealed(mahola: MaholaTable, who: str, owner: str) -> None:
    shown = view(mahola, who)
    line = block_line(shown, mahola.player(owner), "revealed:")
    assert line == "", f"{who} sees {owner}'s revealed card: {line}"


@then(parsers.parse("{who} sees {owner}'s Character, the {character}"))
def sees_character(mahola: MaholaTable, who: str, owner: str, character: str) -> None:
    line = player_line(view(mahola, who), mahola.player(owner))
    assert f"the {character} (" in line, f"{who} sees {owner} as: {line}"


@then(parsers.parse("{who} does not see {owner}'s Character"))
def hides_character(mahola: MaholaTable, who: str, owner: str) -> None:
    line = player_line(view(mahola, who), mahola.player(owner))
    assert line.endswith("Character hidden"), f"{who} sees {owner} as: {line}"
    assert not any(c in line for c in CHARACTERS), line


def player_line(shown: str, player: int) -> str:
    """The line of the observation that opens a player's block."""
    return next(line for line in shown.splitlines() if line.startswith(f"player {player}:"))


def block_line(shown: str, player: int, key: str) -> str:
    """A line (hand:, tableau:, revealed:) of a player's block; "" when there is none."""
    lines = shown.splitlines()
    start = lines.index(player_line(shown, player))
    for line in lines[start + 1 :]:
        if not line.startswith("  "):
            break
        if line.strip().startswith(key):
            return line.strip()
    return ""


# -- Then: scores, tokens and the end ---------------------------------------------------------
@then(parsers.parse("{who}'s dance is worth {points:d} points"))
@then(parsers.parse("{who}'s dance is worth {points:d} point"))
def dance_worth(mahola: MaholaTable, who: str, points: int) -> None:
    score = mahola.state.score(mahola.player(who))
    assert score.total == points, f"{who}'s dance is worth {score.total}: {score}"


@then("the dances are worth:")
def dances_worth(mahola: MaholaTable, datatable: list[list[str]]) -> None:
    for row in notation.table_rows(datatable):
        score = mahola.state.score(mahola.player(row["player"]))
        actual = {
            "cards": str(sum(score.card_points)),
            "card by card": ", ".join(map(str, score.card_points)),
            "secondary": str(score.secondary),
            "matching": str(score.matching),
            "adjacency": str(score.adjacency),
            "total": str(score.total),
        }
        for column, value in row.items():
            if column != "player":
                assert actual[column] == value, f"{row['player']}: {column} is {actual[column]}"


def finished_round(mahola: MaholaTable, number: int | None = None) -> RoundRecord:
    """The round finished last (round `number`, when given). MAHOLA-5.1: its scores stand
    once the round is over, so the position saved and read back keeps the same record: its
    Characters, the Shaman's colour, the Chief's dance, and the scores they give."""
    last = mahola.state.last_round
    assert last is not None, "no round has finished"
    assert number is None or last.number == number, f"round {last.number} finished last"
    saved = json.loads(json.dumps(mahola.state.to_dict()))
    again = mahola.game.state_from_dict(saved).last_round
    assert again == last, f"saved and read back, the round's record is {again}, not {last}"
    return last


@then("the round's scores were:")
def round_scores(mahola: MaholaTable, datatable: list[list[str]]) -> None:
    last = finished_round(mahola)
    for row in notation.table_rows(datatable):
        score = last.scores[mahola.player(row["player"])]
        actual = {
            "cards": str(sum(score.card_points)),
            "secondary": str(score.secondary),
            "matching": str(score.matching),
            "adjacency": str(score.adjacency),
            "chief": str(score.chief),
            "special": str(score.special),
            "total": str(score.total),
        }
        for column, value in row.items():
            if column != "player":
                assert actual[column] == value, f"{row['player']}: {column} is {actual[column]}"


@then(parsers.parse("{who} scored {points:d} points in round {number:d}"))
@then(parsers.parse("{who} scored {points:d} point in round {number:d}"))
def scored(mahola: MaholaTable, who: str, points: int, number: int) -> None:
    last = finished_round(mahola, number)
    actual = last.scores[mahola.player(who)]
    assert actual.total == points, f"{who} scored {actual.total}: {actual}"


@then(parsers.parse("{who} wins round {number:d} and takes a Favor token"))
def wins_round(mahola: MaholaTable, who: str, number: int) -> None:
    last = finished_round(mahola, number)
    winner = last.winner
    assert winner == mahola.player(who), f"the round went to {winner}"


@then(parsers.parse("nobody takes a Favor token in round {number:d}"))
def nobody_wins(mahola: MaholaTable, number: int) -> None:
    last = finished_round(mahola, number)
    assert last.winner is None, f"player {last.winner} took the token"


@then(parsers.parse("the Favor tokens are {entries}"))
def tokens_are(mahola: MaholaTable, entries: str) -> None:
    for who, count in shared.named_numbers(entries):
        actual = mahola.state.tokens(mahola.player(who))
        assert actual == count, f"{who} holds {actual} Favor tokens"


@then(parsers.parse("round {number:d} begins with a new deal of the Characters"))
def new_round(mahola: MaholaTable, number: int) -> None:
    state = mahola.state
    assert state.round_number == number, f"round {state.round_number}"
    assert state.phase == "deal characters", f"next comes {state.phase}"
    assert state.deck_size == 44 and not any(state.tableau(p) for p in range(mahola.player_count))


@then(parsers.parse("the game is over and {who} wins"))
def game_won(mahola: MaholaTable, who: str) -> None:
    state = mahola.state
    assert state.is_terminal(), f"the game goes on: next comes {state.phase}"
    returns = state.returns()
    assert state.winner == mahola.player(who) and returns[mahola.player(who)] == 1.0, returns
    assert sum(returns) == 1.0, returns
