"""A PNG file from rows already laid out as the format stores them, compressed by ISA-L.

A PNG's picture data is one zlib stream of its rows, each row a filter-type byte and then the
row's bytes (RGB here). A caller that draws straight into such rows (:func:`rgb_rows`: the
picture is a view of them) leaves nothing to copy, convert or filter: the rows are compressed
as they lie. The compression is Intel's ISA-L (the ``isal`` package), whose fastest levels
compress this kind of picture several times faster than zlib's fastest, to a file as small
(the overlay's figures: :data:`artsheets.scanner.overlay.PNG_LEVEL`). The file is a plain
PNG that every reader reads: 8 bits a channel, no interlacing, one IDAT chunk.
"""

from __future__ import annotations

import struct

import numpy as np
from isal import isal_zlib

__all__ = ["encode_rows", "rgb_rows"]

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_RGB = 2  # the IHDR colour type of 8-bit RGB


def rgb_rows(height: int, width: int) -> tuple[np.ndarray, np.ndarray]:
    """Rows for a ``height`` x ``width`` RGB picture, each with filter type 0 (none) in
    front, and the picture: a (height, width, 3) view of them to draw in (OpenCV draws into
    such a view in place)."""
    rows = np.empty((height, 1 + 3 * width), np.uint8)
    rows[:, 0] = 0
    return rows, rows[:, 1:].reshape(height, width, 3)


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = isal_zlib.crc32(data, isal_zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def encode_rows(rows: np.ndarray, level: int) -> bytes:
    """The PNG file of ``rows`` (:func:`rgb_rows`), compressed at ISA-L's ``level`` (0-3)."""
    height, row_bytes = rows.shape
    header = struct.pack(">IIBBBBB", (row_bytes - 1) // 3, height, 8, _RGB, 0, 0, 0)
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", isal_zlib.compress(rows, level)),
            _chunk(b"IEND", b""),
        )
    )
