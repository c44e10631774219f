"""The ``simulation-report`` directive: the summary of the last simulation campaign.

It reads the JSON file written by ``rulebooks simulate --out`` (and by ``rulebooks site``),
named by the config value ``rulebooks_simulation_file`` (default
``"../results/simulation.json"``, relative to the Sphinx confdir), and renders for each
campaign its numbers as tables and two bar charts (game lengths, seat win rates). The charts
are SVG built here as text and embedded as images (data URIs) with a text alternative; all
text from the file is escaped. Without the file the page says so visibly, and a summary
marked ``"partial"`` (a campaign interrupted by Ctrl-C) carries a warning naming the games
played out of those asked for. Replay commands are rebuilt from each violation's game,
parameters and seed, shell-quoted; messages show repository-relative paths.
"""

from __future__ import annotations

import base64
import html
import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import ExtensionMetadata

from rulebooks.campaigns.stats import distinct_pairs, mean_interval, wilson_interval
from rulebooks.games import registry
from rulebooks.games.paths import publishable
from rulebooks.run.commands import simulation_replay
from rulebooks.site.sphinxext.data_notes import amount_words
from rulebooks.site.sphinxext.render import admonition, literal, paragraph, strong, table

logger = logging.getLogger(__name__)

CONFIG_VALUE = "rulebooks_simulation_file"
DEFAULT_FILE = "../results/simulation.json"
RUN_COMMAND = "rulebooks simulate all --games 200 --workers 2 --out results/simulation.json"


# --- SVG charts ---------------------------------------------------------------------------
def nice_step(raw: float, whole: bool) -> float:
    """The smallest of 1, 2, 2.5, 5 times a power of ten at least `raw` (whole: >= 1)."""
    magnitude = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    for factor in (1, 2, 2.5, 5, 10):
        step = factor * magnitude
        if step >= raw and (not whole or step == int(step)):
            return max(step, 1) if whole else step
    return 10 * magnitude


def bar_chart_svg(
    bars: Sequence[tuple[str, float]],
    *,
    title: str,
    value_label: str,
    top: float | None = None,
    percent: bool = False,
) -> str:
    """A vertical bar chart as an SVG document: one labelled bar per (label, value)."""
    width, height = 640, 300
    left, right, upper, lower = 56, 16, 36, 56
    plot_w, plot_h = width - left - right, height - upper - lower
    highest = max([value for _, value in bars] + [top or 0, 0])
    step = nice_step(highest / 4 if highest else 1, whole=not percent)
    ticks = max(1, math.ceil(highest / step - 1e-9))
    highest = step * ticks
    slot = plot_w / max(len(bars), 1)
    bar_w = max(slot * 0.8, 1)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f"<title>{html.escape(title)}</title>",
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="{width / 2}" y="20" text-anchor="middle" font-size="14" '
        f'font-weight="bold">{html.escape(title)}</text>',
    ]
    for tick in range(ticks + 1):
        value = step * tick
        y = upper + plot_h - plot_h * tick / ticks
        shown = f"{value:.0%}" if percent else f"{value:g}"
        parts.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" '
            f'stroke="#dddddd"/><text x="{left - 6}" y="{y + 4:.1f}" '
            f'text-anchor="end">{html.escape(shown)}</text>'
        )
    every = max(1, len(bars) // 12)
    for index, (label, value) in enumerate(bars):
        bar_h = plot_h * min(max(value, 0) / highest, 1)
        x = left + index * slot + (slot - bar_w) / 2
        y = upper + plot_h - bar_h
        shown = f"{value:.1%}" if percent else f"{value:g}"
        parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_w:.1f}" height="{bar_h:.1f}" '
            f'fill="#3b7dd8"><title>{html.escape(f"{label}: {shown}")}</title></rect>'
        )
        if index % every == 0:
            parts.append(
                f'<text x="{x + bar_w / 2:.1f}" y="{upper + plot_h + 16}" '
                f'text-anchor="middle">{html.escape(label)}</text>'
            )
    parts.append(
        f'<line x1="{left}" y1="{upper + plot_h}" x2="{width - right}" '
        f'y2="{upper + plot_h}" stroke="#333333"/>'
        f'<text x="{left + plot_w / 2}" y="{height - 12}" text-anchor="middle">'
        f"{html.escape(value_label)}</text></svg>"
    )
    return "".join(parts)


