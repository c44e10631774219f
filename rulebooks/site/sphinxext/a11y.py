"""What assistive technology needs from the page that the theme does not give.

Sphinx writes a toctree's caption (the sidebar's "Games", "Guide" headings, and the home
page's own tables of contents) as ``<p class="caption" role="heading">`` with no
``aria-level``, which ARIA requires of a heading (axe-core: ``aria-required-attr``, critical).
Each page's HTML is given that level here, once the theme has made its navigation tree.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

CAPTION = '<p class="caption" role="heading">'
LEVELLED = '<p class="caption" role="heading" aria-level="2">'
# the page's pieces that hold a toctree: its body, and furo's sidebar navigation
PARTS = ("body", "toc", "furo_navigation_tree")


def level_captions(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: object
) -> None:
    """Give every toctree caption on the page heading level 2 (under the page's title)."""
    for part in PARTS:
        html = context.get(part)
        if isinstance(html, str) and CAPTION in html:
            context[part] = html.replace(CAPTION, LEVELLED)


def setup(app: Sphinx) -> dict[str, object]:
    # after the theme (furo computes its navigation tree at the default priority, 500)
    app.connect("html-page-context", level_captions, priority=900)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
