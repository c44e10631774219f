"""The Mamey engine through the state protocol: properties over random play, and bad input."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

import engine
from engine import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    InvalidGameError,
    InvalidStateError,
    RandomSampler,
)
from engine.mamey import (
    HARVEST,
    RECEIVE,
    SALES,
    MameyGame,
    MameyState,
    draw_action,
    hire_action,
    sales_in_hand,
)
from tests.engines.helpers import (
    assert_round_trips,
    assert_seeded_playouts_repeat,
    load,
    parameter_set_id,
    states_of_random_games,
)

PARAMETER_SETS = [
    {"players": 2}, {"players": 3}, {"players": 4}, {"players": 3, "first_player": 2},
]  # fmt: skip


def mamey(**params: Any) -> MameyGame:
    return load(MameyGame, **params)


@pytest.fixture(scope="module", params=PARAMETER_SETS, ids=parameter_set_id)
def visited(request: pytest.FixtureRequest) -> list[MameyState]:
    return states_of_random_games(mamey(**request.param).new_initial_state, range(8))


def base_state(**extra: Any) -> dict[str, Any]:
    """A 4-player position in Ana's (player 0's) turn with every field holding one card."""
    data: dict[str, Any] = {
        "hands": [["red 3", "yellow 3", "blue 3"], ["green 1"], [], []],
        "fields": [
            {"face_up": [], "face_down": "blue 4"},
            {"face_up": [], "face_down": "red 2"},
            {"face_up": [], "face_down": "green 5"},
        ],
    }
    data.update(extra)
    return data


# -- the protocol over random play -------------------------------------------------------------
def test_random_games_end_with_a_winner(visited: list[MameyState]) -> None:
    game = visited[0].game
    for seed in range(5):
        final = RandomSampler(seed).play_out(game.new_initial_state())
        assert final.is_terminal() and final.current_player() == TERMINAL
        assert final.deck_size == 0 and final.final_turns == 0
        assert max(final.returns()) == 1.0 and final.legal_actions() == []
        assert [p for p, r in enumerate(final.returns()) if r] == final.winners()


def test_legal_actions_sorted_and_named_uniquely(visited: list[MameyState]) -> None:
    for state in visited:
        actions = state.legal_actions()
        assert actions and actions == sorted(set(actions))
        names = [state.action_to_string(a) for a in actions]
        assert len(set(names)) == len(names)
        assert [state.string_to_action(n) for n in names] == actions
        assert all(0 <= a < state.game.num_distinct_actions for a in actions)


def test_direct_validation_agrees_with_legal_actions(visited: list[MameyState]) -> None:
    """apply_action validates without listing every sale: it must accept exactly the legal set."""
    for state in visited[::7]:
        legal = set(state.legal_actions())
        for action in range(state.game.num_distinct_actions):
            assert (state._reason_illegal(action) is None) == (action in legal), (
                state.action_to_string(action),
                state.to_dict(),
            )


def test_chance_outcomes_are_exact_and_sum_to_one(visited: list[MameyState]) -> None:
    for state in visited:
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes_exact()
            assert sum(p for _, p in outcomes) == 1
            assert [a for a, _ in outcomes] == state.legal_actions()
            floats = state.chance_outcomes()
            assert [a for a, _ in floats] == [a for a, _ in outcomes]
            assert [p for _, p in floats] == pytest.approx([float(p) for _, p in outcomes])
            assert all(p == Fraction(state.deck()[a - draw_action(0)], state.deck_size)
                       for a, p in outcomes)  # fmt: skip
        else:
            assert state.chance_outcomes_exact() == [] and state.chance_outcomes() == []


def test_clone_and_dict_round_trip(visited: list[MameyState]) -> None:
    for state in visited[::3]:
        again = assert_round_trips(state)
        assert again.legal_actions() == state.legal_actions()


def test_clone_is_independent() -> None:
    state = mamey(players=4).new_initial_state()
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert state.history() == [] and copy.history() != []
    assert state.deck_size == 60 and copy.deck_size == 59


def test_components_are_conserved(visited: list[MameyState]) -> None:
    for state in visited:
        game = state.game
        data = state.to_dict()
        places = [*data["deck"], *data["discard"]]
        for f in data["fields"]:
            places.extend(f["face_up"] + ([f["face_down"]] if f["face_down"] else []))
        for p in range(game.num_players):
            places.extend(data["hands"][p] + data["sold"][p])
            on_board = len(state.squares_of(p))
            assert state.cubes_in_hand(p) + state.cubes_in_stock(p) + on_board == 7
        expected = Counter({game.cards.name(t): n for t, n in enumerate(game.counts) if n})
        assert Counter(places) == expected
        for f in range(3):  # MAMEY-4.5: never more than one face-down card on a field
            assert data["fields"][f]["face_down"] is None or isinstance(
                data["fields"][f]["face_down"], str
            )


def test_seeded_playouts_repeat() -> None:
    assert_seeded_playouts_repeat(mamey(players=4))


def test_setup_deals_fields_then_two_cards_each() -> None:
    game = mamey(players=3, first_player=1)
    state = game.new_initial_state()
    for _ in range(3 + 2 * 3):
        assert state.current_player() == CHANCE
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1
    assert [state.hand_size(p) for p in range(3)] == [2, 2, 2]
    assert all(state.field(f)[1] is not None for f in range(3))
    assert state.deck_size == 60 - 9
    assert [state.cubes_in_hand(p) for p in range(3)] == [5, 5, 5]


# -- the sets a hand allows ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_turns_count_the_turns_begun_one_per_turn(players: int) -> None:
    """MameyState.turns is 0 while the set-up cards are dealt (MAMEY-2.6), 1 in the start
    player's first turn, and one more each time the turn passes clockwise (MAMEY-3.1)."""
    state = mamey(players=players).new_initial_state()
    seen: list[tuple[int, int]] = []
    RandomSampler(5).play_out(state, lambda s, a: seen.append((s.turns, s.turn_player)))
    seen.append((state.turns, state.turn_player))
    begun = [k for k, (turns, _) in enumerate(seen) if turns]
    assert begun and all(turns == 0 for turns, _ in seen[: begun[0]])
    assert seen[begun[0]] == (1, state.game.first_player)
    for (turns, player), (after, next_player) in itertools.pairwise(seen[begun[0] :]):
        assert after == turns + (next_player != player)
    assert seen[-1][0] > players


