"""Equivalent mutants proven by play: ``rulebooks mutate --check-equivalents``.

An entry of ``mutation/equivalent.toml`` says a surviving mutant behaves exactly like the
original code, and the campaign counts it as killed. This module puts every entry to the
test: the mutant and the original play the same seeded random games (`games` per player
count the game allows, from its initial state) and go on from every position the game's
scenarios read with ``state_from_dict`` (one seeded random continuation each), and after
every action every public query of the state is compared:

* the protocol: ``current_player``, ``is_terminal``, ``legal_actions`` (for each player
  too), ``legal_action_strings``, ``chance_outcomes_exact``, ``returns``, ``history``,
  ``to_dict``, ``observation_string`` of each player and ``str``;
* every other public property of the state, every public method taking no argument and
  every one whose first parameter is ``player`` (called for each player), as the game
  defines them (a score, seeds on a line, "can a die ever be placed"): a raised error
  counts as an answer, its type and message compared.

An entry is *proven* when they agree everywhere, *disproved* (a survivor, not an
equivalent) at the first position where they differ (game, player count, seed, start,
the actions from the start, the query and both answers), or *stale*: the mutant no
longer exists in the code (changed, or renumbered by mutmut) or the last campaign
(``mutation/results.json``) says the scenarios now kill it.

How a mutant runs: mutmut's mutated copy of the engine (each function a trampoline that
reads ``MUTANT_UNDER_TEST`` at every call) is written to a temporary folder, one file per
module holding an entry (never the campaign's ``mutants/`` folder). The original plays
here, with the project's own engine, recording each position's digest; each mutant then
replays those actions in a fresh Python process of its own, with ``MUTANT_UNDER_TEST`` set
before anything is imported (so a function run at import, or a table memoised at module
level, is the mutant's too), and reports the first position whose digest differs; the
original's answers at that position are worked out here for the report. A baseline
process with no mutant active must agree everywhere first (the copy plays as the
original), else the check stops. A mutant that crashes or loops (its process stopped after
its time) is disproved.

This module is game-agnostic: it reads the games from the mutants' names
(``engine.<game>.…``) and the tooling's registry, and plays them through ``engine.load_game``.
"""

from __future__ import annotations

import compileall
import hashlib
import inspect
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from rulebooks.mutation import results as mutate_results

ROOT = Path(__file__).resolve().parents[2]
GAMES = 10
"""Seeded random games per player count in the full check (``make mutate``)."""
FAST_GAMES = 1
"""Seeded random games per player count in the suite's check (``make test``)."""
MAX_STEPS = 5000
"""A game longer than this many actions is cut there (no game of the project comes close)."""
CONTINUATION = 40
"""Actions played on from a scenario's position at the most (the position and its
neighbourhood: the random games cover whole plays)."""
SKIPPED = frozenset({
    "apply_action", "apply_actions", "clone", "child", "check_action", "check_action_type",
    "string_to_action", "action_to_string", "chance_outcome_at", "chance_outcomes",
})  # fmt: skip
"""Public methods that change the state, need an action, or repeat another query."""


class EquivalenceError(Exception):
    """The check cannot run (the message says why)."""


# -- the positions and what is asked of them ----------------------------------------------
@dataclass(frozen=True)
class Start:
    """Where one play begins: a game's initial state, or a scenario's position."""

    game: str
    params: dict[str, Any]
    seed: int
    position: dict[str, Any] | None = None
    origin: str = "initial state"
    limit: int = MAX_STEPS

    @property
    def players(self) -> int:
        return int(self.params.get("players", 0))

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "params": self.params, "seed": self.seed,
            "position": self.position, "origin": self.origin, "limit": self.limit,
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Start:
        return cls(**data)


_ATOMS = (int, float, str, bool, type(None))


