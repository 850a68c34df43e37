"""PDF renderer (reportlab). The page is set up in millimetres with y pointing down, like the
layout, so every primitive is drawn with the layout's own numbers. ``invariant=1`` removes the
creation date and random document id, so the same layout gives the same PDF bytes.

Every PDF asks the viewer to print at 100 % (``/ViewerPreferences << /PrintScaling /None >>``):
a sheet shrunk to fit the printer's margins no longer matches its layout (the scanner and the
score boxes assume true millimetres). One document may hold many pages (class sets, books,
rules pages): :func:`render_pdf_pages`.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Protocol

from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from artsheets.generator.fonts import font_name, register_pdf_fonts
from artsheets.generator.layout import Circle, Page, Path, Primitive, Text

__all__ = ["Drawable", "render_pdf", "render_pdf_pages"]


class Drawable(Protocol):
    """What a PDF page is drawn from: a :class:`~artsheets.generator.layout.Layout` (a sheet or
    a rules page) has all three."""

    page: Page
    drawing: list[Primitive]
    title: str


def _style(c: canvas.Canvas, stroke: str | None, width: float, fill: str | None) -> tuple[int, int]:
    if stroke:
        c.setStrokeColor(stroke)
        c.setLineWidth(width)
    if fill:
        c.setFillColor(fill)
    return (1 if stroke and width > 0 else 0), (1 if fill else 0)


def _draw_page(c: canvas.Canvas, item: Drawable) -> None:
    """Draw one page (and end it) on a canvas that may already hold others."""
    w, h = item.page.width_mm, item.page.height_mm
    c.setPageSize((w * mm, h * mm))
    c.saveState()
    c.transform(mm, 0, 0, -mm, 0, h * mm)  # millimetres, origin top-left, y down
    c.setLineJoin(1)
    c.setLineCap(1)
    for p in item.drawing:
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
    c.restoreState()
    c.showPage()


def render_pdf_pages(pages: Iterable[Drawable], title: str | None = None) -> bytes:
    """One PDF with a page per item, in order (pages may differ in size). ``title`` names the
    document (default: the first page's title and sheet code)."""
    register_pdf_fonts()
    buf = io.BytesIO()
    c = canvas.Canvas(buf, invariant=1, pageCompression=1)
    c.setCreator("artsheets")
    c.setViewerPreference("PrintScaling", "None")
    count = 0
    for item in pages:
        if count == 0:
            c.setTitle(title or f"{item.title} {getattr(item, 'sheet_code', '')}".strip())
        _draw_page(c, item)
        count += 1
    if count == 0:
        raise ValueError("a PDF needs at least one page")
    c.save()
    return buf.getvalue()


def render_pdf(layout: Drawable) -> bytes:
    """One sheet as a one-page PDF, titled with the game and the sheet code."""
    return render_pdf_pages([layout])
