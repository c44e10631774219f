"""Step definitions for features/masai: thin wrappers over the engine and the notation.

A scenario first describes a position (Given steps fill `MasaiTable.setup`, which becomes a
state through the engine's validated `from_dict` the first time the state is needed), then
plays it (draws are forced through the scripted driver, decisions are applied as the player
who must make them), then checks it (Then steps read the state).

The board is the shipped one unless a Given step fixes a join the scenario relies on ("seed
slot G-in-s2 joins die slots G-in-d2 and G-in-d3"), or the absence of one ("die slots G-in-d2
and G-in-d3 are not naturally linked", "the board has no natural links"): such steps edit a
copy of the shipped board data, which the engine validates like any board file. Players are
named by the scenario; the engine's messages say "player 0" for the first, so expected error
texts have names replaced by those labels before they are compared.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

import engine
from engine.masai import (
    COLOURS,
    LINES,
    NO_SEED,
    PASS,
    MasaiGame,
    MasaiState,
    draw_action,
    key_action,
    move_key_action,
    parse_board,
    parse_die,
    place_action,
    repair_action,
    seed_action,
    shipped_board_data,
)
from engine.masai.game import FROM_DISCARD, FROM_POOL
from engine.masai.svg import to_svg
from rulebooks.steps import notation as shared
from rulebooks.steps.common import *  # noqa: F403  (the steps every game shares)
from rulebooks.steps.table import GameTable
from tests.scenarios.masai import notation


class MasaiTable(GameTable[MasaiGame, MasaiState]):
    """One scenario's game of Masai (see `GameTable`)."""

    game_type = MasaiGame
    state_type = MasaiState

    def __init__(self) -> None:
        super().__init__()
        self.board_data: dict[str, Any] | None = None

    # -- the game and its state ---------------------------------------------------------
    def game_parameters(self) -> dict[str, Any]:
        """The shipped board, or the scenario's copy of it with the joins it fixed."""
        params = super().game_parameters()
        if self.board_data is not None:
            params["board"] = parse_board(self.board_data, "the scenario's board")
        return params

    def edit_board(self) -> dict[str, Any]:
        """The scenario's copy of the shipped board data, to fix the joins it relies on."""
        if self._game is not None:
            raise AssertionError("the board is fixed once the game exists")
        if self.board_data is None:
            self.board_data = shipped_board_data()
        return self.board_data

    # -- pictures for the site (the recorder's world protocol) -----------------------------
    def picture(self, state: MasaiState) -> dict[str, str]:
        return {"text": str(state), "svg": to_svg(state, names=self.player_names())}

    def expect(self, change: Callable[[dict[str, Any]], None], *, whole: bool = False) -> None:
        """As `GameTable.expect`, the bag left out: it holds whatever dice the change leaves
        over."""

        def without_bag(data: dict[str, Any]) -> None:
            del data["bag"]
            change(data)

        super().expect(without_bag, whole=whole)

    def player_names(self) -> list[str] | None:
        if not self.names:
            return None
        return [self.name(p) for p in self.players_list()]

    # -- reading the notation ---------------------------------------------------------------
    def engine_wording(self, text: str) -> str:
        """The engine's messages say "player 0" for the first player, not the name."""
        for name, index in self.names.items():
            text = text.replace(name, f"player {index}")
        return text

    def players_list(self) -> list[int]:
        return list(range(self.player_count))

    def die_slot(self, name: str) -> int:
        return self.game.board.die_slot(name)

    def seed_slot(self, name: str) -> int:
        return self.game.board.seed_slot(name)

    def per_player(self, key: str, default: Any) -> list[Any]:
        setup = self.describe()
        if key not in setup:
            setup[key] = [json.loads(json.dumps(default)) for _ in self.players_list()]
        values: list[Any] = setup[key]
        return values


@pytest.fixture
def masai() -> MasaiTable:
    return MasaiTable()


@pytest.fixture
def table(masai: MasaiTable) -> MasaiTable:
    """The same table, for the steps every game shares (`rulebooks.steps.common`)."""
    return masai


# -- Given: the game ------------------------------------------------------------------------------
@given(parsers.parse("a {n:d}-player game of Masai"))
def given_game(masai: MasaiTable, n: int) -> None:
    masai.declare(n)


@given(parsers.parse("the players are {names}"))
def given_names(masai: MasaiTable, names: str) -> None:
    masai.name_players(names)


# -- Given: the board's joins ---------------------------------------------------------------------
@given(parsers.parse("seed slot {seed} joins die slots {first} and {second}"))
def given_seed_joins(masai: MasaiTable, seed: str, first: str, second: str) -> None:
    data = masai.edit_board()
    entry = next((s for s in data["seed_slots"] if s["id"] == seed), None)
    assert entry is not None, f"the shipped board has no seed slot {seed}"
    entry["joins"] = [first, second]


