"""An incremental build re-reads only the pages that depend on what changed."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from rulebooks.results.fingerprint import feature_digests
from rulebooks.site import pipeline
from rulebooks.site.sphinxext.prune import orphan_pages, unused_boards
from tests.tooling.results.results_docs import results_document

FEATURE = """\
Feature: {name}
  Rule: {game}-1.1 A rule

    @clause:{game}-1.1
    Scenario: {name} holds
      Given something
"""


def write(root: Path, path: str, text: str) -> None:
    file = root / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, "utf-8")


def project(root: Path) -> None:
    write(
        root,
        "docs/conf.py",
        "extensions = ['myst_parser', 'rulebooks.site.sphinxext']\n"
        "rulebooks_features_dir = '../features'\n"
        "rulebooks_results_file = '../results.json'\n"
        "rulebooks_project_root = '..'\n",
    )
    pages = ["coverage"]
    for game in ("alpha", "beta"):
        upper = game.upper()
        write(root, f"features/{game}/one.feature", FEATURE.format(name=game, game=upper))
        write(
            root,
            f"docs/{game}/rules.md",
            f"# {game} rules\n\n```{{clause}} {upper}-1.1\n:title: A rule\n\nText.\n```\n",
        )
        write(
            root,
            f"docs/{game}/examples.md",
            f"# {game} examples\n\n```{{feature-scenarios}} {game}\n```\n",
        )
        pages += [f"{game}/rules", f"{game}/examples"]
    write(root, "docs/coverage.md", "# Coverage\n\n```{coverage}\n```\n")
    toctree = "\n".join(pages)
    write(
        root,
        "docs/index.md",
        f"# Home\n\n```{{game-verdict}} alpha\n```\n\n```{{toctree}}\n{toctree}\n```\n",
    )
    write(root, "results.json", json.dumps(results_document([], {}, root)))


def pages_read(root: Path, *extra: str) -> set[str]:
    run = subprocess.run(
        [sys.executable, "-m", "sphinx", "-N", "-b", "html", *extra, "docs", "docs/_build/html"],
        cwd=root, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return set(re.findall(r"reading sources\.\.\. \[\s*\d+%\] (\S+)", run.stdout))


def test_editing_one_game_rereads_only_its_pages_and_the_summaries(tmp_path: Path) -> None:
    project(tmp_path)
    assert len(pages_read(tmp_path, "-E")) == 6
    assert pages_read(tmp_path) == set()
    feature = tmp_path / "features/beta/one.feature"
    feature.write_text(feature.read_text("utf-8") + "      And something else\n", "utf-8")
    assert pages_read(tmp_path) == {"beta/rules", "beta/examples", "coverage"}


def test_a_new_run_with_the_same_records_rereads_only_the_summaries(tmp_path: Path) -> None:
    project(tmp_path)
    pages_read(tmp_path, "-E")
    write(
        tmp_path,
        "results.json",
        json.dumps(results_document([], {}, tmp_path) | {"finished": "later"}),
    )
    assert pages_read(tmp_path) == {"index", "coverage"}  # they show the run's time


def beta_results(
    root: Path, duration: float, status: str = "passed", reused: Mapping[str, object] | None = None
) -> str:
    """Results with one record, of beta's scenario, taking ``duration`` seconds."""
    error = None if status == "passed" else "AssertionError: no"
    step = {"keyword": "Given", "text": "something", "line": 6, "status": status,
            "duration": duration, "error": error}  # fmt: skip
    record = {
        "nodeid": "t::beta", "feature": "features/beta/one.feature", "feature_name": "beta",
        "line": 5, "name": "beta holds", "rule": {"name": "BETA-1.1 A rule", "line": 2},
        "tags": ["clause:BETA-1.1"], "example": None, "status": status,
        "duration": duration, "error": error, "steps": [step],
    }  # fmt: skip
    if reused is not None:
        record["reused"] = dict(reused)
    return json.dumps(results_document([record], feature_digests(root), root))


def test_one_games_new_records_reread_only_its_pages(tmp_path: Path) -> None:
    project(tmp_path)
    write(tmp_path, "results.json", beta_results(tmp_path, 0.1))
    pages_read(tmp_path, "-E")
    write(tmp_path, "results.json", beta_results(tmp_path, 0.1, status="failed"))
    assert pages_read(tmp_path) == {"beta/rules", "beta/examples", "coverage"}


def test_new_durations_alone_reread_no_page(tmp_path: Path) -> None:
    project(tmp_path)
    write(tmp_path, "results.json", beta_results(tmp_path, 0.1))
    pages_read(tmp_path, "-E")
    write(tmp_path, "results.json", beta_results(tmp_path, 0.2))
    assert pages_read(tmp_path) == set()  # no page shows a duration from the results file


