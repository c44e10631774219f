"""Build docutils nodes for statuses, verdicts, steps, tables and scenarios.

Every piece of user-provided text (names, step text, cells, errors) goes into Text nodes
or literal blocks, never raw HTML. A status is always shown as text (with a symbol); CSS
classes only add colour.
"""

from __future__ import annotations

import difflib
import hashlib
import html
import math
import os
import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TypeAlias

from docutils import nodes
from sphinx.util.osutil import relative_uri
from sphinx.writers.html5 import HTML5Translator

from rulebooks.results.gherkin_model import (
    Background,
    DocString,
    ExampleRow,
    Examples,
    Feature,
    FeatureSyntaxError,
    Rule,
    Scenario,
    Step,
)
from rulebooks.results.join import ClauseVerdict, Results, ScenarioResult, Status, StepResult
from rulebooks.run.commands import scenario_replay
from rulebooks.site.sphinxext.glossary_links import TEXT_CLASS as GLOSSARY_SCOPE
from rulebooks.site.sphinxext.nodes import board_pictures, id_ref, reused_note, scenario_ref
from rulebooks.site.sphinxext.site import SiteData, slug

STATUS_SYMBOLS = {
    Status.PASSED: "✔",
    Status.FAILED: "✘",
    Status.UNDEFINED: "?",
    Status.SKIPPED: "↷",
    Status.NOT_RUN: "○",
    Status.STALE: "⟳",
}

VERDICT_SYMBOLS = {
    ClauseVerdict.VERIFIED: "✔",
    ClauseVerdict.FAILING: "✘",
    ClauseVerdict.UNVERIFIED: "○",
}

_BROKEN = (Status.FAILED, Status.UNDEFINED)

InlineNode: TypeAlias = nodes.Node | str


# --- small building blocks --------------------------------------------------------------


def _nodes(parts: Iterable[InlineNode]) -> list[nodes.Node]:
    return [nodes.Text(part) if isinstance(part, str) else part for part in parts]


def paragraph(*parts: InlineNode, classes: Sequence[str] = ()) -> nodes.paragraph:
    """A paragraph of text and inline nodes (strings become Text nodes)."""
    return nodes.paragraph("", "", *_nodes(parts), classes=list(classes))


def strong(text: str) -> nodes.strong:
    """Bold text."""
    return nodes.strong(text, text)


def literal(text: str) -> nodes.literal:
    """Inline code-formatted text."""
    return nodes.literal(text, text)


def literal_block(text: str, classes: Sequence[str] = ()) -> nodes.literal_block:
    """A preformatted block, never highlighted as code."""
    block = nodes.literal_block(text, text, classes=list(classes))
    block["language"] = "text"
    return block


def status_class(status: Status) -> str:
    """CSS class of a status, e.g. ``rulebooks-status-not-run``."""
    return f"rulebooks-status-{slug(status.value)}"


def status_badge(status: Status) -> nodes.inline:
    """The status as text with a symbol, e.g. ``✔ passed``."""
    text = f"{STATUS_SYMBOLS[status]} {status.value}"
    return nodes.inline(text, text, classes=["rulebooks-badge", status_class(status)])


def verdict_class(verdict: ClauseVerdict) -> str:
    """CSS class of a clause verdict, e.g. ``rulebooks-verdict-verified``."""
    return f"rulebooks-verdict-{verdict.value}"


def verdict_badge(verdict: ClauseVerdict) -> nodes.inline:
    """The verdict as text with a symbol, e.g. ``✔ verified``."""
    text = f"{VERDICT_SYMBOLS[verdict]} {verdict.value}"
    return nodes.inline(text, text, classes=["rulebooks-badge", verdict_class(verdict)])


def id_link(identifier: str, *children: nodes.Node) -> id_ref:
    """A placeholder link to the clause or ruling ``identifier`` (resolved later)."""
    ref = id_ref("", "", *(children or (nodes.Text(identifier),)))
    ref["identifier"] = identifier
    return ref


_LINKED_TAGS = ("clause:", "ruling:")