def svg_image(svg: str, alt: str, caption: str) -> nodes.raw:
    """An SVG embedded as an image (nothing in it can run in the page), with its alt text."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    markup = (
        f'<figure class="rulebooks-chart"><img src="data:image/svg+xml;base64,{data}" '
        f'alt="{html.escape(alt, quote=True)}" style="max-width:100%;height:auto"/>'
        f"<figcaption>{html.escape(caption)}</figcaption></figure>"
    )
    return nodes.raw("", markup, format="html")


# --- the UNVERIFIED label -------------------------------------------------------------------
LABEL = "UNVERIFIED"


def unverified_data(campaign: Mapping[str, Any]) -> list[Mapping[str, Any]] | None:
    """The campaign's data files holding unverified values (None: the summary does not say)."""
    files = campaign.get("data")
    if not isinstance(files, list):
        return None
    return [f for f in files if isinstance(f, dict) and not f.get("verified", False)]


def _labelled(title: str, campaign: Mapping[str, Any]) -> str:
    """A chart title, marked when the campaign's figures come from unverified data."""
    files = unverified_data(campaign)
    return title if files == [] else f"{title} ({LABEL} data)"


def data_label(campaign: Mapping[str, Any]) -> list[nodes.Node]:
    """A warning box when the campaign's games ran on unverified component data."""
    files = unverified_data(campaign)
    if files == []:
        return []
    body: list[nodes.Node]
    if files is None:
        body = [
            paragraph(
                "This summary does not record which component data the games ran on: treat "
                "every figure below as computed from ",
                strong(LABEL),
                " data. Run the campaign again to record it.",
            )
        ]
    else:
        items = nodes.bullet_list()
        for found in files:
            items += nodes.list_item(
                "",
                paragraph(
                    literal(str(found.get("path"))),
                    f" ({found.get('what')}): "
                    + amount_words(
                        int(found.get("verified_values", 0)), int(found.get("unverified_values", 0))
                    ),
                ),
            )
        body = [
            paragraph(
                "Every figure below (lengths, scores, win rates) is computed from games played "
                "on component data the rulebook does not print, marked ",
                literal('"verified": false'),
                ": the figures are ",
                strong(LABEL),
                " and would change with the printed values.",
            ),
            items,
        ]
    classes = ["rulebooks-simulation-data", "warning"]
    return [admonition(f"{LABEL} data: {_title(campaign)}", body, classes)]


def length_chart(campaign: Mapping[str, Any]) -> nodes.raw:
    bins = campaign["length"]["histogram"]
    ranges = [f"{b['from']}" if b["from"] == b["to"] else f"{b['from']} to {b['to']}" for b in bins]
    words = "; ".join(f"{r} actions: {b['games']} games" for r, b in zip(ranges, bins, strict=True))
    title = _labelled(f"{_title(campaign)}: game length", campaign)
    bars = [(str(b["from"]), float(b["games"])) for b in bins]
    svg = bar_chart_svg(bars, title=title, value_label="actions per game (each bar from the "
                        "number shown up to the next); height: games")  # fmt: skip
    return svg_image(svg, f"{title}. {words}", "Histogram of game lengths")


def win_chart(campaign: Mapping[str, Any]) -> nodes.raw:
    bars = [(f"seat {s['seat']}", float(s["win_rate"])) for s in campaign["seats"]]
    words = "; ".join(f"{label}: {rate:.1%}" for label, rate in bars)
    title = _labelled(f"{_title(campaign)}: win rate by seat", campaign)
    fair = 1 / max(len(bars), 1)
    top = max([fair * 2] + [rate for _, rate in bars])
    svg = bar_chart_svg(bars, title=title, value_label="seat (turn order)", top=top, percent=True)
    return svg_image(svg, f"{title}. {words}", "Win rate of each seat (shared wins count for each)")


# --- the report -----------------------------------------------------------------------------
def _title(campaign: Mapping[str, Any]) -> str:
    game = str(campaign.get("game", "?"))
    return registry.title(game)


