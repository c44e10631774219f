"""The Mahola engine through the state protocol: properties over random play, and bad input."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    GameDataError,
    IllegalActionError,
    InvalidGameError,
    InvalidStateError,
    RandomSampler,
)
from engine.core import State
from engine.mahola import (
    ADJACENCY_READINGS,
    CARD_TOTAL,
    CHIEF_READINGS,
    KEEP,
    RULE_LINE_DANCES,
    SECONDARY_POINTS,
    SECONDARY_READINGS,
    Character,
    DanceCard,
    DanceScore,
    MaholaGame,
    MaholaState,
    adjacency_bonus,
    card_outcome,
    card_points,
    chief_points,
    load_components,
    matching_icons,
    parse_components,
    pass_action,
    place_action,
    play_action,
    secondary_points,
    shipped_data,
)
from tests.engines.helpers import (
    assert_round_trips,
    assert_seeded_playouts_repeat,
    load,
    parameter_set_id,
    states_of_random_games,
)

ROOT = Path(__file__).resolve().parents[2]
PARAMETER_SETS = [
    {"players": 3},
    {"players": 4},
    {"players": 4, "secondary": "named_dance", "adjacency": "any_card", "chief_count": "names"},
    {"players": 3, "adjacency": "same_colour", "chief_count": "icons"},
    {"players": 4, "adjacency": "same_animal"},
]


def mahola(**params: Any) -> MaholaGame:
    return load(MaholaGame, **params)


@pytest.fixture(scope="module", params=PARAMETER_SETS, ids=parameter_set_id)
def visited(request: pytest.FixtureRequest) -> list[MaholaState]:
    return states_of_random_games(mahola(**request.param).new_initial_state, range(4))


def end_of_round(phase: str, **changes: Any) -> dict[str, Any]:
    """4 players after turn 5: hands 0-19 (the Hunter, player 1, holds 40 too when the
    Characters act), tableaux 20-39."""
    hands = [list(range(5 * p, 5 * p + 5)) for p in range(4)]
    if phase == "abilities":
        hands[1].append(40)
    return {
        "phase": phase,
        "characters": ["Chief", "Hunter", "Maiden", "Shaman"],
        "hands": hands,
        "tableaux": [list(range(20 + 5 * p, 25 + 5 * p)) for p in range(4)],
        **changes,
    }


def play_state(players: int = 4) -> MaholaState:
    """Turn 2 about to be played: hands 0-4, 5-9, ...; tableaux 20, 21, ..."""
    return mahola(players=players).state_from_dict(
        {
            "phase": "play",
            "turn": 2,
            "hands": [list(range(5 * p, 5 * p + 5)) for p in range(players)],
            "tableaux": [[20 + p] for p in range(players)],
        }
    )


# -- the protocol over random play ------------------------------------------------------------
def test_random_games_end_with_three_tokens(visited: list[MaholaState]) -> None:
    game = visited[0].game
    for seed in range(3):
        final = RandomSampler(seed).play_out(game.new_initial_state())
        assert final.is_terminal() and final.current_player() == TERMINAL
        winner = final.winner
        assert winner is not None and final.tokens(winner) == 3
        assert sum(final.tokens(p) for p in range(game.num_players)) <= 9
        assert final.returns() == [1.0 if p == winner else 0.0 for p in range(game.num_players)]
        assert final.legal_actions() == [] and final.legal_actions(0) == []


def test_legal_actions_sorted_and_named_uniquely(visited: list[MaholaState]) -> None:
    for state in visited[::2]:
        players = range(state.game.num_players)
        who = list(players) if state.current_player() == SIMULTANEOUS else [CHANCE]
        for player in who:
            actions = state.legal_actions(player)
            assert actions and actions == sorted(set(actions))
            names = [state.action_to_string(a, player) for a in actions]
            assert len(set(names)) == len(names)
            assert [state.string_to_action(n, player) for n in names] == actions
            assert all(0 <= a < state.game.num_distinct_actions for a in actions)


def test_simultaneous_nodes_offer_nothing_without_a_player(visited: list[MaholaState]) -> None:
    for state in visited:
        if state.current_player() == SIMULTANEOUS:
            assert state.legal_actions() == []
        else:
            assert all(state.legal_actions(p) == [] for p in range(state.game.num_players))


def test_chance_outcomes_are_exact_and_sum_to_one(visited: list[MaholaState]) -> None:
    for state in visited:
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes_exact()
            assert sum(p for _, p in outcomes) == 1
            assert len({p for _, p in outcomes}) == 1  # every card or Character equally likely
            assert [a for a, _ in outcomes] == state.legal_actions()
            floats = state.chance_outcomes()
            assert [a for a, _ in floats] == [a for a, _ in outcomes]
            assert abs(sum(p for _, p in floats) - 1) < 1e-9
        else:
            assert state.chance_outcomes_exact() == [] and state.chance_outcomes() == []


def test_clone_and_dict_round_trip(visited: list[MaholaState]) -> None:
    for state in visited[::5]:
        assert_round_trips(state)


def test_every_card_is_in_exactly_one_place(visited: list[MaholaState]) -> None:
    for state in visited:
        players = range(state.game.num_players)
        places = [c for p in players for c in state.hand(p) + state.tableau(p)]
        places += [c for p in players if (c := state.played(p)) is not None]
        places += state.deck
        assert sorted(places) == list(range(CARD_TOTAL))


def test_hands_and_tableaux_follow_the_turn(visited: list[MaholaState]) -> None:
    for state in visited:
        players = range(state.game.num_players)
        tableaux = {len(state.tableau(p)) for p in players}
        assert len(tableaux) == 1
        if state.phase == "play":
            assert tableaux == {state.turn - 1}
            assert all(len(state.hand(p)) == 5 for p in players)
        if state.phase == "pass":
            assert tableaux == {state.turn} and all(len(state.hand(p)) == 4 for p in players)


def test_clone_is_independent() -> None:
    state = play_state()
    copy = state.clone()
    copy.apply_actions([play_action(0), play_action(5), play_action(10), play_action(15)])
    assert state.hand(0) == [0, 1, 2, 3, 4] and copy.hand(0) == [1, 2, 3, 4]
    assert state.history() == [] and copy.history() != []


# -- what a player sees -----------------------------------------------------------------------
def test_observation_hides_other_hands_characters_and_the_pile(visited: list[MaholaState]) -> None:
    for state in visited[::7]:
        if state.phase in ("deal characters", "over"):
            continue
        for viewer in range(state.game.num_players):
            seen = state.observation_string(viewer)
            for other in range(state.game.num_players):
                own = other == viewer
                for card in state.hand(other):
                    described = state.describe_card(card)
                    assert (f"{described}" in seen) == own or card in state.tableau(other)
            assert "draw pile: " in seen and f"cards ({state.deck[0]}" not in seen


def test_observation_does_not_change_with_what_a_player_cannot_see() -> None:
    state = play_state()
    before = state.observation_string(0)
    data = state.to_dict()
    data["hands"][1] = [30, 31, 32, 33, 34]  # Ben's hand changed, unseen by Ana
    data["characters"] = ["Chief", "Shaman", "Maiden", "Hunter"]
    other = state.game.state_from_dict(data)
    assert other.observation_string(0) == before
    assert other.observation_string(1) != state.observation_string(1)


def test_observation_checks_the_player() -> None:
    with pytest.raises(InvalidStateError, match="no player 4 in a 4-player game"):
        play_state().observation_string(4)


def test_characters_are_revealed_after_the_fifth_turn() -> None:
    state = mahola(players=4).state_from_dict(end_of_round("hunter draw"))
    assert state.characters_revealed
    assert "player 3: the Shaman" in state.observation_string(0)


# -- chance ------------------------------------------------------------------------------------
def test_a_round_starts_with_every_character_then_every_card_equally_likely() -> None:
    state = mahola(players=4).new_initial_state()
    assert state.chance_outcomes_exact() == [
        (state.string_to_action(f"deal the {c}", CHANCE), Fraction(1, 4))
        for c in ("Chief", "Hunter", "Maiden", "Shaman")
    ]
    for _ in range(4):
        state.apply_action(state.legal_actions()[-1])
    outcomes = state.chance_outcomes_exact()
    assert len(outcomes) == 44 and {p for _, p in outcomes} == {Fraction(1, 44)}
    assert outcomes[0][0] == card_outcome(0)


def test_seeded_playouts_repeat() -> None:
    assert_seeded_playouts_repeat(mahola(players=4))


# -- bad input: actions -------------------------------------------------------------------------
def test_joint_action_missing_a_player_changes_nothing() -> None:
    state = play_state()
    before = state.to_dict()
    with pytest.raises(IllegalActionError, match="one action for each of the 4 players, got 3"):
        state.apply_actions([play_action(0), play_action(5), play_action(10)])
    assert state.to_dict() == before


def test_a_card_played_twice_is_refused_naming_the_player_and_rule() -> None:
    state = play_state()
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_actions([play_action(0), play_action(0), play_action(10), play_action(15)])
    message = str(caught.value)
    assert "MAHOLA-3.1" in message and "card 0 is not in player 1's hand" in message
    assert "'play card 0' by player 1" in message and "legal: play card 5" in message
    assert caught.value.player == 1
    assert state.to_dict() == before


class Shifting(list[int]):
    """A joint action that reads as `legal` the first `honest` times it is iterated, and as
    `illegal` after: a caller's list changed while the engine was still reading it."""

    def __init__(self, legal: list[int], illegal: list[int], honest: int) -> None:
        super().__init__(legal)
        self.variants, self.honest, self.reads = (legal, illegal), honest, 0

    def __iter__(self):  # type: ignore[no-untyped-def]
        self.reads += 1
        return iter(self.variants[self.reads > self.honest])


