"""Glossary terms link to their entry where clauses and steps use them (first use only)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from tests.site.conftest import ROOT, build_site

GLOSSARY = """\
# Glossary

```{glossary}
Raft
  Where turtles start.

Egg card
  A card with eggs.

Egg
  One egg.

Beach
  Space 21. No clause or step of this project says it.
```
"""

RULES = """\
# Rules

## The raft, a heading

```{clause} MAHE-4.2
:title: The raft is where a turtle starts

A turtle on the raft moves off it; the raft is no space. In code: `raft`, and a link:
[the raft](https://example.invalid/raft). Two egg cards, then one egg card.
```

```{feature-scenarios} mahe
```
"""

LINK = re.compile(
    r'<a class="rulebooks-term[^"]*" href="glossary\.html#(term-[\w-]+)"[^>]*>([^<]*)</a>'
)


@pytest.fixture(scope="module")
def small_site(red_site: tuple[Path, dict[str, object]]) -> Path:
    """A game folder with a glossary, a clause and the red project's scenarios."""
    project, _ = red_site
    docs = project / "docs-glossary"
    (docs / "g").mkdir(parents=True)
    (docs / "conf.py").write_text((project / "docs" / "conf.py").read_text("utf-8"), "utf-8")
    (docs / "index.md").write_text("# Check\n\n```{toctree}\ng/rules\ng/glossary\n```\n", "utf-8")
    (docs / "g" / "glossary.md").write_text(GLOSSARY, "utf-8")
    (docs / "g" / "rules.md").write_text(RULES, "utf-8")
    out = project / "html-glossary"
    build = build_site(project / "results.json", out, docs)
    assert build.returncode == 0, build.stderr
    return out / "g"


def clause_box(page: str, clause: str) -> str:
    box = page[page.index(f'id="{clause}"') :]
    return box[: box.index("Verdict:")]


def test_the_first_use_in_a_clause_links_to_the_glossary(small_site: Path) -> None:
    rules = (small_site / "rules.html").read_text("utf-8")
    links = LINK.findall(clause_box(rules, "MAHE-4.2"))
    assert links == [
        ("term-Raft", "raft"),  # the first of four uses in the text; not the title's
        ("term-Egg-card", "egg cards"),  # plural, and the longer term wins over "Egg"
    ]


def test_no_link_inside_code_headings_titles_or_links(small_site: Path) -> None:
    rules = (small_site / "rules.html").read_text("utf-8")
    assert "<code" in rules and "raft</span></code>" in rules
    assert '<a class="reference external" href="https://example.invalid/raft">the raft</a>' in rules
    heading = rules[rules.index("<h2") : rules.index("</h2>")]
    assert "rulebooks-term" not in heading
    title = rules[rules.index('class="rulebooks-clause-title"') :]
    assert "rulebooks-term" not in title[: title.index("</p>")]


def test_each_scenario_links_its_steps_terms_once(small_site: Path) -> None:
    rules = (small_site / "rules.html").read_text("utf-8")
    boxes = rules.split('<div class="rulebooks-scenario ')[1:]
    assert len(boxes) == 3
    per_box = [Counter(target for target, _ in LINK.findall(box)) for box in boxes]
    assert all(count["term-Raft"] <= 1 for count in per_box), per_box
    raft_steps = [box for box in boxes if "on the raft" in re.sub(r"<[^>]+>", "", box)]
    assert raft_steps and all(LINK.search(box) for box in raft_steps)


def test_a_term_absent_from_the_page_gets_no_link(small_site: Path) -> None:
    rules = (small_site / "rules.html").read_text("utf-8")
    assert "beach" not in rules.lower()
    assert "#term-Beach" not in rules
    assert "rulebooks-term" not in (small_site / "glossary.html").read_text("utf-8")


def test_the_real_rules_page_links_its_terms(site: tuple[Path, dict[str, object]]) -> None:
    """On Mahé's rules page the bust clause links "bust"; no clause links a term twice;
    and a glossary term no clause text uses is linked nowhere."""
    rules = (site[0] / "mahe" / "rules.html").read_text("utf-8")
    assert ("term-Bust", "bust") in [
        (target, text.lower()) for target, text in LINK.findall(clause_box(rules, "MAHE-3.3"))
    ]
    for clause in re.findall(r'<div class="rulebooks-clause [^"]*" id="(MAHE-[\d.]+)"', rules):
        targets = [target for target, _ in LINK.findall(clause_box(rules, clause))]
        assert len(targets) == len(set(targets)), clause
    glossary = (ROOT / "docs" / "mahe" / "glossary.md").read_text("utf-8")
    terms = re.findall(r"^([A-Z][\w -]+)$", glossary.split("{glossary}")[1], re.M)
    linked = {target for target, _ in LINK.findall(rules)}
    assert "term-Decider" not in linked or "decider" in rules.lower()
    for term in terms:
        if not re.search(rf"\b{re.escape(term.lower())}", rules.lower()):
            assert f"term-{term.replace(' ', '-')}" not in linked, term
