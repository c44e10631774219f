"""The clause-to-code map (rulebooks.games.trace) is true: no unknown citation, no uncited
clause."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebooks.cli import main as cli
from rulebooks.games import trace

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def the_map() -> trace.TraceMap:
    return trace.build(ROOT)


@pytest.mark.parametrize("game", trace.GAMES)
def test_engine_code_cites_only_defined_clauses_and_rulings(
    the_map: trace.TraceMap, game: str
) -> None:
    unknown = [f"{u.where} {u.qualname}: {i}" for u, i in the_map.unknown if u.game == game]
    assert unknown == [], f"code cites IDs no docs page defines: {unknown}"


@pytest.mark.parametrize("game", trace.GAMES)
def test_every_clause_that_needs_code_is_cited_by_code(the_map: trace.TraceMap, game: str) -> None:
    uncited = [c.id for c in the_map.uncited(game)]
    assert uncited == [], (
        f"clauses no engine docstring cites (cite them, or mark them ':no-code: <reason>'): "
        f"{uncited}"
    )
    contradicted = [c.id for c in the_map.needlessly_cited(game)]
    assert contradicted == [], f"marked :no-code: yet cited by code: {contradicted}"


def test_every_game_has_clauses_and_code(the_map: trace.TraceMap) -> None:
    for game in trace.GAMES:
        assert len(the_map.rule_clauses(game)) >= 20, game
        assert any(u.cites for u in the_map.units if u.game == game), game


def test_citations_expand_ranges_and_shorthand() -> None:
    assert trace.citations("MAHE-6.1..6.3 and MAHE-7.1") == [
        "MAHE-6.1", "MAHE-6.2", "MAHE-6.3", "MAHE-7.1",
    ]  # fmt: skip
    assert trace.citations("MASAI-9.4, 9.5: tied players") == ["MASAI-9.4", "MASAI-9.5"]
    assert trace.citations("see MAMEY-R4; MAHOLA-4 and NOTAGAME-1.1") == ["MAMEY-R4", "MAHOLA-4"]


def _project(tmp_path: Path, rules: str, code: str) -> Path:
    (tmp_path / "docs" / "mahe").mkdir(parents=True)
    (tmp_path / "docs" / "mahe" / "rules.md").write_text(rules, "utf-8")
    (tmp_path / "engine" / "mahe").mkdir(parents=True)
    (tmp_path / "engine" / "mahe" / "game.py").write_text(code, "utf-8")
    return tmp_path


RULES = """# rules

```{clause} MAHE-1.1
:title: Components
:no-code: a list of components

Text.
```

```{clause} MAHE-3.3
:section: Gameplay
:title: Bust

Text.
```
"""


def test_a_citation_of_an_unknown_clause_is_a_problem(tmp_path: Path) -> None:
    code = 'def is_bust():\n    """MAHE-3.3 and MAHE-3.9."""\n'
    the_map = trace.build(_project(tmp_path, RULES, code))
    assert [(u.qualname, i) for u, i in the_map.unknown] == [("is_bust", "MAHE-3.9")]
    assert trace.problems(the_map) == [
        "engine/mahe/game.py:1 is_bust cites MAHE-3.9, which no docs page defines"
    ]


def test_an_uncited_clause_is_a_problem_unless_marked_no_code(tmp_path: Path) -> None:
    code = "class MaheState:\n    def bust(self):\n        return 1\n"
    the_map = trace.build(_project(tmp_path, RULES, code))
    assert [c.id for c in the_map.uncited()] == ["MAHE-3.3"]
    assert the_map.clauses["MAHE-1.1"].no_code == "a list of components"
    lines = trace.by_clause(the_map)
    assert "    (no code needed: a list of components)" in lines
    assert "    NOT CITED by any engine code" in lines


def test_a_no_code_clause_cited_by_code_is_a_contradiction(tmp_path: Path) -> None:
    code = 'class MaheState:\n    def bust(self):\n        """MAHE-3.3, MAHE-1.1."""\n'
    the_map = trace.build(_project(tmp_path, RULES, code))
    assert [c.id for c in the_map.needlessly_cited()] == ["MAHE-1.1"]
    assert trace.by_function(the_map) == [
        f"{'engine/mahe/game.py:2':34} MaheState.bust: MAHE-3.3, MAHE-1.1"
    ]


def test_a_no_code_marker_needs_a_reason(tmp_path: Path) -> None:
    rules = RULES.replace(":no-code: a list of components", ":no-code:")
    with pytest.raises(trace.TraceError, match=r"MAHE-1\.1 has :no-code: without a reason"):
        trace.build(_project(tmp_path, rules, ""))


def test_the_trace_command_prints_both_ways(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["trace", "--game", "mahe"]) == 0
    out = capsys.readouterr().out
    assert "MAHE-3.3  A total above 7 after the second or third die is a bust" in out
    assert "engine/mahe/game.py" in out and "is_bust" in out
    assert "MAHOLA" not in out
    assert cli(["trace", "--by", "function", "--game", "mahe"]) == 0
    out = capsys.readouterr().out
    rows = [line.split()[1:] for line in out.splitlines()]
    assert ["is_bust:", "MAHE-3.3,", "MAHE-3.4"] in rows
    assert cli(["trace", "--game", "chess"]) == 2
