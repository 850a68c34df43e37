"""Is the photo good enough to read? Clear answers for dark, blurred and non-sheet photos.

Two moments: before registration, when no markers were found, to say *why* (too dark, too
blurred, or simply not a sheet); after registration, on the rectified markers, whose crisp
black-and-white edges measure focus in page millimetres whatever the camera's distance.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from artsheets.generator.layout import Marker
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.errors import ScanError
from artsheets.scanner.registration import marker_corners_mm, warp_page

__all__ = [
    "blur_mm",
    "check_blur",
    "check_exposure",
    "explain_no_markers",
]

# The thresholds (``max_blur_mm``, ``min_paper_level``, ``dark_photo_level``,
# ``smooth_photo_detail``, ``paper_share``, ``paper_solidity``) are ScannerConfig fields.
_RETAKE_LIGHT = "retake it in better light (daylight or a lamp; avoid your own shadow)"
_RETAKE_FOCUS = "hold the phone steady and tap the sheet to focus before taking the photo"


def explain_no_markers(
    gray: np.ndarray, found: int, sheet_code_seen: bool = False, config: ScannerConfig = DEFAULT
) -> ScanError:
    """Why no (or too few) markers were found: darkness, blur, or not a sheet at all.

    A photo with little fine detail is called blurred only when a sheet is there to be
    blurred: a sheet code was read in it, or a bright sheet of paper stands out from the
    rest (:func:`_paper_seen`); a smooth photo of something else is not a sheet."""
    small = cv2.resize(
        gray, (640, round(640 * gray.shape[0] / gray.shape[1])), interpolation=cv2.INTER_AREA
    )
    if np.percentile(small, 99) < config.dark_photo_level:
        return ScanError("too_dark", f"the photo is too dark to read; {_RETAKE_LIGHT}")
    lap = cv2.Laplacian(
        cv2.resize(
            gray, (1280, round(1280 * gray.shape[0] / gray.shape[1])), interpolation=cv2.INTER_AREA
        ),
        cv2.CV_32F,
    )
    blurred = float(lap.var()) < config.smooth_photo_detail
    if found == 0 and blurred and (sheet_code_seen or _paper_seen(small, config)):
        return ScanError("too_blurred", f"the photo is too blurred to read; {_RETAKE_FOCUS}")
    if found == 0:
        return ScanError(
            "not_a_sheet",
            "this does not look like an artsheets sheet: none of the four black corner markers "
            "was found; photograph a printed sheet, whole, from above",
        )
    return ScanError("markers_missing", "")  # replaced by the registration's own message


def _paper_seen(small: np.ndarray, config: ScannerConfig = DEFAULT) -> bool:
    """Does a bright, nearly convex blob (a sheet of paper) cover a fair share of the frame?
    Otsu's threshold splits paper from table; the largest bright outline is tested."""
    _, bright = cv2.threshold(small, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    contours, _ = cv2.findContours(bright, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return False
    blob = max(contours, key=cv2.contourArea)
    area = cv2.contourArea(blob)
    hull = cv2.contourArea(cv2.convexHull(blob))
    share = area / (small.shape[0] * small.shape[1])
    if share < config.paper_share or hull <= 0 or area / hull < config.paper_solidity:
        return False
    # A sheet, even with a corner cut off, meets at most two sides of the frame; the bright
    # part of an unevenly lit wall or table meets three or four.
    pts = blob.reshape(-1, 2)
    h, w = small.shape
    sides = [pts[:, 0] <= 1, pts[:, 1] <= 1, pts[:, 0] >= w - 2, pts[:, 1] >= h - 2]
    return sum(bool(np.any(side)) for side in sides) <= 2


def blur_mm(
    photo: np.ndarray,
    page_from_photo: np.ndarray,
    markers: list[Marker],
    photo_px_per_mm: float,
    ppm: float = 5.0,
) -> float:
    """Edge spread (sigma, mm) measured on the markers' black/white edges, rectified.

    For a step edge blurred by a Gaussian of sigma s, the steepest slope is
    contrast / (s * sqrt(2 pi)); the sharpest edges of a marker give that slope. Measured
    right after registration, before the QR code is read, so that a blurred photo is told
    as such rather than as an unreadable code.
    """
    spreads = []
    for m in markers:
        c = marker_corners_mm(m)
        x0, y0 = c.min(axis=0) - 1.5
        x1, y1 = c.max(axis=0) + 1.5
        patch = warp_page(
            photo, page_from_photo, ppm, (x1 - x0, y1 - y0), (x0, y0), photo_px_per_mm
        )
        gray = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(np.float32)
        lo, hi = np.percentile(gray, (5, 95))
        contrast = hi - lo
        if contrast < 20:
            continue
        gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3) / 8.0
        gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3) / 8.0
        g = float(np.percentile(np.hypot(gx, gy), 99.5))
        if g <= 0:
            continue
        s_px = contrast / (g * math.sqrt(2 * math.pi))
        # Resampling and the Sobel kernel themselves spread an ideal edge by about 0.8 px.
        spreads.append(math.sqrt(max(s_px**2 - 0.8**2, 0.0)) / ppm)
    return float(np.median(spreads)) if spreads else math.inf


def check_blur(spread: float, config: ScannerConfig = DEFAULT) -> None:
    if spread > config.max_blur_mm:
        raise ScanError(
            "too_blurred",
            f"the photo is too blurred to read (edges spread over {spread:.1f} mm); "
            + _RETAKE_FOCUS,
        )


def check_exposure(paper_level: float, config: ScannerConfig = DEFAULT) -> None:
    if paper_level < config.min_paper_level:
        raise ScanError(
            "too_dark",
            f"the photo is too dark to read (the paper is nearly black); {_RETAKE_LIGHT}",
        )
