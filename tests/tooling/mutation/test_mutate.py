"""The mutation campaign's bookkeeping (rulebooks.mutation.campaign, rulebooks.mutation.results)
and the
site's mutation strength, without running mutmut: mutmut's part is replaced by a stub that
records which functions it was asked to mutate. The real campaign is `make mutate`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from rulebooks.mutation import campaign as mutate
from rulebooks.mutation import dask_worker as mutant_worker
from rulebooks.mutation import results as mutate_results
from rulebooks.mutation.handmade import MUTATIONS, Mutation, Outcome
from rulebooks.mutation.killers_plugin import KILLERS
from rulebooks.mutation.results import MutationResultsError
from tests.tooling.site.test_sphinxext import element_of, make_project

ROOT = Path(__file__).resolve().parents[3]


def mutant(name: str, status: str, line: int = 10) -> dict[str, Any]:
    killers = ["tests/scenarios/mahe/test_mahe.py::test_x"] if status == "killed" else []
    return {"name": name, "line": line, "status": status, "diff": f"-a\n+b {name}",
            "killed_by": killers}  # fmt: skip


def results_data(engine_files: dict[str, str | None] | None = None) -> dict[str, Any]:
    killed = [mutant(f"engine.mahe.game.x_is_bust__mutmut_{n}", "killed") for n in range(1, 14)]
    return {
        "schema": 1,
        "git": {"commit": "0123456789abcdef", "dirty": False},
        "finished": "2026-12-01T08:00:00+00:00",
        "wall_seconds": 12.5,
        "workers": 2,
        "engine_files": engine_files or {},
        "functions": [
            {"path": "engine/mahe/game.py", "qualname": "is_bust", "line": 9, "game": "mahe",
             "clauses": ["MAHE-3.3", "MAHE-3.4"], "hash": "h",
             "mutants": [*killed,
                         mutant("engine.mahe.game.x_is_bust__mutmut_14", "survived", 11),
                         mutant("engine.mahe.game.x_is_bust__mutmut_15", "survived", 12)]},
            {"path": "engine/mahe/game.py", "qualname": "passes_beach", "line": 20,
             "game": "mahe", "clauses": ["MAHE-6.1"], "hash": "h",
             "mutants": [mutant("engine.mahe.game.x_passes_beach__mutmut_1", "no tests"),
                         mutant("engine.mahe.game.x_passes_beach__mutmut_2", "timeout")]},
        ],
        "rule_mutations": [{"id": "mahe-bust-at-7", "game": "mahe", "clause": "MAHE-3.3",
                            "description": "a total of 7 busts", "verdict": "killed"}],
    }  # fmt: skip


EQUIVALENT = '[equivalent]\n"engine.mahe.game.x_is_bust__mutmut_15" = "sum() > 7 and >= 8 agree"\n'


def test_strength_counts_equivalents_and_timeouts_as_killed() -> None:
    results = mutate_results.parse(
        results_data(), {"engine.mahe.game.x_is_bust__mutmut_15": "same"}, "x"
    )
    assert results.clause_strength("MAHE-3.3").text() == "14 of 15 mutants killed"
    assert results.clause_strength("MAHE-6.1").text() == "1 of 2 mutants killed"  # no tests
    assert results.clause_strength("MAHE-9.9").text() == "no mutants"
    assert results.game_strength("mahe").detected == 15
    assert [m.name for m in results.survivors()] == [
        "engine.mahe.game.x_is_bust__mutmut_14", "engine.mahe.game.x_passes_beach__mutmut_1",
    ]  # fmt: skip
    assert results.stale_equivalents == []
    survivor = results.survivors()[0]
    assert survivor.rerun == "rulebooks mutate --mutant 'engine.mahe.game.x_is_bust__mutmut_14'"


def test_an_equivalence_note_naming_no_mutant_is_reported(tmp_path: Path) -> None:
    results = mutate_results.parse(results_data(), {"engine.mahe.game.x_gone__mutmut_1": "x"}, "x")
    assert results.stale_equivalents == ["engine.mahe.game.x_gone__mutmut_1"]
    (message,) = mutate_results.stale_equivalent_messages(results, tmp_path / "eq.toml")
    assert "engine.mahe.game.x_gone__mutmut_1 names no mutant of the last campaign" in message


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ('[equivalent]\n"m" = """two\nlines"""\n', "one non-empty line"),
        ('[equivalent]\n"m" = ""\n', "one non-empty line"),
        ('[other]\n"m" = "x"\n', "expected only an"),
        ("[equivalent\n", "not valid TOML"),
    ],
)
def test_bad_equivalence_files_are_refused(tmp_path: Path, text: str, error: str) -> None:
    path = tmp_path / "equivalent.toml"
    path.write_text(text, "utf-8")
    with pytest.raises(MutationResultsError, match=error):
        mutate_results.load_equivalents(path)


def test_bad_results_files_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    path.write_text("{", "utf-8")
    with pytest.raises(MutationResultsError, match="not a readable JSON file"):
        mutate_results.load(path, tmp_path / "none.toml")
    path.write_text(json.dumps({**results_data(), "schema": 99}), "utf-8")
    with pytest.raises(MutationResultsError, match="schema 99, expected 1"):
        mutate_results.load(path, tmp_path / "none.toml")
    assert mutate_results.load(tmp_path / "absent.json") is None


def test_results_are_stale_when_a_mutated_engine_file_changed(tmp_path: Path) -> None:
    engine = tmp_path / "engine" / "mahe" / "game.py"
    engine.parent.mkdir(parents=True)
    engine.write_text("x = 1\n", "utf-8")
    recorded = {"engine/mahe/game.py": mutate_results.file_sha256(engine)}
    results = mutate_results.parse(results_data(recorded), {}, "x")
    assert results.stale_files(tmp_path) == []
    engine.write_text("x = 2\n", "utf-8")
    assert results.stale_files(tmp_path) == ["engine/mahe/game.py"]


def test_an_interrupted_write_leaves_the_previous_file(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    mutate.write_atomically(path, {"schema": 1, "old": True})

    class Interrupting:
        def __repr__(self) -> str:
            raise KeyboardInterrupt

    with pytest.raises(TypeError):
        mutate.write_atomically(path, {"schema": 1, "bad": Interrupting()})
    assert json.loads(path.read_text("utf-8")) == {"schema": 1, "old": True}
    assert [p.name for p in tmp_path.iterdir()] == ["results.json"]  # no temporary file left


def test_ctrl_c_during_a_campaign_says_the_results_file_was_not_touched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "mutation").mkdir()
    results = tmp_path / "mutation" / "results.json"
    results.write_text(json.dumps(results_data()), "utf-8")
    before = results.read_bytes()

    def interrupted(**_: Any) -> dict[str, Any]:
        raise KeyboardInterrupt

    monkeypatch.setattr(mutate, "campaign", interrupted)
    assert mutate.main(root=tmp_path) == 130
    assert "interrupted" in capsys.readouterr().err
    assert results.read_bytes() == before


def test_a_bad_mutant_name_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert mutate.main(mutant="rm -rf /") == 2
    assert "not a mutmut mutant name" in capsys.readouterr().out


def test_function_hashes_ignore_docstrings(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text('def f(x):\n    """MAHE-3.3."""\n    return x > 7\n', "utf-8")
    first = mutate.code_hashes(source)
    source.write_text('def f(x):\n    """MAHE-3.3, MAHE-3.4: reworded."""\n    return x > 7\n')
    assert mutate.code_hashes(source) == first
    source.write_text('def f(x):\n    """MAHE-3.3."""\n    return x >= 7\n', "utf-8")
    assert mutate.code_hashes(source) != first


def test_mangled_names_are_mutmuts() -> None:
    from mutmut.utils.format_utils import orig_function_and_class_names_from_key

    by_name = {t.unit.qualname: t for t in mutate.targets()}
    method = mutate.mangled(by_name["MaheState._bust"].unit)
    function = mutate.mangled(by_name["is_bust"].unit)
    assert method == "engine.mahe.game.x\u01c1MaheState\u01c1_bust"
    assert function == "engine.mahe.game.x_is_bust"
    assert orig_function_and_class_names_from_key(method + "__mutmut_3") == (
        "_bust", "MaheState",
    )  # fmt: skip


class FakeMutmut:
    """Stands for mutmut: records the functions asked for, kills every mutant."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []
        self.backends: list[mutate.DaskBackend | None] = []

    def run(
        self,
        patterns: Sequence[str],
        workers: int,
        root: Path = ROOT,
        dask: mutate.DaskBackend | None = None,
    ) -> None:
        self.calls.append(list(patterns))
        self.backends.append(dask)

        self.fresh: list[tuple[str, str]] = []  # (mutant, game) rerun in a fresh process

    def collect(
        self, chosen: Sequence[mutate.Target], root: Path = ROOT
    ) -> dict[str, list[dict[str, Any]]]:
        return {
            t.key: [mutant(mutate.mangled(t.unit) + "__mutmut_1", "killed", t.unit.line)]
            for t in chosen
        }

    def fresh_pytest(self, name: str, game: str, folder: Path, timeout: float | None) -> int:
        """The clean run passes; a mutant rerun fresh survives."""
        self.fresh.append((name, game))
        return 0


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeMutmut:
    stub = FakeMutmut()
    monkeypatch.setattr(mutate, "run_mutmut", stub.run)
    monkeypatch.setattr(mutate, "collect", stub.collect)
    monkeypatch.setattr(mutate, "_fresh_pytest", stub.fresh_pytest)
    return stub


