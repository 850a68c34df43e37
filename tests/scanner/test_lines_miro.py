"""Miro's traced segments where coverage and colour disagree: a dull pencil the coverage
misses but the line fit reads, and a light trace whose doubt is blank, not another colour."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from artsheets.scanner import colours
from artsheets.scanner.colours import Palette, Reading, _reread_lines
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.evidence import evidence_of
from artsheets.scanner.lines import LineFit

from .test_lines import BLUE, RED


def _reread(
    monkeypatch: pytest.MonkeyPatch, read: Reading, fit: LineFit, along: list[list[int]]
) -> Reading:
    """One segment (region 0) measured as ``read`` and fitted as ``fit``, through the line
    step of :func:`colours.classify`; ``along``: the pieces it meets on its printed line."""
    monkeypatch.setattr(colours, "fit_lines", lambda *a, **k: {0: fit})
    stats = SimpleNamespace(
        line_px=np.arange(4), line_refl=np.full((4, 3), 0.5), mean=np.ones((1, 3))
    )
    masks = SimpleNamespace(
        host=np.full(4, -1),
        owner=np.zeros(4, np.int64),
        line_mm=np.zeros(4),
        regions=[None],
        along=along,
        ids=["segment-0"],
    )
    palette = Palette({1: BLUE, 2: RED})
    out = _reread_lines(
        stats, SimpleNamespace(masks=masks), [read], [read], palette, 15.0, DEFAULT, False
    )
    return out[0]


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
