"""Cucumber's own HTML report of a messages file, rendered by ``@cucumber/html-formatter``.

Node.js and the formatter are tools of the set-up, not of the package: in any project,
:data:`ENABLE` (an ``npm install`` of :data:`FORMATTER_PACKAGE`, which this clone's
``scripts/bootstrap.sh`` runs) puts ``@cucumber/html-formatter`` into the project's
``.node/`` folder. The folder holding ``@cucumber/html-formatter`` is
``RULEBOOKS_NODE_MODULES`` when set, else ``.node/node_modules`` under the current directory
(``rulebooks site`` works from the project's root). The conversion itself is a few lines of
JavaScript shipped beside this module (``html_report.mjs``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

__all__ = [
    "ENABLE",
    "FORMATTER_PACKAGE",
    "REPORT",
    "ReportError",
    "ReportJob",
    "boards_folder",
    "node_modules",
    "render_html_report",
    "start_html_report",
]

SCRIPT = Path(__file__).with_name("html_report.mjs")
REPORT = "cucumber-report.html"
"""The report's name beside the results file."""
FORMATTER = Path("@cucumber") / "html-formatter"
FORMATTER_PACKAGE = "@cucumber/html-formatter@24.2.0"
"""The formatter release the report is made with (``scripts/bootstrap.sh`` pins the same)."""
ENABLE = f"npm install --prefix .node --no-audit --no-fund {FORMATTER_PACKAGE}"
"""The one command, run in a project's root, that makes its ``rulebooks site`` write the
report."""


class ReportError(RuntimeError):
    """The report could not be made: says what is missing or what the formatter said."""


def node_modules() -> Path:
    """The folder expected to hold ``@cucumber/html-formatter``."""
    named = os.environ.get("RULEBOOKS_NODE_MODULES")
    return Path(named) if named else Path.cwd() / ".node" / "node_modules"


def _project_of(modules: Path) -> Path:
    """The folder where :data:`ENABLE` fills ``modules`` (``<folder>/.node/node_modules``)."""
    if modules.name == "node_modules" and modules.parent.name == ".node":
        return modules.parent.parent
    return Path.cwd()


def boards_folder(report: Path) -> Path:
    """The folder beside ``report`` holding the boards it links (``<name>-boards/``): the
    report's viewer shows an SVG only as a base64 body or an external file, and the boards
    inline, as the messages have them, weigh tens of megabytes."""
    return report.with_name(f"{report.stem}-boards")


def render_html_report(messages: Path, report: Path, modules: Path | None = None) -> None:
    """Render ``messages`` (NDJSON) as Cucumber's standalone HTML report at ``report``."""
    start_html_report(messages, report, modules).finish()


class ReportJob:
    """A report being rendered by Node.js in the background (:func:`start_html_report`)."""

    def __init__(self, process: subprocess.Popen[str], messages: Path, partial: Path, report: Path):
        self.process, self.messages, self.partial, self.report = process, messages, partial, report

    def finish(self) -> None:
        """Wait for the report; it replaces ``report`` only when whole (ReportError if not)."""
        _, stderr = self.process.communicate()
        if self.process.returncode != 0:
            self.partial.unlink(missing_ok=True)
            raise ReportError(
                f"@cucumber/html-formatter failed on {self.messages}: {stderr.strip()}"
            )
        self.partial.replace(self.report)


def start_html_report(messages: Path, report: Path, modules: Path | None = None) -> ReportJob:
    """Start rendering ``messages`` as the report at ``report``; :meth:`ReportJob.finish`
    waits for it. Says at once (ReportError) when Node.js or the formatter is missing."""
    modules = modules or node_modules()
    node = shutil.which("node")
    if node is None:
        raise ReportError(
            "no `node` on PATH: install Node.js and npm (Debian: apt-get install nodejs npm),"
            f" then run `{ENABLE}` in the project's folder"
        )
    if not (modules / FORMATTER).is_dir():
        raise ReportError(
            f"@cucumber/html-formatter is not installed in {modules}: run `{ENABLE}` in"
            f" {_project_of(modules)} (or set RULEBOOKS_NODE_MODULES to a node_modules folder"
            " holding it)"
        )
    report.parent.mkdir(parents=True, exist_ok=True)
    partial = report.with_name(f".{report.name}.partial")
    boards = boards_folder(report)
    shutil.rmtree(boards, ignore_errors=True)  # only this report's boards are left in it
    process = subprocess.Popen(
        [node, str(SCRIPT), str(modules), str(messages), str(partial), str(boards)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    return ReportJob(process, messages, partial, report)
