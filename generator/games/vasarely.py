"""Vasarely (Sid Sackson, 1975): ten isometric cubes split into dotted spaces.

The field is ten op-art cubes in a 3-4-3 honeycomb (each cube a hexagon of three rhombus faces),
with a gap between the cubes and a small rhombus completion mark hanging under each cube's lower
vertex. Every face is cut by straight chords parallel to its edges or diagonals into convex
spaces; each cube holds 7 to 12 spaces marked with 1 to 5 dots, every dot count present in every
cube. Four score areas sit in the corners (one per player).

All cutting is done in exact rational coordinates of the isometric lattice (``p`` counts half
cube widths, ``q`` half edge lengths), so a vertex shared by two spaces, or lying on a
neighbour's edge, is the same number for both; millimetres appear only at the end, rounded to
0.01 mm. See ``docs/fields/vasarely.md`` for every threshold and the reasons.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from shapely.geometry import Point as ShPoint
from shapely.geometry import Polygon
from shapely.ops import polylabel, unary_union

from artsheets.generator.furniture import body_rect, score_area
from artsheets.generator.layout import Layout, Point, q
from artsheets.generator.registry import GameSpec, SheetOption
from artsheets.generator.rng import Rng
from artsheets.generator.sheet import INK, Rect, Sheet, Style
from artsheets.generator.templates import load_template
from artsheets.generator.topology import polygon_neighbours
from artsheets.generator.validation import (
    Check,
    check_min_area,
    check_min_width,
    first_valid,
)
from artsheets.rules.field import Field

__all__ = [
    "GAME",
    "Cube",
    "Space",
    "VasarelyGeometry",
    "build_random",
    "build_standard",
    "draw",
    "freeze_standard",
    "geometry_from_data",
    "geometry_to_data",
    "make_geometry",
    "random_geometry",
    "validate_geometry",
    "validate_layout",
]

# --- the field's fixed frame (mm) ------------------------------------------------------------
EDGE = 23.0  # cube edge length = hexagon circumradius
GAP = 9.0  # white gap between neighbouring cubes, measured between parallel edges
SQRT3 = math.sqrt(3.0)
HEX_W = SQRT3 * EDGE  # width of one cube (flat side to flat side)
PITCH = HEX_W + GAP  # centre distance of neighbours in a row
ROW_PITCH = PITCH * SQRT3 / 2  # centre distance between rows
ROWS = (3, 4, 3)  # cubes per row, top to bottom
CUBES = sum(ROWS)
MARK_SIDE = 6.0  # side of the rhombus completion mark
MARK_CLEAR = 2.0  # from the cube's lower vertex to the mark's top vertex
FIELD_W = 4 * HEX_W + 3 * GAP
FIELD_H = 2 * ROW_PITCH + 2 * EDGE + MARK_CLEAR + MARK_SIDE

# --- printability ------------------------------------------------------------------------------
SPACES_PER_CUBE = (7, 12)
PIECES_PER_FACE = (2, 5)
MIN_WIDTH = 5.0  # every space holds a 5 mm disc: a pencil colours it easily
MIN_AREA = 50.0  # mm2
DOT_R = 0.7  # dot radius
DOT_CLEAR = 1.6  # colour ring left between a dot and the space's border
DOT_SPACING = 2.8  # centre to centre between dots of one space
MAX_DOTS = 5
AREA_TOL = 0.5  # mm2: rounding to 0.01 mm leaves slivers far below this; a real gap is >= MIN_AREA

# --- sheet furniture ---------------------------------------------------------------------------
SCORE_W, SCORE_H = 46.0, 34.0
SCORE_POINTS = 60  # see docs/fields/vasarely.md: simulated top scores reach 45-56

HEAVY = Style(INK, 0.8)  # cube outlines: heavy lines between cubes
FACE = Style(INK, 0.4)  # the three face edges inside a cube
LIGHT = Style(INK, 0.25)  # chords splitting the faces
MARK = Style(INK, 0.35)
DOT = Style(None, 0, INK)

Exact = tuple[Fraction, Fraction]

# Cube corners in lattice units: x = p * HEX_W / 2, y = q * EDGE / 2 (y downwards).
_T, _UR, _LR, _B = (0, -2), (1, -1), (1, 1), (0, 2)
_LL, _UL, _C = (-1, 1), (-1, -1), (0, 0)
HEXAGON = (_T, _UR, _LR, _B, _LL, _UL)
# Each face: its corners and the normals (a, b) of the line families a*p + b*q = t that may cut
# it: parallel to its two edges first, then to its two diagonals.
FACES: tuple[tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]], ...] = (
    ((_T, _UR, _C, _UL), ((1, 1), (1, -1), (0, 1), (1, 0))),  # top
    ((_UL, _C, _B, _LL), ((1, -1), (1, 0), (3, -1), (1, 1))),  # left
    ((_C, _UR, _LR, _B), ((1, 1), (1, 0), (3, 1), (1, -1))),  # right
)


# --- geometry data ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Space:
    polygon: tuple[Point, ...]  # field frame mm, 0.01 mm grid, counter-clockwise on paper
    dots: int
    dot_centres: tuple[Point, ...]


@dataclass(frozen=True)
class Cube:
    centre: Point
    outline: tuple[Point, ...]  # hexagon, from the top vertex clockwise on paper
    face_edges: tuple[tuple[Point, Point], ...]  # centre to upper-left, upper-right, bottom
    chords: tuple[tuple[Point, Point], ...]  # light lines splitting the faces
    spaces: tuple[Space, ...]
    mark: tuple[Point, ...]  # the completion mark (rhombus)


@dataclass(frozen=True)
class VasarelyGeometry:
    width: float
    height: float
    cubes: tuple[Cube, ...]
    problems: tuple[str, ...] = ()  # construction failures (the field is then re-drawn)


def _qpt(p: Sequence[float]) -> Point:
    return (q(p[0]), q(p[1]))


def cube_centres() -> list[Point]:
    """Centres of the ten cubes in the field frame (rows top to bottom, left to right)."""
    out = []
    for r, n in enumerate(ROWS):
        y = EDGE + r * ROW_PITCH
        x0 = HEX_W / 2 + (max(ROWS) - n) * PITCH / 2
        out.extend(_qpt((x0 + i * PITCH, y)) for i in range(n))
    return out


def _to_mm(centre: Point, pt: Sequence[Fraction | int]) -> Point:
    return _qpt((centre[0] + float(pt[0]) * HEX_W / 2, centre[1] + float(pt[1]) * EDGE / 2))


def mark_polygon(centre: Point) -> tuple[Point, ...]:
    """The completion mark: a small rhombus (like a cube's top face) under the lower vertex."""
    x, y = centre[0], centre[1] + EDGE + MARK_CLEAR
    hw, hh = MARK_SIDE * SQRT3 / 2, MARK_SIDE / 2
    return tuple(_qpt(p) for p in ((x, y), (x + hw, y + hh), (x, y + 2 * hh), (x - hw, y + hh)))


# --- exact convex geometry in lattice units ------------------------------------------------------


def _clip(poly: list[Exact], a: int, b: int, t: Fraction, keep_le: bool) -> list[Exact]:
    """The part of a convex polygon with a*p + b*q <= t (or >= t), exactly."""

    def side(pt: Exact) -> Fraction:
        v = a * pt[0] + b * pt[1] - t
        return v if keep_le else -v

    out: list[Exact] = []
    n = len(poly)
    for i in range(n):
        cur, nxt = poly[i], poly[(i + 1) % n]
        sc, sn = side(cur), side(nxt)
        if sc <= 0:
            out.append(cur)
        if (sc < 0 < sn) or (sn < 0 < sc):
            k = sc / (sc - sn)
            out.append((cur[0] + (nxt[0] - cur[0]) * k, cur[1] + (nxt[1] - cur[1]) * k))
    # drop repeated points
    clean: list[Exact] = []
    for pt in out:
        if not clean or clean[-1] != pt:
            clean.append(pt)
    if len(clean) > 1 and clean[0] == clean[-1]:
        clean.pop()
    return clean


def _area2(poly: Sequence[Exact]) -> Fraction:
    """Twice the signed area (lattice units)."""
    s = Fraction(0)
    for i in range(len(poly)):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
        s += x0 * y1 - x1 * y0
    return s


def _on_open_segment(pt: Exact, a: Exact, b: Exact) -> bool:
    cross = (b[0] - a[0]) * (pt[1] - a[1]) - (b[1] - a[1]) * (pt[0] - a[0])
    if cross != 0:
        return False
    dot = (pt[0] - a[0]) * (b[0] - a[0]) + (pt[1] - a[1]) * (b[1] - a[1])
    length2 = (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2
    return 0 < dot < length2


def _with_junctions(
    poly: list[Exact], points: Sequence[Exact], fpts: Sequence[tuple[float, float]]
) -> list[Exact]:
    """Insert the points lying inside an edge (T-junctions), so neighbours share vertices.

    ``fpts`` are ``points`` as floats: a float test picks the candidates, the exact test
    decides."""
    out: list[Exact] = []
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        ax, ay, bx, by = float(a[0]), float(a[1]), float(b[0]), float(b[1])
        near = [
            p
            for p, (x, y) in zip(points, fpts, strict=True)
            if abs((bx - ax) * (y - ay) - (by - ay) * (x - ax)) < 1e-6
            and min(ax, bx) - 1e-6 <= x <= max(ax, bx) + 1e-6
            and min(ay, by) - 1e-6 <= y <= max(ay, by) + 1e-6
            and abs(x - ax) + abs(y - ay) > 1e-9
            and abs(x - bx) + abs(y - by) > 1e-9
        ]
        out.append(a)
        inner = [p for p in near if _on_open_segment(p, a, b)]
        inner.sort(key=lambda p: (p[0] - a[0]) ** 2 + (p[1] - a[1]) ** 2)
        for p in inner:
            if p != out[-1]:
                out.append(p)
    return out


def _mm_polygon(centre: Point, poly: Sequence[Exact]) -> Polygon:
    return Polygon([_to_mm(centre, p) for p in poly])


def _printable(p: Polygon) -> bool:
    return p.area >= MIN_AREA and not p.buffer(-MIN_WIDTH / 2).is_empty


# --- dots ---------------------------------------------------------------------------------------


def _unit(v: Sequence[float]) -> tuple[float, float]:
    n = math.hypot(v[0], v[1])
    return (v[0] / n, v[1] / n)


def _patterns(d: int, u1: Point, u2: Point) -> list[list[Point]]:
    """Dot offsets for ``d`` dots: a die face drawn on the cube face, then rows along its edges."""
    die = {
        1: [(0, 0)],
        2: [(-1, -1), (1, 1)],
        3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    }[d]
    rows = [[(k - (d - 1) / 2, 0.0) for k in range(d)], [(0.0, k - (d - 1) / 2) for k in range(d)]]
    out = []
    for coords in (die, *rows):
        pts = [(a * u1[0] + b * u2[0], a * u1[1] + b * u2[1]) for a, b in coords]
        if len(pts) > 1:
            closest = min(
                math.hypot(p[0] - r[0], p[1] - r[1])
                for i, p in enumerate(pts)
                for r in pts[i + 1 :]
            )
            scale = DOT_SPACING / closest
            pts = [(x * scale, y * scale) for x, y in pts]
        out.append(pts)
    return out


def dot_placements(poly: Polygon, u1: Point, u2: Point) -> dict[int, tuple[Point, ...]]:
    """For each dot count 1..5 that fits well inside ``poly``: the dot centres."""
    inner = poly.buffer(-(DOT_R + DOT_CLEAR), join_style="mitre")
    if inner.is_empty or inner.geom_type != "Polygon":
        return {}
    centres = [polylabel(inner, tolerance=0.05), inner.centroid]
    out = {}
    for d in range(1, MAX_DOTS + 1):
        for pattern, c in ((p, c) for p in _patterns(d, u1, u2) for c in centres):
            pts = [_qpt((c.x + dx, c.y + dy)) for dx, dy in pattern]
            if all(inner.covers(ShPoint(p)) for p in pts):
                out[d] = tuple(pts)
                break
    return out


# --- construction -------------------------------------------------------------------------------


def _split_face(
    rng: Rng,
    centre: Point,
    corners: tuple[tuple[int, int], ...],
    families: tuple[tuple[int, int], ...],
    n: int,
) -> tuple[list[list[Exact]], list[tuple[Exact, Exact]]]:
    """Cut one rhombus face into ``n`` convex pieces by chords; biggest piece first."""
    pieces = [[(Fraction(p), Fraction(r)) for p, r in corners]]
    chords: list[tuple[Exact, Exact]] = []
    # Most chords run parallel to one edge (op-art stripes), some to the other edge, a few
    # along a diagonal.
    main = rng.below(2)
    weights = ((main, 0.6), (1 - main, 0.3), (2, 0.05), (3, 0.05))
    for _ in range(60):
        if len(pieces) >= n:
            break
        idx = max(range(len(pieces)), key=lambda i: (_area2(pieces[i]), -i))
        piece = pieces[idx]
        u, fam = rng.random(), families[3]
        for i, w in weights:
            if u < w:
                fam = families[i]
                break
            u -= w
        a, b = fam
        values = [a * x + b * y for x, y in piece]
        lo, hi = min(values), max(values)
        t = lo + (hi - lo) * Fraction(rng.integer(30, 70), 100)
        left, right = _clip(piece, a, b, t, True), _clip(piece, a, b, t, False)
        if len(left) < 3 or len(right) < 3:
            continue
        if not (_printable(_mm_polygon(centre, left)) and _printable(_mm_polygon(centre, right))):
            continue
        ends = [p for p in left if a * p[0] + b * p[1] == t]
        pieces[idx : idx + 1] = [left, right]
        chords.append((ends[0], ends[-1]))
    return pieces, chords


def _assign_dots(rng: Rng, fits: list[list[int]]) -> list[int] | None:
    """A dot count per space from the counts that fit it, every count 1..5 used at least once
    (random, deterministic); None if impossible."""
    order = rng.shuffled(range(len(fits)))
    counts = list(range(1, MAX_DOTS + 1))
    counts.sort(key=lambda d: sum(d in f for f in fits))  # rarest count first

    def place(k: int, used: dict[int, int]) -> dict[int, int] | None:
        if k == len(counts):
            return used
        for i in order:
            if i not in used and counts[k] in fits[i]:
                found = place(k + 1, {**used, i: counts[k]})
                if found is not None:
                    return found
        return None

    chosen = place(0, {})
    if chosen is None or any(not f for f in fits):
        return None
    return [
        chosen[i] if i in chosen else fits[i][rng.below(len(fits[i]))] for i in range(len(fits))
    ]


def _face_units(corners: tuple[tuple[int, int], ...]) -> tuple[Point, Point]:
    """Unit vectors (mm) along a face's two edges at its first corner."""
    c0, c1, c3 = corners[0], corners[1], corners[3]

    def mm(v: tuple[int, int]) -> tuple[float, float]:
        return (v[0] * HEX_W / 2, v[1] * EDGE / 2)

    u1 = _unit(mm((c1[0] - c0[0], c1[1] - c0[1])))
    u2 = _unit(mm((c3[0] - c0[0], c3[1] - c0[1])))
    return u1, u2


def _make_cube(rng: Rng, centre: Point) -> tuple[Cube, list[str]]:
    problems: list[str] = []
    total = rng.integer(*SPACES_PER_CUBE)
    counts = [PIECES_PER_FACE[0]] * 3
    extra = total - sum(counts)
    while extra > 0:
        f = rng.below(3)
        if counts[f] < PIECES_PER_FACE[1]:
            counts[f] += 1
            extra -= 1
    pieces: list[tuple[list[Exact], int]] = []
    chords: list[tuple[Exact, Exact]] = []
    for f, (corners, families) in enumerate(FACES):
        got, cut = _split_face(rng.child("face", f), centre, corners, families, counts[f])
        if len(got) != counts[f]:
            problems.append(f"a face got {len(got)} of {counts[f]} spaces")
        pieces.extend((p, f) for p in got)
        chords.extend(cut)
    vertices = sorted({v for p, _ in pieces for v in p})
    fvertices = [(float(x), float(y)) for x, y in vertices]
    polys = []
    for piece, f in pieces:
        exact = _with_junctions(piece, vertices, fvertices)
        poly = _mm_polygon(centre, exact)
        if poly.exterior.is_ccw:  # screen orientation: store clockwise on paper (y down)
            poly = poly.reverse()
        polys.append((poly, f))
    # Stable geometric order: by centroid row, then column (0.01 mm grid).
    polys.sort(key=lambda pf: (q(pf[0].centroid.y), q(pf[0].centroid.x)))
    units = [_face_units(c) for c, _ in FACES]
    # Which dot counts fit each space (dot patterns differ in shape, so these sets need not be
    # nested), then every count 1..5 on its own space, then random fitting counts elsewhere.
    placements = [dot_placements(poly, *units[f]) for poly, f in polys]
    dots = _assign_dots(rng, [sorted(p) for p in placements])
    if dots is None:
        problems.append("the spaces cannot show every dot count 1..5")
        dots = [min(p, default=0) for p in placements]
    spaces = [
        Space(tuple(poly.exterior.coords[:-1]), d, placements[i].get(d, ()))
        for i, ((poly, _), d) in enumerate(zip(polys, dots, strict=True))
    ]
    cube = Cube(
        centre=centre,
        outline=tuple(_to_mm(centre, v) for v in HEXAGON),
        face_edges=tuple((_to_mm(centre, _C), _to_mm(centre, v)) for v in (_UL, _UR, _B)),
        chords=tuple(
            (_to_mm(centre, a), _to_mm(centre, b))
            for a, b in sorted(chords, key=lambda ab: (ab[0], ab[1]))
        ),
        spaces=tuple(spaces),
        mark=mark_polygon(centre),
    )
    return cube, problems


def make_geometry(rng: Rng, opts: Mapping[str, int] | None = None) -> VasarelyGeometry:
    """One candidate field (it may fail validation; :func:`random_geometry` re-draws)."""
    cubes, problems = [], []
    for k, centre in enumerate(cube_centres()):
        cube, probs = _make_cube(rng.child("cube", k), centre)
        cubes.append(cube)
        problems.extend(f"cube-{k + 1}: {p}" for p in probs)
    return VasarelyGeometry(q(FIELD_W), q(FIELD_H), tuple(cubes), tuple(problems))


def _space_polys(geom: VasarelyGeometry) -> list[tuple[str, Polygon]]:
    out = []
    for k, cube in enumerate(geom.cubes):
        for i, sp in enumerate(cube.spaces):
            out.append((f"cube-{k + 1}/{i + 1}", Polygon(sp.polygon)))
    return out


def _dot_checks(items: list[tuple[str, Polygon, int, Sequence[Point]]]) -> list[Check]:
    bad_place, bad_count = [], []
    for name, poly, d, centres in items:
        if len(centres) != d:
            bad_count.append(name)
            continue
        inner = poly.buffer(-(DOT_R + DOT_CLEAR) + 0.02)
        pts = [ShPoint(c) for c in centres]
        clear = all(inner.covers(p) for p in pts)
        spaced = all(
            a.distance(b) >= DOT_SPACING - 0.02 for i, a in enumerate(pts) for b in pts[i + 1 :]
        )
        if not (clear and spaced):
            bad_place.append(name)
    return [
        Check("every space shows its dots", not bad_count, ", ".join(bad_count[:5]) or "yes"),
        Check(
            f"dots >= {DOT_CLEAR + DOT_R:g} mm inside, {DOT_SPACING:g} mm apart",
            not bad_place,
            ", ".join(bad_place[:5]) or "all clear",
        ),
    ]


def _tiling_checks(
    groups: list[list[Polygon]], hexes: list[Polygon], marks: list[Polygon]
) -> list[Check]:
    invalid, overlap, untiled = [], [], []
    for k, (polys, hexagon) in enumerate(zip(groups, hexes, strict=True)):
        if not all(p.is_valid for p in polys):
            invalid.append(f"cube-{k + 1}")
        union = unary_union(polys)
        if sum(p.area for p in polys) - union.area > AREA_TOL:
            overlap.append(f"cube-{k + 1}")
        if union.symmetric_difference(hexagon).area > AREA_TOL:
            untiled.append(f"cube-{k + 1}")
    apart = min(
        (a.distance(b) for i, a in enumerate(hexes) for b in hexes[i + 1 :]), default=math.inf
    )
    mark_gap = min((m.distance(h) for m in marks for h in hexes), default=math.inf)
    return [
        Check("spaces are valid polygons", not invalid, ", ".join(invalid) or "all valid"),
        Check("spaces do not overlap", not overlap, ", ".join(overlap) or "none overlap"),
        Check("spaces tile every cube", not untiled, ", ".join(untiled) or "all tiled"),
        Check("cubes stand apart", apart >= GAP - 0.1, f"closest {apart:.2f} mm"),
        Check("completion marks clear of cubes", mark_gap >= 1.5, f"closest {mark_gap:.2f} mm"),
    ]


def _count_checks(cubes: list[list[int]]) -> list[Check]:
    lo, hi = SPACES_PER_CUBE
    bad_n = [f"cube-{k + 1} ({len(d)})" for k, d in enumerate(cubes) if not lo <= len(d) <= hi]
    bad_d = [
        f"cube-{k + 1}"
        for k, d in enumerate(cubes)
        if set(d) != set(range(1, MAX_DOTS + 1)) or not all(1 <= x <= MAX_DOTS for x in d)
    ]
    return [
        Check(f"{CUBES} cubes", len(cubes) == CUBES, f"{len(cubes)} cubes"),
        Check(f"{lo}-{hi} spaces per cube", not bad_n, ", ".join(bad_n) or "all in range"),
        Check("every cube has spaces of 1..5 dots", not bad_d, ", ".join(bad_d) or "all"),
    ]


def validate_geometry(geom: VasarelyGeometry, opts: Mapping[str, int] | None = None) -> list[Check]:
    """Every constraint of the field, in printed millimetres."""
    checks = [Check("construction", not geom.problems, "; ".join(geom.problems[:3]) or "ok")]
    checks += _count_checks([[s.dots for s in c.spaces] for c in geom.cubes])
    polys = _space_polys(geom)
    checks += [check_min_area(polys, MIN_AREA), check_min_width(polys, MIN_WIDTH)]
    checks += _dot_checks(
        [
            (f"cube-{k + 1}/{i + 1}", Polygon(s.polygon), s.dots, s.dot_centres)
            for k, c in enumerate(geom.cubes)
            for i, s in enumerate(c.spaces)
        ]
    )
    checks += _tiling_checks(
        [[Polygon(s.polygon) for s in c.spaces] for c in geom.cubes],
        [Polygon(c.outline) for c in geom.cubes],
        [Polygon(c.mark) for c in geom.cubes],
    )
    return checks


def random_geometry(
    rng: Rng, opts: Mapping[str, int] | None = None
) -> tuple[VasarelyGeometry, int]:
    """The first valid candidate from ``rng``'s deterministic sub-seeds, and the attempts."""
    return first_valid(rng, lambda r: make_geometry(r, opts), lambda g: validate_geometry(g, opts))


# --- template data --------------------------------------------------------------------------------


def geometry_to_data(geom: VasarelyGeometry) -> dict[str, Any]:
    def pts(seq: Sequence[Point]) -> list[list[float]]:
        return [[q(x), q(y)] for x, y in seq]

    return {
        "format": "artsheets.vasarely/1",
        "width": geom.width,
        "height": geom.height,
        "cubes": [
            {
                "centre": list(c.centre),
                "outline": pts(c.outline),
                "face_edges": [pts(e) for e in c.face_edges],
                "chords": [pts(e) for e in c.chords],
                "mark": pts(c.mark),
                "spaces": [
                    {"polygon": pts(s.polygon), "dots": s.dots, "dot_centres": pts(s.dot_centres)}
                    for s in c.spaces
                ],
            }
            for c in geom.cubes
        ],
    }


def geometry_from_data(data: Mapping[str, Any]) -> VasarelyGeometry:
    def pts(seq: Sequence[Sequence[float]]) -> tuple[Point, ...]:
        return tuple((float(x), float(y)) for x, y in seq)

    def seg(e: Sequence[Sequence[float]]) -> tuple[Point, Point]:
        a, b = pts(e)
        return (a, b)

    cubes = tuple(
        Cube(
            centre=(float(c["centre"][0]), float(c["centre"][1])),
            outline=pts(c["outline"]),
            face_edges=tuple(seg(e) for e in c["face_edges"]),
            chords=tuple(seg(e) for e in c["chords"]),
            spaces=tuple(
                Space(pts(s["polygon"]), int(s["dots"]), pts(s["dot_centres"])) for s in c["spaces"]
            ),
            mark=pts(c["mark"]),
        )
        for c in data["cubes"]
    )
    return VasarelyGeometry(float(data["width"]), float(data["height"]), cubes)


def freeze_standard(seed: int) -> dict[str, Any]:
    """Template data of the standard field: the random field of ``seed`` (default options)."""
    geom, _ = random_geometry(Rng.derive("vasarely", "standard", seed), {"players": 4})
    return geometry_to_data(geom)


# --- drawing -------------------------------------------------------------------------------------


def _score_rects(body: Rect) -> list[Rect]:
    """The four corner score areas: top-left, top-right, bottom-left, bottom-right."""
    return [
        Rect(body.x0, body.y0, body.x0 + SCORE_W, body.y0 + SCORE_H),
        Rect(body.x1 - SCORE_W, body.y0, body.x1, body.y0 + SCORE_H),
        Rect(body.x0, body.y1 - SCORE_H, body.x0 + SCORE_W, body.y1),
        Rect(body.x1 - SCORE_W, body.y1 - SCORE_H, body.x1, body.y1),
    ]


def _field_origin(body: Rect, geom: VasarelyGeometry) -> Point:
    free = Rect(body.x0, body.y0 + SCORE_H, body.x1, body.y1 - SCORE_H)
    return (q(free.cx - geom.width / 2), q(free.cy - geom.height / 2))


def draw(sheet: Sheet, geom: VasarelyGeometry, opts: Mapping[str, int]) -> Field:
    """Draw the cubes, dots, completion marks and score areas; return the topology."""
    ox, oy = _field_origin(sheet.body, geom)

    def at(p: Point) -> Point:
        return (q(p[0] + ox), q(p[1] + oy))

    groups: dict[str, tuple[str, ...]] = {}
    attrs: dict[str, dict[str, Any]] = {}
    marks: dict[str, str] = {}
    polys: dict[str, Polygon] = {}
    n = 0
    for k, cube in enumerate(geom.cubes, start=1):
        gid = f"cube-{k}"
        members = []
        for sp in cube.spaces:
            n += 1
            sid = f"space-{n}"
            poly = [at(p) for p in sp.polygon]
            centres = [at(c) for c in sp.dot_centres]
            sheet.add_region(
                sid,
                "space",
                polygon=poly,
                group=gid,
                dots=sp.dots,
                dot_centres=[list(c) for c in centres],
            )
            polys[sid] = Polygon(poly)
            attrs[sid] = {"dots": sp.dots}
            members.append(sid)
        groups[gid] = tuple(members)
        for a, b in cube.chords:
            sheet.path([at(a), at(b)], LIGHT)
        for a, b in cube.face_edges:
            sheet.path([at(a), at(b)], FACE)
        sheet.path([at(p) for p in cube.outline], HEAVY, closed=True)
        for sp in cube.spaces:
            for c in sp.dot_centres:
                sheet.circle(at(c), DOT_R, DOT)
        mid = f"mark-cube-{k}"
        mark = [at(p) for p in cube.mark]
        sheet.path(mark, MARK, closed=True)
        sheet.add_region(mid, "mark", polygon=mark, group=gid, role="completion")
        marks[gid] = mid

    players = opts.get("players", 4)
    for p, r in enumerate(_score_rects(sheet.body)[:players], start=1):
        score_area(sheet, r, p, SCORE_POINTS)

    adjacent, corner = polygon_neighbours(polys)
    return Field(
        game="vasarely",
        field_id=sheet.field_id,
        spaces=tuple(polys),
        adjacent=adjacent,
        corner=corner,
        groups=groups,
        attrs=attrs,
        data={"completion_marks": marks},
    )


def build_random(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
    assert rng is not None
    geom, _ = random_geometry(rng, opts)
    return draw(sheet, geom, opts)


def build_standard(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
    return draw(sheet, geometry_from_data(load_template("vasarely")), opts)


# --- checking a written layout ---------------------------------------------------------------


def validate_layout(layout: Layout) -> list[Check]:
    """Re-check a written Vasarely layout: counts, tiling, printability, dots, topology."""
    topo = layout.topology
    if topo is None:
        return [Check("topology present", False, "the layout has no topology")]
    regions = {r.id: r for r in layout.regions}
    body = body_rect(layout.page)
    spaces = [r for r in layout.regions if r.kind == "space"]
    polys = {r.id: Polygon(r.polygon or []) for r in spaces}
    by_cube: dict[str, list[str]] = {}
    for r in spaces:
        by_cube.setdefault(r.group or "", []).append(r.id)
    cube_ids = [f"cube-{k}" for k in range(1, CUBES + 1)]
    checks = [
        Check(
            "groups are cube-1..cube-10",
            sorted(by_cube) == sorted(cube_ids) and set(topo.groups) == set(cube_ids),
            ", ".join(sorted(by_cube)),
        )
    ]
    checks += _count_checks(
        [[int(topo.attrs.get(s, {}).get("dots", 0)) for s in by_cube.get(g, [])] for g in cube_ids]
    )
    items = list(polys.items())
    checks += [check_min_area(items, MIN_AREA), check_min_width(items, MIN_WIDTH)]
    checks += _dot_checks(
        [
            (r.id, polys[r.id], int(r.extra.get("dots", 0)), r.extra.get("dot_centres", []))
            for r in spaces
        ]
    )
    hexes = [unary_union([polys[s] for s in by_cube.get(g, [])]).convex_hull for g in cube_ids]
    mark_ids = [topo.data.get("completion_marks", {}).get(g) for g in cube_ids]
    missing = [m for m in mark_ids if m not in regions or regions[m].kind != "mark"]
    checks.append(
        Check("a completion mark per cube", not missing, f"missing {missing}" if missing else "yes")
    )
    marks = [Polygon(regions[m].polygon or []) for m in mark_ids if m in regions]
    checks += _tiling_checks(
        [[polys[s] for s in by_cube.get(g, [])] for g in cube_ids], hexes, marks
    )
    outside = [
        r.id
        for r in layout.regions
        if r.polygon
        and not all(
            body.x0 - 0.01 <= x <= body.x1 + 0.01 and body.y0 - 0.01 <= y <= body.y1 + 0.01
            for x, y in r.polygon
        )
        and r.kind not in ("key",)
    ]
    checks.append(Check("field inside the body", not outside, ", ".join(outside[:5]) or "yes"))
    adjacent, corner = polygon_neighbours(polys)
    same = all(
        set(adjacent[s]) == set(topo.adjacent.get(s, ()))
        and set(corner[s]) == set(topo.corner.get(s, ()))
        for s in polys
    )
    checks.append(Check("topology matches the geometry", same, "adjacent/corner recomputed"))
    checks.append(
        Check(
            "topology symmetric", not topo.check_symmetric(), "; ".join(topo.check_symmetric()[:3])
        )
    )
    return checks


GAME = GameSpec(
    name="vasarely",
    title="Vasarely",
    order=1,
    players=(2, 4),
    reminder="Fill 1, 2, 3, 4, 5-dot spaces in turn, two cubes in play; "
    "filling a cube's last space scores its spaces of other colours.",
    options=(SheetOption("players", "P", 4, 2, 4, "number of players (score areas, colour key)"),),
    versions={1: build_random},
    standard=build_standard,
    colours=lambda o: o["players"],
    validate=validate_layout,
)
