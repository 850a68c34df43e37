"""Light: the colour of bare paper across the rectified sheet, to divide the photo by.

Pencil on paper multiplies the paper's reflectance, so the image is taken to linear light and
divided by the local colour of bare paper. That colour is measured where the sheet is paper
for sure (margins, gaps: the template knows) for the white balance, and everywhere from pixels
that look like paper (nothing printed near, no colour) at the finest scale that has enough of
them, for gradients and shadows. A hard shadow's straight edge is found and modelled at the
pixel level, since no grid of paper samples resolves it. What is left is each pixel's
reflectance relative to paper: 1 for bare paper under any light.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import cv2
import numpy as np

from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.template import PX_PER_MM, Template, derived
from artsheets.scanner.workers import in_parts

if TYPE_CHECKING:
    from artsheets.scanner.colours import Reading

__all__ = [
    "CLIPPED",
    "CLIPPED_LINEAR",
    "Light",
    "ShadowEdge",
    "censor_clipped",
    "channel_max",
    "channel_mean",
    "channel_min",
    "clipped_pencil",
    "doubt_washed_out",
    "light_field",
    "paper_dips",
    "reflectance",
    "relative_to_paper",
    "three",
    "to_linear",
]

_LUT = np.where(
    (v := np.arange(256) / 255.0) <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4
).astype(np.float32)


def to_linear(img: np.ndarray) -> np.ndarray:
    """8-bit sRGB -> linear light, float32 in [0, 1]. (OpenCV's table look-up, on the values
    laid out as one row, is eight times faster than numpy's ``_LUT[img]``.)"""
    flat = np.ascontiguousarray(img, np.uint8).reshape(1, -1)
    if flat.size == 0:
        return np.zeros(np.shape(img), np.float32)
    return cv2.LUT(flat, _LUT).reshape(np.shape(img))


def _srgb_to_linear(v: np.ndarray) -> np.ndarray:
    s = np.clip(v / 255.0, 0.0, 1.0)
    return np.where(s <= 0.04045, s / 12.92, ((s + 0.055) / 1.055) ** 2.4).astype(np.float32)


def channel_max(img: np.ndarray) -> np.ndarray:
    """Largest of the three channels (the same as ``img.max(axis=2)``, which numpy does
    slowly over so short an axis)."""
    return np.maximum(np.maximum(img[..., 0], img[..., 1]), img[..., 2])


def channel_min(img: np.ndarray) -> np.ndarray:
    """Smallest of the three channels (``img.min(axis=2)``, faster)."""
    return np.minimum(np.minimum(img[..., 0], img[..., 1]), img[..., 2])


def channel_mean(img: np.ndarray) -> np.ndarray:
    """Mean of the three channels, keeping the axis (``img.mean(axis=2, keepdims=True)``, the
    same sum in the same order, faster)."""
    return ((img[..., 0] + img[..., 1] + img[..., 2]) / 3)[..., None]


def three(plane: np.ndarray) -> np.ndarray:
    """A plane (numbers or a bool mask) repeated into three channels: numpy's broadcasting of
    ``plane[..., None]`` against an image of three channels runs three elements at a time,
    slowly."""
    if plane.dtype == bool:
        return cv2.merge([plane.view(np.uint8)] * 3).view(bool)
    return cv2.merge([plane] * 3)


def light_field(
    work: np.ndarray,
    tpl: Template,
    inside: np.ndarray | None = None,
    config: ScannerConfig = DEFAULT,
) -> Light:
    """The colour of bare paper across the rectified sheet ``work`` (see :class:`Light`)."""
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
    small = _srgb_to_linear(reduce(masked).astype(np.float32) * three(inv))
    # The grey of the masked image is the masked grey; and squared, as it is 0 off the mask.
    gc = cv2.cvtColor(masked, cv2.COLOR_BGR2GRAY).astype(np.float32)
    m1 = reduce(gc) * inv
    m2 = reduce(cv2.multiply(gc, gc)) * inv
    # Texture: pencil grain is rough, paper smooth (even when both are grey). Relative
    # spread in sRGB, times 2.2 to speak of linear light.
    rel_tex = 2.2 * np.sqrt(np.maximum(m2 - m1 * m1, 0.0)) / np.maximum(m1, 1.0)
    usable = share > 0.3
    paper = tpl.paper_small & usable & (share > 0.5)
    # Paper at the camera's clipping level in some channel hides its colour cast there.
    # (``masked`` is 0 off the mask, so only pixels clear of print can count. A pixel is
    # clipped where not every channel is under the level: OpenCV's range test, one pass.)
    below = cv2.inRange(masked, (0, 0, 0), (CLIPPED - 1,) * 3)
    clipped = reduce((below == 0).astype(np.float32)) * inv
    # ... and paper far darker than the rest is not lit paper (an object on it, or the black
    # beyond the photo's edge where the mask is a pixel off): it would lend the cast its own.
    level = channel_max(small)
    lit = level > config.dark_paper * float(np.median(level[paper])) if paper.any() else paper
    unclipped = paper & (clipped < 0.1) & lit
    # Sure paper clipped in a channel says the light is at least that strong there against
    # its unclipped channels: paper (dimmer, elsewhere) that breaks those bounds is something
    # else lying on the margin (a thumb, another sheet), and would lend the cast its own.
    bounds = _clip_bounds(small, paper & lit, config)
    unclipped &= _within_bounds(small, bounds, config.clip_bound_slack)
    ink_cast = None
    if unclipped.sum() >= 50 and (paper & lit & (clipped >= 0.1)).sum() >= config.clip_bound_blocks:
        # Lower bounds do not tell a thumb's skin, redder and dimmer, from paper less brightly
        # lit: the printed ink, neutral, does. Unclipped "paper" coloured against the ink's
        # cast is something on the margin, and it would lend the cast its own.
        ink_cast = _ink_cast(work, tpl, config)
        if ink_cast is not None:
            unclipped &= _saturation(small / ink_cast) < config.paper_saturation
    true_paper = unclipped if unclipped.sum() >= 50 else paper
    # With all sure paper clipped, the light's colour is measured on the printed ink instead.
    if unclipped.sum() >= 50:
        ink_cast = None
    elif ink_cast is None:
        ink_cast = _ink_cast(work, tpl, config)
    # Global white balance from the sure paper (the photo may be warm, cool or dim).
    ref = small[paper] if paper.sum() >= 50 else small[usable]
    # Its colour from unclipped paper: where paper is clipped in a channel, the paper less
    # brightly lit elsewhere would look tinted against it, and not be taken for paper.
    cast_ref = small[true_paper] if true_paper.sum() >= 50 else ref
    gain = np.maximum(np.median(cast_ref, axis=0), 1e-3) if len(ref) else np.ones(3, np.float32)
    balanced = small / gain
    # A channel clipped at the camera's white says only "at least this bright": it is taken
    # to match the block's brightest unclipped channel, or brightly lit paper clipped in two
    # channels would look tinted (by the third) and not be taken for paper.
    at_clip = small >= CLIPPED_LINEAR
    if at_clip.any():
        top = channel_max(np.where(at_clip, 0.0, balanced))
        top = np.where(top > 0, top, channel_max(balanced))
        balanced = np.where(at_clip, np.maximum(balanced, top[..., None]), balanced)
    mx = channel_max(balanced)
    sat = _saturation(balanced)
    # Sure paper (a margin) coloured against the paper's own colour is something lying on
    # it (a thumb holding the sheet down): it lends the paper neither its light nor its
    # tint, which is smoothed over 61 mm and would tint every region near it.
    neutral = sat < config.paper_saturation
    if (paper & neutral).sum() >= 50:
        paper = paper & neutral
        true_paper = true_paper & neutral
    smooth = float(np.median(rel_tex[paper])) if paper.sum() >= 50 else 0.02
    # Paper-like: no colour, no grain, not much darker than round it.
    # Grain tells grey pencil from paper. Inside regions large enough to be filled solid the
    # test is strict; elsewhere (small boxes among dense lines, where JPEG noise is rough)
    # it is lenient, or there would be no paper to measure there at all.
    strict, lenient = config.grain_strict, config.grain_lenient
    grain = np.where(
        tpl.big_small,
        max(strict[0] * smooth, strict[1]),
        max(lenient[0] * smooth, lenient[1]),
    )
    # Small boxes are left out: in a score area most may be ticked or filled, lightly, and
    # one taken for paper would bleach itself. Their light comes from the paper round them.
    flat = usable & (sat < config.paper_saturation) & (rel_tex < grain) & ~tpl.boxes_small
    cand = _not_darker(flat, mx * usable, config) | paper
    est = np.maximum(_paper_estimate(small, (cand * share).astype(np.float32), config), 1e-3)
    edge = None
    band = _shadow_band(small, flat | paper, est, config)
    line = _shadow_line(band, small, flat | paper, config) if band is not None else None
    if line is not None:
        # Paper near the edge on the shaded side is far darker than the sunlit paper near
        # it, so it was no candidate: each side's candidates are its own, and each side's
        # light comes from its own paper only (inside large filled areas the nearest paper
        # may be far off, and on either side).
        def own_light(sides: Sequence[np.ndarray]) -> list[np.ndarray]:
            out = []
            for side in sides:
                own = (side & _not_darker(flat, mx * usable * side, config)) | (paper & side)
                est_side = np.maximum(
                    _paper_estimate(small, (own * share).astype(np.float32), config), 1e-3
                )
                if config.repaper_sides and (paper & side).sum() >= 50:
                    # A faint grey fill taken for paper lights itself on either side of a
                    # shadow too: each side's drawing is tested against its own sure paper.
                    est_side, _ = _repaper(small, own, share, paper & side, est_side, tpl, config)
                out.append(est_side)
            return out

        def each_side(sunlit: np.ndarray) -> list[np.ndarray]:
            # The two sides' estimates are independent (mostly sorting): side by side.
            return in_parts(own_light, [sunlit, ~sunlit])

        sides = each_side(_side(line, flat.shape))
        offset, width, bend = _fit_edge(line, work, clear, flat | paper, *sides, config=config)
        turns = 0
        while turns < config.edge_turns:
            turned = _turned(line[0], offset, bend, flat.shape, config)
            if turned is None:
                break
            line, turns = turned, turns + 1
            offset, width, bend = _fit_edge(line, work, clear, flat | paper, *sides, config=config)
        if turns:  # each side's light as the turned line divides them, and fitted on it
            sides = each_side(_side(line, flat.shape))
            offset, width, bend = _fit_edge(line, work, clear, flat | paper, *sides, config=config)
        sunlit = _side((line[0], offset), flat.shape, bend)
        if bend:  # the sides as the bent edge divides them
            sides = each_side(sunlit)
        edge = (line[0], offset, width, bend, *sides)
        est = np.where(three(sunlit), sides[0], sides[1])
    elif band is not None:
        est = _mend_shadow_edges(small, flat | paper, est, band, config)
    elif paper.sum() >= 50:
        # No shadow: a faint grey fill can pass for paper (its grain lost in the sensor's
        # noise) and light itself. Where the estimate inside the drawing dips well below the
        # sure paper's light, those blocks are no paper: the estimate is made again without
        # them. (Beside a shadow the dip is the shadow's: nothing is changed.)
        # (The estimate is smoothed, so a fill's rim dips less: dipped blocks take their
        # neighbours in the drawing with them.)
        est, cand = _repaper(small, cand, share, paper, est, tpl, config)
    # Brightness is local (gradients, shadows) but the paper's colour cast varies slowly:
    # taking it from the sure paper keeps a pale fill mistaken for paper from lending the
    # estimate its tint (which would bleach that very fill).
    cast = np.median(small[true_paper], axis=0) if true_paper.any() else gain
    if ink_cast is not None:
        tint = np.broadcast_to(ink_cast, small.shape).astype(np.float32)
    else:
        tint = _paper_tint(small, true_paper, cast)
    tint = _at_least(tint, bounds)
    white = channel_min(est) >= CLIPPED_LINEAR  # paper clipped in every channel
    est = _brightness(est, tint) * tint
    est, known = _beyond_white(est, white, paper, edge is None, config)
    shadow = None
    if edge is not None:
        normal, offset, width, bend, lit, shaded = edge
        shadow = ShadowEdge(
            (float(normal[0]), float(normal[1])),
            offset,
            width,
            _brightness(lit, tint) * tint,
            _brightness(shaded, tint) * tint,
            bend,
        )
    at_white = small[paper] >= CLIPPED_LINEAR if paper.any() else np.zeros((0, 3), bool)
    return Light(
        grid=est,
        edge=shadow,
        paper_level=float(np.median(channel_max(ref))) if len(ref) else 0.0,
        paper_fraction=float(cand.mean()),
        clipped_channels=tuple(
            "BGR"[c] for c in range(3) if len(at_white) and at_white[:, c].mean() > 0.5
        ),
        cast_from_ink=ink_cast is not None,
        cast_from_paper=ink_cast is None and unclipped.sum() >= 50,
        headroom=_headroom(est, known),
    )


def _repaper(
    small: np.ndarray,
    cand: np.ndarray,
    share: np.ndarray,
    paper: np.ndarray,
    est: np.ndarray,
    tpl: Template,
    config: ScannerConfig,
) -> tuple[np.ndarray, np.ndarray]:
    """The paper estimate ``est`` made again without the candidate blocks ``cand`` of the
    drawing where it dips under ``config.repaper_below`` of the light the sure ``paper``
    shows (a faint grey fill taken for paper, lighting itself), with their neighbours in the
    drawing (the estimate is smoothed, so a fill's rim dips less), and the candidates kept;
    ``est`` and ``cand`` where none dips."""
    drawing = (tpl.big_small | tpl.boxes_small) & ~tpl.paper_small
    below = _below_sure(channel_max(est), paper.astype(np.float32)) < config.repaper_below
    dipped = drawing & (cv2.dilate(below.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0)
    if not (cand & dipped).any():
        return est, cand
    kept = cand & ~dipped
    est = np.maximum(_paper_estimate(small, (kept * share).astype(np.float32), config), 1e-3)
    return est, kept


def _beyond_white(
    est: np.ndarray, white: np.ndarray, sure: np.ndarray, smooth: bool, config: ScannerConfig
) -> tuple[np.ndarray, np.ndarray]:
    """(``est`` with the paper's brightness where every channel is clipped, ``white``, taken
    from the light round it; where the brightness is known).

    There the estimate only says "at least this bright", and pencil divided by it reads too
    pale (by the paper's true brightness over the clip level, up to a half on a bright
    photo). Light falls off smoothly across a page (``smooth``: no hard shadow's edge was
    found), so a plane fitted to the sure paper's brightness where some channel shows it
    (``clip_bound_blocks`` blocks at least) is carried into the white blocks, and the
    estimate raised to it there (never lowered). Otherwise the brightness there is unknown."""
    known = ~white
    if not white.any():
        return est, known
    seen = sure & known
    if not smooth or seen.sum() < config.clip_bound_blocks:
        return est, known
    h, w = white.shape
    ys, xs = np.nonzero(seen)
    level = channel_mean(est)[..., 0]
    terms = np.stack([np.ones(len(xs)), xs / w, ys / h], axis=1)
    coef = np.linalg.lstsq(terms, level[ys, xs].astype(np.float64), rcond=None)[0]
    wy, wx = np.nonzero(white)
    plane = (coef[0] + coef[1] * wx / w + coef[2] * wy / h).astype(np.float32)
    out = est.copy()
    out[wy, wx] *= (np.maximum(plane, level[wy, wx]) / np.maximum(level[wy, wx], 1e-3))[:, None]
    return out, np.ones_like(white)


def _headroom(est: np.ndarray, known: np.ndarray) -> np.ndarray:
    """How much darker than paper (a share, per 1 mm block) a pencil can be and still show
    as the camera's white in every channel: ``1 - 1 / L`` for the paper's light ``L`` in its
    dimmest channel (0 where some channel is not clipped); NaN where the paper's brightness
    is not ``known``."""
    lowest = channel_min(est)
    out = np.clip(1.0 - 1.0 / np.maximum(lowest, 1e-3), 0.0, 1.0).astype(np.float32)
    out[~known] = np.nan
    return out


def doubt_washed_out(
    readings: list[Reading], tpl: Template, light: Light, config: ScannerConfig = DEFAULT
) -> str | None:
    """Blank readings where the paper is so overexposed that a pale pencil would show as the
    camera's white in every channel (:func:`_headroom` at least ``washed_out``) go to review,
    in place, with the reason: the pixels cannot tell such a pencil from paper. Returns a
    note for the report where part of the sure paper is white in every channel at a
    brightness nothing measures (beyond a hard shadow's edge: how pale a pencil would vanish
    there is unknown), else None."""
    room = light.headroom
    if room is None:
        return None
    f = round(PX_PER_MM)
    h, w = room.shape
    if np.nanmax(room, initial=0.0) >= config.washed_out:
        for i, (rd, anchor) in enumerate(zip(readings, tpl.masks.anchors, strict=True)):
            if rd.color is not None or rd.reason is not None:
                continue
            x, y = min(int(anchor[0]) // f, w - 1), min(int(anchor[1]) // f, h - 1)
            if room[y, x] >= config.washed_out:
                readings[i] = rd.doubted(
                    0.5,
                    f"the paper here is overexposed (white in every colour): a pencil up to "
                    f"{room[y, x]:.0%} darker than paper would not show",
                )
    unknown = np.isnan(room) & tpl.paper_small
    if unknown.sum() < config.clip_bound_blocks:
        return None
    return (
        "part of the paper is white in every colour (overexposed): a very pale pencil there "
        "would not show; retake the photo a little darker"
    )


def _clip_bounds(small: np.ndarray, sure: np.ndarray, config: ScannerConfig) -> np.ndarray:
    """Lower bounds on the light's colour, ``[c, u]`` for ``cast[c] / cast[u]`` (NaN: none),
    from the sure paper clipped in channel ``c`` and not in ``u``: there the paper is at
    least as bright in ``c`` as the clip level shows, so the light's ratio is at least the
    one shown (the median over ``clip_bound_blocks`` or more such blocks)."""
    at = small >= CLIPPED_LINEAR
    out = np.full((3, 3), np.nan, np.float32)
    for c in range(3):
        for u in range(3):
            sel = sure & at[..., c] & ~at[..., u]
            if c != u and sel.sum() >= config.clip_bound_blocks:
                out[c, u] = np.median(small[sel, c] / np.maximum(small[sel, u], 1e-3))
    return out


def _within_bounds(small: np.ndarray, bounds: np.ndarray, slack: float) -> np.ndarray:
    """The blocks whose colour keeps the bounds of :func:`_clip_bounds` (less ``slack``)."""
    ok = np.ones(small.shape[:2], bool)
    for c, u in zip(*np.nonzero(np.isfinite(bounds)), strict=True):
        ok &= small[..., c] >= (1.0 - slack) * bounds[c, u] * small[..., u]
    return ok


def _at_least(tint: np.ndarray, bounds: np.ndarray) -> np.ndarray:
    """``tint`` (the paper's colour, mean 1) raised where it breaks the bounds of
    :func:`_clip_bounds`, mean 1 again: a channel clipped on the paper is "at least this
    bright", so a cast measured elsewhere (the ink, paper less brightly lit) that makes it
    dimmer than the clipped paper shows is wrong by at least that much."""
    pairs = list(zip(*np.nonzero(np.isfinite(bounds)), strict=True))
    if not pairs:
        return tint
    out = np.array(tint, np.float32)
    for c, u in pairs:
        out[..., c] = np.maximum(out[..., c], bounds[c, u] * out[..., u])
    return out / np.maximum(channel_mean(out), 1e-3)


def paper_dips(light: Light, tpl: Template) -> np.ndarray | None:
    """The paper light estimated round each 1 mm block, as a share of the light that the sure
    paper (margins, gaps: nothing is ever drawn there) shows there (:func:`_below_sure`), the
    sure paper on the same side of a fitted shadow edge (blocks on the edge's ramp: 1); None
    with too little sure paper.

    The estimate takes paper-like blocks (neutral, smooth, not much darker than their
    surroundings) for paper. A faint fill in a pale grey pencil can pass for paper on a noisy
    photo (its grain buried in the sensor's), and then lights itself: it reads blank, surely.
    Where the estimate dips well below the sure paper's light round it, something darker
    than paper was taken for paper, or an unmodelled shadow lies there."""
    level = channel_max(light.grid)
    sure = tpl.paper_small
    if sure.sum() < 50:
        return None
    h, w = level.shape
    e = light.edge
    if e is None:
        sides = [np.ones((h, w), bool)]
        ramp = np.zeros((h, w), bool)
    else:
        d = _distance((e.normal, e.offset), (h, w), e.bend)
        sides = [d > 0, d <= 0]
        ramp = np.abs(d) < e.width / 2 + 2.0
    out = np.ones((h, w), np.float32)
    for side in sides:
        weight = (sure & side).astype(np.float32)
        if weight.sum() < 10:
            continue
        out[side] = _below_sure(level, weight)[side]
    out[ramp] = 1.0
    return out


def _below_sure(level: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """``level`` as a share of the light that the blocks ``weight`` marks show, as a smooth
    surface across the page (a quadratic in the block's position, fitted to them by least
    squares, then again without those off it by more than a tenth): the sure paper lies in
    the margins, and a light gradient carries on across the drawing between them."""
    h, w = level.shape
    ys, xs = np.nonzero(weight > 0)
    if len(ys) < 10:
        return np.ones((h, w), np.float32)
    grid = _quadratic_terms(h, w)
    a = grid[ys, xs]
    b = level[ys, xs].astype(np.float64)
    keep = np.ones(len(b), bool)
    for _ in range(2):
        coef = np.linalg.lstsq(a[keep], b[keep], rcond=None)[0]
        fit = a @ coef
        keep = np.abs(fit - b) <= 0.1 * np.abs(fit)
        if keep.sum() < 10:
            break
    surface = grid @ coef
    return (level / np.maximum(surface, 1e-6)).astype(np.float32)


@functools.lru_cache(maxsize=4)
def _quadratic_terms(h: int, w: int) -> np.ndarray:
    """The terms of :func:`_below_sure`'s quadratic at every block of an ``h`` x ``w`` grid
    (h, w, 6), float64: the same for every photo of a page size, so made once (read-only)."""
    gy, gx = np.mgrid[0:h, 0:w].astype(np.float64)
    u, v = gx / w - 0.5, gy / h - 0.5
    out = np.stack([np.ones_like(u), u, v, u * u, u * v, v * v], axis=-1)
    out.flags.writeable = False
    return out


def _ink_cast(work: np.ndarray, tpl: Template, config: ScannerConfig) -> np.ndarray | None:
    """The light's colour (linear BGR, mean 1) measured on the printed ink, or None.

    Printed ink is neutral, and a pixel on it (or blurred half onto paper) that the camera
    did not clip shows the light's colour in the ratios of its channels, whatever its
    brightness. Only print well away from the regions counts: nobody colours it.
    (The ink's pixels are gathered by their flat indices, made once a template; a channel
    mean above 40 is a sum above 120; both as numpy's mean and max over the short axis of
    three, which take longer.)"""
    px = work.reshape(-1, 3)[derived(tpl, None, _ink_pixels)]
    total = px[:, 0].astype(np.uint16) + px[:, 1] + px[:, 2]
    ok = (channel_max(px) < CLIPPED - 5) & (total > 120)
    if ok.sum() < config.ink_pixels_enough:
        return None
    lin = to_linear(px[ok])
    return np.median(lin / channel_mean(lin), axis=0).astype(np.float32)


def _ink_pixels(tpl: Template, _: None) -> np.ndarray:
    """The flat indices of the template's ``furniture_ink`` pixels (see :func:`_ink_cast`)."""
    return np.flatnonzero(tpl.furniture_ink).astype(np.int32)


def _saturation(img: np.ndarray) -> np.ndarray:
    """Each pixel's (or block's) saturation, (max - min) / max of its channels: 0 for grey."""
    mx = channel_max(img)
    return (mx - channel_min(img)) / np.maximum(mx, 1e-3)


def _not_darker(flat: np.ndarray, level: np.ndarray, config: ScannerConfig) -> np.ndarray:
    """The ``flat`` blocks not much darker than the brightest ``level`` within 4 mm: paper,
    not a grey mark on it."""
    near = cv2.dilate(level, np.ones((9, 9), np.uint8))
    return flat & (level > config.darker * near)


def _brightness(est: np.ndarray, tint: np.ndarray) -> np.ndarray:
    """The paper's brightness in each block, given its colour cast: the mean of its
    channels, or where a channel is clipped (and so too dark for the cast), the channels'
    best estimate, the largest of value over cast."""
    mean = channel_mean(est)
    at_clip = channel_max(est) >= CLIPPED_LINEAR
    if not at_clip.any():
        return mean
    best = channel_max(est / np.maximum(tint, 1e-3))[..., None]
    return np.where(at_clip[..., None], best, mean)


def _paper_tint(small: np.ndarray, paper: np.ndarray, gain: np.ndarray) -> np.ndarray:
    """Per-channel colour of the sure paper relative to its brightness, smooth over the page
    (61 mm windows; the global white balance where there is no sure paper near)."""
    weight = paper.astype(np.float32)
    den = cv2.boxFilter(weight, -1, (61, 61), borderType=cv2.BORDER_REFLECT)
    tint = small / np.maximum(channel_mean(small), 1e-3)
    num = cv2.boxFilter(tint * three(weight), -1, (61, 61), borderType=cv2.BORDER_REFLECT)
    base = (gain / max(float(gain.mean()), 1e-3)).astype(np.float32)
    out = num / three(np.maximum(den, 1e-6))
    np.copyto(out, base, where=three(den <= 0.02))
    return out


CLIPPED = 250  # an 8-bit value this high may be the camera's white clipping, not the scene
CLIPPED_LINEAR = float(_LUT[CLIPPED - 2])  # a block mean this bright holds clipped pixels


def relative_to_paper(srgb: np.ndarray, light: np.ndarray) -> np.ndarray:
    """Reflectance (linear, relative to paper, clipped to [0, 1.5]) of 8-bit sRGB pixels
    under ``light`` (linear paper colour at each pixel). A channel at the camera's clipping
    level only says the scene was at least that bright: it is no evidence of pencil, so it
    reads as at least paper (a bright photo clips white paper in one channel first, under a
    warm or cool cast, while the same paper in shadow shows its true colour)."""
    return censor_clipped(to_linear(srgb) / light, srgb)


def censor_clipped(refl: np.ndarray, srgb: np.ndarray) -> np.ndarray:
    """``refl`` with every channel clipped in ``srgb`` read as at least paper, in [0, 1.5]."""
    # (At least paper where clipped, at least 0 elsewhere: one maximum against the mask.)
    return np.clip(np.maximum(refl, srgb >= CLIPPED, dtype=np.float32), 0.0, 1.5)


def clipped_pencil(
    refl: np.ndarray, srgb: np.ndarray, config: ScannerConfig = DEFAULT
) -> np.ndarray:
    """``refl`` with every channel clipped in ``srgb`` read as a pencil pixel's likely value
    there, for its colour (in [0, 1.5]). The camera clipped it somewhere between the level it
    shows and paper (pencil only darkens): reading it as paper, as :func:`censor_clipped`
    does to tell pencil from paper, makes a pale fill on an overexposed photo, most of whose
    pixels clip in blue or green, lighter and bluer than its darker, less clipped key swatch.
    It is taken a little above the level it clipped at instead (0.3 of the way to paper: on
    the benchmark's overexposed photos 0.2-0.3 read best, 0.5 and 0.7 less well)."""
    low = np.clip(refl, 0.0, 1.0)
    return np.where(
        srgb >= CLIPPED,
        low + np.float32(config.clipped_pencil) * (1.0 - low),
        np.clip(refl, 0.0, 1.5),
    ).astype(np.float32)


def reflectance(work: np.ndarray, light: Light) -> np.ndarray:
    """The whole image relative to paper (linear BGR float32), e.g. to look at it."""
    return relative_to_paper(work, light.at(work.shape[:2]))


def _paper_estimate(small: np.ndarray, cand: np.ndarray, config: ScannerConfig) -> np.ndarray:
    """Paper colour round each pixel (1 mm blocks): a high quantile of the paper-like blocks
    near it, from the smallest window with enough of them. Paper is the brightest thing on
    the sheet, so this ignores darker intruders (a grey tick, a pale fill taken for paper)
    even when they are many, and keeps a shadow's edge sharp. Where no window has enough
    paper, the mean over the finest window that has some (worked out last, for the blocks
    still without a value only: each block's value is the first of these that it has)."""
    h, w = cand.shape
    out = np.zeros_like(small)
    done = np.zeros((h, w), bool)
    for b in config.quantile_blocks:
        q, enough = _block_quantile(small, cand, b, config)
        full_q = cv2.resize(q, (w, h), interpolation=cv2.INTER_NEAREST)
        full_ok = cv2.resize(enough.astype(np.uint8), (w, h), interpolation=cv2.INTER_NEAREST) > 0
        np.copyto(out, full_q, where=three(full_ok & ~done))
        done |= full_ok
        if done.all():
            break
    if not done.all():
        done |= _fine_quantile(small, cand, ~done, out, config)
    if not done.all():
        _window_means(small, cand, ~done, out)
    return cv2.GaussianBlur(out, (0, 0), 1.0)


def _shadow_band(
    small: np.ndarray, flat: np.ndarray, est: np.ndarray, config: ScannerConfig
) -> np.ndarray | None:
    """The strip of paper just inside a hard shadow's edge, when the estimate lit it wrongly.

    The estimate's 14 mm windows keep a pale fill from bleaching itself, but beside a hard
    shadow they reach across the edge and light the first few millimetres of the shadow as
    brightly as the sunlit paper: pencil there reads too dark and grey, and bare paper as
    grey marks. Paper-like (``flat``: neutral, smooth) blocks clearly darker than the
    estimate, in a long thin band, are that strip: a pale fill is bounded by its space's
    lines, never long and thin.
    """
    dark = flat & (channel_mean(small) < config.shadow_step * channel_mean(est))[..., 0]
    b = config.shadow_border_mm
    if b > 0:  # (the page's border: see ``ScannerConfig.shadow_border_mm``)
        dark[:b], dark[-b:], dark[:, :b], dark[:, -b:] = False, False, False, False
    if not dark.any():
        return None
    # The strip is broken wherever printed lines or pencil cross it: bridged before it is
    # measured (its area is counted on the bridged strip, so thin stays thin).
    size = 2 * config.shadow_reach + 1
    bridged = cv2.dilate(dark.view(np.uint8), np.ones((size, size), np.uint8))
    _, labels, box, _ = cv2.connectedComponentsWithStats(bridged, connectivity=8)
    diag = np.hypot(box[:, cv2.CC_STAT_WIDTH], box[:, cv2.CC_STAT_HEIGHT]).astype(np.float64)
    keep = (diag >= config.shadow_min_mm) & (
        box[:, cv2.CC_STAT_AREA] < config.shadow_thin * diag**2
    )
    keep[0] = False
    if not keep.any():
        return _collinear_band(dark, small, flat, config)
    return keep[labels] & dark


def _collinear_band(
    dark: np.ndarray, small: np.ndarray, flat: np.ndarray, config: ScannerConfig
) -> np.ndarray | None:
    """The strip inside a straight shadow edge seen only in pieces: where the edge crosses a
    densely coloured field, paper lies along it only in the margins and the blank spaces it
    crosses, short pieces none of which is a long thin band on its own. Dark paper-like
    blocks that line up (the strongest straight line through them, within a band of
    ``shadow_reach`` on either side) over ``shadow_span_mm`` or more, in at least
    ``shadow_pieces`` pieces apart, are taken for that strip if the paper beyond them is
    clearly darker on one side (:func:`_shadow_line`): grey strokes that happen to line up
    have paper alike on both sides, and are left alone."""
    lines = cv2.HoughLines(dark.view(np.uint8), 1, np.pi / 180, config.shadow_votes)
    if lines is None:
        return None
    ys, xs = np.nonzero(dark)
    for rho, theta in lines[: config.shadow_candidates, 0]:
        d = xs * math.cos(theta) + ys * math.sin(theta) - rho
        on = np.abs(d) <= config.shadow_reach
        if on.sum() < config.shadow_votes:
            continue
        t = np.sort(ys[on] * math.cos(theta) - xs[on] * math.sin(theta))
        gaps = np.diff(t) > 2 * config.shadow_reach + 1
        if np.ptp(t) >= config.shadow_span_mm and int(gaps.sum()) + 1 >= config.shadow_pieces:
            band = np.zeros_like(dark)
            band[ys[on], xs[on]] = True
            if _shadow_line(band, small, flat, config) is not None:
                return band
    return None


def _shadow_line(
    band: np.ndarray, small: np.ndarray, flat: np.ndarray, config: ScannerConfig
) -> tuple[np.ndarray, float] | None:
    """The straight edge of the shadow whose inner strip ``band`` is, as (unit normal, offset)
    with the sunlit side where ``normal @ (x, y) > offset``; None unless the band is one
    long straight strip with paper clearly darker on one side of it (a shadow's edge need
    not be straight; then only the strip itself is mended)."""
    ys, xs = np.nonzero(band)
    pts = np.stack([xs, ys], axis=1).astype(np.float64)
    centre, axes = _principal_axes(pts)
    normal = axes[1]
    across = (pts - centre) @ normal
    if across.std() > config.shadow_straight_mm and config.shadow_line_share < 1.0:
        # A dark fill joined onto the strip (a dark pencil in a dim photo passes for paper
        # there) bends the fitted line off it: the line is fitted again, four times, on the
        # blocks within three times the straightness of the last; the strip is those blocks
        # if they are ``shadow_line_share`` of it or more.
        for _ in range(4):
            on = np.abs(across) <= 3 * config.shadow_straight_mm
            if on.sum() < 3:
                break
            centre, axes = _principal_axes(pts[on])
            normal = axes[1]
            across = (pts - centre) @ normal
        on = np.abs(across) <= 3 * config.shadow_straight_mm
        if on.sum() >= config.shadow_line_share * len(pts):
            pts, across = pts[on], across[on]
    if (
        np.ptp((pts - centre) @ axes[0]) < config.shadow_min_mm
        or across.std() > config.shadow_straight_mm
    ):
        return None
    # The sunlit side is the brighter one a few millimetres out; the edge is where the
    # paper's level, across it, is halfway between the two.
    dist = _distance((normal, float(normal @ centre)), band.shape)
    level = channel_mean(small)[..., 0]
    near = flat & (np.abs(dist) < 12)
    plus = level[near & (dist > 6)]
    minus = level[near & (dist < -6)]
    if len(plus) < 10 or len(minus) < 10:
        return None
    if np.median(plus) < np.median(minus):
        normal, dist = -normal, -dist
        plus, minus = minus, plus
    if np.median(minus) > config.shadow_step * np.median(plus):
        return None  # no darker side: no shadow's edge
    half = (float(np.median(plus)) + float(np.median(minus))) / 2
    steps = np.arange(-6.0, 6.5, 0.5)
    lit = [np.mean(level[near & (dist > x)] > half) for x in steps]
    shaded = [np.mean(level[near & (dist <= x)] <= half) for x in steps]
    best = steps[int(np.argmax(np.add(lit, shaded)))]
    return normal, float(normal @ centre + best)


def _principal_axes(pts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The centre of points (rows x, y) and their principal axes (rows: along, across)."""
    centre = pts.mean(axis=0)
    _, _, axes = np.linalg.svd(pts - centre, full_matrices=False)
    return centre, axes


def _side(
    line: tuple[np.ndarray, float],
    shape: tuple[int, int],
    bend: tuple[tuple[float, float], ...] = (),
) -> np.ndarray:
    """Which blocks lie on the sunlit side of a shadow's edge (straight, or bent: :func:`_bend`)."""
    return _distance(line, shape, bend) > 0


def _distance(
    line: tuple[np.ndarray, float],
    shape: tuple[int, int],
    bend: tuple[tuple[float, float], ...] = (),
) -> np.ndarray:
    """Signed distance (mm; positive on the sunlit side) of each 1 mm block from an edge."""
    normal, offset = line
    gy, gx = np.mgrid[0 : shape[0], 0 : shape[1]]
    return _edge_distance(normal, offset, bend, gx, gy)


def grid_units(px: np.ndarray, f: float) -> np.ndarray:
    """Pixel coordinates (``f`` pixels a block) in the 1 mm grid's units, where
    ``cv2.resize`` places the pixel centres."""
    return (px + 0.5) / f - 0.5


def _ramp(d: np.ndarray, width: float) -> np.ndarray:
    """Share of the sunlit light at signed distance ``d`` from an edge ``width`` wide."""
    return np.clip(d / width + 0.5, 0.0, 1.0)


def _fit_edge(
    line: tuple[np.ndarray, float],
    work: np.ndarray,
    clear: np.ndarray,
    flat: np.ndarray,
    lit: np.ndarray,
    shaded: np.ndarray,
    config: ScannerConfig = DEFAULT,
) -> tuple[float, float, tuple[tuple[float, float], ...]]:
    """(offset, width, bend) of the edge in mm, fitted pixel by pixel where it crosses paper
    (bend: see :func:`_bend`).

    Only the pixels can resolve the edge: the 1 mm blocks that straddle it are not smooth
    and so are never taken for paper. Where bare paper lies on both sides of the edge, its
    pixels clear of print are put on a scale from the shaded side's light (0) to the sunlit
    side's (1), which takes out gradients along the edge, and a linear ramp is fitted to the
    median profile across it.
    """
    normal, offset = line
    d = _distance(line, flat.shape)
    # Blocks on the edge with paper 3 mm out on both sides.
    step = np.rint(3.0 * np.asarray(normal)).astype(int)
    both = np.roll(flat, (-step[1], -step[0]), axis=(0, 1)) & np.roll(
        flat, (step[1], step[0]), axis=(0, 1)
    )
    rows, cols = np.nonzero(both & (np.abs(d) < 3.0))
    if len(rows) < 10:
        return float(offset), 1.5, ()
    f = round(PX_PER_MM)
    oy, ox = np.mgrid[0:f, 0:f]
    py = (rows[:, None] * f + oy.ravel()[None, :]).ravel()
    px = (cols[:, None] * f + ox.ravel()[None, :]).ravel()
    ok = (py < work.shape[0]) & (px < work.shape[1])
    py, px = py[ok], px[ok]
    ok = clear[py, px] > 0
    py, px = py[ok], px[ok]
    level = to_linear(work[py, px]).mean(axis=1)
    # Each side's light at those pixels (block grids: block centres at (i + 0.5) / f ...).
    by, bx = np.minimum(py // f, lit.shape[0] - 1), np.minimum(px // f, lit.shape[1] - 1)
    hi, lo = channel_mean(lit)[by, bx, 0], channel_mean(shaded)[by, bx, 0]
    good = hi > 1.15 * lo
    gx, gy = grid_units(px, f), grid_units(py, f)
    dp = normal[0] * gx + normal[1] * gy - offset
    t, dp = ((level - lo) / np.maximum(hi - lo, 1e-6))[good], dp[good]
    bins = np.round(dp / 0.1).astype(int)
    keep = np.abs(bins) <= 25
    if keep.sum() < 50:
        return float(offset), 1.5, ()
    centres = np.unique(bins[keep])
    profile = _medians_by(t, bins, centres)
    x = centres * 0.1
    shifts = np.arange(-1.5, 1.55, 0.05)[:, None, None]
    widths = np.arange(0.3, 4.05, 0.1)[None, :, None]
    err = ((profile - _ramp(x - shifts, widths)) ** 2).sum(axis=2)
    i, j = np.unravel_index(int(np.argmin(err)), err.shape)
    shift, width = float(shifts[i, 0, 0]), float(widths[0, j, 0])
    along = (normal[0] * gy - normal[1] * gx)[good]
    return float(offset) + shift, width, _bend(along, dp - shift, t, width, config)


def _turned(
    normal: np.ndarray,
    offset: float,
    bend: tuple[tuple[float, float], ...],
    shape: tuple[int, int],
    config: ScannerConfig,
) -> tuple[np.ndarray, float] | None:
    """The straight edge turned to the bend's trend: a line through the bend's shifts along
    the edge (least squares), where that line leaves the edge by ``edge_turn_mm`` or more
    somewhere on the sheet (the grid of ``shape``). The strip's blocks give the line's
    direction; where the strip is short beside the edge's length (it crosses a field of
    fills) a small error in it leaves the edge millimetres off where the strip ends, further
    than the bend reaches and where no section has paper on both sides of the line. The
    trend of the sections that do is the direction's error. None: no trend to turn to."""
    if len(bend) < 3:
        return None
    at, shift = np.array(bend, np.float64).T
    slope, base = np.polyfit(at, shift, 1)
    n0, n1 = float(normal[0]), float(normal[1])
    h, w = shape
    ends = np.array([n0 * y - n1 * x for y in (0, h - 1) for x in (0, w - 1)])
    if np.max(np.abs(slope * ends + base)) < config.edge_turn_mm:
        return None
    # d' = d - (base + slope * along), along = n0 y - n1 x, d = n0 x + n1 y - offset.
    a, b = n0 + slope * n1, n1 - slope * n0
    norm = math.hypot(a, b)
    return np.array([a / norm, b / norm]), (offset + base) / norm


def _bend(
    along: np.ndarray, d: np.ndarray, level: np.ndarray, width: float, config: ScannerConfig
) -> tuple[tuple[float, float], ...]:
    """Where a straight shadow falls on curled paper its edge bends: the ramp (``width``)
    fitted again, shift only, on sections along the edge where paper crosses it (``d``: the
    paper pixels' signed distance from the straight edge, ``level`` their light from shaded 0
    to sunlit 1). Sections without paper on both sides are left to their neighbours."""
    out: list[tuple[float, float]] = []
    section = config.bend_section_mm
    steps = np.arange(-config.bend_max_mm, config.bend_max_mm + 0.01, 0.1)[:, None]
    starts = np.arange(float(along.min()), float(along.max()), config.bend_step_mm)
    # Only pixels within 4 mm of the edge count: taken out once (in their order), not per
    # section, and each section's levels gathered once, not per bin.
    near = np.abs(d) <= 4.0
    along, d, level = along[near], d[near], level[near]
    for start in starts:
        sel = (along >= start) & (along < start + section)
        bins = np.round(d[sel] / 0.2).astype(int)
        centres = np.unique(bins)
        if (centres < -3).sum() < 3 or (centres > 3).sum() < 3:
            continue
        section_level = level[sel]
        profile = _medians_by(section_level, bins, centres)
        err = ((profile[None, :] - _ramp(centres[None, :] * 0.2 - steps, width)) ** 2).sum(axis=1)
        out.append((float(start + section / 2), float(steps[int(np.argmin(err)), 0])))
    return tuple(out)


def _medians_by(values: np.ndarray, groups: np.ndarray, centres: np.ndarray) -> np.ndarray:
    """``np.median(values[groups == c])`` for each of ``centres`` (each found in ``groups``),
    from one sort of the values by group: each group's middle value, or the mean of its two
    middle values as ``np.median`` takes it (NaN where the group holds one). A section of a
    shadow's edge has some 36 bins: a median each, over a mask of all its pixels each,
    took most of the edge's fit."""
    order = np.lexsort((values, groups))
    g, v = groups[order], values[order]
    lo = np.searchsorted(g, centres, "left")
    hi = np.searchsorted(g, centres, "right")
    n = hi - lo
    a, b = v[lo + (n - 1) // 2], v[lo + n // 2]
    out = np.where(n % 2 == 1, a, (a + b) / 2)
    out[np.isnan(v[hi - 1])] = np.nan
    return out


@dataclass(frozen=True)
class ShadowEdge:
    """A hard shadow's straight edge across the sheet, in the 1 mm grid's units: blocks with
    ``normal @ (x, y) > offset`` are sunlit, and the light ramps over ``width`` mm from the
    ``shaded`` side's paper colour to the ``lit`` side's (each a grid like the light's)."""

    normal: tuple[float, float]
    offset: float
    width: float
    lit: np.ndarray
    shaded: np.ndarray
    # Where the edge bends (paper curled under a straight shadow): its shift along the normal
    # (mm) at points along it, (along, shift) pairs; none: straight.
    bend: tuple[tuple[float, float], ...] = ()

    def distance(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """Signed distance (mm; positive on the sunlit side) of points in the grid's units
        (:func:`grid_units` of pixel coordinates)."""
        return _edge_distance(self.normal, self.offset, self.bend, x, y)

    def bend_slope(self) -> float:
        """How steeply the bend's shift changes along the edge at most (mm per mm)."""
        if len(self.bend) < 2:
            return 0.0
        at, shift = np.array(self.bend, np.float64).T
        return float(np.max(np.abs(np.diff(shift)) / np.maximum(np.abs(np.diff(at)), 1e-9)))


def _edge_distance(
    normal: tuple[float, float] | np.ndarray,
    offset: float,
    bend: tuple[tuple[float, float], ...],
    x: np.ndarray,
    y: np.ndarray,
) -> np.ndarray:
    """Signed distance (mm; positive on the sunlit side) from an edge, straight or bent
    (:func:`_bend`), of points in the 1 mm grid's units."""
    d = normal[0] * x + normal[1] * y - offset
    if bend:
        at, shift = np.array(bend, np.float32).T
        d = d - np.interp(normal[0] * y - normal[1] * x, at, shift).astype(np.float32)
    return d


@dataclass(frozen=True)
class Light:
    """The colour of bare paper across the sheet (linear BGR, one value per 1 mm block), a
    hard shadow's edge where one was found, and what was measured on the way:
    ``paper_level`` (the paper's brightness in the photo, linear 0..1), ``paper_fraction``
    (the share of blocks taken for paper) and ``clipped_channels`` (B, G, R: the channels
    in which most sure paper is clipped at the camera's white; ``cast_from_ink`` when the
    light's colour was measured on the printed ink, all paper being clipped;
    ``cast_from_paper`` when on unclipped sure paper that agrees with the clipped paper)."""

    grid: np.ndarray
    edge: ShadowEdge | None = None
    paper_level: float = 1.0
    paper_fraction: float = 1.0
    clipped_channels: tuple[str, ...] = ()
    cast_from_ink: bool = False
    cast_from_paper: bool = False
    # Per block, how much darker than paper a pencil can be and still be clipped white in
    # every channel (see :func:`_headroom`); None: not measured.
    headroom: np.ndarray | None = None

    def at(self, shape: tuple[int, int]) -> np.ndarray:
        """The paper colour at every pixel of an image of ``shape`` (rows, columns).

        Interpolated from the grid; across a shadow's edge, which the grid cannot resolve,
        the two sides' light is blended along the fitted ramp, pixel by pixel (only in the
        strip along the edge, a few tens of thousands of pixels)."""
        h, w = shape
        full = cv2.resize(self.grid, (w, h), interpolation=cv2.INTER_LINEAR)
        e = self.edge
        if e is None:
            return full
        f = h / self.grid.shape[0]
        gx = grid_units(np.arange(w, dtype=np.float32), f)
        gy = grid_units(np.arange(h, dtype=np.float32), f)
        reach = e.width / 2 + 2.0
        # The strip is found on a grid of blocks first (the distance at each block's corner,
        # with a margin for how far it can change across the block), then pixel by pixel
        # only in the blocks near it: the distance at every pixel of the page took longer
        # than the rest of the scan's light.
        b = max(1, round(f))
        slope = math.hypot(*e.normal) * (1.0 + e.bend_slope())
        margin = slope * (b - 1) * math.sqrt(2.0) / f
        coarse = np.abs(e.distance(gx[None, ::b], gy[::b, None])) < reach + margin
        near = np.repeat(np.repeat(coarse, b, axis=0), b, axis=1)[:h, :w]
        ys, xs = np.nonzero(near)
        d = e.distance(gx[xs], gy[ys])
        inner = np.abs(d) < reach
        ys, xs, d = ys[inner], xs[inner], d[inner]
        if len(ys) == 0:
            return full
        at = (gx[xs], gy[ys])
        s = _ramp(d, e.width)[:, None]
        full[ys, xs] = _bilinear(e.lit, *at) * s + _bilinear(e.shaded, *at) * (1.0 - s)
        return full


def _bilinear(grid: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``grid`` (rows, columns, 3) interpolated at points (x, y) in its own units, its edge
    values carried on beyond it (as ``cv2.resize`` does)."""
    h, w = grid.shape[:2]
    x = np.clip(x, 0.0, w - 1.0)
    y = np.clip(y, 0.0, h - 1.0)
    x0 = np.minimum(x.astype(np.intp), w - 2) if w > 1 else np.zeros(len(x), np.intp)
    y0 = np.minimum(y.astype(np.intp), h - 2) if h > 1 else np.zeros(len(y), np.intp)
    fx, fy = (x - x0)[:, None], (y - y0)[:, None]
    x1, y1 = np.minimum(x0 + 1, w - 1), np.minimum(y0 + 1, h - 1)
    top = grid[y0, x0] * (1 - fx) + grid[y0, x1] * fx
    bottom = grid[y1, x0] * (1 - fx) + grid[y1, x1] * fx
    return top * (1 - fy) + bottom * fy


def _mend_shadow_edges(
    small: np.ndarray, flat: np.ndarray, est: np.ndarray, band: np.ndarray, config: ScannerConfig
) -> np.ndarray:
    """``est`` with the light along a shadow's edge (``band``, see :func:`_shadow_band`) taken
    from the paper right there: the band's own colour, and for blocks near it, the mean of
    the paper-like blocks round them."""
    size = 2 * config.shadow_reach + 1
    near = cv2.dilate(band.view(np.uint8), np.ones((size, size), np.uint8)) > 0
    own = np.where(three(flat), small, est)
    weight = flat.astype(np.float32)
    num = cv2.boxFilter(own * three(weight), -1, (size, size), normalize=False)
    den = cv2.boxFilter(weight, -1, (size, size), normalize=False)
    local = num / three(np.maximum(den, 1e-6))
    out = est.copy()
    np.copyto(out, local, where=three(near & (den > 0)))
    np.copyto(out, small, where=three(band))
    return np.maximum(out, 1e-3)


def _fine_quantile(
    small: np.ndarray, cand: np.ndarray, where: np.ndarray, out: np.ndarray, config: ScannerConfig
) -> np.ndarray:
    """Where the coarse blocks found too little paper (dense grids of small boxes, where a
    2 mm block rarely falls clear of the lines), the same quantile over 1 mm blocks, for
    those places only: set in ``out``, and the blocks set returned.

    The samples of a block are the blocks every ``fine_stride`` within ``fine_window`` round
    it, those past the grid's edge taken at the edge. Their paper-like ones are counted for
    every block at once, by shifted views of the grid padded with its edge values (the same
    counts as gathering each block's samples, which took most of this function's time: on
    tuning photos most of those blocks have too few); only the blocks with enough are
    gathered and sorted."""
    r = config.fine_window // 2
    offs = np.arange(-r, r + 1, config.fine_stride)
    h, w = cand.shape
    valid = cand > 0.5
    padded = np.pad(valid.view(np.uint8), r, mode="edge")
    count = np.zeros((h, w), np.int32)
    for dy in offs.tolist():
        for dx in offs.tolist():
            count += padded[r + dy : r + dy + h, r + dx : r + dx + w]
    enough = where & (count >= len(offs) ** 2 // 3)
    if not enough.any():
        return enough
    ys, xs = np.nonzero(enough)
    oy, ox = np.meshgrid(offs, offs, indexing="ij")
    yy = np.clip(ys[:, None] + oy.ravel()[None, :], 0, h - 1)
    xx = np.clip(xs[:, None] + ox.ravel()[None, :], 0, w - 1)
    flat = yy * w + xx  # (m, k) flat indices of the samples
    # Blocks that are not paper-like are -inf: they sort first, below any value.
    vals = np.where(valid.reshape(-1)[flat][..., None], small.reshape(-1, 3)[flat], -np.inf)
    out[ys, xs] = _quantile_of_valid(vals.transpose(0, 2, 1), count[ys, xs].astype(np.intp), config)
    return enough


def _block_quantile(
    small: np.ndarray, cand: np.ndarray, b: int, config: ScannerConfig
) -> tuple[np.ndarray, np.ndarray]:
    """(quantile of candidate blocks of b mm in a window round each block, where enough)."""
    h, w = cand.shape
    bh, bw = max(1, h // b), max(1, w // b)
    weight = cv2.resize(cand[: bh * b, : bw * b], (bw, bh), interpolation=cv2.INTER_AREA)
    blocks = cv2.resize(
        (small * three(cand))[: bh * b, : bw * b], (bw, bh), interpolation=cv2.INTER_AREA
    ) / three(np.maximum(weight, 1e-6))
    n = config.quantile_window
    r = n // 2
    win = (n, n)
    valid = weight > 0.5
    # Valid blocks per window, counted by a box filter (zeros beyond the edge).
    count = np.rint(
        cv2.boxFilter(
            valid.astype(np.float32), -1, win, normalize=False, borderType=cv2.BORDER_CONSTANT
        )
    ).astype(int)
    enough = count >= n**2 // 4
    q = np.zeros((bh, bw, 3), np.float32)
    if enough.any():
        # The quantile of the valid values: missing ones are -inf and sort first (no
        # nanpercentile, which loops in Python); only windows with enough are gathered.
        values = np.where(three(valid), blocks, -np.inf)
        padded = np.pad(values, ((r, r), (r, r), (0, 0)), constant_values=-np.inf)
        windows = np.lib.stride_tricks.sliding_window_view(padded, win, axis=(0, 1))
        sel = windows[enough].reshape(-1, 3, n**2)
        q[enough] = _quantile_of_valid(sel, count[enough], config)
    # Blocks cut off at the far edges take their neighbours' values.
    q_full = np.zeros((h // b + (h % b > 0), w // b + (w % b > 0), 3), np.float32)
    ok_full = np.zeros(q_full.shape[:2], bool)
    q_full[:bh, :bw], ok_full[:bh, :bw] = q, enough
    q_full[bh:, :] = q_full[bh - 1 : bh, :]
    q_full[:, bw:] = q_full[:, bw - 1 : bw]
    ok_full[bh:, :] = ok_full[bh - 1 : bh, :]
    ok_full[:, bw:] = ok_full[:, bw - 1 : bw]
    return q_full, ok_full


def _quantile_of_valid(values: np.ndarray, count: np.ndarray, config: ScannerConfig) -> np.ndarray:
    """The ``paper_quantile`` of each row's valid values, shape (n, 3), from ``values`` (n, 3, k)
    whose ``count`` (n) valid values are finite and the rest -inf (which sort first). (A
    full sort: numpy's partial sort, per group of rows of one count, was measured slower
    on rows this short.)"""
    ordered = np.sort(values, axis=2)
    k = (
        values.shape[2]
        - count
        + np.floor(config.paper_quantile / 100 * (count - 1) + 0.5).astype(int)
    )
    return np.take_along_axis(ordered, k[:, None, None].repeat(3, axis=1), axis=2)[..., 0]


def _window_means(small: np.ndarray, cand: np.ndarray, where: np.ndarray, out: np.ndarray) -> None:
    """Mean paper colour round each block of ``where``, from the finest window with enough
    paper in it, set in ``out``."""
    todo = where.copy()
    weighted = small * three(cand)
    for size in (5, 11, 25, 61, 151):
        den = cv2.boxFilter(cand, -1, (size, size), borderType=cv2.BORDER_REFLECT)
        num = cv2.boxFilter(weighted, -1, (size, size), borderType=cv2.BORDER_REFLECT)
        enough = (den > 0.1) & todo
        np.divide(num, three(den), out=out, where=three(enough))
        todo &= ~enough
        if not todo.any():
            return
    out[todo] = np.median(small[cand > 0], axis=0) if cand.any() else 1.0
