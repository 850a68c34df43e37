"""The line fit's least misfit, worked as dot products in place, against its plain form."""

from __future__ import annotations

import numpy as np
import pytest

from artsheets.scanner.lines import CHUNK, _least_misfit


def _plain(dens: np.ndarray, combos: np.ndarray, halo: float) -> np.ndarray:
    """Per pixel, the least squared distance to any combination plus a neutral density
    g in [0, halo], each pair worked out directly (the best g: the mean difference, clipped)."""
    diff = dens[:, None, :].astype(np.float64) - combos[None, :, :]
    g = np.clip(diff.mean(axis=2), 0.0, halo)[:, :, None]
    return ((diff - g) ** 2).sum(axis=2).min(axis=1)


@pytest.mark.parametrize("halo", [0.0, 0.08])
def test_least_misfit_matches_the_plain_form(halo: float) -> None:
    rng = np.random.default_rng(7)
    dens = (rng.random((CHUNK + 300, 3)) * 1.5).astype(np.float32)  # more than one chunk
    combos = (rng.random((60, 3)) * 1.5).astype(np.float32)
    fast = _least_misfit(dens, combos, halo)
    assert fast.dtype == np.float32
    np.testing.assert_allclose(fast, _plain(dens, combos, halo), atol=2e-5)


def test_least_misfit_of_a_pixel_on_a_combination_is_zero() -> None:
    combos = np.array([[0.2, 0.5, 0.1], [1.0, 0.3, 0.7]], np.float32)
    dens = combos[[1, 0]] + np.float32(0.05)  # each a combination plus a neutral 0.05
    assert np.allclose(_least_misfit(dens, combos, 0.1), 0.0, atol=1e-6)
    assert np.all(_least_misfit(dens, combos, 0.0) > 0.005)
