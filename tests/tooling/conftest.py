"""Marks the slow tests of this folder (tests/markers.py)."""

from tests.markers import pytest_collection_modifyitems  # noqa: F401  (marks slow tests)
