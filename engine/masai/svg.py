"""The necklace drawn as SVG: a pure function of the board graph (no I/O).

Every slot is drawn where its ``at`` puts it (degrees clockwise from the top, radius) and
labelled with its id. Squares are die slots, ellipses seed slots, dashed squares the key
positions. A thin line joins a seed slot to each die slot it joins; a thick line is a natural
link. Inner-line joins are dotted, outer-line joins solid, as on the rulebook's board.
"""

from __future__ import annotations

import math
from html import escape

from .board import COLOURS, INNER, Board

SIZE = 1040
CENTRE = SIZE / 2
TINT = {
    "red": "#f4c7c3", "orange": "#fbdcb8", "yellow": "#fbf1b5",
    "green": "#cdebc9", "blue": "#c6dcf4", "violet": "#dfcdef",
}  # fmt: skip
INK = {
    "red": "#b3261e", "orange": "#c25e00", "yellow": "#8a7400",
    "green": "#2e7d32", "blue": "#1f5fa8", "violet": "#6a3d9a",
}  # fmt: skip
DIE = 24
LABEL_GAP = 22


def _point(angle: float, radius: float) -> tuple[float, float]:
    theta = math.radians(angle)
    return CENTRE + radius * math.sin(theta), CENTRE - radius * math.cos(theta)


