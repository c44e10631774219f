"""Sphinx configuration of Pig's own Rulebooks site (``rulebooks site --project examples/pig``)."""

from __future__ import annotations

import os

project = "Pig, verified with Rulebooks"
extensions = ["myst_parser", "rulebooks.site.sphinxext"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
html_title = project
exclude_patterns = ["_build", "README.md"]
smartquotes = False

rulebooks_features_dir = "../features"
rulebooks_results_file = os.environ.get("RULEBOOKS_RESULTS", "../results/results.json")
rulebooks_project_root = ".."
rulebooks_simulation_file = os.environ.get("RULEBOOKS_SIMULATION", "../results/simulation.json")
rulebooks_history_file = os.environ.get("RULEBOOKS_HISTORY", "../results/history.jsonl")
