"""Reading a Masai state from a dictionary (the inverse of `MasaiState.to_dict`), with checks.

Scenarios set up positions this way ("green 4 is on Y-in-d3, Rennan's seed on Y-in-s2"),
so every check names what is wrong in the words of the game. Most fields may be left out:

* ``bag``: colours left out hold the dice not found anywhere else (8 of each in all);
* ``opened`` defaults to the sectors holding a die or a key;
* ``supply`` defaults to each player's seeds not on the board;
* ``phase`` defaults to ``"key"`` (the start of a player's turn), ``order`` to the seating
  order from the first player, ``turn`` to 0.

Nothing is built until every check has passed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core import InvalidStateError, RulebooksError, shown
from ..validation import MAX_COUNT, StateChecks
from .board import COLOURS
from .terms import (
    DICE_PER_COLOUR,
    DRAW,
    ENDINGS,
    KEY,
    KINDS,
    NO_SLOT,
    OVER,
    PLACE,
    SEED,
    SPECIAL_ACTIONS,
    Phase,
    colour_of,
    face_of,
    parse_die,
)

if TYPE_CHECKING:  # annotations only: the rules import this reader, never the reverse
    from .game import MasaiGame, MasaiState

FIELDS = {
    "game", "players", "first_player", "board", "bag", "discard", "pool", "slots", "seeds",
    "keys", "opened", "supply", "special_uses", "scores", "round", "order", "turn", "phase",
    "key_sector", "special", "placed", "passes", "ending", "last_scored", "history",
}  # fmt: skip


_checks = StateChecks("masai", "Masai")
_fail = _checks.fail
_int = _checks.whole_number
_list = _checks.list_of
_map = _checks.mapping


def _die(text: Any, where: str) -> int:
    try:
        return parse_die(text)
    except InvalidStateError as error:
        raise _fail(f"{where}: {str(error).removeprefix('masai: ')}") from None


def _colour(value: Any, what: str) -> int:
    if value not in COLOURS:
        raise _fail(f"{what} must be a colour ({', '.join(COLOURS)}), got {shown(value)}")
    return COLOURS.index(value)


def _slot(game: MasaiGame, name: Any, seed: bool, what: str) -> int:
    board = game.board
    index = board.seed_index if seed else board.die_index
    if not isinstance(name, str) or name not in index:
        kind = "seed slot" if seed else "die slot"
        raise _fail(f"{what}: {shown(name)} is not a {kind} of board {shown(board.name)}")
    return index[name]


def _read_necklace(
    game: MasaiGame, data: Mapping[str, Any]
) -> tuple[list[int], list[int], list[int]]:
    """Dice in slots (MASAI-3.3: no face twice in a sector), seeds, keys."""
    board = game.board
    players = game.num_players
    dice = [NO_SLOT] * board.num_die_slots
    for name, die in _map(data.get("slots", {}), "slots").items():
        slot = _slot(game, name, False, "slots")
        dice[slot] = _die(die, f"the die on {name}")
    for sector, colour in enumerate(COLOURS):
        seen: dict[int, int] = {}
        for d in board.sector_dice[sector]:
            if dice[d] == NO_SLOT:
                continue
            face = face_of(dice[d])
            if face in seen:
                raise _fail(f"MASAI-3.3: two dice show {face} in the {colour} sector "
                            f"({board.die_ids[seen[face]]} and {board.die_ids[d]})")  # fmt: skip
            seen[face] = d
    seeds = [NO_SLOT] * board.num_seed_slots
    for name, owner in _map(data.get("seeds", {}), "seeds").items():
        slot = _slot(game, name, True, "seeds")
        seeds[slot] = _int(owner, f"the owner of the seed on {name}", 0, players - 1)
    keys = [NO_SLOT] * len(COLOURS)
    for colour, die in _map(data.get("keys", {}), "keys").items():
        keys[_colour(colour, "a key's sector")] = _die(die, f"the {colour} key")
    return dice, seeds, keys


def _read_dice_supply(
    data: Mapping[str, Any], dice: list[int], keys: list[int]
) -> tuple[list[int], list[int], list[int]]:
    """MASAI-1.1: 8 dice of each colour, each in the bag, the pool, the discard or play."""
    pool = [0] * KINDS
    for die in _list(data.get("pool", []), "pool"):
        pool[_die(die, "the pool")] += 1
    discard = [0] * KINDS
    for die in _list(data.get("discard", []), "discard"):
        discard[_die(die, "the discard")] += 1
    placed = [0] * len(COLOURS)
    for kind in dice + keys:
        if kind != NO_SLOT:
            placed[colour_of(kind)] += 1
    elsewhere = [
        placed[c] + sum(pool[c * 6 : c * 6 + 6]) + sum(discard[c * 6 : c * 6 + 6])
        for c in range(len(COLOURS))
    ]
    bag = [max(0, DICE_PER_COLOUR - n) for n in elsewhere]  # colours the bag leaves out
    for colour, count in _map(data.get("bag", {}), "bag").items():
        bag[_colour(colour, "a colour in the bag")] = _int(
            count, f"{colour} dice in the bag", 0, DICE_PER_COLOUR
        )
    for c, colour in enumerate(COLOURS):
        total = elsewhere[c] + bag[c]
        if total != DICE_PER_COLOUR:
            where = (f"slots and keys {placed[c]}, pool {sum(pool[c * 6 : c * 6 + 6])}, "
                     f"discard {sum(discard[c * 6 : c * 6 + 6])}, bag {bag[c]}")  # fmt: skip
            raise _fail(f"there are {total} {colour} dice ({where}); the game has "
                        f"{DICE_PER_COLOUR} of each colour")  # fmt: skip
    if not any(bag) and any(discard):
        raise _fail("MASAI-4.5: the bag is empty but the discard holds dice; they would "
                    "already be back in the bag")  # fmt: skip
    return bag, pool, discard


def _read_seeds(
    game: MasaiGame, data: Mapping[str, Any], seeds: list[int]
) -> tuple[list[int], list[list[int]]]:
    """MASAI-2.1: 20 or 15 seeds each, on the board, in hand or paid for special actions."""
    players = game.num_players
    on_board = [seeds.count(p) for p in range(players)]
    uses_raw = _list(data.get("special_uses", [[0] * 4] * players), "special_uses")
    if len(uses_raw) != players:
        raise _fail(f"special_uses must list the uses of each of the {players} players")
    uses = []
    for p, row in enumerate(uses_raw):
        row = _list(row, f"player {p}'s special_uses")
        if len(row) != len(SPECIAL_ACTIONS):
            raise _fail(f"player {p}'s special_uses must count each of the 4 special actions")
        uses.append([_int(n, f"player {p}'s uses of a special action", 0, 100) for n in row])
    # MASAI-7.1: the n-th use of a special action costs n seeds, out of the game.
    paid = [sum(n * (n + 1) // 2 for n in row) for row in uses]
    if "supply" in data:
        supply_raw = _list(data["supply"], "supply")
        if len(supply_raw) != players:
            raise _fail(f"supply must give the seeds in hand of each of the {players} players")
        supply = [_int(n, f"player {p}'s seeds", 0, game.seeds_each)
                  for p, n in enumerate(supply_raw)]  # fmt: skip
    else:
        supply = [game.seeds_each - on_board[p] - paid[p] for p in range(players)]
    # A description may give the seeds in hand without saying where the others went (a
    # scenario's "Rennan has 10 seeds left"), but never more seeds than a player gets.
    for p in range(players):
        if supply[p] < 0 or supply[p] + on_board[p] + paid[p] > game.seeds_each:
            raise _fail(f"player {p} has {on_board[p]} seeds on the board, "
                        f"{max(supply[p], 0)} in hand and {paid[p]} paid for special actions: "
                        f"more than the {game.seeds_each} each player gets")  # fmt: skip
    return supply, uses


def _read_turn(game: MasaiGame, data: Mapping[str, Any], pool: list[int]) -> dict[str, Any]:
    """Round, order, whose turn, phase, and the turn's progress, all consistent."""
    board = game.board
    players = game.num_players
    order_default = [(game.first_player + i) % players for i in range(players)]
    order = [_int(p, "a player in order", 0, players - 1)
             for p in _list(data.get("order", order_default), "order")]  # fmt: skip
    if sorted(order) != list(range(players)):
        raise _fail(f"order must list each of the {players} players once, got {order}")
    phase = _checks.member(data.get("phase", KEY), "phase", Phase)
    turn = _int(data.get("turn", 0), "turn", 0, players - 1)
    if phase == DRAW and (turn or sum(pool) >= game.pool_size):
        raise _fail(f"while the pool is drawn it holds fewer than {game.pool_size} dice "
                    f"and no turn has started")  # fmt: skip
    key_sector = data.get("key_sector")
    key = NO_SLOT if key_sector is None else _colour(key_sector, "key_sector")
    if (key != NO_SLOT) != (phase in (PLACE, SEED)):
        raise _fail("key_sector is given exactly when a key has been taken this turn "
                    "(phases place and seed)")  # fmt: skip
    special = _int(data.get("special", 0), "special", 0, 4)
    if special and phase not in (PLACE, SEED):
        raise _fail("special names the special action used in the turn under way")
    placed_name = data.get("placed")
    placed = NO_SLOT if placed_name is None else _slot(game, placed_name, False, "placed")
    if (placed != NO_SLOT) != (phase == SEED):
        raise _fail("placed names the die slot just filled, exactly in phase seed")
    if placed != NO_SLOT and board.die_sector[placed] != key:
        raise _fail(f"the die just placed on {placed_name} is not in the {key_sector} sector")
    ending = data.get("ending")
    if ending is not None:
        ending = _checks.one_of(ending, "ending", ENDINGS)
    if phase == OVER and ending is None:
        raise _fail("a game that is over must say why (ending)")
    last = data.get("last_scored")
    if last is not None:
        last = _list(last, "last_scored")
        if len(last) != 2:
            raise _fail("last_scored is [player, points]")
        last = (_int(last[0], "last_scored player", 0, players - 1),
                _int(last[1], "last_scored points", 0, 1000))  # fmt: skip
    return {
        "order": order, "phase": phase, "turn": turn, "key_sector": key, "special": special,
        "placed": placed, "ending": ending, "last": last,
        "round": _int(data.get("round", 1), "round", 1, MAX_COUNT),
        "passes": _int(data.get("passes", 0), "passes", 0, players),
    }  # fmt: skip