@given(parsers.parse("die slots {first} and {second} are naturally linked"))
def given_natural_link(masai: MasaiTable, first: str, second: str) -> None:
    data = masai.edit_board()
    links = data["natural_links"]
    if [first, second] not in links and [second, first] not in links:
        links.append([first, second])


@given(parsers.parse("die slots {first} and {second} are not naturally linked"))
def given_no_natural_link(masai: MasaiTable, first: str, second: str) -> None:
    """The absence of a link is a board fact too: whatever the shipped board says."""
    data = masai.edit_board()
    data["natural_links"] = [
        link for link in data["natural_links"] if sorted(link) != sorted([first, second])
    ]


@given("the board has no natural links")
def given_no_natural_links(masai: MasaiTable) -> None:
    masai.edit_board()["natural_links"] = []


# -- Given: the position --------------------------------------------------------------------------
@given(parsers.parse("the pool holds {dice}"))
def given_pool(masai: MasaiTable, dice: str) -> None:
    masai.describe()["pool"] = notation.dice(dice)


@given("the pool is empty")
def given_empty_pool(masai: MasaiTable) -> None:
    masai.describe()["pool"] = []


@given(parsers.parse("the discard holds {dice}"))
def given_discard(masai: MasaiTable, dice: str) -> None:
    masai.describe()["discard"] = notation.dice(dice)


@given(parsers.parse("the necklace holds {die} on {slot}"))
def given_die_on(masai: MasaiTable, die: str, slot: str) -> None:
    masai.describe().setdefault("slots", {})[slot] = notation.die(die)


@given("the necklace holds these dice:")
def given_dice_table(masai: MasaiTable, datatable: list[list[str]]) -> None:
    header, *rows = datatable
    assert header == ["slot", "die"], header
    for slot, die in rows:
        given_die_on(masai, die, slot)


def fill_slots(masai: MasaiTable, left_empty: set[str], own_colours: bool = False) -> None:
    """Every die slot but `left_empty` holds a die: in each sector, faces 1..6 in slot order;
    the sector's colour (`own_colours`) or colours in turn (red, orange, ... violet, red, ...)
    over the slots filled."""
    board = masai.game.board
    slots = masai.describe().setdefault("slots", {})
    turn = 0
    for sector in range(6):
        for position, d in enumerate(board.sector_dice[sector]):
            if board.die_ids[d] in left_empty:
                continue
            colour = COLOURS[sector if own_colours else turn % 6]
            slots[board.die_ids[d]] = f"{colour} {position + 1}"
            turn += 1


@given(parsers.parse("every die slot is filled except {slot}, the green sector lacking a {face:d}"))
def given_all_but_one(masai: MasaiTable, slot: str, face: int) -> None:
    board = masai.game.board
    d = board.die_slot(slot)
    position = board.sector_dice[board.die_sector[d]].index(d)
    assert position + 1 == face, f"{slot} would take face {position + 1}"
    fill_slots(masai, {slot})


@given(
    parsers.parse(
        "every die slot but {slot} holds a die of its sector's colour, faces 1 to 6 in slot order"
    )
)
def given_all_own_colour_but_one(masai: MasaiTable, slot: str) -> None:
    fill_slots(masai, {slot}, own_colours=True)


@given(parsers.parse("every die slot is filled except {first} and {second}"))
def given_all_but_two(masai: MasaiTable, first: str, second: str) -> None:
    board = masai.game.board
    for slot in (first, second):
        board.die_slot(slot)  # a clear error for a slot the board does not have
    fill_slots(masai, {first, second})


@given(parsers.parse("every die slot is filled except those of the {colour} sector"))
def given_all_but_a_sector(masai: MasaiTable, colour: str) -> None:
    board = masai.game.board
    sector = COLOURS.index(notation.colour(colour))
    fill_slots(masai, {board.die_ids[d] for d in board.sector_dice[sector]})


@given(parsers.re(r"(?P<who>.+)'s seeds? (?:is|are) on (?P<seeds>.+)"))
def given_seeds(masai: MasaiTable, who: str, seeds: str) -> None:
    player = masai.player(who)
    on_board = masai.describe().setdefault("seeds", {})
    for seed in notation.slots(seeds):
        on_board[seed] = player


@given(parsers.parse("the key of the {colour} sector is {die}"))
def given_key(masai: MasaiTable, colour: str, die: str) -> None:
    masai.describe().setdefault("keys", {})[notation.colour(colour)] = notation.die(die)


