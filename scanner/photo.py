"""A photo file decoded: at full size, or at a reduced scale when it has clearly more pixels
than the scan needs.

libjpeg decodes a JPEG at 1/2, 1/4 or 1/8 of its size straight from its DCT blocks, for a
fraction of a full decode (a 12-megapixel photo: 14 ms against 53 ms of processor). Whether
a photo is decoded reduced is decided from its header alone, before any pixel is decoded
(:func:`reduction`): its longest side at the reduced scale must still be
``ScannerConfig.reduced_decode_min_side`` pixels or more, enough for a sheet that fills the
frame to be seen at ``reduced_decode_min_px_per_mm``. Whether the sheet does fill the frame is
known only once its markers are found: :func:`~.pipeline.scan_image` checks the sparsest
marker's pixels per mm on the reduced photo and, when they are too few (or the reduced photo
cannot be registered or its QR code read), decodes the whole photo (:meth:`Photo.full`) and
starts again on it.

:func:`read_photo` is the one function that reads, decides and decodes (the command's reader
thread and :func:`~.pipeline.scan_file` both call it); an unreadable file or one that is not
an image gives the same messages either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.errors import ScanError

__all__ = ["Photo", "jpeg_size", "read_photo", "reduction"]

# OpenCV's flag for a colour decode at 1/k of the size (libjpeg's scaled IDCT for JPEGs).
_FLAGS = {
    1: cv2.IMREAD_COLOR,
    2: cv2.IMREAD_REDUCED_COLOR_2,
    4: cv2.IMREAD_REDUCED_COLOR_4,
    8: cv2.IMREAD_REDUCED_COLOR_8,
}
# JPEG start-of-frame markers (baseline, progressive, lossless...; not DHT C4, JPG C8, DAC CC).
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


@dataclass
class Photo:
    """A decoded photo: ``image`` (BGR) at 1/``scale`` of the file's size, and the file's
    bytes (for :meth:`full`)."""

    image: np.ndarray
    scale: int
    data: np.ndarray
    path: Path

    def full(self) -> Photo:
        """The same photo decoded at full size (itself when it is)."""
        if self.scale == 1:
            return self
        return Photo(_decode(self.data, 1, self.path), 1, self.data, self.path)


def jpeg_size(data: np.ndarray) -> tuple[int, int] | None:
    """(width, height) from a JPEG's start-of-frame header, without decoding; None when the
    bytes are not a JPEG or its header is cut short. (Pillow reads it as well, but importing
    it costs a one-photo process 10-20 ms.)"""
    b = data[: 1 << 20].tobytes()  # headers (EXIF thumbnails included) lie in the first MB
    if b[:2] != b"\xff\xd8":
        return None
    i = 2
    while i + 9 <= len(b):
        if b[i] != 0xFF:
            return None
        m = b[i + 1]
        if m == 0xFF:  # fill byte
            i += 1
            continue
        if m in _SOF:
            return int.from_bytes(b[i + 7 : i + 9], "big"), int.from_bytes(b[i + 5 : i + 7], "big")
        if m == 0xDA:  # start of scan: no frame header before it
            return None
        if m == 0x01 or 0xD0 <= m <= 0xD8:  # markers without a length
            i += 2
            continue
        i += 2 + int.from_bytes(b[i + 2 : i + 4], "big")
    return None


def reduction(data: np.ndarray, config: ScannerConfig = DEFAULT) -> int:
    """The scale (1, 2, 4 or 8: the file's pixels a decoded pixel) a photo file is decoded
    at: the largest whose longest side is still ``config.reduced_decode_min_side`` pixels or
    more; 1 for a file that is not a JPEG (other formats gain nothing from it) or when
    ``config.reduced_decode`` is off."""
    if not config.reduced_decode:
        return 1
    size = jpeg_size(data)
    if size is None:
        return 1
    side = max(size)
    for k in (8, 4, 2):
        if side // k >= config.reduced_decode_min_side:
            return k
    return 1


def read_photo(path: Path, config: ScannerConfig = DEFAULT) -> Photo:
    """Read a photo file (any format OpenCV reads) and decode it at :func:`reduction`'s
    scale, or say clearly why it cannot be."""
    try:
        data = np.fromfile(str(path), np.uint8)
    except OSError as e:
        raise ScanError("unreadable_file", f"cannot read {path}: {e.strerror or e}") from None
    scale = reduction(data, config) if data.size else 1
    return Photo(_decode(data, scale, path), scale, data, path)


def _decode(data: np.ndarray, scale: int, path: Path) -> np.ndarray:
    img = cv2.imdecode(data, _FLAGS[scale]) if data.size else None
    if img is None:
        raise ScanError(
            "unreadable_file",
            f"{path} is not an image OpenCV can read; give a JPEG or PNG photo of the sheet",
        )
    return img
