"""A piece of Arp's printed lines read surely in a colour while its pixels say it may be bare
goes to review, blank named, its reading and evidence unchanged (``lines.open_side_bare``):
- read in the colour of a fill beside it, its band as full as the fill (no thin-band doubt),
  whose core's open side holds next to nothing of that colour: a fill laid to its outline
  shows so, a trace lies across the core;
- read in a colour no fill beside it was read in, whose printed core and the band beside it
  hold next to nothing of that colour against the sheet's traces of it: a trace lies on both
  (a bare piece among fills of close keys, read in one of them)."""

from __future__ import annotations

import pytest

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.evidence import evidence_of
from artsheets.scanner.lines import LineFit

from .test_lines_miro import _reread

ON_A_LINE = [[0]]  # a piece of a longer printed line (Arp's)


def _beside_fill(open_share: float, core_share: float) -> LineFit:
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


def _no_fill(open_share: float | None, open_band: float | None) -> LineFit:
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


def _reread_sure(
    monkeypatch: pytest.MonkeyPatch,
    fit: LineFit,
    along: list[list[int]] = ON_A_LINE,
    small_photo: bool = False,
) -> Reading:
    """The piece covered by its coverage, surely, in the fit's colour, then the line step."""
    sure = Reading(fit.color, 1.0, 0.9)
    return _reread(monkeypatch, sure, fit, along, small_photo=small_photo)


@pytest.mark.parametrize(
    ("doubted", "plain"),
    [
        # A planted bare piece of a low-toner tuning photo: open side 0.07 of a trace's,
        # core 0.61 of its fill, read colour 1 at 6 log-odds and left unflagged before.
        (_beside_fill(0.07, 0.61), _beside_fill(1.0, 0.61)),
        # A planted bare piece of a steep tuning photo: colour 2 at 3.7 log-odds, core 0.02
        # of the sheet's traces of colour 2, band -0.09; left unflagged before.
        (_no_fill(0.02, -0.09), _no_fill(1.0, 1.0)),
    ],
)
def test_a_piece_that_may_be_bare_goes_to_review(
    monkeypatch: pytest.MonkeyPatch, doubted: LineFit, plain: LineFit
) -> None:
    rd = _reread_sure(monkeypatch, doubted)
    assert rd.color == doubted.color and rd.reason is not None and "left blank?" in rd.reason
    # Review only: the confidence and the evidence the solver weighs stay the fit's.
    assert rd.confidence == pytest.approx(doubted.confidence, abs=1e-3)
    kept = _reread_sure(monkeypatch, plain)
    assert kept.reason is None
    assert evidence_of(rd, [1, 2], DEFAULT) == evidence_of(kept, [1, 2], DEFAULT)


@pytest.mark.parametrize(
    "fit",
    [
        _beside_fill(DEFAULT.line_open_doubt_share + 0.1, 0.61),  # a trace across the open side
        _beside_fill(0.07, DEFAULT.line_open_doubt_core + 0.1),  # more on the core than its fill
        _no_fill(DEFAULT.line_open_free_share + 0.05, -0.09),  # some of a trace on the core
        _no_fill(0.02, DEFAULT.line_open_free_band + 0.05),  # the nib beside the core
        _no_fill(0.02, None),  # the band unmeasured
        _no_fill(None, -0.09),  # the core unmeasured
    ],
)
def test_a_trace_on_its_core_stays_unflagged(monkeypatch: pytest.MonkeyPatch, fit: LineFit) -> None:
    assert _reread_sure(monkeypatch, fit).reason is None


@pytest.mark.parametrize("fit", [_beside_fill(0.07, 0.61), _no_fill(0.02, -0.09)])
def test_a_curve_segment_or_a_small_photo_is_left_alone(
    monkeypatch: pytest.MonkeyPatch, fit: LineFit
) -> None:
    # Measured on Arp's pieces in full-size photos only: Miro's curve segments (meeting no
    # piece of their own line) and messaging copies keep their readings' own doubts.
    assert _reread_sure(monkeypatch, fit, along=[[]]).reason is None
    assert _reread_sure(monkeypatch, fit, small_photo=True).reason is None
