"""`rulebooks simulate` and `rulebooks play` refuse bad arguments before playing, stream
their seeds, keep a partial summary on Ctrl-C; published commands are shell-quoted and
published messages carry no absolute path of this machine."""

from __future__ import annotations

import itertools
import json
import os
import shlex
import signal
import statistics
import subprocess
import sys
import tracemalloc
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from rulebooks import cli
from rulebooks.campaigns import executors, simulate
from rulebooks.campaigns.simulate import Checks, Played, Violation
from rulebooks.games.paths import ROOT, publishable
from rulebooks.run import outcome
from rulebooks.run.commands import simulation_replay


def no_game_played(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any) -> Played:
        raise AssertionError("a game was played before the arguments were checked")

    monkeypatch.setattr(simulate, "play_game", refuse)


# -- workers ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["simulate", "mutate"])
def test_workers_above_the_bound_are_refused_before_any_process(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--workers 3000`` started some 2,400 processes before the first game."""
    no_game_played(monkeypatch)
    monkeypatch.setattr(executors, "max_workers", lambda: 8)

    def no_pool(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("processes were started")

    monkeypatch.setattr(executors, "executor", no_pool)
    extra = ["mahe", "--games", "2"] if command == "simulate" else []
    assert cli.main([command, *extra, "--workers", "3000"]) == 2
    assert capsys.readouterr().err == (
        "error: --workers 3000 is more than 8, the bound on this machine (4 per core, 64 at most)\n"
    )


def test_the_bound_on_workers_is_4_per_core_64_at_most(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for cores, bound in [(1, 4), (2, 8), (16, 64), (64, 64), (None, 4)]:
        monkeypatch.setattr(os, "cpu_count", lambda cores=cores: cores)
        assert executors.max_workers() == bound
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "at most 4 per core and 64; never more than --games" in help_text
    guide = " ".join((ROOT / "docs" / "guide" / "campaigns.md").read_text("utf-8").split())
    assert "`--workers` is at most 4 per core of the machine, and 64" in guide
    assert "never more workers than `--games`" in guide


def test_never_more_workers_than_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(executors, "max_workers", lambda: 8)
    asked: list[int] = []

    def one_process(workers: int, dask: bool, scheduler: str | None) -> executors.Executor:
        asked.append(workers)
        return executors.InProcess()

    monkeypatch.setattr(executors, "executor", one_process)
    assert cli.main(["simulate", "mahe", "--games", "2", "--workers", "8", "--quiet"]) == 0
    assert asked == [2]


# -- seeds -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_negative_seed_is_refused(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([command, "mahe", "--seed", "-1"]) == 2
    assert "a seed is a whole number >= 0, got -1" in capsys.readouterr().err


def test_seeds_are_whole_numbers_from_zero() -> None:
    for bad in (-1, True, 1.0, "3"):
        with pytest.raises(ValueError, match="a seed is a whole number >= 0"):
            simulate.check_seed(bad)
    assert simulate.check_seed(0) == 0
    with pytest.raises(ValueError, match="at least 1 game"):
        simulate.campaign_seeds(0, 0)


# -- streaming -------------------------------------------------------------------------------------
class Enough(Exception):
    """Raised by a stand-in game to stop a campaign early."""


def test_a_campaign_streams_its_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory does not grow with --games: 3 million games asked for, 40 played; nothing is
    listed up front (a list of 3 million seeds alone takes over 100 MB)."""

    def quick(game: str, parameters: Any, seed: int, checks: Checks) -> Played:
        if seed == 40:
            raise Enough
        return Played(seed, 10 + seed % 7, (1.0, 0.0), None)

    monkeypatch.setattr(simulate, "play_game", quick)
    tracemalloc.start()
    try:
        with pytest.raises(Enough):
            simulate.run_campaign("mahe", {"players": 2}, 3_000_000, 0, 1, progress=False)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 2_000_000, f"peak {peak} bytes"


def test_the_workers_are_fed_a_few_chunks_at_a_time() -> None:
    """A billion seeds over two processes: the first games come back and closing the
    iterator stops the workers (no list of jobs is ever built)."""
    seeds = simulate.campaign_seeds(0, 10**9)
    assert isinstance(seeds, range) and len(seeds) == 10**9
    games = simulate.iter_games("mahe", {"players": 2}, seeds, 2, Checks(50, 50))
    first = list(itertools.islice(games, 3))
    games.close()
    assert [r.seed for r in first] == [0, 1, 2]
    alone = [simulate.play_game("mahe", {"players": 2}, s, Checks(50, 50)) for s in (0, 1, 2)]
    assert first == alone


def test_summaries_from_counts_match_the_plain_statistics() -> None:
    results: list[Played | Violation] = [
        Played(0, 5, (1.0, 0.0), (3.0, 1.0)),
        Played(1, 8, (0.0, 1.0), (2.0, 4.0)),
        Played(2, 8, (1.0, 1.0), (5.0, 5.0)),
        Violation(3, 2, "broken"),
        Played(4, 20, (1.0, 0.0), (6.0, 0.0)),
    ]
    summary = simulate.summarize("mahe", {"players": 2}, results)
    assert summary["games"] == 5 and summary["finished"] == 4 and summary["seeds"] == [0, 4]
    assert summary["length"] == {
        "min": 5, "median": 8.0, "mean": 10.25, "max": 20,
        "std": round(statistics.stdev([5, 8, 8, 20]), 4),
        "histogram": [{"from": 5, "to": 6, "games": 1}, {"from": 7, "to": 8, "games": 2},
                      {"from": 9, "to": 10, "games": 0}, {"from": 11, "to": 12, "games": 0},
                      {"from": 13, "to": 14, "games": 0}, {"from": 15, "to": 16, "games": 0},
                      {"from": 17, "to": 18, "games": 0}, {"from": 19, "to": 20, "games": 1}],
    }  # fmt: skip
    assert [s["wins"] for s in summary["seats"]] == [3, 2] and summary["shared_wins"] == 1
    winners = [3.0, 4.0, 5.0, 6.0]
    assert summary["score"]["winners"] == {
        "min": 3.0, "median": statistics.median(winners), "mean": statistics.fmean(winners),
        "max": 6.0, "std": round(statistics.stdev(winners), 4),
    }  # fmt: skip
    assert summary["score"]["seats"][1]["median"] == statistics.median([1.0, 4.0, 5.0, 0.0])
    assert summary["length"]["median"] == statistics.median([5, 8, 8, 20])
    assert summary["violation_count"] == 1 and summary["violations"][0]["seed"] == 3


def test_violations_are_kept_up_to_a_bound_and_counted() -> None:
    many = [Violation(seed, 0, "broken") for seed in range(simulate.MAX_VIOLATIONS + 30)]
    summary = simulate.summarize("mahe", {"players": 2}, many)
    assert summary["violation_count"] == simulate.MAX_VIOLATIONS + 30
    assert len(summary["violations"]) == simulate.MAX_VIOLATIONS
    assert "... and 30 more games broke an invariant" in simulate.format_summary(summary)


# -- --out -----------------------------------------------------------------------------------------
def test_out_naming_a_folder_is_refused_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    no_game_played(monkeypatch)
    assert cli.main(["simulate", "mahe", "--games", "2", "--quiet", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"--out {tmp_path} is a folder: name a file" in err


def test_out_in_a_missing_folder_is_refused_and_no_folder_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    no_game_played(monkeypatch)
    out = tmp_path / "a" / "b" / "sim.json"
    assert cli.main(["simulate", "mahe", "--games", "2", "--quiet", "--out", str(out)]) == 2
    assert f"the folder {out.parent} does not exist" in capsys.readouterr().err
    assert not (tmp_path / "a").exists()
    (tmp_path / "file").write_text("x", "utf-8")
    inside_a_file = tmp_path / "file" / "sim.json"
    assert cli.main(["simulate", "mahe", "--quiet", "--out", str(inside_a_file)]) == 2
    assert "is not a folder" in capsys.readouterr().err


# -- Ctrl-C ----------------------------------------------------------------------------------------
def test_an_interrupted_campaign_writes_its_partial_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    play = simulate.play_game

    def interrupted_at_seed_5(game: str, parameters: Any, seed: int, checks: Checks) -> Any:
        if seed == 5:
            raise KeyboardInterrupt
        return play(game, parameters, seed, checks)

    monkeypatch.setattr(simulate, "play_game", interrupted_at_seed_5)
    out = tmp_path / "sim.json"
    try:
        code = cli.main(["simulate", "all", "--games", "100", "--quiet", "--out", str(out)])
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C escaped the command: no summary was written")
    captured = capsys.readouterr()
    assert code == simulate.INTERRUPTED == 130
    assert "PARTIAL: interrupted after 5 of 100 games" in captured.out
    data = json.loads(out.read_text("utf-8"))
    assert data["partial"] is True and len(data["campaigns"]) == 1  # the other games never ran
    campaign = data["campaigns"][0]
    assert campaign["partial"] is True and campaign["requested"] == 100
    assert campaign["games"] == 5 and campaign["seeds"] == [0, 4]


@pytest.mark.usefixtures("sigint_as_in_a_terminal")
def test_ctrl_c_on_a_running_campaign(tmp_path: Path) -> None:
    """The real signal, sent to the command's process group (as a terminal does) while two
    workers play a long campaign."""
    out = tmp_path / "sim.json"
    command = [sys.executable, "-m", "rulebooks.cli", "simulate", "mahe", "--games", "1000000",
               "--workers", "2", "--out", str(out)]  # fmt: skip
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip
    assert process.stderr is not None
    seen = ""
    while "/1000000 games" not in seen:  # the progress bar's first line: games are being played
        line = process.stderr.readline()
        assert line, f"the command ended before playing: {seen}"
        seen += line
    os.killpg(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(timeout=300)
    assert process.returncode == 130, stderr
    assert "(interrupted)" in stderr and "PARTIAL: interrupted after" in stdout
    campaign = json.loads(out.read_text("utf-8"))["campaigns"][0]
    assert campaign["partial"] is True and 0 < campaign["games"] < 1_000_000
    assert campaign["seeds"] == [0, campaign["games"] - 1]


# -- parameters ------------------------------------------------------------------------------------
def test_an_unknown_parameter_lists_the_games_parameters(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["simulate", "mahe", "--param", "colour=red"]) == 2
    err = capsys.readouterr().err
    assert "mahe has no parameter colour; its parameters: players, variant, first_player" in err
    assert "__init__" not in err
    assert cli.main(["play", "mamey", "--variant"]) == 2
    err = capsys.readouterr().err
    assert "mamey has no parameter variant; its parameters: players" in err
    assert "__init__" not in err


# -- shell quoting ---------------------------------------------------------------------------------
def test_replay_commands_are_shell_quoted() -> None:
    params = {"players": 4, "secondary": "it's $(here)"}
    command = simulation_replay("mahola", params, 17)
    words = shlex.split(command)
    assert words[:5] == ["rulebooks", "simulate", "mahola", "--games", "1"]
    assert words[words.index("--param") + 1] == 'secondary="it\'s $(here)"'
    assert simulate.parse_parameters([words[words.index("--param") + 1]]) == {
        "secondary": "it's $(here)"
    }


def test_the_sites_replay_command_is_shell_quoted() -> None:
    from rulebooks.site.sphinxext.render import replay_note

    note = replay_note("features/odd name; rm x.feature:3", None)
    command = note.astext().removeprefix("Rerun and replay it: ")
    assert shlex.split(command) == ["rulebooks", "replay", "features/odd name; rm x.feature:3"]
    plain = replay_note("features/mahe/04_riding.feature:56", None).astext()
    assert plain.endswith("rulebooks replay features/mahe/04_riding.feature:56")


# -- published paths -------------------------------------------------------------------------------
def test_published_text_has_repository_relative_paths() -> None:
    here = str(ROOT)
    text = f'File "{here}/engine/mahe/game.py", line 3, in {here}.'
    assert publishable(text) == 'File "engine/mahe/game.py", line 3, in ..'
    assert publishable(f"{here}2/x and /a{here}/y") == f"{here}2/x and /a{here}/y"
    import json as stdlib_json

    assert publishable(stdlib_json.__file__) == "<stdlib>/json/__init__.py"
    assert publishable(pytest.__file__).startswith("<site-packages>/")
    assert publishable(f"{Path.home()}/notes.txt") in ("~/notes.txt", "notes.txt")


def test_recorded_errors_and_tracebacks_name_no_absolute_path() -> None:
    error = FileNotFoundError(2, "No such file", str(ROOT / "engine" / "gone.csv"))
    assert outcome.describe_exception(error) == (
        "FileNotFoundError: [Errno 2] No such file: 'engine/gone.csv'"
    )
    report = SimpleNamespace(
        failed=True, outcome="failed", duration=0.1,
        longreprtext=f'{ROOT}/tests/conftest.py:12: in fixture\n  File "{ROOT}/engine/core.py"',
    )  # fmt: skip
    phase = outcome.phase_of(report, SimpleNamespace(excinfo=None, when="setup"))  # type: ignore[arg-type]
    assert phase.error == 'tests/conftest.py:12: in fixture\n  File "engine/core.py"'


def test_a_violation_message_names_no_absolute_path(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.mahe import MaheState

    def crash(self: MaheState) -> None:
        raise OSError(f"cannot read {ROOT / 'engine' / 'mahe' / 'eggs.csv'}")

    monkeypatch.setattr(MaheState, "_bust", crash)
    result = simulate.play_game("mahe", {"players": 5}, 3, Checks())
    assert isinstance(result, Violation)
    assert result.message == "OSError: cannot read engine/mahe/eggs.csv"