@given(parsers.parse("the {colour} sector has never been opened"))
def given_not_opened(masai: MasaiTable, colour: str) -> None:
    setup = masai.describe()
    used = {k for k in setup.get("keys", {})}
    assert colour not in used, f"the scenario gives the {colour} sector a key"


@given(parsers.parse("no {colour} die is in the bag, the discard or the pool"))
def given_colour_all_placed(masai: MasaiTable, colour: str) -> None:
    """The position described so far puts all 8 dice of the colour in slots or on keys."""
    setup = masai.describe()
    loose = [d for place in ("pool", "discard") for d in setup.get(place, [])]
    placed = [*setup.get("slots", {}).values(), *setup.get("keys", {}).values()]
    assert not [d for d in loose if d.split()[0] == colour], f"a {colour} die is loose: {loose}"
    count = [d.split()[0] for d in placed].count(notation.colour(colour))
    assert count == 8, f"the scenario puts {count} {colour} dice on the necklace, not 8"


@given(parsers.re(r"(?P<who>.+) has (?P<n>\d+) seeds? left(?: for special actions)?$"))
def given_supply(masai: MasaiTable, who: str, n: str) -> None:
    masai.per_player("supply", None)
    masai.setup["supply"][masai.player(who)] = int(n)
    fill_supply(masai)


def fill_supply(masai: MasaiTable) -> None:
    """Players the scenario says nothing about keep their seeds not on the board."""
    seeds_each = 20 if masai.params["players"] == 2 else 15
    on_board = list(masai.setup.get("seeds", {}).values())
    masai.setup["supply"] = [
        seeds_each - on_board.count(p) if n is None else n
        for p, n in enumerate(masai.setup["supply"])
    ]


@given(parsers.re(r"(?P<who>.+) has used each special action once$"))
def given_each_special_used(masai: MasaiTable, who: str) -> None:
    """MASAI-7.1: the next use of any special action costs the player 2 seeds."""
    masai.per_player("special_uses", [0, 0, 0, 0])[masai.player(who)] = [1, 1, 1, 1]


@given(parsers.re(r"(?P<who>.+) has used special action (?P<a>\d) (?P<n>\d+) times?$"))
def given_uses(masai: MasaiTable, who: str, a: str, n: str) -> None:
    uses = masai.per_player("special_uses", [0, 0, 0, 0])
    uses[masai.player(who)][int(a) - 1] = int(n)


@given(parsers.parse("it is {who}'s turn"))
def given_turn(masai: MasaiTable, who: str) -> None:
    setup = masai.describe()
    order = setup.get("order", masai.players_list())
    setup["turn"] = order.index(masai.player(who))


@given(parsers.parse("the round's order is {names}"))
def given_order(masai: MasaiTable, names: str) -> None:
    masai.describe()["order"] = [masai.player(n) for n in shared.split_list(names)]


@given(parsers.parse("the scores are {entries}"))
def given_scores(masai: MasaiTable, entries: str) -> None:
    scores = masai.per_player("scores", 0)
    for who, points in shared.named_numbers(entries):
        scores[masai.player(who)] = points


@given("the round's dice are being drawn")
def given_drawing(masai: MasaiTable) -> None:
    masai.describe()["phase"] = "draw"


@given(
    parsers.parse(
        "the bag holds just {n:d} {colour} die, every other free die lying in the discard"
    )
)
def given_bag_nearly_empty(masai: MasaiTable, n: int, colour: str) -> None:
    setup = masai.describe()
    setup["bag"] = {c: (n if c == colour else 0) for c in COLOURS}
    used = [d.split()[0] for d in setup.get("pool", [])]
    placed = [*setup.get("slots", {}).values(), *setup.get("keys", {}).values()]
    used += [d.split()[0] for d in placed]
    setup["discard"] = [
        f"{c} 1" for c in COLOURS for _ in range(8 - used.count(c) - setup["bag"][c])
    ]


# -- When: playing --------------------------------------------------------------------------------
@when(parsers.parse("the dice drawn are {dice}"))
def draws(masai: MasaiTable, dice: str) -> None:
    masai.chance(*(f"draw {d}" for d in notation.dice(dice)))


@when(parsers.parse("{who} takes {die} as the key of the {colour} sector"))
def take_key(masai: MasaiTable, who: str, die: str, colour: str) -> None:
    masai.decide(who, key_action(parse_die(die), COLOURS.index(colour)))


@when(parsers.parse("{who} places {die} turned to {face:d} on {slot}"))
def place_turned(masai: MasaiTable, who: str, die: str, face: int, slot: str) -> None:
    masai.decide(who, place_action(parse_die(die), masai.die_slot(slot), face))