def read_state(game: MasaiGame, data: Mapping[str, Any], state: MasaiState) -> MasaiState:
    """Fill `state`, an empty state of `game`, from `data` once every check of it against the
    rules has passed (a description that fails one leaves `state` as it was)."""
    # The board is one of the game's parameters, but a description names it: checked by name.
    parameters = {"players": game.num_players, "first_player": game.first_player}
    data = _checks.description(data, FIELDS, parameters)
    if "board" in data and data["board"] != game.board.name:
        raise _fail(
            f"the state is on board {shown(data['board'])}, the game on {shown(game.board.name)}"
        )
    dice, seeds, keys = _read_necklace(game, data)
    bag, pool, discard = _read_dice_supply(data, dice, keys)
    supply, uses = _read_seeds(game, data, seeds)
    turn = _read_turn(game, data, pool)
    if sum(pool) > game.pool_size:
        raise _fail(f"the pool holds {sum(pool)} dice; a {game.num_players}-player round "
                    f"draws {game.pool_size}")  # fmt: skip
    # MASAI-5.4: a sector is opened once it has had a key of its colour; dice in its slots
    # or any key on it mean it was.
    used = {s for s in range(len(COLOURS)) if keys[s] != NO_SLOT}
    used |= {game.board.die_sector[d] for d in range(len(dice)) if dice[d] != NO_SLOT}
    if "opened" in data:
        opened_set = {_colour(c, "an opened sector") for c in _list(data["opened"], "opened")}
        missing = sorted(used - opened_set)
        if missing:
            names = ", ".join(COLOURS[s] for s in missing)
            raise _fail(f"MASAI-5.4: the {names} sector(s) hold dice or a key, so they "
                        f"were opened, but 'opened' leaves them out")  # fmt: skip
    else:
        opened_set = used
    for s in range(len(COLOURS)):
        if keys[s] != NO_SLOT and colour_of(keys[s]) == s:
            opened_set.add(s)
    scores_raw = _list(data.get("scores", [0] * game.num_players), "scores")
    if len(scores_raw) != game.num_players:
        raise _fail(f"scores must give the score of each of the {game.num_players} players")
    scores = [_int(n, f"player {p}'s score", 0, 10**6) for p, n in enumerate(scores_raw)]
    history = _checks.history(data, game.num_distinct_actions)

    state._history = history
    state._bag = bag
    state._discard = discard
    state._pool = pool
    state._dice = dice
    state._summarise_board()
    state._seeds = seeds
    state._keys = keys
    state._opened = [s in opened_set for s in range(len(COLOURS))]
    state._supply = supply
    state._uses = uses
    state._scores = scores
    state._round = turn["round"]
    state._order = turn["order"]
    state._turn = turn["turn"]
    state._phase = turn["phase"]
    state._key_sector = turn["key_sector"]
    state._special = turn["special"]
    state._placed = turn["placed"]
    state._passes = turn["passes"]
    state._ending = turn["ending"]
    state._last = turn["last"]
    if state._phase in (KEY, PLACE, SEED) and not state.legal_actions():
        raise _fail(f"player {state.current_player()} would have nothing to do in phase "
                    f"{state._phase}")  # fmt: skip
    try:
        state.final_scores()
    except RulebooksError as error:  # pragma: no cover - defensive
        raise _fail(str(error)) from None
    return state
