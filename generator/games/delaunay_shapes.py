"""Delaunay's field as geometry: nine curved sections, each an Orphist disc motif.

Pure functions of plain parameters (:class:`DelaunayGeometry`, rounded to 0.01 mm / 0.01 deg),
so a frozen template and a fresh random draw give the same shapes: the sections are assembled
from shared border polylines, each section's motif (concentric circles cut by radial lines,
every ring at its own angles, like Robert and Sonia Delaunay's "simultaneous discs") is clipped
to its section, noded and polygonized with shapely. ``docs/fields/delaunay.md`` explains it.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import shapely
from shapely.geometry import LineString, MultiLineString, Point, Polygon
from shapely.geometry.polygon import orient
from shapely.ops import polygonize, unary_union

__all__ = [
    "COLS",
    "FIELD_H",
    "FIELD_W",
    "ROWS",
    "DelaunayGeometry",
    "Motif",
    "Pieces",
    "pieces",
    "section_outline",
]

ROWS = COLS = 3
FIELD_W = 186.0  # the field's printed size in mm (fits the smaller body, Letter's)
FIELD_H = 178.0
EDGE_POINTS = 24  # points per section border (a gentle arc)


def _r(x: float) -> float:
    return round(float(x), 2) + 0.0


@dataclass(frozen=True)
class Motif:
    """One section's disc: concentric circles around ``center`` (radii ascending), the radial
    cuts of every band (band 0 = the inner disc, band j = between circles j-1 and j, the last
    band = outside the largest circle) as angles in degrees (0 = +x, counter-clockwise on the
    page seen with y down, i.e. angle a points to (cos a, sin a))."""

    center: tuple[float, float]
    radii: tuple[float, ...]
    bands: tuple[tuple[float, ...], ...]

    def to_data(self) -> dict:
        return {
            "center": list(self.center),
            "radii": list(self.radii),
            "bands": [list(b) for b in self.bands],
        }

    @classmethod
    def from_data(cls, d: dict) -> Motif:
        return cls(
            (_r(d["center"][0]), _r(d["center"][1])),
            tuple(_r(x) for x in d["radii"]),
            tuple(tuple(_r(a) for a in b) for b in d["bands"]),
        )


@dataclass(frozen=True)
class DelaunayGeometry:
    """Field frame: x 0..FIELD_W, y 0..FIELD_H (mm, y down).

    ``grid`` = 4 x 4 section corner points (row-major); ``sag_h[i][j]`` = sagitta (mm) of the
    inner horizontal border i+1 over column j; ``sag_v[i][j]`` = of the inner vertical border
    i+1 over row j; ``motifs`` = one per section, row-major."""

    grid: tuple[tuple[tuple[float, float], ...], ...]
    sag_h: tuple[tuple[float, ...], ...]
    sag_v: tuple[tuple[float, ...], ...]
    motifs: tuple[Motif, ...]

    def to_data(self) -> dict:
        return {
            "field_mm": [FIELD_W, FIELD_H],
            "grid": [[list(p) for p in row] for row in self.grid],
            "sag_h": [list(r) for r in self.sag_h],
            "sag_v": [list(r) for r in self.sag_v],
            "motifs": [m.to_data() for m in self.motifs],
        }

    @classmethod
    def from_data(cls, d: dict) -> DelaunayGeometry:
        return cls(
            tuple(tuple((_r(x), _r(y)) for x, y in row) for row in d["grid"]),
            tuple(tuple(_r(s) for s in r) for r in d["sag_h"]),
            tuple(tuple(_r(s) for s in r) for r in d["sag_v"]),
            tuple(Motif.from_data(m) for m in d["motifs"]),
        )


def _arc(p: tuple[float, float], q: tuple[float, float], sag: float) -> list[tuple[float, float]]:
    """A gentle bow from p to q bulging ``sag`` mm to the left of p->q (rounded points)."""
    (x0, y0), (x1, y1) = p, q
    dx, dy = x1 - x0, y1 - y0
    n = math.hypot(dx, dy)
    nx, ny = dy / n, -dx / n
    out = []
    for i in range(EDGE_POINTS + 1):
        t = i / EDGE_POINTS
        b = 4.0 * t * (1.0 - t) * sag
        out.append((_r(x0 + dx * t + nx * b), _r(y0 + dy * t + ny * b)))
    out[0], out[-1] = p, q
    return out


def _border_h(geom: DelaunayGeometry, i: int, j: int) -> list[tuple[float, float]]:
    """Horizontal border on grid row i between columns j and j+1 (left to right)."""
    p, q = geom.grid[i][j], geom.grid[i][j + 1]
    if i in (0, ROWS):
        return [p, q]
    return _arc(p, q, geom.sag_h[i - 1][j])


def _border_v(geom: DelaunayGeometry, i: int, j: int) -> list[tuple[float, float]]:
    """Vertical border on grid column j between rows i and i+1 (top to bottom)."""
    p, q = geom.grid[i][j], geom.grid[i + 1][j]
    if j in (0, COLS):
        return [p, q]
    return _arc(p, q, geom.sag_v[j - 1][i])


def section_outline(geom: DelaunayGeometry, r: int, c: int) -> list[tuple[float, float]]:
    """The ring of section (r, c) (row-major from the top left), clockwise on the page."""
    top = _border_h(geom, r, c)
    right = _border_v(geom, r, c + 1)
    bottom = list(reversed(_border_h(geom, r + 1, c)))
    left = list(reversed(_border_v(geom, r, c)))
    return top[:-1] + right[:-1] + bottom[:-1] + left[:-1]


def _circle(center: tuple[float, float], radius: float) -> LineString:
    n = max(48, math.ceil(2 * math.pi * radius / 1.0))
    cx, cy = center
    pts = [
        (cx + radius * math.cos(2 * math.pi * k / n), cy + radius * math.sin(2 * math.pi * k / n))
        for k in range(n)
    ]
    return LineString([*pts, pts[0]])


def _ray(center: tuple[float, float], angle: float, r0: float, r1: float) -> LineString:
    a = math.radians(angle)
    cx, cy = center
    ca, sa = math.cos(a), math.sin(a)
    return LineString([(cx + r0 * ca, cy + r0 * sa), (cx + r1 * ca, cy + r1 * sa)])


def _normal_ring(coords: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Drop the closing point, rotate to start at the smallest point (stable output)."""
    pts = [(_r(x), _r(y)) for x, y in coords[:-1]]
    dedup = [p for i, p in enumerate(pts) if p != pts[i - 1]]
    if not dedup:
        return []
    k = dedup.index(min(dedup))
    return dedup[k:] + dedup[:k]