def test_a_joint_action_is_read_once_and_what_was_checked_is_played() -> None:
    legal = [play_action(0), play_action(5), play_action(10), play_action(15)]
    illegal = [play_action(0), play_action(0), play_action(10), play_action(15)]
    reads = []
    for honest in range(6):
        state = play_state()
        shifting = Shifting(legal, illegal, honest)
        try:
            state.apply_actions(shifting)
        except IllegalActionError:
            assert state == play_state(), f"changed by a refused joint action ({honest} reads)"
        else:
            assert state.history()[-4:] == legal, f"played what was not checked ({honest} reads)"
        reads.append(shifting.reads)
    assert max(reads) == 1, f"the joint action was read {max(reads)} times"


def test_changing_the_joint_action_afterwards_changes_nothing() -> None:
    state = play_state()
    actions = [play_action(0), play_action(5), play_action(10), play_action(15)]
    state.apply_actions(actions)
    after = state.to_dict()
    actions[:] = [play_action(1)] * 4
    assert state.to_dict() == after


def test_a_middle_position_is_refused() -> None:
    state = mahola(players=3).state_from_dict(
        {
            "phase": "place",
            "turn": 3,
            "hands": [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]],
            "tableaux": [[20, 21], [22, 23], [24, 25]],
            "played": [30, 31, 32],
        }
    )
    before = state.to_dict()
    with pytest.raises(IllegalActionError, match="never between two cards"):
        state.apply_actions([place_action(1), place_action(0), place_action(2)])
    assert state.to_dict() == before
    assert state.legal_action_strings(0) == ["place at the left end", "place at the right end"]


