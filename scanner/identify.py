"""Identification: read the sheet code from the QR code and rebuild the sheet's layout.

The QR code's modules are 0.6 mm, a few pixels in a phone photo, often seen at a slant. Reading
it from the raw photo fails far more often than from a small patch cut out of the *rectified*
page: there it is square, upright and at a known place. The patch is taken straight from the
full-resolution photo. Its three finder patterns are located by template matching, the code
squared up, and decoded where it now is known to be (OpenCV's detector, which would search the
patch for it, takes several times as long). When that fails, the plain detector is tried on
the patch; when blur or JPEG noise defeat it too, the module grid is sampled directly (its
place and module size are known to a fraction of a module, the finder patterns fix the exact
offset and the version), and a clean re-drawn QR code is handed to the decoder.

The layout is rebuilt from the code alone (:func:`layout_from_code`) and cached with the
geometry the scanner derives from it, so a batch of photos of one sheet pays for it once.
"""

from __future__ import annotations

import functools

import cv2
import numpy as np

from artsheets.generator.layout import Layout
from artsheets.generator.registry import UnknownGame, layout_from_code
from artsheets.generator.sheetcode import SheetCodeError, parse_sheet_code
from artsheets.scanner.errors import ScanError
from artsheets.scanner.registration import warp_page

__all__ = ["QR_WINDOW_MM", "layout_for_code", "normalise_code", "read_sheet_code"]

# Where the furniture puts the QR code, relative to the bottom-left marker's centre (the same
# on every page size): its top-left corner is 10 mm right of and 9 mm above that centre, and it
# is at most 33 modules (19.8 mm) across. The window leaves a quiet zone round it.
QR_WINDOW_MM = (7.5, -12.5, 35.0, 26.0)  # dx, dy from the marker centre; width, height
QR_OFFSET_MM = (10.0, -9.0)  # the QR code's top-left corner from the marker centre
QR_MODULE_MM = 0.6
QR_SIZES = (21, 25, 29, 33)  # versions 1-4: every sheet code fits
_PPM = 10.0  # pixels per mm of the rectified QR patch


@functools.cache
def _qr_detector() -> cv2.QRCodeDetector:
    return cv2.QRCodeDetector()


def _detect(img: np.ndarray) -> str | None:
    try:
        text, _, _ = _qr_detector().detectAndDecode(img)
    except cv2.error:
        return None
    return text or None


def _finder_template(n: int) -> tuple[np.ndarray, np.ndarray]:
    """(expected bits, which modules are known) for an n x n code: the three finder patterns
    with their separators, and the timing patterns."""
    bits = np.zeros((n, n), np.uint8)
    known = np.zeros((n, n), bool)
    finder = np.ones((7, 7), np.uint8)
    finder[1:6, 1:6] = 0
    finder[2:5, 2:5] = 1
    for y, x in ((0, 0), (0, n - 7), (n - 7, 0)):
        bits[y : y + 7, x : x + 7] = finder
        known[max(0, y - 1) : y + 8, max(0, x - 1) : x + 8] = True
    t = (np.arange(8, n - 8) % 2 == 0).astype(np.uint8)
    bits[6, 8 : n - 8] = t
    bits[8 : n - 8, 6] = t
    known[6, 8 : n - 8] = True
    known[8 : n - 8, 6] = True
    return bits, known


