"""Parking Lot's print-and-play kit: 8 x 8 lot, 8 + 8 blocks, rules page and record sheet."""

from __future__ import annotations

from collections.abc import Mapping

from artsheets.generator.boardkit import Kit, Piece, draw_example, kit_spec
from artsheets.generator.boardrules import RulesText
from artsheets.generator.sheet import Rect, Sheet
from artsheets.rules.board import square_board

BLUE = Piece("blue blocks (vertical)", 8, "B", "hatch", player=1, cells=(1, 2))
RED = Piece("red blocks (horizontal)", 8, "R", "dots", player=2, cells=(2, 1))

RULES = RulesText(
    sections=(
        (
            "What you need",
            (
                "The 8 x 8 lot and 16 blocks, each covering two squares: 8 blue (B, hatched) "
                "that always stand vertically, along a file, and 8 red (R, dotted) that always "
                "lie horizontally, along a rank. The lot starts empty; blue begins.",
            ),
        ),
        (
            "A turn",
            (
                "1. Park (you must): put one of your blocks, in your direction, on two empty "
                "squares.",
                "2. Drive (you may): move one of your blocks parked on an earlier turn. It "
                "slides any distance along a rank or a file; it may then turn once, left or "
                "right, and slide on. It keeps its direction, never jumps or passes through "
                "another block, and ends on two empty squares.",
                "A block that touches one of your own blocks along an edge is stuck: it "
                "cannot drive.",
            ),
        ),
        (
            "The end",
            (
                "The game ends as soon as the sixteenth block is parked, with no drive after "
                "it, or when the player to park cannot. Each player's largest group of his "
                "squares joined along edges wins; if both are equal, compare the next largest "
                "group, and so on. Equal all the way is a draw.",
            ),
        ),
        (
            "Writing it down",
            (
                "A block is named by its lower square (blue) or its left square (red). Write "
                "a turn as the parking square, then the drive, or nothing: 'c6 b2-b5-d5'.",
                "Score a finished lot with: artsheets score parking lot.txt",
            ),
        ),
    ),
    caption="Red parked at b2 on an earlier turn; now it drives up to b5, turns right and "
    "slides on to d5 (written b2-b5-d5). The blue blocks on e2 and f2 touch: neither can drive.",
)


def diagram(sheet: Sheet, box: Rect, opts: Mapping[str, int]) -> None:
    draw_example(
        sheet,
        box,
        square_board(8, 8),
        pieces=(("b2", RED), ("e2", BLUE), ("f2", BLUE), ("g6", BLUE), ("c7", RED)),
        arrows=(("b2", "b5", "d5"),),
        ghosts=(("d5", RED),),
    )


KIT = Kit(
    name="parking",
    title="Parking Lot",
    order=21,
    players=(2, 2),
    reminder="Park a block on two empty squares, then you may drive one of yours; "
    "the largest joined group wins.",
    board=lambda o: square_board(8, 8),
    pieces=lambda o: (BLUE, RED),
    standins="dominoes, or 1 x 2 toy bricks in two colours (blue's along the files, red's "
    "across them); the lot can be any 8 x 8 board with squares of about 2 cm.",
    rules=RULES,
    diagram=diagram,
    notation=(
        ("d4", "park: blue covers d4 and d5, red d4 and e4"),
        ("d4-d7", "drive the block at d4 to d7"),
        ("d4-d6-f6", "drive to d6, turn, drive on to f6"),
        ("d4 b2-b5", "a whole turn: park, then drive"),
    ),
    record_columns=("blue (vertical)", "red (horizontal)"),
)

GAME = kit_spec(KIT)
