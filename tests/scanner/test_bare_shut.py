"""A piece between two fills of its colour (no open side measured): blank's evidence from a
core that holds less of the fills than any trace measured there."""

from dataclasses import replace

from artsheets.scanner.colours import _bare_loglik
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import LineFit


def _shut(core_share: float) -> LineFit:
    """A piece read in its fills' colour, its core all inside them (no open share)."""
    return LineFit(2, 1, 1.0, fill_colour=True, fill_share=0.4, core_share=core_share)


def test_a_shut_piece_under_the_floor_reads_blank() -> None:
    blank = _bare_loglik(_shut(DEFAULT.line_bare_shut_share - 0.02), DEFAULT)
    assert blank is not None and blank >= DEFAULT.line_bare_read_logodds


def test_a_shut_piece_over_the_floor_keeps_the_fitted_figure() -> None:
    blank = _bare_loglik(_shut(DEFAULT.line_bare_shut_share + 0.05), DEFAULT)
    assert blank is not None and blank < DEFAULT.line_bare_read_logodds


def test_an_open_side_is_not_overruled_by_the_floor() -> None:
    traced = replace(_shut(DEFAULT.line_bare_shut_share - 0.02), open_share=1.0)
    blank = _bare_loglik(traced, DEFAULT)
    assert blank is not None and blank < 0.0  # the pencil is on its open side: a trace
