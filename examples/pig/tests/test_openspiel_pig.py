"""Differential test: this engine against OpenSpiel's C++ ``pig``, an independent
implementation of the same rules.

Seeded games are played through both engines with the same dice and the same decisions;
after every action they must agree on whose move it is, the legal moves, the chance
outcomes, the scores and the turn total, and at the end on the winner (or, at the horizon,
on there being none). Parameters map one to one: ``players``, ``target`` = ``winscore``,
``faces`` = ``diceoutcomes``, ``horizon`` = ``horizon``.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pyspiel  # OpenSpiel (open_spiel), a dependency of rulebooks: never skipped when absent
import pytest
from pig_engine import HOLD, ROLL, PigGame, PigState, face_action

from engine.core import CHANCE

_SHOWN = re.compile(r"Scores: (?P<scores>[\d ]+), Turn total: (?P<total>\d+)")
OS_ROLL, OS_STOP = 0, 1
DECISIONS = {OS_ROLL: ROLL, OS_STOP: HOLD}

# (players, target, horizon): the defaults, other targets and player counts, and horizons
# short enough to end plays with no winner.
PARAMETERS = [(2, 100, 1000), (3, 100, 1000), (4, 30, 1000), (10, 50, 1000), (2, 40, 25),
              (5, 30, 60)]  # fmt: skip
SEEDS = range(40)


def _os_view(state: object) -> tuple[list[int], int]:
    """Scores and turn total of an OpenSpiel pig state, read from its text (the only place
    the Python API shows them)."""
    found = _SHOWN.search(str(state))
    assert found is not None, f"unexpected OpenSpiel text: {state}"
    return [int(s) for s in found["scores"].split()], int(found["total"])


def _agree(ours: PigState, theirs: object, where: str) -> None:
    scores, total = _os_view(theirs)
    assert ours.scores == scores, f"{where}: scores {ours.scores} vs OpenSpiel {scores}"
    over = theirs.is_terminal()  # type: ignore[attr-defined]
    assert ours.is_terminal() == over, f"{where}: terminal {ours.is_terminal()} vs {over}"
    if over:
        return
    assert ours.turn_total == total, f"{where}: turn total {ours.turn_total} vs {total}"
    player = theirs.current_player()  # type: ignore[attr-defined]
    assert ours.current_player() == (CHANCE if player == pyspiel.PlayerId.CHANCE else player)
    legal = theirs.legal_actions()  # type: ignore[attr-defined]
    if ours.is_chance_node():
        mine = [(a, p) for a, p in ours.chance_outcomes_exact()]
        theirs_outcomes = [(face_action(a + 1), Fraction(p).limit_denominator(1000))
                           for a, p in theirs.chance_outcomes()]  # type: ignore[attr-defined]  # fmt: skip
        assert mine == theirs_outcomes, f"{where}: chance {mine} vs {theirs_outcomes}"
    else:
        expected = [DECISIONS[a] for a in legal]
        assert ours.legal_actions() == expected, (
            f"{where}: legal {ours.legal_actions()} vs {expected}"
        )


def play_both(
    players: int, target: int, horizon: int, seed: int
) -> tuple[list[float], list[float], int]:
    """One seeded game through both engines; (our returns, OpenSpiel's, actions played)."""
    rng = random.Random(seed)
    ours = PigGame(players=players, target=target, faces=6, horizon=horizon).new_initial_state()
    game = pyspiel.load_game(
        "pig", {"players": players, "winscore": target, "horizon": horizon, "diceoutcomes": 6}
    )
    theirs = game.new_initial_state()
    # Each seat holds once its turn total reaches its own threshold (a seeded strategy), and
    # now and then decides at random.
    thresholds = [rng.randint(5, 30) for _ in range(players)]
    moves = 0
    _agree(ours, theirs, "start")
    while not theirs.is_terminal():
        if theirs.is_chance_node():
            face = rng.randint(1, 6)
            theirs.apply_action(face - 1)
            ours.apply_action(face_action(face))
            what = f"die {face}"
        else:
            legal = theirs.legal_actions()
            if rng.random() < 0.1:
                choice = rng.choice(legal)
            else:
                wants_roll = ours.turn_total < thresholds[ours.turn_player]
                choice = OS_ROLL if wants_roll and OS_ROLL in legal else OS_STOP
            theirs.apply_action(choice)
            ours.apply_action(DECISIONS[choice])
            what = "roll" if choice == OS_ROLL else "hold"
        moves += 1
        _agree(ours, theirs, f"seed {seed}, move {moves} ({what})")
    assert ours.is_terminal()
    return ours.returns(), list(theirs.returns()), moves


@pytest.mark.parametrize(("players", "target", "horizon"), PARAMETERS)
def test_both_engines_agree_move_by_move_and_on_the_winner(
    players: int, target: int, horizon: int
) -> None:
    winners = truncated = 0
    for seed in SEEDS:
        ours, theirs, _moves = play_both(players, target, horizon, seed)
        their_winner = [p for p, r in enumerate(theirs) if r == 1.0]
        our_winner = [p for p, r in enumerate(ours) if r == 1.0]
        assert our_winner == their_winner, f"seed {seed}: winner {our_winner} vs {their_winner}"
        if their_winner:
            winners += 1
            assert sum(ours) == 1.0
        else:
            truncated += 1
            assert ours == [0.0] * players and theirs == [0.0] * players
    assert winners > 0, "no seeded game reached a winner: the comparison checked no ending"


def test_short_horizons_end_some_plays_with_no_winner() -> None:
    """The horizon cases really compare truncated plays (PIG-R2), not only won games."""
    ends = [play_both(2, 100, 25, seed)[0] for seed in SEEDS]
    assert any(returns == [0.0, 0.0] for returns in ends)


def test_a_disagreement_would_be_caught() -> None:
    """The comparison fails when the engines differ: a state with a changed score."""
    ours = PigGame(players=2).new_initial_state()
    theirs = pyspiel.load_game("pig").new_initial_state()
    ours.scores[0] = 5
    with pytest.raises(AssertionError, match="scores"):
        _agree(ours, theirs, "tampered")
