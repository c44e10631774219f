"""What the ``home-status`` directive shows: every game's status on one screen.

One line for the run (when, on which commit, how long, how much of it was reused), the
failing clauses first when there are any (linked, at most :data:`FAILING_SHOWN` of them, the
rest counted and linked to the page of failures), then one bar per game: its clauses by
verdict (verified, failing, unverified, stale), its scenario runs by status, the UNVERIFIED
data its verdicts rest on, and a link to start reading its rules. Every count links to the
list it counts; a zero count recedes. What went wrong with the inputs (no results file, a
run incomplete or recorded on other code) is said in the run's line, so that the status fits
one screen whatever happened; the detail tables (``game-verdict``) go further down.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import UTC, datetime

from docutils import nodes
from sphinx.application import Sphinx

from rulebooks.games import registry
from rulebooks.results.join import ClauseVerdict, Status
from rulebooks.site.sphinxext.data_notes import LABEL, unverified_files
from rulebooks.site.sphinxext.events import (
    GameVerdict,
    neutral_if_zero,
    reused_files,
    run_duration,
    run_problems,
    site_data,
)
from rulebooks.site.sphinxext.nodes import home_status
from rulebooks.site.sphinxext.render import (
    STATUS_SYMBOLS,
    VERDICT_SYMBOLS,
    InlineNode,
    literal,
    paragraph,
    status_class,
    strong,
    verdict_class,
)
from rulebooks.site.sphinxext.site import slug
from rulebooks.site.sphinxext.store import ClauseRecord, store_of

__all__ = ["FAILING_SHOWN", "HomeStatus", "fill_home_status"]

FAILING_SHOWN = 10
"""How many failing clauses the status names before it counts the rest."""
STALE = "stale"


def _time_of(stamp: str | None) -> str:
    """``2026-12-07 09:13 UTC`` from an ISO time (as recorded if it cannot be read)."""
    if not stamp:
        return "(time unknown)"
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%d %H:%M") + (" UTC" if moment.tzinfo is not None else "")


def fill_home_status(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Replace each ``home-status`` placeholder of a page, now all pages are read."""
    for status in list(doctree.findall(home_status)):
        page = HomeStatus(app, store_of(app.env), site_data(app), docname)
        status.replace_self(page.render_status())


