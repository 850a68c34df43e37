"""The paper's level in channels clipped at the camera's white, from where the fills point.

Where a photo's paper is clipped white in a channel (``light.Light.clipped_channels``), its
level there is known only from below (the clip); the light (``light.py``) extrapolates it
from the light's colour, measured on unclipped paper less brightly lit or, with every sure
paper clipped, on the printed ink. A fill is read against its key's pressure curve
``1 - t * (1 - c)``, which runs from paper (1) to the key: with the paper's level in a
channel set too high, every fill and key is too dark there by the same factor, the keys'
curves no longer run from the paper the fills are thinned with, and a pale fill lies off
its key's curve in one direction, on another key's (a messaging copy's peach fills read
as its salmon key, its salmon ones as pink).

The fills themselves say where the paper is: each key's fills, pale and dark, lie on a
line from the paper point to that key. The light's colour is one cast over the page, so its
error in a channel is one factor: each clipped channel's paper level is scaled by a factor
between the one that brings the page's median paper down to the clip (the least it can be:
the paper is clipped there) and 1, at the shares ``paper_point_steps`` of that span, chosen
channel by channel to bring the sheet's surely marked fills nearest their nearest key's
curve (each fill's distance capped at ``paper_point_cap`` CIELAB: a fill far from every key
is not this model's to explain). The factors are taken only where they bring the fills'
summed squared distance under ``paper_point_gain`` of the light's own: otherwise the light
stands. The rules play no part; the keys and fills are the pixels' own first reading.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from artsheets.generator.layout import Region
from artsheets.scanner import cielab
from artsheets.scanner.colours import Palette, RegionStats, curve_distances, style_of
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.light import CLIPPED_LINEAR, Light

__all__ = ["fit_paper_point", "least_factors"]

# Kinds whose fills point at the paper: filled spaces and Klee's cells. Not the keys (the
# curves' far ends), nor capture marks (a tenth of a chroma block in a copy).
_POINTING = ("space", "cell")
# Rounds of the coordinate descent over the clipped channels' shares.
PASSES = 2


def least_factors(grid: np.ndarray, clipped: Sequence[int]) -> dict[int, float]:
    """Per clipped channel, the least factor its paper level may be scaled by: the one
    that brings the page's median paper down to the camera's clip (1: already there)."""
    median = np.median(grid.reshape(-1, 3), axis=0)
    return {c: min(1.0, CLIPPED_LINEAR / max(float(median[c]), 1e-6)) for c in clipped}


def fit_paper_point(
    light: Light,
    stats: RegionStats,
    palette: Palette,
    regions: Sequence[Region],
    symbols: bool,
    config: ScannerConfig,
) -> Light | None:
    """``light`` with its clipped channels' paper level re-fitted to the fills (see the
    module's docstring), or None where it stands: no channel clipped, too few fills (under
    ``paper_point_least``), fewer than two keys, or no share that gains enough."""
    clipped = [c for c in range(3) if "BGR"[c] in light.clipped_channels]
    if not clipped or len(palette.colours) < 2 or not config.paper_point_steps:
        return None
    fill = config.fill
    pick = np.array(
        [
            r.kind in _POINTING
            and style_of(r.kind, r.extra.get("role"), symbols, config) is fill
            and stats.seen[i] >= config.fully_seen
            for i, r in enumerate(regions)
        ]
    )
    pick &= stats.coverage >= fill.sure
    if pick.sum() < config.paper_point_least:
        return None
    mean, low, high = stats.mean[pick], stats.low, stats.high
    if low is not None and high is not None:
        low, high = low[pick], high[pick]
    steps = sorted(set(config.paper_point_steps) | {1.0})
    least = least_factors(light.grid, clipped)

    def factors(shares: dict[int, float]) -> np.ndarray:
        """Per channel (B, G, R), the paper level's factor at these shares of the way from
        the least factor to 1."""
        out = np.ones(3, np.float32)
        for c, share in shares.items():
            out[c] = least[c] + share * (1.0 - least[c])
        return out

    def cost(shares: dict[int, float]) -> float:
        scale = 1.0 / factors(shares)
        keys = {k: (c * scale).astype(np.float32) for k, c in palette.colours.items()}
        pal = replace(palette, colours=keys)
        bounds = None if low is None or high is None else (low * scale, high * scale)
        dist, _ = curve_distances(cielab.lab(mean * scale), pal, bounds)
        near = np.minimum(dist.min(axis=1), config.paper_point_cap)
        return float((near**2).sum())

    # Each clipped channel's share in turn, the others held (coordinate descent: the
    # channels clipped are one to three, their shares nearly independent).
    shares = dict.fromkeys(clipped, 1.0)
    own = best = cost(shares)
    for _ in range(PASSES):
        for c in clipped:
            for step in steps:
                trial = {**shares, c: step}
                if (value := cost(trial)) < best:
                    best, shares = value, trial
    if not best < config.paper_point_gain * own:
        return None
    f = factors(shares)
    edge = light.edge
    if edge is not None:
        edge = replace(edge, lit=edge.lit * f, shaded=edge.shaded * f)
    return replace(light, grid=light.grid * f, edge=edge)