def tag_list(tags: Sequence[str]) -> nodes.paragraph | None:
    """Tags as ``@tag`` literals, or None when there are none; ``@clause:ID`` and
    ``@ruling:ID`` link to their clause or ruling."""
    if not tags:
        return None
    parts: list[InlineNode] = ["Tags: "]
    for index, tag in enumerate(tags):
        if index:
            parts.append(" ")
        shown = literal(f"@{tag}")
        identifier = tag.partition(":")[2]
        linked = identifier and tag.startswith(_LINKED_TAGS)
        parts.append(id_link(identifier, shown) if linked else shown)
    return paragraph(*parts, classes=["rulebooks-tags"])


_RULE_ID = re.compile(r"^([A-Za-z][A-Za-z0-9]*-\S+)(\s.*)?$")


def rule_title(keyword: str, name: str) -> nodes.title:
    """The heading of a ``Rule:``; a name starting with a clause ID links the ID."""
    found = _RULE_ID.match(name)
    if found is None:
        return nodes.title(f"{keyword}: {name}", f"{keyword}: {name}")
    text = f"{keyword}: {name}"
    title = nodes.title(text, f"{keyword}: ")
    title += id_link(found.group(1))
    if found.group(2):
        title += nodes.Text(found.group(2))
    return title


def description(text: str) -> list[nodes.paragraph]:
    """A Gherkin description as plain-text paragraphs (blank lines separate them)."""
    blocks = [block.strip() for block in text.split("\n\n")]
    return [paragraph(block, classes=["rulebooks-description"]) for block in blocks if block]


def table(
    rows: Sequence[Sequence[InlineNode]],
    header: Sequence[InlineNode] | None = None,
    classes: Sequence[str] = (),
    row_ids: Sequence[str | None] = (),
) -> nodes.table:
    """A docutils table; cells are text or inline nodes."""
    width = max([len(header or ())] + [len(row) for row in rows] + [1])
    table_node = nodes.table(classes=["rulebooks-table", *classes])
    group = nodes.tgroup(cols=width)
    table_node += group
    group.extend(nodes.colspec(colwidth=1) for _ in range(width))
    if header is not None:
        group += nodes.thead("", _row(header, width))
    body = nodes.tbody()
    for index, cells in enumerate(rows):
        row = _row(cells, width)
        row_id = row_ids[index] if index < len(row_ids) else None
        if row_id:
            row["ids"].append(row_id)
        body += row
    group += body
    return table_node


def _row(cells: Sequence[InlineNode], width: int) -> nodes.row:
    row = nodes.row()
    padded = list(cells) + [""] * (width - len(cells))
    for cell in padded:
        row += nodes.entry("", paragraph(cell))
    return row


def admonition(
    title: str, body: Sequence[nodes.Node], classes: Sequence[str], anchor: str = ""
) -> nodes.admonition:
    """A titled box (an admonition) with the given CSS classes (and id, if ``anchor``)."""
    box = nodes.admonition("", classes=list(classes), ids=[anchor] if anchor else [])
    box += nodes.title(title, title)
    box.extend(body)
    return box


BOARD_LABELS = {
    "before": "Before the first action",
    "after": "After the last step",
    "expected": "Expected by the failing step",
}
ACTUAL_WITH_EXPECTATION = "Actual, with what this step expected"
"""Title of the actual board of a failed check that stated one fact, not a whole position:
the site draws no "expected" position for it (see `GameTable.expect`), only names the fact."""
ACTUAL_AT_FAILURE = "Actual board when this step failed"


def failing_step(result: ScenarioResult) -> tuple[str, str] | None:
    """The failed step of a scenario as (its kind: given, when or then; its words as
    written), or None when no step failed. ``And`` and ``But`` take the kind before them."""
    kind = "given"
    for step in result.steps:
        keyword = step.keyword.strip().lower()
        if keyword in {"given", "when", "then"}:
            kind = keyword
        if step.status == "failed":
            return kind, f"{step.keyword.strip()} {step.text}"
    return None


