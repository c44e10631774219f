"""Which scenario a pytest item runs: its pytest-bdd template and its Examples row.

pytest-bdd keeps the scenario of a generated test function in a registry and the outline
row in the test's parameters; these helpers read both, and pick the item at FEATURE:LINE
for ``--rulebooks-only``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest

from rulebooks.results.schema import (
    ExampleRef,
)
from rulebooks.run.feature_index import FeatureInfo, read_feature

if TYPE_CHECKING:
    from pytest_bdd.parser import Examples, ScenarioTemplate


_EXAMPLE_ARG = "_pytest_bdd_example"


def scenario_template(item: pytest.Item) -> ScenarioTemplate | None:
    """The pytest-bdd scenario template bound to ``item``'s test function, if any.

    pytest-bdd 9 keeps it in ``pytest_bdd.scenario.scenario_wrapper_template_registry``
    (keyed by the generated test function); older releases set ``__scenario__`` on it.
    """
    if not isinstance(item, pytest.Function):
        return None
    function: object = item.function
    function = getattr(function, "__func__", function)
    try:
        from pytest_bdd.scenario import scenario_wrapper_template_registry
    except ImportError:  # pragma: no cover - pytest-bdd absent or reorganised
        registry: Mapping[Any, ScenarioTemplate] = {}
    else:
        registry = scenario_wrapper_template_registry
    try:
        template = registry.get(function)
    except TypeError:  # unhashable or not weak-referenceable
        template = None
    if template is None:
        legacy = getattr(function, "__scenario__", None)
        if legacy is not None and hasattr(legacy, "render"):
            template = cast("ScenarioTemplate", legacy)
    return template


def example_params(item: pytest.Item) -> dict[str, str] | None:
    """The Examples row an outline test was parametrized with, or None."""
    callspec = getattr(item, "callspec", None)
    params = getattr(callspec, "params", None)
    if not isinstance(params, dict):
        return None
    row = params.get(_EXAMPLE_ARG)
    if not isinstance(row, dict):
        return None
    return {str(key): str(value) for key, value in row.items()}


class OutlineRows(list[tuple["Examples", dict[str, str]]]):
    """The rows of an outline's Examples tables, all tables flattened in file order, each
    with its table, and the index of the first row holding given values."""

    def __init__(self, template: ScenarioTemplate) -> None:
        super().__init__(
            (examples, context)
            for examples in template.examples
            for context in examples.as_contexts()
        )
        self._first: dict[tuple[tuple[str, str], ...], int] = {}
        for index, (_, context) in enumerate(self):
            self._first.setdefault(tuple(sorted(context.items())), index)

    def first_index(self, values: dict[str, str]) -> int | None:
        """The index of the first row holding ``values``, or None."""
        return self._first.get(tuple(sorted(values.items())))


_ROWS = pytest.StashKey[dict[int, tuple["ScenarioTemplate", OutlineRows]]]()


def outline_rows(config: pytest.Config, template: ScenarioTemplate) -> OutlineRows:
    """The rows of ``template``, read once per session (each outline test looks up its own
    row: reading every row again for each would make an outline's recording grow with the
    square of its rows)."""
    known = config.stash.setdefault(_ROWS, {})
    cached = known.get(id(template))
    if cached is None or cached[0] is not template:  # kept alive, so its id is not reused
        cached = known[id(template)] = (template, OutlineRows(template))
    return cached[1]


def example_record(
    item: pytest.Item,
    template: ScenarioTemplate,
    params: dict[str, str],
    info: FeatureInfo,
) -> tuple[ExampleRef, set[str]]:
    """Locate the outline row of ``item``: index, file line, values and Examples tags.

    pytest's parametrize index (``callspec.indices``) numbers the rows of all Examples
    tables in order, but it counts the whole cross product if the test is parametrized
    further, so it is only trusted when the row it points at has the test's values;
    otherwise the first row with those values is taken.
    """
    rows = outline_rows(item.config, template)
    callspec = getattr(item, "callspec", None)
    indices = getattr(callspec, "indices", None)
    index = indices.get(_EXAMPLE_ARG) if isinstance(indices, dict) else None
    if not (isinstance(index, int) and 0 <= index < len(rows) and rows[index][1] == params):
        index = rows.first_index(params)
    if index is None:
        return ExampleRef(line=None, index=-1, values=params), set()
    lines = info.row_lines.get(template.line_number, [])
    line = lines[index] if index < len(lines) else None
    return ExampleRef(line=line, index=index, values=params), set(rows[index][0].tags)


def at_line(
    item: pytest.Item, template: ScenarioTemplate, line: int, info: FeatureInfo | None = None
) -> bool:
    """Does ``item`` run the scenario starting at ``line``, or the outline row there?
    (``info``: its feature file's index, if already read.)"""
    if template.line_number == line:
        return True
    params = example_params(item)
    if params is None:
        return False
    rows = outline_rows(item.config, template)
    info = info or read_feature(template.feature.filename, item.config.rootpath)
    lines = info.row_lines.get(template.line_number, [])
    return any(
        row_line == line and context == params
        for row_line, (_, context) in zip(lines, rows, strict=False)
    )


def select_at(
    items: list[pytest.Item], location: str, invocation_dir: Path
) -> tuple[list[pytest.Item], list[pytest.Item]]:
    """Split ``items`` into the one(s) running the scenario or Examples row whose line is
    ``location`` (``FEATURE:LINE``, the path relative to ``invocation_dir``) and the others.

    A usage error when ``location`` is not ``FEATURE:LINE`` or nothing starts there.
    """
    path, _, line_text = location.rpartition(":")
    if not path or not line_text.isdigit():
        raise pytest.UsageError(f"--rulebooks-only wants FEATURE:LINE, got {location!r}")
    wanted = (invocation_dir / path).resolve()
    line = int(line_text)
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    infos: dict[str, FeatureInfo] = {}  # each file read once, not once per outline row
    for item in items:
        template = scenario_template(item)
        if template is None or Path(template.feature.filename).resolve() != wanted:
            dropped.append(item)
            continue
        filename = template.feature.filename
        if filename not in infos:
            infos[filename] = read_feature(filename, item.config.rootpath)
        chosen = at_line(item, template, line, infos[filename])
        (kept if chosen else dropped).append(item)
    if not kept:
        raise pytest.UsageError(f"no scenario or Examples row starts at {location}")
    return kept, dropped
