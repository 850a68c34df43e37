"""Straat's print-and-play kit: the 4 x 4 frame (10 cm, as the 1984 original), 16 two-faced
tiles printed front and back on one page to fold and glue, rules page and record sheet."""

from __future__ import annotations

from collections.abc import Mapping

from artsheets.generator.boardkit import Kit, Piece, board_rect, draw_board, kit_spec
from artsheets.generator.boardrules import RulesText
from artsheets.generator.rulespage import wrap
from artsheets.generator.sheet import INK, SOFT, Rect, Sheet, Style
from artsheets.rules.board import square_board
from artsheets.rules.games.straat import front_colours

CELL_MM = 22.0  # 16 tiles, both faces, fit one Letter page; the original frame was 10 cm
DARK = "#3a3a3a"
FRONT = Piece("tiles", 16, "", "plain")


def triangle(r: Rect, t: int) -> list[tuple[float, float]]:
    """Triangle ``t`` of a tile face (0 = west half of the north edge, clockwise) in ``r``."""
    corners = [(r.x0, r.y0), (r.cx, r.y0), (r.x1, r.y0), (r.x1, r.cy)]
    corners += [(r.x1, r.y1), (r.cx, r.y1), (r.x0, r.y1), (r.x0, r.cy)]
    return [(r.cx, r.cy), corners[t], corners[(t + 1) % 8]]


def draw_face(sheet: Sheet, r: Rect, colours: tuple[int, ...], mark: str = "") -> None:
    """One tile face: its black part filled dark as one polygon (no seams between the
    triangles), the outline as the cut line."""
    sheet.rect(r, Style(None, 0, DARK if all(c == 2 for c in colours) else "#ffffff"))
    starts = [t for t in range(8) if colours[t] == 2 and colours[t - 1] != 2]
    for t in starts:
        run = [t]
        while colours[(run[-1] + 1) % 8] == 2 and len(run) < 8:
            run.append((run[-1] + 1) % 8)
        points = [triangle(r, k)[1] for k in run] + [triangle(r, run[-1])[2]]
        sheet.path([(r.cx, r.cy), *points], Style(None, 0, DARK), closed=True)
    sheet.rect(r, Style(INK, 0.35))
    if mark:
        light = colours[0] == 2
        sheet.text((r.cx, r.cy + 1.3), mark, 3.6, "middle", True, "#ffffff" if light else SOFT)


def pieces_sheet(sheet: Sheet, body: Rect, opts: Mapping[str, int]) -> None:
    """Fronts above a fold line, backs below it mirrored in the line: folded along it, every
    back lies behind a front, and one cut through both layers makes a two-faced tile. Eight
    backs are black (black's tiles), eight white."""
    intro = (
        "Cut out the block along its outer edge, fold it on the dashed line (printed side "
        "out), glue the halves together, then cut along the lines: 16 tiles, half black on "
        "one face; 8 all black and 8 all white on the other."
    )
    y = body.y0
    for line in wrap(intro, 3.0, body.w):
        y += 4.0
        sheet.text((body.x0, y), line, 3.0)
    # The tiles touch (one cut serves two edges) and the fold is the edge between the fronts'
    # last row and the backs' first: each back is the mirror image of its front in the fold.
    span = 4 * CELL_MM
    fold = (y + 2.0 + body.y1 - 8.0) / 2
    x0 = body.cx - span / 2
    for row in range(4):
        for col in range(4):
            x = x0 + col * CELL_MM
            top = fold - (row + 1) * CELL_MM
            draw_face(sheet, Rect(x, top, x + CELL_MM, top + CELL_MM), front_colours("ne"))
            back_top = fold + row * CELL_MM
            owner = 2 if row < 2 else 1
            draw_face(
                sheet,
                Rect(x, back_top, x + CELL_MM, back_top + CELL_MM),
                (owner,) * 8,
                "B" if owner == 2 else "W",
            )
    outer = Rect(x0, fold - span, x0 + span, fold + span)
    sheet.rect(outer, Style(INK, 0.6))
    sheet.path([(outer.x0 - 6, fold), (outer.x1 + 6, fold)], Style(INK, 0.4, dash=(2.0, 1.2)))
    sheet.text((outer.x1 + 1.0, fold - 1.2), "fold", 2.8, "start", fill=SOFT)
    sheet.text((outer.x0 - 1.0, fold - 1.2), "fold", 2.8, "end", fill=SOFT)
    foot = "Stand-ins: 16 squares of card, one face divided corner to corner and half inked; "
    foot += "mark 8 backs black. The frame can be drawn as 4 x 4 squares of 22 mm."
    for i, line in enumerate(wrap(foot, 2.9, body.w)):
        sheet.text((body.x0, body.y1 - 4.8 + 3.8 * i), line, 2.9)


