"""Move In Synch, In Opposition (Leroy Quet, 2009): an n x n grid, two symbols, a score line.

The sheet records everything the rules need: each square either holds a player's symbol or is
empty, so the final count of symbols is the score.
"""

from __future__ import annotations

from collections.abc import Mapping

from artsheets.generator.furniture import labelled_box
from artsheets.generator.layout import Layout
from artsheets.generator.registry import GameSpec, SheetOption
from artsheets.generator.rng import Rng
from artsheets.generator.sheet import INK, SOFT, Rect, Sheet, Style
from artsheets.generator.topology import grid_neighbours
from artsheets.generator.validation import Check
from artsheets.rules.field import Field

SYMBOLS = ("X", "O")


def build(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
    n = opts["size"]
    body = sheet.body
    score_h = 16.0
    side = min(body.w, body.h - score_h - 6.0)
    cell = side / n
    x0 = body.cx - side / 2
    y0 = body.y0 + (body.h - score_h - 6.0 - side) / 2
    cells = []
    attrs = {}
    for r in range(n):
        row = []
        for c in range(n):
            sid = f"space-{r * n + c + 1}"
            cx0, cy0 = x0 + c * cell, y0 + r * cell
            sheet.add_region(sid, "space", polygon=Rect(cx0, cy0, cx0 + cell, cy0 + cell).corners())
            attrs[sid] = {"row": r, "col": c}
            row.append(sid)
        cells.append(row)
    thin = Style(INK, 0.3)
    for k in range(1, n):
        sheet.path([(x0 + k * cell, y0), (x0 + k * cell, y0 + side)], thin)
        sheet.path([(x0, y0 + k * cell), (x0 + side, y0 + k * cell)], thin)
    sheet.rect(Rect(x0, y0, x0 + side, y0 + side), Style(INK, 0.7))

    # Score line: initials and total for each player.
    sy = body.y1 - score_h
    half = body.w / 2
    for p in (1, 2):
        left = body.x0 + (p - 1) * half + 6.0
        sheet.text((left, sy + 6.0), f"player {p} draws {SYMBOLS[p - 1]}", 3.2)
        labelled_box(
            sheet, Rect(left + 36.0, sy + 1.0, left + 56.0, sy + 8.0), f"score-p{p}-x", p, "X"
        )
        labelled_box(
            sheet, Rect(left + 60.0, sy + 1.0, left + 76.0, sy + 8.0), f"score-p{p}-t", p, "T"
        )
    sheet.text((body.cx, sy + 14.0), "T = squares holding your symbol", 2.6, "middle", fill=SOFT)

    adjacent, corner = grid_neighbours(cells)
    return Field(
        game="synch",
        field_id=sheet.field_id,
        spaces=tuple(s for row in cells for s in row),
        adjacent=adjacent,
        corner=corner,
        attrs=attrs,
        data={"n": n},
    )


def validate_layout(layout: Layout) -> list[Check]:
    """An n x n grid: n*n square spaces, the topology's rows and columns matching."""
    n = layout.options["size"]
    spaces = [r for r in layout.regions if r.kind == "space"]
    checks = [Check(f"{n * n} squares", len(spaces) == n * n, f"found {len(spaces)}")]
    topo = layout.topology
    if topo is not None:
        cells = sorted((a["row"], a["col"]) for a in topo.attrs.values())
        want = [(r, c) for r in range(n) for c in range(n)]
        checks.append(Check("every row/column cell exactly once", cells == want))
    return checks


GAME = GameSpec(
    name="synch",
    title="Move In Synch, In Opposition",
    order=9,
    players=(2, 2),
    reminder="Decider calls synch or opposition, directioner picks a direction; "
    "mark each new square you reach with your symbol.",
    options=(SheetOption("size", "N", 10, 8, 26, "grid size n (n x n squares)"),),
    versions={},
    standard=build,
    colours=lambda o: 2,
    key_labels=("1: X", "2: O"),
    validate=validate_layout,
)