def _erf(x: np.ndarray) -> np.ndarray:
    """The error function (Abramowitz and Stegun 7.1.26, error below 2e-7)."""
    t = 1.0 / (1.0 + 0.3275911 * np.abs(x))
    y = 1.0 - (
        ((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592
    ) * t * np.exp(-x * x)
    return np.sign(x) * y


def _blurred_modules(npx: int, start: float, n: int, sigma: float) -> np.ndarray:
    """(pixels, modules): how much of module i a pixel sees through a Gaussian blur of
    ``sigma`` pixels (a box of one module convolved with the blur, sampled at the pixel)."""
    step = QR_MODULE_MM * _PPM
    y = np.arange(npx, dtype=np.float64)[:, None]
    e0 = start + np.arange(n)[None, :] * step - 0.5
    s = sigma * np.sqrt(2.0)
    return 0.5 * (_erf((y - e0) / s) - _erf((y - e0 - step) / s))


def _deblur_grid(gray: np.ndarray, origin: tuple[float, float], n: int, sigma: float) -> np.ndarray:
    """Module darkness (about 0 white, 1 black) by least squares through a known blur.

    A Gaussian blur is separable, so the patch is ``A_y @ M @ A_x.T`` for the module values
    ``M``; a little Tikhonov regularisation keeps the inversion stable.
    """
    step = QR_MODULE_MM * _PPM
    x0, y0 = max(0, int(origin[0] - 2 * step)), max(0, int(origin[1] - 2 * step))
    x1 = min(gray.shape[1], int(origin[0] + (n + 2) * step))
    y1 = min(gray.shape[0], int(origin[1] + (n + 2) * step))
    patch = gray[y0:y1, x0:x1]
    lo, hi = np.percentile(patch, (3, 97))
    dark = (hi - patch) / max(hi - lo, 1.0)
    ay = _blurred_modules(y1 - y0, origin[1] - y0, n, sigma)
    ax = _blurred_modules(x1 - x0, origin[0] - x0, n, sigma)
    reg = 0.05 * np.eye(n)
    ly = np.linalg.solve(ay.T @ ay + reg, ay.T)
    lx = np.linalg.solve(ax.T @ ax + reg, ax.T)
    return ly @ dark @ lx.T


def _sample_grid(gray: np.ndarray, origin_px: tuple[float, float], n: int) -> np.ndarray:
    """Darkness (0..1, 1 = black) at the centres of an n x n module grid."""
    step = QR_MODULE_MM * _PPM
    idx = (np.arange(n) + 0.5) * step
    xs = (origin_px[0] + idx).astype(np.float32)
    ys = (origin_px[1] + idx).astype(np.float32)
    mx, my = np.meshgrid(xs, ys)
    vals = cv2.remap(gray, mx, my, cv2.INTER_LINEAR)
    lo, hi = np.percentile(vals, (5, 95))
    return np.clip((hi - vals) / max(hi - lo, 1.0), 0.0, 1.0)


def _redraw(dark: np.ndarray) -> str | None:
    """Decode a clean drawing of the module grid (dark > 0.5 is black)."""
    n = dark.shape[0]
    clean = np.full((n + 8, n + 8), 255, np.uint8)
    clean[4:-4, 4:-4] = np.where(dark > 0.5, 0, 255)
    return _detect(cv2.resize(clean, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST))


_STEP = QR_MODULE_MM * _PPM  # pixels per module in the patch


def _finder_image() -> np.ndarray:
    """A finder pattern (7 x 7 modules) with one module of white round it, as a template."""
    m = np.full((9, 9), 255, np.uint8)
    m[1:8, 1:8] = 0
    m[2:7, 2:7] = 255
    m[3:6, 3:6] = 0
    size = round(9 * _STEP)
    return cv2.resize(m, (size, size), interpolation=cv2.INTER_NEAREST).astype(np.float32)


def _finders(gray: np.ndarray, expected: tuple[float, float]) -> np.ndarray | None:
    """Centres of the top-left, top-right and bottom-left finder patterns (3 x 2), or None.

    Found by template matching, the three best separate peaks; the top-left one is where
    the other two meet at a right angle. Being found, not assumed, they absorb what the
    homography left: a curled corner, a slight scale or slant."""
    templ = _finder_image()
    res = cv2.matchTemplate(gray, templ, cv2.TM_CCOEFF_NORMED)
    half = templ.shape[0] / 2 - 0.5
    peaks: list[np.ndarray] = []
    work = res.copy()
    for _ in range(3):
        _, val, _, (x, y) = cv2.minMaxLoc(work)
        if val < 0.3:
            return None
        peaks.append(np.array([x + half, y + half]))
        cv2.circle(work, (x, y), round(4 * _STEP), -1.0, -1)
    pts = np.array(peaks)
    # The corner: the peak whose two vectors to the others are closest to perpendicular.
    best = min(
        range(3),
        key=lambda i: abs(
            np.dot(pts[(i + 1) % 3] - pts[i], pts[(i + 2) % 3] - pts[i])
            / (
                np.linalg.norm(pts[(i + 1) % 3] - pts[i])
                * np.linalg.norm(pts[(i + 2) % 3] - pts[i])
            )
        ),
    )
    tl = pts[best]
    a, b = pts[(best + 1) % 3], pts[(best + 2) % 3]
    # Top-right is clockwise from bottom-left in image coordinates (y down).
    cross = (a - tl)[0] * (b - tl)[1] - (a - tl)[1] * (b - tl)[0]
    tr, bl = (a, b) if cross > 0 else (b, a)
    if np.linalg.norm(tl - np.asarray(expected)) > 3.0 * _PPM:
        return None
    return np.array([tl, tr, bl])


def _canonical(gray: np.ndarray, finders: np.ndarray) -> tuple[np.ndarray, int] | None:
    """The code warped square and upright at ``_STEP`` pixels per module with a 4-module
    quiet zone, and its size in modules."""
    tl, tr, bl = finders
    span = (np.linalg.norm(tr - tl) + np.linalg.norm(bl - tl)) / 2 / _STEP
    n = min(QR_SIZES, key=lambda k: abs((k - 7) - span))
    if abs((n - 7) - span) > 1.5:
        return None
    src = np.float32([tl, tr, bl])
    c = 3.5 * _STEP + 4 * _STEP
    far = (n - 3.5) * _STEP + 4 * _STEP
    dst = np.float32([[c, c], [far, c], [c, far]])
    m = cv2.getAffineTransform(dst, src)
    size = round((n + 8) * _STEP)
    out = cv2.warpAffine(
        gray,
        m,
        (size, size),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return out, n


def _squared(patch: np.ndarray, origin_px: tuple[float, float]) -> tuple[np.ndarray, int] | None:
    """The code squared up by its finder patterns (see :func:`_canonical`), or None."""
    raw = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(np.float32)
    expected = (origin_px[0] + 3.5 * _STEP, origin_px[1] + 3.5 * _STEP)
    finders = _finders(raw, expected)
    if finders is None:
        return None
    return _canonical(raw, finders)


def _decode_in_place(patch: np.ndarray, origin_px: tuple[float, float]) -> str | None:
    """Square the code up and decode it at its corners, now known: no search for it."""
    found = _squared(patch, origin_px)
    if found is None:
        return None
    square, n = found
    c0, c1 = 4 * _STEP - 0.5, (n + 4) * _STEP - 0.5
    corners = np.array([[[c0, c0], [c1, c0], [c1, c1], [c0, c1]]], np.float32)
    try:
        text, _ = _qr_detector().decode(square.astype(np.uint8), corners)
    except cv2.error:
        return None
    return text or None


def _decode_grid(patch: np.ndarray, origin_px: tuple[float, float]) -> str | None:
    """Find the finder patterns, square the code up, undo the blur, decode a clean redrawing."""
    found = _squared(patch, origin_px)
    if found is None:
        return None
    square, n = found
    text = _detect(square.astype(np.uint8))
    if text:
        return text
    origin = (4 * _STEP - 0.5, 4 * _STEP - 0.5)
    sharp = cv2.addWeighted(square, 3.0, cv2.GaussianBlur(square, (0, 0), 2.0), -2.0, 0)
    text = _redraw(_sample_grid(cv2.GaussianBlur(sharp, (0, 0), 1.0), origin, n))
    if text:
        return text
    bits, known = _finder_template(n)
    tries = []
    for sigma in (1.5, 2.5, 3.5, 4.5):
        dark = _deblur_grid(square, origin, n, sigma)
        fit = float(np.mean(np.abs(np.clip(dark[known], 0, 1) - bits[known])))
        tries.append((fit, dark))
    tries.sort(key=lambda t: t[0])
    for _, dark in tries:
        text = _redraw(dark)
        if text:
            return text
    return None


def read_sheet_code(
    photo: np.ndarray, page_from_photo: np.ndarray, bottom_left: tuple[float, float], ppm: float
) -> str | None:
    """The text of the sheet's QR code, or None when it cannot be read.

    ``bottom_left`` is the bottom-left marker's centre in the page frame ``page_from_photo``
    maps to; ``ppm`` is the photo's pixels per mm (to reduce large photos before warping).
    """
    dx, dy, w, h = QR_WINDOW_MM
    origin = (bottom_left[0] + dx, bottom_left[1] + dy)
    patch = warp_page(photo, page_from_photo, _PPM, (w, h), origin, ppm)
    qr_px = ((QR_OFFSET_MM[0] - dx) * _PPM - 0.5, (QR_OFFSET_MM[1] - dy) * _PPM - 0.5)
    text = _decode_in_place(patch, qr_px)
    if text:
        return text
    for img in (
        patch,
        cv2.resize(patch, None, fx=0.6, fy=0.6, interpolation=cv2.INTER_AREA),
        cv2.GaussianBlur(patch, (0, 0), 1.2),
    ):
        text = _detect(img)
        if text:
            return text
    return _decode_grid(patch, qr_px)


def normalise_code(text: str) -> str:
    """A verified sheet code (case and blanks forgiven) or a :class:`ScanError` saying why not."""
    try:
        return str(parse_sheet_code(text))
    except SheetCodeError as e:
        raise ScanError("bad_sheet_code", str(e)) from None


@functools.lru_cache(maxsize=32)
def layout_for_code(code: str) -> Layout:
    """The layout a sheet code names (cached: rebuilding a field can take a while)."""
    try:
        return layout_from_code(code)
    except (SheetCodeError, UnknownGame, ValueError) as e:
        raise ScanError(
            "bad_sheet_code",
            f"sheet code {code} cannot be rebuilt: {e}; check the code printed on the sheet",
        ) from None
