"""A mark smaller than a JPEG chroma block shows its key's colour dulled: the block mixes it
with the paper round it, keeping its lightness. It is read by its hue, not taken for a duller
key's."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from artsheets.scanner.colours import Palette, Reading, _chroma_blocks, _classify_once, _dulled
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.template import template_for

from .fakes import one_fill
from .simulator import sheet_for


def _linear(lab: tuple[float, float, float]) -> np.ndarray:
    """Linear BGR of a CIELAB colour."""
    px = np.array(lab, np.float32).reshape(1, 1, 3)
    return cv2.cvtColor(px, cv2.COLOR_Lab2LBGR).reshape(3).astype(np.float64)


KEYS = {1: _linear((80.0, 24.0, -2.0)), 2: _linear((72.0, 5.0, 6.0))}  # a pink, a grey
MARK = _linear((84.0, 7.0, -1.0))  # a light pink mark with a third of its chroma left


def _read_mark(photo_px_per_mm: float, config: ScannerConfig = DEFAULT) -> Reading:
    """Read one fully pencilled fill of 240 working pixels in colour ``MARK`` from a photo
    of this many pixels per mm of paper."""
    tpl, styles, i, stats = one_fill("springer", MARK, config)
    regions = tpl.masks.regions
    palette = Palette(colours={k: c.copy() for k, c in KEYS.items()})
    dulled = _dulled(_chroma_blocks(stats.n, photo_px_per_mm, config), regions, config)
    out = _classify_once(
        stats, {config.fill: palette}, tpl, styles, None, config=config, dulled=dulled
    )
    return out[i]


def test_a_mark_under_a_chroma_block_is_read_by_its_hue() -> None:
    # At 2.5 px/mm the mark spans 60 photo pixels, under a quarter of a 16 x 16 block.
    sure = _read_mark(2.5)
    assert sure.color == 1 and sure.reason is None
    # Without the dulled comparison its low chroma is nearer the grey key's.
    off = replace(DEFAULT, dull_chroma_least=1.0)
    assert _read_mark(2.5, off).color == 2


def test_only_marks_under_the_block_share_are_dulled() -> None:
    tpl = template_for(sheet_for("springer").sheet_code)
    regions = tpl.masks.regions
    n = np.full(len(regions), 240.0)
    assert _dulled(_chroma_blocks(n, None, DEFAULT), regions, DEFAULT) is None
    assert (
        _dulled(_chroma_blocks(n, 20.0, DEFAULT), regions, DEFAULT) is None
    )  # 15 blocks: keeps its colour
    small = _dulled(_chroma_blocks(n, 2.5, DEFAULT), regions, DEFAULT)
    assert small is not None
    segment = np.array([r.kind == "segment" for r in regions])
    assert not small[segment].any() and small[~segment].all()
