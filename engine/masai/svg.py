"""The necklace drawn as SVG: pure functions of the board graph and of a state (no I/O).

`board_svg` draws the empty board. Every slot is drawn where its ``at`` puts it (degrees
clockwise from the top, radius) and labelled with its id. Squares are die slots, ellipses seed
slots, dashed squares the key positions. A thin line joins a seed slot to each die slot it
joins; a thick line is a natural link. Inner-line joins are dotted, outer-line joins solid, as
on the rulebook's board.

`to_svg` draws a position on that board: each die in its slot or on its sector's key, filled
with its colour and carrying its colour's initial and its face; each seed in its slot, marked
with its owner (``P0``, ``P1``, ...); the round's pool of rolled dice in the middle of the
necklace; and, below, each player's score, seeds left and special actions used, the bag and
the discard. Nothing rests on colour alone, and the picture's <title> and <desc> give the same
facts in words (`describe`). Elements carry a `data-fact` naming what they show in the steps'
words (a slot's ID such as ``G-out-d3``, "key of the red sector", "red sector", "pool", "bag",
"discard", a player's name): the site outlines those a failed step names.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from .board import COLOURS, INNER, LINES, Board
from .game import MasaiState
from .terms import DRAW, KEY, OVER, PLACE, SEED

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


def _ring(board: Board) -> tuple[float, float]:
    """The inner and outer radius of the sectors' coloured band."""
    radii = [r for _, r in board.die_at + board.seed_at + board.key_at]
    return min(radii) - 25, max(radii) + 25


