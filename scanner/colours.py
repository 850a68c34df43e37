"""Colour: from a rectified photo to each region's pencil colour, with a confidence.

The steps, and why:

1. **Light** (:mod:`artsheets.scanner.light`): the image is divided by the local colour of
   bare paper, leaving each pixel's reflectance relative to paper.
2. **Ink.** A pixel carries pencil when it is far enough from paper white in CIELAB (grey
   pencils count as well as bright ones; only darkening counts, not the slight brightening of
   noise). A region's *coverage* is its share of such pixels among its
   measured pixels (:mod:`artsheets.scanner.regions`), its colour the mean linear colour of
   those pixels.
3. **Keys.** Each colour-key swatch gives its colour's reference. Pencil pressure varies, and
   lighter pencil is that colour mixed with more paper, so a swatch stands for the whole curve
   from faint to heavy (``1 - t * (1 - c)``), and a region is compared, in CIELAB, with the
   nearest point of each curve. A blank swatch is learned instead from the regions that match
   no other swatch (k-means), and the report says so. After a first reading, the fills are
   read again against keys adapted to the sheet's own sure fills
   (:mod:`artsheets.scanner.keys`): pencil hatching or a copy's JPEG can shift every mark
   of a key off its swatch's curve alike.
4. **Decision.** Coverage decides coloured or not, with a band of doubt between the two
   thresholds (which depend on how the region is marked: filled, or crossed with a stroke);
   the colour is the nearest curve, and the confidence falls when coverage is in the band, when
   the two nearest colours are close (red and orange, blue and purple) or when the colour is
   far from every key.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from artsheets.generator.layout import Region
from artsheets.scanner import cielab
from artsheets.scanner.config import DEFAULT, ScannerConfig, Style
from artsheets.scanner.copies import open_chroma_share, smears, without_fill_smear
from artsheets.scanner.keys import adapt_palette, line_palette
from artsheets.scanner.light import (
    CLIPPED,
    CLIPPED_LINEAR,
    Light,
    censor_clipped,
    channel_max,
    clipped_pencil,
    grid_units,
    three,
    to_linear,
)
from artsheets.scanner.lines import (
    LineFit,
    blank_is_second,
    curve_evidence,
    curve_indices,
    fit_lines,
    full_size_blacks,
    line_sides,
    lines_dyed,
    open_side_bare,
    pixels_per_sample,
    runs_along,
    traced_though_blank,
    with_mean_colour,
)
from artsheets.scanner.regions import RegionMasks
from artsheets.scanner.tallies import unresolved_blanks
from artsheets.scanner.template import PX_PER_MM, Template, derived, disk

__all__ = [
    "DISSENT_ABOVE",
    "OUTSIDE",
    "REVIEW_BELOW",
    "Palette",
    "Reading",
    "RegionStats",
    "classify",
    "curve_distances",
    "learn_palette",
    "measure",
]

REVIEW_BELOW = 0.8  # regions read with less confidence than this are listed for review

# The review reason of a reading whose margin between its two likeliest keys is small, and
# its pattern: ``linedoubt`` recognises a piece whose only doubt this is.
BETWEEN_KEYS = re.compile(r"colour between keys (\d+) and (\d+)")


def between_keys(colour: int, runner_up: int | None) -> str:
    """The reason "colour between keys N and M" (:data:`BETWEEN_KEYS`)."""
    return f"colour between keys {colour} and {runner_up}"


OUTSIDE = "outside the photo"  # the reason of a region (mostly) not in the photo: not read
DISSENT_ABOVE = 1.0  # a line whose core or sides alone favour another colour by odds over e
KEY_PIXELS_ENOUGH = 60  # pixels of a key swatch in the photo enough to learn its colour
# (The ink test, the halo's weight, the pressure steps, the tally boxes' light, the tint, pale
# and grey tests, the dark-paper doubt and how much of a region must be seen are
# ``ScannerConfig`` fields: ``ink_delta``, ``halo_weight``, ``pressure_steps``, ``box_*``,
# ``tint_*``, ``pale_share``, ``grey_*``, ``dip_below``, ``fully_seen``, ``part_seen``.)


def pressures(config: ScannerConfig = DEFAULT) -> np.ndarray:
    """Pencil pressures relative to a key swatch's, along which a colour is compared
    (``config.pressure_steps``: lightest, heaviest, how many)."""
    lo, hi, n = config.pressure_steps
    return np.linspace(lo, hi, int(n))


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
    # The same for a polygon's core, its pixels ``core_mm`` or more from its outline: a
    # neighbour's felt tip bleeds over the outline into the rim, never this far in.
    core_n: np.ndarray | None = None
    core_ink: np.ndarray | None = None
    # Where the camera clipped some pencil pixels of a region at its white, ``mean`` is only a
    # likely value: the mean lies between ``low`` (the clipped channels at the level they
    # clipped at) and ``high`` (at paper: pencil only darkens). Equal to ``mean`` elsewhere;
    # None when nothing in the photo clipped.
    low: np.ndarray | None = None
    high: np.ndarray | None = None
    # Per region, the shares of its pencil pixels near its centre and on a ring round it
    # (:func:`_symbol_shape`), for the written symbols of a symbol game; None elsewhere.
    shape: np.ndarray | None = None
    # Per region, the mean darkening (``ink_delta``, CIELAB) over all its shown pixels,
    # pencil or not: what a mark thinner than a photo pixel still leaves (None: not measured).
    dark: np.ndarray | None = None
    # ``line_refl`` with the chroma a small copy smeared onto the lines' cores from the
    # fills beside them taken out, for the line fit's colours (None: as measured).
    line_unsmeared: np.ndarray | None = None

    @property
    def coverage(self) -> np.ndarray:
        return self.ink / np.maximum(self.n, 1)

    @property
    def censored(self) -> np.ndarray:
        """Per region, whether its colour is only bounded (``low`` to ``high``: some of its
        pencil pixels clipped at white), not a point (:func:`_censored`)."""
        if self.low is None or self.high is None:
            return np.zeros(len(self.n), bool)
        return _censored(self.low, self.high)


def _rows(img: np.ndarray, flat: np.ndarray) -> np.ndarray:
    """The pixels of a 3-channel image at flat indexes, shape (n, 3) (``np.take`` gathers
    rows three times faster than fancy indexing does)."""
    return np.take(img.reshape(-1, 3), flat, axis=0)


_ONE = np.float32(1.0)


def ink_delta(lab: np.ndarray, l_weight: np.ndarray | float = 1.0) -> np.ndarray:
    """How far from paper white in CIELAB (only darkening counts in lightness)."""
    dl = np.maximum(100.0 - lab[:, 0], 0.0) * l_weight
    return np.sqrt(dl * dl + lab[:, 1] ** 2 + lab[:, 2] ** 2)


def measure(
    work: np.ndarray,
    light: Light,
    tpl: Template,
    inside: np.ndarray | None = None,
    core_mm: float | None = None,
    config: ScannerConfig = DEFAULT,
    symbols: bool = False,
    copy: bool = False,
) -> RegionStats:
    """Coverage and pencil colour of every region (and, with ``core_mm``, of each polygon's
    core: its pixels that far or further from its outline; with ``symbols``, each polygon's
    pencil near its centre and on a ring round it, the shape of a written symbol; with
    ``copy``, a small messaging copy's pixels: see :func:`_as_clipped`).

    The colour is a mean over the pencil pixels weighted by how strongly each carries pencil,
    so that a thin stroke's blurred edges (pencil mixed with paper) count less than its core.
    """
    m = tpl.masks
    n_regions = len(m.regions)
    h, w = work.shape[:2]
    # Reflectance relative to paper, only where it is measured.
    full = light.at((h, w))
    srgb = _rows(work, m.pixels)
    paper = _rows(full, m.pixels)
    px = to_linear(srgb)
    px /= paper
    _relight_boxes(px, work, full, tpl, inside, light, config)
    # (Traced lines keep the camera's own clipping: the line fit reads their pixels its way.)
    srgb = _as_clipped(srgb, paper, m.line_mm < 0, config, copy)
    # A clipped channel reads as paper to tell pencil from paper; the pencil's colour takes
    # it nearer the level it clipped at.
    clipped = bool((srgb >= CLIPPED).any())
    colour_px = clipped_pencil(px, srgb, config) if clipped else None
    bounds = _clip_bounds(px, srgb) if clipped else None
    px = censor_clipped(px, srgb)
    if colour_px is None:  # nothing clipped: both readings are the same
        colour_px = px
    # Darkness counts fully on bare paper, less near print (halos), not at all on print.
    halo = np.float32(config.halo_weight)
    l_weight = np.where(m.on_print, np.float32(0.0), np.where(m.near_print, halo, _ONE))
    lab = cielab.lab(px)
    delta = ink_delta(lab, l_weight)
    ink = delta > config.ink_delta
    owner = m.owner
    # A region partly out of the frame is measured on the part the photo shows.
    shown = None if inside is None or inside.all() else inside.reshape(-1)[m.pixels]
    if shown is not None:
        ink &= shown

    # Pencil over print is darkened by the ink under it: its colour counts only when a
    # region has no pencil on bare paper at all.
    off_print = m.sums(ink & ~m.on_print)
    weight = np.where(ink & (~m.on_print | (off_print[owner] == 0)), delta, np.float32(0.0))
    n_all = np.diff(m.starts).astype(np.float64)
    n = n_all if shown is None else m.sums(shown)
    k = m.sums(ink)
    wsum = m.sums(weight)
    mean = _weighted_mean(m, colour_px, weight, wsum)
    low = high = None
    if bounds is not None:
        low, high = (_weighted_mean(m, b, weight, wsum) for b in bounds)
    # A line traced over: the printed grey itself takes the pencil's hue, even when the
    # pencil is too dull or thin to show beside it.
    on = np.flatnonzero(m.on_print if shown is None else m.on_print & shown)
    n_on = np.bincount(owner[on], minlength=n_regions).astype(np.float64)
    tint = np.stack(
        [np.bincount(owner[on], lab[on, c], minlength=n_regions) for c in (1, 2)], axis=1
    ).astype(np.float64)  # (float64 even when nothing is on print)
    tint /= np.maximum(n_on, 1)[:, None]
    seen = n / np.maximum(n_all, 1)
    line_px = np.flatnonzero(m.line_mm >= 0 if shown is None else (m.line_mm >= 0) & shown)
    core_n = core_ink = None
    if core_mm is not None:
        core = m.edge_mm >= core_mm
        if shown is not None:
            core &= shown
        core_n, core_ink = m.sums(core), m.sums(ink & core)
        core_n, core_ink = _small_cores(m, ink, shown, core_n, core_ink, config)
    return RegionStats(
        n=n,
        ink=k,
        mean=mean,
        tint=tint,
        seen=seen,
        line_px=line_px,
        line_refl=px[line_px],
        core_n=core_n,
        core_ink=core_ink,
        low=low,
        high=high,
        shape=_symbol_shape(tpl, delta, shown, config) if symbols else None,
        dark=m.sums(delta if shown is None else np.where(shown, delta, np.float32(0.0)))
        / np.maximum(n, 1),
    )


def _small_cores(
    m: RegionMasks,
    ink: np.ndarray,
    shown: np.ndarray | None,
    core_n: np.ndarray,
    core_ink: np.ndarray,
    config: ScannerConfig,
) -> tuple[np.ndarray, np.ndarray]:
    """``core_n`` and ``core_ink`` with each polygon whose core holds fewer than
    ``config.core_pixels`` measured on a shallower core instead, its pixels
    ``config.small_core_mm`` or more from its outline, where that holds enough of them and
    is bare (covered less than ``config.fill_core_bare``).

    A small space (Springer's edge triangles, 2.5 mm from outline to centre) has almost no
    pixels at the felt-tip bleed's full reach, so its core said nothing, and a neighbour's
    bleed over its rim read as a partial fill. A colouring, even a hurried scribble, covers
    the shallower core too, while bleed mostly stops short of it; but not always, so the
    shallower core only ever tells a space bare (:func:`without_bleed` then measures it
    there), never surely coloured (see the setting's measurement)."""
    if config.small_core_mm <= 0.0:
        return core_n, core_ink
    small = (core_n < config.core_pixels) & (np.diff(m.starts) > 0)
    if not small.any():
        return core_n, core_ink
    shallow = m.edge_mm >= config.small_core_mm
    if shown is not None:
        shallow &= shown
    n, k = m.sums(shallow), m.sums(ink & shallow)
    use = small & (n >= config.core_pixels) & (k < config.fill_core_bare * n)
    return np.where(use, n, core_n), np.where(use, k, core_ink)


def _symbol_shape(
    tpl: Template, delta: np.ndarray, shown: np.ndarray | None, config: ScannerConfig
) -> np.ndarray:
    """(regions, 2): each polygon's mean darkening (``delta``, CIELAB distance from paper)
    over its measured pixels within ``config.symbol_centre`` of its centre and on
    ``config.symbol_ring`` (in units of half its smaller side; NaN where none is measured
    there): an X crosses at the centre, an O (drawn about 0.6 of the space across) rings
    it. Means of the darkening, not shares of pencil pixels: under a shadow the light
    missed, a whole space may pass the ink test, and its strokes are still the darker part."""
    m = tpl.masks
    out = np.full((len(m.regions), 2), np.nan)
    key = (config.symbol_centre, tuple(config.symbol_ring))
    for j, zone in enumerate(derived(tpl, key, _symbol_zones)):
        if shown is not None:
            zone = zone & shown  # (a new array: the cached zone is kept as it is)
        n = m.sums(zone)
        out[:, j] = np.where(n > 0, m.sums(np.where(zone, delta, 0)) / np.maximum(n, 1), np.nan)
    return out


def _symbol_zones(
    tpl: Template, key: tuple[float, tuple[float, ...]]
) -> tuple[np.ndarray, np.ndarray]:
    """Per entry of ``masks.pixels``, whether it lies near its polygon's centre and whether
    on the ring round it (``key``: ``symbol_centre`` and ``symbol_ring``): the same for every
    photo of a sheet, so made once a template (:func:`~.template.derived`; 12 ms a sheet)."""
    centre_within, ring = key
    m = tpl.masks
    n_regions = len(m.regions)
    centre = np.zeros((n_regions, 2))
    half = np.ones(n_regions)
    for i, r in enumerate(m.regions):
        if r.polygon is not None:
            pts = np.asarray(r.polygon, float) * PX_PER_MM
            lo, hi = pts.min(axis=0), pts.max(axis=0)
            centre[i] = (lo + hi) / 2
            half[i] = max(float((hi - lo).min()) / 2, 1.0)
    ys, xs = np.divmod(m.pixels, tpl.shape[1])
    o = m.owner
    rho = np.hypot(xs + 0.5 - centre[o, 0], ys + 0.5 - centre[o, 1]) / half[o]
    return rho < centre_within, (rho > ring[0]) & (rho < ring[1])


def _as_clipped(
    srgb: np.ndarray,
    light_px: np.ndarray,
    where: np.ndarray,
    config: ScannerConfig,
    copy: bool = False,
) -> np.ndarray:
    """``srgb`` (8-bit, (n, 3)) with every channel that may be the camera's white set to 255:
    those it clipped, and those within ``config.clip_noise_levels`` below the clip at pixels
    ``where`` (n,) the paper lit as the light is there would itself be clipped in that
    channel and is clipped in another: clipped paper scattered down by compression (on an
    overexposed photo 4 % of blank paper's pixels in a channel beyond white read below the
    clip, the lowest 0.1 % 7 levels below). A pixel below the clip in every channel where
    the paper is beyond white is darker than paper: a pale pencil, read as measured. In a
    ``copy`` (a messaging app's, whose chroma scatters a lone clipped channel's paper well
    below the clip) such a pixel whose other channels read as paper is paper
    (``config.clip_paper_share``); in a full photo a pale pencil looks the same."""
    if config.clip_noise_levels <= 0:
        return srgb
    beyond = light_px >= CLIPPED_LINEAR
    near = (srgb >= CLIPPED - config.clip_noise_levels) & (srgb < CLIPPED) & beyond
    if not near.any():  # most photos: nothing near the clip where the paper is beyond white
        return srgb
    at_white = (srgb >= CLIPPED) & beyond
    # (``at_white.any(axis=1)``, which numpy does slowly over so short an axis.)
    by_clip = at_white[:, 0] | at_white[:, 1] | at_white[:, 2]
    paper = None
    if copy and config.clip_paper_share > 0:  # (judged on the near pixels not yet taken)
        rows = np.flatnonzero((near[:, 0] | near[:, 1] | near[:, 2]) & ~by_clip & where)
        paper = rows[
            _paper_elsewhere(srgb[rows], light_px[rows], beyond[rows], config.clip_paper_share)
        ]
    near &= (where & by_clip)[:, None]
    if paper is not None and len(paper):
        # Read as paper: every channel "at least this bright", not only those near the
        # clip (the rest, within the share of paper, would otherwise tint it).
        near[paper] = True
    return np.where(near, np.uint8(255), srgb) if near.any() else srgb


def _paper_elsewhere(
    srgb: np.ndarray, light_px: np.ndarray, beyond: np.ndarray, share: float
) -> np.ndarray:
    """Per pixel, whether some channel's paper is not beyond white and every such channel
    reads at least ``share`` of paper: a pixel darker than paper only in channels whose
    paper is beyond white, where compression scatters clipped paper below the clip."""
    lit = ~beyond
    refl = to_linear(srgb) / np.maximum(light_px, np.float32(1e-6))
    paper = (refl >= np.float32(share)) | beyond
    return (lit[:, 0] | lit[:, 1] | lit[:, 2]) & paper[:, 0] & paper[:, 1] & paper[:, 2]


def _weighted_mean(
    m: RegionMasks, px: np.ndarray, weight: np.ndarray, wsum: np.ndarray
) -> np.ndarray:
    """Per region, the mean of ``px`` (linear BGR) weighted by ``weight`` (1 where none)."""
    sums = np.stack([m.sums(px[:, c] * weight) for c in range(3)], axis=1)
    return np.where(wsum[:, None] > 0, sums / np.maximum(wsum, 1e-9)[:, None], 1.0)


def _clip_bounds(refl: np.ndarray, srgb: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(lowest, highest) reflectance each pixel's channels may have: a channel the camera
    clipped at its white says only "at least this bright", between the level it clipped at and
    paper (pencil only darkens); an unclipped channel is what it shows."""
    at_white = srgb >= CLIPPED
    exact = np.clip(refl, 0.0, 1.5)
    low = np.where(at_white, np.clip(refl, 0.0, 1.0), exact).astype(np.float32)
    high = np.where(at_white, np.maximum(low, np.float32(1.0)), exact).astype(np.float32)
    return low, high


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


def _box_paper(tpl: Template, paper_mm: float) -> _BoxPaper:
    """The :class:`_BoxPaper` of a template (paper within ``paper_mm`` of a box), made once
    a template (:func:`~.template.derived`)."""
    return derived(tpl, paper_mm, _make_box_paper)


def _make_box_paper(tpl: Template, paper_mm: float) -> _BoxPaper:
    m = tpl.masks
    h, w = tpl.shape
    tally = np.array([is_tally_box(r.kind, r.extra.get("role")) for r in m.regions], bool)
    entries = np.flatnonzero(tally[m.owner]) if len(m.owner) else np.zeros(0, np.int64)
    cuts = np.flatnonzero(np.diff(entries) != 1) + 1
    runs = tuple((int(r[0]), int(r[-1]) + 1) for r in np.split(entries, cuts) if len(r))
    flat = m.pixels[entries]
    zone = np.zeros((h, w), bool)
    y0, x0 = 0, 0
    grid = (0, 0)
    if len(entries):
        # Dilated in the boxes' bounding rectangle widened by the disk's radius only: no
        # pixel outside it is within reach of a box (the whole page took 13 ms a sheet).
        kernel = disk(paper_mm)
        r = kernel.shape[0] // 2
        by, bx = flat // w, flat % w
        top, left = max(int(by.min()) - r, 0), max(int(bx.min()) - r, 0)
        bottom, right = min(int(by.max()) + r + 1, h), min(int(bx.max()) + r + 1, w)
        boxes = np.zeros((bottom - top, right - left), np.uint8)
        boxes[by - top, bx - left] = 1
        near = cv2.dilate(boxes, kernel) > 0
        zone[top:bottom, left:right] = near
        ys, xs = np.nonzero(near)
        y0, x0 = int(ys.min()) + top, int(xs.min()) + left
        grid = ((int(ys.max()) + top - y0) // 2 + 1, (int(xs.max()) + left - x0) // 2 + 1)
    paper = np.flatnonzero(zone & (tpl.clear > 0) & ~m.footprint(tpl.shape))
    return _BoxPaper(
        runs=runs,
        box_cells=((flat // w - y0) // 2, (flat % w - x0) // 2),
        paper=paper,
        paper_cells=((paper // w - y0) // 2) * grid[1] + (paper % w - x0) // 2,
        grid=grid,
        origin=(y0, x0),
    )


def _relight_boxes(
    px: np.ndarray,
    work: np.ndarray,
    full: np.ndarray,
    tpl: Template,
    inside: np.ndarray | None,
    light: Light,
    config: ScannerConfig = DEFAULT,
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
    estimate changes fast where the paper's true brightness does not.) Near a shadow's edge
    that ``light`` has fitted, the light field is already sharp and is kept."""
    bp = _box_paper(tpl, config.box_paper_mm)
    if not bp.runs or not len(bp.paper):
        return
    keep = slice(None) if inside is None else inside.reshape(-1)[bp.paper]
    paper, cells = bp.paper[keep], bp.paper_cells[keep]
    colour = to_linear(_rows(work, paper))
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
    for level, sigma_mm in enumerate(config.box_light_sigma_mm):
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
        ok = todo & (dn > config.box_paper_enough * 4)  # four pixels to a cell
        np.divide(nm, three(dn), out=local, where=three(ok))
        todo &= ~ok
        if not todo.any():
            break
    gain = np.clip(local / estimate, 0.2, 2.0)
    # Paper clipped at the camera's white in a channel tells nothing of its light there:
    # that channel is corrected like the unclipped ones (the light's brightness).
    at_white = local >= CLIPPED_LINEAR
    if at_white.any():
        gain = np.where(at_white, channel_max(gain)[..., None], gain)
    e = light.edge
    if e is not None:
        # A shadow's straight edge was fitted, so the light field is sharp across it; light
        # taken again from the paper round a box would blur it back (a box on the shaded side
        # read as grey pencil from the sunlit paper beside it).
        f = float(PX_PER_MM)
        d = e.distance(
            grid_units(x0 + 2 * np.arange(gw) + 0.5, f)[None, :],
            grid_units(y0 + 2 * np.arange(gh) + 0.5, f)[:, None],
        )
        gain[np.abs(d) < e.width / 2 + config.box_edge_mm] = 1.0
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
    source: dict[int, str] = field(default_factory=dict)  # "key", "boxes", "symbols" or "clustered"
    notes: list[str] = field(default_factory=list)
    doubtful: set[int] = field(default_factory=set)  # colours whose identity is a guess
    unknown: set[int] = field(default_factory=set)  # colours in play never learned at all
    # How much wider than usual a colour's scatter is on this sheet: more than 1 when the
    # light's colour cast could not be measured (paper clipped white in some channel).
    spread: float = 1.0
    # The same for fills, compared with key swatches lit by the same light: a cast measured
    # on paper less brightly lit shifts a fill and its key alike, and widens only this
    # where it could not be measured at all (``ScannerConfig.clipped_paper_spread``).
    fill_spread: float = 1.0
    # The paper's brightness in the photo (linear, 0..1). In a dim photo a dull pencil's small
    # chroma is a level or two of the camera's, which JPEG compression rounds away.
    paper_level: float = 1.0
    # The pencil pressures each colour is compared along (:func:`pressures`).
    strengths: np.ndarray = field(default_factory=pressures)

    def curves(self) -> tuple[np.ndarray, np.ndarray]:
        """(colour index per sample, Lab per sample) along each colour's pressure curve."""
        if not self.colours:
            return np.zeros(0, int), np.zeros((0, 3))
        idx = np.repeat(list(self.colours), len(self.strengths))
        return idx, cielab.lab(_curve_samples(self))

    def srgb(self, k: int) -> tuple[int, int, int]:
        """The colour as 8-bit BGR, for drawing."""
        c = np.clip(self.colours[k], 0, 1)
        s = np.where(c <= 0.0031308, c * 12.92, 1.055 * np.power(c, 1 / 2.4) - 0.055)
        b, g, r = (round(float(v) * 255) for v in s)
        return (b, g, r)


def _curve_samples(palette: Palette) -> np.ndarray:
    """Linear BGR along each colour's pressure curve (``1 - t * (1 - c)``), in the order of
    :meth:`Palette.curves`."""
    return np.concatenate(
        [
            np.clip(1.0 - palette.strengths[:, None] * (1.0 - np.asarray(c)[None, :]), 0.0, 1.0)
            for c in palette.colours.values()
        ]
    ).astype(np.float32)


# The default settings' mark styles (``ScannerConfig.fill``, ``stroke``, ``tick``), for
# callers without a config of their own.
FILL, STROKE, TICK = DEFAULT.fill, DEFAULT.stroke, DEFAULT.tick


def without_bleed(
    stats: RegionStats, tpl: Template, symbols: bool, config: ScannerConfig = DEFAULT
) -> RegionStats:
    """``stats`` with each fill whose core is bare measured on its core alone.

    Felt tip bleeds over a filled space's outline into its neighbours' rims: a blank space
    among filled ones shows colour along its whole edge, never deep inside. A fill whose core
    (``measure(core_mm=...)``) holds ``config.core_pixels`` or more and is covered less than
    ``config.fill_core_bare`` is measured there; a fill with pencil in its core keeps its
    whole measurement (a hurried scribble along one edge reaches the core too).

    Only a sheet that may bleed: on a scribbled one (:func:`scribbled`) a fill whose scribble
    lies in a sliver's tip, its core bare, is no neighbour's bleed, and every fill keeps its
    whole measurement."""
    if stats.core_n is None or stats.core_ink is None:
        return stats
    regions = tpl.masks.regions
    fill = np.array(
        [style_of(r.kind, r.extra.get("role"), symbols, config) is config.fill for r in regions]
    )
    core_cov = stats.core_ink / np.maximum(stats.core_n, 1)
    if scribbled(stats, fill & np.array([r.kind != "key" for r in regions]), config):
        return stats
    bare = (
        fill
        & (stats.core_n >= config.core_pixels)
        & (core_cov < config.fill_core_bare)
        & (core_cov < stats.coverage)  # bleed lies on the rim: the core is the barer part
    )
    if not bare.any():
        return stats
    return replace(
        stats,
        n=np.where(bare, stats.core_n, stats.n),
        ink=np.where(bare, stats.core_ink, stats.ink),
    )


def scribbled(stats: RegionStats, fill: np.ndarray, config: ScannerConfig = DEFAULT) -> bool:
    """Are a sheet's fills scribbled (partial, streaky coverage), so that none bleeds?

    Of the fills ``fill`` (the keys left out: they are filled with care on any sheet) whose
    core holds ``config.core_pixels`` and is covered ``config.fill_core_sure`` or more
    (surely coloured), at least ``config.scribbled_min_fills``, under
    ``config.scribbled_full_share`` are covered ``config.fill.sure`` or more as a whole. Felt
    tip, pencil and crayon cover a coloured space nearly whole; a scribble a third to a half
    of it."""
    if stats.core_n is None or stats.core_ink is None:
        return False
    core_cov = stats.core_ink / np.maximum(stats.core_n, 1)
    sure = fill & (stats.core_n >= config.core_pixels) & (core_cov >= config.fill_core_sure)
    if sure.sum() < config.scribbled_min_fills:
        return False
    full = stats.coverage[sure] >= config.fill.sure
    return bool(full.mean() < config.scribbled_full_share)


TALLY_ROLES = ("point", "penalty")  # score boxes marked one per point (or penalty)


def is_tally_box(kind: str, role: str | None) -> bool:
    """Is a region one of the small boxes players tick one by one to keep a count: a point or
    penalty box of a score area, or a box of Klee's track?"""
    return kind == "track_box" or (kind == "score_box" and role in TALLY_ROLES)


def style_of(
    kind: str, role: str | None, symbol_spaces: bool, config: ScannerConfig = DEFAULT
) -> Style:
    """Fills for spaces, marks, keys; strokes for traced lines, writing and symbols; ticks for
    point, penalty and track boxes (the styles of ``config``)."""
    if kind == "segment" or (kind == "space" and symbol_spaces):
        return config.stroke
    if is_tally_box(kind, role):
        return config.tick
    if kind == "score_box":
        return config.stroke
    return config.fill


def curve_distances(
    lab: np.ndarray,
    palette: Palette,
    bounds: tuple[np.ndarray, np.ndarray] | None = None,
    dull: np.ndarray | None = None,
) -> tuple[np.ndarray, list[int]]:
    """(regions, colours) CIELAB distance to each colour's pressure curve.

    With ``bounds`` ((regions, 3) lowest and highest linear BGR each region's colour may
    have, its channels clipped at the camera's white being known only that far), a censored
    measurement: each point of a curve is compared with the nearest colour within those
    bounds, so a clipped channel counts only where a key lies outside what it allows, and the
    unclipped channels tell close keys apart as they do on any photo."""
    idx, curve = palette.curves()
    keys = list(palette.colours)
    if not keys:
        return np.full((len(lab), 0), np.inf), keys
    if dull is not None:  # each point of a curve also with its chroma dulled by these shares
        idx = np.tile(idx, len(dull))
        curve = np.concatenate([curve * np.array([1.0, s, s], np.float32) for s in dull])
    dist = _lab_distances(lab, curve)
    if bounds is not None:
        low, high = bounds
        open_ = np.flatnonzero(_censored(low, high))
        if len(open_):
            samples = _curve_samples(palette)
            near = np.clip(samples[None], low[open_, None], high[open_, None])
            dl = cielab.lab(near).reshape(len(open_), len(samples), 3) - curve[None]
            dist[open_] = np.sqrt((dl**2).sum(axis=2))
    out = np.stack([dist[:, idx == k].min(axis=1) for k in keys], axis=1)
    return out, keys


def _lab_distances(lab: np.ndarray, points: np.ndarray) -> np.ndarray:
    """(n, m) distances between ``lab`` (n, 3) and ``points`` (m, 3): the channels' squared
    differences added in their order, as numpy's sum over the last axis of the (n, m, 3)
    differences adds them (the same bits), a channel at a time on whole (n, m) arrays (a
    sum over an axis of three was the slow step: 5.0 -> 0.6 ms a photo on the bench's four)."""
    total = None
    for c in range(3):
        dc = np.subtract(lab[:, c, None], points[None, :, c])
        dc *= dc
        total = dc if total is None else np.add(total, dc, out=total)
    assert total is not None
    return np.sqrt(total, out=total)


DULL_STEPS = 5  # chromas a small mark's colour is compared at (as the pressures' steps)


def _dulling(config: ScannerConfig) -> np.ndarray:
    """The shares of its chroma a small mark's colour may keep (``dull_chroma_least``, 1
    and steps between)."""
    return np.linspace(config.dull_chroma_least, 1.0, DULL_STEPS).astype(np.float32)


# A region whose colour's bounds (``RegionStats.low``, ``high``) are this close in every
# channel (linear reflectance) is read as a point: a few clipped grains of a fill shift its
# mean by less than the camera's own noise.
CENSORED_ABOVE = 1e-3


def _censored(low: np.ndarray, high: np.ndarray) -> np.ndarray:
    """Which rows of colour bounds (linear BGR) are apart by more than ``CENSORED_ABOVE`` in
    some channel: a colour only bounded, not read as a point."""
    return (high - low).max(axis=1) > CENSORED_ABOVE


OWN_COLOUR_KINDS = ("score_box", "track_box")  # boxes a player marks in his own colour
OWN_BOXES_ENOUGH = 3  # marked boxes of a player enough to learn his colour from


def _marked_by_owner(r: Region) -> bool:
    """Is ``r`` a box its player marks with his own colour (colour index = player)? Score and
    track boxes are; a Klee sequence mark in a player's area holds any colour."""
    return r.player is not None and r.kind in OWN_COLOUR_KINDS


def _learn_key(
    pal: Palette, stats: RegionStats, k: int, own: list[int], source: str, what: str
) -> bool:
    """Learn blank key ``k`` as the pencil-weighted mean colour of the regions ``own`` (its
    player's own marks), if there are enough of them with pencil; say where it came from."""
    weights = stats.ink[own]
    if len(own) < OWN_BOXES_ENOUGH or weights.sum() <= 0:
        return False
    pal.colours[k] = (stats.mean[own] * weights[:, None]).sum(axis=0) / weights.sum()
    pal.source[k] = source
    pal.notes.append(f"colour key {k} is blank: learned colour {k} from {what} ({len(own)})")
    return True


def learn_palette(
    stats: RegionStats,
    tpl: Template,
    colours_in_play: Sequence[int],
    symbol_spaces: bool,
    seed: int = 1,
    config: ScannerConfig = DEFAULT,
    shapes: Sequence[str] = (),
) -> Palette:
    """Reference colours from the key swatches; a blank swatch's colour learned from its
    player's own marked boxes, or (a symbol game, ``shapes``: the symbol each colour writes)
    from the symbols of his shape, else by clustering (``seed``: the clustering's own
    random generator, so a photo always reads the same)."""
    regions = tpl.masks.regions
    pal = Palette(strengths=pressures(config))
    cov = stats.coverage
    blank = []
    for i, r in enumerate(regions):
        if r.kind != "key" or r.color_index not in colours_in_play:
            continue
        # A swatch is coloured solid: the part of it the photo shows tells its colour.
        if cov[i] >= config.fill.on and stats.n[i] >= KEY_PIXELS_ENOUGH:
            pal.colours[r.color_index] = stats.mean[i]
            pal.source[r.color_index] = "key"
        else:
            blank.append(r.color_index)
            if stats.n[i] < KEY_PIXELS_ENOUGH:
                pal.notes.append(f"colour key {r.color_index} is outside the photo")
    if not blank:
        return pal
    styles = [style_of(r.kind, r.extra.get("role"), symbol_spaces, config) for r in regions]
    # A player marks his own score and track boxes in his own colour: where they are marked,
    # they show a blank key's colour surely.
    for k in list(blank):
        own = [
            i
            for i, r in enumerate(regions)
            if _marked_by_owner(r) and r.player == k and cov[i] >= styles[i].on
        ]
        if _learn_key(pal, stats, k, own, "boxes", f"player {k}'s own marked boxes"):
            blank.remove(k)
    for k in list(blank):
        own = _own_symbols(stats, regions, styles, k, shapes, config)
        # ``own`` holds spaces only where colour ``k`` writes one of ``shapes``.
        if own and _learn_key(
            pal, stats, k, own, "symbols", f"the {shapes[k - 1]}s written on the sheet"
        ):
            blank.remove(k)
    if not blank:
        return pal
    # Regions that are coloured but match no known key well hold the blank keys' colours.
    coloured = [
        i
        for i, r in enumerate(regions)
        if r.kind not in ("key",) and cov[i] >= styles[i].on and stats.ink[i] >= 15
    ]
    lab = cielab.lab(stats.mean[coloured]) if coloured else np.zeros((0, 3))
    if pal.colours and len(coloured):
        dist, _ = curve_distances(lab, pal)
        unmatched = [j for j in range(len(coloured)) if dist[j].min() > config.key_unmatched_delta]
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
    kk = len(blank)
    if kk > 1 and config.key_cluster_direction:
        data = _pencil_direction(stats.mean[[coloured[j] for j in unmatched]])
    else:
        data = lab[unmatched].astype(np.float32)
    labels = kmeans(data, kk, np.random.default_rng(seed))
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


def _pencil_direction(mean: np.ndarray) -> np.ndarray:
    """Each colour's (linear BGR relative to paper, (n, 3)) absorbance, one minus it, as a
    unit vector times 100: a pencil laid at a share of a pixel absorbs that share of its
    full absorbance in every channel, so a light and a heavy hand of it point alike, where
    CIELAB sets them further apart than two close pencils (``key_cluster_direction``)."""
    a = np.clip(1.0 - np.asarray(mean, np.float64), 1e-3, None)
    return (100.0 * a / np.linalg.norm(a, axis=1, keepdims=True)).astype(np.float32)


def _own_symbols(
    stats: RegionStats,
    regions: Sequence[Region],
    styles: Sequence[Style],
    k: int,
    shapes: Sequence[str],
    config: ScannerConfig,
) -> list[int]:
    """The marked spaces whose shape is, beyond doubt, the symbol colour ``k`` writes (its
    shape's log-odds at ``config.symbol_shape_cap``; :func:`_shape_loglik`): they show
    that colour as surely as a player's own score boxes show his."""
    ll = _shape_loglik(stats, list(range(1, len(shapes) + 1)), shapes, config)
    if ll is None or not 0 < k <= len(shapes):
        return []
    sure = 0.5 * config.symbol_shape_cap
    return [
        i
        for i, r in enumerate(regions)
        if r.kind == "space"
        and stats.coverage[i] >= styles[i].on
        and stats.ink[i] > 0
        and ll[i, k - 1] >= sure
    ]


def kmeans(
    data: np.ndarray, k: int, rng: np.random.Generator, attempts: int = 5, rounds: int = 50
) -> np.ndarray:
    """Cluster labels of ``data`` (n, d) into ``k`` groups: k-means with k-means++ starts, the
    best (least squared distance) of ``attempts``, from a generator of its own (OpenCV's
    k-means draws on process-wide random state)."""
    n = len(data)
    x = np.asarray(data, np.float64)
    best, best_cost = np.zeros(n, np.int64), math.inf
    for _ in range(attempts):
        centres = [x[int(rng.integers(n))]]
        for _ in range(1, k):
            d2 = np.min([((x - c) ** 2).sum(axis=1) for c in centres], axis=0)
            total = float(d2.sum())
            pick = int(rng.choice(n, p=d2 / total)) if total > 0 else int(rng.integers(n))
            centres.append(x[pick])
        c = np.array(centres)
        labels = np.zeros(n, np.int64)
        for _ in range(rounds):
            d2 = ((x[:, None, :] - c[None, :, :]) ** 2).sum(axis=2)
            labels = d2.argmin(axis=1)
            moved = np.array(
                [x[labels == j].mean(axis=0) if (labels == j).any() else c[j] for j in range(k)]
            )
            if np.abs(moved - c).max() < 0.1:
                c = moved
                break
            c = moved
        cost = float(((x - c[labels]) ** 2).sum())
        if cost < best_cost:
            best, best_cost = labels, cost
    return best


# --- 4. decision -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """What one region holds: colour index or None, confidence, and why it is doubtful."""

    color: int | None
    confidence: float
    coverage: float
    reason: str | None = None
    grey: bool = False  # marked, but colourless where its nearest colour is not
    runner_up: int | None = None  # the likeliest other colour (for a blank region: if any)
    # Coloured beyond doubt (coverage and fit to some key sure): any doubt is which colour.
    surely_marked: bool = False
    # Lines read by the fit: each colour's log-likelihood from the line's own pixels against
    # the likeliest colour's (0 for it, negative for the others); empty where not measured.
    loglik: dict[int, float] = field(default_factory=dict, compare=False, hash=False)
    # Lines read by the fit: the log-likelihood of no trace at all against the likeliest
    # colour (``lines.LineFit.bare``; 0 where not measured: a bare piece not ruled out).
    bare: float = field(default=0.0, compare=False)
    # Lines read by the fit: the colour the printed core alone favours, as fitted before the
    # run along its line or a curve's mean colour, and the log-odds by which that view (or
    # the strips beside the core) prefers its colour (``lines.LineFit.core``, ``dissent``;
    # None and 0 where not measured). What ``linedoubt`` weighs after solving.
    core: int | None = field(default=None, compare=False)
    dissent: float = field(default=0.0, compare=False)
    # Fills, marks and boxes: read against its keys' curves dulled, as a region smaller than
    # ``dull_below_blocks`` of a JPEG chroma block is (``_dulled``): its margin already allows
    # the copy's loss of chroma. What ``copydoubt`` weighs in an overexposed copy.
    dulled: bool = field(default=False, compare=False)
    # Fills, marks and boxes: its colour lies too far from every key's curve to be read
    # surely (under ``REVIEW_BELOW`` by that alone, "matches no key swatch well"), whatever
    # doubt its reason names later. An outlier to the colour model: its margins over the
    # other readings say little of which is true (``solve._confirmed`` leaves it in review).
    off_keys: bool = field(default=False, compare=False)

    def sure(self, review_below: float) -> bool:
        """Read in a colour at ``review_below`` or more and left out of review: what the
        doubts weighed after solving start from."""
        return self.color is not None and self.reason is None and self.confidence >= review_below

    def doubted(self, at_most: float, reason: str) -> Reading:
        """This reading sent to review: its confidence at most ``at_most``, ``reason`` why."""
        return replace(self, confidence=min(self.confidence, at_most), reason=reason)


def _tint_reading(
    tint: np.ndarray,
    palette: Palette,
    keys: list[int],
    f: float,
    refs: dict[int, np.ndarray] | None = None,
    config: ScannerConfig = DEFAULT,
) -> Reading | None:
    """A segment whose pencil shows mostly as a tint of its printed line: the colour whose
    tint it is nearest, when the tint is clear (None when there is no tint to speak of).

    With ``refs`` (each colour's tint as measured on lines confidently read on this sheet),
    tints are compared as (a, b) vectors; otherwise by hue angle against the key swatches.
    A tint's chroma (CIELAB) under ``config.tint_off`` is none; the doubt on its being pencil
    falls to none at 1.5 times ``config.tint_on``."""
    chroma = float(np.hypot(*tint))
    if chroma < config.tint_off:
        return None
    conf_tint = 0.5 + 0.5 * _ramp(chroma, config.tint_off, config.tint_on * 1.5)
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
            _, a, b = cielab.lab(np.asarray(palette.colours[key])[None])[0]
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
    return Reading(k, round(conf, 3), f, reason, runner_up=k2 if k2 != k else None)


def _ramp(x: float, lo: float, hi: float) -> float:
    """0 at lo, 1 at hi, linear between, clipped."""
    if hi == lo:
        return 1.0 if x >= hi else 0.0
    return min(1.0, max(0.0, (x - lo) / (hi - lo)))


def doubt_dark_paper(
    readings: list[Reading],
    tpl: Template,
    dips: np.ndarray | None,
    config: ScannerConfig = DEFAULT,
) -> None:
    """Blank readings where the paper's light was estimated below ``config.dip_below`` of the
    sure paper's round it (:func:`~artsheets.scanner.light.paper_dips`) go to review, in
    place: the region may be a faint fill that lit itself as paper."""
    if dips is None:
        return
    f = round(PX_PER_MM)
    h, w = dips.shape
    for i, (rd, anchor) in enumerate(zip(readings, tpl.masks.anchors, strict=True)):
        if rd.color is not None or rd.reason is not None:
            continue
        x, y = min(int(anchor[0]) // f, w - 1), min(int(anchor[1]) // f, h - 1)
        if dips[y, x] < config.dip_below:
            readings[i] = rd.doubted(
                0.5,
                f"the paper here looks {1 - dips[y, x]:.0%} darker than the sure "
                "paper round it: a faint fill, or a shadow?",
            )


def classify(
    stats: RegionStats,
    palette: Palette,
    tpl: Template,
    symbol_spaces: bool,
    blur_mm: float = 0.0,
    grey_veto: bool = True,
    per_sample: float | None = None,
    thin_scale: float = 1.0,
    config: ScannerConfig = DEFAULT,
    photo_px_per_mm: float | None = None,
    shapes: Sequence[str] = (),
) -> list[Reading]:
    """A :class:`Reading` for every region of the template, in its order (``blur_mm``: the
    photo's measured blur, which makes neighbouring pixels of a line alike; ``grey_veto``:
    the photo resolves a mark's colour well enough that grey marks where its key is colourful
    are taken for a shadow or smudge, see ``ScannerConfig.grey_min_px_per_mm``;
    ``per_sample``: working pixels per independent sample of a line's colour, by default
    from the blur alone, see :func:`~artsheets.scanner.lines.pixels_per_sample`;
    ``thin_scale``: how much wider than usual the colour of a stroke or tick scatters, for
    a photo with fewer colour samples per mm than usual; ``config``: the settings, among
    them ``line_misfit_weight`` and the fill's core test; ``photo_px_per_mm``: the photo's
    pixels per mm of paper, which sets how many independent colour samples (chroma blocks)
    a small region has, see ``ScannerConfig.colour_full_samples``; ``shapes``: in a game
    whose players write symbols in its spaces, the symbol each colour writes, colour 1
    first: see :func:`_shape_loglik`).

    Two passes. The key swatches are fills; a line traced over, a tick or a drawn symbol
    shows its colour differently (thinner, over or beside print, blurred). So after a first
    pass against the swatches, each stroke-like style learns its own reference per colour
    from the regions of that style read with high confidence on this very sheet (three at
    least), lines learn their tint per colour likewise, fills read against keys adapted to
    the sheet's sure fills (``config.keys_adapt``, :func:`~artsheets.scanner.keys.adapt_palette`),
    and a second pass reads again."""
    regions = tpl.masks.regions
    styles = [style_of(r.kind, r.extra.get("role"), symbol_spaces, config) for r in regions]
    tick = photo_tick(stats, styles, config)
    if tick is not config.tick:
        styles = [tick if st is config.tick else st for st in styles]
    fill = config.fill
    blocks = _chroma_blocks(stats.n, photo_px_per_mm, config)
    dulled = _dulled(blocks, regions, config)
    keys = list(palette.colours)
    shape_ll = _shape_loglik(stats, keys, shapes, config) if shapes else None
    first = _classify_once(
        stats,
        {fill: palette},
        tpl,
        styles,
        None,
        grey_veto,
        thin_scale,
        config,
        blocks,
        shape_ll,
        dulled,
    )
    # The keys as this sheet's sure fills show them (``keys.adapt_palette``); the swatches'
    # where adaptation is off or no key has marks enough.
    marks = (
        adapt_palette(palette, stats, first, styles, regions, config, curve_distances)
        if config.keys_adapt
        else palette
    )
    refs: dict[Style, Palette] = {fill: marks}
    for style in (config.stroke, tick):
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
        refs[style] = Palette(
            colours, dict(palette.source), [], set(palette.doubtful), strengths=palette.strengths
        )
    tints: dict[int, np.ndarray] = {}
    for k in palette.colours:
        sel = [
            i
            for i, rd in enumerate(first)
            if regions[i].kind == "segment"
            and rd.color == k
            and rd.reason is None
            and rd.confidence >= LEARN_ABOVE
            and rd.coverage >= config.stroke.on
        ]
        if len(sel) >= 3:
            tints[k] = np.median(stats.tint[sel], axis=0)
    second = _classify_once(
        stats, refs, tpl, styles, tints, grey_veto, thin_scale, config, blocks, shape_ll, dulled
    )
    if per_sample is None:
        per_sample = pixels_per_sample(blur_mm, config=config)
    lines = line_palette(palette, marks, config)
    line_stats = _unsmeared(stats, tpl, first, photo_px_per_mm, config)
    out = _reread_lines(line_stats, tpl, first, second, lines, per_sample, config, not grey_veto)
    if grey_veto:  # (a small copy's coverage is its chroma blocks': not so measured)
        _among_full_traces(out, stats, tpl, config)
    _doubt_dark_boxes(out, stats, styles, tick, config)
    if photo_px_per_mm is not None and photo_px_per_mm < config.tally_unresolved_px_per_mm:
        _doubt_unresolved_boxes(out, regions, stats, styles, tick, photo_px_per_mm, config)
    # A region partly out of the frame is read from the part the photo shows: a best guess.
    for i, rd in enumerate(out):
        if config.part_seen <= stats.seen[i] < config.fully_seen:
            out[i] = rd.doubted(
                0.5,
                f"partly outside the photo ({stats.seen[i]:.0%} of it seen)",
            )
    _out_of_frame(out, regions, set(palette.colours) | palette.unknown)
    return out


def _unsmeared(
    stats: RegionStats,
    tpl: Template,
    first: list[Reading],
    photo_px_per_mm: float | None,
    config: ScannerConfig,
) -> RegionStats:
    """``stats`` with its line pixels' reflectance freed of the chroma a small copy smears
    onto them from the spaces ``first`` read filled beside each line
    (:func:`~artsheets.scanner.copies.without_fill_smear`) as ``line_unsmeared``; ``stats``
    itself where nothing changes (a photo that resolves colour, the setting off)."""
    if len(stats.line_px) == 0 or not smears(photo_px_per_mm, config):
        return stats
    m = tpl.masks
    host = m.host[stats.line_px]
    fills = {int(h): stats.mean[h] for h in np.unique(host) if h >= 0 and first[h].color}
    if not fills:
        return stats
    owner, line_mm = m.owner[stats.line_px], m.line_mm[stats.line_px]
    filled = np.where(np.isin(host, list(fills)), host, -1)
    sides = line_sides(owner, filled, line_mm < config.line_core_mm)
    refl = without_fill_smear(
        stats.line_refl, owner, line_mm, sides, fills, photo_px_per_mm, config
    )
    return stats if refl is stats.line_refl else replace(stats, line_unsmeared=refl)


def photo_tick(stats: RegionStats, styles: Sequence[Style], config: ScannerConfig) -> Style:
    """The tick style for this photo: ``config.tick`` with its coverage thresholds scaled by
    how much of its box a tick covers here (see ``ScannerConfig.tick_full_cover``). A photo
    that renders pencil thin or soft (a small JPEG, a grainy crayon) lowers every tick's
    coverage alike, so a faint tick there is judged against the photo's own ticks, not a
    sharp photo's; a blank box's specks do not shrink with it, and a photo whose ticks cover
    as much as a sharp photo's keeps the configured thresholds. Boxes covered less than
    ``tick_scale_min_cover`` in the median are no photo's ticks (a small copy's darkened
    printed outlines, on a sheet with none ticked): the thresholds are kept then too."""
    tick = config.tick
    ticked = _ticked_boxes(stats, _seen_boxes(stats, styles, tick, config), tick, config)
    if ticked is None:
        return tick
    median = float(np.median(stats.coverage[ticked]))
    scale = median / config.tick_full_cover
    if scale >= 1.0 or median < config.tick_scale_min_cover:
        return tick
    return Style(tick.off * scale, tick.on * scale, tick.sure * scale, tick.blank * scale)


def _doubt_dark_boxes(
    out: list[Reading],
    stats: RegionStats,
    styles: Sequence[Style],
    tick: Style,
    config: ScannerConfig,
) -> None:
    """Tally boxes read surely blank that are darkened like a tick, doubted in place.

    A tick's coverage counts its pixels darker than paper by ``ink_delta``; in a photo too
    small for a pencil line (a messaging app's copy under 2.5 photo pixels per mm) a tick
    is spread over pixels each darker by less than that, and covers nothing, while its
    darkening over the box (``RegionStats.dark``, which no blur or downsampling takes away)
    is still there. A box read blank whose mean darkening reaches ``tick_dark_share`` of the
    photo's ticks' (the median over its boxes covered ``tick.on`` or more, at least
    ``tick_scale_least`` of them) is doubted as a faint mark at the style's ``off`` is."""
    if stats.dark is None or config.tick_dark_share <= 0:
        return
    seen = _seen_boxes(stats, styles, tick, config)
    ticked = _ticked_boxes(stats, seen, tick, config)
    if ticked is None:
        return
    level = float(np.median(stats.dark[ticked])) * config.tick_dark_share
    doubted = _doubted_blank(tick)
    for i in np.flatnonzero(seen & (stats.dark >= level)):
        rd = out[i]
        if rd.color is None and rd.reason is None:
            why = f"faint marks ({rd.coverage:.0%} covered), darkened like a light tick"
            out[i] = rd.doubted(doubted, why)


def _doubt_unresolved_boxes(
    out: list[Reading],
    regions: Sequence[Region],
    stats: RegionStats,
    styles: Sequence[Style],
    tick: Style,
    px_per_mm: float,
    config: ScannerConfig,
) -> None:
    """Tally boxes read surely blank that a run of ticks may have ticked, in a photo too
    small to see a tick (see :func:`~artsheets.scanner.tallies.unresolved_blanks`), doubted
    in place as a faint mark at the style's ``off`` is."""
    seen = np.flatnonzero(_seen_boxes(stats, styles, tick, config)).tolist()
    ticked = {regions[i].id for i in seen if out[i].color is not None}
    faint = {regions[i].id for i in seen if out[i].color is None and out[i].reason}
    blank = {regions[i].id for i in seen if out[i].color is None and not out[i].reason}
    doubt = unresolved_blanks(regions, ticked, faint, blank, config.tally_unresolved_chance)
    if not doubt:
        return
    doubted = _doubted_blank(tick)
    why = f"the photo is too small to see a tick here ({px_per_mm:.1f} pixels per mm)"
    for i in seen:
        if regions[i].id in doubt:
            out[i] = out[i].doubted(doubted, why)


def _seen_boxes(
    stats: RegionStats, styles: Sequence[Style], tick: Style, config: ScannerConfig
) -> np.ndarray:
    """The regions read in the ``tick`` style that the photo shows whole (a mask)."""
    boxes = np.array([st is tick for st in styles], bool)
    return boxes & (stats.seen >= config.fully_seen)


def _ticked_boxes(
    stats: RegionStats, seen: np.ndarray, tick: Style, config: ScannerConfig
) -> np.ndarray | None:
    """Of the ``seen`` boxes, those covered ``tick.on`` or more (a mask): the photo's own
    ticks, which measure how a tick shows in it; None where they are fewer than
    ``tick_scale_least``."""
    ticked = seen & (stats.coverage >= tick.on)
    return ticked if ticked.sum() >= max(config.tick_scale_least, 1) else None


def _doubted_blank(tick: Style) -> float:
    """The confidence of a box read blank but doubted: as with a faint mark at the tick
    style's ``off``, and under the review line whatever the style."""
    mid = math.sqrt(tick.off * tick.on)
    at_off = 0.5 + 0.5 * _ramp(math.log(tick.off), math.log(mid), math.log(tick.blank))
    return min(at_off, REVIEW_BELOW - 0.01)


WRITTEN_AT_THE_END = ("initials", "total")  # score boxes every player writes in


def _out_of_frame(out: list[Reading], regions: Sequence[Region], in_play: set[int]) -> None:
    """Regions wholly out of the frame (read blank, with no confidence, for review) that the
    sheet itself says are coloured, changed in place (still with no confidence, in review).

    A key swatch is coloured in its own colour before play (FORMATS.md), and a sheet has a
    key for each colour in play: one in play is taken as coloured. A player's initials or
    total box is taken as written in his colour when every other player's box of that role
    the photo shows is read so (players write them all when the game ends)."""
    written: dict[str, list[int]] = {}
    for i, r in enumerate(regions):
        role = r.extra.get("role")
        if out[i].reason == OUTSIDE and r.kind == "key" and r.color_index in in_play:
            out[i] = replace(out[i], color=r.color_index)
        elif r.kind == "score_box" and role in WRITTEN_AT_THE_END and r.player is not None:
            written.setdefault(role, []).append(i)
    for boxes in written.values():
        unseen = [i for i in boxes if out[i].reason == OUTSIDE]
        seen = [i for i in boxes if out[i].reason != OUTSIDE]
        if unseen and seen and all(out[i].color == regions[i].player for i in seen):
            for i in unseen:
                out[i] = replace(out[i], color=regions[i].player)


def _mean_logliks(second: list[Reading], fits: dict[int, LineFit]) -> dict[int, dict[int, float]]:
    """Per fitted line read coloured as a stroke (not grey, not outside the photo), that
    reading's log-likelihood per key: the line's mean colour, for
    :func:`~artsheets.scanner.lines.with_mean_colour`."""
    return {
        i: second[i].loglik
        for i in fits
        if second[i].color is not None
        and not second[i].grey
        and second[i].reason != OUTSIDE
        and second[i].loglik
    }


def _overturned(fits: dict[int, LineFit], runs: dict[int, int]) -> int:
    """How many pieces the run decoding (``runs``) gives another colour than their fit's."""
    return sum(1 for i, k in runs.items() if fits[i].color != k)


def _reread_lines(
    stats: RegionStats,
    tpl: Template,
    first: list[Reading],
    second: list[Reading],
    palette: Palette,
    per_sample: float,
    config: ScannerConfig = DEFAULT,
    small_photo: bool = False,
) -> list[Reading]:
    """Every line read coloured takes its colour from :func:`~artsheets.scanner.lines.fit_lines`,
    which explains each of its pixels as that pencil over the printed line and under the fill
    of the space the pixel lies in (Arp's captures reach into the line's band). The line goes
    to review where the fit's colour is not clearly better than the runner-up, where its
    printed core or the strips beside it, read alone, favour another colour, in a
    ``small_photo`` (too few pixels per mm to resolve a mark's colour) where the runner-up is
    a close key (:func:`_close_keys`), or (Arp) where it is unlike every coloured piece of
    its printed line it meets."""
    m = tpl.masks
    keys = list(palette.colours)
    out = list(second)
    if len(keys) < 2 or len(stats.line_px) == 0:
        return out
    host = m.host[stats.line_px]
    hosts = [int(h) for h in np.unique(host) if h >= 0]
    # What both of a sheet's fits (partial cover, then perhaps a layer) share.
    fills = {h: stats.mean[h] for h in hosts if first[h].color}
    fill_colours = {h: first[h].color for h in hosts}
    curve = set() if small_photo else curve_indices(tpl.layout, m.ids)

    def fitted(layer: bool) -> tuple[dict[int, LineFit], dict[int, LineFit], dict[int, int]]:
        """The lines' fits as fitted, with Miro's curve's evidence, and the run decoding's
        colours, a trace's pressure curve partial cover or (``layer``) a layer."""
        fits = fit_lines(
            stats.line_refl,
            m.owner[stats.line_px],
            m.line_mm[stats.line_px],
            host,
            fills,
            palette.colours,
            len(m.regions),
            palette.spread,
            per_sample,
            config.line_misfit_weight,
            config if small_photo else full_size_blacks(config),
            fill_colours,
            0.0 if small_photo else config.line_own_fill_credit,
            open_chroma_share(small_photo, config),
            0.0 if small_photo else config.line_trace_min,
            stats.line_unsmeared,
            layer,
        )
        measured = fits  # as fitted (``traced_though_blank`` was measured on these)
        if not small_photo:
            fits = with_mean_colour(fits, _mean_logliks(second, fits), curve, config)
            fits = curve_evidence(fits, curve, config)
        # A move colours a run of pieces along one printed line (Arp): pieces read coloured
        # are read together along their line, and a piece its neighbours outweigh takes
        # their colour.
        runs = runs_along(
            {
                i: fit
                for i, fit in fits.items()
                if (second[i].color is not None and second[i].reason != OUTSIDE)
                or (second[i].grey and second[i].coverage >= config.stroke.on)
            },
            m.along,
            config,
        )
        return measured, fits, runs

    measured, fits, runs = fitted(False)
    fewer = config.line_layer_fewer
    overturned = _overturned(fits, runs)
    if not small_photo and 0 < fewer <= overturned:
        # The sheet's lines read against each other: where the run decoding overturns many
        # pieces the curve may be the medium's misfit (wax crayon's light strokes keep their
        # key's hue), and a layer's reading is taken where it overturns ``fewer`` fewer.
        layered = fitted(True)
        if _overturned(layered[1], layered[2]) <= overturned - fewer:
            measured, fits, runs = layered
    alone: dict[int, int] = {}  # the colours of the pieces read by their line, read alone
    for i, fit in fits.items():
        rd = second[i]
        own = fit.color
        if runs.get(i, own) != own:
            alone[i] = own
            fit = replace(fit, color=runs[i], runner_up=own, llr=0.0, dissent=0.0)
        if rd.grey and rd.coverage >= config.stroke.on:
            # A trace that looks grey in the mean is often a pencil over its complement in
            # the fill beside it (green over pink): the fit, which models that, gives the
            # best guess, still for review.
            out[i] = Reading(
                fit.color,
                min(fit.confidence, GREY_TRACE_CONFIDENCE),
                rd.coverage,
                f"grey-looking trace, read as colour {fit.color} under the fill beside it",
                runner_up=fit.runner_up,
                loglik=fit.loglik,
            )
            continue
        if rd.color is None or rd.reason == OUTSIDE:
            continue
        # Light or patchy tracing stays doubtful whatever its colour; a faint line read by
        # its tint alone keeps that reading's doubt.
        stroke = config.stroke
        conf_cov = (
            rd.confidence if rd.coverage < stroke.on else _coverage_confidence(rd.coverage, stroke)
        )
        conf = min(conf_cov, fit.confidence)
        reason = None
        if conf < REVIEW_BELOW:
            reason = (
                rd.reason or f"light or patchy trace ({rd.coverage:.0%} covered)"
                if conf == conf_cov
                else between_keys(fit.color, fit.runner_up)
            )
        # Half covered, in the colour of the fill beside it by a small margin: that fill's
        # pencil reaching into the band and bled onto the core would show the same.
        half_covered = rd.coverage < config.line_bare_cover and fit.llr < config.line_bare_logodds
        # Or, on a sheet whose lines are not dyed over (there ``under_fill`` says it), with
        # less of its colour in its band than the fill in that colour beside it holds (a fill
        # stops short of its outline, a trace lies over it): whatever else doubts it, blank
        # is a close reading.
        thin = (
            not fit.under_fill
            and fit.fill_share is not None
            and fit.fill_share < config.line_bare_share
        )
        faint_in_fill = fit.fill_colour and (half_covered or thin)
        maybe_bare = (fit.under_fill and reason is None) or faint_in_fill
        if maybe_bare:  # the fill's dye alone would show the same: blank is the alternative
            conf = min(conf, 0.6)
            if fit.under_fill:
                why = "as the fill beside it whose dye covers the line"
            elif half_covered:
                why = "as the fill beside it, half covered"
            else:
                why = f"as the fill beside it, with {fit.fill_share:.0%} of its pencil"
            reason = (
                f"colour {fit.color}, {why}: left blank?"
                if reason is None
                else f"{reason}; or left blank ({why})?"
            )
        blank_ll = (
            _bare_loglik(fit, config)
            if faint_in_fill and thin and not _core_unresolved(fit, small_photo, config)
            else None
        )
        if blank_ll is not None and blank_ll >= config.line_bare_read_logodds and fit.color == own:
            # Less pencil on its core than the fill beside it holds, by more than a trace
            # mostly does: read blank, the fill's colour second, at the odds measured (only
            # from ``line_bare_read_logodds``: see its measurement).
            out[i] = Reading(
                None,
                round(1.0 / (1.0 + math.exp(-min(blank_ll, 50.0))), 3),
                rd.coverage,
                f"read blank: its core holds {fit.core_share:.0%} of the pencil of the fill "
                f"beside it (colour {fit.color}), a trace more"
                + (
                    ""
                    if fit.open_share is None
                    else f"; its side that fill does not reach {fit.open_share:.0%} of a trace's"
                ),
                runner_up=fit.color,
                loglik={k: v - blank_ll for k, v in fit.loglik.items()},
            )
            continue
        if fit.dissent > DISSENT_ABOVE and reason is None:
            conf = min(conf, 0.6)
            reason = f"the line's printed core says colour {fit.core}, beside it {fit.beside}"
        # Doubted, but its confidence stays the fit's: the pixels' margin is weighed as it is
        # when the rules decide between readings (lowered, a misread mark beside it would
        # outweigh it), and a rule's agreement does not take it out of review.
        if small_photo and reason is None and _close_keys(fit, palette, config):
            reason = (
                f"colour {fit.color} or the close colour {fit.runner_up}: "
                "the photo is too small to tell them apart surely"
            )
        if fit.color != own:
            reason = f"read as colour {fit.color} with the pieces along its line (alone: {own})"
        elif reason is None and not small_photo and m.along[i] and open_side_bare(fit, config):
            # A piece of a printed line (Arp's) in a fill's colour, its band as full as the
            # fill, but its core's open side nearly bare: a fill laid to its outline shows
            # so. For review only (its confidence and evidence stay the fit's): a surely
            # read piece left unflagged would otherwise hide a player's bare piece.
            reason = (
                f"colour {fit.color}, as the fill beside it, but the side of its core that "
                f"fill does not reach holds {fit.open_share:.0%} of a trace's: left blank?"
                if fit.fill_colour
                else f"colour {fit.color}, but its core holds {fit.open_share:.0%} of a "
                "trace's of that colour: left blank?"
            )
        out[i] = Reading(
            fit.color,
            round(conf, 3),
            rd.coverage,
            reason,
            runner_up=None if maybe_bare or blank_is_second(conf_cov, fit) else fit.runner_up,
            loglik=fit.loglik,
            surely_marked=conf_cov >= REVIEW_BELOW and not maybe_bare,
            bare=fit.bare,
            core=measured[i].core,
            dissent=measured[i].dissent,
        )
    islands = _doubt_islands(out, fits, alone, m.along, config)
    _doubt_beside_islands(out, islands, m.along, m.ids)
    out = _blanks_in_runs(out, fits, m.along)
    blank = [i for i in fits if out[i].color is None and out[i].reason is None]
    # Read blank by their coverage with that stage's own doubt ("faint marks"), left so.
    faint = [
        i
        for i in fits
        if out[i].color is None
        and out[i].reason is not None
        and out[i].reason != OUTSIDE
        and out[i].reason == second[i].reason
        and second[i].color is None
    ]
    for i in traced_though_blank(measured, blank, m.along, config, faint):  # a dull pencil
        why = "" if out[i].reason is None else f" ({out[i].reason})"
        out[i] = Reading(
            None,
            min(out[i].confidence, BLANK_IN_RUN_CONFIDENCE),
            out[i].coverage,
            f"read blank{why}, but its pixels fit colour {measured[i].color} clearly: "
            "a dull pencil?",
            runner_up=measured[i].color,
            loglik=measured[i].loglik,
        )
    _doubt_split(out, fits, alone, m.along, config)
    return out


def _full_traces(
    out: list[Reading], pieces: set[int], cover: float, config: ScannerConfig
) -> float | None:
    """Where a sheet's traces all cover the band round the printed line (a felt tip's), how
    much the least covered of them cover: the 10th percentile of the coverage of the
    ``pieces`` (a curve's segments, or the straight lines' pieces) read surely marked in each
    colour (``curve_full_least`` or more of them), the least over the colours, when it
    reaches ``cover`` (``curve_full_cover`` for a curve, ``line_full_cover`` for straight
    lines); None otherwise (pencil, whose light traces cover as little as a bare line, see
    the settings' measurements)."""
    covers: dict[int, list[float]] = {}
    for i in pieces:
        rd = out[i]
        if rd.color is not None and rd.surely_marked and rd.reason != OUTSIDE:
            covers.setdefault(rd.color, []).append(rd.coverage)
    tens = [
        float(np.percentile(v, 10)) for v in covers.values() if len(v) >= config.curve_full_least
    ]
    if not tens or min(tens) < cover:
        return None
    return min(tens)


def _among_full_traces(
    out: list[Reading], stats: RegionStats, tpl: Template, config: ScannerConfig
) -> None:
    """On a sheet whose curve's traces all cover their bands (:func:`_full_traces`: a felt
    tip's, decided once here for both steps), its bare segments
    (:func:`_bare_among_full_traces`) and the dye spilled into its circled spaces
    (:func:`_spill_in_circled_spaces`); on a sheet of straight lines (Arp's) whose lines are
    dyed over and whose traces all cover their bands, its bare pieces
    (:func:`_bare_straight_among_full_traces`)."""
    curve = curve_indices(tpl.layout, tpl.masks.ids)
    least = _full_traces(out, curve, config.curve_full_cover, config)
    if least is not None:
        _bare_among_full_traces(out, curve, least, config.curve_bare_share, config)
        _spill_in_circled_spaces(out, stats, tpl, config)
    _bare_straight_among_full_traces(out, stats, tpl, curve, config)


def _bare_straight_among_full_traces(
    out: list[Reading], stats: RegionStats, tpl: Template, curve: set[int], config: ScannerConfig
) -> None:
    """The straight lines' pieces (segments off the curve: Arp's) read as Miro's segments are
    (:func:`_bare_among_full_traces`, at ``line_full_bare_share``), on a sheet whose lines
    are dyed over (:func:`~artsheets.scanner.lines.lines_dyed`: a felt tip's) and whose
    pieces read surely marked cover their bands (:func:`_full_traces` at
    ``line_full_cover``). A felt tip's trace covers most of a piece's band, and a fill's dye
    beside a bare piece covers it too (that is the line fit's ``under_fill`` doubt); a bare
    piece the dye does not reach shows next to nothing, while its line fit reads the dye of
    the pieces it meets at its ends, surely. The dye decides felt tip, as a crayon sheet's
    sure traces may cover their bands as fully (see ``line_full_bare_share``'s
    measurement)."""
    share = config.line_full_bare_share
    if share <= 0.0:
        return
    regions = tpl.masks.regions
    straight = {i for i, r in enumerate(regions) if r.kind == "segment"} - curve
    if not straight or not lines_dyed(stats.line_refl, config):
        return
    least = _full_traces(out, straight, config.line_full_cover, config)
    if least is not None:
        _bare_among_full_traces(out, straight, least, share, config)


def _bare_among_full_traces(
    out: list[Reading], pieces: set[int], least: float, share: float, config: ScannerConfig
) -> None:
    """Read blank, surely, the ``pieces`` (a curve's segments, Miro's, at ``share``
    ``curve_bare_share``; a straight line's, :func:`_bare_straight_among_full_traces`)
    covered under ``share`` of what the sheet's own traces cover (``least``, from
    :func:`_full_traces`). A felt tip's trace covers the band round the printed line
    wholly (coverage 0.64 or more on every traced segment of such sheets measured), so a
    segment showing next to no pencil there is bare, however its tint or line fit read the
    dye of the segments it meets. The reading is blank at ``curve_bare_logodds`` over the
    colour read before, which is its runner-up, so that the rules read a player's bare
    segment as drawn and report it."""
    if share <= 0.0:
        return
    confidence = round(1.0 / (1.0 + math.exp(-config.curve_bare_logodds)), 4)
    for i in sorted(pieces):
        rd = out[i]
        if rd.reason == OUTSIDE or rd.coverage >= share * least:
            continue
        if rd.color is None and rd.reason is None and rd.confidence >= confidence:
            continue  # read blank as surely already
        out[i] = Reading(
            None,
            confidence,
            rd.coverage,
            None,
            runner_up=rd.color if rd.color is not None else rd.runner_up,
        )


def _spill_in_circled_spaces(
    out: list[Reading], stats: RegionStats, tpl: Template, config: ScannerConfig
) -> None:
    """Read blank, in doubt with the colour read second, the spaces holding a capture
    circle (Miro's, never filled in a legal game) read coloured whose core (their pixels
    ``bleed_mm`` or more from the outline, circle included) is covered under
    ``curve_spill_core``, on a sheet whose traces all cover their bands (called so by
    :func:`_among_full_traces`: a felt tip's). A felt tip's trace is wider than the printed
    line's band and its dye runs on: in a small space between traced segments and a coloured
    circle it covers the rim, and reaches the core in part (0.18-0.30 on the spaces so
    misread), while a felt-tip fill covers its core wholly (1.0 on every fill of the fill
    games' felt-tip photos measured). The fill's colour stays the runner-up, close: the rules
    decide (a filled Miro space breaks one: on a sheet that breaks none they confirm blank
    and take it out of review)."""
    cut = config.curve_spill_core
    if cut <= 0.0:
        return
    regions = tpl.masks.regions
    circled = {r.extra.get("space") for r in regions if r.kind == "mark"} - {None}
    if not circled:
        return
    core = _core_coverage(stats, config.core_pixels)
    if core is None:
        return
    for i, r in enumerate(regions):
        rd = out[i]
        if r.id not in circled or rd.color is None or rd.reason == OUTSIDE:
            continue
        c = float(core[i])
        if not c < cut:  # (NaN: a core too small to judge)
            continue
        out[i] = Reading(
            None,
            0.6,
            rd.coverage,
            f"coloured {rd.color} at its rim ({rd.coverage:.0%} covered), its core only "
            f"{c:.0%}: the dye of the traces round it?",
            runner_up=rd.color,
        )


def _met_colours(
    i: int, out: list[Reading], alone: dict[int, int], along: Sequence[Sequence[int]]
) -> set[int]:
    """The colours piece ``i`` meets on its printed line, each piece read alone where the
    run decoding gave it its line's colour (one that took its line's colour is no evidence
    of another colour), blank left out: what the split and island doubts weigh."""
    return {alone.get(j, out[j].color) for j in along[i]} - {None}


def _doubt_split(
    out: list[Reading],
    fits: dict[int, LineFit],
    alone: dict[int, int],
    along: Sequence[Sequence[int]],
    config: ScannerConfig,
) -> None:
    """A piece read surely whose printed core, read alone, favours another colour, and
    which meets on its printed line a coloured piece reading another colour alone: each
    view is weak, but the two agree that the fit's colour may be the pencil of a fill
    reaching into its band (felt tip, a partial scribble), not its trace. Under
    ``config.line_split_doubt_logodds`` it goes to review; its reading and confidence are
    kept, so the rules still weigh its pixels as they are."""
    for i, fit in fits.items():
        rd = out[i]
        if rd.color is None or rd.reason is not None or fit.color != rd.color:
            continue
        if fit.core is None or fit.core == rd.color:
            continue
        if fit.llr >= config.line_split_doubt_logodds:
            continue
        met = _met_colours(i, out, alone, along) - {rd.color}
        if met:
            others = " and ".join(str(k) for k in sorted(met))
            out[i] = replace(
                rd,
                reason=f"colour {rd.color}, but its printed core alone favours {fit.core} "
                f"and a piece of its line reads {others}",
            )


def _core_unresolved(fit: LineFit, small_photo: bool, config: ScannerConfig) -> bool:
    """Whether a line's printed core share is no measure of its trace: in a ``small_photo``
    (a messaging copy, whose chroma is a block's, shared by the core and the fill beside it)
    where the fit explains the line's pixels poorly (``fit.misfit`` from
    ``config.line_bare_small_misfit``). There blank is not read from the core share."""
    return small_photo and fit.misfit >= config.line_bare_small_misfit


# An open share past twice the sheet's traces says no more of a trace (so capped in the fit
# of ``line_open_loglik_*``).
OPEN_SHARE_CAP = 2.0
OWN_REACH_CAP = 1.0  # a core's share over its fill's own reach is clipped to +-this


def _bare_loglik(fit: LineFit, config: ScannerConfig) -> float | None:
    """Blank's log-likelihood against ``fit.color`` for a piece read in the colour of a fill
    beside it, from two views of its printed core (None where the first is unmeasured): how
    much of that colour it holds against the fill (``fit.core_share``: a fill reaches the
    core only by its blur, a trace lies on it; ``line_bare_loglik_*``), and how much of it
    the core's side that no fill of that colour reaches holds against the sheet's traces
    (``fit.open_share``; ``line_open_loglik_*``): the core share's figure, unless the open
    side favours a trace (the pencil is there, a trace pressed lightly along the fill):
    then the open side's. Where the core's figure stands, the band beside the core on its
    open side adds its likelihood ratio (``fit.open_band``; ``line_open_band_*``): a fill's
    blur reaches over the core but fades before that band, a trace's nib covers it. Each
    fitted over bare and traced pieces. Where the open side is unmeasured (fills of the
    colour on both sides), the core share against the fills' own reach onto their spaces'
    other cores (``fit.own_reach``; ``line_own_reach_*``) adds its ratio within the doubt."""
    if fit.core_share is None:
        return None
    share = max(fit.core_share, config.line_bare_core_floor)
    core = config.line_bare_loglik_at_one + config.line_bare_loglik_slope * math.log(share)
    if fit.open_share is None:
        if fit.own_reach is None or not 0.0 <= core < config.line_bare_read_logodds:
            return core
        # Fills of its colour on both sides: where the core leaves blank in doubt, the
        # core against what the same fills put on their spaces' other cores (their own
        # margin short of the outline) adds its likelihood ratio.
        above = min(max(fit.core_share - fit.own_reach, -OWN_REACH_CAP), OWN_REACH_CAP)
        return core + config.line_own_reach_at_zero + config.line_own_reach_slope * above
    side = config.line_open_loglik_at_zero + config.line_open_loglik_slope * min(
        fit.open_share, OPEN_SHARE_CAP
    )
    if side < 0:
        return side
    if fit.open_band is None:
        return core
    # The band beside the core on that side: a trace's nib covers it, a bare piece leaves
    # paper or the other fill there (a fill's blur over the core fades out before it).
    band = min(max(fit.open_band, 0.0), OPEN_SHARE_CAP)
    return core + config.line_open_band_at_zero + config.line_open_band_slope * band


def _close_keys(fit: LineFit, palette: Palette, config: ScannerConfig) -> bool:
    """Whether a line's fit chose between two close keys by a small margin: its runner-up
    within ``config.line_close_delta_e`` of its colour (CIELAB, the keys as learned on the
    sheet) and its log-odds under ``config.line_close_logodds``. In a small photo the colour
    error is alike over a whole piece (JPEG colour blocks), so the fit's margin, which counts
    the piece's pixels as independent, overstates how sure the pair is told apart."""
    ru = fit.runner_up
    if ru is None or fit.llr >= config.line_close_logodds:
        return False
    if fit.color not in palette.colours or ru not in palette.colours:
        return False
    pair = cielab.lab(np.stack([palette.colours[fit.color], palette.colours[ru]]))
    return float(np.linalg.norm(pair[0] - pair[1])) < config.line_close_delta_e


def _doubt_islands(
    out: list[Reading],
    fits: dict[int, LineFit],
    alone: dict[int, int],
    along: Sequence[Sequence[int]],
    config: ScannerConfig,
) -> list[int]:
    """A move colours a run of pieces along one printed line (Arp): a piece unlike every
    coloured piece it meets on its line (an island) is more likely misread than a run of one.
    The pieces met count as read alone: one that took its line's colour is no evidence.
    Doubted (changed in place): its confidence lowered to 0.6, so that the solver's prior
    for such a rare run can overturn it, unless the line fit reads it by
    ``config.line_island_sure_logodds`` or more: then it keeps its confidence, and the rules
    weigh its pixels' margin against the rarity of the run. One the fit reads by
    ``config.line_island_leave_logodds`` or more is not sent to review here: the rules'
    finding of a rare stretch, or their overturning it, still flags it. Returns the
    islands (all of them: a piece met that nearly fits an island's colour is doubted)."""
    islands: list[int] = []
    for i, rd in enumerate(list(out)):
        met = _met_colours(i, out, alone, along)
        if rd.color is None or rd.reason is not None or not met or rd.color in met:
            continue
        islands.append(i)
        llr = fits[i].llr if i in fits and fits[i].color == rd.color else -math.inf
        sure = llr >= config.line_island_sure_logodds
        if sure and llr >= config.line_island_leave_logodds:
            continue
        why = f"colour {rd.color} between pieces of its line coloured " + " and ".join(
            str(k) for k in sorted(met)
        )
        out[i] = replace(rd, reason=why) if sure else rd.doubted(0.6, why)
    return islands


# A piece met by a doubted island whose colour its own pixels fit within these odds (log):
# one of the two is misread, and it may be this one. On the eleven benchmark sets of the
# eighth session (144 Arp photos), 45 pieces, one of them misread (the only unflagged error).
ISLAND_NEIGHBOUR_LOGODDS = 2.0


def _doubt_beside_islands(
    out: list[Reading], islands: list[int], along: Sequence[Sequence[int]], ids: list[str]
) -> None:
    """A piece unlike every piece it meets on its line (an island, doubted) and a piece it
    meets disagree: one of them is misread. Most often the island (a run of one is rare),
    but when the piece met fits the island's colour nearly as well as its own, it is
    doubted too, so that a person looks at both (changed in place)."""
    for i in islands:
        colour = out[i].color
        for j in along[i]:
            rd = out[j]
            if rd.reason is not None or rd.color in (None, colour):
                continue
            if rd.loglik.get(colour, -math.inf) > -ISLAND_NEIGHBOUR_LOGODDS:
                out[j] = rd.doubted(
                    0.6,
                    f"colour {rd.color}, but {ids[i]} beside it on its line reads "
                    f"{colour}, which its pixels nearly fit too",
                )


BLANK_IN_RUN_CONFIDENCE = 0.6  # a blank piece whose pixels fit its line's run: for review


def _blanks_in_runs(
    readings: list[Reading], fits: dict[int, LineFit], along: Sequence[Sequence[int]]
) -> list[Reading]:
    """A piece read blank whose pixels the line fit gives, beyond doubt, the colour of a piece
    it meets on its line is likelier the faint end of that run than a piece left uncoloured
    (an Arp game ends with every piece coloured): it is doubted, with that colour as its
    likeliest, so that the rules' check of an unfinished game mends it (for review). On the
    benchmark all six sure blanks of five sets' Arp photos (72) were such pieces, the fit's
    colour right each time; a bare piece fits every colour alike (no pencil), so the fit is
    not sure of one."""
    out = list(readings)
    for i, fit in fits.items():
        rd = out[i]
        met = {out[j].color for j in along[i]}
        if (
            rd.color is None
            and rd.reason is None
            and not rd.grey
            and fit.confidence >= REVIEW_BELOW
            and fit.color in met
        ):
            out[i] = Reading(
                None,
                min(rd.confidence, BLANK_IN_RUN_CONFIDENCE),
                rd.coverage,
                f"read blank, but its pixels fit colour {fit.color}, as the piece beside it",
                runner_up=fit.color,
            )
    return out


LEARN_ABOVE = 0.9  # regions read this surely teach their style's reference colours
GREY_TRACE_CONFIDENCE = 0.6  # a grey-looking trace read by the line fit: a guess for review


def _scatter(
    fill: bool,
    blocks: np.ndarray | None,
    i: int,
    thin_scale: float,
    config: ScannerConfig,
    darkening: float = math.inf,
) -> float:
    """How widely region ``i``'s colour scatters about its key's curve when two keys are
    told apart (CIELAB), before the small-region and palette factors. A JPEG holds colour
    once per chroma block (``blocks``: each region's area in them; None: unknown), so a mark
    spanning few blocks has few independent colour samples, and its mean scatters as one
    over the root of their number. A fill's scatter is measured (``fill_full_blocks``):
    from that many blocks on it scatters as in a sharp photo, below it wider; and a pale
    fill's (``darkening``: its mean colour's distance from paper, as ``ink_delta`` measures
    a pixel's) wider still under ``fill_pale_delta`` (:func:`_pale_widening`); a thin
    stroke's or tick's also widens with the photo's pixels per mm (``thin_scale``) and below
    ``colour_full_samples`` blocks (at least one)."""
    if fill:
        sigma = config.fill_sigma
        if blocks is not None:
            b = max(float(blocks[i]), 1e-3)
            sigma *= math.sqrt(max(1.0, config.fill_full_blocks / b))
        return sigma * _pale_widening(darkening, config)
    sigma = 2.5 * thin_scale
    if blocks is not None and config.colour_full_samples > max(1.0, float(blocks[i])):
        sigma *= math.sqrt(config.colour_full_samples / max(1.0, float(blocks[i])))
    return sigma


def _pale_widening(darkening: float, config: ScannerConfig) -> float:
    """How much wider a fill's colour scatters whose mean colour lies only ``darkening``
    (CIELAB, as ``ink_delta`` measures a pixel's) from paper: ``((fill_pale_delta -
    ink_delta) / (darkening - ink_delta))**2`` under ``fill_pale_delta``, else 1. A fill's
    colour is the mean of its pencil pixels, those ``ink_delta`` or more from paper counting
    lightness and chroma alike; in a pale fill most pixels lie near that bar, and those its
    noise carries over it are the ones whose noise adds chroma along the pencil's own, so
    its mean holds more chroma for its darkening than the pencil: a dull key's pale fill
    lies on the curve of the brighter key beside it (dark green read green)."""
    if not config.fill_pale_delta > darkening:
        return 1.0
    above = max(darkening - config.ink_delta, PALE_LEAST_ABOVE)
    return ((config.fill_pale_delta - config.ink_delta) / above) ** 2


# A pale fill's mean darkening above ``ink_delta`` counted at least this (CIELAB): the
# widening's bound (about 100 times at a fill's least).
PALE_LEAST_ABOVE = 0.5


def _keeps_chroma(fill: bool, blocks: np.ndarray | None, i: int, config: ScannerConfig) -> bool:
    """Does region ``i``, a fill, span enough chroma blocks (``grey_fill_blocks``) to keep
    its key's chroma in a small photo, where smaller marks are mixed with the paper round
    them?"""
    return fill and blocks is not None and float(blocks[i]) >= config.grey_fill_blocks


def _chroma_blocks(
    n: np.ndarray, photo_px_per_mm: float | None, config: ScannerConfig
) -> np.ndarray | None:
    """Each region's area in the photo's JPEG chroma blocks (``chroma_block_px`` photo
    pixels each), from its ``n`` working pixels (None: the photo's scale unknown)."""
    if not photo_px_per_mm:
        return None
    photo_px = np.asarray(n, float) * (photo_px_per_mm / PX_PER_MM) ** 2
    return photo_px / config.chroma_block_px


def _dulled(
    blocks: np.ndarray | None, regions: Sequence[Region], config: ScannerConfig
) -> np.ndarray | None:
    """Which regions (not traced lines, which the line fit reads) span less than
    ``config.dull_below_blocks`` of a JPEG's chroma block in the photo (``blocks``:
    :func:`_chroma_blocks`): their colour is mixed with the paper round them (None: none, or
    the photo's scale unknown)."""
    if blocks is None or config.dull_chroma_least >= 1.0:
        return None
    small = blocks < config.dull_below_blocks
    small &= np.array([r.kind != "segment" for r in regions])
    return small if small.any() else None


def _classify_once(
    stats: RegionStats,
    palettes: dict[Style, Palette],
    tpl: Template,
    styles: list[Style],
    tints: dict[int, np.ndarray] | None,
    grey_veto: bool = True,
    thin_scale: float = 1.0,
    config: ScannerConfig = DEFAULT,
    blocks: np.ndarray | None = None,
    shape_ll: np.ndarray | None = None,
    dulled: np.ndarray | None = None,
) -> list[Reading]:
    regions = tpl.masks.regions
    core_cov = _core_coverage(stats, config.core_pixels)
    fill = config.fill
    palette = palettes[fill]
    cov = stats.coverage
    lab = cielab.lab(stats.mean)
    # Fills, marks and ticks on clipped pixels are read as censored measurements; traced
    # lines as points (their colour is read again by the line fit).
    bounds = None
    if stats.low is not None and stats.high is not None:
        line = np.array([r.kind == "segment" for r in regions])[:, None]
        bounds = (np.where(line, stats.mean, stats.low), np.where(line, stats.mean, stats.high))
    dists = {st: curve_distances(lab, pal, bounds) for st, pal in palettes.items()}
    if dulled is not None and dulled.any():
        # A mark smaller than a chroma block shows its key's colour dulled (see
        # ``ScannerConfig.dull_chroma_least``): it lies near the key's curve at any of those
        # chromas.
        for st, pal in palettes.items():
            near, _ = curve_distances(lab[dulled], pal, None, _dulling(config))
            d = dists[st][0]
            d[dulled] = np.minimum(d[dulled], near)
    keys = list(palette.colours)
    # (A small photo's colour is its chroma blocks' mean: there a tint needs more darkening.)
    share = config.pale_share if grey_veto else config.pale_share_small
    pale = 100.0 - lab[:, 0] < share * _faintest_darkening(palette)
    darkening = ink_delta(lab)  # each region's colour's distance from paper (a pale fill's)
    out: list[Reading] = []
    for i, r in enumerate(regions):
        st = styles[i]
        dist = dists.get(st, dists[fill])[0]
        if stats.seen[i] < config.part_seen:
            out.append(Reading(None, 0.0, 0.0, OUTSIDE))
            continue
        f = float(cov[i])
        n = float(stats.n[i])
        size_conf = _ramp(n, 8, 40)  # too few pixels to judge
        mid = math.sqrt(st.off * st.on)
        if pale[i] and f >= mid and keys:
            nearest = keys[int(np.argmin(dist[i]))]
            why = f"tinted but hardly darker than paper ({f:.0%} covered): a colour cast?"
            out.append(Reading(None, 0.5, f, why, runner_up=nearest))
            continue
        if r.kind == "segment" and f < st.on and keys:
            tinted = _tint_reading(stats.tint[i], palette, keys, f, tints, config)
            if tinted is not None:
                out.append(tinted)
                continue
        if f < mid:
            conf = 0.5 + 0.5 * _ramp(math.log(max(f, 1e-4)), math.log(mid), math.log(st.blank))
            conf = min(conf, 0.5 + 0.5 * size_conf)
            reason = None if conf >= REVIEW_BELOW else f"faint marks ({f:.0%} covered)"
            nearest = keys[int(np.argmin(dist[i]))] if keys else None
            out.append(
                Reading(
                    None,
                    round(conf, 3),
                    f,
                    reason,
                    runner_up=nearest,
                    loglik=_marks_loglik(dist[i], keys, palette.spread) if reason else {},
                )
            )
            continue
        conf_cov = _coverage_confidence(f, st)
        if st is fill and core_cov is not None:
            # A fill whose core holds pencil is marked, however little of its rim is: a
            # hurried scribble covers a third of a space, reaching in; a neighbour's felt
            # tip bleeds over the rim only.
            core = float(core_cov[i])
            conf_cov = max(conf_cov, _core_confidence(core, fill.off, config.fill_core_sure))
            if config.fill_core_doubt and config.fill_core_bare <= core < config.fill_core_sure:
                conf_cov = min(conf_cov, _rim_confidence(core, config))
        if not keys:
            out.append(Reading(None, 0.0, f, "coloured, but no colour key could be read"))
            continue
        small = 1.5 if n < 150 else 1.0
        # How far from its key a region's colour may lie (the model's reach) ...
        spread = palette.fill_spread if st is fill else palette.spread
        base_sigma = (1.5 if st is fill else 2.5 * thin_scale) * small * spread
        # ... and how widely it scatters when telling two keys apart.
        # (A pale fill's wider scatter was measured on photos that resolve a mark's
        # colour; a small copy's colour is its chroma blocks'.)
        dark = float(darkening[i]) if st is fill and grey_veto else math.inf
        sigma = _scatter(st is fill, blocks, i, thin_scale, config, dark) * small * spread
        # Log-likelihood of each colour (its distance against the scatter a region's colour
        # shows about its key's curve, larger for strokes and small boxes), plus a prior for
        # a box that belongs to a player: he marks it with his own colour, as a rule.
        # A region far from every colour is an outlier to this model: widen the scatter by
        # its misfit, so that two colours both far away are not told apart with confidence.
        sigma = math.hypot(sigma, float(dist[i].min()) / 1.5)
        loglik = -(dist[i] ** 2) / (2 * sigma * sigma)
        if _marked_by_owner(r) and r.player in keys:
            loglik = loglik + np.where(np.array(keys) == r.player, config.owner_prior, 0.0)
        if shape_ll is not None and r.kind == "space":
            loglik = loglik + shape_ll[i]  # a written symbol's shape: whose it is
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
                reason = between_keys(k, keys[order[1]])
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
        # In a small photo a fill spanning a whole chroma block or more keeps its colour
        # (``grey_fill_blocks``): grey there is no pencil's either.
        if (grey_veto or _keeps_chroma(st is fill, blocks, i, config)) and _grey_unlike(
            lab[i], palettes.get(st, palette).colours[k], st is fill, palette.paper_level, config
        ):
            # Darker but colourless where the key is colourful: the edge of a shadow or a
            # smudge more likely than pencil. Not trusted either way.
            reason = f"grey marks, unlike colour {k}: shadow or smudge?"
            out.append(Reading(None, 0.4, f, reason, grey=True, runner_up=k))
            continue
        second = keys[order[1]] if len(order) > 1 else None
        sure = min(conf_cov, conf_abs) >= REVIEW_BELOW
        dull_mark = dulled is not None and bool(dulled[i])
        # Each colour's log-likelihood as this mark style's model measured it (best 0), for
        # the evidence of the colours beyond the runner-up.
        measured = _best_zero(keys, loglik) if config.mark_loglik else {}
        out.append(
            Reading(
                k,
                round(conf, 3),
                f,
                reason,
                runner_up=second,
                surely_marked=sure,
                loglik=measured,
                dulled=dull_mark,
                off_keys=conf_abs < REVIEW_BELOW,
            )
        )
    return out


def _shape_loglik(
    stats: RegionStats, keys: list[int], shapes: Sequence[str], config: ScannerConfig
) -> np.ndarray | None:
    """(regions, colours): the log-likelihood a written symbol's shape adds to each colour,
    in a game where each colour writes its own symbol (``shapes``: "X" or "O", colour 1
    first). An X crosses at its space's centre, an O rings it: the measure is how much
    darker the centre is than the ring, ``(centre - ring) / (centre + ring + 1)`` of their
    mean darkening (``RegionStats.shape``), 1 for a lone cross, -1 for a lone ring, near 0
    for a blank space or one the shadow darkens evenly. Its log-odds for X over O are that
    over ``config.symbol_shape_scale``, within ``config.symbol_shape_cap``; each colour gets
    half, with its sign. None without the measure, or unless the colours write X and O."""
    if stats.shape is None or not keys:
        return None
    sign = []
    for k in keys:
        shape = shapes[k - 1] if 0 < k <= len(shapes) else None
        if shape not in ("X", "O"):
            return None
        sign.append(1.0 if shape == "X" else -1.0)
    centre, ring = stats.shape[:, 0], stats.shape[:, 1]
    z = np.nan_to_num((centre - ring) / (centre + ring + 1.0))
    cap = config.symbol_shape_cap
    llr = np.clip(z / config.symbol_shape_scale, -cap, cap)
    return 0.5 * llr[:, None] * np.asarray(sign)[None, :]


def _marks_loglik(dist: np.ndarray, keys: list[int], spread: float) -> dict[int, float]:
    """How likely faint marks are each colour (log, best 0), from their distances to the
    keys against a fill's scatter: a few grains of pencil tell their colour only roughly,
    but the rules may leave the choice between a few colours (a Delaunay space empty though
    two colours could fill it)."""
    sigma = 1.5 * spread
    return _best_zero(keys, -(dist**2) / (2 * sigma * sigma))


def _best_zero(keys: list[int], ll: np.ndarray) -> dict[int, float]:
    """Each colour's log-likelihood ``ll`` against the likeliest's (best 0), as the evidence
    takes them."""
    best = ll.max()  # (once, not once a colour)
    return {k: round(float(v - best), 3) for k, v in zip(keys, ll, strict=True)}


def _faintest_darkening(palette: Palette) -> float:
    """How much darker than paper (CIELAB L) the palest pencil in play is at its lightest
    pressure; 0 with no colour learned."""
    idx, curve = palette.curves()
    if not len(idx):
        return 0.0
    faint = curve[np.flatnonzero(np.r_[True, idx[1:] != idx[:-1]])]  # each colour's first
    return float((100.0 - faint[:, 0]).min())


def _core_coverage(stats: RegionStats, core_pixels: int) -> np.ndarray | None:
    """Each region's core coverage, NaN where its core has fewer than ``core_pixels``
    (None when cores were not measured)."""
    if stats.core_n is None or stats.core_ink is None:
        return None
    cov = stats.core_ink / np.maximum(stats.core_n, 1)
    return np.where(stats.core_n >= core_pixels, cov, np.nan)


def _core_confidence(core: float, off: float, sure: float) -> float:
    """How surely a fill is coloured by its core's coverage alone: 0.5 at a fill's ``off``
    (a bare core), 1 from ``sure`` on (0.5 for a core too small to judge: NaN)."""
    if not core > off:
        return 0.5
    return 0.5 + 0.5 * _ramp(math.log(core), math.log(off), math.log(sure))


def _rim_confidence(core: float, config: ScannerConfig) -> float:
    """How surely a fill is coloured whose core is covered ``core``, between the bare core's
    ``fill_core_bare`` and the sure one's ``fill_core_sure``: its rim's coverage no longer
    vouches for it (a neighbour's felt tip bleeds over the rim, and now and then this deep),
    so it is in doubt, from 0.5 at a bare core up to the review line at a sure one."""
    lo, hi = math.log(config.fill_core_bare), math.log(config.fill_core_sure)
    return 0.5 + (REVIEW_BELOW - 0.5) * _ramp(math.log(max(core, 1e-4)), lo, hi)


def _coverage_confidence(f: float, st: Style) -> float:
    """How surely a region with coverage ``f`` (at least the style's middle) is coloured."""
    mid = math.sqrt(st.off * st.on)
    return 0.5 + 0.5 * _ramp(math.log(max(f, 1e-4)), math.log(mid), math.log(st.sure))


@functools.lru_cache(maxsize=64)
def _key_lab(key: bytes) -> np.ndarray:
    """CIELAB of a key's colour (linear BGR, float32, as bytes): asked for every region a
    grey test runs on (430 a photo on the bench's four), of the same few keys."""
    return cielab.lab(np.frombuffer(key, np.float32)[None])[0]


def _grey_unlike(
    lab: np.ndarray,
    key: np.ndarray,
    fill: bool = False,
    paper_level: float = 1.0,
    config: ScannerConfig = DEFAULT,
) -> bool:
    """Is a region's pencil colour neutral grey where its key, at the same lightness, would
    be clearly coloured? A fill's colour is averaged over its whole area, so even a dull key
    (brown, grey-green) is told from the exact grey of a shadow's band on a filled region;
    a stroke's or a tick's colour is thin and mixed with paper and print, and needs a
    clearly coloured key. In a dim photo (``paper_level``, linear) a dull pencil's chroma is a
    level or two of the camera's, which JPEG compression rounds away: the key must be the
    more colourful for grey to be unlike it (``config.grey_chroma``, ``grey_chroma_fill``: the
    chroma a key must show at the region's depth; ``grey_full_level``: the paper level below
    which that grows)."""
    kl, ka, kb = _key_lab(np.asarray(key, np.float32).tobytes())
    depth = max(100.0 - float(lab[0]), 0.0) / max(100.0 - float(kl), 1.0)
    expected = math.hypot(ka, kb) * min(depth, 2.0)
    # In a photo dimmer than ``grey_full_level``, the chroma a dull key must show grows as
    # the camera's levels shrink: below that, grey says nothing of its colour.
    least = (config.grey_chroma_fill if fill else config.grey_chroma) / min(
        1.0, max(paper_level, 0.1) / config.grey_full_level
    )
    return expected >= least and math.hypot(lab[1], lab[2]) < 0.35 * expected
