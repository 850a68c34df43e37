"""A piece of Arp's printed lines read surely in a colour that no fill beside it was read in,
whose printed core and the band beside it hold next to nothing of that colour against the
sheet's traces of it: a trace lies on both, so the piece may be bare (a planted bare piece
among fills of close keys, read in one of them). It goes to review, blank named, its reading
and evidence unchanged (``lines.open_side_bare``)."""

from __future__ import annotations

import pytest

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.evidence import evidence_of
from artsheets.scanner.lines import LineFit

from .test_lines_miro import _reread

TRACED = Reading(2, 1.0, 0.9)  # covered by its coverage, surely
ON_A_LINE = [[0]]  # a piece of a longer printed line (Arp's)


def _fit(open_share: float | None, open_band: float | None) -> LineFit:
    """Colour 2 over colour 1 by 3.7 log-odds, no fill of colour 2 beside it."""
    return LineFit(
        2,
        1,
        3.7,
        loglik={2: 0.0, 1: -3.7},
        bare=-6.1,
        fill_colour=False,
        open_share=open_share,
        open_band=open_band,
    )


def test_a_piece_whose_core_and_band_hold_no_trace_goes_to_review(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Steep 12017's planted bare piece: colour 2 at 3.7 log-odds, core 0.02 of the sheet's
    # traces of colour 2, band -0.09; left unflagged before.
    fit = _fit(0.02, -0.09)
    rd = _reread(monkeypatch, TRACED, fit, ON_A_LINE)
    assert rd.color == 2 and rd.reason is not None and "left blank?" in rd.reason
    # Review only: the confidence and the evidence the solver weighs stay the fit's.
    assert rd.confidence == pytest.approx(fit.confidence, abs=1e-3)
    plain = _reread(monkeypatch, TRACED, _fit(1.0, 1.0), ON_A_LINE)
    assert plain.reason is None
    assert evidence_of(rd, [1, 2], DEFAULT) == evidence_of(plain, [1, 2], DEFAULT)


@pytest.mark.parametrize(
    ("open_share", "open_band"),
    [
        (DEFAULT.line_open_free_share + 0.05, -0.09),  # some of the trace on the core
        (0.02, DEFAULT.line_open_free_band + 0.05),  # the nib beside the core
        (0.02, None),  # the band unmeasured
        (None, -0.09),  # the core unmeasured
    ],
)
def test_a_trace_on_its_core_or_band_stays_unflagged(
    monkeypatch: pytest.MonkeyPatch, open_share: float | None, open_band: float | None
) -> None:
    assert _reread(monkeypatch, TRACED, _fit(open_share, open_band), ON_A_LINE).reason is None


def test_a_curve_segment_or_a_small_photo_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    fit = _fit(0.02, -0.09)
    assert _reread(monkeypatch, TRACED, fit, [[]]).reason is None
    assert _reread(monkeypatch, TRACED, fit, ON_A_LINE, small_photo=True).reason is None
