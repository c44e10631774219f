"""The confidence intervals of the simulation page (rulebooks.campaigns.stats) and what the page
says."""

from __future__ import annotations

import math
import random

import pytest
from docutils import nodes

from rulebooks.campaigns.stats import Z95, distinct_pairs, mean_interval, wilson_interval
from rulebooks.site.sphinxext.simulation import campaign_nodes


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (5, 10, 0.2366, 0.7634),  # textbook values (Newcombe 1998, method 3)
        (0, 10, 0.0, 0.2775),  # z^2 / (n + z^2): never below 0
        (10, 10, 0.7225, 1.0),  # never above 1
        (81, 263, 0.2553, 0.3662),  # Newcombe's example 81/263
    ],
)
def test_wilson_interval_matches_published_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    found = wilson_interval(successes, trials)
    assert found == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_covers_about_95_percent() -> None:
    """Seeded binomial draws: the interval holds the true rate about 95 % of the time."""
    rng = random.Random(7)
    rate, trials, draws = 0.25, 200, 2000
    covered = 0
    for _ in range(draws):
        wins = sum(rng.random() < rate for _ in range(trials))
        low, high = wilson_interval(wins, trials)
        covered += low <= rate <= high
    assert 0.93 <= covered / draws <= 0.97


def test_two_hundred_games_carry_about_six_points_of_noise() -> None:
    low, high = wilson_interval(50, 200)
    assert (high - low) / 2 == pytest.approx(0.06, abs=0.003)


def test_bad_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one trial"):
        wilson_interval(0, 0)
    with pytest.raises(ValueError, match=r"successes must lie in 0\.\.3"):
        wilson_interval(4, 3)
    with pytest.raises(ValueError, match="at least one value"):
        mean_interval(1.0, 1.0, 0)


def test_mean_interval_is_z_standard_errors_wide() -> None:
    low, high = mean_interval(40.0, 10.0, 100)
    assert (low, high) == pytest.approx((40 - Z95, 40 + Z95))
    assert pytest.approx(1.96, abs=1e-3) == Z95
    assert math.isclose(sum(mean_interval(3.0, 0.0, 5)) / 2, 3.0)


def test_distinct_pairs_are_the_disjoint_intervals() -> None:
    intervals = [(0.10, 0.20), (0.18, 0.30), (0.31, 0.40)]
    assert distinct_pairs(intervals) == [(0, 2), (1, 2)]
    assert distinct_pairs([(0.1, 0.3), (0.2, 0.4)]) == []


def campaign(wins: list[int], games: int) -> dict[str, object]:
    stats = {"min": 10, "median": 40, "mean": 40.0, "max": 90, "std": 10.0, "histogram": []}
    return {
        "game": "mahe", "parameters": {"players": len(wins)}, "games": games,
        "finished": games, "seeds": [0, games - 1], "length": stats,
        "seats": [
            {"seat": seat, "wins": won, "win_rate": won / games} for seat, won in enumerate(wins)
        ],
        "shared_wins": 0,
    }  # fmt: skip


def page_text(data: dict[str, object]) -> str:
    return "\n".join(node.astext() for node in campaign_nodes(data) if isinstance(node, nodes.Node))


def test_the_page_gives_intervals_and_says_no_difference_is_significant() -> None:
    text = page_text(campaign([54, 49, 43, 54], 200))
    low, high = wilson_interval(54, 200)
    assert f"{low:.1%} to {high:.1%}" in text
    assert "95 % interval (Wilson)" in text
    assert "No difference between seats is significant" in text
    assert "mean: 95 % interval" in text and "38.61 to 41.39" in text  # 40 +- 1.96 * 10/sqrt(200)


def test_the_page_names_a_significant_difference() -> None:
    text = page_text(campaign([700, 300], 1000))
    assert "Significant differences" in text and "seat 0 and seat 1" in text


def test_an_older_summary_without_std_shows_no_mean_interval() -> None:
    data = campaign([10, 10], 20)
    del data["length"]["std"]  # type: ignore[attr-defined]
    assert "mean: 95 % interval" not in page_text(data)
