"""Arp (Sid Sackson): straight lines crossing each other; players colour whole stretches of
line and capture the spaces whose surroundings they complete.

The field (``docs/fields/arp.md``): three families of strokes 60 degrees apart, evenly spaced
with a little play, each line a chord of an ellipse larger than the figure will be (so every
end starts outside); the third family is shifted to pass as far as possible from the
crossings of the other two (no near-triple points, no tiny spaces). For a connected figure
whose line ends all lie outside the spaces, the number of spaces is fixed by the counts alone:
S = X - L + 1 for L lines and X crossings. So lines are then cut back, from the outside in,
past their outermost crossings (each cut opens one or a few spaces to the outside; a cut is
kept only if no end lands inside a space, every line keeps two crossings and the figure stays
connected) until exactly S spaces remain; last, every line is trimmed to stick out a few
millimetres past its outermost crossings. A field that fails any check is re-drawn from the
next sub-seed, never emitted.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import shapely
from shapely.geometry import LineString, Point, Polygon

from artsheets.generator.games.arp_free import free_lines
from artsheets.generator.games.miro import (
    FIELD_H,
    FIELD_W,
    _topology_data,
    field_origin,
    score_areas,
)
from artsheets.generator.layout import Layout, q
from artsheets.generator.registry import FieldBuilder, GameSpec, SheetOption
from artsheets.generator.rng import Rng
from artsheets.generator.sheet import LINE_GREY, Sheet, Style
from artsheets.generator.templates import load_template
from artsheets.generator.topology import polygon_neighbours
from artsheets.generator.validation import Check, check_min_area, check_min_length, first_valid
from artsheets.rules.field import Field

__all__ = [
    "GAME",
    "ArpGeometry",
    "build_random",
    "build_random_v2",
    "build_standard",
    "build_standard_v2",
    "default_spaces",
    "draw",
    "free_space_range",
    "freeze_standard",
    "make_free_geometry",
    "make_geometry",
    "random_geometry",
    "space_range",
    "validate_geometry",
    "validate_layout",
]

Pt = tuple[float, float]

DEFAULT_LINES = 25
DEFAULT_SPACES = 55

MIN_ANGLE_DEG = 22.0  # two lines cross at least this steeply
MIN_PIECE = 4.0  # every stretch between two vertices of a line (traceable)
END_MIN, END_MAX = 4.3, 8.0  # how far a line sticks out past its outermost crossing
SEPARATION = 3.0  # lines that do not cross stay this far apart; ends this far from other lines
NEAR_TRIPLE = 2.5  # a crossing stays this far from every third line
MIN_AREA = 20.0  # mm2, every space (a triangle of 7 mm a side)
MIN_WIDTH = 4.0  # every space holds a disc this wide
PAD = 12.0  # the lines are chords of an ellipse this far inside the frame, scaled by SPREAD
SPREAD = 1.3  # larger than the frame: cutting back leaves a figure that fits
KEEP_CROSSINGS = 2  # cutting a line back never leaves it (or the line it crossed) with fewer
# Play in the families (0 = exact: any turn spoils the third family's clearance of the
# crossings of the other two, and tiny spaces appear). Kept as draws of field version 1.
FAMILY_TURN = 0.0  # degrees a family may turn from the regular 60 degree star
FAMILY_WIDTH = 1.0  # share of the ellipse's width a family spans
OFFSET_PLAY = 0.05  # share of the even spacing a line of the first two families may shift
FAMILY_PLAY = 0.0  # degrees a line may turn from its family's direction
LINE_WIDTH = 0.35
SEGMENT_BAND = 2.0
_SIN_MIN = math.sin(math.radians(MIN_ANGLE_DEG))


def space_range(lines: int) -> tuple[int, int]:
    """The spaces a field of ``lines`` lines may have (found by trying: outside this range the
    three families of lines cannot be cut back to the count with every rule kept)."""
    lo = lines // 2 if lines <= 13 else lines
    hi = 2 * lines - 4 if lines < 20 else 3 * lines
    return lo, hi


# Version 2 keeps every crossing of its chords, which crowd as they grow: measured with 32
# lines, 100 crossings took 13-33 draws (4-12 s), 111 none in 60. So it draws at most this
# many crossings (S + L - 1); 25 lines reach 75 spaces as in version 1 (6-12 draws).
FREE_MAX_CROSSINGS = 100


def free_space_range(lines: int) -> tuple[int, int]:
    """The spaces a version-2 field of ``lines`` lines may have."""
    lo, hi = space_range(lines)
    return lo, min(hi, FREE_MAX_CROSSINGS - lines + 1)


def default_spaces(opts: Mapping[str, int]) -> int:
    """55 spaces for 25 lines, in proportion for other line counts."""
    lines = opts["lines"]
    lo, hi = space_range(lines)
    return min(hi, max(lo, round(DEFAULT_SPACES * lines / DEFAULT_LINES)))


def check_options(opts: Mapping[str, int]) -> None:
    lo, hi = space_range(opts["lines"])
    if not lo <= opts["spaces"] <= hi:
        raise ValueError(
            f"--spaces {opts['spaces']} is impossible with --lines {opts['lines']}: "
            f"{opts['lines']} lines make from {lo} to {hi} spaces"
        )


# --- geometry ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ArpGeometry:
    """The lines in the field's own frame (x right, y down, 0..width x 0..height mm), each as
    its two end points on the 0.01 mm grid."""

    width: float
    height: float
    lines: tuple[tuple[Pt, Pt], ...]

    def to_data(self) -> dict[str, Any]:
        return {
            "format": "artsheets.arp-field/1",
            "width": self.width,
            "height": self.height,
            "lines": [[list(a), list(b)] for a, b in self.lines],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ArpGeometry:
        return cls(
            q(data["width"]),
            q(data["height"]),
            tuple(((q(a[0]), q(a[1])), (q(b[0]), q(b[1]))) for a, b in data["lines"]),
        )


def _cross(ax: float, ay: float, bx: float, by: float) -> float:
    return ax * by - ay * bx


def _hit(a: Pt, b: Pt, c: Pt, d: Pt) -> tuple[float, float] | None:
    """Parameters (s, t) where segment ab meets segment cd (0 <= s, t <= 1), or None."""
    rx, ry = b[0] - a[0], b[1] - a[1]
    sx, sy = d[0] - c[0], d[1] - c[1]
    den = _cross(rx, ry, sx, sy)
    if den == 0:
        return None
    wx, wy = c[0] - a[0], c[1] - a[1]
    s = _cross(wx, wy, sx, sy) / den
    t = _cross(wx, wy, rx, ry) / den
    if 0 <= s <= 1 and 0 <= t <= 1:
        return s, t
    return None


def _lerp(a: Pt, b: Pt, t: float) -> Pt:
    return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))


def _point_seg(p: Pt, a: Pt, b: Pt) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _seg_seg(a: Pt, b: Pt, c: Pt, d: Pt) -> float:
    """Distance between two segments that do not cross."""
    return min(_point_seg(a, c, d), _point_seg(b, c, d), _point_seg(c, a, b), _point_seg(d, a, b))


def _sin_angle(a: Pt, b: Pt, c: Pt, d: Pt) -> float:
    ux, uy = b[0] - a[0], b[1] - a[1]
    vx, vy = d[0] - c[0], d[1] - c[1]
    return abs(_cross(ux, uy, vx, vy)) / (math.hypot(ux, uy) * math.hypot(vx, vy))


def _ellipse_chord(n: Pt, rho: float, ca: float, cb: float, c: Pt) -> tuple[Pt, Pt] | None:
    """The chord that the line n . (p - c) = rho cuts from the ellipse of semi-axes ca, cb."""
    d = (-n[1], n[0])
    px, py = n[0] * rho, n[1] * rho
    qa = d[0] * d[0] / (ca * ca) + d[1] * d[1] / (cb * cb)
    qb = 2 * (px * d[0] / (ca * ca) + py * d[1] / (cb * cb))
    qc = px * px / (ca * ca) + py * py / (cb * cb) - 1
    disc = qb * qb - 4 * qa * qc
    if disc <= 0:
        return None
    r = math.sqrt(disc)
    t0, t1 = (-qb - r) / (2 * qa), (-qb + r) / (2 * qa)
    return (
        (c[0] + px + t0 * d[0], c[1] + py + t0 * d[1]),
        (c[0] + px + t1 * d[0], c[1] + py + t1 * d[1]),
    )


class _Arrangement:
    """Chords of an ellipse, each cut back to a parameter interval [u0, u1] of itself."""

    def __init__(self) -> None:
        self.chords: list[tuple[Pt, Pt]] = []
        self.u: list[list[float]] = []

    def segment(self, i: int) -> tuple[Pt, Pt]:
        a, b = self.chords[i]
        return _lerp(a, b, self.u[i][0]), _lerp(a, b, self.u[i][1])

    def crossings(self) -> list[tuple[int, int, float, float, Pt]]:
        """(i, j, s on i, t on j, point) for every crossing of the current segments."""
        out = []
        for i in range(len(self.chords)):
            a, b = self.chords[i]
            for j in range(i + 1, len(self.chords)):
                c, d = self.chords[j]
                st = _hit(a, b, c, d)
                if st is None:
                    continue
                s, t = st
                if self.u[i][0] <= s <= self.u[i][1] and self.u[j][0] <= t <= self.u[j][1]:
                    out.append((i, j, s, t, _lerp(a, b, s)))
        return out


def _faces(lines: Sequence[tuple[Pt, Pt]]) -> list[Polygon]:
    """The bounded faces of the (noded) segments."""
    noded = shapely.union_all([LineString(seg) for seg in lines])
    return [Polygon(p.exterior) for p in shapely.polygonize(shapely.get_parts(noded)).geoms]


def _qp(p: Pt) -> Pt:
    return (q(p[0]), q(p[1]))


def make_geometry(rng: Rng, opts: Mapping[str, int]) -> ArpGeometry:
    """One candidate field (maybe invalid: :func:`validate_geometry` decides).

    Three families of strokes, 60 degrees apart give or take a few, each line turned a little
    from its family's direction and shifted from an even spacing; every line is a chord of an
    ellipse inside the field, so every end lies outside. The first two families are spread
    evenly with some play; each line of the third is put where it passes farthest from the
    crossings of the first two (no near-triple points: where three lines would nearly meet,
    tiny spaces would appear). Then, while there are more than S spaces, a line is cut back
    past its outermost crossings where the stretch cut away borders the outside (spaces open
    to the outside one or a few at a time), and last every line is trimmed to stick out a few
    mm past its outermost crossings."""
    n_lines = opts.get("lines", DEFAULT_LINES)
    spaces = opts.get("spaces", DEFAULT_SPACES)
    w, h = FIELD_W, FIELD_H
    fail = ArpGeometry(w, h, ())
    centre = (w / 2, h / 2)
    ca, cb = SPREAD * (w / 2 - PAD), SPREAD * (h / 2 - PAD)
    base = rng.uniform(0.0, 60.0)
    members = [n_lines // 3 + (1 if k < n_lines % 3 else 0) for k in range(3)]
    arr = _Arrangement()
    for fam in range(3):
        fam_dir = base + 60.0 * fam + rng.uniform(-FAMILY_TURN, FAMILY_TURN)
        count = members[fam]
        lines = []
        for k in range(count):
            theta = math.radians(fam_dir + rng.uniform(-FAMILY_PLAY, FAMILY_PLAY))
            n = (round(math.cos(theta), 6), round(math.sin(theta), 6))
            gap = 2 * FAMILY_WIDTH * min(ca, cb) / max(members)
            spot = (k + 0.5 - count / 2) * gap
            if fam < 2:
                rho = spot + rng.uniform(-OFFSET_PLAY, OFFSET_PLAY) * gap
            else:
                if k == 0:
                    # one phase for the whole family: the one farthest from the crossings of
                    # the first two families (where three lines nearly meet, tiny spaces form)
                    proj = [
                        n[0] * (x - centre[0]) + n[1] * (y - centre[1])
                        for *_, (x, y) in arr.crossings()
                    ]
                    best = None
                    for m in range(40):
                        shift = (m / 40 - 0.5) * gap
                        clear = min(
                            (
                                abs(pr - r)
                                for j in range(count)
                                for r in [(j + 0.5 - count / 2) * gap + shift]
                                for pr in proj
                            ),
                            default=gap,
                        )
                        if best is None or clear > best[0] + 1e-9:
                            best = (clear, shift)
                    phase = best[1]
                rho = spot + phase
            chord = _ellipse_chord(n, rho, ca, cb, centre)
            if chord is not None and math.dist(*chord) > 4 * END_MAX:
                lines.append((_qp(chord[0]), _qp(chord[1])))
        if any(_hit(*x, *y) is not None for x, y in itertools.combinations(lines, 2)):
            return fail  # two lines of one family would cross at a shallow angle
        for full in lines:
            arr.chords.append(full)
            arr.u.append([0.0, 1.0])
    if len(arr.chords) != n_lines:
        return fail
    return _settle(rng, arr, spaces, w, h) or fail


def _cuts(
    arr: _Arrangement, cross: list[tuple[int, int, float, float, Pt]], most: int = 3
) -> list[tuple[int, int, int, float]]:
    """Every way to cut a line back past its 1-3 outermost crossings at one end, leaving room
    for an end that keeps clear of the lines no longer crossed: (line, end, crossings, new u).
    Every line keeps at least one crossing."""
    on: list[list[tuple[float, int, float]]] = [[] for _ in arr.chords]
    for i, j, s, t, _ in cross:
        on[i].append((s, j, t))
        on[j].append((t, i, s))
    for x in on:
        x.sort()

    def roomy(k: int, t: float, other: int) -> bool:
        ts = [x[0] for x in on[k]]
        if len(ts) < KEEP_CROSSINGS + 1:
            return False
        if ts[0] < t < ts[-1]:
            return True
        nxt = ts[1] if t == ts[0] else ts[-2]
        sin = _sin_angle(*arr.chords[k], *arr.chords[other])
        need = max(END_MIN, (SEPARATION + 0.3) / max(sin, 0.1)) + 0.3
        return abs(t - nxt) * math.dist(*arr.chords[k]) >= need

    out = []
    for i in range(len(arr.chords)):
        for end in (0, 1):
            order = on[i] if end == 0 else on[i][::-1]
            partners_ok = True
            for m in range(1, min(most + 1, len(order) - KEEP_CROSSINGS + 1)):
                kept, last = order[m], order[m - 1]
                partners_ok = partners_ok and roomy(last[1], last[2], i)
                if not partners_ok:
                    break
                sin = _sin_angle(*arr.chords[i], *arr.chords[last[1]])
                need = max(END_MIN, (SEPARATION + 0.3) / max(sin, 0.1)) + 0.3
                if abs(kept[0] - last[0]) * math.dist(*arr.chords[i]) >= need:
                    out.append((i, end, m, (kept[0] + last[0]) / 2))
    return out


def _opening(
    arr: _Arrangement,
    cuts: list[tuple[int, int, int, float]],
    faces: list[Polygon],
    cross: list[tuple[int, int, float, float, Pt]],
) -> list[tuple[int, int, int, float]]:
    """The cuts that can open spaces to the outside: one of the stretches cut away (or the
    one cut in two) borders the outside on one side."""
    if not faces:
        return cuts
    union = shapely.coverage_union_all(faces)
    shapely.prepare(union)
    on: list[list[float]] = [[] for _ in arr.chords]
    for i, j, s, t, _ in cross:
        on[i].append(s)
        on[j].append(t)
    # Per line and end: for each stretch between crossings (outermost first), whether it
    # borders the outside; a cut past m crossings opens if any of its first m stretches does.
    opens: dict[tuple[int, int], list[bool]] = {}
    for i, end in sorted({(c[0], c[1]) for c in cuts}):
        a, b = arr.chords[i]
        ts = sorted(on[i]) if end == 0 else sorted(on[i])[::-1]
        ux, uy = _unit2(b[0] - a[0], b[1] - a[1])
        mids = [_lerp(a, b, (x + y) / 2) for x, y in itertools.pairwise(ts)]
        xs = [m[0] - uy * 0.4 for m in mids] + [m[0] + uy * 0.4 for m in mids]
        ys = [m[1] + ux * 0.4 for m in mids] + [m[1] - ux * 0.4 for m in mids]
        inside = shapely.contains_xy(union, xs, ys).tolist()
        half = len(mids)
        flags = [not (inside[k] and inside[half + k]) for k in range(half)]
        opens[(i, end)] = list(itertools.accumulate(flags, lambda x, y: x or y))
    return [c for c in cuts if opens[(c[0], c[1])][c[2] - 1]]


def _end_length(arr: _Arrangement, i: int, partner: int) -> float:
    """The shortest end line i may have past its crossing with ``partner``: END_MIN, more at a
    shallow crossing so the tip keeps clear of the line it crossed."""
    sin = _sin_angle(*arr.chords[i], *arr.chords[partner])
    return max(END_MIN, (SEPARATION + 0.3) / max(sin, 0.1))


def _end_fits(
    arr: _Arrangement, cross: list[tuple[int, int, float, float, Pt]], i: int, end: int
) -> bool:
    """Whether line i can stick out END_MIN past its outermost crossing at ``end`` without
    meeting or nearing another line."""
    ts = [(s, j) for a, j, s, _, _ in cross if a == i] + [
        (t, a) for a, b, _, t, _ in cross if b == i
    ]
    if not ts:
        return False
    s, partner = min(ts) if end == 0 else max(ts)
    a, b = arr.chords[i]
    sign = -1 if end == 0 else 1
    length = math.dist(a, b)
    e = _end_length(arr, i, partner)
    base = _lerp(a, b, s + sign * 0.3 / length)
    tip = _lerp(a, b, s + sign * e / length)
    spans: list[list[float]] = [[] for _ in arr.chords]
    for a2, b2, s2, t2, _ in cross:
        spans[a2].append(s2)
        spans[b2].append(t2)
    for k in range(len(arr.chords)):
        if k == i or not spans[k]:
            continue
        c, d = arr.chords[k]
        reach = END_MAX / math.dist(c, d)
        lo = max(arr.u[k][0], min(spans[k]) - reach)
        hi = min(arr.u[k][1], max(spans[k]) + reach)
        seg = (_lerp(c, d, lo), _lerp(c, d, hi))
        if _hit(base, tip, *seg) is not None or _point_seg(tip, *seg) < SEPARATION + 0.3:
            return False
    return True


def _ends_inside(arr: _Arrangement, faces: list[Polygon]) -> list[tuple[int, int]]:
    if not faces:
        return []
    union = shapely.coverage_union_all(faces).buffer(0.01)
    shapely.prepare(union)
    return [
        (i, end)
        for i in range(len(arr.chords))
        for end in (0, 1)
        if union.contains(Point(_lerp(*arr.chords[i], arr.u[i][end])))
    ]


def _connected(cross: list[tuple[int, int, float, float, Pt]], n: int) -> bool:
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b, *_ in cross:
        parent[find(a)] = find(b)
    return len({find(x) for x in range(n)}) == 1


def _settle(rng: Rng, arr: _Arrangement, spaces: int, w: float, h: float) -> ArpGeometry | None:
    """Cut lines back until no end lies inside a space and exactly ``spaces`` spaces remain
    (each cut opens the spaces beside the stretch cut away to the outside), then trim."""
    n = len(arr.chords)
    segs = lambda: [arr.segment(i) for i in range(n)]  # noqa: E731
    cross, faces = arr.crossings(), _faces(segs())
    for _ in range(8 * n):
        inside = _ends_inside(arr, faces)
        if not inside and len(faces) <= spaces:
            break
        if inside:
            # An end inside a space: cut that line back, crossing by crossing, till it is out.
            first = {}
            for c in _cuts(arr, cross, most=len(cross)):
                if (c[0], c[1]) == inside[0] and c[2] < first.get("m", 10**9):
                    first = {"m": c[2], "cut": c}
            if not first:
                return None
            i, end, _, u = first["cut"]
            arr.u[i][end] = u
            cross, faces = arr.crossings(), _faces(segs())
            if not _connected(cross, n):
                return None
            continue
        cuts = _opening(arr, _cuts(arr, cross, most=len(cross)), faces, cross)
        ranked = sorted(cuts, key=lambda c: c[2] + rng.uniform(0.0, 1.5))
        for i, end, _, u in ranked[:40]:
            before = arr.u[i][end]
            arr.u[i][end] = u
            c2, f2 = arr.crossings(), _faces(segs())
            ok = _connected(c2, n) and len(f2) >= spaces
            if ok and not inside:
                ok = (
                    len(f2) < len(faces)
                    and not _ends_inside(arr, f2)
                    and _end_fits(arr, c2, i, end)
                )
            if ok:
                cross, faces = c2, f2
                break
            arr.u[i][end] = before
        else:
            return None
    if len(faces) != spaces or _ends_inside(arr, faces):
        return None
    return ArpGeometry(w, h, tuple(_finish(rng, arr, cross, w, h)))


def _unit2(x: float, y: float) -> Pt:
    r = math.sqrt(x * x + y * y)
    return (x / r, y / r)


def _finish(
    rng: Rng, arr: _Arrangement, cross: list[tuple[int, int, float, float, Pt]], w: float, h: float
) -> list[tuple[Pt, Pt]]:
    """Trim every line to stick out END_MIN..END_MAX mm past its outermost crossings (less
    where that would meet or pass close to another line), orient and order the lines and centre
    them in the frame."""
    on: list[list[tuple[float, int]]] = [[] for _ in arr.chords]
    for i, j, s, t, _ in cross:
        on[i].append((s, j))
        on[j].append((t, i))
    # Lines cut to their outermost crossings; each gets its ends in turn.
    final = [
        (_lerp(*arr.chords[i], min(on[i])[0]), _lerp(*arr.chords[i], max(on[i])[0]))
        for i in range(len(arr.chords))
    ]
    for i, (a, b) in enumerate(arr.chords):
        length = math.dist(a, b)
        ends = []
        for (s, partner), sign in ((min(on[i]), -1), (max(on[i]), 1)):
            base = _lerp(a, b, s + sign * 0.3 / length)
            e_min = _end_length(arr, i, partner)
            e = e_min + rng.uniform(0.0, max(0.0, END_MAX - END_MIN))
            while e > e_min:
                tip = _lerp(a, b, s + sign * e / length)
                if all(
                    _hit(base, tip, *final[k]) is None
                    and _point_seg(tip, *final[k]) >= SEPARATION + 0.3
                    for k in range(len(final))
                    if k != i
                ):
                    break
                e = max(e_min, e - 0.5)
            ends.append(_qp(_lerp(a, b, s + sign * e / length)))
        final[i] = (ends[0], ends[1])
    return _placed(final, w, h)


def _placed(final: Sequence[tuple[Pt, Pt]], w: float, h: float) -> list[tuple[Pt, Pt]]:
    """The lines on the 0.01 mm grid, each from its upper-left end, in reading order, the
    figure centred in the w x h frame (shrunk about its centre first if it were larger)."""
    xs = [p[0] for seg in final for p in seg]
    ys = [p[1] for seg in final for p in seg]
    k = min(1.0, (w - 1) / (max(xs) - min(xs)), (h - 1) / (max(ys) - min(ys)))
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    final = [tuple(_qp((cx + k * (p[0] - cx), cy + k * (p[1] - cy))) for p in seg) for seg in final]
    out = [(p0, p1) if (p0[0], p0[1]) <= (p1[0], p1[1]) else (p1, p0) for p0, p1 in final]
    out.sort(key=lambda seg: (seg[0][1], seg[0][0], seg[1][1], seg[1][0]))
    xs = [p[0] for seg in out for p in seg]
    ys = [p[1] for seg in out for p in seg]
    dx, dy = q((w - max(xs) - min(xs)) / 2), q((h - max(ys) - min(ys)) / 2)
    return [((q(a[0] + dx), q(a[1] + dy)), (q(e[0] + dx), q(e[1] + dy))) for a, e in out]


# --- analysis ---------------------------------------------------------------------------------


@dataclass
class _Analysis:
    lines: list[tuple[Pt, Pt]]
    vertices: list[Pt]  # sorted by (y, x)
    line_vertices: list[list[int]]  # per line, vertex indexes in order along it
    pieces: list[tuple[int, int, int]]  # (line, vertex a, vertex b), line by line
    crossing_pairs: list[tuple[int, int]]  # per crossing: the two lines
    spaces: list[Polygon]  # bounded faces in space-id order
    min_sin: float
    too_close: list[str]


def _analyse(lines: Sequence[tuple[Pt, Pt]]) -> _Analysis:
    n = len(lines)
    crossing_at: list[tuple[Pt, int, int, float, float]] = []
    too_close: list[str] = []
    min_sin = 1.0
    for i in range(n):
        for j in range(i + 1, n):
            a, b = lines[i]
            c, d = lines[j]
            st = _hit(a, b, c, d)
            if st is None:
                if _seg_seg(a, b, c, d) < SEPARATION - 1e-6:
                    too_close.append(f"line {i + 1} and line {j + 1}")
                continue
            s, t = st
            p = _qp((a[0] + s * (b[0] - a[0]), a[1] + s * (b[1] - a[1])))
            crossing_at.append((p, i, j, s, t))
            min_sin = min(min_sin, _sin_angle(a, b, c, d))
    ends = sorted({e for seg in lines for e in seg})
    crossing_pts = sorted({c[0] for c in crossing_at})
    vertices = sorted(set(ends) | set(crossing_pts), key=lambda p: (p[1], p[0]))
    vid = {p: k for k, p in enumerate(vertices)}
    on_line: list[list[tuple[float, int]]] = [[] for _ in range(n)]
    for i, (a, b) in enumerate(lines):
        on_line[i] += [(0.0, vid[a]), (1.0, vid[b])]
    pairs = []
    for p, i, j, s, t in crossing_at:
        on_line[i].append((s, vid[p]))
        on_line[j].append((t, vid[p]))
        pairs.append((i, j))
    line_vertices = [[v for _, v in sorted(vs)] for vs in on_line]
    pieces = [
        (i, vs[k], vs[k + 1]) for i, vs in enumerate(line_vertices) for k in range(len(vs) - 1)
    ]
    polys = [LineString([vertices[a], vertices[b]]) for _, a, b in pieces]
    faces = [Polygon(f.exterior) for f in shapely.polygonize(polys).geoms]
    faces.sort(key=lambda f: (q(f.centroid.y), q(f.centroid.x)))
    return _Analysis(
        list(lines),
        vertices,
        line_vertices,
        pieces,
        pairs,
        faces,
        min_sin,
        too_close,
    )


def _checks(an: _Analysis, n_lines: int, spaces: int, width: float, height: float) -> list[Check]:
    n_cross = spaces + n_lines - 1
    checks: list[Check] = []
    lines = an.lines
    checks.append(Check(f"{n_lines} lines", len(lines) == n_lines, f"{len(lines)} lines"))
    n_vertices = len(an.vertices)
    distinct = n_vertices == 2 * len(lines) + len(an.crossing_pairs)
    checks.append(
        Check(
            f"{n_cross} crossings, each of exactly two lines (S = X - L + 1)",
            len(an.crossing_pairs) == n_cross and distinct,
            f"{len(an.crossing_pairs)} crossings"
            + ("" if distinct else ", some points shared by more than two lines or ends"),
        )
    )
    lonely = [f"line-{i + 1}" for i, vs in enumerate(an.line_vertices) if len(vs) < 3]
    checks.append(
        Check(
            "every line touches another",
            not lonely,
            ", ".join(lonely[:5]) if lonely else "all do",
        )
    )
    # Connected: the crossing graph of the lines.
    parent = list(range(len(lines)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, j in an.crossing_pairs:
        parent[find(i)] = find(j)
    groups = len({find(i) for i in range(len(lines))})
    checks.append(Check("the lines form one connected figure", groups == 1, f"{groups} parts"))
    angle = math.degrees(math.asin(min(1.0, an.min_sin)))
    checks.append(
        Check(
            f"every crossing >= {MIN_ANGLE_DEG:g} degrees",
            angle >= MIN_ANGLE_DEG - 0.05,
            f"sharpest {angle:.1f} degrees",
        )
    )
    checks.append(
        Check(
            f"lines that do not cross stay >= {SEPARATION:g} mm apart",
            not an.too_close,
            ", ".join(an.too_close[:4]) if an.too_close else "all clear",
        )
    )
    near = []
    crossing_vertices = {v for vs in an.line_vertices for v in vs[1:-1]}
    for v in sorted(crossing_vertices):
        p = an.vertices[v]
        through = [i for i, vs in enumerate(an.line_vertices) if v in vs[1:-1]]
        for m, (c, d) in enumerate(lines):
            if m not in through and _point_seg(p, c, d) < NEAR_TRIPLE - 1e-6:
                near.append(f"v-{v + 1} near line-{m + 1}")
    ends_close = []
    for i, (a, b) in enumerate(lines):
        for e in (a, b):
            for m, (c, d) in enumerate(lines):
                if m != i and _point_seg(e, c, d) < SEPARATION - 1e-6:
                    ends_close.append(f"line-{i + 1} end near line-{m + 1}")
    checks.append(
        Check(
            f"no near-triple points: crossings >= {NEAR_TRIPLE:g} mm from third lines, "
            f"ends >= {SEPARATION:g} mm from other lines",
            not near and not ends_close,
            ", ".join((near + ends_close)[:4]) if near or ends_close else "general position",
        )
    )
    pieces = [
        (f"segment-{k + 1}", LineString([an.vertices[a], an.vertices[b]]))
        for k, (_, a, b) in enumerate(an.pieces)
    ]
    checks.append(check_min_length(pieces, MIN_PIECE))
    checks.append(
        Check(
            f"{spaces} spaces",
            len(an.spaces) == spaces,
            f"{len(an.spaces)} bounded faces",
        )
    )
    polys = [(f"space-{k + 1}", f) for k, f in enumerate(an.spaces)]
    checks.append(check_min_area(polys, MIN_AREA))
    room = min(
        ((shapely.maximum_inscribed_circle(f, 0.05).length, sid) for sid, f in polys),
        default=(math.inf, "-"),
    )
    checks.append(
        Check(
            f"every space >= {MIN_WIDTH:g} mm wide",
            room[0] >= MIN_WIDTH / 2,
            f"narrowest {2 * room[0]:.1f} mm ({room[1]})",
        )
    )
    union = shapely.union_all(an.spaces) if an.spaces else None
    inside = [
        f"line-{i + 1}"
        for i, seg in enumerate(lines)
        if union is not None and any(union.buffer(0.01).contains(Point(e)) for e in seg)
    ]
    checks.append(
        Check(
            "every line's ends lie outside all spaces (spaces bounded by line portions only)",
            not inside,
            ", ".join(inside[:5]) if inside else "all outside",
        )
    )
    if width and height:
        xs = [p[0] for seg in lines for p in seg]
        ys = [p[1] for seg in lines for p in seg]
        ok = bool(xs) and min(xs) >= 0 and min(ys) >= 0 and max(xs) <= width and max(ys) <= height
        checks.append(Check(f"lines inside the {width:g} x {height:g} mm field", ok))
    return checks


def validate_geometry(geom: ArpGeometry, opts: Mapping[str, int]) -> list[Check]:
    if not geom.lines:
        return [Check("every line placed", False, "construction failed")]
    n_lines = opts.get("lines", DEFAULT_LINES)
    spaces = opts.get("spaces", DEFAULT_SPACES)
    return _checks(_analyse(geom.lines), n_lines, spaces, geom.width, geom.height)


def make_free_geometry(rng: Rng, opts: Mapping[str, int]) -> ArpGeometry:
    """One candidate field of version 2 (free lines, ``arp_free``): the search stops at the
    first arrangement that passes every check; an empty geometry when it found none."""
    n_lines = opts.get("lines", DEFAULT_LINES)
    spaces = opts.get("spaces", DEFAULT_SPACES)
    w, h = FIELD_W, FIELD_H
    lo, hi = free_space_range(n_lines)
    if not lo <= spaces <= hi:
        raise ValueError(
            f"--spaces {spaces} is too many for field version 2 with --lines {n_lines}: its "
            f"free lines make {lo} to {hi} spaces; give --field-version 1 for up to "
            f"{space_range(n_lines)[1]}"
        )

    def accept(lines: Sequence[tuple[Pt, Pt]]) -> bool:
        placed = _placed(lines, w, h)
        return all(c.ok for c in _checks(_analyse(placed), n_lines, spaces, w, h))

    lines = free_lines(rng, n_lines, spaces, w, h, accept)
    return ArpGeometry(w, h, tuple(_placed(lines, w, h)) if lines else ())


# Field version -> one candidate field; a candidate that fails a check is re-drawn.
_MAKERS = {1: make_geometry, 2: make_free_geometry}


def random_geometry(rng: Rng, opts: Mapping[str, int], version: int = 1) -> tuple[ArpGeometry, int]:
    make = _MAKERS[version]
    return first_valid(rng, lambda r: make(r, opts), lambda g: validate_geometry(g, opts), 60)


# --- the sheet --------------------------------------------------------------------------------


def _shifted(lines: Sequence[tuple[Pt, Pt]], o: Pt) -> list[tuple[Pt, Pt]]:
    return [((q(a[0] + o[0]), q(a[1] + o[1])), (q(b[0] + o[0]), q(b[1] + o[1]))) for a, b in lines]


def draw(sheet: Sheet, geom: ArpGeometry, opts: Mapping[str, int]) -> Field:
    """Place the lines, their regions and the score areas in ``sheet.body``; return the Field."""
    origin = field_origin(sheet.body, geom.width, geom.height)
    an = _analyse(_shifted(geom.lines, origin))
    # Each line is drawn through its vertices, thin and mid-grey (players colour over it).
    for vs in an.line_vertices:
        sheet.path([an.vertices[v] for v in vs], Style(LINE_GREY, LINE_WIDTH))
    space_ids = [f"space-{k + 1}" for k in range(len(an.spaces))]
    for sid, poly in zip(space_ids, an.spaces, strict=True):
        sheet.add_region(sid, "space", polygon=list(poly.exterior.coords)[:-1])
    polylines = [[an.vertices[a], an.vertices[b]] for _, a, b in an.pieces]
    lines: dict[str, list[str]] = {}
    pieces: dict[str, list[str]] = {}
    for n, ((line, _, _), pl) in enumerate(zip(an.pieces, polylines, strict=True), start=1):
        sid = f"segment-{n}"
        sheet.add_region(
            sid, "segment", polyline=pl, width_mm=SEGMENT_BAND, line=f"line-{line + 1}"
        )
        pieces.setdefault(f"line-{line + 1}", []).append(sid)
    for i, vs in enumerate(an.line_vertices):
        lines[f"line-{i + 1}"] = [f"v-{v + 1}" for v in vs]
    seg_spaces, space_segs = _topology_data(polylines, an.spaces)
    score_areas(sheet, opts.get("players", 4), len(an.spaces), two_each=False)
    adjacent, corner = polygon_neighbours(dict(zip(space_ids, an.spaces, strict=True)))
    return Field(
        game="arp",
        field_id=sheet.field_id,
        spaces=tuple(space_ids),
        adjacent=adjacent,
        corner=corner,
        data={
            "lines": lines,
            "pieces": pieces,
            "segment_spaces": seg_spaces,
            "space_segments": space_segs,
        },
    )


def _random_builder(version: int) -> FieldBuilder:
    def build(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
        assert rng is not None
        geom, _ = random_geometry(rng, opts, version)
        return draw(sheet, geom, opts)

    return build


def _standard_builder(template: str) -> FieldBuilder:
    def build(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
        if (opts.get("lines"), opts.get("spaces")) != (DEFAULT_LINES, DEFAULT_SPACES):
            raise ValueError(
                f"the standard Arp field has {DEFAULT_LINES} lines and {DEFAULT_SPACES} "
                "spaces; give --seed N for a new field with other counts"
            )
        return draw(sheet, ArpGeometry.from_data(load_template(template)), opts)

    return build


build_random = _random_builder(1)
build_random_v2 = _random_builder(2)
build_standard = _standard_builder("arp")
build_standard_v2 = _standard_builder("arp-v2")


def freeze_standard(seed: int, version: int = 1) -> dict[str, Any]:
    """The template data of the standard field of ``version``: random field ``seed`` with
    default options."""
    opts = GAME.resolve_options({})
    labels = ("arp", "standard", seed) if version == 1 else ("arp", "standard", version, seed)
    geom, _ = random_geometry(Rng.derive(*labels), opts, version)
    return {"seed": seed, **geom.to_data()}


# --- checking a written layout ----------------------------------------------------------------


def validate_layout(layout: Layout) -> list[Check]:
    """Re-check a layout: counts, general position and printability of the lines rebuilt from
    the segment regions, the spaces against the faces, topology against the geometry."""
    topo = layout.topology
    if topo is None:
        return [Check("layout has a topology", False)]
    regions = {r.id: r for r in layout.regions}
    pieces = topo.data.get("pieces", {})
    lines = []
    for lid in sorted(pieces, key=lambda x: int(x.split("-")[1])):
        ids = pieces[lid]
        lines.append((tuple(regions[ids[0]].polyline[0]), tuple(regions[ids[-1]].polyline[-1])))
    n_lines = int(layout.options.get("lines", DEFAULT_LINES))
    spaces = int(layout.options.get("spaces", DEFAULT_SPACES))
    an = _analyse(lines)
    checks = _checks(an, n_lines, spaces, 0.0, 0.0)
    polys = [Polygon(regions[s].polygon) for s in topo.spaces]
    checks.append(Check("space regions are valid polygons", all(p.is_valid for p in polys)))
    overlap = sum(p.area for p in polys) - shapely.union_all(polys).area
    checks.append(Check("spaces do not overlap", overlap < 0.01, f"overlap {overlap:.3f} mm2"))
    same = len(polys) == len(an.spaces) and all(
        p.symmetric_difference(f).area < 0.01 for p, f in zip(polys, an.spaces, strict=True)
    )
    checks.append(Check("spaces are exactly the faces of the lines", same))
    inside = all(
        10.0 - 1e-6 <= x <= layout.page.width_mm - 10.0 + 1e-6
        and 10.0 - 1e-6 <= y <= layout.page.height_mm - 10.0 + 1e-6
        for r in layout.regions
        for x, y in (r.polygon or r.polyline or [])
    )
    checks.append(Check("every region inside the page's safe area", inside))
    polylines = [[an.vertices[a], an.vertices[b]] for _, a, b in an.pieces]
    seg_spaces, space_segs = _topology_data(polylines, an.spaces)
    order = [s for lid in sorted(pieces, key=lambda x: int(x.split("-")[1])) for s in pieces[lid]]
    checks.append(
        Check(
            "topology matches the geometry",
            order == [f"segment-{k}" for k in range(1, len(order) + 1)]
            and seg_spaces == topo.data.get("segment_spaces")
            and space_segs == topo.data.get("space_segments")
            and all(len(v) == len(pieces[k]) + 1 for k, v in topo.data.get("lines", {}).items()),
        )
    )
    checks.append(Check("adjacency symmetric", not topo.check_symmetric()))
    return checks


GAME = GameSpec(
    name="arp",
    title="Arp",
    order=4,
    players=(2, 4),
    reminder="Colour a line that touches the line just coloured, from there to one end; "
    "complete a space's surround to capture it.",
    options=(
        SheetOption("players", "P", 4, 2, 4, "number of players (score areas, colour key)"),
        SheetOption("lines", "L", DEFAULT_LINES, 8, 32, "straight lines of a new random field"),
        SheetOption("spaces", "S", default_spaces, 4, 96, "spaces of a new random field"),
    ),
    versions={1: build_random, 2: build_random_v2},
    standard=build_standard,
    later_standards={2: build_standard_v2},
    colours=lambda o: o.get("players", 4),
    check_options=check_options,
    validate=validate_layout,
    doc=__doc__ or "",
)
