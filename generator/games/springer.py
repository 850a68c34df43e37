"""Springer (Sid Sackson, 1975): a large rectangle of irregular spaces, numbered triangles on
all four edges, chains that connect through corners.

Because a player may never fill a space next to his own colour, every chain of one colour is
connected *only* through corners: a field where many corners are shared by four spaces is what
makes the game work. Two field versions:

- **Version 2** (the default for new sheets): a free net. Blue-noise points (spacing varying
  across the field), their exact Delaunay triangulation, and triangles merged in pairs into
  mostly convex quadrilaterals (``springer_net``); no rows, no columns, and about nine in ten
  junctions shared by four or more spaces.
- **Version 1** (the standard sheet, and every version-1 sheet code): a jittered
  quadrilateral grid (every interior vertex a four-way corner), then

  - a number of neighbouring cells merged (two or three cells make one irregular space; merges
    are spread so that as few vertices as possible lose their four-way corner),
  - a few single cells split, along a diagonal (two triangles; its ends become five-way
    corners) or across (two new T-junctions on opposite sides),

so that exactly ``spaces`` spaces remain. Along each edge of the rectangle, the spaces that
touch the edge are grouped (one or two at a time) under a triangle whose base spans exactly
those spaces, inset 1 mm from the vertices at either end, so every triangle touches its spaces
along a boundary of positive length and no other. Each edge carries every number 1-5 at least
once (more triangles repeat numbers at random), so every total from 4 to 20 can be reached.

All geometry is in integer hundredths of a millimetre in the field's own frame (the rectangle's
top-left corner is the origin), at its printed size. Constraints checked on every random field
(re-drawn from the next sub-seed when one fails) are listed in ``docs/fields/springer.md``.

Topology (``docs/topology.md``): spaces with ``adjacent`` (shared edge) and ``corner`` (shared
vertex only), computed exactly from the planar graph; ``data["triangles"]`` = ``{triangle id:
{"edge", "number", "spaces"}}``; ``data["threshold"]`` is the winning total for two players (an
extra).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import shapely
from shapely.geometry import LineString, Polygon

from artsheets.generator.furniture import labelled_box
from artsheets.generator.games.springer_net import (
    blue_noise,
    delaunay,
    merge_pairs,
    net_segments,
    radius_field,
)
from artsheets.generator.layout import Layout, q
from artsheets.generator.registry import GameSpec, SheetOption
from artsheets.generator.rng import Rng
from artsheets.generator.sheet import INK, SOFT, Rect, Sheet, Style
from artsheets.generator.templates import load_template
from artsheets.generator.validation import Check, check_min_width, first_valid
from artsheets.rules.field import Field, symmetric_pairs

__all__ = [
    "EDGES",
    "GAME",
    "Geometry",
    "build_random",
    "build_standard",
    "draw",
    "find_chain",
    "freeze_standard",
    "geometry_from_data",
    "make_geometry",
    "random_geometry",
    "validate_geometry",
    "validate_layout",
]

NAME = "springer"
U = 100  # units per mm
FIELD_W = 170 * U  # the rectangle, at its printed size (fits A4's and Letter's body)
FIELD_H = 178 * U
DEFAULT_SPACES = 108
DEFAULT_THRESHOLD = 13
EDGES = ("top", "right", "bottom", "left")

TRI_H = 8.0  # triangle height (mm), outside the rectangle
TRI_INSET = 100  # triangle base ends 1 mm short of the vertices at either end
MIN_BASE = 8 * U  # every triangle base at least 8 mm
MAX_GROUP = 36 * U  # group two boundary spaces under one triangle only up to this span
MIN_TRIANGLES = 5  # per edge: room for every number 1-5

MIN_AREA = 80.0  # mm2
MIN_WIDTH = 5.0  # mm: every space holds a disc this wide
MIN_EDGE = 4.0  # mm between two junctions (so a four-way corner never looks like two Ts)
MIN_ANGLE = 25.0  # degrees, every corner of every space
FOUR_WAY_SHARE = 0.40  # of the interior junctions, overall
FOUR_WAY_QUADRANT = 0.25  # and in every quarter of the field

LINE_W = 0.35  # boundaries between spaces
FRAME_W = 0.9  # the large rectangle
INITIALS_H = 9.0  # the row of initials boxes under the field

IPoint = tuple[int, int]
Seg = tuple[int, int, int, int]


@dataclass(frozen=True)
class Geometry:
    """A Springer field in its own frame (integer 0.01 mm).

    ``segments``: every boundary piece, frame included, as (x0, y0, x1, y1) between vertices of
    the planar graph (pieces meet only at their ends). ``triangles``: (edge, a, b, number), the
    base running from a to b along the edge (x for top/bottom, y for left/right).
    """

    w: int
    h: int
    segments: tuple[Seg, ...]
    triangles: tuple[tuple[str, int, int, int], ...]


# --- generation ----------------------------------------------------------------------------


def _sizes(rng: Rng, total: int, n: int, spread: int) -> list[int]:
    """n positive integers summing to total, each within +-spread% of the mean."""
    raw = [100 + rng.integer(-spread, spread) for _ in range(n)]
    s = sum(raw)
    out = [total * r // s for r in raw]
    out[-1] += total - sum(out)
    return out


def _grid_shape(rng: Rng, spaces: int, w: int, h: int) -> tuple[int, int]:
    """Rows and columns of the starting grid: 8-24 cells more than the spaces wanted, cells
    roughly square."""
    options = []
    for rows in range(3, 40):
        for cols in range(3, 40):
            extra = rows * cols - spaces
            aspect = (w / cols) / (h / rows)
            if 4 + spaces // 10 <= extra <= 6 + spaces // 5 and 0.8 <= aspect <= 1.25:
                options.append((rows, cols))
    if not options:
        raise ValueError(f"no grid for {spaces} spaces")
    return rng.choice(options)


class _Grid:
    """The jittered grid with labels (merged cells share one), inserted points and splits."""

    def __init__(self, rng: Rng, rows: int, cols: int, w: int, h: int) -> None:
        self.rows, self.cols, self.w, self.h = rows, cols, w, h
        col_w = _sizes(rng, w, cols, 32)
        row_h = _sizes(rng, h, rows, 32)
        xs = [0, *itertools.accumulate(col_w)]
        ys = [0, *itertools.accumulate(row_h)]
        self.v: list[list[IPoint]] = []
        for i in range(rows + 1):
            row = []
            for j in range(cols + 1):
                x, y = xs[j], ys[i]
                if 0 < j < cols:
                    a = min(col_w[j - 1], col_w[j]) * 24 // 100
                    x += rng.integer(-a, a)
                if 0 < i < rows:
                    a = min(row_h[i - 1], row_h[i]) * 24 // 100
                    y += rng.integer(-a, a)
                row.append((x, y))
            self.v.append(row)
        self.label = [[i * cols + j for j in range(cols)] for i in range(rows)]
        self.size = {i * cols + j: 1 for i in range(rows) for j in range(cols)}
        self.inserted: dict[tuple[str, int, int], IPoint] = {}
        self.splits: list[tuple[IPoint, IPoint]] = []
        self.split_cells: set[tuple[int, int]] = set()
        self.lost = [[0] * (cols + 1) for _ in range(rows + 1)]  # edges removed per vertex
        self.area = {
            i * cols + j: self.cell_area(i, j) for i in range(rows) for j in range(cols)
        }  # twice the area per label

    def cell_of(self, i: int, j: int) -> int | None:
        if 0 <= i < self.rows and 0 <= j < self.cols:
            return self.label[i][j]
        return None

    def edge_cells(self, key: tuple[str, int, int]) -> tuple[int | None, int | None]:
        kind, i, j = key
        if kind == "h":  # from v[i][j] to v[i][j+1]: cell above, cell below
            return self.cell_of(i - 1, j), self.cell_of(i, j)
        return self.cell_of(i, j - 1), self.cell_of(i, j)  # "v": v[i][j] to v[i+1][j]

    def edge_side_cells(self, key: tuple[str, int, int]) -> tuple[tuple[int, int], ...]:
        kind, i, j = key
        return ((i - 1, j), (i, j)) if kind == "h" else ((i, j - 1), (i, j))

    def edge_ends(self, key: tuple[str, int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
        kind, i, j = key
        return ((i, j), (i, j + 1)) if kind == "h" else ((i, j), (i + 1, j))

    def edges(self) -> list[tuple[str, int, int]]:
        hs = [("h", i, j) for i in range(self.rows + 1) for j in range(self.cols)]
        vs = [("v", i, j) for i in range(self.rows) for j in range(self.cols + 1)]
        return hs + vs

    def merge(self, rng: Rng, count: int) -> int:
        """Merge ``count`` pairs of neighbouring spaces (at most three cells per space);
        prefer edges whose end vertices are still four-way corners. Returns merges done."""
        done = 0
        for _ in range(count):
            best: list[tuple[str, int, int]] = []
            best_score = None
            for key in self.edges():
                a, b = self.edge_cells(key)
                if a is None or b is None or a == b or self.size[a] + self.size[b] > 3:
                    continue
                if key in self.inserted or self.split_cells & set(self.edge_side_cells(key)):
                    continue  # (merges after splits) keep every split and T-junction
                ends = self.edge_ends(key)
                interior = [e for e in ends if 0 < e[0] < self.rows and 0 < e[1] < self.cols]
                score = sum(self.lost[e[0]][e[1]] > 0 for e in interior) * 4
                score += self.size[a] + self.size[b] - 2  # two-cell spaces mostly
                if min(self.area[a], self.area[b]) < 2 * 1.4 * MIN_AREA * U * U:
                    score -= 10  # a small cell is merged first
                if best_score is None or score < best_score:
                    best, best_score = [key], score
                elif score == best_score:
                    best.append(key)
            if not best:
                break
            key = rng.choice(best)
            a, b = self.edge_cells(key)
            assert a is not None and b is not None
            keep, gone = min(a, b), max(a, b)
            for row in self.label:
                for j, lab in enumerate(row):
                    if lab == gone:
                        row[j] = keep
            self.size[keep] += self.size.pop(gone)
            self.area[keep] += self.area.pop(gone)
            for e in self.edge_ends(key):
                self.lost[e[0]][e[1]] += 1
            done += 1
        return done

    def cell_area(self, i: int, j: int) -> int:
        """Twice the area of cell (i, j) in units^2."""
        pts = [self.v[i][j], self.v[i][j + 1], self.v[i + 1][j + 1], self.v[i + 1][j]]
        return abs(
            sum(
                x0 * y1 - x1 * y0
                for (x0, y0), (x1, y1) in zip(pts, [*pts[1:], pts[0]], strict=True)
            )
        )

    def split(self, rng: Rng, count: int) -> int:
        """Split ``count`` single-cell spaces (diagonally or across). Returns splits done.

        Only large cells are split (at least 3.2 times the minimum space area), never two
        neighbouring cells, never a cell with a T-junction already on one of its sides."""
        done = 0
        for _ in range(count):
            cands = []
            for i in range(self.rows):
                for j in range(self.cols):
                    if self.size[self.label[i][j]] != 1 or (i, j) in self.split_cells:
                        continue
                    if self.cell_area(i, j) < 2 * 3.2 * MIN_AREA * U * U:
                        continue
                    keys = [("h", i, j), ("h", i + 1, j), ("v", i, j), ("v", i, j + 1)]
                    if any(k in self.inserted for k in keys):
                        continue
                    if any(
                        (i + di, j + dj) in self.split_cells
                        for di in (-1, 0, 1)
                        for dj in (-1, 0, 1)
                    ):
                        continue
                    cands.append((i, j))
            if not cands:
                break
            i, j = rng.choice(cands)
            self.split_cells.add((i, j))
            v = self.v
            if rng.below(100) < 55:
                # along the shorter diagonal: the two triangles keep the wider angles
                d1 = _dist2(v[i][j], v[i + 1][j + 1])  # exact integers: no float ties
                d2 = _dist2(v[i][j + 1], v[i + 1][j])
                if d1 <= d2:
                    self.splits.append((v[i][j], v[i + 1][j + 1]))
                else:
                    self.splits.append((v[i][j + 1], v[i + 1][j]))
            else:
                # across, between the midpoints (roughly) of the two longer opposite sides
                hs = _dist2(v[i][j], v[i][j + 1]) + _dist2(v[i + 1][j], v[i + 1][j + 1])
                vs = _dist2(v[i][j], v[i + 1][j]) + _dist2(v[i][j + 1], v[i + 1][j + 1])
                if hs >= vs:
                    ka, kb = ("h", i, j), ("h", i + 1, j)
                else:
                    ka, kb = ("v", i, j), ("v", i, j + 1)
                pts = []
                for key in (ka, kb):
                    (ai, aj), (bi, bj) = self.edge_ends(key)
                    (x0, y0), (x1, y1) = v[ai][aj], v[bi][bj]
                    t = rng.integer(40, 60)
                    p = (x0 + (x1 - x0) * t // 100, y0 + (y1 - y0) * t // 100)
                    self.inserted[key] = p
                    pts.append(p)
                self.splits.append((pts[0], pts[1]))
            done += 1
        return done

    def segments(self) -> list[Seg]:
        out: list[Seg] = []
        for key in self.edges():
            a, b = self.edge_cells(key)
            if a is not None and a == b:
                continue
            (ai, aj), (bi, bj) = self.edge_ends(key)
            pa, pb = self.v[ai][aj], self.v[bi][bj]
            if key in self.inserted:
                p = self.inserted[key]
                out += [(*pa, *p), (*p, *pb)]
            else:
                out.append((*pa, *pb))
        out += [(*p, *r) for p, r in self.splits]
        return sorted(_norm(s) for s in out)


def _dist2(p: IPoint, r: IPoint) -> int:
    return (p[0] - r[0]) ** 2 + (p[1] - r[1]) ** 2


def _norm(s: Seg) -> Seg:
    return s if (s[0], s[1]) <= (s[2], s[3]) else (s[2], s[3], s[0], s[1])


def _side(p: IPoint, w: int, h: int) -> set[str]:
    out = set()
    if p[1] == 0:
        out.add("top")
    if p[0] == w:
        out.add("right")
    if p[1] == h:
        out.add("bottom")
    if p[0] == 0:
        out.add("left")
    return out


def _along(edge: str, p: IPoint) -> int:
    return p[0] if edge in ("top", "bottom") else p[1]


def _edge_pieces(segments: Iterable[Seg], w: int, h: int) -> dict[str, list[tuple[int, int]]]:
    """Frame pieces per edge as sorted (a, b) intervals along the edge."""
    out: dict[str, list[tuple[int, int]]] = {e: [] for e in EDGES}
    for s in segments:
        p, r = (s[0], s[1]), (s[2], s[3])
        for edge in _side(p, w, h) & _side(r, w, h):
            a, b = sorted((_along(edge, p), _along(edge, r)))
            out[edge].append((a, b))
    return {e: sorted(v) for e, v in out.items()}


def _triangles(
    rng: Rng, segments: Sequence[Seg], w: int, h: int
) -> list[tuple[str, int, int, int]]:
    """Group the boundary spaces along each edge under triangles and number them."""
    faces = _faces(segments)
    out = []
    for edge in EDGES:
        runs = _runs(faces, edge, w, h)  # [(a, b, face index)], merged per space
        groups = [(a, b) for a, b, _ in runs]
        # a space too short for a triangle of its own shares one with its shorter neighbour
        while len(groups) > 1:
            k = min(range(len(groups)), key=lambda i: (groups[i][1] - groups[i][0], i))
            if groups[k][1] - groups[k][0] >= MIN_BASE + 2 * TRI_INSET:
                break
            if k == 0 or (
                k + 1 < len(groups)
                and groups[k + 1][1] - groups[k + 1][0] < groups[k - 1][1] - groups[k - 1][0]
            ):
                groups[k : k + 2] = [(groups[k][0], groups[k + 1][1])]
            else:
                groups[k - 1 : k + 1] = [(groups[k - 1][0], groups[k][1])]
        # then some neighbours share a triangle, for variety
        k = 0
        while k + 1 < len(groups):
            span = groups[k + 1][1] - groups[k][0]
            if len(groups) > MIN_TRIANGLES + 1 and span <= MAX_GROUP and rng.below(100) < 30:
                groups[k : k + 2] = [(groups[k][0], groups[k + 1][1])]
            k += 1
        numbers = [1, 2, 3, 4, 5] + [rng.integer(1, 5) for _ in range(max(0, len(groups) - 5))]
        numbers = rng.shuffled(numbers)[: len(groups)]
        for (a, b), n in zip(groups, numbers, strict=False):
            out.append((edge, a + TRI_INSET, b - TRI_INSET, n))
    return out


def make_geometry(rng: Rng, opts: Mapping[str, int]) -> Geometry:
    """One candidate field (validation decides whether it is kept)."""
    spaces = opts.get("spaces", DEFAULT_SPACES)
    w, h = FIELD_W, FIELD_H
    rows, cols = _grid_shape(rng.child("shape"), spaces, w, h)
    grid = _Grid(rng.child("grid"), rows, cols, w, h)
    splits = rng.child("counts").integer(2, 3 + spaces // 30)
    merged = grid.merge(rng.child("merge"), rows * cols - spaces)
    split = grid.split(rng.child("split"), splits)
    # Every split made one space too many: merge as many more (away from the splits).
    grid.merge(rng.child("merge-more"), rows * cols - merged + split - spaces)
    segments = tuple(grid.segments())
    triangles = tuple(_triangles(rng.child("triangles"), segments, w, h))
    return Geometry(w, h, segments, triangles)


# Version 2: a free net (``springer_net``) instead of the jittered grid. The point spacing sets
# how many triangles the net starts from. 1.6 triangles per space up to 108 spaces (most spaces
# two triangles, about three in ten a triangle of their own); beyond, fewer, down to 1.2 at 160
# spaces, because every triangle left alone must still hold 80 mm2 (at 1.6 no field of 160
# spaces passed on the tuning seeds, at 1.2 seven in ten). NET_POINT_AREA is the measured area
# per Delaunay triangle for the spacing r, as a multiple of r^2.
NET_POINT_AREA = 0.88
NET_SPREAD = 20  # percent: the spacing varies this much across the field


def _net_triangles_per_space(spaces: int) -> float:
    return 1.6 - 0.4 * min(max(spaces - 108, 0), 52) / 52


def make_geometry_v2(rng: Rng, opts: Mapping[str, int]) -> Geometry:
    """One candidate version-2 field (validation decides whether it is kept)."""
    spaces = opts.get("spaces", DEFAULT_SPACES)
    w, h = FIELD_W, FIELD_H
    per_space = _net_triangles_per_space(spaces)
    r0 = math.isqrt(round(w * h / (NET_POINT_AREA * per_space * spaces)))
    spacing = radius_field(rng.child("density"), w, h, r0, NET_SPREAD)
    pts = blue_noise(rng.child("points"), w, h, spacing)
    tris = delaunay(pts)
    small = round(2 * 1.4 * MIN_AREA * U * U)
    removed = merge_pairs(
        rng.child("merge"), pts, tris, len(tris) - spaces, lambda p: bool(_side(p, w, h)), small
    )
    segments = tuple(sorted(_norm(s) for s in net_segments(pts, tris, removed)))
    triangles = tuple(_triangles(rng.child("triangles"), segments, w, h))
    return Geometry(w, h, segments, triangles)


# --- planar graph helpers ------------------------------------------------------------------


def _faces(segments: Sequence[Seg]) -> list[list[IPoint]]:
    """The spaces as rings of integer vertices (counter-clockwise, first vertex smallest),
    sorted top to bottom, then left to right, by their rounded centroids."""
    lines = [LineString([(s[0] / U, s[1] / U), (s[2] / U, s[3] / U)]) for s in segments]
    polys = list(shapely.get_parts(shapely.polygonize(lines)))
    rings = []
    for p in polys:
        pts = [(round(x * U), round(y * U)) for x, y in p.exterior.coords[:-1]]
        a2 = cx = cy = 0
        for (x0, y0), (x1, y1) in zip(pts, [*pts[1:], pts[0]], strict=True):
            cross = x0 * y1 - x1 * y0
            a2 += cross
            cx += (x0 + x1) * cross
            cy += (y0 + y1) * cross
        if a2 < 0:
            pts.reverse()
            a2, cx, cy = -a2, -cx, -cy
        k = pts.index(min(pts))
        pts = pts[k:] + pts[:k]
        # exact centroid (integer arithmetic): the order can never flip on a rounding error
        rings.append((Fraction(cy, 3 * a2), Fraction(cx, 3 * a2), pts))
    rings.sort()
    return [r[2] for r in rings]


def _runs(
    faces: Sequence[Sequence[IPoint]], edge: str, w: int, h: int
) -> list[tuple[int, int, int]]:
    """Along one edge: (a, b, face) intervals where a space lies on the frame, one per space."""
    pieces = []
    for f, ring in enumerate(faces):
        for p, r in zip(ring, [*ring[1:], ring[0]], strict=True):
            if edge in _side(p, w, h) and edge in _side(r, w, h):
                a, b = sorted((_along(edge, p), _along(edge, r)))
                pieces.append((a, b, f))
    pieces.sort()
    runs: list[tuple[int, int, int]] = []
    for a, b, f in pieces:
        if runs and runs[-1][2] == f and runs[-1][1] == a:
            runs[-1] = (runs[-1][0], b, f)
        else:
            runs.append((a, b, f))
    return runs


def _contacts(
    faces: Sequence[Sequence[IPoint]],
) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """(pairs sharing an edge, pairs sharing only vertices) of face indexes, exact."""
    edge_faces: dict[tuple[IPoint, IPoint], list[int]] = {}
    vert_faces: dict[IPoint, list[int]] = {}
    for f, ring in enumerate(faces):
        for p, r in zip(ring, [*ring[1:], ring[0]], strict=True):
            edge_faces.setdefault((min(p, r), max(p, r)), []).append(f)
        for p in ring:
            vert_faces.setdefault(p, []).append(f)
    adjacent = set()
    for fs in edge_faces.values():
        for a, b in itertools.combinations(sorted(fs), 2):
            adjacent.add((a, b))
    corner = set()
    for fs in vert_faces.values():
        for a, b in itertools.combinations(sorted(set(fs)), 2):
            if (a, b) not in adjacent:
                corner.add((a, b))
    return adjacent, corner


def _junctions(segments: Sequence[Seg], w: int, h: int) -> dict[IPoint, int]:
    """Vertex -> degree, for every vertex of the planar graph."""
    deg: dict[IPoint, int] = {}
    for s in segments:
        for p in ((s[0], s[1]), (s[2], s[3])):
            deg[p] = deg.get(p, 0) + 1
    return deg


def find_chain(
    n: int,
    adjacent: Mapping[int, set[int]],
    corner: Mapping[int, set[int]],
    edges_of: Mapping[int, set[str]],
    starts: int = 12,
) -> list[int] | None:
    """A set of spaces, pairwise not next to each other, connected through corners, touching
    all four edges: what one player's winning chain needs. Heuristic search (breadth first from
    the chain so far, one edge after another); a found chain is a proof that one exists."""
    tops = sorted(f for f in range(n) if "top" in edges_of[f])
    for start in tops[:starts]:
        chain = [start]
        members = {start}
        blocked = set(adjacent[start])
        ok = True
        for edge in ("bottom", "left", "right"):
            if any(edge in edges_of[f] for f in chain):
                continue
            parent: dict[int, int | None] = {f: None for f in chain}
            queue = list(chain)
            found = None
            k = 0
            while k < len(queue) and found is None:
                u = queue[k]
                k += 1
                for nb in sorted(corner[u]):
                    if nb in parent or nb in blocked:
                        continue
                    # not next to the path that leads here either
                    path, x = [], u
                    while x is not None and x not in members:
                        path.append(x)
                        x = parent[x]
                    if any(nb in adjacent[p] for p in path):
                        continue
                    parent[nb] = u
                    queue.append(nb)
                    if edge in edges_of[nb]:
                        found = nb
                        break
            if found is None:
                ok = False
                break
            x: int | None = found
            while x is not None and x not in members:
                chain.append(x)
                members.add(x)
                blocked |= adjacent[x]
                x = parent[x]
        if ok:
            return chain
    return None


# --- validation ----------------------------------------------------------------------------


def _angle_min(faces: Sequence[Sequence[IPoint]]) -> float:
    worst = 180.0
    for ring in faces:
        n = len(ring)
        for k in range(n):
            a, b, c = ring[k - 1], ring[k], ring[(k + 1) % n]
            v1 = (a[0] - b[0], a[1] - b[1])
            v2 = (c[0] - b[0], c[1] - b[1])
            cross = v1[0] * v2[1] - v1[1] * v2[0]
            dot = v1[0] * v2[0] + v1[1] * v2[1]
            ang = math.degrees(math.atan2(abs(cross), dot))
            if abs(cross) * 1000 <= abs(dot) and dot < 0:
                continue  # a straight-through vertex (a T seen from its flat side)
            worst = min(worst, ang)
    return worst


def _field_checks(
    segments: Sequence[Seg],
    triangles: Sequence[tuple[str, int, int, int]],
    w: int,
    h: int,
    spaces: int,
    threshold: int,
) -> list[Check]:
    faces = _faces(segments)
    checks = [Check(f"exactly {spaces} spaces", len(faces) == spaces, f"{len(faces)} spaces")]
    polys = [Polygon([(x / U, y / U) for x, y in ring]) for ring in faces]
    total = sum(p.area for p in polys)
    union = shapely.union_all(polys).area if polys else 0.0
    checks.append(
        Check(
            "spaces are valid, do not overlap and tile the rectangle",
            all(p.is_valid for p in polys)
            and abs(total - union) < 0.01
            and abs(total - w * h / U / U) < 0.01,
            f"area {total:.2f} of {w * h / U / U:.2f} mm2",
        )
    )
    named = [(f"space-{k + 1}", p) for k, p in enumerate(polys)]
    small = min(((p.area, i) for i, p in named), default=(0.0, "-"))
    checks.append(
        Check(
            f"every space >= {MIN_AREA:g} mm2",
            small[0] >= MIN_AREA,
            f"smallest {small[0]:.1f} mm2 ({small[1]})",
        )
    )
    checks.append(check_min_width(named, MIN_WIDTH))

    deg = _junctions(segments, w, h)
    joints = [p for p, d in deg.items() if d >= 3 or len(_side(p, w, h)) == 2]
    # the shortest boundary between two junctions (walk through bends of degree 2)
    shortest = _shortest_run(segments, deg, w, h)
    checks.append(
        Check(
            f"every boundary between corners >= {MIN_EDGE:g} mm",
            shortest >= MIN_EDGE,
            f"shortest {shortest:.2f} mm",
        )
    )
    angle = _angle_min(faces)
    checks.append(
        Check(f"every corner >= {MIN_ANGLE:g} degrees", angle >= MIN_ANGLE, f"sharpest {angle:.1f}")
    )
    interior = [p for p in joints if not _side(p, w, h)]
    four = [p for p in interior if deg[p] >= 4]
    share = len(four) / max(1, len(interior))
    checks.append(
        Check(
            f">= {FOUR_WAY_SHARE:.0%} of the interior corners are shared by four or more spaces",
            share >= FOUR_WAY_SHARE,
            f"{len(four)} of {len(interior)} ({share:.0%})",
        )
    )
    worst_q = 1.0
    for qx, qy in itertools.product((0, 1), (0, 1)):
        inq = [p for p in interior if (p[0] * 2 >= w) == bool(qx) and (p[1] * 2 >= h) == bool(qy)]
        if inq:
            worst_q = min(worst_q, sum(deg[p] >= 4 for p in inq) / len(inq))
    checks.append(
        Check(
            f"four-way corners spread: >= {FOUR_WAY_QUADRANT:.0%} in every quarter",
            worst_q >= FOUR_WAY_QUADRANT,
            f"poorest quarter {worst_q:.0%}",
        )
    )

    adj_pairs, corner_pairs = _contacts(faces)
    n = len(faces)
    adjacent: dict[int, set[int]] = {f: set() for f in range(n)}
    corner: dict[int, set[int]] = {f: set() for f in range(n)}
    for a, b in adj_pairs:
        adjacent[a].add(b)
        adjacent[b].add(a)
    for a, b in corner_pairs:
        corner[a].add(b)
        corner[b].add(a)
    edges_of: dict[int, set[str]] = {f: set() for f in range(n)}
    for edge in EDGES:
        for _, _, f in _runs(faces, edge, w, h):
            edges_of[f].add(edge)
    chain = find_chain(n, adjacent, corner, edges_of)
    checks.append(
        Check(
            "a corner-connected chain of spaces never next to each other reaches all four edges",
            chain is not None,
            f"found one of {len(chain)} spaces" if chain else "none found",
        )
    )

    # Triangles: bases, counts, numbers, reachable totals, touching.
    per_edge: dict[str, list[tuple[int, int, int]]] = {e: [] for e in EDGES}
    for edge, a, b, num in triangles:
        per_edge[edge].append((a, b, num))
    counts = {e: len(v) for e, v in per_edge.items()}
    checks.append(
        Check(
            f"every edge has >= {MIN_TRIANGLES} triangles numbered with every number 1-5",
            all(
                len(v) >= MIN_TRIANGLES and {t[2] for t in v} == {1, 2, 3, 4, 5}
                for v in per_edge.values()
            ),
            ", ".join(f"{e} {c}" for e, c in counts.items()),
        )
    )
    base = min((b - a for _, a, b, _ in triangles), default=0)
    checks.append(
        Check(
            f"every triangle base >= {MIN_BASE / U:g} mm",
            base >= MIN_BASE,
            f"shortest {base / U:.2f} mm",
        )
    )
    covered = True
    for edge, a, b, _ in triangles:
        touched = _touched(faces, edge, a, b, w, h)
        lengths = [ln for _, ln in touched]
        covered &= bool(touched) and min(lengths) >= 2 * TRI_INSET
    boundary = {f for f in range(n) if edges_of[f]}
    touched_all = {f for edge, a, b, _ in triangles for f, _ in _touched(faces, edge, a, b, w, h)}
    checks.append(
        Check(
            "every triangle touches its spaces clearly; every edge space touches a triangle",
            covered and touched_all == boundary,
            f"{len(touched_all)} of {len(boundary)} edge spaces touched",
        )
    )
    combos = _combinations(per_edge, threshold)
    checks.append(
        Check(
            f"a total of {threshold} or more is reachable (one triangle per edge)",
            combos >= 1,
            f"{combos} triangle combinations reach it",
        )
    )
    return checks


def _shortest_run(segments: Sequence[Seg], deg: Mapping[IPoint, int], w: int, h: int) -> float:
    """Shortest boundary between two junctions (degree >= 3 or frame corners), in mm."""
    nbrs: dict[IPoint, list[IPoint]] = {}
    for s in segments:
        p, r = (s[0], s[1]), (s[2], s[3])
        nbrs.setdefault(p, []).append(r)
        nbrs.setdefault(r, []).append(p)

    def joint(p: IPoint) -> bool:
        return deg[p] != 2 or len(_side(p, w, h)) == 2

    best = math.inf
    for p in sorted(nbrs):
        if not joint(p):
            continue
        for r in nbrs[p]:
            length, prev, cur = math.dist(p, r), p, r
            while not joint(cur):
                nxt = next(x for x in nbrs[cur] if x != prev)
                length += math.dist(cur, nxt)
                prev, cur = cur, nxt
            best = min(best, length / U)
    return best


def _touched(
    faces: Sequence[Sequence[IPoint]], edge: str, a: int, b: int, w: int, h: int
) -> list[tuple[int, int]]:
    """(face, shared length) for the spaces a triangle base [a, b] on ``edge`` touches."""
    out = []
    for ra, rb, f in _runs(faces, edge, w, h):
        ln = min(b, rb) - max(a, ra)
        if ln > 0:
            out.append((f, ln))
    return out


def _combinations(per_edge: Mapping[str, Sequence[tuple[int, int, int]]], threshold: int) -> int:
    """How many choices of one triangle per edge total ``threshold`` or more."""
    counts = {0: 1}
    for edge in EDGES:
        nxt: dict[int, int] = {}
        for total, ways in counts.items():
            for _, _, num in per_edge[edge]:
                nxt[total + num] = nxt.get(total + num, 0) + ways
        counts = nxt
    return sum(ways for total, ways in counts.items() if total >= threshold)


def validate_geometry(geom: Geometry, opts: Mapping[str, int]) -> list[Check]:
    return _field_checks(
        geom.segments,
        geom.triangles,
        geom.w,
        geom.h,
        opts.get("spaces", DEFAULT_SPACES),
        opts.get("threshold", DEFAULT_THRESHOLD),
    )


def random_geometry(rng: Rng, opts: Mapping[str, int], version: int = 2) -> tuple[Geometry, int]:
    """The first valid field of ``version`` (1: jittered grid, 2: free net, the newest and the
    default) from ``rng``."""
    # The field does not depend on the threshold or the players (every total 4-20 is reachable).
    field_opts = {"spaces": opts.get("spaces", DEFAULT_SPACES)}
    make = make_geometry if version == 1 else make_geometry_v2
    return first_valid(rng, lambda r: make(r, field_opts), lambda g: validate_geometry(g, opts))


# --- templates -----------------------------------------------------------------------------


def geometry_to_data(geom: Geometry) -> dict[str, Any]:
    return {
        "game": NAME,
        "w": geom.w / U,
        "h": geom.h / U,
        "segments": [[v / U for v in s] for s in geom.segments],
        "triangles": [[e, a / U, b / U, n] for e, a, b, n in geom.triangles],
    }


def geometry_from_data(data: Mapping[str, Any]) -> Geometry:
    segs = tuple(tuple(round(v * U) for v in s) for s in data["segments"])
    tris = tuple((e, round(a * U), round(b * U), int(n)) for e, a, b, n in data["triangles"])
    return Geometry(round(data["w"] * U), round(data["h"] * U), segs, tris)  # type: ignore[arg-type]


def freeze_standard(seed: int) -> dict[str, Any]:
    opts = {"players": 2, "threshold": DEFAULT_THRESHOLD, "spaces": DEFAULT_SPACES}
    geom, _ = random_geometry(Rng.derive(NAME, "standard", seed), opts, version=1)
    return geometry_to_data(geom)


# --- drawing -------------------------------------------------------------------------------


def _polylines(segments: Sequence[Seg], w: int, h: int) -> list[list[IPoint]]:
    """Interior boundaries joined into polylines through bends (degree-2 vertices)."""
    inner = [s for s in segments if not (_side((s[0], s[1]), w, h) & _side((s[2], s[3]), w, h))]
    nbrs: dict[IPoint, list[IPoint]] = {}
    for s in inner:
        p, r = (s[0], s[1]), (s[2], s[3])
        nbrs.setdefault(p, []).append(r)
        nbrs.setdefault(r, []).append(p)
    for v in nbrs.values():
        v.sort()
    used: set[tuple[IPoint, IPoint]] = set()
    out = []
    for p in sorted(nbrs):
        if len(nbrs[p]) == 2:
            continue
        for r in nbrs[p]:
            if (p, r) in used:
                continue
            line, prev, cur = [p, r], p, r
            used |= {(p, r), (r, p)}
            while len(nbrs[cur]) == 2:
                nxt = nbrs[cur][0] if nbrs[cur][1] == prev else nbrs[cur][1]
                used |= {(cur, nxt), (nxt, cur)}
                line.append(nxt)
                prev, cur = cur, nxt
            out.append(line)
    return out


def _triangle_points(
    edge: str, a: float, b: float, x0: float, y0: float, x1: float, y1: float
) -> list[tuple[float, float]]:
    m = (a + b) / 2
    if edge == "top":
        return [(x0 + a, y0), (x0 + m, y0 - TRI_H), (x0 + b, y0)]
    if edge == "bottom":
        return [(x0 + b, y1), (x0 + m, y1 + TRI_H), (x0 + a, y1)]
    if edge == "left":
        return [(x0, y0 + b), (x0 - TRI_H, y0 + m), (x0, y0 + a)]
    return [(x1, y0 + a), (x1 + TRI_H, y0 + m), (x1, y0 + b)]


def draw(sheet: Sheet, geom: Geometry, opts: Mapping[str, int]) -> Field:
    body = sheet.body
    fw, fh = geom.w / U, geom.h / U
    block_h = fh + 2 * TRI_H + 4.0 + INITIALS_H
    ox = q(body.cx - fw / 2)
    oy = q(body.cy - block_h / 2 + TRI_H)
    oxu, oyu = round(ox * U), round(oy * U)

    def page(p: IPoint) -> tuple[float, float]:
        return ((p[0] + oxu) / U, (p[1] + oyu) / U)

    faces = _faces(geom.segments)
    spaces = []
    for k, ring in enumerate(faces, start=1):
        sid = f"space-{k}"
        sheet.add_region(sid, "space", polygon=[page(p) for p in ring])
        spaces.append(sid)
    line = Style(INK, LINE_W)
    for pl in _polylines(geom.segments, geom.w, geom.h):
        sheet.path([page(p) for p in pl], line)
    x1, y1 = q(ox + fw), q(oy + fh)
    sheet.rect(Rect(ox, oy, x1, y1), Style(INK, FRAME_W))

    # Triangles, numbered along each edge (top and bottom left to right, sides top down).
    triangles: dict[str, dict[str, Any]] = {}
    seq = {e: 0 for e in EDGES}
    tri_style = Style(INK, 0.3)
    for edge, a, b, num in sorted(geom.triangles, key=lambda t: (EDGES.index(t[0]), t[1])):
        seq[edge] += 1
        tid = f"triangle-{edge}-{seq[edge]}"
        pts = _triangle_points(edge, a / U, b / U, ox, oy, x1, y1)
        sheet.path(pts, tri_style, closed=True)
        sheet.add_region(tid, "triangle", polygon=pts, edge=edge, number=num)
        cx = sum(p[0] for p in pts) / 3
        cy = sum(p[1] for p in pts) / 3
        size = 3.0
        sheet.text((cx, cy + 0.36 * size), str(num), size, "middle", bold=True)
        touched = _touched(faces, edge, a, b, geom.w, geom.h)
        triangles[tid] = {
            "edge": edge,
            "number": num,
            "spaces": sorted((f"space-{f + 1}" for f, _ in touched), key=lambda s: int(s[6:])),
        }

    # Initials boxes, one per player, under the field.
    players = opts["players"]
    by = y1 + TRI_H + 4.0
    slot = 52.0
    left = body.cx - slot * players / 2
    for p in range(1, players + 1):
        x = left + (p - 1) * slot
        sheet.text((x + 17.0, by + 5.6), f"player {p}", 2.8, "end", fill=SOFT)
        labelled_box(sheet, Rect(x + 19.0, by, x + 45.0, by + 8.0), f"score-p{p}-x", p, "X")

    adj_pairs, corner_pairs = _contacts(faces)
    adjacent = symmetric_pairs(((spaces[a], spaces[b]) for a, b in sorted(adj_pairs)), spaces)
    corner = symmetric_pairs(((spaces[a], spaces[b]) for a, b in sorted(corner_pairs)), spaces)
    return Field(
        game=NAME,
        field_id=sheet.field_id,
        spaces=tuple(spaces),
        adjacent=adjacent,
        corner=corner,
        data={"triangles": triangles, "threshold": opts["threshold"]},
    )


def build_random(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
    assert rng is not None
    geom, _ = random_geometry(rng, opts, version=1)
    return draw(sheet, geom, opts)


def build_random_v2(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
    assert rng is not None
    geom, _ = random_geometry(rng, opts, version=2)
    return draw(sheet, geom, opts)


def build_standard(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
    geom = geometry_from_data(load_template(NAME))
    n = len(_faces(geom.segments))
    if opts["spaces"] != n:
        raise ValueError(
            f"the standard Springer field has {n} spaces; "
            f"give --seed N for a random field with {opts['spaces']}"
        )
    return draw(sheet, geom, opts)


# --- checking a written layout -------------------------------------------------------------


def validate_layout(layout: Layout) -> list[Check]:
    """Rebuild the planar graph from the space polygons and re-run every field check; then
    the triangles and the topology against the geometry."""
    spaces = [r for r in layout.regions if r.kind == "space"]
    rings = [[(round(x * U), round(y * U)) for x, y in (r.polygon or [])] for r in spaces]
    if not rings:
        return [Check("the field has spaces", False)]
    allp = [p for ring in rings for p in ring]
    fx0, fy0 = min(p[0] for p in allp), min(p[1] for p in allp)
    fx1, fy1 = max(p[0] for p in allp), max(p[1] for p in allp)
    local = [[(x - fx0, y - fy0) for x, y in ring] for ring in rings]
    segs = sorted(
        {_norm((*p, *r)) for ring in local for p, r in zip(ring, [*ring[1:], ring[0]], strict=True)}
    )
    w, h = fx1 - fx0, fy1 - fy0
    tris = []
    for r in layout.regions:
        if r.kind != "triangle":
            continue
        edge = r.extra.get("edge", "")
        pts = [(round(x * U) - fx0, round(y * U) - fy0) for x, y in (r.polygon or [])]
        on = [p for p in pts if edge in _side(p, w, h)]
        along = sorted(_along(edge, p) for p in on) if edge in EDGES else []
        tris.append(
            (
                edge,
                along[0] if along else 0,
                along[-1] if along else 0,
                int(r.extra.get("number", 0)),
            )
        )
    checks = _field_checks(
        segs,
        tris,
        w,
        h,
        int(layout.options.get("spaces", DEFAULT_SPACES)),
        int(layout.options.get("threshold", DEFAULT_THRESHOLD)),
    )
    topo = layout.topology
    if topo is None:
        return [*checks, Check("topology present", False)]
    faces = _faces(segs)
    order = {tuple(sorted(ring)): k for k, ring in enumerate(faces)}
    ids = [r.id for r in spaces]
    index = [order.get(tuple(sorted(ring))) for ring in local]
    same_faces = None not in index and sorted(index) == list(range(len(faces)))
    ok = same_faces and list(topo.spaces) == ids and not topo.check_symmetric()
    if ok:
        adj_pairs, corner_pairs = _contacts(faces)
        name = {index[k]: ids[k] for k in range(len(ids))}
        want_adj = symmetric_pairs(((name[a], name[b]) for a, b in adj_pairs), ids)
        want_cor = symmetric_pairs(((name[a], name[b]) for a, b in corner_pairs), ids)
        ok = all(
            frozenset(topo.adjacent.get(s, ())) == want_adj[s]
            and frozenset(topo.corner.get(s, ())) == want_cor[s]
            for s in ids
        )
        data = topo.data.get("triangles", {})
        tri_regions = {r.id: r for r in layout.regions if r.kind == "triangle"}
        for tid, info in data.items():
            r = tri_regions.get(tid)
            if r is None or info.get("number") != r.extra.get("number"):
                ok = False
                continue
            edge = info["edge"]
            pts = [(round(x * U) - fx0, round(y * U) - fy0) for x, y in (r.polygon or [])]
            along = sorted(_along(edge, p) for p in pts if edge in _side(p, w, h))
            touched = _touched(faces, edge, along[0], along[-1], w, h)
            ok &= sorted(info["spaces"]) == sorted(name[f] for f, _ in touched)
        ok &= set(data) == set(tri_regions)
    checks.append(Check("topology matches the geometry", bool(ok)))
    return checks


# --- the game ------------------------------------------------------------------------------


def _subtitle(opts: Mapping[str, int]) -> str:
    if opts["players"] == 3:
        return "3 players - a chain to all four edges wins, whatever its total"
    return f"2 players - a chain to all four edges totalling {opts['threshold']} or more wins"


GAME = GameSpec(
    name=NAME,
    title="Springer",
    order=7,
    players=(2, 3),
    reminder="Never fill a space next to your own colour (corners do not count); "
    "chain corner to corner to a triangle on each edge.",
    options=(
        SheetOption("players", "P", 2, 2, 3, "players"),
        SheetOption("threshold", "T", DEFAULT_THRESHOLD, 4, 20, "winning total for two players"),
        SheetOption("spaces", "S", DEFAULT_SPACES, 48, 160, "number of spaces"),
    ),
    versions={1: build_random, 2: build_random_v2},
    standard=build_standard,
    colours=lambda o: o["players"],
    subtitle=_subtitle,
    validate=validate_layout,
    doc=__doc__ or "",
)
