"""Does the suite catch rule bugs? Hand-made rule mutations, each run against the suite.

A mutation changes one rule of one engine at run time: a few characters of one function's
source (``>=`` to ``>``, ``group[-1]`` to ``group[0]``), or the value of one constant. The
pytest plugin :mod:`rulebooks.mutation_plugin` applies the mutation named by the
environment variable ``RULEBOOKS_MUTATION`` before the tests run, so the engine on disk is
never touched. Each mutation is then run against its game's scenarios and, separately,
against the invariant tests of that game (tests/invariants); it is *killed* when either
fails, *survived* when both pass. The kill rate is killed / (killed + survived).

A mutation whose code no longer matches the engine (the engine changed) is reported as
*not applicable*, never as killed.

``rulebooks mutate`` runs them all; ``--fast`` a few Mahé ones (as ``make test`` does).
"""

from __future__ import annotations
import __future__ as future

import importlib
import inspect
import os
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ENV = "RULEBOOKS_MUTATION"
ROOT = Path(__file__).resolve().parents[1]


class MutationError(Exception):
    """A mutation that cannot be applied to the engine as it is now."""


@dataclass(frozen=True)
class Mutation:
    """One rule bug: `edits` (old, new) in the source of `target`, or a new constant `value`.

    `target` is ``"module:name"`` or ``"module:Class.method"``.
    """

    id: str
    game: str
    clause: str
    description: str
    target: str
    edits: tuple[tuple[str, str], ...] = ()
    value: Any = None
    constant: bool = False


def _edit(old: str, new: str) -> tuple[tuple[str, str], ...]:
    return ((old, new),)


