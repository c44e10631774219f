"""Pages no longer produced leave the output of an incremental build.

``rulebooks site`` builds incrementally into the same folder; a page whose source was removed
or renamed would stay in it, published and linked from nowhere. At the end of an HTML build,
every page that Sphinx wrote from a source (an ``X.html`` beside its copy ``_sources/X.*.txt``)
whose source is no longer a document of the project is removed, with its source copy.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util.typing import ExtensionMetadata

__all__ = ["orphan_pages", "setup"]


def orphan_pages(outdir: Path, documents: set[str]) -> list[Path]:
    """The output files of the pages whose source is not in ``documents`` (docnames)."""
    sources = outdir / "_sources"
    if not sources.is_dir():
        return []
    found: list[Path] = []
    for copy in sorted(sources.rglob("*.txt")):
        relative = copy.relative_to(sources).as_posix()
        docname = relative[: -len(".txt")].rsplit(".", 1)[0]
        if docname in documents:
            continue
        found.append(copy)
        page = outdir / f"{docname}.html"
        if page.is_file():
            found.append(page)
    return found


def on_build_finished(app: Sphinx, exception: BaseException | None) -> None:
    """Remove the pages of sources gone since the previous build."""
    if exception is not None or app.builder.format != "html":
        return
    for path in orphan_pages(Path(app.outdir), set(app.env.found_docs)):
        path.unlink()


def setup(app: Sphinx) -> ExtensionMetadata:
    app.connect("build-finished", on_build_finished)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