def _sectors(board: Board) -> list[str]:
    inner, outer = _ring(board)
    parts = []
    for sector in board.necklace:
        colour = COLOURS[sector]
        angles = _angles_of(board, sector)
        start, end = min(angles) - 4, max(angles) + 4
        parts.append(_wedge(start, end, inner, outer, TINT[colour]))
        x, y = _point((start + end) / 2, outer + 22)
        parts.append(
            f'<text data-fact="{colour} sector" x="{_fmt(x)}" y="{_fmt(y + 5)}" class="sector" '
            f'fill="{INK[colour]}" '
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
            f'<rect data-fact="key of the {COLOURS[sector]} sector" x="{_fmt(x - half)}" '
            f'y="{_fmt(y - half)}" width="{DIE}" height="{DIE}" '
            f'fill="white" stroke="{INK[COLOURS[sector]]}" stroke-width="2" '
            f'stroke-dasharray="4 2"/>'
        )
        parts.append(f'<text x="{_fmt(x)}" y="{_fmt(y + 3)}" class="id">key</text>')
        labels.append(_label(board.key_ids[sector], angle, radius, True))
    for d, (angle, radius) in enumerate(board.die_at):
        x, y = _point(angle, radius)
        colour = COLOURS[board.die_sector[d]]
        parts.append(
            f'<rect data-fact="{escape(board.die_ids[d])}" x="{_fmt(x - half)}" '
            f'y="{_fmt(y - half)}" width="{DIE}" height="{DIE}" '
            f'fill="white" stroke="{INK[colour]}" stroke-width="2"/>'
        )
        labels.append(_label(board.die_ids[d], angle, radius,
                            _outward(board, board.die_line[d], radius)))  # fmt: skip
    for s, (angle, radius) in enumerate(board.seed_at):
        x, y = _point(angle, radius)
        colour = COLOURS[board.die_sector[board.area_dice[board.seed_area[s]][0]]]
        parts.append(
            f'<ellipse data-fact="{escape(board.seed_ids[s])}" cx="{_fmt(x)}" cy="{_fmt(y)}" '
            f'rx="10" ry="7" fill="white" '
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


# -- a position ---------------------------------------------------------------------------------
FILL = {
    "red": "#d32f2f", "orange": "#ef7d00", "yellow": "#f6c700",
    "green": "#388e3c", "blue": "#1e6fd0", "violet": "#7b3fa8",
}  # fmt: skip
FACE_INK = {"orange": "#222", "yellow": "#222"}  # dark figures where white would not show
SEED_FILL = ("#222222", "#ffffff", "#9c6b3c", "#6b7f8f")  # player 0, 1, 2, 3
SEED_INK = ("#ffffff", "#222222", "#ffffff", "#ffffff")
PLACED = 30  # a die in a slot or on a key
POOLED = 36  # a die of the pool, in the middle of the necklace
SMALL = 20  # a die of the discard
INITIAL = 9  # the smallest a die's colour initial is drawn: as large as the slot labels
PANEL = 210  # the strip below the necklace: players, bag, discard, what comes next


def player_name(player: int, names: Sequence[str] | None = None) -> str:
    """``P0`` (as on the seeds), with the scenario's name when there is one: ``P0 Rennan``."""
    if names is not None and player < len(names):
        return f"P{player} {names[player]}"
    return f"P{player}"


def _count(n: int, one: str, many: str) -> str:
    return "empty" if n == 0 else f"{n} {one if n == 1 else many}"


def _die(x: float, y: float, die: str, size: float, role: str) -> str:
    """A die centred on (x, y): filled with its colour, its colour's initial in the top left
    corner and its face in the middle."""
    colour, face = die.split()
    half = size / 2
    ink = FACE_INK.get(colour, "#fff")
    return (
        f'<g class="die {role} die-{colour}"><title>{escape(die)}</title>'
        f'<rect x="{_fmt(x - half)}" y="{_fmt(y - half)}" width="{_fmt(size)}" '
        f'height="{_fmt(size)}" rx="{_fmt(size / 6)}" fill="{FILL[colour]}" stroke="#111" '
        f'stroke-width="1.5"/>'
        f'<text x="{_fmt(x - half + size * 0.2)}" y="{_fmt(y - half + size * 0.32)}" '
        f'style="font-size:{_fmt(max(INITIAL, size * 0.27))}px;fill:{ink}">'
        f"{colour[0].upper()}</text>"
        f'<text x="{_fmt(x + size * 0.08)}" y="{_fmt(y + size * 0.25)}" '
        f'style="font-size:{_fmt(size * 0.62)}px;font-weight:bold;fill:{ink}">{face}</text></g>'
    )


def _seed(x: float, y: float, player: int, role: str = "seed") -> str:
    """A seed centred on (x, y), marked with its owner (`role` "swatch": in the key)."""
    fill = SEED_FILL[player % len(SEED_FILL)]
    ink = SEED_INK[player % len(SEED_INK)]
    return (
        f'<g class="{role} {role}-p{player}"><title>seed of player {player}</title>'
        f'<ellipse cx="{_fmt(x)}" cy="{_fmt(y)}" rx="14" ry="10" fill="{fill}" stroke="#111" '
        f'stroke-width="1.5"/><text x="{_fmt(x)}" y="{_fmt(y + 3.5)}" '
        f'style="font-size:10px;font-weight:bold;fill:{ink}">P{player}</text></g>'
    )


NEXT = {
    DRAW: "the round's dice are drawn",
    KEY: "a key, special action 3 or 4, or a pass",
    PLACE: "a die into the sector of the key just taken",
    SEED: "a seed into the area of the die just placed, or none",
}


def _status(state: MasaiState, names: Sequence[str] | None) -> str:
    """What comes next, in words."""
    if state.phase == OVER:
        winner = state.winner()
        won = "" if winner is None else f"; winner {player_name(winner, names)}"
        return f"game over after round {state.round} ({state.ending}){won}"
    order = ", ".join(player_name(p, names) for p in state.order)
    who = "" if state.turn_player is None else f"{player_name(state.turn_player, names)}: "
    ending = "" if state.ending is None else f"; the game ends with this round ({state.ending})"
    return f"round {state.round} (order {order}), next {who}{NEXT[state.phase]}{ending}"


def describe(state: MasaiState, names: Sequence[str] | None = None) -> str:
    """The position in words (the picture's text alternative)."""
    board = state.game.board
    status = _status(state, names)
    parts = [status[0].upper() + status[1:] + "."]
    for sector in board.necklace:
        colour = COLOURS[sector]
        key = state.key_of(sector)
        opened = state.is_opened(sector)
        facts = [f"key {key}" if key else ("no key" if opened else "not opened")]
        for area in board.sector_areas[sector]:
            line = LINES[board.die_line[board.area_dice[area][0]]]
            dice = [f"{board.die_ids[d]} {state.die_on(d)}" for d in board.area_dice[area]
                    if state.die_on(d)]  # fmt: skip
            seeds = [
                f"{board.seed_ids[s]} seed of {player_name(owner, names)}"
                for s in board.area_seeds[area]
                if (owner := state.seed_on(s)) is not None
            ]
            facts.append(f"{board.area_ids[area]} ({line} line): "
                         f"{', '.join(dice + seeds) or 'empty'}")  # fmt: skip
        parts.append(f"{colour.capitalize()} sector: {'; '.join(facts)}.")
    parts.append(f"Pool: {', '.join(state.pool()) or 'empty'}.")
    bag = state.bag()
    parts.append(f"Bag: {sum(bag.values())} dice ("
                 f"{', '.join(f'{n} {c}' for c, n in bag.items())}).")  # fmt: skip
    parts.append(f"Discard: {', '.join(state.discard()) or 'empty'}.")
    for p in range(state.game.num_players):
        uses = ", ".join(str(state.special_uses(p, a)) for a in (1, 2, 3, 4))
        parts.append(f"{player_name(p, names)}: score {state.score(p)}, "
                     f"{state.supply(p)} seeds left, special actions used {uses}.")  # fmt: skip
    return " ".join(parts)


def to_svg(
    state: MasaiState, title: str = "Masai position", names: Sequence[str] | None = None
) -> str:
    """The state as a standalone SVG document (a string; nothing is written).

    `names` (optional) are the players' names, shown beside ``P0``, ``P1``, ... .
    """
    board = state.game.board
    height = SIZE + PANEL
    words = describe(state, names)
    if not board.verified:  # the picture's text says what its drawing says
        title = f"{title} (board UNVERIFIED)"
        words += f" The board's geometry ({board.name}) is an UNVERIFIED reading (MASAI-R1)."
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {height}" '
        f'width="{SIZE}" height="{height}" role="img" aria-labelledby="t d" '
        f'class="rulebooks-board masai-board">',
        f'<title id="t">{escape(title)}</title><desc id="d">{escape(words)}</desc>',
        "<style>text{font-family:sans-serif;font-size:9px;text-anchor:middle;fill:#222}"
        "text.sector{font-size:16px;font-weight:bold}text.note{font-size:13px;"
        "text-anchor:start}text.head{font-size:15px;font-weight:bold;text-anchor:start}"
        "text.warn{font-size:13px;text-anchor:start;fill:#b3261e;font-weight:bold}"
        "text.sector-note{font-size:12px;font-style:italic}</style>",
        f'<rect width="{SIZE}" height="{height}" fill="white"/>',
    ]
    parts += _sectors(board)
    parts += _joins(board)
    parts += _slots(board)
    parts += _necklace(state)
    parts += _pool(state)
    parts += _state_legend()
    parts += _panel(state, names)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _necklace(state: MasaiState) -> list[str]:
    """The dice on the slots and keys, the seeds on the seed slots."""
    board = state.game.board
    parts = []
    for sector in board.necklace:
        x, y = _point(*board.key_at[sector])
        key = state.key_of(sector)
        if key is not None:
            parts.append(_die(x, y, key, PLACED, "key-die"))
        elif not state.is_opened(sector):  # said under the sector's name (above, at the top)
            angles = _angles_of(board, sector)
            nx, ny = _point((min(angles) + max(angles)) / 2, _ring(board)[1] + 22)
            ny += -17 if ny < CENTRE - 100 else 24
            parts.append(f'<text x="{_fmt(nx)}" y="{_fmt(ny)}" class="sector-note" '
                         f'style="fill:{INK[COLOURS[sector]]}">not opened</text>')  # fmt: skip
    for d in range(board.num_die_slots):
        die = state.die_on(d)
        if die is not None:
            parts.append(_die(*_point(*board.die_at[d]), die, PLACED, "slot-die"))
    for s in range(board.num_seed_slots):
        owner = state.seed_on(s)
        if owner is not None:
            parts.append(_seed(*_point(*board.seed_at[s]), owner))
    return parts


