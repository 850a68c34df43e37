"""Moai's print-and-play kit: the 8 x 8 board without its corners or the 91-cell hexagonal
board (``--board``), two Moai and the counters, rules page and record sheet."""

from __future__ import annotations

from collections.abc import Mapping

from artsheets.generator.boardkit import Kit, Piece, draw_example, kit_spec
from artsheets.generator.boardrules import RulesText
from artsheets.generator.registry import SheetOption
from artsheets.generator.sheet import Rect, Sheet
from artsheets.rules.games.moai import moai_board

BOARD_OPTION = SheetOption(
    "board", "B", 1, 1, 2, "Moai's board: 1 square (8 x 8 without corners), 2 hexagonal (91 cells)"
)
WHITE = Piece("Moai: white", 1, "W", "ring", round=True)
BLACK = Piece("Moai: black", 1, "B", "solid", round=True)
COUNTER = Piece("counters", 60, "c", "dots", round=True)


def board_kind(opts: Mapping[str, int]) -> str:
    return "square" if opts.get("board", 1) == 1 else "hex"


RULES = RulesText(
    sections=(
        (
            "What you need",
            (
                "The board (8 x 8 without its corners, or the hexagon of 91 cells), a white "
                "and a black Moai (W, B) and a supply of counters (c). White places his Moai "
                "on any cell, then black; then white takes the first turn.",
            ),
        ),
        (
            "A turn: two moves",
            (
                "1. Place a counter on an empty cell in line with either Moai: along a rank, "
                "file or diagonal (on the hexagon, along any of the six lines through the "
                "Moai's cell). Counters never move.",
                "2. Push or pull a Moai that is in line with that counter, yours or your "
                "opponent's: it moves along that line, toward the counter or away from it, "
                "at least one cell, over empty cells only.",
                "Turning: a Moai moving along a rank or file (on the hexagon, along any line) "
                "may end its move with one step turned left or right: diagonally on the "
                "square board, to the next line on the hexagon.",
            ),
        ),
        (
            "The end",
            (
                "If at the start of your turn you cannot place a counter and then move your "
                "own Moai, you lose: the last player able to do both wins.",
                "Write the counter's cell, then the Moai's path: 'd7 d4-d6-e7'.",
            ),
        ),
    ),
    caption="White places a counter on d7, in line with his Moai on d4, and pulls the Moai "
    "toward it: up to d6, then one turned step to e7 (written d7, then d4-d6-e7).",
)


def diagram(sheet: Sheet, box: Rect, opts: Mapping[str, int]) -> None:
    draw_example(
        sheet,
        box,
        moai_board("square"),
        pieces=(
            ("d4", WHITE),
            ("f6", BLACK),
            ("d7", COUNTER),
            ("b2", COUNTER),
            ("g3", COUNTER),
            ("c5", COUNTER),
        ),
        arrows=(("d4", "d6", "e7"),),
        ghosts=(("e7", WHITE),),
    )


KIT = Kit(
    name="moai",
    title="Moai",
    order=24,
    players=(2, 2),
    reminder="Place a counter in line with a Moai, then push or pull a Moai toward or away "
    "from it; the last player who can do so with his own Moai wins.",
    board=lambda o: moai_board(board_kind(o)),
    pieces=lambda o: (WHITE, BLACK, COUNTER),
    standins="two chess pawns (white and black) for the Moai and coins or go stones for the "
    "counters; a chess board with its corner squares covered for the square board.",
    rules=RULES,
    diagram=diagram,
    notation=(
        ("d4", "set-up: place your Moai on d4"),
        ("d7", "place a counter on d7"),
        ("d4-d6", "move the Moai on d4 to d6"),
        ("d4-d6-e7", "move to d6, then one turned step to e7"),
    ),
    record_columns=("white", "black"),
    options=(BOARD_OPTION,),
    cell_mm=lambda o: 20.0 if board_kind(o) == "square" else 16.0,
)

GAME = kit_spec(KIT)
