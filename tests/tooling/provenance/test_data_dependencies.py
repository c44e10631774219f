"""What depends on the unverified component data is computed, and the pages say exactly that.

Each data file's scenarios are run with the shipped data and with variants of it (its
unverified values changed, see `rulebooks.provenance.labels`); a scenario *depends* on the file
when its verdict changes. The registry's list must be that set, and the interpretation that
discusses the file must list those scenarios (or say that no scenario depends on it).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebooks.provenance.labels import DATA_FILES, DataFile, dependent_scenarios, flags

ROOT = Path(__file__).resolve().parents[3]


def block(page: str, identifier: str) -> str:
    text = (ROOT / page).read_text("utf-8")
    found = re.search(
        rf"^```\{{interpretation\}} {re.escape(identifier)}\n(.*?)^```$", text, re.S | re.M
    )
    assert found is not None, f"{page} has no interpretation {identifier}"
    return re.sub(r"\s+", " ", found.group(1))


@pytest.mark.parametrize("found", DATA_FILES, ids=[f.path for f in DATA_FILES])
def test_the_registered_dependents_are_the_computed_ones(found: DataFile) -> None:
    computed = dependent_scenarios(found)
    assert computed == sorted(found.dependents), (
        f"scenarios whose verdict changes with {found.path}: {computed}"
    )


@pytest.mark.parametrize("found", DATA_FILES, ids=[f.path for f in DATA_FILES])
def test_the_interpretation_states_the_dependents(found: DataFile) -> None:
    page, identifier = found.claim
    text = block(page, identifier)
    assert found.path in text and ("UNVERIFIED" in text or '"verified": false' in text)
    if found.dependents:
        names = [entry.split(": ", 1)[1] for entry in found.dependents]
        missing = [name for name in names if name not in text]
        assert not missing, f"{identifier} does not list {missing}"
        assert "no scenario depends" not in text.lower()
        assert "no verdict on this site depends" not in text.lower()
    else:
        said = re.search(
            r"no (scenario|verdict)[^.]* depends|set (it|the cell|the joins) themselves"
            r"|name the sprout cards themselves",
            text,
            re.I,
        )
        assert said, f"{identifier} should say that no scenario depends on {found.path}"


def test_flags_count_every_verified_flag() -> None:
    assert flags({"verified": False, "a": [{"verified": True}, {"verified": False}]}) == (1, 2)
    assert flags({"verified": "no"}) == (0, 0)


def test_the_engines_guide_lists_every_unverified_data_file_with_its_dependents() -> None:
    readme = (ROOT / "docs/guide/engines.md").read_text("utf-8")
    rows = dict(re.findall(r"^\| `(engine/[^`]+)` \| (.*) \|$", readme, re.M))
    assert sorted(rows) == sorted(f.path for f in DATA_FILES)
    for found in DATA_FILES:
        what, dependents = rows[found.path].rsplit(" | ", 1)
        _, unverified = flags(found.shipped())
        assert ("UNVERIFIED" in what) == (unverified > 0), found.path
        assert int(dependents) == len(found.dependents), found.path


CLAIM_NONE = re.compile(
    r"no scenario depends on|no verdict on this site depends|never use the engine's placeholder",
    re.I,
)


@pytest.mark.parametrize("game", sorted({f.game for f in DATA_FILES}))
def test_pages_saying_nothing_depends_on_the_data_are_right(game: str) -> None:
    """A page of the game saying that no scenario depends on its placeholder data is only
    allowed while the registry (checked above against the computation) agrees."""
    claims = [
        f"{page.relative_to(ROOT)}: {match.group(0)}"
        for page in sorted((ROOT / "docs" / game).glob("*.md"))
        for match in CLAIM_NONE.finditer(re.sub(r"\s+", " ", page.read_text("utf-8")))
    ]
    dependents = [d for f in DATA_FILES if f.game == game for d in f.dependents]
    assert not (claims and dependents), f"{claims} while these depend on the data: {dependents}"
