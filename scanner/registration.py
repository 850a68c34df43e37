"""Registration: find the four ArUco corner markers in a photo and map the photo onto the page.

Markers are looked for in a reduced copy of the photo (fast on 12-megapixel images), first
with a single threshold window (enough for a sheet in fair light), then, as long as fewer than
four have turned up, with more windows, more thorough settings and at a higher resolution;
their corners are then refined to sub-pixel precision in the full photo. Each marker's four
corners are known on the page (ids 0..3 at the top-left, top-right, bottom-right and
bottom-left, printed upright), so any three markers give twelve point pairs for a
least-squares homography, and the ids fix the sheet's rotation: a photo taken upside down or
sideways registers the same way.

The reprojection error (how far the detected corners lie from where the homography puts them)
is reported, and bounded: a marker that disagrees with the others (a look-alike in the
clutter, a corner under a finger) is dropped when three consistent ones remain, and a sheet
bent so much that no homography fits is refused with advice to flatten it. What a homography
cannot model (curl, a bent corner) is corrected afterwards against the printed lines
(:mod:`artsheets.scanner.refine`).
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass

import cv2
import numpy as np

from artsheets.generator.furniture import CORNERS, MARKER_MM
from artsheets.generator.layout import PAGES, Marker, Page
from artsheets.generator.sheet import MARGIN_MM
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.errors import ScanError

__all__ = [
    "Registration",
    "detect_marker_candidates",
    "detect_markers",
    "fit_markers",
    "marker_corners_mm",
    "page_inside_photo",
    "page_markers",
    "page_to_pixels",
    "register",
    "warp_page",
]

MARKER_IDS = tuple(range(len(CORNERS)))

# The detection passes and the other settings are ScannerConfig fields (``detect_passes``...):
# the quick pass tries one threshold window (it finds all four markers in most photos, in a
# third of the time); the normal pass three; the thorough one more, and smaller markers, for
# uneven light.
Pass = tuple[float, int, int, int]


@functools.lru_cache(maxsize=8)
def _detector(settings: Pass) -> cv2.aruco.ArucoDetector:
    """ArUco detector tuned for small, blurred, tilted markers: bits are sampled on an 8-pixel
    grid per cell with a wide margin (the default 4 pixels misreads blurred cells); the
    threshold windows and smallest size are those of the pass ``settings`` (cached by their
    values: the same settings make the same detector)."""
    perimeter, win_min, win_max, win_step = settings
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.perspectiveRemovePixelPerCell = 8
    params.perspectiveRemoveIgnoredMarginPerCell = 0.3
    params.minMarkerPerimeterRate = perimeter
    params.adaptiveThreshWinSizeMin = win_min
    params.adaptiveThreshWinSizeMax = win_max
    params.adaptiveThreshWinSizeStep = win_step
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params)


def page_markers(page: Page) -> list[Marker]:
    """Where the furniture puts the markers on a page of this size (before the layout is known:
    the sheet code, and so the page, is only read after registration)."""
    w, h = page.width_mm, page.height_mm
    half = MARKER_MM / 2
    out = []
    for marker_id, corner in enumerate(CORNERS):
        cx = MARGIN_MM + half if "left" in corner else w - MARGIN_MM - half
        cy = MARGIN_MM + half if "top" in corner else h - MARGIN_MM - half
        out.append(Marker(marker_id, corner, (cx, cy), MARKER_MM))
    return out


def marker_corners_mm(marker: Marker) -> np.ndarray:
    """The marker's outer corners on the page in ArUco order (TL, TR, BR, BL), shape (4, 2)."""
    cx, cy = marker.center
    h = marker.size_mm / 2
    return np.array([[cx - h, cy - h], [cx + h, cy - h], [cx + h, cy + h], [cx - h, cy + h]])


def _detect_once(gray: np.ndarray, scale: float, settings: Pass) -> list[tuple[int, np.ndarray]]:
    """Every marker with an id 0..3 in ``gray`` (corners scaled back by 1/scale): a photo may
    show the markers of more than one sheet, or a look-alike in the clutter."""
    corners, ids, _ = _detector(settings).detectMarkers(gray)
    if ids is None:
        return []
    found = []
    for c, i in zip(corners, ids.ravel().tolist(), strict=True):
        if i in MARKER_IDS:
            # Pixel centres: x_full + 0.5 = (x_small + 0.5) / scale.
            found.append((int(i), (c.reshape(4, 2).astype(np.float64) + 0.5) / scale - 0.5))
    return found


def _add_new(found: list[tuple[int, np.ndarray]], more: list[tuple[int, np.ndarray]]) -> None:
    """Add the markers of ``more`` not already in ``found`` (the same id within half a side)."""
    for i, pts in more:
        centre = pts.mean(axis=0)
        if not any(
            j == i and np.linalg.norm(q.mean(axis=0) - centre) < _side(q) / 2 for j, q in found
        ):
            found.append((i, pts))