def test_passing_a_card_twice_or_one_not_held_is_refused() -> None:
    state = mahola(players=3).state_from_dict(
        {
            "phase": "pass",
            "hands": [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]],
            "tableaux": [[20], [21], [22]],
        }
    )
    ok = [pass_action(4, 5), pass_action(8, 9)]
    with pytest.raises(IllegalActionError, match="not card 0 twice"):
        state.apply_actions([pass_action(0, 0), *ok])
    with pytest.raises(IllegalActionError, match="before anything is received, and card 4"):
        state.apply_actions([pass_action(0, 4), *ok])
    assert state.hand(0) == [0, 1, 2, 3]


def test_single_actions_and_joint_actions_at_the_wrong_node() -> None:
    state = play_state()
    with pytest.raises(IllegalActionError, match="every player acts at once here"):
        state.apply_action(play_action(0))
    fresh = mahola(players=4).new_initial_state()
    with pytest.raises(IllegalActionError, match="nodes where every player acts at once"):
        fresh.apply_actions([0, 0, 0, 0])
    with pytest.raises(IllegalActionError, match="chance deals the next Character now"):
        fresh.apply_action(play_action(3))
    assert fresh.history() == []


def test_ability_refusals_name_the_character() -> None:
    state = mahola(players=4).state_from_dict(end_of_round("abilities"))
    with pytest.raises(IllegalActionError, match="the Chief must name a dance"):
        state.apply_actions([KEEP, KEEP, KEEP, KEEP])
    chief = state.string_to_action("name Sun", 0)
    with pytest.raises(IllegalActionError, match="only the Chief names a dance; player 1"):
        state.apply_actions([chief, chief, KEEP, KEEP])
    state.apply_actions([chief, KEEP, KEEP, KEEP])
    assert state.last_round is not None and state.last_round.chief_dance == "Sun"


