"""In a small photo (a messaging app's copy) a region's colour is its JPEG chroma blocks'
mean: a blank region among fills takes a tint from them with hardly any darkening, and is
read blank (a colour cast) below ``pale_share_small`` of the faintest stroke; a fill spanning
a chroma block or more keeps its key's chroma, so grey marks there are no pencil's."""

from __future__ import annotations

import cv2
import numpy as np

from artsheets.scanner.colours import Palette, Reading, _classify_once, _faintest_darkening
from artsheets.scanner.config import DEFAULT

from .fakes import one_fill


def _linear(lab: tuple[float, float, float]) -> np.ndarray:
    """Linear BGR of a CIELAB colour."""
    px = np.array(lab, np.float32).reshape(1, 1, 3)
    return cv2.cvtColor(px, cv2.COLOR_Lab2LBGR).reshape(3).astype(np.float64)


KEYS = {1: _linear((76.7, 17.3, 6.6)), 2: _linear((81.8, 14.7, 18.6))}  # two warm pinks


def _palette() -> Palette:
    return Palette(colours={k: c.copy() for k, c in KEYS.items()})


def _read(
    lab: tuple[float, float, float], small_photo: bool, blocks: float | None = None
) -> Reading:
    """Read one fully pencilled fill in colour ``lab``, in a small photo or a 12 MP one,
    spanning ``blocks`` chroma blocks (None: unknown)."""
    tpl, styles, i, stats = one_fill("springer", _linear(lab))
    spans = None if blocks is None else np.full(len(tpl.masks.regions), blocks)
    out = _classify_once(
        stats,
        {DEFAULT.fill: _palette()},
        tpl,
        styles,
        None,
        grey_veto=not small_photo,
        config=DEFAULT,
        blocks=spans,
    )
    return out[i]


def test_a_tint_with_little_darkening_is_a_cast_in_a_small_photo() -> None:
    faint = _faintest_darkening(_palette())
    # Between the two shares: a cast in a small photo only.
    dark = 0.5 * (DEFAULT.pale_share + DEFAULT.pale_share_small) * faint
    tint = (100.0 - dark, -2.0, 7.0)  # a yellow-green tint, as a chroma block lends it
    small = _read(tint, small_photo=True)
    assert small.color is None and small.reason is not None and "tinted" in small.reason
    assert _read(tint, small_photo=False).color is not None


def test_grey_fills_over_a_chroma_block_are_doubted_in_a_small_photo() -> None:
    grey = (90.0, 0.5, 0.5)  # darker than paper, colourless: a shadow or smudge
    big = _read(grey, small_photo=True, blocks=4.0)
    assert big.color is None and big.grey
    # A fill under a block may be its key's colour mixed with paper: not judged so.
    assert not _read(grey, small_photo=True, blocks=0.2).grey
