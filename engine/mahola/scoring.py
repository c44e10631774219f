"""Scoring a Mahola dance (a player's tableau) and choosing the round's winner.

Pure functions of the cards, their current colours (the Shaman may have changed one), the
player's Character and the game's readings of the three unclear rules (MAHOLA-R3..R5):

* ``secondary``: what makes a secondary dance icon "matching" (MAHOLA-4.4, MAHOLA-R3);
* ``secondary_points``: what a matching icon is worth (MAHOLA-4.4, MAHOLA-R3);
* ``adjacency``: what the "+1 point for each adjacent …" line counts (MAHOLA-4.5, MAHOLA-R4);
* ``chief_count``: what the Chief counts as an appearance of a dance (MAHOLA-7.1, MAHOLA-R5).

A game scores through a :class:`TableauScorer`, which holds what these functions say about
each of its cards, worked out once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from .components import RULE_LINE_DANCES, Character, DanceCard

SECONDARY_READINGS = ("shared_icon", "named_dance")
"""MAHOLA-R3: an icon matches the same icon on another card of the tableau (``shared_icon``),
or another card of the tableau whose dance it names (``named_dance``)."""
ADJACENCY_READINGS = ("same_dance", "any_card", "same_colour", "same_animal")
"""MAHOLA-R4: a neighbour counts when it shows the card's own dance (``same_dance``), always
(``any_card``), when it has the card's colour (``same_colour``) or spirit animal."""
SECONDARY_POINTS = ("card_value", "one_per_icon")
"""MAHOLA-4.4, MAHOLA-R3: a matching icon adds the value of the card that shows it
(``card_value``, the rulebook's "add the value of any matching secondary dances"), or one
point (``one_per_icon``)."""
CHIEF_READINGS = ("names_and_icons", "names", "icons")
"""MAHOLA-R5: the Chief counts cards of the named dance and icons of it, or only one kind."""


@dataclass(frozen=True)
class DanceScore:
    """One player's score for a round, part by part (MAHOLA-4.1..4.5, MAHOLA-5.1)."""

    card_points: tuple[int, ...]  # MAHOLA-4.1..4.3, per tableau card, left to right
    secondary: int  # MAHOLA-4.4: what the matching secondary dances add
    matching: int  # MAHOLA-4.4, MAHOLA-5.2: how many secondary dance icons match
    adjacency: int  # MAHOLA-4.5: adjacent dance bonuses
    chief: int  # MAHOLA-7.1: the Chief's count (0 for the other Characters)
    special: int  # MAHOLA-5.1: Special Dance cards in the tableau (tie-break only)

    @property
    def total(self) -> int:
        return sum(self.card_points) + self.secondary + self.adjacency + self.chief


def card_points(card: DanceCard, colour: str, character: Character) -> int:
    """MAHOLA-4.1..4.3: +value on the Character's colour; else 0 on its spirit animal; else -value.

    `colour` is the card's colour now (printed, or as the Shaman changed it).
    """
    if colour == character.colour:
        return card.value
    if card.animal == character.animal:
        return 0
    return -card.value


def matching_icons(cards: Sequence[DanceCard], reading: str) -> list[int]:
    """MAHOLA-4.4, MAHOLA-R3: how many secondary dance icons of each card of the tableau match.

    An icon matches when another card of the same tableau carries the same icon
    (``shared_icon``) or is a dance of that name (``named_dance``). A card never matches
    itself.
    """
    if reading == "shared_icon":
        # A card shows an icon at most once (the data file is checked for it), so an icon
        # carried twice in the tableau is on another card too.
        carried = [icon for card in cards for icon in card.icons]
        return [sum(1 for icon in card.icons if carried.count(icon) > 1) for card in cards]
    dances = [card.dance for card in cards]
    # A dance of that name, not the card itself.
    return [
        sum(1 for icon in card.icons if dances.count(icon) > (card.dance == icon)) for card in cards
    ]


def secondary_points(cards: Sequence[DanceCard], matches: Sequence[int], points: str) -> int:
    """MAHOLA-4.4, MAHOLA-R3: what the matching secondary dances add to the score: the value
    of the card showing each matching icon (``card_value``), or 1 per icon (``one_per_icon``).
    `matches` counts each card's matching icons (`matching_icons`)."""
    if points == "one_per_icon":
        return sum(matches)
    return sum(card.value * n for card, n in zip(cards, matches, strict=True))


def neighbour_counts(
    card: DanceCard, colour: str, other: DanceCard, other_colour: str, reading: str
) -> bool:
    """MAHOLA-R4: does a neighbouring card earn `card` its adjacency point?"""
    if reading == "same_dance":
        return other.shows(card.dance)
    if reading == "same_colour":
        return other_colour == colour
    if reading == "same_animal":
        return other.animal == card.animal
    return True  # any_card


