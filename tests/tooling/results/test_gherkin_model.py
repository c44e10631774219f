"""Tests of the typed Gherkin model (``rulebooks.results.gherkin_model``)."""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

import pytest

from rulebooks.results.gherkin_model import (
    Feature,
    FeatureSyntaxError,
    load_feature,
    load_features,
    parse_feature,
)

FEATURE = """\
# a comment
@game:mahe @dice
Feature: Dice
  The dice of Mahé,
  described on two lines.

  Background:
    Given a 4-player game

  @smoke
  Scenario: A plain scenario
    Given a table
      | a | b |
      | 1 | 2 |
    And a doc string
      \"\"\"json
      {"x": 1}
      \"\"\"

  @clause:MAHE-3.3
  Rule: MAHE-3.3 A total above 7 is a bust
    Rule description.

    Background:
      Given the rule background

    @example
    Scenario: Busting
      When the dice show 6 and 2
      Then the player busts

    Scenario Outline: Rolling <n>
      When I roll <n>
      Then the total is <t>

      @fast
      Examples: small
        | n | t |
        | 1 | 1 |
        | 2 | 2 |

      Examples:
        | n | t |
        | 6 | 6 |
"""


def line_of(text: str, fragment: str) -> int:
    """1-based line of the first line containing ``fragment``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if fragment in line:
            return number
    raise AssertionError(f"{fragment!r} not in text")


@pytest.fixture
def feature() -> Feature:
    return parse_feature(FEATURE, "features/mahe/01_dice.feature")


def test_feature_header(feature: Feature) -> None:
    assert feature.path == "features/mahe/01_dice.feature"
    assert feature.keyword == "Feature"
    assert feature.name == "Dice"
    assert feature.description == "The dice of Mahé,\ndescribed on two lines."
    assert feature.tags == ("game:mahe", "dice")
    assert feature.language == "en"
    assert feature.line == line_of(FEATURE, "Feature: Dice")


def test_feature_background_and_children(feature: Feature) -> None:
    assert feature.background is not None
    assert [step.text for step in feature.background.steps] == ["a 4-player game"]
    assert [scenario.name for scenario in feature.scenarios] == ["A plain scenario"]
    assert [rule.name for rule in feature.rules] == ["MAHE-3.3 A total above 7 is a bust"]


def test_rule(feature: Feature) -> None:
    rule = feature.rules[0]
    assert rule.keyword == "Rule"
    assert rule.line == line_of(FEATURE, "Rule: MAHE-3.3")
    assert rule.tags == ("clause:MAHE-3.3",)
    assert rule.description == "Rule description."
    assert rule.background is not None
    assert rule.background.steps[0].text == "the rule background"
    assert [scenario.name for scenario in rule.scenarios] == ["Busting", "Rolling <n>"]


def test_scenario_tags_include_inherited_ones(feature: Feature) -> None:
    plain = feature.scenarios[0]
    busting = feature.rules[0].scenarios[0]
    assert plain.tags == ("game:mahe", "dice", "smoke")
    assert plain.own_tags == ("smoke",)
    assert busting.tags == ("game:mahe", "dice", "clause:MAHE-3.3", "example")
    assert busting.own_tags == ("example",)


def test_steps_with_data_table_and_doc_string(feature: Feature) -> None:
    table_step, doc_step = feature.scenarios[0].steps
    assert (table_step.keyword, table_step.text) == ("Given", "a table")
    assert table_step.line == line_of(FEATURE, "Given a table")
    assert table_step.table == (("a", "b"), ("1", "2"))
    assert table_step.doc_string is None
    assert doc_step.keyword == "And"
    assert doc_step.doc_string is not None
    assert doc_step.doc_string.content == '{"x": 1}'
    assert doc_step.doc_string.media_type == "json"
    assert doc_step.table == ()


def test_scenario_outline_examples(feature: Feature) -> None:
    outline = feature.rules[0].scenarios[1]
    assert outline.keyword == "Scenario Outline"
    assert outline.is_outline
    assert outline.line == line_of(FEATURE, "Scenario Outline: Rolling")
    assert [step.text for step in outline.steps] == ["I roll <n>", "the total is <t>"]
    small, other = outline.examples
    assert small.name == "small"
    assert small.tags == ("fast",)
    assert small.header == ("n", "t")
    assert [(row.line, row.values) for row in small.rows] == [
        (line_of(FEATURE, "| 1 | 1 |"), ("1", "1")),
        (line_of(FEATURE, "| 2 | 2 |"), ("2", "2")),
    ]
    assert other.name == ""
    assert other.rows[0].values == ("6", "6")
    assert "fast" in outline.all_tags()
    assert "fast" not in outline.tags


def test_plain_scenario_is_not_an_outline(feature: Feature) -> None:
    assert not feature.scenarios[0].is_outline
    assert feature.scenarios[0].examples == ()


def test_all_scenarios_in_file_order_with_their_rule(feature: Feature) -> None:
    listed = [(rule.name if rule else None, s.name) for rule, s in feature.all_scenarios()]
    assert listed == [
        (None, "A plain scenario"),
        ("MAHE-3.3 A total above 7 is a bust", "Busting"),
        ("MAHE-3.3 A total above 7 is a bust", "Rolling <n>"),
    ]


def test_model_is_frozen(feature: Feature) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        feature.name = "changed"  # type: ignore[misc]


def test_other_language() -> None:
    text = "# language: fr\nFonctionnalité: Dés\n  Scénario: Un lancer\n    Soit un dé\n"
    feature = parse_feature(text, "f.feature")
    assert feature.language == "fr"
    assert feature.keyword == "Fonctionnalité"
    assert feature.scenarios[0].steps[0].keyword == "Soit"


def test_syntax_error_carries_path_line_and_message() -> None:
    text = "Feature: Broken\n  Scenario: a\n    Given x\n      | a | b |\n      | c |\n"
    with pytest.raises(FeatureSyntaxError) as caught:
        parse_feature(text, "features/mahe/bad.feature")
    error = caught.value
    assert error.path == "features/mahe/bad.feature"
    assert error.line == 5
    assert "inconsistent cell count" in error.message
    assert str(error).startswith("features/mahe/bad.feature:5: ")


def test_syntax_error_reports_the_earliest_line_and_every_message() -> None:
    text = "Feature: Broken\n  Scenario: a\n    Given x\n      | a | b |\n      | c |\n Oops\n"
    with pytest.raises(FeatureSyntaxError) as caught:
        parse_feature(text, "bad.feature")
    assert caught.value.line == 5
    assert len(caught.value.messages) == 2
    assert caught.value.messages[0].startswith("5: ")


def test_file_without_feature_is_a_syntax_error() -> None:
    with pytest.raises(FeatureSyntaxError, match="no 'Feature:'"):
        parse_feature("# only a comment\n", "empty.feature")


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_load_feature_records_sha256_of_the_bytes(tmp_path: Path) -> None:
    file = write(tmp_path / "a.feature", FEATURE)
    feature = load_feature(file, "features/a.feature")
    assert feature.path == "features/a.feature"
    assert feature.sha256 == hashlib.sha256(FEATURE.encode()).hexdigest()


def test_non_utf8_file_is_a_syntax_error(tmp_path: Path) -> None:
    file = write(tmp_path / "latin.feature", "Feature: Dés\n".encode("latin-1"))
    with pytest.raises(FeatureSyntaxError, match="not UTF-8"):
        load_feature(file, "latin.feature")


def test_load_features_sorted_relative_and_errors_apart(tmp_path: Path) -> None:
    features_dir = tmp_path / "features"
    write(features_dir / "mahe" / "02_b.feature", "Feature: B\n  Scenario: b\n    Given b\n")
    write(features_dir / "mahe" / "01_a.feature", "Feature: A\n  Scenario: a\n    Given a\n")
    write(
        features_dir / "mahe" / "03_bad.feature",
        "Feature: C\n  Scenario: c\n    Given c\n      | x | y |\n      | z |\n",
    )
    write(features_dir / "other" / "x.feature", "Feature: X\n")
    write(features_dir / "mahe" / "notes.txt", "not a feature")
    loaded = load_features(features_dir, tmp_path)
    assert [f.path for f in loaded.features] == [
        "features/mahe/01_a.feature",
        "features/mahe/02_b.feature",
        "features/other/x.feature",
    ]
    assert [(e.path, e.line) for e in loaded.errors] == [("features/mahe/03_bad.feature", 5)]


def test_a_feature_file_is_parsed_again_only_when_its_content_changed(tmp_path: Path) -> None:
    file = tmp_path / "one.feature"
    file.write_text("Feature: One\n\n  Scenario: first\n    Given a step\n", "utf-8")
    first = load_feature(file, "one.feature")
    assert load_feature(file, "one.feature") is first  # the same content: remembered
    file.write_text("Feature: One\n\n  Scenario: renamed\n    Given a step\n", "utf-8")
    edited = load_feature(file, "one.feature")
    assert edited is not first and edited.scenarios[0].name == "renamed"
    assert load_feature(file, "elsewhere/one.feature").path == "elsewhere/one.feature"
