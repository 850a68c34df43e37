"""Sheet furniture every game shares: corner markers, header, sheet code with QR, colour key
and score areas (X box for initials, one small box per point, T box for the total).
"""

from __future__ import annotations

import functools
import json
import math
from importlib import resources

from artsheets.generator.fonts import text_width
from artsheets.generator.layout import Marker, Page
from artsheets.generator.sheet import FURNITURE, INK, MARGIN_MM, SOFT, Rect, Sheet, Style

__all__ = [
    "FOOTER_H",
    "HEADER_H",
    "MARKER_MM",
    "QR_FOOT_CORNER_MM",
    "QR_HEAD_CORNER_MM",
    "QR_MODULE_MM",
    "body_rect",
    "colour_key",
    "draw_frame",
    "fit_text",
    "labelled_box",
    "score_area",
    "wrap_text",
]

MARKER_MM = 12.0  # outer size of an ArUco marker (6 x 6 cells of 2 mm, border included)
HEADER_H = 24.0  # from the top margin to the top of the body
FOOTER_H = 19.0  # from the bottom margin to the bottom of the body
QR_MODULE_MM = 0.6
QR_CLEAR_MM = 4.0  # between a corner marker and the QR code beside it
QR_FOOT_TOP_MM = 15.0  # the footer QR code's top above the bottom margin
QR_TEXT_GAP_MM = 3.0  # between the footer QR code and the small text beside it
QR_TITLE_GAP_MM = 6.0  # at least this between the header QR code and the (large) title
CAP_HEIGHT = 0.72  # a capital's height as a share of the font size
# The sheet code is printed twice as a QR code, so that a photo with one corner cut off still
# names its sheet: in the footer beside the bottom-left marker and in the header beside the
# top-right one. Each is placed by the corner that stays put whatever its version (size),
# from its marker's centre (the scanner looks there): the footer code's top-left corner, the
# header code's top-right corner (its top level with the marker's top).
QR_FOOT_CORNER_MM = (MARKER_MM / 2 + QR_CLEAR_MM, MARKER_MM / 2 - QR_FOOT_TOP_MM)
QR_HEAD_CORNER_MM = (-(MARKER_MM / 2 + QR_CLEAR_MM), -MARKER_MM / 2)
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")


@functools.cache
def _aruco_bits() -> dict[int, list[list[int]]]:
    data = json.loads(resources.files("artsheets.templates").joinpath("aruco_4x4.json").read_text())
    return {int(k): v for k, v in data["markers"].items()}


def body_rect(page: Page) -> Rect:
    """Where a game may draw: inside the margins, between header and footer."""
    return Rect(
        MARGIN_MM,
        MARGIN_MM + HEADER_H,
        page.width_mm - MARGIN_MM,
        page.height_mm - MARGIN_MM - FOOTER_H,
    )


def fit_text(text: str, size: float, max_width: float, bold: bool = False) -> float:
    """The largest size <= ``size`` at which ``text`` fits ``max_width``."""
    width = text_width(text, size, bold)
    return size if width <= max_width else size * max_width / width


def wrap_text(text: str, size: float, max_width: float, min_size: float) -> list[str]:
    """One line if ``text`` fits at ``min_size`` or more, else two lines split at the space
    nearest the middle (a reminder stays readable instead of shrinking to a whisper)."""
    if fit_text(text, size, max_width) >= min_size or " " not in text:
        return [text]
    words = text.split(" ")
    best = min(
        range(1, len(words)),
        key=lambda k: abs(
            text_width(" ".join(words[:k]), size) - text_width(" ".join(words[k:]), size)
        ),
    )
    return [" ".join(words[:best]), " ".join(words[best:])]


def _marker(sheet: Sheet, marker_id: int, corner: str) -> None:
    w, h = sheet.page.width_mm, sheet.page.height_mm
    half = MARKER_MM / 2
    cx = MARGIN_MM + half if "left" in corner else w - MARGIN_MM - half
    cy = MARGIN_MM + half if "top" in corner else h - MARGIN_MM - half
    x0, y0, cell = cx - half, cy - half, MARKER_MM / 6
    sheet.rect(Rect(x0, y0, x0 + MARKER_MM, y0 + MARKER_MM), Style(None, 0, INK))
    white = Style(None, 0, "#ffffff")
    for r, row in enumerate(_aruco_bits()[marker_id]):
        for c, bit in enumerate(row):
            if bit:
                cx0, cy0 = x0 + (c + 1) * cell, y0 + (r + 1) * cell
                sheet.rect(Rect(cx0, cy0, cx0 + cell, cy0 + cell), white)
    sheet.markers.append(Marker(marker_id, corner, (cx, cy), MARKER_MM))


