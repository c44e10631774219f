"""Mahola: dance cards, hidden Characters and simultaneous turns.

The whole rulebook in one module (scores in :mod:`engine.mahola.scoring`, card data in
:mod:`engine.mahola.components`, sizes and phases in :mod:`engine.mahola.terms`). Clause IDs
(``MAHOLA-x.y``) name the rule each function implements; the site lists the same IDs with the
scenarios that verify them.

A round (MAHOLA-2, MAHOLA-3):

1. chance deals one Character to each player, then 5 Dance cards each, one card at a time
   round the table, every card of the deck equally likely;
2. five turns, each made of
   * ``play`` (SIMULTANEOUS): every player chooses a card of their hand; all are revealed
     at once;
   * ``place`` (SIMULTANEOUS, from the second turn on): every player puts their revealed
     card at the left or right end of their tableau;
   * ``pass`` (SIMULTANEOUS): every player chooses one card for the left neighbour and one
     for the right neighbour, both from the hand as it is before anything is received;
   * ``draw`` (chance): each player in turn draws one card;
3. the Characters are revealed; the Hunter draws (chance); ``abilities`` (SIMULTANEOUS):
   every player uses their Character's ability (or declines where the rulebook says "may");
4. each tableau is scored, the winner takes a Favor token, and a player with 3 tokens ends
   the game (MAHOLA-6.1); otherwise every card and Character is shuffled for a new round.

Players sit in index order; a player's left neighbour is the next index, their right
neighbour the previous one (MAHOLA-R8).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right, insort
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import accumulate, compress, permutations, product
from typing import Any

from ..core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    InvalidGameError,
    InvalidStateError,
    State,
)
from .components import (
    CARD_TOTAL,
    CHARACTERS,
    DANCES,
    RULE_LINE_DANCES,
    Components,
    DanceCard,
    load_components,
)
from .scoring import (
    ADJACENCY_READINGS,
    CHIEF_READINGS,
    SECONDARY_POINTS,
    SECONDARY_READINGS,
    DanceScore,
    TableauScorer,
    round_winner,
)
from .state_io import read_state
from .terms import (
    ABILITIES,
    DEAL_CARDS,
    DEAL_CHARACTERS,
    DRAW,
    HAND_SIZE,
    HUNTER_DRAW,
    MAX_TABLEAU,
    OVER,
    PASS,
    PLACE,
    PLAY,
    TOKENS_TO_WIN,
    TURNS,
    Phase,
    RoundRecord,
)

# Action ids: decisions, then chance outcomes, then the Characters' abilities.
_PLAY = 0  # PLAY c = c (0..43): play card c from the hand
_PLACE = 44  # PLACE i = 44 + i (44..49): put the played card at position i of the tableau
_PASS = 50  # PASS (l, r) = 50 + 44 l + r: card l to the left neighbour, card r to the right
_CARD = _PASS + CARD_TOTAL * CARD_TOTAL  # CARD c: chance deals or draws card c
_CHARACTER = _CARD + CARD_TOTAL  # CHARACTER k: chance deals Character k
_NAME = _CHARACTER + len(CHARACTERS)  # NAME d: the Chief names dance d (index in DANCES)
KEEP = _NAME + len(DANCES)  # an ability not used ("may")
_SWAP = KEEP + 1  # SWAP (h, t) = _SWAP + 44 h + t: the Hunter swaps hand card h, tableau card t
_MOVE = _SWAP + CARD_TOTAL * CARD_TOTAL  # MOVE (c, j): the Maiden moves card c to position j
_RECOLOUR = _MOVE + CARD_TOTAL * MAX_TABLEAU  # RECOLOUR (c, k): the Shaman gives card c colour k
NUM_ACTIONS = _RECOLOUR + CARD_TOTAL * len(CHARACTERS)


CHANCE_PHASES = frozenset({DEAL_CHARACTERS, DEAL_CARDS, DRAW, HUNTER_DRAW})
JOINT_PHASES = frozenset({PLAY, PLACE, PASS, ABILITIES})
REVEALED_PHASES = frozenset({HUNTER_DRAW, ABILITIES})
CARD_PHASES = frozenset({DEAL_CARDS, DRAW, HUNTER_DRAW})
"""The chance phases where a card comes off the draw pile."""
_WHO_ACTS = {
    **{phase: CHANCE for phase in CHANCE_PHASES},
    **{phase: SIMULTANEOUS for phase in JOINT_PHASES},
    OVER: TERMINAL,
}
_CHIEF, _HUNTER, _MAIDEN, _SHAMAN = range(4)
_CARD_CHANCES = tuple(
    tuple((_CARD + card, 1 / left if left else 0.0) for card in range(CARD_TOTAL))
    for left in range(CARD_TOTAL + 1)
)
"""MAHOLA-2.2, MAHOLA-3.4: ``_CARD_CHANCES[n][c]`` is card c's outcome and its chance, 1/n,
when n cards are left in the pile (built once: the deals and draws are most of the nodes)."""
_CUMULATIVE_CHANCES = tuple(
    tuple(accumulate(chance for _, chance in _CARD_CHANCES[left][:left]))
    for left in range(CARD_TOTAL + 1)
)
"""``_CUMULATIVE_CHANCES[n][k]``: the chances of the first k + 1 of n equally likely outcomes,
summed in floats in order as :meth:`State.chance_outcome_at` sums them."""
_CARD_OUTCOMES = tuple(_CARD + card for card in range(CARD_TOTAL))
"""``_CARD_OUTCOMES[c]``: the outcome "card c comes off the pile" (built once: the ids are above
256, ints Python would otherwise create anew for every draw)."""
_FULL_PILE = (True,) * CARD_TOTAL
"""The draw pile at the start of a round, as ``_in_pile`` holds it: every card is in it."""
_PASS_ACTIONS = tuple(
    tuple(_PASS + left * CARD_TOTAL + right for right in range(CARD_TOTAL))
    for left in range(CARD_TOTAL)
)
"""``_PASS_ACTIONS[l][r]`` is the action "pass card l left and card r right" (built once: the
ids are above 256, ints Python would otherwise create anew for every list of passes)."""
_PASSED = tuple(divmod(n, CARD_TOTAL) for n in range(CARD_TOTAL * CARD_TOTAL))
"""``_PASSED[a - _PASS]``: the cards (left, right) of the pass action a."""
_SWAP_ACTIONS = tuple(
    tuple(_SWAP + hand * CARD_TOTAL + card for card in range(CARD_TOTAL))
    for hand in range(CARD_TOTAL)
)
"""``_SWAP_ACTIONS[h][t]`` is the Hunter's action "swap hand card h for tableau card t" (built
once, as the passes)."""
_MOVE_ACTIONS = tuple(
    tuple(_MOVE + card * MAX_TABLEAU + position for position in range(MAX_TABLEAU))
    for card in range(CARD_TOTAL)
)
"""``_MOVE_ACTIONS[c][j]`` is the Maiden's action "move card c to position j"."""
_RECOLOUR_ACTIONS = tuple(
    tuple(_RECOLOUR + card * len(CHARACTERS) + colour for colour in range(len(CHARACTERS)))
    for card in range(CARD_TOTAL)
)
"""``_RECOLOUR_ACTIONS[c][k]`` is the Shaman's action "give card c colour k"."""


