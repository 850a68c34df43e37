"""Local refinement: the rectified page bent back onto its printed lines."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.refine import refine
from artsheets.scanner.template import PX_PER_MM, template_for

from .simulator import sheet_for


@pytest.mark.parametrize("again", [True, False])
def test_a_page_further_off_than_the_coarse_window_is_found_by_a_second_coarse_pass(
    again: bool,
) -> None:
    """The Rings' concentric circles, 9 mm off (as a corner placed by three markers alone can
    be): beyond the coarse pass's 6 mm window, and what it leaves beyond the fine pass's
    2 mm. A coarse shift near its window's edge runs the coarse pass once more, and the page
    is found; without that, it is not."""
    config = ScannerConfig() if again else ScannerConfig(recoarse_mm=1e9)
    tpl = template_for(sheet_for("rings").sheet_code)
    h, w = tpl.gray.shape
    moved = np.float32([[1, 0, 9.0 * PX_PER_MM], [0, 1, 0]])
    work = cv2.cvtColor(
        cv2.warpAffine(tpl.gray, moved, (w, h), borderValue=255), cv2.COLOR_GRAY2BGR
    )
    _, _, found = refine(work, tpl, config=config)
    assert (abs(found.median_shift_mm - 9.0) < 0.3) == again, found