@functools.cache
def _qr_matrix(code: str) -> tuple[tuple[int, ...], ...]:
    """The QR code's modules (1 = dark) for a sheet code; made once per code."""
    import segno  # imported here: the scanner uses this module's constants, never its QR codes

    qr = segno.make(code, error="m", micro=False)
    return tuple(tuple(int(bool(v)) for v in row) for row in qr.matrix)


def _qr(sheet: Sheet, x0: float, y0: float) -> None:
    """Draw the sheet code as a QR code with its top-left at (x0, y0).

    Dark modules are merged into horizontal runs so the drawing stays small.
    """
    style = Style(None, 0, INK)
    m = QR_MODULE_MM
    for r, row in enumerate(_qr_matrix(sheet.sheet_code)):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                sheet.rect(Rect(x0 + start * m, y0 + r * m, x0 + c * m, y0 + (r + 1) * m), style)
            else:
                c += 1


def draw_frame(
    sheet: Sheet, subtitle: str, reminder: str, colours: int, key_labels: tuple[str, ...] = ()
) -> None:
    """Markers, title, subtitle and rules reminder, the sheet code's two QR codes (header and
    footer) with the code in plain text, colour key."""
    page = sheet.page
    w, h = page.width_mm, page.height_mm
    for marker_id, corner in enumerate(CORNERS):
        _marker(sheet, marker_id, corner)
    size = len(_qr_matrix(sheet.sheet_code)) * QR_MODULE_MM

    # Header: the second QR code beside the top-right marker; the title, subtitle and
    # reminder centred on the page between it and its mirror image on the left, so that the
    # text stays centred and clear of the code.
    inner_x0 = MARGIN_MM + MARKER_MM + QR_CLEAR_MM
    inner_x1 = w - MARGIN_MM - MARKER_MM - QR_CLEAR_MM
    top_right = (w - MARGIN_MM - MARKER_MM / 2, MARGIN_MM + MARKER_MM / 2)
    _qr(
        sheet,
        top_right[0] + QR_HEAD_CORNER_MM[0] - size,
        top_right[1] + QR_HEAD_CORNER_MM[1],
    )
    span = inner_x1 - inner_x0 - 2 * (size + QR_TITLE_GAP_MM)
    # The reminder, one line below the title and subtitle, may run the full width when that
    # line lies wholly below the code (a small code): else it wraps between the codes.
    qr_bottom = top_right[1] + QR_HEAD_CORNER_MM[1] + size
    reminder_top = MARGIN_MM + 8.0 + 10.3 - CAP_HEIGHT * 3.0  # as one line
    wide = inner_x1 - inner_x0 if reminder_top >= qr_bottom + QR_TEXT_GAP_MM / 2 else span
    lines = wrap_text(reminder, 3.0, wide, min_size=2.6)
    top = MARGIN_MM + (8.0 if len(lines) == 1 else 7.2)
    sheet.text(
        (w / 2, top), sheet.title, fit_text(sheet.title, 8.5, span, True), "middle", bold=True
    )
    sheet.text(
        (w / 2, top + 5.3), subtitle, fit_text(subtitle, 3.3, span), "middle", fill=FURNITURE
    )
    text_size = min(fit_text(line, 3.0, wide if len(lines) == 1 else span) for line in lines)
    for i, line in enumerate(lines):
        sheet.text((w / 2, top + 10.3 + i * 3.7), line, text_size, "middle", fill=SOFT)

    # Footer: QR code and the same code in plain text (left), colour key (right).
    bottom_left = (MARGIN_MM + MARKER_MM / 2, h - MARGIN_MM - MARKER_MM / 2)
    foot_y1 = h - MARGIN_MM
    qr_x0 = bottom_left[0] + QR_FOOT_CORNER_MM[0]
    qr_y0 = bottom_left[1] + QR_FOOT_CORNER_MM[1]
    _qr(sheet, qr_x0, qr_y0)
    text_x = qr_x0 + size + QR_TEXT_GAP_MM
    sheet.text((text_x, qr_y0 + 5.0), sheet.sheet_code, 3.0, bold=True)
    sheet.text(
        (text_x, qr_y0 + 9.5), "sheet code: type it into artsheets scan --sheet", 2.2, fill=SOFT
    )
    sheet.text((text_x, qr_y0 + 13.0), "if the QR code cannot be read", 2.2, fill=SOFT)
    colour_key(sheet, Rect(inner_x1 - 72.0, qr_y0 - 1.0, inner_x1, foot_y1), colours, key_labels)


