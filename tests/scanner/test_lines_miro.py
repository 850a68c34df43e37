"""Miro's traced segments where coverage and colour disagree: a dull pencil the coverage
misses but the line fit reads, and a light trace whose doubt is blank, not another colour."""

from __future__ import annotations

import pytest

from artsheets.generator.layout import Layout
from artsheets.scanner.colours import Palette, Reading
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.evidence import evidence_of
from artsheets.scanner.lines import LineFit, curve_indices

from .fakes import reread_one_segment
from .simulator import sheet_for
from .test_lines import BLUE, RED


def _reread(
    monkeypatch: pytest.MonkeyPatch,
    read: Reading,
    fit: LineFit,
    along: list[list[int]],
    layout: Layout | None = None,
    small_photo: bool = False,
) -> Reading:
    """One segment (region 0) measured as ``read`` and fitted as ``fit``, through the line
    step of :func:`colours.classify`; ``along``: the pieces it meets on its printed line."""
    palette = Palette({1: BLUE, 2: RED})
    return reread_one_segment(monkeypatch, read, fit, palette, along, layout, small_photo)


def _fit(llr: float) -> LineFit:
    return LineFit(1, 2, llr, loglik={1: 0.0, 2: -llr})


BLANK = Reading(None, 1.0, 0.007)  # hardly any pencil by its coverage: surely blank


def test_a_dull_trace_read_blank_but_fitted_surely_goes_to_review(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A segment of a curve (meeting no piece of its own printed line) read blank by its
    coverage but in one colour clearly by the fit: doubted, the fit's colour second and
    within the rules' reach; the other colours as far as the fit puts them."""
    llr = DEFAULT.line_blank_fit_logodds + 1.0
    rd = _reread(monkeypatch, BLANK, _fit(llr), [[]])
    assert rd.color is None and rd.reason is not None and rd.runner_up == 1
    ev = evidence_of(rd, [1, 2], DEFAULT)
    assert ev.against(1) < DEFAULT.sure_logodds
    assert ev.against(2) >= llr


def test_a_blank_the_fit_is_unsure_of_or_a_piece_of_a_line_stays_blank(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bare line fits every colour alike; a piece of a longer printed line (Arp) is judged
    by its neighbours along it instead."""
    unsure = DEFAULT.line_blank_fit_logodds - 0.5
    assert _reread(monkeypatch, BLANK, _fit(unsure), [[]]) == BLANK
    sure = DEFAULT.line_blank_fit_logodds + 1.0
    assert _reread(monkeypatch, BLANK, _fit(sure), [[0]]) == BLANK


def test_a_light_trace_has_blank_second_not_a_colour_the_fit_rules_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A trace whose coverage is in doubt (a thumb's shadow over it) but whose colour the
    fit reads beyond doubt: its doubt is blank, and the fit's runner-up keeps the fit's
    margin (it was the runner-up at the coverage's small margin, and the rules recoloured
    right segments to it)."""
    light = Reading(1, 0.57, 0.05, "light or patchy trace")
    rd = _reread(monkeypatch, light, _fit(16.0), [[]])
    assert rd.color == 1 and rd.reason is not None
    ev = evidence_of(rd, [1, 2], DEFAULT)
    assert ev.second is None
    assert ev.against(2) >= 16.0


def test_a_curves_segments_weigh_the_fits_margin_more_in_a_sharp_photo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Miro's segments (the curve's) are read more surely than the fit's margin says: a
    margin the rules could overturn stands on its own (a planted rule-break is read as
    drawn). Arp's pieces, and any line in a photo too small to resolve a mark's colour,
    keep the fit's margin."""
    miro, arp = sheet_for("miro"), sheet_for("arp")
    assert curve_indices(miro, ["segment-1", "key-1"]) == {0}
    assert curve_indices(arp, ["segment-1"]) == set()
    llr = DEFAULT.sure_logodds * 0.8
    assert llr * DEFAULT.line_curve_evidence_scale >= DEFAULT.sure_logodds
    read = Reading(1, 1.0, 0.9)

    def against(layout: Layout, small_photo: bool = False) -> float:
        rd = _reread(monkeypatch, read, _fit(llr), [[]], layout, small_photo)
        return evidence_of(rd, [1, 2], DEFAULT).against(2)

    assert against(miro) >= DEFAULT.sure_logodds
    assert against(arp) == pytest.approx(llr, abs=0.01)
    assert against(miro, small_photo=True) == pytest.approx(llr, abs=0.01)
