"""Identification: read the sheet code from the QR code and rebuild the sheet's layout.

The QR code's modules are 0.6 mm, a few pixels in a phone photo, often seen at a slant. Reading
it from the raw photo fails far more often than from a small patch cut out of the *rectified*
page: there it is square, upright and at a known place. The patch is taken straight from the
full-resolution photo. Its three finder patterns are located by template matching, the code
squared up, and decoded where it now is known to be (OpenCV's detector, which would search the
patch for it, takes several times as long). When that fails, the plain detector is tried on
the patch; when blur or JPEG noise defeat it too, the module grid is read directly (its place
and module size are known to a fraction of a module, the finder patterns fix the exact offset
and the version): sampled after sharpening, then fitted through the photo's blur
(:mod:`.qrdeblur`), and decoded with each module's certainty (:mod:`.qrdecode`).

Sheets carry the code twice, in the footer beside the bottom-left marker and in the header
beside the top-right one. The footer code is read first; the header code only when that
fails (a photo that cut off the bottom-left corner), which costs nothing on most photos and
leaves sheets printed before the header code as they were.

The layout is rebuilt from the code alone (:func:`layout_from_code`) and cached with the
geometry the scanner derives from it, so a batch of photos of one sheet pays for it once.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import cv2
import numpy as np
import zxingcpp

from artsheets.generator.furniture import QR_FOOT_CORNER_MM, QR_HEAD_CORNER_MM, QR_MODULE_MM
from artsheets.generator.layout import PAGES, Layout, Page
from artsheets.generator.sheetcode import SheetCodeError, parse_sheet_code
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.errors import ScanError
from artsheets.scanner.qrdeblur import blur_cov, fit_modules
from artsheets.scanner.qrdecode import decode_known, decode_modules
from artsheets.scanner.registration import page_markers, page_to_pixels, warp_page

__all__ = [
    "FOOT_QR",
    "HEAD_QR",
    "PAGE_GUESS",
    "QR_HEAD_WINDOW_MM",
    "QR_WINDOW_MM",
    "FoundQr",
    "find_qr_codes",
    "layout_for_code",
    "normalise_code",
    "qr_corners_mm",
    "read_qr_patches",
    "read_sheet_code",
]

PAGE_GUESS = PAGES["a4"]  # the page assumed until a sheet code names the real one

# Where the furniture puts the QR codes, from their marker's centre (the same on every page
# size). The footer code's top-left corner is 10 mm right of and 9 mm above the bottom-left
# marker's centre; the header code's top-right corner is 10 mm left of the top-right marker's
# centre, level with its top. A code is at most 33 modules (19.8 mm) across. The footer
# window leaves a quiet zone round it and more room to the right; the header window is its
# mirror image (the code grows leftwards from its fixed corner).
QR_WINDOW_MM = (QR_FOOT_CORNER_MM[0] - 2.5, QR_FOOT_CORNER_MM[1] - 3.5, 35.0, 26.0)  # dx, dy; w, h
QR_HEAD_WINDOW_MM = (
    QR_HEAD_CORNER_MM[0] + 2.5 - QR_WINDOW_MM[2],
    QR_HEAD_CORNER_MM[1] - 3.5,
    QR_WINDOW_MM[2],
    QR_WINDOW_MM[3],
)


@dataclass(frozen=True)
class QrPlace:
    """Where a QR code is printed, from its corner marker's centre (mm): ``corner_mm`` is its
    top-left corner (``which`` = 0) or its top-right one (``which`` = 1), the corner that stays
    put whatever the code's version (size); ``window_mm`` (dx, dy, width, height) is the part
    of the page searched for it."""

    corner_mm: tuple[float, float]
    which: int
    window_mm: tuple[float, float, float, float]


FOOT_QR = QrPlace(QR_FOOT_CORNER_MM, 0, QR_WINDOW_MM)
HEAD_QR = QrPlace(QR_HEAD_CORNER_MM, 1, QR_HEAD_WINDOW_MM)


QR_SIZES = (21, 25, 29, 33)  # versions 1-4: every sheet code fits
_PPM = 10.0  # pixels per mm of the rectified QR patch
_QUIET = 4  # modules of quiet zone round the squared-up code
# The blurs a blurred code is fitted with are a ScannerConfig field (``qr_blur_sigmas``).


@functools.cache
def _qr_detector() -> cv2.QRCodeDetector:
    return cv2.QRCodeDetector()


def _detect(img: np.ndarray) -> str | None:
    try:
        text, _, _ = _qr_detector().detectAndDecode(img)
    except cv2.error:
        return None
    return text or None


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


def _is_sheet_code(text: str) -> bool:
    """Does ``text`` pass the sheet code's own check (format and check character)?"""
    try:
        parse_sheet_code(text)
    except SheetCodeError:
        return False
    return True


