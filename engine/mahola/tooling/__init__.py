"""Mahola declares itself to the tooling: the entry point ``mahola`` of the group
``rulebooks.games`` (``pyproject.toml``) names :data:`SPEC`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulebooks.games.spec import GameSpec

from ..game import MaholaGame
from ..svg import to_svg
from . import data_labels, mutations


def _encoder(game: Any, horizon: Any) -> Any:
    """The numeric observation (imported on use: it needs numpy)."""
    from .encoding import MaholaEncoder

    return MaholaEncoder(game, horizon)


SPEC = GameSpec(
    name="mahola",
    title="Mahola",
    factory=MaholaGame,
    clause_prefix="MAHOLA",
    renderer=to_svg,
    min_players=3,
    max_players=4,
    root=Path(__file__).resolve().parents[3],
    parameters={
        "secondary": "which secondary dances match (a reading of MAHOLA-R3..R5)",
        "adjacency": "which tableau cards count as adjacent (a reading of MAHOLA-R3..R5)",
        "chief_count": "what the Chief counts (a reading of MAHOLA-R3..R5)",
        "secondary_points": "what a matching secondary dance scores (MAHOLA-4.4, MAHOLA-R3)",
    },
    score="tokens",
    score_name="Favor tokens",
    encoder=_encoder,
    # Hands, and the Characters until the end of the fifth turn, are hidden.
    perfect_information=False,
    mutations=mutations.MUTATIONS,
    fast_mutations=(),
    data_files=data_labels.DATA_FILES,
    glossary="docs/mahola/glossary.md",
)
"""Mahola: everything the tooling needs to know about the game."""