MUTATIONS: tuple[Mutation, ...] = (
    # -- Mahé ------------------------------------------------------------------------------
    Mutation("mahe-beach-off-by-one", "mahe", "MAHE-6.1",
             "a move must go past space 21 to lay eggs (> instead of >=)",
             "engine.mahe.game:passes_beach",
             _edit("return length >= BEACH - start", "return length > BEACH - start")),
    Mutation("mahe-egg-to-mover", "mahe", "MAHE-6.2",
             "the mover's owner takes the egg card, not the owner of the top turtle",
             "engine.mahe.game:MaheState._finish_move",
             _edit("turtle_owner[group[-1]]", "turtle_owner[group[0]]")),
    Mutation("mahe-two-dice-sum", "mahe", "MAHE-4.2",
             "two dice move their sum, not twice their sum",
             "engine.mahe.game:move_length",
             _edit("return len(dice) * sum(dice) if len(dice) > 1 else dice[0]",
                   "return (3 if len(dice) == 3 else 1) * sum(dice)")),
    Mutation("mahe-bust-at-7", "mahe", "MAHE-3.3",
             "a total of 7 busts (>= 7 instead of > 7)",
             "engine.mahe.game:is_bust",
             _edit("sum(dice) > MAX_TOTAL", "sum(dice) >= MAX_TOTAL")),
    Mutation("mahe-raft-stacks", "mahe", "MAHE-5.5",
             "turtles on the raft stack: a turtle leaving it carries the ones after it",
             "engine.mahe.game:MaheState.moving_group",
             _edit("if space == RAFT:\n        return [turtle]",
                   "if space == RAFT and False:\n        return [turtle]")),
    Mutation("mahe-tiebreak-no-beach-card", "mahe", "MAHE-7.3",
             "the tie-break counts egg cards only, not the beach space as a card",
             "engine.mahe.game:MaheState.card_count",
             _edit(" + (1 if self._beach == player else 0)", "")),
    Mutation("mahe-arrive-under", "mahe", "MAHE-5.1",
             "a group arriving on a stack slides under it instead of going on top",
             "engine.mahe.game:MaheState._finish_move",
             _edit("self._stacks[end].extend(group)", "self._stacks[end][0:0] = group")),
    Mutation("mahe-mover-decides", "mahe", "MAHE-5.2",
             "the mover's owner decides on more dice, not the owner of the top turtle",
             "engine.mahe.game:MaheState.decider",
             _edit("top = self._stacks[space][-1] if space != RAFT else mover", "top = mover")),
    Mutation("mahe-bust-drops-stack", "mahe", "MAHE-5.4",
             "a bust sends the whole stack to the raft, turtles below the mover too",
             "engine.mahe.game:MaheState._bust",
             _edit("group = self.moving_group(self._mover)",
                   "group = self._stacks[start][:] if start != RAFT else [self._mover]")),
    Mutation("mahe-leaving-beach-lays", "mahe", "MAHE-6.1",
             "leaving space 21 counts as crossing it",
             "engine.mahe.game:passes_beach",
             _edit("return length >= SPACES", "return True")),
    Mutation("mahe-turn-order-reversed", "mahe", "MAHE-2.3",
             "turns pass to the previous player instead of the next",
             "engine.mahe.game:MaheState._next_move",
             _edit("(self._turn_player + 1) % self.game.num_players",
                   "(self._turn_player - 1) % self.game.num_players")),
    Mutation("mahe-one-turtle-per-turn", "mahe", "MAHE-8.2",
             "with two turtles each, only the chosen one moves",
             "engine.mahe.game:MaheState._apply",
             _edit("self._pending = [t for t in self.game.turtles_of[self._turn_player] "
                   "if t != first]", "self._pending = []")),
    Mutation("mahe-beach-worth-nothing", "mahe", "MAHE-7.2",
             "the beach space scores no eggs",
             "engine.mahe.game:BEACH_BONUS", value=0, constant=True),
    Mutation("mahe-card-above-seven", "mahe", "MAHE-9.2",
             "a card may take the total above 7",
             "engine.mahe.game:MaheState._decisions",
             _edit("for v in sorted(held) if v <= room", "for v in sorted(held)")),
    Mutation("mahe-two-cards-a-turn", "mahe", "MAHE-9.3",
             "a player may play more than one card per turn",
             "engine.mahe.game:MaheState._decisions",
             _edit("if self.game.variant and not self._card_used:", "if self.game.variant:")),
    Mutation("mahe-card-of-turn-player", "mahe", "MAHE-9.5",
             "the player whose turn it is may play a card, not the owner of the top turtle",
             "engine.mahe.game:MaheState._decisions",
             _edit("held = set(self._collected[self.decider()])",
                   "held = set(self._collected[self._turn_player])")),
    Mutation("mahe-tie-first-wins", "mahe", "MAHE-7.3",
             "players still tied do not share the win: the first of them wins alone",
             "engine.mahe.game:MaheState.winners",
             _edit("== best]", "== best][:1]")),
    Mutation("mahe-played-card-kept", "mahe", "MAHE-9.4",
             "a card played as a die stays with its player (and scores)",
             "engine.mahe.game:MaheState._play_card",
             _edit("self._collected[self.decider()].remove(eggs)", "pass")),
    Mutation("mahe-second-player-starts", "mahe", "MAHE-2.3",
             "the player after the first player takes the first turn",
             "engine.mahe.game:MaheState._next_move",
             _edit("if self._turns:", "if True:")),
    Mutation("mahe-three-dice-double", "mahe", "MAHE-4.2",
             "three dice move twice their total, like two",
             "engine.mahe.game:move_length",
             _edit("return len(dice) * sum(dice) if len(dice) > 1 else dice[0]",
                   "return 2 * sum(dice) if len(dice) > 1 else dice[0]")),
    # the defects an independent audit found, each caught by a scenario written since
    Mutation("mahe-beach-to-turn-player", "mahe", "MAHE-7.1",
             "a group ending the game gives the beach to the player whose turn it is, not to "
             "the owner of its top turtle",
             "engine.mahe.game:MaheState._lay_eggs",
             _edit("self._beach = player", "self._beach = self._turn_player")),
    # -- Mamey -----------------------------------------------------------------------------
    Mutation("mamey-joker-without-cube", "mamey", "MAMEY-6.3",
             "a Joker costs no extra cube: only the one placed on the board leaves the hand",
             "engine.mamey.game:MameyState._sell",
             (("self._cubes_hand[player] -= 1 + sale.jokers", "self._cubes_hand[player] -= 1"),
              ("self._cubes_stock[player] += sale.jokers", "self._cubes_stock[player] += 0"))),
    Mutation("mamey-hand-limit-8", "mamey", "MAMEY-4.1",
             "harvesting is allowed with 7 cards in hand",
             "engine.mamey.game:HAND_LIMIT", value=8, constant=True),
    Mutation("mamey-tie-ignores-sold", "mamey", "MAMEY-9.5",
             "a tie on Mamey is not broken by the number of cards sold",
             "engine.mamey.game:MameyState.winners",
             (("best = max((self.mamey(p), len(self._sold[p])) for p in players)",
               "best = max((self.mamey(p), 0) for p in players)"),
              ("if (self.mamey(p), len(self._sold[p])) == best]",
               "if (self.mamey(p), 0) == best]"))),
    Mutation("mamey-hire-without-cube", "mamey", "MAMEY-7.2",
             "hiring a merchant brings no cube from the stock",
             "engine.mamey.game:MameyState._hire",
             _edit("if self._cubes_stock[player]:", "if False:")),
    Mutation("mamey-replenish-only-taken", "mamey", "MAMEY-4.5",
             "after a field is received only that field is replenished, not fields 1 to it",
             "engine.mamey.game:MameyState._receive",
             _edit("self._draws = list(range(f + 1))", "self._draws = [f]")),
    Mutation("mamey-hire-two-copies", "mamey", "MAMEY-7.1",
             "hiring a merchant discards two copies of the card instead of one",
             "engine.mamey.game:MameyState._hire",
             _edit("self._hands[player][card] -= 1", "self._hands[player][card] -= 2")),
    Mutation("mamey-joker-joins-one-card", "mamey", "MAMEY-6.1",
             "a Joker joins a same-colour set of a single card only",
             "engine.mamey.game:sales_in_hand",
             _edit("                if joker:\n", "                if joker and copies == 1:\n")),
    # -- Masai -----------------------------------------------------------------------------
    Mutation("masai-two-dice-tie-higher", "masai", "MASAI-9.5",
             "tied players with two dice score the higher die, not the lower",
             "engine.masai.game:tie_value",
             _edit("return ordered[(len(ordered) - 1) // 2]", "return ordered[len(ordered) // 2]")),
    Mutation("masai-special-flat-cost", "masai", "MASAI-7.1",
             "every use of a special action costs 1 seed, not n for the n-th",
             "engine.masai.game:special_cost",
             _edit("return uses_before + 1", "return 1")),
    Mutation("masai-no-colour-bonus", "masai", "MASAI-6.1",
             "a die of the sector's colour scores no extra point",
             "engine.masai.game:MasaiState._score_allocation",
             _edit("points = 1 + (1 if colour_of(kind) == board.die_sector[slot] else 0)",
                   "points = 1")),
    Mutation("masai-highest-first", "masai", "MASAI-4.4",
             "the next round's order puts the highest score first",
             "engine.masai.game:next_order",
             _edit("key=lambda p: scores[p]", "key=lambda p: -scores[p]")),
    Mutation("masai-ends-when-all-pass", "masai", "MASAI-8.3",
             "a round in which every player passes ends the game, though dice could still be "
             "placed",
             "engine.masai.game:MasaiState._end_round",
             _edit("and self.can_never_place()", "and True")),
    # -- Mahola ----------------------------------------------------------------------------
    Mutation("mahola-tie-skips-special", "mahola", "MAHOLA-5",
             "a tied round is not broken by the number of Special Dance cards",
             "engine.mahola.game:round_winner",
             _edit("[s.special for s in scores],\n", "")),
    Mutation("mahola-tie-gives-token", "mahola", "MAHOLA-5.3",
             "a round still tied after the tie-breaks gives the token to the first tied player",
             "engine.mahola.game:round_winner",
             _edit("    return None", "    return contenders[0]")),
    Mutation("mahola-pass-reversed", "mahola", "MAHOLA-3.3",
             "the card for the left neighbour goes right and the other left",
             "engine.mahola.game:MaholaState._pass_cards",
             (("insort(hands[left_neighbour[player]], left)",
               "insort(hands[right_neighbour[player]], left)"),
              ("insort(hands[right_neighbour[player]], right)",
               "insort(hands[left_neighbour[player]], right)"))),
    Mutation("mahola-secondary-per-icon", "mahola", "MAHOLA-4.4",
             "a matching secondary dance scores 1 per icon, not the value of its card",
             "engine.mahola.scoring:secondary_points",
             _edit('if points == "one_per_icon":', "if True:")),
)  # fmt: skip
"""Every mutation, by game."""

