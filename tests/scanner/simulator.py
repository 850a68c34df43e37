"""A photo simulator for the scanner's tests and benchmark: colour a sheet, then photograph it.

1. **Render** the blank sheet (the generator's own PNG renderer).
2. **Colour** a finished game on it with coloured pencils: the regions' colours come from
   :func:`finished_game` (random legal play through the rule engine where it exists, otherwise
   plausible colouring); each region is filled with pencil grain along a stroke direction,
   at a pressure from light to firm, with patches left bare, a ragged edge that stops short
   of the printed line and, now and then, strokes that cross it. Lines are traced as strokes,
   record boxes get a slash, a cross or a fill, initials and totals get scribbles. Pencil is
   mixed subtractively with the paper in linear light.
3. **Photograph** it: on a textured, cluttered table, at any rotation, tilted up to 45
   degrees, anywhere in the frame, sometimes with one corner cut off by the frame edge; the
   paper curled; a lighting gradient, a hard shadow, a warm, cool or dim white balance, sensor
   noise, blur and JPEG compression down to quality 50.

Everything is drawn from one ``numpy`` generator, so a seed reproduces a photo exactly.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import cv2
import numpy as np

from artsheets.generator.layout import Layout, Region
from artsheets.generator.registry import build_layout, games, layout_from_code
from artsheets.generator.render_png import render_image

from .frame import OTHER_SHEETS, table_top, thumb
from .media import MEDIA, crayon_texture, felt_mask, felt_texture, scribble_mask
from .play import RuleBreak, plant_rule_break, play_random_game

__all__ = [
    "PENCILS",
    "Conditions",
    "Drawing",
    "SimulatedPhoto",
    "colour_sheet",
    "finished_game",
    "photograph",
    "simulate",
]

# Coloured pencils at full pressure, as sRGB on white paper. Look-alike families are on
# purpose: red / orange / pink / brown and blue / purple / light blue, and a pale yellow.
PENCILS: dict[str, tuple[int, int, int]] = {
    "red": (205, 40, 45),
    "blue": (40, 85, 200),
    "green": (45, 150, 70),
    "yellow": (245, 215, 45),
    "orange": (240, 135, 35),
    "purple": (125, 60, 165),
    "pink": (235, 115, 165),
    "brown": (135, 85, 45),
    "lightblue": (95, 175, 230),
    "darkgreen": (30, 95, 55),
}
LOOK_ALIKES = (("red", "orange", "pink", "brown"), ("blue", "purple", "lightblue", "darkgreen"))
SYMBOL_GAMES = frozenset({"synch"})  # games whose spaces get a symbol, not a fill
PAGE_PX_PER_MM = 8.0


def _lin(srgb: np.ndarray) -> np.ndarray:
    s = srgb.astype(np.float32) / 255.0
    return np.where(s <= 0.04045, s / 12.92, ((s + 0.055) / 1.055) ** 2.4).astype(np.float32)


_SRGB_LUT = np.clip(
    np.where(
        (v := np.linspace(0.0, 1.0, 4096)) <= 0.0031308, v * 12.92, 1.055 * v ** (1 / 2.4) - 0.055
    )
    * 255.0
    + 0.5,
    0,
    255,
).astype(np.uint8)


def _srgb(lin: np.ndarray) -> np.ndarray:
    """Linear light to 8-bit sRGB through a 4096-entry table (fast on 12-megapixel frames)."""
    idx = np.clip(lin * 4095.0 + 0.5, 0, 4095).astype(np.uint16)
    return _SRGB_LUT[idx]


# --- the game ------------------------------------------------------------------------------


def _players(layout: Layout) -> int:
    return sum(1 for r in layout.regions if r.kind == "key")


def finished_game(
    layout: Layout, rng: np.random.Generator
) -> tuple[dict[str, int | None], dict[int, int]]:
    """The colour of every region at the end of a random legal game (None = uncoloured), and
    each player's score.

    Spaces, segments, marks and triangles come from the rule engine's own play; point boxes
    are ticked up to each player's score and the track marked at it, initials and totals
    written; key swatches hold their own colour.
    """
    colours: dict[str, int | None] = {r.id: None for r in layout.regions}
    played, scores = play_random_game(layout, rng)
    colours.update(played)
    for r in layout.regions:
        role = r.extra.get("role")
        if r.kind == "key":
            colours[r.id] = r.color_index
        elif r.kind == "score_box" and role in WRITTEN_ROLES and r.player is not None:
            colours[r.id] = r.player
    _tick_tallies(layout, colours, scores)
    return colours, scores


WRITTEN_ROLES = ("initials", "total", "round")  # boxes players write in


def _tick_tallies(
    layout: Layout, colours: dict[str, int | None], scores: Mapping[int, int]
) -> None:
    """Tick each player's point boxes 1..score (area after area) and mark his track position."""
    points: dict[int, list[Region]] = {}
    tracks: dict[int, list[Region]] = {}
    for r in layout.regions:
        if r.kind == "score_box" and r.extra.get("role") == "point" and r.player is not None:
            points.setdefault(r.player, []).append(r)
        elif r.kind == "track_box" and r.player is not None:
            tracks.setdefault(r.player, []).append(r)
    for player, boxes in points.items():
        boxes.sort(key=lambda r: (r.id.rsplit("-box-", 1)[0], r.extra.get("value", 0)))
        for r in boxes[: scores.get(player, 0)]:
            colours[r.id] = player
    order = (layout.topology.data.get("track") or {}) if layout.topology else {}
    for player, boxes in tracks.items():
        ids = order.get(str(player)) or [r.id for r in boxes]
        pos = scores.get(player, 0)
        if 1 <= pos <= len(ids):
            colours[ids[pos - 1]] = player


