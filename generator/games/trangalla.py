"""Trangalla's print-and-play kit: the reconstructed diamond of 25 points with its marking
lines and the two goals, 10 + 10 disc faces glued into 8 two-coloured soldiers and two
one-coloured Kings, rules page and record sheet (with a slip for each secret King)."""

from __future__ import annotations

import math
from collections.abc import Mapping

from artsheets.generator.boardkit import Kit, Piece, draw_example, kit_spec
from artsheets.generator.boardrules import RulesText
from artsheets.generator.registry import SheetOption
from artsheets.generator.sheet import Rect, Sheet
from artsheets.rules.games.trangalla import start_cells, trangalla_board

CELL_MM = 22.0  # a cylinder's seat: the 9-row diamond is 178 mm tall, inside both pages
BOARD_MM = 178.0  # the tallest board both pages hold with its row numbers
WIDTH_OPTION = SheetOption("width", "W", 5, 4, 7, "Trangalla's board: points in its widest row")
WHITE = Piece("white faces", 10, "W", "ring", player=1, round=True)
BLACK = Piece("black faces", 10, "B", "solid", player=2, round=True)
GOALS = ("a1", "a9")

RULES = RulesText(
    sections=(
        (
            "What you need",
            (
                "The board: 25 points joined by marking lines, in rows of 1 to 5 and back to "
                "1. The grey tips are the goals: a9 is white's, a1 black's; dashed rings mark "
                "the start points. Glue the discs "
                "back to back: 8 soldiers white on one face and black on the other, a white "
                "King white on both faces, a black King black on both.",
                "White takes the white King and four soldiers, white face up, on a2 b2 a3 b3 "
                "c3; black the black King and four soldiers, black face up, on a7 b7 c7 a8 "
                "b8. Set up without showing which piece is your King, and remember it.",
            ),
        ),
        (
            "A move",
            (
                "Step along a line to the adjacent empty point, forward (towards your goal) "
                "or sideways along the row, never backward. Or jump over an adjacent piece, "
                "either colour, to the empty point right behind it on the line, and on over "
                "more pieces, in any direction, backward too, but never back to where the "
                "move started. A chain stops at the goal.",
                "After the move, turn over every enemy piece you jumped: it is yours now. An "
                "enemy King cannot turn (one colour both sides): it is taken off.",
            ),
        ),
        (
            "The end",
            (
                "Your King on your goal wins. A soldier that reaches your goal is lost (off "
                "the board). Both Kings taken: a draw. You may not make the same move more "
                "than three times in a game (repeat it more than twice). A player who cannot "
                "move loses (our addition).",
                "Write Kb2 on a slip for your King, folded until the end; then moves as "
                "b2-b3 (a step) or a3-c5-a7 (every point a chain lands on).",
            ),
        ),
    ),
    caption="White a3 jumps over b4 to c5 and on over b6 to a7 (a3-c5-a7). Both black "
    "pieces were soldiers: they are turned over and are white now. Had one been black's "
    "King, it would have been taken off.",
    diagram_mm=120.0,  # the diamond is tall: the page has room below the text
)


def cell_mm(opts: Mapping[str, int]) -> float:
    """22 mm, less on the wider boards so that their 2 x width - 1 rows fit the page: a board
    of width w is (3w - 1) / sqrt(3) cells tall."""
    return min(CELL_MM, round(BOARD_MM * math.sqrt(3) / (3 * opts["width"] - 1), 1))


def diagram(sheet: Sheet, box: Rect, opts: Mapping[str, int]) -> None:
    draw_example(
        sheet,
        box,
        trangalla_board(),
        pieces=(
            ("a3", WHITE),
            ("b3", WHITE),
            ("b4", BLACK),
            ("b6", BLACK),
            ("b7", BLACK),
        ),
        arrows=(("a3", "c5", "a7"),),
        ghosts=(("a7", WHITE),),
        shading=lambda cell: cell in GOALS,
        lines=True,
    )


KIT = Kit(
    name="trangalla",
    title="Trangalla",
    order=29,
    players=(2, 2),
    reminder="Step forward or sideways, jump anything in any direction; jumped soldiers "
    "change sides, a jumped King is taken. Your hidden King on the far tip wins.",
    board=lambda o: trangalla_board(o["width"]),
    pieces=lambda o: (WHITE, BLACK),
    standins="Othello (Reversi) discs: 8 as soldiers, and for each King one disc with a "
    "sticker of its top colour on its underside; or draughtsmen with the King marked "
    "underneath, turned soldiers swapped for the other colour.",
    rules=RULES,
    diagram=diagram,
    notation=(
        ("Kb2", "secret: my King starts on b2 (on a folded slip)"),
        ("b2-b3", "a step forward or sideways"),
        ("a3-c5-a7", "jumps, every landing point in order"),
        ("a3-c5", "one jump, over b4"),
    ),
    record_columns=("white", "black"),
    options=(WIDTH_OPTION,),
    cell_mm=cell_mm,
    lines=True,
    shading_by_options=lambda o: lambda cell: cell in ("a1", f"a{2 * o['width'] - 1}"),
    starts=lambda o: tuple(c for p in (1, 2) for c in start_cells(trangalla_board(o["width"]), p)),
    cut_list="Cut out 10 W and 10 B faces; glue back to back: 8 W+B soldiers, W+W white King, "
    "B+B black King.",
)

GAME = kit_spec(KIT)
