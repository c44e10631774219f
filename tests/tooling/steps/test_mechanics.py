"""The step library of common mechanics (rulebooks/steps/mechanics.py): Pig's scenarios
are worded by it, each of their steps matched by one definition only, its steps fail when
the game does not do what they say, and concepts naming no usable mechanic are refused."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from pytest_bdd.steps import step_function_context_registry

from rulebooks.steps import notation
from rulebooks.steps.mechanics import ConceptError, Concepts, Dice

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parents[3]
PIG = ROOT / "examples" / "pig"
_STEP = re.compile(r"^\s*(Given|When|Then|And|But) (.+)$")


def _pig_definitions() -> list[object]:
    sys.path.insert(0, str(PIG))
    try:
        import pig_steps
    finally:
        sys.path.remove(str(PIG))
    return [
        step_function_context_registry[value._get_wrapped_function()]
        for name, value in vars(pig_steps).items()
        if name.startswith("pytestbdd_stepdef_")
    ]


def _pig_steps() -> list[tuple[str, str]]:
    """(given/when/then, text) of every step of Pig's feature files, outline rows as 2."""
    found = []
    for feature in sorted((PIG / "features" / "pig").glob("*.feature")):
        kind = ""
        for line in feature.read_text("utf-8").splitlines():
            match = _STEP.match(line)
            if match:
                if match.group(1) in {"Given", "When", "Then"}:
                    kind = match.group(1).lower()
                found.append((kind, re.sub(r"<\w+>", "2", match.group(2))))
    return found


def test_every_pig_step_has_one_definition_and_most_come_from_the_library() -> None:
    definitions = _pig_definitions()
    from_library = 0
    for kind, text in _pig_steps():
        matching = [d for d in definitions
                    if d.type == kind and d.parser.is_matching(text)]  # type: ignore[attr-defined]  # fmt: skip
        assert len(matching) == 1, f"{kind} {text!r}: {len(matching)} definitions"
        module = matching[0].step_func.__module__  # type: ignore[attr-defined]
        from_library += module.startswith("rulebooks.steps")
    assert from_library / len(_pig_steps()) > 0.6, f"only {from_library} steps from the library"


FEATURE = """\
Feature: the library's steps say what the game does
  Rule: R
    Scenario: only holding is claimed on a fresh game
      Given a 2-player game of Pig
      And the game is set up
      Then player 1 can only hold

    Scenario: the wrong winner is claimed
      Given a 2-player game of Pig
      And the scores are 98 and 0
      And it is player 1's turn with a turn total of 4
      When player 1 holds
      Then player 2 wins

    Scenario: a roll is forced and scored
      Given a 2-player game of Pig
      And the game is set up
      When player 1 rolls 6 and 5
      Then it is player 1's turn
      And player 1 can hold or roll
      When player 1 holds
      Then the scores are 11 and 0
      And it is player 2's turn

    Scenario: the wrong scores are claimed
      Given a 2-player game of Pig
      And the game is set up
      When player 1 rolls a 4
      And player 1 holds
      Then the scores are 5 and 0
"""


def test_the_library_steps_fail_when_the_game_does_otherwise(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(
        f"import sys\nsys.path.insert(0, {str(PIG)!r})\nfrom pig_steps import *  # noqa\n"
    )
    pytester.makefile(".feature", claims=FEATURE)
    pytester.makepyfile(
        test_claims='from pytest_bdd import scenarios\nscenarios("claims.feature")\n'
    )
    result = pytester.runpytest("-p", "no:randomly", "-p", "no:rulebooks.run.recorder")
    result.assert_outcomes(passed=1, failed=3)
    out = result.stdout.str()
    assert "player 1 can: ['roll', 'hold']" in out
    assert "winners: player 1" in out
    assert "scores: [4, 0]" in out


@pytest.mark.parametrize(
    ("concepts", "words"),
    [
        (lambda: Concepts(title=" "), "the game's title is empty"),
        (lambda: Concepts(title="Pig", actions=("Roll",)), "name actions in lower case words"),
        (lambda: Concepts(title="Pig", actions=("roll", "roll")), "an action is named twice"),
        (lambda: Concepts(title="Pig", verbs={"pass": "passes"}), "verbs for ['pass']"),
        (lambda: Concepts(title="Pig", actions=("hold",), dice=Dice()),
         "the dice are thrown by 'roll', which is not among the actions ['hold']"),
    ],
)  # fmt: skip
def test_concepts_naming_no_usable_mechanic_are_refused(concepts: object, words: str) -> None:
    with pytest.raises(ConceptError, match=re.escape(words)):
        concepts()  # type: ignore[operator]


def test_third_person_and_choices() -> None:
    concepts = Concepts(title="X", actions=("hold", "pass", "draw a card"),
                        verbs={"pass": "passes"})  # fmt: skip
    assert [concepts.third_person(a) for a in concepts.actions] == [
        "holds", "passes", "draws a card"]  # fmt: skip
    assert notation.alternatives("roll, hold or pass") == ["roll", "hold", "pass"]
    assert notation.alternatives("hold or roll") == ["hold", "roll"]
    with pytest.raises(notation.NotationError, match="cannot read the choices"):
        notation.alternatives("hold, , roll")
