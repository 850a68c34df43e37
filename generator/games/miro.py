"""Miro (Sid Sackson): one smooth closed curve crossing itself; players colour it segment by
segment and capture the spaces whose surroundings they complete.

The field (``docs/fields/miro.md``) is the *medial curve* of a random plane graph G: one
crossing on every edge of G, and around every corner of G (a vertex and two consecutive edges)
one curve segment from crossing to crossing. Such a curve has exactly E(G) crossings, 2 E(G)
segments and E(G) + 1 bounded spaces (one around each vertex of G, one inside each bounded face),
every crossing is a clean transverse double point by construction, and G is thinned (edges
deleted from a Delaunay triangulation of well spaced random points) until it has S - 1 edges and
the straight-ahead walk through the crossings is a single closed curve. The curve is a chain of
cubic Bezier pieces, tangent-continuous through every crossing; a field that fails any
printability check is re-drawn from the next sub-seed, never emitted.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import shapely
from shapely import STRtree
from shapely.geometry import LineString, MultiPoint, Point, Polygon

from artsheets.generator.furniture import score_area
from artsheets.generator.layout import Layout, q
from artsheets.generator.registry import GameSpec, SheetOption
from artsheets.generator.rng import Rng
from artsheets.generator.sheet import LINE_GREY, SOFT, Rect, Sheet, Style
from artsheets.generator.templates import load_template
from artsheets.generator.topology import polygon_neighbours
from artsheets.generator.validation import Check, check_min_area, check_min_length, first_valid
from artsheets.rules.field import Field

__all__ = [
    "GAME",
    "MiroGeometry",
    "build_random",
    "build_standard",
    "draw",
    "freeze_standard",
    "make_geometry",
    "random_geometry",
    "validate_geometry",
    "validate_layout",
]

Pt = tuple[float, float]

# --- the printed size and the printability thresholds (all in printed millimetres) ------------

FIELD_W = 190.0  # the narrower body (A4: 190 mm; Letter: 195.9 mm)
AREA_H = 22.0  # one score area (X, T and the point boxes)
AREA_GAP = 5.0  # between a score area and the field
LETTER_BODY_H = 216.4  # the shorter body (Letter; A4 has 234 mm)
FIELD_H = LETTER_BODY_H - 2 * (AREA_H + AREA_GAP)  # 162.4 mm: fits both pages unscaled

MIN_CROSSING_DEG = 25.0  # the two strands at a crossing meet at least this steeply
MIN_SEPARATION = 3.0  # distinct parts of the curve, away from crossings
MIN_SEGMENT = 4.0  # every segment long enough to trace
MIN_AREA = 30.0  # mm2, every space
MIN_WIDTH = 3.0  # every space holds a disc this wide (a pencil can colour it)
CAPTURE_R = 1.75  # capture circle radius (3.5 mm across)
CAPTURE_CLEAR = 0.75  # from the capture circle to the curve's centre line
SEGMENT_BAND = 2.0  # width_mm of a segment region (the band a scanner reads)
CURVE_WIDTH = 0.35
SAMPLE_MM = 0.6  # polyline spacing when a Bezier piece is sampled

DEFAULT_SPACES = 109
LLOYD_ROUNDS = 1
SMALL_TRIANGLE_MM = 5.8  # a triangle of G with a smaller inradius loses an edge


# --- geometry ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class MiroGeometry:
    """The curve in the field's own frame (x right, y down, 0..width x 0..height mm).

    ``segments`` lists, in order along the closed curve, each segment as a chain of cubic
    Bezier control points ``P0 C C P1 C C P2 ...`` (3k + 1 points, 0.01 mm grid); a segment's
    last point is the next segment's first point, and both are a crossing.
    """

    width: float
    height: float
    segments: tuple[tuple[Pt, ...], ...]

    def to_data(self) -> dict[str, Any]:
        return {
            "format": "artsheets.miro-field/1",
            "width": self.width,
            "height": self.height,
            "segments": [[list(p) for p in seg] for seg in self.segments],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> MiroGeometry:
        return cls(
            q(data["width"]),
            q(data["height"]),
            tuple(tuple((q(x), q(y)) for x, y in seg) for seg in data["segments"]),
        )


def _unit(x: float, y: float) -> Pt:
    n = math.sqrt(x * x + y * y)
    return (x / n, y / n)


def _perp(v: Pt) -> Pt:
    """``v`` turned a quarter towards increasing angle (the order edges are sorted in)."""
    return (-v[1], v[0])


def _angle_key(dx: float, dy: float) -> float:
    # Diamond angle: 0 along +x, increasing towards +y (the _perp direction), period 4.
    p = dy / (abs(dx) + abs(dy))
    if dx >= 0:
        return p % 4  # (-1..1) -> 3..4 and 0..1
    return 2 - p


def _spread_points(rng: Rng, n: int, w: float, h: float, margin: float) -> list[Pt]:
    """``n`` random points in the inner rectangle, spaced by a density that varies smoothly
    (dart throwing against a locally scaled minimum distance), so spaces differ in size."""
    x0, y0, x1, y1 = margin, margin, w - margin, h - margin
    spacing = math.sqrt((x1 - x0) * (y1 - y0) / n)
    bumps = [
        (rng.uniform(x0, x1), rng.uniform(y0, y1), rng.uniform(0.25, 0.45) * (x1 - x0))
        for _ in range(3)
    ]
    signs = [rng.choice((-1.0, 1.0)) for _ in bumps]

    def local(x: float, y: float) -> float:
        f = 1.0
        for (bx, by, s), sign in zip(bumps, signs, strict=True):
            t = ((x - bx) ** 2 + (y - by) ** 2) / (s * s)
            if t < 1:
                f += sign * 0.22 * (1 - t) ** 2
        return f

    r = 0.78 * spacing
    pts: list[Pt] = []
    fails = 0
    while len(pts) < n:
        x, y = q(rng.uniform(x0, x1)), q(rng.uniform(y0, y1))
        fx = local(x, y)
        ok = True
        for px, py in pts:
            lim = r * (fx + local(px, py)) / 2
            if (x - px) ** 2 + (y - py) ** 2 < lim * lim:
                ok = False
                break
        if ok:
            pts.append((x, y))
            fails = 0
        else:
            fails += 1
            if fails > 300:
                r *= 0.96
                fails = 0
    return pts


def _lloyd(pts: list[Pt], w: float, h: float, margin: float, rounds: int) -> list[Pt]:
    """Move every point to the centroid of its Voronoi cell (clipped to the inner rectangle):
    more even spacing, so that no triangle of G is much smaller than the rest."""
    box = shapely.box(margin, margin, w - margin, h - margin)
    for _ in range(rounds):
        cells = shapely.voronoi_polygons(MultiPoint(pts), extend_to=box, ordered=True).geoms
        moved = []
        for cell in cells:
            c = cell.intersection(box).centroid
            moved.append((q(c.x), q(c.y)))
        if len(set(moved)) != len(moved):
            break
        pts = moved
    return pts


class _Graph:
    """A plane graph on fixed points; its corners and the medial curve's straight-ahead walk."""

    def __init__(self, pts: Sequence[Pt], edges: set[tuple[int, int]]) -> None:
        self.pts = pts
        self.edges = set(edges)
        self.rot: list[list[int]] = [[] for _ in pts]
        for a, b in sorted(self.edges):
            self.rot[a].append(b)
            self.rot[b].append(a)
        for v in range(len(pts)):
            self._sort(v)

    def _sort(self, v: int) -> None:
        vx, vy = self.pts[v]
        pts = self.pts
        self.rot[v].sort(key=lambda u: (_angle_key(pts[u][0] - vx, pts[u][1] - vy), u))

    def remove(self, e: tuple[int, int]) -> None:
        a, b = e
        self.edges.discard(e)
        self.rot[a].remove(b)
        self.rot[b].remove(a)

    def add(self, e: tuple[int, int]) -> None:
        a, b = e
        self.edges.add(e)
        self.rot[a].append(b)
        self.rot[b].append(a)
        self._sort(a)
        self._sort(b)

    def rotation(self) -> list[list[int]]:
        """Neighbours of every vertex sorted by increasing angle."""
        return self.rot

    def walk(self) -> list[list[tuple[int, int, bool]]]:
        """The closed strands of the medial curve, each a list of corners ``(v, k, forward)``:
        corner k of v runs from edge (v, rot[v][k]) to edge (v, rot[v][k+1]); forward is that
        direction. A strand crossing edge e goes from the corner that ends (or starts) with e at
        one end to the corner that ends (starts) with e at the other end, alternating sense."""
        rot = self.rotation()
        pos = [{u: i for i, u in enumerate(ns)} for ns in rot]
        seen: set[tuple[int, int]] = set()
        strands = []
        for v0 in range(len(self.pts)):
            for k0 in range(len(rot[v0])):
                if (v0, k0) in seen:
                    continue
                strand = []
                v, k, fwd = v0, k0, True
                while (v, k) not in seen:
                    seen.add((v, k))
                    strand.append((v, k, fwd))
                    d = len(rot[v])
                    if fwd:  # leaves through its last edge; next corner ends with that edge
                        w = rot[v][(k + 1) % d]
                        v, k, fwd = w, (pos[w][v] - 1) % len(rot[w]), False
                    else:  # leaves through its first edge; next corner starts with it
                        w = rot[v][k]
                        v, k, fwd = w, pos[w][v], True
                strands.append(strand)
        return strands

    def face_corners(self) -> list[tuple[list[int], list[tuple[int, int]]]]:
        """Every face as (vertex cycle, corners (v, k) inside it)."""
        rot = self.rotation()
        pos = [{u: i for i, u in enumerate(ns)} for ns in rot]
        seen: set[tuple[int, int]] = set()
        out = []
        for a, b in sorted(self.edges):
            for u, v in ((a, b), (b, a)):
                if (u, v) in seen:
                    continue
                face, corners = [], []
                while (u, v) not in seen:
                    seen.add((u, v))
                    face.append(u)
                    k = (pos[v][u] - 1) % len(rot[v])
                    corners.append((v, k))
                    u, v = v, rot[v][k]
                out.append((face, corners))
        return out

    def faces(self) -> list[list[int]]:
        """Vertex cycles of the faces (the outer one included)."""
        return [face for face, _ in self.face_corners()]

    def components(self) -> int:
        return len(self.walk())


