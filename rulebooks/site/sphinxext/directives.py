"""The ``clause``, ``interpretation``, ``feature-scenarios`` and ``game-verdict`` directives."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import OptionSpec

from rulebooks.results.failures import failed_runs
from rulebooks.results.gherkin_model import Feature, FeatureSyntaxError
from rulebooks.results.join import Status, TaggedScenario, clause_verdict
from rulebooks.site.sphinxext import glossary_links
from rulebooks.site.sphinxext.data_notes import clause_caveat, data_note
from rulebooks.site.sphinxext.mutation import clause_strength_nodes
from rulebooks.site.sphinxext.nodes import (
    coverage_report,
    disclosure,
    disclosure_summary,
    game_verdict,
    home_status,
)
from rulebooks.site.sphinxext.render import (
    FeatureRenderer,
    InlineNode,
    literal_block,
    paragraph,
    scenario_link,
    source_location,
    status_badge,
    strong,
    verdict_class,
)
from rulebooks.site.sphinxext.rulings import parse_rulings, ruled_verdict, ruling_xref
from rulebooks.site.sphinxext.site import SiteData, site_data_of
from rulebooks.site.sphinxext.store import (
    ClauseRecord,
    InterpretationRecord,
    RulebooksStore,
    store_of,
)

logger = logging.getLogger(__name__)

_ID_PATTERN = re.compile(r"^[A-Za-z][A-Za-z0-9]*-\S+$")


def game_of_id(identifier: str) -> str:
    """The game of a clause or ruling ID: its prefix before the first ``-``, lower-cased."""
    return identifier.split("-", 1)[0].lower()


def anchor_of_id(identifier: str) -> str:
    """The anchor of a clause or ruling: its ID itself, e.g. ``rules.html#GAME-3.3``."""
    return identifier


def old_anchor_of_id(identifier: str) -> str:
    """The anchor a clause or ruling had before (``GAME-3.3`` -> ``game-3-3``): kept as an
    alias so old links still land, and as the name ``{ref}`` targets use."""
    return nodes.make_id(identifier)


def permalink(anchor: str) -> nodes.reference:
    """A visible ``¶`` link to ``anchor`` on this page (to copy a link to it)."""
    link = nodes.reference("", "¶", refid=anchor, classes=["rulebooks-permalink"])
    link["reftitle"] = f"Link to {anchor}"
    return link


