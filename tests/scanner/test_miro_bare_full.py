"""Miro's bare segments among traces that cover their bands: on a sheet whose segments read
surely marked all cover the band round the printed line (a felt tip's), a segment showing
next to no pencil there is read blank past the rules' prior, its colour read before second;
on a sheet of light pencil traces (as little covered as a bare line) nothing changes (see
``ScannerConfig.curve_full_cover``)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import numpy as np
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
    ids = [f"segment-{i}" for i in range(len(out))]
    regions = [SimpleNamespace(id=rid, kind="segment", extra={}) for rid in ids]
    tpl = SimpleNamespace(layout=None, masks=SimpleNamespace(ids=ids, regions=regions))
    out = list(out)
    colours._among_full_traces(out, None, tpl, config)  # type: ignore[arg-type]
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


def _spaces(
    monkeypatch: pytest.MonkeyPatch,
    traces: list[float],
    space: Reading,
    core: float,
    config: ScannerConfig = DEFAULT,
) -> Reading:
    """Segments read surely at ``traces``, then a space holding a capture circle read as
    ``space`` whose core is covered ``core``; the space's reading after the step."""
    out = [*_sheet(traces, space)[:-1], space, Reading(1, 0.99, 1.0, None, surely_marked=True)]
    n = len(traces)
    regions = [SimpleNamespace(id=f"segment-{i}", kind="segment", extra={}) for i in range(n)]
    regions += [
        SimpleNamespace(id="space-1", kind="space", extra={}),
        SimpleNamespace(id="mark-capture-1", kind="mark", extra={"space": "space-1"}),
    ]
    monkeypatch.setattr(colours, "curve_indices", lambda layout, ids: set(range(n)))
    masks = SimpleNamespace(ids=[r.id for r in regions], regions=regions)
    tpl = SimpleNamespace(layout=None, masks=masks)
    core_n = np.full(len(regions), 200.0)
    stats = SimpleNamespace(core_n=core_n, core_ink=core_n * core)
    colours._among_full_traces(out, stats, tpl, config)
    return out[n]


SPILLED = Reading(1, 1.0, 0.36, None, runner_up=3, surely_marked=True)


def test_a_felt_tip_spill_into_a_circled_space_is_read_blank(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The misread spaces' core, 0.18: blank, the colour second within the rules' prior (a
    filled Miro space breaks a rule, so the rules read it blank)."""
    rd = _spaces(monkeypatch, FULL, SPILLED, 0.18)
    assert rd.color is None and rd.runner_up == 1 and rd.reason is not None
    assert evidence_of(rd, [1, 2], DEFAULT).against(1) < DEFAULT.sure_logodds


def test_a_fill_over_its_core_pencil_sheets_and_setting_off_are_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A felt-tip fill covers its core (1.0 on every fill measured); on a pencil sheet the
    traces' percentile is low; and the setting at 0."""
    assert _spaces(monkeypatch, FULL, SPILLED, 0.95) == SPILLED
    light = [0.05 + 0.025 * (j % 40) for j in range(40)]
    assert _spaces(monkeypatch, light, SPILLED, 0.18) == SPILLED
    off = replace(DEFAULT, curve_spill_core=0.0)
    assert _spaces(monkeypatch, FULL, SPILLED, 0.18, off) == SPILLED