def board_figures(result: ScenarioResult | None, folded: str | None = None) -> list[nodes.Node]:
    """The boards recorded with a scenario, as pictures with their text alternative.

    A failed comparison that stated a whole position shows the expected board beside the
    actual one. A failed check of one fact shows the actual board only, titled "actual,
    with what this step expected" and captioned with the step's words: no position is made
    up by patching the fact onto the actual board. Otherwise the board before the first
    action and after the last step. Each SVG becomes a file of the output
    (``_boards/<hash>.svg``) shown as an image with its intrinsic size and proportions, at
    the width that makes its smallest text readable (:func:`readable_width`), so nothing in
    it can run in the page and the page does not move when it loads; the words go in its
    ``alt`` text and in a "board in words" disclosure below. With ``folded``, everything
    sits in a disclosure with that summary (used for the rows of a Scenario Outline).
    """
    if result is None or not result.boards:
        return []
    boards = result.boards
    failed = failing_step(result)
    notes: dict[str, str] = {}
    pictures: dict[str, str] = {}
    if "expected" in boards and "after" in boards:
        shown = [("expected", boards["expected"]), ("after", boards["after"])]
        labels = {"after": "Actual board"}
    else:
        shown = [(m, boards[m]) for m in ("before", "after") if m in boards]
        labels = {}
        if failed is not None and "after" in boards:
            kind, words = failed
            if kind == "then":
                labels["after"] = ACTUAL_WITH_EXPECTATION
                notes["after"] = f"Expected: {words}"
                marked = facts_named(boards["after"].svg, words)
                if marked:  # the things the step talks about, outlined on the picture
                    pictures["after"] = mark_facts(boards["after"].svg, marked)
                    notes["after"] += f"\n{MARKED_PREFIX}{', '.join(marked)}"
            else:
                labels["after"] = ACTUAL_AT_FAILURE
                notes["after"] = f"Failed: {words}"
    node = board_pictures("")
    node["boards"] = [
        (
            labels.get(moment, BOARD_LABELS[moment]),
            pictures.get(moment, board.svg),
            board.text,
            notes.get(moment, ""),
        )
        for moment, board in shown
    ]
    node["folded"] = folded or ""
    node["changes"] = board_changes(shown[0][1].text, shown[1][1].text) if len(shown) == 2 else []
    return [node]


FACT_ATTRIBUTE = "data-fact"
"""The attribute by which a game's SVG renderer names what an element shows, in the words
its steps use (``blue turtle``, ``space 4``, ``field 2``, ``Ana``): the site outlines the
elements a failed step names (:func:`facts_named`, :func:`mark_facts`)."""
_FACT = re.compile(rf'{FACT_ATTRIBUTE}="([^"<>]+)"')
MARKED_PREFIX = "Outlined in magenta on the picture: "
"""How a caption says which things of the picture a failed step named."""
MARK_COLOUR = "#d6008f"
"""The outline of a marked element: magenta, a colour no game's pieces use."""


def facts_named(svg: str, words: str) -> list[str]:
    """The things of a picture (its ``data-fact`` names) that a step's words name, as whole
    words written as the steps write them (case counts: a card labelled ``A`` is not the
    article "a"), in the order the step says them: ``space 1`` is not in "space 14"."""
    found: dict[str, int] = {}
    for name in dict.fromkeys(html.unescape(value) for value in _FACT.findall(svg)):
        spelled = r"\s+".join(re.escape(part) for part in name.split())
        hit = re.search(rf"(?<![\w-]){spelled}(?![\w-])", words)
        if hit is not None:
            found[name] = hit.start()
    # a name inside a longer one found at the same place ("turn" in "turn 3") is not said apart
    names = sorted(found, key=lambda n: (found[n], -len(n)))
    return [
        name for name in names
        if not any(
            other != name and found[other] <= found[name]
            and found[name] + len(name) <= found[other] + len(other)
            for other in names
        )
    ]  # fmt: skip