@when(parsers.parse("{who} places no seed"))
def no_seed(masai: MasaiTable, who: str) -> None:
    masai.decide(who, NO_SEED)


@when(parsers.re(r"(?P<who>\w+) places (?P<die>\w+ \d) on (?P<slot>\S+)$"))
def place(masai: MasaiTable, who: str, die: str, slot: str) -> None:
    masai.decide(who, place_action(parse_die(die), masai.die_slot(slot)))


@when(parsers.parse("{who} puts a seed on {seed}"))
def put_seed(masai: MasaiTable, who: str, seed: str) -> None:
    masai.decide(who, seed_action(masai.seed_slot(seed)))


@when(parsers.parse("{who} moves the key of the {colour} sector to {slot}"))
def move_key(masai: MasaiTable, who: str, colour: str, slot: str) -> None:
    masai.decide(who, move_key_action(COLOURS.index(colour), masai.die_slot(slot)))


def repair_of(masai: MasaiTable, slot: str, source: str) -> int:
    where = {"the pool": FROM_POOL, "the discard": FROM_DISCARD}.get(source)
    if where is None:
        where = 2 + masai.die_slot(source)
    return repair_action(masai.die_slot(slot), where)


@when(parsers.parse("{who} repairs {slot} with the {die} from {source}"))
def repair(masai: MasaiTable, who: str, slot: str, die: str, source: str) -> None:
    masai.decide(who, repair_of(masai, slot, source))


@when(parsers.re(r"(?P<who>\w+) passes$"))
def passes(masai: MasaiTable, who: str) -> None:
    masai.decide(who, PASS)


@when("the rest of the round is played out with passes")
def everyone_passes(masai: MasaiTable) -> None:
    state = masai.state
    round_now = state.round
    while state.phase == "key" and state.round == round_now:
        state.apply_action(PASS)


# -- When: requests the rules refuse --------------------------------------------------------------
@when(parsers.parse("{who} tries to take {die} as the key of the {colour} sector"))
def try_key(masai: MasaiTable, who: str, die: str, colour: str) -> None:
    masai.attempt(lambda: masai.decide(who, key_action(parse_die(die), COLOURS.index(colour))))


@when(parsers.parse("{who} tries to place {die} turned to {face:d} on {slot}"))
def try_place_turned(masai: MasaiTable, who: str, die: str, face: int, slot: str) -> None:
    masai.attempt(
        lambda: masai.decide(who, place_action(parse_die(die), masai.die_slot(slot), face))
    )


@when(parsers.re(r"(?P<who>\w+) tries to place (?P<die>\w+ \d) on (?P<slot>\S+)$"))
def try_place(masai: MasaiTable, who: str, die: str, slot: str) -> None:
    masai.attempt(lambda: masai.decide(who, place_action(parse_die(die), masai.die_slot(slot))))


@when(parsers.parse("{who} tries to put a seed on {seed}"))
def try_seed(masai: MasaiTable, who: str, seed: str) -> None:
    masai.attempt(lambda: masai.state.apply_action(seed_action(masai.seed_slot(seed))))


@when(parsers.parse("{who} tries to move the key of the {colour} sector to {slot}"))
def try_move_key(masai: MasaiTable, who: str, colour: str, slot: str) -> None:
    masai.attempt(
        lambda: masai.decide(who, move_key_action(COLOURS.index(colour), masai.die_slot(slot)))
    )


@when(parsers.parse("{who} tries to repair {slot} with the {die} from {source}"))
def try_repair(masai: MasaiTable, who: str, slot: str, die: str, source: str) -> None:
    masai.attempt(lambda: masai.decide(who, repair_of(masai, slot, source)))


@when(parsers.parse("{who} tries to pass"))
def try_pass(masai: MasaiTable, who: str) -> None:
    masai.attempt(lambda: masai.decide(who, PASS))


@when(parsers.parse("a further die is drawn: {die}"))
def force_draw(masai: MasaiTable, die: str) -> None:
    kind = parse_die(notation.die(die))

    def draw() -> None:
        masai.state.apply_action(draw_action(kind))
        masai.forced_outcomes.append(f"draw {die}")

    masai.attempt(draw)


@when(parsers.parse("a {n:d}-player game of Masai is requested"))
def request_game(masai: MasaiTable, n: int) -> None:
    masai.request(lambda: engine.load_game("masai", players=n))


@when(parsers.parse("a position with {n:d} {colour} dice in the pool is described"))
def describe_impossible(masai: MasaiTable, n: int, colour: str) -> None:
    masai.request(lambda: masai.game.state_from_dict({"pool": [f"{colour} 1"] * n}))


