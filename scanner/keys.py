"""The colour keys adapted to the sheet's own marks.

A key swatch is printed solid; a player's marks are pencil hatching, crayon grain, felt
tip, on paper the camera saw through its own white balance and JPEG. The colour model
(:mod:`artsheets.scanner.colours`) compares a mark with its key's pressure curve
``1 - t * (1 - c)``: a mark whose colour is its key's, thinned with paper, lies on it. On
some sheets a key's marks lie off it in one direction (pencil hatching duller than its
swatch, a copy's chroma rounded away), and a close key's curve passes nearer: that key's
marks read as the other nearly everywhere.

Here each key's curve is re-estimated from the fills the first reading put in that key
surely: in linear absorbance (``1 - colour``) a mark at pressure ``t`` is ``t`` times its
key's, so the key's *direction* is what the marks tell; its length (how dark the key is at
full pressure) the pressures absorb. An EM: each fill surely marked weighs on each key by
how likely it is that key, the swatch's direction counts ``keys_prior_marks`` fills, so a
few marks cannot move a key far and a key with no marks stays its swatch. The rules play
no part: which marks teach a key is the pixels' own reading, never a rule's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from artsheets.generator.layout import Region
from artsheets.scanner import cielab
from artsheets.scanner.config import ScannerConfig, Style

if TYPE_CHECKING:  # colours imports this module
    from artsheets.scanner.colours import Palette, Reading, RegionStats

__all__ = ["adapt_palette", "line_palette", "mark_directions"]

# Kinds whose marks teach a key: a key swatch is the prior itself, and a traced line's
# colour is read by the line fit, over print.
_NOT_TAUGHT = ("key", "segment")


def mark_directions(mean: np.ndarray) -> np.ndarray:
    """Unit absorbance directions of linear BGR colours (rows), ``(1 - c) / |1 - c|``."""
    a = np.clip(1.0 - np.asarray(mean, np.float64), 1e-6, None)
    return a / np.linalg.norm(a, axis=-1, keepdims=True)


def adapt_palette(
    palette: Palette,
    stats: RegionStats,
    readings: Sequence[Reading],
    styles: Sequence[Style],
    regions: Sequence[Region],
    config: ScannerConfig,
    distances: Callable[[np.ndarray, Palette], tuple[np.ndarray, list[int]]],
) -> Palette:
    """A copy of ``palette`` whose key colours are re-estimated from the fills read surely
    marked (coverage and fit to some key sure, at the fill's ``on``; not a key, not clipped):
    an EM of ``keys_rounds`` rounds, each mark weighing on each key by how likely it is that
    key (its distance to the key's curve against the fill's scatter, widened by its misfit
    as the reading does) where that reaches ``keys_learn_above``, the swatch weighing
    ``keys_prior_marks`` marks. A key needs ``keys_least_marks`` marks' weight to move.
    Keys learned from the marks themselves (blank swatches) are kept as learned, and no key
    moves while a colour in play is unknown.
    ``readings``: the first reading, against the swatches; ``distances``: each Lab row's
    distance to each key's curve (``colours.curve_distances``, passed in: colours imports this
    module)."""
    fill = config.fill
    keys = list(palette.colours)
    learn = [j for j, k in enumerate(keys) if palette.source.get(k) == "key"]
    clipped = stats.censored
    rows = [
        i
        for i, rd in enumerate(readings)
        if rd.color in palette.colours
        and styles[i] is fill
        and regions[i].kind not in _NOT_TAUGHT
        and rd.surely_marked
        and rd.coverage >= fill.on
        and not clipped[i]
    ]
    # A colour in play never learned (``Palette.unknown``) has its marks read loosely as
    # a known key's: they would teach that key the unknown colour.
    if len(rows) < config.keys_least_marks or not learn or palette.unknown:
        return palette
    lab = cielab.lab(stats.mean[rows])
    u_marks = mark_directions(stats.mean[rows])
    swatch = {k: np.asarray(palette.colours[k], np.float64) for k in keys}
    length = {k: float(np.linalg.norm(np.clip(1.0 - swatch[k], 1e-6, None))) for k in keys}
    prior = {k: np.clip(1.0 - swatch[k], 1e-6, None) / length[k] for k in keys}
    current = palette
    sigma0 = config.fill_sigma * palette.fill_spread
    for _ in range(config.keys_rounds):
        dist, order = distances(lab, current)
        sigma = np.hypot(sigma0, dist.min(axis=1) / 1.5)[:, None]
        ll = -(dist**2) / (2 * sigma**2)
        w = np.exp(ll - ll.max(axis=1, keepdims=True))
        w /= w.sum(axis=1, keepdims=True)
        w = np.where(w >= config.keys_learn_above, w, 0.0)
        colours = dict(current.colours)
        for j in learn:
            k = order[j]
            if w[:, j].sum() < config.keys_least_marks:
                continue
            u = config.keys_prior_marks * prior[k] + (w[:, j, None] * u_marks).sum(axis=0)
            u /= np.linalg.norm(u)
            colours[k] = (1.0 - length[k] * u).astype(np.asarray(palette.colours[k]).dtype)
        current = replace(current, colours=colours, notes=[], doubtful=set(palette.doubtful))
    return current


def line_palette(palette: Palette, marks: Palette, config: ScannerConfig) -> Palette:
    """The keys a traced line is fitted against: ``palette`` (the swatches), each key that
    the sheet's fills moved (``marks``, from :func:`adapt_palette`) by ``keys_lines_shift``
    or more (CIELAB, at full pressure) taken as adapted; all of ``marks`` with
    ``keys_lines``. A line is a few pixels of pencil over print and under the fills beside
    it, fitted against every key at once: a key moved a little (within the scatter of a
    fill's colour) tells a line nothing surer than its swatch, and on the tuning photos
    such small moves turned close keys' lines both ways; a key moved far is one whose
    marks all lie off the swatch (a messaging copy's colours), and its lines lie there too.
    ``palette`` itself where no key moved so far."""
    if config.keys_lines:
        return marks
    keys = [k for k in palette.colours if k in marks.colours]
    if marks is palette or not keys or not np.isfinite(config.keys_lines_shift):
        return palette
    swatch = cielab.lab(np.array([palette.colours[k] for k in keys], np.float64))
    adapted = cielab.lab(np.array([marks.colours[k] for k in keys], np.float64))
    shift = np.linalg.norm(adapted - swatch, axis=1)
    moved = {
        k: marks.colours[k]
        for k, d in zip(keys, shift, strict=True)
        if d >= config.keys_lines_shift
    }
    if not moved:
        return palette
    return replace(palette, colours={**palette.colours, **moved})