# --- pencil on paper -------------------------------------------------------------------------


def _grain(
    shape: tuple[int, int], angle: float, rng: np.random.Generator, ppm: float
) -> np.ndarray:
    """Pencil grain in [0, 1]: noise smeared along the stroke direction, paper tooth left bare."""
    noise = rng.random(shape, dtype=np.float32)
    n = max(3, int(1.6 * ppm) | 1)
    kernel = np.zeros((n, n), np.float32)
    c = n // 2
    dx, dy = math.cos(angle), math.sin(angle)
    cv2.line(
        kernel,
        (round(c - dx * c), round(c - dy * c)),
        (round(c + dx * c), round(c + dy * c)),
        1.0,
        1,
    )
    kernel /= kernel.sum()
    smeared = cv2.filter2D(noise, -1, kernel)
    smeared = (smeared - smeared.mean()) / (smeared.std() + 1e-6)
    return np.clip(0.85 + 0.3 * smeared, 0.0, 1.0)


class _Canvas:
    """A small window of the page around one region: drawing stays local (and fast)."""

    def __init__(
        self, bounds: tuple[float, float, float, float], ppm: float, page_shape: tuple[int, int]
    ):
        x0, y0, x1, y1 = bounds
        self.ppm = ppm
        self.x0 = max(0, int(x0 * ppm) - 1)
        self.y0 = max(0, int(y0 * ppm) - 1)
        self.x1 = min(page_shape[1], math.ceil(x1 * ppm) + 2)
        self.y1 = min(page_shape[0], math.ceil(y1 * ppm) + 2)
        self.shape = (max(1, self.y1 - self.y0), max(1, self.x1 - self.x0))

    def px(self, points: Any) -> np.ndarray:
        """Page mm -> fixed-point (4 fractional bits) pixel coordinates in this window."""
        p = np.asarray(points, np.float64) * self.ppm - 0.5 - np.array([self.x0, self.y0])
        return np.round(p * 16).astype(np.int32)

    def pt(self, point: Any) -> tuple[int, int]:
        x, y = self.px(point).tolist()
        return (x, y)

    def blank(self) -> np.ndarray:
        return np.zeros(self.shape, np.uint8)

    def line(self, mask: np.ndarray, a: Any, b: Any, width_mm: float) -> None:
        lw = max(1, round(width_mm * self.ppm))
        cv2.line(mask, self.pt(a), self.pt(b), 255, lw, cv2.LINE_AA, 4)

    def disk(self, size_mm: float) -> np.ndarray:
        n = max(1, round(size_mm * self.ppm))
        return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * n + 1, 2 * n + 1))


def _bounds(r: Region) -> tuple[float, float, float, float]:
    pts = np.asarray(r.polygon if r.polygon is not None else r.polyline)
    return (
        float(pts[:, 0].min()),
        float(pts[:, 1].min()),
        float(pts[:, 0].max()),
        float(pts[:, 1].max()),
    )


def _inside(r: Region, cv: _Canvas) -> np.ndarray:
    """The region's polygon (holes left out) as 0/255 in ``cv``."""
    inside = cv.blank()
    cv2.fillPoly(inside, [cv.px(r.polygon)], 255, cv2.LINE_8, 4)
    for hole in r.holes or []:
        cv2.fillPoly(inside, [cv.px(hole)], 0, cv2.LINE_8, 4)
    return inside


def _is_fill(r: Region, symbol: int | None) -> bool:
    """Is region ``r`` coloured in (not ticked, written in or given a symbol)?"""
    role = r.extra.get("role")
    return (
        r.polygon is not None
        and symbol is None
        and role not in WRITTEN_ROLES
        and not (r.kind == "score_box" and role == "point")
    )