def test_records_reused_rewrite_only_the_pages_showing_their_files(tmp_path: Path) -> None:
    """The first incremental run after a full one marks every other game's records reused:
    no page is re-read, and only the pages with their feature files are written again, their
    *reused* notes filled from the results as they are written."""
    project(tmp_path)
    write(tmp_path, "results.json", beta_results(tmp_path, 0.1))
    pages_read(tmp_path, "-E")
    examples = tmp_path / "docs/_build/html/beta/examples.html"
    assert "rulebooks-reused-note" not in examples.read_text("utf-8")
    rules = tmp_path / "docs/_build/html/beta/rules.html"
    written = {page: page.stat().st_mtime_ns for page in (examples, rules)}
    earlier = {"run_started": "2026-11-29T10:00:00+00:00", "commit": "abcdef0123456789"}
    write(tmp_path, "results.json", beta_results(tmp_path, 0.1, reused=earlier))
    assert pages_read(tmp_path) == set()
    html = examples.read_text("utf-8")
    assert "rulebooks-reused-note" in html and "2026-11-29T10:00:00+00:00" in html
    assert examples.stat().st_mtime_ns != written[examples]
    assert rules.stat().st_mtime_ns == written[rules]
    later = {"run_started": "2026-11-30T08:00:00+00:00", "commit": None}
    write(tmp_path, "results.json", beta_results(tmp_path, 0.1, reused=later))
    assert pages_read(tmp_path) == set()
    html = examples.read_text("utf-8")
    assert "2026-11-30T08:00:00+00:00" in html and "2026-11-29" not in html
    write(tmp_path, "results.json", beta_results(tmp_path, 0.1))  # recorded by this run
    assert pages_read(tmp_path) == set()
    assert "rulebooks-reused-note" not in examples.read_text("utf-8")


def test_a_rewrite_is_for_one_build_only(tmp_path: Path) -> None:
    """The pages rewritten for new reuse marks are not rewritten again by the next build."""
    project(tmp_path)
    write(tmp_path, "results.json", beta_results(tmp_path, 0.1))
    pages_read(tmp_path, "-E")
    earlier = {"run_started": "2026-11-29T10:00:00+00:00", "commit": "abcdef0123456789"}
    write(tmp_path, "results.json", beta_results(tmp_path, 0.1, reused=earlier))
    pages_read(tmp_path)
    examples = tmp_path / "docs/_build/html/beta/examples.html"
    rewritten = examples.stat().st_mtime_ns
    rules = tmp_path / "docs/alpha/rules.md"
    rules.write_text(rules.read_text("utf-8") + "\nMore text.\n", "utf-8")
    assert "alpha/rules" in pages_read(tmp_path)
    assert examples.stat().st_mtime_ns == rewritten


def test_a_change_to_how_the_run_went_rereads_every_page_with_verdicts(tmp_path: Path) -> None:
    project(tmp_path)
    pages_read(tmp_path, "-E")
    partial = results_document([], {}, tmp_path, partial=True, problems=["a subset ran"])
    write(tmp_path, "results.json", json.dumps(partial))
    assert pages_read(tmp_path) == {
        "index", "coverage", "alpha/rules", "alpha/examples", "beta/rules", "beta/examples",
    }  # fmt: skip


def test_a_new_clause_page_rereads_the_summaries(tmp_path: Path) -> None:
    project(tmp_path)
    pages_read(tmp_path, "-E")
    write(
        tmp_path, "docs/alpha/more.md", "# More\n\n```{clause} ALPHA-2.1\n:title: More\n\nX.\n```\n"
    )
    assert pages_read(tmp_path) == {"alpha/more", "index", "coverage"}


def test_a_page_whose_source_is_gone_leaves_the_output(tmp_path: Path) -> None:
    project(tmp_path)
    pages_read(tmp_path, "-E")
    html = tmp_path / "docs/_build/html"
    assert (html / "alpha/examples.html").is_file()
    (tmp_path / "docs/alpha/examples.md").unlink()
    index = tmp_path / "docs/index.md"
    index.write_text(index.read_text("utf-8").replace("alpha/examples\n", ""), "utf-8")
    pages_read(tmp_path)
    assert not (html / "alpha/examples.html").exists()
    assert not list((html / "_sources/alpha").glob("examples.*"))
    assert (html / "alpha/rules.html").is_file() and (html / "beta/examples.html").is_file()


def test_orphan_pages_are_only_pages_written_from_a_source(tmp_path: Path) -> None:
    for name in ("_sources/a.md.txt", "a.html", "_sources/b/c.md.txt", "b/c.html", "d.html"):
        write(tmp_path, name, "x")
    found = orphan_pages(tmp_path, {"a"})
    assert sorted(p.relative_to(tmp_path).as_posix() for p in found) == [
        "_sources/b/c.md.txt",
        "b/c.html",
    ]  # fmt: skip  (d.html has no source copy: copied by an extension, not a page)