def test_acting_after_the_end_is_refused() -> None:
    final = RandomSampler(3).play_out(mahola(players=4).new_initial_state())
    with pytest.raises(IllegalActionError, match="the game is over"):
        final.apply_action(card_outcome(0))


# -- the fast paths agree with the protocol ----------------------------------------------------
def _outcome(apply: Any, state: MaholaState, action: Any) -> tuple[str, Any]:
    """What applying `action` does: the refusal's message, or the position reached."""
    try:
        apply(state, action)
    except IllegalActionError as error:
        return "refused", (str(error), error.player, error.action)
    return "applied", state.to_dict()


def _probes(state: MaholaState, legal: list[int]) -> list[Any]:
    """Legal actions and near misses: their neighbours, far-off ids, other kinds of value."""
    near = {a + d for a in legal[:3] + legal[-3:] for d in (-45, -1, 1, 44)}
    return [*legal[:4], *sorted(near), -1, 10**6, play_action(43), KEEP, True, 3.0]


def test_chance_outcomes_are_applied_and_refused_as_the_protocol_does(
    visited: list[MaholaState],
) -> None:
    """MaholaState.apply_action checks a card or Character directly; State.apply_action checks
    against the legal list. Both must accept the same outcomes with the same result, and
    refuse the others with the same error."""
    for state in visited[::3]:
        if state.current_player() != CHANCE:
            continue
        for action in _probes(state, state.legal_actions()):
            assert _outcome(MaholaState.apply_action, state.clone(), action) == _outcome(
                State.apply_action, state.clone(), action
            ), action


def test_joint_actions_are_applied_and_refused_as_the_protocol_does(
    visited: list[MaholaState],
) -> None:
    for index, state in enumerate(visited):
        if state.current_player() != SIMULTANEOUS:
            continue
        players = state.game.num_players
        legal = [state.legal_actions(p) for p in range(players)]
        joint = [actions[index % len(actions)] for actions in legal]
        candidates: list[list[Any]] = [joint, joint[:-1], [*joint, joint[0]]]
        for player in range(players):
            for probe in _probes(state, legal[(player + 1) % players]):
                candidates.append([*joint[:player], probe, *joint[player + 1 :]])
        for actions in candidates:
            assert _outcome(MaholaState.apply_actions, state.clone(), actions) == _outcome(
                State.apply_actions, state.clone(), actions
            ), actions