RULES = RulesText(
    sections=(
        (
            "What you need",
            (
                "The 4 x 4 frame and 16 square tiles. One face of every tile is half black, "
                "half white, split corner to corner. The other face is all white on 8 tiles "
                "(white's) and all black on the other 8 (black's).",
                "The original frame was transparent, so the back could be seen; here, lift "
                "the tiles out (or turn the frame over) at the end.",
            ),
        ),
        (
            "Play",
            (
                "White starts, then turns alternate. On your turn lay one of your tiles, "
                "half-and-half face up, on any empty square of the frame, turned as you like.",
            ),
        ),
        (
            "Scoring",
            (
                "When all 16 tiles lie in the frame, count your streets: a street is an area "
                "of your colour, joined along edges (not at corners only), that touches two "
                "opposite edges of the frame. An area touching all four edges is two streets.",
                "Then turn the whole frame over, left to right, and count the streets on the "
                "backs too. The higher total wins; equal totals draw.",
                "Write a move as the square and where the black half points: b3ne. Score a "
                "finished frame with: artsheets score straat frame.txt",
            ),
        ),
    ),
    caption="Left, the fronts: a black street winds up files a and b (a1se, b1nw, b2sw, "
    "a2ne...). Right, the backs after turning over: white's tiles lay on a and b, so their backs "
    "show on c and d. White 0 + 1, black 1 + 1: black wins.",
)

SNAKE = {"a1": "se", "b1": "nw", "b2": "sw", "a2": "ne", "a3": "se", "b3": "nw", "b4": "sw"}
SNAKE |= {"a4": "ne"}


def diagram(sheet: Sheet, box: Rect, opts: Mapping[str, int]) -> None:
    board = square_board(4, 4)
    left, right = box.split_x(box.cx)
    for side, area in (("front", left), ("back", right)):
        cell = min(area.w - 14.0, area.h - 14.0) / 4
        x0, y0 = board_rect(board, cell, area)
        polys = draw_board(sheet, board, x0, y0, cell)
        for name, poly in polys.items():
            r = Rect(poly[0][0], poly[0][1], poly[2][0], poly[2][1])
            if side == "front":
                draw_face(sheet, r, front_colours(SNAKE.get(name, "ne")))
            else:
                owner = 2 if name[0] in "ab" else 1
                draw_face(sheet, r, (owner,) * 8, "B" if owner == 2 else "W")
        sheet.text((area.cx, y0 - 5.0), side, 3.2, "middle", True)


KIT = Kit(
    name="straat",
    title="Straat",
    order=24,
    players=(2, 2),
    reminder="Lay a tile, turned as you like; at the end count your streets on both faces.",
    board=lambda o: square_board(4, 4),
    pieces=lambda o: (FRONT,),
    standins="",
    rules=RULES,
    diagram=diagram,
    notation=(
        ("b3ne", "tile on b3, black half to the north-east"),
        ("a1sw", "tile on a1, black half to the south-west"),
        ("c2se", "se: black half south-east"),
        ("d4nw", "nw: black half north-west"),
    ),
    record_columns=("white", "black"),
    cell_mm=CELL_MM,
    pieces_sheet=pieces_sheet,
)

GAME = kit_spec(KIT)
