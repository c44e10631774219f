"""Confidence intervals for the figures of a simulation campaign.

- :func:`wilson_interval`: the Wilson score interval of a proportion (a seat's win rate),
  which stays inside [0, 1] and keeps its coverage for rates near 0 or 1 and small counts,
  where the normal approximation ``p +- z sqrt(p(1-p)/n)`` does not.
- :func:`mean_interval`: the normal-approximation interval of a mean from the sample
  standard deviation, ``mean +- z s / sqrt(n)`` (campaigns play hundreds of games).
- :func:`distinct_pairs`: the seats whose win-rate intervals do not overlap. Disjoint 95 %
  intervals are a conservative test: such a difference is significant at the 5 % level (in
  fact well below), while overlapping intervals do not prove the seats equal.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["Z95", "distinct_pairs", "mean_interval", "wilson_interval"]

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``trials`` (``trials`` > 0)."""
    if trials <= 0:
        raise ValueError(f"an interval needs at least one trial, got {trials}")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must lie in 0..{trials}, got {successes}")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(mean: float, std: float, count: int, z: float = Z95) -> tuple[float, float]:
    """The interval ``mean +- z std / sqrt(count)`` (``std``: the sample standard deviation)."""
    if count <= 0:
        raise ValueError(f"an interval needs at least one value, got {count}")
    half = z * std / math.sqrt(count)
    return mean - half, mean + half


def distinct_pairs(intervals: Sequence[tuple[float, float]]) -> list[tuple[int, int]]:
    """Index pairs ``(i, j)``, ``i < j``, whose intervals do not overlap."""
    return [
        (i, j)
        for i in range(len(intervals))
        for j in range(i + 1, len(intervals))
        if intervals[i][1] < intervals[j][0] or intervals[j][1] < intervals[i][0]
    ]
