"""Sphinx extension publishing rule clauses with the live verdict of their scenarios.

Directives: ``clause``, ``interpretation``, ``feature-scenarios``, ``game-verdict``,
``coverage``, ``home-status``, ``data-note``, ``fold`` (see
:mod:`rulebooks.site.sphinxext.directives`). Config values, all relative to the Sphinx confdir:

- ``rulebooks_features_dir`` (default ``"../features"``): the folder of ``.feature`` files;
- ``rulebooks_results_file`` (default ``"../results/results.json"``): the results file;
- ``rulebooks_project_root`` (default ``".."``): the pytest rootdir, against which feature
  paths are made relative to match the results file;
- ``rulebooks_repository_url`` (default: the web address of the git remote ``origin``; ``""``:
  none): feature paths and the run's commit link to the source at that commit;
- ``rulebooks_guests`` (default: found from the project's games): the games shown whose
  files live in another project (:mod:`rulebooks.site.guests`), each ``(Guest, results file)``;
  their pages are copied into the documentation folder at each build.

The extension reads feature files and the results file, and asks git for the remote's
address when ``rulebooks_repository_url`` is not set.
"""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.util.typing import ExtensionMetadata

from rulebooks.site.sphinxext import clause_search, events, home, site, status_bar, tag_expressions
from rulebooks.site.sphinxext.directives import (
    ClauseDirective,
    CoverageDirective,
    DataNoteDirective,
    FeatureScenariosDirective,
    FoldDirective,
    GameVerdictDirective,
    HomeStatusDirective,
    InterpretationDirective,
)
from rulebooks.site.sphinxext.nodes import (
    DISCLOSURE_VISITORS,
    PASS_THROUGH_VISITORS,
    PLACEHOLDER_VISITORS,
    SUMMARY_VISITORS,
    board_pictures,
    coverage_report,
    disclosure,
    disclosure_summary,
    game_verdict,
    home_status,
    id_ref,
    reused_note,
    scenario_ref,
)
from rulebooks.site.sphinxext.render import visit_board_pictures_html
from rulebooks.site.sphinxext.search import ScenarioDomain
from rulebooks.site.sphinxext.site import CONFIG_VALUES, RulebooksError

__all__ = ["RulebooksError", "setup"]


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register config values, directives, nodes, the stylesheet and event handlers.

    Long: one registration a line, in the order Sphinx needs them; split, it would only
    scatter the list."""
    for name, default in CONFIG_VALUES.items():
        app.add_config_value(name, default, "env", types=frozenset({str}))
    # the repository's web address for links to source; None: the git remote; "": no links
    app.add_config_value(
        "rulebooks_repository_url", None, "env", types=frozenset({str, type(None)})
    )
    # the games shown from other projects, as (Guest, results file); None: the project's
    # games whose package lives elsewhere (rulebooks.site.guests)
    app.add_config_value("rulebooks_guests", None, "env", types=frozenset({list, type(None)}))
    app.add_domain(ScenarioDomain)  # scenario titles as search targets
    app.add_directive("clause", ClauseDirective)
    app.add_directive("interpretation", InterpretationDirective)
    app.add_directive("feature-scenarios", FeatureScenariosDirective)
    app.add_directive("game-verdict", GameVerdictDirective)
    app.add_directive("coverage", CoverageDirective)
    app.add_directive("home-status", HomeStatusDirective)
    app.add_directive("data-note", DataNoteDirective)
    app.add_directive("fold", FoldDirective)
    for node in (scenario_ref, game_verdict, home_status, coverage_report, reused_note):
        app.add_node(
            node,
            html=PLACEHOLDER_VISITORS,
            latex=PLACEHOLDER_VISITORS,
            text=PLACEHOLDER_VISITORS,
            man=PLACEHOLDER_VISITORS,
            texinfo=PLACEHOLDER_VISITORS,
        )
    app.add_node(
        id_ref,
        html=PASS_THROUGH_VISITORS,
        latex=PASS_THROUGH_VISITORS,
        text=PASS_THROUGH_VISITORS,
        man=PASS_THROUGH_VISITORS,
        texinfo=PASS_THROUGH_VISITORS,
    )
    for folding, html in (
        (disclosure, DISCLOSURE_VISITORS),
        (disclosure_summary, SUMMARY_VISITORS),
    ):
        app.add_node(
            folding,
            html=html,
            latex=PASS_THROUGH_VISITORS,
            text=PASS_THROUGH_VISITORS,
            man=PASS_THROUGH_VISITORS,
            texinfo=PASS_THROUGH_VISITORS,
        )
    app.add_node(
        board_pictures,
        html=(visit_board_pictures_html, None),
        latex=PLACEHOLDER_VISITORS,
        text=PLACEHOLDER_VISITORS,
        man=PLACEHOLDER_VISITORS,
        texinfo=PLACEHOLDER_VISITORS,
    )
    app.add_css_file("rulebooks.css")
    # Cucumber's tag-expression parser first (deferred scripts run in order), then the filter
    app.add_js_file(tag_expressions.SCRIPT_NAME, loading_method="defer")
    app.add_js_file("rulebooks-filter.js", loading_method="defer")
    app.add_js_file("rulebooks-playground.js", loading_method="defer")  # "Try it": playground.py
    app.connect("build-finished", tag_expressions.write_script)
    app.connect("build-finished", clause_search.write_data)
    app.connect("html-page-context", clause_search.on_page_context)
    app.connect("config-inited", events.on_config_inited)
    app.connect("source-read", home.fill_markers)  # the home page's game lists
    app.connect("builder-inited", events.on_builder_inited)
    app.connect("env-get-outdated", events.on_env_get_outdated)
    app.connect("env-get-updated", events.on_env_get_updated)
    app.connect("env-before-read-docs", site.refresh_site_data)
    app.connect("env-purge-doc", events.on_env_purge_doc)
    app.connect("env-merge-info", events.on_env_merge_info)
    app.connect("doctree-read", events.on_doctree_read)
    app.connect("env-check-consistency", events.on_env_check_consistency)
    app.connect("doctree-resolved", events.on_doctree_resolved)
    app.connect("doctree-resolved", status_bar.fill_home_status)
    app.setup_extension("rulebooks.site.sphinxext.simulation")  # the simulation-report directive
    app.setup_extension("rulebooks.site.sphinxext.schema")  # the results-schema directive
    app.setup_extension("rulebooks.site.sphinxext.mutation")  # mutation strength, mutation-report
    app.setup_extension("rulebooks.site.sphinxext.history")  # run-history, badge, downloads
    app.setup_extension("rulebooks.site.sphinxext.glossary_links")  # terms linked where used
    app.setup_extension("rulebooks.site.sphinxext.a11y")  # ARIA the theme leaves out
    app.setup_extension("rulebooks.site.sphinxext.prune")  # pages gone leave an incremental build
    return {
        "version": "1",
        "env_version": 3,  # 2: the store keeps scenario titles (search); 3: pages to rewrite
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
