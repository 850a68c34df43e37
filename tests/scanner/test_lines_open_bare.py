"""A piece of Arp's printed lines read surely in the colour of a fill beside it, its band as
full as the fill (no thin-band doubt), whose core's open side holds next to nothing of that
colour: a fill laid to its outline shows so, a trace lies across the core. It goes to review,
blank named, its reading and evidence unchanged (``lines.open_side_bare``)."""

from __future__ import annotations

import pytest

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.evidence import evidence_of
from artsheets.scanner.lines import LineFit

from .test_lines_miro import _reread

TRACED = Reading(1, 1.0, 0.9)  # covered by its coverage, surely
ON_A_LINE = [[0]]  # a piece of a longer printed line (Arp's)


def _fit(open_share: float, core_share: float) -> LineFit:
    """Colour 1 over colour 2 by 6 log-odds, in the colour of the fill beside it, its band
    holding all of that fill's colour."""
    return LineFit(
        1,
        2,
        6.0,
        loglik={1: 0.0, 2: -6.0},
        bare=-7.0,
        fill_colour=True,
        fill_share=0.95,
        core_share=core_share,
        open_share=open_share,
    )


def test_a_piece_whose_open_side_is_bare_goes_to_review(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seed 10493's planted bare piece in low toner: open side 0.07 of a trace's, core 0.61
    # of its fill, read colour 1 at 6 log-odds and left unflagged before.
    fit = _fit(0.07, 0.61)
    rd = _reread(monkeypatch, TRACED, fit, ON_A_LINE)
    assert rd.color == 1 and rd.reason is not None and "left blank?" in rd.reason
    # Review only: the confidence and the evidence the solver weighs stay the fit's.
    assert rd.confidence == pytest.approx(fit.confidence, abs=1e-3)
    plain = _reread(monkeypatch, TRACED, _fit(1.0, 0.61), ON_A_LINE)
    assert plain.reason is None
    assert evidence_of(rd, [1, 2], DEFAULT) == evidence_of(plain, [1, 2], DEFAULT)


@pytest.mark.parametrize(
    ("open_share", "core_share"),
    [
        (DEFAULT.line_open_doubt_share + 0.1, 0.61),  # the trace across the core's open side
        (0.07, DEFAULT.line_open_doubt_core + 0.1),  # more on the core than its fill holds
    ],
)
def test_a_trace_across_its_core_stays_unflagged(
    monkeypatch: pytest.MonkeyPatch, open_share: float, core_share: float
) -> None:
    assert _reread(monkeypatch, TRACED, _fit(open_share, core_share), ON_A_LINE).reason is None


def test_a_curve_segment_or_a_small_photo_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    # Measured on Arp's pieces in full-size photos only: Miro's curve segments (meeting no
    # piece of their own line) and messaging copies keep their readings' own doubts.
    fit = _fit(0.07, 0.61)
    assert _reread(monkeypatch, TRACED, fit, [[]]).reason is None
    assert _reread(monkeypatch, TRACED, fit, ON_A_LINE, small_photo=True).reason is None
