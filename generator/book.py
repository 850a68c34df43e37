"""Books: many sheets in one PDF (a class set of seeds, several games, every game like the
original pad), each sheet optionally followed by its rules page (printed double-sided, the
rules land on the back of their sheet).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from artsheets.generator.layout import Layout
from artsheets.generator.render_pdf import render_pdf_pages

__all__ = ["book_pages", "render_book"]


def book_pages(sheets: Iterable[Layout], rules: bool = False) -> Iterator[Layout]:
    """The pages of a book, in order: each sheet, then (with ``rules``) its rules page."""
    from artsheets.generator.sheetrules import sheet_rules_page

    for layout in sheets:
        yield layout
        if rules:
            yield sheet_rules_page(layout).layout


def render_book(sheets: Iterable[Layout], title: str, rules: bool = False) -> bytes:
    """One PDF of every sheet (and rules page); asks viewers to print at 100 % like a sheet."""
    return render_pdf_pages(book_pages(sheets, rules), title)
