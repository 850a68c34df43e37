"""What an upload must be before it is stored: small enough, an image by its content (not its
name or declared type), and of a pixel count the scanner can hold in memory."""

from __future__ import annotations

import io
from dataclasses import dataclass

__all__ = ["MAX_BYTES", "MAX_PIXELS", "Photo", "UploadError", "check_photo"]

MAX_BYTES = 25 * 1024 * 1024  # a 12 MP phone JPEG is 2-8 MB; a PNG of one up to ~25 MB
# The scanner's peak memory is about 35 bytes a pixel (412 MB for 12 MP, docs/scanner.md):
# 25 MP is under 1 GB a scan, and every phone camera can save that size or smaller.
MAX_PIXELS = 25_000_000
MIN_SIDE = 600  # fewer pixels than this across cannot resolve the sheet's 0.6 mm QR modules

_MAGIC = (
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"\x89PNG\r\n\x1a\n", "image/png"),
)


class UploadError(Exception):
    """An upload refused; ``status`` is the HTTP status, the message says what to do."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Photo:
    data: bytes
    mime: str
    width: int
    height: int


def sniff(data: bytes) -> str | None:
    """The image type the bytes themselves say (JPEG, PNG or WebP), whatever the file name."""
    for magic, mime in _MAGIC:
        if data.startswith(magic):
            return mime
    if len(data) >= 12 and data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def check_photo(data: bytes) -> Photo:
    """The upload as a photo, or an :class:`UploadError` saying why not."""
    if not data:
        raise UploadError(400, "the upload was empty; choose or take a photo of the sheet")
    mime = sniff(data)
    if mime is None:
        raise UploadError(
            415, "this file is not a JPEG, PNG or WebP image; upload a photo of the sheet"
        )
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as img:  # reads the header only
            width, height = img.size
    except Exception:
        raise UploadError(
            415, "this image is damaged or cut short; take the photo again and upload it"
        ) from None
    if width * height > MAX_PIXELS:
        raise UploadError(
            413,
            f"the photo is {width} x {height} pixels ({width * height / 1e6:.0f} MP); at most "
            f"{MAX_PIXELS // 1_000_000} MP is read: set the camera to 12 MP",
        )
    if min(width, height) < MIN_SIDE:
        raise UploadError(
            400,
            f"the photo is only {width} x {height} pixels; take it at full camera resolution",
        )
    return Photo(data, mime, width, height)
