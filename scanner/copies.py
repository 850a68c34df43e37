"""What a small, heavily compressed copy (a messaging app's) does to a traced line's colour.

A JPEG keeps colour once per chroma block (16 x 16 photo pixels under 4:2:0 subsampling) and
quantises it coarsely at the low qualities messaging apps use. At 2-3 photo pixels per mm of
paper a block spans 5-8 mm, and a traced line (a millimetre of pencil over the printed
black) is a tenth of it or less: where no fill lies round it, its chroma comes out mixed
with the neutral print and paper, while its lightness, kept at every photo pixel, stays
nearer its own. Fitted against its key at full chroma, such a trace reads as a key as dark
but duller (a green as a grey-green, a pink as a dusty rose).

So in such a photo a trace's pixels with no fill under them are fitted with the trace
keeping ``line_open_chroma`` of its key's chroma: its density's neutral part as laid, its
colour part scaled (the pressure stays free). Beside a fill the line's fit already models
what lies under the pixel (the fill's own measured colour, as the copy shows it), and the
trace keeps its key's chroma there."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.config import DEFAULT, ScannerConfig

__all__ = ["dulled_trace", "open_chroma_share"]


def open_chroma_share(small_photo: bool, config: ScannerConfig = DEFAULT) -> float | None:
    """The share of its key's chroma a trace keeps on paper in this photo: None (all of
    it, the usual model) unless the photo is too small to resolve a mark's colour."""
    if not small_photo or config.line_open_chroma >= 1.0:
        return None
    return config.line_open_chroma


def dulled_trace(curve: np.ndarray, share: float | None) -> np.ndarray | None:
    """A key's trace densities (amounts, 3) with ``share`` of their colour part kept and
    their neutral part as laid (None where ``share`` is None)."""
    if share is None:
        return None
    grey = curve.mean(axis=1, keepdims=True)
    return (grey + share * (curve - grey)).astype(np.float32)
