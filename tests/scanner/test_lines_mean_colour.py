"""Miro's weak segment fits take the line's mean colour too (``lines.with_mean_colour``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import LineFit, with_mean_colour

# A fit that prefers key 2 over key 1 by half a log-odds, as crayon's grain beside the core
# makes it; the segment's mean colour prefers key 1 by 1.5.
WEAK = LineFit(color=2, runner_up=1, llr=0.5, loglik={1: -0.5, 2: 0.0, 3: -6.0})
MEAN = {1: 0.0, 2: -1.5, 3: -4.0}


def test_a_weak_fit_on_the_curve_takes_the_mean_colour() -> None:
    out = with_mean_colour({0: WEAK}, {0: MEAN}, {0}, DEFAULT)[0]
    assert out.color == 1 and out.runner_up == 2
    assert out.llr == pytest.approx(1.0)  # (-0.5 + 0) against (0 - 1.5)
    assert out.loglik[1] == 0.0 and out.loglik[3] == pytest.approx(-9.5)


def test_a_sure_fit_keeps_its_figures() -> None:
    sure = replace(WEAK, llr=1.0, loglik={1: -1.0, 2: 0.0, 3: -6.0})
    assert with_mean_colour({0: sure}, {0: MEAN}, {0}, DEFAULT)[0] is sure


def test_a_line_off_the_curve_keeps_its_fit() -> None:
    """Arp's pieces: their mean colour holds the captures and pieces they meet."""
    assert with_mean_colour({0: WEAK}, {0: MEAN}, set(), DEFAULT)[0] is WEAK


def test_without_a_mean_colour_or_weight_the_fit_stands() -> None:
    assert with_mean_colour({0: WEAK}, {}, {0}, DEFAULT)[0] is WEAK
    off = replace(DEFAULT, line_mean_blend=0.0)
    assert with_mean_colour({0: WEAK}, {0: MEAN}, {0}, off)[0] is WEAK


def test_a_key_the_mean_colour_lacks_counts_as_its_least_likely() -> None:
    out = with_mean_colour({0: WEAK}, {0: {1: 0.0, 2: -1.5}}, {0}, DEFAULT)[0]
    assert out.loglik[3] == pytest.approx(-6.0 - 1.5 + 0.5)  # the floor, against key 1
