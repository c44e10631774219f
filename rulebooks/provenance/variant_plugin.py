"""pytest plugin: load a variant of one shipped data file, named by ``RULEBOOKS_DATA_VARIANT``.

Load it with ``-p rulebooks.provenance.variant_plugin``
(:func:`rulebooks.provenance.labels.dependent_scenarios`
does). Without the variable it does nothing. With ``<data file path>#<index>`` every read of
that shipped file (``engine.data_files``) returns the variant instead, so the scenarios run
as if the file held other unverified values; the file on disk is never touched. An unknown
file or variant stops the run with a usage error.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

import engine.data_files
from rulebooks.provenance.labels import ENV, variant_data


class _Text:
    def __init__(self, text: str) -> None:
        self.text = text

    def read_text(self, encoding: str = "utf-8") -> str:
        return self.text


class _Files:
    """Stands in for ``importlib.resources``: the variant for one file, the rest unchanged."""

    def __init__(self, original: Any, package: str, name: str, text: str) -> None:
        self.original, self.package, self.name, self.text = original, package, name, text

    def files(self, package: str) -> Any:
        real = self.original.files(package)
        if package != self.package:
            return real
        plugin = self

        class _Folder:
            def joinpath(self, name: str) -> Any:
                return _Text(plugin.text) if name == plugin.name else real.joinpath(name)

        return _Folder()


def pytest_configure(config: pytest.Config) -> None:
    spec = os.environ.get(ENV)
    if not spec:
        return
    try:
        found, data = variant_data(spec)
    except ValueError as error:
        raise pytest.UsageError(str(error)) from None
    module: Any = engine.data_files  # its ``resources`` is an import, not an export
    module.resources = _Files(module.resources, found.package, found.name, json.dumps(data))
