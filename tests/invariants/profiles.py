"""Hypothesis settings of the invariant tests, chosen with the ``HYPOTHESIS_PROFILE`` variable.

* ``rulebooks`` (the default): 50 examples per game, bounded runs, derandomized and without
  an example database, so every run (and CI) explores exactly the same games; no
  shrinking (a long game shrinks slowly): the failure message names the game, its
  parameters and the actions that led to the position;
* ``thorough``: many more and longer runs, random each time, failures kept in the local
  example database (``.hypothesis/``, which ignores itself in git) and replayed first::

      HYPOTHESIS_PROFILE=thorough .venv/bin/python -m pytest tests/invariants
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

_COMMON = settings(
    deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)

PROFILES = {
    "rulebooks": settings(
        _COMMON,
        max_examples=50,
        stateful_step_count=20,
        derandomize=True,
        database=None,
        phases=[Phase.explicit, Phase.generate],  # no shrinking: a failure is reported at once
    ),
    "thorough": settings(_COMMON, max_examples=1000, stateful_step_count=60),
}
"""The profiles, by name. ``derandomize`` makes the default one deterministic."""

LEAP = {"rulebooks": 60, "thorough": 400}
"""Most random actions one ``leap`` step plays (to reach mid- and end-game positions)."""


def profile_name() -> str:
    name = os.environ.get("HYPOTHESIS_PROFILE", "rulebooks")
    if name not in PROFILES:
        raise AssertionError(
            f"HYPOTHESIS_PROFILE={name!r} is not a profile of the invariant tests; "
            f"profiles: {', '.join(PROFILES)}"
        )
    return name


def active() -> settings:
    """The settings of the profile named by ``HYPOTHESIS_PROFILE`` (default ``rulebooks``)."""
    return PROFILES[profile_name()]


def leap() -> int:
    return LEAP[profile_name()]
