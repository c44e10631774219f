"""Search finds rules: on the site's search page, a rule word lists first the clause that
states it, with the clause's own words as the snippet (``clause_search.py``)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from tests.site.test_browser import browser, site_url

__all__ = ["browser", "site_url"]

RULE_WORDS = ("beach", "bust", "Joker", "seed", "Hunter")


def clauses(site: tuple[Path, dict[str, object]]) -> list[dict[str, Any]]:
    text = (site[0] / "_static" / "rulebooks-clauses.js").read_text("utf-8")
    found = re.fullmatch(r"window\.RULEBOOKS_CLAUSES = (.*);\n", text, re.S)
    assert found is not None
    return list(json.loads(found[1]))


def test_every_clause_is_searchable_with_its_words(site: tuple[Path, dict[str, object]]) -> None:
    listed = clauses(site)
    assert len(listed) > 100 and len({c["id"] for c in listed}) == len(listed)
    assert all(c["title"] and c["text"] and "#" in c["url"] for c in listed)


@pytest.mark.parametrize("word", RULE_WORDS)
def test_a_rule_word_lists_the_clause_that_states_it_first(
    word: str, browser: Browser, site_url: str, site: tuple[Path, dict[str, object]]
) -> None:
    page = browser.new_page()
    try:
        page.goto(f"{site_url}search.html?q={word}")
        section = page.locator("#rulebooks-clause-results")
        section.wait_for()
        first = section.locator("li").first
        title = first.locator("a").inner_text()
        snippet = first.locator("p").inner_text()
        by_id = {c["id"]: c for c in clauses(site)}
        clause = by_id[title.split(" ")[0]]
        print(f"{word}: {title}")
        assert word.lower() in (clause["title"] + " " + clause["text"]).lower()
        assert snippet.rstrip("…") in clause["text"] and len(snippet) > 20
        # above Sphinx's own page results
        box = section.bounding_box()
        results = page.locator("#search-results").bounding_box()
        assert box is not None and results is not None and box["y"] < results["y"]
        # the link lands on the clause
        first.locator("a").click()
        page.wait_for_load_state()
        assert page.url.endswith(clause["url"].split("/")[-1])
    finally:
        page.close()


def test_a_query_is_shown_as_text(browser: Browser, site_url: str) -> None:
    page = browser.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: dialogs.append(d.message))
    try:
        page.goto(f"{site_url}search.html?q=bust <i>x</i>")  # one-letter words are ignored
        page.locator("#rulebooks-clause-results").wait_for()
        assert page.locator("#rulebooks-clause-results i").count() == 0 and dialogs == []
    finally:
        page.close()
