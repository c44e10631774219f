"""A fuzz campaign per game, kept small and seeded (tests/fuzz/engine_fuzz.py says what is
tried and checked): random actions of every type at random positions, and random
corruptions of ``to_dict`` output. Each try is refused with the project's error leaving the
state unchanged, or accepted and played to the end with the invariants holding; a
corruption fails the test with a description to replay it.

``benchmarks/fuzz_engines.py`` runs a larger campaign and prints the counts.
"""

from __future__ import annotations

import pytest

import engine

from .engine_fuzz import campaign

POSITIONS = 4
"""Random positions per game (each with about 50 action tries and as many corruptions)."""


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_fuzzing_finds_no_corruption(name: str) -> None:
    tally = campaign(name, seed=0, positions=POSITIONS, per_position=50)
    assert not tally.corruptions, (
        f"{len(tally.corruptions)} of {tally.tries} tries corrupted {name}:\n"
        + "\n".join(tally.corruptions[:10])
    )
    assert tally.refused and tally.played, f"the campaign tried too little: {tally}"
    assert tally.refused + tally.played == tally.tries
