"""A picture of a Pig position: each player's banked score as a bar towards the target, and
the turn total of the player whose turn it is."""

from __future__ import annotations

from html import escape

from .game import PigState

WIDTH = 360
ROW = 24


def to_svg(state: PigState, title: str = "Pig position") -> str:
    """The position as an SVG document."""
    game = state.game
    rows = game.num_players
    height = 40 + ROW * rows
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}: {escape(str(state))}</title>",
    ]
    scale = (WIDTH - 140) / game.target
    for player, score in enumerate(state.scores):
        y = 10 + ROW * player
        banked = min(score, game.target) * scale
        parts.append(f'<text x="4" y="{y + 14}" font-size="12">player {player + 1}</text>')
        parts.append(
            f'<rect x="70" y="{y + 2}" width="{WIDTH - 140}" height="14" fill="#eee" '
            f'stroke="#999"/>'
        )
        parts.append(f'<rect x="70" y="{y + 2}" width="{banked:.1f}" height="14" fill="#4a7"/>')
        if player == state.turn_player and not state.is_over() and state.turn_total:
            extra = min(state.turn_total, max(game.target - score, 0)) * scale
            parts.append(
                f'<rect x="{70 + banked:.1f}" y="{y + 2}" width="{extra:.1f}" height="14" '
                f'fill="#fc6"/>'
            )
        parts.append(f'<text x="{WIDTH - 64}" y="{y + 14}" font-size="12">{score}</text>')
    parts.append(f'<text x="4" y="{height - 8}" font-size="12">{escape(str(state))}</text></svg>')
    return "".join(parts)
