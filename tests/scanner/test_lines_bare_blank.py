"""Blank's measured log-likelihood for a traced line: a bare piece's printed core holds
little of the fill beside it (only its blur), a trace's core holds more than the fill."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.colours import _bare_loglik
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import LineFit, fit_lines

from .test_lines import BLUE, RED, _layer
from .test_lines_bare import fit_between_blue_fills

COLOURS = {1: RED, 2: BLUE}


def _piece(trace: np.ndarray | None, seed: int = 5, length: int = 20) -> tuple[np.ndarray, ...]:
    """One line between two blue fills (spaces 0 and 1), each side's half of the printed
    core lying in its space: there a fill reaches only by its blur (pressure 0-0.15), in
    the strip beside it partly (0-0.5); a trace lies over both."""
    rng = np.random.default_rng(seed)
    refl, dist, host = [], [], []
    for side in (0, 1):
        for mm, fill_at_most, n in ((0.1, 0.15, 2 * length), (0.5, 0.5, 4 * length)):
            for _ in range(n):
                px = _layer(BLUE, rng.uniform(0.0, fill_at_most))
                if mm < 0.3:
                    px = px * rng.uniform(0.4, 0.6)  # the printed grey
                if trace is not None:
                    px = px * _layer(trace, rng.uniform(0.5, 1.0))
                refl.append(px)
                dist.append(mm)
                host.append(side)
    refl = np.clip(np.array(refl) + rng.normal(0, 0.01, (len(refl), 3)), 0, 1.2)
    return refl, np.array(dist, np.float32), np.array(host)


def _fit(trace: np.ndarray | None) -> LineFit:
    return fit_between_blue_fills(*_piece(trace))


def test_a_bare_core_holds_a_fraction_of_the_fill_and_reads_blank_surely() -> None:
    fit = _fit(None)
    assert fit.color == 2 and fit.fill_colour  # read in its fills' colour...
    assert fit.core_share is not None and fit.core_share < 0.3  # ...with a bare core
    blank = _bare_loglik(fit, DEFAULT)
    assert blank is not None and blank > DEFAULT.sure_logodds  # blank stated past the prior


def test_a_traced_core_holds_more_than_the_fill_and_rules_blank_out() -> None:
    fit = _fit(BLUE)
    assert fit.color == 2 and fit.core_share is not None and fit.core_share > 1.0
    blank = _bare_loglik(fit, DEFAULT)
    assert blank is not None and blank < 0.0


def test_no_core_share_states_nothing_of_blank() -> None:
    refl, dist, _ = _piece(None)
    owner = np.zeros(len(refl), np.int64)
    fit = fit_lines(refl, owner, dist, np.full(len(refl), -1), {}, COLOURS, 1)[0]
    assert fit.core_share is None and _bare_loglik(fit, DEFAULT) is None
