"""One font for every renderer: Bitstream Vera Sans, which ships inside reportlab.

Using the same TrueType file for PDF (embedded), PNG (Pillow) and text measurement keeps text
where the layout put it; SVG names Vera first and DejaVu Sans (same metrics) as fallback.
"""

from __future__ import annotations

import functools
from importlib.util import find_spec
from pathlib import Path

__all__ = ["FONT_FILES", "SVG_FONT_FAMILY", "font_name", "register_pdf_fonts", "text_width"]

# Found without importing reportlab, which only measuring and PDF output need (the scanner
# renders the blank sheet with Pillow from these files).
_FONT_DIR = Path(find_spec("reportlab").origin or "").parent / "fonts"  # type: ignore[union-attr]
FONT_FILES = {False: _FONT_DIR / "Vera.ttf", True: _FONT_DIR / "VeraBd.ttf"}
SVG_FONT_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif"
_PT_PER_MM = 72.0 / 25.4


def font_name(bold: bool) -> str:
    return "Vera-Bold" if bold else "Vera"


@functools.cache
def register_pdf_fonts() -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for bold, path in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(font_name(bold), str(path)))


def text_width(text: str, size_mm: float, bold: bool = False) -> float:
    """Width in mm of ``text`` set at ``size_mm``."""
    from reportlab.pdfbase import pdfmetrics

    register_pdf_fonts()
    return pdfmetrics.stringWidth(text, font_name(bold), size_mm * _PT_PER_MM) / _PT_PER_MM
