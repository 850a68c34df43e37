"""A pale fill's colour is the mean of the few pixels whose noise carried them past the ink
bar, chroma and all: between two close keys (dark green beside green) it is not read surely
where a dark fill of the same hue offset is."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from artsheets.scanner.colours import Palette, Reading, _classify_once, _pale_widening
from artsheets.scanner.config import DEFAULT, ScannerConfig

from .fakes import one_fill


def _linear(lab: tuple[float, float, float]) -> np.ndarray:
    """Linear BGR of a CIELAB colour."""
    px = np.array([[lab]], np.float32)
    return cv2.cvtColor(px, cv2.COLOR_Lab2LBGR).reshape(3).astype(np.float64)


# Keys as a dim photo's swatches show a green and a dark green pencil (CIELAB).
GREEN = _linear((78.1, -13.3, 8.5))
DARK_GREEN = _linear((72.9, -5.4, 2.9))


def _read(
    lab: tuple[float, float, float], config: ScannerConfig = DEFAULT, grey_veto: bool = True
) -> Reading:
    tpl, styles, i, stats = one_fill("vasarely", _linear(lab), config)
    palette = Palette(colours={1: GREEN, 2: DARK_GREEN})
    return _classify_once(
        stats, {config.fill: palette}, tpl, styles, None, grey_veto, config=config
    )[i]


# A pale fill 9 CIELAB from paper whose chroma lies nearer green's curve than dark green's.
PALE = (95.2, -6.2, 4.9)


def test_a_pale_fill_between_close_keys_is_doubted() -> None:
    off = _read(PALE, replace(DEFAULT, fill_pale_delta=0.0))
    assert off.color == 1 and off.reason is None  # read surely without the widening
    on = _read(PALE)
    assert on.confidence < DEFAULT.review_below and on.reason is not None
    assert {on.color, on.runner_up} == {1, 2}


def test_a_small_copy_keeps_the_scatter_of_its_chroma_blocks() -> None:
    # Measured on photos that resolve a mark's colour; a messaging copy's is its blocks'.
    off = _read(PALE, replace(DEFAULT, fill_pale_delta=0.0), grey_veto=False)
    assert _read(PALE, grey_veto=False) == off


def test_a_fill_darker_than_the_bar_reads_as_before() -> None:
    dark = (85.0, -10.0, 6.3)  # 18 CIELAB from paper, on green's side
    assert _read(dark) == _read(dark, replace(DEFAULT, fill_pale_delta=0.0))
    assert _read(dark).color == 1


def test_the_widening_grows_towards_the_ink_bar() -> None:
    c = DEFAULT
    assert _pale_widening(c.fill_pale_delta, c) == 1.0
    assert _pale_widening(30.0, c) == 1.0
    near, nearer = _pale_widening(10.0, c), _pale_widening(8.0, c)
    assert 1.0 < near < nearer
    assert _pale_widening(9.0, replace(c, fill_pale_delta=0.0)) == 1.0