def _fill_mask(
    r: Region, cv: _Canvas, rng: np.random.Generator, symbol: int | None
) -> tuple[np.ndarray, float]:
    """Where the pencil goes for region ``r`` (uint8 0/255 in ``cv``) and the pressure used."""
    role = r.extra.get("role")
    mask = cv.blank()
    pressure = float(rng.uniform(0.5, 1.0))
    if r.kind == "segment" and r.polyline is not None:
        width = max(1, round(rng.uniform(0.9, 1.5) * cv.ppm))
        pts = cv.px(np.asarray(r.polyline) + rng.normal(0, 0.15, 2))
        cv2.polylines(mask, [pts], False, 255, width, cv2.LINE_AA, 4)
        return mask, pressure
    if r.polygon is None:
        return mask, pressure
    inside = _inside(r, cv)
    x0, y0, x1, y1 = _bounds(r)
    w, h = x1 - x0, y1 - y0
    if symbol is not None or role in WRITTEN_ROLES:
        # Symbols and handwriting: strokes in the box, not a fill.
        if symbol == 1 or role in WRITTEN_ROLES:
            m = 0.22 * min(w, h)
            jit = rng.normal(0, 0.03 * min(w, h), (4, 2))
            cv.line(
                mask, np.array([x0 + m, y0 + m]) + jit[0], np.array([x1 - m, y1 - m]) + jit[1], 0.6
            )
            cv.line(
                mask, np.array([x1 - m, y0 + m]) + jit[2], np.array([x0 + m, y1 - m]) + jit[3], 0.6
            )
        else:
            lw = max(1, round(0.6 * cv.ppm))
            axes = tuple(int(v) for v in (np.array([0.3 * w, 0.3 * h]) * cv.ppm * 16).round())
            cv2.ellipse(
                mask,
                cv.pt([(x0 + x1) / 2, (y0 + y1) / 2]),
                axes,
                0,
                0,
                360,
                255,
                lw,
                cv2.LINE_AA,
                4,
            )
        return mask, float(rng.uniform(0.7, 1.0))
    if r.kind == "score_box" and role == "point" and rng.random() < 0.6:
        m = 0.15 * min(w, h)
        cv.line(mask, (x0 + m, y1 - m), (x1 - m, y0 + m), 0.7)
        if rng.random() < 0.5:
            cv.line(mask, (x0 + m, y0 + m), (x1 - m, y1 - m), 0.7)
        return mask, float(rng.uniform(0.7, 1.0))
    if r.kind == "key":
        pressure = float(rng.uniform(0.85, 1.0))
    # A fill: stop short of the line by a ragged margin, leave bare patches, cross the border
    # here and there.
    mask = cv2.erode(inside, cv.disk(rng.uniform(0.2, 0.7)))
    area = max(1.0, float(np.count_nonzero(mask)))
    if r.kind == "space" and rng.random() < 0.5:
        for _ in range(int(rng.integers(1, 4))):
            ry = rng.uniform(0.04, 0.12) * min(w, h)
            rx = ry * rng.uniform(1.0, 2.5)
            hole = cv.blank()
            axes = tuple(int(v) for v in (np.array([rx, ry]) * cv.ppm * 16).round())
            centre = cv.pt([rng.uniform(x0, x1), rng.uniform(y0, y1)])
            cv2.ellipse(
                hole, centre, axes, float(rng.uniform(0, 180)), 0, 360, 255, -1, cv2.LINE_8, 4
            )
            if np.count_nonzero(hole & mask) < 0.12 * area:
                mask &= ~hole
    if r.kind == "space" and rng.random() < 0.3:
        reach = cv2.dilate(inside, cv.disk(1.2))  # at most 1.2 mm past the region's edge
        for _ in range(int(rng.integers(1, 3))):
            cx, cy = rng.uniform(x0, x1), rng.uniform(y0, y1)
            ang = rng.uniform(0, 2 * math.pi)
            length = max(w, h) + 2.0
            stroke = cv.blank()
            cv.line(
                stroke, (cx, cy), (cx + math.cos(ang) * length, cy + math.sin(ang) * length), 0.8
            )
            mask |= stroke & reach
    return mask, pressure