def _delaunay_edges(pts: Sequence[Pt]) -> set[tuple[int, int]]:
    index = {p: i for i, p in enumerate(pts)}
    lines = shapely.delaunay_triangles(MultiPoint(list(pts)), only_edges=True)
    out = set()
    for ln in lines.geoms:
        (ax, ay), (bx, by) = ln.coords
        a, b = index[(q(ax), q(ay))], index[(q(bx), q(by))]
        out.add((min(a, b), max(a, b)))
    return out


def _face_sizes(
    g: _Graph, pts: Sequence[Pt]
) -> tuple[dict[tuple[int, int], int], set[tuple[int, int]]]:
    """Per half-edge (u, v): the size of the face on its side (the outer face counts as 99);
    and the longest edge of every bounded triangle too small to hold a roomy space."""
    size: dict[tuple[int, int], int] = {}
    small: set[tuple[int, int]] = set()
    for face in g.faces():
        area2 = 0.0
        for i in range(len(face)):
            (x0, y0), (x1, y1) = pts[face[i - 1]], pts[face[i]]
            area2 += x0 * y1 - x1 * y0
        n = len(face) if area2 > 0 else 99  # bounded faces turn positively in this walk
        for i in range(len(face)):
            size[(face[i], face[(i + 1) % len(face)])] = n
        if n == 3:
            sides = [
                (math.dist(pts[face[i]], pts[face[i - 1]]), face[i], face[i - 1]) for i in range(3)
            ]
            if area2 / sum(x[0] for x in sides) < SMALL_TRIANGLE_MM:  # the inradius
                _, u, v = max(sides)
                small.add((min(u, v), max(u, v)))
    return size, small


