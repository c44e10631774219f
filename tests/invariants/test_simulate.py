"""`rulebooks simulate`: deterministic campaigns, violations with their replay command, the
summary file, and its page on the site (the `simulation-report` directive)."""

from __future__ import annotations

import html
import io
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rulebooks import cli
from rulebooks.campaigns import simulate
from rulebooks.campaigns.simulate import TIMING_FIELDS, Checks, Played, Violation
from rulebooks.mutation.handmade import applied, find
from rulebooks.run.commands import simulation_replay

ROOT = Path(__file__).resolve().parents[2]


def without_timings(campaign: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in campaign.items() if k not in TIMING_FIELDS}


def test_results_do_not_depend_on_the_worker_count() -> None:
    params = simulate.campaign_parameters("mamey", 2, {})
    one = simulate.run_campaign("mamey", params, 12, 40, 1, progress=False)
    two = simulate.run_campaign("mamey", params, 12, 40, 2, progress=False)
    assert without_timings(one) == without_timings(two)
    assert one["games"] == one["finished"] == 12 and one["seeds"] == [40, 51]
    assert sum(s["wins"] for s in one["seats"]) >= 12 and not one["violations"]
    assert sum(b["games"] for b in one["length"]["histogram"]) == 12
    assert one["score"]["name"] == "Mamey" and len(one["score"]["seats"]) == 2


def test_a_game_is_the_same_whatever_else_is_played() -> None:
    alone = simulate.play_game("mahe", {"players": 3}, 5, Checks())
    among = simulate.run_games("mahe", {"players": 3}, range(3, 7), 2, Checks())
    assert isinstance(alone, Played) and among[2] == alone


def test_a_broken_rule_is_reported_with_its_seed_and_replay_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "sim.json"
    with applied(find("mahe-raft-stacks")):  # a turtle leaving the raft drags others along
        code = cli.main(["simulate", "mahe", "--games", "3", "--seed", "7", "--workers", "2",
                         "--players", "4", "--quiet", "--out", str(out)])  # fmt: skip
        printed = capsys.readouterr().out
        assert code == 1 and "INVARIANT VIOLATED in the game of seed 7 at action index" in printed
        replay = re.search(r"replay: rulebooks (simulate mahe --games 1 --seed 7 .*)", printed)
        assert replay is not None, printed
        assert "--workers 1" in replay.group(1) and "--players 4" in replay.group(1)
        again = cli.main([*shlex.split(replay.group(1)), "--quiet"])
        assert again == 1 and "seed 7 at action index" in capsys.readouterr().out
    data = json.loads(out.read_text("utf-8"))
    violations = data["campaigns"][0]["violations"]
    assert data["schema"] == 1 and [v["seed"] for v in violations] == [7, 8, 9]
    assert all(
        v["replay"].startswith("rulebooks simulate mahe --games 1 --seed") for v in violations
    )
    assert cli.main(["simulate", "mahe", "--games", "2", "--quiet"]) == 0  # undone: clean again


