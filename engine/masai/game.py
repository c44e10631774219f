"""Masai: players assemble a necklace of dice and seeds, scoring as they go and at the end.

The whole rulebook in one module (dice kinds, special actions, phases and endings in
:mod:`engine.masai.terms`). Clause IDs (``MASAI-x.y``) name the rule each function implements;
readings of unclear rules are ``MASAI-Rn`` (see the interpretations page).

The board is a graph (:mod:`engine.masai.board`): die slots and seed slots in areas, two
areas per sector, slots on the inner or the outer line, seed slots joined to die slots,
and natural links between die slots.

A round ("turn" in the rulebook): dice are drawn from the bag one at a time, each draw a
chance node whose outcome is the die's colour and the face it is rolled on (MASAI-R2), until
the pool holds 2 per player + 2. Then each player, in the round's order, makes one turn:

* the common action in up to three decisions: a key die for a sector (``key``), a die
  placed into a free slot of that sector (``place``), then a seed or none (``seed``);
  special actions 1 and 2 are folded into the first two decisions;
* or special action 3 (move a key die to an empty slot) or 4 (repair a die);
* or a pass, only when no common action is possible without paying (MASAI-R13).

Dice are identified by colour and face ("green 2"): two dice showing the same colour and
face are interchangeable, so actions name a kind of die, not a particular die.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from fractions import Fraction
from itertools import compress
from typing import Any

from ..core import (
    CHANCE,
    TERMINAL,
    Game,
    GameDataError,
    InvalidGameError,
    State,
    player_label,
)
from .board import (
    AREAS_PER_SECTOR,
    COLOURS,
    DIE_SLOTS_PER_AREA,
    INNER,
    LINES,
    OUTER,
    Board,
    load_board,
    parse_board,
)
from .state_io import read_state
from .terms import (
    ANY_KEY,
    BLOCKED,
    CHANGE_FACE,
    DICE_PER_COLOUR,
    DRAW,
    FACES,
    KEY,
    KINDS,
    MOVE_KEY,
    NO_SLOT,
    OUT_OF_SEEDS,
    OVER,
    PLACE,
    REPAIR,
    SEED,
    SLOTS_FULL,
    SPECIAL_ACTIONS,
    Phase,
    colour_of,
    die_name,
    face_of,
    kind_of,
)

SEEDS_TWO_PLAYERS = 20
SEEDS_MORE_PLAYERS = 15

# Action ids: the codec. Chance outcomes first, then the decisions of a turn; each block
# has its size named, an encode_* function building an id and a decode_* function reading
# one back (the only code that does arithmetic on action ids).
SECTORS = len(COLOURS)
DIE_SLOTS = SECTORS * AREAS_PER_SECTOR * DIE_SLOTS_PER_AREA  # 36 on every board
SEED_SLOTS = DIE_SLOTS  # one seed slot per die slot (3 of each per area)
REPAIR_SOURCES = 2 + DIE_SLOTS  # FROM_POOL, FROM_DISCARD, then 2 + a die slot
_DRAW = 0  # DRAW + kind: the next die drawn from the bag, rolled on its face
_KEY = _DRAW + KINDS  # KEY + kind * SECTORS + sector: that die becomes the sector's key
_PLACE = _KEY + KINDS * SECTORS  # PLACE + (kind * DIE_SLOTS + slot) * FACES + face - 1
_SEED = _PLACE + KINDS * DIE_SLOTS * FACES  # SEED + seed slot
NO_SEED = _SEED + SEED_SLOTS
_MOVE_KEY = NO_SEED + 1  # MOVE_KEY + sector * DIE_SLOTS + slot (special 3)
_REPAIR = _MOVE_KEY + SECTORS * DIE_SLOTS  # REPAIR + slot * REPAIR_SOURCES + source
PASS = _REPAIR + DIE_SLOTS * REPAIR_SOURCES
NUM_ACTIONS = PASS + 1
PLACE_ACTIONS = tuple(
    tuple(range(_PLACE + kind * DIE_SLOTS * FACES - 1, _PLACE + (kind + 1) * DIE_SLOTS * FACES))
    for kind in range(KINDS)
)
"""A kind of die -> slot * FACES + face -> `place_action(kind, slot, face)` (the ids made
once: a list of placements then holds these, neither creating nor freeing a number)."""
MOVE_KEY_ACTIONS = tuple(
    tuple(range(_MOVE_KEY + s * DIE_SLOTS, _MOVE_KEY + (s + 1) * DIE_SLOTS)) for s in range(SECTORS)
)
"""A sector -> a die slot -> `move_key_action(sector, slot)` (made once, as above)."""
REPAIR_ACTIONS = tuple(
    tuple(range(_REPAIR + d * REPAIR_SOURCES, _REPAIR + (d + 1) * REPAIR_SOURCES))
    for d in range(DIE_SLOTS)
)
"""A die slot -> a source -> `repair_action(slot, source)` (made once, as above)."""
FROM_POOL = 0
FROM_DISCARD = 1


COLOUR_OF = tuple(k // FACES for k in range(KINDS))
"""A kind of die -> its colour index (the table form of `colour_of`, for the hot paths)."""
FACE_OF = tuple(k % FACES + 1 for k in range(KINDS))
"""A kind of die -> its face 1..6 (the table form of `face_of`)."""
FACE_BIT = tuple(1 << face for face in FACE_OF)
"""A kind of die -> its face as one bit of a sector's `shown faces` (bit f for face f)."""
ALL_KINDS = range(KINDS)
"""Every kind of die, in order (`compress(ALL_KINDS, counts)`: the kinds with a count)."""
FREE_FACES = 0b1111110
"""The `shown faces` bits of all six faces (a sector's free faces: FREE_FACES ^ shown)."""
FACES_IN = tuple(tuple(f for f in range(1, FACES + 1) if mask & 1 << f) for mask in range(1 << 7))
"""A sector's `shown faces` bits -> the faces 1..6 they name."""


def draw_rows(dice: int) -> tuple[tuple[tuple[tuple[int, float], ...], ...], ...]:
    """For a bag of `dice` dice: per colour, per count of that colour in the bag, the 6
    outcomes of drawing one of them (each count / (dice * 6))."""
    total = dice * FACES
    return tuple(
        tuple(
            tuple((_DRAW + colour * FACES + f, count / total) for f in range(FACES))
            if count
            else ()
            for count in range(DICE_PER_COLOUR + 1)
        )
        for colour in range(len(COLOURS))
    )


