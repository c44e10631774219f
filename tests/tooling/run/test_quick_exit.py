"""exit_now ends the process with its code, having run the exit handlers and flushed the
output that was still buffered (what pytest's and Sphinx's last lines rely on)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = """
import atexit, sys
from pathlib import Path
from rulebooks.run.quick_exit import exit_now
atexit.register(lambda: Path(sys.argv[1]).write_text("handler ran"))
sys.stdout.write("buffered, no newline")
sys.stderr.write("error line")
exit_now(3)
print("never")
"""


def test_exit_now_runs_the_handlers_flushes_and_ends_with_its_code(tmp_path: Path) -> None:
    mark = tmp_path / "mark"
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(mark)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 3
    assert done.stdout == "buffered, no newline" and done.stderr == "error line"
    assert mark.read_text() == "handler ran"


def test_the_scenario_runner_passes_pytests_exit_code_on(tmp_path: Path) -> None:
    (tmp_path / "test_one.py").write_text("def test_fails():\n    assert False\n")
    done = subprocess.run(
        [sys.executable, "-m", "rulebooks.run.pytest_run", "-q", "-p", "no:cacheprovider",
         "-p", "no:rulebooks.run.recorder", str(tmp_path / "test_one.py")],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 failed" in done.stdout
