"""The overlay: the rectified sheet with what the scanner saw drawn on it.

Every region is outlined in the colour it was read as (a thin grey outline: uncoloured), so a
person can compare the outline with the pencil underneath at a glance. Regions read with less
than :data:`SHOW_CONFIDENCE_BELOW` confidence carry it in percent (the report's calibrated
probability); regions that need review are ringed in magenta with a question mark. A band
above the sheet says what was read: sheet code, registration, scores, result and how many
regions need review.

The overlay is drawn and encoded in a thread of its own (:func:`start`, :func:`overlay_png_soon`):
OpenCV sets up its text drawing once for every thread that draws text (the first text a
thread drew took 19-47 ms, measured on this 2-core machine under load 1-8; a set-up made in
another thread did not spare it), so the overlay's thread does that beside the scan, and then
draws and encodes while the caller writes the report.
"""

from __future__ import annotations

import functools
from concurrent.futures import Future, ThreadPoolExecutor
from typing import NamedTuple

import cv2
import numpy as np

from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.pipeline import ScanResult
from artsheets.scanner.png import encode_rows, rgb_rows
from artsheets.scanner.template import SHEETS_CACHED, template_for
from artsheets.scanner.workers import parts

__all__ = [
    "SHOW_CONFIDENCE_BELOW",
    "Picture",
    "overlay_png",
    "overlay_png_soon",
    "picture_soon",
    "render_overlay",
    "start",
]

SHOW_CONFIDENCE_BELOW = 0.95
REVIEW = (255, 0, 255)  # magenta (the overlay is drawn in RGB)
UNCOLOURED = (150, 150, 150)
FONT = cv2.FONT_HERSHEY_SIMPLEX
SCALE = 2  # the overlay is drawn at twice the working resolution, for legible labels
# How the PNG is written (``png.py``): the picture is drawn in RGB straight into the rows of the
# PNG (no copy, no conversion), unfiltered, compressed at this ISA-L level. The photo is
# enlarged by repeating pixels, so every other row repeats the one above it, which deflate
# finds as one match. Measured on 8 tuning overlays (processor time of encoding the drawn
# picture, one thread, machine load 4.7): OpenCV's PNG at zlib's level 1, run-length matching
# and the "up" filter (the setting before) 61 ms, 1.93 MB; these rows at ISA-L level 0 15.7
# ms, 2.35 MB; level 1 15.1 ms, 1.97 MB; level 2 15.9 ms, 1.96 MB; level 1 with the "up"
# filter 17.8 ms, 1.87 MB (zlib-ng's level 1 37.6 ms, 2.32 MB; libdeflate's 79.5 ms, 1.64 MB).
# The pixels are the same whichever: only the file's bytes differ. The rows are compressed in
# bands side by side, one a core (``png.encode_rows``; one band in a batch's worker, which
# has one core): a 2100 x 3270 overlay's 19 MB of rows took 141 ms against 96 ms in two
# bands (load 14, processor 26-32 ms either way), and the file grows by a few kilobytes.
# The whole command's figures: benchmarks/RESULTS.md (scan speed).
PNG_LEVEL = 1
# Rows kept above the picture made ahead (:func:`picture_soon`) for the band, whose lines are
# known only when the scan is done: 24 + 30 a line, twelve lines (a header, scores, tallies,
# the result, three failed checks and five notes); a taller band is drawn on a fresh picture.
BAND_ROWS = 24 + 30 * 12
# The photo faded a little (a quarter of the way to white) so the outlines stand out: as a
# lookup table, made by the very blend it stands for; and kept to 64 levels a channel (the
# middle of every 4), which the eye does not tell from 256 on the faded photo and which
# deflate encodes faster and smaller: on 6 tuning photos (load 9) 70 -> 60 ms, 3.1 -> 2.1 MB a
# photo (32 levels: 53 ms, 1.8 MB, but contours show in the paper's noise).
_BLEND = cv2.addWeighted(np.arange(256, dtype=np.uint8), 0.75, np.full(256, 255, np.uint8), 0.25, 0)
_FADE = _BLEND.reshape(256) // 4 * 4 + 2


