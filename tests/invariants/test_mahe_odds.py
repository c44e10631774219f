"""The odds of a Mahé move: the engine's chance tree against a brute-force count of dice faces.

The brute force below knows the rulebook, not the engine: three dice at most, a bust when
two or three dice total more than 7, one die moves its face, two dice twice their sum, three
dice three times it. It enumerates the 6 x 6 faces of the 2nd and 3rd dice (each equally
likely) and plays each policy on them.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path

import pytest

from engine.mahe import odds as mahe_odds

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "mahe" / "odds.md"
REFRESH = "python -m engine.mahe.odds > docs/mahe/odds.md"


# The policies again, written here from their names (not imported from the generator).
def total_at_most(limit: int, dice: Sequence[int]) -> bool:
    """The policy "roll again while the total is at most `limit`"."""
    return sum(dice) <= limit


BRUTE_POLICIES: dict[str, Callable[[Sequence[int]], bool]] = {
    "stop after 1 die": lambda dice: False,
    "roll a 2nd die, then stop": lambda dice: len(dice) == 1,
    "roll up to 3 dice": lambda dice: True,
    **{f"roll while total ≤ {k}": functools.partial(total_at_most, k) for k in range(2, 7)},
}


def brute_force(
    first: int, roll_again: Callable[[Sequence[int]], bool]
) -> tuple[Fraction, Fraction]:
    """(bust probability, expected spaces with a bust counting 0) by enumerating the faces."""
    bust = expected = Fraction(0)
    weight = Fraction(1, 36)
    for second, third in itertools.product(range(1, 7), repeat=2):
        dice = [first]
        for die in (second, third):
            if not roll_again(dice):
                break
            dice.append(die)
        if len(dice) > 1 and sum(dice) > 7:
            bust += weight
            continue
        expected += weight * (dice[0] if len(dice) == 1 else len(dice) * sum(dice))
    return bust, expected


def test_policies_are_the_same_on_both_sides() -> None:
    assert list(BRUTE_POLICIES) == list(mahe_odds.POLICIES)


@pytest.mark.parametrize("policy", list(BRUTE_POLICIES))
@pytest.mark.parametrize("first", range(1, 7))
def test_engine_odds_match_brute_force(first: int, policy: str) -> None:
    odds = mahe_odds.move_odds(first, mahe_odds.POLICIES[policy])
    bust, expected = brute_force(first, BRUTE_POLICIES[policy])
    assert (odds.bust, odds.expected) == (bust, expected), (
        f"first die {first}, {policy}: engine says bust {odds.bust}, expected {odds.expected}; "
        f"the dice say bust {bust}, expected {expected}"
    )
    assert sum(p for _, p in odds.lengths) == 1


def test_headline_numbers() -> None:
    """A few numbers worked out by hand from the rulebook."""
    odds = mahe_odds.all_odds()
    assert mahe_odds.overall(odds["roll a 2nd die, then stop"]) == (
        Fraction(5, 12),
        Fraction(56, 9),
    )
    assert odds["roll up to 3 dice"][6].bust == 1  # 6 + anything + anything > 7
    assert odds["roll a 2nd die, then stop"][1].expected == 9  # 2 x (1 + 3.5)


def test_the_published_page_is_up_to_date() -> None:
    assert PAGE.read_text("utf-8") == mahe_odds.odds_markdown(), (
        f"docs/mahe/odds.md is stale: refresh it with `{REFRESH}`"
    )
