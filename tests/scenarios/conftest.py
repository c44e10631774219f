"""Makes the step definitions of every game visible to the scenario tests."""

from tests.scenarios.steps.mahe import *  # noqa: F403  (pytest-bdd finds steps as fixtures)


def pytest_bdd_apply_tag(tag: str, function: object) -> bool | None:
    """Metadata tags (``@clause:MAHE-3.3``, ``@ruling:…``, ``@game:…``, ``@example``) are
    read from the feature files by the recorder and the site; they are not pytest marks."""
    if ":" in tag or tag == "example":
        return True
    return None
