"""Land Grab's print-and-play kit: the 8 x 8 mat, 64 two-sided tiles and 4 stones, rules page
and record sheet."""

from __future__ import annotations

from collections.abc import Mapping

from artsheets.generator.boardkit import Kit, Piece, draw_example, kit_spec
from artsheets.generator.boardrules import RulesText
from artsheets.generator.sheet import Rect, Sheet
from artsheets.rules.board import FILES, square_board

CELL_MM = 18.0
TILE = Piece("tiles: the printed face is black, the blank back white", 64, "B", "hatch")
BLACK = Piece("black stones", 2, "B", "solid", player=0, round=True)
WHITE = Piece("white stones", 2, "W", "ring", player=0, round=True)


def black_square(cell: str) -> bool:
    """The starting checkerboard: a1 and every cell of even file + rank is a black tile."""
    return (FILES.index(cell[0]) + int(cell[1:]) - 1) % 2 == 0


RULES = RulesText(
    sections=(
        (
            "What you need",
            (
                "64 tiles, black on one face and white on the other, laid out as a "
                "checkerboard with a black tile on a1 (the grey squares of the mat), and two "
                "stones each: black (B) and white (W).",
                "A claim is a group of tiles of one colour joined along their edges.",
            ),
        ),
        (
            "Set-up",
            ("Black, white, black, white: each drops a stone on an empty tile of his own colour.",),
        ),
        (
            "A turn: one of three actions",
            (
                "Grab: move a stone along a rank, file or diagonal, over no stone, to an empty "
                "tile of the other colour; flip that tile to your colour. You may not grab a "
                "tile of a claim that holds one of your opponent's stones.",
                "Capture: a grab whose tile has an enemy stone right beyond it on the same "
                "line. The enemy stone is taken off. A capture may grab any tile.",
                "Walk: move a stone to another empty tile of the claim it stands on, stepping "
                "along edges over that claim's empty tiles. Nothing flips.",
                "With no grab or capture possible you walk, or pass if you cannot.",
            ),
        ),
        (
            "The end",
            (
                "Taking both enemy stones wins at once. Otherwise the game ends when two turns "
                "in a row offer no grab or capture; the player with the largest claim wins; "
                "on a tie, compare the next largest claims, and so on.",
                "Write a grab or a walk c3-c6, a capture f2xf5, a set-up drop d4. Score a "
                "finished board with: artsheets score landgrab board.txt",
            ),
        ),
    ),
    caption="Black grabs c6 from c3 (c3-c6): the tile turns black. Black's stone on f2 grabs "
    "f5 and captures the white stone just beyond it on f6 (f2xf5). Grey: black tiles.",
)


def diagram(sheet: Sheet, box: Rect, opts: Mapping[str, int]) -> None:
    flipped = {"f6"}  # white's stone stands on a tile flipped white earlier
    draw_example(
        sheet,
        box,
        square_board(8, 8),
        pieces=(("c3", BLACK), ("f2", BLACK), ("f6", WHITE), ("b7", WHITE)),
        arrows=(("c3", "c6"), ("f2", "f5")),
        shading=lambda c: black_square(c) != (c in flipped),
        ghosts=(("c6", BLACK), ("f5", BLACK)),
    )


KIT = Kit(
    name="landgrab",
    title="Land Grab",
    order=22,
    players=(2, 2),
    reminder="Grab a tile in line with your stone and flip it, capture by approach, or walk "
    "in your claim; the largest claim wins.",
    board=lambda o: square_board(8, 8),
    pieces=lambda o: (TILE, BLACK, WHITE),
    standins="Othello or Reversi discs for the tiles (on a chess board), and two coins of one "
    "kind and two of another, or go stones, for the stones.",
    rules=RULES,
    diagram=diagram,
    notation=(
        ("d4", "set-up: drop a stone on d4"),
        ("c3-c6", "grab c6 from c3 (or walk in your claim)"),
        ("f2xf5", "grab f5 and capture the stone beyond it"),
        ("pass", "no action possible"),
    ),
    record_columns=("black", "white"),
    cell_mm=CELL_MM,
    shading=black_square,
)

GAME = kit_spec(KIT)
