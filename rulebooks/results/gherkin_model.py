"""A small typed model of `.feature` files, read with gherkin-official.

The site joins results to scenarios by feature file and line, so every element keeps the
line it starts on. Tags are stored without their leading ``@``, as in the results file.
"""

from __future__ import annotations

import hashlib
import textwrap
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from gherkin.errors import CompositeParserException, ParserError, ParserException
from gherkin.parser import Parser

__all__ = [
    "Background",
    "DocString",
    "ExampleRow",
    "Examples",
    "Feature",
    "FeatureSet",
    "FeatureSyntaxError",
    "Rule",
    "Scenario",
    "Step",
    "feature_files",
    "file_sha256",
    "load_feature",
    "load_features",
    "parse_feature",
    "relative_name",
]

# gherkin-official returns nested TypedDicts; we read them as plain mappings.
_Node = Mapping[str, Any]


class FeatureSyntaxError(Exception):
    """A `.feature` file that gherkin cannot parse.

    ``line`` is the earliest line the parser complained about; ``messages`` holds every
    complaint (``line: text``) in line order.
    """

    def __init__(self, path: str, line: int, message: str, messages: Sequence[str] = ()) -> None:
        self.path = path
        self.line = line
        self.message = message
        self.messages = tuple(messages) or (f"{line}: {message}",)
        super().__init__(f"{path}:{line}: {message}")


@dataclass(frozen=True)
class DocString:
    """A step's doc string."""

    content: str
    media_type: str
    line: int


@dataclass(frozen=True)
class Step:
    """One step: ``keyword`` keeps gherkin's spelling without trailing space."""

    keyword: str
    text: str
    line: int
    table: tuple[tuple[str, ...], ...] = ()
    doc_string: DocString | None = None


@dataclass(frozen=True)
class ExampleRow:
    """One body row of an Examples table."""

    line: int
    values: tuple[str, ...]


@dataclass(frozen=True)
class Examples:
    """One Examples table of a Scenario Outline."""

    keyword: str
    name: str
    description: str
    line: int
    tags: tuple[str, ...]
    header: tuple[str, ...]
    rows: tuple[ExampleRow, ...]


@dataclass(frozen=True)
class Background:
    """A Background of a feature or of a rule."""

    keyword: str
    name: str
    description: str
    line: int
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Scenario:
    """A Scenario or Scenario Outline.

    ``tags`` are the effective tags (feature, rule and scenario tags, in that order, without
    duplicates); ``own_tags`` are the ones written on the scenario itself. Tags of an
    Examples table stay on its :class:`Examples`.
    """

    keyword: str
    name: str
    description: str
    line: int
    tags: tuple[str, ...]
    own_tags: tuple[str, ...]
    steps: tuple[Step, ...]
    examples: tuple[Examples, ...] = ()

    @property
    def is_outline(self) -> bool:
        """True when the scenario has Examples, i.e. runs once per example row."""
        return bool(self.examples)

    def row_lines(self) -> list[int]:
        """The lines of the Examples rows it runs once each, all tables in file order (as
        pytest-bdd selects them: a table without a header contributes no row)."""
        return [row.line for examples in self.examples if examples.header for row in examples.rows]

    def all_tags(self) -> tuple[str, ...]:
        """Effective tags plus the tags of every Examples table."""
        extra = [tag for examples in self.examples for tag in examples.tags]
        return _unique((*self.tags, *extra))


@dataclass(frozen=True)
class Rule:
    """A ``Rule:`` block with its own background and scenarios."""

    keyword: str
    name: str
    description: str
    line: int
    tags: tuple[str, ...]
    background: Background | None
    scenarios: tuple[Scenario, ...]


