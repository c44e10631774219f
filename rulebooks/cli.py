"""The `rulebooks` command.

rulebooks site [--full]     run the scenarios whose inputs changed (all with --full), record
                            the results, build the site
rulebooks scenarios         the same for the scenarios only (make serve's step)
rulebooks verdict [FILE]    the CI gate: totals of a results file checked against the checkout
rulebooks diff OLD NEW      clauses newly failing, fixed, newly unverified (Markdown)
rulebooks replay FEATURE:LINE
                            rerun one scenario, printing each step and the state after it
rulebooks play GAME         play one random game with a seeded sampler and print it
rulebooks simulate GAME     random playouts in several processes, invariants checked
rulebooks mutate            does the suite catch rule bugs? mutmut over the rule code, per clause
rulebooks trace             which engine functions cite which clause (and what is missing)
rulebooks games             the games installed and the project's, and what is wrong with any
rulebooks new GAME          the skeleton of a game's own project (engine, rules, features, steps)

Every command but ``new`` serves one project: the nearest folder from the working directory
up whose ``pyproject.toml`` has a ``[tool.rulebooks]`` table, or ``--project DIR``. It runs
from that folder, on that project's games (:func:`rulebooks.site.pipeline.enter_project`).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from rulebooks.games.paths import ROOT
from rulebooks.games.project import ProjectError, project_root
from rulebooks.mutation.equivalence import GAMES as EQUIVALENCE_GAMES
from rulebooks.run.asserts import asserts_stripped
from rulebooks.site import pipeline

INTERRUPTED = 130
"""Exit code of a command stopped by Ctrl-C (128 + SIGINT, as the shell reports it)."""


def interrupted(what: str) -> int:
    """Say in one line that Ctrl-C stopped ``what``; the exit code to return."""
    print(f"interrupted: {what} stopped by Ctrl-C before its end; run it again", file=sys.stderr)
    return INTERRUPTED


def command_scenarios(args: argparse.Namespace) -> int:
    """Record the scenarios for ``make serve``: exit 0 once the results file says how the
    run went (so the site is rebuilt to show it), 3 when another build holds the lock."""
    from rulebooks.run.lock import BuildLockTimeout, build_lock

    results = Path(args.results)
    try:
        with build_lock(results.parent, timeout=args.wait):
            pipeline.record_scenarios(results, Path.cwd())
            print()
            pipeline.print_verdict(results)
    except BuildLockTimeout as error:
        print(f"error: {error}", file=sys.stderr)
        return pipeline.EXIT_LOCKED
    except KeyboardInterrupt:
        return interrupted("the scenario run")
    return 0


def command_serve(args: argparse.Namespace) -> int:
    from rulebooks.site.serve import serve

    try:
        return serve(
            Path(args.results), Path(args.html), host=args.host, port=args.port, wait=args.wait
        )
    except KeyboardInterrupt:  # during the first build (once serving, Ctrl-C is the end)
        return interrupted("the first build")


def command_site(args: argparse.Namespace) -> int:
    from rulebooks.run.lock import BuildLockTimeout, build_lock

    results, html = Path(args.results), Path(args.html)
    problem = pipeline.site_folder_problem(html, results)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return pipeline.EXIT_UNTRUSTED
    try:
        with build_lock(results.parent, timeout=args.wait):
            return pipeline.run_site(results, html, full=args.full)
    except BuildLockTimeout as error:
        print(f"error: {error}", file=sys.stderr)
        return pipeline.EXIT_LOCKED
    except KeyboardInterrupt:
        return interrupted("the site build")


def command_diff(args: argparse.Namespace) -> int:
    from rulebooks.results.diff import run_diff

    code, text = run_diff(Path(args.old), Path(args.new))
    (sys.stderr if code == 2 else sys.stdout).write(text)
    return code


def command_verdict(args: argparse.Namespace) -> int:
    return pipeline.print_verdict(Path(args.results), Path(args.root)).exit_code


def command_replay(args: argparse.Namespace) -> int:
    """Rerun one scenario and print the game after each action step."""
    command = [
        sys.executable, "-m", "pytest", *pipeline.SCENARIOS, "-q", "-s", "--no-header",
        "-p", "no:cacheprovider", "--rulebooks-only", args.location, "--rulebooks-replay",
    ]  # fmt: skip
    return subprocess.call(command)


def command_play(args: argparse.Namespace) -> int:
    import engine
    from rulebooks.campaigns.simulate import campaign_parameters, check_seed

    try:
        check_seed(args.seed)
        params = campaign_parameters(
            args.game, args.players, {"variant": True} if args.variant else {}
        )
        game = engine.load_game(args.game, **params)
    except ValueError as error:  # engine.RulebooksError included
        print(f"error: {error}", file=sys.stderr)
        return 2
    state = engine.RandomSampler(args.seed).play_out(game.new_initial_state())
    print(state)
    print(f"{len(state.history())} actions; returns {state.returns()}")
    return 0


def add_backend_options(
    parser: argparse.ArgumentParser, workers: int | None, what: str, bound_note: str = ""
) -> None:
    """``--workers N`` and, one or the other, ``--dask`` or ``--scheduler ADDRESS``: where a
    campaign's work runs (rulebooks.campaigns.executors)."""
    from rulebooks.campaigns.executors import WORKERS_CAP, WORKERS_PER_CORE

    default = "cores" if workers is None else str(workers)
    parser.add_argument(
        "--workers", type=int, default=workers,
        help=f"local processes, or the LocalCluster's workers with --dask (default {default}; "
        f"at most {WORKERS_PER_CORE} per core and {WORKERS_CAP}{bound_note})",
    )  # fmt: skip
    backend = parser.add_mutually_exclusive_group()
    backend.add_argument(
        "--dask", action="store_true",
        help=f"{what} on a Dask LocalCluster of --workers processes on this machine",
    )  # fmt: skip
    backend.add_argument(
        "--scheduler", metavar="ADDRESS", default=None,
        help=f"{what} on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:8786)",
    )  # fmt: skip


