"""A trace's pressure curve as a layer of its pigment (scanner/lines.py ``_layer``), and the
sheet's choice of it by how many pieces the run decoding overturns (scanner/colours.py)."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.colours import _overturned
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import LineFit, _curve, _layer, fit_lines

DARK = np.array([0.45, 0.16, 0.07])  # a dark blue key (linear BGR, paper 1)
LIGHT = 1.0 - 0.6 * (1.0 - DARK)  # a lighter key of like hue: the dark one at 0.6 cover


def _fit(layer: bool, seed: int):
    """A light wax stroke of the dark key on paper: each pixel a thin layer of its pigment
    (reflectance ``DARK ** a``, a from 0.3 to 0.6), its printed core under a grey."""
    rng = np.random.default_rng(seed)
    n = 200
    refl = DARK[None, :] ** rng.uniform(0.3, 0.6, n)[:, None]
    on_core = np.arange(n) < 40
    grey = np.where(on_core, rng.uniform(0.5, 0.7, n), 1.0)
    refl = np.clip(refl * grey[:, None] + rng.normal(0, 0.02, (n, 3)), 0, 1.2)
    dist = np.where(on_core, 0.1, 0.5).astype(np.float32)
    host = np.full(n, -1, np.int64)
    owner = np.zeros(n, np.int64)
    colours = {1: DARK, 2: LIGHT}
    return fit_lines(refl, owner, dist, host, {}, colours, 1, layer=layer)[0]


def test_the_curves_agree_at_full_cover_and_differ_below() -> None:
    amounts = np.array([0.0, 0.5, 1.0])
    cover, layer = _curve(DARK, amounts, 0.0025), _layer(DARK, amounts, 0.0025)
    assert np.allclose(cover[[0, 2]], layer[[0, 2]], atol=1e-5)
    # A layer at half its amount keeps the key's hue (densities in proportion); partial
    # cover mixes in the paper's white, a lighter key of like hue's curve.
    assert np.allclose(layer[1] / layer[2], 0.5, atol=1e-5)
    assert not np.allclose(cover[1] / cover[2], 0.5, atol=0.05)


def test_a_light_layer_of_a_dark_key_reads_it_only_as_a_layer() -> None:
    for seed in range(3):
        cover, layer = _fit(False, seed), _fit(True, seed)
        assert layer.color == 1 and layer.llr > 2.0
        assert cover.color == 2 or cover.llr < 1.0


def test_overturned_counts_the_pieces_the_runs_recolour() -> None:
    fits = {i: LineFit(c, None, 5.0) for i, c in enumerate([1, 1, 2, 1, 3])}
    assert _overturned(fits, {0: 1, 1: 1, 2: 1, 3: 1}) == 1
    assert _overturned(fits, {0: 1, 1: 1, 2: 1, 3: 1, 4: 1}) == 2
    assert _overturned(fits, {}) == 0
    assert DEFAULT.line_layer_fewer > 0
