"""Makes the Pig step definitions (and the shared steps of the library) visible to the Pig
scenarios."""

from pig_steps import *  # noqa: F403  (pytest-bdd finds steps as fixtures)

from rulebooks.steps.tags import pytest_bdd_apply_tag  # noqa: F401  (metadata tags)