def play_action(card: int) -> int:
    """The action "play card `card` from the hand"."""
    return _PLAY + card


def place_action(position: int) -> int:
    """The action "put the played card at `position`" (0 = left end, len = right end)."""
    return _PLACE + position


def pass_action(left: int, right: int) -> int:
    """The action "pass card `left` to the left neighbour and card `right` to the right"."""
    return _PASS + left * CARD_TOTAL + right


def card_outcome(card: int) -> int:
    """The chance outcome "card `card` comes off the deck" (deal or draw)."""
    return _CARD + card


def character_outcome(name: str) -> int:
    """The chance outcome "the next player is dealt Character `name`"."""
    return _CHARACTER + CHARACTERS.index(name)


def name_action(dance: str) -> int:
    """The Chief's action "name `dance`"."""
    return _NAME + DANCES.index(dance)


def swap_action(hand_card: int, tableau_card: int) -> int:
    """The Hunter's action "swap `hand_card` for `tableau_card`"."""
    return _SWAP + hand_card * CARD_TOTAL + tableau_card


def move_action(card: int, position: int) -> int:
    """The Maiden's action "move `card` so that it stands at `position`"."""
    return _MOVE + card * MAX_TABLEAU + position


def recolour_action(card: int, colour_index: int) -> int:
    """The Shaman's action "give `card` the colour of Character `colour_index`"."""
    return _RECOLOUR + card * len(CHARACTERS) + colour_index


def left_of(player: int, players: int) -> int:
    """MAHOLA-R8: the left neighbour is the next player in index order."""
    return (player + 1) % players


def right_of(player: int, players: int) -> int:
    """MAHOLA-R8: the right neighbour is the previous player in index order."""
    return (player - 1) % players


class MaholaGame(Game):
    """Mahola for 3 or 4 players (MAHOLA-2.3), with the readings of MAHOLA-R3..R5 as parameters.

    ``secondary_points`` (MAHOLA-4.4, MAHOLA-R3): ``"card_value"`` (the rulebook: each matching
    secondary dance adds the value of the card showing it) or ``"one_per_icon"``.
    """

    short_name = "mahola"
    min_players = 3
    max_players = 4

    def __init__(
        self,
        players: int = 4,
        secondary: str = "shared_icon",
        adjacency: str = "same_dance",
        chief_count: str = "names_and_icons",
        components: Components | None = None,
        secondary_points: str = "card_value",
    ) -> None:
        super().__init__(players)
        for name, value, allowed in (
            ("secondary", secondary, SECONDARY_READINGS),
            ("secondary_points", secondary_points, SECONDARY_POINTS),
            ("adjacency", adjacency, ADJACENCY_READINGS),
            ("chief_count", chief_count, CHIEF_READINGS),
        ):
            if value not in allowed:
                raise InvalidGameError(
                    f"mahola: {name} must be one of {', '.join(allowed)}, got {value!r}"
                )
        self.secondary = secondary
        self.secondary_points = secondary_points
        self.adjacency = adjacency
        self.chief_count = chief_count
        self.components = components if components is not None else load_components()
        self.cards: tuple[DanceCard, ...] = self.components.cards
        self.colours = self.components.colours
        self.all_cards = tuple(range(CARD_TOTAL))
        players = self.num_players
        self.left_neighbour = tuple(left_of(p, players) for p in range(players))
        self.right_neighbour = tuple(right_of(p, players) for p in range(players))
        self.scorer = TableauScorer(
            self.cards,
            self.components.characters,
            secondary=secondary,
            adjacency=adjacency,
            chief_count=chief_count,
            secondary_worth=secondary_points,
        )

    def parameters(self) -> dict[str, Any]:
        return {
            "players": self.num_players,
            "secondary": self.secondary,
            "secondary_points": self.secondary_points,
            "adjacency": self.adjacency,
            "chief_count": self.chief_count,
        }

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def card(self, card: int) -> DanceCard:
        """The data of card `card` (0..43)."""
        return self.cards[card]

    def score_tableau(
        self,
        tableau: Sequence[int],
        character: int,
        recoloured: Mapping[int, int],
        chief_dance: str | None,
    ) -> DanceScore:
        """MAHOLA-4.1..4.5: score a tableau (card numbers, left to right) for the Character with
        index `character`; `recoloured` maps cards to the colour index the Shaman gave them.

        Scored by the rule functions composed directly; the end of a round looks the same
        score up in the scorer's tables (:meth:`TableauScorer.score`)."""
        return self.scorer.by_rules(tableau, character, recoloured, chief_dance)

    def new_initial_state(self) -> MaholaState:
        """MAHOLA-2.1: the first round starts with the Characters being dealt."""
        return MaholaState(self)

    def _state_from_dict(self, data: Mapping[str, Any]) -> MaholaState:
        return MaholaState.from_dict(self, data)