def draw_action(kind: int) -> int:
    """The chance outcome "the next die drawn is this colour, rolled on this face"."""
    return _DRAW + kind


def key_action(kind: int, sector: int) -> int:
    """Use a pool die as the key of a sector (special 1 when the colours differ)."""
    return _KEY + kind * SECTORS + sector


def place_action(kind: int, slot: int, face: int | None = None) -> int:
    """Put a pool die into a die slot, optionally turned to another face (special 2)."""
    shown = face_of(kind) if face is None else face
    return _PLACE + (kind * DIE_SLOTS + slot) * FACES + shown - 1


def seed_action(seed_slot: int) -> int:
    """Put one of one's own seeds into a seed slot."""
    return _SEED + seed_slot


def move_key_action(sector: int, slot: int) -> int:
    """Special 3: move a sector's key die into an empty die slot."""
    return _MOVE_KEY + sector * DIE_SLOTS + slot


def repair_action(slot: int, source: int) -> int:
    """Special 4: replace the die on `slot`; source FROM_POOL, FROM_DISCARD or 2 + a slot."""
    return _REPAIR + slot * REPAIR_SOURCES + source


def decode_draw(action: int) -> int:
    """The kind of die a draw outcome names (:func:`draw_action` read back)."""
    return action - _DRAW


def decode_key(action: int) -> tuple[int, int]:
    """``(kind, sector)`` of a key action (:func:`key_action` read back)."""
    return divmod(action - _KEY, SECTORS)


def decode_place(action: int) -> tuple[int, int, int]:
    """``(kind, slot, face)`` of a placement (:func:`place_action` read back)."""
    rest, face = divmod(action - _PLACE, FACES)
    kind, slot = divmod(rest, DIE_SLOTS)
    return kind, slot, face + 1


def decode_seed(action: int) -> int:
    """The seed slot of a seed action (:func:`seed_action` read back)."""
    return action - _SEED


def decode_move_key(action: int) -> tuple[int, int]:
    """``(sector, slot)`` of a special-3 move (:func:`move_key_action` read back)."""
    return divmod(action - _MOVE_KEY, DIE_SLOTS)


def decode_repair(action: int) -> tuple[int, int]:
    """``(slot, source)`` of a special-4 repair (:func:`repair_action` read back)."""
    return divmod(action - _REPAIR, REPAIR_SOURCES)


def special_cost(uses_before: int) -> int:
    """MASAI-7.1: the n-th use of one special action costs n seeds."""
    return uses_before + 1