class HomeStatus(GameVerdict):
    """Renders the ``home-status`` placeholder for one page."""

    def render_status(self) -> nodes.container:
        box = nodes.container(ids=["status"], classes=["rulebooks-status"])
        records = self.all_records()
        verdicts = {
            clause: self.data.verdicts.clause_verdict(f"clause:{clause}") for clause in records
        }
        box.extend(self.failing_line(records, verdicts))
        box += self.run_line()
        for game in self.games(records):
            box += self.game_bar(game, [r for r in records.values() if r.game == game], verdicts)
        return box

    # --- the run ------------------------------------------------------------------------
    def run_line(self) -> nodes.paragraph:
        """When, where and how the results were recorded, or what is wrong with them."""
        results = self.data.results
        if results is None:
            return paragraph(
                strong("No run recorded"),
                ": there is no results file, so no clause is verified. Run ",
                literal("make site"),
                ".",
                classes=["rulebooks-status-run", "rulebooks-status-problem"],
            )
        parts: list[InlineNode] = ["Last run ", _time_of(results.finished)]
        parts += self.commit_words("uncommitted changes")
        duration = run_duration(self.data)
        if duration is not None:
            parts.append(f" · took {duration}")
        reused, files = reused_files(self.data)
        parts.append(
            f" · {reused} of {files} feature files reused ({files - reused} ran)"
            if reused
            else " · every feature file ran, none reused"
        )
        classes = ["rulebooks-status-run"]
        problems = run_problems(self.data)
        if problems:
            parts += [" · ", strong("incomplete run: "), "; ".join(problems)]
            classes.append("rulebooks-status-problem")
        if self.data.verdicts.changes.everything_stale:
            parts += [
                " · ",
                strong("stale: "),
                "recorded before the code changed, so every scenario shows stale; run ",
                literal("make site"),
            ]
            classes.append("rulebooks-status-problem")
        elif self.data.stale_features():
            count = len(self.data.stale_features())
            parts.append(f" · {count} feature file{'s' if count != 1 else ''} changed since: stale")
        return paragraph(*parts, classes=classes)

    # --- failing clauses ------------------------------------------------------------------
    def failing_line(
        self, records: dict[str, ClauseRecord], verdicts: dict[str, ClauseVerdict]
    ) -> list[nodes.Node]:
        failing = [c for c, v in verdicts.items() if v is ClauseVerdict.FAILING]
        if not failing:
            return []
        parts: list[InlineNode] = [strong(f"{len(failing)} failing: ")]
        for index, clause in enumerate(failing[:FAILING_SHOWN]):
            if index:
                parts.append(", ")
            record = records[clause]
            parts.append(self.link(record.docname, record.anchor, clause))
        rest = len(failing) - FAILING_SHOWN
        failures = self.failures_page()
        if rest > 0:
            parts += [" and ", self.page_link(failures, "", f"{rest} more")]
        if failures is not None:
            parts += [" · ", self.page_link(failures, "", "what fails now")]
        return [paragraph(*parts, classes=["rulebooks-status-failing"])]

    # --- a game's bar ---------------------------------------------------------------------
    def game_bar(
        self, game: str, clauses: Sequence[ClauseRecord], verdicts: dict[str, ClauseVerdict]
    ) -> nodes.container:
        bar = nodes.container(ids=[f"status-{slug(game)}"], classes=["rulebooks-status-game"])
        rules = sorted({record.docname for record in clauses})
        title = self.game_title(game)
        parts: list[InlineNode] = [
            strong(title)
            if not rules
            else nodes.strong("", "", self.page_link(rules[0], "", title))
        ]
        parts += [" · ", *self.clause_counts_inline(game, clauses, verdicts)]
        parts += [" · ", *self.run_counts_inline(game)]
        parts += self.data_words(game, clauses, verdicts)
        if rules:
            parts += [" · ", self.page_link(rules[0], "", "start reading →")]
        bar += paragraph(*parts)
        return bar

    def clause_counts_inline(
        self, game: str, clauses: Sequence[ClauseRecord], verdicts: dict[str, ClauseVerdict]
    ) -> list[InlineNode]:
        if not clauses:
            return [nodes.inline("", "no clause written yet", classes=["rulebooks-status-none"])]
        counts = Counter(verdicts[r.clause_id] for r in clauses)
        stale = sum(
            1
            for r in clauses
            if any(
                t.status is Status.STALE for t in self.data.verdicts.tagged(f"clause:{r.clause_id}")
            )
        )
        rules = sorted({record.docname for record in clauses})[0]
        coverage = self.coverage_page()
        game_table = (coverage, f"coverage-game-{slug(game)}") if coverage else (rules, "")
        failures = self.failures_page()
        targets = {
            ClauseVerdict.VERIFIED: game_table,
            ClauseVerdict.FAILING: (failures, "") if failures else (rules, ""),
            ClauseVerdict.UNVERIFIED: (coverage, "coverage-unverified-clauses")
            if coverage
            else (rules, ""),
        }
        parts: list[InlineNode] = [f"{len(clauses)} clauses: "]
        for verdict in ClauseVerdict:
            page, anchor = targets[verdict]
            text = f"{VERDICT_SYMBOLS[verdict]} {counts[verdict]} {verdict.value}"
            parts += [self.count(page, anchor, text, verdict_class(verdict), counts[verdict]), " "]
        text = f"{STATUS_SYMBOLS[Status.STALE]} {stale} {STALE}"
        page, anchor = game_table
        parts.append(self.count(page, anchor, text, status_class(Status.STALE), stale))
        return parts

    def run_counts_inline(self, game: str) -> list[InlineNode]:
        features = [f for f in self.data.features if self.data.game_of(f.path) == game]
        counts = self.data.verdicts.totals(features)
        total = sum(counts.values())
        if not total:
            return [nodes.inline("", "no scenario yet", classes=["rulebooks-status-none"])]
        pages = self.store.pages_of_folder(game)
        page = pages[0] if pages else None
        parts: list[InlineNode] = [
            self.count(page, "", f"{total} scenario runs", "rulebooks-status-total", total, ""),
            ": ",
        ]
        shown = [s for s in Status if counts[s] or s in (Status.PASSED, Status.FAILED)]
        for index, status in enumerate(shown):
            if index:
                parts.append(" ")
            text = f"{STATUS_SYMBOLS[status]} {counts[status]} {status.value}"
            parts.append(
                self.count(page, "", text, status_class(status), counts[status], status.value)
            )
        return parts

    def data_words(
        self, game: str, clauses: Sequence[ClauseRecord], verdicts: dict[str, ClauseVerdict]
    ) -> list[InlineNode]:
        """The UNVERIFIED data the game's verdicts rest on, linked to the coverage page's
        details (which name the files and the clauses)."""
        files = unverified_files(self.data.results, game)
        if not files:
            return []
        coverage = self.coverage_page()
        words = f"{LABEL} data: {len(files)} file{'s' if len(files) != 1 else ''}"
        link = self.page_link(coverage, f"coverage-game-{slug(game)}", words)
        return [" · ", nodes.inline("", "", link, classes=["rulebooks-status-data"])]

    # --- helpers --------------------------------------------------------------------------
    def all_records(self) -> dict[str, ClauseRecord]:
        records: dict[str, ClauseRecord] = {}
        for record in self.store.all_clauses():
            records.setdefault(record.clause_id, record)
        return records

    def games(self, records: dict[str, ClauseRecord]) -> list[str]:
        found = {record.game for record in records.values()}
        found |= {self.data.game_of(f.path) for f in self.data.features}
        found.discard(".")
        return sorted(found)

    def game_title(self, game: str) -> str:
        spec = registry.games().get(game)
        return spec.title if spec is not None else game

    def coverage_page(self) -> str | None:
        return "coverage" if "coverage" in self.app.env.found_docs else None

    def failures_page(self) -> str | None:
        for docname in ("failing", "coverage"):
            if docname in self.app.env.found_docs:
                return docname
        return None

    def page_link(self, docname: str | None, anchor: str, text: str) -> nodes.Node:
        if docname is None:
            return nodes.Text(text)
        return self.link(docname, anchor, text)

    def count(
        self,
        docname: str | None,
        anchor: str,
        text: str,
        kind: str,
        number: int,
        status: str = "",
    ) -> nodes.Node:
        """A count as a badge linking to the list it counts (a query for the filter of an
        examples page: ``?status=failed``); a zero recedes."""
        badge = neutral_if_zero(nodes.inline(text, text, classes=["rulebooks-badge", kind]), number)
        if docname is None:
            return badge
        uri = self.app.builder.get_relative_uri(self.docname, docname)
        if status:
            uri += "?status=" + status.replace(" ", "-")
        if anchor:
            uri += f"#{anchor}"
        return nodes.reference("", "", badge, refuri=uri, classes=["rulebooks-status-count"])