class MaholaState(State):
    """A position of Mahola. Build one with `MaholaGame.new_initial_state` or `from_dict`."""

    __slots__ = (
        "_ability_options",
        "_characters",
        "_chief_dance",
        "_hands",
        "_history",
        "_in_pile",
        "_last",
        "_phase",
        "_pile",
        "_played",
        "_recoloured",
        "_round",
        "_step",
        "_tableaux",
        "_tokens",
        "_turn",
        "_winner",
        "game",
    )

    game: MaholaGame

    def __init__(self, game: MaholaGame, *, empty: bool = False) -> None:
        self.game = game
        self._history: list[int] = []
        self._ability_options: dict[int, tuple[int, ...]] = {}  # by player, once worked out
        if empty:
            return
        self._round = 1
        self._tokens = [0] * game.num_players
        self._last: RoundRecord | None = None
        self._winner: int | None = None
        self._start_round()

    def _start_round(self) -> None:
        """MAHOLA-2.1, MAHOLA-2.2, MAHOLA-2.4, MAHOLA-R11: cards and Characters shuffled anew."""
        players = self.game.num_players
        self._phase = DEAL_CHARACTERS
        self._turn = 0
        self._step = 0
        self._characters: list[int | None] = [None] * players
        self._hands: list[list[int]] = [[] for _ in range(players)]
        self._tableaux: list[list[int]] = [[] for _ in range(players)]
        self._played: list[int | None] = [None] * players
        self._recoloured: dict[int, int] = {}
        self._chief_dance: str | None = None
        self._in_pile: list[bool] = list(_FULL_PILE)  # True for each card in the draw pile
        self._pile = list(range(CARD_TOTAL))  # the cards of the draw pile, in order
        self._ability_options = {}  # worked out at the end of the round

    # -- reading the position -------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """Where the round stands."""
        return self._phase

    @property
    def round_number(self) -> int:
        """The round being played (the last one, once the game is over)."""
        return self._round

    @property
    def turn(self) -> int:
        """The turn of the round, 1..5 (0 while the cards are dealt)."""
        return self._turn

    def hand(self, player: int) -> list[int]:
        """The cards in a player's hand, by card number."""
        return list(self._hands[player])

    def tableau(self, player: int) -> list[int]:
        """A player's tableau, left to right."""
        return list(self._tableaux[player])

    def played(self, player: int) -> int | None:
        """The card a player revealed this turn and has not yet placed."""
        return self._played[player]

    def character(self, player: int) -> str | None:
        """A player's Character this round (None before it is dealt)."""
        index = self._characters[player]
        return None if index is None else CHARACTERS[index]

    def player_of(self, character: str) -> int | None:
        """The player holding a Character this round (None if nobody does)."""
        index = CHARACTERS.index(character)
        return self._characters.index(index) if index in self._characters else None

    def card_colour(self, card: int) -> str:
        """A card's colour now: printed, or as the Shaman changed it (MAHOLA-7.4)."""
        index = self._recoloured.get(card)
        return self.game.cards[card].colour if index is None else self.game.colours[index]

    @property
    def deck(self) -> list[int]:
        """The cards in the draw pile (not dealt, not drawn). Nobody sees their order."""
        return self._pile[:]

    @property
    def deck_size(self) -> int:
        return len(self._pile)

    def tokens(self, player: int) -> int:
        """MAHOLA-3.6: the Favor tokens a player holds."""
        return self._tokens[player]

    @property
    def last_round(self) -> RoundRecord | None:
        """The round finished last, with its tableaux, scores and winner."""
        return self._last

    @property
    def winner(self) -> int | None:
        """MAHOLA-6.1: the player who won the game."""
        return self._winner

    @property
    def characters_revealed(self) -> bool:
        """MAHOLA-3.5: the Characters are face up from the end of turn five."""
        return self._phase in REVEALED_PHASES

    def score(self, player: int) -> DanceScore:
        """MAHOLA-4.1..4.5: the player's dance as it stands now, scored."""
        index = self._characters[player]
        if index is None:
            raise InvalidStateError(f"player {player} has no Character yet: nothing to score")
        return self.game.score_tableau(
            self._tableaux[player], index, self._recoloured, self._chief_dance
        )

    # -- the protocol -------------------------------------------------------------------------
    def current_player(self) -> int:
        return _WHO_ACTS[self._phase]

    def legal_actions(self, player: int | None = None) -> list[int]:
        """At a SIMULTANEOUS node, `player`'s actions (none without a player); at a chance
        node, the outcomes; nothing once the game is over."""
        phase = self._phase
        if phase in JOINT_PHASES:
            if type(player) is not int or not 0 <= player < self.game.num_players:
                return []
            if phase == PLAY:  # MAHOLA-3.1: any card of the hand (PLAY c is c)
                return self._hands[player][:]
            if phase == PLACE:  # MAHOLA-3.2: either end of the tableau
                return [_PLACE, _PLACE + len(self._tableaux[player])]
            if phase == PASS:
                return self._passes(player)
            return list(self._abilities(player))
        if phase == OVER or (player is not None and player != CHANCE):
            return []
        return self._chance_actions()

    def _chance_actions(self) -> list[int]:
        """MAHOLA-2.1, MAHOLA-2.2, MAHOLA-3.4: the Characters not yet dealt, or the cards of
        the draw pile."""
        if self._phase == DEAL_CHARACTERS:
            dealt = self._characters
            return [_CHARACTER + k for k in range(len(CHARACTERS)) if k not in dealt]
        return [_CARD + c for c in compress(self.game.all_cards, self._in_pile)]

    def _passes(self, player: int) -> list[int]:
        """MAHOLA-3.3: two different cards of the hand, one for each neighbour (the hand is
        sorted, so its ordered pairs, as `permutations` lists them, come in action order)."""
        return [_PASS_ACTIONS[left][right] for left, right in permutations(self._hands[player], 2)]

    def _abilities(self, player: int) -> tuple[int, ...]:
        """The player's abilities at the end of the round, worked out once per node (they
        are the longest lists to build, and validating the joint action needs them again).

        Nothing changes a tableau or a hand between the Hunter's draw and the joint action
        that uses the abilities and ends the round (the next round starts with none).
        """
        abilities = self._ability_options.get(player)
        if abilities is None:
            abilities = self._ability_options[player] = tuple(self._ability_actions(player))
        return abilities

    def _ability_actions(self, player: int) -> list[int]:
        """MAHOLA-7.1..7.4: what the player's Character may do at the end of the round."""
        character = self._characters[player]
        tableau = self._tableaux[player]
        if character == _CHIEF:
            return [_NAME + DANCES.index(d) for d in RULE_LINE_DANCES]
        if character == _HUNTER:
            swaps = [_SWAP_ACTIONS[h][t] for h, t in product(self._hands[player], tableau)]
            return [KEEP, *sorted(swaps)]
        if character == _MAIDEN:
            # the card at position i to another position j
            moves = [_MOVE_ACTIONS[tableau[i]][j] for i, j in permutations(range(len(tableau)), 2)]
            return [KEEP, *sorted(moves)]
        return [KEEP, *self._recolours(tableau)]

    def _recolours(self, tableau: Sequence[int]) -> list[int]:
        """MAHOLA-7.4: the Shaman may give a card of their tableau any other Character colour
        (the colours are distinct, so a card's colour index names its colour)."""
        colours = len(CHARACTERS)
        recoloured, printed = self._recoloured, self.game.scorer.printed_colour
        return sorted(
            [
                _RECOLOUR_ACTIONS[c][k]
                for c in tableau
                for k in range(colours)
                if k != recoloured.get(c, printed[c])
            ]
        )

    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]:
        """MAHOLA-2.1, MAHOLA-2.2, MAHOLA-3.4: every Character or card left is equally likely."""
        outcomes = self._chance_actions() if self._phase in CHANCE_PHASES else []
        if not outcomes:
            return []
        chance = Fraction(1, len(outcomes))
        return [(a, chance) for a in outcomes]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """As `chance_outcomes_exact`, in floats: 1/n is the float nearest the fraction."""
        phase = self._phase
        if phase in CARD_PHASES:
            return list(compress(_CARD_CHANCES[len(self._pile)], self._in_pile))
        characters = self._chance_actions() if phase == DEAL_CHARACTERS else []
        if not characters:
            return []
        chance = 1 / len(characters)
        return [(a, chance) for a in characters]

    def chance_outcome_at(self, pick: float) -> int:
        """As :meth:`State.chance_outcome_at`: every card of the pile (MAHOLA-2.2, MAHOLA-3.4)
        is equally likely, so the cumulative chances depend only on the pile's size and are
        looked up (`_CUMULATIVE_CHANCES`), not summed."""
        if self._phase == DEAL_CHARACTERS:
            return super().chance_outcome_at(pick)
        pile = self._pile
        left = len(pile)
        index = bisect_right(_CUMULATIVE_CHANCES[left], pick)
        return _CARD_OUTCOMES[pile[index if index < left else -1]]

    # -- applying actions, validated ------------------------------------------------------
    def _plainly_legal(self, action: int) -> bool:
        """A card still in the draw pile, or a Character not yet dealt: known possible
        without listing the other outcomes (they are every chance event of a game)."""
        phase = self._phase
        if phase in CARD_PHASES:
            card = action - _CARD
            return 0 <= card < CARD_TOTAL and self._in_pile[card]
        if phase == DEAL_CHARACTERS:
            character = action - _CHARACTER
            return 0 <= character < len(CHARACTERS) and character not in self._characters
        return False

    def apply_action(self, action: int) -> None:
        """As :meth:`State.apply_action`: validated first, and an illegal action raises
        `IllegalActionError` and changes nothing. A card coming off the draw pile (most of a
        game's actions) is recognised and taken in one step."""
        if type(action) is int and self._phase in CARD_PHASES:
            card = action - _CARD
            if 0 <= card < CARD_TOTAL and self._in_pile[card]:
                self._take_card(card)
                self._history.append(action)
                return
        super().apply_action(action)

    def apply_actions(self, actions: Sequence[int]) -> None:
        """As :meth:`State.apply_actions`: validated first, and an illegal joint action raises
        `IllegalActionError` and changes nothing. The usual case, a list of one legal int per
        player at a joint phase, is recognised in one pass (`_plainly_legal_joint`); the
        caller's list is read once, into the copy that is checked and played."""
        if isinstance(actions, list | tuple):
            actions = list(actions)
        if (
            type(actions) is list
            and self._phase in JOINT_PHASES
            and len(actions) == self.game.num_players
            and self._plainly_legal_joint(actions)
        ):
            self._apply_joint(actions)
            self._history.extend(actions)
            return
        self._apply_joint_copy(actions)

    def _plainly_legal_joint(self, actions: Sequence[int]) -> bool:
        """Is every player's part of the joint action an int and legal? Checked without
        building the legal lists, except the Characters' abilities (once a round)."""
        phase = self._phase
        if phase == PLAY:  # MAHOLA-3.1: a card of one's own hand (cards are 0 to 43)
            for hand, action in zip(self._hands, actions, strict=True):
                if type(action) is not int or action - _PLAY not in hand:
                    return False
            return True
        if phase == PLACE:  # MAHOLA-3.2: either end of one's own tableau
            for tableau, action in zip(self._tableaux, actions, strict=True):
                if type(action) is not int or (
                    action != _PLACE and action != _PLACE + len(tableau)
                ):
                    return False
            return True
        if phase == PASS:  # MAHOLA-3.3: two different cards of one's own hand
            for hand, action in zip(self._hands, actions, strict=True):
                if type(action) is not int or not _PASS <= action < _CARD:
                    return False
                left, right = _PASSED[action - _PASS]
                if left == right or left not in hand or right not in hand:
                    return False
            return True
        return all(
            type(action) is int and action in self._abilities(p) for p, action in enumerate(actions)
        )

    # -- names of actions ------------------------------------------------------------------
    def _action_to_string(self, action: int, player: int | None) -> str:
        if _PLAY <= action < _PLACE:
            return f"play card {action - _PLAY}"
        if _PLACE <= action < _PASS:
            return self._place_name(action - _PLACE, player)
        if _PASS <= action < _CARD:
            left, right = divmod(action - _PASS, CARD_TOTAL)
            return f"pass card {left} left and card {right} right"
        if _CARD <= action < _CHARACTER:
            return self._card_outcome_name(action - _CARD)
        if _CHARACTER <= action < _NAME:
            return f"deal the {CHARACTERS[action - _CHARACTER]}"
        if _NAME <= action < KEEP:
            return f"name {DANCES[action - _NAME]}"
        if action == KEEP:
            return "leave the tableau as it is"
        if _SWAP <= action < _MOVE:
            hand, tableau = divmod(action - _SWAP, CARD_TOTAL)
            return f"swap hand card {hand} for tableau card {tableau}"
        if _MOVE <= action < _RECOLOUR:
            card, position = divmod(action - _MOVE, MAX_TABLEAU)
            return f"move card {card} to position {position + 1}"
        if _RECOLOUR <= action < NUM_ACTIONS:
            card, colour = divmod(action - _RECOLOUR, len(CHARACTERS))
            name = self.game.colours[colour] if colour < len(self.game.colours) else str(colour)
            return f"make card {card} {name}"
        return f"unknown action {action}"

    def _place_name(self, position: int, player: int | None) -> str:
        who = player if player is not None and 0 <= player < self.game.num_players else 0
        length = len(self._tableaux[who])
        if position == 0:
            return "place at the left end"
        if position == length:
            return "place at the right end"
        return f"place at position {position + 1} of {length + 1}"

    def _card_outcome_name(self, card: int) -> str:
        phase = self._phase
        if phase == DEAL_CARDS:
            return f"deal card {card}"
        if phase == HUNTER_DRAW:
            return f"the Hunter draws card {card}"
        return f"draw card {card}"

    # -- why an action is refused -------------------------------------------------------------
    def why_illegal(self, action: int) -> str:
        """The rule an illegal action breaks (chance nodes, and acting out of turn)."""
        phase = self._phase
        if phase == OVER:
            return "MAHOLA-6.1: the game is over"
        if not 0 <= action < NUM_ACTIONS:
            return f"{action} is not an action of Mahola"
        if phase == DEAL_CHARACTERS:
            if _CHARACTER <= action < _NAME:
                return f"MAHOLA-2.1: the {CHARACTERS[action - _CHARACTER]} is already dealt"
            return "MAHOLA-2.1: chance deals the next Character now"
        if _CARD <= action < _CHARACTER:
            return f"MAHOLA-2.2: card {action - _CARD} is not in the draw pile"
        return f"a chance event ({phase}) comes next, not a player's decision"

    def why_illegal_for(self, player: int, action: int) -> str:
        """The rule a player's part of a joint action breaks, in words."""
        if not 0 <= action < NUM_ACTIONS:
            return f"{action} is not an action of Mahola"
        phase = self._phase
        if phase == PLAY:
            if _PLAY <= action < _PLACE:
                return (
                    f"MAHOLA-3.1: a player plays a card from their own hand, and card "
                    f"{action} is not in player {player}'s hand"
                )
            return "MAHOLA-3.1: every player now chooses a card of their hand to play"
        if phase == PLACE:
            if _PLACE <= action < _PASS:
                return self._why_place_illegal(player, action - _PLACE)
            return "MAHOLA-3.2: every player now places their revealed card at an end"
        if phase == PASS:
            if _PASS <= action < _CARD:
                return self._why_pass_illegal(player, *divmod(action - _PASS, CARD_TOTAL))
            return "MAHOLA-3.3: every player now passes one card left and one card right"
        return self._why_ability_illegal(player, action)

    def _why_place_illegal(self, player: int, position: int) -> str:
        tableau = self._tableaux[player]
        if 0 < position < len(tableau):
            return (
                f"MAHOLA-3.2: a Dance card goes at either end of the tableau, never between two "
                f"cards (position {position + 1} lies between card {tableau[position - 1]} and "
                f"card {tableau[position]})"
            )
        return (
            f"MAHOLA-3.2: player {player}'s tableau has {len(tableau)} cards: the card goes at "
            f"position 1 or {len(tableau) + 1}"
        )

    def _why_pass_illegal(self, player: int, left: int, right: int) -> str:
        hand = self._hands[player]
        if left == right:
            return f"MAHOLA-3.3: one card goes left and another goes right, not card {left} twice"
        missing = left if left not in hand else right
        return (
            f"MAHOLA-3.3: cards are passed from the hand before anything is received, and card "
            f"{missing} is not in player {player}'s hand"
        )

    def _why_ability_illegal(self, player: int, action: int) -> str:
        character = self._characters[player]
        name = CHARACTERS[character] if character is not None else "nobody"
        tableau = self._tableaux[player]
        if _NAME <= action < KEEP:
            if character != _CHIEF:
                return f"MAHOLA-7.1: only the Chief names a dance; player {player} is the {name}"
            return "MAHOLA-7.1: the Chief names Fire, Grass, Rain or Sun"
        if action == KEEP:
            return "MAHOLA-7.1: the Chief must name a dance"
        if _SWAP <= action < _MOVE:
            if character != _HUNTER:
                return f"MAHOLA-7.2: only the Hunter swaps cards; player {player} is the {name}"
            hand_card, card = divmod(action - _SWAP, CARD_TOTAL)
            if hand_card not in self._hands[player]:
                return f"MAHOLA-7.2: card {hand_card} is not in the Hunter's hand"
            return f"MAHOLA-7.2: card {card} is not in the Hunter's own tableau"
        if _MOVE <= action < _RECOLOUR:
            if character != _MAIDEN:
                return f"MAHOLA-7.3: only the Maiden moves a card; player {player} is the {name}"
            card, position = divmod(action - _MOVE, MAX_TABLEAU)
            if card not in tableau:
                return f"MAHOLA-7.3: card {card} is not in the Maiden's own tableau"
            if position >= len(tableau):
                return f"MAHOLA-7.3: the tableau has positions 1 to {len(tableau)}"
            return f"MAHOLA-7.3: card {card} already stands at position {position + 1}"
        if _RECOLOUR <= action < NUM_ACTIONS:
            if character != _SHAMAN:
                return (
                    f"MAHOLA-7.4: only the Shaman changes a colour; player {player} is the {name}"
                )
            card, colour = divmod(action - _RECOLOUR, len(CHARACTERS))
            if card not in tableau:
                return f"MAHOLA-7.4: card {card} is not in the Shaman's own tableau"
            return f"MAHOLA-7.4: card {card} is already {self.game.colours[colour]}"
        return f"MAHOLA-7: every player now uses the ability of their Character ({name})"

    # -- what the actions do ------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        """A chance outcome (validated by the caller)."""
        if self._phase == DEAL_CHARACTERS:
            self._deal_character(action - _CHARACTER)
        else:
            self._take_card(action - _CARD)

    def _deal_character(self, character: int) -> None:
        """MAHOLA-2.1: the next player receives a Character; then the Dance cards are dealt."""
        self._characters[self._step] = character
        self._step += 1
        if self._step == self.game.num_players:
            self._phase, self._step = DEAL_CARDS, 0

    def _take_card(self, card: int) -> None:
        """MAHOLA-2.2, MAHOLA-3.4, MAHOLA-7.2: a card leaves the draw pile for the hand of the
        player dealt to (round the table), the player drawing, or the Hunter."""
        self._in_pile[card] = False
        pile = self._pile
        del pile[bisect_left(pile, card)]  # the pile is in card order
        phase, step, players = self._phase, self._step, self.game.num_players
        if phase == DEAL_CARDS:
            insort(self._hands[step % players], card)
            self._step = step = step + 1
            if step == HAND_SIZE * players:
                self._phase, self._step, self._turn = PLAY, 0, 1
        elif phase == DRAW:
            insort(self._hands[step], card)
            self._step = step = step + 1
            if step == players:
                self._end_turn()
        else:  # HUNTER_DRAW
            hunter = self.player_of("Hunter")
            assert hunter is not None
            insort(self._hands[hunter], card)
            self._phase = ABILITIES

    def _apply_joint(self, actions: list[int]) -> None:
        phase = self._phase
        if phase == PLAY:
            self._reveal_plays(actions)
        elif phase == PLACE:
            for player, action in enumerate(actions):
                self._place(player, action - _PLACE)
            self._phase = PASS
        elif phase == PASS:
            self._pass_cards(actions)
        else:
            for player, action in enumerate(actions):
                self._use_ability(player, action)
            self._end_round()

    def _reveal_plays(self, actions: list[int]) -> None:
        """MAHOLA-3.1: the chosen cards leave the hands and are revealed together.

        On the first turn the tableau is empty, so the card simply starts it (MAHOLA-R7).
        """
        for player, action in enumerate(actions):
            card = action - _PLAY
            self._hands[player].remove(card)
            self._played[player] = card
        if self._tableaux[0]:
            self._phase = PLACE
        else:
            for player in range(self.game.num_players):
                self._place(player, 0)
            self._phase = PASS

    def _place(self, player: int, position: int) -> None:
        """MAHOLA-3.2: at the left end (position 0) or the right end of the tableau."""
        card = self._played[player]
        assert card is not None
        self._tableaux[player].insert(position, card)
        self._played[player] = None

    def _pass_cards(self, actions: list[int]) -> None:
        """MAHOLA-3.3: every chosen card leaves its hand before any card is received."""
        hands = self._hands
        passed = [_PASSED[action - _PASS] for action in actions]
        for hand, (left, right) in zip(hands, passed, strict=True):
            hand.remove(left)
            hand.remove(right)
        left_neighbour, right_neighbour = self.game.left_neighbour, self.game.right_neighbour
        for player, (left, right) in enumerate(passed):
            insort(hands[left_neighbour[player]], left)
            insort(hands[right_neighbour[player]], right)
        self._phase, self._step = DRAW, 0

    def _end_turn(self) -> None:
        """MAHOLA-3.5: after five turns the Characters are revealed; the Hunter draws."""
        if self._turn < TURNS:
            self._turn += 1
            self._phase = PLAY
        elif self.player_of("Hunter") is not None and self._pile:
            self._phase = HUNTER_DRAW
        else:
            self._phase = ABILITIES

    def _use_ability(self, player: int, action: int) -> None:
        """MAHOLA-7.1..7.4: each Character changes only its own player's dance."""
        if action == KEEP:
            return
        tableau = self._tableaux[player]
        if _NAME <= action < KEEP:
            self._chief_dance = DANCES[action - _NAME]
        elif _SWAP <= action < _MOVE:
            hand_card, card = divmod(action - _SWAP, CARD_TOTAL)
            hand = self._hands[player]
            hand.remove(hand_card)
            insort(hand, card)
            tableau[tableau.index(card)] = hand_card
        elif _MOVE <= action < _RECOLOUR:
            card, position = divmod(action - _MOVE, MAX_TABLEAU)
            tableau.remove(card)
            tableau.insert(position, card)
        else:
            card, colour = divmod(action - _RECOLOUR, len(CHARACTERS))
            self._recoloured[card] = colour

    def _end_round(self) -> None:
        """MAHOLA-3.6, MAHOLA-5.1..5.3, MAHOLA-6.1: score, give the Favor token, end or deal."""
        characters = tuple([c for c in self._characters if c is not None])
        score, recoloured, chief_dance = self.game.scorer.score, self._recoloured, self._chief_dance
        scores = tuple(
            [
                score(tableau, character, recoloured, chief_dance)
                for tableau, character in zip(self._tableaux, characters, strict=True)
            ]
        )
        winner = round_winner(scores)
        self._last = RoundRecord(
            number=self._round,
            characters=characters,
            tableaux=tuple(map(tuple, self._tableaux)),
            recoloured=tuple(sorted(self._recoloured.items())),
            chief_dance=self._chief_dance,
            scores=scores,
            winner=winner,
        )
        if winner is not None:
            self._tokens[winner] += 1
            if self._tokens[winner] >= TOKENS_TO_WIN:
                self._winner = winner
        self._start_round()
        if self._winner is not None:
            self._phase = OVER
        else:
            self._round += 1

    def returns(self) -> list[float]:
        if self._winner is None:
            return [0.0] * self.game.num_players
        return [1.0 if p == self._winner else 0.0 for p in range(self.game.num_players)]

    # -- copies and serialisation ---------------------------------------------------------
    def clone(self) -> MaholaState:
        other = MaholaState(self.game, empty=True)
        other._history = self._history[:]
        other._round = self._round
        other._tokens = self._tokens[:]
        other._last = self._last  # immutable
        other._winner = self._winner
        other._phase = self._phase
        other._turn = self._turn
        other._step = self._step
        other._characters = self._characters[:]
        other._hands = [h[:] for h in self._hands]
        other._tableaux = [t[:] for t in self._tableaux]
        other._played = self._played[:]
        other._recoloured = dict(self._recoloured)
        other._chief_dance = self._chief_dance
        other._in_pile = self._in_pile[:]
        other._pile = self._pile[:]
        return other

    def to_dict(self) -> dict[str, Any]:
        """The position; the Chief's dance and the Shaman's colour are only ever chosen in
        the joint action that ends the round, so they appear in ``last_round`` only."""
        return {
            "game": "mahola",
            **self.game.parameters(),
            "round": self._round,
            "tokens": self._tokens[:],
            "phase": self._phase.value,
            "turn": self._turn,
            "characters": [None if c is None else CHARACTERS[c] for c in self._characters],
            "hands": [h[:] for h in self._hands],
            "tableaux": [t[:] for t in self._tableaux],
            "played": self._played[:],
            "deck": len(self._pile),
            "last_round": None if self._last is None else self._record_to_dict(self._last),
            "winner": self._winner,
            "history": self._history[:],
        }

    def _record_to_dict(self, record: RoundRecord) -> dict[str, Any]:
        colours = self.game.colours
        return {
            "round": record.number,
            "characters": [CHARACTERS[c] for c in record.characters],
            "tableaux": [list(t) for t in record.tableaux],
            "recoloured": {str(c): colours[k] for c, k in record.recoloured},
            "chief_dance": record.chief_dance,
            "scores": [s.total for s in record.scores],
            "winner": record.winner,
        }

    @classmethod
    def from_dict(cls, game: MaholaGame, data: Mapping[str, Any]) -> MaholaState:
        """A validated state; see :func:`engine.mahola.state_io.read_state` for the checks."""
        return read_state(game, data, cls(game, empty=True))

    # -- what a player sees -------------------------------------------------------------------
    def describe_card(self, card: int) -> str:
        """``"card 7 (Fire 3 red Bear [War])"``, with the card's colour as it is now."""
        data = self.game.cards[card]
        colour = self.card_colour(card)
        if colour != data.colour:
            data = DanceCard(data.dance, data.value, colour, data.animal, data.icons, data.special)
        return f"card {card} ({data.describe()})"

    def _cards(self, cards: Sequence[int]) -> str:
        return ", ".join(self.describe_card(c) for c in cards) or "-"

    def observation_string(self, player: int) -> str:
        """What `player` sees: their own hand and Character, every tableau and revealed card,
        the Characters once revealed, the size of the draw pile and of the other hands.

        Other hands, other Characters before the reveal and the draw pile stay hidden. A
        joint action is applied whole, so no position holds a card chosen but not revealed.
        """
        self.check_player(player)
        return "\n".join(self._lines(viewer=player))

    def __str__(self) -> str:
        """The whole position, hidden parts included (for debugging and the CLI)."""
        return "\n".join(self._lines(viewer=None))

    def _lines(self, viewer: int | None) -> list[str]:
        players = self.game.num_players
        lines = [self._headline()]
        lines.append(
            "favor tokens: " + ", ".join(f"player {p} {self._tokens[p]}" for p in range(players))
        )
        if self._phase == OVER:
            return lines + self._record_lines()
        for p in range(players):
            lines.append(f"player {p}: {self._character_text(p, viewer)}")
            lines.append(f"  tableau: {self._cards(self._tableaux[p])}")
            revealed = self._played[p]
            if revealed is not None:
                lines.append(f"  revealed: {self.describe_card(revealed)}")
            if viewer is None or viewer == p:
                lines.append(f"  hand: {self._cards(self._hands[p])}")
            else:
                lines.append(f"  hand: {len(self._hands[p])} cards")
        pile = f"draw pile: {len(self._pile)} cards"
        lines.append(pile + (f" ({', '.join(map(str, self.deck))})" if viewer is None else ""))
        if self._last is not None:
            last = self._last
            scores = ", ".join(f"player {p} {s.total}" for p, s in enumerate(last.scores))
            won = "nobody" if last.winner is None else f"player {last.winner}"
            lines.append(f"round {last.number} scores: {scores}; Favor token: {won}")
        return lines

    def _record_lines(self) -> list[str]:
        """The last round in full: every Character, dance and score (all public by then)."""
        last = self._last
        if last is None:
            return []
        game = self.game
        won = "nobody" if last.winner is None else f"player {last.winner}"
        lines = [f"round {last.number}: Favor token to {won}"]
        recoloured = dict(last.recoloured)
        for p, (character, tableau, score) in enumerate(
            zip(last.characters, last.tableaux, last.scores, strict=True)
        ):
            named = f", named {last.chief_dance}" if CHARACTERS[character] == "Chief" else ""
            lines.append(f"player {p}: the {CHARACTERS[character]}{named}; score {score.total}")
            for card in tableau:
                data = game.cards[card]
                colour = game.colours[recoloured[card]] if card in recoloured else data.colour
                shown = DanceCard(
                    data.dance, data.value, colour, data.animal, data.icons, data.special
                )
                lines.append(f"  card {card} ({shown.describe()})")
        return lines

    def _headline(self) -> str:
        if self._phase == OVER:
            return f"game over after round {self._round}: player {self._winner} wins"
        what = {
            DEAL_CHARACTERS: "the Characters are dealt",
            DEAL_CARDS: "the Dance cards are dealt",
            PLAY: "every player chooses a card to play",
            PLACE: "every player places their revealed card at an end of their tableau",
            PASS: "every player passes one card left and one card right",
            DRAW: f"player {self._step} draws",
            HUNTER_DRAW: "the Hunter draws a card",
            ABILITIES: "every player uses their Character's ability",
        }[self._phase]
        turn = f", turn {self._turn}" if self._turn else ""
        return f"round {self._round}{turn}: {what}"

    def _character_text(self, player: int, viewer: int | None) -> str:
        index = self._characters[player]
        if index is None:
            return "no Character yet"
        if viewer is not None and viewer != player and not self.characters_revealed:
            return "Character hidden"
        character = self.game.components.characters[index]
        return f"the {character.name} ({character.colour}, {character.animal})"
