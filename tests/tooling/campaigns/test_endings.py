"""A campaign checks a game's end against what the game declares in its GameSpec: whether it
may end with no winner, and with several."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from engine.core import TERMINAL
from rulebooks.campaigns import simulate
from rulebooks.games import registry


class Ended:
    """A finished two-player game with these returns."""

    def __init__(self, *returns: float) -> None:
        self._returns = list(returns)
        self.game = SimpleNamespace(num_players=len(returns))

    def current_player(self) -> int:
        return TERMINAL

    def legal_actions(self) -> list[int]:
        return []

    def returns(self) -> list[float]:
        return self._returns


CHECKS = simulate.Checks(clone_every=10, round_trip_every=10)


def check(state: Ended, endings: tuple[bool, bool]) -> str | None:
    return simulate._check(state, 1, CHECKS, endings=endings)  # type: ignore[arg-type]


def test_an_end_without_a_winner_is_refused_unless_declared() -> None:
    problem = check(Ended(0.0, 0.0), (False, True))
    assert problem is not None and problem.startswith("the game is over without a winner")
    assert "may_end_without_winner=True" in problem
    assert check(Ended(0.0, 0.0), (True, True)) is None


def test_several_winners_are_refused_only_when_declared_so() -> None:
    assert check(Ended(1.0, 1.0), (False, True)) is None
    problem = check(Ended(1.0, 1.0), (False, False))
    assert problem is not None and problem.startswith("the game is over with 2 winners")
    assert check(Ended(1.0, 0.0), (False, False)) is None


def test_the_campaign_reads_the_endings_from_the_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    pig = registry.spec("pig")
    assert simulate.endings_of("pig") == (False, True)
    declared = replace(pig, may_end_without_winner=True, shared_wins=False)
    monkeypatch.setattr(registry, "spec", lambda name: declared)
    assert simulate.endings_of("pig") == (True, False)
