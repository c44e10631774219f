"""The UNVERIFIED label, from the data files' ``verified`` flags recorded in the results file.

The results file's ``data`` section (written by the recorder from
:mod:`rulebooks.provenance.labels`) lists, per game, every component data file the engine reads,
how many of its values are unverified, and the scenarios that depend on those values. This
module turns it into the labels the site shows: the ``data-note`` directive (a box on any
page built from a game's data), the caveat under a game's verdict, and the note beside a
clause verdict that rests on such scenarios. A results file without a ``data`` section
(older than this label) gets a warning that the data's status is unknown.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from docutils import nodes

from rulebooks.results.join import DataFileStatus as DataFile
from rulebooks.results.join import Results, TaggedScenario
from rulebooks.site.sphinxext.render import InlineNode, admonition, literal, paragraph, strong

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


def data_note(results: Results | None, game: str, *, context: str = "") -> list[nodes.Node]:
    """A warning box naming the game's unverified data files and what depends on them.

    Empty when every data file of the game is verified; ``context`` says what on the page
    is computed from the data ("The statistics below").
    """
    files = unverified_files(results, game)
    if files is None:
        body = _unknown(game)
    elif not files:
        return []
    else:
        lead = (
            context or "Values on this page come from component data the rulebook does not print."
        )
        items = nodes.bullet_list()
        for found in files:
            items += nodes.list_item("", paragraph(*_file_words(found), *_dependents_words(found)))
        body = [
            paragraph(
                lead,
                " They are ",
                strong(LABEL),
                ": placeholders or unchecked public figures, marked ",
                literal('"verified": false'),
                " in the data file.",
            ),
            items,
        ]
    classes = ["rulebooks-banner", "rulebooks-data-note", "warning"]
    return [admonition(f"{LABEL} component data", body, classes)]


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
        dependents = set(found.dependents)
        resting = [
            clause
            for clause, scenarios in clauses
            if any(dependent_key(tagged) in dependents for tagged in scenarios)
        ]
        words: list[InlineNode] = [strong(f"Caveat, {LABEL} data: "), *_file_words(found)]
        if resting:
            words += [
                f". {len(resting)} verified clause(s) rest on scenarios that depend on it: ",
                ", ".join(resting),
                ".",
            ]
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