def mark_facts(svg: str, names: Sequence[str]) -> str:
    """The picture with the elements named ``names`` outlined: a stylesheet inside the SVG
    (pictures are images, so it applies to them alone) thickens their shapes' outline in
    :data:`MARK_COLOUR` and sets their texts in bold of that colour."""
    if not names:
        return svg
    rules = []
    for name in names:
        value = name.replace("\\", "\\\\").replace('"', '\\"')  # a CSS string
        target = f'[{FACT_ATTRIBUTE}="{value}"]'
        shapes = ", ".join(
            f"{target} {shape}, {shape}{target}"
            for shape in ("circle", "ellipse", "rect", "polygon", "path", "line")
        )
        rules.append(
            f"{shapes} {{ stroke: {MARK_COLOUR} !important; stroke-width: 4px !important; "
            "stroke-dasharray: none !important; }"
            f" text{target}, {target} > text {{ fill: {MARK_COLOUR} !important; "
            "font-weight: bold !important; }"
        )
    style = f'<style class="rulebooks-marks">{html.escape(" ".join(rules), quote=False)}</style>'
    end = svg.index(">", svg.index("<svg")) + 1
    return svg[:end] + style + svg[end:]


def board_changes(first: str, second: str) -> list[tuple[str, str]]:
    """What differs between two boards, from their words: (line of the first, line of the
    second) for each changed fact; an empty side where a fact appears or disappears. Within
    a run of changed lines, lines about the same thing (the same words before their first
    colon: ``space 3``, ``raft``) are paired."""
    old, new = first.splitlines(), second.splitlines()
    changes: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        came = new[j1:j2]
        for line in old[i1:i2]:
            key = _fact_key(line)
            partner = next((c for c in came if _fact_key(c) == key), None)
            if partner is None:
                changes.append((line, ""))
            else:
                came.remove(partner)
                changes.append((line, partner))
        changes.extend(("", line) for line in came)
    return changes


def _fact_key(line: str) -> str:
    """What a line of a board's words is about: its words before the first colon (or its
    first two words)."""
    head, colon, _ = line.partition(":")
    return head.strip() if colon else " ".join(line.split()[:2])


BOARDS_FOLDER = "_boards"
DOWNLOADS_FOLDER = "downloads"
"""Where the site publishes the run's files (results, messages, reports, history)."""
_VIEWBOX = re.compile(r'viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"')


_SIZE = re.compile(r'<svg\b[^>]*?\swidth="([\d.]+)(?:px)?"[^>]*?\sheight="([\d.]+)(?:px)?"')


def intrinsic_size(svg: str) -> tuple[int, int]:
    """Width and height of an SVG picture, from its ``viewBox`` or else from the ``width``
    and ``height`` (in pixels) of its ``<svg>`` element, rounded to pixels."""
    found = _VIEWBOX.search(svg) or _SIZE.search(svg)
    if found is None:
        raise ValueError(
            "a board picture has neither a viewBox nor a width and height in pixels: its size "
            "cannot be known (the game's renderer must give its <svg> element a viewBox): "
            + svg[:120]
        )
    return round(float(found.group(1))), round(float(found.group(2)))


def board_file_name(svg: str) -> str:
    """The file of a picture in ``_boards/``: named by its content, so written once."""
    return hashlib.sha256(svg.encode("utf-8")).hexdigest()[:20] + ".svg"


def write_board_file(outdir: Path, svg: str) -> str:
    """Write ``svg`` into ``outdir/_boards/`` unless there already; its output-relative path.

    Written through a temporary file and renamed, so parallel writers never show a reader
    half a picture.
    """
    name = board_file_name(svg)
    target = outdir / BOARDS_FOLDER / name
    if not target.is_file():
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{name}.{os.getpid()}.tmp")
        temporary.write_text(svg, "utf-8")
        os.replace(temporary, target)
    return f"{BOARDS_FOLDER}/{name}"


def board_markup(node: board_pictures, source_of: Callable[[str], str]) -> str:
    """The HTML of the pictures: ``source_of(svg)`` gives each picture's ``src``."""
    figures = "".join(
        _figure(label, svg, text, source_of(svg), note) for label, svg, text, note in node["boards"]
    )
    words = "".join(
        f"<p><strong>{html.escape(label)}:</strong></p>"
        + (f"<p>{html.escape(note)}</p>" if note else "")
        + f"<pre>{html.escape(text)}</pre>"
        for label, _, text, note in node["boards"]
    )
    markup = (
        f'<div class="rulebooks-boards">{figures}</div>{_changes_markup(node)}'
        f'<details class="rulebooks-board-words"><summary>The boards in words</summary>'
        f"{words}</details>"
    )
    if node["folded"]:
        markup = (
            f'<details class="rulebooks-row-boards"><summary>{html.escape(node["folded"])}'
            f"</summary>{markup}</details>"
        )
    return markup