FAST = ("mahe-beach-off-by-one", "mahe-egg-to-mover", "mahe-bust-at-7")
"""The mutations `make test` runs (tests/invariants/test_mutations.py)."""


def find(identifier: str) -> Mutation:
    for mutation in MUTATIONS:
        if mutation.id == identifier:
            return mutation
    raise MutationError(
        f"no mutation called {identifier!r}; mutations: {', '.join(m.id for m in MUTATIONS)}"
    )


# -- applying -----------------------------------------------------------------------------------
def _locate(target: str) -> tuple[Any, str, Any]:
    """(owner, attribute name, current value) of ``module:name`` or ``module:Class.name``."""
    module_name, _, qualname = target.partition(":")
    try:
        owner: Any = importlib.import_module(module_name)
        *path, name = qualname.split(".")
        for part in path:
            owner = getattr(owner, part)
        value = inspect.getattr_static(owner, name)
    except (ImportError, AttributeError, ValueError) as error:
        raise MutationError(f"{target}: not found in the engine ({error})") from None
    return owner, name, value


def mutated_function(mutation: Mutation) -> Callable[..., Any]:
    """The target function recompiled from its source with the mutation's edits."""
    _owner, name, original = _locate(mutation.target)
    if not inspect.isfunction(original):
        raise MutationError(f"{mutation.target} is not a plain function")
    source = textwrap.dedent(inspect.getsource(original))
    if "super()" in source or "__class__" in source:
        raise MutationError(f"{mutation.target} uses super(): it cannot be recompiled alone")
    for old, new in mutation.edits:
        found = source.count(old)
        if found != 1:
            raise MutationError(
                f"{mutation.id}: {old!r} occurs {found} times in {mutation.target} "
                f"(expected once): the engine changed, update the mutation"
            )
        source = source.replace(old, new)
    flags = future.annotations.compiler_flag
    code = compile(source, f"<mutation {mutation.id}>", "exec", flags=flags, dont_inherit=True)
    namespace: dict[str, Any] = {}
    exec(code, original.__globals__, namespace)
    function = namespace[name]
    if not callable(function):  # pragma: no cover - a def always is
        raise MutationError(f"{mutation.target} did not compile to a function")
    function.__qualname__ = original.__qualname__
    return function  # type: ignore[no-any-return]