def _pool(state: MasaiState) -> list[str]:
    """The round's rolled dice in the middle of the necklace, five to a row."""
    pool = state.pool()
    per_row = 5
    step = POOLED + 8
    rows = max(1, math.ceil(len(pool) / per_row))
    top = CENTRE - (rows * step) / 2 + 12
    parts = [
        f'<text data-fact="pool" x="{CENTRE}" y="{_fmt(top - 16)}" class="head" '
        f'style="text-anchor:middle">'
        f"pool: {_count(len(pool), 'die', 'dice')}</text>"
    ]
    for i, die in enumerate(pool):
        in_row = min(per_row, len(pool) - (i // per_row) * per_row)
        x = CENTRE + ((i % per_row) - (in_row - 1) / 2) * step
        y = top + (i // per_row) * step + POOLED / 2
        parts.append(_die(x, y, die, POOLED, "pool-die"))
    return parts


def _state_legend() -> list[str]:
    return [
        '<text x="20" y="26" class="note">Dice: colour initial and face (G 4 = green 4) · '
        "dashed squares: keys</text>",
        '<text x="20" y="46" class="note">Seeds: P0, P1, ... = the player who placed them</text>',
        '<line x1="20" y1="62" x2="60" y2="62" stroke="#333" stroke-width="2" '
        'stroke-dasharray="3 3"/><text x="66" y="66" class="note">inner line (dotted)</text>',
        '<line x1="200" y1="62" x2="240" y2="62" stroke="#333" stroke-width="2"/>'
        '<text x="246" y="66" class="note">outer line (solid)</text>',
    ]


def _panel(state: MasaiState, names: Sequence[str] | None) -> list[str]:
    """Below the necklace: the players, the bag, the discard and what comes next."""
    game = state.game
    top = SIZE + 10
    parts = [
        f'<line x1="0" y1="{SIZE}" x2="{SIZE}" y2="{SIZE}" stroke="#999"/>',
        f'<text x="20" y="{top + 14}" class="head">{escape(_status(state, names))}</text>',
    ]
    for p in range(game.num_players):
        y = top + 44 + p * 26
        uses = ", ".join(str(state.special_uses(p, a)) for a in (1, 2, 3, 4))
        parts.append(_seed(34, y - 4, p, "swatch"))
        parts.append(
            f'<text data-fact="{escape(names[p] if names and p < len(names) else f"P{p}")}" '
            f'x="56" y="{y}" class="note">'
            f"{escape(player_name(p, names))}: score "
            f"{state.score(p)} · {state.supply(p)} seeds left · special actions used "
            f"{uses}</text>"
        )
    bag = state.bag()
    x = 560
    parts.append(f'<text data-fact="bag" x="{x}" y="{top + 44}" class="note">bag: '
                 f"{sum(bag.values())} dice</text>")  # fmt: skip
    for i, (colour, count) in enumerate(bag.items()):
        bx = x + 90 + i * 62
        parts.append(
            f'<g class="bag-count"><rect x="{bx}" y="{top + 30}" width="{SMALL}" '
            f'height="{SMALL}" rx="3" fill="{FILL[colour]}" stroke="#111"/>'
            f'<text x="{bx + SMALL / 2}" y="{top + 44}" style="font-size:11px;font-weight:bold;'
            f'fill:{FACE_INK.get(colour, "#fff")}">{colour[0].upper()}</text>'
            f'<text x="{bx + SMALL + 4}" y="{top + 45}" class="note">{count}</text></g>'
        )
    discard = state.discard()
    parts.append(f'<text data-fact="discard" x="{x}" y="{top + 78}" class="note">discard: '
                 f"{_count(len(discard), 'die', 'dice')}</text>")  # fmt: skip
    per_row = 14
    for i, die in enumerate(discard):
        dx = x + 90 + (i % per_row) * (SMALL + 3) + SMALL / 2
        dy = top + 74 + (i // per_row) * (SMALL + 3)
        parts.append(_die(dx, dy, die, SMALL, "discard-die"))
    if not game.board.verified:
        parts.append(
            f'<text x="20" y="{SIZE + PANEL - 12}" class="warn">UNVERIFIED board '
            f"{escape(game.board.name)}: this project's reading, not the printed board</text>"
        )
    return parts
