"""Reading a Mahé state from a dictionary (the inverse of `MaheState.to_dict`), with checks.

Scenarios set up positions this way ("the stack on space 18 is blue, red, yellow"), so
every check names what is wrong in the words of the game. Nothing is built until every
check has passed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core import shown
from ..validation import MAX_COUNT, StateChecks
from .terms import DECIDE, FIRST_DIE, MAX_TOTAL, NEXT_DIE, ORDER, OVER, RAFT, REVEAL, SPACES, Phase

if TYPE_CHECKING:  # annotations only: the rules import this reader, never the reverse
    from .game import MaheGame, MaheState

FIELDS = {
    "game", "players", "variant", "first_player", "raft", "spaces", "face_up", "deck",
    "collected", "used", "beach", "turn_player", "turns", "phase", "mover", "pending", "dice",
    "card_used", "history",
}  # fmt: skip


_checks = StateChecks("mahe", "Mahé")
_fail = _checks.fail
_int = _checks.whole_number
_list = _checks.list_of


def _read_turtles(game: MaheGame, data: Mapping[str, Any]) -> tuple[list[list[int]], list[int]]:
    """MAHE-5.5: each turtle exactly once, on the raft or in one stack of spaces 1..21.

    Without a "raft" entry, the turtles not on a space are on the raft; with one, every
    turtle must be listed.
    """
    stacks: list[list[int]] = [[] for _ in range(SPACES + 1)]
    where: dict[int, int] = {}

    def place(colour: Any, position: int) -> None:
        if not isinstance(colour, str):
            raise _fail(f"a turtle must be named by its colour, got {shown(colour)}")
        turtle = game.turtle(colour)
        if turtle in where:
            first = "the raft" if where[turtle] == RAFT else f"space {where[turtle]}"
            here = "the raft" if position == RAFT else f"space {position}"
            raise _fail(f"the {colour} turtle is in two places: {first} and {here}")
        where[turtle] = position
        stacks[position].append(turtle)

    for colour in _list(data.get("raft", []), "raft"):
        place(colour, RAFT)
    spaces = data.get("spaces", {})
    if not isinstance(spaces, Mapping):
        raise _fail(f"spaces must map space numbers to stacks, got {shown(spaces)}")
    for key, stack in spaces.items():
        try:
            space = int(key)
        except (TypeError, ValueError):
            raise _fail(f"{shown(key)} is not a space number") from None
        if not 1 <= space <= SPACES:
            raise _fail(
                f"space {space} does not exist: the island has spaces 1 to {SPACES} "
                f"(the raft is not a space)"
            )
        for colour in _list(stack, f"the stack on space {space}"):
            place(colour, space)
    missing = [game.colours[t] for t in range(game.num_turtles) if t not in where]
    if "raft" not in data:  # unlisted turtles wait on the raft
        for colour in missing:
            place(colour, RAFT)
        missing = []
    if missing:
        raise _fail(f"turtle(s) {', '.join(missing)} are nowhere: put them on the raft or a space")
    return stacks, [where[t] for t in range(game.num_turtles)]


def _read_cards(value: Any, what: str) -> list[int]:
    return [_int(v, f"a card in {what}", 1, 6) for v in _list(value, what)]


def _read_egg_cards(
    game: MaheGame, data: Mapping[str, Any]
) -> tuple[list[list[int]], list[int], int | None, list[int]]:
    """MAHE-2.2: the cards seen (collected, used, face up) never exceed the deck's contents."""
    players = game.num_players
    collected_raw = _list(data.get("collected", [[] for _ in range(players)]), "collected")
    if len(collected_raw) != players:
        raise _fail(f"collected must list the cards of each of the {players} players")
    collected = [_read_cards(c, f"player {p}'s cards") for p, c in enumerate(collected_raw)]
    used = _read_cards(data.get("used", []), "used")
    if used and not game.variant:
        raise _fail("cards can only be used as dice in the variant")
    face_up = data.get("face_up")
    if face_up is not None:
        face_up = _int(face_up, "face_up", 1, 6)
    seen = [v for c in collected for v in c] + used + ([face_up] if face_up is not None else [])
    unseen = list(game.deck.counts)
    for eggs in seen:
        unseen[eggs] -= 1
    for eggs, left in enumerate(unseen):
        if left < 0:
            raise _fail(
                f"card count does not add up: {seen.count(eggs)} cards showing {eggs} eggs are "
                f"collected, used or face up, but the game has only {game.deck.counts[eggs]}"
            )
    if len(seen) > game.deck.in_play:
        raise _fail(
            f"card count does not add up: {len(seen)} cards are collected, used or face up, "
            f"but only {game.deck.in_play} are in play ({game.deck.removed_unseen} leave unseen)"
        )
    deck = game.deck.in_play - len(seen)
    if "deck" in data and data["deck"] != deck:
        raise _fail(
            f"card count does not add up: deck is {shown(data['deck'])} but {game.deck.in_play} "
            f"cards in play - {len(seen)} seen leaves {deck} face down"
        )
    return collected, used, face_up, unseen


