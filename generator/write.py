"""Write one sheet in the chosen formats as one set: all its files or none (never half a set)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from artsheets.generator.registry import build_layout
from artsheets.generator.render_pdf import render_pdf, render_pdf_pages
from artsheets.generator.render_png import render_png
from artsheets.generator.render_svg import render_svg
from artsheets.generator.sheetrules import sheet_rules_page
from artsheets.output import atomic_write_set

__all__ = ["write_sheet"]


def write_sheet(
    game: str,
    seed: int | None,
    options: Mapping[str, int],
    page: str,
    out_dir: Path,
    formats: Sequence[str],
    dpi: int,
    name: str,
    field_version: int | None = None,
    rules: bool = False,
) -> list[Path]:
    """Build the layout, render every format in memory, then write the files as one set.

    With ``rules`` the PDF gets the rules page as its second page (the back, printed
    double-sided) and SVG and PNG, one page each, get ``NAME.rules.svg`` / ``.png``.
    """
    layout = build_layout(game, seed, options, page, field_version)
    blobs: dict[str, bytes | str] = {"layout.json": layout.to_json()}
    back = sheet_rules_page(layout).layout if rules else None
    if "pdf" in formats:
        blobs["pdf"] = render_pdf(layout) if back is None else render_pdf_pages([layout, back])
    if "svg" in formats:
        blobs["svg"] = render_svg(layout)
    if "png" in formats:
        blobs["png"] = render_png(layout, dpi)
    if back is not None and "svg" in formats:
        blobs["rules.svg"] = render_svg(back)
    if back is not None and "png" in formats:
        blobs["rules.png"] = render_png(back, dpi)
    files = {out_dir / f"{name}.{ext}": data for ext, data in blobs.items()}
    atomic_write_set(files)
    return list(files)
