"""A results file as JUnit XML, the format CI dashboards (Jenkins, GitLab, GitHub) read.

One ``<testsuite>`` per feature file and one ``<testcase>`` per scenario run (an outline
row is a run of its own): named ``feature > rule > scenario [row values]`` (``>`` stands
for U+203A, see :data:`SEPARATOR`), with the feature file as ``classname`` and the
scenario's duration as ``time``. A failed scenario has a ``<failure>`` with its error; an
undefined one a ``<failure type="undefined">`` (it did not pass: a dashboard must not show
it green); a skipped one ``<skipped/>``. The steps with their statuses go to
``<system-out>``.

The file validates against the Jenkins xUnit plugin's JUnit schema, shipped beside this
module as ``junit-10.xsd`` (:data:`SCHEMA_PATH`, its source noted at its top).
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path
from typing import Any

__all__ = ["SCHEMA_PATH", "junit_tree", "testcase_name", "write_junit"]

SCHEMA_PATH = Path(__file__).with_name("junit-10.xsd")
SEPARATOR = " \u203a "
"""Between the feature, rule and scenario names: a single right-pointing angle quote."""


def testcase_name(record: Mapping[str, Any]) -> str:
    """``feature > rule > scenario [row values]`` (> standing for :data:`SEPARATOR`; the rule
    and the row when there is one)."""
    parts = [str(record.get("feature_name") or record.get("feature") or "")]
    rule = record.get("rule")
    if isinstance(rule, Mapping) and rule.get("name"):
        parts.append(str(rule["name"]))
    parts.append(str(record.get("name") or ""))
    name = SEPARATOR.join(parts)
    example = record.get("example")
    if isinstance(example, Mapping):
        values = example.get("values") or {}
        shown = ", ".join(f"{key}={value}" for key, value in values.items())
        name += f" [{shown}]" if shown else f" [row {int(example.get('index', 0)) + 1}]"
    return name


def _seconds(value: float) -> str:
    return f"{max(value, 0.0):.3f}"


def _steps_text(record: Mapping[str, Any]) -> str:
    lines = [f"{record.get('feature')}:{record.get('line')}"]
    for step in record.get("steps") or []:
        line = f"  [{step.get('status')}] {step.get('keyword')} {step.get('text')}"
        if step.get("error"):
            line += f"\n      {step['error']}"
        lines.append(line)
    return "\n".join(lines)


def _testcase(record: Mapping[str, Any]) -> ET.Element:
    case = ET.Element(
        "testcase",
        name=testcase_name(record),
        classname=str(record.get("feature") or ""),
        time=_seconds(float(record.get("duration") or 0.0)),
    )
    status = record.get("status")
    error = str(record.get("error") or "")
    if status == "failed":
        kind = error.partition(": ")[0] if ": " in error else "failed"
        failure = ET.SubElement(case, "failure", type=kind, message=error or "failed")
        failure.text = error
    elif status == "undefined":
        failure = ET.SubElement(
            case, "failure", type="undefined", message=error or "a step has no definition"
        )
        failure.text = error
    elif status == "skipped":
        ET.SubElement(case, "skipped", message=error or "skipped")
    elif status != "passed":
        failure = ET.SubElement(case, "failure", type=str(status), message=f"status {status}")
    out = ET.SubElement(case, "system-out")
    out.text = _steps_text(record)
    return case


def junit_tree(results: Mapping[str, Any]) -> ET.ElementTree[ET.Element]:
    """The JUnit XML document of a results file."""
    by_feature: dict[str, list[Mapping[str, Any]]] = {}
    for record in results.get("scenarios") or []:
        by_feature.setdefault(str(record.get("feature")), []).append(record)
    root = ET.Element("testsuites", name="rulebooks")
    totals = {"tests": 0, "failures": 0, "errors": 0, "time": 0.0}
    for feature, records in sorted(by_feature.items()):
        failures = sum(1 for r in records if r.get("status") in ("failed", "undefined"))
        skipped = sum(1 for r in records if r.get("status") == "skipped")
        time = sum(float(r.get("duration") or 0.0) for r in records)
        suite = ET.SubElement(
            root,
            "testsuite",
            name=str(records[0].get("feature_name") or feature),
            tests=str(len(records)),
            failures=str(failures),
            errors="0",
            skipped=str(skipped),
            time=_seconds(time),
            timestamp=str(results.get("started") or ""),
            file=feature,
        )
        suite.extend(_testcase(record) for record in records)
        totals["tests"] += len(records)
        totals["failures"] += failures
        totals["time"] += time
    root.set("tests", str(totals["tests"]))
    root.set("failures", str(totals["failures"]))
    root.set("errors", "0")
    root.set("time", _seconds(totals["time"]))
    ET.indent(root)
    return ET.ElementTree(root)


def write_junit(path: Path, results: Mapping[str, Any]) -> None:
    """Write the JUnit XML of ``results`` to ``path`` (atomically)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    junit_tree(results).write(tmp, encoding="utf-8", xml_declaration=True)
    os.replace(tmp, path)