class RulebooksDirective(SphinxDirective):
    """Shared plumbing: the site data, the env store, and rebuild dependencies."""

    def site(self) -> SiteData:
        """The parsed features and results (cached across directives).

        The page depends on the results file through the store's content fingerprints (see
        ``events.on_env_get_outdated``), by part, not on its modification time: a run that
        changed one game's records re-reads that game's pages only."""
        data = site_data_of(self.env)
        self.store().note_page(self.env.docname)
        return data

    def store(self) -> RulebooksStore:
        """Records kept on the environment for the doctree-resolved step."""
        return store_of(self.env)

    def note_feature_files(self, data: SiteData, paths: Iterable[str]) -> None:
        """Re-read this page when one of these feature files changes."""
        for path in paths:
            self.env.note_dependency(data.absolute(path))

    def clause_text(self) -> list[nodes.Node]:
        """The directive's content, marked for glossary links (first use of each term)."""
        content = self.parse_content_to_nodes()
        for node in content:
            if isinstance(node, nodes.Element):
                glossary_links.mark(node)
        glossary_links.note_glossary(self.env)
        return content

    def checked_id(self) -> str:
        """The directive's ID argument, checked to look like ``GAME-...``."""
        identifier = self.arguments[0].strip()
        if not _ID_PATTERN.match(identifier):
            msg = f"{self.name}: {identifier!r} is not an ID like 'GAME-3.3' (PREFIX-...)"
            raise self.error(msg)
        return identifier

    def scenario_list(
        self, data: SiteData, found: list[TaggedScenario], classes: list[str]
    ) -> nodes.bullet_list:
        """Status badge, name (linked to its scenario page) and location of each scenario."""
        items = nodes.bullet_list(classes=classes)
        for tagged in found:
            anchor = data.scenario_anchor(tagged.feature.path, tagged.scenario.line)
            items += nodes.list_item(
                "",
                paragraph(
                    status_badge(tagged.status),
                    *self.rows_passed(data, tagged),
                    " ",
                    scenario_link(anchor, tagged.scenario.name),
                    " ",
                    source_location(data, tagged.feature.path, tagged.scenario.line),
                ),
            )
        return items

    @staticmethod
    def rows_passed(data: SiteData, tagged: TaggedScenario) -> list[InlineNode]:
        """For a Scenario Outline: `` 4 of 6 rows passed`` (nothing for a plain scenario)."""
        if not tagged.scenario.is_outline:
            return []
        rows = [row for examples in tagged.scenario.examples for row in examples.rows]
        passed = sum(
            data.verdicts.row_status(tagged.feature, tagged.scenario, row) is Status.PASSED
            for row in rows
        )
        return [" ", nodes.inline("", f"{passed} of {len(rows)} rows passed",
                                  classes=["rulebooks-rows-passed"])]  # fmt: skip

    def target_container(self, identifier: str, classes: list[str]) -> nodes.container:
        """A container that is also a link target: its id is ``identifier``, and ``{ref}``
        works with the old anchor as the name (its heading carries the old anchor)."""
        alias = old_anchor_of_id(identifier)
        box = nodes.container(ids=[anchor_of_id(identifier)], names=[alias], classes=classes)
        self.set_source_info(box)
        self.state.document.note_explicit_target(box, box)
        self.state.document.nameids[alias] = anchor_of_id(identifier)  # {ref} lands on the ID
        return box

    def note_all_feature_files(self, data: SiteData) -> None:
        """Depend on every feature file (the page summarises all of them)."""
        paths = [feature.path for feature in data.features]
        paths += [error.path for error in data.errors]
        self.note_feature_files(data, paths)
        self.store().note_games(self.env.docname, {"*"})

    def note_game_features(
        self,
        data: SiteData,
        game: str,
        found: Iterable[TaggedScenario] = (),
        *,
        summary: bool = False,
    ) -> None:
        """Depend on the game's feature folder, and on the files of the scenarios shown.

        An incremental build then re-reads this page only when one of those changes (or
        the results file does); ``make site`` always rebuilds everything.
        """
        folders = {game} | {data.folder_of(tagged.feature.path) for tagged in found}
        paths = [f.path for f in data.features if data.folder_of(f.path) in folders]
        paths += [e.path for e in data.errors if data.folder_of(e.path) in folders]
        self.note_feature_files(data, paths)
        self.store().note_games(self.env.docname, folders, summary=summary)


