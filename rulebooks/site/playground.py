"""The files of the in-browser playground, written into the built site's ``playground/``.

A reader's "Try it" runs an edited scenario in the page, through the same step definitions,
notation parser and engine as the recorded run: the Python runtime is Pyodide (the npm
package, pinned below and installed into ``.node/`` by the set-up, npm checking its
integrity), served from the site's own files; pytest, pytest-bdd and their pure
dependencies are zipped from this environment's installed distributions; the project's
engine, tooling, steps and features are zipped from the checkout. Nothing is fetched from
anywhere else, and only a page whose reader opens a panel loads any of it.

The panel's code is in ``sphinxext/static/rulebooks-playground*.js``; what it runs in the
page is :data:`RUNNER`.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import io
import json
import shutil
import zipfile
from collections.abc import Iterable
from pathlib import Path

PYODIDE_VERSION = "314.0.8"
"""The Pyodide release the playground runs (scripts/bootstrap.sh installs this one)."""
PYODIDE_INTEGRITY = (
    "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB"
    "+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
)
"""The npm registry's digest of that release's tarball, as npm recorded it when installing."""
RUNTIME_FILES = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
    "pyodide-lock.json",
)  # fmt: skip
DISTRIBUTIONS = (
    "pytest", "pluggy", "iniconfig", "packaging", "Pygments", "pytest-bdd", "parse",
    "parse_type", "six", "Mako", "MarkupSafe", "gherkin-official", "typing_extensions",
    "cucumber-messages",
)  # fmt: skip
"""What pytest and pytest-bdd import, all pure Python (MarkupSafe without its compiled
speed-ups: it falls back to its pure code)."""
PROJECT_FOLDERS = ("engine", "rulebooks", "features", "tests/scenarios")
PROJECT_FILES = ("pyproject.toml", "tests/__init__.py")
FOLDER = "playground"
"""The site's folder of the playground's files."""


class PlaygroundError(RuntimeError):
    """The playground's files cannot be made (the runtime missing, say), with what to do."""


def runtime_folder(root: Path) -> Path:
    """Pyodide's files as the set-up installed them; PlaygroundError when absent or another
    release."""
    folder = root / ".node" / "node_modules" / "pyodide"
    try:
        version = json.loads((folder / "package.json").read_text("utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        version = None
    if version != PYODIDE_VERSION or not all((folder / f).is_file() for f in RUNTIME_FILES):
        raise PlaygroundError(
            f"the playground needs pyodide {PYODIDE_VERSION} in {folder} (found "
            f"{version or 'none'}): run `npm install --prefix .node pyodide@{PYODIDE_VERSION}` "
            "or make .venv/.installed"
        )
    try:
        lock = json.loads((root / ".node" / "package-lock.json").read_text("utf-8"))
        integrity = lock["packages"]["node_modules/pyodide"]["integrity"]
    except (OSError, ValueError, KeyError, TypeError):
        integrity = None
    if integrity != PYODIDE_INTEGRITY:
        raise PlaygroundError(
            f"pyodide in {folder} was not installed from the release the project pins (npm "
            f"recorded integrity {integrity!r}): remove .node and run make .venv/.installed"
        )
    return folder


def _dist_files(name: str) -> Iterable[tuple[str, Path]]:
    """(path in site-packages, file) of an installed distribution, compiled code left out."""
    dist = importlib.metadata.distribution(name)
    for entry in dist.files or ():
        path = Path(str(dist.locate_file(entry)))
        parts = entry.parts
        if ".." in parts or "__pycache__" in parts or entry.suffix in (".so", ".pyd", ".pyc"):
            continue
        if path.is_file():
            yield entry.as_posix(), path


def packages_zip() -> bytes:
    """The pure distributions pytest and pytest-bdd need, as one zip of site-packages."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in DISTRIBUTIONS:
            for inside, path in sorted(_dist_files(name)):
                archive.write(path, inside)
    return buffer.getvalue()


def project_files(root: Path) -> list[Path]:
    """The checkout's files the scenarios run on: engine, tooling, steps, features."""
    found = [root / name for name in PROJECT_FILES]
    for folder in PROJECT_FOLDERS:
        found += [
            path
            for path in (root / folder).rglob("*")
            if path.is_file()
            and "__pycache__" not in path.parts
            and "vendor" not in path.parts
            and path.suffix in (".py", ".json", ".feature", ".toml", ".tmpl")
        ]
    return sorted(found)


def project_zip(root: Path) -> bytes:
    """The project's files, and the metadata naming its games (read through entry points)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in project_files(root):
            archive.write(path, path.relative_to(root).as_posix())
        dist = importlib.metadata.distribution("rulebooks")
        info = "rulebooks-0.dist-info"
        archive.writestr(f"{info}/METADATA", f"Metadata-Version: 2.1\nName: rulebooks\n"
                         f"Version: {dist.version}\n")  # fmt: skip
        archive.writestr(f"{info}/entry_points.txt", dist.read_text("entry_points.txt") or "")
    return buffer.getvalue()


def write_playground(site: Path, root: Path) -> dict[str, object]:
    """Write the playground's files into ``site/playground/``; its manifest (sizes, the
    checkout's fingerprint). The runtime is copied once; the zips whenever they change."""
    runtime = runtime_folder(root)
    target = site / FOLDER
    (target / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        copy = target / "pyodide" / name
        if not copy.is_file() or copy.stat().st_size != (runtime / name).stat().st_size:
            shutil.copyfile(runtime / name, copy)
    sizes: dict[str, int] = {}
    for name, data in (("packages.zip", packages_zip()), ("project.zip", project_zip(root))):
        path = target / name
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
        sizes[name] = len(data)
    manifest: dict[str, object] = {
        "pyodide": PYODIDE_VERSION,
        "rulebooks": importlib.metadata.version("rulebooks"),
        "project_sha256": hashlib.sha256((target / "project.zip").read_bytes()).hexdigest(),
        "sizes": sizes,
    }
    (target / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", "utf-8")
    return manifest
