"""Search finds rules: the search page lists the clauses that state the words searched for
first, each with its own text as the snippet, above Sphinx's page results.

Sphinx ranks pages, and a rules page holding a word once in a clause ranks below pages that
repeat it (a rule word's rules page came 9th of 10 results, its snippet the UNVERIFIED
box). At the end of the build every clause (ID, title, words, link) is written into
``_static/rulebooks-clauses.js``; the search page alone loads it with
``rulebooks-search.js``, which matches the query's words against the clauses' titles and
words and lists the matches first (text only: nothing of the query is run).
"""

from __future__ import annotations

import json
from pathlib import Path

from sphinx.application import Sphinx

from rulebooks.site.sphinxext.store import store_of

DATA_NAME = "rulebooks-clauses.js"
SCRIPT_NAME = "rulebooks-search.js"


def clauses_data(app: Sphinx) -> list[dict[str, str]]:
    """Every clause as the search page lists it, each ID once (its first definition)."""
    seen: dict[str, dict[str, str]] = {}
    for record in store_of(app.env).all_clauses():
        seen.setdefault(record.clause_id, {
            "id": record.clause_id,
            "title": record.title,
            "text": record.text,
            "url": f"{app.builder.get_target_uri(record.docname)}#{record.anchor}",
        })  # fmt: skip
    return list(seen.values())


def write_data(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``: the clauses for the search page, into ``_static/``."""
    if exception is not None or app.builder.format != "html":
        return
    text = "window.RULEBOOKS_CLAUSES = " + json.dumps(clauses_data(app), ensure_ascii=False) + ";\n"
    target = Path(app.outdir) / "_static" / DATA_NAME
    if not target.is_file() or target.read_text("utf-8") != text:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, "utf-8")


def on_page_context(app: Sphinx, pagename: str, *_: object) -> None:
    """``html-page-context``: the search page, and it alone, loads the clauses."""
    if pagename == "search":
        app.add_js_file(DATA_NAME)
        app.add_js_file(SCRIPT_NAME, loading_method="defer")
