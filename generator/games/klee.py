"""Klee (Sid Sackson, 1975): a 12 x 12 field of 144 spaces, a two-lane scoring track around it
and six sequence areas per player at either end of the sheet.

Field. The standard field is Sackson's grid of 144 equal squares (``templates/klee.json``).
A random field is a Klee "magic squares" grid: the 12 x 12 row/column structure is kept (so
sequences along rows, columns and diagonals still mean what they mean on the squares), but the
columns and rows get varied widths and every inner grid vertex is nudged a little, so each space
is a gently irregular convex quadrilateral. The outline of the field stays the same square, so
the track and the sequence areas are identical on every Klee sheet.

Track. One lane per player around the field (player 1 outside, player 2 inside), 50 boxes each,
clockwise. It starts in the top-left of the top side, where an arrow between the two lanes points
to box 1 and each player writes his initials in his lane on his side of the arrow, and it ends
in the top-left corner box (50), just behind the start. Every fifth box is closed by a heavy
bar and numbered outside the track.

Sequence areas. Player 1's six areas are at the top of the sheet, player 2's at the bottom,
listed left to right; the middle four (between the printed asterisks) are the standard game's
areas 1-4 (three, three, four and four cells); the outer two (three cells on the left, four on
the right) are areas 5 and 6 of the six-area game. With ``--areas 4`` they are printed light
and marked "(6-area game only)". See ``docs/fields/klee.md``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from shapely.geometry import Polygon

from artsheets.generator.furniture import fit_text
from artsheets.generator.layout import Layout, q
from artsheets.generator.registry import GameSpec, SheetOption
from artsheets.generator.rng import Rng
from artsheets.generator.sheet import INK, SOFT, Rect, Sheet, Style
from artsheets.generator.templates import load_template
from artsheets.generator.topology import grid_neighbours
from artsheets.generator.validation import Check, check_min_area, check_min_width, first_valid
from artsheets.rules.field import Field

__all__ = [
    "AREA_LENGTHS",
    "GAME",
    "STANDARD_AREAS",
    "TRACK_LENGTH",
    "KleeGeometry",
    "N",
    "draw",
    "freeze_standard",
    "make_geometry",
    "random_geometry",
    "regular_geometry",
    "validate_geometry",
    "validate_layout",
]

N = 12  # rows and columns
SIDE = 132.0  # the field is a SIDE x SIDE mm square on every page
LANE = 6.0  # width of one track lane
TRACK_GAP = 3.0  # white space between the field and the track
TRACK_LENGTH = 50  # boxes per lane; Sackson's game ends at the end of the track
STUB_BOXES = 2  # the start (arrow and initials) takes two box lengths of the top side
# Cells of the six sequence areas, left to right; the middle four are the standard game's.
AREA_LENGTHS = (3, 3, 3, 4, 4, 4)
STANDARD_AREAS = (1, 2, 3, 4)
# Area numbers printed under the areas (the order in which the areas are filled in).
AREA_LABELS = ("5", "1", "2", "3", "4", "6")

MIN_WIDTH_MM = 5.0  # every space holds a 5 mm disc
MIN_AREA_MM2 = 45.0  # a regular space is 121 mm2
MIN_ANGLE_DEG = 62.0  # no sharp corners: spaces stay recognisably "squares"

LIGHT = "#b0b0b0"


@dataclass(frozen=True)
class KleeGeometry:
    """The (N+1) x (N+1) grid vertices in the field's own mm frame (0..SIDE, y down)."""

    vertices: tuple[tuple[tuple[float, float], ...], ...]

    def cell(self, r: int, c: int) -> list[tuple[float, float]]:
        v = self.vertices
        return [v[r][c], v[r][c + 1], v[r + 1][c + 1], v[r + 1][c]]

    def to_data(self) -> dict:
        return {"n": N, "side": SIDE, "vertices": [[list(p) for p in row] for row in self.vertices]}

    @classmethod
    def from_data(cls, data: Mapping) -> KleeGeometry:
        return _rounded([[tuple(p) for p in row] for row in data["vertices"]])


