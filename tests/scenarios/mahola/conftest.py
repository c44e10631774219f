"""Makes the Mahola step definitions visible to the Mahola scenarios (and only to them)."""

from tests.scenarios.mahola.steps import *  # noqa: F403  (pytest-bdd finds steps as fixtures)
