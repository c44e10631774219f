"""Every command follows the project it is run in (the nearest pyproject.toml with
[tool.rulebooks], or --project DIR): a project made by `rulebooks new`, installed in an
environment of its own outside the clone, and examples/pig."""

from __future__ import annotations

import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rulebooks.cli import main as cli
from rulebooks.games.scaffold import install_command
from rulebooks.run.commands import scenario_replay
from tests.tooling.games.scaffolded import installed_project, readme_commands, tooling_wheel
from tests.tooling.games.test_tutorial import commands as tutorial_commands

ROOT = Path(__file__).resolve().parents[3]
PIG = ROOT / "examples" / "pig"
FEATURE = "features/dice/01_rules.feature"
TUTORIAL = ROOT / "docs" / "tutorial.md"


OUTSIDE: dict[str, object] = {}
"""What lies outside the module's project when it is made: the files beside it, this
checkout's git status (the last test compares)."""


@pytest.fixture(scope="module")
def dice(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The tutorial's game (its commands writing the game), in a project of its own outside
    the clone, with the tooling installed into its environment from a wheel."""
    wheel = tooling_wheel(tmp_path_factory.mktemp("wheel"))
    game = [block for block in tutorial_commands() if "cat >>" in block]
    project, env = installed_project(tmp_path_factory.mktemp("own"), "dice", wheel=wheel, game=game)
    OUTSIDE.update(beside=_snapshot(project.parent, but=project), clone=_clone_status())
    return project, env


def _clone_status() -> str:
    return subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout  # fmt: skip


def test_the_tooling_comes_from_the_wheel_in_the_projects_own_environment(
    dice: tuple[Path, dict[str, str]],
) -> None:
    project, env = dice
    code = "import engine, rulebooks; print(rulebooks.__file__); print(engine.__file__)"
    done = run(["python", "-c", code], project, env)
    venv = project.parent / "venv"
    assert [Path(p).is_relative_to(venv) for p in done.stdout.split()] == [True, True], done


def run(command: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)


def scenario_line(feature: Path) -> int:
    lines = feature.read_text("utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.strip().startswith("Scenario"))


def test_the_printed_replay_command_runs_in_a_new_project(
    dice: tuple[Path, dict[str, str]],
) -> None:
    project, env = dice
    printed = scenario_replay(f"{FEATURE}:{scenario_line(project / FEATURE)}")
    done = run(shlex.split(printed), project, env)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "=== A game for four players can be set up" in done.stdout
    assert "✔ Then the game is not over" in done.stdout


def test_the_printed_replay_command_runs_in_the_pig_project() -> None:
    feature = "features/pig/01_setup.feature"
    line = 31
    assert scenario_line(PIG / feature) <= line
    command = [
        sys.executable,
        "-m",
        "rulebooks.cli",
        *shlex.split(scenario_replay(f"{feature}:{line}"))[1:],
    ]
    done = subprocess.run(command, cwd=PIG, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "=== The first player begins with every score at 0" in done.stdout
    assert "1 passed" in done.stdout


def test_trace_and_games_show_the_new_projects_game(dice: tuple[Path, dict[str, str]]) -> None:
    project, env = dice
    done = run(["rulebooks", "trace"], project / "docs", env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[0] == "DICE-1.1  Two to four players take part"
    assert "MAHE" not in done.stdout
    games = run(["rulebooks", "games"], project / "features", env).stdout
    marked = [line.split()[1] for line in games.splitlines() if line.startswith("*")]
    assert marked == ["dice"], games
    outside = run(["rulebooks", "games"], project.parent, env).stdout  # in no project
    assert not [line for line in outside.splitlines() if line.startswith("*")], outside
    assert re.search(r"^  dice +Dice ", outside, re.M), outside
    assert "\n(not in a project: run it in one, or pass --project DIR" in outside, outside


def test_scenarios_verdict_and_simulate_follow_the_project(
    dice: tuple[Path, dict[str, str]],
) -> None:
    project, env = dice
    done = run(["rulebooks", "scenarios"], project / "docs", env)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert (project / "results" / "results.json").is_file()
    assert not (project / "docs" / "results").exists()
    verdict = run(["rulebooks", "verdict"], project / "features", env)
    assert verdict.returncode == 0, verdict.stdout + verdict.stderr
    scenarios = sum(block.count("Scenario:") for block in tutorial_commands())
    assert f"scenarios: {scenarios} passed, 0 failed" in verdict.stdout
    simulated = run(["rulebooks", "simulate", "all", "--games", "3", "--quiet"], project, env)
    assert simulated.returncode == 0, simulated.stdout + simulated.stderr
    assert simulated.stdout.startswith("dice (players=2")
    assert "mahe" not in simulated.stdout.lower()
    elsewhere = run(["rulebooks", "trace", "--project", str(project)], project.parent, env)
    assert elsewhere.stdout.startswith("DICE-1.1"), elsewhere.stdout + elsewhere.stderr


def test_serve_in_a_new_project_copies_no_other_games_pages(
    dice: tuple[Path, dict[str, str]],
) -> None:
    project, env = dice
    before = sorted(p.name for p in (project / "docs").iterdir() if p.name != "_build")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        ["rulebooks", "serve", "--port", str(port)], cwd=project, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    assert server.stdout is not None
    output: list[str] = []
    deadline = time.monotonic() + 240
    try:
        for line in server.stdout:
            output.append(line)
            if "[serve] serving" in line or time.monotonic() > deadline:
                break
    finally:
        server.send_signal(signal.SIGINT)
        rest, _ = server.communicate(timeout=60)
        output.append(rest)
    text = "".join(output)
    assert "[serve] site rebuilt" in text, text[-3000:]
    after = sorted(p.name for p in (project / "docs").iterdir() if p.name != "_build")
    assert after == before, text[-3000:]  # only the site's output folder, docs/_build, added


def test_a_project_option_that_is_no_project_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "plain").mkdir()
    assert cli(["trace", "--project", "nowhere"]) == 2
    assert capsys.readouterr().err == "rulebooks trace: error: --project nowhere: no such folder\n"
    assert cli(["scenarios", "--project", "plain"]) == 2
    err = capsys.readouterr().err
    assert "--project plain is not a Rulebooks project: it has no pyproject.toml" in err
    assert "rulebooks new GAME" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plain"]


def test_a_project_without_the_rulebooks_table_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', "utf-8")
    (tmp_path / "docs").mkdir()
    monkeypatch.chdir(tmp_path / "docs")
    for command in (["scenarios"], ["replay", "features/x/a.feature:3"], ["verdict"]):
        assert cli(command) == 2
        err = capsys.readouterr().err
        assert f"{tmp_path / 'pyproject.toml'} has no [tool.rulebooks] table" in err, err
        assert "--project DIR" in err
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["docs", "pyproject.toml"]


def _snapshot(folder: Path, but: Path | None = None) -> dict[str, int]:
    """Every file and folder under ``folder`` (``but`` one) with its modification time."""
    return {
        str(p): p.stat().st_mtime_ns
        for p in sorted(folder.rglob("*"))
        if but is None or not p.is_relative_to(but)
    }


MUTATION = """    mutations=(
        Mutation(
            id="dice-wrong-winner", game="dice", clause="DICE-2.1",
            description="the win goes to the next player",
            target="dice_engine.game:DiceState._apply",
            edits=edit("self.winner = self.player",
                       "self.winner = (self.player + 1) % self.game.num_players"),
        ),
    ),
)
"""


def test_mutate_on_one_function_kills_the_rule_bug(dice: tuple[Path, dict[str, str]]) -> None:
    project, env = dice
    plugin = project / "dice_engine" / "plugin.py"
    kept = plugin.read_text("utf-8")
    assert kept.endswith('scenarios_dir="tests",\n)\n')
    mutated = kept.removesuffix(")\n") + MUTATION
    plugin.write_text(mutated.replace("import GameSpec", "import GameSpec, Mutation, edit"))
    try:
        done = run(["rulebooks", "mutate", "--only", "dice-wrong-winner"], project, env)
        every = run(["rulebooks", "mutate"], project, env)  # all the project's hand-made ones
        campaign = run(["rulebooks", "mutate", "--full"], project, env)
    finally:
        plugin.write_text(kept, "utf-8")
    for ran in (done, every):
        assert ran.returncode == 0, ran.stdout[-2000:] + ran.stderr[-2000:]
        assert re.search(r"^KILLED by scenarios +dice-wrong-winner +DICE-2\.1", ran.stdout, re.M)
        assert "kill rate: 1/1 = 100%" in ran.stdout
    assert campaign.returncode == 2
    assert campaign.stderr.startswith("error: --full: options of mutmut's campaign, which runs in")
    # nothing written, here or beside: the last test of the file compares the folders
    assert not (project / "mutation").exists()


@pytest.mark.parametrize(
    ("command", "broken", "words"),
    [
        (["site"], "renderer", "game 'dice' cannot run: rulebooks-dice: game 'dice' is "
         "missing a board renderer: complete its GameSpec"),
        (["scenarios"], "binding", "features/dice/ has 1 feature file(s) but no module of "
         'tests/ binds them: add tests/test_dice.py holding `bind_features("dice", globals())`'),
        (["replay", f"{FEATURE}:8"], "conftest", "tests/ binds features/dice/ but has no "
         "conftest.py making the steps visible: add one star-importing the step module"),
    ],
)  # fmt: skip
def test_a_game_that_cannot_run_is_refused_with_what_to_do_and_nothing_written(
    dice: tuple[Path, dict[str, str]], command: list[str], broken: str, words: str
) -> None:
    project, env = dice
    plugin, binding = project / "dice_engine" / "plugin.py", project / "tests" / "test_dice.py"
    conftest = project / "tests" / "conftest.py"
    kept = {path: path.read_text("utf-8") for path in (plugin, binding, conftest)}
    try:
        if broken == "renderer":
            plugin.write_text(kept[plugin].replace("renderer=to_svg,", "renderer=None,"))
        else:
            (binding if broken == "binding" else conftest).unlink()
        before = _snapshot(project.parent)
        done = run(["rulebooks", *command], project, env)
        assert done.returncode == 2, done.stdout[-2000:] + done.stderr[-2000:]
        assert done.stderr.startswith(f"rulebooks {command[0]}: error: {words}"), done.stderr
        assert len(done.stderr.strip().splitlines()) == 1 and done.stdout == ""
        assert _snapshot(project.parent) == before, "the refused command wrote something"
        games = run(["rulebooks", "games"], project, env)
        assert broken != "renderer" or "missing a board renderer" in games.stdout
    finally:
        for path, text in kept.items():
            path.write_text(text, "utf-8")


def test_one_install_command_in_the_tutorial_the_readme_and_rulebooks_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli(["new", "dice"]) == 0
    printed = re.findall(r"`([^`]*)`", capsys.readouterr().out)
    tutorial = re.findall(r"^```sh\n(.*?)^```", TUTORIAL.read_text("utf-8"), re.M | re.S)
    installs = [
        printed[0],
        readme_commands(tmp_path / "dice")[0].strip(),
        next(line for block in tutorial for line in block.splitlines() if "pip" in line),
    ]
    assert installs == [install_command("dice")] * 3
    assert readme_commands(tmp_path / "dice")[1].strip() == "rulebooks site"


def test_the_ci_workflow_runs_the_readmes_two_commands(dice: tuple[Path, dict[str, str]]) -> None:
    project, _ = dice
    workflow = (project / ".github" / "workflows" / "ci.yml").read_text("utf-8")
    runs = re.findall(r"^      - run: (.+)$", workflow, re.M)
    install, site = (command.strip() for command in readme_commands(project))
    assert runs[-2:] == [install, site]
    assert workflow.rstrip().endswith(f"- run: {site}\n        working-directory: dice")


def test_the_readmes_site_command_leaves_git_status_clean(
    dice: tuple[Path, dict[str, str]],
) -> None:
    """Last in this file: every command above has written its outputs into the project."""
    project, env = dice
    site = readme_commands(project)[1]
    done = run(["bash", "-c", f"set -e\n{site}"], project, env)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    html = project / "docs" / "_build" / "html"
    assert (html / "dice" / "rules.html").is_file()
    rulings = re.sub(r"<[^>]+>", " ", (html / "dice" / "interpretations.html").read_text("utf-8"))
    assert "DICE-R1" in rulings and "A move may not pass the target" in rulings
    simulation = re.sub(
        r"\s+", " ", re.sub(r"<[^>]+>", " ", (html / "simulation.html").read_text("utf-8"))
    )
    assert re.search(r"dice .*200 games", simulation), simulation[:3000]
    status = run(["git", "status", "--porcelain", "--untracked-files=all"], project, env)
    assert status.stdout == "", f"files the commands wrote that git sees:\n{status.stdout}"
    assert _snapshot(project.parent, but=project) == OUTSIDE["beside"], "written beside"
    assert _clone_status() == OUTSIDE["clone"], "a command changed this checkout"