_STEP = QR_MODULE_MM * _PPM  # pixels per module in the patch

_CHECK = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _number(low: int, high: int) -> list[list[str]]:
    """Each length an integer from ``low`` to ``high`` is written in: per place, the digits
    that occur there (the first runs from the least's first digit to the largest's)."""
    out = []
    for k in range(len(str(low)), len(str(high)) + 1):
        lo, hi = max(low, 10 ** (k - 1) if k > 1 else 0), min(high, 10**k - 1)
        first = "0123456789"[int(str(lo)[0]) : int(str(hi)[0]) + 1]
        out.append([first] + ["0123456789"] * (k - 1))
    return out


@functools.cache
def sheet_code_templates() -> tuple[tuple[str, ...], ...]:
    """What every sheet code of a coloured game can look like, place by place (the
    characters allowed at each): the game's name, a field version it has, ``STD`` for a
    standard field or a seed (6 digits, zero-padded, up to the generator's largest), the
    page (``A4`` or ``LT``), the game's option letters each with a number of its range, and
    the check character. :func:`~artsheets.scanner.qrdecode.decode_known` reads a code too
    damaged to decode without knowing its form with these."""
    # The generator's registry imports every game: only here, where no code was read.
    from artsheets.generator.registry import MAX_SEED, coloured_games

    seeds = [["0123456789"] * 6, *_number(1_000_000, MAX_SEED)]
    out: list[tuple[str, ...]] = []
    for spec in coloured_games().values():
        fields = [(v, ["S", "T", "D"]) for v in sorted(spec.standard_versions)]
        fields += [(v, seed) for v in sorted(spec.versions) for seed in seeds]
        option_forms: list[list[str]] = [[]]
        for opt in spec.options:
            option_forms = [
                [*form, opt.code, *digits]
                for form in option_forms
                for digits in _number(opt.low, opt.high)
            ]
        for version, seed in fields:
            for page in ("A4", "LT"):
                for opts in option_forms:
                    head = [*spec.name.upper(), "-", *str(version), "-", *seed, "-", *page, "-"]
                    out.append((*head, *opts, "-", _CHECK))
    return tuple(out)


def _finder_image() -> np.ndarray:
    """A finder pattern (7 x 7 modules) with one module of white round it, as a template."""
    m = np.full((9, 9), 255, np.uint8)
    m[1:8, 1:8] = 0
    m[2:7, 2:7] = 255
    m[3:6, 3:6] = 0
    size = round(9 * _STEP)
    return cv2.resize(m, (size, size), interpolation=cv2.INTER_NEAREST).astype(np.float32)


def _finders(gray: np.ndarray, expected: tuple[float, float], which: int) -> np.ndarray | None:
    """Centres of the top-left, top-right and bottom-left finder patterns (3 x 2), or None.

    Found by template matching, the three best separate peaks; the top-left one is where
    the other two meet at a right angle. Being found, not assumed, they absorb what the
    homography left: a curled corner, a slight scale or slant. Finder ``which`` (0 top-left,
    1 top-right) must be near ``expected``: the one whose place does not depend on the code's
    version."""
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
    found = np.array([tl, tr, bl])
    if np.linalg.norm(found[which] - np.asarray(expected)) > 3.0 * _PPM:
        return None
    return found


