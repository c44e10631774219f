"""Mahé positions as SVG pictures: the island loop, the raft, stacks, the egg cards.

Pure: a state in, a string out. Spaces 1..21 sit on a ring, counter-clockwise as turtles
move, with space 21 (the beach) at the top; the raft floats outside the ring beside space 1.
Stacks are drawn bottom to top; each turtle carries the first letter of its colour so the
picture does not rely on colour alone. The face-up egg card and the deck size sit in the
middle. Below the island a band says where the turn stands: whose turn it is, the turtle
moving, the dice rolled in this move and their total, and the decision or chance event that
comes next. Players are named by the `names` given (the scenario's names), else
"player 1", "player 2", ... The picture has a <title> and a <desc> giving the same facts in
words. Elements carry a `data-fact` naming what they show in the steps' words ("blue turtle",
"space 4", "raft", "face-up egg card", "deck", a player's name or "blue player", "turn"): the
site outlines those a failed step names.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from .game import MaheState, is_bust, move_length
from .terms import DECIDE, FIRST_DIE, MAX_TOTAL, NEXT_DIE, ORDER, OVER, RAFT, REVEAL, SPACES

FILL = {
    "blue": "#2f6fd0", "red": "#d03a2f", "yellow": "#e8c21c", "green": "#2f9e44",
    "purple": "#8a4fd0", "orange": "#f08c1a", "pink": "#e46fb0",
}  # fmt: skip
INK = {"yellow": "#222", "orange": "#222", "pink": "#222"}

SIZE = 520
BAND = 72
"""Height of the band under the island that says where the turn stands."""
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


def player_name(player: int, names: Sequence[str] | None = None) -> str:
    """A player as the scenario names them, else "player N" counted from 1."""
    if names is not None and 0 <= player < len(names):
        return names[player]
    return f"player {player + 1}"


def turn_facts(state: MaheState, names: Sequence[str] | None = None) -> list[str]:
    """Where the turn stands, in words: whose turn, the turtle moving, the dice rolled in this
    move (with their total), and what comes next."""
    colours = state.game.colours
    if state.phase == OVER:
        winners = ", ".join(player_name(p, names) for p in state.winners())
        return [f"game over; most eggs: {winners}"]
    facts = [f"turn of {player_name(state.turn_player, names)}"]
    mover = state.mover
    if mover is not None:
        facts.append(f"moving the {colours[mover]} turtle")
    dice = state.dice
    if dice:
        total = sum(dice)
        outcome = (
            f"over {MAX_TOTAL}: bust" if is_bust(dice) else f"moves {move_length(dice)} spaces"
        )
        facts.append(f"dice this move: {', '.join(map(str, dice))}, total {total} ({outcome})")
    elif state.phase in (FIRST_DIE, NEXT_DIE, DECIDE):
        facts.append("no dice rolled yet in this move")
    if state.phase == DECIDE:
        who = player_name(state.decider(), names)
        facts.append(f"next: {who} decides (stop, roll again or play a card)")
    elif state.phase == ORDER:
        facts.append(f"next: {player_name(state.turn_player, names)} picks the turtle moving first")
    elif state.phase == FIRST_DIE:
        facts.append("next: the first die is rolled")
    elif state.phase == NEXT_DIE:
        facts.append("next: another die is rolled")
    elif state.phase == REVEAL:
        facts.append("next: an egg card is turned up")
    return facts


def describe(state: MaheState, names: Sequence[str] | None = None) -> str:
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
        who = player_name(player, names)
        parts.append(f"{who}: {len(held)} cards, {state.eggs(player)} eggs{beach}")
    parts.extend(turn_facts(state, names))
    return "; ".join(parts) + "."


def _turtle(x: float, y: float, colour: str) -> str:
    fill = FILL.get(colour, "#777")
    ink = INK.get(colour, "#fff")
    return (
        f'<g data-fact="{colour} turtle"><g class="turtle turtle-{colour}">'
        f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{TURTLE_W / 2}" '
        f'ry="{TURTLE_H / 2}" fill="{fill}" stroke="#222" stroke-width="1"/>'
        f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="9" text-anchor="middle" '
        f'fill="{ink}" font-weight="bold">{escape(colour[:2].title())}</text></g></g>'
    )


def _stack(x: float, y: float, colours: list[str]) -> str:
    """A stack drawn upwards from the space: the bottom turtle nearest the space."""
    return "".join(_turtle(x, y - 4 - i * (TURTLE_H + 1), c) for i, c in enumerate(colours))


def to_svg(
    state: MaheState, title: str = "Mahé position", names: Sequence[str] | None = None
) -> str:
    """The state as a standalone SVG document (a string); `names` (one per player, in
    player order) name the players."""
    colours = state.game.colours
    height = SIZE + BAND
    words = describe(state, names)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {height}" width="{SIZE}" '
        f'height="{height}" role="img" aria-labelledby="t d" class="rulebooks-board mahe-board">',
        f'<title id="t">{escape(title)}</title><desc id="d">{escape(words)}</desc>',
        f'<rect width="{SIZE}" height="{height}" fill="#e9f4fb"/>',
        f'<circle cx="{CENTRE}" cy="{CENTRE}" r="{RING - 26}" fill="#f3e7c4" stroke="#c9b27a"/>',
    ]
    for space in range(1, SPACES + 1):
        x, y = space_centre(space)
        beach = space == SPACES
        fill = "#f7d98b" if beach else "#fff"
        out.append(
            f'<g data-fact="space {space}"><circle cx="{x:.1f}" cy="{y:.1f}" r="{SPACE_RADIUS}" '
            f'fill="{fill}" stroke="#555"/><text x="{x:.1f}" y="{y + 4:.1f}" font-size="11" '
            f'text-anchor="middle" fill="#333">{space}</text></g>'
        )
        stack = [colours[t] for t in state.stack(space)]
        if stack:  # beside the space, on the sea side of the ring
            ox, oy = outward(space, 38)
            out.append(_stack(ox, oy + 8, stack))
    x1, y1 = space_centre(1)
    rx, ry = CENTRE + 0.62 * (x1 - CENTRE) - 30, CENTRE + 0.62 * (y1 - CENTRE) - 10
    out.append(
        f'<g data-fact="raft"><rect x="{rx:.1f}" y="{ry:.1f}" width="60" height="34" rx="4" '
        f'fill="#b98b53" stroke="#6b4a22"/><text x="{rx + 30:.1f}" y="{ry + 46:.1f}" '
        f'font-size="10" text-anchor="middle" fill="#333">raft</text></g>'
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
        f'<g data-fact="face-up egg card"><rect x="{CENTRE - 38}" y="{CENTRE - 52}" width="76" '
        f'height="58" rx="6" fill="#fff" stroke="#333"/><text x="{CENTRE}" y="{CENTRE - 30}" '
        f'font-size="11" text-anchor="middle">face-up card</text><text x="{CENTRE}" '
        f'y="{CENTRE - 10}" font-size="15" font-weight="bold" text-anchor="middle">'
        f"{escape(label)}</text></g>"
        f'<text data-fact="deck" x="{CENTRE}" y="{CENTRE + 24}" font-size="11" '
        f'text-anchor="middle">deck: {state.deck_size} cards</text>'
    )
    for player in range(state.game.num_players):
        bonus = " + beach" if state.beach_player == player else ""
        # the steps name a player by name or by the colour of a turtle they own
        owned = [c for t, c in enumerate(colours) if state.game.turtle_owner[t] == player]
        out.append(
            "".join(f'<g data-fact="{c} player">' for c in owned)
            + f'<text data-fact="{escape(player_name(player, names))}" '
            f'x="{CENTRE}" y="{CENTRE + 42 + player * 13}" font-size="10" '
            f'text-anchor="middle">{escape(player_name(player, names))}: '
            f"{state.eggs(player)} eggs{bonus}</text>" + "</g>" * len(owned)
        )
    out.append(_turn_band(state, names))
    out.append("</svg>")
    return "".join(out)


def _turn_band(state: MaheState, names: Sequence[str] | None) -> str:
    """The band under the island: whose turn, the turtle moving and its dice, what is next."""
    facts = turn_facts(state, names)
    first = "; ".join(f for f in facts if not f.startswith(("dice", "no dice", "next")))
    lines = [first] + [f for f in facts if f.startswith(("dice", "no dice", "next"))]
    out = [
        f'<g data-fact="turn"><g class="mahe-turn"><rect x="6" y="{SIZE - 2}" width="{SIZE - 12}" '
        f'height="{BAND - 4}" rx="6" fill="#fff" stroke="#555"/>'
    ]
    for i, line in enumerate(part for part in lines if part):
        weight = "bold" if i == 0 else "normal"
        out.append(
            f'<text x="16" y="{SIZE + 16 + i * 18}" font-size="13" font-weight="{weight}">'
            f"{escape(line)}</text>"
        )
    out.append("</g></g>")
    return "".join(out)
