"""Mamey's hand-made rule mutations (see :mod:`rulebooks.mutation.handmade`).

Each changes one rule of the engine at run time; the suite must catch it.
"""

from __future__ import annotations

from rulebooks.games.spec import Mutation
from rulebooks.games.spec import edit as _edit

MUTATIONS: tuple[Mutation, ...] = (
    Mutation("mamey-joker-without-cube", "mamey", "MAMEY-6.3",
             "a Joker costs no extra cube: only the one placed on the board leaves the hand",
             "engine.mamey.game:MameyState._sell",
             (("self._cubes_hand[player] -= 1 + sale.jokers", "self._cubes_hand[player] -= 1"),
              ("self._cubes_stock[player] += sale.jokers", "self._cubes_stock[player] += 0"))),
    Mutation("mamey-hand-limit-8", "mamey", "MAMEY-4.1",
             "harvesting is allowed with 7 cards in hand",
             "engine.mamey.game:HAND_LIMIT", value=8, constant=True),
    Mutation("mamey-tie-ignores-sold", "mamey", "MAMEY-9.5",
             "a tie on Mamey is not broken by the number of cards sold",
             "engine.mamey.game:MameyState.winners",
             (("best = max((self.mamey(p), len(self._sold[p])) for p in players)",
               "best = max((self.mamey(p), 0) for p in players)"),
              ("if (self.mamey(p), len(self._sold[p])) == best]",
               "if (self.mamey(p), 0) == best]"))),
    Mutation("mamey-hire-without-cube", "mamey", "MAMEY-7.2",
             "hiring a merchant brings no cube from the stock",
             "engine.mamey.game:MameyState._hire",
             _edit("if self._cubes_stock[player]:", "if False:")),
    Mutation("mamey-replenish-only-taken", "mamey", "MAMEY-4.5",
             "after a field is received only that field is replenished, not fields 1 to it",
             "engine.mamey.game:MameyState._receive",
             _edit("self._draws = list(range(f + 1))", "self._draws = [f]")),
    Mutation("mamey-hire-two-copies", "mamey", "MAMEY-7.1",
             "hiring a merchant discards two copies of the card instead of one",
             "engine.mamey.game:MameyState._hire",
             _edit("self._hands[player][card] -= 1", "self._hands[player][card] -= 2")),
    Mutation("mamey-joker-joins-one-card", "mamey", "MAMEY-6.1",
             "a Joker joins a same-colour set of a single card only",
             "engine.mamey.game:colour_sales",
             _edit("            if joker:\n", "            if joker and copies == 1:\n")),
)  # fmt: skip
"""Every mutation of the game."""