def adjacency_bonus(cards: Sequence[DanceCard], colours: Sequence[str], reading: str) -> int:
    """MAHOLA-4.5: each Fire, Grass, Rain or Sun card earns +1 per neighbour that counts."""
    bonus = 0
    last = len(cards) - 1
    for i, card in enumerate(cards):
        if card.dance not in RULE_LINE_DANCES:
            continue
        for j in (i - 1, i + 1):
            if 0 <= j <= last and neighbour_counts(card, colours[i], cards[j], colours[j], reading):
                bonus += 1
    return bonus


def chief_points(cards: Sequence[DanceCard], dance: str, reading: str) -> int:
    """MAHOLA-7.1, MAHOLA-R5: one point each time the named dance appears on the tableau."""
    names = sum(1 for card in cards if card.dance == dance)
    icons = sum(1 for card in cards if dance in card.icons)
    if reading == "names":
        return names
    if reading == "icons":
        return icons
    return names + icons


class TableauScorer:
    """MAHOLA-4.1..4.5 for one game: its cards, its Characters and its readings of MAHOLA-R3..R5
    (`secondary_worth` is the game parameter ``secondary_points``).

    What each card scores for each Character in each colour (MAHOLA-4.1..4.3) and which
    neighbours earn it an adjacency point (MAHOLA-4.5) are worked out once, by the functions
    above, when the game is created; scoring a tableau then looks them up. The result is
    always the one the rule functions give when called directly (a unit test compares them).
    """

    def __init__(
        self,
        cards: Sequence[DanceCard],
        characters: Sequence[Character],
        *,
        secondary: str,
        adjacency: str,
        chief_count: str,
        secondary_worth: str = "card_value",
    ) -> None:
        self.cards = tuple(cards)
        self.characters = tuple(characters)
        self.colours = tuple(character.colour for character in characters)
        self.secondary = secondary
        self.secondary_worth = secondary_worth
        self.adjacency = adjacency
        self.chief_count = chief_count
        self.printed_colour = tuple(self.colours.index(card.colour) for card in cards)
        """The index of each card's printed colour among the Characters' colours."""
        self.points = tuple(
            tuple(
                tuple(card_points(card, colour, character) for card in cards)
                for colour in self.colours
            )
            for character in characters
        )
        """``points[character][colour][card]``: MAHOLA-4.1..4.3 for every card in every colour."""
        self.earns: tuple[tuple[bool, ...], ...] | None = None
        """``earns[card][neighbour]``: does the neighbour earn the card its adjacency point?
        (None when the reading compares colours, which the Shaman may change.)"""
        if adjacency != "same_colour":
            self.earns = tuple(
                tuple(
                    card.dance in RULE_LINE_DANCES
                    and neighbour_counts(card, card.colour, other, other.colour, adjacency)
                    for other in cards
                )
                for card in cards
            )
        self.special = tuple(card.special for card in cards)

    def score(
        self,
        tableau: Sequence[int],
        character: int,
        recoloured: Mapping[int, int],
        chief_dance: str | None = None,
    ) -> DanceScore:
        """The score of `tableau` (card numbers, left to right) for the Character with index
        `character`; `recoloured` maps a card to the colour index the Shaman gave it."""
        cards = [self.cards[c] for c in tableau]
        printed = self.printed_colour
        if recoloured:
            colours = [recoloured.get(c, printed[c]) for c in tableau]
        else:
            colours = [printed[c] for c in tableau]
        points = self.points[character]
        if self.earns is None:
            named = [self.colours[colour] for colour in colours]
            adjacency = adjacency_bonus(cards, named, self.adjacency)
        else:
            earns = self.earns
            adjacency = sum(
                [earns[left][right] + earns[right][left] for left, right in pairwise(tableau)]
            )
        chief = 0
        if self.characters[character].name == "Chief" and chief_dance is not None:
            chief = chief_points(cards, chief_dance, self.chief_count)
        matches = matching_icons(cards, self.secondary)
        return DanceScore(
            card_points=tuple(
                [points[colour][c] for c, colour in zip(tableau, colours, strict=True)]
            ),
            secondary=secondary_points(cards, matches, self.secondary_worth),
            matching=sum(matches),
            adjacency=adjacency,
            chief=chief,
            special=sum([self.special[c] for c in tableau]),
        )


def round_winner(scores: Sequence[DanceScore]) -> int | None:
    """MAHOLA-3.6, MAHOLA-5.1..5.3: the highest score; tied -> most Special Dance cards; then most
    matching secondary dances; still tied -> nobody (MAHOLA-5.3: no Favor token)."""
    contenders = list(range(len(scores)))
    ranks = (
        [s.total for s in scores],
        [s.special for s in scores],
        [s.matching for s in scores],
    )
    for rank in ranks:
        best = max(rank[p] for p in contenders)
        contenders = [p for p in contenders if rank[p] == best]
        if len(contenders) == 1:
            return contenders[0]
    return None
