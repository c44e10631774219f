"""The extension's rulings and UNVERIFIED labels, on the small project of test_sphinxext.

A clause naming a ruling reads "verified under ruling ..." on the rules page, the game
verdict and the coverage page, and a ruling no interpretation defines is a warning. The
results file's ``data`` section turns into the ``data-note`` box, the verdict's caveat and
the note beside a clause resting on a dependent scenario; without it, the status is unknown.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from rulebooks.site.sphinxext.simulation import data_label, unverified_data
from tests.tooling.site.test_sphinxext import (
    DICE_PATH,
    RULES,
    Build,
    make_project,
    results_document,
)

RULED = RULES.replace(
    ":title: A total above 7 is a bust\n", ":title: A total above 7 is a bust\n:ruling: MAHE-R4\n"
).replace(":title: Rolls add up\n", ":title: Rolls add up\n:ruling: MAHE-R4, MAHE-R99\n")

NOTE = "# Data\n\n```{data-note} mahe\n```\n\n```{coverage}\n```\n"


def data_section(unverified: int, dependents: list[str]) -> dict[str, Any]:
    return {
        "mahe": [
            {
                "path": "engine/mahe/data/egg_cards.json",
                "what": "the egg-card distribution",
                "verified_values": 0,
                "unverified_values": unverified,
                "verified": unverified == 0,
                "dependents": dependents,
            }
        ]
    }


def build(tmp_path: Path, data: dict[str, Any] | None, note: str = NOTE) -> Build:
    results = results_document()
    if data is not None:
        results["data"] = data
    project = make_project(tmp_path, results)
    project.write("docs/rules.md", RULED)
    project.write("docs/data.md", note)
    project.write(
        "docs/index.md",
        "# Mahé\n\n```{toctree}\nrules\nscenarios\nverdict\ndata\n```\n",
    )
    return project.build()


def test_a_clause_read_under_a_ruling_says_so_everywhere(tmp_path: Path) -> None:
    built = build(tmp_path, data_section(1, []))
    assert "Verdict: ✔ verified under ruling MAHE-R4" in built.text("rules", "MAHE-3.3")
    assert 'href="#MAHE-R4"' in built.markup("rules", "MAHE-3.3")
    failing = built.text("rules", "MAHE-3.4")
    assert "Verdict: ✘ failing · read under rulings MAHE-R4 and MAHE-R99" in failing
    assert "under ruling" not in built.text("rules", "MAHE-3.6")
    verdict = built.text("verdict", "verdict-mahe")
    assert "Read under a ruling: MAHE-3.3 ✔ verified under ruling MAHE-R4" in verdict
    assert "✔ verified under ruling MAHE-R4" in built.text("data", "coverage-mahe-3-3")
    assert "clause MAHE-3.4 names ruling MAHE-R99, which no interpretation" in built.warnings
    assert "names ruling MAHE-R4" not in built.warnings


def test_the_data_note_names_unverified_files_and_their_dependents(tmp_path: Path) -> None:
    dependent = f"{DICE_PATH}: First die 2, second 6: a bust"
    built = build(tmp_path, data_section(1, [dependent]))
    page = built.pages["data"]
    assert "engine/mahe/data/egg_cards.json" in page
    assert "1 scenario depends on them" in page and "First die 2, second 6: a bust" in page
    # one line, its details one click away (issue 26): the page's note, then the coverage's
    lines = [
        re.sub(r"<[^>]+>", "", line)
        for line in re.findall(
            r'<details class="rulebooks-data-note">\s*<summary>(.*?)</summary>', page, re.S
        )
    ]
    assert lines == [
        "UNVERIFIED component data: 1 file (egg_cards.json); 1 scenario depends on it — details",
        "UNVERIFIED component data: 1 file (egg_cards.json); 1 verified clause rests on it"
        " — details",
    ]
    coverage = built.text("data", "coverage")
    assert "1 verified clause(s) rest on scenarios that depend on it: MAHE-3.3" in coverage
    caveat = built.markup("data", "coverage").split("rest on scenarios that depend on it:")[1]
    link = re.match(r'\s*<a class="[^"]*" href="([^"]+)">MAHE-3\.3</a>', caveat)
    assert link and link.group(1) == "rules.html#MAHE-3.3", caveat[:300]
    assert "rests on UNVERIFIED data" in built.text("data", "coverage-mahe-3-3")
    rules = built.text("rules", "MAHE-3.3")
    assert "rests on UNVERIFIED data: engine/mahe/data/egg_cards.json" in rules
    assert "rests on" not in built.text("rules", "MAHE-3.6")
    verdict = built.text("verdict", "verdict-mahe")
    assert "Caveat, UNVERIFIED data: engine/mahe/data/egg_cards.json" in verdict
    assert "1 verified clause(s) rest on scenarios that depend on it: MAHE-3.3" in verdict


FOLDED = (
    "# Data\n\n```{data-note} mahe\nOur own words on **the cards**.\n```\n\n"
    "```{fold} Every *scenario*: how to read them\nThe reading notes.\n```\n"
)


def test_a_page_folds_its_notes_and_its_own_words_on_the_data(tmp_path: Path) -> None:
    """The fold directive: one line (inline markup kept), its text inside; a data-note's
    own words go among its details, and away with the label once the data is verified."""
    page = build(tmp_path / "unverified", data_section(1, []), FOLDED).pages["data"]
    note = page[page.index('<details class="rulebooks-data-note">') :]
    note = note[: note.index("</details>")]
    assert "Our own words on <strong>the cards</strong>." in note
    fold = re.search(
        r'<details class="rulebooks-fold">\s*<summary>(.*?)</summary>(.*?)</details>', page, re.S
    )
    assert fold is not None
    assert re.sub(r"<[^>]+>", "", fold.group(1)) == "Every scenario: how to read them"
    assert "The reading notes." in fold.group(2)
    verified = build(tmp_path / "verified", data_section(0, []), FOLDED).pages["data"]
    assert "Our own words" not in verified and "The reading notes." in verified


def test_verified_data_gets_no_label(tmp_path: Path) -> None:
    built = build(tmp_path, data_section(0, []))
    assert "UNVERIFIED" not in built.pages["data"]
    assert "UNVERIFIED" not in built.text("verdict", "verdict-mahe")


def test_results_without_a_data_section_say_the_status_is_unknown(tmp_path: Path) -> None:
    built = build(tmp_path, None)
    assert "UNVERIFIED status unknown" in re.sub(r"<[^>]+>", "", built.pages["data"])
    assert "UNVERIFIED status unknown" in built.text("verdict", "verdict-mahe")


def test_a_campaign_is_labelled_from_its_data() -> None:
    files = data_section(3, [])["mahe"]
    assert unverified_data({"game": "mahe", "data": files}) == files
    boxed = data_label({"game": "mahe", "data": files})[0].astext()
    assert "UNVERIFIED data: Mahé" in boxed and "engine/mahe/data/egg_cards.json" in boxed
    assert data_label({"game": "mahe", "data": data_section(0, [])["mahe"]}) == []
    unknown = data_label({"game": "mahe"})[0].astext()
    assert "does not record which component data" in unknown
