"""Games declare themselves: discovery through entry points, bad packages reported, and the
tooling (``rulebooks/``) naming no game."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

import engine
from rulebooks.games import project, registry
from rulebooks.games.registry import GameSpec, discover

ROOT = Path(__file__).resolve().parents[3]
SEED_GAMES = ("mahe", "mamey", "masai", "mahola")
_GAME_NAME = re.compile(r"mah[eé]|mamey|mahola|masai", re.IGNORECASE)


def game_names_in(text: str) -> list[str]:
    """The seed games' names in `text`, any case, accented or not (composed or decomposed)."""
    composed = unicodedata.normalize("NFC", text)
    return _GAME_NAME.findall(composed)


def test_the_name_finder_finds_every_spelling() -> None:
    text = "MAHE-3.3 Mahé mahe\u0301 Mamey MASAI mahola"
    assert len(game_names_in(text)) == 6
    assert game_names_in("a game, the rules, machine, may, mass") == []


def test_the_tooling_names_no_game() -> None:
    found = []
    for path in sorted((ROOT / "rulebooks").rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        try:
            text = path.read_text("utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            if game_names_in(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == [], "rulebooks/ names a game:\n" + "\n".join(found)


# -- the seed games register like any other ---------------------------------------------------
def test_the_seed_games_are_discovered_through_entry_points() -> None:
    installed = registry.installed()
    assert set(SEED_GAMES) <= set(installed.games)
    for name in SEED_GAMES:
        spec = installed.games[name]
        assert spec.package == "rulebooks"
        assert spec.missing() == [] and spec.layout_problems() == []
        assert spec.factory().short_name == name
        assert spec.min_players == spec.factory.min_players  # type: ignore[attr-defined]
        assert spec.max_players == spec.factory.max_players  # type: ignore[attr-defined]


def test_the_project_lists_the_seed_games_in_its_order() -> None:
    assert tuple(registry.games()) == SEED_GAMES
    assert registry.problems() == ()
    assert sorted(engine.GAMES) == sorted(SEED_GAMES)


def test_every_mutation_and_data_file_belongs_to_its_declaring_game() -> None:
    for name, spec in registry.games().items():
        assert {m.game for m in spec.mutations} <= {name}
        assert {f.game for f in spec.data_files} <= {name}
        assert set(spec.fast_mutations) <= {m.id for m in spec.mutations}


def test_an_unknown_game_is_refused_naming_the_games() -> None:
    with pytest.raises(registry.RegistryError, match=r"no game called .chess.; games: .*mahe"):
        registry.spec("chess")
    with pytest.raises(engine.InvalidGameError, match="no game called 'chess'"):
        engine.load_game("chess")


# -- bad input: a package missing a piece, a bad entry point, two games claiming one name -----
@dataclass
class _Dist:
    name: str


@dataclass
class FakeEntry:
    """An entry point as discovery sees it: name, value, the distribution, and load()."""

    name: str
    value: str
    dist: _Dist
    loader: Callable[[], Any]

    def load(self) -> Any:
        return self.loader()


def _entry(name: str, package: str, loader: Callable[[], Any]) -> FakeEntry:
    return FakeEntry(name, f"{package.replace('-', '_')}.plugin:SPEC", _Dist(package), loader)


def _good(name: str = "mahe") -> GameSpec:
    return registry.installed().games[name]


def _broken_import() -> Any:
    raise ModuleNotFoundError("No module named 'nowhere'")


def _discover(*entries: FakeEntry) -> registry.Discovery:
    return discover(entries)  # type: ignore[arg-type]


def test_a_bad_entry_point_is_reported_and_the_others_load() -> None:
    found = _discover(
        _entry("mahe", "rulebooks", _good),
        _entry("ghost", "rulebooks-ghost", _broken_import),
        _entry("odd", "rulebooks-odd", lambda: 42),
    )
    assert list(found.games) == ["mahe"]
    assert len(found.problems) == 2
    ghost, odd = sorted(found.problems)
    assert ghost.startswith("rulebooks-ghost: entry point ghost")
    assert "cannot be loaded (ModuleNotFoundError: No module named 'nowhere')" in ghost
    assert odd.startswith("rulebooks-odd: entry point odd") and "not a GameSpec (got int)" in odd


def test_a_package_missing_required_pieces_is_named_with_what_is_missing() -> None:
    bare = replace(_good(), name="bare", title="", clause_prefix="", renderer=None)  # type: ignore[arg-type]
    found = _discover(
        _entry("bare", "rulebooks-bare", lambda: bare), _entry("mahe", "rulebooks", _good)
    )
    assert list(found.games) == ["mahe"]
    (problem,) = found.problems
    assert problem == (
        "rulebooks-bare: game 'bare' is missing a title; a board renderer; "
        "clause IDs: a clause prefix in capitals (got '')"
    )


def test_a_project_folder_without_clause_ids_or_features_is_named(tmp_path: Path) -> None:
    (tmp_path / "docs" / "bare").mkdir(parents=True)
    (tmp_path / "docs" / "bare" / "rules.md").write_text("# Bare\n\nNo clause here.\n", "utf-8")
    bare = replace(_good(), name="bare", clause_prefix="BARE", root=tmp_path,
                   features_dir="", docs_dir="", scenarios_dir="")  # fmt: skip
    assert bare.layout_problems() == [
        f"clause IDs: {tmp_path}/docs/bare/rules.md has no BARE-... clause",
        f"a features folder ({tmp_path}/features/bare)",
    ]
    (tmp_path / "docs" / "bare" / "rules.md").unlink()
    assert bare.layout_problems()[0] == f"clause IDs: no rules page {tmp_path}/docs/bare/rules.md"


def test_every_installed_game_has_its_clauses_and_features() -> None:
    for name, spec in registry.installed().games.items():
        assert spec.layout_problems() == [], name


def test_two_packages_claiming_one_name_load_neither() -> None:
    found = _discover(
        _entry("mahe", "rulebooks", _good),
        _entry("mahe", "rulebooks-impostor", _good),
        _entry("masai", "rulebooks", lambda: _good("masai")),
    )
    assert list(found.games) == ["masai"]
    (problem,) = found.problems
    assert problem == (
        "rulebooks and rulebooks-impostor: 2 packages claim the game 'mahe'; neither is loaded"
    )


def test_an_entry_point_declaring_another_game_is_refused() -> None:
    found = _discover(_entry("chess", "rulebooks-chess", _good))
    assert found.games == {}
    assert found.problems == (
        "rulebooks-chess: entry point chess = 'rulebooks_chess.plugin:SPEC' declares the game "
        "'mahe', not 'chess'",
    )


# -- the project's list of games ---------------------------------------------------------------
def test_the_list_of_games_comes_from_the_project_or_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(project.ENV, raising=False)
    assert project.configured_games(tmp_path) is None  # no pyproject: every installed game
    (tmp_path / "pyproject.toml").write_text('[tool.rulebooks]\ngames = ["masai"]\n', "utf-8")
    assert project.configured_games(tmp_path) == ("masai",)
    monkeypatch.setenv(project.ENV, "mamey, mahe")
    assert project.configured_games(tmp_path) == ("mamey", "mahe")


def test_a_bad_list_of_games_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(project.ENV, raising=False)
    (tmp_path / "pyproject.toml").write_text('[tool.rulebooks]\ngames = "mahe"\n', "utf-8")
    with pytest.raises(project.ProjectError, match="games must be a list of game names"):
        project.configured_games(tmp_path)


def test_a_listed_game_nobody_registers_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(project.ENV, "mahe,chess")
    chosen = registry.games(tmp_path)
    assert list(chosen) == ["mahe"]
    assert any(
        "lists the game 'chess' but no installed package registers it" in p
        for p in registry.problems(tmp_path)
    )


def test_the_games_command_lists_the_games_and_reports_problems(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from rulebooks.cli import main

    monkeypatch.delenv(project.ENV, raising=False)
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert all(f"* {name} " in out for name in SEED_GAMES)
    monkeypatch.setenv(project.ENV, "mahe,chess")
    assert main(["games"]) == 1
    assert "problem: the project lists the game 'chess'" in capsys.readouterr().out


def test_a_game_without_tooling_declarations_loads_and_the_games_command_names_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its engine alone registered (``engine.games``): engine.load_game plays it, and
    ``rulebooks games`` says what the tooling lacks."""
    from engine import games
    from rulebooks.cli import main

    monkeypatch.delenv(project.ENV, raising=False)
    monkeypatch.setitem(games.BUILT_IN, "mahe_copy", "engine.mahe:MaheGame")
    state = engine.load_game("mahe_copy", players=2).new_initial_state()
    assert engine.RandomSampler(seed=2).play_out(state).is_terminal()
    assert main(["games"]) == 1
    out = capsys.readouterr().out
    assert "  mahe_copy    (loads in the engine only)" in out
    assert "problem: game 'mahe_copy' loads in the engine (entry-point group engine.games)" in out
    assert "add an entry point of the group rulebooks.games naming its GameSpec" in out
