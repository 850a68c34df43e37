"""Crossing The Rings (Leroy Quet, 2008): the generator is the divider.

Every sheet is random: one target per round, n equally spaced concentric circles, ring m (between
circles m and m+1) cut by radial dividers at random angles into between m and min(2^m, cap)
sections; the points where dividers meet circles are printed as dots (the chords' end points).
A score table (initials, one row per round, totals) sits under the targets.

Geometry is analytic (angles in degrees, radii in mm); shapely is used only to check a written
layout. See ``docs/fields/rings.md`` for the thresholds and the reasons.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from shapely.geometry import Polygon
from shapely.ops import unary_union

from artsheets.generator.furniture import body_rect, fit_text
from artsheets.generator.layout import Layout, Point, q
from artsheets.generator.registry import GameSpec, SheetOption
from artsheets.generator.rng import Rng
from artsheets.generator.sheet import FURNITURE, INK, Rect, Sheet, Style
from artsheets.generator.validation import Check, first_valid
from artsheets.rules.field import Field, symmetric_pairs

__all__ = [
    "GAME",
    "RingsGeometry",
    "Target",
    "build_random",
    "draw",
    "frame_plan",
    "make_geometry",
    "random_geometry",
    "section_polygon",
    "validate_geometry",
    "validate_layout",
]

# --- the field's fixed frame (mm): the part of the body both A4 and Letter have ---------------
FRAME_W, FRAME_H = 190.0, 216.4
MAX_ROUNDS = 6  # targets that fit one sheet with rings still wide enough to colour
MIN_RING = 4.0  # radial width of a ring (mm)
MIN_ARC = 5.0  # arc length of a section at its ring's inner circle (mm)
SLACK = 1.5  # the section count is drawn up to circumference / (SLACK * MIN_ARC)
POINT_GAP = 2.5  # arc between dividers of neighbouring rings on their shared circle (mm)
LABEL_H = 6.0  # room for "round r" above a target
CELL_PAD = 3.0  # white space around a target inside its grid cell
ROW_H = 6.5  # score table row
LABEL_W = 22.0  # score table row labels
TABLE_GAP = 6.0  # between the targets and the score table
DOT_R = 0.55  # intersection point dots

CIRCLE = Style(INK, 0.3)
DIVIDER = Style(INK, 0.3)
DOT = Style(None, 0, INK)
CELL = Style(INK, 0.3)


# --- the plan: where targets and table go, from the options alone ------------------------------


@dataclass(frozen=True)
class Plan:
    centres: tuple[Point, ...]  # frame mm, one per round
    ring: float  # ring width (mm), a multiple of 0.05
    table: Rect  # frame mm
    cols: int


def _table_height(rounds: int) -> float:
    return (rounds + 3) * ROW_H  # header, initials, rounds, total


def _grid(rounds: int) -> tuple[int, int, float]:
    """(cols, rows, target diameter) of the grid holding the largest targets."""
    area_h = FRAME_H - _table_height(rounds) - TABLE_GAP
    best = None
    for cols in range(1, rounds + 1):
        rows = math.ceil(rounds / cols)
        d = min(FRAME_W / cols - 2 * CELL_PAD, area_h / rows - LABEL_H - 2 * CELL_PAD)
        if best is None or d > best[2] + 1e-9:
            best = (cols, rows, d)
    assert best is not None
    return best


def max_circles(rounds: int) -> int:
    """The most circles a target holds with rings at least MIN_RING wide."""
    return int(_grid(rounds)[2] / 2 / MIN_RING)


def frame_plan(opts: Mapping[str, int]) -> Plan:
    rounds, n = opts["rounds"], opts["circles"]
    cols, rows, d = _grid(rounds)
    ring = math.floor(d / 2 / n / 0.05) * 0.05
    area_h = FRAME_H - _table_height(rounds) - TABLE_GAP
    cell_w, cell_h = FRAME_W / cols, area_h / rows
    centres = []
    for r in range(rounds):
        row, col = divmod(r, cols)
        in_row = min(cols, rounds - row * cols)
        x0 = (FRAME_W - in_row * cell_w) / 2
        cx = x0 + (col + 0.5) * cell_w
        cy = row * cell_h + LABEL_H + (cell_h - LABEL_H) / 2
        centres.append((q(cx), q(cy)))
    th = _table_height(rounds)
    tw = LABEL_W + opts["players"] * _col_w(opts["players"])
    x0 = (FRAME_W - tw) / 2
    table = Rect(q(x0), q(FRAME_H - th), q(x0 + tw), FRAME_H)
    return Plan(tuple(centres), round(ring, 2), table, cols)


def _col_w(players: int) -> float:
    return min(22.0, (FRAME_W - LABEL_W) / players)


def section_range(m: int, ring: float, cap: int) -> tuple[int, int]:
    """Allowed section counts of ring m: m..min(2^m, cap), capped by what prints well."""
    lo = min(m, cap)
    fit = int(2 * math.pi * m * ring / (SLACK * MIN_ARC))
    hi = max(lo, min(2**m, cap, fit))
    return lo, hi


def default_rounds(opts: Mapping[str, int]) -> int:
    """One round per player (each is the divider once), as the seed asks; with more players
    than targets fit one sheet, half of them (rounded up): the rest go on a second sheet."""
    players = opts["players"]
    return players if players <= MAX_ROUNDS else math.ceil(players / 2)


def check_options(opts: Mapping[str, int]) -> None:
    rounds, n = opts["rounds"], opts["circles"]
    most = max_circles(rounds)
    if n > most:
        raise ValueError(
            f"--circles {n} does not fit {rounds} round(s) on one sheet: rings must stay at "
            f"least {MIN_RING:g} mm wide, so at most {most} circles fit; use --circles {most} "
            "or fewer --rounds"
        )


# --- geometry ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    round: int
    centre: Point  # frame mm
    radii: tuple[float, ...]  # circle 1..n
    dividers: tuple[tuple[float, ...], ...]  # ring 1..n-1: angles (deg, ccw from +x), sorted


@dataclass(frozen=True)
class RingsGeometry:
    targets: tuple[Target, ...]
    table: Rect
    ring: float
    cap: int
    problems: tuple[str, ...] = ()


def _free_intervals(blocked: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """[0, 360) minus the blocked arcs (centre, half width), as sorted intervals."""
    pieces = []
    for c, w in blocked:
        a, b = c - w, c + w
        if b - a >= 360:
            return []
        a %= 360.0
        b = a + 2 * w
        if b > 360:
            pieces += [(a, 360.0), (0.0, b - 360)]
        else:
            pieces.append((a, b))
    pieces.sort()
    free, pos = [], 0.0
    for a, b in pieces:
        if a > pos:
            free.append((pos, a))
        pos = max(pos, b)
    if pos < 360:
        free.append((pos, 360.0))
    return free


def _draw_angles(rng: Rng, k: int, gap: float, avoid: list[tuple[float, float]]) -> list[float]:
    """k angles (deg) at least ``gap`` apart and outside the ``avoid`` arcs (random sequential
    placement); fewer if the circle jams."""
    blocked = list(avoid)
    out: list[float] = []
    for _ in range(k):
        free = _free_intervals(blocked)
        total = sum(b - a for a, b in free)
        if total <= 1e-9:
            break
        u = rng.uniform(0.0, total)
        for a, b in free:
            if u <= b - a:
                angle = round((a + u) % 360.0, 2) % 360.0
                break
            u -= b - a
        out.append(angle)
        blocked.append((angle, gap))
    return sorted(out)


def make_target(rng: Rng, rnd: int, centre: Point, ring: float, n: int, cap: int) -> Target:
    radii = tuple(q(i * ring) for i in range(1, n + 1))
    dividers: list[tuple[float, ...]] = []
    for m in range(1, n):
        lo, hi = section_range(m, ring, cap)
        inner = m * ring
        gap = math.degrees(MIN_ARC / inner) + 0.02  # rounding to 0.01 deg keeps the minimum
        avoid_w = math.degrees(POINT_GAP / inner) + 0.02
        avoid = [(a, avoid_w) for a in dividers[-1]] if dividers else []
        k = rng.integer(lo, hi)
        angles: list[float] = []
        for attempt in range(20):
            angles = _draw_angles(rng.child("ring", m, attempt), k, gap, avoid)
            if len(angles) == k:
                break
        dividers.append(tuple(angles))
    return Target(rnd, centre, radii, tuple(dividers))


def make_geometry(rng: Rng, opts: Mapping[str, int]) -> RingsGeometry:
    plan = frame_plan(opts)
    targets = tuple(
        make_target(rng.child("round", r), r + 1, c, plan.ring, opts["circles"], opts["cap"])
        for r, c in enumerate(plan.centres)
    )
    return RingsGeometry(targets, plan.table, plan.ring, opts["cap"])


def _arc_gap(a: float, b: float) -> float:
    d = abs(a - b) % 360.0
    return min(d, 360.0 - d)


def validate_targets(targets: Sequence[Target], cap: int) -> list[Check]:
    bad_count, bad_arc, bad_points, bad_ring = [], [], [], []
    for t in targets:
        ring = t.radii[0]
        if any(abs(r - (i + 1) * ring) > 0.011 for i, r in enumerate(t.radii)) or ring < MIN_RING:
            bad_ring.append(f"round {t.round}")
        for m, angles in enumerate(t.dividers, start=1):
            lo, hi = section_range(m, ring, cap)
            if not lo <= len(angles) <= hi:
                bad_count.append(f"round {t.round} ring {m}: {len(angles)} not in {lo}..{hi}")
            inner = t.radii[m - 1]
            s = sorted(angles)
            gaps = [b - a for a, b in itertools.pairwise(s)]
            if len(s) > 1:
                gaps.append(s[0] + 360.0 - s[-1])
            if gaps and min(gaps) * math.pi / 180 * inner < MIN_ARC - 0.01:
                bad_arc.append(f"round {t.round} ring {m}")
            if m > 1:
                shared = t.radii[m - 1]
                near = min(
                    (_arc_gap(a, b) for a in angles for b in t.dividers[m - 2]), default=360.0
                )
                if near * math.pi / 180 * shared < POINT_GAP - 0.01:
                    bad_points.append(f"round {t.round} circle {m}")
    return [
        Check(
            f"rings equally spaced, >= {MIN_RING:g} mm wide",
            not bad_ring,
            ", ".join(bad_ring) or "yes",
        ),
        Check("section counts in range", not bad_count, "; ".join(bad_count[:3]) or "all"),
        Check(
            f"every section >= {MIN_ARC:g} mm along its inner circle",
            not bad_arc,
            ", ".join(bad_arc[:3]) or "all",
        ),
        Check(
            f"intersection points >= {POINT_GAP:g} mm apart",
            not bad_points,
            ", ".join(bad_points[:3]) or "all distinct",
        ),
    ]


def validate_geometry(geom: RingsGeometry, opts: Mapping[str, int]) -> list[Check]:
    checks = [Check("construction", not geom.problems, "; ".join(geom.problems[:3]) or "ok")]
    checks.append(
        Check("one target per round", len(geom.targets) == opts["rounds"], f"{len(geom.targets)}")
    )
    checks += validate_targets(geom.targets, geom.cap)
    return checks


def random_geometry(rng: Rng, opts: Mapping[str, int]) -> tuple[RingsGeometry, int]:
    return first_valid(rng, lambda r: make_geometry(r, opts), lambda g: validate_geometry(g, opts))


# --- sections ---------------------------------------------------------------------------------


def sections(t: Target) -> list[tuple[int, float, float]]:
    """(ring, a0, a1) of every section of a target, ring by ring, by start angle."""
    out = []
    for m, angles in enumerate(t.dividers, start=1):
        s = sorted(angles)
        if len(s) == 1:
            out.append((m, s[0], round(s[0] + 360.0, 2)))
            continue
        for i, a in enumerate(s):
            b = s[(i + 1) % len(s)] + (360.0 if i == len(s) - 1 else 0.0)
            out.append((m, round(a, 2), round(b, 2)))
    return out


def _pt(c: Point, r: float, deg: float) -> Point:
    a = math.radians(round(deg % 360.0, 2))
    return (q(c[0] + r * math.cos(a)), q(c[1] - r * math.sin(a)))


def circle_angles(t: Target) -> list[list[float]]:
    """Per circle (index 0..n-1): the angles (deg, sorted, in [0, 360)) where section outlines
    put a vertex: a regular grid fine enough for 0.03 mm sagitta, plus every divider end on that
    circle. Both sections meeting along a circle use the same vertices, so they share edges."""
    out = []
    for i, r in enumerate(t.radii):
        step = min(4.0, math.degrees(2 * math.acos(1 - 0.03 / r)))
        n = math.ceil(360.0 / step)
        angles = {round(360.0 * k / n, 2) for k in range(n)}
        for m in (i, i + 1):  # ring i ends on circle i+1 (index i); ring i+1 starts there
            if 1 <= m <= len(t.dividers):
                angles.update(round(a % 360.0, 2) for a in t.dividers[m - 1])
        out.append(sorted(angles))
    return out


def _arc(c: Point, r: float, a0: float, a1: float, grid: Sequence[float]) -> list[Point]:
    """Points along a circle from a0 to a1 (a0 < a1, deg), through the circle's vertex grid."""
    inner = []
    for g in grid:
        k = math.ceil((a0 - g) / 360.0)
        for a in (g + 360.0 * k, g + 360.0 * (k + 1)):
            if a0 + 1e-6 < a < a1 - 1e-6:
                inner.append(a)
    return [_pt(c, r, a) for a in [a0, *sorted(inner), a1]]


