"""Mahola (dance cards, hidden Characters, simultaneous turns): see :mod:`engine.mahola.game`."""

from .components import (
    ANIMALS,
    CARD_TOTAL,
    CHARACTERS,
    DANCES,
    ICONS,
    RULE_LINE_DANCES,
    Character,
    Components,
    DanceCard,
    load_components,
    parse_components,
    shipped_data,
)
from .game import (
    KEEP,
    MaholaGame,
    MaholaState,
    card_outcome,
    character_outcome,
    left_of,
    move_action,
    name_action,
    pass_action,
    place_action,
    play_action,
    recolour_action,
    right_of,
    swap_action,
)
from .scoring import (
    ADJACENCY_READINGS,
    CHIEF_READINGS,
    SECONDARY_POINTS,
    SECONDARY_READINGS,
    DanceScore,
    TableauScorer,
    adjacency_bonus,
    card_points,
    chief_points,
    matching_icons,
    round_winner,
    secondary_points,
)
from .terms import PHASES, RoundRecord

__all__ = [
    "ADJACENCY_READINGS", "ANIMALS", "CARD_TOTAL", "CHARACTERS", "CHIEF_READINGS", "DANCES",
    "ICONS", "KEEP", "PHASES", "RULE_LINE_DANCES", "SECONDARY_POINTS", "SECONDARY_READINGS",
    "Character", "Components", "DanceCard", "DanceScore", "MaholaGame", "MaholaState",
    "RoundRecord", "TableauScorer", "adjacency_bonus", "card_outcome", "card_points",
    "character_outcome", "chief_points", "left_of", "load_components", "matching_icons",
    "move_action", "name_action", "parse_components", "pass_action",
    "place_action", "play_action", "recolour_action", "right_of", "round_winner",
    "secondary_points", "shipped_data", "swap_action",
]  # fmt: skip
