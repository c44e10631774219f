"""Published text names files by repository-relative paths, never by this machine's.

Error messages, tracebacks and simulation violations are published: in results files, on
the site, in the simulation summary. :func:`publishable` rewrites the absolute paths of the
machine that produced them: a path in the repository becomes relative to it
(``engine/<game>/game.py``), the repository itself ``.``; the Python installation's become
``<site-packages>/...`` and ``<stdlib>/...``; anything else under the home folder ``~/...``.
"""

from __future__ import annotations

import functools
import os
import re
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The repository: the folder holding the ``rulebooks`` package."""


@functools.lru_cache(maxsize=8)
def _rewrites(root: str, home: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    paths = sysconfig.get_paths()
    named = [
        (root, "."),
        (paths["purelib"], "<site-packages>"),
        (paths["platlib"], "<site-packages>"),
        (paths["stdlib"], "<stdlib>"),
        (paths["platstdlib"], "<stdlib>"),
        (home, "~"),
    ]
    prefixes: dict[str, str] = {}
    for path, short in named:
        for form in (path, os.path.realpath(path)):
            form = form.rstrip("/")
            if form and form not in prefixes:
                prefixes[form] = short
    # Longest first, so that the site-packages inside the repository's .venv win over it.
    ordered = sorted(prefixes.items(), key=lambda item: -len(item[0]))
    return tuple(
        # Not inside a longer name: /a/root is not /a/rooted nor /a/root.d (a final "." is).
        (re.compile(rf"(?<![\w.~-]){re.escape(prefix)}(/|(?![\w-]|\.[\w.-]))"), short)
        for prefix, short in ordered
    )


def publishable(text: str, root: Path | None = None) -> str:
    """`text` with this machine's absolute paths made relative (see the module docstring);
    `root` is the repository (default :data:`ROOT`)."""
    # The home folder is read each time (a test or a tool may change HOME); the cache is
    # keyed by it.
    for pattern, short in _rewrites(str(root or ROOT), os.path.expanduser("~")):

        def shorten(match: re.Match[str], short: str = short) -> str:
            if match.group(1) == "/":
                return "" if short == "." else f"{short}/"
            return short

        text = pattern.sub(shorten, text)
    return text


__all__ = ["ROOT", "publishable"]
