"""Miro's traces lost on the printed grey: a segment read blank by its coverage whose
pixels the line fit reads in one colour by as little as the lost traces measured (2.2-2.6
log-odds over the next colour) goes to review with that colour second, while a fit that a
bare segment reaches as often stays blank (see ``ScannerConfig.line_blank_fit_logodds``)."""

from __future__ import annotations

import pytest

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.evidence import evidence_of
from artsheets.scanner.lines import LineFit

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
