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

import itertools
import struct

import numpy as np
from isal import isal_zlib

from artsheets.scanner.workers import in_parts

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


def encode_rows(rows: np.ndarray, level: int, pieces: int = 1) -> bytes:
    """The PNG file of ``rows`` (:func:`rgb_rows`), compressed at ISA-L's ``level`` (0-3),
    in ``pieces`` bands of rows side by side (:func:`_deflate`)."""
    height, row_bytes = rows.shape
    header = struct.pack(">IIBBBBB", (row_bytes - 1) // 3, height, 8, _RGB, 0, 0, 0)
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", _deflate(rows, level, pieces)),
            _chunk(b"IEND", b""),
        )
    )


def _deflate(rows: np.ndarray, level: int, pieces: int) -> bytes:
    """One zlib stream of ``rows``: with ``pieces`` > 1, bands of rows compressed in threads
    side by side (ISA-L leaves Python's lock while it works), as ``pigz`` does: each band a
    raw deflate stream of its own ending on a byte boundary (a full flush; the last band's
    ends the stream), after one stream's header, and the checksum of all the rows combined
    from the bands'. Each band starts with no earlier rows to refer to, so the file is a few
    kilobytes larger and its bytes differ from one band's; the rows it holds are the same."""
    if pieces <= 1 or len(rows) < 2 * pieces:
        return isal_zlib.compress(rows, level)
    cuts = [len(rows) * i // pieces for i in range(pieces + 1)]
    bands = [(rows[a:b], b == len(rows)) for a, b in itertools.pairwise(cuts)]

    def raw(band: tuple[np.ndarray, bool]) -> tuple[bytes, int, int]:
        data, last = band
        c = isal_zlib.compressobj(level, isal_zlib.DEFLATED, -15)
        out = c.compress(data) + c.flush(isal_zlib.Z_FINISH if last else isal_zlib.Z_FULL_FLUSH)
        return out, isal_zlib.adler32(data), data.nbytes

    done = in_parts(lambda some: [raw(b) for b in some], bands)
    check = done[0][1]
    for _, adler, size in done[1:]:
        check = _adler32_combine(check, adler, size)
    head = isal_zlib.compress(b"", level)[:2]  # the header one stream at this level has
    return b"".join([head, *(d for d, _, _ in done), struct.pack(">I", check)])


_ADLER_BASE = 65521


def _adler32_combine(first: int, second: int, second_len: int) -> int:
    """The Adler-32 of two byte strings one after the other, from each one's and the second's
    length (zlib's ``adler32_combine``)."""
    rem = second_len % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 += (second & 0xFFFF) + _ADLER_BASE - 1
    sum2 += (first >> 16) + (second >> 16) + _ADLER_BASE - rem
    sum1 %= _ADLER_BASE
    sum2 %= _ADLER_BASE
    return sum1 | (sum2 << 16)
