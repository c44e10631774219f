"""What must hold in every position of each game, read through the engines' public accessors.

One entry of :data:`LAWS` per registered game:

* ``parameters``: the game's options besides the player count, each with the values to try
  (a function of the player count where the choices depend on it);
* ``conservation``: every component in exactly one place. The engines' ``from_dict``
  already refuse most impossible counts (the round trip test exercises that); these laws
  recount everything independently, and add what ``from_dict`` leaves unchecked (Masai:
  the seeds paid for special actions);
* ``secrets``: for a viewer, strings that name what the *other* players hide (cards in
  hand, face-down cards, Characters before the reveal). None of them may appear in
  ``observation_string(viewer)``;
* ``score``: the name of the state's per-player score accessor, for reports.

A game registered in :data:`engine.GAMES` without an entry here makes the invariant tests
fail with a message saying what to add: they never skip a game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import State

Choices = Sequence[Any] | Callable[[int], Sequence[Any]]


@dataclass(frozen=True)
class GameLaws:
    conservation: Callable[[Any], list[str]]
    secrets: Callable[[Any, int], list[str]]
    parameters: Mapping[str, Choices] = field(default_factory=dict)
    score: str | None = None
    described: Callable[[Any], list[str]] | None = None
    """Conservation for a state read from a description, when the reader allows a
    description to leave out components it does not need (None: the same as play)."""


def _seats(players: int) -> list[int]:
    return list(range(players))


# -- Mahé ------------------------------------------------------------------------------------
def mahe_conservation(state: Any) -> list[str]:
    """MAHE-5.5: each turtle in exactly one place; MAHE-2.2: the 24 egg cards add up."""
    from engine.mahe.terms import BEACH, RAFT

    game = state.game
    problems = []
    found: Counter[int] = Counter()
    for space in range(RAFT, BEACH + 1):
        for turtle in state.stack(space):
            found[turtle] += 1
            if state.position(turtle) != space:
                problems.append(
                    f"the {game.colours[turtle]} turtle is in the stack of {space} but its "
                    f"position says {state.position(turtle)}"
                )
    for turtle in range(game.num_turtles):
        if found[turtle] != 1:
            problems.append(f"the {game.colours[turtle]} turtle is in {found[turtle]} places")
    if set(found) - set(range(game.num_turtles)):
        problems.append(f"unknown turtles on the board: {sorted(set(found))}")
    seen: Counter[int] = Counter()
    for player in range(game.num_players):
        seen.update(state.collected(player))
    seen.update(state.used_cards)
    if state.face_up_card is not None:
        seen[state.face_up_card] += 1
    unseen = state.unseen_cards()
    for eggs in range(1, 7):
        total = seen[eggs] + unseen.get(eggs, 0)
        if total != game.deck.counts[eggs]:
            problems.append(
                f"{total} cards showing {eggs} eggs (seen {seen[eggs]}, unseen "
                f"{unseen.get(eggs, 0)}), the deck has {game.deck.counts[eggs]}"
            )
    if state.deck_size != game.deck.in_play - sum(seen.values()):
        problems.append(
            f"deck of {state.deck_size} cards, but {game.deck.in_play} in play - "
            f"{sum(seen.values())} seen leaves {game.deck.in_play - sum(seen.values())}"
        )
    if state.beach_player is not None and (state.face_up_card is not None or state.deck_size):
        problems.append("the beach space was taken while egg cards were left")
    return problems


def mahe_secrets(state: Any, viewer: int) -> list[str]:
    """Nothing in Mahé is secret: the unseen cards are unknown to everyone, the engine too."""
    return []


# -- Mamey -----------------------------------------------------------------------------------
def mamey_conservation(state: Any) -> list[str]:
    """MAMEY-1.1, MAMEY-2.1: every bean card in exactly one place; MAMEY-2.4: 7 cubes each."""
    from engine.mamey.terms import CUBES_PER_PLAYER, FIELDS

    game = state.game
    problems = []
    places: Counter[int] = Counter()
    for player in range(game.num_players):
        hand = state.hand(player)
        if len(hand) != state.hand_size(player):
            problems.append(f"player {player} holds {len(hand)} cards, hand_size says "
                            f"{state.hand_size(player)}")  # fmt: skip
        places.update(hand)
        places.update(state.sold(player))
    for index in range(FIELDS):
        up, down = state.field(index)
        places.update(up)
        if down is not None:
            places[down] += 1
    places.update(state.discard_pile())
    deck = state.deck()
    places.update(deck)
    if sum(deck.values()) != state.deck_size:
        problems.append(f"the deck lists {sum(deck.values())} cards, deck_size says "
                        f"{state.deck_size}")  # fmt: skip
    for card, copies in enumerate(game.counts):
        if places[card] != copies:
            problems.append(f"{places[card]} {game.cards.name(card)} cards in play, the game "
                            f"has {copies}")  # fmt: skip
    for player in range(game.num_players):
        cubes = (
            state.cubes_in_hand(player)
            + state.cubes_in_stock(player)
            + len(state.squares_of(player))
        )
        if cubes != CUBES_PER_PLAYER:
            problems.append(f"player {player} has {cubes} Merchant cubes, not {CUBES_PER_PLAYER}")
    return problems


def mamey_secrets(state: Any, viewer: int) -> list[str]:
    """MAMEY-R8: other hands, sold piles before the scoring, face-down cards and the deck.

    Card names (``"red 3"``) are only secret when no card of that type lies anywhere the
    viewer can see; each other non-empty hand in full is secret too.
    """
    from engine.mamey.terms import CHECK, FIELDS, OVER

    game = state.game
    name = game.cards.name
    visible: set[int] = set(state.hand(viewer)) | set(state.discard_pile())
    hidden: set[int] = set(state.deck())
    for index in range(FIELDS):
        up, down = state.field(index)
        visible.update(up)
        if down is not None:
            mine = state.phase == CHECK and state.checking == index and viewer == state.turn_player
            (visible if mine else hidden).add(down)
    over = state.phase == OVER
    if over:
        for player in range(game.num_players):
            visible.update(state.sold(player))
    secrets = []
    for player in range(game.num_players):
        if player == viewer:
            continue
        hand = state.hand(player)
        hidden.update(hand)
        if not over:
            hidden.update(state.sold(player))
        if hand:
            secrets.append(f"player {player}: hand {', '.join(name(c) for c in hand)}")
    secrets.extend(name(card) for card in sorted(hidden - visible))
    return secrets


# -- Masai -----------------------------------------------------------------------------------
def masai_conservation(state: Any, described: bool = False) -> list[str]:
    """MASAI-1.1: 8 dice of each colour; MASAI-2.1, MASAI-7.1: every seed on the board, in
    hand, or paid for special actions (n seeds for the n-th use).

    `described`: the state was read from a description, which may give a player's seeds in
    hand without saying where the others went, but never more seeds than they got.
    """
    from engine.masai.board import COLOURS
    from engine.masai.terms import DICE_PER_COLOUR, SPECIAL_ACTIONS

    game = state.game
    board = game.board
    problems = []
    dice: Counter[str] = Counter(state.bag())
    named = state.pool() + state.discard()
    named += [d for d in map(state.die_on, range(board.num_die_slots)) if d is not None]
    named += [k for k in map(state.key_of, range(len(COLOURS))) if k is not None]
    for die in named:
        dice[die.split()[0]] += 1
    for colour in COLOURS:
        if dice[colour] != DICE_PER_COLOUR:
            problems.append(f"{dice[colour]} {colour} dice in play, the game has "
                            f"{DICE_PER_COLOUR}")  # fmt: skip
    on_board = Counter(s for s in map(state.seed_on, range(board.num_seed_slots)) if s is not None)
    for player in range(game.num_players):
        paid = sum(
            n * (n + 1) // 2 for n in (state.special_uses(player, a) for a in SPECIAL_ACTIONS)
        )
        total = state.supply(player) + on_board[player] + paid
        if total > game.seeds_each or (total < game.seeds_each and not described):
            problems.append(
                f"player {player}: {state.supply(player)} seeds in hand + {on_board[player]} on "
                f"the board + {paid} paid = {total}, not the {game.seeds_each} they got"
            )
    return problems


def masai_secrets(state: Any, viewer: int) -> list[str]:
    """Everything in Masai is public; the bag's contents are counted, never ordered."""
    return []


