"""Simulation campaigns: many random games in several processes, invariants checked throughout.

``rulebooks simulate GAME --games N --seed S --workers W`` plays the games seeded S..S+N-1
with :class:`engine.RandomSampler` (game k with seed k, whoever plays it, so the results do
not depend on W), checking after every action that someone can act unless the game is over
and, every few actions, that a clone equals its origin and that ``to_dict``/``from_dict``
reads the position back. A violation names the seed, the action index and the command that
replays that one game; the command then exits 1.

The summary (game lengths, scores, seat win rates) is printed and, with ``--out``, written
as JSON (schema below) for the site's ``simulation-report`` directive::

    {"schema": 1, "generated": "...", "campaigns": [
        {"game": "mahe", "parameters": {...}, "games": 200, "seeds": [0, 199], "workers": 2,
         "checks": {...}, "elapsed": 1.2, "games_per_second": 166.0, "steps_per_second": ...,
         "length": {"min": .., "median": .., "mean": .., "max": .., "histogram": [...]},
         "score": {"name": "eggs", "seats": [...], "winners": {...}} or null,
         "seats": [{"seat": 0, "wins": 51, "win_rate": 0.255}, ...], "shared_wins": 3,
         "violations": [{"seed": .., "action": .., "message": .., "replay": ".."}]}]}

A game's length counts steps: decisions and chance events, a joint action (every player
at once) counting once.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

import engine
from engine import SIMULTANEOUS, TERMINAL, RandomSampler, State
from engine.core import player_label
from rulebooks import executors

SCHEMA = 1
MAX_STEPS = 200_000
"""A game still running after this many steps is reported as a violation (it may never end)."""

SCORES: dict[str, tuple[str, str]] = {
    "mahe": ("eggs", "eggs"),
    "mamey": ("mamey", "Mamey"),
    "masai": ("score", "points"),
    "mahola": ("tokens", "Favor tokens"),
}
"""Per game: the state method giving a player's score, and what the score counts. A game
not listed is scored by its ``score(player)`` method when it has one returning numbers."""


@dataclass(frozen=True)
class Checks:
    """How often the invariants are checked (in steps); legal actions after every step."""

    clone_every: int = 1
    round_trip_every: int = 10

    def describe(self) -> dict[str, str]:
        def every(n: int) -> str:
            return "every action" if n == 1 else f"every {n} actions and at the end"

        return {
            "legal actions non-empty unless terminal": "every action",
            "clone equals its origin": every(self.clone_every),
            "to_dict/from_dict round trip": every(self.round_trip_every),
        }


@dataclass(frozen=True)
class Played:
    """One finished game."""

    seed: int
    length: int
    returns: tuple[float, ...]
    scores: tuple[float, ...] | None


@dataclass(frozen=True)
class Violation:
    """An invariant broken in the game of `seed` at step `action` (0-based)."""

    seed: int
    action: int
    message: str


@dataclass(frozen=True)
class Job:
    """What a worker needs to play some seeds."""

    game: str
    parameters: dict[str, Any]
    checks: Checks
    seeds: tuple[int, ...]


# -- playing and checking -------------------------------------------------------------------
def scores_of(game: str, state: State) -> tuple[float, ...] | None:
    """The per-player scores of a finished game, if the game has a score accessor."""
    name = SCORES.get(game, ("score", "score"))[0]
    method = getattr(state, name, None)
    if not callable(method):
        return None
    values = []
    for player in range(state.game.num_players):
        try:
            value = method(player)
        except Exception:  # an accessor that is not a score after all
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            return None
        values.append(float(value))
    return tuple(values)


def _check(state: State, step: int, checks: Checks, final: bool = False) -> str | None:
    """The first broken invariant after step `step`, or None."""
    player = state.current_player()
    if player == TERMINAL:
        if state.legal_actions():
            return f"legal actions {state.legal_actions()} after the game is over"
        returns = state.returns()
        if len(returns) != state.game.num_players or max(returns) != 1.0:
            return f"the game is over without a winner: returns {returns}"
    elif player == SIMULTANEOUS:
        idle = [p for p in range(state.game.num_players) if not state.legal_actions(p)]
        if idle:
            return f"players {idle} have no legal action at a joint node"
    elif not state.legal_actions():
        return f"no legal action for {player_label(player)} before the game is over"
    if (final or step % checks.clone_every == 0) and state.clone() != state:
        return "a clone differs from its origin"
    if final or step % checks.round_trip_every == 0:
        data = state.to_dict()
        try:
            again = state.game.state_from_dict(json.loads(json.dumps(data)))
        except engine.RulebooksError as error:
            return f"from_dict refuses to_dict's output: {error}"
        if again.to_dict() != data:
            return "from_dict(to_dict()) reads back another position"
    return None


def play_game(
    game: str, parameters: Mapping[str, Any], seed: int, checks: Checks
) -> Played | Violation:
    """Play the game of `seed` to its end, checking the invariants after every step."""
    state = engine.load_game(game, **parameters).new_initial_state()
    sampler = RandomSampler(seed)
    step = 0
    try:
        problem = _check(state, step, checks)
        while problem is None and state.current_player() != TERMINAL:
            if step >= MAX_STEPS:
                problem = f"the game has not ended after {MAX_STEPS} actions"
                break
            sampler.step(state)
            step += 1
            problem = _check(state, step, checks, final=state.is_terminal())
    except Exception as error:  # the engine itself failed: report it like a broken invariant
        problem = f"{type(error).__name__}: {error}"
    if problem is not None:
        return Violation(seed, step, problem)
    return Played(seed, step, tuple(state.returns()), scores_of(game, state))


def _play_job(job: Job) -> list[Played | Violation]:
    return [play_game(job.game, job.parameters, seed, job.checks) for seed in job.seeds]


# -- campaigns -------------------------------------------------------------------------------
class Progress:
    """A progress bar on stderr: redrawn in place on a terminal, a few lines otherwise."""

    def __init__(self, label: str, total: int, stream: TextIO | None = None, enabled: bool = True):
        self.label, self.total, self.done = label, total, 0
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled and total > 0
        self.tty = self.enabled and self.stream.isatty()
        self.start = time.perf_counter()
        self.shown = -1

    def advance(self, count: int) -> None:
        self.done += count
        if not self.enabled:
            return
        rate = self.done / max(time.perf_counter() - self.start, 1e-9)
        width = 30
        filled = width * self.done // self.total
        line = (
            f"{self.label} [{'#' * filled}{'.' * (width - filled)}] "
            f"{self.done}/{self.total} games, {rate:.0f} games/s"
        )
        if self.tty:
            end = "\n" if self.done >= self.total else ""
            self.stream.write(f"\r{line}{end}")
        else:
            tenth = 10 * self.done // self.total
            if tenth == self.shown or (tenth % 5 and self.done < self.total):
                return
            self.shown = tenth
            self.stream.write(line + "\n")
        self.stream.flush()


def _chunks(seeds: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    for start in range(0, len(seeds), size):
        yield tuple(seeds[start : start + size])


def run_games(
    game: str,
    parameters: Mapping[str, Any],
    seeds: Sequence[int],
    workers: int,
    checks: Checks,
    on_progress: Callable[[int], None] | None = None,
    executor: executors.Executor | None = None,
) -> list[Played | Violation]:
    """Play every seed, on `executor` (else in `workers` local processes); results in seed
    order whatever the backend and the number of workers."""
    params = dict(parameters)
    results: list[Played | Violation] = []
    with contextlib.ExitStack() as stack:
        if executor is None:
            executor = stack.enter_context(executors.executor(workers))
        size = executor.chunk_size(len(seeds))
        jobs = (Job(game, params, checks, chunk) for chunk in _chunks(seeds, size))
        for output in executor.map(_play_job, jobs):
            results.extend(output)
            if on_progress:
                on_progress(len(output))
    return results


def replay_command(game: str, parameters: Mapping[str, Any], seed: int) -> str:
    """The command playing only the game of `seed`, with every invariant after every action."""
    parts = ["rulebooks", "simulate", game, "--games", "1", "--seed", str(seed), "--workers", "1"]
    for name, value in parameters.items():
        if name == "players":
            parts += ["--players", str(value)]
        else:
            parts += ["--param", f"{name}={json.dumps(value)}"]
    return " ".join([*parts, "--check-every", "1"])


def _stats(values: Sequence[float]) -> dict[str, float]:
    return {
        "min": min(values),
        "median": statistics.median(values),
        "mean": round(statistics.fmean(values), 4),
        "max": max(values),
    }


def histogram(values: Sequence[int], bins: int = 12) -> list[dict[str, int]]:
    """Counts of `values` in at most `bins` equal ranges ``[from, to]`` of whole numbers."""
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / bins))
    counts = [0] * ((high - low) // width + 1)
    for value in values:
        counts[(value - low) // width] += 1
    return [
        {"from": low + i * width, "to": low + (i + 1) * width - 1, "games": n}
        for i, n in enumerate(counts)
    ]


def summarize(
    game: str,
    parameters: Mapping[str, Any],
    seeds: Sequence[int],
    results: Sequence[Played | Violation],
) -> dict[str, Any]:
    """The deterministic part of a campaign's summary (no timings)."""
    played = [r for r in results if isinstance(r, Played)]
    violations = [r for r in results if isinstance(r, Violation)]
    players = int(parameters["players"])
    summary: dict[str, Any] = {
        "game": game,
        "parameters": dict(parameters),
        "games": len(seeds),
        "seeds": [seeds[0], seeds[-1]] if seeds else [],
        "finished": len(played),
        "length": None,
        "score": None,
        "seats": [],
        "shared_wins": 0,
        "violations": [
            {
                "seed": v.seed,
                "action": v.action,
                "message": v.message,
                "replay": replay_command(game, parameters, v.seed),
            }
            for v in violations
        ],
    }
    if not played:
        return summary
    lengths = [p.length for p in played]
    summary["length"] = {**_stats(lengths), "histogram": histogram(lengths)}
    wins = [sum(1 for p in played if p.returns[seat] == 1.0) for seat in range(players)]
    summary["seats"] = [
        {"seat": seat, "wins": wins[seat], "win_rate": round(wins[seat] / len(played), 4)}
        for seat in range(players)
    ]
    summary["shared_wins"] = sum(1 for p in played if sum(p.returns) > 1)
    scored = [p for p in played if p.scores is not None]
    if scored and len(scored) == len(played):
        label = SCORES.get(game, ("score", "score"))[1]
        winning = [max(p.scores or ()) for p in scored]
        summary["score"] = {
            "name": label,
            "seats": [
                {"seat": seat, **_stats([(p.scores or ())[seat] for p in scored])}
                for seat in range(players)
            ],
            "winners": _stats(winning),
        }
    return summary


