"""The games the tooling knows, each declared by its own package.

The tooling (recorder, site extension, CLI, adapters, simulation, mutation) names no game. A
game declares itself with a :class:`GameSpec` -- title, player range, parameters, clause
prefix, score for campaigns, observation encoding for the clients, rule mutations, board
renderer, glossary, data files with their ``verified`` flags, where its features and pages
live -- and registers it under the entry-point group ``rulebooks.games`` of its
distribution's ``pyproject.toml``::

    [project.entry-points."rulebooks.games"]
    pig = "pig_engine.plugin:SPEC"

The seed games register the same way (``engine/<game>/plugin.py``). :func:`installed`
discovers every registered game; :func:`games` keeps those the project asks for
(:mod:`rulebooks.project`). A package missing a required piece, an entry point that does not
load, or two packages claiming one name is reported by :func:`problems`, naming the package
and what is wrong, and the other games still load. After adding an entry point to an
installed distribution, reinstall it (``make .venv/.installed``): entry points are read from
the installed metadata.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebooks.project import ENV, ROOT, configured_games

if TYPE_CHECKING:
    from engine.core import Game, State
    from rulebooks.data_labels import DataFile
    from rulebooks.mutations import Mutation

GROUP = "rulebooks.games"
"""The entry-point group games register under."""

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_PREFIX = re.compile(r"^[A-Z][A-Z0-9]*$")
_CLAUSE = r"^```\{{clause\}}[ \t]+{prefix}-\d"


class RegistryError(LookupError):
    """A game that is not registered, or not usable."""


@dataclass(frozen=True)
class GameSpec:
    """Everything game-specific the tooling needs, declared by the game's package."""

    name: str
    """The short name (``load_game(name)``, ``features/<name>/``); lower case."""
    title: str
    """The name as printed ("Pig")."""
    factory: Callable[..., Game]
    """Builds the engine game from its parameters as keywords (``factory(players=2)``)."""
    clause_prefix: str
    """The prefix of the game's clause IDs (``PIG`` for ``PIG-2.1``)."""
    renderer: Callable[..., str]
    """The board renderer: a state -> an SVG document."""
    min_players: int
    max_players: int
    root: Path
    """The project holding the game's features, pages and step module."""
    parameters: Mapping[str, str] = field(default_factory=dict)
    """The engine's parameters besides ``players``, each with what it means."""
    score: str | None = "score"
    """The state method giving a player's score (``state.score(player)``); None: no score."""
    score_name: str = "score"
    """What the score counts, for campaign summaries ("points"): a campaign reports its
    minimum, median, mean and maximum per seat and for the winners."""
    encoder: Callable[..., Any] | None = None
    """The numeric observation encoder for the clients (``encoder(game, horizon)``); None:
    the adapters' text encoding."""
    perfect_information: bool | None = None
    """Stated information type for the clients; None: probed from a play."""
    mutations: tuple[Mutation, ...] = ()
    """Hand-made rule mutations (:mod:`rulebooks.mutations`)."""
    fast_mutations: tuple[str, ...] = ()
    """The IDs of the mutations ``make test`` runs."""
    data_files: tuple[DataFile, ...] = ()
    """Component data files with their ``verified`` flags (:mod:`rulebooks.data_labels`)."""
    glossary: str | None = None
    """The glossary page, relative to :attr:`root` (``docs/pig/glossary.md``)."""
    features_dir: str = ""
    """Relative to :attr:`root`; default ``features/<name>``."""
    docs_dir: str = ""
    """Relative to :attr:`root`; default ``docs/<name>``."""
    scenarios_dir: str = ""
    """The step module and scenario tests, relative to :attr:`root`; default
    ``tests/scenarios/<name>``."""
    package: str = field(default="", compare=False)
    """The distribution that registered the game (filled in by discovery)."""

    def __post_init__(self) -> None:
        for attribute, default in (
            ("features_dir", f"features/{self.name}"),
            ("docs_dir", f"docs/{self.name}"),
            ("scenarios_dir", f"tests/scenarios/{self.name}"),
        ):
            if not getattr(self, attribute):
                object.__setattr__(self, attribute, default)

    @property
    def features(self) -> Path:
        return self.root / self.features_dir

    @property
    def docs(self) -> Path:
        return self.root / self.docs_dir

    @property
    def rules_page(self) -> Path:
        return self.docs / "rules.md"

    def load(self, **params: Any) -> Game:
        """The engine game for these parameters."""
        return self.factory(**params)

    def state_from_dict(self, data: Mapping[str, Any], **params: Any) -> State:
        """A state of the game with these parameters from :meth:`State.to_dict` output."""
        return self.load(**params).state_from_dict(data)

    def missing(self) -> list[str]:
        """What is missing or wrong in the declaration, in words (empty when usable)."""
        wrong: list[str] = []
        if not isinstance(self.name, str) or not _NAME.match(self.name):
            wrong.append(f"a name in lower case letters, digits and '_' (got {self.name!r})")
        if not isinstance(self.title, str) or not self.title.strip():
            wrong.append("a title")
        if not callable(self.factory):
            wrong.append("an engine factory")
        if not callable(self.renderer):
            wrong.append("a board renderer")
        players_ok = all(
            isinstance(n, int) and not isinstance(n, bool)
            for n in (self.min_players, self.max_players)
        )
        if not players_ok or not 1 <= self.min_players <= self.max_players:
            wrong.append(f"a player range (got {self.min_players!r}..{self.max_players!r})")
        if not isinstance(self.clause_prefix, str) or not _PREFIX.match(self.clause_prefix):
            wrong.append(f"clause IDs: a clause prefix in capitals (got {self.clause_prefix!r})")
        return wrong

    def layout_problems(self) -> list[str]:
        """What is missing from the game's project folder, in words: a rules page with the
        game's clause IDs and a features folder (empty when all is there). Not checked at
        discovery, so the engine loads wherever it is copied; checked by the tests and the
        ``rulebooks games`` command."""
        wrong: list[str] = []
        if not self.rules_page.is_file():
            wrong.append(f"clause IDs: no rules page {self.rules_page}")
        else:
            text = self.rules_page.read_text("utf-8", errors="replace")
            if not re.search(_CLAUSE.format(prefix=re.escape(self.clause_prefix)), text, re.M):
                wrong.append(
                    f"clause IDs: {self.rules_page} has no {self.clause_prefix}-... clause"
                )
        if not self.features.is_dir():
            wrong.append(f"a features folder ({self.features})")
        return wrong