def load_edited_board(masai: MasaiTable, edit: Callable[[dict[str, Any]], None]) -> None:
    data = shipped_board_data()
    edit(data)
    masai.request(lambda: engine.load_game("masai", players=2, board=data))


def seed_entry(data: dict[str, Any], seed: str) -> dict[str, Any]:
    entry: dict[str, Any] = next(s for s in data["seed_slots"] if s["id"] == seed)
    return entry


@when(parsers.parse("a board is loaded in which die slot {slot} is also listed in area {area}"))
def board_slot_in_two_areas(masai: MasaiTable, slot: str, area: str) -> None:
    def edit(data: dict[str, Any]) -> None:
        entry = next(a for a in data["areas"] if a["id"] == area)
        entry["die_slots"][0] = slot

    load_edited_board(masai, edit)


@when(parsers.parse("a board is loaded in which seed slot {seed} joins no die slot"))
def board_seed_joined_to_nothing(masai: MasaiTable, seed: str) -> None:
    load_edited_board(masai, lambda data: seed_entry(data, seed).__setitem__("joins", []))


@when(parsers.parse("a board is loaded in which seed slot {seed} joins die slot {slot}"))
def board_seed_joins(masai: MasaiTable, seed: str, slot: str) -> None:
    load_edited_board(masai, lambda data: seed_entry(data, seed).__setitem__("joins", [slot]))


# -- Then: the board ------------------------------------------------------------------------------
@then(
    parsers.parse(
        "the board has {sectors:d} sectors, {areas:d} areas, {dice:d} die slots and "
        "{seeds:d} seed slots"
    )
)
def board_counts(masai: MasaiTable, sectors: int, areas: int, dice: int, seeds: int) -> None:
    board = masai.game.board
    actual = (len(board.necklace), len(board.area_ids), board.num_die_slots, board.num_seed_slots)
    assert actual == (sectors, areas, dice, seeds), actual


@then("every area has 3 die slots and 3 seed slots")
def area_sizes(masai: MasaiTable) -> None:
    board = masai.game.board
    for a, ident in enumerate(board.area_ids):
        assert (len(board.area_dice[a]), len(board.area_seeds[a])) == (3, 3), ident


@then("the board is marked unverified")
def board_unverified(masai: MasaiTable) -> None:
    assert masai.game.board.verified is False


@then("every sector has one area on the inner line and one on the outer line")
def sector_lines(masai: MasaiTable) -> None:
    board = masai.game.board
    for sector in range(6):
        lines = sorted(board.die_line[board.area_dice[a][0]] for a in board.sector_areas[sector])
        assert lines == [0, 1], COLOURS[sector]


@then(parsers.parse("area {area} is on the {line} line"))
def area_line(masai: MasaiTable, area: str, line: str) -> None:
    board = masai.game.board
    a = board.area_index[area]
    for d in board.area_dice[a]:
        assert LINES[board.die_line[d]] == line, board.die_ids[d]
    for s in board.area_seeds[a]:
        assert LINES[board.seed_line[s]] == line, board.seed_ids[s]


# -- Then: dice and seeds -------------------------------------------------------------------------
@then(parsers.parse("the bag holds {counts} dice"))
def bag_holds(masai: MasaiTable, counts: str) -> None:
    bag = masai.state.bag()
    if counts.strip().isdigit():
        assert sum(bag.values()) == int(counts), f"the bag holds {sum(bag.values())} dice"
    else:
        assert bag == notation.bag(counts), f"the bag holds {bag}"


@then("the pool is empty")
def pool_empty(masai: MasaiTable) -> None:
    actual = masai.state.pool()
    if actual:
        masai.expect(lambda data: data.__setitem__("pool", []))
    assert actual == [], f"the pool holds {actual}"


@then(parsers.re(r"the pool holds (?P<n>\d+) dice"))
def pool_count(masai: MasaiTable, n: str) -> None:
    assert len(masai.state.pool()) == int(n), f"the pool holds {masai.state.pool()}"


@then(parsers.re(r"the pool holds (?P<dice>\D.*)"))
def pool_is(masai: MasaiTable, dice: str) -> None:
    actual = masai.state.pool()
    expected = sorted(notation.dice(dice), key=parse_die)
    if actual != expected:
        masai.expect(lambda data: data.__setitem__("pool", expected))
    assert actual == expected, actual


@then(parsers.parse("the discard holds {dice}"))
def discard_is(masai: MasaiTable, dice: str) -> None:
    actual = masai.state.discard()
    expected = sorted(notation.dice(dice), key=parse_die)
    if actual != expected:
        masai.expect(lambda data: data.__setitem__("discard", expected))
    assert actual == expected, f"the discard holds {actual}"


