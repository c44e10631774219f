"""Simulation campaigns: many random games in several processes, invariants checked throughout.

``rulebooks simulate GAME --games N --seed S --workers W`` plays the games seeded S..S+N-1
(S >= 0) with :class:`engine.RandomSampler` (game k with seed k, whoever plays it, so the
results do not depend on W), checking after every action that someone can act unless the
game is over and, every few actions, that a clone equals its origin and that
``to_dict``/``from_dict`` reads the position back. A violation names the seed, the action
index and the (shell-quoted) command that replays that one game; the command then exits 1.

Seeds are streamed: the workers get a few chunks of seeds at a time and the summary is
tallied game by game (lengths and scores as counts of each value), so memory does not grow
with N. Games are tallied in seed order, so an interrupted campaign (Ctrl-C) has played
seeds S..S+k-1 exactly: its summary is printed and written all the same, marked
``"partial": true`` (with ``"requested"``, the N asked for), and the command exits 130.

The summary (game lengths, scores, seat win rates) is printed and, with ``--out``, written
as JSON (schema below) for the site's ``simulation-report`` directive. ``--out`` is checked
before the first game: an existing folder, a missing folder or a non-regular file is
refused (no folder is created)::

    {"schema": 1, "generated": "...", "partial": false, "campaigns": [
        {"game": "<game>", "parameters": {...}, "games": 200, "requested": 200,
         "partial": false, "seeds": [0, 199], "workers": 2, "checks": {...},
         "elapsed": 1.2, "games_per_second": 166.0, "steps_per_second": ...,
         "length": {"min": .., "median": .., "mean": .., "max": .., "std": ..,
                    "histogram": [...]},
         "score": {"name": "eggs", "seats": [...], "winners": {...}} or null,
         "seats": [{"seat": 0, "wins": 51, "win_rate": 0.255}, ...], "shared_wins": 3,
         "violation_count": 0,
         "violations": [{"seed": .., "action": .., "message": .., "replay": ".."}]}]}

``std`` is the sample standard deviation (the site's 95 % intervals of the means; older
summaries lack it). ``violations`` lists the first :data:`MAX_VIOLATIONS` by seed;
``violation_count`` counts them all. A game's length counts steps: decisions and chance
events, a joint action (every player at once) counting once. Messages give repository-relative paths
(:func:`rulebooks.games.paths.publishable`).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

import engine
from engine import SIMULTANEOUS, TERMINAL, RandomSampler, State
from engine.core import player_label
from rulebooks.campaigns import executors
from rulebooks.games import registry
from rulebooks.games.paths import publishable
from rulebooks.provenance.labels import game_data
from rulebooks.run.commands import simulation_replay

SCHEMA = 1
MAX_STEPS = 200_000
"""A game still running after this many steps is reported as a violation (it may never end)."""
MAX_VIOLATIONS = 100
"""Violations kept in full in a summary (the first by seed); ``violation_count`` has them all."""
INTERRUPTED = 130
"""The exit code of a campaign stopped by Ctrl-C (128 + SIGINT), its partial summary written."""


def score_of(game: str) -> tuple[str | None, str]:
    """The state method giving a player's score, and what the score counts, as the game
    declares them (:class:`rulebooks.games.spec.GameSpec`); a game not registered is scored by
    its ``score(player)`` method when it has one returning numbers."""
    from rulebooks.games import registry

    try:
        spec = registry.spec(game)
    except registry.RegistryError:
        return "score", "score"
    return spec.score, spec.score_name


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
    seeds: range


def check_seed(seed: object) -> int:
    """A seed is a whole number >= 0 (``random.Random(-1)`` plays the game of seed 1)."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"a seed is a whole number >= 0, got {seed!r}")
    return seed


def campaign_seeds(seed: int, games: int) -> range:
    """The seeds of a campaign of `games` games from `seed` (a range: nothing is listed)."""
    check_seed(seed)
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ValueError(f"a campaign plays at least 1 game, got {games!r}")
    return range(seed, seed + games)


# -- playing and checking -------------------------------------------------------------------
def scores_of(game: str, state: State) -> tuple[float, ...] | None:
    """The per-player scores of a finished game, if the game has a score accessor."""
    name = score_of(game)[0]
    method = getattr(state, name, None) if name is not None else None
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


