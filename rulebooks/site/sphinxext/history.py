"""The ``run-history`` directive, the clause badge and the downloads of the run.

``run-history`` renders the history file (``rulebooks_history_file``, default
``"../results/history.jsonl"`` relative to the confdir; see :mod:`rulebooks.results.history`): per
game
the trend of verified / failing / unverified clauses over the last runs, per clause the
commit since which it has been verified, the clauses newly failing and fixed since the
previous run, the slowest scenarios, and the flaky ones. Lines of the file that could not be
read are named on the page. The directive leaves a placeholder that is filled once every
page has been read (so every clause the rules pages define is counted).

When the build finishes, ``badge.svg`` ("clauses verified 124/124", from the results file and
the clauses the pages define) is written at the root of the site, and the run's other files
found beside the results file (messages, JUnit XML, Cucumber's HTML report, the history) are
copied to ``downloads/``.
"""

from __future__ import annotations

import html
import os
import shutil
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import ExtensionMetadata

from rulebooks.formats.html_report import REPORT, boards_folder
from rulebooks.formats.messages import messages_problems
from rulebooks.formats.pending import marker_of, wait_for_formats
from rulebooks.games import registry
from rulebooks.results.diff import RunSummary, compare_runs, summary_of
from rulebooks.results.history import (
    History,
    feature_sets_differ,
    flaky_scenarios,
    game_of,
    read_history,
    slowest,
    trend,
    verified_since,
)
from rulebooks.results.join import ClauseVerdict, ResultsFileError, load_results
from rulebooks.site.sphinxext.render import (
    DOWNLOADS_FOLDER,
    admonition,
    literal,
    paragraph,
    strong,
    table,
)
from rulebooks.site.sphinxext.store import store_of

logger = logging.getLogger(__name__)

CONFIG_VALUE = "rulebooks_history_file"
DEFAULT_FILE = "../results/history.jsonl"
TREND_RUNS = 10
DOWNLOADS = {
    "messages.ndjson": "Cucumber Messages (NDJSON)",
    REPORT: "Cucumber's HTML report",
    "junit.xml": "JUnit XML",
    "results.json": "results file",
    "history.jsonl": "history of runs",
}


class history_report(nodes.General, nodes.Element):
    """Placeholder replaced by the history report once every page is read."""


class RunHistoryDirective(SphinxDirective):
    """``run-history``: the history of runs (see the module docstring)."""

    def run(self) -> list[nodes.Node]:
        path = Path(getattr(self.config, CONFIG_VALUE))
        self.env.note_dependency(str(path))
        return [history_report()]


def _short(run: RunSummary) -> str:
    return (run.commit or "no commit")[:10] + ("+" if run.dirty else "")


def _when(run: RunSummary) -> str:
    return (run.time or "?").replace("T", " ")[:16]


def _report(history: History, clause_ids: list[str]) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    if history.problems:
        out.append(
            admonition(
                "Lines of the history file that could not be read",
                [paragraph(problem) for problem in history.problems],
                ["warning", "rulebooks-history-problems"],
            )
        )
    runs = history.runs
    if not runs:
        out.append(
            admonition(
                "No history yet",
                [
                    paragraph(
                        "Each ",
                        literal("make site"),
                        " adds its run to ",
                        literal(history.path.name),
                        "; none was found.",
                    )
                ],
                ["note", "rulebooks-history-empty"],
            )
        )
        return out
    last = runs[-1]
    out.append(
        paragraph(f"{len(runs)} runs recorded; the last on commit ", literal(_short(last)),
                  f" at {_when(last)}.")
    )  # fmt: skip
    changed = feature_sets_differ(runs)
    if changed:
        out.append(
            paragraph(
                "Runs whose feature files differ from the run before (their verdicts compare "
                "different scenarios): "
                + "; ".join(
                    f"{_short(runs[i])} ({len(paths)} files)" for i, paths in changed.items()
                )
                + "."
            )
        )
    out.extend(_changes(runs))
    for game in sorted({game_of(c) for c in clause_ids} | _games(last)):
        out.extend(_game_section(runs, game, clause_ids))
    out.extend(_slowest(last))
    out.extend(_flaky(runs))
    return out


