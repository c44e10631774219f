"""Mamey (bean cards, the Store board, merchant cubes): see :mod:`engine.mamey.game`."""

from .components import (
    JOKER,
    RANKS,
    ROW_LABELS,
    ROWS,
    RUN,
    SAME_COLOUR,
    SAME_NUMBER,
    SIDES,
    BeanCards,
    Cell,
    StoreBoard,
    StoreSide,
    load_bean_cards,
    load_store_board,
    parse_bean_cards,
    parse_store_board,
)
from .game import (
    HARVEST,
    RECEIVE,
    RETURN,
    SALES,
    MameyGame,
    MameyState,
    Sale,
    draw_action,
    hire_action,
    sales_in_hand,
    start_cubes,
)

__all__ = [
    "HARVEST", "JOKER", "RANKS", "RECEIVE", "RETURN", "ROWS", "ROW_LABELS", "RUN", "SALES",
    "SAME_COLOUR", "SAME_NUMBER", "SIDES", "BeanCards", "Cell", "MameyGame", "MameyState",
    "Sale", "StoreBoard", "StoreSide", "draw_action", "hire_action", "load_bean_cards",
    "load_store_board", "parse_bean_cards", "parse_store_board", "sales_in_hand",
    "start_cubes",
]  # fmt: skip
