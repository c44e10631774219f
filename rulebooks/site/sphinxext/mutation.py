"""Mutation strength on the site: beside each clause's verdict, and the ``mutation-report``.

Reads the campaign's results file (``rulebooks_mutation_file``, default
``"../mutation/results.json"``) and the equivalence notes (``rulebooks_equivalent_file``,
default ``"../mutation/equivalent.toml"``), both relative to the Sphinx confdir, through
:mod:`rulebooks.mutation.results`. The ``clause`` directive asks :func:`clause_strength_nodes`
for its line ("14 of 15 mutants killed"); the coverage page places::

    ```{mutation-report}
    ```

for the score per game, the weakest clauses, every survivor with its diff and the command
rerunning it, the equivalent mutants with their reasons, and the hand-made rule mutations.
A results file whose mutated engine files changed since gets a stale banner; an equivalence
note naming no mutant gets a warning and is listed.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import ExtensionMetadata

from rulebooks.games import registry
from rulebooks.mutation.results import (
    Mutant,
    MutationResults,
    MutationResultsError,
    Strength,
    load,
    stale_equivalent_messages,
)
from rulebooks.site.sphinxext.render import (
    admonition,
    literal,
    literal_block,
    paragraph,
    strong,
    table,
)

logger = logging.getLogger(__name__)

CONFIG_VALUES = {
    "rulebooks_mutation_file": "../mutation/results.json",
    "rulebooks_equivalent_file": "../mutation/equivalent.toml",
}
WEAK = 0.9
_CACHE: dict[tuple[str, str], tuple[tuple[float, float], MutationResults | None, str | None]] = {}


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return -1.0


def mutation_data(directive: SphinxDirective) -> tuple[MutationResults | None, str | None]:
    """The results (or None) and the error reading them (or None); cached per build inputs."""
    results_path = Path(directive.config.rulebooks_mutation_file)
    equivalent_path = Path(directive.config.rulebooks_equivalent_file)
    for path in (results_path, equivalent_path):
        if path.exists():  # Sphinx rereads a page on every build while a dependency is missing
            directive.env.note_dependency(str(path))
    key = (str(results_path), str(equivalent_path))
    stamp = (_mtime(results_path), _mtime(equivalent_path))
    cached = _CACHE.get(key)
    if cached is not None and cached[0] == stamp:
        return cached[1], cached[2]
    try:
        results, error = load(results_path, equivalent_path), None
    except MutationResultsError as problem:
        results, error = None, str(problem)
    _CACHE[key] = (stamp, results, error)
    return results, error


def strength_text(strength: Strength) -> str:
    ratio = strength.ratio
    return strength.text() + (f" ({ratio:.0%})" if ratio is not None else "")


def strength_class(strength: Strength) -> str:
    ratio = strength.ratio
    if ratio is None:
        return "rulebooks-strength-none"
    return "rulebooks-strength-strong" if ratio >= WEAK else "rulebooks-strength-weak"


_STALE: dict[tuple[str, str], dict[str, str]] = {}


def stale_clauses(results: MutationResults, root: Path) -> dict[str, str]:
    """The clauses whose recorded strength no longer holds (their code or their game's
    suite changed since the campaign), with why; computed once per results file read."""
    key = (str(root), str(id(results)))
    if key not in _STALE:
        from rulebooks.mutation import campaign  # the campaign's own hashes of code and suite

        _STALE.clear()
        try:  # a results file recording no suite hash is checked on its code alone
            suite = campaign.suite_hashes(root) if results.data.get("suite_sha256") else {}
        except (OSError, ValueError, KeyError) as error:  # then no strength is claimed
            why = f"the scenarios could not be hashed ({error})"
            _STALE[key] = dict.fromkeys(results.clauses(), why)
        else:
            _STALE[key] = results.stale_clauses(root, suite)
    return _STALE[key]


def clause_strength_nodes(
    directive: SphinxDirective, clause_id: str, no_code: str | None, has_scenarios: bool = True
) -> list[nodes.Node]:
    """The clause's mutation line, shown after its verdict: none for a clause no scenario
    checks, "stale" when its code or its game's scenarios changed since the campaign."""
    if no_code is not None:
        return [
            paragraph("Engine code: none needed (", no_code, ").", classes=["rulebooks-strength"])
        ]
    if not has_scenarios:
        return [paragraph("Mutation strength: none (no scenario checks this clause).",
                          classes=["rulebooks-strength"])]  # fmt: skip
    results, error = mutation_data(directive)
    if results is None:
        why = "unreadable" if error else "not run yet"
        return [paragraph(f"Mutation strength: {why}.", classes=["rulebooks-strength"])]
    strength = results.clause_strength(clause_id)
    stale = stale_clauses(results, Path(directive.config.rulebooks_project_root)).get(clause_id)
    if not strength.total:
        text = "no mutant of this clause's code was run"
    elif stale is not None:
        text = f"stale ({stale}; it was {strength_text(strength)}: rerun make mutate)"
    else:
        text = strength_text(strength)
        equivalent = sum(1 for m in results.of_clause(clause_id) if m.status == "equivalent")
        if equivalent:
            text += f", {equivalent} of them equivalent"
    link = nodes.reference("", "", internal=True, refuri=_coverage_uri(directive))
    link += nodes.Text("mutation report")
    return [
        paragraph(
            "Mutation strength: ",
            strong(text),
            " (",
            link,
            ")",
            classes=[
                "rulebooks-strength",
                "rulebooks-strength-stale" if stale else strength_class(strength),
            ],
        )
    ]


