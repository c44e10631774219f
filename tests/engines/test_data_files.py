"""Reading component data files: whatever a file holds, the only error is GameDataError, and
it names the file (issue 15: missing path, folder, non-UTF-8 bytes, bad JSON, wrong shapes).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import GameDataError
from engine.mahe.cards import load_egg_deck
from engine.mahola.components import load_components
from engine.mamey.components import load_bean_cards, load_store_board
from engine.masai.board import load_board
from tests.fuzz.engine_fuzz import corrupt

ENGINE = Path(__file__).resolve().parents[2] / "engine"
LOADERS: dict[str, tuple[Callable[[Any], object], Path]] = {
    "mahe egg cards": (load_egg_deck, ENGINE / "mahe/data/egg_cards.json"),
    "mahola components": (load_components, ENGINE / "mahola/data/components.json"),
    "mamey bean cards": (load_bean_cards, ENGINE / "mamey/data/bean_cards.json"),
    "mamey store board": (load_store_board, ENGINE / "mamey/data/store_board.json"),
    "masai board": (load_board, ENGINE / "masai/data/board.json"),
}
BAD_FILES: dict[str, bytes] = {
    "not UTF-8": b'{"name": "\xff\xfe"}',
    "not JSON": b"{'single': 'quotes'}",
    "empty": b"",
    "a 5,000-digit number": b"[" + b"9" * 5000 + b"]",
    "nested too deep": b"[" * 100_000 + b"]" * 100_000,
    "a list": b"[1, 2, 3]",
    "a string": b'"cards"',
    "null": b"null",
}


def refused(load: Callable[[Any], object], path: Path, origin: str) -> GameDataError:
    with pytest.raises(GameDataError) as caught:
        load(path)
    assert origin in str(caught.value), f"the message does not name {origin}: {caught.value}"
    return caught.value


@pytest.mark.parametrize("what", sorted(LOADERS))
def test_the_shipped_files_exist_and_load(what: str) -> None:
    load, shipped = LOADERS[what]
    assert shipped.is_file()
    load(shipped)
    load(None)


@pytest.mark.parametrize("what", sorted(LOADERS))
def test_a_missing_file_or_a_folder_is_refused_by_name(what: str, tmp_path: Path) -> None:
    load, _ = LOADERS[what]
    assert "no such file" in str(refused(load, tmp_path / "gone.json", "gone.json"))
    assert "folder" in str(refused(load, tmp_path, str(tmp_path)))


@pytest.mark.parametrize("bad", sorted(BAD_FILES))
@pytest.mark.parametrize("what", sorted(LOADERS))
def test_a_bad_file_is_refused_by_name(what: str, bad: str, tmp_path: Path) -> None:
    load, _ = LOADERS[what]
    path = tmp_path / "data.json"
    path.write_bytes(BAD_FILES[bad])
    refused(load, path, str(path))


@pytest.mark.parametrize("what", sorted(LOADERS))
def test_random_corruptions_are_read_or_refused_by_name(what: str, tmp_path: Path) -> None:
    """Seeded: 150 corruptions of the shipped file; each loads or raises GameDataError."""
    load, shipped = LOADERS[what]
    original = json.loads(shipped.read_text("utf-8"))
    rng = random.Random(what)
    path = tmp_path / "data.json"
    for _ in range(150):
        data, changes = corrupt(rng, {"file": original})
        try:
            text = json.dumps(data["file"]) if "file" in data else "{}"
        except (ValueError, RecursionError):  # a value JSON cannot write: not a file
            continue
        path.write_text(text, "utf-8")
        try:
            load(path)
        except GameDataError as error:
            assert str(path) in str(error), f"{changes}: the message does not name the file"
        except Exception as error:
            raise AssertionError(f"{changes}: {type(error).__name__}: {error}") from None
