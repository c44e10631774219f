"""The `rulebooks` command.

rulebooks site              run every scenario, record the results, build the site
rulebooks verdict [FILE]    print the totals of a results file
rulebooks play GAME         play one random game with a seeded sampler and print it
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


def build_site(html: Path, results: Path) -> int:
    """Build the HTML site from scratch; returns sphinx-build's exit code."""
    command = [sys.executable, "-m", "sphinx", "-E", "-q", "-b", "html", "docs", str(html)]
    print("$ " + " ".join(command[2:]), flush=True)
    env = dict(os.environ, RULEBOOKS_RESULTS=str(results.resolve()))
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
    if results.exists():
        results.unlink()  # never publish an older run's verdicts as this run's
    pytest_code = run_scenarios(results)
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

    args = parser.parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