def section_polygon(
    c: Point, radii: Sequence[float], grids: Sequence[Sequence[float]], m: int, a0: float, a1: float
) -> tuple[list[Point], list[list[Point]] | None]:
    """(outer ring, holes) of the section of ring m from a0 to a1; a ring of one section is a
    full annulus (one divider cuts it but leaves it whole)."""
    r0, r1 = radii[m - 1], radii[m]
    g0, g1 = grids[m - 1], grids[m]
    if a1 - a0 >= 360.0 - 1e-9:
        outer = _arc(c, r1, a0, a0 + 360.0, g1)[:-1]
        hole = _arc(c, r0, a0, a0 + 360.0, g0)[:-1]
        return outer, [hole[::-1]]
    return _arc(c, r1, a0, a1, g1) + _arc(c, r0, a0, a1, g0)[::-1], None


def _overlap(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Length of overlap (deg) of two angular intervals on the circle."""
    best = 0.0
    for shift in (-360.0, 0.0, 360.0):
        lo = max(a[0], b[0] + shift)
        hi = min(a[1], b[1] + shift)
        best = max(best, hi - lo)
    return best


def section_neighbours(
    secs: Sequence[tuple[str, int, float, float]],
) -> list[tuple[str, str]]:
    """Pairs of sections sharing a boundary of positive length (one target)."""
    pairs = []
    by_ring: dict[int, list[tuple[str, float, float]]] = {}
    for sid, m, a0, a1 in secs:
        by_ring.setdefault(m, []).append((sid, a0, a1))
    for m in sorted(by_ring):
        ring = by_ring[m]
        if len(ring) > 1:
            for i in range(len(ring)):
                pairs.append((ring[i][0], ring[(i + 1) % len(ring)][0]))
        for sid, a0, a1 in ring:
            for sid2, b0, b1 in by_ring.get(m + 1, []):
                if _overlap((a0, a1), (b0, b1)) > 1e-6:
                    pairs.append((sid, sid2))
    return pairs


# --- drawing ----------------------------------------------------------------------------------


def _frame_origin(body: Rect) -> Point:
    return (q(body.cx - FRAME_W / 2), q(body.y0 + (body.h - FRAME_H) / 2))


def _score_table(sheet: Sheet, table: Rect, players: int, rounds: int) -> None:
    cw = _col_w(players)
    rows = ["initials", *[f"round {r}" for r in range(1, rounds + 1)], "total"]
    x_cells = table.x0 + LABEL_W
    y = table.y0
    for p in range(1, players + 1):
        x = x_cells + (p - 1) * cw
        sheet.text(
            (x + cw / 2, y + ROW_H - 2.0),
            f"player {p}",
            fit_text(f"player {p}", 2.6, cw - 1.5),
            "middle",
            fill=FURNITURE,
        )
    for i, label in enumerate(rows):
        y0 = table.y0 + (i + 1) * ROW_H
        sheet.text((table.x0 + LABEL_W - 2.5, y0 + ROW_H - 2.0), label, 2.6, "end", fill=FURNITURE)
        for p in range(1, players + 1):
            x = x_cells + (p - 1) * cw
            r = Rect(x + 0.6, y0 + 0.6, x + cw - 0.6, y0 + ROW_H - 0.6)
            if label == "initials":
                sheet.box(r, f"score-p{p}-x", "score_box", CELL, player=p, role="initials")
            elif label == "total":
                sheet.box(r, f"score-p{p}-t", "score_box", Style(INK, 0.5), player=p, role="total")
            else:
                rnd = i
                sheet.box(
                    r, f"score-p{p}-r{rnd}", "score_box", CELL, player=p, role="round", round=rnd
                )


def draw(sheet: Sheet, geom: RingsGeometry, opts: Mapping[str, int]) -> Field:
    ox, oy = _frame_origin(sheet.body)

    def at(p: Point) -> Point:
        return (q(p[0] + ox), q(p[1] + oy))

    spaces: list[str] = []
    groups: dict[str, tuple[str, ...]] = {}
    attrs: dict[str, dict[str, Any]] = {}
    pairs: list[tuple[str, str]] = []
    rounds_data = []
    n = 0
    for t in geom.targets:
        c = at(t.centre)
        gid = f"round-{t.round}"
        secs = []
        grids = circle_angles(t)
        for m, a0, a1 in sections(t):
            n += 1
            sid = f"space-{n}"
            outer, holes = section_polygon(c, t.radii, grids, m, a0, a1)
            sheet.add_region(
                sid, "space", polygon=outer, holes=holes, group=gid, ring=m, a0=a0, a1=a1
            )
            attrs[sid] = {"round": t.round, "ring": m, "a0": a0, "a1": a1}
            secs.append((sid, m, a0, a1))
            spaces.append(sid)
        groups[gid] = tuple(s[0] for s in secs)
        pairs += section_neighbours(secs)
        for r in t.radii:
            sheet.circle(c, r, CIRCLE)
        for m, angles in enumerate(t.dividers, start=1):
            for a in angles:
                sheet.path([_pt(c, t.radii[m - 1], a), _pt(c, t.radii[m], a)], DIVIDER)
        for m, angles in enumerate(t.dividers, start=1):
            for a in angles:
                for r in (t.radii[m - 1], t.radii[m]):
                    sheet.circle(_pt(c, r, a), DOT_R, DOT)
        sheet.text(
            (c[0], c[1] - t.radii[-1] - 2.2), f"round {t.round}", 3.2, "middle", fill=FURNITURE
        )
        rounds_data.append(
            {
                "center": list(c),
                "radii": list(t.radii),
                "dividers": {str(m): list(a) for m, a in enumerate(t.dividers, start=1)},
            }
        )
    tb = geom.table
    _score_table(
        sheet, Rect(*at((tb.x0, tb.y0)), *at((tb.x1, tb.y1))), opts["players"], opts["rounds"]
    )
    return Field(
        game="rings",
        field_id=sheet.field_id,
        spaces=tuple(spaces),
        adjacent=symmetric_pairs(pairs, spaces),
        corner=symmetric_pairs([], spaces),
        groups=groups,
        attrs=attrs,
        data={"rounds": rounds_data},
    )


def build_random(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
    assert rng is not None
    geom, _ = random_geometry(rng, opts)
    return draw(sheet, geom, opts)


# --- checking a written layout --------------------------------------------------------------


def validate_layout(layout: Layout) -> list[Check]:
    """Re-check a written Rings layout: counts, arcs, points, tiling, topology."""
    topo = layout.topology
    if topo is None:
        return [Check("topology present", False, "the layout has no topology")]
    cap = int(layout.options.get("cap", 16))
    rounds = topo.data.get("rounds", [])
    targets = [
        Target(
            i + 1,
            tuple(rd["center"]),
            tuple(rd["radii"]),
            tuple(tuple(rd["dividers"][str(m)]) for m in range(1, len(rd["radii"]))),
        )
        for i, rd in enumerate(rounds)
    ]
    checks = [
        Check(
            "one target per round",
            len(targets) == layout.options.get("rounds"),
            f"{len(targets)} targets",
        )
    ]
    checks += validate_targets(targets, cap)
    body = body_rect(layout.page)
    regions = {r.id: r for r in layout.regions}
    invalid, untiled, overlap, expected = [], [], [], []
    for t in targets:
        gid = f"round-{t.round}"
        ids = list(topo.groups.get(gid, ()))
        polys = []
        for sid in ids:
            r = regions.get(sid)
            if r is None or r.polygon is None:
                invalid.append(sid)
                continue
            p = Polygon(r.polygon, r.holes or None)
            if not p.is_valid:
                invalid.append(sid)
            polys.append(p)
        want = sum(len(d) for d in t.dividers)
        if len(ids) != want:
            expected.append(f"{gid}: {len(ids)} sections, dividers say {want}")
        union = unary_union(polys)
        ring_area = math.pi * (t.radii[-1] ** 2 - t.radii[0] ** 2)
        if abs(union.area - ring_area) > 0.01 * ring_area:
            untiled.append(gid)
        if sum(p.area for p in polys) - union.area > 0.5:
            overlap.append(gid)
    checks += [
        Check("sections are valid polygons", not invalid, ", ".join(invalid[:5]) or "all"),
        Check("one section per divider", not expected, "; ".join(expected[:3]) or "yes"),
        Check("sections tile each target's rings", not untiled, ", ".join(untiled) or "yes"),
        Check("sections do not overlap", not overlap, ", ".join(overlap) or "none"),
    ]
    outside = [
        r.id
        for r in layout.regions
        if r.polygon
        and r.kind != "key"
        and not all(
            body.x0 - 0.01 <= x <= body.x1 + 0.01 and body.y0 - 0.01 <= y <= body.y1 + 0.01
            for x, y in r.polygon
        )
    ]
    checks.append(Check("field inside the body", not outside, ", ".join(outside[:5]) or "yes"))
    pairs: list[tuple[str, str]] = []
    for t in targets:
        secs = [
            (s, int(topo.attrs[s]["ring"]), float(topo.attrs[s]["a0"]), float(topo.attrs[s]["a1"]))
            for s in topo.groups.get(f"round-{t.round}", ())
        ]
        pairs += section_neighbours(secs)
    adjacent = symmetric_pairs(pairs, topo.spaces)
    same = all(set(adjacent[s]) == set(topo.adjacent.get(s, ())) for s in topo.spaces)
    checks.append(Check("topology matches the sections", same, "adjacency recomputed"))
    problems = topo.check_symmetric()
    checks.append(Check("topology symmetric", not problems, "; ".join(problems[:3])))
    players = int(layout.options.get("players", 0))
    nrounds = int(layout.options.get("rounds", 0))
    want_ids = [f"score-p{p}-{s}" for p in range(1, players + 1) for s in ("x", "t")] + [
        f"score-p{p}-r{r}" for p in range(1, players + 1) for r in range(1, nrounds + 1)
    ]
    missing = [i for i in want_ids if i not in regions]
    checks.append(Check("score table complete", not missing, ", ".join(missing[:5]) or "yes"))
    return checks


GAME = GameSpec(
    name="rings",
    title="Crossing The Rings",
    order=8,
    players=(2, 8),
    reminder="Each player draws one straight line between two dots and colours every empty "
    "section it crosses; the divider draws last. A section of your colour scores 1.",
    options=(
        SheetOption("players", "P", 3, 2, 8, "number of players"),
        SheetOption(
            "rounds",
            "R",
            default_rounds,
            1,
            MAX_ROUNDS,
            f"targets on the sheet (at most {MAX_ROUNDS} fit); default one per player, "
            "with 7-8 players half of them (a second sheet for the rest)",
        ),
        SheetOption("circles", "N", 6, 3, 12, "concentric circles per target"),
        SheetOption("cap", "C", 16, 2, 64, "most sections in one ring"),
    ),
    versions={1: build_random},
    standard=None,
    colours=lambda o: o["players"],
    check_options=check_options,
    validate=validate_layout,
)