def _rounded(vertices) -> KleeGeometry:
    return KleeGeometry(tuple(tuple((q(x), q(y)) for x, y in row) for row in vertices))


def regular_geometry() -> KleeGeometry:
    """Sackson's field: 144 equal squares."""
    step = SIDE / N
    return _rounded([[(c * step, r * step) for c in range(N + 1)] for r in range(N + 1)])


def _steps(rng: Rng) -> list[float]:
    """N positive widths summing to SIDE, varied between about 0.7 and 1.3 of the mean."""
    raw = [rng.uniform(0.72, 1.32) for _ in range(N)]
    total = sum(raw)
    return [SIDE * w / total for w in raw]


def _cuts(steps: list[float]) -> list[float]:
    out = [0.0]
    for w in steps:
        out.append(out[-1] + w)
    out[-1] = SIDE
    return out


def make_geometry(rng: Rng, opts: Mapping[str, int] | None = None) -> KleeGeometry:
    """One candidate "magic squares" grid (not yet validated)."""
    col_w = _steps(rng.child("columns"))
    row_h = _steps(rng.child("rows"))
    xs, ys = _cuts(col_w), _cuts(row_h)
    wob = rng.child("wobble")
    # Every inner grid line leans a little (a linear tilt) and wobbles a little (noise), by
    # fractions of the narrower neighbouring column / row; boundary vertices move only along
    # the boundary, so the field stays a square.
    tilt_x = [0.0] + [wob.uniform(-0.3, 0.3) for _ in range(N - 1)] + [0.0]
    tilt_y = [0.0] + [wob.uniform(-0.3, 0.3) for _ in range(N - 1)] + [0.0]
    verts = []
    for r in range(N + 1):
        row = []
        for c in range(N + 1):
            x, y = xs[c], ys[r]
            if 0 < c < N:
                room = min(col_w[c - 1], col_w[c])
                x += (tilt_x[c] * (r / N - 0.5) + wob.uniform(-0.07, 0.07)) * room
            if 0 < r < N:
                room = min(row_h[r - 1], row_h[r])
                y += (tilt_y[r] * (c / N - 0.5) + wob.uniform(-0.07, 0.07)) * room
            row.append((x, y))
        verts.append(row)
    return _rounded(verts)


def _angles(pts: list[tuple[float, float]]) -> list[float]:
    out = []
    for i in range(4):
        ax, ay = pts[i - 1]
        bx, by = pts[i]
        cx, cy = pts[(i + 1) % 4]
        u = (ax - bx, ay - by)
        v = (cx - bx, cy - by)
        cos = (u[0] * v[0] + u[1] * v[1]) / (math.hypot(*u) * math.hypot(*v))
        out.append(math.degrees(math.acos(max(-1.0, min(1.0, cos)))))
    return out


def _cell_checks(cells: list[tuple[str, list[tuple[float, float]]]]) -> list[Check]:
    polys = [(i, Polygon(p)) for i, p in cells]
    invalid = [i for i, p in polys if not p.is_valid or not p.equals(p.convex_hull)]
    worst = min((min(_angles(p)), i) for i, p in cells)
    return [
        Check(f"{N * N} spaces", len(cells) == N * N, f"found {len(cells)}"),
        Check("every space a valid convex quadrilateral", not invalid, ", ".join(invalid[:5])),
        check_min_area(polys, MIN_AREA_MM2),
        check_min_width(polys, MIN_WIDTH_MM),
        Check(
            f"every corner angle >= {MIN_ANGLE_DEG:g} deg",
            worst[0] >= MIN_ANGLE_DEG,
            f"sharpest {worst[0]:.1f} deg ({worst[1]})",
        ),
    ]