def run_campaign(
    game: str,
    parameters: Mapping[str, Any],
    games: int,
    seed: int,
    workers: int,
    checks: Checks | None = None,
    progress: bool = True,
    stream: TextIO | None = None,
    executor: executors.Executor | None = None,
) -> dict[str, Any]:
    """Play a campaign and summarize it, timings included."""
    checks = checks or Checks()
    seeds = list(range(seed, seed + games))
    bar = Progress(f"{game} {games} games", games, stream, enabled=progress)
    start = time.perf_counter()
    results = run_games(game, parameters, seeds, workers, checks, bar.advance, executor)
    elapsed = time.perf_counter() - start
    summary = summarize(game, parameters, seeds, results)
    steps = sum(r.length for r in results if isinstance(r, Played))
    summary.update(
        {
            "workers": executor.slots() if executor else workers,
            "checks": checks.describe(),
            "elapsed": round(elapsed, 3),
            "games_per_second": round(games / elapsed, 1) if elapsed else None,
            "steps_per_second": round(steps / elapsed, 1) if elapsed else None,
        }
    )
    return summary


TIMING_FIELDS = ("workers", "elapsed", "games_per_second", "steps_per_second")
"""Fields of a campaign that depend on the machine and the worker count, not on the seeds."""


def document(campaigns: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "generated": datetime.now(UTC).isoformat(timespec="seconds"),
        "campaigns": campaigns,
    }


