"""Does the suite catch rule bugs? A fast subset of `rulebooks mutate` (the full run).

Each mutation of rulebooks.mutation.handmade.FAST runs in subprocesses (the Mahé scenarios, then
the Mahé invariant tests) with the mutation applied by rulebooks.mutation.handmade_plugin, and must
be killed. The Mahé mutations must all still match the engine's source.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from engine.mahe import passes_beach
from rulebooks.mutation import handmade as mutations
from rulebooks.mutation.handmade import FAST, MUTATIONS, MutationError, applied, find, run_mutation


@pytest.mark.parametrize("identifier", FAST)
def test_fast_mutations_are_killed(identifier: str) -> None:
    outcome = run_mutation(find(identifier), "mahe", fast=True)
    assert outcome.verdict == "killed", (
        f"{identifier} ({find(identifier).description}) {outcome.verdict}: "
        f"passed {outcome.passed}, errors {outcome.errors}"
    )


def test_every_mahe_mutation_matches_the_engine() -> None:
    """Mahé is complete: its mutations must apply (and undo) cleanly."""
    import engine.mahe.game as game

    original = game.passes_beach
    for mutation in MUTATIONS:
        if mutation.game == "mahe":
            with applied(mutation):
                pass
    assert game.passes_beach is original


def test_a_mutation_changes_the_rule_and_is_undone() -> None:
    import engine.mahe.game as game

    assert game.passes_beach(17, 4)
    with applied(find("mahe-beach-off-by-one")):
        assert not game.passes_beach(17, 4)  # ends on 21: no longer "on or past"
        assert game.passes_beach(17, 5)
    assert game.passes_beach(17, 4) and passes_beach is game.passes_beach


def test_a_stale_mutation_is_refused_not_counted_as_killed() -> None:
    stale = mutations.Mutation(
        "stale", "mahe", "MAHE-6.1", "text that is not in the engine",
        "engine.mahe.game:passes_beach", (("length >= 99", "length > 99"),),
    )  # fmt: skip
    with pytest.raises(MutationError, match="occurs 0 times"):
        mutations.apply(stale)


def test_the_plugin_refuses_an_unknown_mutation() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "-p", "rulebooks.mutation.handmade_plugin", "tests/invariants/test_mahe_odds.py",
         "-k", "headline"],
        env={**os.environ, "RULEBOOKS_MUTATION": "no-such-mutation"},
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == pytest.ExitCode.USAGE_ERROR, done.stdout + done.stderr
    assert "no mutation called 'no-such-mutation'" in done.stderr
