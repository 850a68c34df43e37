"""Miro's bare segments among traces that cover their bands: on a sheet whose segments read
surely marked all cover the band round the printed line (a felt tip's), a segment showing
next to no pencil there is read blank past the rules' prior, its colour read before second;
on a sheet of light pencil traces (as little covered as a bare line) nothing changes (see
``ScannerConfig.curve_full_cover``)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from artsheets.scanner import colours
from artsheets.scanner.colours import OUTSIDE, Reading
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.evidence import evidence_of


def _sheet(covers: list[float], odd: Reading) -> list[Reading]:
    """Segments read surely in colours 1 and 2 alternately at ``covers``, then ``odd``."""
    out = [
        Reading(1 + j % 2, 0.99, c, None, runner_up=2 - j % 2, surely_marked=True)
        for j, c in enumerate(covers)
    ]
    return [*out, odd]


def _run(
    monkeypatch: pytest.MonkeyPatch, out: list[Reading], config: ScannerConfig = DEFAULT
) -> list[Reading]:
    monkeypatch.setattr(colours, "curve_indices", lambda layout, ids: set(range(len(out))))
    tpl = SimpleNamespace(
        layout=None, masks=SimpleNamespace(ids=[f"segment-{i}" for i in range(len(out))])
    )
    out = list(out)
    colours._bare_among_full_traces(out, tpl, config)
    return out


FULL = [0.9 + 0.005 * (j % 20) for j in range(40)]  # felt tip: every trace covers its band
FAINT_TRACE = Reading(1, 0.57, 0.033, "faint trace on the line (3% covered, tint 1.7)")


def test_a_faint_trace_among_full_traces_is_read_blank_past_the_prior(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The planted bare segment read 4 by its tint (coverage 0.033): blank, surely, its
    colour second, the colour costing more than one rule-break's prior."""
    rd = _run(monkeypatch, _sheet(FULL, FAINT_TRACE))[-1]
    assert rd.color is None and rd.reason is None and rd.runner_up == 1
    ev = evidence_of(rd, [1, 2], DEFAULT)
    assert ev.best is None
    assert ev.against(1) > DEFAULT.sure_logodds


def test_a_doubted_blank_among_full_traces_is_read_blank_surely(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bare segment the rules coloured at 0.4 log-odds (blank read at 0.6 by coverage)."""
    weak = Reading(None, 0.6, 0.004, None, runner_up=2)
    rd = _run(monkeypatch, _sheet(FULL, weak))[-1]
    assert rd.color is None and rd.runner_up == 2
    assert evidence_of(rd, [1, 2], DEFAULT).against(2) > DEFAULT.sure_logodds


def test_light_pencil_traces_leave_a_faint_trace_as_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """In pencil a light trace covers as little as a bare line: the sheet's 10th percentile
    is low, and nothing is read otherwise."""
    light = [0.05 + 0.025 * (j % 40) for j in range(40)]
    out = _run(monkeypatch, _sheet(light, FAINT_TRACE))
    assert out[-1] == FAINT_TRACE


def test_covered_segments_out_of_the_photo_and_setting_off_are_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A trace covered past the share, a segment out of the photo, and the setting at 0."""
    half = Reading(1, 0.9, 0.5, None, runner_up=2, surely_marked=True)
    assert _run(monkeypatch, _sheet(FULL, half))[-1] == half
    outside = Reading(None, 0.0, 0.0, OUTSIDE)
    assert _run(monkeypatch, _sheet(FULL, outside))[-1] == outside
    off = replace(DEFAULT, curve_bare_share=0.0)
    assert _run(monkeypatch, _sheet(FULL, FAINT_TRACE), off)[-1] == FAINT_TRACE
