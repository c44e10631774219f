"""What the playground runs in the reader's browser (under Pyodide), on the project unpacked
from ``playground/project.zip``: the text of a scenario, and a run of an edited scenario
through pytest and the project's own step definitions, printed as ``rulebooks replay`` prints
it (the same ``--rulebooks-only`` and ``--rulebooks-replay`` options of the recorder).

Standard library, pytest and gherkin only: the page imports it, the tooling never does.
"""

from __future__ import annotations

import contextlib
import difflib
import io
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

from gherkin.parser import Parser

SCENARIOS = "tests/scenarios"
WARM = "ignore::pytest.PytestAssertRewriteWarning"
"""pytest-bdd and the recorder are imported before pytest starts (:func:`warm_up`), so pytest
cannot rewrite their asserts; the step modules, imported by each run, are rewritten."""
SCENARIO_KEYWORDS = ("Scenario", "Example", "Scenario Outline", "Scenario Template")


def _first_line(node: dict[str, Any]) -> int:
    """A scenario's or rule's first line: its first tag's, else its keyword's."""
    return min([int(tag["location"]["line"]) for tag in node.get("tags") or []]
               + [int(node["location"]["line"])])  # fmt: skip


def spans(text: str) -> list[tuple[int, int, int]]:
    """(first line, keyword line, last line), 1-based, of every scenario of a feature file:
    from its first tag to the line before the next scenario, rule or background (blank lines
    and comments at its end left out)."""
    starts: list[tuple[int, int]] = []
    others: list[int] = []

    def visit(children: list[dict[str, Any]]) -> None:
        for child in children:
            if "scenario" in child:
                node = child["scenario"]
                starts.append((_first_line(node), node["location"]["line"]))
            elif "rule" in child:
                others.append(_first_line(child["rule"]))
                visit(child["rule"]["children"])
            elif "background" in child:
                others.append(child["background"]["location"]["line"])

    document: dict[str, Any] = dict(Parser().parse(text))
    visit(document["feature"]["children"])
    lines = text.splitlines()
    bounds = sorted([first for first, _ in starts] + others + [len(lines) + 1])
    found = []
    for first, keyword in starts:
        last = min(bound for bound in bounds if bound > keyword) - 1
        while last > keyword and (
            not lines[last - 1].strip() or lines[last - 1].lstrip().startswith("#")
        ):
            last -= 1
        found.append((first, keyword, last))
    return found


def _span(feature: str, line: int) -> tuple[int, int, int]:
    for span in spans(Path(feature).read_text("utf-8")):
        if span[1] == line:
            return span
    raise ValueError(f"no scenario starts at {feature}:{line}")


def source(feature: str, line: int) -> str:
    """The text of the scenario whose keyword is at ``feature:line``, its tags included,
    unindented."""
    first, _, last = _span(feature, line)
    lines = Path(feature).read_text("utf-8").splitlines()[first - 1 : last]
    indent = min(len(text) - len(text.lstrip()) for text in lines if text.strip())
    return "\n".join(text[indent:] for text in lines)


def _forget_bindings() -> None:
    """Drop the binding and step modules an earlier run imported, so that the feature files
    are parsed again (pytest-bdd reads them when a binding module is imported)."""
    root = str(Path(SCENARIOS).resolve())
    for name, module in list(sys.modules.items()):
        if (getattr(module, "__file__", None) or "").startswith(root):
            del sys.modules[name]


def _keyword_offset(lines: list[str]) -> int | None:
    """The index of the edited text's Scenario line, None when it has none."""
    for index, text in enumerate(lines):
        keyword, colon, _ = text.strip().partition(":")
        if colon and keyword.strip() in SCENARIO_KEYWORDS:
            return index
    return None