def endings_of(game: str) -> tuple[bool, bool]:
    """May the game end without a winner, and with several winners, as it declares
    (:class:`rulebooks.games.spec.GameSpec`); a game not registered: no and yes."""
    from rulebooks.games import registry

    try:
        spec = registry.spec(game)
    except registry.RegistryError:
        return False, True
    return spec.may_end_without_winner, spec.shared_wins


def _check(
    state: State,
    step: int,
    checks: Checks,
    final: bool = False,
    endings: tuple[bool, bool] = (False, True),
) -> str | None:
    """The first broken invariant after step `step`, or None; ``endings``: may the game end
    without a winner, and with several (:func:`endings_of`)."""
    player = state.current_player()
    if player == TERMINAL:
        if state.legal_actions():
            return f"legal actions {state.legal_actions()} after the game is over"
        returns = state.returns()
        no_winner, shared = endings
        if len(returns) != state.game.num_players:
            return f"the game is over with {len(returns)} returns for {state.game.num_players}"
        winners = sum(1 for value in returns if value == 1.0)
        if winners == 0 and not no_winner:
            return (
                f"the game is over without a winner: returns {returns} (a game that may end "
                "so declares may_end_without_winner=True in its GameSpec)"
            )
        if winners > 1 and not shared:
            return (
                f"the game is over with {winners} winners: returns {returns} (a game that "
                "may end so declares shared_wins=True in its GameSpec)"
            )
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
    endings = endings_of(game)
    step = 0
    try:
        problem = _check(state, step, checks, endings=endings)
        while problem is None and state.current_player() != TERMINAL:
            if step >= MAX_STEPS:
                problem = f"the game has not ended after {MAX_STEPS} actions"
                break
            sampler.step(state)
            step += 1
            problem = _check(state, step, checks, final=state.is_terminal(), endings=endings)
    except Exception as error:  # the engine itself failed: report it like a broken invariant
        problem = f"{type(error).__name__}: {error}"
    if problem is not None:
        return Violation(seed, step, publishable(problem))
    return Played(seed, step, tuple(state.returns()), scores_of(game, state))


def _play_job(job: Job) -> list[Played | Violation]:
    return [play_game(job.game, job.parameters, seed, job.checks) for seed in job.seeds]


# -- campaigns -------------------------------------------------------------------------------
class Progress:
    """A progress bar on stderr: redrawn in place on a terminal (at each thousandth), a few
    lines otherwise (at 0, 50 and 100 %)."""

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
        if self.tty:
            mark = 1000 * self.done // self.total
            if mark == self.shown and self.done < self.total:
                return
            end = "\n" if self.done >= self.total else ""
            self.stream.write(f"\r{self._line()}{end}")
        else:
            mark = 10 * self.done // self.total
            if mark == self.shown or (mark % 5 and self.done < self.total):
                return
            self.stream.write(self._line() + "\n")
        self.shown = mark
        self.stream.flush()

    def stop(self) -> None:
        """Interrupted: show where it stopped, on a line of its own."""
        if self.enabled:
            self.stream.write(("\r" if self.tty else "") + self._line() + " (interrupted)\n")
            self.stream.flush()

    def _line(self) -> str:
        rate = self.done / max(time.perf_counter() - self.start, 1e-9)
        width = 30
        filled = width * self.done // self.total
        return (
            f"{self.label} [{'#' * filled}{'.' * (width - filled)}] "
            f"{self.done}/{self.total} games, {rate:.0f} games/s"
        )


def _jobs(
    game: str, parameters: dict[str, Any], seeds: range, size: int, checks: Checks
) -> Iterator[Job]:
    for start in range(0, len(seeds), size):
        yield Job(game, parameters, checks, seeds[start : start + size])


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it stops the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def iter_games(
    game: str,
    parameters: Mapping[str, Any],
    seeds: range,
    workers: int,
    checks: Checks,
    executor: executors.Executor | None = None,
) -> Generator[Played | Violation, None, None]:
    """Play every seed, on `executor` (else in `workers` local processes), yielding results
    in seed order whatever the backend.

    Seeds go out in chunks, a bounded number ahead of the results read (see
    :mod:`rulebooks.campaigns.executors`), so memory does not grow with the number of games. Closing
    the iterator (or Ctrl-C while it waits) stops the workers.
    """
    params = dict(parameters)
    if executor is None and (workers <= 1 or len(seeds) <= 1):
        for seed in seeds:
            yield play_game(game, params, seed, checks)
        return
    with contextlib.ExitStack() as stack:
        if executor is None:
            executor = stack.enter_context(executors.executor(workers))
        size = executor.chunk_size(len(seeds))
        for output in executor.map(_play_job, _jobs(game, params, seeds, size, checks)):
            yield from output


