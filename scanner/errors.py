"""What can go wrong with a photo, said so that a person knows how to retake it.

A :class:`ScanError` is a :class:`~artsheets.errors.UserError`: a single scan ends with its
message on one line (exit 2), and a batch records it against the photo and goes on.
"""

from __future__ import annotations

from artsheets.errors import UserError

__all__ = ["ScanError"]


class ScanError(UserError):
    """A photo that cannot be read. ``reason`` is a short machine-readable tag
    (``unreadable_file``, ``not_a_sheet``, ``too_dark``, ``too_blurred``, ``markers_missing``,
    ``not_flat``, ``other_sheets``, ``qr_unreadable``, ``wrong_sheet``, ``bad_sheet_code``,
    ``too_small``);
    the message says what is wrong and how to retake the photo."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