def _plain(value: Any) -> Any:
    """`value` as JSON the same in every process (sets sorted, fractions as text, a state
    as its description). Plain types are told by their exact type first: this runs for
    every answer of every position."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list or kind is tuple:
        return [v if type(v) in _ATOMS else _plain(v) for v in value]
    if kind is dict:
        if all(type(k) is str for k in value):
            return {k: v if type(v) in _ATOMS else _plain(v) for k, v in value.items()}
        return {str(k): _plain(v) for k, v in sorted(value.items(), key=lambda kv: repr(kv[0]))}
    from engine.core import State

    if isinstance(value, State):
        return {"state": _plain(value.to_dict())}
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, bool | int | float | str):  # an enum of int or str
        return repr(value)
    if isinstance(value, Mapping):
        return _plain(dict(value))
    if isinstance(value, set | frozenset):
        return sorted((_plain(v) for v in value), key=repr)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return repr(value)


def _asked(call: Callable[..., Any], *args: Any) -> Any:
    try:
        return _plain(call(*args))
    except Exception as error:  # an answer too: the mutant must raise the same
        return f"raises {type(error).__name__}: {error}"


_QUERIES: dict[type, list[tuple[str, bool, bool]]] = {}


def _queries(kind: type) -> list[tuple[str, bool, bool]]:
    """The public queries of a state class: (name, is a property, takes a player first)."""
    if kind in _QUERIES:
        return _QUERIES[kind]
    found: list[tuple[str, bool, bool]] = []
    for name in sorted(dir(kind)):
        if name.startswith("_") or name in SKIPPED or "__mutmut_" in name or "\u01c1" in name:
            continue  # private, an action, or mutmut's copy of a function in a mutated class
        attribute = inspect.getattr_static(kind, name)
        if isinstance(attribute, property):
            found.append((name, True, False))
            continue
        if not callable(attribute) or isinstance(attribute, type):
            continue
        try:
            parameters = list(inspect.signature(getattr(kind, name)).parameters.values())[1:]
        except (TypeError, ValueError):
            continue
        required = [p for p in parameters if p.default is inspect.Parameter.empty]
        by_player = bool(parameters) and parameters[0].name == "player"
        if not required:
            found.append((name, False, False))
        if by_player and len(required) <= 1:
            found.append((name, False, True))
    _QUERIES[kind] = found
    return found


def snapshot(state: Any) -> dict[str, Any]:
    """Every public answer of `state`, by query (``name`` or ``name(player)``)."""
    out: dict[str, Any] = {"str": _asked(str, state)}
    players = range(state.game.num_players)
    for name, is_property, by_player in _queries(type(state)):
        if is_property:
            out[name] = _asked(getattr, state, name)
        elif by_player:
            method = getattr(state, name)
            for p in players:
                out[f"{name}({p})"] = _asked(method, p)
        else:
            out[f"{name}()"] = _asked(getattr(state, name))
    return out


def digest(view: Mapping[str, Any]) -> str:
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.blake2b(text.encode(), digest_size=10).hexdigest()


def _begin(start: Start) -> Any:
    import engine

    game = engine.load_game(start.game, **start.params)
    if start.position is None:
        return game.new_initial_state()
    return game.state_from_dict(start.position)


def _apply(state: Any, action: int | list[int]) -> None:
    if isinstance(action, list):
        state.apply_actions(action)
    else:
        state.apply_action(action)


@dataclass
class Play:
    """The original's play from a start: its actions, and the digest of every position
    (before the first action, then after each)."""

    start: Start
    actions: list[int | list[int]] = field(default_factory=list)
    digests: list[str] = field(default_factory=list)


def record(start: Start) -> Play:
    """Play the original engine from `start` with a seeded random sampler."""
    from engine.core import SIMULTANEOUS
    from engine.drivers import RandomSampler

    state = _begin(start)
    sampler = RandomSampler(start.seed)
    play = Play(start, digests=[digest(snapshot(state))])
    while not state.is_terminal() and len(play.actions) < start.limit:
        player = state.current_player()
        if player == SIMULTANEOUS:
            action: int | list[int] = sampler.random_joint_action(state)
        elif state.is_chance_node():
            action = sampler.chance_outcome(state)
        else:
            action = sampler.random_action(state)
        _apply(state, action)
        play.actions.append(action)
        play.digests.append(digest(snapshot(state)))
    return play


def position_after(start: Start, actions: Sequence[int | list[int]]) -> dict[str, Any]:
    """The snapshot after `actions` from `start` (a failing action: that failure)."""
    try:
        state = _begin(start)
        for action in actions:
            _apply(state, action)
    except Exception as error:
        return {"play": f"raises {type(error).__name__}: {error}"}
    return snapshot(state)


def replay(plays: Sequence[Play]) -> dict[str, Any] | None:
    """In a mutant's process: the first position of `plays` whose digest is not the
    original's, as ``{"play": index, "step": actions before it, "view": snapshot}``."""
    for index, play in enumerate(plays):
        try:
            state = _begin(play.start)
        except Exception as error:
            return {"play": index, "step": 0, "view": {"play": f"raises {error!r}"}}
        for step, expected in enumerate(play.digests):
            if step:
                try:
                    _apply(state, play.actions[step - 1])
                except Exception as error:
                    view = {"play": f"raises {type(error).__name__}: {error}"}
                    return {"play": index, "step": step, "view": view}
            view = snapshot(state)
            if digest(view) != expected:
                return {"play": index, "step": step, "view": view}
    return None


