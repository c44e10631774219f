"""Makes the Mahé step definitions visible to the Mahé scenarios (and only to them)."""

from tests.scenarios.mahe.steps import *  # noqa: F403  (pytest-bdd finds steps as fixtures)