def command_simulate(args: argparse.Namespace) -> int:
    from rulebooks.campaigns import simulate
    from rulebooks.games import registry

    return simulate.main(
        sorted(registry.games()) if args.game == "all" else [args.game],
        games=args.games, seed=args.seed, workers=args.workers, dask=args.dask,
        scheduler=args.scheduler, players=args.players, param=args.param,
        check_every=args.check_every, clone_every=args.clone_every,
        out=Path(args.out) if args.out else None, quiet=args.quiet,
    )  # fmt: skip


def command_mutate(args: argparse.Namespace) -> int:
    if args.check_equivalents:
        from rulebooks.mutation.equivalence import main as check

        return check(games=args.equivalence_games, workers=args.workers, project=args.project_root)
    from rulebooks.mutation.campaign import command

    return command(
        fast=args.fast, only=args.only, games=args.game, workers=args.workers, dask=args.dask,
        scheduler=args.scheduler, full=args.full, mutant=args.mutant,
        hand_made=not args.no_hand_made, report_only=args.report,
        survivors=Path(args.survivors) if args.survivors else None, root=args.project_root,
    )  # fmt: skip


def command_trace(args: argparse.Namespace) -> int:
    from rulebooks.games.trace import main as run_trace

    return run_trace(by=args.by, game=args.game, root=args.project_root or ROOT)


def command_games(args: argparse.Namespace) -> int:
    """Every installed game (``*`` for the project's), its package, and the problems found;
    exit 1 when there is any."""
    from rulebooks.games import registry

    lines, problems = registry.report(in_project=args.project_root is not None)
    for line in lines + [f"problem: {problem}" for problem in problems]:
        print(line)
    return 1 if problems else 0