def test_float_chances_are_the_nearest_floats_of_the_exact_ones(
    visited: list[MaholaState],
) -> None:
    for state in visited:
        if state.current_player() == CHANCE:
            exact = state.chance_outcomes_exact()
            assert state.chance_outcomes() == [(a, float(p)) for a, p in exact]


def test_chance_picks_from_the_tables_are_those_the_protocol_sums(
    visited: list[MaholaState],
) -> None:
    picks = [i / 64 for i in range(64)] + [0.5 - 1e-17, 1 - 2**-53]
    for state in visited:
        if state.current_player() == CHANCE:
            for pick in picks:
                assert state.chance_outcome_at(pick) == State.chance_outcome_at(state, pick)


def test_ability_lists_are_worked_out_once_and_handed_out_as_copies() -> None:
    state = mahola(players=4).state_from_dict(end_of_round("abilities"))
    hunter = state.legal_actions(1)
    assert hunter[0] == KEEP and len(hunter) == 1 + 6 * 5  # 6 hand cards x 5 tableau cards
    hunter.clear()
    assert len(state.legal_actions(1)) == 31
    copy = state.clone()
    assert copy.legal_actions(1) == state.legal_actions(1)


def score_directly(
    cards: Sequence[DanceCard],
    colours: Sequence[str],
    character: Character,
    *,
    secondary: str,
    adjacency: str,
    chief_count: str,
    chief_dance: str,
    secondary_worth: str,
) -> DanceScore:
    """MAHOLA-4.1..4.5 composed from the rule functions, with no table worked out ahead."""
    chief = 0
    if character.name == "Chief":
        chief = chief_points(cards, chief_dance, chief_count)
    matches = matching_icons(cards, secondary)
    return DanceScore(
        card_points=tuple(
            card_points(c, colour, character) for c, colour in zip(cards, colours, strict=True)
        ),
        secondary=secondary_points(cards, matches, secondary_worth),
        matching=sum(matches),
        adjacency=adjacency_bonus(cards, colours, adjacency),
        chief=chief,
        special=sum(1 for card in cards if card.special),
    )


def test_the_tableau_scorer_scores_as_the_rule_functions() -> None:
    """The game's scorer looks up what the rule functions compute; over random tableaux, every
    Character, a recoloured card or none, and every reading of MAHOLA-R3..R5 (both worths of
    a matching icon, in turn), the rule functions, the game's scoring by them and the
    scorer's tables (the end of a round) agree."""
    rng = random.Random(7)
    worths = itertools.cycle(SECONDARY_POINTS)
    for secondary in SECONDARY_READINGS:
        for adjacency in ADJACENCY_READINGS:
            for chief_count in CHIEF_READINGS:
                worth = next(worths)  # both worths, over every other reading in turn
                game = mahola(
                    players=4,
                    secondary=secondary,
                    adjacency=adjacency,
                    chief_count=chief_count,
                    secondary_points=worth,
                )
                characters = game.components.characters
                for _ in range(40):
                    tableau = rng.sample(range(CARD_TOTAL), rng.randint(0, 5))
                    recoloured = {rng.choice(tableau): rng.randrange(4)} if tableau else {}
                    if rng.random() < 0.3:
                        recoloured = {}  # the printed colours (the scorer's other table)
                    dance = rng.choice(RULE_LINE_DANCES)
                    colours = [
                        game.colours[recoloured[c]] if c in recoloured else game.cards[c].colour
                        for c in tableau
                    ]
                    for index, character in enumerate(characters):
                        expected = score_directly(
                            [game.cards[c] for c in tableau],
                            colours,
                            character,
                            secondary=secondary,
                            adjacency=adjacency,
                            chief_count=chief_count,
                            chief_dance=dance,
                            secondary_worth=worth,
                        )
                        assert game.score_tableau(tableau, index, recoloured, dance) == expected
                        assert game.scorer.score(tableau, index, recoloured, dance) == expected


