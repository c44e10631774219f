"""Binds feature files to pytest tests one file at a time, so no file can hide another.

``bind_features("<game>", globals())`` in a test module does what pytest-bdd's
``scenarios("<game>")`` does, with four differences:

- each feature file is read once, and pytest-bdd parses exactly the text read, whose sha256
  is kept (:func:`parsed`) for the recorder's fingerprint: an edit while the scenarios run
  cannot pass for the text that ran;
- a file that does not parse fails one test of its own (``test_<file>_parses``); the other
  files of the folder are bound and run (``scenarios()`` stops the whole module);
- two scenarios of one file with the same name fail one test naming both lines
  (``scenarios()`` keeps a dict by name and silently drops one);
- a scenario without any step fails: it verifies nothing.

The problem tests carry :class:`Problem` as ``rulebooks_problem``, which the recorder writes
into the results file.
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from gherkin.parser import Parser as GherkinParser
from pytest_bdd import feature as bdd_feature
from pytest_bdd import scenario
from pytest_bdd.gherkin_parser import GherkinDocument
from pytest_bdd.parser import FeatureParser
from pytest_bdd.scenario import get_features_base_dir, get_python_name_generator

from rulebooks.games.spec import GameSpec
from rulebooks.results.fingerprint import text_digest
from rulebooks.results.gherkin_model import Feature, parse_feature
from rulebooks.results.schema import NO_STEPS

__all__ = [
    "PROBLEM_ATTR", "ParsedFeature", "Problem", "bind_features", "binding_problem", "parsed",
]  # fmt: skip

PROBLEM_ATTR = "rulebooks_problem"


@dataclass(frozen=True)
class ParsedFeature:
    """A feature file as it was parsed: its text and that text's sha256."""

    filename: str
    sha256: str
    text: str
    error: str | None = None


@dataclass(frozen=True)
class Problem:
    """Why some scenarios of a feature file cannot run.

    ``lines`` are the Scenario lines concerned (empty when the file did not parse, and its
    scenarios are unknown); ``model`` is the file's model when it parsed.
    """

    filename: str
    message: str
    lines: tuple[int, ...] = ()
    model: Feature | None = None


_PARSED: dict[str, ParsedFeature] = {}


def parsed(filename: str) -> ParsedFeature | None:
    """What :func:`bind_features` parsed for ``filename`` (absolute) in this process."""
    return _PARSED.get(os.path.abspath(filename))


class _TextFeatureParser(FeatureParser):
    """pytest-bdd's parser, fed with a text already read rather than reading the file."""

    def __init__(self, basedir: str, filename: str, text: str) -> None:
        super().__init__(basedir, filename)
        self._text = text

    def _parse_feature_file(self) -> GherkinDocument:
        return GherkinDocument.from_dict(GherkinParser().parse(self._text))


def bind_features(
    folder: str, namespace: MutableMapping[str, Any], *, features_base_dir: str | None = None
) -> None:
    """Bind every scenario of every ``.feature`` file under ``folder`` as a test in
    ``namespace`` (a test module's ``globals()``); ``folder`` is relative to pytest-bdd's
    features base dir (``bdd_features_base_dir``) unless absolute."""
    base = features_base_dir or get_features_base_dir(str(namespace.get("__file__", "")))
    root = Path(base, folder)
    files = sorted(root.rglob("*.feature"))
    if not files:
        raise FileNotFoundError(f"no .feature file under {root}")
    for file in files:
        _bind_file(base, file, namespace)


def _bind_file(base: str, file: Path, namespace: MutableMapping[str, Any]) -> None:
    filename = str(file.resolve())
    data = file.read_bytes()
    sha = text_digest(data)
    try:
        text = data.decode("utf-8")
        model = parse_feature(text, filename, sha)
        bdd = _TextFeatureParser(base, filename, text).parse()
    except Exception as error:  # any reason pytest-bdd or gherkin refuse the file
        message = f"{file.name} does not parse: {_describe(error)}"
        _PARSED[filename] = ParsedFeature(filename, sha, data.decode("utf-8", "replace"), message)
        _add(namespace, f"{file.stem} parses", _failing(Problem(filename, message)))
        return
    _PARSED[filename] = ParsedFeature(filename, sha, text)
    bdd_feature.features[filename] = bdd  # pytest-bdd's cache: scenario() reuses this parse
    lines_by_name: dict[str, list[int]] = defaultdict(list)
    for _rule, found in model.all_scenarios():
        lines_by_name[found.name].append(found.line)
    for name, template in bdd.scenarios.items():
        lines = lines_by_name.get(name, [])
        if len(lines) > 1:
            where = " and ".join(str(line) for line in lines)
            message = (
                f"duplicate scenario name {name!r} in {file.name} at lines {where}: pytest-bdd "
                "binds scenarios by name and would run only one; rename one of them"
            )
            _add(
                namespace,
                f"{name} is unique",
                _failing(Problem(filename, message, tuple(lines), model)),
            )
            continue
        _add(namespace, name, _bound(base, filename, name, has_steps=bool(template.steps)))


def _describe(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _bound(base: str, filename: str, name: str, *, has_steps: bool) -> Callable[[], None]:
    @scenario(filename, name, features_base_dir=base)
    def _scenario() -> None:
        if not has_steps:
            pytest.fail(NO_STEPS, pytrace=False)

    return _scenario


def _failing(problem: Problem) -> Callable[[], None]:
    def _problem() -> None:
        pytest.fail(problem.message, pytrace=False)

    setattr(_problem, PROBLEM_ATTR, problem)
    return _problem


def _add(namespace: MutableMapping[str, Any], name: str, function: Callable[[], None]) -> None:
    for test_name in get_python_name_generator(name):
        if test_name not in namespace:
            namespace[test_name] = function
            return


def binding_problem(spec: GameSpec, root: Path) -> str | None:
    """Why the feature files of ``spec`` would not run, with what to do (None: they would):
    no module of its scenario folder calls ``bind_features("<game>", ...)``, or that folder
    has no ``conftest.py`` to make the step module's steps visible. Read from the files:
    nothing is imported."""
    features = sorted(spec.features.glob("*.feature"))
    if not features:
        return None
    folder = spec.root / spec.scenarios_dir
    shown = folder.resolve().relative_to(root) if folder.resolve().is_relative_to(root) else folder
    call = re.compile(rf"""\bbind_features\(\s*["']{re.escape(spec.name)}["']""")
    modules = sorted(folder.rglob("*.py")) if folder.is_dir() else []
    if not any(call.search(module.read_text("utf-8", errors="replace")) for module in modules):
        return (
            f"{spec.features_dir}/ has {len(features)} feature file(s) but no module of "
            f"{shown}/ binds them: add {shown}/test_{spec.name}.py holding "
            f'`bind_features("{spec.name}", globals())` (from rulebooks.run.binding), as '
            "`rulebooks new` writes it"
        )
    if not (folder / "conftest.py").is_file():
        return (
            f"{shown}/ binds {spec.features_dir}/ but has no conftest.py making the steps "
            f"visible: add one star-importing the step module (`from {spec.name}_steps import *`)"
        )
    return None