def _coverage_uri(directive: SphinxDirective) -> str:
    depth = directive.env.docname.count("/")
    return "../" * depth + "coverage.html#mutation-report"


# -- the report -----------------------------------------------------------------------------
def banner_nodes(results: MutationResults, root: Path) -> list[nodes.Node]:
    stale = results.stale_files(root)
    if not stale:
        return []
    return [
        admonition(
            "Stale mutation results",
            [
                paragraph(
                    f"The engine changed since this campaign (commit {results.commit[:12]}): "
                    + ", ".join(stale)
                    + ". Rerun ",
                    literal("make mutate"),
                    " for current figures.",
                )
            ],
            ["rulebooks-stale", "warning"],
        )
    ]


def game_rows(
    results: MutationResults, stale: dict[str, str] | None = None
) -> list[list[str | nodes.Node]]:
    """Per game: killed, mutants, survivors and the score, which says how many of the
    game's clauses are stale (:func:`stale_clauses`)."""
    rows: list[list[str | nodes.Node]] = []
    for game, title in registry.titles().items():
        s = results.game_strength(game)
        survivors = len(results.survivors(game))
        score = _percent(s)
        old = sorted({c for c in stale or {} if c.split("-", 1)[0].lower() == game})
        if old:
            score += f" (stale: {len(old)} clause{'s' if len(old) > 1 else ''} changed since)"
        rows.append([title, str(s.detected), str(s.total), str(survivors), score])
    return rows


def _percent(strength: Strength) -> str:
    return f"{strength.ratio:.0%}" if strength.ratio is not None else "n/a"


def weakest_rows(
    results: MutationResults, stale: dict[str, str] | None = None
) -> list[list[str | nodes.Node]]:
    scored = [(c, results.clause_strength(c)) for c in results.clauses()]
    weak = [(c, s) for c, s in scored if s.total and (s.ratio or 0) < WEAK]
    weak.sort(key=lambda item: (item[1].ratio or 0, item[0]))
    return [
        [_clause_link(c), str(s.detected), str(s.total),
         _percent(s) + (" (stale)" if c in (stale or {}) else "")]
        for c, s in weak
    ]  # fmt: skip


def _clause_link(clause_id: str) -> nodes.Node:
    game = clause_id.split("-", 1)[0].lower()
    page = "interpretations" if clause_id.split("-", 1)[1].startswith("R") else "rules"
    uri = f"{game}/{page}.html#{nodes.make_id(clause_id)}"
    link = nodes.reference("", "", internal=True, refuri=uri)
    link += nodes.Text(clause_id)
    return link


def mutant_nodes(mutant: Mutant) -> list[nodes.Node]:
    head = paragraph(
        strong(mutant.status),
        " ",
        literal(f"{mutant.path}:{mutant.line}"),
        f" {mutant.function} · clauses {', '.join(mutant.clauses)} · ",
        literal(mutant.name),
        classes=["rulebooks-mutant"],
    )
    out: list[nodes.Node] = [head]
    if mutant.reason:
        out.append(paragraph("Equivalent: ", mutant.reason, classes=["rulebooks-equivalent"]))
    block = literal_block(mutant.diff)
    block["language"] = "diff"
    out.append(block)
    if not mutant.reason:
        out.append(paragraph("Rerun: ", literal(mutant.rerun)))
    return out


