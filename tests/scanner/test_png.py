"""The overlay's PNG writer: a plain PNG that other readers read back to the very pixels."""

from __future__ import annotations

import io

import cv2
import numpy as np
import pytest
from PIL import Image

from artsheets.scanner.png import encode_rows, rgb_rows


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_the_rows_drawn_in_read_back_exactly(level: int) -> None:
    rng = np.random.default_rng(3)
    rows, picture = rgb_rows(37, 53)  # odd sizes: no row is a whole number of words
    picture[:] = rng.integers(0, 256, picture.shape, dtype=np.uint8)
    picture[10:20] = picture[9]  # repeated rows, as in the overlay's enlarged photo
    cv2.line(picture, (0, 0), (52, 36), (255, 0, 128), 3, cv2.LINE_AA)  # drawn in place
    data = encode_rows(rows, level)
    assert np.array_equal(np.asarray(Image.open(io.BytesIO(data)).convert("RGB")), picture)
    bgr = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED)
    assert np.array_equal(bgr[:, :, ::-1], picture)