def command_new(args: argparse.Namespace) -> int:
    """Write a game's skeleton; 2 with the reason when it cannot."""
    from rulebooks.games.scaffold import ScaffoldError, install_command, new_game

    try:
        folder = new_game(args.game, Path(args.dir))
    except ScaffoldError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    where = "here" if Path(args.dir) == Path(".") else f"in {args.dir}"
    print(f"created {folder}: install it, {where}, with `{install_command(args.game)}`, then")
    print("run `rulebooks site` in it; `rulebooks games` lists it once installed")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The `rulebooks` command's arguments: each subcommand sets ``run``, its function.

    Long: one block per subcommand, so that the command's whole surface reads in one place."""
    parser = argparse.ArgumentParser(prog="rulebooks", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    wait_help = "wait this long for another build of the checkout (default %(default)g s)"
    games = sub.add_parser("games", help="the games installed (* the project's) and problems")
    games.set_defaults(run=command_games)

    new = sub.add_parser("new", help="the skeleton of a game's own project")
    new.add_argument("game", help="the game's short name (lower case, e.g. dice)")
    new.add_argument("--dir", default=".", help="where to create the GAME folder")
    new.set_defaults(run=command_new)

    site = sub.add_parser("site", help="run every scenario and build the site")
    site.add_argument("--results", default=str(pipeline.DEFAULT_RESULTS))
    site.add_argument("--html", default=str(pipeline.DEFAULT_HTML))
    site.add_argument("--wait", type=float, default=pipeline.LOCK_WAIT_SECONDS, help=wait_help)
    site.add_argument(
        "--full", action="store_true",
        help="rerun every scenario and the campaign and rebuild every page, whatever the caches",
    )  # fmt: skip
    site.set_defaults(run=command_site)

    scenarios = sub.add_parser("scenarios", help="run every scenario and record the results")
    scenarios.add_argument("--results", default=str(pipeline.DEFAULT_RESULTS))
    scenarios.add_argument("--wait", type=float, default=pipeline.LOCK_WAIT_SECONDS, help=wait_help)
    scenarios.set_defaults(run=command_scenarios)

    serve = sub.add_parser(
        "serve", help="serve the site and rebuild it on every save (rerunning the scenarios)"
    )
    serve.add_argument("--results", default=str(pipeline.DEFAULT_RESULTS))
    serve.add_argument(
        "--html",
        default=str(pipeline.SERVE_HTML),
        help="the folder it builds and serves (never the one of rulebooks site: each has its "
        "own Sphinx cache)",
    )
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--wait", type=float, default=pipeline.LOCK_WAIT_SECONDS, help=wait_help)
    serve.set_defaults(run=command_serve)

    verdict = sub.add_parser(
        "verdict",
        help="CI gate: exit 0 only when every scenario passed on the checkout as it is; "
        "1 when some did not, 2 when the results are missing, invalid, stale, partial, "
        "interrupted or contradict themselves",
    )
    verdict.add_argument("results", nargs="?", default=str(pipeline.DEFAULT_RESULTS))
    verdict.add_argument("--root", default=".", help="the checkout (default: here)")
    verdict.set_defaults(run=command_verdict)

    diff = sub.add_parser(
        "diff", help="what changed between two results files (Markdown); exit 1 on a regression"
    )
    diff.add_argument("old", help="the results file of the earlier run (e.g. main's)")
    diff.add_argument("new", help="the results file of the later run")
    diff.set_defaults(run=command_diff)

    replay = sub.add_parser("replay", help="rerun one scenario and print its states")
    replay.add_argument("location", help="FEATURE:LINE, e.g. features/<game>/02_dice.feature:51")
    replay.set_defaults(run=command_replay)

    play = sub.add_parser("play", help="play one random game and print the final position")
    play.add_argument("game")
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=0, help="a whole number >= 0")
    play.add_argument("--variant", action="store_true")
    play.set_defaults(run=command_play)

    simulate = sub.add_parser(
        "simulate", help="random playouts in several processes, invariants checked"
    )
    simulate.add_argument("game", help="a registered game, or 'all'")
    simulate.add_argument("--games", type=int, default=100, help="number of games (seeds)")
    simulate.add_argument("--seed", type=int, default=0, help="seed of the first game (>= 0)")
    add_backend_options(simulate, 1, "play", "; never more than --games")
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
    simulate.add_argument("--out", metavar="FILE", help="write the summary as JSON to FILE")
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    simulate.set_defaults(run=command_simulate)

    mutate = sub.add_parser("mutate", help="mutation campaign (mutmut), scenarios as the suite")
    add_backend_options(mutate, None, "judge mutmut's mutants")
    for flag, words in (
        ("--full", "rerun every mutant"), ("--no-hand-made", "skip the hand-made rule mutations"),
        ("--report", "print the last results only"),
        ("--fast", "only the few hand-made mutations each game marks fast (no mutmut)"),
        ("--check-equivalents", "only prove each note of mutation/equivalent.toml by play"),
    ):  # fmt: skip
        mutate.add_argument(flag, action="store_true", help=words)
    mutate.add_argument("--game", action="append", default=[], help="only this game's code")
    mutate.add_argument("--mutant", default=None, metavar="NAME", help="rerun one mutmut mutant")
    mutate.add_argument("--survivors", metavar="FILE", help="also write the survivors as Markdown")
    mutate.add_argument(
        "--only", action="append", default=[], metavar="ID", help="only this hand-made mutation"
    )
    mutate.add_argument(
        "--equivalence-games", type=int, default=EQUIVALENCE_GAMES, metavar="N",
        help=f"with --check-equivalents: seeded random games per player count "
        f"(default {EQUIVALENCE_GAMES})",
    )  # fmt: skip
    mutate.set_defaults(run=command_mutate)

    trace_cmd = sub.add_parser("trace", help="the map from clauses to the engine code citing them")
    trace_cmd.add_argument("--by", choices=("clause", "function"), default="clause")
    trace_cmd.add_argument("--game", default=None, help="one game only")
    trace_cmd.set_defaults(run=command_trace)
    for name, command in sub.choices.items():
        if name != "new":  # new makes a project; every other command serves one
            command.add_argument(
                "--project", default=None, metavar="DIR",
                help="the project to serve (default: the nearest folder from here up whose "
                "pyproject.toml has [tool.rulebooks]); e.g. examples/pig",
            )  # fmt: skip
        command.set_defaults(command_parser=command)
    return parser


