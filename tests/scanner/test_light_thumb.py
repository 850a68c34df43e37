"""A thumb holding the sheet down on its margin, on paper lit normally (nothing clipped)."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.light import light_field, reflectance, to_linear
from artsheets.scanner.template import PX_PER_MM, template_for

from .simulator import sheet_for


def _thumbed(tpl: object, thumb: bool) -> np.ndarray:
    """The sheet's page (8-bit sRGB) under a neutral light at 0.8 of white, with a thumb
    (skin, unclipped) over 22 mm of its right margin."""
    page = to_linear(tpl.gray).astype(np.float32)  # type: ignore[attr-defined]
    lin = page[..., None] * np.full(3, 0.8, np.float32)
    if thumb:
        w = page.shape[1]
        f = round(PX_PER_MM)
        lin[100 * f : 150 * f, w - 22 * f :] = np.array([0.26, 0.41, 0.75], np.float32)  # BGR
    s = np.where(lin <= 0.0031308, lin * 12.92, 1.055 * lin ** (1 / 2.4) - 0.055)
    return np.round(s * 255).astype(np.uint8)


def test_a_thumb_on_the_margin_lends_the_paper_near_it_no_colour() -> None:
    """The margins are sure paper, and a thumb lying on one was taken for paper: the paper's
    tint, smoothed over 61 mm, took its orange, and blank paper beside it read blue (b* -9,
    a Mondrian space under it read coloured). Sure paper coloured against the paper is left
    out: blank paper next to the thumb reads white."""
    tpl = template_for(sheet_for("mondrian").sheet_code)
    h, w = tpl.shape
    f = round(PX_PER_MM)
    blank = (tpl.clear > 0) & (tpl.gray > 250)
    near = np.zeros((h, w), bool)
    near[95 * f : 155 * f, w - 45 * f : w - 23 * f] = True  # paper beside the thumb
    for thumb in (False, True):
        work = _thumbed(tpl, thumb)
        refl = reflectance(work, light_field(work, tpl))[blank & near]
        spread = np.percentile(refl.max(axis=1) - refl.min(axis=1), 90)
        assert spread < 0.03, (thumb, spread)
