"""sphinx-build, started before its inputs are ready: ``rulebooks site`` starts it while the
scenarios run, so that loading Sphinx, MyST, the theme and the extension (about a second)
overlaps the run instead of following it.

``python -m rulebooks.sphinx_run ARGS...`` imports them, then waits for one line on standard
input: ``build`` runs ``sphinx-build ARGS...`` and exits with its exit code; anything else,
or the end of input, exits 0 having built nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

BUILD = "build"


def main(argv: list[str]) -> int:
    try:
        return _load_then_build(argv)
    except KeyboardInterrupt:  # Ctrl-C reaches the whole process group: the caller says it
        return 130


def _load_then_build(argv: list[str]) -> int:
    # The slow imports, done while the caller is still busy (their order does not matter).
    import furo  # type: ignore[import-untyped]  # noqa: F401
    import myst_parser.parsers.sphinx_
    import myst_parser.sphinx_ext.main  # noqa: F401
    import sphinx.builders.html  # noqa: F401
    from sphinx.cmd.build import main as sphinx_build

    import rulebooks.formats.messages
    import rulebooks.sphinxext  # noqa: F401
    from rulebooks.gherkin_model import load_features

    features = Path("features")  # the default features folder, parsed ahead (if it is used)
    if features.is_dir():
        load_features(features, Path.cwd())  # remembered by content: an edit is parsed again

    if sys.stdin.readline().strip() != BUILD:
        return 0
    return sphinx_build(argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
