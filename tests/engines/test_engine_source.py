"""What the engines' source must not contain, checked on its syntax tree.

No identity comparison (``is`` / ``is not``) of anything but None, True, False or a type
(``type(x) is int``): strings read from JSON are equal to the engine's constants but not the
same objects, so ``phase is ORDER`` once made positions read back from JSON play wrongly
(issue 10). Phases are ``enum.StrEnum`` members, compared with ``==``.
"""

from __future__ import annotations

import ast
import enum
import importlib
import json
from pathlib import Path
from typing import Any

import pytest

import engine

ENGINE = Path(__file__).resolve().parents[2] / "engine"
SOURCES = sorted(ENGINE.rglob("*.py"))


def _is_singleton(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value in (None, True, False, ...)


def _is_type_of(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type"


def identity_comparisons(source: str) -> list[int]:
    """Lines comparing by identity anything but None, True, False or a ``type(...)``."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        left = node.left
        for op, right in zip(node.ops, node.comparators, strict=True):
            if isinstance(op, ast.Is | ast.IsNot) and not (
                _is_singleton(right) or _is_singleton(left) or _is_type_of(left)
            ):
                lines.append(node.lineno)
            left = right
    return lines


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ENGINE.parent)))
def test_no_identity_comparison_of_values(path: Path) -> None:
    lines = identity_comparisons(path.read_text("utf-8"))
    assert not lines, f"{path.name}: identity comparison (is / is not) on line(s) {lines}"


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("phase is ORDER", [1]),
        ("x = phase is not 'over'", [1]),
        ("a == b and (c is DECIDE)", [1]),
        ("x is None or y is not None", []),
        ("type(a) is int and flag is True", []),
    ],
)
def test_the_check_finds_identity_comparisons(source: str, found: list[int]) -> None:
    assert identity_comparisons(source) == found


def test_the_engine_sources_are_found() -> None:
    assert len(SOURCES) > 10 and (ENGINE / "core.py") in SOURCES


@pytest.mark.parametrize("name", ["mahe", "mamey", "masai", "mahola"])
def test_every_phase_is_a_str_enum_member(name: str) -> None:
    """STYLE.md section 1: a closed set of names is an Enum; the state holds its members."""
    module = importlib.import_module(f"engine.{name}.terms")
    phase = module.Phase
    assert issubclass(phase, enum.StrEnum)
    assert tuple(phase) == module.PHASES
    state: Any = engine.load_game(name).new_initial_state()
    assert type(state.phase) is phase
    again: Any = state.game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert type(again.phase) is phase and type(state.to_dict()["phase"]) is str
