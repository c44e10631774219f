"""Event handlers: banners, placeholder resolution, env bookkeeping and consistency checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

from rulebooks.results.failures import failure_groups
from rulebooks.results.gherkin_model import Feature, FeatureSyntaxError
from rulebooks.results.join import ClauseVerdict, Status
from rulebooks.site import guests
from rulebooks.site.sphinxext.data_notes import clause_caveat, data_note, verdict_caveat
from rulebooks.site.sphinxext.nodes import (
    coverage_report,
    game_verdict,
    id_ref,
    reused_note,
    scenario_ref,
)
from rulebooks.site.sphinxext.render import (
    InlineNode,
    admonition,
    id_link,
    literal,
    literal_block,
    paragraph,
    reused_note_of,
    status_badge,
    strong,
    table,
    verdict_badge,
)
from rulebooks.site.sphinxext.rulings import ruled_verdict
from rulebooks.site.sphinxext.site import (
    FOLDER_RESULTS,
    FOLDER_REUSED,
    PROVENANCE_KEY,
    RESULTS_KEY,
    RulebooksError,
    SiteData,
    SitePaths,
    input_fingerprints,
    make_paths_absolute,
    site_data_of,
    slug,
)
from rulebooks.site.sphinxext.store import ClauseRecord, RulebooksStore, store_of

logger = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).parent / "static"


def site_data(app: Sphinx) -> SiteData:
    """The features and results for this build (cached)."""
    return site_data_of(app.env)


# --- setup-time events ------------------------------------------------------------------


def on_config_inited(app: Sphinx, config: Config) -> None:
    """Make the input paths absolute and publish the stylesheet's folder."""
    make_paths_absolute(Path(app.confdir), config)
    config.html_static_path.append(str(STATIC_DIR))
    show_guests(app, config)


def show_guests(app: Sphinx, config: Config) -> None:
    """Find the project's guest games (unless ``rulebooks_guests`` names them) and copy
    their pages into the documentation folder (:mod:`rulebooks.site.guests`)."""
    results = Path(config.rulebooks_results_file)
    if config.rulebooks_guests is None:
        chosen = guests.guests(Path(config.rulebooks_project_root))
        config.rulebooks_guests = [(g, str(guests.results_file(results, g.name))) for g in chosen]
    try:
        guests.mirror_pages(Path(app.srcdir), [guest for guest, _ in config.rulebooks_guests])
    except guests.GuestError as error:
        raise RulebooksError(str(error)) from None


def on_builder_inited(app: Sphinx) -> None:
    """Load the inputs once, so a malformed results file stops the build up front."""
    data = site_data(app)
    if not data.paths.features_dir.is_dir() and not data.paths.guests:
        logger.warning(
            "rulebooks_features_dir %s is not a folder: no scenario will be shown",
            data.paths.features_dir,
            type="rulebooks",
            subtype="config",
        )


# --- environment bookkeeping ------------------------------------------------------------


def on_env_get_outdated(
    app: Sphinx,
    env: BuildEnvironment,
    added: set[str],
    changed: set[str],
    removed: set[str],
) -> list[str]:
    """Re-read the pages an input change affects, and the summaries when any page changed.

    Inputs are compared by content: one fingerprint per feature folder (game), and the
    results file in parts (:func:`rulebooks.site.sphinxext.site.input_fingerprints`): how the run
    went and the recorded code touch every page; a game's records as the pages show them,
    like an edited feature file, only the pages showing that game (its rules, scenarios and
    interpretations, and the summaries); which earlier run its records were reused from only
    the pages showing its feature files; the run's time, commit and totals only the
    summaries. No page shows a duration from the results file. A page added,
    changed or removed may define or drop clauses, which the game verdicts and the coverage
    page count: the summaries of its games are re-read too.
    """
    store = store_of(env)
    prints = input_fingerprints(SitePaths.from_config(app.config))
    old = store.fingerprints
    moved = {key for key in prints.keys() | old.keys() if prints.get(key) != old.get(key)}
    store.fingerprints = prints
    outdated: set[str] = set()
    if RESULTS_KEY in moved:
        outdated |= store.pages
    elif moved:
        reused = {key.removeprefix(FOLDER_REUSED) for key in moved if key.startswith(FOLDER_REUSED)}
        store.to_rewrite = store.pages_showing_files_of(reused)  # on_env_get_updated
        folders = {
            key.removeprefix(FOLDER_RESULTS)
            for key in moved
            if key != PROVENANCE_KEY and not key.startswith(FOLDER_REUSED)
        }
        if folders or PROVENANCE_KEY in moved:  # pages of every folder ("*") depend on both
            outdated |= store.pages_depending_on(folders)
        if PROVENANCE_KEY in moved:
            outdated |= store.summaries_of({"*"})
    touched: set[str] = {"*"} if added or removed else set()
    for docname in changed:
        touched |= games_whose_clauses_may_change(env, store, docname)
    if touched:
        outdated |= store.summaries_of(touched)
    return sorted(outdated - removed)


