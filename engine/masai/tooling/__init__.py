"""Masai declares itself to the tooling: the entry point ``masai`` of the group
``rulebooks.games`` (``pyproject.toml``) names :data:`SPEC`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulebooks.games.spec import GameSpec

from ..game import MasaiGame
from ..svg import to_svg
from . import data_labels, mutations


def _encoder(game: Any, horizon: Any) -> Any:
    """The numeric observation (imported on use: it needs numpy)."""
    from .encoding import MasaiEncoder

    return MasaiEncoder(game, horizon)


SPEC = GameSpec(
    name="masai",
    title="Masai",
    factory=MasaiGame,
    clause_prefix="MASAI",
    renderer=to_svg,
    min_players=2,
    max_players=4,
    root=Path(__file__).resolve().parents[3],
    parameters={
        "first_player": "the seat that plays first",
    },
    score="score",
    score_name="points",
    encoder=_encoder,
    # Board, pool, discard, seeds and scores are public; dice leave the bag by chance.
    perfect_information=True,
    mutations=mutations.MUTATIONS,
    fast_mutations=(),
    data_files=data_labels.DATA_FILES,
    glossary="docs/masai/glossary.md",
)
"""Masai: everything the tooling needs to know about the game."""