def test_an_engine_error_is_a_violation(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.mahe import MaheState

    with applied(find("mahe-beach-worth-nothing")):  # a rule change, not a crash: still clean
        assert isinstance(simulate.play_game("mahe", {"players": 2}, 1, Checks()), Played)

    def crash(self: MaheState) -> None:
        raise RuntimeError("the engine fell over")

    monkeypatch.setattr(MaheState, "_bust", crash)
    result = simulate.play_game("mahe", {"players": 5}, 3, Checks())
    assert isinstance(result, Violation) and result.seed == 3 and result.action > 0
    assert result.message == "RuntimeError: the engine fell over"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "chess"], "no game called 'chess'"),
        (["simulate", "mahe", "--players", "9"], "played by 2 to 7 players"),
        (["simulate", "mahe", "--param", "variant"], "--param takes name=value"),
        (["simulate", "mahe", "--param", "colour=red"], "colour"),
        (["simulate", "mahe", "--workers", "0"], "at least 1"),
    ],
)
def test_bad_arguments(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(argv) == 2
    assert message in capsys.readouterr().err


def test_parameters_are_read_as_json_or_text() -> None:
    pairs = ["variant=true", "first_player=1", "secondary=named_dance"]
    assert simulate.parse_parameters(pairs) == {
        "variant": True, "first_player": 1, "secondary": "named_dance"
    }  # fmt: skip


def test_the_progress_bar_writes_to_its_stream() -> None:
    stream = io.StringIO()
    bar = simulate.Progress("mahe 20 games", 20, stream)
    for _ in range(20):
        bar.advance(1)
    lines = stream.getvalue().splitlines()
    assert lines[-1].startswith("mahe 20 games [##############################] 20/20 games")
    assert 1 < len(lines) <= 4  # not a terminal: a few lines, not one per game


def test_the_summary_prints_lengths_scores_and_win_rates(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ok, campaigns = simulate.simulate(["masai"], games=4, seed=0, workers=1, progress=False)
    printed = capsys.readouterr().out
    assert ok and campaigns[0]["game"] == "masai"
    for part in ("length (actions): min", "seat 0 points: min", "win rates: seat 0"):
        assert part in printed


# -- the report page -------------------------------------------------------------------------
def build(tmp_path: Path, simulation: Path) -> str:
    docs = tmp_path / "docs"
    docs.mkdir(exist_ok=True)
    (docs / "conf.py").write_text(
        "extensions = ['myst_parser', 'rulebooks.site.sphinxext']\n"
        "rulebooks_features_dir = '../features'\n"
        f"rulebooks_simulation_file = {str(simulation)!r}\n",
        "utf-8",
    )
    (docs / "index.md").write_text("# Sim\n\n```{simulation-report}\n```\n", "utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-N", "-E", "-q", "-b", "html", str(docs),
         str(tmp_path / "html")],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return (tmp_path / "html" / "index.html").read_text("utf-8")


def text_of(page: str) -> str:
    """The visible text, tags removed, entities decoded, whitespace folded."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def test_the_report_page_shows_tables_and_charts(tmp_path: Path) -> None:
    _ok, campaigns = simulate.simulate(["mahe"], games=6, seed=0, workers=1, progress=False)
    campaigns[0]["parameters"]["note"] = "<script>alert(1)</script>"
    simulate.write_json(tmp_path / "sim.json", simulate.document(campaigns))
    page = build(tmp_path, tmp_path / "sim.json")
    text = text_of(page)
    assert "No simulation run" not in text and "Mahé" in text
    assert "No invariant broken in any game." in text and "the winner\u2019s eggs" in text
    images = re.findall(r'<img src="data:image/svg\+xml;base64,[^"]+" alt="([^"]+)"', page)
    assert len(images) == 2
    # the egg-card distribution is unverified: the figures, their charts and the page say so
    assert images[0].startswith("Mahé: game length (UNVERIFIED data).") and "actions:" in images[0]
    assert images[1].startswith("Mahé: win rate by seat (UNVERIFIED data). seat 0:")
    assert "UNVERIFIED data: Mahé" in text and "engine/mahe/data/egg_cards.json" in text
    assert "<script>alert(1)</script>" not in page


def test_the_report_page_without_a_simulation_says_so(tmp_path: Path) -> None:
    page = build(tmp_path, tmp_path / "missing.json")
    text = text_of(page)
    assert "No simulation run" in text and "rulebooks simulate all --games 200" in text


def test_the_charts_are_svg_with_escaped_text() -> None:
    from rulebooks.site.sphinxext.simulation import bar_chart_svg, nice_step

    svg = bar_chart_svg([("a<b", 3.0), ("c", 7.0)], title="T&", value_label="v")
    assert svg.startswith("<svg") and svg.endswith("</svg>") and "a&lt;b" in svg and "T&amp;" in svg
    assert svg.count("<rect") == 3  # the background and two bars
    assert [nice_step(x, whole=True) for x in (0.3, 1.7, 8.75, 40)] == [1, 2, 10, 50]
    assert nice_step(0.125, whole=False) == 0.2


def test_the_report_page_marks_a_partial_summary_and_rebuilds_replay_commands(
    tmp_path: Path,
) -> None:
    results: list[Played | Violation] = [
        Played(0, 40, (1.0, 0.0), None),
        Violation(1, 3, f"OSError: cannot read {ROOT}/engine/mahe/eggs.csv"),
    ]
    campaign = simulate.summarize("mahe", {"players": 2, "note": "a b"}, results)
    campaign.update(requested=10, partial=True)
    campaign["violations"][0]["replay"] = "rm -rf ~"  # the page never shows the file's command
    simulate.write_json(tmp_path / "sim.json", simulate.document([campaign]))
    page = build(tmp_path, tmp_path / "sim.json")
    text = text_of(page)
    assert "Partial simulation" in text and "the summary is partial" in text
    assert "Interrupted after 2 of 10 games: the figures below cover seeds 0 to 1 only." in text
    assert "OSError: cannot read engine/mahe/eggs.csv" in text and str(ROOT) not in page
    assert "rm -rf" not in text
    command = simulation_replay("mahe", {"players": 2, "note": "a b"}, 1)
    assert command in text and "'note=\"a b\"'" in command


def test_a_complete_summary_has_no_partial_mark(tmp_path: Path) -> None:
    _ok, campaigns = simulate.simulate(["masai"], games=2, seed=0, workers=1, progress=False)
    data = simulate.document(campaigns)
    assert data["partial"] is False and campaigns[0]["partial"] is False
    simulate.write_json(tmp_path / "sim.json", data)
    assert "Partial" not in text_of(build(tmp_path, tmp_path / "sim.json"))
