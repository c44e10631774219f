"""Masai (dice, seeds, necklace board): see :mod:`engine.masai.game`."""

from .board import COLOURS, INNER, LINES, OUTER, Board, load_board, parse_board, shipped_board_data
from .game import (
    FROM_DISCARD,
    FROM_POOL,
    NO_SEED,
    PASS,
    MasaiGame,
    MasaiState,
    draw_action,
    key_action,
    move_key_action,
    next_order,
    place_action,
    repair_action,
    seed_action,
    special_cost,
    tie_value,
)
from .svg import board_svg, to_svg
from .terms import ANY_KEY, CHANGE_FACE, MOVE_KEY, REPAIR, die_name, kind_of, parse_die

__all__ = [
    "ANY_KEY", "CHANGE_FACE", "COLOURS", "FROM_DISCARD", "FROM_POOL", "INNER", "LINES",
    "MOVE_KEY", "NO_SEED", "OUTER", "PASS", "REPAIR", "Board", "MasaiGame", "MasaiState",
    "board_svg", "die_name", "draw_action", "key_action", "kind_of", "load_board",
    "move_key_action", "next_order", "parse_board", "parse_die", "place_action",
    "repair_action", "seed_action", "shipped_board_data", "special_cost", "tie_value", "to_svg",
]  # fmt: skip
