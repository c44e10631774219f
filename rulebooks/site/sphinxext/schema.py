"""The ``results-schema`` directive: the results file's JSON Schema, with its version.

The schema is generated from the one definition of the format
(:mod:`rulebooks.results.schema`), so the page cannot drift from what the recorder writes
and the site reads; the same text is published beside the page as ``results.schema.json``.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import ExtensionMetadata

from rulebooks.results.schema import SCHEMA, SCHEMA_FILE, schema_text
from rulebooks.site.sphinxext.render import literal, paragraph, strong

__all__ = ["ResultsSchemaDirective", "setup"]


class ResultsSchemaDirective(SphinxDirective):
    """The version and the full JSON Schema of the results file."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        relative = Path(self.env.doc2path(self.env.docname)).parent.relative_to(self.env.srcdir)
        up = "../" * len(relative.parts)
        link = nodes.reference("", SCHEMA_FILE.name, refuri=up + SCHEMA_FILE.name)
        intro = paragraph(
            "Schema version ",
            strong(str(SCHEMA)),
            " (the ",
            literal("schema"),
            " key of every results file). Download: ",
            link,
            ".",
        )
        intro["ids"] = ["results-schema-version"]
        text = schema_text()
        block = nodes.literal_block(text, text, language="json", ids=["results-schema-json"])
        return [intro, block]


def write_schema_file(app: Sphinx, exception: Exception | None) -> None:
    """Publish the schema beside the pages (HTML builds)."""
    if exception is None and app.builder.format == "html":
        (Path(app.outdir) / SCHEMA_FILE.name).write_text(schema_text(), encoding="utf-8")


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the directive and the published file."""
    app.add_directive("results-schema", ResultsSchemaDirective)
    app.connect("build-finished", write_schema_file)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
