"""Which sheet the photo shows: corner markers grouped into sheets, never mixed.

A photo may hold more than the sheet it was taken of: another artsheets sheet partly in the
frame (of the same game or another), a pile of them, a look-alike square in the clutter.
Every sheet carries the same four markers (ids 0..3), so a marker's id alone does not say
whose it is. Markers are grouped instead by geometry: three or four markers of one sheet,
one of each id, fit one homography to within ``max_reprojection_mm`` (a flat sheet's own markers
agree to about a millimetre, a curled one's to 2.5 mm); markers of two sheets lying apart do
not. Groups are taken greedily, most markers and closest fit first, each marker in one group
at most.

When markers of one id are seen more than once, each group is checked against the QR codes
the zxing-cpp library finds anywhere in the photo: a code lying where the group's homography
puts the sheet's footer or header code (within ``qr_agree_mm``) is that sheet's, and
names it. So markers, QR code (and, for a
code typed with ``--sheet``, the printed drawing: :mod:`.drawing`) agree.

With several sheets in the photo, one is scanned: the one with the code ``--sheet`` names
if any has it; otherwise a sheet wholly in the frame (at least ``whole_share`` of its page:
one corner cut off still counts) before one cut by the frame's edge, the sheet the photo
was taken of; and of those the one covering most of the photo (a neighbour lies further from
the camera, or further out of the frame). The report's notes say which other sheets were seen
and why this one was taken.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import cv2
import numpy as np

from artsheets.generator.layout import PAGES, Page
from artsheets.generator.sheetcode import SheetCodeError, parse_sheet_code
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.errors import ScanError
from artsheets.scanner.identify import FOOT_QR, HEAD_QR, FoundQr, find_qr_codes, qr_corners_mm
from artsheets.scanner.quality import explain_no_markers
from artsheets.scanner.registration import (
    Registration,
    fit_markers,
    marker_corners_mm,
    page_markers,
    register,
)

__all__ = [
    "Located",
    "SheetSeen",
    "locate_sheet",
    "sheets_in_photo",
]

# The settings (``qr_agree_mm``, ``max_markers_per_id``, ``whole_share``; markers are
# grouped within ``max_reprojection_mm``) are ScannerConfig fields.


@dataclass(frozen=True)
class SheetSeen:
    """One sheet's markers in the photo (id -> corners, photo pixels), the page they were
    fitted on, how well (rms mm), the share of the frame its page covers, and the sheet code
    the library read at its QR place (None when none lies there)."""

    corners: dict[int, np.ndarray]
    page: Page
    error_mm: float
    frame_share: float
    page_shown: float  # the share of its page inside the frame
    code: str | None
    members: tuple[int, ...]  # the markers' indexes in the list of all markers seen


@dataclass
class Located:
    """The sheet to scan, its registration, the other sheets seen, and notes for the report."""

    sheet: SheetSeen
    registration: Registration
    others: list[SheetSeen] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _page_of(text: str) -> Page | None:
    try:
        code = parse_sheet_code(text)
    except SheetCodeError:
        return None
    return next((p for p in PAGES.values() if p.code == code.page), None)


def _frame_share(
    page_from_photo: np.ndarray, page: Page, shape: tuple[int, ...]
) -> tuple[float, float]:
    """The share of the photo covered by the page (its outline clipped to the frame), and the
    share of the page that is inside the frame."""
    h, w = shape[:2]
    outline = np.array(
        [[0, 0], [page.width_mm, 0], [page.width_mm, page.height_mm], [0, page.height_mm]],
        np.float64,
    )
    quad = cv2.perspectiveTransform(outline.reshape(-1, 1, 2), np.linalg.inv(page_from_photo))
    frame = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32).reshape(-1, 1, 2)
    quad = quad.astype(np.float32)
    whole = abs(cv2.contourArea(quad))
    if not cv2.isContourConvex(quad) or whole <= 0:
        return 0.0, 0.0
    area, _ = cv2.intersectConvexConvex(quad, frame)
    return float(area) / (w * h), float(area) / whole


def _code_at(
    page_from_photo: np.ndarray, page: Page, qrs: list[FoundQr], config: ScannerConfig = DEFAULT
) -> tuple[str | None, float]:
    """The text of a code found where this sheet prints its own (footer or header), and how
    far it lies from that place (rms mm; inf when none is near)."""
    best: tuple[str | None, float] = (None, float("inf"))
    for q in qrs:
        if q.modules == 0 or _page_of(q.text) != page:
            continue
        seen = cv2.perspectiveTransform(q.corners.reshape(-1, 1, 2), page_from_photo).reshape(4, 2)
        for place in (FOOT_QR, HEAD_QR):
            off = float(
                np.sqrt(np.mean(np.sum((seen - qr_corners_mm(q.modules, page, place)) ** 2, 1)))
            )
            if off < best[1]:
                best = (q.text, off)
    return best if best[1] <= config.qr_agree_mm else (None, best[1])


def sheets_in_photo(
    candidates: list[tuple[int, np.ndarray]],
    qrs: list[FoundQr],
    guess: Page,
    shape: tuple[int, ...],
    config: ScannerConfig = DEFAULT,
) -> list[SheetSeen]:
    """The sheets the markers make up (each marker in one sheet at most), best fit first.

    Pages tried: ``guess`` and the page of every sheet code read in the photo."""
    by_id: dict[int, list[int]] = {}
    for k, (i, _) in enumerate(candidates):
        by_id.setdefault(i, []).append(k)
    for i, ks in by_id.items():
        ks.sort(key=lambda k: -cv2.contourArea(candidates[k][1].astype(np.float32)))
        by_id[i] = ks[: config.max_markers_per_id]
    pages = [guess, *(p for p in {_page_of(q.text) for q in qrs} if p and p != guess)]
    ids = sorted(by_id)
    hyps = []
    for page in pages:
        markers = {m.id: m for m in page_markers(page)}
        for pick in itertools.product(*([None, *by_id[i]] for i in ids)):
            chosen = [(i, k) for i, k in zip(ids, pick, strict=True) if k is not None]
            if len(chosen) < 3:
                continue
            corners = {i: candidates[k][1] for i, k in chosen}
            H, _, err_mm = fit_markers(tuple(corners), corners, markers)
            if err_mm <= config.max_reprojection_mm:
                hyps.append((len(chosen), err_mm, page, chosen, H))
    hyps.sort(key=lambda h: (-h[0], h[1]))
    used: set[int] = set()
    out = []
    for _, err_mm, page, chosen, H in hyps:
        if any(k in used for _, k in chosen):
            continue
        used.update(k for _, k in chosen)
        code, _ = _code_at(H, page, qrs, config)
        corners = {i: candidates[k][1] for i, k in chosen}
        share, shown = _frame_share(H, page, shape)
        members = tuple(k for _, k in chosen)
        out.append(SheetSeen(corners, page, err_mm, share, shown, code, members))
    return out


def _describe(sheet: SheetSeen) -> str:
    return f"sheet {sheet.code}" if sheet.code else "a sheet whose QR code was not read"


def locate_sheet(
    gray: np.ndarray,
    candidates: list[tuple[int, np.ndarray]],
    guess: Page,
    given: str | None = None,
    qrs: list[FoundQr] | None = None,
    config: ScannerConfig = DEFAULT,
) -> Located:
    """The sheet to scan and its registration on ``guess`` (the page assumed until the code
    is known), or a :class:`ScanError` whose advice fits the cause.

    The QR codes of the whole photo (``qrs``) are looked for only when they can tell
    something: markers of one id seen more than once (another sheet in the frame), or too
    few markers (is a sheet there at all?). A photo of one sheet is spared the search (on
    the QR benchmark it costs about as much as decoding the JPEG); its code is read from the
    rectified patches."""
    ids = {i for i, _ in candidates}
    if qrs is None:
        qrs = find_qr_codes(gray) if len(candidates) > len(ids) or len(ids) < 3 else []
    if len(ids) < 3:
        err = explain_no_markers(gray, len(candidates), any(_page_of(q.text) for q in qrs), config)
        if err.reason != "markers_missing":
            raise err
        # Names the missing markers.
        register({i: pts for i, pts in candidates}, page_markers(guess), config)
    sheets = sheets_in_photo(candidates, qrs, guess, gray.shape, config)
    if not sheets:
        if len(candidates) > len(ids):
            raise ScanError(
                "other_sheets",
                f"the photo shows corner markers of more than one sheet ({len(candidates)} "
                "markers) and no three of them belong to one sheet; photograph one sheet at a "
                "time, whole, with the others out of the frame",
            )
        # One marker of each id, bent beyond what one homography fits: say so.
        register({i: pts for i, pts in candidates}, page_markers(guess), config)
    ranked = sorted(
        sheets,
        key=lambda s: (
            given is not None and s.code == given,
            s.page_shown >= config.whole_share,
            s.frame_share,
        ),
        reverse=True,
    )
    sheet, others = ranked[0], ranked[1:]
    notes = []
    corners = dict(sheet.corners)
    markers = {m.id: m for m in page_markers(sheet.page)}
    # A marker of a missing id that no other sheet took: this sheet's own, too bent to
    # group (then registration says so), or another sheet's or a look-alike (then ignored).
    taken = {k for s in sheets for k in s.members}
    for k, (i, pts) in enumerate(candidates):
        if i in corners or k in taken:
            continue
        H, _, _ = fit_markers(tuple(corners), corners, markers)
        seen = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), H).reshape(4, 2)
        off = float(np.sqrt(np.mean(np.sum((seen - marker_corners_mm(markers[i])) ** 2, 1))))
        if off <= config.outlier_mm:
            corners[i] = pts
        else:
            notes.append(
                f"a corner marker {off:.0f} mm from where this sheet's own would be was "
                "ignored (another sheet's, or a look-alike)"
            )
    if others:
        if given is not None and sheet.code == given:
            why = "the one whose QR code matches --sheet"
        elif sheet.page_shown >= config.whole_share > max(o.page_shown for o in others):
            why = "the one wholly in the frame"
        else:
            why = "the one that fills most of the photo"
        notes.append(
            f"{len(others) + 1} sheets are in the photo ("
            + ", ".join(_describe(s) for s in others)
            + f" besides this one); scanned {why}; photograph each sheet alone to scan it"
        )
    reg = register(corners, list(markers.values()), config)
    known = {s.code for s in others}
    partly = sorted(
        {
            q.text
            for q in qrs
            if _page_of(q.text)
            and q.text not in known
            and _code_at(reg.page_from_photo, sheet.page, [q], config)[0] is None
        }
    )
    if partly:
        notes.append(
            "another sheet is partly in the photo ("
            + ", ".join(partly)
            + "): its QR code was seen, but not enough of its corner markers; it was left out"
        )
    return Located(sheet, reg, others, notes)