def _read_turn(
    game: MaheGame, data: Mapping[str, Any], face_up: int | None, deck: int
) -> dict[str, Any]:
    """Whose turn, which phase, which turtle moves and the dice so far, all consistent."""
    players = game.num_players
    beach = data.get("beach")
    if beach is not None:
        beach = _int(beach, "beach", 0, players - 1)
    turn_player = _int(data.get("turn_player", game.first_player), "turn_player", 0, players - 1)
    own = game.turtles_of[turn_player]
    default_phase = OVER if beach is not None else (ORDER if len(own) > 1 else FIRST_DIE)
    phase = _checks.member(data.get("phase", default_phase), "phase", Phase)
    if (beach is not None) != (phase == OVER):
        raise _fail("the game is over exactly when a player holds the beach space")
    if phase == OVER and (face_up is not None or deck):
        raise _fail("the beach space is only reached after the last egg card is taken")
    if phase == REVEAL and (face_up is not None or deck == 0):
        raise _fail("a card is revealed only when none lies face up and the deck has cards")
    if phase not in (REVEAL, OVER) and face_up is None and deck:
        raise _fail(f"no card lies face up although {deck} remain in the deck")
    default_mover = (
        game.colours[own[0]] if phase in (FIRST_DIE, DECIDE, NEXT_DIE) and len(own) == 1 else None
    )
    mover_name = data.get("mover", default_mover)
    moving = phase in (FIRST_DIE, DECIDE, NEXT_DIE)
    if moving != (mover_name is not None):
        raise _fail(f"phase '{phase}' {'needs' if moving else 'has no'} moving turtle")
    mover = None
    if mover_name is not None:
        mover = game.turtle(mover_name)
        if mover not in own:
            raise _fail(f"the {mover_name} turtle is not player {turn_player}'s, whose turn it is")
    pending = [game.turtle(c) for c in _list(data.get("pending", []), "pending")]
    if any(t not in own or t == mover for t in pending) or len(set(pending)) != len(pending):
        raise _fail(f"pending turtles must be player {turn_player}'s other turtles, still to move")
    dice = [_int(d, "a die", 1, 6) for d in _list(data.get("dice", []), "dice")]
    needs = {FIRST_DIE: (0, 0), DECIDE: (1, 2), NEXT_DIE: (1, 2)}.get(phase, (0, 0))
    if not needs[0] <= len(dice) <= needs[1]:
        raise _fail(f"phase '{phase}' cannot have {len(dice)} dice rolled")
    if len(dice) > 1 and sum(dice) > MAX_TOTAL:
        raise _fail(f"dice {dice} total more than 7: that move has already busted")
    card_used = data.get("card_used", False)
    if not isinstance(card_used, bool) or (card_used and not game.variant):
        raise _fail("card_used must be a boolean, and true only in the variant")
    turns = _int(data.get("turns", 1), "turns", 0, MAX_COUNT)
    return {
        "beach": beach, "turn_player": turn_player, "phase": phase, "mover": mover,
        "pending": pending, "dice": dice, "card_used": card_used, "turns": turns,
    }  # fmt: skip


def read_state(game: MaheGame, data: Mapping[str, Any], state: MaheState) -> MaheState:
    """Fill `state`, an empty state of `game`, from `data` once every check of it against the
    rules has passed (a description that fails one leaves `state` as it was)."""
    data = _checks.description(data, FIELDS, game.parameters())
    stacks, where = _read_turtles(game, data)
    collected, used, face_up, unseen = _read_egg_cards(game, data)
    deck = sum(unseen) - game.deck.removed_unseen
    turn = _read_turn(game, data, face_up, deck)
    history = _checks.history(data, game.num_distinct_actions)

    state._stacks = stacks
    state._where = where
    state._collected = collected
    state._used = used
    state._unseen = unseen
    state._face_up = face_up
    state._beach = turn["beach"]
    state._turn_player = turn["turn_player"]
    state._turns = turn["turns"]
    state._phase = turn["phase"]
    state._mover = turn["mover"]
    state._pending = turn["pending"]
    state._dice = turn["dice"]
    state._card_used = turn["card_used"]
    state._history = history
    state._player = state._player_to_act()
    return state