def validate_geometry(geom: KleeGeometry, opts: Mapping[str, int] | None = None) -> list[Check]:
    """Counts, convexity and printability of every space, and the field outline."""
    v = geom.vertices
    cells = [(f"r{r}c{c}", geom.cell(r, c)) for r in range(N) for c in range(N)]
    checks = [Check("13 x 13 grid vertices", len(v) == N + 1 and all(len(r) == N + 1 for r in v))]
    edge = (
        all(v[0][c][1] == 0 and v[N][c][1] == SIDE for c in range(N + 1))
        and all(v[r][0][0] == 0 and v[r][N][0] == SIDE for r in range(N + 1))
        and v[0][0] == (0, 0)
        and v[N][N] == (SIDE, SIDE)
    )
    checks.append(Check(f"the field is a {SIDE:g} mm square", edge))
    return checks + _cell_checks(cells)


def random_geometry(rng: Rng, opts: Mapping[str, int] | None = None) -> tuple[KleeGeometry, int]:
    return first_valid(rng, lambda r: make_geometry(r, opts), lambda g: validate_geometry(g, opts))


def freeze_standard(seed: int) -> dict:
    """Template data. Seed 0 is Sackson's regular grid (the chosen standard field); any other
    seed freezes that seed's irregular grid."""
    if seed == 0:
        return regular_geometry().to_data()
    geom, _ = random_geometry(Rng.derive("klee", "standard", seed), {"areas": 4})
    return geom.to_data()


# --- drawing ---------------------------------------------------------------------------------

SEQ_CELL = 7.2
SEQ_GAP = 5.0
STAR_GAP = 9.0
SEQ_BLOCK_H = 17.0  # label, cells, area numbers
NUM_ROOM = 4.5  # room for the track numbers outside the outer lane


def _seq_block(sheet: Sheet, player: int, y0: float, areas: int) -> list[list[str]]:
    """One player's six sequence areas, centred, top edge at y0; returns mark ids per area."""
    body = sheet.body
    total = sum(AREA_LENGTHS) * SEQ_CELL + 3 * SEQ_GAP + 2 * STAR_GAP
    x = body.cx - total / 2
    sheet.text(
        (x, y0 + 3.2),
        f"player {player}: scoring sequences",
        3.0,
        bold=True,
    )
    sheet.text(
        (x + total, y0 + 3.2),
        "standard game: the four areas between the asterisks",
        2.4,
        "end",
        fill=SOFT,
    )
    cy0 = y0 + 5.0
    out: list[list[str]] = []
    for a, length in enumerate(AREA_LENGTHS):
        if a in (1, 5):
            sheet.text((x + STAR_GAP / 2, cy0 + SEQ_CELL * 0.5 + 2.3), "*", 6.0, "middle", True)
            x += STAR_GAP
        elif a > 0:
            x += SEQ_GAP
        optional = a not in STANDARD_AREAS
        faint = optional and areas == 4
        colour = LIGHT if faint else INK
        ids = []
        for c in range(length):
            cell = Rect(x + c * SEQ_CELL, cy0, x + (c + 1) * SEQ_CELL, cy0 + SEQ_CELL)
            mid = f"mark-seq-p{player}-a{a + 1}-c{c + 1}"
            sheet.box(
                cell,
                mid,
                "mark",
                Style(colour, 0.3),
                player=player,
                area=a + 1,
                cell=c + 1,
                optional=faint,
            )
            ids.append(mid)
        w = length * SEQ_CELL
        sheet.rect(Rect(x, cy0, x + w, cy0 + SEQ_CELL), Style(colour, 0.6))
        label = AREA_LABELS[a]
        if faint:
            label = f"{label} (6-area game only)"
        sheet.text(
            (x + w / 2, cy0 + SEQ_CELL + 3.4),
            label,
            fit_text(label, 2.4, w + SEQ_GAP - 0.5),
            "middle",
            fill=LIGHT if faint else SOFT,
        )
        out.append(ids)
        x += w
    return out


