"""A trace's pixel is fitted at no trace or at least ``line_trace_min`` of its key
(scanner/lines.py): a key laid at a tenth of its cover no longer absorbs the scatter of a
trace in another key."""

from __future__ import annotations

import numpy as np

from artsheets.scanner.config import DEFAULT
from artsheets.scanner.lines import STEPS, _trace_amounts, fit_lines

PALE = np.array([0.64, 0.66, 0.73])  # a pale, nearly neutral key (linear BGR, paper 1)
ORANGE = np.array([0.25, 0.42, 0.90])


def _layer(colour: np.ndarray, amount: np.ndarray | float) -> np.ndarray:
    return 1.0 - np.asarray(amount)[..., None] * (1.0 - colour)


def _fit(least: float, seed: int = 0, n: int = 60):
    """A pale trace over two fills of its own colour (a wax crayon's grainy scatter): its
    printed core under a grey, a strip in each fill beside it."""
    rng = np.random.default_rng(seed)
    core = rng.uniform(0.4, 0.6, (n, 1)) * _layer(PALE, rng.uniform(0.5, 1.0, n))
    beside = (
        rng.uniform(0.9, 1.0, (4 * n, 1))
        * _layer(PALE, rng.uniform(0.4, 1.0, 4 * n))
        * _layer(PALE, rng.uniform(0.5, 1.0, 4 * n))
    )
    refl = np.clip(np.concatenate([core, beside]) + rng.normal(0, 0.03, (5 * n, 3)), 0, 1.2)
    dist = np.array([0.1] * n + [0.5] * (4 * n), np.float32)
    host = np.array([-1] * n + [0] * (2 * n) + [1] * (2 * n))
    owner = np.zeros(5 * n, np.int64)
    fills = {0: _layer(PALE, 0.75), 1: _layer(PALE, 0.75)}
    colours = {1: PALE, 2: ORANGE}
    read = {0: 1, 1: 1}
    return fit_lines(
        refl, owner, dist, host, fills, colours, 1, fill_colours=read, least_trace=least
    )[0]


def test_the_amounts_keep_none_and_drop_the_lightest_steps() -> None:
    every = _trace_amounts(0.0, DEFAULT)
    assert len(every) == STEPS and every[0] == 0.0
    least = _trace_amounts(DEFAULT.line_trace_min, DEFAULT)
    assert least[0] == 0.0 and len(least) < STEPS
    assert least[1:].min() >= DEFAULT.line_trace_min - 1e-6
    assert set(least.tolist()) <= set(every.tolist())


def test_another_key_laid_thinly_loses_ground() -> None:
    for seed in range(3):
        every, least = _fit(0.0, seed), _fit(DEFAULT.line_trace_min, seed)
        assert every.color == least.color == 1
        # Orange at a tenth of its cover over the pale fills fitted part of the grain's
        # scatter; from ``line_trace_min`` it cannot, and its log-likelihood falls.
        assert least.loglik[2] < every.loglik[2] - 0.2
