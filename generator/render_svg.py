"""SVG renderer: one SVG user unit is one millimetre, so coordinates are the layout's own."""

from __future__ import annotations

import svgwrite

from artsheets.generator.fonts import SVG_FONT_FAMILY
from artsheets.generator.layout import Circle, Layout, Path, Text

__all__ = ["render_svg"]


def _n(x: float) -> str:
    """Fixed, short number formatting: the layout already sits on a 0.01 mm grid."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _paint(stroke: str | None, width: float, fill: str | None) -> dict[str, str]:
    return {
        "fill": fill or "none",
        "stroke": stroke or "none",
        "stroke_width": _n(width) if stroke else "0",
    }


def render_svg(layout: Layout) -> str:
    """The sheet as SVG text (deterministic: same layout, same bytes)."""
    w, h = layout.page.width_mm, layout.page.height_mm
    dwg = svgwrite.Drawing(size=(f"{_n(w)}mm", f"{_n(h)}mm"), profile="full", debug=False)
    dwg.viewbox(0, 0, w, h)
    dwg.set_desc(title=f"{layout.title} {layout.sheet_code}")
    dwg.add(dwg.rect((0, 0), (_n(w), _n(h)), fill="#ffffff"))
    for p in layout.drawing:
        if isinstance(p, Path):
            d = (
                "M"
                + " L".join(f"{_n(x)} {_n(y)}" for x, y in p.points)
                + (" Z" if p.closed else "")
            )
            attrs = _paint(p.stroke, p.width, p.fill)
            attrs.update(stroke_linejoin="round", stroke_linecap="round")
            if p.dash:
                attrs.update(
                    stroke_dasharray=f"{_n(p.dash[0])} {_n(p.dash[1])}", stroke_linecap="butt"
                )
            dwg.add(dwg.path(d=d, **attrs))
        elif isinstance(p, Circle):
            dwg.add(
                dwg.circle(
                    (_n(p.center[0]), _n(p.center[1])), _n(p.r), **_paint(p.stroke, p.width, p.fill)
                )
            )
        elif isinstance(p, Text):
            dwg.add(
                dwg.text(
                    p.text,
                    insert=(_n(p.pos[0]), _n(p.pos[1])),
                    font_size=_n(p.size),
                    font_family=SVG_FONT_FAMILY,
                    text_anchor=p.anchor,
                    fill=p.fill,
                    font_weight="bold" if p.bold else "normal",
                )
            )
    return dwg.tostring() + "\n"