def _changes_markup(node: board_pictures) -> str:
    """The facts that differ between the two pictures, first picture's words struck out."""
    changes: list[tuple[str, str]] = node.get("changes", [])
    if not changes:
        return ""
    first, second = (label for label, *_ in node["boards"])
    items = "".join(
        "<li>"
        + (f"<del>{html.escape(old)}</del>" if old else "")
        + (" → " if old and new else "")
        + (f"<ins>{html.escape(new)}</ins>" if new else "")
        + "</li>"
        for old, new in changes
    )
    return (
        f'<div class="rulebooks-board-changes"><p><strong>What differs</strong> '
        f"({html.escape(first)} → {html.escape(second)}):</p><ul>{items}</ul></div>"
    )


READABLE_TEXT = 12
"""The smallest text (CSS px) a reader is asked to read on a board: each board is shown at
the width that draws its smallest text this large, however wide that makes it (a board
wider than the column scrolls sideways in its frame)."""
_FONT_SIZE = re.compile(r'font-size\s*(?:=\s*"|:\s*)([\d.]+)(?:px)?')
SVG_DEFAULT_TEXT = 16.0
"""The size of text that states none (the browser's default), in the picture's units."""


def smallest_text(svg: str) -> float:
    """The smallest font size an SVG picture states (attribute, style or style sheet), in
    its own units; the browser's default when it states none."""
    sizes = [float(size) for size in _FONT_SIZE.findall(svg) if float(size) > 0]
    return min(sizes, default=SVG_DEFAULT_TEXT)


def readable_width(svg: str) -> int:
    """The width (CSS px) at which the picture's smallest text is :data:`READABLE_TEXT` px,
    never below its intrinsic width."""
    width, _ = intrinsic_size(svg)
    return math.ceil(width * max(1.0, READABLE_TEXT / smallest_text(svg)))


def _figure(label: str, svg: str, text: str, source: str, note: str = "") -> str:
    width, height = intrinsic_size(svg)
    shown = readable_width(svg)
    expectation, _, marked = note.partition("\n")
    alt = f"{label} ({expectation}): {text}" if expectation else f"{label}: {text}"
    caption = html.escape(label)
    if expectation:  # the one fact a failed step expected, under the actual board
        caption += (
            f'<br/><span class="rulebooks-board-expectation">{html.escape(expectation)}</span>'
        )
    if marked:  # and what of it is outlined on the picture
        alt += f"\n{marked}."
        caption += f'<br/><span class="rulebooks-board-marked">{html.escape(marked)}</span>'
    return (
        f'<figure class="rulebooks-board"><div class="rulebooks-board-frame">'
        f'<img src="{html.escape(source, quote=True)}" width="{width}" height="{height}" '
        f'style="width: {shown}px" data-readable-width="{shown}" '
        f'alt="{html.escape(alt, quote=True)}" loading="lazy"/></div>'
        f"<figcaption>{caption}</figcaption></figure>"
    )


def visit_board_pictures_html(translator: HTML5Translator, node: board_pictures) -> None:
    """Write the node's pictures into the output and link them from the page."""
    builder = translator.builder
    page = builder.get_target_uri(builder.current_docname)

    def source_of(svg: str) -> str:
        return relative_uri(page, write_board_file(Path(builder.outdir), svg))

    translator.body.append(board_markup(node, source_of))
    raise nodes.SkipNode


def try_it(feature: str, line: int) -> nodes.raw:
    """Where the page's script (``rulebooks-playground.js``) puts "Try it": the scenario's
    feature file and line, run in the reader's browser by :mod:`rulebooks.site.playground`.
    Empty, so invisible, without JavaScript."""
    return nodes.raw(
        "",
        f'<div class="rulebooks-try" data-feature="{html.escape(feature)}" data-line="{line}">'
        "</div>",
        format="html",
    )