def _flat_ok(pts: Sequence[Pt], rot: list[list[int]], a: int, b: int) -> bool:
    """Whether deleting edge (a, b) leaves the corner it opens at ``a`` under 160 degrees
    (a wider corner inside a bounded face would bend the curve round a cramped pocket)."""
    ns = rot[a]
    i = ns.index(b)
    u, w = ns[i - 1], ns[(i + 1) % len(ns)]
    e1 = _unit(pts[u][0] - pts[a][0], pts[u][1] - pts[a][1])
    e2 = _unit(pts[w][0] - pts[a][0], pts[w][1] - pts[a][1])
    return e1[0] * e2[1] - e1[1] * e2[0] > 0 and e1[0] * e2[0] + e1[1] * e2[1] > -0.94


def _thin(
    rng: Rng, pts: Sequence[Pt], edges: set[tuple[int, int]], target: int
) -> set[tuple[int, int]] | None:
    """Delete edges until ``target`` remain and the medial curve is one closed strand.

    First to go: the longest edge of every small triangle (its inside space would be too
    small for a capture circle), edges at sharp corners (short, cramped segments), edges
    between two triangles (a quadrilateral makes spaces of even size); faces above six sides
    are avoided. No vertex drops below degree 2 (a degree-1 vertex would be a curl bounded by
    one segment)."""
    g = _Graph(pts, edges)
    spacing = sum(math.dist(pts[a], pts[b]) for a, b in edges) / len(edges)
    comps = g.components()
    while len(g.edges) > target:
        remaining = len(g.edges) - target
        deg = [0] * len(pts)
        for a, b in g.edges:
            deg[a] += 1
            deg[b] += 1
        sharp: set[tuple[int, int]] = set()
        rot = g.rotation()
        for v, ns in enumerate(rot):
            if len(ns) < 2:
                continue
            for i, u in enumerate(ns):
                w = ns[(i + 1) % len(ns)]
                a = _unit(pts[u][0] - pts[v][0], pts[u][1] - pts[v][1])
                b = _unit(pts[w][0] - pts[v][0], pts[w][1] - pts[v][1])
                cross = a[0] * b[1] - a[1] * b[0]
                if cross > 0 and a[0] * b[0] + a[1] * b[1] > 0.80:  # under ~37 degrees
                    longer = max((u, w), key=lambda x: (math.dist(pts[v], pts[x]), x))
                    sharp.add((min(v, longer), max(v, longer)))
        size, small = _face_sizes(g, pts)
        scored = []
        for e in sorted(g.edges):
            a, b = e
            if deg[a] <= 2 or deg[b] <= 2:
                continue
            s1, s2 = size[(a, b)], size[(b, a)]
            if max(s1, s2) < 99 and not (_flat_ok(pts, rot, a, b) and _flat_ok(pts, rot, b, a)):
                continue
            length = math.dist(pts[a], pts[b]) / spacing
            score = 0.6 * length + (3.0 if length > 1.5 else 0.0)
            score += 3.0 if e in small else 0.0
            score += 2.0 if e in sharp else 0.0
            score += 1.0 if s1 == s2 == 3 else 0.0
            score -= 2.5 if s1 + s2 - 2 > 6 and max(s1, s2) < 99 else 0.0
            scored.append((-(score + rng.uniform(0.0, 0.8)), e))
        scored.sort()
        chosen = None
        fallback = None
        for _, e in scored:
            g.remove(e)
            c2 = g.components()
            g.add(e)
            if c2 - 1 > remaining - 1:
                continue
            if c2 < comps or (comps == 1 and c2 == 1):
                chosen = (e, c2)
                break
            if fallback is None and c2 <= comps:
                fallback = (e, c2)
        chosen = chosen or fallback
        if chosen is None:
            return None
        g.remove(chosen[0])
        comps = chosen[1]
    return g.edges if comps == 1 else None


def _bezier(p0: Pt, d0: Pt, p1: Pt, d1: Pt) -> tuple[Pt, Pt]:
    """Inner control points of a cubic from p0 (leaving along unit d0) to p1 (arriving along
    unit d1), with handles of a circular arc's length where the ends allow one."""
    cx, cy = p1[0] - p0[0], p1[1] - p0[1]
    c = math.sqrt(cx * cx + cy * cy)
    ux, uy = cx / c, cy / c
    g0 = max(-0.2, d0[0] * ux + d0[1] * uy)
    g1 = max(-0.2, d1[0] * ux + d1[1] * uy)
    h0 = 2 * c / (3 * (1 + g0))
    h1 = 2 * c / (3 * (1 + g1))
    return (p0[0] + d0[0] * h0, p0[1] + d0[1] * h0), (p1[0] - d1[0] * h1, p1[1] - d1[1] * h1)


