"""Which adapted keys a traced line is fitted against (``keys.line_palette``): a key the
sheet's fills moved by ``keys_lines_shift`` or more (CIELAB) is taken as adapted, a key
moved less keeps its swatch, and with the setting off the swatches are the lines' keys."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from artsheets.scanner.colours import Palette
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.keys import line_palette


def _linear(lab: tuple[float, float, float]) -> np.ndarray:
    """Linear BGR of a CIELAB colour."""
    px = np.array(lab, np.float32).reshape(1, 1, 3)
    return cv2.cvtColor(px, cv2.COLOR_Lab2LBGR).reshape(3).astype(np.float64)


SWATCHES = Palette(
    colours={1: _linear((60.0, 40.0, 20.0)), 2: _linear((70.0, -30.0, 20.0))},
    source={1: "key", 2: "key"},
)
# The fills moved key 1 by about 8 (CIELAB), key 2 by under 1.
ADAPTED = replace(
    SWATCHES, colours={1: _linear((62.0, 33.0, 17.0)), 2: _linear((70.0, -29.5, 20.3))}
)


def test_a_key_moved_far_is_taken_a_key_moved_little_keeps_its_swatch() -> None:
    lines = line_palette(SWATCHES, ADAPTED, replace(DEFAULT, keys_lines_shift=3.0))
    assert np.array_equal(lines.colours[1], ADAPTED.colours[1])
    assert np.array_equal(lines.colours[2], SWATCHES.colours[2])


def test_off_or_all_keys_on() -> None:
    off = replace(DEFAULT, keys_lines=False, keys_lines_shift=float("inf"))
    assert line_palette(SWATCHES, ADAPTED, off) is SWATCHES
    assert line_palette(SWATCHES, ADAPTED, replace(off, keys_lines=True)) is ADAPTED
    # No key moved as far as the setting asks: the swatches themselves.
    assert line_palette(SWATCHES, ADAPTED, replace(off, keys_lines_shift=20.0)) is SWATCHES
