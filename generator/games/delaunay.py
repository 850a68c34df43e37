"""Delaunay (Sid Sackson, 1975): nine sections separated by heavy lines, each split by dotted
lines into 19 to 24 spaces, and three penalty rows at the foot of the sheet.

Field. A 186 x 178 mm rectangle cut into a 3 x 3 grid of curved sections: the inner section
corners are nudged and every inner border bows gently (a shallow arc), so the sections are soft,
irregular shapes. Each section holds one Orphist motif in the manner of Robert and Sonia
Delaunay's "simultaneous discs": concentric circles whose rings are cut by radial lines at their
own angles (a brick pattern of ring pieces). The motif is either a disc around a point inside
the section (its largest circle sometimes runs past the section's border) or a fan of arcs
around one of the section's corners. Every section is re-drawn from its own sub-seed until it
has 19 to 24 spaces that are all big enough to colour; see ``docs/fields/delaunay.md``.

Penalty rows. Three rows of boxes: an X box for initials and ``PENALTY_BOXES`` boxes each. Three
players: one row each. Four players: two teams (players 1 and 3, players 2 and 4) use rows 1
and 2. Two players: each uses two colours (player 1 colours 1 and 3, player 2 colours 2 and 4)
and rows 1 and 2. A row nobody uses is printed light.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping

import numpy as np
import shapely
from shapely.geometry import Point, Polygon
from shapely.ops import polylabel

from artsheets.generator.furniture import fit_text
from artsheets.generator.games.delaunay_shapes import (
    COLS,
    FIELD_H,
    FIELD_W,
    ROWS,
    DelaunayGeometry,
    Motif,
    pieces,
    section_outline,
    section_pieces,
)
from artsheets.generator.layout import Layout
from artsheets.generator.registry import GameSpec, SheetOption
from artsheets.generator.rng import Rng
from artsheets.generator.sheet import FURNITURE, INK, SOFT, Rect, Sheet, Style
from artsheets.generator.templates import load_template
from artsheets.generator.topology import polygon_neighbours
from artsheets.generator.validation import Check, check_min_area, check_min_width, first_valid
from artsheets.rules.field import Field
from artsheets.rules.games.delaunay import PENALTY_BOXES

__all__ = [
    "GAME",
    "MAX_SPACES",
    "MIN_SPACES",
    "PENALTY_BOXES",
    "PENALTY_ROWS",
    "SECTIONS",
    "draw",
    "freeze_standard",
    "make_geometry",
    "random_geometry",
    "section_checks",
    "validate_geometry",
    "validate_layout",
]

SECTIONS = ROWS * COLS
MIN_SPACES, MAX_SPACES = 19, 24
PENALTY_ROWS = 3
# PENALTY_BOXES (per row; see docs/fields/delaunay.md for the estimate) is the rules' own.

MIN_AREA_MM2 = 35.0  # an average space is about 170 mm2
MIN_WIDTH_MM = 4.0  # every space holds a 4 mm disc
NECK_MM = 2.5  # no space is two lobes joined by a neck narrower than this
MIN_JOIN_GAP_MM = 2.0  # radial lines meeting a circle from both sides stay this far apart
SECTION_TRIES = 80
FAN_SHARE = 0.45  # share of section draws that try a fan of arcs round a corner

LIGHT = "#b0b0b0"
HEAVY = Style(INK, 0.8)
DOTTED = Style(INK, 0.3, dash=(0.9, 0.9))


# --- geometry --------------------------------------------------------------------------------


def _r(x: float) -> float:
    return round(float(x), 2) + 0.0


def _grid(rng: Rng) -> tuple[tuple[tuple[float, float], ...], ...]:
    def cuts(total: float) -> list[float]:
        w = [1.0 + rng.uniform(-0.08, 0.08) for _ in range(3)]
        s = sum(w)
        return [0.0, total * w[0] / s, total * (w[0] + w[1]) / s, total]

    xs, ys = cuts(FIELD_W), cuts(FIELD_H)
    grid = []
    for i in range(ROWS + 1):
        row = []
        for j in range(COLS + 1):
            x, y = xs[j], ys[i]
            if 0 < j < COLS:
                x += rng.uniform(-5.0, 5.0)
            if 0 < i < ROWS:
                y += rng.uniform(-5.0, 5.0)
            row.append((_r(x), _r(y)))
        grid.append(tuple(row))
    return tuple(grid)


def _sagittas(rng: Rng) -> tuple[tuple[float, ...], ...]:
    out = []
    for _ in range(2):
        out.append(tuple(_r(rng.choice((-1, 1)) * rng.uniform(2.0, 6.5)) for _ in range(3)))
    return tuple(out)


PIECE_MM2 = 75.0  # aim: no ring piece smaller than this
PIECE_ARC_MM = 8.0  # aim: no ring piece shorter than this along its middle arc
OFFSET_CANDIDATES = 32


def _gap(angles: tuple[float, ...], others: tuple[float, ...], radius: float) -> float:
    """Smallest arc distance (mm) on a circle of ``radius`` between rays of two bands."""
    best = math.inf
    for a in angles:
        for b in others:
            d = abs((a - b + 180.0) % 360.0 - 180.0)
            best = min(best, math.radians(d) * radius)
    return best


def _band(
    rng: Rng,
    n: int,
    inner: tuple[float, ...],
    radius: float,
    lo: float = 0.0,
    hi: float = 360.0,
) -> tuple[float, ...]:
    """n jittered ray angles, spread round a full turn or inside (lo, hi) for a fan, placed
    (among a few candidates) as far as possible from the rays of the band inside, which meet
    the same circle of ``radius`` from the other side."""
    if n == 0:
        return ()
    fan = hi - lo < 360.0
    step = (hi - lo) / (n + 1) if fan else 360.0 / n
    best: tuple[float, tuple[float, ...]] | None = None
    for _ in range(OFFSET_CANDIDATES):
        jit = [rng.uniform(-0.15, 0.15) * step for _ in range(n)]
        if fan:
            out = [lo + (k + 1) * step + jit[k] for k in range(n)]
        else:
            u = rng.uniform(0.0, 360.0)
            out = [(u + k * step + jit[k]) % 360.0 for k in range(n)]
        cand = tuple(sorted(_r(x) for x in out))
        score = _gap(cand, inner, radius) if inner else 0.0
        if best is None or score > best[0]:
            best = (score, cand)
        if not inner:
            break
    assert best is not None
    return best[1]


def _band_caps(sec: Polygon, center: Point, radii: tuple[float, ...], span: float) -> list[int]:
    """How many pieces each band can take and keep them big: by area inside the section and by
    the length of its middle arc (``span`` degrees of it)."""
    caps = []
    prev = 0.0
    for r in (*radii, None):
        if r is None:
            area = sec.difference(center.buffer(prev, 64)).area
            mid_arc = 1e9
        else:
            ring = (
                center.buffer(r, 64).difference(center.buffer(prev, 64))
                if prev
                else center.buffer(r, 64)
            )
            area = sec.intersection(ring).area
            mid_arc = math.radians(span) * (r + prev) / 2.0
        caps.append(max(1, min(int(area // PIECE_MM2), int(mid_arc // PIECE_ARC_MM))))
        if r is not None:
            prev = r
    return caps


def _counts(rng: Rng, caps: list[int], lows: list[int], target: int) -> list[int] | None:
    """Pieces per band, each within [low, cap], summing to ``target`` (None if impossible)."""
    if sum(lows) > target or sum(max(lo, c) for lo, c in zip(lows, caps, strict=True)) < target:
        return None
    n = [rng.integer(lo, max(lo, min(c, lo + 2))) for lo, c in zip(lows, caps, strict=True)]
    for _ in range(200):
        total = sum(n)
        if total == target:
            return n
        k = rng.below(len(n))
        if total < target and n[k] < max(lows[k], caps[k]):
            n[k] += 1
        elif total > target and n[k] > lows[k]:
            n[k] -= 1
    return None


RING_MM = 5.0  # narrowest ring between two circles
CROSS_MM = 4.5  # a circle keeps this far from the radii where it would graze the border


def _extrema(sec: Polygon, center: Point, corners: list[tuple[float, float]]) -> list[float]:
    """Distances from ``center`` at which a circle would graze the section's border or clip a
    corner: the section's corners and the local minima and maxima of the distance along the
    border (densely sampled)."""
    out = [x for x in (center.distance(Point(c)) for c in corners) if x > 0.5]
    ring = sec.exterior
    n = max(200, int(ring.length / 0.5))
    pts = shapely.line_interpolate_point(ring, np.arange(n) / n, normalized=True)
    d = shapely.distance(pts, center)
    w = 16  # compare with 8 mm of border either side: polyline kinks are not extrema
    win = np.lib.stride_tricks.sliding_window_view(np.concatenate([d[-w:], d, d[:w]]), 2 * w + 1)
    keep = (d > 0.5) & ((d == win.min(axis=1)) | (d == win.max(axis=1)))
    return out + d[keep].tolist()


def _radii_ok(radii: tuple[float, ...], extrema: list[float]) -> bool:
    gaps = [b - a for a, b in itertools.pairwise(radii)]
    if radii[0] < RING_MM or min(gaps) < RING_MM:
        return False
    return all(abs(r - e) >= CROSS_MM for r in radii for e in extrema)


def _disc_motif(
    rng: Rng, sec: Polygon, label: Point, corners: list[tuple[float, float]]
) -> Motif | None:
    r_in0 = sec.exterior.distance(label)
    a = rng.uniform(0.0, 2.0 * math.pi)
    off = rng.uniform(0.0, 0.15) * r_in0
    center = Point(_r(label.x + off * math.cos(a)), _r(label.y + off * math.sin(a)))
    r_in = sec.exterior.distance(center)
    clipped = rng.random() < 0.3
    r_max = r_in + rng.uniform(4.0, 14.0) if clipped else r_in - rng.uniform(4.5, 7.5)
    r0 = rng.uniform(4.6, 7.0)
    rings = min(3, int((r_max - r0) / 5.5))  # as many rings (up to 3) as fit 5.5 mm wide
    if rings < 2:
        return None
    w = [rng.uniform(0.8, 1.25) for _ in range(rings)]
    span = (r_max - r0) / sum(w)
    radii = tuple(_r(r0 + sum(w[:k]) * span) for k in range(rings + 1))
    if not _radii_ok(radii, _extrema(sec, center, corners)):
        return None
    caps = _band_caps(sec, center, radii, 360.0)
    caps[0] = min(caps[0], 4)
    caps[-1] = min(caps[-1], 8)
    # The inner disc is whole (1) or cut in 2-4; rings in 3 or more; outside in 3 or more.
    lows = [1] + [3] * rings + [3]
    n = _counts(rng, caps, lows, rng.integer(MIN_SPACES, MAX_SPACES))
    if n is None:
        return None
    rays = [0 if n[0] == 1 else n[0], *n[1:]]
    bands: list[tuple[float, ...]] = []
    for j, k in enumerate(rays):
        inner = bands[-1] if bands else ()
        bands.append(_band(rng, k, inner, radii[j - 1] if j else 0.0))
    return Motif((center.x, center.y), radii, tuple(bands))


def _fan_motif(rng: Rng, sec: Polygon, corners: list[tuple[float, float]]) -> Motif | None:
    cx, cy = rng.choice(corners)
    pts = list(sec.exterior.coords)[:-1]
    mid = sec.centroid
    base = math.degrees(math.atan2(mid.y - cy, mid.x - cx))
    angs, dists = [], []
    for x, y in pts:
        d = math.hypot(x - cx, y - cy)
        if d < 1e-6:
            continue
        a = math.degrees(math.atan2(y - cy, x - cx))
        angs.append(base + ((a - base + 180.0) % 360.0 - 180.0))
        dists.append(d)
    lo, hi, far = min(angs), max(angs), max(dists)
    center = Point(_r(cx), _r(cy))
    extrema = _extrema(sec, center, corners)
    for _ in range(40):  # radii that neither graze the border nor clip a corner
        fr = (
            rng.uniform(0.17, 0.27),
            rng.uniform(0.36, 0.46),
            rng.uniform(0.54, 0.64),
            rng.uniform(0.72, 0.84),
        )
        radii = tuple(_r(f * far) for f in fr)
        if _radii_ok(radii, extrema):
            break
    else:
        return None
    caps = _band_caps(sec, center, radii, hi - lo)
    n = _counts(rng, caps, [2, 3, 3, 3, 3], rng.integer(MIN_SPACES, MAX_SPACES))
    if n is None:
        return None
    bands: list[tuple[float, ...]] = []
    for j, k in enumerate(n):
        inner = bands[-1] if bands else ()
        bands.append(_band(rng, k - 1, inner, radii[j - 1] if j else 0.0, lo, hi))
    return Motif((center.x, center.y), radii, tuple(bands))


def _section_corners(geom_grid, r: int, c: int) -> list[tuple[float, float]]:
    g = geom_grid
    return [g[r][c], g[r][c + 1], g[r + 1][c + 1], g[r + 1][c]]


def _join_gap(motif: Motif) -> float:
    """Closest approach (mm, along the circle) of radial lines meeting a circle from its two
    sides: a general-position measure (no near-continuous ray, no cramped T-junctions)."""
    worst = math.inf
    for j, radius in enumerate(motif.radii):
        worst = min(worst, _gap(motif.bands[j], motif.bands[j + 1], radius))
    return worst


def section_checks(outline: list[tuple[float, float]], motif: Motif) -> list[Check]:
    """Every constraint one section must meet (count, printability, general position)."""
    gap = _join_gap(motif)
    checks = [
        Check(
            f"radial lines meet circles >= {MIN_JOIN_GAP_MM:g} mm apart",
            gap >= MIN_JOIN_GAP_MM,
            f"closest {gap:.1f} mm",
        )
    ]
    spaces, _ = section_pieces(outline, motif)
    polys = [(f"#{i + 1}", Polygon(s)) for i, s in enumerate(spaces)]
    n = len(spaces)
    checks += [
        Check(f"{MIN_SPACES}-{MAX_SPACES} spaces", MIN_SPACES <= n <= MAX_SPACES, f"{n}"),
        Check("every space valid", all(p.is_valid for _, p in polys)),
        check_min_area(polys, MIN_AREA_MM2),
        check_min_width(polys, MIN_WIDTH_MM),
    ]
    necked = [i for i, p in polys if p.buffer(-NECK_MM / 2).geom_type != "Polygon"]
    checks.append(Check(f"no neck under {NECK_MM:g} mm", not necked, ", ".join(necked[:3])))
    sec = Polygon(outline)
    cover = sum(p.area for _, p in polys)
    checks.append(Check("spaces tile the section", abs(cover - sec.area) < 0.5, f"{cover:.1f}"))
    return checks


def _section_ok(outline: list[tuple[float, float]], motif: Motif) -> bool:
    """section_checks, cheapest first and stopping at the first failure."""
    if _join_gap(motif) < MIN_JOIN_GAP_MM:
        return False
    spaces, _ = section_pieces(outline, motif)
    if not MIN_SPACES <= len(spaces) <= MAX_SPACES:
        return False
    return all(ch.ok for ch in section_checks(outline, motif))


def make_geometry(rng: Rng, opts: Mapping[str, int] | None = None) -> DelaunayGeometry:
    """One candidate field. Each section's motif is re-drawn from its own sub-seeds until the
    section passes :func:`section_checks` (at most ``SECTION_TRIES`` times)."""
    grid = _grid(rng.child("grid"))
    sag_h, sag_v = _sagittas(rng.child("sag-h")), _sagittas(rng.child("sag-v"))
    shell = DelaunayGeometry(grid, sag_h, sag_v, ())
    motifs = []
    for r in range(ROWS):
        for c in range(COLS):
            outline = section_outline(shell, r, c)
            sec = Polygon(outline)
            label = polylabel(sec, tolerance=0.2)
            corners = _section_corners(grid, r, c)
            base = rng.child("section", r * COLS + c)
            motif = fallback = Motif((0.0, 0.0), (), ((),))
            for t in range(SECTION_TRIES):
                sub = base.child("try", t)
                if sub.random() < FAN_SHARE:
                    motif = _fan_motif(sub, sec, corners)
                else:
                    motif = _disc_motif(sub, sec, label, corners)
                if motif is not None and _section_ok(outline, motif):
                    break
            motifs.append(motif or fallback)
    return DelaunayGeometry(grid, sag_h, sag_v, tuple(motifs))


def validate_geometry(geom: DelaunayGeometry, opts: Mapping[str, int] | None = None) -> list[Check]:
    checks = [Check(f"{SECTIONS} sections", len(geom.motifs) == SECTIONS)]
    if len(geom.motifs) != SECTIONS:
        return checks
    failed = []
    for r in range(ROWS):
        for c in range(COLS):
            k = r * COLS + c
            bad = [ch.line() for ch in section_checks(section_outline(geom, r, c), geom.motifs[k])]
            bad = [b for b in bad if b.startswith("FAIL")]
            if bad:
                failed.append(f"section-{k + 1}: {bad[0]}")
    checks.append(Check("every section valid and printable", not failed, "; ".join(failed[:3])))
    secs = [Polygon(s) for s in pieces(geom).sections]
    total = sum(p.area for p in secs)
    checks.append(
        Check(
            "sections tile the field",
            abs(total - FIELD_W * FIELD_H) < 1.0 and all(p.is_valid for p in secs),
            f"{total:.1f} of {FIELD_W * FIELD_H:.1f} mm2",
        )
    )
    return checks


def random_geometry(
    rng: Rng, opts: Mapping[str, int] | None = None
) -> tuple[DelaunayGeometry, int]:
    return first_valid(rng, lambda r: make_geometry(r, opts), lambda g: validate_geometry(g, opts))


def freeze_standard(seed: int) -> dict:
    geom, _ = random_geometry(Rng.derive("delaunay", "standard", seed), {"players": 4})
    return geom.to_data()


# --- drawing ---------------------------------------------------------------------------------

ROW_H = 5.2
ROW_GAP = 2.6
HEAD_H = 5.0
BLOCK_GAP = 7.0
LABEL_W = 36.0


def _row_labels(players: int) -> list[tuple[str, bool]]:
    """(label, in use) for the three penalty rows."""
    if players == 3:
        return [(f"player {k}", True) for k in (1, 2, 3)]
    if players == 4:
        return [
            ("team 1: players 1 & 3", True),
            ("team 2: players 2 & 4", True),
            ("not used by teams", False),
        ]
    return [
        ("player 1: colours 1 & 3", True),
        ("player 2: colours 2 & 4", True),
        ("not used by 2 players", False),
    ]


def _penalty_rows(sheet: Sheet, y0: float, players: int) -> None:
    body = sheet.body
    x0, x1 = body.x0 + 2.0, body.x1 - 2.0
    sheet.text(
        (x0, y0 + 3.4),
        "penalty boxes",
        3.0,
        bold=True,
    )
    sheet.text(
        (x1, y0 + 3.4),
        "colour one box each time you cannot fill a space; the lowest total wins",
        2.4,
        "end",
        fill=SOFT,
    )
    y = y0 + HEAD_H
    size = (x1 - x0 - LABEL_W - 12.0 - 3.0) / PENALTY_BOXES
    for k, (label, used) in enumerate(_row_labels(players), start=1):
        colour = INK if used else LIGHT
        sheet.text(
            (x0, y + ROW_H / 2 + 1.0),
            label,
            fit_text(label, 2.8, LABEL_W - 2.0),
            fill=FURNITURE if used else LIGHT,
        )
        xb = Rect(x0 + LABEL_W, y, x0 + LABEL_W + 12.0, y + ROW_H)
        sheet.box(xb, f"score-p{k}-x", "score_box", Style(colour, 0.35), player=k, role="initials")
        sheet.text((xb.x0 + 1.0, xb.y0 + 2.4), "X", 2.0, fill=SOFT if used else LIGHT)
        bx = xb.x1 + 3.0
        pad = 0.45
        for n in range(PENALTY_BOXES):
            cell = Rect(bx + n * size + pad, y + 0.6, bx + (n + 1) * size - pad, y + ROW_H - 0.6)
            heavy = (n + 1) % 5 == 0
            sheet.box(
                cell,
                f"score-p{k}-box-{n + 1}",
                "score_box",
                Style(colour, 0.35 if heavy else 0.22),
                player=k,
                role="penalty",
                value=n + 1,
            )
        y += ROW_H + ROW_GAP


def _block_h() -> float:
    return HEAD_H + PENALTY_ROWS * ROW_H + (PENALTY_ROWS - 1) * ROW_GAP


def draw(sheet: Sheet, geom: DelaunayGeometry, opts: Mapping[str, int]) -> Field:
    body = sheet.body
    players = opts.get("players", 4)
    total_h = FIELD_H + BLOCK_GAP + _block_h()
    oy = body.y0 + (body.h - total_h) / 2
    ox = body.cx - FIELD_W / 2

    def page(pts) -> list[tuple[float, float]]:
        return [(ox + x, oy + y) for x, y in pts]

    pcs = pieces(geom)
    polys: dict[str, Polygon] = {}
    groups: dict[str, tuple[str, ...]] = {}
    n = 0
    for k in range(SECTIONS):
        gid = f"section-{k + 1}"
        members = []
        for ring in pcs.spaces[k]:
            n += 1
            sid = f"space-{n}"
            pts = page(ring)
            sheet.add_region(sid, "space", polygon=pts, group=gid)
            polys[sid] = Polygon(pts)
            members.append(sid)
        groups[gid] = tuple(members)
        for line in pcs.dotted[k]:
            sheet.path(page(line), DOTTED)
    for k in range(SECTIONS):
        sheet.path(page(pcs.sections[k]), HEAVY, closed=True)
    sheet.rect(Rect(ox, oy, ox + FIELD_W, oy + FIELD_H), Style(INK, 1.0))

    _penalty_rows(sheet, oy + FIELD_H + BLOCK_GAP, players)

    adjacent, corner = polygon_neighbours(polys)
    return Field(
        game="delaunay",
        field_id=sheet.field_id,
        spaces=tuple(polys),
        adjacent=adjacent,
        corner=corner,
        groups=groups,
        data={"penalty_rows": PENALTY_ROWS, "penalty_boxes": PENALTY_BOXES},
    )


def build_random(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
    assert rng is not None
    geom, _ = random_geometry(rng, opts)
    return draw(sheet, geom, opts)


def build_standard(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
    return draw(sheet, DelaunayGeometry.from_data(load_template("delaunay")), opts)


def validate_layout(layout: Layout) -> list[Check]:
    """Re-check a written Delaunay layout: nine sections of 19-24 valid, printable spaces that
    tile each section; adjacency consistent with the geometry; three penalty rows."""
    checks = []
    topo = layout.topology
    spaces = {r.id: r for r in layout.regions if r.kind == "space"}
    groups = topo.groups if topo is not None else {}
    checks.append(
        Check(
            f"{SECTIONS} sections",
            sorted(groups) == sorted(f"section-{k}" for k in range(1, SECTIONS + 1)),
        )
    )
    counts = {g: len(m) for g, m in groups.items()}
    bad = {g: c for g, c in counts.items() if not MIN_SPACES <= c <= MAX_SPACES}
    checks.append(
        Check(f"{MIN_SPACES}-{MAX_SPACES} spaces per section", not bad, f"{bad}" if bad else "")
    )
    polys = {i: Polygon(r.polygon) for i, r in spaces.items()}
    wrong_group = [
        s for g, m in groups.items() for s in m if s not in spaces or spaces[s].group != g
    ]
    checks.append(Check("every space in its section", not wrong_group, ", ".join(wrong_group[:5])))
    items = list(polys.items())
    checks.append(check_min_area(items, MIN_AREA_MM2))
    checks.append(check_min_width(items, MIN_WIDTH_MM))
    if topo is not None:
        adjacent, corner = polygon_neighbours(polys)
        same = all(
            topo.adjacent.get(s, frozenset()) == adjacent[s]
            and topo.corner.get(s, frozenset()) == corner[s]
            for s in polys
        )
        checks.append(Check("topology matches the geometry (adjacent, corner)", same))
        rows = topo.data.get("penalty_rows")
        checks.append(Check(f"{PENALTY_ROWS} penalty rows", rows == PENALTY_ROWS))
    ids = {r.id for r in layout.regions}
    missing = [
        f"score-p{k}-box-{n}"
        for k in range(1, PENALTY_ROWS + 1)
        for n in range(1, PENALTY_BOXES + 1)
        if f"score-p{k}-box-{n}" not in ids
    ] + [f"score-p{k}-x" for k in range(1, PENALTY_ROWS + 1) if f"score-p{k}-x" not in ids]
    checks.append(Check("penalty rows complete", not missing, ", ".join(missing[:3])))
    return checks


GAME = GameSpec(
    name="delaunay",
    title="Delaunay",
    order=5,
    players=(2, 4),
    reminder="Fill a space next to a coloured one in the section in play, never next to your own "
    "colour; else colour a penalty box.",
    options=(
        SheetOption(
            "players",
            "P",
            4,
            2,
            4,
            "players: 4 = two teams, 3 = each for himself, 2 = two colours each",
        ),
    ),
    versions={1: build_random},
    standard=build_standard,
    colours=lambda o: 3 if o.get("players", 4) == 3 else 4,
    validate=validate_layout,
)