def _track(sheet: Sheet, fx0: float, fy0: float) -> dict[str, list[str]]:
    """Two lanes around the field square at (fx0, fy0); returns the box ids per player."""
    # The track's inner edge runs TRACK_GAP outside the field.
    L, w = SIDE + 2 * TRACK_GAP, LANE
    b = L / N  # box length along the sides
    x0, y0 = fx0 - TRACK_GAP, fy0 - TRACK_GAP
    x1, y1 = x0 + L, y0 + L
    # Each track position: (polygon of lane 1 = outside, polygon of lane 2 = inside, side, centre
    # of the position on the outer edge, outward direction).
    pos: list[tuple[list, list, tuple[float, float], tuple[float, float]]] = []
    # Top side, left to right, after the start stub.
    for k in range(STUB_BOXES, N):
        a, e = x0 + k * b, x0 + (k + 1) * b
        pos.append(
            (
                Rect(a, y0 - 2 * w, e, y0 - w).corners(),
                Rect(a, y0 - w, e, y0).corners(),
                ((a + e) / 2, y0 - 2 * w),
                (0.0, -1.0),
            )
        )

    def corner(cx: float, cy: float, sx: int, sy: int) -> None:
        # Corner square outside the field corner (cx, cy); sx, sy point away from the field.
        ox, oy = cx + 2 * w * sx, cy + 2 * w * sy
        mx, my = cx + w * sx, cy + w * sy
        outer = [(cx, oy), (ox, oy), (ox, cy), (mx, cy), (mx, my), (cx, my)]
        inner = Rect(min(cx, mx), min(cy, my), max(cx, mx), max(cy, my)).corners()
        pos.append((outer, inner, (ox, oy), (sx / math.sqrt(2), sy / math.sqrt(2))))

    corner(x1, y0, 1, -1)
    for k in range(N):  # right side, top to bottom
        a, e = y0 + k * b, y0 + (k + 1) * b
        pos.append(
            (
                Rect(x1 + w, a, x1 + 2 * w, e).corners(),
                Rect(x1, a, x1 + w, e).corners(),
                (x1 + 2 * w, (a + e) / 2),
                (1.0, 0.0),
            )
        )
    corner(x1, y1, 1, 1)
    for k in range(N):  # bottom side, right to left
        a, e = x1 - (k + 1) * b, x1 - k * b
        pos.append(
            (
                Rect(a, y1 + w, e, y1 + 2 * w).corners(),
                Rect(a, y1, e, y1 + w).corners(),
                ((a + e) / 2, y1 + 2 * w),
                (0.0, 1.0),
            )
        )
    corner(x0, y1, -1, 1)
    for k in range(N):  # left side, bottom to top
        a, e = y1 - (k + 1) * b, y1 - k * b
        pos.append(
            (
                Rect(x0 - 2 * w, a, x0 - w, e).corners(),
                Rect(x0 - w, a, x0, e).corners(),
                (x0 - 2 * w, (a + e) / 2),
                (-1.0, 0.0),
            )
        )
    # The last box: the top-left corner square, split like the left side (it ends there).
    pos.append(
        (
            Rect(x0 - 2 * w, y0 - 2 * w, x0 - w, y0).corners(),
            Rect(x0 - w, y0 - 2 * w, x0, y0).corners(),
            (x0 - 2 * w, y0 - 2 * w),
            (-1 / math.sqrt(2), -1 / math.sqrt(2)),
        )
    )
    assert len(pos) == TRACK_LENGTH

    thin = Style(INK, 0.3)
    track: dict[str, list[str]] = {"1": [], "2": []}
    for n, (outer, inner, (ex, ey), (dx, dy)) in enumerate(pos, start=1):
        for player, poly in ((1, outer), (2, inner)):
            tid = f"track-p{player}-{n}"
            sheet.path(poly, thin, closed=True)
            sheet.add_region(tid, "track_box", polygon=poly, player=player, value=n)
            track[str(player)].append(tid)
        if n % 5 == 0:
            tx, ty = ex + dx * 3.2, ey + dy * 3.2 + 1.0
            sheet.text((tx, ty), str(n), 2.6, "middle", bold=n == TRACK_LENGTH, fill=SOFT)
    # Heavy bars after every fifth box (across both lanes): the edge shared with the next box.
    heavy = Style(INK, 0.8)
    for n in range(5, TRACK_LENGTH, 5):
        shared = _shared_edge(pos[n - 1][0] + pos[n - 1][1], pos[n][0] + pos[n][1])
        sheet.path(shared, heavy)
    # Outline of the whole track, heavy.
    ring_out = Rect(x0 - 2 * w, y0 - 2 * w, x1 + 2 * w, y1 + 2 * w)
    sheet.rect(ring_out, Style(INK, 0.6))
    # Start: the stub on the top side, arrow along the lane divider, initials either side.
    sx0, sx1 = x0, x0 + STUB_BOXES * b
    sheet.path([(sx0, y0 - 2 * w), (sx0, y0)], Style(INK, 1.0))  # finish | start bar
    sheet.path([(sx1, y0 - 2 * w), (sx1, y0)], Style(INK, 0.6))
    ay = y0 - w
    sheet.path([(sx0 + 2.0, ay), (sx1 - 1.2, ay)], Style(INK, 0.45))
    sheet.path(
        [(sx1 - 3.4, ay - 1.3), (sx1 - 0.9, ay), (sx1 - 3.4, ay + 1.3)],
        Style(INK, 0, INK),
        closed=True,
    )
    sheet.text((sx0 + 1.2, y0 - 2 * w + 2.5), "1", 1.9, fill=SOFT)
    sheet.text((sx0 + 1.2, y0 - w + 2.5), "2", 1.9, fill=SOFT)
    sheet.text(
        ((sx0 + sx1) / 2, y0 - 2 * w - 1.4),
        "start: initials",
        2.4,
        "middle",
        fill=SOFT,
    )
    return track


