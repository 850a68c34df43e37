"""Synthetic fields: topology built without the generator, for tests, examples and benchmarks.

Each builder returns a :class:`~artsheets.rules.field.Field` with exactly the ids, attrs and
data keys of ``docs/topology.md``, so rules cannot tell them from generator fields. They are
deterministic for a given seed. Geometry (Miro's curve, Arp's lines) is reduced to topology
with a small pure-Python planar-graph routine (:func:`planar_faces`); inputs are assumed in
general position (no three curves through one point), which random inputs satisfy.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import NamedTuple

from artsheets.rules.field import Field, symmetric_pairs

__all__ = [
    "arp_field",
    "arp_lines_field",
    "delaunay_field",
    "grid_cells",
    "klee_field",
    "miro_curve_field",
    "miro_field",
    "mondrian_field",
    "planar_faces",
    "rings_field",
    "springer_field",
    "synch_field",
    "vasarely_field",
]

Point = tuple[float, float]


# --- grids ---------------------------------------------------------------------------------


def grid_cells(rows: int, cols: int, first: int = 1) -> list[list[str]]:
    """Space ids ``space-<n>`` laid out row by row."""
    return [[f"space-{first + r * cols + c}" for c in range(cols)] for r in range(rows)]


def _grid_relations(
    cells: list[list[str]],
) -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """4-neighbours (edges) and diagonal neighbours (corners) of a grid of cells."""
    rows, cols = len(cells), len(cells[0])
    edge, diag = [], []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                edge.append((cells[r][c], cells[r][c + 1]))
            if r + 1 < rows:
                edge.append((cells[r][c], cells[r + 1][c]))
                if c + 1 < cols:
                    diag.append((cells[r][c], cells[r + 1][c + 1]))
                if c > 0:
                    diag.append((cells[r][c], cells[r + 1][c - 1]))
    ids = [s for row in cells for s in row]
    return symmetric_pairs(edge, ids), symmetric_pairs(diag, ids)


class _Grid(NamedTuple):
    """A rows x cols grid of square spaces: what every grid game's field starts from."""

    cells: list[list[str]]  # space ids by row and column
    spaces: tuple[str, ...]  # row by row
    adjacent: dict[str, frozenset[str]]  # sharing an edge
    corner: dict[str, frozenset[str]]  # touching at a corner only
    attrs: dict[str, dict[str, int]]  # space -> {"row", "col"}


def _grid(rows: int, cols: int) -> _Grid:
    cells = grid_cells(rows, cols)
    adjacent, corner = _grid_relations(cells)
    attrs = {cells[r][c]: {"row": r, "col": c} for r in range(rows) for c in range(cols)}
    spaces = tuple(s for row in cells for s in row)
    return _Grid(cells, spaces, adjacent, corner, attrs)


def synch_field(n: int = 10) -> Field:
    """Move In Synch: an n x n grid."""
    g = _grid(n, n)
    return Field(
        "synch", f"SYNTH-SYNCH-N{n}", g.spaces, g.adjacent, g.corner, {}, g.attrs, {"n": n}
    )


def klee_field(n: int = 12, track: int = 44, lengths: Sequence[int] = (3, 3, 3, 4, 4, 4)) -> Field:
    """Klee: an n x n grid, six sequence areas per player (the middle four standard) and a
    scoring track of ``track`` boxes per player."""
    g = _grid(n, n)
    areas = {
        str(p): [
            [f"mark-seq-p{p}-a{a + 1}-c{k + 1}" for k in range(ln)] for a, ln in enumerate(lengths)
        ]
        for p in (1, 2)
    }
    data = {
        "sequence_areas": areas,
        "standard_areas": [1, 2, 3, 4],
        "area_lengths": list(lengths),
        "track": {str(p): [f"track-p{p}-{k + 1}" for k in range(track)] for p in (1, 2)},
    }
    return Field("klee", f"SYNTH-KLEE-N{n}", g.spaces, g.adjacent, g.corner, {}, g.attrs, data)


