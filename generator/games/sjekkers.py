"""Sjekkers' print-and-play kit: the 41 crossings of a diagonal 9 x 9 grid, 18 + 18 disks and
Sjek crowns, rules page and record sheet."""

from __future__ import annotations

from collections.abc import Mapping

from artsheets.generator.boardkit import Kit, Piece, draw_example, kit_spec
from artsheets.generator.boardrules import RulesText
from artsheets.generator.sheet import Rect, Sheet
from artsheets.rules.games.sjekkers import sjekkers_board

CELL_MM = 18.0
WHITE = Piece("white disks", 18, "W", "ring", player=1, round=True)
BLACK = Piece("black disks", 18, "B", "solid", player=2, round=True)
WHITE_SJEK = Piece("white Sjek crowns", 6, "S", "ring", player=1, round=True)
BLACK_SJEK = Piece("black Sjek crowns", 6, "S", "solid", player=2, round=True)

RULES = RulesText(
    sections=(
        (
            "What you need",
            (
                "The board: 41 crossings of diagonal lines. 18 white disks on ranks 1-4, 18 "
                "black on ranks 6-9; rank 5 starts empty. Sjek crowns (S) mark promoted disks "
                "(or stack two disks). White starts.",
            ),
        ),
        (
            "A turn: move or jump with one disk",
            (
                "Move forward along a line to one of the two next crossings, if empty; or "
                "jump forward over an adjacent own disk to the empty crossing right behind it.",
                "Capture: jump an adjacent enemy disk, forward or backward, to the empty "
                "crossing behind; it is taken off. Capturing is compulsory; if there are "
                "several, choose. Only one jump per turn.",
                "A disk reaching the far rank becomes a Sjek. A Sjek moves any distance along "
                "a line over empty crossings, jumps own disks only as a disk does, and "
                "captures by passing over exactly one enemy disk, landing on any empty "
                "crossing beyond. Compulsory too.",
            ),
        ),
        (
            "The end",
            (
                "Capture all enemy disks to win. With no move, pass; two passes, or 60 plies "
                "(30 turns each) without a capture, and the game is a draw.",
                "Variant: play by the normal rules of checkers on this board.",
                "Write c3-d4 (move or own jump), c3xe5 (capture).",
            ),
        ),
    ),
    caption="White must capture and chooses: the Sjek on a1 flies over black c3 to d4, e5 or "
    "f6 (its own disk on g7 ends the line), or the disk on e3 takes f4, landing on g5 (e3xg5).",
)


def diagram(sheet: Sheet, box: Rect, opts: Mapping[str, int]) -> None:
    draw_example(
        sheet,
        box,
        sjekkers_board(),
        pieces=(
            ("a1", WHITE_SJEK),
            ("c3", BLACK),
            ("g7", WHITE),
            ("e3", WHITE),
            ("f4", BLACK),
            ("b8", BLACK),
        ),
        arrows=(("a1", "e5"), ("e3", "g5")),
        ghosts=(("d4", WHITE_SJEK), ("e5", WHITE_SJEK), ("f6", WHITE_SJEK), ("g5", WHITE)),
        lines=True,
    )


KIT = Kit(
    name="sjekkers",
    title="Sjekkers",
    order=26,
    players=(2, 2),
    reminder="Move forward, jump own disks forward, capture compulsorily either way; a Sjek "
    "flies. Capture every enemy disk to win.",
    board=lambda o: sjekkers_board(),
    pieces=lambda o: (WHITE, BLACK, WHITE_SJEK, BLACK_SJEK),
    standins="a draughts set (two disks stacked make a Sjek); the board can be drawn as a 9 x 9 "
    "grid of diagonal lines.",
    rules=RULES,
    diagram=diagram,
    notation=(
        ("b4-c5", "move (or jump an own disk) to c5"),
        ("d6xb4", "capture: jump the enemy disk between"),
        ("c3xe5xc7", "checkers variant: a chain of captures"),
        ("pass", "no move possible"),
    ),
    record_columns=("white", "black"),
    cell_mm=CELL_MM,
    lines=True,
)

GAME = kit_spec(KIT)
