"""PDF renderer (reportlab). The page is set up in millimetres with y pointing down, like the
layout, so every primitive is drawn with the layout's own numbers. ``invariant=1`` removes the
creation date and random document id, so the same layout gives the same PDF bytes.
"""

from __future__ import annotations

import io

from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from artsheets.generator.fonts import font_name, register_pdf_fonts
from artsheets.generator.layout import Circle, Layout, Path, Text

__all__ = ["render_pdf"]


def _style(c: canvas.Canvas, stroke: str | None, width: float, fill: str | None) -> tuple[int, int]:
    if stroke:
        c.setStrokeColor(stroke)
        c.setLineWidth(width)
    if fill:
        c.setFillColor(fill)
    return (1 if stroke and width > 0 else 0), (1 if fill else 0)


def render_pdf(layout: Layout) -> bytes:
    register_pdf_fonts()
    buf = io.BytesIO()
    w, h = layout.page.width_mm, layout.page.height_mm
    c = canvas.Canvas(buf, pagesize=(w * mm, h * mm), invariant=1, pageCompression=1)
    c.setTitle(f"{layout.title} {layout.sheet_code}")
    c.setCreator("artsheets")
    c.transform(mm, 0, 0, -mm, 0, h * mm)  # millimetres, origin top-left, y down
    c.setLineJoin(1)
    c.setLineCap(1)
    for p in layout.drawing:
        if isinstance(p, Path):
            stroke, fill = _style(c, p.stroke, p.width, p.fill)
            if p.dash:
                c.setDash([p.dash[0], p.dash[1]], 0)
                c.setLineCap(0)
            path = c.beginPath()
            path.moveTo(*p.points[0])
            for x, y in p.points[1:]:
                path.lineTo(x, y)
            if p.closed:
                path.close()
            c.drawPath(path, stroke=stroke, fill=fill)
            if p.dash:
                c.setDash([], 0)
                c.setLineCap(1)
        elif isinstance(p, Circle):
            stroke, fill = _style(c, p.stroke, p.width, p.fill)
            c.circle(p.center[0], p.center[1], p.r, stroke=stroke, fill=fill)
        elif isinstance(p, Text):
            c.saveState()
            c.setFillColor(p.fill)
            c.translate(p.pos[0], p.pos[1])
            c.scale(1, -1)
            c.setFont(font_name(p.bold), p.size)
            draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[
                p.anchor
            ]
            draw(0, 0, p.text)
            c.restoreState()
    c.showPage()
    c.save()
    return buf.getvalue()
