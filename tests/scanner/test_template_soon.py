"""The template read in a thread while the page is warped: the same template, its errors
raised where it is asked for, and sheets of either page size read at their own size."""

from __future__ import annotations

import pytest

from artsheets.generator.layout import PAGES
from artsheets.generator.registry import build_layout
from artsheets.scanner.errors import ScanError
from artsheets.scanner.pipeline import scan_image
from artsheets.scanner.template import PX_PER_MM, template_for, template_soon

from .simulator import easy, simulate


def test_the_template_soon_is_the_template() -> None:
    code = build_layout("rings", 2, {}, "a4").sheet_code
    assert template_soon(code).result(timeout=120) is template_for(code)


def test_an_unknown_sheet_is_refused_through_the_thread() -> None:
    with pytest.raises(ScanError):
        template_soon("NOSUCHGAME-1-STD-A4-P2-P").result(timeout=60)


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_each_page_size_is_read_at_its_own_size(page: str) -> None:
    layout = build_layout("klee", 3, {}, page)
    photo = simulate(layout, seed=7, conditions=easy((2000, 1500)))
    result = scan_image(photo.image)
    assert result.code == layout.sheet_code and result.layout.page == PAGES[page]
    size = PAGES[page]
    assert result.image.shape[:2] == (
        round(size.height_mm * PX_PER_MM),
        round(size.width_mm * PX_PER_MM),
    )
    wrong = sum(result.colours[r] != c for r, c in photo.colours.items())
    assert wrong <= 2
