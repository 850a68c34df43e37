"""Fort Chitral's print-and-play kit: the 18 x 18 board of a Go board's squares with the fort
in the middle, 18 + 18 pieces, rules page and record sheet."""

from __future__ import annotations

from collections.abc import Mapping

from artsheets.generator.boardkit import Kit, Piece, draw_example, kit_spec
from artsheets.generator.boardrules import RulesText
from artsheets.generator.sheet import Rect, Sheet
from artsheets.rules.board import square_board
from artsheets.rules.games.chitral import FORT

CELL_MM = 9.5  # 18 squares and the coordinates fit both pages' width
WHITE = Piece("white pieces", 18, "W", "ring", player=1, round=True)
BLACK = Piece("black pieces", 18, "B", "solid", player=2, round=True)

RULES = RulesText(
    sections=(
        (
            "What you need",
            (
                "The board: 18 x 18 squares (a Go board's, played on the squares) with the "
                "fort, the four grey squares in the middle. 18 white and 18 black pieces: "
                "white fills rank 1, black rank 18. White starts.",
            ),
        ),
        (
            "A move",
            (
                "Step one square in any of the eight directions to an empty square, or jump "
                "over an adjacent piece of your own to the empty square right behind it, and "
                "on over more of your own pieces, in any directions, but never back to the "
                "square you started from. You never jump over an enemy piece.",
                "Capture: when your move ends with an enemy piece between the moved piece "
                "and another of yours on a line (rank, file or diagonal), it is taken off; "
                "several at once if so. Moving between two enemy pieces is safe.",
            ),
        ),
        (
            "The end",
            (
                "The first player with a piece on each of the four fort squares wins. A "
                "player who cannot move loses. Both down to three pieces: a draw. 100 "
                "plies (50 moves each) without a capture: a draw (our addition).",
                "Option (Horn's note): a player reduced to three pieces loses.",
                "Write a move as from-to, also for a chain of jumps: a1-e3.",
            ),
        ),
    ),
    caption="A corner of the board. White a1 jumps over b2 to c3 and over d3 to e3 (a1-e3): "
    "black f3 is shut in against g3, and black e4 against e5: both are taken.",
)


def diagram(sheet: Sheet, box: Rect, opts: Mapping[str, int]) -> None:
    draw_example(
        sheet,
        box,
        square_board(7, 6),
        pieces=(
            ("a1", WHITE),
            ("b2", WHITE),
            ("d3", WHITE),
            ("g3", WHITE),
            ("e5", WHITE),
            ("f3", BLACK),
            ("e4", BLACK),
            ("c5", BLACK),
        ),
        arrows=(("a1", "c3", "e3"),),
        ghosts=(("e3", WHITE),),
    )


KIT = Kit(
    name="chitral",
    title="Fort Chitral",
    order=25,
    players=(2, 2),
    reminder="Step, or jump over your own pieces; shut enemies in between two of yours; "
    "hold the four squares of the fort to win.",
    board=lambda o: square_board(18, 18),
    pieces=lambda o: (WHITE, BLACK),
    standins="go stones (a Go board's squares are the board: the fort is the four squares "
    "around the centre point), or draughts from two sets.",
    rules=RULES,
    diagram=diagram,
    notation=(
        ("a1-a2", "step from a1 to a2"),
        ("a1-e3", "jump a1 over own pieces, ending on e3"),
    ),
    record_columns=("white", "black"),
    cell_mm=CELL_MM,
    shading=lambda cell: cell in FORT,
)

GAME = kit_spec(KIT)
