"""Paper beyond white in one channel only: compression's scatter below the clip is paper."""

from __future__ import annotations

import dataclasses

import numpy as np

from artsheets.scanner.colours import _as_clipped
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.light import _LUT

# The light beyond white in blue only (a cool light on an overexposed photo): blank paper
# clips in blue, its green and red are measurements.
LIGHT = np.array([1.3, 0.9, 0.8], np.float32)


def _srgb(reflectance: list[float]) -> list[int]:
    """The 8-bit value of each channel of a pixel of this reflectance under ``LIGHT``."""
    linear = np.minimum(np.asarray(reflectance, np.float32) * LIGHT, 1.0)
    return [int(np.searchsorted(_LUT.ravel(), v)) for v in linear]


def test_scatter_below_a_lone_clipped_channel_is_paper_where_the_rest_reads_paper() -> None:
    paper = _srgb([1.0, 0.98, 0.97])  # blank paper, its blue clipped
    paper[0] = 245  # ... and scattered five levels below the clip by compression
    pale = _srgb([1.0, 0.8, 0.95])  # a pale pencil: darker than paper in green
    pale[0] = 245
    far = _srgb([1.0, 0.98, 0.97])
    far[0] = 235  # too far below the clip: a measurement
    srgb = np.array([paper, pale, far], np.uint8)
    light = np.tile(LIGHT, (3, 1))
    where = np.ones(3, bool)
    out = _as_clipped(srgb, light, where, DEFAULT, copy=True)
    assert (out[0] == 255).all()  # read as paper: every channel at least this bright
    assert out[1, 0] == 245  # green says pencil: blue stays a measurement
    assert out[2, 0] == 235
    # Without the rule no channel but blue is at white, so nothing is read as clipped.
    off = _as_clipped(
        srgb, light, where, dataclasses.replace(DEFAULT, clip_paper_share=0.0), copy=True
    )
    assert np.array_equal(off, srgb)
    # In a full photo (not a small copy) a pale pencil looks the same: read as measured.
    assert np.array_equal(_as_clipped(srgb, light, where, DEFAULT), srgb)


def test_every_channel_beyond_white_keeps_the_rule_of_a_clipped_neighbour() -> None:
    """With no channel below white there is nothing to read as paper: a pixel a few levels
    under the clip in every channel is a pale pencil, as before."""
    srgb = np.array([[246, 247, 248]], np.uint8)
    light = np.array([[1.3, 1.2, 1.1]], np.float32)
    out = _as_clipped(srgb, light, np.ones(1, bool), DEFAULT, copy=True)
    assert np.array_equal(out, srgb)
