"""A piece of Arp's printed lines that holds no pencil at all is read blank, at a figure the
rules' prior and the order of play cannot overturn (``lines.empty_piece``,
``line_empty_*``): its fit's colour is no fill's beside it, its core and the band beside the
core hold next to nothing of that colour against the sheet's traces of it, its band is
hardly covered, and its fit's colour beats no trace at all by little. Such a planted bare
piece was coloured by its line's run, the order of play or the capture rule, its break
unreported; a faint trace the photo nearly lost keeps its colour (the fit still sees it)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.evidence import evidence_of
from artsheets.scanner.lines import LineFit

from .test_lines_miro import _reread

ON_A_LINE = [[0]]  # a piece of a longer printed line (Arp's)

# A planted bare piece of the tuning photos (pencil): colour 2 by 0.3 over colour 1, no fill
# of colour 2 beside it, its core 0.05 and band 0.04 of the sheet's traces of colour 2, the
# fit's colour over no trace by 1.2; covered 6 %, read coloured by its coverage's tint.
EMPTY = LineFit(2, 1, 0.3, loglik={2: 0.0, 1: -0.3}, bare=-1.2, open_share=0.05, open_band=0.04)
TINT = Reading(2, 0.55, 0.06, "faint trace on the line")


def test_a_piece_with_no_pencil_is_read_blank_beyond_the_rules_reach(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rd = _reread(monkeypatch, TINT, EMPTY, ON_A_LINE)
    assert rd.color is None and rd.runner_up == 2
    assert rd.reason is not None and rd.reason.startswith("read blank: no pencil")
    ev = evidence_of(rd, [1, 2], DEFAULT)
    assert ev.best is None
    # Neither the rules' prior (a bare piece fails "game not finished") nor the order of
    # play's choice can colour it again: the sheet is read as drawn, the break reported.
    assert ev.against(2) >= DEFAULT.sure_logodds
    assert ev.against(2) >= DEFAULT.order_choice_logodds
    assert ev.against(1) >= ev.against(2)


def test_read_blank_by_its_coverage_it_stays_so_surely(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read blank by its coverage with a doubt of its own (faint marks), the same piece
    states blank at the figure too: the order of play coloured such pieces."""
    faint = Reading(None, 0.6, 0.02, "faint marks (2% covered)", runner_up=2)
    rd = _reread(monkeypatch, faint, EMPTY, ON_A_LINE)
    assert rd.color is None
    assert evidence_of(rd, [1, 2], DEFAULT).against(2) >= DEFAULT.sure_logodds


@pytest.mark.parametrize(
    "fit",
    [
        replace(EMPTY, bare=-(DEFAULT.line_faint_bare_logodds + 0.5)),  # the fit sees a trace
        replace(EMPTY, open_share=DEFAULT.line_empty_share + 0.05),  # pencil on its core
        replace(EMPTY, open_band=DEFAULT.line_empty_share + 0.05),  # the nib beside the core
        replace(EMPTY, open_band=None),  # the band unmeasured
        replace(EMPTY, fill_colour=True),  # a fill of its colour beside it: its own figure
        replace(EMPTY, under_fill=True, fill_colour=True),  # felt tip's dye over it
    ],
)
def test_a_piece_showing_a_trace_keeps_its_colour(
    monkeypatch: pytest.MonkeyPatch, fit: LineFit
) -> None:
    assert _reread(monkeypatch, TINT, fit, ON_A_LINE).color == 2


def test_a_covered_band_a_curve_segment_or_a_small_photo_is_left_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    covered = replace(TINT, coverage=DEFAULT.line_empty_cover + 0.05)
    assert _reread(monkeypatch, covered, EMPTY, ON_A_LINE).color == 2
    # Measured on Arp's pieces in full-size photos only.
    assert _reread(monkeypatch, TINT, EMPTY, [[]]).color == 2
    assert _reread(monkeypatch, TINT, EMPTY, ON_A_LINE, small_photo=True).color == 2
