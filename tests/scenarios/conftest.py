"""Shared by the scenario tests of every game.

Each game has its own folder here (`tests/scenarios/<game>/`) with its step definitions in
`steps.py`, bound to `features/<game>/` by `test_<game>.py`. Separate folders keep the step
fixtures of one game out of another's scenarios: pytest-bdd names step fixtures after the step
text, so two games sharing a sentence must not share a namespace. What every game's steps have
in common lives beside the folders: the scenario world (`table.py`, subclassed by each game's
table), the steps every game shares word for word (`common_steps.py`, star-imported by each
game's `steps.py`) and the notation (`notation.py`).
"""


def pytest_bdd_apply_tag(tag: str, function: object) -> bool | None:
    """Metadata tags (``@clause:MAHE-3.3``, ``@ruling:…``, ``@game:…``, ``@example``) are
    read from the feature files by the recorder and the site; they are not pytest marks."""
    if ":" in tag or tag == "example":
        return True
    return None