@dataclass(frozen=True)
class Pieces:
    """The computed field: section rings, the spaces of every section (rounded rings, in a
    stable order) and the dotted lines to draw per section."""

    sections: tuple[tuple[tuple[float, float], ...], ...]
    spaces: tuple[tuple[tuple[tuple[float, float], ...], ...], ...]
    dotted: tuple[tuple[tuple[tuple[float, float], ...], ...], ...]


def section_pieces(
    outline: list[tuple[float, float]], motif: Motif
) -> tuple[list[list[tuple[float, float]]], list[list[tuple[float, float]]]]:
    """(space rings sorted top-to-bottom, left-to-right; dotted polylines) of one section."""
    spaces, dotted = _section_pieces(tuple(outline), motif)
    return [list(s) for s in spaces], [list(d) for d in dotted]


@functools.lru_cache(maxsize=512)
def _section_pieces(outline: tuple[tuple[float, float], ...], motif: Motif) -> tuple:
    sec = Polygon(outline)
    far = 2.0 * (FIELD_W + FIELD_H)
    lines = [_circle(motif.center, r) for r in motif.radii]
    edges = (0.0, *motif.radii, far)
    for band, angles in enumerate(motif.bands):
        for a in angles:
            # Overshoot both ends a little: a circle is a polygon inside the true circle, and a
            # ray that stops short of it would leave its face open (dangles are dropped).
            lines.append(_ray(motif.center, a, edges[band] - 0.05, edges[band + 1] + 0.05))
    # Node everything (the whole motif and the section's border) and keep the faces inside the
    # section: clipping first would leave line ends a hair off the border (open faces).
    noded = unary_union([sec.exterior, *lines])
    polys = []
    for p in polygonize(noded):
        if p.area < 1e-6 or not sec.contains(p.representative_point()):
            continue
        ring = _normal_ring(list(orient(p, sign=-1.0).exterior.coords))
        if len(ring) >= 3:
            polys.append(ring)
    inner = shapely.intersection(unary_union(lines), sec)
    inner_lines = [g for g in getattr(inner, "geoms", [inner]) if isinstance(g, LineString)]
    cents = []
    for ring in polys:
        c = Polygon(ring).representative_point()
        cents.append((_r(c.y), _r(c.x), ring))
    cents.sort()
    merged = shapely.line_merge(MultiLineString(inner_lines)) if inner_lines else None
    dotted = []
    if merged is not None and not merged.is_empty:
        for g in getattr(merged, "geoms", [merged]):
            pts = [(_r(x), _r(y)) for x, y in g.coords]
            dotted.append(pts)
        dotted.sort()
    return tuple(tuple(c[2]) for c in cents), tuple(tuple(d) for d in dotted)


@functools.lru_cache(maxsize=64)
def pieces(geom: DelaunayGeometry) -> Pieces:
    sections, spaces, dotted = [], [], []
    for r in range(ROWS):
        for c in range(COLS):
            outline = section_outline(geom, r, c)
            sp, dl = section_pieces(outline, geom.motifs[r * COLS + c])
            sections.append(tuple(outline))
            spaces.append(tuple(tuple(s) for s in sp))
            dotted.append(tuple(tuple(d) for d in dl))
    return Pieces(tuple(sections), tuple(spaces), tuple(dotted))


def in_section(point: tuple[float, float], outline: list[tuple[float, float]]) -> bool:
    return Polygon(outline).contains(Point(point))
