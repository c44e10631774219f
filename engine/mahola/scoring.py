"""Scoring a Mahola dance (a player's tableau) and choosing the round's winner.

Pure functions of the cards, their current colours (the Shaman may have changed one), the
player's Character and the game's readings of the three unclear rules (MAHOLA-R3..R5):

* ``secondary``: what makes a secondary dance icon "matching" (MAHOLA-4.4, MAHOLA-R3);
* ``adjacency``: what the "+1 point for each adjacent …" line counts (MAHOLA-4.5, MAHOLA-R4);
* ``chief_count``: what the Chief counts as an appearance of a dance (MAHOLA-7.1, MAHOLA-R5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .components import RULE_LINE_DANCES, Character, DanceCard

SECONDARY_READINGS = ("shared_icon", "named_dance")
"""MAHOLA-R3: an icon matches the same icon on another card of the tableau (``shared_icon``),
or another card of the tableau whose dance it names (``named_dance``)."""
ADJACENCY_READINGS = ("same_dance", "any_card", "same_colour", "same_animal")
"""MAHOLA-R4: a neighbour counts when it shows the card's own dance (``same_dance``), always
(``any_card``), when it has the card's colour (``same_colour``) or spirit animal."""
CHIEF_READINGS = ("names_and_icons", "names", "icons")
"""MAHOLA-R5: the Chief counts cards of the named dance and icons of it, or only one kind."""


@dataclass(frozen=True)
class DanceScore:
    """One player's score for a round, part by part (MAHOLA-4)."""

    card_points: tuple[int, ...]  # MAHOLA-4.1..4.3, per tableau card, left to right
    secondary: int  # MAHOLA-4.4: matching secondary dances, one point each
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


def matching_secondary(cards: Sequence[DanceCard], reading: str) -> int:
    """MAHOLA-4.4, MAHOLA-R3: how many secondary dance icons of the tableau match.

    An icon matches when another card of the same tableau carries the same icon
    (``shared_icon``) or is a dance of that name (``named_dance``). A card never matches
    itself.
    """
    matches = 0
    for i, card in enumerate(cards):
        for icon in card.icons:
            for j, other in enumerate(cards):
                if j != i and (
                    icon in other.icons if reading == "shared_icon" else other.dance == icon
                ):
                    matches += 1
                    break
    return matches


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


def score_dance(
    cards: Sequence[DanceCard],
    colours: Sequence[str],
    character: Character,
    *,
    secondary: str,
    adjacency: str,
    chief_count: str,
    chief_dance: str | None = None,
) -> DanceScore:
    """MAHOLA-4: the whole score of one tableau (cards left to right, colours as they are now)."""
    chief = 0
    if character.name == "Chief" and chief_dance is not None:
        chief = chief_points(cards, chief_dance, chief_count)
    return DanceScore(
        card_points=tuple(
            card_points(c, colour, character) for c, colour in zip(cards, colours, strict=True)
        ),
        secondary=matching_secondary(cards, secondary),
        adjacency=adjacency_bonus(cards, colours, adjacency),
        chief=chief,
        special=sum(1 for card in cards if card.special),
    )


def round_winner(scores: Sequence[DanceScore]) -> int | None:
    """MAHOLA-3.7, MAHOLA-5: the highest score; tied -> most Special Dance cards; then most
    matching secondary dances; still tied -> nobody (MAHOLA-5.3: no Favor token)."""
    contenders = list(range(len(scores)))
    ranks = (
        [s.total for s in scores],
        [s.special for s in scores],
        [s.secondary for s in scores],
    )
    for rank in ranks:
        best = max(rank[p] for p in contenders)
        contenders = [p for p in contenders if rank[p] == best]
        if len(contenders) == 1:
            return contenders[0]
    return None
