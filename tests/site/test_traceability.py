"""The links between rulebook clauses, scenarios and interpretations hold for every game.

Clauses are defined on `docs/<game>/rules.md` (``clause`` directives), interpretations on
`docs/<game>/interpretations.md`; scenarios point at them with ``@clause:`` and ``@ruling:``
tags. A coverage table is only true if these links are.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from rulebooks.results.gherkin_model import Scenario, load_features

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.name for p in (ROOT / "features").iterdir() if p.is_dir())
DIRECTIVE = re.compile(r"^```\{(clause|interpretation)\} (\S+)\s*$", re.MULTILINE)


def defined(game: str, kind: str) -> list[str]:
    page = "rules.md" if kind == "clause" else "interpretations.md"
    text = (ROOT / "docs" / game / page).read_text("utf-8")
    return [ident for found, ident in DIRECTIVE.findall(text) if found == kind]


def scenarios(game: str) -> list[tuple[str, Scenario]]:
    loaded = load_features(ROOT / "features" / game, ROOT)
    assert not loaded.errors, [str(e) for e in loaded.errors]
    return [(f.path, s) for f in loaded.features for _, s in f.all_scenarios()]


def tagged(game: str, prefix: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path, scenario in scenarios(game):
        for tag in scenario.tags:
            if tag.startswith(prefix):
                found.setdefault(tag.removeprefix(prefix), []).append(f"{path}:{scenario.line}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_scenario_names_a_clause(game: str) -> None:
    untied = [
        f"{p}:{s.line}"
        for p, s in scenarios(game)
        if not any(t.startswith("clause:") for t in s.tags)
    ]
    assert not untied, f"scenarios tied to no clause: {untied}"


@pytest.mark.parametrize("game", GAMES)
def test_clause_tags_name_defined_clauses(game: str) -> None:
    unknown = {
        c: where for c, where in tagged(game, "clause:").items() if c not in defined(game, "clause")
    }
    assert not unknown, f"tags naming clauses that docs/{game}/rules.md does not define: {unknown}"


@pytest.mark.parametrize("game", GAMES)
def test_clauses_are_unique_and_each_has_a_scenario(game: str) -> None:
    clauses = defined(game, "clause")
    assert clauses, f"docs/{game}/rules.md defines no clause"
    assert [c for c, n in Counter(clauses).items() if n > 1] == []
    unverified = [c for c in clauses if c not in tagged(game, "clause:")]
    assert not unverified, f"clauses without a scenario: {unverified}"


@pytest.mark.parametrize("game", GAMES)
def test_interpretations_are_pinned_and_rulings_defined(game: str) -> None:
    readings = defined(game, "interpretation")
    pins = tagged(game, "ruling:")
    assert sorted(set(pins) - set(readings)) == [], "ruling tags without an interpretation"
    assert sorted(set(readings) - set(pins)) == [], "interpretations no scenario pins"


@pytest.mark.parametrize("game", GAMES)
def test_scenario_names_are_unique_per_feature(game: str) -> None:
    # pytest-bdd binds scenarios by name: a duplicate name in one file would silently not run.
    for path in {p for p, _ in scenarios(game)}:
        names = Counter(s.name for p, s in scenarios(game) if p == path)
        assert [n for n, count in names.items() if count > 1] == [], path


@pytest.mark.parametrize("game", GAMES)
def test_rule_names_start_with_their_clause(game: str) -> None:
    loaded = load_features(ROOT / "features" / game, ROOT)
    for feature in loaded.features:
        for rule in feature.rules:
            clause = rule.name.split(" ", 1)[0]
            assert clause in defined(game, "clause"), f"{feature.path}:{rule.line}: {rule.name}"
            for scenario in rule.scenarios:
                assert f"clause:{clause}" in scenario.tags, f"{feature.path}:{scenario.line}"


@pytest.mark.parametrize("game", GAMES)
def test_engine_docstrings_cite_defined_clauses(game: str) -> None:
    """A clause ID named in the engine's code exists on the rules page (or interpretations)."""
    known = set(defined(game, "clause")) | set(defined(game, "interpretation"))
    cited = re.compile(rf"\b{game.upper()}-(?:\d+\.\d+|R\d+)\b")
    unknown = {
        f"{path.relative_to(ROOT)}: {ident}"
        for path in sorted((ROOT / "engine" / game).glob("*.py"))
        for ident in cited.findall(path.read_text("utf-8"))
        if ident not in known
    }
    assert not unknown, f"the engine cites clauses that are not defined: {sorted(unknown)}"


CLAUSE_BLOCK = re.compile(r"^```\{clause\} (\S+)\s*\n((?::[\w-]+:.*\n)*)", re.MULTILINE)


def clause_options(game: str) -> dict[str, dict[str, str]]:
    """Each clause of the rules page with its options (``title``, ``section``, ``ruling``)."""
    text = (ROOT / "docs" / game / "rules.md").read_text("utf-8")
    return {
        ident: dict(re.findall(r"^:([\w-]+):[ \t]*(.*)$", options, re.MULTILINE))
        for ident, options in CLAUSE_BLOCK.findall(text)
    }


@pytest.mark.parametrize("game", GAMES)
def test_each_clause_has_one_title_everywhere(game: str) -> None:
    """The `Rule:` of a clause in the feature files carries the rules page's title, word for
    word: one title per clause on the site, in the scenarios and in the results."""
    titles = {ident: options.get("title", "") for ident, options in clause_options(game).items()}
    loaded = load_features(ROOT / "features" / game, ROOT)
    differ = [
        f"{feature.path}:{rule.line}: {rule.name!r} != {titles.get(clause)!r}"
        for feature in loaded.features
        for rule in feature.rules
        for clause, _, title in [rule.name.partition(" ")]
        if title != titles.get(clause)
    ]
    assert not differ, "\n".join(differ)


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_a_clause_names_is_an_interpretation(game: str) -> None:
    readings = set(defined(game, "interpretation"))
    named = {
        ident: options["ruling"].replace(",", " ").split()
        for ident, options in clause_options(game).items()
        if "ruling" in options
    }
    unknown = {c: [r for r in rs if r not in readings] for c, rs in named.items()}
    assert not {c: rs for c, rs in unknown.items() if rs}, "rulings with no interpretation"
    assert all(named.values()), "an empty :ruling: option"