def colour_sheet(
    layout: Layout,
    colours: Mapping[str, int | None],
    pencils: Mapping[int, tuple[int, int, int]],
    rng: np.random.Generator,
    ppm: float = PAGE_PX_PER_MM,
    medium: str = "pencil",
    toner: float = 1.0,
) -> np.ndarray:
    """The rendered sheet with every region coloured in its colour with ``medium`` (see
    :mod:`tests.scanner.media`), printed at ``toner`` (1: black outlines; 0.5: half grey);
    linear BGR float32."""
    if medium not in MEDIA:
        raise ValueError(f"unknown medium {medium!r}; one of {', '.join(MEDIA)}")
    blank = _blank(layout.sheet_code, ppm)
    if toner != 1.0:  # less toner: every printed mark lighter (sRGB, as the printer lays it)
        blank = (255.0 - (255.0 - blank.astype(np.float32)) * toner).round().astype(np.uint8)
    page = _lin(blank)
    shape = page.shape[:2]
    grains = [_grain(shape, a, rng, ppm) for a in rng.uniform(0, math.pi, 3)]
    symbols = layout.game in SYMBOL_GAMES
    for r in layout.regions:
        k = colours.get(r.id)
        if k is None or (r.polygon is None and r.polyline is None):
            continue
        x0, y0, x1, y1 = _bounds(r)
        cv = _Canvas((x0 - 2.5, y0 - 2.5, x1 + 2.5, y1 + 2.5), ppm, shape)
        symbol = k if symbols and r.kind == "space" else None
        mask, pressure = _fill_mask(r, cv, rng, symbol)
        win = (slice(cv.y0, cv.y1), slice(cv.x0, cv.x1))
        g = grains[int(rng.integers(0, len(grains)))][win]
        # Light, patchy pressure: low-frequency variation across the region.
        patch = cv2.resize(rng.uniform(0.7, 1.0, (3, 3)).astype(np.float32), cv.shape[::-1])
        if medium == "pencil":
            alpha = (mask.astype(np.float32) / 255.0) * g * pressure * patch
        else:
            alpha = _medium_alpha(medium, r, cv, rng, mask, symbol, g * pressure * patch)
        pigment = _lin(np.array(pencils[k][::-1], np.uint8)[None, None, :])[0, 0]
        page[win] *= 1.0 - alpha[..., None] * (1.0 - pigment)[None, None, :]
    return page


def _medium_alpha(
    medium: str,
    r: Region,
    cv: _Canvas,
    rng: np.random.Generator,
    pencil_mask: np.ndarray,
    symbol: int | None,
    pencil: np.ndarray,
) -> np.ndarray:
    """How strongly each pixel of ``cv`` takes the colour of ``r`` with ``medium``, given
    where (``pencil_mask``) and how (``pencil``: grain times pressure) a pencil would go."""
    mask = pencil_mask
    fill = _is_fill(r, symbol)
    if medium == "felt":
        # A fill bleeds past the outline; a line or tick is as broad as the nib.
        mask = felt_mask(_inside(r, cv), cv.ppm, rng) if fill else cv2.dilate(mask, cv.disk(0.25))
        return (mask.astype(np.float32) / 255.0) * felt_texture(cv.shape, cv.ppm, rng)
    if medium == "crayon":
        return (mask.astype(np.float32) / 255.0) * crayon_texture(cv.shape, cv.ppm, rng)
    # A hurried scribble; the colour key is still filled in with care.
    if fill and r.kind != "key":
        mask = scribble_mask(_inside(r, cv), cv.ppm, rng)
    return (mask.astype(np.float32) / 255.0) * pencil


def fit_to_page(page: np.ndarray, scale: float) -> np.ndarray:
    """The page as a printer's "fit to page" prints it: everything shrunk by ``scale`` about
    the page's centre, bare paper around (linear BGR float32)."""
    h, w = page.shape[:2]
    m = np.array([[scale, 0, (1 - scale) * w / 2], [0, scale, (1 - scale) * h / 2]])
    return cv2.warpAffine(
        page,
        m,
        (w, h),
        flags=cv2.INTER_AREA,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=(1.0, 1.0, 1.0),
    )


@functools.lru_cache(maxsize=16)
def _blank(code: str, ppm: float) -> np.ndarray:
    layout = layout_from_code(code)
    img = render_image(layout, ppm * 25.4)
    return np.asarray(img)[:, :, ::-1].copy()  # BGR


# --- the camera ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Drawing:
    """How the sheet was printed and coloured: the medium (see :mod:`tests.scanner.media`),
    the toner (1: black outlines; 0.5: half grey), the printer's scale ("fit to page" prints
    at 93-97 %) and whether one rule is broken on purpose (:func:`plant_rule_break`)."""

    medium: str = "pencil"
    toner: float = 1.0
    print_scale: float = 1.0
    rule_break: bool = False


