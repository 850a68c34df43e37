"""A fill's colour on pixels the camera clipped at its white: a censored measurement."""

from __future__ import annotations

import numpy as np

from artsheets.scanner import cielab
from artsheets.scanner.colours import Palette, _as_clipped, _clip_bounds, curve_distances
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.light import clipped_pencil

# Linear BGR keys. The fill is pale blue; the camera clipped its blue at 0.6 of paper
# (paper far beyond white there), so blue shows 0.6 on every pixel.
PALE_BLUE = np.array([0.85, 0.70, 0.45], np.float32)
GREYER = np.array([0.72, 0.64, 0.45], np.float32)  # less blue, a little darker in green
LESS_BLUE = np.array([0.75, 0.70, 0.45], np.float32)  # differs only above the clip
CLIP_AT = 0.6


def _clipped_fill() -> tuple[np.ndarray, np.ndarray]:
    """(reflectance, 8-bit sRGB) of 200 pixels of the pale blue fill, blue clipped."""
    refl = np.tile(PALE_BLUE, (200, 1))
    refl[:, 0] = CLIP_AT
    srgb = np.full((200, 3), 200, np.uint8)
    srgb[:, 0] = 255
    return refl, srgb


def test_a_clipped_fill_is_told_from_a_close_key_by_its_unclipped_channels() -> None:
    refl, srgb = _clipped_fill()
    palette = Palette({1: PALE_BLUE, 2: GREYER})
    point = clipped_pencil(refl, srgb).mean(axis=0)  # the clipped blue taken part way up
    low, high = (b.mean(axis=0) for b in _clip_bounds(refl, srgb))
    assert np.allclose(
        [low[0], high[0], low[1], high[1]], [CLIP_AT, 1.0, PALE_BLUE[1], PALE_BLUE[1]]
    )
    lab = cielab.lab(point[None])
    as_point, keys = curve_distances(lab, palette)
    censored, _ = curve_distances(lab, palette, (low[None], high[None]))
    # Read as a point, the fill's blue is too low and the greyer key fits better ...
    assert keys[int(np.argmin(as_point[0]))] == 2
    # ... read as "at least this bright" in blue, its own key fits exactly and green tells
    # the two apart.
    assert keys[int(np.argmin(censored[0]))] == 1
    assert censored[0, 0] < 0.5 and censored[0, 1] > 2.0


def test_keys_that_differ_only_above_the_clip_stay_in_doubt() -> None:
    refl, srgb = _clipped_fill()
    low, high = (b.mean(axis=0)[None] for b in _clip_bounds(refl, srgb))
    lab = cielab.lab(clipped_pencil(refl, srgb).mean(axis=0)[None])
    censored, _ = curve_distances(lab, Palette({1: PALE_BLUE, 3: LESS_BLUE}), (low, high))
    assert abs(censored[0, 0] - censored[0, 1]) < 0.5  # the pixels cannot tell them apart


def test_paper_scattered_just_below_the_clip_counts_as_clipped_where_paper_is_beyond_white() -> (
    None
):
    """Paper beyond white in blue and green: a blue a few levels under the clip beside a
    clipped green is scattered paper; blue and green both under it are a pale pencil."""
    srgb = np.array(
        [[246, 255, 200], [246, 255, 200], [246, 255, 200], [238, 255, 200], [246, 247, 200]],
        np.uint8,
    )
    beyond = [1.3, 1.2, 0.8]
    light = np.array([beyond, [0.9, 0.9, 0.8], beyond, beyond, beyond], np.float32)
    where = np.array([True, True, False, True, True])  # the third pixel is on a traced line
    out = _as_clipped(srgb, light, where, DEFAULT)
    assert out[0, 0] == 255 and out[0, 2] == 200  # scattered paper: read as clipped
    assert out[1, 0] == 246  # paper below white: 246 is a measurement
    assert out[2, 0] == 246  # a line's pixels keep the camera's own clipping
    assert out[3, 0] == 238  # too far below the clip
    assert (out[4, :2] == [246, 247]).all()  # darker than paper in both: pencil
    off = _as_clipped(srgb, light, where, ScannerConfig(clip_noise_levels=0))
    assert np.array_equal(off, srgb)
