"""Kamelen's print-and-play kit: the 11 x 11 board (or 11 x 12, 11 x 13: ``--ranks``), camels,
dromedaries and rocks, rules page and record sheet."""

from __future__ import annotations

from collections.abc import Mapping

from artsheets.generator.boardkit import Kit, Piece, draw_example, kit_spec
from artsheets.generator.boardrules import RulesText
from artsheets.generator.registry import SheetOption
from artsheets.generator.sheet import Rect, Sheet
from artsheets.rules.board import FILES, square_board
from artsheets.rules.games.kamelen import home, kamelen_board

CELL_MM = 13.0  # 11 x 13 squares and the coordinates fit a Letter page
RANKS_OPTION = SheetOption("ranks", "R", 11, 11, 13, "Kamelen's board length: 11, 12 or 13 ranks")
WHITE_CAMEL = Piece("white camels", 8, "C", "ring", player=1, round=True)
WHITE_DROM = Piece("white dromedaries", 10, "D", "ring", player=1, round=True)
BLACK_CAMEL = Piece("black camels", 8, "C", "solid", player=2, round=True)
BLACK_DROM = Piece("black dromedaries", 10, "D", "solid", player=2, round=True)
ROCK = Piece("rocks", 6, "R", "hatch")


def is_home(cell: str, ranks: int) -> bool:
    """The two home fields (green on the original board, grey here)."""
    x, y = FILES.index(cell[0]), int(cell[1:]) - 1
    return (x, y) in (home(1, ranks), home(2, ranks))


RULES = RulesText(
    sections=(
        (
            "What you need",
            (
                "The board: 11 x 11; with the strips 11 x 12 or 11 x 13 (print with --ranks). "
                "The grey squares are the home fields: white's f1, black's on the top rank. "
                "Each player: 8 camels (C) and 10 dromedaries (D); 6 rocks (R), which never "
                "move. Set-up: dromedaries on your back rank beside your home field, camels "
                "on your second rank on files b-e and g-j; rocks across the middle on files "
                "a, c, e, g, i and k (on 11 x 12: c, g, k on the lower and a, e, i on the "
                "upper middle rank). White, the youngest player, starts.",
            ),
        ),
        (
            "Moving",
            (
                "A camel walks two squares along a rank or file, then one diagonally onwards. "
                "A dromedary walks two squares diagonally, then one square straight onwards. "
                "Animals and rocks on the way block the walk; one animal per square.",
                "Ending on an enemy animal captures it; you may choose another move instead.",
            ),
        ),
        (
            "Winning",
            (
                "A camel that ends its move on the enemy home field wins double. Capturing "
                "the four enemy camels that can reach your home field wins (a camel keeps its "
                "square colour: only the four on your home field's colour can).",
                "No move: pass; two passes, or 100 plies without a capture: a draw (ours).",
                "Write a move from-to: c2-d5.",
            ),
        ),
    ),
    caption="The camel on c2 walks c3, c4 and on to d5; the dromedary on h2 walks g3, f4 and "
    "on to e4, capturing the black camel there. No walk passes a rock (R) or an animal.",
)


def diagram(sheet: Sheet, box: Rect, opts: Mapping[str, int]) -> None:
    draw_example(
        sheet,
        box,
        square_board(9, 7),
        pieces=(
            ("c2", WHITE_CAMEL),
            ("h2", WHITE_DROM),
            ("e4", BLACK_CAMEL),
            ("e6", ROCK),
            ("g6", ROCK),
        ),
        arrows=(("c2", "c4", "d5"), ("h2", "f4", "e4")),
        ghosts=(("d5", WHITE_CAMEL),),
    )


KIT = Kit(
    name="kamelen",
    title="Kamelen",
    order=27,
    players=(2, 2),
    reminder="Camels: two straight, one diagonal; dromedaries: two diagonal, one straight. "
    "A camel on the enemy home field wins double.",
    board=lambda o: kamelen_board(o["ranks"]),
    pieces=lambda o: (WHITE_CAMEL, WHITE_DROM, BLACK_CAMEL, BLACK_DROM, ROCK),
    standins="chess pieces: knights as camels, bishops and pawns as dromedaries (mark them), "
    "and six coins as rocks.",
    rules=RULES,
    diagram=diagram,
    notation=(("c2-d5", "an animal's walk from c2 to d5 (a capture too)"), ("pass", "no move")),
    record_columns=("white", "black"),
    options=(RANKS_OPTION,),
    cell_mm=CELL_MM,
    shading_by_options=lambda o: lambda cell: is_home(cell, o["ranks"]),
)

GAME = kit_spec(KIT)