def _canonical(gray: np.ndarray, finders: np.ndarray) -> tuple[np.ndarray, int, np.ndarray] | None:
    """The code warped square and upright at ``_STEP`` pixels per module with a 4-module
    quiet zone, its size in modules, and the affine map (2 x 3) from it back to ``gray``."""
    tl, tr, bl = finders
    span = (np.linalg.norm(tr - tl) + np.linalg.norm(bl - tl)) / 2 / _STEP
    n = min(QR_SIZES, key=lambda k: abs((k - 7) - span))
    if abs((n - 7) - span) > 1.5:
        return None
    src = np.float32([tl, tr, bl])
    c = 3.5 * _STEP + _QUIET * _STEP
    far = (n - 3.5) * _STEP + _QUIET * _STEP
    dst = np.float32([[c, c], [far, c], [c, far]])
    m = cv2.getAffineTransform(dst, src)
    size = round((n + 2 * _QUIET) * _STEP)
    out = cv2.warpAffine(
        gray,
        m,
        (size, size),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return out, n, m


def _squared(
    patch: np.ndarray, expected: tuple[float, float], which: int
) -> tuple[np.ndarray, int, np.ndarray] | None:
    """The code squared up by its finder patterns (see :func:`_canonical`), or None."""
    raw = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(np.float32)
    finders = _finders(raw, expected, which)
    if finders is None:
        return None
    return _canonical(raw, finders)


def _decode_in_place(patch: np.ndarray, expected: tuple[float, float], which: int) -> str | None:
    """Square the code up and decode it at its corners, now known: no search for it."""
    found = _squared(patch, expected, which)
    if found is None:
        return None
    square, n, _ = found
    c0, c1 = _QUIET * _STEP - 0.5, (n + _QUIET) * _STEP - 0.5
    corners = np.array([[[c0, c0], [c1, c0], [c1, c1], [c0, c1]]], np.float32)
    try:
        text, _ = _qr_detector().decode(square.astype(np.uint8), corners)
    except cv2.error:
        return None
    return text or None


def _decode_grid(
    patch: np.ndarray,
    expected: tuple[float, float],
    which: int,
    jacobian: np.ndarray,
    config: ScannerConfig = DEFAULT,
    grids: list[np.ndarray] | None = None,
) -> str | None:
    """Find the finder patterns, square the code up and read its modules' darkness: sampled
    after sharpening, then fitted through the photo's blur (:mod:`.qrdeblur`); each is decoded
    with the modules' certainty (:mod:`.qrdecode`).

    ``jacobian`` is d(patch pixels)/d(photo pixels) at the code: the photo's round blur is an
    ellipse in the patch, the longer the steeper the photo's tilt. Its size is not known, so
    the fit is tried for several and the best-fitting tried first. Where none decodes, the
    fitted grids are added to ``grids`` (best-fitting first), for :func:`read_sheet_code`
    to decode by the sheet code's forms when no other code place reads either."""
    found = _squared(patch, expected, which)
    if found is None:
        return None
    square, n, patch_from_square = found
    text = _detect(square.astype(np.uint8))
    if text:
        return text
    origin = (_QUIET * _STEP - 0.5, _QUIET * _STEP - 0.5)
    sharp = cv2.addWeighted(square, 3.0, cv2.GaussianBlur(square, (0, 0), 2.0), -2.0, 0)
    text = decode_modules(
        _sample_grid(cv2.GaussianBlur(sharp, (0, 0), 1.0), origin, n), _is_sheet_code
    )
    if text:
        return text
    # A squaring that (nearly) collapses the patch, a photo pixel spanning more than the whole
    # squared code: the finder patterns found were not a code's corners, and no blur fitted
    # through that squaring is a blur of the photo.
    try:
        to_square = np.linalg.inv(patch_from_square[:, :2]) @ jacobian
    except np.linalg.LinAlgError:
        return None
    if not np.all(np.isfinite(to_square)) or np.abs(to_square).max() > n * _STEP:
        return None
    fits = sorted(
        (
            fit_modules(square, n, round(_STEP), _QUIET, blur_cov(to_square, s))
            for s in config.qr_blur_sigmas
        ),
        key=lambda fit: fit[1],
    )
    for dark, _ in fits:
        text = decode_modules(dark, _is_sheet_code)
        if text:
            return text
    if grids is not None:
        grids += [dark for dark, _ in fits]
    return None


def _decode_by_forms(grids: list[np.ndarray], config: ScannerConfig) -> str | None:
    """The first of ``grids`` that decodes as what a sheet code can look like: the bits its
    form fixes (its segment's header and padding, the game's name and letters) are not left
    to the photo (:func:`~artsheets.scanner.qrdecode.decode_known`)."""
    if config.qr_form_tries <= 0 or not grids:
        return None
    templates = sheet_code_templates()
    for dark in grids:
        text = decode_known(dark, _is_sheet_code, templates, config.qr_form_tries)
        if text:
            return text
    return None


def _read_place(
    photo: np.ndarray,
    page_from_photo: np.ndarray,
    marker: tuple[float, float],
    place: QrPlace,
    ppm: float,
    library: bool = True,
    own: bool = True,
    config: ScannerConfig = DEFAULT,
    grids: list[np.ndarray] | None = None,
) -> str | None:
    """The text of the QR code at ``place`` beside the marker centred at ``marker`` (page
    mm), or None: by the zxing-cpp library on the rectified patch (``library``), then by the
    scanner's own reader (``own``): decoded in place, by the plain detector, then module by
    module (the module grids fitted that none decoded added to ``grids``)."""
    dx, dy, w, h = place.window_mm
    origin = (marker[0] + dx, marker[1] + dy)
    patch = warp_page(photo, page_from_photo, _PPM, (w, h), origin, ppm)
    if library:
        text = _zxing_text(patch)
        if text or not own:
            return text
    # The fixed corner's finder pattern centre, in the patch (the code grows away from it).
    grow = 1.0 if place.which == 0 else -1.0
    cx, cy = place.corner_mm
    expected = ((cx - dx) * _PPM - 0.5 + grow * 3.5 * _STEP, (cy - dy) * _PPM - 0.5 + 3.5 * _STEP)
    text = _decode_in_place(patch, expected, place.which)
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
    # The Jacobian where a version 2 code's centre would be: it hardly changes over a code.
    half = 12.5 * QR_MODULE_MM
    centre = (marker[0] + cx + grow * half, marker[1] + cy + half)
    jac = _patch_jacobian(page_from_photo, origin, centre)
    return _decode_grid(patch, expected, place.which, jac, config, grids)


def read_sheet_code(
    photo: np.ndarray,
    page_from_photo: np.ndarray,
    bottom_left: tuple[float, float],
    top_right: tuple[float, float],
    ppm: float,
    library: bool = True,
    own: bool = True,
    config: ScannerConfig = DEFAULT,
) -> tuple[str | None, bool]:
    """The text of the sheet's QR code, or None when it cannot be read; and whether it was
    read by the sheet code's forms alone, the weakest of the readers, whose code the scan has
    the drawing confirm (as it does a typed one, :func:`~.drawing.check_drawing`).

    The footer code (beside the bottom-left marker) is read first; only when it cannot be,
    the header code (beside the top-right one), which sheets printed before it was added do
    not have. ``bottom_left`` and ``top_right`` are those markers' centres in the page frame
    ``page_from_photo`` maps to; ``ppm`` is the photo's pixels per mm (to reduce large photos
    before warping). ``library`` and ``own`` choose the readers tried on each patch (both by
    default; the QR benchmark compares them one at a time). Where neither code reads, the
    own reader's fitted grids of both are decoded by the sheet code's forms, the footer's
    first (``qr_form_tries``; only then: a readable header costs nothing more).
    """
    grids: list[np.ndarray] = []
    text = _read_place(
        photo, page_from_photo, bottom_left, FOOT_QR, ppm, library, own, config, grids
    )
    if text and _is_sheet_code(text):
        return text, False
    # A footer text that is no sheet code is kept to be reported if the header has none.
    head = _read_place(photo, page_from_photo, top_right, HEAD_QR, ppm, library, own, config, grids)
    if head:
        return head, False
    by_form = _decode_by_forms(grids, config)
    return (by_form, True) if by_form else (text, False)


def read_qr_patches(
    photo: np.ndarray,
    page_from_photo: np.ndarray,
    bottom_left: tuple[float, float],
    top_right: tuple[float, float],
    ppm: float,
) -> str | None:
    """:func:`read_sheet_code` by the zxing-cpp library alone (the benchmark's comparison)."""
    return read_sheet_code(photo, page_from_photo, bottom_left, top_right, ppm, own=False)[0]


@dataclass(frozen=True)
class FoundQr:
    """A QR code found anywhere in the photo: its text, its four outer corners in photo
    pixels (the code's own top-left, top-right, bottom-right, bottom-left) and its size in
    modules."""

    text: str
    corners: np.ndarray
    modules: int


def _zxing(img: np.ndarray) -> list[zxingcpp.Barcode]:
    return zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)