def _games(run: RunSummary) -> set[str]:
    return {game_of(clause) for s in run.scenarios.values() for clause in s.clauses}


def _changes(runs: list[RunSummary]) -> list[nodes.Node]:
    section: list[nodes.Node] = [nodes.rubric("", "Since the previous run")]
    if len(runs) < 2:
        return [*section, paragraph("Only one run is recorded: nothing to compare yet.")]
    diff = compare_runs(runs[-2], runs[-1])
    rows = [
        [change.clause, kind, str(change.before or "absent"), str(change.after or "absent")]
        for kind, changes in (
            ("newly failing", diff.newly_failing),
            ("newly unverified", diff.newly_unverified),
            ("fixed", diff.fixed),
        )
        for change in changes
    ]
    section.append(
        paragraph(f"From {_short(runs[-2])} to {_short(runs[-1])}: "
                  f"{len(diff.newly_failing)} newly failing, {len(diff.newly_unverified)} "
                  f"newly unverified, {len(diff.fixed)} fixed; {len(diff.added)} scenarios "
                  f"added, {len(diff.removed)} removed.")
    )  # fmt: skip
    if rows:
        section.append(table(rows, header=["clause", "change", "before", "now"]))
    return section


TREND_COLOURS = {
    ClauseVerdict.VERIFIED: "#2e7d32",
    ClauseVerdict.FAILING: "#c62828",
    ClauseVerdict.UNVERIFIED: "#757575",
}


def run_labels(runs: list[RunSummary]) -> list[tuple[str, str]]:
    """A label per run for the chart's axis: its commit, and, where several runs share a
    commit, which of them it is (``run 2 of 3``, in time order)."""
    commits = [_short(run)[:7] for run in runs]
    labels = []
    for index, commit in enumerate(commits):
        count = commits.count(commit)
        which = commits[: index + 1].count(commit)
        labels.append((commit, f"run {which} of {count}" if count > 1 else ""))
    return labels