def _fmt(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _label(ident: str, angle: float, radius: float, outward: bool) -> str:
    """An id beside its slot, further off where the text runs across the radius."""
    gap = LABEL_GAP + 14 * abs(math.sin(math.radians(angle)))
    x, y = _point(angle, radius + (gap if outward else -gap))
    return f'<text x="{_fmt(x)}" y="{_fmt(y + 3)}" class="id">{escape(ident)}</text>'


def _wedge(start: float, end: float, inner: float, outer: float, fill: str) -> str:
    x1, y1 = _point(start, outer)
    x2, y2 = _point(end, outer)
    x3, y3 = _point(end, inner)
    x4, y4 = _point(start, inner)
    large = 1 if end - start > 180 else 0
    return (
        f'<path d="M{_fmt(x1)},{_fmt(y1)} A{_fmt(outer)},{_fmt(outer)} 0 {large} 1 '
        f"{_fmt(x2)},{_fmt(y2)} L{_fmt(x3)},{_fmt(y3)} A{_fmt(inner)},{_fmt(inner)} 0 "
        f'{large} 0 {_fmt(x4)},{_fmt(y4)} Z" fill="{fill}" stroke="none"/>'
    )


def board_svg(board: Board) -> str:
    """The board as a standalone SVG document (a string; nothing is written)."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}" '
        f'width="{SIZE}" height="{SIZE}" role="img" aria-labelledby="title desc">',
        f'<title id="title">Masai board {escape(board.name)!s}'
        f"{'' if board.verified else ' (UNVERIFIED reading)'}</title>",
        '<desc id="desc">Six sectors round a necklace, each with an inner-line and an '
        "outer-line area of three die slots (squares) and three seed slots (ellipses). "
        "Thin lines join seed slots to die slots; thick lines are natural links; dotted "
        "lines belong to the inner line, solid ones to the outer line.</desc>",
        "<style>text{font-family:sans-serif;font-size:9px;text-anchor:middle;fill:#222}"
        "text.sector{font-size:16px;font-weight:bold}text.note{font-size:13px;"
        "text-anchor:start}text.warn{font-size:15px;text-anchor:start;fill:#b3261e;"
        "font-weight:bold}</style>",
        f'<rect width="{SIZE}" height="{SIZE}" fill="white"/>',
    ]
    parts += _sectors(board)
    parts += _joins(board)
    parts += _slots(board)
    parts += _legend(board)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _angles_of(board: Board, sector: int) -> list[float]:
    angles = [board.die_at[d][0] for d in board.sector_dice[sector]]
    for area in board.sector_areas[sector]:
        angles += [board.seed_at[s][0] for s in board.area_seeds[area]]
    angles.append(board.key_at[sector][0])
    return angles


def _sectors(board: Board) -> list[str]:
    radii = [r for _, r in board.die_at + board.seed_at + board.key_at]
    inner, outer = min(radii) - 25, max(radii) + 25
    parts = []
    for sector in board.necklace:
        colour = COLOURS[sector]
        angles = _angles_of(board, sector)
        start, end = min(angles) - 4, max(angles) + 4
        parts.append(_wedge(start, end, inner, outer, TINT[colour]))
        x, y = _point((start + end) / 2, outer + 22)
        parts.append(
            f'<text x="{_fmt(x)}" y="{_fmt(y + 5)}" class="sector" fill="{INK[colour]}" '
            f'style="fill:{INK[colour]}">{colour}</text>'
        )
    return parts


def _segment(a: tuple[float, float], b: tuple[float, float], line: int, width: float) -> str:
    x1, y1 = _point(*a)
    x2, y2 = _point(*b)
    dash = ' stroke-dasharray="3 3"' if line == INNER else ""
    return (
        f'<line x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x2)}" y2="{_fmt(y2)}" '
        f'stroke="#333" stroke-width="{width}"{dash}/>'
    )


def _joins(board: Board) -> list[str]:
    parts = []
    for s, joined in enumerate(board.seed_joins):
        for d in joined:
            parts.append(_segment(board.seed_at[s], board.die_at[d], board.seed_line[s], 1.5))
    for a, b in board.natural_links:
        parts.append(_segment(board.die_at[a], board.die_at[b], board.die_line[a], 5))
    return parts


def _outward(board: Board, line: int, radius: float) -> bool:
    """Labels go outside the ring, except for slots inside every die slot of their line."""
    line_radii = [r for d, (_, r) in enumerate(board.die_at) if board.die_line[d] == line]
    return not line_radii or radius >= min(line_radii)


def _slots(board: Board) -> list[str]:
    """Slot shapes first, then every label, so that no shape hides a label."""
    parts: list[str] = []
    labels: list[str] = []
    half = DIE / 2
    for sector in board.necklace:
        angle, radius = board.key_at[sector]
        x, y = _point(angle, radius)
        parts.append(
            f'<rect x="{_fmt(x - half)}" y="{_fmt(y - half)}" width="{DIE}" height="{DIE}" '
            f'fill="white" stroke="{INK[COLOURS[sector]]}" stroke-width="2" '
            f'stroke-dasharray="4 2"/>'
        )
        parts.append(f'<text x="{_fmt(x)}" y="{_fmt(y + 3)}" class="id">key</text>')
        labels.append(_label(board.key_ids[sector], angle, radius, True))
    for d, (angle, radius) in enumerate(board.die_at):
        x, y = _point(angle, radius)
        colour = COLOURS[board.die_sector[d]]
        parts.append(
            f'<rect x="{_fmt(x - half)}" y="{_fmt(y - half)}" width="{DIE}" height="{DIE}" '
            f'fill="white" stroke="{INK[colour]}" stroke-width="2"/>'
        )
        labels.append(_label(board.die_ids[d], angle, radius,
                            _outward(board, board.die_line[d], radius)))  # fmt: skip
    for s, (angle, radius) in enumerate(board.seed_at):
        x, y = _point(angle, radius)
        colour = COLOURS[board.die_sector[board.area_dice[board.seed_area[s]][0]]]
        parts.append(
            f'<ellipse cx="{_fmt(x)}" cy="{_fmt(y)}" rx="10" ry="7" fill="white" '
            f'stroke="{INK[colour]}" stroke-width="2"/>'
        )
        labels.append(_label(board.seed_ids[s], angle, radius,
                             _outward(board, board.seed_line[s], radius)))  # fmt: skip
    return parts + labels


def _legend(board: Board) -> list[str]:
    parts = [
        '<text x="20" y="30" class="note">Squares: die slots · ellipses: seed slots · '
        "dashed squares: keys</text>",
        '<text x="20" y="50" class="note">Thin line: a seed slot and the die slots it '
        "joins · thick line: natural link</text>",
        '<text x="20" y="70" class="note">Dotted: inner line (instant link points) · '
        "solid: outer line (end-game link)</text>",
    ]
    if not board.verified:
        parts.append(
            f'<text x="20" y="{SIZE - 20}" class="warn">UNVERIFIED: board {escape(board.name)} '
            "is this project's reading, not the printed board</text>"
        )
    return parts
