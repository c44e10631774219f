"""``python -m rulebooks.run.pytest_run ARGS...``: ``python -m pytest ARGS...``, ended at once
when pytest is done (:func:`rulebooks.run.quick_exit.exit_now`): what ``rulebooks site`` runs
the scenarios with, as it waits for the process to end."""

from __future__ import annotations

from rulebooks.run.quick_exit import exit_now


def main() -> None:
    import pytest

    exit_now(int(pytest.main()))


if __name__ == "__main__":
    main()
