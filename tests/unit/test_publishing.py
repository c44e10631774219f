"""The publishing configurations build the same site as `make site`."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


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