def replay_note(location: str, result: ScenarioResult | None) -> nodes.paragraph:
    """How to rerun the scenario locally (a shell-quoted command), and the chance outcomes
    it forces."""
    parts: list[InlineNode] = ["Rerun and replay it: ", literal(scenario_replay(location))]
    if result is not None and result.forced:
        parts += [" — forced chance outcomes: ", literal(", ".join(result.forced))]
    return paragraph(*parts, classes=["rulebooks-replay"])


def source_location(data: SiteData, path: str, line: int | None = None) -> nodes.Node:
    """``path`` (``path:line``) as code, linked to the source at the run's commit when the
    repository's address is configured."""
    shown = literal(f"{path}:{line}" if line else path)
    url = data.source_url(path, line)
    if url is None:
        return shown
    return nodes.reference("", "", shown, refuri=url, classes=["rulebooks-source"])


def scenario_link(anchor: str, text: str) -> scenario_ref:
    """A placeholder link to a scenario, resolved once every page has been read."""
    ref = scenario_ref("", "", nodes.Text(text))
    ref["anchor"] = anchor
    return ref


# --- features and scenarios -------------------------------------------------------------


def reused_note_of(results: Results | None, feature: str) -> nodes.paragraph | None:
    """Say that the verdicts of the feature file at path ``feature`` were reused from an
    earlier run, and which (None when they were recorded by this run)."""
    reused = next(
        (
            record.reused
            for record in (results.scenarios if results else ())
            if record.feature == feature and record.reused is not None
        ),
        None,
    )
    if reused is None:
        return None
    commit = f" (commit {reused.commit[:10]})" if reused.commit else ""
    return paragraph(
        nodes.inline("", "reused", classes=["rulebooks-badge", "rulebooks-reused"]),
        f" These verdicts were recorded by the run of {reused.run_started}{commit}: this "
        "file, its game's step definitions and engine have not changed since, so it was "
        "not rerun.",
        classes=["rulebooks-reused-note"],
    )


