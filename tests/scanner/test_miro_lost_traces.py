"""Miro's segments with no pencil pixels: a segment read blank by its coverage whose pixels
the line fit reads in one colour by as little as the lost traces measured (2.2-2.6 log-odds
over the next colour) goes to review with that colour second, while a fit that a bare
segment reaches as often stays blank (``ScannerConfig.line_blank_fit_logodds``); and one read
by a tint whose fit names no pencil is read blank (``line_nopencil_*``)."""

from __future__ import annotations

import pytest

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.evidence import evidence_of
from artsheets.scanner.lines import LineFit

from .simulator import sheet_for
from .test_lines_miro import _reread

BLANK = Reading(None, 1.0, 0.004)  # no pencil pixels to speak of: blank by its coverage


def _fit(llr: float) -> LineFit:
    return LineFit(1, 2, llr, loglik={1: 0.0, 2: -llr})


def test_a_trace_lost_on_the_grey_whose_fit_reads_its_colour_goes_to_review(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The weakest lost trace measured (fit 2.2 log-odds for its colour): doubted, its
    colour second, within one rule-break's prior of blank, so that the curve's unbroken
    stretch can colour it."""
    rd = _reread(monkeypatch, BLANK, _fit(2.2), [[]])
    assert rd.color is None and rd.reason is not None and rd.runner_up == 1
    ev = evidence_of(rd, [1, 2], DEFAULT)
    assert ev.against(1) < DEFAULT.sure_logodds


def test_a_fit_bare_segments_reach_stays_blank(monkeypatch: pytest.MonkeyPatch) -> None:
    """1.5 log-odds: one bare segment in twenty read blank fits a colour so well (17 of 339
    on the measured photos): such a blank stays sure, for a planted gap to be reported."""
    assert _reread(monkeypatch, BLANK, _fit(1.5), [[]]) == BLANK


def _faint(llr: float, bare: float) -> LineFit:
    return LineFit(1, 2, llr, loglik={1: 0.0, 2: -llr}, bare=bare)


def test_a_faint_segment_whose_pixels_name_no_pencil_is_read_blank(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A curve's segment read by its tint (no pencil pixels: the photo tints the printed
    grey of a bare segment as much as a faint trace's) whose fit names no colour and fits
    no trace about as well: read blank, surely enough to be read as drawn (a planted gap
    reported), the tint's colour second. A faint trace whose fit names its colour, an Arp
    piece and a small photo's segment keep their reading."""
    miro, arp = sheet_for("miro"), sheet_for("arp")
    tinted = Reading(1, 0.55, 0.004, "faint trace on the line (0% covered, tint 1.4)")
    rd = _reread(monkeypatch, tinted, _faint(0.3, -2.0), [[]], miro)
    assert rd.color is None and rd.runner_up == 1
    ev = evidence_of(rd, [1, 2], DEFAULT)
    assert ev.against(1) >= DEFAULT.sure_logodds
    assert _reread(monkeypatch, tinted, _faint(4.0, -2.0), [[]], miro).color == 1
    assert _reread(monkeypatch, tinted, _faint(0.3, -12.0), [[]], miro).color == 1
    assert _reread(monkeypatch, tinted, _faint(0.3, -2.0), [[]], arp).color == 1
    assert _reread(monkeypatch, tinted, _faint(0.3, -2.0), [[]], miro, True).color == 1