def _trend_svg(rows: list[tuple[RunSummary, dict[ClauseVerdict, int]]], title: str) -> str:
    """Stacked bars, one per run, oldest first: verified (green), failing (red), unverified
    (grey); a vertical axis counting clauses, each bar labelled by its commit (and which run
    of it, when several share one), and a legend."""
    width, height, top, bottom, left, right = 700, 230, 34, 58, 46, 8
    slot = (width - left - right) / max(len(rows), 1)
    total = max([sum(counts.values()) for _, counts in rows] + [1])
    plot = height - top - bottom
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12" '
        f'fill="currentColor">',
        f"<title>{html.escape(title)}</title>",
    ]
    x: float = left
    for verdict, colour in TREND_COLOURS.items():  # the legend, above the plot
        parts.append(f'<rect x="{x}" y="6" width="12" height="12" fill="{colour}"/>'
                     f'<text x="{x + 16}" y="16">{verdict}</text>')  # fmt: skip
        x += 16 + 8 * len(str(verdict)) + 18
    for value in sorted({0, total // 2, total}):  # the vertical axis: clauses
        y = top + plot - plot * value / total
        parts.append(f'<line x1="{left - 4}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" '
                     f'stroke="#9e9e9e" stroke-width="0.5"/><text x="{left - 6}" '
                     f'y="{y + 4:.1f}" text-anchor="end">{value}</text>')  # fmt: skip
    parts.append(f'<text transform="translate(12 {top + plot / 2:.0f}) rotate(-90)" '
                 f'text-anchor="middle">clauses</text>')  # fmt: skip
    labels = run_labels([run for run, _ in rows])
    for index, ((_, counts), (commit, which)) in enumerate(zip(rows, labels, strict=True)):
        x = left + index * slot + slot * 0.1
        y = float(top + plot)
        for verdict in (ClauseVerdict.VERIFIED, ClauseVerdict.FAILING, ClauseVerdict.UNVERIFIED):
            h = plot * counts[verdict] / total
            y -= h
            parts.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{slot * 0.8:.1f}" height="{h:.1f}" '
                f'fill="{TREND_COLOURS[verdict]}"><title>{counts[verdict]} {verdict}</title></rect>'
            )
        centre = x + slot * 0.4
        parts.append(f'<text x="{centre:.1f}" y="{top + plot + 16}" text-anchor="middle">'
                     f"{html.escape(commit)}</text>")  # fmt: skip
        if which:
            parts.append(f'<text x="{centre:.1f}" y="{top + plot + 30}" text-anchor="middle">'
                         f"{which}</text>")  # fmt: skip
    parts.append(f'<text x="{left + (width - left - right) / 2:.0f}" y="{height - 6}" '
                 f'text-anchor="middle">runs, oldest to newest, by commit</text>')  # fmt: skip
    parts.append("</svg>")
    return "".join(parts)


def _game_section(runs: list[RunSummary], game: str, clause_ids: list[str]) -> list[nodes.Node]:
    title = registry.title(game)
    rows = trend(runs[-TREND_RUNS:], game, clause_ids)
    section: list[nodes.Node] = [nodes.rubric("", f"{title}: clause verdicts over the last runs")]
    svg = _trend_svg(rows, f"{title}: verified, failing and unverified clauses per run")
    section.append(nodes.raw("", f'<div class="rulebooks-trend">{svg}</div>', format="html"))
    section.append(
        table(
            [
                [_short(run), _when(run), *(str(counts[v]) for v in ClauseVerdict)]
                for run, counts in reversed(rows)
            ],
            header=["commit", "time", *(str(v) for v in ClauseVerdict)],
            classes=["rulebooks-trend-table"],
        )
    )
    verdicts = runs[-1].verdicts([c for c in clause_ids if game_of(c) == game])
    since_rows = []
    for clause, verdict in verdicts.items():
        if game_of(clause) != game:
            continue
        since = verified_since(runs, clause)
        where = (
            f"verified since {_short(since)} ({_when(since)})"
            + (" (the oldest run recorded)" if since is runs[0] and len(runs) > 1 else "")
            if since is not None
            else str(verdict)
        )
        since_rows.append([clause, where])
    if since_rows:
        section.append(table(since_rows, header=["clause", "in the last run"]))
    return section


def _slowest(run: RunSummary) -> list[nodes.Node]:
    rows = [[s.name, s.feature, f"{(s.duration or 0.0) * 1000:.1f} ms"] for s in slowest(run)]
    return [
        nodes.rubric("", "Slowest scenarios of the last run"),
        table(rows, header=["scenario", "feature file", "duration"]),
    ]


def _flaky(runs: list[RunSummary]) -> list[nodes.Node]:
    flakes = flaky_scenarios(runs)
    section: list[nodes.Node] = [nodes.rubric("", "Flaky scenarios")]
    section.append(
        paragraph("A scenario is flaky when its status changed between two runs although "
                  "nothing it depends on changed (the same input fingerprint: its feature "
                  "file and the commit, or what the results file records).")
    )  # fmt: skip
    if not flakes:
        section.append(paragraph(strong("None"), f" in the last {len(runs)} runs."))
        return section
    section.append(
        table(
            [[f.scenario.name, f.scenario.feature, f"{f.was} → {f.scenario.status}",
              f"{_short(f.before)} → {_short(f.after)}"] for f in flakes],
            header=["scenario", "feature file", "status", "runs"],
        )
    )  # fmt: skip
    return section


def _clause_ids(app: Sphinx) -> list[str]:
    return sorted({record.clause_id for record in store_of(app.env).all_clauses()})


def on_doctree_resolved(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Fill each placeholder with the report, every clause of the project known by now."""
    placeholders = list(doctree.findall(history_report))
    if not placeholders:
        return
    history = read_history(Path(getattr(app.config, CONFIG_VALUE)))
    for problem in history.problems:
        logger.warning("%s", problem, type="rulebooks", subtype="history")
    content = _report(history, _clause_ids(app))
    for placeholder in placeholders:
        container = nodes.container(classes=["rulebooks-history"])
        container.extend(node.deepcopy() for node in content)
        placeholder.replace_self(container)


def badge_svg(verified: int, total: int) -> str:
    """A shields-style badge: "clauses verified 124/124" (green when all, red otherwise)."""
    label, value = "clauses verified", f"{verified}/{total}"
    left, right = 6 * len(label) + 12, 7 * len(value) + 12
    colour = "#2e7d32" if total and verified == total else "#c62828"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + right}" height="20" '
        f'role="img" aria-label="{label}: {value}"><title>{label}: {value}</title>'
        f'<rect width="{left}" height="20" fill="#555"/>'
        f'<rect x="{left}" width="{right}" height="20" fill="{colour}"/>'
        f'<g fill="#fff" font-family="Verdana,sans-serif" font-size="11" text-anchor="middle">'
        f'<text x="{left / 2}" y="14">{label}</text>'
        f'<text x="{left + right / 2}" y="14">{value}</text></g></svg>'
    )


def on_build_finished(app: Sphinx, exception: BaseException | None) -> None:
    """Write ``badge.svg`` and copy the run's files to ``downloads/``."""
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    results_path = Path(str(app.config.rulebooks_results_file))
    clause_ids = _clause_ids(app)
    try:
        results = load_results(results_path)
    except ResultsFileError:
        verified = 0  # the pages say what is wrong with the results file
    else:
        verdicts = summary_of(results).verdicts(clause_ids)
        verified = sum(1 for c in clause_ids if verdicts.get(c) is ClauseVerdict.VERIFIED)
    (out / "badge.svg").write_text(badge_svg(verified, len(clause_ids)), "utf-8")
    downloads = out / DOWNLOADS_FOLDER
    history_path = Path(getattr(app.config, CONFIG_VALUE))
    _wait_for_formats(results_path)
    for name in published(results_path, history_path):
        source = source_of(name, results_path, history_path)
        downloads.mkdir(exist_ok=True)
        publish_file(source, downloads / name)
        if name == REPORT:
            publish_folder(boards_folder(source), boards_folder(downloads / name))


def source_of(name: str, results_path: Path, history_path: Path) -> Path:
    """Where the run's file called ``name`` is (the history where configured, the others
    beside the results file)."""
    return history_path if name == "history.jsonl" else results_path.with_name(name)


def publish_folder(source: Path, target: Path) -> None:
    """Put the folder ``source`` in the site as ``target`` (its files as :func:`publish_file`
    puts them), or no folder when there is none."""
    shutil.rmtree(target, ignore_errors=True)
    if source.is_dir():
        target.mkdir(parents=True)
        for path in sorted(source.iterdir()):
            if path.is_file() and not path.name.startswith("."):
                publish_file(path, target / path.name)


def publish_file(source: Path, target: Path) -> None:
    """Put the run's file ``source`` in the site as ``target``: a second link to it where the
    file system allows (the run's files are tens of megabytes, and every writer of them
    replaces a file rather than changing it, so the link keeps this run's), else a copy."""
    target.unlink(missing_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)


def published(results_path: Path, history_path: Path) -> list[str]:
    """The run's files that the build copies to ``downloads/``: those found beside the
    results file (the history where configured), a messages file only if it is the run's."""
    names = []
    for name in DOWNLOADS:
        source = source_of(name, results_path, history_path)
        if not source.is_file():
            continue
        if name == "messages.ndjson" and messages_problems(results_path):
            continue  # the page says why
        names.append(name)
    return names


def size_text(size: int) -> str:
    """A file's size as a reader compares it: ``812 bytes``, ``41 KB``, ``4.8 MB``."""
    if size < 1000:
        return f"{size} bytes"
    if size < 1_000_000:
        return f"{size / 1000:.0f} KB"
    return f"{size / 1_000_000:.1f} MB"


def folder_size(folder: Path) -> tuple[int, int]:
    """(files, bytes) of the files of ``folder``; (0, 0) when there is none."""
    files = [p for p in folder.iterdir() if p.is_file()] if folder.is_dir() else []
    return len(files), sum(p.stat().st_size for p in files)


def downloads_list(names: list[str], results_path: Path, history_path: Path) -> nodes.Node:
    """Links to the run's files copied to ``downloads/`` (relative to the site root), each
    with its size (Cucumber's report with the pictures it links)."""
    if not names:
        return paragraph("No files of a run were found beside the results file.")
    items = nodes.bullet_list()
    for name in names:
        source = source_of(name, results_path, history_path)
        size = size_text(source.stat().st_size)
        if name == REPORT:
            count, total = folder_size(boards_folder(source))
            if count:
                pictures = "board picture" if count == 1 else "board pictures"
                size += f", and the {count} {pictures} it links: {size_text(total)}"
        reference = nodes.reference("", DOWNLOADS[name], refuri=f"downloads/{name}")
        items += nodes.list_item("", paragraph(reference, " (", literal(name), f", {size})"))
    return items


class run_downloads(nodes.General, nodes.Element):
    """Placeholder for the run's files, filled when the page is written (by then the formats
    a run writes in the background, :mod:`rulebooks.formats.pending`, are written)."""


class RunDownloadsDirective(SphinxDirective):
    """``run-downloads``: links to the run's files and the badge (on a root-level page); a
    messages file that does not belong to the run is named, and not published."""

    def run(self) -> list[nodes.Node]:
        results_path = Path(str(self.config.rulebooks_results_file))
        self.env.note_dependency(str(results_path.with_name("messages.ndjson")))
        return [run_downloads()]


def downloads_section(app: Sphinx) -> list[nodes.Node]:
    """The badge, the links to the run's files and what is wrong with its messages file."""
    results_path = Path(str(app.config.rulebooks_results_file))
    history_path = Path(getattr(app.config, CONFIG_VALUE))
    _wait_for_formats(results_path)
    badge = nodes.raw("", '<p><img src="badge.svg" alt="clause badge"/></p>', format="html")
    out: list[nodes.Node] = [
        badge,
        downloads_list(published(results_path, history_path), results_path, history_path),
    ]
    problems = messages_problems(results_path)
    if problems:
        out.append(
            admonition(
                "The messages file does not belong to this run: not published",
                [paragraph(problem) for problem in problems],
                ["warning", "rulebooks-messages-problems"],
            )
        )
    return out


def _wait_for_formats(results_path: Path) -> None:
    if not wait_for_formats(results_path):
        logger.warning(
            "the run's formats beside %s are still being written (%s): the pages list the "
            "files found",
            results_path,
            marker_of(results_path).name,
            type="rulebooks",
            subtype="history",
        )


def on_downloads_resolved(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Fill the ``run-downloads`` placeholders of the page being written."""
    placeholders = list(doctree.findall(run_downloads))
    if placeholders:
        content = downloads_section(app)
        for placeholder in placeholders:
            placeholder.replace_self([node.deepcopy() for node in content])


def on_config_inited(app: Sphinx, config: Config) -> None:
    value = str(getattr(config, CONFIG_VALUE))
    setattr(config, CONFIG_VALUE, str((Path(app.confdir) / value).resolve()))


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_config_value(CONFIG_VALUE, DEFAULT_FILE, "env", types=frozenset({str}))
    app.add_node(history_report)
    app.add_node(run_downloads)
    app.add_directive("run-history", RunHistoryDirective)
    app.add_directive("run-downloads", RunDownloadsDirective)
    app.connect("config-inited", on_config_inited)
    app.connect("doctree-resolved", on_doctree_resolved)
    app.connect("doctree-resolved", on_downloads_resolved)
    app.connect("build-finished", on_build_finished)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
