"""Calibration: a region's raw confidence -> the probability that its reading is right.

The measurement's confidences are ramps and caps, ordered (higher is surer) but not
probabilities. Fitted on the tuning seeds' regions (raw confidence, right or wrong) by
isotonic regression (pool adjacent violators: the best non-decreasing fit), the map is kept as
a few knots in :attr:`ScannerConfig.calibration` and interpolated between. The benchmark
prints the reliability table (:func:`reliability`) on held-out seeds: of regions reported at
0.9, about 90 % should be right.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

__all__ = ["Bin", "calibrate", "fit_isotonic", "knots", "photo_weights", "reliability"]


def calibrate(raw: float, table: Sequence[tuple[float, float]]) -> float:
    """The probability right of a reading with raw confidence ``raw`` (4 decimals: the table
    never states 1)."""
    xs, ys = zip(*table, strict=True)
    return round(float(np.interp(raw, xs, ys)), 4)


def _pool(raw: Sequence[float] | np.ndarray) -> np.ndarray:
    """Raw values alike to 0.01 are one value of the fit."""
    return np.round(np.asarray(raw, float), 2)


def fit_isotonic(
    raw: Sequence[float],
    right: Sequence[bool],
    prior: float = 0.0,
    weight: Sequence[float] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """The non-decreasing step function of ``raw`` nearest (least squares) to ``right``:
    (distinct raw values to 0.01, fitted probability at each). ``prior``: pseudo-regions
    added at each raw value, right with the probability the raw value states (clipped to
    [0.5, 1]), so that a value seen on few regions keeps near what it states until the data
    say otherwise; ``weight``: each region's weight (:func:`photo_weights`), 1 by default."""
    x = _pool(raw)
    w = np.ones(len(x)) if weight is None else np.asarray(weight, float)
    y = np.asarray(right, float) * w
    values, inverse = np.unique(x, return_inverse=True)
    sums = np.bincount(inverse, y, minlength=len(values)) + prior * np.clip(values, 0.5, 1.0)
    counts = np.bincount(inverse, w, minlength=len(values)) + prior
    # Pool adjacent violators over blocks (mean, weight, how many values).
    blocks: list[list[float]] = []
    for s, c in zip(sums, counts, strict=True):
        blocks.append([s / c, c, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            m2, w2, n2 = blocks.pop()
            m1, w1, n1 = blocks.pop()
            blocks.append([(m1 * w1 + m2 * w2) / (w1 + w2), w1 + w2, n1 + n2])
    fitted = np.concatenate([np.full(int(n), m) for m, _, n in blocks])
    return values, fitted


def knots(
    raw: Sequence[float],
    right: Sequence[bool],
    at: Sequence[float],
    prior: float = 0.0,
    floor: float = 0.0,
    weight: Sequence[float] | None = None,
) -> tuple[tuple[float, float], ...]:
    """The isotonic fit read at raw confidences ``at`` (kept non-decreasing, and short of 1:
    a probability of 1 would claim no reading is ever wrong), as a config table. Raw values
    under ``floor`` count as ``floor``: where the measurement's confidences do not order
    readings (a few kinds of doubt, each right or wrong by the photo), they are pooled."""
    values, fitted = fit_isotonic(np.maximum(np.asarray(raw, float), floor), right, prior, weight)
    out, last = [], 0.0
    n = len(raw) if weight is None else float(np.sum(weight))
    # No more certain than half a miss in the whole set, and short of 1 at 4 decimals.
    top = math.floor((1.0 - 0.5 / max(n, 1)) * 1e4) / 1e4
    for a in at:
        j = int(np.searchsorted(values, a, side="right")) - 1
        p = float(fitted[max(j, 0)]) if len(values) else 0.5
        last = max(last, min(p, top))
        out.append((float(a), round(last, 4)))
    return tuple(out)


def photo_weights(
    raw_by_photo: Sequence[Sequence[float]], cap: float, floor: float = 0.0
) -> list[list[float]]:
    """Each region's weight in the fit, per photo: a photo counts at most ``cap`` regions at
    each value of the fit (raw confidence to 0.01, under ``floor`` as ``floor``), its regions
    there weighted alike. Misreads cluster in photos (one overexposed sheet can hold fifty
    regions read at one raw value, all wrong): a region-weighted fit would follow that photo.
    """
    out = []
    for raws in raw_by_photo:
        pools = _pool(np.maximum(np.asarray(raws, float), floor))
        _, inverse, counts = np.unique(pools, return_inverse=True, return_counts=True)
        share = np.minimum(1.0, cap / np.maximum(counts, 1))
        out.append([float(share[i]) for i in inverse.reshape(-1)])
    return out


@dataclass(frozen=True)
class Bin:
    """One row of a reliability table: regions whose stated probability is in [lo, hi)."""

    lo: float
    hi: float
    count: int
    stated: float  # their mean stated probability
    observed: float  # the share of them read right


EDGES = (0.0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 0.999, 1.0001)


def reliability(
    stated: Sequence[float], right: Sequence[bool], edges: Sequence[float] = EDGES
) -> list[Bin]:
    """Bins of stated probability against the share observed right (empty bins left out)."""
    p = np.asarray(stated, float)
    y = np.asarray(right, bool)
    out = []
    for lo, hi in itertools.pairwise(edges):
        sel = (p >= lo) & (p < hi)
        if sel.any():
            out.append(
                Bin(lo, min(hi, 1.0), int(sel.sum()), float(p[sel].mean()), float(y[sel].mean()))
            )
    return out