def write_json(path: Path, data: Mapping[str, Any]) -> None:
    """Write atomically: a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    temporary.replace(path)


# -- printing ----------------------------------------------------------------------------------
def format_summary(campaign: Mapping[str, Any]) -> str:
    params = ", ".join(f"{k}={v}" for k, v in campaign["parameters"].items())
    lines = [f"{campaign['game']} ({params}): {campaign['games']} games, seeds "
             f"{campaign['seeds'][0]}..{campaign['seeds'][-1]}"]  # fmt: skip
    if "elapsed" in campaign:
        lines.append(
            f"  {campaign['elapsed']:.2f} s with {campaign['workers']} worker(s): "
            f"{campaign['games_per_second']} games/s, {campaign['steps_per_second']} actions/s"
        )
    length = campaign["length"]
    if length:
        lines.append(
            f"  length (actions): min {length['min']}, median {length['median']}, "
            f"mean {length['mean']}, max {length['max']}"
        )
    score = campaign["score"]
    if score:
        for seat in score["seats"]:
            lines.append(
                f"  seat {seat['seat']} {score['name']}: min {seat['min']:g}, median "
                f"{seat['median']:g}, mean {seat['mean']:g}, max {seat['max']:g}"
            )
        winners = score["winners"]
        lines.append(
            f"  winning {score['name']}: min {winners['min']:g}, median {winners['median']:g}, "
            f"mean {winners['mean']:g}, max {winners['max']:g}"
        )
    if campaign["seats"]:
        rates = ", ".join(f"seat {s['seat']} {s['win_rate']:.1%}" for s in campaign["seats"])
        lines.append(f"  win rates: {rates} (shared wins: {campaign['shared_wins']})")
    for violation in campaign["violations"]:
        lines.append(
            f"  INVARIANT VIOLATED in the game of seed {violation['seed']} at action index "
            f"{violation['action']}: {violation['message']}\n"
            f"    replay: {violation['replay']}"
        )
    return "\n".join(lines)


def parse_parameters(pairs: Sequence[str]) -> dict[str, Any]:
    """``k=v`` pairs; values read as JSON when they are (``true``, ``3``), else as text."""
    params: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"--param takes name=value, got {pair!r}")
        try:
            params[name] = json.loads(text)
        except json.JSONDecodeError:
            params[name] = text
    return params


def campaign_parameters(game: str, players: int | None, extra: Mapping[str, Any]) -> dict[str, Any]:
    """The full parameters of the game as loaded (defaults filled in, validated)."""
    params = dict(extra)
    if players is not None:
        params["players"] = players
    loaded = engine.load_game(game, **params)  # raises InvalidGameError for bad parameters
    full = loaded.parameters()
    return {k: v for k, v in full.items() if isinstance(v, str | int | float | bool | None)}


def simulate(
    games_to_run: Sequence[str],
    *,
    games: int,
    seed: int,
    workers: int,
    players: int | None = None,
    extra: Mapping[str, Any] | None = None,
    checks: Checks | None = None,
    out: Path | None = None,
    progress: bool = True,
    stream: TextIO | None = None,
    executor: executors.Executor | None = None,
) -> tuple[bool, list[dict[str, Any]]]:
    """Run a campaign per game, print the summaries, write `out`; (no violation?, campaigns).
    The games are played on `executor` (see :mod:`rulebooks.executors`), else in `workers`
    local processes."""
    campaigns = []
    for name in games_to_run:
        params = campaign_parameters(name, players, extra or {})
        campaign = run_campaign(
            name, params, games, seed, workers, checks, progress, stream, executor
        )
        print(format_summary(campaign), flush=True)
        campaigns.append(campaign)
    if out is not None:
        write_json(out, document(campaigns))
        print(f"written: {out}")
    return not any(c["violations"] for c in campaigns), campaigns


SITE_GAMES = 200
SITE_CHECKS = Checks(clone_every=25, round_trip_every=100)
"""The small campaign `rulebooks site` runs for every registered game (seeds 0..199)."""


def site_campaign(out: Path, workers: int | None = None) -> bool:
    """Every registered game with its default parameters, for the site's report page."""
    ok, _ = simulate(
        sorted(engine.GAMES),
        games=SITE_GAMES,
        seed=0,
        workers=workers or min(2, os.cpu_count() or 1),
        checks=SITE_CHECKS,
        out=out,
    )
    return ok
