"""The `rulebooks` command.

rulebooks site              run every scenario, record the results, build the site
rulebooks verdict [FILE]    print the totals of a results file
rulebooks replay FEATURE:LINE
                            rerun one scenario, printing each step and the state after it
rulebooks play GAME         play one random game with a seeded sampler and print it
rulebooks simulate GAME     random playouts in several processes, invariants checked
rulebooks mutate            does the suite catch rule bugs? hand-made mutations, kill rate
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

DEFAULT_RESULTS = Path("results/results.json")
DEFAULT_HTML = Path("docs/_build/html")
STATUSES = ("passed", "failed", "undefined", "skipped")


def run_scenarios(results: Path) -> int:
    """Run every scenario under pytest with the recorder; returns pytest's exit code."""
    command = [
        sys.executable, "-m", "pytest", "tests/scenarios", "-q", "--no-header",
        "-p", "no:cacheprovider", "--continue-on-collection-errors",
        "--rulebooks-results", str(results),
    ]  # fmt: skip
    print("$ " + " ".join(command[2:]), flush=True)
    return subprocess.call(command)


def simulation_file(results: Path) -> Path:
    """The simulation summary published beside a results file."""
    return results.with_name("simulation.json")


def run_simulation(results: Path) -> bool:
    """A small campaign of every registered game for the site; False on a violation."""
    from rulebooks.simulate import site_campaign

    print("$ rulebooks simulate all (the site's campaign)", flush=True)
    return site_campaign(simulation_file(results))


def build_site(html: Path, results: Path) -> int:
    """Build the HTML site from scratch; returns sphinx-build's exit code."""
    command = [sys.executable, "-m", "sphinx", "-E", "-q", "-b", "html", "docs", str(html)]
    print("$ " + " ".join(command[2:]), flush=True)
    env = dict(
        os.environ,
        RULEBOOKS_RESULTS=str(results.resolve()),
        RULEBOOKS_SIMULATION=str(simulation_file(results).resolve()),
    )
    return subprocess.call(command, env=env)


def totals(results: Path) -> dict[str, int] | None:
    """The scenario totals of a results file (outline rows counted one by one)."""
    try:
        data = json.loads(results.read_text("utf-8"))
    except (OSError, json.JSONDecodeError):
        return None
    counts = {status: 0 for status in STATUSES}
    for scenario in data.get("scenarios", []):
        counts[scenario.get("status", "failed")] = (
            counts.get(scenario.get("status", "failed"), 0) + 1
        )
    return counts


def print_verdict(results: Path) -> bool:
    """Print the totals; True when every scenario passed."""
    counts = totals(results)
    if counts is None:
        print(f"no readable results file at {results}")
        return False
    line = ", ".join(f"{counts[s]} {s}" for s in STATUSES)
    print(f"scenarios: {line}")
    return sum(counts.values()) > 0 and counts["passed"] == sum(counts.values())


def command_site(args: argparse.Namespace) -> int:
    results, html = Path(args.results), Path(args.html)
    for old in (results, simulation_file(results)):
        if old.exists():
            old.unlink()  # never publish an older run's verdicts as this run's
    pytest_code = run_scenarios(results)
    simulation_ok = run_simulation(results)
    build_code = build_site(html, results)
    print()
    all_passed = print_verdict(results)
    if build_code != 0:
        print(f"the site build failed (sphinx-build exit code {build_code})")
        return 2
    print(f"site built: open {html / 'index.html'}")
    if not all_passed or pytest_code != 0:
        print("some scenarios did not pass: they are shown in red on the site")
        return 1
    if not simulation_ok:
        print("the simulation broke an invariant: see the simulation report on the site")
        return 1
    return 0


def command_verdict(args: argparse.Namespace) -> int:
    return 0 if print_verdict(Path(args.results)) else 1


def command_replay(args: argparse.Namespace) -> int:
    """Rerun one scenario and print the game after each action step."""
    command = [
        sys.executable, "-m", "pytest", "tests/scenarios", "-q", "-s", "--no-header",
        "-p", "no:cacheprovider", "--rulebooks-only", args.location, "--rulebooks-replay",
    ]  # fmt: skip
    return subprocess.call(command)


def command_play(args: argparse.Namespace) -> int:
    import engine

    params: dict[str, object] = {"players": args.players}
    if args.variant:
        params["variant"] = True
    try:
        game = engine.load_game(args.game, **params)
    except engine.RulebooksError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    state = engine.RandomSampler(args.seed).play_out(game.new_initial_state())
    print(state)
    print(f"{len(state.history())} actions; returns {state.returns()}")
    return 0


