"""Mamey declares itself to the tooling: the entry point ``mamey`` of the group
``rulebooks.games`` (``pyproject.toml``) names :data:`SPEC`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulebooks.games.spec import GameSpec

from ..game import MameyGame
from ..svg import to_svg
from . import data_labels, mutations


def _encoder(game: Any, horizon: Any) -> Any:
    """The numeric observation (imported on use: it needs numpy)."""
    from .encoding import MameyEncoder

    return MameyEncoder(game, horizon)


SPEC = GameSpec(
    name="mamey",
    title="Mamey",
    factory=MameyGame,
    clause_prefix="MAMEY",
    renderer=to_svg,
    min_players=2,
    max_players=4,
    root=Path(__file__).resolve().parents[3],
    parameters={
        "first_player": "the seat that plays first",
    },
    score="mamey",
    score_name="Mamey",
    encoder=_encoder,
    # Hands, the face-down field cards and sold cards are hidden (MAMEY-R8).
    perfect_information=False,
    mutations=mutations.MUTATIONS,
    fast_mutations=(),
    data_files=data_labels.DATA_FILES,
    glossary="docs/mamey/glossary.md",
)
"""Mamey: everything the tooling needs to know about the game."""