def apply(mutation: Mutation) -> Callable[[], None]:
    """Install the mutation in the running interpreter; returns the function undoing it."""
    owner, name, original = _locate(mutation.target)
    if mutation.constant:
        if not isinstance(original, int | float | str | bool):
            raise MutationError(f"{mutation.target} is not a constant")
        replacement: Any = mutation.value
    else:
        replacement = mutated_function(mutation)
    setattr(owner, name, replacement)
    return lambda: setattr(owner, name, original)


@contextmanager
def applied(mutation: Mutation) -> Iterator[None]:
    undo = apply(mutation)
    try:
        yield
    finally:
        undo()


# -- running ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Suite:
    """A part of the test suite run against a mutation."""

    name: str
    arguments: tuple[str, ...]


def suites(game: str) -> tuple[Suite, ...]:
    return (
        Suite("scenarios", (f"tests/scenarios/{game}",)),
        Suite(
            "invariants",
            ("tests/invariants", "-k", game, "--ignore", "tests/invariants/test_mutations.py"),
        ),
    )


@dataclass
class Outcome:
    mutation: Mutation | None
    game: str
    killed_by: list[str] = field(default_factory=list)
    passed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def verdict(self) -> str:
        if self.errors:
            return "error"
        return "killed" if self.killed_by else "survived"


