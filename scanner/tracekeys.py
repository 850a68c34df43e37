"""Each key's *trace* as this sheet shows it, learned from the lines read surely.

The line fit (:func:`~artsheets.scanner.lines.fit_lines`) explains a traced line's pixels by
each key's swatch laid at some pressure. A trace is not its key's fill: a thin stroke of
crayon grain, a pencil held at one pressure, seen through the camera's blur beside a printed
black line and its JPEG, lies off the swatch's curve in one direction for every trace of
that key on the sheet. Where a key's traces lie between its swatch and a look-alike's, the
look-alike's curve can win along the whole sheet by a small margin each piece.

So the traces teach each key's reference, as the fills teach the keys (:mod:`keys`): an EM
over the line pieces. The pieces read surely (a margin of ``trace_keys_sure`` or more) give,
per key, the direction of their pixels' optical density where they lie on bare paper beside
the printed core (the trace alone); the swatch's direction counts ``trace_keys_prior``
pieces, so a few pieces cannot move a key far, and a key needs ``trace_keys_least`` pieces
to move. The key's density length (how dark at full pressure) stays the swatch's: the
pressures absorb it. The lines are fitted again with each key's trace a layer of that
reference (its density scaled by the pressure), the references learned again from that
fit, until no piece's colour changes (``trace_keys_rounds`` at most). The rules play no
part.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

import numpy as np

from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.lines import LineFit

__all__ = ["fit_traces", "trace_references"]


def _margin(fit: LineFit) -> float:
    """The fit's log-likelihood margin of its colour over the runner-up as its pixels give
    it (``loglik``; not the confidence's, which a misfit beside a fill widens)."""
    if fit.runner_up is None:
        return 0.0
    return -fit.loglik.get(fit.runner_up, 0.0)


def _density(refl: np.ndarray, floor: float) -> np.ndarray:
    """Optical density (reflectance floored at ``floor``), what a layer's amount scales."""
    return -np.log(np.clip(np.asarray(refl, np.float64), floor, 1.0))


def trace_references(
    fits: Mapping[int, LineFit],
    refl: np.ndarray,
    owner: np.ndarray,
    line_mm: np.ndarray,
    host: np.ndarray,
    swatches: Mapping[int, np.ndarray],
    config: ScannerConfig,
) -> dict[int, np.ndarray]:
    """Each key's trace reference (linear reflectance at full pressure) learned from the
    pieces ``fits`` read surely: their pixels (``refl`` relative to paper, ``owner`` the
    piece, ``line_mm`` the distance from its printed line, ``host`` the filled space or -1)
    on bare paper beside the core, where a trace shows alone; ``swatches`` where a key has
    too few such pieces. One unit density direction per piece (its pixels' mean), so a long
    piece weighs as one."""
    sure = {
        i: f.color
        for i, f in fits.items()
        if f.color in swatches and _margin(f) >= config.trace_keys_sure
    }
    out = dict(swatches)
    if not sure:
        return out
    dens = _density(refl, config.line_min_reflectance)
    bare = (host < 0) & (line_mm >= config.trace_keys_beside_mm)
    bare &= dens.sum(axis=1) >= config.trace_keys_least_density
    bare &= np.isin(owner, list(sure))
    if not bare.any():
        return out
    unit = dens[bare] / np.maximum(np.linalg.norm(dens[bare], axis=1, keepdims=True), 1e-9)
    pieces, at = np.unique(owner[bare], return_inverse=True)
    counts = np.bincount(at)
    mean = np.stack([np.bincount(at, weights=unit[:, c]) for c in range(3)], axis=1)
    mean /= counts[:, None]
    colour_of = np.array([sure[int(p)] for p in pieces])
    for k, swatch in swatches.items():
        own = (counts >= config.trace_keys_least_px) & (colour_of == k)
        if int(own.sum()) < config.trace_keys_least:
            continue
        swatch_dens = _density(swatch, 1e-4)
        length = float(np.linalg.norm(swatch_dens))
        u = config.trace_keys_prior * swatch_dens / length + mean[own].sum(axis=0)
        learned = length * u / np.linalg.norm(u)
        out[k] = np.exp(-learned).astype(np.asarray(swatch).dtype)
    return out


def fit_traces(
    fit: Callable[[Mapping[int, np.ndarray], bool], dict[int, LineFit]],
    layer: bool,
    refl: np.ndarray,
    owner: np.ndarray,
    line_mm: np.ndarray,
    host: np.ndarray,
    swatches: Mapping[int, np.ndarray],
    config: ScannerConfig,
) -> dict[int, LineFit]:
    """The lines ``fit`` against the swatches (a trace a ``layer`` of its pigment or partial
    cover), then as layers of each key's trace as the sheet's surely read pieces show it
    (:func:`trace_references`), learned again from each new fit until no piece's colour
    changes (``trace_keys_rounds`` at most; 0: the swatches' fit alone). A piece whose
    colour the references change is read in the new colour but doubted (its margin 0, the
    swatches' colour its runner-up): which of two readings of one sheet is right is no
    surer than their disagreement; a piece read alike keeps the smaller of its two margins
    (the learned references never make a reading surer than the swatches did)."""
    first = fit(swatches, layer)
    fits = first
    for _ in range(config.trace_keys_rounds):
        keys = trace_references(fits, refl, owner, line_mm, host, swatches, config)
        if fits is first and all(keys[k] is swatches[k] for k in swatches):
            break  # no key has sure pieces enough to learn from
        again = fit(keys, True)
        moved = any(i not in fits or fits[i].color != f.color for i, f in again.items())
        fits = again
        if not moved:
            break
    if fits is first:
        return first
    out = dict(fits)
    for i, f in fits.items():
        was = first.get(i)
        if was is None:
            continue
        if was.color != f.color:
            out[i] = replace(f, runner_up=was.color, llr=0.0)
        elif was.llr < f.llr:
            out[i] = replace(f, llr=was.llr)
    return out
