"""The README and the guide pages say only what runs: every code block and command in them
is run here, or (for `make` targets, which are the suite itself or wrap it) dry-run.

- ``python`` blocks run as written, each in a Python process of its own (a block defining
  steps registers them there, not in the suite's process);
- ``sh`` blocks and inline `` `rulebooks ...` `` commands are parsed by the CLI's own
  parser, and the cheap ones with concrete arguments run for real and must exit 0;
- `` `make TARGET` `` names a target of the Makefile: ``make -n`` prints its recipe;
- every file or folder the README names exists.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from rulebooks import cli

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs/guide").glob("*.md"))]
TEXT = {page: page.read_text("utf-8") for page in PAGES}
BLOCK = re.compile(r"^[ \t]*```(\w+)\n(.*?)^[ \t]*```", re.S | re.M)
INLINE = re.compile(r"`((?:\.venv/bin/)?(?:rulebooks|make) [^`]*)`")
RUN = {"play", "trace", "games", "replay", "simulate"}
"""The subcommands run for real (seconds each); the others are parsed only: ``site``
(the site tests run it), ``mutate`` (hours), ``new`` (the tutorial's test runs it), ``verdict``
and ``diff`` (they need results files of the moment)."""


def where(page: Path) -> str:
    return str(page.relative_to(ROOT))


def blocks(language: str) -> list[tuple[str, str]]:
    return [
        (f"{where(page)}#{i}", textwrap.dedent(code))
        for page, text in TEXT.items()
        for i, (lang, code) in enumerate(BLOCK.findall(text))
        if lang == language
    ]


def commands() -> list[tuple[str, str]]:
    """Every command shown: the lines of sh blocks and inline commands, comments dropped."""
    found = []
    for page, text in TEXT.items():
        for lang, code in BLOCK.findall(text):
            if lang == "sh":
                found += [(where(page), line.split("#")[0].strip()) for line in code.splitlines()
                          if line.split("#")[0].strip()]  # fmt: skip
        inline = INLINE.findall(BLOCK.sub("", text))
        found += [(where(page), command.strip()) for command in inline]
    return sorted(set(found))


PYTHON = blocks("python")
RULEBOOKS = [(p, c) for p, c in commands() if c.split()[0].endswith("rulebooks")]
MAKE = [(p, c) for p, c in commands() if c.split()[0] == "make"]


def test_the_pages_hold_examples_and_commands() -> None:
    assert len(PYTHON) >= 4 and len(RULEBOOKS) >= 8 and len(MAKE) >= 8
    assert len(TEXT[ROOT / "README.md"].splitlines()) < 180


@pytest.mark.parametrize("code", [c for _, c in PYTHON], ids=[i for i, _ in PYTHON])
def test_python_block_runs(code: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Traceback" not in done.stdout


def test_the_readmes_tour_prints_what_it_says() -> None:
    tour = next(code for page, code in PYTHON if page.startswith("README") and "is_bust" in code)
    done = subprocess.run([sys.executable, "-c", tour], capture_output=True, text=True, cwd=ROOT)
    assert done.stdout.strip() == "True False"
    assert "sum(dice) > MAX_TOTAL" in (ROOT / "engine/mahe/game.py").read_text("utf-8")


@pytest.mark.parametrize(("page", "command"), RULEBOOKS, ids=[c for _, c in RULEBOOKS])
def test_rulebooks_command_parses_and_the_cheap_ones_run(page: str, command: str) -> None:
    words = shlex.split(command)[1:]
    concrete = not any(word.isupper() for word in words)  # GAME, OLD, NEW: placeholders
    arguments = [word if not word.isupper() else "mahe" for word in words]
    try:
        args = cli.build_parser().parse_args(arguments)
    except SystemExit as error:
        pytest.fail(f"{page}: `{command}` does not parse (exit {error.code})")
    if concrete and args.command in RUN:
        done = subprocess.run(
            [sys.executable, "-m", "rulebooks.cli", *arguments],
            cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
        )  # fmt: skip
        output = done.stdout[-2000:] + done.stderr[-2000:]
        assert done.returncode == 0, f"{page}: {command}\n{output}"


@pytest.mark.parametrize(("page", "command"), MAKE, ids=[c for _, c in MAKE])
def test_make_command_names_a_target(page: str, command: str) -> None:
    words = shlex.split(command)[1:]
    done = subprocess.run(["make", "-n", *words], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, f"{page}: {command}: {done.stderr}"


def test_every_path_the_readme_names_exists() -> None:
    readme = TEXT[ROOT / "README.md"]
    named = re.findall(r"`((?:docs|engine|examples|features|tests|rulebooks)/[^` ]+)`", readme)
    named += re.findall(r"\]\(([^)#]+)\)", readme)
    built = [path for path in named if path.startswith("docs/_build/")]  # what make site writes
    missing = [path for path in set(named) - set(built) if not (ROOT / path.split(":")[0]).exists()]
    assert named and missing == []
