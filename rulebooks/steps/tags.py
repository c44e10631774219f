"""The tag hook a game's scenario folder needs: import it into the folder's ``conftest.py``::

    from rulebooks.steps.tags import pytest_bdd_apply_tag  # noqa: F401
"""

from __future__ import annotations


def pytest_bdd_apply_tag(tag: str, function: object) -> bool | None:
    """Metadata tags (``@clause:GAME-3.3``, ``@ruling:…``, ``@game:…``, ``@example``) are
    read from the feature files by the recorder and the site; they are not pytest marks."""
    if ":" in tag or tag == "example":
        return True
    return None