def test_sales_in_hand_agree_with_every_possible_set() -> None:
    """The fast generator finds exactly the sets whose cards the hand holds (random hands)."""
    game = mamey(players=4)
    deck = [t for t, n in enumerate(game.counts) for _ in range(n)]
    rng = random.Random(5)
    for _ in range(400):
        cards = rng.sample(deck, rng.randint(0, 14))
        hand = [cards.count(t) for t in range(len(game.counts))]
        expected = sorted(
            i
            for i, sale in enumerate(SALES)
            if all(hand[c] >= sale.cards.count(c) for c in set(sale.cards))
        )
        assert sorted(sales_in_hand(hand)) == expected


def test_a_game_remembers_the_sales_of_recent_hands_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """`MameyGame.sales_in_hand` gives what `sales_in_hand` gives, and forgets hands beyond
    its bound."""
    monkeypatch.setattr(engine.mamey.game, "SALES_MEMO", 5)
    game = mamey(players=4)
    deck = [t for t, n in enumerate(game.counts) for _ in range(n)]
    rng = random.Random(7)
    for _ in range(60):
        cards = rng.sample(deck, rng.randint(0, 10))
        hand = [cards.count(t) for t in range(len(game.counts))]
        assert list(game.sales_in_hand(hand)) == sales_in_hand(hand)
        assert list(game.sales_in_hand(hand)) == sales_in_hand(hand)  # remembered
        assert len(game._sales) <= 5


def test_set_table_has_every_kind_and_size() -> None:
    sizes = {(s.row, s.size) for s in SALES}
    assert sizes == {("run", n) for n in range(2, 7)} | {
        ("same colour", n) for n in range(2, 6)
    } | {("same number", n) for n in range(2, 5)}
    assert len({(s.row, s.cards) for s in SALES}) == len(SALES)


