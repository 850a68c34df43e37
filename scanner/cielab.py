"""CIELAB of linear colours, the space the colour model compares keys and marks in.

Its own module because both :mod:`.colours` (reading marks) and :mod:`.keys` (adapting the
keys to a sheet's marks, which :mod:`.colours` imports) convert colours to it."""

from __future__ import annotations

import cv2
import numpy as np

__all__ = ["lab"]


def lab(bgr_linear: np.ndarray) -> np.ndarray:
    """CIELAB of linear BGR colours, shape (n, 3). (Laid out as one row: OpenCV converts an
    image row by row, and n rows of one pixel each take six times as long.)"""
    arr = np.asarray(bgr_linear, np.float32).reshape(1, -1, 3)
    return cv2.cvtColor(np.clip(arr, 0, 1.5), cv2.COLOR_LBGR2Lab).reshape(-1, 3)