@dataclass(frozen=True)
class Conditions:
    """How a photo is taken. Angles in degrees; ``fill`` is the sheet's longest side as a share
    of the frame's shorter side... roughly; ``crop_corner`` (0..3, marker id) is pushed out of
    the frame; lighting and camera values are factors on linear light."""

    size: tuple[int, int] = (2000, 1500)
    rotation: float = 0.0
    tilt: float = 0.0
    tilt_axis: float = 0.0
    fill: float = 0.85
    offset: tuple[float, float] = (0.0, 0.0)
    crop_corner: int | None = None
    curl_mm: float = 0.0
    gradient: float = 0.0
    shadow: float = 0.0
    white_balance: tuple[float, float, float] = (1.0, 1.0, 1.0)  # R, G, B gains
    exposure: float = 1.0
    noise: float = 2.0
    blur: float = 0.0
    jpeg_quality: int = 90
    clutter: bool = True
    # Sent through a messaging app: the photo shrunk to this longest side and compressed
    # again at ``jpeg_quality`` (None: the camera's own photo).
    max_side: int | None = None
    table: str = "any"  # "any" (cloth or wood, any shade), "dark" or "wood"
    other_sheets: int = 0  # other printed sheets lying partly in the frame, under this one
    thumb: bool = False  # a thumb holding the sheet down at one edge

    @classmethod
    def random(cls, rng: np.random.Generator, size: tuple[int, int] = (2000, 1500)) -> Conditions:
        """Anything from an easy photo to the hardest the scanner promises to read."""
        wb = [(1.0, 1.0, 1.0), (1.15, 1.0, 0.75), (0.85, 1.0, 1.2), (1.0, 1.0, 1.0)][
            int(rng.integers(0, 4))
        ]
        dim = rng.random() < 0.2
        rotation = float(rng.uniform(0, 360))
        tilt = float(min(45.0, abs(rng.normal(0, 20))))
        tilt_axis = float(rng.uniform(0, 360))
        fill = float(rng.uniform(0.7, 0.95))
        offset = (float(rng.uniform(-1, 1)), float(rng.uniform(-1, 1)))
        crop = int(rng.integers(0, 4)) if rng.random() < 0.15 else None
        if crop is not None and (off := (rotation + 45) % 90 - 45) ** 2 < 12**2:
            # An upright sheet cannot lose one corner to an upright frame's edge without its
            # neighbour: one cut off corner comes with the sheet turned a little.
            rotation += (12 if off >= 0 else -12) - off
        return cls(
            size=size,
            rotation=rotation,
            tilt=tilt,
            tilt_axis=tilt_axis,
            fill=fill,
            offset=offset,
            crop_corner=crop,
            curl_mm=float(rng.uniform(0, 3.0)),
            gradient=float(rng.uniform(0, 0.5)),
            shadow=float(rng.uniform(0.3, 0.55)) if rng.random() < 0.3 else 0.0,
            white_balance=wb,
            exposure=float(rng.uniform(0.35, 0.55)) if dim else float(rng.uniform(0.85, 1.1)),
            noise=float(rng.uniform(1.0, 5.0)) * (1.5 if dim else 1.0),
            blur=float(rng.uniform(0, 0.9)) * size[0] / 2000,
            jpeg_quality=int(rng.integers(50, 96)),
            clutter=True,
        )