@pytest.mark.parametrize(
    ("row", "cards", "ok"),
    [
        ("run", ["red 1", "red Joker", "red 3"], True),
        ("run", ["red 2", "red 5", "red Joker"], False),
        ("run", ["red 4", "red 5", "red Joker"], True),  # the Joker as 3 or as 6
        ("run", ["red 1", "red 2", "red 3", "red 4", "red 5", "red Joker"], True),
        ("run", ["red 3", "red 3"], False),
        ("same colour", ["red 3", "red 3", "red 3", "red 3", "red Joker"], True),
        ("same colour", ["red 3", "red Joker"], True),
        ("same number", ["red Joker", "blue Joker", "green Joker", "yellow Joker"], True),
        ("same number", ["red 3", "red Joker"], False),
        ("same number", ["red 1", "yellow 1", "green 1", "blue 1"], True),
    ],
)
def test_what_counts_as_a_set(row: str, cards: list[str], ok: bool) -> None:
    game = mamey(players=4)
    types = [game.card(c) for c in cards]
    if ok:
        assert SALES[game.find_sale(row, types)].row == row
    else:
        with pytest.raises(ValueError, match="MAMEY-"):
            game.find_sale(row, types)


# -- hidden information ----------------------------------------------------------------------------
def swap(data: dict[str, Any], where: tuple[Any, ...], old: str, new: str) -> dict[str, Any]:
    """A copy of `data` with card `old` at `where` and a deck card `new` exchanged."""
    data = json.loads(json.dumps(data))
    holder: Any = data
    for key in where[:-1]:
        holder = holder[key]
    if isinstance(holder[where[-1]], list):
        holder[where[-1]].remove(old)
        holder[where[-1]].append(new)
    else:
        holder[where[-1]] = new
    data["deck"].remove(new)
    data["deck"].append(old)
    return data


def hidden_swaps(state: MameyState, viewer: int) -> list[dict[str, Any]]:
    """Positions that differ from `state` only in what `viewer` cannot see."""
    data = state.to_dict()
    if not data["deck"]:
        return []
    out = []
    for p in range(state.game.num_players):
        for old in data["hands"][p] if p != viewer else []:
            new = next((d for d in data["deck"] if d != old), None)
            if new:
                out.append(swap(data, ("hands", p), old, new))
                break
        if state.phase != "over":  # sold cards stay hidden, from their seller too
            for old in data["sold"][p]:
                new = next((d for d in data["deck"] if d != old), None)
                if new:
                    out.append(swap(data, ("sold", p), old, new))
                    break
    for f, field in enumerate(data["fields"]):
        checking = state.checking == f and state.current_player() == viewer
        old = field["face_down"]
        if old and not checking:
            new = next((d for d in data["deck"] if d != old), None)
            if new:
                out.append(swap(data, ("fields", f, "face_down"), old, new))
    return out


def test_observations_hide_hands_face_down_cards_sold_cards_and_the_deck(
    visited: list[MameyState],
) -> None:
    for state in visited[::5]:
        if state.phase == "draw":
            continue
        for viewer in range(state.game.num_players):
            seen = state.observation_string(viewer)
            for variant in hidden_swaps(state, viewer):
                other = state.game.state_from_dict(variant)
                assert other.observation_string(viewer) == seen
                assert other.view(viewer) == state.view(viewer)


def test_own_hand_and_checked_field_are_visible() -> None:
    game = mamey(players=4)
    state = game.state_from_dict(base_state())
    assert "hand red 3, yellow 3, blue 3;" in state.observation_string(0)
    assert "player 0: hand 3 cards;" in state.observation_string(1)
    state.apply_action(HARVEST)
    assert "face down blue 4 (you are checking it)" in state.observation_string(0)
    assert "blue 4" not in state.observation_string(1)
    assert "field 1: 1 face-down card" in state.observation_string(1)


def test_observation_checks_the_player() -> None:
    state = mamey(players=4).state_from_dict(base_state())
    with pytest.raises(InvalidStateError, match="no player 4"):
        state.observation_string(4)


# -- illegal actions -------------------------------------------------------------------------------
def test_illegal_action_names_action_player_and_legal_set() -> None:
    state = mamey(players=4).state_from_dict(base_state())
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(hire_action(state.game.card("blue 5")))
    message = str(caught.value)
    assert "MAMEY-7.1: player 0 holds no blue 5 to discard" in message
    assert "hire, discarding blue 5" in message and "by player 0" in message
    assert "harvest" in caught.value.legal
    assert state.to_dict() == before


def test_selling_cards_not_held_is_refused() -> None:
    state = mamey(players=4).state_from_dict(base_state())
    before = state.to_dict()
    action = state.sale_action("same number", ["red 3", "yellow 3", "green 3"], 6)
    with pytest.raises(IllegalActionError, match="does not hold the cards to sell: green 3"):
        state.apply_action(action)
    assert state.to_dict() == before


