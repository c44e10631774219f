"""Scoring a Mahola dance (a player's tableau) and choosing the round's winner.

Pure functions of the cards, their current colours (the Shaman may have changed one), the
player's Character and the game's readings of the three unclear rules (MAHOLA-R3..R5):

* ``secondary``: what makes a secondary dance icon "matching" (MAHOLA-4.4, MAHOLA-R3);
* ``secondary_points``: what a matching icon is worth (MAHOLA-4.4, MAHOLA-R3);
* ``adjacency``: what the "+1 point for each adjacent …" line counts (MAHOLA-4.5, MAHOLA-R4);
* ``chief_count``: what the Chief counts as an appearance of a dance (MAHOLA-7.1, MAHOLA-R5).

A game scores through a :class:`TableauScorer`, which holds what these functions say about
each of its cards, worked out once: a live position is scored by the rule functions composed
directly (:func:`score_dance`), the end of a round by the scorer's tables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from .components import DANCES, RULE_LINE_DANCES, Character, DanceCard

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


class DanceScore(NamedTuple):
    """One player's score for a round, part by part (MAHOLA-4.1..4.5, MAHOLA-5.1).

    Immutable; a named tuple rather than a dataclass because every round builds one per
    player and a tuple is the cheapest to build."""

    card_points: tuple[int, ...]  # MAHOLA-4.1..4.3, per tableau card, left to right
    secondary: int  # MAHOLA-4.4: what the matching secondary dances add
    matching: int  # MAHOLA-4.4, MAHOLA-5.2: how many secondary dance icons match
    adjacency: int  # MAHOLA-4.5: adjacent dance bonuses
    chief: int  # MAHOLA-7.1: the Chief's count (0 for the other Characters)
    special: int  # MAHOLA-5.1: Special Dance cards in the tableau (tie-break only)

    @property
    def total(self) -> int:
        """The dance's score: every part added up (the tie-break counts aside)."""
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


def score_dance(
    cards: Sequence[DanceCard],
    colours: Sequence[str],
    character: Character,
    chief_dance: str | None,
    *,
    secondary: str,
    adjacency: str,
    chief_count: str,
    secondary_worth: str,
) -> DanceScore:
    """MAHOLA-4.1..4.5, MAHOLA-7.1: a tableau's cards (left to right, `colours` as they are now)
    scored for `character` by the rule functions above, composed directly."""
    matches = matching_icons(cards, secondary)
    chief = 0
    if character.name == "Chief" and chief_dance is not None:
        chief = chief_points(cards, chief_dance, chief_count)
    return DanceScore(
        card_points=tuple(
            card_points(card, colour, character)
            for card, colour in zip(cards, colours, strict=True)
        ),
        secondary=secondary_points(cards, matches, secondary_worth),
        matching=sum(matches),
        adjacency=adjacency_bonus(cards, colours, adjacency),
        chief=chief,
        special=sum(1 for card in cards if card.special),
    )