def tie_value(faces: list[int]) -> int:
    """MASAI-9.4, 9.5: tied players each score the lower middle of the dice present.

    Three dice: the middle one. Two dice: the lower one (the empty slot's 0 left out, the
    higher die removed). One die: that die (MASAI-R15). None: 0.
    """
    if not faces:
        return 0
    ordered = sorted(faces)
    return ordered[(len(ordered) - 1) // 2]


class MasaiGame(Game):
    """Masai for 2 to 4 players (MASAI-2.2) on a board graph (the shipped one unless given)."""

    short_name = "masai"
    min_players = 2
    max_players = 4

    def __init__(
        self,
        players: int = 4,
        first_player: int = 0,
        board: Board | Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(players)
        if not isinstance(first_player, int) or not 0 <= first_player < players:
            raise InvalidGameError(
                f"masai: first_player must be a player index 0..{players - 1}, got {first_player!r}"
            )
        self.first_player = first_player
        if board is None:
            self.board = load_board()
        elif isinstance(board, Board):
            self.board = board
        elif isinstance(board, Mapping):
            self.board = parse_board(board, "the board given to the game")
        else:
            raise GameDataError(f"masai: board must be a Board or board data, got {board!r}")
        b = self.board
        # MASAI-2.1: 20 seeds each with 2 players, 15 with 3 or 4.
        self.seeds_each = SEEDS_TWO_PLAYERS if players == 2 else SEEDS_MORE_PLAYERS
        # MASAI-4.1: the round's pool: 2 dice per player, plus 2.
        self.pool_size = 2 * players + 2
        # Tables built once: slots of a sector still to check, faces, lines.
        self.inner_dice = tuple(d for d in range(b.num_die_slots) if b.die_line[d] == INNER)
        self.outer_seeds = tuple(s for s in range(b.num_seed_slots) if b.seed_line[s] == OUTER)
        self._draw_rows: dict[int, tuple[tuple[tuple[tuple[int, float], ...], ...], ...]] = {}

    def draw_outcomes(self, bag: list[int]) -> list[tuple[int, float]]:
        """MASAI-4.1, MASAI-R2: the next die drawn from a bag holding `bag` dice per colour,
        rolled on one of its 6 faces, with its probability: a colour's 6 outcomes for each
        count of that colour (`draw_rows`), in colour order."""
        dice = sum(bag)
        rows = self._draw_rows.get(dice)
        if rows is None:  # worked out once per game for each size of the bag
            rows = self._draw_rows[dice] = draw_rows(dice)
        outcomes: list[tuple[int, float]] = []
        for colour, count in enumerate(bag):
            outcomes += rows[colour][count]
        return outcomes

    def parameters(self) -> dict[str, Any]:
        params: dict[str, Any] = {"players": self.num_players, "first_player": self.first_player}
        if self.board.name != "default":
            params["board"] = self.board
        return params

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def new_initial_state(self) -> MasaiState:
        """MASAI-2.1: every die in the bag, the seeds handed out; the first draw comes next."""
        return MasaiState(self)

    def _state_from_dict(self, data: Mapping[str, Any]) -> MasaiState:
        return MasaiState.from_dict(self, data)


class MasaiState(State):
    """A position of Masai. Build one with `MasaiGame.new_initial_state` or `from_dict`."""

    __slots__ = (
        "_bag",
        "_cache",
        "_dice",
        "_discard",
        "_empty",
        "_ending",
        "_final",
        "_history",
        "_key_sector",
        "_keys",
        "_last",
        "_misplaced",
        "_opened",
        "_order",
        "_passes",
        "_phase",
        "_placed",
        "_pool",
        "_round",
        "_scores",
        "_seeds",
        "_shown",
        "_special",
        "_supply",
        "_turn",
        "_uses",
        "game",
    )

    game: MasaiGame

    def __init__(self, game: MasaiGame, *, empty: bool = False) -> None:
        self.game = game
        self._history: list[int] = []
        self._final: list[dict[str, int]] | None = None
        self._cache: list[int] | None = None  # legal actions of the player to act
        if empty:
            return
        board = game.board
        players = game.num_players
        self._bag = [DICE_PER_COLOUR] * len(COLOURS)
        self._discard = [0] * KINDS
        self._pool = [0] * KINDS
        self._dice = [NO_SLOT] * board.num_die_slots
        self._summarise_board()
        self._seeds = [NO_SLOT] * board.num_seed_slots
        self._keys = [NO_SLOT] * len(COLOURS)
        self._opened = [False] * len(COLOURS)
        self._supply = [game.seeds_each] * players
        self._uses = [[0] * len(SPECIAL_ACTIONS) for _ in range(players)]
        self._scores = [0] * players
        self._round = 1
        self._order = [(game.first_player + i) % players for i in range(players)]
        self._turn = 0
        self._phase = DRAW
        self._key_sector = NO_SLOT
        self._special = 0
        self._placed = NO_SLOT
        self._passes = 0
        self._ending: str | None = None
        self._last: tuple[int, int] | None = None

    # -- reading the position -------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """Where the game stands."""
        return self._phase

    @property
    def round(self) -> int:
        return self._round

    @property
    def order(self) -> list[int]:
        """The players in this round's order (MASAI-4.4)."""
        return list(self._order)

    @property
    def turn_player(self) -> int | None:
        """The player whose turn it is (None while the pool is drawn or after the end)."""
        return self._order[self._turn] if self._phase in (KEY, PLACE, SEED) else None

    def pool(self) -> list[str]:
        """The dice in the round's pool, sorted by colour and face."""
        return [die_name(k) for k in range(KINDS) for _ in range(self._pool[k])]

    def discard(self) -> list[str]:
        """The discarded dice with the faces they kept (MASAI-4.3)."""
        return [die_name(k) for k in range(KINDS) for _ in range(self._discard[k])]

    def bag(self) -> dict[str, int]:
        """Dice in the bag by colour (faces are rolled when drawn)."""
        return {COLOURS[c]: n for c, n in enumerate(self._bag)}

    def die_on(self, slot: int) -> str | None:
        """The die in a die slot, or None."""
        kind = self._dice[slot]
        return None if kind == NO_SLOT else die_name(kind)

    def seed_on(self, seed_slot: int) -> int | None:
        """The player whose seed is in a seed slot, or None."""
        owner = self._seeds[seed_slot]
        return None if owner == NO_SLOT else owner

    def key_of(self, sector: int) -> str | None:
        """The key die on a sector, or None."""
        kind = self._keys[sector]
        return None if kind == NO_SLOT else die_name(kind)

    def is_opened(self, sector: int) -> bool:
        """MASAI-5.4: has the sector ever received a key of its own colour?"""
        return self._opened[sector]

    def supply(self, player: int) -> int:
        """Seeds the player still holds (not on the board, not paid)."""
        return self._supply[player]

    def special_uses(self, player: int, action: int) -> int:
        """How many times the player has used a special action (1..4)."""
        return self._uses[player][action - 1]

    def score(self, player: int) -> int:
        """The score track: instant points, plus the final scoring once the game is over."""
        final = self.final_scores()
        return self._scores[player] + (final[player]["final"] if final else 0)

    @property
    def last_scored(self) -> tuple[int, int] | None:
        """(player, points) of the last allocation that scored."""
        return self._last

    @property
    def ending(self) -> str | None:
        """Why the game ends at the end of this round (or has ended): one of ENDINGS."""
        return self._ending

    def sector_faces(self, sector: int) -> list[int]:
        """Faces of the dice in a sector's slots (keys do not count, MASAI-R5)."""
        return sorted(face_of(self._dice[d]) for d in self.game.board.sector_dice[sector]
                      if self._dice[d] != NO_SLOT)  # fmt: skip

    def outer_line_seeds(self, player: int) -> int:
        """MASAI-10.1: the player's seeds on the outer line, in a link or not."""
        return sum(1 for s in self.game.outer_seeds if self._seeds[s] == player)

    # -- links ----------------------------------------------------------------------------
    def link_of(self, player: int, slot: int) -> tuple[list[int], list[int]]:
        """MASAI-6.2, MASAI-9.1: the link holding an occupied die slot, for one player.

        Occupied die slots on one line are joined by natural links and by seed slots that
        hold this player's seed; empty slots and other players' seeds join nothing. Returns
        the die slots and the player's seed slots of the link, sorted.
        """
        board = self.game.board
        dice_in = {slot}
        seeds_in: set[int] = set()
        todo = [slot]
        while todo:
            d = todo.pop()
            for other in board.die_natural[d]:
                if other not in dice_in and self._dice[other] != NO_SLOT:
                    dice_in.add(other)
                    todo.append(other)
            for s in board.die_seeds[d]:
                if self._seeds[s] != player or s in seeds_in:
                    continue
                seeds_in.add(s)
                for other in board.seed_joins[s]:
                    if other not in dice_in and self._dice[other] != NO_SLOT:
                        dice_in.add(other)
                        todo.append(other)
        return sorted(dice_in), sorted(seeds_in)

    def inner_link_points(self, player: int, slot: int) -> int:
        """MASAI-6.2: +1 per die in the inner link that holds the die; a lone die scores 0."""
        if self.game.board.die_line[slot] != INNER or self._dice[slot] == NO_SLOT:
            return 0
        dice, _ = self.link_of(player, slot)
        return len(dice) if len(dice) > 1 else 0

    def best_outer_link(self, player: int) -> int:
        """MASAI-9.1: the best outer link: face sum + 2 per own seed (MASAI-R7: it needs a
        die and one of the player's own seeds)."""
        board = self.game.board
        best = 0
        seen: set[int] = set()
        for s in self.game.outer_seeds:
            if self._seeds[s] != player or s in seen:
                continue
            start = next((d for d in board.seed_joins[s] if self._dice[d] != NO_SLOT), None)
            if start is None:
                continue
            dice, seeds = self.link_of(player, start)
            seen.update(seeds)
            value = sum(face_of(self._dice[d]) for d in dice) + 2 * len(seeds)
            best = max(best, value)
        return best

    def area_points(self, area: int) -> list[int]:
        """MASAI-9.2..9.5: what each player scores for one area at the end.

        Majority (most seeds) scores the highest die; minority (fewer seeds) the lowest; tied
        players each score `tie_value` of the dice. Empty die slots are left out.
        """
        board = self.game.board
        points = [0] * self.game.num_players
        counts: dict[int, int] = {}
        for s in board.area_seeds[area]:
            if self._seeds[s] != NO_SLOT:
                counts[self._seeds[s]] = counts.get(self._seeds[s], 0) + 1
        faces = sorted(face_of(self._dice[d]) for d in board.area_dice[area]
                       if self._dice[d] != NO_SLOT)  # fmt: skip
        if not counts or not faces:
            return points
        top = max(counts.values())
        leaders = [p for p, n in counts.items() if n == top]
        if len(leaders) > 1:
            for p in leaders:
                points[p] = tie_value(faces)
            return points
        points[leaders[0]] = faces[-1]
        others = [p for p, n in counts.items() if n < top]
        for p in others:  # with 3 seed slots: at most one other player, with fewer seeds
            points[p] = faces[0]
        return points

    def final_scores(self) -> list[dict[str, int]] | None:
        """MASAI-9.1..9.6: each player's final scoring, once the game is over (else None)."""
        if self._phase != OVER:
            return None
        if self._final is None:
            board = self.game.board
            players = range(self.game.num_players)
            areas = [self.area_points(a) for a in range(len(board.area_ids))]
            final = []
            for p in players:
                outer = self.best_outer_link(p)
                area = sum(points[p] for points in areas)
                unused = self._supply[p]
                final.append({
                    "instant": self._scores[p], "outer_link": outer, "areas": area,
                    "unused_seeds": unused, "final": outer + area + unused,
                    "total": self._scores[p] + outer + area + unused,
                })  # fmt: skip
            self._final = final
        return self._final

    def ranking(self) -> list[int]:
        """MASAI-10.1: players best first: score, then seeds on the outer line, then the
        turn order of the last round (earlier first, MASAI-R17)."""
        players = range(self.game.num_players)
        return sorted(
            players,
            key=lambda p: (-self.score(p), -self.outer_line_seeds(p), self._order.index(p)),
        )

    def winner(self) -> int | None:
        """The winner once the game is over."""
        return self.ranking()[0] if self._phase == OVER else None

    def can_never_place(self) -> bool:
        """MASAI-8.3, MASAI-R14: can no die ever be placed again, whatever dice are drawn?

        The board, the seeds and the special uses stand still while everyone passes; only the
        free dice (bag, discard, pool) go round, each rolled again when drawn. Any two free dice
        can share a pool (there are always 7 or more of them while a slot is empty), so a die
        could be placed again when some player could one day make one of these moves:

        * the common action: a sector with an empty slot and a free die of its colour (MASAI-5.1);
        * special 1: an opened sector with an empty slot, and a player able to pay for it;
        * special 3: a key die whose face an opened sector with an empty slot lacks, and a
          player able to pay;
        * special 4: a die of the wrong colour in a slot, a die of the sector's colour that is
          free or shows the same face in another slot, and a player able to pay.
        """
        players = range(self.game.num_players)
        free = self._bag[:]
        for kind in range(KINDS):
            free[COLOUR_OF[kind]] += self._discard[kind] + self._pool[kind]
        room, shown = self._empty, self._shown
        any_key = any(self._can_pay(p, ANY_KEY) for p in players)
        for sector, empty in enumerate(room):
            if empty and (free[sector] or (any_key and self._opened[sector])):
                return False
        if any(self._can_pay(p, MOVE_KEY) for p in players) and self._key_moves(room, shown):
            return False
        if any(self._can_pay(p, REPAIR) for p in players):
            dice = self._dice
            for sector, kind in zip(self.game.board.die_sector, dice, strict=True):
                if kind == NO_SLOT or COLOUR_OF[kind] == sector:
                    continue
                if free[sector] or kind_of(sector, FACE_OF[kind]) in dice:
                    return False
        return True

    # -- the protocol -------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self._phase
        if phase == DRAW:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self._order[self._turn]

    def legal_actions(self, player: int | None = None) -> list[int]:
        actor = self.current_player()
        if player is not None and player != actor:
            return []
        if self._cache is None:
            self._cache = self._legal_now(actor)
        return list(self._cache)

    def _legal_now(self, actor: int) -> list[int]:
        phase = self._phase
        if phase == DRAW:
            return [_DRAW + k for k in range(KINDS) if self._bag[colour_of(k)]]
        if phase == KEY:
            return self._turn_starts(actor)
        if phase == PLACE:
            return self._placements(actor, self._key_sector, self._special == 0)
        if phase == SEED:
            return self._seedings()
        return []

    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]:
        """MASAI-4.1, MASAI-R2: a die drawn from the bag (by colour) and rolled (1/6 a face)."""
        if self._phase != DRAW:
            return []
        total = sum(self._bag) * FACES
        return [(_DRAW + k, Fraction(self._bag[colour_of(k)], total))
                for k in range(KINDS) if self._bag[colour_of(k)]]  # fmt: skip

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._phase != DRAW:
            return []
        return self.game.draw_outcomes(self._bag)

    # -- what a player may do ------------------------------------------------------------------
    def _can_pay(self, player: int, action: int) -> bool:
        return self._supply[player] >= special_cost(self._uses[player][action - 1])

    # -- the board at a glance: kept up to date as dice come and go ------------------------------
    def _set_die(self, slot: int, kind: int) -> None:
        """Put a die of `kind` on a die slot (NO_SLOT empties it), keeping the summaries of
        the board true (`_summarise_sector`; a die of another colour than its sector is one
        special action 4 may repair, MASAI-7.6)."""
        self._dice[slot] = kind
        sector = self.game.board.die_sector[slot]
        self._summarise_sector(sector)
        if kind == NO_SLOT or COLOUR_OF[kind] == sector:
            self._misplaced.pop(slot, None)
        else:
            self._misplaced[slot] = kind_of(sector, FACE_OF[kind])

    def _summarise_sector(self, sector: int) -> None:
        """A sector's empty die slots (`_empty`) and the faces its dice show (`_shown`, bit f
        set for face f: MASAI-3.3 allows each face once per sector; keys do not count, R5)."""
        dice = self._dice
        empty: list[int] = []
        shown = 0
        for d in self.game.board.sector_dice[sector]:
            if dice[d] == NO_SLOT:
                empty.append(d)
            else:
                shown |= FACE_BIT[dice[d]]
        self._empty[sector] = tuple(empty)
        self._shown[sector] = shown

    def _summarise_board(self) -> None:
        """Every sector's summary, and the slots holding a die not of their sector's colour,
        worked out from the dice on the board (a new or read state)."""
        self._empty: list[tuple[int, ...]] = [()] * len(COLOURS)
        self._shown = [0] * len(COLOURS)
        for sector in range(len(COLOURS)):
            self._summarise_sector(sector)
        die_sector = self.game.board.die_sector
        self._misplaced: dict[int, int] = {}  # slot -> the kind that would repair its die
        for slot, kind in enumerate(self._dice):
            if kind != NO_SLOT and COLOUR_OF[kind] != die_sector[slot]:
                self._misplaced[slot] = kind_of(die_sector[slot], FACE_OF[kind])

    def _placements(self, player: int, sector: int, may_change_face: bool) -> list[int]:
        """MASAI-5.2, 3.3: a pool die into an empty slot of the sector, its face not yet there;
        with special 2 (MASAI-7.4) turned to any face not yet there, if no special action
        was used this turn (MASAI-7.2)."""
        empty = self._empty[sector]
        if not empty:
            return []
        shown = self._shown[sector]
        kinds = compress(ALL_KINDS, self._pool)
        if may_change_face and self._can_pay(player, CHANGE_FACE):
            # Every pool die, on every empty slot, showing any face not yet there.
            turned = [slot * FACES + f for slot in empty for f in FACES_IN[FREE_FACES ^ shown]]
            return [PLACE_ACTIONS[kind][t] for kind in kinds for t in turned]
        return [PLACE_ACTIONS[kind][slot * FACES + FACE_OF[kind]]
                for kind in kinds if not shown & FACE_BIT[kind] for slot in empty]  # fmt: skip

    def _turn_starts(self, player: int) -> list[int]:
        """A key (MASAI-5.1, 5.5; special 1: MASAI-7.3), special 3, 4, or a pass (MASAI-5.6, R13).

        A key is offered only when a die is left to place after it (MASAI-5.2, 3.3). Per
        sector: is a slot empty, and how many pool dice show a face the sector lacks.
        """
        actions: list[int] = []
        pool = self._pool
        kinds = list(compress(ALL_KINDS, pool))
        by_face = [0] * (FACES + 1)  # pool dice per face
        by_colour: list[list[int]] = [[] for _ in COLOURS]  # kinds in the pool per colour
        for kind in kinds:
            by_face[FACE_OF[kind]] += pool[kind]
            by_colour[COLOUR_OF[kind]].append(kind)
        total = sum(by_face)
        change = self._can_pay(player, CHANGE_FACE)
        any_key = self._can_pay(player, ANY_KEY)
        room, shown = self._empty, self._shown
        free = False
        for sector, faces in enumerate(shown):
            own_colour = by_colour[sector]  # its own colour as the key (MASAI-5.1)
            if not room[sector] or not (own_colour or (any_key and self._opened[sector])):
                continue
            # Dice that could be placed in the sector as they are.
            fitting = total
            for face in FACES_IN[faces]:
                fitting -= by_face[face]
            if own_colour:
                for kind in own_colour:
                    left = fitting - (0 if faces & FACE_BIT[kind] else 1)  # once it is the key
                    if left > 0:
                        free = True
                        actions.append(_KEY + kind * SECTORS + sector)
                    elif change and total > 1:
                        actions.append(_KEY + kind * SECTORS + sector)
            else:  # special 1 (MASAI-7.3, MASAI-R9)
                for kind in kinds:
                    left = fitting - (0 if faces & FACE_BIT[kind] else 1)
                    if left > 0:
                        actions.append(_KEY + kind * SECTORS + sector)
        if self._can_pay(player, MOVE_KEY):
            actions.extend(self._key_moves(room, shown))
        if self._can_pay(player, REPAIR):
            actions.extend(self._repairs())
        if not free:
            actions.append(PASS)
        actions.sort()
        return actions

    def _key_moves(self, room: list[tuple[int, ...]], shown: list[int]) -> list[int]:
        """MASAI-7.5: a key die to any empty slot of an opened sector, its face not there."""
        keys = [(MOVE_KEY_ACTIONS[sector], FACE_BIT[key])
                for sector, key in enumerate(self._keys) if key != NO_SLOT]  # fmt: skip
        if not keys:
            return []
        opened = self._opened
        return [moves[slot]
                for target, empty in enumerate(room) if empty and opened[target]
                for moves, face in keys if not shown[target] & face
                for slot in empty]  # fmt: skip

    def _repairs(self) -> list[int]:
        """MASAI-7.6: a die of the wrong colour replaced by one of the sector's colour and
        the same face, from the pool, the discard or another slot (never a key); unsorted."""
        dice = self._dice
        pool = self._pool
        discard = self._discard
        on_board = set(dice)
        actions: list[int] = []
        for slot, wanted in self._misplaced.items():
            repairs = REPAIR_ACTIONS[slot]  # by source
            if pool[wanted]:
                actions.append(repairs[FROM_POOL])
            if discard[wanted]:
                actions.append(repairs[FROM_DISCARD])
            if wanted in on_board:  # from other slots, in slot order
                other = -1
                for _ in range(dice.count(wanted)):
                    other = dice.index(wanted, other + 1)
                    actions.append(repairs[2 + other])
        return actions

    def _seedings(self) -> list[int]:
        """MASAI-5.3: one own seed into a free seed slot of the area of the die, or none."""
        board = self.game.board
        area = board.die_area[self._placed]
        actions = [_SEED + s for s in board.area_seeds[area] if self._seeds[s] == NO_SLOT]
        actions.append(NO_SEED)
        return actions

    # -- naming actions ------------------------------------------------------------------------
    def _action_to_string(self, action: int, player: int | None) -> str:
        board = self.game.board
        if _DRAW <= action < _KEY:
            return f"draw {die_name(decode_draw(action))}"
        if _KEY <= action < _PLACE:
            kind, sector = decode_key(action)
            special = " (special 1)" if colour_of(kind) != sector else ""
            return f"key {die_name(kind)} on {COLOURS[sector]}{special}"
        if _PLACE <= action < _SEED:
            kind, slot, face = decode_place(action)
            turned = f" as {face} (special 2)" if face != face_of(kind) else ""
            return f"place {die_name(kind)}{turned} on {board.die_ids[slot]}"
        if _SEED <= action < NO_SEED:
            return f"seed on {board.seed_ids[decode_seed(action)]}"
        if action == NO_SEED:
            return "no seed"
        if _MOVE_KEY <= action < _REPAIR:
            sector, slot = decode_move_key(action)
            return f"move the {COLOURS[sector]} key to {board.die_ids[slot]} (special 3)"
        if _REPAIR <= action < PASS:
            slot, source = decode_repair(action)
            where = ("the pool", "the discard")[source] if source < 2 else board.die_ids[source - 2]
            return f"repair {board.die_ids[slot]} from {where} (special 4)"
        if action == PASS:
            return "pass"
        return f"unknown action {action}"

    def why_illegal(self, action: int) -> str:
        """The rule an illegal action breaks, in words."""
        phase = self._phase
        if phase == OVER:
            return "the game is over"
        if not 0 <= action < NUM_ACTIONS:
            return f"{action} is not an action of Masai"
        if phase == DRAW:
            if action < _KEY:
                return f"MASAI-4.1: no {COLOURS[colour_of(action)]} die is left in the bag"
            return "the round's dice are being drawn from the bag (a chance event comes next)"
        player = self.current_player()
        who = player_label(player)
        if _SEED <= action <= NO_SEED:
            return self._why_seed_illegal(player, action)
        if phase == SEED:
            return f"{who} has placed a die and must now place a seed or none (MASAI-5.3)"
        if _PLACE <= action < _SEED:
            return self._why_place_illegal(player, action)
        if phase == PLACE:
            return (f"{who} has taken a key for the {COLOURS[self._key_sector]} sector and must "
                    f"now place a die there (MASAI-5.2)")  # fmt: skip
        if _KEY <= action < _PLACE:
            return self._why_key_illegal(player, action)
        if _MOVE_KEY <= action < _REPAIR:
            return self._why_move_key_illegal(player, action)
        if _REPAIR <= action < PASS:
            return self._why_repair_illegal(player, action)
        if action == PASS:
            return f"MASAI-R13: {who} can make the common action, so may not pass"
        return f"{who} must start their turn: a key, special action 3 or 4, or a pass"

    def _why_unaffordable(self, player: int, special: int) -> str | None:
        uses = self._uses[player][special - 1]
        cost = special_cost(uses)
        if self._supply[player] >= cost:
            return None
        nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(uses + 1, f"{uses + 1}th")
        return (f"MASAI-7.1: the {nth} use of special action {special} costs {cost} seed"
                f"{'s' if cost > 1 else ''}; {player_label(player)} has "
                f"{self._supply[player]}")  # fmt: skip

    def _why_key_illegal(self, player: int, action: int) -> str:
        kind, sector = decode_key(action)
        colour = COLOURS[sector]
        if not self._pool[kind]:
            return f"MASAI-5.1: there is no {die_name(kind)} in the pool"
        if colour_of(kind) != sector:
            first = sector * FACES
            if any(self._pool[first : first + FACES]):
                return (
                    f"MASAI-5.1: the key must be the sector's colour ({colour}); special "
                    f"action 1 is only for when the pool has no {colour} die"
                )
            if not self._opened[sector]:
                return (
                    f"MASAI-5.4: the {colour} sector has not been opened (it has never "
                    f"received a {colour} key), so no die may be allocated there"
                )
            unaffordable = self._why_unaffordable(player, ANY_KEY)
            if unaffordable:
                return unaffordable
        if not self._empty[sector]:
            return f"MASAI-5.2: the {colour} sector has no free die slot"
        return (f"MASAI-3.3: no die left in the pool could go into the {colour} sector "
                f"without repeating a face already there")  # fmt: skip

    def _why_place_illegal(self, player: int, action: int) -> str:
        board = self.game.board
        kind, slot, face = decode_place(action)
        if self._phase != PLACE:
            return (f"MASAI-5.1: a die is placed only after taking a key for its sector "
                    f"({player_label(player)} has not taken one this turn)")  # fmt: skip
        sector = self._key_sector
        if board.die_sector[slot] != sector:
            target = COLOURS[board.die_sector[slot]]
            opened = (
                ""
                if self._opened[board.die_sector[slot]]
                else (f"; besides, the {target} sector has not been opened (MASAI-5.4)")
            )
            return (f"MASAI-5.2: {board.die_ids[slot]} is in the {target} sector, not in the "
                    f"{COLOURS[sector]} sector entered with the key{opened}")  # fmt: skip
        if not self._pool[kind]:
            return f"MASAI-5.2: there is no {die_name(kind)} left in the pool"
        if self._dice[slot] != NO_SLOT:
            return (f"MASAI-5.2: {board.die_ids[slot]} already holds "
                    f"{die_name(self._dice[slot])}")  # fmt: skip
        if face != face_of(kind):
            if self._special:
                return (f"MASAI-7.2: only one special action per turn; special action "
                        f"{self._special} is already used")  # fmt: skip
            unaffordable = self._why_unaffordable(player, CHANGE_FACE)
            if unaffordable:
                return unaffordable
        holder = next(d for d in board.sector_dice[sector]
                      if self._dice[d] != NO_SLOT and face_of(self._dice[d]) == face)  # fmt: skip
        return (f"MASAI-3.3: the {COLOURS[sector]} sector already holds a die showing {face} "
                f"(on {board.die_ids[holder]})")  # fmt: skip

    def _why_seed_illegal(self, player: int, action: int) -> str:
        board = self.game.board
        if self._phase != SEED:
            last = self._last
            if last is not None and self._phase == KEY and not self._supply[last[0]]:
                return f"MASAI-5.3: {player_label(last[0])} has no seeds left to place"
            return "MASAI-5.3: a seed may only be placed right after one's own die is placed"
        seed = decode_seed(action)
        area = board.die_area[self._placed]
        if board.seed_area[seed] != area:
            return (f"MASAI-5.3: the seed must go into the area of the die just placed "
                    f"({board.area_ids[area]}); {board.seed_ids[seed]} is in "
                    f"{board.area_ids[board.seed_area[seed]]}")  # fmt: skip
        owner = self._seeds[seed]
        return f"MASAI-5.3: {board.seed_ids[seed]} already holds a seed of {player_label(owner)}"

    def _why_move_key_illegal(self, player: int, action: int) -> str:
        board = self.game.board
        sector, slot = decode_move_key(action)
        target = board.die_sector[slot]
        if self._keys[sector] == NO_SLOT:
            return f"MASAI-7.5: the {COLOURS[sector]} sector has no key die to take"
        if not self._opened[target]:
            return (f"MASAI-5.4: the {COLOURS[target]} sector has not been opened, so no die "
                    f"may be allocated there")  # fmt: skip
        if self._dice[slot] != NO_SLOT:
            return f"MASAI-7.5: {board.die_ids[slot]} is not empty"
        unaffordable = self._why_unaffordable(player, MOVE_KEY)
        if unaffordable:
            return unaffordable
        return (f"MASAI-3.3: the {COLOURS[target]} sector already holds a die showing "
                f"{face_of(self._keys[sector])}")  # fmt: skip

    def _why_repair_illegal(self, player: int, action: int) -> str:
        board = self.game.board
        slot, source = decode_repair(action)
        kind = self._dice[slot]
        if kind == NO_SLOT:
            return f"MASAI-7.6: {board.die_ids[slot]} holds no die to repair"
        if colour_of(kind) == board.die_sector[slot]:
            return f"MASAI-7.6: {board.die_ids[slot]} already holds a die of its sector's colour"
        unaffordable = self._why_unaffordable(player, REPAIR)
        if unaffordable:
            return unaffordable
        wanted = die_name(kind_of(board.die_sector[slot], face_of(kind)))
        where = ("the pool", "the discard")[source] if source < 2 else board.die_ids[source - 2]
        return f"MASAI-7.6: there is no {wanted} in {where} to repair with (keys never count)"

    # -- playing -----------------------------------------------------------------------------
    def _plainly_legal(self, action: int) -> bool:
        """Draws, seeds and actions already in the legal list, checked without building it.

        A draw needs a die of its colour in the bag (MASAI-4.1); after a placement, no seed
        is always allowed, a seed only into an empty seed slot of the die's area (MASAI-5.3:
        the phase is entered only when the player has a seed left).
        """
        phase = self._phase
        if phase == DRAW:
            return 0 <= action < _KEY and self._bag[COLOUR_OF[action]] > 0
        if phase == SEED:
            if action == NO_SEED:
                return True
            if not _SEED <= action < NO_SEED:
                return False
            board = self.game.board
            seed = decode_seed(action)
            return (
                self._seeds[seed] == NO_SLOT
                and board.seed_area[seed] == board.die_area[self._placed]
            )
        cache = self._cache  # sorted (legal_actions): found by bisection
        if cache is None:
            return False
        at = bisect_left(cache, action)
        return at < len(cache) and cache[at] == action

    def _apply(self, action: int) -> None:
        self._cache = None
        phase = self._phase
        if phase == DRAW:
            self._draw(decode_draw(action))
        elif phase == KEY:
            if action == PASS:
                self._passes += 1
                self._end_turn()
            elif action < _PLACE:
                self._take_key(*decode_key(action))
            elif action < _REPAIR:
                self._move_key(*decode_move_key(action))
            else:
                self._repair(*decode_repair(action))
        elif phase == PLACE:
            self._place(*decode_place(action))
        elif phase == SEED:
            if action != NO_SEED:
                self._put_seed(decode_seed(action))
            self._score_allocation(self._placed)
            self._end_turn()

    def _draw(self, kind: int) -> None:
        """MASAI-4.1: one die from the bag into the pool, rolled; MASAI-4.5: refill at once."""
        self._bag[colour_of(kind)] -= 1
        self._pool[kind] += 1
        self._refill_if_empty()
        if sum(self._pool) >= self.game.pool_size or not any(self._bag):
            self._start_turns()

    def _refill_if_empty(self) -> None:
        """MASAI-4.5, MASAI-R3: whenever the bag is empty, every discarded die goes back in."""
        if any(self._bag):
            return
        for kind in range(KINDS):
            self._bag[colour_of(kind)] += self._discard[kind]
            self._discard[kind] = 0

    def _to_discard(self, kind: int) -> None:
        """MASAI-4.3: a die leaves play keeping its face (straight to an empty bag, R3)."""
        self._discard[kind] += 1
        self._refill_if_empty()

    def _pay(self, player: int, special: int) -> None:
        """MASAI-7.1: pay n seeds for the n-th use; the seeds leave the game (MASAI-R8)."""
        uses = self._uses[player]
        self._supply[player] -= special_cost(uses[special - 1])
        uses[special - 1] += 1
        self._special = special

    def _take_key(self, kind: int, sector: int) -> None:
        """MASAI-5.1, 5.5: the die becomes the sector's key; the old key is discarded."""
        player = self._order[self._turn]
        if colour_of(kind) != sector:
            self._pay(player, ANY_KEY)
        self._pool[kind] -= 1
        old = self._keys[sector]
        self._keys[sector] = kind
        if old != NO_SLOT:
            self._to_discard(old)
        if colour_of(kind) == sector:
            self._opened[sector] = True
        self._key_sector = sector
        self._phase = PLACE

    def _place(self, kind: int, slot: int, face: int) -> None:
        """MASAI-5.2: the die goes into the slot (turned to `face` with special 2)."""
        player = self._order[self._turn]
        if face != face_of(kind):
            self._pay(player, CHANGE_FACE)
        self._pool[kind] -= 1
        self._set_die(slot, kind_of(colour_of(kind), face))
        self._placed = slot
        board = self.game.board
        area = board.die_area[slot]
        if self._supply[player] and any(self._seeds[s] == NO_SLOT for s in board.area_seeds[area]):
            self._phase = SEED
        else:
            self._score_allocation(slot)
            self._end_turn()

    def _put_seed(self, seed: int) -> None:
        """MASAI-5.3: one of the player's seeds into the area of the die just placed."""
        player = self._order[self._turn]
        self._seeds[seed] = player
        self._supply[player] -= 1

    def _score_allocation(self, slot: int) -> None:
        """MASAI-6.1: +1 for the die, +1 if its colour is the sector's; MASAI-6.2: on the
        inner line, +1 per die of the link now holding it (MASAI-6.3: outer line, nothing more
        now)."""
        board = self.game.board
        player = self._order[self._turn]
        kind = self._dice[slot]
        points = 1 + (1 if colour_of(kind) == board.die_sector[slot] else 0)
        points += self.inner_link_points(player, slot)
        self._scores[player] += points
        self._last = (player, points)

    def _move_key(self, sector: int, slot: int) -> None:
        """MASAI-7.5: special 3, instead of the common action: a key die into an empty slot."""
        player = self._order[self._turn]
        self._pay(player, MOVE_KEY)
        self._set_die(slot, self._keys[sector])
        self._keys[sector] = NO_SLOT
        self._score_allocation(slot)
        self._end_turn()

    def _repair(self, slot: int, source: int) -> None:
        """MASAI-7.6: special 4: the die of the wrong colour goes to the discard and one of the
        sector's colour with the same face takes its place (scored as an allocation, R12)."""
        player = self._order[self._turn]
        self._pay(player, REPAIR)
        board = self.game.board
        old = self._dice[slot]
        wanted = kind_of(board.die_sector[slot], face_of(old))
        if source == FROM_POOL:
            self._pool[wanted] -= 1
        elif source == FROM_DISCARD:
            self._discard[wanted] -= 1
        else:
            self._set_die(source - 2, NO_SLOT)
        self._set_die(slot, wanted)
        self._to_discard(old)
        self._score_allocation(slot)
        self._end_turn()

    def _start_turns(self) -> None:
        self._turn = 0
        self._passes = 0
        self._begin_turn()

    def _begin_turn(self) -> None:
        self._phase = KEY
        self._key_sector = NO_SLOT
        self._special = 0
        self._placed = NO_SLOT

    def _end_turn(self) -> None:
        """MASAI-8.1, 8.2: note the end (the round still finishes); MASAI-4.2: next player or round.

        MASAI-8.3: a round in which everyone passes ends the game only when no die can ever
        be placed again (`can_never_place`, MASAI-R14)."""
        if self._ending is None:
            if not any(self._empty):  # no sector has an empty slot
                self._ending = SLOTS_FULL
            elif not all(self._supply):
                self._ending = OUT_OF_SEEDS
        self._turn += 1
        if self._turn < self.game.num_players:
            self._begin_turn()
        else:
            self._end_round()

    def _end_round(self) -> None:
        """MASAI-4.3 leftovers discarded; MASAI-4.4 next order; MASAI-8.1..8.3 the end."""
        pool = self._pool
        for kind in compress(ALL_KINDS, pool):
            for _ in range(pool[kind]):
                self._to_discard(kind)
            pool[kind] = 0
        self._key_sector = NO_SLOT
        self._special = 0
        self._placed = NO_SLOT
        self._turn = 0
        if (
            self._ending is None
            and self._passes == self.game.num_players
            and self.can_never_place()
        ):
            self._ending = BLOCKED  # MASAI-8.3, MASAI-R14: no die can ever be placed again
        if self._ending is not None:
            self._phase = OVER
            self._final = None
            return
        self._order = next_order(self._order, self._scores)
        self._round += 1
        self._passes = 0
        self._phase = DRAW
        if not any(self._bag):  # no die anywhere to draw (MASAI-R3): play with none
            self._start_turns()

    def returns(self) -> list[float]:
        if self._phase != OVER:
            return [0.0] * self.game.num_players
        winner = self.winner()
        return [1.0 if p == winner else 0.0 for p in range(self.game.num_players)]

    # -- copies and serialisation ---------------------------------------------------------
    def clone(self) -> MasaiState:
        other = MasaiState(self.game, empty=True)
        other._history = self._history[:]
        other._bag = self._bag[:]
        other._discard = self._discard[:]
        other._pool = self._pool[:]
        other._dice = self._dice[:]
        other._empty = self._empty[:]
        other._shown = self._shown[:]
        other._misplaced = self._misplaced.copy()
        other._seeds = self._seeds[:]
        other._keys = self._keys[:]
        other._opened = self._opened[:]
        other._supply = self._supply[:]
        other._uses = [u[:] for u in self._uses]
        other._scores = self._scores[:]
        other._round = self._round
        other._order = self._order[:]
        other._turn = self._turn
        other._phase = self._phase
        other._key_sector = self._key_sector
        other._special = self._special
        other._placed = self._placed
        other._passes = self._passes
        other._ending = self._ending
        other._last = self._last
        return other

    def to_dict(self) -> dict[str, Any]:
        board = self.game.board
        return {
            "game": "masai",
            "players": self.game.num_players,
            "first_player": self.game.first_player,
            "board": board.name,
            "bag": self.bag(),
            "discard": self.discard(),
            "pool": self.pool(),
            "slots": {
                board.die_ids[d]: die_name(k) for d, k in enumerate(self._dice) if k != NO_SLOT
            },
            "seeds": {board.seed_ids[s]: p for s, p in enumerate(self._seeds) if p != NO_SLOT},
            "keys": {COLOURS[s]: die_name(k) for s, k in enumerate(self._keys) if k != NO_SLOT},
            "opened": [COLOURS[s] for s in range(len(COLOURS)) if self._opened[s]],
            "supply": self._supply[:],
            "special_uses": [u[:] for u in self._uses],
            "scores": self._scores[:],
            "round": self._round,
            "order": self._order[:],
            "turn": self._turn,
            "phase": self._phase.value,
            "key_sector": None if self._key_sector == NO_SLOT else COLOURS[self._key_sector],
            "special": self._special,
            "placed": None if self._placed == NO_SLOT else board.die_ids[self._placed],
            "passes": self._passes,
            "ending": self._ending,
            "last_scored": None if self._last is None else list(self._last),
            "history": self._history[:],
        }

    @classmethod
    def from_dict(cls, game: MasaiGame, data: Mapping[str, Any]) -> MasaiState:
        """A validated state; see :func:`engine.masai.state_io.read_state` for the checks."""
        return read_state(game, data, cls(game, empty=True))

    def observation_string(self, player: int) -> str:
        """Everything in Masai is public (the bag's order is unknown to all)."""
        self.check_player(player)
        return str(self)

    def __str__(self) -> str:
        board = self.game.board
        lines = []
        for sector in board.necklace:
            key = self.key_of(sector) or ("none" if self._opened[sector] else "not opened")
            lines.append(f"{COLOURS[sector]} sector (key: {key})")
            for area in board.sector_areas[sector]:
                dice = ", ".join(f"{board.die_ids[d]} {self.die_on(d) or '-'}"
                                 for d in board.area_dice[area])  # fmt: skip
                seeds = ", ".join(
                    f"{board.seed_ids[s]} "
                    f"{'-' if self._seeds[s] == NO_SLOT else f'P{self._seeds[s]}'}"
                    for s in board.area_seeds[area]
                )
                line = LINES[board.die_line[board.area_dice[area][0]]]
                lines.append(f"  {board.area_ids[area]} ({line}): {dice}; seeds {seeds}")
        lines.append(f"bag: {sum(self._bag)} dice; discard: {', '.join(self.discard()) or '-'}")
        lines.append(f"pool: {', '.join(self.pool()) or '-'}")
        for p in range(self.game.num_players):
            lines.append(f"player {p}: score {self.score(p)}, seeds {self._supply[p]}")
        if self._phase == OVER:
            lines.append(f"game over ({self._ending}); winner: player {self.winner()}")
        else:
            who = "" if self.turn_player is None else f", player {self.turn_player} to act"
            lines.append(f"round {self._round}, order {self._order}{who}; next: {self._phase}")
        return "\n".join(lines)


def next_order(order: list[int], scores: list[int]) -> list[int]:
    """MASAI-4.4: lowest score first; tied players keep their order (MASAI-R16)."""
    return sorted(order, key=lambda p: scores[p])
