"""Glossary terms linked where they are used.

Each game's glossary (a ``glossary`` directive on ``docs/<game>/glossary.md``) defines the
words its rules use. In the text of every clause, interpretation and scenario step of that
game's pages, the first use of each term (any case, a plural ``s``/``es`` allowed) links to
its glossary entry: once per clause, interpretation or scenario, so the text is not a sea of
links. Never inside code, headings, titles, bold keywords or links, and never on the
glossary page itself. A page's terms are those of the glossary in its own folder (a page
``game/rules`` uses ``game/glossary``).

The pieces of text are marked by the directives with :data:`TEXT_CLASS` (the content of a
clause or interpretation, the words of a step); a post-transform wraps the terms once every
glossary is known, and the directives make their page depend on the glossary's source so a
changed glossary rewrites the pages using it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.nodes import make_refnode

from rulebooks.site.sphinxext.nodes import id_ref, scenario_ref

TEXT_CLASS = "rulebooks-glossary-scope"
"""Class of a node whose text gets its glossary terms linked (first use each)."""
LINK_CLASS = "rulebooks-term"
"""Class of the links this module makes."""

GLOSSARY_PAGE = "glossary"
"""A game's glossary page in its folder: ``<game>/glossary``."""

_NOT_INSIDE: tuple[type[nodes.Node], ...] = (
    nodes.literal,
    nodes.literal_block,
    nodes.reference,
    nodes.title,
    nodes.subtitle,
    nodes.rubric,
    nodes.strong,
    nodes.term,
    nodes.raw,
    nodes.target,
    nodes.math,
    addnodes.pending_xref,
    addnodes.desc_signature,
    id_ref,
    scenario_ref,
)
"""Text under any of these stays as it is: code, headings, keywords, links."""


def glossary_of(docname: str) -> str:
    """The glossary page of a page's folder (``game/rules`` -> ``game/glossary``)."""
    folder, _, _ = docname.rpartition("/")
    return f"{folder}/{GLOSSARY_PAGE}" if folder else GLOSSARY_PAGE


def glossary_terms(env: BuildEnvironment, glossary: str) -> dict[str, tuple[str, str]]:
    """The terms of the glossary page ``glossary``: lower-cased term -> (term, anchor)."""
    domain: Any = env.get_domain("std")
    return {
        name.lower(): (name, labelid)
        for (kind, name), (docname, labelid) in domain.objects.items()
        if kind == "term" and docname == glossary
    }


def term_pattern(terms: list[str]) -> re.Pattern[str]:
    """A pattern finding any of ``terms`` as whole words (any case; a plural ``s`` or ``es``
    allowed), the longest first so ``Egg card`` wins over ``Egg``."""
    ordered = sorted(terms, key=len, reverse=True)
    alternatives = "|".join(re.escape(term).replace(r"\ ", r"\s+") for term in ordered)
    return re.compile(rf"(?<![\w-])({alternatives})(?:e?s)?(?![\w-])", re.IGNORECASE)


def scopes(document: nodes.document) -> Iterator[nodes.Element]:
    """The outermost marked nodes of a page, in order (one per clause, step list, ...)."""
    for node in document.findall(nodes.Element):
        if TEXT_CLASS in node.get("classes", ()) and not any(
            TEXT_CLASS in parent.get("classes", ()) for parent in _ancestors(node)
        ):
            yield node


def _ancestors(node: nodes.Node) -> Iterator[nodes.Element]:
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent


UNIT_CLASSES = frozenset(
    {"rulebooks-clause", "rulebooks-interpretation", "rulebooks-scenario", "rulebooks-background"}
)
"""A term is linked at its first use in each of these (a clause, a scenario, ...)."""


def unit_of(scope: nodes.Element) -> nodes.Element:
    """The clause, interpretation, scenario or background holding ``scope`` (else itself)."""
    for parent in _ancestors(scope):
        if UNIT_CLASSES.intersection(parent.get("classes", ())):
            return parent
    return scope


def _linkable(text: nodes.Text) -> bool:
    return not any(
        isinstance(parent, _NOT_INSIDE) or "rulebooks-badge" in parent.get("classes", ())
        for parent in _ancestors(text)
    )


class LinkGlossaryTerms(SphinxPostTransform):
    """Link the first use of each glossary term in each marked piece of text."""

    default_priority = 900  # after references are resolved: links made here are final

    def run(self, **kwargs: Any) -> None:
        """Wrap the terms of the page's glossary in links to their entries."""
        docname = self.env.current_document.docname
        glossary = glossary_of(docname)
        if docname == glossary:
            return
        terms = glossary_terms(self.env, glossary)
        if not terms:
            return
        pattern = term_pattern([name for name, _ in terms.values()])
        linked: dict[int, set[str]] = {}  # per clause, interpretation or scenario
        for scope in list(scopes(self.document)):
            seen = linked.setdefault(id(unit_of(scope)), set())
            self._link_first_uses(scope, pattern, terms, seen, (docname, glossary))

    def _link_first_uses(
        self,
        scope: nodes.Element,
        pattern: re.Pattern[str],
        terms: dict[str, tuple[str, str]],
        linked: set[str],
        pages: tuple[str, str],
    ) -> None:
        """Link the terms not yet in ``linked`` in ``scope``'s text (and note them there)."""
        docname, glossary = pages
        for text in list(scope.findall(nodes.Text)):
            if not _linkable(text):
                continue
            pieces: list[nodes.Node] = []
            source = str(text)
            start = 0
            for found in pattern.finditer(source):
                key = re.sub(r"\s+", " ", found.group(1)).lower()
                if key in linked or key not in terms:
                    continue
                linked.add(key)
                name, anchor = terms[key]
                if found.start() > start:
                    pieces.append(nodes.Text(source[start : found.start()]))
                link = make_refnode(
                    self.app.builder, docname, glossary, anchor,
                    nodes.Text(found.group(0)), f"{name} (glossary)",
                )  # fmt: skip
                link["classes"].append(LINK_CLASS)
                pieces.append(link)
                start = found.end()
            if pieces:
                if start < len(source):
                    pieces.append(nodes.Text(source[start:]))
                parent = text.parent
                assert parent is not None
                index = parent.index(text)
                parent.remove(text)
                for offset, piece in enumerate(pieces):
                    parent.insert(index + offset, piece)


def mark(node: nodes.Element) -> None:
    """Mark ``node``'s text for glossary links."""
    node["classes"].append(TEXT_CLASS)


def note_glossary(env: BuildEnvironment) -> None:
    """Make the page being read depend on its folder's glossary (when there is one)."""
    glossary = glossary_of(env.current_document.docname)
    if glossary in env.found_docs:
        env.note_dependency(str(env.doc2path(glossary)))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the post-transform."""
    app.add_post_transform(LinkGlossaryTerms)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
