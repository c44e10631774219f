"""Makes the Mamey step definitions visible to the Mamey scenarios (and only to them)."""

from tests.scenarios.mamey.steps import *  # noqa: F403  (pytest-bdd finds steps as fixtures)
