"""Component data files: the JSON each game ships in its package, or a file a user gives.

Each game parses and validates its own data (``parse_egg_deck``, ``parse_board``, ...);
reading the file, from the package or from a path, is the same for every game.
"""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from .core import GameDataError, RulebooksError, shown

T = TypeVar("T")
P = ParamSpec("P")


def shipped_json(package: str, name: str) -> Any:
    """The decoded JSON of the file `name` shipped in `package` (a fresh copy each call)."""
    return json.loads(resources.files(package).joinpath(name).read_text("utf-8"))


def read_json(path: str | Path | None, package: str, name: str) -> tuple[Any, str]:
    """The decoded JSON of the file at `path`, or of the file `name` shipped in `package`
    when `path` is None; and where it came from, for messages: the path given, or the
    shipped file's path in the source tree (``engine/mahe/data/egg_cards.json``).

    A file that cannot be read (missing, a folder, not UTF-8) or is not JSON raises
    :class:`GameDataError` naming it.
    """
    origin = f"{package.replace('.', '/')}/{name}" if path is None else str(path)
    try:
        if path is None:
            text = resources.files(package).joinpath(name).read_text("utf-8")
        else:
            text = Path(path).read_text("utf-8")
    except IsADirectoryError:
        raise GameDataError(f"{origin}: is a folder, not a data file") from None
    except FileNotFoundError:
        raise GameDataError(f"{origin}: no such file") from None
    except UnicodeDecodeError as error:
        raise GameDataError(
            f"{origin}: not UTF-8 text ({error.reason} at byte {error.start})"
        ) from None
    except OSError as error:
        raise GameDataError(f"{origin}: cannot be read ({error.strerror or error})") from None
    try:
        return json.loads(text), origin
    except json.JSONDecodeError as error:
        raise GameDataError(f"{origin}: not valid JSON: {error}") from None
    except (ValueError, RecursionError) as error:  # numbers too long, nesting too deep
        raise GameDataError(
            f"{origin}: not JSON this reader accepts: {shown(str(error), 200)}"
        ) from None


def data_parser(parse: Callable[P, T]) -> Callable[P, T]:
    """A game's parser of decoded data (``parse(data, origin)``), raising only
    :class:`GameDataError` naming `origin`: data of a shape the parser's checks did not
    foresee (a list where a mapping is due, a value too large) is reported, not a crash."""

    @functools.wraps(parse)
    def checked(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return parse(*args, **kwargs)
        except RulebooksError:
            raise
        except (
            ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError,
            OverflowError,
        ) as error:  # fmt: skip
            bound = inspect.signature(parse).bind(*args, **kwargs)
            bound.apply_defaults()
            origin = bound.arguments.get("origin", "data")
            raise GameDataError(
                f"{origin}: malformed data ({type(error).__name__}: {shown(str(error), 200)})"
            ) from None

    return checked