def report_nodes(results: MutationResults, root: Path, equivalent: Path) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    out += banner_nodes(results, root)
    data = results.data
    out.append(
        paragraph(
            f"Campaign of commit {results.commit[:12]}"
            + (" (uncommitted changes)" if data.get("git", {}).get("dirty") else "")
            + f", finished {results.finished}, {data.get('tool', 'mutmut')}, "
            f"{data.get('wall_seconds', '?')} s on {data.get('workers', '?')} worker(s). "
            "Mutated: the engine functions that cite a clause; the suite: the scenarios. "
            "Killed counts timeouts and equivalent mutants; a mutant no scenario reaches "
            "(no tests) counts as surviving.",
        )
    )
    stale = stale_clauses(results, root)
    out.append(
        table(
            game_rows(results, stale),
            header=["game", "killed", "mutants", "survivors", "score"],
            classes=["rulebooks-mutation-games"],
        )
    )
    weak = weakest_rows(results, stale)
    out.append(paragraph(strong(f"Clauses below {WEAK:.0%}: {len(weak)}")))
    if weak:
        out.append(table(weak, header=["clause", "killed", "mutants", "score"]))
    for message in stale_equivalent_messages(results, equivalent):
        out.append(admonition("Stale equivalence note", [paragraph(message)], ["warning"]))
    survivors = results.survivors()
    out.append(paragraph(strong(f"Survivors: {len(survivors)}")))
    for game, title in registry.titles().items():
        mine = [m for m in survivors if m.game == game]
        if not mine:
            continue
        section = nodes.container(classes=["rulebooks-survivors"])
        section += paragraph(strong(f"{title}: {len(mine)} survivor(s)"))
        for mutant in mine:
            section.extend(mutant_nodes(mutant))
        out.append(section)
    equivalents = results.equivalents()
    out.append(paragraph(strong(f"Equivalent mutants: {len(equivalents)}")))
    for mutant in equivalents:
        out.extend(mutant_nodes(mutant))
    rules = results.rule_mutations
    if rules:
        killed = sum(1 for r in rules if r.get("verdict") == "killed")
        out.append(paragraph(strong(f"Hand-made rule mutations: {killed} of {len(rules)} killed")))
        out.append(
            table(
                [
                    [r.get("id", ""), r.get("clause", ""), r.get("verdict", ""),
                     r.get("description", "")]
                    for r in rules
                ],
                header=["mutation", "clause", "verdict", "the bug"],
            )
        )  # fmt: skip
    return out


class MutationReportDirective(SphinxDirective):
    """Usage (MyST)::

    ```{mutation-report}
    ```
    """

    has_content = False

    def run(self) -> list[nodes.Node]:
        results, error = mutation_data(self)
        box = nodes.container(ids=["mutation-report"], classes=["rulebooks-mutation"])
        if error is not None:
            logger.warning("%s", error, location=self.get_location(), type="rulebooks")
            box += admonition("Unreadable mutation results", [paragraph(error)], ["warning"])
            return [box]
        if results is None:
            box += paragraph(
                "No mutation campaign results yet: run ",
                literal("make mutate"),
                ".",
                classes=["rulebooks-note"],
            )
            return [box]
        equivalent = Path(self.config.rulebooks_equivalent_file)
        for message in stale_equivalent_messages(results, equivalent):
            logger.warning("%s", message, location=self.get_location(), type="rulebooks")
        root = Path(self.config.rulebooks_project_root)
        box.extend(report_nodes(results, root, equivalent))
        return [box]


def on_config_inited(app: Sphinx, config: Config) -> None:
    """Resolve the mutation files against the confdir."""
    for name in CONFIG_VALUES:
        setattr(config, name, str((Path(app.confdir) / str(getattr(config, name))).resolve()))


def setup(app: Sphinx) -> ExtensionMetadata:
    for name, default in CONFIG_VALUES.items():
        app.add_config_value(name, default, "env", types=frozenset({str}))
    app.add_directive("mutation-report", MutationReportDirective)
    app.connect("config-inited", on_config_inited)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
