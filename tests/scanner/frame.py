"""What else is in a photo besides the sheet: the table top, other printed sheets lying partly
in the frame, and the thumb holding the sheet down. For the simulator's named conditions;
every image here is linear BGR float32, every random draw from the caller's generator.

``OTHER_SHEETS`` is the hook :func:`tests.scanner.simulator.photograph` calls to lay other
sheets under the photographed one; a richer scene composer can replace it (same signature).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np

__all__ = ["OTHER_SHEETS", "other_sheets_in_frame", "table_top", "thumb"]

OTHER_SHEET_PX_PER_MM = 4.0  # other sheets are rendered coarser: they are only backdrop
SKIN_SRGB = ((224, 172, 140), (198, 134, 96), (141, 85, 54), (241, 194, 164))
THUMB_MM = (18.0, 24.0)  # a thumb's width
THUMB_REACH_MM = (6.0, 16.0)  # how far it lies over the sheet's edge


def _lin(srgb: np.ndarray) -> np.ndarray:
    s = np.asarray(srgb, np.float32) / 255.0
    return np.where(s <= 0.04045, s / 12.92, ((s + 0.055) / 1.055) ** 2.4).astype(np.float32)


def table_top(kind: str, size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A dark table (slate, dark cloth) or a wooden one, with a few objects on it."""
    w, h = size
    sw, sh = max(8, w // 8), max(8, h // 8)
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    if kind == "dark":
        base = _lin(rng.integers(12, 50, 3))
        texture = cv2.GaussianBlur(rng.random((sh, sw), dtype=np.float32), (0, 0), 1.5)
        small = base[None, None, :] * (0.8 + 0.4 * texture[..., None])
    elif kind == "wood":
        base = _lin(np.array([rng.integers(40, 80), rng.integers(75, 115), rng.integers(120, 175)]))
        a = float(rng.uniform(0, math.pi))
        along = xx * math.cos(a) + yy * math.sin(a)
        across = -xx * math.sin(a) + yy * math.cos(a)
        warp = cv2.GaussianBlur(rng.random((sh, sw), dtype=np.float32), (0, 0), 6.0)
        rings = np.sin(across / rng.uniform(1.5, 4.0) + 40.0 * warp + 0.02 * along)
        grain = 0.8 + 0.15 * rings + 0.1 * (warp - 0.5)
        # Planks: a dark seam every so often.
        plank = float(rng.uniform(0.15, 0.4)) * max(sw, sh)
        seam = np.abs(((across / plank) % 1.0) - 0.5) > 0.49
        small = base[None, None, :] * (grain * np.where(seam, 0.5, 1.0))[..., None]
    else:
        raise ValueError(f"unknown table {kind!r}; one of any, dark, wood")
    for _ in range(int(rng.integers(2, 5))):  # pens, a mug, a phone
        colour = tuple(float(v) for v in _lin(rng.integers(0, 200, 3)))
        c = (int(rng.integers(0, sw)), int(rng.integers(0, sh)))
        s = int(rng.integers(sw // 25, sw // 8))
        if rng.random() < 0.5:
            cv2.circle(small, c, s, colour, -1)
        else:
            box = cv2.boxPoints((c, (s * 3.0, s * 0.4), float(rng.uniform(0, 180))))
            cv2.fillPoly(small, [box.astype(np.int32)], colour)
    return cv2.resize(small.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)


def _px_per_mm(quad: np.ndarray) -> float:
    """Frame pixels per page millimetre, roughly, for a sheet (A4 or Letter) seen at ``quad``."""
    perimeter = sum(float(np.linalg.norm(quad[i] - quad[(i + 1) % 4])) for i in range(4))
    return perimeter / (2 * (210 + 297))


def other_sheets_in_frame(
    frame: np.ndarray, quad: np.ndarray, count: int, rng: np.random.Generator
) -> np.ndarray:
    """``frame`` with ``count`` other artsheets sheets (blank, any game) lying partly in it,
    each as large as the photographed sheet (``quad``: its corners), centred near an edge of
    the frame so that part of it is cut off. The photographed sheet is laid over them."""
    from .simulator import _blank, game_names, sheet_for

    fh, fw = frame.shape[:2]
    centre = np.array([fw, fh], np.float64) / 2
    own = quad.astype(np.float64) - quad.mean(axis=0)
    names = game_names()
    for _ in range(count):
        code = sheet_for(names[int(rng.integers(0, len(names)))]).sheet_code
        blank = _lin(_blank(code, OTHER_SHEET_PX_PER_MM))
        bh, bw = blank.shape[:2]
        a = float(rng.uniform(0, 2 * math.pi))
        rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
        u = np.array([math.cos(a * 1.7 + 1.0), math.sin(a * 1.7 + 1.0)])
        to_edge = min(
            (fw / 2) / max(abs(u[0]), 1e-6),
            (fh / 2) / max(abs(u[1]), 1e-6),
        )
        where = centre + u * to_edge * float(rng.uniform(0.95, 1.3))
        corners = (own @ rot.T + where).astype(np.float32)
        src = np.array([[0, 0], [bw, 0], [bw, bh], [0, bh]], np.float32)
        H = cv2.getPerspectiveTransform(src, corners)
        sheet = cv2.warpPerspective(blank, H, (fw, fh), flags=cv2.INTER_LINEAR)
        alpha = cv2.warpPerspective(np.ones((bh, bw), np.float32), H, (fw, fh))
        frame = frame * (1 - alpha[..., None]) + sheet * alpha[..., None]
    return frame


OTHER_SHEETS: Callable[[np.ndarray, np.ndarray, int, np.random.Generator], np.ndarray]
OTHER_SHEETS = other_sheets_in_frame


def thumb(frame: np.ndarray, quad: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``frame`` with a thumb (and the hand behind it) holding the sheet down over the middle
    part of one of its edges, casting a soft shadow on the paper."""
    fh, fw = frame.shape[:2]
    ppm = _px_per_mm(quad)
    i = int(rng.integers(0, 4))
    a, b = quad[i].astype(np.float64), quad[(i + 1) % 4].astype(np.float64)
    at = a + float(rng.uniform(0.3, 0.7)) * (b - a)
    edge = (b - a) / np.linalg.norm(b - a)
    inward = np.array([-edge[1], edge[0]])
    if np.dot(quad.mean(axis=0) - at, inward) < 0:
        inward = -inward
    width = float(rng.uniform(*THUMB_MM)) * ppm
    length = 3.0 * width
    reach = float(rng.uniform(*THUMB_REACH_MM)) * ppm
    tip_centre = at + inward * (reach - length / 2)
    angle = math.degrees(math.atan2(inward[1], inward[0]))
    hand_centre = at - inward * (length * 1.15)  # the rest of the hand, off the sheet
    mask = np.zeros((fh, fw), np.uint8)

    def blob(m: np.ndarray, c: np.ndarray, half_len: float, half_w: float, shift: np.ndarray):
        centre = tuple(int(v) for v in np.round((c + shift) * 16))
        axes = (int(half_len * 16), int(half_w * 16))
        cv2.ellipse(m, centre, axes, angle, 0, 360, 255, -1, cv2.LINE_AA, 4)

    zero = np.zeros(2)
    blob(mask, tip_centre, length / 2, width / 2, zero)
    blob(mask, hand_centre, length * 0.7, width * 1.1, zero)
    shadow = np.zeros_like(mask)
    offset = np.array([1.0, 1.5]) * 0.15 * width
    blob(shadow, tip_centre, length / 2, width / 2, offset)
    blob(shadow, hand_centre, length * 0.7, width * 1.1, offset)
    soft = cv2.GaussianBlur(shadow.astype(np.float32) / 255.0, (0, 0), 0.2 * width)
    frame = frame * (1.0 - 0.45 * soft[..., None])
    m = mask.astype(np.float32) / 255.0
    # Rounded: darker towards the thumb's sides.
    depth = cv2.distanceTransform(mask, cv2.DIST_L2, 3)
    depth = np.clip(depth / (0.35 * width), 0.0, 1.0)
    skin = _lin(SKIN_SRGB[int(rng.integers(0, len(SKIN_SRGB)))][::-1])
    shade = 0.55 + 0.45 * depth
    return frame * (1 - m[..., None]) + (skin[None, None, :] * shade[..., None]) * m[..., None]