class ClauseDirective(RulebooksDirective):
    """A rulebook clause in the project's words with its verdict and its scenarios.

    Usage (MyST)::

        ```{clause} GAME-3.3
        :section: Gameplay
        :title: A total above 7 is a bust

        The clause text ...
        ```

    ``:ruling: GAME-R8`` (several: comma-separated) names the interpretations the engine
    follows where they narrow or fill the clause; the verdict then reads "verified under
    ruling GAME-R8".
    """

    required_arguments = 1
    final_argument_whitespace = False
    has_content = True
    option_spec: ClassVar[OptionSpec] = {
        "section": directives.unchanged,
        "title": directives.unchanged,
        "ruling": directives.unchanged,
        "no-code": directives.unchanged_required,  # why no engine code enforces it
    }

    def run(self) -> list[nodes.Node]:
        """Render the clause and record it for game verdicts."""
        clause_id = self.checked_id()
        title = str(self.options.get("title", "")).strip()
        section = str(self.options.get("section", "")).strip()
        rulings = parse_rulings(str(self.options.get("ruling", "")))
        data = self.site()
        found = data.verdicts.tagged(f"clause:{clause_id}")
        self.note_game_features(data, game_of_id(clause_id), found)
        verdict = clause_verdict(tagged.status for tagged in found)
        anchor = anchor_of_id(clause_id)
        # the search index points at the alias: Sphinx's search page builds a CSS selector
        # from the anchor, and the "." of an ID would break it
        alias = old_anchor_of_id(clause_id)
        index = addnodes.index(entries=[("single", clause_id, alias, "main", None)])
        box = self.target_container(clause_id, ["rulebooks-clause", verdict_class(verdict)])
        box += self._header(clause_id, title, section)
        content = self.clause_text()
        box.extend(content)
        box += paragraph(
            "Verdict: ",
            *ruled_verdict(verdict, rulings),
            *clause_caveat(data.results, found),
            classes=["rulebooks-verdict"],
        )
        no_code = self.options.get("no-code")  # the marker rulebooks.games.trace reads too
        reason = None if no_code is None else str(no_code)
        box.extend(clause_strength_nodes(self, clause_id, reason, bool(found)))
        box.extend(self._scenarios(data, found))
        self.store().add_clause(
            ClauseRecord(
                clause_id=clause_id,
                title=title,
                section=section,
                game=game_of_id(clause_id),
                docname=self.env.docname,
                anchor=anchor,
                line=self.lineno,
                rulings=rulings,
                text=" ".join(" ".join(node.astext() for node in content).split()),
            )
        )
        return [index, box]

    @staticmethod
    def _header(clause_id: str, title: str, section: str) -> list[nodes.Node]:
        heading: list[InlineNode] = [strong(clause_id)]
        if title:
            heading.append(f" {title}")
        heading += [" ", permalink(anchor_of_id(clause_id))]
        title_line = paragraph(*heading, classes=["rulebooks-clause-title"])
        title_line["ids"].append(old_anchor_of_id(clause_id))  # old links, the search index
        parts: list[nodes.Node] = [title_line]
        if section:
            parts.append(
                paragraph(
                    "Rulebook section: ",
                    nodes.emphasis(section, section),
                    classes=["rulebooks-clause-section"],
                )
            )
        return parts

    def _scenarios(self, data: SiteData, found: list[TaggedScenario]) -> list[nodes.Node]:
        if not found:
            return [
                paragraph(
                    "No scenario verifies this clause yet: it is unverified.",
                    classes=["rulebooks-no-scenario"],
                )
            ]
        return [
            paragraph("Scenarios:", classes=["rulebooks-scenarios-heading"]),
            self.scenario_list(data, found, ["rulebooks-clause-scenarios"]),
            *self._failures(data, found),
        ]

    @staticmethod
    def _failures(data: SiteData, found: list[TaggedScenario]) -> list[nodes.Node]:
        """Under a failing clause: each failed run of its scenarios, its step and error."""
        if data.results is None:
            return []
        shown = {
            (tagged.feature.path, tagged.scenario.line)
            for tagged in found
            if not data.verdicts.is_stale(tagged.feature)
        }
        runs = failed_runs(r for r in data.results.scenarios if (r.feature, r.line) in shown)
        parts: list[nodes.Node] = []
        for run in runs:
            head: list[InlineNode] = [
                status_badge(Status.FAILED),
                " ",
                scenario_link(data.scenario_anchor(run.result.feature, run.result.line),
                              run.result.name),
                f" ({run.location})",
            ]  # fmt: skip
            if run.step is not None:
                head += [" at step ", strong(run.step.keyword), f" {run.step.text}"]
            box = nodes.container(classes=["rulebooks-clause-failure"])
            box += paragraph(*head, classes=["rulebooks-failure"])
            box += literal_block(run.error, classes=["rulebooks-error"])
            parts.append(box)
        return parts