def _number(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def load_simulation(path: Path) -> dict[str, Any] | None:
    """The simulation document, or None when there is no file. ValueError if unreadable."""
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise ValueError(publishable(f"cannot read {path}: {error}")) from None
    if not isinstance(data, dict) or data.get("schema") != 1:
        raise ValueError(publishable(f"{path} is not a simulation summary of schema 1"))
    if not isinstance(data.get("campaigns"), list):
        raise ValueError(publishable(f"{path} has no list of campaigns"))
    return data


def no_simulation(path: Path, reason: str) -> nodes.Node:
    body = [
        paragraph(reason),
        paragraph(
            "Run a campaign to fill this page: ",
            literal(RUN_COMMAND),
            " (or ",
            literal("make site"),
            ", which runs one).",
        ),
    ]
    classes = ["rulebooks-banner", "rulebooks-no-simulation", "warning"]
    return admonition("No simulation run", body, classes, anchor="rulebooks-no-simulation")


def campaign_nodes(campaign: Mapping[str, Any]) -> list[nodes.Node]:
    """The section of one campaign on the simulation page: its title, data label, counts,
    score summaries, win rates with their intervals, and violations.

    Long: the page's sections in the order they are shown, each a few nodes."""
    title = _title(campaign)
    params = ", ".join(f"{k}={v}" for k, v in campaign.get("parameters", {}).items())
    seeds = campaign.get("seeds") or ["?", "?"]
    out: list[nodes.Node] = [nodes.rubric(title, title), *data_label(campaign)]
    timing = ""
    if campaign.get("elapsed") is not None:
        timing = (
            f" {campaign['elapsed']} s with {campaign.get('workers')} worker(s): "
            f"{campaign.get('games_per_second')} games/s, "
            f"{campaign.get('steps_per_second')} actions/s."
        )
    out.append(
        paragraph(
            strong(f"{campaign.get('games')} random games"),
            f" ({params}), seeds {seeds[0]} to {seeds[-1]}.{timing}",
        )
    )
    if campaign.get("partial"):
        out.append(
            admonition(
                "Partial campaign",
                [
                    paragraph(
                        f"Interrupted after {campaign.get('games')} of "
                        f"{campaign.get('requested', '?')} games: the figures below cover "
                        f"seeds {seeds[0]} to {seeds[-1]} only."
                    )
                ],
                ["rulebooks-simulation-partial", "warning"],
            )
        )
    checks = campaign.get("checks") or {}
    if checks:
        out.append(
            paragraph("Checked: " + "; ".join(f"{name} ({when})" for name, when in checks.items()))
        )
    violations = campaign.get("violations") or []
    if violations:
        items = nodes.bullet_list()
        for v in violations:
            message = publishable(str(v.get("message")))
            items += nodes.list_item(
                "",
                paragraph(f"seed {v.get('seed')}, action {v.get('action')}: {message}"),
                paragraph("Replay: ", literal(_replay(campaign, v.get("seed")))),
            )
        count = campaign.get("violation_count", len(violations))
        if isinstance(count, int) and count > len(violations):
            items += nodes.list_item("", paragraph(f"... and {count - len(violations)} more."))
        out.append(
            admonition(
                f"✘ {count} game(s) broke an invariant",
                [items],
                ["rulebooks-simulation-violations", "error"],
            )
        )
    else:
        out.append(
            paragraph("✔ No invariant broken in any game.", classes=["rulebooks-simulation-clean"])
        )
    length = campaign.get("length")
    played = campaign.get("finished", campaign.get("games"))
    count = played if isinstance(played, int) and played > 0 else None
    if length:
        with_interval = count is not None and "std" in length
        header = ["", "min", "median", "mean", "max"]
        header += ["mean: 95 % interval"] if with_interval else []

        def stats_row(
            label: str, values: Mapping[str, Any], n: int | None
        ) -> list[str | nodes.Node]:
            row: list[str | nodes.Node] = [
                label,
                *(_number(values[k]) for k in ("min", "median", "mean", "max")),
            ]
            if with_interval:
                row.append(_mean_interval(values, n))
            return row

        rows: list[list[str | nodes.Node]] = [stats_row("length (actions)", length, count)]
        score = campaign.get("score")
        if score:
            for seat in score["seats"]:
                label = f"seat {seat['seat']}: {score['name']}"
                rows.append(stats_row(label, seat, count))
            winners = score["winners"]
            rows.append(stats_row(f"the winner's {score['name']}", winners, count))
        out.append(table(rows, header=header, classes=["rulebooks-simulation-stats"]))
        out.append(length_chart(campaign))
    seats = campaign.get("seats") or []
    if seats:
        intervals = [wilson_interval(int(s["wins"]), count) for s in seats] if count else []
        seat_rows: list[list[str | nodes.Node]] = []
        for index, s in enumerate(seats):
            row: list[str | nodes.Node] = [
                f"seat {s['seat']}",
                str(s["wins"]),
                f"{s['win_rate']:.1%}",
            ]
            if intervals:
                low, high = intervals[index]
                row.append(f"{low:.1%} to {high:.1%}")
            seat_rows.append(row)
        header = ["seat", "wins", "win rate"] + (["95 % interval (Wilson)"] if intervals else [])
        out.append(table(seat_rows, header=header, classes=["rulebooks-simulation-seats"]))
        out.append(
            paragraph(
                f"Seat 0 plays first. Shared wins (counted for each winner): "
                f"{campaign.get('shared_wins', 0)}."
            )
        )
        if intervals:
            out.append(significance(seats, intervals, count or 0))
        out.append(win_chart(campaign))
    return out


def _mean_interval(values: Mapping[str, Any], count: int | None) -> str:
    if count is None or values.get("std") is None:
        return ""
    low, high = mean_interval(float(values["mean"]), float(values["std"]), count)
    return f"{_number(round(low, 2))} to {_number(round(high, 2))}"


def significance(
    seats: Sequence[Mapping[str, Any]], intervals: Sequence[tuple[float, float]], games: int
) -> nodes.paragraph:
    """What the intervals say about the seats: which differences are significant."""
    widest = max((high - low) / 2 for low, high in intervals)
    text = (
        f"With {games} games, each win rate is known to within ±{widest:.1%} at most (95 % "
        "Wilson intervals). "
    )
    pairs = distinct_pairs(intervals)
    if pairs:
        named = ", ".join(f"seat {seats[i]['seat']} and seat {seats[j]['seat']}" for i, j in pairs)
        text += (
            f"Significant differences (their intervals do not overlap, a conservative test at "
            f"the 5 % level): {named}."
        )
    else:
        text += (
            "No difference between seats is significant at this number of games (every two "
            "intervals overlap); more games would narrow them."
        )
    return paragraph(text, classes=["rulebooks-simulation-significance"])


def _replay(campaign: Mapping[str, Any], seed: Any) -> str:
    """The shell-quoted command replaying one game, rebuilt rather than read from the file."""
    params = campaign.get("parameters")
    return simulation_replay(
        str(campaign.get("game")), params if isinstance(params, dict) else {}, str(seed)
    )


def partial_banner() -> nodes.Node:
    body = [
        paragraph(
            "This campaign was interrupted: the summary is partial (games not played are "
            "missing, and a game may have no campaign at all)."
        )
    ]
    classes = ["rulebooks-banner", "rulebooks-partial-simulation", "warning"]
    return admonition("Partial simulation", body, classes, anchor="rulebooks-partial-simulation")


class SimulationReportDirective(SphinxDirective):
    """Usage (MyST)::

    ```{simulation-report}
    ```
    """

    has_content = False

    def run(self) -> list[nodes.Node]:
        path = Path(getattr(self.config, CONFIG_VALUE))
        try:
            data = load_simulation(path)
        except ValueError as error:
            logger.warning("%s", error, location=self.get_location(), type="rulebooks")
            self.env.note_dependency(str(path))
            return [no_simulation(path, f"The simulation file is unreadable: {error}.")]
        if data is None:
            return [no_simulation(path, f"No simulation results were found at {path.name}.")]
        self.env.note_dependency(str(path))
        box = nodes.container(classes=["rulebooks-simulation"])
        if data.get("partial") or any(
            isinstance(c, dict) and c.get("partial") for c in data["campaigns"]
        ):
            box += partial_banner()
        box += paragraph(f"Campaign run {data.get('generated', 'at an unknown time')}.")
        for campaign in data["campaigns"]:
            if isinstance(campaign, dict):
                box.extend(campaign_nodes(campaign))
        return [box]


def on_config_inited(app: Sphinx, config: Config) -> None:
    """Resolve the simulation file against the confdir."""
    value = str(getattr(config, CONFIG_VALUE))
    setattr(config, CONFIG_VALUE, str((Path(app.confdir) / value).resolve()))


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_config_value(CONFIG_VALUE, DEFAULT_FILE, "env", types=frozenset({str}))
    app.add_directive("simulation-report", SimulationReportDirective)
    app.connect("config-inited", on_config_inited)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
