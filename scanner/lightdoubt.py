"""Review of fills read surely across a hard shadow's edge whose pencil covers little of them.

A hard shadow's straight edge (``light.ShadowEdge``) is fitted where the paper's light steps
across the sheet; the light model blends the two sides over the fitted ramp, and a space
that the edge crosses holds paper lit on one side and shaded on the other. Where the fitted
edge lies a little off the true one, the shaded strip of a blank space reads darker than
its paper: a neutral grey, close to a dull key, over the part of the space near the edge.
Its core holds that grey, so the reading can be sure although little of the space is
covered (a fill's coverage is the share of its pixels darker than paper). Such a space was
read surely in a dull key and left out of review (benchmarks/RESULTS.md, "Fills and keys
across a hard shadow's fitted edge"; this rule's figures: "Wrong regions left out of review on
new seeds; fills little covered across a shadow's edge").

A space, key or triangle read in a colour, surely (at ``review_below`` or more) and left out
of review, whose measurement pixels lie on both sides of the fitted edge and whose coverage
is under ``shadow_edge_cover`` of the sheet's own sure fills' (their median) goes to review
after solving, blank second; its reading and confidence are kept. The light states the doubt
(the edge crosses the region), the pixels the rest (how much of it is coloured against how
much the sheet's players cover): a player's fill covers about what his others do, a shaded
strip only the part near the edge. The sheet's own fills set the scale, for a game's marks
(Synch's) or a hurried scribble cover a third of a space or less on every space alike.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.light import Light, grid_units
from artsheets.scanner.regions import RegionMasks

__all__ = ["ACROSS_EDGE", "doubt_across_edge"]

FILLED = frozenset({"space", "key", "triangle"})

ACROSS_EDGE = (
    "a shadow's edge crosses it and only {cover:.0%} of it is coloured (the sheet's fills "
    "{usual:.0%}): the shaded part of bare paper can look like a dull colour"
)


def doubt_across_edge(
    readings: dict[str, Reading],
    light: Light,
    masks: RegionMasks,
    shape: tuple[int, ...],
    config: ScannerConfig,
) -> int:
    """Send to review, in place, the fills read surely across the light's fitted shadow edge
    whose coverage is under ``config.shadow_edge_cover`` of the median over the sheet's sure
    fills (see the module's docstring).
    ``shape``: the rectified image's (rows, columns), in whose pixels ``masks`` lie. Returns
    how many were sent."""
    edge = light.edge
    if edge is None or config.shadow_edge_cover <= 0:
        return 0
    width = int(shape[1])
    f = shape[0] / light.grid.shape[0]
    sure = [
        (i, rd)
        for i, reg in enumerate(masks.regions)
        if reg.kind in FILLED
        and (rd := readings.get(reg.id)) is not None
        and rd.sure(config.review_below)
    ]
    if not sure:
        return 0
    usual = float(np.median([rd.coverage for _, rd in sure]))
    least = config.shadow_edge_cover * usual
    sent = 0
    for i, rd in sure:
        if rd.coverage >= least:
            continue
        px = masks.pixels[masks.starts[i] : masks.starts[i + 1]]
        if len(px) == 0:
            continue
        y, x = np.divmod(px, width)
        d = edge.distance(grid_units(x.astype(np.float32), f), grid_units(y.astype(np.float32), f))
        if d.min() < 0.0 < d.max():
            why = ACROSS_EDGE.format(cover=rd.coverage, usual=usual)
            readings[masks.regions[i].id] = replace(rd, runner_up=None).doubted(rd.confidence, why)
            sent += 1
    return sent
