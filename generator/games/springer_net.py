"""The free net behind Springer field version 2: blue-noise points, their exact Delaunay
triangulation, and triangles merged in pairs into (mostly convex) quadrilaterals.

Why this construction: version 1's jittered grid shows its rows and columns. A quad mesh made
by pairing the triangles of a random triangulation has no rows or directions, yet keeps what
the game needs: a Delaunay vertex has about six edges, and pairing removes roughly one edge in
three, so most junctions keep four or more spaces around them (the corners chains go through).
Maximal Poisson-disk points ("blue noise", every point at least r from every other, no gap
wider than about 2r) give Delaunay triangles whose angles are at least about 30 degrees and
whose sides are at least r: printable spaces with clear corners. A smooth random density makes
spaces grow and shrink across the field.

Everything is integer arithmetic (0.01 mm units, exact orientation and in-circle tests), so a
seed always gives the same net on every machine; nothing here depends on GEOS.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from artsheets.generator.rng import Rng

IPoint = tuple[int, int]
Tri = tuple[int, int, int]  # point indexes, orient > 0

__all__ = ["blue_noise", "delaunay", "merge_pairs", "radius_field"]


# --- points --------------------------------------------------------------------------------


def radius_field(rng: Rng, w: int, h: int, r0: int, spread: int) -> Callable[[IPoint], int]:
    """A smooth random spacing r(x, y): bilinear over a 3 x 3 grid of factors within
    +-``spread``% of ``r0`` (integers, so exact)."""
    k = [[100 + rng.integer(-spread, spread) for _ in range(3)] for _ in range(3)]
    hw, hh = w // 2, h // 2

    def r(p: IPoint) -> int:
        x, y = min(max(p[0], 0), w), min(max(p[1], 0), h)
        i, fx = (0, x) if x < hw else (1, x - hw)
        j, fy = (0, y) if y < hh else (1, y - hh)
        top = k[j][i] * (hw - fx) + k[j][i + 1] * fx
        bot = k[j + 1][i] * (hw - fx) + k[j + 1][i + 1] * fx
        f = (top * (hh - fy) + bot * fy) // (hw * hh)  # percent
        return r0 * f // 100

    return r


def _frame_points(rng: Rng, w: int, h: int, r: Callable[[IPoint], int]) -> list[IPoint]:
    """Points along the frame (corners included), gaps 1.1-1.35 times the local spacing."""
    out: list[IPoint] = [(0, 0), (w, 0), (w, h), (0, h)]
    for a, b in ((out[0], out[1]), (out[1], out[2]), (out[3], out[2]), (out[0], out[3])):
        length = abs(b[0] - a[0]) + abs(b[1] - a[1])
        dx, dy = (b[0] - a[0]) // length, (b[1] - a[1]) // length
        t = 0
        while True:
            p = (a[0] + dx * t, a[1] + dy * t)
            t += r(p) * rng.integer(110, 135) // 100
            if length - t < r(b) * 110 // 100:
                break
            out.append((a[0] + dx * t, a[1] + dy * t))
    return out


def blue_noise(rng: Rng, w: int, h: int, r: Callable[[IPoint], int]) -> list[IPoint]:
    """Frame points, then Bridson's dart throwing inside: every candidate is tried in the ring
    between r and 2r around an active point and kept when it is at least the pair's mean
    spacing from every point and 0.6 r from the frame. Thirty misses retire a point."""
    pts = _frame_points(rng, w, h, r)
    rmax = max(r((x, y)) for x in (0, w // 2, w) for y in (0, h // 2, h))
    cell = max(1, rmax)
    grid: dict[tuple[int, int], list[IPoint]] = {}
    for p in pts:
        grid.setdefault((p[0] // cell, p[1] // cell), []).append(p)
    active = list(pts)

    def free(q: IPoint, rq: int) -> bool:
        cx, cy = q[0] // cell, q[1] // cell
        for gx in (cx - 1, cx, cx + 1):
            for gy in (cy - 1, cy, cy + 1):
                for p in grid.get((gx, gy), ()):
                    need = (r(p) + rq) // 2
                    if (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 < need * need:
                        return False
        return True

    while active:
        k = rng.below(len(active))
        p = active[k]
        rp = r(p)
        for _ in range(30):
            dx, dy = rng.integer(-2 * rp, 2 * rp), rng.integer(-2 * rp, 2 * rp)
            d2 = dx * dx + dy * dy
            if not rp * rp <= d2 <= 4 * rp * rp:
                continue
            q = (p[0] + dx, p[1] + dy)
            rq = r(q)
            m = rq * 6 // 10
            if not (m <= q[0] <= w - m and m <= q[1] <= h - m) or not free(q, rq):
                continue
            pts.append(q)
            active.append(q)
            grid.setdefault((q[0] // cell, q[1] // cell), []).append(q)
            break
        else:
            active[k] = active[-1]
            active.pop()
    return pts


# --- exact Delaunay triangulation ----------------------------------------------------------


def _orient(a: IPoint, b: IPoint, c: IPoint) -> int:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _in_circle(a: IPoint, b: IPoint, c: IPoint, d: IPoint) -> bool:
    """d strictly inside the circle through a, b, c (orient(a, b, c) > 0)."""
    rows = []
    for p in (a, b, c):
        x, y = p[0] - d[0], p[1] - d[1]
        rows.append((x, y, x * x + y * y))
    (a0, a1, a2), (b0, b1, b2), (c0, c1, c2) = rows
    det = a0 * (b1 * c2 - b2 * c1) - a1 * (b0 * c2 - b2 * c0) + a2 * (b0 * c1 - b1 * c0)
    return det > 0


def delaunay(pts: list[IPoint]) -> list[Tri]:
    """Delaunay triangles of ``pts``, whose first four points are the corners of the rectangle
    that holds them all (clockwise from the top left). Incremental insertion with Lawson flips;
    cocircular ties keep the earlier edge, so the result depends only on the point order."""
    opp: dict[tuple[int, int], int] = {}  # directed edge (a, b) of triangle (a, b, c) -> c

    def add(a: int, b: int, c: int) -> None:
        opp[(a, b)], opp[(b, c)], opp[(c, a)] = c, a, b

    def remove(a: int, b: int, c: int) -> None:
        del opp[(a, b)], opp[(b, c)], opp[(c, a)]

    def legalize(a: int, b: int, p: int) -> None:
        stack = [(a, b)]
        while stack:
            a, b = stack.pop()
            d = opp.get((b, a))
            if (a, b) not in opp or opp[(a, b)] != p or d is None:
                continue
            if _in_circle(pts[a], pts[b], pts[p], pts[d]):
                remove(a, b, p)
                remove(b, a, d)
                add(a, d, p)
                add(d, b, p)
                stack += [(a, d), (d, b)]

    add(0, 1, 2)
    add(0, 2, 3)
    for i in range(4, len(pts)):
        q = pts[i]
        for (a, b), c in list(opp.items()):
            if a > b or a > c:  # each triangle once, from its smallest index
                continue
            o = (_orient(pts[a], pts[b], q), _orient(pts[b], pts[c], q), _orient(pts[c], pts[a], q))
            if min(o) < 0:
                continue
            remove(a, b, c)
            zero = [e for e, v in zip(((a, b, c), (b, c, a), (c, a, b)), o, strict=True) if v == 0]
            if not zero:
                for e in ((a, b), (b, c), (c, a)):
                    add(*e, i)
                for e in ((a, b), (b, c), (c, a)):
                    legalize(*e, i)
                break
            u, v, x = zero[0]  # q lies on edge (u, v)
            new = [(v, x), (x, u)]
            y = opp.get((v, u))
            if y is not None:
                remove(v, u, y)
                new += [(u, y), (y, v)]
            for e in new:
                add(*e, i)
            for e in new:
                legalize(*e, i)
            break
    return sorted((a, b, c) for (a, b), c in opp.items() if a < b and a < c)


# --- pairing triangles ---------------------------------------------------------------------

FLAT = (883, 1000)  # cos^2(160 degrees) = 0.883: a merged corner flatter than this is avoided
FLATTEST = (981, 1000)  # cos^2(172 degrees) = 0.981: and never flatter than this


def _angle_ok(a: IPoint, x: IPoint, y: IPoint, inside: IPoint, max_cos_sq: tuple[int, int]) -> bool:
    """The corner at ``a`` between rays to x and y, measured through the side holding
    ``inside``, is under 180 degrees and not flatter than the limit (cos^2 < num/den)."""
    o1, o2 = _orient(a, x, inside), _orient(a, inside, y)
    if o1 * o2 <= 0 or _orient(a, x, y) * o1 <= 0:
        return False
    ux, uy, vx, vy = x[0] - a[0], x[1] - a[1], y[0] - a[0], y[1] - a[1]
    dot = ux * vx + uy * vy
    num, den = max_cos_sq
    return dot >= 0 or den * dot * dot < num * (ux * ux + uy * uy) * (vx * vx + vy * vy)


def merge_pairs(
    rng: Rng,
    pts: list[IPoint],
    tris: list[Tri],
    count: int,
    on_frame: Callable[[IPoint], bool],
    small: int,
    max_cells: int = 3,
) -> set[tuple[int, int]]:
    """Remove ``count`` interior edges, each joining two spaces into one (at most ``max_cells``
    triangles per space). Returns the removed edges (a < b); fewer if no candidate is left.

    Every merged space stays convex with no corner flatter than 172 degrees, and corners over
    160 degrees (which read almost like a T-junction) are avoided unless needed. Candidates
    are scored as in version 1: a triangle smaller than ``small`` (twice its area, units^2) is
    merged first; then edges whose ends keep four or more spaces after the merge, and
    two-triangle spaces, are preferred."""
    label = list(range(len(tris)))
    size = [1] * len(tris)
    area2 = [_orient(pts[a], pts[b], pts[c]) for a, b, c in tris]
    bound: dict[int, set[tuple[int, int]]] = {}
    edge_tris: dict[tuple[int, int], list[int]] = {}
    deg: dict[int, int] = {}
    for t, (a, b, c) in enumerate(tris):
        es = {(min(u, v), max(u, v)) for u, v in ((a, b), (b, c), (c, a))}
        bound[t] = es
        for e in es:
            edge_tris.setdefault(e, []).append(t)
    for e in edge_tris:
        for v in e:
            deg[v] = deg.get(v, 0) + 1
    inner = sorted(e for e, ts in edge_tris.items() if len(ts) == 2)
    removed: set[tuple[int, int]] = set()

    def nbr(edges: set[tuple[int, int]], v: int, not_: int) -> int:
        return next(u for e in edges if v in e for u in e if u not in (v, not_))

    for _ in range(count):
        best: list[tuple[int, int]] = []
        best_score = None
        for e in inner:
            if e in removed:
                continue
            la, lb = label[edge_tris[e][0]], label[edge_tris[e][1]]
            if la == lb or size[la] + size[lb] > max_cells:
                continue
            a, b = e
            if any(deg[v] - 1 < (2 if on_frame(pts[v]) else 3) for v in e):
                continue
            merged = bound[la] ^ bound[lb]
            if len(merged) != len(bound[la]) + len(bound[lb]) - 2:
                continue
            corners = []
            for v, o in ((a, b), (b, a)):
                x, y = nbr(bound[la] - {e}, v, o), nbr(bound[lb] - {e}, v, o)
                corners.append((pts[v], pts[x], pts[y], pts[o]))
            if not all(_angle_ok(*c, FLATTEST) for c in corners):
                continue
            score = 0 if all(_angle_ok(*c, FLAT) for c in corners) else 8
            score += sum(deg[v] <= 4 and not on_frame(pts[v]) for v in e) * 4
            score += size[la] + size[lb] - 2
            if min(area2[la], area2[lb]) < small:
                score -= 10
            if best_score is None or score < best_score:
                best, best_score = [e], score
            elif score == best_score:
                best.append(e)
        if not best:
            break
        e = rng.choice(best)
        la, lb = label[edge_tris[e][0]], label[edge_tris[e][1]]
        keep, gone = min(la, lb), max(la, lb)
        for t, lab in enumerate(label):
            if lab == gone:
                label[t] = keep
        bound[keep] = bound[keep] ^ bound.pop(gone)
        size[keep] += size[gone]
        area2[keep] += area2[gone]
        removed.add(e)
        for v in e:
            deg[v] -= 1
    return removed


def net_segments(
    pts: list[IPoint], tris: list[Tri], removed: set[tuple[int, int]]
) -> list[tuple[int, int, int, int]]:
    """Every edge of the triangulation that was not removed, as (x0, y0, x1, y1)."""
    edges = {
        (min(u, v), max(u, v)) for a, b, c in tris for u, v in itertools.pairwise((a, b, c, a))
    }
    return [(*pts[a], *pts[b]) for a, b in sorted(edges - removed)]