def _corner_mids(rng: Rng, v: Pt, x1: Pt, x2: Pt, centre: Pt | None) -> list[tuple[Pt, Pt]]:
    """Waypoints (point, unit tangent) of the segment round corner v from crossing x1 to x2.

    Inside a bounded face the segment passes halfway between v and the face's centroid, so the
    space round v and the space inside the face share the room evenly (on a square grid this
    gives straight diagonals). On the outer face it loops round v on an arc."""
    if centre is not None:
        lam = rng.uniform(0.45, 0.55)
        m = (v[0] + lam * (centre[0] - v[0]), v[1] + lam * (centre[1] - v[1]))
        return [(m, _unit(x2[0] - x1[0], x2[1] - x1[1]))]
    e1 = _unit(x1[0] - v[0], x1[1] - v[1])
    e2 = _unit(x2[0] - v[0], x2[1] - v[1])
    a, b = math.dist(v, x1), math.dist(v, x2)
    cross = e1[0] * e2[1] - e1[1] * e2[0]
    dot = e1[0] * e2[0] + e1[1] * e2[1]
    if cross > 0:
        bis = _unit(e1[0] + e2[0], e1[1] + e2[1])
    elif dot < -0.999:
        bis = _perp(e1)
    else:
        bis = _unit(-(e1[0] + e2[0]), -(e1[1] + e2[1]))
    if cross > 0 or dot < -0.94:  # under ~200 degrees: one waypoint
        dirs = [(bis, 0.5)]
        sigma = rng.uniform(0.55, 0.7)
    else:
        q1 = _unit(e1[0] + bis[0], e1[1] + bis[1])
        q3 = _unit(bis[0] + e2[0], bis[1] + e2[1])
        dirs = [(q1, 0.25), (bis, 0.5), (q3, 0.75)]
        sigma = rng.uniform(0.62, 0.75)
    out = []
    for direction, t in dirs:
        rho = sigma * (a + (b - a) * t)
        out.append(((v[0] + direction[0] * rho, v[1] + direction[1] * rho), _perp(direction)))
    return out


def _chain(knots: Sequence[tuple[Pt, Pt]]) -> list[Pt]:
    """Cubic Bezier chain through knots (point, unit tangent)."""
    chain: list[Pt] = [knots[0][0]]
    for (p0, t0), (p1, t1) in itertools.pairwise(knots):
        c0, c1 = _bezier(p0, t0, p1, t1)
        chain += [c0, c1, p1]
    return chain


def make_geometry(rng: Rng, opts: Mapping[str, int]) -> MiroGeometry:
    """One candidate field (maybe invalid: :func:`validate_geometry` decides)."""
    spaces = opts.get("spaces", DEFAULT_SPACES)
    n_edges = spaces - 1
    w, h = FIELD_W, FIELD_H
    # About as many vertices of G as bounded faces: the spaces around vertices and those
    # inside faces then come out of similar size.
    n_pts = max(4, round(rng.uniform(0.56, 0.62) * spaces))
    spacing = math.sqrt(w * h / n_pts)
    margin = min(0.4 * spacing, 0.3 * h)
    for extra in range(6):
        pts = _lloyd(_spread_points(rng, n_pts + extra, w, h, margin), w, h, margin, LLOYD_ROUNDS)
        edges = _delaunay_edges(pts)
        if len(edges) >= n_edges:
            break
    else:
        return MiroGeometry(w, h, ())
    kept = _thin(rng, pts, edges, n_edges)
    if kept is None:
        return MiroGeometry(w, h, ())
    return _medial_curve(rng, pts, kept, w, h)


def _signed_area(poly: Sequence[Pt]) -> float:
    return sum(
        x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, [*poly[1:], poly[0]], strict=True)
    )


def _meet(p1: Pt, p2: Pt, p3: Pt, p4: Pt) -> Pt | None:
    """Where segment p1-p2 crosses segment p3-p4, if they cross well inside both."""
    d1 = (p2[0] - p1[0], p2[1] - p1[1])
    d2 = (p4[0] - p3[0], p4[1] - p3[1])
    den = d1[0] * d2[1] - d1[1] * d2[0]
    if abs(den) < 1e-9:
        return None
    wx, wy = p3[0] - p1[0], p3[1] - p1[1]
    s = (wx * d2[1] - wy * d2[0]) / den
    t = (wx * d1[1] - wy * d1[0]) / den
    if not (0.2 < s < 0.8 and 0.2 < t < 0.8):
        return None
    return (p1[0] + s * d1[0], p1[1] + s * d1[1])


def _centroid(poly: Sequence[Pt]) -> Pt:
    a = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(poly, [*poly[1:], poly[0]], strict=True):
        c = x0 * y1 - x1 * y0
        a += c
        cx += (x0 + x1) * c
        cy += (y0 + y1) * c
    return (cx / (3 * a), cy / (3 * a))