@dataclass(frozen=True)
class Feature:
    """A parsed `.feature` file.

    ``path`` is the path the caller chose to identify the file (a POSIX path relative to the
    project root when loaded with :func:`load_features`); ``sha256`` is the hash of the
    file's bytes, as recorded in the results file.
    """

    path: str
    keyword: str
    name: str
    description: str
    line: int
    tags: tuple[str, ...]
    language: str
    background: Background | None
    scenarios: tuple[Scenario, ...]
    rules: tuple[Rule, ...]
    sha256: str = ""

    def all_scenarios(self) -> Iterator[tuple[Rule | None, Scenario]]:
        """Every scenario of the feature in file order, with the rule holding it (if any)."""
        for scenario in self.scenarios:
            yield None, scenario
        for rule in self.rules:
            for scenario in rule.scenarios:
                yield rule, scenario

    def runs(self) -> frozenset[tuple[int, int | None]]:
        """Every run the file asks for: (scenario line, row line), the row None for a
        scenario that is not an outline."""
        runs: set[tuple[int, int | None]] = set()
        for _, scenario in self.all_scenarios():
            if scenario.is_outline:
                runs.update((scenario.line, row) for row in scenario.row_lines())
            else:
                runs.add((scenario.line, None))
        return frozenset(runs)


@dataclass(frozen=True)
class FeatureSet:
    """Features loaded from a folder, plus the files that failed to parse."""

    features: tuple[Feature, ...]
    errors: tuple[FeatureSyntaxError, ...]


def _unique(tags: Sequence[str]) -> tuple[str, ...]:
    """Tags in first-seen order without duplicates."""
    return tuple(dict.fromkeys(tags))


def _tags(node: _Node) -> tuple[str, ...]:
    """A node's tags without the leading ``@``."""
    return tuple(str(tag["name"]).removeprefix("@") for tag in node.get("tags", []))


def _line(node: _Node) -> int:
    return int(node["location"]["line"])


def _description(node: _Node) -> str:
    """Gherkin keeps the description's indentation; drop it."""
    return textwrap.dedent(str(node.get("description", ""))).strip()


def _keyword(node: _Node) -> str:
    return str(node["keyword"]).strip()


def _cells(row: _Node) -> tuple[str, ...]:
    return tuple(str(cell["value"]) for cell in row["cells"])


def _doc_string(node: _Node | None) -> DocString | None:
    if node is None:
        return None
    return DocString(str(node["content"]), str(node.get("mediaType", "")), _line(node))


def _step(node: _Node) -> Step:
    table = node.get("dataTable")
    rows = tuple(_cells(row) for row in table["rows"]) if table else ()
    return Step(
        keyword=_keyword(node),
        text=str(node["text"]),
        line=_line(node),
        table=rows,
        doc_string=_doc_string(node.get("docString")),
    )


def _steps(node: _Node) -> tuple[Step, ...]:
    return tuple(_step(step) for step in node.get("steps", []))


def _examples(node: _Node) -> Examples:
    header = node.get("tableHeader")
    return Examples(
        keyword=_keyword(node),
        name=str(node.get("name", "")),
        description=_description(node),
        line=_line(node),
        tags=_tags(node),
        header=_cells(header) if header else (),
        rows=tuple(ExampleRow(_line(row), _cells(row)) for row in node.get("tableBody", [])),
    )


def _background(node: _Node) -> Background:
    return Background(
        keyword=_keyword(node),
        name=str(node.get("name", "")),
        description=_description(node),
        line=_line(node),
        steps=_steps(node),
    )


def _scenario(node: _Node, inherited_tags: tuple[str, ...]) -> Scenario:
    own_tags = _tags(node)
    return Scenario(
        keyword=_keyword(node),
        name=str(node.get("name", "")),
        description=_description(node),
        line=_line(node),
        tags=_unique((*inherited_tags, *own_tags)),
        own_tags=own_tags,
        steps=_steps(node),
        examples=tuple(_examples(examples) for examples in node.get("examples", [])),
    )


def _background_of(children: Sequence[_Node]) -> Background | None:
    for child in children:
        if "background" in child:
            return _background(child["background"])
    return None


def _scenarios_of(
    children: Sequence[_Node], inherited_tags: tuple[str, ...]
) -> tuple[Scenario, ...]:
    return tuple(
        _scenario(child["scenario"], inherited_tags) for child in children if "scenario" in child
    )


def _rule(node: _Node, feature_tags: tuple[str, ...]) -> Rule:
    tags = _tags(node)
    children: Sequence[_Node] = node.get("children", [])
    return Rule(
        keyword=_keyword(node),
        name=str(node.get("name", "")),
        description=_description(node),
        line=_line(node),
        tags=tags,
        background=_background_of(children),
        scenarios=_scenarios_of(children, _unique((*feature_tags, *tags))),
    )