class FeatureRenderer:
    """Renders parsed features with their statuses for one page."""

    def __init__(self, data: SiteData) -> None:
        self.data = data
        self.verdicts = data.verdicts
        self.anchors: list[str] = []
        self.titles: dict[str, str] = {}
        """Each rendered scenario's title, by anchor (the search index's targets)."""

    def feature(self, feature: Feature) -> nodes.section:
        """A section for one feature file: header, background, scenarios, rules."""
        section = self._section(
            self.data.feature_anchor(feature.path), f"{feature.keyword}: {feature.name}"
        )
        section["classes"].append("rulebooks-feature")
        section += paragraph(
            "File: ", source_location(self.data, feature.path), classes=["rulebooks-location"]
        )
        if self.verdicts.is_stale(feature):
            section += paragraph(
                status_badge(Status.STALE),
                " This file changed since the results were recorded: its scenarios were "
                "not run on this text.",
                classes=["rulebooks-stale-note"],
            )
        else:  # filled when the page is written (events.on_doctree_resolved)
            section += reused_note(feature=feature.path)
        section.extend(self._header_parts(feature.tags, feature.description))
        if feature.background:
            section += self.background(feature.background)
        section.extend(self.scenario(feature, scenario) for scenario in feature.scenarios)
        section.extend(self.rule(feature, rule) for rule in feature.rules)
        return section

    def rule(self, feature: Feature, rule: Rule) -> nodes.section:
        """A subsection for a ``Rule:`` block."""
        anchor = self.data.feature_anchor(feature.path).replace("feature-", "rule-", 1)
        section = nodes.section(ids=[f"{anchor}-l{rule.line}"])
        section += rule_title(rule.keyword, rule.name)
        section["classes"].append("rulebooks-rule")
        section.extend(self._header_parts(rule.tags, rule.description))
        if rule.background:
            section += self.background(rule.background)
        section.extend(self.scenario(feature, scenario) for scenario in rule.scenarios)
        return section

    def background(self, background: Background) -> nodes.container:
        """A Background: its steps, without statuses (they run with each scenario)."""
        box = nodes.container(classes=["rulebooks-background"])
        box += paragraph(
            strong(f"{background.keyword}:"),
            f" {background.name}" if background.name else "",
            classes=["rulebooks-scenario-title"],
        )
        box.extend(description(background.description))
        box += paragraph(
            "Runs before each scenario below; step statuses are shown with each scenario.",
            classes=["rulebooks-note"],
        )
        box += self._steps(background.steps, None)
        return box

    def scenario(self, feature: Feature, scenario: Scenario) -> nodes.container:
        """A scenario block with anchor, status, tags, steps (and Examples for an outline)."""
        anchor = self.data.scenario_anchor(feature.path, scenario.line)
        self.anchors.append(anchor)
        self.titles[anchor] = scenario.name
        status = self.verdicts.scenario_status(feature, scenario)
        box = nodes.container(ids=[anchor], classes=["rulebooks-scenario", status_class(status)])
        box += self._scenario_title(scenario, status, anchor)
        box += paragraph(
            source_location(self.data, feature.path, scenario.line),
            classes=["rulebooks-location"],
        )
        tags = tag_list(scenario.tags)
        if tags is not None:
            box += tags
        box.extend(description(scenario.description))
        if scenario.is_outline:
            box += self._steps(scenario.steps, None)
            for examples in scenario.examples:
                box.extend(self.examples(feature, scenario, examples, anchor))
            box += replay_note(f"{feature.path}:{scenario.line}", None)
            box += try_it(feature.path, scenario.line)
        else:
            result = self.verdicts.result_for(feature, scenario)
            box += self._steps(scenario.steps, (feature, result))
            box.extend(self._failure_outside_steps(scenario, result))
            box.extend(board_figures(result))
            box += replay_note(f"{feature.path}:{scenario.line}", result)
            box += try_it(feature.path, scenario.line)
        return box

    def examples(
        self, feature: Feature, scenario: Scenario, examples: Examples, anchor: str
    ) -> list[nodes.Node]:
        """An Examples table with one status column per row, then the failing rows' errors."""
        title = f" {examples.name}" if examples.name else ""
        parts: list[nodes.Node] = [
            paragraph(strong(f"{examples.keyword}:"), title, classes=["rulebooks-examples-title"])
        ]
        tags = tag_list(examples.tags)
        if tags is not None:
            tags["classes"].append("rulebooks-examples-tags")  # the filter: rows' own tags
            parts.append(tags)
        parts.extend(description(examples.description))
        statuses = [self.verdicts.row_status(feature, scenario, row) for row in examples.rows]
        rows: list[list[InlineNode]] = [
            [*row.values, status_badge(status)]
            for row, status in zip(examples.rows, statuses, strict=True)
        ]
        parts.append(
            table(
                rows,
                header=[*examples.header, "status"],
                classes=["rulebooks-examples"],
                row_ids=[f"{anchor}-r{row.line}" for row in examples.rows],
            )
        )
        for row in examples.rows:
            failure = self._row_failure(feature, scenario, examples, row)
            parts.extend(failure or self._row_boards(feature, scenario, examples, row))
        return parts

    def _row_boards(
        self, feature: Feature, scenario: Scenario, examples: Examples, row: ExampleRow
    ) -> list[nodes.Node]:
        """The boards of a row that did not fail, folded away under the row's values."""
        result = self.verdicts.result_for(feature, scenario, row)
        values = ", ".join(
            f"{name} = {value}" for name, value in zip(examples.header, row.values, strict=False)
        )
        return board_figures(result, folded=f"Boards of the row at line {row.line} ({values})")

    def syntax_error(self, error: FeatureSyntaxError) -> nodes.admonition:
        """A visible box, with the feature's anchor, for a file gherkin could not parse."""
        body: list[nodes.Node] = [
            paragraph(
                "The feature file ",
                literal(error.path),
                f" has a syntax error at line {error.line}; its scenarios cannot be shown "
                "and count for no clause.",
            ),
            literal_block("\n".join(error.messages), classes=["rulebooks-error"]),
        ]
        return admonition(
            f"Syntax error in {error.path}:{error.line}",
            body,
            classes=["rulebooks-syntax-error", "error"],
            anchor=self.data.feature_anchor(error.path),
        )

    # -- helpers --

    @staticmethod
    def _section(anchor: str, title: str) -> nodes.section:
        section = nodes.section(ids=[anchor])
        section += nodes.title(title, title)
        return section

    @staticmethod
    def _header_parts(tags: Sequence[str], text: str) -> list[nodes.Node]:
        parts: list[nodes.Node] = []
        tag_node = tag_list(tags)
        if tag_node is not None:
            parts.append(tag_node)
        parts.extend(description(text))
        return parts

    @staticmethod
    def _scenario_title(scenario: Scenario, status: Status, anchor: str) -> nodes.paragraph:
        permalink = nodes.reference("", "¶", refid=anchor, classes=["rulebooks-permalink"])
        return paragraph(
            status_badge(status),
            " ",
            strong(f"{scenario.keyword}:"),
            f" {scenario.name} ",
            permalink,
            classes=["rulebooks-scenario-title"],
        )

    def _steps(
        self, steps: Sequence[Step], run: tuple[Feature, ScenarioResult | None] | None
    ) -> nodes.bullet_list:
        """Steps as a list; ``run`` (feature, result) gives each step a status."""
        items = nodes.bullet_list(classes=["rulebooks-steps", GLOSSARY_SCOPE])
        for step in steps:
            items += self._step(step, run)
        return items

    def _step(
        self, step: Step, run: tuple[Feature, ScenarioResult | None] | None
    ) -> nodes.list_item:
        item = nodes.list_item(classes=["rulebooks-step"])
        head: list[InlineNode] = [strong(step.keyword), f" {step.text}"]
        recorded: StepResult | None = None
        if run is not None:
            feature, result = run
            status = self.verdicts.step_status(feature, result, step)
            recorded = result.step_at(step.line) if result else None
            head = [status_badge(status), " ", *head]
            item["classes"].append(status_class(status))
        item += paragraph(*head)
        if step.table:
            item += table(step.table, classes=["rulebooks-datatable"])
        if step.doc_string is not None:
            item += _doc_string(step.doc_string)
        if recorded is not None and recorded.status in _BROKEN and recorded.error:
            item += literal_block(recorded.error, classes=["rulebooks-error"])
        return item

    @staticmethod
    def _failure_outside_steps(
        scenario: Scenario, result: ScenarioResult | None
    ) -> list[nodes.Node]:
        """The error of a failure not shown under one of the scenario's own steps."""
        if result is None or result.status not in _BROKEN:
            return []
        own_lines = {step.line for step in scenario.steps}
        failing = result.failing_step()
        if failing is not None and failing.line in own_lines:
            return []
        parts: list[nodes.Node] = []
        if failing is not None:
            parts.append(
                paragraph(
                    status_badge(failing.status),
                    " in Background step ",
                    strong(failing.keyword),
                    f" {failing.text}",
                    classes=["rulebooks-failure"],
                )
            )
        error = (failing.error if failing else None) or result.error
        if error:
            parts.append(literal_block(error, classes=["rulebooks-error"]))
        return parts

    def _row_failure(
        self, feature: Feature, scenario: Scenario, examples: Examples, row: ExampleRow
    ) -> list[nodes.Node]:
        """For a failed or undefined outline row: which row, the failing step, the error."""
        result = self.verdicts.result_for(feature, scenario, row)
        if result is None or result.status not in _BROKEN:
            return []
        values = ", ".join(
            f"{name} = {value}" for name, value in zip(examples.header, row.values, strict=False)
        )
        head: list[InlineNode] = [
            status_badge(result.status),
            f" Row at line {row.line} ({values})",
        ]
        failing = result.failing_step()
        if failing is not None:
            head += [", at step ", strong(failing.keyword), f" {failing.text}"]
        parts: list[nodes.Node] = [paragraph(*head, classes=["rulebooks-failure"])]
        error = (failing.error if failing else None) or result.error
        if error:
            parts.append(literal_block(error, classes=["rulebooks-error"]))
        parts.extend(board_figures(result))
        return parts


def _doc_string(doc: DocString) -> nodes.literal_block:
    classes = ["rulebooks-docstring"]
    if doc.media_type:
        classes.append(f"rulebooks-media-{slug(doc.media_type)}")
    return literal_block(doc.content, classes=classes)
