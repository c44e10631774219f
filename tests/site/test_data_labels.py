"""Placeholder data never reaches a page without the UNVERIFIED label.

`rulebooks.provenance.labels.CONSUMERS` names, for each data file the engines read, the built
pages showing values computed from it (statistics, pictures, verdicts, tables, prose). Each
such page, built from the real results, must name the file and carry the UNVERIFIED label
while the file holds an unverified value; the pictures and figures computed from it carry
the label themselves.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

from rulebooks.provenance.labels import CONSUMERS, DATA_FILES, LABEL, data_file, data_status
from tests.site.conftest import text_of

UNVERIFIED_FILES = [found.path for found in DATA_FILES if not data_status(found)["verified"]]
PAGES = [(path, page) for path in UNVERIFIED_FILES for page in CONSUMERS[path]]


def test_every_data_file_has_its_consumers_registered() -> None:
    assert sorted(CONSUMERS) == sorted(found.path for found in DATA_FILES)


@pytest.mark.parametrize(("path", "page"), PAGES, ids=[f"{p}->{q}" for p, q in PAGES])
def test_a_page_using_unverified_data_names_it_and_says_unverified(
    site: tuple[Path, dict[str, object]], path: str, page: str
) -> None:
    html_dir, _ = site
    text = text_of(html_dir / page)
    assert path in text, f"{page} shows values from {path} but never names the file"
    around = [
        text[max(0, m.start() - 400) : m.end() + 400] for m in re.finditer(re.escape(path), text)
    ]
    assert any(LABEL in part for part in around), (
        f"{page} names {path} but never calls its values {LABEL} near it"
    )


def _board_svgs(page: Path) -> list[str]:
    """The board pictures a page shows (files of ``_boards/``)."""
    found = re.findall(r'src="((?:\.\./)*_boards/\w+\.svg)"', page.read_text("utf-8"))
    return [(page.parent / name).resolve().read_text("utf-8") for name in found]


PICTURES = [("mamey", "Store board"), ("masai", "masai-board"), ("mahola", "mahola-board")]


@pytest.mark.parametrize(("game", "marker"), PICTURES, ids=[g for g, _ in PICTURES])
def test_every_picture_drawn_on_unverified_data_says_so(
    site: tuple[Path, dict[str, object]], game: str, marker: str
) -> None:
    """Mamey's Store board (placeholder values marked), Masai's board (a guessed
    geometry) and Mahola's cards (placeholder data): the label is in the drawing, its title
    and its description."""
    html_dir, _ = site
    boards = [svg for svg in _board_svgs(html_dir / game / "examples.html") if marker in svg]
    assert boards, f"no {game} board picture on the examples page"
    unmarked = [svg for svg in boards if LABEL not in svg]
    assert not unmarked, f"{len(unmarked)} of {len(boards)} {game} pictures carry no {LABEL}"
    for svg in boards:
        words = re.search(r"<title[^>]*>(.*?)</title><desc[^>]*>(.*?)</desc>", svg, re.S)
        assert words is not None and LABEL in words.group(1) and LABEL in words.group(2)


def test_every_campaign_computed_from_unverified_data_is_labelled(
    site: tuple[Path, dict[str, object]],
) -> None:
    html_dir, _ = site
    page = (html_dir / "simulation.html").read_text("utf-8")
    sections = re.split(r'<p class="rubric"', page)[1:]
    assert len(sections) >= 4, "the site's simulation page shows no campaign"
    games = {data_file(path).game for path in UNVERIFIED_FILES}
    titles = {"mahe": "Mahé", "mamey": "Mamey", "mahola": "Mahola", "masai": "Masai"}
    for section in sections:
        title = re.sub(r"<[^>]+>", "", section[section.index(">") + 1 : section.index("</p>")])
        game = next(g for g, t in titles.items() if t == title.strip())
        if game in games:
            assert LABEL in text_of_fragment(section), f"the {title} campaign has no {LABEL} label"
            charts = re.findall(r"base64,([A-Za-z0-9+/=]+)", section)
            for chart in charts:
                assert LABEL in base64.b64decode(chart).decode("utf-8"), f"a {title} chart"


def text_of_fragment(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup))


def test_home_page_verdicts_carry_a_caveat_for_unverified_data(
    site: tuple[Path, dict[str, object]],
) -> None:
    html_dir, _ = site
    raw = (html_dir / "index.html").read_text("utf-8")
    for game in sorted({data_file(path).game for path in UNVERIFIED_FILES}):
        box = raw[raw.index(f'id="verdict-{game}"') :]
        box = box[: box.index("rulebooks-provenance")]
        assert LABEL in text_of_fragment(box), f"the {game} verdict has no {LABEL} caveat"


def test_derived_values_say_derived(site: tuple[Path, dict[str, object]]) -> None:
    html_dir, _ = site
    store = text_of(html_dir / "mamey" / "store.html")
    icons = store[store.index("Bean Bonus icons") :]
    assert "0 (derived)" in icons and "0 (known)" not in icons


def expected_amount(path: str) -> str:
    """How much of a data file is unverified, worded from the data file itself."""
    status = data_status(next(found for found in DATA_FILES if found.path == path))
    verified, unverified = status["verified_values"], status["unverified_values"]
    if verified == 0:
        return f"every value {LABEL}"
    return f"{unverified} of {verified + unverified} flagged values {LABEL}"


@pytest.mark.parametrize(("path", "page"), PAGES, ids=[f"{p}->{q}" for p, q in PAGES])
def test_a_data_file_is_worded_alike_on_every_page(
    site: tuple[Path, dict[str, object]], path: str, page: str
) -> None:
    """Issue 26, point 8: a page that says how much of a file is unverified says it as every
    other page does ("every value" for a file of none verified, "N of M flagged values"),
    the figures computed from the data file; never "1 value(s)"."""
    text = text_of(site[0] / page)
    assert "value(s)" not in text, page
    said = re.findall(re.escape(path) + r" \([^)]*\): ([^.;]*?UNVERIFIED)", text)
    assert all(words == expected_amount(path) for words in said), (page, said)
    if page == "simulation.html":  # the campaigns' boxes say it of every file they ran on
        assert said, f"{page} does not say how much of {path} is {LABEL}"