def _syntax_error(path: str, error: ParserError) -> FeatureSyntaxError:
    """Turn gherkin's exception (one error or several) into a FeatureSyntaxError."""
    errors: list[ParserException]
    if isinstance(error, CompositeParserException):
        errors = list(error.errors)
    elif isinstance(error, ParserException):
        errors = [error]
    else:
        return FeatureSyntaxError(path, 1, str(error))
    errors.sort(key=lambda e: (e.location["line"], e.location.get("column", 0)))
    texts = [_error_text(e) for e in errors]
    first = errors[0]
    return FeatureSyntaxError(
        path,
        int(first.location["line"]),
        texts[0],
        [f"{e.location['line']}: {text}" for e, text in zip(errors, texts, strict=True)],
    )


def _error_text(error: ParserException) -> str:
    """The parser's message without its ``(line:column): `` prefix."""
    text = str(error.args[0]) if error.args else str(error)
    if text.startswith("(") and "): " in text:
        return text.split("): ", 1)[1]
    return text


_PARSED: dict[tuple[str, str], Feature] = {}
"""Features parsed in this process, by recorded path and content hash (they are immutable)."""


def parse_feature(text: str, path: str, sha256: str = "") -> Feature:
    """Parse the text of a `.feature` file (``sha256``: the hash of its bytes, if known).

    Raises :class:`FeatureSyntaxError` when gherkin rejects the text or it holds no
    ``Feature:``. A text parsed before in this process under the same path and hash is not
    parsed again (a fork shares what its parent parsed).
    """
    known = _PARSED.get((path, sha256)) if sha256 else None
    if known is not None:
        return known
    feature = _parse(text, path, sha256)
    if sha256:
        if len(_PARSED) >= 1024:  # a long-lived process reading ever new versions
            _PARSED.clear()
        _PARSED[(path, sha256)] = feature
    return feature


def _parse(text: str, path: str, sha256: str) -> Feature:
    try:
        document = cast(_Node, Parser().parse(text))
    except ParserError as error:
        raise _syntax_error(path, error) from error
    node = document.get("feature")
    if node is None:
        raise FeatureSyntaxError(path, 1, "no 'Feature:' in this file")
    tags = _tags(node)
    children: Sequence[_Node] = node.get("children", [])
    return Feature(
        path=path,
        keyword=_keyword(node),
        name=str(node.get("name", "")),
        description=_description(node),
        line=_line(node),
        tags=tags,
        language=str(node.get("language", "en")),
        background=_background_of(children),
        scenarios=_scenarios_of(children, tags),
        rules=tuple(_rule(child["rule"], tags) for child in children if "rule" in child),
        sha256=sha256,
    )


def file_sha256(path: Path) -> str:
    """The sha256 of a file's bytes, as the recorder writes it in the results file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def load_feature(file: Path, name: str | None = None) -> Feature:
    """Read and parse one `.feature` file; ``name`` is the path recorded on the model.

    A file read before in this process with the same content is not parsed again."""
    data = file.read_bytes()
    path = name if name is not None else file.as_posix()
    digest = hashlib.sha256(data).hexdigest()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FeatureSyntaxError(path, 1, f"not UTF-8 text: {error}") from error
    return parse_feature(text, path, digest)


def feature_files(folder: Path) -> list[Path]:
    """Every `.feature` file under ``folder`` (recursively), sorted by relative path."""
    return sorted(folder.rglob("*.feature"), key=lambda file: file.relative_to(folder).as_posix())


def relative_name(file: Path, root: Path | None) -> str:
    """The POSIX path of ``file`` relative to ``root`` (or as given when ``root`` is None)."""
    if root is None:
        return file.as_posix()
    return file.resolve().relative_to(root.resolve()).as_posix()


def load_features(folder: Path, root: Path | None = None) -> FeatureSet:
    """Load every `.feature` file under ``folder``, sorted by path.

    Paths on the model are relative to ``root`` (for instance the project root, to match
    the results file). A file that fails to parse is reported in ``errors`` and does not
    stop the others.
    """
    features: list[Feature] = []
    errors: list[FeatureSyntaxError] = []
    for file in feature_files(folder):
        try:
            features.append(load_feature(file, relative_name(file, root)))
        except FeatureSyntaxError as error:
            errors.append(error)
    return FeatureSet(tuple(features), tuple(errors))
