"""Arp's traced pieces read blank by their coverage (a dark grey key over the printed grey:
"faint marks") whose colour the line fit reads clearly over no trace at all: doubted, the
fit's colour second, as Miro's dull traces are (``lines.traced_though_blank``)."""

from __future__ import annotations

import pytest

from artsheets.scanner.colours import BLANK_IN_RUN_CONFIDENCE, Reading
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.evidence import evidence_of
from artsheets.scanner.lines import LineFit

from .test_lines_miro import _reread

FAINT = Reading(None, 0.95, 0.02, "faint marks (2% covered)")  # the coverage's own doubt
BLANK = Reading(None, 1.0, 0.007)  # hardly any pencil by its coverage: surely blank
ON_A_LINE = [[0]]  # a piece of a longer printed line (Arp's)


def _fit(bare: float) -> LineFit:
    """Colour 1 over colour 2 by 6 log-odds, over no trace at all by ``-bare``."""
    return LineFit(1, 2, 6.0, loglik={1: 0.0, 2: -6.0}, bare=bare)


@pytest.mark.parametrize("read", [FAINT, BLANK])
def test_a_piece_read_blank_that_the_fit_reads_over_no_trace_goes_to_the_rules(
    monkeypatch: pytest.MonkeyPatch, read: Reading
) -> None:
    """A piece of a printed line read blank (as faint marks, or surely) whose fit's colour
    beats no trace by the bar or more: blank stays first, but in doubt, the fit's colour
    second within the rules' reach (an Arp game ends with every piece coloured)."""
    rd = _reread(monkeypatch, read, _fit(-(DEFAULT.line_faint_bare_logodds + 1.0)), ON_A_LINE)
    assert rd.color is None and rd.runner_up == 1
    assert rd.confidence <= BLANK_IN_RUN_CONFIDENCE
    assert "colour 1" in (rd.reason or "")
    ev = evidence_of(rd, [1, 2], DEFAULT)
    assert ev.against(1) < DEFAULT.sure_logodds
    assert ev.against(2) >= 6.0


@pytest.mark.parametrize("read", [FAINT, BLANK])
def test_a_piece_no_trace_explains_about_as_well_stays_as_read(
    monkeypatch: pytest.MonkeyPatch, read: Reading
) -> None:
    """A bare piece: its fills and printed line explain its pixels about as well as any
    colour (a planted gap the rules must not colour), however sure the fit's colour over the
    next."""
    near = -(DEFAULT.line_faint_bare_logodds - 0.5)
    assert _reread(monkeypatch, read, _fit(near), ON_A_LINE) == read
