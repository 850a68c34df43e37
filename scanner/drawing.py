"""Does the photo show the drawing a sheet code names? The printed lines as the last witness.

A sheet code typed with ``--sheet`` (its QR code unreadable) might name another sheet: one of
another game, or another field of the same game. The markers and furniture are alike on every
sheet, so registration succeeds either way; only the drawing tells. After the line
refinement (which moves the photo onto the template's lines by a few millimetres at most),
the photo's dark thin strokes are compared with the template's region lines: on the right
sheet most of those lines lie on a stroke in the photo; on another sheet's template only
where two drawings happen to cross.

The statistic, :func:`line_agreement`, is the share of the template's region-line pixels
where the photo's stroke strength exceeds what 90 % of bare-looking pixels (clear of any
print) show. Measured by ``benchmarks/bench_qr.py --drawing`` on 18 photos (every game, random
and steep conditions): the right template 0.95-1.00, another game's 0.15-0.35, another field
of the same game 0.47-0.95 (median 0.69). The bound, 0.8, lies below every right sheet with a
margin for harder light, above every other game's; another field sharing more than 80 % of
its lines with the photographed one passes (a near-identical drawing).
"""

from __future__ import annotations

import cv2
import numpy as np

from artsheets.scanner.errors import ScanError
from artsheets.scanner.template import Template, disk

__all__ = ["MIN_LINE_AGREEMENT", "check_drawing", "line_agreement"]

MIN_LINE_AGREEMENT = 0.8  # below this, the drawing is not the template's (see the module doc)


def line_agreement(work: np.ndarray, tpl: Template, inside: np.ndarray | None) -> float:
    """Share of the template's region lines that the photo (``work``: rectified, refined
    BGR at the template's resolution) shows as dark strokes; 0..1."""
    b, g, r = cv2.split(work)
    # Printed ink is dark in every channel, coloured pencil is not: the brightest channel.
    bright = cv2.max(cv2.max(b, g), r)
    k = cv2.getStructuringElement(cv2.MORPH_RECT, (5, 5))
    strokes = cv2.morphologyEx(bright, cv2.MORPH_BLACKHAT, k)
    seen = inside if inside is not None else np.ones(tpl.shape, bool)
    lines = tpl.printed & ~tpl.furniture_ink & seen
    control = (cv2.erode(tpl.clear, disk(0.6)) > 0) & seen
    if np.count_nonzero(lines) < 100 or np.count_nonzero(control) < 100:
        return 1.0  # nothing to compare: no evidence against the code
    level = float(np.percentile(strokes[control], 90))
    # A line is where the template says, to within the refinement's last half millimetre.
    near = cv2.dilate(strokes, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)))
    return float(np.mean(near[lines] > level))


def check_drawing(
    work: np.ndarray, tpl: Template, inside: np.ndarray | None, code: str, typed: bool = True
) -> None:
    """Refuse a sheet code whose drawing the photo does not show: one typed with ``--sheet``
    (``typed``), or one the QR code gave only when read by the sheet code's forms (the
    weakest reader; measured on tune48's 48 messaging copies, where it mostly reads, the
    right template's agreement is 0.87-1.00)."""
    agreement = line_agreement(work, tpl, inside)
    if agreement >= MIN_LINE_AGREEMENT:
        return
    lines = f"only {agreement:.0%} of its lines are there"
    if typed:
        raise ScanError(
            "wrong_sheet",
            f"the drawing in the photo is not that of sheet {code} ({lines}); check the code "
            "printed beside the QR code and give it to --sheet exactly",
        )
    raise ScanError(
        "qr_unreadable",
        f"the sheet's QR code could be read only in part, as {code}, and the drawing in the "
        f"photo is not that sheet's ({lines}); type the code printed beside the QR code: "
        "artsheets scan PHOTO --sheet CODE (or retake the photo closer and in focus)",
    )
