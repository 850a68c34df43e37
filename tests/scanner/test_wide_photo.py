"""Measurements that adapt to the photo: a thumb on overexposed paper, ticks a small or
grainy photo renders thin (colours.photo_tick, colours._doubt_dark_boxes)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from artsheets.scanner.colours import Reading, RegionStats, _doubt_dark_boxes, photo_tick
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.light import light_field, to_linear
from artsheets.scanner.template import PX_PER_MM, template_for

from .simulator import sheet_for

WARM = np.array([0.9, 1.3, 1.5], np.float32)  # BGR: paper clipped in green and red
SKIN = np.array([0.26, 0.41, 0.75], np.float32)  # a thumb, unclipped


def _overexposed(tpl: object) -> np.ndarray:
    """The sheet's page (8-bit sRGB) under a warm light bright enough to clip the paper in
    green and red, with a thumb over 22 x 50 mm of its right margin."""
    page = to_linear(tpl.gray).astype(np.float32)  # type: ignore[attr-defined]
    lin = np.minimum(page[..., None] * WARM, 1.0)
    f = round(PX_PER_MM)
    lin[100 * f : 150 * f, page.shape[1] - 22 * f :] = SKIN
    s = np.where(lin <= 0.0031308, lin * 12.92, 1.055 * lin ** (1 / 2.4) - 0.055)
    return np.round(s * 255).astype(np.uint8)


def test_a_thumb_on_clipped_paper_lends_the_light_no_colour() -> None:
    """The paper clipped in green and red, the thumb was the only unclipped "paper" and kept
    the clipped paper's lower bounds: the light took its colour (red over blue 2.9 where the
    light's is 1.7) and every colour read bluer. The printed ink, neutral, says the thumb is
    coloured: the light's colour comes from the ink."""
    tpl = template_for(sheet_for("delaunay").sheet_code)
    light = light_field(_overexposed(tpl), tpl)
    grid = light.grid.reshape(-1, 3)
    ratio = float(np.median(grid[:, 2] / np.maximum(grid[:, 0], 1e-3)))
    truth = float(WARM[2] / WARM[0])
    assert abs(ratio / truth - 1.0) < 0.1, ratio
    assert light.cast_from_ink


def _stats(cov: np.ndarray, dark: np.ndarray) -> RegionStats:
    n = np.full(len(cov), 100.0)
    zeros = np.zeros((len(cov), 3))
    return RegionStats(
        n=n,
        ink=cov * n,
        mean=zeros + 1.0,
        tint=np.zeros((len(cov), 2)),
        seen=np.ones(len(cov)),
        line_px=np.zeros(0, np.int64),
        line_refl=np.zeros((0, 3)),
        dark=dark,
    )


def test_ticks_a_photo_renders_thin_scale_the_tick_thresholds() -> None:
    tick = DEFAULT.tick
    styles = [tick] * 20 + [DEFAULT.fill]
    thin = _stats(np.r_[np.full(12, 0.705), np.zeros(8), 1.0], np.zeros(21))
    scaled = photo_tick(thin, styles, DEFAULT)
    assert scaled.on == pytest.approx(tick.on * 0.75)
    assert scaled.blank == pytest.approx(tick.blank * 0.75)
    sharp = _stats(np.r_[np.full(12, 0.97), np.zeros(8), 1.0], np.zeros(21))
    assert photo_tick(sharp, styles, DEFAULT) is tick
    few = _stats(np.r_[np.full(5, 0.47), np.zeros(15), 1.0], np.zeros(21))
    assert photo_tick(few, styles, DEFAULT) is tick  # too few ticks to measure a photo by
    off = replace(DEFAULT, tick_full_cover=0.705)
    assert photo_tick(thin, styles, off) is off.tick


def test_outlines_a_copy_darkens_are_no_ticks_to_scale_by() -> None:
    """A sheet with no tick, in a small overexposed copy: the copy darkens the boxes' printed
    outlines, most to 14 % of a box, the darkest 14 to 36 %, and those are counted as the
    photo's ticks. Scaled by them, a box covered 14 % read ticked; under
    ``tick_scale_min_cover`` they are no ticks and the thresholds are kept."""
    tick = DEFAULT.tick
    styles = [tick] * 40 + [DEFAULT.fill]
    outlines = _stats(np.r_[np.full(14, 0.36), np.full(26, 0.14), 1.0], np.zeros(41))
    assert photo_tick(outlines, styles, DEFAULT) is tick
    scaled = photo_tick(outlines, styles, replace(DEFAULT, tick_scale_min_cover=0.0))
    assert scaled.on < 0.14  # as before: every outline read ticked


def test_a_box_read_blank_but_darkened_like_a_tick_is_doubted() -> None:
    """Twelve ticks darkening their boxes by 10 (CIELAB); of the boxes read blank, one
    darkened by 3 (a tick thinner than a pixel) goes to review, one by 0.5 stays sure."""
    tick = DEFAULT.tick
    cov = np.r_[np.full(12, 0.8), 0.0, 0.0]
    dark = np.r_[np.full(12, 10.0), 3.0, 0.5]
    stats = _stats(cov, dark)
    out = [Reading(1, 1.0, 0.8)] * 12 + [Reading(None, 1.0, 0.0), Reading(None, 1.0, 0.0)]
    _doubt_dark_boxes(out, stats, [tick] * 14, tick, DEFAULT)
    assert out[12].reason is not None and out[12].confidence < 0.8
    assert out[13].reason is None and out[13].confidence == 1.0
    assert all(rd.reason is None for rd in out[:12])
