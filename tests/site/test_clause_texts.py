"""Clause texts say what the rulebook says, and say where a ruling steps in.

Every clause has a real title; a clause and the ruling it is read under name each other
(the clause's ``:ruling:``, the interpretation's ``:clauses:`` and every clause ID the
interpretation's text cites); ``@example`` marks only the examples the rulebook prints.
"""

from __future__ import annotations

import re

import pytest

from tests.site.test_traceability import GAMES, ROOT, clause_options, scenarios

INTERPRETATION = re.compile(
    r"^```\{interpretation\} (\S+)[ \t]*\n((?::[\w-]+:[^\n]*\n)*)(.*?)^```[ \t]*$",
    re.MULTILINE | re.DOTALL,
)

PRINTED_EXAMPLES: dict[str, dict[str, str]] = {
    # game -> {scenario tagged @example: the rulebook section that prints its example}
    "mahe": {
        "The rulebook's bust: 2, then 6": "Gameplay",
        "The rulebook's two dice: 4 and 2 move 12 spaces": "Turtle Movement",
        "The rulebook's three dice: 2, 1 and 4 bring a turtle back to its space": "Turtle Movement",
        "The rulebook's three dice from the raft: 2, 1 and 4 end on space 21": "Turtle Movement",
        "The rulebook's stack: red carries yellow 18 spaces and yellow's owner takes the 5-egg "
        "card": "Riding Along",
        "The rulebook's final scores: Marina 22, Evgeny 17, Darya 22, Andrei 20": "End of the Game",
        "The rulebook's variant: a first die of 5 and a 2-egg card move 14 spaces": "Variant",
    },
    "mahola": {
        "The rulebook's picture: a card may go at A, at either end, but not at B, between two "
        "cards": "Playing a Round",
    },
    "mamey": {
        "After the fields, each player in turn is dealt two cards":
            "Game Setup and Individual Player Setup",
        "The rulebook's harvest: field 1 returned face up, field 2 received, fields 1 and 2 "
        "replenished": "1. Harvest Beans",
        "The rulebook's Store caption: three cards of one number in different colours sell for 6 "
        "or 4": "2. Sell Beans (1)",
        "The rulebook's placement example: three consecutive cards of one colour go on either "
        "square of their cell": "2. Sell Beans (2)",
        "The rulebook's Joker example: a run of three with the Joker standing for the 2":
            "Joker Cards",
        "The rulebook's final score: 2 cubes in hand, 5 + 4 + 5 + 4 on the Store board and 5 Bean "
        "Bonus icons make 25 Mamey": "Scoring after the Game Ends",
    },
    "masai": {
        "A <players>-player round draws a pool of <pool> dice": "Turn Flow",
        "The rulebook's example: Rennan scores 1 + 1 + 3 = 5": "Inner Line Scoring",
    },
}  # fmt: skip


def interpretations(game: str) -> dict[str, tuple[dict[str, str], str]]:
    """Each interpretation of the game: its options and its text."""
    text = (ROOT / "docs" / game / "interpretations.md").read_text("utf-8")
    return {
        ident: (dict(re.findall(r"^:([\w-]+):[ \t]*(.*)$", options, re.MULTILINE)), body)
        for ident, options, body in INTERPRETATION.findall(text)
    }


def ids(text: str) -> list[str]:
    return text.replace(",", " ").split()


@pytest.mark.parametrize("game", GAMES)
def test_every_clause_has_a_real_title(game: str) -> None:
    titles = {
        ident: options.get("title", "").strip() for ident, options in clause_options(game).items()
    }
    placeholders = {"", "none", "null", "todo", "tbd", "-"}
    bad = {ident: title for ident, title in titles.items() if title.lower() in placeholders}
    assert titles and not bad, f"clauses without a real title: {bad}"


@pytest.mark.parametrize("game", GAMES)
def test_clauses_and_rulings_name_each_other(game: str) -> None:
    named_by: dict[str, set[str]] = {}
    for clause, options in clause_options(game).items():
        for ruling in ids(options.get("ruling", "")):
            named_by.setdefault(ruling, set()).add(clause)
    cite = re.compile(rf"\b{game.upper()}-\d+\.\d+\b")
    wrong = []
    for ruling, (options, body) in interpretations(game).items():
        listed = set(ids(options.get("clauses", "")))
        naming = named_by.get(ruling, set())
        if not naming:
            wrong.append(f"{ruling}: no clause names it in its :ruling:")
        if listed != naming:
            wrong.append(f"{ruling}: :clauses: {sorted(listed)}, named by {sorted(naming)}")
        for clause in sorted(set(cite.findall(body)) - naming):
            wrong.append(f"{ruling}: its text cites {clause}, which does not name it")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game", GAMES)
def test_example_only_on_the_rulebooks_printed_examples(game: str) -> None:
    printed = PRINTED_EXAMPLES[game]
    tagged = {s.name: s for _, s in scenarios(game) if "example" in s.own_tags}
    assert sorted(tagged) == sorted(printed), "@example on a scenario the list does not name"
    for name, section in printed.items():
        said = tagged[name].description.strip()
        assert said.startswith(f"Rulebook, {section}"), f"{name!r} does not cite {section!r}"