def delaunay_field(sec_rows: int = 4, sec_cols: int = 5, grid: int = 3) -> Field:
    """Delaunay: a grid of ``grid`` x ``grid`` sections, each ``sec_rows`` x ``sec_cols``
    squares; adjacency crosses section borders."""
    rows, cols = sec_rows * grid, sec_cols * grid
    squares = _grid(rows, cols)
    groups: dict[str, list[str]] = {}
    for r in range(rows):
        for c in range(cols):
            g = f"section-{(r // sec_rows) * grid + c // sec_cols + 1}"
            groups.setdefault(g, []).append(squares.cells[r][c])
    gid = f"SYNTH-DELAUNAY-{grid}x{sec_rows}x{sec_cols}"
    return Field(
        "delaunay",
        gid,
        squares.spaces,
        squares.adjacent,
        squares.corner,
        {g: tuple(m) for g, m in groups.items()},
        {},
        {"penalty_rows": 3},
    )


def springer_field(rows: int = 9, cols: int = 12, seed: int = 0) -> Field:
    """Springer: a grid of squares (every inner grid point is shared by four spaces, so chains
    connect through corners) with five triangles numbered 1-5 on each edge, each touching a run
    of border squares."""
    rng = random.Random(seed)
    g = _grid(rows, cols)
    cells = g.cells
    triangles: dict[str, dict[str, object]] = {}
    borders = {
        "top": [cells[0][c] for c in range(cols)],
        "bottom": [cells[rows - 1][c] for c in range(cols)],
        "left": [cells[r][0] for r in range(rows)],
        "right": [cells[r][cols - 1] for r in range(rows)],
    }
    for edge, border in borders.items():
        numbers = [1, 2, 3, 4, 5]
        rng.shuffle(numbers)
        for k in range(5):
            lo = k * len(border) // 5
            hi = max(lo + 1, (k + 1) * len(border) // 5)
            triangles[f"triangle-{edge}-{k + 1}"] = {
                "edge": edge,
                "number": numbers[k],
                "spaces": border[lo:hi],
            }
    return Field(
        "springer",
        f"SYNTH-SPRINGER-{rows}x{cols}-S{seed}",
        g.spaces,
        g.adjacent,
        g.corner,
        {},
        g.attrs,
        {"triangles": triangles},
    )


# --- Vasarely ------------------------------------------------------------------------------


def vasarely_field(seed: int = 0, cubes: int = 10, low: int = 7, high: int = 12) -> Field:
    """Vasarely: ``cubes`` groups of ``low``..``high`` spaces with 1-5 dots (each dot count
    present at least once per cube, as on a real sheet)."""
    rng = random.Random(seed)
    spaces: list[str] = []
    groups: dict[str, tuple[str, ...]] = {}
    attrs: dict[str, dict[str, int]] = {}
    for k in range(1, cubes + 1):
        size = rng.randint(low, high)
        dots = [1, 2, 3, 4, 5] + [rng.randint(1, 5) for _ in range(size - 5)]
        rng.shuffle(dots)
        members = []
        for d in dots:
            sid = f"space-{len(spaces) + 1}"
            spaces.append(sid)
            members.append(sid)
            attrs[sid] = {"dots": d}
        groups[f"cube-{k}"] = tuple(members)
    data = {"completion_marks": {g: f"mark-cube-{g.split('-')[1]}" for g in groups}}
    ids = tuple(spaces)
    empty = {s: frozenset() for s in ids}
    return Field("vasarely", f"SYNTH-VASARELY-S{seed}", ids, empty, empty, groups, attrs, data)


# --- Mondrian ------------------------------------------------------------------------------


def mondrian_field(seed: int = 0, count: int = 99, width: int = 180, height: int = 240) -> Field:
    """Mondrian: a ``width`` x ``height`` mm rectangle dissected into ``count`` rectangles by
    recursive guillotine cuts and some non-guillotine pinwheels (four rectangles around a
    fifth), so not every rectangle union is reachable by straight cuts."""
    rng = random.Random(seed)
    rects: list[tuple[int, int, int, int]] = [(0, 0, width, height)]
    while len(rects) < count:
        rects.sort(key=lambda r: (r[2] - r[0]) * (r[3] - r[1]))
        x0, y0, x1, y1 = rects.pop()
        w, h = x1 - x0, y1 - y0
        if count - len(rects) >= 5 and w >= 24 and h >= 24 and rng.random() < 0.25:
            a, b = x0 + rng.randint(6, w // 2 - 4), x1 - rng.randint(6, w // 2 - 4)
            c, d = y0 + rng.randint(6, h // 2 - 4), y1 - rng.randint(6, h // 2 - 4)
            rects += [(x0, y0, b, c), (b, y0, x1, d), (a, d, x1, y1), (x0, c, a, y1), (a, c, b, d)]
        elif w >= h:
            cut = x0 + rng.randint(max(3, w // 4), max(3, w - max(3, w // 4)))
            rects += [(x0, y0, cut, y1), (cut, y0, x1, y1)]
        else:
            cut = y0 + rng.randint(max(3, h // 4), max(3, h - max(3, h // 4)))
            rects += [(x0, y0, x1, cut), (x0, cut, x1, y1)]
    rects.sort(key=lambda r: (r[1], r[0]))
    return rect_field("mondrian", f"SYNTH-MONDRIAN-S{seed}", rects)


def rect_field(
    game: str, field_id: str, rects: Sequence[tuple[float, float, float, float]]
) -> Field:
    """A field of axis-aligned rectangles: ``adjacent`` where they share a boundary of positive
    length, ``corner`` where they touch at a point only."""
    ids = [f"space-{k + 1}" for k in range(len(rects))]
    adj, cor = [], []
    for i, a in enumerate(rects):
        for j in range(i + 1, len(rects)):
            b = rects[j]
            ox = min(a[2], b[2]) - max(a[0], b[0])
            oy = min(a[3], b[3]) - max(a[1], b[1])
            if ox < 0 or oy < 0:
                continue
            if (ox > 0 and oy == 0) or (oy > 0 and ox == 0):
                adj.append((ids[i], ids[j]))
            elif ox == 0 and oy == 0:
                cor.append((ids[i], ids[j]))
    attrs = {ids[k]: {"rect": [float(v) for v in rects[k]]} for k in range(len(rects))}
    return Field(
        game, field_id, tuple(ids), symmetric_pairs(adj, ids), symmetric_pairs(cor, ids), {}, attrs
    )


# --- planar graphs (Miro, Arp) -------------------------------------------------------------


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _seg_intersection(p: Point, q: Point, r: Point, s: Point) -> tuple[float, float] | None:
    """Parameters (t, u) of the proper crossing of segments pq and rs, or None."""
    dx1, dy1 = q[0] - p[0], q[1] - p[1]
    dx2, dy2 = s[0] - r[0], s[1] - r[1]
    den = dx1 * dy2 - dy1 * dx2
    if den == 0:
        return None
    t = ((r[0] - p[0]) * dy2 - (r[1] - p[1]) * dx2) / den
    u = ((r[0] - p[0]) * dy1 - (r[1] - p[1]) * dx1) / den
    if 0 < t < 1 and 0 < u < 1:
        return t, u
    return None


def planar_faces(
    coords: dict[str, Point], edges: Sequence[tuple[str, str, str, Sequence[Point]]]
) -> list[list[str]]:
    """Bounded faces of a connected plane graph, each as the list of edge ids around it.

    ``edges`` are (edge id, from vertex, to vertex, polyline from the first vertex's point to
    the second's). Faces are traced keeping the face on the left; a bounded face has positive
    signed area. A dangling edge appears in the one face around it.
    """
    out: dict[str, list[tuple[float, tuple[int, bool]]]] = {v: [] for v in coords}
    polys: list[Sequence[Point]] = []
    for k, (_eid, u, v, poly) in enumerate(edges):
        polys.append(poly)
        a0 = math.atan2(poly[1][1] - poly[0][1], poly[1][0] - poly[0][0])
        a1 = math.atan2(poly[-2][1] - poly[-1][1], poly[-2][0] - poly[-1][0])
        out[u].append((a0, (k, True)))
        out[v].append((a1, (k, False)))
    ring = {v: [h for _a, h in sorted(hs)] for v, hs in out.items()}
    pos = {h: (v, i) for v, hs in ring.items() for i, h in enumerate(hs)}
    seen: set[tuple[int, bool]] = set()
    faces = []
    for start in sorted(pos):
        if start in seen:
            continue
        cycle = []
        h = start
        while h not in seen:
            seen.add(h)
            cycle.append(h)
            k, fwd = h
            twin = (k, not fwd)
            v, i = pos[twin]
            hs = ring[v]
            h = hs[i - 1]
        pts: list[Point] = []
        for k, fwd in cycle:
            pts.extend(polys[k] if fwd else list(reversed(polys[k])))
        area = sum(pts[i][0] * pts[i - 1][1] - pts[i - 1][0] * pts[i][1] for i in range(len(pts)))
        if area < -1e-12:  # shoelace over (i-1, i) pairs gives minus twice the area
            faces.append(cycle)
    result = []
    for cycle in faces:
        ids: list[str] = []
        for k, _fwd in cycle:
            if edges[k][0] not in ids:
                ids.append(edges[k][0])
        result.append(ids)
    return result


def _face_spaces(
    faces: list[list[str]], seg_ids: Sequence[str]
) -> tuple[tuple[str, ...], dict[str, list[str]], dict[str, list[str]]]:
    """Number the faces of :func:`planar_faces` as spaces (``space-<n>``, ordered by their
    lowest segment number) and map each space to its boundary segments (by number) and each
    of ``seg_ids`` to the spaces it bounds (Miro's and Arp's ``space_segments`` and
    ``segment_spaces``)."""
    faces = sorted(faces, key=lambda f: min(int(s.split("-")[1]) for s in f))
    spaces = tuple(f"space-{k + 1}" for k in range(len(faces)))
    space_segments = {
        spaces[k]: sorted(f, key=lambda s: int(s.split("-")[1])) for k, f in enumerate(faces)
    }
    segment_spaces: dict[str, list[str]] = {s: [] for s in seg_ids}
    for sp, segs in space_segments.items():
        for s in segs:
            segment_spaces[s].append(sp)
    return spaces, space_segments, segment_spaces


def miro_curve_field(points: Sequence[Point], field_id: str = "SYNTH-MIRO") -> Field:
    """Miro's topology from a closed polyline in general position (vertices in order, the
    last joined back to the first). Segments are the stretches of curve between crossings."""
    n = len(points)
    events: list[list[tuple[float, str]]] = [[] for _ in range(n)]
    coords: dict[str, Point] = {}
    for i in range(n):
        p, q = points[i], points[(i + 1) % n]
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            r, s = points[j], points[(j + 1) % n]
            if max(p[0], q[0]) < min(r[0], s[0]) or max(r[0], s[0]) < min(p[0], q[0]):
                continue
            if max(p[1], q[1]) < min(r[1], s[1]) or max(r[1], s[1]) < min(p[1], q[1]):
                continue
            hit = _seg_intersection(p, q, r, s)
            if hit is None:
                continue
            vid = f"x{len(coords)}"
            coords[vid] = (p[0] + hit[0] * (q[0] - p[0]), p[1] + hit[0] * (q[1] - p[1]))
            events[i].append((hit[0], vid))
            events[j].append((hit[1], vid))
    walk: list[tuple[int, float, str]] = []
    for i in range(n):
        walk += [(i, t, v) for t, v in sorted(events[i])]
    if len(walk) < 2:
        raise ValueError("the curve must cross itself")
    raw_edges = []
    for k in range(len(walk)):
        i0, _t0, v0 = walk[k]
        i1, _t1, v1 = walk[(k + 1) % len(walk)]
        inter: list[Point] = []
        if not (i1 == i0 and k + 1 < len(walk)):
            j = i0
            while True:
                j = (j + 1) % n
                inter.append(points[j])
                if j == i1:
                    break
        raw_edges.append((f"segment-{k + 1}", v0, v1, [coords[v0], *inter, coords[v1]]))
    seg_ids = [e[0] for e in raw_edges]
    spaces, space_segments, segment_spaces = _face_spaces(planar_faces(coords, raw_edges), seg_ids)
    data = {
        "segments": seg_ids,
        "segment_spaces": segment_spaces,
        "space_segments": space_segments,
        "capture_marks": {sp: f"mark-capture-{sp.split('-')[1]}" for sp in spaces},
    }
    adj = _shared_boundary(space_segments, spaces)
    empty = {s: frozenset() for s in spaces}
    return Field("miro", field_id, spaces, adj, empty, {}, {}, data)


def _shared_boundary(
    space_segments: dict[str, list[str]], spaces: Sequence[str]
) -> dict[str, frozenset[str]]:
    by_seg: dict[str, list[str]] = {}
    for sp, segs in space_segments.items():
        for s in segs:
            by_seg.setdefault(s, []).append(sp)
    pairs = [(a, b) for group in by_seg.values() for a in group for b in group if a < b]
    return symmetric_pairs(pairs, spaces)


def miro_field(a: int = 7, b: int = 9, samples: int = 700, seed: int = 0) -> Field:
    """Miro on a Lissajous-like closed curve x = sin(a t + phase), y = sin(b t), slightly
    jittered into general position: 2ab - a - b crossings (a=7, b=9: 110 crossings, 111
    spaces, 220 segments - the size of the real sheet)."""
    rng = random.Random(seed)
    pts = []
    for k in range(samples):
        t = 2 * math.pi * k / samples
        pts.append(
            (
                100 * math.sin(a * t + 0.3) + rng.uniform(-1e-3, 1e-3),
                100 * math.sin(b * t) + rng.uniform(-1e-3, 1e-3),
            )
        )
    return miro_curve_field(pts, f"SYNTH-MIRO-L{a}x{b}")


def arp_lines_field(lines: Sequence[tuple[Point, Point]], field_id: str = "SYNTH-ARP") -> Field:
    """Arp's topology from straight line segments in general position (their union must be
    connected). Vertices are line ends (``v-<n>``) and crossings; pieces join consecutive
    vertices along a line; spaces are the bounded faces."""
    coords: dict[str, Point] = {}
    on_line: list[list[tuple[float, str]]] = [[] for _ in lines]
    for i, (p, q) in enumerate(lines):
        for j in range(i + 1, len(lines)):
            r, s = lines[j]
            hit = _seg_intersection(p, q, r, s)
            if hit is None:
                continue
            vid = f"x{i}-{j}"
            coords[vid] = (p[0] + hit[0] * (q[0] - p[0]), p[1] + hit[0] * (q[1] - p[1]))
            on_line[i].append((hit[0], vid))
            on_line[j].append((hit[1], vid))
    names: dict[str, str] = {}

    def vname(v: str) -> str:
        if v not in names:
            names[v] = f"v-{len(names) + 1}"
        return names[v]

    line_vertices: dict[str, list[str]] = {}
    pieces: dict[str, list[str]] = {}
    edges = []
    all_coords: dict[str, Point] = {}
    for i, (p, q) in enumerate(lines):
        lid = f"line-{i + 1}"
        start, end = f"e{i}a", f"e{i}b"
        all_coords[start], all_coords[end] = p, q
        seq = [start] + [v for _t, v in sorted(on_line[i])] + [end]
        line_vertices[lid] = [vname(v) for v in seq]
        pieces[lid] = []
        for k in range(len(seq) - 1):
            pid = f"segment-{len(edges) + 1}"
            pieces[lid].append(pid)
            a = all_coords.get(seq[k], coords.get(seq[k]))
            b = all_coords.get(seq[k + 1], coords.get(seq[k + 1]))
            assert a is not None and b is not None
            edges.append((pid, seq[k], seq[k + 1], [a, b]))
    all_coords.update(coords)
    faces = planar_faces(all_coords, edges)
    spaces, space_segments, segment_spaces = _face_spaces(faces, [e[0] for e in edges])
    data = {
        "lines": line_vertices,
        "pieces": pieces,
        "segment_spaces": segment_spaces,
        "space_segments": space_segments,
    }
    adj = _shared_boundary(space_segments, spaces)
    empty = {s: frozenset() for s in spaces}
    return Field("arp", field_id, spaces, adj, empty, {}, {}, data)


def arp_field(seed: int = 0, lines: int = 25, size: float = 200.0) -> Field:
    """Arp on ``lines`` random segments, each crossing the ones drawn before it (so the
    arrangement is connected); about as many spaces as the real sheet's 55 for 25 lines."""
    rng = random.Random(seed)
    segs: list[tuple[Point, Point]] = []
    while len(segs) < lines:
        cx, cy = rng.uniform(0, size), rng.uniform(0, size)
        ang = rng.uniform(0, math.pi)
        half = rng.uniform(0.2, 0.45) * size
        dx, dy = half * math.cos(ang), half * math.sin(ang)
        cand = ((cx - dx, cy - dy), (cx + dx, cy + dy))
        if segs and not any(_seg_intersection(cand[0], cand[1], r, s) for r, s in segs):
            continue
        segs.append(cand)
    return arp_lines_field(segs, f"SYNTH-ARP-S{seed}L{lines}")


# --- Crossing The Rings --------------------------------------------------------------------


def rings_field(
    seed: int = 0, circles: int = 6, rounds: int = 2, cap: int = 16, spacing: float = 14.0
) -> Field:
    """Crossing The Rings: per round a target of ``circles`` concentric circles; ring m is cut
    into m..min(2^m, cap) sections by radial dividers at random angles (the generator plays
    the divider)."""
    rng = random.Random(seed)
    spaces: list[str] = []
    groups: dict[str, tuple[str, ...]] = {}
    attrs: dict[str, dict[str, float | int]] = {}
    rounds_data = []
    radii = [spacing * (k + 1) for k in range(circles)]
    for r in range(1, rounds + 1):
        dividers: dict[str, list[float]] = {}
        members = []
        for m in range(1, circles):
            count = rng.randint(m, max(m, min(2**m, cap)))
            angles = sorted(round(rng.uniform(0, 360), 3) for _ in range(count))
            angles = sorted(set(angles))
            dividers[str(m)] = angles
            for k, a0 in enumerate(angles):
                a1 = angles[k + 1] if k + 1 < len(angles) else angles[0] + 360
                sid = f"space-{len(spaces) + 1}"
                spaces.append(sid)
                members.append(sid)
                attrs[sid] = {"round": r, "ring": m, "a0": a0, "a1": a1}
        groups[f"round-{r}"] = tuple(members)
        rounds_data.append({"center": [100.0, 100.0], "radii": radii, "dividers": dividers})
    ids = tuple(spaces)
    empty = {s: frozenset() for s in ids}
    return Field(
        "rings",
        f"SYNTH-RINGS-S{seed}N{circles}R{rounds}C{cap}",
        ids,
        empty,
        empty,
        groups,
        attrs,
        {"rounds": rounds_data},
    )
