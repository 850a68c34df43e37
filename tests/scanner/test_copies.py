"""A small copy's traced lines (scanner/copies.py): a trace on paper keeps only part of its
key's chroma in a messaging app's JPEG, and is fitted so."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from artsheets.scanner.config import DEFAULT
from artsheets.scanner.copies import dulled_trace, open_chroma_share
from artsheets.scanner.lines import fit_lines

GREEN = np.array([0.06, 0.30, 0.03])  # linear BGR relative to paper, as a swatch gives it


def _dulled(colour: np.ndarray, share: float) -> np.ndarray:
    """``colour``'s reflectance with ``share`` of its density's colour part kept."""
    d = -np.log(colour)
    return np.exp(-(d.mean() + share * (d - d.mean())))


GREY_GREEN = _dulled(GREEN, 0.75)  # as dark as the green, duller: what its copy shows


def _line_on_paper(trace: np.ndarray, kept: float, seed: int = 0, length: int = 30):
    """Pixels of one line traced in ``trace`` on blank paper, as a small copy shows it:
    each pixel's pencil keeping ``kept`` of its chroma, its darkness as laid."""
    rng = np.random.default_rng(seed)
    refl, dist = [], []
    for n, mm in ((3 * length, 0.1), (8 * length, 0.5)):  # the printed core, then beside it
        for _ in range(n):
            px = _dulled(1.0 - rng.uniform(0.5, 1.0) * (1.0 - trace), kept)
            if mm < 0.3:
                px = px * rng.uniform(0.35, 0.6)  # the printed grey under the pencil
            refl.append(px)
            dist.append(mm)
    refl = np.clip(np.array(refl) + rng.normal(0, 0.005, (len(refl), 3)), 0, 1.2)
    return refl, np.array(dist, np.float32), np.full(len(refl), -1)


def test_a_dulled_trace_keeps_its_darkness_and_a_share_of_its_colour() -> None:
    curve = -np.log(np.array([[0.5, 0.8, 0.2], [0.3, 0.7, 0.1]]))
    out = dulled_trace(curve, 0.7)
    assert out is not None
    np.testing.assert_allclose(out.mean(axis=1), curve.mean(axis=1), rtol=1e-5)
    np.testing.assert_allclose(
        out - out.mean(axis=1, keepdims=True),
        0.7 * (curve - curve.mean(axis=1, keepdims=True)),
        rtol=1e-5,
        atol=1e-6,
    )
    assert dulled_trace(curve, None) is None


def test_only_a_small_photo_dulls_its_traces() -> None:
    assert open_chroma_share(False) is None
    assert open_chroma_share(True) == DEFAULT.line_open_chroma
    assert open_chroma_share(True, replace(DEFAULT, line_open_chroma=1.0)) is None


@pytest.mark.parametrize(("trace", "want"), [(GREEN, 1), (GREY_GREEN, 2)])
def test_a_copys_dulled_trace_is_read_by_its_own_key(trace: np.ndarray, want: int) -> None:
    """A green trace whose copy kept 0.7 of its chroma looks like a key as dark and duller
    (read grey-green at full chroma); fitted keeping that share it reads green, and a
    grey-green trace, dulled alike, still reads grey-green."""
    colours = {1: GREEN, 2: GREY_GREEN}
    refl, dist, host = _line_on_paper(trace, DEFAULT.line_open_chroma)
    owner = np.zeros(len(refl), np.int64)
    fit = fit_lines(refl, owner, dist, host, {}, colours, 1, open_chroma=0.7)[0]
    assert fit.color == want
    if want == 1:
        assert fit_lines(refl, owner, dist, host, {}, colours, 1)[0].color == 2
