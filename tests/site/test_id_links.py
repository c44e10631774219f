"""Every clause or ruling ID shown as a link goes to that clause or ruling: the link has a
fragment, and the page it names has an element with that id (not the top of the page)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

ID = re.compile(r"^[A-Z]+-R?\d+(?:\.\d+)*[a-z]?$")


class _Page(HTMLParser):
    """The ids of a page and its links whose text is an ID: (href, text)."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[tuple[str, str]] = []
        self._href: str | None = None
        self._text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag == "a" and found.get("href") is not None:
            self._href, self._text = str(found["href"]), ""

    def handle_data(self, data: str) -> None:
        if self._href is not None:
            self._text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._href is not None:
            if ID.match(self._text.strip()):
                self.links.append((self._href, self._text.strip()))
            self._href = None


def id_links_off_target(html: Path) -> tuple[int, list[str]]:
    """(ID links seen, those that do not land on their ID) over the site's pages."""
    pages: dict[Path, _Page] = {}
    for path in sorted(html.rglob("*.html")):
        if {"playground", "downloads", "_static"} & set(path.relative_to(html).parts):
            continue
        page = _Page()
        page.feed(path.read_text("utf-8"))
        pages[path.resolve()] = page
    seen, off = 0, []
    for path, page in pages.items():
        for href, text in page.links:
            url = urlparse(href)
            if url.scheme:
                continue
            seen += 1
            target = (path.parent / unquote(url.path)).resolve() if url.path else path
            if not url.fragment or url.fragment not in pages.get(target, _Page()).ids:
                off.append(f"{path.relative_to(html.resolve())}: {text} -> {href}")
    return seen, off


def test_every_id_link_lands_on_its_clause_or_ruling(site: tuple[Path, dict[str, object]]) -> None:
    seen, off = id_links_off_target(site[0])
    assert seen > 500
    assert off == [], f"{len(off)} of {seen} ID links go to no anchor:\n" + "\n".join(off[:20])
