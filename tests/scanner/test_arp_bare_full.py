"""Arp's bare pieces among felt-tip traces: on a sheet whose lines are dyed over and whose
pieces read surely marked all cover their bands, a piece showing next to no pencil is read
blank past the rules' prior, its colour read before second (the planted bare piece its line
fit read surely in the colour of the pieces it meets); not on a sheet whose lines are not
dyed over (crayon's sure traces may cover their bands as fully), nor among light traces (see
``ScannerConfig.line_full_bare_share``)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import numpy as np
import pytest

from artsheets.scanner import colours
from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.evidence import evidence_of

FULL = [0.9 + 0.005 * (j % 20) for j in range(40)]  # felt tip: every trace covers its band
# The planted bare piece of a felt-tip Arp tuning photo: read 3 surely by its line fit (the
# dye of the pieces it meets), 10 % covered, no doubt.
BARE = Reading(3, 0.928, 0.104, None, runner_up=1, loglik={3: 0.0, 1: -24.5})
DYED = 0.01  # a line pixel's reflectance under the fills' dye (felt tip)
PENCIL = 0.5


def _run(
    monkeypatch: pytest.MonkeyPatch,
    covers: list[float],
    odd: Reading,
    refl: float,
    config: ScannerConfig = DEFAULT,
) -> Reading:
    """Straight pieces read surely in colours 1 and 2 at ``covers``, then ``odd``, on a sheet
    whose line pixels all have reflectance ``refl``; ``odd``'s reading after the step."""
    out = [
        Reading(1 + j % 2, 0.99, c, None, runner_up=2 - j % 2, surely_marked=True)
        for j, c in enumerate(covers)
    ]
    out.append(odd)
    monkeypatch.setattr(colours, "curve_indices", lambda layout, ids: set())
    ids = [f"segment-{i}" for i in range(len(out))]
    regions = [SimpleNamespace(id=rid, kind="segment", extra={"line": "line-1"}) for rid in ids]
    tpl = SimpleNamespace(layout=None, masks=SimpleNamespace(ids=ids, regions=regions))
    stats = SimpleNamespace(line_refl=np.full((500, 3), refl, np.float32))
    colours._among_full_traces(out, stats, tpl, config)  # type: ignore[arg-type]
    return out[-1]


def test_a_bare_piece_among_felt_tip_traces_is_read_blank_past_the_prior(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rd = _run(monkeypatch, FULL, BARE, DYED)
    assert rd.color is None and rd.reason is None and rd.runner_up == 3
    ev = evidence_of(rd, [1, 2, 3], DEFAULT)
    assert ev.best is None
    assert ev.against(3) > DEFAULT.sure_logodds


def test_lines_not_dyed_over_or_light_traces_leave_the_piece_as_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Crayon's sure traces covering their bands, lines not dyed over; felt tip's dye with
    light traces (a 10th percentile under ``curve_full_cover``); the setting at 0."""
    assert _run(monkeypatch, FULL, BARE, PENCIL) == BARE
    light = [0.05 + 0.025 * (j % 40) for j in range(40)]
    assert _run(monkeypatch, light, BARE, DYED) == BARE
    off = replace(DEFAULT, line_full_bare_share=0.0)
    assert _run(monkeypatch, FULL, BARE, DYED, off) == BARE


def test_a_trace_covering_its_band_is_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """A felt-tip trace as little covered as any measured (0.41) keeps its reading."""
    thin = replace(BARE, coverage=0.41)
    assert _run(monkeypatch, FULL, thin, DYED) == thin