def test_selling_with_a_cube_one_does_not_have_is_refused() -> None:
    data = base_state(cubes_in_hand=[0, 4, 4, 4], cubes_in_stock=[7, 3, 3, 3])
    state = mamey(players=4).state_from_dict(data)
    before = state.to_dict()
    action = state.sale_action("same number", ["red 3", "yellow 3", "blue 3"], 6)
    with pytest.raises(
        IllegalActionError, match=re.escape("MAMEY-5.3: player 0 has no Merchant cube")
    ):
        state.apply_action(action)
    assert state.to_dict() == before


def test_joker_without_a_spare_cube_is_refused() -> None:
    data = base_state(cubes_in_hand=[1, 4, 4, 4], cubes_in_stock=[6, 3, 3, 3])
    data["hands"][0] = ["red 3", "yellow Joker", "blue Joker"]
    state = mamey(players=4).state_from_dict(data)
    action = state.sale_action("same number", ["red 3", "yellow Joker", "blue Joker"], 6)
    with pytest.raises(
        IllegalActionError, match=re.escape("needs 3 cubes (2 Joker(s) + 1 for the board)")
    ):
        state.apply_action(action)


def test_a_set_that_breaks_the_rules_is_refused_by_name() -> None:
    state = mamey(players=4).state_from_dict(base_state())
    with pytest.raises(IllegalActionError, match="no kind of set is called 'pair'"):
        state.sale_action("pair", ["red 3", "yellow 3"], 3)
    with pytest.raises(IllegalActionError, match="no card called 'purple 3'"):
        state.sale_action("same number", ["red 3", "purple 3"], 3)
    with pytest.raises(
        IllegalActionError, match=re.escape("MAMEY-1.1: there are only 1 red Joker")
    ):
        state.sale_action("same colour", ["red Joker", "red Joker"], 3)


@pytest.mark.parametrize(
    ("phase_actions", "action", "message"),
    [
        ([], RECEIVE, "MAMEY-4.2: fields are received or returned only while harvesting"),
        ([], draw_action(0), "no card is being taken from the deck now"),
        ([HARVEST], HARVEST, "MAMEY-4.2: player 0 is checking field 1"),
        ([HARVEST, RECEIVE], HARVEST, "a card is taken from the deck next (chance)"),
        ([], -1, "-1 is not an action of mamey"),
        ([], 10**6, "1000000 is not an action of mamey"),
    ],
)
def test_actions_out_of_place_are_refused(
    phase_actions: list[int], action: int, message: str
) -> None:
    state = mamey(players=4).state_from_dict(base_state())
    for earlier in phase_actions:
        state.apply_action(earlier)
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(action)
    assert message in str(caught.value)
    assert state.to_dict() == before


def test_a_card_not_in_the_deck_cannot_be_drawn() -> None:
    data = base_state()
    data["hands"][1] = ["red 5", "red 5"]
    state = mamey(players=4).state_from_dict(data)
    state.apply_action(HARVEST)
    state.apply_action(RECEIVE)
    with pytest.raises(
        IllegalActionError, match=re.escape("MAMEY-1.1: no red 5 is left in the deck")
    ):
        state.apply_action(draw_action(state.game.card("red 5")))


def test_acting_after_the_end_is_refused() -> None:
    final = RandomSampler(3).play_out(mamey(players=4).new_initial_state())
    with pytest.raises(IllegalActionError, match="the game is over"):
        final.apply_action(HARVEST)


def test_unknown_action_name_is_refused() -> None:
    state = mamey(players=4).state_from_dict(base_state())
    with pytest.raises(IllegalActionError, match="no legal action is called 'jump'"):
        state.string_to_action("jump")
    assert state.string_to_action("harvest") == HARVEST


# -- bad games and bad states ----------------------------------------------------------------------
@pytest.mark.parametrize("players", [0, 1, 5, "4", True])
def test_player_count_outside_two_to_four(players: Any) -> None:
    with pytest.raises(InvalidGameError, match="mamey"):
        engine.load_game("mamey", players=players)


