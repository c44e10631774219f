"""Reading a Mahola state from a dictionary (the inverse of `MaholaState.to_dict`), with checks.

Scenarios set up positions this way ("Ana's tableau is F3, G2 from left to right"), so every
check names what is wrong in the words of the game. Nothing is built until every check has
passed. The draw pile is whatever the hands, tableaux and revealed cards leave of the 44.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core import shown
from ..validation import MAX_COUNT, StateChecks
from .components import CARD_TOTAL, CHARACTERS, RULE_LINE_DANCES
from .terms import (
    ABILITIES,
    DEAL_CARDS,
    DEAL_CHARACTERS,
    DRAW,
    FAVOR_TOKENS,
    HAND_SIZE,
    HUNTER_DRAW,
    OVER,
    PASS,
    PLACE,
    PLAY,
    TOKENS_TO_WIN,
    TURNS,
    Phase,
    RoundRecord,
)

if TYPE_CHECKING:  # annotations only: the rules import this reader, never the reverse
    from .game import MaholaGame, MaholaState
from .scoring import round_winner

FIELDS = {
    "game", "players", "secondary", "secondary_points", "adjacency", "chief_count", "round",
    "tokens", "phase",
    "turn", "characters", "hands", "tableaux", "played", "deck", "last_round", "winner",
    "history",
}  # fmt: skip
RECORD_FIELDS = {"round", "characters", "tableaux", "recoloured", "chief_dance", "scores", "winner"}


_checks = StateChecks("mahola", "Mahola")
_fail = _checks.fail
_int = _checks.whole_number


def _list(value: Any, what: str, length: int | None = None) -> list[Any]:
    """A list, with one entry per player when `length` is the player count."""
    items = _checks.list_of(value, what)
    if length is not None and len(items) != length:
        raise _fail(
            f"{what} must have one entry for each of the {length} players, got {len(items)}"
        )
    return items


def _card(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < CARD_TOTAL:
        raise _fail(
            f"{what}: no card {shown(value)}; the game has {CARD_TOTAL} Dance cards, "
            f"numbered 0 to {CARD_TOTAL - 1}"
        )
    return value


class _CardPlaces:
    """MAHOLA-1.1: each of the 44 cards is in exactly one place."""

    def __init__(self) -> None:
        self.where: dict[int, str] = {}

    def put(self, card: int, place: str) -> None:
        if card in self.where:
            raise _fail(f"card {card} is in two places: {self.where[card]} and {place}")
        self.where[card] = place


def _read_characters(game: MaholaGame, raw: Any, what: str) -> list[int | None]:
    players = game.num_players
    characters: list[int | None] = []
    for name in _list(raw, what, players):
        if name is None:
            characters.append(None)
            continue
        if name not in CHARACTERS:
            raise _fail(f"{what}: {shown(name)} is not a Character ({', '.join(CHARACTERS)})")
        index = CHARACTERS.index(name)
        if index in characters:
            raise _fail(f"{what}: the {name} is dealt to two players (MAHOLA-2.1)")
        characters.append(index)
    return characters


def _read_cards(game: MaholaGame, data: Mapping[str, Any], places: _CardPlaces) -> dict[str, Any]:
    players = game.num_players
    hands_raw = _list(data.get("hands", [[] for _ in range(players)]), "hands", players)
    tableaux_raw = _list(data.get("tableaux", [[] for _ in range(players)]), "tableaux", players)
    played_raw = _list(data.get("played", [None] * players), "played", players)
    hands: list[list[int]] = []
    tableaux: list[list[int]] = []
    played: list[int | None] = []
    for p in range(players):
        hand = [_card(c, f"player {p}'s hand") for c in _list(hands_raw[p], f"player {p}'s hand")]
        for card in hand:
            places.put(card, f"player {p}'s hand")
        hands.append(sorted(hand))
        tableau = [
            _card(c, f"player {p}'s tableau")
            for c in _list(tableaux_raw[p], f"player {p}'s tableau")
        ]
        for card in tableau:
            places.put(card, f"player {p}'s tableau")
        tableaux.append(tableau)
        card = played_raw[p]
        if card is not None:
            card = _card(card, f"player {p}'s revealed card")
            places.put(card, f"player {p}'s revealed card")
        played.append(card)
    seen = len(places.where)
    deck = CARD_TOTAL - seen
    if "deck" in data and data["deck"] != deck:
        raise _fail(
            f"card count does not add up: deck is {shown(data['deck'])} but {CARD_TOTAL} cards - "
            f"{seen} in hands and tableaux leaves {deck}"
        )
    return {"hands": hands, "tableaux": tableaux, "played": played}


def _expected_sizes(
    game: MaholaGame, phase: str, turn: int, step: int, hunter: int | None
) -> tuple[list[int], int, bool]:
    """Per player hand size, tableau size and whether a revealed card waits, for a phase."""
    players = game.num_players
    if phase == DEAL_CARDS:
        return (
            [step // players + (1 if p < step % players else 0) for p in range(players)],
            0,
            False,
        )
    if phase == PLAY:
        return [HAND_SIZE] * players, turn - 1, False
    if phase == PLACE:
        return [HAND_SIZE - 1] * players, turn - 1, True
    if phase == PASS:
        return [HAND_SIZE - 1] * players, turn, False
    if phase == DRAW:
        return [HAND_SIZE if p < step else HAND_SIZE - 1 for p in range(players)], turn, False
    if phase == ABILITIES and hunter is not None:
        return [HAND_SIZE + (1 if p == hunter else 0) for p in range(players)], TURNS, False
    if phase in (HUNTER_DRAW, ABILITIES):
        return [HAND_SIZE] * players, TURNS, False
    return [0] * players, 0, False  # dealing Characters, or the game is over


def _read_round(game: MaholaGame, data: Mapping[str, Any], cards: dict[str, Any]) -> dict[str, Any]:
    """The phase, turn and Characters, and the card counts they imply (MAHOLA-3.1..3.5)."""
    players = game.num_players
    phase = _checks.member(data.get("phase", PLAY), "phase", Phase)
    default_characters = (
        [None] * players if phase in (DEAL_CHARACTERS, OVER) else list(CHARACTERS[:players])
    )
    characters = _read_characters(game, data.get("characters", default_characters), "characters")
    dealt = sum(1 for c in characters if c is not None)
    if phase == DEAL_CHARACTERS:
        if dealt == players or any(c is None for c in characters[:dealt]):
            raise _fail(
                "while the Characters are dealt, players 0, 1, ... hold one in order and "
                "at least the last has none yet"
            )
    elif phase == OVER:
        if dealt:
            raise _fail("once the game is over no Character is dealt")
    elif dealt != players:
        raise _fail(f"in phase '{phase}' every player holds a Character (MAHOLA-2.1)")
    default_turn = {PLAY: 1, PLACE: 2, PASS: 1, DRAW: 1, HUNTER_DRAW: TURNS, ABILITIES: TURNS}
    turn = _int(data.get("turn", default_turn.get(phase, 0)), "turn", 0, TURNS)
    needs_turn = phase not in (DEAL_CHARACTERS, DEAL_CARDS, OVER)
    if needs_turn != (turn > 0):
        raise _fail(
            f"phase '{phase}' {'happens during turns 1 to 5' if needs_turn else 'has turn 0'}"
        )
    if phase == PLACE and turn == 1:
        raise _fail("on turn 1 the tableau is empty: the first card starts it, nothing to place")
    if phase in (HUNTER_DRAW, ABILITIES) and turn != TURNS:
        raise _fail(f"the Characters act after turn {TURNS}, not during turn {turn}")
    hunter_index = CHARACTERS.index("Hunter")
    hunter = characters.index(hunter_index) if hunter_index in characters else None
    if phase == HUNTER_DRAW and hunter is None:
        raise _fail("nobody is the Hunter, so nobody draws at the end of the round")
    hands, tableaux = cards["hands"], cards["tableaux"]
    step = _step(game, phase, hands, characters)
    sizes, tableau_size, waiting = _expected_sizes(game, phase, turn, step, hunter)
    for p in range(players):
        if len(hands[p]) != sizes[p]:
            raise _fail(
                f"in phase '{phase}' of turn {turn} player {p}'s hand holds {sizes[p]} cards, "
                f"not {len(hands[p])} (MAHOLA-3.4: back to {HAND_SIZE} after each turn)"
            )
        if len(tableaux[p]) != tableau_size:
            raise _fail(
                f"in phase '{phase}' of turn {turn} player {p}'s tableau holds {tableau_size} "
                f"cards, not {len(tableaux[p])} (one card per turn)"
            )
        if (cards["played"][p] is not None) != waiting:
            raise _fail(
                f"a revealed card waits to be placed in phase '{PLACE}' only"
                if not waiting
                else f"in phase '{PLACE}' player {p} has a revealed card to place"
            )
    return {"phase": phase, "turn": turn, "characters": characters, "step": step}


def _step(
    game: MaholaGame, phase: str, hands: list[list[int]], characters: list[int | None]
) -> int:
    """How far the chance phase has gone: Characters dealt, cards dealt, players who drew."""
    if phase == DEAL_CHARACTERS:
        return sum(1 for c in characters if c is not None)
    if phase == DEAL_CARDS:
        dealt = sum(len(h) for h in hands)
        if dealt >= HAND_SIZE * game.num_players:
            raise _fail("every hand is full: the deal is over, turn 1 comes next")
        return dealt
    if phase == DRAW:
        drawn = sum(1 for h in hands if len(h) == HAND_SIZE)
        if drawn == game.num_players:
            raise _fail("every player has drawn: the turn is over")
        return drawn
    return 0


def _read_tokens(game: MaholaGame, data: Mapping[str, Any], phase: str) -> dict[str, Any]:
    """MAHOLA-3.6, MAHOLA-6.1: one token at most per finished round; 3 tokens end the game."""
    players = game.num_players
    number = _int(data.get("round", 1), "round", 1, MAX_COUNT)
    tokens = [
        _int(t, f"player {p}'s Favor tokens", 0, TOKENS_TO_WIN)
        for p, t in enumerate(_list(data.get("tokens", [0] * players), "tokens", players))
    ]
    finished = number if phase == OVER else number - 1
    if sum(tokens) > min(finished, FAVOR_TOKENS):
        raise _fail(
            f"{sum(tokens)} Favor tokens handed out but only {finished} round(s) finished "
            f"(one token at most per round)"
        )
    holders = [p for p in range(players) if tokens[p] == TOKENS_TO_WIN]
    winner = data.get("winner")
    if winner is not None:
        winner = _int(winner, "winner", 0, players - 1)
    if (phase == OVER) != bool(holders) or len(holders) > 1 or (winner not in [*holders, None]):
        raise _fail(
            f"the game is over exactly when one player holds {TOKENS_TO_WIN} Favor tokens, "
            f"and that player is the winner (MAHOLA-6.1)"
        )
    return {"round": number, "tokens": tokens, "winner": holders[0] if holders else None}


def _read_record(game: MaholaGame, raw: Any, number: int, phase: str) -> RoundRecord | None:
    """The last finished round, its scores recomputed from its tableaux."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise _fail(f"last_round must be a mapping, got {shown(raw)}")
    unknown = sorted(set(raw) - RECORD_FIELDS)
    if unknown:
        raise _fail(f"last_round has unknown field(s) {', '.join(unknown)}")
    expected = number if phase == OVER else number - 1
    if raw.get("round") != expected:
        raise _fail(f"last_round must be round {expected}, got {shown(raw.get('round'))}")
    characters = _read_characters(game, raw.get("characters"), "last_round characters")
    if any(c is None for c in characters):
        raise _fail("last_round: every player held a Character")
    places = _CardPlaces()
    tableaux = []
    for p, tableau in enumerate(
        _list(raw.get("tableaux"), "last_round tableaux", game.num_players)
    ):
        cards = [_card(c, f"last_round tableau of player {p}") for c in _list(tableau, "a tableau")]
        if len(cards) != TURNS:
            raise _fail(f"last_round: player {p}'s tableau must hold {TURNS} cards")
        for card in cards:
            places.put(card, f"player {p}'s last tableau")
        tableaux.append(tuple(cards))
    shaman = CHARACTERS.index("Shaman")
    recoloured: dict[int, int] = {}
    recoloured_raw = raw.get("recoloured", {})
    if not isinstance(recoloured_raw, Mapping) or len(recoloured_raw) > 1:
        raise _fail("last_round recoloured maps at most one card (the Shaman's) to a colour")
    for key, colour in recoloured_raw.items():
        card = _card(int(key) if str(key).isdigit() else key, "last_round recoloured")
        owner = next((p for p, t in enumerate(tableaux) if card in t), None)
        if owner is None or characters[owner] != shaman:
            raise _fail(f"last_round: card {card} is not in the Shaman's tableau")
        if colour not in game.colours:
            raise _fail(f"last_round: {shown(colour)} is not a colour ({', '.join(game.colours)})")
        recoloured[card] = game.colours.index(colour)
    chief_dance = raw.get("chief_dance")
    if CHARACTERS.index("Chief") in characters and chief_dance not in RULE_LINE_DANCES:
        raise _fail(f"last_round: the Chief names one of {', '.join(RULE_LINE_DANCES)}")
    if CHARACTERS.index("Chief") not in characters and chief_dance is not None:
        raise _fail("last_round: nobody was the Chief, so no dance was named")
    scores = tuple(
        game.score_tableau(t, c, recoloured, chief_dance)  # type: ignore[arg-type]
        for t, c in zip(tableaux, characters, strict=True)
    )
    winner = round_winner(scores)
    if "scores" in raw and raw["scores"] != [s.total for s in scores]:
        raise _fail(
            f"last_round scores are {[s.total for s in scores]}, not {shown(raw['scores'])}"
        )
    if "winner" in raw and raw["winner"] != winner:
        raise _fail(f"last_round was won by {shown(winner)}, not {shown(raw['winner'])}")
    return RoundRecord(
        number=expected,
        characters=tuple(c for c in characters if c is not None),
        tableaux=tuple(tableaux),
        recoloured=tuple(sorted(recoloured.items())),
        chief_dance=chief_dance,
        scores=scores,
        winner=winner,
    )


def read_state(game: MaholaGame, data: Mapping[str, Any], state: MaholaState) -> MaholaState:
    """Fill `state`, an empty state of `game`, from `data` once every check of it against the
    rules has passed (a description that fails one leaves `state` as it was)."""
    data = _checks.description(data, FIELDS, game.parameters())
    places = _CardPlaces()
    cards = _read_cards(game, data, places)
    table = _read_round(game, data, cards)
    tokens = _read_tokens(game, data, table["phase"])
    record = _read_record(game, data.get("last_round"), tokens["round"], table["phase"])
    history = _checks.history(data, game.num_distinct_actions)

    state._round = tokens["round"]
    state._tokens = tokens["tokens"]
    state._winner = tokens["winner"]
    state._last = record
    state._phase = table["phase"]
    state._turn = table["turn"]
    state._step = table["step"]
    state._characters = table["characters"]
    state._hands = cards["hands"]
    state._tableaux = cards["tableaux"]
    state._played = cards["played"]
    state._recoloured = {}
    state._chief_dance = None
    state._in_pile = [c not in places.where for c in game.all_cards]
    state._pile = [c for c in game.all_cards if state._in_pile[c]]
    state._history = history
    return state
