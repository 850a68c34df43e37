"""Hand-made measurements for unit tests of the reading step: the region statistics the
measurement would give, without a photo."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.colours import RegionStats


def region_stats(
    ink: np.ndarray,
    mean: np.ndarray,
    pixels: float = 240.0,
    core_n: np.ndarray | None = None,
    core_ink: np.ndarray | None = None,
) -> RegionStats:
    """Statistics of ``len(ink)`` regions of ``pixels`` measured pixels each, ``ink`` of them
    pencil of mean colour ``mean`` (linear BGR), fully seen, no traced-line pixels; with a
    core (pixels, pencil pixels) where given."""
    n = len(ink)
    return RegionStats(
        n=np.full(n, pixels),
        ink=np.asarray(ink, dtype=float),
        mean=mean,
        tint=np.zeros((n, 2)),
        seen=np.ones(n),
        line_px=np.zeros(0, np.int64),
        line_refl=np.zeros((0, 3)),
        core_n=core_n,
        core_ink=core_ink,
    )
