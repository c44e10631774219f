"""Masai's hand-made rule mutations (see :mod:`rulebooks.mutation.handmade`).

Each changes one rule of the engine at run time; the suite must catch it.
"""

from __future__ import annotations

from rulebooks.games.spec import Mutation
from rulebooks.games.spec import edit as _edit

MUTATIONS: tuple[Mutation, ...] = (
    Mutation("masai-two-dice-tie-higher", "masai", "MASAI-9.5",
             "tied players with two dice score the higher die, not the lower",
             "engine.masai.game:tie_value",
             _edit("return ordered[(len(ordered) - 1) // 2]", "return ordered[len(ordered) // 2]")),
    Mutation("masai-special-flat-cost", "masai", "MASAI-7.1",
             "every use of a special action costs 1 seed, not n for the n-th",
             "engine.masai.game:special_cost",
             _edit("return uses_before + 1", "return 1")),
    Mutation("masai-no-colour-bonus", "masai", "MASAI-6.1",
             "a die of the sector's colour scores no extra point",
             "engine.masai.game:MasaiState._score_allocation",
             _edit("points = 1 + (1 if colour_of(kind) == board.die_sector[slot] else 0)",
                   "points = 1")),
    Mutation("masai-highest-first", "masai", "MASAI-4.4",
             "the next round's order puts the highest score first",
             "engine.masai.game:next_order",
             _edit("key=lambda p: scores[p]", "key=lambda p: -scores[p]")),
    Mutation("masai-ends-when-all-pass", "masai", "MASAI-8.3",
             "a round in which every player passes ends the game, though dice could still be "
             "placed",
             "engine.masai.game:MasaiState._end_round",
             _edit("and self.can_never_place()", "and True")),
)  # fmt: skip
"""Every mutation of the game."""