def _medial_curve(
    rng: Rng, pts: Sequence[Pt], kept: set[tuple[int, int]], w: float, h: float
) -> MiroGeometry:
    """The medial curve of the plane graph (pts, kept), which must walk as one strand."""
    g = _Graph(pts, kept)
    rot = g.rotation()
    pos = [{u: i for i, u in enumerate(ns)} for ns in rot]
    (strand,) = g.walk()

    # Provisional crossings near the middle of every edge place the outer loops.
    cross: dict[tuple[int, int], Pt] = {}
    for a, b in sorted(kept):
        t = rng.uniform(0.42, 0.58)
        pa, pb = pts[a], pts[b]
        cross[(a, b)] = (pa[0] + t * (pb[0] - pa[0]), pa[1] + t * (pb[1] - pa[1]))

    def xing(u: int, v: int) -> Pt:
        return cross[(min(u, v), max(u, v))]

    # Waypoints of every corner: halfway to its face's centroid, or round v outside.
    centre: dict[tuple[int, int], Pt | None] = {}
    for face, corners in g.face_corners():
        poly = [pts[i] for i in face]
        c = _centroid(poly) if _signed_area(poly) > 0 else None
        for corner in corners:
            centre[corner] = c
    mids: dict[tuple[int, int], list[tuple[Pt, Pt]]] = {}
    for v in range(len(pts)):
        d = len(rot[v])
        for k in range(d):
            x1, x2 = xing(v, rot[v][k]), xing(v, rot[v][(k + 1) % d])
            mids[(v, k)] = _corner_mids(rng, pts[v], x1, x2, centre[(v, k)])

    def first_of(u: int, v: int) -> Pt:  # first waypoint of the corner at u starting with uv
        return mids[(u, pos[u][v])][0][0]

    def last_of(u: int, v: int) -> Pt:  # last waypoint of the corner at u ending with uv
        return mids[(u, (pos[u][v] - 1) % len(rot[u]))][-1][0]

    # Each edge's two strands run straight from waypoint to waypoint; they cross where those
    # two lines meet (the diagonals of the four waypoints round the edge).
    for a, b in sorted(kept):
        hit = _meet(first_of(a, b), first_of(b, a), last_of(a, b), last_of(b, a))
        if hit is not None:
            cross[(a, b)] = hit

    segments: list[list[Pt]] = []
    for v, k, fwd in strand:
        d = len(rot[v])
        u1, u2 = rot[v][k], rot[v][(k + 1) % d]
        x1, x2 = xing(v, u1), xing(v, u2)
        m_first, o_first = mids[(v, k)][0][0], first_of(u1, v)
        m_last, o_last = mids[(v, k)][-1][0], last_of(u2, v)
        knots = [(x1, _unit(m_first[0] - o_first[0], m_first[1] - o_first[1]))]
        if centre[(v, k)] is None:
            knots += mids[(v, k)]
        else:
            knots.append((m_first, _unit(x2[0] - x1[0], x2[1] - x1[1])))
        knots.append((x2, _unit(o_last[0] - m_last[0], o_last[1] - m_last[1])))
        chain = _chain(knots)
        if not fwd:
            chain.reverse()
        segments.append([(q(x), q(y)) for x, y in chain])
    # Centre the drawing in the frame (a whole number of 0.01 mm steps).
    xs = [p[0] for seg in segments for p in seg]
    ys = [p[1] for seg in segments for p in seg]
    dx, dy = q((w - max(xs) - min(xs)) / 2), q((h - max(ys) - min(ys)) / 2)
    segments = [[(q(x + dx), q(y + dy)) for x, y in seg] for seg in segments]
    # Canonical start: the segment leaving the top-most (then left-most) crossing.
    first = min(range(len(segments)), key=lambda i: (segments[i][0][1], segments[i][0][0], i))
    segments = segments[first:] + segments[:first]
    return MiroGeometry(w, h, tuple(tuple(s) for s in segments))


# --- evaluation and analysis ------------------------------------------------------------------


def _sample(chain: Sequence[Pt]) -> list[Pt]:
    """A segment's polyline: every Bezier piece sampled about every SAMPLE_MM, 0.01 mm grid."""
    out: list[Pt] = [chain[0]]
    for i in range(0, len(chain) - 1, 3):
        p0, c0, c1, p1 = chain[i : i + 4]
        est = math.dist(p0, c0) + math.dist(c0, c1) + math.dist(c1, p1)
        n = max(2, math.ceil(est / SAMPLE_MM))
        for j in range(1, n):
            t = j / n
            s = 1 - t
            b0, b1, b2, b3 = s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t
            pt = (
                q(b0 * p0[0] + b1 * c0[0] + b2 * c1[0] + b3 * p1[0]),
                q(b0 * p0[1] + b1 * c0[1] + b2 * c1[1] + b3 * p1[1]),
            )
            if pt != out[-1]:
                out.append(pt)
        if p1 != out[-1]:
            out.append(p1)
    return out


@dataclass
class _Analysis:
    polylines: list[list[Pt]]
    crossings: list[Pt]  # distinct crossing points, sorted
    ends: list[tuple[int, int]]  # per segment: (crossing index at start, at end)
    spaces: list[Polygon]  # bounded faces, in space-id order
    problems: list[str]


def _analyse(polylines: list[list[Pt]]) -> _Analysis:
    problems: list[str] = []
    crossings = sorted({pl[0] for pl in polylines})
    index = {p: i for i, p in enumerate(crossings)}
    ends = [(index[pl[0]], index[pl[-1]]) for pl in polylines]
    faces = shapely.polygonize([LineString(pl) for pl in polylines]).geoms
    polys = [Polygon(f.exterior) for f in faces]
    polys.sort(key=lambda p: (q(p.centroid.y), q(p.centroid.x)))
    return _Analysis(polylines, crossings, ends, polys, problems)