def _table(size: tuple[int, int], rng: np.random.Generator, clutter: bool) -> np.ndarray:
    """A textured table top (wood grain or cloth) with clutter; linear BGR float32."""
    w, h = size
    sw, sh = max(8, w // 8), max(8, h // 8)
    base = _lin(np.array(rng.integers(40, 200, 3), np.uint8)[None, None, :])[0, 0]
    grain = cv2.resize(rng.random((max(2, sh // 16), sw), dtype=np.float32), (sw, sh))
    grain = cv2.GaussianBlur(grain, (0, 0), 1.0)
    small = base[None, None, :] * (0.75 + 0.5 * grain[..., None])
    if clutter:
        for _ in range(int(rng.integers(4, 12))):
            col = _lin(np.array(rng.integers(0, 256, 3), np.uint8)[None, None, :])[0, 0]
            c = (int(rng.integers(0, sw)), int(rng.integers(0, sh)))
            s = int(rng.integers(sw // 20, sw // 5))
            kind = rng.integers(0, 3)
            if kind == 0:
                cv2.circle(small, c, s, tuple(float(v) for v in col), -1)
            elif kind == 1:
                box = cv2.boxPoints((c, (s * 2.0, s * 0.7), float(rng.uniform(0, 180))))
                cv2.fillPoly(small, [box.astype(np.int32)], tuple(float(v) for v in col))
            else:
                # Printed matter: a page of dark text lines.
                for j in range(6):
                    y = c[1] + j * 3
                    cv2.line(small, (c[0], y), (c[0] + s, y), (0.02, 0.02, 0.02), 1)
    table = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    return table


def _camera_quad(page_wh: tuple[float, float], c: Conditions, frame: tuple[int, int]) -> np.ndarray:
    """Where the page's corners land in the frame: rotation, tilt (a pinhole camera), placement."""
    pw, ph = page_wh
    corners = np.array([[-pw / 2, -ph / 2], [pw / 2, -ph / 2], [pw / 2, ph / 2], [-pw / 2, ph / 2]])
    a = math.radians(c.rotation)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    pts = corners @ rot.T
    # Tilt the plane about an in-plane axis, then project with a moderate focal length.
    t, ax = math.radians(c.tilt), math.radians(c.tilt_axis)
    u = np.array([math.cos(ax), math.sin(ax), 0.0])
    K = np.array([[0, -u[2], u[1]], [u[2], 0, -u[0]], [-u[1], u[0], 0]])
    R = np.eye(3) + math.sin(t) * K + (1 - math.cos(t)) * K @ K
    p3 = np.c_[pts, np.zeros(4)] @ R.T
    dist = 1.3 * max(pw, ph)
    proj = p3[:, :2] / (1.0 + p3[:, 2:3] / dist)
    fw, fh = frame
    span = proj.max(axis=0) - proj.min(axis=0)
    scale = c.fill * min(fw / span[0], fh / span[1])
    proj = (proj - proj.min(axis=0)) * scale
    span = proj.max(axis=0)
    room = np.array([fw, fh]) - span
    pos = room / 2 + np.array(c.offset) * room / 2 * 0.9
    quad = proj + pos
    if c.crop_corner is None:
        return quad.astype(np.float32)
    # Push the page along one axis until the chosen corner's marker is half out of the frame
    # (its centre, 17 mm in from the corner, past the edge), keeping the other three markers
    # wholly in the frame (the condition: one corner cut off); where neither axis can, the
    # sheet is photographed a little smaller; where that never helps (an edge of the page
    # nearly parallel to the frame's, seen at a slant), no corner is cut.
    pw, ph = page_wh
    k = c.crop_corner
    in_mm = 17 * PAGE_PX_PER_MM
    centre_mark = np.array(
        [[pw - in_mm if k in (1, 2) else in_mm, ph - in_mm if k in (2, 3) else in_mm]]
    )
    frame_centre = np.array([fw, fh]) / 2
    uncut = quad
    for _ in range(12):
        H = cv2.getPerspectiveTransform(
            np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32), quad.astype(np.float32)
        )
        mark = cv2.perspectiveTransform(centre_mark.reshape(1, 1, 2).astype(np.float32), H)
        mark = mark.reshape(2)
        beyond = 0.02 * min(frame)
        moves = []
        for i, lim in ((0, fw), (1, fh)):
            step = (lim - mark[i] + beyond) if mark[i] > frame_centre[i] else -(mark[i] + beyond)
            moves.append(quad + np.eye(2)[i] * step)
        moves.sort(key=lambda q: float(np.abs(q - quad).sum()))
        for moved in moves:
            if _markers_in_frame(moved, page_wh, k, frame):
                return moved.astype(np.float32)
        quad = frame_centre + (quad - frame_centre) * 0.93
    return uncut.astype(np.float32)


def _markers_in_frame(
    quad: np.ndarray, page_wh: tuple[float, float], skip: int, frame: tuple[int, int]
) -> bool:
    """Are the corner markers (10 to 24 mm in from each page corner), all but ``skip``,
    wholly inside the frame when the page's corners land on ``quad``?"""
    pw, ph = page_wh
    src = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32)
    H = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
    lo, hi = 10 * PAGE_PX_PER_MM, 24 * PAGE_PX_PER_MM
    pts = []
    for i, (right, bottom) in enumerate(((0, 0), (1, 0), (1, 1), (0, 1))):
        if i == skip:
            continue
        xs = (pw - hi, pw - lo) if right else (lo, hi)
        ys = (ph - hi, ph - lo) if bottom else (lo, hi)
        pts += [(x, y) for x in xs for y in ys]
    p = cv2.perspectiveTransform(np.array(pts, np.float32).reshape(-1, 1, 2), H).reshape(-1, 2)
    edge = 0.01 * min(frame)
    return bool(np.all((p >= edge) & (p <= np.array(frame) - edge)))


def photograph(
    page: np.ndarray,
    ppm: float,
    c: Conditions,
    rng: np.random.Generator,
    table: np.ndarray | None = None,
) -> np.ndarray:
    """A photo (BGR uint8) of ``page`` (linear BGR float32 at ``ppm`` px/mm) under ``c``;
    ``table`` (linear BGR float32, the frame's size) is what lies under the sheet instead of
    a fresh table top (other sheets: ``tests/scanner/scenes.py``)."""
    ph_px, pw_px = page.shape[:2]
    fw, fh = c.size
    if c.curl_mm > 0:
        # Curl: a smooth displacement of the paper, largest in the middle, with shading.
        yy, xx = np.mgrid[0:ph_px:16, 0:pw_px:16].astype(np.float32)
        fx = rng.uniform(0.5, 1.5) * math.pi / pw_px
        fy = rng.uniform(0.5, 1.5) * math.pi / ph_px
        ph0, ph1 = rng.uniform(0, math.pi, 2)
        amp = c.curl_mm * ppm
        dx = amp * np.sin(xx * fx + ph0) * np.sin(yy * fy + ph1)
        dy = amp * np.sin(yy * fy + ph0) * np.cos(xx * fx + ph1)
        shade = 1.0 - 0.08 * c.curl_mm / 3 * np.cos(xx * fx * 2 + ph0)
        dx = cv2.resize(dx.astype(np.float32), (pw_px, ph_px))
        dy = cv2.resize(dy.astype(np.float32), (pw_px, ph_px))
        shade = cv2.resize(shade.astype(np.float32), (pw_px, ph_px))
        gx, gy = np.meshgrid(np.arange(pw_px, dtype=np.float32), np.arange(ph_px, dtype=np.float32))
        page = cv2.remap(
            page,
            (gx + dx).astype(np.float32),
            (gy + dy).astype(np.float32),
            cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_REPLICATE,
        )
        page = page * shade[..., None]
    quad = _camera_quad((pw_px, ph_px), c, (fw, fh))
    src = np.array([[0, 0], [pw_px, 0], [pw_px, ph_px], [0, ph_px]], np.float32) - 0.5
    H = cv2.getPerspectiveTransform(src, quad)
    sheet = cv2.warpPerspective(page, H, (fw, fh), flags=cv2.INTER_AREA)
    alpha = cv2.warpPerspective(
        np.ones((ph_px, pw_px), np.float32), H, (fw, fh), flags=cv2.INTER_LINEAR
    )
    if table is not None:  # a table laid by the caller (tests/scanner/scenes.py)
        frame = table
    elif c.table == "any":
        frame = _table((fw, fh), rng, c.clutter)
    else:
        frame = table_top(c.table, (fw, fh), rng)
    if c.other_sheets:
        frame = OTHER_SHEETS(frame, quad, c.other_sheets, rng)
    frame = frame * (1 - alpha[..., None]) + sheet * alpha[..., None]
    if c.thumb:
        frame = thumb(frame, quad, rng)
    # Lighting: a gradient across the frame and perhaps a hard shadow (an object's edge).
    sw, sh = fw // 8, fh // 8
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    ang = rng.uniform(0, 2 * math.pi)
    ramp = (xx / sw - 0.5) * math.cos(ang) + (yy / sh - 0.5) * math.sin(ang)
    light = 1.0 - c.gradient * (ramp + 0.5)
    if c.shadow > 0:
        p0 = np.array([rng.uniform(0, sw), rng.uniform(0, sh)])
        a2 = rng.uniform(0, 2 * math.pi)
        nrm = np.array([math.cos(a2), math.sin(a2)])
        side = (xx - p0[0]) * nrm[0] + (yy - p0[1]) * nrm[1]
        edge = np.clip(side / 1.5 + 0.5, 0, 1)  # a sharp edge (about 12 frame pixels)
        light = light * (1 - c.shadow * edge)
    light = cv2.resize(light.astype(np.float32), (fw, fh), interpolation=cv2.INTER_LINEAR)
    gains = np.array(c.white_balance[::-1], np.float32) * c.exposure  # BGR
    frame = frame * light[..., None] * gains[None, None, :]
    if c.blur > 0.05:
        frame = cv2.GaussianBlur(frame, (0, 0), c.blur)
    out = _srgb(frame).astype(np.int16)
    noise = np.empty(out.shape, np.int16)
    # OpenCV's generator is global state (the scanner seeds it too): seeded from the photo's
    # own, so that a photo is the same whatever ran before it in the process.
    # (Mean and spread given per channel: a single number is OpenCV's Scalar(n, 0, 0, 0),
    # noise in the first channel alone.)
    cv2.setRNGSeed(int(rng.integers(0, 2**31 - 1)))
    cv2.randn(noise, (0.0,) * 3, (c.noise,) * 3)
    return np.clip(out + noise, 0, 255).astype(np.uint8)


# --- all of it -------------------------------------------------------------------------------


@dataclass
class SimulatedPhoto:
    """A simulated photo and the truth behind it (``scores``: the game's own, the tallies)."""

    jpeg: bytes
    layout: Layout
    colours: dict[str, int | None]
    pencils: dict[int, tuple[int, int, int]]
    conditions: Conditions
    blank_keys: tuple[int, ...] = ()
    scores: dict[int, int] = field(default_factory=dict)
    drawing: Drawing = Drawing()
    rule_break: RuleBreak | None = None  # the one planted, if any (colours include it)

    @property
    def image(self) -> np.ndarray:
        return cv2.imdecode(np.frombuffer(self.jpeg, np.uint8), cv2.IMREAD_COLOR)


def pick_pencils(k: int, rng: np.random.Generator) -> dict[int, tuple[int, int, int]]:
    """k distinct pencils; half the time from one look-alike family (the hard case)."""
    names = list(PENCILS)
    if rng.random() < 0.5:
        family = list(LOOK_ALIKES[int(rng.integers(0, len(LOOK_ALIKES)))])
        rng.shuffle(family)
        rest = [n for n in names if n not in family]
        rng.shuffle(rest)
        chosen = (family + rest)[:k]
    else:
        chosen = list(rng.choice(names, size=k, replace=False))
    return {i + 1: PENCILS[n] for i, n in enumerate(chosen)}


def simulate(
    layout: Layout | str,
    seed: int,
    conditions: Conditions | None = None,
    size: tuple[int, int] = (2000, 1500),
    blank_keys: tuple[int, ...] = (),
    colours: Mapping[str, int | None] | None = None,
    pencils: Mapping[int, tuple[int, int, int]] | None = None,
    drawing: Drawing | None = None,
) -> SimulatedPhoto:
    """Colour ``layout`` (a Layout or a game name) with a finished game and photograph it.
    ``drawing`` (default: pencil on a sheet printed as it should be, a legal game) says how
    the sheet was printed and coloured."""
    drawing = drawing or Drawing()
    rng = np.random.default_rng(seed)
    if isinstance(layout, str):
        layout = sheet_for(layout)
    if conditions is None:
        conditions = Conditions.random(rng, size)
    k = _players(layout)
    pencils = dict(pencils) if pencils is not None else pick_pencils(k, rng)
    if colours is None:
        truth, scores = finished_game(layout, rng)
    else:
        truth, scores = dict(colours), {}
    planted = None
    if drawing.rule_break:
        truth, planted = plant_rule_break(layout, truth, scores, rng)
    for key in blank_keys:
        truth[f"key-{key}"] = None
    page = colour_sheet(layout, truth, pencils, rng, medium=drawing.medium, toner=drawing.toner)
    if drawing.print_scale != 1.0:
        page = fit_to_page(page, drawing.print_scale)
    frame = photograph(page, PAGE_PX_PER_MM, conditions, rng)
    if conditions.max_side is not None:
        frame = messaging_app(frame, conditions.max_side)
    ok, buf = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, conditions.jpeg_quality])
    assert ok
    return SimulatedPhoto(
        buf.tobytes(), layout, truth, pencils, conditions, blank_keys, scores, drawing, planted
    )


def messaging_app(frame: np.ndarray, max_side: int) -> np.ndarray:
    """The camera's photo (saved as its own JPEG) as a messaging app passes it on: shrunk to
    ``max_side`` pixels on its longest side (the app compresses it again afterwards)."""
    ok, buf = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert ok
    frame = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    h, w = frame.shape[:2]
    scale = max_side / max(h, w)
    if scale >= 1.0:
        return frame
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    return cv2.resize(frame, size, interpolation=cv2.INTER_AREA)


def sheet_for(game: str, seed: int | None = None, field_version: int | None = None) -> Layout:
    """A game's standard sheet, or its field from ``seed`` (1 by default) if it has none;
    ``field_version`` where the game has one (its newest otherwise)."""
    spec = games()[game]
    if field_version not in spec.standard_versions:
        field_version = None
    if seed is None and spec.standard is not None:
        try:
            return build_layout(game, None, {}, "a4", field_version)
        except FileNotFoundError:  # a standard field not frozen yet: use a random one
            pass
    return build_layout(game, 1 if seed is None else seed)


def easy(size: tuple[int, int] = (2000, 1500), **changes: Any) -> Conditions:
    """A plain, square-on, well-lit photo, with any of its conditions changed."""
    return replace(Conditions(size=size, clutter=True, noise=1.5), **changes)


def game_names() -> list[str]:
    """Every game the generator knows now (more land over time)."""
    return list(games())