@pytest.mark.parametrize("first", [-1, 4, "0", True])
def test_first_player_must_be_a_player(first: Any) -> None:
    with pytest.raises(
        InvalidGameError, match=re.escape("first_player must be a player index 0..3")
    ):
        engine.load_game("mamey", players=4, first_player=first)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hands": [["red 1", "red 1", "red 1"], [], [], []]},
         "red 1 appears 3 times (player 0's hand) but the 4-player game has 2"),
        ({"sold": [["red Joker"], ["red Joker"], [], []]},
         "red Joker appears 2 times (player 0's sold cards, player 1's sold cards)"),
        ({"discard": ["blue 4", "blue 4", "blue 4"]},
         "blue 4 appears 4 times (field 1 (face down), the discard pile) but the 4-player game "
         "has 3"),
        ({"deck": ["red 1"]},
         "cards missing from hands, fields, deck, discard and sold piles: 1 x red 1, 2 x red 2"),
        ({"hands": [["purple 3"], [], [], []]}, "no card called 'purple 3'"),
        ({"hands": [[], []]}, "hands must have one entry for each of the 4 players"),
        ({"cubes_in_hand": [5, 4, 4, 4], "cubes_in_stock": [3, 3, 3, 3]},
         "player 0 has 5 cubes in hand, 3 in stock and 0 on the board, but each player has 7"),
        ({"board": [{"row": "same number", "cards": 3, "square": 1, "player": 0},
                    {"row": "same number", "cards": 3, "square": 1, "player": 1}]},
         "MAMEY-5.4: the 6 of same number / 3 cards holds two cubes"),
        ({"board": [{"row": "same number", "cards": 5, "square": 1, "player": 0}]},
         "no cell same number / 5 cards"),
        ({"board": [{"row": "same number", "cards": 3, "square": 3, "player": 0}]},
         "the square of same number / 3 cards must be a whole number from 1 to 2"),
        ({"fields": [{"face_up": [], "face_down": None}] * 3}, "field 1 is vacant but the deck"),
        ({"phase": "check", "field": 2},
         "field 1 was returned face up before field 2 is checked"),
        ({"phase": "check"}, "field (the field being checked) must be a whole number"),
        ({"phase": "draw"}, "phase 'draw' needs cards due"),
        ({"draws": ["field 1"]}, "cards are due from the deck only in phase 'draw'"),
        ({"draws": ["hand 1"], "phase": "draw"}, "a draw goes to 'field N' or 'player N'"),
        ({"phase": "over"}, "the game is over only after the last of the final turns"),
        ({"phase": "sleep"}, "phase must be one of"),
        ({"turns": 0}, "turns is 0 only while the set-up cards are dealt"),
        ({"players": 3}, "players is 3 but the game was created with players=4"),
        ({"game": "mahe"}, "this is a Mamey game, not 'mahe'"),
        ({"speed": 3}, "unknown field(s) speed"),
        ({"history": [-1]}, "an action in history must be a whole number"),
    ],
)  # fmt: skip
def test_from_dict_refuses_impossible_states(change: dict[str, Any], message: str) -> None:
    data = base_state(**change)
    with pytest.raises(InvalidStateError) as caught:
        mamey(players=4).state_from_dict(data)
    assert message in str(caught.value)


VACANT: list[dict[str, Any]] = [{"face_up": [], "face_down": None}] * 3


@pytest.mark.parametrize(
    ("draws", "extra", "message"),
    [
        (["player 0"], {}, "no harvest leaves player 0 due"),
        (["field 2", "field 1"], {}, "no harvest leaves field 2, field 1 due"),
        (["field 1", "field 3"], {}, "no harvest leaves field 1, field 3 due"),
        (["player 1", "field 1", "field 2", "field 3"], {}, "a card to player 0 (whose turn"),
        (["field 1", "field 2", "field 3", "player 0"], {}, "no harvest leaves"),
        (["player 0", "field 1"], {"turns": 0}, "during the set-up the cards due are the rest"),
        (["field 3", "player 1", "player 1"], {"turns": 0}, "not field 3, player 1, player 1"),
    ],
)  # fmt: skip
def test_from_dict_refuses_draws_no_game_makes(
    draws: list[str], extra: dict[str, Any], message: str
) -> None:
    """Issue 28: the reader took any list of draws, so a mutant of _continue_draws that
    differs only on such lists passed for equivalent; ["player 0"] alone with one card left
    even led, by the only legal draw, to a position the reader refuses."""
    data = base_state(fields=VACANT, phase="draw", draws=draws, **extra)
    with pytest.raises(InvalidStateError) as caught:
        mamey(players=4).state_from_dict(data)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("draws", "extra"),
    [
        (["field 1", "field 2", "field 3"], {}),
        (["field 2", "field 3"], {}),
        (["field 2"], {}),
        (["player 0", "field 1", "field 2", "field 3"], {}),
        (["player 1", "field 1", "field 2", "field 3"], {"turn_player": 1}),
        (["field 3", "player 2", "player 2", "player 3", "player 3", "player 0", "player 0",
          "player 1", "player 1"], {"turns": 0, "first_player": 2}),
        (["player 3"], {"turns": 0}),
    ],
)  # fmt: skip
def test_from_dict_takes_the_draws_play_makes(draws: list[str], extra: dict[str, Any]) -> None:
    first = extra.pop("first_player", 0)
    game = mamey(players=4, first_player=first)
    state = game.state_from_dict(base_state(fields=VACANT, phase="draw", draws=draws, **extra))
    assert state.to_dict()["draws"] == draws