def run_games(
    game: str,
    parameters: Mapping[str, Any],
    seeds: range,
    workers: int,
    checks: Checks,
    on_progress: Callable[[int], None] | None = None,
    executor: executors.Executor | None = None,
) -> list[Played | Violation]:
    """Every result of a few seeds as a list, in seed order whatever the backend."""
    results: list[Played | Violation] = []
    for result in iter_games(game, parameters, seeds, workers, checks, executor):
        results.append(result)
        if on_progress:
            on_progress(1)
    return results


def _stats(counts: Counter[Any]) -> dict[str, float]:
    """Min, median, mean, max and sample standard deviation of values given as counts of
    each value (not empty)."""
    values = sorted(counts)
    total = counts.total()
    low, high = (total - 1) // 2, total // 2  # the middle ranks (equal when total is odd)
    middle: list[float] = []
    seen = 0
    for value in values:
        seen += counts[value]
        while len(middle) < 2 and seen > (low if not middle else high):
            middle.append(value)
    median = middle[0] if low == high else (middle[0] + middle[1]) / 2
    mean = math.fsum(value * n for value, n in counts.items()) / total
    square = math.fsum((value - mean) ** 2 * n for value, n in counts.items())
    std = math.sqrt(square / (total - 1)) if total > 1 else 0.0  # the sample deviation
    return {
        "min": values[0], "median": median, "mean": round(mean, 4), "max": values[-1],
        "std": round(std, 4),
    }  # fmt: skip


