"""What a game declares to the tooling: the leaf types of a game's declaration.

A game's tooling package (``engine/<game>/tooling/`` for the seed games, ``plugin.py`` for a
game of another project) builds a :class:`GameSpec` from these, with its hand-made rule
mutations (:class:`Mutation`) and its component data files (:class:`DataFile`). This module
imports nothing of the tooling, so a declaration never pulls in the registry, the mutation
runner or the data-provenance checks.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.core import Game, State

Variant = Callable[[Any], Any]
"""A variant of a data file: its decoded JSON -> the same with unverified values changed."""

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_PREFIX = re.compile(r"^[A-Z][A-Z0-9]*$")
_CLAUSE = r"^```\{{clause\}}[ \t]+{prefix}-\d"


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
    may_end_without_winner: bool = False
    """May a game end with no player winning (every return below 1)? The campaigns
    (``rulebooks simulate``, the site's) report such an end as a broken invariant unless
    the game declares it allowed."""
    shared_wins: bool = True
    """May several players win one game together (a draw among winners)? When False, the
    campaigns report a game ending with more than one winner."""
    encoder: Callable[..., Any] | None = None
    """The numeric observation encoder for the clients (``encoder(game, horizon)``); None:
    the adapters' text encoding."""
    perfect_information: bool | None = None
    """Stated information type for the clients; None: probed from a play."""
    mutations: tuple[Mutation, ...] = ()
    """Hand-made rule mutations (:mod:`rulebooks.mutation.handmade`)."""
    fast_mutations: tuple[str, ...] = ()
    """The IDs of the mutations ``make test`` runs."""
    data_files: tuple[DataFile, ...] = ()
    """Component data files with their ``verified`` flags (:mod:`rulebooks.provenance.labels`)."""
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
class Mutation:
    """One rule bug: `edits` (old, new) in the source of `target`, or a new constant `value`.

    `target` is ``"module:name"`` or ``"module:Class.method"``.
    """

    id: str
    game: str
    clause: str
    description: str
    target: str
    edits: tuple[tuple[str, str], ...] = ()
    value: Any = None
    constant: bool = False


def edit(old: str, new: str) -> tuple[tuple[str, str], ...]:
    """The `edits` of a mutation changing `old` to `new` once."""
    return ((old, new),)


@dataclass(frozen=True)
class DataFile:
    """One shipped data file: where it is, what it holds, and what depends on it."""

    path: str
    """Relative to the project root, e.g. ``engine/<game>/data/<file>.json``."""
    game: str
    what: str
    """What the file holds, for labels ("the egg-card distribution")."""
    variants: tuple[Variant, ...]
    dependents: tuple[str, ...]
    """``<feature path>: <scenario name>`` of every scenario whose verdict changes when the
    file's unverified values change (computed by :func:`dependent_scenarios`)."""
    claim: tuple[str, str]
    """The page and interpretation stating what depends on the file (kept true by a test)."""
    consumers: tuple[str, ...] = ()
    """Built pages (relative to the HTML root) showing values computed from the file; a site
    test checks that each carries the UNVERIFIED label."""

    @property
    def package(self) -> str:
        return ".".join(Path(self.path).parent.parent.parts)

    @property
    def name(self) -> str:
        return "/".join(Path(self.path).parts[-2:])

    def shipped(self) -> Any:
        """The decoded JSON of the shipped file."""
        return json.loads(resources.files(self.package).joinpath(self.name).read_text("utf-8"))
