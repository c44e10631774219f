"""The odds of a Mahé move, exact, computed by walking the engine's chance tree.

For each first die (1..6) and each stopping policy, the probability of a bust and the
expected number of spaces moved, as fractions. Nothing here knows the dice rules: the
numbers come from the engine's ``chance_outcomes_exact`` and its answer to "stop" and
"roll" (MAHE-3.2..3.4, MAHE-4.2). A test recomputes them by brute-force enumeration of the
dice faces and compares.

Refresh the committed page with::

    python -m engine.mahe.odds > docs/mahe/odds.md
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine import ScriptedDriver, State, load_game

Policy = Callable[[Sequence[int]], bool]
"""Given the dice rolled so far in a move, roll again?"""

FACES = range(1, 7)
THRESHOLDS = range(2, 7)


@dataclass(frozen=True)
class Odds:
    """The outcome of a move under a policy: bust probability, spaces moved (a bust is 0)."""

    bust: Fraction
    expected: Fraction
    lengths: tuple[tuple[int, Fraction], ...]  # (spaces, probability), 0 for a bust

    @property
    def expected_if_safe(self) -> Fraction | None:
        """Expected spaces given that the move does not bust."""
        safe = 1 - self.bust
        return self.expected / safe if safe else None


def _stop_after(count: int) -> Policy:
    return lambda dice: len(dice) < count


def _while_at_most(k: int) -> Policy:
    return lambda dice: sum(dice) <= k


POLICIES: dict[str, Policy] = {
    "stop after 1 die": _stop_after(1),
    "roll a 2nd die, then stop": _stop_after(2),
    "roll up to 3 dice": _stop_after(3),
    **{f"roll while total ≤ {k}": _while_at_most(k) for k in THRESHOLDS},
}
"""The stopping policies, by name (fixed numbers of dice, then thresholds)."""
FIXED = list(POLICIES)[:3]


def _first_die_position() -> tuple[State, int]:
    """A 4-player game where the blue turtle is about to roll its first die from the raft."""
    from engine.mahe import MaheGame

    game = load_game("mahe", players=4)
    assert isinstance(game, MaheGame)
    state = game.new_initial_state()
    ScriptedDriver(["reveal 1"]).resolve(state)
    return state, game.turtle("blue")


def _lengths(state: State, turtle: int, policy: Policy) -> dict[int, Fraction]:
    """Distribution of the spaces the turtle moves from the raft (0: it busted).

    The move is over when no dice are on the table any more; starting from the raft, the
    turtle's space is then the length of its move, or 0 (the raft) after a bust.
    """
    from engine.mahe import ROLL, STOP, MaheState

    assert isinstance(state, MaheState)
    if not state.dice:
        return {state.position(turtle): Fraction(1)}
    if state.is_chance_node():
        outcomes: list[tuple[int, Fraction]] = state.chance_outcomes_exact()
    else:
        roll = policy(state.dice) and ROLL in state.legal_actions()
        outcomes = [(ROLL if roll else STOP, Fraction(1))]
    dist: dict[int, Fraction] = {}
    for action, probability in outcomes:
        child = state.clone()
        child.apply_action(action)
        for length, p in _lengths(child, turtle, policy).items():
            dist[length] = dist.get(length, Fraction(0)) + probability * p
    return dist


def move_odds(first_die: int, policy: Policy) -> Odds:
    """The odds of a move whose first die shows `first_die`, played with `policy`."""
    from engine.mahe import die_action

    state, blue = _first_die_position()
    state.apply_action(die_action(first_die))
    dist = _lengths(state, blue, policy)
    assert sum(dist.values()) == 1
    return Odds(
        bust=dist.get(0, Fraction(0)),
        expected=sum((length * p for length, p in dist.items()), Fraction(0)),
        lengths=tuple(sorted(dist.items())),
    )


def all_odds() -> dict[str, dict[int, Odds]]:
    """Policy name -> first die -> odds."""
    return {name: {f: move_odds(f, policy) for f in FACES} for name, policy in POLICIES.items()}


def overall(by_die: dict[int, Odds]) -> tuple[Fraction, Fraction]:
    """Bust probability and expected spaces before the first die is rolled."""
    sixth = Fraction(1, 6)
    bust = sum((odds.bust * sixth for odds in by_die.values()), Fraction(0))
    return bust, sum((odds.expected * sixth for odds in by_die.values()), Fraction(0))


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}" if value.denominator != 1 else str(value)


def _cell(value: Fraction, percent: bool = False) -> str:
    shown = f"{float(value) * 100:.1f}%" if percent else f"{float(value):.2f}"
    return f"{_fraction(value)} ({shown})"


def _table(
    odds: dict[str, dict[int, Odds]], names: list[str], metric: str, percent: bool
) -> list[str]:
    header = ["first die", *names]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for face in FACES:
        cells = [_cell(getattr(odds[name][face], metric), percent) for name in names]
        lines.append(f"| {face} | " + " | ".join(cells) + " |")
    index = 0 if metric == "bust" else 1
    cells = [_cell(overall(odds[name])[index], percent) for name in names]
    lines.append("| any (before rolling) | " + " | ".join(cells) + " |")
    return lines


def _best(odds: dict[str, dict[int, Odds]]) -> list[str]:
    lines = [
        "| first die | most spaces on average | expected spaces | bust |",
        "|---|---|---|---|",
    ]
    for face in FACES:
        name = max(odds, key=lambda n: (odds[n][face].expected, -odds[n][face].bust))
        best = odds[name][face]
        lines.append(
            f"| {face} | {name} | {_cell(best.expected)} | {_cell(best.bust, percent=True)} |"
        )
    return lines


def odds_markdown() -> str:
    """The page ``docs/mahe/odds.md``: every number computed from the engine."""
    odds = all_odds()
    thresholds = [n for n in POLICIES if n not in FIXED]
    parts = [
        "# Mahé: the odds of a move",
        "",
        "% Generated from the engine by: python -m engine.mahe.odds > docs/mahe/odds.md",
        "% Do not edit by hand: a test regenerates this page and fails when it is stale.",
        "",
        "Exact numbers the dice rules imply, for one move from the raft: the first die is always",
        "rolled, then the decider stops or rolls again, three dice at most",
        "({ref}`MAHE-3.2 <mahe-3-2>`); a total above 7 after the 2nd or 3rd die is a bust",
        "({ref}`MAHE-3.3 <mahe-3-3>`, {ref}`MAHE-3.4 <mahe-3-4>`); one die moves its face, two",
        "dice twice their sum, three dice three times it ({ref}`MAHE-4.2 <mahe-4-2>`).",
        "",
        "Each number is computed by walking the engine's chance tree (every die outcome with its",
        "exact probability, from `chance_outcomes_exact`), playing *stop* or *roll* as the policy",
        "says, and is checked by a test against a brute-force enumeration of the dice faces.",
        "Fractions are exact; the decimals are rounded. Riders do not change these numbers (a",
        "move's length depends on its dice only); the variant's egg cards, which may replace",
        "the 2nd or 3rd die ({ref}`MAHE-9.1 <mahe-9-1>`), are left out.",
        "",
        "## Stopping after a fixed number of dice",
        "",
        "Probability of a bust, by the first die:",
        "",
        *_table(odds, FIXED, "bust", percent=True),
        "",
        "Expected spaces moved (a bust moves 0: the turtle goes back to the raft):",
        "",
        *_table(odds, FIXED, "expected", percent=False),
        "",
        "## Rolling while the total is at most k",
        "",
        "The decider rolls again while the dice so far add up to k or less (and fewer than",
        "three dice are out). Probability of a bust:",
        "",
        *_table(odds, thresholds, "bust", percent=True),
        "",
        "Expected spaces moved:",
        "",
        *_table(odds, thresholds, "expected", percent=False),
        "",
        "## The policy moving farthest on average",
        "",
        "Among the policies above, for each first die (ties go to the safer policy). Moving far",
        "is not the whole game: a bust also drops the riders, and where a turtle lands decides",
        "who rides whom.",
        "",
        *_best(odds),
        "",
    ]
    return "\n".join(parts)


def main() -> None:
    print(odds_markdown(), end="")


if __name__ == "__main__":
    main()