def histogram(counts: Counter[int], bins: int = 12) -> list[dict[str, int]]:
    """Counts of whole-number values in at most `bins` equal ranges ``[from, to]``."""
    low, high = min(counts), max(counts)
    width = max(1, math.ceil((high - low + 1) / bins))
    games = [0] * ((high - low) // width + 1)
    for value, n in counts.items():
        games[(value - low) // width] += n
    return [
        {"from": low + i * width, "to": low + (i + 1) * width - 1, "games": n}
        for i, n in enumerate(games)
    ]


@dataclass
class Tally:
    """A campaign's summary, added to one game at a time (memory independent of the number
    of games: values are kept as counts, violations up to :data:`MAX_VIOLATIONS`)."""

    game: str
    parameters: dict[str, Any]
    first_seed: int | None = None
    last_seed: int | None = None
    games: int = 0
    steps: int = 0
    lengths: Counter[int] = field(default_factory=Counter)
    wins: Counter[int] = field(default_factory=Counter)
    shared_wins: int = 0
    unscored: int = 0
    scores: dict[int, Counter[float]] = field(default_factory=dict)
    winning: Counter[float] = field(default_factory=Counter)
    violation_count: int = 0
    violations: list[Violation] = field(default_factory=list)

    def add(self, result: Played | Violation) -> None:
        if self.first_seed is None:
            self.first_seed = result.seed
        self.last_seed = result.seed
        self.games += 1
        if isinstance(result, Violation):
            self.violation_count += 1
            if len(self.violations) < MAX_VIOLATIONS:
                self.violations.append(result)
            return
        self.steps += result.length
        self.lengths[result.length] += 1
        for seat, value in enumerate(result.returns):
            self.wins[seat] += value == 1.0
        self.shared_wins += sum(result.returns) > 1
        if result.scores is None:
            self.unscored += 1
            return
        for seat, score in enumerate(result.scores):
            self.scores.setdefault(seat, Counter())[score] += 1
        self.winning[max(result.scores)] += 1

    def summary(self) -> dict[str, Any]:
        """The deterministic part of the campaign's summary (no timings)."""
        game, parameters = self.game, self.parameters
        played = self.games - self.violation_count
        players = int(parameters["players"])
        summary: dict[str, Any] = {
            "game": game,
            "parameters": dict(parameters),
            "games": self.games,
            "seeds": [] if self.first_seed is None else [self.first_seed, self.last_seed],
            "finished": played,
            "length": None,
            "score": None,
            "seats": [],
            "shared_wins": 0,
            "data": game_data(game),
            "violation_count": self.violation_count,
            "violations": [
                {
                    "seed": v.seed,
                    "action": v.action,
                    "message": v.message,
                    "replay": simulation_replay(game, parameters, v.seed),
                }
                for v in self.violations
            ],
        }
        if not played:
            return summary
        summary["length"] = {**_stats(self.lengths), "histogram": histogram(self.lengths)}
        summary["seats"] = [
            {"seat": seat, "wins": self.wins[seat], "win_rate": round(self.wins[seat] / played, 4)}
            for seat in range(players)
        ]
        summary["shared_wins"] = self.shared_wins
        if not self.unscored:
            summary["score"] = {
                "name": score_of(game)[1],
                "seats": [{"seat": seat, **_stats(self.scores[seat])} for seat in range(players)],
                "winners": _stats(self.winning),
            }
        return summary


def summarize(
    game: str, parameters: Mapping[str, Any], results: Sequence[Played | Violation]
) -> dict[str, Any]:
    """The deterministic part of the summary of some results (see :class:`Tally`)."""
    tally = Tally(game, dict(parameters))
    for result in results:
        tally.add(result)
    return tally.summary()


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
    """Play a campaign and summarize it, timings included.

    Ctrl-C stops it: the summary then covers the games played so far (seeds `seed` onwards,
    in order) and says ``"partial": true``.
    """
    checks = checks or Checks()
    seeds = campaign_seeds(seed, games)
    bar = Progress(f"{game} {games} games", games, stream, enabled=progress)
    tally = Tally(game, dict(parameters))
    partial = False
    start = time.perf_counter()
    played = iter_games(game, parameters, seeds, workers, checks, executor)
    with contextlib.closing(played) as results:
        try:
            for result in results:
                tally.add(result)
                bar.advance(1)
        except KeyboardInterrupt:
            partial = True
    elapsed = time.perf_counter() - start
    if partial:
        bar.stop()
    summary = tally.summary()
    summary.update(
        {
            "requested": games,
            "partial": partial,
            "workers": executor.slots() if executor else workers,
            "checks": checks.describe(),
            "elapsed": round(elapsed, 3),
            "games_per_second": round(tally.games / elapsed, 1) if elapsed else None,
            "steps_per_second": round(tally.steps / elapsed, 1) if elapsed else None,
        }
    )
    return summary


TIMING_FIELDS = ("workers", "elapsed", "games_per_second", "steps_per_second")
"""Fields of a campaign that depend on the machine and the worker count, not on the seeds."""


def document(campaigns: list[dict[str, Any]], partial: bool = False) -> dict[str, Any]:
    """The summary file; `partial` when interrupted (a campaign cut short or not run)."""
    return {
        "schema": SCHEMA,
        "generated": datetime.now(UTC).isoformat(timespec="seconds"),
        "partial": partial or any(c.get("partial") for c in campaigns),
        "campaigns": campaigns,
    }


def check_out(path: Path) -> None:
    """Refuse, before any game is played, a summary path that cannot be written: a folder,
    a non-regular file, a missing or unwritable folder (none is created). ValueError."""
    parent = path.parent
    if path.is_dir():
        raise ValueError(f"--out {path} is a folder: name a file, e.g. {path / 'simulation.json'}")
    if path.exists() and not path.is_file():
        raise ValueError(f"--out {path} exists and is not a regular file")
    if not parent.is_dir():
        what = "is not a folder" if parent.exists() else "does not exist (create it first)"
        raise ValueError(f"--out {path}: the folder {parent} {what}")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ValueError(f"--out {path}: cannot write in the folder {parent}")


def write_json(path: Path, data: Mapping[str, Any]) -> None:
    """Write atomically: a reader never sees half a file."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    temporary.replace(path)


# -- printing ----------------------------------------------------------------------------------
def format_summary(campaign: Mapping[str, Any]) -> str:
    params = ", ".join(f"{k}={v}" for k, v in campaign["parameters"].items())
    seeds = campaign["seeds"] or ["-", "-"]
    lines = [f"{campaign['game']} ({params}): {campaign['games']} games, seeds "
             f"{seeds[0]}..{seeds[-1]}"]  # fmt: skip
    if campaign.get("partial"):
        lines.append(
            f"  PARTIAL: interrupted after {campaign['games']} of {campaign['requested']} games"
        )
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
    hidden = campaign.get("violation_count", 0) - len(campaign["violations"])
    if hidden > 0:
        lines.append(f"  ... and {hidden} more games broke an invariant")
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
    """The full parameters of the game as loaded (defaults filled in, validated): an unknown
    name raises :class:`engine.InvalidGameError` listing the game's parameters."""
    params = dict(extra)
    if players is not None:
        params["players"] = players
    known = engine.load_game(game).parameters()
    unknown = sorted(set(params) - set(known))
    if unknown:
        names = ", ".join(unknown)
        raise engine.InvalidGameError(
            f"{game} has no parameter {names}; its parameters: {', '.join(known)}"
        )
    loaded = engine.load_game(game, **params)  # raises InvalidGameError for bad values
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

    Arguments are checked before the first game (ValueError, or InvalidGameError for the
    parameters). The games are played on `executor` (see :mod:`rulebooks.campaigns.executors`), else
    in `workers` local processes. On Ctrl-C the campaigns played so far are printed and
    written, the last one partial, and the document says ``"partial": true``; then
    KeyboardInterrupt is raised again for the caller (the command exits :data:`INTERRUPTED`).
    """
    campaign_seeds(seed, games)
    all_params = [campaign_parameters(name, players, extra or {}) for name in games_to_run]
    if out is not None:
        check_out(out)
    campaigns = []
    for name, params in zip(games_to_run, all_params, strict=True):
        campaign = run_campaign(
            name, params, games, seed, workers, checks, progress, stream, executor
        )
        print(format_summary(campaign), flush=True)
        campaigns.append(campaign)
        if campaign["partial"]:
            break
    partial = bool(campaigns) and campaigns[-1]["partial"]
    if out is not None:
        write_json(out, document(campaigns, partial))
        print(f"written: {out}" + (" (partial: interrupted)" if partial else ""))
    if partial:
        raise KeyboardInterrupt
    return not any(c["violation_count"] for c in campaigns), campaigns


def main(
    names: Sequence[str],
    *,
    games: int,
    seed: int,
    workers: int,
    dask: bool = False,
    scheduler: str | None = None,
    players: int | None = None,
    param: Sequence[str] = (),
    check_every: int,
    clone_every: int,
    out: Path | None = None,
    quiet: bool = False,
) -> int:
    """``rulebooks simulate``: 0 with no violation, 1 with one, 2 for bad arguments (every one
    checked before the first game), 3 when the Dask cluster is lost, 130 on Ctrl-C."""
    if games < 1 or workers < 1 or check_every < 1 or clone_every < 1:
        print("error: --games, --workers, --check-every and --clone-every are at least 1",
              file=sys.stderr)  # fmt: skip
        return 2
    problem = None if scheduler else executors.workers_problem(workers)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    workers = min(workers, games)  # a worker plays one game at least
    try:
        extra = parse_parameters(param)
        backend = (  # one local process plays game by game: Ctrl-C keeps every game played
            executors.executor(workers, dask, scheduler)
            if dask or scheduler or workers > 1
            else contextlib.nullcontext(None)
        )
        with backend as executor:
            ok, _ = simulate(
                names, games=games, seed=seed, workers=workers, players=players, extra=extra,
                checks=Checks(clone_every, check_every), out=out, progress=not quiet,
                executor=executor,
            )  # fmt: skip
    except (executors.ClusterError, executors.WorkerLost) as error:
        print(f"error: {error}", file=sys.stderr)
        return 3
    except ValueError as error:  # engine.RulebooksError included
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: the summary above covers the games played", file=sys.stderr)
        return INTERRUPTED
    return 0 if ok else 1


SITE_GAMES = 200
SITE_CHECKS = Checks(clone_every=25, round_trip_every=100)
"""The small campaign `rulebooks site` runs for every registered game (seeds 0..199)."""


def site_campaign(out: Path, workers: int | None = None) -> bool:
    """Every registered game with its default parameters, for the site's report page."""
    out.parent.mkdir(parents=True, exist_ok=True)  # the site's own results folder
    ok, _ = simulate(
        sorted(registry.games()),
        games=SITE_GAMES,
        seed=0,
        workers=workers or min(2, os.cpu_count() or 1),
        checks=SITE_CHECKS,
        out=out,
    )
    return ok