def colour_key(sheet: Sheet, r: Rect, colours: int, labels: tuple[str, ...] = ()) -> None:
    """One swatch per colour in play, to be coloured by the players before play.

    ``labels`` (optional) replace the numbers under the swatches, e.g. Synch's symbols.
    No colours (a board game's kit: its pieces carry letters and patterns) draws no key."""
    if colours <= 0:
        return
    sheet.text(
        (r.x1, r.y0 + 3.0), "colour key: colour your box before you start", 2.4, "end", fill=SOFT
    )
    sw, gap = 11.0, 3.0
    total = colours * sw + (colours - 1) * gap
    x = r.x1 - total
    y0 = r.y0 + 5.0
    for k in range(1, colours + 1):
        box = Rect(x, y0, x + sw, y0 + 8.0)
        sheet.box(box, f"key-{k}", "key", Style(INK, 0.35), color_index=k)
        label = labels[k - 1] if k <= len(labels) else str(k)
        sheet.text((box.cx, box.y1 + 3.4), label, 2.6, "middle", fill=FURNITURE)
        x += sw + gap


def labelled_box(sheet: Sheet, r: Rect, region_id: str, player: int, letter: str) -> None:
    """A player's X (initials) or T (total) box, with its letter in the corner."""
    role = {"X": "initials", "T": "total"}[letter]
    sheet.box(r, region_id, "score_box", Style(INK, 0.3), player=player, role=role)
    sheet.text((r.x0 + 1.2, r.y0 + 2.6), letter, 2.2, fill=SOFT)


def score_area(
    sheet: Sheet,
    r: Rect,
    player: int,
    points: int,
    label: str | None = None,
    area: int | None = None,
) -> None:
    """A score area: X box (initials), ``points`` small boxes, T box (total).

    ``area`` distinguishes a player's second area (Miro and Mondrian with two players) in the
    region ids: ``score-p1-a2-box-7``.
    """
    prefix = f"score-p{player}" + (f"-a{area}" if area else "")
    head_h = 7.0
    label = label or f"player {player}"
    labelled_box(sheet, Rect(r.x0, r.y0, r.x0 + 14.0, r.y0 + head_h), f"{prefix}-x", player, "X")
    labelled_box(sheet, Rect(r.x1 - 14.0, r.y0, r.x1, r.y0 + head_h), f"{prefix}-t", player, "T")
    sheet.text(
        (r.cx, r.y0 + 4.6), label, fit_text(label, 2.8, r.w - 32.0), "middle", fill=FURNITURE
    )

    grid = Rect(r.x0, r.y0 + head_h + 1.5, r.x1, r.y1)
    # Choose columns of ten boxes when they fit, otherwise the squarest grid that does.
    best = None
    for cols in range(1, points + 1):
        rows = math.ceil(points / cols)
        size = min(grid.w / cols, grid.h / rows)
        if best is None or size > best[0] + 1e-9:
            best = (size, cols, rows)
    size, cols, rows = best
    size = min(size, 6.0)
    ox = grid.x0 + (grid.w - cols * size) / 2
    pad = size * 0.12
    style = Style(FURNITURE, 0.2)
    for n in range(points):
        row, col = divmod(n, cols)
        bx = ox + col * size
        by = grid.y0 + row * size
        sheet.box(
            Rect(bx + pad, by + pad, bx + size - pad, by + size - pad),
            f"{prefix}-box-{n + 1}",
            "score_box",
            style,
            player=player,
            role="point",
            value=n + 1,
        )
