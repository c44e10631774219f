"""Mamey positions as SVG pictures: the deck, the three fields, the Store board, the players.

Pure: a state in, a string out. The picture is the **public view** of the position, what
every player at the table can see (MAMEY-R8), never more:

* the deck as a card back with its size; the discard pile (public, MAMEY-7.1) as its size
  and its top card;
* each field with its face-up cards (colour letter and number, ``B4``; a Joker is ``X`` as
  printed), its face-down card as a card back marked "face down", or "vacant"; the field a
  player is checking is marked, but the face-down card they are looking at stays a back;
* the Store board side in use: a row per kind of set, a column per number of cards, every
  square with its value, and each cube on it with its player's letter;
* per player: the hand as a count of card backs (never the cards), the Merchant cubes in
  hand and in stock (each a cube with the player's letter), the sold cards as a count (face
  down, MAMEY-5.6), whose turn it is, and at the end the scores and the winners.

Hands, face-down field cards, sold cards and the order of the deck are hidden, even where a
scenario has named them: the scenario's own text says what it set up, the picture shows what
the table shows. Nothing is told by colour alone: cards carry their colour letter and cubes
their player's letter, and the picture has a <title> and a <desc> giving the same facts in
words (:func:`describe`). Elements carry a `data-fact` naming what they show in the steps'
words ("field 2", a Store cell's label, a player's name, "deck", "discard pile"): the site
outlines those a failed step names.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from .components import LARGEST_SET, RANKS, ROWS, SMALLEST_SET
from .game import MameyState
from .terms import CHECK, DRAW, FIELDS, OVER

BEAN_FILL = {"red": "#d03a2f", "yellow": "#f2cf3a", "green": "#2f9e44", "blue": "#2f6fd0"}
BEAN_INK = {"yellow": "#222"}
PLAYER_FILL = ("#6a3d9a", "#f08c1a", "#3a3a3a", "#f4f4f4")
PLAYER_INK = ("#fff", "#222", "#fff", "#222")

WIDTH = 420
MARGIN = 10
CARD_W, CARD_H = 26, 36
FAN = 15  # horizontal step between fanned face-up cards
FIELD_W, FIELD_H = 128, 100
FIELD_TOP = 44
STORE_TOP = FIELD_TOP + FIELD_H + 16
LABEL_W = 90
HEADER_H = 22
ROW_H = 44
PLAYER_H = 58
CUBE = 12


def colour_letters(colours: Sequence[str]) -> dict[str, str]:
    """A short label per bean colour: its first letter, or more letters if two share one."""
    size = 1
    while len({c[:size].upper() for c in colours}) < len(colours):
        size += 1
    return {c: c[:size].upper() for c in colours}


def player_letters(players: int, names: Sequence[str] | None) -> list[str]:
    """The label on each player's cubes: their initial when the names give distinct ones,
    otherwise the player number."""
    if names is not None and len(names) == players:
        initials = [n[:1].upper() for n in names]
        if all(initials) and len(set(initials)) == players:
            return initials
    return [str(p) for p in range(players)]


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def _who(player: int, names: Sequence[str] | None) -> str:
    if names is not None and player < len(names):
        return f"player {player} ({names[player]})"
    return f"player {player}"


def facts(state: MameyState, names: Sequence[str] | None = None) -> list[str]:
    """The public position as a list of facts in words, the order the picture shows them."""
    game = state.game
    cards = game.cards
    found = [f"deck: {_count(state.deck_size, 'card')}"]
    for f in range(FIELDS):
        up, down = state.field(f)
        parts = []
        if up:
            parts.append(", ".join(cards.name(c) for c in up) + " face up")
        if down is not None:
            parts.append("1 card face down")
        text = " and ".join(parts) if parts else "vacant"
        if state.checking == f:
            text += f" (being checked by {_who(state.turn_player, names)})"
        found.append(f"field {f + 1}: {text}")
    discard = state.discard_pile()
    found.append(
        f"discard pile: {_count(len(discard), 'card')}, {cards.name(discard[-1])} on top"
        if discard
        else "discard pile: empty"
    )
    cubes = [
        f"{_who(owner, names)} on {game.square_name(square)}"
        for square in range(len(game.square_values))
        if (owner := state.square_owner(square)) is not None
    ]
    found.append(f"Store board ({game.board.name} side): " + (", ".join(cubes) or "no cubes"))
    for p in range(game.num_players):
        found.append(
            f"{_who(p, names)}: {_count(state.hand_size(p), 'card')} in hand, "
            f"{_count(state.cubes_in_hand(p), 'cube')} in hand and {state.cubes_in_stock(p)} "
            f"in stock, {_count(len(state.sold(p)), 'card')} sold"
        )
    if state.phase == OVER:
        found.append("game over")
        for p in range(game.num_players):
            hand, board, icons = state.score_parts(p)
            found.append(
                f"{_who(p, names)} scores {state.mamey(p)} Mamey: {hand} for cubes in hand, "
                f"{board} on the Store board, {icons} for Bean Bonus icons"
            )
        found.append("winners: " + ", ".join(_who(p, names) for p in state.winners()))
    else:
        found.append(f"turn of {_who(state.turn_player, names)}: {_doing(state)}")
    return found


def _doing(state: MameyState) -> str:
    if state.phase == DRAW:
        doing = "cards are being dealt" if state.turns == 0 else "cards are being drawn"
    elif state.phase == CHECK:
        doing = f"checking field {(state.checking or 0) + 1}"
    else:
        doing = "to choose an action"
    if state.final_turns is not None:
        doing += f", the end is triggered and {state.final_turns} more turns follow"
    return doing


def describe(state: MameyState, names: Sequence[str] | None = None) -> str:
    """The position in words (the picture's text alternative)."""
    return "; ".join(facts(state, names)) + "."


# -- drawing ------------------------------------------------------------------------------------
def _text(x: float, y: float, text: str, size: int = 11, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}"{extra}>{escape(text)}</text>'


def _face_up(x: float, y: float, state: MameyState, card: int, letters: dict[str, str]) -> str:
    colour, rank = state.game.cards.name(card).rsplit(" ", 1)
    label = letters[colour] + ("X" if rank == RANKS[-1] else rank)
    fill = BEAN_FILL.get(colour, "#999")
    ink = BEAN_INK.get(colour, "#fff")
    return (
        f'<g class="card face-up" data-card="{escape(colour)} {escape(rank)}">'
        f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="3" fill="{fill}" '
        f'stroke="#222"/>{_text(x + 2, y + 12, label, 10, fill=ink, font_weight="bold")}</g>'
    )


def _back(x: float, y: float, kind: str, label: str = "") -> str:
    """A card back (nothing of its face), optionally with a word or count on it."""
    inner = (
        _text(
            x + CARD_W / 2,
            y + CARD_H / 2 + 4,
            label,
            10,
            fill="#fff",
            text_anchor="middle",
            font_weight="bold",
        )
        if label
        else ""
    )
    return (
        f'<g class="card back {kind}"><rect x="{x:g}" y="{y:g}" width="{CARD_W}" '
        f'height="{CARD_H}" rx="3" fill="#7a5230" stroke="#222"/><rect x="{x + 3:g}" '
        f'y="{y + 3:g}" width="{CARD_W - 6}" height="{CARD_H - 6}" rx="2" fill="none" '
        f'stroke="#e9d3a8" stroke-dasharray="2 2"/>{inner}</g>'
    )


def _cube(x: float, y: float, player: int, letter: str, where: str) -> str:
    """A Merchant cube (on the board, in hand, in stock) or a player's mark (their colour and
    letter where no cube is)."""
    kind = "cube" if where in ("on-board", "in-hand", "in-stock") else "player-mark"
    fill = PLAYER_FILL[player % len(PLAYER_FILL)]
    ink = PLAYER_INK[player % len(PLAYER_INK)]
    return (
        f'<g class="{kind} cube-p{player} {where}"><rect x="{x:g}" y="{y:g}" width="{CUBE}" '
        f'height="{CUBE}" rx="2" fill="{fill}" stroke="#222"/>'
        f"{_text(x + CUBE / 2, y + CUBE - 2.5, letter, 9, fill=ink, text_anchor='middle')}</g>"
    )


def _field(f: int, state: MameyState, letters: dict[str, str], mover: str) -> str:
    x = MARGIN + f * (FIELD_W + 8)
    y = FIELD_TOP
    up, down = state.field(f)
    checking = state.checking == f
    out = [
        f'<g class="field" data-field="{f + 1}"><rect data-fact="field {f + 1}" x="{x}" y="{y}" '
        f'width="{FIELD_W}" '
        f'height="{FIELD_H}" rx="5" fill="#f3e7c4" stroke="{"#b3261e" if checking else "#9c8450"}" '
        f'stroke-width="{3 if checking else 1}"/>',
        _text(x + 6, y + 14, f"field {f + 1}", 11, font_weight="bold"),
    ]
    if not up and down is None:
        out.append(
            f'<rect x="{x + 8}" y="{y + 24}" width="{CARD_W}" height="{CARD_H}" rx="3" '
            f'fill="none" stroke="#777" stroke-dasharray="4 3"/>'
            + _text(x + 8 + CARD_W + 8, y + 46, "vacant", 11, font_style="italic")
        )
    # Face-up cards fan out in up to two rows, then the face-down card; cards beyond that
    # are counted on a dashed card in the last face-up slot (the caption gives the total).
    per_row = (FIELD_W - 16 - CARD_W) // FAN + 1
    room = 2 * per_row - (1 if down is not None else 0)
    slots: list[tuple[str, int]] = [("up", c) for c in up]
    if len(up) > room:
        slots = [*slots[: room - 1], ("more", len(up) - room + 1)]
    if down is not None:
        slots.append(("down", -1))
    for i, (kind, card) in enumerate(slots):
        cx = x + 8 + (i % per_row) * FAN
        cy = y + 22 + (i // per_row) * (CARD_H - 12)
        if kind == "up":
            out.append(_face_up(cx, cy, state, card, letters))
        elif kind == "more":
            out.append(
                f'<g class="more-cards"><rect x="{cx}" y="{cy}" width="{CARD_W}" '
                f'height="{CARD_H}" rx="3" fill="#fff" stroke="#555" stroke-dasharray="3 2"/>'
                + _text(cx + 2, cy + 12, f"+{card}", 10, font_weight="bold")
                + "</g>"
            )
        else:
            out.append(_back(cx, cy, "field-face-down", "?"))
    caption = []
    if up:
        caption.append(f"{len(up)} up")
    if down is not None:
        caption.append("1 face down")
    if caption:
        out.append(_text(x + 6, y + FIELD_H - 6, ", ".join(caption), 10))
    if checking:
        out.append(_text(x + FIELD_W - 22, y + 13, "checked by", 9, text_anchor="end"))
        out.append(_cube(x + FIELD_W - 18, y + 4, state.turn_player, mover, "checking"))
    out.append("</g>")
    return "".join(out)


def _store(state: MameyState, letters: list[str]) -> tuple[str, int]:
    game = state.game
    columns = list(range(SMALLEST_SET, max(LARGEST_SET.values()) + 1))
    col_w = (WIDTH - 2 * MARGIN - LABEL_W) // len(columns)
    top = STORE_TOP
    heading = f"Store board ({game.board.name} side)"
    out = [_text(MARGIN, top + 12, heading, 12, font_weight="bold")]
    if unverified_cells(state):
        out.append(
            _text(
                MARGIN + 7.2 * len(heading) + 12, top + 12,
                f"* = {UNVERIFIED} placeholder", 10,
                fill="#a33", font_weight="bold", **{"class": "unverified-label"},
            )
        )  # fmt: skip
    top += 18
    for i, size in enumerate(columns):
        x = MARGIN + LABEL_W + i * col_w + col_w / 2
        out.append(_text(x, top + 13, f"{size} cards", 10, text_anchor="middle"))
    cells = {(c.row, c.cards): (index, c) for index, c in enumerate(game.board.cells)}
    for r, row in enumerate(ROWS):
        y = top + HEADER_H + r * ROW_H
        out.append(_text(MARGIN, y + ROW_H / 2 + 4, row, 11))
        for i, size in enumerate(columns):
            x = MARGIN + LABEL_W + i * col_w
            found = cells.get((row, size))
            if found is None:
                out.append(
                    f'<rect x="{x + 1}" y="{y + 1}" width="{col_w - 2}" height="{ROW_H - 2}" '
                    f'fill="#e6e6e6" stroke="#bbb"/>'
                    + _text(
                        x + col_w / 2, y + ROW_H / 2 + 4, "—", 11, text_anchor="middle", fill="#777"
                    )
                )
                continue
            index, cell = found
            out.append(
                f'<g class="cell" data-cell="{escape(cell.label)}">'
                f'<rect data-fact="{escape(cell.label)}" x="{x + 1}" '
                f'y="{y + 1}" width="{col_w - 2}" height="{ROW_H - 2}" fill="#fffdf2" '
                f'stroke="#9c8450"/>'
            )
            count = len(cell.squares)
            side = min(28.0, (col_w - 6) / count - 2)
            first = game.cell_first_square[index]
            left = x + (col_w - count * (side + 2) + 2) / 2
            mark = "" if cell.verified else "*"
            for k, value in enumerate(cell.squares):
                sx = left + k * (side + 2)
                sy = y + (ROW_H - 34) / 2
                out.append(
                    f'<g class="square"><rect x="{sx:g}" y="{sy:g}" width="{side:g}" height="34" '
                    f'rx="2" fill="#fff" stroke="#555"/>'
                    + _text(
                        sx + side / 2,
                        sy + 12,
                        f"{value}{mark}",
                        11,
                        text_anchor="middle",
                        font_weight="bold",
                        fill="#a33" if mark else "#000",
                    )
                )
                owner = state.square_owner(first + k)
                if owner is not None:
                    out.append(
                        _cube(sx + (side - CUBE) / 2, sy + 17, owner, letters[owner], "on-board")
                    )
                out.append("</g>")
            out.append("</g>")
    return "".join(out), top + HEADER_H + len(ROWS) * ROW_H


UNVERIFIED = "UNVERIFIED"


def unverified_cells(state: MameyState) -> list[str]:
    """Labels of the Store board cells whose values are placeholders (``verified`` false)."""
    return [cell.label for cell in state.game.board.cells if not cell.verified]


def data_caveat(state: MameyState) -> str:
    """The sentence a picture's title and description carry when its Store values are unverified."""
    cells = unverified_cells(state)
    if not cells:
        return ""
    total = len(state.game.board.cells)
    return (
        f"Store board values {UNVERIFIED}: {len(cells)} of {total} cells are placeholders "
        "(marked *), not printed in the rulebook."
    )


def _player(
    p: int, y: float, state: MameyState, letters: list[str], names: Sequence[str] | None
) -> str:
    """One band: name and turn (or score), hand and sold counts, then the cubes."""
    over = state.phase == OVER
    current = not over and state.turn_player == p
    right = WIDTH - MARGIN - 6
    fill, stroke = ("#fff4d6", "#9c8450") if current else ("#fafafa", "#bbb")
    out = [
        f'<g class="player" data-player="{p}">'
        f'<rect data-fact="{escape(names[p] if names and p < len(names) else _who(p, names))}" '
        f'x="{MARGIN}" y="{y:g}" '
        f'width="{WIDTH - 2 * MARGIN}" height="{PLAYER_H - 4}" rx="4" '
        f'fill="{fill}" stroke="{stroke}"/>',
        _cube(MARGIN + 5, y + 5, p, letters[p], "swatch"),
        _text(MARGIN + 22, y + 15, _who(p, names), 11, font_weight="bold"),
    ]
    if current:
        mark = "▶ plays first" if state.turns == 0 else "▶ to play"
        out.append(_text(right, y + 15, mark, 11, text_anchor="end", font_weight="bold"))
    sold = len(state.sold(p))
    out.append(_text(MARGIN + 6, y + 31, f"hand: {_count(state.hand_size(p), 'card')}", 10))
    out.append(_text(MARGIN + 96, y + 31, f"sold: {_count(sold, 'card')} face down", 10))
    if over:
        hand, board, icons = state.score_parts(p)
        won = " — wins" if p in state.winners() else ""
        out.append(
            _text(
                right,
                y + 15,
                f"{state.mamey(p)} Mamey{won}",
                11,
                text_anchor="end",
                font_weight="bold",
            )
        )
        out.append(
            _text(
                right,
                y + 31,
                f"= {hand} cubes + {board} board + {icons} icons",
                10,
                text_anchor="end",
            )
        )
    row = y + 36
    hand_cubes, stock = state.cubes_in_hand(p), state.cubes_in_stock(p)
    x = MARGIN + 6
    out.append(_text(x, row + 10, f"cubes in hand: {hand_cubes}", 10))
    x += 82
    for i in range(hand_cubes):
        out.append(_cube(x + i * (CUBE + 1), row, p, letters[p], "in-hand"))
    x += max(hand_cubes, 1) * (CUBE + 1) + 10
    out.append(_text(x, row + 10, f"in stock: {stock}", 10))
    x += 56
    for i in range(stock):
        out.append(_cube(x + i * (CUBE + 1), row, p, letters[p], "in-stock"))
    out.append("</g>")
    return "".join(out)


def to_svg(
    state: MameyState, title: str = "Mamey position", names: Sequence[str] | None = None
) -> str:
    """The public view of the state as a standalone SVG document (a string).

    `names` (one per player, in player order) label the players and give their cubes their
    initials; without them players are "player 0", "player 1", ... and cubes carry numbers.
    """
    game = state.game
    letters = colour_letters(game.cards.colours)
    cube_letters = player_letters(game.num_players, names)
    body = []
    # the deck and the discard pile
    body.append(_back(MARGIN, 6, "deck", str(state.deck_size)))
    body.append(
        _text(
            MARGIN + CARD_W + 6, 20, f"deck: {_count(state.deck_size, 'card')}", 11,
            data_fact="deck",
        )
    )  # fmt: skip
    discard = state.discard_pile()
    dx = 150
    if discard:
        body.append(_face_up(dx, 6, state, discard[-1], letters))
    else:
        body.append(
            f'<rect x="{dx}" y="6" width="{CARD_W}" height="{CARD_H}" rx="3" fill="none" '
            f'stroke="#777" stroke-dasharray="4 3"/>'
        )
    body.append(
        _text(
            dx + CARD_W + 6, 20, f"discard: {_count(len(discard), 'card')}", 11,
            data_fact="discard pile",
        )
    )  # fmt: skip
    status = "game over" if state.phase == OVER else _doing(state).split(",")[0]
    if state.final_turns is not None and state.phase != OVER:
        status += f"; end: {state.final_turns} more turns"
    body.append(_text(dx + CARD_W + 6, 35, status, 10, fill="#444"))
    mover = cube_letters[state.turn_player]
    body.extend(_field(f, state, letters, mover) for f in range(FIELDS))
    store, bottom = _store(state, cube_letters)
    body.append(store)
    y = bottom + 10
    for p in range(game.num_players):
        body.append(_player(p, y, state, cube_letters, names))
        y += PLAYER_H
    height = int(y + 4)
    caveat = data_caveat(state)
    if caveat:
        title = f"{title} (Store values {UNVERIFIED})"
    words = " ".join(part for part in (describe(state, names), caveat) if part)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'width="{WIDTH}" height="{height}" role="img" aria-labelledby="t d" '
        f'font-family="sans-serif" class="rulebooks-board mamey-board">'
        f'<title id="t">{escape(title)}</title><desc id="d">{escape(words)}</desc>'
        f'<rect width="{WIDTH}" height="{height}" fill="#f6f1e4"/>' + "".join(body) + "</svg>"
    )