# -- bad games and bad states -------------------------------------------------------------------
@pytest.mark.parametrize("players", [0, 2, 5, "4", True])
def test_player_count_outside_three_to_four(players: Any) -> None:
    with pytest.raises(InvalidGameError, match="mahola"):
        engine.load_game("mahola", players=players)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"secondary": "pairs"}, "secondary must be one of shared_icon, named_dance"),
        ({"secondary_points": 1}, "secondary_points must be one of card_value, one_per_icon"),
        ({"adjacency": "diagonal"}, "adjacency must be one of same_dance, any_card"),
        ({"chief_count": "all"}, "chief_count must be one of names_and_icons, names, icons"),
        ({"variant": True}, "variant"),
    ],
)
def test_unknown_readings_are_refused(params: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidGameError, match=message):
        engine.load_game("mahola", players=4, **params)


def dealt(**changes: Any) -> dict[str, Any]:
    """A 4-player position at the start of turn 2, with `changes`."""
    data: dict[str, Any] = {
        "phase": "play",
        "turn": 2,
        "hands": [list(range(5 * p, 5 * p + 5)) for p in range(4)],
        "tableaux": [[20], [21], [22], [23]],
    }
    return {**data, **changes}


def hand(player: int, cards: list[int]) -> list[list[int]]:
    """The hands of `dealt`, with one player's replaced."""
    hands = [list(range(5 * p, 5 * p + 5)) for p in range(4)]
    hands[player] = cards
    return hands


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (dealt(hands=hand(0, [0, 1, 2, 3, 44])), "no card 44; the game has 44 Dance cards"),
        (dealt(deck=45), "deck is 45 but 44 cards - 24 in hands and tableaux leaves 20"),
        (dealt(tableaux=[[0], [21], [22], [23]]), "card 0 is in two places: player 0's hand"),
        (dealt(hands=hand(0, [0, 1, 2, 3])), "player 0's hand holds 5 cards, not 4"),
        (dealt(tableaux=[[20, 24], [21], [22], [23]]), "player 0's tableau holds 1 cards, not 2"),
        (dealt(characters=["Chief", "Chief", "Maiden", "Shaman"]), "the Chief is dealt to two"),
        (dealt(characters=["Chief", "Hunter", "Maiden", "Witch"]), "'Witch' is not a Character"),
        (dealt(hands=[[0, 1, 2, 3, 4]]), "hands must have one entry for each of the 4 players"),
        (dealt(phase="dance"), "phase must be one of"),
        (dealt(turn=6), "turn must be a whole number from 0 to 5"),
        (dealt(speed=3), "unknown field(s) speed"),
        (dealt(players=3), "players is 3 but the game was created with players=4"),
        (dealt(tokens=[1, 0, 0, 0]), "1 Favor tokens handed out but only 0 round(s) finished"),
        (dealt(tokens=[3, 0, 0, 0], round=4), "the game is over exactly when one player holds 3"),
        (dealt(played=[30, None, None, None]), "a revealed card waits to be placed in phase"),
        (dealt(phase="place", turn=1), "on turn 1 the tableau is empty"),
        (end_of_round("hunter draw", characters=["Chief", "Maiden", "Shaman", None]),
         "in phase 'hunter draw' every player holds a Character"),
        (end_of_round("abilities", hands=hand(1, [5, 6, 7, 8, 9])),
         "player 1's hand holds 6 cards, not 5"),
    ],
)  # fmt: skip
def test_from_dict_refuses_impossible_states(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidStateError) as caught:
        mahola(players=4).state_from_dict(data)
    assert message in str(caught.value)


