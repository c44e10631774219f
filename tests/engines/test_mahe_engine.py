"""The Mahé engine through the state protocol: properties over random play, and bad input."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from pathlib import Path
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
    State,
)
from engine.core import GameDataError
from engine.mahe import (
    ROLL,
    STOP,
    MaheGame,
    MaheState,
    card_action,
    destination,
    die_action,
    load_egg_deck,
    move_length,
    passes_beach,
)
from tests.engines.helpers import (
    assert_round_trips,
    assert_seeded_playouts_repeat,
    load,
    parameter_set_id,
    states_of_random_games,
)

PARAMETER_SETS = [
    {"players": 2}, {"players": 3}, {"players": 4}, {"players": 7},
    {"players": 2, "variant": True}, {"players": 5, "variant": True},
]  # fmt: skip


def mahe(**params: Any) -> MaheGame:
    return load(MaheGame, **params)


@pytest.fixture(scope="module", params=PARAMETER_SETS, ids=parameter_set_id)
def visited(request: pytest.FixtureRequest) -> list[MaheState]:
    return states_of_random_games(mahe(**request.param).new_initial_state, range(15))


# -- pure rule functions -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("start", "length", "end", "passes"),
    [
        (0, 1, 1, False), (0, 21, 21, True), (0, 20, 20, False), (20, 1, 21, True),
        (20, 4, 3, True), (17, 4, 21, True), (16, 4, 20, False), (21, 5, 5, False),
        (21, 20, 20, False), (21, 21, 21, True), (10, 21, 10, True), (1, 20, 21, True),
    ],
)  # fmt: skip
def test_destination_and_passing_the_beach(start: int, length: int, end: int, passes: bool) -> None:
    assert destination(start, length) == end
    assert passes_beach(start, length) is passes


def test_move_length_for_one_two_and_three_dice() -> None:
    assert [move_length([6]), move_length([4, 2]), move_length([2, 1, 4])] == [6, 12, 21]


# -- the protocol over random play ------------------------------------------------------------
def test_random_games_end_with_a_winner(visited: list[MaheState]) -> None:
    finals = [s for s in visited if s.phase == "over"]
    assert not finals  # play_out reports states before each action: never a terminal one
    game = visited[0].game
    for seed in range(5):
        final = RandomSampler(seed).play_out(game.new_initial_state())
        assert final.is_terminal() and final.current_player() == TERMINAL
        assert final.beach_player is not None and final.deck_size == 0
        assert max(final.returns()) == 1.0 and final.legal_actions() == []


def test_legal_actions_sorted_and_named_uniquely(visited: list[MaheState]) -> None:
    for state in visited:
        actions = state.legal_actions()
        assert actions and actions == sorted(set(actions))
        names = [state.action_to_string(a) for a in actions]
        assert len(set(names)) == len(names)
        assert [state.string_to_action(n) for n in names] == actions


def test_chance_outcomes_are_exact_and_sum_to_one(visited: list[MaheState]) -> None:
    for state in visited:
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes_exact()
            assert sum(p for _, p in outcomes) == 1
            assert [a for a, _ in outcomes] == state.legal_actions()
        else:
            assert state.chance_outcomes_exact() == []


def test_clone_and_dict_round_trip(visited: list[MaheState]) -> None:
    for state in visited[::3]:
        assert_round_trips(state)


def test_clone_is_independent() -> None:
    state = mahe(players=4).new_initial_state()
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert state.history() == [] and copy.history() != []
    assert state.current_player() == CHANCE


def test_components_are_conserved(visited: list[MaheState]) -> None:
    for state in visited:
        game = state.game
        seen = [v for p in range(game.num_players) for v in state.collected(p)] + state.used_cards
        if state.face_up_card is not None:
            seen.append(state.face_up_card)
        counts = [seen.count(v) + state.unseen_cards().get(v, 0) for v in range(1, 7)]
        assert counts == list(game.deck.counts[1:])
        places = [state.position(t) for t in range(game.num_turtles)]
        for t, space in enumerate(places):
            assert state.stack(space).count(t) == 1


@pytest.mark.parametrize("players", [2, 3, 5])
def test_turns_count_the_turns_begun_one_per_turn(players: int) -> None:
    """to_dict()["turns"] is 0 before the first turn, 1 in it, and one more each time the turn
    passes to the next player (MAHE-2.3); a player's second turtle (MAHE-8.2) is the same turn."""
    state = mahe(players=players).new_initial_state()
    seen: list[tuple[int, int]] = []
    RandomSampler(3).play_out(
        state, lambda s, a: seen.append((s.to_dict()["turns"], s.turn_player))
    )
    seen.append((state.to_dict()["turns"], state.turn_player))
    assert seen[0][0] == 0 and seen[1][0] == 1
    for (turns, player), (after, next_player) in itertools.pairwise(seen[1:]):
        assert after == turns + (next_player != player)
    assert seen[-1][0] > players