def run(feature: str, line: int, edited: str) -> tuple[int, str]:
    """Run the scenario at ``feature:line`` with its text replaced by ``edited``: (pytest's
    exit code, what the run printed). The feature file is restored whatever happens."""
    import pytest

    path = Path(feature)
    original = path.read_text("utf-8")
    first, keyword, last = _span(feature, line)
    lines = original.splitlines()
    indent = " " * (len(lines[keyword - 1]) - len(lines[keyword - 1].lstrip()))
    new = [indent + text if text.strip() else "" for text in edited.strip("\n").splitlines()]
    offset = _keyword_offset(new)
    if offset is None:
        return 4, "error: the edited text has no 'Scenario:' line"
    path.write_text("\n".join(lines[: first - 1] + new + lines[last:]) + "\n", "utf-8")
    out = io.StringIO()
    _last.clear(first, len(new))
    try:
        _forget_bindings()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            code = pytest.main([
                "-q", "-s", "--no-header", "--tb=no", "-p", "no:cacheprovider", "-W", WARM,
                f"{SCENARIOS}/{path.parent.name}",
                "--rulebooks-only", f"{feature}:{first + offset}", "--rulebooks-replay",
            ], plugins=[_last])  # fmt: skip
    finally:
        path.write_text(original, "utf-8")
    return int(code), with_closest_steps(out.getvalue(), path.parent)


class _Boards:
    """A pytest plugin keeping what the panel shows of the last run: the board after each
    action step (as ``rulebooks replay`` prints its text), at a failure, and the scenario's
    world at its end, to play on from."""

    def __init__(self) -> None:
        self.pictures: list[dict[str, Any]] = []
        self.world: Any = None
        self.first = self.length = 0

    def clear(self, first: int = 0, length: int = 0) -> None:
        """Forget the last run; the next one's text starts at line ``first`` of its feature
        file and is ``length`` lines long."""
        self.pictures.clear()
        self.world = None
        self.first, self.length = first, length

    def _keep(self, request: Any, label: str, upto: int | None = None) -> None:
        from rulebooks.run.world import scenario_world

        world = scenario_world(request)
        if world is None:
            return
        self.world = world
        try:
            picture = world.snapshot()
        except Exception:  # the step that failed reports it
            return
        if picture is not None:
            self.pictures.append({"label": label, "svg": picture.get("svg", ""),
                                  "text": picture.get("text", ""), "upto": upto})  # fmt: skip

    def _lines_before(self, line: int) -> int | None:
        """How many lines of the edited text come before its feature file's ``line`` (None
        for a line outside it: a background's)."""
        kept = line - self.first
        return kept if 0 <= kept <= self.length else None

    def _lines_through(self, scenario: Any, step: Any) -> int | None:
        """How many lines of the edited text end with ``step`` (its table or text too)."""
        later = [s.line_number for s in scenario.steps if s.line_number > step.line_number]
        if step.line_number < self.first:
            return None
        return self._lines_before(min(later)) if later else self.length

    def pytest_bdd_before_step(self, request: Any, scenario: Any, step: Any) -> None:
        if step.type == "when" and not self.pictures:
            upto = self._lines_before(step.line_number)
            self._keep(request, "before the first action", upto)

    def pytest_bdd_after_step(self, request: Any, scenario: Any, step: Any) -> None:
        if step.type == "when":
            upto = self._lines_through(scenario, step)
            self._keep(request, f"after: {step.keyword} {step.name}", upto)

    def pytest_bdd_step_error(self, request: Any, scenario: Any, step: Any, **_: Any) -> None:
        self._keep(request, f"at the failure: {step.keyword} {step.name}")

    def pytest_bdd_after_scenario(self, request: Any, **_: Any) -> None:
        from rulebooks.run.world import scenario_world

        world = scenario_world(request)
        if world is not None:
            self.world = world
            if not self.pictures:
                self._keep(request, "the position", self.length)


_last = _Boards()
"""What the last :func:`run` showed (one run at a time: the page's worker is single)."""


def boards() -> list[dict[str, Any]]:
    """The boards of the last run, in order: ``{"label", "svg", "text", "upto"}``, where
    ``upto`` is how many lines of the edited text lead to the board (to play on from it;
    None at a failure)."""
    return list(_last.pictures)


def _player(world: Any, player: int) -> str:
    try:
        return str(world.name(player))
    except Exception:
        return f"player {player}"


