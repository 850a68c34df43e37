"""A faint grey fill taken for paper lights itself; beside a hard shadow too, each side's
drawing is tested against that side's own sure paper."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from artsheets.scanner.config import DEFAULT
from artsheets.scanner.light import light_field, to_linear
from artsheets.scanner.template import PX_PER_MM, template_for

from .fakes import largest_space
from .simulator import sheet_for


def _grey_photo(page: np.ndarray) -> np.ndarray:
    """A rectified photo (8-bit sRGB, three equal channels) of a grey page in linear light."""
    s = np.where(page <= 0.0031308, page * 12.92, 1.055 * page ** (1 / 2.4) - 0.055)
    return np.repeat(np.round(s * 255).astype(np.uint8)[..., None], 3, axis=2)


@pytest.mark.parametrize("repaper_sides", [True, False])
def test_a_smooth_grey_fill_beside_a_hard_shadow_is_not_taken_for_paper(
    repaper_sides: bool,
) -> None:
    """Mondrian's largest space filled in flat grey (30 % darker than paper, no grain), on
    the sunlit side of a hard shadow across the sheet's far corner: it is lit by the sunlit
    paper round the drawing, not by itself (``repaper_sides``; without it, by itself)."""
    tpl = template_for(sheet_for("mondrian").sheet_code)
    masks = tpl.masks
    big = largest_space(masks)
    h, w = tpl.shape
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32) / PX_PER_MM
    ax, ay = (float(v) / PX_PER_MM for v in masks.anchors[big])
    # A straight edge 60 mm beyond the space's anchor, slanted, the far side in shade.
    d = ((xs - ax) + 0.3 * (ys - ay) - 60.0) / np.hypot(1.0, 0.3)
    light = np.where(d > 0, 0.4, 0.8).astype(np.float32)
    page = to_linear(tpl.gray) * light
    inside = np.zeros(tpl.shape, np.uint8)
    cv2.fillPoly(inside, [np.round(masks.outlines[big]).astype(np.int32)], 1)
    page[inside > 0] *= 0.7  # the fill: 30% darker than paper, perfectly smooth
    config = replace(DEFAULT, repaper_sides=repaper_sides)
    got = light_field(_grey_photo(page), tpl, config=config)
    assert got.edge is not None  # the shadow's edge was fitted
    f = round(PX_PER_MM)
    x, y = (int(v) // f for v in masks.anchors[big])
    lit = got.grid[y, x].max()
    assert (lit == pytest.approx(0.8, rel=0.05)) == repaper_sides, lit