def test_illegal_action_names_action_player_and_legal_set() -> None:
    state = mahe(players=4).state_from_dict(
        {"face_up": 3, "phase": "decide", "mover": "blue", "dice": [2, 3]}
    )
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(card_action(1))
    message = str(caught.value)
    assert "card 1" in message and "player 0" in message and "legal: stop, roll" in message
    assert caught.value.legal == ("stop", "roll")
    assert state.to_dict() == before


def test_acting_after_the_end_is_refused() -> None:
    final = RandomSampler(3).play_out(mahe(players=4).new_initial_state())
    with pytest.raises(IllegalActionError, match="the game is over"):
        final.apply_action(STOP)


def test_unknown_action_name_is_refused() -> None:
    state = mahe(players=4).state_from_dict(
        {"face_up": 3, "phase": "decide", "mover": "blue", "dice": [2]}
    )
    with pytest.raises(IllegalActionError, match="no legal action is called 'jump'"):
        state.string_to_action("jump")
    assert state.string_to_action("roll") == ROLL


def test_reveal_probabilities_follow_the_unseen_cards() -> None:
    state = mahe(players=4).new_initial_state()
    assert state.chance_outcomes_exact() == [
        (21, Fraction(3, 24)), (22, Fraction(3, 24)), (23, Fraction(5, 24)),
        (24, Fraction(5, 24)), (25, Fraction(5, 24)), (26, Fraction(3, 24)),
    ]  # fmt: skip


def picks_around_the_sums(state: State) -> list[float]:
    """0, the highest pick below 1, and every cumulative sum of the float chances (summed in
    order, as the protocol sums them) with the floats either side of it."""
    picks, below = [0.0, 1 - 2**-53], 0.0
    for _, chance in state.chance_outcomes():
        below += chance
        picks += [math.nextafter(below, 0), below, math.nextafter(below, 1)]
    return [pick for pick in picks if 0 <= pick < 1]


def test_chance_picks_are_those_the_protocol_sums(visited: list[MaheState]) -> None:
    """MaheState.chance_outcome_at (dice looked up, cards summed in place) draws what
    State.chance_outcome_at draws from chance_outcomes(), at and around every boundary."""
    for state in visited:
        if state.current_player() == CHANCE:
            for pick in picks_around_the_sums(state):
                assert state.chance_outcome_at(pick) == State.chance_outcome_at(state, pick)


def test_card_picks_are_those_the_protocol_sums_for_every_mix_of_unseen_cards() -> None:
    """Every mix of unseen cards the deck allows, among them those whose float chances sum to
    less than 1 (a pick above the sum draws the last card that can come up)."""
    state, short = mahe(players=4).new_initial_state(), 0
    for counts in itertools.product(*(range(n + 1) for n in state.game.deck.counts)):
        if sum(counts) == 0:
            continue
        state._unseen = list(counts)
        short += sum(p for _, p in state.chance_outcomes()) < 1
        for pick in picks_around_the_sums(state):
            assert state.chance_outcome_at(pick) == State.chance_outcome_at(state, pick), counts
    assert short > 0


def test_observation_is_public_and_checks_the_player() -> None:
    state = mahe(players=4).state_from_dict({"face_up": 3, "collected": [[2], [], [], []]})
    assert "player 0: cards 2" in state.observation_string(1)
    with pytest.raises(InvalidStateError, match="no player 4"):
        state.observation_string(4)


def test_seeded_playouts_repeat() -> None:
    assert_seeded_playouts_repeat(mahe(players=4))


