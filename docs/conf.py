"""Sphinx configuration of the Rulebooks site.

The `rulebooks.site.sphinxext` extension reads the feature files and the results file of the last
scenario run (written by `make site`) and nothing else.
"""

from __future__ import annotations

import os

project = "Rulebooks"
author = "The Rulebooks team"
copyright = "2026, the Rulebooks team"

extensions = ["myst_parser", "rulebooks.site.sphinxext"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

html_theme = "furo"
html_title = "Rulebooks"
html_static_path = ["_static"]
html_favicon = "_static/favicon.svg"
exclude_patterns = ["_build", "README.md"]
# Step text, scenario names and errors are shown exactly as written: no typographic quotes.
smartquotes = False

rulebooks_features_dir = "../features"
rulebooks_results_file = os.environ.get("RULEBOOKS_RESULTS", "../results/results.json")
rulebooks_project_root = ".."
rulebooks_simulation_file = os.environ.get("RULEBOOKS_SIMULATION", "../results/simulation.json")
rulebooks_history_file = os.environ.get("RULEBOOKS_HISTORY", "../results/history.jsonl")