def test_a_board_picture_no_page_links_leaves_the_output(tmp_path: Path) -> None:
    project(tmp_path)
    pages_read(tmp_path, "-E")
    boards = tmp_path / "docs/_build/html/_boards"
    write(boards, "0123456789abcdef0123.svg", "<svg/>")  # a picture of a previous build
    pages_read(tmp_path)
    assert not (boards / "0123456789abcdef0123.svg").exists()


def test_unused_boards_are_the_pictures_no_page_links(tmp_path: Path) -> None:
    write(tmp_path, "a.html", '<img src="_boards/aa11.svg"/>')
    write(tmp_path, "b/c.html", '<img src="../_boards/bb22.svg"/>')
    for name in ("aa11", "bb22", "cc33"):
        write(tmp_path, f"_boards/{name}.svg", "<svg/>")
    assert [p.name for p in unused_boards(tmp_path)] == ["cc33.svg"]


def test_the_cli_build_keeps_doctrees_out_of_the_site_and_reuses_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project(tmp_path)
    monkeypatch.chdir(tmp_path)
    html, results = tmp_path / "docs/_build/html", tmp_path / "results.json"
    assert pipeline.build_site(html, results) == 0
    assert (html / "index.html").is_file() and not (html / ".doctrees").exists()
    assert (tmp_path / "docs/_build/doctrees/environment.pickle").is_file()
    capsys.readouterr()
    pipeline.retire_site(html)  # as `rulebooks site` does first
    assert not html.exists()
    assert pipeline.build_site(html, results) == 0
    assert "no input of the site changed since the last build" in capsys.readouterr().out
    assert (html / "index.html").is_file()
    pipeline.retire_site(html)
    append_to = tmp_path / "features/beta/one.feature"
    append_to.write_text(append_to.read_text("utf-8") + "      And more\n", "utf-8")
    assert pipeline.build_site(html, results) == 0
    assert "no input of the site changed" not in capsys.readouterr().out


def test_reused_verdicts_say_so(tmp_path: Path) -> None:
    project(tmp_path)
    document = json.loads(beta_results(tmp_path, 0.1))
    reused = {"run_started": "2026-11-29T10:00:00+00:00", "commit": "abcdef0123456789"}
    document["scenarios"][0]["reused"] = reused
    write(tmp_path, "results.json", json.dumps(document))
    pages_read(tmp_path, "-E")
    beta = (tmp_path / "docs/_build/html/beta/examples.html").read_text("utf-8")
    assert "rulebooks-reused-note" in beta
    assert "recorded by the run of 2026-11-29T10:00:00+00:00 (commit abcdef0123)" in beta
    alpha = (tmp_path / "docs/_build/html/alpha/examples.html").read_text("utf-8")
    assert "rulebooks-reused-note" not in alpha


class _Interrupted:
    """A sphinx-build that Ctrl-C stops while it writes the pages."""

    def start_build(self) -> _Interrupted:
        return self

    def wait(self) -> int:
        raise KeyboardInterrupt


def test_an_interrupted_build_leaves_its_mark_and_the_next_rebuilds_every_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Sphinx saves its environment before it writes the pages: killed while writing, the
    cache calls pages current that were never written. The next build drops that cache."""
    project(tmp_path)
    monkeypatch.chdir(tmp_path)
    html, results = tmp_path / "docs/_build/html", tmp_path / "results.json"
    assert pipeline.build_site(html, results) == 0
    pipeline.retire_site(html)
    edited = tmp_path / "features/beta/one.feature"
    edited.write_text(edited.read_text("utf-8") + "      And more\n", "utf-8")
    doctrees = pipeline.doctrees_dir(html)
    with pytest.raises(KeyboardInterrupt):
        pipeline.build_site(html, results, sphinx=_Interrupted())  # type: ignore[arg-type]
    assert (doctrees / pipeline.BUILD_MARK).is_file()
    capsys.readouterr()
    stale = pipeline.staging_dir(html) / "stale.html"
    stale.write_text("a page of the interrupted build", "utf-8")
    assert pipeline.build_site(html, results) == 0
    out = capsys.readouterr().out
    assert "the last build was interrupted: Sphinx's cache is dropped, every page rebuilt" in out
    assert "no input of the site changed" not in out
    assert not (html / "stale.html").exists() and (html / "index.html").is_file()
    assert not (doctrees / pipeline.BUILD_MARK).exists()
    assert (doctrees / "environment.pickle").is_file()
