"""A small copy smears its fills' chroma onto a line's printed core (scanner/copies.py):
the forward model of that smear is taken out before the line fit, bare lines kept."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from artsheets.scanner.config import DEFAULT
from artsheets.scanner.copies import smear_weights, without_fill_smear
from artsheets.scanner.lines import fit_lines

ORANGE = np.array([0.38, 0.53, 0.90])  # linear BGR relative to paper, as a swatch gives it
PINK = np.array([0.59, 0.49, 0.87])
ROSE = np.array([0.37, 0.38, 0.73])  # darker, its chroma between the two
PX_PER_MM = 2.5  # a messaging app's copy
GAP = DEFAULT.copy_fill_gap_mm


def _density(refl: np.ndarray) -> np.ndarray:
    return -np.log(refl)


def _chroma(refl: np.ndarray) -> np.ndarray:
    d = _density(refl)
    return d - d.mean(axis=-1, keepdims=True)


def _line_between_fills(trace: np.ndarray | None, seed: int = 0, length: int = 40):
    """One line between two spaces filled in orange, as a small copy shows it: on the
    printed core the trace (or nothing) over the grey, plus the fills' smear predicted by the
    copy's blur; beside the core, the orange fill alone (the fit reads the core). Returns
    (refl, owner, line_mm, host)."""
    rng = np.random.default_rng(seed)
    blur_mm = DEFAULT.copy_chroma_blur_px / PX_PER_MM
    refl, dist, host = [], [], []
    for _ in range(length):
        for mm in (0.0, 0.1, 0.2):  # the printed core
            d = np.full(3, rng.uniform(0.5, 0.9))  # the printed grey
            if trace is not None:
                d = d + rng.uniform(0.6, 1.0) * _density(trace)
            w = float(smear_weights(np.array([mm], np.float32), blur_mm, GAP)[0])
            d = d + 2 * w * _chroma(ORANGE)  # both sides' smear (chroma only)
            refl.append(np.exp(-d))
            dist.append(mm)
            host.append(1 if mm != 0.1 else 2)  # the core lies in one space or the other
        for side in (0, 1):  # beside the core, in either space
            for mm in (0.5, 0.8):
                d = _density(ORANGE)  # a fill pressed as its swatch; the trace lies on the core
                refl.append(np.exp(-d))
                dist.append(mm)
                host.append(1 + side)
    refl = np.clip(np.array(refl) + rng.normal(0, 0.004, (len(refl), 3)), 0.01, 1.2)
    owner = np.zeros(len(refl), np.int64)
    return refl.astype(np.float32), owner, np.array(dist, np.float32), np.array(host)


def _fit(refl, owner, dist, host):
    fills = {1: ORANGE, 2: ORANGE}
    colours = {1: ORANGE, 2: PINK, 3: ROSE}
    read = {1: 1, 2: 1}
    return fit_lines(refl, owner, dist, host, fills, colours, 3, fill_colours=read)[0]


def _unsmeared(refl, owner, dist, px_per_mm=PX_PER_MM, config=DEFAULT):
    sides = {0: {1, 2}}
    return without_fill_smear(refl, owner, dist, sides, {1: ORANGE, 2: ORANGE}, px_per_mm, config)


def test_the_smear_predicted_falls_with_the_distance_from_the_fill() -> None:
    w = smear_weights(np.array([0.0, 0.1, 0.2], np.float32), 0.7, 0.5)
    assert 0.15 < w[0] < 0.35
    assert np.all(np.diff(w) > 0)  # nearer one side's fill, more of it (the mean of both)
    assert smear_weights(np.array([0.0], np.float32), 0.1, 0.5)[0] < 1e-4  # a sharp photo


def test_a_pink_trace_between_orange_fills_reads_pink_once_the_smear_is_out() -> None:
    """The fills' smear on the core pulls a pink trace toward the fills' orange (or the rose
    key between the two); with the predicted smear taken out the fit reads pink."""
    refl, owner, dist, host = _line_between_fills(PINK)
    assert _fit(refl, owner, dist, host).color != 2
    out = _unsmeared(refl, owner, dist)
    assert out is not refl
    assert _fit(out, owner, dist, host).color == 2
    beside = dist >= DEFAULT.line_core_mm
    np.testing.assert_array_equal(out[beside], refl[beside])  # only the core changes


def test_a_bare_line_keeps_its_pixels() -> None:
    """A line holding nothing but its fills' smear keeps its pixels (the bare-piece test is
    measured on them as they are)."""
    refl, owner, dist, _ = _line_between_fills(None)
    assert _unsmeared(refl, owner, dist) is not refl  # a new array...
    np.testing.assert_array_equal(_unsmeared(refl, owner, dist), refl)  # ...unchanged


def test_a_photo_that_resolves_colour_or_the_setting_off_changes_nothing() -> None:
    refl, owner, dist, _ = _line_between_fills(PINK)
    assert _unsmeared(refl, owner, dist, px_per_mm=DEFAULT.grey_min_px_per_mm) is refl
    assert _unsmeared(refl, owner, dist, px_per_mm=None) is refl
    off = replace(DEFAULT, copy_chroma_blur_px=0.0)
    assert _unsmeared(refl, owner, dist, config=off) is refl


def test_the_fill_shares_stay_on_the_pixels_as_measured() -> None:
    """The colours are fitted on the unsmeared pixels, the fill shares the bare-piece test
    reads on the pixels as measured (that test was fitted on cores with the smear in)."""
    refl, owner, dist, host = _line_between_fills(ORANGE, seed=3)
    out = _unsmeared(refl, owner, dist)
    fills, colours, read = {1: ORANGE, 2: ORANGE}, {1: ORANGE, 2: PINK, 3: ROSE}, {1: 1, 2: 1}
    raw = fit_lines(refl, owner, dist, host, fills, colours, 3, fill_colours=read)[0]
    split = fit_lines(
        refl, owner, dist, host, fills, colours, 3, fill_colours=read, colour_refl=out
    )[0]
    both = fit_lines(out, owner, dist, host, fills, colours, 3, fill_colours=read)[0]
    assert raw.color == split.color == 1
    assert split.core_share == raw.core_share
    assert both.core_share is not None and raw.core_share is not None
    assert both.core_share < raw.core_share  # the smear's part of the fill gone
