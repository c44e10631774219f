"""The home page's game lists, filled in from the project's games when the page is read.

Two markers, each an HTML comment on a line of its own in the page's source:

- ``<!-- rulebooks:games -->`` becomes one ``game-verdict`` block per game of the project
  (:func:`rulebooks.games.registry.games`), by name;
- ``<!-- rulebooks:guest-pages -->`` becomes one table of contents per guest game (a game
  whose pages come from another project, :mod:`rulebooks.site.guests`): its rules, examples and
  interpretations first, its other pages after, its glossary last. The host's own games keep
  the tables of contents written on the page.
"""

from __future__ import annotations

import re
from pathlib import Path

from sphinx.application import Sphinx

from rulebooks.games import registry

__all__ = ["fill_markers", "guest_toctree"]

GAMES = re.compile(r"^<!-- rulebooks:games\b[^>]*-->$", re.M)
GUEST_PAGES = re.compile(r"^<!-- rulebooks:guest-pages\b[^>]*-->$", re.M)
FIRST = ("rules", "examples", "interpretations")


def guest_toctree(name: str, title: str, pages: Path) -> str:
    """The MyST table of contents of a guest game's pages (the ``.md`` files of ``pages``)."""
    names = sorted(p.stem for p in pages.glob("*.md"))
    middle = [n for n in names if n not in FIRST and n != "glossary"]
    last = ["glossary"] if "glossary" in names else []
    order = [n for n in FIRST if n in names] + middle + last
    entries = "\n".join(f"{name}/{page}" for page in order)
    return f"```{{toctree}}\n:maxdepth: 2\n:caption: {title}\n\n{entries}\n```\n"


def fill_markers(app: Sphinx, docname: str, source: list[str]) -> None:
    """Replace the markers of a page's source by the project's games (see the module)."""
    text = source[0]
    if "<!-- rulebooks:" not in text:
        return
    games = registry.games()
    if GAMES.search(text):
        blocks = "\n".join(
            f"```{{game-verdict}} {name}\n:title: {spec.title}\n```\n"
            for name, spec in sorted(games.items())
        )
        text = GAMES.sub(lambda _: blocks, text)
    if GUEST_PAGES.search(text):
        srcdir = Path(app.srcdir)
        toctrees = "\n".join(
            guest_toctree(guest.name, games[guest.name].title, srcdir / guest.name)
            for guest, _ in app.config.rulebooks_guests or ()
            if guest.name in games
        )
        text = GUEST_PAGES.sub(lambda _: toctrees, text)
    source[0] = text
