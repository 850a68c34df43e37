"""The printed core's open side: a fill reaches a line's core only from its own side, a trace
lies across the whole core. So a piece's colour on the side of its core that no fill of that
colour reaches, against the sheet's other pieces in that colour, tells a trace (about as
much as they hold) from a bare piece (next to nothing), and a blank reading from the core
share alone gives way where that side shows the trace."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from artsheets.scanner.colours import _bare_loglik
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import LineFit

from .fill_beside import fill_beside_sheet
from .test_lines import BLUE, _layer


def _fill_px(rng: np.random.Generator, side: int, mm: float) -> np.ndarray:
    """On the fill's side the fill reaches the core by its blur only (pressure 0-0.15) and
    the strip beside it partly (0-0.5); the paper side's core holds the printed grey alone."""
    if side == 0:
        return _layer(BLUE, rng.uniform(0.0, 0.15 if mm < 0.3 else 0.5))
    return np.ones(3)


def _sheet(traced: list[bool], seed: int = 3) -> dict[int, LineFit]:
    return fill_beside_sheet(traced, _fill_px, seed)


def test_a_bare_piece_holds_next_to_nothing_on_its_open_side() -> None:
    fits = _sheet([True, True, True, False])
    for line in (0, 1, 2):  # traced: about as much as the sheet's traces
        share = fits[line].open_share
        assert fits[line].color == 2 and share is not None and 0.7 < share < 1.3
    bare = fits[3]
    assert bare.color == 2 and bare.fill_colour  # read in its fill's colour...
    assert bare.open_share is not None and bare.open_share < 0.2  # ...with a bare open side


def test_no_open_share_without_other_lines_in_that_colour() -> None:
    fits = _sheet([True, False])  # two lines read blue: too few to make a reference
    assert all(fit.open_share is None for fit in fits.values())


def _thin_core(open_share: float | None) -> LineFit:
    """A piece read in its fill's colour whose core holds a tenth of the fill."""
    fit = LineFit(2, 1, 1.0, fill_colour=True, fill_share=0.3, core_share=0.1)
    return replace(fit, open_share=open_share)


def test_a_thin_core_reads_blank_unless_its_open_side_shows_the_trace() -> None:
    alone = _bare_loglik(_thin_core(None), DEFAULT)
    assert alone is not None and alone >= DEFAULT.line_bare_read_logodds
    assert _bare_loglik(_thin_core(0.05), DEFAULT) == alone  # the open side agrees: kept
    traced = _bare_loglik(_thin_core(1.0), DEFAULT)  # the pencil is there on the open side
    assert traced is not None and traced < 0.0