def run_suite(
    suite: Suite, mutation: Mutation | None, *, stop_early: bool = True
) -> tuple[int, str]:
    """Run a suite in a subprocess (the mutation applied by the plugin); (exit code, output)."""
    command = [sys.executable, "-m", "pytest", "-q", "--no-header", "-p", "no:cacheprovider",
               "-p", "rulebooks.mutation_plugin", *suite.arguments]  # fmt: skip
    if stop_early:
        command.append("-x")
    env = {k: v for k, v in os.environ.items() if k != ENV}
    if mutation is not None:
        env[ENV] = mutation.id
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    return done.returncode, done.stdout + done.stderr


def run_mutation(mutation: Mutation | None, game: str, *, fast: bool = False) -> Outcome:
    """Every suite of the game against the mutation (None: the engine as it is).

    `fast` stops at the first suite that kills the mutation.
    """
    outcome = Outcome(mutation, game)
    start = time.perf_counter()
    for suite in suites(game):
        code, output = run_suite(suite, mutation)
        if code == 0:
            outcome.passed.append(suite.name)
        elif code == 1:
            outcome.killed_by.append(suite.name)
            if fast:
                break
        else:
            tail = "\n".join(output.strip().splitlines()[-5:])
            outcome.errors.append(f"{suite.name}: pytest exit code {code}: {tail}")
            break
    outcome.seconds = time.perf_counter() - start
    return outcome


def select(fast: bool, only: Sequence[str], games: Sequence[str]) -> list[Mutation]:
    chosen = [find(i) for i in only] if only else list(MUTATIONS)
    if fast and not only:
        chosen = [find(i) for i in FAST]
    if games:
        chosen = [m for m in chosen if m.game in games]
    return chosen


def main(
    *, fast: bool = False, only: Sequence[str] = (), games: Sequence[str] = (), jobs: int = 0
) -> int:
    """Run the baseline, then every selected mutation; print verdicts and the kill rate."""
    try:
        chosen = select(fast, only, games)
    except MutationError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not chosen:
        print("no mutation selected")
        return 2
    jobs = jobs or min(2, os.cpu_count() or 1)
    involved = sorted({m.game for m in chosen})
    print(f"baseline: the suites of {', '.join(involved)} without any mutation", flush=True)
    with ThreadPoolExecutor(jobs) as pool:
        baselines = list(pool.map(lambda g: run_mutation(None, g), involved))
    broken = [b for b in baselines if b.killed_by or b.errors]
    for base in broken:
        print(
            f"  {base.game}: the suite fails without a mutation ({base.killed_by or base.errors})"
        )
    if broken:
        print("the baseline must pass before mutations mean anything")
        return 2
    print(f"{len(chosen)} mutation(s), {jobs} at a time", flush=True)
    with ThreadPoolExecutor(jobs) as pool:
        outcomes = list(pool.map(lambda m: run_mutation(m, m.game, fast=fast), chosen))
    for outcome in outcomes:
        mutation = outcome.mutation
        assert mutation is not None
        how = {
            "killed": f"KILLED by {' and '.join(outcome.killed_by)}",
            "survived": "SURVIVED",
            "error": "NOT APPLICABLE / ERROR",
        }[outcome.verdict]
        print(f"{how:32} {mutation.id:28} {mutation.clause:11} {mutation.description}")
        for problem in outcome.errors:
            print(textwrap.indent(problem, "    "))
    killed = sum(1 for o in outcomes if o.verdict == "killed")
    survived = [o for o in outcomes if o.verdict == "survived"]
    errors = sum(1 for o in outcomes if o.verdict == "error")
    counted = killed + len(survived)
    rate = f"{killed / counted:.0%}" if counted else "n/a"
    print(f"kill rate: {killed}/{counted} = {rate} "
          f"({len(survived)} survived, {errors} not applicable)")  # fmt: skip
    for outcome in survived:
        assert outcome.mutation is not None
        print(f"  survivor {outcome.mutation.id}: add a scenario for {outcome.mutation.clause} "
              f"in features/{outcome.game}/")  # fmt: skip
    return 0 if not survived and not errors else 1
