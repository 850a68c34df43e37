"""7-4-1776's print-and-play kit: the 10 x 10 board, blue and red stones, rules page and
record sheet."""

from __future__ import annotations

from collections.abc import Mapping

from artsheets.generator.boardkit import Kit, Piece, draw_example, kit_spec
from artsheets.generator.boardrules import RulesText
from artsheets.generator.sheet import Rect, Sheet
from artsheets.rules.board import square_board

CELL_MM = 16.0
BLUE = Piece("blue stones", 50, "B", "hatch", player=1, round=True)
RED = Piece("red stones", 50, "R", "dots", player=2, round=True)

RULES = RulesText(
    sections=(
        (
            "What you need",
            (
                "The 10 x 10 board and a supply of blue (B) and red (R) stones; print the "
                "pieces sheet twice if you run short. The board starts empty; blue begins.",
                "Adjacent means touching along an edge or at a corner: a square has up to "
                "eight neighbours. A group is two or more touching stones of one colour.",
            ),
        ),
        (
            "A turn: drop or move",
            (
                "Drop: put one of your stones on any empty square.",
                "Move: take one of your stones that touches none of your own, and move it "
                "like a chess queen, along a rank, file or diagonal, over empty squares only. "
                "It must stop next to another of your stones that also touches none of your "
                "own. Then drop one of your stones on every empty square around the stone "
                "you moved.",
            ),
        ),
        (
            "The end",
            (
                "If you cannot act on your turn, which happens when the board is full, you lose.",
                "Write a drop as the square, d4, and a move as from-to, c3-f6; the drops "
                "that follow a move are not written.",
            ),
        ),
    ),
    caption="Blue's lone stone on c3 moves to f6, next to the lone blue stone on g7, and blue "
    "drops a stone on every empty square around f6 (open circles). Red's e5 stone blocks nothing "
    "here, but no stone may pass through it.",
)


def diagram(sheet: Sheet, box: Rect, opts: Mapping[str, int]) -> None:
    board = square_board(10, 10)
    around = ("e6", "e7", "f7", "g6", "g5", "f5")
    draw_example(
        sheet,
        box,
        board,
        pieces=(("c3", BLUE), ("g7", BLUE), ("e5", RED), ("h2", RED), ("b8", BLUE)),
        arrows=(("c3", "f6"),),
        ghosts=(("f6", BLUE), *((c, BLUE) for c in around)),
    )


KIT = Kit(
    name="independence",
    title="7-4-1776",
    order=23,
    players=(2, 2),
    reminder="Drop a stone, or move a lone stone next to another lone friend and fill the "
    "squares around it; whoever cannot act loses.",
    board=lambda o: square_board(10, 10),
    pieces=lambda o: (BLUE, RED),
    standins="go stones, or coins of two kinds (about 100 in all); the board can be drawn on "
    "squared paper, 10 x 10 squares.",
    rules=RULES,
    diagram=diagram,
    notation=(
        ("d4", "drop a stone on d4"),
        ("c3-f6", "move c3 to f6 (then fill around f6)"),
    ),
    record_columns=("blue", "red"),
    cell_mm=CELL_MM,
)

GAME = kit_spec(KIT)
