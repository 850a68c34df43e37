"""What players colour with besides coloured pencils, for the simulator's named conditions.

Each medium decides two things for a region: *where* colour goes (its mask, in the small
window of the page the simulator draws in) and *how densely* (a texture in [0, 1] that scales
the colour's strength pixel by pixel). Coloured pencil, the simulator's own medium, stays in
:mod:`tests.scanner.simulator`; these are the others real players use:

- ``felt``: felt-tip markers. Saturated dye laid on almost solid, in streaks the width of the
  nib (where strokes overlap the dye is denser), bleeding 0.5-1.5 mm past the region's
  outline (and over the printed line, which shows through: dye is transparent).
- ``crayon``: wax crayons. 50-75 % of the paper covered, the paper's tooth showing through in
  a coarse grain; edges as ragged as a pencil's.
- ``scribble``: a hurried pencil scribble over about a third of a region, the rest bare.

All randomness comes from the caller's ``numpy`` generator.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

__all__ = ["MEDIA", "crayon_texture", "felt_mask", "felt_texture", "scribble_mask"]

MEDIA = ("pencil", "felt", "crayon", "scribble")

FELT_BLEED_MM = (0.5, 1.5)  # how far marker dye runs past a region's outline
FELT_NIB_MM = (2.0, 3.5)  # the width of one marker stroke (the streaks' period)
CRAYON_COVERAGE = (0.50, 0.75)  # share of the paper a wax crayon covers
CRAYON_TOOTH_MM = 0.12  # the paper tooth's size: wax catches on its peaks
SCRIBBLE_SHARE = 1 / 3  # the part of a region a hurried scribble covers
SCRIBBLE_GAP_MM = (0.8, 1.4)  # between the scribble's back-and-forth strokes
SCRIBBLE_LINE_MM = (0.6, 0.9)


def _disk(radius_px: float) -> np.ndarray:
    n = max(1, round(radius_px))
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * n + 1, 2 * n + 1))


def felt_mask(inside: np.ndarray, ppm: float, rng: np.random.Generator) -> np.ndarray:
    """The region and the dye that bled past its outline (0/255), the bleed ragged along it."""
    bleed = float(rng.uniform(*FELT_BLEED_MM)) * ppm
    grown = cv2.dilate(inside, _disk(bleed))
    # Bleeding is uneven: where the nib paused the dye ran further. A smooth random field
    # decides how much of the full bleed each part of the edge gets.
    h, w = inside.shape
    wobble = cv2.resize(rng.random((max(2, h // 24), max(2, w // 24)), np.float32), (w, h))
    dist = cv2.distanceTransform(255 - inside, cv2.DIST_L2, 3)
    reach = bleed * (0.35 + 0.65 * wobble)
    return np.where((grown > 0) & (dist <= reach), 255, 0).astype(np.uint8) | inside


def felt_texture(shape: tuple[int, int], ppm: float, rng: np.random.Generator) -> np.ndarray:
    """Dye density: nearly solid, in parallel streaks a nib wide, denser where they overlap."""
    h, w = shape
    angle = float(rng.uniform(0, math.pi))
    period = float(rng.uniform(*FELT_NIB_MM)) * ppm
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    across = (xx * -math.sin(angle) + yy * math.cos(angle)) / period
    phase = float(rng.uniform(0, 2 * math.pi))
    streak = 0.5 + 0.5 * np.cos(2 * math.pi * across + phase)  # 1 on the overlaps
    strength = float(rng.uniform(0.88, 0.97))
    noise = cv2.GaussianBlur(rng.random(shape, np.float32), (0, 0), 0.3 * ppm)
    return np.clip(strength + 0.07 * streak - 0.06 + 0.1 * (noise - 0.5), 0.0, 1.0)


def crayon_texture(shape: tuple[int, int], ppm: float, rng: np.random.Generator) -> np.ndarray:
    """Wax on paper tooth: covered where the tooth stands proud (the chosen share), bare in
    its valleys, smeared a little along the stroke."""
    coverage = float(rng.uniform(*CRAYON_COVERAGE))
    tooth = cv2.GaussianBlur(rng.random(shape, np.float32), (0, 0), CRAYON_TOOTH_MM * ppm)
    angle = float(rng.uniform(0, math.pi))
    n = max(3, int(2.0 * ppm) | 1)  # wax smeared along the stroke
    kernel = np.zeros((n, n), np.float32)
    c = n // 2
    dx, dy = math.cos(angle), math.sin(angle)
    ends = ((round(c - dx * c), round(c - dy * c)), (round(c + dx * c), round(c + dy * c)))
    cv2.line(kernel, ends[0], ends[1], 1.0)
    tooth = cv2.filter2D(tooth, -1, kernel / kernel.sum())
    cut = float(np.quantile(tooth, 1.0 - coverage))
    spread = float(tooth.std()) * 0.25 + 1e-6
    covered = np.clip((tooth - cut) / spread + 0.5, 0.0, 1.0)
    return covered * float(rng.uniform(0.85, 1.0))


def scribble_mask(inside: np.ndarray, ppm: float, rng: np.random.Generator) -> np.ndarray:
    """Back-and-forth strokes over about a third of the region (0/255), in one band of it."""
    ys, xs = np.nonzero(inside)
    out = np.zeros_like(inside)
    if len(xs) < 4:
        return inside.copy()
    angle = float(rng.uniform(0, math.pi))
    ux, uy = math.cos(angle), math.sin(angle)
    along = xs * ux + ys * uy  # position across the band direction
    start = float(rng.uniform(0.0, 1.0 - SCRIBBLE_SHARE))
    lo, hi = np.quantile(along, [start, start + SCRIBBLE_SHARE])
    band = np.zeros_like(inside)
    keep = (along >= lo) & (along <= hi)
    band[ys[keep], xs[keep]] = 255
    # Zigzag strokes running across the band, stepping along it.
    gap = float(rng.uniform(*SCRIBBLE_GAP_MM)) * ppm
    width = max(1, round(float(rng.uniform(*SCRIBBLE_LINE_MM)) * ppm))
    vx, vy = -uy, ux  # the strokes' direction
    span = float(max(inside.shape)) * 1.5
    cx, cy = float(xs.mean()), float(ys.mean())
    pos = lo - gap
    points = []
    side = 1.0
    while pos <= hi + gap:
        base = (cx + (pos - (cx * ux + cy * uy)) * ux, cy + (pos - (cx * ux + cy * uy)) * uy)
        points.append((base[0] + side * vx * span, base[1] + side * vy * span))
        side = -side
        pos += gap + float(rng.normal(0, 0.15)) * gap
    pts = np.round(np.array(points) * 16).astype(np.int32)
    cv2.polylines(out, [pts], False, 255, width, cv2.LINE_AA, 4)
    # A hurried hand overshoots the band a little, never the region by much.
    reach = cv2.dilate(band, _disk(0.6 * ppm)) & cv2.dilate(inside, _disk(0.3 * ppm))
    return out & reach
