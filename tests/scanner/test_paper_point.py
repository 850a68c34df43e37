"""The paper's level in channels clipped at the camera's white, re-fitted to where the fills
point (``scanner/paperpoint.py``): with the paper set too bright in its clipped channels
(the light's colour extrapolated from the printed ink), close pale keys' fills lie on one
another's curves; the fills' own pressure lines tell the paper's level, and read again
under it they read as their own keys. Where the light is right, or nothing clipped, it
stands."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from artsheets.scanner.colours import Palette, classify, style_of
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.light import CLIPPED_LINEAR, Light
from artsheets.scanner.paperpoint import fit_paper_point, least_factors

from .fakes import region_stats, unmarked_sheet


def _linear(lab: tuple[float, float, float]) -> np.ndarray:
    """Linear BGR of a CIELAB colour."""
    px = np.array(lab, np.float32).reshape(1, 1, 3)
    return cv2.cvtColor(px, cv2.COLOR_Lab2LBGR).reshape(3).astype(np.float64)


# Four keys, three of them close pale warm colours (peach, salmon, pink) and a grey-mauve,
# relative to the true paper.
KEYS = {
    1: _linear((68.0, 7.0, 0.5)),
    2: _linear((65.0, 26.5, 4.5)),
    3: _linear((75.0, 25.0, -11.5)),
    4: _linear((77.0, 12.0, 8.5)),
}
PRESSURES = (0.35, 0.45, 0.55, 0.65, 0.8, 1.0)
# The paper in G and R is clipped; its level there as the light extrapolated it, over the
# true level (the photo's paper just above the clip).
TRUE_PAPER = np.array([0.75, 0.96, 0.96])
OVER = np.array([1.0, 1.2, 1.3])


def _sheet(over: np.ndarray):
    """A Vasarely sheet with each key's fills at every pressure, every colour measured
    against a paper ``over`` times too bright per channel: the template, the statistics,
    the palette as its swatches read, the fills' indices and their true colours."""
    tpl, mean, ink = unmarked_sheet("vasarely")
    regions = tpl.masks.regions
    spaces = [
        j
        for j, r in enumerate(regions)
        if r.kind == "space" and style_of(r.kind, None, False, DEFAULT) is DEFAULT.fill
    ]
    fills, truth = [], []
    for (k, key), j in zip(
        [(k, key) for k, key in KEYS.items() for _ in PRESSURES], spaces, strict=False
    ):
        t = PRESSURES[len([c for c in truth if c == k])]
        mean[j] = (1.0 - t * (1.0 - key)) / over
        ink[j] = 240.0
        fills.append(j)
        truth.append(k)
    palette = Palette(
        colours={k: (key / over).astype(np.float32) for k, key in KEYS.items()},
        source=dict.fromkeys(KEYS, "key"),
    )
    return tpl, region_stats(ink, mean), palette, fills, truth


def _light(over: np.ndarray, clipped: tuple[str, ...] = ("G", "R")) -> Light:
    return Light(
        grid=np.broadcast_to(TRUE_PAPER * over, (30, 21, 3)).astype(np.float32),
        clipped_channels=clipped,
        cast_from_ink=True,
    )


def _misread(over: np.ndarray) -> int:
    """How many of the fills the reading step reads as another key, measured against a
    paper ``over`` times too bright."""
    tpl, stats, palette, fills, truth = _sheet(over)
    out = classify(stats, palette, tpl, False, config=DEFAULT)
    return sum(out[j].color != k for j, k in zip(fills, truth, strict=True))


def test_fills_point_at_the_paper_of_the_clipped_channels() -> None:
    light = _light(OVER)
    tpl, stats, palette, _, _ = _sheet(OVER)
    fitted = fit_paper_point(light, stats, palette, tpl.masks.regions, False, DEFAULT)
    assert fitted is not None
    factor = np.median(fitted.grid.reshape(-1, 3), axis=0) / np.median(
        light.grid.reshape(-1, 3), axis=0
    )
    # The paper's true level over the extrapolated one: 1 / OVER, within a step's reach.
    assert abs(factor[0] - 1.0) < 1e-6
    assert np.allclose(factor[1:], 1.0 / OVER[1:], atol=0.03)
    # Read against the paper set too bright, pale fills read as a close key; against the
    # fitted paper (every colour measured again under it), each reads as its own.
    assert _misread(OVER) >= 3
    assert _misread(OVER * factor) == 0


def test_the_light_stands_where_the_fills_agree_with_it_or_nothing_clipped() -> None:
    right = np.ones(3)
    tpl, stats, palette, _, _ = _sheet(right)
    regions = tpl.masks.regions
    assert fit_paper_point(_light(right), stats, palette, regions, False, DEFAULT) is None
    tpl, stats, palette, _, _ = _sheet(OVER)
    assert fit_paper_point(_light(OVER, ()), stats, palette, regions, False, DEFAULT) is None
    off = replace(DEFAULT, paper_point_steps=())
    assert fit_paper_point(_light(OVER), stats, palette, regions, False, off) is None


def test_the_paper_is_never_taken_below_the_clip() -> None:
    grid = np.broadcast_to(np.array([0.7, 1.2, 0.9]), (4, 4, 3)).astype(np.float32)
    least = least_factors(grid, [1, 2])
    assert abs(least[1] * 1.2 - CLIPPED_LINEAR) < 1e-6
    assert least[2] == 1.0  # already under the clip: no room
