"""Marks the slow tests of this folder (tests/markers.py); the Ctrl-C fixture (tests/signals.py)."""

from tests.markers import pytest_collection_modifyitems  # noqa: F401  (marks slow tests)
from tests.signals import sigint_as_in_a_terminal  # noqa: F401  (a fixture)
