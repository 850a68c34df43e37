"""Synthetic Arp lines for the bare-piece tests: each line has a blue fill (space 0) on one
side and paper on the other, and is traced in blue or left bare. How the fill's pencil
reaches the printed core and the band beside it is the test's own model (``fill_px``), so
each test states the physics it checks."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from artsheets.scanner.lines import LineFit, fit_lines

from .test_lines import BLUE, RED, _layer

COLOURS = {1: RED, 2: BLUE}

# (rng, side, mm from the line's centre) -> the reflectance of a pixel before the printed
# grey and the trace: side 0 is the fill's, side -1 the paper's.
FillPixel = Callable[[np.random.Generator, int, float], np.ndarray]


def fill_beside_sheet(
    traced: list[bool], fill_px: FillPixel, seed: int, length: int = 20
) -> dict[int, LineFit]:
    """Fit lines 0, 1, ... (``traced``: which carry a blue trace), pixels at 0.1 mm (the
    printed core) and 0.5 mm (the band beside it) on both sides."""
    rng = np.random.default_rng(seed)
    refl, dist, host, owner = [], [], [], []
    for line, trace in enumerate(traced):
        for side in (0, -1):
            for mm, n in ((0.1, 2 * length), (0.5, 4 * length)):
                for _ in range(n):
                    px = fill_px(rng, side, mm)
                    if mm < 0.3:
                        px = px * rng.uniform(0.4, 0.6)  # the printed grey
                    if trace:
                        px = px * _layer(BLUE, rng.uniform(0.5, 1.0))
                    refl.append(px)
                    dist.append(mm)
                    host.append(side)
                    owner.append(line)
    return fit_pixels(rng, refl, dist, host, owner, {0: _layer(BLUE, 0.75)}, {0: 2})


def fit_pixels(
    rng: np.random.Generator,
    refl: list[np.ndarray],
    dist: list[float],
    host: list[int],
    owner: list[int],
    fill: dict[int, np.ndarray],
    fill_colours: dict[int, int | None],
) -> dict[int, LineFit]:
    """Synthetic pixels (reflectance, mm from their line's centre, space, line) with the
    camera's noise added, fitted as the scanner fits its lines (keys ``COLOURS``)."""
    pixels = np.clip(np.array(refl) + rng.normal(0, 0.01, (len(refl), 3)), 0, 1.2)
    return fit_lines(
        pixels,
        np.array(owner, np.int64),
        np.array(dist, np.float32),
        np.array(host),
        fill,
        COLOURS,
        max(owner) + 1,
        fill_colours=fill_colours,
    )