def _checks(an: _Analysis, spaces: int, width: float, height: float) -> list[Check]:
    """Every constraint of the field, on its polylines (field frame or page, alike)."""
    pls = an.polylines
    n_cross = spaces - 1
    checks: list[Check] = []
    visits = [0] * len(an.crossings)
    for a, _ in an.ends:
        visits[a] += 1
    chained = all(pls[i][-1] == pls[(i + 1) % len(pls)][0] for i in range(len(pls)))
    checks.append(
        Check(
            f"{2 * n_cross} segments forming one closed curve",
            len(pls) == 2 * n_cross and chained,
            f"{len(pls)} segments" + ("" if chained else ", not a closed chain"),
        )
    )
    checks.append(
        Check(
            f"{n_cross} crossings, each passed exactly twice",
            len(an.crossings) == n_cross and all(v == 2 for v in visits),
            f"{len(an.crossings)} crossings",
        )
    )
    # Pieces meet only at their shared crossings (no other intersection or touching).
    lines = [LineString(pl) for pl in pls]
    tree = STRtree(lines)
    bad_meet = []
    close = []
    left, right = tree.query(lines, predicate="dwithin", distance=MIN_SEPARATION)
    angle_at = _crossing_angles(pls, an)
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        if i > j:
            continue
        if i == j:
            if not lines[i].is_simple:
                bad_meet.append(f"segment {i + 1} crosses itself")
            continue
        shared = set(an.ends[i]) & set(an.ends[j])
        inter = lines[i].intersection(lines[j])
        allowed = MultiPoint([an.crossings[c] for c in sorted(shared)]).buffer(0.02)
        if not inter.difference(allowed).is_empty:
            bad_meet.append(f"segments {i + 1} and {j + 1}")
            continue
        # Away from their shared crossings, two pieces keep MIN_SEPARATION apart.
        a, b = lines[i], lines[j]
        for c in sorted(shared):
            r = 1.6 * MIN_SEPARATION / math.sin(math.radians(max(angle_at[c], 1.0)))
            hole = Point(an.crossings[c]).buffer(r, 16)
            a, b = a.difference(hole), b.difference(hole)
        if (not a.is_empty and not b.is_empty and a.distance(lines[j]) < MIN_SEPARATION - 1e-6) or (
            not a.is_empty and not b.is_empty and b.distance(lines[i]) < MIN_SEPARATION - 1e-6
        ):
            close.append(f"segments {i + 1} and {j + 1}")
    checks.append(
        Check(
            "segments meet only at their crossings",
            not bad_meet,
            ", ".join(bad_meet[:4]) if bad_meet else "clean",
        )
    )
    checks.append(
        Check(
            f"no near-tangency: parts of the curve >= {MIN_SEPARATION:g} mm apart off crossings",
            not close,
            ", ".join(close[:4]) if close else "clear",
        )
    )
    worst = min(angle_at, default=180.0)
    checks.append(
        Check(
            f"every crossing >= {MIN_CROSSING_DEG:g} degrees",
            worst >= MIN_CROSSING_DEG,
            f"sharpest {worst:.1f} degrees",
        )
    )
    checks.append(
        check_min_length([(f"segment-{i + 1}", ln) for i, ln in enumerate(lines)], MIN_SEGMENT)
    )
    polys = [(f"space-{i + 1}", p) for i, p in enumerate(an.spaces)]
    checks.append(
        Check(
            f"{spaces} spaces (Euler: V - E + F = {n_cross} - {2 * n_cross} + {spaces + 1} = 1)",
            len(an.spaces) == spaces,
            f"{len(an.spaces)} bounded faces",
        )
    )
    checks.append(check_min_area(polys, MIN_AREA))
    need = CAPTURE_R + CAPTURE_CLEAR
    room = [(shapely.maximum_inscribed_circle(p, 0.05).length, sid) for sid, p in polys]
    tight = min(room, default=(float("inf"), "-"))
    checks.append(
        Check(
            f"every space holds its capture circle (a {2 * need:g} mm clear disc)",
            tight[0] >= need,
            f"tightest {2 * tight[0]:.1f} mm ({tight[1]})",
        )
    )
    if width and height:
        xs = [p[0] for pl in pls for p in pl]
        ys = [p[1] for pl in pls for p in pl]
        inside = (
            bool(xs) and min(xs) >= 0 and min(ys) >= 0 and max(xs) <= width and max(ys) <= height
        )
        checks.append(
            Check(
                f"curve inside the {width:g} x {height:g} mm field",
                inside,
                f"x {min(xs, default=0):.1f}..{max(xs, default=0):.1f}, "
                f"y {min(ys, default=0):.1f}..{max(ys, default=0):.1f}",
            )
        )
    return checks


def _crossing_angles(pls: list[list[Pt]], an: _Analysis) -> list[float]:
    """The angle (0..90 degrees) between the two strands at every crossing."""
    dirs: dict[int, list[Pt]] = {}
    for pl, (a, _) in zip(pls, an.ends, strict=True):
        dirs.setdefault(a, []).append(_unit(pl[1][0] - pl[0][0], pl[1][1] - pl[0][1]))
    out = []
    for c in range(len(an.crossings)):
        ds = dirs.get(c, [])
        if len(ds) != 2:
            out.append(0.0)
            continue
        cosv = abs(ds[0][0] * ds[1][0] + ds[0][1] * ds[1][1])
        out.append(math.degrees(math.acos(min(1.0, cosv))))
    return out


def validate_geometry(geom: MiroGeometry, opts: Mapping[str, int]) -> list[Check]:
    spaces = opts.get("spaces", DEFAULT_SPACES)
    if not geom.segments:
        return [Check("a plane graph with one closed medial curve", False, "construction failed")]
    pls = [_sample(seg) for seg in geom.segments]
    return _checks(_analyse(pls), spaces, geom.width, geom.height)


def random_geometry(rng: Rng, opts: Mapping[str, int]) -> tuple[MiroGeometry, int]:
    return first_valid(
        rng, lambda r: make_geometry(r, opts), lambda g: validate_geometry(g, opts), 60
    )


# --- the sheet --------------------------------------------------------------------------------


def _circle_ring(c: Pt, r: float, n: int = 24) -> list[Pt]:
    """A polygon approximating a circle; corner directions from a fixed table (same bits
    everywhere, no trigonometry at draw time)."""
    return [(c[0] + r * dx, c[1] + r * dy) for dx, dy in _UNIT_CIRCLE[:n]]


