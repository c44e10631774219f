"""Runs a Cucumber Compatibility Kit sample through pytest-bdd and the recorder, and compares
the Cucumber Messages it writes with the kit's reference stream.

What may differ between implementations, and is therefore normalised away before comparing
(the kit's README and cucumber-ruby's comparator, ``compatibility/support``): ids (renamed in
order of first appearance, so references must still agree), timestamps and durations, file
paths (``uri`` reduced to the file name; a step definition's ``sourceReference`` dropped),
the ``meta`` message (implementation, runtime, OS, CI), an exception's ``type`` and
``stackTrace`` (language-specific), and the code and language of snippets (their number is
kept). Everything else (sources, Gherkin documents, pickles, step definition patterns,
match arguments, test cases, statuses, messages, attachments, order) must be equal.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from cucumber_compatibility_kit import CompatibilityKit

STEPS = Path(__file__).with_name("steps")
KIT = CompatibilityKit()


@dataclass(frozen=True)
class Sample:
    """What we claim about one CCK sample."""

    name: str
    steps: str | None
    """Module under ``steps/`` holding our step definitions; None: not expressible."""
    verdict: str
    """``conformant``, ``differs`` or ``not expressible``."""
    why: str = ""
    """How it differs, or why pytest-bdd cannot express it."""
    differences: tuple[str, ...] = ()
    """For ``differs``: the differences the comparison finds, exactly."""


_NO_HOOKS = (
    "Cucumber hooks (Before/After, BeforeAll/AfterAll, with names, tags and their own "
    "results) have no counterpart in pytest-bdd: pytest fixtures run outside the steps and "
    "are not reported as test steps"
)
_NO_ATTACH = (
    "step definitions attaching files or logs at will (attach/log/link) have no pytest-bdd "
    "API; the recorder attaches only the board pictures of the games' worlds"
)
_NO_RETRY = "pytest-bdd has no retry of failed scenarios (attempts, willBeRetried)"

SAMPLES: tuple[Sample, ...] = (
    Sample(
        "all-statuses", "all_statuses", "differs",
        "pytest-bdd never finds a step ambiguous: it runs the last definition registered "
        "among those matching, so the Ambiguous scenario's step is reported PASSED with one "
        "definition, where Cucumber reports AMBIGUOUS with both and skips the rest",
        (
            'message 21.testCase.testSteps[1].stepDefinitionIds: expected ["#52", "#53"], '
            'got ["#52"]',
            'message 21.testCase.testSteps[1].stepMatchArgumentsLists: expected '
            '[{"stepMatchArguments": [{"group": {"start": 13, "value": "step"}}]}, {"stepM..., '
            'got [{"stepMatchArguments": [{"group": {"start": 13, "value": "step"}}]}]',
            'message 67.testStepFinished.testStepResult.status: expected "AMBIGUOUS", '
            'got "PASSED"',
            'message 69.testStepFinished.testStepResult.status: expected "SKIPPED", '
            'got "PASSED"',
        ),
    ),
    Sample("ambiguous", None, "not expressible",
           "pytest-bdd resolves several matching definitions silently (the last registered "
           "wins), so no step is ever AMBIGUOUS"),
    Sample("attachments", None, "not expressible", _NO_ATTACH),
    Sample("backgrounds", "backgrounds", "conformant"),
    Sample("cdata", "cdata", "conformant"),
    Sample("data-tables", "data_tables", "conformant"),
    Sample("data-tables-doc-strings", "data_tables_doc_strings", "conformant"),
    Sample("data-tables-with-expression", "data_tables_with_expression", "conformant"),
    Sample("doc-strings", "doc_strings", "conformant"),
    Sample("doc-strings-with-expression", "doc_strings_with_expression", "conformant"),
    Sample(
        "empty", None, "differs",
        "a scenario without steps verifies nothing, so Rulebooks fails it (issue 15: never "
        "green without a run) where Cucumber lets the run succeed; the messages are otherwise "
        "equal",
        ("message 8.testRunFinished.success: expected true, got false",),
    ),
    Sample(
        "examples-tables", "examples_tables", "differs",
        "the two failing rows fail with Python's assertion message (assert -8 == 0) where "
        "the reference has the message of Node's assert module; statuses, steps and "
        "everything else are equal",
        tuple(
            f'message {index}.testStepFinished.testStepResult.{field}: expected '
            f'"Expected values to be strictly equal:\\n\\n{value} !== 0\\n", '
            f'got "assert {value} == 0"'
            for index, value in ((45, -8), (53, -1))
            for field in ("exception.message", "message")
        ),
    ),
    Sample("examples-tables-attachment", None, "not expressible", _NO_ATTACH),
    Sample("examples-tables-undefined", "examples_tables_undefined", "conformant"),
    Sample("examples-tables-undefined-multiple", "examples_tables_undefined", "conformant"),
    Sample("failedish-combinations", None, "not expressible",
           "it needs ambiguous steps (see ambiguous)"),
    Sample("global-hooks", None, "not expressible", _NO_HOOKS),
    Sample("global-hooks-afterall-error", None, "not expressible", _NO_HOOKS),
    Sample("global-hooks-attachments", None, "not expressible", _NO_HOOKS),
    Sample("global-hooks-beforeall-error", None, "not expressible", _NO_HOOKS),
    Sample("hooks", None, "not expressible", _NO_HOOKS),
    Sample("hooks-attachment", None, "not expressible", _NO_HOOKS),
    Sample("hooks-conditional", None, "not expressible", _NO_HOOKS),
    Sample("hooks-named", None, "not expressible", _NO_HOOKS),
    Sample("hooks-skipped", None, "not expressible", _NO_HOOKS),
    Sample("hooks-undefined", None, "not expressible", _NO_HOOKS),
    Sample("markdown", None, "not expressible",
           "pytest-bdd reads only .feature files, not Markdown with Gherkin (.feature.md)"),
    Sample("minimal", "minimal", "conformant"),
    Sample("multiple-features", "multiple_features", "conformant"),
    Sample("multiple-features-reversed", "multiple_features_reversed", "conformant"),
    Sample("parameter-types", None, "not expressible",
           "custom parameter types are declared to Cucumber (and announced as parameterType "
           "messages); pytest-bdd has no parameter type registry, and our writer emits no "
           "parameterType messages"),
    Sample("pending", "pending", "conformant"),
    Sample("pending-exception", "pending_exception", "conformant"),
    Sample("regular-expression", "regular_expression", "conformant"),
    Sample("retry", None, "not expressible", _NO_RETRY),
    Sample("retry-ambiguous", None, "not expressible", _NO_RETRY),
    Sample("retry-pending", None, "not expressible", _NO_RETRY),
    Sample("retry-undefined", None, "not expressible", _NO_RETRY),
    Sample("rules", "rules", "conformant"),
    Sample("rules-backgrounds", "backgrounds", "conformant"),
    Sample("skipped", "skipped", "conformant"),
    Sample("skipped-exception", "skipped_exception", "conformant"),
    Sample("skipped-failing-hook", None, "not expressible", _NO_HOOKS),
    Sample("stack-traces", "stack_traces", "conformant"),
    Sample("test-run-exception", None, "not expressible",
           "it needs an error of the run itself outside any test case, reported in "
           "testRunFinished; a pytest session error ends before the recorder writes"),
    Sample("undefined", "undefined", "conformant"),
    Sample("undefined-multiple", "undefined", "conformant"),
    Sample("unknown-parameter-type", None, "not expressible",
           "a step definition naming an unknown parameter type must be reported as an "
           "undefinedParameterType message while the run goes on; in pytest-bdd step "
           "definitions are code, and such a pattern fails when its module is imported"),
    Sample("unused-steps", "unused_steps", "conformant"),
)  # fmt: skip

BY_NAME = {sample.name: sample for sample in SAMPLES}


def kit_samples() -> list[str]:
    """Every Gherkin or Markdown sample the installed kit ships."""
    return sorted(path.name for path in KIT.gherkin() + KIT.markdown())


def reference(name: str) -> list[dict[str, Any]]:
    """The kit's reference messages for sample ``name``."""
    folder = KIT.feature_code_for(name)
    return read_lines(folder / f"{name}.ndjson")


