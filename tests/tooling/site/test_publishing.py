"""The publishing configurations build the same site as `make site`."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[3]


def test_github_workflow_tests_builds_and_publishes() -> None:
    workflow = yaml.safe_load((ROOT / ".github/workflows/site.yml").read_text("utf-8"))
    jobs = workflow["jobs"]
    assert any(step.get("run") == "make test" for step in jobs["test"]["steps"])
    site_steps = jobs["site"]["steps"]
    assert any("make site" in step.get("run", "") for step in site_steps)
    upload = next(s for s in site_steps if s.get("uses", "").startswith("actions/upload-pages"))
    assert upload["with"]["path"] == "docs/_build/html"
    assert jobs["publish"]["needs"] == ["test", "site"]
    assert any(
        s.get("uses", "").startswith("actions/deploy-pages") for s in jobs["publish"]["steps"]
    )


def test_read_the_docs_runs_the_scenarios_before_sphinx() -> None:
    config = yaml.safe_load((ROOT / ".readthedocs.yaml").read_text("utf-8"))
    assert config["sphinx"]["configuration"] == "docs/conf.py"
    pre_build = " ".join(config["build"]["jobs"]["pre_build"])
    assert "--rulebooks-results results/results.json" in pre_build
    conf = (ROOT / "docs/conf.py").read_text("utf-8")
    assert '"../results/results.json"' in conf


def test_pull_requests_get_the_diff_against_mains_last_run_and_the_files() -> None:
    workflow = yaml.safe_load((ROOT / ".github/workflows/site.yml").read_text("utf-8"))
    steps = workflow["jobs"]["site"]["steps"]
    runs = "\n".join(step.get("run", "") for step in steps)
    assert "gh run download" in runs and "--name results-main" in runs
    assert "rulebooks diff main-results/results.json results/results.json" in runs
    assert '>> "$GITHUB_STEP_SUMMARY"' in runs
    uploads = [s for s in steps if s.get("uses", "").startswith("actions/upload-artifact")]
    paths = " ".join(s["with"]["path"] for s in uploads)
    for name in ("messages.ndjson", "junit.xml", "history.jsonl", "docs/_build/html"):
        assert name in paths
    assert "results-main" in uploads[0]["with"]["name"]