@dataclass(frozen=True)
class Discovery:
    """The usable games found, and what was wrong with the others."""

    games: Mapping[str, GameSpec]
    problems: tuple[str, ...]


def _package(entry: importlib.metadata.EntryPoint) -> str:
    dist = getattr(entry, "dist", None)
    return dist.name if dist is not None else entry.value.partition(":")[0]


def discover(entries: Iterable[importlib.metadata.EntryPoint] | None = None) -> Discovery:
    """Load every entry point of :data:`GROUP` (or `entries`); never raises for one game."""
    if entries is None:
        entries = importlib.metadata.entry_points(group=GROUP)
    found: dict[str, GameSpec] = {}
    claimed: dict[str, list[str]] = {}
    problems: list[str] = []
    for entry in sorted(entries, key=lambda e: (e.name, e.value)):
        package = _package(entry)
        where = f"{package}: entry point {entry.name} = {entry.value!r}"
        try:
            loaded = entry.load()
            spec = loaded() if callable(loaded) and not isinstance(loaded, GameSpec) else loaded
        except Exception as error:  # any import error of a third-party package
            problems.append(f"{where} cannot be loaded ({type(error).__name__}: {error})")
            continue
        if not isinstance(spec, GameSpec):
            problems.append(f"{where} is not a GameSpec (got {type(spec).__name__})")
            continue
        missing = spec.missing()
        if missing:
            problems.append(f"{package}: game {spec.name!r} is missing " + "; ".join(missing))
            continue
        if spec.name != entry.name:
            problems.append(f"{where} declares the game {spec.name!r}, not {entry.name!r}")
            continue
        claimed.setdefault(spec.name, []).append(package)
        object.__setattr__(spec, "package", package)
        found[spec.name] = spec
    for name, packages in claimed.items():
        if len(packages) > 1:
            problems.append(
                f"{' and '.join(packages)}: {len(packages)} packages claim the game {name!r}; "
                f"neither is loaded"
            )
            del found[name]
    return Discovery(dict(sorted(found.items())), tuple(problems))


@cache
def installed() -> Discovery:
    """Every game registered in the installed distributions (cached)."""
    return discover()


@cache
def _configured(root: Path, env: str | None) -> tuple[dict[str, GameSpec], tuple[str, ...]]:
    """The configured games and the problems, for a project root and a RULEBOOKS_GAMES."""
    everything = installed()
    wanted = configured_games(root)
    if wanted is None:
        return dict(everything.games), everything.problems
    chosen: dict[str, GameSpec] = {}
    problems = list(everything.problems)
    for name in wanted:
        if name in everything.games:
            chosen[name] = everything.games[name]
        else:
            problems.append(
                f"the project lists the game {name!r} but no installed package registers it "
                f"(entry-point group {GROUP!r}; after adding one, reinstall: make .venv/.installed)"
            )
    return chosen, tuple(problems)


def games(root: Path = ROOT) -> dict[str, GameSpec]:
    """The project's games (:mod:`rulebooks.project`), in its order, by name."""
    return dict(_configured(root, os.environ.get(ENV))[0])


def problems(root: Path = ROOT) -> tuple[str, ...]:
    """What went wrong finding the project's games, one sentence each (empty when all is well)."""
    return _configured(root, os.environ.get(ENV))[1]


def spec(name: str) -> GameSpec:
    """The registered game `name`, configured or merely installed (RegistryError otherwise)."""
    chosen = games()
    if name in chosen:
        return chosen[name]
    if name in installed().games:
        return installed().games[name]
    known = ", ".join(sorted(set(chosen) | set(installed().games)))
    raise RegistryError(f"no game called {name!r}; games: {known}")


def title(name: str) -> str:
    """The printed name of a game (the name itself for a game not registered)."""
    try:
        return spec(name).title
    except RegistryError:
        return name


def by_prefix(prefix: str) -> GameSpec | None:
    """The project's game whose clause IDs start with `prefix` (``PIG``), if any."""
    for found in (*games().values(), *installed().games.values()):
        if found.clause_prefix == prefix.upper():
            return found
    return None


def titles() -> dict[str, str]:
    """The project's games' printed names, in the project's order, by name."""
    return {name: found.title for name, found in games().items()}