def _reduced(gray: np.ndarray, scale: float) -> tuple[np.ndarray, float]:
    """``gray`` reduced to ``scale`` of its size (if below 1), and the scale it has.

    With area averaging, by a whole factor first when the reduction is 2 or more (OpenCV's
    fast path: halving 12 megapixels takes half a millisecond, where reducing by 2.5 at once
    takes fourteen), then the rest, on the image already averaged, by linear interpolation.
    A whole factor that does not divide the size crops a row or column at the far edge,
    where no marker is read."""
    if scale >= 1.0:
        return gray, 1.0
    h0, w0 = gray.shape
    size = (round(w0 * scale), round(h0 * scale))
    k = int(1.0 / scale)
    if k < 2:
        return cv2.resize(gray, size, interpolation=cv2.INTER_AREA), size[0] / w0
    crop = gray[: h0 - h0 % k, : w0 - w0 % k]
    gray = cv2.resize(crop, (w0 // k, h0 // k), interpolation=cv2.INTER_AREA)
    if gray.shape[::-1] != size:
        gray = cv2.resize(gray, size, interpolation=cv2.INTER_LINEAR)
    return gray, size[0] / w0


def detect_marker_candidates(
    gray: np.ndarray, config: ScannerConfig = DEFAULT
) -> list[tuple[int, np.ndarray]]:
    """Every corner marker seen, as (id, its four corners in photo pixels, sub-pixel at full
    resolution): several of one id when the photo shows more than one sheet
    (:mod:`.locate` tells which belong together)."""
    h, w = gray.shape
    small, scale = _reduced(gray, config.detect_max_side / max(h, w))
    found: list[tuple[int, np.ndarray]] = []

    def complete() -> bool:
        """Whether no further pass can add a marker of this sheet."""
        return len({i for i, _ in found}) >= 4 or _fourth_out_of_frame(found, gray.shape, config)

    done = False
    for settings in config.detect_passes:
        done = complete()
        if done:
            break
        _add_new(found, _detect_once(small, scale, settings))
    else:
        done = complete()
    if not done and scale < 1.0:
        sides = [_side(p) * scale for _, p in found]
        if not sides or float(np.median(sides)) < config.detect_again_below_px:
            # Markers too small for the reduced copy: look again at twice its resolution.
            big, up = _reduced(gray, 2 * scale)
            _add_new(found, _detect_once(big, up, config.detect_passes[-1]))
    out = []
    for i, pts in found:
        win = int(np.clip(_side(pts) / 12, 2, 12))
        refined = pts.astype(np.float32).reshape(-1, 1, 2)
        cv2.cornerSubPix(
            gray,
            refined,
            (win, win),
            (-1, -1),
            (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_COUNT, 30, 0.01),
        )
        moved = np.linalg.norm(refined.reshape(4, 2) - pts, axis=1)
        # Keep the refinement only where it stayed near the detected corner.
        out.append((i, np.where(moved[:, None] < win, refined.reshape(4, 2), pts)))
    return out


def _fourth_out_of_frame(
    found: list[tuple[int, np.ndarray]], shape: tuple[int, ...], config: ScannerConfig
) -> bool:
    """Whether the markers found are three of one sheet whose fourth lies out of the photo, so
    that no further pass can find it: three markers, one of each id (two of one id mean
    another sheet in the frame, whose markers the further passes may be needed for), fitting
    one homography within ``max_reprojection_mm`` on every page size, and the fourth's centre
    more than ``marker_out_mm`` outside the frame on each. (The further passes took 10-357 ms
    a photo looking for it, against 5-10 ms for a photo whose four markers are found.)"""
    ids = {i for i, _ in found}
    if len(found) != 3 or len(ids) != 3:
        return False
    corners = dict(found)
    (missing,) = set(MARKER_IDS) - ids
    h, w = shape[:2]
    out_px = config.marker_out_mm * float(np.mean([_side(p) for _, p in found])) / MARKER_MM
    for page in PAGES.values():
        markers = {m.id: m for m in page_markers(page)}
        H, _, err_mm = fit_markers(tuple(sorted(ids)), corners, markers)
        if not err_mm <= config.max_reprojection_mm:
            return False
        back = np.linalg.inv(H)
        x, y, z = back @ np.append(marker_corners_mm(markers[missing]).mean(axis=0), 1.0)
        seen = back @ np.append(marker_corners_mm(markers[min(ids)]).mean(axis=0), 1.0)
        # A centre beyond the horizon (z of the other sign) is no sign of being out of frame.
        beyond = max(-x / z, x / z - w, -y / z, y / z - h)
        if z * seen[2] <= 0 or beyond <= out_px:
            return False
    return True


def detect_markers(gray: np.ndarray, config: ScannerConfig = DEFAULT) -> dict[int, np.ndarray]:
    """Marker id -> its four corners in photo pixels (sub-pixel, full resolution); the
    largest wins when an id is seen twice (for a photo of one sheet)."""
    found: dict[int, np.ndarray] = {}
    for i, pts in detect_marker_candidates(gray, config):
        if i not in found or _side(pts) > _side(found[i]):
            found[i] = pts
    return found


def _side(pts: np.ndarray) -> float:
    """Mean side length of a quadrilateral."""
    return float(np.mean(np.linalg.norm(pts - np.roll(pts, 1, axis=0), axis=1)))


@dataclass(frozen=True)
class Registration:
    """The photo-to-page mapping and how well it fits.

    ``page_from_photo`` maps photo pixels (x, y, 1) to page millimetres; ``markers_used`` are
    the ids the homography was fitted to (a detected marker that disagreed is left out and
    named in ``markers_rejected``).
    """

    page_from_photo: np.ndarray
    markers_found: tuple[int, ...]
    markers_used: tuple[int, ...]
    markers_rejected: tuple[int, ...]
    reprojection_error_px: float
    reprojection_error_mm: float
    px_per_mm: float
    corners: dict[int, np.ndarray]

    @property
    def photo_from_page(self) -> np.ndarray:
        return np.linalg.inv(self.page_from_photo)

    @property
    def least_px_per_mm(self) -> float:
        """The photo's pixels per mm at the sparsest marker used (``px_per_mm`` is their
        mean): the far edge of a steep photo."""
        return float(min(_side(self.corners[i]) for i in self.markers_used) / MARKER_MM)


def fit_markers(
    ids: tuple[int, ...], corners: dict[int, np.ndarray], markers: dict[int, Marker]
) -> tuple[np.ndarray, float, float]:
    """Least-squares homography photo -> page from the given markers; (H, rms px, rms mm)."""
    src = np.concatenate([corners[i] for i in ids]).astype(np.float64)
    dst = np.concatenate([marker_corners_mm(markers[i]) for i in ids])
    H, _ = cv2.findHomography(src, dst, 0)
    if H is None:
        return np.eye(3), math.inf, math.inf
    back = cv2.perspectiveTransform(dst.reshape(-1, 1, 2), np.linalg.inv(H)).reshape(-1, 2)
    err_px = float(np.sqrt(np.mean(np.sum((back - src) ** 2, axis=1))))
    fwd = cv2.perspectiveTransform(src.reshape(-1, 1, 2), H).reshape(-1, 2)
    err_mm = float(np.sqrt(np.mean(np.sum((fwd - dst) ** 2, axis=1))))
    return H, err_px, err_mm


def register(
    corners: dict[int, np.ndarray], markers: list[Marker], config: ScannerConfig = DEFAULT
) -> Registration:
    """Fit the homography from the detected markers, rejecting one inconsistent marker.

    Raises :class:`ScanError` when fewer than three markers agree or the fit is too poor.
    """
    by_id = {m.id: m for m in markers}
    found = tuple(sorted(i for i in corners if i in by_id))
    if len(found) < 3:
        missing = [by_id[i].corner for i in sorted(by_id) if i not in corners]
        raise ScanError(
            "markers_missing",
            f"only {len(found)} of the 4 corner markers are visible (missing: "
            f"{', '.join(missing)}); retake the photo with the whole sheet in the frame, "
            "the black corner squares uncovered and in focus",
        )
    best = (found, *fit_markers(found, corners, by_id))
    if len(found) == 4 and best[3] > config.agree_mm:
        # Four markers that one homography fits closely all belong to the sheet. When they
        # do not, test each against the other three: a look-alike in the clutter lands
        # many millimetres from where three real markers put it. (Three markers alone fix
        # the perspective poorly: under a steep tilt, curl of a millimetre can put a real
        # fourth marker 10 mm from where they predict it, so that test is no test at all
        # while the four agree.)
        fits = sorted(
            ((*fit_markers(sub, corners, by_id), sub) for sub in itertools.combinations(found, 3)),
            key=lambda t: t[2],
        )
        H3, px3, mm3, sub = fits[0]
        (left,) = set(found) - set(sub)
        seen = cv2.perspectiveTransform(corners[left].reshape(-1, 1, 2), H3).reshape(4, 2)
        off = float(np.sqrt(np.mean(np.sum((seen - marker_corners_mm(by_id[left])) ** 2, axis=1))))
        if mm3 < config.three_agree_mm and off > config.outlier_mm:
            best = (sub, H3, px3, mm3)
    used, H, err_px, err_mm = best
    if err_mm > config.max_reprojection_mm:
        raise ScanError(
            "not_flat",
            f"the corner markers do not lie on a flat sheet (they disagree by {err_mm:.1f} mm); "
            "flatten the paper on the table and retake the photo from above",
        )
    px_per_mm = float(np.mean([_side(corners[i]) for i in used]) / MARKER_MM)
    return Registration(
        page_from_photo=H,
        markers_found=found,
        markers_used=tuple(used),
        markers_rejected=tuple(i for i in found if i not in used),
        reprojection_error_px=err_px,
        reprojection_error_mm=err_mm,
        px_per_mm=px_per_mm,
        corners={i: corners[i] for i in found},
    )


def page_to_pixels(px_per_mm: float, origin_mm: tuple[float, float] = (0.0, 0.0)) -> np.ndarray:
    """The affine map page mm -> image pixels of a rectified image at ``px_per_mm`` whose
    pixel (0, 0) covers the millimetre square at ``origin_mm`` (pixel centres at +0.5)."""
    s = px_per_mm
    ox, oy = origin_mm
    return np.array([[s, 0.0, -ox * s - 0.5], [0.0, s, -oy * s - 0.5], [0.0, 0.0, 1.0]])


def warp_page(
    photo: np.ndarray,
    page_from_photo: np.ndarray,
    px_per_mm: float,
    size_mm: tuple[float, float],
    origin_mm: tuple[float, float] = (0.0, 0.0),
    photo_px_per_mm: float | None = None,
) -> np.ndarray:
    """The part of the page from ``origin_mm`` of ``size_mm``, rectified at ``px_per_mm``.

    When the photo is much sharper than the output, it is first reduced with area averaging so
    that the warp does not alias pencil texture and sensor noise into the result.
    """
    H = page_from_photo
    src = photo
    if photo_px_per_mm is not None and photo_px_per_mm > 2.0 * px_per_mm:
        f = int(photo_px_per_mm / (1.4 * px_per_mm))
        if f >= 2:
            h, w = photo.shape[:2]
            src = cv2.resize(photo, (w // f, h // f), interpolation=cv2.INTER_AREA)
            sx, sy = w / (w // f), h / (h // f)
            # Pixel centres: x_full = (x_small + 0.5) * s - 0.5
            S = np.array([[sx, 0, 0.5 * sx - 0.5], [0, sy, 0.5 * sy - 0.5], [0, 0, 1.0]])
            H = H @ S
    M = page_to_pixels(px_per_mm, origin_mm) @ H
    size = (round(size_mm[0] * px_per_mm), round(size_mm[1] * px_per_mm))
    return cv2.warpPerspective(
        src, M, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0
    )


def page_inside_photo(
    page_from_photo: np.ndarray,
    photo_shape: tuple[int, ...],
    size_mm: tuple[float, float],
    px_per_mm: float,
) -> np.ndarray:
    """Which pixels of the rectified page (at ``px_per_mm``) the photo shows (bool): a sheet
    partly out of the frame must not be read as black there. Computed on a 1 mm grid, with
    a 1 mm margin inside the frame's edge."""
    size = (round(size_mm[0] * px_per_mm), round(size_mm[1] * px_per_mm))
    h, w = photo_shape[:2]
    photo_from_page = np.linalg.inv(page_from_photo)
    w_mm, h_mm = int(np.ceil(size_mm[0])), int(np.ceil(size_mm[1]))
    # The usual case, the whole page in the frame, at once: a homography maps the grid's
    # bounding rectangle, all in front of the camera (the same sign of w at its corners),
    # onto a convex quadrilateral, which is inside the frame when its corners are.
    ends = np.array([[0.5, 0.5], [w_mm - 0.5, 0.5], [w_mm - 0.5, h_mm - 0.5], [0.5, h_mm - 0.5]])
    depth = np.c_[ends, np.ones(4)] @ photo_from_page[2]
    if np.all(depth > 0) or np.all(depth < 0):
        xy = cv2.perspectiveTransform(ends.reshape(-1, 1, 2), photo_from_page).reshape(4, 2)
        if np.all(xy >= 0) and np.all(xy[:, 0] <= w - 1) and np.all(xy[:, 1] <= h - 1):
            return np.ones(size[::-1], bool)
    xs, ys = np.meshgrid(np.arange(w_mm) + 0.5, np.arange(h_mm) + 0.5)
    pts = np.stack([xs.ravel(), ys.ravel()], axis=1).reshape(-1, 1, 2)
    back = cv2.perspectiveTransform(pts, photo_from_page).reshape(h_mm, w_mm, 2)
    ok = (
        (back[..., 0] >= 0)
        & (back[..., 1] >= 0)
        & (back[..., 0] <= w - 1)
        & (back[..., 1] <= h - 1)
    )
    ok = cv2.erode(ok.astype(np.uint8), np.ones((3, 3), np.uint8), borderType=cv2.BORDER_REPLICATE)
    return cv2.resize(ok, size, interpolation=cv2.INTER_NEAREST) > 0