@then("the discard is empty")
def discard_empty(masai: MasaiTable) -> None:
    actual = masai.state.discard()
    if actual:
        masai.expect(lambda data: data.__setitem__("discard", []))
    assert actual == [], f"the discard holds {actual}"


@then(parsers.re(r"(?P<die>\w+ \d) is on (?P<slot>\S+)$"))
def die_is_on(masai: MasaiTable, die: str, slot: str) -> None:
    actual = masai.state.die_on(masai.die_slot(slot))
    if actual != die:
        masai.expect(lambda data: put_die_in_dict(masai, data, slot, die))
    assert actual == die, f"{slot} holds {actual or 'nothing'}"


@then(parsers.re(r"(?P<slot>[A-Z]+-(?:in|out)-d\d) is empty$"))
def slot_empty(masai: MasaiTable, slot: str) -> None:
    actual = masai.state.die_on(masai.die_slot(slot))
    if actual is not None:
        masai.expect(lambda data: put_die_in_dict(masai, data, slot, None))
    assert actual is None, f"{slot} holds {actual}"


@then(parsers.parse("the key of the {colour} sector is {die}"))
def key_is(masai: MasaiTable, colour: str, die: str) -> None:
    actual = masai.state.key_of(COLOURS.index(colour))
    if actual != die:
        masai.expect(lambda data: put_key_in_dict(data, colour, die))
    assert actual == die, f"the {colour} key is {actual}"


@then(parsers.parse("the {colour} sector has no key"))
def no_key(masai: MasaiTable, colour: str) -> None:
    actual = masai.state.key_of(COLOURS.index(colour))
    if actual is not None:
        masai.expect(lambda data: put_key_in_dict(data, colour, None))
    assert actual is None, f"the {colour} key is {actual}"


@then(parsers.parse("the {colour} sector is opened"))
def opened(masai: MasaiTable, colour: str) -> None:
    assert masai.state.is_opened(COLOURS.index(colour)), f"the {colour} sector is not opened"


@then(parsers.parse("{who}'s seeds are on {seeds}"))
def seeds_are_on(masai: MasaiTable, who: str, seeds: str) -> None:
    player = masai.player(who)
    board = masai.game.board
    actual = [board.seed_ids[s] for s in range(board.num_seed_slots)
              if masai.state.seed_on(s) == player]  # fmt: skip
    expected = notation.slots(seeds)
    if actual != expected:
        masai.expect(lambda data: put_seeds_in_dict(data, player, expected))
    assert actual == expected, f"{who}'s seeds are on {actual}"


# Expected positions, as edits of a `to_dict` description whose bag is left out: the engine
# fills the bag with the dice the edit leaves over, and refuses an edit that needs too many.
def take_die(data: dict[str, Any], die: str, sector_slots: list[str]) -> None:
    """A die the expected position adds comes from the pool or the discard if it is there,
    else from a slot of the same sector (where a face cannot show twice), else the bag."""
    for place in ("pool", "discard"):
        if die in data[place]:
            data[place].remove(die)
            return
    for slot in sector_slots:
        if data["slots"].get(slot) == die:
            del data["slots"][slot]
            return


def put_die_in_dict(masai: MasaiTable, data: dict[str, Any], slot: str, die: str | None) -> None:
    """Edit a `to_dict` description: `slot` holds `die` (None: nothing)."""
    data["slots"].pop(slot, None)
    if die is None:
        return
    board = masai.game.board
    sector = board.die_sector[board.die_slot(slot)]
    take_die(data, die, [board.die_ids[d] for d in board.sector_dice[sector]])
    data["slots"][slot] = die
    if COLOURS[sector] not in data["opened"]:
        data["opened"].append(COLOURS[sector])


def put_key_in_dict(data: dict[str, Any], colour: str, die: str | None) -> None:
    """Edit a `to_dict` description: the sector's key is `die` (None: no key)."""
    data["keys"].pop(colour, None)
    if die is None:
        return
    take_die(data, die, [])
    data["keys"][colour] = die
    if colour not in data["opened"]:
        data["opened"].append(colour)


def put_seeds_in_dict(data: dict[str, Any], player: int, slots: list[str]) -> None:
    """Edit a `to_dict` description: the player's seeds are on exactly `slots`; seeds taken off
    the board go back to their owner's hand, seeds put on it come from the player's."""
    seeds = data["seeds"]
    for slot, owner in list(seeds.items()):
        if owner == player and slot not in slots:
            del seeds[slot]
            data["supply"][player] += 1
    for slot in slots:
        if seeds.get(slot) != player:
            if slot in seeds:
                data["supply"][seeds[slot]] += 1
            seeds[slot] = player
            data["supply"][player] -= 1


