"""The measurement model's answers to felt-tip bleed and small photos, unit by unit."""

from __future__ import annotations

import numpy as np
import pytest

from artsheets.scanner.colours import FILL, RegionStats, style_of, without_bleed
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.lines import pixels_per_sample
from artsheets.scanner.template import template_for

from .fakes import region_stats
from .simulator import sheet_for


def test_a_fills_pixels_know_how_far_in_they_lie() -> None:
    # Klee's cells are 11 mm squares: measured from 0.8 mm in to 5.5 mm (the centre).
    tpl = template_for(sheet_for("klee").sheet_code)
    m = tpl.masks
    i = next(j for j, r in enumerate(m.regions) if r.kind == "space")
    edge = m.edge_mm[m.starts[i] : m.starts[i + 1]]
    assert edge.min() >= DEFAULT.region_erode_mm - 0.2
    assert 5.0 <= edge.max() <= 5.8
    segment = (
        next(j for j, r in enumerate(m.regions) if r.kind == "segment")
        if any(r.kind == "segment" for r in m.regions)
        else None
    )
    assert segment is None or (m.edge_mm[m.starts[segment] : m.starts[segment + 1]] < 0).all()


def _stats(n: int, ink: float, core_n: float, core_ink: float) -> RegionStats:
    return region_stats(
        np.full(n, ink),
        np.ones((n, 3)),
        pixels=2000.0,
        core_n=np.full(n, core_n),
        core_ink=np.full(n, core_ink),
    )


@pytest.mark.parametrize(
    ("core_n", "core_ink", "coverage"),
    [
        (1500.0, 30.0, 0.02),  # colour in the rim only: a neighbour's bleed, the core counts
        (1500.0, 120.0, 0.08),  # bleed a little deeper than the core's edge: still the core
        (1500.0, 300.0, 0.15),  # colour in the core too: a scribble; the whole region counts
        (30.0, 0.0, 0.15),  # a core too small to judge by: the whole region counts
    ],
)
def test_a_fill_with_a_bare_core_is_measured_on_it(
    core_n: float, core_ink: float, coverage: float
) -> None:
    tpl = template_for(sheet_for("springer").sheet_code)
    regions = tpl.masks.regions
    stats = without_bleed(
        _stats(len(regions), 300.0, core_n, core_ink), tpl, False, ScannerConfig(core_pixels=40)
    )
    fills = [
        i for i, r in enumerate(regions) if style_of(r.kind, r.extra.get("role"), False) is FILL
    ]
    others = [i for i in range(len(regions)) if i not in fills]
    assert np.allclose(stats.coverage[fills], coverage)
    assert np.allclose(stats.coverage[others], 0.15)  # ticks, strokes: as measured


def test_a_small_photo_has_fewer_colour_samples_per_working_pixel() -> None:
    per = DEFAULT.line_pixels_per_sample
    assert pixels_per_sample(0.05) == per
    assert pixels_per_sample(0.05, 10.0) == per  # sharp and large enough
    assert pixels_per_sample(0.05, 2.5) == pytest.approx(9 * per)  # 7.5 / 2.5 squared
    # Blur thins the samples as ``line_blur_power`` says: by default along the line only.
    assert pixels_per_sample(0.4, 10.0) == pytest.approx(4 * per)
    blurred = ScannerConfig(line_blur_power=1.0)
    assert pixels_per_sample(0.4, 5.0, blurred) == pytest.approx(16 * per)