def position(seed: int = 1) -> dict[str, Any]:
    """Where the last run's scenario ended, to play on from: who acts and the choices
    (chance outcomes with their chances and one sampled with ``seed``; one list per player
    when all choose at once), or the returns when the game is over."""
    from engine.core import SIMULTANEOUS

    world = _last.world
    if world is None or getattr(world, "_state", None) is None:
        return {"error": "no position: the scenario did not reach one"}
    state = world.state
    found: dict[str, Any] = {"phase": str(getattr(state, "phase", "")), "over": False}
    if state.is_terminal():
        found.update(over=True, returns=[float(r) for r in state.returns()])
    elif state.is_chance_node():
        outcomes = [(state.action_to_string(a), float(p))
                    for a, p in state.chance_outcomes_exact() if p > 0]  # fmt: skip
        pick = random.Random(seed).random()
        found.update(kind="chance", outcomes=outcomes, seed=seed,
                     sampled=state.action_to_string(state.chance_outcome_at(pick)))  # fmt: skip
    elif state.current_player() == SIMULTANEOUS:
        players = range(world.player_count)
        found.update(kind="together", players=[_player(world, p) for p in players],
                     choices=[state.legal_action_strings(p) for p in players])  # fmt: skip
    else:
        player = state.current_player()
        found.update(kind="decision", player=_player(world, player),
                     choices=state.legal_action_strings(player))  # fmt: skip
    return found


def shown_after_run(seed: int = 1) -> str:
    """What the panel shows after a run besides its output, as JSON: the boards and the
    position to play on from (:func:`boards`, :func:`position`)."""
    return json.dumps({"boards": boards(), "position": position(seed)})


UNDEFINED = re.compile(r"^  \? (?P<keyword>\S+) (?P<text>.*)  \(no step definition\)$", re.M)


def known_steps(folder: Path) -> list[str]:
    """The text of every step of the game's feature files (each matches a definition)."""
    found: set[str] = set()
    for feature in sorted(folder.glob("*.feature")):
        for line in feature.read_text("utf-8").splitlines():
            keyword, _, rest = line.strip().partition(" ")
            if keyword in ("Given", "When", "Then", "And", "But") and rest:
                found.add(rest)
    return sorted(found)


def with_closest_steps(output: str, folder: Path) -> str:
    """The run's output, each undefined step followed by the closest steps of the game's
    scenarios."""

    def closest(match: re.Match[str]) -> str:
        near = difflib.get_close_matches(match["text"], known_steps(folder), n=3, cutoff=0.3)
        lines = [f"  ? {match['keyword']} {match['text']}  (undefined: no step definition)"]
        lines += [f"      closest known step: {step}" for step in near]
        return "\n".join(lines)

    return UNDEFINED.sub(closest, output)


class _Outcomes:
    """A pytest plugin noting each test's outcome (its call, or the setup that failed) and,
    for a failure, the step that failed."""

    def __init__(self) -> None:
        self.found: dict[str, str] = {}
        self.failed_steps: dict[str, str] = {}

    def pytest_bdd_step_error(self, request: Any, step: Any, **_: Any) -> None:
        self.failed_steps[request.node.nodeid] = f"{step.keyword} {step.name}"

    def pytest_runtest_logreport(self, report: Any) -> None:
        if report.when == "call" or (report.when == "setup" and not report.passed):
            step = self.failed_steps.get(report.nodeid)
            shown = f" at: {step}" if step and not report.passed else ""
            self.found[report.nodeid] = report.outcome + shown


def run_all(folder: str = SCENARIOS) -> dict[str, str]:
    """Every scenario run under ``folder``, as pytest's node id -> passed, skipped or failed
    (with the failing step: ``failed at: Then ...``): the playground's conformance with the
    recorded run (the same call natively gives the same map when the same code runs)."""
    import pytest

    outcomes = _Outcomes()
    _forget_bindings()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        pytest.main(["-q", "--tb=no", "-p", "no:cacheprovider", folder], plugins=[outcomes])
    return outcomes.found


def warm_up() -> None:
    """Import pytest, pytest-bdd and the recorder once, so that a reader's first run is as
    quick as the next ones."""
    import pytest  # noqa: F401
    import pytest_bdd  # noqa: F401

    import rulebooks.run.recorder  # noqa: F401
