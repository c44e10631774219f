"""Scenarios as search targets: a scenario's title finds the scenario, not just its page.

Sphinx's search page matches the words of a query against the objects of every domain
besides the pages' text. This domain declares each scenario a ``feature-scenarios``
directive rendered as an object named by its title, whose anchor is the scenario's own
(``examples.html#scenario-<feature>-l<line>``). The titles come from the environment's
store, so pages read in parallel or incrementally stay right.
"""

from __future__ import annotations

from collections.abc import Iterator, Set
from typing import Any, ClassVar

from sphinx.domains import Domain, ObjType

from rulebooks.site.sphinxext.store import store_of


class ScenarioDomain(Domain):
    """The ``rulebooks`` domain: one object per rendered scenario, for the search index."""

    name = "rulebooks"
    label = "Rulebooks"
    object_types = {"scenario": ObjType("scenario", "scenario")}  # noqa: RUF012 (Sphinx's API)
    initial_data: ClassVar[dict[str, object]] = {}

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        """(name, display name, type, page, anchor, priority) of every scenario."""
        titles = store_of(self.env).scenario_titles
        for docname in sorted(titles):
            for anchor, title in sorted(titles[docname].items()):
                yield title, title, "scenario", docname, anchor, 1

    def clear_doc(self, docname: str) -> None:
        """Nothing to forget here: the store forgets the page's scenarios itself."""

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        """Nothing to merge here: the store merges the parallel readers' records."""
