"""A scribbled sheet does not bleed: a sliver whose scribble lies in its tip keeps its whole
measurement there, while on a sheet filled whole (felt tip) the same rim is a neighbour's
bleed and the fill is measured on its bare core."""

from __future__ import annotations

import numpy as np
import pytest

from artsheets.scanner.colours import FILL, scribbled, style_of, without_bleed
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.template import template_for

from .fakes import region_stats
from .simulator import sheet_for

PIXELS = 2000.0
CORE = 600.0


def _sheet(whole: float, coloured: int):
    """The Delaunay sheet's template and stats: ``coloured`` fills (keys aside) with a core
    covered 0.6 and ``whole`` of their pixels covered, one sliver fill whose colour lies in
    its rim only (0.16 whole, its core 0.01), every other region bare; and the sliver's
    index."""
    tpl = template_for(sheet_for("delaunay").sheet_code)
    regions = tpl.masks.regions
    fills = [
        i
        for i, r in enumerate(regions)
        if style_of(r.kind, r.extra.get("role"), False) is FILL and r.kind != "key"
    ]
    assert len(fills) > coloured + 1
    ink = np.zeros(len(regions))
    core_ink = np.zeros(len(regions))
    for i in fills[:coloured]:
        ink[i], core_ink[i] = whole * PIXELS, 0.6 * CORE
    sliver = fills[coloured]
    ink[sliver], core_ink[sliver] = 0.16 * PIXELS, 0.01 * CORE
    stats = region_stats(
        ink,
        np.ones((len(regions), 3)),
        pixels=PIXELS,
        core_n=np.full(len(regions), CORE),
        core_ink=core_ink,
    )
    return tpl, stats, sliver


@pytest.mark.parametrize(
    ("whole", "coloured", "sliver_coverage"),
    [
        (0.45, 40, 0.16),  # scribbled: the sliver's tip scribble counts, whole
        (0.98, 40, 0.01),  # filled whole (felt tip): the rim is bleed, the core counts
        (0.45, DEFAULT.scribbled_min_fills - 1, 0.01),  # too few fills to tell: as felt tip
    ],
)
def test_a_slivers_tip_scribble_counts_only_on_a_scribbled_sheet(
    whole: float, coloured: int, sliver_coverage: float
) -> None:
    tpl, stats, sliver = _sheet(whole, coloured)
    out = without_bleed(stats, tpl, False, DEFAULT)
    assert out.coverage[sliver] == pytest.approx(sliver_coverage)


def test_a_sheet_is_scribbled_by_its_share_of_fills_covered_whole() -> None:
    tpl, stats, _ = _sheet(0.45, 40)
    regions = tpl.masks.regions
    fill = np.array([r.kind != "key" for r in regions])
    assert scribbled(stats, fill)
    # Half of them covered whole: no longer under the share.
    idx = np.flatnonzero((stats.core_ink / stats.core_n) >= 0.5)
    stats.ink[idx[: len(idx) // 2]] = 0.95 * PIXELS
    assert not scribbled(stats, fill)
