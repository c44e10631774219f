"""The history page, the badge and the downloads, built by Sphinx from a small project; and
what ``make site`` records after the scenarios (``rulebooks.site.pipeline.record_run``)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from rulebooks.results.diff import load_summary
from rulebooks.results.history import append_run, read_history
from rulebooks.site.pipeline import record_run
from tests.formats.test_diff_history import baseline, results, scenario
from tests.site.conftest import text_of

ROOT = Path(__file__).resolve().parents[2]

INDEX = """\
# Check

```{clause} MAHE-3.1
:title: One die

One die.
```

```{clause} MAHE-3.3
:title: Bust

Bust.
```

```{clause} MAHE-3.4
:title: Stop

Stop.
```

```{clause} MAHE-9.9
:title: Nobody checks this

Nothing.
```

```{run-downloads}
```

```{run-history}
```
"""


def build(tmp_path: Path, results_file: Path, history: Path) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(
        "extensions = ['myst_parser', 'rulebooks.site.sphinxext']\n"
        f"rulebooks_features_dir = {str(tmp_path / 'features')!r}\n"
        f"rulebooks_results_file = {str(results_file)!r}\n"
        f"rulebooks_history_file = {str(history)!r}\n"
        f"rulebooks_project_root = {str(tmp_path)!r}\n",
        "utf-8",
    )
    (docs / "index.md").write_text(INDEX, "utf-8")
    (tmp_path / "features").mkdir()
    out = tmp_path / "html"
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-N", "-E", "-q", "-b", "html", str(docs), str(out)],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return out


def test_the_page_shows_trend_changes_verified_since_flaky_and_bad_lines(tmp_path: Path) -> None:
    history = tmp_path / "results" / "history.jsonl"
    runs = [
        (baseline(), "a" * 40),
        ([*baseline()[:1], scenario("A bust", 20, "MAHE-3.3"), *baseline()[2:]], "b" * 40),
        ([*baseline()[:1], scenario("A bust", 20, "MAHE-3.3"),
          scenario("Stopping", 30, "MAHE-3.4", "failed")], "b" * 40),
    ]  # fmt: skip
    (tmp_path / "results").mkdir()
    written = [
        results(tmp_path / "results", f"run{index}", scenarios, commit)
        for index, (scenarios, commit) in enumerate(runs)
    ]
    for path in written:
        append_run(history, load_summary(path))
    last = written[-1]
    with history.open("a", encoding="utf-8") as handle:
        handle.write('{"schema": 1, "time": "cut sho\n')
    (tmp_path / "results" / "messages.ndjson").write_text("{}\n", "utf-8")
    out = build(tmp_path, last, history)

    text = text_of(out / "index.html")
    assert "3 runs recorded; the last on commit bbbbbbbbbb" in text
    assert "history.jsonl line 4: not JSON" in text  # named, and the 3 runs kept
    assert "From bbbbbbbbbb to bbbbbbbbbb: 1 newly failing, 0 newly unverified, 0 fixed" in text
    assert "MAHE-3.1 verified since aaaaaaaaaa" in text
    assert "MAHE-3.3 verified since bbbbbbbbbb" in text
    assert "MAHE-3.4 failing" in text and "MAHE-9.9 unverified" in text
    # the last run: MAHE-3.1 verified, 3.3 verified, 3.4 failing, 9.9 unverified
    assert re.search(
        r"bbbbbbbbbb [\d-]+ [\d:]+ 2 1 1 bbbbbbbbbb [\d-]+ [\d:]+ 3 0 1 aaaaaaaaaa", text
    )
    assert "Stopping features/mahe/01_dice.feature passed → failed" in text  # flaky
    chart = re.search(r"<svg[^>]*>.*?</svg>", (out / "index.html").read_text("utf-8"), re.S)
    assert chart is not None
    words = re.findall(r"<text[^>]*>([^<]*)</text>", chart[0])
    assert words[:3] == ["verified", "failing", "unverified"]  # the legend
    assert "clauses" in words and "runs, oldest to newest, by commit" in words  # the axes
    assert words.count("bbbbbbb") == 2 and "run 1 of 2" in words and "run 2 of 2" in words
    badge = (out / "badge.svg").read_text("utf-8")
    assert "clauses verified: 2/4" in badge
    assert "The messages file does not belong to this run: not published" in text
    assert "messages.ndjson:1: not a Cucumber message envelope" in text
    assert not (out / "downloads" / "messages.ndjson").exists()
    assert (out / "downloads" / "history.jsonl").is_file()
    assert not (out / "downloads" / "junit.xml").exists()  # none beside the results file


def test_without_history_the_page_says_so(tmp_path: Path) -> None:
    (tmp_path / "results").mkdir()
    run = results(tmp_path / "results", "results", baseline())
    out = build(tmp_path, run, tmp_path / "results" / "history.jsonl")
    assert "No history yet" in text_of(out / "index.html")
    assert "clauses verified: 2/4" in (out / "badge.svg").read_text("utf-8")


def test_the_downloads_state_their_size_and_the_report_brings_its_boards(
    tmp_path: Path,
) -> None:
    """Cucumber's report links its board pictures in a folder beside it: published with it,
    and counted in the size the link states."""
    (tmp_path / "results").mkdir()
    run = results(tmp_path / "results", "results", baseline())
    (tmp_path / "results" / "cucumber-report.html").write_text("<html>" + "x" * 2994, "utf-8")
    boards = tmp_path / "results" / "cucumber-report-boards"
    boards.mkdir()
    (boards / "a.svg").write_text("<svg/>", "utf-8")
    (boards / "b.svg").write_text("<svg></svg>", "utf-8")
    out = build(tmp_path, run, tmp_path / "results" / "history.jsonl")
    text = text_of(out / "index.html")
    assert "cucumber-report.html , 3 KB, and the 2 board pictures it links: 17 bytes)" in text
    size = (tmp_path / "results" / "results.json").stat().st_size
    assert f"results.json , {size / 1000:.0f} KB)" in text
    published = out / "downloads" / "cucumber-report-boards"
    assert sorted(p.name for p in published.iterdir()) == ["a.svg", "b.svg"]


def test_make_site_records_the_run_and_cucumbers_report(tmp_path: Path) -> None:
    folder = tmp_path / "results"
    folder.mkdir()
    run = results(folder, "results", baseline())
    (folder / "messages.ndjson").write_text(
        json.dumps({"meta": {"protocolVersion": "34.2.0", "implementation": {"name": "x"},
                             "runtime": {"name": "x"}, "os": {"name": "x"},
                             "cpu": {"name": "x"}}}) + "\n",
        "utf-8",
    )  # fmt: skip
    record_run(run)
    record_run(run)
    assert len(read_history(folder / "history.jsonl").runs) == 2
    assert "<html" in (folder / "cucumber-report.html").read_text("utf-8")[:2000].lower()