def test_functions_run_at_import_are_found() -> None:
    found = mutate.import_time_functions(ROOT / "engine/mamey/game.py")
    assert {"_all_sales", "_is_run"} <= found  # the sales table, built when imported
    assert "sales_in_hand" not in found and "start_cubes" not in found
    assert mutate.import_time_functions(ROOT / "engine/mahe/game.py") == set()


def test_mutants_run_at_import_or_without_tests_are_rerun_fresh(
    tmp_path: Path, fake: FakeMutmut, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_collect = fake.collect

    def one_without_tests(chosen: Sequence[mutate.Target], root: Path = ROOT) -> Any:
        found = real_collect(chosen, root)
        key = next(t.key for t in chosen if t.unit.qualname == "is_bust")
        found[key][0]["status"] = "no tests"
        return found

    monkeypatch.setattr(mutate, "collect", one_without_tests)
    data = mutate.campaign(workers=1, out=tmp_path / "r.json", hand_made=False)
    rerun = {name.split(".x")[1] for name, _ in fake.fresh if name}
    assert rerun == {"_is_bust__mutmut_1", "__all_sales__mutmut_1", "__is_run__mutmut_1"}
    assert ("", "mahe") in fake.fresh and ("", "mamey") in fake.fresh  # clean runs first
    status = {f["qualname"]: f["mutants"][0]["status"] for f in data["functions"]}
    assert status["is_bust"] == status["_all_sales"] == "survived"  # the fresh verdict
    assert status["MameyState._sell"] == "killed"  # mutmut's own verdict kept


def test_a_campaign_reruns_only_what_changed(
    tmp_path: Path, fake: FakeMutmut, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "results.json"
    first = mutate.campaign(workers=1, out=out, hand_made=False)
    functions = len(first["functions"])
    assert functions == len(mutate.targets()) > 50
    assert len(fake.calls[0]) == functions  # one pattern per function citing a clause
    assert first["ran_functions"] == functions and first["kept_functions"] == 0
    mutate_results.load(out, tmp_path / "none.toml")  # the file written parses

    again = mutate.campaign(workers=1, out=out, hand_made=False)
    assert len(fake.calls) == 1, "nothing changed: mutmut must not run"
    assert again["kept_functions"] == functions and again["functions"] == first["functions"]

    real_targets = mutate.targets

    def one_changed(root: Path = ROOT) -> list[mutate.Target]:
        found = real_targets(root)
        changed = next(i for i, t in enumerate(found) if t.unit.qualname == "is_bust")
        found[changed] = mutate.Target(found[changed].unit, "changed")
        return found

    monkeypatch.setattr(mutate, "targets", one_changed)
    mutate.campaign(workers=1, out=out, hand_made=False)
    assert fake.calls[-1] == ["engine.mahe.game.x_is_bust__mutmut_*"]

    real_suites = mutate.suite_hashes

    def mamey_changed(root: Path = ROOT) -> dict[str, str]:
        return {**real_suites(root), "mamey": "another suite"}

    monkeypatch.setattr(mutate, "suite_hashes", mamey_changed)
    mutate.campaign(workers=1, out=out, hand_made=False)
    mamey = sum(1 for t in real_targets() if t.unit.game == "mamey")
    assert len(fake.calls[-1]) == mamey > 0, "a changed Mamey scenario reruns Mamey only"
    assert all(p.startswith("engine.mamey.") for p in fake.calls[-1])


def test_a_scenario_changed_in_one_game_changes_that_games_suite_only(tmp_path: Path) -> None:
    for path in ("pyproject.toml", "tests/__init__.py", "rulebooks/steps/notation.py"):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes((ROOT / path).read_bytes())
    (tmp_path / "features/mahe").mkdir(parents=True)
    feature = tmp_path / "features/mahe/a.feature"
    feature.write_text("Feature: a\n")
    before = mutate.suite_hashes(tmp_path)
    feature.write_text("Feature: b\n")
    after = mutate.suite_hashes(tmp_path)
    assert before["mahe"] != after["mahe"]
    assert {g: h for g, h in before.items() if g != "mahe"} == {
        g: h for g, h in after.items() if g != "mahe"
    }
    (tmp_path / "rulebooks/steps/notation.py").write_text("# shared notation changed\n")
    assert all(
        a != b for a, b in zip(after.values(), mutate.suite_hashes(tmp_path).values(), strict=True)
    ), "shared steps change every game's suite"


class FakeCluster:
    """Stands for a Dask cluster: records the mutants sent to it, each survives."""

    address, name = "tcp://127.0.0.1:8786", "Dask cluster at tcp://127.0.0.1:8786"

    def __init__(self) -> None:
        self.judged: list[tuple[str, list[str], float]] = []
        self.closed = False

    def __enter__(self) -> FakeCluster:
        return self

    def __exit__(self, *_: object) -> None:
        self.closed = True


def test_a_campaign_on_dask_judges_mutmuts_mutants_and_the_fresh_reruns_there(
    tmp_path: Path, fake: FakeMutmut, monkeypatch: pytest.MonkeyPatch
) -> None:
    cluster = FakeCluster()
    monkeypatch.setattr(mutate.DaskBackend, "start", lambda self: cluster)

    def judge_all(
        on: FakeCluster, mutants: Path, jobs: list[tuple[str, list[str], float]], args: list[str]
    ) -> list[tuple[int, float, list[str]]]:
        assert (
            on is cluster
            and not on.closed
            and args == ["-p", "no:cacheprovider", "-p", "rulebooks.mutation.killers_plugin"]
        )
        on.judged += jobs
        return [(0, 1.0, []) for _ in jobs]

    monkeypatch.setattr(mutant_worker, "judge_all", judge_all)
    sent: list[str] = []

    def on_cluster(on: FakeCluster, chosen: list[Mutation], root: Path) -> list[Outcome]:
        assert on is cluster and not on.closed
        sent.extend(m.id for m in chosen)
        return [Outcome(m, m.game, killed_by=["scenarios"]) for m in chosen]

    monkeypatch.setattr(mutate, "rule_mutations_on", on_cluster)
    data = mutate.campaign(workers=1, out=tmp_path / "r.json", games=["mamey"],
                           dask=mutate.DaskBackend(None, 2))  # fmt: skip
    assert sent == [m.id for m in MUTATIONS], "the hand-made mutations: on the cluster too"
    assert {r["verdict"] for r in data["rule_mutations"]} == {"killed"}
    assert fake.backends == [mutate.DaskBackend(cluster.address)], "mutmut joins the cluster"
    rerun = sorted(name.split(".x")[1] for name, _, _ in cluster.judged)
    assert rerun == ["__all_sales__mutmut_1", "__is_run__mutmut_1"], "run at import: on Dask"
    assert [tests for _, tests, _ in cluster.judged] == [["tests/scenarios/mamey"]] * 2
    assert [name for name, _ in fake.fresh] == [""], "only the clean run here"
    status = {f["qualname"]: f["mutants"][0]["status"] for f in data["functions"]}
    assert status["_all_sales"] == "survived" and status["MameyState._sell"] == "killed"
    assert cluster.closed


def test_a_campaign_of_one_game_keeps_the_others(tmp_path: Path, fake: FakeMutmut) -> None:
    out = tmp_path / "results.json"
    mutate.campaign(workers=1, out=out, hand_made=False, games=["mahe"])
    assert all(p.startswith("engine.mahe.") for p in fake.calls[0])
    mutate.campaign(workers=1, out=out, hand_made=False, games=["mamey"])
    data = mutate.campaign(workers=1, out=out, hand_made=False, games=["mamey"], full=True)
    assert all(p.startswith("engine.mamey.") for p in fake.calls[-1]), "--full: Mamey again"
    assert {f["game"] for f in data["functions"]} == {"mahe", "mamey"}, "Mahé kept"
    with pytest.raises(mutate.CampaignError, match="no game"):
        mutate.campaign(workers=1, out=out, hand_made=False, games=["chess"])


# -- the site --------------------------------------------------------------------------------
COVERAGE = "# Coverage\n\n```{mutation-report}\n```\n"


def test_the_site_shows_strength_beside_the_verdict_and_the_report(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    project.write("docs/coverage.md", COVERAGE)
    project.write("mutation/results.json", json.dumps(results_data()))
    project.write("mutation/equivalent.toml", EQUIVALENT)
    build = project.build()
    clause = build.text("rules", "MAHE-3.3")
    assert "Mutation strength: 14 of 15 mutants killed (93%), 1 of them equivalent" in clause
    report = build.text("coverage", "mutation-report")
    assert "Campaign of commit 0123456789ab" in report
    assert "engine.mahe.game.x_is_bust__mutmut_14" in report
    assert "rulebooks mutate --mutant 'engine.mahe.game.x_is_bust__mutmut_14'" in report
    assert "Equivalent: sum() > 7 and >= 8 agree" in report
    assert "Clauses below 90%: 1" in report and "MAHE-6.1" in report
    assert "Hand-made rule mutations: 1 of 1 killed" in report
    assert "Stale mutation results" not in report


def test_the_site_flags_stale_results_and_stale_equivalence_notes(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    project.write("docs/coverage.md", COVERAGE)
    project.write("engine/mahe/game.py", "x = 1\n")
    project.write(
        "mutation/results.json", json.dumps(results_data({"engine/mahe/game.py": "0" * 64}))
    )
    project.write("mutation/equivalent.toml", '[equivalent]\n"engine.x_gone__mutmut_1" = "r"\n')
    build = project.build()
    report = build.text("coverage", "mutation-report")
    assert "Stale mutation results" in report and "engine/mahe/game.py" in report
    clause = build.text("rules", "MAHE-3.3")  # its code changed: no strength is claimed
    assert (
        "Mutation strength: stale (engine/mahe/game.py changed since the campaign; it was "
        "13 of 15 mutants killed (87%): rerun make mutate)"
    ) in clause
    assert "(stale: 3 clauses changed since)" in report  # the game's score says so too
    assert "engine.x_gone__mutmut_1 names no mutant of the last campaign" in report
    assert "engine.x_gone__mutmut_1 names no mutant" in build.warnings


def test_a_clause_no_scenario_checks_shows_no_strength(tmp_path: Path) -> None:
    """Mutants "killed" by a suite holding none of a clause's scenarios say nothing of it."""
    project = make_project(tmp_path)
    data = results_data()
    data["functions"][1]["clauses"] = ["MAHE-9.1"]  # a clause with no scenario
    project.write("mutation/results.json", json.dumps(data))
    build = project.build()
    clause = build.text("rules", "MAHE-9.1")
    assert "Mutation strength: none (no scenario checks this clause)." in clause
    assert "mutants killed" not in clause


def test_the_site_without_mutation_results_says_so(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    project.write("docs/coverage.md", COVERAGE)
    build = project.build()
    assert "No mutation campaign results yet" in build.text("coverage", "mutation-report")
    assert "Mutation strength: not run yet." in build.text("rules", "MAHE-3.3")
    assert element_of(build.pages["rules"], "MAHE-3.3")


def test_the_committed_results_parse_and_their_equivalence_notes_name_mutants() -> None:
    results = mutate_results.load(
        ROOT / mutate_results.RESULTS_FILE, ROOT / mutate_results.EQUIVALENT_FILE
    )
    assert results is not None, "mutation/results.json is committed (make mutate writes it)"
    assert results.stale_equivalents == []
    assert {m.game for m in results.mutants} == {"mahe", "mahola", "mamey", "masai"}


def test_the_report_and_the_survivors_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "mutation").mkdir()
    (tmp_path / "mutation" / "results.json").write_text(json.dumps(results_data()), "utf-8")
    (tmp_path / "mutation" / "equivalent.toml").write_text(EQUIVALENT, "utf-8")
    out = tmp_path / "SURVIVORS.md"
    assert mutate.main(report_only=True, survivors=out, root=tmp_path) == 0
    printed = capsys.readouterr().out
    assert "mahe    15 of 17 mutants killed = 88%" in printed
    assert "MAHE-6.1     1 of 2 mutants killed" in printed
    assert "hand-made rule mutations: 1 of 1 killed" in printed
    text = out.read_text("utf-8")
    assert "## mahe: 2 survivor(s); 15 of 17 mutants killed" in text
    assert "### MAHE-3.3: 14 of 15 mutants killed" in text
    assert "`engine/mahe/game.py:11` `is_bust` survived (also cited for MAHE-3.4)" in text
    assert "  +b engine.mahe.game.x_is_bust__mutmut_14" in text
    assert "x_is_bust__mutmut_15" not in text  # equivalent: not a survivor


def test_the_scenarios_that_killed_a_mutant_are_read_whole(tmp_path: Path) -> None:
    """A node ID may hold spaces (an example's values): one line, one scenario."""
    folder = tmp_path / KILLERS
    folder.mkdir()
    node = "tests/scenarios/mahe/test_mahe.py::test_from_the_raft_dice_dice_move[3, 3-12]"
    (folder / "m__mutmut_1").write_text(f"{node}\n{node}\ntests/x.py::test_y\n", "utf-8")
    assert mutate.killers_of(tmp_path, "m__mutmut_1") == [node, "tests/x.py::test_y"]
    assert mutate.killers_of(tmp_path, "m__mutmut_2") == []


def test_a_results_file_with_killers_that_are_no_test_ids_is_refused(tmp_path: Path) -> None:
    data = json.loads((ROOT / mutate_results.RESULTS_FILE).read_text("utf-8"))
    mutant = next(m for f in data["functions"] for m in f["mutants"] if m["killed_by"])
    mutant["killed_by"] = ["3-12]", *mutant["killed_by"]]  # a node ID cut at its space
    with pytest.raises(mutate_results.MutationResultsError, match="no test ID"):
        mutate_results.parse(data, {}, "results.json")
