"""A clause verdict read under a ruling: "verified under ruling GAME-R8".

A clause states what the rulebook says. Where the engine follows a ruling that narrows or
fills the clause (an interpretation), the ``clause`` directive names it (``:ruling:``) and
every place showing the clause's verdict says so, linking to the interpretation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from docutils import nodes
from sphinx import addnodes

from rulebooks.results.join import ClauseVerdict
from rulebooks.site.sphinxext.render import InlineNode, verdict_badge


def parse_rulings(text: str) -> tuple[str, ...]:
    """``"GAME-R8, GAME-R6"`` -> ``("GAME-R8", "GAME-R6")``."""
    return tuple(part.strip() for part in text.replace(",", " ").split() if part.strip())


def ruling_xref(ruling: str) -> nodes.Node:
    """A cross-reference to the interpretation of ``ruling`` (resolved by Sphinx)."""
    return addnodes.pending_xref(
        "",
        nodes.literal(ruling, ruling),
        refdomain="std",
        reftype="ref",
        reftarget=nodes.make_id(ruling),
        refexplicit=True,
        refwarn=True,
    )


def ruled_verdict(
    verdict: ClauseVerdict,
    rulings: Sequence[str],
    link: Callable[[str], nodes.Node] = ruling_xref,
) -> list[InlineNode]:
    """The verdict badge, then "under ruling X" (verified) or "read under ruling X"."""
    parts: list[InlineNode] = [verdict_badge(verdict)]
    if not rulings:
        return parts
    words = " under ruling " if verdict is ClauseVerdict.VERIFIED else " · read under ruling "
    if len(rulings) > 1:
        words = words.replace("ruling", "rulings")
    parts.append(words)
    for index, ruling in enumerate(rulings):
        if index:
            parts.append(" and " if index == len(rulings) - 1 else ", ")
        parts.append(link(ruling))
    return parts
