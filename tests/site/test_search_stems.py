"""The site's search index stems words with PyStemmer (pyproject.toml's ``docs`` extra says
so: the C stemmer is about ten times faster). Sphinx asks snowballstemmer for its English
stemmer, and snowballstemmer hands out PyStemmer's when it is installed. The browser stems a
query with Sphinx's JavaScript port of the Python stemmer, so the two must agree on every word
the site holds, or a search for a word on a page would miss it."""

from __future__ import annotations

import re
from pathlib import Path

import snowballstemmer
from snowballstemmer.english_stemmer import EnglishStemmer

ROOT = Path(__file__).resolve().parents[2]
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")


def site_words() -> set[str]:
    """Every word of the site's pages and of the feature files it shows, lower-cased."""
    files = [*ROOT.joinpath("docs").rglob("*.md"), *ROOT.joinpath("features").rglob("*.feature")]
    return {word.lower() for file in files for word in WORD.findall(file.read_text("utf-8"))}


def test_sphinx_gets_pystemmer() -> None:
    stemmer = snowballstemmer.stemmer("english")
    assert type(stemmer).__module__ == "Stemmer", type(stemmer)


def test_pystemmer_stems_the_site_as_the_python_stemmer_does() -> None:
    words = site_words()
    assert len(words) > 1000, len(words)
    fast, python = snowballstemmer.stemmer("english"), EnglishStemmer()
    different = {word: (fast.stemWord(word), python.stemWord(word)) for word in words}
    different = {word: pair for word, pair in different.items() if pair[0] != pair[1]}
    assert not different, different