def test_die_outcome_in_a_decision_is_refused() -> None:
    state = mahe(players=4).state_from_dict(
        {"face_up": 3, "phase": "decide", "mover": "blue", "dice": [2]}
    )
    with pytest.raises(IllegalActionError, match="die 3"):
        state.apply_action(die_action(3))


# -- bad games and bad states -------------------------------------------------------------------
@pytest.mark.parametrize("players", [0, 1, 8, "4", True])
def test_player_count_outside_two_to_seven(players: Any) -> None:
    with pytest.raises(InvalidGameError, match="mahe"):
        engine.load_game("mahe", players=players)


def test_unknown_game_and_parameter() -> None:
    with pytest.raises(InvalidGameError, match="no game called 'chess'"):
        engine.load_game("chess")
    with pytest.raises(InvalidGameError, match="colour"):
        engine.load_game("mahe", players=4, colour="red")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"spaces": {"22": ["blue"]}}, "space 22 does not exist"),
        ({"spaces": {"0": ["blue"]}}, "space 0 does not exist"),
        ({"raft": ["blue"], "spaces": {"3": ["blue"]}}, "in two places: the raft and space 3"),
        ({"spaces": {"3": ["blue"], "4": ["blue"]}}, "in two places: space 3 and space 4"),
        ({"spaces": {"3": ["pink"]}}, "no 'pink' turtle in a 4-player game"),
        ({"raft": ["blue", "red", "yellow"]}, "green are nowhere"),
        ({"collected": [[6, 6], [6, 6], [], []]}, "4 cards showing 6 eggs"),
        (
            {"face_up": 6, "collected": [[1] * 3 + [2] * 3 + [3] * 5, [4] * 5 + [5] * 4, [], []]},
            "21 cards are collected",
        ),
        ({"deck": 5}, "deck is 5 but 20 cards in play - 1 seen leaves 19"),
        ({"collected": [[7], [], [], []]}, "from 1 to 6"),
        ({"collected": [[], []]}, "each of the 4 players"),
        ({"face_up": None}, "no card lies face up although 20 remain"),
        ({"players": 5}, "players is 5 but the game was created with players=4"),
        ({"speed": 3}, "unknown field(s) speed"),
        ({"used": [2]}, "only be used as dice in the variant"),
        ({"phase": "decide", "mover": "blue", "dice": [5, 4]}, "that move has already busted"),
        ({"phase": "decide", "mover": "red"}, "not player 0's"),
        ({"beach": 1}, "only reached after the last egg card"),
        ({"beach": 1, "phase": "first die", "mover": "blue"}, "exactly when a player holds"),
        ({"phase": "fly"}, "phase must be one of"),
    ],
)  # fmt: skip
def test_from_dict_refuses_impossible_states(data: dict[str, Any], message: str) -> None:
    base: dict[str, Any] = {"raft": ["blue", "red", "yellow", "green"], "face_up": 3}
    placed = {c for stack in data.get("spaces", {}).values() for c in stack}
    if "spaces" in data and "raft" not in data:
        base["raft"] = [c for c in base["raft"] if c not in placed]
    with pytest.raises(InvalidStateError) as caught:
        mahe(players=4).state_from_dict({**base, **data})
    assert message in str(caught.value)


# -- the egg-card data file -------------------------------------------------------------------
def test_shipped_deck_is_the_published_distribution() -> None:
    deck = load_egg_deck()
    assert deck.counts[1:] == (3, 3, 5, 5, 5, 3) and deck.in_play == 20 and not deck.verified


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[]", "expected a JSON object"),
        ('{"cards": {"1": 24, "7": 0}, "removed_unseen": 4}', "key '7'"),
        ('{"cards": {"1": 20, "2": 3}, "removed_unseen": 4}', "add up to 23"),
        ('{"cards": {"1": -1, "2": 25}, "removed_unseen": 4}', "whole number >= 0"),
        ('{"cards": {"1": 24}, "removed_unseen": 30}', "removed_unseen"),
        ('{"removed_unseen": 4}', "'cards' must map"),
    ],
)
def test_malformed_egg_card_file(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "eggs.json"
    path.write_text(text)
    with pytest.raises(GameDataError) as caught:
        load_egg_deck(path)
    assert message in str(caught.value) and str(path) in str(caught.value)