def read_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def run_sample(pytester: pytest.Pytester, sample: Sample) -> list[dict[str, Any]]:
    """Run the sample's feature files with our step definitions; our messages."""
    folder = KIT.feature_code_for(sample.name)
    for feature in sorted(folder.glob("*.feature")):
        shutil.copy(feature, pytester.path / feature.name)
    glue = (STEPS / f"{sample.steps}.py").read_text("utf-8") if sample.steps else ""
    pytester.makeconftest(glue)
    pytester.makepyfile(test_sample="from pytest_bdd import scenarios\n\nscenarios('.')\n")
    pytester.runpytest(
        "-p", "rulebooks.run.recorder", "-p", "no:cacheprovider",
        "--rulebooks-results", "out/results.json",
    )  # fmt: skip
    return read_lines(pytester.path / "out" / "messages.ndjson")


# --------------------------------------------------------------------------------------
# Normalisation and comparison.
# --------------------------------------------------------------------------------------


def _is_id(key: str) -> bool:
    return key == "id" or key.endswith("Id")


def normalise(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages with what varies between implementations taken out (module docstring)."""
    ids: dict[str, str] = {}

    def rename(value: object) -> str:
        return ids.setdefault(str(value), f"#{len(ids)}")

    def walk(node: object, key: str = "") -> object:
        if isinstance(node, dict):
            out: dict[str, object] = {}
            for name in sorted(node):
                value = node[name]
                if name in ("timestamp", "duration", "sourceReference"):
                    continue
                if key == "exception" and name in ("type", "stackTrace"):
                    continue
                if key == "snippets" and name in ("code", "language"):
                    continue
                if name == "uri":
                    out[name] = str(value).rsplit("/", 1)[-1]
                elif _is_id(name) and isinstance(value, str):
                    out[name] = rename(value)
                elif name.endswith("Ids") and isinstance(value, list):
                    out[name] = [rename(item) for item in value]
                else:
                    out[name] = walk(value, name)
            return out
        if isinstance(node, list):
            return [walk(item, key) for item in node]
        return node

    result: list[dict[str, Any]] = []
    for message in messages:
        kind = next(iter(message))
        body = {} if kind == "meta" else walk(message[kind], kind)
        result.append({kind: body})
    return result


def _paths(expected: object, actual: object, where: str) -> list[str]:
    if isinstance(expected, dict) and isinstance(actual, dict):
        found: list[str] = []
        for key in sorted(set(expected) | set(actual)):
            if key not in actual:
                found.append(f"{where}.{key}: missing (expected {_short(expected[key])})")
            elif key not in expected:
                found.append(f"{where}.{key}: unexpected {_short(actual[key])}")
            else:
                found.extend(_paths(expected[key], actual[key], f"{where}.{key}"))
        return found
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        return [
            line
            for index, (e, a) in enumerate(zip(expected, actual, strict=True))
            for line in _paths(e, a, f"{where}[{index}]")
        ]
    if expected != actual:
        return [f"{where}: expected {_short(expected)}, got {_short(actual)}"]
    return []


def _short(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."


def compare(ours: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> list[str]:
    """The differences between two normalised streams, message by message."""
    kinds = [next(iter(message)) for message in ours]
    expected_kinds = [next(iter(message)) for message in theirs]
    if kinds != expected_kinds:
        index = next(
            (
                i
                for i, pair in enumerate(zip(kinds, expected_kinds, strict=False))
                if pair[0] != pair[1]
            ),
            min(len(kinds), len(expected_kinds)),
        )
        return [
            f"message {index}: expected {expected_kinds[index : index + 3]}, got "
            f"{kinds[index : index + 3]} "
            f"({len(expected_kinds)} messages expected, {len(kinds)} written)"
        ]
    return [
        line
        for index, (mine, reference_message) in enumerate(zip(ours, theirs, strict=True))
        for line in _paths(reference_message, mine, f"message {index}")
    ]


# --------------------------------------------------------------------------------------
# The site page (docs/cck.md), generated from the table above.
# --------------------------------------------------------------------------------------

PAGE = Path(__file__).resolve().parents[3] / "docs" / "cck.md"


def render_page() -> str:
    """The conformance page: every sample of the kit with its verdict and why."""
    from importlib import metadata

    counts = {verdict: 0 for verdict in ("conformant", "differs", "not expressible")}
    for sample in SAMPLES:
        counts[sample.verdict] += 1
    lines = [
        "# Cucumber compatibility",
        "",
        "Every scenario run writes `results/messages.ndjson`, the run as a stream of "
        "[Cucumber Messages](https://github.com/cucumber/messages), built with the official "
        "`cucumber-messages` package: the format Cucumber's HTML report, its JUnit formatter "
        "and test-management tools read. The "
        "[Cucumber Compatibility Kit](https://github.com/cucumber/compatibility-kit) (CCK) "
        "holds feature files with the stream every Cucumber implementation must write for "
        "them. We wrote Python step definitions with each sample's meaning where pytest-bdd "
        "can express it (`tests/formats/cck/steps/`), run them through the recorder, and "
        "compare our stream with the kit's, message by message, in `make test` "
        "(`tests/formats/test_cck.py`, one test per sample).",
        "",
        "Before comparing, what the kit lets vary between implementations is set aside: "
        "ids (renamed in order of appearance, so every reference must still agree), "
        "timestamps and durations, file paths (a `uri` keeps its file name; a step "
        "definition's `sourceReference` is dropped), the `meta` message, an exception's "
        "`type` and `stackTrace`, and the code and language of snippets. Everything else "
        "must be equal: sources, Gherkin documents, pickles, step definition patterns and "
        "match arguments, test cases, every step's status and message, attachments, order.",
        "",
        "The step definitions of the kit's `skipped`, `skipped-exception`, `pending`, "
        "`pending-exception`, `undefined` and `all-statuses` samples skip, mark pending or "
        "leave steps undefined on purpose: those samples check that such steps are reported "
        "SKIPPED, PENDING and UNDEFINED, never PASSED. They live under `tests/formats/cck/` "
        "only; no scenario of the four games skips or is pending (a test greps their step "
        "definitions, and a skipped or pending scenario never verifies a clause).",
        "",
        f"Kit version {metadata.version('cucumber-compatibility-kit')}: "
        f"**{counts['conformant']} samples conformant**, {counts['differs']} differ, "
        f"{counts['not expressible']} not expressible in pytest-bdd.",
        "",
        "| sample | verdict | how it differs, or why it cannot be expressed |",
        "|---|---|---|",
    ]
    for sample in SAMPLES:
        lines.append(f"| `{sample.name}` | {sample.verdict} | {sample.why or '-'} |")
    lines += [
        "",
        "Cucumber's own HTML report of this site's run is among the "
        "[downloads of the run](history.md); a browser test renders it with "
        "`@cucumber/html-formatter` and checks that it counts the same scenarios, passed and "
        "not, as our results file.",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":  # python -m tests.formats.cck.harness > docs/cck.md
    print(render_page(), end="")
