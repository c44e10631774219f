"""Mahé positions as SVG pictures: the island loop, the raft, stacks, the egg cards.

Pure: a state in, a string out. Spaces 1..21 sit on a ring, counter-clockwise as turtles
move, with space 21 (the beach) at the top; the raft floats outside the ring beside space 1.
Stacks are drawn bottom to top; each turtle carries the first letter of its colour so the
picture does not rely on colour alone. The face-up egg card and the deck size sit in the
middle. The picture has a <title> and a <desc> giving the same facts in words.
"""

from __future__ import annotations

import math
from html import escape

from .game import RAFT, SPACES, MaheState

FILL = {
    "blue": "#2f6fd0", "red": "#d03a2f", "yellow": "#e8c21c", "green": "#2f9e44",
    "purple": "#8a4fd0", "orange": "#f08c1a", "pink": "#e46fb0",
}  # fmt: skip
INK = {"yellow": "#222", "orange": "#222", "pink": "#222"}

SIZE = 520
CENTRE = SIZE / 2
RING = 175
SPACE_RADIUS = 17
TURTLE_W, TURTLE_H = 26, 11


def space_centre(space: int) -> tuple[float, float]:
    """Where a space sits: 21 at the top, then counter-clockwise 1, 2, ... 20."""
    angle = math.pi / 2 + 2 * math.pi * (space % SPACES) / SPACES  # counter-clockwise
    return CENTRE + RING * math.cos(angle), CENTRE - RING * math.sin(angle)


def outward(space: int, distance: float) -> tuple[float, float]:
    """A point `distance` further from the island's centre than the space."""
    x, y = space_centre(space)
    scale = (RING + distance) / RING
    return CENTRE + (x - CENTRE) * scale, CENTRE + (y - CENTRE) * scale


def describe(state: MaheState) -> str:
    """The position in words (the picture's text alternative)."""
    colours = state.game.colours
    parts = []
    for space in range(1, SPACES + 1):
        stack = state.stack(space)
        if stack:
            parts.append(f"space {space}: {', '.join(colours[t] for t in stack)} (bottom to top)")
    raft = sorted(colours[t] for t in state.stack(RAFT))
    if raft:
        parts.append(f"raft: {', '.join(raft)}")
    card = state.face_up_card
    parts.append(f"face-up egg card: {'none' if card is None else f'{card} eggs'}")
    parts.append(f"deck: {state.deck_size} cards")
    for player in range(state.game.num_players):
        held = state.collected(player)
        beach = " and the beach space" if state.beach_player == player else ""
        parts.append(f"player {player}: {len(held)} cards, {state.eggs(player)} eggs{beach}")
    return "; ".join(parts) + "."


def _turtle(x: float, y: float, colour: str) -> str:
    fill = FILL.get(colour, "#777")
    ink = INK.get(colour, "#fff")
    return (
        f'<g class="turtle turtle-{colour}"><ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{TURTLE_W / 2}" '
        f'ry="{TURTLE_H / 2}" fill="{fill}" stroke="#222" stroke-width="1"/>'
        f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="9" text-anchor="middle" '
        f'fill="{ink}" font-weight="bold">{escape(colour[:2].title())}</text></g>'
    )


def _stack(x: float, y: float, colours: list[str]) -> str:
    """A stack drawn upwards from the space: the bottom turtle nearest the space."""
    return "".join(_turtle(x, y - 4 - i * (TURTLE_H + 1), c) for i, c in enumerate(colours))


def to_svg(state: MaheState, title: str = "Mahé position") -> str:
    """The state as a standalone SVG document (a string)."""
    colours = state.game.colours
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}" width="{SIZE}" '
        f'height="{SIZE}" role="img" aria-labelledby="t d" class="rulebooks-board mahe-board">',
        f'<title id="t">{escape(title)}</title><desc id="d">{escape(describe(state))}</desc>',
        f'<rect width="{SIZE}" height="{SIZE}" fill="#e9f4fb"/>',
        f'<circle cx="{CENTRE}" cy="{CENTRE}" r="{RING - 26}" fill="#f3e7c4" stroke="#c9b27a"/>',
    ]
    for space in range(1, SPACES + 1):
        x, y = space_centre(space)
        beach = space == SPACES
        fill = "#f7d98b" if beach else "#fff"
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SPACE_RADIUS}" fill="{fill}" stroke="#555"/>'
            f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="11" text-anchor="middle" '
            f'fill="#333">{space}</text>'
        )
        stack = [colours[t] for t in state.stack(space)]
        if stack:  # beside the space, on the sea side of the ring
            ox, oy = outward(space, 38)
            out.append(_stack(ox, oy + 8, stack))
    x1, y1 = space_centre(1)
    rx, ry = CENTRE + 0.62 * (x1 - CENTRE) - 30, CENTRE + 0.62 * (y1 - CENTRE) - 10
    out.append(
        f'<rect x="{rx:.1f}" y="{ry:.1f}" width="60" height="34" rx="4" fill="#b98b53" '
        f'stroke="#6b4a22"/><text x="{rx + 30:.1f}" y="{ry + 46:.1f}" font-size="10" '
        f'text-anchor="middle" fill="#333">raft</text>'
    )
    raft = sorted(colours[t] for t in state.stack(RAFT))
    for i, colour in enumerate(raft):
        out.append(_turtle(rx + 16 + (i % 2) * 28, ry + 9 + (i // 2) * 12, colour))
    card = state.face_up_card
    if card is not None:
        label = f"{card} eggs"
    else:  # between a card taken and the next turned up, or the beach once the deck is out
        label = "beach: 7 eggs" if state.deck_size == 0 else "to turn up"
    out.append(
        f'<rect x="{CENTRE - 38}" y="{CENTRE - 52}" width="76" height="58" rx="6" fill="#fff" '
        f'stroke="#333"/><text x="{CENTRE}" y="{CENTRE - 30}" font-size="11" '
        f'text-anchor="middle">face-up card</text><text x="{CENTRE}" y="{CENTRE - 10}" '
        f'font-size="15" font-weight="bold" text-anchor="middle">{escape(label)}</text>'
        f'<text x="{CENTRE}" y="{CENTRE + 24}" font-size="11" text-anchor="middle">'
        f"deck: {state.deck_size} cards</text>"
    )
    for player in range(state.game.num_players):
        bonus = " + beach" if state.beach_player == player else ""
        out.append(
            f'<text x="{CENTRE}" y="{CENTRE + 42 + player * 13}" font-size="10" '
            f'text-anchor="middle">player {player}: {state.eggs(player)} eggs{bonus}</text>'
        )
    out.append("</svg>")
    return "".join(out)
