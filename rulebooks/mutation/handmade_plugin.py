"""pytest plugin: apply the rule mutation named by ``RULEBOOKS_MUTATION`` before the tests run.

Load it with ``-p rulebooks.mutation.handmade_plugin`` (``rulebooks mutate`` does). Without the
variable it does nothing. An unknown mutation, or one that no longer matches the engine,
stops the run with a usage error (exit code 4), so it can never pass for a killed mutation.
"""

from __future__ import annotations

import os

import pytest

from rulebooks.mutation.handmade import ENV, Mutation, MutationError, apply, find

_ACTIVE: list[Mutation] = []


def pytest_configure(config: pytest.Config) -> None:
    identifier = os.environ.get(ENV)
    if not identifier:
        return
    try:
        mutation = find(identifier)
        apply(mutation)
    except MutationError as error:
        raise pytest.UsageError(f"{ENV}={identifier}: {error}") from None
    _ACTIVE.append(mutation)


def pytest_report_header(config: pytest.Config) -> str | None:
    if not _ACTIVE:
        return None
    mutation = _ACTIVE[-1]
    return f"rulebooks mutation: {mutation.id} ({mutation.clause}: {mutation.description})"
