"""Blank's figure for a piece read in the colour of the fill beside it, as measured on photos
whose pencil lies on its print (the simulator in register): a bare piece's open side, the
core's and the band's, holds next to nothing, a trace's nib covers both, so the open side's
two views (``line_open_loglik_*``, ``line_open_band_*``) read the bare piece blank where the
core share alone leaves it in doubt, and leave a trace pressed along its fill alone."""

from __future__ import annotations

from artsheets.scanner.colours import _bare_loglik
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import LineFit


def _piece(core: float, open_share: float, open_band: float) -> LineFit:
    return LineFit(
        2,
        1,
        1.0,
        fill_colour=True,
        fill_share=0.5,
        core_share=core,
        open_share=open_share,
        open_band=open_band,
    )


def test_a_bare_piece_with_paper_beside_its_core_reads_blank() -> None:
    # The median bare piece the in-register refit reads blank that the fit on the drifted
    # photos left in doubt (seeds 6100-6115): core 0.41 of its fill, open side 0.13 of a
    # trace's, the band beside the core bare.
    bar = DEFAULT.line_bare_read_logodds
    core_alone = _bare_loglik(LineFit(2, 1, 1.0, fill_colour=True, core_share=0.41), DEFAULT)
    assert core_alone is not None and 0.0 < core_alone < bar  # the core alone: in doubt
    figure = _bare_loglik(_piece(0.41, 0.13, 0.0), DEFAULT)
    assert figure is not None and figure >= bar


def test_a_trace_whose_nib_covers_the_band_keeps_its_colour() -> None:
    figure = _bare_loglik(_piece(0.41, 0.13, 0.6), DEFAULT)
    assert figure is not None and figure < 0.0


def test_half_a_trace_on_the_open_side_vetoes_blank() -> None:
    # A light trace along its fill: a core share that reads blank by itself, the open side
    # holding over half of what the sheet's traces hold.
    figure = _bare_loglik(_piece(0.2, 0.52, 0.3), DEFAULT)
    assert figure is not None and figure < 0.0
