"""Mahé: turtles race round an island, ride on each other and lay eggs on the beach.

The whole rulebook in one module (the shared terms, positions, limits and phases, in
:mod:`engine.mahe.terms`). Clause IDs (``MAHE-x.y``) name the rule each function implements;
the site lists the same IDs with the scenarios that verify them.

Positions: the raft is position 0 (not a space, never a stack); spaces 1..21 form a loop
and space 21 is the beach. Each space holds a stack of turtles, bottom first.

A turn, for each turtle the player moves (two with 2 or 3 players, chosen order):
the first die is rolled (chance); the owner of the top turtle of the moving group then
stops, rolls again (chance) or, in the variant, plays one of their egg cards as the die.
A total above 7 after the 2nd or 3rd die is a bust. Egg cards are revealed by chance
from the cards nobody has seen (the 4 removed at setup are among them, unknown).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import accumulate
from typing import Any

from ..core import (
    CHANCE,
    TERMINAL,
    Game,
    InvalidGameError,
    InvalidStateError,
    State,
    player_label,
    shown,
)
from .cards import EggDeck, load_egg_deck
from .state_io import read_state
from .terms import (
    BEACH,
    BEACH_BONUS,
    DECIDE,
    FIRST_DIE,
    MAX_DICE,
    MAX_TOTAL,
    NEXT_DIE,
    ORDER,
    OVER,
    RAFT,
    REVEAL,
    SPACES,
    TURTLE_COLOURS,
    Phase,
)

# Action ids. Decisions first, chance outcomes last.
STOP = 0
ROLL = 1
_CARD = 1  # CARD v = 1 + v  (2..7): play a collected card showing v eggs as the next die
_FIRST = 8  # FIRST t = 8 + t (8..14): move turtle t first this turn
_DIE = 14  # DIE f = 14 + f (15..20): the die shows f
_LAST_DIE = _DIE + 6
_REVEAL = 20  # REVEAL v = 20 + v (21..26): the new face-up egg card shows v
_LAST_REVEAL = _REVEAL + 6
NUM_ACTIONS = 27


_DICE_PHASES = (FIRST_DIE, NEXT_DIE)  # chance: a die is rolled

# A die roll's outcomes never change: built once (Fractions are slow to create).
_DIE_ACTIONS = tuple(_DIE + f for f in range(1, 7))
_DIE_EXACT = tuple((a, Fraction(1, 6)) for a in _DIE_ACTIONS)
_DIE_FLOAT = tuple((a, 1 / 6) for a in _DIE_ACTIONS)
# Their chances summed in order, in floats, as State.chance_outcome_at sums them, but the
# last: a pick at or above the fifth sum gives the sixth face (also when rounding leaves the
# sum of all six at or below the pick).
_DIE_CUMULATIVE = tuple(accumulate(p for _, p in _DIE_FLOAT))[:-1]


def card_action(eggs: int) -> int:
    """The action "play the card showing `eggs` as the next die" (variant)."""
    return _CARD + eggs


def first_action(turtle: int) -> int:
    """The action "move `turtle` first this turn" (2 or 3 players)."""
    return _FIRST + turtle


def die_action(face: int) -> int:
    """The chance outcome "the die shows `face`"."""
    return _DIE + face


def reveal_action(eggs: int) -> int:
    """The chance outcome "the new face-up egg card shows `eggs`"."""
    return _REVEAL + eggs


def move_length(dice: Sequence[int]) -> int:
    """MAHE-4.2: one die moves its face; two dice twice their sum; three dice three times it."""
    return len(dice) * sum(dice) if len(dice) > 1 else dice[0]


def is_bust(dice: Sequence[int]) -> bool:
    """MAHE-3.3: a total above 7 busts. MAHE-3.4: a single die never does."""
    return len(dice) > 1 and sum(dice) > MAX_TOTAL


def destination(start: int, length: int) -> int:
    """MAHE-4.1, MAHE-4.3, MAHE-4.4: counter-clockwise round the loop of 21; 1 follows 21.

    From the raft (0) a move of n ends on space n, which the same formula gives.
    """
    return (start - 1 + length) % SPACES + 1


def passes_beach(start: int, length: int) -> bool:
    """MAHE-6.1: does a move finish on or cross space 21?

    From the raft or spaces 1..20 it does when the path reaches 21; from 21 itself only a
    full lap (21 spaces) comes back to it: leaving the beach is not crossing it.
    """
    if start == BEACH:
        return length >= SPACES
    return length >= BEACH - start


class MaheGame(Game):
    """Mahé for 2..7 players (MAHE-2.4), optionally with the egg-card variant (MAHE-9.1..9.5)."""

    short_name = "mahe"
    min_players = 2
    max_players = 7

    def __init__(
        self,
        players: int = 4,
        variant: bool = False,
        first_player: int = 0,
        deck: EggDeck | None = None,
    ) -> None:
        """MAHE-2.4: 2 to 7 players (checked by `Game`); MAHE-8.1: two turtles each with 2 or 3."""
        super().__init__(players)
        if not isinstance(variant, bool):
            raise InvalidGameError(f"mahe: variant must be true or false, got {variant!r}")
        if not isinstance(first_player, int) or not 0 <= first_player < players:
            raise InvalidGameError(
                f"mahe: first_player must be a player index 0..{players - 1}, got {first_player!r}"
            )
        self.variant = variant
        self.first_player = first_player
        self.deck = deck if deck is not None else load_egg_deck()
        # MAHE-8.1: two turtles each with 2 or 3 players, one each with 4 to 7.
        self.turtles_per_player = 2 if players <= 3 else 1
        self.num_turtles = players * self.turtles_per_player
        self.turtle_owner = tuple(t % players for t in range(self.num_turtles))
        self.turtles_of = tuple(
            tuple(t for t in range(self.num_turtles) if t % players == p) for p in range(players)
        )
        self.colours = TURTLE_COLOURS[: self.num_turtles]
        self._turtle_by_colour = {c: t for t, c in enumerate(self.colours)}

    def parameters(self) -> dict[str, Any]:
        return {
            "players": self.num_players,
            "variant": self.variant,
            "first_player": self.first_player,
        }

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def turtle(self, colour: str) -> int:
        """The turtle index of a colour name."""
        if isinstance(colour, str) and colour in self._turtle_by_colour:
            return self._turtle_by_colour[colour]
        raise InvalidStateError(
            f"no {shown(colour)} turtle in a {self.num_players}-player game "
            f"(turtles: {', '.join(self.colours)})"
        )

    def new_initial_state(self) -> MaheState:
        """MAHE-2.1, MAHE-2.2: all turtles on the raft; the first egg card is about to come up."""
        return MaheState(self)

    def _state_from_dict(self, data: Mapping[str, Any]) -> MaheState:
        return MaheState.from_dict(self, data)


class MaheState(State):
    """A position of Mahé. Build one with `MaheGame.new_initial_state` or `from_dict`."""

    __slots__ = (
        "_beach",
        "_card_used",
        "_collected",
        "_dice",
        "_face_up",
        "_history",
        "_mover",
        "_pending",
        "_phase",
        "_player",
        "_stacks",
        "_turn_player",
        "_turns",
        "_unseen",
        "_used",
        "_where",
        "game",
    )

    game: MaheGame

    def __init__(self, game: MaheGame, *, empty: bool = False) -> None:
        self.game = game
        self._history: list[int] = []
        if empty:
            return
        self._stacks: list[list[int]] = [[] for _ in range(SPACES + 1)]
        self._stacks[RAFT] = list(range(game.num_turtles))
        self._where: list[int] = [RAFT] * game.num_turtles
        self._collected: list[list[int]] = [[] for _ in range(game.num_players)]
        self._used: list[int] = []
        self._unseen: list[int] = list(game.deck.counts)
        self._face_up: int | None = None
        self._beach: int | None = None
        self._turn_player = game.first_player
        self._turns = 0
        self._pending: list[int] = []
        self._mover: int | None = None
        self._dice: list[int] = []
        self._card_used = False
        self._phase = REVEAL
        self._player = CHANCE

    # -- reading the position -------------------------------------------------------------
    def position(self, turtle: int) -> int:
        """The space of a turtle, 0 for the raft."""
        return self._where[turtle]

    def stack(self, space: int) -> list[int]:
        """The turtles on a space, bottom first (on the raft: in no particular order)."""
        return list(self._stacks[space])

    def moving_group(self, turtle: int) -> list[int]:
        """MAHE-5.3: the turtle and every turtle riding on it, bottom first."""
        space = self._where[turtle]
        if space == RAFT:
            return [turtle]
        stack = self._stacks[space]
        return stack[stack.index(turtle) :]

    def decider(self) -> int:
        """MAHE-5.2: the owner of the top turtle of the moving group decides on more dice.

        The moving group runs from the mover to the top of its stack, so its top turtle is
        the top of the stack (on the raft, where nothing stacks, the mover itself).
        """
        mover = self._mover
        assert mover is not None
        space = self._where[mover]
        top = self._stacks[space][-1] if space != RAFT else mover
        return self.game.turtle_owner[top]

    @property
    def face_up_card(self) -> int | None:
        """The egg card lying face up (None once the deck is used up)."""
        return self._face_up

    @property
    def deck_size(self) -> int:
        """Face-down cards left in the deck (the 4 removed at setup are not in it)."""
        return sum(self._unseen) - self.game.deck.removed_unseen

    def unseen_cards(self) -> dict[int, int]:
        """Cards nobody has seen (deck and removed cards together), by egg count."""
        return {v: n for v, n in enumerate(self._unseen) if v and n}

    def collected(self, player: int) -> list[int]:
        """The egg cards a player has taken and still holds, in the order taken."""
        return list(self._collected[player])

    @property
    def used_cards(self) -> list[int]:
        """Variant: egg cards played as dice, out of the game."""
        return list(self._used)

    @property
    def beach_player(self) -> int | None:
        """The player whose turtle reached the 7-egg beach space and ended the game."""
        return self._beach

    @property
    def dice(self) -> list[int]:
        """The dice (and variant card) of the move in progress."""
        return list(self._dice)

    @property
    def mover(self) -> int | None:
        """The turtle whose move is in progress."""
        return self._mover

    @property
    def turn_player(self) -> int:
        """The player whose turn it is (who may not be the one deciding on more dice)."""
        return self._turn_player

    @property
    def phase(self) -> Phase:
        """Where in the turn the game stands."""
        return self._phase

    def eggs(self, player: int) -> int:
        """MAHE-7.2, MAHE-8.3: eggs on the player's cards, plus 7 for the beach space."""
        bonus = BEACH_BONUS if self._beach == player else 0
        return sum(self._collected[player]) + bonus

    def card_count(self, player: int) -> int:
        """MAHE-7.3: egg cards held, the beach space counting as one."""
        return len(self._collected[player]) + (1 if self._beach == player else 0)

    def winners(self) -> list[int]:
        """MAHE-7.2, MAHE-7.3: most eggs; tie -> most cards (beach counts); still tied -> all."""
        players = range(self.game.num_players)
        best = max((self.eggs(p), self.card_count(p)) for p in players)
        return [p for p in players if (self.eggs(p), self.card_count(p)) == best]

    # -- the protocol -------------------------------------------------------------------------
    def current_player(self) -> int:
        """The player to act, stored at every change of phase (`_player`): the value
        `_player_to_act` gives (tests/engines/test_mahe_player.py checks it)."""
        return self._player

    def _player_to_act(self) -> int:
        """The player to act in this phase: chance, the decider (MAHE-5.2), the player choosing
        the first turtle (MAHE-8.2), or nobody once the game is over."""
        phase = self._phase
        if phase in _DICE_PHASES:
            return CHANCE
        if phase == DECIDE:
            return self.decider()
        if phase == ORDER:
            return self._turn_player
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        if player is not None and player != self.current_player():
            return []
        phase = self._phase
        if phase == DECIDE:
            # MAHE-3.2: stop or roll; only the variant adds cards (MAHE-9.1), see _decisions
            return self._decisions() if self.game.variant else [STOP, ROLL]
        if phase in _DICE_PHASES:
            return list(_DIE_ACTIONS)
        if phase == REVEAL:
            return [_REVEAL + v for v, n in enumerate(self._unseen) if v and n]
        if phase == ORDER:
            return [_FIRST + t for t in self.game.turtles_of[self._turn_player]]
        return []

    def _decisions(self) -> list[int]:
        """MAHE-3.2: stop or roll; MAHE-9.1..9.3, MAHE-9.5: or play one of the decider's cards.

        A decision always comes after one or two dice (the third ends the move), so rolling
        again is always possible here.
        """
        actions = [STOP, ROLL]
        if self.game.variant and not self._card_used:
            room = MAX_TOTAL - sum(self._dice)
            held = set(self._collected[self.decider()])
            actions.extend(_CARD + v for v in sorted(held) if v <= room)
        return actions

    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]:
        phase = self._phase
        if phase in _DICE_PHASES:
            return list(_DIE_EXACT)
        if phase == REVEAL:
            total = sum(self._unseen)
            return [
                (_REVEAL + v, Fraction(n, total)) for v, n in enumerate(self._unseen) if v and n
            ]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """As `chance_outcomes_exact`, in floats, without building fractions."""
        phase = self._phase
        if phase in _DICE_PHASES:
            return [*_DIE_FLOAT]
        if phase == REVEAL:
            total = sum(self._unseen)
            return [(_REVEAL + v, n / total) for v, n in enumerate(self._unseen) if v and n]
        return []

    def chance_outcome_at(self, pick: float) -> int:
        """As :meth:`State.chance_outcome_at`: a die's six faces are equally likely, so their
        cumulative chances are looked up (`_DIE_CUMULATIVE`), not summed; a revealed card's
        are summed as :func:`engine.core.outcome_at` sums `chance_outcomes`, in the same order,
        without building the list. The scenarios check a driver's draws (`drawn_as_defined` in
        their steps)."""
        phase = self._phase
        if phase in _DICE_PHASES:
            return _DIE_ACTIONS[bisect_right(_DIE_CUMULATIVE, pick)]
        if phase == REVEAL:
            unseen = self._unseen
            total = sum(unseen)
            below = 0.0
            for eggs, count in enumerate(unseen[1:], 1):  # no card shows 0 eggs
                if count:
                    below += count / total
                    if pick < below:
                        return _REVEAL + eggs
            # rounding left the sum at or below the pick: the last card that can come up
            return _REVEAL + max(eggs for eggs, count in enumerate(unseen[1:], 1) if count)
        return super().chance_outcome_at(pick)

    def apply_action(self, action: int) -> None:
        """Play `action`, validated first: an illegal one changes nothing (as
        :meth:`State.apply_action`, with the plainly legal tests and their moves written in).

        Dice, stop, roll and revealed cards (all of a game but its egg cards played and its
        turtles chosen) are known legal without building the legal list, and played here
        without a further call: a decision always follows one or two dice, so rolling again
        is always legal at one; a card nobody has seen can be the one turned up. Anything
        else is checked against legal_actions() and, when illegal, refused with the rule it
        breaks, then played by `_apply`.
        """
        if type(action) is not int:
            self.check_action(action)  # refuses it
        phase = self._phase
        if _DIE < action <= _LAST_DIE and phase == FIRST_DIE:
            self._dice.append(action - _DIE)  # MAHE-3.1: the first die, then a decision
            self._phase = DECIDE
            self._player = self.decider()
        elif action == ROLL and phase == DECIDE:
            self._phase = NEXT_DIE  # MAHE-3.2: roll again
            self._player = CHANCE
        elif action == STOP and phase == DECIDE:
            self._finish_move()
        elif _DIE < action <= _LAST_DIE and phase == NEXT_DIE:
            self._add_die(action - _DIE)
        elif (
            _REVEAL < action <= _LAST_REVEAL and phase == REVEAL and self._unseen[action - _REVEAL]
        ):
            self._reveal(action - _REVEAL)
        else:
            self.check_action(action)
            self._refuse_unless_legal(action)
            self._apply(action)
        self._history.append(action)

    def _action_to_string(self, action: int, player: int | None) -> str:
        if action == STOP:
            return "stop"
        if action == ROLL:
            return "roll"
        if _CARD < action < _FIRST:
            return f"card {action - _CARD}"
        if _FIRST <= action < _DIE:
            turtle = action - _FIRST
            colour = TURTLE_COLOURS[turtle] if turtle < len(TURTLE_COLOURS) else str(turtle)
            return f"first {colour}"
        if _DIE < action <= _DIE + 6:
            return f"die {action - _DIE}"
        if _REVEAL < action <= _REVEAL + 6:
            return f"reveal {action - _REVEAL}"
        return f"unknown action {action}"

    def why_illegal(self, action: int) -> str:
        """The rule an illegal action breaks, in words."""
        phase = self._phase
        if phase == OVER:
            return "the game is over"
        if not 0 <= action < NUM_ACTIONS:
            return f"{shown(action)} is not an action of Mahé"
        if phase == DECIDE:
            if _CARD < action < _FIRST:
                return self._why_card_illegal(action - _CARD)
            return f"{player_label(self.decider())} must stop, roll or play a card"
        if phase == FIRST_DIE and _CARD < action < _FIRST:
            return (
                "MAHE-9.1: the first die is always rolled; a card may replace only the 2nd or 3rd"
            )
        if phase == FIRST_DIE and action == ROLL:
            return (
                "MAHE-3.2: no die can be added: the previous move is over (three dice at most) "
                "and the next move starts with its first die"
            )
        if phase == REVEAL and _REVEAL < action <= _LAST_REVEAL:
            return f"MAHE-1.1: no {action - _REVEAL}-egg card is left unseen to turn up"
        if phase in (FIRST_DIE, NEXT_DIE, REVEAL):
            return f"a chance event ({phase}) comes next, not a player's decision"
        return f"{player_label(self._turn_player)} must choose which turtle moves first"

    def _why_card_illegal(self, eggs: int) -> str:
        if not self.game.variant:
            return "egg cards replace dice only in the variant, which this game does not use"
        if self._card_used:
            return "MAHE-9.3: only one egg card may be used per turn"
        decider = self.decider()
        if eggs not in self._collected[decider]:
            return f"MAHE-9.5: {player_label(decider)} decides and holds no {eggs}-egg card"
        return f"MAHE-9.2: the total would be {sum(self._dice) + eggs}, more than 7"

    def _apply(self, action: int) -> None:
        """Play a legal egg card or turtle choice (`apply_action` plays everything else)."""
        phase = self._phase
        if phase == DECIDE:
            self._play_card(action - _CARD)
        elif phase == ORDER:
            first = action - _FIRST
            self._pending = [t for t in self.game.turtles_of[self._turn_player] if t != first]
            self._start_move(first)

    def _reveal(self, eggs: int) -> None:
        """MAHE-6.3: the next card of the deck is turned face up; the next move follows."""
        self._unseen[eggs] -= 1
        self._face_up = eggs
        self._next_move()

    def _add_die(self, value: int) -> None:
        """A 2nd or 3rd die (or card): bust, finish after the 3rd, or decide again."""
        dice = self._dice
        dice.append(value)
        if is_bust(dice):
            self._bust()
        elif len(dice) == MAX_DICE:
            self._finish_move()
        else:
            self._phase = DECIDE
            self._player = self.decider()

    def _play_card(self, eggs: int) -> None:
        """MAHE-9.1, MAHE-9.4: the decider's card replaces the next die and leaves the game."""
        self._collected[self.decider()].remove(eggs)
        self._used.append(eggs)
        self._card_used = True
        self._add_die(eggs)

    def _bust(self) -> None:
        """MAHE-5.4: the mover and its riders go to the raft; turtles below stay."""
        assert self._mover is not None
        start = self._where[self._mover]
        group = self.moving_group(self._mover)
        if start != RAFT:
            del self._stacks[start][-len(group) :]
            raft = self._stacks[RAFT]
            for turtle in group:
                self._where[turtle] = RAFT
                raft.append(turtle)
        self._next_move()

    def _finish_move(self) -> None:
        """MAHE-4.2, MAHE-5.1, MAHE-6.1: move the group, stack it, lay eggs past space 21."""
        mover, where = self._mover, self._where
        assert mover is not None
        start = where[mover]
        length = move_length(self._dice)
        group = self.moving_group(mover)
        end = destination(start, length)
        if start == RAFT:
            self._stacks[RAFT].remove(mover)
        else:
            del self._stacks[start][-len(group) :]
        self._stacks[end].extend(group)
        for turtle in group:
            where[turtle] = end
        if passes_beach(start, length):
            self._lay_eggs(self.game.turtle_owner[group[-1]])
        else:
            self._next_move()

    def _lay_eggs(self, player: int) -> None:
        """MAHE-6.1..6.3 and MAHE-7.1: take the face-up card, or the beach when none is left.

        After a card, the next one is turned up (chance) while the deck has any; the move
        after follows.
        """
        if self._face_up is None:
            self._beach = player
            self._mover = None
            self._dice = []
            self._pending = []
            self._phase = OVER
            self._player = TERMINAL
            return
        self._collected[player].append(self._face_up)
        self._face_up = None
        if self.deck_size > 0:
            self._mover = None
            self._dice = []
            self._phase = REVEAL
            self._player = CHANCE
        else:
            self._next_move()

    def _next_move(self) -> None:
        """MAHE-8.2: the player's other turtle (2..3 players); else MAHE-2.3: the next player,
        whose one turtle starts moving, or who first chooses which of their two moves first."""
        if self._pending:
            self._start_move(self._pending.pop(0))
            return
        if self._turns:
            self._turn_player = (self._turn_player + 1) % self.game.num_players
        self._turns += 1
        self._card_used = False
        turtles = self.game.turtles_of[self._turn_player]
        if len(turtles) == 1:
            self._start_move(turtles[0])
        else:
            self._mover = None
            self._dice = []
            self._phase = ORDER
            self._player = self._turn_player

    def _start_move(self, turtle: int) -> None:
        """MAHE-3.1: a move starts with the first die, rolled without any choice."""
        self._mover = turtle
        self._dice = []
        self._phase = FIRST_DIE
        self._player = CHANCE

    def returns(self) -> list[float]:
        if self._phase != OVER:
            return [0.0] * self.game.num_players
        winners = self.winners()
        return [1.0 if p in winners else 0.0 for p in range(self.game.num_players)]

    # -- copies and serialisation ---------------------------------------------------------
    def clone(self) -> MaheState:
        other = MaheState(self.game, empty=True)
        other._history = self._history[:]
        other._stacks = [s[:] for s in self._stacks]
        other._where = self._where[:]
        other._collected = [c[:] for c in self._collected]
        other._used = self._used[:]
        other._unseen = self._unseen[:]
        other._face_up = self._face_up
        other._beach = self._beach
        other._turn_player = self._turn_player
        other._turns = self._turns
        other._pending = self._pending[:]
        other._mover = self._mover
        other._dice = self._dice[:]
        other._card_used = self._card_used
        other._phase = self._phase
        other._player = self._player
        return other

    def to_dict(self) -> dict[str, Any]:
        colours = self.game.colours
        return {
            "game": "mahe",
            **self.game.parameters(),
            "raft": sorted(colours[t] for t in self._stacks[RAFT]),
            "spaces": {
                str(s): [colours[t] for t in self._stacks[s]]
                for s in range(1, SPACES + 1)
                if self._stacks[s]
            },
            "face_up": self._face_up,
            "deck": self.deck_size,
            "collected": [c[:] for c in self._collected],
            "used": self._used[:],
            "beach": self._beach,
            "turn_player": self._turn_player,
            "turns": self._turns,
            "phase": self._phase.value,
            "mover": None if self._mover is None else colours[self._mover],
            "pending": [colours[t] for t in self._pending],
            "dice": self._dice[:],
            "card_used": self._card_used,
            "history": self._history[:],
        }

    @classmethod
    def from_dict(cls, game: MaheGame, data: Mapping[str, Any]) -> MaheState:
        """A validated state; see :func:`engine.mahe.state_io.read_state` for the checks."""
        return read_state(game, data, cls(game, empty=True))

    def observation_string(self, player: int) -> str:
        """Everything in Mahé is public except the unseen cards, which nobody knows."""
        self.check_player(player)
        return str(self)

    def __str__(self) -> str:
        colours = self.game.colours
        lines = []
        for space in range(1, SPACES + 1):
            if self._stacks[space]:
                lines.append(
                    f"space {space}: " + ", ".join(colours[t] for t in self._stacks[space])
                )
        if self._stacks[RAFT]:
            lines.append("raft: " + ", ".join(sorted(colours[t] for t in self._stacks[RAFT])))
        face_up = "none" if self._face_up is None else f"{self._face_up} eggs"
        lines.append(f"face-up egg card: {face_up}; deck: {self.deck_size} cards")
        for p in range(self.game.num_players):
            cards = " ".join(map(str, self._collected[p])) or "-"
            beach = " + beach" if self._beach == p else ""
            lines.append(f"player {p}: cards {cards}{beach} ({self.eggs(p)} eggs)")
        if self._phase == OVER:
            lines.append("game over; winners: " + ", ".join(f"player {p}" for p in self.winners()))
        else:
            mover = "" if self._mover is None else f", moving {colours[self._mover]}"
            dice = f", dice {self._dice}" if self._dice else ""
            lines.append(f"turn of player {self._turn_player}{mover}{dice}; next: {self._phase}")
        return "\n".join(lines)
