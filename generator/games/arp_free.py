"""Arp field version 2: free lines, chords of one convex outline, placed by annealing.

Why chords: for a connected figure whose line ends all lie outside the spaces, the number of
spaces is fixed by the counts alone, S = X - L + 1 (L lines, X crossings). If every line is a
chord of one convex outline and keeps *all* its crossings, every end lies on the outer face by
construction, so the only count to reach is X = S + L - 1 (79 for 25 lines and 55 spaces).
Each line is then trimmed to stick out a few millimetres past its outermost crossings; the
outline itself is never drawn.

Why annealing: the printer's and the game's limits (crossing angle, distance of a crossing from
third lines, piece length, space size, ends clear of other lines) are local and conflicting;
version 1 satisfied them by building a lattice, which is what version 2 must not look like.
Here the directions are spread over the half circle (one per sector of 180/L degrees, shuffled
among the lines, so no family of near-parallels exists) and the offsets (and a little of each
direction) are searched by simulated annealing on a penalty that is zero when every limit holds
with a margin. The penalty is computed for all lines at once with numpy; the real checks of
``arp._checks`` (shapely faces included) decide, and a draw that fails is re-drawn from the
next sub-seed by the caller.

Distances along a line are exact and cheap: a crossing of lines i and j lies at distance
``|t_ij - t_ik| * sin(i, k)`` from line k when k crosses i at ``t_ik``, so "no crossing near a
third line" and "no small triangle" are both read from the crossing parameters along each line.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from artsheets.generator.rng import Rng

__all__ = ["FreeLimits", "free_lines"]

Pt = tuple[float, float]
_BIG = 1e9


@dataclass(frozen=True)
class FreeLimits:
    """The margins the search aims for, each at or a little beyond the check it serves (the
    checks are ``arp``'s MIN_ANGLE_DEG 22, NEAR_TRIPLE 2.5, MIN_PIECE 4, SEPARATION 3,
    MIN_AREA 20, MIN_WIDTH 4). They only shape the search: a field is accepted by the checks.

    Set on 40 tuning draws (sub-seeds 100-139, 25 lines, 55 spaces), valid draws / CPU
    seconds per valid field: these values 24 / 0.77; the same with crossings of 24 degrees
    22 / 1.13, 28: 20 / 1.21, 32: 24 / 0.95, 36: 24 / 0.80, 45: 9 / 1.78, 50: 7 / 1.61 (steep
    crossings keep third lines and triangles away; too steep leaves too few pairs that may
    cross). Steep crossings are also what the scanner reads best: a traced line meeting
    another at a shallow angle shares its pencil near the crossing. The first margins tried
    (crossing from a third line 4.5, lines apart 4.6, pieces 5, triangles 28 mm2, at 24
    degrees) 11 / 1.86; each lowered alone 15-18 / 1.31-1.40; all lowered further (3.5, 3.8,
    4.2, 21 mm2) 16 / 2.34 (more draws came near and failed the checks)."""

    min_angle_deg: float = 40.0
    separation: float = 3.4  # an end from any other line
    apart: float = 4.0  # two lines that do not cross (a space between them holds a 4 mm disc)
    near: float = 4.0  # a crossing from a third line
    piece: float = 4.3  # between two crossings on a line
    tri_area: float = 22.0  # a triangle of three lines
    tri_radius: float = 2.4  # its inscribed circle
    end_min: float = 4.3  # how far a line sticks out past its outermost crossing
    end_max: float = 8.0


LIMITS = FreeLimits()

# The search: phase 1 (counts and angles) gets up to half of STEPS, phase 2 (every term) STEPS.
# A draw still above GIVE_UP_PENALTY after GIVE_UP_STEP steps of phase 2 is given up (the
# caller re-draws from the next sub-seed). Measured on 32 tuning draws (sub-seeds 0-31, 25 lines,
# 55 spaces, the first margins): without giving up 17 of 32 draws passed, 0.86 s of CPU a draw,
# 1.63 s per valid field; giving up at step 800 above 100: 13 passed, 0.47 s a draw, 1.16 s per
# valid field (at 60: 1.41 s; at step 1500 above 60: 1.49 s; 4000 steps: 1.41 s).
STEPS = 6000
COUNT_WEIGHT = 10.0  # penalty per crossing more or fewer than S + L - 1
GIVE_UP_STEP = 800
GIVE_UP_PENALTY = 100.0


class _Energy:
    """The penalty of one arrangement and, per line, its share (to pick lines to move)."""

    def __init__(self, n: int, a: float, b: float, target: int, lim: FreeLimits) -> None:
        self.n, self.a, self.b, self.target, self.lim = n, a, b, target, lim
        self.sin_min = math.sin(math.radians(lim.min_angle_deg))
        self.eye = np.eye(n, dtype=bool)
        self.own2 = np.concatenate([self.eye, self.eye])

    def crossings(self, d: np.ndarray, rho: np.ndarray) -> tuple[np.ndarray, ...]:
        """t[i, j]: where line i meets line j along i; M: they cross inside the outline."""
        dx, dy = d[:, 0], d[:, 1]
        px0, py0 = -rho * dy, rho * dx
        cr = dx[:, None] * dy[None, :] - dy[:, None] * dx[None, :]
        ex = px0[None, :] - px0[:, None]
        ey = py0[None, :] - py0[:, None]
        num = ex * dy[None, :] - ey * dx[None, :]
        par = self.eye | (cr == 0)
        t = num / np.where(par, 1.0, cr)
        x = px0[:, None] + t * dx[:, None]
        y = py0[:, None] + t * dy[:, None]
        inside = ((x / self.a) ** 2) ** 2 + ((y / self.b) ** 2) ** 2 < 1.0
        m = inside & ~par
        m &= m.T
        return t, m, np.abs(cr), px0, py0

    def __call__(
        self, d: np.ndarray, rho: np.ndarray, full: bool = True, limit: float = math.inf
    ) -> tuple[float, int, np.ndarray | None, tuple[np.ndarray, ...] | None]:
        lim, n = self.lim, self.n
        t, m, sin, px0, py0 = self.crossings(d, rho)
        cnt = m.sum(axis=1)
        x_count = int(cnt.sum()) // 2
        per = np.zeros(n)
        shallow = np.where(m, np.maximum(0.0, self.sin_min - sin), 0.0)
        per += 100.0 * shallow.sum(axis=1)
        per += 40.0 * np.maximum(0, 2 - cnt)
        e = COUNT_WEIGHT * abs(x_count - self.target) + float(per.sum())
        if not full or e > limit:
            return e, x_count, per, None
        ok = cnt > 0
        tlo = np.where(m, t, _BIG)
        thi = np.where(m, t, -_BIG)
        imin = tlo.argmin(axis=1)
        imax = thi.argmax(axis=1)
        ar = np.arange(n)
        reach = lim.separation + 0.2
        e1 = np.clip(reach / np.maximum(sin[ar, imin], 1e-6), lim.end_min, lim.end_max)
        e2 = np.clip(reach / np.maximum(sin[ar, imax], 1e-6), lim.end_min, lim.end_max)
        lo = np.where(ok, tlo[ar, imin] - e1, 0.0)
        hi = np.where(ok, thi[ar, imax] + e2, 0.0)
        dx, dy = d[:, 0], d[:, 1]
        ax, ay = px0 + lo * dx, py0 + lo * dy
        bx, by = px0 + hi * dx, py0 + hi * dy
        # Along line i its crossings in order: partner[i, a] is the line of the a-th.
        order = np.argsort(np.where(m, t, np.inf), axis=1, kind="stable")
        width = max(int(cnt.max()), 2)
        partner = order[:, :width]
        valid = np.arange(width)[None, :] < cnt[:, None]
        ts = np.where(valid, np.take_along_axis(t, partner, 1), 0.0)
        steps = ts[:, 1:] - ts[:, :-1]
        short = np.where(valid[:, 1:], np.maximum(0.0, lim.piece - steps), 0.0)
        per += 4.0 * short.sum(axis=1)
        # |t_ij - t_ik| is the stretch of line i between its crossings with j and k; times
        # sin(i, k) it is the distance of the crossing with j from line k.
        pair = valid[:, :, None] & valid[:, None, :] & ~np.eye(width, dtype=bool)[None]
        gap = np.abs(ts[:, :, None] - ts[:, None, :])
        sin_k = np.take_along_axis(sin, partner, 1)[:, None, :]
        near = np.where(pair, np.maximum(0.0, lim.near - gap * sin_k), 0.0)
        per += 3.0 * near.sum(axis=(1, 2))
        # Triangles of three lines crossing each other: i and its a-th and b-th partners j, k;
        # its sides lie along i (j..k), j (i..k) and k (i..j); the angle at (i, j) is (i, j).
        j = partner[:, :, None]
        k = partner[:, None, :]
        i = np.arange(n)[:, None, None]
        tri = pair & m[j, k]
        side_j = np.abs(t[j, i] - t[j, k])
        side_k = np.abs(t[k, i] - t[k, j])
        area = 0.5 * gap * side_j * sin[i, j]
        radius = 2.0 * area / np.maximum(gap + side_j + side_k, 1e-9)
        small = 0.6 * np.maximum(0.0, lim.tri_area - area) + 8.0 * np.maximum(
            0.0, lim.tri_radius - radius
        )
        # Each triangle is met six times (three lines, two orders): share it over its lines.
        per += np.where(tri, small, 0.0).sum(axis=(1, 2)) / 3.0
        # Segments that meet although their lines cross outside the outline.
        within = (t >= lo[:, None]) & (t <= hi[:, None])
        extra = within & within.T & ~m & ~self.eye
        per += 2.5 * extra.sum(axis=1)
        # Ends near other lines, and lines that do not cross too close together.
        abx, aby = bx - ax, by - ay
        l2 = np.maximum(abx * abx + aby * aby, 1e-9)
        qx = np.concatenate([ax, bx])[:, None] - ax[None, :]
        qy = np.concatenate([ay, by])[:, None] - ay[None, :]
        u = np.clip((qx * abx[None, :] + qy * aby[None, :]) / l2[None, :], 0.0, 1.0)
        wx, wy = qx - u * abx[None, :], qy - u * aby[None, :]
        tip = np.sqrt(wx * wx + wy * wy)
        okk = np.concatenate([ok, ok])[:, None] & ok[None, :] & ~self.own2
        close = np.where(okk, np.maximum(0.0, lim.separation - tip), 0.0)
        per += 3.0 * (close[:n] + close[n:]).sum(axis=1)
        apart = np.minimum(tip[:n], tip[n:])
        apart = np.minimum(apart, apart.T)
        loose = ~m & ok[:, None] & ok[None, :] & ~self.eye
        per += 1.5 * np.where(loose, np.maximum(0.0, lim.apart - apart), 0.0).sum(axis=1)
        e = COUNT_WEIGHT * abs(x_count - self.target) + float(per.sum())
        return e, x_count, per, (ax, ay, bx, by)


def _pick(rng: Rng, per: np.ndarray) -> int:
    """A line to move: half the time one in proportion to its penalty, else any."""
    total = float(per.sum())
    if total <= 0 or rng.random() < 0.5:
        return rng.below(len(per))
    r = rng.random() * total
    acc = 0.0
    for i, p in enumerate(per.tolist()):
        acc += p
        if acc >= r:
            return i
    return len(per) - 1


def free_lines(
    rng: Rng,
    n_lines: int,
    spaces: int,
    width: float,
    height: float,
    accept: Callable[[list[tuple[Pt, Pt]]], bool],
    limits: FreeLimits = LIMITS,
    steps: int = STEPS,
) -> list[tuple[Pt, Pt]] | None:
    """Lines (in the field's frame) for ``spaces`` spaces, or None when this draw fails.

    ``accept(lines)`` is the caller's full check, tried whenever the penalty is low."""
    target = spaces + n_lines - 1
    a, b = width / 2 - limits.end_max - 1.0, height / 2 - limits.end_max - 1.0
    energy = _Energy(n_lines, a, b, target, limits)
    turn = rng.uniform(0.0, math.pi)
    sectors = rng.shuffled(list(range(n_lines)))
    # Line i keeps to its own sector of the half circle (a fiftieth of it clear of each side):
    # no two lines share a direction, and any 10 degrees hold at most three lines (L <= 32).
    sector = math.pi / n_lines
    bounds = [(turn + sector * (k + 0.02), turn + sector * (k + 0.98)) for k in sectors]
    angles = [rng.uniform(lo + 0.2 * sector, hi - 0.2 * sector) for lo, hi in bounds]
    d = np.array([[math.cos(x), math.sin(x)] for x in angles])
    reach = a * np.abs(d[:, 1]) + b * np.abs(d[:, 0])
    rho = np.array([rng.uniform(-0.9, 0.9) * r for r in reach.tolist()])

    def lines_of(seg: tuple[np.ndarray, ...]) -> list[tuple[Pt, Pt]]:
        ax, ay, bx, by = (v.tolist() for v in seg)
        cx, cy = width / 2, height / 2
        return [((ax[i] + cx, ay[i] + cy), (bx[i] + cx, by[i] + cy)) for i in range(n_lines)]

    def move(
        i: int, rho: np.ndarray, d: np.ndarray, sigma: float, jump: float, turn_p: float
    ) -> tuple[np.ndarray, np.ndarray]:
        """Line i moved: re-placed anywhere (``jump``), shifted, or turned in its sector."""
        nr, nd = rho, d
        u = rng.random()
        if u < jump:
            nr = rho.copy()
            nr[i] = rng.uniform(-0.97, 0.97) * reach[i]
        elif u < 1.0 - turn_p:
            nr = rho.copy()
            nr[i] = min(0.97 * reach[i], max(-0.97 * reach[i], nr[i] + rng.gauss(0.0, sigma)))
        else:
            nd = d.copy()
            lo, hi = bounds[i]
            x = math.atan2(d[i, 1], d[i, 0])
            x += 2.0 * math.pi * math.ceil((lo - 0.5 - x) / (2.0 * math.pi))
            x = min(hi, max(lo, x + rng.gauss(0.0, math.radians(2.0))))
            nd[i] = (math.cos(x), math.sin(x))
        return nr, nd

    # Phase 1: the crossing count, angles and every line crossing two others (cheap terms).
    e, x_count, per, _ = energy(d, rho, full=False)
    first = steps // 2
    for k in range(first):
        if x_count == target and e < 1.0:  # every cheap term (nearly) met
            break
        temp = 2.0 * (0.05 / 2.0) ** (k / first)
        nr, nd = move(_pick(rng, per), rho, d, 8.0, 0.3, 0.0)
        limit = e - temp * math.log(max(rng.random(), 1e-300))
        e2, x2, per2, _ = energy(nd, nr, full=False, limit=limit)
        if e2 <= limit:
            rho, d, e, x_count, per = nr, nd, e2, x2, per2
    # Phase 2: every term.
    e, x_count, per, seg = energy(d, rho)
    for k in range(steps):
        if k == GIVE_UP_STEP and e > GIVE_UP_PENALTY:
            break
        temp = 3.0 * (0.02 / 3.0) ** (k / steps)
        sigma = 1.0 + 6.0 * (1.0 - k / steps)
        nr, nd = move(_pick(rng, per), rho, d, sigma, 0.1, 0.25)
        limit = e - temp * math.log(max(rng.random(), 1e-300))
        e2, x2, per2, seg2 = energy(nd, nr, limit=limit)
        if e2 <= limit and seg2 is not None:
            rho, d, e, x_count, per, seg = nr, nd, e2, x2, per2, seg2
            if x_count == target and e < 40.0 and (e == 0.0 or k % 25 == 0):
                lines = lines_of(seg)
                if accept(lines):
                    return lines
    return None
