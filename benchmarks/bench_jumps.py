"""Jump accuracy and page weight of the built site, in headless Chromium.

Not a test: it prints figures. For every clause of every game's rules page, it follows the
link to the clause's first scenario (a fresh navigation to ``examples.html#scenario-...``),
waits until the page and the pictures near the target have loaded, and measures where the
target's top ended: a jump "lands" when it is within 50 px of the top of the viewport and
not under the sticky filter bar. It does so at a desktop (1280x800) and a phone (390x844)
viewport. It also prints the size and load time of the largest examples page::

    python benchmarks/bench_jumps.py                  # the site in docs/_build/html
    python benchmarks/bench_jumps.py path/to/html     # another build
    python benchmarks/bench_jumps.py --limit 3        # the first 3 clauses of each game

The browser test (tests/site/test_browser.py) checks a sample of these jumps; this script is
the full sweep.
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urljoin

from playwright.sync_api import Page, Response, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.site.jumps import (  # noqa: E402 - after the path set-up
    VIEWPORTS,
    clause_jumps,
    landing_offset,
)
from tests.site.test_browser import CHROMIUM_ARGS, chromium_path  # noqa: E402


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """Serve ``folder`` over HTTP on the loopback interface."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def largest_examples_page(html: Path) -> Path:
    """The heaviest ``<game>/examples.html`` with what it loads from ``_boards/``."""
    return max(html.glob("*/examples.html"), key=lambda p: p.stat().st_size)


def page_weight(page: Page, url: str) -> tuple[int, float]:
    """Bytes transferred (documents, scripts, styles, pictures) and time to the load event."""
    responses: list[Response] = []

    def record(response: Response) -> None:
        responses.append(response)  # its body is read after the load (not in the handler)

    page.on("response", record)
    start = time.perf_counter()
    page.goto(url, wait_until="load")
    elapsed = time.perf_counter() - start
    page.remove_listener("response", record)
    return sum(len(response.body()) for response in responses), elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("html", nargs="?", default=str(ROOT / "docs" / "_build" / "html"))
    parser.add_argument("--limit", type=int, default=0, help="clauses per game (0: all)")
    args = parser.parse_args()
    html = Path(args.html)
    if not (html / "index.html").is_file():
        sys.exit(f"no site in {html}: run `make site` first")
    jumps = clause_jumps(html, args.limit or None)
    with served(html) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        largest = largest_examples_page(html)
        relative = largest.relative_to(html).as_posix()
        weights = []
        for _ in range(3):  # a fresh tab each time: nothing cached
            page = browser.new_page()
            weights.append(page_weight(page, urljoin(url, relative)))
            page.close()
        weight = min(w for w, _ in weights)
        print(
            f"largest examples page {relative}: {largest.stat().st_size / 1e6:.2f} MB of HTML, "
            f"{weight / 1e6:.2f} MB transferred with its pictures, "
            f"load {min(t for _, t in weights):.2f} s (best of 3)"
        )
        for name, viewport in VIEWPORTS.items():
            page = browser.new_page(viewport=viewport)
            landed, misses = 0, []
            for jump in jumps:
                offset = landing_offset(page, urljoin(url, jump.href))
                if offset.lands:
                    landed += 1
                else:
                    misses.append(f"{jump.clause} -> {jump.href}: {offset}")
            page.close()
            print(
                f"{name} ({viewport['width']}x{viewport['height']}): {landed} of {len(jumps)} "
                f"jumps land within 50 px of the top"
            )
            for miss in misses[:10]:
                print(f"  missed {miss}")
            if len(misses) > 10:
                print(f"  ... and {len(misses) - 10} more")
        browser.close()


if __name__ == "__main__":
    main()
