"""Local refinement: bend the rectified image onto the printed lines.

A homography is exact only for flat paper. Curled or bent paper leaves the drawing a millimetre
or more away from where the homography puts it, enough to read a neighbour's colour in a small
box. The printed lines are the sheet's own fine registration marks: in tiles across the page,
the photo's dark thin strokes are matched against the template's (normalised cross-correlation
over a small search window), giving a displacement per tile. Tiles with little structure or an
ambiguous peak are dropped; the rest are checked against their neighbours, smoothed into a
field, and the image is resampled along it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import cv2
import numpy as np

from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.regions import RegionMasks
from artsheets.scanner.template import PX_PER_MM, Template, derived
from artsheets.scanner.workers import in_parts

__all__ = ["Refinement", "refine", "untrusted"]


@dataclass(frozen=True)
class _Pass:
    """One matching pass: resolution (share of the working one), tile, step, search (mm)."""

    scale: float
    tile_mm: float
    step_mm: float
    search_mm: float


# A coarse pass finds large shifts (a curled corner can be several mm off), the fine pass then
# follows the lines closely with a small search window (a grid of boxes repeats every few mm:
# a wide window could lock onto the neighbouring box). The passes and the shift that runs the
# coarse pass once more are ScannerConfig fields (``refine_passes``, ``recoarse_mm``).


@dataclass(frozen=True)
class Refinement:
    """The displacement applied: ``shift_mm`` largest and median tile shift, tiles used.

    ``shift`` is the tiles' displacement's length (mm; beyond the page's fitted homography
    where it was fitted) on a 1 mm grid of the page and ``support``,
    on the same grid, how much of it rests on tiles matched there (1 beside matched tiles
    in every pass, 0 where the shift was carried over from tiles further off, e.g. beyond
    the photo's edge): where a shift is large and unsupported the drawing may lie a box off
    (:func:`untrusted`)."""

    max_shift_mm: float
    median_shift_mm: float
    tiles_used: int
    tiles_total: int
    shift: np.ndarray | None = dataclasses.field(default=None, compare=False, repr=False)
    support: np.ndarray | None = dataclasses.field(default=None, compare=False, repr=False)
    # The displacement itself (working pixels, x then y, on the 1 mm grid): the rectified
    # pixel at ``x`` was taken from ``x + field``; kept to measure placement against a truth.
    field: np.ndarray | None = dataclasses.field(default=None, compare=False, repr=False)


def _strokes(gray: np.ndarray) -> np.ndarray:
    """Dark thin strokes (printed lines, text) on a flat background: a black-hat transform."""
    k = cv2.getStructuringElement(cv2.MORPH_RECT, (5, 5))
    return cv2.morphologyEx(gray, cv2.MORPH_BLACKHAT, k).astype(np.float32)


def _template_tiles(tpl: Template, p: _Pass) -> tuple[np.ndarray, list[tuple[int, int, int, int]]]:
    """The template's strokes at a pass's resolution, and the tiles worth matching there
    (those with enough printed structure): (x, y, column, row). Made once a template and
    pass (:func:`~.template.derived`)."""
    gray = tpl.gray
    h, w = gray.shape
    small = (round(w * p.scale), round(h * p.scale))
    templ = _strokes(cv2.resize(gray, small, interpolation=cv2.INTER_AREA))
    ppm = PX_PER_MM * p.scale
    tile, step = round(p.tile_mm * ppm), round(p.step_mm * ppm)
    search = max(2, round(p.search_mm * ppm))
    ys = np.array(_starts(small[1], tile, step, search), np.int64)
    xs = np.array(_starts(small[0], tile, step, search), np.int64)
    worth = _structured(templ, ys, xs, tile)
    tiles = [(int(xs[col]), int(ys[row]), int(col), int(row)) for row, col in np.argwhere(worth)]
    return templ, tiles


# Tiles whose strokes' spread (standard deviation) is this far or less from the bar (6.0) are
# measured on their pixels (``ndarray.std``, float32) as they always were; the others are
# told from exact integer sums, whose spread differs from ``std``'s by far less.
_NEAR_BAR = 0.01


def _structured(templ: np.ndarray, ys: np.ndarray, xs: np.ndarray, tile: int) -> np.ndarray:
    """Per tile (row ``ys[i]``, column ``xs[j]``, ``tile`` pixels a side): whether it has
    enough printed structure to match, i.e. ``t.std() >= 6.0`` and ``count_nonzero(t > 40) >=
    tile`` for its pixels ``t``. From integral images of the strokes (whole numbers, so their
    sums are exact): a template's tiles one by one took 7 ms of its 13 ms set-up."""
    if not len(ys) or not len(xs):
        return np.zeros((len(ys), len(xs)), bool)
    total, squares = cv2.integral2(templ, sdepth=cv2.CV_64F)
    strong = cv2.integral((templ > 40).astype(np.uint8))

    def box(integral: np.ndarray) -> np.ndarray:
        a = integral.astype(np.int64)
        y0, x0 = ys[:, None], xs[None, :]
        return a[y0 + tile, x0 + tile] - a[y0, x0 + tile] - a[y0 + tile, x0] + a[y0, x0]

    n = tile * tile
    sums, sq = box(total), box(squares)
    # n^2 var = n * sum(t^2) - sum(t)^2, exactly; the spread against the bar 6.0.
    spread = np.sqrt((n * sq - sums * sums).astype(np.float64)) / n
    worth = (box(strong) >= tile) & (spread >= 6.0)
    near = np.argwhere((box(strong) >= tile) & (np.abs(spread - 6.0) <= _NEAR_BAR))
    for i, j in near:
        y, x = int(ys[i]), int(xs[j])
        worth[i, j] = bool(templ[y : y + tile, x : x + tile].std() >= 6.0)
    return worth


def refine(
    work: np.ndarray,
    tpl: Template,
    inside: np.ndarray | None = None,
    config: ScannerConfig = DEFAULT,
    fit_page: bool = False,
) -> tuple[np.ndarray, np.ndarray | None, Refinement]:
    """``work`` (rectified BGR at the working resolution) resampled onto the template, with
    ``inside`` (which of its pixels the photo shows) moved alike.

    Each pass matches tiles on an image already moved by the passes before it; the shifts
    are summed on a 1 mm grid (the fields are smooth, so summing is as good as composing) and
    the image is resampled once at the end. Where a corner is cut off, the shift can carry
    the black beyond the photo's edge millimetres into the page: the mask must follow it.
    """
    h, w = work.shape[:2]
    # Printed ink is dark in every channel; coloured pencil is not: use the brightest channel.
    b, g, r = cv2.split(work)
    bright = cv2.max(cv2.max(b, g), r)
    f = round(PX_PER_MM)
    start = np.zeros((h // f, w // f, 2), np.float32)  # working pixels, on a 1 mm grid
    field, support, used, total, moved = _passes(bright, tpl, start, False, config)
    page = None
    gain = config.refine_page_gain * total
    if fit_page and used < total - gain:
        # Tiles left unmatched: the markers' placement may lie further off there than the
        # coarse window reaches. The page fitted to its whole drawing instead, kept where
        # its tiles then match clearly more of the page.
        fitted = _page_fit(bright, inside, tpl, config)
        if fitted is not None:
            other = _passes(bright, tpl, start + fitted, True, config)
            if other.used >= used + gain:
                field, support, used, total, moved = other
                page = fitted
    if not moved:
        return work, inside, Refinement(0.0, 0.0, used, total)
    out = _moved(work, field, 1.0)
    if inside is not None and not inside.all():
        inside = _moved(inside.astype(np.uint8) * 255, field, 1.0) == 255
    mag = np.hypot(field[..., 0], field[..., 1]) / PX_PER_MM
    # What the tiles moved beyond the page's fitted homography (which every printed line
    # of the page vouches for): the shift that may be carried over from tiles further off.
    tiles = mag if page is None else np.hypot(*np.moveaxis(field - page, -1, 0)) / PX_PER_MM
    return (
        out,
        inside,
        Refinement(
            float(mag.max()),
            float(np.median(mag)),
            used,
            total,
            tiles,
            np.min(list(support.values()), axis=0) if support else np.zeros_like(mag),
            field,
        ),
    )


class _Tiled(NamedTuple):
    """What the tile passes leave: the field, per pass where it rests on matched tiles, the
    last pass's tiles used and tried, and whether the page moved."""

    field: np.ndarray
    support: dict[int, np.ndarray]
    used: int
    total: int
    moved: bool


def _passes(
    bright: np.ndarray, tpl: Template, field: np.ndarray, moved: bool, config: ScannerConfig
) -> _Tiled:
    """The tile passes from ``field`` (moved: whether it moves the page at all): the field
    with their shifts added, per pass where they rest on matched tiles, the last pass's
    tiles used and tried, and whether the page moved."""
    h, w = bright.shape[:2]
    fh, fw = field.shape[:2]
    field = field.copy()
    used = total = 0
    support: dict[int, np.ndarray] = {}  # per pass, its last run's
    passes = [_Pass(*p) for p in config.refine_passes]
    schedule = list(range(len(passes)))
    again = True  # the coarse pass may run once more
    while schedule:
        index = schedule.pop(0)
        p = passes[index]
        small = cv2.resize(
            bright, (round(w * p.scale), round(h * p.scale)), interpolation=cv2.INTER_AREA
        )
        if moved:
            small = _moved(small, field, p.scale)
        found = _pass(small, tpl, p, (fw, fh))
        if found is None:
            continue
        step, matched, used, total = found
        field += step
        support[index] = matched  # a coarse pass run again replaces its first run's
        moved = True
        if (
            index == 0
            and again
            and np.hypot(step[..., 0], step[..., 1]).max() > config.recoarse_mm * PX_PER_MM
        ):
            # Shifts near the coarse window's edge: the page may lie further off still (a
            # corner cut off, placed by three markers alone). Once more, from where it is now.
            schedule.insert(0, 0)
            again = False
    return _Tiled(field, support, used, total, moved)


def _page_fit(
    bright: np.ndarray, inside: np.ndarray | None, tpl: Template, config: ScannerConfig
) -> np.ndarray | None:
    """The page's own homography against the printed drawing as a whole, as a field on the
    1 mm grid (working pixels; none when the fit does not converge).

    Three markers fix the perspective poorly (their corners lie close together): the corner
    they leave out can lie 10-20 mm off, more than the coarse pass's window, and on a grid
    of like boxes a tile there locks onto its neighbour. Every printed line of the page
    together (title, grid outline, keys, text: mostly not periodic) fixes the perspective
    well: OpenCV's ECC alignment (``findTransformECC``) of the page's strokes at low
    resolution, from the markers' placement, finds the homography that best lays the
    template's strokes on the photo's."""
    scale, gauss, iterations = config.refine_page_fit
    p = _Pass(scale, *config.refine_passes[0][1:])
    templ, _ = derived(tpl, p, _template_tiles)
    h, w = bright.shape[:2]
    size = (templ.shape[1], templ.shape[0])
    photo = _strokes(cv2.resize(bright, size, interpolation=cv2.INTER_AREA))
    mask = None
    if inside is not None and not inside.all():
        mask = cv2.resize(inside.astype(np.uint8), size, interpolation=cv2.INTER_NEAREST)
    warp = np.eye(3, dtype=np.float32)
    try:
        _, warp = cv2.findTransformECC(
            templ,
            photo,
            warp,
            cv2.MOTION_HOMOGRAPHY,
            (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, int(iterations), 1e-5),
            mask,
            int(gauss),
        )
    except cv2.error:
        return None
    # Pass pixels (centres at +0.5 of a 1/ppm mm cell) -> mm, then on the 1 mm grid.
    ppm = PX_PER_MM * scale
    c = np.array([[ppm, 0, -0.5], [0, ppm, -0.5], [0, 0, 1]])
    g = np.linalg.inv(c) @ warp.astype(np.float64) @ c
    f = round(PX_PER_MM)
    mx, my = np.meshgrid(np.arange(w // f) + 0.5, np.arange(h // f) + 0.5)
    pts = np.stack([mx, my], axis=-1).reshape(-1, 1, 2)
    moved = cv2.perspectiveTransform(pts, g).reshape(*mx.shape, 2)
    return ((moved - np.stack([mx, my], axis=-1)) * PX_PER_MM).astype(np.float32)


def _moved(img: np.ndarray, field: np.ndarray, scale: float) -> np.ndarray:
    """``img`` (an image at ``scale`` of the working resolution) moved by ``field``.

    The field is spread to every pixel channel by channel (a two-channel image's planes are
    interleaved, and adding them to a grid of positions was slow) and used as OpenCV's
    relative map: each pixel is taken from its own position plus the shift, with no grid of
    positions built at all."""
    h, w = img.shape[:2]
    dx, dy = (
        cv2.resize(
            np.ascontiguousarray(field[..., c]) * scale, (w, h), interpolation=cv2.INTER_LINEAR
        )
        for c in (0, 1)
    )
    return cv2.remap(
        img, dx, dy, cv2.INTER_LINEAR | cv2.WARP_RELATIVE_MAP, borderMode=cv2.BORDER_REPLICATE
    )


def _pass(
    small: np.ndarray, tpl: Template, p: _Pass, grid_size: tuple[int, int]
) -> tuple[np.ndarray, np.ndarray, int, int] | None:
    """Tile shifts at one pass's resolution, smoothed and spread over the 1 mm grid (in
    working pixels); with where they rest on matched tiles (0..1, on the same grid), the
    tiles used and tried."""
    templ, tiles = derived(tpl, p, _template_tiles)
    photo = _strokes(small)
    ppm = PX_PER_MM * p.scale
    tile, step = round(p.tile_mm * ppm), round(p.step_mm * ppm)
    search = max(2, round(p.search_mm * ppm))
    ys = _starts(small.shape[0], tile, step, search)
    xs = _starts(small.shape[1], tile, step, search)
    grid = np.full((len(ys), len(xs), 2), np.nan, np.float32)

    def shifts(some: Sequence[tuple[int, int, int, int]]) -> list[tuple[float, float] | None]:
        return [_tile_shift(photo, templ, x, y, tile, search) for x, y, _, _ in some]

    # Hundreds of small matches, each mostly OpenCV's work: shared among the cores.
    for (_, _, col, row), shift in zip(tiles, in_parts(shifts, tiles), strict=True):
        if shift is not None:
            grid[row, col] = shift
    used = int(np.count_nonzero(~np.isnan(grid[..., 0])))
    smoothed = _smooth_field(grid, 1.0 * ppm)
    if smoothed is None:
        return None
    smooth, valid = smoothed
    # Tile shifts hold at tile centres (in mm); spread them over the 1 mm grid.
    cy = (np.array(ys) + tile / 2) / ppm
    cx = (np.array(xs) + tile / 2) / ppm
    fw, fh = grid_size
    out = np.stack([_spread(smooth[..., c], cx, cy, fw, fh) / p.scale for c in (0, 1)], axis=2)
    matched = _spread(valid.astype(np.float32), cx, cy, fw, fh)
    return out, matched, used, len(tiles)


def _tile_shift(
    photo: np.ndarray, templ: np.ndarray, x: int, y: int, tile: int, search: int
) -> tuple[float, float] | None:
    """Where the template's tile at (x, y) lies in the photo's strokes, relative to where it
    should (pixels); none when the match is weak or not clearly the best."""
    t = templ[y : y + tile, x : x + tile]
    win = photo[y - search : y + tile + search, x - search : x + tile + search]
    res = cv2.matchTemplate(win, t, cv2.TM_CCOEFF_NORMED)
    _, peak, _, (px, py) = cv2.minMaxLoc(res)
    if peak < 0.35:
        return None
    # The peak must stand out from the next best match away from it.
    masked = res.copy()
    cv2.circle(masked, (px, py), 2, -1.0, -1)
    second = float(masked.max())
    if second > peak - 0.08 and second > 0.5 * peak + 0.25:
        return None
    return _subpixel(res, px, py, 0) - search, _subpixel(res, px, py, 1) - search


def _starts(size: int, tile: int, step: int, search: int) -> list[int]:
    """Tile origins covering the whole length, the last one flush with the far edge."""
    last = size - tile - search
    starts = list(range(search, last + 1, step))
    if starts and starts[-1] < last:
        starts.append(last)
    return starts


def _subpixel(res: np.ndarray, x: int, y: int, axis: int) -> float:
    """Parabolic peak position along one axis."""
    pos = (x, y)[axis]
    lim = res.shape[1 - axis]
    if 0 < pos < lim - 1:
        if axis == 0:
            a, b, c = res[y, x - 1], res[y, x], res[y, x + 1]
        else:
            a, b, c = res[y - 1, x], res[y, x], res[y + 1, x]
        den = a - 2 * b + c
        if den < 0:
            return pos + 0.5 * (a - c) / den
    return float(pos)


def _smooth_field(grid: np.ndarray, outlier: float) -> tuple[np.ndarray, np.ndarray] | None:
    """Fill missing tiles from neighbours, reject tiles more than ``outlier`` (pixels) from
    their neighbours' median; with which tiles were matched and kept."""
    valid = ~np.isnan(grid[..., 0])
    if valid.sum() < 3:
        return None
    g = grid.copy()
    # Outliers: far from the median of their valid neighbours (3 x 3, the tile itself
    # included; NaN beyond the edge), at least three of them.
    pad = np.pad(grid, ((1, 1), (1, 1), (0, 0)), constant_values=np.nan)
    nb = np.lib.stride_tricks.sliding_window_view(pad, (3, 3), axis=(0, 1))[valid]
    nb = np.sort(nb.reshape(len(nb), 2, 9), axis=2)  # NaN sorts last
    count = np.count_nonzero(~np.isnan(nb[:, 0, :]), axis=1)
    mid = [
        np.take_along_axis(nb, np.repeat(k[:, None, None], 2, axis=1), axis=2)[..., 0]
        for k in ((count - 1) // 2, count // 2)
    ]
    median = (mid[0] + mid[1]) / 2  # as np.median: the middle one, or the mean of two
    off = grid[valid] - median
    far = (count >= 3) & (np.hypot(off[:, 0], off[:, 1]) > outlier)
    rows, cols = np.nonzero(valid)  # in the order of grid[valid]
    g[rows[far], cols[far]] = np.nan
    valid = ~np.isnan(g[..., 0])
    if valid.sum() < 3:
        return None
    # Fill the gaps by normalised convolution at growing radii.
    filled = np.where(valid[..., None], g, 0.0).astype(np.float32)
    weight = valid.astype(np.float32)
    out = filled.copy()
    todo = ~valid
    for k in (3, 5, 9, 17, 33):
        if not todo.any():
            break
        num = cv2.blur(filled, (k, k), borderType=cv2.BORDER_CONSTANT)
        den = cv2.blur(weight, (k, k), borderType=cv2.BORDER_CONSTANT)
        ok = todo & (den > 1e-6)
        out[ok] = num[ok] / den[ok][:, None]
        todo &= ~ok
    out = cv2.GaussianBlur(out, (3, 3), 0.7)
    return out, valid


def _spread(values: np.ndarray, cx: np.ndarray, cy: np.ndarray, w: int, h: int) -> np.ndarray:
    """Bilinear interpolation of a coarse grid (values at cx, cy, in mm) to a 1 mm grid of
    w x h (pixel centres at +0.5 mm), edge values held beyond the outermost tile centres."""
    xs = np.interp(np.arange(w) + 0.5, cx, np.arange(len(cx))).astype(np.float32)
    ys = np.interp(np.arange(h) + 0.5, cy, np.arange(len(cy))).astype(np.float32)
    mx, my = np.meshgrid(xs, ys)
    return cv2.remap(
        values.astype(np.float32), mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )


def untrusted(
    refinement: Refinement, masks: RegionMasks, width_px: int, config: ScannerConfig = DEFAULT
) -> dict[int, float]:
    """Regions (index -> the largest such shift, mm) somewhere moved more than
    ``config.untrusted_shift_mm`` with no tile matched around (support at most
    ``config.untrusted_support``): there the shift is carried over from tiles further off
    (a corner beyond the photo's edge, placed by three markers alone, can lie a box off),
    and the region may be read from its neighbour's pixels. ``width_px``: the rectified
    image's width, which the masks' flat pixel indices count in."""
    shift, support = refinement.shift, refinement.support
    if shift is None or support is None:
        return {}
    far = np.where(
        (shift > config.untrusted_shift_mm) & (support <= config.untrusted_support), shift, 0.0
    )
    if not far.any():
        return {}
    # Each region pixel reads its 1 mm cell (the far edge's remainder takes the last cell's).
    f = round(PX_PER_MM)
    fh, fw = far.shape
    ys, xs = np.divmod(masks.pixels, width_px)
    at = far[np.minimum(ys // f, fh - 1), np.minimum(xs // f, fw - 1)]
    hit = np.flatnonzero(at)
    worst = np.zeros(len(masks.regions))
    np.maximum.at(worst, masks.owner[hit], at[hit])
    return {int(i): float(worst[i]) for i in np.flatnonzero(worst)}