def on_env_get_updated(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Pages to write again without re-reading them: those showing feature files whose
    records are newly reused, or reused from another run (their *reused* notes are filled
    when the page is written)."""
    store = store_of(env)
    pages, store.to_rewrite = sorted(store.to_rewrite), set()
    return pages


def games_whose_clauses_may_change(
    env: BuildEnvironment, store: RulebooksStore, docname: str
) -> set[str]:
    """Games whose clause list a re-read of ``docname`` may change (``*``: any game).

    A page re-read only because a feature file it shows changed defines the same clauses
    as before; a page whose own source was edited may define any.
    """
    source = Path(env.doc2path(docname))
    read_at = env.all_docs.get(docname, 0) / 1_000_000
    if not source.is_file() or source.stat().st_mtime >= read_at:
        return {"*"}
    return {record.game for record in store.clauses.get(docname, [])} | {
        game_of_record(record.ruling_id) for record in store.interpretations.get(docname, [])
    }


def game_of_record(identifier: str) -> str:
    """The game of a clause or ruling ID (its prefix, lower-cased)."""
    return identifier.split("-", 1)[0].lower()


def on_env_purge_doc(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    """Forget a document's records before it is re-read or after it is removed."""
    store_of(env).purge(docname)


def on_env_merge_info(
    app: Sphinx, env: BuildEnvironment, docnames: Iterable[str], other: BuildEnvironment
) -> None:
    """Merge the records of documents read by a parallel reader."""
    store_of(env).merge(docnames, store_of(other))


# --- banners ----------------------------------------------------------------------------


def on_doctree_read(app: Sphinx, doctree: nodes.document) -> None:
    """Put the "no results" / "stale" / "syntax errors" banners at the top of the page."""
    store = store_of(app.env)
    if app.env.docname not in store.pages:
        return
    banners = banners_for(site_data(app), store.page_games.get(app.env.docname, {"*"}))
    if banners:
        insert_at_top(doctree, banners)


def banners_for(data: SiteData, games: set[str] | None = None) -> list[nodes.Node]:
    """The banners a page showing these games (None or ``*``: all) gets for these inputs."""

    def shown(path: str) -> bool:
        return games is None or "*" in games or data.folder_of(path) in games

    banners: list[nodes.Node] = []
    if data.results is None:
        banners.append(_no_results_banner())
    elif data.verdicts.changes.everything_stale:
        banners.append(_stale_code_banner(data.verdicts.changes.named()))
    stale = [feature for feature in data.stale_features() if shown(feature.path)]
    if stale and not data.verdicts.changes.everything_stale:
        banners.append(_stale_banner(stale))
    problems = run_problems(data)
    if problems:
        banners.append(_run_problems_banner(problems))
    errors = [error for error in data.errors if shown(error.path)]
    if errors:
        banners.append(_syntax_errors_banner(errors))
    return banners


def _no_results_banner() -> nodes.Node:
    text = paragraph("No results: these pages show no verdict. Run ", literal("make site"), ".")
    classes = ["rulebooks-banner", "rulebooks-banner-no-results", "warning"]
    return admonition("No results", [text], classes, anchor="rulebooks-no-results")


def _stale_banner(stale: Sequence[Feature]) -> nodes.Node:
    noun = "feature" if len(stale) == 1 else "features"
    parts: list[InlineNode] = [f"Stale results: results are older than {noun} "]
    parts += _joined(literal(feature.path) for feature in stale)
    parts += [
        ". Their scenarios show “stale” (not run on this text). Run ",
        literal("make site"),
        " to record them again.",
    ]
    classes = ["rulebooks-banner", "rulebooks-banner-stale", "warning"]
    return admonition("Stale results", [paragraph(*parts)], classes, anchor="rulebooks-stale")


STALE_NAMES_SHOWN = 8


def _stale_code_banner(changed: Sequence[str]) -> nodes.Node:
    shown = list(changed[:STALE_NAMES_SHOWN])
    parts: list[InlineNode] = ["Stale results: recorded before a change to "]
    parts += _joined(literal(name) for name in shown)
    if len(changed) > len(shown):
        parts.append(f" and {len(changed) - len(shown)} more inputs")
    parts += [
        ". Every scenario shows “stale” (not run on the code as it is now). Run ",
        literal("make site"),
        " to record them again.",
    ]
    classes = ["rulebooks-banner", "rulebooks-banner-stale", "warning"]
    return admonition("Stale results", [paragraph(*parts)], classes, anchor="rulebooks-stale")


def run_problems(data: SiteData) -> list[str]:
    """What makes the recorded run incomplete or self-contradictory, one sentence each."""
    if data.results is None:
        return []
    run = data.results.run
    problems = list(run.problems)
    if run.interrupted and not any("interrupted" in problem for problem in problems):
        problems.append("the run was interrupted")
    return problems + data.verdicts.problems()


def _run_problems_banner(problems: Sequence[str]) -> nodes.Node:
    items = nodes.bullet_list()
    for problem in problems:
        items += nodes.list_item("", paragraph(problem))
    intro = paragraph(
        "The recorded run is incomplete or contradicts itself; what is missing shows “not run” "
        "and what is contradicted shows “failed”. Run ",
        literal("make site"),
        " again once fixed:",
    )
    classes = ["rulebooks-banner", "rulebooks-banner-run", "error"]
    return admonition("Incomplete run", [intro, items], classes, anchor="rulebooks-run-problems")


def _syntax_errors_banner(errors: Sequence[FeatureSyntaxError]) -> nodes.Node:
    parts: list[InlineNode] = ["Feature files with syntax errors (their scenarios are missing): "]
    parts += _joined(literal(f"{error.path}:{error.line}") for error in errors)
    parts.append(".")
    classes = ["rulebooks-banner", "rulebooks-banner-syntax", "error"]
    title = "Unreadable feature files"
    return admonition(title, [paragraph(*parts)], classes, anchor="rulebooks-syntax-errors")


def _joined(items: Iterable[InlineNode], separator: str = ", ") -> list[InlineNode]:
    joined: list[InlineNode] = []
    for item in items:
        if joined:
            joined.append(separator)
        joined.append(item)
    return joined


def insert_at_top(doctree: nodes.document, banners: Sequence[nodes.Node]) -> None:
    """Insert nodes right after the page title (or at the very top without one)."""
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None:
        doctree[0:0] = list(banners)
        return
    position = 1 if section.children and isinstance(section[0], nodes.title) else 0
    section[position:position] = list(banners)


# --- consistency checks -----------------------------------------------------------------


def on_env_check_consistency(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn about clause IDs defined twice and tags naming undefined clauses or rulings."""
    store = store_of(env)
    warn_duplicate_clauses(store)
    data = site_data(app)
    warn_unknown_ids(data, "clause", {record.clause_id for record in store.all_clauses()})
    warn_unknown_ids(data, "ruling", {record.ruling_id for record in store.all_interpretations()})
    warn_unknown_clause_rulings(store)


def warn_unknown_clause_rulings(store: RulebooksStore) -> None:
    """One warning per ``:ruling:`` of a clause that no ``interpretation`` defines."""
    defined = {record.ruling_id for record in store.all_interpretations()}
    for record in store.all_clauses():
        for ruling in record.rulings:
            if ruling not in defined:
                logger.warning(
                    "clause %s names ruling %s, which no interpretation directive defines",
                    record.clause_id,
                    ruling,
                    location=(record.docname, record.line),
                    type="rulebooks",
                    subtype="unknown_ruling",
                )


def warn_duplicate_clauses(store: RulebooksStore) -> None:
    """One warning per clause defined by more than one ``clause`` directive."""
    first: dict[str, ClauseRecord] = {}
    for record in store.all_clauses():
        if record.clause_id not in first:
            first[record.clause_id] = record
            continue
        logger.warning(
            "clause %s is defined twice (first in %s)",
            record.clause_id,
            first[record.clause_id].docname,
            location=(record.docname, record.line),
            type="rulebooks",
            subtype="duplicate_clause",
        )


def warn_unknown_ids(data: SiteData, kind: str, defined: set[str]) -> None:
    """One warning per ``@<kind>:<ID>`` tag whose ID no directive defines, listing scenarios."""
    unknown: dict[str, list[tuple[Feature, int, str]]] = {}
    prefix = f"{kind}:"
    for feature in data.features:
        for _rule, scenario in feature.all_scenarios():
            for tag in scenario.all_tags():
                identifier = tag.removeprefix(prefix)
                if tag.startswith(prefix) and identifier not in defined:
                    unknown.setdefault(identifier, []).append(
                        (feature, scenario.line, scenario.name)
                    )
    for identifier, places in sorted(unknown.items()):
        feature, line, _name = places[0]
        listing = "; ".join(f"{f.path}:{n} {name!r}" for f, n, name in places)
        logger.warning(
            "scenarios tagged @%s%s, which no %s directive defines: %s",
            prefix,
            identifier,
            "clause" if kind == "clause" else "interpretation",
            listing,
            location=f"{data.absolute(feature.path)}:{line}",
            type="rulebooks",
            subtype=f"unknown_{kind}",
        )


# --- placeholders -----------------------------------------------------------------------


def on_doctree_resolved(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Fill the game verdicts and link the scenario references, now all pages are read."""
    store = store_of(app.env)
    verdict_nodes = list(doctree.findall(game_verdict))
    if verdict_nodes:
        data = site_data(app)
        for node in verdict_nodes:
            node.replace_self(GameVerdict(app, store, data, docname).render(node))
    for report in list(doctree.findall(coverage_report)):
        coverage = Coverage(app, store, site_data(app), docname)
        report.replace_self(coverage.render(only_failing=bool(report.get("only_failing"))))
    for note in list(doctree.findall(reused_note)):
        note.replace_self(reused_note_of(site_data(app).results, str(note["feature"])) or [])
    for ref in list(doctree.findall(scenario_ref)):
        ref.replace_self(resolve_scenario_ref(app, store, docname, ref))
    for link in list(doctree.findall(id_ref)):
        link.replace_self(resolve_id_ref(app, store, docname, link))
    link_ids_to_their_anchor(app, store, docname, doctree)
    wrap_tables(doctree)


def link_ids_to_their_anchor(
    app: Sphinx, store: RulebooksStore, docname: str, doctree: nodes.document
) -> None:
    """A link whose text is a clause or ruling ID goes to that clause or ruling, not to the
    top of the page holding it: a page's ``[GAME-R1](interpretations.md)`` is written as
    the ID's own link."""
    known = {identifier for identifier, _, _ in id_targets(store)}
    for ref in list(doctree.findall(nodes.reference)):
        uri = str(ref.get("refuri", ""))
        if not uri or "#" in uri or "://" in uri:
            continue
        text = ref.astext().strip()
        if text in known:
            ref.replace_self(resolve_id_ref(app, store, docname, id_link(text)))


def wrap_tables(doctree: nodes.document) -> None:
    """Put each table filled in here into a box of its own that scrolls sideways, as the
    theme does for the tables it saw (it wraps them before this event), so that a wide table
    never widens the page on a phone."""
    for table_node in list(doctree.findall(nodes.table)):
        parent = table_node.parent
        if isinstance(parent, nodes.container) and "table-wrapper" in parent["classes"]:
            continue
        wrapper = nodes.container(classes=["table-wrapper"])
        table_node.replace_self(wrapper)
        wrapper += table_node


def id_targets(store: RulebooksStore) -> list[tuple[str, str, str]]:
    """(ID, page, anchor) of every clause and ruling the pages define."""
    targets = [(r.clause_id, r.docname, r.anchor) for r in store.all_clauses()]
    targets += [(r.ruling_id, r.docname, r.anchor) for r in store.all_interpretations()]
    return targets


def resolve_id_ref(app: Sphinx, store: RulebooksStore, docname: str, ref: id_ref) -> nodes.Node:
    """A link to the clause or ruling of that ID, or its text if no page defines it."""
    identifier = str(ref["identifier"])
    children = [child.deepcopy() for child in ref.children]
    for known, page, anchor in id_targets(store):
        if known == identifier:
            link = make_refnode(app.builder, docname, page, anchor, children)
            link["classes"].append("rulebooks-id-link")
            return link
    return nodes.inline("", "", *children)


def resolve_scenario_ref(
    app: Sphinx, store: RulebooksStore, docname: str, ref: scenario_ref
) -> nodes.Node:
    """A link to the page rendering the scenario, or plain text if no page renders it."""
    children = [child.deepcopy() for child in ref.children]
    target = store.page_of_anchor(str(ref["anchor"]))
    if target is None:
        return nodes.inline("", "", *children, classes=["rulebooks-scenario-name"])
    return make_refnode(app.builder, docname, target, str(ref["anchor"]), children)


class GameVerdict:
    """Renders a ``game-verdict`` placeholder for one page."""

    def __init__(self, app: Sphinx, store: RulebooksStore, data: SiteData, docname: str) -> None:
        self.app = app
        self.store = store
        self.data = data
        self.docname = docname

    def render(self, node: game_verdict) -> nodes.container:
        """The verdict box: run counts, clause counts, open clauses, provenance, links."""
        game = str(node["game"])
        if game == "*":
            return self.total()
        title = str(node["title"]) or f"Verdict: {game}"
        clauses = self.clauses_of(game)
        verdicts = {
            record.clause_id: self.data.verdicts.clause_verdict(f"clause:{record.clause_id}")
            for record in clauses
        }
        box = nodes.container(ids=[f"verdict-{slug(game)}"], classes=["rulebooks-game-verdict"])
        box += paragraph(strong(title), classes=["rulebooks-clause-title"])
        tables = nodes.container(classes=["rulebooks-verdict-tables"])
        tables += nodes.container("", *self.run_counts(game), classes=["rulebooks-verdict-runs"])
        tables += nodes.container(
            "", *self.clause_counts(game, verdicts), classes=["rulebooks-verdict-clauses"]
        )
        box += tables
        box.extend(self.open_clauses(clauses, verdicts))
        box.extend(self.failure_causes(game))
        box.extend(self.ruled_clauses(clauses, verdicts))
        verified = [
            (r.clause_id, self.data.verdicts.tagged(f"clause:{r.clause_id}"))
            for r in clauses
            if verdicts[r.clause_id] is ClauseVerdict.VERIFIED
        ]
        box.extend(verdict_caveat(self.data.results, game, verified))
        box += self.provenance()
        box.extend(self.page_links(game, clauses))
        return box

    def total(self) -> nodes.container:
        """One line for every game together: runs and clauses by status, the duration."""
        features = [f for f in self.data.features if self.data.game_of(f.path) != "."]
        runs = self.data.verdicts.totals(features)
        clauses: dict[str, ClauseVerdict] = {}
        for record in self.store.all_clauses():
            clauses.setdefault(
                record.clause_id,
                self.data.verdicts.clause_verdict(f"clause:{record.clause_id}"),
            )
        by_verdict = Counter(clauses.values())
        run_parts = ", ".join(f"{runs[s]} {s.value}" for s in Status if runs[s])
        clause_parts = ", ".join(
            f"{by_verdict[v]} {v.value}" for v in ClauseVerdict if by_verdict[v]
        )
        text = (
            f"All games: {sum(runs.values())} scenario runs ({run_parts or 'none'}); "
            f"{len(clauses)} clauses ({clause_parts or 'none'})."
        )
        parts: list[InlineNode] = [strong(text)]
        duration = run_duration(self.data)
        if duration is not None:
            parts.append(f" The run took {duration}{reuse_of_run(self.data)}.")
        box = nodes.container(ids=["verdict-all-games"], classes=["rulebooks-total"])
        box += paragraph(*parts, classes=["rulebooks-total-line"])
        return box

    def clauses_of(self, game: str) -> list[ClauseRecord]:
        """The game's clauses, each ID once (its first definition)."""
        seen: dict[str, ClauseRecord] = {}
        for record in self.store.all_clauses():
            if record.game == game:
                seen.setdefault(record.clause_id, record)
        return list(seen.values())

    def run_counts(self, game: str) -> list[nodes.Node]:
        """A table of scenario runs by status (each outline row counts once)."""
        features = [f for f in self.data.features if self.data.game_of(f.path) == game]
        counts = self.data.verdicts.totals(features)
        rows: list[list[InlineNode]] = [
            [neutral_if_zero(status_badge(status), counts[status]), str(counts[status])]
            for status in Status
        ]
        rows.append(["total", str(sum(counts.values()))])
        ids: list[str | None] = [f"verdict-{slug(game)}-runs-{slug(s.value)}" for s in Status]
        ids.append(f"verdict-{slug(game)}-runs-total")
        return [
            paragraph("Scenario runs (each row of an outline counts as one run):"),
            table(rows, header=["status", "runs"], classes=["rulebooks-counts"], row_ids=ids),
        ]

    def clause_counts(self, game: str, verdicts: dict[str, ClauseVerdict]) -> list[nodes.Node]:
        """A table of the game's clauses by verdict."""
        counts = Counter(verdicts.values())
        rows: list[list[InlineNode]] = [
            [neutral_if_zero(verdict_badge(verdict), counts[verdict]), str(counts[verdict])]
            for verdict in ClauseVerdict
        ]
        rows.append(["total", str(len(verdicts))])
        ids: list[str | None] = [
            f"verdict-{slug(game)}-clauses-{verdict.value}" for verdict in ClauseVerdict
        ]
        ids.append(f"verdict-{slug(game)}-clauses-total")
        return [
            paragraph("Rule clauses:"),
            table(rows, header=["verdict", "clauses"], classes=["rulebooks-counts"], row_ids=ids),
        ]

    def open_clauses(
        self, clauses: Sequence[ClauseRecord], verdicts: dict[str, ClauseVerdict]
    ) -> list[nodes.Node]:
        """Links to the failing and the unverified clauses."""
        parts: list[nodes.Node] = []
        for verdict in (ClauseVerdict.FAILING, ClauseVerdict.UNVERIFIED):
            matching = [record for record in clauses if verdicts[record.clause_id] is verdict]
            if not matching:
                continue
            links: list[InlineNode] = [verdict_badge(verdict), ": "]
            links += _joined(
                self.link(record.docname, record.anchor, record.clause_id) for record in matching
            )
            parts.append(paragraph(*links, classes=["rulebooks-open-clauses"]))
        return parts

    def failure_causes(self, game: str | None = None) -> list[nodes.Node]:
        """The failed runs grouped by cause (exception type and place), each group with
        its clauses and scenarios; nothing when no run failed."""
        results = self.data.results
        if results is None:
            return []
        scenarios = [
            r for r in results.scenarios if game is None or self.data.game_of(r.feature) == game
        ]
        groups = failure_groups(scenarios)
        if not groups:
            return []
        clause_pages = {r.clause_id: r for r in self.store.all_clauses()}
        box = nodes.container(classes=["rulebooks-failure-causes"])
        box += paragraph(
            strong(f"Failures by cause ({len(groups)})"),
            " — failed runs sharing an exception type and place:",
            classes=["rulebooks-clause-title"],
        )
        items = nodes.bullet_list(classes=["rulebooks-failure-groups"])
        for group in groups:
            runs = len(group.runs)
            head: list[InlineNode] = [
                status_badge(Status.FAILED),
                " ",
                literal(group.kind),
                " at ",
                literal(group.where),
                f": {runs} failed run{'s' if runs != 1 else ''} in "
                f"{len(group.scenarios)} scenario{'s' if len(group.scenarios) != 1 else ''}",
            ]
            clause_links: list[InlineNode] = ["Clauses: "]
            clause_links += _joined(
                self.link(clause_pages[c].docname, clause_pages[c].anchor, c)
                if c in clause_pages
                else literal(c)
                for c in group.clauses
            ) or ["none"]
            scenario_items = nodes.bullet_list()
            for feature, line, name in group.scenarios:
                anchor = self.data.scenario_anchor(feature, line)
                scenario_items += nodes.list_item(
                    "",
                    paragraph(self.scenario_link(anchor, name), " ", literal(f"{feature}:{line}")),
                )
            item = nodes.list_item(
                "",
                paragraph(*head),
                literal_block(group.runs[0].error, classes=["rulebooks-error"]),
                paragraph(*clause_links),
                scenario_items,
            )
            items += item
        box += items
        return [box]

    def scenario_link(self, anchor: str, text: str) -> nodes.Node:
        """A link to the page showing the scenario (its name as text if none does)."""
        target = self.store.page_of_anchor(anchor)
        if target is None:
            return nodes.Text(text)
        return make_refnode(self.app.builder, self.docname, target, anchor, nodes.Text(text))

    def ruled_clauses(
        self, clauses: Sequence[ClauseRecord], verdicts: dict[str, ClauseVerdict]
    ) -> list[nodes.Node]:
        """The clauses whose verdict is read under a ruling, each with its verdict."""
        ruled = [record for record in clauses if record.rulings]
        if not ruled:
            return []
        parts: list[InlineNode] = ["Read under a ruling: "]
        for index, record in enumerate(ruled):
            if index:
                parts.append("; ")
            parts += [self.link(record.docname, record.anchor, record.clause_id), " "]
            parts += ruled_verdict(verdicts[record.clause_id], record.rulings, self.ruling_link)
        return [paragraph(*parts, classes=["rulebooks-ruled-clauses"])]

    def ruling_link(self, ruling: str) -> nodes.Node:
        """A link to the interpretation of ``ruling`` (its ID as text if none defines it)."""
        for record in self.store.all_interpretations():
            if record.ruling_id == ruling:
                return self.link(record.docname, record.anchor, ruling)
        return literal(ruling)

    def provenance(self) -> nodes.paragraph:
        """When and on which commit the results were recorded."""
        results = self.data.results
        if results is None:
            return paragraph(
                "No results file: nothing has been run.", classes=["rulebooks-provenance"]
            )
        parts: list[InlineNode] = ["Results recorded ", results.finished or "(time unknown)"]
        duration = run_duration(self.data)
        if duration is not None:
            parts.append(f" (the run took {duration})")
        parts += self.commit_words("with uncommitted changes")
        parts.append(".")
        return paragraph(*parts, classes=["rulebooks-provenance"])

    def commit_words(self, dirty: str) -> list[InlineNode]:
        """`` on commit <id>`` (linked to it where the repository is known), ``dirty`` in
        brackets when the checkout had uncommitted changes; nothing without a commit."""
        results = self.data.results
        if results is None or not results.git.commit:
            return []
        commit: nodes.Node = literal(results.git.commit[:12])
        url = self.data.commit_url()
        if url is not None:
            commit = nodes.reference("", "", commit, refuri=url, classes=["rulebooks-source"])
        return (
            [" on commit ", commit, f" ({dirty})"] if results.git.dirty else [" on commit ", commit]
        )

    def page_links(self, game: str, clauses: Sequence[ClauseRecord]) -> list[nodes.Node]:
        """Links to the rules page(s) and the scenario page(s) of the game."""
        rule_pages = sorted({record.docname for record in clauses})
        parts: list[nodes.Node] = []
        if rule_pages:
            parts.append(
                paragraph("Rules: ", *self.page_list(rule_pages), classes=["rulebooks-links"])
            )
        else:
            parts.append(
                paragraph("No clause of this game is defined yet.", classes=["rulebooks-links"])
            )
        scenario_pages = self.store.pages_of_folder(game)
        if scenario_pages:
            parts.append(
                paragraph(
                    "Scenarios: ", *self.page_list(scenario_pages), classes=["rulebooks-links"]
                )
            )
        return parts

    def page_list(self, docnames: Sequence[str]) -> list[InlineNode]:
        """Comma-separated links to whole pages, by title."""
        return _joined(self.link(doc, "", self.title_of(doc)) for doc in docnames)

    def title_of(self, docname: str) -> str:
        """A page's title (its docname if it has none)."""
        title = self.app.env.titles.get(docname)
        return title.astext() if title is not None else docname

    def link(self, docname: str, anchor: str, text: str) -> nodes.reference:
        """A link from this page to ``docname#anchor``."""
        return make_refnode(
            self.app.builder, self.docname, docname, anchor or None, nodes.Text(text)
        )


class Coverage(GameVerdict):
    """Renders the ``coverage`` placeholder: the traceability of every clause."""

    def render(self, only_failing: bool = False) -> nodes.container:  # type: ignore[override]
        """One table per game, then failing clauses, failures by cause, unverified clauses
        and scenarios tied to no clause; ``only_failing``: the failures alone."""
        box = nodes.container(
            ids=["failing-now" if only_failing else "coverage"], classes=["rulebooks-coverage"]
        )
        records: dict[str, ClauseRecord] = {}
        for record in self.store.all_clauses():
            records.setdefault(record.clause_id, record)
        games = sorted({record.game for record in records.values()})
        verdicts = {
            clause: self.data.verdicts.clause_verdict(f"clause:{clause}") for clause in records
        }
        if only_failing:
            box.extend(self.failing(records, verdicts))
            box.extend(self.failure_causes())
            return box
        for game in games:
            clauses = [r for r in records.values() if r.game == game]
            page = clauses[0].docname
            title = paragraph(
                self.link(page, "", self.title_of(page)), classes=["rulebooks-clause-title"]
            )
            title["ids"].append(f"coverage-game-{slug(game)}")
            box += title
            verified = [
                (r.clause_id, self.data.verdicts.tagged(f"clause:{r.clause_id}"))
                for r in clauses
                if verdicts[r.clause_id] is ClauseVerdict.VERIFIED
            ]
            box.extend(
                data_note(
                    self.data.results,
                    game,
                    context="Verdicts below rest on scenarios that use component data the "
                    "rulebook does not print.",
                    clauses=verified,
                )
            )
            box += self.clause_table(game, clauses, verdicts)
        box.extend(self.failing(records, verdicts))
        box.extend(self.failure_causes())
        box.extend(self.unverified(records, verdicts))
        box.extend(self.untied(set(records)))
        return box

    def clause_table(
        self, game: str, clauses: Sequence[ClauseRecord], verdicts: dict[str, ClauseVerdict]
    ) -> nodes.table:
        rows: list[list[InlineNode]] = []
        for record in clauses:
            found = self.data.verdicts.tagged(f"clause:{record.clause_id}")
            scenarios: list[InlineNode] = []
            for tagged in found:
                anchor = self.data.scenario_anchor(tagged.feature.path, tagged.scenario.line)
                if scenarios:
                    scenarios.append("; ")
                scenarios += [status_badge(tagged.status), " "]
                scenarios.append(self.scenario_link(anchor, tagged.scenario.name))
            rows.append(
                [
                    self.link(record.docname, record.anchor, record.clause_id),
                    record.title,
                    nodes.inline(
                        "",
                        "",
                        *_as_nodes(
                            ruled_verdict(
                                verdicts[record.clause_id], record.rulings, self.ruling_link
                            )
                        ),
                        *_as_nodes(clause_caveat(self.data.results, found)),
                    ),
                    nodes.inline("", "", *_as_nodes(scenarios)) if scenarios else "none",
                ]
            )
        return table(
            rows,
            header=["clause", "title", "verdict", "scenarios"],
            classes=["rulebooks-coverage-table"],
            row_ids=[f"coverage-{slug(record.clause_id)}" for record in clauses],
        )

    def failing(
        self, records: dict[str, ClauseRecord], verdicts: dict[str, ClauseVerdict]
    ) -> list[nodes.Node]:
        """The clauses with a failing scenario, every game together."""
        failing_ids = [c for c, v in verdicts.items() if v is ClauseVerdict.FAILING]
        parts: list[nodes.Node] = [
            paragraph(strong("Failing clauses"), classes=["rulebooks-clause-title"])
        ]
        if not failing_ids:
            parts.append(paragraph("None: no clause has a failing scenario."))
            return parts
        items = nodes.bullet_list(ids=["coverage-failing"])
        for clause in sorted(failing_ids):
            record = records[clause]
            items += nodes.list_item(
                "",
                paragraph(
                    verdict_badge(ClauseVerdict.FAILING),
                    " ",
                    self.link(record.docname, record.anchor, clause),
                    f" {record.title}",
                ),
            )
        parts.append(items)
        return parts

    def unverified(
        self, records: dict[str, ClauseRecord], verdicts: dict[str, ClauseVerdict]
    ) -> list[nodes.Node]:
        """The clauses no passing or failing scenario checks."""
        open_ids = [c for c, v in verdicts.items() if v is ClauseVerdict.UNVERIFIED]
        title = paragraph(strong("Unverified clauses"), classes=["rulebooks-clause-title"])
        title["ids"].append("coverage-unverified-clauses")  # the home page's counts link here
        parts: list[nodes.Node] = [title]
        if not open_ids:
            parts.append(paragraph("None: every clause has a scenario with a verdict."))
            return parts
        items = nodes.bullet_list(ids=["coverage-unverified"])
        for clause in sorted(open_ids):
            record = records[clause]
            items += nodes.list_item(
                "", paragraph(self.link(record.docname, record.anchor, clause), f" {record.title}")
            )
        parts.append(items)
        return parts

    def untied(self, known: set[str]) -> list[nodes.Node]:
        """Scenarios with no ``@clause`` tag, or only tags naming no defined clause."""
        parts: list[nodes.Node] = [
            paragraph(strong("Scenarios tied to no clause"), classes=["rulebooks-clause-title"])
        ]
        loose: list[tuple[str, str, str]] = []
        for feature in self.data.features:
            for _, scenario in feature.all_scenarios():
                clauses = {
                    t.removeprefix("clause:")
                    for t in scenario.all_tags()
                    if t.startswith("clause:")
                }
                if not clauses & known:
                    anchor = self.data.scenario_anchor(feature.path, scenario.line)
                    loose.append((anchor, scenario.name, f"{feature.path}:{scenario.line}"))
        if not loose:
            parts.append(paragraph("None: every scenario verifies a defined clause."))
            return parts
        items = nodes.bullet_list(ids=["coverage-untied"])
        for anchor, name, location in loose:
            items += nodes.list_item(
                "", paragraph(self.scenario_link(anchor, name), " ", literal(location))
            )
        parts.append(items)
        return parts


def neutral_if_zero(badge: nodes.inline, count: int) -> nodes.inline:
    """A count's badge, in neutral colours when the count is zero (no red for "0 failed")."""
    if count == 0:
        badge["classes"].append("rulebooks-badge-zero")
    return badge


def reuse_of_run(data: SiteData) -> str:
    """How much of the recorded run ran (``; 20 of 28 feature files were reused ...``), empty
    when every feature file ran: a run that reused most files takes a second."""
    reused, files = reused_files(data)
    if not reused:
        return ""
    rerun = files - reused
    return (
        f"; {reused} of {files} feature files had not changed, so their results were "
        f"reused from earlier runs ({rerun} ran)"
    )


def reused_files(data: SiteData) -> tuple[int, int]:
    """How many feature files of the recorded run had every result reused, of how many."""
    files: dict[str, bool] = {}
    for record in data.results.scenarios if data.results else ():
        files[record.feature] = files.get(record.feature, True) and record.reused is not None
    return sum(files.values()), len(files)


def run_duration(data: SiteData) -> str | None:
    """How long the recorded run took (``41.2 s``, ``3 min 5 s``), or None if unknown."""
    results = data.results
    if results is None or not results.started or not results.finished:
        return None
    try:
        seconds = (
            datetime.fromisoformat(results.finished) - datetime.fromisoformat(results.started)
        ).total_seconds()
    except ValueError:
        return None
    if seconds < 0:
        return None
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest} s"


def _as_nodes(parts: Sequence[InlineNode]) -> list[nodes.Node]:
    return [nodes.Text(part) if isinstance(part, str) else part for part in parts]
