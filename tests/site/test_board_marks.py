"""The fact a failed step expected is marked on the actual board, not only in its caption."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from rulebooks.site.sphinxext.render import MARK_COLOUR, facts_named, mark_facts

PICTURE = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<g data-fact="space 1"><circle r="1"/></g><g data-fact="space 14"><circle r="1"/></g>'
    '<g data-fact="blue turtle"><ellipse rx="1" ry="1"/></g><g data-fact="turn"><rect/></g>'
    '<text data-fact="Ana &amp; Bo">Ana &amp; Bo: 3 eggs</text></svg>'
)


def test_the_things_a_step_names_are_found_as_whole_words() -> None:
    assert facts_named(PICTURE, "Then the blue turtle is on space 14") == [
        "blue turtle", "space 14"]  # fmt: skip
    assert facts_named(PICTURE, "Then the Blue Turtle is on Space 14") == []  # as written
    assert facts_named(PICTURE, "Then the blue turtle is on space 1") == [
        "blue turtle", "space 1"]  # fmt: skip
    assert facts_named(PICTURE, "And it is Ana & Bo's turn") == ["Ana & Bo", "turn"]
    assert facts_named(PICTURE, "Then the game is over") == []


def test_marking_adds_a_stylesheet_for_the_named_things_only() -> None:
    marked = mark_facts(PICTURE, ["space 14", "Ana & Bo"])
    ET.fromstring(marked)  # still a well-formed picture
    style = ET.fromstring(marked).find("{http://www.w3.org/2000/svg}style")
    assert style is not None and style.text is not None
    assert '[data-fact="space 14"] circle' in style.text and MARK_COLOUR in style.text
    assert 'text[data-fact="Ana & Bo"]' in style.text
    assert '"space 1"' not in style.text and "blue turtle" not in style.text
    assert mark_facts(PICTURE, []) == PICTURE


def board_of(page: str, caption: str) -> tuple[str, str]:
    """The ``src`` and ``alt`` of the picture whose caption starts with ``caption``."""
    for figure in re.findall(r"<figure .*?</figure>", page, re.S):
        if f"<figcaption>{caption}" in figure:
            source = re.search(r'src="([^"]+)"', figure)
            alt = re.search(r'alt="([^"]*)"', figure)
            assert source and alt
            return html.unescape(source.group(1)), html.unescape(alt.group(1))
    raise AssertionError(f"no picture captioned {caption!r}")


def test_a_failed_check_marks_the_turtle_and_the_space_on_the_actual_board(
    red_site: tuple[Path, dict[str, object]],
) -> None:
    """The failed step "Then the blue turtle is on space 4" (a die of 3 moved it to 3): the
    board outlines the blue turtle and space 4, and the caption still says the expectation,
    then what is outlined."""
    project, _ = red_site
    page = (project / "html" / "index.html").read_text("utf-8")
    source, alt = board_of(page, "Actual, with what this step expected")
    assert "(Expected: Then the blue turtle is on space 4): space 3: blue" in alt
    assert alt.endswith("\nOutlined in magenta on the picture: blue turtle, space 4."), alt
    caption = page[page.index("Actual, with what this step expected<br/>") :]
    assert (
        '<span class="rulebooks-board-marked">Outlined in magenta on the picture: blue turtle, '
        "space 4</span>"
    ) in caption[: caption.index("</figure>")]
    svg = (project / "html" / source).read_text("utf-8")
    style = ET.fromstring(svg).find("{http://www.w3.org/2000/svg}style")
    assert style is not None and style.text is not None
    assert '[data-fact="blue turtle"]' in style.text and '[data-fact="space 4"]' in style.text
    assert '[data-fact="space 3"]' not in style.text
    before, _ = board_of(page, "Before the first action")
    assert "rulebooks-marks" not in (project / "html" / before).read_text("utf-8")
