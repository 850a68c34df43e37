"""A small mark in a small photo has few independent colour samples (JPEG chroma blocks):
its colour is not sure however many working pixels it covers."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.colours import Palette, Reading, _classify_once, _colour_samples
from artsheets.scanner.config import DEFAULT

from .fakes import one_fill

KEYS = {1: (0.30, 0.35, 0.80), 2: (0.30, 0.50, 0.80)}  # linear BGR: red, orange
# A mark's colour bled part way towards the other key by the pencil lines round it.
SPREAD = 3.0  # the keys' scatter on a compressed photo
BLED = tuple(0.75 * a + 0.25 * b for a, b in zip(KEYS[1], KEYS[2], strict=True))


def _read_mark(photo_px_per_mm: float) -> Reading:
    """Read one fully pencilled fill of 240 working pixels in colour ``BLED`` from a photo
    of this many pixels per mm of paper."""
    tpl, styles, i, stats = one_fill("springer", np.array(BLED))
    palette = Palette(colours={k: np.array(c) for k, c in KEYS.items()}, spread=SPREAD)
    samples = _colour_samples(stats.n, photo_px_per_mm, DEFAULT)
    out = _classify_once(stats, {DEFAULT.fill: palette}, tpl, styles, None, samples=samples)
    return out[i]


def test_a_mark_of_one_chroma_block_goes_to_review() -> None:
    # At 20 px/mm the mark spans 15 chroma blocks: its colour, nearer key 1, is sure. At
    # 2.5 px/mm it spans 60 photo pixels, one block: the same colour is in doubt.
    big, small = _read_mark(20.0), _read_mark(2.5)
    assert big.color == 1 and big.reason is None and big.confidence >= DEFAULT.review_below
    assert small.confidence < DEFAULT.review_below and small.reason is not None


def test_samples_are_photo_area_over_a_chroma_block_at_least_one() -> None:
    n = np.array([240.0, 2400.0])
    assert _colour_samples(n, None, DEFAULT) is None
    got = _colour_samples(n, 10.0, DEFAULT)  # 4 photo pixels a working pixel
    assert got is not None
    np.testing.assert_allclose(got, [960 / 256, 9600 / 256])
    assert _colour_samples(n, 1.0, DEFAULT).tolist() == [1.0, 1.0]
