"""What the directives record in the Sphinx environment, per document.

Clause and interpretation definitions and the scenario anchors each page renders are
collected while documents are read; the ``doctree-resolved`` handler reads them once every
document has been read. Records are kept per document so they can be purged when a
document is re-read and merged back from parallel readers.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from sphinx.environment import BuildEnvironment

__all__ = ["ClauseRecord", "InterpretationRecord", "RulebooksStore", "store_of"]

_STORE_ATTR = "rulebooks_store"


@dataclass(frozen=True)
class ClauseRecord:
    """A ``clause`` directive: the clause it defines and where."""

    clause_id: str
    title: str
    section: str
    game: str
    docname: str
    anchor: str
    line: int
    rulings: tuple[str, ...] = ()
    """The interpretations the engine follows for this clause (``:ruling:``)."""
    text: str = ""
    """The clause's words as a reader sees them (the search page's snippet)."""


@dataclass(frozen=True)
class InterpretationRecord:
    """An ``interpretation`` directive."""

    ruling_id: str
    title: str
    docname: str
    anchor: str
    line: int


@dataclass
class RulebooksStore:
    """Per-document records of the rulebooks directives, kept on the environment."""

    clauses: dict[str, list[ClauseRecord]] = field(default_factory=dict)
    interpretations: dict[str, list[InterpretationRecord]] = field(default_factory=dict)
    scenario_anchors: dict[str, set[str]] = field(default_factory=dict)
    scenario_folders: dict[str, set[str]] = field(default_factory=dict)
    scenario_titles: dict[str, dict[str, str]] = field(default_factory=dict)
    """Per page, each scenario's title by anchor: what search finds (:mod:`.search`)."""
    pages: set[str] = field(default_factory=set)
    page_games: dict[str, set[str]] = field(default_factory=dict)
    """Per page, the feature folders (games) its content depends on; ``*``: all of them."""
    summary_pages: set[str] = field(default_factory=set)
    """Pages whose content depends on the clauses other pages define (verdicts, coverage)."""
    fingerprints: dict[str, str] = field(default_factory=dict)
    """Content hash of each feature folder and of the results file, at the last build."""
    to_rewrite: set[str] = field(default_factory=set)
    """Pages to write again without re-reading them, this build (``env-get-updated``)."""

    def note_page(self, docname: str) -> None:
        """Remember that ``docname`` uses a rulebooks directive."""
        self.pages.add(docname)

    def note_games(self, docname: str, games: Iterable[str], *, summary: bool = False) -> None:
        """``docname`` shows scenarios of these feature folders (``*``: every folder)."""
        self.page_games.setdefault(docname, set()).update(games)
        if summary:
            self.summary_pages.add(docname)
        self.note_page(docname)

    def pages_depending_on(self, folders: set[str]) -> set[str]:
        """Pages to re-read when these feature folders changed."""
        return {doc for doc, games in self.page_games.items() if "*" in games or games & folders}

    def pages_showing_files_of(self, games: set[str]) -> set[str]:
        """Pages with a ``feature-scenarios`` directive for a folder of one of these games."""
        return {
            doc
            for doc, folders in self.scenario_folders.items()
            if any(folder.split("/")[0] in games for folder in folders)
        }

    def summaries_of(self, games: set[str]) -> set[str]:
        """Summary pages counting clauses of these games (``*``: any game)."""
        return {
            doc
            for doc in self.summary_pages
            if "*" in games
            or "*" in self.page_games.get(doc, {"*"})
            or games & self.page_games.get(doc, set())
        }

    def add_clause(self, record: ClauseRecord) -> None:
        """Record a clause definition."""
        self.clauses.setdefault(record.docname, []).append(record)
        self.note_page(record.docname)

    def add_interpretation(self, record: InterpretationRecord) -> None:
        """Record an interpretation."""
        self.interpretations.setdefault(record.docname, []).append(record)
        self.note_page(record.docname)

    def add_scenarios(
        self,
        docname: str,
        folder: str,
        anchors: Iterable[str],
        titles: Mapping[str, str] | None = None,
    ) -> None:
        """Record the scenario anchors (and titles) a ``feature-scenarios`` directive rendered."""
        self.scenario_anchors.setdefault(docname, set()).update(anchors)
        self.scenario_titles.setdefault(docname, {}).update(titles or {})
        self.scenario_folders.setdefault(docname, set()).add(folder)
        self.note_page(docname)

    def all_clauses(self) -> Iterator[ClauseRecord]:
        """Every clause defined in the project, by document name then order in the page."""
        for docname in sorted(self.clauses):
            yield from self.clauses[docname]

    def all_interpretations(self) -> Iterator[InterpretationRecord]:
        """Every interpretation defined in the project."""
        for docname in sorted(self.interpretations):
            yield from self.interpretations[docname]

    def page_of_anchor(self, anchor: str) -> str | None:
        """The document that renders the scenario with this anchor, if any."""
        for docname in sorted(self.scenario_anchors):
            if anchor in self.scenario_anchors[docname]:
                return docname
        return None

    def pages_of_folder(self, folder: str) -> list[str]:
        """Documents with a ``feature-scenarios`` directive for ``folder``."""
        return sorted(doc for doc, folders in self.scenario_folders.items() if folder in folders)

    def purge(self, docname: str) -> None:
        """Forget everything recorded for ``docname`` (it is being re-read or was removed)."""
        for records in (self.clauses, self.interpretations, self.scenario_anchors):
            records.pop(docname, None)
        self.scenario_titles.pop(docname, None)
        self.scenario_folders.pop(docname, None)
        self.page_games.pop(docname, None)
        self.summary_pages.discard(docname)
        self.pages.discard(docname)

    def merge(self, docnames: Iterable[str], other: RulebooksStore) -> None:
        """Take over the records of ``docnames`` from a parallel reader's store."""
        for docname in docnames:
            if docname in other.clauses:
                self.clauses[docname] = list(other.clauses[docname])
            if docname in other.interpretations:
                self.interpretations[docname] = list(other.interpretations[docname])
            if docname in other.scenario_anchors:
                self.scenario_anchors[docname] = set(other.scenario_anchors[docname])
            if docname in other.scenario_titles:
                self.scenario_titles[docname] = dict(other.scenario_titles[docname])
            if docname in other.scenario_folders:
                self.scenario_folders[docname] = set(other.scenario_folders[docname])
            if docname in other.pages:
                self.pages.add(docname)
            if docname in other.page_games:
                self.page_games[docname] = set(other.page_games[docname])
            if docname in other.summary_pages:
                self.summary_pages.add(docname)


def store_of(env: BuildEnvironment) -> RulebooksStore:
    """The store kept on ``env`` (created on first use)."""
    store = getattr(env, _STORE_ATTR, None)
    if not isinstance(store, RulebooksStore):
        store = RulebooksStore()
        setattr(env, _STORE_ATTR, store)
    return store
