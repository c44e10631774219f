"""On the real site, a clause read under a ruling says so wherever its verdict is shown."""

from __future__ import annotations

import re
from pathlib import Path

from tests.site.conftest import text_of
from tests.site.test_traceability import GAMES, clause_options


def ruled() -> list[tuple[str, str, list[str]]]:
    return [
        (game, ident, options["ruling"].replace(",", " ").split())
        for game in GAMES
        for ident, options in clause_options(game).items()
        if "ruling" in options
    ]


def words(rulings: list[str]) -> str:
    noun = "ruling" if len(rulings) == 1 else "rulings"
    names = rulings[0] if len(rulings) == 1 else ", ".join(rulings[:-1]) + " and " + rulings[-1]
    return f"verified under {noun} {names}"


def box(raw: str, anchor: str) -> str:
    start = raw.index(f'id="{anchor}"')
    end = raw.find('class="rulebooks-clause ', start + 1)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", raw[start : end if end > 0 else None]))


def test_the_known_cases_name_their_rulings() -> None:
    named = {ident: rulings for _, ident, rulings in ruled()}
    assert named["MAHE-3.3"] == ["MAHE-R8", "MAHE-R1"]
    assert named["MAHOLA-4.4"] == ["MAHOLA-R3"] and named["MAHOLA-7.2"] == ["MAHOLA-R9"]


def test_verified_under_ruling_on_rules_coverage_and_home(
    site: tuple[Path, dict[str, object]],
) -> None:
    html_dir, _ = site
    coverage = (html_dir / "coverage.html").read_text("utf-8")
    home = text_of(html_dir / "index.html")
    for game, ident, rulings in ruled():
        anchor = ident.lower().replace(".", "-")
        clause = box((html_dir / game / "rules.html").read_text("utf-8"), anchor)
        said = " ".join(words(rulings).split())
        assert f"Verdict: ✔ {said}" in clause, ident
        row = coverage[coverage.index(f'id="coverage-{anchor}"') :]
        row = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row[: row.index("</tr>")]))
        assert said in row, ident
        assert f"{ident} ✔ {said}" in home, ident
    plain = box((html_dir / "mahe" / "rules.html").read_text("utf-8"), "mahe-4-2")
    assert "Verdict: ✔ verified" in plain and "under ruling" not in plain