def command_simulate(args: argparse.Namespace) -> int:
    import engine
    from rulebooks import simulate

    names = sorted(engine.GAMES) if args.game == "all" else [args.game]
    try:
        extra = simulate.parse_parameters(args.param)
        for name in names:
            simulate.campaign_parameters(name, args.players, extra)
    except (ValueError, engine.RulebooksError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.games < 1 or args.workers < 1 or args.check_every < 1 or args.clone_every < 1:
        print("error: --games, --workers, --check-every and --clone-every are at least 1",
              file=sys.stderr)  # fmt: skip
        return 2
    from rulebooks import executors

    try:  # the backend: local processes, or a Dask cluster (rulebooks.executors)
        with executors.executor(args.workers, args.dask, args.scheduler) as executor:
            ok, _ = simulate.simulate(
                names,
                games=args.games,
                seed=args.seed,
                workers=args.workers,
                players=args.players,
                extra=extra,
                checks=simulate.Checks(args.clone_every, args.check_every),
                out=Path(args.out) if args.out else None,
                progress=not args.quiet,
                executor=executor,
            )
    except (executors.ClusterError, executors.WorkerLost) as error:
        print(f"error: {error}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        print("interrupted: the workers are stopped", file=sys.stderr)
        return 130
    return 0 if ok else 1


def command_mutate(args: argparse.Namespace) -> int:
    from rulebooks.mutations import main as run_mutations

    return run_mutations(fast=args.fast, only=args.only, games=args.game)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rulebooks", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    site = sub.add_parser("site", help="run every scenario and build the site")
    site.add_argument("--results", default=str(DEFAULT_RESULTS))
    site.add_argument("--html", default=str(DEFAULT_HTML))
    site.set_defaults(run=command_site)

    verdict = sub.add_parser("verdict", help="print the totals of a results file")
    verdict.add_argument("results", nargs="?", default=str(DEFAULT_RESULTS))
    verdict.set_defaults(run=command_verdict)

    replay = sub.add_parser("replay", help="rerun one scenario and print its states")
    replay.add_argument("location", help="FEATURE:LINE, e.g. features/mahe/02_dice.feature:51")
    replay.set_defaults(run=command_replay)

    play = sub.add_parser("play", help="play one random game and print the final position")
    play.add_argument("game")
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--variant", action="store_true")
    play.set_defaults(run=command_play)

    simulate = sub.add_parser(
        "simulate", help="random playouts in several processes, invariants checked"
    )
    simulate.add_argument("game", help="a registered game, or 'all'")
    simulate.add_argument("--games", type=int, default=100, help="number of games (seeds)")
    simulate.add_argument("--seed", type=int, default=0, help="seed of the first game")
    simulate.add_argument(
        "--workers", type=int, default=1,
        help="local processes, or the LocalCluster's workers with --dask (default 1)",
    )  # fmt: skip
    backend = simulate.add_mutually_exclusive_group()
    backend.add_argument(
        "--dask", action="store_true",
        help="play on a Dask LocalCluster of --workers processes on this machine",
    )  # fmt: skip
    backend.add_argument(
        "--scheduler", metavar="ADDRESS", default=None,
        help="play on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:8786)",
    )  # fmt: skip
    simulate.add_argument("--players", type=int, default=None)
    simulate.add_argument(
        "--param", action="append", default=[], metavar="K=V", help="a game parameter"
    )
    simulate.add_argument(
        "--check-every", type=int, default=10, metavar="K",
        help="to_dict/from_dict round trip every K actions (default 10)",
    )  # fmt: skip
    simulate.add_argument(
        "--clone-every", type=int, default=1, metavar="K",
        help="clone equality every K actions (default 1: after every action)",
    )  # fmt: skip
    simulate.add_argument("--out", default=None, help="write the summary as JSON here")
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    simulate.set_defaults(run=command_simulate)

    mutate = sub.add_parser("mutate", help="run the suite against hand-made rule mutations")
    mutate.add_argument("--fast", action="store_true", help="a few Mahé mutations only")
    mutate.add_argument("--only", action="append", default=[], metavar="ID", help="a mutation")
    mutate.add_argument("--game", action="append", default=[], help="mutations of this game")
    mutate.set_defaults(run=command_mutate)

    args = parser.parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
