"""The print-and-play kit of a board or card game: four sheets on the usual sheet machinery.

``artsheets generate GAME --part N`` prints part N of the kit (``--part`` defaults to 1):

1. **board**: the board at true size, cells named on its edges (files a, b, c... along the
   bottom and top, ranks 1, 2, 3... up the sides, as in the move notation); each cell is a
   ``space`` region and the sheet's topology is the board the rule engine plays on;
2. **pieces**: counters, blocks or tiles to cut out, each the size of the board's cells, told
   apart by a letter and a pattern (never colour alone), with the household stand-ins;
3. **rules**: the rules in the project's words with a diagram (:mod:`.boardrules`);
4. **record**: a pad for writing moves in the game's notation, with the notation's key.

Every part carries the same furniture as every sheet (corner markers, two QR codes, sheet code,
title and rules reminder). A game module describes its kit as a :class:`Kit` and exports
``GAME = kit_spec(KIT)``; part 2 of the board and card games (issue 24) reuses all of this.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from artsheets.generator.boardrules import RulesText, draw_rules
from artsheets.generator.fonts import text_width
from artsheets.generator.furniture import fit_text
from artsheets.generator.registry import GameSpec, SheetOption
from artsheets.generator.rng import Rng
from artsheets.generator.rulespage import wrap
from artsheets.generator.sheet import FURNITURE, INK, SOFT, Rect, Sheet, Style
from artsheets.rules.board import FILES, Board
from artsheets.rules.field import Field

__all__ = [
    "PARTS",
    "PART_OPTION",
    "Kit",
    "Piece",
    "board_rect",
    "draw_board",
    "draw_piece",
    "kit_spec",
]

PARTS = {1: "board", 2: "pieces", 3: "rules", 4: "record sheet"}
PART_OPTION = SheetOption(
    "part", "K", 1, 1, 4, "kit sheet of a board or card game: 1 board, 2 pieces, 3 rules, 4 record"
)
LIGHT = "#b0b0b0"  # cell names printed inside hexagons: readable, yet not in the way
LABEL_MM = 5.0  # the band around the board holding the coordinates
PIECE_GAP_MM = 2.0  # between pieces on the pieces sheet (room for the scissors)
# Light tints so that a colour print shows the players' colours; the patterns and letters
# carry the difference in black and white.
TINTS = {0: "#ffffff", 1: "#cfe0f5", 2: "#f5d0cc"}


@dataclass(frozen=True)
class Piece:
    """One kind of piece to cut out. ``cells`` is its size in board cells (a Parking Lot block
    is 1 x 2); ``pattern`` is ``solid``, ``ring``, ``hatch``, ``dots`` or ``plain``; a
    ``round`` piece is a disc inside its cell."""

    label: str
    count: int
    mark: str
    pattern: str
    player: int = 0
    cells: tuple[float, float] = (1, 1)
    round: bool = False


@dataclass(frozen=True)
class Kit:
    """Everything the four sheets of one game need. Functions take the sheet options."""

    name: str
    title: str
    order: int
    players: tuple[int, int]
    reminder: str
    board: Callable[[Mapping[str, int]], Board] | None
    pieces: Callable[[Mapping[str, int]], tuple[Piece, ...]]
    standins: str
    rules: RulesText
    diagram: Callable[[Sheet, Rect, Mapping[str, int]], None]
    notation: tuple[tuple[str, str], ...]
    record_columns: tuple[str, str] = ("player 1", "player 2")
    options: tuple[SheetOption, ...] = ()
    cell_mm: float | Callable[[Mapping[str, int]], float] = 20.0
    # A card game has no board: part 1 is a play mat drawn by ``mat`` instead, and
    # ``cut_list`` replaces the list of pieces (one kind per card would be long).
    mat: Callable[[Sheet, Rect, Mapping[str, int]], None] | None = None
    cut_list: str | None = None
    # Pieces that are more than a pattern and a letter (Straat's two-faced tiles) draw their
    # own part 2 in the sheet's body.
    pieces_sheet: Callable[[Sheet, Rect, Mapping[str, int]], None] | None = None
    lines: bool = False  # pieces stand on the crossings of lines (see draw_board)
    # grey cells that depend on the sheet options (Kamelen's home fields move with --ranks)
    shading_by_options: Callable[[Mapping[str, int]], Callable[[str], bool]] | None = None
    shading: Callable[[str], bool] = field(default=lambda cell: False)
    # start points printed as dashed piece outlines (Trangalla's S1..S5 and V1..V5)
    starts: Callable[[Mapping[str, int]], tuple[str, ...]] | None = None
    doc: str = ""

    def cell(self, opts: Mapping[str, int]) -> float:
        """The board's cell size in mm (true size: the pieces are cut to it)."""
        return self.cell_mm(opts) if callable(self.cell_mm) else self.cell_mm


