"""Mahé declares itself to the tooling: the entry point ``mahe`` of the group
``rulebooks.games`` (``pyproject.toml``) names :data:`SPEC`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulebooks.games.spec import GameSpec

from ..game import MaheGame
from ..svg import to_svg
from . import data_labels, mutations


def _encoder(game: Any, horizon: Any) -> Any:
    """The numeric observation (imported on use: it needs numpy)."""
    from .encoding import MaheEncoder

    return MaheEncoder(game, horizon)


SPEC = GameSpec(
    name="mahe",
    title="Mahé",
    factory=MaheGame,
    clause_prefix="MAHE",
    renderer=to_svg,
    min_players=2,
    max_players=7,
    root=Path(__file__).resolve().parents[3],
    parameters={
        "variant": "the two-turtle variant (MAHE-8)",
        "first_player": "the seat that plays first",
    },
    score="eggs",
    score_name="eggs",
    encoder=_encoder,
    # Every component is public; the egg cards nobody has seen (deck and the 4 removed at
    # setup) are known to no player and enter play only through the reveal chance node.
    perfect_information=True,
    mutations=mutations.MUTATIONS,
    fast_mutations=("mahe-beach-off-by-one", "mahe-egg-to-mover", "mahe-bust-at-7"),
    data_files=data_labels.DATA_FILES,
    glossary="docs/mahe/glossary.md",
)
"""Mahé: everything the tooling needs to know about the game."""
