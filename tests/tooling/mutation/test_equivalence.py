"""Equivalent mutants proven by play (rulebooks.mutation.equivalence, issue 28 point 11).

Every entry of mutation/equivalent.toml is checked here by play with a small number of
games (:data:`FAST_GAMES` seeded random games per player count, no scenario positions); the
full check (:data:`GAMES` games per player count and every scenario position) runs in
``make mutate``. A planted false entry must be reported with its first differing position,
and stale entries (no such mutant, or killed by the last campaign) must be reported.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rulebooks.mutation import equivalence
from rulebooks.mutation.equivalence import FAST_GAMES, Verdict

ROOT = Path(__file__).resolve().parents[3]
TURN_COUNT = "engine.mahe.game.x\u01c1MaheState\u01c1_next_move__mutmut_10"
"""A mutant counting two turns for the first (to_dict()["turns"]): not equivalent."""


def test_every_equivalence_note_is_proven_by_play() -> None:
    verdicts = equivalence.check(ROOT, games=FAST_GAMES, scenarios=False, workers=1, say=print)
    wrong = [line for v in verdicts if v.status != "proven" for line in v.lines()]
    assert verdicts and not wrong, "\n".join(wrong)


def test_a_false_note_is_reported_with_its_first_differing_position() -> None:
    (verdict,) = equivalence.check(
        ROOT, games=1, equivalents={TURN_COUNT: "planted"}, scenarios=False, workers=1
    )
    assert verdict.status == "disproved"
    difference = verdict.difference
    assert difference is not None
    assert (difference.start.game, difference.start.players, difference.start.seed) == (
        "mahe", 2, 0
    )  # fmt: skip
    assert difference.start.position is None and len(difference.actions) == 1
    assert difference.query == "to_dict()['turns']"
    assert (difference.original, difference.mutant) == (1, 2)
    text = "\n".join(verdict.lines())
    assert "NOT EQUIVALENT" in text and "mahe, 2 players, seed 0" in text
    assert "query to_dict()['turns']: original 1" in text


def test_stale_notes_are_reported() -> None:
    killed = next(
        name
        for name, status in equivalence.campaign_statuses(ROOT).items()
        if status == "killed" and name.startswith("engine.mahe.")
    )
    gone = "engine.mahe.game.x_is_bust__mutmut_999"
    verdicts = equivalence.check(
        ROOT, games=1, equivalents={gone: "renumbered", killed: "killed since"}, scenarios=False
    )
    assert [(v.name, v.status) for v in verdicts] == [(gone, "stale"), (killed, "stale")]
    assert "no such mutant in the code now" in verdicts[0].detail
    assert "the last campaign says the scenarios kill it (killed)" in verdicts[1].detail


def test_the_scenario_positions_are_read_and_played_on() -> None:
    positions = equivalence.scenario_positions(ROOT, ["mahe"])["mahe"]
    assert len(positions) > 10
    starts = equivalence.starts_for("mahe", 0, positions)
    assert len(starts) == len(positions)
    plays = [equivalence.record(start) for start in starts]
    assert any(p.actions for p in plays)  # some scenario positions are over
    assert all(len(p.actions) <= equivalence.CONTINUATION for p in plays)


@pytest.mark.parametrize(
    ("name", "path", "function"),
    [
        ("engine.masai.game.x_tie_value__mutmut_2", "engine/masai/game.py", "tie_value"),
        (TURN_COUNT, "engine/mahe/game.py", "_next_move"),
        ("engine.mahola.scoring.x_score_dance__mutmut_42", "engine/mahola/scoring.py",
         "score_dance"),
    ],
)  # fmt: skip
def test_a_mutant_names_its_module_and_function(name: str, path: str, function: str) -> None:
    assert equivalence.module_path(name) == path
    assert equivalence.function_of(name) == function
    assert equivalence.game_of(name) == path.split("/")[1]


def test_the_first_difference_goes_into_descriptions() -> None:
    original = {"a()": 1, "to_dict()": {"x": [1], "turns": 1}}
    mutant = {"a()": 1, "to_dict()": {"x": [1], "turns": 2}}
    assert equivalence.first_difference(original, mutant) == ("to_dict()['turns']", 1, 2)
    assert equivalence.first_difference(original, {**mutant, "a()": "raises X"})[0] == "a()"


def test_a_verdict_says_what_to_do() -> None:
    assert Verdict("m", "stale", "gone").lines() == ["STALE: m: gone"]
    assert Verdict("m", "proven").lines() == ["equivalent: m"]


def test_a_games_own_project_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert equivalence.main(project=tmp_path) == 2
    assert "runs in Rulebooks' own checkout only" in capsys.readouterr().err


def test_without_mutmut_the_check_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "mutmut.mutation.file_mutation", None)
    assert equivalence.main(games=1, scenarios=False) == 2
    assert "mutmut cannot be imported" in capsys.readouterr().err