def _shared_edge(a: list, b: list) -> list:
    """The two extreme points two neighbouring track positions share (within 0.01 mm)."""
    pts = sorted({(q(x), q(y)) for x, y in a} & {(q(x), q(y)) for x, y in b})
    return [pts[0], pts[-1]]


def draw(sheet: Sheet, geom: KleeGeometry, opts: Mapping[str, int]) -> Field:
    body = sheet.body
    areas = opts.get("areas", 4)
    ring = SIDE + 2 * TRACK_GAP + 4 * LANE + 2 * NUM_ROOM
    free = body.h - 2 * SEQ_BLOCK_H - ring
    gap = free / 2
    fx0 = body.cx - SIDE / 2
    fy0 = body.y0 + SEQ_BLOCK_H + gap + NUM_ROOM + 2 * LANE + TRACK_GAP

    seq_top = _seq_block(sheet, 1, body.y0, areas)
    seq_bottom = _seq_block(sheet, 2, body.y1 - SEQ_BLOCK_H, areas)

    cells = []
    attrs: dict[str, dict[str, int]] = {}
    for r in range(N):
        row = []
        for c in range(N):
            sid = f"space-{r * N + c + 1}"
            poly = [(fx0 + x, fy0 + y) for x, y in geom.cell(r, c)]
            sheet.add_region(sid, "space", polygon=poly, row=r, col=c)
            attrs[sid] = {"row": r, "col": c}
            row.append(sid)
        cells.append(row)
    grid = Style(INK, 0.35)
    v = geom.vertices
    for k in range(1, N):
        sheet.path([(fx0 + x, fy0 + y) for x, y in (v[k][c] for c in range(N + 1))], grid)
        sheet.path([(fx0 + x, fy0 + y) for x, y in (v[r][k] for r in range(N + 1))], grid)
    sheet.rect(Rect(fx0, fy0, fx0 + SIDE, fy0 + SIDE), Style(INK, 0.7))

    track = _track(sheet, fx0, fy0)
    adjacent, corner = grid_neighbours(cells)
    return Field(
        game="klee",
        field_id=sheet.field_id,
        spaces=tuple(s for row in cells for s in row),
        adjacent=adjacent,
        corner=corner,
        attrs=attrs,
        data={
            "sequence_areas": {"1": seq_top, "2": seq_bottom},
            "standard_areas": list(STANDARD_AREAS),
            "area_lengths": list(AREA_LENGTHS),
            "areas_in_play": areas,
            "track": track,
        },
    )