def _zxing_text(img: np.ndarray) -> str | None:
    """The first QR code the library reads in ``img`` (a rectified patch), or None."""
    found = _zxing(img)
    return found[0].text if found else None


def find_qr_codes(gray: np.ndarray) -> list[FoundQr]:
    """Every QR code the zxing-cpp library reads in the whole photo, with where it lies.

    On the QR benchmark (``benchmarks/bench_qr.py``, 72 photos) the library read the sheet's
    code from the whole photo in 68, and both of its codes in 51; every other sheet's code in
    the frame is read the same way, and their places tell which corner markers belong to
    which sheet (:mod:`.locate`). On the rectified patch it reads more (70 of 71) and about
    ten times faster, so a photo of one sheet is read there."""
    out = []
    for b in _zxing(gray):
        p = b.position
        pts = [p.top_left, p.top_right, p.bottom_right, p.bottom_left]
        try:
            version = int(b.extra.get("Version", 0))
        except (TypeError, ValueError):
            version = 0
        modules = 17 + 4 * version if version else 0
        out.append(FoundQr(b.text, np.array([[q.x, q.y] for q in pts], np.float64), modules))
    return out


def qr_corners_mm(code_modules: int, page: Page, place: QrPlace) -> np.ndarray:
    """Where a code of ``code_modules`` modules printed at ``place`` has its four outer
    corners on ``page`` (mm; top-left, top-right, bottom-right, bottom-left)."""
    marker = page_markers(page)[3 if place is FOOT_QR else 1].center
    size = code_modules * QR_MODULE_MM
    x0 = marker[0] + place.corner_mm[0] - (size if place.which == 1 else 0.0)
    y0 = marker[1] + place.corner_mm[1]
    return np.array([[x0, y0], [x0 + size, y0], [x0 + size, y0 + size], [x0, y0 + size]])


