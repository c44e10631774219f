"""Following a clause's link to its first scenario, and measuring where the target lands.

Shared by the browser test (a sample of the jumps) and benchmarks/bench_jumps.py (all of
them). A jump lands when, once the page and the pictures around the target have loaded,
the target's top is within ``TOLERANCE`` px of the viewport's top, or, where sticky bars
(the theme's header on a phone, the filter bar) hold the top of the viewport, within
``TOLERANCE`` px below them and not under them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from posixpath import dirname, join, normpath

from playwright.sync_api import Page, ViewportSize

TOLERANCE = 50
VIEWPORTS: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 800},
    "phone": {"width": 390, "height": 844},
}


@dataclass(frozen=True)
class Jump:
    """A clause of a rules page and the site-relative link to its first scenario."""

    clause: str
    href: str


class _FirstScenarioLinks(HTMLParser):
    """Collects, per clause box, the first link of its scenario list."""

    def __init__(self) -> None:
        super().__init__()
        self.clause: str | None = None
        self.in_list = False
        self.found: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        classes = (values.get("class") or "").split()
        if "rulebooks-clause" in classes:
            self.clause = values.get("data-clause") or values.get("id")
            self.in_list = False
        elif "rulebooks-clause-scenarios" in classes:
            self.in_list = True
        elif tag == "a" and self.in_list and self.clause and self.clause not in self.found:
            href = values.get("href") or ""
            if "#scenario-" in href:
                self.found[self.clause] = href

    def handle_endtag(self, tag: str) -> None:
        if tag == "ul":
            self.in_list = False


def clause_jumps(html: Path, per_game: int | None = None) -> list[Jump]:
    """Every clause's first-scenario link on every ``<game>/rules.html`` (site-relative).

    With ``per_game``, that many clauses per game, spread evenly over the page (the far
    ones are where a shifting page goes wrong).
    """
    jumps: list[Jump] = []
    for rules in sorted(html.glob("*/rules.html")):
        parser = _FirstScenarioLinks()
        parser.feed(rules.read_text("utf-8"))
        folder = rules.parent.relative_to(html).as_posix()
        found = [
            Jump(clause, normpath(join(folder, href)))
            for clause, href in parser.found.items()
            if not re.match(r"^[a-z]+:", href)
        ]
        if per_game and len(found) > per_game:
            step = len(found) / per_game
            found = [found[int(step * (index + 0.5))] for index in range(per_game)]
        jumps.extend(found)
    return jumps


@dataclass(frozen=True)
class Landing:
    """Where a jump's target ended: its top, and the bottom of any sticky bar over it."""

    top: float
    covered_to: float

    @property
    def lands(self) -> bool:
        """Within the tolerance of the top of what is visible (below any sticky bar)."""
        return self.covered_to - 1 <= self.top <= self.covered_to + TOLERANCE

    def __str__(self) -> str:
        cover = f", under a bar down to {self.covered_to:.0f} px" if self.covered_to else ""
        return f"target top at {self.top:.0f} px{cover}"


_MEASURE = """
(anchor) => {
  const target = document.getElementById(anchor);
  if (!target) return null;
  let covered = 0;
  for (const bar of document.querySelectorAll('.rulebooks-filter, header, .mobile-header')) {
    const style = getComputedStyle(bar);
    if ((style.position === 'sticky' || style.position === 'fixed') && bar.offsetParent !== null) {
      const box = bar.getBoundingClientRect();
      if (box.top <= 1 && box.bottom > 0) covered = Math.max(covered, box.bottom);
    }
  }
  return [target.getBoundingClientRect().top, covered];
}
"""

_SETTLED = """
async () => {
  const near = Array.from(document.images).filter((img) => {
    const box = img.getBoundingClientRect();
    return box.bottom > -2 * innerHeight && box.top < 3 * innerHeight;
  });
  const loaded = (img) => img.complete ? null : new Promise((done) => {
    img.addEventListener("load", done, { once: true });
    img.addEventListener("error", done, { once: true });
  });
  const patience = new Promise((done) => setTimeout(done, 3000));
  await Promise.race([Promise.all(near.map(loaded)), patience]);
  // a late picture may still shift the page: wait until it has stopped moving (or 5 s)
  let last = -1, still = 0;
  for (let tick = 0; tick < 50 && still < 4; tick += 1) {
    await new Promise((done) => setTimeout(done, 100));
    still = scrollY === last ? still + 1 : 0;
    last = scrollY;
  }
  return near.length;
}
"""


def landing_offset(page: Page, url: str) -> Landing:
    """Open ``url`` (with its ``#anchor``), let the pictures load, measure the target."""
    anchor = url.split("#", 1)[1]
    page.goto("about:blank")
    page.goto(url, wait_until="load")
    page.evaluate(_SETTLED)
    page.wait_for_timeout(300)
    page.evaluate(_SETTLED)
    measured = page.evaluate(_MEASURE, anchor)
    if measured is None:
        raise AssertionError(f"no element #{anchor} on {url}")
    return Landing(top=float(measured[0]), covered_to=float(measured[1]))


def instant_landing(page: Page, url: str) -> Landing:
    """Open ``url`` and measure the target as soon as the page has loaded, with no wait for
    the page to settle: a jump that scrolls smoothly is still far off at that moment."""
    anchor = url.split("#", 1)[1]
    page.goto("about:blank")
    page.goto(url, wait_until="load")
    measured = page.evaluate(_MEASURE, anchor)
    if measured is None:
        raise AssertionError(f"no element #{anchor} on {url}")
    return Landing(top=float(measured[0]), covered_to=float(measured[1]))


def page_relative(page_path: str, href: str) -> str:
    """``href`` as written on ``page_path``, made site-relative."""
    return normpath(join(dirname(page_path), href))
