"""PNG renderer (Pillow). Drawn at twice the target resolution and reduced, which gives clean
anti-aliased lines; the same Vera font file as the PDF keeps text in the same place.
"""

from __future__ import annotations

import functools
import io
import itertools
import math

from PIL import Image, ImageDraw, ImageFont

from artsheets.generator.fonts import FONT_FILES
from artsheets.generator.layout import Circle, Layout, Path, Point, Text

__all__ = ["render_image", "render_png"]

_SUPERSAMPLE = 2
_ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}


@functools.cache
def _font(bold: bool, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_FILES[bold]), px)


def _dashes(points: list[Point], on: float, off: float) -> list[list[Point]]:
    """Split a polyline into dash pieces (pattern starts at the first point, as in SVG/PDF)."""
    pieces: list[list[Point]] = []
    drawing, left = True, on
    current: list[Point] = [points[0]]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while seg - pos > left:
            pos += left
            t = pos / seg
            pt = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if drawing:
                current.append(pt)
                pieces.append(current)
            else:
                current = [pt]
            drawing = not drawing
            left = on if drawing else off
        left -= seg - pos
        if drawing:
            current.append((x1, y1))
    if drawing and len(current) > 1:
        pieces.append(current)
    return pieces


def render_image(layout: Layout, dpi: float = 200) -> Image.Image:
    """The sheet as an RGB Pillow image at ``dpi``."""
    s = dpi / 25.4 * _SUPERSAMPLE  # pixels per mm on the large canvas
    size = (round(layout.page.width_mm * dpi / 25.4), round(layout.page.height_mm * dpi / 25.4))
    img = Image.new("RGB", (size[0] * _SUPERSAMPLE, size[1] * _SUPERSAMPLE), "white")
    d = ImageDraw.Draw(img)

    def px(p: Point) -> tuple[float, float]:
        return (p[0] * s, p[1] * s)

    def lw(width: float) -> int:
        return max(1, round(width * s))

    for p in layout.drawing:
        if isinstance(p, Path):
            pts = [px(pt) for pt in p.points]
            if p.fill:
                d.polygon(pts, fill=p.fill)
            if p.stroke and p.width > 0:
                if p.dash:
                    ring = [*p.points, p.points[0]] if p.closed else p.points
                    for piece in _dashes(ring, p.dash[0], p.dash[1]):
                        d.line([px(pt) for pt in piece], fill=p.stroke, width=lw(p.width))
                else:
                    line = [*pts, pts[0], pts[1 % len(pts)]] if p.closed else pts
                    d.line(line, fill=p.stroke, width=lw(p.width), joint="curve")
        elif isinstance(p, Circle):
            cx, cy = px(p.center)
            r = p.r * s
            half = lw(p.width) / 2 if p.stroke else 0
            box = [cx - r - half, cy - r - half, cx + r + half, cy + r + half]
            d.ellipse(
                box,
                fill=p.fill,
                outline=p.stroke if p.stroke else None,
                width=lw(p.width) if p.stroke else 0,
            )
        elif isinstance(p, Text):
            font = _font(p.bold, max(1, round(p.size * s)))
            d.text(px(p.pos), p.text, fill=p.fill, font=font, anchor=_ANCHORS[p.anchor])
    return img.reduce(_SUPERSAMPLE)


def render_png(layout: Layout, dpi: int = 200) -> bytes:
    buf = io.BytesIO()
    render_image(layout, dpi).save(buf, format="PNG", dpi=(dpi, dpi), optimize=False)
    return buf.getvalue()