class TableauScorer:
    """MAHOLA-4.1..4.5 for one game: its cards, its Characters and its readings of MAHOLA-R3..R5
    (`secondary_worth` is the game parameter ``secondary_points``).

    :meth:`by_rules` scores with the rule functions above (:func:`score_dance`). :meth:`score`
    gives the same result from tables worked out once, by those functions, when the game is
    created: what each card scores for each Character in each colour (MAHOLA-4.1..4.3), which
    neighbours earn it an adjacency point (MAHOLA-4.5), what one matching icon of it adds
    (MAHOLA-4.4) and what the Chief counts on it (MAHOLA-7.1); only which icons match depends
    on the whole tableau, and that is worked out on sets of names held as bits. A unit test
    compares both ways over random tableaux and every reading.
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
        self.printed_points = tuple(
            tuple(points[colour][card] for card, colour in enumerate(self.printed_colour))
            for points in self.points
        )
        """``printed_points[character][card]``: ``points`` in the card's printed colour."""
        self.pair_bonus: tuple[tuple[int, ...], ...] | None = None
        """``pair_bonus[left][right]``: the adjacency points (MAHOLA-4.5) two cards side by side
        earn each other (None when the reading compares colours, which the Shaman may change)."""
        if adjacency != "same_colour":
            earns = [
                [
                    card.dance in RULE_LINE_DANCES
                    and neighbour_counts(card, card.colour, other, other.colour, adjacency)
                    for other in cards
                ]
                for card in cards
            ]
            self.pair_bonus = tuple(
                tuple(earns[left][right] + earns[right][left] for right in range(len(cards)))
                for left in range(len(cards))
            )
        self.special = tuple(int(card.special) for card in cards)
        self.is_chief = tuple(character.name == "Chief" for character in characters)
        self.match_worth = tuple(secondary_points([card], [1], secondary_worth) for card in cards)
        """``match_worth[card]``: what one matching icon of the card adds (the sum of
        `secondary_points` is one such term per matching icon)."""
        self.chief_counts = {
            dance: tuple(chief_points([card], dance, chief_count) for card in cards)
            for dance in DANCES
        }
        """``chief_counts[dance][card]``: what the Chief counts on the card (a sum per card)."""
        bit: dict[str, int] = {}
        for card in cards:
            for name in (card.dance, *card.icons):
                bit.setdefault(name, 1 << len(bit))
        self.icon_bits = tuple(sum(bit[icon] for icon in card.icons) for card in cards)
        """Each card's icons as a set of bits, one bit per name (a card shows an icon once)."""
        self.dance_bit = tuple(bit[card.dance] for card in cards)
        """Each card's dance as a bit of the same set."""

    def by_rules(
        self,
        tableau: Sequence[int],
        character: int,
        recoloured: Mapping[int, int],
        chief_dance: str | None = None,
    ) -> DanceScore:
        """The score of `tableau` (card numbers, left to right) for the Character with index
        `character` through :func:`score_dance`; `recoloured` maps a card to the colour index
        the Shaman gave it."""
        colours = [self.colours[recoloured.get(c, self.printed_colour[c])] for c in tableau]
        return score_dance(
            [self.cards[c] for c in tableau],
            colours,
            self.characters[character],
            chief_dance,
            secondary=self.secondary,
            adjacency=self.adjacency,
            chief_count=self.chief_count,
            secondary_worth=self.secondary_worth,
        )

    def score(
        self,
        tableau: Sequence[int],
        character: int,
        recoloured: Mapping[int, int],
        chief_dance: str | None = None,
    ) -> DanceScore:
        """As :meth:`by_rules`, from the tables (the round's end scores every tableau)."""
        pair_bonus = self.pair_bonus
        if pair_bonus is None:  # the colours of neighbours count: no table for them
            return self.by_rules(tableau, character, recoloured, chief_dance)
        if recoloured:
            printed, points = self.printed_colour, self.points[character]
            card_points = tuple([points[recoloured.get(c, printed[c])][c] for c in tableau])
        else:
            points_printed = self.printed_points[character]
            card_points = tuple([points_printed[c] for c in tableau])
        counts = None  # what the Chief counts on each card, once a dance is named
        if chief_dance is not None and self.is_chief[character]:
            counts = self.chief_counts[chief_dance]
        specials = self.special
        adjacency = special = chief = 0
        previous = None
        for card in tableau:
            special += specials[card]
            if previous is not None:
                adjacency += pair_bonus[previous][card]
            previous = card
            if counts is not None:
                chief += counts[card]
        matches = self.matches(tableau)
        matched = sum(matches)
        secondary = 0
        if matched:
            worth = self.match_worth
            secondary = sum([worth[card] * n for card, n in zip(tableau, matches, strict=True)])
        return DanceScore(card_points, secondary, matched, adjacency, chief, special)

    def matches(self, tableau: Sequence[int]) -> list[int]:
        """As :func:`matching_icons`: how many icons of each card of `tableau` match. An icon
        carried by two cards is shared (``shared_icon``); an icon names another card's dance
        when that dance is on some other card, or on two cards if it is the card's own
        (``named_dance``)."""
        icon_bits = self.icon_bits
        seen = repeated = 0  # the names on some card, and those on two cards or more
        if self.secondary == "shared_icon":
            for card in tableau:
                bits = icon_bits[card]
                repeated |= seen & bits
                seen |= bits
            if not repeated:
                return [0] * len(tableau)
            return [(icon_bits[card] & repeated).bit_count() for card in tableau]
        dance_bit = self.dance_bit
        for card in tableau:
            bits = dance_bit[card]
            repeated |= seen & bits
            seen |= bits
        # the dances of the other cards: every dance seen but the card's own, unless repeated
        return [
            (icon_bits[card] & (seen & ~dance_bit[card] | repeated)).bit_count() for card in tableau
        ]


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
