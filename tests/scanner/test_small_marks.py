"""A small mark in a small photo has few independent colour samples (JPEG chroma blocks):
its colour is not sure however many working pixels it covers."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.colours import Palette, Reading, _chroma_blocks, _classify_once
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
    palette = Palette(
        colours={k: np.array(c) for k, c in KEYS.items()}, spread=SPREAD, fill_spread=SPREAD
    )
    blocks = _chroma_blocks(stats.n, photo_px_per_mm, DEFAULT)
    out = _classify_once(stats, {DEFAULT.fill: palette}, tpl, styles, None, blocks=blocks)
    return out[i]


def test_a_mark_of_one_chroma_block_goes_to_review() -> None:
    # At 20 px/mm the mark spans 15 chroma blocks: its colour, nearer key 1, is sure. At
    # 2.5 px/mm it spans 60 photo pixels, one block: the same colour is in doubt.
    big, small = _read_mark(20.0), _read_mark(2.5)
    assert big.color == 1 and big.reason is None and big.confidence >= DEFAULT.review_below
    assert small.confidence < DEFAULT.review_below and small.reason is not None


def test_blocks_are_photo_area_over_a_chroma_block() -> None:
    n = np.array([240.0, 2400.0])
    assert _chroma_blocks(n, None, DEFAULT) is None
    got = _chroma_blocks(n, 10.0, DEFAULT)  # 4 photo pixels a working pixel
    assert got is not None
    np.testing.assert_allclose(got, [960 / 256, 9600 / 256])


def test_a_fill_of_enough_chroma_blocks_is_read_as_surely_as_in_a_sharp_photo() -> None:
    # At 9 px/mm the fill spans 3 blocks, ``fill_full_blocks`` or more: its colour scatters
    # as at 20 px/mm (over tune48 fills of 1 block or more scattered 1.4-1.5 CIELAB in
    # messaging copies, 1.2-1.3 in 12 MP photos), so it is read as surely.
    assert DEFAULT.fill_full_blocks <= 3.0
    sharp, fewer = _read_mark(20.0), _read_mark(9.0)
    assert fewer.color == sharp.color == 1
    assert fewer.confidence == sharp.confidence