# -- the verdicts --------------------------------------------------------------------------
@dataclass(frozen=True)
class Difference:
    """The first position where a mutant and the original answer differently."""

    start: Start
    actions: list[int | list[int]]
    query: str
    original: Any
    mutant: Any

    def lines(self) -> list[str]:
        where = f"{self.start.game}, {self.start.players} players, seed {self.start.seed}"
        return [
            f"  first differing position: {where}, from the {self.start.origin}, after "
            f"{len(self.actions)} action(s): {json.dumps(self.actions)}",
            f"  query {self.query}: original {_short(self.original)}",
            f"  {' ' * len('query ' + self.query)}  mutant   {_short(self.mutant)}",
        ]


def _short(value: Any, limit: int = 300) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass(frozen=True)
class Verdict:
    name: str
    status: str  # "proven", "disproved" or "stale"
    detail: str = ""
    difference: Difference | None = None

    def lines(self) -> list[str]:
        head = {
            "proven": "equivalent",
            "disproved": "NOT EQUIVALENT (a survivor)",
            "stale": "STALE",
        }[self.status]
        out = [f"{head}: {self.name}" + (f": {self.detail}" if self.detail else "")]
        if self.difference is not None:
            out += self.difference.lines()
        return out


_MISSING = "(no such query)"


def first_difference(
    original: Mapping[str, Any], mutant: Mapping[str, Any]
) -> tuple[str, Any, Any]:
    """The first query (sorted by name) whose answers differ, and both answers; inside a
    description (``to_dict()``), the first key that differs: ``to_dict()['turns']``."""
    for query in sorted(set(original) | set(mutant)):
        was, now = original.get(query, _MISSING), mutant.get(query, _MISSING)
        if was == now:
            continue
        while isinstance(was, dict) and isinstance(now, dict):
            key = next(
                (
                    k
                    for k in sorted(set(was) | set(now))
                    if was.get(k, _MISSING) != now.get(k, _MISSING)
                ),
                None,
            )
            if key is None:
                break
            query += f"[{key!r}]"
            was, now = was.get(key, _MISSING), now.get(key, _MISSING)
        return query, was, now
    return "(the digest only)", None, None


def campaign_statuses(root: Path) -> dict[str, str]:
    """Each mutant's status in the last campaign's results file (before equivalents)."""
    path = root / mutate_results.RESULTS_FILE
    try:
        data = json.loads(path.read_text("utf-8"))
        return {
            m["name"]: m["status"] for f in data.get("functions", []) for m in f.get("mutants", [])
        }
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return {}