def _label(img: np.ndarray, text: str, at: tuple[int, int], colour: tuple[int, int, int]) -> None:
    """Small text with a white halo, centred on ``at``."""
    (w, h), _ = cv2.getTextSize(text, FONT, 0.45, 1)
    org = (at[0] - w // 2, at[1] + h // 2)
    cv2.putText(img, text, org, FONT, 0.45, (255, 255, 255), 3, cv2.LINE_AA)
    cv2.putText(img, text, org, FONT, 0.45, colour, 1, cv2.LINE_AA)


@functools.lru_cache(maxsize=SHEETS_CACHED)
def _outlines(
    code: str, config: ScannerConfig
) -> tuple[tuple[str, np.ndarray, bool, tuple[int, int]], ...]:
    """Each region's id, outline at the overlay's scale (integer points), whether it is
    closed, and where its label goes: the same for every photo of a sheet (and the config
    its masks were built with), so cached."""
    masks = template_for(code, config).masks
    out = []
    for region, outline, anchor in zip(masks.regions, masks.outlines, masks.anchors, strict=True):
        pts = np.round((outline + 0.5) * SCALE - 0.5).astype(np.int32)
        if len(pts) < 2:
            continue
        closed = region.polyline is None or region.polygon is not None
        at = (round((anchor[0] + 0.5) * SCALE), round((anchor[1] + 0.5) * SCALE))
        out.append((region.id, pts, closed, at))
    return tuple(out)


class Picture(NamedTuple):
    """The overlay's picture made ahead (:func:`picture_soon`): PNG rows holding the faded,
    enlarged sheet below :data:`BAND_ROWS` rows kept for the band, and the image it was
    made of."""

    image: np.ndarray
    rows: np.ndarray


def _fill_picture(image: np.ndarray, img: np.ndarray) -> None:
    """The sheet ``image`` faded and enlarged into ``img`` (RGB, ``SCALE`` times its size).

    It is faded at the working resolution (a quarter of the pixels), then enlarged straight
    into its place, each pixel repeated (see PNG_LEVEL: an interpolated one adds no detail
    and compresses slower): at 2100 x 3000 pixels, each pass over the enlarged image, and
    each copy of it, costs more than all the drawing. The rows are widened into every
    ``SCALE``-th row of ``img`` and copied down to the rows below them: the same pixels as
    enlarging the whole at once, in less time (7.1 -> 6.4 ms on a working-resolution A4
    page, one thread: the copies are whole rows)."""
    h, w = image.shape[:2]
    faded = cv2.cvtColor(cv2.LUT(image, _FADE), cv2.COLOR_BGR2RGB)
    first = img[::SCALE]
    cv2.resize(faded, (w * SCALE, h), dst=first, interpolation=cv2.INTER_NEAREST)
    for k in range(1, SCALE):
        img[k::SCALE] = first


def _picture(image: np.ndarray) -> Picture:
    h, w = image.shape[:2]
    rows, out = rgb_rows(BAND_ROWS + h * SCALE, w * SCALE)
    _fill_picture(image, out[BAND_ROWS:])
    return Picture(image, rows)


def picture_soon(image: np.ndarray) -> Future[Picture]:
    """The overlay's picture of the rectified sheet ``image``, made in the overlay's thread
    while the scan goes on (call it once the image is final: :func:`overlay_png` draws on it
    only if it is the result's own image). The scan's colour stages and the solve leave the
    second core idle; this moves 10-15 ms (the fading, the enlargement and the fresh memory
    it fills) from the wait for the overlay after the scan to there."""
    return _drawer().submit(_picture, image)


def _drawn(result: ScanResult, picture: Picture | None = None) -> np.ndarray:
    """The overlay drawn in RGB straight into the rows of its PNG (:func:`.png.rgb_rows`),
    on ``picture`` if it is of the result's image and has room for the band."""
    h, w = result.image.shape[:2]
    band = _banner(result, w * SCALE)
    if picture is not None and picture.image is result.image and len(band) <= BAND_ROWS:
        rows = picture.rows[BAND_ROWS - len(band) :]  # contiguous: the PNG's rows as they lie
        out = rows[:, 1:].reshape(len(rows), w * SCALE, 3)
        img = out[len(band) :]
    else:
        rows, out = rgb_rows(len(band) + h * SCALE, w * SCALE)
        img = out[len(band) :]
        _fill_picture(result.image, img)
    cv2.cvtColor(band, cv2.COLOR_BGR2RGB, dst=out[: len(band)])
    palette = {k: _rgb(result.palette.srgb(k)) for k in result.palette.colours}
    labels: list[tuple[str, tuple[int, int], tuple[int, int, int]]] = []
    for rid, pts, closed, at in _outlines(result.code, result.config):
        rd = result.readings[rid]
        colour = palette.get(rd.color, UNCOLOURED) if rd.color is not None else UNCOLOURED
        if rd.color is not None:
            cv2.polylines(img, [pts], closed, (40, 40, 40), 5, cv2.LINE_AA)
            cv2.polylines(img, [pts], closed, colour, 3, cv2.LINE_AA)
        else:
            cv2.polylines(img, [pts], closed, colour, 1, cv2.LINE_AA)
        p = result.probability(rid)  # as the report states it: calibrated
        if rd.reason is not None:
            cv2.polylines(img, [pts], closed, REVIEW, 2, cv2.LINE_AA)
            labels.append((f"?{round(p * 100)}", at, REVIEW))
        elif p < SHOW_CONFIDENCE_BELOW:
            labels.append((f"{round(p * 100)}", at, (60, 60, 60)))
    for text, at, colour in labels:
        _label(img, text, at, colour)
    return rows


def _rgb(bgr: tuple[int, int, int]) -> tuple[int, int, int]:
    b, g, r = bgr
    return (r, g, b)


def render_overlay(result: ScanResult) -> np.ndarray:
    """The overlay image (BGR, as OpenCV reads the PNG back)."""
    return cv2.cvtColor(
        _drawn(result)[:, 1:].reshape(-1, result.image.shape[1] * SCALE, 3), cv2.COLOR_RGB2BGR
    )


def overlay_png(result: ScanResult, picture: Picture | None = None) -> bytes:
    """The overlay as the bytes of a PNG file (see :data:`PNG_LEVEL`), drawn on ``picture``
    (:func:`picture_soon`) where it fits: the same bytes either way."""
    return encode_rows(_drawn(result, picture), PNG_LEVEL, parts())


def _first_text() -> None:
    """OpenCV's per-thread set-up for drawing text, made by drawing a character."""
    cv2.putText(np.zeros((8, 8, 3), np.uint8), "0", (0, 7), FONT, 0.45, (0, 0, 0), 1, cv2.LINE_AA)


@functools.cache
def _drawer() -> ThreadPoolExecutor:
    """The overlay's one thread, made once a process (set up as it starts)."""
    return ThreadPoolExecutor(1, thread_name_prefix="artsheets-overlay", initializer=_first_text)


def start() -> None:
    """Start the overlay's thread, which sets up its text drawing meanwhile (call it when a
    scan starts: the set-up then runs beside the decode)."""
    _drawer().submit(int)


def overlay_png_soon(result: ScanResult, picture: Future[Picture] | None = None) -> Future[bytes]:
    """:func:`overlay_png` in the overlay's thread: the caller goes on (writing the report).
    ``picture``: :func:`picture_soon`'s (done by then: the thread runs one job at a time)."""
    return _drawer().submit(
        lambda: overlay_png(result, picture.result() if picture is not None else None)
    )


def _banner(result: ScanResult, width: int) -> np.ndarray:
    reg = result.registration
    s = result.scoring
    lines = [
        f"{result.code}  ({result.layout.game})   markers {len(reg.markers_found)}/4, "
        f"reprojection {reg.reprojection_error_px:.1f} px, refinement up to "
        f"{result.refinement.max_shift_mm:.1f} mm",
    ]
    if s.scores is not None:
        lines.append("scores: " + ", ".join(f"P{p} {v}" for p, v in sorted(s.scores.items())))
    if result.tallies:
        lines.append(
            "tallies: " + ", ".join(f"P{p} {v}" for p, v in sorted(result.tallies.items()))
        )
    lines.append(
        (s.result or "no result")
        + f"   |   {len(result.needs_review)} region(s) need review (magenta, ?)"
        + f"   |   numbers: confidence % below {round(SHOW_CONFIDENCE_BELOW * 100)}"
    )
    bad = [c["message"] for c in s.failed]
    lines += [f"! {m}" for m in bad[:3]]
    lines += [f"note: {n}" for n in result.notes]  # blank keys, overexposed paper, ...
    band = np.full((24 + 30 * len(lines), width, 3), 255, np.uint8)
    x = 20
    for j, line in enumerate(lines):
        cv2.putText(band, line, (x, 34 + 30 * j), FONT, 0.75, (0, 0, 0), 2, cv2.LINE_AA)
    # The colour key as read, at the right.
    keys = sorted(result.palette.colours)
    for j, k in enumerate(keys):
        x0 = width - 60 * (len(keys) - j) - 10
        cv2.rectangle(band, (x0, 12), (x0 + 44, 44), result.palette.srgb(k), -1)
        cv2.rectangle(band, (x0, 12), (x0 + 44, 44), (0, 0, 0), 1)
        cv2.putText(band, str(k), (x0 + 16, 66), FONT, 0.6, (0, 0, 0), 1, cv2.LINE_AA)
    return band
