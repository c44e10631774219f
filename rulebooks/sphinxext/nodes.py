"""Placeholder nodes filled in by the ``doctree-resolved`` handler.

They never reach a writer: :mod:`rulebooks.sphinxext.resolve` replaces every one of them.
The visitors registered for them only guard against a builder that skips that event.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes


class scenario_ref(nodes.inline):
    """A link to a scenario, to the page where ``feature-scenarios`` renders it.

    Attribute ``anchor``: the scenario's anchor. Children: the link text.
    """


class game_verdict(nodes.General, nodes.Element):
    """The ``game-verdict`` summary; attributes ``game`` and ``title``."""


class coverage_report(nodes.General, nodes.Element):
    """The ``coverage`` report across games; no attributes."""


def skip_node(_translator: Any, _node: nodes.Element) -> None:
    """Visitor for an unresolved placeholder: render nothing."""
    raise nodes.SkipNode


PLACEHOLDER_VISITORS = (skip_node, None)