class InterpretationDirective(RulebooksDirective):
    """A reading of an unclear rule and the scenarios that pin it (``@ruling:<ID>``).

    Usage (MyST)::

        ```{interpretation} GAME-R4
        :title: Who starts the next round
        :clauses: GAME-3.1, GAME-3.2

        The reading chosen, and the alternatives ...
        ```

    ``:clauses:`` names the clauses read under this ruling: each of them names the ruling
    back in its ``:ruling:`` option (tests/site/test_clause_texts.py keeps both in step).
    """

    required_arguments = 1
    has_content = True
    option_spec: ClassVar[OptionSpec] = {
        "title": directives.unchanged,
        "clauses": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        """Render the interpretation and the scenarios pinning it."""
        ruling_id = self.checked_id()
        title = str(self.options.get("title", "")).strip()
        data = self.site()
        found = data.verdicts.tagged(f"ruling:{ruling_id}")
        self.note_game_features(data, game_of_id(ruling_id), found)
        anchor = anchor_of_id(ruling_id)
        alias = old_anchor_of_id(ruling_id)  # as for clauses
        index = addnodes.index(entries=[("single", ruling_id, alias, "main", None)])
        box = self.target_container(ruling_id, ["rulebooks-interpretation"])
        heading: list[InlineNode] = ["Interpretation ", strong(ruling_id)]
        if title:
            heading.append(f" {title}")
        heading += [" ", permalink(anchor)]
        title_line = paragraph(*heading, classes=["rulebooks-clause-title"])
        title_line["ids"].append(alias)  # old links, and the search index
        box += title_line
        box.extend(self.clause_text())
        clauses = parse_rulings(str(self.options.get("clauses", "")))
        if clauses:
            read: list[InlineNode] = ["Clauses read under it: "]
            for number, clause in enumerate(clauses):
                read += [", ", ruling_xref(clause)] if number else [ruling_xref(clause)]
            box += paragraph(*read, classes=["rulebooks-ruling-clauses"])
        if found:
            box += paragraph("Pinned by:", classes=["rulebooks-scenarios-heading"])
            box += self.scenario_list(data, found, ["rulebooks-ruling-scenarios"])
        else:
            box += paragraph(
                "No scenario pins this reading yet.", classes=["rulebooks-no-scenario"]
            )
        self.store().add_interpretation(
            InterpretationRecord(ruling_id, title, self.env.docname, anchor, self.lineno)
        )
        return [index, box]


class FeatureScenariosDirective(RulebooksDirective):
    """Every feature file of a folder, with each scenario's status and steps.

    Usage (MyST)::

        ```{feature-scenarios} <game>
        ```
    """

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        """Render the folder's features (and a box for each file that fails to parse)."""
        folder = self.arguments[0].strip().strip("/")
        data = self.site()
        self._check_folder(data, folder)
        renderer = FeatureRenderer(data)
        glossary_links.note_glossary(self.env)  # the steps' terms link to the glossary
        output: list[nodes.Node] = []
        for item in self._files_in_order(data, folder):
            if isinstance(item, FeatureSyntaxError):
                self._warn_syntax_error(data, item)
                output.append(renderer.syntax_error(item))
            else:
                output.append(renderer.feature(item))
        if not output:
            output.append(
                paragraph(f"No feature files under {folder}.", classes=["rulebooks-note"])
            )
        self.store().add_scenarios(self.env.docname, folder, renderer.anchors, renderer.titles)
        return output

    def _check_folder(self, data: SiteData, folder: str) -> None:
        top, _, rest = folder.strip("/").partition("/")
        base = data.paths.features_dir
        for guest in data.paths.guests:  # a guest game's folder lives in its own project
            if guest.guest.name == top:
                base = guest.guest.features_base
        target = (base / top / rest).resolve()
        if not target.is_relative_to(base) or not target.is_dir():
            msg = f"feature-scenarios: no folder {folder!r} under {data.paths.features_dir}"
            raise self.error(msg)

    def _files_in_order(self, data: SiteData, folder: str) -> list[Feature | FeatureSyntaxError]:
        """Parsed features and syntax errors of the folder, sorted by file path."""
        items: list[Feature | FeatureSyntaxError] = [
            *data.features_in(folder),
            *data.errors_in(folder),
        ]
        items.sort(key=lambda item: item.path)
        self.note_feature_files(data, [item.path for item in items])
        self.store().note_games(self.env.docname, {folder.split("/")[0]})
        return items

    def _warn_syntax_error(self, data: SiteData, error: FeatureSyntaxError) -> None:
        logger.warning(
            "syntax error in feature file %s at line %d: %s",
            error.path,
            error.line,
            error.message,
            location=f"{data.absolute(error.path)}:{error.line}",
            type="rulebooks",
            subtype="feature_syntax",
        )


class GameVerdictDirective(RulebooksDirective):
    """A game's totals: scenario runs, clause verdicts, the run's time and commit.

    Clause counts need every ``clause`` directive of the project, so this emits a
    placeholder filled in by the ``doctree-resolved`` handler.

    Usage (MyST)::

        ```{game-verdict} <game>
        :title: <Title>
        ```

    With ``*`` for the game: one line totalling every game, and the run's duration.
    """

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[OptionSpec] = {
        "title": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        """Emit the placeholder and depend on the inputs of the verdict."""
        game = self.arguments[0].strip().lower()
        data = self.site()
        self.note_game_features(data, game, summary=True)
        node = game_verdict("")
        node["game"] = game
        node["title"] = str(self.options.get("title", "")).strip()
        self.set_source_info(node)
        return [node]


class HomeStatusDirective(RulebooksDirective):
    """Every game's status bar and the run's line, to fit one screen
    (:mod:`rulebooks.site.sphinxext.status_bar`); a placeholder filled in once every page
    is read.

    Usage (MyST)::

        ```{home-status}
        ```
    """

    required_arguments = 0
    has_content = False

    def run(self) -> list[nodes.Node]:
        """Emit the placeholder and depend on every feature file and the results."""
        self.note_all_feature_files(self.site())
        self.store().note_games(self.env.docname, {"*"}, summary=True)
        node = home_status("")
        self.set_source_info(node)
        return [node]


class CoverageDirective(RulebooksDirective):
    """Every clause of every game with its verdict and scenarios, then the gaps: clauses no
    scenario verifies, and scenarios tied to no known clause.

    Usage (MyST)::

        ```{coverage}
        ```
    """

    required_arguments = 0
    has_content = False
    option_spec: ClassVar[OptionSpec] = {
        "only-failing": directives.flag,  # the "what fails now" page: failures only
    }

    def run(self) -> list[nodes.Node]:
        """Emit the placeholder (clauses are known only once every page is read)."""
        data = self.site()
        self.note_all_feature_files(data)
        self.store().note_games(self.env.docname, {"*"}, summary=True)
        node = coverage_report("")
        node["only_failing"] = "only-failing" in self.options
        self.set_source_info(node)
        return [node]


class DataNoteDirective(RulebooksDirective):
    """The UNVERIFIED label of a game's component data, from the results file.

    Usage (MyST), on any page showing values computed from the game's data files::

        ```{data-note} <game>
        Optional words of the page's own on that data (MyST), shown among the details.
        ```
    """

    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        """The one line and its details; nothing when every data file of the game is
        verified (the page's own words on the data go with it)."""
        game = self.arguments[0].strip().lower()
        data = self.site()
        self.store().note_games(self.env.docname, {game})
        note = data_note(data.results, game)
        if note and isinstance(note[0], nodes.Element) and self.content:
            note[0].extend(self.parse_content_to_nodes())
        return note


class FoldDirective(SphinxDirective):
    """A passage folded to one line, its text one click away (HTML ``<details>``, no script).

    Usage (MyST)::

        ```{fold} How to read this page
        :class: rulebooks-data-note

        Text in MyST, shown once the line is opened.
        ```

    The argument is the line shown folded (inline markup allowed); ``:class:`` adds CSS
    classes (``rulebooks-data-note``: the UNVERIFIED caveat's look).
    """

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar[OptionSpec] = {"class": directives.class_option}

    def run(self) -> list[nodes.Node]:
        """The disclosure: the argument as its summary, the content parsed inside."""
        summary, messages = self.parse_inline(self.arguments[0])
        fold = disclosure(classes=["rulebooks-fold", *self.options.get("class", [])])
        self.set_source_info(fold)
        fold += disclosure_summary("", "", *summary)
        fold.extend(self.parse_content_to_nodes())
        return [fold, *messages]