_UNIT_CIRCLE: list[Pt] = [
    (round(math.cos(2 * math.pi * i / 24), 6), round(math.sin(2 * math.pi * i / 24), 6))
    for i in range(24)
]


def score_slots(body: Rect, count: int) -> list[Rect]:
    """Where ``count`` score areas go: two along the top of the body, two along the bottom
    (a third area is centred at the bottom, two areas are centred one above, one below)."""
    gap = 10.0
    w = (body.w - gap) / 2
    top, bottom = (body.y0, body.y0 + AREA_H), (body.y1 - AREA_H, body.y1)
    left, right = (body.x0, body.x0 + w), (body.x1 - w, body.x1)
    centre = (body.cx - w / 2, body.cx + w / 2)
    spots = {
        2: [(centre, top), (centre, bottom)],
        3: [(left, top), (right, top), (centre, bottom)],
        4: [(left, top), (right, top), (left, bottom), (right, bottom)],
    }[count]
    return [Rect(x0, y0, x1, y1) for (x0, x1), (y0, y1) in spots]


def score_areas(sheet: Sheet, players: int, points: int, two_each: bool) -> None:
    """The game's score areas: one per player, or (two players, ``two_each``) two per player,
    player 1 at the top end of the sheet and player 2 at the bottom end."""
    if two_each and players == 2:
        slots = score_slots(sheet.body, 4)
        plan = [(1, 1), (1, 2), (2, 1), (2, 2)]
        for r, (player, area) in zip(slots, plan, strict=True):
            score_area(sheet, r, player, points, f"player {player} (area {area})", area=area)
        return
    for player, r in enumerate(score_slots(sheet.body, players), start=1):
        score_area(sheet, r, player, points)


def field_origin(body: Rect, width: float, height: float) -> Pt:
    """Top-left corner of the field on the page: centred between the score rows."""
    x = q(body.cx - width / 2)
    y = q(body.y0 + AREA_H + (body.h - 2 * AREA_H - height) / 2)
    return (x, y)


def _shift(pl: Sequence[Pt], o: Pt) -> list[Pt]:
    return [(q(x + o[0]), q(y + o[1])) for x, y in pl]


def _sides(pl: Sequence[Pt]) -> tuple[Pt, Pt]:
    """Two points just left and right of a polyline's middle (0.3 mm off the line)."""
    m = len(pl) // 2
    a, b = pl[max(0, m - 1)], pl[min(len(pl) - 1, m + 1)]
    ux, uy = _unit(b[0] - a[0], b[1] - a[1])
    p = pl[m] if len(pl) > 2 else ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)  # a straight piece
    return (p[0] - uy * 0.3, p[1] + ux * 0.3), (p[0] + uy * 0.3, p[1] - ux * 0.3)


