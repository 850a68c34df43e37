"""The overlay's PNG writer: a plain PNG that other readers read back to the very pixels."""

from __future__ import annotations

import io
import zlib

import cv2
import numpy as np
import pytest
from PIL import Image

from artsheets.scanner.png import _adler32_combine, encode_rows, rgb_rows


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


@pytest.mark.parametrize("pieces", [2, 3, 4])
def test_rows_compressed_in_bands_side_by_side_read_back_exactly(pieces: int) -> None:
    """Bands of rows compressed in threads make one valid stream (its checksum combined from
    the bands'), read back to the same pixels by other readers."""
    rng = np.random.default_rng(pieces)
    rows, picture = rgb_rows(101, 77)
    picture[:] = rng.integers(0, 256, picture.shape, dtype=np.uint8)
    picture[1::2] = picture[::2][: len(picture[1::2])]
    data = encode_rows(rows, 1, pieces)
    assert data != encode_rows(rows, 1)  # the bands' own streams, not one
    assert np.array_equal(np.asarray(Image.open(io.BytesIO(data)).convert("RGB")), picture)
    bgr = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED)
    assert np.array_equal(bgr[:, :, ::-1], picture)
    assert zlib.decompress(data[33 + 8 : -16]) == rows.tobytes()  # the IDAT chunk's stream


def test_a_checksum_of_two_strings_from_each_ones() -> None:
    rng = np.random.default_rng(1)
    for n1, n2 in ((0, 5), (5, 0), (1, 65521), (100_000, 70_001), (3, 200_000)):
        a = rng.integers(0, 256, n1, dtype=np.uint8).tobytes()
        b = rng.integers(0, 256, n2, dtype=np.uint8).tobytes()
        assert _adler32_combine(zlib.adler32(a), zlib.adler32(b), n2) == zlib.adler32(a + b)
