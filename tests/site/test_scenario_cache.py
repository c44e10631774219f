"""`rulebooks site` reruns only the feature files whose inputs changed
(rulebooks.run.scenario_cache).

A sandbox holds the engine, the Mahé and Masai step definitions and two feature files of each
game. Each test edits one input in turn (a feature file, a game's step module, a game's
engine file, a shared step module) and checks which feature files pytest ran, and that every
other record is reused from the run that recorded it, never for an input that changed.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest

from rulebooks.results.join import load_results
from rulebooks.results.schema import ResultsFile
from rulebooks.run import scenario_cache
from rulebooks.site import pipeline

ROOT = Path(__file__).resolve().parents[2]
RESULTS = Path("results/results.json")
FEATURES = (
    "features/mahe/01_setup.feature",
    "features/mahe/02_dice.feature",
    "features/masai/01_setup.feature",
    "features/masai/02_round.feature",
)
SHARED = ("__init__.py", "conftest.py")  # the shared steps are the library rulebooks.steps
MAHE = {FEATURES[0], FEATURES[1]}
MASAI = {FEATURES[2], FEATURES[3]}


def make_sandbox(root: Path) -> Path:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "engine", root / "engine", ignore=ignore)
    scenarios = root / "tests" / "scenarios"
    for game in ("mahe", "masai"):
        shutil.copytree(ROOT / "tests/scenarios" / game, scenarios / game, ignore=ignore)
    for name in SHARED:
        shutil.copy(ROOT / "tests/scenarios" / name, scenarios / name)
    for feature in FEATURES:
        (root / feature).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / feature, root / feature)
    (root / "tests" / "__init__.py").write_text("", "utf-8")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


@pytest.fixture(scope="module")
def first_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A sandbox after one `rulebooks site`-style recording with an empty cache."""
    sandbox = make_sandbox(tmp_path_factory.mktemp("cache") / "checkout")
    with pytest.MonkeyPatch.context() as patch:
        ran = recording(patch, sandbox)
        recorded = pipeline.record_scenarios(RESULTS, sandbox)
    assert recorded.code == 0 and recorded.new
    assert ran == [["tests/scenarios"]]  # nothing cached: every scenario
    return sandbox


@pytest.fixture
def sandbox(first_run: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the sandbox after its first recording (the cache filled), as the cwd."""
    copy = tmp_path / "checkout"
    shutil.copytree(first_run, copy, symlinks=True)
    monkeypatch.chdir(copy)
    return copy


def recording(monkeypatch: pytest.MonkeyPatch, sandbox: Path) -> list[list[str]]:
    """Run the sandbox's scenarios from the sandbox; returns the pytest paths of each run."""
    monkeypatch.chdir(sandbox)
    path = os.pathsep.join(filter(None, [str(sandbox), os.environ.get("PYTHONPATH")]))
    monkeypatch.setenv("PYTHONPATH", path)
    ran: list[list[str]] = []
    original = pipeline.run_scenarios

    def run_scenarios(results: Path, args: Sequence[str] = (pipeline.SCENARIO_TESTS,)) -> int:
        ran.append([arg for arg in args if arg.startswith("tests/")])
        return original(results, args)

    monkeypatch.setattr(pipeline, "run_scenarios", run_scenarios)
    return ran


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text("utf-8") + text, "utf-8")


def rerun_and_reused(results: ResultsFile) -> tuple[set[str], set[str]]:
    """The feature files run by this run, and those whose records were reused."""
    fresh = {record.feature for record in results.scenarios if record.reused is None}
    reused = {record.feature for record in results.scenarios if record.reused is not None}
    assert not fresh & reused, "a feature file's records are all fresh or all reused"
    return fresh, reused


def test_the_first_run_records_every_feature_file(first_run: Path) -> None:
    results = load_results(first_run / RESULTS).file
    assert rerun_and_reused(results) == (set(FEATURES), set())
    cache, problem = scenario_cache.ScenarioCache.load(first_run / "results/.cache/scenarios.json")
    assert problem is None and set(cache.entries) == set(FEATURES)