def kit_spec(kit: Kit) -> GameSpec:
    """The generator's entry for a kit: ``--part`` first, then the game's own options."""

    def build(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
        part = opts["part"]
        if part == 1 and kit.board is not None:
            return draw_board_sheet(sheet, kit, kit.board(opts), kit.cell(opts), opts)
        if part == 1 and kit.mat is not None:
            kit.mat(sheet, sheet.body, opts)
        elif part == 2 and kit.pieces_sheet is not None:
            kit.pieces_sheet(sheet, sheet.body, opts)
        elif part == 2:
            draw_pieces_sheet(sheet, kit, opts)
        elif part == 3:
            draw_rules(sheet, sheet.body, kit.rules, lambda s, r: kit.diagram(s, r, opts))
        else:
            draw_record_sheet(sheet, kit)
        return Field(game=kit.name, field_id=sheet.field_id, spaces=())

    lo, hi = kit.players
    players = f"{lo} players" if lo == hi else f"{lo}-{hi} players"
    return GameSpec(
        name=kit.name,
        title=kit.title,
        order=kit.order,
        players=kit.players,
        reminder=kit.reminder,
        options=(PART_OPTION, *kit.options),
        versions={},
        standard=build,
        colours=lambda o: 0,
        subtitle=lambda o: f"{players} - {_part_name(kit, o['part'])}",
        doc=kit.doc,
    )


def _part_name(kit: Kit, part: int) -> str:
    return "play mat and score pad" if part == 1 and kit.board is None else PARTS[part]


# --- the board -------------------------------------------------------------------------------


def board_rect(board: Board, cell: float, area: Rect) -> tuple[float, float]:
    """Top-left corner of a board of ``cell`` mm cells centred in ``area``."""
    w, h = _board_size(board, cell)
    return area.cx - w / 2, area.cy - h / 2


def _board_size(board: Board, cell: float) -> tuple[float, float]:
    if board.shape in ("hex", "diamond"):
        return board.files * cell, (1.5 * (board.ranks - 1) + 2) * cell / math.sqrt(3)
    return board.files * cell, board.ranks * cell


def cell_polygon(board: Board, i: int, x0: float, y0: float, cell: float) -> list[tuple]:
    """The cell's outline in page mm (rank 1 at the bottom)."""
    x, y = board.coords[i]
    if board.shape in ("hex", "diamond"):
        r = cell / math.sqrt(3)  # a pointy-top hexagon ``cell`` mm across its flats
        # the diamond's rows are centred on the widest (see rules.board.diamond_board)
        side = (board.files + 1) // 2 if board.shape == "hex" else board.files
        cx = x0 + (x + (y - (side - 1)) / 2 + 0.5) * cell
        cy = y0 + r + 1.5 * r * (board.ranks - 1 - y)
        return [
            (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
            for a in (30, 90, 150, 210, 270, 330)
        ]
    top = y0 + (board.ranks - 1 - y) * cell
    left = x0 + x * cell
    return Rect(left, top, left + cell, top + cell).corners()


def draw_board(
    sheet: Sheet,
    board: Board,
    x0: float,
    y0: float,
    cell: float,
    shading: Callable[[str], bool] = lambda c: False,
    regions: bool = False,
    labels: bool = True,
    lines: bool = False,
) -> dict[str, list[tuple]]:
    """Draw the board with its coordinates; returns each cell's polygon by name. With
    ``lines`` the pieces stand on crossings (Sjekkers): each cell is drawn as a point at its
    centre, joined to its neighbours along the board's lines, instead of a square."""
    if lines:
        return _draw_lines(sheet, board, x0, y0, cell, regions, labels, shading)
    polys = {}
    for i, name in enumerate(board.cells):
        poly = cell_polygon(board, i, x0, y0, cell)
        polys[name] = poly
        fill = "#d9d9d9" if shading(name) else None
        sheet.path(poly, Style(INK, 0.35, fill), closed=True)
        if regions:
            sheet.add_region(name, "space", polygon=poly)
            if board.shape == "hex":  # the hex board's files slant: name every cell
                cx, cy = _centre(poly)
                sheet.text((cx, cy + cell * 0.32), name, cell * 0.14, "middle", fill=LIGHT)
    if board.shape == "square":
        w, h = _board_size(board, cell)
        sheet.rect(Rect(x0, y0, x0 + w, y0 + h), Style(INK, 0.8))
        for r in board.removed:  # a removed cell is crossed out
            x, y = FILES.index(r[0]), int(r[1:]) - 1
            box = Rect(x0 + x * cell, y0 + (board.ranks - 1 - y) * cell, 0, 0)
            box = Rect(box.x0, box.y0, box.x0 + cell, box.y0 + cell)
            sheet.rect(box, Style(None, 0, "#ffffff"))
            sheet.path([(box.x0, box.y0), (box.x1, box.y1)], Style(SOFT, 0.3))
            sheet.path([(box.x1, box.y0), (box.x0, box.y1)], Style(SOFT, 0.3))
    if labels:
        _coordinates(sheet, board, polys, cell)
    return polys


def _draw_lines(
    sheet: Sheet,
    board: Board,
    x0: float,
    y0: float,
    cell: float,
    regions: bool,
    labels: bool,
    shading: Callable[[str], bool] = lambda c: False,
) -> dict[str, list[tuple]]:
    """A board of lines and crossings: a line from every crossing to each neighbour its rays
    give, a dot on each crossing; the region is a disc-sized square around the point. A
    shaded crossing (Trangalla's goals) gets a grey disc the size of a piece under its dot."""
    polys = {name: cell_polygon(board, i, x0, y0, cell) for i, name in enumerate(board.cells)}
    centres = [_centre(polys[name]) for name in board.cells]
    for name, centre in zip(board.cells, centres, strict=True):
        if shading(name):
            sheet.circle(centre, cell * 0.42, Style(INK, 0.5, "#d9d9d9"))
    for i, rays in enumerate(board.rays):
        for ray in rays:
            if ray and i < ray[0]:
                sheet.path([centres[i], centres[ray[0]]], Style(INK, 0.5))
    for name, (cx, cy) in zip(board.cells, centres, strict=True):
        sheet.circle((cx, cy), cell * 0.07, Style(None, 0, INK))
        if regions and board.shape == "diamond":  # rows closer than a cell: the hexagons tile
            sheet.add_region(name, "space", polygon=polys[name])
        elif regions:
            r = cell * 0.45
            sheet.add_region(name, "space", polygon=Rect(cx - r, cy - r, cx + r, cy + r).corners())
    if labels:
        _coordinates(sheet, board, polys, cell)
    return polys


def _coordinates(sheet: Sheet, board: Board, polys: dict, cell: float) -> None:
    """File letters below and above the board, rank numbers left and right of each rank. On
    the hex board a file is labelled where it meets the top or bottom row (files a.. at the
    top, the rest at the bottom) and each row at both its ends."""
    size = min(3.6, cell * 0.22)
    top_rank, bottom_rank = board.ranks - 1, 0
    if board.shape == "diamond":  # rows differ in length: every point is named right below
        for name, poly in polys.items():  # it, between the two lines that leave downwards
            cx, cy = _centre(poly)
            sheet.text((cx, cy + cell * 0.2 + size * 0.8), name, size * 0.8, "middle", fill=SOFT)
    for x in range(board.files if board.shape != "diamond" else 0):
        column = [i for i, (fx, _) in enumerate(board.coords) if fx == x]
        ranks = {board.coords[i][1]: polys[board.cells[i]] for i in column}
        if board.shape == "square":  # label at the board's edges, even past removed cells
            left = min(p[0] for p in next(iter(ranks.values())))
            centre = left + cell / 2
            top = min(min(q[1] for q in polys[c]) for c in polys) - 1.4
            bottom = max(max(q[1] for q in polys[c]) for c in polys) + 3.6
            _label(sheet, FILES[x], (centre, 0), top, size)
            _label(sheet, FILES[x], (centre, 0), bottom, size)
            continue
        if top_rank in ranks:
            poly = ranks[top_rank]
            _label(sheet, FILES[x], _centre(poly), min(q[1] for q in poly) - 1.4, size)
        if bottom_rank in ranks:
            poly = ranks[bottom_rank]
            _label(sheet, FILES[x], _centre(poly), max(q[1] for q in poly) + 3.8, size)
    x_min = min(q[0] for poly in polys.values() for q in poly)
    x_max = max(q[0] for poly in polys.values() for q in poly)
    for y in range(board.ranks):
        row = [polys[board.cells[i]] for i, (_, ry) in enumerate(board.coords) if ry == y]
        left = min(row, key=lambda p: min(q[0] for q in p))
        right = max(row, key=lambda p: max(q[0] for q in p))
        cy = _centre(left)[1] + size * 0.36
        lx = (x_min if board.shape == "square" else min(q[0] for q in left)) - 1.2
        rx = (x_max if board.shape == "square" else max(q[0] for q in right)) + 1.2
        sheet.text((lx, cy), str(y + 1), size, "end", fill=FURNITURE)
        sheet.text((rx, cy), str(y + 1), size, "start", fill=FURNITURE)


def _centre(poly: list[tuple]) -> tuple[float, float]:
    return sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly)


def _label(sheet: Sheet, text: str, centre: tuple[float, float], y: float, size: float) -> None:
    sheet.text((centre[0], y), text, size, "middle", fill=FURNITURE)


def draw_board_sheet(
    sheet: Sheet, kit: Kit, board: Board, cell: float, opts: Mapping[str, int] | None = None
) -> Field:
    area = sheet.body.inset(LABEL_MM)
    x0, y0 = board_rect(board, cell, area)
    shading = kit.shading
    if kit.shading_by_options is not None:
        shading = kit.shading_by_options(opts or {})
    polys = draw_board(sheet, board, x0, y0, cell, shading, regions=True, lines=kit.lines)
    for name in kit.starts(opts or {}) if kit.starts is not None else ():
        sheet.circle(_centre(polys[name]), cell * 0.42, Style(SOFT, 0.35, dash=(1.2, 0.8)))
    note = f"true size: each cell is {cell:g} mm across; print at 100 % (no fit-to-page)"
    sheet.text((sheet.body.cx, sheet.body.y1 - 0.5), note, 2.6, "middle", fill=SOFT)
    return board.field(kit.name, sheet.field_id)


# --- pieces ----------------------------------------------------------------------------------


def draw_piece(sheet: Sheet, piece: Piece, r: Rect) -> None:
    """One piece in ``r``: its outline (the cut line), pattern, tint and letter."""
    ink = Style(INK, 0.4, TINTS.get(piece.player, "#ffffff"))
    if piece.pattern == "solid":
        ink = Style(INK, 0.4, "#3a3a3a")
    if piece.round:
        radius = min(r.w, r.h) / 2 - 0.8
        sheet.circle((r.cx, r.cy), radius, ink)
        if piece.pattern == "ring":
            sheet.circle((r.cx, r.cy), radius * 0.72, Style(INK, 0.9))
        elif piece.pattern == "dots":
            _dots(sheet, r, lambda x, y: math.hypot(x - r.cx, y - r.cy) < radius - 1.6)
        elif piece.pattern == "hatch":
            _hatch_disc(sheet, r.cx, r.cy, radius)
    else:
        sheet.rect(r.inset(0.2), ink)
        if piece.pattern == "dots":
            _dots(sheet, r, lambda x, y: True, inset=2.0)
        elif piece.pattern == "hatch":
            _hatch_rect(sheet, r.inset(0.2))
        elif piece.pattern == "ring":
            sheet.rect(r.inset(min(r.w, r.h) * 0.14), Style(INK, 0.9))
    size = min(r.w, r.h) * 0.42
    light = piece.pattern == "solid"
    # The letter sits on a white badge so hatching and dots never hide it.
    if not light:
        sheet.circle((r.cx, r.cy), size * 0.62, Style(None, 0, "#ffffff"))
    sheet.text(
        (r.cx, r.cy + size * 0.36), piece.mark, size, "middle", True, "#ffffff" if light else INK
    )


def _dots(sheet: Sheet, r: Rect, inside: Callable[[float, float], bool], inset: float = 0) -> None:
    step = 2.6
    y = r.y0 + inset + step / 2
    while y < r.y1 - inset:
        x = r.x0 + inset + step / 2
        while x < r.x1 - inset:
            if inside(x, y):
                sheet.circle((x, y), 0.35, Style(None, 0, INK))
            x += step
        y += step


def _hatch_rect(sheet: Sheet, r: Rect) -> None:
    """45-degree lines across a rectangle, clipped to it."""
    step = 2.2
    k = step
    while k < r.w + r.h:
        # the line x + y = r.x0 + r.y0 + k, clipped
        x_a, y_a = r.x0 + min(k, r.w), r.y0 + max(0.0, k - r.w)
        x_b, y_b = r.x0 + max(0.0, k - r.h), r.y0 + min(k, r.h)
        sheet.path([(x_a, y_a), (x_b, y_b)], Style(INK, 0.25))
        k += step


def _hatch_disc(sheet: Sheet, cx: float, cy: float, radius: float) -> None:
    step = 2.2
    k = -radius + step / 2
    while k < radius:
        half = math.sqrt(max(radius * radius - k * k, 0.0))
        # a chord perpendicular to the (1, 1) direction at distance k from the centre
        ux, uy = 1 / math.sqrt(2), -1 / math.sqrt(2)
        px, py = cx + k / math.sqrt(2), cy + k / math.sqrt(2)
        sheet.path(
            [(px - ux * half, py - uy * half), (px + ux * half, py + uy * half)], Style(INK, 0.25)
        )
        k += step


def draw_pieces_sheet(sheet: Sheet, kit: Kit, opts: Mapping[str, int]) -> None:
    """What to cut out, listed, then every piece once, flowed in centred rows (kinds in order,
    sharing a row when they fit), and the household stand-ins at the foot."""
    pieces = kit.pieces(opts)
    body = sheet.body
    cell = kit.cell(opts)
    listing = kit.cut_list or (
        "Cut out: " + "; ".join(f"{p.count} {p.label} ({p.mark})" for p in pieces) + "."
    )
    y = body.y0
    for line in wrap(listing, 3.0, body.w):
        y += 4.0
        sheet.text((body.x0, y), line, 3.0, bold=True)
    y += 3.0
    rows: list[list[tuple[Piece, float, float]]] = [[]]
    used = 0.0
    for piece in pieces:
        w, h = piece.cells[0] * cell, piece.cells[1] * cell
        for _ in range(piece.count):
            if rows[-1] and used + PIECE_GAP_MM + w > body.w:
                rows.append([])
                used = 0.0
            used += (PIECE_GAP_MM if rows[-1] else 0.0) + w
            rows[-1].append((piece, w, h))
    stand_ins = wrap(f"Stand-ins: {kit.standins}", 2.9, body.w)
    for row in rows:
        row_w = sum(w for _, w, _ in row) + PIECE_GAP_MM * (len(row) - 1)
        row_h = max(h for _, _, h in row)
        x = body.cx - row_w / 2
        for piece, w, h in row:
            top = y + row_h - h
            draw_piece(sheet, piece, Rect(x, top, x + w, top + h))
            x += w + PIECE_GAP_MM
        y += row_h + PIECE_GAP_MM
    if y > body.y1 - 3.8 * len(stand_ins):
        raise ValueError(f"{kit.name}: the pieces do not fit the page ({y:.0f} mm used)")
    for i, line in enumerate(stand_ins):
        sheet.text((body.x0, body.y1 - 3.8 * (len(stand_ins) - 1 - i) - 1.0), line, 2.9)


# --- the record sheet ----------------------------------------------------------------------


def draw_record_sheet(sheet: Sheet, kit: Kit) -> None:
    """The notation's key at the top, then numbered rows for both players in two blocks."""
    body = sheet.body
    y = body.y0 + 3.5
    sheet.text((body.x0, y), "Players:", 3.2, bold=True)
    for k, who in enumerate(kit.record_columns):
        x = body.x0 + 20.0 + k * 88.0
        sheet.text((x, y), f"{who}:", 3.0, fill=FURNITURE)
        start = x + text_width(f"{who}:", 3.0) + 2.0
        sheet.path([(start, y + 0.6), (x + 84.0, y + 0.6)], Style(SOFT, 0.25))
    y += 6.0
    sheet.text((body.x0, y), "Notation", 3.2, bold=True)
    y += 1.5
    col_w = body.w / 2
    for k, (example, meaning) in enumerate(kit.notation):
        row, col = divmod(k, 2)
        x = body.x0 + col * col_w
        ty = y + 4.0 + row * 4.2
        sheet.text((x, ty), example, 3.0, bold=True)
        text = fit_text(meaning, 2.7, col_w - 24.0)
        sheet.text((x + 22.0, ty), meaning, text, fill=FURNITURE)
    y += 4.0 + math.ceil(len(kit.notation) / 2) * 4.2 + 3.0
    row_h = 6.6
    rows = int((body.y1 - y - row_h) // row_h)
    block_w = (body.w - 6.0) / 2
    for b in range(2):
        x0 = body.x0 + b * (block_w + 6.0)
        num_w = 9.0
        move_w = (block_w - num_w) / 2
        head = y + row_h
        sheet.rect(Rect(x0, y, x0 + block_w, head), Style(INK, 0.3, "#eeeeee"))
        for k, who in enumerate(kit.record_columns):
            cx = x0 + num_w + move_w * (k + 0.5)
            sheet.text((cx, y + 4.4), who, fit_text(who, 3.0, move_w - 2), "middle", True)
        for r in range(rows):
            top = head + r * row_h
            sheet.rect(Rect(x0, top, x0 + block_w, top + row_h), Style(FURNITURE, 0.25))
            n = b * rows + r + 1
            sheet.text((x0 + num_w - 1.5, top + 4.5), str(n), 2.8, "end", fill=SOFT)
        bottom = head + rows * row_h
        for x in (x0 + num_w, x0 + num_w + move_w):
            sheet.path([(x, y), (x, bottom)], Style(FURNITURE, 0.25))


# --- rules diagrams --------------------------------------------------------------------------


def draw_example(
    sheet: Sheet,
    box: Rect,
    board: Board,
    pieces: tuple[tuple[str, Piece], ...] = (),
    arrows: tuple[tuple[str, ...], ...] = (),
    marks: Mapping[str, str] | None = None,
    shading: Callable[[str], bool] = lambda c: False,
    ghosts: tuple[tuple[str, Piece], ...] = (),
    lines: bool = False,
) -> None:
    """A small board for a rules diagram: pieces (anchored at their lower-left cell), arrows
    through cell centres (a move's path), short marks written in cells, and ghosts: dashed
    outlines where a piece ends its move."""
    w1, h1 = _board_size(board, 1.0)
    cell = min((box.w - 2 * LABEL_MM) / w1, (box.h - 2 * LABEL_MM) / h1)
    x0, y0 = board_rect(board, cell, box)
    polys = draw_board(sheet, board, x0, y0, cell, shading, lines=lines)
    for anchor, piece in pieces:
        poly = polys[anchor]
        left, bottom = min(p[0] for p in poly), max(p[1] for p in poly)
        w, h = piece.cells[0] * cell, piece.cells[1] * cell
        draw_piece(sheet, piece, Rect(left + 0.6, bottom - h + 0.6, left + w - 0.6, bottom - 0.6))
    for anchor, piece in ghosts:
        poly = polys[anchor]
        left, bottom = min(p[0] for p in poly), max(p[1] for p in poly)
        w, h = piece.cells[0] * cell, piece.cells[1] * cell
        ghost = Rect(left + 0.6, bottom - h + 0.6, left + w - 0.6, bottom - 0.6)
        if piece.round:
            sheet.circle((ghost.cx, ghost.cy), min(ghost.w, ghost.h) / 2, Style(INK, 0.5))
        else:
            sheet.rect(ghost, Style(INK, 0.5, dash=(1.2, 0.8)))
    for path in arrows:
        points = [_centre(polys[c]) for c in path]
        sheet.path(points, Style(INK, 0.7))
        (ax, ay), (bx, by) = points[-2], points[-1]
        d = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / d, (by - ay) / d
        tip = 0.28 * cell
        sheet.path(
            [
                (bx - tip * ux + tip * 0.5 * uy, by - tip * uy - tip * 0.5 * ux),
                (bx, by),
                (bx - tip * ux - tip * 0.5 * uy, by - tip * uy + tip * 0.5 * ux),
            ],
            Style(INK, 0.7),
        )
    for name, text in (marks or {}).items():
        cx, cy = _centre(polys[name])
        size = cell * 0.36
        sheet.text((cx, cy + size * 0.36), text, size, "middle", True, FURNITURE)
