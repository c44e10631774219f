"""Links both ways between clauses, rulings and their scenarios, and to the source."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rulebooks.site.sphinxext.site import web_address
from tests.tooling.site.test_sphinxext import (
    BUST,
    CONF,
    DICE_PATH,
    SCRIPT,
    Build,
    make_project,
    results_document,
    scenario_id,
)

REPOSITORY = "https://example.org/rulebooks/rulebooks"
COMMIT = "4f1cabcdef0123456789"


@pytest.fixture(scope="module")
def linked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Build]:
    """The unit project with a repository address configured."""
    project = make_project(tmp_path_factory.mktemp("linked"), results_document())
    project.write("docs/conf.py", CONF + f"rulebooks_repository_url = {REPOSITORY!r}\n")
    yield project.build()


@pytest.fixture(scope="module")
def unlinked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Build]:
    """The unit project without a repository address (it is no git checkout)."""
    yield make_project(tmp_path_factory.mktemp("unlinked"), results_document()).build()


def test_a_clause_anchor_is_its_id_with_the_old_anchor_kept(linked: Build) -> None:
    rules = linked.pages["rules"]
    assert 'id="MAHE-3.3"' in rules
    assert 'id="mahe-3-3"' in rules  # links written before still land
    assert "A total above 7 is a bust" in linked.text("rules", "MAHE-3.3")


def test_a_clause_and_a_ruling_have_a_visible_permalink(linked: Build) -> None:
    assert 'class="rulebooks-permalink reference internal" href="#MAHE-3.3"' in linked.markup(
        "rules", "MAHE-3.3"
    )
    assert 'href="#MAHE-R4"' in linked.markup("rules", "MAHE-R4")


def test_rule_headings_and_tags_link_to_their_clause_and_ruling(linked: Build) -> None:
    scenarios = linked.pages["scenarios"]
    assert '<a class="rulebooks-id-link reference internal" href="rules.html#MAHE-3.3">' in (
        scenarios
    )
    rule_heading = scenarios[scenarios.index("Rule: ") :][:400]
    assert 'href="rules.html#MAHE-3.3"' in rule_heading
    tagged = linked.markup("scenarios", scenario_id(DICE_PATH, SCRIPT))
    assert 'href="rules.html#MAHE-R4"><code' in tagged


def test_feature_paths_and_the_commit_link_to_the_source(linked: Build) -> None:
    markup = linked.markup("scenarios", scenario_id(DICE_PATH, BUST))
    assert f'href="{REPOSITORY}/blob/{COMMIT}/{DICE_PATH}#L{BUST}"' in markup
    assert f'href="{REPOSITORY}/commit/{COMMIT}"' in linked.pages["verdict"]


def test_without_a_repository_address_nothing_links_to_source(unlinked: Build) -> None:
    assert "/blob/" not in unlinked.pages["scenarios"]
    assert "/commit/" not in unlinked.pages["verdict"]


@pytest.mark.parametrize(
    ("remote", "address"),
    [
        ("git@github.com:owner/repo.git", "https://github.com/owner/repo"),
        ("https://github.com/owner/repo.git\n", "https://github.com/owner/repo"),
        ("https://user:token@example.org/o/r", "https://example.org/o/r"),
        ("ssh://git@example.org/o/r.git", "https://example.org/o/r"),
        ("/srv/git/repo.git", ""),
    ],
)
def test_a_git_remote_becomes_a_web_address(remote: str, address: str) -> None:
    assert web_address(remote) == address


def test_a_path_is_not_a_source_link_target(tmp_path: Path) -> None:
    from rulebooks.site.sphinxext.site import git_remote_url

    assert git_remote_url(tmp_path) == ""