def test_nothing_changed_keeps_the_results(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ran = recording(monkeypatch, sandbox)
    before = (sandbox / RESULTS).read_bytes()
    recorded = pipeline.record_scenarios(RESULTS, sandbox)
    assert ran == [] and not recorded.new and recorded.code == 0
    assert (sandbox / RESULTS).read_bytes() == before
    assert "no input of the 4 feature files changed" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("edited", "folders", "rerun"),
    [
        ("features/mahe/02_dice.feature", ["tests/scenarios/mahe"], {FEATURES[1]}),
        ("tests/scenarios/masai/steps.py", ["tests/scenarios/masai"], MASAI),
        ("engine/mahe/game.py", ["tests/scenarios/mahe"], MAHE),
        ("engine/masai/data/board.json", ["tests/scenarios/masai"], MASAI),
        ("tests/scenarios/conftest.py", ["tests/scenarios"], set(FEATURES)),
        ("engine/core.py", ["tests/scenarios"], set(FEATURES)),
        ("rulebooks/run/recorder.py", ["tests/scenarios"], set(FEATURES)),
        ("rulebooks/run/outcome.py", ["tests/scenarios"], set(FEATURES)),
    ],
)
def test_an_edit_reruns_exactly_the_feature_files_depending_on_it(
    sandbox: Path,
    monkeypatch: pytest.MonkeyPatch,
    edited: str,
    folders: list[str],
    rerun: set[str],
) -> None:
    first = load_results(sandbox / RESULTS).file
    ran = recording(monkeypatch, sandbox)
    path = sandbox / edited
    if edited.startswith("rulebooks/"):  # the recorder is the installed one: key it here
        # Its whole package, so that the sandbox's copy of the folder shadows no module of it.
        package = (ROOT / edited).parent
        shutil.copytree(package, path.parent, ignore=shutil.ignore_patterns("__pycache__"))
    elif path.suffix == ".json":  # same data, another text: still a change of input
        path.write_text(json.dumps(json.loads(path.read_text("utf-8")), indent=1), "utf-8")
    else:
        append(path, "\n# edited by the test\n")
    recorded = pipeline.record_scenarios(RESULTS, sandbox)
    assert recorded.code == 0 and recorded.new
    assert ran == [folders]
    results = load_results(sandbox / RESULTS).file
    assert rerun_and_reused(results) == (rerun, set(FEATURES) - rerun)
    for record in results.scenarios:
        if record.reused is not None:  # from the first run, which recorded it on these inputs
            assert record.reused.run_started == first.started
    verdict = pipeline.judge(sandbox / RESULTS, sandbox)
    assert not verdict.untrusted and verdict.all_passed
    assert verdict.counts["passed"] == len(first.scenarios)


