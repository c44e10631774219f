"""What pytest-bdd's model of a feature file lacks, indexed from the parsed text.

Rule and Examples row lines, step keywords as written and every run the file asks for, read
from the text pytest-bdd parsed (:mod:`rulebooks.run.binding`) with the project's own
Gherkin model (:mod:`rulebooks.results.gherkin_model`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rulebooks.results.fingerprint import (
    text_digest,
)
from rulebooks.results.gherkin_model import Feature as ModelFeature
from rulebooks.results.gherkin_model import parse_feature
from rulebooks.results.schema import (
    RuleRef,
)
from rulebooks.run import binding

if TYPE_CHECKING:
    pass


@dataclass(frozen=True)
class FeatureInfo:
    """Facts about a feature file that pytest-bdd's model does not keep, read from the text
    pytest-bdd parsed (see :mod:`rulebooks.run.binding`), or from the disk at collection."""

    path: str
    sha256: str | None
    rules: dict[int, RuleRef]
    """Scenario line -> enclosing rule (name and line)."""
    row_lines: dict[int, list[int]]
    """Scenario line -> lines of its Examples rows, all tables flattened in file order."""
    keywords: dict[int, str]
    """Step line -> step keyword as written (``Given``, ``And``, ``*``...)."""
    runs: frozenset[tuple[int, int | None]] = frozenset()
    """Every run the file asks for: (scenario line, row line or None)."""


def read_feature(filename: str, rootpath: Path) -> FeatureInfo:
    """Index what pytest-bdd's model lacks (rule and row lines, keywords as written) in the
    text pytest-bdd parsed when :mod:`rulebooks.run.binding` bound the file, else in the file
    as it is now (right after collection)."""
    rel = relative_path(filename, rootpath)
    known = binding.parsed(filename)
    if known is not None:
        sha, text = known.sha256, known.text
    else:
        try:
            data = Path(filename).read_bytes()
        except OSError:
            return FeatureInfo(rel, None, {}, {}, {})
        sha, text = text_digest(data), data.decode("utf-8", errors="replace")
    try:
        model = parse_feature(text, rel, sha)
    except Exception:  # the file's own test says why it does not parse
        return FeatureInfo(rel, sha, {}, {}, {})
    return _index(model, rel, sha)


def relative_path(filename: str, rootpath: Path) -> str:
    """``filename`` as a POSIX path relative to ``rootpath`` (as the results file names it)."""
    try:
        return Path(os.path.relpath(filename, rootpath)).as_posix()
    except ValueError:  # another drive on Windows
        return Path(filename).as_posix()


def _index(model: ModelFeature, rel: str, sha: str) -> FeatureInfo:
    rules: dict[int, RuleRef] = {}
    row_lines: dict[int, list[int]] = {}
    keywords: dict[int, str] = {}
    backgrounds = [model.background, *(rule.background for rule in model.rules)]
    for background in backgrounds:
        for step in background.steps if background else ():
            keywords[step.line] = step.keyword
    for rule, scenario in model.all_scenarios():
        if rule is not None:
            rules[scenario.line] = RuleRef(rule.name, rule.line)
        for step in scenario.steps:
            keywords[step.line] = step.keyword
        row_lines[scenario.line] = scenario.row_lines()
    return FeatureInfo(rel, sha, rules, row_lines, keywords, model.runs())