def _patch_jacobian(
    page_from_photo: np.ndarray, origin_mm: tuple[float, float], at_mm: tuple[float, float]
) -> np.ndarray:
    """d(patch pixels)/d(photo pixels) where the photo shows page point ``at_mm``, the patch
    being the page from ``origin_mm`` at ``_PPM`` (as :func:`warp_page` makes it)."""
    m = page_to_pixels(_PPM, origin_mm) @ page_from_photo
    q = np.linalg.solve(page_from_photo, np.array([at_mm[0], at_mm[1], 1.0]))
    q = q / q[2]
    top = m[:2] @ q
    w = float(m[2] @ q)
    return (m[:2, :2] * w - np.outer(top, m[2, :2])) / (w * w)


def normalise_code(text: str) -> str:
    """A verified sheet code (case and blanks forgiven) or a :class:`ScanError` saying why not."""
    try:
        return str(parse_sheet_code(text))
    except SheetCodeError as e:
        raise ScanError("bad_sheet_code", str(e)) from None


@functools.lru_cache(maxsize=32)
def layout_for_code(code: str) -> Layout:
    """The layout a sheet code names (cached: rebuilding a field can take a while)."""
    # The generator's registry imports every game and the geometry library: only here, so
    # that a scan whose template is in the disk cache never imports them.
    from artsheets.generator.registry import UnknownGame, layout_from_code

    try:
        return layout_from_code(code)
    except (SheetCodeError, UnknownGame, ValueError) as e:
        raise ScanError(
            "bad_sheet_code",
            f"sheet code {code} cannot be rebuilt: {e}; check the code printed on the sheet",
        ) from None
