"""The open side's band: a fill's blur reaches over a line's printed core from its own side
and fades before the band beside the core on the other side; a trace's nib covers that band
too. So the band's colour (``LineFit.open_band``, against the sheet's pieces in that
colour) tells a bare piece whose core the fill's blur crossed from a trace, and adds its
likelihood ratio to blank's figure where the core share leaves it in doubt."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from artsheets.scanner.colours import _bare_loglik
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import LineFit

from .fill_beside import fill_beside_sheet
from .test_lines import BLUE, _layer


def _fill_px(rng: np.random.Generator, side: int, mm: float) -> np.ndarray:
    """The fill's blur reaches the whole core, on the paper side's half too (pressure
    0.1-0.5), but not the paper side's band (0.5 mm)."""
    if side == 0:
        return _layer(BLUE, rng.uniform(0.0, 0.5 if mm > 0.3 else 0.3))
    if mm < 0.3:
        return _layer(BLUE, rng.uniform(0.1, 0.5))  # the blur across the core
    return np.ones(3)


def _sheet(traced: list[bool], seed: int = 5) -> dict[int, LineFit]:
    return fill_beside_sheet(traced, _fill_px, seed)


def test_a_bare_piece_holds_next_to_nothing_in_its_open_band() -> None:
    fits = _sheet([True, True, True, False])
    for line in (0, 1, 2):  # traced: about as much as the sheet's traces
        band = fits[line].open_band
        assert fits[line].color == 2 and band is not None and 0.7 < band < 1.3
    bare = fits[3]
    assert bare.color == 2 and bare.fill_colour
    assert bare.open_share is not None and bare.open_share > 0.1  # the blur across its core
    assert bare.open_band is not None and bare.open_band < 0.1  # ...fades before its band


def _doubtful(open_band: float | None) -> LineFit:
    """A piece read in its fill's colour whose core holds 0.28 of the fill and whose core's
    open side a quarter of a trace's: the core's figure for blank is under the read bar."""
    fit = LineFit(2, 1, 1.0, fill_colour=True, fill_share=0.34, core_share=0.28)
    return replace(fit, open_share=0.25, open_band=open_band)


def test_an_empty_open_band_reads_a_doubtful_bare_piece_blank() -> None:
    bar = DEFAULT.line_bare_read_logodds
    alone = _bare_loglik(_doubtful(None), DEFAULT)
    assert alone is not None and 0 < alone < bar  # the core alone: in doubt, kept coloured
    bare = _bare_loglik(_doubtful(0.05), DEFAULT)
    assert bare is not None and bare >= bar  # paper beside the core: read blank
    traced = _bare_loglik(_doubtful(1.0), DEFAULT)  # the trace's nib there: not blank
    assert traced is not None and traced < 0.0
    off = replace(DEFAULT, line_open_band_at_zero=0.0, line_open_band_slope=0.0)
    assert _bare_loglik(_doubtful(0.05), off) == alone  # without the band: as before


def test_the_open_band_does_not_overrule_the_open_sides_veto() -> None:
    vetoed = replace(_doubtful(0.0), open_share=1.0)  # the core's open side shows the trace
    figure = _bare_loglik(vetoed, DEFAULT)
    assert figure is not None and figure < 0.0