def _topology_data(
    polylines: Sequence[Sequence[Pt]], spaces: Sequence[Polygon]
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """segment -> spaces on its sides (outer region left out); space -> bounding segments."""
    tree = STRtree(list(spaces))
    seg_spaces: dict[str, list[str]] = {}
    space_segs: dict[str, list[str]] = {f"space-{i + 1}": [] for i in range(len(spaces))}
    for n, pl in enumerate(polylines, start=1):
        found = set()
        for p in _sides(pl):
            for i in tree.query(Point(p), predicate="within").tolist():
                found.add(i)
        ids = [f"space-{i + 1}" for i in sorted(found)]
        seg_spaces[f"segment-{n}"] = ids
        for sid in ids:
            space_segs[sid].append(f"segment-{n}")
    return seg_spaces, space_segs


def draw(sheet: Sheet, geom: MiroGeometry, opts: Mapping[str, int]) -> Field:
    """Place the curve, its regions and the score areas in ``sheet.body``; return the Field."""
    origin = field_origin(sheet.body, geom.width, geom.height)
    polylines = [_shift(_sample(seg), origin) for seg in geom.segments]
    an = _analyse(polylines)

    # The curve: one closed path, thin and mid-grey (players colour over it).
    ring: list[Pt] = []
    for pl in polylines:
        ring += pl[:-1]
    sheet.path(ring, Style(LINE_GREY, CURVE_WIDTH), closed=True)

    space_ids = [f"space-{i + 1}" for i in range(len(an.spaces))]
    marks: dict[str, str] = {}
    for n, (sid, poly) in enumerate(zip(space_ids, an.spaces, strict=True), start=1):
        sheet.add_region(sid, "space", polygon=list(poly.exterior.coords)[:-1])
        centre = shapely.maximum_inscribed_circle(poly, 0.05).coords[0]
        c = (q(centre[0]), q(centre[1]))
        mark = f"mark-capture-{n}"
        sheet.circle(c, CAPTURE_R, Style(SOFT, 0.2))
        sheet.add_region(mark, "mark", polygon=_circle_ring(c, CAPTURE_R), space=sid)
        marks[sid] = mark
    seg_ids = [f"segment-{n}" for n in range(1, len(polylines) + 1)]
    for sid, pl in zip(seg_ids, polylines, strict=True):
        sheet.add_region(sid, "segment", polyline=pl, width_mm=SEGMENT_BAND)

    seg_spaces, space_segs = _topology_data(polylines, an.spaces)
    total = sum(len(v) for v in space_segs.values())
    players = opts.get("players", 4)
    score_areas(sheet, players, points_per_area(total), two_each=True)

    adjacent, corner = polygon_neighbours(dict(zip(space_ids, an.spaces, strict=True)))
    return Field(
        game="miro",
        field_id=sheet.field_id,
        spaces=tuple(space_ids),
        adjacent=adjacent,
        corner=corner,
        data={
            "segments": seg_ids,
            "segment_spaces": seg_spaces,
            "space_segments": space_segs,
            "capture_marks": marks,
        },
    )


def points_per_area(total: int) -> int:
    """Point boxes per score area. ``total`` (every space's boundary segments summed) bounds
    all the points of a game; a quarter of it, rounded up to ten, is more than any one player
    of three or four scores, and two areas hold what one of two players scores."""
    return max(20, 10 * math.ceil(total / 40))


def build_random(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
    assert rng is not None
    geom, _ = random_geometry(rng, opts)
    return draw(sheet, geom, opts)


def build_standard(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
    if opts.get("spaces", DEFAULT_SPACES) != DEFAULT_SPACES:
        raise ValueError(
            f"the standard Miro field has {DEFAULT_SPACES} spaces; "
            "give --seed N for a new field with another number of spaces"
        )
    return draw(sheet, MiroGeometry.from_data(load_template("miro")), opts)


def freeze_standard(seed: int) -> dict[str, Any]:
    """The template data of the standard field: random field ``seed`` with default options."""
    opts = GAME.resolve_options({})
    geom, _ = random_geometry(Rng.derive("miro", "standard", seed), opts)
    return {"seed": seed, **geom.to_data()}


# --- checking a written layout ----------------------------------------------------------------


def validate_layout(layout: Layout) -> list[Check]:
    """Re-check a layout: the curve's counts and printability, the spaces against the faces of
    the curve, capture circles, and the topology against the geometry."""
    topo = layout.topology
    if topo is None:
        return [Check("layout has a topology", False)]
    spaces = int(layout.options.get("spaces", DEFAULT_SPACES))
    regions = {r.id: r for r in layout.regions}
    seg_ids = list(topo.data.get("segments", []))
    polylines = [list(regions[s].polyline or []) for s in seg_ids]
    an = _analyse(polylines)
    checks = _checks(an, spaces, 0.0, 0.0)
    space_polys = [Polygon(regions[s].polygon) for s in topo.spaces]
    checks.append(
        Check(
            "space regions are valid polygons",
            all(p.is_valid for p in space_polys),
            f"{sum(not p.is_valid for p in space_polys)} invalid",
        )
    )
    union = shapely.union_all(space_polys)
    overlap = sum(p.area for p in space_polys) - union.area
    faces_match = len(space_polys) == len(an.spaces) and all(
        p.symmetric_difference(f).area < 0.01 for p, f in zip(space_polys, an.spaces, strict=True)
    )
    checks.append(Check("spaces do not overlap", overlap < 0.01, f"overlap {overlap:.3f} mm2"))
    checks.append(
        Check(
            "spaces are exactly the faces of the curve", faces_match, f"{len(space_polys)} spaces"
        )
    )
    body_ok = all(
        10.0 - 1e-6 <= x <= layout.page.width_mm - 10.0 + 1e-6
        and 10.0 - 1e-6 <= y <= layout.page.height_mm - 10.0 + 1e-6
        for r in layout.regions
        for x, y in (r.polygon or r.polyline or [])
    )
    checks.append(Check("every region inside the page's safe area", body_ok))
    marks = topo.data.get("capture_marks", {})
    curve = shapely.union_all([LineString(pl) for pl in polylines if len(pl) > 1])
    bad_marks = [
        sid
        for sid, poly in zip(topo.spaces, space_polys, strict=True)
        if sid not in marks
        or not poly.contains(Polygon(regions[marks[sid]].polygon))
        or Polygon(regions[marks[sid]].polygon).distance(curve) < CAPTURE_CLEAR - 0.05
    ]
    checks.append(
        Check(
            "a capture circle inside every space, clear of the curve",
            not bad_marks,
            ", ".join(bad_marks[:5]) if bad_marks else f"{len(marks)} circles",
        )
    )
    seg_spaces, space_segs = _topology_data(polylines, an.spaces)
    checks.append(
        Check(
            "topology matches the geometry",
            seg_spaces == topo.data.get("segment_spaces")
            and space_segs == topo.data.get("space_segments"),
        )
    )
    rings = []
    for sid, poly in zip(topo.spaces, space_polys, strict=True):
        lines = [LineString(regions[s].polyline) for s in topo.data["space_segments"].get(sid, [])]
        merged = shapely.line_merge(shapely.union_all(lines)) if lines else None
        if (
            merged is None
            or merged.geom_type != "LineString"
            or not merged.is_ring
            or merged.symmetric_difference(poly.exterior).length > 0.05
        ):
            rings.append(sid)
    checks.append(
        Check(
            "every space's boundary segments close a ring",
            not rings,
            ", ".join(rings[:5]) if rings else "all closed",
        )
    )
    checks.append(Check("adjacency symmetric", not topo.check_symmetric()))
    return checks


GAME = GameSpec(
    name="miro",
    title="Miro",
    order=2,
    players=(2, 4),
    reminder="Colour 1, 2, then 3 segments along the curve, then 1-3 onward; "
    "closing a space scores your segments round it.",
    options=(
        SheetOption("players", "P", 4, 2, 4, "number of players (score areas, colour key)"),
        SheetOption(
            "spaces",
            "S",
            DEFAULT_SPACES,
            12,
            150,
            "spaces of a new random field (the curve has S - 1 crossings, 2(S - 1) segments)",
        ),
    ),
    versions={1: build_random},
    standard=build_standard,
    colours=lambda o: o.get("players", 4),
    validate=validate_layout,
    doc=__doc__ or "",
)