def build_random(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
    assert rng is not None
    geom, _ = random_geometry(rng, opts)
    return draw(sheet, geom, opts)


def build_standard(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
    return draw(sheet, KleeGeometry.from_data(load_template("klee")), opts)


def check_options(opts: Mapping[str, int]) -> None:
    if opts["areas"] not in (4, 6):
        raise ValueError(
            f"--areas must be 4 (the standard game) or 6 (all six areas), got {opts['areas']}"
        )


def validate_layout(layout: Layout) -> list[Check]:
    """Re-check a written Klee layout: 144 quadrilaterals in a 12 x 12 structure, printable,
    topology = grid neighbours, the track and the sequence areas complete."""
    spaces = [r for r in layout.regions if r.kind == "space"]
    checks = []
    topo = layout.topology
    by_rc: dict[tuple[int, int], tuple[str, list]] = {}
    for r in spaces:
        if topo is not None and r.id in topo.attrs:
            a = topo.attrs[r.id]
            by_rc[(a["row"], a["col"])] = (r.id, r.polygon or [])
    want = [(r, c) for r in range(N) for c in range(N)]
    checks.append(Check("every row/column cell exactly once", sorted(by_rc) == want))
    if sorted(by_rc) != want:
        return checks
    checks += _cell_checks([(i, p) for i, p in (by_rc[rc] for rc in want)])
    # Neighbouring cells share their edge (the grid is connected as a grid).
    bad = []
    for (r, c), (sid, poly) in by_rc.items():
        if c + 1 < N and len(set(poly) & set(by_rc[(r, c + 1)][1])) != 2:
            bad.append(sid)
        if r + 1 < N and len(set(poly) & set(by_rc[(r + 1, c)][1])) != 2:
            bad.append(sid)
    checks.append(Check("grid cells share their edges", not bad, ", ".join(bad[:5])))
    cells = [[by_rc[(r, c)][0] for c in range(N)] for r in range(N)]
    adjacent, corner = grid_neighbours(cells)
    if topo is not None:
        same = all(
            topo.adjacent.get(s, frozenset()) == adjacent[s]
            and topo.corner.get(s, frozenset()) == corner[s]
            for s in adjacent
        )
        checks.append(Check("topology = 4-neighbours adjacent, diagonals corner", same))
        track = topo.data.get("track", {})
        ids = {r.id for r in layout.regions}
        ok = all(
            len(track.get(p, [])) == TRACK_LENGTH and all(t in ids for t in track.get(p, []))
            for p in ("1", "2")
        )
        checks.append(Check(f"two track lanes of {TRACK_LENGTH} boxes", ok))
        seq = topo.data.get("sequence_areas", {})
        lengths = list(topo.data.get("area_lengths", []))
        ok = lengths == list(AREA_LENGTHS) and all(
            [len(a) for a in seq.get(p, [])] == lengths
            and all(m in ids for a in seq.get(p, []) for m in a)
            for p in ("1", "2")
        )
        checks.append(Check("six sequence areas per player", ok))
    return checks


GAME = GameSpec(
    name="klee",
    title="Klee",
    order=6,
    players=(2, 2),
    reminder="Fill a space touching a filled one, any colour; score 1 per sequence of yours it "
    "forms. Track end or 5 ahead wins.",
    options=(SheetOption("areas", "U", 4, 4, 6, "sequence areas per player: 4 (standard) or 6"),),
    versions={1: build_random},
    standard=build_standard,
    colours=lambda o: 4,
    check_options=check_options,
    validate=validate_layout,
)