PATHS = ("results", "html", "root", "old", "new", "out", "survivors")
"""The arguments naming files: given on the command line, they are read from the folder the
command was typed in; left to their defaults, from the project's root."""


def enter_project(args: argparse.Namespace) -> None:
    """Make the project the command serves (``--project DIR``, else the nearest one from
    here up) the working directory and its games the games (``args.project_root``: its
    root, None outside any project); ProjectError, with nothing changed, when it is none."""
    here = Path.cwd()
    root = project_root(args.project, here)
    args.project_root = root
    if root is None:
        return
    command: argparse.ArgumentParser = args.command_parser
    for name in PATHS:
        value = getattr(args, name, None)
        if value is not None and value != command.get_default(name):
            setattr(args, name, str(here / value))
    # games and trace work on a project whose games cannot run: they say what is wrong
    check = args.command not in ("games", "trace")
    pipeline.enter_project(root, site=args.command in ("site", "serve"), check=check)


RUNS_SCENARIOS = frozenset(
    {command_scenarios, command_serve, command_site, command_replay, command_mutate}
)
"""The commands whose verdicts rest on the step definitions' asserts."""


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    stripped = asserts_stripped()
    if stripped is not None and args.run in RUNS_SCENARIOS:
        print(f"rulebooks {args.command}: refused: {stripped}", file=sys.stderr)
        return 2
    if args.command != "new":
        try:
            enter_project(args)
        except ProjectError as error:
            print(f"rulebooks {args.command}: error: {error}", file=sys.stderr)
            return 2
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