# -- Mahola ----------------------------------------------------------------------------------
def mahola_conservation(state: Any) -> list[str]:
    """MAHOLA-1.1: each of the 44 Dance cards in exactly one place; MAHOLA-2.1: each
    Character dealt once at most; MAHOLA-3.6: one Favor token per finished round at most."""
    from engine.mahola import CARD_TOTAL
    from engine.mahola.terms import FAVOR_TOKENS, OVER, TOKENS_TO_WIN

    game = state.game
    problems = []
    places: Counter[int] = Counter(state.deck)
    characters = []
    for player in range(game.num_players):
        places.update(state.hand(player))
        places.update(state.tableau(player))
        played = state.played(player)
        if played is not None:
            places[played] += 1
        if state.character(player) is not None:
            characters.append(state.character(player))
    for card in range(CARD_TOTAL):
        if places[card] != 1:
            problems.append(f"card {card} is in {places[card]} places")
    if set(places) - set(range(CARD_TOTAL)):
        problems.append(f"cards that do not exist: {sorted(set(places) - set(range(CARD_TOTAL)))}")
    if len(set(characters)) != len(characters):
        problems.append(f"a Character is dealt twice: {characters}")
    tokens = [state.tokens(p) for p in range(game.num_players)]
    finished = state.round_number if state.phase == OVER else state.round_number - 1
    if sum(tokens) > min(finished, FAVOR_TOKENS):
        problems.append(f"{sum(tokens)} Favor tokens given after {finished} finished rounds")
    if (state.phase == OVER) != (TOKENS_TO_WIN in tokens):
        problems.append(f"tokens {tokens} but phase {state.phase!r}")
    return problems


