"""Mondrian (Sid Sackson, 1975): a rectangle dissected into rectangles of varied sizes.

The field is built by recursive splitting in the field's own millimetre frame (integer
hundredths of a millimetre, so every decision is exact): a chosen rectangle is either cut in two
(an ordinary guillotine cut, sometimes leaving a long thin bar along one side) or divided into a
*pinwheel* of five (four rectangles turning around a central one). A pinwheel cannot be cut
apart by any straight line, so the dissection is never fully guillotine, which is what makes the
game's "complete a rectangle" scoring interesting (GAMES.md: "not only guillotine cuts").

Constraints (checked on every random field, which is re-drawn from the next sub-seed when one
fails; see ``docs/fields/mondrian.md`` for the reasons):

- exactly ``spaces`` rectangles tiling the field;
- every rectangle at least 6 mm on its short side and at least 70 mm2;
- every junction is a T: no four rectangles meet at one point, so two spaces either share a
  boundary (of at least 3 mm: "next to") or do not touch at all; no corner-only contacts;
- the recursive guillotine decomposition fails somewhere (at least one pinwheel block);
- varied sizes: the largest space is at least four times the median.

Topology (``docs/topology.md``): ``attrs[space]["rect"] = [x0, y0, x1, y1]`` in page mm; adjacency
from the geometry; ``data["field"]`` is the field rectangle (an extra, for convenience).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from shapely.geometry import box as shapely_box
from shapely.ops import unary_union

from artsheets.generator.furniture import score_area
from artsheets.generator.layout import Layout, q
from artsheets.generator.registry import GameSpec, SheetOption
from artsheets.generator.rng import Rng
from artsheets.generator.sheet import INK, Rect, Sheet, Style
from artsheets.generator.templates import load_template
from artsheets.generator.topology import polygon_neighbours
from artsheets.generator.validation import Check, first_valid
from artsheets.rules.field import Field

__all__ = [
    "GAME",
    "Geometry",
    "build_random",
    "build_standard",
    "draw",
    "freeze_standard",
    "geometry_from_data",
    "guillotine_blocks",
    "make_geometry",
    "random_geometry",
    "validate_geometry",
    "validate_layout",
]

NAME = "mondrian"
U = 100  # geometry units per millimetre: every coordinate is an integer number of 0.01 mm
FIELD_W = 186 * U  # the field's printed size (fits both A4's and Letter's body)
FIELD_H = 150 * U
GRID = 50  # split coordinates lie on a 0.5 mm grid
MIN_SIDE = 6 * U  # short side of every space (a pencil fills 6 mm easily, lines take 0.5)
MIN_AREA = 70 * U * U  # mm2 in units^2
MIN_SHARED = 3 * U  # every shared boundary (and every T-junction offset) at least 3 mm
VARIETY = 4  # largest space >= VARIETY x median space (fields of 40 spaces or more)
VARIETY_SMALL = 2  # ... for smaller fields, where a 4:1 spread leaves too little room
DEFAULT_SPACES = 99
POINTS = 80  # boxes per score area

LINE_W = 0.5  # dissection lines (mm)
FRAME_W = 1.4  # outer frame
SCORE_H = 25.0  # height of one score area
SCORE_GAP = 10.0  # between the two areas at one end
AREA_TO_FIELD = 7.0  # gap between score areas and field

IRect = tuple[int, int, int, int]


@dataclass(frozen=True)
class Geometry:
    """A dissection in the field frame: integer 0.01 mm units, origin at the field's corner."""

    w: int
    h: int
    rects: tuple[IRect, ...]
    pinwheels: int = 0  # how many pinwheel steps were used (information only)


# --- generation ----------------------------------------------------------------------------


class _Dissection:
    """The growing dissection: rectangles plus the bookkeeping the cut rules need."""

    def __init__(self, w: int, h: int) -> None:
        self.w, self.h = w, h
        self.rects: list[IRect] = [(0, 0, w, h)]
        self.mult: list[int] = [1]

    def stems_h(self, y: int, x0: int, x1: int) -> list[int]:
        """x of vertical lines meeting the horizontal line y strictly between x0 and x1."""
        out = []
        for r in self.rects:
            if r[1] == y or r[3] == y:
                for x in (r[0], r[2]):
                    if x0 < x < x1:
                        out.append(x)
        return out

    def stems_v(self, x: int, y0: int, y1: int) -> list[int]:
        """y of horizontal lines meeting the vertical line x strictly between y0 and y1."""
        out = []
        for r in self.rects:
            if r[0] == x or r[2] == x:
                for y in (r[1], r[3]):
                    if y0 < y < y1:
                        out.append(y)
        return out


