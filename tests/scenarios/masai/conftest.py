"""Makes the Masai step definitions visible to the Masai scenarios (and only to them)."""

from tests.scenarios.masai.steps import *  # noqa: F403  (pytest-bdd finds steps as fixtures)