@then(parsers.parse("every player has {n:d} seeds left"))
def everyone_supply(masai: MasaiTable, n: int) -> None:
    actual = [masai.state.supply(p) for p in masai.players_list()]
    assert actual == [n] * len(actual), actual


@then(parsers.re(r"(?P<who>.+) has (?P<n>\d+) seeds? left$"))
def supply_is(masai: MasaiTable, who: str, n: str) -> None:
    player = masai.player(who)
    actual = masai.state.supply(player)
    if actual != int(n):
        masai.expect(lambda data: data["supply"].__setitem__(player, int(n)))
    assert actual == int(n), f"{who} has {actual} seeds left"


@then(parsers.re(r"(?P<who>.+) has used special action (?P<a>\d) (?P<n>\d+) times?$"))
def uses_are(masai: MasaiTable, who: str, a: str, n: str) -> None:
    actual = masai.state.special_uses(masai.player(who), int(a))
    assert actual == int(n), f"{who} has used special action {a} {actual} times"


# -- Then: draws, turns and choices ---------------------------------------------------------------
@then("the round's dice are being drawn")
def drawing(masai: MasaiTable) -> None:
    """MASAI-4.1: the dice are drawn before the round's first turn, so no turn is under way:
    the saved position shows no player's turn, key, special action, placement or pass."""
    assert masai.state.phase == "draw", f"next comes {masai.state.phase}"
    saved = masai.state.to_dict()
    none_yet = {"turn": 0, "key_sector": None, "special": 0, "placed": None, "passes": 0}
    under_way = {k: saved[k] for k in none_yet}
    assert under_way == none_yet, f"a turn is under way while drawing: {under_way}"


@then(parsers.parse("the next die drawn is {die} with probability {p}"))
def draw_probability(masai: MasaiTable, die: str, p: str) -> None:
    """Exact fractions; the floats that random play samples from must say the same."""
    exact = masai.state.chance_outcomes_exact()
    outcomes = {masai.state.action_to_string(a): q for a, q in exact}
    assert outcomes.get(f"draw {die}") == notation.probability(p), outcomes.get(f"draw {die}")
    floats = masai.state.chance_outcomes()
    assert [a for a, _ in floats] == [a for a, _ in exact], "the float outcomes differ"
    for (_, q), (_, f) in zip(exact, floats, strict=True):
        assert f == pytest.approx(float(q)), f"probability {f} in floats, {q} exact"


@then(parsers.parse("it is {who}'s turn"))
def turn_is(masai: MasaiTable, who: str) -> None:
    state = masai.state
    assert state.phase == "key", f"next comes {state.phase}"
    actual = state.turn_player
    assert actual == masai.player(who), f"it is {masai.name(actual or 0)}'s turn"


@then(parsers.parse("round {n:d} has begun"))
def round_is(masai: MasaiTable, n: int) -> None:
    assert masai.state.round == n, f"it is round {masai.state.round}"


@then(parsers.parse("the round's order is {names}"))
def order_is(masai: MasaiTable, names: str) -> None:
    actual = [masai.name(p) for p in masai.state.order]
    assert actual == shared.split_list(names), f"the order is {', '.join(actual)}"


@then(parsers.parse("the choices are {choices}"))
def choices_are(masai: MasaiTable, choices: str) -> None:
    actual = masai.state.legal_action_strings()
    assert actual == shared.split_list(choices), f"the choices are {', '.join(actual)}"


@then(parsers.parse('the choices include "{choice}"'))
def choices_include(masai: MasaiTable, choice: str) -> None:
    actual = masai.state.legal_action_strings()
    assert choice in actual, f"the choices are {', '.join(actual)}"


@then(parsers.parse('the choices do not include "{choice}"'))
def choices_exclude(masai: MasaiTable, choice: str) -> None:
    actual = masai.state.legal_action_strings()
    assert choice not in actual, f"the choices are {', '.join(actual)}"


@then(parsers.parse("the key of the {colour} sector may move to {slots}"))
def key_may_move_to(masai: MasaiTable, colour: str, slots: str) -> None:
    """MASAI-7.5: the empty slots special action 3 offers for this key, and no other."""
    board, legal = masai.game.board, set(masai.state.legal_actions())
    sector = COLOURS.index(colour)
    actual = [board.die_ids[d] for d in range(len(board.die_ids))
              if move_key_action(sector, d) in legal]  # fmt: skip
    assert actual == shared.split_list(slots), f"it may move to {', '.join(actual) or 'nowhere'}"


@then(parsers.parse("the seed choices are {choices}"))
def seed_choices(masai: MasaiTable, choices: str) -> None:
    listed = shared.split_list(choices.replace(" or ", ", "))
    expected = [c if c == "no seed" else f"seed on {c}" for c in listed]
    actual = masai.state.legal_action_strings()
    assert sorted(actual) == sorted(expected), f"the choices are {', '.join(actual)}"