def module_path(name: str) -> str:
    """The source file of a mutant: ``engine/<game>/game.py`` for the mutant
    ``engine.<game>.game.x_f__mutmut_3``."""
    module = name.split(".x_")[0].split(".x\u01c1")[0]
    return module.replace(".", "/") + ".py"


def game_of(name: str) -> str:
    """The game whose engine package holds the mutant (``engine/<game>/``)."""
    parts = module_path(name).split("/")
    return parts[1] if len(parts) > 2 else ""


def function_of(name: str) -> str:
    """The function or method name of a mutant: ``f`` for ``….x_f__mutmut_3`` and for
    ``….xǁClassǁf__mutmut_3``."""
    mangled = name.rpartition("__mutmut_")[0].rpartition(".")[2]
    return mangled.rpartition("\u01c1")[2] if "\u01c1" in mangled else mangled[2:]


def mutated_copy(root: Path, folder: Path, names: Iterable[str]) -> set[str]:
    """mutmut's mutated copy of the engine in `folder`, for the mutants `names`: in each
    module holding one, the functions of that name get their mutants and trampoline, as
    mutmut writes them (mutmut numbers a function's mutants on their own, so these are the
    campaign's names); every other function and file is copied as it is, so the copy plays
    at the original's speed. Returns the names of the mutants the copy holds."""
    try:
        from mutmut.mutation.file_mutation import combine_mutations_to_source, create_mutations
        from mutmut.utils.format_utils import get_mutant_name
    except ImportError as error:
        raise EquivalenceError(
            f"mutmut cannot be imported ({error}): pip install -e '.[dev]'"
        ) from None

    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(root / "engine", folder / "engine", ignore=ignore)
    wanted: dict[str, set[str]] = {}
    for name in names:
        wanted.setdefault(module_path(name), set()).add(function_of(name))
    found: set[str] = set()
    for path, functions in sorted(wanted.items()):
        source = root / path
        if not source.exists():
            continue
        module, mutations, classes, ignored = create_mutations(path, source.read_text("utf-8"))
        mine = [
            m for m in mutations
            if getattr(getattr(m.contained_by_top_level_function, "name", None), "value", None)
            in functions
        ]  # fmt: skip
        mutated = combine_mutations_to_source(module, mine, classes, ignored)
        (folder / path).write_text(mutated.code, "utf-8")
        found |= {get_mutant_name(Path(path), n) for n in mutated.mutant_names}
    # compiled once here for every mutant's process; the folder is new for each check, so
    # no compiled file is ever older than its source
    compileall.compile_dir(folder / "engine", quiet=1, workers=1)
    return found


def scenario_positions(root: Path, games: Iterable[str]) -> dict[str, list[dict[str, Any]]]:
    """Per game, every position its scenarios read with ``state_from_dict`` (game
    parameters and description, each once): the scenarios run once, here, with
    :mod:`rulebooks.mutation.positions_plugin` recording them."""
    from rulebooks.mutation.positions_plugin import OUT

    found: dict[str, list[dict[str, Any]]] = {}
    for game in sorted(set(games)):
        folder = root / "tests" / "scenarios" / game
        if not folder.is_dir():
            continue
        with tempfile.TemporaryDirectory(prefix="rulebooks-positions-") as where:
            out = Path(where) / "positions.jsonl"
            command = [
                sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p",
                "no:cacheprovider", "-p", "rulebooks.mutation.positions_plugin", str(folder),
            ]  # fmt: skip
            subprocess.run(
                command, cwd=root, env={**os.environ, OUT: str(out)}, capture_output=True
            )
            seen: set[str] = set()
            mine = found.setdefault(game, [])
            lines = out.read_text("utf-8").splitlines() if out.exists() else []
            for line in lines:
                if line not in seen:
                    seen.add(line)
                    entry = json.loads(line)
                    if entry["game"] == game:
                        mine.append(entry)
    return found