def mahola_secrets(state: Any, viewer: int) -> list[str]:
    """MAHOLA-3.5: other hands, the draw pile, and other Characters until the reveal.

    Once the game is over every card is back in the pile and the last round is public.
    """
    from engine.mahola.terms import OVER

    game = state.game
    if state.phase == OVER:
        return []
    secrets = [f"card {card} (" for card in state.deck]
    for player in range(game.num_players):
        if player == viewer:
            continue
        secrets.extend(f"card {card} (" for card in state.hand(player))
        character = state.character(player)
        if character is not None and not state.characters_revealed:
            secrets.append(f"the {character} (")
    return secrets


def _mahola_readings(name: str) -> Sequence[str]:
    from engine.mahola import scoring

    return tuple(getattr(scoring, name))


LAWS: dict[str, GameLaws] = {
    "mahe": GameLaws(
        mahe_conservation,
        mahe_secrets,
        {"variant": (False, True), "first_player": _seats},
        score="eggs",
    ),
    "mamey": GameLaws(mamey_conservation, mamey_secrets, {"first_player": _seats}, score="mamey"),
    "masai": GameLaws(
        masai_conservation,
        masai_secrets,
        {"first_player": _seats},
        score="score",
        described=lambda state: masai_conservation(state, described=True),
    ),
    "mahola": GameLaws(
        mahola_conservation,
        mahola_secrets,
        {
            "secondary": _mahola_readings("SECONDARY_READINGS"),
            "secondary_points": _mahola_readings("SECONDARY_POINTS"),
            "adjacency": _mahola_readings("ADJACENCY_READINGS"),
            "chief_count": _mahola_readings("CHIEF_READINGS"),
        },
        score="tokens",
    ),
}


def laws_for(game: str) -> GameLaws:
    """The laws of a registered game; a clear failure when nobody wrote them yet."""
    try:
        return LAWS[game]
    except KeyError:
        raise AssertionError(
            f"game {game!r} is registered in engine.GAMES but tests/invariants/laws.py has no "
            f"laws for it: add LAWS[{game!r}] = GameLaws(conservation, secrets, parameters) "
            f"(conservation of its components through public accessors, and the strings each "
            f"player's observation must not show of the others' hidden cards)"
        ) from None


def conservation_problems(game: str, state: State, described: bool = False) -> list[str]:
    """What is not conserved in `state` (`described`: a state read from a description, or
    played on from one, held to the game's `described` law when it has one)."""
    laws = laws_for(game)
    if described and laws.described is not None:
        return laws.described(state)
    return laws.conservation(state)


def leaked_secrets(game: str, state: State, viewer: int) -> list[str]:
    """The other players' secrets that `viewer`'s observation shows (should be none)."""
    seen = state.observation_string(viewer)
    return [secret for secret in laws_for(game).secrets(state, viewer) if secret in seen]
