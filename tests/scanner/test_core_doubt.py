"""A fill whose core is covered between a bare core's and a sure one's is in doubt, however
much of its rim is covered: a neighbour's felt tip bleeds over the rim, now and then past
the core's edge."""

from __future__ import annotations

import numpy as np
import pytest

from artsheets.scanner.colours import Palette, _classify_once, style_of
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.template import template_for

from .fakes import region_stats
from .simulator import sheet_for

KEY = (0.30, 0.35, 0.80)  # linear BGR: a red pencil


def _confidence(core_pencil: float, config: ScannerConfig) -> tuple[int | None, float]:
    """The reading of a Springer space 0.3 covered (240 pixels, 72 of them pencil) whose
    core of 100 pixels holds ``core_pencil`` of pencil."""
    tpl = template_for(sheet_for("springer").sheet_code)
    regions = tpl.masks.regions
    styles = [style_of(r.kind, r.extra.get("role"), False) for r in regions]
    i = next(j for j, st in enumerate(styles) if st is DEFAULT.fill)
    n = len(regions)
    ink, mean = np.zeros(n), np.ones((n, 3))
    core_n, core_ink = np.zeros(n), np.zeros(n)
    ink[i], mean[i], core_n[i], core_ink[i] = 72.0, KEY, 100.0, core_pencil
    stats = region_stats(ink, mean, core_n=core_n, core_ink=core_ink)
    palette = Palette(colours={1: np.array(KEY), 2: np.array((0.75, 0.45, 0.25))})
    read = _classify_once(stats, {DEFAULT.fill: palette}, tpl, styles, None, config=config)[i]
    return read.color, read.confidence


@pytest.mark.parametrize("core_pencil", [10.9, 12.6, 14.0])
def test_a_rim_covered_fill_whose_core_is_in_between_is_in_doubt(core_pencil: float) -> None:
    colour, confidence = _confidence(core_pencil, DEFAULT)
    assert colour == 1 and confidence < DEFAULT.review_below
    # Without the core's doubt the rim's coverage states it surely coloured.
    _, before = _confidence(core_pencil, ScannerConfig(fill_core_doubt=False))
    assert before >= DEFAULT.review_below


def test_a_fill_whose_core_is_covered_surely_stays_sure() -> None:
    colour, confidence = _confidence(30.0, DEFAULT)  # a scribble reaching the core
    assert colour == 1 and confidence >= DEFAULT.review_below
