"""The scenarios check with ``assert``: a run that strips them cannot give a verdict.

Under ``python -O`` or ``PYTHONOPTIMIZE`` Python drops every ``assert`` statement, so a Then
step that asserts passes whatever the engine did. The recorder refuses such a run before it
starts, and so do the commands that run scenarios, instead of recording it as passed.
"""

from __future__ import annotations

import sys

STRIPPED = (
    "Python runs with -O or PYTHONOPTIMIZE={level}, which strips the asserts of the step "
    "definitions: every Then step would pass unchecked. Run without it "
    "(unset PYTHONOPTIMIZE)."
)


def asserts_stripped() -> str | None:
    """Why this interpreter cannot run scenarios (its asserts are stripped), or None."""
    level = sys.flags.optimize
    return STRIPPED.format(level=level) if level else None
