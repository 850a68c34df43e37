"""A messaging copy's thin core: in a photo too small to resolve a mark's colour the chroma is
a block's, shared by a line's printed core and the fill beside it, so a core that holds
little of its fill's colour is no sign of a bare piece where the line fit explains the pixels
poorly (its misfit). There the piece keeps its colour, for review with blank second; in a
full-size photo, or where the fit explains the pixels well, it reads blank as before."""

from __future__ import annotations

import pytest

from artsheets.scanner.colours import Palette, Reading, _bare_loglik
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import LineFit

from .fakes import reread_one_segment
from .test_lines import BLUE, RED

# Line fits' misfits (density squared a pixel) as measured on Arp's pieces: a messaging
# copy's traced piece 2.7-5.8e-3, a bare piece 0.4-1.7e-3 (config.line_bare_small_misfit).
POOR, WELL = 0.004, 0.001


def _reread(monkeypatch: pytest.MonkeyPatch, misfit: float, small_photo: bool) -> Reading:
    """One traced piece read blue, the colour of the fill beside it, whose core holds a
    twentieth of that fill (blank's log-odds from the core share well past reading blank)."""
    fit = LineFit(
        1,
        2,
        0.1,
        loglik={1: 0.0, 2: -0.1},
        fill_colour=True,
        fill_share=0.3,
        core_share=0.05,
        misfit=misfit,
    )
    blank = _bare_loglik(fit, DEFAULT)
    assert blank is not None and blank >= DEFAULT.line_bare_read_logodds
    read = Reading(1, 1.0, 1.0)
    palette = Palette({1: BLUE, 2: RED})
    return reread_one_segment(monkeypatch, read, fit, palette, [[]], small_photo=small_photo)


def test_a_poorly_fitted_thin_core_in_a_small_photo_keeps_its_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rd = _reread(monkeypatch, POOR, small_photo=True)
    assert rd.color == 1
    assert rd.reason is not None and "left blank" in rd.reason  # blank the alternative
    assert rd.runner_up is None  # so the solver weighs blank against it


def test_a_well_fitted_or_full_size_thin_core_reads_blank(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    well = _reread(monkeypatch, WELL, small_photo=True)
    assert well.color is None and well.runner_up == 1
    full = _reread(monkeypatch, POOR, small_photo=False)
    assert full.color is None and full.runner_up == 1
