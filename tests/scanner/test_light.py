"""The light field's mending of hard shadow edges, on a synthetic 1 mm grid of paper."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.colours import _mend_shadow_edges

SUN, SHADE = 0.9, 0.45


def _page(h: int = 200, w: int = 150) -> tuple[np.ndarray, np.ndarray]:
    """(paper colour per 1 mm block, signed distance in mm from a slanted shadow edge)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    side = (xx - 60.0 - 0.3 * yy) / np.hypot(1.0, 0.3)
    small = np.where(side[..., None] > 0, SHADE, SUN) * np.ones(3, np.float32)
    return small.astype(np.float32), side


def test_the_strip_beside_a_hard_shadow_edge_takes_its_own_light() -> None:
    small, side = _page()
    # The coarse estimate lights the first 4 mm of the shadow like the sunlit paper.
    est = np.where(((side > 0) & (side < 4))[..., None], SUN, small).astype(np.float32)
    flat = np.ones(side.shape, bool)
    mended = _mend_shadow_edges(small, flat, est)
    strip = (side > 0.5) & (side < 4)
    assert np.allclose(mended[strip], SHADE, atol=0.02)
    far = np.abs(side) > 8
    assert np.array_equal(mended[far], est[far])


def test_a_pale_fill_is_not_taken_for_a_shadow() -> None:
    small = np.full((200, 150, 3), SUN, np.float32)
    small[80:110, 40:75] = 0.7  # a pale, smooth, neutral fill in a 30 x 35 mm space
    est = np.full_like(small, SUN)
    flat = np.ones(small.shape[:2], bool)
    assert np.array_equal(_mend_shadow_edges(small, flat, est), est)


def test_a_short_dark_strip_is_not_a_shadow_edge() -> None:
    small = np.full((200, 150, 3), SUN, np.float32)
    small[50:70, 60:63] = SHADE  # a 20 mm grey stroke, too short for a shadow's edge
    est = np.full_like(small, SUN)
    flat = np.ones(small.shape[:2], bool)
    assert np.array_equal(_mend_shadow_edges(small, flat, est), est)