def starts_for(game: str, games: int, positions: Sequence[Mapping[str, Any]] = ()) -> list[Start]:
    """`games` seeded random games per player count of `game`, then one seeded
    continuation from each scenario position."""
    from rulebooks.games import registry

    spec = registry.spec(game)
    out = [
        Start(game, {"players": players}, seed)
        for players in range(spec.min_players, spec.max_players + 1)
        for seed in range(games)
    ]
    out += [
        Start(game, dict(p["params"]), index, dict(p["data"]), f"scenario position {index + 1}",
              CONTINUATION)
        for index, p in enumerate(positions)
    ]  # fmt: skip
    return out


# -- running it ----------------------------------------------------------------------------
def _worker_command(folder: Path, mutant: str, job: Path) -> tuple[list[str], dict[str, str]]:
    env = {**os.environ, "MUTANT_UNDER_TEST": mutant}
    env["PYTHONPATH"] = os.pathsep.join(
        [str(folder), *filter(None, [os.environ.get("PYTHONPATH")])]
    )
    return [sys.executable, "-m", "rulebooks.mutation.equivalence", str(job)], env


def _run_worker(folder: Path, mutant: str, job: Path, timeout: float) -> dict[str, Any]:
    command, env = _worker_command(folder, mutant, job)
    try:
        done = subprocess.run(
            command, cwd=folder, env=env, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return {"error": f"still playing after {timeout:.0f} s (a loop?)"}
    if done.returncode != 0 or not done.stdout.strip():
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": f"its process failed (exit code {done.returncode}): {tail}"}
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def check(
    root: Path = ROOT,
    *,
    games: int = GAMES,
    names: Sequence[str] | None = None,
    equivalents: Mapping[str, str] | None = None,
    scenarios: bool = True,
    workers: int | None = None,
    say: Callable[[str], None] = print,
) -> list[Verdict]:
    """Every entry of the equivalence file (or `equivalents`, or only `names`) checked by
    play; one verdict each, in the file's order."""
    table = dict(
        equivalents
        if equivalents is not None
        else mutate_results.load_equivalents(root / mutate_results.EQUIVALENT_FILE)
    )
    chosen = [n for n in table if names is None or n in names]
    statuses = campaign_statuses(root)
    verdicts: dict[str, Verdict] = {}
    with tempfile.TemporaryDirectory(prefix="rulebooks-equivalence-") as where:
        folder = Path(where)
        existing = mutated_copy(root, folder, chosen)
        to_play: list[str] = []
        for name in chosen:
            if name not in existing:
                why = "no such mutant in the code now (the code changed, or mutmut renumbered it)"
                verdicts[name] = Verdict(name, "stale", why)
            elif statuses.get(name) in ("killed", "timeout"):
                why = f"the last campaign says the scenarios kill it ({statuses[name]})"
                verdicts[name] = Verdict(name, "stale", why + ": the note is not needed")
            else:
                to_play.append(name)
        by_game: dict[str, list[str]] = {}
        for name in to_play:
            by_game.setdefault(game_of(name), []).append(name)
        positions = scenario_positions(root, by_game) if scenarios and by_game else {}
        for game, mine in sorted(by_game.items()):
            verdicts.update(
                _check_game(root, folder, game, mine, games, positions.get(game, []), workers, say)
            )
    return [verdicts[n] for n in chosen]


def _check_game(
    root: Path,
    folder: Path,
    game: str,
    mutants: Sequence[str],
    games: int,
    positions: Sequence[Mapping[str, Any]],
    workers: int | None,
    say: Callable[[str], None],
) -> dict[str, Verdict]:
    began = time.monotonic()
    plays = []
    left_out: list[str] = []
    for start in starts_for(game, games, positions):
        try:
            plays.append(record(start))
        except Exception as error:  # a scenario position that does not read back alone
            left_out.append(f"{start.origin}: {type(error).__name__}: {error}")
    if left_out:
        say(f"  {game}: {len(left_out)} scenario position(s) left out: they do not read back "
            f"in load_game({game!r}, **parameters()) (a scenario's own components, say; the "
            f"first: {left_out[0]})")  # fmt: skip
    took = time.monotonic() - began
    steps = sum(len(p.actions) for p in plays)
    counts = sorted({p.start.players for p in plays if p.start.position is None})
    read = sum(1 for p in plays if p.start.position is not None)
    say(f"{game}: {len(mutants)} equivalence note(s), against {games} seeded random game(s) "
        f"per player count ({', '.join(map(str, counts))}) and {read} scenario position(s) "
        f"played on for up to {CONTINUATION} actions: {steps} actions, {took:.1f} s for the "
        f"original")  # fmt: skip
    job = folder / f"{game}.json"
    job.write_text(json.dumps([
        {"start": p.start.as_json(), "actions": p.actions, "digests": p.digests} for p in plays
    ]), "utf-8")  # fmt: skip
    timeout = 60 + 20 * took
    baseline = _run_worker(folder, "", job, timeout)
    if "error" in baseline or baseline.get("differs"):
        raise EquivalenceError(
            f"{game}: the mutated copy with no mutant active does not play as the original "
            f"({_short(baseline.get('error') or baseline['differs'])}): the check cannot judge"
        )

    def judge(name: str) -> Verdict:
        result = _run_worker(folder, name, job, timeout)
        if "error" in result:
            return Verdict(name, "disproved", result["error"])
        found = result.get("differs")
        if not found:
            return Verdict(name, "proven")
        play = plays[found["play"]]
        actions = play.actions[: found["step"]]
        original = position_after(play.start, actions)
        query, was, now = first_difference(original, found["view"])
        return Verdict(name, "disproved", "", Difference(play.start, actions, query, was, now))

    with ThreadPoolExecutor(workers or os.cpu_count() or 1) as pool:
        return {v.name: v for v in pool.map(judge, mutants)}


def worker(job: Path) -> int:
    """A mutant's process: replay the original's plays, print the first difference."""
    import engine

    here = Path.cwd().resolve()
    if not Path(engine.__file__).resolve().is_relative_to(here):
        print(json.dumps({"error": f"engine imported from {engine.__file__}, not the copy"}))
        return 0
    plays = [
        Play(Start.from_json(p["start"]), p["actions"], p["digests"])
        for p in json.loads(job.read_text("utf-8"))
    ]
    print(json.dumps({"differs": replay(plays)}))
    return 0


def main(
    *,
    games: int = GAMES,
    root: Path = ROOT,
    scenarios: bool = True,
    workers: int | None = None,
    project: Path | None = None,
) -> int:
    """``rulebooks mutate --check-equivalents``: 0 when every entry is proven, 1 when one is
    disproved or stale, 2 when the check cannot run (as in a game's own `project`: the notes
    belong to mutmut's campaign, which runs in Rulebooks' own checkout only)."""
    if project is not None and project.resolve() != root.resolve():
        print(f"error: --check-equivalents checks the notes of mutmut's campaign, which runs "
              f"in Rulebooks' own checkout only, not in {project}", file=sys.stderr)  # fmt: skip
        return 2
    try:
        verdicts = check(root, games=games, scenarios=scenarios, workers=workers)
    except (EquivalenceError, mutate_results.MutationResultsError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for verdict in verdicts:
        if verdict.status != "proven":
            print("\n".join(verdict.lines()))
    bad = [v for v in verdicts if v.status != "proven"]
    proven = len(verdicts) - len(bad)
    print(f"equivalence notes: {proven} of {len(verdicts)} proven by play ({games} seeded "
          f"game(s) per player count{', plus the scenario positions' if scenarios else ''})"
          + (f"; {len(bad)} to fix in {mutate_results.EQUIVALENT_FILE}: delete a disproved "
             f"note (its mutant is a survivor) and check a stale one" if bad else ""))  # fmt: skip
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(worker(Path(sys.argv[1])))
