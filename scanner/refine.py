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

from dataclasses import dataclass

import cv2
import numpy as np

from artsheets.scanner.template import PX_PER_MM, Template

__all__ = ["Refinement", "refine"]


@dataclass(frozen=True)
class _Pass:
    """One matching pass: resolution (share of the working one), tile, step, search (mm)."""

    scale: float
    tile_mm: float
    step_mm: float
    search_mm: float


# A coarse pass finds large shifts (a curled corner can be several mm off), the fine pass then
# follows the lines closely with a small search window (a grid of boxes repeats every few mm:
# a wide window could lock onto the neighbouring box).
PASSES = (_Pass(0.25, 40.0, 24.0, 6.0), _Pass(0.5, 24.0, 16.0, 2.0))


@dataclass(frozen=True)
class Refinement:
    """The displacement applied: ``shift_mm`` largest and median tile shift, tiles used."""

    max_shift_mm: float
    median_shift_mm: float
    tiles_used: int
    tiles_total: int


def _strokes(gray: np.ndarray) -> np.ndarray:
    """Dark thin strokes (printed lines, text) on a flat background: a black-hat transform."""
    k = cv2.getStructuringElement(cv2.MORPH_RECT, (5, 5))
    return cv2.morphologyEx(gray, cv2.MORPH_BLACKHAT, k).astype(np.float32)


def refine(work: np.ndarray, tpl: Template) -> tuple[np.ndarray, Refinement]:
    """``work`` (rectified BGR at the working resolution) resampled onto the template."""
    h, w = work.shape[:2]
    # Printed ink is dark in every channel; coloured pencil is not: use the brightest channel.
    bright = work.max(axis=2)
    gx, gy = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    mapx, mapy = gx, gy
    shifts: list[np.ndarray] = []
    used = total = 0
    for p in PASSES:
        current = cv2.remap(bright, mapx, mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        found = _pass(current, tpl.gray, p)
        if found is None:
            continue
        dx, dy, mag, n_used, n_total = found
        used, total = n_used, n_total
        shifts.append(mag)
        # Compose: sample the earlier map where this pass says the content really is.
        mapx = cv2.remap(mapx, gx + dx, gy + dy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        mapy = cv2.remap(mapy, gx + dx, gy + dy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    if not shifts:
        return work, Refinement(0.0, 0.0, used, total)
    out = cv2.remap(work, mapx, mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    total_shift = np.hypot(mapx - gx, mapy - gy)[:: round(PX_PER_MM), :: round(PX_PER_MM)]
    return out, Refinement(
        float(total_shift.max() / PX_PER_MM),
        float(np.median(total_shift) / PX_PER_MM),
        used,
        total,
    )


def _pass(
    bright: np.ndarray, template: np.ndarray, p: _Pass
) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, int] | None:
    """Tile shifts at one resolution, smoothed and spread to every working pixel:
    (dx, dy in working pixels, tile shift magnitudes in mm, tiles used, tiles tried)."""
    h, w = bright.shape[:2]
    small_w, small_h = round(w * p.scale), round(h * p.scale)
    photo = _strokes(cv2.resize(bright, (small_w, small_h), interpolation=cv2.INTER_AREA))
    templ = _strokes(cv2.resize(template, (small_w, small_h), interpolation=cv2.INTER_AREA))
    ppm = PX_PER_MM * p.scale
    tile, step = round(p.tile_mm * ppm), round(p.step_mm * ppm)
    search = max(2, round(p.search_mm * ppm))
    ys = _starts(small_h, tile, step, search)
    xs = _starts(small_w, tile, step, search)
    grid = np.full((len(ys), len(xs), 2), np.nan, np.float32)
    for gy, y in enumerate(ys):
        for gx, x in enumerate(xs):
            t = templ[y : y + tile, x : x + tile]
            if t.std() < 6.0 or np.count_nonzero(t > 40) < tile:
                continue
            win = photo[y - search : y + tile + search, x - search : x + tile + search]
            res = cv2.matchTemplate(win, t, cv2.TM_CCOEFF_NORMED)
            _, peak, _, (px, py) = cv2.minMaxLoc(res)
            if peak < 0.35:
                continue
            # The peak must stand out from the next best match away from it.
            masked = res.copy()
            cv2.circle(masked, (px, py), 2, -1.0, -1)
            if masked.max() > peak - 0.08 and masked.max() > 0.5 * peak + 0.25:
                continue
            grid[gy, gx] = (_subpixel(res, px, py, 0) - search, _subpixel(res, px, py, 1) - search)
    used = int(np.count_nonzero(~np.isnan(grid[..., 0])))
    field = _smooth_field(grid, 1.0 * ppm)
    if field is None:
        return None
    # Tile shifts hold at tile centres; spread them over the whole image.
    cy = (np.array(ys) + tile / 2) / p.scale
    cx = (np.array(xs) + tile / 2) / p.scale
    dx = _spread(field[..., 0], cx, cy, w, h) / p.scale
    dy = _spread(field[..., 1], cx, cy, w, h) / p.scale
    mag = np.hypot(field[..., 0], field[..., 1]) / ppm
    return dx, dy, mag, used, grid.shape[0] * grid.shape[1]


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


def _smooth_field(grid: np.ndarray, outlier: float) -> np.ndarray | None:
    """Fill missing tiles from neighbours, reject tiles more than ``outlier`` (pixels) from
    their neighbours' median."""
    valid = ~np.isnan(grid[..., 0])
    if valid.sum() < 3:
        return None
    g = grid.copy()
    rows, cols = valid.shape
    # Outliers: far from the median of their valid neighbours.
    for y in range(rows):
        for x in range(cols):
            if not valid[y, x]:
                continue
            nb = grid[max(0, y - 1) : y + 2, max(0, x - 1) : x + 2].reshape(-1, 2)
            nb = nb[~np.isnan(nb[:, 0])]
            if len(nb) >= 3 and np.hypot(*(grid[y, x] - np.median(nb, axis=0))) > outlier:
                g[y, x] = np.nan
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
    return out


def _spread(values: np.ndarray, cx: np.ndarray, cy: np.ndarray, w: int, h: int) -> np.ndarray:
    """Bilinear interpolation of a coarse grid (values at cx, cy) to every pixel, with the
    edge values held beyond the outermost tile centres."""
    xs = np.interp(np.arange(w), cx, np.arange(len(cx))).astype(np.float32)
    ys = np.interp(np.arange(h), cy, np.arange(len(cy))).astype(np.float32)
    mx, my = np.meshgrid(xs, ys)
    return cv2.remap(
        values.astype(np.float32), mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
