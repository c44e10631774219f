"""Placeholder nodes filled in by the ``doctree-resolved`` handler.

They never reach a writer: :func:`rulebooks.site.sphinxext.events.on_doctree_resolved`
replaces every one of them.
The visitors registered for them only guard against a builder that skips that event.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes


class scenario_ref(nodes.inline):
    """A link to a scenario, to the page where ``feature-scenarios`` renders it.

    Attribute ``anchor``: the scenario's anchor. Children: the link text.
    """


class id_ref(nodes.inline):
    """A link to the clause or ruling whose ID is attribute ``identifier``.

    Resolved once every page is read; left unresolved (no page defines the ID, or a table
    of contents copied it), it shows its children as plain text.
    """


class board_pictures(nodes.General, nodes.Element):
    """Board pictures of a scenario with their words, written out by the HTML builder.

    Attributes: ``boards``, a list of ``(label, svg, text, note)`` (``note``: what a failed
    step expected, or empty; a second line says what the picture outlines of it);
    ``changes``, the facts that differ between two pictures as ``(first, second)`` lines of
    their words; ``folded``, the summary of the
    disclosure they sit in (empty: not folded). The HTML visitor writes each SVG once into
    ``_boards/`` of the output and links it as an image with its intrinsic size; other
    builders show the words.
    """


class game_verdict(nodes.General, nodes.Element):
    """The ``game-verdict`` summary; attributes ``game`` and ``title``."""


class home_status(nodes.General, nodes.Element):
    """The ``home-status`` bars of every game and the run's line; no attributes."""


class coverage_report(nodes.General, nodes.Element):
    """The ``coverage`` report across games; no attributes."""


class reused_note(nodes.General, nodes.Element):
    """Where a feature file's *reused* note goes (attribute ``feature``: its path), filled
    from the results when the page is written: a record newly reused (the first incremental
    run after a full one marks every other game's so) rewrites the page, not re-reads it."""


def skip_node(_translator: Any, _node: nodes.Element) -> None:
    """Visitor for an unresolved placeholder: render nothing."""
    raise nodes.SkipNode


PLACEHOLDER_VISITORS = (skip_node, None)


def pass_node(_translator: Any, _node: nodes.Element) -> None:
    """Visitor that renders nothing of its own: the node's children show as they are."""


PASS_THROUGH_VISITORS = (pass_node, pass_node)


class disclosure(nodes.General, nodes.Element):
    """A disclosure: HTML ``<details>`` whose first child, a :class:`disclosure_summary`, is
    the one line shown folded; the other children show once it is opened (no script needed).
    Other builders show every child, the summary as a paragraph."""


class disclosure_summary(nodes.Part, nodes.TextElement):
    """The line a :class:`disclosure` shows folded (HTML ``<summary>``)."""


def visit_disclosure_html(translator: Any, node: nodes.Element) -> None:
    translator.body.append(translator.starttag(node, "details"))


def depart_disclosure_html(translator: Any, _node: nodes.Element) -> None:
    translator.body.append("</details>\n")


def visit_disclosure_summary_html(translator: Any, node: nodes.Element) -> None:
    translator.body.append(translator.starttag(node, "summary", suffix=""))


def depart_disclosure_summary_html(translator: Any, _node: nodes.Element) -> None:
    translator.body.append("</summary>\n")


DISCLOSURE_VISITORS = (visit_disclosure_html, depart_disclosure_html)
SUMMARY_VISITORS = (visit_disclosure_summary_html, depart_disclosure_summary_html)
