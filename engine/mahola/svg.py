"""The Mahola table drawn as SVG: a pure function of a state (no I/O).

One band per player, as tall as its contents: their Character, their tableau left to right
and, smaller, their hand
(everything is shown: this is the picture of the whole position for the
site, not a player's view). A card is a rectangle in its current colour (the Shaman may have changed
it) showing its number, dance and value, its spirit animal and secondary icons; a Special
Dance card has a double border. Once the game is over, the last round's tableaux are drawn.
Colours are the data file's names; a name that SVG does not know is drawn grey.

Players and cards may be named as a scenario names them: `names` (one per player, in
player order; else "player 1", "player 2", ...), `labels` (card number -> the scenario's
label, shown instead of the number) and `blank` (cards with no printed data, drawn as
"blank" rather than a made-up value, dance and animal). The header says who acts next.
Elements carry a `data-fact` naming what they show in the steps' words (a player's name, a
card's label, "Favor tokens"): the site outlines those a failed step names.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from html import escape

from ..core import CHANCE, SIMULTANEOUS
from .components import CHARACTERS, DanceCard
from .game import MaholaState
from .terms import OVER

CARD_W, CARD_H = 92, 64
HAND_W, HAND_H = 70, 46
GAP = 8
LEFT = 120
TOP = 60
KNOWN = {
    "red": ("#f4c7c3", "#b3261e"), "orange": ("#fbdcb8", "#c25e00"),
    "yellow": ("#fbf1b5", "#8a7400"), "green": ("#cdebc9", "#2e7d32"),
    "blue": ("#c6dcf4", "#1f5fa8"), "purple": ("#dfcdef", "#6a3d9a"),
    "violet": ("#dfcdef", "#6a3d9a"), "white": ("#ffffff", "#555555"),
    "black": ("#5a5a5a", "#111111"), "pink": ("#f8d0e3", "#a0306a"),
}  # fmt: skip
UNKNOWN = ("#e0e0e0", "#666666")


class Naming:
    """How a picture names players and cards (see the module's docstring)."""

    def __init__(
        self,
        names: Sequence[str] | None = None,
        labels: Mapping[int, str] | None = None,
        blank: Collection[int] = (),
    ) -> None:
        self.names = names
        self.labels = dict(labels or {})
        self.blank = frozenset(blank)

    def player(self, player: int) -> str:
        """A player as the scenario names them, else "player N" counted from 1."""
        if self.names is not None and 0 <= player < len(self.names):
            return self.names[player]
        return f"player {player + 1}"

    def card(self, number: int) -> str:
        """A card by the scenario's label, else its number."""
        return self.labels.get(number, f"#{number}")


def _card(
    x: int, y: int, number: int, card: DanceCard, colour: str, small: bool, naming: Naming
) -> str:
    width, height = (HAND_W, HAND_H) if small else (CARD_W, CARD_H)
    fill, ink = KNOWN.get(colour, UNKNOWN)
    parts = [
        f'<rect data-fact="{escape(naming.card(number))}" x="{x}" y="{y}" width="{width}" '
        f'height="{height}" rx="6" fill="{fill}" '
        f'stroke="{ink}" stroke-width="{3 if card.special else 1.5}"/>'
    ]
    if card.special:
        parts.append(
            f'<rect x="{x + 3}" y="{y + 3}" width="{width - 6}" height="{height - 6}" rx="4" '
            f'fill="none" stroke="{ink}" stroke-width="1"/>'
        )
    size = 10 if small else 12
    if number in naming.blank:  # no printed data: its label, and "blank"
        lines = [naming.card(number), "blank"]
    else:
        lines = [f"{card.value} {card.dance}", f"{naming.card(number)} {card.animal}"]
    if card.icons and not small and number not in naming.blank:
        lines.append(", ".join(card.icons))
    for i, line in enumerate(lines):
        parts.append(
            f'<text x="{x + 6}" y="{y + 6 + size + i * (size + 3)}" font-size="{size}" '
            f'fill="{ink}">{escape(line)}</text>'
        )
    return "".join(parts)


def _band(
    y: int, label: str, tableau: list[int], hand: list[int], state: MaholaState,
    recoloured: dict[int, int], naming: Naming,
) -> list[str]:  # fmt: skip
    game = state.game
    who = escape(label.split(":")[0])  # the player, as the steps name them
    parts = [
        f'<text data-fact="{who}" x="8" y="{y + 24}" font-size="13" font-weight="bold">'
        f"{escape(label)}</text>"
    ]

    def colour(card: int) -> str:
        index = recoloured.get(card)
        return game.cards[card].colour if index is None else game.colours[index]

    for i, card in enumerate(tableau):
        x = LEFT + i * (CARD_W + GAP)
        parts.append(_card(x, y, card, game.cards[card], colour(card), False, naming))
    hand_y = y + (CARD_H + 10 if tableau else 30)
    if hand:
        parts.append(f'<text x="8" y="{hand_y + 18}" font-size="11">hand</text>')
    for i, card in enumerate(hand):
        x = LEFT + i * (HAND_W + GAP)
        parts.append(_card(x, hand_y, card, game.cards[card], colour(card), True, naming))
    return parts


def _band_height(tableau: list[int], hand: list[int]) -> int:
    """A band as tall as what it shows: a tableau row, a hand row, or just the label."""
    height = (CARD_H + 10) if tableau else 30
    return height + (HAND_H + 22 if hand else 10)


def to_svg(
    state: MaholaState,
    names: Sequence[str] | None = None,
    labels: Mapping[int, str] | None = None,
    blank: Collection[int] = (),
) -> str:
    """The whole position: every tableau and hand, or the last round once the game is over."""
    naming = Naming(names, labels, blank)
    game = state.game
    players = game.num_players
    parts: list[str] = []
    last = state.last_round
    y = TOP
    widest = 0
    if state.phase == OVER and last is not None:
        winner = "nobody" if state.winner is None else naming.player(state.winner)
        title = f"game over: {winner} wins (round {last.number} below)"
        recoloured = dict(last.recoloured)
        for p in range(players):
            character = CHARACTERS[last.characters[p]]
            label = f"{naming.player(p)}: {character} {last.scores[p].total:+d}"
            tableau = list(last.tableaux[p])
            parts += _band(y, label, tableau, [], state, recoloured, naming)
            widest = max(widest, len(tableau) * (CARD_W + GAP))
            y += _band_height(tableau, [])
    else:
        turn = f", turn {state.turn}" if state.turn else ""
        title = f"round {state.round_number}{turn}: {state.phase} ({_who_acts(state, naming)})"
        for p in range(players):
            label = f"{naming.player(p)}: {state.character(p) or '-'}"
            tableau, hand = state.tableau(p), state.hand(p)
            parts += _band(y, label, tableau, hand, state, {}, naming)
            row = len(tableau) * (CARD_W + GAP)
            revealed = state.played(p)
            if revealed is not None:  # waiting to be placed: after the tableau, dashed
                x = LEFT + row + 2 * GAP
                card = game.cards[revealed]
                parts.append(_card(x, y, revealed, card, card.colour, False, naming))
                parts.append(
                    f'<rect x="{x - 4}" y="{y - 4}" width="{CARD_W + 8}" height="{CARD_H + 8}" '
                    f'rx="8" fill="none" stroke="#333" stroke-dasharray="4 3"/>'
                )
                row += CARD_W + 3 * GAP
            widest = max(widest, row, len(hand) * (HAND_W + GAP))
            y += _band_height(tableau, hand)  # a revealed card waits beside a tableau
    tokens = ", ".join(f"{naming.player(p)} {state.tokens(p)}" for p in range(players))
    header = (
        f'<text x="8" y="20" font-size="14" font-weight="bold">{escape(title)}</text>'
        f'<text data-fact="Favor tokens" x="8" y="36" font-size="12">Favor tokens: '
        f"{escape(tokens)}; "
        f"draw pile: {state.deck_size} cards</text>"
    )
    legend = ", ".join(f"{label} = card {n}" for n, label in sorted(naming.labels.items()))
    if legend:  # the scenario's card names, as its steps write them
        header += f'<text x="8" y="52" font-size="11" fill="#444">Cards: {escape(legend)}</text>'
    caveat = unverified_caveat(state)
    width = max(LEFT + widest + GAP, 440, 16 + 6 * len(legend), 16 + 7 * len(caveat))
    if caveat:  # the drawing says what its title and description say
        parts.append(
            f'<text x="8" y="{y + 14}" font-size="12" font-weight="bold" fill="#b3261e">'
            f"{escape(caveat)}</text>"
        )
        y += 22
    height = y + 4
    label = f"Mahola position{' (card data UNVERIFIED)' if caveat else ''}"
    words = f"{title}. Favor tokens: {tokens}; draw pile: {state.deck_size} cards."
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" font-family="sans-serif" role="img" '
        f'aria-labelledby="t d" class="rulebooks-board mahola-board">'
        f'<title id="t">{escape(label)}</title><desc id="d">{escape(words)}'
        f"{' ' + escape(caveat) if caveat else ''}</desc>"
        f'<rect width="{width}" height="{height}" fill="#fffdf7"/>'
        f"{header}{''.join(parts)}</svg>"
    )


def unverified_caveat(state: MaholaState) -> str:
    """The sentence a picture carries when the cards it draws come from unverified data."""
    components = state.game.components
    unverified = [
        what
        for what, verified in (
            ("the Dance cards' data", components.cards_verified),
            ("the Character colours", components.characters_verified),
        )
        if not verified
    ]
    if not unverified:
        return ""
    return (
        f"UNVERIFIED: {' and '.join(unverified)} are this project's placeholders, "
        "not the printed cards"
    )


def _who_acts(state: MaholaState, naming: Naming) -> str:
    """Who the game waits for, in words."""
    acting = state.current_player()
    if acting == SIMULTANEOUS:
        return "every player acts at once"
    if acting == CHANCE:
        return "chance: a deal or a draw"
    if acting >= 0:
        return f"{naming.player(acting)} acts"
    return "over"
