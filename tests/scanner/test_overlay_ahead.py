"""The overlay's picture made ahead, while the scan reads the colours: the scan hands over its
rectified sheet once it is final, and the overlay drawn on that picture is the same file as
one drawn afresh; a picture of another image, or with no room for the band, is not used."""

from __future__ import annotations

import dataclasses
import functools

import numpy as np

from artsheets.scanner import overlay
from artsheets.scanner.pipeline import ScanResult, scan_image

from .simulator import easy, sheet_for, simulate


@functools.cache
def _scanned() -> tuple[ScanResult, list[np.ndarray]]:
    photo = simulate(sheet_for("mondrian"), seed=3, conditions=easy((2000, 1500))).image
    handed: list[np.ndarray] = []
    return scan_image(photo, on_rectified=handed.append), handed


def test_the_scan_hands_over_its_final_image_once() -> None:
    result, handed = _scanned()
    assert len(handed) == 1 and handed[0] is result.image


def test_the_overlay_on_the_picture_made_ahead_is_the_same_file() -> None:
    result, _ = _scanned()
    fresh = overlay.overlay_png(result)
    overlay.start()
    picture = overlay.picture_soon(result.image)
    assert overlay.overlay_png_soon(result, picture).result(timeout=60) == fresh
    # ... and it is drawn on it: a picture changed below the band changes the file.
    rows = picture.result().rows.copy()
    rows[overlay.BAND_ROWS + 10, 1:] = 7
    assert overlay.overlay_png(result, overlay.Picture(result.image, rows)) != fresh


def test_a_picture_of_another_image_or_too_short_a_band_is_not_used() -> None:
    result, _ = _scanned()
    fresh = overlay.overlay_png(result)
    rows = overlay.picture_soon(result.image).result(timeout=60).rows.copy()
    rows[:, 1:] = 7
    other = overlay.Picture(result.image.copy(), rows)
    assert overlay.overlay_png(result, other) == fresh
    many = dataclasses.replace(result, notes=[f"note {i}" for i in range(12)])
    assert overlay.overlay_png(many, overlay.Picture(result.image, rows)) == overlay.overlay_png(
        many
    )
