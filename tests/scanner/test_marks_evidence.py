"""A fill's, tick's or symbol's evidence for the colours beyond its runner-up is its mark
style's own measured log-likelihood, not a fixed step past the runner-up."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from artsheets.scanner.colours import Palette, _classify_once, style_of
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.evidence import evidence_of
from artsheets.scanner.template import template_for

from .fakes import region_stats
from .simulator import sheet_for

# Linear BGR: red and orange (close), and a blue far from both.
KEYS = {1: (0.30, 0.35, 0.80), 2: (0.30, 0.50, 0.80), 3: (0.80, 0.45, 0.25)}


def _evidence(mark_loglik: bool) -> object:
    tpl = template_for(sheet_for("springer").sheet_code)
    regions = tpl.masks.regions
    styles = [style_of(r.kind, r.extra.get("role"), False) for r in regions]
    i = next(j for j, st in enumerate(styles) if st is DEFAULT.fill)
    mean = np.ones((len(regions), 3))
    mean[i] = tuple(0.6 * a + 0.4 * b for a, b in zip(KEYS[1], KEYS[2], strict=True))
    ink = np.zeros(len(regions))
    ink[i] = 240.0
    palette = Palette(colours={k: np.array(c) for k, c in KEYS.items()})
    config = replace(DEFAULT, mark_loglik=mark_loglik)
    reading = _classify_once(
        region_stats(ink, mean), {config.fill: palette}, tpl, styles, None, config=config
    )[i]
    assert reading.color == 1 and reading.runner_up == 2
    return evidence_of(reading, KEYS, config)


def test_a_colour_far_from_the_mark_costs_what_its_model_measures() -> None:
    measured, stepped = _evidence(True), _evidence(False)
    # The runner-up is as close either way; the far blue is no longer one step past it.
    assert measured.against(2) == stepped.against(2)
    assert stepped.against(3) == stepped.against(2) + DEFAULT.beyond_second_logodds
    assert measured.against(3) > 10 * stepped.against(3)