def test_records_are_not_reused_for_a_text_that_changed_since(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The recorder checks the reused file's text again: an edit between the plan and the
    run leaves its scenarios not run (partial), never reused."""
    recording(monkeypatch, sandbox)
    runs = sum(
        1 for r in load_results(sandbox / RESULTS).file.scenarios if r.feature == FEATURES[0]
    )
    plan = scenario_cache.plan(sandbox, scenario_cache.cache_file(RESULTS))
    append(sandbox / FEATURES[0], "\n# edited after the plan\n")
    reuse = sandbox / "reuse.json"
    reuse.write_text(json.dumps(scenario_cache.reuse_payload(plan)), "utf-8")
    pipeline.run_scenarios(RESULTS, ["tests/scenarios/masai", "--rulebooks-reuse", str(reuse)])
    results = load_results(sandbox / RESULTS).file
    assert FEATURES[0] not in {record.feature for record in results.scenarios}
    assert results.run.partial
    assert f"{FEATURES[0]}: changed since its records were cached" in " ".join(results.run.problems)
    verdict = pipeline.judge(sandbox / RESULTS, sandbox)
    assert runs > 0 and verdict.counts["not run"] == runs and verdict.untrusted


@pytest.mark.parametrize(
    "engine_file",
    ["engine/masai/game.py", "engine/mahe/game.py"],
    ids=["imported by the run", "only reused"],
)
def test_records_are_not_reused_for_code_that_changed_after_the_plan(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch, engine_file: str
) -> None:
    """Issue 28, point 4: an engine edit saved after `rulebooks site` planned what to reuse
    (before the run starts) leaves the reused feature files not run, never reused as if
    they had run on the edited code: whether the run imports the file (Masai, rerun) or
    not (Mahé, every file reused)."""
    recording(monkeypatch, sandbox)
    append(sandbox / FEATURES[2], "\n# edited: Masai's files are rerun\n")
    append(sandbox / FEATURES[3], "\n# edited\n")
    plan = scenario_cache.plan(sandbox, scenario_cache.cache_file(RESULTS))
    assert set(plan.reuse) == MAHE and set(plan.rerun) == MASAI
    append(sandbox / engine_file, "\n# saved after the plan\n")
    reuse = sandbox / "reuse.json"
    reuse.write_text(json.dumps(scenario_cache.reuse_payload(plan)), "utf-8")
    pipeline.run_scenarios(RESULTS, ["tests/scenarios/masai", "--rulebooks-reuse", str(reuse)])
    results = load_results(sandbox / RESULTS).file
    assert {record.feature for record in results.scenarios} == MASAI
    assert not any(record.reused for record in results.scenarios)
    assert results.run.partial
    said = " ".join(results.run.problems)
    assert f"changed after the run planned its reuse: {engine_file}" in said, said
    assert pipeline.judge(sandbox / RESULTS, sandbox).untrusted


@pytest.mark.parametrize(
    ("cache_text", "said"),
    [
        ("{not json", "unreadable"),
        (json.dumps({"kind": "rulebooks scenario cache", "version": 999}), "format version 999"),
        ("[]", "not a scenario cache"),
    ],
)
def test_a_corrupted_cache_is_said_and_rebuilt(
    sandbox: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    cache_text: str,
    said: str,
) -> None:
    ran = recording(monkeypatch, sandbox)
    cache = sandbox / "results/.cache/scenarios.json"
    cache.write_text(cache_text, "utf-8")
    recorded = pipeline.record_scenarios(RESULTS, sandbox)
    out = capsys.readouterr().out
    assert f"scenario cache {cache.relative_to(sandbox)}: " in out and "it is rebuilt" in out
    assert said in out
    assert ran == [["tests/scenarios"]] and recorded.code == 0  # all rerun, none reused
    assert rerun_and_reused(load_results(sandbox / RESULTS).file) == (set(FEATURES), set())
    rebuilt, problem = scenario_cache.ScenarioCache.load(cache)
    assert problem is None and set(rebuilt.entries) == set(FEATURES)


def test_the_cache_knows_each_files_runs(first_run: Path) -> None:
    """Every entry carries the runs its file asks for, as the parsed file lists them."""
    from rulebooks.results.gherkin_model import load_feature

    cache, _ = scenario_cache.ScenarioCache.load(first_run / "results/.cache/scenarios.json")
    for feature in FEATURES:
        model = load_feature(first_run / feature, feature)
        runs = cache.entries[feature].runs
        assert runs is not None and set(runs) == model.runs() and len(runs) > 1


def test_a_reused_file_is_checked_against_its_cached_runs(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The recorder does not parse a reused file: it checks the reused records against the
    runs cached with them. A run they lack is said not run, as a parsed file's would be."""
    cache = sandbox / "results/.cache/scenarios.json"
    data = json.loads(cache.read_text("utf-8"))
    data["features"][FEATURES[0]]["runs"].append([9999, None])
    cache.write_text(json.dumps(data), "utf-8")
    recording(monkeypatch, sandbox)
    append(sandbox / FEATURES[2], "\n# edited by the test\n")
    pipeline.record_scenarios(RESULTS, sandbox)
    results = load_results(sandbox / RESULTS).file
    assert rerun_and_reused(results) == ({FEATURES[2]}, set(FEATURES) - {FEATURES[2]})
    assert f"1 scenario runs not run: {FEATURES[0]}:9999" in results.run.problems


def test_malformed_runs_in_the_cache_are_refused(sandbox: Path) -> None:
    cache = sandbox / "results/.cache/scenarios.json"
    data = json.loads(cache.read_text("utf-8"))
    data["features"][FEATURES[0]]["runs"] = [["12", None]]
    cache.write_text(json.dumps(data), "utf-8")
    loaded, problem = scenario_cache.ScenarioCache.load(cache)
    assert loaded.entries == {} and problem is not None
    assert "malformed" in problem and "runs: expected [line, row line or null]" in problem


def test_a_tampered_record_in_the_cache_is_refused(sandbox: Path) -> None:
    cache = sandbox / "results/.cache/scenarios.json"
    data = json.loads(cache.read_text("utf-8"))
    data["features"][FEATURES[0]]["scenarios"][0]["status"] = "green"
    cache.write_text(json.dumps(data), "utf-8")
    loaded, problem = scenario_cache.ScenarioCache.load(cache)
    assert loaded.entries == {} and problem is not None
    assert "malformed" in problem and "expected one of passed" in problem


def test_full_reruns_everything(sandbox: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ran = recording(monkeypatch, sandbox)
    pipeline.record_scenarios(RESULTS, sandbox, full=True)
    assert ran == [["tests/scenarios"]]
    assert rerun_and_reused(load_results(sandbox / RESULTS).file) == (set(FEATURES), set())


def test_keys_separate_the_games() -> None:
    features = {"features/a/x.feature": "1", "features/b/y.feature": "2"}
    code = {"engine/a/game.py": "3", "engine/b/game.py": "4", "engine/core.py": "5"}
    env = {"python": "3.11"}
    keys = scenario_cache.feature_keys(features, code, env)
    moved = scenario_cache.feature_keys(features, {**code, "engine/b/game.py": "6"}, env)
    assert keys["features/a/x.feature"] == moved["features/a/x.feature"]
    assert keys["features/b/y.feature"] != moved["features/b/y.feature"]
    shared = scenario_cache.feature_keys(features, {**code, "engine/core.py": "7"}, env)
    assert all(keys[path] != shared[path] for path in features)
    newer = scenario_cache.feature_keys(features, code, {"python": "3.12"})
    assert all(keys[path] != newer[path] for path in features)


def test_a_removed_feature_file_leaves_the_results(
    sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ran = recording(monkeypatch, sandbox)
    (sandbox / FEATURES[3]).unlink()
    recorded = pipeline.record_scenarios(RESULTS, sandbox)
    assert recorded.new and recorded.code == 0 and len(ran) == 1  # nothing to run, all reused
    results = load_results(sandbox / RESULTS).file
    assert rerun_and_reused(results) == (set(), set(FEATURES[:3]))
    assert FEATURES[3] not in results.fingerprint.features
    verdict = pipeline.judge(sandbox / RESULTS, sandbox)
    assert not verdict.untrusted and verdict.all_passed
