"""A fill is compared with key swatches under the same light: a light cast measured on paper
less brightly lit (overexposed paper) widens the scatter of lines, strokes and ticks, not a
fill's."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.colours import Palette, Reading, _classify_once
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.pipeline import _doubt_the_cast

from .fakes import one_fill

KEYS = {1: (0.30, 0.35, 0.80), 2: (0.30, 0.50, 0.80)}  # linear BGR: red, orange
NEAR_1 = tuple(0.8 * a + 0.2 * b for a, b in zip(KEYS[1], KEYS[2], strict=True))


def _read(palette: Palette) -> Reading:
    tpl, styles, i, stats = one_fill("springer", np.array(NEAR_1))
    return _classify_once(stats, {DEFAULT.fill: palette}, tpl, styles, None)[i]


def _palette() -> Palette:
    return Palette(colours={k: np.array(c) for k, c in KEYS.items()})


def test_a_cast_measured_on_paper_widens_lines_not_fills() -> None:
    palette = _palette()
    _doubt_the_cast(palette, ("B",), from_ink=False, from_paper=DEFAULT.clipped_paper_spread)
    assert palette.spread == DEFAULT.clipped_paper_spread > 1.0
    assert palette.fill_spread == 1.0
    assert _read(palette) == _read(_palette())


def test_a_cast_not_measured_at_all_widens_fills_too() -> None:
    palette = _palette()
    _doubt_the_cast(palette, ("B", "G"), from_ink=False)
    assert palette.fill_spread == palette.spread > 1.0
    doubted, sharp = _read(palette), _read(_palette())
    assert doubted.color == sharp.color == 1
    assert doubted.loglik[2] > sharp.loglik[2]  # colour 2 less unlikely: a wider scatter
