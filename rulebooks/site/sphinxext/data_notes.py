"""The UNVERIFIED label, from the data files' ``verified`` flags recorded in the results file.

The results file's ``data`` section (written by the recorder from
:mod:`rulebooks.provenance.labels`) lists, per game, every component data file the engine reads,
how many of its values are unverified, and the scenarios that depend on those values. This
module turns it into the labels the site shows: the ``data-note`` directive (one line on any
page built from a game's data, its details one click away; the coverage page's, per game,
counts the verified clauses resting on the data), the caveat under a game's verdict, and the
note beside a clause verdict that rests on such scenarios. A results file without a ``data``
section (older than this label) gets a warning that the data's status is unknown.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from docutils import nodes

from rulebooks.results.join import DataFileStatus as DataFile
from rulebooks.results.join import Results, TaggedScenario
from rulebooks.site.sphinxext.nodes import disclosure, disclosure_summary
from rulebooks.site.sphinxext.render import InlineNode, _nodes, id_link, literal, paragraph, strong

LABEL = "UNVERIFIED"


def unverified_files(results: Results | None, game: str) -> list[DataFile] | None:
    """The game's data files holding unverified values (None: the results do not say)."""
    if results is None:
        return None
    files = results.data_of(game)
    if files is None:
        return None
    return [found for found in files if not found.verified]


def dependent_key(tagged: TaggedScenario) -> str:
    """How the results file names a scenario in a data file's dependents."""
    return f"{tagged.feature.path}: {tagged.scenario.name}"


def amount_words(verified_values: int, unverified_values: int) -> str:
    """How much of a data file is unverified, in the one wording every page uses."""
    if verified_values == 0:
        return f"every value {LABEL}"
    return f"{unverified_values} of {verified_values + unverified_values} flagged values {LABEL}"


def _file_words(found: DataFile) -> list[InlineNode]:
    amount = amount_words(found.verified_values, found.unverified_values)
    return [literal(found.path), f" ({found.what}): {amount}"]


def _dependents_words(found: DataFile) -> list[InlineNode]:
    if not found.dependents:
        return [
            "; no scenario's verdict changes when these values change (the scenarios that need "
            "such a value set it themselves)."
        ]
    noun = "scenario depends" if len(found.dependents) == 1 else "scenarios depend"
    return [f"; {len(found.dependents)} {noun} on them: ", "; ".join(found.dependents), "."]


def _unknown(game: str) -> list[nodes.Node]:
    return [
        paragraph(
            strong(LABEL),
            f" status unknown: the results file does not record which of {game}'s component "
            "data is verified; treat every value the rulebook does not print as ",
            strong(LABEL),
            ". Run ",
            literal("make site"),
            " to record it.",
            classes=["rulebooks-data-unknown"],
        )
    ]


def _summary_words(files: Sequence[DataFile], resting: int | None) -> list[InlineNode]:
    """The one line of a data note: how many files, which, and what rests on them."""
    names = ", ".join(found.path.rsplit("/", 1)[-1] for found in files)
    noun = "file" if len(files) == 1 else "files"
    pronoun = "it" if len(files) == 1 else "them"
    if resting is not None:
        clause_words = "verified clause rests" if resting == 1 else "verified clauses rest"
        consequence = f"{resting} {clause_words} on {pronoun}"
        if not resting:
            consequence = f"no verdict rests on {pronoun}"
    else:
        dependents = len({d for found in files for d in found.dependents})
        consequence = (
            f"{dependents} scenario{' depends' if dependents == 1 else 's depend'} on {pronoun}"
            if dependents
            else f"no scenario depends on {pronoun}"
        )
    return [
        strong(LABEL),
        f" component data: {len(files)} {noun} ({names}); {consequence}",
        nodes.inline("", " — details", classes=["rulebooks-data-note-more"]),
    ]


def _resting_clauses(
    found: DataFile, clauses: Iterable[tuple[str, Sequence[TaggedScenario]]]
) -> list[str]:
    dependents = set(found.dependents)
    return [
        clause
        for clause, scenarios in clauses
        if any(dependent_key(tagged) in dependents for tagged in scenarios)
    ]


def data_note(
    results: Results | None,
    game: str,
    *,
    context: str = "",
    clauses: Sequence[tuple[str, Sequence[TaggedScenario]]] | None = None,
) -> list[nodes.Node]:
    """One line naming the game's unverified data files, its details (each file, how much
    of it is unverified, what depends on it) one click away: an HTML ``<details>``.

    Empty when every data file of the game is verified; ``context`` says what on the page
    is computed from the data ("The statistics below"). ``clauses``: each verified clause of
    the game with its scenarios, for a page of verdicts: the line counts the clauses resting
    on the data and the details name them (:func:`verdict_caveat`).
    """
    files = unverified_files(results, game)
    if files is None:
        box = nodes.container(classes=["rulebooks-data-note", "rulebooks-data-note-unknown"])
        box.extend(_unknown(game))
        return [box]
    if not files:
        return []
    lead = context or "Values on this page come from component data the rulebook does not print."
    body: list[nodes.Node] = [
        paragraph(
            lead,
            " They are ",
            strong(LABEL),
            ": placeholders or unchecked public figures, marked ",
            literal('"verified": false'),
            " in the data file.",
        )
    ]
    resting: int | None = None
    if clauses is None:
        items = nodes.bullet_list()
        for found in files:
            items += nodes.list_item("", paragraph(*_file_words(found), *_dependents_words(found)))
        body.append(items)
    else:
        resting = len({c for found in files for c in _resting_clauses(found, clauses)})
        body.extend(verdict_caveat(results, game, clauses))
    note = disclosure(classes=["rulebooks-data-note"])
    note += disclosure_summary("", "", *_nodes(_summary_words(files, resting)))
    note.extend(body)
    return [note]


def verdict_caveat(
    results: Results | None, game: str, clauses: Iterable[tuple[str, Sequence[TaggedScenario]]]
) -> list[nodes.Node]:
    """The caveat under a game's verdict: its unverified data and the clauses resting on it.

    ``clauses``: each verified clause of the game with its scenarios.
    """
    files = unverified_files(results, game)
    if files is None:
        return _unknown(game)
    parts: list[nodes.Node] = []
    for found in files:
        resting = _resting_clauses(found, clauses)
        words: list[InlineNode] = [strong(f"Caveat, {LABEL} data: "), *_file_words(found)]
        if resting:
            words.append(
                f". {len(resting)} verified clause(s) rest on scenarios that depend on it: "
            )
            for n, clause in enumerate(resting):
                words += [", "] if n else []
                words.append(id_link(clause))  # each ID links to its clause
            words.append(".")
        else:
            words.append(
                ". No verdict rests on it: no scenario's verdict changes when its unverified "
                "values change."
            )
        parts.append(paragraph(*words, classes=["rulebooks-data-caveat"]))
    return parts


def clause_caveat(results: Results | None, found: Sequence[TaggedScenario]) -> list[InlineNode]:
    """Words after a clause's verdict when one of its scenarios depends on unverified data."""
    if results is None or results.data is None:
        return []
    keys = {dependent_key(tagged) for tagged in found}
    paths = [d.path for d in results.data if not d.verified and keys & set(d.dependents)]
    if not paths:
        return []
    return [" · rests on ", strong(LABEL), " data: ", literal(", ".join(paths))]
