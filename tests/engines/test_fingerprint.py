"""Seeded random games give the same games: a fingerprint of every game's seeded playouts.

Refactorings of the engines (speed, structure, validation) must not change what a game
does: the same seeds play the same actions, reach the same ends and score the same. The
fingerprint hashes, for each game and parameter set, the histories, the returns and the
final ``to_dict`` of seeded random playouts. A deliberate rule change changes it: update
the expected value in the same commit, saying why.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

import engine
from engine import RandomSampler

SEEDS = range(20)
PARAMETER_SETS: dict[str, list[dict[str, Any]]] = {
    "mahe": [{"players": 2}, {"players": 4, "variant": True}, {"players": 7}],
    "mamey": [{"players": 2}, {"players": 4}],
    "masai": [{"players": 2}, {"players": 4}],
    "mahola": [{"players": 3}, {"players": 4}],
}
EXPECTED = {
    "mahe": "d3990a44ff201d5a",
    "mamey": "8894360420d6a8b9",
    "masai": "fab2dacf2d1a4b55",
    "mahola": "fcc208ab2af57c14",
}
"""The first 16 hex digits of each game's fingerprint."""


def fingerprint(name: str) -> str:
    """The hash of every seeded playout of `name` over its parameter sets."""
    digest = hashlib.sha256()
    for params in PARAMETER_SETS[name]:
        game = engine.load_game(name, **params)
        for seed in SEEDS:
            end = RandomSampler(seed).play_out(game.new_initial_state())
            record = [params, seed, end.history(), end.returns(), end.to_dict()]
            digest.update(json.dumps(record, sort_keys=True).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize("name", sorted(PARAMETER_SETS))
def test_seeded_playouts_keep_their_fingerprint(name: str) -> None:
    assert fingerprint(name) == EXPECTED[name]


def test_every_game_has_a_fingerprint() -> None:
    assert sorted(PARAMETER_SETS) == sorted(engine.GAMES)