def _ok_piece(x0: int, y0: int, x1: int, y1: int) -> bool:
    w, h = x1 - x0, y1 - y0
    return w >= MIN_SIDE and h >= MIN_SIDE and w * h >= MIN_AREA


def _clear(c: int, stems: Sequence[int]) -> bool:
    return all(abs(c - s) >= MIN_SHARED for s in stems)


def _grid_values(lo: int, hi: int) -> list[int]:
    """Multiples of GRID in [lo, hi]."""
    start = -(-lo // GRID) * GRID
    return list(range(start, hi + 1, GRID))


def _cut(d: _Dissection, i: int, rng: Rng) -> list[IRect] | None:
    """Cut rectangle i in two; returns the two pieces or None when no cut fits."""
    x0, y0, x1, y1 = d.rects[i]
    w, h = x1 - x0, y1 - y0
    # Orientation: mostly across the long side; sometimes a bar along the long side.
    across_long = rng.below(100) < (85 if max(w, h) * 10 >= min(w, h) * 16 else 55)
    vertical = (w >= h) == across_long  # a vertical line splits the x range
    bar = rng.below(100) < 16
    for orient in (vertical, not vertical):
        lo, hi = (x0, x1) if orient else (y0, y1)
        if orient:
            stems = d.stems_h(y0, x0, x1) + d.stems_h(y1, x0, x1)
        else:
            stems = d.stems_v(x0, y0, y1) + d.stems_v(x1, y0, y1)

        def pieces(c: int, o: bool = orient) -> tuple[IRect, IRect]:
            if o:
                return (x0, y0, c, y1), (c, y0, x1, y1)
            return (x0, y0, x1, c), (x0, c, x1, y1)

        allowed = [
            c
            for c in _grid_values(lo + MIN_SIDE, hi - MIN_SIDE)
            if _clear(c, stems) and all(_ok_piece(*p) for p in pieces(c))
        ]
        if not allowed:
            continue
        span = hi - lo
        if bar:
            pref = [c for c in allowed if c - lo <= MIN_SIDE + 350 or hi - c <= MIN_SIDE + 350]
        else:
            # Mostly away from the ends; the golden-ish thirds Mondrian liked are in here.
            pref = [c for c in allowed if 5 * (c - lo) >= span and 5 * (hi - c) >= span]
        c = rng.choice(pref or allowed)
        return list(pieces(c))
    return None


def _pinwheel(d: _Dissection, i: int, rng: Rng) -> list[IRect] | None:
    """Divide rectangle i into four rectangles turning around a fifth (or None)."""
    x0, y0, x1, y1 = d.rects[i]
    if x1 - x0 < 3 * MIN_SIDE + 2 * GRID or y1 - y0 < 3 * MIN_SIDE + 2 * GRID:
        return None
    top, bottom = d.stems_h(y0, x0, x1), d.stems_h(y1, x0, x1)
    left, right = d.stems_v(x0, y0, y1), d.stems_v(x1, y0, y1)
    xs = _grid_values(x0 + MIN_SIDE, x1 - MIN_SIDE)
    ys = _grid_values(y0 + MIN_SIDE, y1 - MIN_SIDE)
    clockwise = rng.below(2) == 0
    for _ in range(40):
        a, b = sorted((rng.choice(xs), rng.choice(xs)))
        c, e = sorted((rng.choice(ys), rng.choice(ys)))
        if b - a < MIN_SIDE or e - c < MIN_SIDE:
            continue
        if clockwise:
            parts = [
                (x0, y0, b, c),  # top, turning clockwise
                (b, y0, x1, e),  # right
                (a, e, x1, y1),  # bottom
                (x0, c, a, y1),  # left
                (a, c, b, e),  # centre
            ]
            ends = _clear(b, top) and _clear(e, right) and _clear(a, bottom) and _clear(c, left)
        else:
            parts = [
                (a, y0, x1, c),
                (x0, y0, a, e),
                (x0, e, b, y1),
                (b, c, x1, y1),
                (a, c, b, e),
            ]
            ends = _clear(a, top) and _clear(e, left) and _clear(b, bottom) and _clear(c, right)
        if ends and all(_ok_piece(*p) for p in parts):
            return parts
    return None


# Weight multipliers: a rectangle that draws a small one tends to survive as a large space,
# one that draws a large one is cut again soon: a few large spaces, many small ones.
_MULTS = (1, 1, 2, 3, 4, 6, 8, 12, 16, 24)


def _weight(r: IRect, mult: int) -> int:
    area = (r[2] - r[0]) * (r[3] - r[1])
    return area * mult // MIN_AREA


def make_geometry(rng: Rng, opts: Mapping[str, int]) -> Geometry:
    """One candidate dissection (may fall short of the count; validation catches that)."""
    target = opts.get("spaces", DEFAULT_SPACES)
    d = _Dissection(FIELD_W, FIELD_H)
    # Pinwheel steps: one in the first fifth, then further ones with a small chance each step.
    want_pin = 1 + target // 45
    first_pin = rng.below(max(1, target // 20))
    pinwheels = 0
    failures = 0
    step = 0
    while len(d.rects) < target and failures < 200:
        need = target - len(d.rects)
        pin = need >= 4 and pinwheels < want_pin and (step >= first_pin and rng.below(100) < 25)
        weights = [_weight(r, m) for r, m in zip(d.rects, d.mult, strict=True)]
        if pin:
            # Only rectangles big enough to hold a pinwheel.
            weights = [
                w if r[2] - r[0] >= 4 * MIN_SIDE and r[3] - r[1] >= 4 * MIN_SIDE else 0
                for w, r in zip(weights, d.rects, strict=True)
            ]
        total = sum(weights)
        step += 1
        if total <= 0:
            failures += 1
            continue
        pick = rng.below(total)
        i = 0
        while pick >= weights[i]:
            pick -= weights[i]
            i += 1
        parts = _pinwheel(d, i, rng) if pin else _cut(d, i, rng)
        if parts is None:
            failures += 1
            d.mult[i] = max(1, d.mult[i] // 2)
            continue
        pinwheels += pin
        d.rects[i : i + 1] = parts
        d.mult[i : i + 1] = [rng.choice(_MULTS) for _ in parts]
    return Geometry(FIELD_W, FIELD_H, tuple(sorted(d.rects, key=lambda r: (r[1], r[0]))), pinwheels)


# --- validation ----------------------------------------------------------------------------


def guillotine_blocks(rects: Sequence[IRect]) -> int:
    """How many blocks of the recursive guillotine decomposition cannot be cut further.

    A block (the rectangles inside a bounding rectangle) is cut along any straight line that
    crosses no rectangle's interior; the pieces are decomposed in turn. A fully guillotine
    dissection returns 0; every pinwheel (at whatever depth) leaves a block that returns 1.
    """
    todo = [list(rects)]
    blocks = 0
    while todo:
        group = todo.pop()
        if len(group) <= 1:
            continue
        for axis in (0, 1):
            lo = min(r[axis] for r in group)
            hi = max(r[axis + 2] for r in group)
            cuts = sorted({r[axis] for r in group if r[axis] > lo})
            cut = next(
                (c for c in cuts if c < hi and all(not (r[axis] < c < r[axis + 2]) for r in group)),
                None,
            )
            if cut is not None:
                todo.append([r for r in group if r[axis + 2] <= cut])
                todo.append([r for r in group if r[axis] >= cut])
                break
        else:
            blocks += 1
    return blocks


def _contacts(rects: Sequence[IRect]) -> tuple[list[tuple[int, int, int]], list[tuple[int, int]]]:
    """(shared boundaries as (i, j, length), corner-only contacts as (i, j)), exact."""
    shared, corners = [], []
    for i, a in enumerate(rects):
        for j in range(i + 1, len(rects)):
            b = rects[j]
            ox = min(a[2], b[2]) - max(a[0], b[0])
            oy = min(a[3], b[3]) - max(a[1], b[1])
            if ox < 0 or oy < 0:
                continue
            if ox > 0 and oy > 0:
                shared.append((i, j, -1))  # overlap: reported by the tiling check
            elif ox > 0:
                shared.append((i, j, ox))
            elif oy > 0:
                shared.append((i, j, oy))
            else:
                corners.append((i, j))
    return shared, corners


def _rect_checks(rects: Sequence[IRect], w: int, h: int, spaces: int) -> list[Check]:
    checks = [Check(f"exactly {spaces} spaces", len(rects) == spaces, f"{len(rects)} spaces")]
    inside = all(0 <= r[0] < r[2] <= w and 0 <= r[1] < r[3] <= h for r in rects)
    total = sum((r[2] - r[0]) * (r[3] - r[1]) for r in rects)
    shared, corners = _contacts(rects)
    overlaps = [s for s in shared if s[2] < 0]
    checks.append(
        Check(
            "rectangles tile the field",
            inside and total == w * h and not overlaps,
            f"area {total / U / U:.2f} of {w * h / U / U:.2f} mm2, {len(overlaps)} overlaps",
        )
    )
    short = min((min(r[2] - r[0], r[3] - r[1]) for r in rects), default=0)
    checks.append(
        Check(
            f"every space >= {MIN_SIDE / U:g} mm on its short side",
            short >= MIN_SIDE,
            f"shortest side {short / U:.2f} mm",
        )
    )
    small = min(((r[2] - r[0]) * (r[3] - r[1]) for r in rects), default=0)
    checks.append(
        Check(
            f"every space >= {MIN_AREA / U / U:g} mm2",
            small >= MIN_AREA,
            f"smallest {small / U / U:.1f} mm2",
        )
    )
    checks.append(
        Check(
            "no four spaces meet at a point (T-junctions only)",
            not corners,
            f"{len(corners)} corner-only contacts",
        )
    )
    least = min((s[2] for s in shared if s[2] >= 0), default=MIN_SHARED)
    checks.append(
        Check(
            f"every shared boundary >= {MIN_SHARED / U:g} mm",
            least >= MIN_SHARED,
            f"shortest {least / U:.2f} mm",
        )
    )
    blocks = guillotine_blocks(rects)
    checks.append(Check("not only guillotine cuts", blocks >= 1, f"{blocks} non-guillotine blocks"))
    areas = sorted((r[2] - r[0]) * (r[3] - r[1]) for r in rects)
    if areas:
        median = areas[len(areas) // 2]
        ratio = VARIETY if spaces >= 40 else VARIETY_SMALL
        checks.append(
            Check(
                f"varied sizes (largest >= {ratio} x median)",
                areas[-1] >= ratio * median,
                f"largest {areas[-1] / U / U:.0f} mm2, median {median / U / U:.0f} mm2",
            )
        )
    return checks


def validate_geometry(geom: Geometry, opts: Mapping[str, int]) -> list[Check]:
    """Every constraint of the field, in printed millimetres (the field is drawn at 1:1)."""
    return _rect_checks(geom.rects, geom.w, geom.h, opts.get("spaces", DEFAULT_SPACES))


def random_geometry(rng: Rng, opts: Mapping[str, int]) -> tuple[Geometry, int]:
    return first_valid(rng, lambda r: make_geometry(r, opts), lambda g: validate_geometry(g, opts))


# --- templates -----------------------------------------------------------------------------


def geometry_to_data(geom: Geometry) -> dict[str, Any]:
    return {
        "game": NAME,
        "w": geom.w / U,
        "h": geom.h / U,
        "rects": [[v / U for v in r] for r in geom.rects],
    }


def geometry_from_data(data: Mapping[str, Any]) -> Geometry:
    rects = tuple(tuple(round(v * U) for v in r) for r in data["rects"])
    return Geometry(round(data["w"] * U), round(data["h"] * U), rects)  # type: ignore[arg-type]


def freeze_standard(seed: int) -> dict[str, Any]:
    opts = {"players": 4, "spaces": DEFAULT_SPACES}
    geom, _ = random_geometry(Rng.derive(NAME, "standard", seed), opts)
    return geometry_to_data(geom)


# --- drawing -------------------------------------------------------------------------------


def _lines(rects: Sequence[IRect], w: int, h: int) -> list[tuple[int, int, int, int]]:
    """The dissection's maximal interior line segments (x0, y0, x1, y1), sorted."""
    horiz: dict[int, list[tuple[int, int]]] = {}
    vert: dict[int, list[tuple[int, int]]] = {}
    for x0, y0, x1, y1 in rects:
        for y in (y0, y1):
            if 0 < y < h:
                horiz.setdefault(y, []).append((x0, x1))
        for x in (x0, x1):
            if 0 < x < w:
                vert.setdefault(x, []).append((y0, y1))
    out = []
    for table, is_h in ((horiz, True), (vert, False)):
        for c in sorted(table):
            spans = sorted(table[c])
            lo, hi = spans[0]
            for a, b in [*spans[1:], (None, None)]:
                if a is not None and a <= hi:
                    hi = max(hi, b)
                    continue
                out.append((lo, c, hi, c) if is_h else (c, lo, c, hi))
                if a is not None:
                    lo, hi = a, b
    return out


def _score_labels(players: int) -> list[tuple[int, int | None, str]]:
    """(player, area, label) for the score areas: top end first, then the bottom end."""
    if players == 2:
        return [
            (1, 1, "player 1 / area 1: points 1-80"),
            (1, 2, "player 1 / area 2: points 81-160"),
            (2, 1, "player 2 / area 1: points 1-80"),
            (2, 2, "player 2 / area 2: points 81-160"),
        ]
    return [(p, None, f"player {p}") for p in range(1, players + 1)]


def draw(sheet: Sheet, geom: Geometry, opts: Mapping[str, int]) -> Field:
    """Place the field between two ends of score areas inside ``sheet.body``."""
    body = sheet.body
    fw, fh = geom.w / U, geom.h / U
    # The field and its two ends of score areas form one block, centred in the body.
    block = fh + 2 * (SCORE_H + AREA_TO_FIELD)
    ox = q(body.cx - fw / 2)
    oy = q(body.cy - block / 2 + SCORE_H + AREA_TO_FIELD)
    ox100, oy100 = round(ox * U), round(oy * U)

    def page_rect(r: IRect) -> list[float]:
        return [(r[0] + ox100) / U, (r[1] + oy100) / U, (r[2] + ox100) / U, (r[3] + oy100) / U]

    # Spaces in reading order (top edge, then left edge): stable and geometric.
    order = sorted(geom.rects, key=lambda r: (r[1], r[0]))
    spaces, attrs, polys = [], {}, {}
    for n, r in enumerate(order, start=1):
        sid = f"space-{n}"
        pr = page_rect(r)
        corners = Rect(*pr).corners()
        sheet.add_region(sid, "space", polygon=corners)
        spaces.append(sid)
        attrs[sid] = {"rect": pr}
        polys[sid] = shapely_box(*pr)
    line = Style(INK, LINE_W)
    for x0, y0, x1, y1 in _lines(order, geom.w, geom.h):
        a = ((x0 + ox100) / U, (y0 + oy100) / U)
        b = ((x1 + ox100) / U, (y1 + oy100) / U)
        sheet.path([a, b], line)
    frame = Rect(ox, oy, q(ox + fw), q(oy + fh))
    sheet.rect(frame, Style(INK, FRAME_W))

    # Score areas: two at each end of the sheet ("at each end of the sheet are two areas").
    players = opts["players"]
    labels = _score_labels(players)
    aw = (fw - SCORE_GAP) / 2
    ends = (oy - AREA_TO_FIELD - SCORE_H, oy + fh + AREA_TO_FIELD)
    for k, (player, area, label) in enumerate(labels):
        end, side = divmod(k, 2)
        top = ends[end]
        # Three players: the third area is centred at the bottom end.
        x0 = body.cx - aw / 2 if len(labels) == 3 and k == 2 else ox + side * (aw + SCORE_GAP)
        score_area(sheet, Rect(x0, top, x0 + aw, top + SCORE_H), player, POINTS, label, area)

    adjacent, corner = polygon_neighbours(polys)
    x0, y0, x1, y1 = frame.x0, frame.y0, frame.x1, frame.y1
    return Field(
        game=NAME,
        field_id=sheet.field_id,
        spaces=tuple(spaces),
        adjacent=adjacent,
        corner=corner,
        attrs=attrs,
        data={"field": [x0, y0, x1, y1]},
    )


def build_random(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
    assert rng is not None
    geom, _ = random_geometry(rng, opts)
    return draw(sheet, geom, opts)


def build_standard(sheet: Sheet, rng: Rng | None, opts: Mapping[str, int]) -> Field:
    geom = geometry_from_data(load_template(NAME))
    if opts["spaces"] != len(geom.rects):
        raise ValueError(
            f"the standard Mondrian field has {len(geom.rects)} spaces; "
            f"give --seed N for a random field with {opts['spaces']}"
        )
    return draw(sheet, geom, opts)


# --- checking a written layout -------------------------------------------------------------


def validate_layout(layout: Layout) -> list[Check]:
    """Re-check a written layout: the dissection, printability, score areas and topology."""
    spaces = [r for r in layout.regions if r.kind == "space"]
    rects: list[IRect] = []
    axis_aligned = True
    for r in spaces:
        pts = r.polygon or []
        xs = sorted({round(x * U) for x, _ in pts})
        ys = sorted({round(y * U) for _, y in pts})
        axis_aligned &= len(pts) == 4 and len(xs) == 2 and len(ys) == 2
        rects.append((xs[0], ys[0], xs[-1], ys[-1]))
    checks = [Check("every space is an axis-aligned rectangle", axis_aligned and bool(rects))]
    if not rects:
        return checks
    fx0, fy0 = min(r[0] for r in rects), min(r[1] for r in rects)
    fx1, fy1 = max(r[2] for r in rects), max(r[3] for r in rects)
    local = [(r[0] - fx0, r[1] - fy0, r[2] - fx0, r[3] - fy0) for r in rects]
    want = int(layout.options.get("spaces", DEFAULT_SPACES))
    checks += _rect_checks(local, fx1 - fx0, fy1 - fy0, want)

    polys = [shapely_box(*[v / U for v in r]) for r in rects]
    union = unary_union(polys)
    checks.append(
        Check(
            "spaces are valid and do not overlap",
            all(p.is_valid for p in polys) and abs(sum(p.area for p in polys) - union.area) < 1e-3,
        )
    )
    body_ok = all(
        10.0 - 1e-9 <= x <= layout.page.width_mm - 10.0 + 1e-9
        and 10.0 - 1e-9 <= y <= layout.page.height_mm - 10.0 + 1e-9
        for reg in layout.regions
        for x, y in (reg.polygon or [])
    )
    checks.append(Check("every region inside the 10 mm margin", body_ok))

    players = int(layout.options.get("players", 4))
    boxes = [r for r in layout.regions if r.kind == "score_box" and r.extra.get("role") == "point"]
    areas = 4 if players in (2, 4) else 3
    checks.append(
        Check(
            f"{areas} score areas of {POINTS} boxes",
            len(boxes) == areas * POINTS,
            f"{len(boxes)} point boxes",
        )
    )

    topo = layout.topology
    if topo is None:
        checks.append(Check("topology present", False))
        return checks
    ids = [r.id for r in spaces]
    shared, _ = _contacts(rects)
    exact: dict[str, set[str]] = {i: set() for i in ids}
    for i, j, _ in shared:
        exact[ids[i]].add(ids[j])
        exact[ids[j]].add(ids[i])
    adj_ok = all(set(topo.adjacent.get(s, ())) == exact[s] for s in ids)
    rect_ok = all(
        [round(v * U) for v in topo.attrs.get(s, {}).get("rect", [])] == list(rects[k])
        for k, s in enumerate(ids)
    )
    checks.append(
        Check(
            "topology matches the geometry",
            list(topo.spaces) == ids
            and adj_ok
            and rect_ok
            and not any(topo.corner.get(s) for s in ids)
            and not topo.check_symmetric(),
        )
    )
    return checks


# --- the game ------------------------------------------------------------------------------


def _colours(opts: Mapping[str, int]) -> int:
    """Four players: four colours; two or three: one each plus a neutral (the last index)."""
    return 4 if opts["players"] == 4 else opts["players"] + 1


def _subtitle(opts: Mapping[str, int]) -> str:
    p = opts["players"]
    if p == 4:
        return "4 players - or two teams, partners sitting diagonally opposite"
    tail = "; play to 80, or agree on 160 with two areas each" if p == 2 else ""
    return f"{p} players - colour {p + 1} of the key is the neutral colour{tail}"


GAME = GameSpec(
    name=NAME,
    title="Mondrian",
    order=3,
    players=(2, 4),
    reminder="Fill a space next to a coloured one, never next to your own colour; "
    "a completed rectangle scores its spaces.",
    options=(
        SheetOption("players", "P", 4, 2, 4, "players (2 and 3 add a neutral colour)"),
        # Every count in range has room: 150 spaces of the minimum size fill 40% of the field.
        SheetOption("spaces", "S", DEFAULT_SPACES, 13, 150, "number of rectangles"),
    ),
    versions={1: build_random},
    standard=build_standard,
    colours=_colours,
    key_labels=lambda o: (
        tuple(str(k) for k in range(1, o["players"] + 1)) + (("N",) if o["players"] < 4 else ())
    ),
    subtitle=_subtitle,
    validate=validate_layout,
    doc=__doc__ or "",
)
