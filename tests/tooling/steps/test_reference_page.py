"""The reference page (``docs/guide/reference.md``) says what the code does: it names every
part of the engine protocol, of ``GameSpec`` and of the scenario table, and lists every step
the shared module and the step library define, each wording matching one of them."""

from __future__ import annotations

import dataclasses
import inspect
import re
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.steps import step_function_context_registry

import rulebooks.steps.common
from engine.core import Game, State
from rulebooks.games.spec import GameSpec
from rulebooks.steps import mechanics
from rulebooks.steps.mechanics import Concepts, Dice
from rulebooks.steps.table import GameTable

PAGE = Path(__file__).resolve().parents[3] / "docs" / "guide" / "reference.md"
# Pig's concepts, as the page words its steps with them. Written out, not imported from
# examples/pig/pig_steps.py: importing it runs use_mechanics, which registers Pig's steps in
# pytest-bdd's registry for the rest of this process (other suites on the worker see them).
PIG = Concepts(
    title="Pig",
    actions=("roll", "hold"),
    dice=Dice(outcome="die {face}", decision="roll"),
    scores="scores",
    turn="turn_player",
)


def _section(title: str) -> str:
    text = PAGE.read_text("utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else None]


def _named(section: str) -> set[str]:
    """The names the section writes as code, call parentheses dropped."""
    names: set[str] = set()
    for code in re.findall(r"`([^`]+)`", section):
        names.update(re.findall(r"(?:^|\b)([A-Za-z_][A-Za-z0-9_]*)(?=\(|$|,)", code))
        names.add(code.split("(")[0])
    return names


def _wordings(section: str) -> list[tuple[str, str]]:
    """The ``(keyword, text)`` of every step line of the section's Gherkin blocks."""
    lines: list[tuple[str, str]] = []
    for block in re.findall(r"```gherkin\n(.*?)```", section, re.S):
        for line in block.splitlines():
            keyword, _, text = line.strip().partition(" ")
            lines.append((keyword.lower(), text))
    return lines


def _common_steps() -> list[tuple[str | None, Any]]:
    return [
        (context.type, context.parser)
        for function, context in step_function_context_registry.items()
        if getattr(function, "__module__", "") == rulebooks.steps.common.__name__
        or context.step_func.__module__ == rulebooks.steps.common.__name__
    ]


def _library_steps() -> list[tuple[str | None, Any]]:
    return [(decorator.__name__, parser) for decorator, parser, _ in mechanics._steps(PIG)]


def _public(cls: type, *, own: bool = True) -> set[str]:
    return {
        name
        for name, _ in inspect.getmembers(cls)
        if not name.startswith("_") and (not own or name in vars(cls))
    }


def test_every_part_of_the_engine_protocol_is_named() -> None:
    """What a game must implement (the abstract methods of `Game` and `State`), the class
    attributes `Game.__init__` reads, and the public calls built on them."""
    named = _named(_section("The engine: a game and its states"))
    required = set(Game.__abstractmethods__) | set(State.__abstractmethods__)
    required |= {"short_name", "min_players", "max_players", "_apply_joint"}
    required |= {"state_from_dict", "apply_action", "apply_actions", "action_to_string"}
    required |= {"string_to_action", "legal_action_strings", "history", "chance_outcomes"}
    assert {"_apply", "to_dict", "new_initial_state"} <= required
    assert sorted(required - named) == []


def test_every_field_of_the_game_spec_is_named() -> None:
    named = _named(_section("The game's declaration: `GameSpec`"))
    fields = {field.name for field in dataclasses.fields(GameSpec)}
    assert sorted(fields - named) == []


def test_every_public_part_of_the_table_is_named() -> None:
    named = _named(_section("The scenario world: the table"))
    assert sorted(_public(GameTable) - named) == []


@pytest.mark.parametrize(
    ("title", "defined"),
    [("The shared steps", _common_steps), ("The step library of common mechanics", _library_steps)],
)
def test_every_step_is_listed_and_every_listed_step_exists(title: str, defined: Any) -> None:
    steps = defined()
    wordings = _wordings(_section(title))
    assert len(steps) >= 7 and wordings
    for keyword, text in wordings:
        assert any(kind == keyword and parser.is_matching(text) for kind, parser in steps), text
    for kind, parser in steps:
        assert any(kind == keyword and parser.is_matching(text) for keyword, text in wordings), (
            f"{kind} {getattr(parser, 'name', parser)} is not listed on {PAGE.name}"
        )