def test_from_dict_refuses_a_set_up_deck_too_small_for_the_set_up() -> None:
    """MAMEY-2.2: the set-up deals 3 + 2 x players cards; a deck holding fewer cannot be
    the game's deck in the set-up (the reader took it, and a mutant ending the game on an
    empty set-up deck then passed for equivalent)."""
    game = mamey(players=4)
    everything = sorted(
        Counter({game.cards.name(t): n for t, n in enumerate(game.counts)}).elements()
    )
    held = ["red 3", "yellow 3", "blue 3", "green 1"]
    rest = list((Counter(everything) - Counter(held)).elements())
    setup = base_state(
        fields=VACANT, phase="draw", turns=0, draws=["player 3", "player 3"],
        deck=rest[:1], discard=rest[1:],
    )  # fmt: skip
    with pytest.raises(InvalidStateError) as caught:
        game.state_from_dict(setup)
    assert "the set-up still deals 2 cards but the deck holds 1" in str(caught.value)
    setup.update(deck=rest[:2], discard=rest[2:])
    assert game.state_from_dict(setup).deck_size == 2


def test_from_dict_requires_the_end_once_the_deck_is_empty() -> None:
    game = mamey(players=4)
    placed = Counter(["red 3", "yellow 3", "blue 3", "green 1", "blue 4", "red 2", "green 5"])
    everything = Counter({game.cards.name(t): n for t, n in enumerate(game.counts)})
    rest = sorted((everything - placed).elements())
    with pytest.raises(InvalidStateError, match=re.escape("MAMEY-8.1: the deck is empty")):
        game.state_from_dict(base_state(deck=[], discard=rest))
    state = game.state_from_dict(base_state(deck=[], discard=rest, final_turns=2))
    assert state.final_turns == 2 and state.deck_size == 0


def test_from_dict_with_every_card_listed_round_trips() -> None:
    state = mamey(players=2).new_initial_state()
    RandomSampler(4).play_out(state)
    data = state.to_dict()
    assert state.game.state_from_dict(data) == state
    duplicated = json.loads(json.dumps(data))
    duplicated["discard"].append(duplicated["discard"][0])
    with pytest.raises(InvalidStateError, match="card count does not add up"):
        state.game.state_from_dict(duplicated)


def test_two_player_deck_leaves_the_sprout_cards_out() -> None:
    game = mamey(players=2)
    assert game.deck_total == 60 - sum(game.cards.sprouts)
    assert all(c - s >= 0 for c, s in zip(game.cards.copies, game.cards.sprouts, strict=True))
    custom = game.cards.with_sprouts(["red 1", "red 1", "blue Joker"])
    game2 = MameyGame(players=2, cards=custom)
    assert game2.deck_total == 57
    assert game2.counts[game2.card("red 1")] == 0 and game2.counts[game2.card("red 3")] == 4
    assert MameyGame(players=3, cards=custom).deck_total == 60


def test_every_action_name_is_distinct_across_the_action_space() -> None:
    state = mamey(players=4).state_from_dict(base_state())
    names = [state.action_to_string(a) for a in range(state.game.num_distinct_actions)]
    real = [n for n in names if "no such square" not in n]
    assert len(set(real)) == len(real)


def test_all_sets_are_sold_as_distinct_multisets() -> None:
    per_row = Counter(s.row for s in SALES)
    assert per_row == {"run": 140, "same colour": 92, "same number": 316}
    assert all(len(s.cards) >= 2 for s in SALES)
    assert len(list(itertools.chain.from_iterable(s.cards for s in SALES))) > 0