def plain_placements(masai: MasaiTable) -> list[str]:
    assert masai.state.phase == "place", f"next comes {masai.state.phase}"
    names = masai.state.legal_action_strings()
    return sorted(n.removeprefix("place ") for n in names if "(special" not in n)


@then(parsers.parse("without a special action the only placement is {placement}"))
def only_placement(masai: MasaiTable, placement: str) -> None:
    assert plain_placements(masai) == [placement], plain_placements(masai)


@then(parsers.parse("without a special action the placements are {dice} on {slots}"))
def placements_are(masai: MasaiTable, dice: str, slots: str) -> None:
    dice_list = [d.strip() for d in dice.split(" or ")]
    slot_list = [s.strip() for s in slots.replace(" or ", ", ").split(",")]
    expected = sorted(f"{d} on {s}" for d in dice_list for s in slot_list)
    assert plain_placements(masai) == expected, plain_placements(masai)


# -- Then: scores ---------------------------------------------------------------------------------
@then(parsers.parse("{who} scores {n:d} points"))
def scores_points(masai: MasaiTable, who: str, n: int) -> None:
    last = masai.state.last_scored
    assert last is not None, "nobody has scored"
    assert last == (masai.player(who), n), f"{masai.name(last[0])} scored {last[1]} points"


@then(parsers.parse("{who}'s score is {n:d}"))
def score_is(masai: MasaiTable, who: str, n: int) -> None:
    player = masai.player(who)
    actual = masai.state.score(player)
    if actual != n and not masai.state.is_terminal():  # at the end, the final scoring adds on
        masai.expect(lambda data: data["scores"].__setitem__(player, n))
    assert actual == n, f"{who}'s score is {actual}"


@then(parsers.parse("the link of {who} holding {slot} is {slots}"))
def link_is(masai: MasaiTable, who: str, slot: str, slots: str) -> None:
    dice, _ = masai.state.link_of(masai.player(who), masai.die_slot(slot))
    actual = sorted(masai.game.board.die_ids[d] for d in dice)
    assert actual == sorted(notation.slots(slots)), actual


@then(parsers.parse("{who}'s best outer link is worth {n:d}"))
def best_link(masai: MasaiTable, who: str, n: int) -> None:
    actual = masai.state.best_outer_link(masai.player(who))
    assert actual == n, f"{who}'s best outer link is worth {actual}"


@then(parsers.parse("for area {area} {entries}"))
def area_scores(masai: MasaiTable, area: str, entries: str) -> None:
    state = masai.state
    assert state.is_terminal(), "the game is not over: areas are scored at the end"
    points = state.area_points(masai.game.board.area_index[area])
    for item in shared.split_list(entries):
        who, _, rest = item.partition(" scores ")
        assert points[masai.player(who)] == int(rest), f"{who} scores {points[masai.player(who)]}"


@then("the final scores are:")
def final_scores(masai: MasaiTable, datatable: list[list[str]]) -> None:
    final = masai.state.final_scores()
    assert final is not None, "the game is not over"
    header, *rows = datatable
    keys = {"instant": "instant", "outer link": "outer_link", "areas": "areas",
            "unused seeds": "unused_seeds", "total": "total"}  # fmt: skip
    for row in rows:
        who = row[0]
        actual = final[masai.player(who)]
        for column, value in zip(header[1:], row[1:], strict=True):
            got = actual[keys[column]]
            assert got == int(value), f"{who}'s {column}: {got}, not {value}"


@then(parsers.parse("{first} and {second} both have {n:d} points"))
def both_have(masai: MasaiTable, first: str, second: str, n: int) -> None:
    for who in (first, second):
        score_is(masai, who, n)


@then(parsers.parse("{who} wins"))
def wins(masai: MasaiTable, who: str) -> None:
    winner = masai.state.winner()
    assert winner == masai.player(who), f"the winner is {masai.name(winner or 0)}"
    assert masai.state.returns()[masai.player(who)] == 1.0


# -- Then: the end --------------------------------------------------------------------------------
ENDINGS = {
    "every die slot is filled": "slots full",
    "a player ran out of seeds": "out of seeds",
    "the necklace is blocked": "blocked",
}


@then(parsers.parse("the game is over because {reason}"))
def over_because(masai: MasaiTable, reason: str) -> None:
    assert masai.state.is_terminal(), f"the game goes on: next comes {masai.state.phase}"
    assert masai.state.ending == ENDINGS[reason], f"the game ended: {masai.state.ending}"
