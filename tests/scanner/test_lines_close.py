"""Traced lines the fit reads surely where its model is weaker: two close keys in a photo too
small to resolve its colour, and a half-covered piece in the colour of the fill beside it."""

from __future__ import annotations

import numpy as np
import pytest

from artsheets.scanner import cielab
from artsheets.scanner.colours import REVIEW_BELOW, Palette, Reading
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import LineFit

from .fakes import reread_one_segment
from .test_lines import BLUE, RED

# A blue a little lighter and greener than the key's: a look-alike (close colours).
LIGHT_BLUE = np.array([0.70, 0.30, 0.10])


def _distance(a: np.ndarray, b: np.ndarray) -> float:
    lab = cielab.lab(np.stack([a, b]))
    return float(np.linalg.norm(lab[0] - lab[1]))


def _reread(
    monkeypatch: pytest.MonkeyPatch,
    runner_up: np.ndarray,
    llr: float,
    small_photo: bool,
    coverage: float = 1.0,
    fill_colour: bool = False,
) -> Reading:
    """One traced piece (region 0, meeting no other) read blue by the line fit at ``llr``
    over ``runner_up`` (key 2), through the line step of :func:`colours.classify`."""
    fit = LineFit(1, 2, llr, loglik={1: 0.0, 2: -llr}, fill_colour=fill_colour)
    read = Reading(1, 1.0, coverage)
    palette = Palette({1: BLUE, 2: runner_up})
    return reread_one_segment(monkeypatch, read, fit, palette, [[]], small_photo=small_photo)


def test_close_keys_in_a_small_photo_go_to_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a small photo (a messaging app's copy) a line the fit reads surely but by a small
    margin over a close key is flagged; its confidence stays the fit's (the rules weigh the
    pixels' margin)."""
    assert _distance(BLUE, LIGHT_BLUE) < DEFAULT.line_close_delta_e
    llr = 2.0
    assert 1 / (1 + np.exp(-llr)) >= REVIEW_BELOW  # sure by the fit's own margin
    rd = _reread(monkeypatch, LIGHT_BLUE, llr, small_photo=True)
    assert rd.color == 1 and rd.reason is not None and "close colour 2" in rd.reason
    assert rd.confidence == pytest.approx(1 / (1 + np.exp(-llr)), abs=1e-3)


def test_far_keys_a_wide_margin_or_a_sharp_photo_stay_sure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert _reread(monkeypatch, LIGHT_BLUE, 2.0, small_photo=False).reason is None
    assert _distance(BLUE, RED) >= DEFAULT.line_close_delta_e
    assert _reread(monkeypatch, RED, 2.0, small_photo=True).reason is None
    wide = DEFAULT.line_close_logodds + 0.5
    assert _reread(monkeypatch, LIGHT_BLUE, wide, small_photo=True).reason is None


def test_a_half_covered_piece_in_its_fills_colour_may_be_bare(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A piece half covered, read by a small margin in the colour of the fill beside it, may
    be that fill's pencil in the line's band: review, with blank as the alternative."""
    half = DEFAULT.line_bare_cover - 0.1
    rd = _reread(monkeypatch, RED, 1.5, False, coverage=half, fill_colour=True)
    assert rd.color == 1 and rd.reason is not None and "left blank?" in rd.reason
    assert rd.runner_up is None and rd.confidence < REVIEW_BELOW
    # Traced all along, read by a wide margin, or unlike the fill: the trace is there.
    assert _reread(monkeypatch, RED, 1.5, False, coverage=0.9, fill_colour=True).reason is None
    wide = DEFAULT.line_bare_logodds + 0.5
    assert _reread(monkeypatch, RED, wide, False, coverage=half, fill_colour=True).reason is None
    assert _reread(monkeypatch, RED, 1.5, False, coverage=half).reason is None
