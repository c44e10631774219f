"""Pages no longer produced leave the output of an incremental build.

``rulebooks site`` builds incrementally into the same folder; a page whose source was removed
or renamed would stay in it, published and linked from nowhere. At the end of an HTML build,
every page that Sphinx wrote from a source (an ``X.html`` beside its copy ``_sources/X.*.txt``)
whose source is no longer a document of the project is removed, with its source copy.

Board pictures are files of ``_boards/`` named by their content; a page rewritten with other
boards leaves its old pictures behind. At the end of an HTML build, every picture that no
page of the output links any more is removed too.
"""

from __future__ import annotations

import re
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util.typing import ExtensionMetadata

from rulebooks.site.sphinxext.render import BOARDS_FOLDER, DOWNLOADS_FOLDER

__all__ = ["orphan_pages", "setup", "unused_boards"]

_BOARD_LINK = re.compile(rf"{BOARDS_FOLDER}/([0-9a-f]+\.svg)")


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


def unused_boards(outdir: Path) -> list[Path]:
    """The pictures of ``outdir/_boards/`` that no HTML page of ``outdir`` links."""
    folder = outdir / BOARDS_FOLDER
    if not folder.is_dir():
        return []
    linked: set[str] = set()
    downloads = outdir / DOWNLOADS_FOLDER  # the run's files: megabytes, and no board
    for page in outdir.rglob("*.html"):
        if page.is_relative_to(downloads):
            continue
        linked.update(_BOARD_LINK.findall(page.read_text("utf-8", errors="replace")))
    return sorted(path for path in folder.glob("*.svg") if path.name not in linked)


def on_build_finished(app: Sphinx, exception: BaseException | None) -> None:
    """Remove the pages of sources gone since the previous build, then the board pictures
    no page links any more."""
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    for path in orphan_pages(outdir, set(app.env.found_docs)):
        path.unlink()
    for path in unused_boards(outdir):
        path.unlink()


def setup(app: Sphinx) -> ExtensionMetadata:
    app.connect("build-finished", on_build_finished)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
