"""Mahola's hand-made rule mutations (see :mod:`rulebooks.mutation.handmade`).

Each changes one rule of the engine at run time; the suite must catch it.
"""

from __future__ import annotations

from rulebooks.games.spec import Mutation
from rulebooks.games.spec import edit as _edit

MUTATIONS: tuple[Mutation, ...] = (
    Mutation("mahola-tie-skips-special", "mahola", "MAHOLA-5",
             "a tied round is not broken by the number of Special Dance cards",
             "engine.mahola.game:round_winner",
             _edit("[s.special for s in scores],\n", "")),
    Mutation("mahola-tie-gives-token", "mahola", "MAHOLA-5.3",
             "a round still tied after the tie-breaks gives the token to the first tied player",
             "engine.mahola.game:round_winner",
             _edit("    return None", "    return contenders[0]")),
    Mutation("mahola-pass-reversed", "mahola", "MAHOLA-3.3",
             "the card for the left neighbour goes right and the other left",
             "engine.mahola.game:MaholaState._pass_cards",
             (("insort(hands[left_neighbour[player]], left)",
               "insort(hands[right_neighbour[player]], left)"),
              ("insort(hands[right_neighbour[player]], right)",
               "insort(hands[left_neighbour[player]], right)"))),
    Mutation("mahola-secondary-per-icon", "mahola", "MAHOLA-4.4",
             "a matching secondary dance scores 1 per icon, not the value of its card",
             "engine.mahola.scoring:secondary_points",
             _edit('if points == "one_per_icon":', "if True:")),
)  # fmt: skip
"""Every mutation of the game."""
