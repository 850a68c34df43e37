"""Colour: from a rectified photo to each region's pencil colour, with a confidence.

The steps, and why:

1. **Light.** Pencil on paper multiplies the paper's reflectance, so the image is taken to
   linear light and divided by the local colour of bare paper. That colour is measured where
   the sheet is paper for sure (margins, gaps: the template knows) for the white balance, and
   everywhere from pixels that look like paper (nothing printed near, no colour) at the finest
   scale that has enough of them, for gradients and shadows. What is left is each pixel's
   reflectance relative to paper: 1 for bare paper under any light.
2. **Ink.** A pixel carries pencil when it is far enough from paper white in CIELAB (grey
   pencils count as well as bright ones; only darkening counts, not the slight brightening of
   noise). A region's *coverage* is its share of such pixels among its
   measured pixels (:mod:`artsheets.scanner.regions`), its colour the mean linear colour of
   those pixels.
3. **Keys.** Each colour-key swatch gives its colour's reference. Pencil pressure varies, and
   lighter pencil is that colour mixed with more paper, so a swatch stands for the whole curve
   from faint to heavy (``1 - t * (1 - c)``), and a region is compared, in CIELAB, with the
   nearest point of each curve. A blank swatch is learned instead from the regions that match
   no other swatch (k-means), and the report says so.
4. **Decision.** Coverage decides coloured or not, with a band of doubt between the two
   thresholds (which depend on how the region is marked: filled, or crossed with a stroke);
   the colour is the nearest curve, and the confidence falls when coverage is in the band, when
   the two nearest colours are close (red and orange, blue and purple) or when the colour is
   far from every key.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from artsheets.generator.layout import Region
from artsheets.scanner.lines import fit_lines, pixels_per_sample
from artsheets.scanner.template import PX_PER_MM, Template, disk

__all__ = [
    "DISSENT_ABOVE",
    "REVIEW_BELOW",
    "Palette",
    "Reading",
    "RegionStats",
    "classify",
    "learn_palette",
    "light_field",
    "measure",
    "reflectance",
    "to_linear",
]

REVIEW_BELOW = 0.8  # regions read with less confidence than this are listed for review
DISSENT_ABOVE = 1.0  # a line whose core or sides alone favour another colour by odds over e
MIN_SEEN = 0.9  # a region less visible than this in the photo is not read at all
INK_DELTA = 7.0  # a pixel this far from paper white (CIELAB, darkening only) carries pencil
OWNER_PRIOR = 2.0  # log-odds that a player's box carries his own colour
HALO_L_WEIGHT = 0.4  # near printed lines, darkening counts less (blur and JPEG halos)
STRENGTHS = np.linspace(0.3, 2.0, 35)  # pencil pressure relative to the swatch's

_LUT = np.where(
    (v := np.arange(256) / 255.0) <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4
).astype(np.float32)


def to_linear(img: np.ndarray) -> np.ndarray:
    """8-bit sRGB -> linear light, float32 in [0, 1]."""
    return _LUT[img]


# --- 1. light --------------------------------------------------------------------------------


def _srgb_to_linear(v: np.ndarray) -> np.ndarray:
    s = np.clip(v / 255.0, 0.0, 1.0)
    return np.where(s <= 0.04045, s / 12.92, ((s + 0.055) / 1.055) ** 2.4).astype(np.float32)


def _channel_max(img: np.ndarray) -> np.ndarray:
    """Largest of the three channels (the same as ``img.max(axis=2)``, which numpy does
    slowly over so short an axis)."""
    return np.maximum(np.maximum(img[..., 0], img[..., 1]), img[..., 2])


def _channel_min(img: np.ndarray) -> np.ndarray:
    """Smallest of the three channels (``img.min(axis=2)``, faster)."""
    return np.minimum(np.minimum(img[..., 0], img[..., 1]), img[..., 2])


def _channel_mean(img: np.ndarray) -> np.ndarray:
    """Mean of the three channels, keeping the axis (``img.mean(axis=2, keepdims=True)``, the
    same sum in the same order, faster)."""
    return ((img[..., 0] + img[..., 1] + img[..., 2]) / 3)[..., None]


def _three(plane: np.ndarray) -> np.ndarray:
    """A plane (numbers or a bool mask) repeated into three channels: numpy's broadcasting of
    ``plane[..., None]`` against an image of three channels runs three elements at a time,
    slowly."""
    if plane.dtype == bool:
        return cv2.merge([plane.view(np.uint8)] * 3).view(bool)
    return cv2.merge([plane] * 3)


def light_field(
    work: np.ndarray, tpl: Template, inside: np.ndarray | None = None
) -> tuple[np.ndarray, dict[str, float]]:
    """The colour of bare paper (linear BGR) on a 1 mm grid, and a few measurements:
    ``paper_level`` (the paper's brightness in the photo, linear 0..1)."""
    h, w = work.shape[:2]
    f = round(PX_PER_MM)  # one low-resolution pixel per millimetre
    sw, sh = w // f, h // f

    def reduce(img: np.ndarray) -> np.ndarray:
        return cv2.resize(img[: sh * f, : sw * f], (sw, sh), interpolation=cv2.INTER_AREA)

    # Block averages over the pixels clear of print only (lines would darken the estimate;
    # inside a grid of small boxes there is still paper between the lines). Averaged in
    # sRGB, then made linear: the blocks that matter are uniform paper, where that is exact.
    # With the whole page in the photo (the usual case) the shares are the template's own.
    if inside is None or inside.all():
        clear, share = tpl.clear, tpl.clear_share
    else:
        clear = tpl.clear & inside.astype(np.uint8)
        share = reduce(clear.astype(np.float32))
    inv = 1.0 / np.maximum(share, 1e-3)
    masked = cv2.bitwise_and(work, work, mask=clear)
    small = _srgb_to_linear(reduce(masked).astype(np.float32) * _three(inv))
    # The grey of the masked image is the masked grey; and squared, as it is 0 off the mask.
    gray = cv2.cvtColor(work, cv2.COLOR_BGR2GRAY)
    gc = cv2.bitwise_and(gray, gray, mask=clear).astype(np.float32)
    m1 = reduce(gc) * inv
    m2 = reduce(gc * gc) * inv
    # Texture: pencil grain is rough, paper smooth (even when both are grey). Relative
    # spread in sRGB, times 2.2 to speak of linear light.
    rel_tex = 2.2 * np.sqrt(np.maximum(m2 - m1 * m1, 0.0)) / np.maximum(m1, 1.0)
    usable = share > 0.3
    paper = tpl.paper_small & usable & (share > 0.5)
    # Paper at the camera's clipping level in some channel hides its colour cast there.
    clipped = reduce(((_channel_max(masked) >= CLIPPED) & (clear > 0)).astype(np.float32)) * inv
    true_paper = paper & (clipped < 0.1)
    if true_paper.sum() < 50:  # all of it clipped: no truer cast to be had
        true_paper = paper
    # Global white balance from the sure paper (the photo may be warm, cool or dim).
    ref = small[paper] if paper.sum() >= 50 else small[usable]
    gain = np.maximum(np.median(ref, axis=0), 1e-3) if len(ref) else np.ones(3, np.float32)
    balanced = small / gain
    mx = _channel_max(balanced)
    sat = (mx - _channel_min(balanced)) / np.maximum(mx, 1e-3)
    smooth = float(np.median(rel_tex[paper])) if paper.sum() >= 50 else 0.02
    # Paper-like: no colour, no grain, not much darker than round it.
    near = cv2.dilate(mx * usable, np.ones((9, 9), np.uint8))
    # Grain tells grey pencil from paper. Inside regions large enough to be filled solid the
    # test is strict; elsewhere (small boxes among dense lines, where JPEG noise is rough)
    # it is lenient, or there would be no paper to measure there at all.
    grain = np.where(tpl.big_small, max(2.0 * smooth, 0.01), max(3.0 * smooth, 0.05))
    # Small boxes are left out: in a score area most may be ticked or filled, lightly, and
    # one taken for paper would bleach itself. Their light comes from the paper round them.
    flat = usable & (sat < 0.12) & (rel_tex < grain) & ~tpl.boxes_small
    cand = (flat & (mx > DARKER * near)) | paper
    est = np.maximum(_paper_estimate(small, (cand * share).astype(np.float32)), 1e-3)
    est = _mend_shadow_edges(small, flat | paper, est)
    # Brightness is local (gradients, shadows) but the paper's colour cast varies slowly:
    # taking it from the sure paper keeps a pale fill mistaken for paper from lending the
    # estimate its tint (which would bleach that very fill).
    cast = np.median(small[true_paper], axis=0) if true_paper.any() else gain
    tint = _paper_tint(small, true_paper, cast)
    est = _brightness(est, tint) * tint
    at_white = small[paper] >= CLIPPED_LINEAR if paper.any() else np.zeros((0, 3), bool)
    info = {
        "paper_level": float(np.median(_channel_max(ref))) if len(ref) else 0.0,
        "paper_fraction": float(cand.mean()),
        # Channels (B, G, R) in which most sure paper is clipped at the camera's white.
        "clipped_channels": tuple(
            "BGR"[c] for c in range(3) if len(at_white) and at_white[:, c].mean() > 0.5
        ),
    }
    return est, info


def _brightness(est: np.ndarray, tint: np.ndarray) -> np.ndarray:
    """The paper's brightness in each block, given its colour cast: the mean of its
    channels, or where a channel is clipped (and so too dark for the cast), the channels'
    best estimate, the largest of value over cast."""
    mean = _channel_mean(est)
    at_clip = _channel_max(est) >= CLIPPED_LINEAR
    if not at_clip.any():
        return mean
    best = _channel_max(est / np.maximum(tint, 1e-3))[..., None]
    return np.where(at_clip[..., None], best, mean)


def _paper_tint(small: np.ndarray, paper: np.ndarray, gain: np.ndarray) -> np.ndarray:
    """Per-channel colour of the sure paper relative to its brightness, smooth over the page
    (61 mm windows; the global white balance where there is no sure paper near)."""
    weight = paper.astype(np.float32)
    den = cv2.boxFilter(weight, -1, (61, 61), borderType=cv2.BORDER_REFLECT)
    tint = small / np.maximum(_channel_mean(small), 1e-3)
    num = cv2.boxFilter(tint * _three(weight), -1, (61, 61), borderType=cv2.BORDER_REFLECT)
    base = (gain / max(float(gain.mean()), 1e-3)).astype(np.float32)
    out = num / _three(np.maximum(den, 1e-6))
    np.copyto(out, base, where=_three(den <= 0.02))
    return out


CLIPPED = 250  # an 8-bit value this high may be the camera's white clipping, not the scene
CLIPPED_LINEAR = float(_LUT[CLIPPED - 2])  # a block mean this bright holds clipped pixels


def relative_to_paper(srgb: np.ndarray, light: np.ndarray) -> np.ndarray:
    """Reflectance (linear, relative to paper, clipped to [0, 1.5]) of 8-bit sRGB pixels
    under ``light`` (linear paper colour at each pixel). A channel at the camera's clipping
    level only says the scene was at least that bright: it is no evidence of pencil, so it
    reads as at least paper (a bright photo clips white paper in one channel first, under a
    warm or cool cast, while the same paper in shadow shows its true colour)."""
    return _censor_clipped(to_linear(srgb) / light, srgb)


def _censor_clipped(refl: np.ndarray, srgb: np.ndarray) -> np.ndarray:
    """``refl`` with every channel clipped in ``srgb`` read as at least paper, in [0, 1.5]."""
    return np.clip(np.where(srgb >= CLIPPED, np.maximum(refl, 1.0), refl), 0.0, 1.5)


def reflectance(work: np.ndarray, light: np.ndarray) -> np.ndarray:
    """The whole image relative to paper (linear BGR float32), e.g. to look at it."""
    h, w = work.shape[:2]
    return relative_to_paper(work, cv2.resize(light, (w, h), interpolation=cv2.INTER_LINEAR))


QUANTILE_WINDOW = 7  # blocks across a window
QUANTILE_BLOCKS = (2,)  # block size (mm): 14 mm windows (larger ones reach across shadows)
PAPER_QUANTILE = 80
DARKER = 0.5  # a block this much darker than the brightest paper near it is not paper


def _paper_estimate(small: np.ndarray, cand: np.ndarray) -> np.ndarray:
    """Paper colour round each pixel (1 mm blocks): a high quantile of the paper-like blocks
    near it, from the smallest window with enough of them. Paper is the brightest thing on
    the sheet, so this ignores darker intruders (a grey tick, a pale fill taken for paper)
    even when they are many, and keeps a shadow's edge sharp. Where no window has enough
    paper, the mean over the finest window that has some."""
    h, w = cand.shape
    out = _window_means(small, cand)
    done = np.zeros((h, w), bool)
    for b in QUANTILE_BLOCKS:
        q, enough = _block_quantile(small, cand, b)
        full_q = cv2.resize(q, (w, h), interpolation=cv2.INTER_NEAREST)
        full_ok = cv2.resize(enough.astype(np.uint8), (w, h), interpolation=cv2.INTER_NEAREST) > 0
        np.copyto(out, full_q, where=_three(full_ok & ~done))
        done |= full_ok
        if done.all():
            break
    if not done.all():
        _fine_quantile(small, cand, ~done, out)
    return cv2.GaussianBlur(out, (0, 0), 1.0)


SHADOW_STEP = 0.88  # paper this much darker than the estimate round it may be in a shadow
SHADOW_MIN_MM = 30.0  # a shadow's edge runs on: a band at least this long (its diagonal)
SHADOW_THIN = 0.15  # ... and thin: its area under this share of its diagonal squared
SHADOW_REACH = 2  # blocks (mm) beyond the band whose light is taken from paper near them


def _mend_shadow_edges(small: np.ndarray, flat: np.ndarray, est: np.ndarray) -> np.ndarray:
    """``est`` with the light along hard shadow edges taken from the paper right there.

    The estimate's 14 mm windows keep a pale fill from bleaching itself, but beside a hard
    shadow they reach across the edge and light the first few millimetres of the shadow as
    brightly as the sunlit paper: pencil there reads too dark and grey, and bare paper as
    grey marks. Paper-like blocks clearly darker than the estimate, in a long thin band, are
    that strip (a pale fill is bounded by its space's lines, never long and thin), and their
    own colour is the light there; blocks near the band take their light from the paper
    blocks round them.
    """
    paper_like = flat
    dark = paper_like & (_channel_mean(small) < SHADOW_STEP * _channel_mean(est))[..., 0]
    if not dark.any():
        return est
    # The strip is broken wherever printed lines or pencil cross it: bridged before it is
    # measured (its area is counted on the bridged strip, so thin stays thin).
    size = 2 * SHADOW_REACH + 1
    bridged = cv2.dilate(dark.view(np.uint8), np.ones((size, size), np.uint8))
    _, labels, box, _ = cv2.connectedComponentsWithStats(bridged, connectivity=8)
    diag = np.hypot(box[:, cv2.CC_STAT_WIDTH], box[:, cv2.CC_STAT_HEIGHT]).astype(np.float64)
    keep = (diag >= SHADOW_MIN_MM) & (box[:, cv2.CC_STAT_AREA] < SHADOW_THIN * diag**2)
    keep[0] = False
    if not keep.any():
        return est
    band = keep[labels] & dark
    near = cv2.dilate(band.view(np.uint8), np.ones((size, size), np.uint8)) > 0
    # Light near the band: the paper-like blocks' own colour, averaged over those near.
    own = np.where(_three(paper_like), small, est)
    weight = paper_like.astype(np.float32)
    num = cv2.boxFilter(own * _three(weight), -1, (size, size), normalize=False)
    den = cv2.boxFilter(weight, -1, (size, size), normalize=False)
    local = num / _three(np.maximum(den, 1e-6))
    out = est.copy()
    np.copyto(out, local, where=_three(near & (den > 0)))
    np.copyto(out, small, where=_three(band))
    return np.maximum(out, 1e-3)


FINE_WINDOW, FINE_STRIDE = 9, 2  # 9 mm windows, every other 1 mm block


def _fine_quantile(small: np.ndarray, cand: np.ndarray, where: np.ndarray, out: np.ndarray) -> None:
    """Where the coarse blocks found too little paper (dense grids of small boxes, where a
    2 mm block rarely falls clear of the lines), the same quantile over 1 mm blocks, for
    those places only."""
    ys, xs = np.nonzero(where)
    r = FINE_WINDOW // 2
    offs = np.arange(-r, r + 1, FINE_STRIDE)
    oy, ox = np.meshgrid(offs, offs, indexing="ij")
    h, w = cand.shape
    yy = np.clip(ys[:, None] + oy.ravel()[None, :], 0, h - 1)
    xx = np.clip(xs[:, None] + ox.ravel()[None, :], 0, w - 1)
    flat = yy * w + xx  # (m, k) flat indices of the samples
    valid = (cand > 0.5).ravel()
    ok = valid[flat]
    count = ok.sum(axis=1)
    enough = count >= ok.shape[1] // 3
    if not enough.any():
        return
    # Blocks that are not paper-like are -inf: they sort first, below any value.
    values = np.where(valid[:, None], small.reshape(-1, 3), -np.inf)
    vals = values[flat[enough]]  # (m, k, 3)
    vals.sort(axis=1)
    c = count[enough]
    k = vals.shape[1] - c + np.floor(PAPER_QUANTILE / 100 * (c - 1) + 0.5).astype(int)
    q = np.take_along_axis(vals, k[:, None, None].repeat(3, axis=2), axis=1)[:, 0, :]
    out[ys[enough], xs[enough]] = q


def _block_quantile(small: np.ndarray, cand: np.ndarray, b: int) -> tuple[np.ndarray, np.ndarray]:
    """(quantile of candidate blocks of b mm in a window round each block, where enough)."""
    h, w = cand.shape
    bh, bw = max(1, h // b), max(1, w // b)
    weight = cv2.resize(cand[: bh * b, : bw * b], (bw, bh), interpolation=cv2.INTER_AREA)
    blocks = cv2.resize(
        (small * _three(cand))[: bh * b, : bw * b], (bw, bh), interpolation=cv2.INTER_AREA
    ) / _three(np.maximum(weight, 1e-6))
    r = QUANTILE_WINDOW // 2
    win = (QUANTILE_WINDOW, QUANTILE_WINDOW)
    valid = weight > 0.5
    # Valid blocks per window, counted by a box filter (zeros beyond the edge).
    count = np.rint(
        cv2.boxFilter(
            valid.astype(np.float32), -1, win, normalize=False, borderType=cv2.BORDER_CONSTANT
        )
    ).astype(int)
    enough = count >= QUANTILE_WINDOW**2 // 4
    q = np.zeros((bh, bw, 3), np.float32)
    if enough.any():
        # The quantile of the valid values: missing ones are -inf and sort first (no
        # nanpercentile, which loops in Python); only windows with enough are gathered.
        values = np.where(_three(valid), blocks, -np.inf)
        padded = np.pad(values, ((r, r), (r, r), (0, 0)), constant_values=-np.inf)
        windows = np.lib.stride_tricks.sliding_window_view(padded, win, axis=(0, 1))
        sel = np.sort(windows[enough].reshape(-1, 3, QUANTILE_WINDOW**2), axis=2)
        c = count[enough]
        k = sel.shape[2] - c + np.floor(PAPER_QUANTILE / 100 * (c - 1) + 0.5).astype(int)
        q[enough] = np.take_along_axis(sel, k[:, None, None].repeat(3, axis=1), axis=2)[..., 0]
    # Blocks cut off at the far edges take their neighbours' values.
    q_full = np.zeros((h // b + (h % b > 0), w // b + (w % b > 0), 3), np.float32)
    ok_full = np.zeros(q_full.shape[:2], bool)
    q_full[:bh, :bw], ok_full[:bh, :bw] = q, enough
    q_full[bh:, :] = q_full[bh - 1 : bh, :]
    q_full[:, bw:] = q_full[:, bw - 1 : bw]
    ok_full[bh:, :] = ok_full[bh - 1 : bh, :]
    ok_full[:, bw:] = ok_full[:, bw - 1 : bw]
    return q_full, ok_full


def _window_means(small: np.ndarray, cand: np.ndarray) -> np.ndarray:
    """Mean paper colour round each pixel, from the finest window with enough paper in it."""
    est = np.zeros_like(small)
    done = np.zeros(cand.shape, bool)
    weighted = small * _three(cand)
    for size in (5, 11, 25, 61, 151):
        den = cv2.boxFilter(cand, -1, (size, size), borderType=cv2.BORDER_REFLECT)
        num = cv2.boxFilter(weighted, -1, (size, size), borderType=cv2.BORDER_REFLECT)
        enough = (den > 0.1) & ~done
        np.divide(num, _three(den), out=est, where=_three(enough))
        done |= enough
        if done.all():
            break
    if not done.all():
        est[~done] = np.median(small[cand > 0], axis=0) if cand.any() else 1.0
    return est


# --- 2. ink ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RegionStats:
    """Per region: measured pixels, pencil pixels and their mean linear colour (BGR)."""

    n: np.ndarray
    ink: np.ndarray
    mean: np.ndarray  # (regions, 3), linear BGR of the pencil pixels (1 where none)
    tint: np.ndarray  # (regions, 2), mean CIELAB (a, b) over printed pixels (0 where none)
    seen: np.ndarray  # share of the measured pixels inside the photo
    line_px: np.ndarray  # entries of the masks' ``pixels`` that belong to segments
    line_refl: np.ndarray  # (len(line_px), 3) their reflectance (linear BGR relative to paper)

    @property
    def coverage(self) -> np.ndarray:
        return self.ink / np.maximum(self.n, 1)


def _lab(bgr_linear: np.ndarray) -> np.ndarray:
    arr = np.asarray(bgr_linear, np.float32).reshape(-1, 1, 3)
    return cv2.cvtColor(np.clip(arr, 0, 1.5), cv2.COLOR_LBGR2Lab).reshape(-1, 3)


def ink_delta(lab: np.ndarray, l_weight: np.ndarray | float = 1.0) -> np.ndarray:
    """How far from paper white in CIELAB (only darkening counts in lightness)."""
    dl = np.maximum(100.0 - lab[:, 0], 0.0) * l_weight
    return np.sqrt(dl * dl + lab[:, 1] ** 2 + lab[:, 2] ** 2)


def measure(
    work: np.ndarray, light: np.ndarray, tpl: Template, inside: np.ndarray | None = None
) -> RegionStats:
    """Coverage and pencil colour of every region.

    The colour is a mean over the pencil pixels weighted by how strongly each carries pencil,
    so that a thin stroke's blurred edges (pencil mixed with paper) count less than its core.
    """
    m = tpl.masks
    n_regions = len(m.regions)
    h, w = work.shape[:2]
    # Reflectance relative to paper, only where it is measured.
    full = cv2.resize(light, (w, h), interpolation=cv2.INTER_LINEAR)
    srgb = work.reshape(-1, 3)[m.pixels]
    px = to_linear(srgb) / full.reshape(-1, 3)[m.pixels]
    _relight_boxes(px, work, full, tpl, inside)
    px = _censor_clipped(px, srgb)
    # Darkness counts fully on bare paper, less near print (halos), not at all on print.
    l_weight = np.where(m.on_print, 0.0, np.where(m.near_print, HALO_L_WEIGHT, 1.0))
    lab = _lab(px)
    delta = ink_delta(lab, l_weight)
    ink = delta > INK_DELTA
    owner = m.owner

    def per_region(weights: np.ndarray | None = None, who: np.ndarray = owner) -> np.ndarray:
        return np.bincount(who, weights=weights, minlength=n_regions).astype(np.float64)

    # Pencil over print is darkened by the ink under it: its colour counts only when a
    # region has no pencil on bare paper at all.
    off_print = per_region((ink & ~m.on_print).astype(np.float64))
    weight = np.where(ink & (~m.on_print | (off_print[owner] == 0)), delta, 0.0)
    n = per_region()
    k = per_region(ink.astype(np.float64))
    wsum = per_region(weight)
    sums = np.stack([per_region(px[:, c] * weight) for c in range(3)], axis=1)
    mean = np.where(wsum[:, None] > 0, sums / np.maximum(wsum, 1e-9)[:, None], 1.0)
    # A line traced over: the printed grey itself takes the pencil's hue, even when the
    # pencil is too dull or thin to show beside it.
    on = np.flatnonzero(m.on_print)
    n_on = per_region(None, owner[on])
    tint = np.stack([per_region(lab[on, c], owner[on]) for c in (1, 2)], axis=1)
    tint /= np.maximum(n_on, 1)[:, None]
    if inside is None:
        seen = np.ones(n_regions)
    else:
        seen = per_region(inside.reshape(-1)[m.pixels].astype(np.float64)) / np.maximum(n, 1)
    line_px = np.flatnonzero(m.line_mm >= 0)
    return RegionStats(
        n=n, ink=k, mean=mean, tint=tint, seen=seen, line_px=line_px, line_refl=px[line_px]
    )


BOX_PAPER_MM = 3.0  # paper this near a tally box tells the light on it
BOX_LIGHT_SIGMA_MM = (0.8, 1.6, 3.2)  # finest first: the nearest paper that is enough
BOX_PAPER_ENOUGH = 0.002  # share of paper (Gaussian-weighted) that is enough at a scale


@dataclass(frozen=True)
class _BoxPaper:
    """Per template, for :func:`_relight_boxes`: where the tally boxes' measured pixels lie
    in ``masks.pixels`` (runs of entries) and on a grid of 2 x 2 pixel cells over the
    window that holds them; and the bare paper round those boxes (clear of print and of
    every region: flat pixel indices) with its cells."""

    runs: tuple[tuple[int, int], ...]
    box_cells: tuple[np.ndarray, np.ndarray]  # (row, column) of each box pixel's cell
    paper: np.ndarray
    paper_cells: np.ndarray  # flat cell index of each paper pixel
    grid: tuple[int, int]  # cells down, across
    origin: tuple[int, int]  # the window's top left pixel (row, column)


_BOX_PAPER: dict[str, tuple[Template, _BoxPaper]] = {}


def _box_paper(tpl: Template) -> _BoxPaper:
    """The :class:`_BoxPaper` of a template, cached (per sheet code) with it."""
    hit = _BOX_PAPER.get(tpl.layout.sheet_code)
    if hit is not None and hit[0] is tpl:
        return hit[1]
    m = tpl.masks
    h, w = tpl.shape
    tally = np.array([is_tally_box(r.kind, r.extra.get("role")) for r in m.regions], bool)
    entries = np.flatnonzero(tally[m.owner]) if len(m.owner) else np.zeros(0, np.int64)
    cuts = np.flatnonzero(np.diff(entries) != 1) + 1
    runs = tuple((int(r[0]), int(r[-1]) + 1) for r in np.split(entries, cuts) if len(r))
    boxes = np.zeros(h * w, np.uint8)
    boxes[m.pixels[entries]] = 1
    zone = cv2.dilate(boxes.reshape(h, w), disk(BOX_PAPER_MM)) > 0
    paper = np.flatnonzero(zone & (tpl.clear > 0) & ~m.footprint(tpl.shape))
    y0, x0 = 0, 0
    grid = (0, 0)
    if len(entries):
        ys, xs = np.nonzero(zone)
        y0, x0 = int(ys.min()), int(xs.min())
        grid = ((int(ys.max()) - y0) // 2 + 1, (int(xs.max()) - x0) // 2 + 1)
    flat = m.pixels[entries]
    out = _BoxPaper(
        runs=runs,
        box_cells=((flat // w - y0) // 2, (flat % w - x0) // 2),
        paper=paper,
        paper_cells=((paper // w - y0) // 2) * grid[1] + (paper % w - x0) // 2,
        grid=grid,
        origin=(y0, x0),
    )
    _BOX_PAPER[tpl.layout.sheet_code] = (tpl, out)
    return out


def _relight_boxes(
    px: np.ndarray,
    work: np.ndarray,
    full: np.ndarray,
    tpl: Template,
    inside: np.ndarray | None,
) -> None:
    """Tally boxes (point, penalty and track boxes) measured against the bare paper right
    round them: ``px`` (reflectance of ``masks.pixels``) corrected in place.

    The light field is estimated on a 1 mm grid from 14 mm windows, so a hard shadow's edge
    comes out a few millimetres soft: a box in the strip beside it is darkened (a shadow read
    as grey pencil, which a dull key colour cannot tell apart) or, on the lit side,
    bleached (a light tick lost). Tally boxes are small, with paper close by on some side:
    the light on each box pixel is taken again from the brightness of the nearest bare paper
    that is enough (normalised convolution, the finest scale with enough paper first), and
    the box's reflectance corrected, colour by colour, by how far the light field was off
    there (a shadow may be bluish; a photo's blue may clip on bright paper). (The paper's
    brightness is carried over, not its reflectance: across a soft-estimated edge the
    estimate changes fast where the paper's true brightness does not.)"""
    bp = _box_paper(tpl)
    if not bp.runs or not len(bp.paper):
        return
    keep = slice(None) if inside is None else inside.reshape(-1)[bp.paper]
    paper, cells = bp.paper[keep], bp.paper_cells[keep]
    colour = to_linear(work.reshape(-1, 3)[paper])
    # Each scale on a grid twice as coarse as the last, so the blur is 2 cells wide at every
    # scale, and cheap: 2.5, 1.25 and 0.6 cells per mm for 0.8, 1.6 and 3.2 mm.
    gh, gw = bp.grid
    num = np.stack([np.bincount(cells, colour[:, c], gh * gw) for c in range(3)], axis=1).astype(
        np.float32
    )
    num = num.reshape(gh, gw, 3)
    den = np.bincount(cells, None, gh * gw).astype(np.float32).reshape(gh, gw)
    y0, x0 = bp.origin
    estimate = np.maximum(full[y0 : y0 + 2 * gh : 2, x0 : x0 + 2 * gw : 2], 1e-3)
    local = estimate.copy()  # the bare paper's colour round each cell (none near: no change)
    todo = np.ones((gh, gw), bool)
    for level, sigma_mm in enumerate(BOX_LIGHT_SIGMA_MM):
        if level:
            half = (max(1, num.shape[1] // 2), max(1, num.shape[0] // 2))
            num = cv2.resize(num, half, interpolation=cv2.INTER_AREA)
            den = cv2.resize(den, half, interpolation=cv2.INTER_AREA)
        sigma = sigma_mm * PX_PER_MM / 2 ** (level + 1)
        dn = cv2.GaussianBlur(den, (0, 0), sigma)
        nm = cv2.GaussianBlur(num, (0, 0), sigma)
        if level:
            dn = cv2.resize(dn, (gw, gh), interpolation=cv2.INTER_LINEAR)
            nm = cv2.resize(nm, (gw, gh), interpolation=cv2.INTER_LINEAR)
        ok = todo & (dn > BOX_PAPER_ENOUGH * 4)  # four pixels to a cell
        local[ok] = nm[ok] / dn[ok, None]
        todo &= ~ok
        if not todo.any():
            break
    gain = np.clip(local / estimate, 0.2, 2.0)
    # Paper clipped at the camera's white in a channel tells nothing of its light there:
    # that channel is corrected like the unclipped ones (the light's brightness).
    at_white = local >= CLIPPED_LINEAR
    if at_white.any():
        gain = np.where(at_white, _channel_max(gain)[..., None], gain)
    gain = gain[bp.box_cells]
    at = 0
    for start, stop in bp.runs:
        px[start:stop] /= gain[at : at + stop - start]
        at += stop - start


# --- 3. keys ---------------------------------------------------------------------------------


@dataclass
class Palette:
    """The colours in play: colour index -> reference linear BGR, and how each was learned."""

    colours: dict[int, np.ndarray] = field(default_factory=dict)
    source: dict[int, str] = field(default_factory=dict)  # "key" or "clustered"
    notes: list[str] = field(default_factory=list)
    doubtful: set[int] = field(default_factory=set)  # colours whose identity is a guess
    unknown: set[int] = field(default_factory=set)  # colours in play never learned at all
    # How much wider than usual a colour's scatter is on this sheet: more than 1 when the
    # light's colour cast could not be measured (paper clipped white in some channel).
    spread: float = 1.0

    def curves(self) -> tuple[np.ndarray, np.ndarray]:
        """(colour index per sample, Lab per sample) along each colour's pressure curve."""
        idx, labs = [], []
        for k, c in self.colours.items():
            samples = 1.0 - STRENGTHS[:, None] * (1.0 - np.asarray(c)[None, :])
            labs.append(_lab(np.clip(samples, 0.0, 1.0)))
            idx.extend([k] * len(STRENGTHS))
        if not labs:
            return np.zeros(0, int), np.zeros((0, 3))
        return np.array(idx), np.concatenate(labs)

    def srgb(self, k: int) -> tuple[int, int, int]:
        """The colour as 8-bit BGR, for drawing."""
        c = np.clip(self.colours[k], 0, 1)
        s = np.where(c <= 0.0031308, c * 12.92, 1.055 * np.power(c, 1 / 2.4) - 0.055)
        b, g, r = (round(float(v) * 255) for v in s)
        return (b, g, r)


@dataclass(frozen=True)
class Style:
    """How a region is marked, so what coverage means: below ``off`` uncoloured, above
    ``on`` coloured, and only from ``sure`` on surely so (between, the region is doubted)."""

    off: float
    on: float
    sure: float


# A space filled with pencil covers 79% or more of its measured pixels in 99.5% of the
# benchmark's fills; a shadow's edge or a smudge across an empty one, a third at most.
FILL = Style(0.06, 0.22, 0.75)
STROKE = Style(0.025, 0.08, 0.12)  # a line traced, a symbol drawn, a number written
TICK = Style(0.12, 0.3, 0.45)  # a tick, cross or fill in a small box (a speck is 1 of 80 px)


TALLY_ROLES = ("point", "penalty")  # score boxes marked one per point (or penalty)


def is_tally_box(kind: str, role: str | None) -> bool:
    """Is a region one of the small boxes players tick one by one to keep a count: a point or
    penalty box of a score area, or a box of Klee's track?"""
    return kind == "track_box" or (kind == "score_box" and role in TALLY_ROLES)


def style_of(kind: str, role: str | None, symbol_spaces: bool) -> Style:
    """Fills for spaces, marks, keys; strokes for traced lines, writing and symbols; ticks for
    point, penalty and track boxes."""
    if kind == "segment" or (kind == "space" and symbol_spaces):
        return STROKE
    if is_tally_box(kind, role):
        return TICK
    if kind == "score_box":
        return STROKE
    return FILL


def _distances(lab: np.ndarray, palette: Palette) -> tuple[np.ndarray, list[int]]:
    """(regions, colours) weighted CIELAB distance to each colour's pressure curve."""
    idx, curve = palette.curves()
    keys = list(palette.colours)
    if not keys:
        return np.full((len(lab), 0), np.inf), keys
    d = lab[:, None, :] - curve[None, :, :]
    dist = np.sqrt((d**2).sum(axis=2))
    out = np.stack([dist[:, idx == k].min(axis=1) for k in keys], axis=1)
    return out, keys


OWN_COLOUR_KINDS = ("score_box", "track_box")  # boxes a player marks in his own colour


def _marked_by_owner(r: Region) -> bool:
    """Is ``r`` a box its player marks with his own colour (colour index = player)? Score and
    track boxes are; a Klee sequence mark in a player's area holds any colour."""
    return r.player is not None and r.kind in OWN_COLOUR_KINDS


def learn_palette(
    stats: RegionStats,
    tpl: Template,
    colours_in_play: Sequence[int],
    symbol_spaces: bool,
) -> Palette:
    """Reference colours from the key swatches; blank swatches learned by clustering."""
    regions = tpl.masks.regions
    pal = Palette()
    cov = stats.coverage
    blank = []
    for i, r in enumerate(regions):
        if r.kind != "key" or r.color_index not in colours_in_play:
            continue
        if cov[i] >= FILL.on and stats.seen[i] >= MIN_SEEN:
            pal.colours[r.color_index] = stats.mean[i]
            pal.source[r.color_index] = "key"
        else:
            blank.append(r.color_index)
            if stats.seen[i] < MIN_SEEN:
                pal.notes.append(f"colour key {r.color_index} is outside the photo")
    if not blank:
        return pal
    # Regions that are coloured but match no known key well hold the blank keys' colours.
    styles = [style_of(r.kind, r.extra.get("role"), symbol_spaces) for r in regions]
    coloured = [
        i
        for i, r in enumerate(regions)
        if r.kind not in ("key",) and cov[i] >= styles[i].on and stats.ink[i] >= 15
    ]
    lab = _lab(stats.mean[coloured]) if coloured else np.zeros((0, 3))
    if pal.colours and len(coloured):
        dist, _ = _distances(lab, pal)
        unmatched = [j for j in range(len(coloured)) if dist[j].min() > 12.0]
    else:
        unmatched = list(range(len(coloured)))
    names = ("keys " if len(blank) > 1 else "key ") + ", ".join(str(k) for k in blank)
    if len(unmatched) < max(2, len(blank)):
        pal.notes.append(
            f"colour {names} {'are' if len(blank) > 1 else 'is'} blank and no other colour "
            "was found on the sheet; "
            "regions of that colour (if any) cannot be told apart"
        )
        pal.unknown.update(blank)
        return pal
    data = lab[unmatched].astype(np.float32)
    kk = len(blank)
    _, labels, _ = cv2.kmeans(
        data,
        kk,
        None,
        (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 50, 0.1),
        5,
        cv2.KMEANS_PP_CENTERS,
    )
    labels = labels.ravel()[: len(data)]
    clusters = []
    for c in range(kk):
        members = [coloured[unmatched[j]] for j in np.nonzero(labels == c)[0]]
        weights = stats.ink[members]
        centre = (stats.mean[members] * weights[:, None]).sum(axis=0) / max(weights.sum(), 1)
        players = [regions[i].player for i in members if _marked_by_owner(regions[i])]
        clusters.append((centre, players))
    assigned: dict[int, np.ndarray] = {}
    # A cluster found in player p's score boxes is colour p; the rest in order.
    left = list(blank)
    for centre, players in clusters:
        vote = max(set(players), key=players.count) if players else None
        if vote in left:
            assigned[vote] = centre
            left.remove(vote)
    guessed = []
    for centre, _ in clusters:
        if any(centre is a for a in assigned.values()):
            continue
        k = left.pop(0)
        assigned[k] = centre
        if len(blank) > 1:
            guessed.append(k)
    for k, centre in assigned.items():
        pal.colours[k] = centre
        pal.source[k] = "clustered"
    pal.doubtful.update(guessed)
    note = (
        f"colour {names} {'are' if kk > 1 else 'is'} blank: learned "
        f"{'that colour' if kk == 1 else 'those colours'} "
        "from the sheet's coloured regions (clustering)"
    )
    if guessed:
        note += f"; which player has colour {', '.join(map(str, guessed))} is a guess"
    pal.notes.append(note)
    return pal


# --- 4. decision -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """What one region holds: colour index or None, confidence, and why it is doubtful."""

    color: int | None
    confidence: float
    coverage: float
    reason: str | None = None


TINT_OFF, TINT_ON = 1.2, 3.0  # CIELAB chroma of a printed line's tint: none / surely pencil


def _tint_reading(
    tint: np.ndarray,
    palette: Palette,
    keys: list[int],
    f: float,
    refs: dict[int, np.ndarray] | None = None,
) -> Reading | None:
    """A segment whose pencil shows mostly as a tint of its printed line: the colour whose
    tint it is nearest, when the tint is clear (None when there is no tint to speak of).

    With ``refs`` (each colour's tint as measured on lines confidently read on this sheet),
    tints are compared as (a, b) vectors; otherwise by hue angle against the key swatches."""
    chroma = float(np.hypot(*tint))
    if chroma < TINT_OFF:
        return None
    conf_tint = 0.5 + 0.5 * _ramp(chroma, TINT_OFF, TINT_ON * 1.5)
    if refs and all(k in refs for k in keys):
        d = sorted((float(np.hypot(*(tint - refs[k]))), k) for k in keys)
        d1, k = d[0]
        d2, k2 = d[1] if len(d) > 1 else (math.inf, k)
        sigma = math.hypot(1.0, d1 / 1.5)
        llr = (d2 * d2 - d1 * d1) / (2 * sigma * sigma) if math.isfinite(d2) else 50.0
        conf_sep = 1.0 / (1.0 + math.exp(-min(llr, 50.0)))
    else:
        hue = math.atan2(tint[1], tint[0])
        angles = []
        for key in keys:
            _, a, b = _lab(np.asarray(palette.colours[key])[None])[0]
            diff = abs((math.atan2(b, a) - hue + math.pi) % (2 * math.pi) - math.pi)
            angles.append((diff, key))
        angles.sort()
        best, k = angles[0]
        second, k2 = angles[1] if len(angles) > 1 else (math.pi, k)
        conf_sep = 0.35 + 0.65 * _ramp(second - best, math.radians(15), math.radians(45))
    conf = min(conf_tint, conf_sep)
    reason = None
    if conf < REVIEW_BELOW:
        reason = (
            f"faint trace on the line ({f:.0%} covered, tint {chroma:.1f})"
            if conf == conf_tint
            else f"tint between keys {k} and {k2}"
        )
    return Reading(k, round(conf, 3), f, reason)


def _ramp(x: float, lo: float, hi: float) -> float:
    """0 at lo, 1 at hi, linear between, clipped."""
    if hi == lo:
        return 1.0 if x >= hi else 0.0
    return min(1.0, max(0.0, (x - lo) / (hi - lo)))


def classify(
    stats: RegionStats,
    palette: Palette,
    tpl: Template,
    symbol_spaces: bool,
    blur_mm: float = 0.0,
) -> list[Reading]:
    """A :class:`Reading` for every region of the template, in its order (``blur_mm``: the
    photo's measured blur, which makes neighbouring pixels of a line alike).

    Two passes. The key swatches are fills; a line traced over, a tick or a drawn symbol
    shows its colour differently (thinner, over or beside print, blurred). So after a first
    pass against the swatches, each stroke-like style learns its own reference per colour
    from the regions of that style read with high confidence on this very sheet (three at
    least), lines learn their tint per colour likewise, and a second pass reads again."""
    regions = tpl.masks.regions
    styles = [style_of(r.kind, r.extra.get("role"), symbol_spaces) for r in regions]
    first = _classify_once(stats, {FILL: palette}, tpl, styles, None)
    refs: dict[Style, Palette] = {FILL: palette}
    for style in (STROKE, TICK):
        colours = dict(palette.colours)
        for k in palette.colours:
            sel = [
                i
                for i, rd in enumerate(first)
                if styles[i] is style
                and rd.color == k
                and rd.reason is None
                and rd.confidence >= LEARN_ABOVE
                and rd.coverage >= style.on
            ]
            if len(sel) >= 3:
                w = stats.ink[sel]
                colours[k] = (stats.mean[sel] * w[:, None]).sum(axis=0) / max(w.sum(), 1e-9)
        refs[style] = Palette(colours, dict(palette.source), [], set(palette.doubtful))
    tints: dict[int, np.ndarray] = {}
    for k in palette.colours:
        sel = [
            i
            for i, rd in enumerate(first)
            if regions[i].kind == "segment"
            and rd.color == k
            and rd.reason is None
            and rd.confidence >= LEARN_ABOVE
            and rd.coverage >= STROKE.on
        ]
        if len(sel) >= 3:
            tints[k] = np.median(stats.tint[sel], axis=0)
    second = _classify_once(stats, refs, tpl, styles, tints)
    return _reread_lines(stats, tpl, first, second, palette, blur_mm)


def _reread_lines(
    stats: RegionStats,
    tpl: Template,
    first: list[Reading],
    second: list[Reading],
    palette: Palette,
    blur_mm: float = 0.0,
) -> list[Reading]:
    """Every line read coloured takes its colour from :func:`~artsheets.scanner.lines.fit_lines`,
    which explains each of its pixels as that pencil over the printed line and under the fill
    of the space the pixel lies in (Arp's captures reach into the line's band). The line goes
    to review where the fit's colour is not clearly better than the runner-up, where its
    printed core or the strips beside it, read alone, favour another colour, or (Arp) where
    it is unlike every coloured piece of its printed line it meets."""
    m = tpl.masks
    keys = list(palette.colours)
    out = list(second)
    if len(keys) < 2 or len(stats.line_px) == 0:
        return out
    fill_of = np.array([rd.color or 0 for rd in first] + [0], np.int64)
    host = m.host[stats.line_px]
    fits = fit_lines(
        stats.line_refl,
        m.owner[stats.line_px],
        m.line_mm[stats.line_px],
        fill_of[host],  # host -1 (no space) picks the trailing 0
        palette.colours,
        len(m.regions),
        palette.spread,
        pixels_per_sample(blur_mm),
    )
    for i, fit in fits.items():
        rd = second[i]
        if rd.color is None or rd.reason == "outside the photo":
            continue
        # Light or patchy tracing stays doubtful whatever its colour; a faint line read by
        # its tint alone keeps that reading's doubt.
        conf_cov = (
            rd.confidence if rd.coverage < STROKE.on else _coverage_confidence(rd.coverage, STROKE)
        )
        conf = min(conf_cov, fit.confidence)
        reason = None
        if conf < REVIEW_BELOW:
            reason = (
                rd.reason or f"light or patchy trace ({rd.coverage:.0%} covered)"
                if conf == conf_cov
                else f"colour between keys {fit.color} and {fit.runner_up}"
            )
        if fit.dissent > DISSENT_ABOVE and reason is None:
            conf = min(conf, 0.6)
            reason = f"the line's printed core says colour {fit.core}, beside it {fit.beside}"
        out[i] = Reading(fit.color, round(conf, 3), rd.coverage, reason)
    # A move colours a run of pieces along one printed line (Arp): a piece unlike every
    # coloured piece it meets on its line is more likely misread than a run of one.
    for i, rd in enumerate(list(out)):
        met = {out[j].color for j in m.along[i]} - {None}
        if rd.color is not None and rd.reason is None and met and rd.color not in met:
            out[i] = Reading(
                rd.color,
                min(rd.confidence, 0.6),
                rd.coverage,
                f"colour {rd.color} between pieces of its line coloured "
                + " and ".join(str(k) for k in sorted(met)),
            )
    return out


LEARN_ABOVE = 0.9  # regions read this surely teach their style's reference colours


def _classify_once(
    stats: RegionStats,
    palettes: dict[Style, Palette],
    tpl: Template,
    styles: list[Style],
    tints: dict[int, np.ndarray] | None,
) -> list[Reading]:
    regions = tpl.masks.regions
    palette = palettes[FILL]
    cov = stats.coverage
    lab = _lab(stats.mean)
    dists = {st: _distances(lab, pal) for st, pal in palettes.items()}
    keys = list(palette.colours)
    out: list[Reading] = []
    for i, r in enumerate(regions):
        st = styles[i]
        dist = dists.get(st, dists[FILL])[0]
        if stats.seen[i] < MIN_SEEN:
            out.append(Reading(None, 0.0, 0.0, "outside the photo"))
            continue
        f = float(cov[i])
        n = float(stats.n[i])
        size_conf = _ramp(n, 8, 40)  # too few pixels to judge
        mid = math.sqrt(st.off * st.on)
        if r.kind == "segment" and f < st.on and keys:
            tinted = _tint_reading(stats.tint[i], palette, keys, f, tints)
            if tinted is not None:
                out.append(tinted)
                continue
        if f < mid:
            conf = 0.5 + 0.5 * _ramp(math.log(max(f, 1e-4)), math.log(mid), math.log(st.off) - 1.1)
            conf = min(conf, 0.5 + 0.5 * size_conf)
            reason = None if conf >= REVIEW_BELOW else f"faint marks ({f:.0%} covered)"
            out.append(Reading(None, round(conf, 3), f, reason))
            continue
        conf_cov = _coverage_confidence(f, st)
        if not keys:
            out.append(Reading(None, 0.0, f, "coloured, but no colour key could be read"))
            continue
        base_sigma = sigma = (
            (1.5 if st is FILL else 2.5) * (1.5 if n < 150 else 1.0) * palette.spread
        )
        # Log-likelihood of each colour (its distance against the scatter a region's colour
        # shows about its key's curve, larger for strokes and small boxes), plus a prior for
        # a box that belongs to a player: he marks it with his own colour, as a rule.
        # A region far from every colour is an outlier to this model: widen the scatter by
        # its misfit, so that two colours both far away are not told apart with confidence.
        sigma = math.hypot(sigma, float(dist[i].min()) / 1.5)
        loglik = -(dist[i] ** 2) / (2 * sigma * sigma)
        if _marked_by_owner(r) and r.player in keys:
            loglik = loglik + np.where(np.array(keys) == r.player, OWNER_PRIOR, 0.0)
        order = np.argsort(-loglik)
        d1 = float(dist[i, order[0]])
        k = keys[order[0]]
        llr = float(loglik[order[0]] - loglik[order[1]]) if len(order) > 1 else 50.0
        conf_sep = 1.0 / (1.0 + math.exp(-min(llr, 50.0)))
        conf_abs = 1.0 - _ramp(d1, 3.0 * base_sigma, 7.0 * base_sigma)
        conf = min(conf_cov, conf_sep, conf_abs, 0.5 + 0.5 * size_conf)
        reason = None
        if conf < REVIEW_BELOW:
            if conf == conf_cov:
                reason = f"patchy or light pencil ({f:.0%} covered)"
            elif conf == conf_abs:
                reason = "colour matches no key swatch well"
            elif conf == conf_sep:
                reason = f"colour between keys {k} and {keys[order[1]]}"
            else:
                reason = "too small to read"
        if palette.unknown and reason is None:
            # A colour in play was never learned: a region only loosely like its key may be
            # that colour instead.
            loose = 1.0 - _ramp(d1, base_sigma, 3.0 * base_sigma)
            if loose < REVIEW_BELOW:
                conf = min(conf, loose)
                unknown = ", ".join(str(u) for u in sorted(palette.unknown))
                reason = f"only loosely colour {k}, and colour {unknown} is unknown (blank key)"
        if k in palette.doubtful:
            conf = min(conf, 0.5)
            reason = reason or f"colour {k} was guessed: its key swatch is blank"
        if _grey_unlike(lab[i], palettes.get(st, palette).colours[k], st is FILL):
            # Darker but colourless where the key is colourful: the edge of a shadow or a
            # smudge more likely than pencil. Not trusted either way.
            out.append(Reading(None, 0.4, f, f"grey marks, unlike colour {k}: shadow or smudge?"))
            continue
        out.append(Reading(k, round(conf, 3), f, reason))
    return out


def _coverage_confidence(f: float, st: Style) -> float:
    """How surely a region with coverage ``f`` (at least the style's middle) is coloured."""
    mid = math.sqrt(st.off * st.on)
    return 0.5 + 0.5 * _ramp(math.log(max(f, 1e-4)), math.log(mid), math.log(st.sure))


GREY_CHROMA = 6.0  # the chroma a key must show at a region's depth for grey to be unlike it
GREY_CHROMA_FILL = 4.0  # for a fill, whose colour is the mean of many pixels: surer


def _grey_unlike(lab: np.ndarray, key: np.ndarray, fill: bool = False) -> bool:
    """Is a region's pencil colour neutral grey where its key, at the same lightness, would
    be clearly coloured? A fill's colour is averaged over its whole area, so even a dull key
    (brown, grey-green) is told from the exact grey of a shadow's band on a filled region;
    a stroke's or a tick's colour is thin and mixed with paper and print, and needs a
    clearly coloured key."""
    kl, ka, kb = _lab(np.asarray(key)[None])[0]
    depth = max(100.0 - float(lab[0]), 0.0) / max(100.0 - float(kl), 1.0)
    expected = math.hypot(ka, kb) * min(depth, 2.0)
    least = GREY_CHROMA_FILL if fill else GREY_CHROMA
    return expected >= least and math.hypot(lab[1], lab[2]) < 0.35 * expected