def test_from_dict_reads_a_finished_round_and_checks_its_scores() -> None:
    final = RandomSampler(5).play_out(mahola(players=4).new_initial_state())
    data = final.to_dict()
    assert data["last_round"] is not None and final.game.state_from_dict(data) == final
    wrong = json.loads(json.dumps(data))
    wrong["last_round"]["scores"][0] += 1
    with pytest.raises(InvalidStateError, match="last_round scores are"):
        final.game.state_from_dict(wrong)


# -- the component data file ------------------------------------------------------------------
def test_shipped_data_is_complete_and_marked_unverified() -> None:
    components = load_components()
    assert len(components.cards) == 44 and len(components.characters) == 4
    assert not components.cards_verified and not components.characters_verified
    raw = shipped_data()
    assert raw["cards"]["verified"] is False and raw["characters"]["verified"] is False


def broken(change: Any) -> str:
    data = shipped_data()
    change(data)
    return json.dumps(data)


def card_with(number: int, **fields: Any) -> str:
    """The shipped file with one card changed."""
    return broken(lambda d: d["cards"]["table"][number].update(fields))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[]", "expected a JSON object"),
        (broken(lambda d: d["cards"]["table"].pop()), "44 Dance cards, the table lists 43"),
        (broken(lambda d: d["cards"]["table"].append({})), "44 Dance cards, the table lists 45"),
        (card_with(3, colour="pink"), "card 3's colour"),
        (card_with(5, value=-1), "card 5's value must be a whole number >= 0"),
        (card_with(7, icons=["Eagle"]), "an icon of card 7 must be one of"),
        (card_with(7, icons=["War", "War"]), "card 7 shows an icon twice"),
        (card_with(8, animal="Fox"), "card 8's animal"),
        (card_with(9, dance="Tango"), "card 9's dance"),
        (card_with(9, price=3), "card 9 has unknown field(s) price"),
        (broken(lambda d: d["cards"].pop("verified")), "cards.verified must be true or false"),
        (broken(lambda d: d["characters"]["table"].pop("Maiden")), "exactly Chief, Hunter"),
        (broken(lambda d: d["characters"]["table"]["Chief"].update(colour="blue")),
         "each Character has its own colour"),
        (broken(lambda d: d.pop("cards")), "'cards' must be an object with a 'table'"),
    ],
)  # fmt: skip
def test_malformed_component_file(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "components.json"
    path.write_text(text)
    with pytest.raises(GameDataError) as caught:
        load_components(path)
    assert message in str(caught.value) and str(path) in str(caught.value)


def test_components_are_read_once_per_game_and_can_be_replaced() -> None:
    data = shipped_data()
    data["cards"]["table"][0].update(value=9)
    game = mahola(players=3, components=parse_components(data, "test"))
    assert game.card(0).value == 9 and mahola(players=3).card(0).value != 9


def test_interpretations_page_lists_the_shipped_data() -> None:
    """The UNVERIFIED tables on the site are the data file, row for row."""
    page = (ROOT / "docs" / "mahola" / "interpretations.md").read_text("utf-8")
    components = load_components()
    for character in components.characters:
        assert f"| {character.name} | {character.colour} | {character.animal} |" in page
    for number, card in enumerate(components.cards):
        row = (
            f"| {number} | {card.dance} | {card.value} | {card.colour} | {card.animal} | "
            f"{', '.join(card.icons) or '-'} | {'yes' if card.special else 'no'} |"
        )
        assert row in page, row


# -- the picture for the site -------------------------------------------------------------------
def test_svg_shows_every_tableau_and_hand_and_is_well_formed(visited: list[MaholaState]) -> None:
    import xml.etree.ElementTree as ET

    from engine.mahola.svg import to_svg

    for state in visited[::40]:
        svg = to_svg(state)
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg") and "<script" not in svg
        if state.phase != "over":
            shown = {
                c for p in range(state.game.num_players) for c in state.tableau(p) + state.hand(p)
            }
            assert all(f"#{c} " in svg for c in shown)
